// What a ruleset adds to the table, from the generic fields of a view (docs/web.md): `info` (tiles face
// up such as dora indicators, counters such as honba and riichi sticks, each seat's sideways discard and
// marks) and a win's score when it is counted in yaku, han and fu rather than fans.
import { t } from "./i18n.js";
import { tileElement } from "./tiles.js";
import { el } from "./picker.js";

/** The label of a key of the ruleset's table info (dora, honba, riichi, ...) in the interface language. */
export function infoLabel(key) {
  const label = t(`info_${key}`);
  return label === `info_${key}` ? key : label;
}

/** The tile groups and counters of `info` as a box for the table's centre (empty when there are none). */
export function infoBox(info) {
  if (!info) return null;
  const box = el("div", { class: "table-info", id: "table-info" });
  for (const [name, tiles] of Object.entries(info.tiles || {})) {
    box.append(el("div", { class: "info-tiles", "data-info": name }, `${infoLabel(name)}: `,
      ...tiles.map((x) => tileElement(x, "tiny"))));
  }
  const counters = Object.entries(info.counters || {});
  if (counters.length) {
    box.append(el("div", { class: "info-counters" }, ...counters.map(([name, n]) =>
      el("span", { class: "counter", "data-counter": name }, `${infoLabel(name)} ${n}`))));
  }
  return box.childNodes.length ? box : null;
}

/** A seat's marks (riichi, furiten, ...) as badges. */
export function markBadges(info, seat) {
  const marks = info && info.marks ? info.marks[seat] || [] : [];
  return marks.map((m) => el("span", { class: `badge mark mark-${m}`, "data-mark": m }, infoLabel(m)));
}

/** The index of the seat's sideways discard (a riichi declaration), or -1. */
export function sidewaysAt(info, seat) {
  const at = info && info.sideways ? info.sideways[seat] : null;
  return at === null || at === undefined ? -1 : at;
}

/** A yaku-counted win (riichi): each yaku with both names and its han, then han, fu, points and payments. */
export function yakuTable(score) {
  const rows = el("table", { class: "grid fans yaku" });
  rows.append(el("tr", {}, el("th", {}, t("yaku")), el("th", {}, t("han")), el("th", {})));
  for (const y of score.yaku) {
    const value = y.yakuman ? `${t("yakuman")}${y.yakuman > 1 ? " × " + y.yakuman : ""}` : String(y.han);
    const name = document.documentElement.lang.startsWith("zh") ? `${y.zh} ${y.en}` : `${y.en} (${y.zh} ${y.romaji})`;
    rows.append(el("tr", { "data-yaku": y.id }, el("td", {}, name), el("td", {}, value), el("td", {})));
  }
  const head = score.yakuman ? `${t("yakuman")}` : `${score.han} ${t("han")} ${score.fu} ${t("fu")}`;
  const limit = score.limit ? ` (${score.limit})` : "";
  rows.append(el("tr", {}, el("th", {}, head + limit), el("th", { class: "points" }, `${score.points} ${t("points")}`), el("th", {})));
  if (!score.yakuman && score.fu_items && score.fu_items.length) {
    rows.append(el("tr", { class: "fu-items" }, el("td", { colspan: "3" },
      `${t("fu")}: ` + score.fu_items.map((f) => `${f.reason} ${f.fu}`).join(" + ") + ` = ${score.fu}`)));
  }
  if (score.payment) {
    const p = score.payment;
    const pays = score.tsumo ? (score.dealer ? `${p.others} ${t("each")}` : `${p.others}/${p.dealer}`) : String(p.ron);
    rows.append(el("tr", {}, el("td", { colspan: "3" }, `${t("pays")}: ${pays} · ${t("gain")} ${p.total}`)));
  }
  return rows;
}

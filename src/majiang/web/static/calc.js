// The calculator: a winning hand (picked or typed) and its flags -> the fan breakdown.
import { t, navBar, applyI18n, fanName } from "./i18n.js";
import { tileElement, meldElement, splitHand } from "./tiles.js";
import { el, picker, postJSON, windSelect, profileSelect } from "./picker.js";

const app = document.getElementById("app");
const query = new URLSearchParams(location.search);

function fanTable(r) {
  const rows = el("table", { class: "grid fans", id: "fans" });
  rows.append(el("tr", {}, el("th", {}, t("fan")), el("th", {}, t("value")), el("th", {}, t("melds"))));
  for (const f of r.fans) {
    const melds = el("td", {});
    for (const m of f.melds) {
      try { melds.append(m.startsWith("[") ? meldElement(m) : el("span", { class: "meld" }, ...splitHand(m).tiles.map((x) => tileElement(x, "small")))); }
      catch { melds.append(m + " "); }
    }
    rows.append(el("tr", { "data-fan": f.id }, el("td", {}, fanName(f)),
      el("td", { class: "value" }, f.count > 1 ? `${f.value} × ${f.count} = ${f.points}` : String(f.value)), melds));
  }
  if (r.flowers) rows.append(el("tr", {}, el("td", {}, t("flowers")), el("td", {}, String(r.flowers)), el("td", {})));
  rows.append(el("tr", {}, el("th", {}, t("total")), el("th", { id: "total" }, String(r.total)), el("th", {}, r.meets_minimum ? t("meets") : t("short"))));
  return rows;
}

async function start() {
  const out = el("div", { id: "result" });
  const error = el("div", { class: "error", id: "error" });
  const pick = picker(query.get("hand") || "", () => {});
  const winBy = el("select", { id: "win-by" });
  for (const [v, k] of [["discard", "discard_win"], ["self-drawn", "self_draw"], ["kong-replacement", "kong_replacement"], ["robbing-kong", "robbing"]]) {
    winBy.append(el("option", { value: v }, t(k)));
  }
  winBy.value = query.get("win_by") || "discard";
  const lastWall = el("input", { type: "checkbox", id: "last-of-wall" });
  const lastCopy = el("input", { type: "checkbox", id: "last-copy" });
  const seat = windSelect("seat-wind", query.get("seat_wind") || "E");
  const round = windSelect("round-wind", query.get("round_wind") || "E");
  const flowers = el("input", { type: "number", id: "flowers", min: "0", max: "8", value: query.get("flowers") || "0" });
  const profile = await profileSelect("profile");
  if (query.get("profile")) profile.value = query.get("profile");
  async function run() {
    error.textContent = "";
    const body = { hand: pick.input.value, win_by: winBy.value, last_of_wall: lastWall.checked, last_copy: lastCopy.checked,
      seat_wind: seat.value, round_wind: round.value, flowers: Number(flowers.value || 0), profile: profile.value };
    const params = new URLSearchParams({ hand: body.hand, win_by: body.win_by, seat_wind: body.seat_wind, round_wind: body.round_wind, flowers: String(body.flowers), profile: body.profile });
    history.replaceState(null, "", `/calc?${params}`);
    try {
      const r = await postJSON("/api/calc", body);
      out.replaceChildren(el("h2", {}, `${t("total")}: ${r.total}`), fanTable(r));
    } catch (err) { out.replaceChildren(); error.textContent = `${t("error")}: ${err.message}`; }
  }
  const go = el("button", { type: "button", class: "primary", id: "score", onclick: run }, t("score_it"));
  pick.input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") run(); });
  app.replaceChildren(el("h1", {}, t("calc")), el("p", { class: "muted" }, t("hand_notation")), pick.node,
    el("div", {}, el("label", {}, t("win_by"), winBy), el("label", {}, lastWall, t("last_of_wall")), el("label", {}, lastCopy, t("last_copy"))),
    el("div", {}, el("label", {}, t("seat_wind"), seat), el("label", {}, t("round_wind"), round),
      el("label", {}, t("flowers"), flowers), el("label", {}, t("profile"), profile)),
    el("p", {}, go), error, out);
  applyI18n();
  if (query.get("hand")) run();
}

navBar(() => location.reload());
start();

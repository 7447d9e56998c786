// The coach: a hand of 14 tiles, a ruleset -> every discard ranked by the chances of a legal win (8-fan aware
// under Chinese Official rules; by the ruleset's own forms and scale under the others).
import { t, applyI18n } from "./i18n.js";
import { navBar } from "./nav.js";
import { tileElement } from "./tiles.js";
import { el, picker, postJSON, windSelect, profileSelect } from "./picker.js";
import { loadNames, rulesetTitle } from "./names.js";

const app = document.getElementById("app");
const query = new URLSearchParams(location.search);



// The value of a wait's win on the ruleset's scale (fans, 番 or points), discard/self-drawn; ✗ where neither
// way is a valid win (below 8 fans, no yaku, ...).
function worth(w) {
  const v = (x) => (x === null || x === undefined ? "–" : String(x));
  if (w.value_discard === undefined) return "";
  return ` ${v(w.value_discard)}/${v(w.value_self_drawn)}${w.legal ? "" : " ✗"}`;
}

function adviceTable(r) {
  const rows = el("table", { class: "grid", id: "advice", "data-rules": r.rules });
  rows.append(el("tr", {}, ...["discard", "shanten", "legal_live", "live", "effective", "waits_value"].map((k) => el("th", {}, t(k)))));
  for (const o of r.rows) {
    const eff = el("td", {});
    for (const e of o.effective) eff.append(el("span", { class: "eff" }, tileElement(e.tile, "tiny"), `${e.live} `));
    const waits = el("td", {});
    for (const w of o.waits) waits.append(el("span", { class: "wait" }, tileElement(w.tile, "tiny"), `×${w.live}${worth(w)} `));
    const shanten = o.shanten >= 99 ? "✗" : String(o.shanten);
    rows.append(el("tr", { "data-discard": o.discard, class: o.dead ? "dead" : "" },
      el("td", {}, tileElement(o.discard, "small"), o.dead ? el("span", { class: "muted" }, ` ${t("dead_tile")}`) : ""),
      el("td", { class: "shanten" }, shanten),
      el("td", { class: "legal-live" }, o.legal_live === null ? "–" : String(o.legal_live)), el("td", {}, String(o.live)), eff, waits));
  }
  return rows;
}

async function start() {
  const out = el("div", { id: "result" });
  const error = el("div", { class: "error", id: "error" });
  const pick = picker(query.get("hand") || "", () => {});
  const visible = el("input", { id: "visible", size: "40", value: query.get("visible") || "" });
  const seat = windSelect("seat-wind", query.get("seat_wind") || "E");
  const round = windSelect("round-wind", query.get("round_wind") || "E");
  const rules = el("select", { id: "rules" });
  const options = el("input", { type: "text", id: "options", placeholder: "key=value …", value: query.get("options") || "" });
  const profile = await profileSelect("profile");
  profile.value = query.get("profile") || "mil";
  const fanCheck = el("input", { type: "checkbox", id: "fan-check" });
  fanCheck.checked = query.get("fan_check") !== "0";
  const void_ = el("select", { id: "void" });
  void_.append(el("option", { value: "" }, t("void_best")));
  for (const s of ["m", "p", "s"]) void_.append(el("option", { value: s }, t(`suit_${s}`)));
  void_.value = query.get("void") || "";
  // What the chosen ruleset's form shows: the fan check and profile (Chinese Official's advice), a void suit.
  const fanLine = el("span", {}, el("label", {}, t("profile"), profile), el("label", {}, fanCheck, t("fan_check")));
  const voidLine = el("label", {}, t("void"), void_);
  let schema = null;

  async function buildForm(name) {
    schema = await (await fetch(`/api/calc/fields?rules=${encodeURIComponent(name)}`)).json();
    if (schema.error) { error.textContent = `${t("error")}: ${schema.error}`; return; }
    if (!rules.options.length) for (const r of schema.rulesets) rules.append(el("option", { value: r }, rulesetTitle(r)));
    rules.value = schema.rules;
    // (style, not the hidden attribute: the stylesheet's display for labels would show them anyway)
    fanLine.style.display = schema.fan_advice ? "" : "none";
    voidLine.style.display = schema.missing_suit ? "" : "none";
  }

  async function run() {
    error.textContent = "";
    const body = { hand: pick.input.value, visible: visible.value, seat_wind: seat.value, round_wind: round.value,
      rules: rules.value, options: options.value.split(/[\s,]+/).filter((x) => x) };
    const params = new URLSearchParams({ hand: body.hand, visible: body.visible, seat_wind: body.seat_wind,
      round_wind: body.round_wind, rules: body.rules });
    if (options.value) params.set("options", options.value);
    if (schema && schema.fan_advice) {
      // Chinese Official's advice: the profile travels as an option, the fan check beside it.
      if (!body.options.some((o) => o.startsWith("profile="))) body.options.unshift(`profile=${profile.value}`);
      body.fan_check = fanCheck.checked;
      params.set("profile", profile.value);
      if (!fanCheck.checked) params.set("fan_check", "0");
    }
    if (schema && schema.missing_suit && void_.value) { body.void = void_.value; params.set("void", void_.value); }
    history.replaceState(null, "", `/coach?${params}`);
    try {
      const r = await postJSON("/api/coach", body);
      out.replaceChildren(adviceTable(r));
    } catch (err) { out.replaceChildren(); error.textContent = `${t("error")}: ${err.message}`; }
  }
  rules.addEventListener("change", async () => { await buildForm(rules.value); out.replaceChildren(); });
  const go = el("button", { type: "button", class: "primary", id: "advise", onclick: run }, t("advise"));
  pick.input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") run(); });
  app.replaceChildren(el("h1", {}, t("coach")), el("p", { class: "muted" }, t("coach_hand")), pick.node,
    el("div", {}, el("label", {}, t("rules"), rules), el("label", {}, t("options"), options)),
    el("div", {}, el("label", {}, t("visible"), visible)),
    el("div", {}, el("label", {}, t("seat_wind"), seat), el("label", {}, t("round_wind"), round), fanLine, voidLine),
    el("p", { class: "muted" }, t("coach_scale")),
    el("p", {}, go), error, out);
  await loadNames();
  await buildForm(query.get("rules") || "mcr");
  applyI18n();
  if (query.get("hand")) run();
}

navBar(() => location.reload());
start();

// The coach: a hand of 14 tiles -> every discard ranked by the chances of a legal (8-fan) win.
import { t, navBar, applyI18n } from "./i18n.js";
import { tileElement } from "./tiles.js";
import { el, picker, postJSON, windSelect, profileSelect } from "./picker.js";

const app = document.getElementById("app");
const query = new URLSearchParams(location.search);



function adviceTable(r) {
  const rows = el("table", { class: "grid", id: "advice" });
  rows.append(el("tr", {}, ...["discard", "shanten", "legal_live", "live", "effective", "waits"].map((k) => el("th", {}, t(k)))));
  for (const o of r.rows) {
    const eff = el("td", {});
    for (const e of o.effective) eff.append(el("span", { class: "eff" }, tileElement(e.tile, "tiny"), `${e.live} `));
    const waits = el("td", {});
    for (const w of o.waits) {
      const fans = w.fans_discard === null ? "" : ` ${w.fans_discard}/${w.fans_self_drawn}${w.legal ? "" : " ✗"}`;
      waits.append(el("span", { class: "wait" }, tileElement(w.tile, "tiny"), `×${w.live}${fans} `));
    }
    rows.append(el("tr", { "data-discard": o.discard }, el("td", {}, tileElement(o.discard, "small")), el("td", { class: "shanten" }, String(o.shanten)),
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
  const profile = await profileSelect("profile");
  const fanCheck = el("input", { type: "checkbox", id: "fan-check" });
  fanCheck.checked = query.get("fan_check") !== "0";
  async function run() {
    error.textContent = "";
    const body = { hand: pick.input.value, visible: visible.value, seat_wind: seat.value, round_wind: round.value,
      profile: profile.value, fan_check: fanCheck.checked };
    history.replaceState(null, "", `/coach?${new URLSearchParams({ hand: body.hand, visible: body.visible, seat_wind: body.seat_wind, round_wind: body.round_wind })}`);
    try {
      const r = await postJSON("/api/coach", body);
      out.replaceChildren(adviceTable(r));
    } catch (err) { out.replaceChildren(); error.textContent = `${t("error")}: ${err.message}`; }
  }
  const go = el("button", { type: "button", class: "primary", id: "advise", onclick: run }, t("advise"));
  pick.input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") run(); });
  app.replaceChildren(el("h1", {}, t("coach")), el("p", { class: "muted" }, t("coach_hand")), pick.node,
    el("div", {}, el("label", {}, t("visible"), visible)),
    el("div", {}, el("label", {}, t("seat_wind"), seat), el("label", {}, t("round_wind"), round),
      el("label", {}, t("profile"), profile), el("label", {}, fanCheck, t("fan_check"))),
    el("p", {}, go), error, out);
  applyI18n();
  if (query.get("hand")) run();
}

navBar(() => location.reload());
start();

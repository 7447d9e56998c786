// The replay viewer: step through a record hand by hand and action by action, all hands open or one
// player's view; the URL carries game, hand, step and seat, so a position can be shared.
import { t, applyI18n, fanName, windName } from "./i18n.js";
import { navBar } from "./nav.js";
import { tileElement, meldElement, splitHand, parseMeld } from "./tiles.js";
import { el } from "./picker.js";
import { infoBox, markBadges, sidewaysAt, yakuTable } from "./info.js";
import { loadNames, rulesetTitle, actionLabel, logLine } from "./names.js";

const app = document.getElementById("app");
const query = new URLSearchParams(location.search);
const WINDS = ["E", "S", "W", "N"];
let data = null;                               // the /api/replay answer
let game = query.get("game");                  // a stored game's id, or null
let imported = query.get("import");            // an imported log's id, or null
let hand = Math.max(0, Number(query.get("hand") || 1) - 1);
let step = Number(query.get("step") || 0);
let viewer = query.get("seat") === null || query.get("seat") === "all" ? null : Number(query.get("seat")); // a player, or null
const error = el("div", { class: "error", id: "error" });
const board = el("div", { id: "board" });

async function load(text) {
  const res = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body: text });
  const out = await res.json();
  if (!res.ok) throw new Error(out.error || res.statusText);
  data = out;
  hand = Math.min(hand, data.hands.length - 1);
  step = Math.min(step, data.hands[hand].frames.length - 1);
}

async function loadGame(id, kind = "games") {
  const res = await fetch(`/api/${kind}/${encodeURIComponent(id)}/record`);
  if (!res.ok) {
    let msg = res.statusText;
    try { msg = (await res.json()).error; } catch { /* not JSON */ }
    throw new Error(msg);
  }
  await load(await res.text());
}

function link() {
  const params = new URLSearchParams();
  if (game) params.set("game", game);
  if (imported) params.set("import", imported);
  params.set("hand", String(hand + 1));
  params.set("step", String(step));
  params.set("seat", viewer === null ? "all" : String(viewer));
  return `/replay?${params}`;
}

// An action as players say it, from the catalogue: "Ann: Chow 3-4-5p" / "Ann：吃 3-4-5p" (a claim names the
// tiles it takes, the discard before it being the tile claimed).
function describe(ev, h) {
  if (!ev) return t("start_of_hand");
  const who = data.players[h.positions.indexOf(ev.seat)];
  const forfeit = /^forfeit \((.*)\)$/.exec(ev.action);
  if (forfeit) return logLine("forfeit", { who, reason: forfeit[1] });
  const before = h.frames[step - 1];
  const claimed = before && before.last_discard ? before.last_discard.tile : null;
  return `${who}: ${actionLabel(data.rules, ev.action, claimed)}`;
}

function seatBox(h, frame, seat, pos) {
  const s = frame.seats[seat];
  const p = h.positions.indexOf(seat);
  const wind = WINDS[(seat - h.dealer_seat + 4) % 4];
  const over = frame.phase === "over";
  const open = viewer === null || h.positions[viewer] === seat || over;
  const who = el("div", { class: "who" }, el("span", { class: "badge" }, windName(wind)),
    seat === h.dealer_seat ? el("span", { class: "badge dealer" }, t("dealer")) : null,
    el("span", { class: "name" }, data.players[p]), el("span", { class: "score" }, String(s.score)), ...markBadges(frame.info, seat),
    s.flowers.length ? el("span", {}, ...s.flowers.map((f) => tileElement(f, "tiny"))) : null);
  const melds = el("div", { class: "row melds" });
  for (const m of s.melds) {
    const hidden = !open && parseMeld(m).concealedKong;
    if (hidden) { const box = el("span", { class: "meld" }); for (let i = 0; i < 4; i++) box.append(tileElement("back")); melds.append(box); }
    else melds.append(meldElement(m));
  }
  for (const w of s.won) melds.append(tileElement(w, "win small"));
  const tiles = el("div", { class: "row standing", "data-seat": String(seat) });
  for (const x of s.standing) tiles.append(tileElement(open ? x : "back", "small"));
  if (s.drawn) tiles.append(tileElement(open ? s.drawn : "back", "small drawn"));
  const pond = el("div", { class: "pond" });
  const sideways = sidewaysAt(frame.info, seat);
  s.discards.forEach((d, i) => pond.append(tileElement(d, (frame.last_discard && frame.last_discard.seat === seat && i === s.discards.length - 1 ? "last" : "") + (i === sideways ? " sideways" : ""))));
  const cls = `seat pos-${pos}` + (frame.current === seat && !over ? " current" : "");
  return el("section", { class: cls }, who, melds, tiles, pond);
}

function resultBox(h) {
  const r = h.result;
  const box = el("section", { class: "result-box", id: "hand-result" }, el("h2", {}, t("result")));
  if (r.exhausted) box.append(el("p", {}, t("draw")));
  for (const w of r.wins) {
    const p = h.positions.indexOf(w.seat);
    box.append(el("h3", {}, `${data.players[p]} ${t("wins")} `, tileElement(w.tile, "small"), ` · ${w.total}`));
    if (w.score.yaku) { box.append(yakuTable(w.score)); continue; }
    const rows = el("table", { class: "grid fans" });
    for (const f of w.score.fans || []) {
      rows.append(el("tr", {}, el("td", {}, fanName(f)), el("td", {}, f.count > 1 ? `${f.value} × ${f.count}` : String(f.value)),
        el("td", {}, ...(f.melds || []).map((m) => { try { return m.startsWith("[") ? meldElement(m) : el("span", { class: "meld" }, ...splitHand(m).tiles.map((x) => tileElement(x, "tiny"))); } catch { return m; } }))));
    }
    rows.append(el("tr", {}, el("th", {}, t("total")), el("th", {}, String(w.total)), el("th", {})));
    box.append(rows);
  }
  const deltas = el("table", { class: "grid" });
  deltas.append(el("tr", {}, ...data.players.map((n) => el("th", {}, n))));
  deltas.append(el("tr", {}, ...h.deltas.map((d) => el("td", {}, (d > 0 ? "+" : "") + d))));
  deltas.append(el("tr", {}, ...h.totals.map((d) => el("td", {}, String(d)))));
  box.append(deltas);
  return box;
}

function draw() {
  if (!data) { board.replaceChildren(); return; }
  const h = data.hands[hand];
  const frame = h.frames[step];
  history.replaceState(null, "", link());
  const handSel = el("select", { id: "hand-select" });
  data.hands.forEach((x, i) => handSel.append(el("option", { value: String(i) }, `${t("hand")} ${x.number} (${windName(x.round_wind)})`)));
  handSel.value = String(hand);
  handSel.addEventListener("change", () => { hand = Number(handSel.value); step = 0; draw(); });
  const seatSel = el("select", { id: "seat-select" });
  seatSel.append(el("option", { value: "all" }, t("all_open")));
  data.players.forEach((n, p) => seatSel.append(el("option", { value: String(p) }, `${n} (${t("seat_view")})`)));
  seatSel.value = viewer === null ? "all" : String(viewer);
  seatSel.addEventListener("change", () => { viewer = seatSel.value === "all" ? null : Number(seatSel.value); draw(); });
  const last = h.frames.length - 1;
  const go = (s) => { step = Math.max(0, Math.min(last, s)); draw(); };
  const slider = el("input", { type: "range", id: "step-slider", min: "0", max: String(last), value: String(step) });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const controls = el("div", { class: "actions" }, handSel, seatSel,
    el("button", { type: "button", id: "first", onclick: () => go(0) }, t("first")),
    el("button", { type: "button", id: "prev", onclick: () => go(step - 1) }, t("prev")),
    el("button", { type: "button", id: "next", onclick: () => go(step + 1) }, t("next")),
    el("button", { type: "button", id: "last", onclick: () => go(last) }, t("last")), slider,
    el("span", { id: "step-label" }, `${t("step")} ${step}/${last}`),
    el("a", { href: link(), id: "share" }, t("share")));
  const me = viewer === null ? 0 : h.positions[viewer];
  const felt = el("div", { class: "felt" });
  ["bottom", "right", "top", "left"].forEach((pos, k) => felt.append(seatBox(h, frame, (me + k) % 4, pos)));
  felt.append(el("div", { class: "center" }, el("div", { id: "replay-rules" }, rulesetTitle(data.rules)),
    el("div", { class: "big" }, `${t("hand")} ${h.number} · ${t("round")} ${windName(h.round_wind)}`),
    el("div", {}, `${t("dice")}: ${h.dice.join(" + ")}`), el("div", {}, `${t("wall")}: ${frame.wall_left}`), infoBox(frame.info) ?? "",
    el("div", { id: "event" }, describe(frame.event, h))));
  board.replaceChildren(controls, felt, step === last ? resultBox(h) : "");
  applyI18n();
}

document.addEventListener("keydown", (ev) => {
  if (!data || ev.target.tagName === "TEXTAREA" || ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
  const lastStep = data.hands[hand].frames.length - 1;
  if (ev.key === "ArrowRight") { step = Math.min(lastStep, step + 1); draw(); }
  else if (ev.key === "ArrowLeft") { step = Math.max(0, step - 1); draw(); }
  else if (ev.key === "PageDown" && hand < data.hands.length - 1) { hand += 1; step = 0; draw(); }
  else if (ev.key === "PageUp" && hand > 0) { hand -= 1; step = 0; draw(); }
});

// An uploaded or pasted log: the server imports it (any format it knows), checks and keeps it, and the
// viewer loads the record it made; the address then names the import, so it can be shared.
async function importLog(body, name, format) {
  const params = new URLSearchParams({ format, name });
  const res = await fetch(`/api/imports?${params}`, { method: "POST", headers: { "Content-Type": "application/octet-stream" }, body });
  const out = await res.json();
  if (!res.ok) throw new Error(out.error || res.statusText);
  game = null; imported = out.id; hand = 0; step = 0;
  await loadGame(imported, "imports");
  return out;
}

async function start() {
  const info = el("div", { id: "import-info", class: "muted" });
  const formatSel = el("select", { id: "log-format" }, el("option", { value: "auto" }, t("import_auto")),
    ...["botzone", "mjlog", "tenhou6", "mjai", "record"].map((f) => el("option", { value: f }, f)));
  const run = async (body, name) => {
    error.textContent = ""; info.textContent = "";
    try {
      const out = await importLog(body, name, formatSel.value);
      info.textContent = `${t("imported")}: ${out.format}, ${rulesetTitle(out.rules)}, ${out.hands} ${t("hands")}`;
      draw();
    } catch (err) { error.textContent = `${t("error")}: ${err.message}`; }
  };
  const file = el("input", { type: "file", id: "record-file" });
  file.addEventListener("change", async () => {
    if (file.files.length) await run(await file.files[0].arrayBuffer(), file.files[0].name);
  });
  const paste = el("textarea", { id: "log-text", rows: "3", cols: "60" });
  const importBtn = el("button", { type: "button", id: "import", onclick: () => run(paste.value, "pasted") }, t("import_button"));
  const id = el("input", { id: "game-id", value: game || "", size: "24" });
  const loadBtn = el("button", { type: "button", id: "load", onclick: async () => {
    error.textContent = "";
    try { game = id.value.trim(); imported = null; hand = 0; step = 0; await loadGame(game); draw(); }
    catch (err) { error.textContent = `${t("error")}: ${err.message}`; }
  } }, t("load"));
  app.replaceChildren(el("h1", {}, t("replay")),
    el("section", { id: "import-form" }, el("h3", {}, t("import_log")), el("div", { class: "muted" }, t("import_hint")),
      el("div", {}, el("label", {}, t("import_file"), file), el("label", {}, t("import_format"), formatSel)),
      el("div", {}, el("label", {}, t("import_text"), paste), importBtn), info),
    el("div", {}, el("label", {}, t("game_id"), id), loadBtn), error, board);
  applyI18n();
  await loadNames();
  try {
    if (imported) { await loadGame(imported, "imports"); draw(); }
    else if (game) { await loadGame(game); draw(); }
  } catch (err) { error.textContent = `${t("error")}: ${err.message}`; }
}

navBar(() => draw());
start();

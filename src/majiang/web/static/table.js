// The table view: one seat's view over the WebSocket of docs/web.md (or a spectator's, without a token).
import { el } from "./picker.js";
import { t, lang, navBar, applyI18n, fanName, windName, handLabel } from "./i18n.js";
import { tileElement, meldElement, tileOrder, splitHand, parseMeld } from "./tiles.js";
import { infoBox, markBadges, sidewaysAt, yakuTable } from "./info.js";
import { loadNames, actionLabel as namedAction, meldLabel, logLine, tileName, rulesetTitle } from "./names.js";

const app = document.getElementById("app");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const query = new URLSearchParams(location.search);
const player = query.get("player");
let token = query.get("token");
const invite = query.get("invite");  // an invitation: exchanged once for the seat's token (docs/web.md)
const WINDS = ["E", "S", "W", "N"];
const KIND_KEYS = { win: "w", pung: "p", chow: "c", kong: "k", "concealed-kong": "a", "added-kong": "j", pass: "x", void: "v", exchange: "e" };

let state = null;          // the last state message
let socket = null;
let order = [];            // my standing tiles in the order I keep them (sorted, or dragged)
let lastSet = "";          // the standing tiles (sorted) the order was made for
let cursor = -1;           // keyboard selection in my hand
let message = "";          // the last error from the server
let fatal = false;         // a refusal that reconnecting cannot mend
let retry = 0;
let keymap = new Map();    // key -> action text, for the buttons shown
let rules = null;          // the table's ruleset name (the coach's hints are for Chinese Official rules)
let log = [];              // what happened lately, read from the changes between states
let hints = localStorage.getItem("majiang-hints") === "1";
let advice = null;         // {step, rows} of the coach for the current turn


function sheetKey() { return `majiang-sheet-${tableId}`; }
function loadSheet() {
  try { return JSON.parse(localStorage.getItem(sheetKey()) || "{}"); } catch { return {}; }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const params = player !== null && token !== null ? `?player=${encodeURIComponent(player)}&token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${params}`);
  socket.addEventListener("open", () => { retry = 0; });
  socket.addEventListener("message", (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { noteChanges(state, msg); state = msg; message = ""; keepOrder(); remember(); render(); coachHints(); }
    else if (msg.type === "error") {
      message = `${t("error")}: ${msg.message}`;
      if (["unknown-table", "bad-token", "replaced"].includes(msg.code)) fatal = true;
      render();
    }
  });
  socket.addEventListener("close", (ev) => {
    if (fatal || [4403, 4404, 4409].includes(ev.code)) { fatal = true; render(); return; }
    message = t("disconnected");
    render();
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 300 * retry);
  });
}

// Open an invitation: the first to open it gets the seat's token, which replaces it in the address (so a
// reload keeps the seat); a used one is refused with "seat taken".
async function takeSeat() {
  message = t("taking_seat");
  render();
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${encodeURIComponent(player)}`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ invite }) });
    const body = await res.json();
    if (!res.ok) { message = `${t("error")}: ${body.error}`; fatal = true; render(); return; }
    token = body.token;
    history.replaceState(null, "", body.join);
    message = "";
    connect();
  } catch (err) {
    message = `${t("error")}: ${err.message}`;
    fatal = true;
    render();
  }
}

function send(obj) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
}

function act(action) {
  send({ type: "act", action, step: state.step });
}

// Keep the player's own order of the standing tiles across states: tiles still held keep their places,
// new ones go to the end (the drawn tile last), a claim's tiles leave.
function keepOrder() {
  const v = state.view;
  const standing = [...v.standing];
  const key = [...standing].sort().join(",");
  if (key === lastSet) return;
  lastSet = key;
  const pool = [...standing];
  const kept = [];
  for (const tile of order) {
    const i = pool.indexOf(tile);
    if (i >= 0) { kept.push(tile); pool.splice(i, 1); }
  }
  if (v.drawn && pool.includes(v.drawn)) { pool.splice(pool.indexOf(v.drawn), 1); pool.sort((a, b) => tileOrder(a) - tileOrder(b)); pool.push(v.drawn); }
  else pool.sort((a, b) => tileOrder(a) - tileOrder(b));
  order = kept.length ? kept.concat(pool) : [...standing].sort((a, b) => tileOrder(a) - tileOrder(b));
  if (!kept.length && v.drawn) { order.splice(order.indexOf(v.drawn), 1); order.push(v.drawn); }
  cursor = Math.min(cursor, order.length - 1);
}

// The score sheet: each booked hand's deltas by player, kept in localStorage so a reload keeps it.
function remember() {
  const v = state.view;
  if (v.phase !== "over" || !v.result) return;
  const sheet = loadSheet();
  const byPlayer = state.players.map((p) => v.result.deltas[p.seat] ?? 0);
  sheet[state.hand] = { deltas: byPlayer, winners: v.result.winners.map((s) => playerAt(s)?.name ?? `#${s}`), name: state.label?.name ?? "" };
  localStorage.setItem(sheetKey(), JSON.stringify(sheet));
}

// The event log: discards, claims and kongs, read from what changed between two states of one hand.
function noteChanges(before, after) {
  if (!before || before.hand !== after.hand) { log = []; return; }
  const name = (seat) => after.players.find((p) => p.seat === seat)?.name ?? `#${seat}`;
  for (let s = 0; s < 4; s++) {
    const was = before.view.discards[s], now = after.view.discards[s];
    if (now.length > was.length) log.push(logLine("discard", { who: name(s), tile: tileName(now[now.length - 1]) }));
    const m0 = before.view.melds[s], m1 = after.view.melds[s];
    if (m1.length > m0.length) log.push(logLine("call", { who: name(s), action: meldLabel(rules, m1[m1.length - 1]) }));
    else if (m1.join() !== m0.join()) {
      const grown = m1.find((m, i) => m !== m0[i]);
      log.push(logLine("call", { who: name(s), action: grown ? meldLabel(rules, grown) : t("added_kong") }));
    }
    if (after.view.hidden_kongs[s] > before.view.hidden_kongs[s]) log.push(logLine("call", { who: name(s), action: t("concealed_kong") }));
  }
  if (after.view.phase === "over" && before.view.phase !== "over") {
    const r = after.view.result;
    log.push(r && r.wins && r.wins.length
      ? r.wins.map((w) => logLine(w.giver === null ? "self-drawn" : "win", { who: name(w.seat) })).join(", ") : logLine("draw"));
  }
  log = log.slice(-8);
}

// The coach's advice on my turn (Chinese Official rules): the best discards by the chance of a legal win.
async function coachHints() {
  const v = state.view;
  if (!hints || rules !== "mcr" || state.seat === null || v.phase !== "turn" || !legalDiscards().size) { advice = null; return; }
  if (advice && advice.step === state.step) return;
  const step = state.step;
  const seen = [];
  for (let s = 0; s < 4; s++) {
    seen.push(...v.discards[s]);
    if (s !== state.seat) for (const m of v.melds[s]) seen.push(...parseMeld(m).tiles);
  }
  const rest = [...order];
  if (v.drawn) rest.splice(rest.lastIndexOf(v.drawn), 1);
  const hand = v.melds[state.seat].join("") + rest.join("") + (v.drawn ?? "");
  try {
    const res = await fetch("/api/coach", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ hand, visible: seen.join(""), seat_wind: v.seat_wind, round_wind: v.round_wind }) });
    const body = await res.json();
    if (state.step === step) { advice = res.ok ? { step, rows: body.rows.slice(0, 4) } : null; render(); }
  } catch { advice = null; }
}

function hintsBox() {
  if (rules !== "mcr" || state.seat === null) return "";
  const toggle = el("label", {}, el("input", { type: "checkbox", id: "hints-toggle" }), t("coach"));
  const box = toggle.querySelector("input");
  box.checked = hints;
  box.addEventListener("change", () => { hints = box.checked; localStorage.setItem("majiang-hints", hints ? "1" : "0"); advice = null; coachHints(); render(); });
  const out = el("div", { class: "hints", id: "hints" }, toggle);
  if (hints && advice) {
    for (const r of advice.rows) {
      out.append(el("div", { class: "hint", "data-discard": r.discard }, `${t("discard")} `, tileElement(r.discard, "tiny"),
        ` ${t("shanten")} ${r.shanten} · ${t("legal_live")} ${r.legal_live ?? "–"} · ${t("live")} ${r.live}`));
    }
  }
  return out;
}

function playerAt(seat) { return state.players.find((p) => p.seat === seat); }
function windOf(seat) { return WINDS[(seat - state.view.dealer + 4) % 4]; }

function legalDiscards() {
  return new Set(state.view.legal.filter((a) => a.startsWith("discard ")).map((a) => a.slice(8)));
}

/** A ruleset's own action by its declared label in the page's language (its name if none is given). */
function ruleLabel(kind) {
  const spec = (state.view.declared || {})[kind];
  const text = spec ? spec[lang()] || spec.en : kind;
  return text[0].toUpperCase() + text.slice(1);
}

// An action as a label naming the tiles it uses (names.js: "吃 3-4-5p"); a claim takes the tile on offer.
function actionLabel(a) {
  const v = state.view;
  const claimed = v.phase === "rob" && v.robbing ? v.robbing.tile : v.phase === "claim" && v.last_discard ? v.last_discard.tile : null;
  const kind = a.split(" ")[0];
  const label = namedAction(rules, a, claimed);
  return label.split(" ")[0] === kind ? label.replace(kind, ruleLabel(kind)) : label;  // (before the names load)
}

/** A call's button: its label, and where a call may name a red five (riichi's `pung 0m`, `chow 406m`)
 * the meld's tiles drawn, the red five red, so the two ways to make the meld look different. */
function callContent(a, legal) {
  const [kind, what] = a.split(" ");
  if (!state.view.last_discard || !["chow", "pung"].includes(kind)) return [actionLabel(a)];
  const claimed = state.view.last_discard.tile;
  const suit = claimed[1];
  const named = what && what.includes("0");
  // The plain call keeps the red five in hand only where a call naming it is offered beside it.
  const sameCall = (b) => b.split(" ")[0] === kind && b.includes("0") && (kind === "pung" || Number(b.split(" ")[1][0]) === Number(what[0]));
  if (!named && !legal.some(sameCall)) return [actionLabel(a)];
  let tiles;
  if (kind === "pung") tiles = [named ? "0" + suit : claimed, claimed, claimed];
  else {
    const low = Number(what[0]);
    tiles = [low, low + 1, low + 2].map((r) => (named && r === 5 ? "0" : String(r)) + suit);
  }
  return [ruleLabel(kind), " ", ...tiles.map((x) => tileElement(x, "tiny"))];
}

function seatPanel(seat, pos) {
  const v = state.view;
  const p = playerAt(seat);
  const mine = state.seat === seat;
  const who = el("div", { class: "who" },
    el("span", { class: "badge" }, windName(windOf(seat))),
    seat === v.dealer ? el("span", { class: "badge dealer" }, t("dealer")) : null,
    el("span", { class: "name" }, p ? p.name : `#${seat}`),
    mine ? el("span", { class: "badge" }, t("you")) : null,
    el("span", { class: "score" }, String(v.scores[seat])),
    p && p.away ? el("span", { class: "badge" }, t("away")) : p && !p.connected && p.kind === "open" ? el("span", { class: "badge" }, t("offline")) : null,
    ...markBadges(v.info, seat),
    v.badges && v.badges[seat] && !(v.info && v.info.marks && v.info.marks[seat].length) ? el("span", { class: "badge" }, v.badges[seat]) : null,
    v.flowers[seat] ? el("span", { class: "badge" }, `${t("flowers")} ${v.flowers[seat]}`) : null);
  const melds = el("div", { class: "row melds" });
  for (const m of v.melds[seat]) melds.append(meldElement(m));
  for (let k = 0; k < (v.hidden_kongs[seat] || 0); k++) {
    const box = el("span", { class: "meld" });
    for (let i = 0; i < 4; i++) box.append(tileElement("back"));
    melds.append(box);
  }
  for (const w of v.won[seat] || []) melds.append(tileElement(w, "win small"));
  const backs = el("div", { class: "row backs" });
  if (!mine && v.phase !== "over") for (let i = 0; i < v.concealed[seat]; i++) backs.append(tileElement("back"));
  if (v.phase === "over" && v.hands) {
    const { melds: ms, tiles } = splitHand(v.hands[seat]);
    backs.replaceChildren(...tiles.map((x, i) => tileElement(x, i === tiles.length - 1 && v.result && v.result.winners.includes(seat) ? "small win" : "small")));
    melds.replaceChildren(...ms.map((m) => meldElement(m)));
  }
  const pond = el("div", { class: "pond", "data-seat": String(seat) });
  const discards = v.discards[seat];
  const sideways = sidewaysAt(v.info, seat);
  discards.forEach((d, i) => {
    const last = v.last_discard && v.last_discard.seat === seat && i === discards.length - 1;
    pond.append(tileElement(d, (last ? "last" : "") + (i === sideways ? " sideways" : "")));
  });
  const cls = `seat pos-${pos}` + (v.to_act.includes(seat) && v.phase !== "over" ? " current" : "");
  return el("section", { class: cls, "data-seat": String(seat) }, who, melds, mine ? null : backs, pond);
}

function countdown() {
  const d = state.deadline;
  if (!d || state.view.phase === "over") return null;
  const left = Math.max(0, Math.ceil(d - Date.now() / 1000));
  return el("span", { class: "countdown", id: "countdown" }, `${left} ${t("countdown")}`);
}

function centre() {
  const v = state.view;
  const dice = v.dice ? el("div", {}, `${t("dice")}: ${v.dice.join(" + ")}`) : null;
  return el("div", { class: "center" },
    el("div", { class: "big" }, `${rules ? rulesetTitle(rules) + " · " : ""}${t("round")} ${windName(v.round_wind)} · ${handLabel(state.label)}`),
    el("div", { id: "wall" }, `${t("wall")}: ${v.wall_left}`), dice,
    infoBox(v.info), el("div", {}, `${t(v.phase === "claim" ? "claim_phase" : v.phase)}`), countdown(), dealBox());
}

// The hand's wall commitment (SHA-256 of its seed, revealed in the record), and a practice table's flag.
function dealBox() {
  const deal = state.deal;
  if (!deal) return null;
  const commitment = deal.commitment
    ? el("div", { class: "muted", id: "commitment", title: deal.commitment }, `${t("commitment")}: ${deal.commitment.slice(0, 16)}…`) : null;
  const practice = deal.practice ? el("div", { class: "badge", id: "practice" }, t("practice")) : null;
  return el("div", { class: "deal" }, commitment, practice);
}

function myHand() {
  const v = state.view;
  if (state.seat === null || state.seat === undefined) return el("div", { class: "muted" }, t("spectator"));
  const discards = legalDiscards();
  const hand = el("div", { class: "hand clickable", id: "my-hand" });
  order.forEach((tile, i) => {
    const isDrawn = v.drawn && i === order.length - 1 && tile === v.drawn;
    const node = tileElement(tile, (isDrawn ? "drawn" : "") + (i === cursor ? " last" : "") + (discards.has(tile) ? " can-discard" : ""));
    node.tabIndex = 0;
    node.draggable = true;
    node.dataset.index = String(i);
    node.title = discards.has(tile) ? namedAction(rules, `discard ${tile}`).replace(tile, tileName(tile)) : tileName(tile);
    node.addEventListener("click", () => { if (discards.has(tile)) act(`discard ${tile}`); });
    node.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", String(i)));
    node.addEventListener("dragover", (ev) => ev.preventDefault());
    node.addEventListener("drop", (ev) => {
      ev.preventDefault();
      const from = Number(ev.dataTransfer.getData("text/plain"));
      const [moved] = order.splice(from, 1);
      order.splice(i, 0, moved);
      render();
    });
    hand.append(node);
  });
  const sort = el("button", { type: "button", id: "sort", onclick: () => { order.sort((a, b) => tileOrder(a) - tileOrder(b)); render(); } }, t("sort"));
  const buttons = el("div", { class: "actions", id: "actions" });
  keymap = new Map();
  const free = "qertyuiopdfghlzbnm".split("");
  for (const a of v.legal) {
    if (a.startsWith("discard ")) continue;
    const kind = a.split(" ")[0];
    let key = KIND_KEYS[kind];
    if (!key || keymap.has(key)) key = free.find((k) => !keymap.has(k));
    if (key) keymap.set(key, a);  // (past the free letters a button has no key rather than breaking the page)
    buttons.append(el("button", { type: "button", class: kind === "win" ? "primary" : "", "data-action": a, onclick: () => act(a) },
      ...callContent(a, v.legal), key ? el("kbd", {}, key.toUpperCase()) : null));
  }
  let status = "";
  if (v.phase === "turn" && discards.size) status = t("your_turn");
  else if ((v.phase === "claim" || v.phase === "rob") && v.legal.length) status = t("claim");
  else if (v.phase !== "over") status = `${t("waiting")}: ${v.to_act.map((s) => playerAt(s)?.name ?? s).join(", ")}`;
  return el("div", { class: "myhand" }, el("div", { class: "status", id: "status" }, status),
    el("div", { class: "row" }, hand), el("div", { class: "actions" }, sort, el("span", { class: "muted" }, t("keyboard"))), buttons);
}

function fanTable(score) {
  const rows = el("table", { class: "grid fans" });
  rows.append(el("tr", {}, el("th", {}, t("fan")), el("th", {}, t("value")), el("th", {}, t("melds"))));
  for (const f of score.fans || score.wins || []) {
    const melds = el("td", {});
    for (const m of f.melds || []) {
      try { melds.append(m.startsWith("[") ? meldElement(m) : el("span", { class: "meld" }, ...splitHand(m).tiles.map((x) => tileElement(x, "small")))); }
      catch { melds.append(m + " "); }
    }
    const value = f.value ?? f.points ?? "";
    rows.append(el("tr", { "data-fan": f.id ?? f.name }, el("td", {}, fanName(f)), el("td", {}, f.count > 1 ? `${value} × ${f.count}` : String(value)), melds));
  }
  // flowers as a row of their own only where the ruleset's fans leave them out of the list
  const listed = (score.fans || []).reduce((sum, f) => sum + f.value * (f.count || 1), 0);
  if (score.flowers && listed + score.flowers === score.total) rows.append(el("tr", { "data-fan": "flowers" }, el("td", {}, `${t("flowers")}`), el("td", {}, String(score.flowers)), el("td", {})));
  rows.append(el("tr", {}, el("th", {}, t("total")), el("th", { class: "total" }, String(score.total)), el("th", {})));
  return rows;
}

function resultBox() {
  const v = state.view;
  if (v.phase !== "over" || !v.result) return null;
  const r = v.result;
  const box = el("section", { class: "result-box", id: "result" }, el("h2", {}, t("result")));
  if (r.exhausted) box.append(el("p", {}, t("draw")));
  for (const w of r.wins) {
    const name = playerAt(w.seat)?.name ?? `#${w.seat}`;
    const how = w.giver === null ? t("self_drawn") : `${t("from")} ${playerAt(w.giver)?.name ?? w.giver}`;
    box.append(el("h3", {}, `${name} ${t("wins")} `, tileElement(w.tile, "small"), ` (${how}) · ${w.total}`));
    if (v.hands) {
      const { melds, tiles } = splitHand(v.hands[w.seat]);
      box.append(el("div", { class: "row" }, ...melds.map((m) => meldElement(m)), ...tiles.map((x, i) => tileElement(x, i === tiles.length - 1 ? "win" : ""))));
    }
    box.append(w.score.yaku ? yakuTable(w.score) : fanTable(w.score));
  }
  const deltas = el("table", { class: "grid" });
  deltas.append(el("tr", {}, ...[0, 1, 2, 3].map((s) => el("th", {}, `${windName(windOf(s))} ${playerAt(s)?.name ?? ""}`))));
  deltas.append(el("tr", {}, ...[0, 1, 2, 3].map((s) => el("td", {}, (r.deltas[s] > 0 ? "+" : "") + r.deltas[s]))));
  box.append(el("h3", {}, t("deltas")), deltas);
  if (state.waiting_next && !state.match_over && state.seat !== null) {
    box.append(el("p", {}, el("button", { class: "primary", id: "next-hand", type: "button", onclick: () => send({ type: "next" }) }, t("next_hand"))));
  }
  return box;
}

function scoreSheet() {
  const sheet = loadSheet();
  const hands = Object.keys(sheet).map(Number).sort((a, b) => a - b);
  const box = el("section", { class: "result-box", id: "score-sheet" }, el("h2", {}, state.match_over ? t("match_over") : t("score_sheet")));
  const rows = el("table", { class: "grid" });
  rows.append(el("tr", {}, el("th", {}, t("hand")), ...state.players.map((p) => el("th", {}, p.name)), el("th", {}, t("wins"))));
  for (const h of hands) {
    rows.append(el("tr", {}, el("td", {}, sheet[h].name || String(h)), ...sheet[h].deltas.map((d) => el("td", {}, (d > 0 ? "+" : "") + d)), el("td", {}, sheet[h].winners.join(", "))));
  }
  rows.append(el("tr", {}, el("th", {}, t("total")), ...state.players.map((p) => el("th", {}, String(p.total))), el("th", {})));
  box.append(rows);
  if (state.match_over) box.append(el("p", {}, el("a", { href: `/replay?game=${encodeURIComponent(tableId)}`, id: "replay-link" }, t("replay_game"))));
  return box;
}

function render() {
  if (!state) {
    const help = fatal && invite ? el("p", {}, t("seat_taken_help"), " ",
      el("a", { href: `/table/${encodeURIComponent(tableId)}`, id: "watch-link" }, t("watch"))) : "";
    app.replaceChildren(el("p", { class: fatal ? "error" : "status", id: "message" }, message || t("connecting")), help);
    return;
  }
  const me = state.seat ?? 0;
  const felt = el("div", { class: "felt", id: "felt", "data-step": String(state.step), "data-phase": state.view.phase,
    "data-match-over": String(state.match_over) });
  ["bottom", "right", "top", "left"].forEach((pos, k) => felt.append(seatPanel((me + k) % 4, pos)));
  felt.append(centre());
  const events = el("div", { class: "log", id: "log" }, ...log.map((line) => el("div", {}, line)));
  app.replaceChildren(felt, el("div", { class: "error", id: "message" }, message), myHand(), hintsBox(), resultBox() ?? "",
    events, scoreSheet());
  applyI18n();
}

document.addEventListener("keydown", (ev) => {
  if (!state || ev.target.tagName === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const key = ev.key.toLowerCase();
  if (keymap.has(key)) { act(keymap.get(key)); ev.preventDefault(); return; }
  const discards = legalDiscards();
  if (/^[0-9]$/.test(key)) {
    const i = key === "0" ? 9 : Number(key) - 1;
    if (i < order.length && discards.has(order[i])) act(`discard ${order[i]}`);
  } else if (key === "arrowright" || key === "arrowleft") {
    cursor = (cursor + (key === "arrowright" ? 1 : order.length - 1)) % order.length;
    render();
  } else if (key === "enter" && cursor >= 0 && discards.has(order[cursor])) {
    act(`discard ${order[cursor]}`);
  } else if (key === " " && state.view.legal.includes("pass")) {
    act("pass");
    ev.preventDefault();
  }
});

setInterval(() => {
  const node = document.getElementById("countdown");
  if (node && state && state.deadline) node.textContent = `${Math.max(0, Math.ceil(state.deadline - Date.now() / 1000))} ${t("countdown")}`;
}, 250);

navBar(render);
render();
// The table's ruleset and the catalogue of names first, so the first state is drawn with its labels.
const ready = [
  fetch(`/api/tables/${encodeURIComponent(tableId)}`).then((res) => res.json()).then((info) => { rules = info.rules ?? null; }),
  loadNames(),
];
Promise.allSettled(ready).then(() => {
  if (player !== null && invite !== null && token === null) takeSeat(); else connect();
});

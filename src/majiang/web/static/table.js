// The table view: one seat's view over the WebSocket of docs/web.md (or a spectator's, without a token).
import { el } from "./picker.js";
import { t, lang, applyI18n, fanName, windName, handLabel } from "./i18n.js";
import { navBar } from "./nav.js";
import { tileElement, meldElement, tileOrder, splitHand, parseMeld } from "./tiles.js";
import { infoBox, markBadges, sidewaysAt, yakuTable } from "./info.js";
import { rememberSeats, seatsOf } from "./seats.js";
import { loadNames, actionLabel as namedAction, actionWord, botName, meldLabel, logLine, tileName, rulesetTitle } from "./names.js";

const app = document.getElementById("app");
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const query = new URLSearchParams(location.search);
const player = query.get("player");
let token = query.get("token");
const invite = query.get("invite");  // an invitation: exchanged once for the seat's token (docs/web.md)
const WINDS = ["E", "S", "W", "N"];
// Each kind's key for its first button; further buttons take the free letters, then none (a click still works).
const KIND_KEYS = { win: "w", pung: "p", chow: "c", kong: "k", "concealed-kong": "a", "added-kong": "j", pass: "x",
  void: "v", exchange: "e", riichi: "r", abort: "b" };
const FREE_KEYS = "qtyuiodfghlznm".split("");
const PACES = [0, 0.4, 0.8, 1.5];  // seconds between others' moves as shown (the terminal game's 0.4)

let state = null;          // the last state message
let socket = null;
let order = [];            // my standing tiles in the order I keep them (sorted, or dragged)
let lastSet = "";          // the standing tiles (sorted) the order was made for
let cursor = -1;           // keyboard selection in my hand
let message = "";          // the last error from the server
let fatal = false;         // a refusal that reconnecting cannot mend
let retry = 0;
let keymap = new Map();    // key -> what it does (a function), for the buttons shown
let rules = null;          // the table's ruleset name and options (the coach's hints are asked under them)
let tableOptions = {};
let log = [];              // what happened lately, read from the changes between states
let hints = localStorage.getItem("majiang-hints") === "1";
let advice = null;         // {step, rows} of the coach for the current turn
let judgement = null;      // {step, bot, pick, threat, deal_in} the coaching bot's second opinion (docs/web.md)
let picked = [];           // 换三张: the indices in `order` of the tiles picked to pass on
let riichiMode = false;    // the riichi (上听) button was pressed: the next tile clicked is its discard
let pace = Number(localStorage.getItem("majiang-pace") ?? "0.4");
if (!Number.isFinite(pace) || pace < 0) pace = 0.4;
let sound = localStorage.getItem("majiang-sound") !== "0";
const queue = [];          // states received, not shown yet (others' moves are shown `pace` apart)
let shownAt = 0;           // when the last move was shown (ms)
let paceTimer = null;

// 换三张's tiles passed on and the hand before, so the tiles received can be marked (per table and hand).
function exchangeKey() { return `majiang-exchange-${tableId}-${state.hand}`; }

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const params = player !== null && token !== null ? `?player=${encodeURIComponent(player)}&token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${params}`);
  socket.addEventListener("open", () => { retry = 0; });
  socket.addEventListener("message", (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { queue.push(msg); pump(); }
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

// Show the states in order, a move of another seat no sooner than `pace` seconds after the last move shown,
// so a person can follow the bots. The table waits for this seat's answers, so a state that asks it
// something is the last one queued; the seat's own move, a new hand and the first state come at once
// (with everything before them), and a long queue is caught up faster.
function pump() {
  if (paceTimer !== null) return;
  while (queue.length) {
    const urgent = queue.findIndex((m, i) => { const prev = i ? queue[i - 1] : state;
      return !prev || m.hand !== prev.hand || m.acted !== prev.acted; });
    const next = queue[0];
    const move = state && next.step !== state.step;
    const wait = shownAt + (queue.length < 8 ? pace : pace / 4) * 1000 - Date.now();  // behind: catch up
    if (urgent < 0 && move && wait > 0) {
      paceTimer = setTimeout(() => { paceTimer = null; pump(); }, wait);
      return;
    }
    queue.shift();
    show(next, move);
  }
}

function show(msg, move) {
  const before = state;
  noteChanges(before, msg);
  state = msg;
  message = "";
  if (move) shownAt = Date.now();
  if (!before || before.hand !== msg.hand || !msg.view.choices.some((c) => c.kind === "exchange")) picked = [];
  if (!msg.view.choices.some((c) => c.kind === "riichi")) riichiMode = false;
  keepOrder();
  remember();
  beep(before, msg);
  drawSoon();
  coachHints();
  judgeHints();
}

// The page is drawn once the states that came together are shown: the bots' moves come in bursts, and
// only the last of a burst is ever seen (a fifth of the browser's work in a hand played at full pace). A
// hidden page is drawn at once: its timers may wait a second or more.
let drawQueued = false;
function drawSoon() {
  if (document.hidden) { render(); return; }
  if (drawQueued) return;
  drawQueued = true;
  setTimeout(() => { drawQueued = false; render(); }, 0);
}

// Sounds, made by WebAudio (no files): your turn or a claim to decide, another seat's discard, a hand's end.
let audio = null;
function tone(freq, ms, when = 0) {
  if (!sound) return;
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.08, audio.currentTime + when);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + when + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + when);
    osc.stop(audio.currentTime + when + ms / 1000);
  } catch { /* no audio here: silence */ }
}
function beep(before, after) {
  if (!before || before.hand !== after.hand) return;
  const asked = (m) => m.view.legal.length > 0;
  if (after.view.phase === "over" && before.view.phase !== "over") { tone(660, 150); tone(880, 250, 0.15); }
  else if (asked(after) && !asked(before)) tone(880, 120);
  else if (after.view.last_discard && JSON.stringify(after.view.discards) !== JSON.stringify(before.view.discards)) tone(330, 40);
}

function send(obj) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
}

function act(action) {
  if (queue.length) {
    // A click on a state shown late (the pace): the newer ones first; the action goes only if it still
    // stands (a window this seat could only pass in may have closed meanwhile).
    if (paceTimer !== null) { clearTimeout(paceTimer); paceTimer = null; }
    while (queue.length) show(queue.shift(), true);
    if (!state.view.legal.includes(action)) return;
  }
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

// This seat's link (its token), kept in the browser so that a closed tab finds its way back (seats.js).
let remembered = false;
function remember() {
  if (remembered || state.you === null || token === null) return;
  remembered = true;
  const join = `/table/${encodeURIComponent(tableId)}?player=${encodeURIComponent(player)}&token=${encodeURIComponent(token)}`;
  rememberSeats(tableId, { [player]: { join, name: state.players[state.you]?.name ?? "", mine: true } }, rules);
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
  if (!hints || rules === null || state.seat === null || v.phase !== "turn" || !legalDiscards().size) { advice = null; return; }
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
      body: JSON.stringify({ hand, visible: seen.join(""), seat_wind: v.seat_wind, round_wind: v.round_wind, rules,
        options: tableOptions, ...(v.void ? { void: v.void } : {}) }) });
    const body = await res.json();
    if (state.step === step) { advice = res.ok ? { step, rows: body.rows.slice(0, 4) } : null; render(); }
  } catch { advice = null; }
}

// The strong bot's judgement of my decision (turn or claim): its move and each discard's chance to deal in,
// from my own view on the server (majiang.bots.judgement), asked with my token.
async function judgeHints() {
  const v = state.view;
  if (!hints || state.you === null || token === null || !(v.legal || []).length) { judgement = null; return; }
  if (judgement && judgement.step === state.step) return;
  const step = state.step;
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/judgement`, { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ player: state.you, token }) });
    const body = await res.json();
    if (state.step === step) { judgement = res.ok && body.pick ? { ...body, step } : null; render(); }
  } catch { judgement = null; }
}

function riskText(discard) {
  const risk = judgement?.deal_in?.[discard];
  return risk === undefined ? "" : ` · ${t("risk")} ${Math.round(100 * risk)}%`;
}

function hintsBox() {
  if (rules === null || state.seat === null) return "";
  const toggle = el("label", {}, el("input", { type: "checkbox", id: "hints-toggle" }), t("coach"));
  const box = toggle.querySelector("input");
  box.checked = hints;
  box.addEventListener("change", () => { hints = box.checked; localStorage.setItem("majiang-hints", hints ? "1" : "0"); advice = null; judgement = null; coachHints(); judgeHints(); render(); });
  const out = el("div", { class: "hints", id: "hints" }, toggle);
  if (hints && advice) {
    for (const r of advice.rows) {
      out.append(el("div", { class: "hint", "data-discard": r.discard }, `${t("discard")} `, tileElement(r.discard, "tiny"),
        ` ${t("shanten")} ${r.shanten} · ${t("legal_live")} ${r.legal_live ?? "–"} · ${t("live")} ${r.live}${riskText(r.discard)}`));
    }
  }
  if (hints && judgement && judgement.step === state.step) {
    const feared = (judgement.threat || []).filter((x) => x >= 1 / 3).map((x) => `${Math.round(100 * x)}%`);
    // a discard is drawn as its tile, like the hints above it; any other move is named in words
    const [kind, tile] = judgement.pick.split(" ");
    const move = kind === "discard" && tile ? [`${t("discard")} `, tileElement(tile, "tiny")] : [namedAction(rules, judgement.pick)];
    out.append(el("div", { class: "hint", id: "bot-pick", "data-pick": judgement.pick },
      `${t("bot_would").replace("{bot}", botName(judgement.bot))} `, ...move,
      feared.length ? ` · ${t("looks_ready")} (${feared.join(", ")})` : ""));
  }
  return out;
}

function playerAt(seat) { return state.players.find((p) => p.seat === seat); }
function windOf(seat) { return WINDS[(seat - state.view.dealer + 4) % 4]; }

function choicesOf(kind) { return (state.view.choices || []).filter((c) => c.kind === kind); }

/** The discards open to me now, tile -> action text (riichi mode: the riichi discards). */
function legalDiscards() {
  const out = new Map();
  // (a red five's discard, where the rules let one choose it, goes on the five's tile unless a plain one does)
  const plain = (x) => x.replace(/^0/, "5");
  for (const c of choicesOf(riichiMode ? "riichi" : "discard")) if (!out.has(plain(c.tiles[0]))) out.set(plain(c.tiles[0]), c.action);
  return out;
}

/** What an action is called, in the page's language: the catalogue's word for its kind under this ruleset
 * (names.js: a declared action's own, Changchun's 上听), else the view's label, else the page's word. */
function label(choice) {
  const word = actionWord(rules, choice.kind);
  if (word && word !== choice.kind) return word[0].toUpperCase() + word.slice(1);
  if (choice.label) return choice.label[lang()] || choice.label.en;
  const spec = (state.view.declared || {})[choice.kind];
  if (spec) return spec[lang()] || spec.en;
  const key = { win: "win", pung: "pung", chow: "chow", kong: "kong", pass: "pass_", "concealed-kong": "concealed_kong",
    "added-kong": "added_kong", void: "void", exchange: "exchange", riichi: "riichi", abort: "abort", discard: "discard_tile" }[choice.kind];
  return key ? t(key) : choice.kind;
}

/** One action in words naming its tiles (names.js: "吃 3-4-5p"), for titles. */
function actionText(choice) {
  return namedAction(rules, choice.action, choice.claimed);
}

function seatPanel(seat, pos) {
  const v = state.view;
  const p = playerAt(seat);
  const mine = state.seat === seat;
  const who = el("div", { class: "who" },
    el("span", { class: "badge" }, windName(windOf(seat))),
    seat === v.dealer ? el("span", { class: "badge dealer" }, t("dealer")) : null,
    el("span", { class: "name" }, p ? p.name : `#${seat}`),
    p && p.grade ? el("span", { class: "badge grade", "data-grade": String(p.grade.index), title: t("tl_grade") }, gradeText(p.grade)) : null,
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
  return el("span", { class: "countdown", id: "countdown", "data-deadline": String(d) }, `${secondsLeft(d)} ${t("countdown")}`);
}

// The last discard, large in the centre, with who let it go.
function lastDiscard() {
  const last = state.view.last_discard;
  if (!last || state.view.phase === "over") return null;
  return el("div", { class: "last-discard", id: "last-discard", "data-seat": String(last.seat) },
    `${t("last_discard")}: ${playerAt(last.seat)?.name ?? ""} `, tileElement(last.tile, "last"));
}

function centre() {
  const v = state.view;
  const dice = v.dice ? el("div", {}, `${t("dice")}: ${v.dice.join(" + ")}`) : null;
  return el("div", { class: "center" },
    el("div", { class: "big" }, `${rules ? rulesetTitle(rules) + " · " : ""}${t("round")} ${windName(v.round_wind)} · ${handLabel(state.label)}`),
    el("div", { id: "wall" }, `${t("wall")}: ${v.wall_left}`), dice,
    infoBox(v.info), el("div", {}, `${t(v.phase === "claim" ? "claim_phase" : v.phase)}`), countdown(), awayCountdown(), lastDiscard(), dealBox());
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

// 换三张: the tiles picked, and whether adding the tile at `i` still leads to a choice the rules offer.
function pickedTiles(extra = []) { return [...picked, ...extra].map((i) => order[i]).sort((a, b) => tileOrder(a) - tileOrder(b)); }
function exchangeFor(tiles) {
  const key = tiles.join("");
  return choicesOf("exchange").find((c) => [...c.tiles].sort((a, b) => tileOrder(a) - tileOrder(b)).join("") === key) ?? null;
}
function canPick(i) {
  const tiles = pickedTiles([i]);
  return choicesOf("exchange").some((c) => {
    const rest = [...c.tiles];
    return tiles.every((x) => { const k = rest.indexOf(x); if (k < 0) return false; rest.splice(k, 1); return true; });
  });
}

// The tiles 换三张 brought in, marked in the hand until this seat's first discard (kept per table and hand).
function receivedTiles() {
  const v = state.view;
  if (state.seat === null || v.discards[state.seat].length || choicesOf("exchange").length) return [];
  let sent;
  try { sent = JSON.parse(localStorage.getItem(exchangeKey()) || "null"); } catch { sent = null; }
  if (!sent) return [];
  const kept = [...sent.before];
  for (const x of sent.given) kept.splice(kept.indexOf(x), 1);
  const got = [...v.standing];
  for (const x of kept) { const k = got.indexOf(x); if (k >= 0) got.splice(k, 1); }
  return got.length <= 3 ? got : [];
}

function sendExchange(choice) {
  localStorage.setItem(exchangeKey(), JSON.stringify({ given: choice.tiles, before: state.view.standing }));
  picked = [];
  act(choice.action);
}

function choiceButton(choice, key) {
  const tiles = choice.tiles.map((x, i) => tileElement(x, "tiny" + (choice.claimed === x && i === choice.tiles.indexOf(x) ? " claimed-tile" : "")));
  const words = choice.suit ? `${label(choice)} ${t(`suit_${choice.suit}`)}` : label(choice);
  return el("button", { type: "button", class: choice.kind === "win" ? "primary" : "", "data-action": choice.action,
    "data-kind": choice.kind, title: actionText(choice), onclick: () => act(choice.action) },
  words, ...tiles, key ? el("kbd", {}, key.toUpperCase()) : null);
}

function myHand() {
  const v = state.view;
  if (state.seat === null || state.seat === undefined) return el("div", { class: "muted" }, t("spectator"));
  const discards = legalDiscards();
  const exchanging = choicesOf("exchange").length > 0;
  const received = receivedTiles();
  const hand = el("div", { class: "hand clickable", id: "my-hand" });
  order.forEach((tile, i) => {
    const isDrawn = v.drawn && i === order.length - 1 && tile === v.drawn;
    const r = received.indexOf(tile);
    if (r >= 0) received.splice(r, 1);
    const classes = [isDrawn ? "drawn" : "", i === cursor ? "last" : "", discards.has(tile) ? (riichiMode ? "can-riichi can-discard" : "can-discard") : "",
      exchanging && picked.includes(i) ? "picked" : "", exchanging && !picked.includes(i) && picked.length < 3 && canPick(i) ? "can-pick" : "",
      r >= 0 ? "received" : ""];
    const node = tileElement(tile, classes.filter(Boolean).join(" "));
    node.tabIndex = 0;
    node.draggable = true;
    node.dataset.index = String(i);
    node.title = discards.has(tile) ? `${label({ kind: riichiMode ? "riichi" : "discard" })} ${tileName(tile)}` : r >= 0 ? `${tileName(tile)} (${t("received")})` : tileName(tile);
    node.addEventListener("click", () => clickTile(i));
    node.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", String(i)));
    node.addEventListener("dragover", (ev) => ev.preventDefault());
    node.addEventListener("drop", (ev) => {
      ev.preventDefault();
      const from = Number(ev.dataTransfer.getData("text/plain"));
      const [moved] = order.splice(from, 1);
      order.splice(i, 0, moved);
      picked = [];
      render();
    });
    hand.append(node);
  });
  const sort = el("button", { type: "button", id: "sort", onclick: () => { order.sort((a, b) => tileOrder(a) - tileOrder(b)); picked = []; render(); } }, t("sort"));
  const buttons = el("div", { class: "actions", id: "actions" });
  keymap = new Map();
  const keyFor = (kind) => {
    let key = KIND_KEYS[kind];
    if (!key || keymap.has(key)) key = FREE_KEYS.find((k) => !keymap.has(k));
    return key ?? null;  // out of letters: no key, the button still works
  };
  if (exchanging) {
    const choice = exchangeFor(pickedTiles());
    const key = keyFor("exchange");
    const button = el("button", { type: "button", class: "primary", id: "exchange", "data-kind": "exchange",
      onclick: () => { const c = exchangeFor(pickedTiles()); if (c) sendExchange(c); } },
    `${label({ kind: "exchange" })} (${picked.length}/3)`, ...pickedTiles().map((x) => tileElement(x, "tiny")), key ? el("kbd", {}, key.toUpperCase()) : null);
    button.disabled = choice === null;
    if (choice) button.title = actionText(choice);
    if (key) keymap.set(key, () => { const c = exchangeFor(pickedTiles()); if (c) sendExchange(c); });
    buttons.append(button);
  }
  const riichi = choicesOf("riichi");
  if (riichi.length) {
    const key = keyFor("riichi");
    const toggle = () => { riichiMode = !riichiMode; render(); };
    if (key) keymap.set(key, toggle);
    buttons.append(el("button", { type: "button", id: "riichi", "data-kind": "riichi", class: riichiMode ? "primary" : "",
      onclick: toggle }, riichiMode ? t("cancel") : label(riichi[0]), key ? el("kbd", {}, key.toUpperCase()) : null));
  }
  for (const c of v.choices || []) {
    if (["discard", "exchange", "riichi"].includes(c.kind)) continue;
    const key = keyFor(c.kind);
    if (key) keymap.set(key, () => act(c.action));
    buttons.append(choiceButton(c, key));
  }
  let status = "";
  if (exchanging) status = `${t("exchange_pick")} ${t("exchange_same_suit")}`;
  else if (choicesOf("void").length) status = t("void_pick");
  else if (riichiMode) status = t("riichi_pick");
  else if (v.phase === "turn" && discards.size) status = t("your_turn");
  else if ((v.phase === "claim" || v.phase === "rob") && v.legal.length) status = t("claim");
  else if (v.phase !== "over") status = `${t("waiting")}: ${v.to_act.map((s) => playerAt(s)?.name ?? s).join(", ")}`;
  return el("div", { class: "myhand" }, el("div", { class: "status", id: "status" }, status),
    el("div", { class: "row hand-row" }, hand), el("div", { class: "actions" }, sort, el("span", { class: "muted keys" }, t("keyboard"))), buttons);
}

function clickTile(i) {
  const tile = order[i];
  if (choicesOf("exchange").length) {
    if (picked.includes(i)) picked = picked.filter((k) => k !== i);
    else if (picked.length < 3 && canPick(i)) picked.push(i);
    render();
    return;
  }
  const discards = legalDiscards();
  if (discards.has(tile)) act(discards.get(tile));
}

// An absent person the table waits for: the seconds until the stand-in plays for them.
function awayCountdown() {
  if (!state || state.view.phase === "over") return null;
  const waiting = state.players.filter((p) => p.away_at && state.view.to_act.includes(p.seat));
  if (!waiting.length) return null;
  const at = Math.min(...waiting.map((p) => p.away_at));
  return el("div", { class: "countdown", id: "away-countdown", "data-deadline": String(at) },
    `${waiting.map((p) => p.name).join(", ")}: ${t("standin_in").replace("{n}", secondsLeft(at))}`);
}

function secondsLeft(at) { return Math.max(0, Math.ceil(at - Date.now() / 1000)); }

function fanTable(score) {
  const rows = el("table", { class: "grid fans" });
  rows.append(el("tr", {}, el("th", {}, t("fan")), el("th", {}, t("value")), el("th", {}, t("melds"))));
  for (const f of score.fans || score.wins || []) {  // Changsha lists its small and big wins
    const melds = el("td", {});
    for (const m of f.melds || []) {
      try { melds.append(m.startsWith("[") ? meldElement(m) : el("span", { class: "meld" }, ...splitHand(m).tiles.map((x) => tileElement(x, "small")))); }
      catch { melds.append(m + " "); }
    }
    const value = f.value ?? f.points ?? "";  // Yangzhou counts 花 as points
    rows.append(el("tr", { "data-fan": f.id ?? f.name }, el("td", {}, fanName(f)), el("td", {}, f.count > 1 ? `${value} × ${f.count}` : String(value)), melds));
  }
  // flowers as a row of their own only where the ruleset's fans leave them out of the list
  const listed = (score.fans || []).reduce((sum, f) => sum + (f.value ?? 0) * (f.count || 1), 0);
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

// The score sheet as the server keeps it (the same for every seat and spectator): a row per hand, the
// hand just ended included before it is booked, what the match's end settled, and the totals.
function scoreSheet() {
  const sheet = state.sheet || { rows: [], settled: null, totals: state.players.map((p) => p.total) };
  const box = el("section", { class: "result-box", id: "score-sheet" }, el("h2", {}, state.match_over ? t("match_over") : t("score_sheet")));
  const rows = el("table", { class: "grid" });
  rows.append(el("tr", {}, el("th", {}, t("hand")), ...state.players.map((p) => el("th", {}, p.name)), el("th", {}, t("wins"))));
  const signed = (d) => (d > 0 ? "+" : "") + d;
  for (const r of sheet.rows) {
    const name = r.label && r.label.name ? handLabel(r.label) : String(r.hand);
    rows.append(el("tr", { "data-hand": String(r.hand) }, el("td", {}, name), ...r.deltas.map((d) => el("td", {}, signed(d))),
      el("td", {}, r.winners.map((p) => state.players[p]?.name ?? `#${p}`).join(", "))));
  }
  if (sheet.settled) rows.append(el("tr", { class: "settled" }, el("td", {}, t("settled")), ...sheet.settled.map((d) => el("td", {}, signed(d))), el("td", {})));
  rows.append(el("tr", {}, el("th", {}, t("total")), ...sheet.totals.map((x) => el("th", {}, String(x))), el("th", {})));
  box.append(el("div", { class: "scroll" }, rows));
  if (state.match_over) box.append(el("p", {}, el("a", { href: `/replay?game=${encodeURIComponent(tableId)}`, id: "replay-link" }, t("replay_game"))));
  const ladder = ladderBox();
  if (ladder) box.append(ladder);
  return box;
}

/** A seat's grade on the ladder (考级定段) as its badge reads: 业余三段 · 职业初段, or amateur 3 dan · pro 1 dan. */
function gradeText(g) {
  if (lang() === "zh") return g.zh;
  return g.pro_dan ? `${g.en} · ${t("tl_pro").replace("{n}", String(g.pro_dan))}` : g.en;
}

// A rated match's result on the ladder (考级定段), once it is over: each player's place, the points won and
// the grade, a promotion or demotion marked (seed 000: the system tells the player it may go up a grade).
function ladderBox() {
  const ladder = state.ladder;
  if (!ladder) return null;
  const box = el("div", { class: "ladder-result", id: "ladder-result" }, el("h3", {}, t("tl_rated")));
  if (!state.match_over) { box.append(el("p", { class: "muted" }, t("tl_rated_note"))); return box; }
  if (!ladder.players) { box.append(el("p", { class: "muted" }, `${t("tl_not_rated")}: ${ladder.void ?? ""}`)); return box; }
  const zh = lang() === "zh";
  ladder.players.forEach((g, p) => {
    if (!g) return;
    const grade = g.grade ? (zh ? g.grade.zh : g.grade.en) : "";
    const change = g.change === "promoted" ? ` ${t("rk_promoted")}` : g.change === "demoted" ? ` ${t("rk_demoted")}` : "";
    box.append(el("div", { class: `ladder-line ${g.change ?? ""}`, "data-player": String(p) },
      `${state.players[p]?.name ?? `#${p}`}: ${t("rk_place")} ${g.place} · ${g.award >= 0 ? "+" : ""}${g.award} → ${grade}${change}`));
  });
  return box;
}

// The links this browser holds for this table: its own seat's, and the invitations it made (seats.js).
function linksBox() {
  const links = seatsOf(tableId);
  const box = el("section", { class: "result-box links", id: "seat-links" }, el("h3", {}, t("seat_links")));
  for (const [p, link] of Object.entries(links)) {
    const href = link.join ?? link.invite;
    if (!href) continue;
    const url = new URL(href, location.href).href;
    const copy = el("button", { type: "button", onclick: async () => {
      try { await navigator.clipboard.writeText(url); copy.textContent = t("copied"); } catch { copy.textContent = url; }
    } }, t("copy"));
    const seat = `${t("seat")} ${Number(p) + 1}`;
    // (a seat's default name says what the label already does: "Player 1 player 1" read twice)
    const name = (link.name ?? "").trim();
    const named = name && ![seat.toLowerCase(), `player ${Number(p) + 1}`].includes(name.toLowerCase()) ? ` ${name}` : "";
    box.append(el("div", { class: "seat-link", "data-player": p }, el("strong", {}, `${seat}${named}: `),
      el("a", { href, class: link.join ? "play-link" : "invite-link" }, link.join ? t("my_link") : t("invite")), " ", copy,
      el("div", { class: "joinlink" }, url)));
  }
  return box.childNodes.length > 1 ? box : null;
}

// The room number (房号) friends type in the lobby to take an open seat: the server sends it to the seated
// players only (never to spectators) while the match is on.
function roomLine() {
  if (!state.room) return null;
  const room = state.room;
  return el("div", { class: "room-number-box room-line" }, el("span", { class: "room-label" }, t("room")), " ",
    el("span", { class: "room-number", id: "room-number", "data-room": room }, `${room.slice(0, 3)} ${room.slice(3)}`));
}

// The table's settings, kept in the browser: the pace others' moves are shown at, and sounds on or off.
function settingsBox() {
  const select = el("select", { id: "pace" }, ...PACES.map((p) => el("option", { value: String(p) }, p ? `${p} s` : t("pace_0"))));
  select.value = String(PACES.includes(pace) ? pace : 0.4);
  select.addEventListener("change", () => { pace = Number(select.value); localStorage.setItem("majiang-pace", select.value); });
  const box = el("input", { type: "checkbox", id: "sound" });
  box.checked = sound;
  box.addEventListener("change", () => { sound = box.checked; localStorage.setItem("majiang-sound", sound ? "1" : "0"); if (sound) tone(880, 80); });
  return el("div", { class: "settings", id: "settings" }, el("label", {}, t("pace"), select), el("label", {}, box, t("sound")));
}

function render() {
  if (!state) {
    const help = fatal && invite ? el("p", {}, t("seat_taken_help"), " ",
      el("a", { href: `/table/${encodeURIComponent(tableId)}`, id: "watch-link" }, t("watch"))) : "";
    app.replaceChildren(el("p", { class: fatal ? "error" : "status", id: "message" }, message || t("connecting")), help);
    return;
  }
  const me = state.seat ?? 0;
  const felt = el("div", { class: "felt", id: "felt", "data-step": String(state.step), "data-phase": state.view.phase, "data-hand": String(state.hand),
    "data-match-over": String(state.match_over) });
  ["bottom", "right", "top", "left"].forEach((pos, k) => felt.append(seatPanel((me + k) % 4, pos)));
  felt.append(centre());
  const events = el("div", { class: "log", id: "log" }, ...log.map((line) => el("div", {}, line)));
  place(app, [roomLine(), felt, el("div", { class: "error", id: "message" }, message), myHand(), hintsBox(), resultBox(),
    events, scoreSheet(), settingsBox(), linksBox()].filter((node) => node));
  applyI18n();
}

// The blocks of the page that carry no listeners: kept in place and changed only where the new state differs
// (a move changes one pond, a hand's count of tiles and a badge or two), so the browser restyles and lays out
// only that. Every other block is drawn anew.
const KEPT = new Set(["felt", "log", "score-sheet"]);
function place(parent, nodes) {
  const old = [...parent.childNodes];
  nodes.forEach((node, i) => {
    const before = old[i];
    if (!before) parent.append(node);
    else if (KEPT.has(node.id) && before.id === node.id) morph(before, node);
    else before.replaceWith(node);
  });
  for (const rest of old.slice(nodes.length)) rest.remove();
}

/** Make `old` (a tree without listeners) equal to `now`, keeping each node that is already equal. */
function morph(old, now) {
  if (old.isEqualNode(now)) return;
  if (old.nodeType !== Node.ELEMENT_NODE || old.nodeName !== now.nodeName) {
    old.replaceWith(now);
    return;
  }
  for (const { name } of [...old.attributes]) if (!now.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of now.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  const was = [...old.childNodes], is = [...now.childNodes];
  is.forEach((child, i) => { if (i < was.length) morph(was[i], child); else old.append(child); });
  for (const rest of was.slice(is.length)) rest.remove();
}

document.addEventListener("keydown", (ev) => {
  if (!state || ev.target.tagName === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const key = ev.key.toLowerCase();
  if (keymap.has(key)) { keymap.get(key)(); ev.preventDefault(); return; }
  if (/^[0-9]$/.test(key)) {
    const i = key === "0" ? 9 : Number(key) - 1;
    if (i < order.length) clickTile(i);
  } else if (key === "arrowright" || key === "arrowleft") {
    cursor = (cursor + (key === "arrowright" ? 1 : order.length - 1)) % order.length;
    render();
  } else if (key === "enter" && cursor >= 0) {
    clickTile(cursor);
  } else if (key === " " && state.view.legal.includes("pass")) {
    act("pass");
    ev.preventDefault();
  }
});

setInterval(() => {
  const node = document.getElementById("countdown");
  if (node && state && state.deadline) node.textContent = `${secondsLeft(state.deadline)} ${t("countdown")}`;
  const away = document.getElementById("away-countdown");
  if (away) away.replaceWith(awayCountdown() ?? "");
}, 250);

navBar(render);
render();
// The table's ruleset and the catalogue of names first, so the first state is drawn with its labels.
const ready = [
  fetch(`/api/tables/${encodeURIComponent(tableId)}`).then((res) => res.json()).then((info) => {
    rules = info.rules ?? null;
    tableOptions = info.options ?? {};
    if (remembered) rememberSeats(tableId, {}, rules);
  }),
  loadNames(),
];
Promise.allSettled(ready).then(() => {
  if (player !== null && invite !== null && token === null) takeSeat(); else connect();
});

// The lobby: create a table (ruleset, options, bots and open seats), share its join links and room number,
// join a friend's table by its room number, a logged-in player's tables and games, the tables on the server.
import { el } from "./picker.js";
import { t, lang, applyI18n, handLabel } from "./i18n.js";
import { navBar } from "./nav.js";
import { accountName } from "./account.js";
import { knownSeats, rememberSeats } from "./seats.js";
import { loadNames, catalogue, say, rulesetTitle, rulesetSummary, optionName, optionHelp, choiceName, presetName,
  valueName, botName, botHelp } from "./names.js";

const app = document.getElementById("app");
let rulesets = [], bots = [], created = null;

async function getJSON(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) { const err = new Error(body.error || res.statusText); err.options = body.options; throw err; }
  return body;
}


// One control per option, from the ruleset's option schema: a checkbox, a select of the choices, or a
// number input with the ruleset's bounds (empty = none where allowed); a text input otherwise.
function optionControl(rules, spec) {
  const value = spec.default;
  let input;
  if (spec.kind === "bool") {
    input = el("input", { type: "checkbox", "data-option": spec.name, "data-kind": "bool" });
    input.checked = value === true;
  } else if (spec.kind === "choice") {
    input = el("select", { "data-option": spec.name, "data-kind": "choice" });
    if (spec.optional) input.append(el("option", { value: "none" }, valueName("none")));
    for (const c of spec.choices) input.append(el("option", { value: c }, choiceName(rules, spec.name, c)));
    input.value = value === null ? "none" : String(value);
  } else if (spec.kind === "int") {
    const attrs = { type: "number", "data-option": spec.name, "data-kind": "int", step: String(spec.step ?? 1) };
    if (spec.minimum !== null) attrs.min = String(spec.minimum);
    if (spec.maximum !== null) attrs.max = String(spec.maximum);
    if (spec.optional) attrs.placeholder = valueName("none");
    input = el("input", attrs);
    input.value = value === null ? "" : String(value);
  } else {
    input = el("input", { "data-option": spec.name, "data-kind": "text", value: value === null ? "" : String(value) });
  }
  input.name = spec.name;
  input.id = `option-${spec.name}`;
  return input;
}

// The option's value as the `key=value` text the server takes ("none" for an empty optional number).
function optionText(input) {
  if (input.dataset.kind === "bool") return input.checked ? "true" : "false";
  if (input.dataset.kind === "int" && input.value === "") return "none";
  return input.value;
}

function defaultText(value) { return value === null ? "none" : String(value); }

function optionInputs(rules) {
  const box = el("div", { id: "options", class: "options" });
  for (const spec of rules.schema) {
    // the option's name for players, its meaning (the source named by its title) as the tooltip
    const label = el("label", { title: optionHelp(rules.name, spec.name), "data-option-label": spec.name },
      optionName(rules.name, spec.name), " ", optionControl(rules.name, spec));
    box.append(el("div", { class: "option" }, label, el("span", { class: "error", "data-option-error": spec.name })));
  }
  return box;
}

// The ruleset's defaults, then the lobby entry's (Sichuan's 换三张 and 定缺), then a preset's.
function setOptions(box, rules, preset, entry) {
  const values = { ...rules.options, ...(entry ? entry.options : {}), ...(preset ? rules.presets[preset] : {}) };
  for (const input of box.querySelectorAll("[data-option]")) {
    const v = values[input.dataset.option];
    if (input.dataset.kind === "bool") input.checked = v === true;
    else if (input.dataset.kind === "int") input.value = v === null ? "" : String(v);
    else input.value = v === null ? "none" : String(v);
  }
}

// The lobby's menu: the catalogue's entries, and any ruleset the catalogue does not list under its name.
function lobbyEntries() {
  const entries = [...(catalogue().lobby || [])];
  for (const r of rulesets) if (!entries.some((e) => e.rules === r.name)) entries.push({ key: r.name, rules: r.name, title: null, options: {} });
  return entries;
}
function lobbyEntry(key) { return lobbyEntries().find((e) => e.key === key); }

// A seat left unnamed is named in the page's language: "牌效 2" for a bot, "玩家 1" for a person.
function defaultName(p) {
  const kind = document.getElementById(`kind-${p}`).value;
  return kind.startsWith("bot:") ? `${botName(kind.slice(4))} ${p + 1}` : `${t("seat")} ${p + 1}`;
}

/** The rated box is a logged-in player's (a guest's table cannot be rated): shown, or hidden and unticked. */
function showRated(label = document.getElementById("rated-label")) {
  if (!label) return;
  label.hidden = !accountName();
  if (label.hidden) label.querySelector("input").checked = false;
}

function form() {
  // The menu is the catalogue's lobby entries: every ruleset under its title, and the entries a ruleset adds
  // (血流成河 beside 血战到底), each a ruleset with some options set.
  const rulesSel = el("select", { id: "rules" });
  for (const e of lobbyEntries()) rulesSel.append(el("option", { value: e.key, title: rulesetSummary(e.rules) }, say(e.title, e.key)));
  const summary = el("p", { class: "muted", id: "rules-summary" });
  const optionsBox = el("div");
  const presetSel = el("select", { id: "preset" });
  const hands = el("input", { id: "hands", type: "number", min: "1", max: "16" });
  const setRules = () => {
    const entry = lobbyEntry(rulesSel.value);
    const r = rulesets.find((x) => x.name === entry.rules);
    optionsBox.replaceChildren(optionInputs(r));
    setOptions(optionsBox, r, "", entry);
    summary.textContent = rulesetSummary(r.name);
    presetSel.replaceChildren(el("option", { value: "" }, t("defaults")),
      ...Object.keys(r.presets || {}).map((p) => el("option", { value: p }, presetName(r.name, p))));
    hands.max = String(r.most_hands);
    hands.value = String(r.match_hands);
  };
  rulesSel.addEventListener("change", setRules);
  presetSel.addEventListener("change", () => {
    const entry = lobbyEntry(rulesSel.value);
    const r = rulesets.find((x) => x.name === entry.rules);
    setOptions(optionsBox, r, presetSel.value, entry);
  });
  const seats = el("div", { class: "cards" });
  for (let p = 0; p < 4; p++) {
    const sel = el("select", { id: `kind-${p}` });
    sel.append(el("option", { value: "open" }, t("open")));
    for (const b of bots) sel.append(el("option", { value: `bot:${b}`, title: botHelp(b) }, `${t("bot")}: ${botName(b)}`));
    if (p > 0 && bots.length) sel.value = `bot:${bots.includes("efficiency") ? "efficiency" : bots[0]}`;
    const name = el("input", { id: `name-${p}`, placeholder: t("name") });
    seats.append(el("div", { class: "card" }, el("strong", {}, `${t("seat")} ${p + 1}`), el("br"), sel, " ", name));
  }
  const seed = el("input", { id: "seed", type: "number", placeholder: t("random_seed"), title: t("seed_note") });
  // how fast others' moves are shown at this browser's tables (the table page has the same setting)
  const pace = el("select", { id: "pace" }, ...[0, 0.4, 0.8, 1.5].map((p) => el("option", { value: String(p) }, p ? `${p} s` : t("pace_0"))));
  pace.value = localStorage.getItem("majiang-pace") ?? "0.4";
  pace.addEventListener("change", () => localStorage.setItem("majiang-pace", pace.value));
  // a rated table (考级定段) for a logged-in player: it counts on the ladder of the ruleset once it is over
  const rated = el("input", { id: "rated", type: "checkbox" });
  const ratedLabel = el("label", { id: "rated-label", title: t("lb_rated_note") }, rated, ` ${t("lb_rated")}`);
  showRated(ratedLabel);
  const error = el("div", { class: "error", id: "create-error" });
  const create = el("button", { class: "primary", id: "create", type: "button", onclick: async () => {
    error.textContent = "";
    for (const node of optionsBox.querySelectorAll("[data-option-error]")) node.textContent = "";
    const r = rulesets.find((x) => x.name === lobbyEntry(rulesSel.value).rules);
    const options = [];
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const text = optionText(input);
      if (text !== defaultText(r.options[input.dataset.option])) options.push(`${input.dataset.option}=${text}`);
    }
    const body = {
      rules: r.name, options, hands: hands.value ? Number(hands.value) : null,
      seed: seed.value ? Number(seed.value) : null,
      players: [0, 1, 2, 3].map((p) => document.getElementById(`kind-${p}`).value),
      names: [0, 1, 2, 3].map((p) => document.getElementById(`name-${p}`).value || defaultName(p)),
    };
    if (rated.checked) body.rated = true;
    try {
      created = await getJSON("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      // every link of the new table is kept in this browser: the lobby and the table list them again
      rememberSeats(created.id, Object.fromEntries(created.players.filter((p) => p.kind === "open").map((p) =>
        [p.player, p.join ? { join: p.join, name: p.name, mine: true } : { invite: p.invite, name: p.name }])), body.rules);
      render();
    } catch (err) {
      error.textContent = `${t("error")}: ${err.message}`;
      for (const [key, msg] of Object.entries(err.options || {})) {
        const node = optionsBox.querySelector(`[data-option-error="${CSS.escape(key)}"]`);
        if (node) node.textContent = msg;
      }
    }
  } }, t("create"));
  const box = el("section", {}, el("h2", {}, t("new_table")),
    el("label", {}, t("rules"), rulesSel), summary, el("label", {}, t("hands"), hands), el("label", {}, t("seed"), seed), ratedLabel, el("label", {}, t("pace"), pace),
    el("h3", {}, t("options")), el("label", {}, t("preset"), presetSel), optionsBox, el("h3", {}, t("players")), seats, el("p", {}, create), error);
  if (rulesets.length) setRules();
  return box;
}

function links() {
  if (!created) return el("div");
  const box = el("section", { id: "join-links", class: "card" }, el("h2", {}, t("join_links")));
  if (created.room) box.append(roomNumber(created.room));
  // Your own seat's link (its token), and for every other open seat an invitation that seats one person once.
  for (const p of created.players) {
    if (p.kind !== "open") { box.append(el("div", {}, `${t("seat")} ${p.player + 1}: ${p.name} (${t("bot")}: ${botName(p.bot)})`)); continue; }
    const link = p.join ?? p.invite;
    const url = new URL(link, location.href).href;
    const copy = el("button", { type: "button", onclick: async () => {
      try { await navigator.clipboard.writeText(url); copy.textContent = t("copied"); } catch { copy.textContent = url; }
    } }, t("copy"));
    const anchor = p.join
      ? el("a", { href: p.join, class: "play-link", "data-player": String(p.player) }, t("play_here"))
      : el("a", { href: p.invite, class: "invite-link", "data-player": String(p.player) }, t("invite"));
    box.append(el("div", {}, el("strong", {}, `${t("seat")} ${p.player + 1} (${p.name}): `), anchor, " ", copy,
      el("div", { class: "joinlink" }, url)));
  }
  if (created.players.some((p) => p.invite)) box.append(el("p", { class: "muted" }, t("invite_note")));
  box.append(el("div", {}, el("a", { href: created.watch }, t("watch"))));
  return box;
}

// The room number, big and in two groups of three so it reads out easily ("483 920"); `data-room` holds it.
function roomNumber(room) {
  return el("div", { class: "room-number-box" }, el("span", { class: "room-label" }, t("room")), " ",
    el("span", { class: "room-number", id: "room-number", "data-room": room }, `${room.slice(0, 3)} ${room.slice(3)}`),
    el("div", { class: "muted" }, t("room_note")));
}

// Join by room number: the table's seats, a button for each open one, and Watch. The answer is kept
// across the lobby's redraws (`roomLook`), and the room may come in the address (`/?room=483920`).
let roomLook = { number: new URLSearchParams(location.search).get("room") ?? "", answer: null, error: "" };

function roomError(status, error, number) {
  if (lang() !== "zh") return error;
  const wait = /try again in (\d+) s/.exec(error);
  if (status === 429) return t("room_too_many").replace("{n}", wait ? wait[1] : "60");
  if (status === 404) return t("room_unknown").replace("{room}", number);
  if (status === 409) return t("room_seat_taken");
  return `${t("error")}: ${error}`;
}

async function roomRequest(url, init) {
  let res;
  try { res = await fetch(url, init); } catch (err) { return { ok: false, status: 0, body: { error: String(err.message ?? err) } }; }
  let body = {};
  try { body = await res.json(); } catch { body = { error: res.statusText }; }
  return { ok: res.ok, status: res.status, body };
}

async function findRoom(box) {
  const number = roomLook.number.replace(/\s+/g, "");
  roomLook.answer = null;
  roomLook.error = /^\d{6}$/.test(number) ? "" : t("room_bad");
  if (!roomLook.error) {
    const { ok, status, body } = await roomRequest(`/api/rooms/${number}`);
    if (ok) roomLook.answer = body; else roomLook.error = roomError(status, String(body.error ?? ""), number);
  }
  drawRoom(box);
}

async function takeRoomSeat(box, number, player) {
  const { ok, status, body } = await roomRequest(`/api/rooms/${number}/seats/${player}`, { method: "POST" });
  if (!ok) {
    roomLook.error = roomError(status, String(body.error ?? ""), number);
    if (status === 409) {  // taken meanwhile: show the seats as they are now
      const again = await roomRequest(`/api/rooms/${number}`);
      roomLook.answer = again.ok ? again.body : null;
    }
    drawRoom(box);
    return;
  }
  const seat = roomLook.answer?.players.find((p) => p.player === player);
  rememberSeats(body.id, { [player]: { join: body.join, name: seat?.name ?? "", mine: true } }, roomLook.answer?.rules ?? null);
  location.href = body.join;
}

function drawRoom(box) {
  const input = el("input", { id: "room-input", inputmode: "numeric", autocomplete: "off", maxlength: "7",
    placeholder: t("room_number"), "aria-label": t("room_number"), value: roomLook.number });
  input.addEventListener("input", () => { roomLook.number = input.value; });
  const form = el("form", { class: "room-form" }, input, el("button", { type: "submit", id: "room-find" }, t("room_find")));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); findRoom(box); });
  const result = el("div", { id: "room-result" });
  const answer = roomLook.answer;
  if (answer) {
    const number = answer.room;
    result.append(el("div", {}, el("strong", {}, `${t("room")} ${number.slice(0, 3)} ${number.slice(3)}`),
      ` · ${rulesetTitle(answer.rules)} · ${handLabel(answer.label)}`));
    for (const p of answer.players) {
      const who = p.kind === "bot" ? `${p.name} (${t("bot")})` : p.name;
      const take = p.open
        ? el("button", { type: "button", class: "primary take-seat", "data-player": String(p.player),
          onclick: (ev) => { ev.currentTarget.disabled = true; takeRoomSeat(box, number, p.player); } }, t("room_take"))
        : el("span", { class: "muted" }, p.kind === "bot" ? "" : t("room_held"));
      result.append(el("div", { class: "room-seat", "data-player": String(p.player) }, `${seatAndName(p.player, who)} `, take));
    }
    if (!answer.players.some((p) => p.open)) result.append(el("div", { class: "muted" }, t("room_none_open")));
    result.append(el("div", {}, el("a", { href: answer.watch, class: "button-link", id: "room-watch" }, t("watch"))));
  }
  box.replaceChildren(el("h2", {}, t("room_join")), form, el("div", { class: "error", id: "room-error" }, roomLook.error), result);
}

function roomBox() {
  const box = el("section", { id: "room-box", class: "card" });
  drawRoom(box);
  return box;
}

// A logged-in player's tables (rejoin from any device) and finished games (replay, record) from
// /api/me/tables, then the seats only this browser knows (a guest's, invitations made): "Your seats".
let accountView = null;  // the last /api/me/tables answer, null for a guest
let filledFor;           // the account whose tables the area shows (undefined: not filled yet)

async function fillAccountArea(area) {
  accountView = null;
  filledFor = accountName();
  if (filledFor !== null) {
    try { accountView = await getJSON("/api/me/tables"); } catch { accountView = null; }
  }
  const parts = [];
  if (accountView) parts.push(accountTables(accountView), accountGames(accountView));
  const seats = mySeats(listedTables, accountView);
  if (seats) parts.push(seats);
  area.replaceChildren(...parts);
  applyI18n(area);
}

// "Player 2 Ann"; a seat's default name says what the label does ("Player 1 Player 1" read twice).
function seatAndName(player, name) {
  const seat = `${t("seat")} ${player + 1}`;
  const own = (name ?? "").trim();
  return own && ![seat.toLowerCase(), `player ${player + 1}`, `玩家 ${player + 1}`].includes(own.toLowerCase()) ? `${seat} ${own}` : seat;
}

// The player's own total, then all four in player order.
function totalsText(item) { return item.totals ? `${t("total")} ${item.totals[item.player]} (${item.totals.join(" / ")})` : ""; }

function accountTables(view) {
  const box = el("section", { id: "account-tables", class: "card" }, el("h2", {}, t("acct_tables")),
    el("div", { class: "muted" }, t("acct_tables_note")));
  if (!view.playing.length) box.append(el("div", { class: "muted" }, t("acct_none")));
  for (const item of view.playing) {
    const room = item.room ? ` · ${t("room")} ${item.room}` : "";
    box.append(el("div", { class: "account-table", "data-table": item.id, "data-player": String(item.player) },
      el("strong", {}, `${rulesetTitle(item.rules)} · ${handLabel(item.label)}`), ` · ${seatAndName(item.player, item.name)}${room} `,
      el("a", { href: item.join, class: "button-link rejoin-link", "data-table": item.id, "data-player": String(item.player) }, t("acct_rejoin"))));
  }
  return box;
}

function accountGames(view) {
  const box = el("section", { id: "account-games", class: "card" }, el("h2", {}, t("acct_games")));
  if (!view.finished.length) box.append(el("div", { class: "muted" }, t("acct_none")));
  for (const item of view.finished) {
    box.append(el("div", { class: "account-game", "data-table": item.id },
      el("strong", {}, `${rulesetTitle(item.rules)}`), ` · ${new Date(item.created * 1000).toLocaleDateString(lang() === "zh" ? "zh-CN" : "en")}`,
      ` · ${seatAndName(item.player, item.name)} · ${totalsText(item)} `,
      el("a", { href: item.replay, class: "button-link replay-link" }, t("replay_game")), " ",
      el("a", { href: item.record, class: "button-link record-link", download: "" }, t("acct_record"))));
  }
  return box;
}

let listedTables = [];
async function tableList() {
  const box = el("section", {}, el("h2", {}, t("tables")));
  let tables = [];
  try { tables = await getJSON("/api/tables"); } catch (err) { box.append(el("div", { class: "error" }, err.message)); }
  listedTables = tables;
  if (!tables.length) { box.append(el("div", { class: "muted" }, t("none"))); return box; }
  const rows = el("table", { class: "grid" });
  rows.append(el("tr", {}, el("th", {}, t("table_id")), el("th", {}, t("rules")), el("th", {}, t("hand")),
    el("th", {}, t("players")), el("th", {}, ""), el("th", {}, "")));
  const mine = knownSeats();
  for (const tab of tables) {
    const own = Object.entries((mine[tab.id] || {}).links || {}).filter(([, link]) => link.join);
    const play = tab.status === "playing" && own.length
      ? el("span", {}, ...own.map(([p, link]) => el("a", { href: link.join, class: "play-link", "data-player": p }, `${t("play")} ${Number(p) + 1} `))) : "";
    const names = tab.players.map((p, i) => `${p.name}${p.connected ? " ●" : ""} ${tab.totals ? tab.totals[i] : ""}`).join(", ");
    const replayCell = tab.status === "finished" ? el("a", { href: `/replay?game=${tab.id}` }, t("replay_game")) : "";
    rows.append(el("tr", {}, el("td", {}, tab.id), el("td", { "data-rules": tab.rules }, rulesetTitle(tab.rules)),
      el("td", {}, `${handLabel(tab.label)} ${t(tab.status)}`, tab.practice ? el("div", { class: "muted practice" }, t("practice")) : ""),
      el("td", {}, names),
      el("td", {}, play, el("a", { href: `/table/${tab.id}` }, t("watch"))), el("td", {}, replayCell)));
  }
  box.append(el("div", { class: "scroll" }, rows));
  return box;
}

// The tables this browser created or sat at, with their links (seats.js): a closed tab's way back. A seat
// the logged-in account already lists under "My tables" is not listed twice.
function mySeats(tables, view = null) {
  const listed = new Map(tables.map((tab) => [tab.id, tab]));
  const bound = new Set((view ? view.playing : []).map((item) => `${item.id}/${item.player}`));
  const box = el("section", { id: "my-tables", class: "card" }, el("h2", {}, t("my_tables")));
  for (const entry of Object.values(knownSeats()).sort((a, b) => b.at - a.at)) {
    const tab = listed.get(entry.table);
    if (!tab || tab.status !== "playing") continue;
    const row = el("div", { class: "my-table", "data-table": entry.table }, el("strong", {}, `${entry.table} · ${rulesetTitle(tab.rules)} · ${handLabel(tab.label)}: `));
    for (const [p, link] of Object.entries(entry.links || {})) {
      const href = link.join ?? link.invite;
      if (!href || bound.has(`${entry.table}/${p}`)) continue;
      const url = new URL(href, location.href).href;
      const copy = el("button", { type: "button", onclick: async () => {
        try { await navigator.clipboard.writeText(url); copy.textContent = t("copied"); } catch { copy.textContent = url; }
      } }, t("copy"));
      row.append(el("span", { class: "seat-link" }, el("a", { href, class: link.join ? "play-link" : "invite-link", "data-player": p },
        `${link.join ? t("play") : t("invite")} ${Number(p) + 1} ${link.name ?? ""}`), " ", copy, " "));
    }
    if (row.childNodes.length > 1) box.append(row);
  }
  return box.childNodes.length > 1 ? box : null;
}

let drawn = 0;  // the latest render: an older one that finishes later is dropped
async function render() {
  const mine = ++drawn;
  const list = await tableList();
  const area = el("div", { id: "account-area" });
  await fillAccountArea(area);
  if (mine !== drawn) return;
  app.replaceChildren(el("h1", {}, "majiang"), links(), roomBox(), area, form(), list);
  applyI18n();
  if (filledFor !== accountName()) fillAccountArea(area);  // logged in or out while this was drawn
}

// A log-in or log-out redraws only the account's part, so a half-filled form is kept.
window.addEventListener("majiang-account", () => {
  const area = document.getElementById("account-area");
  if (area) fillAccountArea(area);
  showRated();
});

async function start() {
  navBar(render);
  try {
    [rulesets, bots] = await Promise.all([getJSON("/api/rulesets"), getJSON("/api/bots"), loadNames()]);
  } catch (err) {
    app.textContent = `${t("error")}: ${err.message}`;
    return;
  }
  await render();
  if (roomLook.number) findRoom(document.getElementById("room-box"));
}

start();

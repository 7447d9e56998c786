// Tournaments (/api/tournaments, docs/web.md "Tournaments"): at /tournament the list and the form that
// creates one; at /tournament/ID one tournament: its rounds' tables in seat order with the round's wall
// seed, a referee's score sheet per table (four totals, or each hand's changes pasted), bots to play a
// table, an abandoned table scored as far as played, "pair the next round", the standings and the exports.
// Every change sends the version the page shows: a change made elsewhere meanwhile is refused (409), and the
// page reloads and says so. Refusals are told in the page's language by their code.
import { t, applyI18n, lang, windName } from "./i18n.js";
import { navBar } from "./nav.js";
import { el } from "./picker.js";
import { accountName, accountKnown } from "./account.js";
import { loadNames, catalogue, rulesetTitle, botName } from "./names.js";

const app = document.getElementById("app");
const path = location.pathname.split("/").filter(Boolean);
const tournamentId = path[1] || new URLSearchParams(location.search).get("id");

let data = null;        // the tournament shown (GET /api/tournaments/ID), or the list
let refusal = null;     // the last refusal {code, params, error}, kept to redraw in the other language
let busy = false;

// A refusal in the page's language: English says the server's own words; 中文 by the refusal's code.
function refusalText(r) {
  if (lang() !== "zh" || !r.code) return r.error;
  const words = t(`tn_e_${r.code}`);
  if (words === `tn_e_${r.code}`) return `${t("tn_e_refused")}（${r.error}）`;
  return words.replace(/\{(\w+)\}/g, (_, k) => (r.params && r.params[k] !== undefined ? String(r.params[k]) : ""));
}

function showRefusal() {
  const box = document.getElementById("error");
  if (box) box.textContent = refusal ? `${t("error")}: ${refusalText(refusal)}` : "";
}

async function call(method, url, body) {
  const res = await fetch(url, { method, headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body) });
  let out = {};
  try { out = await res.json(); } catch { out = { error: res.statusText }; }
  if (!res.ok) {
    const err = new Error(out.error || res.statusText);
    err.refusal = { status: res.status, code: out.code || "refused", params: out.params || {}, error: String(out.error || res.statusText) };
    throw err;
  }
  return out;
}

// One change to the tournament: sent with the version shown; on success the answer is the tournament now.
async function change(url, body, button) {
  if (busy) return;
  busy = true;
  refusal = null;
  showRefusal();
  const buttons = [...app.querySelectorAll("button.tn-act")].map((b) => [b, b.disabled]);
  for (const [b] of buttons) b.disabled = true;
  const label = button ? button.textContent : "";
  if (button) button.textContent = t("tn_working");
  let redraw = true;
  try {
    data = await call("POST", url, { ...body, version: data.version });
  } catch (err) {
    refusal = err.refusal || { code: "refused", params: {}, error: err.message };
    if (refusal.status === 409 && (refusal.code === "stale" || refusal.code === "conflict")) {
      try { data = await call("GET", `/api/tournaments/${tournamentId}`); } catch { /* keep the page */ }
    } else {
      redraw = false;  // the tournament is as shown: keep what was typed, to be corrected
    }
  } finally {
    busy = false;
  }
  if (redraw) {
    drawOne();
  } else {
    for (const [b, was] of buttons) b.disabled = was;
    if (button) button.textContent = label;
  }
  showRefusal();
}

function num(x) { return Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100); }
function isOrganiser() { return data && accountName() !== null && accountName() === data.organiser; }

// -- the list and the form ------------------------------------------------------------------------------

function createForm() {
  const rules = el("select", { id: "tn-rules" });
  for (const name of Object.keys(catalogue().rulesets)) rules.append(el("option", { value: name }, rulesetTitle(name)));
  const byes = el("select", { id: "tn-byes" }, el("option", { value: "bye" }, t("tn_byes_bye")), el("option", { value: "refuse" }, t("tn_byes_refuse")));
  const form = el("form", { class: "tn-form", id: "tn-create" },
    el("label", { class: "wide" }, t("tn_name"), el("input", { id: "tn-name", maxlength: "80" })),
    el("label", { class: "wide" }, t("tn_players"), el("textarea", { id: "tn-players", placeholder: t("tn_players_hint"), spellcheck: "false" })),
    el("label", {}, t("tn_rounds"), el("input", { id: "tn-rounds", type: "number", min: "1", max: "100", value: "4" })),
    el("label", {}, t("rules"), rules),
    el("label", {}, t("tn_hands"), el("input", { id: "tn-hands", type: "number", min: "1", max: "64", placeholder: t("tn_hands_default") })),
    el("label", {}, t("tn_byes"), byes),
    el("label", {}, t("tn_points"), el("input", { id: "tn-points", value: "4, 2, 1, 0", size: "10" })),
    el("label", {}, t("seed"), el("input", { id: "tn-seed", type: "number", min: "0", placeholder: t("random_seed") })),
    el("label", { class: "wide" }, t("tn_options"), el("textarea", { id: "tn-options", class: "options", placeholder: "profile=wmo2014", spellcheck: "false" })),
    el("button", { type: "submit", class: "primary tn-act", id: "tn-create-button" }, t("tn_create")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const value = (id) => form.querySelector(id).value.trim();
    const body = { name: value("#tn-name"), players: value("#tn-players"), rounds: Number(value("#tn-rounds")),
      rules: rules.value, byes: byes.value,
      points: value("#tn-points").split(/[,，\s]+/).filter(Boolean).map(Number) };
    if (value("#tn-hands")) body.hands = Number(value("#tn-hands"));
    if (value("#tn-seed")) body.seed = Number(value("#tn-seed"));
    const options = value("#tn-options").split(/\n+/).map((x) => x.trim()).filter(Boolean);
    if (options.length) body.options = options;
    refusal = null;
    showRefusal();
    try {
      const made = await call("POST", "/api/tournaments", body);
      location.href = made.page;
    } catch (err) {
      refusal = err.refusal || { code: "refused", params: {}, error: err.message };
      showRefusal();
    }
  });
  return form;
}

// What is typed into the form that creates a tournament, by field, with the field being typed in: the list
// is drawn again when the account arrives or the language changes, and nobody should lose a half-filled
// form (or the field they were in) to that.
function formTyped() {
  const kept = new Map();
  for (const field of app.querySelectorAll("#tn-create :is(input, textarea, select)[id]")) kept.set(field.id, field.value);
  const active = document.activeElement;
  const focus = active && active.id && kept.has(active.id) ? active.id : null;
  return { kept, focus };
}

function formRetype({ kept, focus }) {
  for (const [id, value] of kept) {
    const field = document.getElementById(id);
    if (field) field.value = value;
  }
  if (focus) document.getElementById(focus)?.focus();
}

function drawList() {
  const typedForm = formTyped();
  const list = el("table", { class: "grid tn-standings", id: "tn-list" },
    el("tr", {}, el("th", {}, t("tn_name")), el("th", {}, t("rules")), el("th", { class: "num" }, t("players")),
      el("th", { class: "num" }, t("tn_round")), el("th", { class: "wide" }, t("tn_organiser"))));
  for (const item of data.tournaments) {
    const status = item.finished ? t("finished") : `${item.rounds_paired} / ${item.rounds_planned}`;
    list.append(el("tr", { "data-id": item.id },
      el("td", {}, el("a", { href: item.page }, item.name || item.id)), el("td", {}, rulesetTitle(item.rules)),
      el("td", { class: "num" }, String(item.players)), el("td", { class: "num" }, status),
      el("td", { class: "wide" }, item.organiser)));
  }
  const known = accountKnown();
  app.replaceChildren(el("h1", {}, t("tn_title")), el("p", { class: "muted" }, t("tn_note")),
    el("div", { class: "error", id: "error" }),
    el("h2", {}, t("tn_new")),
    known && accountName() === null ? el("p", { class: "muted", id: "tn-login" }, t("tn_login")) : createForm(),
    el("h2", {}, t("tn_list")),
    data.tournaments.length ? el("div", { class: "scroll" }, list) : el("p", { class: "muted" }, t("none")));
  formRetype(typedForm);
  showRefusal();
}

// -- one tournament -------------------------------------------------------------------------------------

const WINDS = ["E", "S", "W", "N"];

function parseHands(text) {
  // one hand a line: four whole numbers in seat order (spaces, commas or tabs between)
  const rows = text.split(/\n/).map((l) => l.trim()).filter(Boolean);
  return rows.map((line) => line.split(/[\s,，]+/).map((x) => (/^[+-]?\d+$/.test(x) ? Number(x) : x)));
}

function tableCard(round, table, open) {
  const r = table.result;
  const result = r ? el("span", { class: "tag" + (r.abandoned ? " abandoned" : "") },
    r.abandoned ? t("tn_abandoned") : r.played ? t("tn_by_bots") : t("tn_by_sheet")) : null;
  const seats = el("table", { class: "seats" });
  const inputs = [];
  const sum = el("span", { class: "sum" });
  const start = data.starting_score;
  function updateSum() {
    const total = inputs.reduce((a, i) => a + (Number(i.value) || 0), 0);
    sum.textContent = `${t("tn_sum")} ${total - 4 * start} `;
    sum.classList.toggle("bad", total !== 4 * start);
  }
  table.players.forEach((p, s) => {
    let cell;
    if (r) {
      cell = [el("td", { class: "num" }, String(r.totals[s])), el("td", { class: "num" }, `${num(r.table_points[s])} ${t("tn_pts")}`)];
    } else if (open) {
      const input = el("input", { type: "number", inputmode: "numeric", step: "1", "data-seat": String(s), "aria-label": p });
      input.addEventListener("input", updateSum);
      inputs.push(input);
      cell = [el("td", { class: "num" }, input)];
    } else {
      cell = [el("td", { class: "num muted" }, "–")];
    }
    seats.append(el("tr", {}, el("td", { class: "muted" }, windName(WINDS[s])), el("td", {}, p), ...cell));
  });
  const card = el("div", { class: "card tn-table", "data-round": String(round.number), "data-table": String(table.number) },
    el("h3", {}, t("tn_table_n").replace("{n}", String(table.number)), result), seats);
  if (table.live && !r) card.append(liveBox(table.live));
  if (!r && open) {
    updateSum();
    const pasted = el("textarea", { class: "hands", placeholder: t("tn_hands_hint"), spellcheck: "false" });
    const base = `/api/tournaments/${data.id}/rounds/${round.number}/tables/${table.number}`;
    const enter = el("button", { type: "button", class: "primary tn-act enter" }, t("tn_enter"));
    enter.addEventListener("click", () => {
      const hands = parseHands(pasted.value);
      const filled = inputs.some((i) => i.value !== "");
      const body = {};
      if (filled || !hands.length) body.totals = inputs.map((i) => (i.value === "" ? 0 : Number(i.value)));
      if (hands.length) body.hands = hands;
      change(`${base}/result`, body, enter);
    });
    const bots = el("button", { type: "button", class: "tn-act play" }, t("tn_play"));
    bots.addEventListener("click", () => change(`${base}/play`, { bot: document.getElementById("tn-bot").value }, bots));
    const live = table.live ? null : el("button", { type: "button", class: "tn-act live" }, t("tn_live"));
    if (live) live.addEventListener("click", () => change(`${base}/live`, {}, live));
    const abandon = el("button", { type: "button", class: "tn-act abandon" }, t("tn_abandon"));
    abandon.addEventListener("click", () => {
      if (!confirm(t("tn_abandon_confirm"))) return;
      change(`${base}/abandon`, { hands: parseHands(pasted.value) }, abandon);
    });
    card.append(el("div", {}, sum), el("label", { class: "wide" }, t("tn_or_hands")), pasted,
      el("div", { class: "buttons" }, enter, bots, live, abandon));
  }
  return card;
}

// A table played live on the server: the watch link, the room number, and for the organiser each seat's
// one-use invitation (to hand to that player) until the seat is taken.
function liveBox(live) {
  const box = el("div", { class: "tn-live" }, el("p", {}, `${t("tn_live_on")} · `,
    el("a", { href: live.watch, class: "watch" }, t("watch")), live.room ? ` · ${t("room")} ${live.room}` : ""));
  for (const s of live.seats) {
    const link = s.invite ? el("a", { href: s.invite, class: "invite", "data-player": String(s.player) }, t("tn_invite")) : null;
    if (s.invite) box.append(el("div", { class: "seat-invite" }, `${s.name}: `, link));
    else if (s.taken) box.append(el("div", { class: "muted" }, `${s.name}: ${t("room_held")}`));
  }
  return box;
}

function roundBox(round, latest) {
  const open = isOrganiser();
  const box = el("details", { class: "tn-round", "data-round": String(round.number) },
    el("summary", {}, t("tn_round_n").replace("{n}", String(round.number)) + (round.finished ? " ✓" : "")),
    round.seed_text ? el("p", { class: "muted" }, t("tn_walls").replace("{seed}", round.seed_text)) : el("p", { class: "muted" }, t("tn_walls_hidden")),
    round.byes.length ? el("p", {}, `${t("tn_bye_list")}: ${round.byes.join(", ")}`) : null,
    el("div", { class: "cards" }, ...round.tables.map((table) => tableCard(round, table, open))));
  if (latest) box.open = true;
  return box;
}

function standingsTable() {
  const head = [["#", "num"], [t("players"), ""], [t("tn_points_col"), "num"], [t("tn_score"), "num"],
    [t("tn_firsts"), "num wide"], [t("tn_best"), "num wide"], [t("tn_tables"), "num wide"], [t("tn_byes_col"), "num wide"]];
  const rounds = data.rounds.map((r) => [`R${r.number}`, "num wide"]);
  const table = el("table", { class: "grid tn-standings", id: "tn-standings" },
    el("tr", {}, ...[...head, ...rounds].map(([h, c]) => el("th", { class: c }, h))));
  for (const s of data.standings) {
    table.append(el("tr", { "data-player": s.player },
      el("td", { class: "num" }, String(s.place)), el("td", {}, s.player), el("td", { class: "num" }, num(s.table_points)),
      el("td", { class: "num" }, String(s.score)), el("td", { class: "num wide" }, String(s.firsts)),
      el("td", { class: "num wide" }, s.best === null ? "–" : String(s.best)), el("td", { class: "num wide" }, String(s.tables)),
      el("td", { class: "num wide" }, String(s.byes)),
      ...s.rounds.map((x) => el("td", { class: "num wide" }, x === null ? "–" : num(x)))));
  }
  return table;
}

// What is typed into the open tables' sheets, by round, table and field, kept across a redraw (another
// table's result coming in, the look every 5 s at a live table) so nobody loses a half-entered sheet.
function typed() {
  const kept = new Map();
  for (const card of app.querySelectorAll(".tn-table")) {
    for (const field of card.querySelectorAll("input[data-seat], textarea.hands")) {
      if (field.value !== "") kept.set(`${card.dataset.round}.${card.dataset.table}.${field.dataset.seat ?? "hands"}`, field.value);
    }
  }
  return kept;
}

function retype(kept) {
  for (const card of app.querySelectorAll(".tn-table")) {
    for (const field of card.querySelectorAll("input[data-seat], textarea.hands")) {
      const value = kept.get(`${card.dataset.round}.${card.dataset.table}.${field.dataset.seat ?? "hands"}`);
      if (value !== undefined) { field.value = value; field.dispatchEvent(new Event("input")); }
    }
  }
}

function drawOne() {
  const kept = typed();
  const chosenBot = document.getElementById("tn-bot")?.value;
  const d = data;
  const organiser = isOrganiser();
  const paired = d.rounds.length;
  const state = d.finished ? t("tn_finished") : t("tn_after").replace("{n}", String(paired)).replace("{m}", String(d.rounds_planned));
  const bot = el("select", { id: "tn-bot" });
  for (const name of Object.keys(catalogue().bots || {})) bot.append(el("option", { value: name }, botName(name)));
  if (bot.querySelector('option[value="efficiency"]')) bot.value = "efficiency";
  const pair = el("button", { type: "button", class: "primary tn-act", id: "tn-pair" }, t("tn_pair"));
  pair.disabled = !d.can_pair;
  pair.addEventListener("click", () => change(`/api/tournaments/${d.id}/rounds`, {}, pair));
  const tools = organiser
    ? el("div", { class: "tn-links" }, pair, el("label", {}, t("tn_bot"), bot))
    : el("p", { class: "muted", id: "tn-viewer" }, t("tn_viewer").replace("{name}", d.organiser));
  app.replaceChildren(
    el("h1", {}, d.name || t("tn_title")),
    el("p", {}, `${rulesetTitle(d.rules)} · ${d.players.length} ${t("players")} · ${state} · ${t("tn_points")} ${d.points.map(num).join("/")}` +
      ` · ${t("tn_hands")} ${d.hands} · ${t("tn_organiser")} ${d.organiser}`),
    el("div", { class: "tn-links" }, el("a", { href: "/tournament" }, t("tn_list")),
      el("a", { href: d.csv, id: "tn-csv", download: "" }, t("tn_csv")),
      el("a", { href: d.printable, id: "tn-print", target: "_blank", rel: "noopener" }, t("tn_print"))),
    tools, el("div", { class: "error", id: "error" }),
    ...[...d.rounds].reverse().map((r, i) => roundBox(r, i === 0)),
    el("h2", {}, t("standings")), el("div", { class: "scroll" }, standingsTable()));
  app.dataset.version = String(d.version);
  retype(kept);
  if (chosenBot) bot.value = chosenBot;
  showRefusal();
  // a live table books its result when it ends: look again now and then while one is being played
  clearTimeout(watching);
  const playing = d.rounds.some((r) => r.tables.some((x) => x.live && !x.result));
  if (playing) watching = setTimeout(refresh, 5000);
}

let watching = null;
async function refresh() {
  if (busy || !tournamentId) return;
  if (app.contains(document.activeElement) && /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName)) {
    watching = setTimeout(refresh, 5000);  // not while someone types: later
    return;
  }
  try { data = await call("GET", `/api/tournaments/${encodeURIComponent(tournamentId)}`); drawOne(); } catch { /* try again later */ }
}

async function load() {
  try {
    data = tournamentId ? await call("GET", `/api/tournaments/${encodeURIComponent(tournamentId)}`) : await call("GET", "/api/tournaments");
  } catch (err) {
    refusal = err.refusal || { code: "refused", params: {}, error: err.message };
    app.replaceChildren(el("h1", {}, t("tn_title")), el("div", { class: "error", id: "error" }), el("a", { href: "/tournament" }, t("tn_list")));
    showRefusal();
    return;
  }
  draw();
}

function draw() {
  if (!data) return;
  if (tournamentId) drawOne(); else drawList();
  applyI18n();
}

async function start() {
  await loadNames();
  await load();
  // the organiser's tools appear once the account is known
  window.addEventListener("majiang-account", () => draw());
}

navBar(() => draw());
start();

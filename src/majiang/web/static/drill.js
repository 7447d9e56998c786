// Drills (seed 000's training): 何切 (click the tile to discard), 听什么 (pick the waits), 算番 (the total).
// The server asks the question, keeps its answer, judges ours once (GET /api/drills/question, POST
// /api/drills/answer); a logged-in player's progress per drill, with a chart and a goal (/api/drills/progress,
// /api/drills/goal).
import { t, lang, applyI18n, fanName } from "./i18n.js";
import { navBar } from "./nav.js";
import { tileElement, meldElement, splitHand, splitTiles } from "./tiles.js";
import { el, picker, postJSON } from "./picker.js";
import { loadNames, catalogue, rulesetTitle } from "./names.js";

const app = document.getElementById("app");
const query = new URLSearchParams(location.search);
const DRILLS = ["discard", "waits", "fans"];
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The scores as a line of their running mean (the last 100), with the goal as a dashed line. */
function chart(scores, goal) {
  const w = 500, h = 110;
  const box = svg("svg", { class: "chart", id: "chart", viewBox: `0 0 ${w} ${h}`, preserveAspectRatio: "none" });
  let sum = 0;
  const means = scores.map((s, i) => (sum += s) / (i + 1));
  const y = (v) => (h - 5 - v * (h - 10)).toFixed(1);
  if (means.length) {
    const step = means.length > 1 ? w / (means.length - 1) : 0;
    const points = means.map((m, i) => `${(i * step).toFixed(1)},${y(m)}`).join(" ");
    box.append(svg("polyline", { class: "line", points: means.length > 1 ? points : `0,${y(means[0])} ${w},${y(means[0])}` }));
  }
  if (goal !== null) box.append(svg("line", { class: "goal", x1: 0, x2: w, y1: y(goal), y2: y(goal) }));
  return box;
}

function pct(x) { return `${Math.round(x * 100)}%`; }

const WIN_BY = { discard: "discard_win", "self-drawn": "self_draw", "kong-replacement": "kong_replacement", "robbing-kong": "robbing" };

function tiles(notation) { return splitTiles(notation).map((x) => tileElement(x, "small")); }

/** A discard's figures (detail.figures) in words: how far from ready, the live tiles, those to a legal win. */
function figuresText(f) {
  const away = f.shanten === 0 ? t("dr_ready") : f.shanten >= 99 ? t("dr_beyond") : t("dr_from_ready").replace("{n}", f.shanten);
  const wins = f.legal_live === null || f.legal_live === undefined ? "" : `, ${t("dr_legal_live").replace("{n}", f.legal_live)}`;
  return `${away}, ${t("dr_live").replace("{n}", f.live)}${wins}`;
}

/** A fan of the scorer's breakdown: its name in the page's language alone (the table shows both). */
function fanLabel(f) {
  if (lang() === "zh") return f.name ?? f.zh ?? "";
  return fanName(f);
}

/** Why, worded here from the verdict's facts (detail), so it reads in the page's language; the server's
 * English sentence (why) only where an older server sent no facts. */
function whyNode(drill, v) {
  const d = v.detail;
  const box = el("div", { class: "why" });
  if (!d || !Object.keys(d).length) { box.append(v.why); return box; }
  if (drill === "discard") {
    box.append(el("div", {}, ...tiles(d.answer), ` ${figuresText(d.figures)}`));
    if (!v.correct) box.append(el("div", {}, `${t("dr_best")} `, ...v.best.flatMap(tiles), ` ${figuresText(d.best_figures)}`));
  } else if (drill === "waits") {
    box.append(el("div", {}, `${t("dr_waits_are")} `, ...d.waits.flatMap(tiles)));
    if (d.missed.length) box.append(el("div", {}, `${t("dr_missed")} `, ...d.missed.flatMap(tiles)));
    if (d.wrong.length) box.append(el("div", {}, `${t("dr_not_waits")} `, ...d.wrong.flatMap(tiles)));
  } else {
    box.append(el("div", {}, `${v.correct ? t("dr_right") : t("dr_given").replace("{n}", d.given)} ${t("dr_total_is").replace("{n}", d.total)}`));
    const fans = d.score ? d.score.fans || d.score.wins || [] : [];
    if (fans.length) {
      const list = el("ul", { class: "fans" });
      for (const f of fans) {
        const value = f.value ?? f.points ?? "";
        list.append(el("li", { "data-fan": f.id ?? f.name ?? "" }, `${fanLabel(f)}${value === "" ? "" : ` ${value}`}${f.count > 1 ? ` × ${f.count}` : ""}`));
      }
      box.append(el("div", {}, t("dr_fans_were")), list);
    }
  }
  return box;
}

/** Where a question comes from (origin), in the page's language: the game (a table here, or a seeded bot
 * game), the hand, the move or whose win; the server's English line (source) for a question without it. */
function sourceText(q) {
  const o = q.origin;
  if (!o || o.hand === undefined) return q.source;
  const from = o.game ? t("dr_from_game").replace("{id}", o.game) : o.bot_seed ? t("dr_from_bots").replace("{n}", o.bot_seed) : null;
  const at = o.move !== undefined ? t("dr_move").replace("{n}", o.move) : t("dr_win_of").replace("{n}", o.seat);
  return [from, t("dr_hand").replace("{n}", o.hand), at].filter(Boolean).join(lang() === "zh" ? " " : ", ");
}

/** The facts of a 算番 question's win (context): how it was won, the flowers, the ruleset's table note. */
function factsNode(c) {
  if (!c.win_by) return el("p", { id: "facts" }, c.facts);  // a question stored before the facts as data
  const parts = [`${t("win_by")}: ${t(WIN_BY[c.win_by] ?? c.win_by)}`];
  if (c.flowers) parts.push(`${t("flowers")} ${c.flowers}`);
  if (c.note) parts.push(c.note);
  return el("p", { id: "facts" }, parts.join(" · "));
}

function progressBox(p, drill, onGoal) {
  const rows = el("table", { class: "grid board", id: "progress" });
  rows.append(el("tr", {}, ...[["dr_drill", ""], ["dr_answered", "num"], ["dr_correct", "num"], ["dr_mean", "num"],
    ["dr_recent", "num"], ["dr_goal", ""]].map(([k, c]) => el("th", { class: c }, t(k)))));
  for (const d of p.drills) {
    const goal = d.goal === null ? "–" : `${pct(d.goal)}${d.by ? ` (${d.by})` : ""} ${d.met ? "✓" : ""}`;
    rows.append(el("tr", { "data-drill": d.drill }, el("td", {}, t(`dr_${d.drill}`)), el("td", { class: "num" }, String(d.answered)),
      el("td", { class: "num" }, pct(d.correct)), el("td", { class: "num" }, pct(d.mean)),
      el("td", { class: "num" }, pct(d.recent_mean)), el("td", {}, goal)));
  }
  const mine = p.drills.find((d) => d.drill === drill);
  const target = el("input", { type: "number", id: "goal-target", min: "1", max: "100", step: "1",
    value: mine && mine.goal !== null ? String(Math.round(mine.goal * 100)) : "80" });
  const by = el("input", { type: "date", id: "goal-by", value: mine && mine.by ? mine.by : "" });
  const set = el("button", { type: "button", id: "set-goal", onclick: () => onGoal(Number(target.value) / 100, by.value || null) }, t("dr_set_goal"));
  return el("div", { class: "entry", id: "progress-box" }, el("h2", {}, t("dr_progress")), el("div", { class: "scroll" }, rows),
    el("p", {}, `${t(`dr_${drill}`)}: ${t("dr_chart")}`), chart(mine ? mine.scores : [], mine ? mine.goal : null),
    el("div", {}, el("label", {}, t("dr_goal"), target, "%"), el("label", {}, t("dr_by"), by), set));
}

async function start() {
  await loadNames();
  const rules = el("select", { id: "rules" });
  for (const name of Object.keys(catalogue().rulesets)) rules.append(el("option", { value: name }, rulesetTitle(name)));
  rules.value = query.get("rules") || "mcr";
  const drill = el("select", { id: "drill" });
  for (const d of DRILLS) drill.append(el("option", { value: d }, t(`dr_${d}`)));
  drill.value = DRILLS.includes(query.get("drill")) ? query.get("drill") : "discard";
  const error = el("div", { class: "error", id: "error" });
  const asked = el("div", { id: "question-box" });
  const verdictBox = el("div", { id: "verdict-box" });
  const progress = el("div", { id: "progress-area" });
  let question = null;

  async function showProgress(data = null) {
    try {
      if (!data) {
        const res = await fetch("/api/drills/progress");
        if (res.status === 401) { progress.replaceChildren(el("p", { class: "muted", id: "guest-note" }, t("dr_guest"))); return; }
        data = await res.json();
      }
      progress.replaceChildren(progressBox(data, drill.value, setGoal));
    } catch (err) { error.textContent = `${t("error")}: ${err.message}`; }
  }

  async function setGoal(target, by) {
    error.textContent = "";
    try { await showProgress(await postJSON("/api/drills/goal", { drill: drill.value, target, by })); }
    catch (err) { error.textContent = `${t("error")}: ${err.message}`; }
  }

  async function answer(text) {
    error.textContent = "";
    try {
      const v = await postJSON("/api/drills/answer", { id: question.id, answer: text });
      const best = el("span", {}, ...(question.drill === "fans" ? [v.best.join(" ")] : v.best.flatMap((x) => splitTiles(x)).map((x) => tileElement(x, "small"))));
      verdictBox.replaceChildren(el("div", { class: `verdict ${v.correct ? "right" : "wrong"}`, id: "verdict", "data-correct": String(v.correct) },
        el("strong", {}, v.correct ? t("dr_right") : t("dr_wrong")), ` ${t("dr_score")} ${pct(v.score)} · ${t("dr_best")} `, best,
        whyNode(question.drill, v)));
      asked.querySelector(".hand")?.classList.add("locked");
      for (const b of asked.querySelectorAll("button")) b.disabled = true;
      if (v.kept) await showProgress();
    } catch (err) { error.textContent = `${t("error")}: ${err.message}`; }
  }

  function handNode(notation, clickable) {
    const { melds, tiles } = splitHand(notation);
    const box = el("div", { class: "hand", id: "hand" });
    for (const m of melds) box.append(meldElement(m));
    tiles.forEach((x, i) => {
      const last = i === tiles.length - 1;  // 何切: the tile just drawn; 算番: the winning tile
      const node = tileElement(x, last && question.drill === "discard" ? "drawn" : last && question.drill === "fans" ? "win" : "");
      if (clickable) {
        node.tabIndex = 0;
        node.addEventListener("click", () => { if (!box.classList.contains("locked")) answer(x); });
      }
      box.append(node);
    });
    return box;
  }

  function showQuestion(q) {
    question = q;
    verdictBox.replaceChildren();
    const parts = [el("p", {}, t(`dr_ask_${q.drill}`)), handNode(q.hand, q.drill === "discard"),
      el("p", { class: "muted" }, `${t("seat_wind")} ${t("wind_" + q.seat_wind)} · ${t("round_wind")} ${t("wind_" + q.round_wind)}` +
        (q.void ? ` · ${t("void")} ${t("suit_" + q.void)}` : ""))];
    if (q.visible) parts.push(el("div", { class: "muted" }, `${t("visible")}: `, ...splitTiles(q.visible).map((x) => tileElement(x, "tiny"))));
    if (q.context && (q.context.facts || q.context.win_by)) parts.push(factsNode(q.context));
    if (q.drill === "waits") {
      const pick = picker("", () => {}, { meldButtons: false });
      parts.push(pick.node, el("button", { type: "button", class: "primary", id: "answer", onclick: () => answer(pick.input.value) }, t("dr_answer")));
    } else if (q.drill === "fans") {
      const total = el("input", { type: "number", id: "total", step: "1" });
      total.addEventListener("keydown", (ev) => { if (ev.key === "Enter") answer(total.value); });
      parts.push(el("label", {}, t("total"), total), el("button", { type: "button", class: "primary", id: "answer", onclick: () => answer(total.value) }, t("dr_answer")));
    }
    parts.push(el("p", { class: "muted", id: "source" }, `${t("dr_source")}: ${sourceText(q)}`));
    asked.replaceChildren(el("div", { class: "question", "data-drill": q.drill }, ...parts));
  }

  async function ask() {
    error.textContent = "";
    asked.replaceChildren(el("p", { class: "muted" }, t("dr_asking")));
    verdictBox.replaceChildren();
    history.replaceState(null, "", `/drill?${new URLSearchParams({ drill: drill.value, rules: rules.value })}`);
    try {
      const res = await fetch(`/api/drills/question?${new URLSearchParams({ drill: drill.value, rules: rules.value })}`);
      const q = await res.json();
      if (!res.ok) throw new Error(q.error || res.statusText);
      showQuestion(q);
    } catch (err) { asked.replaceChildren(); error.textContent = `${t("error")}: ${err.message}`; }
  }

  drill.addEventListener("change", () => showProgress());
  app.replaceChildren(el("h1", {}, t("nav_drill")), el("p", { class: "muted" }, t("dr_note")),
    el("div", {}, el("label", {}, t("dr_drill"), drill), el("label", {}, t("rules"), rules),
      el("button", { type: "button", class: "primary", id: "ask", onclick: ask }, t("dr_new"))),
    error, asked, verdictBox, progress);
  applyI18n();
  await showProgress();
}

navBar(() => location.reload());
start();

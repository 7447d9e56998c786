// The 考级定段 ladder: a ruleset's leaderboard (accounts and the rated bots: grade, points, rating with its
// uncertainty, games) and, for the player clicked, the entry and its rated games (GET /api/ladder/...).
import { t, applyI18n, lang } from "./i18n.js";
import { navBar } from "./nav.js";
import { el } from "./picker.js";
import { loadNames, catalogue, rulesetTitle, botName } from "./names.js";

const app = document.getElementById("app");
const query = new URLSearchParams(location.search);

function fmt(x, digits = 2) { return x === null || x === undefined ? "–" : Number(x).toFixed(digits); }
function grade(g) { return lang() === "zh" ? g.zh : g.en; }
function who(p) { return p.kind === "bot" ? `${botName(p.bot ?? p.name.slice(4))} (${t("rk_bot")})` : p.name; }

function rating(p) {
  if (p.mu === null) return "–";
  return `${fmt(p.ordinal)} (μ ${fmt(p.mu)}, σ ${fmt(p.sigma)})`;
}

function pointsText(p) {
  return p.next === null ? String(p.points) : `${p.points} / ${p.next}`;
}

function changeText(change) {
  if (!change) return "";
  return el("span", { class: change }, change === "promoted" ? t("rk_promoted") : t("rk_demoted"));
}

async function getJSON(url) {
  const res = await fetch(url);
  const out = await res.json();
  if (!res.ok) throw new Error(out.error || res.statusText);
  return out;
}

function boardTable(board, onPick) {
  const table = el("table", { class: "grid board", id: "board", "data-rules": board.rules });
  const heads = [["#", "num"], [t("rk_player"), ""], [t("rk_grade"), ""], [t("rk_points"), "num"],
    [t("rk_rating"), "num wide"], [t("rk_games"), "num"], [t("rk_places"), "num wide"]];
  table.append(el("tr", {}, ...heads.map(([h, c]) => el("th", { class: c }, h))));
  for (const p of board.players) {
    const link = el("a", { href: `#${encodeURIComponent(p.name)}`, class: "player",
      onclick: (ev) => { ev.preventDefault(); onPick(p.name); } }, who(p));
    table.append(el("tr", { "data-player": p.name },
      el("td", { class: "num" }, String(p.rank)), el("td", {}, link), el("td", { class: "grade" }, p.pro_dan ? p.title : grade(p.grade)),
      el("td", { class: "num points" }, pointsText(p)), el("td", { class: "num wide" }, rating(p)),
      el("td", { class: "num" }, String(p.games)), el("td", { class: "num wide" }, p.places.join(" / "))));
  }
  return table;
}

function entryBox(p) {
  const games = el("table", { class: "grid board", id: "history" });
  games.append(el("tr", {}, ...[[t("rk_when"), ""], [t("rk_place"), "num"], [t("total"), "num"],
    [t("rk_award"), "num"], [t("rk_grade"), ""], [t("rk_rating"), "num wide"]].map(([h, c]) => el("th", { class: c }, h))));
  for (const g of p.history) {
    const when = new Date(g.at * 1000).toLocaleString(lang() === "zh" ? "zh-CN" : "en");
    games.append(el("tr", { "data-table": g.table },
      el("td", {}, el("a", { href: `/replay?game=${encodeURIComponent(g.table)}` }, when)),
      el("td", { class: "num" }, String(g.place)), el("td", { class: "num" }, String(g.total)),
      el("td", { class: "num" }, (g.award > 0 ? "+" : "") + g.award),
      el("td", {}, grade(g.grade), " ", changeText(g.change)),
      el("td", { class: "num wide" }, g.mu === null ? "–" : `${fmt(g.ordinal)} (σ ${fmt(g.sigma)})`)));
  }
  const next = p.next === null ? "" : ` · ${t("rk_next")} ${p.next - p.points}`;
  return el("div", { class: "entry", id: "entry", "data-player": p.name },
    el("h2", {}, who(p)),
    el("p", {}, el("strong", { class: "grade" }, p.pro_dan ? p.title : grade(p.grade)),
      ` · ${p.points} ${t("rk_points")}${next}`),
    el("p", {}, `${t("rk_rating")}: ${rating(p)}`),
    el("p", { class: "muted" }, t("rk_rating_note")),
    el("p", {}, `${t("rk_games")}: ${p.games} (${t("rk_places")} ${p.places.join(" / ")})`),
    p.history.length ? el("div", { class: "scroll" }, games) : el("p", { class: "muted" }, t("none")));
}

async function start() {
  await loadNames();
  const rules = el("select", { id: "rules" });
  for (const name of Object.keys(catalogue().rulesets)) rules.append(el("option", { value: name }, rulesetTitle(name)));
  rules.value = query.get("rules") || "mcr";
  const error = el("div", { class: "error", id: "error" });
  const boardBox = el("div", { class: "scroll", id: "board-box" });
  const entry = el("div", { id: "entry-box" });

  async function pick(name) {
    error.textContent = "";
    try {
      entry.replaceChildren(entryBox(await getJSON(`/api/ladder/${encodeURIComponent(rules.value)}/${encodeURIComponent(name)}`)));
      for (const row of boardBox.querySelectorAll("tr[data-player]")) row.classList.toggle("picked-row", row.dataset.player === name);
      const params = new URLSearchParams({ rules: rules.value, player: name });
      history.replaceState(null, "", `/ladder?${params}`);
    } catch (err) { error.textContent = `${t("error")}: ${err.message}`; }
  }

  async function load() {
    error.textContent = "";
    entry.replaceChildren();
    history.replaceState(null, "", `/ladder?rules=${encodeURIComponent(rules.value)}`);
    try {
      const board = await getJSON(`/api/ladder/${encodeURIComponent(rules.value)}`);
      boardBox.replaceChildren(board.players.length ? boardTable(board, pick) : el("p", { class: "muted", id: "empty" }, t("rk_empty")));
    } catch (err) { boardBox.replaceChildren(); error.textContent = `${t("error")}: ${err.message}`; }
  }
  rules.addEventListener("change", load);
  app.replaceChildren(el("h1", {}, t("nav_ladder")), el("p", { class: "muted" }, t("rk_ladder_note")),
    el("div", {}, el("label", {}, t("rules"), rules)), error, boardBox, entry);
  applyI18n();
  await load();
  if (query.get("player")) await pick(query.get("player"));
}

navBar(() => location.reload());
start();

// The names people read, from the server's one catalogue (GET /api/names, majiang.catalogue): rulesets,
// options and their choices, presets, bots, actions with the tiles they use, fans and log lines, in the
// page's language. The pages know no ruleset by name: a ruleset registered later is named by its own words.
import { lang } from "./i18n.js";
import { parseMeld, splitTiles } from "./tiles.js";

let data = null;

/** Load the catalogue once (every page awaits this before its first render). */
export async function loadNames() {
  if (!data) {
    try { data = await (await fetch("/api/names")).json(); } catch { data = null; }
  }
  if (!data || !data.rulesets) data = { rulesets: {}, lobby: [], bots: {}, actions: {}, log: {}, values: {}, sources: {} };
  return data;
}

export function catalogue() { return data; }

/** A {en, zh} pair in the page's language (`fallback` if there is none). */
export function say(words, fallback = "") {
  if (!words) return fallback;
  return words[lang()] || words.en || fallback;
}

function ruleset(name) { return (data && data.rulesets[name]) || null; }

export function rulesetTitle(name) { return say(ruleset(name)?.title, name); }
export function rulesetSummary(name) { return say(ruleset(name)?.summary, ""); }
export function optionName(rules, option) { return say(ruleset(rules)?.options[option]?.name, option); }
export function optionHelp(rules, option) { return say(ruleset(rules)?.options[option]?.help, ""); }
export function choiceName(rules, option, choice) {
  return say(ruleset(rules)?.options[option]?.choices[choice], choice);
}
export function presetName(rules, alias) { return say(ruleset(rules)?.presets[alias], alias); }
export function valueName(key) { return say(data?.values[key], key); }
export function botName(bot) { return say(data?.bots[bot]?.name, bot); }
export function botHelp(bot) { return say(data?.bots[bot]?.help, ""); }
export function fanWords(rules, id) { return ruleset(rules)?.fans[id] || null; }

/** A log line of `kind` (discard, call, win, self-drawn, draw, forfeit) with its blanks filled. */
export function logLine(kind, vars = {}) {
  const template = say(data?.log[kind], kind);
  return template.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

const HONOURS = { E: ["东", "East"], S: ["南", "South"], W: ["西", "West"], N: ["北", "North"],
  P: ["白", "White dragon"], F: ["发", "Green dragon"], C: ["中", "Red dragon"] };

/** A tile by its name: "五万" / "5 characters", "白" / "White dragon" (a red five "赤五筒" / "red 5 dots"). */
export function tileName(x) {
  const zh = lang() === "zh";
  if (HONOURS[x]) return HONOURS[x][zh ? 0 : 1];
  if (!/^[0-9][mps]$/.test(x)) return x;
  const n = x[0] === "0" ? 5 : Number(x[0]);
  const red = x[0] === "0" ? (zh ? "赤" : "red ") : "";
  return zh ? `${red}${"一二三四五六七八九"[n - 1]}${SUIT_WORDS[x[1]].zh}` : `${red}${n} ${SUIT_WORDS[x[1]].en}`;
}

const SUIT_WORDS = { m: { en: "characters", zh: "万" }, p: { en: "dots", zh: "筒" }, s: { en: "bamboo", zh: "条" } };

/** Tiles as players write them: a run of one suit as "3-4-5p", honours by their letters ("E E E"). */
export function tilesText(tiles) {
  if (!tiles.length) return "";
  const suits = new Set(tiles.map((x) => x[1]));
  if (suits.size === 1 && "mps".includes(tiles[0][1])) return tiles.map((x) => x[0]).join("-") + tiles[0][1];
  return tiles.join(" ");
}

/** The name of an action kind under a ruleset (its own word where it renames one, Changchun's 上听). */
export function actionWord(rules, kind) {
  return say(ruleset(rules)?.actions[kind] || data?.actions[kind], kind);
}

/**
 * An action's text ("chow 3p", "pung", "exchange 5m8m8m", "void m", a ruleset's own) as a label naming the
 * tiles it uses: "吃 3-4-5p" / "Chow 3-4-5p". `claimed` is the tile a claim takes (the last discard).
 */
export function actionLabel(rules, text, claimed = null) {
  const [kind, arg] = text.split(" ");
  const word = actionWord(rules, kind);
  if (kind === "chow" && arg) {
    const n = Number(arg[0]);
    return `${word} ${n}-${n + 1}-${n + 2}${arg[1]}`;
  }
  if ((kind === "pung" || kind === "kong") && claimed) {
    const t = claimed.replace(/^0/, "5");
    return `${word} ${tilesText(Array(kind === "pung" ? 3 : 4).fill(t))}`;
  }
  if ((kind === "concealed-kong" || kind === "added-kong") && arg) return `${word} ${tilesText(Array(4).fill(arg))}`;
  if (kind === "win" && claimed) return `${word} ${claimed}`;
  if (kind === "exchange" && arg) return `${word} ${tilesText(splitTiles(arg))}`;
  if (kind === "void" && arg) return `${word} ${say(SUIT_WORDS[arg], arg)}`;
  if (arg && arg[0] === "0") return `${word} ${lang() === "zh" ? "赤" : "red "}5${arg[1]}`;
  return arg ? `${word} ${arg}` : word;
}

/** A meld in notation ("[345p,3]", "[555p,1]", "[7777s,6]") as the action that made it ("吃 3-4-5p"). */
export function meldLabel(rules, notation) {
  let meld;
  try { meld = parseMeld(notation); } catch { return notation; }
  const tiles = meld.tiles.map((x) => x.replace(/^0/, "5"));
  const alike = tiles.every((x) => x === tiles[0]);
  const run = tiles.length === 3 && "mps".includes(tiles[0][1]) && tiles.every((x, i) => x[1] === tiles[0][1] && Number(x[0]) === Number(tiles[0][0]) + i);
  let kind;
  if (run) kind = "chow";
  else if (!alike) kind = ruleset(rules)?.actions["special-kong"] ? "special-kong" : "kong";
  else if (tiles.length === 3) kind = "pung";
  else kind = meld.concealedKong ? "concealed-kong" : meld.source > 4 ? "added-kong" : "kong";
  return `${actionWord(rules, kind)} ${tilesText(tiles)}`;
}

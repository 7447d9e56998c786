// The project's own tile artwork, drawn from code as SVG: the 34 kinds, the 8 flowers and a tile back.
// Tiles are named in project notation: 1m..9m, 1p..9p, 1s..9s, E S W N, C (中) F (发) P (白), f1..f8.

const W = 60, H = 80;
const NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const WIND_CHARS = { E: "东", S: "南", W: "西", N: "北" };
const FLOWER_CHARS = ["春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"];
const FONT = "'Noto Serif CJK SC','Noto Sans CJK SC','Source Han Serif SC','Songti SC','SimSun',serif";
const INK = "#1d2a6b", RED = "#c0262d", GREEN = "#17804a";

// Where the pips of a dots or bamboo tile sit, as [x, y] in a 60x80 face (the same layout for both).
const PIPS = {
  1: [[30, 40]],
  2: [[30, 22], [30, 58]],
  3: [[16, 16], [30, 40], [44, 64]],
  4: [[18, 22], [42, 22], [18, 58], [42, 58]],
  5: [[17, 18], [43, 18], [30, 40], [17, 62], [43, 62]],
  6: [[18, 16], [42, 16], [18, 40], [42, 40], [18, 64], [42, 64]],
  7: [[14, 13], [30, 22], [46, 31], [18, 49], [42, 49], [18, 67], [42, 67]],
  8: [[18, 12], [42, 12], [18, 31], [42, 31], [18, 49], [42, 49], [18, 68], [42, 68]],
  9: [[14, 15], [30, 15], [46, 15], [14, 40], [30, 40], [46, 40], [14, 65], [30, 65], [46, 65]],
};
// Colour of each pip by rank and position: traditional sets mix red, green and blue; this is our choice.
const DOT_COLOURS = {
  1: [RED], 2: [GREEN, INK], 3: [INK, RED, GREEN], 4: [INK, GREEN, GREEN, INK],
  5: [INK, GREEN, RED, GREEN, INK], 6: [GREEN, GREEN, RED, RED, RED, RED],
  7: [GREEN, GREEN, GREEN, RED, RED, RED, RED], 8: Array(8).fill(INK),
  9: [INK, INK, INK, RED, RED, RED, GREEN, GREEN, GREEN],
};

function text(x, y, size, colour, chars, weight = "700") {
  return `<text x="${x}" y="${y}" font-size="${size}" font-family="${FONT}" font-weight="${weight}" ` +
    `fill="${colour}" text-anchor="middle" dominant-baseline="central">${chars}</text>`;
}

function corner(label) {
  return `<text x="8" y="10" font-size="11" font-family="sans-serif" fill="#6b6450" text-anchor="middle" ` +
    `dominant-baseline="central">${label}</text>`;
}

function dot(x, y, r, colour) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${colour}" stroke-width="${r * 0.32}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="${colour}"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.18}" fill="#fffdf5"/>`;
}

function stick(x, y, h, colour) {
  const w = 6.5, top = y - h / 2;
  return `<rect x="${x - w / 2}" y="${top}" width="${w}" height="${h}" rx="3" fill="${colour}"/>` +
    `<line x1="${x - w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y}" stroke="#fffdf5" stroke-width="1.2"/>` +
    `<line x1="${x}" y1="${top + 2}" x2="${x}" y2="${top + h - 2}" stroke="#fffdf5" stroke-width="0.8" opacity="0.6"/>`;
}

// Our own mark for 1 bamboo (幺鸡): a round bird on a bamboo stem, drawn with simple shapes.
function bird() {
  return `<rect x="28" y="46" width="4" height="26" rx="2" fill="${GREEN}"/>` +
    `<path d="M18 50 Q10 60 22 66 L28 56 Z" fill="${GREEN}"/>` +
    `<ellipse cx="30" cy="38" rx="14" ry="11" fill="${GREEN}"/>` +
    `<path d="M20 36 Q30 28 40 38 Q30 44 20 36 Z" fill="#2b9b5c"/>` +
    `<circle cx="40" cy="24" r="8" fill="${RED}"/>` +
    `<circle cx="42" cy="22" r="1.8" fill="#fffdf5"/>` +
    `<path d="M47 24 L55 26 L47 28 Z" fill="#d9a520"/>` +
    `<path d="M36 17 Q38 9 44 11 Q40 14 40 18 Z" fill="${INK}"/>`;
}

function face(kind) {
  if (/^[1-9][mps]$/.test(kind)) {
    const rank = Number(kind[0]), suit = kind[1];
    if (suit === "m") {
      // a small index numeral in the corner keeps the tile readable where no CJK font is installed
      return text(30, 24, 26, INK, NUMERALS[rank - 1]) + text(30, 58, 28, RED, "万") + corner(String(rank));
    }
    if (suit === "p") {
      const r = rank === 1 ? 17 : rank <= 4 ? 10 : rank <= 6 ? 8.5 : 7;
      return PIPS[rank].map(([x, y], i) => dot(x, y, r, DOT_COLOURS[rank][i])).join("");
    }
    if (rank === 1) return bird();
    const h = rank <= 2 ? 24 : rank <= 6 ? 20 : 15;
    return PIPS[rank].map(([x, y], i) => stick(x, y, h, rank === 9 && i % 3 === 1 ? RED : i === 2 && rank === 5 ? RED : GREEN)).join("");
  }
  if (WIND_CHARS[kind]) return text(30, 40, 40, INK, WIND_CHARS[kind]) + corner(kind);
  if (kind === "C") return text(30, 40, 42, RED, "中");
  if (kind === "F") return text(30, 40, 42, GREEN, "发");
  if (kind === "P") {
    return `<rect x="10" y="12" width="40" height="56" rx="3" fill="none" stroke="${INK}" stroke-width="4"/>` +
      `<rect x="16" y="18" width="28" height="44" rx="2" fill="none" stroke="${INK}" stroke-width="1.5"/>`;
  }
  const f = /^f([1-8])$/.exec(kind);
  if (f) {
    const n = Number(f[1]);
    const colour = n <= 4 ? [GREEN, RED, "#b8651b", INK][n - 1] : [RED, "#7a3fa0", GREEN, "#c48a10"][n - 5];
    return text(30, 42, 36, colour, FLOWER_CHARS[n - 1]) + text(50, 12, 12, INK, String(n <= 4 ? n : n - 4), "400");
  }
  return null;
}

const cache = new Map();

/** The SVG text of one tile (`kind` in notation, or "back"); `title` names it for screen readers. */
export function tileSVG(kind, title = kind) {
  const key = kind + "|" + title;
  if (cache.has(key)) return cache.get(key);
  let svg;
  if (kind === "back") {
    svg = `<svg class="tile-svg" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${title}">` +
      `<rect x="1" y="1" width="58" height="78" rx="7" fill="#1f6f54" stroke="#0e3d2d" stroke-width="2"/>` +
      `<rect x="8" y="8" width="44" height="64" rx="4" fill="none" stroke="#5fb592" stroke-width="1.5"/></svg>`;
  } else {
    const inner = face(kind);
    if (inner === null) throw new Error(`unknown tile ${kind}`);
    svg = `<svg class="tile-svg" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${title}">` +
      `<rect x="1" y="1" width="58" height="78" rx="7" fill="#fffdf5" stroke="#9a8f74" stroke-width="2"/>` +
      `<rect x="1" y="72" width="58" height="7" rx="3" fill="#e5dcc3"/>` + inner + `</svg>`;
  }
  cache.set(key, svg);
  return svg;
}

export const KINDS = [
  ..."123456789".split("").map((d) => d + "m"), ..."123456789".split("").map((d) => d + "p"),
  ..."123456789".split("").map((d) => d + "s"), "E", "S", "W", "N", "C", "F", "P",
];
export const FLOWERS = ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"];

/** A span holding one tile, with `data-tile` set (and the given extra class names). */
export function tileElement(kind, classes = "") {
  const span = document.createElement("span");
  span.className = ("tile " + classes).trim();
  span.dataset.tile = kind;
  span.innerHTML = tileSVG(kind);
  return span;
}

const ORDER = Object.fromEntries(KINDS.map((k, i) => [k, i]));
/** Sort key of a tile in notation (suits in m p s order, then winds, then dragons). */
export function tileOrder(kind) { return ORDER[kind] ?? 100; }

/** The tiles of standing-tile notation one by one: "123m45pEE" -> ["1m","2m","3m","4p","5p","E","E"]. */
export function splitTiles(textIn) {
  const out = [];
  let digits = [];
  for (const ch of textIn.replace(/\s+/g, "")) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if ("mps".includes(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
    else if (ch === "z") {
      for (const d of digits) out.push(["", "E", "S", "W", "N", "C", "F", "P"][Number(d)]);
      digits = [];
    } else if ("ESWNCFP".includes(ch)) out.push(ch);
    else throw new Error(`cannot read tile text "${textIn}" at "${ch}"`);
  }
  if (digits.length) throw new Error(`tile text "${textIn}" ends without its suit`);
  return out;
}

/** A meld in notation, "[555p,2]" or "[EEEE]" -> {tiles, source, concealedKong}. */
export function parseMeld(notation) {
  const m = /^\[([^,\]]+)(?:,(\d))?\]$/.exec(notation);
  if (!m) throw new Error(`cannot read meld ${notation}`);
  const tiles = splitTiles(m[1]);
  const source = m[2] === undefined ? null : Number(m[2]);
  return { tiles, source, concealedKong: source === null && tiles.length === 4 };
}

/** A whole hand in notation -> {melds: [notation], tiles: [kind]} (the last tile is the winning tile). */
export function splitHand(notation) {
  const melds = [];
  let rest = notation;
  for (;;) {
    const m = /^\s*(\[[^\]]*\])/.exec(rest);
    if (!m) break;
    melds.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return { melds, tiles: splitTiles(rest) };
}

/** A meld as a row of tiles: a concealed kong shows its two outer tiles face down. */
export function meldElement(notation, classes = "") {
  const { tiles, concealedKong, source } = parseMeld(notation);
  const box = document.createElement("span");
  box.className = ("meld " + classes).trim();
  box.dataset.meld = notation;
  tiles.forEach((t, i) => {
    const hidden = concealedKong && (i === 0 || i === 3);
    // the claimed tile of a chow or pung lies sideways, as at the table
    // (a chow: the claimed one of its three; a pung or kong: left, across or right of the row)
    const from = source === null ? null : source > 4 ? source - 4 : source;
    const claimed = from !== null && (tiles.length === 3 ? i === from - 1 : i === [0, 1, 3][from - 1]);
    box.appendChild(tileElement(hidden ? "back" : t, claimed ? "claimed" : ""));
  });
  return box;
}

// The project's own tile artwork, drawn from code as SVG: the 34 kinds, the 8 flowers and a tile back.
// Tiles are named in project notation: 1m..9m, 1p..9p, 1s..9s, E S W N, C (中) F (发) P (白), f1..f8.

const W = 60, H = 80;
const NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const WIND_CHARS = { E: "东", S: "南", W: "西", N: "北" };
const FLOWER_CHARS = ["春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"];
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

// Every character on a tile face is drawn from these strokes, so the tiles need no font. Each glyph is
// its strokes in writing order (横 竖 撇 点 折 …) as SVG path data in a 0..100 box, drawn with a round
// brush; the project designed them from the characters' stroke order.
export const GLYPHS = {
  "一": "M10 52L90 48",
  "二": "M24 32L76 30M12 72L88 70",
  "三": "M22 20L78 18M28 50L72 48M10 82L90 80",
  "四": "M14 22L14 86M14 22L86 22L86 86M14 82L86 82M40 24Q40 52 28 64M60 24L60 56Q60 64 68 64L86 64",
  "五": "M18 14L82 14M48 14L40 84M26 48L74 48L72 84M8 86L92 86",
  "六": "M46 6L56 20M10 36L90 36M40 52Q36 72 18 86M62 54Q74 70 84 84",
  "七": "M10 50L90 38M42 8L42 76Q42 88 56 88L82 88L86 76",
  "八": "M40 22Q38 62 10 84M58 20Q64 62 92 82",
  "九": "M44 8Q44 62 12 88M16 36L66 36Q62 74 68 82Q72 88 86 88L90 74",
  "万": "M8 16L92 16M36 44L80 44Q80 78 72 88L60 82M40 16Q40 66 12 90",
  "东": "M12 24L88 24M48 6L26 54L84 54M56 30L56 88Q56 96 44 90M36 66L18 84M70 66L86 82",
  "南": "M10 18L90 18M50 4L50 32M18 34L18 94M18 34L82 34L82 88Q82 96 72 92M38 44L44 52M62 44L56 52" +
    "M30 60L70 60M28 76L72 76M50 60L50 94",
  "西": "M8 12L92 12M18 34L18 92M18 34L82 34L82 92M40 12L40 44Q40 60 22 68M60 12L60 56Q60 64 68 64" +
    "L82 64M18 88L82 88",
  "北": "M36 8L36 90M12 40L36 40M8 80L36 66M86 24L62 42M62 8L62 80Q62 90 72 90L92 90L92 78",
  "中": "M16 28L16 72M16 28L84 28L84 72M16 68L84 68M50 4L50 96",
  "发": "M30 8L20 34L88 34M52 10Q52 62 10 92M40 56L74 56Q62 82 38 94M46 64Q64 84 90 94M70 8L80 20",
  "春": "M22 16L78 16M26 30L74 30M10 44L90 44M50 4Q46 50 10 72M54 32Q66 56 92 70M32 62L32 96" +
    "M32 62L68 62L68 96M32 78L68 78M32 93L68 93",
  "夏": "M8 8L92 8M50 8L44 18M26 20L26 56M26 20L74 20L74 56M26 32L74 32M26 44L74 44M26 56L74 56" +
    "M42 62L24 80M36 70L74 70Q58 88 22 96M46 78Q66 90 92 96",
  "秋": "M36 6L12 14M6 34L46 34M28 12L28 96M26 42L8 72M32 46L46 58M58 28L62 46M90 24L80 44" +
    "M74 8Q74 62 50 92M76 60Q82 80 94 94",
  "冬": "M46 4L20 34M38 16L78 16Q62 42 14 58M42 26Q62 44 92 54M44 66L56 74M40 82L58 94",
  "梅": "M4 32L42 32M24 6L24 96M22 38L4 70M26 42L40 56M58 6L48 28M54 18L94 18M56 32L52 82" +
    "M56 32L88 32L86 88Q84 96 76 92M42 58L98 58M50 80L88 80M70 40L74 50M70 64L74 74",
  "兰": "M32 6L42 22M68 6L58 22M20 38L80 38M26 62L74 62M8 88L92 88",
  "竹": "M28 6L6 40M18 24L46 24M32 24L32 96M70 6L52 40M62 24L96 24M80 24L80 86Q80 96 68 90",
  "菊": "M8 18L92 18M34 4L34 30M66 4L66 30M40 32L24 54M34 42L84 42L82 88Q80 98 68 92M36 56L42 64" +
    "M66 54L60 64M30 68L72 68M51 48L51 94M49 70L32 86M53 70L70 84",
};

/** Our strokes for one character, in a `size`-wide box whose top left is (x, y). */
function glyph(x, y, size, colour, char, weight = 9) {
  const d = GLYPHS[char];
  if (d === undefined) throw new Error(`no strokes for ${char}`);
  return `<path d="${d}" transform="translate(${x} ${y}) scale(${size / 100})" fill="none" stroke="${colour}" ` +
    `stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function corner(label, x = 8) {
  return `<text x="${x}" y="10" font-size="11" font-family="sans-serif" fill="#6b6450" text-anchor="middle" ` +
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
  // A red five (riichi's 赤ドラ, written 0m 0p 0s as Tenhou does): the five drawn all in red.
  if (/^0[mps]$/.test(kind)) return face("5" + kind[1]).split(INK).join(RED).split(GREEN).join(RED);
  if (/^[1-9][mps]$/.test(kind)) {
    const rank = Number(kind[0]), suit = kind[1];
    if (suit === "m") {
      // the small index numeral in the corner: for readers who do not read the Chinese numerals
      return glyph(15, 8, 30, INK, NUMERALS[rank - 1]) + glyph(14, 40, 32, RED, "万") + corner(String(rank));
    }
    if (suit === "p") {
      const r = rank === 1 ? 17 : rank <= 4 ? 10 : rank <= 6 ? 8.5 : 7;
      return PIPS[rank].map(([x, y], i) => dot(x, y, r, DOT_COLOURS[rank][i])).join("");
    }
    if (rank === 1) return bird();
    const h = rank <= 2 ? 24 : rank <= 6 ? 20 : 15;
    return PIPS[rank].map(([x, y], i) => stick(x, y, h, rank === 9 && i % 3 === 1 ? RED : i === 2 && rank === 5 ? RED : GREEN)).join("");
  }
  if (WIND_CHARS[kind]) return glyph(11, 22, 38, INK, WIND_CHARS[kind]) + corner(kind);
  if (kind === "C") return glyph(9, 19, 42, RED, "中");
  if (kind === "F") return glyph(9, 19, 42, GREEN, "发");
  if (kind === "P") {
    return `<rect x="10" y="12" width="40" height="56" rx="3" fill="none" stroke="${INK}" stroke-width="4"/>` +
      `<rect x="16" y="18" width="28" height="44" rx="2" fill="none" stroke="${INK}" stroke-width="1.5"/>`;
  }
  const f = /^f([1-8])$/.exec(kind);
  if (f) {
    const n = Number(f[1]);
    const colour = n <= 4 ? [GREEN, RED, "#b8651b", INK][n - 1] : [RED, "#7a3fa0", GREEN, "#c48a10"][n - 5];
    return glyph(11, 24, 38, colour, FLOWER_CHARS[n - 1], 8) + corner(String(n <= 4 ? n : n - 4), 52);
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

const parsed = new Map();

/** A span holding one tile, with `data-tile` set (and the given extra class names). */
export function tileElement(kind, classes = "") {
  // Each kind's markup is parsed once and cloned after: a table page draws some 150 tiles a state.
  let model = parsed.get(kind);
  if (model === undefined) {
    model = document.createElement("span");
    model.dataset.tile = kind;
    model.innerHTML = tileSVG(kind);
    parsed.set(kind, model);
  }
  const span = model.cloneNode(true);
  span.className = ("tile " + classes).trim();
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
  // `,x`: a special kong of mixed tiles laid from the hand (Changchun's 旋风杠 [ESWN,x], 喜杠 [PFC,x]), face up
  const m = /^\[([^,\]]+)(?:,(\d|x))?\]$/.exec(notation);
  if (!m) throw new Error(`cannot read meld ${notation}`);
  const tiles = splitTiles(m[1]);
  if (m[2] === "x") return { tiles, source: null, concealedKong: false, special: true };
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

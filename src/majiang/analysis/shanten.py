"""Shanten (向听数) for every Chinese Official winning form, from the per-suit tables.

Shanten is how many tiles a hand is from being ready: 0 is ready (听牌), -1 is complete. The forms:

* ``regular``: four sets and a pair (with any number of declared melds);
* ``seven_pairs`` (七对; four equal tiles are two pairs), ``thirteen_orphans`` (十三幺) and
  ``honors_knitted`` (全不靠/七星不靠): fully concealed hands only (门清);
* ``knitted_straight``: 组合龙 with one set and a pair; fully concealed or with one meld.

Counts are the standing tiles only (34 ints; 13 - 3 per meld, or one more after a draw). Shanten is
judged formally, as PyMahjongGB does: a wait on a tile the hand already holds four of still makes the
hand ready. Effective tiles are live tiles: a kind the player holds four of (standing and in melds)
is never listed, because no copy is left to draw (docs/efficiency.md).

Kept whole though over 600 lines: it is the hot path of the ``effective tiles, 13 tiles, all forms`` rows of
benchmarks/all.py, and mypyc compiles it whole (the Makefile's ``COMPILED_MODULES``): a split would change
what the compiled build compiles and measures.

>>> shanten("1112345678999m")
0
>>> forms = shanten_forms("19m19p19sESWNPFC")
>>> forms.value, forms.thirteen_orphans, forms.regular
(0, 0, 8)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import compress

from majiang.analysis.tables import (
    RECORD,
    combine_vectors,
    fill_neighbors,
    honor_vector,
    neighbor_table,
    overlap_vector,
    suit_stats,
    suit_table,
    vectors,
)
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.hand import Hand
from majiang.tiles import ALL_TILES, KNIT_SUITS, TERMINALS_AND_HONORS, Tile

__all__ = [
    "FORMS",
    "RULED_OUT",
    "Holding",
    "ShantenForms",
    "counts_and_melds",
    "effective_counts",
    "effective_tiles",
    "form_shanten",
    "ready_kinds",
    "regular_shanten",
    "shanten",
    "shanten_and_effective",
    "shanten_counts",
    "shanten_forms",
    "shanten_trusted",
]

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")

RULED_OUT = 99
"""The shanten of a form the declared melds rule out: above any real shanten (at most 13), so a
minimum over forms needs no special case, and numpy arrays hold it."""

_ORPHANS = tuple(int(t) for t in TERMINALS_AND_HONORS)
_POW5 = tuple(5 ** i for i in range(9))
_COUNTS = bytes(range(5))
"""The bytes a count may be (``bytes.translate`` deletes them: what is left is out of range)."""


def _code(c: Sequence[int], b: int) -> int:
    return (((((((((c[b + 8] * 5 + c[b + 7]) * 5 + c[b + 6]) * 5 + c[b + 5]) * 5 + c[b + 4]) * 5
               + c[b + 3]) * 5 + c[b + 2]) * 5 + c[b + 1]) * 5) + c[b])


_HonorInfo = tuple[int, int, int, int, int, tuple[int, int, int, int], bytes]
"""The honors' stats (``_Vectors.honor_stats``), then what one more honor can do: the shape (how many
kinds are held once, twice, three and four times, 3 bits each), the vector id after one more tile of a
kind held 0-3 times (-1 where no kind is), and the counts as bytes."""


class _Vectors:
    """Overlap vectors interned as small ints, with their pairwise combinations cached.

    The shipped table has only ~110 distinct suit vectors, so combining groups is a few dict lookups
    once the caches are warm; a cache miss costs one max-plus convolution. The caches are keyed by vector
    ids and small numbers, or by the honors' counts (at most 5**7 of them), never by a whole holding.
    """

    def __init__(self) -> None:
        self.items: list[tuple[int, ...]] = list(vectors())
        self.suits = len(self.items)
        """Vector ids below this are the shipped suit vectors, all a table record can name."""
        self.ids: dict[tuple[int, ...], int] = {v: i for i, v in enumerate(self.items)}
        self.conv: dict[int, int] = {}
        self.final: dict[int, int] = {}
        self.honors: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        self.honor_infos: dict[tuple[int, ...], _HonorInfo] = {}
        self.goods: dict[int, bytes] = {}
        self.honor_goods: dict[int, int] = {}

    def intern(self, vec: tuple[int, ...]) -> int:
        vid = self.ids.get(vec)
        if vid is None:
            vid = self.ids[vec] = len(self.items)
            self.items.append(vec)
        return vid

    def combine(self, a: int, b: int) -> int:
        """The vector of two groups together (up to four sets, at most one pair)."""
        if a > b:
            a, b = b, a
        key = a << 16 | b
        vid = self.conv.get(key)
        if vid is None:
            vid = self.conv[key] = self.intern(combine_vectors(self.items[a], self.items[b]))
        return vid

    def best(self, a: int, b: int, sets: int) -> int:
        """Most tiles ``sets`` sets and one pair can use across two combined groups."""
        if a > b:
            a, b = b, a
        key = (a << 16 | b) << 3 | sets
        value = self.final.get(key)
        if value is None:
            x, y = self.items[a], self.items[b]
            value = 0
            for m in range(sets + 1):
                k = 2 * (sets - m)
                value = max(value, x[2 * m] + y[k + 1], x[2 * m + 1] + y[k])
            self.final[key] = value
        return value

    def good(self, rest: int, sets: int, target: int) -> bytes:
        """Which suit vectors, joined to the group ``rest``, let ``sets`` sets and a pair cover more than
        ``target`` tiles: a ``bytes.translate`` table from a neighbor table byte (a vector id plus one) to
        1 (yes) or 0 (cached by ``rest << 7 | sets << 4 | target``)."""
        x = self.items[rest]
        flags = bytearray(256)
        for vid in range(self.suits):
            y = self.items[vid]
            for m in range(sets + 1):
                k = 2 * (sets - m)
                if x[2 * m] + y[k + 1] > target or x[2 * m + 1] + y[k] > target:
                    flags[vid + 1] = 1
                    break
        good = self.goods[rest << 7 | sets << 4 | target] = bytes(flags)
        return good

    def honor_info(self, counts: tuple[int, ...]) -> _HonorInfo:
        """The honors' stats and what one more honor can do (``_HonorInfo``)."""
        info = self.honor_infos.get(counts)
        if info is None:
            shape = 0
            raised = [-1, -1, -1, -1]
            for k, n in enumerate(counts):
                if n:
                    shape += 1 << 3 * (n - 1)
                if n < 4 and raised[n] < 0:
                    more = list(counts)
                    more[k] += 1
                    raised[n] = self.honor_id(tuple(more))
            info = self.honor_infos[counts] = (*self.honor_stats(counts), shape,
                                               (raised[0], raised[1], raised[2], raised[3]), bytes(counts))
        return info

    def honor_good(self, rest: int, info: _HonorInfo, sets: int, target: int) -> int:
        """Which honor kinds, by how often they are held (bit n: held n times), one more copy of lets
        ``sets`` sets and a pair, with the group ``rest``, cover more than ``target`` tiles (cached by
        ``(rest << 12 | shape) << 7 | sets << 4 | target``)."""
        held = 0
        for n, vid in enumerate(info[5]):
            if vid >= 0 and self.best(rest, vid, sets) > target:
                held |= 1 << n
        self.honor_goods[(rest << 12 | info[4]) << 7 | sets << 4 | target] = held
        return held

    def honor_id(self, counts: tuple[int, ...]) -> int:
        return self.honor_stats(counts)[0]

    def honor_stats(self, counts: tuple[int, ...]) -> tuple[int, int, int, int]:
        """Vector id, pairs (count // 2), kinds held and whether any is held twice, of the honors."""
        stats = self.honors.get(counts)
        if stats is None:
            stats = self.honors[counts] = (
                self.intern(honor_vector(counts)),
                sum(n >> 1 for n in counts),
                sum(1 for n in counts if n),
                int(any(n >= 2 for n in counts)),
            )
        return stats


@cache
def _vectors() -> _Vectors:
    return _Vectors()


def _off_table_record(held: tuple[int, ...]) -> tuple[int, ...]:
    vecs = _vectors()
    rests = []
    for start in range(3):
        rest = list(held)
        for r in (start, start + 3, start + 6):
            if rest[r]:
                rest[r] -= 1
        rests.append(vecs.intern(overlap_vector(tuple(rest))))
    return (vecs.intern(overlap_vector(held)), *suit_stats(held), *rests)


class _Groups:
    """The four groups of a holding: suit codes and table records, vector ids (honors last)."""

    __slots__ = ("codes", "honor", "ids", "records")

    def __init__(self, counts: Sequence[int], fifth: bool = False,
                 codes: tuple[int, int, int] | None = None) -> None:
        table = suit_table()
        if codes is None:
            c0, c1, c2 = _code(counts, 0), _code(counts, 9), _code(counts, 18)
        else:
            c0, c1, c2 = codes
        self.codes = (c0, c1, c2)
        r0: Sequence[int] = table[c0 * RECORD:c0 * RECORD + RECORD]
        r1: Sequence[int] = table[c1 * RECORD:c1 * RECORD + RECORD]
        r2: Sequence[int] = table[c2 * RECORD:c2 * RECORD + RECORD]
        self.records: list[Sequence[int]] = [r0, r1, r2]
        if fifth and 5 in counts:
            # A hypothetical fifth copy (formal shapes only): off the table, computed directly.
            for k, b in enumerate((0, 9, 18)):
                held = tuple(counts[b:b + 9])
                if max(held) > 4:
                    self.records[k] = _off_table_record(held)
            r0, r1, r2 = self.records
        self.honor = honor = _vectors().honor_stats(tuple(counts[27:34]))
        self.ids = (r0[0], r1[0], r2[0], honor[0])

    def best(self, sets: int) -> int:
        vecs = _vectors()
        ids = self.ids
        return vecs.best(vecs.combine(ids[0], ids[1]), vecs.combine(ids[2], ids[3]), sets)


def regular_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of the regular form (four sets and a pair) with ``melds`` declared melds.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> regular_shanten(counts_of(parse_tiles("123m456p789s1122z")))
    0
    """
    _check_counts(counts, melds)
    sets = 4 - melds
    return 3 * sets + 1 - _Groups(counts).best(sets)


def _check_counts(counts: Sequence[int], melds: int) -> None:
    """Reject counts no hand can have: not 34 kinds, a count outside 0-4, too many tiles or melds."""
    if len(counts) != 34:
        raise InvalidHandError(f"counts must give the 34 tile kinds, not {len(counts)}")
    if type(melds) is not int or not 0 <= melds <= 4:
        raise InvalidOptionError(f"melds must be 0-4, not {melds!r}")
    if max(counts) > 4 or min(counts) < 0:
        bad = next(k for k, n in enumerate(counts) if not 0 <= n <= 4)
        raise InvalidHandError(f"{counts[bad]} copies of {ALL_TILES[bad].notation()}; a count is 0-4")
    total = sum(counts)
    if total > 14 - 3 * melds:
        raise InvalidHandError(f"{total} standing tiles with {melds} meld(s); at most {14 - 3 * melds}")


def _seven_pairs(g: _Groups) -> int:
    r = g.records
    return 6 - min(r[0][1] + r[1][1] + r[2][1] + g.honor[1], 7)


def _thirteen_orphans(g: _Groups) -> int:
    r = g.records
    kinds = r[0][3] + r[1][3] + r[2][3] + g.honor[2]
    pair = r[0][4] or r[1][4] or r[2][4] or g.honor[3]
    return 13 - kinds - (1 if pair else 0)


def _honors_knitted(g: _Groups) -> int:
    r = g.records
    best = 0
    for a, b, c in KNIT_SUITS:
        x = r[a][5] + r[b][6] + r[c][7]
        if x > best:
            best = x
    return 13 - min(best + g.honor[2], 14)


def _knitted_straight(counts: Sequence[int], melds: int, bound: int = RULED_OUT,
                      groups: _Groups | None = None) -> int:
    """组合龙 plus a set and a pair: the nine knitted tiles, then the rest as a small regular hand.

    Knitted straights that cannot come under ``bound`` are skipped; the result is then ``bound`` or
    more (exact when below it).
    """
    sets = 1 - melds
    g = groups if groups is not None else _Groups(counts)
    records = g.records
    vecs = _vectors()
    honors = g.ids[3]
    best = bound
    for a, b, c in KNIT_SUITS:
        held = records[a][5] + records[b][6] + records[c][7]
        # Even a perfect rest leaves 9 - held knitted tiles to find: shanten >= 8 - held.
        if 8 - held >= best:
            continue
        # Each record knows its suit's vector once the knitted ranks' copies are taken out.
        left = vecs.combine(records[a][8], records[b][9])
        rest = vecs.best(left, vecs.combine(records[c][10], honors), sets)
        value = 10 + 3 * sets - held - rest
        if value < best:
            best = value
    return best


@dataclass(frozen=True, slots=True)
class ShantenForms:
    """Shanten of each form (``RULED_OUT`` where a declared meld rules the form out) and their minimum."""

    value: int
    regular: int
    seven_pairs: int
    thirteen_orphans: int
    honors_knitted: int
    knitted_straight: int

    def as_dict(self) -> dict[str, int]:
        """The forms by name (the JSON shape of ``majiang shanten --json``)."""
        return {name: getattr(self, name) for name in FORMS}


def counts_and_melds(hand: str | Hand | Iterable[Tile]) -> tuple[list[int], int]:
    """Standing-tile counts (with the last tile) and the number of declared melds of ``hand``.

    ``hand`` is notation, a ``Hand`` or an iterable of standing tiles. Raises InvalidHandError when the
    tile count fits no hand (13 - 3 per meld, or one more).
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if isinstance(hand, Hand):
        return list(hand._counts), len(hand.melds)
    counts = [0] * 34
    n = 0
    t: object  # not Tile: compiled by mypyc, a Tile name checks each item; a stray int is Tile(t)'s to refuse
    for t in hand:
        counts[Tile(t)] += 1
        n += 1
    for k, c in enumerate(counts):
        if c > 4:
            raise InvalidHandError(f"{c} copies of {ALL_TILES[k].notation()}; a set has only 4")
    if n % 3 == 0 or n > 14:
        raise InvalidHandError(f"{n} standing tiles fit no hand (1, 4, 7, 10 or 13, or one more)")
    return counts, (14 - n) // 3 if n % 3 == 2 else (13 - n) // 3


def _forms(counts: Sequence[int], melds: int) -> ShantenForms:
    g = _Groups(counts)
    sets = 4 - melds
    regular = 3 * sets + 1 - g.best(sets)
    if melds:
        knitted = _knitted_straight(counts, melds, groups=g) if melds == 1 else RULED_OUT
        return ShantenForms(min(regular, knitted), regular, RULED_OUT, RULED_OUT, RULED_OUT, knitted)
    pairs = _seven_pairs(g)
    orphans = _thirteen_orphans(g)
    honors = _honors_knitted(g)
    knitted = _knitted_straight(counts, 0, groups=g)
    value = min(regular, pairs, orphans, honors, knitted)
    return ShantenForms(value, regular, pairs, orphans, honors, knitted)


def _min_shanten(counts: Sequence[int], melds: int, groups: _Groups | None = None) -> int:
    """The minimum over forms, skipping knitted straights that cannot beat the others."""
    if groups is None:
        return _min_shanten_flat(counts, melds)
    g = groups
    sets = 4 - melds
    best = 3 * sets + 1 - g.best(sets)
    if melds > 1:
        return best
    if not melds:
        best = min(best, _seven_pairs(g), _thirteen_orphans(g), _honors_knitted(g))
    return min(best, _knitted_straight(counts, melds, best, g))


def _min_shanten_flat(counts: Sequence[int], melds: int) -> int:
    """``_min_shanten`` of plain counts in one function: the table read in place (no ``_Groups``, no record
    slices) and the vector caches read directly, a single call paying for no Python-level set-up."""
    c0 = ((((((((counts[8] * 5 + counts[7]) * 5 + counts[6]) * 5 + counts[5]) * 5 + counts[4]) * 5
             + counts[3]) * 5 + counts[2]) * 5 + counts[1]) * 5 + counts[0]) * RECORD
    c1 = ((((((((counts[17] * 5 + counts[16]) * 5 + counts[15]) * 5 + counts[14]) * 5 + counts[13]) * 5
             + counts[12]) * 5 + counts[11]) * 5 + counts[10]) * 5 + counts[9]) * RECORD
    c2 = ((((((((counts[26] * 5 + counts[25]) * 5 + counts[24]) * 5 + counts[23]) * 5 + counts[22]) * 5
             + counts[21]) * 5 + counts[20]) * 5 + counts[19]) * 5 + counts[18]) * RECORD
    table = suit_table()
    vecs = _vectors()
    key = tuple(counts[27:34])
    honor = vecs.honors.get(key)
    if honor is None:
        honor = vecs.honor_stats(key)
    a, b, h = table[c0], table[c1], honor[0]
    c = table[c2]
    left = vecs.conv.get(a << 16 | b if a <= b else b << 16 | a)
    if left is None:
        left = vecs.combine(a, b)
    right = vecs.conv.get(c << 16 | h if c <= h else h << 16 | c)
    if right is None:
        right = vecs.combine(c, h)
    sets = 4 - melds
    used = vecs.final.get(((left << 16 | right if left <= right else right << 16 | left) << 3) | sets)
    if used is None:
        used = vecs.best(left, right, sets)
    best = 3 * sets + 1 - used
    if melds > 1:
        return best
    # Knitted ranks held (147, 258, 369 of each suit), and the six knitted straights (KNIT_SUITS' order).
    a5, a6, a7 = table[c0 + 5], table[c0 + 6], table[c0 + 7]
    b5, b6, b7 = table[c1 + 5], table[c1 + 6], table[c1 + 7]
    d5, d6, d7 = table[c2 + 5], table[c2 + 6], table[c2 + 7]
    helds = (a5 + b6 + d7, a5 + d6 + b7, b5 + a6 + d7, b5 + d6 + a7, d5 + a6 + b7, d5 + b6 + a7)
    most = max(helds)
    if not melds:
        pairs = 6 - min(table[c0 + 1] + table[c1 + 1] + table[c2 + 1] + honor[1], 7)
        pair = table[c0 + 4] or table[c1 + 4] or table[c2 + 4] or honor[3]
        orphans = 13 - (table[c0 + 3] + table[c1 + 3] + table[c2 + 3] + honor[2]) - (1 if pair else 0)
        knitted = 13 - min(most + honor[2], 14)
        best = min(best, pairs, orphans, knitted)
    if 8 - most >= best:
        return best  # no knitted straight can come under best (as _knitted_straight's bound)
    starts = (c0, c1, c2)
    rest_sets = 1 - melds
    for n, (x, y, z) in enumerate(KNIT_SUITS):
        held = helds[n]
        if 8 - held >= best:
            continue
        value = 10 + 3 * rest_sets - held - vecs.best(
            vecs.combine(table[starts[x] + 8], table[starts[y] + 9]),
            vecs.combine(table[starts[z] + 10], h), rest_sets)
        if value < best:
            best = value
    return best


def shanten_forms(hand: str | Hand | Iterable[Tile]) -> ShantenForms:
    """Shanten of every form of ``hand`` (notation, ``Hand`` or standing tiles) and their minimum."""
    counts, melds = counts_and_melds(hand)
    return _forms(counts, melds)


def shanten(hand: str | Hand | Iterable[Tile]) -> int:
    """The minimum shanten over every Chinese Official form (-1: complete, 0: ready).

    >>> shanten("[123m,1]456p789s1122z"), shanten("147m258p369s1234z")
    (0, 0)
    """
    counts, melds = counts_and_melds(hand)
    return _min_shanten(counts, melds)


def form_shanten(counts: Sequence[int], melds: int, form: str) -> int:
    """Shanten of one form, or ``RULED_OUT`` when the melds rule it out."""
    if form == "regular":
        return 3 * (4 - melds) + 1 - _Groups(counts, fifth=True).best(4 - melds)
    if form == "knitted_straight":
        if melds > 1:
            return RULED_OUT
        return _knitted_straight(counts, melds, groups=_Groups(counts, fifth=True))
    if form not in FORMS:
        raise InvalidOptionError(f"unknown form {form!r}; one of {', '.join(FORMS)}")
    if melds:
        return RULED_OUT
    g = _Groups(counts, fifth=True)
    if form == "seven_pairs":
        return _seven_pairs(g)
    if form == "thirteen_orphans":
        return _thirteen_orphans(g)
    return _honors_knitted(g)


def _near_ranks(held: int) -> tuple[int, ...]:
    """The ranks within two of a held rank (bit r of ``held``: rank r + 1 is held)."""
    near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF
    return tuple(r for r in range(9) if near >> r & 1)


_NEAR = tuple(_near_ranks(held) for held in range(512))
_ALL_RANKS = tuple(range(9))


def _regular_effective(counts: Sequence[int], melds: int, current: int, fifth_copies: bool = False,
                       groups: _Groups | None = None) -> list[int]:
    """Kinds whose addition lowers the regular shanten (``current``), one group at a time.

    ``fifth_copies`` also tries kinds already held four times (a formal fifth copy).
    """
    sets = 4 - melds
    g = groups if groups is not None else _Groups(counts)
    vecs = _vectors()
    table = suit_table()
    i0, i1, i2, i3 = g.ids
    final = vecs.final
    full = sum(counts) >= 3 * sets + 1
    target = 3 * sets + 1 - current  # the overlap one more tile must beat
    pow5 = _POW5
    combine = vecs.combine
    c01 = combine(i0, i1)
    c23 = combine(i2, i3)
    rests = (combine(i1, c23), combine(i0, c23), combine(c01, i3), combine(c01, i2))
    out: list[int] = []
    for group in range(3):
        rest = rests[group]
        base = group * 9
        code = g.codes[group]
        c = counts[base:base + 9]
        # In a full hand only tiles within two ranks of a held one can help: an optimal split then
        # has no set or pair without a held tile, so an isolated newcomer gains nothing. A short
        # holding (a partial hand) does have such empty groups, so every tile is tried.
        if full:
            ranks = _NEAR[(c[0] > 0) | (c[1] > 0) << 1 | (c[2] > 0) << 2 | (c[3] > 0) << 3 | (c[4] > 0) << 4
                          | (c[5] > 0) << 5 | (c[6] > 0) << 6 | (c[7] > 0) << 7 | (c[8] > 0) << 8]
        else:
            ranks = _ALL_RANKS
        fifth = fifth_copies and 4 in c
        for r in ranks:
            if c[r] == 4 and not fifth_copies:
                continue
            if fifth:
                rest_suit = list(c)
                rest_suit[r] += 1
                vid = vecs.intern(overlap_vector(tuple(rest_suit)))
            else:
                vid = table[(code + pow5[r]) * RECORD]
            # vecs.best(rest, vid, sets), its cache read inline: this loop is the hot path.
            key = ((rest << 16 | vid) if rest <= vid else (vid << 16 | rest)) << 3 | sets
            value = final.get(key)
            if value is None:
                value = vecs.best(rest, vid, sets)
            if value > target:
                out.append(base + r)
    rest = rests[3]
    honors = list(counts[27:34])
    for k in range(7):
        if (not honors[k] and full) or (honors[k] == 4 and not fifth_copies):
            continue
        honors[k] += 1
        if vecs.best(rest, vecs.honor_id(tuple(honors)), sets) > target:
            out.append(27 + k)
        honors[k] -= 1
    return out


# Each knitted straight (组合龙) as its suits' order and its nine tiles.
_KNIT_TILES = tuple((perm, tuple(suit * 9 + r for start, suit in enumerate(perm)
                                 for r in (start, start + 3, start + 6)))
                    for perm in KNIT_SUITS)


def _knitted_effective(counts: Sequence[int], melds: int, current: int, groups: _Groups | None = None
                       ) -> list[int]:
    """Effective kinds of 组合龙 + set + pair: for each best knitted straight, its missing tiles and
    the tiles that improve the rest (a fifth copy allowed, as PyMahjongGB's form does)."""
    g = groups if groups is not None else _Groups(counts)
    sets = 1 - melds
    found: set[int] = set()
    records = g.records
    vecs = _vectors()
    honors = g.ids[3]
    for (a, b, c), knit in _KNIT_TILES:
        # This straight's shanten with a set and a pair (as ``_knitted_straight``): most are not the best.
        held = records[a][5] + records[b][6] + records[c][7]
        left = vecs.combine(records[a][8], records[b][9])
        rest_best = vecs.best(left, vecs.combine(records[c][10], honors), sets)
        if 10 + 3 * sets - held - rest_best != current:
            continue
        rest = list(counts)
        for t in knit:
            if rest[t]:
                rest[t] -= 1
            else:
                found.add(t)
        rest_value = 3 * sets + 1 - _Groups(rest).best(sets)
        found.update(_regular_effective(rest, 3 + melds, rest_value, fifth_copies=True))
    return sorted(found)


def _special_effective(counts: Sequence[int], form: str, g: _Groups) -> list[int]:
    """Effective kinds of the fully concealed special forms, straight from their definitions."""
    if form == "seven_pairs":
        # A kind held once or three times becomes one more pair (four equal tiles are two pairs).
        return [t for t in range(34) if counts[t] in (1, 3)]
    if form == "thirteen_orphans":
        has_pair = any(counts[t] >= 2 for t in _ORPHANS)
        return [t for t in _ORPHANS if counts[t] == 0 or (not has_pair and counts[t] < 4)]
    # honors_knitted: a missing tile of a best knitted pattern, or a missing honor.
    r = g.records
    scores = [r[a][5] + r[b][6] + r[c][7] for a, b, c in KNIT_SUITS]
    top = max(scores)
    out = {t for t in range(27, 34) if not counts[t]}
    for score, perm in zip(scores, KNIT_SUITS, strict=True):
        if score == top:
            for start, suit in enumerate(perm):
                out.update(suit * 9 + r for r in (start, start + 3, start + 6) if not counts[suit * 9 + r])
    return sorted(out)


def effective_counts(counts: Sequence[int], melds: int = 0, form: str | None = None, *,
                     held: Sequence[int] | None = None) -> list[int]:
    """``effective_tiles`` on counts (the fast path for loops): sorted tile indices.

    ``held`` gives the copies of each kind the player holds counting the melds' tiles; kinds held
    four times are left out. Without it only the standing ``counts`` are known.
    """
    if form is None and 0 <= melds <= 4:
        kinds = _all_forms_effective(counts, melds)[1]  # the hot path: a call less
    else:
        kinds = shanten_and_effective(counts, melds, form)[1]
    if held is None:
        return kinds
    return [t for t in kinds if held[t] < 4]


def shanten_and_effective(counts: Sequence[int], melds: int = 0, form: str | None = None
                          ) -> tuple[int, list[int]]:
    """The shanten (of ``form`` or the minimum) and its effective kinds, sharing the work.

    Kinds held four times among the standing ``counts`` are left out; so are no others (the melds'
    tiles are not known here: ``effective_counts(..., held=...)`` takes them).
    """
    if form is not None and form not in FORMS:
        raise InvalidOptionError(f"unknown form {form!r}; one of {', '.join(FORMS)}")
    return _shanten_and_effective(counts, melds, form)


def ready_kinds(counts: Sequence[int], melds: int = 0, codes: tuple[int, int, int] | None = None
                ) -> list[int] | None:
    """The kinds that complete a ready holding (``effective_counts`` of it), or None when it is not ready.

    One pass over the tables for both questions, for loops that ask them of many holdings; such a loop
    may pass the suits' table keys (``codes``, as ``Holding`` keeps them) when it has them at hand.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> ready_kinds(counts_of(parse_tiles("1112345678999m")))
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    >>> ready_kinds(counts_of(parse_tiles("12345678m19pESW"))) is None
    True
    """
    # _shanten_and_effective's ready test without its bookkeeping: a form counts only at shanten 0.
    g = _Groups(counts, codes=codes)
    sets = 4 - melds
    names = []
    if g.best(sets) == 3 * sets + 1:
        names.append("regular")
    if not melds:
        if _seven_pairs(g) == 0:
            names.append("seven_pairs")
        if _thirteen_orphans(g) == 0:
            names.append("thirteen_orphans")
        if _honors_knitted(g) == 0:
            names.append("honors_knitted")
    if melds <= 1 and _knitted_straight(counts, melds, 1, g) == 0:
        names.append("knitted_straight")
    if not names:
        return None
    found: set[int] = set()
    for name in names:
        if name == "regular":
            found.update(_regular_effective(counts, melds, 0, groups=g))
        elif name == "knitted_straight":
            found.update(_knitted_effective(counts, melds, 0))
        else:
            found.update(_special_effective(counts, name, g))
    return sorted(t for t in found if counts[t] < 4)


_ODD = bytes(n in (1, 3) for n in range(256))
"""``bytes.translate`` table: 1 for a kind held once or three times (one more makes another pair)."""
_HONOR_FLAGS = tuple(bytes(n < 4 and held >> n & 1 for n in range(256)) for held in range(16))
"""``bytes.translate`` tables: for each set of how-often-held classes (``_Vectors.honor_good``), 1 for
the honor kinds in it."""
_KINDS = range(34)


def _regular_flags(sets: int, target: int, codes: Sequence[int], i0: int, i1: int, i2: int, honor: _HonorInfo,
                   c01: int, c23: int) -> bytes:
    """One byte per kind, 1 where one more copy lets ``sets`` sets and a pair cover more than ``target``
    tiles (0 for a kind the keys hold four times: the neighbor table's ``FULL`` is no suit vector).

    ``codes`` and ``i0``-``i2`` are the suits' table keys and vector ids, ``c01`` and ``c23`` the joined
    vectors of the suits m and p and of the suit s and the honors. A suit's candidates are read at once:
    its slice of the neighbor table gives the vector each rank would make, and a table cached per (the
    other groups, sets, target) says which of those vectors gain.
    """
    vecs = _vectors()
    neighbors = neighbor_table()
    goods = vecs.goods
    combine = vecs.combine
    tail = sets << 4 | target
    flags = b""
    for code, rest in ((codes[0], combine(i1, c23)), (codes[1], combine(i0, c23)),
                       (codes[2], combine(c01, honor[0]))):
        good = goods.get(rest << 7 | tail) or vecs.good(rest, sets, target)
        at = 9 * code
        if not neighbors[at]:
            fill_neighbors(code)
        flags += neighbors[at:at + 9].translate(good)
    rest = combine(c01, i2)
    held = vecs.honor_goods.get((rest << 12 | honor[4]) << 7 | tail)
    if held is None:
        held = vecs.honor_good(rest, honor, sets, target)
    flags += honor[6].translate(_HONOR_FLAGS[held])
    return flags


def _orphans_effective(counts: Sequence[int]) -> list[int]:
    """十三幺: the missing terminals and honors, or every one held fewer than four times if no pair."""
    has_pair = any(counts[t] >= 2 for t in _ORPHANS)
    return [t for t in _ORPHANS if counts[t] == 0 or (not has_pair and counts[t] < 4)]


def _knitted_ranks(counts: Sequence[int], perm: tuple[int, int, int]) -> tuple[list[int], list[int]]:
    """The tiles of the knitted straight ``perm`` the hand lacks, and the table key each suit keeps once one
    copy of each knitted tile it holds is set aside."""
    missing = []
    codes = [_code(counts, 0), _code(counts, 9), _code(counts, 18)]
    for start, suit in enumerate(perm):
        base = 9 * suit
        for r in (start, start + 3, start + 6):
            if counts[base + r]:
                codes[suit] -= _POW5[r]
            else:
                missing.append(base + r)
    return missing, codes


def _all_forms_effective(counts: Sequence[int], melds: int, codes: tuple[int, int, int] | None = None
                         ) -> tuple[int, list[int]]:
    """``_shanten_and_effective`` of the minimum over forms (0-4 melds), from the tables' records
    (``codes``: the suits' table keys, when the caller has them).

    The special forms' shanten come from the records' counts; the knitted straight's rest (the costly
    part) only where the knitted ranks held leave it a chance to tie the others.
    """
    table = suit_table()
    vecs = _vectors()
    c = counts
    if codes is None:
        # Each suit's table key (base 5, rank 1 the lowest digit), written out: this is the hot path.
        k0 = ((((((((c[8] * 5 + c[7]) * 5 + c[6]) * 5 + c[5]) * 5 + c[4]) * 5 + c[3]) * 5 + c[2]) * 5 + c[1])
              * 5 + c[0])
        k1 = ((((((((c[17] * 5 + c[16]) * 5 + c[15]) * 5 + c[14]) * 5 + c[13]) * 5 + c[12]) * 5 + c[11]) * 5
               + c[10]) * 5 + c[9])
        k2 = ((((((((c[26] * 5 + c[25]) * 5 + c[24]) * 5 + c[23]) * 5 + c[22]) * 5 + c[21]) * 5 + c[20]) * 5
               + c[19]) * 5 + c[18])
    else:
        k0, k1, k2 = codes
    o0, o1, o2 = k0 * RECORD, k1 * RECORD, k2 * RECORD
    i0, i1, i2 = table[o0], table[o1], table[o2]
    honor = vecs.honor_info(tuple(c[27:34]))
    sets = 4 - melds
    c01 = vecs.combine(i0, i1)
    c23 = vecs.combine(i2, honor[0])
    regular = 3 * sets + 1 - vecs.best(c01, c23, sets)
    low = regular
    pairs = orphans = honors_knitted = knitted = RULED_OUT
    if not melds:
        pairs = 6 - min(table[o0 + 1] + table[o1 + 1] + table[o2 + 1] + honor[1], 7)
        kinds = table[o0 + 3] + table[o1 + 3] + table[o2 + 3] + honor[2]
        orphans = 13 - kinds - (1 if table[o0 + 4] or table[o1 + 4] or table[o2 + 4] or honor[3] else 0)
        low = min(regular, pairs, orphans)
    held: tuple[int, ...] = ()
    if melds <= 1:
        # The knitted tiles held by each knitted straight, in KNIT_SUITS's order (1-4-7 of the first suit
        # named, 2-5-8 of the second, 3-6-9 of the third).
        m1, m2, m3 = table[o0 + 5], table[o0 + 6], table[o0 + 7]
        p1, p2, p3 = table[o1 + 5], table[o1 + 6], table[o1 + 7]
        s1, s2, s3 = table[o2 + 5], table[o2 + 6], table[o2 + 7]
        held = (m1 + p2 + s3, m1 + s2 + p3, p1 + m2 + s3, p1 + s2 + m3, s1 + m2 + p3, s1 + p2 + m3)
        most = max(held)
        if not melds:
            honors_knitted = 13 - min(most + honor[2], 14)
            if honors_knitted < low:
                low = honors_knitted
        # A knitted straight holding h of its tiles is 10 + 3 * rest_sets - h - rest away, where the rest
        # covers at most 3 * rest_sets + 2 tiles and no more than the whole hand would (it is part of the
        # hand): so its rest is read only where that leaves it a chance to tie the others (all the
        # minimum needs).
        rest_sets = 1 - melds
        bound = 10 + 3 * rest_sets - vecs.best(c01, c23, rest_sets) if 8 - most <= low else RULED_OUT
        if bound - most <= low:
            offsets = (o0, o1, o2)
            for n, h in enumerate(held):
                if bound - h > low:
                    continue
                a, b, s = KNIT_SUITS[n]
                rest = vecs.best(vecs.combine(table[offsets[a] + 8], table[offsets[b] + 9]),
                                 vecs.combine(table[offsets[s] + 10], honor[0]), rest_sets)
                value = 10 + 3 * rest_sets - h - rest
                if value < knitted:
                    knitted = value
            if knitted < low:
                low = knitted
    flags: bytes | None = None
    if regular == low:
        flags = _regular_flags(sets, 3 * sets + 1 - low, (k0, k1, k2), i0, i1, i2, honor, c01, c23)
    if pairs == low:
        odd = bytes(c).translate(_ODD)
        flags = odd if flags is None else bytes(x | y for x, y in zip(flags, odd, strict=True))
    if low != orphans and low != honors_knitted and low != knitted:
        return low, list(compress(_KINDS, flags)) if flags is not None else []
    found = set(compress(_KINDS, flags)) if flags is not None else set()
    if orphans == low:
        found.update(_orphans_effective(c))
    if honors_knitted == low:
        # A missing honor, or a missing tile of a knitted straight holding the most.
        found.update(t for t in range(27, 34) if not c[t])
        for n, h in enumerate(held):
            if h == most:
                found.update(_knitted_ranks(c, KNIT_SUITS[n])[0])
    if knitted == low:
        # A missing knitted tile, or a tile the rest (a set and a pair) gains by, for each knitted
        # straight that reaches the minimum.
        offsets = (o0, o1, o2)
        for n, h in enumerate(held):
            if 8 - h > low:
                continue
            a, b, s = KNIT_SUITS[n]
            ids = [0, 0, 0]
            ids[a], ids[b], ids[s] = table[offsets[a] + 8], table[offsets[b] + 9], table[offsets[s] + 10]
            r01 = vecs.combine(ids[0], ids[1])
            r23 = vecs.combine(ids[2], honor[0])
            rest = vecs.best(r01, r23, rest_sets)
            if 10 + 3 * rest_sets - h - rest != low:
                continue
            missing, rest_codes = _knitted_ranks(c, KNIT_SUITS[n])
            found.update(missing)
            gains = _regular_flags(rest_sets, rest, rest_codes, ids[0], ids[1], ids[2], honor, r01, r23)
            found.update(compress(_KINDS, gains))
    return low, sorted(t for t in found if c[t] < 4)


def _shanten_and_effective(counts: Sequence[int], melds: int, form: str | None,
                           codes: tuple[int, int, int] | None = None) -> tuple[int, list[int]]:
    if form is None and 0 <= melds <= 4:
        return _all_forms_effective(counts, melds, codes)
    g = _Groups(counts, codes=codes)
    sets = 4 - melds
    values: dict[str, int] = {}
    # One form asked for: only that one is worked out.
    if form in (None, "regular"):
        values["regular"] = 3 * sets + 1 - g.best(sets)
    if not melds:
        if form in (None, "seven_pairs"):
            values["seven_pairs"] = _seven_pairs(g)
        if form in (None, "thirteen_orphans"):
            values["thirteen_orphans"] = _thirteen_orphans(g)
        if form in (None, "honors_knitted"):
            values["honors_knitted"] = _honors_knitted(g)
    if melds <= 1 and form in (None, "knitted_straight"):
        # Exact when it ties or beats the others (all that matters for the minimum's tiles).
        bound = min(values.values()) + 1 if form is None else RULED_OUT
        values["knitted_straight"] = _knitted_straight(counts, melds, bound, g)
    if form is not None:
        if form not in values:
            return RULED_OUT, []
        names = [form]
        low = values[form]
    else:
        low = min(values.values())
        names = [name for name, v in values.items() if v == low]
    found: set[int] = set()
    for name in names:
        if name == "regular":
            found.update(_regular_effective(counts, melds, low, groups=g))
        elif name == "knitted_straight":
            found.update(_knitted_effective(counts, melds, low, g))
        else:
            found.update(_special_effective(counts, name, g))
    # A formal fifth copy (the knitted straight's rest, or a special form's shape) is no live tile.
    return low, sorted(t for t in found if counts[t] < 4)


def effective_tiles(hand: str | Hand | Iterable[Tile], form: str | None = None) -> list[Tile]:
    """The kinds whose draw lowers the shanten (of ``form``, or of the minimum over forms).

    Kinds the player already holds four of are left out, standing or in melds (given a ``Hand`` or
    notation; standing tiles alone carry no melds): there is none left to draw. PyMahjongGB lists
    them in its knitted-straight form; we do not.

    >>> [t.notation() for t in effective_tiles("1112345678999m")]
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
    """
    if form is not None and form not in FORMS:
        raise InvalidOptionError(f"unknown form {form!r}; one of {', '.join(FORMS)}")
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    counts, melds = counts_and_melds(hand)
    held = hand.counts(include_melds=True) if isinstance(hand, Hand) else None
    return [ALL_TILES[t] for t in effective_counts(counts, melds, form, held=held)]


class Holding:
    """Standing tiles kept as counts and per-suit table keys, updated in place as tiles come and go.

    For bots and simulators: ``add``/``remove`` cost a couple of integer operations, and ``shanten``
    then skips recomputing the keys.

    >>> from majiang.notation import parse_tiles
    >>> h = Holding(parse_tiles("1112345678999m"))
    >>> h.shanten()
    0
    >>> h.remove(Tile.M5); h.add(Tile.EAST); h.shanten()
    0
    >>> h.remove(Tile.M1); h.add(Tile.SOUTH); h.shanten()
    1
    """

    __slots__ = ("codes", "counts", "melds")

    def __init__(self, tiles: Iterable[Tile] = (), melds: int = 0) -> None:
        self.counts = [0] * 34
        self.codes = [0, 0, 0]
        self.melds = melds
        for t in tiles:
            self.add(t)

    def add(self, tile: Tile | int) -> None:
        """Take a tile in; raises InvalidHandError on a fifth copy."""
        t = int(tile)
        if self.counts[t] == 4:
            raise InvalidHandError(f"a fifth copy of {ALL_TILES[t].notation()}")
        self.counts[t] += 1
        if t < 27:
            self.codes[t // 9] += _POW5[t % 9]

    def remove(self, tile: Tile | int) -> None:
        """Let a tile go; raises InvalidHandError if it is not held."""
        t = int(tile)
        if not self.counts[t]:
            raise InvalidHandError(f"no {ALL_TILES[t].notation()} to remove")
        self.counts[t] -= 1
        if t < 27:
            self.codes[t // 9] -= _POW5[t % 9]

    def shanten(self) -> int:
        """The minimum shanten over the forms the melds allow."""
        g = _Groups(self.counts, codes=(self.codes[0], self.codes[1], self.codes[2]))
        return _min_shanten(self.counts, self.melds, g)

    def effective(self) -> list[Tile]:
        """The kinds whose draw lowers the minimum shanten, less those held four times standing
        (a holding knows its melds only by number: ``effective_tiles`` of a ``Hand`` knows their tiles)."""
        return [ALL_TILES[t] for t in effective_counts(self.counts, self.melds)]


def shanten_trusted(counts: Sequence[int], melds: int = 0) -> int:
    """``shanten_counts`` without its input checks, for engines whose counts are valid by construction."""
    return _min_shanten(counts, melds)


def shanten_counts(counts: Sequence[int], melds: int = 0) -> int:
    """``shanten`` on standing-tile counts (34 ints, each at most 4): the fast path for loops."""
    try:
        # One C pass refuses a count outside 0-255 (a negative one included); translate and sum then
        # finish the check on bytes, cheaper than _check_counts's passes over the list.
        packed = bytes(counts)
    except (TypeError, ValueError):
        packed = b""
    if len(packed) == 34 and type(melds) is int and 0 <= melds <= 4 and not packed.translate(None, _COUNTS) \
            and sum(packed) <= 14 - 3 * melds:
        return _min_shanten_flat(counts, melds)
    _check_counts(counts, melds)  # says what is wrong; counts of another shape that pass go the long way
    return _min_shanten(counts, melds)

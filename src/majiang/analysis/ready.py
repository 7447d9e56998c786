"""Whether a holding is ready (听牌) in some Chinese Official form: the engine's quick wait check.

The engine asks after every change of a seat's holding whether it waits on anything; most holdings in
play are two or more tiles away, so the answer is nearly always no. ``is_ready`` decides it from the
per-suit tables with no other work: the regular form from the four groups' vectors, each special form
only when a cheap count shows it could be ready (the knitted straight only with eight of its nine
tiles held). It agrees with ``shanten_trusted(counts, melds) == 0`` on every holding of 13 - 3 per meld
standing tiles (tests/test_engine_fast.py checks this).

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> nine_gates = parse_tiles("1112345678999m")
>>> is_ready(counts_of(nine_gates), 0), is_ready(counts_of(nine_gates[1:] + parse_tiles("E")), 0)
(True, False)
>>> is_ready(counts_of(parse_tiles("19m19p19sESWNPFC")), 0)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.analysis.decompose import _suit_shape, _suit_wait_masks
from majiang.analysis.shanten import (
    _code,
    _Groups,
    _honors_knitted,
    _knitted_effective,
    _knitted_straight,
    _seven_pairs,
    _special_effective,
    _thirteen_orphans,
    _Vectors,
    _vectors,
)
from majiang.analysis.tables import RECORD, suit_table
from majiang.tiles import KNIT_SUITS

__all__ = [
    "distance",
    "is_ready",
    "near_special_forms",
    "quick_ready_kinds",
    "ready_from_codes",
    "special_waits",
    "split_ready_kinds",
]

SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_KNITTED, KNITTED_STRAIGHT = 1, 2, 4, 8
SPECIAL_FORMS = 15
"""The special forms as bits, for the ``forms`` arguments: all of them."""
_SPECIAL_FORMS = ((SEVEN_PAIRS, "seven_pairs"), (THIRTEEN_ORPHANS, "thirteen_orphans"),
                  (HONORS_KNITTED, "honors_knitted"))


def is_ready(counts: Sequence[int], melds: int) -> bool:
    """Whether ``counts`` (the 13 - 3 × ``melds`` standing tiles, valid by construction) are one tile
    from a complete hand in some form: shanten 0."""
    table = suit_table()
    vecs = _vectors()
    c = counts
    # Each suit's table key (base 5, rank 1 the lowest digit), written out: this runs on every discard.
    i0 = (((((((c[8] * 5 + c[7]) * 5 + c[6]) * 5 + c[5]) * 5 + c[4]) * 5 + c[3]) * 5 + c[2]) * 5 + c[1]) * 5 \
        + c[0]
    i1 = (((((((c[17] * 5 + c[16]) * 5 + c[15]) * 5 + c[14]) * 5 + c[13]) * 5 + c[12]) * 5 + c[11]) * 5
          + c[10]) * 5 + c[9]
    i2 = (((((((c[26] * 5 + c[25]) * 5 + c[24]) * 5 + c[23]) * 5 + c[22]) * 5 + c[21]) * 5 + c[20]) * 5
          + c[19]) * 5 + c[18]
    i0 *= RECORD
    i1 *= RECORD
    i2 *= RECORD
    honors = vecs.honor_stats(tuple(c[27:34]))
    sets = 4 - melds
    # The regular form: four sets and a pair cover every standing tile but the one waited for.
    regular = vecs.best(vecs.combine(table[i0], table[i1]), vecs.combine(table[i2], honors[0]), sets)
    if regular == 3 * sets + 1:
        return True
    return melds <= 1 and _special_ready(table, vecs, i0, i1, i2, honors, melds, SPECIAL_FORMS) != 0


def distance(counts: Sequence[int], melds: int) -> int:
    """The minimum shanten over the Chinese Official forms the melds allow, as ``shanten_trusted`` gives
    it (the same reading of the same tables, written out for the engine's hot path)."""
    table = suit_table()
    vecs = _vectors()
    c = counts
    i0 = ((((((((c[8] * 5 + c[7]) * 5 + c[6]) * 5 + c[5]) * 5 + c[4]) * 5 + c[3]) * 5 + c[2]) * 5 + c[1]) * 5
          + c[0]) * RECORD
    i1 = ((((((((c[17] * 5 + c[16]) * 5 + c[15]) * 5 + c[14]) * 5 + c[13]) * 5 + c[12]) * 5 + c[11]) * 5
           + c[10]) * 5 + c[9]) * RECORD
    i2 = ((((((((c[26] * 5 + c[25]) * 5 + c[24]) * 5 + c[23]) * 5 + c[22]) * 5 + c[21]) * 5 + c[20]) * 5
           + c[19]) * 5 + c[18]) * RECORD
    honors = vecs.honor_stats(tuple(c[27:34]))
    sets = 4 - melds
    regular = vecs.best(vecs.combine(table[i0], table[i1]), vecs.combine(table[i2], honors[0]), sets)
    best = 3 * sets + 1 - regular
    if melds > 1:
        return best
    records = (i0, i1, i2)
    if not melds:
        pairs = table[i0 + 1] + table[i1 + 1] + table[i2 + 1] + honors[1]
        value = 6 - (pairs if pairs < 7 else 7)  # seven pairs
        if value < best:
            best = value
        kinds = table[i0 + 3] + table[i1 + 3] + table[i2 + 3] + honors[2]
        pair = table[i0 + 4] or table[i1 + 4] or table[i2 + 4] or honors[3]
        value = 13 - kinds - (1 if pair else 0)  # thirteen orphans
        if value < best:
            best = value
    # The knitted forms hold at most the best knitted ranks of each suit (1-4-7, 2-5-8 or 3-6-9).
    most = 0
    for i in records:
        x, y, z = table[i + 5], table[i + 6], table[i + 7]
        most += x if x >= y and x >= z else (y if y >= z else z)
    if not melds and 13 - min(most + honors[2], 14) < best:
        knit = 0
        for a, b, c2 in KNIT_SUITS:
            held = table[records[a] + 5] + table[records[b] + 6] + table[records[c2] + 7]
            if held > knit:
                knit = held
        value = 13 - min(knit + honors[2], 14)  # honors and knitted tiles
        if value < best:
            best = value
    if 8 - most >= best:
        return best
    # A knitted straight and a set and a pair, only where it could come under the best so far.
    rest_sets = 1 - melds
    for a, b, c2 in KNIT_SUITS:
        ra, rb, rc = records[a], records[b], records[c2]
        held = table[ra + 5] + table[rb + 6] + table[rc + 7]
        if 8 - held >= best:
            continue
        rest = vecs.best(vecs.combine(table[ra + 8], table[rb + 9]), vecs.combine(table[rc + 10], honors[0]),
                         rest_sets)
        value = 10 + 3 * rest_sets - held - rest
        if value < best:
            best = value
    return best


def quick_ready_kinds(counts: Sequence[int], melds: int, codes: tuple[int, int, int] | None = None, *,
                      forms: int = SPECIAL_FORMS) -> list[int] | None:
    """``shanten.ready_kinds`` for loops over many holdings: None when ``counts`` (13 - 3 × ``melds``
    standing tiles, valid by construction; ``codes`` its suits' table keys if known) are not ready, else
    the kinds that complete them, less those held four times standing.

    Most holdings met are either not ready or ready in the regular form alone: those are read from the
    tables as ``is_ready`` reads them, and the regular waits from per-suit masks. A holding ready in a
    special form adds that form's waits as ``ready_kinds`` finds them. ``forms`` (bits, as
    ``near_special_forms`` gives them) are the special forms the caller knows it may be ready in: the
    others are not tested.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> quick_ready_kinds(counts_of(parse_tiles("1112345678999m")), 0)
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    >>> quick_ready_kinds(counts_of(parse_tiles("12345678m19pESW")), 0) is None
    True
    """
    split = split_ready_kinds(counts, melds, codes, forms=forms)
    if split is None:
        return None
    regular, special_waits = split
    return sorted({*regular, *special_waits}) if special_waits else regular


def split_ready_kinds(counts: Sequence[int], melds: int, codes: tuple[int, int, int] | None = None, *,
                      forms: int = SPECIAL_FORMS) -> tuple[list[int], list[int]] | None:
    """``quick_ready_kinds`` in two lists: the waits of the regular form and those of the special forms
    the holding is ready in (a win on one of those is in that form, whose fan alone is 12 or more).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> split_ready_kinds(counts_of(parse_tiles("1122m3344p5566sE")), 0)
    ([], [27])
    """
    if codes is None:
        codes = (_code(counts, 0), _code(counts, 9), _code(counts, 18))
    i0, i1, i2 = codes[0] * RECORD, codes[1] * RECORD, codes[2] * RECORD
    return _split_waits(counts, melds, codes, forms, i0, i1, i2)


def _split_waits(c: Sequence[int], melds: int, codes: tuple[int, int, int] | None, forms: int, i0: int,
                 i1: int, i2: int) -> tuple[list[int], list[int]] | None:
    table = suit_table()
    vecs = _vectors()
    honors = vecs.honor_stats(tuple(c[27:34]))
    sets = 4 - melds
    regular = vecs.best(vecs.combine(table[i0], table[i1]), vecs.combine(table[i2], honors[0]),
                        sets) == 3 * sets + 1
    forms = _special_ready(table, vecs, i0, i1, i2, honors, melds, forms) if forms and melds <= 1 else 0
    if not forms:
        return (_regular_waits(c), []) if regular else None
    return (_regular_waits(c) if regular else []), special_waits(c, melds, forms, codes)


def special_waits(counts: Sequence[int], melds: int, forms: int, codes: tuple[int, int, int] | None = None
                  ) -> list[int]:
    """The kinds held fewer than four times that complete ``counts`` in one of the special ``forms``
    (bits) it is ready in, as ``ready_kinds`` finds them; ``codes``: its suits' table keys, if known.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> special_waits(counts_of(parse_tiles("1122m3344p5566sE")), 0, SEVEN_PAIRS)
    [27]
    """
    found: set[int] = set()
    if forms & (SEVEN_PAIRS | THIRTEEN_ORPHANS | HONORS_KNITTED):
        g = _Groups(counts, codes=codes)
        for bit, name in _SPECIAL_FORMS:
            if forms & bit:
                found.update(_special_effective(counts, name, g))
    if forms & KNITTED_STRAIGHT:
        found.update(_knitted_effective(counts, melds, 0))
    return sorted(t for t in found if counts[t] < 4)




def ready_from_codes(table: Sequence[int], vecs: _Vectors, i0: int, i1: int, i2: int,
                     honors: tuple[int, int, int, int], melds: int, forms: int) -> bool:
    """``is_ready`` from the suits' table records (``i0``-``i2``: each suit's key times ``RECORD``) and
    the honors' stats (``_Vectors.honor_stats``), for loops that move the keys themselves; of the special
    forms only those in ``forms`` (bits) are tested."""
    sets = 4 - melds
    if vecs.best(vecs.combine(table[i0], table[i1]), vecs.combine(table[i2], honors[0]),
                 sets) == 3 * sets + 1:
        return True
    return bool(forms and melds <= 1 and _special_ready(table, vecs, i0, i1, i2, honors, melds, forms))


def _special_ready(table: Sequence[int], vecs: _Vectors, i0: int, i1: int, i2: int,
                   honors: tuple[int, int, int, int], melds: int, forms: int) -> int:
    """Which of the special ``forms`` (bits) a holding (its suits' table records at ``i0``-``i2``, its
    honors' stats) is ready in (``is_ready``'s tests of them)."""
    ready = 0
    if not melds:
        if forms & SEVEN_PAIRS and table[i0 + 1] + table[i1 + 1] + table[i2 + 1] + honors[1] >= 6:
            ready = SEVEN_PAIRS
        if forms & THIRTEEN_ORPHANS:
            kinds = table[i0 + 3] + table[i1 + 3] + table[i2 + 3] + honors[2]
            if kinds + (1 if table[i0 + 4] or table[i1 + 4] or table[i2 + 4] or honors[3] else 0) >= 13:
                ready |= THIRTEEN_ORPHANS
    if not forms & (HONORS_KNITTED | KNITTED_STRAIGHT):
        return ready
    records = (i0, i1, i2)
    knitted = (max(table[i0 + 5], table[i0 + 6], table[i0 + 7])
               + max(table[i1 + 5], table[i1 + 6], table[i1 + 7])
               + max(table[i2 + 5], table[i2 + 6], table[i2 + 7]))
    if not melds and forms & HONORS_KNITTED and knitted + honors[2] >= 13:
        for a, b, c in KNIT_SUITS:
            if table[records[a] + 5] + table[records[b] + 6] + table[records[c] + 7] + honors[2] >= 13:
                ready |= HONORS_KNITTED
                break
    if knitted < 8 or not forms & KNITTED_STRAIGHT:
        return ready
    rest_sets = 1 - melds
    for a, b, c in KNIT_SUITS:
        ra, rb, rc = records[a], records[b], records[c]
        held = table[ra + 5] + table[rb + 6] + table[rc + 7]
        if held < 8:
            continue
        rest = vecs.best(vecs.combine(table[ra + 8], table[rb + 9]), vecs.combine(table[rc + 10], honors[0]),
                         rest_sets)
        if 10 + 3 * rest_sets - held - rest == 0:
            return ready | KNITTED_STRAIGHT
    return ready


# A suit's table key -> its size mod 3, the ranks that complete it as sets alone and with a pair, and
# whether it splits into sets and a pair; filled on first use, emptied when full.
_SuitWaits = tuple[int, tuple[int, ...], tuple[int, ...], bool]
_SUIT_WAITS: dict[int, _SuitWaits] = {}


def _suit_waits(code: int) -> _SuitWaits:
    ranks = tuple(code // 5 ** r % 5 for r in range(9))
    sets, pair = _suit_wait_masks(ranks)
    found = (sum(ranks) % 3, tuple(r for r in range(9) if sets >> r & 1),
             tuple(r for r in range(9) if pair >> r & 1), _suit_shape(ranks) == 2)
    if len(_SUIT_WAITS) >= 1 << 16:
        _SUIT_WAITS.clear()
    _SUIT_WAITS[code] = found
    return found


def _regular_waits(c: Sequence[int], codes: Sequence[int] | None = None) -> list[int]:
    """The kinds held fewer than four times that complete a regular-ready holding ``c`` (``codes``: its
    suits' table keys, if known), sorted."""
    # Each suit and each honor kind is a group; a group's size (mod 3) says what it lacks: the group of
    # size 1 (mod 3) takes the pair with the wait, or of two groups of size 2 one holds the pair and the
    # other takes the wait as a set.
    if codes is None:
        codes = (_code(c, 0), _code(c, 9), _code(c, 18))
    get = _SUIT_WAITS.get
    suits = (get(codes[0]) or _suit_waits(codes[0]), get(codes[1]) or _suit_waits(codes[1]),
             get(codes[2]) or _suit_waits(codes[2]))
    ones: list[int] = []
    twos: list[int] = []
    for g in range(3):
        size = suits[g][0]
        if size == 1:
            ones.append(g)
        elif size == 2:
            twos.append(g)
    for t in range(27, 34):
        n = c[t]
        if n == 1 or n == 4:
            ones.append(t)
        elif n == 2:
            twos.append(t)
    out: list[int] = []
    if len(ones) == 1 and not twos:
        out = _group_waits(c, suits, ones[0], True)
    elif len(twos) == 2 and not ones:
        g, h = twos
        if (suits[h][3] if h < 3 else c[h] == 2):
            out = _group_waits(c, suits, g, False)
        if (suits[g][3] if g < 3 else c[g] == 2):
            out = sorted({*out, *_group_waits(c, suits, h, False)})
    return [t for t in out if c[t] < 4]


def _group_waits(c: Sequence[int], suits: tuple[_SuitWaits, ...], g: int, pair: bool) -> list[int]:
    """The kinds of group ``g`` that complete it (with its pair when ``pair``, as sets alone otherwise)."""
    if g >= 27:
        n = c[g]
        return [g] if (n in (1, 4) and pair) or (n == 2 and not pair) else []
    base = g * 9
    ranks = suits[g][2] if pair else suits[g][1]
    return [base + r for r in ranks]


def near_special_forms(counts: Sequence[int], melds: int) -> int:
    """The special forms the melds allow whose shanten is below 2, as ``split_ready_kinds``'s ``forms``
    bits (1 七对, 2 十三幺, 4 全不靠, 8 组合龙). Each form's shanten moves by at most one a tile added or
    removed, so a holding two tiles from ``counts`` (one out, one in, one more out) can be ready only in
    these.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> near_special_forms(counts_of(parse_tiles("11223344m5566pEE")), 0), near_special_forms([0] * 34, 2)
    (1, 0)
    """
    if melds > 1:
        return 0
    g = _Groups(counts)
    forms = KNITTED_STRAIGHT if _knitted_straight(counts, melds, 2, g) < 2 else 0
    if not melds:
        if _seven_pairs(g) < 2:
            forms |= SEVEN_PAIRS
        if _thirteen_orphans(g) < 2:
            forms |= THIRTEEN_ORPHANS
        if _honors_knitted(g) < 2:
            forms |= HONORS_KNITTED
    return forms

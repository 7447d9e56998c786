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

from majiang.analysis.shanten import _vectors
from majiang.analysis.tables import RECORD, suit_table
from majiang.tiles import KNIT_SUITS

__all__ = ["distance", "is_ready"]


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
    if melds > 1:
        return False
    if not melds:
        if table[i0 + 1] + table[i1 + 1] + table[i2 + 1] + honors[1] >= 6:
            return True  # seven pairs (七对): six pairs held
        kinds = table[i0 + 3] + table[i1 + 3] + table[i2 + 3] + honors[2]
        pair = table[i0 + 4] or table[i1 + 4] or table[i2 + 4] or honors[3]
        if kinds + (1 if pair else 0) >= 13:
            return True  # thirteen orphans (十三幺)
    # The knitted forms need many of the nine knitted tiles of some arrangement (1-4-7 of one suit, 2-5-8
    # of another, 3-6-9 of the third): at most the best knitted ranks of each suit.
    records = (i0, i1, i2)
    most = [max(table[i + 5], table[i + 6], table[i + 7]) for i in records]
    knitted = most[0] + most[1] + most[2]
    if not melds and knitted + honors[2] >= 13:  # honors and knitted tiles (全不靠): 13 of 16, all different
        for a, b, c2 in KNIT_SUITS:
            if table[records[a] + 5] + table[records[b] + 6] + table[records[c2] + 7] + honors[2] >= 13:
                return True
    if knitted < 8:
        return False
    # A knitted straight (组合龙) with a set and a pair: ready only with eight of its nine tiles held.
    rest_sets = 1 - melds
    for a, b, c2 in KNIT_SUITS:
        ra, rb, rc = records[a], records[b], records[c2]
        held = table[ra + 5] + table[rb + 6] + table[rc + 7]
        if held < 8:
            continue
        rest = vecs.best(vecs.combine(table[ra + 8], table[rb + 9]), vecs.combine(table[rc + 10], honors[0]),
                         rest_sets)
        if 10 + 3 * rest_sets - held - rest == 0:
            return True
    return False


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

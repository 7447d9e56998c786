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

from majiang.analysis.shanten import _code, _vectors
from majiang.analysis.tables import RECORD, suit_table
from majiang.tiles import KNIT_SUITS

__all__ = ["is_ready"]


def is_ready(counts: Sequence[int], melds: int) -> bool:
    """Whether ``counts`` (the 13 - 3 × ``melds`` standing tiles, valid by construction) are one tile
    from a complete hand in some form: shanten 0."""
    table = suit_table()
    vecs = _vectors()
    i0, i1, i2 = _code(counts, 0) * RECORD, _code(counts, 9) * RECORD, _code(counts, 18) * RECORD
    honors = vecs.honor_stats(tuple(counts[27:34]))
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
        if honors[2] >= 4:  # honors and knitted tiles (全不靠): thirteen of the sixteen, all different
            records = (i0, i1, i2)
            for a, b, c in KNIT_SUITS:
                if table[records[a] + 5] + table[records[b] + 6] + table[records[c] + 7] + honors[2] >= 13:
                    return True
    # A knitted straight (组合龙) with a set and a pair: ready only with eight of its nine tiles held.
    records = (i0, i1, i2)
    rest_sets = 1 - melds
    for a, b, c in KNIT_SUITS:
        ra, rb, rc = records[a], records[b], records[c]
        held = table[ra + 5] + table[rb + 6] + table[rc + 7]
        if held < 8:
            continue
        rest = vecs.best(vecs.combine(table[ra + 8], table[rb + 9]), vecs.combine(table[rc + 10], honors[0]),
                         rest_sets)
        if 10 + 3 * rest_sets - held - rest == 0:
            return True
    return False

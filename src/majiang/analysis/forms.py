"""Shanten of a form several regional rulesets aim at: all pungs and a pair (对对胡, 碰碰胡).

Counted by how many kinds hold 1, 2, 3 or 4 copies, with no sort: the search's playouts ask it for every
hand they see under Sichuan, Changsha and Yangzhou.

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> pungs_shanten(counts_of(parse_tiles("111m999p55s77sEEC")), 4)   # one more of 5s, 7s or E
1
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["pungs_shanten"]


def pungs_shanten(counts: Sequence[int], sets: int) -> int:
    """Shanten of ``sets`` pungs and a pair from ``counts`` (any kinds: pass only those the form may use):
    the fullest kinds as pungs, the best kind as the pair.

    The kinds sorted fullest first (a pung takes three at most) are that many 3s, then 2s, then 1s; a
    pair's kind, if among the top ``sets``, gives its place to the next one."""
    held = (0, counts.count(1), counts.count(2), counts.count(3), counts.count(4))
    threes, twos, ones = held[3] + held[4], held[2], held[1]
    a = min(sets, threes)
    b = min(sets - a, twos)
    top = 3 * a + 2 * b + min(sets - a - b, ones)
    following = 3 if sets < threes else 2 if sets < threes + twos else 1 if sets < threes + twos + ones else 0
    best = top
    for n in (1, 2, 3, 4):
        if held[n]:
            v = min(n, 3)
            best = max(best, min(n, 2) + (top + following - v if v >= following else top))
    return 3 * sets + 1 - best

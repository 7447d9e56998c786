"""Split tile counts into sets (chows, pungs) and a pair, one suit at a time, with cached tables.

Counts are lists of 34 ints indexed by ``Tile``. A *set* is ``(kind, tile)`` with kind 0 for a chow
(``tile`` is its lowest tile) and 1 for a pung.

>>> c = counts_of(Tile(t) for t in (0, 0, 0, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 8))  # 11123455678999m
>>> sorted(len(sets) for sets, pair in iter_decompositions(c))
[4]
>>> [t.notation() for t in waits(counts_of(Tile(t) for t in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)))]
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache

from majiang.tiles import Tile

__all__ = [
    "CHOW",
    "PUNG",
    "Decomposition",
    "SuitDecomposition",
    "counts_of",
    "is_complete",
    "iter_decompositions",
    "suit_decompositions",
    "waits",
]

CHOW = 0
PUNG = 1

SuitDecomposition = tuple[tuple[tuple[int, int], ...], int]
"""One split of a suit: sets as ``(kind, rank index 0-8)`` and the pair's rank index, or -1."""

Decomposition = tuple[tuple[tuple[int, int], ...], int]
"""A split of a whole hand: sets as ``(kind, tile)`` and the pair's tile."""


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """Counts of each of the 34 kinds."""
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


@cache
def suit_decompositions(counts: tuple[int, ...]) -> tuple[SuitDecomposition, ...]:
    """Every way to split one numbered suit's 9 counts into sets and at most one pair.

    >>> suit_decompositions((3, 1, 1, 0, 0, 0, 0, 0, 0))
    ((((0, 0),), 0),)
    >>> suit_decompositions((1, 1, 0, 0, 0, 0, 0, 0, 0))
    ()
    """
    return tuple(dict.fromkeys(_split(list(counts), 0, (), -1)))


def _split(c: list[int], start: int, sets: tuple[tuple[int, int], ...], pair: int) -> Iterator[SuitDecomposition]:
    i = start
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        yield sets, pair
        return
    n = c[i]
    if n >= 3:
        c[i] -= 3
        yield from _split(c, i, (*sets, (PUNG, i)), pair)
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        yield from _split(c, i, (*sets, (CHOW, i)), pair)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if pair < 0 and n >= 2:
        c[i] -= 2
        yield from _split(c, i, sets, i)
        c[i] += 2


@cache
def _suit_shape(counts: tuple[int, ...]) -> int:
    """Bit 1: splits into sets only; bit 2: splits into sets and one pair."""
    flags = 0
    for _, pair in suit_decompositions(counts):
        flags |= 2 if pair >= 0 else 1
    return flags


def _honor_shape(n: int) -> int:
    return (1 if n in (0, 3) else 0) | (2 if n == 2 else 0)


def iter_decompositions(counts: Sequence[int]) -> Iterator[Decomposition]:
    """Every split of ``counts`` (34 ints) into sets and exactly one pair.

    Honors only form pungs and pairs. Yields ``(sets, pair_tile)``, sets ordered by suit.
    """
    per_suit: list[list[tuple[tuple[tuple[int, int], ...], int]]] = []
    honor_sets: list[tuple[int, int]] = []
    honor_pair = -1
    for t in range(27, 34):
        n = counts[t]
        if n == 3:
            honor_sets.append((PUNG, t))
        elif n == 2:
            if honor_pair >= 0:
                return
            honor_pair = t
        elif n:
            return
    for base in (0, 9, 18):
        key = tuple(counts[base:base + 9])
        if not any(key):
            per_suit.append([((), -1)])
            continue
        options = suit_decompositions(key)
        if not options:
            return
        per_suit.append([
            (tuple((kind, base + r) for kind, r in sets), base + pair if pair >= 0 else -1)
            for sets, pair in options
        ])
    for m_sets, m_pair in per_suit[0]:
        for p_sets, p_pair in per_suit[1]:
            if m_pair >= 0 and p_pair >= 0:
                continue
            for s_sets, s_pair in per_suit[2]:
                pairs = [p for p in (m_pair, p_pair, s_pair, honor_pair) if p >= 0]
                if len(pairs) != 1:
                    continue
                yield (*m_sets, *p_sets, *s_sets, *honor_sets), pairs[0]


def _shapes(counts: Sequence[int]) -> list[int]:
    return [_suit_shape(tuple(counts[b:b + 9])) for b in (0, 9, 18)] + [
        _honor_shape(counts[t]) for t in range(27, 34)
    ]


def _complete_from_shapes(shapes: Sequence[int]) -> bool:
    pairs = 0
    for s in shapes:
        if s & 1:
            continue
        if s & 2:
            pairs += 1
            if pairs > 1:
                return False
        else:
            return False
    # A group's size fixes whether it can hold the pair, so exactly one must.
    return pairs == 1


def is_complete(counts: Sequence[int]) -> bool:
    """Whether ``counts`` split into sets and exactly one pair (the regular winning shape).

    >>> is_complete(counts_of(Tile(t) for t in (0, 1, 2, 27, 27)))
    True
    """
    if sum(counts) % 3 != 2:
        return False
    return _complete_from_shapes(_shapes(counts))


def waits(counts: Sequence[int]) -> list[Tile]:
    """Tile kinds that complete the regular shape when added to ``counts`` (3n+1 tiles).

    Kinds already held four times are still listed: the shape, not the wall, decides the wait.
    """
    if sum(counts) % 3 != 1:
        return []
    shapes = _shapes(counts)
    out: list[Tile] = []
    c = list(counts)
    for t in range(34):
        group = t // 9 if t < 27 else 3 + t - 27
        if t < 27:
            lo = group * 9
            # A tile that touches nothing in its suit cannot help except as a pair partner.
            r = t - lo
            if not any(c[lo + k] for k in range(max(0, r - 2), min(9, r + 3))):
                continue
        elif c[t] == 0:
            continue
        old = shapes[group]
        c[t] += 1
        shapes[group] = _suit_shape(tuple(c[lo:lo + 9])) if t < 27 else _honor_shape(c[t])
        if _complete_from_shapes(shapes):
            out.append(Tile(t))
        shapes[group] = old
        c[t] -= 1
    return out

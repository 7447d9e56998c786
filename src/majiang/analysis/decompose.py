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
from functools import cache, lru_cache
from itertools import combinations_with_replacement

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
def _table() -> dict[tuple[int, ...], tuple[SuitDecomposition, ...]]:
    """Every suit shape that splits into up to four sets and at most one pair, built once (~50 ms).

    Counts go up to 5 so that the formal-wait rule can ask about a fifth copy of a held kind.
    """
    kinds = [(CHOW, r) for r in range(7)] + [(PUNG, r) for r in range(9)]
    found: dict[tuple[int, ...], set[SuitDecomposition]] = {}
    for n in range(5):
        for combo in combinations_with_replacement(kinds, n):
            c = [0] * 9
            for kind, r in combo:
                if kind == CHOW:
                    c[r] += 1
                    c[r + 1] += 1
                    c[r + 2] += 1
                else:
                    c[r] += 3
            if max(c) > 5:
                continue
            found.setdefault(tuple(c), set()).add((combo, -1))
            for p in range(9):
                if c[p] <= 3:
                    c[p] += 2
                    found.setdefault(tuple(c), set()).add((combo, p))
                    c[p] -= 2
    return {key: tuple(sorted(v)) for key, v in found.items()}


def suit_decompositions(counts: tuple[int, ...]) -> tuple[SuitDecomposition, ...]:
    """Every way to split one numbered suit's 9 counts into sets and at most one pair.

    >>> suit_decompositions((3, 1, 1, 0, 0, 0, 0, 0, 0))
    ((((0, 0),), 0),)
    >>> suit_decompositions((1, 1, 0, 0, 0, 0, 0, 0, 0))
    ()
    """
    return _table().get(counts, ())


@cache
def _shape_table() -> dict[tuple[int, ...], int]:
    """Bit 1: the suit splits into sets only; bit 2: into sets and one pair (absent: neither)."""
    return {key: (2 if any(pair >= 0 for _, pair in splits) else 1) for key, splits in _table().items()}


def _suit_shape(counts: tuple[int, ...]) -> int:
    """Bit 1: splits into sets only; bit 2: splits into sets and one pair."""
    return _shape_table().get(counts, 0)


def _honor_shape(n: int) -> int:
    return (1 if n in (0, 3) else 0) | (2 if n in (2, 5) else 0)


@lru_cache(maxsize=1 << 16)
def _suit_options(counts: tuple[int, ...], base: int) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """``suit_decompositions`` with ranks turned into tiles of the suit starting at ``base``."""
    return tuple(
        (tuple((kind, base + r) for kind, r in sets), base + pair if pair >= 0 else -1)
        for sets, pair in suit_decompositions(counts)
    )


_EMPTY_SUIT: tuple[tuple[tuple[tuple[int, int], ...], int], ...] = (((), -1),)
_ZERO9 = (0,) * 9


def iter_decompositions(counts: Sequence[int]) -> Iterator[Decomposition]:
    """Every split of ``counts`` (34 ints) into sets and exactly one pair.

    Honors only form pungs and pairs. Yields ``(sets, pair_tile)``, sets ordered by suit.
    """
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
    per_suit = []
    for base in (0, 9, 18):
        key = tuple(counts[base:base + 9])
        if key == _ZERO9:
            per_suit.append(_EMPTY_SUIT)
            continue
        options = _suit_options(key, base)
        if not options:
            return
        per_suit.append(options)
    honors = tuple(honor_sets)
    for m_sets, m_pair in per_suit[0]:
        for p_sets, p_pair in per_suit[1]:
            if m_pair >= 0 and p_pair >= 0:
                continue
            for s_sets, s_pair in per_suit[2]:
                pair = honor_pair
                for p in (m_pair, p_pair, s_pair):
                    if p >= 0:
                        if pair >= 0:
                            pair = -2
                            break
                        pair = p
                if pair >= 0:
                    yield (*m_sets, *p_sets, *s_sets, *honors), pair


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


@cache
def _wait_table() -> dict[tuple[int, ...], tuple[int, int]]:
    """For every suit one tile short of a complete shape: the ranks that complete it (sets / pair).

    Derived from the split table by taking one tile away from each complete shape (~0.1 s, once).
    """
    found: dict[tuple[int, ...], list[int]] = {}
    for key, shape in _shape_table().items():
        c = list(key)
        for r in range(9):
            if c[r]:
                c[r] -= 1
                masks = found.setdefault(tuple(c), [0, 0])
                masks[0 if shape == 1 else 1] |= 1 << r
                c[r] += 1
    return {key: (m[0], m[1]) for key, m in found.items()}


def _suit_wait_masks(counts: tuple[int, ...]) -> tuple[int, int]:
    """Bit masks of the ranks whose addition makes a suit split into sets only / sets and a pair."""
    return _wait_table().get(counts, (0, 0))


def _group_waits(counts: Sequence[int], group: int, want_pair: bool) -> list[int]:
    if group < 3:
        base = group * 9
        masks = _suit_wait_masks(tuple(counts[base:base + 9]))
        mask = masks[1] if want_pair else masks[0]
        return [base + r for r in range(9) if mask >> r & 1]
    t = 24 + group
    n = counts[t]
    return [t] if (n in (1, 4) and want_pair) or (n == 2 and not want_pair) else []


def waits(counts: Sequence[int]) -> list[Tile]:
    """Tile kinds that complete the regular shape when added to ``counts`` (3n+1 tiles).

    The shape decides, not the wall: a kind the hand already holds four times is still listed, as the
    formal-wait rule for 边张/坎张/单钓将 needs.
    """
    if sum(counts) % 3 != 1:
        return []
    sizes = [sum(counts[b:b + 9]) % 3 for b in (0, 9, 18)] + [counts[t] % 3 for t in range(27, 34)]
    ones = [g for g, n in enumerate(sizes) if n == 1]
    twos = [g for g, n in enumerate(sizes) if n == 2]
    shapes = _shapes(counts)
    out: set[int] = set()
    if len(ones) == 1 and not twos:
        g = ones[0]
        if all(shapes[h] & 1 for h in range(10) if h != g):
            out.update(_group_waits(counts, g, True))
    elif len(twos) == 2 and not ones:
        for g, h in (twos, twos[::-1]):
            if shapes[h] & 2 and all(shapes[k] & 1 for k in range(10) if k not in (g, h)):
                out.update(_group_waits(counts, g, False))
    return [Tile(t) for t in sorted(out)]

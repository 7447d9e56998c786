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

import sys
import warnings
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement

from majiang.data import read_data
from majiang.tiles import Tile

__all__ = [
    "CHOW_SET",
    "PUNG_SET",
    "Decomposition",
    "SuitDecomposition",
    "counts_of",
    "is_complete",
    "iter_decompositions",
    "suit_decompositions",
    "waits",
]

CHOW_SET = 0
"""A set's kind in a decomposition: a chow (顺子), named by its lowest tile."""
PUNG_SET = 1
"""A set's kind in a decomposition: a pung (刻子)."""


def __getattr__(name: str) -> int:
    """``CHOW`` and ``PUNG``, the old names of the set kinds (``majiang.game.ruleset.CHOW`` and ``PUNG``
    are actions), for one release with a warning."""
    if name in ("CHOW", "PUNG"):
        warnings.warn(f"majiang.analysis.decompose.{name} is now {name}_SET; the old name goes in the next "
                      "release", DeprecationWarning, stacklevel=2)
        return CHOW_SET if name == "CHOW" else PUNG_SET
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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


def search_table() -> dict[tuple[int, ...], tuple[SuitDecomposition, ...]]:
    """Every suit shape that splits into up to four sets and at most one pair, by search (~0.1 s).

    Counts go up to 5 so that the formal-wait rule can ask about a fifth copy of a held kind. This is
    the reference the shipped table (``data/decompositions.bin``) is built from and checked against.
    """
    kinds = [(CHOW_SET, r) for r in range(7)] + [(PUNG_SET, r) for r in range(9)]
    found: dict[tuple[int, ...], set[SuitDecomposition]] = {}
    for n in range(5):
        for combo in combinations_with_replacement(kinds, n):
            c = [0] * 9
            for kind, r in combo:
                if kind == CHOW_SET:
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


DATA_FILE = "decompositions.bin"
_MAGIC = b"MJDC1"


def shape_code(counts: Sequence[int]) -> int:
    """A suit shape (9 counts, each 0-5) as one int in base 6, rank 1 the lowest digit.

    >>> shape_code((1, 1, 1, 0, 0, 0, 0, 0, 0)), shape_code((0,) * 8 + (1,))
    (43, 1679616)
    """
    code = 0
    for i in range(8, -1, -1):
        code = code * 6 + counts[i]
    return code


def _pack(split: SuitDecomposition) -> int:
    """One split as an int: the pair's rank + 1 (0: none) in 4 bits, then 5 bits per set."""
    sets, pair = split
    value = pair + 1
    for i, (kind, r) in enumerate(sets):
        value |= (1 + r + (7 if kind == PUNG_SET else 0)) << (4 + 5 * i)
    return value


def _unpack(value: int) -> SuitDecomposition:
    pair = (value & 15) - 1
    sets = []
    value >>= 4
    while value:
        k = (value & 31) - 1
        sets.append((CHOW_SET, k) if k < 7 else (PUNG_SET, k - 7))
        value >>= 5
    return tuple(sets), pair


def build_table() -> bytes:
    """The shipped file's contents: sorted shape codes, each shape's first split, the packed splits.

    Layout (little-endian u32s after the magic): n shapes, m splits, n codes, n + 1 starts, m splits.
    """
    table = search_table()
    codes = sorted((shape_code(key), key) for key in table)
    starts = [0]
    items: list[int] = []
    for _, key in codes:
        items.extend(_pack(split) for split in table[key])
        starts.append(len(items))
    words = [len(codes), len(items), *(code for code, _ in codes), *starts, *items]
    return _MAGIC + b"".join(w.to_bytes(4, "little") for w in words)


class _Shipped:
    """The shipped table as three arrays; a shape's splits are decoded on first lookup."""

    __slots__ = ("codes", "items", "starts")

    def __init__(self, raw: bytes) -> None:
        if raw[:len(_MAGIC)] != _MAGIC:
            raise RuntimeError(f"{DATA_FILE} is not a majiang decomposition table")
        n = int.from_bytes(raw[5:9], "little")
        m = int.from_bytes(raw[9:13], "little")
        if len(raw) != 13 + 4 * (2 * n + 1 + m):
            raise RuntimeError(f"{DATA_FILE} is damaged: {len(raw)} bytes for {n} shapes and {m} splits")
        words = array("I")
        if words.itemsize != 4:
            words = array("L")
        words.frombytes(raw[13:])
        if sys.byteorder != "little":
            words.byteswap()
        self.codes = words[:n]
        self.starts = words[n:2 * n + 1]
        self.items = words[2 * n + 1:]

    def splits(self, counts: Sequence[int]) -> tuple[SuitDecomposition, ...]:
        code = shape_code(counts)
        codes = self.codes
        i = bisect_left(codes, code)
        if i == len(codes) or codes[i] != code:
            return ()
        return tuple(_unpack(v) for v in self.items[self.starts[i]:self.starts[i + 1]])


_shipped: _Shipped | None = None
"""The shipped table once loaded (``None`` until the first lookup: importing loads nothing)."""

# Shapes that split, decoded once (at most the table's ~30,000); the others are cheap to look up again.
_SPLITS: dict[tuple[int, ...], tuple[SuitDecomposition, ...]] = {}


def _table() -> _Shipped:
    global _shipped
    if _shipped is None:
        _shipped = _Shipped(read_data(DATA_FILE))
    return _shipped


def suit_decompositions(counts: tuple[int, ...]) -> tuple[SuitDecomposition, ...]:
    """Every way to split one numbered suit's 9 counts into sets and at most one pair.

    >>> suit_decompositions((3, 1, 1, 0, 0, 0, 0, 0, 0))
    ((((0, 0),), 0),)
    >>> suit_decompositions((1, 1, 0, 0, 0, 0, 0, 0, 0))
    ()
    """
    splits = _SPLITS.get(counts)
    if splits is None:
        if len(counts) != 9 or min(counts) < 0 or max(counts) > 5:
            return ()
        splits = _table().splits(counts)
        if splits:
            _SPLITS[counts] = splits
    return splits


# Bounded caches: a long simulation meets most of the ~400,000 suit holdings, and memory must stay small.
@lru_cache(maxsize=1 << 16)
def _suit_shape(counts: tuple[int, ...]) -> int:
    """Bit 1: splits into sets only; bit 2: splits into sets and one pair."""
    splits = suit_decompositions(counts)
    return (2 if splits[0][1] >= 0 else 1) if splits else 0


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
            honor_sets.append((PUNG_SET, t))
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


@lru_cache(maxsize=1 << 16)
def _suit_wait_masks(counts: tuple[int, ...]) -> tuple[int, int]:
    """Bit masks of the ranks whose addition makes a suit split into sets only / sets and a pair."""
    sets = pair = 0
    c = list(counts)
    for r in range(9):
        if c[r] < 5:
            c[r] += 1
            shape = _suit_shape(tuple(c))
            c[r] -= 1
            if shape == 1:
                sets |= 1 << r
            elif shape == 2:
                pair |= 1 << r
    return sets, pair


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

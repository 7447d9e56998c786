"""Per-suit shanten tables: how many of a suit's tiles some m sets and h pairs can use.

For a suit held as counts ``k`` (9 ints), ``overlap(k)[2*m + h]`` is the largest number of held tiles
that ``m`` sets (chows or pungs of that suit) and ``h`` pairs (0 or 1) can cover, with any number of
copies allowed in the target (the formal shape, as PyMahjongGB and the 边张/坎张 rules use it). A hand
needing ``M`` more sets and a pair is then ``3M + 2 - best`` tiles away from complete, where ``best``
combines the four groups (three suits and the honors); shanten is that minus one.

The tables cover every suit holding (up to four of each rank, at most 14 tiles: 405,350 of them). They
take about a minute to compute in Python, so they ship as package data (``data/suits.bin.xz``) and are
decoded on first use; ``python -m majiang.data.build suits.bin.xz`` rebuilds the file, and the test suite
checks the shipped data against this code.
"""

from __future__ import annotations

import lzma
import mmap
import sys
from functools import cache, lru_cache

from majiang.data import path_of, read_data

__all__ = [
    "FIELDS",
    "FULL",
    "KEYS",
    "RECORD",
    "build",
    "build_file",
    "code_of",
    "combine_vectors",
    "fill_neighbors",
    "honor_vector",
    "neighbor_table",
    "overlap_vector",
    "suit_stats",
    "suit_table",
    "vectors",
]

RECORD = 11
"""Bytes per suit holding in the table."""

FIELDS = (
    "overlap vector id (an index into vectors())",
    "pairs: sum of count // 2",
    "kinds held",
    "terminal kinds held (ranks 1, 9)",
    "terminal pair held (0/1)",
    "kinds held among ranks 1 4 7",
    "kinds held among ranks 2 5 8",
    "kinds held among ranks 3 6 9",
    "vector id once one copy of each held rank 1 4 7 is taken out (for 组合龙)",
    "the same for ranks 2 5 8",
    "the same for ranks 3 6 9",
)

POW5 = tuple(5 ** i for i in range(10))
KEYS = POW5[9]
"""Number of table slots: a suit holding is coded in base 5, rank 1 the lowest digit."""


def code_of(counts: tuple[int, ...] | list[int]) -> int:
    """The table slot of a suit holding (9 counts, each 0-4).

    >>> code_of((1, 0, 0, 0, 0, 0, 0, 0, 2))
    781251
    """
    code = 0
    for i in range(8, -1, -1):
        code = code * 5 + counts[i]
    return code


# Bounded: a bot asks it of holdings off the shipped table's path, and a long simulation meets more and
# more of the 405,350 (about 300 bytes each); build() still finishes, its recursion mostly hitting.
@lru_cache(maxsize=1 << 16)
def overlap_vector(counts: tuple[int, ...]) -> tuple[int, ...]:
    """``[2*m + h]``: most held tiles m sets and h pairs (0/1) of one suit can cover (m = 0..4).

    >>> overlap_vector((1, 1, 1, 0, 0, 0, 0, 0, 0))[2:4]
    (3, 3)
    >>> overlap_vector((2, 0, 0, 0, 0, 0, 0, 0, 0))[:4]
    (0, 2, 2, 2)
    """
    i = 0
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        return (0,) * 10
    c = list(counts)
    best = [0] * 10

    def merge(sub: tuple[int, ...], dm: int, dh: int, gained: int) -> None:
        for m in range(5 - dm):
            for h in range(2 - dh):
                v = sub[2 * m + h] + gained
                slot = 2 * (m + dm) + h + dh
                if v > best[slot]:
                    best[slot] = v

    n = c[i]
    # The lowest held tile is left unused ...
    c[i] -= 1
    merge(overlap_vector(tuple(c)), 0, 0, 0)
    c[i] += 1
    # ... or starts a pung or a pair using 1..3 (1..2) of its copies ...
    for used in range(1, min(3, n) + 1):
        c[i] -= used
        sub = overlap_vector(tuple(c))
        c[i] += used
        merge(sub, 1, 0, used)
        if used <= 2:
            merge(sub, 0, 1, used)
    # ... or sits in a chow with any of the next two ranks of the same window.
    start = min(i, 6)
    later = [r for r in range(start, start + 3) if r > i and c[r]]
    for mask in range(1 << len(later)):
        picked = [r for b, r in enumerate(later) if mask >> b & 1]
        c[i] -= 1
        for r in picked:
            c[r] -= 1
        sub = overlap_vector(tuple(c))
        c[i] += 1
        for r in picked:
            c[r] += 1
        merge(sub, 1, 0, 1 + len(picked))
    return tuple(best)


def combine_vectors(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    """Two groups' overlap vectors together: ``[2*m + h]`` the most tiles m sets and h pairs cover.

    >>> combine_vectors(overlap_vector((1, 1, 1, 0, 0, 0, 0, 0, 0)), overlap_vector((0,) * 8 + (2,)))[2:4]
    (3, 5)
    """
    out = [0] * 10
    for m in range(5):
        for h in range(2):
            best = 0
            for i in range(m + 1):
                for j in range(h + 1):
                    v = x[2 * i + j] + y[2 * (m - i) + h - j]
                    if v > best:
                        best = v
            out[2 * m + h] = best
    return tuple(out)


def _honor_kind_vector(n: int) -> tuple[int, ...]:
    """The overlap vector of one honor kind held ``n`` times (pungs and a pair only)."""
    best = [0] * 10
    for m in range(5):
        for h in range(2):
            best[2 * m + h] = min(n, 3 * m + 2 * h)
    return tuple(best)


@cache
def honor_vector(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The overlap vector of the seven honor kinds held as ``counts``.

    Honor kinds make no sequences, so the vector depends only on how many kinds are held how often:
    it is worked out once per sorted ``counts`` (a few hundred) and shared by every order of them.

    >>> honor_vector((3, 0, 2, 0, 0, 0, 1)) == honor_vector((0, 1, 0, 2, 3, 0, 0))
    True
    """
    return _honor_vector(tuple(sorted(counts)))


@cache
def _honor_vector(counts: tuple[int, ...]) -> tuple[int, ...]:
    acc: tuple[int, ...] = (0,) * 10
    for n in counts:
        if not n:
            continue
        vec = _honor_kind_vector(n)
        out = [0] * 10
        for m1 in range(5):
            for h1 in range(2):
                a = acc[2 * m1 + h1]
                for m2 in range(5 - m1):
                    for h2 in range(2 - h1):
                        v = a + vec[2 * m2 + h2]
                        slot = 2 * (m1 + m2) + h1 + h2
                        if v > out[slot]:
                            out[slot] = v
        acc = tuple(out)
    return acc


def suit_stats(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The record of one suit holding without its vector id (see FIELDS)."""
    return (
        sum(n // 2 for n in counts),
        sum(1 for n in counts if n),
        (counts[0] > 0) + (counts[8] > 0),
        int(counts[0] >= 2 or counts[8] >= 2),
        sum(1 for r in (0, 3, 6) if counts[r]),
        sum(1 for r in (1, 4, 7) if counts[r]),
        sum(1 for r in (2, 5, 8) if counts[r]),
    )


def _holdings(limit: int = 14) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []

    def rec(prefix: list[int], left: int) -> None:
        if len(prefix) == 9:
            out.append(tuple(prefix))
            return
        for n in range(min(4, left) + 1):
            prefix.append(n)
            rec(prefix, left - n)
            prefix.pop()

    rec([], limit)
    return out


_MAGIC = b"MJST1"


def build() -> bytes:
    """Compute the table file's contents: the distinct overlap vectors, then a record per slot."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    holdings = _holdings()
    vectors = sorted({overlap_vector(counts) for counts in holdings})
    ids = {v: i for i, v in enumerate(vectors)}
    table = bytearray(KEYS * RECORD)
    for counts in holdings:
        code = code_of(counts)
        knit_rests = []
        for start in range(3):
            rest = list(counts)
            for r in (start, start + 3, start + 6):
                if rest[r]:
                    rest[r] -= 1
            knit_rests.append(ids[overlap_vector(tuple(rest))])
        record = (ids[overlap_vector(counts)], *suit_stats(counts), *knit_rests)
        table[code * RECORD:(code + 1) * RECORD] = bytes(record)
    head = _MAGIC + len(vectors).to_bytes(2, "little") + b"".join(bytes(v) for v in vectors)
    return head + bytes(table)


_DATA = "suits.bin.xz"


def build_file() -> bytes:
    """The shipped file's contents: ``build()`` compressed with xz (what ``_load`` reads)."""
    # A small dictionary keeps the decoder's memory small; the table compresses well anyway.
    filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 1 << 22}]
    return lzma.compress(build(), format=lzma.FORMAT_XZ, filters=filters)


@cache
def _load() -> tuple[tuple[tuple[int, ...], ...], bytearray]:
    packed = read_data(_DATA)
    decoder = lzma.LZMADecompressor()
    head = decoder.decompress(packed, max_length=len(_MAGIC) + 2)
    if head[:len(_MAGIC)] != _MAGIC:
        raise RuntimeError(f"{_DATA} is not a majiang suit table")
    n = int.from_bytes(head[len(_MAGIC):], "little")
    raw = decoder.decompress(b"", max_length=10 * n)
    vectors = tuple(tuple(raw[10 * i:10 * i + 10]) for i in range(n))
    # Decode the records in pieces into one buffer so the peak stays near the table's own size.
    data = bytearray(KEYS * RECORD)
    view = memoryview(data)
    pos = 0
    while not decoder.eof:
        piece = decoder.decompress(b"", max_length=1 << 20)
        if pos + len(piece) > len(data):
            raise RuntimeError(f"{_DATA} is damaged: more than {len(data)} bytes")
        view[pos:pos + len(piece)] = piece
        pos += len(piece)
        if decoder.needs_input and not decoder.eof:
            raise RuntimeError(f"{_DATA} is truncated")
    view.release()
    if pos != len(data):
        raise RuntimeError(f"{_DATA} is damaged: {pos} bytes of records, expected {len(data)}")
    return vectors, data


def suit_table() -> bytearray:
    """The records (RECORD bytes per slot, about 16 MB), loaded once from the package data (~0.1 s)."""
    return _load()[1]


def vectors() -> tuple[tuple[int, ...], ...]:
    """The distinct suit overlap vectors, indexed by the records' first byte."""
    return _load()[0]


FULL = 255
"""The neighbor table's byte for a rank already held four times (no vector id is that high)."""


@cache
def neighbor_table() -> mmap.mmap:
    """For each slot, the vector ids of its holding with one more tile of each rank, filled in on first use
    of the slot (``fill_neighbors``): byte ``9 * code + r`` is one more than the first byte of slot
    ``code + 5**r``'s record, ``FULL`` where rank ``r + 1`` is already held four times, 0 until filled.

    9 bytes a slot (about 17 MB of address space, zero pages the system hands out as they are first
    written: only the slots used take memory), so that the vectors a suit can reach with one more tile
    are one slice.

    >>> code = code_of((1, 1, 0, 0, 0, 0, 0, 0, 4))
    >>> fill_neighbors(code)
    >>> vectors()[neighbor_table()[9 * code + 2] - 1] == overlap_vector((1, 1, 1, 0, 0, 0, 0, 0, 4))
    True
    >>> neighbor_table()[9 * code + 8] == FULL
    True
    """
    return mmap.mmap(-1, KEYS * 9)


def fill_neighbors(code: int) -> None:
    """Write slot ``code``'s nine bytes of ``neighbor_table()`` (from ``suit_table()``)."""
    table = suit_table()
    out = bytearray(9)
    rest = code
    for r in range(9):
        rest, digit = divmod(rest, 5)
        out[r] = FULL if digit == 4 else table[(code + POW5[r]) * RECORD] + 1
    neighbor_table()[9 * code:9 * code + 9] = bytes(out)


def main() -> None:
    """Rebuild the shipped table file (``python -m majiang.data.build suits.bin.xz`` does the same)."""
    # Imported here: it pulls in secrets (some 10 ms), which no lookup in the tables needs.
    from majiang.atomic import write_atomically

    data = build_file()
    write_atomically(path_of(_DATA), [data])
    print(f"wrote {path_of(_DATA)} ({len(data)} bytes)")


if __name__ == "__main__":
    main()

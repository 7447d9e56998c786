"""Shanten of many hands at once, with numpy: the per-suit tables applied to whole arrays.

A batch is an ``(N, 34)`` integer array of standing-tile counts (each 0-4), one hand a row, each row
holding 13 - 3·melds tiles (or one more after a draw). Every row is turned into four base-5 codes
(three suits and the honors), the codes into overlap-vector ids by table lookup, and the ids into
shanten through combination tables built once over all the ids that occur, so a batch costs a few
array operations per row and no Python per hand. The results agree exactly with
:mod:`majiang.analysis.shanten`.

numpy is an optional dependency (``pip install 'majiang[numpy]'``); nothing in the core imports this
module.

>>> import numpy as np
>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> hands = np.array([counts_of(parse_tiles(h)) for h in ("1112345678999m", "19m19p19sESWNPFC")])
>>> batch_shanten(hands).tolist()
[0, 8]
>>> forms, low = batch_shanten_forms(hands)
>>> forms.tolist(), low.tolist()
([[0, 4, 10, 10, 5], [8, 6, 0, 4, 9]], [0, 0])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # pragma: no cover - exercised only without numpy
    raise ImportError(
        "majiang.analysis.batch needs numpy; install it with: pip install 'majiang[numpy]'"
    ) from exc

from majiang.analysis.shanten import FORMS, RULED_OUT
from majiang.analysis.tables import KEYS, RECORD, honor_vector, suit_table, vectors
from majiang.errors import InvalidHandError

__all__ = ["FORMS", "RULED_OUT", "batch_shanten", "batch_shanten_forms"]

_HONOR_KEYS = 5 ** 7
_CHUNK = 1 << 15  # rows per pass: the intermediates stay in cache
# The six knitted straights as (suit of 147, suit of 258, suit of 369), as in the scalar module.
_KNIT_SUITS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))

_Bytes = npt.NDArray[np.uint8]
_Int8 = npt.NDArray[np.int8]
_Int32 = npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class _Tables:
    """Lookup arrays over the overlap vectors, built once.

    ``suit_ids[code]`` is a suit holding's vector id (the records' first byte, kept apart so the hot
    lookup touches 2 MB rather than 21 MB); ``honors[code]`` is (vector id, pairs, kinds, any kind
    held twice) of a base-5 honor code. ``left[a * n_suit + b]`` names the combined vector of two
    suits (premultiplied by the number of ``right`` vectors), ``right[c * n_honor + h]`` that of a
    suit with the honors, and ``final[sets * size + left + right]`` is the regular shanten
    ``3·sets + 1 - best`` for ``sets`` more sets and a pair.
    """

    suit_ids: _Bytes
    records: _Bytes
    honor_ids: _Bytes
    honors: _Bytes
    n_suit: int
    n_honor: int
    left: _Int32
    right: _Int32
    final: _Int8
    size: int


def _max_plus(x: npt.NDArray[np.int16], y: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    """Every pairwise combination of overlap vectors (up to four sets, at most one pair): (a, b, 10)."""
    xs = x.reshape(-1, 1, 5, 2)
    ys = y.reshape(1, -1, 5, 2)
    out = np.zeros((x.shape[0], y.shape[0], 5, 2), np.int16)
    for m in range(5):
        for h in range(2):
            slot = out[:, :, m, h]
            for i in range(m + 1):
                for j in range(h + 1):
                    np.maximum(slot, xs[:, :, i, j] + ys[:, :, m - i, h - j], out=slot)
    return out.reshape(x.shape[0], y.shape[0], 10)


def _interned(vecs: npt.NDArray[np.int16]) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.intp]]:
    """The distinct rows of ``vecs`` (..., 10) and each row's index among them."""
    flat = vecs.reshape(-1, 10)
    distinct, inverse = np.unique(flat, axis=0, return_inverse=True)
    return distinct, inverse.reshape(-1)


@cache
def _tables() -> _Tables:
    table = np.frombuffer(suit_table(), np.uint8)
    records = table.reshape(KEYS, RECORD)
    suit_ids = np.ascontiguousarray(records[:, 0])
    suit_vecs = np.array(vectors(), np.int16)
    n_suit = suit_vecs.shape[0]

    # An honor holding's vector depends only on its multiset of counts: a few hundred distinct ones.
    codes = np.arange(_HONOR_KEYS)
    digits = (codes[:, None] // 5 ** np.arange(7)) % 5
    ranked = np.sort(digits, axis=1)
    _, first, which = np.unique(ranked @ 5 ** np.arange(7), return_index=True, return_inverse=True)
    shapes = np.array([honor_vector(tuple(int(d) for d in digits[i])) for i in first], np.int16)
    honor_vecs, shape_ids = _interned(shapes)
    honor_ids = shape_ids[which.reshape(-1)].astype(np.uint8)
    n_honor = honor_vecs.shape[0]
    honors = np.stack([
        honor_ids,
        (digits >> 1).sum(axis=1),
        (digits > 0).sum(axis=1),
        (digits >= 2).any(axis=1),
    ], axis=1).astype(np.uint8)

    left_vecs, left = _interned(_max_plus(suit_vecs, suit_vecs))
    right_vecs, right = _interned(_max_plus(suit_vecs, honor_vecs))
    n_right = right_vecs.shape[0]
    size = left_vecs.shape[0] * n_right
    final = np.empty((5, left_vecs.shape[0], n_right), np.int8)
    x = left_vecs[:, None, :]
    y = right_vecs[None, :, :]
    for sets in range(5):
        best = np.zeros((left_vecs.shape[0], n_right), np.int16)
        for m in range(sets + 1):
            k = 2 * (sets - m)
            np.maximum(best, x[:, :, 2 * m] + y[:, :, k + 1], out=best)
            np.maximum(best, x[:, :, 2 * m + 1] + y[:, :, k], out=best)
        final[sets] = 3 * sets + 1 - best
    return _Tables(
        suit_ids=suit_ids,
        records=records,
        honor_ids=honor_ids,
        honors=honors,
        n_suit=n_suit,
        n_honor=n_honor,
        left=(left * n_right).astype(np.int32),
        right=right.astype(np.int32),
        final=final.reshape(-1),
        size=size,
    )


def _melds_array(melds: int | npt.ArrayLike, n: int) -> int | _Int8:
    """``melds`` checked: an int 0-4, or one such integer per row."""
    if isinstance(melds, int | np.integer):
        if not 0 <= melds <= 4:
            raise InvalidHandError(f"melds must be 0-4; got {melds}")
        return int(melds)
    arr = np.asarray(melds)
    if arr.shape != (n,):
        raise InvalidHandError(f"melds must be an int or an array of shape ({n},); got shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise InvalidHandError(f"melds must hold integers; got dtype {arr.dtype}")
    if n and (arr.min() < 0 or arr.max() > 4):
        row = int(np.flatnonzero((arr < 0) | (arr > 4))[0])
        raise InvalidHandError(f"melds must be 0-4; row {row} has {arr[row]}")
    return arr.astype(np.int8)


def _checked(counts: npt.ArrayLike) -> npt.NDArray[np.integer]:
    """``counts`` as an array of the right shape and kind (the values are checked slice by slice)."""
    arr = np.asarray(counts)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidHandError(f"counts must have shape (N, 34); got shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise InvalidHandError(f"counts must be an integer array; got dtype {arr.dtype}")
    return arr


def _codes(rows: npt.NDArray[np.integer], melds: int | _Int8, start: int) -> _Int32:
    """The base-5 codes (4, n) of a slice of a batch (three suits, then the honors), its tile totals
    checked against the melds (``start`` is the slice's first row, for the messages)."""
    # Read as unsigned, a negative count is huge: one pass finds both kinds of bad value.
    if int(rows.view(rows.dtype.str.replace("i", "u")).max()) > 4:
        row, kind = (int(i[0]) for i in np.nonzero((rows < 0) | (rows > 4)))
        raise InvalidHandError(f"counts must be 0-4; row {start + row} has {rows[row, kind]} of tile {kind}")
    # Tile-major order makes every step below a pass over contiguous memory.
    cols: _Bytes = rows.T.astype(np.uint8, order="C")
    codes = np.empty((4, cols.shape[1]), np.int32)
    for group, (base, width) in enumerate(((0, 9), (9, 9), (18, 9), (27, 7))):
        acc = codes[group]
        np.multiply(cols[base + width - 1], 5, out=acc, dtype=np.int32)
        for i in range(base + width - 2, base, -1):
            acc += cols[i]
            acc *= 5
        acc += cols[base]
    totals = cols.sum(axis=0, dtype=np.uint8)  # at most 34 * 4
    if isinstance(melds, int):
        bad = (totals - np.uint8(13 - 3 * melds)) > 1  # wraps below zero: also > 1
    else:
        extra = totals.astype(np.int16) - (13 - 3 * melds)
        bad = (extra < 0) | (extra > 1)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        m = melds if isinstance(melds, int) else int(melds[row])
        raise InvalidHandError(f"row {start + row} holds {totals[row]} standing tiles; with {m} melds a"
                               f" hand holds {13 - 3 * m} or {14 - 3 * m}")
    return codes


def _regular(t: _Tables, suit: npt.NDArray[np.integer], honor: npt.NDArray[np.integer],
             offset: int | _Int32) -> _Int8:
    """Regular shanten from the three suits' vector ids (3, n) and the honors' ids (n,)."""
    a = np.multiply(suit[0], t.n_suit, dtype=np.int32)
    a += suit[1]
    b = np.multiply(suit[2], t.n_honor, dtype=np.int32)
    b += honor
    index = t.left.take(a)
    index += t.right.take(b)
    index += offset
    out: _Int8 = t.final.take(index)
    return out


def _offsets(t: _Tables, melds: int | _Int8) -> int | _Int32:
    if isinstance(melds, int):
        return (4 - melds) * t.size
    return (4 - melds).astype(np.int32) * t.size


def batch_shanten(counts: npt.ArrayLike, melds: int | npt.ArrayLike = 0) -> _Int8:
    """Regular-form shanten (四面子一雀头) of every row of an ``(N, 34)`` count array, as int8.

    ``melds`` is the number of declared melds: one int for the batch or one per row. Raises
    InvalidHandError for a wrong shape or dtype, counts outside 0-4, or a row whose tile total fits no
    hand with its melds (13 - 3·melds, or one more).
    """
    arr = _checked(counts)
    n = arr.shape[0]
    m = _melds_array(melds, n)
    out = np.empty(n, np.int8)
    if not n:
        return out
    t = _tables()
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        part = m if isinstance(m, int) else m[start:stop]
        codes = _codes(arr[start:stop], part, start)
        suit = t.suit_ids.take(codes[:3])
        honor = t.honor_ids.take(codes[3])
        out[start:stop] = _regular(t, suit, honor, _offsets(t, part))
    return out


def batch_shanten_forms(counts: npt.ArrayLike, melds: int | npt.ArrayLike = 0) -> tuple[_Int8, _Int8]:
    """Shanten of every form of every row, and the minimum over forms: ``(forms, minimum)``.

    ``forms`` is ``(N, 5)`` int8 with columns in :data:`FORMS` order (regular, seven pairs, thirteen
    orphans, honors-knitted, knitted straight); a form the row's melds rule out holds
    :data:`RULED_OUT`, as in ``shanten_forms``. ``minimum`` is ``(N,)``: ``shanten_counts`` of each
    row. Validation is that of :func:`batch_shanten`.
    """
    arr = _checked(counts)
    n = arr.shape[0]
    m = _melds_array(melds, n)
    forms = np.empty((n, len(FORMS)), np.int8)
    if not n:
        return forms, np.empty(0, np.int8)
    t = _tables()
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        part = m if isinstance(m, int) else m[start:stop]
        forms[start:stop] = _forms(t, _codes(arr[start:stop], part, start), part).T
    return forms, forms.min(axis=1)


def _forms(t: _Tables, codes: _Int32, melds: int | _Int8) -> _Int8:
    """The five forms of one slice from its codes, form-major: (5, n)."""
    n = codes.shape[1]
    rec = t.records.take(codes[:3], axis=0)  # (3 suits, n, RECORD)
    honors = t.honors.take(codes[3], axis=0)  # (n, 4): id, pairs, kinds, a kind held twice
    honor = honors[:, 0]
    out = np.empty((5, n), np.int8)
    out[0] = _regular(t, rec[:, :, 0], honor, _offsets(t, melds))

    pairs = rec[:, :, 1].sum(axis=0, dtype=np.int16) + honors[:, 1]
    out[1] = 6 - np.minimum(pairs, 7)
    kinds = rec[:, :, 3].sum(axis=0, dtype=np.int16) + honors[:, 2]
    has_pair = rec[:, :, 4].any(axis=0) | (honors[:, 3] > 0)
    out[2] = 13 - kinds - has_pair

    knit = rec[:, :, 5:8].astype(np.int16)  # kinds held among ranks 147, 258, 369 of each suit
    held = np.stack([knit[a, :, 0] + knit[b, :, 1] + knit[c, :, 2] for a, b, c in _KNIT_SUITS])
    out[3] = 13 - np.minimum(held.max(axis=0) + honors[:, 2], 14)

    # 组合龙 and one set and a pair: the rest of the hand after the knitted tiles, as a regular hand.
    sets = 1 - melds if isinstance(melds, int) else 1 - melds.astype(np.int32)
    offset = np.maximum(sets, 0) * t.size
    knitted = np.full(n, 127, np.int16)
    for k, (a, b, c) in enumerate(_KNIT_SUITS):
        rests = np.stack([rec[a, :, 8], rec[b, :, 9], rec[c, :, 10]])
        value = _regular(t, rests, honor, offset).astype(np.int16) + 9 - held[k]
        np.minimum(knitted, value, out=knitted)
    out[4] = knitted

    if isinstance(melds, int):
        if melds:
            out[1:4] = RULED_OUT
        if melds > 1:
            out[4] = RULED_OUT
    else:
        out[1:4, melds > 0] = RULED_OUT
        out[4, melds > 1] = RULED_OUT
    return out

"""The numpy batch shanten against the scalar API, row by row; its input checks; the empty batch."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

pytest.importorskip("numpy")

import numpy as np
import numpy.typing as npt

from majiang import Hand, analysis
from majiang.analysis.batch import RULED_OUT, batch_shanten, batch_shanten_forms
from majiang.analysis.shanten import (
    FORMS,
    counts_and_melds,
    form_shanten,
    shanten_and_effective,
    shanten_counts,
    shanten_forms,
)
from majiang.bots.targets import TARGETS, FormTarget
from majiang.cli.efficiency import shanten_json
from majiang.notation import parse_tiles
from majiang.rules.mcr.generate import iter_wins

HANDS_PER_SIZE = int(os.environ.get("MAJIANG_BATCH_HANDS", "10000"))
"""Random hands per size and draw compared with the scalar code: 10,000 in ``make test``, 50,000 in
``make soak``."""
MAX_SHOWN = 10


Counts = npt.NDArray[np.int64]


def random_counts(rng: np.random.Generator, n: int, size: int, kinds: list[int] | None = None) -> Counts:
    """``n`` hands of ``size`` tiles, each the head of a shuffled wall (4 copies of each of ``kinds``)."""
    pool = np.arange(34) if kinds is None else np.asarray(kinds)
    wall = np.repeat(pool, 4)
    order = np.argsort(rng.random((n, wall.size)), axis=1)[:, :size]
    counts = np.zeros((n, 34), np.int64)
    np.add.at(counts, (np.repeat(np.arange(n), size), wall[order].ravel()), 1)
    return counts


def scalar_forms(row: list[int], melds: int) -> list[int]:
    return [form_shanten(row, melds, name) for name in FORMS]


def assert_agrees(counts: Counts, melds: int | npt.NDArray[np.integer]) -> None:
    """Every row of the batch results equals the scalar API's: regular, each form and the minimum."""
    regular = batch_shanten(counts, melds)
    forms, low = batch_shanten_forms(counts, melds)
    n = counts.shape[0]
    assert regular.shape == (n,) and forms.shape == (n, len(FORMS)) and low.shape == (n,)
    per_row = np.broadcast_to(np.asarray(melds), (n,)).tolist()
    wrong = []
    for i, (row, m) in enumerate(zip(counts.tolist(), per_row, strict=True)):
        expected = scalar_forms(row, m)
        minimum = shanten_counts(row, m)
        got = (int(regular[i]), forms[i].tolist(), int(low[i]))
        if got != (expected[0], expected, minimum):
            wrong.append(f"row {i} melds {m} counts {row}: batch {got}, scalar {(expected, minimum)}")
    assert not wrong, f"{len(wrong)} rows disagree:\n" + "\n".join(wrong[:MAX_SHOWN])


@pytest.mark.parametrize("drawn", [0, 1])
@pytest.mark.parametrize("melds", range(5))
def test_random_hands_agree(melds: int, drawn: int) -> None:
    """Random hands of 13 - 3·melds tiles (waiting) or one more (after a draw), from shuffled walls."""
    rng = np.random.default_rng(2024 + 2 * melds + drawn)
    assert_agrees(random_counts(rng, HANDS_PER_SIZE, 13 - 3 * melds + drawn), melds)


KNIT_KINDS = [
    [suit * 9 + r for start, suit in enumerate(perm) for r in (start, start + 3, start + 6)]
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
]
HONORS = list(range(27, 34))
ORPHANS = [0, 8, 9, 17, 18, 26, *HONORS]
BIASED = {
    "one suit": list(range(9)),
    "one suit and honors": [*range(18, 27), *HONORS],
    "two suits": list(range(18)),
    "honors and terminals": ORPHANS,
    "orphans and a few middles": [*ORPHANS, 4, 13, 22],
    **{f"knitted {k}": [*kinds, *HONORS] for k, kinds in enumerate(KNIT_KINDS)},
    **{f"knitted {k} and a suit": sorted({*kinds, *range(9 * (k % 3), 9 * (k % 3) + 9)})
       for k, kinds in enumerate(KNIT_KINDS)},
}


@pytest.mark.parametrize("name", sorted(BIASED))
def test_biased_mixes_agree(name: str) -> None:
    """Walls of a few kinds: flushes, pairs and pungs, orphans, knitted patterns."""
    rng = np.random.default_rng(sorted(BIASED).index(name))
    parts, melds = [], []
    for m in range(5):
        for size in (13 - 3 * m, 14 - 3 * m):
            parts.append(random_counts(rng, 400, size, BIASED[name]))
            melds += [m] * 400
    assert_agrees(np.concatenate(parts), np.array(melds))


def test_few_kinds_agree() -> None:
    """Hands drawn from eight random kinds only: many pairs, pungs and kongs."""
    rng = np.random.default_rng(99)
    parts = [random_counts(rng, 1, 14, sorted(rng.choice(34, 8, replace=False).tolist()))
             for _ in range(3000)]
    assert_agrees(np.concatenate(parts), 0)


def test_near_wins_agree() -> None:
    """Generated winning hands minus one standing tile (ready or one away), and the wins themselves."""
    rows, melds = [], []
    rng = np.random.default_rng(7)
    for sample in iter_wins(11, 6000):
        counts = [0] * 34
        for t in (*sample.hand.tiles, sample.winning_tile):
            counts[t] += 1
        rows.append(list(counts))
        melds.append(len(sample.hand.melds))
        held = [t for t in range(34) if counts[t]]
        counts[held[int(rng.integers(len(held)))]] -= 1
        rows.append(counts)
        melds.append(len(sample.hand.melds))
    assert_agrees(np.array(rows), np.array(melds))


def test_known_hands() -> None:
    hands = ["1112345678999m", "19m19p19sESWNPFC", "147m258p369sESWN", "1122m3344p5566sEE",
             "123m456p789s1122z"]
    counts = np.zeros((len(hands), 34), np.int8)
    for i, text in enumerate(hands):
        for t in parse_tiles(text):
            counts[i, t] += 1
    forms, low = batch_shanten_forms(counts)
    assert low.tolist() == [0, 0, 0, -1, 0]
    assert forms[:, FORMS.index("thirteen_orphans")].tolist()[1] == 0
    assert forms[:, FORMS.index("honors_knitted")].tolist()[2] == 0
    assert forms[:, FORMS.index("seven_pairs")].tolist()[3] == -1


@pytest.mark.parametrize(("hand", "ruled_out"), [
    ("[123m]456p789s1122z", ("seven_pairs", "thirteen_orphans", "honors_knitted")),
    ("[1111m][2222m]1477p258s", ("seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")),
])
def test_every_api_reports_the_same_sentinel(hand: str, ruled_out: tuple[str, ...]) -> None:
    """A form the melds rule out is RULED_OUT everywhere: scalar, batch, bots; ``null`` in CLI JSON."""
    assert analysis.RULED_OUT is RULED_OUT
    counts, melds = counts_and_melds(hand)
    forms = shanten_forms(hand)
    batch, low = batch_shanten_forms(np.array([counts]), melds)
    assert low.tolist() == [forms.value] and forms.value < RULED_OUT
    declared = Hand.parse(hand).melds
    distances = {t.form: t.distance(counts, declared) for t in TARGETS if isinstance(t, FormTarget)}
    shown = shanten_json(hand)["forms"]
    for k, name in enumerate(FORMS):
        expected = RULED_OUT if name in ruled_out else form_shanten(counts, melds, name)
        assert expected == RULED_OUT or expected < 14, name
        assert getattr(forms, name) == expected, name
        assert form_shanten(counts, melds, name) == expected, name
        assert shanten_and_effective(counts, melds, name)[0] == expected, name
        assert batch[0, k] == expected, name
        if name in distances:
            assert distances[name] == expected, name
        assert shown[name] == (None if name in ruled_out else expected), name


def test_layouts_and_dtypes_agree() -> None:
    """Any integer dtype, Fortran order, a list of lists and a per-row melds array give the same."""
    rng = np.random.default_rng(3)
    counts = random_counts(rng, 2000, 13)
    expected = batch_shanten(counts)
    for dtype in (np.uint8, np.int8, np.int16, np.uint32, np.int64):
        assert np.array_equal(batch_shanten(counts.astype(dtype)), expected)
    assert np.array_equal(batch_shanten(np.asfortranarray(counts)), expected)
    assert np.array_equal(batch_shanten(counts[::-1])[::-1], expected)
    assert np.array_equal(batch_shanten(counts.tolist()), expected)
    assert np.array_equal(batch_shanten(counts, np.zeros(2000, np.uint8)), expected)
    assert np.array_equal(batch_shanten(counts, np.int64(0)), expected)
    assert batch_shanten(counts).dtype == np.int8


def test_empty_batch() -> None:
    empty = np.zeros((0, 34), np.int64)
    assert batch_shanten(empty).shape == (0,)
    assert batch_shanten(empty, np.zeros(0, np.int8)).shape == (0,)
    forms, low = batch_shanten_forms(empty, 2)
    assert forms.shape == (0, len(FORMS)) and low.shape == (0,)
    assert forms.dtype == low.dtype == np.int8


def _hand(text: str) -> Counts:
    row = np.zeros((1, 34), np.int64)
    for t in parse_tiles(text):
        row[0, t] += 1
    return row


@pytest.mark.parametrize(("counts", "melds", "message"), [
    (np.zeros(34, np.int64), 0, r"shape \(N, 34\)"),
    (np.zeros((2, 33), np.int64), 0, r"shape \(N, 34\)"),
    (np.zeros((2, 34, 1), np.int64), 0, r"shape \(N, 34\)"),
    (np.zeros((0, 35), np.int64), 0, r"shape \(N, 34\)"),
    (np.zeros((1, 34)), 0, "integer array; got dtype float64"),
    (np.zeros((1, 34), bool), 0, "integer array; got dtype bool"),
    (np.full((1, 34), 5), 0, "0-4; row 0 has 5 of tile 0"),
    (np.full((1, 34), -1), 0, "0-4; row 0 has -1 of tile 0"),
    (np.full((1, 34), 256, np.int16), 0, "0-4; row 0 has 256"),
    (_hand("12345678m1234p"), 0, "row 0 holds 12 standing tiles; with 0 melds a hand holds 13 or 14"),
    (_hand("123456789m1234p"), 1, "row 0 holds 13 standing tiles; with 1 melds a hand holds 10 or 11"),
    (_hand("11m"), 3, "row 0 holds 2 standing tiles; with 3 melds a hand holds 4 or 5"),
    (_hand("1m"), 0, "holds 1 standing tiles; with 0 melds"),
    (_hand("123456789m123456p"), 0, "holds 15 standing tiles"),
    (_hand("123456789m1234p"), 5, "melds must be 0-4; got 5"),
    (_hand("123456789m1234p"), -1, "melds must be 0-4; got -1"),
    (_hand("123456789m1234p"), np.zeros(2, np.int8), r"shape \(1,\); got shape \(2,\)"),
    (_hand("123456789m1234p"), np.zeros(1), "melds must hold integers"),
    (_hand("123456789m1234p"), np.full(1, 7), "melds must be 0-4; row 0 has 7"),
])
def test_invalid_input(counts: npt.ArrayLike, melds: int | npt.ArrayLike, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        batch_shanten(counts, melds)
    with pytest.raises(ValueError, match=message):
        batch_shanten_forms(counts, melds)


def test_error_names_the_row_past_the_first_chunk() -> None:
    rng = np.random.default_rng(1)
    counts = random_counts(rng, 70_000, 13)
    row = counts[65_432]
    row[int(np.flatnonzero(row)[0])] -= 1
    with pytest.raises(ValueError, match="row 65432 holds 12 standing tiles"):
        batch_shanten(counts)
    melds = np.zeros(70_000, np.int8)
    melds[65_432] = 4
    with pytest.raises(ValueError, match="row 65432 holds 12 standing tiles; with 4 melds"):
        batch_shanten_forms(counts, melds)
    counts[65_432, 33] = -3
    with pytest.raises(ValueError, match="0-4; row 65432 has -3 of tile 33"):
        batch_shanten(counts)


def test_missing_numpy_is_a_clear_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "majiang.analysis.batch")
    with pytest.raises(ImportError, match=r"pip install 'majiang\[numpy\]'"):
        importlib.import_module("majiang.analysis.batch")


def test_core_does_not_import_numpy() -> None:
    code = ("import sys, majiang, majiang.analysis, majiang.mcr; "
            "print('numpy' in sys.modules, 'majiang.analysis.batch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]

"""The effective tiles of the minimum over forms (``effective_counts``'s fast path) against two slower
ways to the same answer: each form's own path (``shanten_and_effective`` with ``form=``), united over
the forms at the minimum, and a brute force that adds every kind and recounts the shanten.

Holdings come from a seeded generator that favours the shapes each form needs (one suit, terminals
and honors, knitted ranks, pairs), with 0-4 melds, short holdings and holdings after a draw, and from
hypothesis.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.analysis.shanten import (
    FORMS,
    RULED_OUT,
    effective_counts,
    shanten_and_effective,
    shanten_counts,
)
from majiang.analysis.tables import FULL, KEYS, RECORD, code_of, fill_neighbors, neighbor_table, suit_table

KNITTED = (0, 3, 6, 10, 13, 16, 20, 23, 26)
"""1-4-7m, 2-5-8p, 3-6-9s: one knitted straight's tiles."""
POOLS = (
    tuple(range(34)),
    tuple(range(9)),
    (0, 8, 9, 17, 18, 26, *range(27, 34)),
    (*KNITTED, *range(27, 34)),
    (*range(18), 27, 28, 29),
)


def holding(rng: random.Random, tiles: int, pool: tuple[int, ...]) -> list[int]:
    """``tiles`` tiles drawn from four copies of each kind in ``pool``, as counts."""
    wall = [t for t in pool for _ in range(4)]
    counts = [0] * 34
    for t in rng.sample(wall, min(tiles, len(wall))):
        counts[t] += 1
    return counts


def holdings(seed: int, n: int) -> list[tuple[list[int], int]]:
    """``n`` holdings with their meld counts: full (13 - 3 per meld), after a draw, or short."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
        tiles = 13 - 3 * melds + (i % 3 == 1)
        if i % 7 == 6:
            tiles = rng.randint(0, 13 - 3 * melds)
        out.append((holding(rng, tiles, POOLS[i % len(POOLS)]), melds))
    return out


def per_form(counts: list[int], melds: int) -> tuple[int, list[int]]:
    """The minimum and its effective kinds, from each form's own path."""
    results = {form: shanten_and_effective(counts, melds, form) for form in FORMS}
    low = min(value for value, _ in results.values())
    assert low < RULED_OUT
    kinds = {t for value, found in results.values() if value == low for t in found}
    return low, sorted(t for t in kinds if counts[t] < 4)


def brute_force(counts: list[int], melds: int) -> list[int]:
    """Every kind held fewer than four times whose addition lowers the minimum shanten."""
    before = shanten_counts(counts, melds)
    out = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if shanten_counts(counts, melds) < before:
                out.append(t)
            counts[t] -= 1
    return out


def test_the_fast_path_matches_each_form_united() -> None:
    differing = []
    for counts, melds in holdings(1, 3000):
        fast = shanten_and_effective(counts, melds)
        if fast != per_form(counts, melds) or effective_counts(counts, melds) != fast[1]:
            differing.append((counts, melds))
    assert not differing, differing[:5]


def test_the_fast_path_matches_the_brute_force() -> None:
    checked = 0
    for counts, melds in holdings(2, 1500):
        if sum(counts) <= 13 - 3 * melds:  # room for one more tile
            value, kinds = shanten_and_effective(counts, melds)
            assert value == shanten_counts(counts, melds), (counts, melds)
            assert kinds == brute_force(counts, melds), (counts, melds)
            checked += 1
    assert checked > 900


def test_the_fast_path_on_every_special_form_that_ties() -> None:
    """The generated holdings reach the minimum in every form, alone and tied with others."""
    seen: set[str] = set()
    for counts, melds in holdings(1, 3000):
        values = {form: shanten_and_effective(counts, melds, form)[0] for form in FORMS}
        low = min(values.values())
        at_low = [form for form, value in values.items() if value == low]
        seen.update(at_low)
        if len(at_low) > 1:
            seen.add("tie")
    assert seen == {*FORMS, "tie"}


@st.composite
def counts_and_melds(draw: st.DrawFn) -> tuple[list[int], int]:
    melds = draw(st.integers(0, 4))
    tiles = draw(st.integers(0, 13 - 3 * melds))
    kinds = draw(st.lists(st.sampled_from(draw(st.sampled_from(POOLS))), min_size=tiles, max_size=tiles))
    counts = [0] * 34
    for t in kinds:
        if counts[t] < 4:
            counts[t] += 1
    return counts, melds


@settings(max_examples=300, deadline=None)
@given(counts_and_melds())
def test_fast_path_properties(case: tuple[list[int], int]) -> None:
    counts, melds = case
    assert shanten_and_effective(counts, melds) == per_form(counts, melds)
    assert effective_counts(counts, melds) == brute_force(counts, melds)


def test_the_neighbor_table_reads_the_slot_one_tile_up() -> None:
    table = suit_table()
    neighbors = neighbor_table()
    assert len(neighbors) == 9 * KEYS
    rng = random.Random(3)
    for _ in range(3000):
        held = [rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        if sum(held) > 13:
            continue
        code = code_of(held)
        fill_neighbors(code)
        for r in range(9):
            if held[r] == 4:
                assert neighbors[9 * code + r] == FULL
            else:
                more = list(held)
                more[r] += 1
                assert neighbors[9 * code + r] == table[code_of(more) * RECORD] + 1, (held, r)


def test_a_slot_is_filled_on_first_use() -> None:
    held = (0, 0, 3, 1, 0, 4, 2, 0, 1)
    code = code_of(held)
    neighbor_table()[9 * code:9 * code + 9] = bytes(9)  # as before any use
    counts = [*held, *[0] * 25]
    effective_counts(counts, 1)
    assert neighbor_table()[9 * code + 5] == FULL
    assert 0 not in neighbor_table()[9 * code:9 * code + 9]

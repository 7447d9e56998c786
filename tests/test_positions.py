"""Prepared positions and their exact legal actions, and perft counts (tests/data/positions.json).

The fixture is described in tests/data/README.md and rebuilt by tests/make_positions.py. Each position
is rebuilt from its recipe (a prepared wall or a seed, then actions) and every seat's legal actions must
be exactly the recorded ones; the perft rows must count the same number of action sequences.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from majiang.game import Phase
from make_positions import DATA, KINDS, VERIFIED, WALLS, build, legal_table, perft

FIXTURE: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
POSITIONS: list[dict[str, Any]] = FIXTURE["positions"]
PERFT: list[dict[str, Any]] = FIXTURE["perft"]


@pytest.mark.parametrize("position", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_legal_actions_are_exactly_the_recorded_ones(position: dict[str, Any]) -> None:
    game = build(position)
    assert game.phase != Phase.OVER
    assert legal_table(game) == position["legal"]
    # The seats with something to do are the seats the game waits for.
    assert [s for s in range(4) if position["legal"][s]] == sorted(game.to_act())


@pytest.mark.parametrize("row", PERFT, ids=[r["id"] for r in PERFT])
def test_perft_counts(row: dict[str, Any]) -> None:
    game = build(row)
    assert [perft(game, n) for n in range(1, len(row["counts"]) + 1)] == row["counts"]


def test_the_hand_derived_lists_are_in_the_fixture_unchanged() -> None:
    by_id = {p["id"]: p for p in POSITIONS}
    assert len(VERIFIED) >= 10
    for pid, wall, actions, expected, why in VERIFIED:
        assert by_id[pid]["wall"] == WALLS[wall]
        assert by_id[pid]["actions"] == actions
        assert by_id[pid]["legal"] == expected
        assert by_id[pid]["why"] == why


def test_the_fixture_covers_every_kind_of_position() -> None:
    assert 30 <= len(POSITIONS) <= 60
    assert len({p["id"] for p in POSITIONS}) == len(POSITIONS)
    seen = Counter(kind for p in POSITIONS for kind in p.get("kinds", ()))
    assert set(seen) == set(KINDS)


def test_perft_of_a_claim_window_by_hand() -> None:
    # After the dealer's 9p on the "priority" wall, seat 1 has 2 choices (chow 7p, pass), then seat 2
    # has 3 (kong, pass, pung), then seat 3 has 2 (pass, win): 2, 2 * 3, 2 * 3 * 2 sequences.
    row = next(r for r in PERFT if r["id"] == "priority-claims")
    assert row["counts"] == [2, 6, 12]
    assert perft(build(row), 3) == 12

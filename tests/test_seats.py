"""RelativeSeat: where another seat sits, and back to the absolute seat."""

from __future__ import annotations

import re

import pytest

from majiang import RelativeSeat

PAIRS = [(claimer, giver) for claimer in range(4) for giver in range(4) if giver != claimer]


def test_twelve_pairs() -> None:
    assert len(PAIRS) == 12


@pytest.mark.parametrize(("claimer", "giver"), PAIRS)
def test_between_and_seat_of_round_trip(claimer: int, giver: int) -> None:
    rel = RelativeSeat.between(claimer, giver)
    assert rel.seat_of(claimer) == giver
    # The seat before the claimer in turn order is its left (上家), the one after it its right (下家).
    expected = {3: RelativeSeat.LEFT, 2: RelativeSeat.ACROSS, 1: RelativeSeat.RIGHT}[(giver - claimer) % 4]
    assert rel is expected


@pytest.mark.parametrize("claimer", range(4))
def test_each_relative_seat_names_a_different_other_seat(claimer: int) -> None:
    seats = [rel.seat_of(claimer) for rel in RelativeSeat]
    assert sorted(seats) == sorted(set(range(4)) - {claimer})
    assert [RelativeSeat.between(claimer, s) for s in seats] == list(RelativeSeat)


def test_values_are_the_notation_digits_and_names() -> None:
    assert [int(r) for r in RelativeSeat] == [1, 2, 3]
    assert [r.en for r in RelativeSeat] == ["left", "across", "right"]
    assert [r.zh for r in RelativeSeat] == ["上家", "对家", "下家"]


@pytest.mark.parametrize(
    ("claimer", "giver", "reason"),
    [
        (1, 1, "seat 1 is not another seat of its own"),
        (4, 0, "claimer must be a seat 0-3, not 4"),
        (0, -1, "giver must be a seat 0-3, not -1"),
        (True, 0, "claimer must be a seat 0-3, not True"),
    ],
)
def test_between_rejects(claimer: int, giver: int, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        RelativeSeat.between(claimer, giver)


def test_seat_of_rejects_a_bad_seat() -> None:
    with pytest.raises(ValueError, match=re.escape("claimer must be a seat 0-3, not 7")):
        RelativeSeat.LEFT.seat_of(7)

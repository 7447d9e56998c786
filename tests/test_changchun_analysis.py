"""Changchun tile efficiency (majiang.rules.changchun.analysis): the bots keep the three suits and a 1/9."""

from __future__ import annotations

import pytest

from majiang.analysis.decompose import counts_of
from majiang.changchun import Meld, Options
from majiang.game.ruleset import SeatContext, find_ruleset
from majiang.notation import parse_tiles
from majiang.rules.changchun.analysis import ChangchunEfficiency, shanten, shanten_and_effective

# (standing tiles, melds, shanten): the regular form's, plus a draw per missing suit and for the 1/9.
CASES = [
    ("111m456m789p99s34s", "", 0),
    ("123m456m789m2345m", "", 2),       # one suit only: two suits missing
    ("234m456m678p3455s", "", 1),       # no 1, 9 or honor
    ("234m456m678p345sE", "", 0),       # an honor frees the 1/9
    ("456m789p99s34s", "[1m1p1s,x]", 0),  # the 幺蛋's tiles count
]


@pytest.mark.parametrize(("tiles", "melds", "expected"), CASES)
def test_shanten(tiles: str, melds: str, expected: int) -> None:
    parsed = [Meld.parse(m) for m in melds.split()] if melds else []
    assert shanten(counts_of(parse_tiles(tiles)), parsed) == expected


def test_special_tiles_not_counted() -> None:
    counts = counts_of(parse_tiles("456m789m99m34m"))
    melds = [Meld.parse("[1m1p1s,x]")]
    assert shanten(counts, melds) == 0
    assert shanten(counts, melds, Options(special_tiles_count=False)) == 2


def test_effective_tiles_bring_the_missing_suit() -> None:
    """Short of the dots, a dots tile is effective; the hand's own waits too."""
    value, kinds = shanten_and_effective(counts_of(parse_tiles("111m456m789m99s34s")))
    assert value == 1 and set(range(9, 18)) <= set(kinds)


def test_the_ruleset_gives_it_to_the_bots() -> None:
    rules = find_ruleset("changchun")
    model = rules.seat_efficiency(SeatContext())
    assert isinstance(model, ChangchunEfficiency) and not model.mcr_fans
    hand = "[111m]456m789p99s34s 5s"
    from majiang.hand import Hand
    assert model.win_points(Hand.parse(hand), self_drawn=False) == 2
    assert model.win_points(Hand.parse("111m456m789m99s34s 5s"), self_drawn=True) is None

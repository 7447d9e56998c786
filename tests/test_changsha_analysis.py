"""Changsha tile efficiency (``majiang.rules.changsha.analysis``): shanten toward the wins Changsha pays, and
the bots aiming at them."""

from __future__ import annotations

import pytest

from majiang.analysis.decompose import counts_of
from majiang.bots import EfficiencyBot, RandomBot, play_out
from majiang.game import Game
from majiang.game.ruleset import find_ruleset
from majiang.hand import Hand
from majiang.meld import Meld
from majiang.notation import parse_tiles
from majiang.rules.changsha.analysis import ChangshaEfficiency, shanten, shanten_and_effective
from majiang.tiles import Tile

# (standing tiles, melds, shanten): each form Changsha pays, and the 2/5/8 pair a small win needs.
CASES = [
    ("123m456p789s2345s", (), 0),        # small: 5s pair with 234s, or 2s with 345s
    ("123m456p789s2344s", (), 1),        # 44s is no eye: not ready for a small win
    ("1133m5577p99s224s", (), 0),        # 七巧对 on 4s, any pair
    ("111m333p777s99s66m", (), 0),       # 碰碰胡 on 9s or 6m, any pair
    ("1112345678999m", (), 0),           # 清一色 (and small wins on 2m, 5m, 8m)
    ("456p789s99s66m", ("[123m]",), 1),  # draw 6m, let 7s go: 8999s waits on 8s, an eye
    ("444p999s66m77s", ("[111m]",), 0),  # 碰碰胡 on 6m or 7s
    ("444p999s66m77s", ("[123m]",), 2),  # a chow rules 碰碰胡 out, and no eye is held
]


@pytest.mark.parametrize(("tiles", "melds", "expected"), CASES)
def test_shanten_of_each_form(tiles: str, melds: tuple[str, ...], expected: int) -> None:
    counts = counts_of(parse_tiles(tiles))
    shown = [Meld.parse(m) for m in melds]
    assert shanten(counts, shown) == expected
    value, effective = shanten_and_effective(counts, shown)
    assert value == expected
    for kind in effective:  # every effective kind lowers it
        counts[kind] += 1
        assert shanten(counts, shown) < value
        counts[kind] -= 1


def test_waits_of_a_ready_hand_are_its_eyes() -> None:
    _, effective = shanten_and_effective(counts_of(parse_tiles("123m456p789s2345s")))
    assert [Tile(k).notation() for k in effective] == ["2s", "5s"]


@pytest.mark.parametrize(("hand", "self_drawn", "points"), [
    ("123m456p789s234s55s", False, 1),    # a 闲家's small win on another 闲家's discard
    ("123m456p789s234s55s", True, 4),     # self-drawn: the dealer 2, the others 1
    ("222444666888m99m", False, 12),      # 碰碰胡 and 清一色: 6 each
    ("123m456p789s234s33s", False, None),  # no 2/5/8 pair: no win
])
def test_win_points(hand: str, self_drawn: bool, points: int | None) -> None:
    assert ChangshaEfficiency().win_points(Hand.parse(hand), self_drawn) == points


def test_the_efficiency_bot_wins_more_than_random_ones() -> None:
    rules = find_ruleset("changsha")
    wins = [0, 0, 0, 0]
    for seed in range(12):
        game = Game(rules, seed=seed)
        play_out(game, [EfficiencyBot(seed), RandomBot(seed + 1), RandomBot(seed + 2), RandomBot(seed + 3)])
        assert game.result is not None
        for seat in game.result.winners:
            wins[seat] += 1
    assert wins[0] > max(wins[1:]) and wins[0] >= 4, wins

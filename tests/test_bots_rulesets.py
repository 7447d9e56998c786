"""Bots under rulesets other than Chinese Official: the opening choices (定缺, 换三张) and Sichuan play."""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from majiang.actions import Action, ActionKind
from majiang.bots import EfficiencyBot, FanAwareBot, RandomBot
from majiang.bots.efficiency import best_discard
from majiang.game import Game, Phase, View
from majiang.notation import parse_tiles
from majiang.rules.sichuan.analysis import SichuanEfficiency
from majiang.tiles import ALL_TILES, Tile


def opening(hand: str, legal: list[Action]) -> View:
    """A view of seat 0 asked an opening question, holding ``hand``."""
    view = Game(seed=1).view(0)
    return dataclasses.replace(view, phase=Phase.OPENING, standing=tuple(parse_tiles(hand)), drawn=None,
                               legal=tuple(legal))


VOIDS = [Action.parse(f"void {s}") for s in "mps"]


def exchanges(hand: str) -> list[Action]:
    tiles = sorted(parse_tiles(hand))
    trios = {trio for trio in combinations(tiles, 3) if len({t // 9 for t in trio}) == 1}
    return [Action(ActionKind.EXCHANGE, None, trio) for trio in sorted(trios)]


@pytest.mark.parametrize("bot", [EfficiencyBot(1), FanAwareBot(1)], ids=["efficiency", "fan-aware"])
def test_bots_declare_the_weakest_suit_void(bot: EfficiencyBot | FanAwareBot) -> None:
    # s holds one tile.
    assert bot.act(opening("123456789m1199p5s", VOIDS)) == Action.parse("void s")
    # p and s hold three; losing p hurts less (see test_sichuan_analysis).
    assert bot.act(opening("1235578m159p123s", VOIDS)) == Action.parse("void p")


@pytest.mark.parametrize("bot", [EfficiencyBot(1), FanAwareBot(1)], ids=["efficiency", "fan-aware"])
def test_bots_pass_on_three_tiles_of_the_weakest_suit(bot: EfficiencyBot | FanAwareBot) -> None:
    hand = "1235578m159p123s"
    assert bot.act(opening(hand, exchanges(hand))) == Action.parse("exchange 1p5p9p")
    hand = "12345678m1199p25s"
    assert bot.act(opening(hand, exchanges(hand))) == Action.parse("exchange 1p1p9p")


def test_an_opening_the_analysis_cannot_answer_is_answered_from_the_legal_list() -> None:
    # Honors: not a Sichuan hand; the choice is still one of the legal ones.
    legal = VOIDS[:2]
    for seed in range(5):
        assert EfficiencyBot(seed).act(opening("123456789m1199pE", legal)) in legal
    assert RandomBot(3).act(opening("123456789m1199p5s", VOIDS)) in VOIDS


def test_void_tiles_go_first() -> None:
    counts = [0] * 34
    for t in parse_tiles("123456789m1199p5s"):
        counts[t] += 1
    choices = [t for t in range(34) if counts[t]]
    # s void: 5s is dead weight; letting it go leaves 123 456 789m 11 99p ready on 1p and 9p.
    tile, value, live = best_discard(counts, (), counts, choices, model=SichuanEfficiency(void=2))
    assert (ALL_TILES[tile], value, live) == (Tile.S5, 0, 4)
    # p void: the four p tiles are dead; one of them goes (3 away), never 5s (4 away).
    tile, value, _ = best_discard(counts, (), counts, choices, model=SichuanEfficiency(void=1))
    assert (tile // 9, value) == (1, 3)

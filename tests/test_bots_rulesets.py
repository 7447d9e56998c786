"""Bots under rulesets other than Chinese Official: the opening choices (定缺, 换三张) and Sichuan play."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from itertools import combinations

import pytest

from majiang.actions import Action, ActionKind
from majiang.bots import BOTS, MAX_STEPS, Bot, EfficiencyBot, FanAwareBot, RandomBot, find_bot
from majiang.bots.efficiency import best_discard
from majiang.game import Game, Phase, View
from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.notation import parse_tiles
from majiang.rules.sichuan.analysis import SichuanEfficiency
from majiang.tiles import ALL_TILES, Tile

QUICK = {"search": "search:playouts=4"}
"""Bots run at a small budget where every bot plays many hands (the search's default is a second a move)."""


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


# --- whole hands under every ruleset ------------------------------------------------------------------

SICHUAN_HANDS = int(os.environ.get("MAJIANG_SICHUAN_BOT_HANDS", "12"))
"""Hands per bot and mode of the slow test: 200 in ``make soak``, 12 by hand."""
FEW_HANDS = 6
"""Hands per bot and mode of the default test; the slow test plays the seeds after them."""
MODES = ["blood-battle", "blood-river", "single"]


def play_checked(game: Game, bots: Sequence[Bot]) -> int:
    """Play ``game`` out, checking that every seat asked is still in and answers from its legal list."""
    steps = 0
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        view = game.view(seat)
        assert view.active[seat], f"seed {game.seed}: seat {seat} has left but is asked"
        action = bots[seat].act(view)
        assert action in view.legal, f"seed {game.seed}: {action} is not among {view.legal}"
        game.apply(seat, action)
        steps += 1
        assert steps < MAX_STEPS
    return steps


@pytest.mark.parametrize("name", ruleset_names())
@pytest.mark.parametrize("bot", BOTS)
def test_every_bot_plays_every_ruleset(name: str, bot: str) -> None:
    rules = find_ruleset(name)
    # (the search bot one hand: it plays as fan-aware outside the Chinese Official family, and
    # test_search_bot.py plays it at length)
    for seed in range(1 if bot == "search" else 3):
        game = Game(rules, seed=seed)
        play_checked(game, [find_bot(QUICK.get(bot, bot), seed=seed * 4 + s) for s in range(4)])
        assert game.result is not None


def sichuan_hands(bot: str, mode: str, hands: int, first: int = 0) -> int:
    """Play ``hands`` Sichuan hands of ``mode`` with four ``bot``s from seed ``first`` on (every other one
    with 换三张 and 定缺); the number of wins."""
    plain = find_ruleset("sichuan", [f"mode={mode}"])
    opening = find_ruleset("sichuan", [f"mode={mode}", "exchange=dice", "declare_void=true"])
    wins = 0
    for seed in range(first, first + hands):
        game = Game(opening if seed % 2 else plain, seed=seed)
        play_checked(game, [find_bot(QUICK.get(bot, bot), seed=seed * 4 + s) for s in range(4)])
        assert game.result is not None
        wins += len(game.result.wins)
    return wins


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bot", BOTS)
def test_bots_play_sichuan_hands(bot: str, mode: str) -> None:
    sichuan_hands(bot, mode, 2 if bot == "search" else FEW_HANDS)  # (search plays as fan-aware here)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bot", BOTS)
def test_bots_play_many_sichuan_hands(bot: str, mode: str) -> None:
    sichuan_hands(bot, mode, SICHUAN_HANDS, first=FEW_HANDS)


def test_efficiency_wins_more_sichuan_hands_than_random() -> None:
    # Two of each at one table, seats swapped every hand: wins per kind of bot.
    rules = find_ruleset("sichuan")
    wins = {"efficiency": 0, "random": 0}
    for seed in range(30):
        kinds = ["efficiency", "random", "efficiency", "random"] if seed % 2 else \
            ["random", "efficiency", "random", "efficiency"]
        game = Game(rules, seed=seed)
        play_checked(game, [find_bot(k, seed=seed * 4 + s) for s, k in enumerate(kinds)])
        assert game.result is not None
        for win in game.result.wins:
            wins[kinds[win.seat]] += 1
    assert wins["efficiency"] > 2 * wins["random"] + 10


def test_a_blood_battle_winner_is_not_asked_again() -> None:
    rules = find_ruleset("sichuan", ["mode=blood-battle"])
    left = 0
    for seed in range(10):
        game = Game(rules, seed=seed)
        play_checked(game, [find_bot("efficiency", seed=s) for s in range(4)])
        assert game.result is not None
        winners = [w.seat for w in game.result.wins]
        assert len(winners) == len(set(winners))  # once won, a seat plays no more
        left += len(winners)
    assert left > 0

"""Bots: only legal actions, deterministic per seed, legal wins taken, textbook discards, defence."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.analysis.decompose import counts_of
from majiang.analysis.efficiency import Wait
from majiang.analysis.shanten import shanten_counts
from majiang.bots import BOTS, Bot, EfficiencyBot, FanAwareBot, RandomBot, find_bot
from majiang.bots.danger import read_table
from majiang.bots.targets import TARGETS
from majiang.game import Action, ActionKind, Game, Phase, View
from majiang.mcr import ready_waits
from majiang.meld import Meld
from majiang.notation import format_tiles, parse_tiles
from majiang.tiles import Tile

WIN = Action(ActionKind.WIN)

QUICK = {"search": "search:playouts=4"}
"""Bots run at a small budget where every bot plays many hands (the search's default is a second a move)."""


def play(bots: list[Bot], seed: int, dealer: int = 0) -> tuple[Game, int]:
    """Play one hand, checking every action against the view's legal list; returns the decisions made."""
    game = Game(seed=seed, dealer=dealer)
    decisions = 0
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        view = game.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal, (bots[seat].name, action, view.legal)
        game.apply(seat, action)
        decisions += 1
        assert decisions < 5000
    return game, decisions


def test_registry() -> None:
    assert BOTS == ("random", "efficiency", "fan-aware", "defense", "search")
    for name in BOTS:
        bot = find_bot(name, seed=1)
        assert bot.name == name
        assert isinstance(bot, Bot)
    assert isinstance(find_bot("efficiency"), EfficiencyBot)
    assert isinstance(find_bot("fan-aware"), FanAwareBot)
    assert isinstance(find_bot("random"), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        find_bot("nobody")


@pytest.mark.parametrize("name", BOTS)
def test_only_legal_actions_over_many_hands(name: str) -> None:
    # The bot under test in two seats, a random bot (odd situations: kongs, robbing, strange claims)
    # and an efficiency bot (claims and wins) in the others; every seat starts as dealer in turn.
    decisions = 0
    # (12 hands: ~900 decisions a bot; the search bot 6, its own file plays it under every ruleset)
    hands = 6 if name in QUICK else 12
    for k in range(hands):
        bots = [find_bot(QUICK.get(name, name), 10 * k), find_bot("random", 10 * k + 1),
                find_bot(QUICK.get(name, name), 10 * k + 2),
                find_bot("efficiency", 10 * k + 3)]
        game, n = play(bots, seed=500 + k, dealer=k % 4)
        assert game.result is not None
        decisions += n
    assert decisions > 66 * hands


@pytest.mark.parametrize("name", BOTS)
def test_deterministic_for_a_seed(name: str) -> None:
    def events(seed: int) -> list[dict[str, Any]]:
        bots = [find_bot(QUICK.get(name, name), seed + s) for s in range(4)]
        game, _ = play(bots, seed=77)
        return game.event_dicts()

    assert events(3) == events(3)


def test_random_bot_depends_on_its_seed() -> None:
    def events(seed: int) -> list[dict[str, Any]]:
        game, _ = play([RandomBot(seed + s) for s in range(4)], seed=77)
        return game.event_dicts()

    assert events(3) != events(4)


def test_legal_wins_are_taken() -> None:
    # Walk through hands of efficiency bots; wherever a win is legal, both bots must take it.
    offered = {Phase.TURN: 0, Phase.CLAIM: 0}
    for k in range(40):
        game = Game(seed=900 + k)
        bots = [EfficiencyBot(s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if WIN in view.legal:
                offered[view.phase] = offered.get(view.phase, 0) + 1
                assert EfficiencyBot(k).act(view) == WIN
                assert FanAwareBot(k).act(view) == WIN
            game.apply(seat, bots[seat].act(view))
    assert offered[Phase.TURN] >= 3 and offered[Phase.CLAIM] >= 3


def turn_view(hand: str, *, melds: tuple[tuple[Meld, ...], ...] = ((), (), (), ()),
              discards: tuple[str, str, str, str] = ("", "", "", ""), wall_left: int = 60) -> View:
    """Seat 0's view on its turn holding ``hand`` (its last tile the drawn one), discards only legal."""
    tiles = parse_tiles(hand)
    legal = tuple(Action(ActionKind.DISCARD, t) for t in sorted(set(tiles)))
    return View(
        seat=0, phase=Phase.TURN, current=0, standing=tuple(sorted(tiles)), drawn=tiles[-1], melds=melds,
        hidden_kongs=(0, 0, 0, 0), flowers=(0, 0, 0, 0),
        discards=tuple(tuple(parse_tiles(d)) for d in discards), last_discard=None, wall_left=wall_left,
        totals=(0, 0, 0, 0), seat_wind=Tile.EAST, round_wind=Tile.EAST, dealer=0, legal=legal,
    )


@pytest.mark.parametrize(("hand", "discard", "why"), [
    # 1234p: letting go of the honor waits on 1p and 4p (six live); keeping it leaves a single wait.
    ("123456789m1234pE", "E", "the 1-4 double wait beats a single wait"),
    # The isolated 1p is the only tile whose loss leaves the hand ready (on 2s/5s).
    ("123m456p789s34sEE1p", "1p", "isolated tile, ready on the 2s-5s side wait"),
    # 9s is isolated; the rest is ready on 4m and W.
    ("11223344m567pWW9s", "9s", "isolated tile, shanpon wait kept"),
    # Nine Gates: the 9p leaves the 1112345678999m wait on every character.
    ("1112345678999m9p", "9p", "the nine-sided wait"),
])
def test_efficiency_textbook_discards(hand: str, discard: str, why: str) -> None:
    view = turn_view(hand)
    action = EfficiencyBot(0).act(view)
    assert action == Action(ActionKind.DISCARD, Tile.parse(discard)), why


def claim_view(hand: str, tile: str, legal: tuple[Action, ...]) -> View:
    """Seat 0 holding ``hand`` (13 tiles) is asked about seat 3's discard ``tile``."""
    tiles = parse_tiles(hand)
    assert len(tiles) == 13
    t = Tile.parse(tile)
    return View(
        seat=0, phase=Phase.CLAIM, current=3, standing=tuple(sorted(tiles)), drawn=None,
        melds=((), (), (), ()), hidden_kongs=(0, 0, 0, 0), flowers=(0, 0, 0, 0),
        discards=((), (), (), (t,)), last_discard=(3, t), wall_left=50, totals=(0, 0, 0, 0),
        seat_wind=Tile.EAST, round_wind=Tile.EAST, dealer=0, legal=(Action(ActionKind.PASS), *legal),
    )


def test_efficiency_claims_only_when_it_helps() -> None:
    # Ready on 3p (four live). A pung of 9s keeps it ready, but on a single 1p or 2p (three live): pass.
    view = claim_view("123456789m12p99s", "9s", (Action(ActionKind.PUNG),))
    assert shanten_counts(counts_of(parse_tiles("123456789m12p99s")), 0) == 0
    assert EfficiencyBot(0).act(view) == Action(ActionKind.PASS)
    # Two steps away; a pung of West (then letting 9s go) makes it one step away: claim.
    assert shanten_counts(counts_of(parse_tiles("135m456p789s59sWW")), 0) == 2
    assert shanten_counts(counts_of(parse_tiles("135m456p789s5s")), 1) == 1
    view = claim_view("135m456p789s59sWW", "W", (Action(ActionKind.PUNG),))
    assert EfficiencyBot(0).act(view) == Action(ActionKind.PUNG)


def test_fan_aware_folds_against_four_melds() -> None:
    # Seat 2 has declared four melds (it holds one tile: surely waiting). Our hand is far from ready.
    # Both North tiles left are in the discards, so our pair of North cannot deal in; every other tile
    # can. The efficient play keeps the pair; the fan-aware bot breaks it.
    hand = "1359m2679p1489sNN"
    threat = (Meld.parse("[234p,1]"), Meld.parse("[678s,1]"), Meld.parse("[555s,2]"), Meld.parse("[EEE,3]"))
    view = turn_view(hand, melds=((), (), threat, ()), discards=("C", "N7m", "2s", "NW"), wall_left=20)
    assert shanten_counts(counts_of(parse_tiles(hand)), 0) >= 3
    table = read_table(view)
    assert table.threat[2] > 0.9
    assert table.deal_in(Tile.NORTH) == 0.0
    assert all(table.deal_in(t) > 0 for t in set(parse_tiles(hand)) if t != Tile.NORTH)
    assert FanAwareBot(0).act(view) == Action(ActionKind.DISCARD, Tile.NORTH)
    assert EfficiencyBot(0).act(view) != Action(ActionKind.DISCARD, Tile.NORTH)


@pytest.mark.parametrize("hand", [
    # Letting 2p go waits on 3p/6p for 4 fans (6 self-drawn): no legal win. Letting 5p go waits on 3p
    # alone, 8 fans self-drawn (不求人 and 坎张 on top of the shape).
    "234m24556799p111s",
    # Letting 2s go waits on 1s/4s below 8 fans; letting 4s go waits on 3s/W with 8 self-drawn.
    "678p222334555sWW",
])
def test_fan_aware_keeps_a_legal_wait(hand: str) -> None:
    def waits_after(action: Action) -> tuple[Wait, ...]:
        tiles = parse_tiles(hand)
        assert action.kind == ActionKind.DISCARD and action.tile is not None
        tiles.remove(action.tile)
        return ready_waits(format_tiles(sorted(tiles)))

    view = turn_view(hand)
    # The efficient discard (most live waits) leaves no legal win; the fan-aware one does.
    assert not any(w.legal for w in waits_after(EfficiencyBot(0).act(view)))
    assert any(w.legal and w.live > 0 for w in waits_after(FanAwareBot(0).act(view)))


def test_targets_are_well_formed() -> None:
    names = [t.name for t in TARGETS]
    for wanted in ("清一色 m", "混一色 p", "碰碰和", "五门齐", "花龙 mps", "清龙 s", "三色三同顺 1", "七对",
                   "全不靠", "组合龙"):
        assert wanted in names
    for t in TARGETS:
        assert t.fans >= 6


def test_play_out_counts_actions_and_stops_a_hand_that_does_not_end() -> None:
    from majiang.bots import find_bot, play_out
    from majiang.game import Game

    bots = [find_bot("random", seed=s) for s in range(4)]
    steps = play_out(Game(seed=5), bots)
    again = Game(seed=5)
    assert play_out(again, [find_bot("random", seed=s) for s in range(4)]) == steps > 0
    with pytest.raises(RuntimeError, match="did not end in 3 actions"):
        play_out(Game(seed=5), bots, max_steps=3)

"""Per-seat walls (``walls="per-seat"``) and the ``botzone`` preset of the Chinese Official ruleset.

Botzone's judge (ailab-pku/Chinese-Standard-Mahjong, judge/main.cpp) cuts its 136-tile ring into four
walls of 34, seat ``i`` drawing from the end of part ``i``; the dealer gets 13 tiles and then draws. The
last-tile checks look at the wall of the seat that would draw next: a self-drawn tile scores 妙手回春
when the drawer's next seat has nothing left, a discard is 海底 (and may not be claimed but to win)
when the discarder's next seat has nothing left, and the hand is drawn when the seat to draw has none.
A concealed or added kong needs a tile in the konger's wall and in the next seat's.

The hands below are prepared with ``seat_ring``; the walls' ends are reached by setting what a seat
has left (``SeatWalls.left``) before the checked step, which is what many earlier draws would do.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conformance import check_record, play_checked
from majiang.actions import Action, ActionKind
from majiang.bots import find_bot
from majiang.cli import app
from majiang.errors import InvalidOptionError
from majiang.game import Game, Match, Phase, find_ruleset
from majiang.game import events as ev
from majiang.game.ruleset import SeatWalls, ruleset_aliases
from majiang.notation import parse_tiles
from majiang.records import check_record as check_record_file
from majiang.records import play_match, read_record, write_record
from majiang.rules.mcr.ruleset import BOTZONE, FalseWin, McrRules, Walls

BZ = find_ruleset("botzone")
PASS = Action(ActionKind.PASS)
WIN = Action(ActionKind.WIN)
PUNG = Action(ActionKind.PUNG)
KONG = Action(ActionKind.KONG)


def seat_ring(hands: dict[int, str], draws: dict[int, str] | None = None, size: int = 34) -> list[int]:
    """A 136-tile ring (the dealer is seat 0) where seat ``s`` is dealt ``hands[s]`` and then draws
    ``draws[s]`` in order; every other place holds the tiles left over, in order."""
    parts: list[list[int | None]] = [[None] * size for _ in range(4)]
    pool = Counter(t for t in range(34) for _ in range(4))
    for s in range(4):
        seq = parse_tiles(hands.get(s, "")) + parse_tiles((draws or {}).get(s, ""))
        for i, t in enumerate(seq):
            parts[s][size - 1 - i] = int(t)
            pool[int(t)] -= 1
    assert min(pool.values()) >= 0, "a tile is used more than four times"
    rest = sorted(pool.elements())
    ring: list[int] = []
    for part in parts:
        for slot in part:
            ring.append(int(rest.pop(0)) if slot is None else slot)
    return ring


def game_with(ring: list[int], left: dict[int, int] | None = None) -> Game:
    """A botzone game on ``ring``, with the seats' walls cut to ``left`` tiles."""
    game = Game(BZ, wall=ring)
    for seat, n in (left or {}).items():
        assert isinstance(game.wall, SeatWalls)
        game.wall.parts[seat] = n
    return game


def fan_names(score: object) -> list[str]:
    return BZ.describer().score_names(score)  # type: ignore[arg-type]


# -- the preset ------------------------------------------------------------------------------------


def test_botzone_preset_sets_the_judges_options() -> None:
    assert "botzone" in ruleset_aliases("mcr")
    assert McrRules(flowers=False, walls="per-seat", false_win="end", single_hand=True) == BZ
    assert BZ.options() == {**McrRules().options(), **BOTZONE}
    assert BZ.walls is Walls.PER_SEAT and BZ.false_win is FalseWin.END
    assert sorted(BZ.wall_tiles()) == [t for t in range(34) for _ in range(4)]  # 136: no flowers
    assert len(find_ruleset("botzone", ["flowers=true"]).wall_tiles()) == 144
    with pytest.raises(InvalidOptionError, match="walls must be one of"):
        find_ruleset("mcr", ["walls=ring"])


def test_seat_walls_take_from_each_parts_end() -> None:
    walls = SeatWalls(list(range(136)), dealer=2)
    # The dealer's wall is the first part; seat 3 (its next seat) the second.
    assert [walls.take(2, False), walls.take(3, True), walls.take(1, False)] == [33, 67, 135]
    assert walls.parts == [34, 33, 33, 33] and len(walls.undrawn()) == 133
    assert [walls.left(s) for s in range(4)] == walls.parts
    walls.parts[0] = 0
    assert walls.take(0, False) is None and walls.left(0) == 0


# -- dealing and drawing ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 2])
def test_each_seat_is_dealt_and_draws_from_its_own_wall(dealer: int) -> None:
    import random

    ring = [t for t in range(34) for _ in range(4)]
    random.Random(dealer).shuffle(ring)
    game = Game(BZ, wall=ring, dealer=dealer)
    part = {(dealer + k) % 4: ring[34 * k:34 * k + 34] for k in range(4)}
    draw = game.events[2]
    assert isinstance(draw, ev.Draw) and draw.seat == dealer and draw.tile == part[dealer][20]
    for s in range(4):
        held = Counter(t for t in range(34) for _ in range(game.counts[s][t]))
        if s == dealer:
            held[draw.tile] -= 1  # the dealer's first draw, after its 13
        assert +held == Counter(part[s][21:]), s
    assert [game.wall_left_for(s) for s in range(4)] == [20 if s == dealer else 21 for s in range(4)]
    assert game.view(dealer).wall_left == 20 and game.view((dealer + 1) % 4).wall_left == 21
    # The dealer lets a tile go; once every seat passes, its next seat draws from its own wall.
    game.apply(dealer, next(a for a in game.legal_actions(dealer) if a.kind == ActionKind.DISCARD))
    while game.phase == Phase.CLAIM:
        seat = game.to_act()[0]
        game.apply(seat, PASS)
    nxt = (dealer + 1) % 4
    if game.current == nxt and game.phase == Phase.TURN:
        last = game.events[-1]
        assert isinstance(last, ev.Draw) and last.seat == nxt and last.tile == part[nxt][20]


def test_a_kongs_replacement_comes_from_the_kongers_own_wall() -> None:
    ring = seat_ring({0: "EEE2468m2468p24s"}, {0: "E"})
    game = game_with(ring)
    game.apply(0, Action(ActionKind.CONCEALED_KONG, parse_tiles("E")[0]))
    last = game.events[-1]
    assert isinstance(last, ev.Draw) and last.seat == 0 and last.tail and last.tile == ring[19]
    assert [game.wall_left_for(s) for s in range(4)] == [19, 21, 21, 21]


def test_flowers_in_a_seat_wall_are_replaced_from_that_wall() -> None:
    rules = find_ruleset("botzone", ["flowers=true"])
    for seed in range(30):
        game = Game(rules, seed=seed)
        for s in range(4):
            dealt = 13 + len(game.flowers[s]) + (1 if s == 0 else 0)
            assert game.wall_left_for(s) == 36 - dealt
        assert sorted(game.wall[i] for i in game.wall.undrawn()) == sorted(
            t for s in range(4) for t in game.wall[36 * s:36 * s + game.wall_left_for(s)])


# -- the last tile follows the next seat's wall ----------------------------------------------------

WINNING = {0: "123m456m789m123p5p"}
"""Seat 0 wins on its first draw, 5p (清龙)."""


@pytest.mark.parametrize(("left", "last"),
                         [({}, False), ({0: 0}, False), ({1: 0}, True), ({0: 0, 1: 0}, True)])
def test_last_draw_is_when_the_next_seat_has_nothing_left(left: dict[int, int], last: bool) -> None:
    game = game_with(seat_ring(WINNING, {0: "5p"}), left)
    score = game.self_win(0)
    assert score is not None and ("妙手回春" in fan_names(score)) == last


FOUR_EAST = {0: "EEE2468m2468p24s"}


@pytest.mark.parametrize(("left", "offered"),
                         [({}, True), ({0: 0}, False), ({1: 0}, False), ({2: 0, 3: 0}, True)])
def test_a_concealed_kong_needs_the_kongers_and_the_next_seats_walls(left: dict[int, int],
                                                                     offered: bool) -> None:
    game = game_with(seat_ring(FOUR_EAST, {0: "E"}), left)
    kong = Action(ActionKind.CONCEALED_KONG, parse_tiles("E")[0])
    assert (kong in game.legal_actions(0)) == offered


CLAIMS = {0: "2468m2468p2468sE", 1: "46p1347m258sESWN", 2: "55p999m999s137pWN", 3: "CCCFFFPPP789s5p"}
"""Seat 0 draws and lets go 5p: seat 1 may chow it, seat 2 pung it, seat 3 win on it (大三元)."""


def discard_5p(left: dict[int, int]) -> Game:
    game = game_with(seat_ring(CLAIMS, {0: "5p"}), left)
    game.apply(0, Action(ActionKind.DISCARD, parse_tiles("5p")[0]))
    return game


def test_claims_on_a_discard_when_walls_are_left() -> None:
    game = discard_5p({})
    assert game.to_act() == [1, 2, 3]
    assert [a.kind for a in game.legal_actions(1)] == [ActionKind.PASS, ActionKind.CHOW]
    assert game.legal_actions(2) == [PASS, PUNG] and game.legal_actions(3) == [PASS, WIN]
    score = game.discard_win(3, game.last_discard[1], robbing=False)  # type: ignore[index]
    assert score is not None and "海底捞月" not in fan_names(score)


def test_the_last_discard_may_only_be_won_and_then_the_hand_is_drawn() -> None:
    # Seat 1, the seat after the discarder, has nothing left: seats 2 and 3 still have walls.
    game = discard_5p({1: 0})
    assert game.to_act() == [3] and game.legal_actions(3) == [PASS, WIN]
    score = game.discard_win(3, game.last_discard[1], robbing=False)  # type: ignore[index]
    assert score is not None and "海底捞月" in fan_names(score)
    game.apply(3, PASS)
    assert game.result is not None and game.result.exhausted and game.result.deltas == (0, 0, 0, 0)
    assert game.wall_left_for(2) == 21 and game.wall_left_for(3) == 21


def test_other_seats_empty_walls_do_not_make_the_last_discard() -> None:
    game = discard_5p({2: 0, 3: 0})
    assert game.legal_actions(2) == [PASS, PUNG]  # only seat 1's wall decides
    score = game.discard_win(3, game.last_discard[1], robbing=False)  # type: ignore[index]
    assert score is not None and "海底捞月" not in fan_names(score)


MELDED = {0: "2468m2468p2468sS", 2: "EEE13579m13579p"}
"""Seat 0 draws and lets go East; seat 2 holds three."""


@pytest.mark.parametrize(("left", "options"),
                         [({}, [PASS, PUNG, KONG]), ({2: 0}, [PASS, PUNG]), ({1: 0}, [])])
def test_a_kong_on_a_discard_needs_the_kongers_wall(left: dict[int, int], options: list[Action]) -> None:
    game = game_with(seat_ring(MELDED, {0: "E"}), left)
    game.apply(0, Action(ActionKind.DISCARD, parse_tiles("E")[0]))
    assert game.legal_actions(2) == options


def test_the_hand_is_drawn_when_the_seat_to_draw_has_nothing_left() -> None:
    game = game_with(seat_ring(MELDED, {0: "E"}), {1: 0})
    game.apply(0, Action(ActionKind.DISCARD, parse_tiles("S")[0]))
    assert game.result is not None and game.result.exhausted
    assert isinstance(game.events[-1], ev.End) and not any(isinstance(e, ev.Draw) and e.seat == 1
                                                           for e in game.events)


# -- false wins ------------------------------------------------------------------------------------


def test_a_false_win_costs_thirty_pays_ten_each_and_ends_the_hand() -> None:
    game = game_with(seat_ring(CLAIMS, {0: "5p"}))
    assert WIN not in game.legal_actions(0)
    game.apply(0, WIN)
    assert game.phase == Phase.OVER and game.result is not None and not game.result.winners
    assert game.result.deltas == (-30, 10, 10, 10) and game.totals == [-30, 10, 10, 10]
    assert [e.kind for e in game.events[-3:]] == ["act", "false-win", "end"]
    # On a discard: seat 1 declares a win it does not have.
    game = discard_5p({})
    game.apply(1, WIN)
    assert game.phase == Phase.OVER and game.result is not None and game.result.deltas == (10, -30, 10, 10)


# -- whole hands, records, commands ----------------------------------------------------------------


def test_conformance_of_botzone_hands_with_efficiency_bots() -> None:
    for seed in range(4):
        play_checked(BZ, seed, ["efficiency"])


def test_seeded_botzone_records_check_and_replay(tmp_path: Path) -> None:
    assert check_record(BZ, 3, tmp_path, hands=1) > 0


def test_a_prepared_judge_wall_is_recorded_and_replayed(tmp_path: Path) -> None:
    ring = seat_ring(CLAIMS, {0: "5p"})
    game = Game(BZ, wall=ring)
    bots = [find_bot("efficiency", s) for s in range(4)]
    while game.result is None:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    path = tmp_path / "judge.jsonl"
    write_record(path, [game], ["a", "b", "c", "d"])
    report = check_record_file(path, accept_unverified_walls=True)
    assert report.ok and report.hands == 1, report
    assert read_record(path).hands[0].start.data["ring"] == ring
    result = CliRunner().invoke(app, ["replay", "--check", "--accept-unverified-walls", str(path)])
    assert result.exit_code == 0, result.output


def test_a_botzone_match_is_one_hand() -> None:
    match, _ = play_match([find_bot("efficiency", s) for s in range(4)], seed=2, rules=BZ)
    assert match.over and len(match.history) == 1
    assert not Match(find_ruleset("mcr"), seed=2).over


@pytest.mark.parametrize("command", [["simulate", "--games", "4", "--workers", "1"],
                                     ["arena", "--deals", "1", "--workers", "1"]])
def test_commands_run_the_botzone_rules(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "--rules", "botzone", "--seed", "1"])
    assert result.exit_code == 0, result.output

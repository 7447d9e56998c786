"""Yangzhou (扬州麻将, seed 001) at the table: prepared walls for the rules the ruleset plays (the minimum,
one winner counter-clockwise from the discarder, the discarder paying double, kongs and robbing, the winds),
the commands, a recorded match through ``replay --check``, and the web table.

Seat 0 deals. Payments are worked out by hand from the fans each test names (docs/yangzhou.md).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conformance import check_record
from game_walls import prepared_game
from majiang.bots import find_bot, play_out
from majiang.cli import app
from majiang.game import Game, Match, Phase
from majiang.game.ruleset import PASS, WIN, find_ruleset
from majiang.rules.yangzhou.ruleset import YangzhouRules
from majiang.tiles import Tile
from majiang.yangzhou import YangzhouScore
from sichuan_walls import act, answer, discard_drawn

DEALER = "159m159p159sESWN"
"""The dealer's 13 (its 14th is given apart): far from ready."""
QUIET = "258m258p258sSWNP"
"""A seat that only plays along (it lets its draws go)."""
DRAGON = "123m456m789m12p99s"
"""Ready on 3p (an edge wait) for 一条龙: 门清 1, 平胡 1, 丫子 1, 幺头 1, 齐相 1 (123m, 123p), 一条龙 20 =
25 on a discard."""
PLAIN = "234p567p678s11s34m"
"""Ready on 2m or 5m for 门清 and 平胡 alone: no win under the minimum."""


def yangzhou_game(hands: Sequence[str], extra: str, *, draws: str = "", options: Sequence[str] = (),
                  dealer: int = 0, dice: tuple[int, int] = (6, 9)) -> Game:
    """A Yangzhou hand dealt from a prepared wall (``game_walls.prepared_game``)."""
    return prepared_game("yangzhou", hands, extra, draws=draws, options=options, dealer=dealer, dice=dice)


def names(game: Game, seat: int) -> list[str]:
    score = next(w.score for w in game.wins if w.seat == seat)
    assert isinstance(score, YangzhouScore)
    return [line.fan.zh for line in score.fans]


# -- the ruleset --------------------------------------------------------------------------------------

def test_registered_with_aliases_options_and_labels() -> None:
    for name in ("yangzhou", "扬州", "扬州麻将"):
        assert isinstance(find_ruleset(name), YangzhouRules)
    rules = find_ruleset("yangzhou", ["minimum=20", "combined=add"])
    assert isinstance(rules, YangzhouRules)
    assert (rules.scoring.minimum, rules.scoring.combined) == (20, "add")
    assert sorted(rules.wall_tiles()) == [t for t in range(34) for _ in range(4)]  # 136, no flowers
    assert rules.match_length() == 16
    helps = rules.describer().option_help()
    schema = rules.option_schema()
    assert set(helps) == {o.name for o in schema}
    # Every lobby label names the rule in Chinese and says it in English.
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in text) and any(ch.isascii() and ch.isalpha()
                                                                       for ch in text)
               for text in helps.values())
    minimum = next(o for o in schema if o.name == "minimum")
    assert (minimum.minimum, minimum.maximum, minimum.step) == (18, 20, 2)


# -- wins -----------------------------------------------------------------------------------------------

def test_a_discard_win_is_paid_double_by_the_discarder() -> None:
    game = yangzhou_game([DEALER, QUIET, DRAGON, PLAIN], "F", draws="3p")
    discard_drawn(game, 0)
    act(game, 1, "discard 3p")
    assert WIN in game.legal_actions(2)
    answer(game, {2: "win"})
    assert game.phase is Phase.OVER
    assert names(game, 2) == ["门清", "平胡", "丫子", "幺头", "齐相", "一条龙"]
    assert tuple(game.hand_deltas) == (0, -50, 50, 0)   # two shares of 25
    context = game.wins[0].score.context
    assert (context.seat_wind, context.round_wind, context.giver) == (Tile.WEST, Tile.EAST, 1)


def test_a_hand_under_the_minimum_cannot_win() -> None:
    game = yangzhou_game([DEALER, QUIET, DRAGON, PLAIN], "F", draws="5m")
    discard_drawn(game, 0)
    act(game, 1, "discard 5m")
    assert Tile.M5 in game.waits[3]           # the shape is complete with 5m ...
    assert WIN not in game.legal_actions(3)  # ... but 门清 and 平胡 are 2 番, not 18


@pytest.mark.parametrize(("options", "wins"), [((), True), (("minimum=20",), False),
                                                (("above_minimum=true",), False)])
def test_the_minimum_is_an_option(options: tuple[str, ...], wins: bool) -> None:
    # On 9s: 门清 1, 平胡 1, 幺头 1 (99s), 一板 15 (456m twice) = 18; no 丫子 (6s would do too).
    game = yangzhou_game([DEALER, QUIET, "456m456m123p789s9s", PLAIN], "F", draws="9s", options=options)
    discard_drawn(game, 0)
    act(game, 1, "discard 9s")
    assert (WIN in game.legal_actions(2)) is wins


def test_one_winner_the_first_counter_clockwise_from_the_discarder() -> None:
    # Seats 2 and 3 both win on seat 1's 3p: only seat 2, the next after seat 1, is paid.
    game = yangzhou_game([DEALER, QUIET, DRAGON, "123s456s789s12pEE"], "F", draws="3p")
    discard_drawn(game, 0)
    act(game, 1, "discard 3p")
    assert WIN in game.legal_actions(2) and WIN in game.legal_actions(3)
    answer(game, {3: "win", 2: "win"})
    assert [w.seat for w in game.wins] == [2] and tuple(game.hand_deltas) == (0, -50, 50, 0)


def test_a_self_drawn_win_takes_a_share_from_each() -> None:
    game = yangzhou_game([DEALER, QUIET, DRAGON, PLAIN], "F", draws="8m 3p")
    discard_drawn(game, 0)
    discard_drawn(game, 1)
    act(game, 2, "win")
    assert names(game, 2) == ["门清", "平胡", "自摸", "丫子", "幺头", "齐相", "一条龙"]
    assert tuple(game.hand_deltas) == (-26, -26, 78, -26)


KONGER = "7777s25m369pESWC"
"""Seat 1 with four 7s (a concealed kong) and nothing near a win."""
ROBBER = "123m456m789m99s68s"
"""Ready on 7s (a closed wait) for 一条龙: 门清 1, 平胡 1, 丫子 1, 缺一 1 (no 饼), 幺头 1, 一条龙 20 = 25."""


def test_a_concealed_kong_cannot_be_robbed() -> None:
    game = yangzhou_game([DEALER, KONGER, ROBBER, QUIET], "F", draws="N")
    discard_drawn(game, 0)
    act(game, 1, "concealed-kong 7s")
    # 暗杠: "别人不可以胡你开杠的牌": nobody is asked, seat 1 draws its replacement.
    assert game.phase is Phase.TURN and game.current == 1 and game.drawn is not None
    assert Tile.S7 in game.waits[2]


def test_an_added_kong_is_robbed_and_the_konger_pays_double() -> None:
    # Seat 1 pungs the dealer's 7s, and later adds the fourth: "如果明扛时有人胡牌，可胡".
    game = yangzhou_game([DEALER, "77s258m369pESWNC", ROBBER, QUIET], "7s", draws="P P 1p 7s")
    act(game, 0, "discard 7s")
    answer(game, {1: "pung"})
    act(game, 1, "discard N")
    for seat in (2, 3, 0):
        discard_drawn(game, seat)
    act(game, 1, "added-kong 7s")
    assert game.phase is Phase.ROB and game.legal_actions(2) == [PASS, WIN]
    act(game, 2, "win")
    assert names(game, 2) == ["门清", "平胡", "丫子", "缺一", "幺头", "一条龙"]
    assert tuple(game.hand_deltas) == (0, -50, 50, 0)   # the konger pays as a discarder would


# -- the match --------------------------------------------------------------------------------------

def test_the_deal_passes_on_and_four_hands_make_a_round() -> None:
    rules = find_ruleset("yangzhou")
    match = Match(rules, seed=3, hands=5)
    dealers, winds = [], []
    while not match.over:
        game = match.game
        dealers.append(game.dealer)
        winds.append(game.round_wind)
        play_out(game, [find_bot("efficiency", seed=s) for s in range(4)])
        match.next_hand()
    assert dealers == [0, 1, 2, 3, 0] and winds == [Tile.EAST] * 4 + [Tile.SOUTH]


def test_a_recorded_match_replays_and_checks(tmp_path: Path) -> None:
    assert check_record(find_ruleset("yangzhou", ["minimum=20"]), 7, tmp_path, hands=4) > 0


def test_describing_a_win() -> None:
    game = yangzhou_game([DEALER, QUIET, DRAGON, PLAIN], "F", draws="3p")
    discard_drawn(game, 0)
    act(game, 1, "discard 3p")
    answer(game, {2: "win"})
    describer = game.rules.describer()
    score = game.wins[0].score
    assert describer.score_headline(score) == "25 番"
    assert describer.describe_score(score) == ("25 番 (门清 1, 平胡 1, 丫子 1, 幺头 1, 齐相 1, 一条龙 20), "
                                               "放炮 pays double")
    assert describer.score_names(score) == ["门清", "平胡", "丫子", "幺头", "齐相", "一条龙"]


# -- the commands -------------------------------------------------------------------------------------

def test_fan_scores_a_yangzhou_hand() -> None:
    result = CliRunner().invoke(app, ["fan", "--rules", "扬州", "123m456m789m789pWW", "--win",
                                      "self-drawn", "--winner", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["rules"], data["total"], data["payments"]) == ("yangzhou", 24, [-24, -24, 72, -24])
    assert [f["zh"] for f in data["fans"]] == ["门清", "自摸", "齐相", "独吊", "一条龙"]
    text = CliRunner().invoke(app, ["fan", "--rules", "yangzhou", "123m456p789s234s55m"],
                              env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "total 3 番 (no win: 18 at least)" in text.stdout


def test_simulate_arena_and_replay_check(tmp_path: Path) -> None:
    records = tmp_path / "y.jsonl"
    runner = CliRunner()
    done = runner.invoke(app, ["simulate", "--rules", "扬州", "--option", "minimum=20", "--games", "6",
                               "--bots", "efficiency", "--workers", "1", "--json", "--records", str(records)])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["rules"] == "yangzhou" and data["options"]["minimum"] == 20
    assert sum(b["wins"] for b in data["bots"]) > 0   # the bots reach the minimum
    check = runner.invoke(app, ["replay", "--check", "--quiet", str(records)])
    assert check.exit_code == 0 and check.stdout.startswith("ok: 6 hands"), check.output
    arena = runner.invoke(app, ["arena", "--rules", "yangzhou", "--deals", "1", "--workers", "1", "--json",
                                "--bots", "efficiency,random"])
    assert arena.exit_code == 0 and json.loads(arena.stdout)["rules"] == "yangzhou", arena.output

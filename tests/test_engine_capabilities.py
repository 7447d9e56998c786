"""The engine's capabilities for regional rulesets (issue 19's G1-G7), each on the toy ruleset and prepared
walls: rolls during play that records replay, questions asked during play, wins recorded without a win
action, pungs answering an added tile, melds of mixed tiles, actions a ruleset declares, waits that know
the seat. The conformance suite plays them at random (tests/test_conformance.py); here each is pinned."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

import toy_ruleset
from majiang.actions import Action, ActionKind, ActionSpec, declare_action, declared_action
from majiang.bots import find_bot
from majiang.cli import app
from majiang.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidHandError,
    InvalidNotationError,
    InvalidOptionError,
)
from majiang.game import Game, Phase, find_ruleset
from majiang.game.events import rolls_of
from majiang.game.moments import Observers
from majiang.game.ruleset import Ruleset
from majiang.meld import Meld, MeldKind
from majiang.records import check_record, play_match, write_lines_atomically
from majiang.records.format import dump_line
from majiang.tiles import Tile
from sichuan_walls import act, sichuan_game

TOY = find_ruleset("toy")
PASS = Action(ActionKind.PASS)
VOID_S = Action.parse("void s")


def opened(hands: list[str], extra: str, *, lay: bool, tail: str = "") -> Game:
    """A toy game on a prepared wall, every seat declaring bamboo void, seat 0 laying its 1s if ``lay``."""
    game = sichuan_game(hands, extra, rules=TOY, tail=tail)
    for seat in range(4):
        game.apply(seat, VOID_S)
    if game.phase == Phase.OPENING:
        for seat in game.to_act():
            game.apply(seat, toy_ruleset.LAY_ONES.action() if lay and seat == 0 else PASS)
    return game


ONES_HANDS = ["1m 1m 1p 1s 2m 3m 4m 5p 6p 7p 8p 8p 9p", "1m 1m 2p 3p 4p 5m 6m 7m 2s 3s 4s 9m 9m", "", ""]


# -- G5 melds of mixed tiles, G4 a pung answering an added tile -------------------------------------------

def test_a_mixed_meld_is_laid_from_the_seats_own_tiles() -> None:
    game = opened(ONES_HANDS, "5m", lay=True)
    assert game.melds[0] == [Meld.parse("[1m1p1s,x]")]
    assert game.counts[0][Tile.M1] == 1 and game.counts[0][Tile.P1] == 0
    assert {"e": "lay", "seat": 0, "meld": "[1m1p1s,x]"} in game.event_dicts()
    assert sum(game.counts[0]) == 14 - 3  # a set laid: the dealer still discards
    assert Action.parse("added-kong 1m") in game.legal_actions(0)


def test_an_added_tile_grows_the_mixed_meld_with_a_replacement() -> None:
    game = opened(ONES_HANDS, "5m", lay=True, tail="9s")
    act(game, 0, "added-kong 1m")
    assert game.phase == Phase.ROB and game.legal_actions(1) == [PASS, Action(ActionKind.PUNG)]
    act(game, 1, "pass")
    assert game.melds[0] == [Meld.parse("[1m1m1p1s,x]")]
    assert game.events[-1].as_dict() == {"e": "draw", "seat": 0, "tile": int(Tile.S9), "tail": True}
    assert game.phase.name == "TURN" and game.current == 0


def test_a_pung_answers_the_added_tile() -> None:
    game = opened(ONES_HANDS, "5m", lay=True)
    act(game, 0, "added-kong 1m")
    act(game, 1, "pung")
    assert game.melds[0] == [Meld.parse("[1m1p1s,x]")]  # the addition is not made
    assert game.melds[1] == [Meld.parse("[111m]")]  # from seat 0, seat 1's left
    assert game.counts[0][Tile.M1] == 0 and game.counts[1][Tile.M1] == 0
    assert game.phase == Phase.TURN and game.current == 1 and game.drawn is None
    assert game.event_dicts()[-1] == {"e": "claim", "seat": 1, "meld": "[111m]", "from": 0}


def test_a_seat_cannot_lay_what_it_does_not_hold() -> None:
    game = opened(ONES_HANDS, "5m", lay=False)
    before = [list(c) for c in game.counts]
    with pytest.raises(InvalidOptionError, match="does not hold"):
        game.lay_meld(2, Meld.parse("[ESWN,x]"))
    assert [list(c) for c in game.counts] == before and game.melds[2] == []


@pytest.mark.parametrize(("text", "error"), [
    ("[EEE,x]", "at least two kinds"), ("[1m1p,x]", "three or more"),
    ("[1m1p1s,y]", r"not .y. \(or x: mixed tiles\)"),
])
def test_mixed_meld_notation_errors(text: str, error: str) -> None:
    with pytest.raises(InvalidNotationError, match=error):
        Meld.parse(text)


def test_mixed_meld_notation_round_trips() -> None:
    meld = Meld.parse("[NWES,x]")
    assert meld.kind == MeldKind.MIXED and meld.notation() == "[ESWN,x]" and not meld.is_concealed_kong
    assert Meld.parse(meld.notation()) == meld and meld.adding(Tile.EAST).tiles[:2] == (Tile.EAST, Tile.EAST)
    with pytest.raises(InvalidHandError, match="cannot be added"):
        meld.adding(Tile.RED)


# -- G1 rolls during play ------------------------------------------------------------------------------

def test_rolls_come_back_from_the_record() -> None:
    game = Game(TOY, seed=4, rolls=[[3], [5]])
    for seat in range(4):
        game.apply(seat, VOID_S)
    while game.phase == Phase.OPENING:
        game.apply(game.to_act()[0], PASS)
    assert rolls_of(game.event_dicts()) == [[3]]  # the lucky kind: a roll of 3 is 3s
    assert game.hand_state.lucky == int(Tile.S3)
    assert game.roll(1, "test", 1) == (5,)
    with pytest.raises(InvalidOptionError, match="no recorded roll is left"):
        game.roll(1, "test", 1)


@pytest.mark.parametrize("rolls", [[[7]], [[1, 2]], [[0]]])
def test_a_recorded_roll_must_fit(rolls: list[list[int]]) -> None:
    with pytest.raises(InvalidOptionError, match="is not 1 dice of 1-6"):
        Game(TOY, seed=4, rolls=rolls)  # the deal's end rolls for the lucky kind


def _toy_record(tmp_path: Path) -> tuple[Path, list[str]]:
    bots = [find_bot("random", s) for s in range(4)]
    _, lines = play_match(bots, seed=11, rules=TOY, hands=2, players=["a", "b", "c", "d"])
    path = tmp_path / "toy.jsonl"
    write_lines_atomically(path, lines)
    return path, lines


def test_a_record_with_rolls_replays_and_checks(tmp_path: Path) -> None:
    path, lines = _toy_record(tmp_path)
    assert any('"e":"roll"' in line.replace(" ", "") for line in lines)
    assert check_record(path).ok
    assert CliRunner().invoke(app, ["replay", "--check", str(path)]).exit_code == 0


def test_an_edited_roll_of_a_seeded_record_fails(tmp_path: Path) -> None:
    _, lines = _toy_record(tmp_path)
    i = next(k for k, line in enumerate(lines) if json.loads(line).get("e") == "roll")
    obj = json.loads(lines[i])
    obj["dice"] = [obj["dice"][0] % 6 + 1]
    edited = [*lines[:i], dump_line(obj), *lines[i + 1:]]
    bad = tmp_path / "edited.jsonl"
    write_lines_atomically(bad, edited)
    report = check_record(bad)
    assert not report.ok and "roll" in str(report)
    assert CliRunner().invoke(app, ["replay", "--check", str(bad)]).exit_code != 0


# -- G2 a question during play, G6 actions a ruleset declares -----------------------------------------

def _to_the_last_tile(game: Game) -> None:
    while game.phase != Phase.ASK:
        assert game.phase != Phase.OVER
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        discards = [a for a in legal if a.kind == ActionKind.DISCARD]
        game.apply(seat, discards[-1] if game.phase == Phase.TURN else PASS)


def test_the_last_tile_is_offered_around_and_a_draw_follows_four_passes() -> None:
    game = opened(["", "", "", ""], "5m", lay=False)
    _to_the_last_tile(game)
    take = toy_ruleset.TAKE_LAST.action()
    asked = []
    while game.phase == Phase.ASK:
        (seat,) = game.to_act()
        assert game.legal_actions(seat) == [PASS, take] and game.view(seat).legal == (PASS, take)
        asked.append(seat)
        game.apply(seat, PASS)
    assert len(asked) == 4 and len(set(asked)) == 4
    assert game.phase == Phase.OVER and game.wall_ended and game.wall_left == 1


def test_a_seat_takes_the_last_tile() -> None:
    game = opened(["", "", "", ""], "5m", lay=False)
    _to_the_last_tile(game)
    (first,) = game.to_act()
    game.apply(first, PASS)
    (second,) = game.to_act()
    assert second == (first + 1) % 4
    game.apply(second, toy_ruleset.TAKE_LAST.action())
    assert game.phase == Phase.TURN and game.current == second and game.wall_left == 0
    assert game.event_dicts()[-2:][0] == {"e": "act", "seat": second, "a": "take-last"}


def test_declared_actions_read_and_write() -> None:
    take = Action.parse("take-last")
    assert take == toy_ruleset.TAKE_LAST.action() and take.notation() == "take-last" and take.name
    assert declared_action("lay-ones") is toy_ruleset.LAY_ONES
    with pytest.raises(InvalidActionError, match="takes no tile"):
        Action.parse("take-last 5m")
    with pytest.raises(InvalidActionError, match="unknown action"):
        Action.parse("take-first")
    with pytest.raises(InvalidActionError, match="already declared"):
        declare_action(ActionSpec("take-last", "something else", "别的"))
    assert declare_action(toy_ruleset.TAKE_LAST) is toy_ruleset.TAKE_LAST  # a re-import is fine
    for name in ("discard", "Take", "take last", "-x"):
        with pytest.raises(InvalidActionError, match="lower-case words"):
            ActionSpec(name, "x", "x")


def test_a_declared_action_with_a_tile() -> None:
    spec = declare_action(ActionSpec("test-mark", "mark a tile", "标记", tile=True))
    action = Action.parse("test-mark 7p")
    assert action == spec.action(Tile.P7) and action.notation() == "test-mark 7p"
    with pytest.raises(InvalidActionError, match="needs one tile"):
        Action.parse("test-mark")


# -- G3 a win without a win action, G7 waits that know the seat ---------------------------------------

def test_a_win_is_declared_only_where_the_ruleset_holds_the_table() -> None:
    game = opened(["", "", "", ""], "5m", lay=False)
    seat = game.current
    with pytest.raises(InvalidOptionError, match="before_draw or answer"):
        held = next(t for t in range(27) if game.counts[seat][t])
        game.declare_win(seat, held, toy_ruleset.ToyScore(1, False, 0))
    assert game.phase == Phase.TURN and not game.wins


def test_the_lucky_kind_joins_a_ready_seats_waits() -> None:
    # Seat 1 waits on 9m alone (13 tiles: 2m3m4m 5m6m7m 2p3p4p 5p6p7p 9m); the lucky kind is rolled.
    hands = ["", "2m 3m 4m 5m 6m 7m 2p 3p 4p 5p 6p 7p 9m", "", ""]
    game = opened(hands, "5s", lay=False)
    lucky = game.hand_state.lucky
    own = TOY.waits(list(game.counts[1]), 0, list(game.counts[1]))
    assert own == frozenset({int(Tile.M9)})
    assert game.waits[1] == own | {lucky}


def test_declare_win_needs_the_tile_in_hand() -> None:
    game = opened(["", "", "", ""], "5m", lay=False)
    game._in_control = True  # as inside before_draw: the check on the tile comes next
    seat = game.current
    missing = next(t for t in range(27) if not game.counts[seat][t])
    with pytest.raises(InvalidOptionError, match="holds no"):
        game.declare_win(seat, missing, toy_ruleset.ToyScore(1, False, 0))


def test_a_question_must_offer_a_choice() -> None:
    game = opened(["", "", "", ""], "5m", lay=False)
    with pytest.raises(InvalidOptionError, match="at least one choice"):
        game.ask({1: []})
    with pytest.raises(IllegalActionError):
        game.apply(1, toy_ruleset.TAKE_LAST.action())


# -- G6 an answer of a ruleset's own kind to a discard ----------------------------------------------

GRAB_HANDS = ["1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p", "", "1m 1m 2s 3s 4s 5s 6s 7s 8s 9s 9s 9p 9p", ""]


def _grab_game() -> Game:
    game = opened(GRAB_HANDS, "6p", lay=False)
    game.hand_state.lucky = int(Tile.M1)  # the die's lucky kind, set here so the test needs no roll
    return game


def test_a_ruleset_carries_out_its_own_answer_to_a_discard() -> None:
    game = _grab_game()
    act(game, 0, "discard 1m")
    assert toy_ruleset.GRAB_LUCKY.action() in game.legal_actions(2)
    before = list(game.totals)
    for seat in game.to_act():
        game.apply(seat, toy_ruleset.GRAB_LUCKY.action() if seat == 2 else PASS)
    assert game.melds[2] == [Meld.parse("[111m,2]")]  # from seat 0, across the table
    assert game.phase.name == "TURN" and game.current == 2
    assert [t - b for t, b in zip(game.totals, before, strict=True)] == [-1, 0, 1, 0]
    assert game.event_dicts()[-1] == {"e": "payment", "reason": "grab", "seat": 2, "deltas": [-1, 0, 1, 0]}


def test_a_claim_is_checked() -> None:
    game = _grab_game()
    with pytest.raises(IllegalActionError, match="answers a discard"):
        game.claim(2, Action(ActionKind.PUNG))
    act(game, 0, "discard 1m")
    for seat, action in ((1, Action(ActionKind.PUNG)), (2, Action(ActionKind.KONG)),
                         (0, Action(ActionKind.PUNG)), (3, Action(ActionKind.CHOW, Tile.M1))):
        with pytest.raises(IllegalActionError, match="cannot claim 1m"):
            game.claim(seat, action)


# -- moments ------------------------------------------------------------------------------------------

def test_only_the_moments_watched_are_told() -> None:
    seen: list[str] = []

    @dataclass(frozen=True, slots=True)
    class Watcher(toy_ruleset.ToyRules):
        def observers(self) -> Observers:
            return Observers(discarded=lambda game, seat, tile: seen.append("discarded"),
                             passed=lambda game, giver, tile: seen.append("passed"))

    game = Game(Watcher(), seed=4)
    bots = [find_bot("random", s) for s in range(4)]
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    assert set(seen) == {"discarded", "passed"}  # told of these only, and each at least once
    assert seen.count("discarded") == game.discard_count


def test_a_hook_of_the_first_shape_is_refused_with_its_replacement() -> None:
    with pytest.raises(TypeError, match=r"on_kong is no longer a hook: observers\(\)\.konged"):
        class Old(Ruleset):
            def on_kong(self) -> None:
                raise AssertionError("never called")

"""The mjai bot adapter: our bots as mjai clients (``majiang mjai``), and mjai programs in seats of our riichi
games. The strongest check is the round trip: our bots playing through the protocol, from their own seats'
side, play exactly the game they play seated directly. The small mjai programs are written here."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.bots import find_bot, play_out
from majiang.cli import app
from majiang.errors import InvalidOptionError
from majiang.game import Game
from majiang.game import events as ev
from majiang.game.ruleset import find_ruleset
from majiang.interop.external import check_rules, make_seat, parse_seat
from majiang.interop.mjai import HandStream
from majiang.interop.mjai_bot import MjaiClient, MjaiProtocolError
from majiang.interop.mjai_table import InProcessSeat, MjaiSeat, play_mjai, play_mjai_match
from majiang.records import play_match
from majiang.rules.riichi.ruleset import RiichiRules
from majiang.sim.arena import run_arena
from processes import gone, reaped

runner = CliRunner()
RULES = RiichiRules()
PYTHON = [sys.executable, "-I", "-S"]  # no site: the small programs start fast
OURS = [sys.executable, "-m", "majiang.cli", "mjai"]
LIMIT = 60.0
"""A time limit no sound answer reaches on a loaded machine (only the late program's test waits for one)."""
HANDS = int(os.environ.get("MAJIANG_MJAI_HANDS", "1"))
"""Hands of the whole games played through ``majiang mjai`` programs (make soak plays more)."""
NAMES = ["a", "b", "c", "d"]
MIX = ["defense", "efficiency", "random", "defense"]
"""The bots of the round trips (random calls and makes kans often: every kind of event comes up)."""

# A legal mjai bot in both dialects: it lets go of every tile it draws and passes on everything else.
TSUMOGIRI = """
import json, sys
seat = int(sys.argv[1]) if len(sys.argv) > 1 else None
for line in sys.stdin:
    data = json.loads(line)
    events = data if isinstance(data, list) else [data]
    for e in events:
        if e["type"] == "start_game" and seat is None:
            seat = e["id"]
    last = events[-1]
    answer = {"type": "none"}
    if last["type"] == "tsumo" and last["actor"] == seat:
        answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
    print(json.dumps(answer), flush=True)
"""

# Lets go of what it draws (in either dialect), but answers its first draw after the first AFTER ones badly:
# BEHAVIOUR is
# garbage, crash, silent, sleep (starting a child that sleeps too, its pid written to PIDFILE), flood, or an
# answer that is JSON but not legal; "meddle" claims a pon on every discard of another seat.
BAD = """
import json, subprocess, sys, time
kind, after, pidfile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
seat, draws = None, 0
BAD = {
    "not-held": lambda s, p: {"type": "dahai", "actor": s, "pai": "?", "tsumogiri": False},
    "other-actor": lambda s, p: {"type": "dahai", "actor": (s + 1) % 4, "pai": p, "tsumogiri": True},
    "false-win": lambda s, p: {"type": "hora", "actor": s, "target": s, "pai": p},
    "bad-reach": lambda s, p: {"type": "reach", "actor": s},
    "no-type": lambda s, p: {"pai": p},
    "pass-turn": lambda s, p: {"type": "none"},
}
if len(sys.argv) > 4:
    seat = int(sys.argv[4])  # (mjai.app's seat argument, in the batch dialect)
for line in sys.stdin:
    data = json.loads(line)
    e = data[-1] if isinstance(data, list) else data
    if e["type"] == "start_game" and seat is None:
        seat = e["id"]
    answer = {"type": "none"}
    if e["type"] == "tsumo" and e["actor"] == seat:
        draws += 1
        if draws > after:
            if kind == "garbage":
                print("this is not JSON", flush=True)
            if kind == "crash":
                sys.exit(3)
            if kind == "silent":
                sys.exit(0)
            if kind == "sleep":
                child = subprocess.Popen(["sleep", "300"])
                with open(pidfile, "w") as f:
                    f.write(str(child.pid))
                time.sleep(300)
            if kind == "flood":
                sys.stdout.write("x" * (2 << 20))
                sys.stdout.flush()
            if kind in BAD:
                print(json.dumps(BAD[kind](seat, e["pai"])), flush=True)
                continue
        answer = {"type": "dahai", "actor": seat, "pai": e["pai"], "tsumogiri": True}
    if kind == "meddle" and e["type"] == "dahai" and e["actor"] != seat:
        answer = {"type": "pon", "actor": seat, "target": e["actor"], "pai": e["pai"],
                  "consumed": [e["pai"], e["pai"]]}
    print(json.dumps(answer), flush=True)
"""


@pytest.fixture()
def programs(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, text in (("tsumogiri", TSUMOGIRI), ("bad", BAD)):
        path = tmp_path / f"{name}.py"
        path.write_text(text)
        paths[name] = str(path)
    return paths


def direct(seed: int, hands: int, bots: list[str]) -> list[str]:
    """The record lines of a game of our bots seated directly."""
    _, lines = play_match([find_bot(b, 100 + s) for s, b in enumerate(bots)], seed=seed, rules=RULES,
                          hands=hands, players=NAMES)
    return lines


# -- the round trip ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 11])
def test_our_bots_through_the_protocol_play_the_same_game(seed: int) -> None:
    players = [InProcessSeat(MjaiClient(find_bot(b, 100 + s), rules=RULES)) for s, b in enumerate(MIX)]
    match, lines, failures = play_mjai_match(players, RULES, seed=seed, hands=2, names=NAMES)
    assert failures == []
    assert lines == direct(seed, 2, MIX)
    assert len(match.history) == 2


def test_a_called_riichi_discard_stands_before_the_call() -> None:
    """Deal 23 (dealer 3): a riichi declaration's discard is called; mjai shows ``reach_accepted`` first,
    then the call, and the caller's answer to the call is its discard."""
    game, alone = Game(RULES, seed=23, dealer=3), Game(RULES, seed=23, dealer=3)
    play_out(alone, [find_bot(b, 100 + s) for s, b in enumerate(MIX)])
    players = [InProcessSeat(MjaiClient(find_bot(b, 100 + s), rules=RULES)) for s, b in enumerate(MIX)]
    failures = play_mjai(game, players)  # type: ignore[arg-type]
    assert failures == []
    assert [e.as_dict() for e in game.events] == [e.as_dict() for e in alone.events]
    stream = HandStream(Game(RULES, seed=23, dealer=3))
    for line in alone.events:
        if isinstance(line, ev.Act):
            stream.apply(line.seat, line.action)
    types = [e["type"] for e in stream.out]
    calls = [i for i, t in enumerate(types) if t in ("chi", "pon", "daiminkan") and types[i - 1] != "dahai"]
    assert calls and all(types[i - 1] == "reach_accepted" and types[i - 2] == "dahai" for i in calls)


def test_majiang_mjai_programs_in_both_dialects_play_the_same_game() -> None:
    players: list[object] = [find_bot("defense", 100), find_bot("efficiency", 101)]
    players.append(MjaiSeat([*OURS, "--bot", "random", "--seed", "102"], "mjai", time_limit=LIMIT))
    players.append(MjaiSeat([*OURS, "--bot", "defense", "--seed", "103"], "mjai-batch", time_limit=LIMIT))
    _, lines, failures = play_mjai_match(players, RULES, seed=5, hands=1, names=NAMES)  # type: ignore[arg-type]
    assert failures == []
    assert lines == direct(5, 1, MIX)
    for seat in players[2:]:
        assert isinstance(seat, MjaiSeat) and seat.program is not None
        assert all(reaped(pid) for pid in seat.program.pids)


@pytest.mark.slow
def test_whole_games_through_majiang_mjai_programs() -> None:
    """Games of four ``majiang mjai`` programs (both dialects), MAJIANG_MJAI_HANDS hands in all, each the
    game the bots play seated directly."""
    left, seed = HANDS, 0
    while left > 0:
        seed += 1
        bots = [MIX[(seed + s) % 4] for s in range(4)]
        players = [MjaiSeat([*OURS, "--bot", b, "--seed", str(100 + s)], ("mjai", "mjai-batch")[s % 2],
                            time_limit=LIMIT) for s, b in enumerate(bots)]
        match, lines, failures = play_mjai_match(players, RULES, seed=seed, hands=left, names=NAMES)
        assert failures == []
        assert lines == direct(seed, left, bots), f"game seed {seed}"
        left -= len(match.history)


# -- mjai programs at our table ------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", ["mjai", "mjai-batch"])
def test_a_small_mjai_program_plays_a_hand(programs: dict[str, str], dialect: str) -> None:
    game = Game(RULES, seed=8)
    seat = MjaiSeat([*PYTHON, programs["tsumogiri"]], dialect, time_limit=LIMIT)
    failures = play_mjai(game, [find_bot("efficiency", 1), seat, find_bot("efficiency", 2),
                                find_bot("efficiency", 3)])
    assert failures == [] and game.result is not None
    draws = [e.tile for e in game.events if isinstance(e, ev.Draw) and e.seat == 1]
    discards = [e.tile for e in game.events if isinstance(e, ev.Discard) and e.seat == 1]
    assert discards and discards == draws[:len(discards)]  # it let go of each tile it drew, at once
    assert seat.program is not None and len(seat.program.pids) == 1 and reaped(seat.program.pids[0])


def test_the_arena_seats_mjai_programs(programs: dict[str, str]) -> None:
    result = run_arena([f"mjai:{' '.join(PYTHON)} {programs['tsumogiri']}", "efficiency"], deals=1,
                       rules=RULES, time_limit=LIMIT)
    assert result.hands == 6 and [b.forfeits for b in result.bots] == [0, 0]
    assert result.bots[0].riichi == 0 and result.bots[1].seat_hands == 12  # it never declares riichi


@pytest.mark.parametrize(("kind", "reason", "dialect"), [
    ("garbage", "not JSON", "mjai-batch"),
    ("sleep", "late", "mjai-batch"),
    ("garbage", "not JSON", "mjai"),
    ("crash", "exited without answering", "mjai"),
    ("silent", "exited without answering", "mjai"),
    ("sleep", "late", "mjai"),
    ("flood", "longer than 1 MiB", "mjai"),
    ("not-held", "pai", "mjai"),
    ("other-actor", "an answer for seat", "mjai"),
    ("false-win", "not a legal action", "mjai"),
    ("bad-reach", "a reach it may not declare", "mjai"),
    ("no-type", "not an mjai answer", "mjai"),
    ("pass-turn", "not a legal action", "mjai"),
    ("meddle", "an action where nothing was asked", "mjai"),
])
def test_a_failing_program_loses_its_decisions_to_the_fallback(programs: dict[str, str], tmp_path: Path,
                                                                kind: str, reason: str, dialect: str) -> None:
    pidfile = tmp_path / "child.pid"
    limit = 0.5 if kind == "sleep" else LIMIT
    seat = MjaiSeat([*PYTHON, programs["bad"], kind, "2", str(pidfile)], dialect, time_limit=limit)
    game = Game(RULES, seed=4)
    failures = play_mjai(game, [find_bot("efficiency", 1), find_bot("efficiency", 2), seat,
                                find_bot("efficiency", 3)])
    assert game.result is not None
    assert len(failures) == 1 and failures[0].seat == 2 and reason in failures[0].reason
    assert failures[0].describe().startswith("hand 1, seat 2, to tsumo:" if kind != "meddle" else "hand 1")
    # From its failure on, the seat lets go of each tile it draws (the fallback).
    after = [e for e in game.events if isinstance(e, ev.Draw | ev.Discard) and e.seat == 2][2 * 2:]
    pairs = list(zip(after[0::2], after[1::2], strict=False))
    assert pairs and all(d.tile == x.tile for d, x in pairs)
    assert seat.program is not None and all(reaped(pid) for pid in seat.program.pids)
    if kind == "sleep":
        assert gone(int(pidfile.read_text()))


# -- the client: what it refuses --------------------------------------------------------------------


START = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
         "dora_marker": "7s", "scores": [25000] * 4,
         "tehais": [["?"] * 13,
                    ["3m", "4m", "3p", "5pr", "7p", "9p", "4s", "4s", "5sr", "7s", "7s", "W", "N"],
                    ["?"] * 13, ["?"] * 13]}


def lines_of(*events: object) -> list[str]:
    return [json.dumps(e) for e in events]


@pytest.mark.parametrize(("lines", "match"), [
    (["not json"], "event 1: not JSON"),
    (["[]"], "an empty batch"),
    (["1"], "a JSON object, not int"),
    (['{"type":"tsumogiri"}'], "unknown event type 'tsumogiri'"),
    (['{"pai":"1m"}'], "unknown event type None"),
    (lines_of({"type": "tsumo", "actor": 0, "pai": "1m"}), "no start_kyoku before it"),
    (lines_of(START, {"type": "tsumo", "actor": 5, "pai": "?"}), "'actor' must be a seat 0-3, not 5"),
    (lines_of(START, {"type": "tsumo", "actor": True, "pai": "?"}), "'actor' must be a seat 0-3"),
    (lines_of(START, {"type": "dahai", "actor": 0, "pai": "0m"}), "'0m' is no mjai tile"),
    (lines_of(START, {"type": "dahai", "actor": 0, "pai": "3mr"}), "only a five may be red"),
    (lines_of({**START, "tehais": [["?"] * 13] * 3}), "four hands of 13 tiles"),
    (lines_of({**START, "tehais": [["?"] * 12] * 4}), "four hands of 13 tiles"),
    (lines_of({**START, "bakaze": "X"}), "'bakaze' must be E S W N"),
    (lines_of({**START, "scores": [1, 2, 3]}), "'scores' must be four whole numbers"),
    (lines_of({**START, "honba": -1}), "'honba' must be a count"),
    (lines_of(START, {"type": "pon", "actor": 2, "target": 0, "pai": "1m", "consumed": ["1m"]}),
     "'consumed' must be a list of 2 tiles"),
    # Events our engine cannot follow: a draw out of turn, a tile the seat does not hold, a fifth copy.
    (lines_of(START, {"type": "tsumo", "actor": 2, "pai": "?"}, {"type": "tsumo", "actor": 1, "pai": "1m"}),
     "our engine does not follow"),
    (lines_of(START, {"type": "tsumo", "actor": 0, "pai": "?"}, {"type": "dahai", "actor": 0, "pai": "1m"},
              {"type": "tsumo", "actor": 1, "pai": "1m"}, {"type": "dahai", "actor": 1, "pai": "9m"},
              {"type": "tsumo", "actor": 2, "pai": "?"}, {"type": "dahai", "actor": 2, "pai": "2m"}),
     "tiles this seat does not hold"),
    (lines_of(START, *[{"type": "dora", "dora_marker": "7s"}] * 4,
              {"type": "tsumo", "actor": 1, "pai": "1m"}),
     "more than four 7s shown"),
    (lines_of({**START, "tehais": [["?"] * 13, ["5mr"] * 13, ["?"] * 13, ["?"] * 13]},
              {"type": "tsumo", "actor": 1, "pai": "1m"}), "more red 5m than the rules' red_fives=3"),
])
def test_the_client_refuses_bad_input(lines: list[str], match: str) -> None:
    client = MjaiClient(find_bot("efficiency", 1), seat=1)
    with pytest.raises(MjaiProtocolError, match=match):
        for line in lines:
            client.react_line(line)


def test_the_client_answers_each_dialect_and_hello() -> None:
    client = MjaiClient(find_bot("efficiency", 1))
    assert json.loads(client.react_line('{"type":"hello","protocol":"mjsonp"}'))["type"] == "join"
    assert client.react_line('{"type":"start_game","id":1,"names":["a","b","c","d"]}') == '{"type":"none"}'
    batch = json.dumps([START, {"type": "tsumo", "actor": 0, "pai": "?"},
                        {"type": "dahai", "actor": 0, "pai": "6s", "tsumogiri": False}])
    call = json.loads(client.react_line(batch))  # 4s 5sr (or 5sr 7s) take the 6s
    assert call["type"] == "chi" and call["actor"] == 1 and call["target"] == 0 and call["pai"] == "6s"
    follow = [{"type": "chi", "actor": 1, "target": 0, "pai": "6s", "consumed": call["consumed"]}]
    answer = json.loads(client.react_line(json.dumps(follow[0])))
    assert answer["type"] == "dahai" and answer["actor"] == 1 and answer["tsumogiri"] is False


def test_a_seat_is_needed() -> None:
    client = MjaiClient(find_bot("efficiency", 1))
    client.react_line('{"type":"start_game","names":["a","b","c","d"]}')
    client.react_line(json.dumps(START))
    with pytest.raises(MjaiProtocolError, match="no seat"):
        client.react_line('{"type":"tsumo","actor":0,"pai":"?"}')


def test_majiang_mjai_on_the_command_line() -> None:
    text = "\n".join([json.dumps({"type": "start_game", "id": 1, "names": NAMES}), json.dumps(START),
                      json.dumps({"type": "tsumo", "actor": 0, "pai": "?"}), "garbage", ""])
    result = runner.invoke(app, ["mjai", "--bot", "efficiency", "--seed", "1"], input=text)
    assert result.exit_code == 2
    assert result.stdout.splitlines() == ['{"type":"none"}'] * 3
    assert "majiang mjai: error: event 4: not JSON" in result.stderr


@pytest.mark.parametrize(("args", "match"), [
    (["--bot", "clever"], "unknown bot 'clever'"),
    (["7"], "the seat must be 0-3, not 7"),
    (["--option", "red_fives=2"], "red_fives must be 0, 3 or 4"),
])
def test_majiang_mjai_option_errors(args: list[str], match: str) -> None:
    result = runner.invoke(app, ["mjai", *args], input="")
    assert result.exit_code == 2 and match in result.stderr


# -- seats --------------------------------------------------------------------------------------------


def test_the_arena_refuses_mjai_seats_under_other_rules() -> None:
    result = runner.invoke(app, ["arena", "--seat", f"mjai:{sys.executable} bot.py", "--seat", "efficiency"])
    assert result.exit_code == 2
    assert "external mjai bots play riichi (--rules riichi), not mcr" in result.stderr


def test_mjai_seats() -> None:
    spec = parse_seat("mjai-batch: python bot.py")
    assert (spec.protocol, spec.argv, spec.external) == ("mjai-batch", ("python", "bot.py"), True)
    seat = make_seat("mjai:python bot.py")
    assert isinstance(seat, MjaiSeat) and seat.dialect == "mjai" and seat.name == "mjai:python bot.py"
    with pytest.raises(InvalidOptionError, match="mjai bots play riichi"):
        check_rules(find_ruleset("mcr"), "mjai")
    with pytest.raises(InvalidOptionError, match="Botzone bots play Chinese Official rules"):
        check_rules(RULES, "botzone")
    with pytest.raises(InvalidOptionError, match="mjai programs play riichi"):
        play_mjai(Game(seed=1), [seat, *(find_bot("random", s) for s in range(3))])
    assert seat.program is None  # (refused before any program started)

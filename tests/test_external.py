"""External Botzone bot programs in our seats: the protocol both modes, time limits, bad programs, cleanup,
whole hands and the arena with such seats. The bot programs are small Python scripts written here."""

from __future__ import annotations

import json
import os
import pickle
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.bots import Bot, find_bot, play_out
from majiang.cli import app
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game import Game
from majiang.game import events as ev
from majiang.game.ruleset import find_ruleset
from majiang.interop.botzone import from_code
from majiang.interop.botzone_table import ForfeitError, Reply, Transcript
from majiang.interop.external import (
    BotzoneProcess,
    BotzoneProcessBot,
    Seat,
    check_seat,
    make_seat,
    parse_seat,
    play_botzone,
    settle_protocol,
)
from majiang.records import check_record, write_record
from processes import gone, reaped

runner = CliRunner()
PYTHON = [sys.executable, "-I", "-S"]  # no site: a fresh interpreter per request starts fast
LIMIT = 60.0
"""A time limit no sound answer reaches, even from a fresh interpreter on a loaded machine: only the
tests of time-outs wait for a limit, which they lower just before the answer that must run out."""
SHORT = 0.5

# A legal, simple Botzone bot: it lets go of every tile it draws and passes on everything else. It writes
# each request it gets to the file in $LOG (one per line) when that is set.
TSUMOGIRI = """
import json, os, sys
LOG = os.environ.get("BZ_LOG")
def answer(request):
    if LOG:
        with open(LOG, "a") as f:
            f.write(request + "\\n")
    words = request.split()
    return "PLAY " + words[1] if words[0] == "2" else "PASS"
KEEP = "--keep" in sys.argv
SIMPLE = "--simple" in sys.argv
if SIMPLE:
    n = int(sys.stdin.readline())
    lines = [sys.stdin.readline().rstrip("\\n") for _ in range(2 * n - 1)]
    print(answer(lines[-1]), flush=True)
else:
    data = json.loads(sys.stdin.readline())
    print(json.dumps({"response": answer(data["requests"][-1])}), flush=True)
if KEEP:
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = line.rstrip("\\n") if SIMPLE else json.loads(line)
        out = answer(request)
        print(out if SIMPLE else json.dumps({"response": out}), flush=True)
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
"""

# Answers the number of requests and responses it was given, and the last request: the history it saw.
ECHO = """
import json, sys
if "--simple" in sys.argv:
    n = int(sys.stdin.readline())
    lines = [sys.stdin.readline().rstrip("\\n") for _ in range(2 * n - 1)]
    print(f"{n} {lines[-1]}|{'/'.join(lines[1::2])}", flush=True)
else:
    data = json.loads(sys.stdin.readline())
    text = f"{len(data['requests'])} {len(data['responses'])} {data['requests'][-1]} {data.get('data', '-')}"
    print(json.dumps({"response": text, "data": f"d{len(data['requests'])}"}), flush=True)
"""

# Misbehaves from its request number AFTER on: BEHAVIOUR is sleep (starting a child that sleeps too and
# writing the child's pid to PIDFILE), garbage, crash, silent, linger (answers but never exits), flood.
BAD = """
import json, subprocess, sys, time
kind, after, pidfile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = json.loads(sys.stdin.readline())
if len(data["requests"]) > after:
    if kind == "sleep":
        child = subprocess.Popen(["sleep", "300"])
        with open(pidfile, "w") as f:
            f.write(str(child.pid))
        time.sleep(300)
    if kind == "garbage":
        print("this is not JSON", flush=True)
        sys.exit(0)
    if kind == "crash":
        sys.exit(3)
    if kind == "silent":
        sys.exit(0)
    if kind == "flood":
        sys.stdout.write("x" * (2 << 20))
        sys.exit(0)
    if kind == "linger":
        print(json.dumps({"response": "PASS"}), flush=True)
        time.sleep(300)
    if kind == "claim":
        print(json.dumps({"response": "PENG W1 W2"}), flush=True)
        sys.exit(0)
words = data["requests"][-1].split()
print(json.dumps({"response": "PLAY " + words[1] if words[0] == "2" else "PASS"}), flush=True)
"""


@pytest.fixture()
def bots(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, text in (("tsumogiri", TSUMOGIRI), ("echo", ECHO), ("bad", BAD)):
        path = tmp_path / f"{name}.py"
        path.write_text(text)
        paths[name] = str(path)
    return paths


# -- seats ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "bot", "argv", "simple"), [
    ("fan-aware", "fan-aware", (), False),
    ("  random ", "random", (), False),
    ("python3 their_bot.py --fast", None, ("python3", "their_bot.py", "--fast"), False),
    ("simple: ./bot 'a b'", None, ("./bot", "a b"), True),
    ("json:random", None, ("random",), False),
])
def test_parse_seat(text: str, bot: str | None, argv: tuple[str, ...], simple: bool) -> None:
    spec = parse_seat(text)
    assert (spec.bot, spec.argv, spec.simple, spec.external) == (bot, argv, simple, bot is None)


@pytest.mark.parametrize(("text", "match"), [
    ("", "empty"),
    ("   ", "empty"),
    ("python 'unclosed", "not a command line"),
    ("simple:", "no command"),
    ("no-such-program-xyz --x", "unknown bot .* no program found"),
])
def test_bad_seats(text: str, match: str) -> None:
    with pytest.raises(InvalidOptionError, match=match):
        check_seat(text)


def test_our_bots_are_not_external() -> None:
    with pytest.raises(InvalidOptionError, match="one of our bots"):
        BotzoneProcessBot("efficiency")
    assert make_seat("random", 1).name == "random"


def test_an_external_program_is_not_a_bot(bots: dict[str, str]) -> None:
    # It answers Botzone requests, not views: no act(view), so nothing that takes a Bot can be given one.
    external = make_seat(f"{sys.executable} -I -S {bots['tsumogiri']}")
    assert isinstance(external, BotzoneProcessBot)
    assert not isinstance(external, Bot) and not hasattr(external, "act")
    assert isinstance(make_seat("efficiency", 1), Bot)
    seats = [find_bot("random", s) for s in range(3)]
    with pytest.raises(InvalidOptionError, match=r"seat 1: .* cannot act on a view, so it is not a bot"):
        play_out(Game(seed=1), [seats[0], external, seats[1], seats[2]])  # type: ignore[list-item]
    assert external.process.pids == []  # refused before any program was started


# -- the protocol -----------------------------------------------------------------------------------


def test_json_mode_gives_the_whole_history_to_a_fresh_process(bots: dict[str, str]) -> None:
    with BotzoneProcess([*PYTHON, bots["echo"]], time_limit=LIMIT) as process:
        answers = [process.ask(r) for r in ("0 1 0", "1 0 0 0 0 W1", "3 0 DRAW")]
        pids = list(process.pids)
    # Each request in a new process, with every request and the earlier responses, and the data saved.
    assert [a.response for a in answers] == ["1 0 0 1 0 -", "2 1 1 0 0 0 0 W1 d1", "3 2 3 0 DRAW d2"]
    assert all(a.verdict == "OK" for a in answers) and len(set(pids)) == 3
    assert all(reaped(pid) for pid in pids)


def test_simple_mode_history(bots: dict[str, str]) -> None:
    with BotzoneProcess([*PYTHON, bots["echo"], "--simple"], simple=True, time_limit=LIMIT) as process:
        first = process.ask("0 2 1")
        second = process.ask("3 0 DRAW")
    assert (first.response, second.response) == ("1 0 2 1|", f"2 3 0 DRAW|{first.response}")


@pytest.mark.parametrize("simple", [False, True])
def test_keep_running_uses_one_process(bots: dict[str, str], tmp_path: Path, simple: bool) -> None:
    log = tmp_path / "requests.txt"
    argv = [*PYTHON, bots["tsumogiri"], "--keep", *(["--simple"] if simple else [])]
    os.environ["BZ_LOG"] = str(log)
    try:
        with BotzoneProcess(argv, simple=simple, time_limit=LIMIT) as process:
            answers = [process.ask(r).response for r in ("0 1 0", "2 T3", "3 2 PLAY B4", "2 J1")]
            assert process.kept and len(process.pids) == 1
            pid = process.pids[0]
    finally:
        del os.environ["BZ_LOG"]
    assert answers == ["PASS", "PLAY T3", "PASS", "PLAY J1"]
    assert log.read_text().splitlines() == ["0 1 0", "2 T3", "3 2 PLAY B4", "2 J1"]
    assert reaped(pid)


# Prints its answer as indented JSON over several lines (as json.dumps(..., indent=2) does), in either mode.
INDENTED = """
import json, sys
def answer(request):
    words = request.split()
    return json.dumps({"response": "PLAY " + words[1] if words[0] == "2" else "PASS"}, indent=2)
data = json.loads(sys.stdin.readline())
print(answer(data["requests"][-1]), flush=True)
if "--keep" in sys.argv:
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    for line in sys.stdin:
        print(answer(json.loads(line)), flush=True)
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
"""


@pytest.mark.parametrize("keep", [False, True])
def test_an_answer_spread_over_lines_is_read_whole(tmp_path: Path, keep: bool) -> None:
    """Botzone reads a JSON answer from all the program printed; it was once read from its first line
    (``{``) and judged not JSON."""
    program = tmp_path / "indented.py"
    program.write_text(INDENTED)
    with BotzoneProcess([*PYTHON, str(program), *(["--keep"] if keep else [])], time_limit=LIMIT) as process:
        answers = [process.ask(r) for r in ("0 1 0", "2 T3", "2 J1")]
        assert process.kept == keep
    assert answers == [Reply("OK", "PASS"), Reply("OK", "PLAY T3"), Reply("OK", "PLAY J1")]


@pytest.mark.parametrize(("kind", "verdict"), [
    ("sleep", "TLE"),
    ("garbage", "NJ"),
    ("crash", "RE"),
    ("silent", "NJ"),
    ("linger", "TLE"),
    ("flood", "OLE"),
])
def test_failed_runs(bots: dict[str, str], tmp_path: Path, kind: str, verdict: str) -> None:
    pidfile = tmp_path / "child.pid"
    with BotzoneProcess([*PYTHON, bots["bad"], kind, "1", str(pidfile)], time_limit=LIMIT) as process:
        assert process.ask("0 0 0") == Reply("OK", "PASS")
        process.time_limit = SHORT
        failed = process.ask("1 0 0 0 0 W1")
        assert failed.verdict == verdict
        assert process.proc is None  # the failed run is over; the next request starts afresh
        pids = list(process.pids)
    assert all(reaped(pid) for pid in pids)
    if kind == "sleep":
        # The program's own child was killed with it (its process group).
        child = int(pidfile.read_text())
        for _ in range(1000):  # SIGKILL is delivered asynchronously: wait for it (at most 10 s)
            if gone(child):
                break
            time.sleep(0.01)
        assert gone(child)


def test_bad_command_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(MajiangError, match="cannot run"), \
            BotzoneProcess([str(tmp_path / "nothing-here")]) as process:
        process.ask("0 0 0")


# -- whole hands ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("simple", [False, True])
def test_a_hand_with_a_long_running_bot_hears_every_request(bots: dict[str, str], tmp_path: Path,
                                                            simple: bool) -> None:
    log = tmp_path / "requests.txt"
    game = Game(seed=5, dealer=1)
    transcript_game = Game(seed=5, dealer=1)
    command = f"{sys.executable} -I -S {bots['tsumogiri']} --keep"
    seat = f"simple: {command} --simple" if simple else command
    seats = [find_bot("fan-aware", 1), make_seat(seat, time_limit=LIMIT), find_bot("efficiency", 2),
             find_bot("fan-aware", 3)]
    os.environ["BZ_LOG"] = str(log)
    try:
        transcript = play_botzone(game, seats)
    finally:
        del os.environ["BZ_LOG"]
    assert game.result is not None and transcript_game is not game
    heard = log.read_text().splitlines()
    # Every judge turn's request for seat 1, in order; Botzone's seat 0 is the dealer.
    assert heard == [turn.requests[1] for turn in transcript.turns][:len(heard)]
    assert len(heard) >= len(transcript.turns) - 1 and heard[0] == "0 0 0"
    # It only ever let go of its draws (the dealer's first is its 14th tile).
    draws = [from_code(turn.tile) for turn in transcript.turns if turn.action == "DRAW" and turn.seat == 1
             and turn.tile is not None]
    discards = [e.tile for e in game.events if isinstance(e, ev.Discard) and e.seat == 1]
    assert discards == draws[:len(discards)] and discards
    process = seats[1]
    assert isinstance(process, BotzoneProcessBot) and len(process.process.pids) == 1
    assert reaped(process.process.pids[0])
    path = tmp_path / "hand.jsonl"
    write_record(path, [game], ["a", "b", "c", "d"])
    assert check_record(path).ok


def test_a_hand_in_json_mode_starts_a_process_per_request(bots: dict[str, str]) -> None:
    # (It plays 24 requests, a process each, then stops answering: a whole hand would take 100 processes.)
    game = Game(find_ruleset("mcr", ["false_win=penalty"]), seed=11)
    seats = [make_seat(f"{sys.executable} -I -S {bots['bad']} crash 24 x", time_limit=LIMIT),
             find_bot("efficiency", 1),
             find_bot("efficiency", 2), find_bot("efficiency", 3)]
    transcript = play_botzone(game, seats)
    process = seats[0]
    assert isinstance(process, BotzoneProcessBot)
    forfeit = game.events[-2]
    assert isinstance(forfeit, ev.Forfeit) and (forfeit.seat, forfeit.reason, forfeit.turn) == (0, "RE", 24)
    # One process per request, each given the whole history (the crash is on the 25th), all reaped.
    assert len(process.process.pids) == len(set(process.process.pids)) == 25
    assert process.process.requests == [turn.requests[0] for turn in transcript.turns[:25]]
    assert all(reaped(pid) for pid in process.process.pids)


@pytest.mark.parametrize(("kind", "reason"), [("sleep", "TLE"), ("garbage", "NJ"), ("crash", "RE"),
                                              ("claim", "WA")])
def test_a_failing_bot_forfeits(bots: dict[str, str], tmp_path: Path, kind: str, reason: str,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    rules = find_ruleset("mcr", ["false_win=penalty"])
    game = Game(rules, seed=3)
    command = f"{sys.executable} -I -S {bots['bad']} {kind} 6 {tmp_path / 'child.pid'}"
    bad = make_seat(command, time_limit=LIMIT)
    assert isinstance(bad, BotzoneProcessBot)
    answer = bad.answer

    def shorter_at_the_sleep(request: str) -> Reply:
        if len(bad.process.requests) == 6:
            bad.process.time_limit = SHORT
        return answer(request)

    monkeypatch.setattr(bad, "answer", shorter_at_the_sleep)
    seats: list[Seat] = [find_bot("fan-aware", 1), bad, find_bot("efficiency", 2), find_bot("fan-aware", 3)]
    transcript = play_botzone(game, seats)
    forfeit = game.events[-2]
    assert isinstance(forfeit, ev.Forfeit)
    assert (forfeit.seat, forfeit.reason, forfeit.turn, forfeit.deltas) == (1, reason, 6, [10, -30, 10, 10])
    assert game.result is not None and game.result.deltas == (10, -30, 10, 10) and not game.result.winners
    assert transcript.forfeit == forfeit
    if kind in ("garbage", "claim"):
        assert forfeit.response == ("this is not JSON" if kind == "garbage" else "PENG W1 W2")
    assert isinstance(bad, BotzoneProcessBot) and all(reaped(pid) for pid in bad.process.pids)
    # The record holds the forfeit and replays.
    path = tmp_path / "hand.jsonl"
    write_record(path, [game], ["a", "b", "c", "d"])
    assert check_record(path).ok
    lines = path.read_text().splitlines()
    line = next(i for i, text in enumerate(lines) if '"e":"forfeit"' in text)
    edited = json.loads(lines[line])
    edited["seat"] = 2
    lines[line] = json.dumps(edited, separators=(",", ":"), sort_keys=True)
    path.write_text("\n".join(lines) + "\n")
    report = check_record(path)
    assert not report.ok and report.line == line + 1 and "differs" in (report.reason or "")


def test_under_rules_without_forfeits_it_is_an_error(bots: dict[str, str], tmp_path: Path) -> None:
    seats = [find_bot("fan-aware", 1), find_bot("efficiency", 2),
             make_seat(f"{sys.executable} -I -S {bots['bad']} garbage 4 x", time_limit=LIMIT),
             find_bot("fan-aware", 3)]
    match = r"seat 2 forfeits at judge turn 4 .*NJ.* mcr rules charge no"
    with pytest.raises(ForfeitError, match=match) as err:
        play_botzone(Game(seed=3), seats)
    assert err.value.seat == 2 and err.value.response == "this is not JSON"
    bad = seats[2]
    assert isinstance(bad, BotzoneProcessBot) and all(reaped(pid) for pid in bad.process.pids)


def test_the_transcript_needs_a_fresh_game() -> None:
    game = Game(seed=1)
    game.apply(0, game.legal_actions(0)[0])
    with pytest.raises(Exception, match="before the hand's first action"):
        Transcript(game)


# -- the arena --------------------------------------------------------------------------------------------


def test_arena_with_an_external_seat(bots: dict[str, str], tmp_path: Path) -> None:
    records = tmp_path / "arena.jsonl"
    seat = f"{sys.executable} -I -S {bots['tsumogiri']} --keep"
    result = runner.invoke(app, ["arena", "--seat", seat, "--seat", "efficiency", "--time-limit", "60",
                                 "--deals", "1", "--workers",
                                 "1", "--json", "--records", str(records), "--rules", "mcr"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == [seat, "efficiency"] and data["hands"] == 6
    assert [r["forfeits"] for r in data["results"]] == [0, 0]
    assert data["results"][0]["win_rate"] == 0.0  # it never declares a win
    assert check_record(records).ok


def test_arena_charges_forfeits_under_penalty_rules(bots: dict[str, str], tmp_path: Path) -> None:
    seat = f"{sys.executable} -I -S {bots['bad']} crash 1 x"
    result = runner.invoke(app, ["arena", "--seat", seat, "--seat", "random", "--time-limit", "60",
                                 "--deals", "1", "--workers",
                                 "1", "--json", "--rules", "mcr", "--option", "false_win=penalty"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # Two copies in each of six seatings: every hand is forfeited by the first of them to be asked.
    assert data["results"][0]["forfeits"] == 6 and data["results"][1]["forfeits"] == 0
    # Each hand: -30 for the copy that forfeits, +10 for the other: A's mean per seat-hand is -10.
    assert data["results"][0]["mean"] == -10.0 and data["results"][1]["mean"] == 10.0


@pytest.mark.parametrize(("args", "match"), [
    (["--seat", "random"], "given twice"),
    (["--seat", "random", "--seat", "random"], "two different"),
    (["--seat", "random", "--seat", "efficiency", "--bots", "random,efficiency"], "not both"),
    (["--seat", "python3 bot.py", "--seat", "random", "--rules", "sichuan"], "Chinese Official rules"),
    (["--seat", "nowhere-bot-xyz", "--seat", "random"], "no program found"),
    (["--seat", "random", "--seat", "efficiency", "--time-limit", "0"], "--time-limit"),
    (["--seat", "random", "--seat", "efficiency", "--time-limit", "soon"], "--time-limit"),
])
def test_arena_seat_errors(args: list[str], match: str) -> None:
    result = runner.invoke(app, ["arena", *args, "--deals", "1"])
    assert result.exit_code == 2 and match in result.stderr


def test_forfeit_errors_cross_processes() -> None:
    err = ForfeitError(2, "TLE", 7, "3 1 DRAW", None, "mcr")
    again = pickle.loads(pickle.dumps(err))
    assert (again.seat, again.reason, again.turn, str(again)) == (2, "TLE", 7, str(err))


# -- a program not told how to speak ----------------------------------------------------------------------


def test_a_simple_program_without_its_prefix_is_found_to_be_one(bots: dict[str, str]) -> None:
    """Given bare, a program that reads only Botzone's simple lines is tried in JSON (it crashes on it),
    then in simple lines, and plays as ``simple:COMMAND`` without a forfeit (it once forfeited every hand,
    spoken to in JSON)."""
    # (long-running, --keep: a fresh process per request would cost half a minute for the six hands)
    seat = f"{sys.executable} -I -S {bots['tsumogiri']} --simple --keep"
    assert settle_protocol(parse_seat(seat)).simple
    assert not settle_protocol(parse_seat(f"{sys.executable} -I -S {bots['tsumogiri']}")).simple
    result = runner.invoke(app, ["arena", "--seat", seat, "--seat", "efficiency", "--time-limit", "60",
                                 "--deals", "1", "--workers", "1", "--json", "--rules", "botzone"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == [f"simple:{seat}", "efficiency"]
    assert [r["forfeits"] for r in data["results"]] == [0, 0]


def test_a_program_that_reads_neither_is_refused(bots: dict[str, str]) -> None:
    seat = f"{sys.executable} -I -S {bots['bad']} garbage -1 x"
    result = runner.invoke(app, ["arena", "--seat", seat, "--seat", "random", "--deals", "1"])
    assert result.exit_code == 2
    message = " ".join(result.stderr.split())
    assert "cannot tell how to speak to the program" in message
    assert "as JSON it printed 'this is not JSON'" in message and "'json:' or 'simple:'" in message
    # Told how to speak, it is not tried: it plays, and forfeits.
    told = runner.invoke(app, ["arena", "--seat", f"json:{seat}", "--seat", "random", "--deals", "1",
                               "--workers", "1", "--json", "--rules", "botzone"])
    assert told.exit_code == 0, told.output
    assert json.loads(told.stdout)["results"][0]["forfeit_reasons"] == {"NJ": 6}


def test_a_file_that_does_not_run_on_its_own_is_refused(tmp_path: Path) -> None:
    bot = tmp_path / "bot.zip"
    bot.write_bytes(b"PK")
    with pytest.raises(InvalidOptionError, match=r"not a program that runs on its own: give its interpreter"):
        check_seat(str(bot))


def test_the_arena_shows_why_a_seat_forfeited(bots: dict[str, str]) -> None:
    seat = f"{sys.executable} -I -S {bots['bad']} crash 1 x"
    result = runner.invoke(app, ["arena", "--seat", seat, "--seat", "random", "--time-limit", "60",
                                 "--deals", "1", "--workers", "1", "--rules", "botzone"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert f"Forfeited hands (a failed or illegal answer): {seat} 6 (RE 6: the program exited or crashed " \
           "without an answer)." in text

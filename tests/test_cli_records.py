"""``majiang replay``: the readable replay, ``--json``, ``--check`` verdicts and error paths."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from majiang.cli import app
from majiang.notation import format_tiles
from majiang.records import HandReplay, replay, write_lines_atomically
from test_records import PLAYERS, dump, index_of, kind, lively_match

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "lively.jsonl"
    write_lines_atomically(path, lively_match()[1])
    return path


@pytest.fixture(scope="module")
def hands(record: Path) -> list[HandReplay]:
    return list(replay(record))


def run(*args: str) -> Result:
    return runner.invoke(app, ["replay", *args], env=WIDE)


def tampered(record: Path, tmp_path: Path, line: int) -> Path:
    """A copy of the record with the deltas of ``line`` (1-based) doubled."""
    lines = record.read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[line - 1])
    obj["deltas"] = [2 * d + 1 for d in obj["deltas"]]
    lines[line - 1] = dump(obj)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_readable_replay(record: Path, hands: list[HandReplay]) -> None:
    result = run(str(record))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith(f"Players: {', '.join(PLAYERS)}\n")
    for hand in hands:
        dealer = hand.players[hand.dealer]
        wind = hand.round_wind
        assert f"Hand {hand.number}  round {wind.notation()} {wind.zh}  dealer {dealer}  " \
               f"dice {hand.dice[0]}+{hand.dice[1]}" in out
        tiles = format_tiles(hand.start_tiles[hand.dealer])
        assert re.search(rf"│ E +│ {re.escape(dealer)} +│ {re.escape(tiles)} +│", out)
        assert f"Play ({hand.actions} actions): " in out
    results = [line for line in out.splitlines() if line.startswith("Result: ")]
    assert len(results) == sum(max(1, len(hand.winners)) for hand in hands)
    won = next(hand for hand in hands if hand.winners and hand.payer is not None)
    score = won.result.scores[0]
    winner, payer = won.players[won.winners[0]], won.players[won.payer or 0]
    assert f"Result: {winner} ({won.seat_wind(won.winners[0]).notation()}) wins on {payer}'s discard: " \
           f"{score.total} fans" in out
    assert "Penalty: 错和 false win by " in out
    assert f"After {len(hands)} hands" in out
    last = hands[-1]
    leader = max(range(4), key=lambda p: (last.totals[p], -p))
    assert f"│ {last.players[leader]}" in out.split("After")[-1].splitlines()[4]


def test_json_replay(record: Path, hands: list[HandReplay]) -> None:
    result = run(str(record), "--json")
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["hand"] for a in answers] == [h.number for h in hands]
    for answer, hand in zip(answers, hands, strict=True):
        names = hand.players
        assert answer["deltas"] == {names[p]: hand.deltas[p] for p in range(4)}
        assert answer["totals"] == {names[p]: hand.totals[p] for p in range(4)}
        assert answer["winners"] == [names[p] for p in hand.winners]
        assert answer["dealer"] == names[hand.dealer]
        assert answer["seats"][names[hand.dealer]] == "E"
        assert answer["actions"] == hand.actions
        discards = sum(1 for e in hand.events if e["e"] == "discard")
        assert sum(1 for word in answer["play"] if ":" in word) == discards
        penalties = sum(1 for e in hand.events if e["e"] == "false-win")
        assert len(answer["penalties"]) == penalties
        assert [f["total"] for f in answer["fans"]] == [s.total for s in hand.result.scores]


def test_check_ok(record: Path, hands: list[HandReplay]) -> None:
    actions = sum(hand.actions for hand in hands)
    result = run("--check", str(record))
    assert (result.exit_code, result.stdout) == (0, f"ok: 8 hands, {actions} actions\n")
    assert all(line.startswith("majiang replay: ") for line in result.stderr.splitlines())  # progress only
    result = run("--check", "--json", str(record))
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"ok": True, "hands": 8, "actions": actions, "unseeded": 0}


def test_check_reports_the_first_failure(record: Path, tmp_path: Path) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    line = index_of(lines, kind("summary", 3)) + 1
    path = tampered(record, tmp_path, line)
    result = run("--check", str(path))
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith(f"failed: line {line}: hand 3: the summary differs from the "
                                    "re-simulation")
    assert len(result.stdout.splitlines()) == 1
    result = run("--check", "--json", str(path))
    assert result.exit_code == 1
    verdict = json.loads(result.stdout)
    assert (verdict["ok"], verdict["line"], verdict["hands"]) == (False, line, 2)
    assert verdict["error"].startswith("hand 3: the summary differs")


def test_replay_of_a_bad_record_is_refused(record: Path, tmp_path: Path) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    line = index_of(lines, kind("summary", 2)) + 1
    path = tampered(record, tmp_path, line)
    result = run(str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"majiang replay: error: {path}: line {line}: hand 2: the summary "
                                    "differs")
    assert len(result.stderr.splitlines()) == 1
    result = run(str(path), "--json")
    assert result.exit_code == 2
    assert f"line {line}: hand 2" in json.loads(result.stdout)["error"]


def test_unreadable_files(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.jsonl")
    for args in ([missing], ["--check", missing]):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr.startswith(f"majiang replay: error: cannot read {missing}: No such file")
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n", encoding="utf-8")
    result = run("--check", str(junk))
    assert result.exit_code == 1
    assert result.stdout == "failed: line 1: invalid JSON at column 1: Expecting value (a damaged or " \
                            "truncated line?)\n"
    result = run(str(junk))
    assert result.exit_code == 2
    assert "line 1: invalid JSON" in result.stderr


def test_commands_are_listed() -> None:
    result = runner.invoke(app, ["--help"], env=WIDE)
    assert result.exit_code == 0
    assert "replay" in result.stdout and "sheet" in result.stdout and "rules" in result.stdout
    result = runner.invoke(app, ["sheet", "--help"], env=WIDE)
    assert result.exit_code == 0
    for command in ("new", "win", "draw", "penalty", "undo", "show"):
        assert command in result.stdout


def test_check_shows_progress_on_stderr_unless_quiet(record: Path, hands: list[HandReplay]) -> None:
    n = len(hands)
    plain = runner.invoke(app, ["replay", "--check", str(record)])
    assert plain.exit_code == 0
    # Without a terminal, progress comes as plain lines on stderr, the last one at the end of the check.
    assert plain.stderr.splitlines()[-1].startswith(f"majiang replay: {n} of {n} hands (100%)")
    quiet = runner.invoke(app, ["replay", "--check", "--quiet", str(record)])
    as_json = runner.invoke(app, ["replay", "--check", "--json", str(record)])
    assert quiet.exit_code == as_json.exit_code == 0
    assert quiet.stderr == as_json.stderr == ""
    assert quiet.stdout == plain.stdout


def test_check_record_reports_each_hand_to_its_progress(record: Path, hands: list[HandReplay]) -> None:
    from majiang.records import check_record

    seen: list[tuple[int, int]] = []
    report = check_record(record, progress=lambda done, total: seen.append((done, total)))
    assert report.ok
    assert [done for done, _ in seen] == list(range(1, len(hands) + 1))
    assert all(total >= done for done, total in seen)

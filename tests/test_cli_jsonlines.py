"""Batch lines (``majiang fan --json -``, ``majiang shanten --json -``) against hostile JSON, and the
progress lines of long commands."""

from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from majiang.cli import app
from majiang.cli.progress import ProgressReport, clock

runner = CliRunner()

HOSTILE: list[tuple[bytes, str]] = [
    (b'{"hand": NaN}', "NaN is not JSON"),
    (b'{"hand": "123m456p789s1122z", "flowers": Infinity}', "Infinity is not JSON"),
    (b'{"hand": "123m456p789s1122z", "flowers": -Infinity}', "-Infinity is not JSON"),
    (b'{"hand": "123m456p789s1122z", "flowers": 1e400}', "1e400 is out of range"),
    (b"[" * 50_000, "nested more than 64 levels deep"),
    (b'{"hand":' * 1000 + b"1" + b"}" * 1000, "nested more than 64 levels deep"),
    (b'{"hand": "1m", "hand": "2m"}', "duplicate key 'hand'"),
    (b"\xff\xfe\x00junk", "not UTF-8"),
    (b'{"hand": ' + b"9" * 5000 + b"}", "a number of 5000 digits is too long"),
]


@pytest.mark.parametrize("command", ["fan", "shanten"])
def test_batch_lines_answer_hostile_json_clearly(command: str) -> None:
    good = b'{"hand": "123m456p789s1122z"}' if command == "shanten" else b'{"hand": "19m19p19sESWNPFCC"}'
    source = b"\n".join([good, *(line for line, _ in HOSTILE), good]) + b"\n"
    result = runner.invoke(app, [command, "--json", "-"], input=source)
    assert result.exit_code == 1, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(HOSTILE) + 2
    assert "error" not in answers[0] and "error" not in answers[-1]
    for number, (answer, (_, fragment)) in enumerate(zip(answers[1:-1], HOSTILE, strict=True), 2):
        assert answer["error"].startswith(f"line {number}: "), answer
        assert fragment in answer["error"] and "internal error" not in answer["error"], answer


def test_clock() -> None:
    assert [clock(s) for s in (0, 59.4, 61, 3600, 86399)] == ["0:00", "0:59", "1:01", "1:00:00", "23:59:59"]


def test_progress_lines_give_the_time_left_at_this_run_s_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    report = ProgressReport("majiang simulate", "hands", 1000, start=400)
    with report:
        now[0] = 130.0  # 30 s for 100 fresh hands: 500 left take 150 s (the 400 resumed ones were free)
        assert report.line(500) == "majiang simulate: 500 of 1,000 hands (50%), 0:30 elapsed, about 2:30 left"
        assert report.line(1000) == "majiang simulate: 1,000 of 1,000 hands (100%), 0:30 elapsed"
        assert report.line(400) == "majiang simulate: 400 of 1,000 hands (40%), 0:30 elapsed"  # no rate yet


def test_progress_prints_a_line_every_interval_and_at_the_end(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    now = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    with ProgressReport("majiang arena", "deals", 10, every=10.0) as report:
        report(0, 10)  # the commands' first report: nothing resumed
        for done in range(1, 11):
            now[0] += 3.0
            report(done, 10)
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["majiang arena: 4 of 10 deals (40%), 0:12 elapsed, about 0:18 left",
                     "majiang arena: 8 of 10 deals (80%), 0:24 elapsed, about 0:06 left",
                     "majiang arena: 10 of 10 deals (100%), 0:30 elapsed"]
    with ProgressReport("majiang arena", "deals", 10, quiet=True) as quiet:
        quiet(0, 10)
        quiet(10, 10)
    assert capsys.readouterr().err == "" and quiet.done == 10
    # A resumed run: its first report is the work already done, not this run's speed.
    now[0] = 0.0
    with ProgressReport("majiang simulate", "hands", 100, every=1.0) as resumed:
        resumed(60, 100)
        now[0] = 10.0
        resumed(70, 100)
    expected = "majiang simulate: 70 of 100 hands (70%), 0:10 elapsed, about 0:30 left\n"
    assert capsys.readouterr().err == expected

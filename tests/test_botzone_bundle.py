"""The zip Botzone takes (``majiang botzone-bundle``) run by plain ``python`` with nothing else on its path:
its contents, its answers to the judge's request histories (each legal), a whole game under our Botzone
judge with the zip in every seat, and the lean entry point (``python -m majiang.botzone``) importing no
command-line framework. Request times are printed, never asserted (benchmarks/botzone_start.py measures
them)."""

from __future__ import annotations

import gzip
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from majiang.actions import Action
from majiang.cli import app
from majiang.game import Game
from majiang.game.ruleset import find_ruleset
from majiang.game.table import View
from majiang.interop.botzone import replay, response_actions
from majiang.interop.botzone_bundle import LEFT_OUT, build_bundle
from majiang.interop.botzone_table import Reply
from majiang.interop.external import BotzoneProcessBot, play_botzone

runner = CliRunner()
PYTHON = [sys.executable, "-I", "-S"]
"""Plain Python: no site-packages, no PYTHONPATH, nothing of majiang but what the zip holds."""
LOGS = Path(__file__).resolve().parent / "data" / "botzone" / "judge-logs.jsonl.gz"
SRC = Path(__file__).resolve().parent.parent / "src"


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bundle") / "bot.zip"
    result = runner.invoke(app, ["botzone-bundle", "-o", str(path), "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert f"wrote {path}" in result.stdout
    return path


def run_zip(zip_path: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PYTHON, str(zip_path), *args], input=text, capture_output=True, text=True,
                          timeout=120, cwd=zip_path.parent, check=False)


def seat_histories(log: dict[str, Any], seat: int) -> tuple[list[str], list[str]]:
    """The requests the judge sent ``seat`` and the seat's responses, from a judge log."""
    requests: list[str] = []
    responses: list[str] = []
    entries = log["log"]
    for i in range(0, len(entries) - 1, 2):
        output = entries[i]["output"]
        if output["command"] != "request":
            break
        requests.append(output["content"][str(seat)])
        responses.append(entries[i + 1][str(seat)]["response"])
    return requests, responses


def check_legal(requests: list[str], responses: list[str], answer: str) -> None:
    """``answer`` to the last request is legal: the adapter, fed the same history, accepts the actions it
    stands for (a BotzoneError if they are not among the legal ones) and writes them as ``answer``."""
    seat = replay(requests, responses[:len(requests) - 1])
    planned: list[Action] = []

    def choose(view: View) -> Action:
        if not planned:
            planned.extend(response_actions(answer, view.phase))
        return planned.pop(0)

    assert seat.answer(requests[-1], choose) == answer


def test_the_zip_holds_the_package_and_its_data(bundle: Path) -> None:
    with zipfile.ZipFile(bundle) as zf:
        names = set(zf.namelist())
        main = zf.read("__main__.py").decode()
    assert {"__main__.py", "__main__.pyc", "majiang/botzone.py", "majiang/botzone.pyc",
            "majiang/data/suits.bin.xz", "majiang/data/decompositions.bin"} <= names
    # No command line, terminal or web app, environments or simulators.
    assert not [n for n in names if n.count("/") > 1 and n.split("/")[1] in LEFT_OUT]
    assert "from majiang.botzone import main" in main and "'--seed', '1'" in main


def test_the_zip_is_the_same_for_the_same_options(bundle: Path, tmp_path: Path) -> None:
    again = build_bundle(tmp_path / "again.zip", ["--bot", "fan-aware", "--seed", "1", "--walls", "per-seat"])
    assert again.path.read_bytes() == bundle.read_bytes()


def test_the_zip_runs_with_plain_python(bundle: Path) -> None:
    done = run_zip(bundle, '{"requests": ["0 1 0"], "responses": []}\n')
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"response": "PASS"}
    # Options after the zip's name are read too; bad input is the entry point's error exit.
    done = run_zip(bundle, "1\n0 1 0\n", "--simple")
    assert (done.returncode, done.stdout) == (0, "PASS\n")
    done = run_zip(bundle, '{"requests": []}\n')
    assert done.returncode == 2 and '"requests" is empty' in done.stderr


def test_the_zip_answers_judge_histories_legally(bundle: Path) -> None:
    """At each of a sample of decisions in the judge's logs (own draws, others' discards; the first
    decision needs the suit table, which a zip once could not open), the zip's answer is legal."""
    with gzip.open(LOGS, "rt", encoding="utf-8") as f:
        logs = [json.loads(line) for line in f]
    checked: dict[str, int] = {}
    for k, log in enumerate(logs[:4] + logs[-1:]):  # wins, kongs, a drawn hand, flowers
        seat = k % 4
        requests, responses = seat_histories(log, seat)
        decisions = [i for i, r in enumerate(requests) if r.startswith("2 ")
                     or (r.split()[2:3] == ["PLAY"] and r.split()[1] != str(seat))]
        for i in decisions[::max(1, len(decisions) // 3)][:3]:
            history = {"requests": requests[:i + 1], "responses": responses[:i]}
            done = run_zip(bundle, json.dumps(history) + "\n")
            assert done.returncode == 0, done.stderr
            answer = json.loads(done.stdout)["response"]
            check_legal(requests[:i + 1], responses, answer)
            word = answer.split()[0]
            checked[word] = checked.get(word, 0) + 1
    assert checked.get("PLAY", 0) > 0 and checked.get("PASS", 0) > 0, checked


class TimedProgram(BotzoneProcessBot):
    """An external seat whose answers are timed."""

    times: ClassVar[list[float]] = []

    def answer(self, request: str) -> Reply:
        start = time.perf_counter()
        reply = super().answer(request)
        self.times.append(time.perf_counter() - start)
        return reply


def _whole_game(bundle: Path, *args: str) -> list[float]:
    """A hand of the ``botzone`` rules with the zip in every seat: no forfeit; each answer's time."""
    TimedProgram.times = []
    command = shlex.join([*PYTHON, str(bundle), *args])
    game = Game(find_ruleset("botzone"), seed=11)
    play_botzone(game, [TimedProgram(command, time_limit=60) for _ in range(4)])
    assert game.result is not None
    assert not [e for e in game.events if e.kind == "forfeit"], game.events[-2:]
    return list(TimedProgram.times)


def _report(what: str, times: list[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    print(f"\n{what}: {len(times)} requests, median {statistics.median(times):.3f} s, p99 {p99:.3f} s, "
          f"max {ordered[-1]:.3f} s, over 1 s: {sum(t > 1 for t in times)}")


def test_a_whole_game_with_the_zip_in_every_seat(bundle: Path) -> None:
    """Under our Botzone judge (majiang.interop.botzone_table), four copies of the zip in long-running
    mode play a hand to its end without a penalty."""
    times = _whole_game(bundle, "--keep-running")
    _report("the zip, long-running", times)


@pytest.mark.soak
def test_a_whole_game_with_a_fresh_zip_process_per_request(bundle: Path) -> None:
    """The same hand with a fresh process per request (Botzone's default mode): no penalty, and the
    times printed (no request should take over a second, as on Botzone)."""
    times = _whole_game(bundle)
    _report("the zip, a process per request", times)


def test_the_lean_entry_point_imports_no_framework_nor_other_rules() -> None:
    history = json.dumps({"requests": ["0 0 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1", "2 J2"],
                          "responses": ["PASS", "PASS"]})
    code = ("import io, sys; sys.stdin = io.StringIO(sys.argv[1] + '\\n'); from majiang.botzone import main; "
            "main([]); print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'rich', 'click', "
            "'numpy', 'subprocess'})); print(sorted(m for m in sys.modules if m.startswith('majiang.rules.')"
            " and m.count('.') == 2))")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-c", code, history], capture_output=True, text=True, env=env,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answer, frameworks, rules = done.stdout.splitlines()
    assert json.loads(answer)["response"].split()[0] in ("PLAY", "HU")
    assert (frameworks, rules) == ("[]", "['majiang.rules.bounds', 'majiang.rules.mcr']")

"""Really interrupted runs: ``majiang simulate`` killed (SIGKILL) or stopped (SIGINT) mid-run leaves no
FILE and a FILE.partial whose every whole hand checks; ``--resume`` then gives the bytes of an
uninterrupted run."""

from __future__ import annotations

import gzip
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from majiang.records import check_record, partial_path
from majiang.sim.simulate import simulate

GAMES = 80
"""Random bots play a few hundred hands a second; the run is let on in slices, so the signal lands mid-run."""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _command(directory: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "majiang.cli", "simulate", "--games", str(GAMES), "--bots", "random",
            "--workers", "1", "--seed", "8", "--records", str(directory / "r.jsonl.gz"), "--summaries",
            str(directory / "s.jsonl"), "--fans", "0", *extra]


def _summary_lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _default_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(directory: Path, sig: signal.Signals) -> subprocess.CompletedProcess[str]:
    """Start a run, let it play in short slices until some hands are written, send ``sig``, and wait for
    the process to end."""
    # A run that is merely watched can finish all its hands between two looks on a loaded machine. So it
    # runs only in slices of 10 ms (SIGCONT ... SIGSTOP), a hand or two each, and is looked at stopped.
    # (SIGINT back to its default in the run: a shell starts a background job with it ignored, which
    # Python would keep, so a `make test &` saw the run finish and exit 0)
    process = subprocess.Popen(_command(directory), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_default_interrupt)
    deadline = time.monotonic() + 120
    os.kill(process.pid, signal.SIGSTOP)
    while _summary_lines(partial_path(directory / "s.jsonl")) < 12:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the run wrote nothing"
        os.kill(process.pid, signal.SIGCONT)
        time.sleep(0.01)
        os.kill(process.pid, signal.SIGSTOP)
    process.send_signal(sig)
    if sig != signal.SIGKILL:
        os.kill(process.pid, signal.SIGCONT)  # a stopped process acts on SIGINT once it runs
    out, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("whole")
    simulate(GAMES, ["random"], workers=1, seed=8, out=directory / "s.jsonl",
             records=directory / "r.jsonl.gz")
    return directory


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "SIGINT"])
def test_an_interrupted_run_keeps_every_finished_hand_and_resumes(tmp_path: Path, reference: Path,
                                                                  sig: signal.Signals) -> None:
    done = _interrupt(tmp_path, sig)
    if sig == signal.SIGKILL:
        assert done.returncode == -signal.SIGKILL
    else:
        assert done.returncode == 130, done.stderr
        assert "interrupted after" in done.stderr and "--resume" in done.stderr
        assert "Traceback" not in done.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["r.jsonl.gz.partial", "s.jsonl.partial"], names  # no FILE, nothing hidden
    # What is left: every whole hand checks; the check stops only where the run stopped.
    report = check_record(partial_path(tmp_path / "r.jsonl.gz"))
    assert not report.ok and report.hands >= 12, str(report)
    assert "final line" in (report.reason or "") or "compressed data" in (report.reason or ""), str(report)
    records = gzip.decompress(partial_path(tmp_path / "r.jsonl.gz").read_bytes()) \
        if sig == signal.SIGINT else None
    if records is not None:  # stopped cleanly: whole hands only, each gzip member complete
        whole = gzip.decompress((reference / "r.jsonl.gz").read_bytes())
        assert whole.startswith(records) and records.endswith(b"\n")
    env = {**os.environ, "COLUMNS": "200"}
    resumed = subprocess.run(_command(tmp_path, "--resume", "--quiet"), capture_output=True, text=True,
                             env=env, timeout=300, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert (tmp_path / "r.jsonl.gz").read_bytes() == (reference / "r.jsonl.gz").read_bytes()
    assert (tmp_path / "s.jsonl").read_bytes() == (reference / "s.jsonl").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl.gz", "s.jsonl"]
    assert check_record(tmp_path / "r.jsonl.gz").ok

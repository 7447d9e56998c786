"""Botzone's default mode: a fresh process per request. How long one takes to answer, from its start to
its exit, for recorded requests.

Run: ``.venv/bin/python benchmarks/botzone_start.py [--requests 60] [--ways zip,module,cli]``.

The requests are decisions of the judge's logs in tests/data/botzone (a seat's own draws and the other
seats' discards, with the whole history before them, as Botzone sends them), cycled. Each is answered
by a new process, in each way:

* ``zip``: the zip ``majiang botzone-bundle`` writes (built here, in a temporary folder), run as
  ``python -I -S bot.zip``, as Botzone runs an uploaded zip: nothing else on its path;
* ``module``: ``python -m majiang.botzone``, the lean entry point, from this source tree;
* ``cli``: ``python -m majiang.cli botzone``, the command line (Typer and Rich imported).

Printed for each way: the median and the 99th percentile of the wall time, and the median CPU time of
the child (user + system, from ``os.wait4``: on a shared machine the wall clock also holds the time other
processes took, which the CPU time does not), with the load average before the run. The source-tree
ways may write bytecode (into a temporary ``PYTHONPYCACHEPREFIX``; one uncounted run first), as an
installed package has it; the zip holds its own.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "botzone" / "judge-logs.jsonl.gz"
WAYS = ("zip", "module", "cli")


def recorded_requests(count: int) -> list[str]:
    """``count`` JSON inputs (a seat's history up to a decision), from the judge's logs, in turn."""
    with gzip.open(LOGS, "rt", encoding="utf-8") as f:
        logs = [json.loads(line) for line in f]
    out: list[str] = []
    for k, log in enumerate(logs):
        seat = str(k % 4)
        entries = log["log"]
        requests: list[str] = []
        responses: list[str] = []
        for i in range(0, len(entries) - 1, 2):
            output = entries[i]["output"]
            if output["command"] != "request":
                break
            request = output["content"][seat]
            words = request.split()
            if words[0] == "2" or (words[2:3] == ["PLAY"] and words[1] != seat):
                out.append(json.dumps({"requests": [*requests, request], "responses": responses}))
            requests.append(request)
            responses.append(entries[i + 1][seat]["response"])
    step = max(1, len(out) // count)
    return (out[::step] * (count // len(out[::step]) + 1))[:count]


def answer_once(argv: list[str], text: str, env: dict[str, str]) -> tuple[float, float]:
    """Run ``argv`` on ``text``: its wall time and CPU time (user + system), in seconds."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, cwd=tempfile.gettempdir())
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(text.encode() + b"\n")
    proc.stdin.close()
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0 or not json.loads(out).get("response"):
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {err.decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(argv: list[str], inputs: list[str], env: dict[str, str]) -> dict[str, Any]:
    answer_once(argv, inputs[0], env)  # uncounted: bytecode written, files in the page cache
    walls, cpus = zip(*(answer_once(argv, text, env) for text in inputs), strict=True)
    ordered = sorted(walls)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {"runs": len(walls), "median": statistics.median(walls), "p99": p99,
            "cpu": statistics.median(cpus)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=60, help="fresh processes per way")
    parser.add_argument("--ways", default=",".join(WAYS), help=f"any of {', '.join(WAYS)}")
    parser.add_argument("--bot", default="fan-aware")
    args = parser.parse_args(argv)
    ways = args.ways.split(",")
    if not set(ways) <= set(WAYS):
        parser.error(f"--ways: one or more of {', '.join(WAYS)}")
    sys.path.insert(0, str(ROOT / "src"))
    from majiang.interop.botzone_bundle import build_bundle

    inputs = recorded_requests(args.requests)
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
        source = {**env, "PYTHONPATH": str(ROOT / "src"), "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pyc")}
        bundle = build_bundle(Path(tmp) / "bot.zip", ["--bot", args.bot, "--seed", "1"])
        bot = ["--bot", args.bot, "--seed", "1"]
        commands = {
            "zip": ([sys.executable, "-I", "-S", str(bundle.path)], env),
            "module": ([sys.executable, "-m", "majiang.botzone", *bot], source),
            "cli": ([sys.executable, "-m", "majiang.cli", "botzone", *bot], source),
        }
        print(f"{len(inputs)} recorded requests per way, bot {args.bot}, Python {sys.version.split()[0]}, "
              f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
        for way in ways:
            command, way_env = commands[way]
            r = measure(command, inputs, way_env)
            print(f"{way:7} median {r['median']:.3f} s, p99 {r['p99']:.3f} s, CPU median {r['cpu']:.3f} s",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

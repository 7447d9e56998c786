"""Cold start: import time, the first ``score()`` and the first advice, each in a fresh interpreter.

Run: ``.venv/bin/python benchmarks/coldstart.py [--runs 9]``.

Every row starts new interpreters (``--runs`` of them) and times one step inside each with
``time.perf_counter``: the imports alone, or the first call after the imports (so the tables that call
loads are in it). The minimum and the median over the runs are printed (on a shared machine the
minimum is the better guide), with the peak RSS of the last run and the median CPU time
(``time.process_time``: what other processes on a shared machine take from the wall clock is not in
it). PyMahjongGB's import is the peer row where it is installed. Also printed: the shipped data files
and their sizes.

The children may write bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped) and one uncounted run comes
first, so imports read cached ``.pyc`` files as an installed package does; ``--source`` keeps the
variable as set, which (when it is set) times compiling every module from source as well.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_CHILD = """
import json, resource, sys, time
{setup}
t0 = time.perf_counter()
c0 = time.process_time()
{step}
t1 = time.perf_counter()
c1 = time.process_time()
print(json.dumps([t1 - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, c1 - c0]))
"""

# A child inherits the peak RSS of the process that started it (Linux keeps ru_maxrss across fork and
# exec), so each measured interpreter is started by a small intermediate one.
_LAUNCH = """
import subprocess, sys
done = subprocess.run([sys.executable, "-c", sys.argv[1]], capture_output=True, text=True)
sys.stdout.write(done.stdout)
sys.stderr.write(done.stderr)
sys.exit(done.returncode)
"""

_MCR = "import majiang.mcr as mcr"
ROWS: tuple[tuple[str, str, str], ...] = (
    ("interpreter alone (python -c pass)", "", "pass"),
    ("import majiang", "", "import majiang"),
    ("import majiang.mcr", "", _MCR),
    ("peer: import MahjongGB (PyMahjongGB)", "", "import MahjongGB"),
    ("first score(), melded hand", _MCR, "mcr.score('[567m,2]123p456s99sCCC')"),
    ("first score(), concealed hand (waits judged)", _MCR, "mcr.score('1112345678999m5m')"),
    ("first effective_tiles() (loads the shanten table)",
     "from majiang.analysis import effective_tiles", "effective_tiles('1112345678999m')"),
    ("first discard_advice() with the 8-fan check", _MCR, "mcr.discard_advice('123456789m1234pE')"),
)


def run(setup: str, step: str, runs: int, env: dict[str, str]) -> tuple[float, float, float, float] | None:
    """Min and median seconds of ``step`` over ``runs`` fresh interpreters, the last peak RSS (MiB) and the
    median CPU seconds (on a loaded machine the CPU time moves less than the wall clock)."""
    times = []
    cpu = []
    rss = 0.0
    for i in range(runs + 1):
        code = _CHILD.format(setup=setup, step=step)
        done = subprocess.run([sys.executable, "-c", _LAUNCH, code], capture_output=True, text=True, env=env)
        if done.returncode:
            return None
        elapsed, kib, used = json.loads(done.stdout)
        if i:  # the first run writes the bytecode caches
            times.append(elapsed)
            cpu.append(used)
        rss = kib / 1024
    return min(times), statistics.median(times), rss, statistics.median(cpu)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="fresh interpreters per row (default 9)")
    parser.add_argument("--source", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE as set (time compiling from source too)")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    if not args.source:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    from majiang.data import FILES, path_of

    rows = [("step", "min", "median", "peak RSS", "median CPU")]
    for name, setup, step in ROWS:
        got = run(setup, step, args.runs, env)
        if got is None:
            rows.append((name, "n/a", "-", "-", "-"))
            continue
        low, mid, rss, used = got
        rows.append((name, f"{low * 1e3:.1f} ms", f"{mid * 1e3:.1f} ms", f"{rss:.1f} MiB",
                     f"{used * 1e3:.1f} ms"))
    for file in FILES:
        size = os.path.getsize(path_of(file)) / 1024
        rows.append((f"shipped file {file}", f"{size:.0f} KiB", "-", "-", "-"))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

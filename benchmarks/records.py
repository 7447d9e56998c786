"""Memory of long recorded runs: ``simulate --records`` and ``replay --check`` as the hands grow.

Plays ``--hands`` hands of random bots with ``simulate(records=...)`` on ``--workers`` processes and
prints the parent process's resident set size every ``--every`` hands (the parent merges the workers'
hands and writes the record: it should stay flat), then checks the record in a fresh process and
prints that process's peak resident set size. Linux only (``/proc/self/status``).

    .venv/bin/python benchmarks/records.py --hands 20000 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import tempfile
import time
from pathlib import Path

from majiang.records import check_record
from majiang.sim.simulate import simulate


def rss_mib() -> float:
    """The resident set size of this process, in MiB (``VmRSS``)."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def check_peak(path: str) -> tuple[str, float, float]:
    """Check the record at ``path``; the verdict, the seconds taken and this process's peak RSS (MiB)."""
    t0 = time.perf_counter()
    report = check_record(path)
    return str(report), time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--every", type=int, default=2_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--gz", action="store_true", help="write the record gzip-compressed")
    args = parser.parse_args()
    samples: list[tuple[int, float]] = []
    mark = [0]

    def progress(done: int, total: int) -> None:
        if done >= mark[0]:
            samples.append((done, rss_mib()))
            mark[0] = done + args.every

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ("run.jsonl.gz" if args.gz else "run.jsonl")
        t0 = time.perf_counter()
        simulate(args.hands, ["random"], workers=args.workers, seed=7, records=path, progress=progress)
        seconds = time.perf_counter() - t0
        samples.append((args.hands, rss_mib()))
        size = path.stat().st_size
        print(f"simulate --records: {args.hands:,} hands of random bots, {args.workers} workers, "
              f"{seconds:.0f} s, {size / 2**20:.1f} MiB record")
        print("parent RSS (merging and writing the record):")
        for done, mib in samples:
            print(f"  {done:>9,} hands  {mib:7.1f} MiB")
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            verdict, check_seconds, peak = pool.apply(check_peak, (str(path),))
        print(f"replay --check in a fresh process: {verdict}; {check_seconds:.0f} s, peak RSS {peak:.1f} MiB")


if __name__ == "__main__":
    main()

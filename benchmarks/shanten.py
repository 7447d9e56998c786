"""Shanten speed: majiang against PyMahjongGB and the ``mahjong`` package on the same hands.

Run: ``.venv/bin/python benchmarks/shanten.py [--hands 5000] [--seed 7]`` (or ``make bench-shanten``).

Inputs, all from the seed: random hands (the head of a shuffled 136-tile wall) and realistic ones
(concealed wins from ``majiang.rules.mcr.generate.iter_wins`` minus one tile; for 14 tiles, plus a
draw from the rest of the wall). Each library gets the same hands in its own prepared form (count
lists for majiang and ``mahjong``, code tuples for PyMahjongGB), one warm-up pass first; per-call
medians, less the timing loop's own cost, are printed with their ratio (time of majiang over time of
the peer: below 1 is faster). Results are compared hand by hand as a sanity check. The memory and
first-use figures come from fresh interpreters. The ``mahjong`` package is riichi: its regular form
is the same four sets and a pair, but it will not wait on a fifth copy of a kind the hand holds four
of, where the Chinese Official (formal) count does, so hands holding four of a kind are compared
apart.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib import resources
from typing import Any

from timing import times

from majiang import mcr
from majiang.analysis import discard_efficiency
from majiang.analysis.shanten import effective_counts, regular_shanten, shanten_counts
from majiang.analysis.tables import KEYS, RECORD
from majiang.hand import Hand
from majiang.interop.pymahjonggb import tile_code
from majiang.rules.mcr.generate import iter_wins
from majiang.tiles import ALL_TILES, Tile

BATCH_HANDS = 1_000_000

Counts = list[int]




class Timer:
    """Median per-call microseconds, less the median cost of timing an empty call."""

    def __init__(self, n: int) -> None:
        self.base = statistics.median(times([partial(int) for _ in range(n)]))

    def median_us(self, calls: Sequence[Callable[[], Any]]) -> float:
        for call in calls:  # warm-up: caches of recurring shapes reach their steady state
            call()
        return (statistics.median(times(calls)) - self.base) * 1e6


def _counts(tiles: Sequence[int]) -> Counts:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


def random_hands(rng: random.Random, n: int, size: int) -> list[Counts]:
    """``n`` hands of ``size`` tiles, each the head of a freshly shuffled 136-tile wall."""
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        rng.shuffle(wall)
        out.append(_counts(wall[:size]))
    return out


def near_wins(seed: int, n: int) -> tuple[list[Counts], list[Counts]]:
    """Concealed generated wins minus one random tile (13 tiles), and those plus a fresh draw (14)."""
    rng = random.Random(seed)
    thirteen: list[Counts] = []
    fourteen: list[Counts] = []
    for sample in iter_wins(seed, 20 * n):
        if len(thirteen) == n:
            break
        if sample.hand.melds:
            continue
        counts = _counts([*sample.hand.tiles, sample.winning_tile])
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        thirteen.append(counts)
        drawn = list(counts)
        drawn[rng.choice([t for t in range(34) if drawn[t] < 4])] += 1
        fourteen.append(drawn)
    return thirteen, fourteen


def _codes(counts: Counts) -> tuple[str, ...]:
    return tuple(tile_code(ALL_TILES[t]) for t in range(34) for _ in range(counts[t]))


def _hand(counts: Counts) -> Hand:
    tiles = [Tile(t) for t in range(34) for _ in range(counts[t])]
    return Hand((), tuple(tiles[:-1]), tiles[-1])


_FRESH = """
import json, resource, sys, time
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.perf_counter()
{body}
elapsed = time.perf_counter() - t0
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps([elapsed, before, after]))
"""

_FIRST_USE = {
    "majiang": "from majiang.analysis.shanten import shanten_counts\n"
               "shanten_counts([1,1,1,0,0,0,0,0,0]*3 + [2,2,0,0,0,0,0])",
    "majiang.analysis.batch": "import numpy as np\nfrom majiang.analysis.batch import batch_shanten\n"
                              "batch_shanten(np.array([[1,1,1,0,0,0,0,0,0]*3 + [2,2,0,0,0,0,0]]))",
    "PyMahjongGB": "from MahjongGB import MahjongShanten\n"
                   "MahjongShanten((), ('W1','W2','W3','T1','T2','T3','B1','B2','B3','F1','F1','F2','F2'))",
    "mahjong": "from mahjong.shanten import Shanten\n"
               "Shanten().calculate_shanten_for_regular_hand([1,1,1,0,0,0,0,0,0]*3 + [2,2,0,0,0,0,0])",
}


# A child inherits the peak RSS of the process that started it (Linux keeps ru_maxrss across fork and
# exec), so the measured interpreter is started by a small intermediate one rather than by this one.
_LAUNCH = """
import subprocess, sys
done = subprocess.run([sys.executable, "-c", sys.argv[1]], capture_output=True, text=True)
sys.stdout.write(done.stdout)
sys.exit(done.returncode)
"""


def fresh_process(body: str, runs: int = 3) -> tuple[float, float, float] | None:
    """Median seconds for ``body`` in a new interpreter, and its peak RSS before and after (MiB)."""
    results = []
    for _ in range(runs):
        command = [sys.executable, "-c", _LAUNCH, _FRESH.format(body=body)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode:
            return None
        results.append(json.loads(done.stdout))
    elapsed = statistics.median(r[0] for r in results)
    # ru_maxrss is in KiB on Linux.
    return elapsed, results[0][1] / 1024, results[0][2] / 1024


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, ...]] = []

    def add(self, figure: str, hands: str, ours: str, peer: str, ratio: str) -> None:
        self.rows.append((figure, hands, ours, peer, ratio))

    def print(self) -> None:
        head = ("figure", "hands", "majiang", "peer", "ratio")
        widths = [max(len(r[i]) for r in [head, *self.rows]) for i in range(5)]
        for row in [head, tuple("-" * w for w in widths), *self.rows]:
            print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


def _ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.2f}x"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per input set")
    parser.add_argument("--advice", type=int, default=500, help="14-tile hands per set for discard advice")
    parser.add_argument("--batch", type=int, default=BATCH_HANDS, help="hands in the batch")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    try:
        from MahjongGB import MahjongShanten, RegularShanten
    except ImportError:
        print("PyMahjongGB is missing: pip install pymahjonggb", file=sys.stderr)
        return 2
    try:
        from mahjong.shanten import Shanten
        riichi_regular: Callable[[Counts], int] | None = Shanten().calculate_shanten_for_regular_hand
    except ImportError:
        riichi_regular = None

    rng = random.Random(args.seed)
    near13, near14 = near_wins(args.seed, args.hands)
    sets13 = {"random": random_hands(rng, args.hands, 13), "near-win": near13}
    sets14 = {"random": random_hands(rng, args.advice, 14), "near-win": near14[:args.advice]}
    timer = Timer(args.hands)
    table = Table()
    notes: list[str] = []

    for name, hands in sets13.items():
        codes = [_codes(c) for c in hands]
        agree = sum(shanten_counts(c) == MahjongShanten((), h) for c, h in zip(hands, codes, strict=True))
        ours = timer.median_us([partial(shanten_counts, c) for c in hands])
        theirs = timer.median_us([partial(MahjongShanten, (), h) for h in codes])
        table.add(f"min shanten, all forms, 13 tiles ({name})", str(len(hands)), f"{ours:.2f} us",
                  f"PyMahjongGB {theirs:.2f} us", _ratio(ours, theirs))
        notes.append(f"min shanten ({name}): majiang and PyMahjongGB agree on {agree}/{len(hands)}")

    if riichi_regular is not None:
        for name, hands in sets13.items():
            four = [c for c in hands if 4 in c]
            rest = [c for c in hands if 4 not in c]
            agree = sum(regular_shanten(c) == riichi_regular(c) for c in rest)
            agree4 = sum(regular_shanten(c) == riichi_regular(c) for c in four)
            ours = timer.median_us([partial(regular_shanten, c) for c in rest])
            theirs = timer.median_us([partial(riichi_regular, c) for c in rest])
            table.add(f"regular form, 13 tiles, no four of a kind ({name})", str(len(rest)), f"{ours:.2f} us",
                      f"mahjong {theirs:.2f} us", _ratio(ours, theirs))
            notes.append(f"regular ({name}): majiang and mahjong agree on {agree}/{len(rest)} hands without"
                         f" four of a kind, {agree4}/{len(four)} with (where riichi, never waiting on a"
                         " fifth copy, may differ)")
    else:
        notes.append("regular form vs mahjong: not run (pip install mahjong)")

    for name, hands in sets13.items():
        codes = [_codes(c) for c in hands]
        agree = fifth = 0
        for c, h in zip(hands, codes, strict=True):
            value, useful = RegularShanten(h)
            ours_useful = {tile_code(ALL_TILES[t]) for t in effective_counts(c, 0, "regular")}
            if value == regular_shanten(c):
                held_four = {tile_code(ALL_TILES[t]) for t in range(34) if c[t] == 4}
                agree += set(useful) == ours_useful
                fifth += set(useful) != ours_useful and set(useful) - held_four == ours_useful
        all_forms = timer.median_us([partial(effective_counts, c) for c in hands])
        regular = timer.median_us([partial(effective_counts, c, 0, "regular") for c in hands])
        theirs = timer.median_us([partial(RegularShanten, h) for h in codes])
        table.add(f"effective tiles, all forms, 13 tiles ({name})", str(len(hands)), f"{all_forms:.2f} us",
                  f"PyMahjongGB regular {theirs:.2f} us", _ratio(all_forms, theirs))
        table.add(f"effective tiles, regular form, 13 tiles ({name})", str(len(hands)), f"{regular:.2f} us",
                  f"PyMahjongGB regular {theirs:.2f} us", _ratio(regular, theirs))
        notes.append(f"regular effective tiles ({name}): majiang and PyMahjongGB agree on"
                     f" {agree}/{len(hands)}; on {fifth} more PyMahjongGB also lists a fifth copy of a kind"
                     " held four times")

    for name, hands in sets14.items():
        parsed = [_hand(c) for c in hands]
        plain = timer.median_us([partial(discard_efficiency, h) for h in parsed])
        aware = timer.median_us([partial(mcr.discard_advice, h) for h in parsed])
        table.add(f"discard advice, 14 tiles ({name})", str(len(hands)), f"{plain:.1f} us", "-", "-")
        table.add(f"discard advice, 8-fan aware, 14 tiles ({name})", str(len(hands)), f"{aware:.1f} us",
                  "-", "-")

    _batch(args, table, notes)
    _memory(table)
    table.print()
    print()
    for note in notes:
        print(note)
    return 0


def _batch(args: argparse.Namespace, table: Table, notes: list[str]) -> None:
    try:
        import numpy as np

        from majiang.analysis.batch import batch_shanten, batch_shanten_forms
    except ImportError:
        notes.append("batch: not run (pip install numpy)")
        return
    gen = np.random.default_rng(args.seed)
    counts = np.zeros((args.batch, 34), np.uint8)
    wall = np.repeat(np.arange(34), 4)
    step = 50_000
    for lo in range(0, args.batch, step):
        hi = min(lo + step, args.batch)
        heads = np.argpartition(gen.random((hi - lo, 136), dtype=np.float32), 13, axis=1)[:, :13]
        np.add.at(counts[lo:hi], (np.repeat(np.arange(hi - lo), 13), wall[heads].ravel()), 1)
    sample = counts[:args.hands].tolist()
    batch_shanten_forms(counts[:10])  # builds the combination tables

    def rate(call: Callable[[], Any]) -> float:
        runs = []
        for _ in range(3):
            t0 = time.perf_counter()
            call()
            runs.append(time.perf_counter() - t0)
        return len(counts) / statistics.median(runs)

    timer = Timer(len(sample))
    head = counts[:len(sample)]
    cases: list[tuple[str, Callable[[], Any], Callable[[Counts], int], Callable[[], Any]]] = [
        ("regular", partial(batch_shanten, counts), regular_shanten, partial(batch_shanten, head)),
        ("min of all forms", partial(batch_shanten_forms, counts), shanten_counts,
         lambda: batch_shanten_forms(head)[1]),
    ]
    for label, batch_call, scalar, check in cases:
        per_second = rate(batch_call)
        scalar_us = timer.median_us([partial(scalar, c) for c in sample])
        agree = sum(int(a) == scalar(c) for a, c in zip(check(), sample, strict=True))
        table.add(f"batch shanten, {label}, 13 tiles (random, uint8)", f"{len(counts):,}",
                  f"{per_second / 1e6:.2f} M hands/s", f"majiang scalar {1 / scalar_us:.3f} M hands/s",
                  f"{per_second * scalar_us / 1e6:.0f}x faster")
        notes.append(f"batch {label}: agrees with the scalar API on {agree}/{len(sample)} rows checked")


def _memory(table: Table) -> None:
    packed = resources.files("majiang.data").joinpath("suits.bin.xz").read_bytes()
    table.add("shipped table file (suits.bin.xz)", "-", f"{len(packed) / 1024:.0f} KiB",
              f"decoded {KEYS * RECORD / 2**20:.1f} MiB", "-")
    for name, body in _FIRST_USE.items():
        got = fresh_process(body)
        if got is None:
            table.add(f"first use, fresh process: {name}", "-", "n/a (not installed)", "-", "-")
            continue
        elapsed, before, after = got
        ours = name.startswith("majiang")
        cell = f"{elapsed * 1e3:.0f} ms, RSS {before:.0f} -> {after:.0f} MiB (+{after - before:.0f})"
        table.add(f"first use (import + one shanten): {name}", "1", cell if ours else "-",
                  "-" if ours else f"{name} {cell}", "-")


if __name__ == "__main__":
    raise SystemExit(main())

"""Every row of the speed table (issue 13) in one run: majiang, the peer where there is one, ratio, target.

Run: ``make bench`` (or ``.venv/bin/python benchmarks/all.py [--quick]``). Each row comes from the function
of the script that measures it in depth (benchmarks/fan.py, shanten.py, engine.py), called with smaller
sizes; the cold-start rows time fresh interpreters here. Peers are measured in the same process (or the
same way in fresh interpreters) where installed: Rust RiichiEnv too (``riichienv``, the ``bench`` extra that
``make bench`` installs; its published rate is shown where it is missing); the 牌理 advice time is its
published figure. Times are per call (medians less the timing loop's own cost), rates per CPU second,
cold starts the minimum over fresh interpreters (on a shared machine the least disturbed run is the best
guide). Absolute figures vary with the machine's load; the ratios much less.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from functools import partial

import engine
import fan
import shanten

from majiang import mcr
from majiang.analysis.shanten import effective_counts


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: what is measured, majiang's figure, the peer's, their ratio and the target."""

    work: str
    ours: str
    peer: str = "-"
    ratio: str = "-"
    target: str = "-"
    met: bool | None = None
    """Whether majiang's figure meets the target (None: no target for this row)."""


def _ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.1f}x"


def fan_rows(hands: int, warmup: int) -> list[Row]:
    """Fan calculation, parsed and from notation, against PyMahjongGB (benchmarks/fan.py)."""
    f = fan.fan_figures(hands, 7, warmup)
    if f is None:
        return [Row("fan calculation", "n/a", "PyMahjongGB not installed")]
    peer = f"PyMahjongGB {f.peer:.1f} us"
    return [
        Row("fan calculation, parsed hand", f"{f.parsed:.1f} us", peer, _ratio(f.parsed, f.peer), "<= 4x",
            f.parsed <= 4 * f.peer),
        Row("fan calculation from notation", f"{f.notation:.1f} us", peer, _ratio(f.notation, f.peer),
            "<= 6x", f.notation <= 6 * f.peer),
        Row("fan calculation with the fans read (score().fans)", f"{f.explained:.1f} us",
            f"explaining calculator alone {f.calculator:.1f} us", _ratio(f.explained, f.calculator),
            "<= 1x", f.explained <= f.calculator),
    ]


def effective_rows(hands: int) -> list[Row]:
    """Effective tiles of 13 tiles over every form against PyMahjongGB's regular form only
    (benchmarks/shanten.py's hands and timer)."""
    try:
        from MahjongGB import RegularShanten
    except ImportError:
        RegularShanten = None
    rng = random.Random(7)
    near13, _ = shanten.near_wins(7, hands)
    rows = []
    timer = shanten.Timer(hands)
    for name, sample in (("random", shanten.random_hands(rng, hands, 13)), ("near-win", near13)):
        ours = timer.median_us([partial(effective_counts, c) for c in sample])
        if RegularShanten is None:
            rows.append(Row(f"effective tiles, 13 tiles, all forms ({name})", f"{ours:.1f} us", "n/a",
                            target="<= 30 us", met=ours <= 30))
            continue
        codes = [shanten._codes(c) for c in sample]
        theirs = timer.median_us([partial(RegularShanten, h) for h in codes])
        rows.append(Row(f"effective tiles, 13 tiles, all forms ({name})", f"{ours:.1f} us",
                        f"PyMahjongGB regular form {theirs:.1f} us", _ratio(ours, theirs), "<= 30 us",
                        ours <= 30))
    return rows


def advice_rows(hands: int) -> list[Row]:
    """Discard advice with the 8-fan check on one-away hands (14 tiles: a generated win less a tile, plus a
    draw; benchmarks/shanten.py's ``near_wins``); the peer is the published 牌理 figure (no 8-fan check)."""
    _, near14 = shanten.near_wins(7, hands)
    timer = shanten.Timer(len(near14))
    ms = timer.median_us([partial(mcr.discard_advice, shanten._hand(c)) for c in near14]) / 1000
    return [Row("discard advice with the 8-fan check, one-away hands", f"{ms:.2f} ms",
                "summerinsects 牌理 1.2-1.4 ms (published, no 8-fan check)", f"{ms / 1.3:.1f}x", "<= 1 ms",
                ms <= 1)]


def engine_rows(hands: int, repeat: int) -> list[Row]:
    """Engine steps per CPU second with the random policy and a view per step, by built-in ruleset, against
    Rust RiichiEnv measured in the same rounds (riichi is the same game; the Chinese rulesets are set
    against the same figure): benchmarks/engine.py's peer table (the same functions, hands and rounds
    unless ``--quick``). Without riichienv installed, against its published rate."""
    ours, on, off = engine.rates_with_peer(["mcr", "sichuan", "riichi"], 7, hands, repeat)
    published = engine.PEER_PUBLISHED
    rows = []
    for now in ours:
        rate = now.per_second
        hands_per_second = now.hands / (now.seconds or now.engine + now.act)
        work = f"engine, random policy, with views ({now.name})"
        ours_text = f"{rate:,.0f} steps/s ({hands_per_second:,.0f} hands/s)"
        if on is None or off is None:
            rows.append(Row(work, ours_text, f"Rust RiichiEnv ~{published:,} steps/s (published; riichienv "
                            "not installed)", f"{rate / published:.2f}x", f">= {published:,}",
                            rate >= published))
            continue
        rows.append(Row(work, ours_text,
                        f"Rust RiichiEnv {on.version} {on.per_second:,.0f} steps/s "
                        f"({on.hands_per_second:,.0f} hands/s; log off {off.per_second:,.0f}; "
                        f"~{published:,} published)",
                        f"{rate / on.per_second:.2f}x", ">= 1x RiichiEnv", rate >= on.per_second))
    return rows


_CHILD = """
import json, time
{setup}
t0 = time.perf_counter()
{step}
print(json.dumps(time.perf_counter() - t0))
"""


def fresh_ms(setup: str, step: str, runs: int) -> float | None:
    """The least time ``step`` took over ``runs`` fresh interpreters (after ``setup``, untimed), in ms;
    None if it failed (a peer not installed). One uncounted run first writes the bytecode caches."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times = []
    for i in range(runs + 1):
        done = subprocess.run([sys.executable, "-c", _CHILD.format(setup=setup, step=step)],
                              capture_output=True, text=True, env=env)
        if done.returncode:
            return None
        if i:
            times.append(float(json.loads(done.stdout)))
    return min(times) * 1e3


_MELDED = "[567m,2]123p456s99sCCC"
_PEER_SETUP = f"""
from MahjongGB import MahjongFanCalculator
from majiang.hand import Hand
from majiang.interop.pymahjonggb import pymahjonggb_args
from majiang.rules.mcr.generate import WinSample
kw = pymahjonggb_args(WinSample(Hand.parse({_MELDED!r})))
"""


def cold_rows(runs: int) -> list[Row]:
    """The first ``score()`` in a fresh process (imports done, untimed) and ``import majiang.mcr``, each
    against PyMahjongGB's first fan calculation and import."""
    peer_first = fresh_ms(_PEER_SETUP, "MahjongFanCalculator(**kw)", runs)
    peer = "n/a" if peer_first is None else f"PyMahjongGB {peer_first:.2f} ms"
    rows = []
    for label, hand in (("first score() in a fresh process", _MELDED),
                        ("first score() needing the waits, fresh process", "1112345678999m5m")):
        ms = fresh_ms("import majiang.mcr as mcr", f"mcr.score({hand!r})", runs)
        if ms is None:
            rows.append(Row(label, "failed"))
            continue
        ratio = "-" if peer_first is None else _ratio(ms, peer_first)
        rows.append(Row(label, f"{ms:.1f} ms", peer, ratio, "<= 20 ms", ms <= 20))
    ours = fresh_ms("", "import majiang.mcr", runs)
    theirs = fresh_ms("", "import MahjongGB", runs)
    if ours is None:
        rows.append(Row("import majiang.mcr", "failed"))
    else:
        rows.append(Row("import majiang.mcr", f"{ours:.1f} ms",
                        "n/a" if theirs is None else f"import MahjongGB {theirs:.2f} ms",
                        "-" if theirs is None else _ratio(ours, theirs), "<= 20 ms", ours <= 20))
    return rows


def print_table(rows: list[Row]) -> None:
    """The rows as an aligned table with a verdict column."""
    head = ("work", "majiang", "peer", "ratio", "target", "met")
    cells = [head] + [(r.work, r.ours, r.peer, r.ratio, r.target,
                       "-" if r.met is None else ("yes" if r.met else "no")) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head))]
    for i, row in enumerate(cells):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes: a rough table in under a minute")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown (for README.md)")
    args = parser.parse_args(argv)
    quick = args.quick
    t0 = time.perf_counter()
    rows = [
        *fan_rows(1000 if quick else 5000, 1000 if quick else 5000),
        *effective_rows(300 if quick else 2000),
        *advice_rows(30 if quick else 200),
        *engine_rows(60 if quick else engine.RULESET_HANDS, 1 if quick else 3),
        *cold_rows(3 if quick else 7),
    ]
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"{'quick sizes, ' if quick else ''}{time.perf_counter() - t0:.0f} s")
    if args.markdown:
        print("| work | majiang | peer | ratio | target | met |")
        print("| --- | --- | --- | --- | --- | --- |")
        for r in rows:
            met = "-" if r.met is None else ("yes" if r.met else "no")
            print(f"| {r.work} | {r.ours} | {r.peer} | {r.ratio} | {r.target} | {met} |")
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

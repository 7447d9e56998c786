"""Every row of the speed table (issue 13) in one run: majiang, the peer where there is one, ratio, target.

Run: ``make bench`` (or ``.venv/bin/python benchmarks/all.py [--quick] [--rounds N]``). Each row comes from
the function of the script that measures it in depth (benchmarks/fan.py, shanten.py, engine.py), called with
smaller sizes; the cold-start rows time fresh interpreters here. Peers are measured in the same process (or
the same way in fresh interpreters) where installed: Rust RiichiEnv too (``riichienv``, the ``bench`` extra
that ``make bench`` installs; its published rate is shown where it is missing); the 牌理 advice time is its
published figure.

Every figure is CPU time (rates per CPU second) measured in several rounds (``--rounds``, 5 by default, 3
with ``--quick``), ours and the peer's taken in turn within each round so that both see the same load; the
table shows the median of the rounds and their spread (half the range, as a percentage of the median),
and a ratio is the median of the rounds' ratios. Times are per call (each round's median less the
timing loop's own cost), cold starts the time of the first use in a fresh interpreter. Absolute figures
still move with the machine's load; the ratios much less.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from functools import partial

import engine
import fan
import shanten
from timing import Figure, per_call, ratio

from majiang import mcr
from majiang.analysis.shanten import effective_counts, shanten_counts
from majiang.jsonstrict import loads_strict


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
    value: float | None = None
    """majiang's figure as a number (the median in the unit of ``ours``), for comparing two builds."""
    higher: bool = False
    """Whether a higher ``value`` is better (a rate) rather than lower (a time)."""


def _ratio(ours: Figure, theirs: Figure) -> str:
    value = ratio(ours, theirs)
    return f"{value:.1f}x" if value >= 0.095 else f"{value:.2f}x"


def fan_rows(hands: int, warmup: int, rounds: int) -> list[Row]:
    """Fan calculation, parsed and from notation, against PyMahjongGB (benchmarks/fan.py, once a round: both
    calculators take their turn on the same hands in each)."""
    runs = [fan.fan_figures(hands, 7, warmup) for _ in range(max(1, rounds))]
    found = [f for f in runs if f is not None]
    if not found:
        return [Row("fan calculation", "n/a", "PyMahjongGB not installed")]

    def figure(name: str) -> Figure:
        return Figure(tuple(getattr(f, name) for f in found), "us")

    parsed, notation, theirs = figure("parsed"), figure("notation"), figure("peer")
    explained, calculator = figure("explained"), figure("calculator")
    peer = f"PyMahjongGB {theirs}"
    return [
        Row("fan calculation, parsed hand", str(parsed), peer, _ratio(parsed, theirs), "<= 4x",
            ratio(parsed, theirs) <= 4, parsed.median),
        Row("fan calculation from notation", str(notation), peer, _ratio(notation, theirs),
            "<= 6x", ratio(notation, theirs) <= 6, notation.median),
        Row("fan calculation with the fans read (score().fans)", str(explained),
            f"explaining calculator alone {calculator}", _ratio(explained, calculator),
            "<= 1x", ratio(explained, calculator) <= 1, explained.median),
    ]


def shanten_rows(hands: int, rounds: int) -> list[Row]:
    """One ``shanten_counts`` call over every form (checked input) against PyMahjongGB's ``MahjongShanten``
    on the same 13-tile hands (benchmarks/shanten.py's), the two timed in turn in each round: the single
    call a search's playouts make millions of times (issue 25: at most 0.7x)."""
    try:
        from MahjongGB import MahjongShanten
    except ImportError:
        MahjongShanten = None
    rng = random.Random(7)
    near13, _ = shanten.near_wins(7, hands)
    rows = []
    for name, sample in (("random", shanten.random_hands(rng, hands, 13)), ("near-win", near13)):
        lists = {"ours": [partial(shanten_counts, c) for c in sample]}
        if MahjongShanten is not None:
            lists["peer"] = [partial(MahjongShanten, (), shanten._codes(c)) for c in sample]
        figures = per_call(lists, rounds)
        ours = figures["ours"]
        if MahjongShanten is None:
            rows.append(Row(f"shanten, one call, 13 tiles, all forms ({name})", str(ours), "n/a"))
            continue
        theirs = figures["peer"]
        rows.append(Row(f"shanten, one call, 13 tiles, all forms ({name})", str(ours),
                        f"PyMahjongGB MahjongShanten {theirs}", _ratio(ours, theirs), "<= 0.7x",
                        ratio(ours, theirs) <= 0.7, ours.median))
    return rows


def effective_rows(hands: int, rounds: int) -> list[Row]:
    """Effective tiles of 13 tiles over every form against PyMahjongGB's regular form only
    (benchmarks/shanten.py's hands), the two timed in turn in each round."""
    try:
        from MahjongGB import RegularShanten
    except ImportError:
        RegularShanten = None
    rng = random.Random(7)
    near13, _ = shanten.near_wins(7, hands)
    rows = []
    for name, sample in (("random", shanten.random_hands(rng, hands, 13)), ("near-win", near13)):
        lists = {"ours": [partial(effective_counts, c) for c in sample]}
        if RegularShanten is not None:
            lists["peer"] = [partial(RegularShanten, shanten._codes(c)) for c in sample]
        figures = per_call(lists, rounds)
        ours = figures["ours"]
        if RegularShanten is None:
            rows.append(Row(f"effective tiles, 13 tiles, all forms ({name})", str(ours), "n/a",
                            target="<= 30 us", met=ours.median <= 30, value=ours.median))
            continue
        theirs = figures["peer"]
        rows.append(Row(f"effective tiles, 13 tiles, all forms ({name})", str(ours),
                        f"PyMahjongGB regular form {theirs}", _ratio(ours, theirs), "<= 30 us",
                        ours.median <= 30, ours.median))
    return rows


def advice_rows(hands: int, rounds: int) -> list[Row]:
    """Discard advice with the 8-fan check on one-away hands (14 tiles: a generated win less a tile, plus a
    draw; benchmarks/shanten.py's ``near_wins``); the peer is the published 牌理 figure (no 8-fan check)."""
    _, near14 = shanten.near_wins(7, hands)
    calls = [partial(mcr.discard_advice, shanten._hand(c)) for c in near14]
    ms = per_call({"ours": calls}, rounds)["ours"].scaled(1e-3, "ms", 2)
    return [Row("discard advice with the 8-fan check, one-away hands", str(ms),
                "summerinsects 牌理 1.2-1.4 ms (published, no 8-fan check)", f"{ms.median / 1.3:.1f}x",
                "<= 1 ms", ms.median <= 1, ms.median)]


def engine_rows(hands: int, rounds: int) -> list[Row]:
    """Engine steps per CPU second with the random policy and a view per step, by built-in ruleset, against
    Rust RiichiEnv measured in the same rounds (riichi is the same game; the Chinese rulesets are set
    against the same figure): benchmarks/engine.py's ``ruleset_rate`` and ``peer_rate`` (the same functions
    and hands unless ``--quick``), the rulesets and the peer taken in turn in each round. Without riichienv
    installed, against its published rate."""
    names = ["mcr", "sichuan", "riichi"]
    found: dict[str, list[engine.Rate]] = {name: [] for name in names}
    peers: dict[bool, list[engine.PeerRate]] = {True: [], False: []}
    for i in range(max(1, rounds)):
        for name in [*names, "peer"] if i % 2 == 0 else ["peer", *reversed(names)]:
            if name != "peer":
                found[name].append(engine.ruleset_rate(name, 7, hands))
                continue
            for log in (True, False):
                peer = engine.peer_rate(7, hands, log=log)
                if peer is not None:
                    peers[log].append(peer)
    published = engine.PEER_PUBLISHED
    on = Figure(tuple(p.per_second for p in peers[True]), "steps/s", 0)
    off = Figure(tuple(p.per_second for p in peers[False]), "steps/s", 0)
    rows = []
    for name in names:
        rate = Figure(tuple(r.per_second for r in found[name]), "steps/s", 0)
        hands_per_second = statistics.median(r.hands / (r.seconds or r.engine + r.act) for r in found[name])
        work = f"engine, random policy, with views ({name})"
        ours_text = f"{rate} ({hands_per_second:,.0f} hands/s)"
        if not peers[True] or not peers[False]:
            rows.append(Row(work, ours_text, f"Rust RiichiEnv ~{published:,} steps/s (published; riichienv "
                            "not installed)", f"{rate.median / published:.2f}x", f">= {published:,}",
                            rate.median >= published, rate.median, True))
            continue
        peer_hands = statistics.median(p.hands_per_second for p in peers[True])
        rows.append(Row(work, ours_text,
                        f"Rust RiichiEnv {peers[True][0].version} {on} "
                        f"({peer_hands:,.0f} hands/s; log off {off.median:,.0f}; ~{published:,} published)",
                        f"{ratio(rate, on):.2f}x", ">= 1x RiichiEnv", ratio(rate, on) >= 1, rate.median,
                        True))
    return rows


_CHILD = """
import json, time
{setup}
t0 = time.process_time()
{step}
print(json.dumps(time.process_time() - t0))
"""


def fresh_rounds(steps: dict[str, tuple[str, str]], rounds: int) -> dict[str, Figure | None]:
    """CPU milliseconds each ``(setup, step)`` took for its ``step`` in a fresh interpreter (``setup``
    untimed), in ``rounds`` rounds that start one interpreter for each in turn (in reverse order every
    other round); None where one failed (a peer not installed). One uncounted run each first writes the
    bytecode caches."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    names = list(steps)
    found: dict[str, list[float] | None] = {name: [] for name in names}
    for i in range(max(1, rounds) + 1):
        for name in names if i % 2 == 0 else reversed(names):
            values = found[name]
            if values is None:
                continue
            setup, step = steps[name]
            done = subprocess.run([sys.executable, "-c", _CHILD.format(setup=setup, step=step)],
                                  capture_output=True, text=True, env=env)
            if done.returncode:
                found[name] = None
            elif i:
                values.append(float(json.loads(done.stdout)) * 1e3)
    return {name: None if values is None else Figure(tuple(values), "ms") for name, values in found.items()}


_MELDED = "[567m,2]123p456s99sCCC"
_PEER_SETUP = f"""
from MahjongGB import MahjongFanCalculator
from majiang.hand import Hand
from majiang.interop.pymahjonggb import pymahjonggb_args
from majiang.rules.mcr.generate import WinSample
kw = pymahjonggb_args(WinSample(Hand.parse({_MELDED!r})))
"""


def cold_rows(rounds: int) -> list[Row]:
    """The first ``score()`` in a fresh process (imports done, untimed) and ``import majiang.mcr``, each
    against PyMahjongGB's first fan calculation and import."""
    firsts = (("first score() in a fresh process", _MELDED),
              ("first score() needing the waits, fresh process", "1112345678999m5m"))
    steps = {label: ("import majiang.mcr as mcr", f"mcr.score({hand!r})") for label, hand in firsts}
    steps["peer first"] = (_PEER_SETUP, "MahjongFanCalculator(**kw)")
    steps["import"] = ("", "import majiang.mcr")
    steps["peer import"] = ("", "import MahjongGB")
    figures = fresh_rounds(steps, rounds)
    peer_first = figures["peer first"]
    peer = "n/a" if peer_first is None else f"PyMahjongGB {peer_first.scaled(1, 'ms', 2)}"
    rows = []
    for label, _ in firsts:
        ms = figures[label]
        if ms is None:
            rows.append(Row(label, "failed"))
            continue
        shown = "-" if peer_first is None else _ratio(ms, peer_first)
        rows.append(Row(label, str(ms), peer, shown, "<= 20 ms", ms.median <= 20, ms.median))
    ours, theirs = figures["import"], figures["peer import"]
    if ours is None:
        rows.append(Row("import majiang.mcr", "failed"))
    else:
        rows.append(Row("import majiang.mcr", str(ours),
                        "n/a" if theirs is None else f"import MahjongGB {theirs.scaled(1, 'ms', 2)}",
                        "-" if theirs is None else _ratio(ours, theirs), "<= 20 ms", ours.median <= 20,
                        ours.median))
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


SECTIONS = ("fan", "shanten", "effective", "advice", "engine", "cold")
"""The groups of rows, in table order; ``--section`` runs one, ``--compare-compiled`` runs each in turn."""


def section_rows(section: str, quick: bool, rounds: int) -> list[Row]:
    """The rows of one section at the table's sizes (smaller with ``quick``)."""
    if section == "fan":
        return fan_rows(1000 if quick else 5000, 1000 if quick else 5000, rounds)
    if section == "shanten":
        return shanten_rows(300 if quick else 2000, rounds)
    if section == "effective":
        return effective_rows(300 if quick else 2000, rounds)
    if section == "advice":
        return advice_rows(30 if quick else 200, rounds)
    if section == "engine":
        return engine_rows(60 if quick else engine.RULESET_HANDS, rounds)
    return cold_rows(rounds)


def is_compiled() -> bool:
    """Whether the majiang imported here is a copy built by ``make compiled`` (it lists what it compiled)."""
    import majiang

    return os.path.exists(os.path.join(os.path.dirname(majiang.__file__), "_compiled.txt"))


def _child_rows(section: str, quick: bool, rounds: int, compiled: str | None) -> list[Row]:
    """One section's rows measured in a fresh interpreter on the pure package or the compiled copy."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if compiled is not None:
        env["PYTHONPATH"] = os.path.abspath(compiled)
    argv = [sys.executable, os.path.abspath(__file__), "--section", section, "--json",
            "--rounds", str(rounds), *(["--quick"] * quick)]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr}")
    answer = loads_strict(done.stdout)
    if not isinstance(answer, dict):
        raise SystemExit(f"{' '.join(argv)} printed {done.stdout!r}, not the rows")
    if answer["compiled"] != (compiled is not None):
        raise SystemExit(f"the {section} run imported the {'compiled' if answer['compiled'] else 'pure'} "
                         f"package, not the {'compiled' if compiled else 'pure'} one")
    return [Row(**row) for row in answer["rows"]]


def compare_compiled(compiled: str, quick: bool, rounds: int, markdown: bool) -> None:
    """Each row on the pure package and on the compiled copy in ``compiled``, side by side: the sections
    alternate between the two builds, each in its own interpreter, so slow drifts of the machine's load
    fall on both."""
    cells = [("work", "pure", "compiled", "compiled speed-up")]
    for section in SECTIONS:
        pure = _child_rows(section, quick, rounds, None)
        built = _child_rows(section, quick, rounds, compiled)
        for a, b in zip(pure, built, strict=True):
            gain = "-"
            if a.value and b.value:
                gain = f"{(b.value / a.value) if a.higher else (a.value / b.value):.2f}x"
            cells.append((a.work, a.ours, b.ours, gain))
    if markdown:
        for i, row in enumerate(cells):
            print("| " + " | ".join(row) + " |")
            if i == 0:
                print("| --- | --- | --- | --- |")
        return
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    for i, row in enumerate(cells):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes: a rough table in under a minute")
    parser.add_argument("--rounds", type=int, help="rounds per row (default 5, or 3 with --quick); the table "
                                                   "shows their median and spread")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown (for README.md)")
    parser.add_argument("--section", choices=SECTIONS, help="only this group of rows")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON (for --compare-compiled)")
    parser.add_argument("--compare-compiled", metavar="DIR",
                        help="every row on the pure package and on the copy `make compiled` built in DIR "
                             "(build/compiled), side by side")
    args = parser.parse_args(argv)
    quick = args.quick
    rounds = args.rounds if args.rounds is not None else 3 if quick else 5
    if rounds < 1:
        parser.error(f"--rounds must be at least 1, not {rounds}")
    t0 = time.perf_counter()
    c0 = time.process_time()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.compare_compiled:
        if not os.path.exists(os.path.join(args.compare_compiled, "majiang", "_compiled.txt")):
            raise SystemExit(f"{args.compare_compiled}: no compiled copy there (run `make compiled`)")
        print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load "
              f"{load:.1f}; pure vs {args.compare_compiled}; {'quick sizes, ' if quick else ''}"
              f"{rounds} rounds")
        compare_compiled(args.compare_compiled, quick, rounds, args.markdown)
        print(f"{time.perf_counter() - t0:.0f} s")
        return 0
    rows = [row for section in ([args.section] if args.section else SECTIONS)
            for row in section_rows(section, quick, rounds)]
    if args.json:
        print(json.dumps({"compiled": is_compiled(), "rows": [dataclasses.asdict(r) for r in rows]}))
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load "
          f"{load:.1f}; {'compiled copy, ' if is_compiled() else ''}{'quick sizes, ' if quick else ''}"
          f"{rounds} rounds; {time.perf_counter() - t0:.0f} s ({time.process_time() - c0:.0f} s CPU here)")
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

"""Fan calculator speed: majiang.mcr.score against PyMahjongGB on the same generated hands.

Run: ``.venv/bin/python benchmarks/fan.py [--hands 20000] [--seed 7]`` (``make bench`` has its rows).

Both calculators first score a separate warm-up set (so one-time table building and caches of
recurring shapes are in the steady state a simulator sees), then each scores the measured hands
with its own prepared input: a parsed ``Hand`` for majiang, argument tuples for PyMahjongGB. The
medians of per-call times and their ratio are printed; majiang from notation (parsing included) is
shown too. ``score`` computes the total on the fast path and names the fans when they are first read, so
two more rows show the fast path alone (``fan_total``, what engines and bots call) and ``score`` with its
fans read (the whole explanation, like PyMahjongGB's list of fans), and one the explaining calculator
alone, which is what ``score`` cost before its fast path and the most reading the fans should cost.
Totals are compared on every hand as a sanity check.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from functools import partial
from typing import Any

from timing import times

from majiang.interop.pymahjonggb import pymahjonggb_args
from majiang.mcr import fan_total, find_profile, score, win_context
from majiang.rules.mcr.calculator import calculate
from majiang.rules.mcr.generate import iter_wins


@dataclass(frozen=True, slots=True)
class FanFigures:
    """Median microseconds per call over ``hands`` generated wins, and how many totals agree."""

    hands: int
    agree: int
    parsed: float
    """majiang.mcr.score on a parsed ``Hand``."""
    notation: float
    """majiang.mcr.score from notation (parsing included)."""
    peer: float
    """PyMahjongGB's MahjongFanCalculator."""
    fast: float
    """majiang.mcr.fan_total on a parsed ``Hand`` (the fast path alone, no result object)."""
    explained: float
    """majiang.mcr.score on a parsed ``Hand`` with its fans read (names and melds built)."""
    calculator: float
    """The explaining calculator alone on a parsed ``Hand`` (``calculator.calculate`` after the checks of
    ``win_context``): what ``score`` cost before it had a fast path, and the most reading the fans should."""


def _fans(hand: Any, kw: dict[str, Any]) -> int:
    return len(score(hand, **kw).fans)


def _calculate(hand: Any, kw: dict[str, Any]) -> int:
    return len(calculate(hand, win_context(hand, **kw), find_profile("mil")).fans)


def fan_figures(hands: int = 20000, seed: int = 7, warmup: int = 20000) -> FanFigures | None:
    """Time both calculators on the same hands (None when PyMahjongGB is missing)."""
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        return None

    def peer(kw: dict[str, Any]) -> int:
        fans = MahjongFanCalculator(**kw)
        return sum(f[0] for f in fans)

    warm = list(iter_wins(seed + 1_000_003, warmup))
    for s in warm:
        score(s.hand, **s.kwargs())
        peer(pymahjonggb_args(s))

    samples = list(iter_wins(seed, hands))
    ours_kw = [(s.hand, s.kwargs()) for s in samples]
    text_kw = [(s.hand.notation(), s.kwargs()) for s in samples]
    peer_kw = [pymahjonggb_args(s) for s in samples]

    agree = sum(score(h, **kw).total == peer(p) for (h, kw), p in zip(ours_kw, peer_kw, strict=True))

    ours = times([partial(score, h, **kw) for h, kw in ours_kw])
    theirs = times([partial(MahjongFanCalculator, **p) for p in peer_kw])
    text = times([partial(score, h, **kw) for h, kw in text_kw])
    fast_kw = [(h, {k: v for k, v in kw.items() if k != "flowers"}) for h, kw in ours_kw]
    fast = times([partial(fan_total, h, **kw) for h, kw in fast_kw])
    explained = times([partial(_fans, h, kw) for h, kw in ours_kw])
    calculator = times([partial(_calculate, h, kw) for h, kw in ours_kw])
    empty = times([partial(int) for _ in samples])  # the timing loop's own cost, subtracted

    base = statistics.median(empty)
    return FanFigures(len(samples), agree, (statistics.median(ours) - base) * 1e6,
                      (statistics.median(text) - base) * 1e6, (statistics.median(theirs) - base) * 1e6,
                      (statistics.median(fast) - base) * 1e6, (statistics.median(explained) - base) * 1e6,
                      (statistics.median(calculator) - base) * 1e6)


LOOPS = ("notation", "parsed", "fans", "calculator", "peer")


def loop(what: str, hands: int, seed: int = 7, warmup: int = 1000) -> None:
    """Warm up as ``fan_figures`` does, then make one kind of call on ``hands`` wins and nothing else: run it
    under ``valgrind --tool=callgrind`` with ``hands`` and with 0, and the difference over ``hands`` is the
    instructions per call, a figure a loaded machine does not move."""
    from MahjongGB import MahjongFanCalculator

    mil = find_profile("mil")
    for s in iter_wins(seed + 1_000_003, warmup):
        _fans(s.hand, s.kwargs())
        score(s.hand.notation(), **s.kwargs())
        _calculate(s.hand, s.kwargs())
        MahjongFanCalculator(**pymahjonggb_args(s))
    samples = list(iter_wins(seed, hands))
    if what == "notation":
        for s in samples:
            score(s.hand.notation(), **s.kwargs())
    elif what == "parsed":
        for s in samples:
            score(s.hand, **s.kwargs())
    elif what == "fans":
        for s in samples:
            _fans(s.hand, s.kwargs())
    elif what == "calculator":
        for s in samples:
            calculate(s.hand, win_context(s.hand, **s.kwargs()), mil)
    else:
        for s in samples:
            MahjongFanCalculator(**pymahjonggb_args(s))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=20000)
    parser.add_argument("--loop", choices=LOOPS, help="only make these calls (for callgrind; see loop())")
    args = parser.parse_args(argv)
    if args.loop:
        loop(args.loop, args.hands, args.seed, min(args.warmup, 1000))
        return 0
    f = fan_figures(args.hands, args.seed, args.warmup)
    if f is None:
        print("PyMahjongGB is missing: pip install pymahjonggb", file=sys.stderr)
        return 2
    print(f"hands: {f.hands} (seed {args.seed}), totals agree on {f.agree}")
    print(f"majiang.mcr.score (parsed Hand)  median {f.parsed:8.2f} us")
    print(f"majiang.mcr.score (notation)     median {f.notation:8.2f} us")
    print(f"majiang.mcr.fan_total (fast path) median {f.fast:8.2f} us")
    print(f"majiang.mcr.score, fans read     median {f.explained:8.2f} us")
    print(f"explaining calculator alone      median {f.calculator:8.2f} us")
    print(f"PyMahjongGB MahjongFanCalculator median {f.peer:8.2f} us")
    print(f"ratio majiang/PyMahjongGB: {f.parsed / f.peer:.1f}x (from notation {f.notation / f.peer:.1f}x,"
          f" fan_total {f.fast / f.peer:.1f}x, fans read {f.explained / f.peer:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

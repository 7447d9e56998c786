"""Riichi scoring speed: majiang.rules.riichi.score against the `mahjong` package on the same random wins.

Run: ``.venv/bin/python benchmarks/riichi.py [--hands 5000] [--seed 7]`` (or ``make bench-riichi``).

Both scorers first score a separate warm-up set, then each scores the measured hands from its own
prepared input: a parsed ``RiichiHand`` and ``WinContext`` for majiang, the 136-id arguments of
``HandCalculator.estimate_hand_value`` for the package. Medians of per-call times and their ratio are
printed; majiang from notation (parsing included) is shown too. Results are compared on every hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from functools import partial
from typing import Any

from timing import times

from majiang.interop.mahjong_package import package_args
from majiang.rules.riichi import NoYakuError, score
from majiang.rules.riichi.generate import Case, random_case


def _ours(case: Case) -> int:
    try:
        return score(case.hand, case.context, case.options).payment.total
    except NoYakuError:
        return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=2000)
    args = parser.parse_args(argv)
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        print("the mahjong package is missing: pip install mahjong", file=sys.stderr)
        return 2
    calculator = HandCalculator()

    def peer(kw: dict[str, Any]) -> int:
        result = calculator.estimate_hand_value(**kw)
        return 0 if result.error or result.cost is None else int(result.cost["total"])

    warm_rng = random.Random(args.seed + 1_000_003)
    for _ in range(args.warmup):
        case = random_case(warm_rng)
        _ours(case)
        peer(package_args(case))

    rng = random.Random(args.seed)
    cases = [random_case(rng) for _ in range(args.hands)]
    peer_kw = [package_args(c) for c in cases]
    texts = [(c.hand.notation(), c.context, c.options) for c in cases]
    agree = sum(_ours(c) == peer(kw) for c, kw in zip(cases, peer_kw, strict=True))

    ours = times([partial(_ours, c) for c in cases])
    text = times([partial(_text, *t) for t in texts])
    theirs = times([partial(calculator.estimate_hand_value, **kw) for kw in peer_kw])
    empty = times([partial(int) for _ in cases])  # the timing loop's own cost, subtracted

    base = statistics.median(empty)
    m_ours = (statistics.median(ours) - base) * 1e6
    m_text = (statistics.median(text) - base) * 1e6
    m_theirs = (statistics.median(theirs) - base) * 1e6
    mean_ours = (statistics.fmean(ours) - base) * 1e6
    mean_theirs = (statistics.fmean(theirs) - base) * 1e6
    print(f"hands: {len(cases)} (seed {args.seed}), winner's totals agree on {agree}")
    print(f"majiang riichi score (parsed)    median {m_ours:8.1f} us  mean {mean_ours:8.1f} us")
    print(f"majiang riichi score (notation)  median {m_text:8.1f} us")
    print(f"mahjong HandCalculator           median {m_theirs:8.1f} us  mean {mean_theirs:8.1f} us")
    print(f"ratio mahjong/majiang: {m_theirs / m_ours:.1f}x faster (median), {mean_theirs / mean_ours:.1f}x "
          f"(mean); from notation {m_theirs / m_text:.1f}x")
    return 0


def _text(text: str, context: Any, options: Any) -> int:
    try:
        return score(text, context, options).payment.total
    except NoYakuError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())

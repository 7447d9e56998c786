"""Differential test: our riichi scorer against the `mahjong` package on random wins with random contexts.

Yaku (ids), han, fu (not for yakuman hands, whose fu nobody pays), the payment split and the winner's
total must agree. ``known_difference`` (tests/riichi_hands.py) names the one ruling we follow apart
on purpose (docs/riichi.md, "Differences from the mahjong package").
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from mahjong.hand_calculating.hand import HandCalculator

from majiang.hand import Hand
from majiang.rules.riichi import NoYakuError, RiichiHand, RiichiOptions, WinContext, score
from majiang.rules.riichi.generate import Case, random_case, random_options
from majiang.tiles import Tile
from riichi_hands import compare, known_difference

CALCULATOR = HandCalculator()


def _run(seed: int, n: int, *, vary_options: bool) -> tuple[list[str], Counter[str]]:
    rng = random.Random(seed)
    differing: list[str] = []
    seen: Counter[str] = Counter()
    for _ in range(n):
        case = random_case(rng, random_options(rng) if vary_options else None)
        if known_difference(case):
            continue
        problem = compare(case, CALCULATOR)
        if problem:
            differing.append(problem)
        try:
            seen.update(y.id for y in score(case.hand, case.context, case.options).yaku)
        except NoYakuError:
            seen["(no yaku)"] += 1
    return differing, seen


COMMON = {"riichi", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "seat_wind", "round_wind", "haku",
          "hatsu", "chun", "chiitoitsu", "chanta", "ittsu", "toitoi", "sanankou", "honitsu", "chinitsu",
          "dora", "aka_dora", "ura_dora", "(no yaku)"}


def test_default_options_agree_with_the_package() -> None:
    differing, seen = _run(20261201, 300, vary_options=False)
    assert differing == [], "\n".join(differing[:5])
    assert set(seen) >= COMMON, f"never met: {sorted(COMMON - set(seen))}"


def test_varied_options_agree_with_the_package() -> None:
    differing, _ = _run(20261202, 200, vary_options=True)
    assert differing == [], "\n".join(differing[:5])


def test_the_known_difference_is_real() -> None:
    """The case ``known_difference`` skips does differ (so the skip hides nothing else)."""
    case = Case(RiichiHand(Hand.parse("[234m]345p567p34s44p2s")),
                WinContext(tsumo=True, seat_wind=Tile.NORTH), RiichiOptions(open_pinfu_fu=False))
    assert known_difference(case)
    assert compare(case, CALCULATOR) is not None
    assert score(case.hand, case.context, case.options).fu == 30


@pytest.mark.slow
def test_soak_random_wins_agree_with_the_package() -> None:
    """``MAJIANG_RIICHI_HANDS`` random wins (default 300), half with varied options."""
    n = int(os.environ.get("MAJIANG_RIICHI_HANDS", "300"))
    assert n > 0, "MAJIANG_RIICHI_HANDS must be a positive number of hands"
    differing, seen = _run(1, n - n // 2, vary_options=False)
    more, _ = _run(2, n // 2, vary_options=True)
    differing += more
    assert differing == [], f"{len(differing)} of {n} differ:\n" + "\n".join(differing[:5])
    if n >= 50_000:
        rare = {"ryanpeikou", "sanshoku_doukou", "sankantsu", "shousangen", "honroutou", "junchan",
                "daisangen", "suuankou", "tsuuiisou", "kokushi", "ryuuiisou", "chinroutou", "suukantsu"}
        assert set(seen) >= rare, f"never met: {sorted(rare - set(seen))}"

"""Table-driven tests of the Chinese Official fan calculator: every fan, and a near miss for each.

The hands and their expected fans live in ``mcr_cases.py``; this module checks our calculator against
them and checks the same table against PyMahjongGB (the C++ calculator of ChineseOfficialMahjongHelper).
"""

from __future__ import annotations

import pytest

from majiang.hand import Hand
from majiang.interop.pymahjonggb import pymahjonggb_score
from majiang.mcr import FANS, MINIMUM, fan, score
from majiang.rules.mcr.generate import WinSample
from mcr_cases import CASES, Case

_BY_ID = {case.id: case for case in CASES}
_NEAR_MISSES = [case for case in CASES if case.near_miss_of]

PYMAHJONGGB_NAMES = {"独听・边张": "边张", "独听・嵌张": "坎张", "独听・单钓": "单钓将"}
"""PyMahjongGB's names for the wait fans (坎张 is 嵌张 there) and ours."""

DELIBERATE_DIFFERENCES: dict[str, tuple[int, str]] = {}
"""Cases where PyMahjongGB's total is knowingly not ours under ``mil``: case id -> (PyMahjongGB's
total, the rule text our expectation follows). None so far: on every hand of the table the two agree."""


def _pymahjonggb(case: Case) -> tuple[int, dict[str, int]]:
    total, fans = pymahjonggb_score(WinSample(Hand.parse(case.hand), **case.ctx))
    names = {PYMAHJONGGB_NAMES.get(name, name): count for name, _value, count in fans}
    return total, names


def test_case_ids_are_unique() -> None:
    assert len(_BY_ID) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_expected_total_is_the_sum_of_the_expected_fans(case: Case) -> None:
    # Guards the table itself: a typo in a count or a total shows up here, before any scoring.
    values = {f.zh: f.value for f in FANS.values()}
    assert sum(values[name] * count for name, count in case.fans.items()) == case.total


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fans(case: Case) -> None:
    result = score(case.hand, **case.ctx)
    assert {f.name: f.count for f in result.fans} == case.fans
    assert result.total == case.total


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_flowers_and_minimum(case: Case) -> None:
    result = score(case.hand, **case.ctx)
    flowers = case.ctx.get("flowers", 0)
    assert result.flowers == flowers
    assert result.fan_total == case.total - flowers
    # Flowers never count toward the 8-fan minimum.
    assert result.meets_minimum is (case.total - flowers >= MINIMUM)
    for hit in result.fans:
        assert hit.points == hit.value * hit.count
        assert fan(hit.id).zh == hit.name


def test_flowers_do_not_reach_the_minimum() -> None:
    result = score(_BY_ID["flowers_below_minimum"].hand, flowers=3)
    assert (result.total, result.fan_total, result.meets_minimum) == (10, 7, False)
    assert score(_BY_ID["flowers_below_minimum"].hand).meets_minimum is False
    assert score(_BY_ID["all_pungs"].hand, flowers=1).meets_minimum is False
    assert score(_BY_ID["chicken_hand"].hand, flowers=2).meets_minimum is True


def test_every_fan_is_scored_by_some_case() -> None:
    scored = {fan(name).id for case in CASES for name in case.fans}  # fan() raises on a misspelt name
    assert set(FANS) - scored == set()
    assert len(FANS) == 82  # the 81 fans of the 1998 table (花牌 among them) and the MIL 明暗杠


def test_every_fan_has_a_near_miss() -> None:
    missed = {fan(name).id for case in CASES for name in case.near_miss_of}
    assert set(FANS) - missed == set()


@pytest.mark.parametrize("case", _NEAR_MISSES, ids=[c.id for c in _NEAR_MISSES])
def test_near_miss_lacks_its_fans(case: Case) -> None:
    names = {f.zh for f in FANS.values()}
    for name in case.near_miss_of:
        assert name in names
        assert name not in case.fans
    assert not {f.name for f in score(case.hand, **case.ctx).fans} & set(case.near_miss_of)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pymahjonggb_agrees(case: Case) -> None:
    total, fans = _pymahjonggb(case)
    if case.id in DELIBERATE_DIFFERENCES:
        assert (total, total != case.total) == (DELIBERATE_DIFFERENCES[case.id][0], True)
    else:
        assert total == case.total
        assert fans == case.fans


def test_deliberate_differences_name_real_cases() -> None:
    assert set(DELIBERATE_DIFFERENCES) <= set(_BY_ID)
    assert all(reason for _total, reason in DELIBERATE_DIFFERENCES.values())

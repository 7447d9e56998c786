"""The explanation ``score()`` builds when its fans are read (``rules.mcr.explain``) against the explaining
calculator (``calculator.calculate``): the same fans, values, counts, melds behind each and order, for
every winning form, way of winning, flower count and profile."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import Hand, InvalidHandError
from majiang.hand import WinBy
from majiang.mcr import score, win_context
from majiang.rules.mcr.calculator import calculate
from majiang.rules.mcr.explain import explain
from majiang.rules.mcr.fast import fan_choice
from majiang.rules.mcr.generate import STRUCTURES, WinSample, random_win
from majiang.rules.mcr.profiles import PROFILES
from majiang.rules.mcr.result import FanHit

SEEDS = st.integers(0, 2**32 - 1)
WINDS = st.sampled_from("ESWN")

wins = st.one_of(
    SEEDS.map(lambda seed: random_win(random.Random(seed))),  # the generator's own mix
    st.tuples(st.sampled_from(STRUCTURES), SEEDS).map(lambda c: random_win(random.Random(c[1]), c[0])),
)
# Every way of winning, flag, wind and flower count, whatever the generator chose for the hand.
contexts = st.fixed_dictionaries({
    "win_by": st.sampled_from(list(WinBy)),
    "last_of_wall": st.booleans(),
    "last_copy": st.booleans(),
    "seat_wind": WINDS,
    "round_wind": WINDS,
    "flowers": st.integers(0, 8),
})


def _assert_same(hand: Hand, flags: dict[str, Any]) -> None:
    """``score`` and ``calculate`` agree on ``hand`` under every profile, or both refuse the context."""
    for name, profile in PROFILES.items():
        try:
            ctx = win_context(hand, **flags)
        except InvalidHandError:
            with pytest.raises(InvalidHandError):
                score(hand, **flags, profile=name)
            return
        expected = calculate(hand, ctx, profile)
        result = score(hand, **flags, profile=name)
        assert result.fans == expected.fans
        assert [type(f) for f in result.fans] == [FanHit] * len(expected.fans)
        assert all(type(f.id) is str and type(f.melds) is tuple for f in result.fans)
        assert (result.total, result.flowers, result.meets_minimum) == (
            expected.total, expected.flowers, expected.meets_minimum)
        # Notation goes through read_counts (and the melds' summary kept by their text): the same fans.
        assert score(hand.notation(), **flags, profile=name).fans == expected.fans
        # With no decomposition named, every candidate is weighed: the tie-break must agree too.
        assert explain(hand, ctx, profile, expected.fan_total) == expected.fans
        choice = fan_choice(hand, ctx, profile)
        assert choice is not None and choice[0] == expected.fan_total


@settings(max_examples=120, deadline=None)
@given(wins)
def test_explanation_is_the_calculators(sample: WinSample) -> None:
    _assert_same(sample.hand, sample.kwargs())


@settings(max_examples=120, deadline=None)
@given(wins, contexts)
def test_explanation_is_the_calculators_in_every_context(sample: WinSample, flags: dict[str, Any]) -> None:
    _assert_same(sample.hand, flags)


@pytest.mark.parametrize("structure", STRUCTURES)
def test_every_structure_is_explained_as_the_calculator_does(structure: str) -> None:
    # A few of each structure every run, whatever hypothesis draws (nine gates, the knitted forms are rare).
    for seed in range(12):
        sample = random_win(random.Random(seed), structure)
        _assert_same(sample.hand, sample.kwargs())


# Hands whose explanation a referee writes down: the fans (name, count, the melds behind each) in table order.
CASES: list[tuple[str, list[tuple[str, int, tuple[str, ...]]]]] = [
    # 箭刻 alone: the chows link nothing, three suits, a claimed meld.
    ("[567m,2]123p456s99sCCC", [("箭刻", 1, ("CCC",))]),
    # 三色三同顺 links the three 123s; 老少副 then links 123m-789m without a cycle; every set and the pair
    # hold a terminal (全带幺, the declared meld first); 平和 takes 无字; the 9p pair was the only wait.
    ("[123m,1]123p123s789m9p9p",
     [("三色三同顺", 1, ("123m", "123p", "123s")),
      ("全带幺", 1, ("123m", "789m", "123p", "123s", "99p")),
      ("平和", 1, ("123m", "789m", "123p", "123s", "99p")),
      ("老少副", 1, ("123m", "789m")),
      ("单钓将", 1, ("9p",))]),
    # Two 一般高 count twice and name four chows; 缺一门 (no bamboo) names none.
    ("[123m,1]123m456p456pEE",
     [("一般高", 2, ("123m", "123m", "456p", "456p")), ("缺一门", 1, ()), ("单钓将", 1, ("E",))]),
    # 七对 (24, taking 门前清 and 单钓将) beats the four sets and a pair the same tiles make.
    ("112233m112233p5s5s",
     [("七对", 1, ("11m", "22m", "33m", "11p", "22p", "33p", "55s")), ("无字", 1, ())]),
    # Four 1m in seven pairs: the pair twice, and 四归一 names the tile.
    ("11112233m5566pEE",
     [("七对", 1, ("11m", "11m", "22m", "33m", "55p", "66p", "EE")), ("四归一", 1, ("1m",)),
      ("缺一门", 1, ())]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_explanation_cases(text: str, expected: list[tuple[str, int, tuple[str, ...]]]) -> None:
    assert [(f.name, f.count, f.melds) for f in score(text).fans] == expected


def test_lazy_and_eager_results_behave_alike() -> None:
    for seed in range(40):
        sample = random_win(random.Random(seed))
        flags = sample.kwargs()
        eager = calculate(sample.hand, win_context(sample.hand, **flags), PROFILES["mil"])
        assert score(sample.hand, **flags) == eager
        assert repr(score(sample.hand, **flags)) == repr(eager)
        assert str(score(sample.hand, **flags)) == str(eager)
        assert hash(score(sample.hand, **flags)) == hash(eager)
        assert pickle.loads(pickle.dumps(score(sample.hand, **flags))) == eager
        assert pickle.loads(pickle.dumps(score(sample.hand, **flags))).fans == eager.fans
        assert dataclasses.replace(score(sample.hand, **flags), flowers=9).fans == eager.fans
        assert score(sample.hand, **flags).to_dict() == eager.to_dict()
        # From notation the unread result holds the counts read, not a Hand: it pickles all the same.
        assert pickle.loads(pickle.dumps(score(sample.hand.notation(), **flags))).fans == eager.fans

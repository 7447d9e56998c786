"""The fast path of the fan calculator (``majiang.mcr.fan_total``, the totals ``score`` returns) against
the explained path (``calculator.calculate``), the lazily explained result, and the parser's counts."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import Hand, InvalidHandError, InvalidOptionError
from majiang.mcr import fan_total, score, win_context
from majiang.rules.mcr.calculator import calculate
from majiang.rules.mcr.fast import fan_total as trusted_fan_total
from majiang.rules.mcr.generate import STRUCTURES, WinSample, random_win
from majiang.rules.mcr.profiles import PROFILES
from strategies import hands

SEEDS = st.integers(0, 2**32 - 1)
SETTINGS = settings(max_examples=150, deadline=None)

wins = st.one_of(
    SEEDS.map(lambda seed: random_win(random.Random(seed))),  # the generator's own mix
    st.tuples(st.sampled_from(STRUCTURES), SEEDS).map(lambda c: random_win(random.Random(c[1]), c[0])),
)


def _flags(sample: WinSample) -> dict[str, Any]:
    return {k: v for k, v in sample.kwargs().items() if k != "flowers"}


@SETTINGS
@given(wins)
def test_fast_total_is_the_explained_total(sample: WinSample) -> None:
    for name, profile in PROFILES.items():
        ctx = win_context(sample.hand, **sample.kwargs())
        explained = calculate(sample.hand, ctx, profile)
        fast = fan_total(sample.hand, **_flags(sample), profile=name)
        assert fast == explained.fan_total
        result = score(sample.hand, **sample.kwargs(), profile=name)
        assert result.total == explained.total
        assert result.fans == explained.fans
        assert result.meets_minimum == (fast >= 8)


@settings(max_examples=300, deadline=None)
@given(hands(with_winning_tile=True))
def test_fast_path_refuses_what_the_explained_path_refuses(hand: Hand) -> None:
    ctx = win_context(hand)
    try:
        explained: int | None = calculate(hand, ctx, PROFILES["mil"]).fan_total
    except InvalidHandError:
        explained = None
    assert trusted_fan_total(hand, ctx, PROFILES["mil"]) == explained
    if explained is None:
        with pytest.raises(InvalidHandError, match="is not a winning hand"):
            score(hand)


# Totals a referee counts by hand (flowers excluded).
FAN_TOTAL_CASES: list[tuple[str, dict[str, Any], int | None]] = [
    ("1112345678999m5m", {"win_by": "self-drawn"}, 92),  # 九莲宝灯 88, 双暗刻 2, 幺九刻 1, 自摸 1
    ("[567m,2]123p456s99sCCC", {}, 2),  # 箭刻
    ("19m19p19sESWNPFCC", {}, 88),  # 十三幺
    ("123m456p789s11sEEC", {}, None),  # 13 tiles and a stray: no winning shape
    ("[EEE][SSS,2][WWW,3]NNN5p5p", {}, 95),  # 大四喜 88, 混一色 6, 单钓将 1
]


@pytest.mark.parametrize(("text", "flags", "expected"), FAN_TOTAL_CASES)
def test_fan_total_cases(text: str, flags: dict[str, Any], expected: int | None) -> None:
    assert fan_total(text, **flags) == expected


def test_fan_total_checks_its_arguments() -> None:
    with pytest.raises(TypeError):
        fan_total(["1m"])  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        fan_total("1112345678999m5m", seat_wind="X")
    with pytest.raises(InvalidOptionError):
        fan_total("1112345678999m5m", profile="nope")
    with pytest.raises(InvalidHandError, match="no winning tile"):
        fan_total("1112345678999m")
    with pytest.raises(InvalidHandError, match="海底捞月"):
        fan_total("123m456p789s23s55s4s", win_by="robbing-kong", last_of_wall=True)


def test_lazy_result_reads_like_an_eager_one() -> None:
    text = "[234s,2]444m1123444p1p"
    flags: dict[str, Any] = {"win_by": "self-drawn", "flowers": 2}
    eager = calculate(Hand.parse(text), win_context(Hand.parse(text), **flags), PROFILES["mil"])
    assert score(text, **flags) == eager
    assert repr(score(text, **flags)) == repr(eager)
    assert hash(score(text, **flags)) == hash(eager)
    unread = pickle.loads(pickle.dumps(score(text, **flags)))
    assert unread.fans == eager.fans
    changed = dataclasses.replace(score(text, **flags), total=1)
    assert (changed.total, changed.fans) == (1, eager.fans)
    with pytest.raises(dataclasses.FrozenInstanceError):
        score(text, **flags).total = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        _ = score(text, **flags).no_such_field  # type: ignore[attr-defined]


@settings(max_examples=200, deadline=None)
@given(hands())
def test_parsed_hand_has_the_constructors_counts(hand: Hand) -> None:
    parsed = Hand.parse(hand.notation())
    built = Hand(parsed.melds, parsed.tiles, parsed.winning_tile)
    assert parsed == hand == built
    assert (parsed._counts, parsed._all_counts, parsed._mask, parsed._all_mask) == (
        built._counts, built._all_counts, built._mask, built._all_mask)

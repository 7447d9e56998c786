"""Fuzz the Python API: notation, hands, melds, tiles, scoring with any flags, analysis and advice.

Every call either returns or raises one of the errors the API documents (``InvalidNotationError``,
``InvalidHandError``, other ``ValueError``s, and ``TypeError`` only for a value of the wrong type);
anything else (KeyError, IndexError, RecursionError, ...) is a bug. Sized by tests/fuzzing.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import strategies as st

from fuzzing import fuzz, mutated, notation_texts
from majiang import Hand, Meld, Tile
from majiang.analysis import FORMS, effective_tiles, live_effective, shanten, shanten_forms
from majiang.errors import InvalidHandError, InvalidNotationError
from majiang.mcr import PROFILES, WinBy, call_advice, discard_advice, parse_wind, ready_waits, score
from majiang.notation import parse_hand, parse_meld, parse_tiles
from strategies import hands, melds

NOTATION_ERRORS = (InvalidNotationError, InvalidHandError)


def _outcome(call: Any, *args: Any, allowed: tuple[type[BaseException], ...], **kwargs: Any) -> Any:
    """``call(*args, **kwargs)``, or None if it raised one of ``allowed``; anything else fails the test."""
    try:
        return call(*args, **kwargs)
    except allowed:
        return None
    except Exception as exc:
        pytest.fail(f"{getattr(call, '__name__', call)}{args!r} {kwargs!r} raised an undocumented "
                    f"{type(exc).__name__}: {exc}")


def _check_notation(text: str) -> None:
    hand = _outcome(parse_hand, text, allowed=NOTATION_ERRORS)
    if hand is not None:
        assert Hand.parse(hand.notation()) == hand
        assert eval(repr(hand), {"Hand": Hand}) == hand
    assert (_outcome(Hand.parse, text, allowed=NOTATION_ERRORS) is None) == (hand is None)
    tiles = _outcome(parse_tiles, text, allowed=(InvalidNotationError,))
    tile = _outcome(Tile.parse, text, allowed=(InvalidNotationError,))
    assert tile is None or tiles == [tile]
    meld = _outcome(parse_meld, text, allowed=NOTATION_ERRORS)
    if meld is not None:
        assert Meld.parse(meld.notation()) == meld


test_fuzz_notation, test_fuzz_notation_soak = fuzz(notation_texts())(_check_notation)
_MELD_TEXTS = st.one_of(melds().map(Meld.notation), mutated(melds().map(Meld.notation)))
test_fuzz_meld_notation, test_fuzz_meld_notation_soak = fuzz(_MELD_TEXTS)(_check_notation)

_ANY = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.floats(allow_nan=True),
                 st.text(max_size=4), st.sampled_from([Tile.EAST, Tile.RED, 10**40]))
_WINDS = st.one_of(st.sampled_from(["E", "s", "南", "4z", " E", "E ", "X", "", Tile.NORTH, Tile.RED]), _ANY)
_PROFILES = st.one_of(st.sampled_from([*PROFILES, "MIL", "", "x"]), _ANY)


@st.composite
def _score_calls(draw: st.DrawFn) -> tuple[Any, dict[str, Any], bool]:
    """A hand (notation, a Hand or junk) and score's keywords with values of any type; and whether every
    value has its documented type (then only ValueErrors may come back)."""
    hand = draw(st.one_of(hands(with_winning_tile=True), hands(with_winning_tile=True).map(Hand.notation),
                          notation_texts(), _ANY))
    kwargs: dict[str, Any] = {}
    if draw(st.booleans()):
        kwargs["win_by"] = draw(st.one_of(st.sampled_from([*WinBy, *(w.value for w in WinBy), "kong"]), _ANY))
    for flag in ("last_of_wall", "last_copy"):
        if draw(st.booleans()):
            kwargs[flag] = draw(st.one_of(st.booleans(), _ANY))
    if draw(st.booleans()):
        kwargs["seat_wind"] = draw(_WINDS)
    if draw(st.booleans()):
        kwargs["round_wind"] = draw(_WINDS)
    if draw(st.booleans()):
        kwargs["flowers"] = draw(st.one_of(st.integers(-2, 10), _ANY))
    if draw(st.booleans()):
        kwargs["profile"] = draw(_PROFILES)
    typed = isinstance(hand, str | Hand) and all(
        type(kwargs.get(flag, False)) is bool for flag in ("last_of_wall", "last_copy"))
    return hand, kwargs, typed


def _check_score(call: tuple[Any, dict[str, Any], bool]) -> None:
    hand, kwargs, typed = call
    allowed: tuple[type[BaseException], ...] = (ValueError,) if typed else (ValueError, TypeError)
    result = _outcome(score, hand, allowed=allowed, **kwargs)
    if result is not None:
        assert result.total == result.fan_total + result.flowers
        json.dumps(result.to_dict(), allow_nan=False)


test_fuzz_score, test_fuzz_score_soak = fuzz(_score_calls())(_check_score)


@st.composite
def _analysis_calls(draw: st.DrawFn) -> tuple[Any, list[Any], Any, Any, Any]:
    hand = draw(st.one_of(hands(), hands().map(Hand.notation), notation_texts()))
    visible = draw(st.lists(st.one_of(st.sampled_from(list(Tile)), st.integers(-2, 40)), max_size=6))
    form = draw(st.one_of(st.none(), st.sampled_from([*FORMS, "x"])))
    tile = draw(st.one_of(st.sampled_from(list(Tile)), st.sampled_from(["5m", "E", " 5m", "x", "55m"]),
                          st.integers(-1, 40)))
    source = draw(st.integers(-1, 5))
    return hand, visible, form, tile, source


def _check_analysis(call: tuple[Any, list[Any], Any, Any, Any]) -> None:
    hand, visible, form, tile, source = call
    value = _outcome(shanten, hand, allowed=(ValueError,))
    forms = _outcome(shanten_forms, hand, allowed=(ValueError,))
    assert (value is None) == (forms is None)
    if forms is not None:
        assert forms.value == value
    effective = _outcome(effective_tiles, hand, form, allowed=(ValueError,))
    if effective is not None:
        assert effective == sorted(set(effective))
    for check in (live_effective, ready_waits, discard_advice):
        options = _outcome(check, hand, visible, allowed=(ValueError,))
        if check is live_effective and options is not None:
            # 0 <= live: whether a kind with no live copy is listed at all is issue 7 part 2 (another part).
            assert all(0 <= live.live <= 4 for live in options)
    _outcome(discard_advice, hand, visible, form=form, fan_check=False, allowed=(ValueError,))
    _outcome(call_advice, hand, tile, source=source, visible=visible, allowed=(ValueError,))


test_fuzz_analysis, test_fuzz_analysis_soak = fuzz(_analysis_calls(), fast=15)(_check_analysis)


def _check_wind(value: Any) -> None:
    wind = _outcome(parse_wind, value, allowed=(ValueError,))
    assert wind is None or wind in (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
    if isinstance(value, str) and value != value.strip():
        assert wind is None


test_fuzz_wind, test_fuzz_wind_soak = fuzz(_WINDS)(_check_wind)

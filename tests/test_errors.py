"""Every error majiang raises on purpose is a MajiangError, and each kind of mistake has its own class."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import majiang
import majiang.errors
from majiang import (
    Flower,
    Hand,
    IllegalActionError,
    InvalidActionError,
    InvalidHandError,
    InvalidNotationError,
    InvalidOptionError,
    MajiangError,
    Meld,
    MeldKind,
    Tile,
)
from majiang.bots import find_bot
from majiang.game import Action, ActionKind, Game
from majiang.game.ruleset import find_ruleset
from majiang.jsonstrict import StrictJSONError
from majiang.mcr import McrRules, fan, find_profile, score
from majiang.records.format import RecordError
from majiang.rules.mcr.sheet import SheetError
from majiang.sim.simulate import ResumeError


def test_one_root_and_it_is_a_value_error() -> None:
    assert issubclass(MajiangError, ValueError)
    for cls in (InvalidNotationError, InvalidHandError, InvalidActionError, IllegalActionError,
                InvalidOptionError, RecordError, SheetError, StrictJSONError, ResumeError):
        assert issubclass(cls, MajiangError), cls


def test_every_error_class_of_the_errors_module_is_exported() -> None:
    classes = {name for name, obj in inspect.getmembers(majiang.errors, inspect.isclass)
               if issubclass(obj, Exception)}
    assert classes == set(majiang.errors.__all__)
    assert classes <= set(majiang.__all__)


def test_an_unreadable_action_is_not_an_illegal_one() -> None:
    assert not issubclass(InvalidActionError, IllegalActionError)
    assert not issubclass(IllegalActionError, InvalidActionError)


CASES: tuple[tuple[str, Callable[[], Any], type[MajiangError], str], ...] = (
    ("notation", lambda: Hand.parse("123m456p789sEEEx"), InvalidNotationError, "unexpected character"),
    ("tile_count", lambda: score("123m456p789sEEE"), InvalidNotationError, "standing tiles"),
    ("not_a_win", lambda: score("123m456p789sEEE1p2p"), InvalidHandError, "not a winning hand"),
    ("tile_code", lambda: Tile(34), InvalidOptionError, "no tile 34"),
    ("flower_code", lambda: Flower(8), InvalidOptionError, "no flower 8"),
    ("meld_kind", lambda: MeldKind(4), InvalidHandError, "no meld kind 4"),
    ("chow_start", lambda: Meld(MeldKind.CHOW, Tile.M8), InvalidHandError, "a chow cannot start at 8m"),
    ("meld_tile", lambda: Meld(MeldKind.PUNG, 99),  # type: ignore[arg-type]
     InvalidOptionError, "no tile 99"),
    ("action_word", lambda: Action.parse("shout 5m"), InvalidActionError, "unknown action 'shout 5m'"),
    ("action_no_tile", lambda: Action.parse("discard"), InvalidActionError, "discard needs one tile"),
    ("action_bad_tile", lambda: Action.parse("discard 0z"), InvalidActionError, "discard needs a tile"),
    ("action_extra_tile", lambda: Action.parse("pass 5m"), InvalidActionError, "pass takes no tile"),
    ("action_kind", lambda: ActionKind(99), InvalidActionError, "no action kind 99"),
    ("profile", lambda: find_profile("nope"), InvalidOptionError, "unknown profile 'nope'"),
    ("ruleset", lambda: find_ruleset("nope"), InvalidOptionError, "unknown ruleset 'nope'"),
    ("bot", lambda: find_bot("nope"), InvalidOptionError, "unknown bot 'nope'"),
    ("fan", lambda: fan("nope"), InvalidOptionError, "no fan called 'nope'"),
    ("wind", lambda: score("[567m,2]123p456s99sCCC", seat_wind="X"), InvalidOptionError, "seat_wind"),
    ("flowers", lambda: score("[567m,2]123p456s99sCCC", flowers=9), InvalidOptionError, "flowers"),
    ("dealer", lambda: Game(McrRules(), seed=1, dealer=4), InvalidOptionError, "dealer"),
    ("false_win", lambda: McrRules(false_win="maybe"), InvalidOptionError, "false_win"),
)


@pytest.mark.parametrize(("make", "error", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_mistake_raises_its_own_error(make: Callable[[], Any], error: type[MajiangError],
                                           words: str) -> None:
    with pytest.raises(error, match=words):
        make()


def test_an_illegal_action_is_well_formed_but_not_allowed() -> None:
    game = Game(McrRules(), seed=1)
    idle = (game.to_act()[0] + 1) % 4  # a seat whose turn it is not
    with pytest.raises(IllegalActionError, match=f"seat {idle} cannot discard"):
        game.apply(idle, Action.parse("discard 5m"))


def test_a_wrong_python_type_is_a_type_error() -> None:
    bad: Any = 1
    with pytest.raises(TypeError, match="last_copy must be True or False"):
        score("[567m,2]123p456s99sCCC", last_copy=bad)
    with pytest.raises(TypeError, match="hand must be notation or a Hand"):
        score(["123m"])  # type: ignore[arg-type]

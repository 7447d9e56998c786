"""The old import paths of moved modules and names still work for one release, with a DeprecationWarning."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

import pytest

import majiang.rules.mcr.seating as seating
import majiang.rules.mcr.sheet as sheet

# (old module, new module, the message's start)
MOVED_MODULES = [
    ("majiang.game.sheet", sheet, "majiang.game.sheet moved to majiang.rules.mcr.sheet"),
]


@pytest.mark.parametrize(("old", "new", "message"), MOVED_MODULES)
def test_old_module_path_warns_and_offers_every_name(old: str, new: ModuleType, message: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # Another module may have imported the old path already; the warning comes once per import.
    monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match=message):
        shim = importlib.import_module(old)
    names: list[str] = new.__all__
    assert names
    assert {name: getattr(shim, name) for name in names} == {name: getattr(new, name) for name in names}


# (old module, name): the name now lives in majiang.rules.mcr.seating
MOVED_NAMES = [
    ("majiang.game", "SeatChanges"),
    ("majiang.game.match", "SeatChanges"),
    ("majiang.game.match", "SEAT_CHANGES"),
    ("majiang.game.match", "seat_positions"),
]


@pytest.mark.parametrize(("old", "name"), MOVED_NAMES)
def test_old_name_warns_and_is_the_new_object(old: str, name: str) -> None:
    message = rf"{old}\.{name} moved to majiang\.rules\.mcr\.seating\.{name}"
    with pytest.warns(DeprecationWarning, match=message):
        value = getattr(importlib.import_module(old), name)
    assert value is getattr(seating, name)


def test_from_import_of_an_old_name_warns() -> None:
    with pytest.warns(DeprecationWarning, match="majiang.game.SeatChanges moved"):
        from majiang.game import SeatChanges
    assert SeatChanges is seating.SeatChanges


def test_unknown_names_are_still_attribute_errors() -> None:
    import majiang.game
    import majiang.game.match

    for module in (majiang.game, majiang.game.match):
        with pytest.raises(AttributeError, match="no_such_name"):
            getattr(module, "no_such_name")  # noqa: B009

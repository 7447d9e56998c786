"""The old import paths of moved modules and names still work for one release, with a DeprecationWarning."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

import pytest

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

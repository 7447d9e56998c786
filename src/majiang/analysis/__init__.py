"""Pure functions on tiles and hands: decomposition, waits, shanten and effective tiles.

The per-suit tables behind them ship as package data and load on first use (about 0.1 s). The
submodules load on first use too, so ``majiang.analysis.decompose`` (all the fan calculator needs)
comes without the shanten tables.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType

TYPE_CHECKING = False  # not typing's: importing typing costs more than this module
if TYPE_CHECKING:
    from typing import Any

    from majiang.analysis.decompose import is_complete, iter_decompositions, suit_decompositions, waits
    from majiang.analysis.efficiency import (
        CallKind,
        CallOption,
        DiscardOption,
        LiveTile,
        Wait,
        WinFans,
        call_efficiency,
        discard_efficiency,
        live_effective,
        live_waits,
        seen_counts,
    )
    from majiang.analysis.shanten import (
        FORMS,
        RULED_OUT,
        ShantenForms,
        effective_counts,
        effective_tiles,
        regular_shanten,
        shanten,
        shanten_counts,
        shanten_forms,
    )

__all__ = [
    "FORMS",
    "RULED_OUT",
    "CallKind",
    "CallOption",
    "DiscardOption",
    "LiveTile",
    "ShantenForms",
    "Wait",
    "WinFans",
    "call_efficiency",
    "discard_efficiency",
    "effective_counts",
    "effective_tiles",
    "is_complete",
    "iter_decompositions",
    "live_effective",
    "live_waits",
    "regular_shanten",
    "seen_counts",
    "shanten",
    "shanten_counts",
    "shanten_forms",
    "suit_decompositions",
    "waits",
]


_HOME = {
    **dict.fromkeys(("is_complete", "iter_decompositions", "suit_decompositions", "waits"), "decompose"),
    **dict.fromkeys(("CallKind", "CallOption", "DiscardOption", "LiveTile", "Wait", "WinFans",
                     "call_efficiency", "discard_efficiency", "live_effective", "live_waits", "seen_counts"),
                    "efficiency"),
    **dict.fromkeys(("FORMS", "RULED_OUT", "ShantenForms", "effective_counts", "effective_tiles",
                     "regular_shanten", "shanten", "shanten_counts", "shanten_forms"), "shanten"),
}


class _Package(ModuleType):
    """This package: the function ``shanten`` keeps its name when the submodule of that name loads.

    Importing a submodule sets the package attribute of its name; the package used to import every
    submodule before binding its own names, so ``majiang.analysis.shanten`` was always the function.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "shanten" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    """Load the submodule that holds ``name`` on first use (PEP 562)."""
    if name in ("decompose", "efficiency", "tables"):  # the submodules the package used to import
        return import_module(f"majiang.analysis.{name}")
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'majiang.analysis' has no attribute {name!r}")
    value = getattr(import_module(f"majiang.analysis.{home}"), name)
    globals()[name] = value
    return value

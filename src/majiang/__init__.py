"""majiang: a Chinese mahjong engine (Chinese Official rules first).

The names below load their modules on first use, so ``import majiang`` alone costs next to nothing
and ``import majiang.mcr`` pulls only what scoring needs.
"""

from __future__ import annotations

import sys

# Not typing.TYPE_CHECKING: importing typing would cost more than the rest of this module (mypy reads
# any TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from majiang.errors import (
        IllegalActionError,
        InvalidActionError,
        InvalidHandError,
        InvalidNotationError,
        InvalidOptionError,
        MajiangError,
    )
    from majiang.hand import Hand
    from majiang.meld import Meld, MeldKind
    from majiang.seats import RelativeSeat
    from majiang.tiles import Flower, Suit, Tile

__all__ = [
    "Flower",
    "Hand",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidHandError",
    "InvalidNotationError",
    "InvalidOptionError",
    "MajiangError",
    "Meld",
    "MeldKind",
    "RelativeSeat",
    "Suit",
    "Tile",
]
__version__ = "0.1.0"

_HOME = {
    **dict.fromkeys(("IllegalActionError", "InvalidActionError", "InvalidHandError", "InvalidNotationError",
                     "InvalidOptionError", "MajiangError"), "errors"),
    "Hand": "hand",
    "Meld": "meld",
    "MeldKind": "meld",
    "RelativeSeat": "seats",
    "Flower": "tiles",
    "Suit": "tiles",
    "Tile": "tiles",
}


def __getattr__(name: str) -> Any:
    """Load the module that holds ``name`` on first use (PEP 562)."""
    if name in ("errors", "hand", "meld", "seats", "tiles"):  # the modules the package used to import
        __import__(f"majiang.{name}")
        return sys.modules[f"majiang.{name}"]
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'majiang' has no attribute {name!r}")
    module = f"majiang.{home}"
    __import__(module)
    value = getattr(sys.modules[module], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

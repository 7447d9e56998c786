"""Pure functions on tiles and hands: decomposition, waits, shanten and effective tiles.

The per-suit tables behind them ship as package data and load on first use (about 0.1 s).
"""

from majiang.analysis.decompose import is_complete, iter_decompositions, suit_decompositions, waits
from majiang.analysis.shanten import (
    FORMS,
    ShantenForms,
    effective_tiles,
    regular_shanten,
    shanten,
    shanten_forms,
)

__all__ = [
    "FORMS",
    "ShantenForms",
    "effective_tiles",
    "is_complete",
    "iter_decompositions",
    "regular_shanten",
    "shanten",
    "shanten_forms",
    "suit_decompositions",
    "waits",
]

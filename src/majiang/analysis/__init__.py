"""Pure functions on tiles and hands: decomposition, waits, shanten and effective tiles.

The per-suit tables behind them ship as package data and load on first use (about 0.1 s).
"""

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

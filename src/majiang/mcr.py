"""Chinese Official scoring and advice (国标麻将): the public module; ``majiang.rules.mcr`` implements it.

>>> r = score("[567m,2]123p456s99sCCC")
>>> r.total, [f.name for f in r.fans]
(2, ['箭刻'])
"""

from majiang.rules.mcr import (
    FAN_IDS,
    FANS,
    MINIMUM,
    PROFILES,
    Fan,
    FanHit,
    Profile,
    ScoreResult,
    WinBy,
    WinContext,
    fan,
    fan_total,
    find_profile,
    parse_win_by,
    parse_wind,
    score,
    win_context,
)
from majiang.rules.mcr.fans import FanId
from majiang.rules.mcr.profiles import ConcealedFormsSelfDrawn, KnittedStraightWait

TYPE_CHECKING = False  # not typing's: importing typing costs more than this module
if TYPE_CHECKING:
    from majiang.rules.mcr.advice import McrWinFans, call_advice, discard_advice, ready_waits
    from majiang.rules.mcr.definitions import DEFINITIONS, Definition, definition
    from majiang.rules.mcr.ruleset import McrRules

# The advice, the fan definitions and the table's ruleset load on first use: scoring, what most callers
# import for, needs none of them (part of the import-time budget in the README's Speed section).
_LAZY = {
    "McrWinFans": "majiang.rules.mcr.advice",
    "call_advice": "majiang.rules.mcr.advice",
    "discard_advice": "majiang.rules.mcr.advice",
    "ready_waits": "majiang.rules.mcr.advice",
    "DEFINITIONS": "majiang.rules.mcr.definitions",
    "Definition": "majiang.rules.mcr.definitions",
    "definition": "majiang.rules.mcr.definitions",
    "McrRules": "majiang.rules.mcr.ruleset",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))

__all__ = [
    "DEFINITIONS",
    "FANS",
    "FAN_IDS",
    "MINIMUM",
    "PROFILES",
    "ConcealedFormsSelfDrawn",
    "Definition",
    "Fan",
    "FanHit",
    "FanId",
    "KnittedStraightWait",
    "McrRules",
    "McrWinFans",
    "Profile",
    "ScoreResult",
    "WinBy",
    "WinContext",
    "call_advice",
    "definition",
    "discard_advice",
    "fan",
    "fan_total",
    "find_profile",
    "parse_win_by",
    "parse_wind",
    "ready_waits",
    "score",
    "win_context",
]

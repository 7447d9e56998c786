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
from majiang.rules.mcr.advice import McrWinFans, call_advice, discard_advice, ready_waits
from majiang.rules.mcr.definitions import DEFINITIONS, Definition, definition
from majiang.rules.mcr.fans import FanId
from majiang.rules.mcr.profiles import ConcealedFormsSelfDrawn, KnittedStraightWait

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

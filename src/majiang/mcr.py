"""Chinese Official scoring and advice: ``majiang.mcr.score`` and friends (see ``majiang.rules.mcr``)."""

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
    find_profile,
    parse_win_by,
    parse_wind,
    score,
    win_context,
)
from majiang.rules.mcr.advice import McrWinFans, call_advice, discard_advice, ready_waits

__all__ = [
    "FANS",
    "FAN_IDS",
    "MINIMUM",
    "PROFILES",
    "Fan",
    "FanHit",
    "McrWinFans",
    "Profile",
    "ScoreResult",
    "WinBy",
    "WinContext",
    "call_advice",
    "discard_advice",
    "fan",
    "find_profile",
    "parse_win_by",
    "parse_wind",
    "ready_waits",
    "score",
    "win_context",
]

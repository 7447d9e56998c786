"""Chinese Official scoring: ``majiang.mcr.score`` and friends (see ``majiang.rules.mcr``)."""

from majiang.rules.mcr import (
    FAN_IDS,
    FANS,
    MINIMUM,
    PROFILES,
    Fan,
    FanHit,
    Profile,
    ScoreResult,
    WinContext,
    fan,
    find_profile,
    parse_wind,
    score,
    win_context,
)

__all__ = [
    "FANS",
    "FAN_IDS",
    "MINIMUM",
    "PROFILES",
    "Fan",
    "FanHit",
    "Profile",
    "ScoreResult",
    "WinContext",
    "fan",
    "find_profile",
    "parse_wind",
    "score",
    "win_context",
]

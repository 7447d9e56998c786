"""The implementation of Changchun (长春麻将, seed 001) scoring: fans, win conditions, payments, kong money.

Import from ``majiang.changchun``, the public module.
"""

from majiang.rules.changchun.fans import (
    CHANGCHUN_FANS,
    SPECIAL_KONGS,
    Fan,
    FanId,
    SpecialKong,
    SpecialKongId,
    special_kong_of,
)
from majiang.rules.changchun.options import Options
from majiang.rules.changchun.payments import (
    Deltas,
    fan_points,
    is_big_egg,
    kong_payments,
    kong_worth,
    win_payments,
)
from majiang.rules.changchun.scoring import ChangchunScore, WinContext, score, winning_kinds

__all__ = ["CHANGCHUN_FANS", "SPECIAL_KONGS", "ChangchunScore", "Deltas", "Fan", "FanId", "Options",
           "SpecialKong", "SpecialKongId", "WinContext", "fan_points", "is_big_egg", "kong_payments",
           "kong_worth", "score", "special_kong_of", "win_payments", "winning_kinds"]

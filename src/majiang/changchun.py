"""Changchun (长春麻将, seed 001) scoring: the public module; ``majiang.rules.changchun`` implements it.

>>> r = score("[111m]456m789p345s9s 9s", WinContext(win_by=WinBy.SELF_DRAWN, seat=0))   # the dealer, 自摸
>>> [f.zh for f in r.fans], r.total, r.payments
(['平胡', '自摸', '夹胡', '庄胡'], 4, (12, -4, -4, -4))
>>> kong_payments([[Meld.parse("[1m1p1s,x]")], [], [], []])       # 幺蛋: 1 stake from each other seat
(3, -1, -1, -1)
"""

from majiang.hand import Hand, WinBy
from majiang.meld import Meld
from majiang.rules.changchun import (
    CHANGCHUN_FANS,
    SPECIAL_KONGS,
    ChangchunScore,
    Deltas,
    Fan,
    FanId,
    Options,
    SpecialKong,
    SpecialKongId,
    WinContext,
    fan_points,
    is_big_egg,
    kong_payments,
    kong_worth,
    score,
    special_kong_of,
    win_payments,
    winning_kinds,
)
from majiang.tiles import Tile

__all__ = ["CHANGCHUN_FANS", "SPECIAL_KONGS", "ChangchunScore", "Deltas", "Fan", "FanId", "Hand", "Meld",
           "Options", "SpecialKong", "SpecialKongId", "Tile", "WinBy", "WinContext", "fan_points",
           "is_big_egg", "kong_payments", "kong_worth", "score", "special_kong_of", "win_payments",
           "winning_kinds"]

"""Sichuan (四川麻将) and Chengdu (成都) scoring: the public module; ``majiang.rules.sichuan`` implements it.

>>> r = score("123m456m789m55m111p")
>>> [h.fan.zh for h in r.fans], r.total, r.points
(['平胡'], 1, 6)
>>> r = score("123m456m789m55m111p", options="chengdu")
>>> r.total, r.points
(0, 5)
"""

from majiang.hand import WinBy
from majiang.rules.sichuan import (
    CHENGDU_FANS,
    OPTIONS,
    SICHUAN_FANS,
    Fan,
    FanHit,
    FanId,
    Options,
    ScoreResult,
    find_options,
    score,
)

__all__ = ["CHENGDU_FANS", "OPTIONS", "SICHUAN_FANS", "Fan", "FanHit", "FanId", "Options", "ScoreResult",
           "WinBy", "find_options", "score"]

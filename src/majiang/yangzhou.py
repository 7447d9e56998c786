"""Yangzhou (扬州麻将, seed 001) scoring: the public module; ``majiang.rules.yangzhou`` implements it.

>>> r = score("123m456m789m789pWW", YangzhouContext(win_by=WinBy.SELF_DRAWN, winner=2))
>>> [line.fan.zh for line in r.fans], r.total, r.wins, r.payments
(['门清', '自摸', '齐相', '独吊', '一条龙'], 24, True, (-24, -24, 72, -24))
>>> r = score("123m456p789s234s55m")                      # 门清, 平胡, 独吊: below the minimum
>>> r.total, r.wins, r.payments
(3, False, (0, 0, 0, 0))
"""

from majiang.hand import Hand, WinBy
from majiang.rules.yangzhou import (
    YANGZHOU_FANS,
    Deltas,
    Fan,
    FanId,
    FanLine,
    Options,
    YangzhouContext,
    YangzhouScore,
    payments,
    score,
)
from majiang.tiles import Tile

__all__ = ["YANGZHOU_FANS", "Deltas", "Fan", "FanId", "FanLine", "Hand", "Options", "Tile", "WinBy",
           "YangzhouContext", "YangzhouScore", "payments", "score"]

"""The implementation of Sichuan (四川麻将, seed 004) and Chengdu (成都, seed 000) scoring.

Import from ``majiang.sichuan``, the public module.
"""

from majiang.rules.sichuan.fans import CHENGDU_FANS, SICHUAN_FANS, Fan, FanId
from majiang.rules.sichuan.scoring import OPTIONS, FanHit, Options, ScoreResult, find_options, score

__all__ = ["CHENGDU_FANS", "OPTIONS", "SICHUAN_FANS", "Fan", "FanHit", "FanId", "Options", "ScoreResult",
           "find_options", "score"]

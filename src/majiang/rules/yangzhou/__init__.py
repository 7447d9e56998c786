"""The implementation of Yangzhou (扬州麻将, seed 001) scoring: the fan table, scores and payments.

Import from ``majiang.yangzhou``, the public module.
"""

from majiang.rules.yangzhou.fans import YANGZHOU_FANS, Fan, FanId
from majiang.rules.yangzhou.options import Options
from majiang.rules.yangzhou.scoring import Deltas, FanLine, YangzhouContext, YangzhouScore, payments, score

__all__ = ["YANGZHOU_FANS", "Deltas", "Fan", "FanId", "FanLine", "Options", "YangzhouContext",
           "YangzhouScore", "payments", "score"]

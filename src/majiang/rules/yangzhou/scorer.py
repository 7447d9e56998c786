"""The Yangzhou scorer hook (``YangzhouRules.scorer()``): the win context as fields, scored in 番.

>>> scorer = YangzhouScorer()
>>> hand = "11m222p555s666s999m"
>>> result = scorer.score(hand, scorer.make_context(hand, {"win": "self-drawn", "winner": 2}))
>>> result.total, result.payments
(27, (-27, -27, 81, -27))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.game.scoring import WIN_FIELD, WINNER_FIELD, ContextField, giver_field, read_values
from majiang.hand import Hand, WinBy
from majiang.rules.yangzhou.options import Options
from majiang.rules.yangzhou.scoring import YangzhouContext, YangzhouScore, score

__all__ = ["FIELDS", "YangzhouScorer"]

FIELDS = (
    WIN_FIELD,
    ContextField("seat_wind", "wind", "E", help="The winner's seat wind (E: the dealer)", zh="门风"),
    ContextField("round_wind", "wind", "E", help="The round wind", zh="圈风"),
    WINNER_FIELD,
    giver_field("The seat that gave the tile (放炮, or the konger robbed); auto: the winner's 上家 on a "
                "discard, none on a self-draw", "放炮方"),
)
"""The win context of Yangzhou scoring (``YangzhouContext``), field by field."""


@dataclass(frozen=True, slots=True)
class YangzhouScorer:
    """Scores Yangzhou hands under one set of scoring ``options`` (the ruleset's)."""

    options: Options = dataclasses.field(default_factory=Options)

    def context_fields(self) -> tuple[ContextField, ...]:
        """How it was won, the winds, the winner and the giver."""
        return FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> YangzhouContext:
        """The ``YangzhouContext`` from plain data (``win`` is ``win_by``'s value)."""
        v = read_values(FIELDS, values, "yangzhou")
        giver = None if v["giver"] == "auto" else int(v["giver"])
        return YangzhouContext(WinBy(v["win"]), v["seat_wind"], v["round_wind"], v["winner"], giver)

    def score(self, hand: Hand | str, context: YangzhouContext) -> YangzhouScore:
        """``majiang.yangzhou.score(hand, context, options)``."""
        return score(hand, context, self.options)

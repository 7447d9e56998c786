"""The Changchun scorer hook (``ChangchunRules.scorer()``): the win context as fields, scored in points.

>>> scorer = ChangchunScorer()
>>> hand = "[111m]456m789p345s9s 9s"
>>> scorer.score(hand, scorer.make_context(hand, {"winner": 1, "giver": "0"})).payments
(-3, 3, 0, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.game.scoring import (
    DEALER_FIELD,
    WIN_FIELD,
    WINNER_FIELD,
    ContextField,
    giver_field,
    giver_of,
    read_values,
)
from majiang.hand import Hand, WinBy
from majiang.rules.changchun.options import Options
from majiang.rules.changchun.scoring import ChangchunScore, WinContext, score

__all__ = ["FIELDS", "ChangchunScorer"]

FIELDS = (
    WIN_FIELD,
    WINNER_FIELD,
    DEALER_FIELD,
    giver_field("The seat that gave the tile (放炮, or the seat whose addition was robbed); auto: the "
                "winner's 上家 on a discard or a robbed addition, none on a self-draw", "放炮方"),
    ContextField("treasure", "bool", False,
                 help="The winning tile is the 宝牌 drawn by a ready seat, standing for any tile", zh="宝牌"),
    ContextField("pair_treasure", "bool", False,
                 help="对宝: the 宝牌 seen is the wait, won at once (self-drawn)", zh="对宝"),
)
"""The win context of Changchun scoring (``WinContext``), field by field."""


@dataclass(frozen=True, slots=True)
class ChangchunScorer:
    """Scores Changchun hands under one set of scoring ``options`` (the ruleset's)."""

    options: Options = dataclasses.field(default_factory=Options)

    def context_fields(self) -> tuple[ContextField, ...]:
        """How it was won, the winner, dealer and giver, 宝牌 and 对宝."""
        return FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> WinContext:
        """The ``WinContext`` from plain data (``win`` is ``win_by``'s value); the hand is checked when
        scored, the context when made (``InvalidHandError`` for one that contradicts itself)."""
        v = read_values(FIELDS, values, "changchun")
        win_by = WinBy(v["win"])
        giver = giver_of(v["giver"], win_by, v["winner"])
        return WinContext(win_by, v["winner"], v["dealer"], giver, v["treasure"], v["pair_treasure"])

    def score(self, hand: Hand | str, context: WinContext) -> ChangchunScore:
        """``majiang.changchun.score(hand, context, options)``."""
        return score(hand, context, self.options)

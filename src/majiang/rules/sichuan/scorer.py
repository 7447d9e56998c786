"""The Sichuan and Chengdu scorer hook (``SichuanRules.scorer()``): the win context as fields, scored in 番.

>>> scorer = SichuanScorer(find_options("chengdu"))
>>> hand = "111222444m33399p"
>>> scorer.score(hand, scorer.make_context(hand, {"win": "self-drawn"})).points
15
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.game.scoring import WIN_FIELD, ContextField, read_values
from majiang.hand import Hand
from majiang.rules.sichuan.scoring import Options, ScoreResult, WinContext, find_options, score

__all__ = ["FIELDS", "SichuanScorer"]

FIELDS = (
    WIN_FIELD,
    ContextField("last_of_wall", "bool", False, help="The wall's last tile (海底, where the options "
                 "score it)", zh="海底"),
    ContextField("after_kong", "bool", False, help="Won on a discard made right after the discarder's kong",
                 zh="杠上炮"),
    ContextField("heavenly", "bool", False, help="The dealer's opening hand, self-drawn", zh="天胡"),
    ContextField("earthly", "bool", False, help="A win in the first go-round", zh="地胡"),
    ContextField("fed_kong", "bool", False, help="杠上花 on a kong made on a discard, paid by that discarder "
                 "alone as a 点炮 (no self-draw bonus)", zh="点杠花"),
)
"""The win context of Sichuan and Chengdu scoring (``WinContext``), field by field."""


@dataclass(frozen=True, slots=True)
class SichuanScorer:
    """Scores Sichuan or Chengdu hands under one set of scoring ``options`` (the ruleset's)."""

    options: Options = dataclasses.field(default_factory=lambda: find_options("sichuan"))

    def context_fields(self) -> tuple[ContextField, ...]:
        """How it was won, 海底, 杠上炮, 天胡, 地胡 and a fed kong's 杠上花."""
        return FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> WinContext:
        """The ``WinContext`` from plain data (``win`` is ``win_by``'s value); the hand is checked when
        scored."""
        v = read_values(FIELDS, values, self.options.name)
        return WinContext(v["win"], v["last_of_wall"], v["after_kong"], v["heavenly"], v["earthly"],
                          v["fed_kong"])

    def score(self, hand: Hand | str, context: WinContext) -> ScoreResult:
        """``majiang.sichuan.score(hand, context, options)``."""
        return score(hand, context, self.options)

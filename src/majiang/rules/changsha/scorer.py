"""The Changsha scorer hook (``ChangshaRules.scorer()``): the win context as fields, scored in points.

>>> scorer = ChangshaScorer()
>>> hand = "222444666888m99m"
>>> scorer.score(hand, scorer.make_context(hand, {"winner": 1, "giver": "0"})).payments
(-14, 14, 0, 0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.game.scoring import (
    DEALER_FIELD,
    SEATS,
    WIN_FIELD,
    WINNER_FIELD,
    ContextField,
    giver_field,
    giver_of,
    read_values,
)
from majiang.hand import Hand, WinBy
from majiang.rules.changsha.options import Options
from majiang.rules.changsha.scoring import ChangshaScore, WinContext, score

__all__ = ["FIELDS", "ChangshaScorer"]

FIELDS = (
    WIN_FIELD,
    WINNER_FIELD,
    DEALER_FIELD,
    giver_field("The seat that gave the tile (点炮, or the konger robbed); auto: the winner's 上家 on a "
                "discard or a robbed kong, none on a self-draw", "点炮方"),
    ContextField("heavenly", "bool", False, help="The dealer's fourteen dealt tiles, self-drawn", zh="天胡"),
    ContextField("earthly", "bool", False, help="A non-dealer's win on the dealer's first discard",
                 zh="地胡"),
    ContextField("last_of_wall", "bool", False, help="The wall's last tile (海底)", zh="海底"),
    ContextField("seabed_taker", "choice", "none", ("none", *SEATS),
                 help="海底漫游: the seat that took the last tile and let it go (it pays)", zh="要海底者"),
)
"""The win context of Changsha scoring (``WinContext``), field by field."""


@dataclass(frozen=True, slots=True)
class ChangshaScorer:
    """Scores Changsha hands under one set of scoring ``options`` (the ruleset's)."""

    options: Options = dataclasses.field(default_factory=Options)

    def context_fields(self) -> tuple[ContextField, ...]:
        """How it was won, the winner, dealer and giver, 天胡, 地胡, 海底 and its taker."""
        return FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> WinContext:
        """The ``WinContext`` from plain data (``win`` is ``win_by``'s value); the hand is checked when
        scored, the context when made (``InvalidHandError`` for one that contradicts itself)."""
        v = read_values(FIELDS, values, "changsha")
        win_by = WinBy(v["win"])
        taker = None if v["seabed_taker"] == "none" else int(v["seabed_taker"])
        giver = giver_of(v["giver"], win_by, v["winner"])
        if v["giver"] == "auto" and taker is not None:
            giver = taker  # 海底漫游: the taker pays
        return WinContext(win_by, v["winner"], v["dealer"], giver, v["heavenly"], v["earthly"],
                          v["last_of_wall"], taker)

    def score(self, hand: Hand | str, context: WinContext) -> ChangshaScore:
        """``majiang.changsha.score(hand, context, options)``."""
        return score(hand, context, self.options)

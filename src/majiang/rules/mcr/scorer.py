"""The Chinese Official scorer hook (``McrRules.scorer()``): the win context as fields, scored by fans.

>>> scorer = McrScorer("wmo2014")
>>> context = scorer.make_context("[SSS]123m456p789s1m1m", {"seat_wind": "S", "flowers": 2})
>>> context.seat_wind, scorer.score("[SSS]123m456p789s1m1m", context).total
(<Tile.SOUTH: 28>, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.game.scoring import WIN_FIELD, ContextField, read_values
from majiang.hand import Hand
from majiang.notation import parse_hand
from majiang.rules.mcr import ScoreResult, WinContext, score, win_context
from majiang.rules.mcr.payments import BASE_POINTS, win_payments

__all__ = ["FIELDS", "McrScorer"]


FIELDS = (
    WIN_FIELD,
    ContextField("last_of_wall", "bool", False, help="The wall's last tile: 妙手回春 self-drawn, 海底捞月 on "
                 "a discard", zh="海底"),
    ContextField("last_copy", "bool", False, help="The winning tile is the last copy of its kind",
                 zh="和绝张"),
    ContextField("seat_wind", "wind", "E", help="Seat wind", zh="门风"),
    ContextField("round_wind", "wind", "E", help="Round wind", zh="圈风"),
    ContextField("flowers", "int", 0, help="Flowers (not counted toward the minimum)", zh="花牌",
                 minimum=0, maximum=8),
)
"""The win context of Chinese Official scoring (``WinContext``), field by field."""


@dataclass(frozen=True, slots=True)
class McrScorer:
    """Scores Chinese Official hands under one ``profile`` (the ruleset's option).

    The house fans (``McrRules.house_fans``: 天和, 地和 ...) are judged from how the game went, which a
    hand shown alone does not tell: the scorer counts the standard fans only, as ``majiang.mcr.score``.
    """

    profile: str = "mil"
    base_points: int = BASE_POINTS

    def context_fields(self) -> tuple[ContextField, ...]:
        """How it was won, the last tile and last copy, the winds and the flowers."""
        return FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> WinContext:
        """``win_context`` of the hand from plain data (``win`` is ``win_by``'s value)."""
        v = read_values(FIELDS, values, "mcr")
        return win_context(parse_hand(hand) if isinstance(hand, str) else hand, win_by=v["win"],
                           last_of_wall=v["last_of_wall"], last_copy=v["last_copy"],
                           seat_wind=v["seat_wind"], round_wind=v["round_wind"], flowers=v["flowers"])

    def score(self, hand: Hand | str, context: WinContext) -> ScoreResult:
        """``majiang.mcr.score(hand, context, profile)``."""
        return score(hand, context, self.profile)

    def sheet_payments(self, winner: int, discarder: int | None, total: int) -> tuple[int, int, int, int]:
        """``base_points`` + fans from the discarder and ``base_points`` from the others, or ``base_points``
        + fans from each (自摸): a sheet settles a win entered by hand so (``SheetScorer``)."""
        return win_payments(winner, discarder, total, self.base_points)

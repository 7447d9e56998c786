"""The riichi scorer hook (``RiichiRules.scorer()``): the win context as fields, scored in han, fu, points.

The fields are those of ``majiang fan --rules riichi``: ``win`` and ``last_of_wall`` become 自摸, 岭上,
抢杠, 海底 and 河底; ``heavenly``/``earthly`` 天和/地和; the others are ``WinContext``'s (``dora`` and
``ura`` its indicators, ``sticks`` its ``riichi_sticks``). Red fives come from the hand's notation (0m).

>>> scorer = RiichiScorer()
>>> hand = "234567m234p3488s 2s"
>>> result = scorer.score(hand, scorer.make_context(hand, {"win": "self-drawn", "riichi": True}))
>>> result.han, result.points
(6, 18000)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from majiang.game.scoring import WIN_FIELD, ContextField, read_values
from majiang.hand import Hand, WinBy
from majiang.rules.riichi.context import RiichiOptions, WinContext
from majiang.rules.riichi.result import RiichiResult
from majiang.rules.riichi.scoring import score

__all__ = ["FIELDS", "RiichiScorer"]

FIELDS = (
    WIN_FIELD,
    ContextField("last_of_wall", "bool", False, help="The wall's last tile: haitei self-drawn, houtei on a "
                 "discard", zh="海底/河底"),
    ContextField("riichi", "bool", False, help="The winner declared riichi", zh="立直"),
    ContextField("double_riichi", "bool", False, help="Double riichi (on the first turn)", zh="两立直"),
    ContextField("ippatsu", "bool", False, help="Won within the go-round after riichi", zh="一发"),
    ContextField("heavenly", "bool", False, help="Tenhou: the dealer's opening hand", zh="天和"),
    ContextField("earthly", "bool", False, help="Chiihou: a non-dealer's first draw", zh="地和"),
    ContextField("renhou", "bool", False, help="A non-dealer's win on a discard before their first draw "
                 "(scored where the renhou option says)", zh="人和"),
    ContextField("seat_wind", "wind", "E", help="Seat wind (E: the dealer)", zh="门风"),
    ContextField("round_wind", "wind", "E", help="Round wind", zh="场风"),
    ContextField("dora", "tiles", (), help="Dora indicators", zh="宝牌指示牌"),
    ContextField("ura", "tiles", (), help="Ura dora indicators (with riichi)", zh="里宝牌指示牌"),
    ContextField("honba", "int", 0, help="Honba counters (300 points each)", zh="本场", minimum=0),
    ContextField("sticks", "int", 0, help="Riichi sticks on the table (1000 points each)", zh="供托",
                 minimum=0),
)
"""The win context of riichi scoring, field by field."""


@dataclass(frozen=True, slots=True)
class RiichiScorer:
    """Scores riichi hands under one set of scoring ``options`` (the ruleset's)."""

    options: RiichiOptions = dataclasses.field(default_factory=RiichiOptions)

    def context_fields(self) -> tuple[ContextField, ...]:
        """How it was won, the riichi flags, the first-turn wins, the winds, dora and the table's counters."""
        return FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> WinContext:
        """The ``WinContext`` from plain data; contradictions raise ``InvalidHandError`` naming the fields.
        The hand is checked when scored."""
        v = read_values(FIELDS, values, "riichi")
        how = WinBy(v["win"])
        tsumo, last = how.self_drawn, v["last_of_wall"]
        return WinContext(
            tsumo=tsumo, riichi=v["riichi"] or v["double_riichi"], double_riichi=v["double_riichi"],
            ippatsu=v["ippatsu"], rinshan=how is WinBy.KONG_REPLACEMENT, chankan=how is WinBy.ROBBING_KONG,
            haitei=last and tsumo, houtei=last and not tsumo, tenhou=v["heavenly"], chiihou=v["earthly"],
            renhou=v["renhou"], seat_wind=v["seat_wind"], round_wind=v["round_wind"],
            dora_indicators=v["dora"], ura_indicators=v["ura"], honba=v["honba"], riichi_sticks=v["sticks"])

    def score(self, hand: Hand | str, context: WinContext) -> RiichiResult:
        """``majiang.riichi.score(hand, context, options)``."""
        return score(hand, context, self.options)

"""Japanese riichi (立直麻将) scoring: the public module; ``majiang.rules.riichi`` implements it.

>>> r = score("123m456p789s23sEE 4s", WinContext(riichi=True, seat_wind=Tile.EAST))
>>> [y.id for y in r.yaku], r.han, r.fu, r.points
(['riichi'], 1, 40, 2000)
"""

from majiang.rules.riichi import (
    RENHOU_VALUES,
    YAKU,
    FuItem,
    NoYakuError,
    Payment,
    RiichiHand,
    RiichiOptions,
    RiichiResult,
    WinContext,
    Yaku,
    YakuHit,
    YakuId,
    parse_hand,
    payment,
    score,
)
from majiang.rules.riichi.scoring import dora_of
from majiang.tiles import Tile

__all__ = ["RENHOU_VALUES", "YAKU", "FuItem", "NoYakuError", "Payment", "RiichiHand", "RiichiOptions",
           "RiichiResult", "Tile", "WinContext", "Yaku", "YakuHit", "YakuId", "dora_of", "parse_hand",
           "payment", "score"]

# The game (``--rules riichi``): the ruleset, what a view shows of it, and the final points of a game.
from majiang.rules.riichi.payments import final_points
from majiang.rules.riichi.ruleset import RiichiPublic, RiichiRules, red_places

__all__ += ["RiichiPublic", "RiichiRules", "final_points", "red_places"]

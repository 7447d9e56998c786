"""Japanese riichi (立直麻将) scoring: yaku, fu, han, dora, limits and payments (docs/riichi.md).

>>> from majiang.rules.riichi import WinContext, score
>>> r = score("234567m234p3488s 2s", WinContext(riichi=True, tsumo=True))
>>> [y.id for y in r.yaku], r.han, r.fu, r.points
(['riichi', 'menzen_tsumo', 'pinfu', 'tanyao', 'sanshoku'], 6, 20, 18000)
"""

from majiang.rules.riichi.context import RENHOU_VALUES, RiichiOptions, WinContext
from majiang.rules.riichi.notation import RiichiHand, parse_hand
from majiang.rules.riichi.result import FuItem, Payment, RiichiResult, YakuHit, payment
from majiang.rules.riichi.scoring import NoYakuError, score
from majiang.rules.riichi.yaku import YAKU, Yaku, YakuId

__all__ = ["RENHOU_VALUES", "YAKU", "FuItem", "NoYakuError", "Payment", "RiichiHand", "RiichiOptions",
           "RiichiResult", "WinContext", "Yaku", "YakuHit", "YakuId", "parse_hand", "payment", "score"]

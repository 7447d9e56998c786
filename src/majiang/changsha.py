"""Changsha (长沙麻将, seed 004) scoring: the public module; ``majiang.rules.changsha`` implements it.

>>> r = score("222m555p888s234s55m", WinContext(win_by=WinBy.SELF_DRAWN, seat=0))   # the dealer, 自摸
>>> r.category.value, [w.zh for w in r.wins], r.payments
('small', ['小胡'], (6, -2, -2, -2))
>>> with_birds(r.payments, winner=0, giver=None, birds=[bird_seat(Tile.M5, dealer=0)])  # 5: the dealer
(12, -4, -4, -4)
"""

from majiang.hand import Hand, WinBy
from majiang.rules.changsha import (
    CHANGSHA_WINS,
    PRICES,
    Category,
    ChangshaScore,
    Deltas,
    OpeningWin,
    Options,
    PayCase,
    Price,
    Win,
    WinContext,
    WinId,
    WinKind,
    bird_seat,
    bird_tiles,
    opening_payments,
    opening_wins,
    score,
    win_payments,
    with_birds,
)
from majiang.tiles import Tile

__all__ = ["CHANGSHA_WINS", "PRICES", "Category", "ChangshaScore", "Deltas", "Hand", "OpeningWin", "Options",
           "PayCase", "Price", "Tile", "Win", "WinBy", "WinContext", "WinId", "WinKind", "bird_seat",
           "bird_tiles", "opening_payments", "opening_wins", "score", "win_payments", "with_birds"]

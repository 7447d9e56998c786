"""The implementation of Changsha (长沙麻将, seed 004) scoring: win categories, scores and payments.

Import from ``majiang.changsha``, the public module.
"""

from majiang.rules.changsha.fans import CHANGSHA_WINS, Category, Win, WinId, WinKind
from majiang.rules.changsha.options import Options
from majiang.rules.changsha.payments import (
    PRICES,
    Deltas,
    PayCase,
    Price,
    bird_seat,
    bird_tiles,
    opening_payments,
    win_payments,
    with_birds,
)
from majiang.rules.changsha.scoring import ChangshaScore, OpeningWin, WinContext, opening_wins, score

__all__ = ["CHANGSHA_WINS", "PRICES", "Category", "ChangshaScore", "Deltas", "OpeningWin", "Options",
           "PayCase", "Price", "Win", "WinContext", "WinId", "WinKind", "bird_seat", "bird_tiles",
           "opening_payments", "opening_wins", "score", "win_payments", "with_birds"]

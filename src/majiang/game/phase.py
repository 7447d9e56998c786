"""Where a hand is (``Phase``): apart from the view, so the table protocol can name it without importing
the view, which names the ruleset."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Phase"]


class Phase(IntEnum):
    """Where the hand is: a seat's own turn, others answering a discard or an added kong, over, an
    opening phase before play (exchanges, declarations) where every asked seat answers, or a question a
    ruleset asks during play (``Game.ask``: Changsha's last tile offered around the table)."""

    TURN = 0
    CLAIM = 1
    ROB = 2
    OVER = 3
    OPENING = 4
    ASK = 5

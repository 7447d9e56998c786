"""What a hand's wins and end are, as values (``WinRecord`` for one win, ``HandResult`` for the hand), and
the table points of a match's totals (``standard_scores``).

The engine makes them (``majiang.game.table``), rulesets receive them in their hooks (``pay_win``,
``after_win``), and matches, records and displays read them; ``NextHand`` is what a ruleset's
``next_hand`` decides between hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from majiang.hand import Hand, WinBy
from majiang.tiles import Tile

__all__ = ["Fault", "HandResult", "NextHand", "Penalty", "WinRecord", "standard_scores"]


class Fault(StrEnum):
    """What a seat did that a ruleset may charge (``Ruleset.penalty``)."""

    FALSE_WIN = "false-win"
    """A win declared that is not one (错和)."""
    FORFEIT = "forfeit"
    """The seat broke the table's protocol (``Game.forfeit``: an external program's timeout or illegal
    answer); the hand ends."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """What a fault costs: the four seats' changes, and whether a false win also ends the hand."""

    deltas: tuple[int, int, int, int]
    ends_hand: bool = False


@dataclass(frozen=True, slots=True)
class NextHand:
    """What the hand just booked decides for the match (``Ruleset.next_hand``): who deals next, the next
    hand's round wind, how players change seats (``positions[p] -> seats[positions[p]]``; None: they
    stay), whether the match is over, and what is settled as it ends (``settled``: changes to the players'
    totals, by player, outside any hand: riichi's sticks left on the table go to first place)."""

    dealer: int
    round_wind: Tile
    seats: tuple[int, int, int, int] | None = None
    over: bool = False
    settled: tuple[int, int, int, int] | None = None

    def __post_init__(self) -> None:
        if self.settled is not None and not self.over:
            raise ValueError("only the end of a match settles the players' totals (settled needs over)")


@dataclass(frozen=True, slots=True)
class WinRecord:
    """One win: who, on which tile, how, from whom (None: self-drawn), and the ruleset's score."""

    seat: int
    tile: Tile
    win_by: WinBy
    giver: int | None
    score: Any
    """The ruleset's score (``Score``: at least ``total`` and ``explain()``)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: winners in the order they won (empty for an exhaustive draw 荒庄), their scores,
    and the score changes of the whole hand (every payment: wins, kongs, penalties, settlement).

    ``self_drawn`` and ``payer`` describe the first win. ``hands`` are the four seats' hands as the hand
    ended, shown to everyone (sources 000 and 002: concealed kongs are opened when the hand ends): declared
    melds with the concealed kongs, standing tiles, and for a winner its last winning tile as
    ``winning_tile``. ``wins`` has every win in order (several where the ruleset plays on after a win).
    """

    winners: tuple[int, ...]
    scores: tuple[Any, ...]
    self_drawn: bool
    payer: int | None
    deltas: tuple[int, int, int, int]
    hands: tuple[Hand, ...] = ()
    wins: tuple[WinRecord, ...] = ()

    @property
    def exhausted(self) -> bool:
        """No one won: the wall ran out (荒庄)."""
        return not self.winners

    @property
    def winning_tile(self) -> Tile | None:
        """The tile of the first win (None if nobody won)."""
        return self.wins[0].tile if self.wins else None


def standard_scores(totals: Sequence[int]) -> tuple[float, float, float, float]:
    """Table points 4/2/1/0 by final rank, ties sharing the points of the places they span.

    >>> standard_scores([10, 10, -5, -15])
    (3.0, 3.0, 1.0, 0.0)
    """
    points = (4.0, 2.0, 1.0, 0.0)
    order = sorted(range(4), key=lambda p: -totals[p])
    out = [0.0] * 4
    i = 0
    while i < 4:
        j = i
        while j + 1 < 4 and totals[order[j + 1]] == totals[order[i]]:
            j += 1
        share = sum(points[i:j + 1]) / (j - i + 1)
        for k in range(i, j + 1):
            out[order[k]] = share
        i = j + 1
    return (out[0], out[1], out[2], out[3])

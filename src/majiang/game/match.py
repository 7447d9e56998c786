"""A match: four rounds of four hands with the seat changes of seed 003, and standard scores.

Players 0-3 keep their identity; their places at the table (positions 0-3 = East, South, West, North
seats) change after each round:

* after the first round: East and South swap, West and North swap;
* after the second: East and South go across (to West and North), West goes to South, North to East;
* after the third: East and South swap, West and North swap.

In every round the player in the East seat deals first, and the deal passes counterclockwise each
hand with no repeat dealer (不连庄); the round wind runs East, South, West, North.

>>> m = Match(seed=1)
>>> m.hand_number, m.round_wind.notation(), m.game.dealer
(1, 'E', 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from majiang.game.rules import McrRules, Ruleset
from majiang.game.table import Game, HandResult, Phase
from majiang.tiles import WINDS, Tile

__all__ = ["SEAT_CHANGES", "Match", "MatchHand", "standard_scores"]

SEAT_CHANGES: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 3, 2),  # after round 1: the player at position p moves to SEAT_CHANGES[0][p]
    (2, 3, 1, 0),  # after round 2
    (1, 0, 3, 2),  # after round 3
)


@dataclass(frozen=True, slots=True)
class MatchHand:
    """One finished hand of a match, as the score sheet records it."""

    number: int
    round_wind: Tile
    dealer_player: int
    positions: tuple[int, int, int, int]
    """positions[player]: where each player sat (0 East seat ... 3 North seat)."""
    result: HandResult
    deltas: tuple[int, int, int, int]
    """Score changes by player (not by seat)."""


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


class Match:
    """Sixteen hands (four rounds) for four players; ``game`` is the hand in play.

    Hand seeds come from the match seed, so a match replays exactly. ``hands`` may be lowered for
    short matches (a multiple of 4 keeps every player dealing equally).
    """

    def __init__(self, rules: Ruleset | None = None, *, seed: int | None = None, hands: int = 16) -> None:
        if not 1 <= hands <= 16:
            raise ValueError(f"a match has 1 to 16 hands, not {hands!r}")
        self.rules: Ruleset = rules if rules is not None else McrRules()
        self.seed = seed
        self.hands = hands
        self._rng = random.Random(seed)
        self.totals = [0, 0, 0, 0]
        self.positions = [0, 1, 2, 3]  # positions[player] = seat position
        self.history: list[MatchHand] = []
        self.hand_number = 1
        self.game = self._new_game()

    @property
    def round_index(self) -> int:
        """0-3: the East, South, West or North round."""
        return (self.hand_number - 1) // 4

    @property
    def round_wind(self) -> Tile:
        """The prevalent wind of the current round (圈风); the North round's once the match is over."""
        return WINDS[min(self.round_index, 3)]

    @property
    def over(self) -> bool:
        """All hands are played."""
        return self.hand_number > self.hands

    def player_at(self, seat: int) -> int:
        """The player sitting in ``seat`` (position) now."""
        return self.positions.index(seat)

    def _new_game(self) -> Game:
        seed = self._rng.randrange(2**63)
        dealer = (self.hand_number - 1) % 4
        by_seat = [self.totals[self.player_at(s)] for s in range(4)]
        return Game(self.rules, seed=seed, dealer=dealer, prevalent=self.round_wind, scores=by_seat)

    def next_hand(self) -> MatchHand:
        """Book the finished hand, change seats after a round, and deal the next hand."""
        game = self.game
        if game.phase != Phase.OVER or game.result is None:
            raise ValueError("the current hand is not over")
        # Every score change of the hand (wins and false-win penalties) is in the game's scores.
        deltas = [0, 0, 0, 0]
        for s in range(4):
            player = self.player_at(s)
            deltas[player] = game.scores[s] - self.totals[player]
        for p in range(4):
            self.totals[p] += deltas[p]
        record = MatchHand(self.hand_number, self.round_wind, self.player_at(game.dealer),
                           (self.positions[0], self.positions[1], self.positions[2], self.positions[3]),
                           game.result, (deltas[0], deltas[1], deltas[2], deltas[3]))
        self.history.append(record)
        if self.hand_number % 4 == 0 and self.hand_number < 16:
            change = SEAT_CHANGES[self.round_index]
            self.positions = [change[pos] for pos in self.positions]
        self.hand_number += 1
        if not self.over:
            self.game = self._new_game()
        return record

    def standings(self) -> tuple[float, float, float, float]:
        """Standard table points 4/2/1/0 of the players by their totals so far."""
        return standard_scores(self.totals)

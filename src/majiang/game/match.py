"""A match: a series of hands for four players, with seat changes, and standard scores.

Players 0-3 keep their identity; their places at the table (positions 0-3 = East, South, West, North
seats) change when the ruleset says. The ruleset decides (``Ruleset.next_dealer``, ``round_wind``,
``seat_change``): Chinese Official rules (``majiang.rules.mcr.seating``) change seats after rounds as
their option ``seat_changes`` says and pass the deal on every hand; another ruleset may repeat the dealer
or never change seats.

>>> m = Match(seed=1)
>>> m.hand_number, m.round_wind.notation(), m.game.dealer
(1, 'E', 0)
"""

from __future__ import annotations

import importlib
import random
import warnings
from dataclasses import dataclass
from typing import Any

from majiang.errors import IllegalActionError
from majiang.game.results import standard_scores
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.game.table import Game, HandResult, Phase
from majiang.tiles import WINDS, Tile

__all__ = ["Match", "MatchHand", "standard_scores"]

_MOVED_TO_SEATING = ("SEAT_CHANGES", "SeatChanges", "seat_positions")


def __getattr__(name: str) -> Any:
    """The Chinese Official seating names this module had, from their new module with a warning."""
    if name in _MOVED_TO_SEATING:
        warnings.warn(f"majiang.game.match.{name} moved to majiang.rules.mcr.seating.{name}; the old path "
                      "goes in the next release", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module("majiang.rules.mcr.seating"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


class Match:
    """Sixteen hands (four rounds) for four players; ``game`` is the hand in play.

    Hand seeds come from the match seed, so a match replays exactly. ``length``, the hands it plays, is
    the ruleset's ``match_length(hands)``: its own length if not given (one hand under ``single_hand``),
    or a shorter match (a multiple of 4 keeps every player dealing equally). The seat changes are the
    ruleset's (``McrRules(seat_changes=...)``).
    """

    def __init__(self, rules: Ruleset | None = None, *, seed: int | None = None,
                 hands: int | None = None) -> None:
        self.rules: Ruleset = rules if rules is not None else find_ruleset(DEFAULT_RULESET)
        hands = self.rules.match_length(hands)
        self.dealer = 0  # the seat (position) dealing the current hand
        self.match_state = self.rules.new_match_state()  # the ruleset's own, carried from hand to hand
        self.seed = seed
        self.length = hands  # how many hands the match plays (the ruleset's match_length)
        self._rng = random.Random(seed)
        self.totals = [self.rules.starting_score()] * 4
        self.settled: tuple[int, int, int, int] | None = None
        """What the end of the match paid outside any hand, by player (``NextHand.settled``)."""
        self.positions = [0, 1, 2, 3]  # positions[player] = seat position
        self.history: list[MatchHand] = []
        self.hand_number = 1
        self.round_wind: Tile = WINDS[0]
        """The round wind of the current hand (圈风), as the ruleset's ``next_hand`` set it."""
        self.over = False
        """All hands are played, or the rules ended the match (``next_hand``)."""
        self.game = self._new_game()

    @property
    def hands(self) -> int:
        """Deprecated: ``length`` (``hands`` is a tuple of ``Hand``s elsewhere, as in ``HandResult``)."""
        warnings.warn("Match.hands is now Match.length; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.length

    @property
    def rules_state(self) -> Any:
        """Deprecated: ``match_state``."""
        warnings.warn("Match.rules_state is now Match.match_state; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.match_state

    @property
    def round_index(self) -> int:
        """0-3: the East, South, West or North round."""
        return (self.hand_number - 1) // 4

    def player_at(self, seat: int) -> int:
        """The player sitting in ``seat`` (position) now."""
        return self.positions.index(seat)

    def _new_game(self) -> Game:
        seed = self._rng.randrange(2**63)
        by_seat = [self.totals[self.player_at(s)] for s in range(4)]
        return Game(self.rules, seed=seed, dealer=self.dealer, round_wind=self.round_wind, totals=by_seat,
                    match_state=self.match_state)

    def next_hand(self) -> MatchHand:
        """Book the finished hand, change seats after a round, and deal the next hand."""
        game = self.game
        if game.phase != Phase.OVER or game.result is None:
            raise IllegalActionError("the current hand is not over")
        # Every score change of the hand (wins and false-win penalties) is in the game's scores.
        deltas = [0, 0, 0, 0]
        for s in range(4):
            player = self.player_at(s)
            deltas[player] = game.totals[s] - self.totals[player]
        for p in range(4):
            self.totals[p] += deltas[p]
        record = MatchHand(self.hand_number, self.round_wind, self.player_at(game.dealer),
                           (self.positions[0], self.positions[1], self.positions[2], self.positions[3]),
                           game.result, (deltas[0], deltas[1], deltas[2], deltas[3]))
        self.history.append(record)
        after = self.rules.next_hand(self, game)
        if after.seats is not None:
            self.positions = [after.seats[pos] for pos in self.positions]
        self.dealer = after.dealer
        self.round_wind = after.round_wind
        self.over = after.over
        if after.settled is not None:
            self.settled = after.settled
            for p in range(4):
                self.totals[p] += after.settled[p]
        self.hand_number += 1
        if not self.over:
            self.game = self._new_game()
        return record

    def standings(self) -> tuple[float, float, float, float]:
        """The players' table points by their totals so far: standard 4/2/1/0 unless the ruleset ranks
        otherwise (``Ruleset.standings``: riichi's uma and oka)."""
        return self.rules.standings(self)

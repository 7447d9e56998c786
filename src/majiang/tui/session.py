"""A match between one person and three bots, without any screen: who acts next, and the booking.

The terminal app (``majiang.tui.app``) shows a ``PlaySession`` and feeds it key presses; everything
about turns, bots and scores lives here, so it can be driven and tested without Textual.

>>> from majiang.bots import RandomBot
>>> s = PlaySession(Match(seed=5, hands=1), [RandomBot(seed=p) for p in (1, 2, 3)])
>>> s.human_seat, s.waiting_for_human()
(0, True)
>>> discard = next(a for a in s.view().legal if a.kind == ActionKind.DISCARD)
>>> s.play(discard)
>>> while not s.hand_over and not s.waiting_for_human():
...     step = s.bot_step()
>>> s.game.events[-1]["e"] in ("act", "draw", "discard", "claim", "end", "flower", "kong", "add-kong")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from majiang.bots import Bot
from majiang.errors import IllegalActionError
from majiang.game import Action, ActionKind, Game, Match, MatchHand, Phase, View

__all__ = ["FinishedHand", "PlaySession", "Step", "relative_place"]

_PLACES = ("you", "right 下家", "across 对家", "left 上家")


def relative_place(seat: int, own_seat: int) -> str:
    """Where ``seat`` sits as ``own_seat`` sees the table: you, right (下家), across (对家), left (上家).

    >>> relative_place(1, 0), relative_place(0, 1)
    ('right 下家', 'left 上家')
    """
    return _PLACES[(seat - own_seat) % 4]


@dataclass(frozen=True, slots=True)
class Step:
    """One action a bot took: in which seat, for which player, in which phase of the hand."""

    seat: int
    player: int
    action: Action
    phase: Phase


@dataclass(frozen=True, slots=True)
class FinishedHand:
    """A booked hand: the game as it ended, the match's record of it, and the totals after it."""

    game: Game
    record: MatchHand
    players_by_seat: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]

    def winning_tile(self, seat: int) -> int | None:
        """The tile ``seat`` won on (from the hand's event log), or None if it did not win."""
        for event in reversed(self.game.events):
            if event["e"] == "win":
                seats = event.get("seats", [event.get("seat")])
                return int(event["tile"]) if seat in seats else None
        return None

    def robbed_kong(self) -> bool:
        """Whether the hand was won by robbing an added kong (抢杠和)."""
        return any(e["e"] == "win" and e.get("robbing") for e in self.game.events)


class PlaySession:
    """Player ``human`` (0 by default) against ``opponents``, the bots of the other players in order.

    The human's seat changes with the match's seat changes; ``human_seat`` follows it. Bots act only
    through their own views; the human's actions are checked against the legal ones first, so an
    illegal one raises ``IllegalActionError`` and changes nothing.
    """

    def __init__(self, match: Match, opponents: Sequence[Bot], *, human: int = 0) -> None:
        if len(opponents) != 3:
            raise ValueError(f"three opponents are needed, not {len(opponents)}")
        if not 0 <= human <= 3:
            raise ValueError(f"the human is one of players 0-3, not {human!r}")
        self.match = match
        self.human = human
        others = iter(opponents)
        self.players: tuple[Bot | None, ...] = tuple(None if p == human else next(others) for p in range(4))
        self.finished: list[FinishedHand] = []

    @property
    def game(self) -> Game:
        """The hand in play (the last one once the match is over)."""
        return self.match.game

    @property
    def human_seat(self) -> int:
        """The seat (0 East position ... 3 North position) the human has in this hand."""
        return self.match.positions[self.human]

    @property
    def hand_over(self) -> bool:
        """The hand in play has ended and waits to be booked with ``finish_hand``."""
        return self.game.phase == Phase.OVER and not self.match.over

    @property
    def match_over(self) -> bool:
        """Every hand of the match has been played and booked."""
        return self.match.over

    def bot(self, player: int) -> Bot | None:
        """The bot playing for ``player``, or None for the human."""
        return self.players[player]

    def player_name(self, player: int) -> str:
        """``You`` for the human, else ``Bot N (name)``."""
        bot = self.players[player]
        return "You" if bot is None else f"Bot {player} ({bot.name})"

    def view(self) -> View:
        """The human's view of the hand in play."""
        return self.game.view(self.human_seat)

    def waiting_for_human(self) -> bool:
        """Whether the hand waits for the human's decision."""
        return self.human_seat in self.game.to_act()

    def bot_step(self) -> Step | None:
        """Let one bot that must act do so; None if only the human (or no one) is to act."""
        game = self.game
        seats = [s for s in game.to_act() if s != self.human_seat]
        if not seats:
            return None
        seat = seats[0]
        player = self.match.player_at(seat)
        bot = self.players[player]
        assert bot is not None
        phase = game.phase
        action = bot.act(game.view(seat))
        game.apply(seat, action)
        return Step(seat, player, action, phase)

    def play(self, action: Action) -> None:
        """Carry out the human's ``action``; raises IllegalActionError (changing nothing) if not legal."""
        if not self.waiting_for_human():
            raise IllegalActionError("it is not your turn")
        legal = self.view().legal
        if action not in legal:
            choices = ", ".join(a.notation() for a in legal)
            raise IllegalActionError(f"you cannot {action.notation()} now; you may: {choices}")
        self.game.apply(self.human_seat, action)

    def legal_of(self, *kinds: ActionKind) -> list[Action]:
        """The human's legal actions of the given kinds (empty when the human is not to act)."""
        if not self.waiting_for_human():
            return []
        return [a for a in self.view().legal if a.kind in kinds]

    def finish_hand(self) -> FinishedHand:
        """Book the ended hand (seat changes, totals) and deal the next one unless the match is over."""
        game = self.game
        by_seat = tuple(self.match.player_at(s) for s in range(4))
        record = self.match.next_hand()
        t = self.match.totals
        done = FinishedHand(game, record, (by_seat[0], by_seat[1], by_seat[2], by_seat[3]),
                            (t[0], t[1], t[2], t[3]))
        self.finished.append(done)
        return done

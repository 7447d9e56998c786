"""A match between one person and three bots under any ruleset, without any screen: who acts next,
and the booking.

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
>>> s.game.events[-1].kind in ("act", "draw", "discard", "claim", "end", "flower", "kong", "add-kong")
True
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from majiang.bots import Bot
from majiang.errors import IllegalActionError, InvalidOptionError
from majiang.game import Action, ActionKind, Game, Match, MatchHand, Phase, View
from majiang.hand import Hand
from majiang.mcr import ScoreResult, WinBy
from majiang.records import RecordedMatch, write_record
from majiang.seats import RelativeSeat
from majiang.tiles import Tile

__all__ = ["FinishedHand", "PlaySession", "Step", "default_records_dir", "relative_place"]


def default_records_dir() -> Path:
    """Where ``majiang play`` saves its records: ``$XDG_DATA_HOME/majiang/records``, by default
    ``~/.local/share/majiang/records``."""
    base = os.environ.get("XDG_DATA_HOME", "")
    # The XDG rules say a relative value is invalid and must be ignored.
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "majiang" / "records"


def relative_place(seat: int, own_seat: int) -> str:
    """Where ``seat`` sits as ``own_seat`` sees the table: you, right (下家), across (对家), left (上家).

    >>> relative_place(1, 0), relative_place(0, 1)
    ('right 下家', 'left 上家')
    """
    if seat == own_seat:
        return "you"
    rel = RelativeSeat.between(own_seat, seat)
    return f"{rel.en} {rel.zh}"


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
        result = self.game.result
        wins = [] if result is None else [w for w in result.wins if w.seat == seat]
        return int(wins[-1].tile) if wins else None

    def robbed_kong(self) -> bool:
        """Whether the hand was won by robbing an added kong (抢杠和)."""
        result = self.game.result
        return result is not None and any(w.win_by is WinBy.ROBBING_KONG for w in result.wins)


class PlaySession:
    """Player ``human`` (0 by default) against ``opponents``, the bots of the other players in order.

    The human's seat changes with the match's seat changes; ``human_seat`` follows it. Bots act only
    through their own views; the human's actions are checked against the legal ones first, so an
    illegal one raises ``IllegalActionError`` and changes nothing.

    With ``record`` (a file path; the match must be a ``RecordedMatch``) the match is saved there as a
    ``majiang-record`` after every finished hand, atomically, so the file always holds every hand
    finished so far; ``save_error`` tells why the last save failed, if it did.
    """

    def __init__(self, match: Match, opponents: Sequence[Bot], *, human: int = 0,
                 record: str | os.PathLike[str] | None = None) -> None:
        if len(opponents) != 3:
            raise InvalidOptionError(f"three opponents are needed, not {len(opponents)}")
        if not 0 <= human <= 3:
            raise InvalidOptionError(f"the human is one of players 0-3, not {human!r}")
        if record is not None and not isinstance(match, RecordedMatch):
            raise InvalidOptionError("a match saved as a record must be a RecordedMatch (it keeps each "
                                     "hand's events)")
        self.match = match
        self.human = human
        others = iter(opponents)
        self.players: tuple[Bot | None, ...] = tuple(None if p == human else next(others) for p in range(4))
        self.finished: list[FinishedHand] = []
        self.record_path: Path | None = None if record is None else Path(record)
        self.saved_hands = 0
        self.save_error: str | None = None

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

    def human_in_hand(self) -> bool:
        """Whether the human is still in the hand (a ruleset may let a winner leave, 血战到底)."""
        return self.game.active[self.human_seat]

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

    def win_check(self) -> ScoreResult | None:
        """What the human's hand would score by Chinese Official fans if it won now, legal or not:
        complete with the drawn tile, the discard on offer or the tile of a kong open to robbing. None
        when it would not be complete, or when the ruleset does not score by those fans (``Ruleset.advisor``).

        The context is the one the table uses (winds, flowers, 和绝张 from the tiles in sight, the last
        tile, a kong replacement), so a result below 8 fans is exactly why a win is refused.
        """
        if not self.waiting_for_human():
            return None
        game, seat = self.game, self.human_seat
        view = self.view()
        tiles = list(game.standing_tiles(seat))
        last_of_wall = False
        if view.phase == Phase.TURN:
            if view.drawn is None:
                return None
            win = view.drawn
            tiles.remove(win)
            win_by = WinBy.KONG_REPLACEMENT if getattr(game, "kong_draw", False) else WinBy.SELF_DRAWN
            last_of_wall = game.wall_left == 0
        elif view.phase == Phase.CLAIM and view.last_discard is not None:
            win, win_by, last_of_wall = view.last_discard[1], WinBy.DISCARD, game.wall_left == 0
        elif view.phase == Phase.ROB and view.robbing is not None:
            win, win_by = view.robbing[1], WinBy.ROBBING_KONG
        else:
            return None
        advisor = game.rules.advisor()
        if advisor is None:
            return None
        return advisor.win(Hand(tuple(game.melds[seat]), tuple(tiles), Tile(win)), win_by=win_by,
                           last_of_wall=last_of_wall, last_copy=game.visible_copies(win, seat) >= 3,
                           seat_wind=game.seat_wind(seat), round_wind=game.round_wind,
                           flowers=len(game.flowers[seat]))

    def finish_hand(self) -> FinishedHand:
        """Book the ended hand (seat changes, totals) and deal the next one unless the match is over."""
        game = self.game
        by_seat = tuple(self.match.player_at(s) for s in range(4))
        record = self.match.next_hand()
        t = self.match.totals
        done = FinishedHand(game, record, (by_seat[0], by_seat[1], by_seat[2], by_seat[3]),
                            (t[0], t[1], t[2], t[3]))
        self.finished.append(done)
        self.save()
        return done

    def save(self) -> Path | None:
        """Write the record of the finished hands, if recording; the file, once it holds every
        finished hand, else None. A failure is kept in ``save_error`` (the game goes on) and leaves
        the file as it was."""
        path = self.record_path
        if path is None or not self.match.history:
            return None
        if self.saved_hands == len(self.match.history):
            return path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_record(path, self.match, [self.player_name(p) for p in range(4)])
        except OSError as err:
            self.save_error = f"could not save the record to {path}: {err.strerror or err}"
            return None
        self.saved_hands = len(self.match.history)
        self.save_error = None
        return path

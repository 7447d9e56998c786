"""Tables in play on the server: a match, its players (people or bots), their connections, its clock.

Each table runs one asyncio task (``Table.run``) that lets bots act (in a thread, so the loop stays
free), enforces claim deadlines, hands an away player's seat to a stand-in bot, and books each ended
hand. People act through ``Table.act``. Every accepted action goes to the store before anyone hears of
it; a table rebuilt from the store (``Table.load``) re-plays its seeded match through those actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from majiang.actions import Action, ActionKind
from majiang.bots import BOTS, Bot, find_bot
from majiang.errors import InvalidActionError, InvalidOptionError, MajiangError
from majiang.game.ruleset import Ruleset, find_ruleset
from majiang.game.table import Phase, View
from majiang.records import RecordedMatch, iter_record_lines
from majiang.records.format import Deal, check_players, deal_commitment, rules_from_options
from majiang.web.limits import Limits, TooMany
from majiang.web.ranks import RATED_BOTS, book_rated, booked, rated_seats, seat_grades
from majiang.web.store import PlayerRow, Store, StoreError, TableRow
from majiang.web.views import choices_json, view_json

__all__ = ["OptionsError", "Peer", "ProtocolError", "Settings", "Table", "Tables", "Window", "checked_rules",
           "encode_message"]

_log = logging.getLogger("majiang.web")

_PASS = Action(ActionKind.PASS)

ROOMS = 1_000_000
"""How many room numbers there are (six digits)."""

LISTING_SECONDS = 0.5
"""How long the table listing may be reused while no table was created or finished (players' seats,
hand numbers and totals in it may be that much behind)."""


class Peer(Protocol):
    """One connection as a table sees it: a message is handed over (to the connection's own queue and
    sender), never awaited, so one client that does not read cannot hold up the table."""

    def offer(self, text: str) -> None:
        """Queue ``text`` (a JSON message) for this connection."""


def encode_message(message: dict[str, Any]) -> str:
    """A message as the text sent on the WebSocket."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class ProtocolError(MajiangError):
    """A message or request the server refuses: ``code`` (see WEB_API) and a message for the client."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class OptionsError(InvalidOptionError):
    """Options a ruleset refuses: ``problems`` maps each refused option (or ``""`` for the set as a whole)
    to the ruleset's own message."""

    def __init__(self, problems: dict[str, str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems.values()))


def checked_rules(name: object, options: object) -> Ruleset:
    """The ruleset ``name`` with ``options`` (``key=value`` texts), each checked by the ruleset's own parser
    alone first, so that every refused option gets its own message (``OptionsError``).

    >>> checked_rules("mcr", ["profile=wmo2014"]).profile
    'wmo2014'
    >>> try:
    ...     checked_rules("riichi", ["red_fives=2", "uma=1,2"])
    ... except OptionsError as err:
    ...     print(sorted(err.problems), err.problems["red_fives"])
    ['red_fives', 'uma'] red_fives must be 0, 3 or 4, not 2
    """
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise InvalidOptionError("'options' must be a list of 'key=value' texts")
    if not isinstance(name, str):
        raise InvalidOptionError(f"'rules' must be a ruleset's name, not {name!r}")
    base = find_ruleset(name)
    problems: dict[str, str] = {}
    for text in options:
        key = text.partition("=")[0].strip().replace("-", "_")
        try:
            base.with_options([text])
        except InvalidOptionError as err:
            problems.setdefault(key or text, str(err))
    if not problems:
        try:
            return base.with_options(options)
        except InvalidOptionError as err:  # options that are each fine but not together
            problems[""] = str(err)
    raise OptionsError(problems)


@dataclass(frozen=True, slots=True)
class Settings:
    """The server's clocks (seconds) and its stand-in bot for away players."""

    claim_seconds: float = 20.0
    """How long a person may think in a claim window (or an opening choice) before the server answers."""
    away_seconds: float = 60.0
    """How long a player may stay disconnected before a stand-in bot plays for it."""
    pause_seconds: float = 15.0
    """How long an ended hand waits for the connected people's ``next`` before it is booked."""
    standin: str = "efficiency"
    """The bot that plays for an away player (and makes a late opening choice)."""
    bot_seconds: float = 0.0
    """The least time between a table's actions when a bot acts (its pause for thought, which also
    bounds the moves per second a bots' table asks of the server)."""
    window_seconds: float = 1.0
    """How long every claim window stays open at least, whoever could claim: bots answer unseen and a
    person who may only pass passes by itself then (so a window's length does not tell who could claim)."""

    def __post_init__(self) -> None:
        for name in ("claim_seconds", "away_seconds", "pause_seconds", "bot_seconds", "window_seconds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 86400:
                raise InvalidOptionError(f"{name} must be 0 to 86400 seconds, not {value!r}")
        if self.standin not in BOTS:
            raise InvalidOptionError(f"unknown stand-in bot {self.standin!r}; one of {', '.join(BOTS)}")


@dataclass(slots=True, eq=False)
class Window:
    """A claim (or robbing) window as the table shows it: every other seat still in is asked, whatever its
    hand, and answers are held until it closes, so what anyone is sent does not tell who could claim."""

    key: tuple[Any, ...]
    seats: tuple[int, ...]
    """Every seat shown as asked: each active seat but the one whose tile it is, in turn order."""
    asked: frozenset[int]
    """The seats the engine asks (those that may claim); the others may only pass. Never sent."""
    opened: float
    """When it opened (the table's clock)."""
    step: int
    """The shown step of the state that opened it."""
    answers: dict[int, Action] = field(default_factory=dict)
    """The answers of asked seats, carried out (stored, applied) when the window closes."""
    done: set[int] = field(default_factory=set)
    """The seats that have answered, or passed by themselves."""


class Table:
    """One match at one table; build with ``Tables.create`` or ``Tables.load``."""

    def __init__(self, row: TableRow, players: Sequence[PlayerRow], store: Store, settings: Settings,
                 limits: Limits | None = None) -> None:
        self.row = row
        self.limits = limits or Limits()
        self.id = row.id
        self.players = list(players)
        self.store = store
        self.settings = settings
        self.rules = rules_from_options(row.rules, row.options)
        self.match = RecordedMatch(self.rules, seed=row.seed, hands=row.hands)
        self.match.game.hold_windows = True
        self.step = 0  # actions stored
        # Passes shown but never stored: the seats a window showed as asked that the engine did not ask.
        # The step clients see (``shown_step``) counts them, so that it grows by the same whoever could claim.
        self.unasked = 0
        self.closed_step = 0  # the shown step when the last window closed (an answer to it now is stale)
        self.acted = [-1] * 4  # the shown step of each player's last action here (guards repeated clicks)
        self.bots: list[Bot | None] = [find_bot(p.bot, seed=row.seed + p.player) if p.kind == "bot" and p.bot
                                       else None for p in self.players]
        self.standins: list[Bot] = [find_bot(settings.standin, seed=row.seed + 10 + p) for p in range(4)]
        self.conns: dict[int, Peer] = {}
        self.watchers: list[Peer] = []
        self.owner: str | None = None  # the client that created the table (not stored: counts live tables)
        now = time.monotonic()
        self.left_at = [now] * 4  # when each player's connection went away (never joined: the start)
        self.left_wall = [time.time()] * 4  # the same on the deadlines' clock, as sent (``away_at``)
        self.ready: set[int] = set()
        self.window: tuple[Any, ...] | None = None  # the opening choice, question or pause of the deadline
        self.deadline: float | None = None  # wall clock, as sent to clients
        self.claim: Window | None = None  # the claim or robbing window shown now
        self.clock: Callable[[], float] = time.time  # of deadlines and windows (a test sets its own)
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.finished = row.status == "finished"
        self.moved = 0.0  # when the last action was carried out (monotonic clock; paces the bots)
        self.stored_totals: list[int] | None = None  # a finished table's totals, once read from its record
        self.bot_thread: ThreadPoolExecutor | None = None  # where bots think (None: the loop's default)
        # The moves the server made for each person (the stand-in's, and passes at a deadline): a player
        # who keeps up has none. Counted since the server started (not stored).
        self.standin_moves = [0, 0, 0, 0]
        self.ladder: dict[str, Any] | None = None  # a finished rated table's ``ladder`` (``ladder_state``)
        # The seats' grades (``grades``) and what they were read for: who sits where, and whether the
        # match is over (its booking moves them); read again only when either changes.
        self.grade_cache: tuple[object, list[dict[str, Any] | None]] | None = None

    # -- state -------------------------------------------------------------------------------------

    def replay(self) -> None:
        """Re-play the stored actions (a table loaded from the store)."""
        for row in self.store.actions(self.id):
            if self.match.game.is_held:  # a window that asked nobody closed before this action
                self.match.game.close_window()
                self._track()
            while row.hand > self.match.hand_number:
                self.match.next_hand()
                self.match.game.hold_windows = True
            if row.n != self.step:
                raise MajiangError(f"table {self.id}: action {row.n} is stored where {self.step} "
                                   "was expected")
            self.acted[self.match.player_at(row.seat)] = self.shown_step
            self.match.game.apply(row.seat, Action.parse(row.action))
            self.step += 1
            self._track()

    def ensure_played(self) -> None:
        """Re-play a finished table loaded from the store, once, when it is first looked at."""
        if self.finished and not self.match.over:
            self.replay()
            if self.match.game.is_held:  # the last discard, which nobody could claim
                self.match.game.close_window()
                self._track()
            while self.match.game.phase == Phase.OVER and not self.match.over:
                self.match.next_hand()
                self.match.game.hold_windows = True

    def final_totals(self) -> list[int]:
        """The players' totals: the match's, or for a finished table not re-played, its record's."""
        if self.finished and not self.match.over:
            if self.stored_totals is None:  # read once: a listing must not read every stored record
                text = self.store.record(self.id) or ""
                last = text.rstrip("\n").rsplit("\n", 1)[-1]
                self.stored_totals = list(json.loads(last)["totals"]) if last else [0, 0, 0, 0]
            return list(self.stored_totals)
        return list(self.sheet()["totals"])

    def sheet(self) -> dict[str, Any]:
        """The score sheet every seat and spectator is shown: a row per hand (``hand``, its ``label``, the
        ``deltas`` and ``winners`` by player), the hand just ended included before it is booked, what the
        match's end ``settled``, and the ``totals`` so far (that hand included)."""
        match = self.match
        describer = match.rules.describer()

        def row(number: int, game: Any, deltas: Sequence[int], positions: Sequence[int]) -> dict[str, Any]:
            winners = [] if game.result is None else list(game.result.winners)
            return {"hand": number, "label": describer.hand_label(game, number, match.length).to_dict(),
                    "deltas": list(deltas), "winners": [list(positions).index(s) for s in winners]}

        rows = [row(booked.number, game, booked.deltas, booked.positions)
                for booked, game in zip(match.history, match.games, strict=False)]
        totals = list(match.totals)
        game = match.game
        if not match.over and game.phase == Phase.OVER and game.result is not None:
            deltas = [game.totals[match.positions[p]] - match.totals[p] for p in range(4)]
            rows.append(row(match.hand_number, game, deltas, match.positions))
            totals = [t + d for t, d in zip(totals, deltas, strict=True)]
        settled = None if match.settled is None else list(match.settled)
        return {"rows": rows, "settled": settled, "totals": totals}

    def away_at(self, player: int) -> float | None:
        """When (the deadlines' clock) the stand-in takes over ``player``'s seat if it stays disconnected;
        None for a bot, a connected player, or one the stand-in plays already."""
        if not self.is_person(player) or player in self.conns or self.away(player):
            return None
        return self.left_wall[player] + self.settings.away_seconds

    def _count_standin(self, seat: int) -> None:
        """Count a move the server makes for the person in ``seat`` (none for a bot's own seat)."""
        player = self.match.player_at(seat)
        if self.bots[player] is None:
            self.standin_moves[player] += 1

    def is_person(self, player: int) -> bool:
        """Whether ``player`` is played by a person (an open seat), not a bot."""
        return self.players[player].kind == "open"

    def away(self, player: int) -> bool:
        """Whether a person's seat is played by the stand-in: disconnected for ``away_seconds``."""
        return (self.is_person(player) and player not in self.conns
                and time.monotonic() - self.left_at[player] >= self.settings.away_seconds)

    def controller(self, seat: int) -> Bot | None:
        """The bot acting in ``seat`` now (the player's own, or the stand-in of an away person), or None."""
        player = self.match.player_at(seat)
        bot = self.bots[player]
        if bot is not None:
            return bot
        return self.standins[player] if self.away(player) else None

    def check_token(self, player: int, token: str) -> bool:
        """Whether ``token`` is the secret of the open seat ``player`` (any text: never raises)."""
        secret = self.players[player].token
        if not self.is_person(player) or secret is None or not isinstance(token, str):
            return False
        # compare_digest raises TypeError on a str holding non-ASCII characters: compare the UTF-8 bytes
        # (surrogatepass: a lone surrogate is still some bytes, and never a secret's).
        return hmac.compare_digest(secret.encode(), token.encode("utf-8", "surrogatepass"))

    def take_seat(self, player: int, invite: object, account: int | None = None) -> str:
        """The token of ``player``'s seat for whoever opens its invitation first (``invite``, its secret;
        ``account``: the taker's, if logged in, to which the seat is then bound); ProtocolError
        ``bad-invite`` for a wrong one, ``seat-taken`` once someone holds the seat."""
        row = self.players[player] if player in range(4) else None
        if row is None or row.invite is None or not isinstance(invite, str) or \
                not hmac.compare_digest(row.invite.encode(), invite.encode()):
            raise ProtocolError("bad-invite", f"that is not player {player}'s invitation at this table")
        if self.row.rated:  # every person at a rated table is an account, each in one seat
            if account is None:
                raise ProtocolError("log-in", "this table is rated: log in to take a seat")
            if any(p.account == account for p in self.players):
                raise ProtocolError("seated", "you have a seat at this table already (a rated table seats "
                                              "each account once)")
        token = secrets.token_urlsafe(16)
        if row.token is not None or not self.store.take_seat(self.id, player, token, account):
            raise ProtocolError("seat-taken", f"seat taken: player {player}'s invitation has been used "
                                              "(each invitation seats one person, once)")
        self.players[player] = dataclasses.replace(row, token=token, account=account)
        return token

    def open_seats(self) -> list[int]:
        """The open seats nobody holds yet (whose invitation is unused), while the match is played."""
        if self.finished:
            return []
        return [p.player for p in self.players if p.kind == "open" and p.token is None and p.invite]

    def take_open_seat(self, player: int, account: int | None = None) -> str:
        """``take_seat`` through the room number: the seat's own invitation, for whoever asks first."""
        row = self.players[player] if player in range(4) else None
        if row is None or player not in self.open_seats():
            raise ProtocolError("seat-taken", f"player {player} is not an open seat at this table now")
        return self.take_seat(player, row.invite, account)

    def deal(self) -> dict[str, Any]:
        """The hand's seed commitment as every seat and spectator is shown it: ``commitment`` (SHA-256,
        ``deal_commitment``; null for a table stored before commitments) and ``practice`` (the creator chose
        the seed). The record reveals the salt and the seeds once the match is over."""
        salt, seed = self.row.salt, self.match.game.seed
        commitment = None if salt is None or seed is None else deal_commitment(salt, seed)
        return {"commitment": commitment, "practice": self.row.practice}

    def record_deal(self) -> Deal | None:
        """The header's ``deal`` of the table's record, where the table has one."""
        salt = self.row.salt
        return None if salt is None else Deal(salt, bool(self.row.practice))

    def summary(self) -> dict[str, Any]:
        """The table as ``GET /api/tables`` lists it."""
        positions = self.match.positions
        match = self.match
        # Once the match is over its last hand stays on the table: the hand number has moved past it.
        number = len(match.history) if match.over else match.hand_number
        label = match.rules.describer().hand_label(match.game, number, match.length)
        return {
            "id": self.id, "rules": self.row.rules, "options": self.row.options, "hands": self.row.hands,
            "hand": self.row.hands if self.finished else self.match.hand_number, "created": self.row.created,
            "label": label.to_dict(),
            "status": "finished" if self.finished else "playing", "practice": self.row.practice,
            "rated": bool(self.row.rated),
            "players": [{"player": p.player, "kind": p.kind, "bot": p.bot, "name": p.name,
                         "seat": positions[p.player], "connected": p.player in self.conns,
                         "away": self.away(p.player)} for p in self.players],
            "totals": self.final_totals(), "standins": list(self.standin_moves),
        }

    def state(self, player: int | None) -> dict[str, Any]:
        """The ``state`` message for ``player`` (None: a spectator)."""
        seat = None if player is None else self.match.positions[player]
        game = self.match.game
        summary = self.summary()
        players = summary["players"]
        sheet = self.sheet()
        grades = self.grades()
        for p in players:
            p["total"] = sheet["totals"][p["player"]]
            p["away_at"] = self.away_at(p["player"])
            p["grade"] = grades[p["player"]]
        view = view_json(game, seat)
        window = self.claim
        if window is not None:
            # Every other seat still in is asked; what a seat may do is its own business.
            view["to_act"] = list(window.seats)
            legal = [] if seat is None else self._window_legal(window, seat)
            view["legal"] = [a.notation() for a in legal]
            view["choices"] = [] if seat is None else choices_json(game, seat, legal)
        return {
            "type": "state", "table": self.id, "step": self.shown_step, "you": player, "seat": seat,
            "acted": None if player is None or self.acted[player] < 0 else self.acted[player],
            "hand": summary["hand"], "hands": self.row.hands, "label": summary["label"],
            "round_wind": game.round_wind.notation(),
            "match_over": self.match.over, "status": summary["status"],
            "deadline": self._deadline_for(seat),
            "waiting_next": game.phase == Phase.OVER and not self.match.over, "deal": self.deal(),
            "players": players, "view": view, "sheet": sheet,
            # the room number lets anyone take an open seat: shown to the seated, never to spectators
            "room": None if player is None or self.finished else self.row.room,
            "ladder": self.ladder_state(),
        }

    def grades(self) -> list[dict[str, Any] | None]:
        """Each player's grade on the ladder of the table's ruleset, as its badge at the table shows it
        (``seat_grades``): an account's or a rated bot's, a guest's None."""
        key = (self.finished, tuple((p.kind, p.bot, p.account) for p in self.players))
        if self.grade_cache is None or self.grade_cache[0] != key:
            self.grade_cache = (key, seat_grades(self.store, self.row.rules,
                                                 [(p.kind, p.bot, p.account) for p in self.players]))
        return self.grade_cache[1]

    def ladder_state(self) -> dict[str, Any] | None:
        """What the match does on the ladder, as the state shows it (None: not rated): ``rated``, and once
        the match is over ``players`` (by player: the rated game as ``GET /api/ladder/{rules}/{name}``
        lists it, with ``change`` ``promoted``/``demoted``/null) or ``void`` (why it was not rated)."""
        if not self.row.rated:
            return None
        if not self.finished:
            return {"rated": True, "players": None, "void": None}
        if self.ladder is None:
            seats = rated_seats([(p.kind, p.bot, p.account) for p in self.players])
            games = booked(self.store, self.id)
            if isinstance(seats, str) or not games:
                why = seats if isinstance(seats, str) else "not booked"
                self.ladder = {"rated": True, "players": None, "void": why}
            else:
                self.ladder = {"rated": True, "players": [games.get(s.key) for s in seats], "void": None}
        return self.ladder

    @property
    def shown_step(self) -> int:
        """The step clients see: actions stored, and the passes a window showed of seats not asked."""
        return self.step + self.unasked

    def _deadline_for(self, seat: int | None) -> float | None:
        game = self.match.game
        window = self.claim
        if window is not None:
            settings = self.settings
            if seat is None:  # a spectator: the latest the window may close
                return window.opened + max(settings.claim_seconds, settings.window_seconds)
            if seat not in window.seats or seat in window.done:
                return None
            if seat in window.asked:
                return window.opened + max(settings.claim_seconds, settings.window_seconds)
            return window.opened + settings.window_seconds
        if self.deadline is None or seat is None:
            return self.deadline if seat is None else None
        if game.phase == Phase.OVER or seat in game.to_act():
            return self.deadline
        return None

    # -- acting ------------------------------------------------------------------------------------

    def commit(self, seat: int, action: Action) -> None:
        """Store and carry out ``seat``'s action; IllegalActionError (nothing changed) if not legal now."""
        game = self.match.game
        if self.finished or game.phase == Phase.OVER:
            raise ProtocolError("over", "the hand is over")
        legal = game.legal_actions(seat)
        if action not in legal:
            if seat not in game.to_act():
                raise ProtocolError("not-your-turn", f"seat {seat} is not to act now")
            choices = ", ".join(a.notation() for a in legal)
            raise ProtocolError("illegal", f"seat {seat} cannot {action.notation()} now; it may: {choices}")
        self.store.append_action(self.id, self.step, self.match.hand_number, seat, action.notation())
        self.acted[self.match.player_at(seat)] = self.shown_step
        game.apply(seat, action)
        self.step += 1
        self.moved = time.monotonic()
        self._track()
        self._refresh_clock()
        self.wake.set()

    async def act(self, player: int, text: object, step: object = None) -> None:
        """A person's action (action text) for ``player``; ProtocolError when refused (nothing changes)."""
        if not isinstance(text, str) or len(text) > 64:
            raise ProtocolError("bad-message", "'action' must be an action text such as 'discard 5m'")
        if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
            raise ProtocolError("bad-message", "'step' must be an integer")
        if self.finished or self.match.over:
            raise ProtocolError("over", "the match is over")
        try:
            action = Action.parse(text)
        except (InvalidActionError, MajiangError) as err:
            raise ProtocolError("bad-action", str(err)) from None
        if step is not None and (step > self.shown_step or step <= self.acted[player]):
            # Answering a state from before this player's own last action: a repeated click.
            raise ProtocolError("stale", f"player {player} has acted since step {step} "
                                         f"(now {self.shown_step})")
        seat = self.match.positions[player]
        window = self.claim
        if step is not None and step < (self.closed_step if window is None else window.step):
            # An answer to a window that has closed (it may have closed by itself, as a pass).
            raise ProtocolError("stale", f"the claim window of step {step} has closed "
                                         f"(now {self.shown_step})")
        if window is None:
            self.commit(seat, action)
            await self.broadcast()
            return
        if seat not in window.seats:
            raise ProtocolError("not-your-turn", f"seat {seat} is not to act now")
        if seat in window.done:
            raise ProtocolError("stale", f"seat {seat} has answered this window")
        legal = self._window_legal(window, seat)
        if action not in legal:
            choices = ", ".join(a.notation() for a in legal)
            raise ProtocolError("illegal", f"seat {seat} cannot {action.notation()} now; it may: {choices}")
        # Held until the window closes: only this player hears of it now.
        if seat in window.asked:
            window.answers[seat] = action
        window.done.add(seat)
        self.acted[player] = self.shown_step
        self.wake.set()
        await self._tell(player)

    def seat_view(self, player: int) -> View | None:
        """The player's seat's own view while it has a move to make (the coach's judgement reads it)."""
        game = self.match.game
        if game.phase not in (Phase.TURN, Phase.CLAIM, Phase.ROB):
            return None
        view = game.view(self.match.positions[player])
        return view if view.legal else None

    def _window_legal(self, window: Window, seat: int) -> list[Action]:
        """What ``seat`` may answer in the window: the engine's choices if it is asked, else a pass."""
        if seat not in window.seats or seat in window.done:
            return []
        return self.match.game.legal_actions(seat) if seat in window.asked else [_PASS]

    async def _tell(self, player: int) -> None:
        """Send ``player`` alone its state (a change only it may know of)."""
        peer = self.conns.get(player)
        if peer is not None:
            peer.offer(encode_message(self.state(player)))

    async def next_hand(self, player: int) -> None:
        """``player`` is ready for the next hand."""
        if self.match.game.phase != Phase.OVER or self.match.over:
            raise ProtocolError("bad-message", "no hand is waiting to be booked")
        self.ready.add(player)
        self.wake.set()

    def _book(self) -> None:
        self.match.next_hand()
        self.match.game.hold_windows = True
        self.ready.clear()
        if self.match.over:
            names = [p.name for p in self.players]
            lines = iter_record_lines(self.match, names, deal=self.record_deal())
            self.store.finish(self.id, "".join(line + "\n" for line in lines), self._rated())
            self.finished = True

    def _rated(self) -> Callable[[Any], object] | None:
        """The ladder booking of the finished match (None: not rated, or a seat without an account)."""
        seats = rated_seats([(p.kind, p.bot, p.account) for p in self.players]) if self.row.rated else None
        if seats is None or isinstance(seats, str):
            return None
        match = self.match
        totals = [t + (match.settled[p] if match.settled else 0) for p, t in enumerate(match.totals)]
        return book_rated(self.id, self.row.rules, seats, totals, time.time())

    # -- connections -------------------------------------------------------------------------------

    async def connect(self, player: int | None, send: Peer) -> Peer | None:
        """Attach a connection; returns the connection it replaces (same player), if any. A spectator
        gets the state alone (nobody else sees a spectator come); ProtocolError ``too-many`` when the
        table has ``limits.table_spectators`` already."""
        if player is None:
            cap = self.limits.table_spectators
            if len(self.watchers) >= cap:
                raise ProtocolError("too-many", f"table {self.id} has {cap} spectators, as many as it takes")
            self.watchers.append(send)
            send.offer(encode_message(self.state(None)))
            return None
        old = self.conns.get(player)
        self.conns[player] = send
        self.wake.set()
        await self.broadcast()
        return old

    async def disconnect(self, player: int | None, send: Peer) -> None:
        """Detach a connection (if it is still the attached one)."""
        if player is None:
            with contextlib.suppress(ValueError):
                self.watchers.remove(send)
            return
        if self.conns.get(player) is send:
            del self.conns[player]
            self.left_at[player] = time.monotonic()
            self.left_wall[player] = self.clock()
            self.wake.set()
            await self.broadcast()

    async def broadcast(self) -> None:
        """Send every connection its state: queued, never awaited (``Peer``); the spectators' state is
        made and encoded once for all of them."""
        for player, peer in list(self.conns.items()):
            peer.offer(encode_message(self.state(player)))
        if self.watchers:
            text = encode_message(self.state(None))
            for peer in list(self.watchers):
                peer.offer(text)

    # -- the table's clock -------------------------------------------------------------------------

    def _window_key(self) -> tuple[Any, ...]:
        game = self.match.game
        return (self.match.hand_number, game.phase, game.discard_count, game.robbed, game.questions_asked,
                sum(len(m) for m in game.melds))

    def _refresh_clock(self) -> None:
        """Open a new deadline when an opening choice, a question or a hand's end begins (claim windows
        keep their own: ``Window``)."""
        game = self.match.game
        if game.phase in (Phase.TURN, Phase.CLAIM, Phase.ROB) or self.finished:
            # A person's own turn has no deadline; only leaving the table hands it to a bot.
            self.window = self.deadline = None
            return
        pause = game.phase == Phase.OVER
        key = (pause, *self._window_key())
        if self.window != key:
            seconds = self.settings.pause_seconds if pause else self.settings.claim_seconds
            self.window, self.deadline = key, self.clock() + seconds

    def _track(self) -> None:
        """Close the shown window once the engine's has moved on, and open one for each new claim or
        robbing window (held by the engine even when it asks nobody: ``Game.hold_windows``)."""
        game = self.match.game
        key = self._window_key() if game.phase in (Phase.CLAIM, Phase.ROB) else None
        window = self.claim
        if window is not None and key != window.key:
            self.unasked += len(window.seats) - len(window.asked)
            self.claim = None
            self.closed_step = self.shown_step
        if key is not None and self.claim is None:
            robbed, discard = game.robbed, game.last_discard
            giver = robbed[0] if game.phase == Phase.ROB and robbed is not None else \
                discard[0] if discard is not None else game.current
            seats = tuple(s for k in (1, 2, 3) if game.active[s := (giver + k) % 4])
            self.claim = Window(key, seats, frozenset(game.pending), self.clock(), self.shown_step,
                                done={s for s, a in game.pending.items() if a is not None})

    async def tick(self) -> float | None:
        """Do what is due now: bots act, deadlines pass, windows close, ended hands are booked. Returns the
        seconds until something is due by itself (0: call again at once; None: the match is over)."""
        if self.finished:
            return None
        self._refresh_clock()
        game = self.match.game
        if self.claim is not None:
            return await self._tick_window(self.claim)
        late = self.deadline is not None and self.clock() >= self.deadline
        if game.phase == Phase.OVER:
            if late or all(p in self.ready for p in self.conns):
                self._book()
                self._refresh_clock()
                await self.broadcast()
                return 0.0
            return self._next_timer()
        seats = game.to_act()
        bots = [(s, b) for s in seats if (b := self.controller(s)) is not None]
        if bots:
            pause = self.moved + self.settings.bot_seconds - time.monotonic()
            if pause > 0:
                return pause
            seat, bot = bots[0]
            step = self.step
            action = await asyncio.get_running_loop().run_in_executor(self.bot_thread, bot.act,
                                                                      game.view(seat))
            if self.step == step and not self.finished:
                self.commit(seat, action)
                self._count_standin(seat)
                await self.broadcast()
            return 0.0
        if late:
            self._answer_late(seats)
            await self.broadcast()
            return 0.0
        return self._next_timer()

    async def _tick_window(self, window: Window) -> float:
        """A claim window: bots answer at once but unseen; it closes when every seat has answered, and
        never before ``window_seconds``, so its length depends on no one's hand (only on people's time)."""
        game = self.match.game
        for seat in window.seats:
            bot = self.controller(seat)
            if seat in window.done or bot is None:
                continue
            if seat in window.asked:
                action = await asyncio.get_running_loop().run_in_executor(self.bot_thread, bot.act,
                                                                          game.view(seat))
                if self.claim is not window or seat in window.done:
                    return 0.0
                window.answers[seat] = action
                self._count_standin(seat)
            window.done.add(seat)
        now = self.clock()
        settings = self.settings
        shortest = window.opened + settings.window_seconds
        deadline = window.opened + settings.claim_seconds
        if now >= shortest:  # a person who may only pass has passed by now
            for seat in window.seats:
                if seat not in window.done and seat not in window.asked:
                    window.done.add(seat)
                    await self._tell(self.match.player_at(seat))
        if now >= deadline:  # a person who could claim and did not answer passes (or the stand-in answers)
            for seat in window.seats:
                if seat not in window.done:
                    legal = game.legal_actions(seat)
                    player = self.match.player_at(seat)
                    window.answers[seat] = _PASS if _PASS in legal else \
                        self.standins[player].act(game.view(seat))
                    window.done.add(seat)
                    if seat in window.asked:
                        self._count_standin(seat)
        if now >= shortest and window.done.issuperset(window.seats):
            self._close(window)
            await self.broadcast()
            return 0.0
        waits = [t - now for t in (shortest, deadline) if t > now]
        return min([*waits, self._next_timer()])

    def _close(self, window: Window) -> None:
        """Carry out the window's held answers (each stored, as any action), or let a window that asked
        nobody go."""
        game = self.match.game
        for seat in window.seats:
            if self.claim is not window:
                return  # the engine moved on (the last answer resolved it)
            if seat in window.asked and game.pending.get(seat, _PASS) is None:
                self.commit(seat, window.answers[seat])
        if self.claim is window and game.is_held:
            game.close_window()
            self._track()
            self._refresh_clock()

    async def run(self) -> None:
        """Play until the match is over: bots act, deadlines pass, windows close, ended hands are booked."""
        while True:
            self.wake.clear()
            wait = await self.tick()
            if wait is None:
                return
            if wait > 0:
                await self._sleep(wait)

    def _answer_late(self, seats: Sequence[int]) -> None:
        game = self.match.game
        for seat in seats:
            if seat not in game.to_act() or game.phase == Phase.OVER:
                continue
            legal = game.legal_actions(seat)
            player = self.match.player_at(seat)
            self.commit(seat, _PASS if _PASS in legal else self.standins[player].act(game.view(seat)))
            self._count_standin(seat)

    def _next_timer(self) -> float:
        """Seconds until something changes by itself: a deadline, or a person turning away."""
        now, mono = self.clock(), time.monotonic()
        waits = [] if self.deadline is None else [self.deadline - now]
        waits += [self.left_at[p] + self.settings.away_seconds - mono for p in range(4)
                  if self.is_person(p) and p not in self.conns and not self.away(p)]
        return min(waits, default=3600.0)

    async def _sleep(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.wake.wait(), timeout=max(0.0, seconds) + 0.01)

    def start(self) -> None:
        """Start the table's task (if it is still playing)."""
        if not self.finished and self.task is None:
            self.task = asyncio.get_running_loop().create_task(self.run(), name=f"table {self.id}")
            self.task.add_done_callback(self._stopped)

    def _stopped(self, task: asyncio.Task[None]) -> None:
        # A table whose task failed stays as it was (every action stored); a restart resumes it.
        if not task.cancelled() and task.exception() is not None:
            _log.error("table %s stopped at step %d", self.id, self.step, exc_info=task.exception())

    async def stop(self) -> None:
        """Cancel the table's task."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None


def _player_spec(spec: object, player: int) -> tuple[str, str | None]:
    if spec == "open":
        return "open", None
    if isinstance(spec, str) and spec.startswith("bot:"):
        name = spec[4:]
        if name not in BOTS:
            raise InvalidOptionError(f"players[{player}]: unknown bot {name!r}; one of {', '.join(BOTS)}")
        return "bot", name
    raise InvalidOptionError(f"players[{player}] must be 'open' or 'bot:NAME', not {spec!r}")


def _check_rated(kinds: Sequence[tuple[str, str | None]], practice: bool, creator: object,
                 account: int | None) -> None:
    """InvalidOptionError unless a table of these seats may be rated: the creator logged in and seated, no
    chosen seed (its chooser could know the walls), every bot from the rated pool and each bot once (a bot
    is one player of the ladder: two seats of it would be one player placed twice, which is not rated)."""
    if account is None or creator is None:
        raise InvalidOptionError("a rated table is created by a logged-in player who sits at it: "
                                 "log in first")
    if practice:
        raise InvalidOptionError("a rated table deals from the server's seed: leave out 'seed'")
    for player, (kind, bot) in enumerate(kinds):
        if kind == "bot" and bot not in RATED_BOTS:
            raise InvalidOptionError(f"players[{player}]: the bot {bot!r} is not in the rated pool "
                                     f"({', '.join(RATED_BOTS)})")
        if kind == "bot" and (kind, bot) in kinds[:player]:
            raise InvalidOptionError(f"players[{player}]: the bot {bot!r} sits at this table already; a "
                                     "rated table seats four different players (a bot is one player of the "
                                     "ladder)")


class Tables:
    """Every table of the server, backed by ``store``."""

    def __init__(self, store: Store, settings: Settings, limits: Limits | None = None) -> None:
        self.store = store
        self.settings = settings
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        # Every table's bots think in one thread: the GIL lets only one think at a time anyway, and one
        # thread beside the loop (not many) keeps the loop's turns short when the cores are busy.
        self.bot_thread = ThreadPoolExecutor(1, thread_name_prefix="majiang-bots")
        self._listing: tuple[tuple[int, int], float, bytes] | None = None  # (tables, finished), when, JSON
        self.rooms: dict[str, Table] = {}  # room number -> its table (a finished one's number is free)

    def load(self) -> None:
        """Rebuild every stored table (unfinished ones re-played to their last action)."""
        for row in self.store.tables():
            table = Table(row, self.store.players(row.id), self.store, self.settings, self.limits)
            table.bot_thread = self.bot_thread
            if row.room is not None and not table.finished:
                self.rooms[row.room] = table
            if not table.finished:
                try:
                    table.replay()
                except MajiangError as err:
                    raise StoreError(f"{self.store.path}: table {row.id} cannot be resumed: {err}") from None
            self.tables[row.id] = table

    def start(self) -> None:
        """Start every unfinished table's task."""
        for table in self.tables.values():
            table.start()

    async def stop(self) -> None:
        """Stop every table's task."""
        for table in self.tables.values():
            await table.stop()
        self.bot_thread.shutdown(wait=False, cancel_futures=True)

    def listing(self) -> bytes:
        """``GET /api/tables``'s answer (JSON, newest first), made again only when a table was created or
        finished or ``LISTING_SECONDS`` have passed: a flood of listings costs one per interval, not one
        per request (each is a walk over every table)."""
        now = time.monotonic()
        key = (len(self.tables), sum(1 for t in self.tables.values() if t.finished))
        if self._listing is None or self._listing[0] != key or now - self._listing[1] > LISTING_SECONDS:
            tables = sorted(self.tables.values(), key=lambda t: (t.row.created, t.id), reverse=True)
            text = json.dumps([t.summary() for t in tables], ensure_ascii=False, separators=(",", ":"))
            self._listing = (key, now, text.encode())
        return self._listing[2]

    def room(self, number: str) -> Table:
        """The unfinished table whose room number is ``number``; ProtocolError ``unknown-room`` if none."""
        table = self.rooms.get(number)
        if table is None or table.finished:
            raise ProtocolError("unknown-room", f"no table is being played in room {number[:12]!r}")
        table.ensure_played()
        return table

    def _new_room(self) -> str:
        """A room number no unfinished table has: six random digits (unguessable but for the rate limit)."""
        for number in list(self.rooms):  # free the numbers of the tables finished since
            if self.rooms[number].finished:
                del self.rooms[number]
        if len(self.rooms) > ROOMS // 2:  # (the client_tables limit keeps this far away)
            raise TooMany("every room number is in use; wait for a table to finish")
        while True:
            number = f"{secrets.randbelow(ROOMS):06d}"
            if number not in self.rooms:
                return number

    def get(self, table_id: str) -> Table:
        """The table ``table_id``; ProtocolError ``unknown-table`` if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("unknown-table", f"no table {table_id!r}")
        table.ensure_played()
        return table

    def create(self, body: object, owner: str | None = None,
               account: int | None = None) -> tuple[Table, list[dict[str, Any]]]:
        """A new table from a ``POST /api/tables`` body; InvalidOptionError naming a bad field, ``TooMany``
        when ``owner`` (a client) has ``limits.client_tables`` unfinished tables already. The creator's
        seat is bound to ``account`` (the creator's, if logged in)."""
        if owner is not None:
            cap = self.limits.client_tables
            live = sum(1 for t in self.tables.values() if t.owner == owner and not t.finished)
            if live >= cap:
                raise TooMany(f"one client may have {cap} unfinished tables at once; finish or wait for one")
        if not isinstance(body, dict):
            raise InvalidOptionError("the body must be a JSON object")
        unknown = set(body) - {"rules", "options", "hands", "seed", "players", "names", "creator", "rated"}
        if unknown:
            raise InvalidOptionError(f"unknown field{'s' if len(unknown) > 1 else ''}: "
                                     f"{', '.join(sorted(unknown))}")
        rules = checked_rules(body.get("rules", "mcr"), body.get("options", []))
        hands = body.get("hands")
        if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int)
                                  or not 1 <= hands <= rules.most_hands):
            raise InvalidOptionError(f"'hands' must be 1 to {rules.most_hands}, not {hands!r}")
        hands = rules.match_length(hands)  # the ruleset's own length if not given (single_hand: 1)
        seed = body.get("seed")
        practice = seed is not None  # a chosen seed deals walls its chooser can know: everyone is told
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        # up to 2**63-1: a tournament round's walls (``derived_seed``, 63 bits) are dealt at a live table
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise InvalidOptionError(f"'seed' must be an integer 0 to 2**63-1, not {seed!r}")
        specs = body.get("players", ["open", "bot:fan-aware", "bot:fan-aware", "bot:fan-aware"])
        if not isinstance(specs, list) or len(specs) != 4:
            raise InvalidOptionError("'players' must list four players ('open' or 'bot:NAME')")
        kinds = [_player_spec(spec, p) for p, spec in enumerate(specs)]
        names = body.get("names") or [None] * 4
        if not isinstance(names, list) or len(names) != 4 or \
                not all(n is None or (isinstance(n, str) and 0 < len(n) <= 40) for n in names):
            raise InvalidOptionError("'names' must list four names (1-40 characters) or nulls")
        chosen = [n if n is not None else (f"{bot} {p + 1}" if kind == "bot" else f"player {p + 1}")
                  for p, ((kind, bot), n) in enumerate(zip(kinds, names, strict=True))]
        check_players(chosen)
        opened = [p for p, (kind, _) in enumerate(kinds) if kind == "open"]
        creator = body.get("creator", opened[0] if opened else None)
        if creator is not None and (isinstance(creator, bool) or creator not in opened):
            choices = ", ".join(map(str, opened)) or "none here"
            raise InvalidOptionError(f"'creator' must be an open player ({choices}) or null, not {creator!r}")
        rated = body.get("rated", False)
        if not isinstance(rated, bool):
            raise InvalidOptionError(f"'rated' must be true or false, not {rated!r}")
        if rated:
            _check_rated(kinds, practice, creator, account)
        table_id = secrets.token_hex(6)
        row = TableRow(table_id, rules.name, rules.options(), seed, hands, time.time(),
                       salt=secrets.token_hex(16), practice=practice, room=self._new_room(), rated=rated)
        # The creator's own seat gets its token now; every other open seat an invitation that hands out
        # a token once, to whoever opens it first, so the creator never holds a friend's seat.
        players = [PlayerRow(p, kind, bot, chosen[p], secrets.token_urlsafe(16) if p == creator else None,
                             secrets.token_urlsafe(16) if kind == "open" and p != creator else None,
                             account if p == creator else None)
                   for p, (kind, bot) in enumerate(kinds)]
        self.store.create_table(row, players)
        table = Table(row, players, self.store, self.settings, self.limits)
        table.owner, table.bot_thread = owner, self.bot_thread
        self.tables[table_id] = table
        assert row.room is not None
        self.rooms[row.room] = table
        table.start()
        out: list[dict[str, Any]] = []
        for p in players:
            item: dict[str, Any] = {"player": p.player, "kind": p.kind, "name": p.name}
            if p.kind == "bot":
                item["bot"] = p.bot
            elif p.token is not None:
                item["token"] = p.token
                item["join"] = f"/table/{table_id}?player={p.player}&token={p.token}"
            else:
                item["invite"] = f"/table/{table_id}?player={p.player}&invite={p.invite}"
            out.append(item)
        return table, out

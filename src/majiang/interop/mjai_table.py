"""mjai bot programs in seats of our riichi games: we are the mjai server.

A seat ``mjai:COMMAND`` runs the program and speaks gimite/mjai's dialect to it: every event on a line
of its own (``majiang.interop.mjai.HandStream`` makes them; the other seats' draws and hands shown as
``?``), one answer line read for each. A seat ``mjai-batch:COMMAND`` speaks mjai.app's: the program is
started with its seat number as a last argument, and is sent the events since its last answer as one
JSON array, whenever it has a decision to make (and at ``start_game``, at the end of each hand and at
``end_game``), one answer line read for each array. Answers are ``none``, or the seat's action
(``dahai``, ``reach`` then the ``dahai`` when the server shows the ``reach``, ``chi``, ``pon``,
``daiminkan``, ``ankan``, ``kakan``, ``hora``, ``ryukyoku`` for 九種九牌).

Each answer has a time limit. Riichi has no penalty for a broken answer, so one is not charged: a
program that is late, exits, writes no JSON object, or answers what is not legal (or anything but
``none`` where it was not asked) *fails*: the failure is recorded (:class:`Failure`), the program is
killed with its process group, and its seat plays the rest of the game by the fallback rule, letting go
of the tile it drew (or the first tile it may let go of after a call, or declaring riichi with the drawn
tile if its ``reach`` was shown) and passing on every call. A red five named in an answer must be a
copy the seat holds; when it holds both and the rules give no choice (``red_choice`` off) our engine's
rule (the plain five first) decides, and the events sent back say which went.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.bots import Bot, find_bot
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game.ruleset import PASS
from majiang.game.table import Game, Phase, View
from majiang.interop.mjai import HandStream, parse_mjai_tile
from majiang.interop.mjai_bot import MjaiClient, dump_answer
from majiang.interop.program import Program, ProgramTimeout, ProgramTooLong
from majiang.interop.tenhou import MjlogError
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.records.writer import RecordedMatch, RecordWriter
from majiang.rules.riichi.ruleset import FIVES, RiichiRules, RiichiState
from majiang.tiles import ALL_TILES

__all__ = [
    "DIALECTS",
    "Failure",
    "InProcessSeat",
    "MjaiHost",
    "MjaiProgram",
    "MjaiSeat",
    "fallback",
    "play_mjai",
    "play_mjai_match",
]

DIALECTS = ("mjai", "mjai-batch")
"""How an mjai seat is spoken to: an event per line (gimite/mjai), or batches of events (mjai.app)."""


@dataclass(frozen=True, slots=True)
class Failure:
    """A seat's answer that failed: in which ``hand`` (counted from 1 in the game), to which ``event``
    (its type), why (``reason``) and what it said (``answer``, None if nothing)."""

    hand: int
    seat: int
    event: str
    reason: str
    answer: str | None = None

    def describe(self) -> str:
        """One line for a report."""
        said = "" if self.answer is None else f", answer {self.answer[:80]!r}"
        return f"hand {self.hand}, seat {self.seat}, to {self.event}: {self.reason}{said}"


class _Failed(Exception):
    def __init__(self, reason: str, answer: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.answer = reason, answer


# -- connections ----------------------------------------------------------------------------------------

class MjaiProgram(Program):
    """An external mjai program: ``send`` writes a line, ``receive`` reads the answer line within the time
    limit (counted from the ``send``)."""

    def __init__(self, argv: Sequence[str], *, time_limit: float, cwd: str | os.PathLike[str] | None = None,
                 stderr: str | os.PathLike[str] | None = None) -> None:
        super().__init__(argv, time_limit=time_limit, cwd=cwd, stderr=stderr)
        self.deadline = 0.0
        self.rest = bytearray()

    def send(self, line: str) -> None:
        """Write ``line`` (starting the program first if it is not running)."""
        if self.proc is None:
            self.proc = self._start()
        self.deadline = time.monotonic() + self.time_limit
        try:
            self._write((line + "\n").encode(), self.deadline)
        except ProgramTimeout:
            raise _Failed("late: it did not read its input in time") from None
        except BrokenPipeError:
            raise _Failed("it exited") from None

    def receive(self) -> str:
        """The next answer line."""
        out = self.rest
        try:
            complete = self._read_until(out, self.deadline, lambda b: b"\n" in b)
        except ProgramTimeout:
            raise _Failed("late: no answer in time") from None
        except ProgramTooLong:
            raise _Failed("an answer longer than 1 MiB") from None
        if not complete:
            raise _Failed("it exited without answering" if not out.strip() else "it exited mid-answer",
                       out.decode("utf-8", "replace")[:200] or None)
        line, _, rest = bytes(out).partition(b"\n")
        self.rest = bytearray(rest)
        return line.decode("utf-8", "replace").strip()


class InProcessSeat:
    """An mjai client of ours (``MjaiClient``) in this process, spoken to as a program would be (for
    tests, and to measure the protocol without processes)."""

    def __init__(self, client: MjaiClient) -> None:
        self.client = client
        self.lines: list[str] = []
        self.pids: list[int] = []

    def send(self, line: str) -> None:
        self.lines.append(self.client.react_line(line))

    def receive(self) -> str:
        return self.lines.pop(0)

    def close(self) -> None:
        self.lines.clear()


Connection = MjaiProgram | InProcessSeat


class MjaiSeat:
    """An external mjai program in one seat: its command (``argv``) and dialect (``mjai`` or
    ``mjai-batch``). It has a bot's ``name`` but answers mjai events, not views: play it with
    :func:`play_mjai` or :class:`MjaiHost` (as the arena does); ``act`` says so."""

    def __init__(self, argv: Sequence[str], dialect: str = "mjai", *, name: str | None = None,
                 time_limit: float = 6.0, cwd: str | os.PathLike[str] | None = None,
                 stderr: str | os.PathLike[str] | None = None) -> None:
        if dialect not in DIALECTS:
            raise InvalidOptionError(f"an mjai dialect is one of {', '.join(DIALECTS)}, not {dialect!r}")
        self.argv = list(argv)
        self.dialect = dialect
        self.name = name if name is not None else f"{dialect}:{' '.join(argv)}"
        self.time_limit, self.cwd, self.stderr = time_limit, cwd, stderr
        self.program: MjaiProgram | None = None

    def connect(self, seat: int) -> MjaiProgram:
        """Start the program for ``seat`` (mjai.app's programs are told their seat as a last argument)."""
        self.close()
        argv = [*self.argv, str(seat)] if self.dialect == "mjai-batch" else self.argv
        self.program = MjaiProgram(argv, time_limit=self.time_limit, cwd=self.cwd, stderr=self.stderr)
        return self.program

    def act(self, view: View) -> Action:
        raise MajiangError(f"{self.name!r} is an external mjai program: it answers mjai events, not views; "
                           "play it with majiang.interop.mjai_table.play_mjai")

    def close(self) -> None:
        """End its program."""
        if self.program is not None:
            self.program.close()


# -- the fallback ---------------------------------------------------------------------------------------

def fallback(game: Game, seat: int, *, riichi: bool = False) -> Action:
    """What a seat whose program failed does: let go of the tile it drew (or the first it may let go of),
    declaring riichi with it when its ``reach`` was shown (``riichi``); pass on every call.

    >>> g = Game(RiichiRules(), seed=2)
    >>> fallback(g, g.dealer).kind.word, fallback(g, g.dealer).tile == g.drawn
    ('discard', True)
    """
    legal = game.legal_actions(seat)
    if game.phase != Phase.TURN:
        return PASS
    kind = ActionKind.RIICHI if riichi else ActionKind.DISCARD
    drawn = game.drawn
    if drawn is not None and Action(kind, ALL_TILES[drawn]) in legal:
        return Action(kind, ALL_TILES[drawn])
    return next(a for a in legal if a.kind == kind)


# -- the host -----------------------------------------------------------------------------------------

@dataclass(slots=True)
class _Seat:
    player: Bot | MjaiSeat
    link: Connection | None = None
    batch: bool = False
    buffer: list[dict[str, Any]] = field(default_factory=list)
    answer: str | None = None
    """(Event per line) the answer to the last event sent."""
    asked: str = ""
    """The type of the last event sent."""


class MjaiHost:
    """A riichi game with mjai programs (:class:`MjaiSeat`), in-process clients (:class:`InProcessSeat`)
    and our bots (anything else) in its four seats: ``start`` sends ``start_game``, ``play`` plays one
    dealt hand, ``finish`` sends ``end_game`` and closes the programs. ``failures`` lists every failed
    answer (see the module docstring)."""

    def __init__(self, players: Sequence[Bot | MjaiSeat | InProcessSeat], names: Sequence[str] | None = None
                 ) -> None:
        if len(players) != 4:
            raise InvalidOptionError(f"an mjai table needs four seats, not {len(players)}")
        self.seats: list[_Seat] = []
        for s, p in enumerate(players):
            if isinstance(p, MjaiSeat):
                self.seats.append(_Seat(p, p.connect(s), p.dialect == "mjai-batch"))
            elif isinstance(p, InProcessSeat):
                self.seats.append(_Seat(find_bot("random", 0), p))
            else:
                self.seats.append(_Seat(p))
        self.names = list(names) if names is not None else [str(getattr(p, "name", "bot")) for p in players]
        self.failures: list[Failure] = []
        self.hand = 0
        self.dead: set[int] = set()

    # -- speaking ------------------------------------------------------------------------------------

    def _shown(self, seat: int, event: dict[str, Any]) -> dict[str, Any]:
        """``event`` as ``seat`` may see it: others' draws and dealt hands hidden."""
        if event["type"] == "tsumo" and event["actor"] != seat:
            return {**event, "pai": "?"}
        if event["type"] == "start_kyoku":
            hands = event["tehais"]
            return {**event, "tehais": [h if s == seat else ["?"] * 13 for s, h in enumerate(hands)]}
        return event

    def _fail(self, seat: int, event: str, err: _Failed) -> None:
        self.failures.append(Failure(self.hand, seat, event, err.reason, err.answer))
        self.dead.add(seat)
        link = self.seats[seat].link
        if link is not None:
            link.close()

    def broadcast(self, events: Sequence[dict[str, Any]], flush: bool = False) -> None:
        """Send ``events`` to every program: an event-per-line program answers each (``none`` expected);
        a batch program gets them with its next batch (now, with ``flush``)."""
        for event in events:
            lines = [s for s, seat in enumerate(self.seats) if seat.link is not None and not seat.batch
                     and s not in self.dead]
            for s in lines:
                seat = self.seats[s]
                assert seat.link is not None
                try:
                    if seat.answer is not None:
                        _none(seat.answer)
                    seat.link.send(dump_answer(self._shown(s, event)))
                    seat.asked = event["type"]
                    seat.answer = None
                except _Failed as err:
                    self._fail(s, seat.asked or event["type"], err)
            for s in lines:
                seat = self.seats[s]
                if s in self.dead:
                    continue
                assert seat.link is not None
                try:
                    seat.answer = seat.link.receive()
                except _Failed as err:
                    self._fail(s, event["type"], err)
            for s, seat in enumerate(self.seats):
                if seat.batch and s not in self.dead:
                    seat.buffer.append(self._shown(s, event))
        if flush:
            for s, seat in enumerate(self.seats):
                if seat.batch and s not in self.dead and seat.buffer:
                    try:
                        _none(self._exchange(s))
                    except _Failed as err:
                        self._fail(s, self.seats[s].asked, err)
                elif not seat.batch and seat.answer is not None and s not in self.dead:
                    try:
                        _none(seat.answer)
                        seat.answer = None
                    except _Failed as err:
                        self._fail(s, seat.asked, err)

    def _exchange(self, seat: int) -> str:
        """(Batch) send the seat's buffered events and read its answer."""
        s = self.seats[seat]
        assert s.link is not None
        events, s.buffer = s.buffer, []
        s.asked = events[-1]["type"]
        s.link.send(json.dumps(events, separators=(",", ":"), ensure_ascii=False))
        return s.link.receive()

    def _answer(self, seat: int) -> str:
        """The seat's answer to the last event (reading it from a batch program now)."""
        s = self.seats[seat]
        if s.batch:
            return self._exchange(seat)
        if s.answer is None:
            raise _Failed("no answer")
        text, s.answer = s.answer, None
        return text

    # -- the game ------------------------------------------------------------------------------------

    def start(self) -> None:
        """Send ``start_game`` (each seat its ``id``)."""
        for s, seat in enumerate(self.seats):
            if seat.link is None:
                continue
            event = {"type": "start_game", "id": s, "names": self.names}
            try:
                seat.link.send(dump_answer([event] if seat.batch else event))
                _none(seat.link.receive())
            except _Failed as err:
                self._fail(s, "start_game", err)

    def play(self, game: Game) -> None:
        """Play the freshly dealt ``game`` to its end."""
        if not isinstance(game.rules, RiichiRules):
            raise InvalidOptionError(f"mjai programs play riichi, not {game.rules.name}")
        self.hand += 1
        stream = HandStream(game)
        self.broadcast(stream.out)
        sent = len(stream.out)
        for _ in range(5000):
            if game.phase == Phase.OVER:
                break
            chosen: list[tuple[int, Action, bool]] = []
            for s in game.to_act():
                action, shown = self._decide(game, s)
                chosen.append((s, action, shown))
            for s, action, shown in chosen:
                if s not in game.to_act():  # (none once the hand is over)
                    continue
                stream.apply(s, action)
                if shown:  # the reach was sent already
                    del stream.out[sent]
                self.broadcast(stream.out[sent:])
                sent = len(stream.out)
        else:
            raise MajiangError("the hand did not end in 5000 decisions")
        stream.finish()
        stream.out.append({"type": "end_kyoku"})
        self.broadcast(stream.out[sent:], flush=True)

    def _decide(self, game: Game, s: int) -> tuple[Action, bool]:
        """Seat ``s``'s action, and whether its ``reach`` has been shown to everyone."""
        seat = self.seats[s]
        if seat.link is None:
            return seat.player.act(game.view(s)), False
        if s in self.dead:
            return fallback(game, s), False
        legal = game.legal_actions(s)
        asked = seat.asked
        try:
            text = self._answer(s)
            answer = _read(text)
            if answer["type"] == "reach":
                if not any(a.kind == ActionKind.RIICHI for a in legal):
                    raise _Failed("a reach it may not declare", text)
            else:
                return _action(game, s, answer, legal, text), False
        except _Failed as err:
            self._fail(s, asked, err)
            return fallback(game, s), False
        self.broadcast([{"type": "reach", "actor": s}])
        if s in self.dead:
            return fallback(game, s, riichi=True), True
        try:
            text = self._answer(s)
            answer = _read(text)
            if answer["type"] != "dahai":
                raise _Failed("no dahai after its reach", text)
            return _action(game, s, answer, legal, text, riichi=True), True
        except _Failed as err:
            self._fail(s, "reach", err)
            return fallback(game, s, riichi=True), True

    def finish(self) -> None:
        """Send ``end_game`` and close every program."""
        try:
            for s, seat in enumerate(self.seats):
                if seat.link is None or s in self.dead:
                    continue
                try:
                    if not seat.batch and seat.answer is not None:
                        _none(seat.answer)
                    end = {"type": "end_game"}
                    seat.link.send(dump_answer([end] if seat.batch else end))
                    _none(seat.link.receive())
                except _Failed as err:
                    self._fail(s, "end_game", err)
        finally:
            self.close()

    def close(self) -> None:
        """Close every program (killing what is left of them)."""
        for seat in self.seats:
            if seat.link is not None:
                seat.link.close()


# -- answers ----------------------------------------------------------------------------------------

def _read(text: str) -> dict[str, Any]:
    try:
        answer = loads_strict(text)
    except StrictJSONError:
        raise _Failed("not JSON", text) from None
    if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
        raise _Failed("not an mjai answer (a JSON object with a 'type')", text)
    return answer


def _none(text: str) -> None:
    if _read(text)["type"] != "none":
        raise _Failed("an action where nothing was asked", text)


def _tile_of(answer: dict[str, Any], key: str, text: str) -> tuple[int, bool]:
    try:
        return parse_mjai_tile(answer.get(key), key)
    except MjlogError as err:
        raise _Failed(f"{key}: {err.reason}", text) from None


def _holds(game: Game, seat: int, tile: int, red: bool, n: int = 1) -> bool:
    """Whether ``seat`` holds ``n`` copies of ``tile`` of that colour (red or plain)."""
    st: RiichiState = game.hand_state
    reds = st.red_hand[seat][tile // 9] if tile in FIVES else 0
    return (reds if red else game.counts[seat][tile] - reds) >= n


def _action(game: Game, seat: int, answer: dict[str, Any], legal: Sequence[Action], text: str,
            riichi: bool = False) -> Action:
    """The action an mjai answer names, if legal now (else ``_Failed``)."""
    kind = answer["type"]
    if "actor" in answer and answer["actor"] != seat:
        raise _Failed(f"an answer for seat {answer['actor']!r}", text)
    chosen: Action | None = None
    if kind == "none":
        chosen = PASS
    elif kind == "dahai":
        tile, red = _tile_of(answer, "pai", text)
        if not _holds(game, seat, tile, red):
            raise _Failed("a tile it does not hold", text)
        step = ActionKind.RIICHI if riichi else ActionKind.DISCARD
        st: RiichiState = game.hand_state
        named = red and isinstance(game.rules, RiichiRules) and game.rules.red_choice and \
            game.counts[seat][tile] > st.red_hand[seat][tile // 9]
        chosen = Action(step, ALL_TILES[tile], (ALL_TILES[tile],) if named else ())
        if named and chosen not in legal:
            chosen = Action(step, ALL_TILES[tile])  # in riichi the drawn five goes as drawn (tsumogiri_red)
    elif kind in ("chi", "pon", "daiminkan", "ankan"):
        consumed = answer.get("consumed")
        count = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 4}[kind]
        if not isinstance(consumed, list) or len(consumed) != count:
            raise _Failed(f"'consumed' must be {count} tiles", text)
        used: list[tuple[int, bool]] = []
        for t in consumed:
            try:
                used.append(parse_mjai_tile(t, "consumed"))
            except MjlogError as err:
                raise _Failed(f"consumed: {err.reason}", text) from None
        for t, red in set(used):
            if not _holds(game, seat, t, red, used.count((t, red))):
                raise _Failed("consumed tiles it does not hold", text)
        kinds = sorted(t for t, _ in used)
        if kind == "ankan":
            if len(set(kinds)) == 1:
                chosen = Action(ActionKind.CONCEALED_KONG, ALL_TILES[kinds[0]])
        else:
            last = game.last_discard
            tile, _ = _tile_of(answer, "pai", text)
            if last is None or last[1] != tile:
                raise _Failed("a call on a tile that is not the discard", text)
            if kind == "chi":
                run = sorted([tile, *kinds])
                if run[0] < 27 and run[0] // 9 == run[2] // 9 and run == [run[0], run[0] + 1, run[0] + 2]:
                    chosen = Action(ActionKind.CHOW, ALL_TILES[run[0]])
            elif set(kinds) == {tile}:
                chosen = Action(ActionKind.PUNG if kind == "pon" else ActionKind.KONG)
            if chosen is not None and isinstance(game.rules, RiichiRules):
                # The plain call or the one naming the red five, as ``consumed`` says (red_choice).
                chosen = game.rules.call_with_reds(game, seat, chosen, sum(red for _, red in used))
    elif kind == "kakan":
        tile, _ = _tile_of(answer, "pai", text)
        chosen = Action(ActionKind.ADDED_KONG, ALL_TILES[tile])
    elif kind == "hora":
        chosen = Action(ActionKind.WIN)
    elif kind == "ryukyoku":
        chosen = Action(ActionKind.ABORT)
    if chosen is None or chosen not in legal:
        raise _Failed("not a legal action now", text)
    return chosen


def play_mjai(game: Game, seats: Sequence[Bot | MjaiSeat]) -> list[Failure]:
    """Play ``game`` (a freshly dealt riichi hand) with mjai programs in some seats and our bots in the
    others, as a game of one hand; the failed answers (the programs are closed)."""
    if not isinstance(game.rules, RiichiRules):
        raise InvalidOptionError(f"mjai programs play riichi, not {game.rules.name}")
    host = MjaiHost(seats)
    try:
        host.start()
        host.play(game)
        host.finish()
    finally:
        host.close()
    return host.failures


def play_mjai_match(players: Sequence[Bot | MjaiSeat | InProcessSeat], rules: RiichiRules,
                    seed: int | None = None, hands: int = 16, names: Sequence[str] | None = None
                    ) -> tuple[RecordedMatch, list[str], list[Failure]]:
    """Play a riichi game (a hanchan by default, ``hands`` at most) with mjai programs, in-process clients
    and our bots as ``players`` (player ``p`` in seat ``p``; riichi changes no seats), as one mjai game:
    ``start_game``, every hand, ``end_game``. Returns the match, its record's lines (as
    ``majiang.records.play_match`` writes them) and the failed answers."""
    if not isinstance(rules, RiichiRules):
        raise InvalidOptionError(f"mjai programs play riichi, not {getattr(rules, 'name', rules)!r}")
    shown = list(names) if names is not None else [str(getattr(p, "name", "bot")) for p in players]
    match = RecordedMatch(rules, seed=seed, hands=hands)
    writer = RecordWriter(rules, shown, seed=seed, match=True, hands=hands)
    lines = [writer.header()]
    host = MjaiHost(players, shown)
    try:
        host.start()
        while not match.over:
            host.play(match.game)
            lines.extend(writer.hand(match.game, match.next_hand()))
        lines.append(writer.final(match.standings(), match.settled))
        host.finish()
    finally:
        host.close()
    return match, lines, host.failures

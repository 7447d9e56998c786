"""External Botzone bot programs in seats of our engine: any Chinese Standard Mahjong bot written for
Botzone plays here.

A seat is one of our bots by name (``fan-aware``) or a command line (``python their_bot.py``): see
:func:`parse_seat`. :class:`BotzoneProcess` speaks Botzone's protocol to the program the way Botzone
does: each request in a fresh process given the whole history (JSON ``{"requests": [...],
"responses": [...]}`` in, ``{"response": "..."}`` out, or the simple line interaction), and, once the
program prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after an answer (Botzone's long-running mode),
the same process given the next request alone. Each answer has a time limit. A program that runs out
of time (``TLE``), exits or crashes without answering (``RE``), or prints no readable answer (``NJ``)
gets that verdict; :func:`play_botzone` plays a hand where such seats answer as Botzone's judge reads
them (``majiang.interop.botzone_table``): a failed or illegal answer forfeits the hand
(``Game.forfeit``: the judge's -30 / +10 under the ``botzone`` rules; an error under rules that charge
no forfeit). The programs are killed with their whole process group when the hand is over (``close``).

Processes are POSIX ones (process groups, ``select`` on pipes).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.actions import Action
from majiang.bots import BOTS, Bot, find_bot, is_bot_name
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game.events import FORFEIT_REASONS
from majiang.game.ruleset import Ruleset
from majiang.game.table import Game
from majiang.interop.botzone_codes import KEEP_RUNNING
from majiang.interop.botzone_table import PASS_REPLY, Answer, JudgeTurn, Reply, Transcript, referee
from majiang.interop.program import MAX_OUTPUT, Program, ProgramTimeout, ProgramTooLong
from majiang.jsonstrict import StrictJSONError, loads_strict

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "KEEP_RUNNING",
    "MAX_OUTPUT",
    "BotzoneProcess",
    "BotzoneProcessBot",
    "Seat",
    "SeatSpec",
    "check_rules",
    "check_seat",
    "make_seat",
    "parse_seat",
    "play_botzone",
    "settle_protocol",
]

DEFAULT_TIME_LIMIT = 6.0
"""Seconds per answer unless told otherwise (generous: a fresh Python process starts in each turn)."""

_PREFIXES = {"json:": False, "simple:": True}
_MJAI_PREFIXES = {"mjai:": "mjai", "mjai-batch:": "mjai-batch"}
"""Seats that are mjai programs (riichi), by prefix: ``majiang.interop.mjai_table`` speaks to them."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat: one of our bots (``bot``), or an external program (``argv``, spoken to in JSON or, with
    ``simple``, in Botzone's simple line interaction; or, with ``protocol`` ``mjai`` or ``mjai-batch``,
    an mjai bot)."""

    text: str
    bot: str | None = None
    argv: tuple[str, ...] = ()
    simple: bool = False
    protocol: str = "botzone"
    told: bool = False
    """Whether the seat said how to speak to its program (a prefix ``json:``, ``simple:``, ``mjai:``...);
    ``settle_protocol`` finds it out otherwise."""

    @property
    def external(self) -> bool:
        """Whether the seat is an external program."""
        return self.bot is None


def parse_seat(text: str) -> SeatSpec:
    """Read a seat: a bot name of ours, else a command line; ``json:`` or ``simple:`` before a command
    says how to speak to it (JSON is the default; ``json:random`` runs a program called ``random``), and
    ``mjai:`` or ``mjai-batch:`` makes it an mjai bot (riichi).

    >>> parse_seat("fan-aware").bot, parse_seat("python bot.py").argv, parse_seat("simple: ./bot").simple
    ('fan-aware', ('python', 'bot.py'), True)
    >>> parse_seat("mjai: python bot.py").protocol
    'mjai'
    """
    stripped = text.strip()
    if not stripped:
        raise InvalidOptionError("a seat is a bot name or a command line, not an empty string")
    simple = told = False
    protocol = "botzone"
    for prefix, is_simple in _PREFIXES.items():
        if stripped.startswith(prefix):
            stripped, simple, told = stripped[len(prefix):].strip(), is_simple, True
            break
    else:
        for prefix, dialect in _MJAI_PREFIXES.items():
            if stripped.startswith(prefix):
                stripped, protocol, told = stripped[len(prefix):].strip(), dialect, True
                break
        else:
            if is_bot_name(stripped):
                return SeatSpec(text, bot=stripped)
    try:
        argv = tuple(shlex.split(stripped))
    except ValueError as err:
        raise InvalidOptionError(f"seat {text!r}: not a command line ({err})") from None
    if not argv:
        raise InvalidOptionError(f"seat {text!r}: no command after the prefix")
    return SeatSpec(text, argv=argv, simple=simple, protocol=protocol, told=told)


class BotzoneProcess(Program):
    """An external Botzone bot program, asked one request at a time (``ask``); see the module docstring.

    ``time_limit`` is in seconds per answer. The program's standard error is discarded unless
    ``stderr`` names a file to append it to. Use it as a context manager, or ``close`` it.
    """

    def __init__(self, argv: Sequence[str], *, simple: bool = False, time_limit: float = DEFAULT_TIME_LIMIT,
                 cwd: str | os.PathLike[str] | None = None,
                 stderr: str | os.PathLike[str] | None = None) -> None:
        super().__init__(argv, time_limit=time_limit, cwd=cwd, stderr=stderr)
        self.simple = simple
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.data = ""
        self.kept = False
        """Whether the program is in long-running mode (it printed the marker after its last answer)."""

    # -- one answer ------------------------------------------------------------------------------------

    def ask(self, request: str) -> Reply:
        """Send ``request`` and read the answer: ``Reply("OK", text)``, or the verdict of a failed run
        (after which the process is gone and the next request starts a fresh one)."""
        deadline = time.monotonic() + self.time_limit
        self.requests.append(request)
        if self.proc is not None and self.kept:
            payload = (request if self.simple else json.dumps(request, ensure_ascii=False)) + "\n"
        else:
            self._stop()
            payload = self._history()
            try:
                self.proc = self._start()
            except MajiangError:
                self.requests.pop()
                raise
            self.kept = False
        reply = self._exchange(payload.encode(), deadline)
        self.responses.append(reply.response if reply.verdict == "OK" and reply.response is not None else "")
        return reply

    def _history(self) -> str:
        if self.simple:
            lines = [str(len(self.requests))]
            for i, request in enumerate(self.requests):
                if i:
                    lines.append(self.responses[i - 1])
                lines.append(request)
            return "\n".join([*lines, self.data, ""]) + "\n"  # then the data and globaldata lines
        obj: dict[str, Any] = {"requests": self.requests, "responses": self.responses}
        if self.data:
            obj["data"] = self.data
        return json.dumps(obj, ensure_ascii=False) + "\n"

    def _exchange(self, payload: bytes, deadline: float) -> Reply:
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        out = bytearray()
        try:
            self._write(payload, deadline)
            lines = self._read(out, deadline)
        except ProgramTimeout:
            self._stop()
            return Reply("TLE", None)
        except ProgramTooLong:
            self._stop()
            return Reply("OLE", None)
        except BrokenPipeError:
            rest = self._read_rest(out, deadline)
            if rest is None:
                return Reply("TLE", None)
            lines = rest
        answer, printed, marker = _answer_lines(lines)
        if marker:
            self.kept = True
        else:
            # Botzone's default: the program ends after each answer; one that does not is out of time.
            try:
                code = proc.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self._stop()
                return Reply("TLE", None)
            self._stop()
            if answer is None:
                return Reply("RE" if code != 0 else "NJ", None)
        if answer is None:
            self._stop()
            return Reply("RE" if proc.poll() not in (None, 0) else "NJ", None)
        return self._parse(answer, printed)

    def _parse(self, line: str, printed: str) -> Reply:
        """The answer of a line (simple mode), or of a JSON object: on its first line, or spread over all
        that was printed (an indented object, as Botzone reads the whole output)."""
        if self.simple:
            return Reply("OK", line)
        try:
            obj = loads_strict(line)
        except StrictJSONError:
            try:
                obj = loads_strict(printed)
            except StrictJSONError:
                self._stop()
                return Reply("NJ", line[:200])
        if not isinstance(obj, dict) or not isinstance(obj.get("response"), str):
            self._stop()
            return Reply("NJ", line[:200])
        data = obj.get("data")
        if isinstance(data, str):
            self.data = data
        return Reply("OK", obj["response"])

    def _read(self, out: bytearray, deadline: float) -> list[str]:
        """Read lines until the keep-running marker or the end of output; raise on time or size."""

        def marked(data: bytearray) -> bool:
            lines = data.decode("utf-8", "replace").split("\n")
            return any(line.strip() == KEEP_RUNNING for line in lines[:-1])

        self._read_until(out, deadline, marked)
        return out.decode("utf-8", "replace").split("\n")

    def _read_rest(self, out: bytearray, deadline: float) -> list[str] | None:
        try:
            return self._read(out, deadline)
        except (ProgramTimeout, ProgramTooLong):
            self._stop()
            return None

    # -- cleaning up ------------------------------------------------------------------------------------

    def _stop(self) -> None:
        """Kill the current process and its group, and reap it."""
        self.kept = False
        super()._stop()

    def __enter__(self) -> BotzoneProcess:
        return self


def _answer_lines(lines: list[str]) -> tuple[str | None, str, bool]:
    """The answer (the first non-empty line), all that was printed before the keep-running marker, and
    whether the marker came."""
    answer = None
    before: list[str] = []
    for line in lines:
        text = line.rstrip("\r")
        if text.strip() == KEEP_RUNNING:
            return answer, "\n".join(before), True
        before.append(text)
        if answer is None and text.strip():
            answer = text
    return answer, "\n".join(before), False


class BotzoneProcessBot:
    """An external Botzone bot in one seat: a ``BotzoneProcess`` for one hand at a time.

    It is not a :class:`~majiang.bots.Bot`: it has a bot's ``name`` but no ``act(view)``, as it answers
    Botzone requests (``answer``), and a view holds neither the request history the program is given
    nor the requests it must answer while others play. So it plays only through :func:`play_botzone`
    (as the arena does); the type checker refuses it wherever a ``Bot`` is wanted (``play_out``,
    simulate, the terminal game, web seats), and ``play_out`` refuses it at run time.
    """

    def __init__(self, spec: SeatSpec | str, *, time_limit: float = DEFAULT_TIME_LIMIT,
                 cwd: str | os.PathLike[str] | None = None,
                 stderr: str | os.PathLike[str] | None = None) -> None:
        self.spec = parse_seat(spec) if isinstance(spec, str) else spec
        if not self.spec.external:
            raise InvalidOptionError(f"{self.spec.text!r} is one of our bots, not an external program")
        self.name = self.spec.text
        self.process = BotzoneProcess(self.spec.argv, simple=self.spec.simple, time_limit=time_limit, cwd=cwd,
                                      stderr=stderr)

    def answer(self, request: str) -> Reply:
        """The program's reply to the next request of its hand."""
        return self.process.ask(request)

    def close(self) -> None:
        """End its program."""
        self.process.close()


Seat = Bot | BotzoneProcessBot
"""A seat's player: one of our bots, or an external program (``BotzoneProcessBot``, not a Bot)."""


def check_seat(spec: SeatSpec | str) -> SeatSpec:
    """The seat read (``parse_seat``), with its program found on the PATH (or as a file); InvalidOptionError
    otherwise."""
    parsed = parse_seat(spec) if isinstance(spec, str) else spec
    if parsed.external:
        program = parsed.argv[0]
        if shutil.which(program) is None:
            if os.path.isfile(program):
                raise InvalidOptionError(f"seat {parsed.text!r}: {program!r} is a file but not a program "
                                         f"that runs on its own: give its interpreter ('python3 {program}')")
            raise InvalidOptionError(f"seat {parsed.text!r}: unknown bot (ours are {', '.join(BOTS)}), and "
                                     f"{program!r} is no program found on the PATH")
    return parsed


FIRST_REQUEST = "0 0 0"
"""The judge's first request to seat 0 (its seat and the round wind), whose only answer is ``PASS``."""


def settle_protocol(spec: SeatSpec, *, time_limit: float = DEFAULT_TIME_LIMIT,
                    cwd: str | os.PathLike[str] | None = None) -> SeatSpec:
    """The seat with the Botzone interaction its program speaks: the one its prefix says (``json:``,
    ``simple:``), else the one in which the program answers the judge's first request (``PASS``): given as
    JSON, then as simple lines. InvalidOptionError saying what the program did in each when it answers
    neither (spoken to in a way it does not read, a program forfeits every hand)."""
    if not spec.external or spec.protocol != "botzone" or spec.told:
        return spec
    tried = []
    for simple in (False, True):
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "stderr")
            with BotzoneProcess(spec.argv, simple=simple, time_limit=time_limit, cwd=cwd, stderr=log) as proc:
                reply = proc.ask(FIRST_REQUEST)
            if reply.verdict == "OK" and reply.response is not None and reply.response.strip() == "PASS":
                return dataclasses.replace(spec, simple=simple, told=True)
            tried.append(_what_it_did(reply, log, time_limit))
    raise InvalidOptionError(
        f"seat {spec.text!r}: cannot tell how to speak to the program: given Botzone's first request "
        f"({FIRST_REQUEST!r}) as JSON it {tried[0]}; as simple lines it {tried[1]}. Check that it runs, "
        "and say which it reads with 'json:' or 'simple:' before the command")


def _what_it_did(reply: Reply, stderr: str, time_limit: float) -> str:
    """What a program did with a request, for an error message (its standard error's last line too)."""
    if reply.verdict == "OK":
        did = f"answered {reply.response!r}, not PASS"
    elif reply.verdict == "TLE":
        did = f"gave no answer in {time_limit:g} s"
    elif reply.verdict == "NJ" and reply.response is not None:
        did = f"printed {reply.response[:80]!r}, which is not a Botzone answer"
    else:
        did = f"stopped without an answer ({reply.verdict}: {FORFEIT_REASONS.get(reply.verdict, '')})"
    try:
        with open(stderr, encoding="utf-8", errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        lines = []
    return did + (f", its last error line {lines[-1][:200]!r}" if lines else "")


def check_rules(rules: Ruleset, protocol: str = "botzone") -> None:
    """External Botzone bots play Chinese Official rules (``mcr``, ``botzone``), mjai bots riichi;
    InvalidOptionError else."""
    if protocol != "botzone":
        from majiang.rules.riichi.ruleset import RiichiRules

        if not isinstance(rules, RiichiRules):
            raise InvalidOptionError(f"external mjai bots play riichi (--rules riichi), not {rules.name}")
        return
    if rules.advisor() is None:  # the rules that advice by Chinese Official fans fits
        raise InvalidOptionError(f"external Botzone bots play Chinese Official rules (mcr, botzone), not "
                                 f"{rules.name}")


def make_seat(spec: SeatSpec | str, seed: int | None = None, *, time_limit: float = DEFAULT_TIME_LIMIT,
              cwd: str | os.PathLike[str] | None = None) -> Seat:
    """The player of a seat: our bot seeded ``seed``, or the external program."""
    parsed = parse_seat(spec) if isinstance(spec, str) else spec
    if parsed.bot is not None:
        return find_bot(parsed.bot, seed)
    if parsed.protocol != "botzone":
        from majiang.interop.mjai_table import MjaiSeat

        return MjaiSeat(parsed.argv, parsed.protocol, name=parsed.text, time_limit=time_limit, cwd=cwd)
    return BotzoneProcessBot(parsed, time_limit=time_limit, cwd=cwd)


def play_botzone(game: Game, seats: Sequence[Seat]) -> Transcript:
    """Play ``game`` to its end with external programs in some seats and our bots in the others.

    Every seat's program is sent every request of the judge, in order; our bots act only when our
    engine asks them, and pass otherwise. Returns the hand's transcript; the programs are closed.
    """
    if len(seats) != 4:
        raise InvalidOptionError(f"a hand needs four seats, not {len(seats)}")
    check_rules(game.rules)

    def answers(turn: JudgeTurn, current: bool) -> Mapping[int, Answer]:
        asked = game.to_act() if current else []
        out: dict[int, Answer] = {}
        for s, player in enumerate(seats):
            if isinstance(player, BotzoneProcessBot):
                out[s] = player.answer(turn.requests[s])
            elif s in asked:
                out[s] = player.act(game.view(s))
            else:
                out[s] = PASS_REPLY
        return out

    def native(seat: int) -> Action:
        player = seats[seat]
        assert not isinstance(player, BotzoneProcessBot)
        return player.act(game.view(seat))

    try:
        return referee(game, answers, native)
    finally:
        for player in seats:
            if isinstance(player, BotzoneProcessBot):
                player.close()

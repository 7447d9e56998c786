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

import contextlib
import json
import os
import selectors
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from majiang.actions import Action
from majiang.bots import BOTS, Bot, find_bot
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game.table import Game
from majiang.interop.botzone_table import PASS_REPLY, Answer, JudgeTurn, Reply, Transcript, referee
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.rules.base import Ruleset

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
]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""What a bot prints after its answer to stay running (Botzone's long-running mode)."""

DEFAULT_TIME_LIMIT = 6.0
"""Seconds per answer unless told otherwise (generous: a fresh Python process starts in each turn)."""

MAX_OUTPUT = 1 << 20
"""Bytes of output per answer beyond which the answer is refused (``OLE``)."""

_PREFIXES = {"json:": False, "simple:": True}


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat: one of our bots (``bot``), or an external program (``argv``, spoken to in JSON or, with
    ``simple``, in Botzone's simple line interaction)."""

    text: str
    bot: str | None = None
    argv: tuple[str, ...] = ()
    simple: bool = False

    @property
    def external(self) -> bool:
        """Whether the seat is an external program."""
        return self.bot is None


def parse_seat(text: str) -> SeatSpec:
    """Read a seat: a bot name of ours, else a command line; ``json:`` or ``simple:`` before a command
    says how to speak to it (JSON is the default; ``json:random`` runs a program called ``random``).

    >>> parse_seat("fan-aware").bot, parse_seat("python bot.py").argv, parse_seat("simple: ./bot").simple
    ('fan-aware', ('python', 'bot.py'), True)
    """
    stripped = text.strip()
    if not stripped:
        raise InvalidOptionError("a seat is a bot name or a command line, not an empty string")
    simple = False
    for prefix, is_simple in _PREFIXES.items():
        if stripped.startswith(prefix):
            stripped, simple = stripped[len(prefix):].strip(), is_simple
            break
    else:
        if stripped in BOTS:
            return SeatSpec(text, bot=stripped)
    try:
        argv = tuple(shlex.split(stripped))
    except ValueError as err:
        raise InvalidOptionError(f"seat {text!r}: not a command line ({err})") from None
    if not argv:
        raise InvalidOptionError(f"seat {text!r}: no command after the prefix")
    return SeatSpec(text, argv=argv, simple=simple)


class BotzoneProcess:
    """An external Botzone bot program, asked one request at a time (``ask``); see the module docstring.

    ``time_limit`` is in seconds per answer. The program's standard error is discarded unless
    ``stderr`` names a file to append it to. Use it as a context manager, or ``close`` it.
    """

    def __init__(self, argv: Sequence[str], *, simple: bool = False, time_limit: float = DEFAULT_TIME_LIMIT,
                 cwd: str | os.PathLike[str] | None = None,
                 stderr: str | os.PathLike[str] | None = None) -> None:
        if not argv:
            raise InvalidOptionError("an external bot needs a command")
        if not time_limit > 0:
            raise InvalidOptionError(f"the time limit must be positive, not {time_limit!r}")
        self.argv = list(argv)
        self.simple = simple
        self.time_limit = float(time_limit)
        self.cwd = cwd
        self.stderr = stderr
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.data = ""
        self.proc: subprocess.Popen[bytes] | None = None
        self.pids: list[int] = []
        """Every process started (for tests: all of them are reaped by ``close``)."""
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
            except OSError as err:
                self.requests.pop()
                raise MajiangError(f"cannot run {shlex.join(self.argv)}: {err}") from None
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

    def _start(self) -> subprocess.Popen[bytes]:
        err: Any = subprocess.DEVNULL
        if self.stderr is not None:
            err = open(self.stderr, "ab")  # noqa: SIM115  (closed below, once the child holds it)
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                    cwd=self.cwd, start_new_session=True)
        finally:
            if err is not subprocess.DEVNULL:
                err.close()
        self.pids.append(proc.pid)
        self.kept = False
        return proc

    def _exchange(self, payload: bytes, deadline: float) -> Reply:
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        out = bytearray()
        try:
            self._write(payload, deadline)
            lines = self._read(out, deadline)
        except _Timeout:
            self._stop()
            return Reply("TLE", None)
        except _TooLong:
            self._stop()
            return Reply("OLE", None)
        except BrokenPipeError:
            rest = self._read_rest(out, deadline)
            if rest is None:
                return Reply("TLE", None)
            lines = rest
        answer, marker = _answer_lines(lines)
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
        return self._parse(answer)

    def _parse(self, line: str) -> Reply:
        if self.simple:
            return Reply("OK", line)
        try:
            obj = loads_strict(line)
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

    def _write(self, payload: bytes, deadline: float) -> None:
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        fd = proc.stdin.fileno()
        os.set_blocking(fd, False)
        view = memoryview(payload)
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_WRITE)
            while view:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise _Timeout
                try:
                    n = os.write(fd, view)
                except BlockingIOError:
                    continue
                view = view[n:]

    def _read(self, out: bytearray, deadline: float) -> list[str]:
        """Read lines until the keep-running marker or the end of output; raise on time or size."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        os.set_blocking(fd, False)
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                lines = out.decode("utf-8", "replace").split("\n")
                if any(line.strip() == KEEP_RUNNING for line in lines[:-1]):
                    return lines
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise _Timeout
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    return lines
                out += chunk
                if len(out) > MAX_OUTPUT:
                    raise _TooLong

    def _read_rest(self, out: bytearray, deadline: float) -> list[str] | None:
        try:
            return self._read(out, deadline)
        except (_Timeout, _TooLong):
            self._stop()
            return None

    # -- cleaning up ------------------------------------------------------------------------------------

    def _stop(self) -> None:
        """Kill the current process and its group, and reap it."""
        proc, self.proc, self.kept = self.proc, None, False
        if proc is None:
            return
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if proc.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(0.05)  # a program that saw its input end may leave by itself
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)  # its children too (it leads its own session)
        proc.wait()

    def close(self) -> None:
        """End the program (and anything it started); the next ``ask`` would start afresh."""
        self._stop()

    def __enter__(self) -> BotzoneProcess:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "proc", None) is not None:
            self._stop()


class _Timeout(Exception):
    pass


class _TooLong(Exception):
    pass


def _answer_lines(lines: list[str]) -> tuple[str | None, bool]:
    """The answer (the first non-empty line) and whether the keep-running marker followed it."""
    answer = None
    for line in lines:
        text = line.rstrip("\r")
        if text.strip() == KEEP_RUNNING:
            return answer, True
        if answer is None and text.strip():
            answer = text
    return answer, False


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
            raise InvalidOptionError(f"seat {parsed.text!r}: unknown bot (ours are {', '.join(BOTS)}), and "
                                     f"{program!r} is no program found on the PATH")
    return parsed


def check_rules(rules: Ruleset) -> None:
    """External Botzone bots play Chinese Official rules (``mcr``, ``botzone``); InvalidOptionError else."""
    if rules.mcr_profile() is None:
        raise InvalidOptionError(f"external Botzone bots play Chinese Official rules (mcr, botzone), not "
                                 f"{rules.name}")


def make_seat(spec: SeatSpec | str, seed: int | None = None, *, time_limit: float = DEFAULT_TIME_LIMIT,
              cwd: str | os.PathLike[str] | None = None) -> Seat:
    """The player of a seat: our bot seeded ``seed``, or the external program."""
    parsed = parse_seat(spec) if isinstance(spec, str) else spec
    if parsed.bot is not None:
        return find_bot(parsed.bot, seed)
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

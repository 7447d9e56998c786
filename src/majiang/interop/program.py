"""An external program in a seat of ours: started in its own process group, written to and read from
against a deadline, and killed with everything it started when it is done.

The Botzone bots (``majiang.interop.external``) and the mjai bots (``majiang.interop.mjai_table``) are
both :class:`Program` s; each adds its protocol. Processes are POSIX ones (process groups, ``select`` on
pipes).
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import time
from collections.abc import Sequence
from types import TracebackType
from typing import Any

from majiang.errors import InvalidOptionError, MajiangError

__all__ = ["MAX_OUTPUT", "Program", "ProgramTimeout", "ProgramTooLong"]

MAX_OUTPUT = 1 << 20
"""Bytes of output per answer beyond which the answer is refused."""


class ProgramTimeout(Exception):
    """The program did not take its input or give its answer in time."""


class ProgramTooLong(Exception):
    """The program wrote more than ``MAX_OUTPUT`` bytes for one answer."""


class Program:
    """An external program (``argv``) with ``time_limit`` seconds per answer; its standard error is
    discarded unless ``stderr`` names a file to append it to. Use it as a context manager, or ``close`` it.
    """

    def __init__(self, argv: Sequence[str], *, time_limit: float,
                 cwd: str | os.PathLike[str] | None = None,
                 stderr: str | os.PathLike[str] | None = None) -> None:
        if not argv:
            raise InvalidOptionError("an external bot needs a command")
        if not time_limit > 0:
            raise InvalidOptionError(f"the time limit must be positive, not {time_limit!r}")
        self.argv = list(argv)
        self.time_limit = float(time_limit)
        self.cwd = cwd
        self.stderr = stderr
        self.proc: subprocess.Popen[bytes] | None = None
        self.pids: list[int] = []
        """Every process started (for tests: all of them are reaped by ``close``)."""

    def _start(self) -> subprocess.Popen[bytes]:
        """Start the program in a session of its own (so that its children can be killed with it)."""
        err: Any = subprocess.DEVNULL
        if self.stderr is not None:
            err = open(self.stderr, "ab")  # noqa: SIM115  (closed below, once the child holds it)
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err,
                                    cwd=self.cwd, start_new_session=True)
        except OSError as exc:
            raise MajiangError(f"cannot run {shlex.join(self.argv)}: {exc}") from None
        finally:
            if err is not subprocess.DEVNULL:
                err.close()
        self.pids.append(proc.pid)
        return proc

    def _write(self, payload: bytes, deadline: float) -> None:
        """Write ``payload`` to the program's input by ``deadline`` (ProgramTimeout otherwise)."""
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
                    raise ProgramTimeout
                try:
                    n = os.write(fd, view)
                except BlockingIOError:
                    continue
                view = view[n:]

    def _read_until(self, out: bytearray, deadline: float, done: Any) -> bool:
        """Read the program's output into ``out`` until ``done(out)`` holds (True) or the output ends
        (False); ProgramTimeout past ``deadline``, ProgramTooLong past ``MAX_OUTPUT`` bytes."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        os.set_blocking(fd, False)
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                if done(out):
                    return True
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise ProgramTimeout
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    return False
                out += chunk
                if len(out) > MAX_OUTPUT:
                    raise ProgramTooLong

    def _stop(self) -> None:
        """Kill the current process and its group, and reap it."""
        proc, self.proc = self.proc, None
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
        """End the program (and anything it started)."""
        self._stop()

    def __enter__(self) -> Program:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "proc", None) is not None:
            self._stop()

"""Progress of a long command on stderr: a Rich bar on a terminal, plain lines otherwise, or nothing.

The time left is the work left at the rate of this run so far: the first report gives the work
already done (resumed from an earlier run), which does not count as done quickly. Without a
terminal (a log file, CI) one line is printed every ``every`` seconds and one at the end, so a long
run is never silent.
"""

from __future__ import annotations

import time
from types import TracebackType

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn

__all__ = ["ProgressReport", "clock"]


def clock(seconds: float) -> str:
    """``h:mm:ss`` (or ``m:ss`` under an hour).

    >>> clock(75), clock(3725.4)
    ('1:15', '1:02:05')
    """
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ProgressReport:
    """``with ProgressReport("majiang simulate", "hands", total) as report: ... report(done, total)``."""

    def __init__(self, command: str, unit: str, total: int, *, quiet: bool = False, start: int = 0,
                 every: float = 10.0, console: Console | None = None) -> None:
        self.command = command
        self.unit = unit
        self.total = total
        self.quiet = quiet
        self.start = start
        self.every = every
        self.console = console if console is not None else Console(stderr=True)
        self.done = start
        self._t0 = time.monotonic()
        self._last = self._t0
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._started = False

    def __enter__(self) -> ProgressReport:
        self._t0 = self._last = time.monotonic()
        if not self.quiet and self.console.is_terminal:
            columns = (TextColumn(self.unit), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            self._bar = Progress(*columns, console=self.console, transient=True)
            self._bar.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(kind, value, traceback)
            self._bar = None

    def line(self, done: int) -> str:
        """The plain progress line for ``done`` of the total."""
        elapsed = time.monotonic() - self._t0
        share = done / self.total if self.total else 1.0
        text = f"{self.command}: {done:,} of {self.total:,} {self.unit} ({share:.0%}), " \
               f"{clock(elapsed)} elapsed"
        fresh = done - self.start
        if done < self.total and fresh > 0:
            text += f", about {clock((self.total - done) * elapsed / fresh)} left"
        return text

    def __call__(self, done: int, total: int) -> None:
        """Report ``done`` of ``total``; the first call gives the work already done (resumed) before
        this run played anything, which the time left does not count as this run's."""
        first = not self._started
        self._started = True
        self.done = done
        if first:
            self.start = done
            self._t0 = self._last = time.monotonic()
        if self.quiet:
            return
        if self._bar is not None:
            if self._task is None:
                # Created at the first report, so a resumed count is not taken for a burst of speed.
                self._task = self._bar.add_task(self.unit, total=self.total, completed=done)
            else:
                self._bar.update(self._task, completed=done)
            return
        now = time.monotonic()
        if not first and (done >= self.total or now - self._last >= self.every):
            self._last = now
            typer.echo(self.line(done), err=True)

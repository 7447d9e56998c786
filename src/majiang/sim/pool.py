"""Worker processes that hand results back in task order, with a bounded number of tasks in flight.

A plain ``Pool.imap`` or ``Executor.map`` queues every task at once and keeps every finished result
until the caller reaches it; with hand records in the results, a slow consumer would then hold a
whole run in memory. Here at most ``2 × workers`` tasks are pending, so memory stays flat however
long the run.

>>> list(ordered_map(abs, [-3, 1, -2], workers=1))
[3, 1, 2]
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from majiang.errors import InvalidOptionError

__all__ = ["MAX_WORKERS_PER_CORE", "check_workers", "max_workers", "ordered_map"]

T = TypeVar("T")
R = TypeVar("R")

MAX_WORKERS_PER_CORE = 4
"""Worker processes allowed per core: more only adds memory (each worker loads its own tables)."""


def max_workers() -> int:
    """The most worker processes a run may ask for: ``MAX_WORKERS_PER_CORE`` × the machine's cores."""
    return MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_workers(workers: int, option: str = "workers") -> int:
    """``workers`` if it is from 1 to ``max_workers()``; InvalidOptionError naming ``option`` otherwise."""
    limit = max_workers()
    if not 1 <= workers <= limit:
        raise InvalidOptionError(f"{option} must be from 1 to {limit} ({MAX_WORKERS_PER_CORE} per core "
                                 f"on this machine's {os.cpu_count() or 1}), not {workers}")
    return workers


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the run (and the pool); the workers
    # must not each die with a traceback of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def ordered_map(func: Callable[[T], R], tasks: Iterable[T], workers: int) -> Iterator[R]:
    """``func(task)`` for each task, in task order: in this process for one worker, else in a pool.

    Tasks are taken from ``tasks`` lazily, at most ``2 × workers`` ahead of the result being yielded.
    Closing the iterator early (or an exception) terminates the pool.
    """
    if workers <= 1:
        for task in tasks:
            yield func(task)
        return
    window = 2 * workers
    with multiprocessing.get_context().Pool(workers, initializer=_ignore_interrupts) as pool:
        pending: deque[multiprocessing.pool.AsyncResult[R]] = deque()
        source = iter(tasks)
        for task in source:
            pending.append(pool.apply_async(func, (task,)))
            if len(pending) >= window:
                break
        while pending:
            result = pending.popleft().get()
            for task in source:
                pending.append(pool.apply_async(func, (task,)))
                break
            yield result

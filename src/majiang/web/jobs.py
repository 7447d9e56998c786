"""Heavy requests (a replay, a log import, the calculator, the coach) run in worker processes.

A replay of a big record takes seconds of CPU and hundreds of megabytes: on the event loop it would stall
every table and socket. ``Jobs`` runs such work in a bounded ``ProcessPoolExecutor`` whose workers run
at a lower priority (``os.nice``), with their address space capped (``RLIMIT_AS``, where the platform
has it) and each job stopped after ``job_seconds`` (a ``SIGALRM`` timer in the worker). A request
finding every worker busy and ``queued_jobs`` waiting is refused at once (``Busy``, 503).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import signal
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from types import FrameType
from typing import Any, TypeVar

from majiang.errors import MajiangError
from majiang.web.limits import Busy, Limits

__all__ = ["JobLimitError", "Jobs"]

T = TypeVar("T")


class JobLimitError(MajiangError):
    """A job that ran out of its time or memory in the worker."""


class _Timeout(BaseException):
    """Raised in a worker by its alarm (a BaseException, so a job's own ``except Exception`` lets it
    through)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Timeout


def _start_worker(megabytes: int) -> None:
    """Set up a worker process: a lower priority than the server's loop, capped memory, the alarm."""
    with contextlib.suppress(OSError):
        os.nice(10)  # the loop serving every table comes first when the cores are shared
    if sys.platform != "win32":
        import resource

        cap = megabytes * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        signal.signal(signal.SIGALRM, _alarm)


def _run_job(function: Callable[..., Any], args: tuple[Any, ...], seconds: float, megabytes: int) -> Any:
    """Call ``function(*args)`` in a worker, within ``seconds`` and the worker's memory."""
    timed = sys.platform != "win32"
    if timed:
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return function(*args)
    except _Timeout:
        raise JobLimitError(f"the request took more than {seconds:g} s of work; the server stops there") \
            from None
    except MemoryError:
        raise JobLimitError(f"the request needed more than {megabytes} MB; the server stops there") from None
    except Exception as err:
        try:
            pickle.loads(pickle.dumps(err))
        except Exception:  # an exception that cannot cross back to the server: keep its message
            raise MajiangError(str(err)) from None
        raise
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)


class Jobs:
    """A bounded pool of worker processes for heavy requests."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.running = 0  # jobs submitted and not yet answered (running or queued)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: a fork of the server (threads, open database) would copy state it must not
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
            self._pool = ProcessPoolExecutor(self.limits.workers, multiprocessing.get_context(method),
                                             initializer=_start_worker, initargs=(self.limits.job_megabytes,),
                                             max_tasks_per_child=200)
        return self._pool

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker (a module-level function; arguments and result pickled);
        ``Busy`` at once when every worker is busy and the queue is full, ``JobLimitError`` past the job's
        time or memory, and the function's own exception otherwise."""
        limits = self.limits
        if self.running >= limits.workers + limits.queued_jobs:
            raise Busy(f"the server is busy with {self.running} heavy requests (replays, imports, the "
                       "calculator and coach); try again in a moment")
        loop = asyncio.get_running_loop()
        future = self._executor().submit(_run_job, function, args, limits.job_seconds, limits.job_megabytes)
        self.running += 1
        # counted until the worker is done with it, even when the request that asked has gone away
        future.add_done_callback(lambda _: loop.call_soon_threadsafe(self._done))
        result: T = await asyncio.wrap_future(future)
        return result

    def _done(self) -> None:
        self.running -= 1

    def close(self) -> None:
        """Stop the workers (queued jobs are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

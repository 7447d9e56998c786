"""Where a run's chunks of seeded work are played: this machine's process pool, or a Ray cluster.

``simulate`` and ``run_arena`` cut their work into chunks (ranges of hand or deal numbers, each played
from its seeds alone) and hand them to an ``Executor``, which gives the results back in chunk order.
Because a chunk's result depends on nothing but the chunk, it makes no difference where it runs, how
many run at once, or how often it is played: a chunk lost with a worker or a node is played again and
gives the same result. Two executors exist:

* ``LocalPool``: ``majiang.sim.pool.ordered_map``, processes on this machine (1: this process);
* ``RayExecutor`` (``majiang.sim.ray_executor``, the ``cluster`` extra): Ray tasks on a cluster, retried
  when a worker or node is lost. Ray is imported only there, when a run connects.

>>> with open_executor(workers=1) as executor:
...     list(executor.map(abs, [-3, 1, -2]))
[3, 1, 2]
"""

from __future__ import annotations

import importlib.util
import os
import socket
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import Protocol, TypeVar

from majiang.errors import InvalidOptionError
from majiang.sim.pool import check_workers, ordered_map

__all__ = ["MAX_CLUSTER_WORKERS", "Executor", "LocalPool", "check_cluster", "open_executor"]

T = TypeVar("T")
R = TypeVar("R")

MAX_CLUSTER_WORKERS = 100_000
"""A ceiling for ``--workers`` on a cluster (tasks in flight: a mistyped count, not a real limit)."""


class Executor(Protocol):
    """Plays ``func`` on each task and gives the results back in task order.

    ``workers`` is how many tasks run at once (chunk sizes follow it); ``where`` says where, for people.
    ``close()`` releases what the executor started (a pool, a local Ray instance); executors are context
    managers that close on exit.
    """

    @property
    def workers(self) -> int: ...

    @property
    def where(self) -> str: ...

    def map(self, func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]: ...

    def close(self) -> None: ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None: ...


class LocalPool:
    """Processes on this machine (``workers`` of them; 1 plays in this process), a pool per ``map``."""

    def __init__(self, workers: int | None = None) -> None:
        self._workers = check_workers((os.cpu_count() or 1) if workers is None else workers)

    @property
    def workers(self) -> int:
        return self._workers

    @property
    def where(self) -> str:
        return "this process" if self._workers == 1 else f"{self._workers} local processes"

    def map(self, func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        return ordered_map(func, tasks, self._workers)

    def close(self) -> None:
        """Nothing to release: each ``map`` closes its own pool."""

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def check_cluster(address: str, option: str = "cluster") -> str:
    """``address`` if it names a Ray cluster (``local``, ``auto``, ``HOST:PORT`` or ``ray://HOST:PORT``);
    InvalidOptionError naming ``option`` otherwise."""
    text = address.strip()
    if text in ("local", "auto"):
        return text
    rest = text.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InvalidOptionError(f"{option} is 'local' (a Ray instance started for this run), 'auto' (the "
                                 "cluster this machine belongs to) or a cluster's address HOST:PORT or "
                                 f"ray://HOST:PORT, not {address!r}")
    return text


def _answers(address: str, option: str, seconds: float = 5.0) -> None:
    """InvalidOptionError unless something listens at ``address`` (HOST:PORT): Ray itself would retry a
    wrong address for minutes before it gives up."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=seconds):
            pass
    except OSError as err:
        raise InvalidOptionError(f"{option}: no Ray cluster answers at {address} "
                                 f"({err.strerror or err})") from None


def open_executor(workers: int | None = None, cluster: str | None = None, *, workers_option: str = "workers",
                  cluster_option: str = "cluster") -> Executor:
    """The executor of a run: ``LocalPool(workers)`` without ``cluster``, else a ``RayExecutor`` on it
    (``workers``: tasks at once; default: the cluster's CPUs). ImportError (saying which extra) when Ray
    is asked for and not installed; Ray itself is imported only when the run connects. The option names
    are those bad values are reported under."""
    if cluster is None:
        return LocalPool(check_workers((os.cpu_count() or 1) if workers is None else workers, workers_option))
    address = check_cluster(cluster, cluster_option)
    if address == "local" and workers is not None:
        check_workers(workers, workers_option)  # this machine's cores, as for the local pool
    elif workers is not None and not 1 <= workers <= MAX_CLUSTER_WORKERS:
        raise InvalidOptionError(f"{workers_option} on a cluster must be from 1 to {MAX_CLUSTER_WORKERS:,}, "
                                 f"not {workers}")
    if address not in ("local", "auto"):
        _answers(address, cluster_option)
    if importlib.util.find_spec("ray") is None:  # (not imported: that takes a second)
        raise InvalidOptionError(f"{cluster_option} needs Ray, which is not installed: "
                                 "pip install 'majiang[cluster]'")
    from majiang.sim.ray_executor import RayExecutor  # the cluster extra's module, loaded only here

    return RayExecutor(address, workers)

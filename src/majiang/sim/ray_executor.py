"""Chunks of seeded work as Ray tasks (the ``cluster`` extra: ``pip install 'majiang[cluster]'``).

Each chunk is one task needing one CPU. At most ``2 × workers`` are in flight, and their results are
taken in submission order, so the run streams its records in hand order with flat memory however long it
is, as the local pool does. A task whose worker process or node dies is submitted again by Ray
(``max_retries``); since a chunk is played from its seeds alone, the retry gives the same result, and the
run loses only the time of the unfinished chunks. An exception raised by the work itself (a bug, a bad
bot) is not retried: it ends the run, as it would locally.

Every node must be able to import the same majiang (installed on each node, or on ``PYTHONPATH`` when the
nodes were started): tasks name the functions they run, they do not carry their code.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from types import TracebackType
from typing import Any, TypeVar

__all__ = ["OBJECT_STORE_BYTES", "RETRIES", "RayExecutor", "import_ray"]

T = TypeVar("T")
R = TypeVar("R")

RETRIES = 5
"""How often Ray submits a chunk again when the worker or node playing it is lost."""
OBJECT_STORE_BYTES = 128 * 1024 * 1024
"""The object store of a local instance: results are a chunk's records (a few MB at most); Ray's default
(30% of the memory) would reserve gigabytes on a shared machine."""


def import_ray() -> Any:
    """The ``ray`` module; ImportError saying which extra installs it."""
    try:
        import ray
    except ImportError as err:
        raise ImportError("--cluster needs Ray: pip install 'majiang[cluster]'") from err
    return ray


class RayExecutor:
    """Tasks on the Ray cluster at ``address``: ``local`` starts an instance of ``workers`` CPUs for this
    run (stopped by ``close``), ``auto`` joins the cluster this machine is part of, ``HOST:PORT`` or
    ``ray://HOST:PORT`` the one there. ``workers`` is the number of tasks run at once (default: the
    cluster's CPUs). A process already connected to Ray (``ray.init`` called) keeps its connection, and
    ``close`` leaves it."""

    def __init__(self, address: str = "local", workers: int | None = None, *,
                 object_store_bytes: int = OBJECT_STORE_BYTES) -> None:
        self.address = address
        self._requested = workers
        self._workers = 0
        self._object_store_bytes = object_store_bytes
        self._ray: Any = None
        self._owned = False
        self._remote: dict[Callable[..., Any], Any] = {}

    def _connect(self) -> Any:
        if self._ray is not None:
            return self._ray
        ray = import_ray()
        # No usage report (this may be a machine without a network) and no dashboard (memory, a port);
        # Ray's notices on connecting (token authentication is on, ...) are not the run's output.
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        if not ray.is_initialized():
            quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR,
                                     "include_dashboard": False}
            if self.address == "local":
                # address="local": a new instance even when this machine runs a cluster (``ray start``).
                ray.init(address="local", num_cpus=self._requested or os.cpu_count() or 1,
                         object_store_memory=self._object_store_bytes, **quiet)
            else:
                quiet.pop("include_dashboard")  # a setting of the cluster's head, not of a driver joining it
                ray.init(address=self.address, **quiet)
            self._owned = True
        cpus = int(ray.cluster_resources().get("CPU", 0))
        self._workers = self._requested or max(1, cpus)
        self._ray = ray
        return ray

    @property
    def workers(self) -> int:
        """Tasks run at once (connecting first: the default is the cluster's CPU count)."""
        self._connect()
        return self._workers

    @property
    def where(self) -> str:
        self._connect()
        nodes = sum(1 for node in self._ray.nodes() if node.get("Alive"))
        cluster = "a local Ray instance" if self.address == "local" else f"the Ray cluster at {self.address}"
        return f"{self._workers} tasks at once on {cluster} ({nodes} node{'s' if nodes != 1 else ''})"

    def map(self, func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        """``func(task)`` for each task on the cluster, in task order, at most ``2 × workers`` ahead."""
        ray = self._connect()
        remote = self._remote.get(func)
        if remote is None:
            remote = ray.remote(num_cpus=1, max_retries=RETRIES, retry_exceptions=False)(func)
            self._remote[func] = remote
        return self._ordered(ray, remote, tasks)

    def _ordered(self, ray: Any, remote: Any, tasks: Iterable[T]) -> Iterator[Any]:
        pending: deque[Any] = deque()
        source = iter(tasks)
        try:
            pending.extend(remote.remote(task) for task in islice(source, 2 * self._workers))
            while pending:
                result = ray.get(pending.popleft())
                pending.extend(remote.remote(task) for task in islice(source, 1))
                yield result
        finally:
            # Closed early (Ctrl-C, an error, a consumer that stopped): the rest is not wanted.
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        """Disconnect, stopping a ``local`` instance, if this executor connected."""
        if self._ray is not None and self._owned:
            self._ray.shutdown()
        self._ray = None
        self._owned = False
        self._remote.clear()

    def __enter__(self) -> RayExecutor:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

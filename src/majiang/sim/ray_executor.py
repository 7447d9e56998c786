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

import contextlib
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

__all__ = ["OBJECT_STORE_BYTES", "RETRIES", "LocalCluster", "RayExecutor", "busy_workers", "import_ray",
           "kill_tree", "process_title"]

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
            # Closed early (Ctrl-C, an error, a consumer that stopped): the rest is not wanted. (A generator
            # closed only when collected may find Ray already shut down, its tasks gone with it.)
            if pending and ray.is_initialized():
                for ref in pending:
                    with contextlib.suppress(Exception):  # finished or lost meanwhile
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


def _descendants(root: int) -> list[int]:
    """The processes under ``root`` (children, theirs, ...), read from Linux's /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            ppid = int(stat.rpartition(")")[2].split()[1])  # after the name, which may hold spaces
            parents.setdefault(ppid, []).append(int(entry.name))
    found: list[int] = []
    todo = [root]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def process_title(pid: int) -> str:
    """A process's title (Ray names a worker ``ray::FUNCTION`` while it runs a task); "" once it ended."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
    except OSError:
        return ""


def busy_workers(root: int, function: str = "_play_chunk") -> list[int]:
    """The Ray worker processes under process ``root`` running a task of ``function`` now (Linux)."""
    return [pid for pid in _descendants(root) if process_title(pid).startswith(f"ray::{function}")]


def _signal_all(pids: Iterable[int], sig: signal.Signals) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):  # ended meanwhile
            os.kill(pid, sig)


def kill_tree(root: int) -> list[int]:
    """SIGKILL process ``root`` and every process under it (a node of a ``LocalCluster`` lost at once);
    the processes signalled."""
    members = [*_descendants(root), root]
    _signal_all(members, signal.SIGKILL)
    return members


class LocalCluster:
    """A Ray cluster of a head and ``worker_nodes`` worker nodes on this machine, ``cpus`` CPUs each, for
    tests and measurements (Linux): each node is a ``ray start --block`` process, in a temp dir of the
    cluster's own, whose process tree is ended on exit (never ``ray stop``, which would end every Ray
    process of the machine). Entering waits for the nodes and leaves this process connected.

    ``nodes[0]`` is the head's ``ray start`` process, ``nodes[1:]`` the worker nodes'; their Ray workers
    are among their descendants (``busy_workers(node.pid)``).
    """

    def __init__(self, worker_nodes: int = 1, cpus: int = 1, *,
                 object_store_bytes: int = 100 * 1024 * 1024, pythonpath: str | None = None) -> None:
        self.worker_nodes = worker_nodes
        self.cpus = cpus
        self.object_store_bytes = object_store_bytes
        self.pythonpath = pythonpath
        self.address = ""
        self.nodes: list[subprocess.Popen[bytes]] = []
        self._temp = ""
        self._auth_mode: str | None = None

    def __enter__(self) -> LocalCluster:
        # Short: Ray's socket paths in it must fit in 107 bytes.
        self._temp = tempfile.mkdtemp(prefix="mjray", dir="/tmp")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        self.address = f"127.0.0.1:{port}"
        # Token authentication is Ray's choice per process when RAY_AUTH_MODE is not set (on where the
        # user's token ~/.ray/auth_token exists, and a worker node may decide otherwise than its head, or
        # than this driver after a local instance): on, with that token (made if missing), for every node
        # and for this process while the cluster lives.
        env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "token"}
        if self.pythonpath:
            env["PYTHONPATH"] = self.pythonpath + os.pathsep + os.environ.get("PYTHONPATH", "")
        script = Path(sys.executable).parent / "ray"
        ray_command = [str(script)] if script.exists() else [sys.executable, "-m", "ray.scripts.scripts"]
        subprocess.run([*ray_command, "get-auth-token", "--generate"], env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # (it prints the token)
        self._auth_mode = os.environ.get("RAY_AUTH_MODE")
        os.environ["RAY_AUTH_MODE"] = "token"
        common = ["--num-cpus", str(self.cpus), "--object-store-memory", str(self.object_store_bytes),
                  "--node-ip-address", "127.0.0.1", "--block"]
        try:
            self._start([*ray_command, "start", "--head", "--port", str(port), "--include-dashboard", "false",
                         "--temp-dir", self._temp, *common], env)
            for _ in range(self.worker_nodes):
                self._start([*ray_command, "start", "--address", self.address, *common], env)
            self._wait()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _start(self, command: list[str], env: dict[str, str]) -> None:
        self.nodes.append(subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL, start_new_session=True))

    def _wait(self, seconds: float = 120) -> None:
        ray = import_ray()
        deadline = time.monotonic() + seconds
        while True:
            for node in self.nodes:
                if node.poll() is not None:
                    raise RuntimeError(f"a Ray node of the cluster at {self.address} ended ({node.args!r})")
            try:
                if not ray.is_initialized():
                    ray.init(address=self.address, log_to_driver=False, logging_level=logging.ERROR)
                if sum(1 for node in ray.nodes() if node["Alive"]) > self.worker_nodes:
                    return
            except ConnectionError:
                pass  # the head is not up yet
            if time.monotonic() > deadline:
                raise RuntimeError(f"the Ray cluster at {self.address} did not come up in {seconds:.0f} s")
            time.sleep(0.5)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        ray = import_ray()
        if ray.is_initialized():
            ray.shutdown()
        for node in reversed(self.nodes):
            members = [*_descendants(node.pid), node.pid]
            _signal_all(members, signal.SIGTERM)
            deadline = time.monotonic() + 5  # then SIGKILL: nothing of a test cluster needs saving
            while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in members):
                node.poll()  # reaps ray start once it ends; the rest are reaped by init
                time.sleep(0.2)
            _signal_all([*_descendants(node.pid), *members], signal.SIGKILL)
            node.wait(timeout=15)
        self.nodes = []
        if self._auth_mode is None:
            os.environ.pop("RAY_AUTH_MODE", None)
        else:
            os.environ["RAY_AUTH_MODE"] = self._auth_mode
        if self._temp:
            shutil.rmtree(self._temp, ignore_errors=True)

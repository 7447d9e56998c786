"""Simulation throughput on the local pool and on Ray, the per-task overhead, and what 100 nodes would give.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/cluster.py [--games N] [--bots A,B] [--no-records]``
(needs the ``cluster`` extra). It plays the same seeded run (``majiang simulate --games N --records``,
random bots by default) on:

* the local pool with 1 and 2 worker processes (``--workers``);
* a local Ray instance of 1 and 2 CPUs (``--cluster local``), its start timed apart;
* a Ray cluster of a head and one worker node, one CPU each, started here by ``ray start`` (``LocalCluster``);

checking that every run writes the same bytes. Then it times empty tasks (``derived_seed`` of a number)
through each executor, the per-task overhead, and the driver's own work per hand (taking results in,
writing records, summing up: the time the driver spends between results), and projects the hands per
second of 100 nodes from those: the least of what the workers play, what one driver can take in, and how
many tasks it can hand out. docs/simulation.md has the figures of a run and the reasoning.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import majiang
from majiang.sim.executor import Executor, LocalPool
from majiang.sim.ray_executor import LocalCluster, RayExecutor
from majiang.sim.seeds import derived_seed
from majiang.sim.simulate import _chunk_size, simulate

T = TypeVar("T")
R = TypeVar("R")

SRC = str(Path(majiang.__file__).resolve().parent.parent)


class Timed:
    """An executor whose ``map`` counts the time the consumer spends between results (the driver's own
    work) apart from the time it waits for them."""

    def __init__(self, inner: Executor) -> None:
        self.inner = inner
        self.waiting = 0.0
        self.working = 0.0
        self.working_cpu = 0.0
        self.results = 0

    @property
    def workers(self) -> int:
        return self.inner.workers

    @property
    def where(self) -> str:
        return self.inner.where

    def map(self, func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        results = self.inner.map(func, tasks)
        while True:
            t0 = time.perf_counter()
            try:
                result = next(results)
            except StopIteration:
                return
            t1 = time.perf_counter()
            c1 = time.process_time()
            self.waiting += t1 - t0
            self.results += 1
            yield result
            self.working += time.perf_counter() - t1
            self.working_cpu += time.process_time() - c1

    def close(self) -> None:
        self.inner.close()

    def __enter__(self) -> Timed:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def run(label: str, executor: Executor, args: argparse.Namespace, directory: Path) -> dict[str, Any]:
    timed = Timed(executor)
    path = directory / f"{label.replace(' ', '-')}.jsonl.gz" if args.records else None
    t0 = time.perf_counter()
    summary = simulate(args.games, args.bots.split(","), seed=1, records=path, executor=timed)
    seconds = time.perf_counter() - t0
    rate = args.games / seconds
    print(f"{label:<28} {timed.workers:>2} workers  {seconds:6.1f} s  {rate:7.0f} hands/s  "
          f"{timed.results:4} tasks  driver {timed.working / args.games * 1e3:.3f} ms/hand "
          f"({timed.working_cpu / args.games * 1e3:.3f} ms CPU)", flush=True)
    return {"label": label, "rate": rate, "seconds": seconds, "path": path, "summary": summary,
            "driver_per_hand": timed.working_cpu / args.games, "tasks": timed.results}


def task_overhead(executor: Executor, tasks: int) -> tuple[float, float]:
    """Seconds per empty task through ``executor``, and the driver's CPU seconds per task (after a first
    round that starts its workers)."""
    list(executor.map(derived_seed, range(4 * executor.workers)))
    t0, c0 = time.perf_counter(), time.process_time()
    list(executor.map(derived_seed, range(tasks)))
    return (time.perf_counter() - t0) / tasks, (time.process_time() - c0) / tasks


def cpu_rate(args: argparse.Namespace) -> float:
    """Hands per CPU second of one core: the run's first hands played in this process, no records."""
    hands: int = max(50, args.games // 10)
    c0 = time.process_time()
    simulate(hands, args.bots.split(","), seed=1, executor=LocalPool(1))
    return hands / (time.process_time() - c0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--no-records", dest="records", action="store_false")
    parser.add_argument("--tasks", type=int, default=2000, help="empty tasks timed per executor")
    parser.add_argument("--nodes", type=int, default=100, help="nodes of the projection")
    parser.add_argument("--cores", type=int, default=16, help="cores per node of the projection")
    args = parser.parse_args()
    os.environ["PYTHONPATH"] = SRC + os.pathsep + os.environ.get("PYTHONPATH", "")  # for Ray's workers
    print(f"{args.games} hands of {args.bots}, {'with' if args.records else 'without'} records, "
          f"on {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f})", flush=True)
    rows = []
    overheads = {}
    with tempfile.TemporaryDirectory() as temp:
        directory = Path(temp)
        for k in (1, 2):
            with LocalPool(k) as pool:
                rows.append(run(f"local pool {k}", pool, args, directory))
                overheads[f"local pool {k}"] = task_overhead(pool, args.tasks)
        for k in (1, 2):
            t0 = time.perf_counter()
            with RayExecutor("local", k) as ray_local:
                assert ray_local.workers == k  # (connecting: starts the instance)
                start = time.perf_counter() - t0
                print(f"(ray local {k}: started in {start:.1f} s)", flush=True)
                rows.append(run(f"ray local {k}", ray_local, args, directory))
                overheads[f"ray local {k}"] = task_overhead(ray_local, args.tasks)
        t0 = time.perf_counter()
        with LocalCluster(worker_nodes=1, cpus=1, pythonpath=SRC) as cluster:
            print(f"(head + worker node: up in {time.perf_counter() - t0:.1f} s)", flush=True)
            executor = RayExecutor(cluster.address)
            rows.append(run("ray head + worker node", executor, args, directory))
            overheads["ray head + worker node"] = task_overhead(executor, args.tasks)
        if args.records:
            first = rows[0]["path"].read_bytes()
            assert all(row["path"].read_bytes() == first for row in rows), "the records differ"
            print("records: the same bytes in every run")
    stats = {k: v for k, v in rows[0]["summary"].to_dict().items() if k not in ("seconds", "workers")}
    assert all({k: v for k, v in r["summary"].to_dict().items() if k in stats} == stats for r in rows)
    print("summaries: the same in every run\n")
    print("Per-task overhead (empty tasks, in order, 2 x workers in flight):")
    for label, (seconds, cpu) in overheads.items():
        print(f"  {label:<26} {seconds * 1e3:7.3f} ms/task  ({1 / seconds:7.0f} tasks/s; the driver's CPU "
              f"{cpu * 1e3:.3f} ms/task)")
    by = {row["label"]: row for row in rows}
    local2, ray2 = by["local pool 2"], by["ray local 2"]
    print(f"\nRay against the local pool, 2 workers: {ray2['rate'] / local2['rate']:.0%} of its hands/s "
          f"(cluster of 2 nodes: {by['ray head + worker node']['rate'] / local2['rate']:.0%})")
    # The projection: one core's rate on Ray, the driver's work per hand, the scheduler's per task.
    # From CPU times, which the machine's other load does not inflate as it does wall times.
    per_core = cpu_rate(args)
    driver = max(row["driver_per_hand"] for row in rows if row["label"].startswith("ray"))
    per_task = overheads["ray head + worker node"][1]
    cores = args.nodes * args.cores
    chunk = _chunk_size(10**7, cores, args.records)
    workers_limit = cores * per_core
    driver_limit = 1 / driver if driver else float("inf")
    scheduler_limit = chunk / per_task
    print(f"\nProjection to {args.nodes} nodes of {args.cores} cores ({cores} workers), a long run "
          f"(chunks of {chunk} hands):")
    print(f"  the workers play      {workers_limit:12,.0f} hands/s  ({per_core:.0f} per CPU second)")
    print(f"  one driver takes in   {driver_limit:12,.0f} hands/s  ({driver * 1e3:.3f} ms of its own "
          "per hand)")
    print(f"  one driver hands out  {scheduler_limit:12,.0f} hands/s  ({per_task * 1e3:.3f} ms CPU per task)")
    limit = min(workers_limit, driver_limit, scheduler_limit)
    names = {workers_limit: "the workers", driver_limit: "the driver", scheduler_limit: "scheduling"}
    print(f"  so about {limit:,.0f} hands/s, limited by {names[limit]}")


if __name__ == "__main__":
    main()

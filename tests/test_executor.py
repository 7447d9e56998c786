"""The executor seam (``majiang.sim.executor``) without Ray: the local pool behind it, the cluster option's
checks, and that the default install and the core never need Ray (``tests/test_cluster.py`` runs on it)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from majiang.errors import InvalidOptionError
from majiang.sim.executor import LocalPool, check_cluster, open_executor
from majiang.sim.pool import max_workers
from majiang.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


def test_local_pool_is_the_default() -> None:
    pool = open_executor(2)
    assert isinstance(pool, LocalPool) and pool.workers == 2 and pool.where == "2 local processes"
    with pool:
        assert list(pool.map(abs, range(-5, 5))) == [abs(x) for x in range(-5, 5)]
    with pytest.raises(InvalidOptionError, match="--workers must be from 1"):
        open_executor(max_workers() + 1, workers_option="--workers")


def test_simulate_on_an_executor_is_simulate_on_workers(tmp_path: Path) -> None:
    simulate(30, ["random"], workers=2, seed=4, records=tmp_path / "a.jsonl")
    summary = simulate(30, ["random"], seed=4, records=tmp_path / "b.jsonl", executor=LocalPool(1))
    assert summary.workers == 1
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


@pytest.mark.parametrize("address", ["local", "auto", "10.0.0.5:6379", "ray://head:10001", " local "])
def test_cluster_addresses(address: str) -> None:
    assert check_cluster(address) == address.strip()


@pytest.mark.parametrize("address", ["", "head", "head:port", ":6379", "head:0", "head:70000", "remote"])
def test_bad_cluster_addresses(address: str) -> None:
    with pytest.raises(InvalidOptionError, match="--cluster is 'local'"):
        check_cluster(address, "--cluster")


def test_cluster_without_ray_says_which_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ray" else real(name, *a))
    with pytest.raises(InvalidOptionError, match=r"--cluster needs Ray.*majiang\[cluster\]"):
        open_executor(2, "local", cluster_option="--cluster")
    with pytest.raises(InvalidOptionError, match="--workers on a cluster"):
        open_executor(0, "head:6379", workers_option="--workers")
    with pytest.raises(InvalidOptionError, match="--workers must be from 1"):  # local: this machine's cores
        open_executor(max_workers() + 1, "local", workers_option="--workers")


def test_the_default_install_does_not_pull_ray() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    for group in (project["dependencies"], extras["cli"], extras["web"], extras["rl"], extras["test"]):
        assert not any(req.startswith(("ray", "torch")) for req in group), group
    assert any(req.startswith("ray") for req in extras["cluster"])
    assert "torch==2.13.0" in extras["cluster-train"]  # the CPU build on disk; a range could fetch CUDA's


def test_running_locally_imports_no_ray() -> None:
    code = ("import sys; from majiang.cli import main; import majiang.sim.simulate, majiang.sim.arena; "
            "from majiang.sim.executor import open_executor; "
            "from majiang.sim.simulate import simulate; simulate(2, ['random'], executor=open_executor(1)); "
            "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_cluster_address_nothing_answers_at_is_refused_at_once() -> None:
    """Ray retries a wrong address for minutes; the run says at once that nothing answers there."""
    import socket

    with socket.socket() as probe:  # a port just freed: nothing listens on it
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(InvalidOptionError, match=f"--cluster: no Ray cluster answers at {address}"):
            open_executor(None, address, cluster_option="--cluster")

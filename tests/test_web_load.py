"""The web load benchmark: a bounded run (every table finishes and every client action is answered), and
the issue-21 soak: 200 tables while a hostile client attacks the same server, every attack answered as the
limits say and the well-behaved client still playing. The latency figures are printed, not asserted: they
are a measurement of the machine as much as of the server (docs/web.md gives them, and
benchmarks/web_load.py measures them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TABLES = int(os.environ.get("MAJIANG_WEB_LOAD_TABLES", "3"))
"""Tables played at once (``make soak`` plays more)."""

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "web_load.py"


def _load(*args: str) -> dict[str, Any]:
    run = subprocess.run([sys.executable, str(SCRIPT), *args, "--json"], capture_output=True, text=True,
                         timeout=1200)
    assert run.returncode == 0, run.stdout + run.stderr
    figures: dict[str, Any] = json.loads(run.stdout)
    return figures


@pytest.mark.slow
def test_web_load_small() -> None:
    figures = _load("--tables", str(TABLES), "--window-seconds", "0")  # (no window floor here)
    assert figures["finished"] == TABLES
    assert figures["moves"] > figures["client_moves"] > 0
    lat = figures["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]


@pytest.mark.soak
def test_web_load_under_attack() -> None:
    """200 tables (180 of four bots, 20 where the client plays a seat; bots pausing 0.5 s, the client
    0.2 s), a hostile client running every attack meanwhile; the client keeps playing (its latency is
    printed: a timing threshold would fail on a busy CI machine, as p99 105.66 ms once did beside another
    soak on the second core)."""
    figures = _load("--tables", "20", "--bot-tables", "180", "--hands", "16", "--bot-seconds", "0.5",
                    "--think", "0.2", "--seconds", "60", "--hostile")
    print(json.dumps(figures, indent=1))
    attacks = figures["attacks"]
    # every attack ran and was answered as the limits say
    assert attacks["200 MB body"].get("413", 0) > 0
    assert attacks["table flood"].get("429", 0) > 0
    flood = attacks["spectator flood"]
    assert flood.get("429", 0) + flood.get("too-many", 0) > 0
    assert attacks["slow reader"].get("opened", 0) > 0
    assert sum(attacks["replay"].values()) > 0
    assert figures["client_moves"] >= 300
    lat = figures["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]

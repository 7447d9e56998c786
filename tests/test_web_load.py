"""A bounded run of the web load benchmark: every table finishes and every client action is answered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TABLES = int(os.environ.get("MAJIANG_WEB_LOAD_TABLES", "3"))
"""Tables played at once (``make soak`` plays more)."""


@pytest.mark.slow
def test_web_load_small() -> None:
    script = Path(__file__).parent.parent / "benchmarks" / "web_load.py"
    run = subprocess.run([sys.executable, str(script), "--tables", str(TABLES), "--json"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    figures = json.loads(run.stdout)
    assert figures["finished"] == TABLES
    assert figures["moves"] > figures["client_moves"] > 0
    lat = figures["latency_ms"]
    assert 0 < lat["p50"] <= lat["p90"] <= lat["p99"] <= lat["max"]

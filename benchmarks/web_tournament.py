"""How long the tournament routes take as a tournament grows: every request reads the tournament from its
JSON (every pairing and result checked again), so a big late round costs more than an early one.

    PYTHONPATH=src python benchmarks/web_tournament.py [PLAYERS] [ROUNDS]

Prints, per round, the time to pair it (in a worker) and the mean time to book one table's final totals.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    from argon2 import profiles
    from fastapi.testclient import TestClient

    from majiang.web import accounts
    from majiang.web.app import create_app

    players = int(sys.argv[1]) if len(sys.argv) > 1 else 128
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    accounts.PROFILE = profiles.CHEAPEST
    with tempfile.TemporaryDirectory() as folder, \
            TestClient(create_app(Path(folder) / "t.db", pages=False, allow_hosts=["testserver"])) as client:
        signed = client.post("/api/accounts", json={"name": "Ann", "password": "correct horse"})
        assert signed.status_code == 201
        made = client.post("/api/tournaments", json={"players": [f"P{i:03d}" for i in range(players)],
                                                     "rounds": rounds, "seed": 1})
        tid = made.json()["id"]
        print(f"{players} players, {rounds} rounds, {players // 4} tables a round")
        for number in range(1, rounds + 1):
            start = time.perf_counter()
            paired = client.post(f"/api/tournaments/{tid}/rounds", json={})
            pair_seconds = time.perf_counter() - start
            tables = paired.json()["rounds"][-1]["tables"]
            start = time.perf_counter()
            for table in tables:
                path = f"/api/tournaments/{tid}/rounds/{number}/tables/{table['number']}/result"
                answer = client.post(path, json={"totals": [30, 10, -15, -25]})
                assert answer.status_code == 200, answer.text
            per_table = (time.perf_counter() - start) / len(tables)
            print(f"round {number}: pairing {pair_seconds * 1000:.0f} ms, a sheet {per_table * 1000:.1f} ms")


if __name__ == "__main__":
    main()

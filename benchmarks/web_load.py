"""Load on the web server: many tables at once on loopback, moves per second and action latency.

Run: ``.venv/bin/python benchmarks/web_load.py --tables 50`` (``--help`` lists the sizes).

It starts ``majiang serve`` in a child process on a fresh database, creates ``--tables`` tables of one
open seat and three server bots, and plays every open seat from this process over its own WebSocket
(a seeded random choice among the legal actions, ``next`` after each hand). It reports:

* moves per second: every table's accepted actions (bots' and clients') over the wall time;
* latency: for each client action, the time from sending it to receiving the state that shows it
  (the server checked it, stored it in its own transaction and broadcast it), as percentiles.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _request(url: str, body: object | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.loads(r.read())


async def _play(base: str, table: dict[str, Any], seed: int, latencies: list[float]) -> None:
    """Play the open seat of ``table`` to the end of the match."""
    rng = random.Random(seed)
    token = table["players"][0]["token"]
    url = base.replace("http", "ws") + f"/ws/tables/{table['id']}?player=0&token={token}"
    answered: set[int] = set()
    sent: tuple[int, float] | None = None
    async with connect(url, max_size=2**22) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] != "state":
                raise RuntimeError(f"table {table['id']}: {message}")
            step = message["step"]
            if sent is not None:
                acted = message["acted"]
                if acted is None or acted < sent[0]:
                    continue  # a state from before this client's last action was applied
                latencies.append(time.perf_counter() - sent[1])
                sent = None
            if message["status"] == "finished":
                return
            view = message["view"]
            if step in answered:
                continue
            if message["waiting_next"]:
                answered.add(step)
                await ws.send(json.dumps({"type": "next"}))
            elif message["seat"] in view["to_act"] and view["legal"]:
                answered.add(step)
                action = rng.choice(view["legal"])
                sent = (step, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action, "step": step}))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def _run(base: str, tables: int, hands: int, bot: str, seed: int) -> dict[str, Any]:
    created = [_request(f"{base}/api/tables", {"hands": hands, "seed": seed + t, "players":
                        ["open", f"bot:{bot}", f"bot:{bot}", f"bot:{bot}"]}) for t in range(tables)]
    latencies: list[float] = []
    start = time.perf_counter()
    await asyncio.gather(*(_play(base, t, seed + i, latencies) for i, t in enumerate(created)))
    wall = time.perf_counter() - start
    listed = {t["id"]: t for t in _request(f"{base}/api/tables")}
    finished = sum(1 for t in created if listed[t["id"]]["status"] == "finished")
    moves = 0
    for t in created:
        record = urllib.request.urlopen(f"{base}/api/games/{t['id']}/record", timeout=60).read().decode()
        moves += sum(1 for line in record.splitlines() if '"e":"act"' in line)
    return {
        "tables": tables, "hands": hands, "bot": bot, "finished": finished, "moves": moves,
        "client_moves": len(latencies), "seconds": round(wall, 3), "moves_per_second": round(moves / wall, 1),
        "latency_ms": {f"p{int(q * 100)}": round(1000 * _percentile(latencies, q), 2)
                       for q in (0.5, 0.9, 0.99)} | {"max": round(1000 * max(latencies, default=0.0), 2)},
    }


def run_load(tables: int = 10, hands: int = 1, bot: str = "random", seed: int = 1,
             db: Path | None = None) -> dict[str, Any]:
    """Start a server, play ``tables`` matches at once, stop it; the figures as a dict."""
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        path = db if db is not None else Path(tmp) / "load.db"
        server = subprocess.Popen([sys.executable, "-m", "majiang.cli", "serve", "--port", str(port),
                                   "--db", str(path), "--claim-seconds", "600", "--away-seconds", "600"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            limit = time.monotonic() + 120
            while True:
                try:
                    _request(f"{base}/api/tables")
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > limit:
                        raise RuntimeError(f"the server did not start: {server.communicate()[1]}") from None
                    time.sleep(0.1)
            return asyncio.run(_run(base, tables, hands, bot, seed))
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (default 20)")
    parser.add_argument("--hands", type=int, default=1, help="hands per match (default 1)")
    parser.add_argument("--bot", default="random", help="the server bots (default random)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first table (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    figures = run_load(args.tables, args.hands, args.bot, args.seed)
    if args.json:
        print(json.dumps(figures))
    else:
        lat = figures["latency_ms"]
        print(f"{figures['finished']}/{figures['tables']} tables finished ({figures['hands']} hand(s) each, "
              f"{figures['bot']} bots): {figures['moves']} moves in {figures['seconds']} s = "
              f"{figures['moves_per_second']} moves/s")
        print(f"client action latency over {figures['client_moves']} actions: p50 {lat['p50']} ms, "
              f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms")
    return 0 if figures["finished"] == figures["tables"] else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""``majiang serve`` killed with SIGKILL mid-game resumes every table from the database."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

MAJIANG = [sys.executable, "-m", "majiang.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``majiang serve`` on a loopback port, as a child process."""

    def __init__(self, db: Path | str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([*MAJIANG, "serve", "--port", str(self.port), "--db", str(db),
                                      "--claim-seconds", "600", "--away-seconds", "600",
                                      "--window-seconds", "0", "--log-level", "warning"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        limit = time.monotonic() + 120
        while True:
            try:
                self.get("/api/tables")
                return
            except OSError:
                assert self.proc.poll() is None, self.proc.communicate()
                assert time.monotonic() < limit, "the server did not start"
                time.sleep(0.1)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.base + path, timeout=30) as r:
            return json.loads(r.read()) if r.headers.get_content_type() == "application/json" else r.read()

    def post(self, path: str, body: object) -> Any:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as r:
            return json.loads(r.read())

    def socket(self, table: str, player: int, token: str) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}?player={player}&token={token}",
                       open_timeout=30)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc.communicate()


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def own_turn(ws: ClientConnection) -> dict[str, Any]:
    """States until this seat is to act on its own turn, passing in claim windows on the way."""
    passed: set[int] = set()
    while True:
        message = json.loads(ws.recv(timeout=60))
        if message["type"] == "error" and message["code"] == "stale":
            continue  # a pass that came after its window closed by itself
        assert message["type"] == "state", message
        view = message["view"]
        if view["phase"] == "turn" and message["seat"] == view["current"]:
            assert isinstance(message, dict)
            return message
        if message["seat"] in view["to_act"] and "pass" in view["legal"] and message["step"] not in passed:
            passed.add(message["step"])
            ws.send(json.dumps({"type": "act", "action": "pass", "step": message["step"]}))


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    # ``acted``: a pass of a seat that could only pass is shown but never stored, so after a restart
    # ``acted`` is the step of the seat's last stored action.
    return {k: v for k, v in state.items() if k not in ("deadline", "players", "acted")}


def test_sigkill_loses_nothing(tmp_path: Path, servers: list[Server], database: str) -> None:
    """On SQLite, and on PostgreSQL (``majiang serve --db URL``) in ``make soak`` (``database``)."""
    db = database
    servers.append(server := Server(db))
    table = server.post("/api/tables", {"hands": 2, "seed": 21,
                                        "players": ["open", "bot:random", "bot:random", "bot:random"]})
    done = server.post("/api/tables", {"hands": 1, "seed": 4, "players": ["bot:random"] * 4})
    token = table["players"][0]["token"]
    with server.socket(table["id"], 0, token) as ws:
        for _ in range(4):
            state = own_turn(ws)
            ws.send(json.dumps({"type": "act", "action": state["view"]["legal"][-1], "step": state["step"]}))
        last = own_turn(ws)
    limit = time.monotonic() + 120
    while server.get(f"/api/tables/{done['id']}")["status"] != "finished":
        assert time.monotonic() < limit
        time.sleep(0.05)
    server.kill()

    servers.append(server := Server(db))
    listed = {t["id"]: t["status"] for t in server.get("/api/tables")}
    assert listed == {table["id"]: "playing", done["id"]: "finished"}
    with server.socket(table["id"], 0, token) as ws:
        resumed = json.loads(ws.recv(timeout=60))
    assert comparable(resumed) == comparable(last)
    path = tmp_path / "done.jsonl"
    path.write_bytes(server.get(f"/api/games/{done['id']}/record"))
    check = subprocess.run([*MAJIANG, "replay", "--check", str(path)], capture_output=True, text=True,
                           env={**os.environ, "COLUMNS": "200"})
    assert check.returncode == 0, check.stdout + check.stderr

"""The server opened to strangers: Origin and Host checks, security headers, bad tokens, one server per
database (docs/web.md, *Security*)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.web.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "t.db", claim_seconds=60, away_seconds=600, pause_seconds=60, pages=False)
    with TestClient(app) as c:
        yield c


def new_table(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/tables", json={"hands": 1, "seed": 5,
                                         "players": ["open", "open", "bot:random", "bot:random"]})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.mark.parametrize("token", [
    "t\u00f6k\u00e9n",                       # non-ASCII: hmac.compare_digest raised TypeError on str
    "%E2%82%AC" * 22,                        # percent-encoded UTF-8, 22 characters like a real token
    "%ED%A0%80",                             # the UTF-8 of a lone surrogate
    "%00",
    "a" * 5000,                              # far longer than a token
    "",
])
def test_bad_tokens_get_the_protocols_error(client: TestClient, token: str) -> None:
    created = new_table(client)
    with client.websocket_connect(f"/ws/tables/{created['id']}?player=0&token={token}") as ws:
        message = ws.receive_json()
    assert message["type"] == "error" and message["code"] == "bad-token", message


@pytest.mark.parametrize("query", ["?player=%EF%BC%90&token=x", "?player=-1&token=x", "?player=0&player=1",
                                   "?token=abc", "?player=0&token=a&token=%FF"])
def test_bad_players_get_the_protocols_error(client: TestClient, query: str) -> None:
    created = new_table(client)
    with client.websocket_connect(f"/ws/tables/{created['id']}{query}") as ws:
        message = ws.receive_json()
    assert message["type"] == "error" and message["code"] == "bad-token", message


def test_a_non_ascii_table_id_is_unknown(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/t%C3%BC") as ws:
        assert ws.receive_json()["code"] == "unknown-table"

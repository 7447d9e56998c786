"""The server opened to strangers: Origin and Host checks, security headers, bad tokens, one server per
database (docs/web.md, *Security*)."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from typer.testing import CliRunner
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from majiang.cli import app as cli
from majiang.web.app import create_app
from majiang.web.pages import STATIC
from majiang.web.security import CONTENT_SECURITY_POLICY
from majiang.web.store import DatabaseBusyError, lock_database
from test_web_durability import MAJIANG, Server, free_port
from web_browser import serve


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "t.db", claim_seconds=60, away_seconds=600, pause_seconds=60, pages=False,
                     allow_hosts=["testserver"])
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


FOREIGN = "http://evil.example"


@pytest.mark.parametrize("path", ["/api/tables", "/api/calc", "/api/coach", "/api/replay", "/api/imports"])
def test_a_cross_site_text_plain_post_is_refused(client: TestClient, path: str) -> None:
    # What a form or fetch of another site's page may send without asking (no CORS preflight).
    body = '{"players": ["bot:random", "bot:random", "bot:random", "bot:random"]}'
    r = client.post(path, content=body, headers={"Origin": FOREIGN, "Content-Type": "text/plain"})
    assert r.status_code == 403 and "evil.example" in r.json()["error"], r.text
    assert "--allow-origin" in r.json()["error"]
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("headers", [
    {"Origin": "null"},                                   # a sandboxed frame, a file:// page
    {"Origin": "http://testserver.evil.example"},
    {"Origin": "http://testserver:8080"},                 # another port is another site
    {"Origin": "not an origin"},
    {"Sec-Fetch-Site": "cross-site"},                     # a browser that left the Origin out
    {"Sec-Fetch-Site": "same-site"},
])
def test_other_pages_may_not_create_tables(client: TestClient, headers: dict[str, str]) -> None:
    r = client.post("/api/tables", json={"players": ["bot:random"] * 4}, headers=headers)
    assert r.status_code == 403 and "refused" in r.json()["error"], r.text
    assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("headers", [{}, {"Origin": "http://testserver"}, {"Origin": "http://TestServer:80"},
                                     {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"},
                                     {"Sec-Fetch-Site": "none"}])
def test_own_pages_and_programs_create_tables(client: TestClient, headers: dict[str, str]) -> None:
    # No Origin: curl or a bot, which a page cannot be; the server's own page sends its own origin.
    r = client.post("/api/tables", json={"players": ["bot:random"] * 4}, headers=headers)
    assert r.status_code == 201, r.text


@pytest.mark.parametrize("player", [0, None])
def test_a_foreign_origin_websocket_is_refused(client: TestClient, player: int | None) -> None:
    created = new_table(client)
    url = f"/ws/tables/{created['id']}"
    if player is not None:
        url += f"?player={player}&token={created['players'][player]['token']}"
    with pytest.raises(WebSocketDenialResponse) as refused, \
            client.websocket_connect(url, headers={"Origin": FOREIGN}):
        pass
    assert refused.value.status_code == 403 and "WebSocket" in refused.value.json()["error"]
    for headers in ({}, {"Origin": "http://testserver"}):
        with client.websocket_connect(url, headers=headers) as ws:
            assert ws.receive_json()["type"] == "state"


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io", "", "a b"])
def test_a_foreign_host_is_refused(client: TestClient, host: str) -> None:
    """A DNS-rebinding page: its own name, resolved to this server, reads with its own origin."""
    r = client.get("/api/tables", headers={"Host": host})
    assert r.status_code == 403 and "host" in r.json()["error"], r.text
    created = new_table(client)
    with pytest.raises(WebSocketDenialResponse) as refused, \
            client.websocket_connect(f"/ws/tables/{created['id']}", headers={"Host": host}):
        pass
    assert refused.value.status_code == 403


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "[::1]:8000", "localhost", "mj.localhost:8000",
                                  "192.168.1.20:8000", "testserver"])
def test_addresses_and_localhost_are_this_server(client: TestClient, host: str) -> None:
    assert client.get("/api/tables", headers={"Host": host}).status_code == 200


def test_a_server_behind_a_proxy_lists_its_names_and_origins(tmp_path: Path) -> None:
    app = create_app(tmp_path / "p.db", pages=False, allow_hosts=["mj.example.com"],
                     allow_origins=["https://mj.example.com"])
    body = {"players": ["bot:random"] * 4}
    with TestClient(app, base_url="http://mj.example.com") as c:
        # The proxy keeps the Host: the page's origin is https, the server's port 80.
        r = c.post("/api/tables", json=body, headers={"Origin": "https://mj.example.com"})
        assert r.status_code == 201
        # The proxy rewrites the Host to the server's address: the origin is listed.
        r = c.post("/api/tables", json=body, headers={"Origin": "https://mj.example.com",
                                                       "Host": "127.0.0.1:8000"})
        assert r.status_code == 201
        assert c.get("/api/tables", headers={"Host": "other.example.com"}).status_code == 403
        r = c.post("/api/tables", json=body, headers={"Origin": "https://evil.example"})
        assert r.status_code == 403
    with pytest.raises(ValueError, match="not an origin"):
        create_app(tmp_path / "p.db", allow_origins=["mj.example.com"])


def test_api_docs_are_off_unless_asked(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "d.db", pages=False, allow_hosts=["testserver"])) as c:
        for path in ("/docs", "/redoc", "/openapi.json"):
            assert c.get(path).status_code == 404, path
    app = create_app(tmp_path / "d.db", pages=False, allow_hosts=["testserver"], api_docs=True)
    with TestClient(app) as c:
        assert c.get("/openapi.json").json()["info"]["title"] == "majiang"
        docs = c.get("/docs")
        # Swagger UI loads its scripts from a CDN: no CSP there; every other answer keeps it.
        assert docs.status_code == 200 and "content-security-policy" not in docs.headers
        assert docs.headers["x-content-type-options"] == "nosniff"
        assert "content-security-policy" in c.get("/openapi.json").headers


def test_pages_carry_the_security_headers(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "h.db", allow_hosts=["testserver"])) as c:
        for path in ("/", "/table/t1?player=0&token=x", "/calc", "/coach", "/replay", "/static/table.js",
                     "/api/tables", "/nothere"):
            r = c.get(path)
            assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
            assert r.headers["x-content-type-options"] == "nosniff"
            assert r.headers["referrer-policy"] == "no-referrer"  # a table's address holds its token
            assert r.headers["x-frame-options"] == "DENY"
        refused = c.post("/api/calc", json={}, headers={"Origin": FOREIGN})
        assert refused.status_code == 403 and refused.headers["x-frame-options"] == "DENY"
    # The pages need nothing the policy forbids: no inline script, style or handler, nothing elsewhere.
    for page in STATIC.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=|https?://", text), page
    for script in STATIC.glob("*.js"):  # the SVG namespace is a name, not an address fetched
        text = script.read_text(encoding="utf-8")
        assert not re.search(r"\bstyle=|\beval\(|new Function|https?://(?!www\.w3\.org/)", text), script


def test_a_real_server_refuses_foreign_websockets(tmp_path: Path) -> None:
    """uvicorn answers a refused handshake with the 403 (the ASGI denial response)."""
    with serve(tmp_path / "s.db") as base:
        created = httpx.post(f"{base}/api/tables", json={"players": ["open"] + ["bot:random"] * 3}).json()
        url = base.replace("http", "ws") + f"/ws/tables/{created['id']}"
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin=Origin(FOREIGN), open_timeout=30)
        assert refused.value.response.status_code == 403
        assert b"refused" in refused.value.response.body
        with connect(url, origin=Origin(base), open_timeout=30) as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "state"
        r = httpx.post(f"{base}/api/tables", json={"players": ["bot:random"] * 4},
                       headers={"Origin": FOREIGN})
        assert r.status_code == 403


def test_one_server_per_database(tmp_path: Path) -> None:
    """A second ``majiang serve`` on the same database is refused at start, while the first one lives; a
    server killed with SIGKILL leaves the database free."""
    db = tmp_path / "one.db"
    first = Server(db)
    try:
        port = free_port()
        # Another spelling of the same file (a symlinked folder) finds the same lock.
        (tmp_path / "link").symlink_to(tmp_path)
        command = [*MAJIANG, "serve", "--port", str(port), "--db", str(tmp_path / "link" / "one.db")]
        second = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2, second
        assert f"in use by another server (process {first.proc.pid} holds" in second.stderr, second.stderr
        assert "one server per database" in second.stderr
        assert first.get("/api/tables") == []  # the first one still serves
        # In the same process the lock is shared (the command, then its app); another process is refused.
        with pytest.raises(DatabaseBusyError, match="in use by another server"):
            lock_database(db)
    finally:
        first.kill()
    third = Server(db)  # the lock went with the killed process
    third.stop()
    release = lock_database(db)  # and with a stopped one
    release()


@pytest.mark.parametrize(("args", "words"), [
    (["--allow-origin", "mj.example.com"], "'mj.example.com' is not an origin"),
    (["--allow-host", "mj.example.com:443"], "is not a host name"),
])
def test_serve_refuses_bad_allow_lists(tmp_path: Path, args: list[str], words: str) -> None:
    result = CliRunner().invoke(cli, ["serve", *args, "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 2 and words in result.stderr, result.output

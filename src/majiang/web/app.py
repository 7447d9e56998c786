"""The web server: REST routes for rulesets, bots, tables, records and imported logs, and one WebSocket
per seat.

``create_app(db_path)`` builds the FastAPI app; the page routes (``majiang.web.pages``) are mounted on
it through ``routers`` or ``app.include_router``. docs/web.md describes the protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import os
import secrets
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse

from majiang.bots import BOTS
from majiang.errors import MajiangError
from majiang.game.ruleset import find_ruleset, ruleset_names, ruleset_presets
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.web.imports import MAX_LOG, ImportLogError, import_log
from majiang.web.store import Store
from majiang.web.tables import OptionsError, ProtocolError, Settings, Table, Tables

__all__ = ["MAX_MESSAGE_BYTES", "api_router", "create_app"]

MAX_MESSAGE_BYTES = 4096
"""The largest WebSocket message a client may send (a real one is under 100 bytes)."""


def _tables(request: Request | WebSocket) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def api_router() -> APIRouter:
    """The server's REST routes and the table WebSocket."""
    router = APIRouter()

    @router.get("/api/rulesets")
    def rulesets() -> list[dict[str, Any]]:
        out = []
        for name in ruleset_names():
            rules = find_ruleset(name)
            out.append({"name": name, "options": rules.options(), "match_hands": rules.match_length(),
                        "most_hands": rules.most_hands,
                        "schema": [spec.to_dict() for spec in rules.option_schema()],
                        "presets": ruleset_presets(name)})
        return out

    @router.get("/api/bots")
    def bots() -> list[str]:
        return list(BOTS)

    @router.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> Any:
        raw = await request.body()
        if len(raw) > 16 * MAX_MESSAGE_BYTES:
            return _error(400, "the body is too big")
        try:
            body = loads_strict(raw or b"{}")
        except StrictJSONError as err:
            return _error(400, f"the body is not JSON: {err}")
        try:
            table, players = _tables(request).create(body)
        except OptionsError as err:
            return JSONResponse({"error": str(err), "options": err.problems}, status_code=400)
        except MajiangError as err:
            return _error(400, str(err))
        return JSONResponse({"id": table.id, "players": players, "watch": f"/table/{table.id}"},
                            status_code=201)

    @router.post("/api/tables/{table_id}/seats/{player}")
    async def take_seat(request: Request, table_id: str, player: str) -> Any:
        # An invitation opened in the page: the first to post its secret gets the seat's token.
        try:
            raw = await _limited_body(request, MAX_MESSAGE_BYTES)
            body = loads_strict(raw or b"{}")
        except (ImportLogError, StrictJSONError) as err:
            return _error(400, f"the body must be {{\"invite\": \"...\"}} JSON: {err}")
        try:
            table = _tables(request).get(table_id)
        except ProtocolError as err:
            return _error(404, str(err))
        if player not in ("0", "1", "2", "3"):
            return _error(404, f"no player {player[:8]!r} at a table (players are 0-3)")
        try:
            token = table.take_seat(int(player), body.get("invite") if isinstance(body, dict) else None)
        except ProtocolError as err:
            return JSONResponse({"error": str(err), "code": err.code},
                                status_code=409 if err.code == "seat-taken" else 403)
        return {"player": int(player), "token": token,
                "join": f"/table/{table.id}?player={player}&token={token}"}

    @router.get("/api/tables")
    def list_tables(request: Request) -> list[dict[str, Any]]:
        tables = sorted(_tables(request).tables.values(), key=lambda t: (t.row.created, t.id), reverse=True)
        return [t.summary() for t in tables]

    @router.get("/api/tables/{table_id}")
    def one_table(request: Request, table_id: str) -> Any:
        try:
            return _tables(request).get(table_id).summary()
        except ProtocolError as err:
            return _error(404, str(err))

    @router.get("/api/games/{table_id}/record")
    def record(request: Request, table_id: str) -> Any:
        try:
            table = _tables(request).get(table_id)
        except ProtocolError as err:
            return _error(404, str(err))
        text = table.store.record(table.id)
        if text is None:
            return _error(409, f"the match at table {table_id} is not finished")
        return PlainTextResponse(text, media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{table_id}.jsonl"'})

    @router.post("/api/imports", status_code=201)
    async def import_upload(request: Request) -> Any:
        fmt = request.query_params.get("format", "auto")
        name = request.query_params.get("name", "")[:200]
        try:
            data = await _limited_body(request, MAX_LOG)
            imported = await asyncio.to_thread(import_log, data, fmt)
        except ImportLogError as err:
            return _error(400, str(err))
        import_id = "i" + secrets.token_hex(6)
        _tables(request).store.add_import(import_id, time.time(), imported.format, name,
                                          "\n".join(imported.lines) + "\n")
        return JSONResponse({"id": import_id, "format": imported.format, "rules": imported.rules,
                             "players": imported.players, "hands": imported.hands,
                             "record": f"/api/imports/{import_id}/record",
                             "replay": f"/replay?import={import_id}"},
                            status_code=201)

    @router.get("/api/imports/{import_id}/record")
    def imported_record(request: Request, import_id: str) -> Any:
        text = _tables(request).store.imported(import_id)
        if text is None:
            return _error(404, f"no imported log {import_id[:40]!r}")
        return PlainTextResponse(text, media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{import_id}.jsonl"'})

    @router.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            table = _tables(websocket).get(table_id)
            query = websocket.query_params
            player = _identify(table, query.get("player"), query.get("token"))
        except ProtocolError as err:
            await websocket.send_json({"type": "error", "code": err.code, "message": str(err)})
            await websocket.close(code=4404 if err.code == "unknown-table" else 4403)
            return
        await _serve(table, player, websocket)

    return router


async def _limited_body(request: Request, limit: int) -> bytes:
    """The request's body, refused as soon as it is over ``limit`` bytes (not read whole first)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ImportLogError(f"the upload has {declared} bytes; at most {limit} are read")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ImportLogError(f"the upload has more than {limit} bytes; at most {limit} are read")
        chunks.append(chunk)
    return b"".join(chunks)


def _identify(table: Table, player_text: str | None, token: str | None) -> int | None:
    if player_text is None and token is None:
        return None
    if player_text not in ("0", "1", "2", "3") or token is None:
        raise ProtocolError("bad-token", "join with ?player=0-3&token=... (or neither, to watch)")
    player = int(player_text)
    if not table.check_token(player, token):
        raise ProtocolError("bad-token", f"that is not player {player}'s token at this table")
    return player


class _Peer:
    """One connection as the table sees it: a way to send it a message."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.replaced = False

    async def __call__(self, message: dict[str, Any]) -> None:
        await self.websocket.send_json(message)


async def _serve(table: Table, player: int | None, websocket: WebSocket) -> None:
    send = _Peer(websocket)
    old = await table.connect(player, send)
    if isinstance(old, _Peer):
        # The seat was joined elsewhere (another tab, a reconnect before the old socket timed out).
        old.replaced = True
        with contextlib.suppress(Exception):
            await old({"type": "error", "code": "replaced", "message": "this seat was joined elsewhere"})
            await old.websocket.close(code=4409)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                if send.replaced:
                    raise ProtocolError("replaced", "this seat was joined elsewhere")
                await _handle(table, player, raw, send)
            except ProtocolError as err:
                await send({"type": "error", "code": err.code, "message": str(err)})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await table.disconnect(player, send)


async def _handle(table: Table, player: int | None, raw: str | bytes, send: Any) -> None:
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too-big", f"a message may hold {MAX_MESSAGE_BYTES} bytes, not {size}")
    try:
        data = loads_strict(raw)
    except StrictJSONError as err:
        raise ProtocolError("bad-json", f"the message is not JSON: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("bad-message", "a message is a JSON object with a 'type'")
    kind = data["type"]
    if kind == "ping":
        await send({"type": "pong"})
    elif kind in ("act", "next"):
        if player is None:
            raise ProtocolError("spectator", "a spectator cannot act; join with a seat's link")
        if kind == "act":
            await table.act(player, data.get("action"), data.get("step"))
        else:
            await table.next_hand(player)
    else:
        raise ProtocolError("bad-message", f"unknown message type {kind[:40]!r}; act, next or ping")


def create_app(db_path: str | os.PathLike[str], *, claim_seconds: float = 20.0, away_seconds: float = 60.0,
               pause_seconds: float = 15.0, standin: str = "efficiency", window_seconds: float = 1.0,
               routers: Sequence[APIRouter] = (), pages: bool = True) -> FastAPI:
    """The app serving the tables stored in ``db_path`` (``:memory:`` keeps nothing).

    ``routers`` are included after the server's own, then (with ``pages``) ``majiang.web.pages.router``,
    the pages and their static files, where that module is installed; more can be added later with
    ``app.include_router``. Stored tables are loaded and resumed when the app starts.
    """
    settings = Settings(claim_seconds, away_seconds, pause_seconds, standin, window_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_path)
        tables = Tables(store, settings)
        tables.load()
        app.state.tables = tables
        tables.start()
        try:
            yield
        finally:
            await tables.stop()
            store.close()

    app = FastAPI(title="majiang", lifespan=lifespan)
    app.include_router(api_router())
    for router in routers:
        app.include_router(router)
    if pages and importlib.util.find_spec("majiang.web.pages") is not None:
        module = importlib.import_module("majiang.web.pages")
        app.include_router(module.router)
    return app

"""The web server: REST routes for rulesets, bots, tables, records and imported logs, and one WebSocket
per seat.

``create_app(db_path)`` builds the FastAPI app; the page routes (``majiang.web.pages``) are mounted on
it through ``routers`` or ``app.include_router``. docs/web.md describes the protocol.

Nothing one client sends can stall the others: bodies are read up to a limit only, heavy work runs in
worker processes (``majiang.web.jobs``), each WebSocket has its own bounded send queue and sender task
(a client that does not read is dropped, never waited for), and ``Limits`` caps what one client holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import os
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Sequence
from typing import Any

import anyio
from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from majiang.bots import BOTS
from majiang.bots.judgement import judgement_json
from majiang.catalogue import catalogue
from majiang.errors import MajiangError
from majiang.game.ruleset import find_ruleset, ruleset_names, ruleset_presets
from majiang.interop.logs import MAX_LOG, import_log
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.web.accounts import Accounts, accounts_router, current_account, new_secret
from majiang.web.jobs import Jobs
from majiang.web.limits import Attempts, ClientCounter, ClientRate, Limits, Refused, client_key, read_body
from majiang.web.ranks import ranks_router
from majiang.web.security import SameOriginMiddleware, SecurityHeadersMiddleware, check_allow_lists
from majiang.web.store import Store, lock_database
from majiang.web.tables import OptionsError, ProtocolError, Settings, Table, Tables, encode_message
from majiang.web.tournaments import tournaments_router

__all__ = ["MAX_MESSAGE_BYTES", "api_router", "create_app"]

MAX_MESSAGE_BYTES = 4096
"""The largest WebSocket message a client may send (a real one is under 100 bytes)."""

ROOM_ATTEMPTS, ROOM_SECONDS = 10, 600.0
"""Room-number look-ups and seat-takings one client may make: 10 at once, then one a minute."""

MAX_TOKEN = 64
"""The longest token read (a real one has 22 characters); a longer one is refused unread."""


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

    @router.get("/api/names")
    def names() -> dict[str, Any]:
        # every name the pages show, in both languages, from the rulesets' and bots' own words
        return catalogue()

    @router.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> Any:
        raw = await read_body(request, 16 * MAX_MESSAGE_BYTES)
        try:
            body = loads_strict(raw or b"{}")
        except StrictJSONError as err:
            return _error(400, f"the body is not JSON: {err}")
        account = current_account(request)
        try:
            table, players = _tables(request).create(body, owner=client_key(request),
                                                     account=None if account is None else account.id)
        except OptionsError as err:
            return JSONResponse({"error": str(err), "options": err.problems}, status_code=400)
        except MajiangError as err:
            return _error(400, str(err))
        return JSONResponse({"id": table.id, "players": players, "watch": f"/table/{table.id}",
                             "room": table.row.room}, status_code=201)

    @router.post("/api/tables/{table_id}/seats/{player}")
    async def take_seat(request: Request, table_id: str, player: str) -> Any:
        # An invitation opened in the page: the first to post its secret gets the seat's token.
        try:
            raw = await read_body(request, MAX_MESSAGE_BYTES)  # (over it: 413, as every route)
            body = loads_strict(raw or b"{}")
        except StrictJSONError as err:
            return _error(400, f"the body must be {{\"invite\": \"...\"}} JSON: {err}")
        try:
            table = _tables(request).get(table_id)
        except ProtocolError as err:
            return _error(404, str(err))
        if player not in ("0", "1", "2", "3"):
            return _error(404, f"no player {player[:8]!r} at a table (players are 0-3)")
        account = current_account(request)
        try:
            token = table.take_seat(int(player), body.get("invite") if isinstance(body, dict) else None,
                                    None if account is None else account.id)
        except ProtocolError as err:
            return JSONResponse({"error": str(err), "code": err.code},
                                status_code=409 if err.code == "seat-taken" else 403)
        return {"player": int(player), "token": token,
                "join": f"/table/{table.id}?player={player}&token={token}"}

    @router.post("/api/tables/{table_id}/judgement")
    async def table_judgement(request: Request, table_id: str) -> Any:
        # The coaching bot's second opinion on the seat's decision (majiang.bots.judgement), from the
        # seat's own view: only its player may ask, with the token in the body (never in a logged URL).
        try:
            body = loads_strict(await read_body(request, MAX_MESSAGE_BYTES) or b"{}")
        except StrictJSONError as err:
            return _error(400, f"the body must be {{\"player\": 0-3, \"token\": \"...\"}} JSON: {err}")
        if not isinstance(body, dict):
            return _error(400, "the body must be a JSON object {\"player\": 0-3, \"token\": \"...\"}")
        try:
            table = _tables(request).get(table_id)
        except ProtocolError as err:
            return _error(404, str(err))
        token = body.get("token")
        try:
            player = _identify(table, str(body.get("player")), token if isinstance(token, str) else None)
        except ProtocolError as err:
            return _error(403, str(err))
        assert player is not None  # (_identify answers None only when neither is given)
        step, view = table.shown_step, table.seat_view(player)
        if view is None:
            return {"step": step, "bot": None, "pick": None, "pick_kind": None, "threat": None, "deal_in": {}}
        jobs: Jobs = request.app.state.jobs
        return {"step": step, **await jobs.run(judgement_json, view)}

    @router.get("/api/rooms/{number}")
    def room(request: Request, number: str) -> Any:
        # Anyone who knows the number may take an open seat: look-ups are limited, against guessing.
        request.app.state.room_attempts.take(client_key(request))
        try:
            table = _room(request, number)
        except ProtocolError as err:
            return _error(404, str(err))
        summary = table.summary()
        free = table.open_seats()
        return {"room": number, "id": table.id, "rules": summary["rules"], "label": summary["label"],
                "watch": f"/table/{table.id}",
                "players": [{"player": p["player"], "kind": p["kind"], "name": p["name"],
                             "open": p["player"] in free} for p in summary["players"]]}

    @router.post("/api/rooms/{number}/seats/{player}")
    def room_seat(request: Request, number: str, player: str) -> Any:
        request.app.state.room_attempts.take(client_key(request))
        try:
            table = _room(request, number)
        except ProtocolError as err:
            return _error(404, str(err))
        if player not in ("0", "1", "2", "3"):
            return _error(404, f"no player {player[:8]!r} at a table (players are 0-3)")
        account = current_account(request)
        try:
            token = table.take_open_seat(int(player), None if account is None else account.id)
        except ProtocolError as err:
            return JSONResponse({"error": str(err), "code": err.code}, status_code=409)
        return {"player": int(player), "token": token, "id": table.id,
                "join": f"/table/{table.id}?player={player}&token={token}"}

    @router.get("/api/me/tables")
    def my_tables(request: Request) -> Any:
        account = current_account(request)
        if account is None:
            return _error(401, "log in to see your tables")
        tables = _tables(request)
        playing: list[dict[str, Any]] = []
        finished: list[dict[str, Any]] = []
        for table_id, player in tables.store.seats_of(account.id):
            table = tables.tables.get(table_id)
            if table is None:
                continue
            summary = table.summary()
            item: dict[str, Any] = {"id": table_id, "player": player, "name": table.players[player].name,
                                    "rules": summary["rules"], "label": summary["label"],
                                    "created": summary["created"], "totals": summary["totals"]}
            if table.finished:
                item.update(replay=f"/replay?game={table_id}", record=f"/api/games/{table_id}/record")
                finished.append(item)
            else:
                token = table.players[player].token
                item.update(room=table.row.room, join=f"/table/{table_id}?player={player}&token={token}")
                playing.append(item)
        return {"name": account.name, "playing": playing, "finished": finished}

    @router.get("/api/tables")
    def list_tables(request: Request) -> Response:
        return Response(_tables(request).listing(), media_type="application/json")

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
        data = await read_body(request, MAX_LOG)
        jobs: Jobs = request.app.state.jobs
        try:
            imported = await jobs.run(import_log, data, fmt, name or None)
        except MajiangError as err:  # the log's own fault, or the worker's time or memory limit
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
        key = client_key(websocket)
        try:
            websocket.app.state.connects.take(key)
        except Refused as err:
            # refused before the handshake (HTTP 429 where the server can say so): a flood costs least
            if "websocket.http.response" in websocket.scope.get("extensions", {}):
                await websocket.send_denial_response(_error(err.status, str(err)))
            else:
                await websocket.close(code=4429)
            return
        await websocket.accept()
        sockets: ClientCounter = websocket.app.state.sockets
        try:
            sockets.take(key)
        except Refused as err:
            await websocket.send_json({"type": "error", "code": err.code, "message": str(err)})
            await websocket.close(code=4429)
            return
        try:
            try:
                table = _tables(websocket).get(table_id)
                query = websocket.query_params
                player = _identify(table, query.get("player"), query.get("token"))
            except ProtocolError as err:
                await websocket.send_json({"type": "error", "code": err.code, "message": str(err)})
                await websocket.close(code=4404 if err.code == "unknown-table" else 4403)
                return
            await _serve(table, player, websocket, websocket.app.state.limits)
        finally:
            sockets.give(key)

    return router


def _room(request: Request, number: str) -> Table:
    if not (len(number) == 6 and number.isascii() and number.isdigit()):
        raise ProtocolError("unknown-room", f"a room number has six digits, not {number[:12]!r}")
    return _tables(request).room(number)


def _identify(table: Table, player_text: str | None, token: str | None) -> int | None:
    if player_text is None and token is None:
        return None
    if player_text not in ("0", "1", "2", "3") or token is None:
        raise ProtocolError("bad-token", "join with ?player=0-3&token=... (or neither, to watch)")
    if len(token) > MAX_TOKEN:
        raise ProtocolError("bad-token", f"a token has at most {MAX_TOKEN} characters, not {len(token)}")
    player = int(player_text)
    if not table.check_token(player, token):
        raise ProtocolError("bad-token", f"that is not player {player}'s token at this table")
    return player


class _Peer:
    """One connection: its bounded queue of messages and the task that sends them (``_send_all``), so a
    table hands messages over without waiting, and a client that does not read is dropped."""

    def __init__(self, websocket: WebSocket, limits: Limits) -> None:
        self.websocket = websocket
        self.limits = limits
        self.queue: asyncio.Queue[str | int] = asyncio.Queue(limits.send_queue)
        self.replaced = False
        self.close_code: int | None = None  # set when the connection is to be closed
        self.close_reason = ""
        self.gone = asyncio.Event()

    def offer(self, text: str) -> None:
        """Queue a message; a client with ``send_queue`` messages waiting already is dropped."""
        if self.close_code is not None:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(4408, f"dropped: {self.limits.send_queue} messages were waiting for this client")

    def send(self, message: dict[str, Any]) -> None:
        """Queue one message (an answer to this client)."""
        self.offer(encode_message(message))

    def finish(self, code: int) -> None:
        """Close with ``code`` once the messages queued so far are sent."""
        try:
            self.queue.put_nowait(code)
        except asyncio.QueueFull:
            self.drop(code, "")

    def drop(self, code: int, reason: str) -> None:
        """Close with ``code`` now, whatever is still queued."""
        if self.close_code is None:
            self.close_code, self.close_reason = code, reason
        self.gone.set()


async def _send_all(peer: _Peer) -> None:
    """Send the peer's queued messages in turn; one that takes over ``slow_seconds`` drops the client."""
    seconds = peer.limits.slow_seconds
    while True:
        item = await peer.queue.get()
        if isinstance(item, int):
            peer.drop(item, "")
            return
        try:
            with anyio.fail_after(seconds):
                await peer.websocket.send_text(item)
        except TimeoutError:
            peer.drop(4408, f"dropped: a message took over {seconds:g} s to reach this client")
            return
        except (WebSocketDisconnect, RuntimeError):  # the client has gone
            return


async def _receive_all(table: Table, player: int | None, peer: _Peer) -> None:
    """Read the client's messages until it leaves."""
    websocket = peer.websocket
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            try:
                if peer.replaced:
                    raise ProtocolError("replaced", "this seat was joined elsewhere")
                await _handle(table, player, raw, peer)
            except ProtocolError as err:
                peer.send({"type": "error", "code": err.code, "message": str(err)})


async def _serve(table: Table, player: int | None, websocket: WebSocket, limits: Limits) -> None:
    peer = _Peer(websocket, limits)
    try:
        old = await table.connect(player, peer)
    except ProtocolError as err:  # the table has as many spectators as it takes
        await websocket.send_json({"type": "error", "code": err.code, "message": str(err)})
        await websocket.close(code=4429)
        return
    if isinstance(old, _Peer):
        # The seat was joined elsewhere (another tab, a reconnect before the old socket timed out).
        old.replaced = True
        old.send({"type": "error", "code": "replaced", "message": "this seat was joined elsewhere"})
        old.finish(4409)
    try:
        async with anyio.create_task_group() as group:

            async def until_done(part: Awaitable[Any]) -> None:
                await part  # the first part to end (sender, receiver or a drop) ends the connection
                group.cancel_scope.cancel()

            group.start_soon(until_done, _send_all(peer))
            group.start_soon(until_done, _receive_all(table, player, peer))
            group.start_soon(until_done, peer.gone.wait())
    finally:
        with anyio.CancelScope(shield=True):
            await table.disconnect(player, peer)
    if peer.close_code is not None:
        with contextlib.suppress(Exception), anyio.move_on_after(limits.slow_seconds):
            # a client that reads nothing may not take the close either
            await websocket.close(peer.close_code, peer.close_reason)


async def _handle(table: Table, player: int | None, raw: str | bytes, peer: _Peer) -> None:
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
        peer.send({"type": "pong"})
    elif kind in ("act", "next"):
        if player is None:
            raise ProtocolError("spectator", "a spectator cannot act; join with a seat's link")
        if kind == "act":
            await table.act(player, data.get("action"), data.get("step"))
        else:
            await table.next_hand(player)
    else:
        raise ProtocolError("bad-message", f"unknown message type {kind[:40]!r}; act, next or ping")


async def _refused(request: Request, err: Exception) -> JSONResponse:
    status = err.status if isinstance(err, Refused) else 400
    return _error(status, str(err))


def create_app(db_path: str | os.PathLike[str], *, claim_seconds: float = 20.0, away_seconds: float = 60.0,
               pause_seconds: float = 15.0, standin: str = "efficiency", bot_seconds: float = 0.0,
               window_seconds: float = 1.0, routers: Sequence[APIRouter] = (), pages: bool = True,
               limits: Limits | None = None, allow_hosts: Sequence[str] = (),
               allow_origins: Sequence[str] = (), api_docs: bool = False,
               secret: str | None = None) -> FastAPI:
    """The app serving the tables stored in ``db_path`` (``:memory:`` keeps nothing).

    ``limits`` caps what one client may hold and the heavy-work pool (``Limits()``'s defaults if not
    given); with ``limits.trusted_proxies`` the client is named by the ``X-Forwarded-For`` of a request
    coming from one of them (uvicorn's ``ProxyHeadersMiddleware``), otherwise by its own address.

    ``routers`` are included after the server's own, then (with ``pages``) ``majiang.web.pages.router``,
    the pages and their static files, where that module is installed; more can be added later with
    ``app.include_router``. Stored tables are loaded and resumed when the app starts.
    Requests are same-origin only (``majiang.web.security``): ``allow_hosts`` are the server's names
    besides its addresses and ``localhost``, ``allow_origins`` other sites whose pages may use it;
    ``api_docs`` serves ``/docs``, ``/redoc`` and ``/openapi.json``. ``secret`` signs the session cookies
    of accounts (``majiang.web.accounts``); without it, one generated once and kept in the database.
    """
    settings = Settings(claim_seconds, away_seconds, pause_seconds, standin, bot_seconds, window_seconds)
    limits = limits or Limits()
    check_allow_lists(allow_hosts, allow_origins)  # now, not at the first request

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        release = lock_database(db_path)  # one server per database: a second one stops here
        try:
            store = Store(db_path)
            try:
                catalogue()  # built before the first request (the registry loads once, on this thread)
                tables = Tables(store, settings, limits)
                tables.load()
                app.state.tables = tables
                app.state.limits = limits
                app.state.room_attempts = Attempts(ROOM_ATTEMPTS, ROOM_SECONDS, "room-number look-ups "
                                                   "from one client")
                app.state.accounts = Accounts(store, secret or store.setting("session_secret", new_secret()))
                app.state.jobs = jobs = Jobs(limits)
                app.state.sockets = ClientCounter(limits.client_sockets, "WebSocket connections")
                app.state.connects = ClientRate(limits.client_connects, "WebSocket connections")
                tables.start()
                try:
                    yield
                finally:
                    await tables.stop()
                    jobs.close()
            finally:
                store.close()
        finally:
            release()

    docs = ("/docs", "/redoc", "/docs/oauth2-redirect")
    app = FastAPI(title="majiang", lifespan=lifespan, docs_url=docs[0] if api_docs else None,
                  redoc_url=docs[1] if api_docs else None, openapi_url="/openapi.json" if api_docs else None)
    app.add_exception_handler(Refused, _refused)
    if limits.trusted_proxies:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(limits.trusted_proxies))
    # The last added is the outermost: refusals carry the security headers too.
    app.add_middleware(SameOriginMiddleware, allow_hosts=allow_hosts, allow_origins=allow_origins)
    app.add_middleware(SecurityHeadersMiddleware, exempt=docs if api_docs else ())
    app.include_router(api_router())
    app.include_router(accounts_router())
    app.include_router(ranks_router())
    app.include_router(tournaments_router())
    for router in routers:
        app.include_router(router)
    if pages and importlib.util.find_spec("majiang.web.pages") is not None:
        module = importlib.import_module("majiang.web.pages")
        app.include_router(module.router)
    return app

"""``majiang serve``: the web server (the ``web`` extra): tables in the browser, stored in SQLite."""

from __future__ import annotations

import errno
import gc
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from majiang.cli.errors import fail

if TYPE_CHECKING:
    from majiang.web.limits import Limits

__all__ = ["bind", "serve_command", "url"]

HostOpt = Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every interface).")]
PortOpt = Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")]
DbOpt = Annotated[str | None, typer.Option(
    "--db", metavar="FILE|URL", show_default="$XDG_DATA_HOME/majiang/majiang.db",
    help="The database holding the tables, records and accounts: a SQLite file (created if missing) or a "
         "PostgreSQL URL (postgresql+psycopg://user:password@host/name); brought to the newest schema.",
)]
ClaimOpt = Annotated[float, typer.Option(
    "--claim-seconds", min=0, max=86400, help="How long a person may think in a claim window before passing.",
)]
AwayOpt = Annotated[float, typer.Option(
    "--away-seconds", min=0, max=86400, help="How long a seat may stay disconnected before a bot plays it.",
)]
AllowHostOpt = Annotated[list[str] | None, typer.Option(
    "--allow-host", metavar="NAME",
    help="A name this server answers to besides its addresses and localhost (repeatable; *.domain for "
         "the names under it): the name a proxy or DNS gives it.",
)]
AllowOriginOpt = Annotated[list[str] | None, typer.Option(
    "--allow-origin", metavar="ORIGIN",
    help="Another origin (scheme://host[:port]) whose pages may act here (repeatable): the public address "
         "of a proxy that rewrites the Host.",
)]
ApiDocsOpt = Annotated[bool, typer.Option(
    "--api-docs", help="Serve the API's docs: /docs, /redoc and /openapi.json (off by default).",
)]
BotOpt = Annotated[float, typer.Option(
    "--bot-seconds", min=0, max=86400, help="The least time between a table's actions when a bot acts.",
)]
ClientTablesOpt = Annotated[int, typer.Option(
    "--client-tables", min=1, help="Unfinished tables one client (address) may have created; more: 429.",
)]
ClientSocketsOpt = Annotated[int, typer.Option(
    "--client-sockets", min=1, help="WebSockets one client may hold open at once (seats and spectators).",
)]
ClientConnectsOpt = Annotated[float, typer.Option(
    "--client-connects", min=1, help="WebSockets one client may open a second (bursts of twice that).",
)]
TableSpectatorsOpt = Annotated[int, typer.Option(
    "--table-spectators", min=1, help="Spectators one table may have at once.",
)]
WorkersOpt = Annotated[int, typer.Option(
    "--workers", min=1, help="Worker processes for replays, imports, the calculator and the coach.",
)]
QueuedJobsOpt = Annotated[int, typer.Option(
    "--queued-jobs", min=1, help="Heavy requests waiting for a worker; more are refused with 503.",
)]
JobSecondsOpt = Annotated[float, typer.Option(
    "--job-seconds", min=1, help="The longest a replay, import, calculation or advice may run.",
)]
JobMegabytesOpt = Annotated[int, typer.Option(
    "--job-megabytes", min=64, help="The memory (address space) of each worker process.",
)]
SlowSecondsOpt = Annotated[float, typer.Option(
    "--slow-seconds", min=1, help="The longest one message may take to reach a client before it is dropped.",
)]
ProxyOpt = Annotated[list[str] | None, typer.Option(
    "--trusted-proxy", metavar="ADDRESS", show_default="none",
    help="A reverse proxy (address or network, repeatable) whose X-Forwarded-For names the client.",
)]
LogLevelOpt = Annotated[str, typer.Option(
    "--log-level", metavar="LEVEL",
    help="What the server logs (to stderr): debug, info (an access line per request), warning, error.",
)]
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
"""The levels ``--log-level`` takes (uvicorn's)."""
SecretOpt = Annotated[str | None, typer.Option(
    "--secret", envvar="MAJIANG_SECRET", show_default="one generated once and kept in the database",
    help="The secret that signs the accounts' session cookies (changing it logs everyone out).",
)]
WindowOpt = Annotated[float, typer.Option(
    "--window-seconds", min=0, max=86400,
    help="How long every claim window stays open at least, whoever could claim (0: as soon as all answered).",
)]


def serve_command(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    db: DbOpt = None,
    claim_seconds: ClaimOpt = 20.0,
    away_seconds: AwayOpt = 60.0,
    allow_host: AllowHostOpt = None,
    allow_origin: AllowOriginOpt = None,
    api_docs: ApiDocsOpt = False,
    bot_seconds: BotOpt = 0.0,
    client_tables: ClientTablesOpt = 20,
    client_sockets: ClientSocketsOpt = 40,
    client_connects: ClientConnectsOpt = 10.0,
    table_spectators: TableSpectatorsOpt = 50,
    workers: WorkersOpt = 1,
    queued_jobs: QueuedJobsOpt = 4,
    job_seconds: JobSecondsOpt = 30.0,
    job_megabytes: JobMegabytesOpt = 2048,
    slow_seconds: SlowSecondsOpt = 10.0,
    trusted_proxy: ProxyOpt = None,
    window_seconds: WindowOpt = 1.0,
    log_level: LogLevelOpt = "info",
    secret: SecretOpt = None,
) -> None:
    """Serve the web app: create tables, play against bots or friends in the browser (docs/web.md)."""
    try:
        import uvicorn  # noqa: F401 - the extra's presence, checked before anything else

        from majiang.web.limits import Limits
    except ImportError:
        fail("serve", "the web server needs the 'web' extra: pip install 'majiang[web]'")
    if log_level.lower() not in LOG_LEVELS:
        fail("serve", f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
    # The port first, before anything is printed: a busy port (a second `make run`) is a clear error.
    listener = bind(host, port)
    try:
        _serve(listener, host, db, claim_seconds, away_seconds, allow_host, allow_origin, api_docs,
               bot_seconds, window_seconds, log_level.lower(), secret,
               Limits(client_tables=client_tables, client_sockets=client_sockets,
                      client_connects=client_connects, table_spectators=table_spectators, workers=workers,
                      queued_jobs=queued_jobs, job_seconds=job_seconds, job_megabytes=job_megabytes,
                      slow_seconds=slow_seconds, trusted_proxies=tuple(trusted_proxy or ())))
    finally:
        listener.close()


def _serve(listener: socket.socket, host: str, db: str | None, claim_seconds: float, away_seconds: float,
           allow_host: list[str] | None, allow_origin: list[str] | None, api_docs: bool, bot_seconds: float,
           window_seconds: float, log_level: str, secret: str | None, limits: Limits) -> None:
    import uvicorn

    from majiang.web.app import MAX_MESSAGE_BYTES, create_app
    from majiang.web.store import Store, StoreError, default_db_path, lock_database, shown

    path: str | Path = default_db_path() if db is None else db
    try:
        # One server per database: the lock is held until this process ends (kill -9 included).
        lock_database(path)
        Store(path).close()  # refuse a bad path before the server starts
    except StoreError as err:
        fail("serve", str(err))
    try:
        app = create_app(path, claim_seconds=claim_seconds, away_seconds=away_seconds,
                         bot_seconds=bot_seconds, window_seconds=window_seconds,
                         limits=limits, allow_hosts=allow_host or (), allow_origins=allow_origin or (),
                         api_docs=api_docs, secret=secret)
    except ValueError as err:
        fail("serve", str(err))
    typer.echo(f"majiang web server: open {url(host, listener.getsockname()[1])}  (database {shown(path)}; "
               f"Ctrl-C stops)")
    # Messages larger than the protocol's limit are cut off by the server itself.
    # The cyclic collector's full passes walk every object of every table, on the loop: with its
    # defaults they came every few seconds under load and held every table for 100-900 ms. The code
    # loaded so far is frozen out of them, and a full pass is considered ten times less often.
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 100)
    # The app honours X-Forwarded-For itself, from --trusted-proxy only (uvicorn would trust 127.0.0.1).
    # Logs go through standard logging as uvicorn configures it: ``uvicorn.error`` (start, stop, errors
    # with their tracebacks) and ``uvicorn.access`` (a line per request at info), both to stderr.
    config = uvicorn.Config(app, log_level=log_level, access_log=True, log_config=log_config(),
                            ws_max_size=4 * MAX_MESSAGE_BYTES, proxy_headers=False)
    uvicorn.Server(config).run(sockets=[listener])


def url(host: str, port: int) -> str:
    """The address to open for a server listening on ``host`` and ``port`` (every interface: loopback).

    >>> url("0.0.0.0", 8000), url("::1", 80)
    ('http://127.0.0.1:8000/', 'http://[::1]:80/')
    """
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def bind(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port``, or the command's clear error (the port in use: which
    server may hold it, as a second ``make run`` meets it)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        fail("serve", f"cannot listen on {host!r}: {err.strerror}")
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as uvicorn: restart after a stop)
    try:
        listener.bind(address)
        listener.listen(2048)
    except OSError as err:
        listener.close()
        if err.errno == errno.EADDRINUSE:
            fail("serve", f"port {port} on {host} is in use: another server is listening there (a majiang "
                          f"server already running is at {url(host, port)}); stop it, or choose "
                          f"another port with --port")
        fail("serve", f"cannot listen on {host} port {port}: {err.strerror}")
    listener.set_inheritable(True)
    return listener


def log_config() -> dict[str, object]:
    """uvicorn's logging configuration with the access log on stderr too (stdout keeps the one line the
    command prints), so an operator's one redirect of stderr holds every log line."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, object] = {**LOGGING_CONFIG}
    handlers = {name: dict(handler) for name, handler in LOGGING_CONFIG["handlers"].items()}
    handlers["access"]["stream"] = "ext://sys.stderr"
    config["handlers"] = handlers
    return config

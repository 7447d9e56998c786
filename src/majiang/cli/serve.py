"""``majiang serve``: the web server (the ``web`` extra): tables in the browser, stored in SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from majiang.cli.errors import fail

__all__ = ["serve_command"]

HostOpt = Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every interface).")]
PortOpt = Annotated[int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")]
DbOpt = Annotated[Path | None, typer.Option(
    "--db", metavar="FILE", show_default="$XDG_DATA_HOME/majiang/majiang.db",
    help="The SQLite database holding the tables and records (created if missing).",
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


def serve_command(
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    db: DbOpt = None,
    claim_seconds: ClaimOpt = 20.0,
    away_seconds: AwayOpt = 60.0,
    allow_host: AllowHostOpt = None,
    allow_origin: AllowOriginOpt = None,
    api_docs: ApiDocsOpt = False,
) -> None:
    """Serve the web app: create tables, play against bots or friends in the browser (docs/web.md)."""
    try:
        import uvicorn

        from majiang.web.app import MAX_MESSAGE_BYTES, create_app
        from majiang.web.store import Store, StoreError, default_db_path, lock_database
    except ImportError:
        fail("serve", "the web server needs the 'web' extra: pip install 'majiang[web]'")
    path = default_db_path() if db is None else db
    try:
        # One server per database: the lock is held until this process ends (kill -9 included).
        lock_database(path)
        Store(path).close()  # refuse a bad path before the server starts
    except StoreError as err:
        fail("serve", str(err))
    try:
        app = create_app(path, claim_seconds=claim_seconds, away_seconds=away_seconds,
                         allow_hosts=allow_host or (), allow_origins=allow_origin or (), api_docs=api_docs)
    except ValueError as err:
        fail("serve", str(err))
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"majiang web server: open http://{shown}:{port}/  (database {path}; Ctrl-C stops)")
    # Messages larger than the protocol's limit are cut off by the server itself.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=4 * MAX_MESSAGE_BYTES)

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
    window_seconds: WindowOpt = 1.0,
) -> None:
    """Serve the web app: create tables, play against bots or friends in the browser (docs/web.md)."""
    try:
        import uvicorn

        from majiang.web.app import MAX_MESSAGE_BYTES, create_app
        from majiang.web.store import Store, StoreError, default_db_path
    except ImportError:
        fail("serve", "the web server needs the 'web' extra: pip install 'majiang[web]'")
    path = default_db_path() if db is None else db
    try:
        Store(path).close()  # refuse a bad path before the server starts
    except StoreError as err:
        fail("serve", str(err))
    app = create_app(path, claim_seconds=claim_seconds, away_seconds=away_seconds,
                     window_seconds=window_seconds)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"majiang web server: open http://{shown}:{port}/  (database {path}; Ctrl-C stops)")
    # Messages larger than the protocol's limit are cut off by the server itself.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=4 * MAX_MESSAGE_BYTES)

"""``majiang play``: a 16-hand Chinese Official match against three bots in the terminal.

The game itself is ``majiang.tui`` (the ``tui`` extra, Textual); this module reads the options,
refuses to start without a terminal, and runs the app.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from majiang.cli.errors import EXIT_USAGE

__all__ = ["play_command"]

SeedOpt = Annotated[int | None, typer.Option(
    "--seed", metavar="S", show_default="random", help="Seed of the match (walls, dice and bots).",
)]
BotsOpt = Annotated[str, typer.Option(
    "--bots", metavar="NAME", help="The opponents' bot: fan-aware, efficiency or random.",
)]
HandsOpt = Annotated[int, typer.Option(
    "--hands", metavar="N", help="Hands in the match, 1 to 16 (16 is the full four rounds).",
)]
DelayOpt = Annotated[float, typer.Option(
    "--delay", metavar="SECONDS", help="Pause after each bot action so you can follow; 0 for none.",
)]
RecordsDirOpt = Annotated[Path | None, typer.Option(
    "--records-dir", metavar="DIR", show_default="$XDG_DATA_HOME/majiang/records",
    help="Folder where the match is saved as a majiang-record after every hand.",
)]
NoRecordOpt = Annotated[bool, typer.Option("--no-record", help="Do not save the match.")]


def _fail(message: str) -> NoReturn:
    typer.echo(f"majiang play: error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def play_command(
    seed: SeedOpt = None,
    bots: BotsOpt = "fan-aware",
    hands: HandsOpt = 16,
    delay: DelayOpt = 0.4,
    records_dir: RecordsDirOpt = None,
    no_record: NoRecordOpt = False,
) -> None:
    """Play a Chinese Official match against three bots in the terminal (keys: docs/play.md)."""
    from majiang.bots import BOTS  # only here: the other commands need no bots

    if bots not in BOTS:
        _fail(f"unknown bot {bots!r} for --bots; one of {', '.join(BOTS)}")
    if not 1 <= hands <= 16:
        _fail(f"--hands must be 1 to 16, not {hands}")
    if delay < 0:
        _fail(f"--delay must be at least 0 seconds, not {delay}")
    if no_record and records_dir is not None:
        _fail("--no-record and --records-dir contradict each other; give one of them")
    if records_dir is not None and records_dir.exists() and not records_dir.is_dir():
        _fail(f"--records-dir {records_dir} is a file, not a folder")
    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        which = "standard output" if not sys.stdout.isatty() else "standard input"
        _fail(f"the game needs an interactive terminal, but {which} is not one (a pipe, a file or CI); "
              "run 'majiang play' in a terminal")
    try:
        from majiang.tui import default_records_dir, new_app
    except ImportError as err:
        _fail(f"{err}")
    folder = None if no_record else default_records_dir() if records_dir is None else records_dir
    try:
        app = new_app(seed=seed, bots=bots, hands=hands, delay=delay, records_dir=folder)
    except ValueError as err:
        _fail(str(err))
    app.run()
    session = app.session
    seed_used = session.match.seed
    path = session.save()
    if path is not None:
        typer.echo(f"Record of {session.saved_hands} hands saved to {path} (majiang replay {path})")
    elif session.save_error is not None:
        typer.echo(f"majiang play: error: {session.save_error}", err=True)
    typer.echo(f"Seed {seed_used}: 'majiang play --seed {seed_used}' deals the same match again.")

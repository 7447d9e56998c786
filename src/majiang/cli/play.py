"""``majiang play``: a 16-hand Chinese Official match against three bots in the terminal.

The game itself is ``majiang.tui`` (the ``tui`` extra, Textual); this module reads the options,
refuses to start without a terminal, and runs the app.
"""

from __future__ import annotations

import sys
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


def _fail(message: str) -> NoReturn:
    typer.echo(f"majiang play: error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def play_command(
    seed: SeedOpt = None,
    bots: BotsOpt = "fan-aware",
    hands: HandsOpt = 16,
    delay: DelayOpt = 0.4,
) -> None:
    """Play a Chinese Official match against three bots in the terminal (keys: docs/play.md)."""
    from majiang.bots import BOTS  # only here: the other commands need no bots

    if bots not in BOTS:
        _fail(f"unknown bot {bots!r} for --bots; one of {', '.join(BOTS)}")
    if not 1 <= hands <= 16:
        _fail(f"--hands must be 1 to 16, not {hands}")
    if delay < 0:
        _fail(f"--delay must be at least 0 seconds, not {delay}")
    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        which = "standard output" if not sys.stdout.isatty() else "standard input"
        _fail(f"the game needs an interactive terminal, but {which} is not one (a pipe, a file or CI); "
              "run 'majiang play' in a terminal")
    try:
        from majiang.tui import new_app
    except ImportError as err:
        _fail(f"{err}")
    try:
        app = new_app(seed=seed, bots=bots, hands=hands, delay=delay)
    except ValueError as err:
        _fail(str(err))
    app.run()

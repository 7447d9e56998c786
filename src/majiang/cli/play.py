"""``majiang play``: a match against three bots in the terminal, under any registered ruleset.

The game itself is ``majiang.tui`` (the ``tui`` extra, Textual); this module reads the options,
refuses to start without a terminal, and runs the app.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer

from majiang.cli.errors import fail
from majiang.cli.options import GameRulesOpt, RuleOptionOpt, integer, ruleset

__all__ = ["play_command"]

SeedOpt = Annotated[str | None, typer.Option(
    "--seed", metavar="S", show_default="random", help="Seed of the match (walls, dice and bots).",
)]
BotsOpt = Annotated[str, typer.Option(
    "--bots", metavar="NAME",
    help="The opponents' bot: fan-aware, efficiency, random, defense or search, options after colons "
    "(search:playouts=32).",
)]
HandsOpt = Annotated[str | None, typer.Option(
    "--hands", metavar="N", show_default="the ruleset's match (16 for mcr, 1 for botzone)",
    help="Hands in the match, 1 to the ruleset's most (16 is Chinese Official's four rounds).",
)]
DelayOpt = Annotated[float, typer.Option(
    "--delay", metavar="SECONDS", help="Pause after each bot action so you can follow; 0 for none.",
)]
RecordsDirOpt = Annotated[Path | None, typer.Option(
    "--records-dir", metavar="DIR", show_default="$XDG_DATA_HOME/majiang/records",
    help="Folder where the match is saved as a majiang-record after every hand.",
)]
NoRecordOpt = Annotated[bool, typer.Option("--no-record", help="Do not save the match.")]


def play_command(
    seed: SeedOpt = None,
    bots: BotsOpt = "fan-aware",
    hands: HandsOpt = None,
    delay: DelayOpt = 0.4,
    records_dir: RecordsDirOpt = None,
    no_record: NoRecordOpt = False,
    rules: GameRulesOpt = None,
    option: RuleOptionOpt = None,
) -> None:
    """Play a match against three bots in the terminal, Chinese Official rules unless --rules says
    otherwise (keys: docs/play.md)."""
    from majiang.bots import BOTS, find_bot, is_bot_name  # only here: the other commands need no bots

    if not is_bot_name(bots):
        fail("play", f"unknown bot {bots!r} for --bots; one of {', '.join(BOTS)}")
    try:
        find_bot(bots, 0)  # a bad option after the name (search:playouts=x) is refused here
    except ValueError as err:
        fail("play", f"--bots: {err}")
    try:
        chosen = ruleset(rules, option)
        number = None if hands is None else integer(hands, "--hands")
        seed_given = None if seed is None else integer(seed, "--seed", signed=True)
    except ValueError as err:
        fail("play", str(err))
    try:
        number = chosen.match_length(number)  # the ruleset's own length, or refused (single_hand: 1)
    except ValueError as err:
        fail("play", f"--hands: {err}")
    if delay < 0:
        fail("play", f"--delay must be at least 0 seconds, not {delay}")
    if no_record and records_dir is not None:
        fail("play", "--no-record and --records-dir contradict each other; give one of them")
    if records_dir is not None and records_dir.exists() and not records_dir.is_dir():
        fail("play", f"--records-dir {records_dir} is a file, not a folder")
    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        which = "standard output" if not sys.stdout.isatty() else "standard input"
        fail("play", f"the game needs an interactive terminal, but {which} is not one "
                     "(a pipe, a file or CI); run 'majiang play' in a terminal")
    try:
        from majiang.tui import default_records_dir, new_app
    except ImportError as err:
        fail("play", f"{err}")
    folder = None if no_record else default_records_dir() if records_dir is None else records_dir
    try:
        app = new_app(seed=seed_given, bots=bots, hands=number, delay=delay, records_dir=folder, rules=chosen)
    except ValueError as err:
        fail("play", str(err))
    app.run()
    session = app.session
    seed_used = session.match.seed
    path = session.save()
    if path is not None:
        typer.echo(f"Record of {session.saved_hands} hands saved to {path} (majiang replay {path})")
    elif session.save_error is not None:
        typer.echo(f"majiang play: error: {session.save_error}", err=True)
    # The ruleset by its registered name (an alias may need quoting in a shell).
    named = ["--rules", chosen.name] if rules is not None else []
    again = ["majiang", "play", "--seed", str(seed_used), *named,
             *(word for o in option or () for word in ("--option", o))]
    typer.echo(f"Seed {seed_used}: '{shlex.join(again)}' deals the same match again.")

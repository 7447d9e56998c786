"""``majiang botzone``: one of our bots as a Botzone Chinese Standard Mahjong bot (docs/interop.md).

The command line's face of ``majiang.botzone`` (``python -m majiang.botzone``, the lean entry point that
imports no command-line framework), which reads the requests and writes the answers; see there.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from majiang.cli.errors import fail
from majiang.cli.options import integer
from majiang.interop.botzone_codes import KEEP_RUNNING

__all__ = ["KEEP_RUNNING", "botzone_command", "bundle_command"]

BotOpt = Annotated[str, typer.Option("--bot", metavar="NAME",
                                     help="Our bot: efficiency, fan-aware or random.")]
SeedOpt = Annotated[str | None, typer.Option("--seed", metavar="S", show_default="random",
                                             help="Seed of the bot.")]
SimpleOpt = Annotated[bool, typer.Option("--simple", help="Botzone's simple (line) interaction, not JSON.")]
KeepOpt = Annotated[bool, typer.Option("--keep-running", help="Botzone's long-running mode.")]
WallsOpt = Annotated[str, typer.Option("--walls", metavar="KIND",
                                       help="per-seat (Botzone's wall per seat) or shared (our engine's).")]
FlowersOpt = Annotated[bool | None, typer.Option(
    "--flowers/--no-flowers", show_default="from the first flower shown",
    help="Whether the judge's wall holds the eight flowers (144 tiles, 36 a seat) or not (136, 34).")]


def botzone_command(bot: BotOpt = "fan-aware", seed: SeedOpt = None, simple: SimpleOpt = False,
                    keep_running: KeepOpt = False, walls: WallsOpt = "per-seat",
                    flowers: FlowersOpt = None) -> None:
    """Answer Botzone's Chinese Standard Mahjong requests with one of our bots (stdin to stdout)."""
    from majiang.botzone import serve

    try:
        seed_given = None if seed is None else integer(seed, "--seed", signed=True)
        serve(sys.stdin, sys.stdout, bot=bot, seed=seed_given, simple=simple, keep_running=keep_running,
              walls=walls, flowers=flowers)
    except ValueError as err:
        fail("botzone", str(err))


OutputOpt = Annotated[str, typer.Option("--output", "-o", metavar="ZIP", help="Where to write the zip.")]
CompiledOpt = Annotated[bool, typer.Option(
    "--compile/--no-compile", help="Add bytecode for this Python beside the sources (faster starts).")]


def bundle_command(output: OutputOpt = "majiang-bot.zip", bot: BotOpt = "fan-aware", seed: SeedOpt = None,
                   simple: SimpleOpt = False, keep_running: KeepOpt = False, walls: WallsOpt = "per-seat",
                   flowers: FlowersOpt = None, compiled: CompiledOpt = True) -> None:
    """Write the zip Botzone takes as a Python bot: the package, its data and a __main__.py running our
    bot with these options (``python ZIP`` answers as ``majiang botzone`` does)."""
    from majiang.interop.botzone_bundle import build_bundle

    args = ["--bot", bot]
    try:
        if seed is not None:
            args += ["--seed", str(integer(seed, "--seed", signed=True))]
        args += ["--walls", walls] + ["--simple"] * simple + ["--keep-running"] * keep_running
        if flowers is not None:
            args.append("--flowers" if flowers else "--no-flowers")
        bundle = build_bundle(output, args, compiled=compiled)
    except (ValueError, OSError) as err:
        fail("botzone-bundle", str(err))
    typer.echo(f"wrote {bundle.path} ({len(bundle.entries)} files, {bundle.size} bytes): "
               f"python {bundle.path} runs majiang.botzone {' '.join(args)}")

"""``majiang mjai``: one of our bots as an mjai client, over stdin and stdout (docs/interop.md, "mjai bots").

It reads the server's JSON lines (an event per line, gimite/mjai; or an array of events per line,
mjai.app) and writes one answer line for each, flushed at once. Bad input (not JSON, not an mjai event,
events our engine does not follow under the rules given) is an error on stderr naming the event, exit
code 2: a bot that answers wrongly loses its seat anyway, and the error says why.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from majiang.cli.errors import fail
from majiang.cli.options import integer

__all__ = ["mjai_command"]

BotOpt = Annotated[str, typer.Option("--bot", metavar="NAME",
                                     help="Our bot: defense, efficiency, fan-aware or random.")]
SeedOpt = Annotated[str | None, typer.Option("--seed", metavar="S", show_default="random",
                                             help="Seed of the bot.")]
SeatArg = Annotated[str | None, typer.Argument(
    metavar="[SEAT]", show_default=False,
    help="The seat 0-3 (mjai.app passes it as the program's argument); else start_game's id.")]
NameOpt = Annotated[str, typer.Option("--name", metavar="NAME", help="The name sent in answer to hello.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", metavar="KEY=VALUE",
    help="One of the riichi rules' options the server plays (repeatable), e.g. --option red_fives=0; "
         "Tenhou's rules by default ('majiang rules riichi' lists them).")]


def mjai_command(seat: SeatArg = None, bot: BotOpt = "defense", seed: SeedOpt = None,
                 option: OptionOpt = None, name: NameOpt = "majiang") -> None:
    """Play riichi at an mjai server with one of our bots: events in on stdin, answers out on stdout.

    Each input line is one mjai event (a JSON object, gimite/mjai) or a batch of them (a JSON array,
    mjai.app); each gets one answer line: {"type":"none"}, or the bot's action when the last event asks it
    to decide (dahai, reach, chi, pon, daiminkan, ankan, kakan, hora, ryukyoku). Bad input: an error on
    stderr naming the event, exit code 2.
    """
    from majiang.bots import BOTS, find_bot
    from majiang.game.ruleset import find_ruleset
    from majiang.interop.mjai_bot import MjaiClient
    from majiang.rules.riichi.ruleset import RiichiRules

    try:
        if bot not in BOTS:
            raise ValueError(f"unknown bot {bot!r} for --bot; one of {', '.join(BOTS)}")
        given = None if seed is None else integer(seed, "--seed", signed=True)
        where = None if seat is None else integer(seat, "the seat")
        if where is not None and not 0 <= where <= 3:
            raise ValueError(f"the seat must be 0-3, not {seat}")
        rules = find_ruleset("riichi", option or ())
        assert isinstance(rules, RiichiRules)
        client = MjaiClient(find_bot(bot, given), rules=rules, seat=where, name=name)
    except ValueError as err:
        fail("mjai", str(err))
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = client.react_line(line)
        except ValueError as err:
            fail("mjai", str(err))
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()

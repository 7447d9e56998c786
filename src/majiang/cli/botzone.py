"""``majiang botzone``: one of our bots as a Botzone Chinese Standard Mahjong bot (docs/interop.md).

JSON mode (the default) reads one line ``{"requests": [...], "responses": [...]}`` and prints
``{"response": "..."}``. ``--simple`` reads Botzone's simple interaction: a line with the turn number
``n``, then the ``2n - 1`` lines request, response, ..., request (the data and globaldata lines after
them are not used: this bot saves none); it prints the response line.
``--keep-running`` (long-running mode) answers the first input as above, prints the marker
``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<``, then reads one request per line (in JSON mode a JSON string, or
an object whose ``requests`` holds one string; empty lines skipped in simple mode) until the input
ends. Bad input is an error exit (code 2) naming the request, never a silent ``PASS``: a bot that
answers wrongly loses on Botzone anyway, and the error says why.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Annotated, Any

import typer

from majiang.cli.errors import fail
from majiang.cli.options import integer
from majiang.interop.external import KEEP_RUNNING
from majiang.jsonstrict import StrictJSONError, loads_strict

__all__ = ["KEEP_RUNNING", "botzone_command"]

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


def _strings(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of strings")
    return list(value)


def _read_json(line: str) -> tuple[list[str], list[str]]:
    try:
        data = loads_strict(line)
    except StrictJSONError as err:
        raise ValueError(f"input is not JSON: {err}") from None
    if not isinstance(data, dict) or "requests" not in data:
        raise ValueError('input must be a JSON object with "requests" (and "responses")')
    requests = _strings(data["requests"], '"requests"')
    responses = _strings(data.get("responses", []), '"responses"')
    if not requests:
        raise ValueError('"requests" is empty')
    return requests, responses


def _read_simple(stream: IO[str]) -> tuple[list[str], list[str]]:
    first = stream.readline()
    if not first:
        raise ValueError("no input: the first line is the turn number")
    n = integer(first.strip(), "the turn number (first line)")
    if n < 1:
        raise ValueError(f"the turn number must be at least 1, not {n}")
    lines = []
    for i in range(2 * n - 1):
        line = stream.readline()
        if not line:
            raise ValueError(f"the input ended after {i} of {2 * n - 1} lines")
        lines.append(line.rstrip("\n"))
    return lines[0::2], lines[1::2]


def _next_request(line: str, simple: bool) -> str:
    if simple:
        return line.rstrip("\n")
    try:
        data = loads_strict(line)
    except StrictJSONError as err:
        raise ValueError(f"input is not JSON: {err}") from None
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        requests = _strings(data.get("requests"), '"requests"')
        if len(requests) == 1:
            return requests[0]
    raise ValueError('a further request must be a JSON string or {"requests": [one string]}')


def botzone_command(bot: BotOpt = "fan-aware", seed: SeedOpt = None, simple: SimpleOpt = False,
                    keep_running: KeepOpt = False, walls: WallsOpt = "per-seat",
                    flowers: FlowersOpt = None) -> None:
    """Answer Botzone's Chinese Standard Mahjong requests with one of our bots (stdin to stdout)."""
    from majiang.bots import BOTS, find_bot
    from majiang.interop.botzone import WALLS, replay

    if bot not in BOTS:
        fail("botzone", f"unknown bot {bot!r} for --bot; one of {', '.join(BOTS)}")
    if walls not in WALLS:
        fail("botzone", f"unknown --walls {walls!r}; one of {', '.join(WALLS)}")
    try:
        seed_given = None if seed is None else integer(seed, "--seed", signed=True)
        requests, responses = _read_simple(sys.stdin) if simple else _read_json(sys.stdin.readline())
        player = find_bot(bot, seed_given)
        seat = replay(requests, responses, walls, flowers)
        answer = seat.answer(requests[-1], player.act)
    except ValueError as err:
        fail("botzone", str(err))
    _emit(answer, simple)
    if not keep_running:
        return
    while True:
        typer.echo(KEEP_RUNNING)
        sys.stdout.flush()
        line = sys.stdin.readline()
        while simple and line and not line.strip():
            line = sys.stdin.readline()  # the empty data and globaldata lines of simple mode
        if not line:
            return
        try:
            answer = seat.answer(_next_request(line, simple), player.act)
        except ValueError as err:
            fail("botzone", str(err))
        _emit(answer, simple)


def _emit(answer: str, simple: bool) -> None:
    typer.echo(answer if simple else json.dumps({"response": answer}))
    sys.stdout.flush()

"""``python -m majiang.botzone``: one of our bots as a Botzone Chinese Standard Mahjong bot (docs/interop.md).

The lean entry point: the standard library and the package's core only, no command-line framework, so a
fresh process per request (Botzone's default mode) starts fast. ``majiang botzone`` is the same behind the
command line's help, and the zip ``majiang botzone-bundle`` writes runs this module.

JSON mode (the default) reads one line ``{"requests": [...], "responses": [...]}`` and prints
``{"response": "..."}``. ``--simple`` reads Botzone's simple interaction: a line with the turn number
``n``, then the ``2n - 1`` lines request, response, ..., request (the data and globaldata lines after
them are not used: this bot saves none); it prints the response line. ``--keep-running`` (long-running
mode) answers the first input as above, prints the marker ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<``, then
reads one request per line (in JSON mode a JSON string, or an object whose ``requests`` holds one
string; empty lines skipped in simple mode) until the input ends. Bad input is an error exit (code 2)
naming the request, never a silent ``PASS``: a bot that answers wrongly loses on Botzone anyway, and
the error says why.

>>> import io
>>> out = io.StringIO()
>>> serve(io.StringIO('{"requests": ["0 1 0"], "responses": []}'), out, bot="random", seed=1)
>>> out.getvalue()
'{"response": "PASS"}\\n'
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from majiang.interop.botzone_codes import KEEP_RUNNING

__all__ = ["KEEP_RUNNING", "USAGE", "main", "parse_args", "serve"]

USAGE = ("usage: python -m majiang.botzone [--bot efficiency|fan-aware|random] [--seed S] [--simple] "
         "[--keep-running] [--walls per-seat|shared] [--flowers | --no-flowers]")
MAX_DIGITS = 12
"""The longest seed read (as the command line's other integers)."""


def parse_args(argv: list[str]) -> dict[str, Any]:
    """The options of ``argv`` as ``serve``'s keyword arguments; ValueError naming a bad one.

    >>> parse_args(["--bot", "random", "--seed=-3", "--no-flowers"])["seed"]
    -3
    """
    out: dict[str, Any] = {}
    args = list(argv)
    while args:
        arg = args.pop(0)
        name, eq, value = arg.partition("=")
        if name in ("--bot", "--seed", "--walls"):
            if not eq:
                if not args:
                    raise ValueError(f"{name} needs a value")
                value = args.pop(0)
            if name == "--seed":
                body = value[1:] if value.startswith("-") else value
                if not (body.isascii() and body.isdigit()) or len(body.lstrip("0")) > MAX_DIGITS:
                    raise ValueError(f"--seed must be an integer of at most {MAX_DIGITS} digits, "
                                     f"not {value[:40]!r}")
                out["seed"] = int(value)
            else:
                out[name[2:]] = value
        elif arg in ("--simple", "--keep-running"):
            out[arg[2:].replace("-", "_")] = True
        elif arg in ("--flowers", "--no-flowers"):
            out["flowers"] = arg == "--flowers"
        else:
            raise ValueError(f"unknown argument {arg!r}")
    return out


def _strings(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of strings")
    return list(value)


def _loads(line: str) -> object:
    from majiang.jsonstrict import StrictJSONError, loads_strict

    try:
        return loads_strict(line)
    except StrictJSONError as err:
        raise ValueError(f"input is not JSON: {err}") from None


def _read_json(line: str) -> tuple[list[str], list[str]]:
    data = _loads(line)
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
    text = first.strip()
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > MAX_DIGITS:
        raise ValueError(f"the turn number (first line) must be an integer, not {text[:40]!r}")
    n = int(text)
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
    data = _loads(line)
    if isinstance(data, str):
        return data
    if isinstance(data, dict):
        requests = _strings(data.get("requests"), '"requests"')
        if len(requests) == 1:
            return requests[0]
    raise ValueError('a further request must be a JSON string or {"requests": [one string]}')


def serve(stdin: IO[str], stdout: IO[str], *, bot: str = "fan-aware", seed: int | None = None,
          simple: bool = False, keep_running: bool = False, walls: str = "per-seat",
          flowers: bool | None = None) -> None:
    """Answer the requests on ``stdin`` on ``stdout`` with our bot ``bot``; ValueError (a
    ``MajiangError``) for bad options or input, naming the request."""
    from majiang.bots import BOTS, find_bot, is_bot_name
    from majiang.interop.botzone import WALLS, replay

    if not is_bot_name(bot):
        raise ValueError(f"unknown bot {bot!r} for --bot; one of {', '.join(BOTS)}")
    if walls not in WALLS:
        raise ValueError(f"unknown --walls {walls!r}; one of {', '.join(WALLS)}")
    requests, responses = _read_simple(stdin) if simple else _read_json(stdin.readline())
    player = find_bot(bot, seed)
    seat = replay(requests, responses, walls, flowers)
    _emit(stdout, seat.answer(requests[-1], player.act), simple)
    if not keep_running:
        return
    while True:
        stdout.write(KEEP_RUNNING + "\n")
        stdout.flush()
        line = stdin.readline()
        while simple and line and not line.strip():
            line = stdin.readline()  # the empty data and globaldata lines of simple mode
        if not line:
            return
        _emit(stdout, seat.answer(_next_request(line, simple), player.act), simple)


def _emit(stdout: IO[str], answer: str, simple: bool) -> None:
    stdout.write((answer if simple else json.dumps({"response": answer})) + "\n")
    stdout.flush()


def main(argv: list[str] | None = None) -> int:
    """Run as ``python -m majiang.botzone`` (or a Botzone bundle's ``__main__``): the exit code, 2 with a
    message on standard error for bad options or input."""
    try:
        options = parse_args(sys.argv[1:] if argv is None else argv)
    except ValueError as err:
        return _fail(err, USAGE)
    try:
        serve(sys.stdin, sys.stdout, **options)
    except ValueError as err:
        return _fail(err)
    return 0


def _fail(err: ValueError, *more: str) -> int:
    print(f"majiang botzone: error: {' '.join(str(err).split())}", *more, sep="\n", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

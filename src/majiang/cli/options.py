"""Options shared by the commands: their declarations, and whole numbers bounded before conversion."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from majiang.errors import InvalidOptionError
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset

__all__ = [
    "MAX_DIGITS",
    "ClusterOpt",
    "GameRulesOpt",
    "JsonOpt",
    "QuietOpt",
    "RecordsOpt",
    "ResumeOpt",
    "RuleOptionOpt",
    "SeedOpt",
    "WorkersOpt",
    "integer",
    "ruleset",
    "whole_number",
]

JsonOpt = Annotated[bool, typer.Option("--json", help='Print one JSON object; errors as {"error": ...}.')]
QuietOpt = Annotated[bool, typer.Option("--quiet", help="No progress on stderr.")]
SeedOpt = Annotated[str | None, typer.Option(
    "--seed", metavar="S", show_default="0",
    help="Seed of the run (an integer): the same seed gives the same result.",
)]
WorkersOpt = Annotated[str | None, typer.Option(
    "--workers", metavar="W", show_default="all cores",
    help="Processes to play in, up to 4 per core (1: this process; the result does not change).",
)]
ClusterOpt = Annotated[str | None, typer.Option(
    "--cluster", metavar="ADDRESS",
    help="Play on a Ray cluster (pip install 'majiang[cluster]'): 'local' (a Ray instance started for "
         "this run), 'auto' (the cluster this machine is part of) or HOST:PORT; --workers is then the "
         "tasks run at once (default: the cluster's CPUs). The result and files do not change.",
)]
RecordsOpt = Annotated[Path | None, typer.Option(
    "--records", metavar="FILE",
    help="Write the majiang-record of every hand played to FILE (gzip if it ends in .gz): replayable and "
         "checkable with 'majiang replay'. Written to FILE.partial as the hands finish.",
)]
ResumeOpt = Annotated[bool, typer.Option(
    "--resume", help="Continue an interrupted run from the FILE.partial files it wrote (give the same "
                     "options); the result is that of an uninterrupted run.",
)]

GameRulesOpt = Annotated[str | None, typer.Option(
    "--rules", metavar="NAME", show_default=DEFAULT_RULESET,
    help="The ruleset to play ('majiang rules' lists them, with their options), by name or alias.",
)]
RuleOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", metavar="KEY=VALUE",
    help="Set one of the ruleset's options (repeatable), e.g. --option mode=blood-river.",
)]


def ruleset(name: str | None, options: list[str] | None) -> Ruleset:
    """The ruleset named by ``--rules`` (the default if None) with its ``--option`` settings.

    >>> ruleset(None, ["profile=wmo2014"]).profile
    'wmo2014'
    """
    return find_ruleset(DEFAULT_RULESET if name is None else name, options or ())


MAX_DIGITS = 12
"""Longest digit string converted; longer ones are refused before ``int()`` (which refuses 4,300 digits
with a message about Python's limits, and is slow well before that)."""


def whole_number(text: str, option: str, maximum: int | None = None) -> int:
    """``text`` as a whole number 0 or more, written in ASCII digits; InvalidOptionError if not.

    >>> whole_number("12", "--fan")
    12
    >>> whole_number("+3", "--fan")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: --fan must be a whole number, not '+3'
    >>> whole_number("1000", "--fan", 999)
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: --fan must be at most 999, not 1000
    """
    # Only ASCII digits: int() would also take " 3", "+3", "3_0" and other scripts' digits.
    if not (text.isascii() and text.isdigit()):
        raise InvalidOptionError(f"{option} must be a whole number, not {_shown(text)}")
    if len(text.lstrip("0")) > MAX_DIGITS:
        limit = f"at most {maximum}" if maximum is not None else f"at most {MAX_DIGITS} digits"
        raise InvalidOptionError(f"{option} must be {limit}, not a number of {len(text.lstrip('0'))} digits")
    value = int(text)
    if maximum is not None and value > maximum:
        raise InvalidOptionError(f"{option} must be at most {maximum}, not {value}")
    return value


def integer(text: str, option: str, *, signed: bool = False) -> int:
    """``text`` as an integer in ASCII digits (a leading ``-`` if ``signed``); an error naming ``option``.

    >>> integer("-7", "--seed", signed=True)
    -7
    >>> integer("-7", "--games")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: --games must be an integer, not '-7'
    >>> integer("1" * 5000, "--games")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: --games must be at most 12 digits, not a number of 5000 digits
    """
    body = text[1:] if signed and text.startswith("-") else text
    if not (body.isascii() and body.isdigit()):
        raise InvalidOptionError(f"{option} must be an integer, not {_shown(text)}")
    digits = len(body.lstrip("0"))
    if digits > MAX_DIGITS:
        raise InvalidOptionError(f"{option} must be at most {MAX_DIGITS} digits, "
                                 f"not a number of {digits} digits")
    return int(text)


def _shown(text: str) -> str:
    # A long value is cut, so that the error stays one readable line.
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")

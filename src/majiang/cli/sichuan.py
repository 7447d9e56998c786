"""``majiang fan --rules sichuan|chengdu``: score a Sichuan or Chengdu win and explain it."""

from __future__ import annotations

import json

import typer

from majiang.cli.errors import EXIT_INTERNAL, EXIT_USAGE, error_message, fail, is_user_error
from majiang.errors import InvalidOptionError
from majiang.mcr import WinBy
from majiang.sichuan import OPTIONS, find_options, score

__all__ = ["RULES", "sichuan_fan"]

RULES = ("mcr", *OPTIONS)
"""The names ``--rules`` takes: Chinese Official, then the Sichuan profiles."""


def sichuan_fan(
    hand: str, rules: str, *, win_by: WinBy, last_of_wall: bool, after_kong: bool, heavenly: bool,
    earthly: bool, options: list[str], mcr_only: list[str], as_json: bool,
) -> None:
    """Score ``hand`` under the ``rules`` profile with ``--option key=value`` changes and print it."""
    try:
        if mcr_only:
            raise InvalidOptionError(f"{', '.join(mcr_only)} only go with --rules mcr, not --rules {rules}")
        if hand == "-":
            raise InvalidOptionError(f"batch mode (HAND '-') scores Chinese Official hands only, "
                                     f"not --rules {rules}")
        chosen = find_options(rules)
        for text in options:
            chosen = chosen.parse(text)
        result = score(hand, win_by=win_by, last_of_wall=last_of_wall, after_kong=after_kong,
                       heavenly=heavenly, earthly=earthly, options=chosen)
    except Exception as exc:
        code = EXIT_USAGE if is_user_error(exc) else EXIT_INTERNAL
        fail("fan", error_message(exc), as_json=as_json, code=code)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        typer.echo(result.explain())

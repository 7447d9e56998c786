"""How the command line words the exceptions that scoring raises."""

from __future__ import annotations

import json
from typing import NoReturn

import typer

from majiang.errors import InvalidNotationError

__all__ = ["EXIT_BATCH_FAILED", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "error_message",
           "fail", "internal_message", "is_user_error"]

EXIT_OK = 0
EXIT_BATCH_FAILED = 1
"""Batch mode: at least one line could not be scored (the others were)."""
EXIT_USAGE = 2
"""Bad input: unreadable notation, not a win, a flag the hand disproves, a bad option value."""
EXIT_INTERNAL = 3
"""An exception scoring should never raise: a bug in majiang."""
EXIT_INTERRUPTED = 130
"""A long command stopped by Ctrl-C (SIGINT), the shell's 128 + 2."""


def is_user_error(exc: BaseException) -> bool:
    """Whether ``exc`` is one the scoring API documents for bad input (a ``ValueError`` or ``TypeError``).

    Every ``MajiangError`` is a ``ValueError``; a ``TypeError`` is a wrong type from the caller.
    """
    return isinstance(exc, ValueError | TypeError)


def error_message(exc: BaseException) -> str:
    """One line saying what went wrong, for stderr or a ``{"error": ...}`` object.

    >>> from majiang import Hand
    >>> try:
    ...     Hand.parse("123m456p789sEEEx")
    ... except ValueError as err:
    ...     print(error_message(err))
    invalid hand notation: unexpected character 'x' at position 15 in '123m456p789sEEEx'
    """
    if isinstance(exc, InvalidNotationError):
        text = f"invalid hand notation: {exc}"
    elif is_user_error(exc):
        text = str(exc)
    else:
        text = internal_message(exc)
    # One line, whatever the exception text holds.
    return " ".join(text.split("\n")).strip()


def internal_message(exc: BaseException) -> str:
    """What ``error_message`` says of an exception that is a bug in majiang, before it is made one line."""
    return f"internal error (a bug in majiang, please report it): {type(exc).__name__}: {exc}"


def fail(command: str, message: str, *, as_json: bool = False, code: int = EXIT_USAGE) -> NoReturn:
    """Report one error of ``majiang COMMAND`` and exit with ``code``.

    The error goes to stderr as ``majiang COMMAND: error: MESSAGE``, or with ``--json`` to stdout as
    ``{"error": MESSAGE}``, so that a JSON reader always gets JSON. The message is made one line.
    """
    message = " ".join(message.split())
    if as_json:
        typer.echo(json.dumps({"error": message}, ensure_ascii=False))
    else:
        typer.echo(f"majiang {command}: error: {message}", err=True)
    raise typer.Exit(code)

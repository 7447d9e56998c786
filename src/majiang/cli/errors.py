"""How the command line words the exceptions that scoring raises."""

from __future__ import annotations

from majiang.errors import InvalidNotationError

__all__ = ["EXIT_BATCH_FAILED", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "error_message",
           "is_user_error"]

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
        text = f"internal error (a bug in majiang, please report it): {type(exc).__name__}: {exc}"
    # One line, whatever the exception text holds.
    return " ".join(text.split("\n")).strip()

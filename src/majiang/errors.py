"""The exceptions majiang raises: all derive from ``MajiangError``, itself a ``ValueError``.

Catch ``MajiangError`` to handle every bad input a user can give. A wrong Python type passed by a
programmer (a list where a ``Hand`` is expected) raises a plain ``TypeError`` instead: that is a bug
in the calling code, not bad data.
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "InvalidActionError",
    "InvalidHandError",
    "InvalidNotationError",
    "InvalidOptionError",
    "MajiangError",
]


class MajiangError(ValueError):
    """The root of every error majiang raises on purpose."""


class InvalidNotationError(MajiangError):
    """A hand or tile string that cannot be read; says where and why.

    ``position`` is the 0-based index of the offending character in ``text`` (or ``None``
    when the problem is the string as a whole, such as a wrong tile count).
    """

    def __init__(self, reason: str, text: str, position: int | None = None) -> None:
        self.reason = reason
        self.text = text
        self.position = position
        where = f" at position {position}" if position is not None else ""
        shown = text if len(text) <= 80 else text[:77] + "..."
        super().__init__(f"{reason}{where} in {shown!r}")


class InvalidHandError(MajiangError):
    """A readable hand, meld or win context that the rules do not allow (e.g. not a winning hand)."""


class InvalidActionError(MajiangError):
    """An action that cannot be read: an unknown word, a missing or extra tile, not an action at all."""


class IllegalActionError(MajiangError):
    """A well-formed action that the current game state does not allow."""


class InvalidOptionError(MajiangError):
    """An unknown name (profile, ruleset, bot, form...) or a value out of range for an option."""

"""The exceptions majiang raises; all are ``ValueError`` subclasses."""

from __future__ import annotations

__all__ = ["IllegalActionError", "InvalidHandError", "InvalidNotationError"]


class InvalidNotationError(ValueError):
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


class InvalidHandError(ValueError):
    """A readable hand or win context that the rules do not allow (e.g. not a winning hand)."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current game state."""

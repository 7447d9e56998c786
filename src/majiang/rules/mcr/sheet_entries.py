"""The score sheet's entries (a win, a draw, a penalty), its bounds, and the checks of what is entered.

``majiang.rules.mcr.sheet`` keeps the sheet itself and offers every name here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.errors import MajiangError
from majiang.rules.mcr.payments import FALSE_WIN_AWARD, FALSE_WIN_PENALTY
from majiang.rules.mcr.ruleset import MAX_POINTS
from majiang.tiles import Tile

__all__ = [
    "FALSE_WIN_REASON",
    "MAX_FAN",
    "MAX_FILE_BYTES",
    "MAX_NAME_LENGTH",
    "MAX_PENALTIES",
    "MAX_PENALTY_POINTS",
    "MAX_REASON_LENGTH",
    "SHEET_FORMAT",
    "SHEET_VERSION",
    "Draw",
    "Entry",
    "Penalty",
    "SheetError",
    "SheetRow",
    "Win",
]

FALSE_WIN_REASON = "错和 false win"
SHEET_FORMAT = "majiang-sheet"
SHEET_VERSION = 1
MAX_HANDS = 16
MAX_FAN = 999
"""The largest fan total a win may record, flowers included: far above any hand (the largest Chinese
Official totals are a few hundred), so a typo of extra digits is refused instead of paid."""
MAX_PENALTY_POINTS = MAX_POINTS
"""The largest ``points`` or ``award`` of one penalty (the bound of the false-win options too)."""
MAX_PENALTIES = 64
"""The most penalties one sheet holds (with the 16 hands, every total stays well within six digits)."""
MAX_NAME_LENGTH = 32
"""The longest player name, in characters."""
MAX_REASON_LENGTH = 200
"""The longest penalty reason, in characters."""
MAX_FILE_BYTES = 1 << 20
"""The largest sheet file read (a full sheet with every penalty is well under 40 KB)."""


class SheetError(MajiangError):
    """An entry the sheet refuses, or a sheet file that cannot be read; the message says why."""


@dataclass(frozen=True, slots=True)
class Win:
    """A hand won by ``winner``: on ``discarder``'s discard, or self-drawn (自摸) when it is None.

    ``fan`` is the total paid, flowers included; ``flowers`` (if known) is how many of those are flower
    points.
    """

    winner: int
    discarder: int | None
    fan: int
    flowers: int | None = None

    @property
    def self_drawn(self) -> bool:
        """Won by self-draw."""
        return self.discarder is None


@dataclass(frozen=True, slots=True)
class Draw:
    """A hand that ended with the wall exhausted and no winner (荒庄): no payments."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """``player`` loses ``points`` and each other player gains ``award`` (by default the false win 错和)."""

    player: int
    points: int = FALSE_WIN_PENALTY
    award: int = FALSE_WIN_AWARD
    reason: str = FALSE_WIN_REASON


Entry = Win | Draw | Penalty


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the sheet: the entry, the hand it belongs to, its round wind and dealer, the changes
    and the running totals (by player)."""

    entry: Entry
    hand: int
    round_wind: Tile
    dealer: int
    deltas: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]


def _penalty_payments(penalty: Penalty) -> tuple[int, int, int, int]:
    deltas = [penalty.award] * 4
    deltas[penalty.player] = -penalty.points
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object) -> str:
    """``repr(value)`` cut to a readable length (a huge integer cannot even be printed in full)."""
    if isinstance(value, int) and abs(value).bit_length() > 190:  # over 57 digits
        return f"a number of about {int(abs(value).bit_length() * 0.30103)} digits"
    if isinstance(value, dict | list) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deeply, or an integer too long to print
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def _check_text(value: object, what: str, limit: int) -> str:
    """``value`` if it is one line of printable text of at most ``limit`` characters, without surrounding
    spaces; SheetError naming ``what`` otherwise."""
    if not isinstance(value, str):
        raise SheetError(f"{what} must be text, not {_short(value)}")
    if len(value) > limit:
        raise SheetError(f"{what} is {len(value)} characters long; at most {limit}")
    if not value.strip() or value != value.strip():
        raise SheetError(f"{what} must be non-blank text without surrounding spaces, not {_short(value)}")
    # Control characters and other non-printables (line breaks, terminal escapes, bidi overrides) would
    # garble the printed sheet and the CSV export; a plain space is printable and allowed inside.
    bad = next((ch for ch in value if not ch.isprintable()), None)
    if bad is not None:
        raise SheetError(f"{what} must be printable text on one line; {_short(value)} holds {bad!r}")
    return value


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            # json would keep the last value silently: the file was edited by hand or is corrupt.
            raise SheetError(f"the key {_short(key)} appears twice in one object")
        obj[key] = value
    return obj


def _no_constant(name: str) -> Any:
    raise SheetError(f"{name} is not a number a sheet can hold")

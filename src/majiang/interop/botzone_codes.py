"""Botzone's tile, flower and seat codes, and the error of a request that cannot be read."""

from __future__ import annotations

from majiang.errors import MajiangError
from majiang.tiles import ALL_TILES, Tile

__all__ = ["KEEP_RUNNING", "BotzoneError", "from_code", "to_code"]

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
"""What a bot prints after an answer to stay running (Botzone's long-running mode)."""

_CODES: tuple[str, ...] = (
    *(f"W{r}" for r in range(1, 10)),
    *(f"B{r}" for r in range(1, 10)),
    *(f"T{r}" for r in range(1, 10)),
    "F1", "F2", "F3", "F4",
    "J3", "J2", "J1",  # our dragon order is white, green, red; Botzone's J1 is red (中)
)
_BY_CODE = {c: ALL_TILES[i] for i, c in enumerate(_CODES)}
_FLOWERS = frozenset(f"H{i}" for i in range(1, 9))


class BotzoneError(MajiangError):
    """A Botzone request that cannot be read or does not fit the hand so far."""


def to_code(tile: Tile | int) -> str:
    """Botzone's code for a tile.

    >>> to_code(Tile.M1), to_code(Tile.P5), to_code(Tile.S9), to_code(Tile.NORTH), to_code(Tile.RED)
    ('W1', 'B5', 'T9', 'F4', 'J1')
    """
    if not 0 <= tile < 34:
        raise BotzoneError(f"no Botzone code for tile {tile!r}")
    return _CODES[tile]


def from_code(code: str) -> Tile:
    """The tile of a Botzone code (not a flower).

    >>> from_code("J3"), from_code("B1")
    (<Tile.WHITE: 31>, <Tile.P1: 9>)
    """
    try:
        return _BY_CODE[code]
    except KeyError:
        raise BotzoneError(f"not a Botzone tile code: {code!r} (W1-9, B1-9, T1-9, F1-4, J1-3)") from None


def _flower(code: str) -> str:
    if code not in _FLOWERS:
        raise BotzoneError(f"not a Botzone flower code: {code!r} (H1-H8)")
    return code


def _seat_number(word: str) -> int:
    if word not in ("0", "1", "2", "3"):
        raise BotzoneError(f"a seat is 0-3, not {word!r}")
    return int(word)

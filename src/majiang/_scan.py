"""The characters of hand notation read as tile codes (0-33): what the tile, meld and hand parsers share.

It sits below ``majiang.tiles`` (it knows no ``Tile``), so ``Tile.parse``, ``Meld.parse`` and ``Hand.parse``
read notation without importing a module above their own; ``majiang.notation`` describes the format.
"""

from __future__ import annotations

from majiang.errors import InvalidNotationError

TYPE_CHECKING = False  # not typing's: importing typing costs more than this module
if TYPE_CHECKING:
    from collections.abc import Iterable

MAX_LENGTH = 200
"""Longest notation accepted; a real hand needs well under 60 characters."""

# The honor letters' tile codes: 27 is East (1z), in Tenhou's 1-7z order as in majiang.tiles.
_HONOR = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
_SUIT_BASE = {"m": 0, "p": 9, "s": 18}


def _check_text(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidNotationError(f"expected a string, got {type(text).__name__}", repr(text))
    if len(text) > MAX_LENGTH:
        raise InvalidNotationError(f"input is {len(text)} characters long; at most {MAX_LENGTH}", text)
    if text.isascii() and text.isprintable():
        return text
    for i, ch in enumerate(text):
        if ch == " ":
            continue
        if not ch.isascii():
            raise InvalidNotationError(f"non-ASCII character {ch!r}", text, i)
        if not ch.isprintable():
            raise InvalidNotationError(f"control character {ch!r}", text, i)
    return text


# Character classes, looked up once per character: a digit is its rank (0-9), a suit letter 101 + the
# code of its 1 (``z``: 128, as ``1z`` is code 27), an honor letter 200 + its code, a space 300. Any
# other character is not in the table.
_DIGIT_END, _SUIT_END, _HONOR_END = 10, 200, 300
_CLASS: dict[str, int] = {str(r): r for r in range(10)}
_CLASS.update({letter: 101 + base for letter, base in _SUIT_BASE.items()})
_CLASS["z"] = 128
_CLASS.update({letter: 200 + tile for letter, tile in _HONOR.items()})
_CLASS[" "] = 300


def _scan(text: str, start: int, end: int, allow_space: bool, tiles: list[int],
          where: list[int] | None) -> None:
    """Read the tiles of ``text[start:end]`` in one pass: their codes into ``tiles`` and, if ``where`` is a
    list, the position of the character that names each into it."""
    classes = _CLASS
    runs = _RUNS
    first = -1  # position of the first pending digit; pending digits are always one run
    for i in range(start, end):
        code = classes.get(text[i], -1)
        if 0 < code < _DIGIT_END:
            if first < 0:
                first = i
        elif code >= _SUIT_END:
            if code >= _HONOR_END:
                if not allow_space:
                    raise InvalidNotationError("unexpected character ' '", text, i)
            else:
                tiles.append(code - 200)
                if where is not None:
                    where.append(i)
            if first >= 0:
                raise InvalidNotationError("digits without a suit letter", text, first)
        elif code > 0:
            if first < 0:
                raise InvalidNotationError(f"suit letter {text[i]!r} without digits before it", text, i)
            run = runs.get(text[first:i + 1])
            tiles.extend(_run(text, first, i, code - 102) if run is None else run)
            if where is not None:
                where.extend(range(first, i))
            first = -1
        elif code == 0:
            raise InvalidNotationError("0 is not a tile rank (ranks are 1-9)", text, i)
        else:
            raise InvalidNotationError(f"unexpected character {text[i]!r}", text, i)
    if first >= 0:
        raise InvalidNotationError("digits without a suit letter", text, first)


# Runs of digits with their suit letter already read (``123m``, ``55z``), by their text.
_RUNS: dict[str, tuple[int, ...]] = {}
_RUNS_LIMIT = 4096


def _run(text: str, first: int, letter: int, base: int) -> tuple[int, ...]:
    """The tiles of the digits ``text[first:letter]`` in the suit whose 1 is ``base + 1``; kept for reuse."""
    out = []
    for p in range(first, letter):
        rank = _CLASS[text[p]]
        if base == 26 and rank > 7:
            raise InvalidNotationError(f"honor {rank}z does not exist (1-7z)", text, p)
        out.append(base + rank)
    if len(_RUNS) >= _RUNS_LIMIT:
        _RUNS.clear()
    run = _RUNS[text[first:letter + 1]] = tuple(out)
    return run


# A pack holds tiles' counts in one int, one byte per kind (kind k in byte k of a little-endian int).
_UNITS = tuple(1 << 8 * kind for kind in range(34))  # the pack of one tile of each kind


def _pack(codes: Iterable[int]) -> int:
    """The pack of tiles given by code."""
    return sum(map(_UNITS.__getitem__, codes))

"""Riichi hand notation: the common notation (docs/notation.md) plus ``0m 0p 0s`` for red fives (赤五).

A ``0`` is a five that is red, anywhere a five may be written: standing tiles, the winning tile or a
meld (``[406m]``, ``[0555p,2]``). The 136-tile set has one red five per suit, so a second red five of a
suit is an error.

>>> h = parse_hand("[406m]22p345678s88s 0s")
>>> h.red_fives, h.hand.winning_tile
(2, <Tile.S5: 22>)
>>> h.notation()
'[406m]22p34067888s5s'
"""

from __future__ import annotations

from dataclasses import dataclass

from majiang.errors import InvalidHandError, InvalidNotationError
from majiang.hand import Hand
from majiang.notation import parse_hand as parse_plain
from majiang.tiles import Tile

__all__ = ["RiichiHand", "parse_hand"]

_SUITS = "mps"


@dataclass(frozen=True, slots=True)
class RiichiHand:
    """A hand and which of its fives are red: ``red`` holds, per suit (m, p, s), 0 or 1.

    Red fives are written back on the first five of their suit among the standing tiles, else the
    winning tile, else the melds (the place of a red five never changes a score).
    """

    hand: Hand
    red: tuple[int, int, int] = (0, 0, 0)

    def __post_init__(self) -> None:
        if self.red == (0, 0, 0):
            return
        all_counts = self.hand.counts(include_melds=True)
        for i, n in enumerate(self.red):
            if n not in (0, 1) or isinstance(n, bool):
                raise InvalidHandError(f"red fives of {_SUITS[i]}: 0 or 1, not {n!r}")
            if n and not all_counts[9 * i + 4]:
                raise InvalidHandError(f"a red 5{_SUITS[i]} without a 5{_SUITS[i]} in the hand")

    @classmethod
    def parse(cls, text: str) -> RiichiHand:
        """Parse riichi notation (``0`` for a red five)."""
        return parse_hand(text)

    @property
    def red_fives(self) -> int:
        """How many red fives the hand holds."""
        return sum(self.red)

    def notation(self) -> str:
        """Canonical notation with red fives as ``0``; ``parse_hand(h.notation()) == h``."""
        text = self.hand.notation()
        out = list(text)
        for i, n in enumerate(self.red):
            if n:
                _mark(out, text, _SUITS[i])
        return "".join(out)

    def __str__(self) -> str:
        return self.notation()


def _mark(out: list[str], text: str, letter: str) -> None:
    """Turn the preferred ``5`` of suit ``letter`` in ``text`` into ``0`` (standing, winning, melds)."""
    positions = [i for i, ch in enumerate(text) if ch == "5" and _suit_at(text, i) == letter]
    body = text.rfind("]") + 1
    standing = [i for i in positions if i >= body]
    out[(standing or positions)[0]] = "0"


def _suit_at(text: str, i: int) -> str:
    while i < len(text) and text[i].isdigit():
        i += 1
    return text[i] if i < len(text) else ""


def parse_hand(text: str) -> RiichiHand:
    """Parse a riichi hand: melds in brackets, standing tiles, the last tile wins; ``0m/0p/0s`` red.

    >>> parse_hand("1230406m789p11s2z")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    majiang.errors.InvalidNotationError: a second red 5m (the set has one per suit; first at 3) at ...
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"expected a string, got {type(text).__name__}", repr(text))
    if "0" not in text:
        return RiichiHand(parse_plain(text))
    red = [0, 0, 0]
    first: list[int | None] = [None, None, None]
    i = 0
    n = len(text)
    while i < n:
        if text[i] != "0":
            i += 1
            continue
        j = i
        while j < n and text[j].isdigit():
            j += 1
        letter = text[j] if j < n else ""
        if not letter or letter not in _SUITS:
            what = "honours have no red five (1-7z)" if letter == "z" else "0 (a red five) needs m, p or s"
            raise InvalidNotationError(what, text, i)
        suit = _SUITS.index(letter)
        if red[suit]:
            raise InvalidNotationError(
                f"a second red 5{letter} (the set has one per suit; first at {first[suit]})", text, i)
        red[suit] = 1
        first[suit] = i
        i += 1
    plain = parse_plain(text.replace("0", "5")) if any(red) else parse_plain(text)
    return RiichiHand(plain, (red[0], red[1], red[2]))


def red_tile(suit: int) -> Tile:
    """The five of ``suit`` (0 m, 1 p, 2 s), the kind a red five counts as."""
    return Tile(9 * suit + 4)

"""Tiles: the 34 playing-tile kinds and the 8 flowers.

A tile kind is an int from 0 to 33: characters 1-9 (0-8), dots 1-9 (9-17), bamboo 1-9 (18-26),
the winds East, South, West, North (27-30) and the dragons white, green, red (31-33), which is
Tenhou's ``1-7z`` order.

>>> Tile.M5, Tile.M5.suit, Tile.M5.rank
(<Tile.M5: 4>, <Suit.CHARACTERS: 0>, 5)
>>> Tile.RED.notation(), Tile.RED.zh, Tile.RED.en
('C', '中', 'Red dragon')
"""

from __future__ import annotations

from enum import IntEnum

from majiang._scan import _check_text, _scan
from majiang.errors import InvalidNotationError, InvalidOptionError

TYPE_CHECKING = False  # not typing's: importing typing costs more than this module
if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = [
    "ALL_TILES",
    "DRAGONS",
    "HONORS",
    "KNITTED_STRAIGHTS",
    "KNIT_SUITS",
    "SUITED",
    "TERMINALS",
    "TERMINALS_AND_HONORS",
    "WINDS",
    "Flower",
    "Suit",
    "Tile",
    "seat_wind",
]


class Suit(IntEnum):
    """A suit or honor class; the first three carry ranks 1-9."""

    CHARACTERS = 0  # 万 m
    DOTS = 1  # 饼/筒 p
    BAMBOO = 2  # 条/索 s
    WINDS = 3  # 风
    DRAGONS = 4  # 箭

    @property
    def letter(self) -> str:
        """The notation letter of a numbered suit (``m``, ``p``, ``s``) or ``z`` for honors."""
        return "mpszz"[self]

    @property
    def is_numbered(self) -> bool:
        """Whether tiles of this suit have ranks 1-9 (序数牌)."""
        return self <= Suit.BAMBOO


_HONOR_LETTERS = "ESWNPFC"
_SUIT_ZH = ("万", "饼", "条")
_SUIT_EN = ("characters", "dots", "bamboo")
_HONOR_ZH = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_EN = (
    "East wind",
    "South wind",
    "West wind",
    "North wind",
    "White dragon",
    "Green dragon",
    "Red dragon",
)
_RANK_ZH = "一二三四五六七八九"


class Tile(IntEnum):
    """One of the 34 tile kinds (four copies of each in a set)."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33

    @classmethod
    def _missing_(cls, value: object) -> Tile:
        # Called by Tile(value) for a value that is no tile: name the package's error, not Enum's.
        raise InvalidOptionError(f"no tile {value!r}: a tile code is 0-33")

    @classmethod
    def from_suit_rank(cls, suit: Suit, rank: int) -> Tile:
        """The numbered tile of ``suit`` and ``rank`` (1-9)."""
        if not suit.is_numbered or not 1 <= rank <= 9:
            raise InvalidOptionError(f"no numbered tile of suit {suit.name} and rank {rank}")
        return cls(suit * 9 + rank - 1)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse one tile: ``5m``, ``E``, ``7z``.

        >>> Tile.parse("5z")
        <Tile.WHITE: 31>
        """
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise InvalidNotationError(f"expected exactly one tile, got {len(tiles)}", text)
        return tiles[0]

    @property
    def suit(self) -> Suit:
        """The suit (or honor class) of this tile."""
        if self < 27:
            return Suit(self // 9)
        return Suit.WINDS if self < 31 else Suit.DRAGONS

    @property
    def rank(self) -> int:
        """Rank 1-9 of a numbered tile; 0 for honors."""
        return self % 9 + 1 if self < 27 else 0

    @property
    def is_numbered(self) -> bool:
        """Numbered tile (序数牌)."""
        return self < 27

    @property
    def is_honor(self) -> bool:
        """Wind or dragon (字牌)."""
        return self >= 27

    @property
    def is_wind(self) -> bool:
        """Wind tile (风牌)."""
        return 27 <= self <= 30

    @property
    def is_dragon(self) -> bool:
        """Dragon tile (箭牌)."""
        return self >= 31

    @property
    def is_terminal(self) -> bool:
        """Numbered 1 or 9 (老头牌)."""
        return self < 27 and self % 9 in (0, 8)

    @property
    def is_terminal_or_honor(self) -> bool:
        """幺九牌: numbered 1 or 9, or an honor."""
        return self >= 27 or self % 9 in (0, 8)

    def notation(self) -> str:
        """The tile in hand notation: ``5m``, ``E``, ``C``."""
        if self < 27:
            return f"{self.rank}{Suit(self // 9).letter}"
        return _HONOR_LETTERS[self - 27]

    @property
    def zh(self) -> str:
        """Chinese name: 五万, 东, 中."""
        if self < 27:
            return _RANK_ZH[self.rank - 1] + _SUIT_ZH[self // 9]
        return _HONOR_ZH[self - 27]

    @property
    def en(self) -> str:
        """English name: 5 characters, East wind, Red dragon."""
        if self < 27:
            return f"{self.rank} {_SUIT_EN[self // 9]}"
        return _HONOR_EN[self - 27]


class Flower(IntEnum):
    """The eight flower tiles (花牌), each worth one point in Chinese Official scoring."""

    SPRING = 0
    SUMMER = 1
    AUTUMN = 2
    WINTER = 3
    PLUM = 4
    ORCHID = 5
    BAMBOO = 6
    CHRYSANTHEMUM = 7

    @classmethod
    def _missing_(cls, value: object) -> Flower:
        raise InvalidOptionError(f"no flower {value!r}: a flower is 0-7")

    @property
    def zh(self) -> str:
        """Chinese name: 春 夏 秋 冬 梅 兰 竹 菊."""
        return "春夏秋冬梅兰竹菊"[self]

    @property
    def en(self) -> str:
        """English name."""
        return self.name.capitalize()


ALL_TILES: tuple[Tile, ...] = tuple(Tile)
"""The 34 kinds in index order; ``ALL_TILES[i]`` is ``Tile(i)`` without the enum lookup's cost."""
WINDS: tuple[Tile, ...] = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
DRAGONS: tuple[Tile, ...] = (Tile.WHITE, Tile.GREEN, Tile.RED)
HONORS: tuple[Tile, ...] = WINDS + DRAGONS
SUITED: tuple[Tile, ...] = tuple(Tile(i) for i in range(27))
TERMINALS: tuple[Tile, ...] = tuple(t for t in SUITED if t.is_terminal)
TERMINALS_AND_HONORS: tuple[Tile, ...] = TERMINALS + HONORS
"""The thirteen kinds of 十三幺 (thirteen orphans)."""
KNIT_SUITS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0),
)
"""The six knitted straights 组合龙 as (suit of 147, suit of 258, suit of 369); suits 0 m, 1 p, 2 s."""
KNITTED_STRAIGHTS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(Tile(suit * 9 + r) for start, suit in enumerate(suits) for r in range(start, 9, 3)))
    for suits in KNIT_SUITS
)
"""The nine tiles of each knitted straight, sorted, in the order of ``KNIT_SUITS``."""


def seat_wind(seat: int, dealer: int) -> Tile:
    """门风 of table seat ``seat`` (0 to 3 in turn order) when ``dealer`` sits East.

    >>> seat_wind(2, 1).notation()
    'S'
    """
    return WINDS[(seat - dealer) % 4]


# Runs of tiles in hand notation, here so that Tile.parse needs no module above this one; their home
# is majiang.notation, which describes the format.
def parse_tiles(text: str) -> list[Tile]:
    """Parse a plain run of tiles (no melds), e.g. ``"19m19p19sESWNCFP"``, in the order written.

    >>> [t.notation() for t in parse_tiles("12m E 7z")]
    ['1m', '2m', 'E', 'C']
    """
    _check_text(text)
    tiles: list[int] = []
    _scan(text, 0, len(text), True, tiles, None)
    return [ALL_TILES[t] for t in tiles]


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical notation of tiles: sorted, grouped by suit, honors as letters.

    >>> format_tiles([Tile.S9, Tile.M1, Tile.M9, Tile.EAST])
    '19m9sE'
    """
    out: list[str] = []
    ordered = sorted(tiles)
    for base, letter in ((0, "m"), (9, "p"), (18, "s")):
        ranks = "".join(str(t - base + 1) for t in ordered if base <= t < base + 9)
        if ranks:
            out.append(ranks + letter)
    out.extend(t.notation() for t in ordered if t >= 27)
    return "".join(out)

"""The win categories of Changsha mahjong (长沙麻将, seed 004) as data: a row per 大胡, 小胡, 起手小胡."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from majiang.tiles import Tile

__all__ = ["CHANGSHA_WINS", "Category", "Win", "WinId", "WinKind"]


class WinId(StrEnum):
    """One win category of the Changsha table."""

    SMALL = "small"
    HEAVENLY = "heavenly"
    EARTHLY = "earthly"
    ALL_PUNGS = "all-pungs"
    ALL_258 = "all-258"
    FULL_FLUSH = "full-flush"
    LAST_OF_WALL = "last-of-wall"
    KONG_BLOOM = "kong-bloom"
    ROBBING_KONG = "robbing-kong"
    SEVEN_PAIRS = "seven-pairs"
    FOUR_ALIKE = "four-alike"
    NO_258 = "no-258"
    MISSING_SUIT = "missing-suit"
    TWO_TRIPLETS = "two-triplets"


class Category(StrEnum):
    """大胡 (big) or 小胡 (small): the seed's A类 and B类."""

    BIG = "big"
    SMALL = "small"


class WinKind(StrEnum):
    """What shows a win: the tiles (``pattern``), the moment it was made (``event``: 天胡, 海底, 抢杠...),
    or the dealt hand before play (``opening``, 起手小胡)."""

    PATTERN = "pattern"
    EVENT = "event"
    OPENING = "opening"


@dataclass(frozen=True, slots=True)
class Win:
    """One row of the table: ``needs_258`` is the seed's 需将, a pair of 2, 5 or 8 as the eyes."""

    id: WinId
    zh: str
    en: str
    category: Category
    kind: WinKind
    needs_258: bool
    source: str


def _table(*rows: Win) -> dict[WinId, Win]:
    return {row.id: row for row in rows}


W, B, S = WinId, Category.BIG, Category.SMALL
P, E, OP = WinKind.PATTERN, WinKind.EVENT, WinKind.OPENING

CHANGSHA_WINS = _table(
    Win(W.SMALL, "小胡", "small win", S, P, True, "seed 004: 小番子须2、5、8作将"),
    Win(W.HEAVENLY, "天胡", "heavenly win", B, E, False, "seed 004: 庄家起牌后,即已经胡牌"),
    Win(W.EARTHLY, "地胡", "earthly win", B, E, False, "seed 004: 当庄家打出第一张牌时,闲家已经胡牌"),
    Win(W.ALL_PUNGS, "碰碰胡", "all pungs", B, P, False, "seed 004: 碰碰胡:乱将为大胡"),
    Win(W.ALL_258, "将将胡", "every tile a 2, 5 or 8", B, P, False, "seed 004: 玩家手上每一张牌都为2、5、8"),
    Win(W.FULL_FLUSH, "清一色", "full flush", B, P, False, "seed 004: 清一色:乱将"),
    Win(W.LAST_OF_WALL, "海底捞月", "win on the last tile", B, E, True, "seed 004: 海底胡牌…（需将）"),
    Win(W.KONG_BLOOM, "杠上开花", "win on a kong's tile", B, E, True, "seed 004: 杠上花:（需将）"),
    Win(W.ROBBING_KONG, "抢杠胡", "robbing a kong", B, E, True, "seed 004: 抢杠胡:（需将）"),
    Win(W.SEVEN_PAIRS, "七巧对", "seven pairs", B, P, False, "seed 004: 手中有六对…即可胡牌,为大胡"),
    Win(W.FOUR_ALIKE, "四喜", "four alike dealt", S, OP, False, "seed 004: 玩家手上已有四张一样的牌"),
    Win(W.NO_258, "板板胡", "no 2, 5 or 8 dealt", S, OP, False, "seed 004: 起完牌后,玩家手上没有一张2、5、8"),
    Win(W.MISSING_SUIT, "缺一色", "a suit missing from the deal", S, OP, False,
        "seed 004: 起完牌后,玩家手上筒、索、万任缺一门"),
    Win(W.TWO_TRIPLETS, "六六顺", "two triplets dealt", S, OP, False,
        "not in seed 004 (DESIGN.md lists it); option six_six"),
)
"""Every row of the table, in the seed's order; 六六顺 is the common table's, off unless ``six_six``."""


@dataclass(frozen=True, slots=True)
class OpeningWin:
    """An opening win (起手小胡) of a dealt hand; ``tiles`` show it (the four alike, the triplets)."""

    win: Win
    tiles: tuple[Tile, ...] = ()

    @property
    def zh(self) -> str:
        """The Chinese name."""
        return self.win.zh

    @property
    def en(self) -> str:
        """The English name."""
        return self.win.en

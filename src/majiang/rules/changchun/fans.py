"""The fans of Changchun mahjong (长春麻将, seed 001) and its special kongs, as data: a row each."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from majiang.tiles import Tile

__all__ = ["CHANGCHUN_FANS", "SPECIAL_KONGS", "Fan", "FanId", "SpecialKong", "SpecialKongId",
           "special_kong_of"]


class FanId(StrEnum):
    """One row of the seed's 番数计算 table."""

    PLAIN = "plain"
    DISCARD = "discard"
    SELF_DRAWN = "self-drawn"
    EDGE = "edge"
    TREASURE = "treasure"
    PAIR_TREASURE = "pair-treasure"
    ALL_PUNGS = "all-pungs"
    DEALER = "dealer"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class Fan:
    """One row: ``value`` 番, and the seed's words for it."""

    id: FanId
    zh: str
    en: str
    value: int
    source: str


def _table(*rows: Fan) -> dict[FanId, Fan]:
    return {row.id: row for row in rows}


F = FanId
CHANGCHUN_FANS = _table(
    Fan(F.PLAIN, "平胡", "plain win", 1, "seed 001: 和牌基本分(平胡) 1番"),
    Fan(F.DISCARD, "放炮", "won on a discard", 1, "seed 001: 放炮 +1番"),
    Fan(F.SELF_DRAWN, "自摸", "self-drawn", 1, "seed 001: 自摸 +1番"),
    Fan(F.EDGE, "夹胡", "edge, closed or single wait", 1,
        "seed 001: 夹胡:胡边张、砍张和单调都算夹胡，同独听"),
    Fan(F.TREASURE, "宝牌", "won with the treasure tile", 2, "seed 001: 宝牌 +2番"),
    Fan(F.PAIR_TREASURE, "对宝", "the treasure tile is the wait", 2,
        "seed 001: 对宝:…发现宝牌正好是要胡的牌，可以直接胡，算胡自摸、宝牌，加2番"),
    Fan(F.ALL_PUNGS, "飘胡", "all pungs", 2, "seed 001: 飘胡:手中全是碰牌(刻子)，加2番，同碰碰胡"),
    Fan(F.DEALER, "庄胡", "the dealer wins", 1, "seed 001: 庄胡 +1番"),
    Fan(F.CLOSED, "立胡", "closed hand", 1, "seed 001: 允许立胡(不开门胡)，胡牌多赢一番"),
)
"""Every fan of the seed's table, in its order; a win counts 平胡 and what else it makes, added."""


class SpecialKongId(StrEnum):
    """The kongs laid from the dealt tiles (特殊杠牌)."""

    WINDS = "winds"
    DRAGONS = "dragons"
    ONES = "ones"
    NINES = "nines"


@dataclass(frozen=True, slots=True)
class SpecialKong:
    """A special kong: the ``kinds`` laid together at the deal, to which later tiles of those kinds add."""

    id: SpecialKongId
    zh: str
    en: str
    kinds: tuple[Tile, ...]
    source: str

    @property
    def key(self) -> Tile:
        """The tile that names it in a ``special-kong`` action: its lowest kind."""
        return self.kinds[0]


S = SpecialKongId
SPECIAL_KONGS = {k.id: k for k in (
    SpecialKong(S.WINDS, "旋风杠", "whirlwind kong", (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH),
                "seed 001: 旋风杠:当发完牌后，手牌中有东、西、南、北风时，可以亮出算一个明杠"),
    SpecialKong(S.DRAGONS, "喜杠", "dragon kong", (Tile.WHITE, Tile.GREEN, Tile.RED),
                "seed 001: 喜杠:当发完牌后，手牌中有中、发、白时，可以亮出算一个明杠"),
    SpecialKong(S.ONES, "幺蛋", "ones kong", (Tile.M1, Tile.P1, Tile.S1),
                "seed 001: 幺蛋:当发完牌后，手牌中有幺鸡、幺饼、幺万时，可以亮出算一个明杠"),
    SpecialKong(S.NINES, "九蛋", "nines kong", (Tile.M9, Tile.P9, Tile.S9),
                "seed 001: 九蛋:当发完牌后，手牌中有九条、九饼、九万时，可以亮出算一个明杠"),
)}
"""The four special kongs, by id."""


def special_kong_of(kinds: Iterable[int]) -> SpecialKong | None:
    """The special kong whose kinds are exactly ``kinds`` (a mixed meld's), or None."""
    wanted = {int(t) for t in kinds}
    for kong in SPECIAL_KONGS.values():
        if wanted == {int(t) for t in kong.kinds}:
            return kong
    return None

"""The fan tables of Sichuan (seed 004) and Chengdu (seed 000) scoring, as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["CHENGDU_FANS", "SICHUAN_FANS", "Fan", "FanId"]


class FanId(StrEnum):
    """One fan of either table; the same idea keeps the same id in both."""

    PLAIN = "plain"
    ALL_PUNGS = "all-pungs"
    FULL_FLUSH = "full-flush"
    OUTSIDE = "outside"
    SEVEN_PAIRS = "seven-pairs"
    FLUSH_PUNGS = "flush-pungs"
    PUNGS_258 = "pungs-258"
    DRAGON_PAIRS = "dragon-pairs"
    FLUSH_PAIRS = "flush-pairs"
    FLUSH_OUTSIDE = "flush-outside"
    HEAVENLY = "heavenly"
    EARTHLY = "earthly"
    FLUSH_DRAGON_PAIRS = "flush-dragon-pairs"
    SINGLE_WAIT = "single-wait"
    EIGHTEEN = "eighteen-scholars"
    ROOT = "root"
    KONG_BLOOM = "kong-bloom"
    KONG_DISCARD = "kong-discard"
    ROBBING_KONG = "robbing-kong"
    LAST_OF_WALL = "last-of-wall"
    SELF_DRAWN = "self-drawn"


@dataclass(frozen=True, slots=True)
class Fan:
    """One row of a fan table.

    ``extra`` fans (根, 杠上花...) add to the hand's pattern fans; ``excludes`` are fans not counted
    with this one; ``uses_root`` is how many sets of four a pattern already counts (龙七对 减1根).
    """

    id: FanId
    zh: str
    en: str
    value: int
    source: str
    extra: bool = False
    excludes: frozenset[FanId] = frozenset()
    uses_root: int = 0


def _table(*rows: Fan) -> dict[FanId, Fan]:
    return {row.id: row for row in rows}


F = FanId
_S4 = "seed 004 lines 12-14 (五、四川麻将规则的番种)"
_S0 = "seed 000 lines 495-535 (四川成都麻将胡牌种类和计番规则)"

SICHUAN_FANS = _table(
    Fan(F.PLAIN, "平胡", "plain win", 1, _S4),
    Fan(F.ALL_PUNGS, "对对胡", "all pungs", 2, _S4),
    Fan(F.FULL_FLUSH, "清一色", "full flush", 3, _S4),
    Fan(F.OUTSIDE, "带幺九", "terminal in every set", 3, _S4),
    Fan(F.SEVEN_PAIRS, "七对", "seven pairs", 3, _S4),
    Fan(F.FLUSH_PUNGS, "清对", "full-flush all pungs", 4, _S4),
    Fan(F.PUNGS_258, "将对", "all pungs of 2, 5, 8", 4, _S4),
    Fan(F.DRAGON_PAIRS, "龙七对", "seven pairs with four alike", 5, _S4, uses_root=1),
    Fan(F.FLUSH_PAIRS, "清七对", "full-flush seven pairs", 5, _S4),
    Fan(F.FLUSH_OUTSIDE, "清幺九", "full-flush terminal in every set", 5, _S4),
    Fan(F.HEAVENLY, "天胡", "heavenly win", 6, _S4),
    Fan(F.EARTHLY, "地胡", "earthly win", 6, _S4),
    Fan(F.FLUSH_DRAGON_PAIRS, "清龙七对", "full-flush dragon seven pairs", 6, _S4, uses_root=1),
    Fan(F.ROOT, "根", "root: four alike", 1, _S4, extra=True),
    Fan(F.KONG_BLOOM, "杠上花", "win on a kong's replacement", 1, _S4, extra=True),
    Fan(F.KONG_DISCARD, "杠上炮", "win on a discard after a kong", 1, _S4, extra=True),
    Fan(F.ROBBING_KONG, "抢杠胡", "robbing a kong", 1, "issue 9 (seed 000: 抢杠 +1)", extra=True),
    Fan(F.LAST_OF_WALL, "海底", "last tile of the wall", 1, "issue 9 (seed 000: 海底捞 +1)", extra=True),
    Fan(F.SELF_DRAWN, "自摸加番", "self-drawn, one fan more", 1, _S0, extra=True),
)
"""Seed 004: one pattern fan, the largest ("均不重复计算,只按最大番算"), plus every extra."""

CHENGDU_FANS = _table(
    Fan(F.PLAIN, "平胡（素番）", "plain win", 0, _S0),
    Fan(F.ALL_PUNGS, "对子胡", "all pungs", 1, _S0),
    Fan(F.SEVEN_PAIRS, "暗七对", "seven pairs", 2, _S0),
    Fan(F.DRAGON_PAIRS, "龙七对", "seven pairs with four alike", 3, _S0,
        excludes=frozenset({F.SEVEN_PAIRS}), uses_root=1),
    Fan(F.FULL_FLUSH, "清一色（素清）", "full flush", 2, _S0),
    Fan(F.FLUSH_PUNGS, "清对", "full-flush all pungs", 3, _S0,
        excludes=frozenset({F.FULL_FLUSH, F.ALL_PUNGS})),
    Fan(F.OUTSIDE, "带幺", "terminal in every set", 2, _S0),
    Fan(F.PUNGS_258, "将对", "all pungs of 2, 5, 8", 3, _S0, excludes=frozenset({F.ALL_PUNGS})),
    Fan(F.SINGLE_WAIT, "金钩钓（大单吊）", "all melded, single wait on the pair", 1, _S0),
    Fan(F.EIGHTEEN, "十八学士", "four kongs, single wait on the pair", 1, _S0,
        excludes=frozenset({F.SINGLE_WAIT})),
    Fan(F.ROOT, "杠", "kong (four alike)", 1, _S0, extra=True),
    Fan(F.KONG_BLOOM, "杠上花", "win on a kong's replacement", 1, _S0, extra=True),
    Fan(F.KONG_DISCARD, "杠上炮", "win on a discard after a kong", 1, _S0, extra=True),
    Fan(F.ROBBING_KONG, "抢杠", "robbing a kong", 1, _S0, extra=True),
    Fan(F.LAST_OF_WALL, "海底捞", "last tile of the wall", 1, _S0, extra=True),
    Fan(F.SELF_DRAWN, "自摸加番", "self-drawn, one fan more", 1, _S0, extra=True),
)
"""Seed 000: fans add up (清一色 2 + 对子胡 1 = 清对 3); 金钩钓 is 2 番 with its 对子胡."""

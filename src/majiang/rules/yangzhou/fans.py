"""The fan table of Yangzhou mahjong (扬州麻将, seed 001) as data: one row per fan of the seed's table.

A row is the fan's id, its Chinese and English names, its value in 番 (the seed's figure; what varies by
the meld, such as a concealed kong's 2 against a melded one's 1, is said in ``note``), the seed's own
words, the fans it is made of (``parts``: replaced by it when ``combined="replace"``) and the fans the seed
says it does not count again (``excludes``: "此时不重复计算…", always).

>>> f = YANGZHOU_FANS[FanId.PURE_STRAIGHT]
>>> f.zh, f.value, [YANGZHOU_FANS[e].zh for e in f.excludes]
('一条龙', 20, ['连副', '老少'])
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

__all__ = ["YANGZHOU_FANS", "Fan", "FanId", "suppressed_by"]


class FanId(StrEnum):
    """One fan of the Yangzhou table, in the seed's order."""

    CONCEALED = "concealed"
    PLAIN = "plain"
    SELF_DRAWN = "self-drawn"
    ONE_WAIT = "one-wait"
    TWO_SUITS = "two-suits"
    TERMINAL_PAIR = "terminal-pair"
    KONG = "kong"
    ALL_SIMPLES = "all-simples"
    MIXED_CHOWS = "mixed-chows"
    LINKED_CHOWS = "linked-chows"
    OLD_YOUNG = "old-young"
    CONCEALED_PUNG = "concealed-pung"
    SEAT_WIND = "seat-wind"
    ROUND_WIND = "round-wind"
    DRAGON_PUNG = "dragon-pung"
    PAIR_WAIT = "pair-wait"
    TWIN_CHOWS = "twin-chows"
    ALL_PUNGS = "all-pungs"
    PURE_STRAIGHT = "pure-straight"
    HALF_FLUSH = "half-flush"
    TRIPLE_CHOW = "triple-chow"
    DOUBLE_OLD_YOUNG = "double-old-young"
    DOUBLE_LINKED = "double-linked"
    TWIN_STRAIGHT = "twin-straight"
    QUADRUPLE_CHOW = "quadruple-chow"
    HALF_FLUSH_PUNGS = "half-flush-pungs"
    TWO_TWINS = "two-twins"
    HALF_FLUSH_STRAIGHT = "half-flush-straight"
    HALF_FLUSH_TWIN_STRAIGHT = "half-flush-twin-straight"
    IRON_PLATE = "iron-plate"
    FULL_FLUSH = "full-flush"
    TWO_TWINS_LINKED = "two-twins-linked"
    TWO_TWINS_MIXED = "two-twins-mixed"
    TWO_TWINS_OLD_YOUNG = "two-twins-old-young"
    FULL_FLUSH_PUNGS = "full-flush-pungs"
    FULL_FLUSH_TWIN_STRAIGHT = "full-flush-twin-straight"
    ALL_HONORS = "all-honors"
    STEEL_PLATE = "steel-plate"


@dataclass(frozen=True, slots=True)
class Fan:
    """One row of the table. ``value`` is in 番 per time the fan is made; ``note`` says where a meld
    changes it."""

    id: FanId
    zh: str
    en: str
    value: int
    seed: str
    parts: tuple[FanId, ...] = ()
    excludes: tuple[FanId, ...] = ()
    note: str = ""


def _table(*rows: Fan) -> dict[FanId, Fan]:
    return {row.id: row for row in rows}


F = FanId

YANGZHOU_FANS = _table(
    Fan(F.CONCEALED, "门清", "concealed hand", 1, "不吃不碰不明杠，1番"),
    Fan(F.PLAIN, "平胡", "all chows, no honors", 1, "只吃牌不碰牌杠牌，没有子格，没有风牌，1番"),
    Fan(F.SELF_DRAWN, "自摸", "self-drawn", 1, "自摸 1番"),
    Fan(F.ONE_WAIT, "丫子", "waiting on one tile", 1, "只听一张牌，1番"),
    Fan(F.TWO_SUITS, "缺一", "one suit missing", 1,
        "在没有风头的前提下，条、饼、万中缺少其中一种类型的牌，1番"),
    Fan(F.TERMINAL_PAIR, "幺头", "pair of 1s or 9s", 1, "在没有风头的前提下，胡牌的一对牌是一或九对，1番"),
    Fan(F.KONG, "杠牌", "kong", 2,
        "自己手中抓4张可以开杠，这叫暗杠为2番…中、发、白的杠在普通杠的基础上翻一番",
        note="a concealed kong 2, a melded or added one 1; a dragon kong doubled (option dragon_kong)"),
    Fan(F.ALL_SIMPLES, "断幺", "all simples", 1, "在没有风头的前提下，胡牌的14张牌中都没有一和九的牌，1番"),
    Fan(F.MIXED_CHOWS, "齐相", "same chow in two suits", 1,
        "条、饼、万其中2种类型所对应的牌的数字都要相同如:567条，567饼，1番"),
    Fan(F.LINKED_CHOWS, "连副", "linked chows", 1,
        "条、饼、万其中一种类型的2副牌要连续的如:345条，678条，1番"),
    Fan(F.OLD_YOUNG, "老少", "123 and 789", 1, "条、饼、万其中一种类型的2副牌要如123饼、789饼，1番"),
    Fan(F.CONCEALED_PUNG, "子格", "concealed pung", 1, "任何牌必须手中要有3张一样，1番"),
    Fan(F.SEAT_WIND, "门风", "wind pung", 2, "自己的门风两番，其它风一番",
        note="the seat's own wind 2, another wind 1 (option other_winds)"),
    Fan(F.ROUND_WIND, "圈风", "round wind pung", 1, "如东风圈，每人碰东风都有1番"),
    Fan(F.DRAGON_PUNG, "中发白", "dragon pung", 1,
        "任何牌只要中发白3张不论碰还是在手中都有一番，中发白的碰加1番，如果在手里的子格加两番",
        note="1 each (option dragon_pungs=added: 2 claimed, 3 concealed)"),
    Fan(F.PAIR_WAIT, "独吊", "single wait on the pair", 1,
        "手中为4副牌，只有一张单牌差个对子…这时胡的牌则可称为独吊，1番"),
    Fan(F.TWIN_CHOWS, "一板", "two identical chows", 15,
        "条、饼、万其中的一类型牌出现2对如:456万456万，15番"),
    Fan(F.ALL_PUNGS, "对对胡", "all pungs", 20,
        "14张牌中除了1对牌以为的4副牌都必须是碰的或者是子格…20番"),
    Fan(F.PURE_STRAIGHT, "一条龙", "pure straight", 20, "一中类型有为1-9如:123条456条789条，20番",
        excludes=(F.LINKED_CHOWS, F.OLD_YOUNG)),
    Fan(F.HALF_FLUSH, "混一色", "half flush", 20,
        "14张牌必须要有风头，除了风头只为一种颜色胡牌，20番"),
    Fan(F.TRIPLE_CHOW, "三幅同", "same chow in three suits", 20,
        "也叫三色同顺…如345饼，345条，345万，20番，此时不重复计算齐相的番", excludes=(F.MIXED_CHOWS,)),
    Fan(F.DOUBLE_OLD_YOUNG, "双老少", "123 and 789 in two suits", 20, "如123789条加123789万，20番",
        parts=(F.OLD_YOUNG, F.MIXED_CHOWS)),
    Fan(F.DOUBLE_LINKED, "双飘", "linked chows in two suits", 20,
        "其中2副牌必须是齐相，但另2副牌也必须是齐相并且这2副牌与上2副牌则为连副的类型如:123条456条，"
        "123万456万，20番", parts=(F.MIXED_CHOWS, F.LINKED_CHOWS)),
    Fan(F.TWIN_STRAIGHT, "板龙", "pure straight with a twin", 40,
        "首先是一条龙如:123456789万还有一幅是123万或456万或789万(另外还有一对)，40番",
        parts=(F.PURE_STRAIGHT, F.TWIN_CHOWS), excludes=(F.LINKED_CHOWS, F.OLD_YOUNG),
        note="首先是一条龙: 一条龙's exclusions hold for its fourth chow too"),
    Fan(F.QUADRUPLE_CHOW, "四幅同", "same chow four times", 40,
        "在三副同的基础上随意增加…一副牌但必须所对应的牌的数字都要相同…40番，不重复计算齐相和一板的番",
        parts=(F.TRIPLE_CHOW,), excludes=(F.MIXED_CHOWS, F.TWIN_CHOWS)),
    Fan(F.HALF_FLUSH_PUNGS, "混对对", "half flush all pungs", 40,
        "胡牌既包括混一色，又包括对对胡，40番，即混一色对对胡", parts=(F.HALF_FLUSH, F.ALL_PUNGS)),
    Fan(F.TWO_TWINS, "双板", "two pairs of identical chows", 40,
        "双板板胡牌中的四副牌有2个一板如:456万456万234饼234饼，40番", parts=(F.TWIN_CHOWS,)),
    Fan(F.HALF_FLUSH_STRAIGHT, "混龙", "half flush straight", 50,
        "首先是浑一色，其中必须要有123，456，789一条龙的牌，50番", parts=(F.HALF_FLUSH, F.PURE_STRAIGHT)),
    Fan(F.HALF_FLUSH_TWIN_STRAIGHT, "混板龙", "half flush twin straight", 60,
        "其中所胡的牌的对子为风头，其余4副牌为板龙，60番",
        parts=(F.HALF_FLUSH, F.TWIN_STRAIGHT, F.HALF_FLUSH_STRAIGHT)),
    Fan(F.IRON_PLATE, "铁板", "three identical chows", 80,
        "条、饼、万其中的一类型牌出现3对，如:234万234万234万出现3次，80番，吃的234万，手里234万234万，"
        "不算铁板，只算齐相和一板;但是吃两个234万，手里一个234万，算铁板", parts=(F.TWIN_CHOWS,),
        note="one claimed and two in hand is no 铁板 (option iron_plate)"),
    Fan(F.FULL_FLUSH, "清一色", "full flush", 80, "条、饼、万其中14张牌为一种颜色胡牌，80番"),
    Fan(F.TWO_TWINS_LINKED, "双板双连", "two twins linked", 80,
        "在双板板基础上两个一板的牌都是123456饼123456饼，80番", parts=(F.TWO_TWINS, F.LINKED_CHOWS)),
    Fan(F.TWO_TWINS_MIXED, "双板双喜", "two twins in two suits", 80,
        "在双板板基础上两个一板的牌都是234234饼234234万，80番", parts=(F.TWO_TWINS, F.MIXED_CHOWS)),
    Fan(F.TWO_TWINS_OLD_YOUNG, "双板双老少", "two twins 123 and 789", 80,
        "在双板板基础上两个一板的牌都是123饼123饼789饼789饼，80番", parts=(F.TWO_TWINS, F.OLD_YOUNG)),
    Fan(F.FULL_FLUSH_PUNGS, "清对对", "full flush all pungs", 100, "既是清一色又必须是对对胡，100番",
        parts=(F.FULL_FLUSH, F.ALL_PUNGS)),
    Fan(F.FULL_FLUSH_TWIN_STRAIGHT, "清板龙", "full flush twin straight", 120,
        "既是清一色有必须包括板龙，120番", parts=(F.FULL_FLUSH, F.TWIN_STRAIGHT)),
    Fan(F.ALL_HONORS, "风清", "all honors", 300, "东南西北中发白14张派都是风胡牌，300番",
        parts=(F.ALL_PUNGS,)),
    Fan(F.STEEL_PLATE, "钢板", "four identical chows", 500,
        "条、饼、万其中的一类型牌出现4对，如:123万出现4次，500番", parts=(F.IRON_PLATE, F.TWO_TWINS)),
)
"""Every fan of seed 001's Yangzhou table, in its order (门清 to 钢板)."""


@cache
def suppressed_by(fan: FanId, replace: bool) -> frozenset[FanId]:
    """The fans a made ``fan`` keeps from counting again on its own melds: its ``excludes``, and with
    ``replace`` its parts and everything they in turn keep out.

    >>> sorted(YANGZHOU_FANS[f].zh for f in suppressed_by(FanId.TWIN_STRAIGHT, True))
    ['一条龙', '一板', '老少', '连副']
    >>> sorted(YANGZHOU_FANS[f].zh for f in suppressed_by(FanId.TWIN_STRAIGHT, False))   # its own excludes
    ['老少', '连副']
    """
    row = YANGZHOU_FANS[fan]
    out = set(row.excludes)
    if replace:
        for part in row.parts:
            out.add(part)
            out |= suppressed_by(part, True)
    return frozenset(out)

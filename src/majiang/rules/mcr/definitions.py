"""A short definition of every Chinese Official fan, in English and Chinese, as data.

Written for the in-game help from the fan descriptions of sources 000 and 003 (and 002's series); the
exclusions (不计) are not repeated here, they are in ``fans.py``. "Set" means a chow, pung or kong;
"pung" includes a kong unless a fan says otherwise.

>>> DEFINITIONS["pure_straight"].en
'The nine tiles 1-9 of one suit as three chows (123, 456, 789).'
>>> DEFINITIONS["pure_straight"].zh
'同一花色 123、456、789 三副顺子连成一条龙。'
"""

from __future__ import annotations

from typing import NamedTuple

from majiang.errors import InvalidOptionError

__all__ = ["DEFINITIONS", "Definition", "definition"]


class Definition(NamedTuple):
    """What a fan asks of a hand, in English and Chinese."""

    en: str
    zh: str


def _d(en: str, zh: str) -> Definition:
    return Definition(en, zh)


DEFINITIONS: dict[str, Definition] = {
    # 88
    "big_four_winds": _d("Pungs of all four winds, plus any pair.", "东南西北四副风刻(杠), 加任意一对将。"),
    "big_three_dragons": _d("Pungs of all three dragons (red, green, white).", "中、发、白三副箭刻(杠)。"),
    "all_green": _d(
        "Only green tiles: 2, 3, 4, 6 and 8 of bamboo and the green dragon.",
        "只用条子的 2、3、4、6、8 和发财组成的和牌。",
    ),
    "nine_gates": _d(
        "1112345678999 of one suit, concealed, completed by any tile of that suit.",
        "同一花色 1112345678999 门前清听牌, 和该花色任意一张。",
    ),
    "four_kongs": _d("Four kongs, melded or concealed.", "四副杠(明杠、暗杠均可)。"),
    "seven_shifted_pairs": _d(
        "Seven pairs of one suit in consecutive numbers, e.g. 2 to 8.",
        "同一花色序数相连的七个对子, 如 2 至 8。",
    ),
    "thirteen_orphans": _d(
        "One each of the 1 and 9 of every suit and the seven honors, plus a second of any.",
        "三种花色的一、九和七种字牌各一张, 其中一种再多一张。",
    ),
    # 64
    "all_terminals": _d(
        "Only 1s and 9s: four pungs of terminals and a pair of terminals.",
        "全由序数牌一、九的刻子和将牌组成。",
    ),
    "little_four_winds": _d("Pungs of three winds and a pair of the fourth.", "三副风刻加第四种风牌作将。"),
    "little_three_dragons": _d("Pungs of two dragons and a pair of the third.", "两副箭刻加第三种箭牌作将。"),
    "all_honors": _d("Only winds and dragons, as pungs and a pair.", "全由字牌的刻子(杠)和将牌组成。"),
    "four_concealed_pungs": _d(
        "Four pungs made without claiming (a kong counts if concealed).", "四副暗刻(含暗杠), 都不是吃碰来的。"
    ),
    "pure_terminal_chows": _d(
        "123 and 789 twice each in one suit, with a pair of 5s of that suit.",
        "同一花色两副 123、两副 789, 加该花色的 5 作将。",
    ),
    # 48
    "quadruple_chow": _d("Four identical chows in one suit.", "同一花色四副序数相同的顺子。"),
    "four_pure_shifted_pungs": _d(
        "Four pungs in one suit, each one number higher, e.g. 3-4-5-6.", "同一花色四副依次递增一个数的刻子。"
    ),
    # 32
    "four_pure_shifted_chows": _d(
        "Four chows in one suit, each one (or each two) numbers higher.",
        "同一花色四副依次递增一个数或两个数的顺子。",
    ),
    "three_kongs": _d("Three kongs, melded or concealed.", "三副杠(明杠、暗杠均可)。"),
    "all_terminals_and_honors": _d(
        "Only 1s, 9s and honors (both kinds present), as pungs and a pair.",
        "全由一、九和字牌的刻子与将组成, 两类都要有。",
    ),
    # 24
    "seven_pairs": _d("Seven pairs, concealed.", "门前清的七个对子。"),
    "greater_honors_and_knitted_tiles": _d(
        "All seven honors singly plus seven tiles of a knitted straight (147, 258, 369 in three suits).",
        "七种字牌各一张, 加组合龙(三种花色的 147、258、369)中的七张。",
    ),
    "all_even_pungs": _d("Pungs and a pair of 2s, 4s, 6s and 8s only.", "全由 2、4、6、8 的刻子和将牌组成。"),
    "full_flush": _d("Only tiles of one suit, no honors.", "全由同一种花色的序数牌组成。"),
    "pure_triple_chow": _d("Three identical chows in one suit.", "同一花色三副序数相同的顺子。"),
    "pure_shifted_pungs": _d(
        "Three pungs in one suit, each one number higher.", "同一花色三副依次递增一个数的刻子。"
    ),
    "upper_tiles": _d("Only 7s, 8s and 9s.", "全由序数牌 7、8、9 组成。"),
    "middle_tiles": _d("Only 4s, 5s and 6s.", "全由序数牌 4、5、6 组成。"),
    "lower_tiles": _d("Only 1s, 2s and 3s.", "全由序数牌 1、2、3 组成。"),
    # 16
    "pure_straight": _d(
        "The nine tiles 1-9 of one suit as three chows (123, 456, 789).",
        "同一花色 123、456、789 三副顺子连成一条龙。",
    ),
    "three_suited_terminal_chows": _d(
        "123 and 789 in each of two suits, with a pair of 5s of the third suit.",
        "两种花色各有 123 和 789, 第三种花色的 5 作将。",
    ),
    "pure_shifted_chows": _d(
        "Three chows in one suit, each one (or each two) numbers higher.",
        "同一花色三副依次递增一个数或两个数的顺子。",
    ),
    "all_fives": _d("Every set and the pair hold a 5.", "每副牌和将牌都含有序数牌 5。"),
    "triple_pung": _d("Pungs of the same number in all three suits.", "三种花色序数相同的三副刻子。"),
    "three_concealed_pungs": _d(
        "Three pungs made without claiming (concealed kongs count).", "三副暗刻(含暗杠)。"
    ),
    # 12
    "lesser_honors_and_knitted_tiles": _d(
        "Fourteen single tiles from the honors and a knitted straight's 147/258/369, no pair.",
        "由字牌和组合龙(147、258、369)中的单张凑成的十四张, 没有对子。",
    ),
    "knitted_straight": _d(
        "1-4-7, 2-5-8 and 3-6-9, each in a different suit, plus a set and a pair.",
        "三种花色分别为 147、258、369 的九张, 加一副牌和一对将。",
    ),
    "upper_four": _d("Only 6s, 7s, 8s and 9s.", "全由序数牌 6 至 9 组成。"),
    "lower_four": _d("Only 1s, 2s, 3s and 4s.", "全由序数牌 1 至 4 组成。"),
    "big_three_winds": _d("Pungs of three winds.", "三副风刻。"),
    # 8
    "mixed_straight": _d(
        "123, 456 and 789 as chows, each in a different suit.", "三种花色的三副顺子连成 1 至 9。"
    ),
    "reversible_tiles": _d(
        "Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, white.",
        "只用上下对称的牌: 1234589 饼、245689 条和白板。",
    ),
    "mixed_triple_chow": _d("The same chow in all three suits.", "三种花色序数相同的三副顺子。"),
    "mixed_shifted_pungs": _d(
        "Pungs in the three suits, each one number higher, e.g. 3m 4p 5s.",
        "三种花色三副依次递增一个数的刻子。",
    ),
    "chicken_hand": _d("A win that scores no other fan (flowers aside).", "和牌后数不出任何番种(花牌除外)。"),
    "last_tile_draw": _d("Winning on a self-drawn last tile of the wall.", "自摸牌墙上的最后一张牌和牌。"),
    "last_tile_claim": _d(
        "Winning on the discard after the last tile of the wall.", "和最后一张牌打出的牌。"
    ),
    "out_with_replacement_tile": _d(
        "Winning on the replacement tile drawn after a kong.", "开杠后补进的牌成和。"
    ),
    "robbing_the_kong": _d(
        "Winning on the tile another player adds to a pung to make a kong.", "和别人加杠(碰后补杠)的那张牌。"
    ),
    # 6
    "all_pungs": _d("Four pungs (or kongs) and a pair.", "四副刻子(或杠)加一对将。"),
    "half_flush": _d("One suit plus honors.", "由一种花色的序数牌和字牌组成。"),
    "mixed_shifted_chows": _d(
        "Chows in the three suits, each one number higher, e.g. 123m 234p 345s.",
        "三种花色三副依次递增一个数的顺子。",
    ),
    "all_types": _d(
        "All five kinds present: characters, dots, bamboo, winds and dragons.",
        "万、饼、条、风、箭五种牌齐全。",
    ),
    "melded_hand": _d(
        "Every set claimed from others and the win on a discard with a single wait on the pair.",
        "四副牌全靠吃碰(明杠)得来, 单钓别人打出的牌和牌。",
    ),
    "two_concealed_kongs": _d("Two concealed kongs.", "两副暗杠。"),
    "two_dragon_pungs": _d("Pungs of two dragons.", "两副箭刻。"),
    # 5 (MIL supplement)
    "concealed_and_melded_kong": _d(
        "One concealed kong and one melded kong (MIL supplementary ruling).",
        "一副暗杠加一副明杠(MIL 补充规则)。",
    ),
    # 4
    "outside_hand": _d("Every set and the pair hold a 1, a 9 or an honor.", "每副牌和将牌都带幺九或字牌。"),
    "fully_concealed_hand": _d(
        "Nothing claimed, and the winning tile self-drawn.", "没有吃碰明杠, 自摸和牌。"
    ),
    "two_melded_kongs": _d("Two melded kongs.", "两副明杠。"),
    "last_copy": _d(
        "Winning on the last copy of a tile, the other three already in sight.",
        "和牌池、桌面已亮明三张的第四张牌。",
    ),
    # 2
    "dragon_pung": _d("A pung of a dragon.", "中、发或白的一副刻子。"),
    "round_wind": _d("A pung of the round wind.", "与圈风相同的风刻。"),
    "seat_wind": _d("A pung of your seat wind.", "与本门风相同的风刻。"),
    "concealed_hand": _d(
        "Nothing claimed, winning on another player's discard.", "没有吃碰明杠, 和别人打出的牌。"
    ),
    "all_chows": _d("Four chows and a pair of suit tiles.", "四副顺子加序数牌作将。"),
    "tile_hog": _d(
        "All four copies of a tile used in the hand without making them a kong.",
        "同一种牌四张都在手中(不是杠)。",
    ),
    "double_pung": _d("Pungs of the same number in two suits.", "两种花色序数相同的两副刻子。"),
    "two_concealed_pungs": _d(
        "Two pungs made without claiming (concealed kongs count).", "两副暗刻(含暗杠)。"
    ),
    "concealed_kong": _d("A kong of four tiles drawn by yourself.", "自己摸齐四张开的杠。"),
    "all_simples": _d("No 1s, 9s or honors.", "没有一、九和字牌。"),
    # 1
    "pure_double_chow": _d("Two identical chows in one suit.", "同一花色两副相同的顺子。"),
    "mixed_double_chow": _d("The same chow in two suits.", "两种花色序数相同的两副顺子。"),
    "short_straight": _d(
        "Two chows in one suit making six numbers in a row, e.g. 234 567.", "同一花色六张相连的两副顺子。"
    ),
    "two_terminal_chows": _d("123 and 789 of one suit.", "同一花色的 123 和 789 两副顺子。"),
    "pung_of_terminals_or_honors": _d(
        "A pung of 1s, 9s or a wind not already counted as seat or round wind.",
        "一、九或(不计门风、圈风的)风牌的一副刻子。",
    ),
    "melded_kong": _d(
        "A kong made with a claimed tile or added to a pung.", "明杠: 杠别人打出的牌, 或碰后补杠。"
    ),
    "one_voided_suit": _d("One of the three suits is missing.", "缺少一种花色的序数牌。"),
    "no_honors": _d("No winds or dragons.", "没有风牌和箭牌。"),
    "edge_wait": _d(
        "Winning on the 3 of 12 or the 7 of 89, and on that tile only.", "只和 12 的 3 或 89 的 7。"
    ),
    "closed_wait": _d(
        "Winning on the middle tile of a chow (5 with 46), and on that tile only.",
        "只和顺子中间的一张(如 46 和 5)。",
    ),
    "single_wait": _d(
        "Winning on the tile that completes the pair, and on that tile only.", "只和单钓作将的那一张。"
    ),
    "self_drawn": _d("Winning on your own draw.", "自己摸到和牌张。"),
    "flower_tiles": _d(
        "One point per flower; flowers never count toward the 8-fan minimum.",
        "每张花牌计一分, 不计入 8 番起和。",
    ),
}
"""Every fan of ``fans.FANS`` by id."""


def definition(fan_id: str) -> Definition:
    """The definition of the fan ``fan_id``; ``InvalidOptionError`` naming it if there is none."""
    try:
        return DEFINITIONS[fan_id]
    except KeyError:
        raise InvalidOptionError(f"no definition for the fan {fan_id!r}") from None

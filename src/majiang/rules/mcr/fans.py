"""The Chinese Official fan table as data: id, Chinese name, English name, value, exclusions.

Exclusions (不计) are the fans a fan implies; they follow source 003's lists, checked against the MIL
rulings. Profile-specific changes live in ``profiles.py``. Each fan's predicate lives in the calculator;
this module holds no logic.
"""

from __future__ import annotations

from enum import StrEnum

from majiang.errors import InvalidOptionError

TYPE_CHECKING = False  # not typing's: importing typing (and dataclasses) costs more than this module
if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from majiang._values import dataclass

__all__ = ["FANS", "FAN_IDS", "Fan", "FanId", "fan"]


class FanId(StrEnum):
    """The id of a fan of the table: ``FanId.PURE_STRAIGHT == "pure_straight"``."""

    BIG_FOUR_WINDS = "big_four_winds"  # 大四喜
    BIG_THREE_DRAGONS = "big_three_dragons"  # 大三元
    ALL_GREEN = "all_green"  # 绿一色
    NINE_GATES = "nine_gates"  # 九莲宝灯
    FOUR_KONGS = "four_kongs"  # 四杠
    SEVEN_SHIFTED_PAIRS = "seven_shifted_pairs"  # 连七对
    THIRTEEN_ORPHANS = "thirteen_orphans"  # 十三幺
    ALL_TERMINALS = "all_terminals"  # 清幺九
    LITTLE_FOUR_WINDS = "little_four_winds"  # 小四喜
    LITTLE_THREE_DRAGONS = "little_three_dragons"  # 小三元
    ALL_HONORS = "all_honors"  # 字一色
    FOUR_CONCEALED_PUNGS = "four_concealed_pungs"  # 四暗刻
    PURE_TERMINAL_CHOWS = "pure_terminal_chows"  # 一色双龙会
    QUADRUPLE_CHOW = "quadruple_chow"  # 一色四同顺
    FOUR_PURE_SHIFTED_PUNGS = "four_pure_shifted_pungs"  # 一色四节高
    FOUR_PURE_SHIFTED_CHOWS = "four_pure_shifted_chows"  # 一色四步高
    THREE_KONGS = "three_kongs"  # 三杠
    ALL_TERMINALS_AND_HONORS = "all_terminals_and_honors"  # 混幺九
    SEVEN_PAIRS = "seven_pairs"  # 七对
    GREATER_HONORS_AND_KNITTED_TILES = "greater_honors_and_knitted_tiles"  # 七星不靠
    ALL_EVEN_PUNGS = "all_even_pungs"  # 全双刻
    FULL_FLUSH = "full_flush"  # 清一色
    PURE_TRIPLE_CHOW = "pure_triple_chow"  # 一色三同顺
    PURE_SHIFTED_PUNGS = "pure_shifted_pungs"  # 一色三节高
    UPPER_TILES = "upper_tiles"  # 全大
    MIDDLE_TILES = "middle_tiles"  # 全中
    LOWER_TILES = "lower_tiles"  # 全小
    PURE_STRAIGHT = "pure_straight"  # 清龙
    THREE_SUITED_TERMINAL_CHOWS = "three_suited_terminal_chows"  # 三色双龙会
    PURE_SHIFTED_CHOWS = "pure_shifted_chows"  # 一色三步高
    ALL_FIVES = "all_fives"  # 全带五
    TRIPLE_PUNG = "triple_pung"  # 三同刻
    THREE_CONCEALED_PUNGS = "three_concealed_pungs"  # 三暗刻
    LESSER_HONORS_AND_KNITTED_TILES = "lesser_honors_and_knitted_tiles"  # 全不靠
    KNITTED_STRAIGHT = "knitted_straight"  # 组合龙
    UPPER_FOUR = "upper_four"  # 大于五
    LOWER_FOUR = "lower_four"  # 小于五
    BIG_THREE_WINDS = "big_three_winds"  # 三风刻
    MIXED_STRAIGHT = "mixed_straight"  # 花龙
    REVERSIBLE_TILES = "reversible_tiles"  # 推不倒
    MIXED_TRIPLE_CHOW = "mixed_triple_chow"  # 三色三同顺
    MIXED_SHIFTED_PUNGS = "mixed_shifted_pungs"  # 三色三节高
    CHICKEN_HAND = "chicken_hand"  # 无番和
    LAST_TILE_DRAW = "last_tile_draw"  # 妙手回春
    LAST_TILE_CLAIM = "last_tile_claim"  # 海底捞月
    OUT_WITH_REPLACEMENT_TILE = "out_with_replacement_tile"  # 杠上开花
    ROBBING_THE_KONG = "robbing_the_kong"  # 抢杠和
    ALL_PUNGS = "all_pungs"  # 碰碰和
    HALF_FLUSH = "half_flush"  # 混一色
    MIXED_SHIFTED_CHOWS = "mixed_shifted_chows"  # 三色三步高
    ALL_TYPES = "all_types"  # 五门齐
    MELDED_HAND = "melded_hand"  # 全求人
    TWO_CONCEALED_KONGS = "two_concealed_kongs"  # 双暗杠
    TWO_DRAGON_PUNGS = "two_dragon_pungs"  # 双箭刻
    CONCEALED_AND_MELDED_KONG = "concealed_and_melded_kong"  # 明暗杠
    OUTSIDE_HAND = "outside_hand"  # 全带幺
    FULLY_CONCEALED_HAND = "fully_concealed_hand"  # 不求人
    TWO_MELDED_KONGS = "two_melded_kongs"  # 双明杠
    LAST_COPY = "last_copy"  # 和绝张
    DRAGON_PUNG = "dragon_pung"  # 箭刻
    ROUND_WIND = "round_wind"  # 圈风刻
    SEAT_WIND = "seat_wind"  # 门风刻
    CONCEALED_HAND = "concealed_hand"  # 门前清
    ALL_CHOWS = "all_chows"  # 平和
    TILE_HOG = "tile_hog"  # 四归一
    DOUBLE_PUNG = "double_pung"  # 双同刻
    TWO_CONCEALED_PUNGS = "two_concealed_pungs"  # 双暗刻
    CONCEALED_KONG = "concealed_kong"  # 暗杠
    ALL_SIMPLES = "all_simples"  # 断幺
    PURE_DOUBLE_CHOW = "pure_double_chow"  # 一般高
    MIXED_DOUBLE_CHOW = "mixed_double_chow"  # 喜相逢
    SHORT_STRAIGHT = "short_straight"  # 连六
    TWO_TERMINAL_CHOWS = "two_terminal_chows"  # 老少副
    PUNG_OF_TERMINALS_OR_HONORS = "pung_of_terminals_or_honors"  # 幺九刻
    MELDED_KONG = "melded_kong"  # 明杠
    ONE_VOIDED_SUIT = "one_voided_suit"  # 缺一门
    NO_HONORS = "no_honors"  # 无字
    EDGE_WAIT = "edge_wait"  # 边张
    CLOSED_WAIT = "closed_wait"  # 坎张
    SINGLE_WAIT = "single_wait"  # 单钓将
    SELF_DRAWN = "self_drawn"  # 自摸
    FLOWER_TILES = "flower_tiles"  # 花牌


@dataclass(frozen=True, slots=True)
class Fan:
    """A row of the fan table."""

    id: FanId
    zh: str
    en: str
    value: int
    excludes: tuple[FanId, ...] = ()


def _f(id: str, zh: str, en: str, value: int, excludes: str = "") -> Fan:
    # FanId(...) refuses an id or exclusion that names no fan, when the table is built.
    return Fan(FanId(id), zh, en, value, tuple(FanId(x) for x in excludes.split()))


_TABLE: tuple[Fan, ...] = (
    # 88
    _f("big_four_winds", "大四喜", "Big Four Winds", 88,
       "big_three_winds all_pungs round_wind seat_wind pung_of_terminals_or_honors little_four_winds"),
    _f("big_three_dragons", "大三元", "Big Three Dragons", 88, "two_dragon_pungs dragon_pung"),
    _f("all_green", "绿一色", "All Green", 88, "half_flush one_voided_suit"),
    _f("nine_gates", "九莲宝灯", "Nine Gates", 88,
       "full_flush concealed_hand fully_concealed_hand one_voided_suit no_honors"),
    _f("four_kongs", "四杠", "Four Kongs", 88,
       "three_kongs two_melded_kongs two_concealed_kongs concealed_and_melded_kong melded_kong concealed_kong"
       " all_pungs single_wait"),
    _f("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88,
       "seven_pairs full_flush concealed_hand fully_concealed_hand single_wait one_voided_suit no_honors"),
    _f("thirteen_orphans", "十三幺", "Thirteen Orphans", 88,
       "all_types concealed_hand fully_concealed_hand single_wait outside_hand all_terminals_and_honors"),
    # 64
    _f("all_terminals", "清幺九", "All Terminals", 64,
       "all_terminals_and_honors all_pungs outside_hand pung_of_terminals_or_honors no_honors double_pung"),
    _f("little_four_winds", "小四喜", "Little Four Winds", 64, "big_three_winds"),
    _f("little_three_dragons", "小三元", "Little Three Dragons", 64, "two_dragon_pungs dragon_pung"),
    _f("all_honors", "字一色", "All Honors", 64,
       "all_terminals_and_honors all_pungs outside_hand pung_of_terminals_or_honors one_voided_suit"),
    _f("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64,
       "all_pungs concealed_hand fully_concealed_hand three_concealed_pungs two_concealed_pungs"),
    _f("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64,
       "seven_pairs full_flush all_chows pure_double_chow two_terminal_chows one_voided_suit no_honors"),
    # 48
    _f("quadruple_chow", "一色四同顺", "Quadruple Chow", 48,
       "pure_triple_chow pure_shifted_pungs pure_double_chow tile_hog"),
    _f("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48,
       "pure_shifted_pungs pure_triple_chow all_pungs"),
    # 32
    _f("four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32,
       "pure_shifted_chows short_straight two_terminal_chows"),
    _f("three_kongs", "三杠", "Three Kongs", 32,
       "two_melded_kongs two_concealed_kongs concealed_and_melded_kong melded_kong concealed_kong"),
    _f("all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32,
       "all_pungs outside_hand pung_of_terminals_or_honors"),
    # 24
    _f("seven_pairs", "七对", "Seven Pairs", 24, "concealed_hand fully_concealed_hand single_wait"),
    _f("greater_honors_and_knitted_tiles", "七星不靠", "Greater Honors and Knitted Tiles", 24,
       "lesser_honors_and_knitted_tiles all_types concealed_hand fully_concealed_hand single_wait"),
    _f("all_even_pungs", "全双刻", "All Even Pungs", 24, "all_pungs all_simples no_honors"),
    _f("full_flush", "清一色", "Full Flush", 24, "one_voided_suit no_honors"),
    _f("pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24, "pure_shifted_pungs pure_double_chow"),
    _f("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24, "pure_triple_chow"),
    _f("upper_tiles", "全大", "Upper Tiles", 24, "upper_four no_honors"),
    _f("middle_tiles", "全中", "Middle Tiles", 24, "all_simples no_honors"),
    _f("lower_tiles", "全小", "Lower Tiles", 24, "lower_four no_honors"),
    # 16
    _f("pure_straight", "清龙", "Pure Straight", 16, "short_straight two_terminal_chows"),
    _f("three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", 16,
       "mixed_double_chow two_terminal_chows no_honors all_chows"),
    _f("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16),
    _f("all_fives", "全带五", "All Fives", 16, "all_simples no_honors"),
    _f("triple_pung", "三同刻", "Triple Pung", 16, "double_pung"),
    _f("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16, "two_concealed_pungs"),
    # 12
    _f("lesser_honors_and_knitted_tiles", "全不靠", "Lesser Honors and Knitted Tiles", 12,
       "all_types concealed_hand fully_concealed_hand single_wait"),
    _f("knitted_straight", "组合龙", "Knitted Straight", 12),
    _f("upper_four", "大于五", "Upper Four", 12, "no_honors"),
    _f("lower_four", "小于五", "Lower Four", 12, "no_honors"),
    _f("big_three_winds", "三风刻", "Big Three Winds", 12),
    # 8
    _f("mixed_straight", "花龙", "Mixed Straight", 8),
    _f("reversible_tiles", "推不倒", "Reversible Tiles", 8, "one_voided_suit"),
    _f("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8, "mixed_double_chow"),
    _f("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8),
    _f("chicken_hand", "无番和", "Chicken Hand", 8),
    _f("last_tile_draw", "妙手回春", "Last Tile Draw", 8, "self_drawn"),
    _f("last_tile_claim", "海底捞月", "Last Tile Claim", 8),
    _f("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8, "self_drawn"),
    _f("robbing_the_kong", "抢杠和", "Robbing the Kong", 8, "last_copy"),
    # 6
    _f("all_pungs", "碰碰和", "All Pungs", 6),
    _f("half_flush", "混一色", "Half Flush", 6, "one_voided_suit"),
    _f("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6),
    _f("all_types", "五门齐", "All Types", 6),
    _f("melded_hand", "全求人", "Melded Hand", 6, "single_wait"),
    _f("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6, "concealed_kong two_concealed_pungs"),
    _f("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", 6, "dragon_pung"),
    # 5 (MIL supplement)
    _f("concealed_and_melded_kong", "明暗杠", "Concealed and Melded Kong", 5, "concealed_kong melded_kong"),
    # 4
    _f("outside_hand", "全带幺", "Outside Hand", 4),
    _f("fully_concealed_hand", "不求人", "Fully Concealed Hand", 4, "concealed_hand self_drawn"),
    _f("two_melded_kongs", "双明杠", "Two Melded Kongs", 4, "melded_kong"),
    _f("last_copy", "和绝张", "Last Tile", 4),
    # 2
    _f("dragon_pung", "箭刻", "Dragon Pung", 2),
    _f("round_wind", "圈风刻", "Round Wind", 2),
    _f("seat_wind", "门风刻", "Seat Wind", 2),
    _f("concealed_hand", "门前清", "Concealed Hand", 2),
    _f("all_chows", "平和", "All Chows", 2, "no_honors"),
    _f("tile_hog", "四归一", "Tile Hog", 2),
    _f("double_pung", "双同刻", "Double Pung", 2),
    _f("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2),
    _f("concealed_kong", "暗杠", "Concealed Kong", 2),
    _f("all_simples", "断幺", "All Simples", 2, "no_honors"),
    # 1
    _f("pure_double_chow", "一般高", "Pure Double Chow", 1),
    _f("mixed_double_chow", "喜相逢", "Mixed Double Chow", 1),
    _f("short_straight", "连六", "Short Straight", 1),
    _f("two_terminal_chows", "老少副", "Two Terminal Chows", 1),
    _f("pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1),
    _f("melded_kong", "明杠", "Melded Kong", 1),
    _f("one_voided_suit", "缺一门", "One Voided Suit", 1),
    _f("no_honors", "无字", "No Honors", 1),
    _f("edge_wait", "边张", "Edge Wait", 1),
    _f("closed_wait", "坎张", "Closed Wait", 1),
    _f("single_wait", "单钓将", "Single Wait", 1),
    _f("self_drawn", "自摸", "Self-Drawn", 1),
    _f("flower_tiles", "花牌", "Flower Tiles", 1),
)

FANS: dict[str, Fan] = {f.id: f for f in _TABLE}
"""Every fan by id, highest value first."""

FAN_IDS: tuple[FanId, ...] = tuple(FanId)


def fan(key: str) -> Fan:
    """Look a fan up by id, Chinese name or English name.

    >>> fan("清龙").value, fan("Pure Straight").id
    (16, <FanId.PURE_STRAIGHT: 'pure_straight'>)
    """
    if key in FANS:
        return FANS[key]
    for f in _TABLE:
        if key in (f.zh, f.en):
            return f
    raise InvalidOptionError(f"no fan called {key!r}")

"""Chinese Official (MCR) winning hands with their complete expected fans under the ``mil`` profile.

Every expectation was worked out by hand from the fan table with its 不计 lists (source 003) and the MIL
rulings (the ones the online platforms and PyMahjongGB follow); the comment beside a case shows the sum.
Seat and round wind are East unless a case says otherwise, so an East pung scores both 圈风刻 and 门风刻.

Each :class:`Case` names, in ``near_miss_of``, the fans it is a deliberate near miss for: a minimally
different hand (or context) of a hand that scores the fan, which must not score it.
"""

from __future__ import annotations

from typing import NamedTuple, TypedDict

from majiang.mcr import WinBy

__all__ = ["CASES", "Case", "Context"]


class Context(TypedDict, total=False):
    """The keyword arguments of ``majiang.mcr.score`` besides the hand (and the profile)."""

    win_by: WinBy
    last_of_wall: bool
    last_copy: bool
    seat_wind: str
    round_wind: str
    flowers: int


class Case(NamedTuple):
    """A hand, how it was won, the expected total (flowers included) and fans {zh name: count}."""

    id: str
    hand: str
    ctx: Context
    total: int
    fans: dict[str, int]
    near_miss_of: tuple[str, ...] = ()


_NONE: Context = {}
_TSUMO: Context = {"win_by": WinBy.SELF_DRAWN}

CASES: tuple[Case, ...] = (
    # --- 88 ------------------------------------------------------------------------------------------
    # all concealed and self-drawn: 大四喜 88 + 字一色 64 + 四暗刻 64 + 单钓将 1 + 自摸 1
    Case("big_four_winds_all_honors", "EEESSSWWWNNNCC", _TSUMO, 218,
         {"大四喜": 1, "字一色": 1, "四暗刻": 1, "单钓将": 1, "自摸": 1}),
    # 大四喜 88 (no 三风刻/碰碰和/圈风刻/门风刻/幺九刻) + 混一色 6 + 双暗刻 (WWW NNN) 2 + 单钓将 1
    Case("big_four_winds", "[EEE,1][SSS,2]WWWNNN5m5m", _NONE, 97,
         {"大四喜": 1, "混一色": 1, "双暗刻": 1, "单钓将": 1}),
    # a wind pair instead of the fourth pung: 小四喜 64 (its three pungs score no 幺九刻) + 混一色 + 坎张
    Case("little_four_winds", "[SSS,2][WWW,3]NNN57mEE6m", _NONE, 71,
         {"小四喜": 1, "混一色": 1, "坎张": 1}, ("大四喜",)),
    # 小四喜 does not exclude the seat and round wind: + 门风刻 (S) + 圈风刻 (W)
    Case("little_four_winds_seat_round", "[SSS,2][WWW,3]NNN57mEE6m", {"seat_wind": "S", "round_wind": "W"},
         75, {"小四喜": 1, "门风刻": 1, "圈风刻": 1, "混一色": 1, "坎张": 1}),
    # a dragon pair: 三风刻 12 (its pungs score no 幺九刻) + 混一色 6 + 坎张 1
    Case("big_three_winds", "[SSS,2][WWW,3]NNN57mCC6m", _NONE, 19,
         {"三风刻": 1, "混一色": 1, "坎张": 1}, ("小四喜", "幺九刻")),
    # two wind pungs only: 幺九刻 ×3 (SSS WWW 111m) + 混一色 6 + 坎张 1
    Case("big_three_winds_near_miss", "[SSS,2][WWW,3]111m57mCC6m", _NONE, 10,
         {"幺九刻": 3, "混一色": 1, "坎张": 1}, ("三风刻",)),
    Case("big_three_winds_seat", "[SSS,2][WWW,3]NNN57mCC6m", {"seat_wind": "S"}, 21,
         {"三风刻": 1, "门风刻": 1, "混一色": 1, "坎张": 1}),
    # 大三元 88 (no 双箭刻/箭刻) + 双暗刻 (FFF PPP) 2 + 缺一门 1 (mil keeps it) + 单钓将 1
    Case("big_three_dragons", "[CCC,1]FFFPPP123m5p5p", _NONE, 92,
         {"大三元": 1, "双暗刻": 1, "缺一门": 1, "单钓将": 1}),
    # 小三元 64 + 缺一门 1; 7p on a 47p wait scores no wait fan
    Case("little_three_dragons", "[CCC,1]FFF123m56pPP7p", _NONE, 65,
         {"小三元": 1, "缺一门": 1}, ("大三元",)),
    Case("two_dragon_pungs", "[CCC,1]FFF123m56pNN7p", _NONE, 7,
         {"双箭刻": 1, "缺一门": 1}, ("小三元",)),
    Case("dragon_pung_beside_wind_pung", "[CCC,1]NNN123m56pSS7p", _NONE, 4,
         {"箭刻": 1, "幺九刻": 1, "缺一门": 1}, ("双箭刻",)),
    Case("dragon_pung", "[CCC,1]234m567p78s55s9s", _NONE, 2, {"箭刻": 1}),
    Case("wind_pung_not_dragon", "[NNN,1]234m567p78s55s9s", _NONE, 1, {"幺九刻": 1}, ("箭刻",)),
    # 绿一色 88 (no 混一色/缺一门) + 一般高 1; 8s on an 8s/F double-pair wait
    Case("all_green_with_green_dragon", "[234s,1]234s666s88sFF8s", _NONE, 89, {"绿一色": 1, "一般高": 1}),
    # without 发 it is also 清一色: 88 + 24 + 一色三同顺 24 + 断幺 2 (waits 7s 8s)
    Case("all_green_without_dragon", "[234s,1]234s234s666s8s8s", _NONE, 138,
         {"绿一色": 1, "清一色": 1, "一色三同顺": 1, "断幺": 1}),
    # 中 is not green: 混一色 6 + 一般高 1
    Case("all_green_near_miss_red", "[234s,1]234s666s88sCC8s", _NONE, 7,
         {"混一色": 1, "一般高": 1}, ("绿一色",)),
    # 九莲宝灯 88 (no 清一色/门前清/无字; one 幺九刻 less) + 双暗刻 (111 999) 2 + 幺九刻 2-1 + 自摸 1
    Case("nine_gates_self_drawn", "1112345678999m5m", _TSUMO, 92,
         {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1, "自摸": 1}),
    Case("nine_gates_discard", "1112345678999m5m", _NONE, 91, {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1}),
    # 111 123 456 789 99: 九莲宝灯 88 + 清龙 16 + 四归一 (1m) 2; the one 幺九刻 (111) is deducted
    Case("nine_gates_on_1m", "1112345678999m1m", _NONE, 106, {"九莲宝灯": 1, "清龙": 1, "四归一": 1}),
    # the same fourteen tiles, but 1112345567899 before the win is not the nine-sided shape:
    # 清一色 24 + 幺九刻 (111, 999) 2 + 门前清 2; 999 completed by the discard is not concealed
    Case("nine_gates_near_miss", "1112345567899m9m", _NONE, 28,
         {"清一色": 1, "幺九刻": 2, "门前清": 1}, ("九莲宝灯",)),
    # 四杠 88 (no 三杠/暗杠/碰碰和/单钓将 ...) + 幺九刻 (1111m) 1 + 无字 1
    Case("four_kongs", "[1111m][2222p,1][3333p,2][4444s,3]5s5s", _NONE, 90,
         {"四杠": 1, "幺九刻": 1, "无字": 1}),
    # four concealed kongs count as concealed pungs too (mil): 四杠 88 + 四暗刻 64 (no 门前清) + 幺九刻 + 无字
    Case("four_kongs_concealed", "[1111m][2222p][3333p][4444s]5s5s", _NONE, 154,
         {"四杠": 1, "四暗刻": 1, "幺九刻": 1, "无字": 1}),
    # 三杠 32 (no 暗杠/明杠/...) + 碰碰和 6 + 幺九刻 1 + 无字 1 + 单钓将 1
    Case("three_kongs", "[1111m][2222p,1][3333p,2][444s,3]5s5s", _NONE, 41,
         {"三杠": 1, "碰碰和": 1, "幺九刻": 1, "无字": 1, "单钓将": 1}, ("四杠",)),
    # two kongs, one concealed: 明暗杠 5 + 碰碰和 6 + 幺九刻 1 + 无字 1 + 单钓将 1 (not 全求人)
    Case("three_kongs_near_miss", "[1111m][2222p,1][333p,2][444s,3]5s5s", _NONE, 14,
         {"明暗杠": 1, "碰碰和": 1, "幺九刻": 1, "无字": 1, "单钓将": 1}, ("三杠", "全求人")),
    # 连七对 88 (no 七对/清一色/门前清/单钓将/无字)
    Case("seven_shifted_pairs", "11223344556677s", _NONE, 88, {"连七对": 1}, ("七对",)),
    Case("seven_shifted_pairs_self_drawn", "11223344556677s", _TSUMO, 89, {"连七对": 1, "自摸": 1}),
    # 77 -> 88: 七对 24 + 清一色 24 (better than 123 123 456 456 88 as sets)
    Case("seven_pairs_full_flush", "11223344556688s", _NONE, 48, {"七对": 1, "清一色": 1}, ("连七对",)),
    # 十三幺 88 (no 五门齐/门前清/单钓将/全带幺/混幺九)
    Case("thirteen_orphans", "19m19p19sESWNPFCC", _NONE, 88, {"十三幺": 1}),
    # won on the single 发 with the other three visible: + 和绝张 4
    Case("thirteen_orphans_last_copy", "19m19p19sESWNPCCF", {"last_copy": True}, 92,
         {"十三幺": 1, "和绝张": 1}),
    Case("thirteen_orphans_self_drawn", "19m19p19sESWNPFCC", _TSUMO, 89, {"十三幺": 1, "自摸": 1}),
    # --- 64 ------------------------------------------------------------------------------------------
    # 清幺九 64 (no 碰碰和/混幺九/全带幺/幺九刻/无字/双同刻) + 三暗刻 16 + 单钓将 1
    Case("all_terminals", "[111m,1]999m111p999s9p9p", _NONE, 81, {"清幺九": 1, "三暗刻": 1, "单钓将": 1}),
    # an honor pung instead of 999s: 混幺九 32 + 三暗刻 16 + 双同刻 (111m 111p) 2 + 缺一门 1 + 单钓将 1
    Case("all_terminals_and_honors", "[111m,1]999m111pEEE9p9p", {"seat_wind": "S", "round_wind": "S"}, 52,
         {"混幺九": 1, "三暗刻": 1, "双同刻": 1, "缺一门": 1, "单钓将": 1}, ("清幺九",)),
    # 字一色 64 (no 碰碰和/混幺九/全带幺/幺九刻/缺一门) + 双箭刻 6 + 三暗刻 16 + 单钓将 1
    Case("all_honors", "[EEE,2]SSSCCCFFFWW", {"seat_wind": "N", "round_wind": "N"}, 87,
         {"字一色": 1, "双箭刻": 1, "三暗刻": 1, "单钓将": 1}),
    # a 1m pair: 混幺九 32 + 混一色 6 + 双箭刻 6 + 三暗刻 16 + 单钓将 1
    Case("all_honors_near_miss", "[EEE,2]SSSCCCFFF1m1m", {"seat_wind": "N", "round_wind": "N"}, 61,
         {"混幺九": 1, "混一色": 1, "双箭刻": 1, "三暗刻": 1, "单钓将": 1}, ("字一色",)),
    # 2m pair: 碰碰和 6 + 混一色 6 + 双箭刻 6 + 三暗刻 16 + 幺九刻 (EEE SSS) 2 + 单钓将 1
    Case("all_terminals_and_honors_near_miss", "[EEE,2]SSSCCCFFF2m2m", {"seat_wind": "N", "round_wind": "N"},
         37, {"碰碰和": 1, "混一色": 1, "双箭刻": 1, "三暗刻": 1, "幺九刻": 2, "单钓将": 1}, ("混幺九",)),
    # 四暗刻 64 (no 碰碰和/门前清/三暗刻/不求人) + 自摸 1 (mil) + 幺九刻 2
    Case("four_concealed_pungs_self_drawn", "111m555p777s99sEE9s", _TSUMO, 67,
         {"四暗刻": 1, "自摸": 1, "幺九刻": 2}),
    # the same wait won on a discard: 999 is not concealed: 三暗刻 16 + 碰碰和 6 + 门前清 2 + 幺九刻 2
    Case("four_concealed_pungs_near_miss_discard", "111m555p777s99sEE9s", _NONE, 26,
         {"三暗刻": 1, "碰碰和": 1, "门前清": 1, "幺九刻": 2}, ("四暗刻",)),
    # a single wait on the pair keeps all four concealed: 四暗刻 64 + 单钓将 1 + 幺九刻 2
    Case("four_concealed_pungs_single_wait", "111m555p777s999sEE", _NONE, 67,
         {"四暗刻": 1, "单钓将": 1, "幺九刻": 2}),
    # 一色双龙会 64 (no 七对/清一色/平和/一般高/老少副/无字) + 门前清 2 + 单钓将 1
    Case("pure_terminal_chows", "123789123789m5m5m", _NONE, 67, {"一色双龙会": 1, "门前清": 1, "单钓将": 1}),
    # a 4m pair: as sets only 清一色+平和+门前清+一般高×2+老少副+单钓将 = 32; 七对 24 + 清一色 24 = 48
    Case("pure_terminal_chows_near_miss", "123789123789m4m4m", _NONE, 48,
         {"七对": 1, "清一色": 1}, ("一色双龙会",)),
    # --- 48 ------------------------------------------------------------------------------------------
    # 123p×4 (1-3p and 5s are reversible): 一色四同顺 48 + 推不倒 8 (no 缺一门) + 平和 2 + 门前清 2
    # + 单钓将 1 = 61, beating the pung reading 111 222 333 123 (三节高 24 + 三暗刻 16 + 推不倒 8
    # + 四归一×3 6 + 幺九刻 1 + 门前清 2 + 无字 1 + 单钓将 1 = 59)
    Case("quadruple_chow", "111122223333p5s5s", _NONE, 61,
         {"一色四同顺": 1, "推不倒": 1, "平和": 1, "门前清": 1, "单钓将": 1}),
    # one chow shifted: 一色三同顺 24 (234p links to it once, for no fan) + 推不倒 8 + 四归一 (2p, 3p)
    # ×2 + 平和 2 + 单钓将 1
    Case("quadruple_chow_near_miss", "[123p,1]112223334p5s5s", _NONE, 39,
         {"一色三同顺": 1, "推不倒": 1, "四归一": 2, "平和": 1, "单钓将": 1}, ("一色四同顺",)),
    # 一色四节高 48 (no 三节高/三同顺/碰碰和) + 三暗刻 16 + 幺九刻 1 + 缺一门 1 + 无字 1 + 单钓将 1
    Case("four_pure_shifted_pungs", "[111m,1]222333444m5p5p", _NONE, 68,
         {"一色四节高": 1, "三暗刻": 1, "幺九刻": 1, "缺一门": 1, "无字": 1, "单钓将": 1}),
    Case("four_pure_shifted_pungs_near_miss", "[111m,1]222333555m4p4p", _NONE, 50,
         {"一色三节高": 1, "三暗刻": 1, "碰碰和": 1, "幺九刻": 1, "缺一门": 1, "无字": 1, "单钓将": 1},
         ("一色四节高",)),
    # --- 32 ------------------------------------------------------------------------------------------
    # 一色四步高 32 (no 三步高; 连六 would close a cycle) + 平和 2 + 缺一门 1 + 单钓将 1
    Case("four_pure_shifted_chows", "[123s,1]234345456s9p9p", _NONE, 36,
         {"一色四步高": 1, "平和": 1, "缺一门": 1, "单钓将": 1}),
    Case("four_pure_shifted_chows_near_miss", "[123s,1]234345567s9p9p", _NONE, 21,
         {"一色三步高": 1, "连六": 1, "平和": 1, "缺一门": 1, "单钓将": 1}, ("一色四步高",)),
    # --- 24 ------------------------------------------------------------------------------------------
    Case("seven_pairs_all_types", "2255m3377p88sEECC", _NONE, 30, {"七对": 1, "五门齐": 1}),
    # self-drawn seven pairs score 自摸 under mil (not 不求人)
    Case("seven_pairs_self_drawn", "2255m3377p88sEECC", _TSUMO, 31, {"七对": 1, "五门齐": 1, "自摸": 1},
         ("不求人",)),
    # 七对 combines with range fans under mil: 七对 24 + 全大 24 (no 大于五/无字)
    Case("seven_pairs_terminals_and_honors", "1199m1199p1199sEE", _NONE, 56, {"七对": 1, "混幺九": 1}),
    Case("seven_pairs_upper_tiles", "778899m7799p889s9s", _NONE, 48, {"七对": 1, "全大": 1}),
    # four of a kind as two pairs: + 四归一
    Case("seven_pairs_tile_hog", "2222m3377p88sEECC", _NONE, 32, {"七对": 1, "五门齐": 1, "四归一": 1}),
    # 七星不靠 24 (no 全不靠/五门齐/门前清/单钓将/不求人)
    Case("greater_honors_and_knitted", "147m25p36sESWNPFC", _NONE, 24, {"七星不靠": 1}, ("十三幺", "全不靠")),
    Case("greater_honors_and_knitted_self_drawn", "147m25p36sESWNPFC", _TSUMO, 25,
         {"七星不靠": 1, "自摸": 1}),
    # six honors: 全不靠 12 without 组合龙 (only eight of the nine knitted tiles)
    Case("lesser_honors_and_knitted", "147m258p36sESWNPF", _NONE, 12, {"全不靠": 1},
         ("七星不靠", "组合龙")),
    Case("lesser_honors_and_knitted_self_drawn", "147m258p36sESWNPF", _TSUMO, 13, {"全不靠": 1, "自摸": 1}),
    Case("lesser_honors_with_knitted_straight", "147m258p369sESWNF", _NONE, 24, {"全不靠": 1, "组合龙": 1}),
    # 全双刻 24 (no 碰碰和/断幺/无字); 8s on an 8s/6m wait
    Case("all_even_pungs", "[222m,1][444p,2]666s88s66m8s", _NONE, 24, {"全双刻": 1}),
    Case("all_even_pungs_near_miss", "[222m,1][444p,2]666s88s55m8s", _NONE, 8,
         {"碰碰和": 1, "断幺": 1}, ("全双刻",)),
    # 清一色 24 + 连六 (234 567) 1 + 幺九刻 (111) 1
    Case("full_flush", "[234p,1]567p111p99p88p8p", _NONE, 26,
         {"清一色": 1, "连六": 1, "幺九刻": 1}, ("混一色",)),
    Case("half_flush", "[234p,1]567p111pNN88p8p", _NONE, 8,
         {"混一色": 1, "连六": 1, "幺九刻": 1}, ("清一色",)),
    # 一色三同顺 24 (no 一般高/三节高) + 平和 2 + 坎张 1
    Case("pure_triple_chow", "[123m,1]112233m79p55s8p", _NONE, 27, {"一色三同顺": 1, "平和": 1, "坎张": 1}),
    # two of the chows in dots: 123m 123p 123p 789p link three times (一般高, 喜相逢, 老少副)
    Case("pure_triple_chow_near_miss", "[123m,1]112233p79p55s8p", _NONE, 6,
         {"一般高": 1, "喜相逢": 1, "老少副": 1, "平和": 1, "坎张": 1}, ("一色三同顺",)),
    # 一色三节高 24 + 双暗刻 2 + 幺九刻 1 + 无字 1 + 坎张 1
    Case("pure_shifted_pungs", "[111m,1]222333m79p55s8p", _NONE, 29,
         {"一色三节高": 1, "双暗刻": 1, "幺九刻": 1, "无字": 1, "坎张": 1}),
    Case("pure_shifted_pungs_near_miss", "[111m,1]222444m79p55s8p", _NONE, 5,
         {"双暗刻": 1, "幺九刻": 1, "无字": 1, "坎张": 1}, ("一色三节高",)),
    # 全大 24 (no 大于五/无字) + 喜相逢 1 + 双暗刻 2; 9s on an 8s/9s wait
    Case("upper_tiles", "[789m,1]789p777888s9s9s", _NONE, 27, {"全大": 1, "喜相逢": 1, "双暗刻": 1}),
    # 777s -> 666s: 大于五 12 + 喜相逢 1 + 双暗刻 2 (9s, or 7s as 666 789 88: no wait fan)
    Case("upper_four", "[789m,1]789p666888s9s9s", _NONE, 15,
         {"大于五": 1, "喜相逢": 1, "双暗刻": 1}, ("全大",)),
    Case("upper_four_near_miss", "[789m,1]789p567888s9s9s", _NONE, 2, {"喜相逢": 1, "无字": 1}, ("大于五",)),
    # 全中 24 (no 断幺/无字) + 喜相逢 1 + 双暗刻 2; 5s on a 4s/5s wait
    Case("middle_tiles", "[456m,1]456p444666s5s5s", _NONE, 27, {"全中": 1, "喜相逢": 1, "双暗刻": 1}),
    Case("middle_tiles_near_miss", "[345m,1]456p444666s5s5s", _NONE, 4, {"断幺": 1, "双暗刻": 1}, ("全中",)),
    # 全小 24 (no 小于五/无字) + 喜相逢 1 + 双暗刻 2 + 幺九刻 1
    Case("lower_tiles", "[123m,1]123p111333s2s2s", _NONE, 28,
         {"全小": 1, "喜相逢": 1, "双暗刻": 1, "幺九刻": 1}),
    Case("lower_four", "[234m,1]123p111333s2s2s", _NONE, 15,
         {"小于五": 1, "双暗刻": 1, "幺九刻": 1}, ("全小",)),
    Case("lower_four_near_miss", "[345m,1]123p111333s2s2s", _NONE, 4,
         {"双暗刻": 1, "幺九刻": 1, "无字": 1}, ("小于五",)),
    # --- 16 ------------------------------------------------------------------------------------------
    # 清龙 16 (no 连六/老少副) + 平和 2 + 单钓将 1
    Case("pure_straight", "[123p,1]456789p234s5m5m", _NONE, 19, {"清龙": 1, "平和": 1, "单钓将": 1}),
    Case("mixed_straight", "[123p,1]456s789m234s5m5m", _NONE, 11,
         {"花龙": 1, "平和": 1, "单钓将": 1}, ("清龙",)),
    Case("mixed_straight_near_miss", "[123p,1]456s789p234s5m5m", _NONE, 4,
         {"老少副": 1, "平和": 1, "单钓将": 1}, ("花龙",)),
    # 三色双龙会 16 (no 喜相逢/老少副/平和/无字) + 单钓将 1
    Case("three_suited_terminal_chows", "[123m,1]789m123p789p5s5s", _NONE, 17,
         {"三色双龙会": 1, "单钓将": 1}),
    # 789p -> 789s, pair 5s: 喜相逢×2 + 老少副 (123m 789m) + 平和 2 + 单钓将 1
    Case("three_suited_terminal_chows_near_miss", "[123m,1]789m123p789s5s5s", _NONE, 6,
         {"喜相逢": 2, "老少副": 1, "平和": 1, "单钓将": 1}, ("三色双龙会",)),
    # 一色三步高 16 + 平和 2 + 单钓将 1
    Case("pure_shifted_chows", "[123m,1]234345m678p9s9s", _NONE, 19,
         {"一色三步高": 1, "平和": 1, "单钓将": 1}),
    Case("pure_shifted_chows_near_miss", "[123m,1]234456m678p9s9s", _NONE, 4,
         {"连六": 1, "平和": 1, "单钓将": 1}, ("一色三步高",)),
    # 全带五 16 (no 断幺/无字) + 三色三步高 (345m 456p 567s) 6 + 喜相逢 (456m 456p) 1 + 平和 2
    # + 坎张 1 (4556p waiting only on 5p: the rule source's "4556和5也为坎张")
    Case("all_fives", "[345m,1]456m456p567s5p5p", _NONE, 26,
         {"全带五": 1, "三色三步高": 1, "喜相逢": 1, "平和": 1, "坎张": 1}),
    Case("all_fives_near_miss", "[345m,1]456m456p678s5p5p", _NONE, 6,
         {"断幺": 1, "喜相逢": 1, "平和": 1, "坎张": 1}, ("全带五", "三色三步高")),
    # 三同刻 16 (no 双同刻) + 双暗刻 2 + 无字 1 + 单钓将 1
    Case("triple_pung", "[222m,1]222p222s567m9p9p", _NONE, 20,
         {"三同刻": 1, "双暗刻": 1, "无字": 1, "单钓将": 1}),
    Case("double_pung", "[222m,1]222p333s567m9p9p", _NONE, 6,
         {"双同刻": 1, "双暗刻": 1, "无字": 1, "单钓将": 1}, ("三同刻",)),
    Case("double_pung_near_miss", "[222m,1]555p333s567m9p9p", _NONE, 4,
         {"双暗刻": 1, "无字": 1, "单钓将": 1}, ("双同刻",)),
    # 三暗刻 16 + 无字 1 + 单钓将 1
    Case("three_concealed_pungs", "[123m,1]444p666s888s5m5m", _NONE, 18,
         {"三暗刻": 1, "无字": 1, "单钓将": 1}),
    # a discard completing 888s on a double-pair wait: that pung is not concealed
    Case("three_concealed_pungs_near_miss", "[123m,1]444p666s88s55m8s", _NONE, 3,
         {"双暗刻": 1, "无字": 1}, ("三暗刻",)),
    Case("three_concealed_pungs_self_drawn", "[123m,1]444p666s88s55m8s", _TSUMO, 18,
         {"三暗刻": 1, "自摸": 1, "无字": 1}),
    # the discarded 2m may be read into 234m, so 222m stays concealed: 双暗刻 + 门前清 + 四归一 + 无字
    Case("discard_in_chow_keeps_pung_concealed", "222m34m666s55s789p2m", _NONE, 7,
         {"双暗刻": 1, "门前清": 1, "四归一": 1, "无字": 1}),
    # here 2m can only complete 222m (22 345): not concealed, no 双暗刻
    Case("discard_completes_pung", "22345m666s55s789p2m", _NONE, 3, {"门前清": 1, "无字": 1}, ("双暗刻",)),
    # --- 12 ------------------------------------------------------------------------------------------
    # 组合龙 12 + a chow and a numbered pair: 平和 2 + 门前清 2 + 单钓将 1 (the 9s beside the knit)
    Case("knitted_straight_all_chows", "147m258p369s456m9s9s", _NONE, 17,
         {"组合龙": 1, "平和": 1, "门前清": 1, "单钓将": 1}),
    # the winning 5p completes the knitted straight itself: no wait fan
    Case("knitted_straight_won_in_knit", "147m28p369s456m9s9s5p", _NONE, 16,
         {"组合龙": 1, "平和": 1, "门前清": 1}),
    # 组合龙 12 + a pung of North: 五门齐 6 + 幺九刻 1 + 门前清 2 + 单钓将 1
    Case("knitted_straight_pung", "147m258p369sNNNCC", _NONE, 22,
         {"组合龙": 1, "五门齐": 1, "幺九刻": 1, "门前清": 1, "单钓将": 1}),
    Case("knitted_straight_melded_pung", "[NNN,1]147m258p369sCC", _NONE, 20,
         {"组合龙": 1, "五门齐": 1, "幺九刻": 1, "单钓将": 1}),
    # --- 8 -------------------------------------------------------------------------------------------
    # 推不倒 8 (no 缺一门); 8s on an 8s/白 wait
    Case("reversible_tiles", "[123p,1]345p456s88sPP8s", _NONE, 8, {"推不倒": 1}),
    Case("reversible_tiles_near_miss", "[123p,1]345p456s88sFF8s", _NONE, 1, {"缺一门": 1}, ("推不倒",)),
    # 三色三同顺 8 (no 喜相逢) + 平和 2 + 单钓将 1
    Case("mixed_triple_chow", "[123m,1]123p123s567m8p8p", _NONE, 11,
         {"三色三同顺": 1, "平和": 1, "单钓将": 1}),
    Case("mixed_triple_chow_near_miss", "[123m,1]123p234s567m8p8p", _NONE, 4,
         {"喜相逢": 1, "平和": 1, "单钓将": 1}, ("三色三同顺",)),
    # 三色三节高 8 + 双暗刻 2 + 幺九刻 1 + 无字 1 + 单钓将 1
    Case("mixed_shifted_pungs", "[111m,1]222p333s567m9p9p", _NONE, 13,
         {"三色三节高": 1, "双暗刻": 1, "幺九刻": 1, "无字": 1, "单钓将": 1}),
    Case("mixed_shifted_pungs_near_miss", "[111m,1]222p444s567m9p9p", _NONE, 5,
         {"双暗刻": 1, "幺九刻": 1, "无字": 1, "单钓将": 1}, ("三色三节高",)),
    # three suits, a wind pair, no link, a two-sided wait, melded: nothing at all
    Case("chicken_hand", "[123m,1][567p,2]234s78sEE6s", _NONE, 8, {"无番和": 1},
         ("妙手回春", "海底捞月", "抢杠和", "和绝张", "自摸", "平和")),
    # flowers do not turn a chicken hand into anything else: 无番和 8 + 花牌 2
    Case("chicken_hand_with_flowers", "[123m,1][567p,2]234s78sEE6s", {"flowers": 2}, 10,
         {"无番和": 1, "花牌": 2}),
    Case("chicken_near_miss_self_drawn", "[123m,1][567p,2]234s78sEE6s", _TSUMO, 1, {"自摸": 1}, ("无番和",)),
    # 妙手回春 8 (no 自摸)
    Case("last_tile_draw", "[123m,1][567p,2]234s78sEE6s",
         {"win_by": WinBy.SELF_DRAWN, "last_of_wall": True}, 8,
         {"妙手回春": 1}, ("海底捞月",)),
    Case("last_tile_claim", "[123m,1][567p,2]234s78sEE6s", {"last_of_wall": True}, 8,
         {"海底捞月": 1}, ("妙手回春",)),
    Case("robbing_the_kong", "[123m,1][567p,2]234s78sEE6s", {"win_by": WinBy.ROBBING_KONG}, 8, {"抢杠和": 1}),
    Case("last_copy", "[123m,1][567p,2]234s78sEE6s", {"last_copy": True}, 4, {"和绝张": 1}, ("抢杠和",)),
    # 抢杠和 excludes 和绝张
    Case("robbing_the_kong_last_copy", "[123m,1][567p,2]234s78sEE6s",
         {"win_by": WinBy.ROBBING_KONG, "last_copy": True}, 8,
         {"抢杠和": 1}, ("和绝张",)),
    # 杠上开花 8 (no 自摸) + 明杠 1
    Case("out_with_replacement_tile", "[123m,1][5555p,2]234s78sEE6s", {"win_by": WinBy.KONG_REPLACEMENT}, 9,
         {"杠上开花": 1, "明杠": 1}),
    # a concealed kong: 杠上开花 8 + 不求人 4 (both exclude 自摸) + 暗杠 2
    Case("out_with_replacement_tile_concealed", "[2222m]567p234s78sEE6s",
         {"win_by": WinBy.KONG_REPLACEMENT}, 14, {"杠上开花": 1, "不求人": 1, "暗杠": 1}),
    Case("last_tile_draw_concealed", "123m567p234s78sEE6s",
         {"win_by": WinBy.SELF_DRAWN, "last_of_wall": True}, 12,
         {"妙手回春": 1, "不求人": 1}),
    Case("last_tile_claim_concealed", "123m567p234s78sEE6s", {"last_of_wall": True}, 10,
         {"海底捞月": 1, "门前清": 1}),
    Case("replacement_near_miss", "[123m,1][5555p,2]234s78sEE6s", _TSUMO, 2,
         {"自摸": 1, "明杠": 1}, ("杠上开花",)),
    # --- 6 -------------------------------------------------------------------------------------------
    # 碰碰和 6 + 幺九刻 1 (the North pung, completed by the discard)
    Case("all_pungs", "[222m,1][555p,2]777s99sNNN", _NONE, 7, {"碰碰和": 1, "幺九刻": 1}),
    Case("all_pungs_near_miss", "[234m,1][555p,2]777s99sNNN", _NONE, 1, {"幺九刻": 1}, ("碰碰和",)),
    # flowers count in the total but not toward the 8-fan minimum
    Case("flowers_below_minimum", "[222m,1][555p,2]777s99sNNN", {"flowers": 3}, 10,
         {"碰碰和": 1, "幺九刻": 1, "花牌": 3}),
    Case("flowers_enough", "[222m,1][555p,2]777s99sNNN", {"flowers": 1}, 8,
         {"碰碰和": 1, "幺九刻": 1, "花牌": 1}),
    # 三色三步高 6 + 老少副 (123m 789m) 1 + 平和 2; 5s on a 2s/5s wait
    Case("mixed_shifted_chows", "[123m,1]234p345s789m5s5s", _NONE, 9,
         {"三色三步高": 1, "老少副": 1, "平和": 1}),
    Case("mixed_shifted_chows_near_miss", "[123m,1]234p456s789m5s5s", _NONE, 4,
         {"老少副": 1, "平和": 1, "坎张": 1}, ("三色三步高",)),
    # 全求人 6 (no 单钓将) + 五门齐 6 + 幺九刻 1
    Case("melded_hand", "[123m,1][567p,2][234s,3][NNN,1]CC", _NONE, 13,
         {"全求人": 1, "五门齐": 1, "幺九刻": 1}),
    # four melds and self-drawn: 自摸 and 单钓将 instead of 全求人
    Case("melded_hand_self_drawn", "[123m,1][567p,2][234s,3][NNN,1]CC", _TSUMO, 9,
         {"自摸": 1, "单钓将": 1, "五门齐": 1, "幺九刻": 1}, ("全求人",)),
    Case("all_types_near_miss", "[123m,1][567p,2][234s,3][NNN,1]5s5s", _NONE, 7,
         {"全求人": 1, "幺九刻": 1}, ("五门齐",)),
    # 双暗杠 6 (no 暗杠/双暗刻) + 门前清 2 + 幺九刻 1
    Case("two_concealed_kongs", "[2222m][5555p]678s99sNNN", _NONE, 9, {"双暗杠": 1, "门前清": 1, "幺九刻": 1},
         ("明暗杠",)),
    # 明暗杠 5 (mil; no 明杠/暗杠) + 幺九刻 1
    Case("concealed_and_melded_kong", "[2222m][5555p,1]678s99sNNN", _NONE, 6, {"明暗杠": 1, "幺九刻": 1},
         ("双暗杠", "双明杠")),
    Case("two_melded_kongs", "[2222m,1][5555p,2]678s99sNNN", _NONE, 5, {"双明杠": 1, "幺九刻": 1},
         ("明暗杠",)),
    # 暗杠 2 + 双暗刻 (2222m 555p) 2 + 门前清 2 + 幺九刻 1
    Case("concealed_kong", "[2222m]555p678s99sNNN", _NONE, 7,
         {"暗杠": 1, "双暗刻": 1, "门前清": 1, "幺九刻": 1},
         ("明杠",)),
    Case("melded_kong", "[2222m,1]555p678s99sNNN", _NONE, 2, {"明杠": 1, "幺九刻": 1}, ("暗杠", "双暗刻")),
    Case("pung_not_kong", "[222m,1]555p678s99sNNN", _NONE, 1, {"幺九刻": 1}, ("明杠",)),
    # --- 4 -------------------------------------------------------------------------------------------
    # 全带幺 4 + 喜相逢 1 + 幺九刻 1 + 无字 1 + 单钓将 1
    Case("outside_hand", "[123m,1]789p789s111s9m9m", _NONE, 8,
         {"全带幺": 1, "喜相逢": 1, "幺九刻": 1, "无字": 1, "单钓将": 1}),
    Case("outside_hand_near_miss", "[123m,1]789p678s111s9m9m", _NONE, 3,
         {"幺九刻": 1, "无字": 1, "单钓将": 1}, ("全带幺", "喜相逢")),
    Case("concealed_hand", "123m567p234s78sEE6s", _NONE, 2, {"门前清": 1}, ("不求人",)),
    # 不求人 4 (no 门前清/自摸)
    Case("fully_concealed_hand", "123m567p234s78sEE6s", _TSUMO, 4, {"不求人": 1}, ("门前清",)),
    # three 6s in the winner's own pung: the 6s is the last copy (和绝张 derived) + 四归一 + 缺一门
    Case("last_tile_derived", "[666s,1][567p,2]234s78sEE6s", _NONE, 7,
         {"和绝张": 1, "四归一": 1, "缺一门": 1}),
    # --- 2 -------------------------------------------------------------------------------------------
    # one East pung that is both the round and the seat wind: 圈风刻 + 门风刻, no 幺九刻
    Case("round_and_seat_wind", "[234m,1]456p789sEEE5s5s", _NONE, 5,
         {"圈风刻": 1, "门风刻": 1, "单钓将": 1}),
    Case("round_wind", "[234m,1]456p789sEEE5s5s", {"seat_wind": "S"}, 3, {"圈风刻": 1, "单钓将": 1},
         ("门风刻",)),
    Case("seat_wind", "[234m,1]456p789sEEE5s5s", {"round_wind": "S"}, 3, {"门风刻": 1, "单钓将": 1},
         ("圈风刻",)),
    Case("wind_pung_neither", "[234m,1]456p789sEEE5s5s", {"seat_wind": "S", "round_wind": "W"}, 2,
         {"幺九刻": 1, "单钓将": 1}, ("圈风刻", "门风刻")),
    # 断幺 2 (no 无字) + 连六 1 + 平和 2
    Case("all_simples", "[234m,1][567p,2]345s678s5s5s", _NONE, 5, {"断幺": 1, "连六": 1, "平和": 1}),
    Case("all_simples_near_miss", "[123m,1][567p,2]345s678s5s5s", _NONE, 3,
         {"连六": 1, "平和": 1}, ("断幺",)),
    # 四归一 2 (four 6s: a pung and one in 456s) + 连六 1 + 缺一门 1
    Case("tile_hog", "[666s,1][123m,2]456s78sEE9s", _NONE, 4, {"四归一": 1, "连六": 1, "缺一门": 1}),
    # four 6s as a kong are not 四归一
    Case("tile_hog_near_miss_kong", "[6666s,1][123m,2]345s78sEE9s", _NONE, 2, {"明杠": 1, "缺一门": 1},
         ("四归一",)),
    # --- 1 -------------------------------------------------------------------------------------------
    Case("pure_double_chow", "[123m,1]123m567p78sEE9s", _NONE, 1, {"一般高": 1}),
    Case("pure_double_chow_near_miss", "[123m,1]234m567p78sEE9s", _NONE, 8, {"无番和": 1}, ("一般高",)),
    Case("mixed_double_chow", "[123m,1]123p567p78sEE9s", _NONE, 1, {"喜相逢": 1}),
    Case("short_straight", "[123m,1]234p567p78sEE9s", _NONE, 1, {"连六": 1}),
    Case("short_straight_near_miss", "[123m,1]234p678p78sEE9s", _NONE, 8, {"无番和": 1}, ("连六", "喜相逢")),
    Case("two_terminal_chows", "[123m,1]789m345p67sEE8s", _NONE, 1, {"老少副": 1}),
    Case("two_terminal_chows_near_miss", "[123m,1]789p345p67sEE8s", _NONE, 8, {"无番和": 1}, ("老少副",)),
    Case("pung_of_terminals", "[234m,1]999p12345sEE3s", _NONE, 1, {"幺九刻": 1}),
    Case("pung_of_terminals_near_miss", "[234m,1]888p12345sEE3s", _NONE, 8, {"无番和": 1}, ("幺九刻",)),
    # 平和 2 excludes 无字
    Case("all_chows", "[123m,1][567p,2]234s78s55s6s", _NONE, 2, {"平和": 1}),
    Case("no_honors", "[123m,1][555p,2]234s78s99s6s", _NONE, 1, {"无字": 1}, ("平和",)),
    Case("one_voided_suit", "[123m,1][567m,2]234s78sEE6s", _NONE, 1, {"缺一门": 1}, ("无字",)),
    Case("one_voided_suit_near_miss", "[123m,1][567p,2]234s78sEE6s", _NONE, 8, {"无番和": 1}, ("缺一门",)),
    # 12s waiting only on 3s: 边张
    Case("edge_wait", "[234m,1]456p12s678sEE3s", _NONE, 1, {"边张": 1}),
    # 12345s waits on 3s and 6s: no 边张 for the 3s (the rule source's example)
    Case("edge_wait_near_miss", "[234m,1]999p12345sEE3s", _NONE, 1, {"幺九刻": 1}, ("边张",)),
    # 13s waiting only on 2s: 坎张
    Case("closed_wait", "[234m,1]456p13s678sEE2s", _NONE, 1, {"坎张": 1}),
    # 45567s waits on 3s and 6s: no 坎张 for the 6s (the rule source's example)
    Case("closed_wait_near_miss", "[234m,1]999p45567sEE6s", _NONE, 1, {"幺九刻": 1}, ("坎张",)),
    Case("single_wait", "[234m,1]456p678s999sE E", _NONE, 2, {"单钓将": 1, "幺九刻": 1}),
    # 1111234m waits on 4m (111 123 44) and formally on a fifth 1m (111 11 234): no 单钓将
    Case("single_wait_near_miss_held_four", "1111234m567p789s4m", _NONE, 6,
         {"门前清": 1, "四归一": 1, "幺九刻": 1, "无字": 1}, ("单钓将",)),
    # 1112222m waits on 3m (11 123 222, an edge) and formally on a fifth 2m (111 222 22): no 边张
    Case("edge_wait_near_miss_held_four", "1112222m456p789s3m", _NONE, 13,
         {"花龙": 1, "门前清": 1, "四归一": 1, "无字": 1}, ("边张",)),
    Case("no_flowers", "[222m,1][555p,2]777s99sNNN",
         {"flowers": 0}, 7, {"碰碰和": 1, "幺九刻": 1}, ("花牌",)),
)

"""The five counting principles of Chinese Official scoring, as worked examples.

不重复 (a fan implied by a bigger one is not counted again), 不拆移 (a meld is not taken apart to make
another fan), 不得相同 (a meld does not make the same fan twice), 就高不就低 (of several readings the
highest total wins) and 套算一次 (a meld outside a fan may join it only once). For fans that combine
chows or pungs the last three say together: the links that fans draw between melds never form a cycle.
``FanHit.melds`` names the melds behind each link, so the tests check which melds each link joins.
"""

from __future__ import annotations

from majiang.hand import Hand
from majiang.interop.pymahjonggb import pymahjonggb_score
from majiang.mcr import FanHit, ScoreResult, score
from majiang.rules.mcr.generate import WinSample

_LINK_FANS = ("一般高", "喜相逢", "连六", "老少副", "双同刻")


def _fans(result: ScoreResult) -> dict[str, int]:
    return {f.name: f.count for f in result.fans}


def _hit(result: ScoreResult, name: str) -> FanHit:
    (hit,) = [f for f in result.fans if f.name == name]
    return hit


def _links(result: ScoreResult) -> list[tuple[str, str]]:
    """The meld pairs joined by two-meld fans, in the order the result lists them."""
    pairs: list[tuple[str, str]] = []
    for hit in result.fans:
        if hit.name in _LINK_FANS:
            assert len(hit.melds) == 2 * hit.count
            pairs.extend((hit.melds[i], hit.melds[i + 1]) for i in range(0, len(hit.melds), 2))
    return pairs


def _is_spanning_tree(melds: set[str], links: list[tuple[str, str]]) -> bool:
    """Whether the links join all the (distinctly named) melds without closing a cycle."""
    parent = {m: m for m in melds}

    def root(m: str) -> str:
        while parent[m] != m:
            m = parent[m]
        return m

    for a, b in links:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return len({root(m) for m in melds}) == 1


# --- 套算一次 / 不得相同: four chows have at most three links ---------------------------------------


def test_234567_in_two_suits_links_three_times_not_four() -> None:
    # 234s 567s 234p 567p: 喜相逢 ×2 and 连六 ×2 are all available, but the fourth link would close a
    # cycle. Either 喜相逢 ×2 + 连六 or 喜相逢 + 连六 ×2 (both 3); the greedy table order takes 喜相逢 first.
    result = score("234567s234567pEE")
    assert _fans(result) == {"门前清": 1, "喜相逢": 2, "连六": 1, "缺一门": 1, "单钓将": 1}
    assert result.total == 7
    links = _links(result)
    assert len(links) == 3
    assert _is_spanning_tree({"234s", "567s", "234p", "567p"}, links)
    assert _hit(result, "喜相逢").melds == ("234p", "234s", "567p", "567s")
    assert _hit(result, "连六").melds == ("234p", "567p")


def test_one_chow_does_not_make_the_same_fan_twice() -> None:
    # 234s 234p 234p 567p: 一般高 (234p 234p) + 喜相逢 (234s with one 234p) + 连六 (a 234p with 567p).
    # 喜相逢 ×2 + 连六 would also be three links without a cycle, but 234s would then make 喜相逢 twice.
    result = score("234s223344567pEE")
    assert _fans(result) == {"门前清": 1, "一般高": 1, "喜相逢": 1, "连六": 1, "缺一门": 1, "单钓将": 1}
    assert result.total == 7
    assert _hit(result, "一般高").melds == ("234p", "234p")
    assert _hit(result, "喜相逢").melds == ("234p", "234s")
    assert _hit(result, "连六").melds == ("234p", "567p")


def test_two_pure_double_chows_and_one_short_straight() -> None:
    # 123m 123m 456m 456m: 一般高 ×2 + 连六 ×1; a second 连六 would join 123m and 456m again.
    result = score("[123m,1]123445566m9s9s")
    assert _fans(result) == {"平和": 1, "一般高": 2, "连六": 1, "缺一门": 1, "单钓将": 1}
    assert result.total == 7
    assert _hit(result, "一般高").melds == ("123m", "123m", "456m", "456m")
    assert _hit(result, "连六").melds == ("123m", "456m")


def test_three_pairwise_linked_chows_link_twice() -> None:
    # 123m 123m 123p: 一般高 (m m) and 喜相逢 (m p) ×2 are available; the three form a triangle, so only
    # two links count: 一般高 + 喜相逢, never 一般高 + 喜相逢 ×2.
    result = score("[123m,1]123m123pNNN5s5s")
    assert _fans(result) == {"一般高": 1, "喜相逢": 1, "幺九刻": 1, "单钓将": 1}
    assert result.total == 4
    assert _hit(result, "一般高").melds == ("123m", "123m")
    assert _hit(result, "喜相逢").melds == ("123m", "123p")


def test_fourth_chow_joins_a_three_chow_fan_once() -> None:
    # 三色三同顺 (123m 123p 123s) + a second 123m: it may link to one of the three only, so 一般高 with
    # the other 123m, and no 喜相逢 with 123p or 123s (不重复: 三色三同顺 excludes 喜相逢 anyway).
    result = score("[123m,1]123m123p123s5s5s")
    assert _fans(result) == {"三色三同顺": 1, "平和": 1, "一般高": 1, "单钓将": 1}
    assert result.total == 12
    assert _hit(result, "三色三同顺").melds == ("123m", "123p", "123s")
    assert _hit(result, "一般高").melds == ("123m", "123m")


def test_pure_straight_and_a_fourth_chow() -> None:
    # 清龙 (123m 456m 789m) implies neither 连六 nor 老少副 among its chows (不重复); 123p joins it once,
    # as 喜相逢 with 123m: 清龙 16 + 喜相逢 1 + 平和 2 + 单钓将 1.
    result = score("[123m,1]456789m123p5s5s")
    assert _fans(result) == {"清龙": 1, "平和": 1, "喜相逢": 1, "单钓将": 1}
    assert result.total == 20
    assert _hit(result, "清龙").melds == ("123m", "456m", "789m")
    assert _hit(result, "喜相逢").melds == ("123m", "123p")


def test_two_independent_double_pungs() -> None:
    # 222m 222p and 555m 555p: two 双同刻 that share no meld, so both count.
    result = score("[222m,1]222p555m555p9s9s")
    assert _fans(result) == {"碰碰和": 1, "三暗刻": 1, "双同刻": 2, "无字": 1, "单钓将": 1}
    assert result.total == 28
    assert _hit(result, "双同刻").melds == ("222m", "222p", "555m", "555p")


# --- 不重复 / 不拆移: the same tiles are not counted as two fans ------------------------------------


def test_triple_chow_tiles_are_not_also_shifted_pungs() -> None:
    # 111222333m is either 123m ×3 (一色三同顺) or 111 222 333 (一色三节高), never both at once.
    # As pungs: 三节高 24 + 三暗刻 16 + 幺九刻 1 + 无字 1 + 单钓将 1 = 43.
    # As chows: 三同顺 24 + 平和 2 + 单钓将 1 = 27. 就高不就低: the pungs.
    result = score("[456p,1]111222333m5s5s")
    assert _fans(result) == {"一色三节高": 1, "三暗刻": 1, "幺九刻": 1, "无字": 1, "单钓将": 1}
    assert result.total == 43
    assert _hit(result, "一色三节高").melds == ("111m", "222m", "333m")


# --- 就高不就低: the best reading ------------------------------------------------------------------


def test_best_reading_can_be_the_chows() -> None:
    # 111122223333p: as 123p ×4, 一色四同顺 48 + 推不倒 8 + 平和 2 + 门前清 2 + 单钓将 1 = 61;
    # as 111 222 333 123, 三节高 24 + 三暗刻 16 + 推不倒 8 + 四归一 ×3 6 + 幺九刻 1 + 门前清 2 + 无字 1
    # + 单钓将 1 = 59. The chows win.
    result = score("111122223333p5s5s")
    assert _fans(result) == {"一色四同顺": 1, "推不倒": 1, "门前清": 1, "平和": 1, "单钓将": 1}
    assert result.total == 61
    assert _hit(result, "一色四同顺").melds == ("123p",) * 4


def test_seven_pairs_reading_beats_the_sets() -> None:
    # 123m 123m 789m 789m 44m as sets: 清一色 + 平和 + 门前清 + 一般高 ×2 + 老少副 + 单钓将 = 32;
    # as seven pairs: 七对 24 + 清一色 24 = 48.
    result = score("123789123789m4m4m")
    assert _fans(result) == {"七对": 1, "清一色": 1}
    assert result.total == 48


# --- ties: equal totals go to the reading with the larger single fans -----------------------------


def test_tie_prefers_larger_single_fans() -> None:
    # 1123444888p234s + 1p (discard), two readings worth 6 each:
    #   11 123 444 888 + 234s: 门前清 2 + 双暗刻 (444 888) 2 + 缺一门 1 + 无字 1 = 6, values [2, 2, 1, 1];
    #   111 234 44 888 + 234s: 门前清 2 + 喜相逢 1 + 幺九刻 1 + 缺一门 1 + 无字 1 = 6 (111 completed by the
    #   discard is not concealed), values [2, 1, 1, 1, 1].
    # The documented policy takes the first: its values, sorted high to low, are greater.
    hand = "1123444888p234s1p"
    result = score(hand)
    assert _fans(result) == {"门前清": 1, "双暗刻": 1, "缺一门": 1, "无字": 1}
    assert result.total == 6
    assert _hit(result, "双暗刻").melds == ("444p", "888p")
    # The tie is real: PyMahjongGB settles it the other way, at the same total.
    total, fans = pymahjonggb_score(WinSample(Hand.parse(hand)))
    assert total == 6
    assert {name for name, _value, _count in fans} == {"门前清", "喜相逢", "幺九刻", "缺一门", "无字"}

"""Yangzhou scoring (扬州麻将, seed 001): a case and a near miss for every fan of the table, the seed's worked
figures as golden hands, each option, the payments, and errors.

Unless a case says otherwise the win is on seat 3's discard to seat 0, the dealer (East), in the East
round; the last tile of a hand's notation is the winning tile.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.rules.yangzhou.scoring import RULES
from majiang.tiles import ALL_TILES
from majiang.yangzhou import YANGZHOU_FANS, FanId, Options, Tile, WinBy, YangzhouContext, payments, score

SELF = {"win_by": WinBy.SELF_DRAWN}


def fans(hand: str, context: dict[str, Any] | None = None, **options: Any) -> dict[FanId, int]:
    """The fans a hand scores (id to 番)."""
    result = score(hand, YangzhouContext(**(context or {})), Options(**options))
    return {line.fan.id: line.points for line in result.fans}


F = FanId

# (fan, hand, context, options, 番 it brings): the fan is scored with that value.
MADE: list[tuple[FanId, str, dict[str, Any], dict[str, Any], int]] = [
    (F.CONCEALED, "123m456m789m123p99s", {}, {}, 1),
    (F.CONCEALED, "[1111p]123m456m789m99s", {}, {}, 1),                 # a concealed kong keeps it
    (F.PLAIN, "123m456m789m123p99s", {}, {}, 1),
    (F.PLAIN, "[123m,1]456m789m123p99s", {}, {"plain_chows": "claimed"}, 1),
    (F.SELF_DRAWN, "123m456m789m123p99s", SELF, {}, 1),
    (F.ONE_WAIT, "123m456m789m99s12p3p", {}, {}, 1),                   # an edge wait: 3p alone
    (F.ONE_WAIT, "123m456m789m123p9s9s", {}, {"lone_wait_both": True}, 1),
    (F.TWO_SUITS, "123m456m789m123p99p", {}, {}, 1),
    (F.TERMINAL_PAIR, "123m456m789m123p99s", {}, {}, 1),
    (F.KONG, "[1111p]123m456m789m99s", {}, {}, 2),                       # 暗杠 2番
    (F.KONG, "[1111p,1]123m456m789m99s", {}, {}, 1),                     # 明杠 1
    (F.KONG, "[1111p,5]123m456m789m99s", {}, {}, 1),                     # an added kong is a 明杠
    (F.KONG, "[CCCC]123m456m789m99s", {}, {}, 4),                        # a dragon's: doubled
    (F.KONG, "[CCCC,1]123m456m789m99s", {}, {}, 2),
    (F.KONG, "[CCCC]123m456m789m99s", {}, {"dragon_kong": "plus-one"}, 3),
    (F.ALL_SIMPLES, "234m456m678m234p55s", {}, {}, 1),
    (F.MIXED_CHOWS, "234m567m567p888s99s", {}, {}, 1),
    (F.LINKED_CHOWS, "345s678s123m888p99p", {}, {}, 1),
    (F.OLD_YOUNG, "123p789p456m888s99s", {}, {}, 1),
    (F.CONCEALED_PUNG, "111s456m789m123p99s", {}, {}, 1),
    (F.CONCEALED_PUNG, "456m789m123p99s11s1s", SELF, {}, 1),            # self-drawn: all three in hand
    (F.SEAT_WIND, "EEE123m456m789m99s", {}, {}, 2),                      # the seat's own wind
    (F.SEAT_WIND, "SSS123m456m789m99s", {}, {}, 1),                      # 其它风一番
    (F.ROUND_WIND, "SSS123m456m789m99s", {"round_wind": Tile.SOUTH}, {}, 1),
    (F.DRAGON_PUNG, "CCC123m456m789m99s", {}, {}, 1),
    (F.DRAGON_PUNG, "[CCC,1]123m456m789m99s", {}, {"dragon_pungs": "added"}, 2),
    (F.DRAGON_PUNG, "CCC123m456m789m99s", {}, {"dragon_pungs": "added"}, 3),
    (F.PAIR_WAIT, "123m456m789m123p9s9s", {}, {}, 1),
    (F.TWIN_CHOWS, "456m456m123p789s99s", {}, {}, 15),
    (F.ALL_PUNGS, "222p555s666s999m1m1m", {}, {}, 20),
    (F.PURE_STRAIGHT, "123s456s789s123m99p", {}, {}, 20),
    (F.HALF_FLUSH, "123m456m777mEEE99m", {}, {}, 20),
    (F.TRIPLE_CHOW, "345p345s345m789m11s", {}, {}, 20),
    (F.DOUBLE_OLD_YOUNG, "123s789s123m789m55p", {}, {}, 20),
    (F.DOUBLE_LINKED, "123s456s123m456m99p", {}, {}, 20),
    (F.TWIN_STRAIGHT, "123m456m789m123m99s", {}, {}, 40),
    (F.QUADRUPLE_CHOW, "345p345s345m345p99s", {}, {}, 40),
    (F.HALF_FLUSH_PUNGS, "111m555m999mEEECC", {}, {}, 40),
    (F.TWO_TWINS, "456m456m234p234p99s", {}, {}, 40),
    (F.HALF_FLUSH_STRAIGHT, "123m456m789m777mEE", {}, {}, 50),
    (F.HALF_FLUSH_TWIN_STRAIGHT, "123m456m789m123mEE", {}, {}, 60),
    (F.IRON_PLATE, "234m234m234m567p11s", {}, {}, 80),
    (F.IRON_PLATE, "[234m,1][234m,1]234m567p11s", {}, {}, 80),            # "吃两个234万，手里一个…算铁板"
    (F.IRON_PLATE, "[234m,1]234m234m567p11s", {}, {"iron_plate": "any"}, 80),
    (F.FULL_FLUSH, "123m456m777m999m11m", {}, {}, 80),
    (F.TWO_TWINS_LINKED, "123456p123456p99s", {}, {}, 80),
    (F.TWO_TWINS_MIXED, "234p234p234m234m99s", {}, {}, 80),
    (F.TWO_TWINS_OLD_YOUNG, "123p123p789p789p99s", {}, {}, 80),
    (F.FULL_FLUSH_PUNGS, "111m333m555m777m99m", {}, {}, 100),
    (F.FULL_FLUSH_TWIN_STRAIGHT, "123m456m789m123m99m", {}, {}, 120),
    (F.ALL_HONORS, "[EEE,1]SSSWWWCCCNN", {}, {}, 300),
    (F.STEEL_PLATE, "[123m,1][123m,1]123m123m99s", {}, {}, 500),
]

# (fan, hand, context, options): a hand one step from the fan, which does not score it.
MISSED: list[tuple[FanId, str, dict[str, Any], dict[str, Any]]] = [
    (F.CONCEALED, "[123m,1]456m789m123p99s", {}, {}),
    (F.PLAIN, "123m456m789m123pEE", {}, {}),                             # an honor pair: 风牌
    (F.PLAIN, "123m456m789m123pCC", {}, {}),                             # a dragon is a 风 too
    (F.PLAIN, "123m456m789m123p99s", {}, {"plain_chows": "claimed"}),
    (F.SELF_DRAWN, "123m456m789m123p99s", {}, {}),
    (F.ONE_WAIT, "123m456m789m99s23p4p", {}, {}),                         # 1p or 4p
    (F.ONE_WAIT, "123m456m789m123p9s9s", {}, {}),                         # 独吊 instead
    (F.TWO_SUITS, "123m456m789m123p99s", {}, {}),
    (F.TWO_SUITS, "123m456m789m99pEEE", {}, {}),                          # 在没有风头的前提下
    (F.TERMINAL_PAIR, "123m456m789m123p55s", {}, {}),
    (F.TERMINAL_PAIR, "123m456m789mEEE99s", {}, {}),
    (F.KONG, "[111p,1]123m456m789m99s", {}, {}),
    (F.ALL_SIMPLES, "234m456m678m234p99s", {}, {}),
    (F.MIXED_CHOWS, "234m567m678p888s99s", {}, {}),
    (F.LINKED_CHOWS, "345s789s123m888p99p", {}, {}),
    (F.OLD_YOUNG, "123p678p456m888s99s", {}, {}),
    (F.CONCEALED_PUNG, "456m789m123p99s11s1s", {}, {}),                 # the discard completed it
    (F.CONCEALED_PUNG, "[111s,1]456m789m123p99s", {}, {}),
    (F.CONCEALED_PUNG, "[1111s]456m789m123p99s", {}, {}),               # a kong is paid as 杠牌
    (F.SEAT_WIND, "SSS123m456m789m99s", {}, {"other_winds": False}),
    (F.SEAT_WIND, "123m456m789m123pEE", {}, {}),
    (F.ROUND_WIND, "SSS123m456m789m99s", {"round_wind": Tile.WEST}, {}),
    (F.DRAGON_PUNG, "123m456m789m123pCC", {}, {}),
    (F.PAIR_WAIT, "123m456m789m99s12p3p", {}, {}),
    (F.TWIN_CHOWS, "456m567m123p789s99s", {}, {}),
    (F.ALL_PUNGS, "234p555s666s999m1m1m", {}, {}),
    (F.PURE_STRAIGHT, "123s456s678s123m99p", {}, {}),
    (F.HALF_FLUSH, "123m456m777mEEE99p", {}, {}),
    (F.TRIPLE_CHOW, "345p345s456m789m11s", {}, {}),
    (F.DOUBLE_OLD_YOUNG, "123s789s123m678m55p", {}, {}),
    (F.DOUBLE_LINKED, "123s456s123m567m99p", {}, {}),
    (F.TWIN_STRAIGHT, "123m456m789m234m99s", {}, {}),
    (F.QUADRUPLE_CHOW, "345p345s345m456p99s", {}, {}),
    (F.HALF_FLUSH_PUNGS, "111m555m999pEEECC", {}, {}),
    (F.TWO_TWINS, "456m456m234p345p99s", {}, {}),
    (F.HALF_FLUSH_STRAIGHT, "123m456m789m777pEE", {}, {}),
    (F.HALF_FLUSH_TWIN_STRAIGHT, "123m456m789m123m99p", {}, {}),
    (F.IRON_PLATE, "[234m,1]234m234m567p11s", {}, {}),         # "吃的234万，手里234万234万，不算铁板"
    (F.FULL_FLUSH, "123m456m777m999m11p", {}, {}),
    (F.TWO_TWINS_LINKED, "123p123p567p567p99s", {}, {}),
    (F.TWO_TWINS_MIXED, "234p234p345m345m99s", {}, {}),
    (F.TWO_TWINS_OLD_YOUNG, "123p123p678p678p99s", {}, {}),
    (F.FULL_FLUSH_PUNGS, "111m333m555m777m99p", {}, {}),
    (F.FULL_FLUSH_TWIN_STRAIGHT, "123m456m789m234m99m", {}, {}),
    (F.ALL_HONORS, "[EEE,1]SSSWWWCCC99m", {}, {}),
    (F.STEEL_PLATE, "[123m,1][123m,1]123m234m99s", {}, {}),
]


def test_every_fan_has_a_rule_a_case_and_a_near_miss() -> None:
    assert list(RULES) == list(YANGZHOU_FANS)
    assert {fan for fan, *_ in MADE} == set(YANGZHOU_FANS)
    assert {fan for fan, *_ in MISSED} == set(YANGZHOU_FANS)


@pytest.mark.parametrize(("fan", "hand", "context", "options", "value"), MADE,
                         ids=[f"{c[0].value}-{c[1]}" for c in MADE])
def test_each_fan_is_scored(fan: FanId, hand: str, context: dict[str, Any], options: dict[str, Any],
                            value: int) -> None:
    assert fans(hand, context, **options).get(fan) == value


@pytest.mark.parametrize(("fan", "hand", "context", "options"), MISSED,
                         ids=[f"{c[0].value}-{c[1]}" for c in MISSED])
def test_each_near_miss_is_not(fan: FanId, hand: str, context: dict[str, Any],
                               options: dict[str, Any]) -> None:
    assert fan not in fans(hand, context, **options)


# -- the seed's worked figures, as whole hands --------------------------------------------------------

# (what the seed says, hand, context, every fan with its 番, total): each of seed 001's examples
# completed to a winning hand (the examples name some sets; the rest is chosen plain).
GOLDEN: list[tuple[str, str, dict[str, Any], dict[str, int], int]] = [
    ("独吊 123456789万345条5饼胡5饼", "123456789m345s5p5p", {},
     {"门清": 1, "平胡": 1, "独吊": 1, "一条龙": 20}, 23),
    ("对对胡 11万做头222饼，555条，666条，999万", "222p555s666s999m1m1m", {},
     {"门清": 1, "幺头": 1, "子格": 4, "独吊": 1, "对对胡": 20}, 27),
    ("一条龙 123条456条789条，不重复计算老少和连副", "123s456s789s123m99p", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "齐相": 1, "独吊": 1, "一条龙": 20}, 25),
    ("三幅同 345饼，345条，345万，不重复计算齐相", "345p345s345m789m11s", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "独吊": 1, "三幅同": 20}, 24),
    ("双老少 123789条加123789万", "123s789s123m789m55p", {},
     {"门清": 1, "平胡": 1, "独吊": 1, "双老少": 20}, 23),
    ("双飘 123条456条，123万456万", "123s456s123m456m99p", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "独吊": 1, "双飘": 20}, 24),
    ("板龙 123456789万还有一幅是123万", "123m456m789m123m99s", {},
     {"门清": 1, "平胡": 1, "缺一": 1, "幺头": 1, "独吊": 1, "板龙": 40}, 45),
    ("四幅同 345饼，345条，345万，345饼，不重复计算齐相和一板", "345p345s345m345p99s", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "独吊": 1, "四幅同": 40}, 44),
    ("混对对 即混一色对对胡", "111m555m999mEEECC", {},
     {"门清": 1, "子格": 4, "门风": 2, "圈风": 1, "独吊": 1, "混对对": 40}, 49),
    ("双板 456万456万234饼234饼", "456m456m234p234p99s", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "独吊": 1, "双板": 40}, 44),
    ("混龙 浑一色，其中必须要有123，456，789", "123m456m789m777mEE", {},
     {"门清": 1, "子格": 1, "独吊": 1, "混龙": 50}, 53),
    ("混板龙 对子为风头，其余4副牌为板龙", "123m456m789m123mEE", {},
     {"门清": 1, "独吊": 1, "混板龙": 60}, 62),
    ("铁板 234万出现3次", "234m234m234m567p11s", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "独吊": 1, "铁板": 80}, 84),
    ("吃的234万，手里234万234万，不算铁板，只算…一板", "[234m,1]234m234m567p11s", {},
     {"平胡": 1, "幺头": 1, "独吊": 1, "一板": 15}, 18),
    ("吃两个234万，手里一个234万，算铁板", "[234m,1][234m,1]234m567p11s", {},
     {"平胡": 1, "幺头": 1, "独吊": 1, "铁板": 80}, 83),
    ("双板双连 123456饼123456饼", "123456p123456p99s", {},
     {"门清": 1, "平胡": 1, "缺一": 1, "幺头": 1, "独吊": 1, "双板双连": 80}, 85),
    ("双板双喜 234234饼234234万", "234p234p234m234m99s", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "独吊": 1, "双板双喜": 80}, 84),
    ("双板双老少 123饼123饼789饼789饼", "123p123p789p789p99s", {},
     {"门清": 1, "平胡": 1, "缺一": 1, "幺头": 1, "独吊": 1, "双板双老少": 80}, 85),
    ("清对对 既是清一色又必须是对对胡", "111m333m555m777m99m", {},
     {"门清": 1, "幺头": 1, "子格": 4, "清对对": 100}, 106),
    ("清板龙 既是清一色有必须包括板龙", "123m456m789m123m99m", {},
     {"门清": 1, "平胡": 1, "幺头": 1, "清板龙": 120}, 123),
    ("风清 东南西北中发白14张都是风", "[EEE,1]SSSWWWCCCNN", {},
     {"子格": 3, "门风": 4, "圈风": 1, "中发白": 1, "独吊": 1, "风清": 300}, 310),
    ("钢板 123万出现4次", "[123m,1][123m,1]123m123m99s", {},
     {"平胡": 1, "缺一": 1, "幺头": 1, "独吊": 1, "钢板": 500}, 504),
    ("门风 自己的门风两番; 圈风 南风圈碰南风1番", "SSS123m456m789m99s",
     {"seat_wind": Tile.SOUTH, "round_wind": Tile.SOUTH},
     {"门清": 1, "子格": 1, "门风": 2, "圈风": 1, "独吊": 1, "一条龙": 20}, 26),
]


@pytest.mark.parametrize(("words", "hand", "context", "expected", "total"), GOLDEN,
                         ids=[g[0] for g in GOLDEN])
def test_the_seeds_figures(words: str, hand: str, context: dict[str, Any], expected: dict[str, int],
                           total: int) -> None:
    result = score(hand, YangzhouContext(**context))
    assert {line.fan.zh: line.points for line in result.fans} == expected
    assert result.total == total == sum(expected.values())


# -- the options --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "options", "default", "changed"), [
    # 混对对 with its parts added: 20 + 20 + 40.
    ("111m555m999mEEECC", {"combined": "add"}, 49, 89),
    # 板龙 with 一条龙 (20) and 一板 (15) added; no 老少 or 连副 among its chows either way.
    ("123m456m789m123m99s", {"combined": "add"}, 45, 80),
    # 齐相 twice (123m with 123p, 456m with 456s: disjoint pairs) or once.
    ("123m456m123p456s99s", {"chow_pairs": "once"}, 7, 6),
])
def test_options_change_the_count(hand: str, options: dict[str, Any], default: int, changed: int) -> None:
    assert score(hand).total == default
    assert score(hand, options=Options(**options)).total == changed


@pytest.mark.parametrize(("total", "options", "wins"), [
    (17, {}, False), (18, {}, True), (18, {"above_minimum": True}, False),
    (19, {"above_minimum": True}, True), (19, {"minimum": 20}, False), (20, {"minimum": 20}, True),
    (20, {"minimum": 20, "above_minimum": True}, False),
])
def test_the_minimum(total: int, options: dict[str, Any], wins: bool) -> None:
    assert Options(**options).wins(total) is wins


def test_a_hand_below_the_minimum_scores_but_does_not_win() -> None:
    result = score("123m456p789s234s55m")
    assert (result.total, result.wins, result.payments) == (3, False, (0, 0, 0, 0))
    assert "no win: 18 at least" in result.explain()
    exactly = score("[234m,1]234m234m567p11s")  # 18 番 exactly: a win, unless more is needed
    assert exactly.wins and not score("[234m,1]234m234m567p11s", options=Options(above_minimum=True)).wins


# -- payments -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("context", "options", "expected"), [
    ({"win_by": WinBy.SELF_DRAWN, "winner": 2}, {}, (-24, -24, 72, -24)),       # 自摸三家都要给
    ({"winner": 2, "giver": 0}, {}, (-46, 0, 46, 0)),                               # 放炮的需要付双份
    ({"winner": 2}, {}, (0, -46, 46, 0)),                                # the giver: 上家 by default
    ({"winner": 2, "giver": 0}, {"discard_payers": "all"}, (-46, -23, 92, -23)),
    ({"win_by": WinBy.ROBBING_KONG, "winner": 1, "giver": 3}, {}, (0, 46, 0, -46)),  # the konger pays
])
def test_payments(context: dict[str, Any], options: dict[str, Any], expected: tuple[int, ...]) -> None:
    hand = "123m456m789m789pWW"
    assert score(hand, YangzhouContext(**context), Options(**options)).payments == expected


@given(total=st.integers(0, 2000), winner=st.integers(0, 3), giver=st.one_of(st.none(), st.integers(0, 3)),
       everyone=st.booleans())
def test_payments_balance(total: int, winner: int, giver: int | None, everyone: bool) -> None:
    if giver == winner:
        return
    how = WinBy.SELF_DRAWN if giver is None else WinBy.DISCARD
    deltas = payments(total, YangzhouContext(how, winner=winner, giver=giver),
                      Options(discard_payers="all" if everyone else "discarder"))
    assert sum(deltas) == 0 and deltas[winner] >= 0
    shares = 3 if giver is None else (4 if everyone else 2)
    assert deltas[winner] == shares * total


# -- errors ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: score("123m456m789m123p9s"), InvalidHandError, "14 tiles"),
    (lambda: score("123m456m789m1357p9p"), InvalidHandError, "not a winning hand"),
    (lambda: score("1133m5577p99sEECC"), InvalidHandError, "four sets and a pair"),     # no 七对
    (lambda: score("123m456m789m123p99s", YangzhouContext(WinBy.KONG_REPLACEMENT)), InvalidHandError, "kong"),
    (lambda: YangzhouContext(WinBy.SELF_DRAWN, giver=1), InvalidHandError, "no giver"),
    (lambda: YangzhouContext(winner=1, giver=1), InvalidHandError, "cannot be the winner"),
    (lambda: YangzhouContext(seat_wind=Tile.RED), InvalidHandError, "seat_wind must be a wind"),
    (lambda: YangzhouContext(winner=4), InvalidHandError, "winner must be a seat"),
    (lambda: YangzhouContext(cast(Any, "tsumo")), InvalidOptionError, "win_by must be one of"),
    (lambda: Options(minimum=19), InvalidOptionError, "minimum must be"),
    (lambda: Options(iron_plate="never"), InvalidOptionError, "iron_plate must be one of"),
    (lambda: Options(other_winds=cast(Any, "yes")), InvalidOptionError, "other_winds must be True or False"),
    (lambda: score(cast(Any, 42)), TypeError, "hand must be"),
])
def test_errors_say_what(call: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        call()


def test_the_table_is_data_for_docs_and_tests() -> None:
    assert len(YANGZHOU_FANS) == 38
    assert [f.zh for f in YANGZHOU_FANS.values()][:3] == ["门清", "平胡", "自摸"]
    assert list(YANGZHOU_FANS.values())[-1].zh == "钢板"
    for fan in YANGZHOU_FANS.values():
        assert fan.seed and all(p in YANGZHOU_FANS for p in (*fan.parts, *fan.excludes))
        assert all(YANGZHOU_FANS[p].value < fan.value for p in (*fan.parts, *fan.excludes))


def test_the_docs_show_the_table() -> None:
    """docs/yangzhou.md's fan table is the data's, row for row (id, 中文, English, 番, the seed's words)."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "yangzhou.md").read_text(encoding="utf-8")
    rows = re.findall(r'^\| `([a-z-]+)` \| (\S+) \| ([^|]+) \| (\d+)[^|]*\| "([^"]+)" \|', text, re.M)
    assert rows == [(f.id.value, f.zh, f.en, str(f.value), f.seed) for f in YANGZHOU_FANS.values()]


@st.composite
def winning_hands(draw: st.DrawFn) -> str:
    """A hand of four sets (chows, pungs, some claimed, kongs) and a pair, never a fifth copy."""
    used = [0] * 34
    melds: list[str] = []
    standing: list[int] = []
    names = "mps"

    def take(kinds: list[int]) -> bool:
        if any(used[k] + kinds.count(k) > 4 for k in kinds):
            return False
        for k in kinds:
            used[k] += 1
        return True

    while len(melds) + len(standing) // 3 < 4:
        shape = draw(st.sampled_from(["chow", "pung", "kong"]))
        claimed = draw(st.booleans())
        if shape == "chow":
            suit, rank = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            kinds = [suit * 9 + rank + i for i in range(3)]
        else:
            kind = draw(st.integers(0, 33))
            kinds = [kind] * (4 if shape == "kong" else 3)
        if not take(kinds):
            continue
        text = "".join(str(k % 9 + 1) for k in kinds) + names[kinds[0] // 9] if kinds[0] < 27 else \
            "ESWNPFC"[kinds[0] - 27] * len(kinds)
        if shape == "kong" or claimed:
            melds.append(f"[{text}{',1' if claimed else ''}]")
        else:
            standing.extend(kinds)
    pair = draw(st.integers(0, 33).filter(lambda k: used[k] <= 2))
    standing.extend([pair, pair])
    tiles = [ALL_TILES[k] for k in standing]
    win = draw(st.integers(0, len(tiles) - 1))
    tiles.append(tiles.pop(win))
    return "".join(melds) + "".join(t.notation() for t in tiles)


@settings(max_examples=150, deadline=None)
@given(hand=winning_hands(), self_drawn=st.booleans())
def test_any_winning_hand_scores_soundly(hand: str, self_drawn: bool) -> None:
    """Every hand of four sets and a pair scores; its lines add up; adding combined fans to their parts
    never lowers the total, counting chow pairs once never raises it; the payments balance."""
    context = YangzhouContext(WinBy.SELF_DRAWN if self_drawn else WinBy.DISCARD, winner=1)
    result = score(hand, context)
    assert result.total == sum(line.points for line in result.fans) >= 0
    assert result.wins is (result.total >= 18)
    assert sum(result.payments) == 0 and (result.payments[1] > 0) is result.wins
    assert score(hand, context, Options(combined="add")).total >= result.total
    assert score(hand, context, Options(chow_pairs="once")).total <= result.total

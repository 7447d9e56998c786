"""Sichuan (seed 004) and Chengdu (seed 000) scoring: every fan with a near miss, the worked figures."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from majiang import Hand, Tile
from majiang.errors import InvalidHandError, InvalidOptionError, MajiangError
from majiang.sichuan import (
    CHENGDU_FANS,
    OPTIONS,
    SICHUAN_FANS,
    FanId,
    Options,
    ScoreResult,
    find_options,
    score,
)

F = FanId


def fans_of(result: ScoreResult) -> dict[FanId, int]:
    return {h.fan.id: h.count for h in result.fans}


# (hand, score keywords, expected fans with counts); the first hand of each pair has the fan, the
# second is a near miss that does not.
SICHUAN_CASES: list[tuple[str, dict[str, Any], dict[FanId, int]]] = [
    ("123m456m789m55m111p", {}, {F.PLAIN: 1}),
    ("111222444m33399p", {}, {F.ALL_PUNGS: 1}),
    ("111222345m33399p", {}, {F.PLAIN: 1}),
    ("123m234m456m678m99m", {}, {F.FULL_FLUSH: 1}),
    ("123m234m456m678p99p", {}, {F.PLAIN: 1}),
    ("111m789m123p789p99p", {}, {F.OUTSIDE: 1}),
    ("111m678m123p789p99p", {}, {F.PLAIN: 1}),
    ("112233m556677m99p", {}, {F.SEVEN_PAIRS: 1}),
    ("123m234m567m567m99p", {}, {F.PLAIN: 1}),
    ("111222444m33399m", {}, {F.FLUSH_PUNGS: 1}),
    ("222555888s888m55m", {}, {F.PUNGS_258: 1}),
    ("222555888s888m66m", {}, {F.ALL_PUNGS: 1}),
    ("2244552299m1199p", {}, {F.DRAGON_PAIRS: 1}),
    ("2244556688m1199p", {}, {F.SEVEN_PAIRS: 1}),
    ("1133557799m2288m", {}, {F.FLUSH_PAIRS: 1}),
    ("1133557799m2288p", {}, {F.SEVEN_PAIRS: 1}),
    ("11123777888999s", {}, {F.FLUSH_OUTSIDE: 1}),
    ("11p123s777888999s", {}, {F.OUTSIDE: 1}),
    ("123m456m789m55m111p", {"win_by": "self-drawn", "heavenly": True}, {F.HEAVENLY: 1}),
    ("123m456m789m55m111p", {"win_by": "self-drawn"}, {F.PLAIN: 1}),
    ("123m456m789m55m111p", {"earthly": True}, {F.EARTHLY: 1}),
    ("11224444557799m", {}, {F.FLUSH_DRAGON_PAIRS: 1}),
    ("11224444557799p", {}, {F.FLUSH_DRAGON_PAIRS: 1}),
    ("112244445577m99p", {}, {F.DRAGON_PAIRS: 1}),
    # 根: four alike standing, a pung plus a standing tile, a kong; 龙七对 counts one of its own.
    ("123m444m456m678m99p", {}, {F.PLAIN: 1, F.ROOT: 1}),
    ("123m345m456m678m99p", {}, {F.PLAIN: 1}),
    ("[444m,1]345m678m789p99p", {}, {F.PLAIN: 1, F.ROOT: 1}),
    ("[4444m]123m678m789p99p", {}, {F.PLAIN: 1, F.ROOT: 1}),
    ("[444m,1]123m678m789p99p", {}, {F.PLAIN: 1}),
    ("2222444455m1199p", {}, {F.DRAGON_PAIRS: 1, F.ROOT: 1}),
    # seed 004 has no 金钩钓/十八学士: four kongs score 对对胡 and four 根.
    ("[1111m,1][2222m,1][4444p,1][5555p]9p9p", {}, {F.ALL_PUNGS: 1, F.ROOT: 4}),
    ("123m456m789m55m111p", {"win_by": "kong-replacement"}, {F.PLAIN: 1, F.KONG_BLOOM: 1}),
    ("123m456m789m55m111p", {"after_kong": True}, {F.PLAIN: 1, F.KONG_DISCARD: 1}),
    ("123m456m789m55m111p", {"win_by": "robbing-kong"}, {F.PLAIN: 1, F.ROBBING_KONG: 1}),
    # 海底: the last tile self-drawn (seed 000 "最后一张牌自摸要加一番"); the last discard only with
    # last_of_wall_discard (the cases of test_last_of_wall).
    ("123m456m789m55m111p", {"last_of_wall": True, "win_by": "self-drawn"}, {F.PLAIN: 1, F.LAST_OF_WALL: 1}),
    ("123m456m789m55m111p", {"last_of_wall": True}, {F.PLAIN: 1}),
]


@pytest.mark.parametrize(("hand", "kw", "expected"), SICHUAN_CASES)
def test_sichuan_fans(hand: str, kw: dict[str, Any], expected: dict[FanId, int]) -> None:
    result = score(hand, **kw)
    assert fans_of(result) == expected
    assert result.total == sum(SICHUAN_FANS[f].value * n for f, n in expected.items())


# Chengdu, 以打5分80封顶: (hand, keywords, fans, 番, points) from the text's figures.
CHENGDU_CASES: list[tuple[str, dict[str, Any], dict[FanId, int], int, int]] = [
    # 平胡 素番: 点炮5分, 自摸为每家10分
    ("123m456m789m55m111p", {}, {F.PLAIN: 1}, 0, 5),
    ("123m456m789m55m111p", {"win_by": "self-drawn"}, {F.PLAIN: 1}, 0, 10),
    # 对子胡 1番, 点炮10分
    ("111222444m33399p", {}, {F.ALL_PUNGS: 1}, 1, 10),
    # 暗七对 2番 20分; 带杠的为龙七对 3番 40分
    ("112233m556677m99p", {}, {F.SEVEN_PAIRS: 1}, 2, 20),
    ("2244552299m1199p", {}, {F.DRAGON_PAIRS: 1}, 3, 40),
    # 素清 2番 20分; 带杠的清一色 3番 40分; 清对 3番 40分
    ("123m234m456m678m99m", {}, {F.FULL_FLUSH: 1}, 2, 20),
    ("[4444m]123m567m789m99m", {}, {F.FULL_FLUSH: 1, F.ROOT: 1}, 3, 40),
    ("111222444m33399m", {}, {F.FLUSH_PUNGS: 1}, 3, 40),
    # 带两杠的清一色, 或清一色对子胡带杠: 4番 80分
    ("[4444m][5555m]123m789m9m9m", {}, {F.FULL_FLUSH: 1, F.ROOT: 2}, 4, 80),
    ("[1111m]222444777m99m", {}, {F.FLUSH_PUNGS: 1, F.ROOT: 1}, 4, 80),
    # 带幺 2番, 带杠加番
    ("111m789m123p789p99p", {}, {F.OUTSIDE: 1}, 2, 20),
    ("[1111m]789m123p789p99p", {}, {F.OUTSIDE: 1, F.ROOT: 1}, 3, 40),
    # 将对 3番, 带杠为4番
    ("222555888s888m55m", {}, {F.PUNGS_258: 1}, 3, 40),
    ("[2222s]555s888s555m8m8m", {}, {F.PUNGS_258: 1, F.ROOT: 1}, 4, 80),
    # 大单吊 2番 点炮20分, 带一杠 极品 (3), 带两杠 精品 (4)
    ("[111m,1][222m,1][444p,1][555p,1]9p9p", {}, {F.ALL_PUNGS: 1, F.SINGLE_WAIT: 1}, 2, 20),
    ("[1111m,1][222m,1][444p,1][555p,1]9p9p", {}, {F.ALL_PUNGS: 1, F.SINGLE_WAIT: 1, F.ROOT: 1}, 3, 40),
    ("[1111m,1][2222m,1][444p,1][555p,1]9p9p", {}, {F.ALL_PUNGS: 1, F.SINGLE_WAIT: 1, F.ROOT: 2}, 4, 80),
    # 十八学士: 大单吊 with four kongs
    ("[1111m,1][2222m,1][4444p,1][5555p]9p9p", {}, {F.ALL_PUNGS: 1, F.EIGHTEEN: 1, F.ROOT: 4}, 6, 80),
    # 杠上炮、杠上花、抢杠都要加一番
    ("111222444m33399p", {"after_kong": True}, {F.ALL_PUNGS: 1, F.KONG_DISCARD: 1}, 2, 20),
    ("111222444m33399p", {"win_by": "robbing-kong"}, {F.ALL_PUNGS: 1, F.ROBBING_KONG: 1}, 2, 20),
    ("111222444m33399p", {"win_by": "kong-replacement"}, {F.ALL_PUNGS: 1, F.KONG_BLOOM: 1}, 2, 25),
    # 海底捞 is "有些地区兴": off by default
    ("111222444m33399p", {"last_of_wall": True}, {F.ALL_PUNGS: 1}, 1, 10),
    ("111222444m33399p", {"last_of_wall": True, "win_by": "self-drawn"}, {F.ALL_PUNGS: 1}, 1, 15),
]


@pytest.mark.parametrize(("hand", "kw", "expected", "total", "points"), CHENGDU_CASES)
def test_chengdu_figures(hand: str, kw: dict[str, Any], expected: dict[FanId, int], total: int,
                         points: int) -> None:
    result = score(hand, options="chengdu", **kw)
    assert fans_of(result) == expected
    assert result.total == total == sum(CHENGDU_FANS[f].value * n for f, n in expected.items())
    assert result.points == points


def test_chengdu_eighteen_scholars_flush_kong_bloom_is_nine_fan_512_times() -> None:
    # 清一色十八学士杠上花, 共有9番, 即512倍 (如果不封顶的话)
    hand = "[1111m,1][2222m,1][4444m,1][5555m]9m9m"
    open_ = score(hand, win_by="kong-replacement", options=find_options("chengdu", cap_points=None))
    assert open_.total == 9 and open_.multiplier == 512
    assert open_.points == 5 * 512 + 5
    capped = score(hand, win_by="kong-replacement", options="chengdu")
    assert capped.points == 80 and capped.capped


def test_chengdu_self_drawn_modes() -> None:
    # 自摸 "加底" 只加5分, "加番" 则要多一倍: 20分的牌, 自摸就是40分
    hand = "112233m556677m99p"
    assert score(hand, win_by="self-drawn", options="chengdu").points == 25
    fan = find_options("chengdu", self_drawn="fan")
    r = score(hand, win_by="self-drawn", options=fan)
    assert r.points == 40 and fans_of(r)[F.SELF_DRAWN] == 1
    assert score(hand, options=fan).points == 20
    none = find_options("chengdu", self_drawn="none")
    assert score(hand, win_by="self-drawn", options=none).points == 20


def test_chengdu_last_of_wall_option() -> None:
    # 有些地区兴"海底捞", 即最后一张牌自摸要加一番: 对子胡 1 + 海底捞 1 = 2 番, 20 and 加底 5.
    options = find_options("chengdu", last_of_wall=True)
    r = score("111222444m33399p", last_of_wall=True, win_by="self-drawn", options=options)
    assert fans_of(r) == {F.ALL_PUNGS: 1, F.LAST_OF_WALL: 1} and r.points == 25
    # The last discard won on is no 自摸: no 海底捞 (near miss), unless last_of_wall_discard.
    r = score("111222444m33399p", last_of_wall=True, options=options)
    assert fans_of(r) == {F.ALL_PUNGS: 1} and r.points == 10
    r = score("111222444m33399p", last_of_wall=True, options=options.replace(last_of_wall_discard=True))
    assert fans_of(r) == {F.ALL_PUNGS: 1, F.LAST_OF_WALL: 1} and r.points == 20


# (profile, changes, win_by, whether 海底 scores on the last tile): seed 000 "最后一张牌自摸要加一番".
LAST_OF_WALL: list[tuple[str, dict[str, Any], str, bool]] = [
    ("sichuan", {}, "self-drawn", True),
    ("sichuan", {}, "kong-replacement", True),  # the last tile drawn as a kong's replacement
    ("sichuan", {}, "discard", False),  # 海底炮: the last discard is not 自摸
    ("sichuan", {"last_of_wall_discard": True}, "discard", True),
    ("sichuan", {"last_of_wall": False}, "self-drawn", False),
    ("sichuan", {"last_of_wall": False, "last_of_wall_discard": True}, "discard", False),
    ("chengdu", {}, "self-drawn", False),  # 有些地区兴: off by default
    ("chengdu", {"last_of_wall": True}, "self-drawn", True),
    ("chengdu", {"last_of_wall": True}, "discard", False),
    ("chengdu", {"last_of_wall": True, "last_of_wall_discard": True}, "discard", True),
]


@pytest.mark.parametrize(("profile", "changes", "win_by", "scores"), LAST_OF_WALL)
def test_last_of_wall(profile: str, changes: dict[str, Any], win_by: str, scores: bool) -> None:
    options = find_options(profile, **changes)
    won = score("123m456m789m55m111p", win_by=win_by, last_of_wall=True, options=options)
    assert (F.LAST_OF_WALL in fans_of(won)) is scores
    assert F.LAST_OF_WALL not in fans_of(score("123m456m789m55m111p", win_by=win_by, options=options))


def test_sichuan_points_and_multipliers() -> None:
    # seed 004: 1番 1倍, 2番 2倍, 3番 4倍 ... 基本分 6分
    assert [score(h).points for h in ("123m456m789m55m111p", "111222444m33399p", "112233m556677m99p",
                                      "111222444m33399m", "2244552299m1199p", "11224444557799m")] == [
        6, 12, 24, 48, 96, 192]
    assert score("111222444m33399p", win_by="self-drawn").points == 12


def test_sichuan_last_of_wall_can_be_turned_off() -> None:
    r = score("111222444m33399p", last_of_wall=True, options=find_options("sichuan", last_of_wall=False))
    assert fans_of(r) == {F.ALL_PUNGS: 1}


def test_sichuan_self_drawn_modes() -> None:
    hand = "111222444m33399p"
    assert score(hand, win_by="self-drawn", options=find_options("sichuan", self_drawn="base")).points == 18
    r = score(hand, win_by="self-drawn", options=find_options("sichuan", self_drawn="fan"))
    assert r.total == 3 and r.points == 24
    assert score(hand, options=find_options("sichuan", self_drawn="fan")).total == 2


def test_caps_in_fan_and_points() -> None:
    hand = "11224444557799m"  # 清龙七对 6番
    r = score(hand, options=find_options("sichuan", cap_fan=3))
    assert (r.total, r.counted, r.points, r.capped) == (6, 3, 24, True)
    assert "capped at 3 番" in r.explain()
    r = score(hand, options=find_options("sichuan", cap_points=100))
    assert (r.points, r.capped) == (100, True)
    r = score("123m456m789m55m111p", options=find_options("sichuan", cap_fan=3))
    assert (r.counted, r.points, r.capped) == (1, 6, False)


def test_root_not_counted_when_option_is_off() -> None:
    off = find_options("sichuan", concealed_root=False)
    assert fans_of(score("123m444m456m678m99p", options=off)) == {F.PLAIN: 1}
    assert fans_of(score("[4444m]123m678m789p99p", options=off)) == {F.PLAIN: 1, F.ROOT: 1}


def test_best_form_is_chosen() -> None:
    # 112233m556677m99p is both seven pairs and 123 123 567 567 + 99: 七对 scores more.
    assert fans_of(score("112233m556677m99p")) == {F.SEVEN_PAIRS: 1}
    # 222333444m can be pungs or chows: the pungs make 清对.
    assert fans_of(score("222333444m777m99m")) == {F.FLUSH_PUNGS: 1}
    assert fans_of(score("[1111m]222333444m9m9m"))[F.FLUSH_PUNGS] == 1


@pytest.mark.parametrize(("hand", "kw", "error", "words"), [
    ("123m456m789m55mEEE", {}, InvalidHandError, "honor"),
    ("123m456p789s55m111m", {}, InvalidHandError, "缺一门"),
    ("[123m,1]456m789m55m111p", {}, InvalidHandError, "no chow"),
    ("123m456m789m55m112p", {}, InvalidHandError, "not a winning hand"),
    ("123m456m789m55m11p", {}, InvalidHandError, "14 tiles"),
    ("123m456m789m55m111p", {"after_kong": True, "win_by": "self-drawn"}, InvalidHandError, "杠上炮"),
    ("123m456m789m55m111p", {"heavenly": True}, InvalidHandError, "天胡"),
    ("123m456m789m55m111p", {"heavenly": True, "earthly": True, "win_by": "self-drawn"},
     InvalidHandError, "both"),
    ("123m456m789m55m111p", {"earthly": True, "options": "chengdu"}, InvalidOptionError, "天胡"),
    ("123m456m789m55m111p", {"win_by": "tsumo"}, InvalidOptionError, "win_by"),
    ("123m456m789m55m111p", {"options": "riichi"}, InvalidOptionError, "no Sichuan profile"),
])
def test_errors(hand: str, kw: dict[str, Any], error: type[MajiangError], words: str) -> None:
    with pytest.raises(error, match=words):
        score(hand, **kw)


@pytest.mark.parametrize(("changes", "words"), [
    ({"base": 0}, "base"),
    ({"base": True}, "base"),
    ({"plain_fan": 2}, "plain_fan"),
    ({"cap_fan": 0}, "cap_fan"),
    ({"cap_points": 5}, "cap_points"),
    ({"self_drawn": "double"}, "self_drawn"),
    ({"last_of_wall": "yes"}, "last_of_wall"),
    ({"fans": "riichi"}, "fans"),
    ({"colour": 1}, "no option 'colour'"),
])
def test_invalid_options(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidOptionError, match=words):
        find_options("sichuan", **changes)


def test_parse_option_texts() -> None:
    o = OPTIONS["chengdu"]
    assert o.parse("cap_points=none").cap_points is None
    assert o.parse("cap-fan=4").cap_fan == 4
    assert o.parse("self_drawn=fan").self_drawn == "fan"
    assert o.parse("last_of_wall=true").last_of_wall is True
    for bad in ("cap_points", "cap_points=-1", "nothing=1", "last_of_wall=maybe", "base=x"):
        with pytest.raises(InvalidOptionError):
            o.parse(bad)


def test_profiles_and_aliases() -> None:
    assert find_options("成都") is OPTIONS["chengdu"] and find_options("四川") is OPTIONS["sichuan"]
    assert (OPTIONS["sichuan"].base, OPTIONS["chengdu"].base, OPTIONS["chengdu"].cap_points) == (6, 5, 80)
    assert isinstance(find_options(OPTIONS["sichuan"]), Options)


def test_explain_and_to_dict() -> None:
    r = score("2222444455m1199p", win_by="self-drawn")
    text = r.explain()
    assert "龙七对" in text and "根" in text and "each other player" in text
    d = r.to_dict()
    assert d["total"] == 6 and d["points"] == 6 * 32 and d["rules"] == "sichuan"
    assert [f["id"] for f in d["fans"]] == ["dragon-pairs", "root"]


def test_tables_have_their_sources() -> None:
    for table in (SICHUAN_FANS, CHENGDU_FANS):
        for fid, row in table.items():
            assert row.id is fid and row.zh and row.en and row.source


# Winning hands of two suits at most: four sets (chows or pungs) and a pair, or seven pairs.


@st.composite
def winning_hands(draw: st.DrawFn) -> Hand:
    suits = draw(st.lists(st.integers(0, 2), min_size=1, max_size=2, unique=True))
    counts = [0] * 27
    tiles: list[int] = []
    if draw(st.booleans()):
        kinds = draw(st.lists(st.sampled_from([s * 9 + r for s in suits for r in range(9)]), min_size=7,
                              max_size=7))
        for k in kinds:
            counts[k] += 2
        tiles = [k for k in kinds for _ in range(2)]
    else:
        for _ in range(4):
            s = draw(st.sampled_from(suits))
            if draw(st.booleans()):
                r = draw(st.integers(0, 6))
                group = [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]
            else:
                group = [s * 9 + draw(st.integers(0, 8))] * 3
            tiles += group
        tiles += [draw(st.sampled_from([s * 9 + r for s in suits for r in range(9)]))] * 2
        for k in tiles:
            counts[k] += 1
    assume(max(counts) <= 4)
    order = sorted(tiles)
    win = draw(st.sampled_from(order))
    order.remove(win)
    return Hand.of((), [Tile(t) for t in order], Tile(win))


WIN_BYS = st.sampled_from(["discard", "self-drawn", "kong-replacement", "robbing-kong"])


@settings(max_examples=200, deadline=None)
@given(winning_hands(), st.sampled_from(["sichuan", "chengdu"]), WIN_BYS)
def test_total_is_the_sum_of_fan_values(hand: Hand, profile: str, win_by: str) -> None:
    r = score(hand, options=find_options(profile, cap_points=None), win_by=win_by)
    assert r.total == sum(h.value for h in r.fans) == r.counted
    bonus = r.options.base if r.self_drawn and r.options.self_drawn == "base" else 0
    assert r.points == r.options.base * 2 ** (r.total - r.options.plain_fan) + bonus


@settings(max_examples=100, deadline=None)
@given(winning_hands(), winning_hands(), st.sampled_from(["sichuan", "chengdu"]))
def test_points_monotone_in_fan_without_cap(a: Hand, b: Hand, profile: str) -> None:
    o = find_options(profile, cap_points=None, cap_fan=None)
    ra, rb = score(a, options=o), score(b, options=o)
    if ra.total <= rb.total:
        assert ra.points <= rb.points
    else:
        assert ra.points > rb.points


@settings(max_examples=200, deadline=None)
@given(winning_hands(), st.sampled_from(["sichuan", "chengdu"]), WIN_BYS, st.integers(6, 500),
       st.integers(1, 6), st.sampled_from(["none", "base", "fan"]))
def test_cap_is_never_exceeded(hand: Hand, profile: str, win_by: str, cap_points: int, cap_fan: int,
                               bonus: str) -> None:
    o = find_options(profile, cap_points=cap_points, cap_fan=cap_fan, self_drawn=bonus)
    r = score(hand, options=o, win_by=win_by)
    assert r.points <= cap_points and r.counted <= cap_fan
    uncapped = o.base * 2 ** (r.counted - o.plain_fan) + (o.base if r.self_drawn and bonus == "base" else 0)
    assert r.capped == (r.total > cap_fan or uncapped > cap_points)

"""Rule profiles: each switch of ``Profile`` on a hand it decides, under mil, wmo2014 and 1998.

Every expectation follows the switch's documented meaning (see ``profiles.py``); the sums are in the
comments.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import pytest

from majiang.mcr import PROFILES, Profile, WinBy, find_profile, score
from mcr_cases import Context

_SWITCHES = tuple(f.name for f in dataclasses.fields(Profile) if f.init and f.name != "name")

Expected = tuple[int, dict[str, int]]


class SwitchCase(NamedTuple):
    """A hand the switch decides: its result under each named profile, and under mil with the switch
    set to ``flipped``."""

    switch: str
    hand: str
    ctx: Context
    by_profile: dict[str, Expected]
    flipped: object
    flipped_expected: Expected


_MIXED_KONG_MIL: Expected = (6, {"明暗杠": 1, "幺九刻": 1})
_TWO_CONCEALED_KONGS_MIL: Expected = (9, {"双暗杠": 1, "门前清": 1, "幺九刻": 1})

SWITCH_CASES: tuple[SwitchCase, ...] = (
    # a concealed and a melded kong: mil 明暗杠 5, wmo2014 6, 1998 明杠 1 + 暗杠 2; + 幺九刻 (NNN)
    SwitchCase("concealed_and_melded_kong", "[2222m][5555p,1]678s99sNNN", {}, {
        "mil": _MIXED_KONG_MIL,
        "wmo2014": (7, {"明暗杠": 1, "幺九刻": 1}),
        "1998": (4, {"明杠": 1, "暗杠": 1, "幺九刻": 1}),
    }, 0, (4, {"明杠": 1, "暗杠": 1, "幺九刻": 1})),
    # two concealed kongs: 双暗杠 6 (mil, 1998) or 8 (wmo2014) + 门前清 2 + 幺九刻 1
    SwitchCase("two_concealed_kongs", "[2222m][5555p]678s99sNNN", {}, {
        "mil": _TWO_CONCEALED_KONGS_MIL,
        "wmo2014": (11, {"双暗杠": 1, "门前清": 1, "幺九刻": 1}),
        "1998": _TWO_CONCEALED_KONGS_MIL,
    }, 8, (11, {"双暗杠": 1, "门前清": 1, "幺九刻": 1})),
    # 三杠 with two concealed kongs and a concealed pung: 三暗刻 16 counts them (mil, wmo2014) or the
    # pung alone is not enough (1998). 三杠 32 + 碰碰和 6 + 幺九刻 1 + 无字 1 (5s waits with 3s and 6s).
    SwitchCase("kongs_as_concealed_pungs_in_three_four_kongs", "[1111m][2222p][3333p,2]444s5s5s", {}, {
        "mil": (56, {"三杠": 1, "三暗刻": 1, "碰碰和": 1, "幺九刻": 1, "无字": 1}),
        "wmo2014": (56, {"三杠": 1, "三暗刻": 1, "碰碰和": 1, "幺九刻": 1, "无字": 1}),
        "1998": (40, {"三杠": 1, "碰碰和": 1, "幺九刻": 1, "无字": 1}),
    }, False, (40, {"三杠": 1, "碰碰和": 1, "幺九刻": 1, "无字": 1})),
    # self-drawn seven pairs: 七对 24 + 五门齐 6 + 自摸 1 (mil, 1998) or 不求人 4 (wmo2014)
    SwitchCase("concealed_forms_self_drawn", "2255m3377p88sEECC", {"win_by": WinBy.SELF_DRAWN}, {
        "mil": (31, {"七对": 1, "五门齐": 1, "自摸": 1}),
        "wmo2014": (34, {"七对": 1, "五门齐": 1, "不求人": 1}),
        "1998": (31, {"七对": 1, "五门齐": 1, "自摸": 1}),
    }, "fully_concealed", (34, {"七对": 1, "五门齐": 1, "不求人": 1})),
    # 组合龙 + 456m + a 9s pair, won on the 9s (also a tile of the knitted 369s): mil judges the pair
    # beside the knitted straight, a single wait (单钓将); strict gives no wait fan.
    SwitchCase("knitted_straight_wait", "147m258p369s456m9s9s", {}, {
        "mil": (17, {"组合龙": 1, "平和": 1, "门前清": 1, "单钓将": 1}),
        "wmo2014": (16, {"组合龙": 1, "平和": 1, "门前清": 1}),
        "1998": (16, {"组合龙": 1, "平和": 1, "门前清": 1}),
    }, "strict", (16, {"组合龙": 1, "平和": 1, "门前清": 1})),
    # 绿一色 with 发 excludes 混一色 in all three profiles; the switch adds it back (+6)
    SwitchCase("all_green_with_half_flush", "[234s,1]234s666s88sFF8s", {}, {
        "mil": (89, {"绿一色": 1, "一般高": 1}),
        "wmo2014": (89, {"绿一色": 1, "一般高": 1}),
        "1998": (89, {"绿一色": 1, "一般高": 1}),
    }, True, (95, {"绿一色": 1, "混一色": 1, "一般高": 1})),
    # 清幺九 64 + 三暗刻 16 + 单钓将 1; wmo2014 also scores 双同刻 for 111m 111p and for 999m 999s
    SwitchCase("all_terminals_with_double_pung", "[111m,1]999m111p999s9p9p", {}, {
        "mil": (81, {"清幺九": 1, "三暗刻": 1, "单钓将": 1}),
        "wmo2014": (85, {"清幺九": 1, "三暗刻": 1, "双同刻": 2, "单钓将": 1}),
        "1998": (81, {"清幺九": 1, "三暗刻": 1, "单钓将": 1}),
    }, True, (85, {"清幺九": 1, "三暗刻": 1, "双同刻": 2, "单钓将": 1})),
    # 清幺九 with 111 in all three suits: 三同刻 16 stays (mil, wmo2014) or goes (1998 不计同刻)
    SwitchCase("all_terminals_excludes_triple_pung", "[111m,1]111p111s999m9p9p", {}, {
        "mil": (97, {"清幺九": 1, "三同刻": 1, "三暗刻": 1, "单钓将": 1}),
        "wmo2014": (97, {"清幺九": 1, "三同刻": 1, "三暗刻": 1, "单钓将": 1}),
        "1998": (81, {"清幺九": 1, "三暗刻": 1, "单钓将": 1}),
    }, True, (81, {"清幺九": 1, "三暗刻": 1, "单钓将": 1})),
    # seven pairs of 7-9: 七对 24 + 全大 24, or (1998) 七对 24 + 无字 1 with no range fan
    SwitchCase("seven_pairs_with_tile_fans", "778899m7799p889s9s", {}, {
        "mil": (48, {"七对": 1, "全大": 1}),
        "wmo2014": (48, {"七对": 1, "全大": 1}),
        "1998": (25, {"七对": 1, "无字": 1}),
    }, False, (25, {"七对": 1, "无字": 1})),
    # 大三元 88 + 双暗刻 2 + 单钓将 1, with 缺一门 1 unless (1998) the dragon fans exclude it
    SwitchCase("honor_fans_exclude_voided_suit", "[CCC,1]FFFPPP123m5p5p", {}, {
        "mil": (92, {"大三元": 1, "双暗刻": 1, "缺一门": 1, "单钓将": 1}),
        "wmo2014": (92, {"大三元": 1, "双暗刻": 1, "缺一门": 1, "单钓将": 1}),
        "1998": (91, {"大三元": 1, "双暗刻": 1, "单钓将": 1}),
    }, True, (91, {"大三元": 1, "双暗刻": 1, "单钓将": 1})),
)

_IDS = [c.switch for c in SWITCH_CASES]


def _result(hand: str, ctx: Context, profile: str | Profile) -> Expected:
    r = score(hand, profile=profile, **ctx)
    return r.total, {f.name: f.count for f in r.fans}


def test_every_switch_has_a_case() -> None:
    assert sorted(_IDS) == sorted(_SWITCHES)


@pytest.mark.parametrize("case", SWITCH_CASES, ids=_IDS)
@pytest.mark.parametrize("profile", ["mil", "wmo2014", "1998"])
def test_switch_under_each_profile(case: SwitchCase, profile: str) -> None:
    assert _result(case.hand, case.ctx, profile) == case.by_profile[profile]


@pytest.mark.parametrize("case", SWITCH_CASES, ids=_IDS)
def test_switch_flipped_alone(case: SwitchCase) -> None:
    mil = PROFILES["mil"]
    assert getattr(mil, case.switch) != case.flipped
    change: dict[str, Any] = {case.switch: case.flipped}
    flipped = dataclasses.replace(mil, **change)
    assert _result(case.hand, case.ctx, flipped) == case.flipped_expected
    assert case.flipped_expected != case.by_profile["mil"]
    # replace() makes a new profile and leaves the registered one alone
    assert _result(case.hand, case.ctx, "mil") == case.by_profile["mil"]
    assert getattr(PROFILES["mil"], case.switch) == getattr(Profile("mil"), case.switch)


@pytest.mark.parametrize("case", [c for c in SWITCH_CASES if c.switch != "all_green_with_half_flush"],
                         ids=[i for i in _IDS if i != "all_green_with_half_flush"])
def test_named_profiles_differ_on_the_case(case: SwitchCase) -> None:
    # The named profiles disagree on every switch but 绿一色 with 混一色, where all three say no.
    assert len({repr(v) for v in case.by_profile.values()}) > 1
    values = {name: getattr(PROFILES[name], case.switch) for name in ("mil", "wmo2014", "1998")}
    assert len(set(values.values())) > 1


def test_switch_values_per_profile() -> None:
    mil, wmo, old = PROFILES["mil"], PROFILES["wmo2014"], PROFILES["1998"]
    assert [p.concealed_and_melded_kong for p in (mil, wmo, old)] == [5, 6, 0]
    assert (mil.two_concealed_kongs, wmo.two_concealed_kongs, old.two_concealed_kongs) == (6, 8, 6)
    assert not any(p.all_green_with_half_flush for p in (mil, wmo, old))


def test_replace_one_value() -> None:
    # 明暗杠 worth 6 on top of mil: 6 + 幺九刻 1
    profile = dataclasses.replace(PROFILES["mil"], concealed_and_melded_kong=6)
    assert _result("[2222m][5555p,1]678s99sNNN", {}, profile) == (7, {"明暗杠": 1, "幺九刻": 1})
    assert {f.name: f.value for f in score("[2222m][5555p,1]678s99sNNN", profile=profile).fans}["明暗杠"] == 6
    assert {f.name: f.value for f in score("[2222m][5555p,1]678s99sNNN").fans}["明暗杠"] == 5


def test_profiles_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        PROFILES["mil"].two_concealed_kongs = 8  # type: ignore[misc]


def test_find_profile() -> None:
    assert find_profile("wmo2014") is PROFILES["wmo2014"]
    custom = dataclasses.replace(PROFILES["1998"], name="custom")
    assert find_profile(custom) is custom
    assert score("2255m3377p88sEECC", profile=custom).profile == "custom"


@pytest.mark.parametrize("name", ["MIL", "wmo", "2014", "", "gb"])
def test_unknown_profile_name_raises(name: str) -> None:
    with pytest.raises(ValueError, match="unknown profile"):
        find_profile(name)
    with pytest.raises(ValueError, match="unknown profile"):
        score("2255m3377p88sEECC", profile=name)

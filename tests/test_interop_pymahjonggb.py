"""Conversion to PyMahjongGB's calculator, checked on textbook hands and on generated ones."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import pytest

from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.interop.pymahjonggb import pack, pymahjonggb_args, pymahjonggb_score, tile_code
from majiang.meld import Meld
from majiang.rules.mcr.calculator import WinBy
from majiang.rules.mcr.generate import WinSample, iter_wins
from majiang.tiles import Tile


def _score(text: str, **flags: Any) -> tuple[int, dict[str, tuple[int, int]]]:
    total, fans = pymahjonggb_score(WinSample(Hand.parse(text), **flags))
    names = {name: (value, count) for name, value, count in fans}
    assert len(names) == len(fans)
    return total, names


def test_tile_codes() -> None:
    codes = [tile_code(t) for t in Tile]
    assert len(set(codes)) == 34
    assert codes[:9] == [f"W{r}" for r in range(1, 10)]
    assert codes[9:18] == [f"B{r}" for r in range(1, 10)]
    assert codes[18:27] == [f"T{r}" for r in range(1, 10)]
    assert codes[27:] == ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]


@pytest.mark.parametrize(
    ("meld", "expected"),
    [
        ("[123m]", ("CHI", "W2", 1)),
        ("[345p,2]", ("CHI", "B4", 2)),
        ("[789s,3]", ("CHI", "T8", 3)),
        ("[555p,1]", ("PENG", "B5", 1)),
        ("[CCC,3]", ("PENG", "J1", 3)),
        ("[7777s]", ("GANG", "T7", 0)),
        ("[NNNN,2]", ("GANG", "F4", 2)),
        ("[1111m,5]", ("GANG", "W1", 1)),
        ("[PPPP,7]", ("GANG", "J3", 3)),
    ],
)
def test_pack(meld: str, expected: tuple[str, str, int]) -> None:
    assert pack(Meld.parse(meld)) == expected


def test_args() -> None:
    sample = WinSample(
        Hand.parse("[123m,3][EEEE]456p78sNN9s"), win_by=WinBy.KONG_REPLACEMENT, last_of_wall=False,
        last_copy=False, seat_wind="W", round_wind="N", flowers=5,
    )
    assert pymahjonggb_args(sample) == {
        "pack": (("CHI", "W2", 3), ("GANG", "F1", 0)),
        "hand": ("B4", "B5", "B6", "T7", "T8", "F4", "F4"),
        "winTile": "T9",
        "flowerCount": 5,
        "isSelfDrawn": True,
        "is4thTile": False,
        "isAboutKong": True,
        "isWallLast": False,
        "seatWind": 2,
        "prevalentWind": 3,
    }
    with pytest.raises(ValueError, match="wind"):
        pymahjonggb_args(WinSample(sample.hand, seat_wind="X"))
    with pytest.raises(ValueError, match="winning tile"):
        pymahjonggb_args(WinSample(Hand.parse("[123m,3][EEEE]456p78sNN")))


_KONG_REST = {"连六": (1, 1), "幺九刻": (1, 1), "独听・单钓": (1, 1)}

# Textbook hands and their fans (each checked against the Green Book's exclusions).
KNOWN: list[tuple[str, dict[str, Any], dict[str, tuple[int, int]]]] = [
    # 大三元 excludes 箭刻 and 双箭刻; 5p is a single wait.
    ("[CCC][FFF,2][PPP,3]123m5p5p", {}, {"大三元": (88, 1), "缺一门": (1, 1), "独听・单钓": (1, 1)}),
    # 十三幺 excludes 五门齐, 门前清 and 单钓将.
    ("19m19p19sESWNPFCC", {}, {"十三幺": (88, 1)}),
    ("19m19p19sESWNPFC1m", {"win_by": "self-drawn"}, {"十三幺": (88, 1), "自摸": (1, 1)}),
    # 清一色 excludes 无字 and 缺一门; 123s 345s 678s 999s + 55s waits on 2s and 5s.
    ("[123s,2]345s678s999s5s5s", {}, {"清一色": (24, 1), "连六": (1, 1), "幺九刻": (1, 1)}),
    # 一色双龙会 excludes 七对, 清一色, 平和, 一般高, 老少副, 无字.
    ("11223355778899p", {}, {"一色双龙会": (64, 1), "门前清": (2, 1)}),
    # 绿一色 (the green dragon is J2) excludes 混一色.
    ("223344666s88sFFF", {}, {"绿一色": (88, 1), "箭刻": (2, 1), "门前清": (2, 1), "一般高": (1, 1)}),
    # 推不倒 (the white dragon is J3) excludes 缺一门.
    ("123345p888p45sPP6s", {}, {"推不倒": (8, 1), "门前清": (2, 1)}),
    # 无番和: nothing else scores.
    ("[123m,1][567p,2][555s,3]78mSS6m", {}, {"无番和": (8, 1)}),
    ("[123m,1][567p,2][555s,3]78mSS6m", {"flowers": 3}, {"无番和": (8, 1), "花牌": (1, 3)}),
    # Winds: seat South (1) and round West (2).
    ("[SSS,1][WWW,2]123m456p9s9s", {"seat_wind": "S", "round_wind": "W"},
     {"门风刻": (2, 1), "圈风刻": (2, 1), "独听・单钓": (1, 1)}),
    # Kongs: concealed + melded is 明暗杠 (5); two concealed 双暗杠; an added kong is a melded kong.
    # Each hand also has 连六 (345s 678s), 幺九刻 (1111m) and a single wait on E.
    ("[1111m][2222p,2]345s678sEE", {}, {"明暗杠": (5, 1), **_KONG_REST}),
    ("[1111m][2222p]345s678sEE", {}, {"双暗杠": (6, 1), "门前清": (2, 1), **_KONG_REST}),
    ("[1111m,1][2222p,6]345s678sEE", {}, {"双明杠": (4, 1), **_KONG_REST}),
]


@pytest.mark.parametrize(("text", "flags", "fans"), KNOWN, ids=[k[0] + str(k[1]) for k in KNOWN])
def test_known_hands(text: str, flags: dict[str, Any], fans: dict[str, tuple[int, int]]) -> None:
    total, names = _score(text, **flags)
    assert names == fans
    assert total == sum(v * c for v, c in fans.values())


def test_dragon_codes_by_fan() -> None:
    # Only the green dragon makes 23468s all green; only the white dragon is reversible.
    assert "绿一色" in _score("223344666s88sFFF")[1]
    assert "绿一色" not in _score("223344666s88sCCC")[1]
    assert "推不倒" in _score("123345p888p45sPP6s")[1]
    assert "推不倒" not in _score("123345p888p45sFF6s")[1]


@pytest.mark.parametrize(
    ("text", "flags", "fan"),
    [
        ("123m456p789s23s55s4s", {"win_by": "self-drawn"}, "不求人"),
        ("[123m,1]456p789s23s55s4s", {"win_by": "self-drawn"}, "自摸"),
        ("123m456p789s23s55s4s", {"last_copy": True}, "和绝张"),
        ("123m456p789s23s55s4s", {"win_by": "robbing-kong"}, "抢杠和"),
        ("123m456p789s23s55s4s", {"last_of_wall": True}, "海底捞月"),
        ("123m456p789s23s55s4s", {"last_of_wall": True, "win_by": "self-drawn"}, "妙手回春"),
        ("[1111m]234m55p678s78s9s", {"win_by": "kong-replacement"}, "杠上开花"),
    ],
)
def test_win_flags(text: str, flags: dict[str, Any], fan: str) -> None:
    assert fan not in _score(text)[1]
    assert fan in _score(text, **flags)[1]


def test_flowers_are_a_fan_and_in_the_total() -> None:
    plain, fans = _score("19m19p19sESWNPFCC")
    total, with_flowers = _score("19m19p19sESWNPFCC", flowers=8)
    assert "花牌" not in fans
    assert with_flowers["花牌"] == (1, 8)
    assert total == plain + 8


def test_below_eight_fans_is_returned() -> None:
    total, fans = _score("[123m,1][456m,1]234p678sEE")
    assert total == 2 and fans == {"连六": (1, 1), "独听・单钓": (1, 1)}


def test_not_a_win_raises() -> None:
    with pytest.raises(InvalidHandError, match="ERROR_NOT_WIN"):
        _score("123m456p789s1357pE")


def test_missing_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "MahjongGB", None)
    with pytest.raises(ImportError, match="pip install pymahjonggb"):
        _score("19m19p19sESWNPFCC")


SIGNATURE = {
    "thirteen_orphans": "十三幺",
    "seven_shifted_pairs": "连七对",
    "honors_and_knitted": "全不靠",
    "greater_honors_and_knitted": "七星不靠",
    "knitted_straight": "组合龙",
}


def test_generated_hands_are_wins_for_pymahjonggb() -> None:
    flag_fans: Counter[str] = Counter()
    for sample in iter_wins(77, 3000):
        total, fans = pymahjonggb_score(sample)
        names = {name for name, _, _ in fans}
        assert total >= 8 + sample.flowers or "无番和" not in names
        if sample.structure in SIGNATURE:
            assert SIGNATURE[sample.structure] in names, sample
        # PyMahjongGB drops flags the hand contradicts, so a consistent context always scores its fan.
        if sample.win_by in (WinBy.KONG_REPLACEMENT, WinBy.ROBBING_KONG):
            assert ("杠上开花" if sample.win_by.self_drawn else "抢杠和") in names, sample
            flag_fans["kong"] += 1
        if sample.last_of_wall:
            assert ("妙手回春" if sample.win_by.self_drawn else "海底捞月") in names, sample
            flag_fans["last_of_wall"] += 1
        if sample.last_copy and sample.win_by is not WinBy.ROBBING_KONG:  # 抢杠和 excludes 和绝张
            assert "和绝张" in names, sample
            flag_fans["last_copy"] += 1
    assert min(flag_fans.values()) > 50 and len(flag_fans) == 3

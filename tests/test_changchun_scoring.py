"""Changchun scoring (seed 001): every fan with a near miss, every win condition with a near miss, the
options where the seed is open, kong money, the seed's figures, and properties of payments.

Seat 0 deals unless a row says so; a win on a discard is seat 0's tile won by seat 1 unless a row says so.
Fans are the seed's 番数计算 table, added: 平胡 1, 放炮 1, 自摸 1, 夹胡 1, 宝牌 2, 对宝 2, 飘胡 2, 庄胡 1,
立胡 1; points are 番 × stake (``points="add"``).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.analysis.decompose import counts_of
from majiang.changchun import (
    CHANGCHUN_FANS,
    SPECIAL_KONGS,
    ChangchunScore,
    FanId,
    Meld,
    Options,
    SpecialKongId,
    Tile,
    WinBy,
    WinContext,
    fan_points,
    kong_payments,
    kong_worth,
    score,
    special_kong_of,
    winning_kinds,
)
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.notation import parse_tiles

F = FanId
SELF = WinBy.SELF_DRAWN
ROB = WinBy.ROBBING_KONG
ON_DISCARD: dict[str, Any] = {"seat": 1, "giver": 0}
DRAWN: dict[str, Any] = {"seat": 1, "win_by": SELF}

Row = tuple[str, dict[str, Any], dict[str, Any], list[FanId], tuple[int, int, int, int]]

# (hand, WinContext keywords, Options keywords, fans, payments)
FAN_CASES: list[Row] = [
    # 平胡 + 放炮 on a two-sided wait (2s or 5s); 自摸 instead, paid by all three.
    ("[111m]456m789p99s34s 5s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD], (-2, 2, 0, 0)),
    ("[111m]456m789p99s34s 5s", DRAWN, {}, [F.PLAIN, F.SELF_DRAWN], (-2, 6, -2, -2)),
    # 夹胡: 坎 (4s between 3s and 5s), 边 (3s after 12s), 单调 (the pair); near miss: the two-sided
    # wait above.
    ("[111m]456m789p99s35s 4s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.EDGE], (-3, 3, 0, 0)),
    ("[111m]456m789p99s12s 3s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.EDGE], (-3, 3, 0, 0)),
    ("[111m]456m789p55s89s 7s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.EDGE], (-3, 3, 0, 0)),
    ("[111m]456m789p345s9s 9s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.EDGE], (-3, 3, 0, 0)),
    # 夹胡 "同独听": 3455s waits on 2s and 5s; 5s as the pair is a 单调 shape but not the only wait.
    ("[111m]456m789p3455s 5s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD], (-2, 2, 0, 0)),
    ("[111m]456m789p3455s 5s", ON_DISCARD, {"edge": "shape"}, [F.PLAIN, F.DISCARD, F.EDGE], (-3, 3, 0, 0)),
    ("[111m]456m789p3455s 5s", ON_DISCARD, {"edge": "single"}, [F.PLAIN, F.DISCARD], (-2, 2, 0, 0)),
    # ``edge="single"``: the only wait (3s after 12s) counts.
    ("[111m]456m789p99s12s 3s", ON_DISCARD, {"edge": "single"}, [F.PLAIN, F.DISCARD, F.EDGE], (-3, 3, 0, 0)),
    # 宝牌: the drawn 宝 (7m here) stands for the best tile; 自摸 with it by default.
    ("[111m]456m789p99s34s 7m", {**DRAWN, "treasure": True}, {},
     [F.PLAIN, F.SELF_DRAWN, F.TREASURE], (-4, 12, -4, -4)),
    ("[111m]456m789p99s34s 7m", {**DRAWN, "treasure": True}, {"treasure_self_drawn": False},
     [F.PLAIN, F.TREASURE], (-3, 9, -3, -3)),
    # ... and standing for the 单调 tile of a single wait, it makes 夹胡 too.
    ("[111m]456m789p345s9s 7m", {**DRAWN, "treasure": True}, {},
     [F.PLAIN, F.SELF_DRAWN, F.EDGE, F.TREASURE], (-5, 15, -5, -5)),
    # 对宝: "算胡自摸、宝牌，加2番"; ``once``: 自摸 and 对宝 only.
    ("[111m]456m789p99s34s 5s", {**DRAWN, "pair_treasure": True}, {},
     [F.PLAIN, F.SELF_DRAWN, F.TREASURE, F.PAIR_TREASURE], (-6, 18, -6, -6)),
    ("[111m]456m789p99s34s 5s", {**DRAWN, "pair_treasure": True}, {"pair_treasure": "once"},
     [F.PLAIN, F.SELF_DRAWN, F.PAIR_TREASURE], (-4, 12, -4, -4)),
    # 飘胡: all pungs (双碰: 7m or 9s, no 夹胡); near miss: one chow.
    ("[111m][222p,2]333s99s77m 7m", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.ALL_PUNGS], (-4, 4, 0, 0)),
    ("[123m][222p,2]333s99s77m 7m", ON_DISCARD, {}, [F.PLAIN, F.DISCARD], (-2, 2, 0, 0)),
    # 手把一 as 飘胡: four melds, a 单调 on 9m.
    ("[111m][222p,2][333s][444s]9m 9m", ON_DISCARD, {},
     [F.PLAIN, F.DISCARD, F.EDGE, F.ALL_PUNGS], (-5, 5, 0, 0)),
    # 庄胡: the dealer wins (seat 0 on seat 2's discard); near miss: the same hand by seat 1 (above).
    ("[111m]456m789p99s34s 5s", {"seat": 0, "giver": 2}, {}, [F.PLAIN, F.DISCARD, F.DEALER], (3, 0, -3, 0)),
    # 立胡: no meld, or a concealed kong; near miss: a pung (above, no 立胡).
    ("111m456m789p99s34s 5s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.CLOSED], (-3, 3, 0, 0)),
    ("[1111m]456m789p99s34s 5s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.CLOSED], (-3, 3, 0, 0)),
    # A special kong keeps the hand closed, unless ``special_closed`` is off; its kong frees it from a pung.
    ("[ESWN,x]123m456p789s5m 5m", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.EDGE, F.CLOSED], (-4, 4, 0, 0)),
    ("[ESWN,x]123m456p789s5m 5m", ON_DISCARD, {"special_closed": False}, [F.PLAIN, F.DISCARD, F.EDGE],
     (-3, 3, 0, 0)),
    # 抢胡 (robbing an addition): a discard by the konger (放炮), or self-drawn when ``robbing`` says.
    ("[111m]456m789p99s34s 5s", {"seat": 1, "giver": 3, "win_by": ROB}, {}, [F.PLAIN, F.DISCARD],
     (0, 2, 0, -2)),
    ("[111m]456m789p99s34s 5s", {"seat": 1, "giver": 3, "win_by": ROB}, {"robbing": "self-drawn"},
     [F.PLAIN, F.SELF_DRAWN], (-2, 6, -2, -2)),
    # Points: doubled per 番 past the first, times the stake.
    ("[111m]456m789p99s35s 4s", ON_DISCARD, {"points": "double"}, [F.PLAIN, F.DISCARD, F.EDGE],
     (-4, 4, 0, 0)),
    ("[111m]456m789p99s35s 4s", ON_DISCARD, {"points": "double", "stake": 5}, [F.PLAIN, F.DISCARD, F.EDGE],
     (-20, 20, 0, 0)),
    ("[111m]456m789p99s35s 4s", ON_DISCARD, {"stake": 5}, [F.PLAIN, F.DISCARD, F.EDGE], (-15, 15, 0, 0)),
    # The win conditions' exemptions: an honor frees the hand from the 1/9 (222m pung, EE pair) ...
    ("[222m]456m345p678sE E", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.EDGE], (-3, 3, 0, 0)),
    # ... a dragon from the pung (``dragon_exemption="any"``), as does any kong (the 旋风杠 above).
    ("123m456m789pCC34s 5s", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.CLOSED], (-3, 3, 0, 0)),
    ("[2222p]123m456m789s9m 9m", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.EDGE, F.CLOSED], (-4, 4, 0, 0)),
    # A 幺蛋's tiles count for the three suits and the 1/9 (``special_tiles_count``).
    ("[1m1p1s,x]456m789m99m34m 5m", ON_DISCARD, {}, [F.PLAIN, F.DISCARD, F.CLOSED], (-3, 3, 0, 0)),
]


@pytest.mark.parametrize(("hand", "context", "options", "fans", "payments"), FAN_CASES)
def test_fans(hand: str, context: dict[str, Any], options: dict[str, Any], fans: list[FanId],
              payments: tuple[int, int, int, int]) -> None:
    result = score(hand, WinContext(**context), Options(**options))
    assert [f.id for f in result.fans] == fans
    assert result.total == sum(CHANGCHUN_FANS[f].value for f in fans)
    assert result.payments == payments
    assert sum(result.payments) == 0


# (hand, WinContext keywords, Options keywords, what the error says)
NOT_WINS: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    # 三色全; near miss: the same shape with a dots chow wins (FAN_CASES).
    ("111m456m789m99s34s 5s", ON_DISCARD, {}, "必须三色全"),
    # 缺1、9 without an honor; near miss: the honor pair above.
    ("[222m]456m345p678s5s 5s", ON_DISCARD, {}, "不能缺1，9"),
    # 一叉: no pung, no kong, no dragon; and a dragon frees it only under ``dragon_exemption="any"``.
    ("123m456m789p11s34s 5s", ON_DISCARD, {}, "免叉"),
    ("123m456m789pCC34s 5s", ON_DISCARD, {"dragon_exemption": "kong"}, "免叉"),
    # 手把一 only as 飘胡.
    ("[111m][123p][456p][789s]9m 9m", ON_DISCARD, {}, "手把一"),
    # Only the seed's shapes: no seven pairs.
    ("11m22m33p44p55s66s7s 7s", ON_DISCARD, {}, "not four sets and a pair"),
    # The 幺蛋's tiles alone give the dots and bamboo: not counted, the hand lacks them.
    ("[1m1p1s,x]456m789m99m34m 5m", ON_DISCARD, {"special_tiles_count": False}, "必须三色全"),
    # Mixed tiles that are no special kong.
    ("[1m1p9s,x]456m789m99m34m 5m", ON_DISCARD, {}, "no special kong"),
    # The 宝 with a hand that is not ready; 对宝 on a tile that is not the wait.
    ("[111m]456m789p99s36s 7m", {**DRAWN, "treasure": True}, {}, "no Changchun win"),
    ("[111m]456m789p99s34s 7m", {**DRAWN, "pair_treasure": True}, {}, "no Changchun win"),
]


@pytest.mark.parametrize(("hand", "context", "options", "says"), NOT_WINS)
def test_not_wins(hand: str, context: dict[str, Any], options: dict[str, Any], says: str) -> None:
    with pytest.raises(InvalidHandError, match=says):
        score(hand, WinContext(**context), Options(**options))


def test_pair_treasure_needs_the_wait() -> None:
    """对宝 is won on the 宝 that is the hand's wait: a 宝 of another kind is refused."""
    assert score("[111m]456m789p9s345s 9s", WinContext(**DRAWN, pair_treasure=True)).total == 7
    with pytest.raises(InvalidHandError, match="no Changchun win"):
        score("[111m]456m789p99s34s 7m", WinContext(**DRAWN, pair_treasure=True))


def test_treasure_stands_for_the_best_tile() -> None:
    """The 宝 stands for whichever wait scores most: 9s (单调, 夹胡) rather than nothing else here; and for
    a two-sided wait, the first of the equal ones."""
    result = score("[111m]456m789p345s9s 7m", WinContext(**DRAWN, treasure=True))
    assert result.stands_for == Tile.S9
    assert [t.notation() for t in result.waits] == ["9s"]
    assert score("[111m]456m789p99s34s 7m", WinContext(**DRAWN, treasure=True)).stands_for == Tile.S2


def test_winning_kinds_apply_the_conditions() -> None:
    """The waits of a holding are the tiles that make a Changchun win, not every shape's."""
    kinds = winning_kinds([Meld.parse("[111m]")], counts_of(parse_tiles("456m789p99s34s")))
    assert [Tile(k).notation() for k in kinds] == ["2s", "5s"]
    # Without the pung (and no dragon or kong) nothing wins: the holding is not ready in Changchun.
    assert winning_kinds([Meld.parse("[123m]")], counts_of(parse_tiles("456m789p99s34s"))) == ()
    # 单调 on 2p, the only dots tile: the wait brings the third suit.
    kinds = winning_kinds([], counts_of(parse_tiles("111m456m789m999s2p")))
    assert [Tile(k).notation() for k in kinds] == ["2p"]


def test_context_contradictions() -> None:
    with pytest.raises(InvalidHandError, match="self-drawn win has no giver"):
        WinContext(win_by=SELF, giver=2)
    assert WinContext(win_by=WinBy.DISCARD, seat=0).giver == 3  # no giver named: the winner's 上家
    with pytest.raises(InvalidHandError, match="not both"):
        WinContext(win_by=SELF, treasure=True, pair_treasure=True)
    with pytest.raises(InvalidHandError, match="对宝"):
        WinContext(win_by=WinBy.KONG_REPLACEMENT, pair_treasure=True)
    with pytest.raises(InvalidHandError, match="cannot be the winner"):
        WinContext(seat=2, giver=2)
    with pytest.raises(InvalidOptionError, match="win_by must be one of"):
        WinContext(win_by="thrown")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        score(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="14 tiles"):
        score("[111m]456m789p99s34s")
    with pytest.raises(InvalidHandError, match="replacement tile needs a kong"):
        score("[111m]456m789p99s34s 5s", WinContext(win_by=WinBy.KONG_REPLACEMENT, seat=1))


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptionError, match="points must be one of"):
        Options(points="triple")
    with pytest.raises(InvalidOptionError, match="stake must be an integer from 1 to 1000"):
        Options(stake=0)
    with pytest.raises(InvalidOptionError, match="must be True or False"):
        Options(special_closed="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="no option 'birds'"):
        Options().replace(birds=2)


# -- the seed's figures -------------------------------------------------------------------------------

SEED_FANS = {"平胡": 1, "放炮": 1, "自摸": 1, "夹胡": 1, "宝牌": 2, "对宝": 2, "飘胡": 2, "庄胡": 1,
             "立胡": 1}
"""番数计算, as the seed lists it: "和牌基本分(平胡) 1番 放炮 +1番 自摸 +1番 夹胡 +1番 宝牌 +2番 对宝 +2番
飘胡 +2番 庄胡 +1番 立胡 +1番"."""


def test_the_fan_table_is_the_seeds() -> None:
    assert {f.zh: f.value for f in CHANGCHUN_FANS.values()} == SEED_FANS
    assert list(SEED_FANS) == [f.zh for f in CHANGCHUN_FANS.values()]


# (meld, Options keywords, worth in stakes): "明杠、幺九蛋、旋风杠和喜杠为1倍底注，暗杠为2倍底注";
# "每补一张…多算一个明杠"; "明大蛋2倍底注，暗大蛋4倍底注".
KONG_CASES: list[tuple[str, dict[str, Any], int]] = [
    ("[5555m]", {}, 2),
    ("[5555m,1]", {}, 1),
    ("[5555m,6]", {}, 1),
    ("[555m,1]", {}, 0),
    ("[ESWN,x]", {}, 1),
    ("[EESWN,x]", {}, 2),
    ("[EESSWN,x]", {}, 3),
    ("[PFC,x]", {}, 1),
    ("[PPFC,x]", {}, 2),
    ("[1m1p1s,x]", {}, 1),
    ("[1m1p1s1s,x]", {}, 2),
    ("[9m9p9s,x]", {}, 1),
    ("[9m9m9p9s9s,x]", {}, 3),
    # 大蛋: four alike of 1s, 1p, 中, 发, 白 as the seed lists them; 1m only with ``with-1m``; none ``off``.
    ("[1111s]", {}, 4),
    ("[1111p,2]", {}, 2),
    ("[CCCC]", {}, 4),
    ("[FFFF,7]", {}, 2),
    ("[PPPP,3]", {}, 2),
    ("[1111m]", {}, 2),
    ("[1111m]", {"big_egg": "with-1m"}, 4),
    ("[1111s]", {"big_egg": "off"}, 2),
    ("[9999s]", {}, 2),
]


@pytest.mark.parametrize(("meld", "options", "worth"), KONG_CASES)
def test_kong_worth(meld: str, options: dict[str, Any], worth: int) -> None:
    assert kong_worth(Meld.parse(meld), Options(**options)) == worth


def test_kong_payments() -> None:
    """Each kong is paid by every other seat (另外结算，不随庄走), or a kong on a discard by its discarder
    alone for all three (``kong_payers="discarder"``)."""
    melds = [[Meld.parse("[ESWN,x]")], [Meld.parse("[5555m,1]")], [Meld.parse("[7777p]")], []]
    assert kong_payments(melds) == (3 - 1 - 2, 3 - 1 - 2, 6 - 1 - 1, -1 - 1 - 2)
    # Seat 1's kong was claimed from its left (seat 0): seat 0 pays 3 for it alone.
    assert kong_payments(melds, Options(kong_payers="discarder")) == (3 - 3 - 2, 3 - 1 - 2, 6 - 1, -1 - 2)
    assert kong_payments(melds, Options(stake=2)) == (0, 0, 8, -8)
    with pytest.raises(InvalidHandError, match="no special kong"):
        kong_payments([[Meld.parse("[1m2m3p,x]")], [], [], []])
    with pytest.raises(InvalidHandError, match="four seats"):
        kong_payments([[], []])


def test_special_kongs_are_the_seeds() -> None:
    assert [k.zh for k in SPECIAL_KONGS.values()] == ["旋风杠", "喜杠", "幺蛋", "九蛋"]
    winds = {Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH}
    assert special_kong_of(winds) is SPECIAL_KONGS[SpecialKongId.WINDS]
    assert special_kong_of({Tile.RED, Tile.GREEN, Tile.WHITE}) is SPECIAL_KONGS[SpecialKongId.DRAGONS]
    assert special_kong_of({Tile.M1, Tile.P1}) is None


def test_fan_points() -> None:
    assert [fan_points(n) for n in (1, 2, 5)] == [1, 2, 5]
    assert [fan_points(n, Options(points="double")) for n in (1, 2, 5)] == [1, 2, 16]
    with pytest.raises(InvalidHandError):
        fan_points(0)


def test_explain_and_json() -> None:
    result = score("[111m]456m789p99s34s 7m", WinContext(**DRAWN, treasure=True))
    text = result.explain()
    assert "宝牌 won with the treasure tile: +2" in text and "stands for 2s" in text
    data = result.to_dict()
    assert data["rules"] == "changchun" and data["total"] == 4 and data["stands_for"] == "2s"
    assert data["context"]["win_by"] == "self-drawn" and data["options"]["points"] == "add"


# -- properties ---------------------------------------------------------------------------------------

WINNING = [row[0] for row in FAN_CASES]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(WINNING), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3),
       st.sampled_from(["discard", "self-drawn", "robbing-kong"]), st.sampled_from(["add", "double"]),
       st.integers(1, 20))
def test_money_is_conserved(hand: str, seat: int, dealer: int, giver: int, how: str, points: str,
                            stake: int) -> None:
    """A win's payments sum to zero; the winner gains what the payers lose, each paying ``points``."""
    win_by = WinBy(how)
    if not win_by.self_drawn and giver == seat:
        giver = (seat + 1) % 4
    context = WinContext(win_by, seat, dealer, None if win_by.self_drawn else giver)
    try:
        result: ChangchunScore = score(hand, context, Options(points=points, stake=stake))
    except InvalidHandError:
        return  # (a kong-free hand robbed... none here; a hand some context rules out)
    assert sum(result.payments) == 0
    payers = [s for s in range(4) if result.payments[s] < 0]
    assert all(result.payments[s] == -result.points for s in payers)
    assert result.payments[seat] == result.points * len(payers)
    assert len(payers) == (3 if win_by.self_drawn else 1)
    assert (F.DEALER in {f.id for f in result.fans}) == (seat == dealer)

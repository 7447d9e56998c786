"""Riichi scoring, table-driven: each yaku, each fu rule, limits and payments.

Expected han and fu are counted by hand from the yaku list and the fu rules (docs/riichi.md); points are
read from the standard tables (non-dealer ron 1h30 = 1000, 2h40 = 2600, 3h50 = 6400, 2h70 = 4500, mangan
8000, dealer ron 2h30 = 2900, tsumo 2h20 = 400/700, 2h40 = 700/1300, 3h40 = 1300/2600, ...).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.errors import InvalidHandError, InvalidNotationError
from majiang.hand import Hand
from majiang.rules.riichi import (
    NoYakuError,
    RiichiHand,
    RiichiOptions,
    WinContext,
    YakuHit,
    YakuId,
    payment,
    score,
)
from majiang.rules.riichi.generate import Case, random_case
from majiang.rules.riichi.scoring import dora_of
from majiang.tiles import Tile

S, E, N = Tile.SOUTH, Tile.EAST, Tile.NORTH
PINFU_HAND = "12355m456p23789s 4s"  # 123m 456p 789s 234s (1s-4s wait) and 55m: pinfu, no tanyao
OPEN_PINFU = "[123m]456p789s23s55m 4s"


def ctx(**kw: Any) -> WinContext:
    """A non-dealer (South) in the East round unless the case says otherwise."""
    kw.setdefault("seat_wind", S)
    return WinContext(**kw)


# (what, hand, context, options, yaku ids, han, fu, points: ron, or the sum of a self-draw's payments)
CASES: list[tuple[str, str, WinContext, dict[str, Any], set[str], int, int, int]] = [
    ("riichi pinfu ron", PINFU_HAND, ctx(riichi=True), {}, {"riichi", "pinfu"}, 2, 30, 2000),
    ("pinfu tsumo 20 fu", PINFU_HAND, ctx(tsumo=True), {}, {"menzen_tsumo", "pinfu"}, 2, 20, 1500),
    ("no pinfu on tsumo (option)", PINFU_HAND, ctx(tsumo=True), {"pinfu_tsumo": False},
     {"menzen_tsumo"}, 1, 30, 1100),
    ("open tanyao, shanpon ron", "[234m]56766p34588s 8s", ctx(), {}, {"tanyao"}, 1, 30, 1000),
    ("iipeikou, penchan tsumo", "11223m456p789s55p 3m", ctx(tsumo=True), {},
     {"menzen_tsumo", "iipeikou"}, 2, 30, 2000),
    ("chun, open pung of honours", "[CCC]123m456p789s1s 1s", ctx(), {}, {"chun"}, 1, 30, 1000),
    ("double east for the dealer", "[EEE,2]123m456p789s1s 1s", ctx(seat_wind=E), {},
     {"seat_wind", "round_wind"}, 2, 30, 2900),
    ("double wind pair 4 fu", "111m456p789s23sEE 4s", ctx(seat_wind=E, riichi=True), {}, {"riichi"}, 1, 50,
     2400),
    ("double wind pair 2 fu (option)", "111m456p789s23sEE 4s", ctx(seat_wind=E, riichi=True),
     {"double_wind_pair_fu": 2}, {"riichi"}, 1, 40, 2000),
    ("chiitoitsu 25 fu", "1133m5577p2266sN N", ctx(riichi=True), {}, {"riichi", "chiitoitsu"}, 3, 25, 3200),
    ("chanta", "123m789p789sNNN9m 9m", ctx(), {}, {"chanta"}, 2, 40, 2600),
    ("junchan", "123m789p789s111s9m 9m", ctx(), {}, {"junchan"}, 3, 40, 5200),
    ("open ittsu", "[123p]456p789p234s5m 5m", ctx(), {}, {"ittsu"}, 1, 30, 1000),
    ("sanshoku", "123m123p123s456s9p 9p", ctx(), {}, {"sanshoku"}, 2, 40, 2600),
    ("sanshoku doukou, toitoi, tanyao", "[222m][222p]222s55m88p 8p", ctx(), {},
     {"sanshoku_doukou", "toitoi", "tanyao"}, 5, 30, 8000),
    ("sanankou tsumo", "111m333p555s789s2m 2m", ctx(tsumo=True), {}, {"menzen_tsumo", "sanankou"}, 3, 40,
     5200),
    ("sankantsu 70 fu", "[1111m][2222p,1][3333s,2]789s5p 5p", ctx(), {}, {"sankantsu"}, 2, 70, 4500),
    ("shousangen", "[PPP][FFF]123m456pC C", ctx(), {}, {"shousangen", "haku", "hatsu"}, 4, 40, 8000),
    ("honroutou toitoi", "[111m][999p]EEE1199s 9s", ctx(), {}, {"honroutou", "toitoi", "round_wind"}, 5, 40,
     8000),
    ("ryanpeikou beats chiitoitsu", "112233m778899p5s 5s", ctx(), {}, {"ryanpeikou"}, 3, 40, 5200),
    ("honitsu", "234567999mNNNS S", ctx(), {}, {"honitsu"}, 3, 50, 6400),
    ("open chinitsu", "[123s]456s678s22s55s 5s", ctx(), {}, {"chinitsu"}, 5, 30, 8000),
    ("rinshan after a closed kan", "[2222m]345p678s56s99p 7s", ctx(tsumo=True, rinshan=True), {},
     {"menzen_tsumo", "rinshan"}, 2, 40, 2700),
    ("chankan", PINFU_HAND, ctx(chankan=True), {}, {"pinfu", "chankan"}, 2, 30, 2000),
    ("haitei on an open hand", OPEN_PINFU, ctx(tsumo=True, haitei=True), {}, {"haitei"}, 1, 30, 1100),
    ("houtei, open pinfu 30 fu", OPEN_PINFU, ctx(houtei=True), {}, {"houtei"}, 1, 30, 1000),
    ("open pinfu 20 fu (option)", OPEN_PINFU, ctx(houtei=True), {"open_pinfu_fu": False}, {"houtei"}, 1, 20,
     700),
    ("double riichi ippatsu", PINFU_HAND, ctx(riichi=True, double_riichi=True, ippatsu=True), {},
     {"double_riichi", "ippatsu", "pinfu"}, 4, 30, 7700),
    ("kiriage mangan (option)", PINFU_HAND, ctx(double_riichi=True, ippatsu=True), {"kiriage": True},
     {"double_riichi", "ippatsu", "pinfu"}, 4, 30, 8000),
    ("kanchan 2 fu", "12355m456p13789s 2s", ctx(riichi=True), {}, {"riichi"}, 1, 40, 1300),
    ("penchan 2 fu", "12355m456p12789s 3s", ctx(riichi=True), {}, {"riichi"}, 1, 40, 1300),
    ("red five", "12305m456p23789s 4s", ctx(riichi=True), {}, {"riichi", "pinfu", "aka_dora"}, 3, 30, 3900),
    ("dora wraps 9m to 1m", PINFU_HAND, ctx(riichi=True, dora_indicators=(Tile.M9,)), {},
     {"riichi", "pinfu", "dora"}, 3, 30, 3900),
    ("ura dora under riichi", PINFU_HAND, ctx(riichi=True, ura_indicators=(Tile.M4,)), {},
     {"riichi", "pinfu", "ura_dora"}, 4, 30, 7700),
    ("kazoe yakuman", "1122335556789p 4p", ctx(riichi=True, tsumo=True, dora_indicators=(Tile.P9,)), {},
     {"riichi", "menzen_tsumo", "pinfu", "iipeikou", "ittsu", "chinitsu", "dora"}, 14, 20, 32000),
    ("kazoe capped at sanbaiman (option)", "1122335556789p 4p",
     ctx(riichi=True, tsumo=True, dora_indicators=(Tile.P9,)), {"kazoe_yakuman": False},
     {"riichi", "menzen_tsumo", "pinfu", "iipeikou", "ittsu", "chinitsu", "dora"}, 14, 20, 24000),
    ("a real yakuman beats kazoe", "3334440577799p 5p", ctx(double_riichi=True, tsumo=True), {},
     {"suuankou"}, 13, 40, 32000),
    # yakuman
    ("kokushi", "19m19p19sESWPFCC N", ctx(), {}, {"kokushi"}, 13, 30, 32000),
    ("kokushi 13-sided, single (Tenhou)", "19m19p19sESWNPFC C", ctx(), {}, {"kokushi_13"}, 13, 30, 32000),
    ("kokushi 13-sided double (option)", "19m19p19sESWNPFC C", ctx(), {"double_yakuman": True},
     {"kokushi_13"}, 26, 30, 64000),
    ("suuankou tsumo", "111m333p555s77sEE 7s", ctx(tsumo=True), {}, {"suuankou"}, 13, 50, 32000),
    ("shanpon ron is no suuankou", "111m333p555s77sEE 7s", ctx(), {}, {"sanankou", "toitoi"}, 4, 50, 8000),
    ("suuankou tanki", "111m333p555s777sE E", ctx(), {}, {"suuankou_tanki"}, 13, 60, 32000),
    ("suuankou tanki double (option)", "111m333p555s777sE E", ctx(), {"double_yakuman": True},
     {"suuankou_tanki"}, 26, 60, 64000),
    ("daisangen", "[PPP][FFF]CCC123m9p 9p", ctx(), {}, {"daisangen"}, 13, 40, 32000),
    ("shousuushii", "[EEE][SSS]WWW123mN N", ctx(), {}, {"shousuushii"}, 13, 40, 32000),
    ("daisuushii", "[EEE][SSS]WWWNNN1m 1m", ctx(), {}, {"daisuushii"}, 13, 50, 32000),
    ("daisuushii double (option)", "[EEE][SSS]WWWNNN1m 1m", ctx(), {"double_yakuman": True},
     {"daisuushii"}, 26, 50, 64000),
    ("tsuuiisou", "[EEE]SSSWWWPPFF F", ctx(), {}, {"tsuuiisou"}, 13, 50, 32000),
    ("ryuuiisou", "223344s666s88sFF F", ctx(), {}, {"ryuuiisou"}, 13, 40, 32000),
    ("chinroutou", "[111m]999m111p99p99s 9s", ctx(), {}, {"chinroutou"}, 13, 50, 32000),
    ("chuuren", "1112345567899m 9m", ctx(), {}, {"chuuren"}, 13, 50, 32000),
    ("junsei chuuren", "1112345678999m 5m", ctx(), {}, {"junsei_chuuren"}, 13, 50, 32000),
    ("junsei chuuren double (option)", "1112345678999m 5m", ctx(), {"double_yakuman": True},
     {"junsei_chuuren"}, 26, 50, 64000),
    ("suukantsu", "[1111m][2222p,1][3333s,2][4444s]5p 5p", ctx(), {}, {"suukantsu"}, 13, 90, 32000),
    ("tenhou", PINFU_HAND, ctx(seat_wind=E, tsumo=True, tenhou=True), {}, {"tenhou"}, 13, 20, 48000),
    ("chiihou", PINFU_HAND, ctx(tsumo=True, chiihou=True), {}, {"chiihou"}, 13, 20, 32000),
    # the seed's local yaku (options)
    ("renhou off (Tenhou)", PINFU_HAND, ctx(renhou=True), {}, {"pinfu"}, 1, 30, 1000),
    ("renhou as mangan", PINFU_HAND, ctx(renhou=True), {"renhou": "mangan"}, {"renhou_mangan", "pinfu"}, 6,
     30, 12000),
    ("renhou as yakuman", PINFU_HAND, ctx(renhou=True), {"renhou": "yakuman"}, {"renhou"}, 13, 30, 32000),
    ("daisharin off: ryanpeikou pinfu chinitsu", "2233445566778p 8p", ctx(), {},
     {"ryanpeikou", "pinfu", "tanyao", "chinitsu"}, 11, 30, 24000),
    ("daisharin", "2233445566778p 8p", ctx(), {"daisharin": True}, {"daisharin"}, 13, 25, 32000),
    ("sanrenkou off: sanankou", "222333444m789p5s 5s", ctx(), {}, {"sanankou"}, 2, 50, 3200),
    ("sanrenkou", "222333444m789p5s 5s", ctx(), {"sanrenkou": True}, {"sanankou", "sanrenkou"}, 5, 50,
     8000),
    ("suurenkou off", "[555m]222333444m5s 5s", ctx(), {}, {"toitoi", "sanankou", "tanyao"}, 5, 40, 8000),
    ("suurenkou", "[555m]222333444m5s 5s", ctx(), {"suurenkou": True}, {"suurenkou"}, 13, 40, 32000),
    ("touhoku off", "123456789mEEEN N", ctx(), {}, {"ittsu", "honitsu", "round_wind"}, 6, 40, 12000),
    ("touhoku", "123456789mEEEN N", ctx(), {"touhoku": True}, {"touhoku"}, 13, 40, 32000),
    # 一色三顺 (option isshoku_sanjun, 2 han open or closed): it takes over 一杯口's pair of chows, 两杯口
    # takes over it; the same tiles read as three pungs compete as another reading.
    ("isshoku_sanjun off: iipeikou", "11122233m456p77s 3m", ctx(), {}, {"iipeikou"}, 1, 40, 1300),
    ("isshoku_sanjun instead of iipeikou", "11122233m456p77s 3m", ctx(), {"isshoku_sanjun": True},
     {"isshoku_sanjun"}, 2, 40, 2600),
    ("isshoku_sanjun off: pinfu tanyao iipeikou", "22233344m456p77s 4m", ctx(), {},
     {"pinfu", "tanyao", "iipeikou"}, 3, 30, 3900),
    ("isshoku_sanjun with pinfu and tanyao", "22233344m456p77s 4m", ctx(), {"isshoku_sanjun": True},
     {"pinfu", "tanyao", "isshoku_sanjun"}, 4, 30, 7700),
    ("isshoku_sanjun open", "[123m]11223m456p77s 3m", ctx(), {"isshoku_sanjun": True}, {"isshoku_sanjun"},
     2, 30, 2000),
    ("isshoku_sanjun loses to sanankou tsumo", "11122233m456p77s 3m", ctx(tsumo=True),
     {"isshoku_sanjun": True}, {"menzen_tsumo", "sanankou"}, 3, 40, 5200),
    ("four alike closed: ryanpeikou, not isshoku_sanjun", "111122223333m5p 5p", ctx(),
     {"isshoku_sanjun": True}, {"ryanpeikou"}, 3, 40, 5200),
    ("four alike open: sanankou beats isshoku_sanjun", "[123m]111222333m5p 5p", ctx(),
     {"isshoku_sanjun": True}, {"sanankou"}, 2, 40, 2600),
    ("two alike and a neighbour: no isshoku_sanjun", "11222333m456p77s 4m", ctx(), {"isshoku_sanjun": True},
     {"pinfu", "iipeikou"}, 2, 30, 2000),
]


@pytest.mark.parametrize(("what", "hand", "context", "options", "yaku", "han", "fu", "points"), CASES,
                         ids=[c[0] for c in CASES])
def test_scores(what: str, hand: str, context: WinContext, options: dict[str, Any], yaku: set[str], han: int,
                fu: int, points: int) -> None:
    result = score(hand, context, RiichiOptions(**options))
    assert {y.id for y in result.yaku} == yaku
    assert (result.han, result.fu, result.points) == (han, fu, points)
    assert sum(y.han for y in result.yaku) == han


# (hand, context, the fu items as (reason, fu))
FU_CASES = [
    ("[1111m][2222p,1][3333s,2]789s5p 5p", ctx(),
     [("base", 20), ("closed kan 1m", 32), ("open kan 2p", 8), ("open kan 3s", 8), ("tanki wait", 2)]),
    ("111m333p555s789s2m 2m", ctx(tsumo=True),
     [("base", 20), ("closed pung 1m", 8), ("closed pung 3p", 4), ("closed pung 5s", 4), ("tanki wait", 2),
      ("tsumo", 2)]),
    ("[EEEE,2]123m456p55s78s 9s", ctx(),
     [("base", 20), ("open kan E", 16)]),
    ("111m333p555s77sEE 7s", ctx(),
     [("base", 20), ("menzen ron", 10), ("closed pung 1m", 8), ("closed pung 3p", 4), ("closed pung 5s", 4),
      ("open pung 7s", 2), ("pair E", 2)]),
    ("123m456p789s23sCC 4s", ctx(riichi=True), [("base", 20), ("menzen ron", 10), ("pair C", 2)]),
    (OPEN_PINFU, ctx(houtei=True), [("base", 20), ("open pinfu", 10)]),
]


@pytest.mark.parametrize(("hand", "context", "items"), FU_CASES)
def test_fu_items(hand: str, context: WinContext, items: list[tuple[str, int]]) -> None:
    result = score(hand, context)
    assert [tuple(i) for i in result.fu_items] == items
    assert result.fu == -(-sum(f for _, f in items) // 10) * 10


# (base points, dealer, tsumo, honba, sticks) -> (ron, dealer pays, each other pays, total)
PAYMENTS = [
    ((2000, False, False, 0, 0), (8000, 0, 0, 8000)),
    ((2000, True, False, 0, 0), (12000, 0, 0, 12000)),
    ((2000, False, True, 0, 0), (0, 4000, 2000, 8000)),
    ((2000, True, True, 0, 0), (0, 0, 4000, 12000)),
    ((240, False, False, 0, 0), (1000, 0, 0, 1000)),  # 1 han 30 fu
    ((240, True, True, 0, 0), (0, 0, 500, 1500)),
    ((320, False, True, 0, 0), (0, 700, 400, 1500)),  # 2 han 20 fu
    ((960, False, False, 2, 1), (4500, 0, 0, 5500)),  # 3 han 60 fu 3900 (960*4 = 3840) + 600 + stick
    ((320, False, True, 1, 0), (0, 800, 500, 1800)),
    ((8000, True, True, 3, 2), (0, 0, 16300, 50900)),
]


@pytest.mark.parametrize(("given", "expected"), PAYMENTS)
def test_payments(given: tuple[int, bool, bool, int, int], expected: tuple[int, int, int, int]) -> None:
    base, dealer, tsumo, honba, sticks = given
    paid = payment(base, dealer=dealer, tsumo=tsumo, honba=honba, riichi_sticks=sticks)
    assert (paid.ron, paid.dealer, paid.others, paid.total) == expected
    assert paid.sticks == 1000 * sticks


def test_honba_and_sticks_reach_the_result() -> None:
    result = score(PINFU_HAND, ctx(riichi=True, honba=2, riichi_sticks=1))
    assert result.points == 2000
    assert (result.payment.ron, result.payment.total) == (2600, 3600)
    drawn = score(PINFU_HAND, ctx(tsumo=True, honba=1))
    assert (drawn.payment.dealer, drawn.payment.others, drawn.payment.total) == (800, 500, 1800)


@pytest.mark.parametrize(("indicator", "dora"), [
    (Tile.M1, Tile.M2), (Tile.M9, Tile.M1), (Tile.P9, Tile.P1), (Tile.S8, Tile.S9), (Tile.EAST, Tile.SOUTH),
    (Tile.NORTH, Tile.EAST), (Tile.WHITE, Tile.GREEN), (Tile.GREEN, Tile.RED), (Tile.RED, Tile.WHITE),
])
def test_dora_follows_its_indicator(indicator: Tile, dora: Tile) -> None:
    assert dora_of(indicator) == dora


def test_dora_alone_make_no_win() -> None:
    with pytest.raises(NoYakuError, match="no yaku"):
        score(OPEN_PINFU, ctx(dora_indicators=(Tile.M4, Tile.M4)))


def test_open_tanyao_off_leaves_no_yaku() -> None:
    with pytest.raises(NoYakuError):
        score("[234m]56766p34588s 8s", ctx(), RiichiOptions(open_tanyao=False))


def test_open_pure_triple_chow_needs_its_option() -> None:
    """An open hand whose only yaku is 一色三顺 wins only with ``isshoku_sanjun`` on."""
    with pytest.raises(NoYakuError):
        score("[123m]11223m456p77s 3m", ctx())
    assert score("[123m]11223m456p77s 3m", ctx(), RiichiOptions(isshoku_sanjun=True)).han == 2


def test_incomplete_hand_is_no_win() -> None:
    with pytest.raises(InvalidHandError, match="not a complete hand") as err:
        score("12355m456p23789s 9s", ctx())
    assert not isinstance(err.value, NoYakuError)


@pytest.mark.parametrize(("hand", "context", "message"), [
    (OPEN_PINFU, dict(riichi=True), "riichi needs a concealed hand"),
    (PINFU_HAND, dict(ippatsu=True), "ippatsu needs riichi"),
    (PINFU_HAND, dict(tsumo=True, tenhou=True), "tenhou is the dealer"),
    (PINFU_HAND, dict(seat_wind=E, chiihou=True, tsumo=True), "chiihou is a non-dealer"),
    (PINFU_HAND, dict(rinshan=True, tsumo=True), "rinshan needs a kan"),
    (PINFU_HAND, dict(haitei=True), "haitei needs tsumo"),
    (PINFU_HAND, dict(tsumo=True, chankan=True), "chankan needs a win on another's tile"),
    (PINFU_HAND, dict(ura_indicators=(Tile.M1,)), "ura_indicators needs riichi"),
    (PINFU_HAND, dict(red_fives=4), "red_fives=4 but the hand holds 3"),
    (OPEN_PINFU, dict(tsumo=True, chiihou=True), "before any call"),
])
def test_contradictions_are_refused(hand: str, context: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        score(Hand.parse(hand), ctx(**context))


def test_red_fives_from_notation_and_context_do_not_mix() -> None:
    with pytest.raises(InvalidHandError, match="red fives come from the notation"):
        score("12305m456p23789s 4s", ctx(red_fives=1))


@pytest.mark.parametrize(("text", "message"), [
    ("1230406m789p11s2z", "a second red 5m"),
    ("12355m456p23789s0z", "honours have no red five"),
    ("12355m456p23789s0", "a red five. needs m, p or s"),
])
def test_red_five_notation_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        score(text)


def test_every_yaku_has_a_predicate() -> None:
    from majiang.rules.riichi.scoring import YAKU_PREDICATES, YAKUMAN_PREDICATES

    dora = {YakuId.DORA, YakuId.AKA_DORA, YakuId.URA_DORA}
    assert set(YAKU_PREDICATES) | set(YAKUMAN_PREDICATES) | dora == set(YakuId)


def test_every_case_yaku_is_met() -> None:
    """The table cases reach every yaku of the table, dora included."""
    met = {y for case in CASES for y in case[4]}
    assert met >= {y.value for y in YakuId}


def test_the_docs_yaku_tables_match_the_yaku_table() -> None:
    """docs/riichi.md lists every yaku with the table's names and values."""
    from pathlib import Path

    from majiang.rules.riichi import YAKU

    text = (Path(__file__).resolve().parent.parent / "docs" / "riichi.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        if line.startswith("| `") and line.count("|") >= 6:
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows[cells[0].strip("`")] = cells
    assert set(rows) == {y.value for y in YakuId}
    for yid, row in YAKU.items():
        cells = rows[yid.value]
        assert (cells[1], cells[2]) == (row.romaji, row.zh)
        if row.yakuman:
            assert cells[4] == str(row.yakuman)
        else:
            assert cells[4] == str(row.closed)
            assert cells[5] == (str(row.opened) if row.opened else "—")


# -- invariants on random wins ---------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_invariants_of_random_wins(seed: int) -> None:
    case = random_case(random.Random(seed))
    assert RiichiHand.parse(case.hand.notation()) == case.hand
    try:
        result = score(case.hand, case.context, case.options)
    except NoYakuError:
        assert not any(y.han for y in _plain_yaku(case))
        return
    ctx = case.context
    pay = result.payment
    assert result.han == sum(y.han for y in result.yaku) >= 1
    assert result.fu == 25 or result.fu % 10 == 0
    if result.fu != 25:
        assert result.fu == -(-sum(f for _, f in result.fu_items) // 10) * 10
    if result.yakuman:
        assert all(y.yakuman for y in result.yaku) and result.base == 8000 * min(result.yakuman, 6)
    else:
        assert not any(y.yakuman for y in result.yaku)
    if ctx.tsumo:
        payers = pay.others * 3 if ctx.dealer else pay.dealer + 2 * pay.others
        assert pay.total == payers + pay.sticks
        assert pay.ron == 0 and (pay.dealer == 0) == ctx.dealer
        assert result.points == payers - 3 * 100 * ctx.honba  # three payers, dealer or not
    else:
        assert (pay.ron, pay.total) == (result.points + 300 * ctx.honba, pay.ron + pay.sticks)
    assert pay.sticks == 1000 * ctx.riichi_sticks
    # Dearer limits never pay less: the basic points are at least what fu and han give, up to the limit.
    if not result.yakuman and result.han < 5:
        assert result.base == min(2000, result.fu * 2 ** (result.han + 2)) or result.limit == "mangan"


def _plain_yaku(case: Case) -> list[YakuHit]:
    """The yaku (dora aside) of every reading, to check that a hand without yaku has none."""
    from majiang.rules.riichi.scoring import _readings, _yaku, _yakuman

    out: list[YakuHit] = []
    for reading in _readings(case.hand.hand, case.context, case.options, case.hand.red_fives):
        out += _yaku(reading) + _yakuman(reading)
    return out

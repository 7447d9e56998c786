"""Changsha scoring (seed 004): every win with a near miss, every payment figure of the seed, opening wins,
birds, and properties of payments.

Expected payments are worked out by hand from the seed's figures (seat 0 deals unless a row says so):
小胡自摸 dealer 2 / others 1, 大胡自摸 4 / 3, 平胡点炮 2 / 1, 大胡点炮 7 / 6, 抢杠 and 海底漫游 12 / 10.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from majiang import Hand, Meld, Tile
from majiang.changsha import (
    CHANGSHA_WINS,
    PRICES,
    Category,
    ChangshaScore,
    Options,
    PayCase,
    WinBy,
    WinContext,
    WinId,
    WinKind,
    bird_seat,
    bird_tiles,
    opening_payments,
    opening_wins,
    score,
    win_payments,
    with_birds,
)
from majiang.errors import InvalidHandError, InvalidOptionError, MajiangError
from majiang.notation import parse_tiles
from majiang.seats import RelativeSeat

W = WinId
SELF = WinBy.SELF_DRAWN
KONG = WinBy.KONG_REPLACEMENT
ROB = WinBy.ROBBING_KONG

Row = tuple[str, dict[str, Any], dict[str, Any], str, list[WinId], tuple[int, int, int, int]]

# (hand, WinContext keywords, Options keywords, category, wins, payments before birds)
WIN_CASES: list[Row] = [
    # 小胡: four sets and a 2/5/8 pair; seat 2 (non-dealer) discards to seat 1: 1 point.
    ("123m456m789p234s55s", {"seat": 1, "giver": 2}, {}, "small", [W.SMALL], (0, 1, -1, 0)),
    ("123m456m789p234s88s", {"seat": 1, "giver": 2}, {}, "small", [W.SMALL], (0, 1, -1, 0)),
    ("[123m,1]456m789p234s22s", {"seat": 1, "giver": 2}, {}, "small", [W.SMALL], (0, 1, -1, 0)),
    # 碰碰胡 with any pair (44m); near miss: one chow meld leaves a small win.
    ("111m333p777s999s44m", {"seat": 1, "giver": 2}, {}, "big", [W.ALL_PUNGS], (0, 6, -6, 0)),
    ("[111m,1][333p,2]777s999s44m", {"seat": 1, "giver": 2}, {}, "big", [W.ALL_PUNGS], (0, 6, -6, 0)),
    ("[123m,1]333p777s999s55m", {"seat": 1, "giver": 2}, {}, "small", [W.SMALL], (0, 1, -1, 0)),
    # 222333444m can be pungs or chows: the pungs make the big win.
    ("222333444m777p55s", {"seat": 1, "giver": 2}, {}, "big", [W.ALL_PUNGS], (0, 6, -6, 0)),
    # 将将胡: every tile 2/5/8 in any shape; near miss: one 3s among pungs is 碰碰胡 only.
    ("22m55m8m22p5p88p2s55s8s", {"seat": 2, "win_by": SELF}, {}, "big", [W.ALL_258], (-4, -3, 10, -3)),
    ("222m555m888p333s55s", {"seat": 1, "giver": 2}, {}, "big", [W.ALL_PUNGS], (0, 6, -6, 0)),
    ("222m555m888p222s55s", {"seat": 1, "giver": 2}, {}, "big", [W.ALL_PUNGS, W.ALL_258], (0, 12, -12, 0)),
    ("222m555m888p222s55s", {"seat": 1, "giver": 2}, {"all_258": "complete"}, "big",
     [W.ALL_PUNGS, W.ALL_258], (0, 12, -12, 0)),
    # 清一色 with any pair (11m); near miss: the pair of another suit, 55p, leaves a small win.
    ("123m456m789m234m11m", {"seat": 1, "giver": 2}, {}, "big", [W.FULL_FLUSH], (0, 6, -6, 0)),
    ("123m456m789m234m55p", {"seat": 1, "giver": 2}, {}, "small", [W.SMALL], (0, 1, -1, 0)),
    # 清一色 and 碰碰胡 add up (big_wins="add"), or count once (highest).
    ("222444666888m99m", {"seat": 1, "giver": 2}, {}, "big", [W.ALL_PUNGS, W.FULL_FLUSH], (0, 12, -12, 0)),
    ("222444666888m99m", {"seat": 1, "giver": 0}, {}, "big", [W.ALL_PUNGS, W.FULL_FLUSH], (-14, 14, 0, 0)),
    ("222444666888m99m", {"seat": 1, "giver": 2}, {"big_wins": "highest"}, "big",
     [W.ALL_PUNGS, W.FULL_FLUSH], (0, 6, -6, 0)),
    # 七巧对 on a discard and self-drawn ("自摸也可"); four alike as two pairs, or not (then 清一色 only).
    ("1133m557799p2244s", {"seat": 3, "giver": 0}, {}, "big", [W.SEVEN_PAIRS], (-7, 0, 0, 7)),
    ("1133m557799p2244s", {"seat": 0, "win_by": SELF}, {}, "big", [W.SEVEN_PAIRS], (12, -4, -4, -4)),
    ("1122m3333m5566m77m", {"seat": 1, "giver": 3}, {}, "big", [W.FULL_FLUSH, W.SEVEN_PAIRS],
     (0, 12, 0, -12)),
    ("1122m3333m5566m77m", {"seat": 1, "giver": 3}, {"pairs_with_four": False}, "big", [W.FULL_FLUSH],
     (0, 6, 0, -6)),
    ("22m55m88m22p55p88p22s", {"seat": 0, "win_by": SELF}, {}, "big", [W.ALL_258, W.SEVEN_PAIRS],
     (24, -8, -8, -8)),
    # 天胡: every seat pays the dealer 4; with 碰碰胡 twice.
    ("123m456m789p234s11s", {"seat": 0, "win_by": SELF, "heavenly": True}, {}, "big", [W.HEAVENLY],
     (12, -4, -4, -4)),
    ("111m333p777s999s44m", {"seat": 0, "win_by": SELF, "heavenly": True}, {}, "big",
     [W.HEAVENLY, W.ALL_PUNGS], (24, -8, -8, -8)),
    # 地胡: the dealer pays 7.
    ("123m456m789p234s11s", {"seat": 2, "giver": 0, "earthly": True}, {}, "big", [W.EARTHLY], (-7, 0, 7, 0)),
    # 海底捞月 self-drawn (大胡自摸), and in 海底漫游 the taker pays 10, 12 as the dealer.
    ("123m456m789p234s55s", {"seat": 1, "win_by": SELF, "last_of_wall": True}, {}, "big",
     [W.LAST_OF_WALL], (-4, 10, -3, -3)),
    ("123m456m789p234s55s", {"seat": 1, "last_of_wall": True, "seabed_taker": 3}, {}, "big",
     [W.LAST_OF_WALL], (0, 10, 0, -10)),
    ("123m456m789p234s55s", {"seat": 1, "last_of_wall": True, "seabed_taker": 0}, {}, "big",
     [W.LAST_OF_WALL], (-12, 12, 0, 0)),
    ("123m456m789p234s55s", {"seat": 0, "last_of_wall": True, "seabed_taker": 2, "giver": 2}, {}, "big",
     [W.LAST_OF_WALL], (12, 0, -12, 0)),
    # 海底 needs 将: a 清一色 on 11m won on the last tile is 清一色 only, unless events_need_258 is off.
    ("123m456m789m234m11m", {"seat": 1, "win_by": SELF, "last_of_wall": True}, {}, "big", [W.FULL_FLUSH],
     (-4, 10, -3, -3)),
    ("123m456m789m234m11m", {"seat": 1, "win_by": SELF, "last_of_wall": True}, {"events_need_258": False},
     "big", [W.FULL_FLUSH, W.LAST_OF_WALL], (-8, 20, -6, -6)),
    # 杠上开花 (开杠's tile); near miss: the same hand self-drawn otherwise (补张 is a plain 自摸).
    ("[2222m]456m789p234s55s", {"seat": 1, "win_by": KONG}, {}, "big", [W.KONG_BLOOM], (-4, 10, -3, -3)),
    ("[2222m]456m789p234s55s", {"seat": 1, "win_by": SELF}, {}, "small", [W.SMALL], (-2, 4, -1, -1)),
    ("[2222m]456m789p234s55s", {"seat": 0, "win_by": KONG}, {}, "big", [W.KONG_BLOOM], (12, -4, -4, -4)),
    # 抢杠胡: the konger pays 10, 12 as the dealer; the dealer robbing takes 12.
    ("123m456m789p234s55s", {"seat": 1, "win_by": ROB, "giver": 2}, {}, "big", [W.ROBBING_KONG],
     (0, 10, -10, 0)),
    ("123m456m789p234s55s", {"seat": 1, "win_by": ROB, "giver": 0}, {}, "big", [W.ROBBING_KONG],
     (-12, 12, 0, 0)),
    ("123m456m789p234s55s", {"seat": 0, "win_by": ROB, "giver": 3}, {}, "big", [W.ROBBING_KONG],
     (12, 0, 0, -12)),
    ("123m456m789m234m11m", {"seat": 1, "win_by": ROB, "giver": 2}, {}, "big", [W.FULL_FLUSH],
     (0, 10, -10, 0)),
]


@pytest.mark.parametrize(("hand", "ctx", "opts", "category", "wins", "payments"), WIN_CASES)
def test_wins_and_payments(hand: str, ctx: dict[str, Any], opts: dict[str, Any], category: str,
                           wins: list[WinId], payments: tuple[int, int, int, int]) -> None:
    r = score(hand, WinContext(**ctx), Options(**opts))
    assert r.category == category
    assert [w.id for w in r.wins] == wins
    assert r.payments == payments
    assert sum(r.payments) == 0


# Every payment figure of the seed, by who deals, on 123m456m789p234s55s (小胡) or 111m333p777s999s44m
# (碰碰胡, one big win): (dealer, context, payments).
SMALL, BIG = "123m456m789p234s55s", "111m333p777s999s44m"
PAYMENT_CASES: list[tuple[str, int, dict[str, Any], tuple[int, int, int, int]]] = [
    # 小胡自摸: "庄家自摸,闲家每人给两分" / "闲家自摸,庄家给两分,闲家给一分"
    (SMALL, 0, {"seat": 0, "win_by": SELF}, (6, -2, -2, -2)),
    (SMALL, 0, {"seat": 2, "win_by": SELF}, (-2, -1, 4, -1)),
    (SMALL, 2, {"seat": 0, "win_by": SELF}, (4, -1, -2, -1)),
    (SMALL, 3, {"seat": 3, "win_by": SELF}, (-2, -2, -2, 6)),
    # 大胡自摸: "庄家自摸,闲家每人给四分" / "闲家自摸,庄家给四分,闲家给三分"
    (BIG, 0, {"seat": 0, "win_by": SELF}, (12, -4, -4, -4)),
    (BIG, 0, {"seat": 3, "win_by": SELF}, (-4, -3, -3, 10)),
    (BIG, 1, {"seat": 2, "win_by": SELF}, (-3, -4, 10, -3)),
    # 平胡点炮: "庄家给两分,闲家一分"; the dealer winning takes 2 (庄家比闲家多算一分)
    (SMALL, 0, {"seat": 1, "giver": 0}, (-2, 2, 0, 0)),
    (SMALL, 0, {"seat": 1, "giver": 3}, (0, 1, 0, -1)),
    (SMALL, 0, {"seat": 0, "giver": 2}, (2, 0, -2, 0)),
    # 大胡点炮: "庄家给七分,闲家六分"
    (BIG, 0, {"seat": 1, "giver": 0}, (-7, 7, 0, 0)),
    (BIG, 0, {"seat": 1, "giver": 2}, (0, 6, -6, 0)),
    (BIG, 0, {"seat": 0, "giver": 1}, (7, -7, 0, 0)),
    (BIG, 3, {"seat": 1, "giver": 3}, (0, 7, 0, -7)),
    # 天胡 "每人给庄家四分", 地胡 "庄家给七分", with another dealer
    (SMALL, 2, {"seat": 2, "win_by": SELF, "heavenly": True}, (-4, -4, 12, -4)),
    (SMALL, 2, {"seat": 1, "giver": 2, "earthly": True}, (0, 7, -7, 0)),
    # 海底漫游 and 抢杠: "庄家给十二分,闲家给十分"
    (SMALL, 1, {"seat": 2, "last_of_wall": True, "seabed_taker": 1}, (0, -12, 12, 0)),
    (SMALL, 1, {"seat": 2, "last_of_wall": True, "seabed_taker": 3}, (0, 0, 10, -10)),
    (SMALL, 1, {"seat": 2, "win_by": ROB, "giver": 1}, (0, -12, 12, 0)),
    (SMALL, 1, {"seat": 2, "win_by": ROB, "giver": 0}, (-10, 0, 10, 0)),
]


@pytest.mark.parametrize(("hand", "dealer", "ctx", "payments"), PAYMENT_CASES)
def test_seed_payment_figures(hand: str, dealer: int, ctx: dict[str, Any],
                              payments: tuple[int, int, int, int]) -> None:
    assert score(hand, WinContext(dealer=dealer, **ctx)).payments == payments


def test_dealer_more_off_pays_everyone_the_plain_figure() -> None:
    o = Options(dealer_more=False)
    assert score(SMALL, WinContext(seat=0, win_by=SELF), o).payments == (3, -1, -1, -1)
    assert score(BIG, WinContext(seat=1, giver=0), o).payments == (-6, 6, 0, 0)
    assert score(SMALL, WinContext(seat=1, win_by=ROB, giver=0), o).payments == (-10, 10, 0, 0)


def test_price_table_is_the_seed_plus_one_for_the_dealer() -> None:
    figures = {case: (p.plain, p.dealer) for case, p in PRICES.items()}
    assert figures == {PayCase.SMALL_SELF_DRAWN: (1, 2), PayCase.BIG_SELF_DRAWN: (3, 4),
                       PayCase.SMALL_DISCARD: (1, 2), PayCase.BIG_DISCARD: (6, 7),
                       PayCase.ROBBING_KONG: (10, 12), PayCase.SEABED: (10, 12)}
    assert all(p.source for p in PRICES.values())


def test_win_payments_checks_its_payer() -> None:
    with pytest.raises(InvalidHandError, match="one seat"):
        win_payments(PayCase.BIG_DISCARD, 1, winner=1, dealer=0)
    with pytest.raises(InvalidHandError, match="every other seat"):
        win_payments(PayCase.SMALL_SELF_DRAWN, 1, winner=1, dealer=0, payer=2)
    with pytest.raises(InvalidHandError, match="own win"):
        win_payments(PayCase.SMALL_DISCARD, 1, winner=1, dealer=0, payer=1)
    with pytest.raises(InvalidHandError, match="at least once"):
        win_payments(PayCase.SMALL_DISCARD, 0, winner=1, dealer=0, payer=2)


@pytest.mark.parametrize(("hand", "ctx", "opts", "error", "words"), [
    # small win without a 2/5/8 pair (33s, 11s); 海底/杠上开花/抢杠 need one too
    ("123m456m789p234s33s", {"seat": 1, "giver": 2}, {}, InvalidHandError, "2, 5 or 8"),
    ("123m456m789p234s11s", {"seat": 1, "win_by": SELF}, {}, InvalidHandError, "小番子须2、5、8作将"),
    ("123m456m789p234s11s", {"seat": 1, "win_by": SELF, "last_of_wall": True}, {}, InvalidHandError,
     "海底捞月 needs one too"),
    ("[2222m]456m789p234s11s", {"seat": 1, "win_by": KONG}, {}, InvalidHandError, "杠上开花 needs one too"),
    ("123m456m789p234s11s", {"seat": 1, "win_by": ROB, "giver": 2}, {}, InvalidHandError, "抢杠胡 needs"),
    # 清一色 with the pair of another suit and no 2/5/8: no win
    ("123m456m789m234m11p", {"seat": 1, "giver": 2}, {}, InvalidHandError, "no Changsha win"),
    # 将将胡 near miss: one 3s, and the any-shape hand under all_258="complete"
    ("22m55m8m22p5p88p2s55s3s", {"seat": 1, "giver": 2}, {}, InvalidHandError, "not a winning hand"),
    ("22m55m8m22p5p88p2s55s8s", {"seat": 1, "giver": 2}, {"all_258": "complete"}, InvalidHandError,
     "not a winning hand"),
    # 七巧对 with four alike, when four do not count as two pairs
    ("1133m5555p7799p22s", {"seat": 1, "giver": 2}, {"pairs_with_four": False}, InvalidHandError,
     "not a winning hand"),
    # honors, incomplete, 13 tiles
    ("123m456m789p234s5sE", {"seat": 1, "giver": 2}, {}, InvalidHandError, "honor"),
    ("123m456m789p234s56s", {"seat": 1, "giver": 2}, {}, InvalidHandError, "not a winning hand"),
    ("123m456m789p234s5s", {"seat": 1, "giver": 2}, {}, InvalidHandError, "14 tiles"),
    # 杠上开花 needs a kong in the hand
    ("123m456m789p234s55s", {"seat": 1, "win_by": KONG}, {}, InvalidHandError, "no kong"),
    ("[222m,1]456m789p234s55s", {"seat": 1, "win_by": KONG}, {}, InvalidHandError, "no kong"),
    # 天胡/地胡 hold no meld
    ("[111m,1]333p777s999s44m", {"seat": 0, "win_by": SELF, "heavenly": True}, {}, InvalidHandError,
     "no meld"),
])
def test_hands_that_are_no_win(hand: str, ctx: dict[str, Any], opts: dict[str, Any],
                               error: type[MajiangError], words: str) -> None:
    with pytest.raises(error, match=words):
        score(hand, WinContext(**ctx), Options(**opts))


@pytest.mark.parametrize(("ctx", "error", "words"), [
    ({"win_by": WinBy.DISCARD, "heavenly": True, "giver": 1}, InvalidHandError, "天胡"),
    ({"seat": 1, "win_by": SELF, "heavenly": True}, InvalidHandError, "天胡"),
    ({"seat": 0, "win_by": SELF, "heavenly": True, "earthly": True}, InvalidHandError, "both"),
    ({"seat": 0, "giver": 1, "earthly": True}, InvalidHandError, "地胡"),
    ({"seat": 2, "giver": 1, "earthly": True}, InvalidHandError, "地胡"),
    ({"seat": 2, "win_by": SELF, "earthly": True}, InvalidHandError, "地胡"),
    ({"seat": 1, "win_by": SELF, "giver": 2}, InvalidHandError, "no giver"),
    ({"seat": 1}, InvalidHandError, "needs the giver"),
    ({"seat": 1, "win_by": ROB}, InvalidHandError, "抢杠胡 needs the giver"),
    ({"seat": 1, "giver": 1}, InvalidHandError, "cannot be the winner"),
    ({"seat": 4, "giver": 1}, InvalidHandError, "seat 0-3"),
    ({"seat": 1, "giver": 2, "seabed_taker": 2}, InvalidHandError, "seabed_taker"),
    ({"seat": 1, "last_of_wall": True, "seabed_taker": 2, "giver": 3}, InvalidHandError, "海底漫游"),
    ({"seat": 1, "win_by": KONG, "last_of_wall": True}, InvalidHandError, "海底"),
    ({"seat": 1, "giver": 2, "last_of_wall": True}, InvalidHandError, "seabed_taker"),
    ({"seat": 1, "giver": 2, "win_by": "tsumo"}, InvalidOptionError, "win_by"),
    ({"seat": "1", "giver": 2}, TypeError, "seat"),
    ({"seat": True, "giver": 2}, TypeError, "seat"),
    ({"seat": 1, "giver": 2, "last_of_wall": 1}, TypeError, "last_of_wall"),
])
def test_contradictory_contexts(ctx: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        WinContext(**ctx)


def test_wrong_types_raise_type_error() -> None:
    with pytest.raises(TypeError, match="hand"):
        score(["123m"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="context"):
        score(SMALL, {"seat": 1})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="options"):
        score(SMALL, WinContext(seat=1, giver=2), {"birds": 1})  # type: ignore[arg-type]


def test_string_win_by_is_read() -> None:
    assert WinContext(seat=1, win_by="self-drawn").win_by is WinBy.SELF_DRAWN  # type: ignore[arg-type]


# Opening wins: (dealt tiles, options, wins, payments to seat 2 with seat 0 dealing).
OPENING_CASES: list[tuple[str, dict[str, Any], list[WinId], tuple[int, int, int, int]]] = [
    ("1111m234m567p68s9s", {}, [W.FOUR_ALIKE], (-2, -1, 4, -1)),
    ("111m2234m567p68s9s", {}, [], (0, 0, 0, 0)),
    ("134m679m134p679s9s", {}, [W.NO_258], (-2, -1, 4, -1)),
    ("134m679m135p679s9s", {}, [], (0, 0, 0, 0)),
    ("123456789m1234p", {}, [W.MISSING_SUIT], (-2, -1, 4, -1)),
    ("123456789m123p1s", {}, [], (0, 0, 0, 0)),
    ("1112345678999m", {}, [W.MISSING_SUIT], (-2, -1, 4, -1)),
    ("1112345678999m", {"six_six": True}, [W.MISSING_SUIT, W.TWO_TRIPLETS], (-4, -2, 8, -2)),
    ("111m999p234s567s8s", {}, [], (0, 0, 0, 0)),
    ("111m999p234s567s8s", {"six_six": True}, [W.TWO_TRIPLETS], (-2, -1, 4, -1)),
    ("111m998p234s567s8s", {"six_six": True}, [], (0, 0, 0, 0)),
    ("1111m3467m13467p", {}, [W.FOUR_ALIKE, W.NO_258, W.MISSING_SUIT], (-6, -3, 12, -3)),
    ("1111m3467m13467p", {"opening_count": "once"}, [W.FOUR_ALIKE, W.NO_258, W.MISSING_SUIT],
     (-2, -1, 4, -1)),
    # two fours are one 四喜
    ("1111m2222m345p68s", {}, [W.FOUR_ALIKE], (-2, -1, 4, -1)),
]


def dealt(text: str) -> list[int]:
    counts = [0] * 34
    for t in parse_tiles(text):
        counts[t] += 1
    return counts


@pytest.mark.parametrize(("tiles", "opts", "wins", "payments"), OPENING_CASES)
def test_opening_wins(tiles: str, opts: dict[str, Any], wins: list[WinId],
                      payments: tuple[int, int, int, int]) -> None:
    o = Options(**opts)
    found = opening_wins(dealt(tiles), o)
    assert [w.win.id for w in found] == wins
    assert all(w.win.kind is WinKind.OPENING and w.win.category is Category.SMALL for w in found)
    assert opening_payments(2, 0, found, o) == payments


def test_opening_win_shows_its_tiles_and_the_dealer_is_paid_more() -> None:
    found = opening_wins(dealt("1111m3467m134679p"))  # the dealer's fourteen
    assert found[0].zh == "四喜" and found[0].tiles == (Tile.M1,) and found[1].en == "no 2, 5 or 8 dealt"
    assert opening_payments(0, 0, found) == (18, -6, -6, -6)
    assert opening_payments(1, 3, found) == (-3, 12, -3, -6)


@pytest.mark.parametrize(("counts", "error"), [
    (dealt("1111m234m567p67s"), InvalidHandError),        # 12 tiles
    (dealt("1111m234m567p678s99s"), InvalidHandError),    # 15 tiles
    (dealt("1111m234m567p67sE"), InvalidHandError),       # an honor
    ([0] * 33, InvalidHandError),
    ([5] + [0] * 8 + [1] * 8 + [0] * 17, InvalidHandError),
    ("1111m234m567p678s9s", TypeError),
    ([1.0] * 34, TypeError),
])
def test_opening_wins_reject_bad_deals(counts: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        opening_wins(counts)


# bird_seat: rank counted from the dealer, 1 the dealer, 2 下家, 3 对家, 4 上家, 5 the dealer again.
@pytest.mark.parametrize(("tile", "dealer", "seat"), [
    ("1m", 0, 0), ("2p", 0, 1), ("3s", 0, 2), ("4m", 0, 3), ("5m", 0, 0), ("6s", 0, 1), ("7p", 0, 2),
    ("8m", 0, 3), ("9s", 0, 0), ("2m", 3, 0), ("4p", 2, 1), ("7s", 1, 3),
])
def test_bird_seat(tile: str, dealer: int, seat: int) -> None:
    assert bird_seat(Tile.parse(tile), dealer) == seat
    assert bird_seat(int(Tile.parse(tile)), dealer) == seat


def test_bird_seat_rejects_honors_and_bad_types() -> None:
    with pytest.raises(InvalidHandError, match="108"):
        bird_seat(Tile.EAST, 0)
    with pytest.raises(TypeError):
        bird_seat("5m", 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        bird_seat(Tile.M5, 4)


# Birds on one win: (payments, winner, giver, bird seats, options, result).
DISCARD_WIN = (0, 1, -1, 0)       # seat 2 pays seat 1
SELF_WIN = (-2, 4, -1, -1)        # seat 1 self-draws a small win, seat 0 deals
BIRD_CASES: list[tuple[tuple[int, int, int, int], int, int | None, list[int], dict[str, Any],
                       tuple[int, int, int, int]]] = [
    # discard: "鸟如果扎在胡牌方或点炮方,即为中鸟,点炮人出双倍分数"
    (DISCARD_WIN, 1, 2, [1], {}, (0, 2, -2, 0)),
    (DISCARD_WIN, 1, 2, [2], {}, (0, 2, -2, 0)),
    (DISCARD_WIN, 1, 2, [0], {}, DISCARD_WIN),
    (DISCARD_WIN, 1, 2, [3], {}, DISCARD_WIN),
    (DISCARD_WIN, 1, 2, [], {}, DISCARD_WIN),
    # self-draw: on the winner everyone doubles; on another seat only that seat
    (SELF_WIN, 1, None, [1], {}, (-4, 8, -2, -2)),
    (SELF_WIN, 1, None, [0], {}, (-4, 6, -1, -1)),
    (SELF_WIN, 1, None, [2], {}, (-2, 5, -2, -1)),
    (SELF_WIN, 1, None, [3], {}, (-2, 5, -1, -2)),
    # two birds that both hit: once more each (add), or doubled twice
    (DISCARD_WIN, 1, 2, [1, 2], {}, (0, 3, -3, 0)),
    (DISCARD_WIN, 1, 2, [1, 2], {"bird_mode": "double"}, (0, 4, -4, 0)),
    (SELF_WIN, 1, None, [1, 3], {}, (-4, 9, -2, -3)),
    (SELF_WIN, 1, None, [1, 3], {"bird_mode": "double"}, (-4, 10, -2, -4)),
    # 海底漫游: the taker (seat 3) is the giver; 抢杠: the konger
    ((0, 10, 0, -10), 1, 3, [3], {}, (0, 20, 0, -20)),
    ((-12, 12, 0, 0), 1, 0, [2], {}, (-12, 12, 0, 0)),
]


@pytest.mark.parametrize(("payments", "winner", "giver", "birds", "opts", "result"), BIRD_CASES)
def test_birds(payments: tuple[int, int, int, int], winner: int, giver: int | None, birds: list[int],
               opts: dict[str, Any], result: tuple[int, int, int, int]) -> None:
    assert with_birds(payments, winner, giver, birds, Options(**opts)) == result


def test_seabed_bird_is_the_last_tile() -> None:
    # 海底漫游: seat 3 took the last tile, a 4s; seat 1 wins on it. The 4s is the bird: seat 3, the taker.
    r = score(SMALL, WinContext(seat=1, last_of_wall=True, seabed_taker=3))
    birds = [bird_seat(t, 0) for t in bird_tiles([Tile.M1, Tile.M2], seabed=Tile.S4)]
    assert birds == [3]
    assert with_birds(r.payments, 1, 3, birds) == (0, 20, 0, -20)
    # 海底捞月 self-drawn on a 6p: seat 1, the winner: everyone pays double.
    r = score(SMALL, WinContext(seat=1, win_by=SELF, last_of_wall=True))
    birds = [bird_seat(t, 0) for t in bird_tiles([], Options(birds=3), seabed=Tile.P6)]
    assert with_birds(r.payments, 1, None, birds) == (-8, 20, -6, -6)


def test_bird_tiles_count() -> None:
    wall = [Tile.M3, Tile.P7, Tile.S9]
    assert bird_tiles(wall) == (Tile.M3,)
    assert bird_tiles(wall, Options(birds=0)) == ()
    assert bird_tiles(wall, Options(birds=0), seabed=Tile.S1) == ()
    assert bird_tiles(wall, Options(birds=6)) == tuple(wall)
    assert bird_tiles(wall[:1], Options(birds=2), seabed=Tile.S1) == (Tile.S1,)


def test_several_winners_share_one_bird() -> None:
    # 通炮: seat 0 (the dealer) feeds seat 1 a 小胡 and seat 2 清一色碰碰胡; one bird, a 6m: seat 1.
    a = score(SMALL, WinContext(seat=1, giver=0))
    b = score("222444666888m99m", WinContext(seat=2, giver=0))
    assert (a.payments, b.payments) == ((-2, 2, 0, 0), (-14, 0, 14, 0))
    birds = [bird_seat(Tile.M6, 0)]
    assert with_birds(a.payments, 1, 0, birds) == (-4, 4, 0, 0)
    assert with_birds(b.payments, 2, 0, birds) == (-14, 0, 14, 0)
    # a bird on the discarder doubles what it pays each winner
    assert with_birds(b.payments, 2, 0, [0]) == (-28, 0, 28, 0)


@pytest.mark.parametrize(("payments", "winner", "giver", "error"), [
    ((0, 1, -2, 0), 1, 2, InvalidHandError),      # does not sum to zero
    ((0, -1, 1, 0), 1, 2, InvalidHandError),      # the winner pays
    ((-1, 2, -1, 0), 1, 2, InvalidHandError),     # a discard paid by two
    ((0, 1, -1, 0), 1, 1, InvalidHandError),      # the giver is the winner
    ((0, 1, -1), 1, 2, TypeError),
])
def test_with_birds_rejects_what_is_not_one_win(payments: Any, winner: int, giver: int,
                                                error: type[Exception]) -> None:
    with pytest.raises(error):
        with_birds(payments, winner, giver, [1])


@pytest.mark.parametrize(("changes", "words"), [
    ({"big_wins": "sum"}, "big_wins must be one of 'add', 'highest', not 'sum'"),
    ({"birds": 7}, "birds must be an integer from 0 to 6, not 7"),
    ({"birds": -1}, "birds"),
    ({"birds": True}, "birds"),
    ({"bird_mode": "triple"}, "bird_mode"),
    ({"all_258": "pungs"}, "all_258"),
    ({"opening_count": 2}, "opening_count"),
    ({"six_six": "yes"}, "six_six must be True or False"),
    ({"dealer_more": 1}, "dealer_more"),
])
def test_invalid_options(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidOptionError, match=words):
        Options(**changes)
    with pytest.raises(InvalidOptionError, match=words.split()[0]):
        Options().replace(**changes)


def test_option_texts() -> None:
    o = Options()
    assert o.parse("big_wins=highest").big_wins == "highest"
    assert o.parse("six-six=true").six_six is True
    assert o.parse("birds=4").birds == 4
    assert o == Options() and o.birds == 1 and o.big_wins == "add" and not o.six_six
    for bad in ("birds", "birds=+3", "birds=x", "colour=red", "six_six=maybe"):
        with pytest.raises(InvalidOptionError):
            o.parse(bad)
    with pytest.raises(InvalidOptionError, match="no option 'colour'"):
        o.replace(colour=1)


def test_explain_and_to_dict() -> None:
    r = score("222444666888m99m", WinContext(seat=1, giver=0))
    lines = r.explain().splitlines()
    assert lines[0].startswith("碰碰胡") and lines[1].startswith("清一色")
    assert "seat 0 pays 14" in lines[2] and lines[3] == "payments: -14 +14 0 0"
    d = json.loads(json.dumps(r.to_dict()))
    assert d["category"] == "big" and d["total"] == 2 and d["payments"] == [-14, 14, 0, 0]
    assert [w["zh"] for w in d["wins"]] == ["碰碰胡", "清一色"] and d["case"] == "big-discard"
    assert d["context"]["win_by"] == "discard" and d["options"]["big_wins"] == "add"
    highest = score("222444666888m99m", WinContext(seat=1, giver=0), Options(big_wins="highest"))
    assert highest.total == 1 and "highest only" in highest.explain()


def test_win_table_rows() -> None:
    assert list(CHANGSHA_WINS) == list(WinId)
    needs = {w for w, row in CHANGSHA_WINS.items() if row.needs_258}
    assert needs == {W.SMALL, W.LAST_OF_WALL, W.KONG_BLOOM, W.ROBBING_KONG}
    big = {w for w, row in CHANGSHA_WINS.items() if row.category is Category.BIG}
    assert big == {W.HEAVENLY, W.EARTHLY, W.ALL_PUNGS, W.ALL_258, W.FULL_FLUSH, W.LAST_OF_WALL,
                   W.KONG_BLOOM, W.ROBBING_KONG, W.SEVEN_PAIRS}
    assert all(row.id is w and row.zh and row.en and row.source for w, row in CHANGSHA_WINS.items())


# Properties on random complete hands of four sets and a 2/5/8 pair.

@st.composite
def small_hands(draw: st.DrawFn) -> Hand:
    """Four sets (chows, pungs, kongs; some declared) and a 2/5/8 pair, the winning tile standing."""
    standing: list[int] = []
    melds: list[Meld] = []
    every: list[int] = []
    for _ in range(4):
        suit = draw(st.integers(0, 2))
        shape = draw(st.sampled_from(["chow", "pung", "kong"]))
        declared = shape == "kong" or draw(st.booleans())
        if shape == "chow":
            r = draw(st.integers(0, 6))
            group = [suit * 9 + r, suit * 9 + r + 1, suit * 9 + r + 2]
            meld = Meld.chow(Tile(group[0]), draw(st.integers(1, 3)))
        else:
            group = [suit * 9 + draw(st.integers(0, 8))] * (4 if shape == "kong" else 3)
            side = draw(st.sampled_from(list(RelativeSeat)))
            meld = Meld.pung(Tile(group[0]), side) if shape == "pung" else \
                Meld.kong(Tile(group[0]), draw(st.sampled_from([None, side])))
        every += group
        if declared:
            melds.append(meld)
        else:
            standing += group
    pair = draw(st.sampled_from([s * 9 + r for s in range(3) for r in (1, 4, 7)]))
    standing += [pair, pair]
    every += [pair, pair]
    assume(max(every.count(t) for t in every) <= 4)
    standing.sort()
    win = draw(st.sampled_from(standing))
    standing.remove(win)
    return Hand.of(melds, [Tile(t) for t in standing], Tile(win))


@st.composite
def contexts(draw: st.DrawFn, hand: Hand) -> WinContext:
    """A context that fits the hand: 杠上开花 only with a kong, 天胡/地胡 only without a meld."""
    seat, dealer = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    other = draw(st.sampled_from([s for s in range(4) if s != seat]))
    ways = [w for w in WinBy if w is not WinBy.KONG_REPLACEMENT or any(m.is_kong for m in hand.melds)]
    how = draw(st.sampled_from(ways))
    last = how in (WinBy.SELF_DRAWN, WinBy.DISCARD) and draw(st.booleans())
    dealt = not hand.melds
    if how.self_drawn:
        heavenly = dealt and how is WinBy.SELF_DRAWN and seat == dealer and not last and draw(st.booleans())
        return WinContext(how, seat, dealer, heavenly=heavenly, last_of_wall=last)
    if last:
        return WinContext(how, seat, dealer, seabed_taker=other, last_of_wall=True)
    earthly = dealt and how is WinBy.DISCARD and seat != dealer and other == dealer and draw(st.booleans())
    return WinContext(how, seat, dealer, giver=other, earthly=earthly)


OPTIONS = st.builds(Options, big_wins=st.sampled_from(["add", "highest"]), dealer_more=st.booleans(),
                    events_need_258=st.booleans(), all_258=st.sampled_from(["any", "complete"]))


@settings(max_examples=300, deadline=None)
@given(small_hands(), st.data(), OPTIONS)
def test_a_258_pair_hand_always_scores(hand: Hand, data: st.DataObject, options: Options) -> None:
    context = data.draw(contexts(hand))
    r = score(hand, context, options)
    assert isinstance(r, ChangshaScore)
    assert sum(r.payments) == 0
    assert r.payments[context.seat] > 0
    assert all(p <= 0 for s, p in enumerate(r.payments) if s != context.seat)
    if context.payer is not None:
        assert [s for s, p in enumerate(r.payments) if p < 0] == [context.payer]
    big = r.category is Category.BIG
    assert big == (r.wins[0].id is not W.SMALL)
    assert r.total == (len(r.wins) if big and options.big_wins == "add" else 1)
    # Each payer pays the case's figure, the dealer's when the dealer is on either side, times total.
    price = PRICES[r.case]
    for s, p in enumerate(r.payments):
        if p < 0:
            dealer_in = options.dealer_more and context.dealer in (s, context.seat)
            assert -p == (price.dealer if dealer_in else price.plain) * r.total


@settings(max_examples=300, deadline=None)
@given(small_hands(), st.data(), st.lists(st.integers(0, 3), max_size=6), st.sampled_from(["add", "double"]))
def test_birds_never_lower_a_payment_nor_turn_its_sign(hand: Hand, data: st.DataObject, birds: list[int],
                                                       mode: str) -> None:
    context = data.draw(contexts(hand))
    r = score(hand, context)
    after = with_birds(r.payments, context.seat, context.payer, birds, Options(bird_mode=mode))
    assert sum(after) == 0
    for before, now in zip(r.payments, after, strict=True):
        assert abs(now) >= abs(before)
        assert (now > 0) == (before > 0) and (now < 0) == (before < 0)
    if not birds:
        assert after == r.payments


def test_score_meets_the_engine_score_protocol() -> None:
    from majiang.game.ruleset import Score

    r: Score = score(SMALL, WinContext(seat=1, giver=2))  # mypy checks the protocol here
    assert r.total == 1 and r.to_dict()["total"] == 1

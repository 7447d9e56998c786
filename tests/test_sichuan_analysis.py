"""Sichuan tile efficiency: shanten with a void suit, effective tiles, discard advice, 定缺, 换三张, 查大叫.

Shanten is checked against worked hands and against a brute-force reference that knows nothing of the
tables: it tries every swap (discard one tile, draw any tile outside the void suit) to small depths and
asks a plain recursive win check.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import Hand, InvalidHandError, InvalidOptionError, Meld
from majiang.analysis.decompose import counts_of
from majiang.game import Game
from majiang.game.ruleset import CHINESE_EFFICIENCY, Ruleset, find_ruleset
from majiang.notation import parse_tiles
from majiang.rules.sichuan.analysis import (
    SichuanEfficiency,
    best_wait_points,
    choose_exchange,
    choose_void,
    discard_advice,
    effective_tiles,
    shanten,
    waits,
)
from majiang.sichuan import find_options
from majiang.tiles import ALL_TILES

SETTINGS = settings(max_examples=150, deadline=None)


def counts(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def names(kinds: Sequence[int]) -> list[str]:
    return [ALL_TILES[k].notation() for k in kinds]


# --- worked hands ---------------------------------------------------------------------------------------

SHANTEN_CASES = [
    # 123 456 789m, 11p pair, 234p: complete; void 2 holds nothing of s.
    ("123456789m11234p", 0, None, -1),
    ("123456789m11234p", 0, 2, -1),
    # Void p: 9 live m tiles as three sets, no pair: 3*4 + 1 - 9 = 4.
    ("123456789m11234p", 0, 1, 4),
    # Void m: 11p + 234p live, 5 tiles: 13 - 5 = 8.
    ("123456789m11234p", 0, 0, 8),
    # 123 456 789m 11p 23p: ready on 1p/4p.
    ("123456789m1123p", 0, None, 0),
    # Void m: 11p pair + 23p partial = 4 tiles used: 13 - 4 = 9 (seven pairs: 1 pair, 2 singles: 9 too).
    ("123456789m1123p", 0, 0, 9),
    # Six pairs and 7p: seven pairs ready (the regular form is one away).
    ("1122m33445566p7p", 0, None, 0),
    # Void m: 345 345p, 66p pair, 7p: 3 + 3 + 2 + 1 = 9 used: 13 - 9 = 4.
    ("1122m33445566p7p", 0, 0, 4),
    # 1111m as two pairs + five pairs of p: 龙七对, complete.
    ("1111m2233445566p", 0, None, -1),
    # 清龙七对 with two four-alikes; voiding m leaves all fourteen tiles dead.
    ("11113355779999m", 0, None, -1),
    ("11113355779999m", 0, 0, 13),
    # The void tile 5s is dead: 123 456 78m 11 99p use 12 tiles: one draw from ready.
    ("12345678m1199p5s", 0, 2, 1),
    ("12345678m1199p5s", 0, None, 1),
    # Void p: 123 456 78m + 5s = 9 used, no pair: 13 - 9 = 4.
    ("12345678m1199p5s", 0, 1, 4),
    # Void m: 11 99p + 5s = 5 used: 8 (seven pairs: 2 pairs and 1 single, 13 - 4 - 1 = 8).
    ("12345678m1199p5s", 0, 0, 8),
    # No structure. Void m: 99s is the only pair; seven pairs use 2 + 6 singles: 13 - 8 = 5.
    ("1479m1479p14799s", 0, None, 5),
    ("1479m1479p14799s", 0, 0, 5),
    # Void s: no pair; seven pairs use 7 of the 8 singles: 13 - 7 = 6; the regular form 79m 79p 1m 1p
    # and one tile toward the pair: 7 used, also 6.
    ("1479m1479p14799s", 0, 2, 6),
    # One meld: three sets and a single: ready; with its suit void the single is dead: one away.
    ("123456789m1p", 1, None, 0),
    ("123456789m1p", 1, 2, 0),
    ("123456789m1p", 1, 1, 1),
    # Two melds after a draw: 11m pair, 22m and 34p partial sets: 6 of 8 used: 3*2 + 1 - 6 = 1.
    ("1122m3344p", 2, None, 1),
    # Four melds: a single tile is ready; dead, it is one away; a pair is complete, dead it is one away.
    ("5m", 4, None, 0),
    ("5m", 4, 0, 1),
    ("55m", 4, None, -1),
    ("55m", 4, 0, 1),
    # Every tile of the void suit: nothing usable.
    ("1112345678999m", 0, 0, 13),
    ("1112345678999m", 0, 1, 0),
]


@pytest.mark.parametrize(("hand", "melds", "void", "expected"), SHANTEN_CASES)
def test_shanten_of_worked_hands(hand: str, melds: int, void: int | None, expected: int) -> None:
    assert shanten(counts(hand), melds, void) == expected


EFFECTIVE_CASES = [
    # Shanpon on the two pairs.
    ("123456789m1199p", 0, None, ["1p", "9p"]),
    ("123456789m1199p", 0, 2, ["1p", "9p"]),
    # Void p (4 away): any m or s tile starts the pair or the fourth set; no p tile helps.
    ("123456789m1199p", 0, 1, [f"{r}{s}" for s in "ms" for r in range(1, 10)]),
    # 1m: 11 123 234 456 567; 4m: 123 123 44 456 567; 7m: seven pairs or 123 123 456 456 77.
    ("1122334455667m", 0, None, ["1m", "4m", "7m"]),
    # Seven pairs ready on 7p; the regular form (one away) does not count at shanten 0.
    ("1122m33445566p7p", 0, None, ["7p"]),
    # 4m: 111 123 44m; a fifth 1m would also complete (111 234m and a 1m pair) but none is left.
    ("1111234m567789p", 0, None, ["4m"]),
]


@pytest.mark.parametrize(("hand", "melds", "void", "expected"), EFFECTIVE_CASES)
def test_effective_tiles_of_worked_hands(hand: str, melds: int, void: int | None,
                                        expected: list[str]) -> None:
    assert names(effective_tiles(counts(hand), melds, void)) == expected


# --- a brute-force reference ----------------------------------------------------------------------------

@cache
def _sets_and_pair(held: tuple[int, ...], sets: int, pair: bool) -> bool:
    """Whether ``held`` (27 counts) splits into exactly ``sets`` pungs or sequences and ``pair`` pairs."""
    first = next((k for k, n in enumerate(held) if n), None)
    if first is None:
        return sets == 0 and not pair
    rest = list(held)
    if pair and rest[first] >= 2:
        rest[first] -= 2
        if _sets_and_pair(tuple(rest), sets, False):
            return True
        rest[first] += 2
    if sets and rest[first] >= 3:
        rest[first] -= 3
        if _sets_and_pair(tuple(rest), sets - 1, pair):
            return True
        rest[first] += 3
    if sets and first % 9 <= 6 and rest[first + 1] and rest[first + 2]:
        for k in (first, first + 1, first + 2):
            rest[k] -= 1
        if _sets_and_pair(tuple(rest), sets - 1, pair):
            return True
    return False


def _wins(held: Sequence[int], melds: int, void: int | None) -> bool:
    """A Sichuan win: no tile of the void suit (or of some suit), four sets and a pair, or seven pairs."""
    voids = range(3) if void is None else (void,)
    if not any(not any(held[9 * v:9 * v + 9]) for v in voids):
        return False
    key = tuple(held[:27])
    if not melds and sum(key) == 14 and all(n % 2 == 0 for n in key):
        return True
    return _sets_and_pair(key, 4 - melds, True)


def _live_kinds(void: int) -> list[int]:
    return [k for k in range(27) if k // 9 != void]


def _reference_waiting(held: list[int], melds: int, void: int) -> int:
    """Shanten of a waiting hand (13 - 3 per meld) by trying swaps: exact up to 1, else 2."""
    live = _live_kinds(void)
    for t in live:
        held[t] += 1
        done = _wins(held, melds, void)
        held[t] -= 1
        if done:
            return 0
    for out in [k for k in range(27) if held[k]]:
        held[out] -= 1
        for a, b in combinations_with_replacement(live, 2):
            held[a] += 1
            held[b] += 1
            done = _wins(held, melds, void)
            held[a] -= 1
            held[b] -= 1
            if done:
                held[out] += 1
                return 1
        held[out] += 1
    return 2


def _reference_drawn(held: list[int], melds: int, void: int) -> int:
    """Shanten of a hand after its draw by trying swaps: exact up to 0, else 1."""
    if _wins(held, melds, void):
        return -1
    for out in [k for k in range(27) if held[k]]:
        held[out] -= 1
        for t in _live_kinds(void):
            held[t] += 1
            done = _wins(held, melds, void)
            held[t] -= 1
            if done:
                held[out] += 1
                return 0
        held[out] += 1
    return 1


@st.composite
def sichuan_hands(draw: st.DrawFn, *, drawn: bool) -> tuple[list[int], int]:
    """Standing counts and a meld number: a hand built complete in at most two suits, with a few tiles
    swapped for any suited tiles (so ready and one-away hands turn up often), one fewer unless ``drawn``."""
    melds = draw(st.sampled_from((0, 0, 0, 1, 2, 4)))
    suits = draw(st.lists(st.integers(0, 2), min_size=1, max_size=2, unique=True))
    kinds = [9 * s + r for s in suits for r in range(9)]
    left = [4] * 27
    tiles: list[int] = []
    if not melds and draw(st.booleans()):
        for k in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7)):
            if left[k] >= 2:
                left[k] -= 2
                tiles += [k, k]
    else:
        for _ in range(4 - melds):
            start = draw(st.sampled_from(kinds))
            run = [start, start + 1, start + 2] if start % 9 <= 6 and draw(st.booleans()) else [start] * 3
            if all(left[k] >= run.count(k) for k in run):
                for k in run:
                    left[k] -= 1
                tiles += run
        pair = draw(st.sampled_from(kinds))
        if left[pair] >= 2:
            left[pair] -= 2
            tiles += [pair, pair]
    size = 14 - 3 * melds
    while len(tiles) < size:  # a set the wall could not give is filled at random
        k = draw(st.sampled_from([k for k in range(27) if left[k]]))
        left[k] -= 1
        tiles.append(k)
    for _ in range(draw(st.sampled_from((0, 1, 1, 2, 3)))):
        gone = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
        left[gone] += 1
        k = draw(st.sampled_from([k for k in range(27) if left[k]]))
        left[k] -= 1
        tiles.append(k)
    if not drawn:
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    held = [0] * 34
    for k in tiles:
        held[k] += 1
    return held, melds


@SETTINGS
@given(sichuan_hands(drawn=False), st.integers(0, 2))
def test_shanten_of_waiting_hands_agrees_with_brute_force(hand: tuple[list[int], int], void: int) -> None:
    held, melds = hand
    assert min(shanten(held, melds, void), 2) == _reference_waiting(list(held), melds, void)


@SETTINGS
@given(sichuan_hands(drawn=True), st.integers(0, 2))
def test_shanten_of_drawn_hands_agrees_with_brute_force(hand: tuple[list[int], int], void: int) -> None:
    held, melds = hand
    assert min(shanten(held, melds, void), 1) == _reference_drawn(list(held), melds, void)


@SETTINGS
@given(sichuan_hands(drawn=True))
def test_drawn_shanten_is_that_of_the_best_discard(hand: tuple[list[int], int]) -> None:
    held, melds = hand
    for void in (None, 0, 1, 2):
        after = []
        for k in range(27):
            if held[k]:
                held[k] -= 1
                after.append(shanten(held, melds, void))
                held[k] += 1
        # A complete hand (-1) leaves a ready one (0) after any discard that keeps it whole.
        assert max(shanten(held, melds, void), 0) == min(after)


@SETTINGS
@given(sichuan_hands(drawn=False))
def test_no_void_means_the_best_void(hand: tuple[list[int], int]) -> None:
    held, melds = hand
    assert shanten(held, melds) == min(shanten(held, melds, v) for v in range(3))


@SETTINGS
@given(sichuan_hands(drawn=False), st.integers(0, 2))
def test_a_void_tile_changes_nothing(hand: tuple[list[int], int], void: int) -> None:
    held, melds = hand
    before = shanten(held, melds, void)
    spare = [k for k in range(9 * void, 9 * void + 9) if held[k] < 4]
    held[spare[0]] += 1
    assert shanten(held, melds, void) == before


@SETTINGS
@given(sichuan_hands(drawn=False), st.sampled_from((None, 0, 1, 2)))
def test_effective_tiles_are_the_draws_that_lower_shanten(hand: tuple[list[int], int],
                                                          void: int | None) -> None:
    held, melds = hand
    before = shanten(held, melds, void)
    lower = []
    for k in range(27):
        if held[k] < 4:
            held[k] += 1
            if shanten(held, melds, void) < before:
                lower.append(k)
            held[k] -= 1
    found = effective_tiles(held, melds, void)
    assert found == lower
    assert void is None or all(k // 9 != void for k in found)


@SETTINGS
@given(sichuan_hands(drawn=False), st.integers(0, 2))
def test_effective_tiles_of_close_hands_agree_with_brute_force(hand: tuple[list[int], int],
                                                               void: int) -> None:
    held, melds = hand
    value = shanten(held, melds, void)
    if value > 1:
        return
    expected = []
    for k in _live_kinds(void):
        if held[k] < 4:
            held[k] += 1
            if _reference_drawn(list(held), melds, void) < value:
                expected.append(k)
            held[k] -= 1
    assert effective_tiles(held, melds, void) == expected


# --- discard advice ------------------------------------------------------------------------------------

def test_discard_advice_puts_void_tiles_first_then_shanten_then_live_tiles() -> None:
    held = counts("123456789m1199p5s")
    ranked = discard_advice(held, void=1)
    # The three p tiles must go first whatever they do; 1p before 9p by tile order.
    assert [o.discard.notation() for o in ranked[:2]] == ["1p", "9p"]
    # Void s: 5s is dead weight, its discard leaves 123 456 789m 11 99p ready on 1p and 9p (2 + 2 live).
    best = discard_advice(held, void=2)[0]
    assert (best.discard.notation(), best.shanten, best.live) == ("5s", 0, 4)
    assert [(e.tile.notation(), e.live) for e in best.effective] == [("1p", 2), ("9p", 2)]


def test_discard_advice_counts_live_tiles_from_seen() -> None:
    held = counts("123456789m1199p5s")
    seen = list(held)
    seen[counts("1p").index(1)] = 4  # both other 1p are in sight
    best = discard_advice(held, void=2, seen=seen)[0]
    assert [(e.tile.notation(), e.live) for e in best.effective] == [("1p", 0), ("9p", 2)]
    assert best.live == 2


@SETTINGS
@given(sichuan_hands(drawn=True), st.sampled_from((None, 0, 1, 2)))
def test_discard_advice_ranks_every_discard(hand: tuple[list[int], int], void: int | None) -> None:
    held, melds = hand
    ranked = discard_advice(held, melds, void)
    assert sorted(o.discard for o in ranked) == [k for k in range(27) if held[k]]
    keys = []
    for o in ranked:
        rest = list(held)
        rest[o.discard] -= 1
        assert o.shanten == shanten(rest, melds, void)
        assert [e.tile for e in o.effective] == effective_tiles(rest, melds, void)
        assert all(e.live == 4 - held[e.tile] for e in o.effective)
        keys.append((o.discard // 9 != void, o.shanten, -o.live))
    assert keys == sorted(keys)


def test_discard_advice_wants_a_hand_after_its_draw() -> None:
    with pytest.raises(InvalidHandError, match="after its draw"):
        discard_advice(counts("123456789m1199p"))
    with pytest.raises(InvalidHandError, match="seen"):
        discard_advice(counts("123456789m1199p5s"), seen=[0] * 34)


# --- 定缺 and 换三张 -------------------------------------------------------------------------------------

VOID_CASES = [
    # Fewest tiles: s has one.
    ("123456789m1199p5s", 2),
    # p and s both hold two; either void leaves eleven live tiles (three sets and 55s, or three sets,
    # 1p and 9p): 2 away both: the lower suit, p.
    ("123456789m19p55s", 1),
    # p and s hold three; losing p leaves 3 away, losing s 4 away (see the exchange cases): p.
    ("1235578m159p123s", 1),
    # m has none.
    ("1112345678999p", 0),
]


@pytest.mark.parametrize(("hand", "expected"), VOID_CASES)
def test_choose_void(hand: str, expected: int) -> None:
    assert choose_void(counts(hand)) == expected


EXCHANGE_CASES = [
    # s holds two: p (four) is the weakest suit with three. Kept after all (void m or s), giving 1p 1p 9p
    # leaves 12345678m 9p, giving 1p 9p 9p leaves 12345678m 1p: alike, so the lower tiles go.
    ("12345678m1199p25s", ["1p", "1p", "9p"]),
    # p and s hold three each. Voiding p leaves 123m 78m 123s 55m: 10 used, 3 away; voiding s leaves
    # 123m 78m 1p 5p 55m: 9 used, 4 away. p hurts less to lose: its only three tiles go.
    ("1235578m159p123s", ["1p", "5p", "9p"]),
    # m 9, p 4: p. Kept after all with s void, 123456789m and one p tile: giving 2p 3p 7p keeps 1p,
    # any three leave a single wait: all alike, the lowest go.
    ("123456789m1237p", ["1p", "2p", "3p"]),
    # p 3 (three alike), s 4: p is the smaller; the pung goes whole.
    ("123456m555p1239s", ["5p", "5p", "5p"]),
]


@pytest.mark.parametrize(("hand", "expected"), EXCHANGE_CASES)
def test_choose_exchange(hand: str, expected: list[str]) -> None:
    assert names(choose_exchange(counts(hand))) == expected


def test_choose_exchange_needs_three_of_a_suit() -> None:
    with pytest.raises(InvalidHandError, match="三张"):
        choose_exchange(counts("12m34p"))


@SETTINGS
@given(sichuan_hands(drawn=False))
def test_exchange_is_three_tiles_of_one_suit_the_hand_holds(hand: tuple[list[int], int]) -> None:
    held, melds = hand
    if melds:
        return
    trio = choose_exchange(held)
    assert len(trio) == 3
    assert len({k // 9 for k in trio}) == 1
    for k in set(trio):
        assert trio.count(k) <= held[k]
    assert list(trio) == sorted(trio)


@SETTINGS
@given(sichuan_hands(drawn=False))
def test_void_is_a_suit_with_fewest_tiles(hand: tuple[list[int], int]) -> None:
    held, melds = hand
    if melds:
        return
    sizes = [sum(held[9 * s:9 * s + 9]) for s in range(3)]
    void = choose_void(held)
    assert sizes[void] == min(sizes)
    assert all(shanten(held, void=void) <= shanten(held, void=s) for s in range(3) if sizes[s] == sizes[void])


# --- waits and 查大叫 ------------------------------------------------------------------------------------

PUNG_2P = Meld.parse("[222p,1]")
KONG_8P = Meld.parse("[8888p,1]")
PUNG_5S = Meld.parse("[555s,1]")
PUNG_7P = Meld.parse("[777p,2]")

WAIT_CASES = [
    ("1112345678999m", (), ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
    ("123456789m1123p", (), ["1p", "4p"]),
    ("1122m33445566p7p", (), ["7p"]),
    # 1m would need a fifth copy.
    ("1111234m567789p", (), ["4m"]),
    ("123456p9p", (PUNG_2P, KONG_8P), ["9p"]),
    # Three suits: 123m 456p 789s 11 22s would be a shape, but never a Sichuan win.
    ("123m456p789s1122s", (), []),
    # The melded pung of s makes three suits with the standing m and p.
    ("123456789m1p", (PUNG_5S,), []),
    ("1357m2468p13579s", (), []),
]


@pytest.mark.parametrize(("hand", "melds", "expected"), WAIT_CASES)
def test_waits(hand: str, melds: tuple[Meld, ...], expected: list[str]) -> None:
    assert names(waits(counts(hand), melds)) == expected


@SETTINGS
@given(sichuan_hands(drawn=False))
def test_waits_agree_with_the_win_check(hand: tuple[list[int], int]) -> None:
    held, melds = hand
    expected = []
    for k in range(27):
        if held[k] < 4:
            held[k] += 1
            if _wins(held, melds, None):
                expected.append(k)
            held[k] -= 1
    # Melds as pungs of kinds the hand cannot hold, in a suit it already has (or m): no new suit.
    suit = next((k // 9 for k in range(27) if held[k]), 0)
    free = [k for k in range(9 * suit, 9 * suit + 9) if not held[k]]
    if len(free) < melds:
        return
    pungs = [Meld.pung(ALL_TILES[k]) for k in free[:melds]]
    assert waits(held, pungs) == expected


POINTS_CASES = [
    # 2m-8m win 清一色 (3 番: 24); 1m or 9m make four alike: 根 +1: 4 番 = 6 × 8 = 48.
    ("1112345678999m", (), "sichuan", 48),
    # Chengdu: 素清 2 番 + 杠 1 = 3 番: 5 × 8 = 40, under the 80 cap.
    ("1112345678999m", (), "chengdu", 40),
    # Plain wins on 1p and 4p: 平胡 1 番 = 6.
    ("123456789m1123p", (), "sichuan", 6),
    # 七对 3 番 = 6 × 4 = 24.
    ("1122m33445566p7p", (), "sichuan", 24),
    # Chengdu 暗七对 2 番 = 5 × 4 = 20.
    ("1122m33445566p7p", (), "chengdu", 20),
    # 清一色 3 番 + 根 (the kong) 1 = 4 番 = 48.
    ("123456p9p", (PUNG_7P, KONG_8P), "sichuan", 48),
    # With the pung of 2p, the standing 2p is its fourth copy: a second 根: 5 番 = 96.
    ("123456p9p", (PUNG_2P, KONG_8P), "sichuan", 96),
    ("123m456p789s1122s", (), "sichuan", None),
    ("1357m2468p13579s", (), "sichuan", None),
]


@pytest.mark.parametrize(("hand", "melds", "options", "expected"), POINTS_CASES)
def test_best_wait_points(hand: str, melds: tuple[Meld, ...], options: str, expected: int | None) -> None:
    assert best_wait_points(counts(hand), melds, options) == expected


def test_best_wait_points_follows_the_options() -> None:
    capped = find_options("sichuan", cap_fan=3)
    assert best_wait_points(counts("1112345678999m"), (), capped) == 24


# --- bad input -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("held", "melds", "void", "error", "match"), [
    (counts("123m456m789m11pE"), 0, None, InvalidHandError, "honor"),
    ([0] * 33, 0, None, InvalidHandError, "34"),
    (counts("123m456m789m11p234p"), 1, None, InvalidHandError, "at most 11"),
    (counts("123m"), 5, None, InvalidOptionError, "melds"),
    (counts("123m"), 0, 3, InvalidOptionError, "void"),
    (counts("123m"), 0, True, InvalidOptionError, "void"),
    ([5] + [0] * 33, 0, None, InvalidHandError, "0-4"),
])
def test_bad_input_is_an_error(held: list[int], melds: int, void: int | None, error: type[Exception],
                               match: str) -> None:
    with pytest.raises(error, match=match):
        shanten(held, melds, void)


def test_waits_reject_a_chow_and_a_wrong_size() -> None:
    with pytest.raises(InvalidHandError, match="no chow"):
        waits(counts("123456p9p"), [Meld.parse("[123p,1]"), KONG_8P])
    with pytest.raises(InvalidHandError, match="waiting hand"):
        best_wait_points(counts("123456789m11234p"), ())


# --- the efficiency hook --------------------------------------------------------------------------------

def test_sichuan_efficiency_kills_the_void_suit() -> None:
    hand = counts("123456789m1199p5s")
    assert SichuanEfficiency(void=2).shanten(hand, ()) == 0
    assert SichuanEfficiency(void=1).shanten(hand, ()) == 3
    assert SichuanEfficiency().shanten(hand, ()) == 0
    assert SichuanEfficiency(void=1).is_dead(9) and not SichuanEfficiency(void=1).is_dead(0)
    assert not any(SichuanEfficiency().is_dead(k) for k in range(27))
    waiting = counts("123456789m1199p")
    assert SichuanEfficiency(void=2).shanten_and_effective(waiting, ()) == (0, [9, 17])
    # Void p: the effective tiles are never p tiles (see EFFECTIVE_CASES).
    value, kinds = SichuanEfficiency(void=1).shanten_and_effective(waiting, ())
    assert (value, names(kinds)) == (4, [f"{r}{s}" for s in "ms" for r in range(1, 10)])


def test_a_meld_keeps_its_suit() -> None:
    pung = Meld.parse("[555s,1]")
    # 123456789m 1p with a pung of 5s: a win would hold three suits unless p goes (void p: 1p dead).
    hand = counts("123456789m1p")
    assert SichuanEfficiency().shanten(hand, (pung,)) == 1
    assert SichuanEfficiency(void=1).shanten(hand, (pung,)) == 1
    # Void s with a pung of s: no win is possible.
    assert SichuanEfficiency(void=2).shanten_and_effective(hand, (pung,)) == (99, [])


def test_sichuan_efficiency_scores_wins_by_its_options() -> None:
    hand = Hand.parse("123456789m1123p4p")
    assert SichuanEfficiency().win_points(hand, False) == 6
    # Chengdu: a plain win is 素番, the base 5, and 自摸加底 adds 5.
    assert SichuanEfficiency(options=find_options("chengdu")).win_points(hand, True) == 10
    assert SichuanEfficiency().win_points(Hand.parse("123m456p789s1122s2s"), False) is None


def test_the_default_efficiency_is_chinese_official() -> None:
    model = Ruleset.efficiency(find_ruleset("mcr"), Game(seed=1).view(0))
    assert model is CHINESE_EFFICIENCY and model.mcr_fans
    hand = counts("147m258p369s1234z")
    assert model.shanten(hand, ()) == 0  # 全不靠 (honors and knitted), no Sichuan form
    assert not model.is_dead(0)
    # 门前清 2, 平和 2, 连六 1: under the 8-fan minimum.
    assert model.win_points(Hand.parse("234m345p567s11m67p8p"), False) is None
    # 清龙 16, 门前清 2, 平和 2, 缺一门 1: 21 fans.
    assert model.win_points(Hand.parse("123456789m1123p4p"), False) == 21


# --- plans ---------------------------------------------------------------------------------------------

PLAN_CASES = [
    # Void s, 1122345678m 99p 5s: any win 1 away (123 12 456 78m 99p); 清一色 m: the three p and s tiles
    # must go: 3; 七对: 11 22m 99p and six singles: 13 - 6 - 4 = 3; 对对胡: 11 22m 99p: pair + 2 + 2 +
    # 1 + 1 = 8 used of 14: 5.
    ("1122345678m99p5s", (), 2, [("plain", 1, 6), ("full-flush m", 3, 24), ("seven-pairs", 3, 24),
                                 ("all-pungs", 5, 12)]),
    # A pung of p: no seven pairs, and 清一色 only in p, which holds too little (2 + 3 < 6) to try;
    # 对对胡: 111 222m, 99p and 3m toward the third pung: 9 used: 3 * 3 + 1 - 9 = 1.
    ("1112223m99p5s", (Meld.parse("[555p,1]"),), 2, [("plain", 1, 6), ("all-pungs", 1, 12)]),
    # With the pung in s (the void): nothing can win.
    ("1112223m99p5s", (Meld.parse("[555s,1]"),), 2, []),
]


@pytest.mark.parametrize(("hand", "melds", "void", "expected"), PLAN_CASES)
def test_plans(hand: str, melds: tuple[Meld, ...], void: int, expected: list[tuple[str, int, int]]) -> None:
    plans = SichuanEfficiency(void=void).plans(counts(hand), melds)
    assert [(p.name, p.shanten, p.points) for p in plans] == expected


@SETTINGS
@given(sichuan_hands(drawn=False), st.sampled_from((None, 0, 1, 2)))
def test_plan_effective_tiles_lower_the_plan(hand: tuple[list[int], int], void: int | None) -> None:
    held, n = hand
    melds: tuple[Meld, ...] = ()
    if n:  # pungs of kinds the hand does not hold, in its most held suit
        suit = max(range(3), key=lambda s: sum(held[9 * s:9 * s + 9]))
        free = [k for k in range(9 * suit, 9 * suit + 9) if not held[k]][:n]
        if len(free) < n:
            return
        melds = tuple(Meld.pung(ALL_TILES[k]) for k in free)
    model = SichuanEfficiency(void=void)
    plans = model.plans(held, melds)
    if melds and void == melds[0].tile // 9:
        assert plans == []
        return
    assert plans and plans[0].name == "plain"
    assert (plans[0].shanten, list(plans[0].effective)) == model.shanten_and_effective(held, melds)
    for plan in plans:
        lower = []
        for k in range(27):
            if held[k] < 4:
                held[k] += 1
                after = {p.name: p.shanten for p in model.plans(held, melds)}
                if after.get(plan.name, 99) < plan.shanten:
                    lower.append(k)
                held[k] -= 1
        assert list(plan.effective) == lower, plan.name
        assert void is None or all(k // 9 != void for k in plan.effective)

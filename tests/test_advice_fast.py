"""The 8-fan advice's shortcuts give the figures of plain scoring, one holding and one win at a time.

The advice scores a win on a discard and self-drawn in one pass (``fast.fan_totals``), turns holdings
away on the tables alone (``ready.ready_from_codes``, ``ready.split_ready_kinds``), and calls a holding
legal without a count when its wait completes a special form or its kinds alone decide a fan of 8 or
more (``fast.tile_floor``). ``score().fans`` builds only the candidate the fast path chose
(``fast.fan_choice``). Each is checked here against the plain path it replaces: ``mcr.fan_total`` per
win, ``shanten_counts`` and ``ready_kinds`` per holding, ``calculate`` for the fans. The slow
differential runs ``MAJIANG_ADVICE_HANDS`` examples (8 by default; ``make soak`` runs 200).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import mcr
from majiang.analysis.decompose import counts_of, iter_decompositions
from majiang.analysis.efficiency import seen_counts
from majiang.analysis.ready import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    SPECIAL_FORMS,
    THIRTEEN_ORPHANS,
    _special_ready,
    is_ready,
    near_special_forms,
    quick_ready_kinds,
    ready_from_codes,
    special_waits,
    split_ready_kinds,
)
from majiang.analysis.shanten import (
    _code,
    _vectors,
    effective_counts,
    ready_kinds,
    shanten_counts,
    shanten_forms,
)
from majiang.analysis.tables import RECORD, suit_table
from majiang.bots.fan_aware import _wait_fans
from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.notation import parse_tiles
from majiang.rules.mcr import PROFILES, WinBy, _context
from majiang.rules.mcr.advice import McrWinFans
from majiang.rules.mcr.calculator import calculate
from majiang.rules.mcr.fast import (
    SEVEN_PAIRS_FORM,
    WinFloor,
    counted_totals,
    fan_choice,
    fan_total,
    fan_totals,
    tile_floor,
)
from majiang.rules.mcr.generate import iter_wins
from majiang.rules.mcr.profiles import Profile
from majiang.tiles import ALL_TILES, Tile

HANDS = int(os.environ.get("MAJIANG_ADVICE_HANDS", "8"))
SEEDS = st.integers(0, 2**32 - 1)


def _wins(seed: int, n: int) -> list[Hand]:
    return [s.hand for s in iter_wins(seed, n)]


@settings(max_examples=12, deadline=None)
@given(SEEDS)
def test_one_pass_gives_both_totals(seed: int) -> None:
    # Every flag that tells the two ways apart: 和绝张, the wall's last tile, each profile's values.
    rng = random.Random(seed)
    for hand in _wins(seed, 12):
        for profile in PROFILES.values():
            last_copy, last_of_wall = rng.random() < 0.3, rng.random() < 0.3
            try:
                on_discard = _context(hand, WinBy.DISCARD, last_of_wall, last_copy, "E", "S", 0)
                drawn = _context(hand, WinBy.SELF_DRAWN, last_of_wall, last_copy, "E", "S", 0)
            except InvalidHandError:
                continue  # 和绝张 beside a standing copy: no such win
            assert fan_totals(hand, on_discard, profile) == (fan_total(hand, on_discard, profile),
                                                             fan_total(hand, drawn, profile))


def test_one_pass_exposes_the_pung_a_discard_completes() -> None:
    # 333p completed by the discard is a claimed pung: 三暗刻 only when self-drawn.
    hand = Hand.parse("111m222s33p45699s3p")
    ctx = _context(hand, WinBy.DISCARD, False, False, "E", "E", 0)
    totals = fan_totals(hand, ctx, PROFILES["mil"])
    assert totals is not None
    on_discard, drawn = totals
    assert (on_discard, drawn) == (mcr.fan_total(hand), mcr.fan_total(hand, win_by="self-drawn"))
    assert drawn > on_discard
    assert fan_totals(Hand.parse("123m456p789s11sEEC"), ctx, PROFILES["mil"]) is None


@settings(max_examples=10, deadline=None)
@given(SEEDS)
def test_explained_fans_are_the_full_calculation(seed: int) -> None:
    rng = random.Random(seed)
    for sample in iter_wins(seed, 15):
        kw = sample.kwargs()
        kw["flowers"] = rng.randrange(3)
        profile = rng.choice(list(PROFILES.values()))
        result = mcr.score(sample.hand, profile=profile, **kw)
        ctx = mcr.win_context(sample.hand, **kw)
        assert result.fans == calculate(sample.hand, ctx, profile).fans
        assert result.fan_total == sum(f.points for f in result.fans if f.id != "flower_tiles")


def test_the_fast_path_names_its_choice_only_when_alone() -> None:
    profile = PROFILES["mil"]
    # One decomposition: chosen. Seven pairs alone, or above a regular split (25 against 7): the form is
    # named. Two splits of equal total (11 each): none, and the explanation weighs every candidate.
    alone = Hand.parse("[567m,2]123p456s99sCCC")
    both_forms = Hand.parse("223344m556677p99s")
    pairs = Hand.parse("1122m3344p5566s7s7s")
    tie = Hand.parse("2233445556sPPP4s")
    ctx = mcr.win_context(alone)
    assert fan_choice(alone, ctx, profile) == (mcr.fan_total(alone), 0)
    for hand, named in ((both_forms, SEVEN_PAIRS_FORM), (pairs, SEVEN_PAIRS_FORM), (tie, -1)):
        choice = fan_choice(hand, mcr.win_context(hand), profile)
        assert choice is not None and choice[1] == named
        assert mcr.score(hand).fans == calculate(hand, mcr.win_context(hand), profile).fans


def _holdings(seed: int) -> list[tuple[tuple[int, ...], int]]:
    """Holdings near a win (a win less one tile, less one more and a random draw) and random ones."""
    rng = random.Random(seed)
    out = []
    for hand in _wins(seed, 10):
        counts = list(hand.counts())
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        out.append((tuple(counts), len(hand.melds)))
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        counts[rng.choice([t for t in range(34) if counts[t] < 4])] += 1
        out.append((tuple(counts), len(hand.melds)))
    wall = [t for t in range(34) for _ in range(4)]
    for melds in (0, 0, 1, 2):
        rng.shuffle(wall)
        counts = [0] * 34
        for t in wall[:13 - 3 * melds]:
            counts[t] += 1
        out.append((tuple(counts), melds))
    return out


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_quick_readiness_is_ready_kinds(seed: int) -> None:
    table = suit_table()
    vecs = _vectors()
    for counts, melds in _holdings(seed):
        kinds = ready_kinds(counts, melds)
        assert quick_ready_kinds(counts, melds) == kinds
        split = split_ready_kinds(counts, melds)
        assert (split is None) == (kinds is None)
        if split is not None:
            assert sorted({*split[0], *split[1]}) == kinds
        i0, i1, i2 = (_code(counts, b) * RECORD for b in (0, 9, 18))
        honors = vecs.honor_stats(tuple(counts[27:34]))
        ready = ready_from_codes(table, vecs, i0, i1, i2, honors, melds, SPECIAL_FORMS)
        assert ready == is_ready(counts, melds)
        # Only the special forms near the holding need testing.
        assert quick_ready_kinds(counts, melds, forms=near_special_forms(counts, melds)) == kinds


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_near_special_forms_cover_every_holding_two_tiles_away(seed: int) -> None:
    # The advice tests a holding one out, one in and one more out of its hand only for these forms.
    rng = random.Random(seed)
    for counts, melds in _holdings(seed):
        drawn = list(counts)
        drawn[rng.choice([t for t in range(34) if drawn[t] < 4])] += 1
        forms = near_special_forms(drawn, melds)
        if melds == 0:
            shanten = shanten_forms([ALL_TILES[t] for t in range(34) for _ in range(drawn[t])])
            assert forms == sum(bit for bit, value in ((SEVEN_PAIRS, shanten.seven_pairs),
                                                       (THIRTEEN_ORPHANS, shanten.thirteen_orphans),
                                                       (HONORS_KNITTED, shanten.honors_knitted),
                                                       (KNITTED_STRAIGHT, shanten.knitted_straight))
                                if value < 2)
        for _ in range(60):
            a, t = rng.choice([k for k in range(34) if drawn[k]]), rng.randrange(34)
            y = list(drawn)
            y[a] -= 1
            if y[t] == 4:
                continue
            y[t] += 1
            y[rng.choice([k for k in range(34) if y[k]])] -= 1
            assert split_ready_kinds(y, melds, forms=forms) == split_ready_kinds(y, melds)


@settings(max_examples=12, deadline=None)
@given(SEEDS)
def test_tile_floor_is_a_floor(seed: int) -> None:
    for hand in _wins(seed, 20):
        if next(iter_decompositions(hand.counts()), None) is None:
            continue  # the floor speaks of four sets and a pair only
        for profile in PROFILES.values():
            floor = tile_floor(hand._all_mask, profile)
            ctx = mcr.win_context(hand)
            totals = fan_totals(hand, ctx, profile)
            assert totals is not None and floor <= min(totals)
    assert tile_floor(Hand.parse("1112345678999m5m")._all_mask, PROFILES["mil"]) == 24  # 清一色
    assert tile_floor(Hand.parse("123m456p789s11sEEE")._all_mask, PROFILES["mil"]) == 0


_WINDS = ("E", "S", "W", "N")


def _claimed(hand: Hand) -> int:
    return sum(1 for m in hand.melds if not (m.kind is MeldKind.KONG and m.from_seat is None))


def _threes_fours(hand: Hand) -> tuple[int, int]:
    """The kinds the win holds three or four of, and four of outside a kong (``WinFloor``'s arguments)."""
    held = hand.counts(include_melds=True)
    kongs = {int(m.tile) for m in hand.melds if m.kind is MeldKind.KONG}
    return (sum(1 << k for k, n in enumerate(held) if n >= 3),
            sum(1 << k for k, n in enumerate(held) if n == 4 and k not in kongs))


def _floor_holds(hand: Hand, profile: Profile, seat: str, round_wind: str, last: bool) -> bool:
    try:
        ctx = _context(hand, WinBy.DISCARD, False, last, seat, round_wind, 0)
    except InvalidHandError:
        return True  # 和绝张 beside a standing copy: no such win
    totals = fan_totals(hand, ctx, profile)
    assert totals is not None
    threes, fours = _threes_fours(hand)
    floor = WinFloor(_claimed(hand), Tile.parse(seat), Tile.parse(round_wind), profile)
    return floor(hand._all_mask, threes, fours, ctx.last_copy) <= max(totals)


@settings(max_examples=15, deadline=None)
@given(SEEDS)
def test_win_floor_is_a_floor(seed: int) -> None:
    # A wrong floor is a wrong advice: every win in four sets and a pair scores at least it, either way.
    rng = random.Random(seed)
    for hand in _wins(seed, 25):
        if next(iter_decompositions(hand.counts()), None) is None:
            continue  # the floor speaks of four sets and a pair only
        for profile in PROFILES.values():
            assert _floor_holds(hand, profile, rng.choice(_WINDS), rng.choice(_WINDS), rng.random() < 0.3)


# Wins whose fans exclude one another the most: wind and dragon pungs, honors only, greens, melds.
FLOOR_HANDS = [
    "EEESSSWWWNNNPP",
    "EEESSSWWWNNPPP",
    "PPPFFFCCC11m222m",
    "PPPFCCC123m456mF",
    "EEE223344666sFF",
    "223344666888sFF",
    "22334466688sFFF",
    "[EEE,1][SSS,2][WWW,3]123mNN",
    "[EEEE][SSSS,1]WWW11m22m2m",
    "[123m][456p][789s][PPP,2]EE",
    "1112345678999m9m",
    "11122233399mNNN",
    "222444666888pSS",
]


@pytest.mark.parametrize("text", FLOOR_HANDS)
def test_win_floor_below_the_totals_of_tricky_hands(text: str) -> None:
    hand = Hand.parse(text)
    for profile in PROFILES.values():
        for seat in _WINDS:
            for round_wind in _WINDS:
                for last in (False, True):
                    assert _floor_holds(hand, profile, seat, round_wind, last), (profile, seat, round_wind)


def test_win_floor_counts_what_the_tiles_decide() -> None:
    mil = PROFILES["mil"]
    kinds = Hand.parse("123m567m999mEEE55m")._all_mask
    east = 1 << int(Tile.EAST)
    # 混一色 6 and 不求人 4; the East pung adds 门风刻 and 圈风刻 as East's seat in an East round.
    assert WinFloor(0, Tile.EAST, Tile.EAST, mil)(kinds, 0, 0, False) == 10
    assert WinFloor(0, Tile.EAST, Tile.EAST, mil)(kinds, east, 0, False) == 14
    assert WinFloor(0, Tile.SOUTH, Tile.SOUTH, mil)(kinds, east, 0, False) == 10
    # Claimed melds: 混一色 6 and 自摸 1, 和绝张 4; 全求人 6 on a discard with four melds.
    assert WinFloor(1, Tile.SOUTH, Tile.SOUTH, mil)(kinds, 0, 0, False) == 7
    assert WinFloor(1, Tile.SOUTH, Tile.SOUTH, mil)(kinds, 0, 0, True) == 11
    assert WinFloor(4, Tile.SOUTH, Tile.SOUTH, mil)(kinds, 0, 0, False) == 12


@settings(max_examples=12, deadline=None)
@given(SEEDS)
def test_counted_totals_are_fan_totals(seed: int) -> None:
    rng = random.Random(seed)
    for hand in _wins(seed, 15):
        win = int(hand.winning_tile)  # type: ignore[arg-type]
        for profile in PROFILES.values():
            last = rng.random() < 0.3
            fans = McrWinFans(rng.choice(_WINDS), rng.choice(_WINDS), profile)
            try:
                ctx = _context(hand, WinBy.DISCARD, False, last, fans.seat, fans.round, 0)
            except InvalidHandError:
                with pytest.raises(InvalidHandError):
                    fans.both_ways_counted(hand.melds, hand._counts, hand._all_counts, hand._mask,
                                           hand._all_mask, win, last)
                continue
            totals = fan_totals(hand, ctx, profile)
            assert counted_totals(hand.melds, hand._counts, hand._all_counts, hand._mask, hand._all_mask, win,
                                  ctx, profile) == totals
            assert fans.both_ways_counted(hand.melds, hand._counts, hand._all_counts, hand._mask,
                                          hand._all_mask, win, last) == fans.both_ways(hand, last_copy=last)


def test_counted_totals_refuse_what_is_no_win() -> None:
    fans = McrWinFans()
    hand = Hand.parse("[111m,1]23m456p789s11s1m")  # the fourth 1m, three of them in the hand's own meld
    win = int(hand.winning_tile)  # type: ignore[arg-type]
    args = (hand.melds, hand._counts, hand._all_counts, hand._mask, hand._all_mask, win)
    assert fans.both_ways_counted(*args, False) == fans.both_ways(hand, last_copy=False)  # 和绝张 either way
    assert fans.both_ways_counted(*args, False) == fans.both_ways_counted(*args, True)
    other = Hand.parse("123m456p789s11sEEC")
    with pytest.raises(InvalidHandError):
        fans.both_ways_counted(other.melds, other._counts, other._all_counts, other._mask, other._all_mask,
                               int(Tile.parse("C")), False)
    pair = Hand.parse("123m456p789s11sEE1s")
    with pytest.raises(InvalidHandError, match="和绝张"):
        fans.both_ways_counted(pair.melds, pair._counts, pair._all_counts, pair._mask, pair._all_mask,
                               int(Tile.parse("1s")), True)


@settings(max_examples=10, deadline=None)
@given(SEEDS)
def test_fan_aware_wait_fans_are_two_fan_totals(seed: int) -> None:
    # The bot's one-pass, counts-level scoring of a wait equals two checked calls; a tile that completes
    # nothing scores (0, 0).
    rng = random.Random(seed)
    for hand in _wins(seed, 15):
        win = int(hand.winning_tile)  # type: ignore[arg-type]
        counts = list(hand.counts())
        counts[win] -= 1
        seat, round_wind = rng.randrange(27, 31), rng.randrange(27, 31)
        held = hand.counts(include_melds=True)
        for tile in (win, rng.choice([k for k in range(34) if held[k] < 4] or [win])):
            last = rng.random() < 0.3
            expected = []
            for how in ("discard", "self-drawn"):
                try:
                    total = mcr.fan_total(Hand(hand.melds, hand.tiles[:0] + tuple(
                        ALL_TILES[k] for k in range(34) for _ in range(counts[k])), ALL_TILES[tile]),
                        win_by=how, last_copy=last, seat_wind=Tile(seat), round_wind=Tile(round_wind))
                except InvalidHandError:
                    total = None
                expected.append(total or 0)
            assert _wait_fans(hand.melds, counts, tile, last, seat, round_wind) == tuple(expected)


def _ready(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


@pytest.mark.parametrize(("text", "forms", "waits"), [
    ("1122m3344p5566sE", SEVEN_PAIRS, ["E"]),
    ("1122m3344p555sEE", SEVEN_PAIRS, ["5s"]),
    ("19m19p19sESWNPFC", THIRTEEN_ORPHANS,
     ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]),
    ("147m258p36sESWNPF", HONORS_KNITTED, ["9s", "C"]),
    ("147m258p369s11sEE", KNITTED_STRAIGHT, ["1s", "E"]),
    ("147m258p369sEEEE", KNITTED_STRAIGHT, []),  # only a fifth East: no live wait
])
def test_special_waits(text: str, forms: int, waits: list[str]) -> None:
    counts = _ready(text)
    assert special_waits(counts, 0, forms) == [int(Tile.parse(w)) for w in waits]
    assert split_ready_kinds(counts, 0) == ([], special_waits(counts, 0, forms))


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_ready_special_forms_have_live_waits(seed: int) -> None:
    # The advice calls a holding ready in 七对, 十三幺 or 全不靠, or a concealed 组合龙 holding no kind four
    # times, legal without listing its waits: each such holding has a wait it holds fewer than four of.
    table = suit_table()
    vecs = _vectors()
    rng = random.Random(seed)
    for hand in _wins(seed, 40):
        counts = list(hand.counts())
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        melds = len(hand.melds)
        if melds > 1:
            continue
        i0, i1, i2 = (_code(counts, b) * RECORD for b in (0, 9, 18))
        special = _special_ready(table, vecs, i0, i1, i2, vecs.honor_stats(tuple(counts[27:34])), melds,
                                 SPECIAL_FORMS)
        if special & (SEVEN_PAIRS | THIRTEEN_ORPHANS | HONORS_KNITTED) or (special and not melds
                                                                            and 4 not in counts):
            waits = special_waits(counts, melds, special)
            assert waits and all(counts[t] < 4 for t in waits)


def _after_draw(seed: int) -> tuple[Hand, list[Tile]]:
    """A win with one standing tile swapped for a draw, and some tiles in sight (three of one kind now
    and then: 和绝张 on that wait)."""
    rng = random.Random(seed)
    hand = next(iter(iter_wins(seed, 1))).hand
    standing = [*hand.tiles, hand.winning_tile]
    standing.pop(rng.randrange(len(standing)))
    held = hand.counts(include_melds=True)
    rest = [t for t in ALL_TILES for _ in range(4 - held[t])]
    rng.shuffle(rest)
    drawn = rest.pop()
    visible = rest[:rng.randrange(8)]
    kind = rng.choice(ALL_TILES)
    if held[kind] == 0 and drawn != kind and kind not in visible and rng.random() < 0.5:
        visible += [kind] * 3
    return Hand(hand.melds, tuple(standing), drawn), visible  # type: ignore[arg-type]


def _plain_fans(melds: tuple[Meld, ...], holding: list[int], win: int, seen: list[int]) -> tuple[int, int]:
    """Both totals of a win by the checked public entry point, one call each."""
    tiles = tuple(ALL_TILES[t] for t in range(34) for _ in range(holding[t]))
    hand = Hand(melds, tiles, ALL_TILES[win])
    last = seen[win] - holding[win] == 3 and not holding[win]
    totals = (mcr.fan_total(hand, last_copy=last), mcr.fan_total(hand, win_by="self-drawn", last_copy=last))
    assert None not in totals
    return totals  # type: ignore[return-value]


def _plain_legal_live(hand: Hand, seen: list[int], counts: list[int], effective: list[int]) -> int:
    """Live copies of the effective draws after which some discard leaves a legal ready holding."""
    melds = hand.melds
    in_melds = [a - b for a, b in zip(hand.counts(include_melds=True), hand.counts(), strict=True)]
    total = 0
    for t in effective:
        if seen[t] >= 4:
            continue
        after = list(counts)
        after[t] += 1
        drawn_seen = list(seen)
        drawn_seen[t] += 1
        legal = False
        for d in range(34):
            if not after[d] or d == t:
                continue
            holding = list(after)
            holding[d] -= 1
            if shanten_counts(holding, len(melds)) != 0:
                continue
            mine = [m + n for m, n in zip(in_melds, holding, strict=True)]
            waits = [w for w in ready_kinds(holding, len(melds)) or [] if mine[w] < 4]
            if any(max(_plain_fans(melds, holding, w, drawn_seen)) >= mcr.MINIMUM for w in waits):
                legal = True
                break
        if legal:
            total += 4 - seen[t]
    return total


@pytest.mark.slow
@settings(max_examples=HANDS, deadline=None)
@given(SEEDS)
def test_advice_equals_plain_scoring(seed: int) -> None:
    hand, visible = _after_draw(seed)
    seen = seen_counts(hand, visible)
    counts = hand.counts()
    held = hand.counts(include_melds=True)
    for option in mcr.discard_advice(hand, visible):
        d = int(option.discard)
        after = list(counts)
        after[d] -= 1
        mine = list(held)
        mine[d] -= 1
        assert [int(e.tile) for e in option.effective] == effective_counts(after, len(hand.melds), held=mine)
        if option.shanten == 0:
            for wait in option.waits:
                plain = _plain_fans(hand.melds, after, int(wait.tile), seen)
                assert (wait.fans_discard, wait.fans_self_drawn) == plain
                assert wait.legal == (max(plain) >= mcr.MINIMUM)
            assert option.legal_live == sum(w.live for w in option.waits if w.legal)
        elif option.shanten == 1:
            effective = [int(e.tile) for e in option.effective]
            assert option.legal_live == _plain_legal_live(hand, seen, after, effective)
        else:
            assert option.legal_live is None

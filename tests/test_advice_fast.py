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
from majiang.analysis.decompose import iter_decompositions
from majiang.analysis.efficiency import seen_counts
from majiang.analysis.ready import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    SPECIAL_FORMS,
    THIRTEEN_ORPHANS,
    is_ready,
    near_special_forms,
    quick_ready_kinds,
    ready_from_codes,
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
from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.meld import Meld
from majiang.rules.mcr import PROFILES, WinBy, _context
from majiang.rules.mcr.calculator import calculate
from majiang.rules.mcr.fast import SEVEN_PAIRS_FORM, fan_choice, fan_total, fan_totals, tile_floor
from majiang.rules.mcr.generate import iter_wins
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

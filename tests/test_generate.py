"""The random winning-hand generator: shapes, tile counts, win contexts, coverage and determinism."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from majiang.hand import Hand
from majiang.meld import MeldKind
from majiang.rules.mcr.calculator import WinBy
from majiang.rules.mcr.generate import MIX, STRUCTURES, WinSample, iter_wins, random_win
from majiang.tiles import TERMINALS_AND_HONORS, Tile

N = 6000
SAMPLES = list(iter_wins(20240601, N))


# --- an independent winning-shape check, written for these tests --------------------------------------

def _sets_only(counts: list[int]) -> bool:
    """Whether ``counts`` splits into pungs and chows (nothing left over)."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _sets_only(counts)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        ok = _sets_only(counts)
        for k in (i, i + 1, i + 2):
            counts[k] += 1
        if ok:
            return True
    return False


def _sets_and_pair(counts: list[int]) -> bool:
    for t in range(34):
        if counts[t] >= 2:
            counts[t] -= 2
            ok = _sets_only(counts)
            counts[t] += 2
            if ok:
                return True
    return False


KNITTED = [
    {Tile(s * 9 + offset + 3 * k) for offset, s in enumerate(order) for k in range(3)}
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
]


def _is_honors_and_knitted(standing: tuple[Tile, ...]) -> bool:
    numbered = {t for t in standing if t.is_numbered}
    return len(set(standing)) == 14 and any(numbered <= k for k in KNITTED)


def _is_knitted_straight(hand: Hand) -> bool:
    if len(hand.melds) > 1:
        return False
    counts = hand.counts()
    for knitted in KNITTED:
        if all(counts[t] for t in knitted):
            for t in knitted:
                counts[t] -= 1
            ok = _sets_and_pair(counts)
            for t in knitted:
                counts[t] += 1
            if ok:
                return True
    return False


def _is_winning(hand: Hand) -> bool:
    counts = hand.counts()
    if _sets_and_pair(counts):
        return True
    if hand.melds:
        return _is_knitted_straight(hand)
    return (
        all(n % 2 == 0 for n in counts)
        or set(hand.standing) == set(TERMINALS_AND_HONORS)
        or _is_honors_and_knitted(hand.standing)
        or _is_knitted_straight(hand)
    )


def _all_tiles(hand: Hand) -> list[Tile]:
    return [*hand.standing, *(t for m in hand.melds for t in m.tiles)]


def _copies_of_winning_tile(sample: WinSample) -> int:
    return sample.hand.counts(include_melds=True)[sample.winning_tile]


# --- consistency ------------------------------------------------------------------------------------

@pytest.mark.parametrize("sample", SAMPLES[:2000], ids=str)
def test_every_sample_is_a_winning_hand(sample: WinSample) -> None:
    assert _is_winning(sample.hand), sample


def test_tile_counts_are_possible() -> None:
    for s in SAMPLES:
        hand = s.hand
        assert hand.winning_tile is not None
        assert len(hand.melds) <= 4
        assert len(hand.tiles) == 13 - 3 * len(hand.melds)
        kongs = sum(m.is_kong for m in hand.melds)
        assert sum(hand.counts(include_melds=True)) == 14 + kongs
        assert max(hand.counts(include_melds=True)) <= 4, s
        assert Hand.parse(hand.notation()) == hand


def test_win_flags_are_consistent_with_the_hand() -> None:
    for s in SAMPLES:
        assert not (s.win_by is WinBy.ROBBING_KONG and s.last_of_wall), s
        if s.win_by is WinBy.KONG_REPLACEMENT:  # 杠上开花: the winner made a kong
            assert any(m.is_kong for m in s.hand.melds), s
        if s.win_by is WinBy.ROBBING_KONG:  # 抢杠和: the robbed kong holds the other three copies
            assert _copies_of_winning_tile(s) == 1, s
        if s.last_copy:  # 和绝张, drawn conservatively
            assert _copies_of_winning_tile(s) == 1, s
        assert s.seat_wind in ("E", "S", "W", "N")
        assert s.round_wind in ("E", "S", "W", "N")
        assert 0 <= s.flowers <= 8


def test_kwargs_are_the_score_keywords() -> None:
    s = SAMPLES[0]
    kwargs = s.kwargs()
    keywords = {"win_by", "last_of_wall", "last_copy", "seat_wind", "round_wind", "flowers"}
    assert set(kwargs) == keywords
    assert kwargs["seat_wind"] == s.seat_wind and kwargs["flowers"] == s.flowers


# --- each structure has its shape -------------------------------------------------------------------

def _of(structure: str) -> list[WinSample]:
    found = [s for s in SAMPLES if s.structure == structure]
    assert found, structure
    return found


def test_seven_pairs_shapes() -> None:
    four_alike = 0
    for s in _of("seven_pairs"):
        counts = s.hand.counts()
        assert not s.hand.melds and all(n % 2 == 0 for n in counts), s
        four_alike += 4 in counts
    assert four_alike > 0


def test_seven_shifted_pairs_shapes() -> None:
    for s in _of("seven_shifted_pairs"):
        kinds = sorted(set(s.hand.standing))
        assert len(kinds) == 7 and kinds[0].is_numbered and kinds[-1] - kinds[0] == 6, s
        assert kinds[0].suit == kinds[-1].suit and all(s.hand.counts()[t] == 2 for t in kinds), s


def test_thirteen_orphans_shapes() -> None:
    for s in _of("thirteen_orphans"):
        assert not s.hand.melds and set(s.hand.standing) == set(TERMINALS_AND_HONORS), s


def test_honors_and_knitted_shapes() -> None:
    for structure, honors in (("honors_and_knitted", (5, 6)), ("greater_honors_and_knitted", (7,))):
        for s in _of(structure):
            assert not s.hand.melds and _is_honors_and_knitted(s.hand.standing), s
            assert sum(t.is_honor for t in s.hand.standing) in honors, s


def test_knitted_straight_shapes() -> None:
    melded = 0
    for s in _of("knitted_straight"):
        assert _is_knitted_straight(s.hand), s
        melded += len(s.hand.melds)
    assert melded > 0


def test_nine_gates_shapes() -> None:
    pure_wait = 0
    for s in _of("nine_gates"):
        counts = s.hand.counts()
        suit = s.winning_tile.suit
        ranks = [counts[Tile.from_suit_rank(suit, r)] for r in range(1, 10)]
        assert sum(ranks) == 14 and not s.hand.melds, s
        assert ranks[0] >= 3 and ranks[8] >= 3 and min(ranks) >= 1, s
        waiting = [s.hand.tiles.count(Tile.from_suit_rank(suit, r)) for r in range(1, 10)]
        pure_wait += waiting == [3, 1, 1, 1, 1, 1, 1, 1, 3]
    assert pure_wait > len(_of("nine_gates")) // 2


def test_one_suit_and_pung_hands() -> None:
    for s in _of("one_suit"):
        assert len({t.suit for t in _all_tiles(s.hand) if t.is_numbered}) == 1, s
    for s in _of("pungs"):
        assert all(m.kind != MeldKind.CHOW for m in s.hand.melds), s
        counts = [n for n in s.hand.counts() if n]
        assert sorted(counts)[0] == 2 and counts.count(2) == 1 and set(counts) <= {2, 3}, s


def test_honor_heavy_hands_are_common() -> None:
    honors = _of("honors")
    heavy = [s for s in honors if sum(s.hand.counts(include_melds=True)[27:]) >= 9]
    assert len(heavy) > len(honors) // 3
    assert any(all(t.is_honor for t in _all_tiles(s.hand)) for s in honors)  # 字一色


# --- coverage ---------------------------------------------------------------------------------------

def test_every_structure_is_produced() -> None:
    counts = Counter(s.structure for s in SAMPLES)
    assert set(counts) == set(STRUCTURES) == set(MIX)
    total = sum(MIX.values())
    for structure, weight in MIX.items():
        expected = N * weight / total
        assert 0.6 * expected < counts[structure] < 1.4 * expected, (structure, counts[structure])


def test_meld_counts_and_every_kong_kind_are_produced() -> None:
    assert {len(s.hand.melds) for s in SAMPLES} == {0, 1, 2, 3, 4}
    kongs = {(m.source, m.added) for s in SAMPLES for m in s.hand.melds if m.is_kong}
    assert kongs == {(0, False), (1, False), (2, False), (3, False), (1, True), (2, True), (3, True)}
    melds = {(m.kind, m.source) for s in SAMPLES for m in s.hand.melds if not m.is_kong}
    assert melds == {(kind, src) for kind in (MeldKind.CHOW, MeldKind.PUNG) for src in (1, 2, 3)}
    concealed_pungs = [s for s in SAMPLES if any(n >= 3 for n in s.hand.counts()) and s.structure == "pungs"]
    assert concealed_pungs


def test_every_flag_and_wind_is_produced() -> None:
    seen: Counter[str] = Counter()
    for s in SAMPLES:
        seen[s.win_by.value] += 1
        seen["last_copy"] += s.last_copy
        seen["last_of_wall_self_drawn"] += s.last_of_wall and s.win_by.self_drawn
        seen["last_of_wall_discard"] += s.last_of_wall and not s.win_by.self_drawn
    assert all(seen[k] > 20 for k in seen) and len(seen) == 7, seen
    assert {s.seat_wind for s in SAMPLES} == {s.round_wind for s in SAMPLES} == {"E", "S", "W", "N"}
    assert {s.flowers for s in SAMPLES} == set(range(9))


# --- determinism and the API ------------------------------------------------------------------------

def test_same_seed_same_sequence() -> None:
    assert list(iter_wins(7, 300)) == list(iter_wins(7, 300))
    assert list(iter_wins(7, 300)) != list(iter_wins(8, 300))
    assert SAMPLES[:50] == list(iter_wins(20240601, 50))


@pytest.mark.parametrize("structure", STRUCTURES)
def test_random_win_with_a_structure(structure: str) -> None:
    first = [random_win(random.Random(3), structure) for _ in range(2)]
    assert first[0] == first[1]
    rng = random.Random(11)
    for _ in range(100):
        s = random_win(rng, structure)
        assert s.structure == structure and _is_winning(s.hand), s


def test_unknown_structure() -> None:
    with pytest.raises(ValueError, match="unknown structure"):
        random_win(random.Random(0), "eight_pairs")

"""Differential tests of the Chinese Official fan calculator against PyMahjongGB.

The fan lists (each fan and its count, mapped to our fan ids) must agree on generated hands of every
structure (with a coverage check so the run cannot drift into easy hands) and on every one-suit concealed
complete hand. A list may differ only in one of the kinds documented in docs/mcr.md ("Differences from
PyMahjongGB"), each a predicate below, and each kind is counted. The inputs PyMahjongGB accepts silently
but ``majiang.mcr.score`` rejects (flags the hand disproves, a fifth copy of a tile) are pinned down at
the end, each with what PyMahjongGB makes of it.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from MahjongGB import MahjongFanCalculator

from majiang import Hand, InvalidHandError, InvalidNotationError, Tile
from majiang.analysis.decompose import suit_decompositions
from majiang.interop.pymahjonggb import fan_counts, pymahjonggb_score
from majiang.mcr import FANS, ScoreResult, WinBy, score, win_context
from majiang.rules.mcr.calculator import candidate_fans
from majiang.rules.mcr.generate import WinSample, iter_wins
from majiang.rules.mcr.profiles import find_profile

# --- generated hands ---------------------------------------------------------------------------------

SEEDS = (101, 202, 303, 404)
HANDS_PER_SEED = 30_000
SOAK_SEED_BASE = 1_000_000  # disjoint from SEEDS
SOAK_CHUNK = 50_000
MAX_SHOWN = 20

MIN_SEEN = 20
"""How often each fan must appear (in our results and in PyMahjongGB's) over the 120,000 hands."""

PEER_FANS = (
    "大四喜", "大三元", "绿一色", "九莲宝灯", "四杠", "连七对", "十三幺",
    "清幺九", "小四喜", "小三元", "字一色", "四暗刻", "一色双龙会",
    "一色四同顺", "一色四节高",
    "一色四步高", "三杠", "混幺九",
    "七对", "七星不靠", "全双刻", "清一色", "一色三同顺", "一色三节高", "全大", "全中", "全小",
    "清龙", "三色双龙会", "一色三步高", "全带五", "三同刻", "三暗刻",
    "全不靠", "组合龙", "大于五", "小于五", "三风刻",
    "花龙", "推不倒", "三色三同顺", "三色三节高", "无番和", "妙手回春", "海底捞月", "杠上开花", "抢杠和",
    "碰碰和", "混一色", "三色三步高", "五门齐", "全求人", "双暗杠", "双箭刻",
    "明暗杠",
    "全带幺", "不求人", "双明杠", "和绝张",
    "箭刻", "圈风刻", "门风刻", "门前清", "平和", "四归一", "双同刻", "双暗刻", "暗杠", "断幺",
    "一般高", "喜相逢", "连六", "老少副", "幺九刻", "明杠", "缺一门", "无字",
    "独听・边张", "独听・嵌张", "独听・单钓", "自摸",
    "花牌",
)
"""Every fan PyMahjongGB reports (its Chinese names, with 花牌 for flowers): 81 fans of the rules, the
MIL supplement's 明暗杠 and the flower count. The generator can produce every one of them."""


# --- the kinds of difference docs/mcr.md allows ------------------------------------------------------

BIGGER_FANS = "tie: ours has the bigger fans"
FIRST_IN_ORDER = "tie: ours comes first"
KINDS = (BIGGER_FANS, FIRST_IN_ORDER)
GENERATED_KINDS = Counter({BIGGER_FANS: 3, FIRST_IN_ORDER: 37})
ONE_SUIT_KINDS = Counter({BIGGER_FANS: 12, FIRST_IN_ORDER: 690})


def _values(fans: dict[str, int]) -> list[int]:
    """Fan values, one per count, high to low: what the tie policy compares."""
    return sorted((FANS[fid].value for fid, n in fans.items() for _ in range(n)), reverse=True)


def _difference_kind(
    hand: Hand, flags: dict[str, Any], ours: ScoreResult, peer: dict[str, int]
) -> str | None:
    """Which documented kind a difference between our fans and PyMahjongGB's is, or None if none.

    Both kinds need the same total, and PyMahjongGB's list (flowers apart) to be exactly the fans our
    calculator gives one of its own decompositions of the hand, which our tie policy (docs/mcr.md,
    "Ties") ranks below the one we chose: lower when the fan values are compared high to low, or equal
    there and later in the fixed order.
    """
    mine = {hit.id: hit.count for hit in ours.fans}
    if sum(FANS[fid].value * n for fid, n in peer.items()) != ours.total:
        return None
    if mine.get("flower_tiles") != peer.get("flower_tiles"):
        return None
    theirs = {fid: n for fid, n in peer.items() if fid != "flower_tiles"}
    mine.pop("flower_tiles", None)
    candidates = candidate_fans(hand, win_context(hand, **flags), find_profile("mil"))
    if theirs not in candidates:
        return None
    chosen, other = candidates.index(mine), candidates.index(theirs)
    if _values(theirs) < _values(mine):
        return BIGGER_FANS
    if _values(theirs) == _values(mine) and other > chosen:
        return FIRST_IN_ORDER
    return None


@dataclass
class Run:
    """What comparing a stream of generated hands found."""

    hands: int = 0
    differing: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    ours_seen: Counter[str] = field(default_factory=Counter)
    peer_seen: Counter[str] = field(default_factory=Counter)

    def check(self, hand: Hand, flags: dict[str, Any], ours: ScoreResult, peer: dict[str, int]) -> None:
        """Count an allowed difference by its kind; record any other."""
        mine = {hit.id: hit.count for hit in ours.fans}
        if mine == peer:
            return
        kind = _difference_kind(hand, flags, ours, peer)
        if kind is None:
            self.differing.append(f"{hand.notation()} {flags}: ours {ours.total} {mine}, PyMahjongGB {peer}")
        else:
            self.kinds[kind] += 1

    def report(self) -> str:
        shown = "\n".join(self.differing[:MAX_SHOWN])
        return f"{len(self.differing)} of {self.hands} hands differ (first {MAX_SHOWN} shown):\n{shown}"


def _compare(samples: Iterable[WinSample]) -> Run:
    """Score every sample with both calculators under ``mil`` and compare their fan lists."""
    run = Run()
    for sample in samples:
        run.hands += 1
        kwargs = sample.kwargs()
        try:
            ours = score(sample.hand, **kwargs)
        except (ValueError, TypeError) as exc:
            run.differing.append(f"{sample.hand.notation()} {kwargs}: ours raised {exc!r}")
            continue
        try:
            _, peer_fans = pymahjonggb_score(sample)
        except InvalidHandError as exc:
            run.differing.append(f"{sample.hand.notation()} {kwargs}: PyMahjongGB refused it: {exc}")
            continue
        for hit in ours.fans:
            run.ours_seen[hit.id] += 1
        for name, _, _ in peer_fans:
            run.peer_seen[name] += 1
        run.check(sample.hand, kwargs, ours, fan_counts(peer_fans))
    return run


def test_a_difference_is_allowed_only_as_a_documented_kind() -> None:
    # Beside 234s and 444m, 11123444p is 11p 123p 444p (双同刻, 2) or 111p 234p 44p (喜相逢 + 幺九刻,
    # 1 + 1): the same total, and the one bigger fan wins the tie.
    hand = Hand.parse("[234s,2]444m1123444p1p")
    flags: dict[str, Any] = {"win_by": "self-drawn"}
    ours = score(hand, **flags)
    both = {"lower_four": 1, "self_drawn": 1, "two_concealed_pungs": 1}
    assert {hit.id: hit.count for hit in ours.fans} == {**both, "double_pung": 1}
    other = {**both, "mixed_double_chow": 1, "pung_of_terminals_or_honors": 1}
    assert _difference_kind(hand, flags, ours, other) == BIGGER_FANS
    # The same total from fans no decomposition of this hand gives is not allowed.
    assert _difference_kind(hand, flags, ours, {**both, "all_chows": 1}) is None
    # Nor is a different total.
    assert _difference_kind(hand, flags, ours, {**other, "edge_wait": 1}) is None
    # Equal fan values: the first decomposition in our fixed order wins; the later one is allowed.
    tied = Hand.parse("12m11122223444p3m")
    first = score(tied)
    mine = {hit.id: hit.count for hit in first.fans}
    later = {**{k: v for k, v in mine.items() if k != "mixed_double_chow"}, "pung_of_terminals_or_honors": 1}
    assert _difference_kind(tied, {}, first, later) == FIRST_IN_ORDER
    run = Run()
    run.check(hand, flags, ours, {**both, "all_chows": 1})
    run.check(hand, flags, ours, other)
    run.check(tied, {}, first, mine)
    assert len(run.differing) == 1 and run.kinds == Counter({BIGGER_FANS: 1})


def _rarely_seen(seen: Counter[str], names: Iterable[str], least: int) -> dict[str, int]:
    return {name: seen[name] for name in names if seen[name] < least}


@pytest.mark.soak
def test_generated_hands_agree_with_pymahjonggb() -> None:
    run = _compare(sample for seed in SEEDS for sample in iter_wins(seed, HANDS_PER_SEED))
    assert run.hands == len(SEEDS) * HANDS_PER_SEED >= 100_000
    assert not run.differing, run.report()
    assert run.kinds == GENERATED_KINDS
    # The run must keep reaching every fan, on both sides, so it cannot drift into easy hands.
    assert _rarely_seen(run.peer_seen, PEER_FANS, MIN_SEEN) == {}
    assert set(run.peer_seen) == set(PEER_FANS), "PyMahjongGB reported a fan this test does not know"
    assert _rarely_seen(run.ours_seen, FANS, MIN_SEEN) == {}


def _soak_samples(n: int) -> Iterator[WinSample]:
    chunk = 0
    while n > 0:
        take = min(n, SOAK_CHUNK)
        yield from iter_wins(SOAK_SEED_BASE + chunk, take)
        n -= take
        chunk += 1


@pytest.mark.slow
def test_soak_generated_hands_agree_with_pymahjonggb() -> None:
    """More generated hands, from other seeds: ``MAJIANG_SOAK_HANDS`` of them (default 10,000)."""
    n = int(os.environ.get("MAJIANG_SOAK_HANDS", "10000"))
    assert n > 0, "MAJIANG_SOAK_HANDS must be a positive number of hands"
    run = _compare(_soak_samples(n))
    assert run.hands == n
    assert not run.differing, run.report()
    assert set(run.kinds) <= set(KINDS)
    # The rarest fan (无番和) turns up about once in 2,600 hands; ask for a quarter of that.
    least = n // 10_000
    assert _rarely_seen(run.peer_seen, PEER_FANS, least) == {}
    assert _rarely_seen(run.ours_seen, FANS, least) == {}


# --- every one-suit concealed hand -------------------------------------------------------------------

CODES = tuple(f"W{rank}" for rank in range(1, 10))


def _suit_counts(left: int = 14, ranks: int = 9) -> Iterator[tuple[int, ...]]:
    """Every way to put ``left`` tiles on ``ranks`` ranks with at most four of each."""
    if ranks == 1:
        if left <= 4:
            yield (left,)
        return
    for n in range(min(4, left) + 1):
        for rest in _suit_counts(left - n, ranks - 1):
            yield (n, *rest)


def _one_suit_complete_hands() -> list[tuple[int, ...]]:
    """Counts of every complete 14-tile hand in one suit: four sets and a pair, or seven pairs."""
    return [
        counts
        for counts in _suit_counts()
        if any(pair >= 0 for _, pair in suit_decompositions(counts)) or all(n % 2 == 0 for n in counts)
    ]


def _peer_fans(standing: tuple[str, ...], win: str, self_drawn: bool) -> dict[str, int]:
    fans = MahjongFanCalculator(
        pack=(), hand=standing, winTile=win, flowerCount=0, isSelfDrawn=self_drawn, is4thTile=False,
        isAboutKong=False, isWallLast=False, seatWind=0, prevalentWind=0, verbose=True,
    )
    return fan_counts([(str(name), int(value), int(count)) for value, count, name, _ in fans])


@pytest.mark.soak
def test_every_one_suit_concealed_hand_agrees_with_pymahjonggb() -> None:
    hands = _one_suit_complete_hands()
    assert len(hands) == 15_349
    assert (3, 1, 1, 1, 1, 1, 1, 1, 4) in hands  # 九莲宝灯 on a nine
    assert (2, 2, 2, 2, 2, 2, 2, 0, 0) in hands  # 连七对
    assert (4, 2, 2, 2, 4, 0, 0, 0, 0) in hands  # seven pairs only: not four sets and a pair
    run = Run()
    for counts in hands:
        ranks = [rank for rank, n in enumerate(counts) for _ in range(n)]
        for win in range(9):
            if not counts[win]:
                continue
            rest = list(ranks)
            rest.remove(win)
            hand = Hand((), tuple(Tile(rank) for rank in rest), Tile(win))
            standing = tuple(CODES[rank] for rank in rest)
            for self_drawn in (False, True):
                run.hands += 1
                how = WinBy.SELF_DRAWN if self_drawn else WinBy.DISCARD
                ours = score(hand, win_by=how)
                peer = _peer_fans(standing, CODES[win], self_drawn)
                run.check(hand, {"win_by": how}, ours, peer)
    assert run.hands == 190_494
    assert not run.differing, run.report()
    assert run.kinds == ONE_SUIT_KINDS


# --- deliberate differences: inputs PyMahjongGB takes silently and we reject ---------------------------

def _peer(text: str, **flags: Any) -> tuple[int, dict[str, int]]:
    """PyMahjongGB's total and its fans as {name: value * count} for a hand in our notation."""
    total, fans = pymahjonggb_score(WinSample(Hand.parse(text), **flags))
    return total, {name: value * count for name, value, count in fans}


# Robbing a kong of 4s needs the other three 4s in that kong, but 34544s holds two more besides the winner.
TWO_MORE_COPIES = "123m456p789s34544s"


def test_robbing_a_kong_while_holding_another_copy_is_rejected() -> None:
    plain, plain_fans = _peer(TWO_MORE_COPIES)
    total, fans = _peer(TWO_MORE_COPIES, win_by=WinBy.ROBBING_KONG)
    assert "抢杠和" not in fans  # PyMahjongGB drops the flag without a word
    assert (total, fans) == (plain, plain_fans) == (13, {"花龙": 8, "门前清": 2, "平和": 2, "独听・嵌张": 1})
    message = r"抢杠和: the robbed kong holds the other copies of 4s, yet the hand has 2 more"
    with pytest.raises(InvalidHandError, match=message):
        score(TWO_MORE_COPIES, win_by="robbing-kong")
    assert score(TWO_MORE_COPIES).total == plain


def test_robbing_a_kong_with_the_only_copy_agrees() -> None:
    text = "123m456p789s45sEE3s"
    total, fans = _peer(text, win_by=WinBy.ROBBING_KONG)
    ours = score(text, win_by="robbing-kong")
    assert fans["抢杠和"] == 8
    assert "robbing_the_kong" in {hit.id for hit in ours.fans}
    assert ours.total == total == 18


def test_robbing_a_kong_on_the_last_discard_is_rejected() -> None:
    text = "123m456p789s45sEE3s"  # 3s is the only copy, so robbing the kong alone is fine
    total, fans = _peer(text, win_by=WinBy.ROBBING_KONG, last_of_wall=True)
    assert fans["抢杠和"] == 8 and fans["海底捞月"] == 8  # PyMahjongGB scores both
    assert total == 26
    message = r"抢杠和 \(robbing a kong\) cannot also be on the wall's last tile \(海底捞月\)"
    with pytest.raises(InvalidHandError, match=message):
        score(text, win_by="robbing-kong", last_of_wall=True)


def test_out_with_replacement_tile_without_a_kong_is_rejected() -> None:
    total, fans = _peer(TWO_MORE_COPIES, win_by=WinBy.KONG_REPLACEMENT)
    assert "杠上开花" not in fans
    assert total == _peer(TWO_MORE_COPIES, win_by=WinBy.SELF_DRAWN)[0] == 15
    message = r"杠上开花 \(win_by kong-replacement\) needs a kong among the melds"
    with pytest.raises(InvalidHandError, match=message):
        score(TWO_MORE_COPIES, win_by="kong-replacement")
    with_kong = "[7777p]123m456p99s354s"  # the same flags with a kong are a legal win
    peer_total, peer_fans = _peer(with_kong, win_by=WinBy.KONG_REPLACEMENT)
    assert peer_fans["杠上开花"] == 8
    assert score(with_kong, win_by="kong-replacement").total == peer_total


def test_last_tile_while_holding_another_concealed_copy_is_rejected() -> None:
    total, fans = _peer(TWO_MORE_COPIES, last_copy=True)
    assert "和绝张" not in fans
    assert total == 13
    message = r"和绝张: the other three 4s must be visible, but one is among the standing tiles"
    with pytest.raises(InvalidHandError, match=message):
        score(TWO_MORE_COPIES, last_copy=True)


def test_more_than_four_copies_are_rejected() -> None:
    # Fourteen 1m: PyMahjongGB scores seven pairs of a tile that has four copies.
    fans = MahjongFanCalculator(
        pack=(), hand=("W1",) * 13, winTile="W1", flowerCount=0, isSelfDrawn=False, is4thTile=False,
        isAboutKong=False, isWallLast=False, seatWind=0, prevalentWind=0, verbose=True,
    )
    assert {str(name) for _, _, name, _ in fans} >= {"七对", "清幺九"}
    with pytest.raises(InvalidNotationError, match="a fifth copy of 1m"):
        score("11111111111111m")
    with pytest.raises(ValueError, match="14 copies of 1m; a set has only 4"):
        Hand((), (Tile.M1,) * 13, Tile.M1)
    # A concealed kong of 1m beside two more 1m: PyMahjongGB counts 四归一 255 times.
    fans = MahjongFanCalculator(
        pack=(("GANG", "W1", 0),), hand=("W1", "W2", "W2", "W2", "W3", "W3", "W3", "W4", "W4", "W4"),
        winTile="W1", flowerCount=0, isSelfDrawn=False, is4thTile=False, isAboutKong=False,
        isWallLast=False, seatWind=0, prevalentWind=0, verbose=True,
    )
    assert (2, 255, "四归一") in {(int(v), int(c), str(name)) for v, c, name, _ in fans}
    with pytest.raises(InvalidNotationError, match="a fifth copy of 1m"):
        score("[1111m]1222333444m1m")


def test_three_melded_copies_of_the_winning_tile_make_last_copy() -> None:
    text = "[555p,2][123m]789m34pEE5p"  # the melded pung shows the other three 5p
    total, fans = _peer(text)
    ours = score(text)
    assert fans["和绝张"] == 4
    assert "last_copy" in {hit.id for hit in ours.fans}
    assert ours.total == total == 8
    assert score(text, last_copy=True) == ours  # saying so changes nothing

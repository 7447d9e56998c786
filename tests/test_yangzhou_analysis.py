"""Yangzhou tile efficiency (``majiang.rules.yangzhou.analysis``): shanten toward the forms worth 20 番 or
more, its effective tiles, the points a win brings, and the bots reaching the minimum."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.analysis.decompose import counts_of
from majiang.analysis.shanten import regular_shanten
from majiang.bots import EfficiencyBot, RandomBot, play_out
from majiang.game import Game
from majiang.game.ruleset import find_ruleset
from majiang.hand import Hand
from majiang.meld import Meld
from majiang.notation import parse_tiles
from majiang.rules.yangzhou.analysis import (
    TARGETS,
    YangzhouEfficiency,
    shanten,
    shanten_and_effective,
)
from majiang.tiles import ALL_TILES, Tile
from majiang.yangzhou import Options, WinBy, YangzhouContext, score

# (standing tiles, melds, shanten): each form aimed at, and hands whose melds rule forms out.
CASES = [
    ("123m456m789m1122z", (), 0),          # 一条龙 (混龙) on E or S
    ("123m456p789s1122z", (), 5),          # four sets and a pair near, no big fan near
    ("111m999p55s77sEEC", (), 1),          # 对对胡: one more of 5s, 7s or E
    ("345m345p345s789m1s", (), 0),         # 三幅同 on 1s (a pair)
    ("123s789s123m78m55p", (), 0),         # 双老少 on 9m
    ("123s456s123m45m99p", (), 0),         # 双飘 on 6m
    ("1235678m999mCCN", (), 1),            # 混一色: one tile from ready
    ("456p789s99s66m", ("[123m,1]",), 4),  # a chow rules 对对胡 out, the suits a flush: 一条龙 needs 5
    ("444p999s66m77s", ("[111m,1]",), 0),  # 对对胡 on 6m or 7s
    ("456m789mEE1p", ("[123m,1]",), 1),    # 混龙 (or 一条龙): the 1p goes
]


@pytest.mark.parametrize(("tiles", "melds", "expected"), CASES)
def test_shanten_of_each_form(tiles: str, melds: tuple[str, ...], expected: int) -> None:
    counts = counts_of(parse_tiles(tiles))
    shown = [Meld.parse(m) for m in melds]
    value, _ = shanten_and_effective(counts, shown)
    assert value == shanten(counts, shown) == expected


def held_hands() -> st.SearchStrategy[list[int]]:
    """13 tiles drawn from the 136 (as counts)."""
    wall = [t for t in range(34) for _ in range(4)]
    return st.permutations(wall).map(lambda tiles: counts_of(ALL_TILES[t] for t in tiles[:13]))


@settings(max_examples=60, deadline=None)
@given(counts=held_hands())
def test_effective_tiles_are_exactly_those_that_lower_shanten(counts: list[int]) -> None:
    value, effective = shanten_and_effective(counts)
    assert value >= regular_shanten(counts)   # every form is four sets and a pair
    for kind in range(34):
        if counts[kind] == 4:
            continue
        counts[kind] += 1
        assert (shanten(counts) < value) is (kind in effective), Tile(kind).notation()
        counts[kind] -= 1


@pytest.mark.parametrize("target", TARGETS)
def test_every_fixed_form_complete_is_worth_twenty(target: tuple[tuple[int, int], ...]) -> None:
    rng = random.Random(len(target) * 100 + target[0][0] * 10 + target[0][1])
    counts = [0] * 34
    for suit, rank in target:
        for k in range(suit * 9 + rank, suit * 9 + rank + 3):
            counts[k] += 1
    while sum(counts) < 14:   # the rest: honors, a pung then a pair (never a fifth copy)
        kind = rng.randrange(27, 34)
        if counts[kind] == 0:
            counts[kind] = 3 if sum(counts) == 3 * len(target) and len(target) == 3 else 2
    tiles = [ALL_TILES[k] for k in range(34) for _ in range(counts[k])]
    assert shanten(counts) == -1
    result = score(Hand.of((), tiles[:-1], tiles[-1]), YangzhouContext(WinBy.SELF_DRAWN))
    assert result.total >= 20 and result.wins


@pytest.mark.parametrize(("hand", "self_drawn", "options", "points"), [
    ("123m456m789m789pWW", False, {}, 46),          # 23 番, two shares from the discarder
    ("123m456m789m789pWW", True, {}, 72),           # 24 with 自摸, a share from each of three
    ("123m456p789s234s55m", False, {}, None),       # 3 番: under the minimum
    ("[234m,1]234m234m567p11s", False, {}, 36),     # exactly 18
    ("[234m,1]234m234m567p11s", False, {"above_minimum": True}, None),
])
def test_win_points(hand: str, self_drawn: bool, options: dict[str, Any], points: int | None) -> None:
    assert YangzhouEfficiency(Options(**options)).win_points(Hand.parse(hand), self_drawn) == points


def test_the_efficiency_bot_reaches_the_minimum_where_random_ones_do_not() -> None:
    rules = find_ruleset("yangzhou")
    wins = [0, 0, 0, 0]
    for seed in range(12):
        game = Game(rules, seed=seed)
        play_out(game, [EfficiencyBot(seed), RandomBot(seed + 1), RandomBot(seed + 2), RandomBot(seed + 3)])
        assert game.result is not None
        for seat in game.result.winners:
            wins[seat] += 1
    assert wins[0] >= 4 and wins[1:] == [0, 0, 0], wins


@st.composite
def hands_with_melds(draw: st.DrawFn) -> tuple[list[int], list[Meld]]:
    """Up to three melds (chows of any suit, pungs, kongs) and the standing tiles left to a hand of 13 or
    14, never a fifth copy of a kind: the hands the search's playouts ask about."""
    left = [4] * 34
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        if kind == "chow":
            suit, rank = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            kinds = [suit * 9 + rank + i for i in range(3)]
            if all(left[k] for k in kinds):
                for k in kinds:
                    left[k] -= 1
                melds.append(Meld.chow(ALL_TILES[kinds[0]]))
        else:
            k = draw(st.integers(0, 33))
            if left[k] == 4:
                left[k] = 0 if kind == "kong" else 1
                melds.append(Meld.pung(ALL_TILES[k]) if kind == "pung" else Meld.kong(ALL_TILES[k]))
    wall = [k for k in range(34) for _ in range(left[k])]
    tiles = draw(st.permutations(wall))[:13 - 3 * len(melds) + draw(st.integers(0, 1))]
    return counts_of(ALL_TILES[k] for k in tiles), melds


@settings(max_examples=400, deadline=None)
@given(hand=hands_with_melds())
def test_the_playouts_shanten_is_the_full_count(hand: tuple[list[int], list[Meld]]) -> None:
    """``shanten`` skips the forms a bound shows cannot go below the least so far (the playouts ask it
    alone); it must still be the least that counting every form gives (``shanten_and_effective``)."""
    counts, melds = hand
    assert shanten(counts, melds) == shanten_and_effective(counts, melds)[0]

"""Changchun tile efficiency (majiang.rules.changchun.analysis): the bots keep the three suits and a 1/9."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.analysis.decompose import counts_of
from majiang.changchun import Meld, Options
from majiang.game.ruleset import SeatContext, find_ruleset
from majiang.notation import parse_tiles
from majiang.rules.changchun.analysis import ChangchunEfficiency, shanten, shanten_and_effective
from majiang.tiles import Tile

# (standing tiles, melds, shanten): the regular form's, plus a draw per missing suit and for the 1/9.
CASES = [
    ("111m456m789p99s34s", "", 0),
    ("123m456m789m2345m", "", 2),       # one suit only: two suits missing
    ("234m456m678p3455s", "", 1),       # no 1, 9 or honor
    ("234m456m678p345sE", "", 0),       # an honor frees the 1/9
    ("456m789p99s34s", "[1m1p1s,x]", 0),  # the 幺蛋's tiles count
]


@pytest.mark.parametrize(("tiles", "melds", "expected"), CASES)
def test_shanten(tiles: str, melds: str, expected: int) -> None:
    parsed = [Meld.parse(m) for m in melds.split()] if melds else []
    assert shanten(counts_of(parse_tiles(tiles)), parsed) == expected


def test_special_tiles_not_counted() -> None:
    counts = counts_of(parse_tiles("456m789m99m34m"))
    melds = [Meld.parse("[1m1p1s,x]")]
    assert shanten(counts, melds) == 0
    assert shanten(counts, melds, Options(special_tiles_count=False)) == 2


def test_effective_tiles_bring_the_missing_suit() -> None:
    """Short of the dots, a dots tile is effective; the hand's own waits too."""
    value, kinds = shanten_and_effective(counts_of(parse_tiles("111m456m789m99s34s")))
    assert value == 1 and set(range(9, 18)) <= set(kinds)


def test_the_ruleset_gives_it_to_the_bots() -> None:
    rules = find_ruleset("changchun")
    model = rules.seat_efficiency(SeatContext())
    assert isinstance(model, ChangchunEfficiency) and not model.mcr_fans
    hand = "[111m]456m789p99s34s 5s"
    from majiang.hand import Hand
    assert model.win_points(Hand.parse(hand), self_drawn=False) == 2
    assert model.win_points(Hand.parse("111m456m789m99s34s 5s"), self_drawn=True) is None


def _effective_by_trying(counts: list[int], melds: list[Meld]) -> tuple[int, list[int]]:
    """The definition: the kinds (held fewer than four times) whose draw lowers ``shanten``."""
    value = shanten(counts, melds)
    found = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            if shanten(counts, melds) < value:
                found.append(kind)
            counts[kind] -= 1
    return value, found


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_fast_path_finds_what_trying_every_kind_finds(data: st.DataObject) -> None:
    """A hand waiting for its 14th tile takes the regular form's fast path: the same shanten and kinds as
    trying each kind, with melds or without, with suits and edges missing or not."""
    # pungs of 1m, 5p and East, chows from 3s and 4m (tile indices)
    melds = data.draw(st.lists(st.sampled_from([("pung", 0), ("pung", 13), ("chow", 20), ("chow", 3),
                                                ("pung", 27)]), max_size=2, unique=True))
    shown = [Meld.pung(Tile(t)) if kind == "pung" else Meld.chow(Tile(t)) for kind, t in melds]
    used = [0] * 34
    for m in shown:
        for tile in m.tiles:
            used[tile] += 1
    # a narrow pool often (no honors, no terminals, two suits): the missing-part rules then matter
    narrow = data.draw(st.booleans())
    pool = [k for k in range(34) for _ in range(4 - used[k])
            if not narrow or (k < 18 and k % 9 not in (0, 8))]
    tiles = data.draw(st.permutations(pool))[:13 - 3 * len(shown)]
    counts = [0] * 34
    for kind in tiles:
        counts[kind] += 1
    assert shanten_and_effective(counts, shown) == _effective_by_trying(counts, shown)

"""Properties of ``majiang.mcr.score`` on generated winning hands, and how it checks its input."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import Hand, InvalidHandError, InvalidNotationError, Meld, Tile
from majiang.analysis.decompose import counts_of, is_complete
from majiang.mcr import FANS, PROFILES, ScoreResult, score
from majiang.rules.mcr.calculator import _exclusions
from majiang.rules.mcr.generate import STRUCTURES, WinSample, random_win

PROFILE_NAMES = ("mil", "wmo2014", "1998")
SEEDS = st.integers(0, 2**32 - 1)
# Tables are built on first use; the time that takes is no property of the hands.
SETTINGS = settings(max_examples=300, deadline=None)


def _from_seed(seed: int) -> WinSample:
    return random_win(random.Random(seed))


def _from_structure(choice: tuple[str, int]) -> WinSample:
    structure, seed = choice
    return random_win(random.Random(seed), structure)


wins = st.one_of(
    SEEDS.map(_from_seed),  # the generator's own mix
    st.tuples(st.sampled_from(STRUCTURES), SEEDS).map(_from_structure),  # each structure as often
)


def _fan_multiset(result: ScoreResult) -> Counter[tuple[str, int]]:
    return Counter((hit.name, hit.count) for hit in result.fans)


# --- properties of results ---------------------------------------------------------------------------

@SETTINGS
@given(wins, st.data())
def test_meld_order_does_not_matter(sample: WinSample, data: st.DataObject) -> None:
    hand = sample.hand
    melds = data.draw(st.permutations(hand.melds), label="melds")
    shuffled = Hand(tuple(melds), hand.tiles, hand.winning_tile)
    for profile in PROFILE_NAMES:
        ours = score(hand, **sample.kwargs(), profile=profile)
        theirs = score(shuffled, **sample.kwargs(), profile=profile)
        assert theirs.total == ours.total
        assert _fan_multiset(theirs) == _fan_multiset(ours)


@SETTINGS
@given(wins, st.sampled_from(PROFILE_NAMES))
def test_total_is_the_sum_of_the_fans(sample: WinSample, profile: str) -> None:
    result = score(sample.hand, **sample.kwargs(), profile=profile)
    assert result.profile == profile
    assert result.total == sum(hit.value * hit.count for hit in result.fans)
    assert result.total == sum(hit.points for hit in result.fans)
    assert result.flowers == sample.flowers
    flowers = [hit for hit in result.fans if hit.id == "flower_tiles"]
    if sample.flowers:
        assert [(hit.value, hit.count) for hit in flowers] == [(1, sample.flowers)]
    else:
        assert flowers == []
    assert result.meets_minimum == (result.total - sample.flowers >= 8)
    assert result.fan_total == result.total - sample.flowers
    assert all(hit.count >= 1 for hit in result.fans)
    assert len({hit.id for hit in result.fans}) == len(result.fans)


@SETTINGS
@given(wins, st.sampled_from(PROFILE_NAMES))
def test_notation_scores_like_the_hand(sample: WinSample, profile: str) -> None:
    text = sample.hand.notation()
    assert Hand.parse(text) == sample.hand
    kwargs = sample.kwargs()
    assert score(text, **kwargs, profile=profile) == score(sample.hand, **kwargs, profile=profile)


PROFILE_VALUED = {"concealed_and_melded_kong", "two_concealed_kongs"}


@SETTINGS
@given(wins, st.sampled_from(PROFILE_NAMES))
def test_fans_match_the_fan_table(sample: WinSample, profile: str) -> None:
    result = score(sample.hand, **sample.kwargs(), profile=profile)
    rules = PROFILES[profile]
    for hit in result.fans:
        row = FANS[hit.id]
        assert (hit.name, hit.en) == (row.zh, row.en)
        if hit.id == "concealed_and_melded_kong":
            assert hit.value == rules.concealed_and_melded_kong > 0
        elif hit.id == "two_concealed_kongs":
            assert hit.value == rules.two_concealed_kongs
        else:
            assert hit.value == row.value, hit
    if rules.concealed_and_melded_kong == 0:  # scored as 明杠 + 暗杠 instead
        assert "concealed_and_melded_kong" not in {hit.id for hit in result.fans}


@SETTINGS
@given(wins, st.sampled_from(PROFILE_NAMES))
def test_no_fan_in_a_result_excludes_another(sample: WinSample, profile: str) -> None:
    result = score(sample.hand, **sample.kwargs(), profile=profile)
    ids = {hit.id for hit in result.fans}
    excludes = _exclusions(PROFILES[profile])
    clashes = sorted((fan, other) for fan in ids for other in excludes[fan] if other in ids)
    assert clashes == [], f"{sample} under {profile}: {clashes}"


@SETTINGS
@given(wins)
def test_flowers_add_exactly_their_number(sample: WinSample) -> None:
    kwargs = sample.kwargs()
    base = score(sample.hand, **{**kwargs, "flowers": 0})
    assert "flower_tiles" not in {hit.id for hit in base.fans}
    for flowers in range(9):
        result = score(sample.hand, **{**kwargs, "flowers": flowers})
        assert result.total == base.total + flowers
        assert result.flowers == flowers
        assert result.meets_minimum == base.meets_minimum  # flowers never count toward the minimum
        assert tuple(hit for hit in result.fans if hit.id != "flower_tiles") == base.fans


@SETTINGS
@given(wins)
def test_every_profile_scores_every_generated_hand(sample: WinSample) -> None:
    totals = {}
    for profile in PROFILE_NAMES:
        result = score(sample.hand, **sample.kwargs(), profile=profile)
        assert result.profile == profile
        assert result.total > sample.flowers  # a win scores at least one fan (无番和 if nothing else)
        totals[profile] = result.total
    assert set(totals) == set(PROFILE_NAMES)


# --- a hand that is not a win ------------------------------------------------------------------------

_ORPHAN_KINDS = frozenset(t for t in Tile if not t.is_numbered or t.rank in (1, 9))
_KNITS = tuple(
    frozenset(Tile(suit * 9 + rank) for suit, start in zip(order, (1, 2, 3), strict=True)
              for rank in (start - 1, start + 2, start + 5))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


def _is_winning_shape(hand: Hand) -> bool:
    """Whether the standing tiles (with the last tile) complete the hand in any form of the rules.

    Written for this test from the rules, not from the calculator: four sets and a pair (declared
    melds are sets), seven pairs (four alike count as two pairs), thirteen orphans, 全不靠/七星不靠,
    and 组合龙 with a set and a pair.
    """
    standing = hand.standing
    counts = counts_of(standing)
    if is_complete(counts):
        return True
    kinds = set(standing)
    if not hand.melds:
        if all(n % 2 == 0 for n in counts):
            return True
        if kinds == _ORPHAN_KINDS:
            return True
        numbered = {t for t in kinds if t.is_numbered}
        if len(kinds) == 14 and any(numbered <= knit for knit in _KNITS):
            return True
    if len(hand.melds) <= 1:
        for knit in _KNITS:
            if knit <= kinds:
                rest = list(counts)
                for t in knit:
                    rest[t] -= 1
                if is_complete(rest):
                    return True
    return False


def test_the_winning_shape_check_knows_the_special_forms() -> None:
    for text in ("19m19p19sESWNPFCC", "147m258p369sESWNP", "147m258p36sESWNPF", "147m25p36sESWNPFC",
                 "11223344556677m", "11112233445566m", "147m258p369s123sEE", "[123s]147m258p369sE E"):
        assert _is_winning_shape(Hand.parse(text)), text
    for text in ("19m19p19sESWNPFF2p", "147m258p368sESWNP", "11223344556678m", "147m258p369s124sEE"):
        assert not _is_winning_shape(Hand.parse(text)), text


@SETTINGS
@given(wins, st.data())
def test_a_hand_that_is_not_a_win_is_rejected(sample: WinSample, data: st.DataObject) -> None:
    hand = sample.hand
    copies = hand.counts(include_melds=True)
    copies[sample.winning_tile] -= 1
    assert _is_winning_shape(hand)
    replacements = [
        t for t in Tile
        if copies[t] < 4 and not _is_winning_shape(Hand(hand.melds, hand.tiles, t))
    ]
    assert replacements, f"every tile completes {hand.notation()}"
    tile = data.draw(st.sampled_from(replacements), label="winning tile")
    bad = Hand(hand.melds, hand.tiles, tile)
    for profile in PROFILE_NAMES:
        with pytest.raises(InvalidHandError, match="is not a winning hand"):
            score(bad, win_by="self-drawn" if sample.win_by.self_drawn else "discard",
                  seat_wind=sample.seat_wind, round_wind=sample.round_wind, flowers=sample.flowers,
                  profile=profile)


# --- input validation --------------------------------------------------------------------------------

WIN = "[567m,2]123p456s99sCCC"


def test_the_reference_hand_scores() -> None:
    assert score(WIN).total == score(Hand.parse(WIN)).total > 0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"win_by": "self_drawn"}, ValueError,
         r"win_by must be one of discard, self-drawn, kong-replacement, robbing-kong, not 'self_drawn'"),
        ({"win_by": True}, ValueError, r"win_by must be one of .*, not True"),
        ({"last_copy": None}, TypeError, r"last_copy must be True or False, not None"),
        ({"last_of_wall": 0}, TypeError, r"last_of_wall must be True or False, not 0"),
        ({"last_of_wall": "no"}, TypeError, r"last_of_wall must be True or False, not 'no'"),
        ({"flowers": 9}, ValueError, r"flowers must be an integer from 0 to 8, not 9"),
        ({"flowers": -1}, ValueError, r"flowers must be an integer from 0 to 8, not -1"),
        ({"flowers": True}, ValueError, r"flowers must be an integer from 0 to 8, not True"),
        ({"flowers": 2.0}, ValueError, r"flowers must be an integer from 0 to 8, not 2\.0"),
        ({"flowers": "3"}, ValueError, r"flowers must be an integer from 0 to 8, not '3'"),
        ({"seat_wind": "X"}, ValueError, r"seat_wind must be one of E, S, W, N, not 'X'"),
        ({"seat_wind": Tile.RED}, ValueError, r"seat_wind must be one of E, S, W, N, not <Tile\.RED"),
        ({"round_wind": "EAST"}, ValueError, r"round_wind must be one of E, S, W, N, not 'EAST'"),
        ({"round_wind": 0}, ValueError, r"round_wind must be one of E, S, W, N, not 0"),
        ({"profile": "wmo"}, ValueError, r"unknown profile 'wmo'; choose one of mil, wmo2014, 1998"),
        ({"profile": "MIL"}, ValueError, r"unknown profile 'MIL'"),
    ],
)
def test_bad_arguments_are_rejected(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        score(WIN, **kwargs)


@pytest.mark.parametrize(("wind", "expected"), [("S", "S"), ("南", "S"), ("2z", "S"), (Tile.SOUTH, "S")])
def test_winds_in_every_accepted_spelling(wind: str | Tile, expected: str) -> None:
    pung = "[SSS,2]123m456p789s1p1p"
    assert score(pung, seat_wind=wind) == score(pung, seat_wind=expected)
    assert "seat_wind" in {hit.id for hit in score(pung, seat_wind=wind).fans}


def test_a_hand_without_a_winning_tile_is_rejected() -> None:
    message = r"4789m123p456sEEE has no winning tile: a winning hand has 14 tiles"
    with pytest.raises(InvalidHandError, match=message):
        score("123p456s789mEEE4m")
    waiting = Hand((Meld.chow(Tile.M1),), Hand.parse("[123m]456p789sEEE4m").tiles, None)
    assert len(waiting.tiles) == 10
    with pytest.raises(InvalidHandError, match="has no winning tile"):
        score(waiting)


@pytest.mark.parametrize("hand", [12345, None, b"123m456p789s123sEE", ["123m456p789s123sEE"]])
def test_a_hand_that_is_neither_notation_nor_a_hand_is_rejected(hand: Any) -> None:
    with pytest.raises(TypeError, match=rf"hand must be notation or a Hand, not {type(hand).__name__}"):
        score(hand)


def test_unreadable_notation_is_rejected() -> None:
    with pytest.raises(InvalidNotationError, match="position"):
        score("123m456p789s123sEx")

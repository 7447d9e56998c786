"""Properties of shanten and effective tiles on generated hands, and how the entry points check input.

Hands come from two sources: uniform random hands (``strategies.hands``) and hands built complete in a
random form with a few tiles swapped, so that ready and complete hands of every form turn up often.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import Hand, InvalidHandError, InvalidNotationError, InvalidOptionError, Meld, Tile
from majiang.analysis.decompose import is_complete
from majiang.analysis.shanten import (
    FORMS,
    RULED_OUT,
    ShantenForms,
    counts_and_melds,
    effective_tiles,
    form_shanten,
    regular_shanten,
    shanten,
    shanten_forms,
)
from majiang.seats import RelativeSeat
from strategies import hands

SETTINGS = settings(max_examples=250, deadline=None)

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONORS = tuple(range(27, 34))
KNITS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
"""The six knitted straights as the suits holding 147, 258 and 369."""


def knitted_kinds(perm: Sequence[int]) -> tuple[int, ...]:
    return tuple(9 * suit + r for start, suit in enumerate(perm) for r in (start, start + 3, start + 6))


def open_forms(melds: int) -> tuple[str, ...]:
    return FORMS if not melds else ("regular", "knitted_straight") if melds == 1 else ("regular",)


# --- hands built around a winning form -----------------------------------------------------------------

def _take(left: list[int], kinds: Sequence[int]) -> bool:
    """Take ``kinds`` (with repeats) out of the wall ``left`` if every copy is still there."""
    need = {k: kinds.count(k) for k in set(kinds)}
    if any(left[k] < n for k, n in need.items()):
        return False
    for k in kinds:
        left[k] -= 1
    return True


def _chow_starts(left: list[int]) -> list[int]:
    return [t for t in range(27) if t % 9 <= 6 and left[t] and left[t + 1] and left[t + 2]]


def _draw_set(draw: st.DrawFn, left: list[int]) -> list[int]:
    chows = _chow_starts(left)
    pungs = [t for t in range(34) if left[t] >= 3]
    if chows and (not pungs or draw(st.booleans())):
        start = draw(st.sampled_from(chows))
        tiles = [start, start + 1, start + 2]
    else:
        tiles = [draw(st.sampled_from(pungs))] * 3
    _take(left, tiles)
    return tiles


def _draw_meld(draw: st.DrawFn, left: list[int]) -> Meld:
    tiles = _draw_set(draw, left)
    if tiles[0] != tiles[1]:
        return Meld.chow(Tile(tiles[0]), draw(st.integers(1, 3)))
    if left[tiles[0]] and draw(st.booleans()):
        left[tiles[0]] -= 1
        from_seat = draw(st.sampled_from([None, *RelativeSeat]))
        return Meld.kong(Tile(tiles[0]), from_seat, added=from_seat is not None and draw(st.booleans()))
    return Meld.pung(Tile(tiles[0]), draw(st.sampled_from(RelativeSeat)))


def _draw_pair(draw: st.DrawFn, left: list[int]) -> list[int]:
    kind = draw(st.sampled_from([t for t in range(34) if left[t] >= 2]))
    left[kind] -= 2
    return [kind, kind]


def _draw_complete(draw: st.DrawFn, left: list[int], melds: int, form: str) -> list[int] | None:
    """Standing tiles (3n+2) complete in ``form``, taken from ``left``; None if the wall cannot."""
    if form == "seven_pairs":
        kinds = draw(st.lists(st.sampled_from(range(34)), min_size=7, max_size=7, unique=True))
        tiles = [k for k in kinds for _ in range(2)]
        return tiles if _take(left, tiles) else None
    if form == "thirteen_orphans":
        tiles = [*ORPHANS, draw(st.sampled_from(ORPHANS))]
        return tiles if _take(left, tiles) else None
    perm = draw(st.sampled_from(KNITS))
    if form == "honors_knitted":
        tiles = list(draw(st.permutations(knitted_kinds(perm) + HONORS))[:14])
        return tiles if _take(left, tiles) else None
    tiles = []
    if form == "knitted_straight":
        tiles = list(knitted_kinds(perm))
        if not _take(left, tiles):
            return None
    for _ in range(4 - melds - (3 if tiles else 0)):
        tiles += _draw_set(draw, left)
    return tiles + _draw_pair(draw, left)


@st.composite
def built_hands(draw: st.DrawFn, *, drawn: bool) -> Hand:
    """A hand complete in a random form with up to three tiles swapped; one tile fewer unless ``drawn``."""
    left = [4] * 34
    n_melds = draw(st.sampled_from((0, 0, 0, 1, 2, 3, 4)), label="melds")  # the special forms need none
    melds = tuple(_draw_meld(draw, left) for _ in range(n_melds))
    form = draw(st.sampled_from(open_forms(n_melds)), label="form")
    tiles = _draw_complete(draw, left, n_melds, form)
    if tiles is None:  # a meld took what the form needs: any tiles will do (each from what is left)
        tiles = []
        for _ in range(14 - 3 * n_melds):
            tiles.append(draw(st.sampled_from([t for t in range(34) if left[t]])))
            left[tiles[-1]] -= 1
    for _ in range(draw(st.sampled_from((0, 0, 1, 2, 3)), label="swaps")):
        gone = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
        left[gone] += 1
        kind = draw(st.sampled_from([t for t in range(34) if left[t]]))
        left[kind] -= 1
        tiles.append(kind)
    if not drawn:
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
        return Hand(melds, tuple(Tile(t) for t in tiles))
    last = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    return Hand(melds, tuple(Tile(t) for t in tiles), Tile(last))


waiting_hands = st.one_of(built_hands(drawn=False), hands(with_winning_tile=False))
"""Hands of 3n+1 standing tiles (waiting to draw)."""
drawn_hands = st.one_of(built_hands(drawn=True), hands(with_winning_tile=True))
"""Hands of 3n+2 standing tiles (after a draw or a claim)."""
any_hands = st.one_of(waiting_hands, drawn_hands)


def _open_values(forms: ShantenForms) -> dict[str, int]:
    return {name: value for name, value in forms.as_dict().items() if value != RULED_OUT}


# --- complete exactly at -1 ----------------------------------------------------------------------------

def complete_forms(counts: Sequence[int], melds: int) -> set[str]:
    """The forms in which 3n+2 standing tiles are a winning hand, each checked from its definition."""
    out: set[str] = set()
    if is_complete(counts):
        out.add("regular")
    if not melds:
        if all(n % 2 == 0 for n in counts):
            out.add("seven_pairs")
        if all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == sum(counts):
            out.add("thirteen_orphans")
        if max(counts) == 1 and any(
            all(counts[t] == 0 for t in range(27) if t not in knitted_kinds(perm)) for perm in KNITS
        ):
            out.add("honors_knitted")
    if melds <= 1:
        for perm in KNITS:
            kinds = knitted_kinds(perm)
            if all(counts[t] for t in kinds):
                rest = list(counts)
                for t in kinds:
                    rest[t] -= 1
                if is_complete(rest):
                    out.add("knitted_straight")
    return out


@SETTINGS
@given(drawn_hands)
def test_minus_one_exactly_when_complete(hand: Hand) -> None:
    forms = shanten_forms(hand)
    values = _open_values(forms)
    complete = complete_forms(hand.counts(), len(hand.melds))
    assert {name for name, value in values.items() if value == -1} == complete
    assert min(values.values()) >= -1
    assert (forms.value == -1) == bool(complete) == (shanten(hand) == -1)


def test_complete_hands_of_every_form() -> None:
    cases = {
        "123m456p789s123sEE": {"regular"},
        "112233m445566p77s": {"regular", "seven_pairs"},  # two double chows or seven pairs
        "19m19p19sESWNPFCC": {"thirteen_orphans"},
        "147m258p369sESWNP": {"honors_knitted"},
        "147m258p369s123sEE": {"knitted_straight"},
        "11223344556677m": {"regular", "seven_pairs"},
        "1111223344557m7m": {"seven_pairs"},  # four 1m are two pairs
    }
    for text, expected in cases.items():
        hand = Hand.parse(text)
        assert complete_forms(hand.counts(), 0) == expected, text
        forms = shanten_forms(hand)
        assert {name for name, value in _open_values(forms).items() if value == -1} == expected, text


# --- waiting hands: 0 to 8, what a draw does ------------------------------------------------------------

@SETTINGS
@given(waiting_hands)
def test_waiting_hands_are_not_complete_and_at_most_eight(hand: Hand) -> None:
    forms = shanten_forms(hand)
    need = 4 - len(hand.melds)
    assert min(_open_values(forms).values()) >= 0
    assert 0 <= forms.value <= forms.regular <= 2 * need
    if not hand.melds:
        assert forms.value <= 8
        assert forms.seven_pairs <= 6
        assert forms.thirteen_orphans <= 13


@SETTINGS
@given(waiting_hands)
def test_a_draw_lowers_by_one_exactly_for_the_effective_tiles(hand: Hand) -> None:
    tiles = list(hand.standing)
    held = hand.counts(include_melds=True)
    melds = len(hand.melds)
    before = shanten_forms(tiles)
    assert before == shanten_forms(hand)
    effective = {name: set(effective_tiles(hand, name)) for name in open_forms(melds)}
    least = set(effective_tiles(hand))
    for t in Tile:
        if held[t] == 4:
            # No copy left to draw (standing or in melds): listed by no form, whatever the shape says.
            assert t not in least
            for name, kinds in effective.items():
                assert t not in kinds, (t, name)
            continue
        after = shanten_forms([*tiles, t])
        assert after.value in (before.value, before.value - 1), t
        assert (after.value < before.value) == (t in least), t
        assert shanten([*tiles, t]) == after.value
        for name, kinds in effective.items():
            old, new = getattr(before, name), getattr(after, name)
            assert new in (old, old - 1), (t, name)
            assert (new < old) == (t in kinds), (t, name)


# --- drawn hands: no discard does better ----------------------------------------------------------------

@SETTINGS
@given(drawn_hands)
def test_discarding_never_lowers_the_shanten(hand: Hand) -> None:
    tiles = list(hand.standing)
    forms = _open_values(shanten_forms(hand))
    least: dict[str, int] = {}
    for kind in set(tiles):
        rest = list(tiles)
        rest.remove(kind)
        after = _open_values(shanten_forms(rest))
        assert after.keys() == forms.keys()
        for name, value in after.items():
            assert value >= forms[name], (kind, name)
            least[name] = min(least.get(name, 99), value)
    # Some discard keeps the shanten: any tile the best shape leaves unused (complete hands go to 0).
    assert least == {name: max(value, 0) for name, value in forms.items()}


# --- the minimum, the melds, the input ------------------------------------------------------------------

@SETTINGS
@given(any_hands)
def test_the_minimum_is_the_least_open_form(hand: Hand) -> None:
    forms = shanten_forms(hand)
    melds = len(hand.melds)
    values = _open_values(forms)
    assert forms.value == min(values.values()) == shanten(hand)
    assert set(values) == set(open_forms(melds))
    counts, declared = counts_and_melds(hand)
    assert declared == melds
    assert forms.regular == regular_shanten(counts, melds)


@SETTINGS
@given(any_hands)
def test_concealed_forms_are_ruled_out_with_melds(hand: Hand) -> None:
    forms = shanten_forms(hand)
    melds = len(hand.melds)
    for name in ("seven_pairs", "thirteen_orphans", "honors_knitted"):
        assert (getattr(forms, name) == RULED_OUT) == (melds > 0), name
    assert (forms.knitted_straight == RULED_OUT) == (melds > 1)
    for name in FORMS:
        if getattr(forms, name) == RULED_OUT:
            assert effective_tiles(hand, name) == []


def test_a_concealed_kong_rules_out_the_concealed_forms() -> None:
    forms = shanten_forms("[1111m]147p258s369mE")
    assert (forms.seven_pairs, forms.thirteen_orphans, forms.honors_knitted) == (RULED_OUT,) * 3
    assert forms.knitted_straight == 0  # the kong is the set: 组合龙 waiting on East
    assert [t.notation() for t in effective_tiles("[1111m]147p258s369mE", "knitted_straight")] == ["E"]
    assert shanten_forms("[1111m][2222m]1477p258s").knitted_straight == RULED_OUT


@SETTINGS
@given(any_hands, st.data())
def test_results_do_not_depend_on_tile_order_or_input_kind(hand: Hand, data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(hand.standing), label="standing")
    melds = data.draw(st.permutations(hand.melds), label="melds")
    reordered = Hand(tuple(melds), hand.tiles, hand.winning_tile)
    inputs: list[str | Hand | list[Tile]] = [hand, reordered, hand.notation(), list(shuffled)]
    assert len({repr(shanten_forms(x)) for x in inputs}) == 1
    assert len({shanten(x) for x in inputs}) == 1
    assert len({tuple(counts_and_melds(x)[0]) for x in inputs}) == 1
    held = hand.counts(include_melds=True)
    for form in (None, *FORMS):
        assert len({tuple(effective_tiles(x, form)) for x in inputs[:3]}) == 1, form
        # Standing tiles alone carry no melds, so only the kinds held four times standing are left out.
        standing = effective_tiles(inputs[3], form)
        assert [t for t in standing if held[t] < 4] == effective_tiles(hand, form), form


# --- input validation ---------------------------------------------------------------------------------

ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "shanten": shanten,
    "shanten_forms": shanten_forms,
    "effective_tiles": effective_tiles,
    "counts_and_melds": counts_and_melds,
}

BAD_INPUTS: list[tuple[object, type[Exception], str]] = [
    # Notation: syntax and meaning errors are InvalidNotationError (a ValueError), saying where.
    ("11111m23456789p", InvalidNotationError, r"a fifth copy of 1m \(counting melds\) at position 4"),
    ("[1111m]1m23456789p9p", InvalidNotationError, "a fifth copy of 1m"),
    ("123m456p789s11z", InvalidNotationError, "a hand has 13 or 14 standing tiles, not 11"),
    ("[123m]123m456p789sEEE", InvalidNotationError, r"meld\(s\) a hand has 10 or 11 standing tiles, not 12"),
    ("123x456p789s1122z", InvalidNotationError, "unexpected character 'x' at position 3"),
    ("[123m123m456p789s1z", InvalidNotationError, "unclosed '\\['"),
    ("", InvalidNotationError, "a hand has 13 or 14 standing tiles, not 0 in ''"),
    # Standing tiles: the count must fit a hand and no kind may come five times.
    ([Tile.M1] * 5 + [Tile.P1] * 8, InvalidHandError, "5 copies of 1m; a set has only 4"),
    ([Tile.EAST] * 12, InvalidHandError, "12 copies of E; a set has only 4"),
    ([Tile(t) for t in range(12)], InvalidHandError, "12 standing tiles fit no hand"),
    ([Tile(t) for t in range(15)], InvalidHandError, "15 standing tiles fit no hand"),
    ([Tile(t) for t in range(16)], InvalidHandError, "16 standing tiles fit no hand"),
    ([], InvalidHandError, "0 standing tiles fit no hand"),
    ([Tile.M1] * 3, InvalidHandError, "3 standing tiles fit no hand"),
    ([34] * 13, InvalidOptionError, "no tile 34: a tile code is 0-33"),
]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize(("given_", "error", "message"), BAD_INPUTS)
def test_bad_input_raises(entry: str, given_: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        ENTRY_POINTS[entry](given_)


def test_every_valid_tile_count_is_accepted() -> None:
    for n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        tiles = [Tile(t % 34) for t in range(n)]
        counts, melds = counts_and_melds(tiles)
        assert (sum(counts), melds) == (n, (14 - n) // 3)
        assert shanten_forms(tiles).value == shanten(tiles) >= -1


def test_unknown_forms_are_rejected() -> None:
    with pytest.raises(ValueError, match="unknown form 'chiitoi'; one of regular, seven_pairs"):
        effective_tiles("123m456p789s1122z", "chiitoi")
    with pytest.raises(ValueError, match="unknown form 'chiitoi'"):
        form_shanten([0] * 34, 0, "chiitoi")


@SETTINGS
@given(st.lists(st.integers(0, 4), min_size=7, max_size=7).filter(lambda c: sum(c) <= 14), st.randoms())
def test_honor_vector_depends_only_on_the_counts_held(counts: list[int], rng: Any) -> None:
    """The honors' overlap vector is worked out once per sorted counts: in any order it equals the vector
    worked out from the counts in that order."""
    from majiang.analysis.tables import _honor_vector, honor_vector

    shuffled = list(counts)
    rng.shuffle(shuffled)
    direct = _honor_vector.__wrapped__(tuple(shuffled))
    assert honor_vector(tuple(shuffled)) == direct == _honor_vector.__wrapped__(tuple(counts))


# --- the one-call fast path (shanten_counts) ----------------------------------------------------------

@st.composite
def holdings(draw: st.DrawFn) -> tuple[list[int], int]:
    """Standing-tile counts of any size a hand may have (13 - 3 per meld, or one more), and the melds."""
    melds = draw(st.integers(0, 4))
    size = 13 - 3 * melds + draw(st.integers(0, 1))
    tiles = draw(st.lists(st.integers(0, 33), min_size=size, max_size=size).filter(
        lambda ts: max(ts.count(t) for t in set(ts)) <= 4))
    return [tiles.count(k) for k in range(34)], melds


@SETTINGS
@given(holdings())
def test_the_one_call_path_is_the_minimum_of_the_forms(holding: tuple[list[int], int]) -> None:
    """``shanten_counts`` reads the tables in one function; it must agree with every form counted apart
    (``_Groups``, ``shanten_forms``), and take counts as list, tuple or bytes alike."""
    from majiang.analysis.shanten import _Groups, _min_shanten, shanten_counts

    counts, melds = holding
    value = shanten_counts(counts, melds)
    assert value == _min_shanten(counts, melds, _Groups(counts))
    assert value == shanten_counts(tuple(counts), melds) == shanten_counts(bytes(counts), melds)
    tiles = [Tile(k) for k in range(34) for _ in range(counts[k])]
    if melds == 0:
        assert value == shanten_forms(tiles).value


@pytest.mark.parametrize(("counts", "melds", "error", "message"), [
    ([0] * 33, 0, InvalidHandError, "counts must give the 34 tile kinds, not 33"),
    ([5] + [0] * 33, 0, InvalidHandError, "5 copies of 1m; a count is 0-4"),
    ([-1] + [1] * 13 + [0] * 20, 0, InvalidHandError, "-1 copies of 1m; a count is 0-4"),
    ([300] + [0] * 33, 0, InvalidHandError, "300 copies of 1m; a count is 0-4"),
    ([1] * 15 + [0] * 19, 0, InvalidHandError, "15 standing tiles with 0 meld"),
    ([1] * 12 + [0] * 22, 1, InvalidHandError, "12 standing tiles with 1 meld"),
    ([1] * 13 + [0] * 21, 5, InvalidOptionError, "melds must be 0-4, not 5"),
    ([1] * 13 + [0] * 21, True, InvalidOptionError, "melds must be 0-4, not True"),
])
def test_the_one_call_path_refuses_what_the_checks_refuse(counts: list[int], melds: int,
                                                          error: type[Exception], message: str) -> None:
    from majiang.analysis.shanten import shanten_counts

    with pytest.raises(error, match=message):
        shanten_counts(counts, melds)

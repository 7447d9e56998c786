"""parse_hand's token path (cached tokens, packed counts, melds by one split) agrees with a reference reading.

The reference reads the same text with the public pieces that go character by character: ``parse_meld`` for
each bracket, ``parse_tiles`` for the standing tiles and the ``Hand`` constructor's own checks. A text is
parsed warm (its tokens and melds cached) and cold (every cache emptied): both give the same hand or the
same error.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang import Hand, InvalidNotationError, MajiangError
from majiang import notation as nt
from majiang._scan import _RUNS
from majiang.hand import _HONOR_PACKS, _PACKS, _SUIT_TILES
from majiang.meld import _MELDS
from majiang.notation import parse_hand, parse_meld, parse_tiles
from test_notation import _ALPHABET, mutated, spellings


def _reference(text: str) -> Hand | None:
    """The hand ``text`` names, read bracket by bracket and tile by tile; ``None`` if it names none."""
    i = len(text) - len(text.lstrip(" "))
    melds = []
    try:
        while text[i:i + 1] == "[":
            close = text.find("]", i)
            if close < 0:
                return None
            melds.append(parse_meld(text[i:close + 1]))
            i = close + 1
            i += len(text[i:]) - len(text[i:].lstrip(" "))
        tiles = parse_tiles(text[i:])
        want = 13 - 3 * len(melds)
        if len(tiles) not in (want, want + 1):
            return None
        last = tiles.pop() if len(tiles) > want else None
        return Hand(tuple(melds), tuple(tiles), last)
    except MajiangError:
        return None


def _outcome(text: str) -> Hand | tuple[str, int | None]:
    try:
        return parse_hand(text)
    except InvalidNotationError as err:
        return err.reason, err.position


def _cold() -> None:
    # Every cache the parsers keep, emptied in place: the modules that read them hold these same dicts.
    _PACKS.clear()
    _RUNS.clear()
    _MELDS.clear()
    for table in _SUIT_TILES:
        table.clear()
    _PACKS.update(_HONOR_PACKS)


def _check(text: str) -> None:
    warm = _outcome(text)
    again = _outcome(text)  # now every token and meld of the text is cached
    _cold()
    cold = _outcome(text)
    assert warm == again == cold
    hand = _reference(text)
    if hand is None:
        assert isinstance(warm, tuple), text
    else:
        assert warm == hand
        assert (warm._counts, warm._all_counts, warm._mask, warm._all_mask) == (
            hand._counts, hand._all_counts, hand._mask, hand._all_mask)


@settings(max_examples=150, deadline=None)
@given(spellings())
def test_spellings_read_as_the_reference_does(case: tuple[Hand, str]) -> None:
    _check(case[1])


@settings(max_examples=150, deadline=None)
@given(mutated() | st.text(alphabet=_ALPHABET, max_size=40))
def test_broken_text_reads_as_the_reference_does(text: str) -> None:
    _check(text)


def test_examples() -> None:
    for text in ["1112223377mCCC3m", "[999p][2222s][555p,2]6pPPP6p", "[123m] [456p]  789s11sEE 1s",
                 "[123m][456p][789s][EEE]C C", "[123m][456p][789s][EEE][SSS]C", "11111m23456789p1s",
                 "[1111m]1m23456789p1s", "123m[456p]789s11sEE", "123m456p789s11sEE]", "1 23m", "0m",
                 "8z", "123m456p789s11s,E", "[123m]][456p]789s11sE", "[123m]", "", " "]:
        _check(text)


def _counts_outcome(text: str) -> tuple[object, ...] | tuple[str, int | None]:
    try:
        h = nt.read_counts(text)
    except InvalidNotationError as err:
        return err.reason, err.position
    return h.hand(), h.melds, h.winning_tile, h._counts, h._all_counts, h._mask, h._all_mask


@settings(max_examples=150, deadline=None)
@given(spellings().map(lambda case: case[1]) | mutated() | st.text(alphabet=_ALPHABET, max_size=40))
def test_read_counts_reads_as_parse_hand(text: str) -> None:
    # read_counts skips only the sorting of the standing tiles: the same hand, counts and errors.
    counted = _counts_outcome(text)
    parsed = _outcome(text)
    if isinstance(parsed, Hand):
        assert counted == (parsed, parsed.melds, parsed.winning_tile, parsed._counts, parsed._all_counts,
                           parsed._mask, parsed._all_mask)
        assert nt.read_counts(text).notation() == parsed.notation()
    else:
        assert counted == parsed

"""Hand notation: parsing, canonical formatting, errors, and round-trip properties."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from majiang import Hand, InvalidNotationError, Meld, MeldKind, Tile
from majiang.notation import MAX_LENGTH, format_tiles, parse_hand, parse_meld, parse_tiles
from majiang.seats import RelativeSeat
from strategies import hands, melds

_LETTER = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH,
           "P": Tile.WHITE, "F": Tile.GREEN, "C": Tile.RED}
_BASE = {"m": Tile.M1, "p": Tile.P1, "s": Tile.S1}


def ts(spec: str) -> tuple[Tile, ...]:
    """Expected tiles from a tiny subset of the notation (``123m``, ``E``), kept apart from the parser."""
    out: list[Tile] = []
    for digits, suit, letter in re.findall(r"([1-9]+)([mps])|([ESWNPFC])", spec):
        if letter:
            out.append(_LETTER[letter])
        else:
            out.extend(Tile(_BASE[suit] + int(d) - 1) for d in digits)
    return tuple(out)


def hand(melds_: list[Meld], standing: str, last: Tile | None = None) -> Hand:
    return Hand(tuple(melds_), ts(standing), last)


# ---- the oracle itself ---------------------------------------------------------------------------


def test_oracle() -> None:
    assert ts("19m5pES") == (Tile.M1, Tile.M9, Tile.P5, Tile.EAST, Tile.SOUTH)
    assert ts("") == ()


# ---- melds ---------------------------------------------------------------------------------------

MELD_CASES: list[tuple[str, Meld, str]] = [
    # chows: the digit says which tile was claimed
    ("[123m]", Meld.chow(Tile.M1, 1), "[123m]"),
    ("[123m,1]", Meld.chow(Tile.M1, 1), "[123m]"),
    ("[123m,2]", Meld.chow(Tile.M1, 2), "[123m,2]"),
    ("[123m,3]", Meld.chow(Tile.M1, 3), "[123m,3]"),
    ("[789s,3]", Meld.chow(Tile.S7, 3), "[789s,3]"),
    ("[4p5p6p,2]", Meld.chow(Tile.P4, 2), "[456p,2]"),
    # pungs: 1 left, 2 across, 3 right
    ("[555p]", Meld.pung(Tile.P5, RelativeSeat.LEFT), "[555p]"),
    ("[555p,1]", Meld.pung(Tile.P5, RelativeSeat.LEFT), "[555p]"),
    ("[555p,2]", Meld.pung(Tile.P5, RelativeSeat.ACROSS), "[555p,2]"),
    ("[555p,3]", Meld.pung(Tile.P5, RelativeSeat.RIGHT), "[555p,3]"),
    ("[EEE]", Meld.pung(Tile.EAST, RelativeSeat.LEFT), "[EEE]"),
    ("[111z]", Meld.pung(Tile.EAST, RelativeSeat.LEFT), "[EEE]"),
    ("[1z1z1z]", Meld.pung(Tile.EAST, RelativeSeat.LEFT), "[EEE]"),
    ("[777z,2]", Meld.pung(Tile.RED, RelativeSeat.ACROSS), "[CCC,2]"),
    ("[CCC,3]", Meld.pung(Tile.RED, RelativeSeat.RIGHT), "[CCC,3]"),
    ("[6zF6z]", Meld.pung(Tile.GREEN, RelativeSeat.LEFT), "[FFF]"),
    # kongs: none concealed, 1-3 melded, 5-7 added to a pung from d-4
    ("[7777s]", Meld.kong(Tile.S7), "[7777s]"),
    ("[7777s,1]", Meld.kong(Tile.S7, RelativeSeat.LEFT), "[7777s,1]"),
    ("[7777s,2]", Meld.kong(Tile.S7, RelativeSeat.ACROSS), "[7777s,2]"),
    ("[7777s,3]", Meld.kong(Tile.S7, RelativeSeat.RIGHT), "[7777s,3]"),
    ("[7777s,5]", Meld.kong(Tile.S7, RelativeSeat.LEFT, added=True), "[7777s,5]"),
    ("[7777s,6]", Meld.kong(Tile.S7, RelativeSeat.ACROSS, added=True), "[7777s,6]"),
    ("[7777s,7]", Meld.kong(Tile.S7, RelativeSeat.RIGHT, added=True), "[7777s,7]"),
    ("[PPPP]", Meld.kong(Tile.WHITE), "[PPPP]"),
    ("[5555z,6]", Meld.kong(Tile.WHITE, RelativeSeat.ACROSS, added=True), "[PPPP,6]"),
]


@pytest.mark.parametrize(("text", "meld", "canonical"), MELD_CASES)
def test_parse_meld(text: str, meld: Meld, canonical: str) -> None:
    assert Meld.parse(text) == meld
    assert parse_meld(text) == meld
    assert meld.notation() == canonical
    assert str(meld) == canonical
    assert repr(meld) == f"Meld.parse({canonical!r})"


@pytest.mark.parametrize(("text", "meld", "canonical"), MELD_CASES)
def test_meld_inside_a_hand(text: str, meld: Meld, canonical: str) -> None:
    standing = "234567899pW" if meld.is_kong else "1234567899p"  # never a fifth copy of the meld's tile
    h = Hand.parse(text + standing + "S")
    assert h.melds == (meld,)
    assert h.winning_tile is Tile.SOUTH
    assert h.notation().startswith(canonical)


@pytest.mark.parametrize(
    ("meld", "tiles", "claimed", "concealed"),
    [
        (Meld.chow(Tile.M1), (Tile.M1, Tile.M2, Tile.M3), Tile.M1, False),
        (Meld.chow(Tile.M1, 2), (Tile.M1, Tile.M2, Tile.M3), Tile.M2, False),
        (Meld.chow(Tile.P7, 3), (Tile.P7, Tile.P8, Tile.P9), Tile.P9, False),
        (Meld.pung(Tile.NORTH, RelativeSeat.ACROSS), (Tile.NORTH,) * 3, Tile.NORTH, False),
        (Meld.kong(Tile.S3), (Tile.S3,) * 4, None, True),
        (Meld.kong(Tile.S3, RelativeSeat.RIGHT), (Tile.S3,) * 4, Tile.S3, False),
        (Meld.kong(Tile.S3, RelativeSeat.LEFT, added=True), (Tile.S3,) * 4, Tile.S3, False),
    ],
)
def test_meld_properties(meld: Meld, tiles: tuple[Tile, ...], claimed: Tile | None, concealed: bool) -> None:
    assert meld.tiles == tiles
    assert meld.claimed_tile == claimed
    assert meld.is_concealed_kong is concealed
    assert meld.is_kong is (len(tiles) == 4)


@pytest.mark.parametrize(
    ("kind", "tile", "claimed", "from_seat", "added", "reason"),
    [
        (MeldKind.CHOW, Tile.M8, 1, None, False, "cannot start at 8m"),
        (MeldKind.CHOW, Tile.EAST, 1, None, False, "cannot start at E"),
        (MeldKind.CHOW, Tile.M1, None, None, False, "which tile was claimed, 1-3, not None"),
        (MeldKind.CHOW, Tile.M1, 0, None, False, "which tile was claimed, 1-3, not 0"),
        (MeldKind.CHOW, Tile.M1, 4, None, False, "which tile was claimed, 1-3, not 4"),
        (MeldKind.CHOW, Tile.M1, True, None, False, "which tile was claimed, 1-3, not True"),
        (MeldKind.CHOW, Tile.M1, 1, RelativeSeat.ACROSS, False, "from the left player only, not from across"),
        (MeldKind.CHOW, Tile.M1, 1, None, True, "only a kong can be added"),
        (MeldKind.PUNG, Tile.M1, None, None, False, "a pung needs from_seat"),
        (MeldKind.PUNG, Tile.M1, 2, RelativeSeat.LEFT, False, "a pung has claimed=None, not 2"),
        (MeldKind.PUNG, Tile.M1, None, 0, False, "pung from_seat must be a RelativeSeat (1 left, 2 across"),
        (MeldKind.PUNG, Tile.M1, None, 4, False, "not 4"),
        (MeldKind.PUNG, Tile.M1, None, RelativeSeat.LEFT, True, "only a kong can be added"),
        (MeldKind.KONG, Tile.M1, 1, RelativeSeat.LEFT, False, "a kong has claimed=None, not 1"),
        (MeldKind.KONG, Tile.M1, None, 4, False, "kong from_seat must be a RelativeSeat"),
        (MeldKind.KONG, Tile.M1, None, None, True, "only a kong made on a claimed pung can be added"),
    ],
)
def test_meld_constructor_rejects(kind: MeldKind, tile: Tile, claimed: int | None, from_seat: int | None,
                                  added: bool, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        Meld(kind, tile, claimed, from_seat, added)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("meld", "claimed", "from_seat", "added"),
    [
        (Meld.chow(Tile.M1), 1, RelativeSeat.LEFT, False),
        (Meld.chow(Tile.P4, 3), 3, RelativeSeat.LEFT, False),
        (Meld(MeldKind.CHOW, Tile.S2, 2, RelativeSeat.LEFT), 2, RelativeSeat.LEFT, False),
        (Meld.pung(Tile.EAST), None, RelativeSeat.LEFT, False),
        (Meld.pung(Tile.EAST, RelativeSeat.RIGHT), None, RelativeSeat.RIGHT, False),
        (Meld.kong(Tile.S7), None, None, False),
        (Meld.kong(Tile.S7, RelativeSeat.ACROSS), None, RelativeSeat.ACROSS, False),
        (Meld.kong(Tile.S7, RelativeSeat.ACROSS, added=True), None, RelativeSeat.ACROSS, True),
        # A plain int seat (as a record or a caller may hold it) becomes the RelativeSeat it names.
        (Meld(MeldKind.PUNG, Tile.RED, None, 3), None, RelativeSeat.RIGHT, False),  # type: ignore[arg-type]
    ],
)
def test_meld_fields(meld: Meld, claimed: int | None, from_seat: RelativeSeat | None, added: bool) -> None:
    assert meld.claimed == claimed
    assert meld.from_seat is from_seat
    assert meld.added is added
    assert Meld.parse(meld.notation()) == meld
    assert eval(repr(meld)) == meld


def test_chow_from_seat_is_always_left() -> None:
    assert {Meld.chow(Tile.M1, k).from_seat for k in (1, 2, 3)} == {RelativeSeat.LEFT}
    assert Meld(MeldKind.CHOW, Tile.M1, 1) == Meld.chow(Tile.M1)


# ---- hands ---------------------------------------------------------------------------------------

HAND_CASES: list[tuple[str, Hand]] = [
    # the design's example: one chow, winning tile 7s last
    ("[567m,2]123p45699sCC7s", hand([Meld.chow(Tile.M5, 2)], "123p45699sCC", Tile.S7)),
    # 13 tiles: no last tile
    ("123m456p789sEEEC", hand([], "123m456p789sEEEC")),
    # 14 tiles: the last written tile is the last tile, wherever it sorts
    ("123m456p789sEEEC1m", hand([], "123m456p789sEEEC", Tile.M1)),
    ("9m1m2m3m456p789sEEE4p", hand([], "1239m456p789sEEE", Tile.P4)),
    ("123m456p789sEEEC 1z", hand([], "123m456p789sEEEC", Tile.EAST)),
    # honors as 1-7z in Tenhou order
    ("123m456p789s1117z", hand([], "123m456p789sEEEC")),
    ("19m19p19s1234567z1m", hand([], "19m19p19sESWNPFC", Tile.M1)),
    ("19m19p19s1z2z3z4z5z6z7z9s", hand([], "19m19p19sESWNPFC", Tile.S9)),
    # spaces between groups, before and after
    ("123m 456p 789s EEE C", hand([], "123m456p789sEEEC")),
    ("  [123m] [456p,3]  789s EEE C C ",
     hand([Meld.chow(Tile.M1), Meld.chow(Tile.P4, 3)], "789sEEEC", Tile.RED)),
    # digits may be split over several groups of one suit
    ("1m2m3m45m6m789p1s1s1sE", hand([], "123456m789p111sE")),
    # four melds of each kind leave one standing tile (+ the last)
    ("[123m][456p,2][789s,3][EEEE]CC",
     hand([Meld.chow(Tile.M1), Meld.chow(Tile.P4, 2), Meld.chow(Tile.S7, 3), Meld.kong(Tile.EAST)],
          "C", Tile.RED)),
    ("[1111m][2222p,1][3333s,5][EEEE,7]C",
     hand([Meld.kong(Tile.M1), Meld.kong(Tile.P2, RelativeSeat.LEFT),
           Meld.kong(Tile.S3, RelativeSeat.LEFT, added=True),
           Meld.kong(Tile.EAST, RelativeSeat.RIGHT, added=True)], "C")),
    ("[SSS,2][WWW,3][NNN][PPP]FF",
     hand([Meld.pung(Tile.SOUTH, RelativeSeat.ACROSS), Meld.pung(Tile.WEST, RelativeSeat.RIGHT),
           Meld.pung(Tile.NORTH), Meld.pung(Tile.WHITE)],
          "F", Tile.GREEN)),
    # four copies are fine, counting melds
    ("[1111m]1p1p1p1p2345p99s9s", hand([Meld.kong(Tile.M1)], "1111p2345p99s", Tile.S9)),
    ("[123m][123m]11m2233m9sP", hand([Meld.chow(Tile.M1), Meld.chow(Tile.M1)], "112233m9s", Tile.WHITE)),
]


@pytest.mark.parametrize(("text", "expected"), HAND_CASES)
def test_parse_hand(text: str, expected: Hand) -> None:
    assert Hand.parse(text) == expected
    assert parse_hand(text) == expected


@pytest.mark.parametrize(("text", "expected"), HAND_CASES)
def test_standing_counts(text: str, expected: Hand) -> None:
    h = Hand.parse(text)
    assert len(h.tiles) == 13 - 3 * len(h.melds)
    assert list(h.tiles) == sorted(h.tiles)
    assert len(h.standing) == len(h.tiles) + (h.winning_tile is not None)
    assert sum(h.counts()) == len(h.standing)
    assert sum(h.counts(include_melds=True)) == len(h.standing) + sum(len(m.tiles) for m in h.melds)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("[567m,2]123p45699sCC7s", "[567m,2]123p45699sCC7s"),
        ("[123m,1]456p789sEEEC", "[123m]456p789sEEEC"),
        ("[555p,1]456p789sEEEC", "[555p]456p789sEEEC"),
        ("[7m8m9m]123p789sEEEC", "[789m]123p789sEEEC"),
        ("[777z,2][5555z]123m123p1s1s", "[CCC,2][PPPP]123m123p1s1s"),
        ("C P F N W S E 9s 1s 9p 1p 9m1m", "19m19p19sESWNPFC"),
        ("1z 7z 5z 6z 2z 3z 4z 19m19p9s1s 9m", "19m19p19sESWNPFC9m"),
        ("9m1m2m3m456p789sEEE", "1239m456p789sEEE"),
        ("  123m456p789sEEEC  ", "123m456p789sEEEC"),
        ("3s2s1s9p8p7p6m5m4m3m2m1mE", "123456m789p123sE"),
    ],
)
def test_canonical_notation(text: str, canonical: str) -> None:
    h = Hand.parse(text)
    assert h.notation() == canonical
    assert str(h) == canonical
    assert repr(h) == f"Hand.parse({canonical!r})"
    assert Hand.parse(canonical) == h


@pytest.mark.parametrize(
    ("tiles", "text"),
    [
        ([], ""),
        ([Tile.S9, Tile.M1, Tile.M9, Tile.EAST], "19m9sE"),
        ([Tile.RED, Tile.GREEN, Tile.WHITE, Tile.NORTH, Tile.EAST], "ENPFC"),
        ([Tile.P5, Tile.P5, Tile.P1], "155p"),
        (list(Tile), "123456789m123456789p123456789sESWNPFC"),
    ],
)
def test_format_tiles(tiles: list[Tile], text: str) -> None:
    assert format_tiles(tiles) == text
    assert sorted(parse_tiles(text)) == sorted(tiles)


def test_parse_tiles_keeps_written_order() -> None:
    assert parse_tiles("9m 1m E 7z 1s") == [Tile.M9, Tile.M1, Tile.EAST, Tile.RED, Tile.S1]
    assert parse_tiles("") == []


def test_hand_properties() -> None:
    h = Hand.parse("[1111m][555p,2]23s789sWW 2s")
    assert h.tiles == ts("23789sWW")
    assert h.standing == ts("223789sWW")
    assert not h.is_fully_concealed
    assert Hand.parse("[1111m]23s789s123pWWW").is_fully_concealed
    assert Hand.parse("123m456p789sEEEC").is_fully_concealed
    counts = h.counts()
    assert counts[Tile.S2] == 2 and counts[Tile.WEST] == 2 and counts[Tile.M1] == 0
    assert h.counts(include_melds=True)[Tile.M1] == 4
    assert Hand.of(iter(h.melds), iter(h.tiles), h.winning_tile) == h


@pytest.mark.parametrize(
    ("melds_", "tiles", "reason"),
    [
        ([Meld.pung(Tile.EAST)] * 5, ts(""), "at most four melds"),
        ([], ts("123m456p789sEE"), "13 standing tiles"),
        ([Meld.chow(Tile.M1)], ts("123m456p789sEEE"), "10 standing tiles"),
        ([Meld.kong(Tile.M1), Meld.kong(Tile.M1)], ts("123p456p7s"), "8 copies of 1m"),
        ([], ts("11111m456p789sEE")[:13], "5 copies of 1m"),
    ],
)
def test_hand_constructor_rejects(melds_: list[Meld], tiles: tuple[Tile, ...], reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        Hand(tuple(melds_), tiles)


# ---- errors --------------------------------------------------------------------------------------

ERROR_CASES: list[tuple[str, int | None, str]] = [
    # unknown characters
    ("123m456p789sEEEx", 15, "unexpected character 'x'"),
    ("123m4q56p789sEEE", 5, "unexpected character 'q'"),
    ("123M456p789sEEEC", 3, "unexpected character 'M'"),
    ("123m456p789seeeC", 12, "unexpected character 'e'"),
    ("123m456p789sEEE-C", 15, "unexpected character '-'"),
    # digits without a suit, or a suit without digits
    ("123m456p789sEEE1", 15, "digits without a suit letter"),
    ("123m456p789 sEEEC", 8, "digits without a suit letter"),
    ("123m456p78E9sEEC", 8, "digits without a suit letter"),
    ("m123m456p789sEEE", 0, "suit letter 'm' without digits"),
    ("123mm456p789sEEE", 4, "suit letter 'm' without digits"),
    ("123m456p789sEEEz", 15, "suit letter 'z' without digits"),
    # 0 is not a rank; there are only seven honors
    ("103m456p789sEEEC", 1, "0 is not a tile rank"),
    ("[055p]123m456p789s", 1, "0 is not a tile rank"),
    ("123m456p789sEEE8z", 15, "honor 8z does not exist"),
    ("123m456p789sEE19z", 15, "honor 9z does not exist"),
    ("[888z]123m456p789s", 1, "honor 8z does not exist"),
    # brackets
    ("[123m456p789sEEEC", 0, "unclosed '['"),
    ("[123m][456p789sEEEC", 6, "unclosed '['"),
    ("[12[3m]]456p789sEEEC", 3, "'[' inside a meld"),
    ("[]123m456p789sE", 1, "a meld has 3 or 4 tiles, not 0"),
    ("[,2]123m456p789sE", 1, "a meld has 3 or 4 tiles, not 0"),
    ("123m[456p]789sEEEC", 4, "melds go before the standing tiles"),
    ("456p789sEEEC [123m]", 13, "melds go before the standing tiles"),
    ("123m]456p789sEEEC", 4, "']' without a matching '['"),
    ("123m,456p789sEEEC", 4, "',' outside a meld"),
    ("[123m],2 456p789sEEEC", 6, "',' outside a meld"),
    # impossible melds
    ("[124m]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[1234m]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[EEW]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[EWS]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[567z]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[89m1p]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[9m12p]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[1m2p3s]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[421m]456p789sEEEC", 1, "do not form a chow, pung or kong"),
    ("[213m]456p789sEEEC", 1, "ascending order"),
    ("[321p]456p789sEEEC", 1, "ascending order"),
    ("[11m]456p789sEEEC", 1, "a meld has 3 or 4 tiles, not 2"),
    ("[11111m]456p789sEEEC", 1, "a meld has 3 or 4 tiles, not 5"),
    ("[1 23m]456p789sEEEC", 2, "unexpected character ' '"),
    ("[123m ]456p789sEEEC", 5, "unexpected character ' '"),
    # bad sources
    ("[123m,4]456p789sEEEC", 6, "chow source must be 1-3, not 4"),
    ("[123m,7]456p789sEEEC", 6, "chow source must be 1-3, not 7"),
    ("[555p,5]123m789sEEEC", 6, "pung source must be 1-3, not 5"),
    ("[555p,0]123m789sEEEC", 6, "one digit 1-7, not '0'"),
    ("[7777s,4]123m456pEEEC", 7, "kong source 4 is not defined"),
    ("[7777s,8]123m456pEEEC", 7, "one digit 1-7, not '8'"),
    ("[555p,12]123m789sEEEC", 6, "one digit 1-7, not '12'"),
    ("[555p,]123m789sEEEC", 6, "one digit 1-7, not ''"),
    ("[555p,x]123m789sEEEC", 1, "a mixed meld has three or more tiles of at least two kinds"),
    ("[555p,y]123m789sEEEC", 6, "one digit 1-7, not 'y'"),
    ("[555p,2,3]123m789sEEEC", 6, "one digit 1-7, not '2,3'"),
    ("[555p, 2]123m789sEEEC", 6, "one digit 1-7, not ' 2'"),
    # more than four melds: reported at the fifth '['
    ("[111m][222m][333m][444m][555m]E", 24, "more than four melds"),
    # wrong tile counts concern the whole string
    ("", None, "13 or 14 standing tiles, not 0"),
    ("123m456p789sEE", None, "13 or 14 standing tiles, not 11"),
    ("123m456p789sEEECCC", None, "13 or 14 standing tiles, not 15"),
    ("[123m]123m456p789sEEEC", None, "with 1 meld(s) a hand has 10 or 11 standing tiles, not 13"),
    ("[111m][222m][333m][444m]", None, "with 4 meld(s) a hand has 1 or 2 standing tiles, not 0"),
    ("[111m][222m][333m][444m]EEE", None, "1 or 2 standing tiles, not 3"),
    # a fifth copy of a tile, counting melds
    ("11111m456p789sEE", 4, "a fifth copy of 1m"),
    ("[1111m]1m23m456p789sE", 7, "a fifth copy of 1m"),
    ("[111m]11m456p789sEEE", 7, "a fifth copy of 1m"),
    ("[123m][123m][123m]11m2pE", 19, "a fifth copy of 1m"),
    ("[EEEE]1z23m456p789sS", 6, "a fifth copy of E"),
    ("EEE1z1z23m456p789s", 5, "a fifth copy of E"),
    ("[1111m][1111m]123p456p7sE", None, "more than four copies of 1m among the melds"),
    ("[EEE][EEEE]123p456p7sS", None, "more than four copies of E among the melds"),
    ("[111m][123m][123m]456p7sS", None, "more than four copies of 1m among the melds"),
    # only ASCII, no control characters
    ("１２３m456p789sEEEC", 0, "non-ASCII character"),
    ("123m456p789sEEEＣ", 15, "non-ASCII character"),
    ("123m\u3000456p789sEEEC", 4, "non-ASCII character"),
    ("123m456p789sEEE中", 15, "non-ASCII character"),
    ("123m\n456p789sEEEC", 4, "control character"),
    ("123m456p789sEEEC\t", 16, "control character"),
    ("\x00123m456p789sEEEC", 0, "control character"),
    ("123m456p789sEEE\x7fC", 15, "control character"),
    # absurdly long input is refused before it is read
    ("1m" * 101, None, f"input is 202 characters long; at most {MAX_LENGTH}"),
    ("E" * 1_000_000, None, "at most 200"),
    ("x" * 201, None, "at most 200"),
]


@pytest.mark.parametrize(("text", "position", "reason"), ERROR_CASES)
def test_parse_hand_errors(text: str, position: int | None, reason: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Hand.parse(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.position == position
    assert reason in err.reason
    assert reason in str(err)
    assert err.text == text
    if position is not None:
        assert f"at position {position}" in str(err)


def test_error_message_shortens_long_text() -> None:
    text = "x" * 150
    with pytest.raises(InvalidNotationError) as info:
        Hand.parse(text)
    message = str(info.value)
    assert message.endswith("...'")
    assert len(message) < 150


@pytest.mark.parametrize(
    "value", [None, 123, 1.5, b"123m456p789sEEEC", ["1m"], Tile.M1, Hand.parse("123m456p789sEEEC")]
)
def test_non_string_input(value: Any) -> None:
    for parse in (Hand.parse, Meld.parse, parse_tiles):
        expected = f"expected a string, got {type(value).__name__}"
        with pytest.raises(InvalidNotationError, match=expected) as info:
            parse(value)
        assert info.value.position is None


MELD_ERROR_CASES: list[tuple[str, int | None, str]] = [
    ("", None, "one pair of brackets"),
    ("[", 0, "one pair of brackets"),
    ("123m", 0, "one pair of brackets"),
    ("[123m", 0, "one pair of brackets"),
    ("123m]", 0, "one pair of brackets"),
    ("[123m] ", 0, "one pair of brackets"),
    (" [123m]", 0, "one pair of brackets"),
    ("[123m][456p]", 0, "one pair of brackets"),
    ("[[123m]]", 0, "one pair of brackets"),
    ("[]", 1, "a meld has 3 or 4 tiles, not 0"),
    ("[12m]", 1, "a meld has 3 or 4 tiles, not 2"),
    ("[124m]", 1, "do not form a chow, pung or kong"),
    ("[312m]", 1, "ascending order"),
    ("[123m,4]", 6, "chow source must be 1-3"),
    ("[7777s,4]", 7, "kong source 4 is not defined"),
    ("[EEE,9]", 5, "one digit 1-7, not '9'"),
    ("[８88m]", 1, "non-ASCII character"),
]


@pytest.mark.parametrize(("text", "position", "reason"), MELD_ERROR_CASES)
def test_parse_meld_errors(text: str, position: int | None, reason: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Meld.parse(text)
    assert info.value.position == position
    assert reason in str(info.value)


# ---- properties ----------------------------------------------------------------------------------

_ALPHABET = "0123456789mpsz ESWNCFP[],x"


def _check_error(err: InvalidNotationError, text: str) -> None:
    """Any error names a reason, and its position (if any) is an index into the text."""
    assert err.reason
    assert err.reason in str(err)
    assert err.text == text
    assert err.position is None or 0 <= err.position < len(text)


@given(hands())
def test_hand_round_trip(h: Hand) -> None:
    text = h.notation()
    assert Hand.parse(text) == h
    assert repr(h) == f"Hand.parse({text!r})"
    assert Hand.parse(text).notation() == text


@given(melds())
def test_meld_round_trip(m: Meld) -> None:
    assert Meld.parse(m.notation()) == m
    assert repr(m) == f"Meld.parse({m.notation()!r})"


@given(melds())
def test_meld_tiles_are_consistent(m: Meld) -> None:
    assert len(m.tiles) == (4 if m.kind == MeldKind.KONG else 3)
    assert list(m.tiles) == sorted(m.tiles)
    if m.claimed_tile is None:
        assert m.is_concealed_kong
    else:
        assert m.claimed_tile in m.tiles


@given(hands())
def test_hand_respects_the_four_copies_limit(h: Hand) -> None:
    assert max(h.counts(include_melds=True)) <= 4
    assert len(h.tiles) == 13 - 3 * len(h.melds)


def _spell_tile(draw: st.DrawFn, tile: Tile) -> tuple[str, str]:
    """A tile as (digit or letter, suit letter or ''): honors either way."""
    if tile.is_numbered:
        return str(tile.rank), tile.suit.letter
    if draw(st.booleans()):
        return str(tile - Tile.EAST + 1), "z"
    return tile.notation(), ""


def _spell_run(draw: st.DrawFn, tiles: list[Tile]) -> list[str]:
    """Write ``tiles`` in order as groups, merging neighbours of one suit at random."""
    groups: list[str] = []
    pending_digits = ""
    pending_suit = ""
    for tile in tiles:
        symbol, suit = _spell_tile(draw, tile)
        if not suit:
            if pending_digits:
                groups.append(pending_digits + pending_suit)
                pending_digits = ""
            groups.append(symbol)
            continue
        if pending_digits and (suit != pending_suit or draw(st.booleans())):
            groups.append(pending_digits + pending_suit)
            pending_digits = ""
        pending_digits += symbol
        pending_suit = suit
    if pending_digits:
        groups.append(pending_digits + pending_suit)
    return groups


def _spell_meld(draw: st.DrawFn, m: Meld) -> str:
    body = "".join(_spell_run(draw, list(m.tiles)))
    if m.kind == MeldKind.KONG:
        if m.from_seat is None:
            return f"[{body}]"
        return f"[{body},{m.from_seat + 4 if m.added else m.from_seat}]"
    digit = m.claimed if m.kind == MeldKind.CHOW else m.from_seat
    if digit == 1 and draw(st.booleans()):
        return f"[{body}]"
    return f"[{body},{digit}]"


@st.composite
def spellings(draw: st.DrawFn) -> tuple[Hand, str]:
    """A hand and one of its many non-canonical spellings: any tile order, 1-7z, spaces, explicit ``,1``."""
    h = draw(hands())
    gap = st.sampled_from(["", "", " ", "  "])
    parts = [draw(gap)]
    for m in h.melds:
        parts += [_spell_meld(draw, m), draw(gap)]
    order = draw(st.permutations(h.tiles))
    written = [*order, h.winning_tile] if h.winning_tile is not None else list(order)
    for group in _spell_run(draw, written):
        parts += [group, draw(gap)]
    return h, "".join(parts)


@given(spellings())
def test_every_spelling_parses_to_the_hand(case: tuple[Hand, str]) -> None:
    h, text = case
    assert Hand.parse(text) == h
    assert Hand.parse(Hand.parse(text).notation()) == h


def _parse_or_error(text: str) -> Hand | None:
    """Parse ``text``; an error must be an InvalidNotationError that describes itself."""
    try:
        h = Hand.parse(text)
    except InvalidNotationError as err:
        _check_error(err, text)
        return None
    assert Hand.parse(h.notation()) == h
    return h


@given(st.text(alphabet=_ALPHABET, max_size=60))
def test_parse_hand_on_notation_like_text(text: str) -> None:
    _parse_or_error(text)


@given(st.text(max_size=300))
def test_parse_hand_on_any_text(text: str) -> None:
    _parse_or_error(text)


@given(st.text(alphabet=_ALPHABET, max_size=20) | st.text(max_size=20))
def test_parse_meld_on_any_text(text: str) -> None:
    try:
        m = Meld.parse(text)
    except InvalidNotationError as err:
        _check_error(err, text)
    else:
        assert Meld.parse(m.notation()) == m


@given(st.text(alphabet=_ALPHABET, max_size=20) | st.text(max_size=20))
def test_parse_tiles_on_any_text(text: str) -> None:
    tiles: list[Tile] | None = None
    try:
        tiles = parse_tiles(text)
    except InvalidNotationError as err:
        _check_error(err, text)
    else:
        assert sorted(parse_tiles(format_tiles(tiles))) == sorted(tiles)
    try:
        tile = Tile.parse(text)
    except InvalidNotationError as err:
        _check_error(err, text)
        assert tiles is None or len(tiles) != 1
    else:
        assert tiles == [tile]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid hand's notation with a few characters inserted, deleted or replaced."""
    text = draw(spellings())[1]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        ch = draw(st.sampled_from(_ALPHABET) | st.characters())
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        if op == "insert":
            text = text[:i] + ch + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        else:
            text = text[:i] + ch + text[i + 1:]
    return text


@given(mutated())
def test_parse_hand_on_near_misses(text: str) -> None:
    _parse_or_error(text)

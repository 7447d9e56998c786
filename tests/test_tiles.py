"""Tiles and flowers: kinds, properties, names and single-tile parsing."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from majiang import Flower, InvalidNotationError, Suit, Tile
from majiang.tiles import DRAGONS, HONORS, SUITED, TERMINALS, TERMINALS_AND_HONORS, WINDS

# (tile, int value, notation, suit, rank, zh, en) for all 34 kinds, written out by hand.
TILE_TABLE: list[tuple[Tile, int, str, Suit, int, str, str]] = [
    (Tile.M1, 0, "1m", Suit.CHARACTERS, 1, "一万", "1 characters"),
    (Tile.M2, 1, "2m", Suit.CHARACTERS, 2, "二万", "2 characters"),
    (Tile.M3, 2, "3m", Suit.CHARACTERS, 3, "三万", "3 characters"),
    (Tile.M4, 3, "4m", Suit.CHARACTERS, 4, "四万", "4 characters"),
    (Tile.M5, 4, "5m", Suit.CHARACTERS, 5, "五万", "5 characters"),
    (Tile.M6, 5, "6m", Suit.CHARACTERS, 6, "六万", "6 characters"),
    (Tile.M7, 6, "7m", Suit.CHARACTERS, 7, "七万", "7 characters"),
    (Tile.M8, 7, "8m", Suit.CHARACTERS, 8, "八万", "8 characters"),
    (Tile.M9, 8, "9m", Suit.CHARACTERS, 9, "九万", "9 characters"),
    (Tile.P1, 9, "1p", Suit.DOTS, 1, "一饼", "1 dots"),
    (Tile.P2, 10, "2p", Suit.DOTS, 2, "二饼", "2 dots"),
    (Tile.P3, 11, "3p", Suit.DOTS, 3, "三饼", "3 dots"),
    (Tile.P4, 12, "4p", Suit.DOTS, 4, "四饼", "4 dots"),
    (Tile.P5, 13, "5p", Suit.DOTS, 5, "五饼", "5 dots"),
    (Tile.P6, 14, "6p", Suit.DOTS, 6, "六饼", "6 dots"),
    (Tile.P7, 15, "7p", Suit.DOTS, 7, "七饼", "7 dots"),
    (Tile.P8, 16, "8p", Suit.DOTS, 8, "八饼", "8 dots"),
    (Tile.P9, 17, "9p", Suit.DOTS, 9, "九饼", "9 dots"),
    (Tile.S1, 18, "1s", Suit.BAMBOO, 1, "一条", "1 bamboo"),
    (Tile.S2, 19, "2s", Suit.BAMBOO, 2, "二条", "2 bamboo"),
    (Tile.S3, 20, "3s", Suit.BAMBOO, 3, "三条", "3 bamboo"),
    (Tile.S4, 21, "4s", Suit.BAMBOO, 4, "四条", "4 bamboo"),
    (Tile.S5, 22, "5s", Suit.BAMBOO, 5, "五条", "5 bamboo"),
    (Tile.S6, 23, "6s", Suit.BAMBOO, 6, "六条", "6 bamboo"),
    (Tile.S7, 24, "7s", Suit.BAMBOO, 7, "七条", "7 bamboo"),
    (Tile.S8, 25, "8s", Suit.BAMBOO, 8, "八条", "8 bamboo"),
    (Tile.S9, 26, "9s", Suit.BAMBOO, 9, "九条", "9 bamboo"),
    (Tile.EAST, 27, "E", Suit.WINDS, 0, "东", "East wind"),
    (Tile.SOUTH, 28, "S", Suit.WINDS, 0, "南", "South wind"),
    (Tile.WEST, 29, "W", Suit.WINDS, 0, "西", "West wind"),
    (Tile.NORTH, 30, "N", Suit.WINDS, 0, "北", "North wind"),
    (Tile.WHITE, 31, "P", Suit.DRAGONS, 0, "白", "White dragon"),
    (Tile.GREEN, 32, "F", Suit.DRAGONS, 0, "发", "Green dragon"),
    (Tile.RED, 33, "C", Suit.DRAGONS, 0, "中", "Red dragon"),
]

TERMINAL_SET = {Tile.M1, Tile.M9, Tile.P1, Tile.P9, Tile.S1, Tile.S9}
WIND_SET = {Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH}
DRAGON_SET = {Tile.WHITE, Tile.GREEN, Tile.RED}


def test_table_covers_every_kind_once() -> None:
    assert [row[0] for row in TILE_TABLE] == list(Tile)
    assert len(Tile) == 34


@pytest.mark.parametrize(("tile", "value", "notation", "suit", "rank", "zh", "en"), TILE_TABLE)
def test_tile_properties(
    tile: Tile, value: int, notation: str, suit: Suit, rank: int, zh: str, en: str
) -> None:
    assert int(tile) == value
    assert Tile(value) is tile
    assert tile.notation() == notation
    assert tile.suit is suit
    assert tile.rank == rank
    assert tile.zh == zh
    assert tile.en == en


@pytest.mark.parametrize("tile", list(Tile))
def test_tile_predicates(tile: Tile) -> None:
    honor = tile in WIND_SET or tile in DRAGON_SET
    assert tile.is_honor is honor
    assert tile.is_numbered is (not honor)
    assert tile.is_wind is (tile in WIND_SET)
    assert tile.is_dragon is (tile in DRAGON_SET)
    assert tile.is_terminal is (tile in TERMINAL_SET)
    assert tile.is_terminal_or_honor is (honor or tile in TERMINAL_SET)


def test_tile_groups() -> None:
    assert WINDS == (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
    assert DRAGONS == (Tile.WHITE, Tile.GREEN, Tile.RED)
    assert HONORS == WINDS + DRAGONS
    assert len(SUITED) == 27
    assert SUITED[0] is Tile.M1 and SUITED[-1] is Tile.S9
    assert all(t.is_numbered for t in SUITED)
    assert set(TERMINALS) == TERMINAL_SET
    assert len(TERMINALS) == 6
    assert set(TERMINALS_AND_HONORS) == TERMINAL_SET | WIND_SET | DRAGON_SET
    assert len(TERMINALS_AND_HONORS) == 13


@pytest.mark.parametrize(
    ("suit", "letter", "numbered"),
    [
        (Suit.CHARACTERS, "m", True),
        (Suit.DOTS, "p", True),
        (Suit.BAMBOO, "s", True),
        (Suit.WINDS, "z", False),
        (Suit.DRAGONS, "z", False),
    ],
)
def test_suit(suit: Suit, letter: str, numbered: bool) -> None:
    assert suit.letter == letter
    assert suit.is_numbered is numbered


@pytest.mark.parametrize(
    ("suit", "rank", "tile"),
    [
        (Suit.CHARACTERS, 1, Tile.M1),
        (Suit.CHARACTERS, 9, Tile.M9),
        (Suit.DOTS, 5, Tile.P5),
        (Suit.BAMBOO, 1, Tile.S1),
        (Suit.BAMBOO, 9, Tile.S9),
    ],
)
def test_from_suit_rank(suit: Suit, rank: int, tile: Tile) -> None:
    assert Tile.from_suit_rank(suit, rank) is tile


@pytest.mark.parametrize(
    ("suit", "rank"),
    [(Suit.CHARACTERS, 0), (Suit.DOTS, 10), (Suit.BAMBOO, -1), (Suit.WINDS, 1), (Suit.DRAGONS, 3)],
)
def test_from_suit_rank_rejects(suit: Suit, rank: int) -> None:
    with pytest.raises(ValueError, match="no numbered tile"):
        Tile.from_suit_rank(suit, rank)


# ---- flowers -------------------------------------------------------------------------------------

FLOWER_TABLE: list[tuple[Flower, int, str, str]] = [
    (Flower.SPRING, 0, "春", "Spring"),
    (Flower.SUMMER, 1, "夏", "Summer"),
    (Flower.AUTUMN, 2, "秋", "Autumn"),
    (Flower.WINTER, 3, "冬", "Winter"),
    (Flower.PLUM, 4, "梅", "Plum"),
    (Flower.ORCHID, 5, "兰", "Orchid"),
    (Flower.BAMBOO, 6, "竹", "Bamboo"),
    (Flower.CHRYSANTHEMUM, 7, "菊", "Chrysanthemum"),
]


def test_flower_table_covers_every_flower() -> None:
    assert [row[0] for row in FLOWER_TABLE] == list(Flower)


@pytest.mark.parametrize(("flower", "value", "zh", "en"), FLOWER_TABLE)
def test_flower_names(flower: Flower, value: int, zh: str, en: str) -> None:
    assert int(flower) == value
    assert flower.zh == zh
    assert flower.en == en


# ---- Tile.parse ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        ("1m", Tile.M1),
        ("5m", Tile.M5),
        ("9p", Tile.P9),
        ("4s", Tile.S4),
        ("E", Tile.EAST),
        ("S", Tile.SOUTH),
        ("W", Tile.WEST),
        ("N", Tile.NORTH),
        ("P", Tile.WHITE),
        ("F", Tile.GREEN),
        ("C", Tile.RED),
        ("1z", Tile.EAST),
        ("2z", Tile.SOUTH),
        ("3z", Tile.WEST),
        ("4z", Tile.NORTH),
        ("5z", Tile.WHITE),
        ("6z", Tile.GREEN),
        ("7z", Tile.RED),
        (" 3p ", Tile.P3),
    ],
)
def test_parse_tile(text: str, tile: Tile) -> None:
    assert Tile.parse(text) is tile


@pytest.mark.parametrize("tile", list(Tile))
def test_parse_tile_round_trip(tile: Tile) -> None:
    assert Tile.parse(tile.notation()) is tile


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("", None, "exactly one tile, got 0"),
        ("   ", None, "exactly one tile, got 0"),
        ("12m", None, "exactly one tile, got 2"),
        ("EE", None, "exactly one tile, got 2"),
        ("5m E", None, "exactly one tile, got 2"),
        ("0m", 0, "0 is not a tile rank"),
        ("8z", 0, "8z does not exist"),
        ("9z", 0, "9z does not exist"),
        ("5", 0, "digits without a suit letter"),
        ("m", 0, "suit letter 'm' without digits"),
        ("z", 0, "suit letter 'z' without digits"),
        ("5x", 1, "unexpected character 'x'"),
        ("e", 0, "unexpected character 'e'"),
        ("5M", 1, "unexpected character 'M'"),
        ("[5m]", 0, "unexpected character '['"),
        ("５m", 0, "non-ASCII character"),
        ("中", 0, "non-ASCII character"),
        ("5\tm", 1, "control character"),
    ],
)
def test_parse_tile_errors(text: str, position: int | None, reason: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Tile.parse(text)
    assert info.value.position == position
    assert reason in info.value.reason
    assert reason in str(info.value)
    assert info.value.text == text


@pytest.mark.parametrize("value", [None, 5, b"5m", ["5m"]])
def test_parse_tile_rejects_non_strings(value: Any) -> None:
    with pytest.raises(InvalidNotationError, match="expected a string") as info:
        Tile.parse(value)
    assert info.value.position is None
    assert isinstance(info.value, ValueError)


def test_knitted_straights_and_orphans() -> None:
    from majiang.tiles import KNIT_SUITS, KNITTED_STRAIGHTS, TERMINALS_AND_HONORS

    assert sorted(KNIT_SUITS) == sorted(itertools.permutations(range(3)))
    for suits, knit in zip(KNIT_SUITS, KNITTED_STRAIGHTS, strict=True):
        assert list(knit) == sorted(knit) and len(set(knit)) == 9
        for tile in knit:
            assert tile.suit == Suit(suits[(tile.rank - 1) % 3])
    assert "".join(t.notation() for t in TERMINALS_AND_HONORS) == "1m9m1p9p1s9sESWNPFC"

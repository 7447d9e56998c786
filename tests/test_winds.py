"""Wind values: every parser of a seat or round wind takes the wind exactly, and refuses " E" (issue 7)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from majiang.cli import app
from majiang.hand import Hand
from majiang.mcr import McrWinFans, parse_wind, score, win_context
from majiang.tiles import WINDS, Tile

runner = CliRunner()
WIN = "123m456p789s11pEEE"
ACCEPTED = [("E", Tile.EAST), ("s", Tile.SOUTH), ("W", Tile.WEST), ("n", Tile.NORTH), ("东", Tile.EAST),
            ("北", Tile.NORTH), ("1z", Tile.EAST), ("4Z", Tile.NORTH), (Tile.WEST, Tile.WEST)]
SPACED = [" E", "E ", " E ", "\tS", "W\n", "\u3000北", "1z ", "\xa0N"]


@pytest.mark.parametrize(("value", "wind"), ACCEPTED)
def test_winds_are_read(value: str | Tile, wind: Tile) -> None:
    assert parse_wind(value) is wind


@pytest.mark.parametrize("value", SPACED)
def test_spaced_winds_are_refused_with_a_clear_error(value: str) -> None:
    with pytest.raises(ValueError, match=r"^--seat must be one of E, S, W, N without spaces around it, not "):
        parse_wind(value, "--seat")


@pytest.mark.parametrize(("value", "shown"), [
    ("X", "'X'"), ("", "''"), ("E S", "'E S'"), ("EE", "'EE'"), (Tile.RED, "<Tile.RED: 33>"), (27, "27"),
    ("E" * 1000, "'" + "E" * 36 + "..."), (None, "None"),
])
def test_other_values_are_refused(value: Any, shown: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_wind(value, "round_wind")
    assert str(info.value) == f"round_wind must be one of E, S, W, N, not {shown}"


# Every entry point that takes a wind, each called with one wind value.
ENTRY_POINTS: dict[str, Callable[[str], object]] = {
    "win_context seat": lambda w: win_context(Hand.parse(WIN), seat_wind=w),
    "win_context round": lambda w: win_context(Hand.parse(WIN), round_wind=w),
    "score seat": lambda w: score(WIN, seat_wind=w),
    "score round": lambda w: score(WIN, round_wind=w),
    "advice seat": lambda w: McrWinFans(seat_wind=w),
    "advice round": lambda w: McrWinFans(round_wind=w),
}


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_api_entry_points_refuse_spaced_winds(entry: str) -> None:
    ENTRY_POINTS[entry]("S")
    for value in SPACED:
        with pytest.raises(ValueError, match="without spaces around it"):
            ENTRY_POINTS[entry](value)


CLI_CASES = [
    (["fan", WIN, "--seat"], "majiang fan: error: --seat must be one of E, S, W, N without spaces"),
    (["fan", WIN, "--round"], "majiang fan: error: --round must be one of E, S, W, N without spaces"),
    (["shanten", "1112345678999m", "--seat"], "--seat must be one of E, S, W, N without spaces"),
    (["shanten", "1112345678999m", "--round"], "--round must be one of E, S, W, N without spaces"),
    (["analyze", "123456789m1234pE", "--seat"], "--seat must be one of E, S, W, N without spaces"),
    (["analyze", "123456789m1234pE", "--round"], "--round must be one of E, S, W, N without spaces"),
    (["simulate", "--games", "1", "--workers", "1", "--round"], "--round must be one of E, S, W, N without"),
]


@pytest.mark.parametrize(("args", "fragment"), CLI_CASES, ids=[" ".join(a[::2]) for a, _ in CLI_CASES])
def test_cli_options_refuse_spaced_winds(args: list[str], fragment: str) -> None:
    for value in (" E", "S "):
        result = runner.invoke(app, [*args, value])
        assert result.exit_code == 2, result.output
        assert fragment in result.stderr
        assert "Traceback" not in result.output


def test_batch_requests_refuse_spaced_winds() -> None:
    lines = [{"hand": WIN, "seat_wind": " E"}, {"hand": WIN, "round_wind": "S\n"},
             {"hand": WIN, "seat_wind": "e"}]
    result = runner.invoke(app, ["fan", "--json", "-"], input="".join(json.dumps(x) + "\n" for x in lines))
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 1
    assert answers[0] == {"error": "line 1: seat_wind must be one of E, S, W, N without spaces around it, "
                                   "not ' E'"}
    assert answers[1]["error"].startswith("line 2: round_wind must be one of E, S, W, N without spaces")
    assert answers[2] == score(WIN, seat_wind="E").to_dict()


@given(st.text(max_size=6))
def test_parse_wind_on_any_text(text: str) -> None:
    try:
        wind = parse_wind(text)
    except ValueError as err:
        assert str(err).startswith("wind must be one of E, S, W, N")
    else:
        assert wind in WINDS
        assert text == text.strip() and len(text) <= 2


def test_seat_wind_is_one_rule() -> None:
    from majiang.rules.mcr.seating import seat_positions
    from majiang.rules.mcr.sheet import ScoreSheet, dealer_of
    from majiang.tiles import seat_wind

    assert [seat_wind(s, 2).notation() for s in range(4)] == ["W", "N", "E", "S"]
    sheet = ScoreSheet(("A", "B", "C", "D"))
    for hand in range(1, 17):
        positions = seat_positions(hand)
        winds = sheet.seat_winds(hand)
        assert winds[dealer_of(hand)] == Tile.EAST
        assert winds == tuple(seat_wind(positions[p], positions[dealer_of(hand)]) for p in range(4))

"""The referee's score sheet: payments, penalties, draws, undo, seating against Match, the file, the CLI."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner, Result

from majiang.cli import app
from majiang.cli.sheet import CSV_COLUMNS, render_sheet, sheet_csv
from majiang.game import Game, WinRecord
from majiang.mcr import McrRules, WinBy
from majiang.rules.mcr.sheet import (
    MAX_FAN,
    MAX_PENALTIES,
    MAX_PENALTY_POINTS,
    Draw,
    Penalty,
    ScoreSheet,
    SheetError,
    Win,
    dealer_of,
    editing,
    locked,
    positions_of,
    win_payments,
)
from majiang.tiles import WINDS, Tile
from test_records import lively_match

NAMES = ["Ann", "Bo", "Cy", "Di"]
runner = CliRunner()
WIDE = {"COLUMNS": "200"}

# (winner, discarder or None for self-drawn, fan) -> changes by player
PAYMENTS = [
    (0, None, 8, (48, -16, -16, -16)),
    (2, None, 10, (-18, -18, 54, -18)),
    (3, None, 88, (-96, -96, -96, 288)),
    (1, 0, 8, (-16, 32, -8, -8)),
    (3, 1, 24, (-8, -32, -8, 48)),
    (0, 3, 88, (112, -8, -8, -96)),
    (2, 0, 13, (-21, -8, 37, -8)),
]


@pytest.mark.parametrize(("winner", "discarder", "fan", "deltas"), PAYMENTS)
def test_win_payments(winner: int, discarder: int | None, fan: int, deltas: tuple[int, ...]) -> None:
    assert win_payments(winner, discarder, fan) == deltas
    sheet = ScoreSheet(NAMES)
    row = sheet.win(NAMES[winner], fan, discarder=None if discarder is None else NAMES[discarder])
    assert row.deltas == deltas == row.totals
    assert sum(deltas) == 0
    # The engine's own settlement agrees (seat = player in a game dealt by seat 0).
    game = Game(seed=0)
    how = WinBy.SELF_DRAWN if discarder is None else WinBy.DISCARD
    McrRules().pay_win(game, WinRecord(winner, Tile.M1, how, discarder, SimpleNamespace(total=fan)))
    assert tuple(game.hand_deltas) == deltas


@pytest.mark.parametrize(("fan", "flowers", "fragment"), [
    (7, None, "7 fans is below the 8-fan minimum"),
    (0, None, "below the 8-fan minimum"),
    (9, 2, "9 fans with 2 flowers is 7 without them"),
    (8, 1, "8 fans with 1 flower is 7 without them"),
    (12, 9, "flowers must be 0 to 8"),
    (12, -1, "flowers must be 0 to 8"),
])
def test_win_below_minimum_or_bad_flowers(fan: int, flowers: int | None, fragment: str) -> None:
    sheet = ScoreSheet(NAMES)
    with pytest.raises(SheetError, match=fragment):
        sheet.win("Ann", fan, discarder="Bo", flowers=flowers)
    assert sheet.entries == []


def test_win_with_flowers_is_paid_on_the_total() -> None:
    sheet = ScoreSheet(NAMES)
    row = sheet.win("Bo", 10, flowers=2)
    assert row.entry == Win(1, None, 10, 2)
    assert row.deltas == (-18, 54, -18, -18)


def test_bad_wins_are_refused() -> None:
    sheet = ScoreSheet(NAMES)
    with pytest.raises(SheetError, match="no player 'Eve'; the players are Ann, Bo, Cy, Di"):
        sheet.win("Eve", 8)
    with pytest.raises(SheetError, match="no player 'ann'"):
        sheet.win("ann", 8)
    with pytest.raises(SheetError, match="cannot win on their own discard"):
        sheet.win("Cy", 8, discarder="Cy")
    with pytest.raises(SheetError, match="must be an integer"):
        sheet.win("Cy", True, discarder="Ann")
    assert sheet.entries == []
    assert sheet.win(3, 8, discarder=2).deltas == (-8, -8, -16, 32)  # players by index too


def test_penalties() -> None:
    sheet = ScoreSheet(NAMES)
    row = sheet.penalty("Cy")
    assert row.entry == Penalty(2, 30, 10, "错和 false win")
    assert row.deltas == (10, 10, -30, 10)
    assert (row.hand, sheet.hands_played, sheet.hand_number) == (1, 0, 1)
    row = sheet.penalty("Di", points=10, award=0, reason="slow play")
    assert row.deltas == (0, 0, 0, -10)
    assert sum(sheet.totals) == -10  # arbitrary penalties need not sum to zero
    assert sheet.penalty("Ann", points=0, award=5, reason="opponent's error").deltas == (-0, 5, 5, 5)
    with pytest.raises(SheetError, match="needs a reason"):
        sheet.penalty("Ann", points=20)
    with pytest.raises(SheetError, match="needs a reason"):
        sheet.penalty("Ann", award=0)
    with pytest.raises(SheetError, match="from 0 to 999"):
        sheet.penalty("Ann", points=-5, reason="x")
    with pytest.raises(SheetError, match="changes nothing"):
        sheet.penalty("Ann", points=0, award=0, reason="x")
    with pytest.raises(SheetError, match="one non-blank line"):
        sheet.penalty("Ann", reason="  ")
    with pytest.raises(SheetError, match="one non-blank line"):
        sheet.penalty("Ann", reason="a\nb")
    assert len(sheet.entries) == 3
    assert sheet.totals == (10, 15, -25, 5)


def test_draws_and_hand_progression() -> None:
    sheet = ScoreSheet(NAMES, hands=4)
    assert sheet.draw().deltas == (0, 0, 0, 0)
    assert sheet.hand_number == 2
    sheet.penalty("Bo")
    assert sheet.rows()[-1].hand == 2
    sheet.win("Bo", 8)
    sheet.draw()
    assert not sheet.over
    row = sheet.draw()
    assert (row.hand, sheet.over, sheet.hands_played) == (4, True, 4)
    with pytest.raises(SheetError, match="the match is over"):
        sheet.draw()
    with pytest.raises(SheetError, match="the match is over"):
        sheet.win("Ann", 8)
    assert sheet.penalty("Ann").hand == 4  # a penalty after the last hand is booked to it
    assert [r.hand for r in sheet.rows()] == [1, 2, 2, 3, 4, 4]


def test_undo() -> None:
    sheet = ScoreSheet(NAMES)
    with pytest.raises(SheetError, match="no entries to undo"):
        sheet.undo()
    sheet.win("Ann", 8)
    sheet.penalty("Bo")
    before = sheet.totals
    sheet.win("Cy", 20, discarder="Di")
    assert sheet.hand_number == 3
    assert sheet.undo() == Win(2, 3, 20)
    assert (sheet.totals, sheet.hand_number) == (before, 2)
    assert sheet.undo() == Penalty(1)
    assert sheet.undo() == Win(0, None, 8)
    assert (sheet.totals, sheet.hand_number, sheet.entries) == ((0, 0, 0, 0), 1, [])


def test_seating_and_dealers_follow_the_match() -> None:
    match, _ = lively_match(16)
    assert len(match.history) == 16
    sheet = ScoreSheet(NAMES)
    for booked, game in zip(match.history, match.games, strict=True):
        h = booked.number
        assert sheet.hand_number == h
        assert positions_of(h) == booked.positions
        assert sheet.dealer(h) == dealer_of(h) == booked.dealer_player
        assert sheet.round_wind(h) == booked.round_wind == WINDS[(h - 1) // 4]
        winds = sheet.seat_winds(h)
        for p in range(4):
            assert winds[p] == game.seat_wind(booked.positions[p])
        # Enter the hand as a referee would: false wins as penalties, then the result.
        for event in game.event_dicts():
            if event["e"] == "false-win":
                sheet.penalty(booked.positions.index(event["seat"]))
        result = booked.result
        if result.winners:
            (seat,), (score,) = result.winners, result.scores
            payer = None if result.payer is None else booked.positions.index(result.payer)
            sheet.win(booked.positions.index(seat), score.total, discarder=payer, flowers=score.flowers)
        else:
            sheet.draw()
        assert list(sheet.totals) == [sum(b.deltas[p] for b in match.history[:h]) for p in range(4)]
    assert sheet.over
    kinds = {type(entry) for entry in sheet.entries}
    assert kinds == {Win, Draw, Penalty}  # the match exercised every kind of entry
    assert list(sheet.totals) == match.totals
    assert sheet.standings() == match.standings()


@pytest.mark.parametrize(("entries", "standings"), [
    ([], (1.75, 1.75, 1.75, 1.75)),
    ([("win", 0, None, 8)], (4.0, 1.0, 1.0, 1.0)),
    ([("win", 0, 1, 8)], (4.0, 0.0, 1.5, 1.5)),
    ([("win", 0, None, 8), ("win", 1, None, 8)], (3.0, 3.0, 0.5, 0.5)),
    ([("penalty", 3, None, None)], (7 / 3, 7 / 3, 7 / 3, 0.0)),
])
def test_standings_with_ties(entries: list[tuple[str, int, int | None, int | None]],
                             standings: tuple[float, ...]) -> None:
    sheet = ScoreSheet(NAMES)
    for kind, who, other, fan in entries:
        if kind == "win":
            assert fan is not None
            sheet.win(who, fan, discarder=other)
        else:
            sheet.penalty(who)
    assert sheet.standings() == standings


def test_standings_tie_values_explained() -> None:
    # Cy wins 10 on Di's discard (Cy +34, Ann -8, Bo -8, Di -18), then a 错和 penalty on Cy (-30, +10
    # each): Ann and Bo tie for second and third place and share their points, (2 + 1) / 2 each.
    sheet = ScoreSheet(NAMES)
    sheet.win("Cy", 10, discarder="Di")
    sheet.penalty("Cy")
    assert sheet.totals == (2, 2, 4, -8)
    assert sheet.standings() == (1.5, 1.5, 4.0, 0.0)


def test_constructor_checks() -> None:
    with pytest.raises(SheetError, match="four players"):
        ScoreSheet(NAMES[:3])
    with pytest.raises(SheetError, match="must differ"):
        ScoreSheet(["Ann", "Ann", "Cy", "Di"])
    with pytest.raises(SheetError, match="non-blank"):
        ScoreSheet(["Ann", " ", "Cy", "Di"])
    with pytest.raises(SheetError, match="1 to 16 hands"):
        ScoreSheet(NAMES, hands=17)
    with pytest.raises(SheetError, match="1 to 16 hands"):
        ScoreSheet(NAMES, hands=0)


# -- the file ----------------------------------------------------------------------------------------


def _filled() -> ScoreSheet:
    sheet = ScoreSheet(NAMES)
    sheet.win("Cy", 12, discarder="Ann", flowers=2)
    sheet.penalty("Di", points=5, award=0, reason="slow play 慢")
    sheet.draw()
    sheet.win("Bo", 16)
    return sheet


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    sheet = _filled()
    path = tmp_path / "sheet.json"
    sheet.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == sheet.to_dict()
    assert data["entries"][0] == {"kind": "win", "winner": 2, "from": 0, "fan": 12, "flowers": 2}
    loaded = ScoreSheet.load(path)
    assert loaded.entries == sheet.entries
    assert loaded.rows() == sheet.rows()
    assert loaded.player_names == sheet.player_names
    assert os.listdir(tmp_path) == ["sheet.json"]


def test_save_failure_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "sheet.json"
    sheet = _filled()
    sheet.save(path)
    old = path.read_bytes()
    sheet.draw()

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="No space left"):
        sheet.save(path)
    assert path.read_bytes() == old
    assert os.listdir(tmp_path) == ["sheet.json"]


@pytest.mark.parametrize(("content", "fragment"), [
    ("{", "is not JSON"),
    ("[]", "one JSON object"),
    ('{"format": "other"}', "not a majiang score sheet"),
    ('{"format": "majiang-sheet", "version": 2}', "unsupported sheet version 2"),
    ('{"format": "majiang-sheet", "version": 1, "players": ["a", "b", "c", "d"], "hands": 16}',
     "check 'entries'"),
    ('{"format": "majiang-sheet", "version": 1, "players": ["a", "a", "c", "d"], "hands": 16, "entries": []}',
     "must differ"),
    ('{"format": "majiang-sheet", "version": 1, "players": ["a", "b", "c", "d"], "hands": 16, '
     '"entries": [{"kind": "win", "winner": 0, "from": 1, "fan": 5, "flowers": null}]}',
     "entry 1: 5 fans is below the 8-fan minimum"),
    ('{"format": "majiang-sheet", "version": 1, "players": ["a", "b", "c", "d"], "hands": 16, '
     '"entries": [{"kind": "draw"}, {"kind": "win", "winner": 4, "from": null, "fan": 8, "flowers": null}]}',
     "entry 2: 'winner' must be a player index 0-3"),
    ('{"format": "majiang-sheet", "version": 1, "players": ["a", "b", "c", "d"], "hands": 1, '
     '"entries": [{"kind": "draw"}, {"kind": "draw"}]}', "entry 2: the match is over"),
    ('{"format": "majiang-sheet", "version": 1, "players": ["a", "b", "c", "d"], "hands": 16, '
     '"entries": [{"kind": "draw", "note": 1}]}', "entry 1: a draw entry has the keys kind"),
    ('{"format": "majiang-sheet", "version": 1, "players": ["a", "b", "c", "d"], "hands": 16, '
     '"entries": [{"kind": "bonus"}]}', "entry 1: expected an object with 'kind'"),
])
def test_load_refuses_bad_files(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SheetError, match=fragment):
        ScoreSheet.load(path)


# -- the command line ----------------------------------------------------------------------------------


def sheet_cli(*args: str) -> Result:
    return runner.invoke(app, ["sheet", *args], env=WIDE)


def assert_refused(result: Result, fragment: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("majiang sheet: error: ")
    assert fragment in lines[0], lines[0]
    assert "Traceback" not in result.output


def test_cli_flow(tmp_path: Path) -> None:
    path = str(tmp_path / "match.json")
    result = sheet_cli("new", path, "--players", *NAMES)
    assert result.exit_code == 0, result.output
    assert "Ann (E), Bo (S), Cy (W), Di (N); 16 hands" in result.stdout
    assert "Next: hand 1 of 16, round E 东, dealer Ann" in result.stdout
    result = sheet_cli("win", path, "--winner", "Cy", "--from", "Ann", "--fan", "12")
    assert result.exit_code == 0, result.output
    assert "Cy wins on Ann's discard, 12 fans" in result.stdout
    assert "Changes: Ann -20, Bo -8, Cy +36, Di -8" in result.stdout
    assert "Next: hand 2 of 16, round E 东, dealer Bo; seat winds Ann N, Bo E, Cy S, Di W" in result.stdout
    result = sheet_cli("win", path, "--winner", "Ann", "--self-drawn", "--fan", "10", "--flowers", "2")
    assert result.exit_code == 0, result.output
    result = sheet_cli("penalty", path, "--player", "Bo")
    assert result.exit_code == 0, result.output
    assert "penalty: Bo -30, each other +10 (错和 false win)" in result.stdout
    result = sheet_cli("penalty", path, "--player", "Di", "--points", "5", "--award", "0",
                       "--reason", "slow play")
    assert result.exit_code == 0, result.output
    assert sheet_cli("draw", path).exit_code == 0
    result = sheet_cli("undo", path)
    assert result.exit_code == 0, result.output
    assert "Removed from hand 3: 荒庄: exhaustive draw" in result.stdout
    sheet = ScoreSheet.load(path)
    assert sheet.entries == [Win(2, 0, 12), Win(0, None, 10, 2), Penalty(1), Penalty(3, 5, 0, "slow play")]
    assert sheet.totals == (44, -56, 28, -21)

    result = sheet_cli("show", path, "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["totals"] == [44, -56, 28, -21]
    assert shown["standings"] == [4.0, 0.0, 2.0, 1.0]
    assert shown["next"] == {"hand": 3, "round": "E", "dealer": "Cy", "seat_winds": ["W", "N", "E", "S"]}
    assert [row["kind"] for row in shown["rows"]] == ["win", "win", "penalty", "penalty"]
    assert shown["rows"][1] == {"hand": 2, "round": "E", "dealer": "Bo", "kind": "win", "winner": "Ann",
                                "from": None, "self_drawn": True, "fan": 10, "flowers": 2, "player": None,
                                "reason": None, "deltas": [54, -18, -18, -18], "totals": [34, -26, 18, -26]}

    result = sheet_cli("show", path)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("Score sheet: 2 of 16 hands", "自摸", "penalty Di: slow play", "Standings",
                 "Standard score"):
        assert text in out, text
    table_rows = [line.split() for line in out.splitlines() if line.split()[:2] == ["1", "E"]]
    assert table_rows == [["1", "E", "Ann", "Cy", "Ann", "12",
                           "-20", "-20", "-8", "-8", "+36", "36", "-8", "-8"]]
    assert "…" not in out


# Source 000's single seat change before the West round: who deals each hand, and each player's seat wind
# in hand 9 (B, who sat South, now in the East seat; A South; D West; C North).
BEFORE_WEST_DEALERS = [0, 1, 2, 3, 0, 1, 2, 3, 1, 0, 3, 2, 1, 0, 3, 2]


def test_the_sheet_seats_players_by_its_rules_seat_changes(tmp_path: Path) -> None:
    sheet = ScoreSheet(NAMES, rules=McrRules(seat_changes="before-west-round"))
    assert [sheet.dealer(h) for h in range(1, 17)] == BEFORE_WEST_DEALERS
    assert sheet.positions(9) == (1, 0, 3, 2)
    assert sheet.seat_winds(9) == (Tile.SOUTH, Tile.EAST, Tile.NORTH, Tile.WEST)
    assert [sheet.dealer(h) for h in range(1, 17)] != [dealer_of(h) for h in range(1, 17)]
    for _ in range(8):
        sheet.draw()
    sheet.win("Bo", 8, discarder="Ann")
    assert sheet.rows()[-1].dealer == 1
    path = tmp_path / "s.json"
    sheet.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["options"]["seat_changes"] == "before-west-round"
    again = ScoreSheet.load(path)
    assert again.rules == sheet.rules and [r.dealer for r in again.rows()] == BEFORE_WEST_DEALERS[:9]


def test_cli_seat_changes_option_is_named_on_the_sheet(tmp_path: Path) -> None:
    path = str(tmp_path / "s.json")
    result = sheet_cli("new", path, "--players", *NAMES, "--option", "seat_changes=before-west-round")
    assert result.exit_code == 0, result.output
    assert "Rules: mcr (seat_changes=before-west-round)" in result.stdout
    for _ in range(8):
        assert sheet_cli("draw", path).exit_code == 0
    result = sheet_cli("show", path)
    assert result.exit_code == 0, result.output
    assert "Rules: mcr (seat_changes=before-west-round)" in result.stdout
    assert "Next: hand 9 of 16, round W 西, dealer Bo; seat winds Ann S, Bo E, Cy N, Di W" in result.stdout
    shown = json.loads(sheet_cli("show", path, "--json").stdout)
    assert shown["options"]["seat_changes"] == "before-west-round" and shown["next"]["dealer"] == "Bo"
    assert_refused(sheet_cli("new", str(tmp_path / "t.json"), "--players", *NAMES, "--option",
                             "seat_changes=sometimes"),
                   "seat_changes must be one of each-round, before-west-round")


def test_a_sheet_file_written_before_seat_changes_was_an_option_loads(tmp_path: Path) -> None:
    sheet = ScoreSheet(NAMES, rules=McrRules(base_points=10))
    sheet.win("Cy", 8, discarder="Ann")
    data = sheet.to_dict()
    del data["options"]["seat_changes"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = ScoreSheet.load(path)
    assert loaded.rules == McrRules(base_points=10) and loaded.totals == sheet.totals
    del data["options"]["base_points"]  # an option that has always been there is still required
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SheetError, match="'options' must hold every option"):
        ScoreSheet.load(path)


def test_a_single_hand_sheet_has_one_hand(tmp_path: Path) -> None:
    sheet = ScoreSheet(NAMES, rules=McrRules(single_hand=True))
    assert sheet.hands == 1
    with pytest.raises(SheetError, match="single_hand=true: a match is one hand, not 16"):
        ScoreSheet(NAMES, 16, McrRules(single_hand=True))
    path = str(tmp_path / "s.json")
    result = sheet_cli("new", path, "--players", *NAMES, "--rules", "botzone")
    assert result.exit_code == 0, result.output
    assert "; 1 hand\n" in result.stdout and "Next: hand 1 of 1," in result.stdout
    assert_refused(sheet_cli("new", str(tmp_path / "t.json"), "--players", *NAMES, "--rules", "botzone",
                             "--hands", "4"), "single_hand=true: a match is one hand, not 4")


def test_cli_full_match_ends_with_standings(tmp_path: Path) -> None:
    path = str(tmp_path / "m.json")
    assert sheet_cli("new", path, "--players", *NAMES, "--hands", "4").exit_code == 0
    for _ in range(3):
        assert sheet_cli("draw", path).exit_code == 0
    result = sheet_cli("win", path, "--winner", "Di", "--self-drawn", "--fan", "8")
    assert result.exit_code == 0, result.output
    assert "The match is over. Standard scores: Ann 1, Bo 1, Cy 1, Di 4" in result.stdout
    assert_refused(sheet_cli("draw", path), "the match is over (4 hands entered)")


@pytest.mark.parametrize(("args", "fragment"), [
    (["win", "--winner", "Eve", "--self-drawn", "--fan", "8"], "no player 'Eve'"),
    (["win", "--winner", "Ann", "--fan", "8"], "--from NAME (on a discard) or --self-drawn"),
    (["win", "--winner", "Ann", "--from", "Bo", "--self-drawn", "--fan", "8"], "not both"),
    (["win", "--winner", "Ann", "--from", "Ann", "--fan", "8"], "cannot win on their own discard"),
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "7"], "below the 8-fan minimum"),
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "9", "--flowers", "2"], "7 without them"),
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "+9"], "--fan must be a whole number"),
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "٩"], "--fan must be a whole number"),
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "9", "--flowers", "x"], "--flowers must be"),
    (["penalty", "--player", "Bo", "--points", "20"], "needs a reason"),
    (["penalty", "--player", "Bo", "--points", "-3", "--reason", "x"], "--points must be a whole number"),
    (["penalty", "--player", "Zed"], "no player 'Zed'"),
    (["undo"], "no entries to undo"),
])
def test_cli_bad_input_leaves_the_file_alone(tmp_path: Path, args: list[str], fragment: str) -> None:
    path = tmp_path / "s.json"
    assert sheet_cli("new", str(path), "--players", *NAMES).exit_code == 0
    before = path.read_bytes()
    assert_refused(sheet_cli(args[0], str(path), *args[1:]), fragment)
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["s.json", "s.json.lock"]  # the lock file stays, empty


def test_cli_file_errors(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.json")
    assert_refused(sheet_cli("show", missing), "no sheet file")
    assert_refused(sheet_cli("draw", missing), "majiang sheet new")
    assert not os.path.exists(missing)
    bad = tmp_path / "bad.json"
    bad.write_text("{oops", encoding="utf-8")
    assert_refused(sheet_cli("show", str(bad)), "is not JSON")
    path = str(tmp_path / "s.json")
    assert sheet_cli("new", path, "--players", *NAMES).exit_code == 0
    assert_refused(sheet_cli("new", path, "--players", "A", "B", "C", "D"), "already exists; pass --force")
    assert ScoreSheet.load(path).player_names == tuple(NAMES)
    assert sheet_cli("new", path, "--players", "A", "B", "C", "D", "--force").exit_code == 0
    assert ScoreSheet.load(path).player_names == ("A", "B", "C", "D")
    assert_refused(sheet_cli("new", str(tmp_path / "t.json"), "--players", "A", "A", "C", "D"), "must differ")
    assert_refused(sheet_cli("new", str(tmp_path / "t.json"), "--players", *NAMES, "--hands", "20"),
                   "1 to 16 hands")
    assert not (tmp_path / "t.json").exists()
    result = sheet_cli("new", str(tmp_path / "t.json"), "--players", "A", "B")
    assert result.exit_code == 2  # the option parser: --players takes four names
    assert_refused(sheet_cli("show", str(tmp_path)), "is a directory")


def test_draw_entry_type() -> None:
    sheet = ScoreSheet(NAMES)
    assert sheet.draw().entry == Draw()
    assert sheet.round_wind(16) == Tile.NORTH


# -- bounds, hostile files, locking ---------------------------------------------------------------------


@pytest.mark.parametrize(("fan", "fragment"), [
    (MAX_FAN + 1, "more than any hand scores; at most 999"),
    (10**4400, "a number of about 4400 digits is more than any hand scores"),
    (-(10**4400), "cannot be negative, not a number of about 4400 digits"),
    (-1, "cannot be negative"),
    (8.0, "must be an integer"),
], ids=["over", "huge", "hugely-negative", "negative", "float"])
def test_fan_totals_are_bounded(fan: int, fragment: str) -> None:
    sheet = ScoreSheet(NAMES)
    with pytest.raises(SheetError, match=fragment):
        sheet.win("Ann", fan)
    assert sheet.entries == []
    assert sheet.win("Ann", MAX_FAN).deltas == (3 * (8 + MAX_FAN), -(8 + MAX_FAN), -(8 + MAX_FAN),
                                                  -(8 + MAX_FAN))


def test_penalties_are_bounded() -> None:
    sheet = ScoreSheet(NAMES)
    for points, award in ((MAX_PENALTY_POINTS + 1, 0), (0, MAX_PENALTY_POINTS + 1), (10**5000, 0)):
        with pytest.raises(SheetError, match="from 0 to 999"):
            sheet.penalty("Ann", points=points, award=award, reason="x")
    with pytest.raises(SheetError, match="at most 200"):
        sheet.penalty("Ann", points=1, award=0, reason="x" * 201)
    for i in range(MAX_PENALTIES):
        sheet.penalty(NAMES[i % 4], points=MAX_PENALTY_POINTS, award=MAX_PENALTY_POINTS, reason=f"#{i}")
    with pytest.raises(SheetError, match="already holds 64 penalties"):
        sheet.penalty("Ann")
    assert len(sheet.entries) == MAX_PENALTIES


@pytest.mark.parametrize(("names", "fragment"), [
    (["Ann", "Bo", "Cy", "--force"], "must not start with '-'"),
    (["Ann", "Bo", "Cy", "=SUM(A1)"], "must not start with '='"),
    (["Ann", "Bo", "Cy", "@x"], "must not start with '@'"),
    (["Ann", "Bo", "Cy", "x" * 33], "33 characters long; at most 32"),
    (["Ann", "Bo", "Cy", "D\x1b[31m"], "printable text on one line"),
    (["Ann", "Bo", "Cy", "D\ri"], "printable text on one line"),
    (["Ann", "Bo", "Cy", "\u202eiD"], "printable text on one line"),
    (["Ann", "Bo", "Cy", " Di"], "without surrounding spaces"),
    (["Ann", "Bo", "Cy", 4], "must be text, not 4"),
])
def test_player_names_are_checked(names: list[Any], fragment: str) -> None:
    with pytest.raises(SheetError, match=re.escape(fragment)):
        ScoreSheet(names)


def test_names_with_inner_spaces_and_other_scripts_are_fine() -> None:
    sheet = ScoreSheet(["Ann Lee", "王 芳", "Cy-2", "D'Arcy"])
    assert sheet.player("王 芳") == 1


def _sheet_text(entries: str) -> str:
    return ('{"format": "majiang-sheet", "version": 1, "players": ["a", "b", "c", "d"], "hands": 16, '
            f'"entries": [{entries}]}}')


@pytest.mark.parametrize(("content", "fragment"), [
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": 12, "fan": 9, "flowers": null}'),
     "the key 'fan' appears twice in one object"),
    ('{"format": "majiang-sheet", "format": "majiang-sheet"}', "the key 'format' appears twice"),
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": NaN, "flowers": null}'),
     "NaN is not a number a sheet can hold"),
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": -Infinity, "flowers": null}'),
     "-Infinity is not a number"),
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": 1e400, "flowers": null}'),
     "the fan total must be an integer, not inf"),
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": ' + "9" * 4000 + ', "flowers": null}'),
     "entry 1: a fan total of a number of about 4000 digits is more than any hand scores"),
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": ' + "9" * 5000 + ', "flowers": null}'),
     "is not valid JSON"),
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": 12, "flowers": ' + "9" * 30 + "}"),
     "flowers must be 0 to 8, not " + "9" * 30),
    (_sheet_text('{"kind": ["win"]}'), "expected an object with 'kind' win, draw or penalty"),
    (_sheet_text('{"kind": "penalty", "player": 0, "points": 5, "award": 0, "reason": "a\\u0007b"}'),
     "printable text on one line"),
    (_sheet_text("[" * 100_000 + "]" * 100_000), "nested too deeply"),
    (_sheet_text("0, " * 400_000 + "0"), "larger than 1048576 bytes"),
    ("\ufeff{}", "is not JSON"),
], ids=["duplicate-entry-key", "duplicate-top-key", "nan", "infinity", "1e400", "4000-digits",
        "5000-digits", "huge-flowers", "list-kind", "bell-in-reason", "deep", "big", "bom"])
def test_load_refuses_hostile_files(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SheetError, match=re.escape(fragment)):
        ScoreSheet.load(path)


def test_lock_makes_a_second_writer_wait_then_give_up(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    ScoreSheet(NAMES).save(path)
    with locked(path), pytest.raises(SheetError, match=r"being changed by another command .*s\.json\.lock"), \
            editing(path, timeout=0.05) as sheet:
        sheet.draw()
    assert ScoreSheet.load(path).entries == []
    with editing(path) as sheet:  # released: the next writer gets it at once
        sheet.draw()
    assert ScoreSheet.load(path).entries == [Draw()]
    assert sorted(os.listdir(tmp_path)) == ["s.json", "s.json.lock"]


def test_editing_saves_nothing_when_the_block_fails(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    ScoreSheet(NAMES).save(path)
    before = path.read_bytes()
    with pytest.raises(SheetError, match="below the 8-fan minimum"), editing(path) as sheet:
        sheet.draw()
        sheet.win("Ann", 7)
    assert path.read_bytes() == before


_WRITER = r"""
import sys, time
from pathlib import Path
from typer.testing import CliRunner
from majiang.cli import app

path, writer, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
runner = CliRunner()
while not go.exists():
    time.sleep(0.001)
for i in range(count):
    reason = f"writer {writer} entry {i}"
    result = runner.invoke(app, ["sheet", "penalty", path, "--player", "Ann", "--points", "1", "--award", "0",
                                 "--reason", reason])
    if result.exit_code == 0:
        print(reason, flush=True)
    else:
        print("FAILED", reason, result.output.replace("\n", " "), flush=True)
"""


def _run_writers(tmp_path: Path, writers: int, per_writer: int) -> None:
    path = tmp_path / "s.json"
    ScoreSheet(NAMES).save(path)
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(path), str(w), str(per_writer), str(go)],
                              stdout=subprocess.PIPE, text=True) for w in range(writers)]
    go.touch()  # every writer starts its loop at once
    reported = []
    for proc in procs:
        out, _ = proc.communicate(timeout=300)
        assert proc.returncode == 0
        reported += out.splitlines()
    assert len(reported) == writers * per_writer
    assert not [line for line in reported if line.startswith("FAILED")], reported
    saved = [e.reason for e in ScoreSheet.load(path).entries if isinstance(e, Penalty)]
    assert sorted(saved) == sorted(reported)
    for w in range(writers):  # each writer's own entries are in its order
        mine = [r for r in saved if r.startswith(f"writer {w} ")]
        assert mine == [f"writer {w} entry {i}" for i in range(per_writer)]


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    # Without the lock, 2 writers lost 8 of 60 entries and 4 writers 24 of 60 (the audit of issue 7).
    _run_writers(tmp_path, writers=2, per_writer=10)


@pytest.mark.slow
def test_many_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    writers = max(2, int(os.environ.get("MAJIANG_SHEET_WRITERS", "4")))
    _run_writers(tmp_path, writers=writers, per_writer=MAX_PENALTIES // writers)


def test_cli_refuses_option_looking_players(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    assert_refused(sheet_cli("new", str(path), "--players", "A", "B", "C", "--force"),
                   "--players takes exactly four names; '--force' looks like an option")
    assert not path.exists()
    assert_refused(sheet_cli("new", str(path), "--players", "A", "B", "C", "-x"), "'-x' looks like an option")
    assert not path.exists()


@pytest.mark.parametrize(("args", "fragment"), [
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "9" * 4300], "--fan must be at most 999"),
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "1000"], "--fan must be at most 999, not 1000"),
    (["win", "--winner", "Ann", "--self-drawn", "--fan", "12", "--flowers", "9" * 50],
     "--flowers must be at most 8"),
    (["penalty", "--player", "Bo", "--points", "1000", "--reason", "x"], "--points must be at most 999"),
    (["penalty", "--player", "Bo", "--award", "9" * 5000, "--reason", "x"], "--award must be at most 999"),
    (["penalty", "--player", "Bo", "--points", "1", "--reason", "x" * 201], "at most 200"),
    (["penalty", "--player", "Bo", "--points", "1", "--reason", "bell\a"], "printable text on one line"),
], ids=["4300-digit-fan", "fan-1000", "huge-flowers", "points-1000", "huge-award", "long-reason", "bell"])
def test_cli_bounds_every_number(tmp_path: Path, args: list[str], fragment: str) -> None:
    path = tmp_path / "s.json"
    assert sheet_cli("new", str(path), "--players", *NAMES).exit_code == 0
    assert sheet_cli("draw", str(path)).exit_code == 0
    before = path.read_bytes()
    assert_refused(sheet_cli(args[0], str(path), *args[1:]), fragment)
    assert path.read_bytes() == before
    result = sheet_cli("show", str(path))  # the audit: show tracebacked after such a win was saved
    assert result.exit_code == 0, result.output
    assert "Score sheet: 1 of 16 hands" in result.stdout


@pytest.mark.parametrize(("content", "fragment"), [
    (_sheet_text('{"kind": "draw", "kind": "draw"}'), "the key 'kind' appears twice in one object"),
    (_sheet_text('{"kind": "win", "winner": 0, "from": 1, "fan": ' + "9" * 4000 + ', "flowers": null}'),
     "more than any hand scores"),
    (_sheet_text("[" * 50_000 + "]" * 50_000), "nested too deeply"),
    ("\x00\xff", "is not JSON"),
], ids=["duplicate", "huge-fan", "deep", "binary"])
def test_cli_invalid_sheet_files_are_clear_errors(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    for command in (["show"], ["show", "--json"], ["show", "--csv"], ["draw"], ["undo"]):
        assert_refused(sheet_cli(command[0], str(path), *command[1:]), fragment)
    assert path.read_bytes() == before


def _csv_sheet() -> ScoreSheet:
    sheet = ScoreSheet(["Ann", "Bo, Jr.", 'Cy "C"', "王芳"])
    sheet.win("Cy \"C\"", 12, discarder="Ann", flowers=2)
    sheet.penalty("王芳", points=5, award=0, reason="=HYPERLINK(\"x\") slow, play")
    sheet.draw()
    sheet.win("Bo, Jr.", MAX_FAN)
    return sheet


def test_csv_export(tmp_path: Path) -> None:
    assert sheet_csv(ScoreSheet(NAMES)) == [",".join([*CSV_COLUMNS, "Ann change", "Ann total", "Bo change",
                                                      "Bo total", "Cy change", "Cy total", "Di change",
                                                      "Di total"])]
    sheet = _csv_sheet()
    lines = sheet_csv(sheet)
    table = list(csv.reader(lines))
    assert table[0][:12] == list(CSV_COLUMNS)
    assert table[0][12:] == ["Ann change", "Ann total", "Bo, Jr. change", "Bo, Jr. total", 'Cy "C" change',
                             'Cy "C" total', "王芳 change", "王芳 total"]
    assert len(table) == 1 + len(sheet.entries)
    assert table[1][:12] == ["1", "E", "Ann", "win", 'Cy "C"', "Ann", "12", "2", "", "", "", ""]
    assert table[2][3:12] == ["penalty", "", "", "", "", "王芳", "5", "0", "'=HYPERLINK(\"x\") slow, play"]
    assert table[3][3] == "draw"
    for cells, row in zip(table[1:], sheet.rows(), strict=True):
        numbers = [int(cell) for cell in cells[12:]]
        assert numbers[0::2] == list(row.deltas)
        assert numbers[1::2] == list(row.totals)
        assert int(cells[0]) == row.hand

    path = tmp_path / "s.json"
    sheet.save(path)
    shown = sheet_cli("show", str(path), "--csv")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines() == lines
    out = tmp_path / "s.csv"
    result = sheet_cli("export", str(path), "--csv", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8").splitlines() == lines
    out.write_text("keep", encoding="utf-8")
    assert_refused(sheet_cli("export", str(path), "--csv", str(out)), "already exists; pass --force")
    assert out.read_text(encoding="utf-8") == "keep"
    assert sheet_cli("export", str(path), "--csv", str(out), "--force").exit_code == 0
    assert out.read_text(encoding="utf-8").splitlines() == lines
    assert_refused(sheet_cli("export", str(path), "--csv", str(path), "--force"), "is the sheet file itself")
    assert_refused(sheet_cli("export", str(path), "--csv", str(tmp_path / "no" / "x.csv")), "cannot write")
    assert_refused(sheet_cli("show", str(path), "--csv", "--json"), "choose one of --json and --csv")
    assert sorted(os.listdir(tmp_path)) == ["s.csv", "s.json"]


def _numbers_shown(out: str) -> list[str]:
    return [word.strip(",;:()") for word in out.split()]


# Without "…", which the test looks for as the mark of a cut cell.
_NAME = st.text(st.characters(codec="utf-8", categories=("L", "N", "P", "S"), include_characters=" ",
                              exclude_characters="…"), min_size=1, max_size=32)


@st.composite
def sheets(draw: st.DrawFn) -> ScoreSheet:
    """A sheet with random names (any printable text a name may be) and random entries."""
    names = draw(st.lists(_NAME.filter(lambda n: n == n.strip() and n[0] not in "-=+@" and n.isprintable()),
                          min_size=4, max_size=4, unique=True))
    sheet = ScoreSheet(names)
    for _ in range(draw(st.integers(0, 20))):
        kind = draw(st.sampled_from(["win", "self-drawn", "draw", "penalty"]))
        if sheet.over and kind != "penalty":
            continue
        who, other = draw(st.permutations(range(4)))[:2]
        if kind == "penalty":
            sheet.penalty(who, points=draw(st.integers(1, MAX_PENALTY_POINTS)),
                          award=draw(st.integers(0, MAX_PENALTY_POINTS)), reason=draw(_NAME).strip() or "x")
        elif kind == "draw":
            sheet.draw()
        else:
            sheet.win(who, draw(st.integers(8, MAX_FAN)), discarder=other if kind == "win" else None)
    return sheet


@settings(max_examples=25, deadline=None)
@given(sheets(), st.integers(20, 200))
def test_show_never_cuts_a_number(sheet: ScoreSheet, width: int) -> None:
    console = Console(width=width, file=io.StringIO(), highlight=False, color_system=None)
    render_sheet(console, sheet)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "…" not in out
    # Widths in terminal cells, as Rich lays them out: a CJK name takes two per character, a lone emoji
    # modifier (a generated name) none, so counting characters would be wrong both ways.
    assert all(cell_len(line) <= width for line in out.splitlines())
    words = _numbers_shown(out)
    for row in sheet.rows():
        for p in range(4):
            assert f"{row.deltas[p]:+d}" in words
            assert str(row.totals[p]) in words
        if isinstance(row.entry, Win):
            assert str(row.entry.fan) in words
    for score in sheet.standings():
        assert f"{score:g}" in words


@pytest.mark.parametrize("width", [20, 40, 60, 80, 100, 132])
def test_show_at_narrow_widths_keeps_every_number(tmp_path: Path, width: int) -> None:
    path = tmp_path / "s.json"
    sheet = _csv_sheet()
    sheet.penalty("Ann", points=MAX_PENALTY_POINTS, award=MAX_PENALTY_POINTS, reason="x")
    sheet.save(path)
    result = runner.invoke(app, ["sheet", "show", str(path)], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    words = _numbers_shown(result.stdout)
    expected = {str(MAX_FAN), f"+{3 * (8 + MAX_FAN)}", f"-{8 + MAX_FAN}", f"+{MAX_PENALTY_POINTS}"}
    for row in sheet.rows():
        expected |= {f"{d:+d}" for d in row.deltas} | {str(t) for t in row.totals}
    assert expected <= set(words), (expected - set(words), result.stdout)
    if width in (20, 132):  # too narrow for the table: lines instead; wide enough: the table
        assert ("Hand Round Dealer" in result.stdout) == (width == 132)
        assert ("Hand 1, round E," in result.stdout) == (width == 20)

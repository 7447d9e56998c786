"""``majiang shanten`` and ``majiang analyze``: JSON against the library, batch, errors, readable output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import majiang.cli.efficiency
from majiang.analysis import efficiency
from majiang.analysis.efficiency import CallOption, DiscardOption, LiveTile, Wait, live_effective
from majiang.analysis.shanten import RULED_OUT, effective_tiles, shanten_forms
from majiang.cli import app
from majiang.hand import Hand
from majiang.mcr import call_advice, discard_advice, ready_waits
from majiang.notation import parse_tiles
from majiang.seats import RelativeSeat

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # keep Rich from wrapping table rows
SRC = str(Path(__file__).resolve().parents[1] / "src")

NINE_GATES = "1112345678999m"  # ready on every character: the textbook 九莲宝灯 wait
ORPHANS = "19m19p19sESWNPFC"  # thirteen orphans, ready on all thirteen kinds
LOW_FAN = "[123m]456p789p23sEE"  # ready on 1s/4s, but neither win reaches 8 fans
FOUR_LEFT = "123456789m1234pE"  # after the draw: discard E to wait on 1p/4p

SHANTEN_HANDS = [
    NINE_GATES,
    ORPHANS,
    LOW_FAN,
    "1133m5577p99sEEC",  # seven pairs, ready
    "1m4m7m2p5p8p3s6s9sESWN",  # honors and knitted tiles, ready on the missing honors
    "147m258p369s1m2m3mE",  # knitted straight, ready
    "[123m]147p258s369m1p",  # knitted straight with a meld
    "[EEEE][SSSS]123m45p99s",  # two kongs counting 3 each
    "[123m][456m][789m][123p]E",  # four melds, a single wait
    "13579m2468p135sE",  # far from ready
    "1234m5678p9sESWNC",
    "11m22p33s44m55p66sE7s",  # 14 tiles, seven pairs ready after a discard
    "1112345678999m5m",  # 14 tiles, complete
    "147m258p369sESWPF",  # 14 tiles, complete 全不靠
    "[123m][456m][789m][123p]EE",  # 14 tiles with four melds
]


def invoke(args: list[str], stdin: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, args, input=stdin, env=env)


def expected_shanten(hand: str) -> dict[str, Any]:
    """What ``majiang shanten --json`` must print, straight from the library (``null`` for RULED_OUT)."""
    forms = shanten_forms(hand)
    drawn = Hand.parse(hand).winning_tile is not None

    def shown(value: int) -> int | None:
        return None if value == RULED_OUT else value

    return {
        "shanten": forms.value,
        "forms": {"regular": forms.regular, "seven_pairs": shown(forms.seven_pairs),
                  "thirteen_orphans": shown(forms.thirteen_orphans),
                  "honors_knitted": shown(forms.honors_knitted),
                  "knitted_straight": shown(forms.knitted_straight)},
        "effective": [] if drawn else [t.notation() for t in effective_tiles(hand)],
    }


def live(tiles: tuple[LiveTile, ...]) -> list[dict[str, Any]]:
    return [{"tile": e.tile.notation(), "live": e.live} for e in tiles]


def wait(w: Wait) -> dict[str, Any]:
    return {"tile": w.tile.notation(), "live": w.live, "fans_discard": w.fans_discard,
            "fans_self_drawn": w.fans_self_drawn, "legal": w.legal}


def expected_discards(options: list[DiscardOption]) -> list[dict[str, Any]]:
    return [{"discard": o.discard.notation(), "shanten": o.shanten, "effective": live(o.effective),
             "live": sum(e.live for e in o.effective), "legal_live": o.legal_live,
             "waits": [wait(w) for w in o.waits]} for o in options]


def expected_calls(options: list[CallOption]) -> list[dict[str, Any]]:
    return [{"kind": o.kind.value, "meld": None if o.meld is None else o.meld.notation(),
             "discard": None if o.discard is None else o.discard.notation(), "shanten": o.shanten,
             "effective": live(o.effective), "live": sum(e.live for e in o.effective)} for o in options]


def json_out(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    return json.loads(lines[0])


def assert_clean_error(result: Result, command: str, fragment: str) -> str:
    """Exit 2, nothing on stdout, one ``majiang COMMAND: error:`` line on stderr; returns the message."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    prefix = f"majiang {command}: error: "
    assert lines[0].startswith(prefix)
    assert fragment in lines[0]
    assert "Traceback" not in result.output
    return lines[0].removeprefix(prefix)


def assert_json_error(result: Result, fragment: str) -> str:
    """Exit 2 and exactly one ``{"error": ...}`` line on stdout; returns the message."""
    assert result.exit_code == 2, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    answer = json.loads(lines[0])
    assert list(answer) == ["error"]
    assert fragment in answer["error"]
    message: str = answer["error"]
    return message


def rows(text: str, first_cell: str) -> list[list[str]]:
    """The cells of the table rows of ``text`` whose first cell is ``first_cell``."""
    found = []
    for line in text.splitlines():
        if line.startswith("│"):
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            if cells[0] == first_cell:
                found.append(cells)
    return found


# --- majiang shanten --json ---------------------------------------------------------------------------

@pytest.mark.parametrize("hand", SHANTEN_HANDS)
def test_shanten_json_equals_library(hand: str) -> None:
    assert json_out(invoke(["shanten", hand, "--json"])) == expected_shanten(hand)


def test_shanten_json_textbook_facts() -> None:
    nine = json_out(invoke(["shanten", NINE_GATES, "--json"]))
    assert nine["shanten"] == 0
    assert nine["forms"]["regular"] == 0
    assert nine["effective"] == [f"{rank}m" for rank in range(1, 10)]
    orphans = json_out(invoke(["shanten", ORPHANS, "--json"]))
    assert orphans["shanten"] == 0
    assert orphans["forms"]["thirteen_orphans"] == 0
    assert len(orphans["effective"]) == 13
    complete = json_out(invoke(["shanten", NINE_GATES + "5m", "--json"]))
    assert complete["shanten"] == -1
    assert complete["effective"] == []


def test_shanten_json_forms_ruled_out_by_melds_are_null() -> None:
    forms = json_out(invoke(["shanten", LOW_FAN, "--json"]))["forms"]
    assert list(forms) == ["regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"]
    assert forms["seven_pairs"] is None and forms["thirteen_orphans"] is None
    assert forms["honors_knitted"] is None and forms["knitted_straight"] is not None
    two_melds = json_out(invoke(["shanten", "[EEEE][SSSS]123m45p99s", "--json"]))["forms"]
    assert two_melds["knitted_straight"] is None


# --- majiang shanten --json - (batch) -----------------------------------------------------------------

def test_shanten_batch_good_bad_and_blank_lines() -> None:
    lines = [
        json.dumps({"hand": NINE_GATES}),                         # 1
        "",                                                       # 2 blank: skipped
        json.dumps({"hand": ORPHANS, "visible": "1m"}),           # 3
        "not json",                                               # 4
        "[1, 2]",                                                 # 5
        json.dumps({}),                                           # 6
        json.dumps({"hand": ["1m"]}),                             # 7
        json.dumps({"hand": "123m456p789sEEEx"}),                 # 8
        "  \t ",                                                  # 9 blank: skipped
        json.dumps({"hand": "1112345678999m5m"}),                 # 10
        '{"hand": "1m", "hand": "2m"}',                           # 11
        json.dumps({"hand": LOW_FAN}),                            # 12
    ]
    result = invoke(["shanten", "--json", "-"], stdin="\n".join(lines) + "\n")
    assert result.exit_code == 1
    assert result.stderr == ""
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 10  # 12 lines, 2 blank
    assert out[0] == expected_shanten(NINE_GATES)
    errors = [
        (3, "unknown key 'visible'; the keys are hand"),
        (4, "invalid JSON at column 1"),
        (5, "expected a JSON object, not an array"),
        (6, "missing key 'hand'"),
        (7, "hand must be a string in hand notation"),
        (8, "invalid hand notation: unexpected character 'x' at position 15"),
    ]
    for answer, (lineno, fragment) in zip(out[1:7], errors, strict=True):
        assert list(answer) == ["error"]
        assert answer["error"].startswith(f"line {lineno}: ")
        assert fragment in answer["error"]
    assert out[7] == expected_shanten("1112345678999m5m")
    assert out[8] == {"error": "line 11: duplicate key 'hand'"}
    assert out[9] == expected_shanten(LOW_FAN)


def test_shanten_batch_all_good_exits_zero() -> None:
    stdin = "".join(json.dumps({"hand": hand}) + "\r\n" for hand in SHANTEN_HANDS)
    result = invoke(["shanten", "--json", "-"], stdin=stdin)
    assert result.exit_code == 0, result.output
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        expected_shanten(hand) for hand in SHANTEN_HANDS]


@pytest.mark.parametrize("stdin", ["", "\n\n   \n"])
def test_shanten_batch_empty_input(stdin: str) -> None:
    result = invoke(["shanten", "--json", "-"], stdin=stdin)
    assert result.exit_code == 0
    assert result.stdout == ""


def test_shanten_batch_byte_order_mark_and_bad_utf8() -> None:
    stdin = b"\xef\xbb\xbf" + json.dumps({"hand": ORPHANS}).encode() + b"\n\xff\n"
    result = invoke(["shanten", "--json", "-"], stdin=stdin)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first == expected_shanten(ORPHANS)
    assert second == {"error": "line 2: not UTF-8 (byte 0xff at offset 0)"}


def test_shanten_batch_needs_json() -> None:
    result = invoke(["shanten", "-"], stdin=json.dumps({"hand": ORPHANS}) + "\n")
    assert_clean_error(result, "shanten", "'majiang shanten --json -'")


def test_shanten_batch_refuses_command_line_options() -> None:
    result = invoke(["shanten", "--json", "--visible", "1m", "--profile", "mil", "-"],
                    stdin=json.dumps({"hand": ORPHANS}) + "\n")
    assert_json_error(result, "remove --visible, --profile")


def test_shanten_batch_internal_error_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    def flaky(hand: object) -> Any:
        calls.append(hand)
        if len(calls) == 1:
            raise KeyError("boom")
        return shanten_forms(hand)  # type: ignore[arg-type]

    monkeypatch.setattr(majiang.cli.efficiency, "shanten_forms", flaky)
    stdin = json.dumps({"hand": ORPHANS}) + "\n" + json.dumps({"hand": NINE_GATES}) + "\n"
    result = invoke(["shanten", "--json", "-"], stdin=stdin)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["error"].startswith("line 1: internal error (a bug in majiang")
    assert second == expected_shanten(NINE_GATES)


# --- majiang analyze --json ---------------------------------------------------------------------------

DISCARD_CASES: list[tuple[str, list[str], dict[str, Any]]] = [
    (FOUR_LEFT, [], {}),
    (FOUR_LEFT, ["--visible", "1p1p4pE"], {"visible": "1p1p4pE"}),
    (FOUR_LEFT, ["--no-fan-check"], {"fan_check": False}),
    (LOW_FAN + "1s", [], {}),
    (LOW_FAN + "1s", ["--seat", "S", "--round", "W", "--profile", "1998"],
     {"seat_wind": "S", "round_wind": "W", "profile": "1998"}),
    ("[EEEE]123m456p78s99sS", ["--seat", "东"], {"seat_wind": "E"}),
    ("1m2m3m5p6p7p9p2s3s4s6sWWN", ["--visible", "8p8p"], {"visible": "8p8p"}),
    ("147m258p369s1m2m3mEE", [], {}),
    ("1112345678999m5m", [], {}),
]


@pytest.mark.parametrize(("hand", "args", "kwargs"), DISCARD_CASES)
def test_analyze_json_equals_library(hand: str, args: list[str], kwargs: dict[str, Any]) -> None:
    visible = parse_tiles(kwargs.pop("visible", ""))
    expected = expected_discards(discard_advice(hand, visible, **kwargs))
    assert json_out(invoke(["analyze", hand, *args, "--json"])) == expected


def test_analyze_json_shape() -> None:
    out = json_out(invoke(["analyze", FOUR_LEFT, "--json"]))
    assert len(out) == len({row["discard"] for row in out})  # one row per distinct discard
    best = out[0]
    assert best["discard"] == "E" and best["shanten"] == 0
    assert [w["tile"] for w in best["waits"]] == ["1p", "4p"]
    assert all(w["legal"] for w in best["waits"])
    assert best["legal_live"] == best["live"] == sum(w["live"] for w in best["waits"])
    unchecked = json_out(invoke(["analyze", FOUR_LEFT, "--no-fan-check", "--json"]))
    assert all(row["legal_live"] is None for row in unchecked)
    assert all(w["fans_discard"] is None and w["legal"] is None for w in unchecked[0]["waits"])


CALL_CASES: list[tuple[str, str, str, list[str], dict[str, Any]]] = [
    ("123456789m2344p", "4p", "left", [], {}),  # win, chow, pass and pung
    ("123456789m1134p", "1p", "across", [], {}),
    ("123456789m1134p", "1p", "right", ["--visible", "2p2p"], {"visible": "2p2p"}),
    (LOW_FAN, "4s", "left", [], {}),  # the win is below 8 fans: dropped
    ("1m2m3m5p6p7p9p2s3sWWWN", "W", "across", [], {}),  # pung and kong
    ("1m2m3m5p6p7p9p2s3sWWWN", "4s", "left", ["--profile", "wmo2014"], {"profile": "wmo2014"}),
]


@pytest.mark.parametrize(("hand", "tile", "source", "args", "kwargs"), CALL_CASES)
def test_analyze_call_json_equals_library(hand: str, tile: str, source: str, args: list[str],
                                          kwargs: dict[str, Any]) -> None:
    seat = {"left": RelativeSeat.LEFT, "across": RelativeSeat.ACROSS, "right": RelativeSeat.RIGHT}[source]
    visible = parse_tiles(kwargs.pop("visible", ""))
    expected = expected_calls(call_advice(hand, tile, from_seat=seat, visible=visible, **kwargs))
    result = invoke(["analyze", hand, "--call", tile, "--from", source, *args, "--json"])
    assert json_out(result) == expected


def test_analyze_call_kinds_and_the_8_fan_check() -> None:
    out = json_out(invoke(["analyze", "123456789m2344p", "--call", "4p", "--from", "left", "--json"]))
    assert [row["kind"] for row in out] == ["win", "chow", "pass", "pung"]
    assert out[0] == {"kind": "win", "meld": None, "discard": None, "shanten": -1, "effective": [], "live": 0}
    assert out[1]["meld"] == "[234p,3]"
    kong = json_out(invoke(["analyze", "1m2m3m5p6p7p9p2s3sWWWN", "--call", "W", "--from", "right", "--json"]))
    assert {row["kind"] for row in kong} == {"pass", "pung", "kong"}
    assert next(row for row in kong if row["kind"] == "kong")["discard"] is None
    # A win of 1 or 2 fans is a false win: offered only without the fan check.
    checked = json_out(invoke(["analyze", LOW_FAN, "--call", "4s", "--from", "left", "--json"]))
    unchecked = json_out(invoke(["analyze", LOW_FAN, "--call", "4s", "--from", "left", "--no-fan-check",
                                 "--json"]))
    assert "win" not in [row["kind"] for row in checked]
    assert unchecked == expected_calls(efficiency.call_efficiency(LOW_FAN, "4s", from_seat=RelativeSeat.LEFT))
    assert unchecked[0]["kind"] == "win"


# --- errors -------------------------------------------------------------------------------------------

ERROR_CASES: list[tuple[list[str], str]] = [
    (["shanten", "123m"], "invalid hand notation: with 0 meld(s) a hand has 13 or 14 standing tiles"),
    (["shanten", "123m456p789sEEEx"], "unexpected character 'x' at position 15"),
    (["analyze", NINE_GATES], "is waiting to draw (13 tiles, kongs counting 3)"),
    (["analyze", "123m"], "invalid hand notation"),
    (["analyze", FOUR_LEFT, "--visible", "EEEE"], "5 copies of E in sight"),
    (["analyze", FOUR_LEFT, "--visible", "E5"], "--visible: digits without a suit letter"),
    (["analyze", FOUR_LEFT, "--seat", "up"], "--seat must be one of E, S, W, N"),
    (["analyze", FOUR_LEFT, "--profile", "x"], "unknown profile 'x'"),
    (["analyze", FOUR_LEFT, "--no-fan-check", "--seat", "S", "--profile", "mil"],
     "--no-fan-check counts no fans; remove --seat, --profile"),
    (["analyze", NINE_GATES, "--call", "1m"], "--call TILE and --from SEAT go together"),
    (["analyze", FOUR_LEFT, "--from", "left"], "--call TILE and --from SEAT go together"),
    (["analyze", FOUR_LEFT, "--call", "1p", "--from", "left"], "call advice is for a hand waiting to draw"),
    (["analyze", NINE_GATES, "--call", "1x", "--from", "left"], "--call: unexpected character 'x'"),
    (["analyze", NINE_GATES, "--call", "1m2m", "--from", "left"], "--call takes one tile, not 2"),
    (["analyze", NINE_GATES, "--call", "", "--from", "left"], "--call takes one tile, not 0"),
    (["analyze", NINE_GATES, "--call", "5m", "--from", "left", "--visible", "5m5m5m"],
     "5 copies of 5m in sight"),
]


@pytest.mark.parametrize(("args", "fragment"), ERROR_CASES)
def test_error_readable_and_json(args: list[str], fragment: str) -> None:
    plain = assert_clean_error(invoke(args), args[0], fragment)
    assert assert_json_error(invoke([*args, "--json"]), fragment) == plain


# Options of the readable output only: with --json they are refused (next test) before being read.
READABLE_ERROR_CASES: list[tuple[list[str], str]] = [
    (["shanten", NINE_GATES, "--visible", "1m1m"], "5 copies of 1m in sight"),
    (["shanten", NINE_GATES + "5m", "--visible", "5m5m5m"], "5 copies of 5m in sight"),
    (["shanten", NINE_GATES, "--visible", "1q"], "--visible: unexpected character 'q' at position 1 in '1q'"),
    (["shanten", NINE_GATES, "--seat", "X"], "--seat must be one of E, S, W, N, not 'X'"),
    (["shanten", NINE_GATES, "--round", "中"], "--round must be one of E, S, W, N"),
    (["shanten", NINE_GATES, "--profile", "MIL"], "unknown profile 'MIL'"),
]


@pytest.mark.parametrize(("args", "fragment"), READABLE_ERROR_CASES)
def test_error_readable_only(args: list[str], fragment: str) -> None:
    assert_clean_error(invoke(args), args[0], fragment)


def test_shanten_json_refuses_readable_only_options() -> None:
    message = assert_json_error(invoke(["shanten", NINE_GATES, "--json", "--visible", "1m", "--seat", "S"]),
                                "remove --visible, --seat")
    assert "no live counts or fans" in message


def test_analyze_13_tiles_points_at_shanten() -> None:
    message = assert_clean_error(invoke(["analyze", NINE_GATES]), "analyze", "majiang shanten")
    assert "--call TILE --from SEAT" in message


def test_bad_from_is_a_usage_error() -> None:
    result = invoke(["analyze", NINE_GATES, "--call", "1m", "--from", "top"])
    assert result.exit_code == 2
    assert "--from" in result.stderr and "left" in result.stderr
    assert "Traceback" not in result.output


def test_internal_error_has_its_own_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("advice exploded")

    monkeypatch.setattr(majiang.cli.efficiency, "discard_advice", broken)
    result = invoke(["analyze", FOUR_LEFT])
    assert result.exit_code == 3
    assert result.stderr == ("majiang analyze: error: internal error (a bug in majiang, please report it): "
                             "RuntimeError: advice exploded\n")
    as_json = invoke(["analyze", FOUR_LEFT, "--json"])
    assert as_json.exit_code == 3
    assert json.loads(as_json.stdout)["error"].endswith("RuntimeError: advice exploded")


# --- readable output ----------------------------------------------------------------------------------

def test_readable_shanten_of_a_ready_hand() -> None:
    result = invoke(["shanten", NINE_GATES, "--visible", "1m5m5m"], env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"Hand:      {NINE_GATES}  (waiting to draw)" in out
    assert "Visible:   1m5m5m" in out
    assert "Shanten:   0  ready 听牌" in out
    forms = shanten_forms(NINE_GATES)
    regular = "基本和型 (four sets and a pair)"
    assert rows(out, regular) == [[regular, "0", "minimum"]]
    assert rows(out, "七对 (seven pairs)") == [["七对 (seven pairs)", str(forms.seven_pairs), ""]]
    effective = live_effective(NINE_GATES, parse_tiles("1m5m5m"))
    listed = " ".join(f"{e.tile.notation()}×{e.live}" for e in effective)
    total = sum(e.live for e in effective)
    assert f"Effective 有效牌 (tile×live): 9 kinds, {total} live: {listed}" in out
    assert "1m×0" in listed and "5m×1" in listed  # three 1m in hand, one in sight; two 5m in sight
    waits = ready_waits(NINE_GATES, parse_tiles("1m5m5m"))
    assert [w.tile.notation() for w in waits] == [f"{rank}m" for rank in range(1, 10)]
    for w in waits:
        assert w.fans_discard is not None and w.fans_discard >= 8
        cells = rows(out, w.tile.notation())
        live = f"{w.live} (exhausted)" if w.live == 0 else str(w.live)
        assert cells == [[w.tile.notation(), live, str(w.fans_discard), str(w.fans_self_drawn)]]
    assert rows(out, "1m")[0][1] == "0 (exhausted)"


def test_readable_shanten_marks_waits_below_8_and_ruled_out_forms() -> None:
    result = invoke(["shanten", LOW_FAN, "--seat", "S", "--round", "S"], env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seat S, round S, profile mil" in out
    assert rows(out, "十三幺 (thirteen orphans)") == [["十三幺 (thirteen orphans)", "—", ""]]
    for w in ready_waits(LOW_FAN, seat_wind="S", round_wind="S"):
        assert w.legal is False
        below = [f"{w.fans_discard} (below 8)", f"{w.fans_self_drawn} (below 8)"]
        assert rows(out, w.tile.notation()) == [[w.tile.notation(), str(w.live), *below]]


def test_readable_shanten_of_a_far_hand_and_after_the_draw() -> None:
    far = invoke(["shanten", "1234m5678p9sESWN"], env=WIDE)
    assert far.exit_code == 0, far.output
    assert "Shanten:   4  4向听" in far.stdout
    assert f"Effective 有效牌 (tile×live): {len(effective_tiles('1234m5678p9sESWN'))} kinds" in far.stdout
    assert "Waits" not in far.stdout
    drawn = invoke(["shanten", "1112345678999m5m"], env=WIDE)
    assert drawn.exit_code == 0, drawn.output
    assert "(after drawing 5m)" in drawn.stdout
    assert "Shanten:   -1  complete 和牌" in drawn.stdout
    assert "majiang analyze" in drawn.stdout


def test_readable_discard_table() -> None:
    result = invoke(["analyze", FOUR_LEFT], env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "(after drawing E)" in out
    assert "seat E, round E, profile mil" in out
    options = discard_advice(FOUR_LEFT)
    first_cells = [line.strip("│").split("│")[0].strip() for line in out.splitlines() if line.startswith("│")]
    assert [c for c in first_cells if c] == [o.discard.notation() for o in options]  # best first
    best = options[0]
    row = rows(out, "E")[0]
    assert row[:5] == ["E", "0", "1p×3 4p×3", "6", str(best.legal_live)]
    first_wait = best.waits[0]
    assert row[5] == f"1p×3: {first_wait.fans_discard}/{first_wait.fans_self_drawn}"


def test_readable_discard_table_low_fans_and_no_fan_check() -> None:
    checked = invoke(["analyze", LOW_FAN + "1s"], env=WIDE)
    assert checked.exit_code == 0, checked.output
    row = rows(checked.stdout, "9p")[0]
    assert row[4] == "0"  # no legal win for any wait
    assert row[5].endswith("<8")
    unchecked = invoke(["analyze", LOW_FAN + "1s", "--no-fan-check"], env=WIDE)
    assert unchecked.exit_code == 0
    assert "not checked (--no-fan-check)" in unchecked.stdout
    assert "8-fan live" not in unchecked.stdout
    row = rows(unchecked.stdout, "9p")[0]
    assert row[2] == "3p×4 6p×3 9p×3"
    assert row[4] == "3p×4"  # the first wait, without fans


def test_readable_call_table() -> None:
    result = invoke(["analyze", "123456789m2344p", "--call", "4p", "--from", "left"], env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Call:      4p from left (上家)" in out
    assert rows(out, "win 和") == [["win 和", "—", "—", "-1", "—", "0"]]
    assert rows(out, "chow 吃")[0][:4] == ["chow 吃", "[234p,3]", "1m", "0"]
    assert rows(out, "pass 过") == [["pass 过", "—", "—", "0", "1p×4 4p×1", "5"]]
    kong = invoke(["analyze", "1m2m3m5p6p7p9p2s3sWWWN", "--call", "W", "--from", "across"], env=WIDE)
    assert kong.exit_code == 0, kong.output
    assert "Call:      W from across (对家)" in kong.stdout
    assert rows(kong.stdout, "kong 杠")[0][1:3] == ["[WWWW,2]", "— (replacement draw)"]


def test_help_lists_the_options() -> None:
    shanten = invoke(["shanten", "--help"], env=WIDE)
    analyze = invoke(["analyze", "--help"], env=WIDE)
    assert shanten.exit_code == analyze.exit_code == 0
    for word in ("--visible", "--seat", "--round", "--profile", "--json"):
        assert word in shanten.stdout and word in analyze.stdout
    for word in ("--no-fan-check", "--call", "--from", "left", "across", "right"):
        assert word in analyze.stdout


# --- a real process -----------------------------------------------------------------------------------

def test_module_shanten_batch() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONIOENCODING"] = "utf-8"
    stdin = json.dumps({"hand": NINE_GATES}) + "\n\n" + json.dumps({"hand": "19m"}) + "\n"
    done = subprocess.run([sys.executable, "-m", "majiang.cli", "shanten", "--json", "-"], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stderr == ""
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first == expected_shanten(NINE_GATES)
    assert second["error"].startswith("line 3: invalid hand notation")

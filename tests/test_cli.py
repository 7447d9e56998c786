"""The ``majiang`` command line: readable output, ``--json``, batch mode and every error path."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import majiang
import majiang.cli
import majiang.cli.batch
from majiang.cli import app
from majiang.cli.batch import MAX_LINE_BYTES, run_batch
from majiang.mcr import PROFILES, score
from majiang.rules.mcr.generate import iter_wins

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # keep Rich from wrapping table rows in readable-output tests
SRC = str(Path(__file__).resolve().parents[1] / "src")

NINE_GATES = "1112345678999m5m"
DRAGON_PUNG = "[567m,2]123p456s99sCCC"
ORPHANS = "19m19p19sESWNPFCC"
SOUTH_PUNG = "[SSS]123m456p789s1m1m"
STRAIGHT = "[123m][456m]789m11p23p4p"
CONCEALED_KONG = "[1111s]123m456p789p5s5s"
ADDED_KONG = "[5555p,6]123m789s1sEEE1s"
SEVEN_PAIRS = "1133m5577p99sEECC"

_FLAGS = {"last_of_wall": "--last-of-wall", "last_copy": "--last-copy"}
_VALUES = {"win_by": "--win", "seat_wind": "--seat", "round_wind": "--round", "flowers": "--flowers",
           "profile": "--profile"}


def fan_args(hand: str, options: dict[str, Any]) -> list[str]:
    """The ``majiang fan`` arguments for ``score(hand, **options)``."""
    args = ["fan", hand]
    for key, value in options.items():
        if key in _FLAGS:
            if value:
                args.append(_FLAGS[key])
        else:
            args += [_VALUES[key], str(value)]
    return args


def invoke(args: list[str], stdin: str | bytes | None = None, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, args, input=stdin, env=env)


def assert_clean_error(result: Result, fragment: str) -> str:
    """Exit 2, nothing on stdout, one ``majiang fan: error:`` line on stderr; returns the message."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("majiang fan: error: ")
    assert fragment in lines[0]
    assert "Traceback" not in result.output
    return lines[0].removeprefix("majiang fan: error: ")


def assert_json_error(result: Result, fragment: str) -> str:
    """Exit 2 and exactly one ``{"error": ...}`` line on stdout; returns the message."""
    assert result.exit_code == 2, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout
    answer = json.loads(lines[0])
    assert list(answer) == ["error"]
    assert fragment in answer["error"]
    assert "Traceback" not in result.output
    message: str = answer["error"]
    return message


# --- readable output ----------------------------------------------------------------------------------

def test_readable_nine_gates() -> None:
    result = invoke(["fan", NINE_GATES, "--self-drawn"], env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "九莲宝灯" in out and "Nine Gates" in out
    assert "自摸" in out and "Self-Drawn" in out
    assert "Total:    92 (fans 92 + flowers 0)" in out  # the textbook 88 + 4
    assert "Minimum:  met" in out
    assert f"Hand:     {NINE_GATES}  (winning tile 5m)" in out
    assert "Profile:  mil" in out
    assert result.stderr == ""


def test_readable_rows_hold_value_count_and_melds() -> None:
    result = invoke(["fan", DRAGON_PUNG], env=WIDE)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "箭刻" in line)
    cells = [cell.strip() for cell in row.strip("│┃ ").split("│")]
    assert cells == ["箭刻", "Dragon Pung", "2", "1", "2", "CCC"]


def test_readable_false_win_is_flagged() -> None:
    result = invoke(["fan", DRAGON_PUNG], env=WIDE)
    assert result.exit_code == 0
    assert "Total:    2 (fans 2 + flowers 0)" in result.stdout
    assert "NOT met" in result.stdout
    assert "错和" in result.stdout and "false win" in result.stdout


def test_readable_flowers_do_not_count_toward_minimum() -> None:
    result = invoke(["fan", DRAGON_PUNG, "--flowers", "8"], env=WIDE)
    assert result.exit_code == 0
    out = result.stdout
    assert "Total:    10 (fans 2 + flowers 8)" in out
    assert "Flowers:  8" in out
    assert "花牌" in out and "Flower Tiles" in out
    assert "NOT met" in out  # 10 on the scoreboard, but only 2 without flowers


def test_readable_prints_canonical_notation() -> None:
    result = invoke(["fan", " [567m,2] 123p 456s 9s9s C C C"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Hand:     [567m,2]123p45699sCCC  (winning tile C)" in result.stdout


def test_readable_shows_profile_win_and_winds() -> None:
    result = invoke(["fan", CONCEALED_KONG, "--win", "kong-replacement", "--profile", "wmo2014",
                     "--seat", "n", "--round", "西"], env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Profile:  wmo2014" in out
    assert "Win:      self-drawn 自摸, 杠上开花 (kong replacement)" in out
    assert "Winds:    seat N, round W" in out
    assert "Out with Replacement Tile" in out


@pytest.mark.parametrize(
    ("args", "phrase"),
    [
        (["fan", STRAIGHT], "on a discard 点和"),
        (["fan", STRAIGHT, "--win", "discard"], "on a discard 点和"),
        (["fan", STRAIGHT, "--win", "robbing-kong"], "抢杠和 (robbing a kong)"),
        (["fan", STRAIGHT, "--last-of-wall"], "海底捞月 (last discard)"),
        (["fan", STRAIGHT, "--last-of-wall", "--self-drawn"], "妙手回春 (last wall tile)"),
        (["fan", STRAIGHT, "--last-of-wall", "--win", "self-drawn"], "妙手回春 (last wall tile)"),
        (["fan", STRAIGHT, "--self-drawn", "--win", "self-drawn"], "self-drawn 自摸"),
        (["fan", STRAIGHT, "--last-copy"], "和绝张"),
    ],
)
def test_readable_win_line(args: list[str], phrase: str) -> None:
    result = invoke(args, env=WIDE)
    assert result.exit_code == 0, result.output
    win_line = next(line for line in result.stdout.splitlines() if line.startswith("Win:"))
    assert phrase in win_line


# --- --json equals the library -----------------------------------------------------------------------

JSON_CASES: list[tuple[str, dict[str, Any]]] = [
    (NINE_GATES, {"win_by": "self-drawn"}),
    (NINE_GATES, {}),
    (NINE_GATES, {"win_by": "self-drawn", "profile": "wmo2014"}),
    (DRAGON_PUNG, {}),
    (DRAGON_PUNG, {"flowers": 8, "profile": "1998"}),
    (ORPHANS, {"win_by": "self-drawn", "last_of_wall": True}),
    ("19m19p19sESWNPFFC", {"last_copy": True, "flowers": 3}),
    (SOUTH_PUNG, {"seat_wind": "S", "round_wind": "S"}),
    (SOUTH_PUNG, {"seat_wind": "N", "round_wind": "S"}),
    (STRAIGHT, {"last_of_wall": True, "seat_wind": "W"}),
    (STRAIGHT, {"last_copy": True}),
    (STRAIGHT, {"win_by": "robbing-kong"}),
    (STRAIGHT, {"win_by": "self-drawn", "last_of_wall": True, "round_wind": "N"}),
    (CONCEALED_KONG, {"win_by": "kong-replacement"}),
    (CONCEALED_KONG, {"win_by": "kong-replacement", "profile": "1998"}),
    (ADDED_KONG, {"round_wind": "E", "seat_wind": "E"}),
    (SEVEN_PAIRS, {"win_by": "self-drawn"}),
    (SEVEN_PAIRS, {"win_by": "self-drawn", "profile": "wmo2014"}),
]


@pytest.mark.parametrize(("hand", "options"), JSON_CASES)
def test_json_equals_library(hand: str, options: dict[str, Any]) -> None:
    result = invoke([*fan_args(hand, options), "--json"])
    assert result.exit_code == 0, result.output
    assert result.stdout == json.dumps(score(hand, **options).to_dict(), ensure_ascii=False) + "\n"
    assert result.stderr == ""


def test_json_textbook_totals() -> None:
    def total(args: list[str]) -> int:
        value: int = json.loads(invoke([*args, "--json"]).stdout)["total"]
        return value

    assert total(["fan", NINE_GATES, "--self-drawn"]) == 92
    assert total(["fan", ORPHANS]) == 88
    assert total(["fan", DRAGON_PUNG]) == 2


@pytest.mark.parametrize(
    ("spelling", "wind"),
    [("s", "S"), ("S", "S"), ("南", "S"), ("2z", "S"), ("w", "W"), ("4Z", "N"), ("E", "E")],
)
def test_json_wind_spellings(spelling: str, wind: str) -> None:
    result = invoke(["fan", SOUTH_PUNG, "--seat", spelling, "--round", spelling, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == score(SOUTH_PUNG, seat_wind=wind, round_wind=wind).to_dict()


def test_json_wind_reaches_scoring() -> None:
    def names(seat: str) -> list[str]:
        answer = json.loads(invoke(["fan", SOUTH_PUNG, "--seat", seat, "--json"]).stdout)
        return [f["name"] for f in answer["fans"]]

    assert "门风刻" in names("S")
    assert "门风刻" not in names("E")


@pytest.mark.parametrize("profile", list(PROFILES))
def test_json_random_wins_equal_library(profile: str) -> None:
    for sample in iter_wins(20240611, 25):
        hand = sample.hand.notation()
        options = {**sample.kwargs(), "profile": profile}
        result = invoke([*fan_args(hand, options), "--json"])
        assert result.exit_code == 0, (str(sample), result.output)
        assert json.loads(result.stdout) == score(hand, **options).to_dict(), str(sample)


# --- errors in single mode ----------------------------------------------------------------------------

ERROR_CASES: list[tuple[list[str], str]] = [
    (["123m456p789sEEEx"], "unexpected character 'x' at position 15"),
    (["[124m]456p789sEEEC1m"], "at position 1"),
    (["123m456p789sEEEC1m"], "is not a winning hand"),
    (["123m456p789sEEEC"], "no winning tile"),
    (["1" * 300], "invalid hand notation"),
    ([NINE_GATES, "--win", "kong-replacement"], "杠上开花"),
    ([NINE_GATES, "--win", "robbing-kong"], "抢杠和"),
    ([NINE_GATES, "--last-copy"], "和绝张"),
    ([STRAIGHT, "--win", "robbing-kong", "--last-of-wall"], "海底捞月"),
    ([NINE_GATES, "--win", "kong"],
     "--win must be one of discard, self-drawn, kong-replacement, robbing-kong, not 'kong'"),
    ([STRAIGHT, "--self-drawn", "--win", "robbing-kong"], "--self-drawn is short for --win self-drawn"),
    ([NINE_GATES, "--seat", "X"], "--seat must be one of E, S, W, N"),
    ([NINE_GATES, "--seat", ""], "--seat"),
    ([NINE_GATES, "--round", "中"], "--round must be one of E, S, W, N"),
    ([NINE_GATES, "--flowers", "9"], "flowers must be an integer from 0 to 8"),
    ([NINE_GATES, "--flowers", "x"], "--flowers must be an integer from 0 to 8, not 'x'"),
    ([NINE_GATES, "--flowers", "-1"], "--flowers must be an integer"),
    ([NINE_GATES, "--flowers", "٣"], "--flowers must be an integer"),
    ([NINE_GATES, "--profile", "MIL"], "unknown profile 'MIL'; choose one of mil, wmo2014, 1998"),
]


@pytest.mark.parametrize(("args", "fragment"), ERROR_CASES)
def test_error_readable(args: list[str], fragment: str) -> None:
    assert_clean_error(invoke(["fan", *args]), fragment)


@pytest.mark.parametrize(("args", "fragment"), ERROR_CASES)
def test_error_json_matches_readable(args: list[str], fragment: str) -> None:
    plain = assert_clean_error(invoke(["fan", *args]), fragment)
    assert assert_json_error(invoke(["fan", *args, "--json"]), fragment) == plain


def test_error_message_is_the_library_message() -> None:
    with pytest.raises(ValueError, match="抢杠和") as info:
        score(NINE_GATES, win_by="robbing-kong")
    message = assert_clean_error(invoke(["fan", NINE_GATES, "--win", "robbing-kong"]), "抢杠和")
    assert message == str(info.value)


@pytest.mark.parametrize("old", ["--kong", "--wall-last", "--last-tile"])
def test_old_ambiguous_flags_are_gone(old: str) -> None:
    result = invoke(["fan", STRAIGHT, old])
    assert result.exit_code == 2
    assert old in result.stderr and "No such option" in result.stderr


def test_batch_needs_json() -> None:
    assert_clean_error(invoke(["fan", "-"], stdin='{"hand": "19m19p19sESWNPFCC"}\n'), "--json -")


def test_batch_refuses_command_line_options() -> None:
    stdin = '{"hand": "19m19p19sESWNPFCC"}\n'
    result = invoke(["fan", "--json", "--self-drawn", "--seat", "S", "-"], stdin=stdin)
    message = assert_json_error(result, "remove --self-drawn, --seat")
    assert "JSON line" in message


def test_internal_error_has_its_own_exit_code(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("scorer exploded")

    monkeypatch.setattr(majiang.cli, "score", broken)
    result = invoke(["fan", NINE_GATES])
    assert result.exit_code == 3
    assert result.stderr == "majiang fan: error: internal error (a bug in majiang, please report it): " \
                            "RuntimeError: scorer exploded\n"
    assert "Traceback" not in result.output


def test_usage_error_has_no_traceback() -> None:
    result = invoke(["fan", NINE_GATES, "--bogus"])
    assert result.exit_code == 2
    assert "--bogus" in result.stderr
    assert "Traceback" not in result.output


def test_version() -> None:
    result = invoke(["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"majiang {majiang.__version__}\n"


def test_help_lists_profiles_and_options() -> None:
    result = invoke(["fan", "--help"], env=WIDE)
    assert result.exit_code == 0
    for word in ("--win", "kong-replacement", "robbing-kong", "--self-drawn", "--last-of-wall", "--last-copy",
                 "--seat", "--round", "--flowers",
                 "--json", *PROFILES):
        assert word in result.stdout


# --- batch mode ---------------------------------------------------------------------------------------

def test_batch_mixed_lines() -> None:
    lines = [
        json.dumps({"hand": NINE_GATES, "win": "self-drawn"}),                  # 1
        "",                                                                     # 2 blank: skipped
        "not json",                                                             # 3
        "[1, 2]",                                                               # 4
        json.dumps({"win": "self-drawn"}),                                      # 5
        json.dumps({"hand": ORPHANS, "colour": "red"}),                         # 6
        json.dumps({"hand": ORPHANS, "last_copy": "yes"}),                      # 7
        json.dumps({"hand": ORPHANS, "flowers": 9}),                            # 8
        json.dumps({"hand": "123m456p789sEEEx"}),                               # 9
        json.dumps({"hand": "123m456p789sEEEC1m"}),                             # 10
        "   \t ",                                                               # 11 blank: skipped
        json.dumps({"hand": SOUTH_PUNG, "seat_wind": "s", "round_wind": "南", "flowers": 2,
                    "profile": "wmo2014", "last_copy": False, "win": "discard", "last_of_wall": False}),  # 12
        '{"hand": "19m19p19sESWNPFCC", "hand": "19m19p19sESWNPFCC"}',           # 13
        json.dumps({"hand": NINE_GATES, "win": "robbing-kong"}),                # 14
        json.dumps({"hand": ORPHANS, "profile": "nope"}),                       # 15
        json.dumps({"hand": 5}),                                                # 16
        json.dumps({"hand": ORPHANS, "flowers": True}),                         # 17
    ]
    result = invoke(["fan", "--json", "-"], stdin="\n".join(lines) + "\n")
    assert result.exit_code == 1
    assert result.stderr == ""
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 15  # 17 lines, 2 blank
    assert out[0] == score(NINE_GATES, win_by="self-drawn").to_dict()
    expected_errors = [
        (3, "invalid JSON at column 1"),
        (4, "expected a JSON object, not an array"),
        (5, "missing key 'hand'"),
        (6, "unknown key 'colour'"),
        (7, "last_copy must be True or False, not 'yes'"),
        (8, "flowers must be an integer from 0 to 8, not 9"),
        (9, "invalid hand notation: unexpected character 'x' at position 15"),
        (10, "is not a winning hand"),
    ]
    for answer, (lineno, fragment) in zip(out[1:9], expected_errors, strict=True):
        assert list(answer) == ["error"]
        assert answer["error"].startswith(f"line {lineno}: ")
        assert fragment in answer["error"]
    assert out[9] == score(SOUTH_PUNG, seat_wind="S", round_wind="S", flowers=2, profile="wmo2014").to_dict()
    assert out[10] == {"error": "line 13: duplicate key 'hand'"}
    assert out[11]["error"].startswith("line 14: 抢杠和")
    assert out[12]["error"].startswith("line 15: unknown profile 'nope'")
    assert out[13] == {"error": "line 16: hand must be notation or a Hand, not int"}
    assert out[14]["error"].startswith("line 17: flowers must be an integer")


def test_batch_all_good_exits_zero() -> None:
    requests = [{"hand": s.hand.notation(), **s.kwargs()} for s in iter_wins(7, 30)]
    stdin = "".join(json.dumps({("win" if k == "win_by" else k): v for k, v in r.items()}) + "\n"
                    for r in requests)
    result = invoke(["fan", "--json", "-"], stdin=stdin)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no deprecation warning without the old keys
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert out == [score(**r).to_dict() for r in requests]


OLD_KEY_CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"self_drawn": True}, {"win_by": "self-drawn"}),
    ({"self_drawn": False}, {}),
    ({"self_drawn": True, "kong": True}, {"win_by": "kong-replacement"}),
    ({"wall_last": True}, {"last_of_wall": True}),
    ({"wall_last": True, "self_drawn": True}, {"win_by": "self-drawn", "last_of_wall": True}),
    ({"self_drawn": True, "win": "self-drawn"}, {"win_by": "self-drawn"}),  # both, agreeing
]


def test_batch_reads_the_old_keys_with_one_warning() -> None:
    hand = CONCEALED_KONG
    lines = [{"hand": hand, **old} for old, _ in OLD_KEY_CASES]
    lines += [{"hand": STRAIGHT, "kong": True}, {"hand": STRAIGHT, "last_tile": True}]
    expected = [score(hand, **new).to_dict() for _, new in OLD_KEY_CASES]
    expected += [score(STRAIGHT, win_by="robbing-kong").to_dict(), score(STRAIGHT, last_copy=True).to_dict()]
    result = invoke(["fan", "--json", "-"], stdin="".join(json.dumps(line) + "\n" for line in lines))
    assert result.exit_code == 0, result.output
    assert [json.loads(line) for line in result.stdout.splitlines()] == expected
    warnings = result.stderr.splitlines()
    assert len(warnings) == 1  # once per run, not per line
    assert warnings[0].startswith("majiang fan: warning: the keys self_drawn, kong, wall_last and last_tile")
    for new_key in ("win", "last_of_wall", "last_copy"):
        assert new_key in warnings[0]


@pytest.mark.parametrize(
    ("request_", "fragment"),
    [
        ({"self_drawn": True, "win": "discard"}, "'win' is 'discard' but the old keys self_drawn and kong say"
                                                 " 'self-drawn'"),
        ({"kong": True, "win": "kong-replacement"}, "say 'robbing-kong'"),
        ({"wall_last": True, "last_of_wall": False},
         "'last_of_wall' is False but the old key 'wall_last' is True"),
        ({"last_tile": False, "last_copy": True}, "'last_copy' is True but the old key 'last_tile' is False"),
        ({"kong": "yes"}, "'kong' must be true or false, not 'yes'"),
        ({"win": "kong"}, "win_by must be one of discard, self-drawn, kong-replacement, robbing-kong"),
        ({"win_by": "discard"}, "unknown key 'win_by'; the keys are hand, win, last_of_wall, last_copy,"),
    ],
)
def test_batch_contradictions_are_per_line_errors(request_: dict[str, Any], fragment: str) -> None:
    stdin = json.dumps({"hand": STRAIGHT, **request_}) + "\n" + json.dumps({"hand": STRAIGHT}) + "\n"
    result = invoke(["fan", "--json", "-"], stdin=stdin)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["error"].startswith("line 1: ") and fragment in first["error"], first
    assert second == score(STRAIGHT).to_dict()


@pytest.mark.parametrize("stdin", ["", "\n\n   \n", "\r\n"])
def test_batch_empty_input(stdin: str) -> None:
    result = invoke(["fan", "--json", "-"], stdin=stdin)
    assert result.exit_code == 0
    assert result.stdout == ""


def test_batch_last_line_without_newline_and_crlf() -> None:
    stdin = json.dumps({"hand": ORPHANS}) + "\r\n" + json.dumps({"hand": DRAGON_PUNG})
    result = invoke(["fan", "--json", "-"], stdin=stdin)
    assert result.exit_code == 0
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        score(ORPHANS).to_dict(), score(DRAGON_PUNG).to_dict()]


def test_batch_byte_order_mark_and_bad_utf8() -> None:
    stdin = b"\xef\xbb\xbf" + json.dumps({"hand": ORPHANS}).encode() + b"\n\xff\xfe\n"
    result = invoke(["fan", "--json", "-"], stdin=stdin)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first == score(ORPHANS).to_dict()
    assert second == {"error": "line 2: not UTF-8 (byte 0xff at offset 0)"}


def test_batch_overlong_line_is_skipped() -> None:
    long_line = json.dumps({"hand": ORPHANS, "pad": "x" * (MAX_LINE_BYTES + 10)})
    stdin = long_line + "\n" + json.dumps({"hand": ORPHANS}) + "\n"
    result = invoke(["fan", "--json", "-"], stdin=stdin)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first == {"error": f"line 1: longer than {MAX_LINE_BYTES} bytes"}
    assert second == score(ORPHANS).to_dict()


def test_batch_internal_error_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def flaky(**request: Any) -> Any:
        calls.append(request["hand"])
        if len(calls) == 1:
            raise KeyError("boom")
        return score(**request)

    monkeypatch.setattr(majiang.cli.batch, "score", flaky)
    stdin = json.dumps({"hand": ORPHANS}) + "\n" + json.dumps({"hand": DRAGON_PUNG}) + "\n"
    result = invoke(["fan", "--json", "-"], stdin=stdin)
    assert result.exit_code == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["error"].startswith("line 1: internal error")
    assert second == score(DRAGON_PUNG).to_dict()


def test_run_batch_flushes_each_answer() -> None:
    class Sink(io.StringIO):
        flushed: list[int]

        def flush(self) -> None:
            self.flushed.append(self.getvalue().count("\n"))

    sink = Sink()
    sink.flushed = []
    source = io.BytesIO((json.dumps({"hand": ORPHANS}) + "\n\n" + '{"x": 1}\n').encode())
    assert run_batch(source, sink) is False
    assert sink.flushed == [1, 2]


# --- the installed module, in a real process ----------------------------------------------------------

def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PYTHONUNBUFFERED", None)  # stdout to a pipe is block-buffered, as for a user's pipeline
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_module(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "majiang.cli", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", env=_env(), timeout=60, check=False)


def test_module_json_and_version() -> None:
    done = run_module("fan", NINE_GATES, "--self-drawn", "--json")
    assert done.returncode == 0, done.stderr
    expected = score(NINE_GATES, win_by="self-drawn").to_dict()
    assert done.stdout == json.dumps(expected, ensure_ascii=False) + "\n"
    version = run_module("--version")
    assert version.stdout.strip() == f"majiang {majiang.__version__}"


def test_module_error_has_no_traceback() -> None:
    done = run_module("fan", "123m456p789sEEEx")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("majiang fan: error: invalid hand notation")
    assert "Traceback" not in done.stderr


def test_module_batch_exit_code() -> None:
    done = run_module("fan", "--json", "-", stdin=json.dumps({"hand": ORPHANS}) + "\nnope\n")
    assert done.returncode == 1
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        score(ORPHANS).to_dict(), {"error": "line 2: invalid JSON at column 1: Expecting value"}]


def test_module_batch_streams() -> None:
    """Each answer comes out before the next request is written: the batch works in a live pipe."""
    proc = subprocess.Popen([sys.executable, "-m", "majiang.cli", "fan", "--json", "-"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for hand in (ORPHANS, DRAGON_PUNG, NINE_GATES):
            proc.stdin.write((json.dumps({"hand": hand}) + "\n").encode())
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, "no answer while stdin is still open"
            assert json.loads(proc.stdout.readline()) == score(hand).to_dict()
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_core_does_not_import_cli_dependencies() -> None:
    code = "import sys, majiang, majiang.mcr; print('typer' in sys.modules, 'rich' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(),
                          timeout=60, check=True)
    assert done.stdout.split() == ["False", "False"]

"""Fuzz the command line: ``fan``, ``shanten``, ``analyze``, their JSON-lines batches, and ``sheet``.

Whatever the arguments, a command exits 0 (or 1 for a batch with a failed line) or refuses with exit 2
and one clear line; never a traceback, never "internal error". A refused ``sheet`` command leaves the
file as it was, and every sheet file a command leaves behind can be shown. Sized by tests/fuzzing.py.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from fuzzing import fuzz, hand_texts, json_values
from majiang.cli import app
from majiang.cli.batch import REQUEST_KEYS
from majiang.rules.mcr.sheet import ScoreSheet

runner = CliRunner()
WIDE = {"COLUMNS": "200"}

_WIND = st.sampled_from(["E", "s", "北", "3z", " E", "W ", "X", "", "中", "e" * 50])
_NUMBER = st.one_of(st.sampled_from(["0", "8", "9", "12", "999", "1000", "-1", "+3", "3.0", "٣", "", " 8",
                                     "9" * 30, "9" * 4400, "0" * 20 + "8"]), st.text(max_size=4))
_PROFILE = st.sampled_from(["mil", "wmo2014", "1998", "MIL", "x", ""])


def _assert_clean(result: Result, command: str, codes: tuple[int, ...] = (0, 2)) -> None:
    """The outcome every command owes: a known exit code, no traceback, an error as one line."""
    assert result.exit_code in codes, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert "internal error" not in result.output
    usage = "Usage:" in result.stderr or "─ Error ─" in result.stderr  # the option parser's own refusal
    if result.exit_code == 2 and not usage and result.stderr:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"majiang {command}: error: "), result.stderr
    elif result.exit_code == 2 and not usage:  # --json: the error is the one JSON object printed
        assert list(json.loads(result.stdout)) == ["error"], result.stdout


@st.composite
def _options(draw: st.DrawFn, flags: list[str], valued: dict[str, st.SearchStrategy[str]]) -> list[str]:
    args: list[str] = []
    for flag in flags:
        if draw(st.booleans()):
            args.append(flag)
    for option, values in valued.items():
        if draw(st.integers(0, 2)) == 0:
            args += [option, draw(values)]
    return args


_WIN_BY = st.sampled_from(["discard", "self-drawn", "kong-replacement", "robbing-kong", "zimo", " x", ""])
_FAN_OPTIONS = _options(["--self-drawn", "--last-copy", "--last-of-wall", "--json"],
                        {"--win": _WIN_BY, "--seat": _WIND, "--round": _WIND, "--flowers": _NUMBER,
                         "--profile": _PROFILE})
_SHANTEN_OPTIONS = _options(["--json"], {"--visible": hand_texts(), "--seat": _WIND, "--round": _WIND,
                                         "--profile": _PROFILE})
_ANALYZE_OPTIONS = _options(["--json", "--no-fan-check"],
                            {"--visible": hand_texts(), "--seat": _WIND, "--profile": _PROFILE,
                             "--call": st.sampled_from(["5m", "E", "x", " 5m", "55m"]),
                             "--from": st.sampled_from(["left", "across", "right", "up"])})


def _check_fan(hand: str, options: list[str]) -> None:
    result = runner.invoke(app, ["fan", hand, *options], env=WIDE)
    _assert_clean(result, "fan")
    if "--json" in options:
        answer = json.loads(result.stdout)
        assert ("error" in answer) == (result.exit_code == 2)


test_fuzz_fan, test_fuzz_fan_soak = fuzz(hand_texts(), _FAN_OPTIONS)(_check_fan)


def _check_shanten(hand: str, options: list[str]) -> None:
    _assert_clean(runner.invoke(app, ["shanten", hand, *options], env=WIDE), "shanten")


test_fuzz_shanten, test_fuzz_shanten_soak = fuzz(hand_texts(), _SHANTEN_OPTIONS)(_check_shanten)


def _check_analyze(hand: str, options: list[str]) -> None:
    _assert_clean(runner.invoke(app, ["analyze", hand, *options], env=WIDE), "analyze")


test_fuzz_analyze, test_fuzz_analyze_soak = fuzz(hand_texts(), _ANALYZE_OPTIONS, fast=15)(_check_analyze)


def _encode(value: Any) -> bytes:
    # NaN and Infinity as Python's json writes them: JSON has neither, the reader must say so.
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


@st.composite
def _request_line(draw: st.DrawFn) -> bytes:
    """One batch line: a request object with any values, or hostile bytes."""
    kind = draw(st.integers(0, 9))
    if kind <= 5:
        keys = draw(st.lists(st.sampled_from([*REQUEST_KEYS, "x", "hand"]), max_size=5))
        request = {key: draw(json_values()) for key in keys}
        if draw(st.booleans()):
            request["hand"] = draw(hand_texts())
        return _encode(request)
    if kind == 6:
        depth = draw(st.sampled_from([10, 1000, 30_000]))
        return b'{"hand": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == 7:
        digits = b"9" * draw(st.sampled_from([20, 4000, 5000]))
        return b'{"hand": "19m19p19sESWNPFCC", "flowers": ' + digits + b"}"
    if kind == 8:
        return b'{"hand": "19m19p19sESWNPFCC", "hand": "19m19p19sESWNPFCC"}'
    return draw(st.binary(max_size=30)).replace(b"\n", b" ")


def _check_batch(command: str, lines: list[bytes]) -> None:
    data = b"\n".join(lines) + b"\n"
    result = runner.invoke(app, [command, "--json", "-"], input=data, env=WIDE)
    _assert_clean(result, command, codes=(0, 1))
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == sum(1 for line in data.split(b"\n")[:-1] if line.strip())
    assert all(isinstance(answer, dict) for answer in answers)
    for answer in answers:
        if "error" in answer:
            assert answer["error"].startswith("line ")


def _check_fan_batch(lines: list[bytes]) -> None:
    _check_batch("fan", lines)


def _check_shanten_batch(lines: list[bytes]) -> None:
    _check_batch("shanten", lines)


_LINES = st.lists(_request_line(), min_size=1, max_size=6)
test_fuzz_fan_batch, test_fuzz_fan_batch_soak = fuzz(_LINES, fast=12)(_check_fan_batch)
test_fuzz_shanten_batch, test_fuzz_shanten_batch_soak = fuzz(_LINES, fast=12)(_check_shanten_batch)

# -- the score sheet ----------------------------------------------------------------------------------------

_NAME = st.one_of(st.sampled_from(["Ann", "Bo", "Cy", "Di", "Eve", "--force", " Ann", "=x", "王", "A\tB"]),
                  st.text(max_size=8))


@st.composite
def _sheet_command(draw: st.DrawFn) -> list[str]:
    """One sheet command, its options drawn from good and bad values alike (the file comes first)."""
    command = draw(st.sampled_from(["new", "win", "win", "draw", "penalty", "undo", "show", "export"]))
    if command == "new":
        args = ["--players", *(draw(_NAME) for _ in range(draw(st.sampled_from([4, 4, 3]))))]
        if draw(st.booleans()):
            args += ["--hands", draw(_NUMBER)]
        return ["new", *args, *(["--force"] if draw(st.booleans()) else [])]
    if command == "win":
        args = ["--winner", draw(_NAME), "--fan", draw(_NUMBER)]
        how = draw(st.integers(0, 3))
        args += ["--self-drawn"] if how in (0, 2) else []
        args += ["--from", draw(_NAME)] if how in (1, 2) else []
        if draw(st.booleans()):
            args += ["--flowers", draw(_NUMBER)]
        return ["win", *args]
    if command == "penalty":
        args = ["--player", draw(_NAME)]
        for option in ("--points", "--award"):
            if draw(st.booleans()):
                args += [option, draw(_NUMBER)]
        if draw(st.booleans()):
            args += ["--reason", draw(st.text(max_size=10))]
        return ["penalty", *args]
    if command == "show":
        return ["show", *draw(st.sampled_from([[], ["--json"], ["--csv"], ["--json", "--csv"]]))]
    if command == "export":
        return ["export", "--csv", "OUT", *(["--force"] if draw(st.booleans()) else [])]
    return [command]


def _check_sheet(commands: list[list[str]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "s.json")
        out = os.path.join(tmp, "s.csv")
        runner.invoke(app, ["sheet", "new", path, "--players", "Ann", "Bo", "Cy", "Di"])
        for command in commands:
            before = Path(path).read_bytes() if os.path.exists(path) else None
            args = [out if arg == "OUT" else arg for arg in command[1:]]
            result = runner.invoke(app, ["sheet", command[0], path, *args], env=WIDE)
            _assert_clean(result, "sheet")
            if result.exit_code != 0 or command[0] in ("show", "export"):
                after = Path(path).read_bytes() if os.path.exists(path) else None
                assert after == before, command
            shown = runner.invoke(app, ["sheet", "show", path, "--json"])
            _assert_clean(shown, "sheet")
            if os.path.exists(path):
                assert shown.exit_code == 0, shown.output
                sheet = json.loads(shown.stdout)
                assert sheet["totals"] == list(ScoreSheet.load(path).totals)
                assert all(math.isfinite(s) for s in sheet["standings"])
        assert {name for name in os.listdir(tmp) if name.startswith(".")} == set()  # no temporary left


test_fuzz_sheet, test_fuzz_sheet_soak = fuzz(st.lists(_sheet_command(), min_size=1, max_size=6),
                                             fast=8)(_check_sheet)


@st.composite
def _sheet_file(draw: st.DrawFn) -> bytes:
    """A sheet file, valid or edited by hand: entries of any shape, keys repeated, bytes changed."""
    entries = draw(st.lists(st.one_of(
        st.fixed_dictionaries({"kind": st.just("win"), "winner": json_values(1), "from": json_values(1),
                               "fan": st.one_of(st.integers(0, 2000), json_values(1)),
                               "flowers": json_values(1)}),
        st.fixed_dictionaries({"kind": st.just("penalty"), "player": st.integers(-1, 4),
                               "points": json_values(1), "award": st.integers(0, 2000),
                               "reason": json_values(1)}),
        st.just({"kind": "draw"}), json_values()), max_size=5))
    text = _encode({"format": "majiang-sheet", "version": draw(st.sampled_from([1, 1, 1, 2, "1"])),
                    "players": draw(st.sampled_from([["a", "b", "c", "d"], ["a", "a", "c", "d"], ["a"],
                                                     None])),
                    "hands": draw(st.one_of(st.just(16), json_values(1))), "entries": entries})
    if draw(st.booleans()):
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.binary(max_size=4)) + text[i + draw(st.integers(0, 3)):]
    return text


def _check_sheet_file(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "s.json")
        Path(path).write_bytes(content)
        for command in (["show"], ["show", "--json"], ["show", "--csv"], ["draw"]):
            result = runner.invoke(app, ["sheet", command[0], path, *command[1:]], env=WIDE)
            _assert_clean(result, "sheet")
            if command == ["show"] and result.exit_code == 2:
                assert Path(path).read_bytes() == content


test_fuzz_sheet_file, test_fuzz_sheet_file_soak = fuzz(_sheet_file(), fast=10)(_check_sheet_file)


# -- the hostile lines the fuzzers found, kept as a table -------------------------------------------------


HOSTILE_LINES = [
    (b'{"hand": "19m19p19sESWNPFCC", "flowers": NaN}', "line 1: NaN is not JSON (numbers must be finite)"),
    (b'{"hand": "19m19p19sESWNPFCC", "flowers": -Infinity}',
     "line 1: -Infinity is not JSON (numbers must be finite)"),
    (b'{"hand": "19m19p19sESWNPFCC", "flowers": 1e400}',
     "line 1: the number 1e400 is out of range (numbers must be finite)"),
    (b'{"hand": "19m19p19sESWNPFCC", "flowers": ' + b"9" * 5000 + b"}",
     "line 1: a number of 5000 digits is too long"),
    (b'{"hand": ' + b"[" * 30_000 + b"]" * 30_000 + b"}", "line 1: nested more than 64 levels deep"),
    (b'{"hand": "19m19p19sESWNPFCC", "seat_wind": " E"}',
     "line 1: seat_wind must be one of E, S, W, N without spaces around it, not ' E'"),
]


def test_batch_hostile_lines_are_clear_errors() -> None:
    for command in ("fan", "shanten"):
        for line, error in HOSTILE_LINES:
            result = runner.invoke(app, [command, "--json", "-"], input=line + b"\n")
            _assert_clean(result, command, codes=(1,))
            answer = json.loads(result.stdout)
            # Errors of the JSON itself come before any key is read; shanten takes only "hand".
            json_level = any(word in error for word in ("JSON", "digits", "finite", "nested"))
            if command == "fan" or json_level:
                assert answer == {"error": error}
            else:
                assert answer["error"].startswith("line 1: unknown key")

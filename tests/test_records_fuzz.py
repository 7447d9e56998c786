"""Fuzzing the record reader, the replay checker and the batch lines with mutations of real input.

Whatever the bytes, reading and checking a record either succeed or raise ``RecordError`` (the check
returns a failing report naming a line), and ``majiang replay`` answers with its verdict or a clear
error, never a traceback; a batch answers every line. ``MAJIANG_FUZZ_EXAMPLES`` sizes the slow runs
(``make soak``); the default runs are a bounded slice.
"""

from __future__ import annotations

import gzip
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from fuzzing import SOAK
from majiang.cli import app
from majiang.cli.batch import run_batch
from majiang.records import RecordError, check_record, play_match, replay
from test_records import PLAYERS, random_bots

runner = CliRunner()
SLOW_EXAMPLES = SOAK

LINES = play_match(random_bots(2), seed=3, hands=1, players=PLAYERS)[1]
RECORD = ("\n".join(LINES) + "\n").encode()

HOSTILE_VALUES: list[Any] = [None, True, -1, 0, 4, 2**63, 10**40, 1.5, "", "x" * 3000, "中", [], {}, [[[[]]]],
                             {"e": "start"}, list(range(200))]
HOSTILE_TEXT = [b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e999", b"[" * 3000, b'{"a":' * 300,
                b"\xff\xfe", b"\x00", b'"\\ud800"', b"9" * 5000, b"{}", b"[]", b"", b"\n", b"\r\n"]


def _mutate_value(obj: Any, path: list[int], value: Any) -> Any:
    """``obj`` with the value reached by following ``path`` (indices into keys/items) set to ``value``."""
    if not path or not isinstance(obj, dict | list) or not obj:
        return value
    if isinstance(obj, dict):
        key = sorted(obj)[path[0] % len(obj)]
        return {**obj, key: _mutate_value(obj[key], path[1:], value)}
    i = path[0] % len(obj)
    return [*obj[:i], _mutate_value(obj[i], path[1:], value), *obj[i + 1:]]


byte_edits = st.lists(st.tuples(st.sampled_from(["flip", "insert", "delete", "hostile", "truncate"]),
                                st.integers(0, len(RECORD) - 1), st.integers(0, 255),
                                st.sampled_from(HOSTILE_TEXT)), min_size=1, max_size=4)
value_edits = st.lists(st.tuples(st.integers(0, len(LINES) - 1), st.lists(st.integers(0, 300), max_size=4),
                                 st.sampled_from(HOSTILE_VALUES)), min_size=1, max_size=3)
line_edits = st.lists(st.tuples(st.sampled_from(["drop", "dup", "swap"]), st.integers(0, len(LINES) - 1),
                                st.integers(0, len(LINES) - 1)), min_size=1, max_size=3)


def _apply_bytes(data: bytes, edits: list[tuple[str, int, int, bytes]]) -> bytes:
    for kind, at, byte, text in edits:
        at %= max(len(data), 1)
        if kind == "flip":
            data = data[:at] + bytes([data[at] ^ (byte or 1)]) + data[at + 1:] if data else data
        elif kind == "insert":
            data = data[:at] + bytes([byte]) + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + 1 + byte:]
        elif kind == "hostile":
            data = data[:at] + text + data[at:]
        else:
            data = data[:at]
    return data


def _verdict_is_clean(data: bytes, compressed: bool = False) -> None:
    """Check, replay and the CLI on ``data``: verdicts and clear errors only."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ("r.jsonl.gz" if compressed else "r.jsonl")
        path.write_bytes(gzip.compress(data, mtime=0) if compressed else data)
        report = check_record(path)
        lines = data.count(b"\n") + 2
        if not report.ok:
            assert report.line is not None and 1 <= report.line <= lines, str(report)
            assert report.reason and "\n" not in report.reason
        try:
            for _ in replay(path):
                pass
        except RecordError as err:
            assert not report.ok and err.line == report.line, (str(err), str(report))
        else:
            assert report.ok
        result = runner.invoke(app, ["replay", "--check", "--json", str(path)])
        assert result.exit_code == (0 if report.ok else 1), result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        verdict = json.loads(result.stdout)
        assert verdict["ok"] == report.ok


def _fuzz_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _bytes_case(edits: list[tuple[str, int, int, bytes]], compressed: bool) -> None:
    _verdict_is_clean(_apply_bytes(RECORD, edits), compressed)


def _values_case(edits: list[tuple[int, list[int], Any]]) -> None:
    lines = list(LINES)
    for index, path, value in edits:
        lines[index] = json.dumps(_mutate_value(json.loads(lines[index]), path, value), ensure_ascii=False)
    _verdict_is_clean(("\n".join(lines) + "\n").encode())


def _lines_case(edits: list[tuple[str, int, int]]) -> None:
    lines = list(LINES)
    for kind, i, j in edits:
        i %= len(lines)
        j %= len(lines)
        if kind == "drop" and len(lines) > 1:
            del lines[i]
        elif kind == "dup":
            lines.insert(i, lines[j])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    _verdict_is_clean(("\n".join(lines) + "\n").encode())


batch_lines = st.lists(st.one_of(st.sampled_from(HOSTILE_TEXT), st.binary(max_size=80),
                                 st.sampled_from([b'{"hand":"123m456p789s1122z"}', b'{"hand":NaN}',
                                                  b'{"hand":"1m","flowers":1e400}'])), min_size=1, max_size=6)


def _batch_case(lines: list[bytes]) -> None:
    source = b"\n".join(line.replace(b"\n", b" ") for line in lines) + b"\n"
    out = io.StringIO()
    run_batch(io.BytesIO(source), out)
    for answer in out.getvalue().splitlines():
        reply = json.loads(answer)
        assert "internal error" not in reply.get("error", ""), reply


# -- the bounded slice (make test) -------------------------------------------------------------------


@_fuzz_settings(40)
@given(byte_edits, st.booleans())
def test_fuzz_bytes(edits: list[tuple[str, int, int, bytes]], compressed: bool) -> None:
    _bytes_case(edits, compressed)


@_fuzz_settings(40)
@given(value_edits)
def test_fuzz_values(edits: list[tuple[int, list[int], Any]]) -> None:
    _values_case(edits)


@_fuzz_settings(20)
@given(line_edits)
def test_fuzz_lines(edits: list[tuple[str, int, int]]) -> None:
    _lines_case(edits)


@_fuzz_settings(60)
@given(batch_lines)
def test_fuzz_batch_lines(lines: list[bytes]) -> None:
    _batch_case(lines)


def test_lone_surrogate_line() -> None:
    """A line that is one JSON string holding half a UTF-16 pair: found by the soak fuzz, now refused."""
    _bytes_case([("truncate", 0, 0, b"NaN"), ("hostile", 0, 0, b'"\\ud800"')], False)
    _verdict_is_clean(RECORD.replace(b'"players":[', b'"players":["\\udfff",', 1))


# -- the long runs (make soak) ----------------------------------------------------------------------------


@pytest.mark.slow
@_fuzz_settings(SLOW_EXAMPLES)
@given(byte_edits, st.booleans())
def test_fuzz_bytes_long(edits: list[tuple[str, int, int, bytes]], compressed: bool) -> None:
    _bytes_case(edits, compressed)


@pytest.mark.slow
@_fuzz_settings(SLOW_EXAMPLES)
@given(value_edits)
def test_fuzz_values_long(edits: list[tuple[int, list[int], Any]]) -> None:
    _values_case(edits)


@pytest.mark.slow
@_fuzz_settings(SLOW_EXAMPLES // 4)
@given(line_edits)
def test_fuzz_lines_long(edits: list[tuple[str, int, int]]) -> None:
    _lines_case(edits)


@pytest.mark.slow
@_fuzz_settings(SLOW_EXAMPLES)
@given(batch_lines)
def test_fuzz_batch_lines_long(lines: list[bytes]) -> None:
    _batch_case(lines)

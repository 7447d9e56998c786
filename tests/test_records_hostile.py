"""Records against hostile input (NaN, huge numbers, deep nesting, junk, huge lines, broken gzip), the
streaming reader, and what a check can prove about walls (seeds)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.cli import app
from majiang.records import (
    HandLines,
    RecordError,
    RecordHeader,
    check_record,
    iter_record,
    parse_record,
    play_match,
    replay,
    replay_record,
    write_lines_atomically,
    write_record,
)
from majiang.records.format import MAX_LINE_BYTES
from test_records import PLAYERS, dump, index_of, kind, random_bots

runner = CliRunner()


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return play_match(random_bots(3), seed=5, hands=3, players=PLAYERS)[1]


def _write(path: Path, body: bytes) -> Path:
    path.write_bytes(body)
    return path


def _joined(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode()


HOSTILE: list[tuple[str, bytes, str]] = [
    ("NaN", b'{"e":"act","hand":1,"seat":0,"a":NaN}', "NaN is not JSON"),
    ("Infinity", b'{"e":"act","hand":1,"seat":Infinity,"a":"pass"}', "Infinity is not JSON"),
    ("-Infinity", b'{"e":"act","hand":1,"seat":-Infinity,"a":"pass"}', "-Infinity is not JSON"),
    ("1e400", b'{"e":"act","hand":1,"seat":1e400,"a":"pass"}', "1e400 is out of range"),
    ("deep arrays", b"[" * 100_000, "nested more than 64 levels"),
    ("deep objects", b'{"a":' * 5000 + b"1" + b"}" * 5000, "nested more than 64 levels"),
    ("nested just too deep", b"[" * 65 + b"]" * 65, "nested more than 64 levels"),
    ("binary junk", bytes(b for b in range(256) if b != 10) * 4, "not UTF-8"),
    ("a NUL", b'{"e":"deal","hand":1}\x00', "invalid JSON"),
    ("a huge number", b'{"e":"act","hand":1,"seat":' + b"9" * 5000 + b',"a":"pass"}',
     "a number of 5000 digits is too long"),
    ("a huge line", b'{"e":"act","hand":1,"a":"' + b"x" * (MAX_LINE_BYTES + 10) + b'"}',
     f"longer than {MAX_LINE_BYTES} bytes"),
]


@pytest.mark.parametrize(("name", "bad", "fragment"), HOSTILE, ids=[h[0] for h in HOSTILE])
@pytest.mark.parametrize("where", [1, 5])
def test_hostile_lines_fail_at_their_line(lines: list[str], tmp_path: Path, name: str, bad: bytes,
                                          fragment: str, where: int) -> None:
    raw = [line.encode() for line in lines]
    raw[where - 1] = bad
    path = _write(tmp_path / "bad.jsonl", b"\n".join(raw) + b"\n")
    report = check_record(path)
    assert not report.ok and report.line == where and fragment in (report.reason or ""), str(report)
    with pytest.raises(RecordError) as caught:
        list(replay(path))
    assert caught.value.line == where
    for args, code in ((["--check"], 1), (["--check", "--json"], 1), (["--json"], 2), ([], 2)):
        result = runner.invoke(app, ["replay", *args, str(path)])
        assert result.exit_code == code, (args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), args
        if "--json" in args:
            answer = json.loads(result.stdout)
            assert answer.get("line") == where or f"line {where}: " in answer["error"], answer
            assert fragment in answer["error"], answer
        else:
            shown = result.stdout if "--check" in args else result.stderr
            assert f"line {where}: " in shown and fragment in shown, result.output


def test_a_huge_line_is_not_held_whole(lines: list[str], tmp_path: Path) -> None:
    # 50 MB on one line: refused at its line after reading at most MAX_LINE_BYTES of it.
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as f:
        f.write(lines[0].encode() + b"\n" + b"[" * (50 * 1024 * 1024) + b"\n")
    report = check_record(path)
    assert (report.ok, report.line) == (False, 2)
    assert f"longer than {MAX_LINE_BYTES}" in (report.reason or "")


def test_gzip_records_read_and_damage_is_named(lines: list[str], tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl.gz"
    path.write_bytes(gzip.compress(_joined(lines)))
    assert check_record(path).ok
    # Members concatenated (one per flush) read as one stream.
    body = b"".join(gzip.compress((line + "\n").encode()) for line in lines)
    path.write_bytes(body)
    report = check_record(path)
    assert report.ok and report.hands == 3, str(report)
    # A cut stream: the lines before the cut are read, then the damage is named.
    last = len(gzip.compress((lines[-1] + "\n").encode()))
    path.write_bytes(body[: len(body) - last // 2])
    report = check_record(path)
    assert not report.ok and "compressed data is damaged or truncated" in (report.reason or ""), str(report)
    assert report.line == len(lines)
    # Junk after the magic bytes.
    path.write_bytes(b"\x1f\x8b" + bytes(range(200)))
    report = check_record(path)
    assert (report.ok, report.line) == (False, 1) and "compressed" in (report.reason or ""), str(report)
    result = runner.invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 2 and "compressed" in json.loads(result.stdout)["error"]


# -- streaming ---------------------------------------------------------------------------------------


def test_the_reader_is_an_iterator(lines: list[str]) -> None:
    """Each hand is yielded once its summary is read, before any later line is pulled from the source."""
    pulled: list[int] = []

    def source() -> Iterator[str]:
        for i, line in enumerate(lines):
            pulled.append(i)
            yield line

    items = iter_record(source())
    header = next(items)
    assert isinstance(header, RecordHeader) and pulled == [0]
    first = next(items)
    assert isinstance(first, HandLines) and first.number == 1
    assert pulled[-1] == index_of(lines, kind("summary", 1))
    rest = list(items)
    assert len(rest) == 3 and pulled[-1] == len(lines) - 1


def test_check_and_replay_stream_the_file(lines: list[str], tmp_path: Path) -> None:
    """The first hand is checked and yielded although the end of the file is garbage: the file is read
    as the hands go, not loaded first."""
    cut = index_of(lines, kind("summary", 1)) + 1
    path = _write(tmp_path / "tail.jsonl", _joined(lines[:cut]) + b"\xff\xfe garbage\n" * 3)
    hands = replay(path)
    assert next(hands).number == 1
    with pytest.raises(RecordError) as caught:
        next(hands)
    assert caught.value.line == cut + 1
    report = check_record(path)
    assert (report.ok, report.hands, report.line) == (False, 1, cut + 1)


# -- what a check proves about the walls ---------------------------------------------------------------


def _set(lines: list[str], i: int, **changes: object) -> list[str]:
    obj = json.loads(lines[i])
    obj.update(changes)
    out = list(lines)
    out[i] = dump(obj)
    return out


def _swap(lines: list[str], i: int, a: int, b: int) -> list[str]:
    obj = json.loads(lines[i])
    ring = obj["ring"]
    ring[a], ring[b] = ring[b], ring[a]
    return _set(lines, i, ring=ring)


def _passes(lines: list[str]) -> bool:
    try:
        for _ in replay_record(parse_record(lines)):
            pass
    except RecordError:
        return False
    return True


def _undrawn_swap(lines: list[str], i: int) -> tuple[int, int]:
    """Two ring positions of different tiles whose swap the hand's play does not notice (undrawn tiles),
    found with the hand's seed removed (so that only the play could notice)."""
    bare = _set(_set(lines, 0, seed=None), i, seed=None)
    ring = json.loads(lines[i])["ring"]
    for a in range(0, 144, 7):
        for b in range(a + 1, 144, 11):
            if ring[a] != ring[b] and _passes(_swap(bare, i, a, b)):
                return a, b
    raise AssertionError("every swap was noticed by the play")


def test_a_wall_swap_is_caught_by_the_hand_seed_without_a_match_seed(lines: list[str]) -> None:
    """The issue's case: with the match seed set to null, a swap of two undrawn wall tiles passed."""
    unseeded = _set(lines, 0, seed=None)
    assert _passes(unseeded)
    start = index_of(lines, kind("start", 2))
    a, b = _undrawn_swap(lines, start)
    with pytest.raises(RecordError) as caught:
        for _ in replay_record(parse_record(_swap(unseeded, start, a, b))):
            pass
    assert caught.value.line == start + 1
    assert "the wall is not the deal of the hand's seed" in caught.value.reason
    # The same swap with the match seed present fails at the same line, against the match seed.
    with pytest.raises(RecordError) as caught:
        for _ in replay_record(parse_record(_swap(lines, start, a, b))):
            pass
    assert caught.value.line == start + 1 and "the deal of the match seed 5" in caught.value.reason


def test_a_hand_seed_changed_fails(lines: list[str]) -> None:
    start = index_of(lines, kind("start", 1))
    seed = json.loads(lines[start])["seed"]
    changed = _set(_set(lines, 0, seed=None), start, seed=seed + 1)
    with pytest.raises(RecordError) as caught:
        for _ in replay_record(parse_record(changed)):
            pass
    assert caught.value.line == start + 1 and "hand's seed" in caught.value.reason


def test_without_any_seed_the_walls_are_unverified_and_refused(lines: list[str], tmp_path: Path) -> None:
    """The issue's case: the hand's seed set to null and two undrawn wall tiles swapped passed with exit 0
    (only a caveat); now the check fails unless unverified walls are accepted, and then warns."""
    start = index_of(lines, kind("start", 2))
    a, b = _undrawn_swap(lines, start)
    bare = _swap(_set(_set(lines, 0, seed=None), start, seed=None), start, a, b)
    path = tmp_path / "bare.jsonl"
    write_lines_atomically(path, bare)
    report = check_record(path)
    assert not report.ok and report.line == start + 1 and report.unseeded == 1, str(report)
    assert "hand 2: no seed is recorded, so nothing ties this wall to a shuffle" in str(report)
    result = runner.invoke(app, ["replay", "--check", str(path)])
    assert result.exit_code == 1 and f"failed: line {start + 1}: hand 2: no seed" in result.stdout
    assert "--accept-unverified-walls" in result.stdout
    result = runner.invoke(app, ["replay", "--check", "--json", str(path)])
    verdict = json.loads(result.stdout)
    assert result.exit_code == 1 and not verdict["ok"] and verdict["line"] == start + 1
    # Accepted: the play still checks every tile it used, and the report says what it could not prove.
    report = check_record(path, accept_unverified_walls=True)
    assert report.ok and report.unseeded == 1, str(report)
    assert str(report).startswith("ok: 3 hands") and "walls not verified against a seed" in str(report)
    assert "1 of 3 hands" in str(report)
    result = runner.invoke(app, ["replay", "--check", "--accept-unverified-walls", "--json", str(path)])
    verdict = json.loads(result.stdout)
    assert result.exit_code == 0 and verdict["unseeded"] == 1 and "not verified" in verdict["caveat"]
    result = runner.invoke(app, ["replay", "--check", "--accept-unverified-walls", str(path)])
    assert result.exit_code == 0 and "walls not verified against a seed" in result.stdout
    assert "majiang replay: warning: walls not verified against a seed" in result.stderr
    # A swap of tiles the play drew still fails, accepted or not: the play shows it.
    seedless = _set(_set(lines, 0, seed=None), start, seed=None)
    ring = json.loads(lines[start])["ring"]
    other = next(k for k in range(1, 144) if ring[k] != ring[0] and not _passes(_swap(seedless, start, 0, k)))
    write_lines_atomically(path, _swap(seedless, start, 0, other))
    report = check_record(path, accept_unverified_walls=True)
    assert not report.ok and report.line is not None and report.line > start + 1, str(report)
    # With every seed present nothing is left unproved.
    write_lines_atomically(path, lines)
    report = check_record(path)
    assert report.ok and report.unseeded == 0 and report.caveat is None and "verified" not in str(report)


def test_independent_hands_check_each_hand_seed(tmp_path: Path) -> None:
    from majiang.bots import play_out
    from majiang.game import Game

    games = []
    for seed in (None, 11):
        game = Game(seed=seed)
        play_out(game, random_bots(7))
        games.append(game)
    path = tmp_path / "g.jsonl"
    write_record(path, games, PLAYERS)
    report = check_record(path, accept_unverified_walls=True)
    assert report.ok and report.unseeded == 1 and "1 of 2 hands" in str(report), str(report)
    lines = path.read_text(encoding="utf-8").splitlines()
    start = index_of(lines, kind("start", 2))
    changed = _set(lines, start, seed=12)
    with pytest.raises(RecordError) as caught:
        for _ in replay_record(parse_record(changed)):
            pass
    assert caught.value.line == start + 1
    assert "the wall is not the deal of the hand's seed 12" in str(caught.value)


def test_the_reader_holds_one_hand_of_a_long_record(lines: list[str]) -> None:
    """A generated 5,000-hand record (shape only: the reader does not re-simulate) is read hand by hand:
    when hand n is yielded, the source has given exactly the lines up to hand n's summary."""
    header = json.loads(lines[0])
    header.update(match=False, hands=5000, seed=None)
    start = json.loads(lines[1])
    summary = json.loads(lines[index_of(lines, kind("summary", 1))])
    pulled = 0

    def source() -> Iterator[str]:
        nonlocal pulled
        pulled += 1
        yield dump(header)
        for n in range(1, 5001):
            for obj in (start, {"e": "deal"}, summary):
                pulled += 1
                yield dump({**obj, "hand": n})
        pulled += 1
        yield dump({"e": "final", "hands": 5000, "standings": [1.75] * 4, "totals": [0] * 4})

    count = 0
    for item in iter_record(source()):
        if isinstance(item, HandLines):
            count += 1
            assert item.number == count and pulled == 1 + 3 * count
    assert count == 5000 and pulled == 1 + 3 * 5000 + 1

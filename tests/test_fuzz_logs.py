"""Fuzzed real logs: a Tenhou mjlog, its mjai log and its tenhou.net/6 log, each with a few inner entries
changed (an attribute, a key, a list element replaced, dropped or repeated), are imported; every import
either reproduces a game or raises ``MjlogError`` naming where, never another exception.

Each check runs bounded in ``make test`` and, marked slow, with ``MAJIANG_FUZZ_EXAMPLES`` examples in
``make soak`` (``tests/fuzzing.py``).
"""

from __future__ import annotations

import copy
import functools
import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from fuzzing import fuzz, json_values
from majiang.interop.mjai import dump_mjai, export_mjai, import_mjai
from majiang.interop.tenhou import MjlogError, import_mjlog
from majiang.interop.tenhou6 import from_tenhou6, to_tenhou6
from majiang.records import parse_record
from majiang.records.writer import iter_record_lines
from majiang.rules.riichi.ruleset import RiichiRules

LOGS = Path(__file__).parent / "data" / "riichi"
SHORT = LOGS / "2019110302gm-00a9-0000-473e5852_tw=3.mjlog"
"""Three hands with red fives, riichi, calls and ura dora: the cheapest real log to replay."""


@functools.cache
def _real() -> tuple[str, list[str], dict[str, Any], RiichiRules]:
    """The short log as mjlog XML, as mjai lines and as tenhou.net/6 JSON, and its rules."""
    raw = SHORT.read_bytes()
    xml = (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode()
    imported = import_mjlog(raw)
    record = parse_record(list(iter_record_lines(imported.match, imported.players)))
    events = export_mjai(record)
    rules = imported.match.rules
    assert isinstance(rules, RiichiRules)
    return xml, dump_mjai(events), to_tenhou6(events), rules


def _expect_clear(run: Any) -> None:
    try:
        run()
    except MjlogError as err:
        assert err.where and err.reason, err  # where, and why
        assert not isinstance(err.__cause__, (TypeError, IndexError, KeyError)), err


TAG = re.compile(r"<[A-Za-z][^<>]*/>")
ATTR = re.compile(r'(\w+)="([^"]*)"')

HOSTILE_TEXT = st.one_of(
    st.sampled_from(["", "-1", "999", "136", "0,0", "1,2,3", "x", ",", "0" * 30, "5,5,5,5,5,5,5,5,5",
                     "1e3", " 1", "65535", "2147483648", "-5,0,0,0,0,0"]),
    st.integers(-3, 140).map(str),
    st.lists(st.integers(-3, 140), max_size=8).map(lambda xs: ",".join(map(str, xs))),
    st.text(alphabet="0123456789,-TDNaxz", max_size=10),
)


@st.composite
def mutated_mjlog(draw: st.DrawFn) -> str:
    """The real mjlog with one to three tags changed: an attribute's value, an attribute dropped, the tag
    renamed, dropped or repeated."""
    xml = _real()[0]
    tags = list(TAG.finditer(xml))
    pieces = {m.start(): m.group() for m in tags}
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.sampled_from(sorted(pieces)))
        text = pieces[start]
        op = draw(st.sampled_from(["value", "drop-attr", "rename", "drop", "repeat"]))
        attrs = ATTR.findall(text)
        if op in ("value", "drop-attr") and attrs:
            key, value = draw(st.sampled_from(attrs))
            new = f'{key}="{draw(HOSTILE_TEXT)}"' if op == "value" else ""
            text = text.replace(f'{key}="{value}"', new, 1)
        elif op == "rename":
            name = draw(st.sampled_from(["T0", "D999", "U136", "N", "REACH", "AGARI", "DORA", "INIT", "G",
                                         "T"]))
            text = re.sub(r"^<\w+", f"<{name}", text)
        elif op == "drop":
            text = ""
        else:
            text = text + text
        pieces[start] = text
    out, last = [], 0
    for m in tags:
        out.append(xml[last:m.start()])
        out.append(pieces[m.start()])
        last = m.end()
    out.append(xml[last:])
    return "".join(out)


@st.composite
def mutated_mjai(draw: st.DrawFn) -> list[str]:
    """The real mjai lines with one to three events changed: a key's value, a key dropped, the line
    dropped or repeated."""
    lines = list(_real()[1])
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["value", "drop-key", "drop", "repeat"]))
        event = json.loads(lines[i])
        if not event and op in ("value", "drop-key"):
            op = "repeat"
        if op == "value":
            event[draw(st.sampled_from(sorted(event)))] = draw(json_values(4))
        elif op == "drop-key":
            event.pop(draw(st.sampled_from(sorted(event))))
        elif op == "drop":
            del lines[i]
            continue
        else:
            lines.insert(i, lines[i])
            continue
        lines[i] = json.dumps(event)
    return lines


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a list element of ``value`` (a tenhou.net/6 log's nested lists)."""
    out = []
    if isinstance(value, list):
        for k, item in enumerate(value):
            out.append((*path, k))
            out.extend(_places(item, (*path, k)))
    elif isinstance(value, dict):
        for key, item in value.items():
            out.extend(_places(item, (*path, key)))
    return out


@st.composite
def mutated_tenhou6(draw: st.DrawFn) -> Any:
    """The real tenhou.net/6 log with one to three list elements replaced (by any JSON value, a tile
    code, a call string), dropped or repeated."""
    log = copy.deepcopy(_real()[2])
    for _ in range(draw(st.integers(1, 3))):
        places = _places(log["log"])
        path = draw(st.sampled_from(places))
        parent: Any = log["log"]
        for key in path[:-1]:
            parent = parent[key]
        k = path[-1]
        op = draw(st.sampled_from(["value", "tile", "call", "drop", "repeat"]))
        if op == "value":
            parent[k] = draw(json_values(4))
        elif op == "tile":
            parent[k] = draw(st.sampled_from([0, 10, 20, 40, 48, 50, 54, 60, 61, 99, -1, 15, 51, 47]))
        elif op == "call":
            parent[k] = draw(st.sampled_from(["", "p", "c1112", "p151515", "m41414141", "4141a41", "r",
                                              "r60", "rx", "k", "1515k15", "pp1515", "c99", "a", "3535p35"]))
        elif op == "drop":
            del parent[k]
        else:
            parent.insert(k, copy.deepcopy(parent[k]))
    return log


@fuzz(mutated_mjlog())
def _mjlog(xml: str) -> None:
    _expect_clear(lambda: import_mjlog(xml.encode()))


test_mutated_mjlog_says_where, test_mutated_mjlog_soak = _mjlog


@fuzz(mutated_mjai())
def _mjai(lines: list[str]) -> None:
    _expect_clear(lambda: import_mjai(lines, _real()[3]))


test_mutated_mjai_says_where, test_mutated_mjai_soak = _mjai


@fuzz(mutated_tenhou6())
def _tenhou6(log: Any) -> None:
    def run() -> None:
        import_mjai([json.dumps(e) for e in from_tenhou6(log)], _real()[3])

    _expect_clear(run)


test_mutated_tenhou6_says_where, test_mutated_tenhou6_soak = _tenhou6


def test_the_real_logs_import_unchanged() -> None:
    xml, lines, log, rules = _real()
    assert len(import_mjlog(xml.encode()).match.history) == 3
    assert len(import_mjai(lines, rules).match.history) == 3
    assert len(import_mjai([json.dumps(e) for e in from_tenhou6(log)], rules).match.history) == 3


def _mjlog_with(old: str, new: str) -> bytes:
    xml = _real()[0]
    assert old in xml
    return xml.replace(old, new, 1).encode()


@pytest.mark.parametrize(("old", "new", "message"), [
    ('<N who="2" m="58719" />', '<N who="9" m="58719" />',
     r"hand 1, tag \d+ <N>: attribute who='9' is not one number 0-3"),
    ('<N who="2" m="58719" />', '<N who="2" m="" />', r"<N>: attribute m='' is not one number"),
    ('<N who="2" m="58719" />', '<N who="2" m="52233" />', r"<N>: m=52233 is no meld of tiles 0-135"),
    ('<N who="2" m="58719" />', '<N who="2" m="65533" />', r"<N>: m=65533 is no meld of tiles 0-135"),
    ('seed="0,0,0,0,5,44"', 'seed="0,0,0"', r"hand 1, tag \d+ <INIT>: seed='0,0,0' is not round, honba"),
    ('ten="250,250,250,250" oya="0"', 'ten="250,250,250,250" oya="0,1"',
     r"<INIT>: attribute oya='0,1' is not one number 0-3"),
])
def test_a_malformed_mjlog_tag_is_named(old: str, new: str, message: str) -> None:
    with pytest.raises(MjlogError, match=message):
        import_mjlog(_mjlog_with(old, new))


def _tenhou6_with(path: tuple[int, ...], value: Any) -> Any:
    log = copy.deepcopy(_real()[2])
    parent = log["log"]
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return log


@pytest.mark.parametrize(("path", "value", "message"), [
    ((0, 11, 6), "c3637", r"log\[0\]\[11\]\[6\]: 'c3637': a call 'c' holds 3 tiles"),
    ((0, 11, 6), "x363738", r"log\[0\]\[11\]\[6\]: 'x363738' is no call"),
    ((0, 6, 0), "r", r"log\[0\]\[6\]\[0\]: 'r' is no discard"),
    ((0, 5, 0), "r", r"log\[0\]\[5\]\[0\]: 'r' is no call"),
    ((0, 16, 1), [8000, -2000], r"log\[0\]\[16\]\[1\]: \[8000, -2000\] is not a list of 4"),
    ((0, 16, 2), [0, 7], r"log\[0\]\[16\]\[2\]\[1\]: 7 is not a whole number 0-3"),
    ((0, 0, 0), "E1", r"log\[0\]\[0\]\[0\]: 'E1' is not a whole number 0-15"),
    ((0, 4), [11] * 12, r"log\[0\]\[4\]: .* is not a list of 13"),
])
def test_a_malformed_tenhou6_entry_is_named(path: tuple[int, ...], value: Any, message: str) -> None:
    with pytest.raises(MjlogError, match=message):
        from_tenhou6(_tenhou6_with(path, value))


@pytest.mark.parametrize(("key", "value", "message"), [
    ("kyoku", "1", r"line 2: 'kyoku' must be a whole number 1-4, not '1'"),
    ("honba", -1, r"line 2: 'honba' must be a whole number 0-1000, not -1"),
    ("scores", [25000, 25000], r"line 2: 'scores' must be four points"),
    ("scores", [25000, 25000, 25000, 25050], r"line 2: 'scores' must be in hundreds of points"),
    ("oya", 4, r"line 2: 'oya' must be a seat 0-3, not 4"),
])
def test_a_malformed_mjai_event_is_named(key: str, value: Any, message: str) -> None:
    lines = list(_real()[1])
    event = json.loads(lines[1])
    event[key] = value
    lines[1] = json.dumps(event)
    with pytest.raises(MjlogError, match=message):
        import_mjai(lines, _real()[3])

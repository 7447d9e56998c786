"""Strict JSON: every refusal names what is wrong, and every readable value can be written back as UTF-8."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.jsonstrict import MAX_DEPTH, StrictJSONError, loads_strict, lone_surrogate


@pytest.mark.parametrize(("text", "message"), [
    ('{"n": NaN}', "NaN is not JSON"),
    ("[-Infinity]", "-Infinity is not JSON"),
    ("[1e400]", "out of range"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested more than"),
    ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ("[" + "9" * 21 + "]", "21 digits"),
    (b"[\"\xff\"]", "byte 0xff at offset 2"),
    ('["\\ud800"]', "lone surrogate \\ud800"),
    ('{"\\uDC00": 1}', "lone surrogate \\udc00"),
    ('["ok", ["\\udbffx"]]', "lone surrogate \\udbff"),
    ('["\\udc00\\ud800"]', "lone surrogate"),  # a pair in the wrong order is two halves
    ("[\ud800]".replace("[", '["').replace("]", '"]'), "lone surrogate \\ud800"),  # a str holding one
    ("{not json", "invalid JSON at column 2"),
])
def test_refusals(text: str | bytes, message: str) -> None:
    with pytest.raises(StrictJSONError, match=message.replace("\\", "\\\\").replace("[", "\\[")):
        loads_strict(text)


def test_pairs_are_characters() -> None:
    assert loads_strict('["\\ud83c\\udc04", "\\u4e2d"]') == ["\U0001f004", "中"]
    assert lone_surrogate(["\U0001f004", {"k": "中"}]) is None
    assert lone_surrogate({"a": ["x", "\udfff"]}) == 0xDFFF


# Generating nested values is slow on a loaded machine; the health check would fail the run for that alone.
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.recursive(st.none() | st.booleans() | st.integers(-10**19, 10**19) | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=12))
def test_what_is_read_can_be_written(value: object) -> None:
    """Any text a reader accepts encodes as UTF-8 again (so error messages and saved files never fail)."""
    for ascii_only in (True, False):
        text = json.dumps(value, ensure_ascii=ascii_only)
        try:
            read = loads_strict(text)
        except StrictJSONError as err:
            assert "lone surrogate" in str(err) or "nested" in str(err)
            continue
        assert read == value
        json.dumps(read, ensure_ascii=False).encode("utf-8")

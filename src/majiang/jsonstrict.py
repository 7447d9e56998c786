"""Strict JSON for untrusted lines: plain RFC 8259 values only, with errors that say what is wrong.

Python's ``json`` accepts ``NaN``, ``Infinity`` and numbers such as ``1e400`` (read as infinity), which
no other JSON reader takes and no majiang input needs, and it raises ``RecursionError`` on deeply
nested arrays. ``loads_strict`` refuses all of these, integers of more than 20 digits and repeated
keys, with a ``StrictJSONError``.

>>> loads_strict(b'{"hand": "1m", "n": 2.5}')
{'hand': '1m', 'n': 2.5}
>>> for text in ('{"n": NaN}', '[1e400]', '[' * 100_000, '{"a": 1, "a": 2}', b'\\xff'):
...     try:
...         loads_strict(text)
...     except StrictJSONError as err:
...         print(err)
NaN is not JSON (numbers must be finite)
the number 1e400 is out of range (numbers must be finite)
nested more than 64 levels deep
duplicate key 'a'
not UTF-8 (byte 0xff at offset 0)
>>> loads_strict('["\\\\ud800"]')
Traceback (most recent call last):
...
majiang.jsonstrict.StrictJSONError: a lone surrogate \\ud800 is not a character (half a UTF-16 pair)
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, NoReturn

from majiang.errors import MajiangError

__all__ = [
    "MAX_DEPTH", "MAX_INT_DIGITS", "StrictJSONError", "loads_strict", "lone_surrogate", "nesting_depth",
]

MAX_DEPTH = 64
"""Arrays and objects nested deeper than this are refused (majiang's own data nests a few levels)."""


class StrictJSONError(MajiangError):
    """A text that is not strict JSON; the message says why (and where, for a syntax error)."""


def _reject_constant(name: str) -> NoReturn:
    raise StrictJSONError(f"{name} is not JSON (numbers must be finite)")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 24 else text[:21] + "..."
        raise StrictJSONError(f"the number {shown} is out of range (numbers must be finite)")
    return value


MAX_INT_DIGITS = 20
"""Integers with more digits are refused (no majiang value comes near; Python's own limit says 4,300)."""


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise StrictJSONError(f"a number of {digits} digits is too long")
    return int(text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise StrictJSONError(f"duplicate key {key!r}")
        obj[key] = value
    return obj


def nesting_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deep arrays and objects nest in ``value`` (0 for a scalar), counted without recursion.

    Stops counting once ``limit`` is passed, returning ``limit + 1``.

    >>> nesting_depth([1, {"a": [2]}]), nesting_depth("x")
    (3, 0)
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: list[object] = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        if depth > limit:
            return limit + 1
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in children)
    return deepest


_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(value: object) -> int | None:
    """The code point of the first surrogate in any string or key of ``value``, or None."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found:
                return ord(found.group())
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def loads_strict(raw: bytes | str) -> object:
    """The JSON value of ``raw`` (UTF-8 bytes or text); StrictJSONError if it is not strict JSON."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise StrictJSONError(f"not UTF-8 (byte {raw[err.start]:#04x} at offset {err.start})") from None
    else:
        text = raw
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_constant=_reject_constant,
                           parse_float=_finite_float, parse_int=_bounded_int)
    except json.JSONDecodeError as err:
        raise StrictJSONError(f"invalid JSON at column {err.colno}: {err.msg}") from None
    except StrictJSONError:
        raise
    except RecursionError:
        raise StrictJSONError(f"nested more than {MAX_DEPTH} levels deep") from None
    # json decodes an unpaired \ud800 escape into a string no UTF-8 writer can encode: refuse it here,
    # so every later message and file write of the value stays safe. Only a text with the escape (or a
    # str holding a surrogate) can hold one.
    may_hold = "\\ud" in text or "\\uD" in text or (text is raw and _SURROGATE.search(text) is not None)
    if may_hold and (lone := lone_surrogate(value)) is not None:
        raise StrictJSONError(f"a lone surrogate \\u{lone:04x} is not a character (half a UTF-16 pair)")
    # Only a text with enough brackets can nest too deeply: count them (fast) before walking the value.
    if text.count("[") + text.count("{") > MAX_DEPTH and nesting_depth(value) > MAX_DEPTH:
        raise StrictJSONError(f"nested more than {MAX_DEPTH} levels deep")
    return value

"""JSON-lines batches: one request object per line in, one answer per line out.

Blank lines are skipped but counted, so ``{"error": "line N: ..."}`` names the input line; every
answer is flushed, so a batch works inside a pipe of any length; a line longer than
``MAX_LINE_BYTES`` is answered with an error without being held in memory. A command only says
which keys it takes and what it computes (``run_lines`` with an answer function).

>>> import io
>>> lines = b'{"hand": "1m"}\\n\\n{"hand": 5, "x": 1}\\n'
>>> out = io.StringIO()
>>> run_lines(io.BytesIO(lines), out, lambda r: {"echo": request_keys(r, ("hand",))["hand"]})
False
>>> print(out.getvalue(), end="")
{"echo": "1m"}
{"error": "line 3: unknown key 'x'; the keys are hand"}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

from majiang.cli.errors import error_message
from majiang.errors import MajiangError
from majiang.jsonstrict import StrictJSONError, loads_strict

__all__ = ["MAX_LINE_BYTES", "RequestError", "decode_line", "iter_lines", "request_keys", "run_lines"]

MAX_LINE_BYTES = 64 * 1024
"""Longer lines are answered with an error without being kept in memory (a request needs well under 1 KiB)."""

_JSON_TYPES = {dict: "an object", list: "an array", str: "a string", int: "a number", float: "a number",
               bool: "true or false", type(None): "null"}


class RequestError(MajiangError):
    """A batch line that is not a well-formed request (before any rule is looked at)."""


def iter_lines(source: IO[bytes]) -> Iterator[tuple[int, bytes | None]]:
    """Yield ``(line number, bytes)`` for each non-blank line, ``None`` for one over ``MAX_LINE_BYTES``.

    Line numbers count every line, blank ones too, so they match the input file.
    """
    lineno = 0
    while raw := source.readline(MAX_LINE_BYTES + 1):
        lineno += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while (rest := source.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass  # skip the rest of the overlong line without holding it
            yield lineno, None
        elif raw.strip():
            yield lineno, raw


def decode_line(text: bytes | None, lineno: int) -> object:
    """The JSON value of one input line (``None`` for a line too long to read); RequestError if unreadable.

    Only strict JSON is taken: ``NaN``, ``Infinity``, out-of-range numbers such as ``1e400``, repeated keys
    and nesting deeper than ``majiang.jsonstrict.MAX_DEPTH`` are each a clear error for that line.
    """
    if text is None:
        raise RequestError(f"longer than {MAX_LINE_BYTES} bytes")
    try:
        line = text.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RequestError(f"not UTF-8 (byte {err.object[err.start]:#04x} at offset {err.start})") from None
    if lineno == 1:
        line = line.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        return loads_strict(line)
    except StrictJSONError as err:  # NaN, 1e400, deep nesting, a repeated key, a syntax error
        raise RequestError(str(err)) from None


def request_keys(request: object, keys: Sequence[str], required: Sequence[str] = ("hand",)) -> dict[str, Any]:
    """``request`` as a dict, after checking it is an object with only ``keys`` and all of ``required``."""
    if not isinstance(request, dict):
        raise RequestError(f"expected a JSON object, not {_JSON_TYPES.get(type(request), 'a value')}")
    unknown = [key for key in request if key not in keys]
    if unknown:
        plural = "s" if len(unknown) > 1 else ""
        raise RequestError(f"unknown key{plural} {', '.join(map(repr, unknown))}; "
                           f"the keys are {', '.join(keys)}")
    missing = [key for key in required if key not in request]
    if missing:
        raise RequestError(f"missing key {', '.join(map(repr, missing))}")
    return request


def run_lines(source: IO[bytes], sink: IO[str], answer: Callable[[object], dict[str, Any]]) -> bool:
    """Write ``answer(request)`` for each request line of ``source`` to ``sink``, flushing each.

    Any exception becomes that line's error answer and the batch goes on; True when every line succeeded.
    """
    all_ok = True
    for lineno, raw in iter_lines(source):
        try:
            reply = answer(decode_line(raw, lineno))
        except Exception as exc:  # every failure becomes an answer line; the batch goes on
            reply = {"error": f"line {lineno}: {error_message(exc)}"}
            all_ok = False
        sink.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sink.flush()
    return all_ok

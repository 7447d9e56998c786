"""A JSON-lines batch for any command: one request object per line in, one answer per line out.

``majiang fan --json -`` has its own loop in ``majiang.cli.batch``; this is the same protocol (blank
lines skipped but counted, ``{"error": "line N: ..."}`` answers, every answer flushed) with the answer
supplied by the caller, so a command only says which keys it takes and what it computes.

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
from collections.abc import Callable, Sequence
from typing import IO, Any

from majiang.cli.batch import _JSON_TYPES, MAX_LINE_BYTES, RequestError, _no_duplicate_keys, iter_lines
from majiang.cli.errors import error_message

__all__ = ["decode_line", "request_keys", "run_lines"]


def decode_line(text: bytes | None, lineno: int) -> object:
    """The JSON value of one input line (``None`` for a line too long to read); RequestError if unreadable."""
    if text is None:
        raise RequestError(f"longer than {MAX_LINE_BYTES} bytes")
    try:
        line = text.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RequestError(f"not UTF-8 (byte {err.object[err.start]:#04x} at offset {err.start})") from None
    if lineno == 1:
        line = line.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        return json.loads(line, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as err:
        raise RequestError(f"invalid JSON at column {err.colno}: {err.msg}") from None
    except RequestError:
        raise
    except ValueError as err:  # e.g. an integer too long to convert
        raise RequestError(f"invalid JSON: {err}") from None


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
        except Exception as exc:
            reply = {"error": f"line {lineno}: {error_message(exc)}"}
            all_ok = False
        sink.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sink.flush()
    return all_ok

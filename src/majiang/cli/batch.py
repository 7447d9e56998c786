"""Batch scoring for ``majiang fan --json -``: one JSON request per line in, one JSON answer per line out.

Each non-blank input line is a JSON object with the keywords of ``majiang.mcr.score``; the answer is
``ScoreResult.to_dict()`` or ``{"error": "line N: ..."}``. Lines are read and answered one at a time,
and every answer is flushed, so the batch works inside a pipe of any length.

>>> import io
>>> lines = b'{"hand": "19m19p19sESWNPFCC", "flowers": 1}\\n\\n{"hand": "19m1x"}\\n'
>>> out = io.StringIO()
>>> run_batch(io.BytesIO(lines), out)
False
>>> first, second = out.getvalue().splitlines()
>>> json.loads(first)["total"], json.loads(first)["flowers"]
(89, 1)
>>> json.loads(second)["error"]
"line 3: invalid hand notation: unexpected character 'x' at position 4 in '19m1x'"
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from majiang.cli.errors import error_message
from majiang.mcr import score
from majiang.rules.mcr.result import ScoreResult

__all__ = ["MAX_LINE_BYTES", "REQUEST_KEYS", "RequestError", "answer_line", "iter_lines", "run_batch",
           "score_request"]

REQUEST_KEYS: tuple[str, ...] = ("hand", "self_drawn", "last_tile", "kong", "wall_last", "seat_wind",
                                 "round_wind", "flowers", "profile")
"""The keys a request may hold; only ``hand`` is required. They are ``score``'s keyword names."""

MAX_LINE_BYTES = 64 * 1024
"""Longer lines are answered with an error without being kept in memory (a request needs well under 1 KiB)."""

_JSON_TYPES = {dict: "an object", list: "an array", str: "a string", int: "a number", float: "a number",
               bool: "true or false", type(None): "null"}


class RequestError(ValueError):
    """A batch line that is not a well-formed request (before any scoring rule is looked at)."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise RequestError(f"duplicate key {key!r}")
        obj[key] = value
    return obj


def score_request(request: object) -> ScoreResult:
    """Score one decoded request: a dict with ``hand`` and any other of ``REQUEST_KEYS``.

    The checks here are about the shape of the request; values are checked by ``score`` itself.
    """
    if not isinstance(request, dict):
        raise RequestError(f"expected a JSON object, not {_JSON_TYPES.get(type(request), 'a value')}")
    unknown = [key for key in request if key not in REQUEST_KEYS]
    if unknown:
        plural = "s" if len(unknown) > 1 else ""
        raise RequestError(f"unknown key{plural} {', '.join(map(repr, unknown))}; "
                           f"the keys are {', '.join(REQUEST_KEYS)}")
    if "hand" not in request:
        raise RequestError("missing key 'hand'")
    return score(**request)


def answer_line(text: bytes | None, lineno: int) -> tuple[dict[str, Any], bool]:
    """The answer to one input line (``None`` for a line too long to read) and whether it succeeded."""
    try:
        if text is None:
            raise RequestError(f"longer than {MAX_LINE_BYTES} bytes")
        try:
            line = text.decode("utf-8")
        except UnicodeDecodeError as err:
            bad = err.object[err.start]
            raise RequestError(f"not UTF-8 (byte {bad:#04x} at offset {err.start})") from None
        if lineno == 1:
            line = line.removeprefix("\ufeff")  # a byte-order mark some editors write
        try:
            request = json.loads(line, object_pairs_hook=_no_duplicate_keys)
        except json.JSONDecodeError as err:
            raise RequestError(f"invalid JSON at column {err.colno}: {err.msg}") from None
        except RequestError:
            raise
        except ValueError as err:  # e.g. an integer too long to convert
            raise RequestError(f"invalid JSON: {err}") from None
        return score_request(request).to_dict(), True
    except Exception as exc:  # every failure becomes an answer line; the batch goes on
        return {"error": f"line {lineno}: {error_message(exc)}"}, False


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


def run_batch(source: IO[bytes], sink: IO[str]) -> bool:
    """Answer each request line of ``source`` on ``sink``, flushing each; True when every line succeeded."""
    all_ok = True
    for lineno, raw in iter_lines(source):
        answer, ok = answer_line(raw, lineno)
        all_ok = all_ok and ok
        sink.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sink.flush()
    return all_ok

"""Batch scoring for ``majiang fan --json -``: one JSON request per line in, one JSON answer per line out.

Each non-blank input line is a JSON object with the keywords of ``majiang.mcr.score``; the answer is
``ScoreResult.to_dict()`` or ``{"error": "line N: ..."}`` (the protocol of ``majiang.cli.jsonlines``).

>>> import io, json
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

from typing import IO

from majiang.cli.jsonlines import MAX_LINE_BYTES, RequestError, iter_lines, request_keys, run_lines
from majiang.mcr import score
from majiang.rules.mcr.result import ScoreResult

__all__ = ["MAX_LINE_BYTES", "REQUEST_KEYS", "RequestError", "iter_lines", "run_batch", "score_request"]

REQUEST_KEYS: tuple[str, ...] = ("hand", "self_drawn", "last_tile", "kong", "wall_last", "seat_wind",
                                 "round_wind", "flowers", "profile")
"""The keys a request may hold; only ``hand`` is required. They are ``score``'s keyword names."""


def score_request(request: object) -> ScoreResult:
    """Score one decoded request: a dict with ``hand`` and any other of ``REQUEST_KEYS``.

    The checks here are about the shape of the request; values are checked by ``score`` itself.
    """
    return score(**request_keys(request, REQUEST_KEYS))


def run_batch(source: IO[bytes], sink: IO[str]) -> bool:
    """Answer each request line of ``source`` on ``sink``, flushing each; True when every line succeeded."""
    return run_lines(source, sink, lambda request: score_request(request).to_dict())


"""Batch scoring for ``majiang fan --json -``: one JSON request per line in, one JSON answer per line out.

Each non-blank input line is a JSON object with the keywords of ``majiang.mcr.score``; the answer is
``ScoreResult.to_dict()`` or ``{"error": "line N: ..."}`` (the protocol of ``majiang.cli.jsonlines``).
A line with ``"rules"`` (a ruleset's name or alias) and/or ``"options"`` (its options: an object, or
``key=value`` texts) is scored by that ruleset's scorer (``Ruleset.scorer()``); its other keys are the
fields of the ruleset's win context, as ``majiang fan --rules R`` takes them, and the answer is the
same as that command's ``--json``.

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
>>> score_request({"hand": "111222444m33399p", "rules": "chengdu", "win": "self-drawn"}).points
15
"""

from __future__ import annotations

import sys
from typing import IO, Any

from majiang.cli.jsonlines import MAX_LINE_BYTES, RequestError, iter_lines, request_keys, run_lines
from majiang.game.ruleset import score_plain
from majiang.game.scoring import Scored
from majiang.mcr import WinBy, score

__all__ = ["MAX_LINE_BYTES", "OLD_KEYS", "REQUEST_KEYS", "RequestError", "iter_lines", "run_batch",
           "score_request"]

REQUEST_KEYS: tuple[str, ...] = ("hand", "win", "last_of_wall", "last_copy", "seat_wind", "round_wind",
                                 "flowers", "profile")
"""The keys a request may hold; only ``hand`` is required. ``win`` is ``score``'s ``win_by`` (its value:
``discard``, ``self-drawn``, ``kong-replacement``, ``robbing-kong``); the others are ``score``'s keywords."""

OLD_KEYS: tuple[str, ...] = ("self_drawn", "kong", "wall_last", "last_tile")
"""Keys of the first version, still read for now: ``self_drawn`` and ``kong`` become ``win``,
``wall_last`` becomes ``last_of_wall``, ``last_tile`` becomes ``last_copy``."""

DEPRECATION = ("majiang fan: warning: the keys self_drawn, kong, wall_last and last_tile are deprecated"
               " and will be removed; use win (discard, self-drawn, kong-replacement, robbing-kong),"
               " last_of_wall and last_copy")


def _old_flag(request: dict[str, Any], key: str) -> bool:
    value = request[key]
    if not isinstance(value, bool):
        raise RequestError(f"{key!r} must be true or false, not {value!r}")
    return value


def _renamed(request: dict[str, Any]) -> dict[str, Any]:
    """The request with the old keys mapped to the new ones; RequestError where the two disagree."""
    new = {k: v for k, v in request.items() if k not in OLD_KEYS}
    if "self_drawn" in request or "kong" in request:
        self_drawn = "self_drawn" in request and _old_flag(request, "self_drawn")
        kong = "kong" in request and _old_flag(request, "kong")
        how = (WinBy.KONG_REPLACEMENT if kong else WinBy.SELF_DRAWN) if self_drawn else \
            (WinBy.ROBBING_KONG if kong else WinBy.DISCARD)
        if "win" in request and request["win"] != how.value:
            raise RequestError(f"'win' is {request['win']!r} but the old keys self_drawn and kong say"
                               f" {how.value!r}; give only 'win'")
        new["win"] = how.value
    for old, key in (("wall_last", "last_of_wall"), ("last_tile", "last_copy")):
        if old in request:
            value = _old_flag(request, old)
            if key in request and request[key] != value:
                raise RequestError(f"{key!r} is {request[key]!r} but the old key {old!r} is {value!r};"
                                   f" give only {key!r}")
            new[key] = value
    return new


def score_request(request: object) -> Scored:
    """Score one decoded request: a dict with ``hand`` and any other of ``REQUEST_KEYS`` (or ``OLD_KEYS``),
    or one naming its ``rules`` or ``options`` (``score_rules_request``).

    The checks here are about the shape of the request; values are checked by ``score`` itself.
    """
    if isinstance(request, dict) and ("rules" in request or "options" in request):
        return score_rules_request(request)
    if isinstance(request, dict):  # the error for an unknown key lists only the current keys
        current = request_keys({k: v for k, v in request.items() if k not in OLD_KEYS}, REQUEST_KEYS)
        keys = _renamed({**current, **{k: v for k, v in request.items() if k in OLD_KEYS}})
    else:
        keys = request_keys(request, REQUEST_KEYS)
    if "win" in keys:
        keys["win_by"] = keys.pop("win")
    return score(**keys)


def score_rules_request(request: dict[str, Any]) -> Scored:
    """Score a request naming its ruleset (``rules``, Chinese Official if absent) and ``options``: its
    other keys are the fields of that ruleset's win context (``majiang.game.scoring.score_plain``).

    >>> request = {"hand": "1112345678999m5m", "rules": "mcr", "options": {"profile": "1998"}}
    >>> score_rules_request(request).total
    91
    """
    return score_plain(request)


def run_batch(source: IO[bytes], sink: IO[str], warnings: IO[str] | None = None) -> bool:
    """Answer each request line of ``source`` on ``sink``, flushing each; True when every line succeeded.

    The first request using an old key (``OLD_KEYS``) writes one deprecation warning to ``warnings``
    (stderr by default).
    """
    warned = False

    def answer(request: object) -> dict[str, Any]:
        nonlocal warned
        if not warned and isinstance(request, dict) and any(key in request for key in OLD_KEYS):
            warned = True
            out = sys.stderr if warnings is None else warnings
            out.write(DEPRECATION + "\n")
            out.flush()
        return score_request(request).to_dict()

    return run_lines(source, sink, answer)

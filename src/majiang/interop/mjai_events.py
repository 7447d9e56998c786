"""The mjai server's events read and checked: their types, seats, tiles and scores."""

from __future__ import annotations

from typing import Any

from majiang.errors import MajiangError
from majiang.interop.mjai import mjai_tile, parse_mjai_tile
from majiang.interop.tenhou import MjlogError
from majiang.rules.riichi.ruleset import FIVES

__all__ = ["EVENT_TYPES", "MjaiProtocolError"]

EVENT_TYPES = ("hello", "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan",
               "ankan", "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game",
               "none", "error")
"""The mjai event types a server may send."""

_CALLS = ("chi", "pon", "daiminkan")


class MjaiProtocolError(MajiangError):
    """What the server sent cannot be read, or does not agree with a riichi hand under our rules."""


def _seat(event: dict[str, Any], key: str, where: str) -> int:
    value = event.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise MjaiProtocolError(f"{where}: {key!r} must be a seat 0-3, not {value!r}")
    return value


_TILES = {mjai_tile(t, red): (t, red) for t in range(34) for red in (False, True) if not red or t in FIVES}


def _tile(value: object, where: str) -> tuple[int, bool]:
    if isinstance(value, str):
        known = _TILES.get(value)
        if known is not None:
            return known
    try:
        return parse_mjai_tile(value, where)
    except MjlogError as err:
        raise MjaiProtocolError(f"{where}: {err.reason}") from None


def _tiles(event: dict[str, Any], count: int, where: str) -> list[tuple[int, bool]]:
    value = event.get("consumed")
    if not isinstance(value, list) or len(value) != count:
        raise MjaiProtocolError(f"{where}: 'consumed' must be a list of {count} tiles, not {value!r}")
    return [_tile(v, where) for v in value]


def _check(event: object, where: str) -> dict[str, Any]:
    """The event, its type and the fields our replay reads checked (MjaiProtocolError naming ``where``)."""
    if not isinstance(event, dict):
        raise MjaiProtocolError(f"{where}: an mjai event is a JSON object, not {type(event).__name__}")
    kind = event.get("type")
    if kind not in EVENT_TYPES:
        raise MjaiProtocolError(f"{where}: unknown event type {kind!r}; one of {', '.join(EVENT_TYPES)}")
    where = f"{where} ({kind})"
    if kind in ("tsumo", "dahai", "reach", "ankan", "kakan", *_CALLS):
        _seat(event, "actor", where)
    if kind == "dahai" or (kind == "tsumo" and event.get("pai") != "?") or kind in ("kakan", *_CALLS):
        _tile(event.get("pai"), where)
    if kind in _CALLS:
        _seat(event, "target", where)
        _tiles(event, 3 if kind == "daiminkan" else 2, where)
    if kind == "ankan":
        _tiles(event, 4, where)
    if kind == "dora":
        _tile(event.get("dora_marker"), where)
    if kind == "start_kyoku":
        if event.get("bakaze") not in ("E", "S", "W", "N"):
            raise MjaiProtocolError(f"{where}: 'bakaze' must be E S W N, not {event.get('bakaze')!r}")
        _seat(event, "oya", where)
        _tile(event.get("dora_marker"), where)
        for key in ("honba", "kyotaku"):
            value = event.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                raise MjaiProtocolError(f"{where}: {key!r} must be a count 0-1000, not {value!r}")
        hands = event.get("tehais")
        if not isinstance(hands, list) or len(hands) != 4 or \
                not all(isinstance(h, list) and len(h) == 13 for h in hands):
            raise MjaiProtocolError(f"{where}: 'tehais' must be four hands of 13 tiles")
        for h in hands:
            for t in h:
                if t != "?":
                    _tile(t, where)
        _scores(event.get("scores"), where, optional=True)
    if kind in ("hora", "ryukyoku", "reach_accepted"):
        _scores(event.get("scores"), where, optional=True)
    return event


def _scores(value: object, where: str, *, optional: bool) -> list[int] | None:
    if value is None and optional:
        return None
    if not isinstance(value, list) or len(value) != 4 or \
            not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**8 for v in value):
        raise MjaiProtocolError(f"{where}: 'scores' must be four whole numbers of points, not {value!r}")
    return list(value)

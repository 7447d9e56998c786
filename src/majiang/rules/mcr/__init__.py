"""The implementation of Chinese Official rules (国标麻将, MCR): the fan calculator and its profiles.

Import from ``majiang.mcr``, the public module; the names here serve it and the package's own code.
"""

from __future__ import annotations

from functools import partial

from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.hand import Hand, HandCounts
from majiang.notation import parse_hand, read_counts
from majiang.rules.mcr.calculator import WinBy, WinContext
from majiang.rules.mcr.explain import explain
from majiang.rules.mcr.fans import FAN_IDS, FANS, Fan, fan
from majiang.rules.mcr.fast import _totals
from majiang.rules.mcr.fast import fan_total as _fan_total
from majiang.rules.mcr.profiles import PROFILES, Profile, find_profile
from majiang.rules.mcr.result import FanHit, ScoreResult
from majiang.tiles import WINDS, Tile

__all__ = [
    "FANS",
    "FAN_IDS",
    "MINIMUM",
    "PROFILES",
    "Fan",
    "FanHit",
    "Profile",
    "ScoreResult",
    "WinBy",
    "WinContext",
    "fan",
    "fan_total",
    "find_profile",
    "parse_win_by",
    "parse_wind",
    "score",
    "win_context",
]

MINIMUM = 8
"""The fewest fans (flowers excluded) a hand must score to be a legal win (8番起和)."""

_WIND_NAMES = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH,
               "东": Tile.EAST, "南": Tile.SOUTH, "西": Tile.WEST, "北": Tile.NORTH,
               "1z": Tile.EAST, "2z": Tile.SOUTH, "3z": Tile.WEST, "4z": Tile.NORTH}


_new_tuple = tuple.__new__
_EXACT_WINDS: dict[str | Tile, Tile] = {w: w for w in WINDS}
for _name, _wind in _WIND_NAMES.items():
    _EXACT_WINDS[_name] = _wind


_WIN_BY = {w.value: w for w in WinBy}  # the exact values by one lookup; parse_win_by reads the rest


def parse_wind(value: str | Tile, what: str = "wind") -> Tile:
    """A wind from ``E``/``S``/``W``/``N`` in either case (or 东南西北, ``1z``-``4z``, or a wind Tile).

    The text must be exactly the wind: ``" E"`` or ``"E\\n"`` is refused, not stripped, like every other
    value that is not what it says.

    >>> parse_wind("s"), parse_wind("北")
    (<Tile.SOUTH: 28>, <Tile.NORTH: 30>)
    >>> parse_wind(" E", "--seat")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: --seat must be one of E, S, W, N without spaces around it, not ' E'
    """
    if isinstance(value, Tile):
        if value in WINDS:
            return value
    elif isinstance(value, str):
        if value in _WIND_NAMES:
            return _WIND_NAMES[value]
        if value.upper().replace("Z", "z") in _WIND_NAMES:
            return _WIND_NAMES[value.upper().replace("Z", "z")]
        if value.strip() and value.strip().upper().replace("Z", "z") in _WIND_NAMES:
            raise InvalidOptionError(f"{what} must be one of E, S, W, N without spaces around it, "
                                     f"not {value!r}")
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    raise InvalidOptionError(f"{what} must be one of E, S, W, N, not {shown}")


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def parse_win_by(value: str | WinBy) -> WinBy:
    """How the hand was won, from a ``WinBy`` or its value (``discard``, ``self-drawn``, ...)."""
    if isinstance(value, WinBy):
        return value
    if isinstance(value, str):
        try:
            return WinBy(value.strip())
        except ValueError:
            pass
    values = ", ".join(w.value for w in WinBy)
    raise ValueError(f"win_by must be one of {values}, not {value!r}")


def win_context(
    hand: Hand,
    *,
    win_by: str | WinBy = WinBy.DISCARD,
    last_of_wall: bool = False,
    last_copy: bool = False,
    seat_wind: str | Tile = "E",
    round_wind: str | Tile = "E",
    flowers: int = 0,
) -> WinContext:
    """Check how the hand was won against the hand itself and derive what the hand proves.

    Raises ``InvalidHandError`` for a combination the hand or the rules rule out (robbing a kong while
    holding another copy of the tile or on the wall's last tile, 杠上开花 without a kong, 和绝张 while
    holding another copy) and ``InvalidOptionError``
    (a bad wind, flower count or way of winning) or ``TypeError`` (a flag that is not a bool).
    """
    return _context(hand, win_by, last_of_wall, last_copy, seat_wind, round_wind, flowers)


def _context(hand: Hand | HandCounts, win_by: str | WinBy, last_of_wall: bool, last_copy: bool,
             seat_wind: str | Tile, round_wind: str | Tile, flowers: int) -> WinContext:
    """``win_context`` with its arguments by position (``score`` calls it on every hand)."""
    how = win_by if type(win_by) is WinBy else _WIN_BY.get(win_by) if type(win_by) is str else None
    if how is None:
        how = parse_win_by(win_by)
    if not (type(last_of_wall) is bool and type(last_copy) is bool):
        _flag(last_of_wall, "last_of_wall")
        _flag(last_copy, "last_copy")
    if type(flowers) is not int or not 0 <= flowers <= 8:
        raise InvalidOptionError(f"flowers must be an integer from 0 to 8, not {flowers!r}")
    # The usual spellings by one lookup; anything else goes through parse_wind (and its errors).
    seat = _EXACT_WINDS.get(seat_wind) if type(seat_wind) in (str, Tile) else None
    if seat is None:
        seat = parse_wind(seat_wind, "seat_wind")
    round_ = _EXACT_WINDS.get(round_wind) if type(round_wind) in (str, Tile) else None
    if round_ is None:
        round_ = parse_wind(round_wind, "round_wind")
    win = hand.winning_tile
    if win is None:
        raise InvalidHandError(
            f"{hand.notation()} has no winning tile: a winning hand has 14 tiles (a kong counts as 3)"
        )
    held = hand._all_counts[win] - 1  # other copies of the winning tile in the hand and its melds
    in_melds = hand._all_counts[win] - hand._counts[win]
    if how is WinBy.KONG_REPLACEMENT and not any(m.is_kong for m in hand.melds):
        raise InvalidHandError("杠上开花 (win_by kong-replacement) needs a kong among the melds")
    if how is WinBy.ROBBING_KONG:
        if held:
            raise InvalidHandError(
                f"抢杠和: the robbed kong holds the other copies of {win.notation()},"
                f" yet the hand has {held} more"
            )
        if last_of_wall:
            raise InvalidHandError(
                "抢杠和 (robbing a kong) cannot also be on the wall's last tile (海底捞月)"
            )
    if last_copy and held > in_melds:
        raise InvalidHandError(
            f"和绝张: the other three {win.notation()} must be visible, but one is among the standing tiles"
        )
    if in_melds == 3:
        last_copy = True  # three copies shown in the winner's own melds: this is the last one
    # tuple.__new__ skips the named tuple's Python-level constructor: the fields are checked above.
    return _new_tuple(WinContext, (how, last_of_wall, last_copy, seat, round_, flowers))


def score(
    hand: str | Hand,
    context: WinContext | None = None,
    options: str | Profile | None = None,
    *,
    win_by: str | WinBy = WinBy.DISCARD,
    last_of_wall: bool = False,
    last_copy: bool = False,
    seat_wind: str | Tile = "E",
    round_wind: str | Tile = "E",
    flowers: int = 0,
    profile: str | Profile = "mil",
) -> ScoreResult:
    """Score a winning hand under Chinese Official rules.

    ``hand`` is notation (the last tile is the winning tile) or a ``Hand``. How it was won comes either
    as a ``WinContext`` (``context``, the shape every ruleset's ``score`` takes, with the profile as
    ``options``) or as keywords: ``win_by`` says how it was won (a ``WinBy`` or its value);
    ``last_of_wall`` is the wall's last tile (妙手回春 when self-drawn, else 海底捞月); ``last_copy`` is
    和绝张. A context with keywords other than their defaults is a ``TypeError``, as are ``options``
    with ``profile``. Raises ``InvalidNotationError`` for unreadable notation and ``InvalidHandError``
    for a hand that is not a win or a way of winning it rules out.

    >>> r = score("1112345678999m5m", win_by="self-drawn")
    >>> r.total, r.fans[0].name, r.meets_minimum
    (92, '九莲宝灯', True)
    >>> score("1112345678999m5m", WinContext(WinBy.SELF_DRAWN), "wmo2014") == score(
    ...     "1112345678999m5m", win_by="self-drawn", profile="wmo2014")
    True
    """
    if context is not None or options is not None:  # (two checks: the keyword path stays as fast)
        return _score_in(hand, context, options, win_by, last_of_wall, last_copy, seat_wind, round_wind,
                         flowers, profile)
    # Notation is read into counts alone: the sorted standing tiles of a Hand are not needed here.
    counted = read_counts(hand) if type(hand) is str else hand if type(hand) is Hand else _hand(hand)
    prof = PROFILES.get(profile) if type(profile) is str else None
    if prof is None:
        prof = find_profile(profile)
    ctx = _context(counted, win_by, last_of_wall, last_copy, seat_wind, round_wind, flowers)
    total, _, chosen = _totals(counted, ctx, prof, False)  # fast.fan_choice without its wrapping
    if total < 0:
        raise InvalidHandError(f"{counted.notation()} is not a winning hand")
    # The fans are explained from the candidate the fast path chose, when it names one.
    return ScoreResult.explained_on_read(total + flowers, flowers, total >= MINIMUM, prof.name,
                                         partial(explain, counted, ctx, prof, total, chosen))


def _score_in(hand: str | Hand, context: WinContext | None, options: str | Profile | None,
              win_by: str | WinBy, last_of_wall: bool, last_copy: bool, seat_wind: str | Tile,
              round_wind: str | Tile, flowers: int, profile: str | Profile) -> ScoreResult:
    """``score`` given a context or options: either form of each, not both, then scored by keywords."""
    if options is not None:
        if profile != "mil":
            raise TypeError("score takes the profile as options or as profile=, not both")
        profile = options
    if context is None:
        return score(hand, win_by=win_by, last_of_wall=last_of_wall, last_copy=last_copy, seat_wind=seat_wind,
                     round_wind=round_wind, flowers=flowers, profile=profile)
    if type(context) is not WinContext:
        raise TypeError(f"context must be a majiang.mcr.WinContext, not {type(context).__name__}")
    keywords = {"win_by": win_by != WinBy.DISCARD, "last_of_wall": last_of_wall is not False,
                "last_copy": last_copy is not False, "seat_wind": seat_wind != "E",
                "round_wind": round_wind != "E", "flowers": flowers != 0 or type(flowers) is not int}
    given = [name for name, differs in keywords.items() if differs]
    if given:
        raise TypeError(f"score takes the win as a WinContext or as keywords, not both: drop "
                        f"{', '.join(given)} or the context")
    return score(hand, win_by=context.win_by, last_of_wall=context.last_of_wall, last_copy=context.last_copy,
                 seat_wind=context.seat_wind, round_wind=context.round_wind, flowers=context.flowers,
                 profile=profile)


def fan_total(
    hand: str | Hand,
    *,
    win_by: str | WinBy = WinBy.DISCARD,
    last_of_wall: bool = False,
    last_copy: bool = False,
    seat_wind: str | Tile = "E",
    round_wind: str | Tile = "E",
    profile: str | Profile = "mil",
) -> int | None:
    """The fans of a win without flowers (``score(...).fan_total``), or ``None`` if it is not a win.

    The fast path for engines, bots and advice that need only the number: nothing else is built. The
    arguments are those of ``score`` (flowers never count toward the fans) and are checked the same way;
    a hand that is not a winning shape gives ``None`` instead of ``InvalidHandError``.

    >>> fan_total("1112345678999m5m", win_by="self-drawn"), fan_total("123m456p789s11sEEC")
    (92, None)
    """
    counted = read_counts(hand) if type(hand) is str else _hand(hand)
    prof = find_profile(profile)
    return _fan_total(counted, _context(counted, win_by, last_of_wall, last_copy, seat_wind, round_wind, 0),
                      prof)


def _hand(hand: str | Hand) -> Hand:
    if type(hand) is Hand:
        return hand
    if isinstance(hand, str):
        return parse_hand(hand)
    if isinstance(hand, Hand):
        return hand
    raise TypeError(f"hand must be notation or a Hand, not {type(hand).__name__}")

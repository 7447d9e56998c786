"""Chinese Official rules (国标麻将, MCR): the fan calculator and its rule profiles.

>>> r = score("[567m,2]123p456s99sCCC")
>>> r.total, [f.name for f in r.fans]
(2, ['箭刻'])
"""

from __future__ import annotations

from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.rules.mcr.calculator import WinContext, calculate
from majiang.rules.mcr.fans import FAN_IDS, FANS, Fan, fan
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
    "WinContext",
    "fan",
    "find_profile",
    "parse_wind",
    "score",
    "win_context",
]

MINIMUM = 8
"""The fewest fans (flowers excluded) a hand must score to be a legal win (8番起和)."""

_WIND_NAMES = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH,
               "东": Tile.EAST, "南": Tile.SOUTH, "西": Tile.WEST, "北": Tile.NORTH,
               "1z": Tile.EAST, "2z": Tile.SOUTH, "3z": Tile.WEST, "4z": Tile.NORTH}


def parse_wind(value: str | Tile, what: str = "wind") -> Tile:
    """A wind from ``E``/``S``/``W``/``N`` in either case (or 东南西北, ``1z``-``4z``, or a wind Tile).

    The text must be exactly the wind: ``" E"`` or ``"E\\n"`` is refused, not stripped, like every other
    value that is not what it says.

    >>> parse_wind("s"), parse_wind("北")
    (<Tile.SOUTH: 28>, <Tile.NORTH: 30>)
    >>> parse_wind(" E", "--seat")
    Traceback (most recent call last):
    ValueError: --seat must be one of E, S, W, N without spaces around it, not ' E'
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
            raise ValueError(f"{what} must be one of E, S, W, N without spaces around it, not {value!r}")
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    raise ValueError(f"{what} must be one of E, S, W, N, not {shown}")


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")
    return value


def win_context(
    hand: Hand,
    *,
    self_drawn: bool = False,
    last_tile: bool = False,
    kong: bool = False,
    wall_last: bool = False,
    seat_wind: str | Tile = "E",
    round_wind: str | Tile = "E",
    flowers: int = 0,
) -> WinContext:
    """Check the win flags against the hand and derive what the hand proves.

    Raises ``InvalidHandError`` for a flag the hand disproves (robbing a kong while holding another
    copy of the tile, 杠上开花 without a kong, 和绝张 while holding another copy) and ``ValueError``
    or ``TypeError`` for malformed values.
    """
    if not (type(self_drawn) is bool and type(last_tile) is bool and type(kong) is bool
            and type(wall_last) is bool):
        for name, v in (("self_drawn", self_drawn), ("last_tile", last_tile), ("kong", kong),
                        ("wall_last", wall_last)):
            _flag(v, name)
    if type(flowers) is not int or not 0 <= flowers <= 8:
        raise ValueError(f"flowers must be an integer from 0 to 8, not {flowers!r}")
    seat = parse_wind(seat_wind, "seat_wind")
    prevalent = parse_wind(round_wind, "round_wind")
    win = hand.last_tile
    if win is None:
        raise InvalidHandError(
            f"{hand.notation()} has no winning tile: a winning hand has 14 tiles (a kong counts as 3)"
        )
    held = hand._all_counts[win] - 1  # other copies of the winning tile in the hand and its melds
    in_melds = hand._all_counts[win] - hand._counts[win]
    if kong and self_drawn and not any(m.is_kong for m in hand.melds):
        raise InvalidHandError("杠上开花 (kong with self_drawn) needs a kong among the melds")
    if kong and not self_drawn:
        if held:
            raise InvalidHandError(
                f"抢杠和: the robbed kong holds the other copies of {win.notation()},"
                f" yet the hand has {held} more"
            )
        if wall_last:
            raise InvalidHandError("抢杠和 (robbing a kong) cannot also be 海底捞月 (the last discard)")
    if last_tile and held > in_melds:
        raise InvalidHandError(
            f"和绝张: the other three {win.notation()} must be visible, but one is among the standing tiles"
        )
    if in_melds == 3:
        last_tile = True  # three copies shown in the winner's own melds: this is the last one
    return WinContext(self_drawn, last_tile, kong, wall_last, seat, prevalent, flowers)


def score(
    hand: str | Hand,
    *,
    self_drawn: bool = False,
    last_tile: bool = False,
    kong: bool = False,
    wall_last: bool = False,
    seat_wind: str | Tile = "E",
    round_wind: str | Tile = "E",
    flowers: int = 0,
    profile: str | Profile = "mil",
) -> ScoreResult:
    """Score a winning hand under Chinese Official rules.

    ``hand`` is notation (the last tile is the winning tile) or a ``Hand``. ``last_tile`` is 和绝张;
    ``kong`` is 杠上开花 when self-drawn, else 抢杠和; ``wall_last`` is 妙手回春 when self-drawn, else
    海底捞月. Raises ``InvalidNotationError`` for unreadable notation and ``InvalidHandError`` for a hand
    that is not a win or flags it disproves.

    >>> r = score("1112345678999m5m", self_drawn=True)
    >>> r.total, r.fans[0].name, r.meets_minimum
    (92, '九莲宝灯', True)
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    elif not isinstance(hand, Hand):
        raise TypeError(f"hand must be notation or a Hand, not {type(hand).__name__}")
    prof = find_profile(profile)
    ctx = win_context(hand, self_drawn=self_drawn, last_tile=last_tile, kong=kong, wall_last=wall_last,
                      seat_wind=seat_wind, round_wind=round_wind, flowers=flowers)
    return calculate(hand, ctx, prof)

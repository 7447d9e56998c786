"""Score our hands with PyMahjongGB (``pip install pymahjonggb``, import name ``MahjongGB``).

PyMahjongGB wraps the C++ Chinese Official calculator of ChineseOfficialMahjongHelper. It is a test
and benchmark dependency only, so it is imported when first needed.

Its conventions, as established by experiment against version 1.4.0 (and its README):

* Tile codes: ``W1``-``W9`` characters (万), ``B1``-``B9`` dots (饼), ``T1``-``T9`` bamboo (条),
  ``F1``-``F4`` the winds East, South, West, North, and ``J1`` red (中), ``J2`` green (发), ``J3`` white
  (白): 23468s plus a pair of ``J2`` scores 绿一色 and ``J1``/``J3`` do not; a reversible hand with a pair
  of ``J3`` scores 推不倒 and ``J1``/``J2`` do not.
* ``pack`` is a tuple of ``(type, tile, offer)`` tuples (lists are refused):

  - ``("CHI", middle tile, offer)``: offer 1-3 is which tile of the chow was claimed, lowest first (our
    ``Meld.claimed``); offer 0 would make PyMahjongGB treat the chow as concealed (it then scores 门前清);
  - ``("PENG", tile, offer)``: offer 1, 2, 3 = claimed from left, across, right; offer 0 would count as a
    concealed pung (暗刻);
  - ``("GANG", tile, offer)``: offer 0 is a concealed kong (scores 暗杠), 1-3 a melded kong (明杠).
    An offer outside 0-3 raises, so an added kong (加杠) is passed as a melded kong from the seat that
    gave the pung; it scores 明杠, as in the rules.

* ``hand`` is the standing tiles without the winning tile (13 - 3 per pack); ``winTile`` is separate.
* ``is4thTile`` is 和绝张. PyMahjongGB clears it when the standing tiles hold another copy of the
  winning tile and sets it when its packs hold three copies.
* ``isAboutKong`` is 杠上开花 when ``isSelfDrawn`` and 抢杠和 otherwise; PyMahjongGB clears it when a
  self-drawn hand has no kong pack, or when a discard win holds another copy of the winning tile.
* ``isWallLast`` is 妙手回春 when ``isSelfDrawn`` and 海底捞月 otherwise.
* ``seatWind`` and ``prevalentWind`` are 0-3 for East, South, West, North (门风刻 / 圈风刻).
* ``flowerCount`` is added to the total and reported as one more fan, ``花牌`` (value 1, counted once
  per flower); it is absent with no flowers. No upper limit is checked.
* With ``verbose=True`` each fan comes as ``(value, count, zh name, en name)``; without it as
  ``(value * count, zh name)``.
* No 8-fan minimum: a hand below 8 fans returns its fans like any other (a hand with no fan at all
  scores 无番和, 8).
* Errors are ``TypeError`` with a code as message: ``ERROR_NOT_WIN`` (not a winning hand),
  ``ERROR_WRONG_TILES_COUNT``, and ``ERROE_WRONG_TILE_CODE``, ``ERROE_WRONG_OFFER_CODE``,
  ``ERROE_WRONG_PACK_CODE`` (sic) for bad input. It does *not* reject more than four copies of a tile
  (fourteen 1m score as 七对; a concealed kong of 1m with a standing 1m scores 四归一 ×255), so inputs
  must be validated first, which :class:`~majiang.hand.Hand` does.

:func:`pymahjonggb_score` turns the ``ERROR_*`` codes into :class:`~majiang.errors.InvalidHandError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from majiang.errors import InvalidHandError, InvalidOptionError, MajiangError
from majiang.hand import WinBy
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr.fans import FANS
from majiang.rules.mcr.generate import WinSample
from majiang.tiles import Tile

__all__ = ["fan_counts", "fan_id", "pack", "pymahjonggb_args", "pymahjonggb_score", "tile_code"]

_CODES: tuple[str, ...] = (
    *(f"W{r}" for r in range(1, 10)),
    *(f"B{r}" for r in range(1, 10)),
    *(f"T{r}" for r in range(1, 10)),
    "F1", "F2", "F3", "F4",
    "J3", "J2", "J1",  # our dragon order is white, green, red
)
_WINDS = "ESWN"
# PyMahjongGB's names that differ from our Chinese names; every other fan it reports has our name.
_RENAMED = {"独听・边张": "edge_wait", "独听・嵌张": "closed_wait", "独听・单钓": "single_wait"}
_FAN_IDS = {**{row.zh: fid for fid, row in FANS.items()}, **_RENAMED}
_HAND_ERRORS = frozenset({"ERROR_NOT_WIN", "ERROR_WRONG_TILES_COUNT", "ERROR_TILE_COUNT_GREATER_THAN_4"})


def tile_code(tile: Tile) -> str:
    """PyMahjongGB's code for a tile.

    >>> tile_code(Tile.P5), tile_code(Tile.S9), tile_code(Tile.NORTH), tile_code(Tile.RED)
    ('B5', 'T9', 'F4', 'J1')
    """
    return _CODES[tile]


def pack(meld: Meld) -> tuple[str, str, int]:
    """PyMahjongGB's ``(type, tile, offer)`` for a declared meld (an added kong as a melded one).

    >>> pack(Meld.parse("[345p,3]")), pack(Meld.parse("[7777s]")), pack(Meld.parse("[EEEE,6]"))
    (('CHI', 'B4', 3), ('GANG', 'T7', 0), ('GANG', 'F1', 2))
    """
    if meld.kind == MeldKind.CHOW:
        assert meld.claimed is not None
        return ("CHI", _CODES[meld.tile + 1], meld.claimed)
    offer = 0 if meld.from_seat is None else int(meld.from_seat)
    return ("PENG" if meld.kind == MeldKind.PUNG else "GANG", _CODES[meld.tile], offer)


def _wind_number(wind: str) -> int:
    if len(wind) != 1 or wind not in _WINDS:
        raise InvalidOptionError(f"a wind is one of E, S, W, N, not {wind!r}")
    return _WINDS.index(wind)


def pymahjonggb_args(sample: WinSample) -> dict[str, Any]:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for a win (without ``verbose``).

    >>> from majiang.hand import Hand
    >>> args = pymahjonggb_args(WinSample(Hand.parse("[123m,2]456p789sEEE CC"), seat_wind="S"))
    >>> args["pack"], args["winTile"], args["seatWind"]
    ((('CHI', 'W2', 2),), 'J1', 1)
    """
    hand = sample.hand
    if hand.winning_tile is None:
        raise InvalidHandError("the hand has no winning tile (its last tile)")
    if not 0 <= sample.flowers <= 8:
        raise InvalidOptionError(f"flowers must be 0-8, not {sample.flowers}")
    return {
        "pack": tuple(pack(m) for m in hand.melds),
        "hand": tuple(_CODES[t] for t in hand.tiles),
        "winTile": _CODES[hand.winning_tile],
        "flowerCount": sample.flowers,
        "isSelfDrawn": sample.win_by.self_drawn,
        "is4thTile": sample.last_copy,
        "isAboutKong": sample.win_by in (WinBy.KONG_REPLACEMENT, WinBy.ROBBING_KONG),
        "isWallLast": sample.last_of_wall,
        "seatWind": _wind_number(sample.seat_wind),
        "prevalentWind": _wind_number(sample.round_wind),
    }


def _calculator() -> Callable[..., Any]:
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError as exc:
        raise ImportError(
            "PyMahjongGB is not installed; it is a test-only dependency: pip install pymahjonggb"
            " (or pip install 'majiang[test]')"
        ) from exc
    calculator: Callable[..., Any] = MahjongFanCalculator
    return calculator


def pymahjonggb_score(sample: WinSample) -> tuple[int, list[tuple[str, int, int]]]:
    """PyMahjongGB's total (flowers included) and its fans as ``(zh name, value, count)``.

    Flowers appear as the fan ``花牌`` (value 1, count = flowers) when there are any. There is no
    8-fan minimum: smaller totals are returned as they are. A hand PyMahjongGB does not accept as a
    win raises :class:`~majiang.errors.InvalidHandError`.

    >>> from majiang.hand import Hand
    >>> pymahjonggb_score(WinSample(Hand.parse("[CCC][FFF,2][PPP,3]123m5p5p")))
    (90, [('大三元', 88, 1), ('缺一门', 1, 1), ('独听・单钓', 1, 1)])
    """
    calculate = _calculator()
    try:
        raw = calculate(**pymahjonggb_args(sample), verbose=True)
    except TypeError as exc:
        if str(exc) in _HAND_ERRORS:
            raise InvalidHandError(f"PyMahjongGB: {exc} for {sample.hand.notation()}") from exc
        raise
    fans = [(str(name), int(value), int(count)) for value, count, name, _en in raw]
    return sum(value * count for _, value, count in fans), fans


def fan_id(name: str) -> str:
    """Our fan id for a fan PyMahjongGB reports by its Chinese name (花牌 is ``flower_tiles``).

    >>> fan_id("清龙"), fan_id("独听・嵌张"), fan_id("花牌")
    ('pure_straight', 'closed_wait', 'flower_tiles')
    """
    try:
        return str(_FAN_IDS[name])  # the plain id, as PyMahjongGB comparisons print it
    except KeyError:
        raise MajiangError(f"PyMahjongGB fan {name!r} has no counterpart in majiang's fan table") from None


def fan_counts(fans: list[tuple[str, int, int]]) -> dict[str, int]:
    """PyMahjongGB's fans, as :func:`pymahjonggb_score` gives them, as our fan ids and their counts.

    A fan whose value differs from ours under ``mil`` raises ``ValueError``: a list that maps but
    scores differently is not the same list.

    >>> fan_counts([("一般高", 1, 2), ("独听・单钓", 1, 1)])
    {'pure_double_chow': 2, 'single_wait': 1}
    """
    out: dict[str, int] = {}
    for name, value, count in fans:
        fid = fan_id(name)
        if value != FANS[fid].value:
            raise MajiangError(f"PyMahjongGB values {name} at {value}, majiang ({fid}) at {FANS[fid].value}")
        out[fid] = out.get(fid, 0) + count
    return out

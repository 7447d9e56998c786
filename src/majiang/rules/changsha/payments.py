"""Who pays what in Changsha mahjong (seed 004): the price table as data, then birds (扎鸟).

Amounts are points ("分"). Every function returns the four seats' changes (``Deltas``, seats 0-3 in turn
order), the winner's positive, the payers' negative, summing to zero.

>>> win_payments(PayCase.SMALL_SELF_DRAWN, 1, winner=1, dealer=0)   # 闲家自摸: 庄家给两分,闲家给一分
(-2, 4, -1, -1)
>>> with_birds((-2, 4, -1, -1), winner=1, giver=None, birds=[2])  # the bird on seat 2: it pays double
(-2, 5, -2, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from majiang.errors import InvalidHandError
from majiang.rules.changsha.options import Options
from majiang.tiles import Tile

if TYPE_CHECKING:
    from majiang.rules.changsha.fans import OpeningWin

__all__ = ["PRICES", "Deltas", "PayCase", "Price", "bird_seat", "bird_tiles", "check_seat",
           "opening_payments", "win_payments", "with_birds"]

Deltas = tuple[int, int, int, int]
"""The score changes of seats 0-3; they sum to zero."""


class PayCase(StrEnum):
    """How a win is paid: by its category and where the winning tile came from."""

    SMALL_SELF_DRAWN = "small-self-drawn"
    BIG_SELF_DRAWN = "big-self-drawn"
    SMALL_DISCARD = "small-discard"
    BIG_DISCARD = "big-discard"
    ROBBING_KONG = "robbing-kong"
    SEABED = "seabed"


@dataclass(frozen=True, slots=True)
class Price:
    """What one payer pays for one win: ``dealer`` when the dealer wins or pays, else ``plain``.

    ``self_drawn`` prices are paid by all three others; the rest by one seat (点炮者, the konger robbed,
    or the seat that took the last tile in 海底漫游).
    """

    case: PayCase
    zh: str
    plain: int
    dealer: int
    self_drawn: bool
    source: str


PRICES: dict[PayCase, Price] = {row.case: row for row in (
    Price(PayCase.SMALL_SELF_DRAWN, "小胡自摸", 1, 2, True,
          "庄家自摸,闲家每人给两分; 闲家自摸,庄家给两分,闲家给一分"),
    Price(PayCase.BIG_SELF_DRAWN, "大胡自摸", 3, 4, True,
          "庄家自摸,闲家每人给四分; 闲家自摸,庄家给四分,闲家给三分; 天胡:每人给庄家四分"),
    Price(PayCase.SMALL_DISCARD, "平胡点炮", 1, 2, False, "平胡:庄家给两分,闲家一分。（点炮:只一人给分"),
    Price(PayCase.BIG_DISCARD, "大胡点炮", 6, 7, False, "大胡:庄家给七分,闲家六分; 地胡:庄家给七分"),
    Price(PayCase.ROBBING_KONG, "抢杠胡", 10, 12, False, "抢杠胡…庄家给十二分,闲家给十分"),
    Price(PayCase.SEABED, "海底漫游", 10, 12, False,
          "甲玩家要了海底,而又不能胡牌…如果甲玩家为庄家,给十二分;为闲家,给十分"),
)}
"""Seed 004's figures: a dealer's figure is the others' plus one ("庄家比闲家多算一分"), the seed's own
two for 抢杠 and 海底."""


def check_seat(name: str, value: object) -> int:
    """``value`` if it is a seat, 0 to 3; ``TypeError`` for a non-int, ``InvalidHandError`` out of range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a seat number 0-3, not {value!r}")
    if not 0 <= value <= 3:
        raise InvalidHandError(f"{name} must be a seat 0-3, not {value}")
    return value


def win_payments(case: PayCase, times: int, winner: int, dealer: int, payer: int | None = None,
                 options: Options | None = None) -> Deltas:
    """What each seat gains for a win paid ``times`` over (the number of big wins, 1 for a small win).

    ``payer`` is the one seat that pays a non-self-drawn case; every other seat pays a self-drawn one.

    >>> win_payments(PayCase.BIG_DISCARD, 2, winner=3, dealer=0, payer=0)   # 清一色碰碰胡, the dealer fed it
    (-14, 0, 0, 14)
    """
    options = options or Options()
    check_seat("winner", winner)
    check_seat("dealer", dealer)
    if isinstance(times, bool) or not isinstance(times, int) or times < 1:
        raise InvalidHandError(f"a win is paid at least once, not times={times!r}")
    price = PRICES[PayCase(case)]
    if price.self_drawn:
        if payer is not None:
            raise InvalidHandError(f"{price.zh} is paid by every other seat, not by seat {payer}")
        payers = [s for s in range(4) if s != winner]
    else:
        if payer is None:
            raise InvalidHandError(f"{price.zh} is paid by one seat: give the payer")
        if check_seat("payer", payer) == winner:
            raise InvalidHandError(f"the winner (seat {winner}) cannot pay its own win")
        payers = [payer]
    deltas = [0, 0, 0, 0]
    for seat in payers:
        dealer_in = options.dealer_more and dealer in (seat, winner)
        amount = (price.dealer if dealer_in else price.plain) * times
        deltas[seat] -= amount
        deltas[winner] += amount
    return _deltas(deltas)


def opening_payments(seat: int, dealer: int, wins: Sequence[OpeningWin],
                     options: Options | None = None) -> Deltas:
    """What each seat gains for ``seat``'s opening wins (起手小胡), each paid as a small self-drawn win.

    >>> from majiang.rules.changsha.scoring import opening_wins
    >>> counts = [0] * 34
    >>> for k in (0, 0, 0, 0, 2, 3, 5, 6, 9, 11, 12, 14, 15): counts[k] += 1   # 1111m3467m13467p: no 2/5/8
    >>> [w.win.zh for w in opening_wins(counts)]
    ['四喜', '板板胡', '缺一色']
    >>> opening_payments(2, 0, opening_wins(counts))
    (-6, -3, 12, -3)
    """
    options = options or Options()
    check_seat("seat", seat)
    check_seat("dealer", dealer)
    times = len(wins) if options.opening_count == "each" else min(len(wins), 1)
    if times == 0:
        return (0, 0, 0, 0)
    return win_payments(PayCase.SMALL_SELF_DRAWN, times, seat, dealer, options=options)


def bird_seat(tile: Tile | int, dealer: int) -> int:
    """The seat a bird lands on: its rank counted from the dealer (1 the dealer, 2 下家, 3 对家, 4 上家,
    5 the dealer again...).

    >>> [bird_seat(Tile.parse(t), dealer=1) for t in ("1m", "2p", "3s", "4m", "5m", "9s")]
    [1, 2, 3, 0, 1, 1]
    """
    if isinstance(tile, bool) or not isinstance(tile, int):
        raise TypeError(f"a bird is a Tile or a tile code 0-26, not {tile!r}")
    kind = Tile(tile)
    if not kind.is_numbered:
        raise InvalidHandError(f"Changsha plays the 108 suited tiles: {kind.notation()} cannot be a bird")
    return (check_seat("dealer", dealer) + kind.rank - 1) % 4


def bird_tiles(next_tiles: Sequence[Tile | int], options: Options | None = None, *,
               seabed: Tile | int | None = None) -> tuple[Tile, ...]:
    """The birds of a win: the next ``options.birds`` tiles of the wall (those left, if fewer); on a 海底
    win the last tile itself, once ("如果海底胡,即以海底为牌为鸟").

    >>> [t.notation() for t in bird_tiles([Tile.M3, Tile.P7], Options(birds=2))]
    ['3m', '7p']
    >>> bird_tiles([], seabed=Tile.S5)
    (<Tile.S5: 22>,)
    """
    options = options or Options()
    if options.birds == 0:
        return ()
    chosen = [seabed] if seabed is not None else list(next_tiles[:options.birds])
    for t in chosen:
        if isinstance(t, bool) or not isinstance(t, int):
            raise TypeError(f"a bird is a Tile or a tile code 0-26, not {t!r}")
    return tuple(Tile(t) for t in chosen)


def with_birds(payments: Sequence[int], winner: int, giver: int | None, birds: Sequence[int],
               options: Options | None = None) -> Deltas:
    """A win's payments after its birds (seats, from ``bird_seat``), one win at a time.

    On a discard (``giver``, the one seat that pays: 点炮者, the konger robbed, the 海底 taker) each bird on
    the winner or the giver makes the giver pay once more. On a self-draw (``giver=None``) a bird on the
    winner makes everyone pay once more, a bird on another seat that seat only. With ``bird_mode="double"``
    each hit doubles instead.

    >>> with_birds((0, 7, -7, 0), winner=1, giver=2, birds=[1])
    (0, 14, -14, 0)
    >>> with_birds((0, 7, -7, 0), winner=1, giver=2, birds=[3])
    (0, 7, -7, 0)
    """
    options = options or Options()
    if isinstance(payments, str) or len(payments) != 4 or any(
            isinstance(p, bool) or not isinstance(p, int) for p in payments):
        raise TypeError(f"payments are four ints, one a seat, not {payments!r}")
    check_seat("winner", winner)
    seats = [check_seat("bird", b) for b in birds]
    others = [p for s, p in enumerate(payments) if s != winner]
    if sum(payments) != 0 or payments[winner] < 0 or any(p > 0 for p in others):
        raise InvalidHandError(f"{tuple(payments)} are not one win's payments to seat {winner}: the winner "
                               "gains what the others pay")
    if giver is not None and (check_seat("giver", giver) == winner or any(
            p for s, p in enumerate(payments) if s not in (winner, giver))):
        raise InvalidHandError(f"on a discard only the giver pays; {tuple(payments)} with giver {giver}")
    deltas = [0, 0, 0, 0]
    for seat, paid in enumerate(payments):
        if seat == winner:
            continue
        if giver is None:
            hits = seats.count(winner) + seats.count(seat)
        else:
            hits = seats.count(winner) + seats.count(giver)
        factor = 1 + hits if options.bird_mode == "add" else 1 << hits
        deltas[seat] = paid * factor
        deltas[winner] -= paid * factor
    return _deltas(deltas)


def _deltas(values: list[int]) -> Deltas:
    return values[0], values[1], values[2], values[3]

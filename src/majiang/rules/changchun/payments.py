"""Who pays what in Changchun mahjong (seed 001): a win's points, and kong money settled apart.

Amounts are points; every function returns the four seats' changes (``Deltas``, seats 0-3 in turn order),
summing to zero. A win on a discard is paid by the discarder alone ("只有放炮家输分，且放炮家不包分"); a
self-drawn win by all three ("三家都要输分"). Kong money is "另外结算，不随庄走": each kong the stake
times its worth (明杠、幺九蛋、旋风杠和喜杠 1, 暗杠 2; 大蛋 2 exposed, 4 concealed), also on a drawn hand.

>>> win_payments(3, winner=1, payer=None)          # self-drawn: 3 points from each other seat
(-3, 9, -3, -3)
>>> kong_payments([[Meld.parse("[ESWN,x]")], [], [Meld.parse("[5555m]")], []])
(1, -3, 5, -3)
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.errors import InvalidHandError
from majiang.meld import Meld, MeldKind
from majiang.rules.changchun.fans import SpecialKongId, special_kong_of
from majiang.rules.changchun.options import Options
from majiang.tiles import Tile

__all__ = ["BIG_EGG_KINDS", "Deltas", "check_seat", "fan_points", "is_big_egg", "kong_payments", "kong_worth",
           "special_kong_id", "win_payments"]

Deltas = tuple[int, int, int, int]
"""The score changes of seats 0-3; they sum to zero."""

BIG_EGG_KINDS: dict[str, frozenset[int]] = {
    "listed": frozenset({Tile.S1, Tile.P1, Tile.RED, Tile.GREEN, Tile.WHITE}),
    "with-1m": frozenset({Tile.S1, Tile.P1, Tile.M1, Tile.RED, Tile.GREEN, Tile.WHITE}),
    "off": frozenset(),
}
"""大蛋's kinds by the ``big_egg`` option: "四个幺鸡、幺饼、红中、发财、白板的杠牌" as listed, with 1m, or
none."""


def check_seat(name: str, value: object) -> int:
    """``value`` if it is a seat, 0 to 3; ``TypeError`` for a non-int, ``InvalidHandError`` out of range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be a seat number 0-3, not {value!r}")
    if not 0 <= value <= 3:
        raise InvalidHandError(f"{name} must be a seat 0-3, not {value}")
    return value


def fan_points(fans: int, options: Options | None = None) -> int:
    """What one payer pays for a win of ``fans`` 番: ``add``: 番 × stake; ``double``: the stake doubled for
    each 番 past the first.

    >>> fan_points(4), fan_points(4, Options(points="double", stake=2))
    (4, 16)
    """
    options = options or Options()
    if fans < 1:
        raise InvalidHandError(f"a win counts at least 1 番 (平胡), not {fans}")
    return options.stake * (fans if options.points == "add" else 1 << (fans - 1))


def win_payments(points: int, winner: int, payer: int | None) -> Deltas:
    """Each seat's change for a win of ``points`` per payer: ``payer`` alone (a discard), or all three
    (``None``: self-drawn)."""
    check_seat("winner", winner)
    deltas = [0, 0, 0, 0]
    payers = [s for s in range(4) if s != winner] if payer is None else [check_seat("payer", payer)]
    if winner in payers:
        raise InvalidHandError(f"the winner (seat {winner}) does not pay itself")
    for s in payers:
        deltas[s] -= points
        deltas[winner] += points
    return deltas[0], deltas[1], deltas[2], deltas[3]


def is_big_egg(meld: Meld, options: Options | None = None) -> bool:
    """Whether ``meld`` is a 大蛋: a kong of four alike of the kinds the ``big_egg`` option names."""
    options = options or Options()
    return meld.kind is MeldKind.KONG and int(meld.tile) in BIG_EGG_KINDS[options.big_egg]


def kong_worth(meld: Meld, options: Options | None = None) -> int:
    """What each payer pays for ``meld``'s kong money, in stakes (0: no kong).

    A concealed kong 2, an exposed one 1 (大蛋: 4 and 2); a special kong 1 for being laid and 1 for each
    tile added later ("每补一张风牌多算一个明杠").

    >>> [kong_worth(Meld.parse(m)) for m in ("[ESWNE,x]", "[1m1p1p1s,x]", "[CCCC]")]
    [2, 2, 4]
    """
    options = options or Options()
    if meld.kind is MeldKind.MIXED:
        kong = special_kong_of({int(t) for t in meld.mixed})
        if kong is None:
            raise InvalidHandError(f"{meld.notation()} is no special kong (旋风杠, 喜杠, 幺蛋, 九蛋)")
        return 1 + len(meld.mixed) - len(kong.kinds)
    if meld.kind is not MeldKind.KONG:
        return 0
    concealed = meld.is_concealed_kong
    if is_big_egg(meld, options):
        return 4 if concealed else 2
    return 2 if concealed else 1


def kong_payments(melds: Sequence[Sequence[Meld]], options: Options | None = None) -> Deltas:
    """The kong money of a hand, from each seat's melds (seats 0-3): each kong paid by every other seat,
    or (``kong_payers="discarder"``) a kong on a discard by its discarder alone for all three."""
    options = options or Options()
    if len(melds) != 4:
        raise InvalidHandError(f"kong money is settled among four seats, not {len(melds)}")
    deltas = [0, 0, 0, 0]
    for seat, seat_melds in enumerate(melds):
        for meld in seat_melds:
            worth = kong_worth(meld, options) * options.stake
            if not worth:
                continue
            if options.kong_payers == "discarder" and meld.kind is MeldKind.KONG and not meld.added \
                    and meld.from_seat is not None:
                payer = meld.from_seat.seat_of(seat)
                deltas[payer] -= 3 * worth
                deltas[seat] += 3 * worth
                continue
            for other in range(4):
                if other != seat:
                    deltas[other] -= worth
                    deltas[seat] += worth
    return deltas[0], deltas[1], deltas[2], deltas[3]


def special_kong_id(meld: Meld) -> SpecialKongId | None:
    """Which special kong a mixed meld is (None for any other meld, or mixed tiles that are none)."""
    if meld.kind is not MeldKind.MIXED:
        return None
    kong = special_kong_of({int(t) for t in meld.mixed})
    return None if kong is None else kong.id


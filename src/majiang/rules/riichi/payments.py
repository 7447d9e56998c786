"""Who pays what in riichi, apart from the hooks that pay it: a win with a liable player (pao), and the
final points of a match (uma, oka, the sticks left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from majiang.rules.riichi import RiichiResult

__all__ = ["STICK", "final_points", "pao_deltas", "payment_without_honba", "placing_order"]

STICK = 1000
"""A riichi stick (供託)."""


def pao_deltas(result: RiichiResult, seat: int, giver: int | None, liable: int, covered: int, honba: int,
               dealer: int) -> list[int]:
    """The score changes of a win with a liable player (pao) who did not deal it in: by tsumo it pays the
    covered yakuman as if it had dealt it in (and the honba when it covers the whole hand), by ron it pays
    half of that and the honba (Tenhou); the rest is paid as usual."""
    from majiang.rules.riichi import payment

    unit = 6 if result.dealer else 4
    share = 8000 * covered * unit
    deltas = [0, 0, 0, 0]
    if giver is None:
        rest = result.base - 8000 * covered
        if rest <= 0:
            deltas[liable] -= share + 300 * honba
        else:
            deltas[liable] -= share
            pay = payment(rest, dealer=result.dealer, tsumo=True, honba=honba)
            for s in range(4):
                if s != seat:
                    deltas[s] -= pay.dealer if s == dealer else pay.others
    else:
        deltas[liable] -= share // 2 + 300 * honba
        deltas[giver] -= result.base * unit - share // 2
    deltas[seat] = -sum(deltas)
    return deltas


def payment_without_honba(result: RiichiResult) -> Any:
    """What a win pays without its honba (the liable player's share is paid apart)."""
    from majiang.rules.riichi import payment

    return payment(result.base, dealer=result.dealer, tsumo=result.tsumo, honba=0)


def placing_order(totals: list[int]) -> list[int]:
    """Players from first to last by points, ties to the earlier seat of the first hand."""
    return sorted(range(len(totals)), key=lambda p: (-totals[p], p))


def _whole(points: int, returned: int, half: str) -> float:
    """A player's points less ``returned``, in whole thousands: the points rounded five hundred away from
    zero (``half="up"``, Tenhou: 37,500 is 38 thousand), or the difference rounded five hundred toward
    zero (``"return"``, 五捨六入: 37,500 is 7 over 30,000)."""
    if half == "up":
        size = (abs(points) + 500) // 1000
        return (size if points >= 0 else -size) - returned / 1000
    diff = points - returned
    size = abs(diff) // 1000 + (1 if abs(diff) % 1000 >= 600 else 0)
    return float(size if diff >= 0 else -size)


def final_points(totals: list[int], sticks: int, uma: tuple[int, int, int, int], returned: int,
                 start: int, whole: bool = False, half: str = "up") -> tuple[float, float, float, float]:
    """Each player's final points in thousands: (points − ``returned``)/1000, plus uma by place, plus oka
    (4 × (``returned`` − ``start``)) and the sticks left on the table to first place.

    With ``whole``, second to fourth place are rounded to whole thousands (``half``: how five hundred
    rounds, see ``_whole``) and first place gets what keeps the sum at zero (Tenhou's ``owari``):

    >>> final_points([42000, 28000, 20000, 10000], 0, (20, 10, -10, -20), 30000, 25000)
    (52.0, 8.0, -20.0, -40.0)
    >>> final_points([30900, 46300, 26400, -3600], 0, (20, 10, -10, -20), 30000, 25000, whole=True)
    (11.0, 57.0, -14.0, -54.0)
    >>> final_points([47300, 37500, 22500, -7300], 0, (20, 10, -10, -20), 30000, 25000, whole=True)
    (56.0, 18.0, -17.0, -57.0)
    >>> final_points([47300, 37500, 22500, -7300], 0, (20, 10, -10, -20), 30000, 25000, True, "return")
    (57.0, 17.0, -17.0, -57.0)
    """
    order = placing_order(totals)
    out = [0.0, 0.0, 0.0, 0.0]
    if whole:
        for place, p in enumerate(order[1:], 1):
            out[p] = round(_whole(totals[p], returned, half) + uma[place], 1)
        out[order[0]] = -sum(out)
        return (out[0], out[1], out[2], out[3])
    for place, p in enumerate(order):
        points = totals[p] + (sticks * STICK if place == 0 else 0)
        value = (points - returned) / 1000 + uma[place]
        if place == 0:
            value += 4 * (returned - start) / 1000
        out[p] = round(value, 1)
    return (out[0], out[1], out[2], out[3])

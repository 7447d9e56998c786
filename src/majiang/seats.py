"""Where another seat sits as one player sees the table: left (上家), across (对家), right (下家).

Seats are 0-3 in turn order, so the player after you (your right, 下家) is the next seat and the
player before you (your left, 上家) the previous one.

>>> RelativeSeat.between(0, 3)
<RelativeSeat.LEFT: 1>
>>> RelativeSeat.ACROSS.seat_of(1), RelativeSeat.RIGHT.zh
(3, '下家')
"""

from __future__ import annotations

from enum import IntEnum

from majiang.errors import InvalidOptionError

__all__ = ["RelativeSeat"]


def _check_seat(seat: int, what: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidOptionError(f"{what} must be a seat 0-3, not {seat!r}")


class RelativeSeat(IntEnum):
    """Another seat as seen from one's own; the values are the notation's meld digits (``[555p,2]``)."""

    LEFT = 1
    """上家: the player before you, who discards just before you (the only one you may chow from)."""
    ACROSS = 2
    """对家: the player across the table."""
    RIGHT = 3
    """下家: the player after you."""

    @classmethod
    def between(cls, claimer: int, giver: int) -> RelativeSeat:
        """Where seat ``giver`` sits as seat ``claimer`` sees it.

        >>> RelativeSeat.between(2, 1), RelativeSeat.between(2, 0), RelativeSeat.between(2, 3)
        (<RelativeSeat.LEFT: 1>, <RelativeSeat.ACROSS: 2>, <RelativeSeat.RIGHT: 3>)
        """
        _check_seat(claimer, "claimer")
        _check_seat(giver, "giver")
        if claimer == giver:
            raise InvalidOptionError(f"seat {claimer} is not another seat of its own")
        return cls(4 - (giver - claimer) % 4)

    def seat_of(self, claimer: int) -> int:
        """The absolute seat that is this relative seat of ``claimer``.

        >>> RelativeSeat.LEFT.seat_of(0), RelativeSeat.RIGHT.seat_of(3)
        (3, 0)
        """
        _check_seat(claimer, "claimer")
        return (claimer - self) % 4

    @property
    def en(self) -> str:
        """The English name: ``left``, ``across`` or ``right``."""
        return self.name.lower()

    @property
    def zh(self) -> str:
        """The Chinese name: 上家, 对家 or 下家."""
        return _ZH[self]


_ZH = {RelativeSeat.LEFT: "上家", RelativeSeat.ACROSS: "对家", RelativeSeat.RIGHT: "下家"}

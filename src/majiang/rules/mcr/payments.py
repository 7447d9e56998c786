"""What a Chinese Official win pays (seeds 000 and 003: 8 + fans, 保底 8 分) and what a false win costs."""

from __future__ import annotations

__all__ = ["BASE_POINTS", "FALSE_WIN_AWARD", "FALSE_WIN_PENALTY", "win_payments"]

BASE_POINTS = 8
"""What every loser pays the winner at least (保底 8 分)."""
FALSE_WIN_PENALTY = 30
"""What a false win 错和 costs the offender."""
FALSE_WIN_AWARD = 10
"""What each other player gets from a false win 错和."""


def win_payments(winner: int, discarder: int | None, fan: int, base_points: int = BASE_POINTS
                 ) -> tuple[int, int, int, int]:
    """The four players' changes for a win: self-drawn (``discarder`` None), each other player pays
    base + fan; on a discard, the discarder pays base + fan and the other two pay base.

    >>> win_payments(0, None, 8)
    (48, -16, -16, -16)
    >>> win_payments(2, 3, 10)
    (-8, -8, 34, -18)
    """
    deltas = [0, 0, 0, 0]
    for other in range(4):
        if other != winner:
            amount = base_points + fan if discarder is None or other == discarder else base_points
            deltas[other] -= amount
            deltas[winner] += amount
    return (deltas[0], deltas[1], deltas[2], deltas[3])

"""The riichi wall's layout: where the dead wall's dora indicators lie, and which kinds have red fives."""

from __future__ import annotations

__all__ = ["DEAD_WALL", "FIVES"]

FIVES = (4, 13, 22)
"""The kinds with red copies: 5m, 5p, 5s."""
DEAD_WALL = 14
"""The dead wall (王牌): dora indicators and the replacement tiles."""


def _indicator_place(size: int, k: int) -> int:
    """Where the ``k``-th dora indicator lies in the wall (the ura indicator is the next place): the dead
    wall is the last 14 tiles, the replacement tiles its last four."""
    return size - 6 - 2 * k

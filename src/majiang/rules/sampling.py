"""Hands drawn at random for the search bot's samples (a ruleset's ``rebuild``): shared by the rulesets
that deal a seat a hand of a given shape from the tiles it could hold."""

from __future__ import annotations

import random
from collections.abc import Sequence

__all__ = ["draw_complete"]


def draw_complete(avail: Sequence[int], kinds: Sequence[int], sets: int, share: float,
                  rng: random.Random) -> list[int] | None:
    """Counts of a pair and ``sets`` sets drawn at random from ``avail`` (counts) among ``kinds``: each set
    a sequence with chance ``share`` where one can be made (suited kinds only), else a triplet; None if
    ``avail`` runs out of either."""
    take = [0] * 34
    pairs = [k for k in kinds if avail[k] >= 2]
    if not pairs:
        return None
    take[rng.choice(pairs)] = 2
    for _ in range(sets):
        runs = [k for k in kinds if k < 27 and k % 9 < 7 and avail[k] > take[k] and avail[k + 1] > take[k + 1]
                and avail[k + 2] > take[k + 2]]
        trios = [k for k in kinds if avail[k] - take[k] >= 3]
        if runs and (not trios or rng.random() < share):
            k = rng.choice(runs)
            take[k] += 1
            take[k + 1] += 1
            take[k + 2] += 1
        elif trios:
            take[rng.choice(trios)] += 3
        else:
            return None
    return take

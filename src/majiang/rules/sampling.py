"""Hands drawn at random for the search bot's samples (a ruleset's ``rebuild``): shared by the rulesets
that deal a seat a hand of a given shape from the tiles it could hold."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from majiang.game._protocol import Table

__all__ = ["draw_complete", "pooled", "shape_hands"]

SHAPE_START = 5
"""The shanten a shaped hand is dealt at most before its seat has let anything go (``shape_hands``)."""
SHAPE_PACE = 2
"""Tiles a seat lets go per step closer to ready in the samples."""
SHAPE_TRIES = 8
"""Complete hands tried for (``draw_complete`` draws its sets at random and may run out of tiles)."""


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


def pooled(game: Table[Any, Any], seats: Sequence[int], places: Sequence[int]) -> list[int]:
    """Counts of the tiles in ``seats``' hands and at the wall's ``places``: what a sample deals again."""
    wall = game.wall
    avail = [0] * 34
    for p in places:
        avail[wall[p]] += 1
    for o in seats:
        for k, n in enumerate(game.counts[o]):
            avail[k] += n
    return avail


def shape_hands(game: Table[Any, Any], seats: list[int], places: Sequence[int], kinds: Sequence[int],
                share: float, rng: random.Random) -> None:
    """Deal ``seats`` (in random order) hands at most ``SHAPE_START`` less a step per ``SHAPE_PACE`` of
    each one's discards from ready, from their tiles and those at the wall's ``places``: a complete hand
    of ``kinds`` drawn at random (``draw_complete``, sequences with chance ``share``), less a tile for each
    step and one more, plus as many at random (where no complete hand is left to draw, tiles at random);
    the tiles left go back to ``places`` at random. Each seat's hand keeps its size, 13 less 3 a meld.

    Real hands are players' choices and come closer to ready as the hand goes on; dealt uniformly they stay
    three or four tiles from ready to the end, and a searching seat's playouts win far more often than it
    does (docs/bots.md)."""
    wall = game.wall
    avail = pooled(game, seats, places)
    rng.shuffle(seats)
    for o in seats:
        size = sum(game.counts[o])
        hand = None
        for _ in range(SHAPE_TRIES):
            hand = draw_complete(avail, kinds, 4 - len(game.melds[o]), share, rng)
            if hand is not None:
                break
        if hand is None:
            hand = [0] * 34
            extra = size
        else:
            # No more steps than the hand holds tiles (four melds: a pair, less one and a step at most).
            extra = min(size, max(0, SHAPE_START - len(game.discards[o]) // SHAPE_PACE))
            tiles = [k for k in range(34) for _ in range(hand[k])]
            for k in rng.sample(tiles, extra + 1):
                hand[k] -= 1
        spare = [k for k in range(34) for _ in range(avail[k] - hand[k])]
        for k in rng.sample(spare, extra):
            hand[k] += 1
        for k in range(34):
            avail[k] -= hand[k]
        game.counts[o][:] = hand
        game.recount(o)
    rest = [k for k in range(34) for _ in range(avail[k])]
    rng.shuffle(rest)
    for p, kind in zip(places, rest, strict=True):
        wall[p] = kind

"""The tile-efficiency bot: fewest tiles from ready, then the most live effective tiles; fans ignored.

It wins whenever a win is legal, discards to minimise shanten and then maximise live effective tiles
(live: four less the copies in sight), claims a discard only when that lowers shanten or keeps it with
more live effective tiles after the best discard, and makes a concealed or added kong when it does
not raise shanten. It never looks at fans, so under the 8-fan minimum it often sits ready on a hand
that cannot legally win: the baseline the fan-aware bot is measured against.

>>> from majiang.bots import play_out
>>> from majiang.game import Game
>>> g = Game(seed=5)
>>> play_out(g, [EfficiencyBot(seed=s) for s in range(4)]) > 0 and g.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from majiang.actions import Action, ActionKind
from majiang.analysis.shanten import shanten_and_effective, shanten_counts
from majiang.bots.common import (
    PASS,
    PREFERENCE,
    WIN,
    after_claim,
    hand_counts,
    own_melds,
    seen_counts,
)
from majiang.game.table import Phase, View
from majiang.seats import RelativeSeat

__all__ = ["EfficiencyBot", "best_discard"]



def _live(kinds: Sequence[int], seen: Sequence[int]) -> int:
    return sum(4 - seen[t] for t in kinds if seen[t] < 4)


def best_discard(counts: list[int], melds: int, seen: Sequence[int], choices: Sequence[int],
                 rng: random.Random | None = None) -> tuple[int, int, int]:
    """The discard among ``choices`` leaving the lowest shanten, then the most live effective tiles.

    Returns ``(tile, shanten, live)``; exact ties go to honors, then terminals, then (with ``rng``)
    a random one of the rest.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> c = counts_of(parse_tiles("123456789m1234pE"))
    >>> best_discard(c, 0, c, [t for t in range(34) if c[t]])
    (27, 0, 6)
    """
    ranked: list[tuple[int, int, int, int]] = []
    for d in choices:
        counts[d] -= 1
        value, effective = shanten_and_effective(counts, melds)
        counts[d] += 1
        ranked.append((value, -_live(effective, seen), PREFERENCE[d], d))
    ranked.sort()
    top = [r for r in ranked if r[:3] == ranked[0][:3]]
    pick = top[0] if rng is None or len(top) == 1 else rng.choice(top)
    return pick[3], pick[0], -pick[1]


class EfficiencyBot:
    """Tile efficiency only (牌效率): see the module docstring."""

    name = "efficiency"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        legal = view.legal
        if WIN in legal:
            return WIN
        if view.phase == Phase.TURN:
            return self._turn(view)
        return self._claim(view)

    def _turn(self, view: View) -> Action:
        legal = view.legal
        counts = hand_counts(view)
        seen = seen_counts(view)
        melds = len(own_melds(view))
        choices = sorted({int(a.tile) for a in legal if a.kind == ActionKind.DISCARD and a.tile is not None})
        tile, value, _ = best_discard(counts, melds, seen, choices, self.rng)
        for a in legal:
            if a.tile is None or a.kind not in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                continue
            t = int(a.tile)
            if a.kind == ActionKind.CONCEALED_KONG:
                counts[t] -= 4
                after = shanten_counts(counts, melds + 1)
                counts[t] += 4
            else:
                counts[t] -= 1
                after = shanten_counts(counts, melds)
                counts[t] += 1
            if after <= value:
                return a
        return next(a for a in legal if a.kind == ActionKind.DISCARD and a.tile == tile)

    def _claim(self, view: View) -> Action:
        legal = view.legal
        if view.last_discard is None or len(legal) == 1:
            return PASS if PASS in legal else legal[0]
        giver, tile = view.last_discard
        counts = hand_counts(view)
        seen = seen_counts(view)
        melds = len(own_melds(view))
        value, effective = shanten_and_effective(counts, melds)
        best: tuple[int, int] = (value, -_live(effective, seen))
        choice = PASS
        for a in legal:
            if a.kind not in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG):
                continue
            after, _ = after_claim(counts, a, int(tile), RelativeSeat.between(view.seat, giver))
            if a.kind == ActionKind.KONG:
                v, eff = shanten_and_effective(after, melds + 1)
                key = (v, -_live(eff, seen))
            else:
                choices = [t for t in range(34) if after[t]]
                _, v, live = best_discard(after, melds + 1, seen, choices)
                key = (v, -live)
            if key < best:
                best, choice = key, a
        return choice if choice in legal else PASS

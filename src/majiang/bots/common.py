"""What the bots read off a view: tile counts, the copies in sight, and the standard actions.

>>> from majiang.game import Game
>>> v = Game(seed=3).view(0)
>>> sum(hand_counts(v)), sum(seen_counts(v)) >= 14
(14, True)
"""

from __future__ import annotations

from majiang.actions import Action, ActionKind
from majiang.game.ruleset import CHINESE_EFFICIENCY, Efficiency
from majiang.game.table import View
from majiang.meld import Meld
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES

__all__ = ["PASS", "PREFERENCE", "WIN", "after_claim", "efficiency_of", "hand_counts", "own_melds",
           "seen_counts"]

WIN = Action(ActionKind.WIN)
PASS = Action(ActionKind.PASS)
PREFERENCE = tuple(0 if t >= 27 else 1 if t % 9 in (0, 8) else 2 if t % 9 in (1, 7) else 3
                   for t in range(34))
"""Order to let tiles go among equally good discards: honors, terminals, 2s and 8s, the rest."""


def hand_counts(view: View) -> list[int]:
    """Copies of each kind among the seat's standing tiles (the drawn tile included)."""
    counts = [0] * 34
    for t in view.standing:
        counts[t] += 1
    return counts


def own_melds(view: View) -> tuple[Meld, ...]:
    """The seat's declared melds, its concealed kongs included."""
    return view.melds[view.seat]


def seen_counts(view: View) -> list[int]:
    """Copies of each kind the seat can see: its own tiles and melds, others' shown melds, all discards,
    and the winning tiles laid aside where play goes on after a win.

    The discard being claimed is still among its giver's discards, so it counts as seen.
    """
    seen = hand_counts(view)
    for melds in view.melds:
        for m in melds:
            for t in m.tiles:
                seen[t] += 1
    for pile in (*view.discards, *view.won):
        for t in pile:
            seen[t] += 1
    return seen


def efficiency_of(view: View) -> Efficiency:
    """How the seat judges its holdings under the ruleset being played (``Ruleset.efficiency``)."""
    return CHINESE_EFFICIENCY if view.rules is None else view.rules.efficiency(view)


def after_claim(counts: list[int], action: Action, tile: int,
                from_seat: RelativeSeat) -> tuple[list[int], Meld]:
    """Standing counts and the new meld after claiming ``tile`` from ``from_seat`` with a chow, pung or
    kong."""
    out = list(counts)
    if action.kind == ActionKind.CHOW:
        assert action.tile is not None
        low = int(action.tile)
        for k in (low, low + 1, low + 2):
            if k != tile:
                out[k] -= 1
        return out, Meld.chow(ALL_TILES[low], tile - low + 1)
    if action.kind == ActionKind.PUNG:
        out[tile] -= 2
        return out, Meld.pung(ALL_TILES[tile], from_seat)
    out[tile] -= 3
    return out, Meld.kong(ALL_TILES[tile], from_seat)

"""Bots: players that see only their seat's view and answer with an action.

>>> from majiang.game import Game, Phase
>>> g, bots = Game(seed=3), [RandomBot(seed=s) for s in range(4)]
>>> while g.phase != Phase.OVER:
...     seat = g.to_act()[0]
...     g.apply(seat, bots[seat].act(g.view(seat)))
>>> g.result is not None
True
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from majiang.game.actions import Action
from majiang.game.table import View

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """A player: given its own view (with the legal actions), it chooses one of them."""

    name: str

    def act(self, view: View) -> Action:
        """Choose one of ``view.legal``."""
        ...


class RandomBot:
    """Uniform over the legal actions (a seeded baseline)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        return self.rng.choice(view.legal)

"""Bots: players that see only their seat's view and answer with an action.

Every bot is seeded and deterministic given its seed; ``find_bot(name, seed)`` makes one by name.

* ``random``: uniform over the legal actions;
* ``efficiency``: tile efficiency only (shanten, then live effective tiles), fans ignored;
* ``fan-aware``: plays toward 8-fan shapes, weighs the fans of its waits, and defends;
* ``defense``: efficiency until a seat threatens (riichi), then the safest discards unless worth pushing.

docs/bots.md describes them and how they compare.

>>> from majiang.game import Game
>>> g, bots = Game(seed=3), [find_bot("random", seed=s) for s in range(4)]
>>> play_out(g, bots) > 0 and g.result is not None
True
>>> BOTS
('random', 'efficiency', 'fan-aware', 'defense')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from majiang.actions import Action
from majiang.errors import InvalidOptionError
from majiang.game.table import Game, Phase, View

__all__ = ["BOTS", "MAX_STEPS", "Bot", "DefenseBot", "EfficiencyBot", "FanAwareBot", "RandomBot", "find_bot",
           "play_out"]

MAX_STEPS = 5000
"""A hand taking more actions than this is an engine or bot bug (real hands take a few hundred)."""


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


from majiang.bots.defense import DefenseBot  # noqa: E402
from majiang.bots.efficiency import EfficiencyBot  # noqa: E402  (they need nothing from above)
from majiang.bots.fan_aware import FanAwareBot  # noqa: E402

_REGISTRY: dict[str, Callable[[int | None], Bot]] = {
    RandomBot.name: RandomBot,
    EfficiencyBot.name: EfficiencyBot,
    FanAwareBot.name: FanAwareBot,
    DefenseBot.name: DefenseBot,
}

BOTS: tuple[str, ...] = tuple(_REGISTRY)
"""The names ``find_bot`` knows."""


def find_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of the kind registered under ``name``, seeded with ``seed``.

    >>> find_bot("efficiency", seed=1).name
    'efficiency'
    """
    try:
        make = _REGISTRY[name]
    except KeyError:
        raise InvalidOptionError(f"unknown bot {name!r}; one of {', '.join(BOTS)}") from None
    return make(seed)


def play_out(game: Game, bots: Sequence[Bot], max_steps: int = MAX_STEPS) -> int:
    """Play ``game`` to its end, ``bots[seat]`` acting for each seat on its own view; the actions taken.

    RuntimeError if the hand has not ended after ``max_steps`` actions; InvalidOptionError if a player
    cannot act on a view (an external Botzone program: ``majiang.interop.external.play_botzone``).
    """
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
            raise InvalidOptionError(f"seat {seat}: {getattr(bot, 'name', bot)!r} cannot act on a view, so "
                                     "it is not a bot (an external Botzone program plays through "
                                     "majiang.interop.external.play_botzone)")
    steps = 0
    while game.phase != Phase.OVER:
        if steps >= max_steps:
            raise RuntimeError(f"hand with game seed {game.seed} did not end in {max_steps} actions")
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
        steps += 1
    return steps

"""Bots: players that see only their seat's view and answer with an action.

Every bot is seeded and deterministic given its seed; ``find_bot(name, seed)`` makes one by name.

* ``random``: uniform over the legal actions;
* ``efficiency``: tile efficiency only (shanten, then live effective tiles), fans ignored;
* ``fan-aware``: plays toward 8-fan shapes, weighs the fans of its waits, and defends;
* ``defense``: efficiency until a seat threatens (riichi), then the safest discards unless worth pushing;
* ``search``: the fan-aware bot's best candidates played out on sampled deals, picked by points.

A name may carry a bot's options after a colon, ``name:key=value:key=value`` (``search:playouts=24``);
``find_bot`` also takes them as keywords.

docs/bots.md describes them and how they compare.

>>> from majiang.game import Game
>>> g, bots = Game(seed=3), [find_bot("random", seed=s) for s in range(4)]
>>> play_out(g, bots) > 0 and g.result is not None
True
>>> BOTS
('random', 'efficiency', 'fan-aware', 'defense', 'search')
>>> find_bot("search:playouts=24", seed=1).playouts
24
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any

from majiang.actions import Action
from majiang.bots.registry import _REGISTRY, BOTS, Bot, find_bot, is_bot_name
from majiang.errors import InvalidOptionError
from majiang.game.table import Game, Phase, View

__all__ = ["BOTS", "BOT_WORDS", "MAX_STEPS", "Bot", "DefenseBot", "EfficiencyBot", "FanAwareBot", "RandomBot",
           "SearchBot", "find_bot", "is_bot_name", "play_out"]

MAX_STEPS = 5000
"""A hand taking more actions than this is an engine or bot bug (real hands take a few hundred)."""


class RandomBot:
    """Uniform over the legal actions (a seeded baseline)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        return self.rng.choice(view.legal)


# The other bots load with their module when first wanted (``find_bot``, or the names below): a program
# that plays one bot (the Botzone entry point, majiang.botzone) then imports no other bot's code, nor the
# rulesets they need (defense's riichi).
TYPE_CHECKING = False  # (not typing's: mypy reads any TYPE_CHECKING as true)
if TYPE_CHECKING:
    from majiang.bots.defense import DefenseBot
    from majiang.bots.efficiency import EfficiencyBot
    from majiang.bots.fan_aware import FanAwareBot
    from majiang.bots.search import SearchBot

_LAZY = {cls: module for module, cls in _REGISTRY.values() if module != __name__}

BOT_WORDS: dict[str, tuple[str, str, str, str]] = {
    "random": ("随机", "Random", "随便打任何合法的牌（练习用）。",
               "Plays any legal move at random (for practice)."),
    "efficiency": ("牌效", "Efficiency", "只看牌效：尽快听牌，不管番数。",
                   "Plays for tile efficiency only: the fastest way to ready, fans ignored."),
    "fan-aware": ("算番", "Fan-aware", "朝够番的牌型打，会防守。",
                  "Plays toward hands that score enough fans, and defends."),
    "defense": ("防守", "Defense", "平时打牌效，有人立直或听牌时打安全牌。",
                "Plays for efficiency until someone threatens (riichi), then discards safely."),
    "search": ("搜索", "Search", "在随机补全的牌局上推演候选打法，按得分选择。",
               "Plays its best candidate moves out on sampled deals and picks by the points they score."),
}
"""Each bot's name and a sentence about it, in Chinese and English (zh name, en name, zh, en), for the
catalogue the pages and commands show (``majiang.catalogue``); a bot registered later adds its own."""


def __getattr__(name: str) -> Any:
    """``DefenseBot``, ``EfficiencyBot``, ``FanAwareBot`` and ``SearchBot``, their modules loaded on first use
    (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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

"""One hand of a simulation run: its seed, its deal and bots, its outcome (``majiang.sim.simulate`` plays
runs of them, ``majiang.sim.training`` records their decisions)."""

from __future__ import annotations

from collections.abc import Sequence

from majiang.bots import Bot, find_bot
from majiang.errors import MajiangError
from majiang.game.ruleset import Ruleset
from majiang.game.table import Game
from majiang.sim.seeds import derived_seed
from majiang.sim.stats import HandOutcome, _outcome
from majiang.tiles import Tile

__all__ = ["TrainingDataError", "deal_hand", "game_seed", "hand_outcome"]


def game_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a run seeded ``seed``: a 63-bit hash of both, stable everywhere.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    return derived_seed("majiang-sim", seed, index)


def deal_hand(index: int, seed: int, bots: Sequence[str], *, round_wind: Tile = Tile.EAST,
              rules: Ruleset | None = None) -> tuple[Game, tuple[str, ...], list[Bot]]:
    """Hand ``index`` of a run seeded ``seed`` dealt, with the bot name and the bot of each seat."""
    hseed = game_seed(seed, index)
    seat_bots = tuple(bots[s % len(bots)] for s in range(4))
    players = [find_bot(name, hseed * 4 + s) for s, name in enumerate(seat_bots)]
    return Game(rules, seed=hseed, dealer=index % 4, round_wind=round_wind), seat_bots, players


def hand_outcome(index: int, game: Game, seat_bots: tuple[str, ...], steps: int) -> HandOutcome:
    """The outcome of hand ``index`` once ``game`` is over (``steps`` actions taken)."""
    result = game.result
    assert result is not None and game.seed is not None
    return _outcome(index, game.seed, game.dealer, seat_bots, result, steps, game.rules)


class TrainingDataError(MajiangError):
    """A training-data directory that cannot be written to or read as one run's shards
    (``majiang.sim.training``)."""

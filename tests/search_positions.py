"""Positions for the search bot's tests: a hand played some actions in by a bot, and the seat to act."""

from __future__ import annotations

from collections.abc import Sequence

from majiang.bots import find_bot
from majiang.game import Game, Phase
from majiang.game.ruleset import find_ruleset


def position_at(rules: str, seed: int, steps: int, bot: str = "random", options: Sequence[str] = (),
                choice: bool = False) -> tuple[Game, int] | None:
    """A hand of ``rules`` (with ``options``) played ``steps`` actions by ``bot`` in every seat: the game and
    the seat to act, if at a turn or a claim (with ``choice``, only where it has more than one action)."""
    game = Game(find_ruleset(rules, list(options)), seed=seed)
    bots = [find_bot(bot, seed=seed * 4 + s) for s in range(4)]
    for _ in range(steps):
        if game.phase == Phase.OVER:
            return None
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    if game.phase not in (Phase.TURN, Phase.CLAIM):
        return None
    seat = game.to_act()[0]
    return None if choice and len(game.legal_actions(seat)) < 2 else (game, seat)

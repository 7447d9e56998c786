"""A Gymnasium environment for one seat: seat 0 is the agent, our bots play seats 1-3.

>>> from majiang.env import SingleAgentEnv
>>> env = SingleAgentEnv(bot="random")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, int(env.action_space.n)
((40, 34), 953)
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from majiang.bots import find_bot
from majiang.env.actions import action_index, action_of
from majiang.env.mahjong_v0 import AGENTS, Observation, check_index, raw_env
from majiang.errors import InvalidActionError
from majiang.game import Phase, Ruleset

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gym.Env[Observation, int]):
    """One hand per episode; the reward is seat 0's score change when the hand ends.

    ``bot`` names the bot of the other seats (``majiang.bots.find_bot``); the bots are seeded from the
    reset seed, so a seeded reset replays the same hand for the same actions. An index the mask
    forbids raises ``IllegalActionError``; with ``illegal_reward`` set it ends the episode instead, with
    that reward and ``info["illegal"]`` (for learners and checkers that sample unmasked).
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it per instance)

    def __init__(self, rules: Ruleset | str | None = None, bot: str = "efficiency",
                 render_mode: str | None = None, illegal_reward: float | None = None) -> None:
        self.illegal_reward = illegal_reward
        self.table = raw_env(rules, render_mode)
        self.bot_name = bot
        self.bots = [find_bot(bot, seed=s) for s in range(4)]
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(AGENTS[0])
        self.action_space = self.table.action_space(AGENTS[0])

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed=seed)
        # The bots' seeds follow the hand's, so one seed fixes the whole episode.
        hand_seed = self.table.game.seed or 0
        self.bots = [find_bot(self.bot_name, seed=hand_seed + s) for s in range(4)]
        self._play_others()
        return self.table.observe(AGENTS[0]), {}

    def _play_others(self) -> None:
        game = self.table.game
        while game.phase != Phase.OVER and self.table.agent_selection != AGENTS[0]:
            seat = AGENTS.index(self.table.agent_selection)
            self.table.step(action_index(self.bots[seat].act(game.view(seat)), game.rules))

    def _legal(self, index: int) -> bool:
        """Whether the action of ``index`` is legal for the agent (an unused declared index is not)."""
        game = self.table.game
        try:
            return action_of(index, game.rules) in game.legal_actions(0)
        except InvalidActionError:
            return False

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        index = check_index(action)
        if self.illegal_reward is not None and not self._legal(index):
            return self.table.observe(AGENTS[0]), self.illegal_reward, True, False, {"illegal": True}
        self.table.step(index)
        self._play_others()
        over = self.table.game.phase == Phase.OVER
        reward = float(self.table.game.hand_deltas[0]) if over else 0.0
        return self.table.observe(AGENTS[0]), reward, over, False, {}

    def render(self) -> str | None:
        return self.table.render()

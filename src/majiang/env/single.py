"""A Gymnasium environment for one seat: the agent plays one seat, our bots the other three.

>>> from majiang.env import SingleAgentEnv
>>> env = SingleAgentEnv(bot="random")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, int(env.action_space.n), info["seat"] in range(4)
((52, 34), 953, True)
>>> bool(env.action_masks()[env.action_space.sample(mask=obs["action_mask"])])
True
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from majiang.bots import find_bot
from majiang.env.actions import ACTION_COUNT, action_index, action_of
from majiang.env.mahjong_v0 import AGENTS, Observation, Options, Seating, Winds, check_index, raw_env
from majiang.errors import InvalidActionError
from majiang.game import Phase, Ruleset

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gym.Env[Observation, int]):
    """One hand per episode; the reward is the agent's score change when the hand ends.

    ``bot`` names the bot of the other seats (``majiang.bots.find_bot``); the bots are seeded from the
    reset seed, so a seeded reset replays the same hand for the same actions. The agent's ``seat``, the
    ``dealer`` and the ``round_wind`` are drawn per hand from its seed unless given (``Seating``);
    ``info["seat"]`` says the agent's seat. A hand the bots end before the agent has a choice is no
    episode: the next hand of the seed's sequence is dealt instead. An index the mask forbids ends the
    episode with ``illegal_reward`` (-1 by default) and ``info["illegal"]``, the table unchanged, so that
    checkers and learners that sample without the mask can run; with ``illegal_reward=None`` it raises
    ``IllegalActionError`` instead. ``action_masks()`` is the current mask as a bool array (for
    sb3-contrib's ``MaskablePPO``).
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it per instance)

    def __init__(self, rules: Ruleset | str | None = None, bot: str = "efficiency",
                 render_mode: str | None = None, illegal_reward: float | None = -1.0, *,
                 options: Options = (), seat: int | None = None, dealer: int | None = None,
                 round_wind: Winds = None) -> None:
        self.illegal_reward = illegal_reward
        self.table = raw_env(rules, render_mode, options, dealer=dealer, round_wind=round_wind)
        self.seating = Seating(dealer, round_wind, seat)
        self.bot_name = bot
        self.bots = [find_bot(bot, seed=s) for s in range(4)]
        self.render_mode = render_mode
        self.seat = self.seating.seat_of(self.table.game.seed or 0)
        self.agent = AGENTS[self.seat]
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self._mask: npt.NDArray[np.int8] = np.zeros(ACTION_COUNT, dtype=np.int8)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed=seed)
        while True:
            # The bots' seeds and the agent's seat follow the hand's seed, so one seed fixes the episode.
            hand_seed = self.table.game.seed or 0
            self.seat = self.seating.seat_of(hand_seed)
            self.agent = AGENTS[self.seat]
            self.bots = [find_bot(self.bot_name, seed=hand_seed + s) for s in range(4)]
            self._play_others()
            if self.table.game.phase != Phase.OVER:
                return self._observe(), {"seat": self.seat}
            # The bots ended the hand before the agent had a choice (a win on the deal or on the first
            # discards, which the agent could only pass): no episode; the seed's next hand is dealt.
            self.table.reset()

    def _observe(self) -> Observation:
        obs = self.table.observe(self.agent)
        self._mask = obs["action_mask"]
        return obs

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which indices are legal for the agent now (``MaskablePPO`` asks for this)."""
        return self._mask.astype(np.bool_)

    def _play_others(self) -> None:
        game = self.table.game
        while game.phase != Phase.OVER and self.table.agent_selection != self.agent:
            seat = AGENTS.index(self.table.agent_selection)
            self.table.step(action_index(self.bots[seat].act(game.view(seat)), game.rules))

    def _legal(self, index: int) -> bool:
        """Whether the action of ``index`` is legal for the agent (an unused declared index is not)."""
        game = self.table.game
        try:
            return action_of(index, game.rules) in game.legal_actions(self.seat)
        except InvalidActionError:
            return False

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        index = check_index(action)
        if self.illegal_reward is not None and not self._legal(index):
            info = {"illegal": True, "seat": self.seat}
            return self._observe(), float(self.illegal_reward), True, False, info
        self.table.step(index)
        self._play_others()
        over = self.table.game.phase == Phase.OVER
        reward = float(self.table.game.hand_deltas[self.seat]) if over else 0.0
        return self._observe(), reward, over, False, {"seat": self.seat}

    def render(self) -> str | None:
        return self.table.render()

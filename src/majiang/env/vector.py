"""Many tables stepped at once, with batched numpy observations, masks and rewards (for training).

>>> import numpy as np
>>> from majiang.env import VectorEnv
>>> venv = VectorEnv(4, bot="random", seat=0)   # seat 0 learns; random bots play seats 1-3
>>> obs, info = venv.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape, info["seat"].tolist()
((4, 52, 34), (4, 953), [0, 0, 0, 0])
>>> rng = np.random.default_rng(0)
>>> actions = [rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]]
>>> obs, rewards, terminated, truncated, info = venv.step(actions)
>>> rewards.shape, terminated.shape
((4, 4), (4,))

Each table plays one hand after another and deals the next hand itself when one ends (auto-reset):
the step that ends a hand returns every seat's score change over it in ``rewards`` (a row of four,
zeros on other steps), ``terminated`` True, and already the first observation of the next hand.
``info["result"][i]`` is then the ``HandResult`` of the hand that ended (winners, scores), None at the
other tables. Without ``bot`` the policy plays all four seats (self-play): ``info["seat"]`` says which
seat each observation belongs to. With ``bot`` (a name of ``majiang.bots.find_bot``) it plays one seat
only (``seat``, or drawn per hand from its seed) and the bots, seeded from each hand's seed, play the
rest, as in ``SingleAgentEnv``. ``dealer`` and ``round_wind`` fix what is otherwise drawn per hand
(``mahjong_v0.Seating``). ``action_masks()`` is the batch of masks as bools (for ``MaskablePPO``).

``reset(seed=s)`` seeds table ``i`` with ``s + i``: table ``i`` then plays exactly what
``mahjong_v0.raw_env`` (or ``SingleAgentEnv`` with the same bot) plays after ``reset(seed=s + i)``, hand
after hand, for the same actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from majiang.bots import Bot, find_bot
from majiang.env.actions import ACTION_COUNT
from majiang.env.mahjong_v0 import (
    Observation,
    Options,
    Seating,
    Winds,
    find_rules,
    index_action,
    observation_space,
)
from majiang.env.observation import GATHER, STORE_ROWS, TableEncoder
from majiang.errors import IllegalActionError, InvalidOptionError
from majiang.game import Game, HandResult, Phase, Ruleset

__all__ = ["VectorEnv"]

Flags = npt.NDArray[np.bool_]


class VectorEnv:
    """``num_envs`` tables of one ruleset stepped together (see the module's description)."""

    metadata: ClassVar[dict[str, Any]] = {"autoreset_mode": "SameStep"}
    """Gymnasium's name of this reset rule (``gymnasium.vector.AutoresetMode.SAME_STEP``)."""

    def __init__(self, num_envs: int, rules: Ruleset | str | None = None, options: Options = (),
                 bot: str | None = None, *, seat: int | None = None, dealer: int | None = None,
                 round_wind: Winds = None) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidOptionError(f"num_envs must be a positive integer, not {num_envs!r}")
        if bot is not None:
            find_bot(bot)  # an unknown name fails here, not at the first hand
        self.num_envs = num_envs
        self.rules = find_rules(rules, options)
        self.bot = bot
        self.seating = Seating(dealer, round_wind, seat)
        self.agent_seats: npt.NDArray[np.intp] = np.zeros(num_envs, dtype=np.intp)
        """With ``bot``: the seat the policy plays at each table in its current hand."""
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(ACTION_COUNT)
        self.store: npt.NDArray[np.int32] = np.zeros((num_envs, STORE_ROWS, 34), dtype=np.int32)
        self.encoders = [TableEncoder(self.store[i]) for i in range(num_envs)]
        self._seeds = [random.Random() for _ in range(num_envs)]
        self.games: list[Game] = []
        self.bots: list[list[Bot]] = [[] for _ in range(num_envs)]
        self.seats: npt.NDArray[np.intp] = np.zeros(num_envs, dtype=np.intp)
        self.masks: npt.NDArray[np.int8] = np.zeros((num_envs, ACTION_COUNT), dtype=np.int8)
        self._rows = np.arange(num_envs)[:, None]

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """Deal a new hand at every table (table ``i`` seeded with ``seed + i``)."""
        if seed is not None:
            self._seeds = [random.Random(seed + i) for i in range(self.num_envs)]
        self.games = [self._deal(i) for i in range(self.num_envs)]
        return self._observe(), {"seat": self.seats.copy()}

    def _deal(self, i: int) -> Game:
        while True:
            hand_seed = self._seeds[i].randrange(2**63)
            game = self.seating.deal(self.rules, hand_seed)
            if self.bot is not None:
                self.agent_seats[i] = self.seating.seat_of(hand_seed)
                self.bots[i] = [find_bot(self.bot, seed=hand_seed + s) for s in range(4)]
            self.encoders[i].reset(game)
            self._play_bots(i, game)
            if game.to_act():
                return game
            # The bots ended the hand before the policy had a choice: as in SingleAgentEnv, the next.

    def _play_bots(self, i: int, game: Game) -> None:
        if self.bot is None:
            return
        bots = self.bots[i]
        agent = self.agent_seats[i]
        while (waiting := game.to_act()) and waiting[0] != agent:
            seat = waiting[0]
            game.apply(seat, bots[seat].act(game.view(seat)))

    def step(self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]) -> tuple[
            Observation, npt.NDArray[np.float32], Flags, Flags, dict[str, Any]]:
        """Play one action at each table (an index for the seat ``info["seat"]`` named).

        An index its mask forbids raises ``IllegalActionError`` before any table moves.
        """
        chosen = np.asarray(actions, dtype=np.intp)
        n = self.num_envs
        if chosen.shape != (n,):
            raise IllegalActionError(f"step takes {n} actions, one per table, not an array of shape "
                                     f"{chosen.shape}")
        if not self.games:
            raise IllegalActionError("reset the environment before stepping it")
        bad = (chosen < 0) | (chosen >= ACTION_COUNT)
        if not bad.any():
            bad = self.masks[np.arange(n), chosen] == 0
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(f"table {i}: action {int(chosen[i])} is not legal for seat "
                                     f"{int(self.seats[i])} (its mask has 0 there)")
        rewards = np.zeros((n, 4), dtype=np.float32)
        terminated = np.zeros(n, dtype=np.bool_)
        results: list[HandResult | None] = [None] * n
        games = self.games
        for i in range(n):
            game = games[i]
            game.apply(int(self.seats[i]), index_action(int(chosen[i]), game.rules))
            self._play_bots(i, game)
            if game.phase == Phase.OVER:
                rewards[i] = game.hand_deltas
                terminated[i] = True
                results[i] = game.result
                games[i] = self._deal(i)
        observation = self._observe()  # sets the seats
        info = {"seat": self.seats.copy(), "result": results}
        return observation, rewards, terminated, np.zeros(n, dtype=np.bool_), info

    def _observe(self) -> Observation:
        masks = self.masks
        masks[:] = 0
        seats = self.seats
        for i, game in enumerate(self.games):
            encoder = self.encoders[i]
            encoder.sync()
            seat = game.to_act()[0]
            seats[i] = seat
            _, indices = encoder.legal(seat)
            masks[i, indices] = 1
        observation = self.store[self._rows, GATHER[seats]]
        for i, encoder in enumerate(self.encoders):
            encoder.own_rows(observation[i], int(seats[i]))
        return {"observation": observation, "action_mask": masks.copy()}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The masks of the last observations as bools, one row per table."""
        return self.masks.astype(np.bool_)

    def close(self) -> None:
        """Nothing to release."""

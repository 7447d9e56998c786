"""The PettingZoo environment for RLlib's multi-agent training (the ``cluster-train`` extra: Ray's RLlib and
the CPU build of torch).

``register_rllib_env()`` registers ``mahjong_v0`` with Ray under ``RLLIB_ENV`` through RLlib's
``PettingZooEnv`` (the turn-based AEC API: one seat acts per step), with the observation adapted to what
RLlib's models and its action-masking module read: ``observations`` (the (52, 34) rows, flattened, as
float32) and ``action_mask`` (float32). ``ppo_config()`` is a PPO configuration with one policy shared by
the four seats, whose module (RLlib's ``ActionMaskingTorchRLModule``) never samples a masked action.

    from majiang.env.rllib import ppo_config
    algo = ppo_config(rules="sichuan").build_algo()
    for _ in range(10):
        result = algo.train()

Not imported by ``majiang.env``: only this module needs Ray.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper

from majiang.env import mahjong_v0
from majiang.env.actions import ACTION_COUNT
from majiang.env.observation import OBS_SHAPE

__all__ = ["POLICY", "RLLIB_ENV", "FlatMaskedObservations", "make_rllib_env", "ppo_config",
           "register_rllib_env"]

RLLIB_ENV = "majiang_v0"
"""The name the environment is registered under with Ray (``config.environment(RLLIB_ENV)``)."""
POLICY = "shared"
"""The one policy (module) every seat plays with."""
_SIZE = int(np.prod(OBS_SHAPE))


class FlatMaskedObservations(BaseWrapper):
    """``mahjong_v0`` with each observation a dict of ``observations`` (the rows flattened, float32) and
    ``action_mask`` (float32): the keys and types RLlib's action-masking module reads."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        space = spaces.Dict({
            "observations": spaces.Box(-np.inf, np.inf, (_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0.0, 1.0, (ACTION_COUNT,), dtype=np.float32),
        })
        self._spaces = dict.fromkeys(env.possible_agents, space)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        obs = self.env.observe(agent)
        return {"observations": obs["observation"].reshape(_SIZE).astype(np.float32),
                "action_mask": obs["action_mask"].astype(np.float32)}


def make_rllib_env(config: dict[str, Any] | None = None) -> Any:
    """The environment as RLlib takes it; ``config`` holds ``mahjong_v0.env``'s keywords (``rules``,
    ``options``, ``dealer``, ``round_wind``)."""
    from ray.rllib.env.wrappers import pettingzoo_env

    # Through Any: RLlib's classes are untyped where Ray is installed, and missing (Any) where it is not.
    wrapper: Any = pettingzoo_env.PettingZooEnv
    return wrapper(FlatMaskedObservations(mahjong_v0.env(**dict(config or {}))))


def register_rllib_env(name: str = RLLIB_ENV) -> str:
    """Register the environment with Ray under ``name`` (every Ray process then can make it)."""
    from ray.tune.registry import register_env

    register_env(name, make_rllib_env)
    return name


def _shared(agent_id: Any, episode: Any, **kwargs: Any) -> str:
    return POLICY


def ppo_config(rules: str = "mcr", options: tuple[str, ...] = (), *, hidden: tuple[int, ...] = (256, 256),
               batch: int = 4000, minibatch: int = 128, epochs: int = 4, env_runners: int = 0) -> Any:
    """A ``PPOConfig`` on the registered environment: one policy for the four seats, masked actions never
    sampled; the sizes are the usual ones (a test shrinks them)."""
    from ray.rllib.algorithms import ppo
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    register_rllib_env()
    module = RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                          model_config={"fcnet_hiddens": list(hidden), "head_fcnet_hiddens": []})
    config: Any = ppo.PPOConfig  # (untyped where Ray is installed: see make_rllib_env)
    return (config()
            # RLlib's check steps actions sampled from the whole space, which the mask forbids and the
            # environment refuses (IllegalActionError); the module samples masked actions only.
            .environment(RLLIB_ENV, env_config={"rules": rules, "options": list(options)},
                         disable_env_checking=True)
            .multi_agent(policies={POLICY}, policy_mapping_fn=_shared)
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={POLICY: module}))
            .env_runners(num_env_runners=env_runners)
            .training(train_batch_size_per_learner=batch, minibatch_size=minibatch, num_epochs=epochs))

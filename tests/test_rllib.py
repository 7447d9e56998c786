"""RLlib trains on the PettingZoo environment (``majiang.env.rllib``): a few PPO iterations with tiny
batches, one policy shared by the four seats.

Marked ``train``: it needs the ``cluster-train`` extra (RLlib, which pins its own gymnasium, and torch),
which ``make soak`` installs in a venv of its own and runs this file in; ``make test`` deselects it.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import pytest

pytestmark = pytest.mark.train


def test_ppo_trains_a_few_iterations() -> None:
    import ray

    from majiang.env.rllib import POLICY, ppo_config

    ray.init(address="local", num_cpus=2, include_dashboard=False, object_store_memory=128 * 1024 * 1024,
             log_to_driver=False, logging_level=logging.ERROR)
    algo: Any = None
    try:
        # Sichuan: its hands end in wins often enough, even under a random policy, that rewards are not all 0.
        algo = ppo_config(rules="sichuan", hidden=(32,), batch=256, minibatch=64, epochs=1).build_algo()
        steps = []
        for iteration in range(1, 4):
            result = algo.train()
            assert result["training_iteration"] == iteration
            steps.append(result["env_runners"]["num_env_steps_sampled_lifetime"])
            learner = result["learners"][POLICY]
            for name in ("total_loss", "policy_loss", "vf_loss"):
                assert math.isfinite(learner[name]), (name, learner[name])
        assert 0 < steps[0] < steps[1] < steps[2]
        assert result["env_runners"]["num_episodes_lifetime"] > 0
    finally:
        if algo is not None:
            algo.stop()
        ray.shutdown()


def test_the_environment_as_rllib_sees_it() -> None:
    import numpy as np

    from majiang.env.rllib import make_rllib_env

    env = make_rllib_env({"rules": "mcr"})
    obs, _ = env.reset(seed=3)
    ((agent, first),) = obs.items()
    assert first["observations"].shape == (52 * 34,) and first["observations"].dtype == np.float32
    assert env.observation_space[agent].contains(first)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for _ in range(2000):
        ((agent, seen),) = ((a, o) for a, o in obs.items() if o["action_mask"].any())
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        obs, rewards, terminated, _, _ = env.step({agent: action})
        for who, reward in rewards.items():
            total[who] += reward
        if terminated["__all__"]:
            break
    assert terminated["__all__"]
    assert set(obs) == set(env.possible_agents)  # every seat is told the hand is over
    assert sum(total.values()) == 0  # each seat's score change, summing to zero

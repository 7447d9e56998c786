"""The PettingZoo environment and the Gymnasium wrapper: API contracts, masks against the engine's
legal actions, the incremental observation against a fresh one, seeded resets, a Sichuan episode."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from majiang.actions import Action, ActionKind
from majiang.env import ACTION_COUNT, SingleAgentEnv, action_index, action_of, mcr_v0
from majiang.env.observation import Encoder
from majiang.errors import IllegalActionError, InvalidActionError
from majiang.game import find_ruleset
from majiang.tiles import Tile

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

SICHUAN = find_ruleset("sichuan", ["exchange=clockwise"])


def play(env: Any, seed: int, rng_seed: int) -> list[Any]:
    """Masked random play of one hand; the trace of (agent, observation, mask, action, rewards)."""
    env.reset(seed=seed)
    rng = random.Random(rng_seed)
    trace: list[Any] = []
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        trace.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), action, reward))
        env.step(action)
    return trace


def test_action_indices_round_trip() -> None:
    assert ACTION_COUNT == 638
    for i in range(ACTION_COUNT):
        assert action_index(action_of(i)) == i


@pytest.mark.parametrize(("action", "index"), [
    ("discard 1m", 0), ("discard C", 33), ("chow 7s", 34 + 24), ("pung", 68), ("kong", 69),
    ("concealed-kong E", 70 + 27), ("added-kong 9p", 104 + 17), ("win", 138), ("pass", 139),
    ("void p", 141), ("exchange 1m1m1m", 143), ("exchange 9s9s9s", 637), ("exchange 1p2p3p", 143 + 165 + 10),
])
def test_action_layout(action: str, index: int) -> None:
    assert action_index(Action.parse(action)) == index


def test_out_of_space_errors() -> None:
    with pytest.raises(InvalidActionError, match="outside"):
        action_of(ACTION_COUNT)
    with pytest.raises(InvalidActionError, match="no index"):
        action_index(Action(ActionKind.EXCHANGE, None, (Tile.M1, Tile.P1, Tile.S1)))


@pytest.mark.parametrize("rules", [None, SICHUAN])
def test_pettingzoo_api(rules: Any) -> None:
    api_test(mcr_v0.env(rules), num_cycles=200)


@pytest.mark.parametrize(("rules", "seed"), [(None, 1), (None, 2), (SICHUAN, 3), ("血流", 4)])
def test_masks_and_observations_follow_the_engine(rules: Any, seed: int) -> None:
    env = mcr_v0.raw_env(rules)
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while env.game.to_act():
        game = env.game
        for seat, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            legal = game.legal_actions(seat)
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == {action_index(a) for a in legal}
            assert int(obs["action_mask"].sum()) == len(legal)
            # The incremental encoding equals one built from this view alone.
            assert np.array_equal(obs["observation"], Encoder(seat).update(game.view(seat)))
        seat = env.possible_agents.index(env.agent_selection)
        assert seat == game.to_act()[0]
        index = rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist())
        env.step(index)
        steps += 1
    assert all(env.terminations.values())
    deltas = env.game.hand_deltas
    assert [env.rewards[a] for a in env.possible_agents] == [float(d) for d in deltas]
    assert steps > 4


def test_seeded_resets_reproduce() -> None:
    first = play(mcr_v0.env(), seed=11, rng_seed=5)
    assert play(mcr_v0.env(), seed=11, rng_seed=5) == first
    env = mcr_v0.env()
    play(env, seed=99, rng_seed=1)
    assert play(env, seed=11, rng_seed=5) == first  # a reset with a seed forgets the past hand
    assert play(mcr_v0.env(), seed=12, rng_seed=5) != first


def test_episode_rewards_at_the_end_only() -> None:
    trace = play(mcr_v0.env(SICHUAN), seed=7, rng_seed=7)
    live = [r for (_, _, _, action, r) in trace if action is not None]
    assert set(live) == {0.0}
    dead = [(agent, action) for (agent, _, _, action, _) in trace if action is None]
    assert sorted(a for a, _ in dead) == [f"player_{s}" for s in range(4)]


def test_illegal_index_raises_and_changes_nothing() -> None:
    env = mcr_v0.raw_env()
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    events = len(env.game.events)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="must act"):
        env.step(None)
    assert len(env.game.events) == events


def test_gymnasium_wrapper_checks() -> None:
    # The checker steps with unmasked samples: an illegal index ends the episode with the set penalty.
    check_env(SingleAgentEnv(bot="random", illegal_reward=-10.0), skip_render_check=True)


def test_gymnasium_illegal_index() -> None:
    env = SingleAgentEnv(bot="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    env = SingleAgentEnv(bot="random", illegal_reward=-10.0)
    obs, _ = env.reset(seed=1)
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-10.0, True, False, {"illegal": True})
    assert np.array_equal(after["observation"], obs["observation"])


def test_gymnasium_episode_and_seed() -> None:
    def run(seed: int) -> tuple[list[int], float]:
        env = SingleAgentEnv(bot="efficiency")
        obs, _ = env.reset(seed=seed)
        rng = random.Random(0)
        actions, total, done = [], 0.0, False
        while not done:
            action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            actions.append(action)
            obs, reward, done, truncated, _ = env.step(action)
            assert not truncated
            total += reward
            if not done:
                assert env.table.agent_selection == "player_0"
        assert total == env.table.game.hand_deltas[0]
        return actions, total

    assert run(4) == run(4)


def test_core_package_does_not_load_the_rl_packages() -> None:
    import subprocess
    import sys

    code = ("import sys, majiang, majiang.game, majiang.bots; "
            "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

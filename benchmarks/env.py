"""Environment speed: steps and hands per second of random legal play through each layer, ours and
(optionally) the IJCAI course environment, in one process; and (``--learn``) the worked example's learning
curve.

Run: ``.venv/bin/python benchmarks/env.py [--steps N] [--rules NAME] [--ijcai DIR] [--learn MINUTES
[--learn-rules NAME ...]]``. Every timing plays
the same number of steps with a uniformly random legal policy, one core, CPU time, after a warm-up
hand (the analysis tables):

* ``engine``: the bare ``Game`` (``legal_actions`` and ``apply``; no observation), for reference;
* ``aec``: ``mahjong_v0.env()`` as PettingZoo users drive it (``agent_iter``, ``last``, ``step``; the
  observation and mask of each acting seat), wrappers included;
* ``aec-raw``: the same on ``mahjong_v0.raw_env`` (no PettingZoo wrappers);
* ``single``: ``SingleAgentEnv(bot="random")``, the agent's steps (the bots' moves between them are
  part of each step's cost, not counted as steps);
* ``vector``: ``VectorEnv(16)`` self-play, a batched choice per step (a step is one table's action);
* ``vector-bots``: ``VectorEnv(16, bot="random")``, the policy at one seat, counted like ``single``;
* ``ijcai``: with ``--ijcai DIR``, the ``MahjongGBEnv`` of the PKU IJCAI course starter code with its
  ``FeatureAgent`` (DIR holds its ``env.py``, ``agent.py`` and ``feature.py``; needs PyMahjongGB).
  Its step answers every seat asked at once (after a discard, all three others, even when they can
  only pass), so it takes more steps per hand than ours: compare hands per second.

``--learn MINUTES`` then runs ``examples/train_reinforce.py`` for that many CPU minutes on each ruleset of
``--learn-rules`` (default sichuan and mcr) and prints its output: the learning curve (hands, win rate, mean
reward, CPU seconds) and the evaluation of the random and the trained policy.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from majiang.env import SingleAgentEnv, VectorEnv, mahjong_v0
from majiang.game import Game, find_ruleset

Timing = tuple[int, int, float]
"""Steps, hands finished, CPU seconds."""


def engine_rate(rules: str, steps: int) -> Timing:
    ruleset = find_ruleset(rules)
    rng = random.Random(0)
    done = hands = 0
    start = time.process_time()
    while done < steps:
        game = Game(ruleset, seed=hands)
        while (waiting := game.to_act()) and done < steps:
            game.apply(waiting[0], rng.choice(game.legal_actions(waiting[0])))
            done += 1
        hands += not game.to_act()
    return done, hands, time.process_time() - start


def aec_rate(rules: str, steps: int, raw: bool = False) -> Timing:
    env: Any = mahjong_v0.raw_env(rules) if raw else mahjong_v0.env(rules)
    rng = random.Random(0)
    done = hands = 0
    start = time.process_time()
    while done < steps:
        env.reset(seed=hands)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if done == steps:
                break
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            done += 1
        hands += not env.agents
    return done, hands, time.process_time() - start


def single_rate(rules: str, steps: int) -> Timing:
    env = SingleAgentEnv(rules, bot="random")
    rng = np.random.default_rng(0)
    done = hands = 0
    start = time.process_time()
    while done < steps:
        obs, _ = env.reset(seed=hands)
        over = False
        while not over and done < steps:
            mask = obs["action_mask"]
            obs, _, over, _, _ = env.step(int((rng.random(mask.shape) * mask).argmax()))
            done += 1
        hands += over
    return done, hands, time.process_time() - start


def vector_rate(rules: str, steps: int, tables: int = 16, bot: str | None = None) -> Timing:
    venv = VectorEnv(tables, rules, bot=bot)
    rng = np.random.default_rng(0)
    done = hands = 0
    start = time.process_time()
    obs, _ = venv.reset(seed=0)
    while done < steps:
        mask = obs["action_mask"]
        obs, _, terminated, _, _ = venv.step((rng.random(mask.shape) * mask).argmax(axis=1))
        done += tables
        hands += int(terminated.sum())
    return done, hands, time.process_time() - start


def ijcai_rate(directory: Path, steps: int) -> Timing:
    sys.path.insert(0, str(directory))  # their modules import each other by plain names
    spec = importlib.util.spec_from_file_location("ijcai_env", directory / "env.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from feature import FeatureAgent  # type: ignore[import-not-found]

    env = module.MahjongGBEnv({"agent_clz": FeatureAgent})
    rng = random.Random(0)
    done = hands = 0
    start = time.process_time()
    while done < steps:
        obs = env.reset()
        finished = False
        while not finished and done < steps:
            actions = {a: rng.choice(np.flatnonzero(o["action_mask"]).tolist()) for a, o in obs.items()}
            obs, _, finished = env.step(actions)
            done += 1
        hands += finished
    return done, hands, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=20000, help="steps per timing (default 20000)")
    parser.add_argument("--rules", default="mcr", help="ruleset name (default mcr)")
    parser.add_argument("--ijcai", type=Path, help="directory of the IJCAI course env.py/agent.py/feature.py")
    parser.add_argument("--learn", type=float, metavar="MINUTES",
                        help="then run the REINFORCE example this many CPU minutes per ruleset")
    parser.add_argument("--learn-rules", nargs="+", default=["sichuan", "mcr"], metavar="NAME",
                        help="the rulesets of --learn (default sichuan mcr)")
    args = parser.parse_args()
    engine_rate(args.rules, 200)  # builds the analysis tables once, outside every timing
    timings: list[tuple[str, Callable[[], Timing]]] = [
        ("engine", lambda: engine_rate(args.rules, args.steps)),
        ("aec", lambda: aec_rate(args.rules, args.steps)),
        ("aec-raw", lambda: aec_rate(args.rules, args.steps, raw=True)),
        ("single", lambda: single_rate(args.rules, args.steps)),
        ("vector", lambda: vector_rate(args.rules, args.steps)),
        ("vector-bots", lambda: vector_rate(args.rules, args.steps, bot="random")),
    ]
    if args.ijcai is not None:
        timings.append(("ijcai", lambda: ijcai_rate(args.ijcai, args.steps)))
    rates: dict[str, tuple[float, float]] = {}
    for label, timing in timings:
        steps, hands, seconds = timing()
        rates[label] = (steps / seconds, hands / seconds)
        print(f"{label:11} {args.rules if label != 'ijcai' else 'mcr':8} {steps} steps, {hands} hands in "
              f"{seconds:.2f} s CPU = {steps / seconds:9,.0f} steps/s, {hands / seconds:6,.1f} hands/s")
    if "ijcai" in rates:
        ref_steps, ref_hands = rates["ijcai"]
        for label in ("aec", "aec-raw", "vector"):
            ours_steps, ours_hands = rates[label]
            print(f"{label} / ijcai: {ours_steps / ref_steps:.2f}x steps/s, "
                  f"{ours_hands / ref_hands:.2f}x hands/s")
    if args.learn is not None:
        example = load_example()
        for rules in args.learn_rules:
            print()
            example.main(["--minutes", str(args.learn), "--rules", rules])


def load_example() -> Any:
    """``examples/train_reinforce.py`` as a module."""
    path = Path(__file__).resolve().parent.parent / "examples" / "train_reinforce.py"
    spec = importlib.util.spec_from_file_location("train_reinforce", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    main()

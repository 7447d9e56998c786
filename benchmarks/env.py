"""Environment speed: AEC steps per second of random masked play in ``majiang.env.mcr_v0``.

Run: ``.venv/bin/python benchmarks/env.py [--hands N] [--rules NAME]``. A step is one ``env.step`` of a
live agent after ``env.last()`` (the observation and its mask); the policy picks uniformly among the
mask's indices. Also timed: the engine alone (``Game.apply`` with a view per step, same policy), so the
environment's own cost shows. One core, CPU time, after a warm-up hand (the analysis tables).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from majiang.env import mcr_v0
from majiang.game import Game, find_ruleset


def env_rate(rules: str, hands: int) -> tuple[int, float]:
    """Live steps and CPU seconds for ``hands`` hands through the AEC environment."""
    env = mcr_v0.env(rules)
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    for hand in range(hands):
        env.reset(seed=hand)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            steps += 1
    return steps, time.process_time() - start


def engine_rate(rules: str, hands: int) -> tuple[int, float]:
    """Steps and CPU seconds of the same play on the bare engine (a view per step)."""
    ruleset = find_ruleset(rules)
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    for hand in range(hands):
        game = Game(ruleset, seed=hand)
        while waiting := game.to_act():
            seat = waiting[0]
            game.apply(seat, rng.choice(game.view(seat).legal))
            steps += 1
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="hands per timing (default 200)")
    parser.add_argument("--rules", default="mcr", help="ruleset name (default mcr)")
    args = parser.parse_args()
    engine_rate(args.rules, 1)  # builds the analysis tables once, outside every timing
    for label, timing in (("env", env_rate), ("engine", engine_rate)):
        steps, seconds = timing(args.rules, args.hands)
        rate = steps / seconds
        print(f"{label:7} {args.rules}: {steps} steps in {seconds:.2f} s CPU = {rate:,.0f} steps/s")


if __name__ == "__main__":
    main()

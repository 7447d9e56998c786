"""Train a small policy with REINFORCE against random bots, numpy only, and print its learning curve.

Run: ``python examples/train_reinforce.py [--minutes 3] [--rules sichuan] [--tables 32] [--block 1000]``.

The learner plays one seat (drawn per hand, as are the dealer and the round wind) at each of ``--tables``
tables of ``majiang.env.VectorEnv`` at once; the random bot plays the other three. The policy is a
softmax over the legal actions (the mask) of a linear score of a few features per action, read from the
observation: for a discard, how many copies of the tile the hand holds, its neighbours, how many of the
hand's tiles share its suit, how many copies are already visible; for a claim, a win, a pass or a void, a
weight of its own and the size of the suit involved. All weights start at 0, which is the random policy.
Each finished hand's reward (the learner's score change, scaled) minus a running mean drives a REINFORCE
step.

The output is a table: hands played (and CPU seconds so far), the learner's win rate and mean reward
over each block of hands; then the same figures for the random policy (weights 0) and the trained
policy (no more updates) on the same seeds. Chinese Official rules need eight fans to win, so random
exploration almost never wins there (about 1 hand in 800) and the curve stays flat for minutes; Sichuan
(no minimum) is the default here.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from majiang.env import VectorEnv
from majiang.env import observation as ob
from majiang.env.actions import (
    CHOW_INDEX,
    CONCEALED_KONG_INDEX,
    EXCHANGE_INDEX,
    KONG_INDEX,
    PASS_INDEX,
    PUNG_INDEX,
    VOID_INDEX,
    WIN_INDEX,
)

Array = npt.NDArray[np.float64]

# Feature layout: one block per kind of action, so that kinds do not share weights.
TILE_FEATURES = 12
DISCARD_AT, WIN_AT, PASS_AT, PUNG_AT, KONG_AT, CHOW_AT, VOID_AT, EXCHANGE_AT = 0, 12, 13, 14, 16, 18, 20, 23
FEATURES = 25
_RANK = np.arange(34) % 9
_SUIT = np.minimum(np.arange(34) // 9, 3)  # 3: honors
_SUITED = np.arange(34) < 27


def tile_features(obs: npt.NDArray[np.int32]) -> tuple[Array, Array]:
    """Per kind 0-33, the discard features of the observer's hand; and the share of each suit in it."""
    hand = obs[ob.HAND].astype(np.float64)
    own = hand + obs[ob.MELDS] + obs[ob.OWN_KONGS]
    suits = np.array([own[0:9].sum(), own[9:18].sum(), own[18:27].sum(), own[27:34].sum()]) / 14.0
    visible = obs[ob.RIVERS:ob.RIVERS + 4].sum(0) + obs[ob.MELDS:ob.MELDS + 4].sum(0) + \
        obs[ob.WON:ob.WON + 4].sum(0) + obs[ob.OWN_KONGS]
    padded = np.zeros(38)
    padded[2:36] = hand
    near = np.zeros(34)
    far = np.zeros(34)
    for step, out in ((1, near), (2, far)):
        for sign in (-1, 1):
            shifted = padded[2 + sign * step:36 + sign * step]
            same_suit = _SUITED & (_RANK + sign * step >= 0) & (_RANK + sign * step <= 8)
            out += (shifted > 0) & same_suit
    smallest = np.zeros(4)
    present = [s for s in range(3) if suits[s] > 0]
    if present:
        smallest[min(present, key=lambda s: suits[s])] = 1.0
    f = np.zeros((34, TILE_FEATURES))
    f[:, 0] = 1.0
    f[:, 1] = hand >= 2
    f[:, 2] = hand >= 3
    f[:, 3] = near > 0
    f[:, 4] = far > 0
    f[:, 5] = (hand == 1) & (near == 0) & (far == 0)
    f[:, 6] = suits[_SUIT]
    f[:, 7] = smallest[_SUIT]
    f[:, 8] = ~_SUITED
    f[:, 9] = _SUITED & ((_RANK == 0) | (_RANK == 8))
    f[:, 10] = visible / 4.0
    f[:, 11] = obs[ob.DRAWN]
    return f, suits


def action_features(obs: npt.NDArray[np.int32], legal: npt.NDArray[np.intp]) -> Array:
    """One feature row per legal action index."""
    tiles, suits = tile_features(obs)
    answered = int(obs[ob.ANSWER].argmax()) if obs[ob.ANSWER].any() else 0
    out = np.zeros((len(legal), FEATURES))
    for row, index in enumerate(legal.tolist()):
        if index < CHOW_INDEX:
            out[row, DISCARD_AT:DISCARD_AT + TILE_FEATURES] = tiles[index]
        elif index < PUNG_INDEX:
            out[row, CHOW_AT:CHOW_AT + 2] = 1.0, suits[_SUIT[index - CHOW_INDEX]]
        elif index == PUNG_INDEX:
            out[row, PUNG_AT:PUNG_AT + 2] = 1.0, suits[_SUIT[answered]]
        elif index < WIN_INDEX:
            kind = answered if index == KONG_INDEX else (index - CONCEALED_KONG_INDEX) % 34
            out[row, KONG_AT:KONG_AT + 2] = 1.0, suits[_SUIT[kind]]
        elif index == WIN_INDEX:
            out[row, WIN_AT] = 1.0
        elif index == PASS_INDEX:
            out[row, PASS_AT] = 1.0
        elif index < EXCHANGE_INDEX:
            suit = index - VOID_INDEX
            out[row, VOID_AT:VOID_AT + 3] = 1.0, suits[suit], float(suits[suit] == suits[:3].min())
        else:
            out[row, EXCHANGE_AT:EXCHANGE_AT + 2] = 1.0, suits[(index - EXCHANGE_INDEX) // 165]
    return out


class Policy:
    """A softmax over the legal actions of a linear score of their features."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = np.zeros(FEATURES)
        self.rng = rng

    def act(self, obs: npt.NDArray[np.int32], mask: npt.NDArray[np.int8]) -> tuple[int, Array]:
        """An action index and the gradient of its log-probability."""
        legal = np.flatnonzero(mask)
        features = action_features(obs, legal)
        scores = features @ self.weights
        p = np.exp(scores - scores.max())
        p /= p.sum()
        k = int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), features[k] - p @ features


def play(policy: Policy, venv: VectorEnv, hands: int, seed: int, learn: bool = False, lr: float = 0.0,
         block: int = 0, report: Any = None, deadline: float = float("inf")) -> tuple[float, float]:
    """Play ``hands`` hands at the learner's seats (or until ``deadline``), updating the policy if
    ``learn``; the win rate and the mean reward."""
    obs, _ = venv.reset(seed=seed)
    grads: list[Array] = [np.zeros(FEATURES) for _ in range(venv.num_envs)]
    done = wins = 0
    total = 0.0
    baseline, scale = 0.0, 1.0
    block_wins, block_total, block_done = 0, 0.0, 0
    while done < hands and (done == 0 or time.process_time() < deadline):
        actions = []
        for i in range(venv.num_envs):
            action, grad = policy.act(obs["observation"][i], obs["action_mask"][i])
            actions.append(action)
            grads[i] += grad
        seats = venv.agent_seats.copy()  # a table whose hand ends deals the next (and draws a seat) at once
        obs, rewards, terminated, _, info = venv.step(actions)
        for i in np.flatnonzero(terminated).tolist():
            seat = int(seats[i])
            reward = float(rewards[i, seat])
            won = seat in info["result"][i].winners
            done += 1
            wins += won
            total += reward
            block_wins += won
            block_total += reward
            block_done += 1
            if learn:
                scale = 0.99 * scale + 0.01 * abs(reward - baseline)
                policy.weights += lr * (reward - baseline) / max(scale, 1e-6) * grads[i]
                baseline = 0.99 * baseline + 0.01 * reward
            grads[i] = np.zeros(FEATURES)
            if report is not None and block_done == block:
                report(done, block_wins / block, block_total / block)
                block_wins, block_total, block_done = 0, 0.0, 0
    return wins / done, total / done


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--minutes", type=float, default=3.0, help="training time, CPU minutes (default 3)")
    parser.add_argument("--hands", type=int, default=0, help="train this many hands instead of --minutes")
    parser.add_argument("--rules", default="sichuan", help="ruleset (default sichuan)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a ruleset option (repeatable)")
    parser.add_argument("--tables", type=int, default=32, help="tables stepped at once (default 32)")
    parser.add_argument("--block", type=int, default=1000, help="hands per line of the curve (default 1000)")
    parser.add_argument("--eval", type=int, default=2000, help="hands of each evaluation (default 2000)")
    parser.add_argument("--lr", type=float, default=0.02, help="learning rate (default 0.02)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the tables and the policy")
    args = parser.parse_args(argv)
    venv = VectorEnv(args.tables, args.rules, options=args.option, bot="random")
    policy = Policy(np.random.default_rng(args.seed))
    start = time.process_time()

    def report(hands: int, win_rate: float, reward: float) -> None:
        print(f"{hands:8d} {win_rate:9.3f} {reward:12.2f} {time.process_time() - start:8.0f}", flush=True)

    print(f"REINFORCE on {args.rules}, one seat against 3 random bots, {args.tables} tables")
    print(f"{'hands':>8} {'win rate':>9} {'mean reward':>12} {'CPU s':>8}")
    deadline = float("inf") if args.hands else start + 60 * args.minutes
    play(policy, venv, args.hands or 10**9, args.seed, learn=True, lr=args.lr, block=args.block,
         report=report, deadline=deadline)
    learned = policy.weights.copy()
    policy.weights = np.zeros(FEATURES)
    random_win, random_reward = play(policy, venv, args.eval, 10**6 + args.seed)
    policy.weights = learned
    trained_win, trained_reward = play(policy, venv, args.eval, 10**6 + args.seed)
    print(f"evaluation over {args.eval} hands, same seeds:")
    print(f"  random policy:  win rate {random_win:.3f}, mean reward {random_reward:.2f}")
    print(f"  trained policy: win rate {trained_win:.3f}, mean reward {trained_reward:.2f}")
    print("weights:", " ".join(f"{w:.2f}" for w in learned))


if __name__ == "__main__":
    main()

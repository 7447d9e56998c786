"""The learned bot's speed beside the bots it is measured with: decisions per second of CPU, same views.

Run: ``PYTHONPATH=src python benchmarks/learned.py --weights FILE`` (weights that ``python -m
majiang.bots.distill`` wrote; ``--help`` for the sizes). Figures are CPU time of this one process
(``time.process_time``).

* Positions: fan-aware games under the ruleset (``--rules``, ``botzone`` by default); every decision of
  any seat with more than one legal action is kept (turns and claims).
* Each bot (``--bots``) answers every kept view ``--rounds`` times; decisions per second and the mean.
* The learned bot's decision, in parts: the observation (``encode_view``), the features, the policy's
  scores.
"""

from __future__ import annotations

import argparse
import time

from majiang.bots import find_bot
from majiang.bots.fan_aware import FanAwareBot
from majiang.bots.learned import LearnedBot
from majiang.game import Game, Phase, View
from majiang.game.ruleset import find_ruleset


def positions(rules: str, games: int) -> list[View]:
    """Every view with a choice over ``games`` fan-aware games."""
    out = []
    for seed in range(games):
        game = Game(find_ruleset(rules), seed=seed)
        bots = [FanAwareBot(seed=s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if len(view.legal) > 1:
                out.append(view)
            game.apply(seat, bots[seat].act(view))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="botzone")
    parser.add_argument("--games", type=int, default=8, help="fan-aware games the views come from")
    parser.add_argument("--rounds", type=int, default=2, help="times each bot answers each view")
    parser.add_argument("--bots", default="learned,fan-aware,search:playouts=0,efficiency")
    parser.add_argument("--weights", required=True, help="the learned bot's weights")
    args = parser.parse_args()
    views = positions(args.rules, args.games)
    print(f"{len(views)} decisions with a choice from {args.games} fan-aware games under {args.rules}")
    print(f"{'bot':<22} {'decisions/s':>12} {'mean ms':>9}")
    for name in args.bots.split(","):
        bot = LearnedBot(1, weights=args.weights) if name == "learned" else find_bot(name, seed=1)
        bot.act(views[0])  # tables and weights loaded before the clock starts
        start = time.process_time()
        for _ in range(args.rounds):
            for view in views:
                bot.act(view)
        spent = time.process_time() - start
        n = args.rounds * len(views)
        print(f"{name:<22} {n / spent:>12,.0f} {1000 * spent / n:>9.3f}")
    from majiang.bots.learned import features, load_policy
    from majiang.env import encode_view

    policy = load_policy(args.weights)
    parts = {"encode_view": 0.0, "features": 0.0, "scores": 0.0}
    for view in views:
        t0 = time.process_time()
        obs = encode_view(view)[None]
        t1 = time.process_time()
        x = features(obs)
        t2 = time.process_time()
        policy.scores(*x)
        t3 = time.process_time()
        parts["encode_view"] += t1 - t0
        parts["features"] += t2 - t1
        parts["scores"] += t3 - t2
    shares = ", ".join(f"{k} {1000 * v / len(views):.3f}" for k, v in parts.items())
    print(f"learned, in parts (mean ms): {shares}")


if __name__ == "__main__":
    main()

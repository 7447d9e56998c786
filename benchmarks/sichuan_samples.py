"""How close the search bot's Sichuan samples come to the real deals: the others' shanten and the playouts.

Run: ``PYTHONPATH=src python benchmarks/sichuan_samples.py`` (``--help`` for the sizes). Hands of the
fan-aware bot under ``--rules`` (``sichuan`` by default) are played; at every third turn with a choice the
seat's view is sampled (``majiang.bots.position``) with the others' hands shaped
(``majiang.rules.sichuan.rebuild``, as the search deals them) and dealt uniformly (``SHAPED`` off), and

* each other seat still in has its Sichuan shanten counted in the real deal and in each sample, by how
  many tiles it has let go so far (the mean, and the share ready);
* the fan-aware bot's choice is played out ``--rounds`` times by the playout policy from the real deal
  and from each kind of sample: how often the seat wins, and its mean points from the decision on.

Playouts from the real deal are what the samples should match: a sample whose others are slower than the
real ones makes every candidate look safer and faster than it is.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

import majiang.rules.sichuan.rebuild as rebuild
from majiang.bots import find_bot
from majiang.bots.position import Position, clone
from majiang.bots.search import playout
from majiang.game import Game, Phase
from majiang.game.ruleset import find_ruleset
from majiang.rules.sichuan.analysis import SichuanEfficiency


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="sichuan")
    parser.add_argument("--option", action="append", default=[], help="a ruleset option, key=value")
    parser.add_argument("--hands", type=int, default=10, help="fan-aware hands to take positions from")
    parser.add_argument("--rounds", type=int, default=4, help="playouts from each position and kind")
    args = parser.parse_args()
    rules = find_ruleset(args.rules, args.option)
    model = SichuanEfficiency()
    kinds = ("real", "uniform", "shaped")
    shanten: dict[str, dict[int, list[int]]] = {k: defaultdict(list) for k in kinds}
    wins: dict[str, list[bool]] = {k: [] for k in kinds}
    points: dict[str, list[int]] = {k: [] for k in kinds}
    n = 0
    for seed in range(args.hands):
        game = Game(rules, seed=seed)
        bots = [find_bot("fan-aware", seed=seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.phase == Phase.TURN and len(view.legal) > 1 and n % 3 == 0:
                action = bots[seat].act(view)
                rng = random.Random(n)
                position = Position(view)
                for kind in kinds:
                    for r in range(args.rounds):
                        if kind == "real":
                            world = clone(game)
                        else:
                            rebuild.SHAPED = kind == "shaped"
                            world = position.sample(rng)
                        if r == 0:
                            for o in range(4):
                                if o != seat and game.active[o]:
                                    step = min(len(view.discards[o]) // 4, 3)
                                    shanten[kind][step].append(model.shanten(world.counts[o], world.melds[o]))
                        before = world.hand_deltas[seat]
                        world.apply(seat, action)
                        playout(world, seat)
                        wins[kind].append(world.won[seat] != game.won[seat])
                        points[kind].append(world.hand_deltas[seat] - before)
                rebuild.SHAPED = True
            n += 1
            game.apply(seat, bots[seat].act(view))
    print(f"{args.rules} {' '.join(args.option)}: {len(wins['real'])} playouts of each kind")
    for kind in kinds:
        print(f"  {kind}: the seat wins {statistics.mean(wins[kind]):.1%}, "
              f"{statistics.mean(points[kind]):+.2f} points from the decision on")
    print("  others' shanten by tiles let go (mean, ready):")
    for step in sorted(shanten["real"]):
        cells = ", ".join(f"{kind} {statistics.mean(shanten[kind][step]):.2f} "
                          f"{statistics.mean(x <= 0 for x in shanten[kind][step]):.0%}" for kind in kinds)
        label = f"{4 * step}-{4 * step + 3}" if step < 3 else "12+"
        print(f"    {label} ({len(shanten['real'][step])}): {cells}")


if __name__ == "__main__":
    main()

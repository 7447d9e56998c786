"""Where the search bot overrules its prior, and how often its playouts end in its own win.

Run: ``PYTHONPATH=src python benchmarks/search_diagnose.py`` (``--help`` for the sizes; ``--rules riichi``
for riichi). Games of ``--games`` hands under each ruleset seat two search bots (seats 0 and 2, ``--bot``,
e.g. ``search:playouts=16``) against two of the ruleset's strongest bots (``Ruleset.coach_bot``: fan-aware,
riichi's defense), the search's prior; every decision the search plays out is traced (``SearchBot.trace``)
and counted by kind:

* *claim*: another's discard, the candidates passing and the claims offered;
* *turn*: its own turn, the candidates the prior's best discards (and a kong, if it chose one; riichi
  with each discard where offered).

For each kind: decisions searched, the share overruled (and, at claims, toward passing or toward a
claim; at turns, a kong overruled, and under riichi toward declaring or not), and the share of the
seat's playouts of the prior's choice that end in its own win (its points from the hand are positive:
under Chinese Official rules only a winner gains; under riichi a tenpai payment gains too). Those are set
beside the seats' real win and deal-in rates in the same games.
"""

from __future__ import annotations

import argparse
from collections import Counter

from majiang.actions import ActionKind
from majiang.bots import find_bot, play_out
from majiang.bots.search import SearchBot
from majiang.game import Game, Phase
from majiang.game.ruleset import find_ruleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", nargs="*", default=["botzone", "mcr"])
    parser.add_argument("--games", type=int, default=12, help="hands under each ruleset")
    parser.add_argument("--bot", default="search:playouts=16", help="the searching bot, options included")
    args = parser.parse_args()
    for rules in args.rules:
        counts: Counter[str] = Counter()
        wins = Counter[str]()
        points: dict[str, float] = {"claim": 0.0, "turn": 0.0}
        ruleset = find_ruleset(rules)
        other = ruleset.coach_bot
        for seed in range(args.games):
            game = Game(ruleset, seed=seed)
            bots = [find_bot(args.bot if s % 2 == 0 else other, seed=100 * seed + s) for s in range(4)]
            searchers = [b for b in bots if isinstance(b, SearchBot)]
            for b in searchers:
                b.trace = []
            play_out(game, bots)
            assert game.result is not None
            for w in game.wins:
                wins["search" if w.seat % 2 == 0 else "prior"] += 1
                if w.giver is not None:
                    wins["search dealt in" if w.giver % 2 == 0 else "prior dealt in"] += 1
            for b in searchers:
                assert b.trace is not None
                for view, candidates, scores, pick in b.trace:
                    kind = "claim" if view.phase == Phase.CLAIM else "turn"
                    counts[kind] += 1
                    prior = scores[0]
                    counts[kind + " playouts"] += len(prior)
                    counts[kind + " own wins"] += sum(x > 0 for x in prior)
                    points[kind] += sum(prior)
                    counts[kind + " candidates"] += len(candidates)
                    if pick:
                        counts[kind + " overruled"] += 1
                        if kind == "claim":
                            to_pass = candidates[pick].kind is ActionKind.PASS
                            counts["claim overruled to " + ("pass" if to_pass else "a claim")] += 1
                        elif candidates[0].kind not in (ActionKind.DISCARD, ActionKind.RIICHI):
                            counts["turn overruled a kong"] += 1
                        elif candidates[pick].kind is ActionKind.RIICHI:
                            counts["turn overruled toward riichi"] += 1
                        elif candidates[0].kind is ActionKind.RIICHI:
                            counts["turn overruled a riichi"] += 1
        print(f"{rules}: {args.games} hands, {args.bot} at seats 0 and 2 against {other}")
        for kind in ("claim", "turn"):
            n = counts[kind]
            if not n:
                continue
            po = counts[kind + " playouts"]
            print(f"  {kind}: {n} searched ({counts[kind + ' candidates'] / n:.1f} candidates), "
                  f"{counts[kind + ' overruled']} overruled ({100 * counts[kind + ' overruled'] / n:.0f}%); "
                  f"playouts of the prior's choice: {100 * counts[kind + ' own wins'] / po:.1f}% own wins, "
                  f"{points[kind] / po:+.2f} points")
        if counts["claim overruled"]:
            print(f"  claims overruled toward passing {counts['claim overruled to pass']}, "
                  f"toward a claim {counts['claim overruled to a claim']}")
        for what in ("a kong", "a riichi", "toward riichi"):
            if counts["turn overruled " + what]:
                print(f"  turns overruled {what}: {counts['turn overruled ' + what]}")
        hands = 2 * args.games
        print(f"  real wins per seat-hand: search {wins['search'] / hands:.1%}, {other} "
              f"{wins['prior'] / hands:.1%}; dealt in: search {wins['search dealt in'] / hands:.1%}, "
              f"{other} {wins['prior dealt in'] / hands:.1%}")


if __name__ == "__main__":
    main()

"""The search bot's speed: positions built, playouts and decisions per second of CPU, and a profile.

Run: ``PYTHONPATH=src python benchmarks/search.py`` (``--help`` for the sizes). Figures are CPU time of
this one process (``time.process_time``), so another program on the machine slows them little.

* Positions: games of the ruleset's strongest bot (``Ruleset.coach_bot``: fan-aware, riichi's defense)
  under the ruleset (``--rules``, ``mcr`` and ``botzone`` by default; ``riichi`` too) are played and every
  decision of seat 0 with more than one legal action at its turn or a claim is kept.
* ``Position``: building the template game from a view; ``sample``: dealing the hidden tiles into a copy.
* Playouts: from each kept position, one sample, the first legal action, then ``playout`` to the end of
  the hand (the policy's discard cache warm, as in a search), each seat's shanten its ruleset's
  (``playout_models``); and whole hands played by the playout policy from the deal (the cache cleared
  first).
* Decisions: ``SearchBot.act`` at each ``--playouts`` budget (and each of its ``--variants``: the seat's
  fan-plan playout policy, cut-off playouts) on the kept views: decisions per second,
  the mean and the largest, and the playouts a second that implies (``PLAYOUTS_PER_SECOND`` is set from it).
* ``--profile``: cProfile of the playouts, the top functions by own time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from majiang.bots import find_bot
from majiang.bots.fan_aware import FanAwareBot
from majiang.bots.position import Position, clone
from majiang.bots.quick import _PICKS
from majiang.bots.search import PLAYOUTS_PER_SECOND, SearchBot, playout, playout_models
from majiang.game import Game, Phase, View
from majiang.game.ruleset import find_ruleset


def positions(rules: str, games: int) -> list[View]:
    """Seat 0's views at its turns and claims with a choice, over ``games`` games of the ruleset's
    strongest bot."""
    out = []
    ruleset = find_ruleset(rules)
    for seed in range(games):
        game = Game(ruleset, seed=seed)
        coach = ruleset.coach_bot
        bots = [FanAwareBot(seed=s) if coach == "fan-aware" else find_bot(coach, seed=s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if seat == 0 and view.phase in (Phase.TURN, Phase.CLAIM) and len(view.legal) > 1:
                out.append(view)
            game.apply(seat, bots[seat].act(view))
    return out


def playouts(views: list[View], rounds: int) -> tuple[float, float, float, float]:
    """Mean CPU seconds of building a position, of a sample, and of a playout; playouts from the deal
    per second."""
    rng = random.Random(1)
    start = time.process_time()
    built = [Position(v) for v in views]
    build = (time.process_time() - start) / len(views)
    start = time.process_time()
    worlds = [p.sample(rng) for p in built for _ in range(rounds)]
    sample = (time.process_time() - start) / len(worlds)
    start = time.process_time()
    for i, world in enumerate(worlds):
        view = views[i // rounds]
        game = clone(world)
        game.apply(view.seat, view.legal[0])
        playout(game, view.seat, models=playout_models(world))
    play = (time.process_time() - start) / len(worlds)
    rules = views[0].rules
    _PICKS.clear()
    start = time.process_time()
    hands = 200
    for seed in range(hands):
        game = Game(rules, seed=seed)
        playout(game, 0, models=playout_models(game))
    whole = hands / (time.process_time() - start)
    return build, sample, play, whole


def decisions(views: list[View], budget: int | float, variant: str = "") -> tuple[float, float, float]:
    """Decisions per CPU second, the mean and the largest CPU seconds of one (``variant``: the search
    bot's other options, as after its name: ``policy=plan:depth=2``); ``budget`` playouts, or seconds if a
    float (the ruleset's ``playout_cost`` dividing what they buy)."""
    effort = f"budget={budget}" if isinstance(budget, float) else f"playouts={budget}"
    bot = find_bot(f"search:{effort}" + (f":{variant}" if variant else ""), seed=0)
    times = []
    for view in views:
        start = time.process_time()
        bot.act(view)
        times.append(time.process_time() - start)
    return len(times) / sum(times), sum(times) / len(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", nargs="*", default=["mcr", "botzone"])
    parser.add_argument("--games", type=int, default=4, help="fan-aware games to take positions from")
    parser.add_argument("--rounds", type=int, default=10, help="playouts from each position")
    parser.add_argument("--playouts", type=int, nargs="*", default=[32, PLAYOUTS_PER_SECOND])
    parser.add_argument("--budgets", type=float, nargs="*", default=[],
                        help="budgets in seconds to time decisions at too (the default budget is 1)")
    parser.add_argument("--variants", nargs="*", default=["", "policy=plan", "policy=plan:depth=3"],
                        help="the search bot's options besides playouts ('' for none)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for rules in args.rules:
        views = positions(rules, args.games)
        build, sample, play, whole = playouts(views, args.rounds)
        print(f"{rules}: {len(views)} positions; Position {build * 1e3:.3f} ms, "
              f"sample {sample * 1e3:.3f} ms, playout from a decision {play * 1e3:.2f} ms "
              f"({1 / play:,.0f}/s); whole hands by the playout policy {whole:,.0f}/s")
        for budget in args.playouts:
            for variant in args.variants:
                rate, mean, most = decisions(views, budget, variant)
                name = f"playouts={budget}" + (f":{variant}" if variant else "")
                print(f"  {name}: {rate:,.1f} decisions/s, {mean * 1e3:.1f} ms mean, {most * 1e3:.1f} ms at "
                      f"most, {budget * rate:,.0f} playouts/s")
        for seconds in args.budgets:
            rate, mean, most = decisions(views, seconds)
            bot = SearchBot(seed=0, budget=seconds)
            print(f"  budget={seconds:g} ({bot.playouts_for(views[0])} playouts): {rate:,.1f} decisions/s, "
                  f"{mean * 1e3:.1f} ms mean, {most * 1e3:.1f} ms at most")
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            playouts(views, args.rounds)
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()

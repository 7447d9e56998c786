"""Sichuan bots against each other: wins and points per kind of bot in each mode.

Run: ``.venv/bin/python benchmarks/sichuan_bots.py [--hands 200]``. Two bots of each kind sit at one
table, seats alternating every hand (seed 0, 1, ...), under ``find_ruleset("sichuan", ["mode=..."])``;
the figures in docs/bots.md come from this script with its defaults.
"""

from __future__ import annotations

import argparse

from majiang.bots import find_bot, play_out
from majiang.game import Game
from majiang.game.ruleset import find_ruleset

MODES = ("blood-battle", "blood-river", "single")
PAIRS = (("efficiency", "random"), ("fan-aware", "efficiency"))


def duel(mode: str, pair: tuple[str, str], hands: int) -> tuple[dict[str, int], dict[str, int]]:
    """Wins and points of each kind of bot over ``hands`` hands of ``mode``."""
    rules = find_ruleset("sichuan", [f"mode={mode}"])
    wins = dict.fromkeys(pair, 0)
    points = dict.fromkeys(pair, 0)
    for seed in range(hands):
        kinds = [pair[(s + seed) % 2] for s in range(4)]
        game = Game(rules, seed=seed)
        play_out(game, [find_bot(k, seed=seed * 4 + s) for s, k in enumerate(kinds)])
        assert game.result is not None
        for win in game.result.wins:
            wins[kinds[win.seat]] += 1
        for s, delta in enumerate(game.result.deltas):
            points[kinds[s]] += delta
    return wins, points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per mode and pairing (200)")
    args = parser.parse_args()
    for mode in MODES:
        for pair in PAIRS:
            wins, points = duel(mode, pair, args.hands)
            a, b = pair
            print(f"{mode:13} {a} vs {b}: wins {wins[a]} to {wins[b]}, points {points[a]:+d}")


if __name__ == "__main__":
    main()

"""What the mjai adapter costs: whole riichi games of our bots seated directly, and the same games played
through the mjai protocol by four in-process clients (``majiang.interop.mjai_bot.MjaiClient``).

Run: ``.venv/bin/python benchmarks/mjai_client.py [--games 3]``. Games are seeded 0, 1, ...; the bots of
seats 0-3 are seeded 0-3; each game through the protocol must be the same game (its record lines are
compared). CPU time per hand is printed for each way; the difference is the clients' replays.
"""

from __future__ import annotations

import argparse
import time

from majiang.bots import find_bot
from majiang.interop.mjai_bot import MjaiClient
from majiang.interop.mjai_table import InProcessSeat, play_mjai_match
from majiang.records import play_match
from majiang.rules.riichi.ruleset import RiichiRules

NAMES = ["a", "b", "c", "d"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per bot (3)")
    args = parser.parse_args()
    rules = RiichiRules()
    for bot in ("defense", "efficiency"):
        hands = 0
        direct = through = 0.0
        for seed in range(args.games):
            t0 = time.process_time()
            match, lines = play_match([find_bot(bot, s) for s in range(4)], seed=seed, rules=rules, hands=100,
                                      players=NAMES)
            t1 = time.process_time()
            seats = [InProcessSeat(MjaiClient(find_bot(bot, s), rules=rules)) for s in range(4)]
            _, again, failures = play_mjai_match(seats, rules, seed=seed, hands=100, names=NAMES)
            t2 = time.process_time()
            if failures or again != lines:
                raise SystemExit(f"game {seed} of {bot} differs through mjai: {failures}")
            hands += len(match.history)
            direct += t1 - t0
            through += t2 - t1
        print(f"{bot}: {args.games} games, {hands} hands; CPU per hand: seated directly "
              f"{1000 * direct / hands:.0f} ms, through mjai (4 clients) {1000 * through / hands:.0f} ms, "
              f"{1000 * (through - direct) / hands / 4:.0f} ms per client")


if __name__ == "__main__":
    main()

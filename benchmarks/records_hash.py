"""Print one hash per ruleset variant of seeded matches' records and views, to show a change kept them.

A refactor of the engine or a ruleset must leave the records of every existing ruleset byte-identical for
the same seeds. This plays ``--matches`` seeded matches of ``--hands`` hands for each built-in ruleset
and each of its conformance variants (``VARIANTS``: options that change the flow of a hand), with the
given bots, and hashes every record line and every ``--every``-th view the bots were shown. Run it before
and after a change and compare the lines::

    python benchmarks/records_hash.py > before.txt
    ... change ...
    python benchmarks/records_hash.py | diff before.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Sequence
from typing import Any

from majiang.bots import Bot, find_bot
from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.game.table import View
from majiang.records import play_match
from majiang.rules.mcr.ruleset import BOTZONE

BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")
"""Rulesets whose records a refactor must keep (a new ruleset may be added to the list once it lands)."""


_SICHUAN: list[dict[str, Any]] = [{}, {"mode": "blood-river", "exchange": "dice", "declare_void": True},
                                   {"mode": "single", "exchange": "across"},
                                   {"several_winners": False, "forced_win_last_four": False},
                                   {"melded_kong_bloom": "self-drawn", "not_ready_pays": "smallest",
                                    "pass_win_lock": "same-tile", "last_of_wall_discard": True,
                                    "next_dealer_by": "first-winner"}]
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "mcr": [{}, {"several_winners": True}, {"false_win": "penalty", "house_fans": True}, dict(BOTZONE)],
    "sichuan": _SICHUAN,
    "chengdu": _SICHUAN,
    "riichi": [{}, {"several_ron": "head-bump", "red_fives": 0, "kan_dora_after_discard": False,
                    "kuikae": "none", "nine_terminals": False, "four_winds": False, "four_riichi": False,
                    "four_kans": False, "three_ron": False, "nagashi_mangan": False, "pao": False}],
    "changsha": [{}, {"birds": 2, "bird_mode": "double", "big_wins": "highest"},
                 {"six_six": True, "opening_count": "once", "birds": 0}],
    "changchun": [{}, {"points": "double", "robbing": "self-drawn", "kong_payers": "discarder"},
                  {"dragon_exemption": "kong", "special_tiles_count": False, "special_closed": False,
                   "edge": "shape", "pair_treasure": "once"}],
    "yangzhou": [{}, {"minimum": 20, "above_minimum": True, "discard_payers": "all"},
                 {"combined": "add", "chow_pairs": "once", "iron_plate": "any", "dragon_kong": "plus-one",
                  "dragon_pungs": "added", "other_winds": False, "plain_chows": "claimed",
                  "lone_wait_both": True}],
}
"""The option sets hashed for each ruleset of ``BUILT_IN``: the conformance suite's (tests/conformance.py
``VARIANTS``, which tests/test_conformance.py checks this copy against), kept here as benchmarks import
nothing from the tests."""


def _variants(name: str) -> list[dict[str, Any]]:
    return [dict(options) for options in VARIANTS.get(name, [{}])]


class _Seen:
    """Wraps a bot so that every ``every``-th view it is shown goes into the hash."""

    def __init__(self, bot: Bot, digest: Any, every: int) -> None:
        self.bot = bot
        self.digest = digest
        self.every = every
        self.count = 0
        self.name = getattr(bot, "name", "bot")

    def act(self, view: View) -> Any:
        self.count += 1
        if self.count % self.every == 0:
            fields = (view.seat, view.phase, view.current, view.standing, view.drawn, view.melds,
                      view.discards, view.last_discard, view.wall_left, view.totals, view.legal,
                      view.public_state)
            self.digest.update(repr(fields).encode())
        return self.bot.act(view)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def variant_hash(name: str, options: dict[str, Any], matches: int, hands: int, bots: Sequence[str],
                 every: int) -> str:
    """The hash of ``matches`` seeded matches under ``name`` with ``options``."""
    rules = find_ruleset(name, options) if options else find_ruleset(name)
    digest = hashlib.sha256()
    for seed in range(matches):
        seated: list[Any] = [_Seen(find_bot(bots[s % len(bots)], seed * 4 + s), digest, every)
                             for s in range(4)]
        _, lines = play_match(seated, seed=seed, rules=rules, hands=min(hands, rules.match_length()),
                              players=[f"p{s}" for s in range(4)])
        for line in lines:
            digest.update(line.encode())
    return digest.hexdigest()[:16]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--every", type=int, default=5, help="hash every N-th view a bot is shown")
    parser.add_argument("--bots", default="random,efficiency")
    parser.add_argument("rulesets", nargs="*", default=list(BUILT_IN))
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    for name in args.rulesets:
        if name not in ruleset_names() and name not in BUILT_IN:
            print(f"unknown ruleset {name!r}", file=sys.stderr)
            return 2
        for options in _variants(name):
            text = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "-"
            print(f"{name} {text} {variant_hash(name, options, args.matches, args.hands, bots, args.every)}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

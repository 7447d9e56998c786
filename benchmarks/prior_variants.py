"""Variants of the fan-aware bot's play under a ruleset outside the Chinese Official family, each against
the fan-aware bot itself in the duplicate arena: is its claiming and discarding at a local best?

Run: ``PYTHONPATH=src python benchmarks/prior_variants.py --variant kong --seeds 2 3`` (``--help``).
Outside the Chinese Official family the fan-aware bot plays as the efficiency bot with its waits weighed
(``FanAwareBot.other``); each variant changes one thing in that efficiency bot:

* ``kong``: a kong on another's discard whenever it leaves the shanten no higher (the bot claims one only
  when it lowers the shanten or adds live tiles; Sichuan pays a kong at once, 刮风, and counts it a 根);
* ``strict``: a pung or chow only when the best discard after it lowers the shanten;
* ``loose``: a pung or kong whenever the best discard after it leaves the shanten no higher;
* ``flush``: among discards leaving the lowest shanten and at most ``--slack`` live tiles fewer than the
  best, one of the suit the hand holds fewest of (a lean to 清一色, which doubles twice under Sichuan).
* ``big`` (Changsha): a big form (碰碰胡, 清一色, 七巧对, paid 6 where a small win pays 1) counted
  ``--lean`` steps nearer than it is while the hand is not ready, its effective tiles with it (the bot
  otherwise aims at whichever form is nearest, and nearly all its wins are small);
* ``safe``: among those, the one least likely to deal in (``majiang.bots.danger``'s reading, with each
  seat's void suit safe against it and seats that left the hand no threat); with ``--fold F``, the safest
  discard of all when the hand is two or more from ready and a seat's threat reaches F.

Each seed is its own 240-deal arena (``--deals``); the pooled line is the mean of the seeds' runs (each
independent deals), its standard error from theirs.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Callable, Sequence

from majiang.actions import Action, ActionKind
from majiang.bots.common import (
    PASS,
    PREFERENCE,
    after_claim,
    efficiency_of,
    hand_counts,
    own_melds,
    seen_counts,
)
from majiang.bots.danger import Table, read_table
from majiang.bots.efficiency import EfficiencyBot, best_discard, ranked_choices
from majiang.bots.fan_aware import FanAwareBot
from majiang.bots.registry import _REGISTRY
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import Efficiency, find_ruleset
from majiang.game.table import Phase, View
from majiang.meld import Meld
from majiang.rules.changsha import analysis as changsha
from majiang.seats import RelativeSeat
from majiang.sim.arena import run_arena

_MELDS = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)


def _shanten_after(view: View, action: Action) -> tuple[int, int]:
    """The shanten now, and after ``action`` (a claim) and the best discard that follows it."""
    source = view.robbing if view.phase == Phase.ROB else view.last_discard
    assert source is not None
    giver, tile = source
    model = efficiency_of(view)
    counts, melds = hand_counts(view), own_melds(view)
    now = model.shanten(counts, melds)
    after, meld = after_claim(counts, action, int(tile), RelativeSeat.between(view.seat, giver))
    new = (*melds, meld)
    if action.kind == ActionKind.KONG:
        return now, model.shanten(after, new)
    _, value, _ = best_discard(after, new, seen_counts(view), [t for t in range(34) if after[t]], model=model)
    return now, value


class KongBot(EfficiencyBot):
    """Takes a kong on a discard whenever it leaves the shanten no higher."""

    def _claim(self, view: View) -> Action:
        for a in view.legal:
            if a.kind == ActionKind.KONG and view.phase != Phase.ROB:
                now, after = _shanten_after(view, a)
                if after <= now:
                    return a
        return super()._claim(view)


class StrictBot(EfficiencyBot):
    """Claims a pung or chow only when it lowers the shanten."""

    def _claim(self, view: View) -> Action:
        choice = super()._claim(view)
        if choice.kind in (ActionKind.CHOW, ActionKind.PUNG):
            now, after = _shanten_after(view, choice)
            if after >= now:
                return PASS
        return choice


class LooseBot(EfficiencyBot):
    """Claims a pung or kong whenever it leaves the shanten no higher."""

    def _claim(self, view: View) -> Action:
        choice = super()._claim(view)
        if choice == PASS and view.phase != Phase.ROB and view.last_discard is not None:
            for a in view.legal:
                if a.kind in (ActionKind.PUNG, ActionKind.KONG):
                    now, after = _shanten_after(view, a)
                    if after <= now:
                        return a
        return choice


class FlushBot(EfficiencyBot):
    """Among near-best discards (the lowest shanten, ``slack`` live tiles), one of the least-held suit."""

    slack = 2

    def _quiet_discard(self, view: View, counts: list[int], melds: Sequence[Meld], seen: Sequence[int],
                       choices: Sequence[int], model: Efficiency) -> tuple[int, int]:
        ranked = ranked_choices(counts, melds, seen, choices, model)
        best = ranked[0]
        if best[2]:  # a dead tile (a void suit's) still goes first
            suits = [sum(counts[s * 9:s * 9 + 9]) for s in range(3)]
            near = [r for r in ranked if r[0] == best[0] and r[1] <= best[1] + self.slack and r[4] < 27]
            if near:
                pick = min(near, key=lambda r: (suits[r[4] // 9], r[1], r[3], r[4]))
                return pick[4], pick[0]
        return best[4], best[0]


def _leaned(counts: Sequence[int], melds: Sequence[Meld], lean: int) -> tuple[int, int]:
    """Changsha: the hand's shanten, and the same with its big forms ``lean`` steps nearer (never below 1:
    a ready hand is ready by its real forms)."""
    small, big = changsha.small_and_big(*changsha._key(counts, melds))
    real = min(small, big)
    return real, real if real <= 0 else min(small, max(big - lean, 1))


class BigBot(EfficiencyBot):
    """Changsha: the discard by the shanten with big forms ``lean`` steps nearer, then its live tiles."""

    lean = 1

    def _quiet_discard(self, view: View, counts: list[int], melds: Sequence[Meld], seen: Sequence[int],
                       choices: Sequence[int], model: Efficiency) -> tuple[int, int]:
        keyed: list[tuple[int, int, int, int, int]] = []
        for d in choices:
            counts[d] -= 1
            real, value = _leaned(counts, melds, self.lean)
            live = 0
            for k in range(27):
                if counts[k] < 4 and seen[k] < 4:
                    counts[k] += 1
                    if _leaned(counts, melds, self.lean)[1] < value:
                        live += 4 - seen[k]
                    counts[k] -= 1
            counts[d] += 1
            keyed.append((value, -live, PREFERENCE[d], d, real))
        pick = min(keyed)
        return pick[3], pick[4]


def _void_table(view: View, seen: Sequence[int]) -> Table:
    """``read_table`` with each seat's void suit safe against it and seats out of the hand no threat."""
    table = read_table(view, seen)
    voids = getattr(view.public_state, "voids", (None,) * 4)
    threat = list(table.threat)
    danger = [list(d) for d in table.danger]
    for o in range(4):
        if o == view.seat:
            continue
        if not view.active[o]:
            threat[o] = 0.0
        void = voids[o]
        if void is not None:
            for t in range(void * 9, void * 9 + 9):
                danger[o][t] = 0.0
    return Table(view.seat, (threat[0], threat[1], threat[2], threat[3]), tuple(tuple(d) for d in danger))


class SafeBot(EfficiencyBot):
    """Among near-best discards (the lowest shanten, ``slack`` live tiles), the least likely to deal in;
    with ``fold``, the safest of all when far (two or more from ready) and someone looks ready."""

    slack = 2
    fold = 0.0

    def _quiet_discard(self, view: View, counts: list[int], melds: Sequence[Meld], seen: Sequence[int],
                       choices: Sequence[int], model: Efficiency) -> tuple[int, int]:
        ranked = ranked_choices(counts, melds, seen, choices, model)
        best = ranked[0]
        if not best[2]:
            return best[4], best[0]  # a dead tile (a void suit's) still goes first
        table = _void_table(view, seen)
        if self.fold and best[0] >= 2 and max(table.threat) >= self.fold:
            pick = min(ranked, key=lambda r: (round(table.deal_in(r[4]), 3), r))
            return pick[4], pick[0]
        near = [r for r in ranked if r[0] == best[0] and r[1] <= best[1] + self.slack]
        pick = min(near, key=lambda r: (round(table.deal_in(r[4]), 3), r))
        return pick[4], pick[0]


VARIANTS: dict[str, Callable[[int | None], EfficiencyBot]] = {
    "kong": lambda seed: KongBot(seed, weigh_waits=True),
    "strict": lambda seed: StrictBot(seed, weigh_waits=True),
    "loose": lambda seed: LooseBot(seed, weigh_waits=True),
    "flush": lambda seed: FlushBot(seed, weigh_waits=True),
    "safe": lambda seed: SafeBot(seed, weigh_waits=True),
    "big": lambda seed: BigBot(seed, weigh_waits=True),
}


class VariantBot(FanAwareBot):
    """The fan-aware bot with the variant (``VariantBot.variant``) as its efficiency bot."""

    name = "variant"
    variant = "kong"
    slack = 2
    fold = 0.0
    lean = 1

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.other = VARIANTS[self.variant](seed)
        if isinstance(self.other, (FlushBot, SafeBot)):
            self.other.slack = self.slack
        if isinstance(self.other, SafeBot):
            self.other.fold = self.fold
        if isinstance(self.other, BigBot):
            self.other.lean = self.lean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), required=True)
    parser.add_argument("--rules", default="sichuan")
    parser.add_argument("--option", action="append", default=[], help="a ruleset option, key=value")
    parser.add_argument("--deals", type=int, default=240)
    parser.add_argument("--seeds", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--slack", type=int, default=2, help="live tiles given up for the flush or safe lean")
    parser.add_argument("--fold", type=float, default=0.0,
                        help="safe: fold when two from ready and a threat reaches this (0: never)")
    parser.add_argument("--lean", type=int, default=1, help="big: steps a big form is counted nearer")
    args = parser.parse_args()
    VariantBot.variant, VariantBot.slack, VariantBot.fold = args.variant, args.slack, args.fold
    VariantBot.lean = args.lean
    _REGISTRY["variant"] = (__name__, "VariantBot")  # this process only (--workers 1)
    try:
        rules = find_ruleset(args.rules, args.option)
    except InvalidOptionError as err:
        parser.error(str(err))
    means: list[float] = []
    errors: list[float] = []
    for seed in args.seeds:
        diff = run_arena(("variant", "fan-aware"), args.deals, seed=seed, rules=rules).to_dict()["difference"]
        low, high = diff["ci"]
        means.append(float(diff["mean"]))
        errors.append((high - low) / 2 / 1.96)
        print(f"{args.variant} vs fan-aware, {args.rules}, seed {seed}: {diff['mean']:+.2f} a hand, "
              f"[{low:+.2f}, {high:+.2f}] over {args.deals} deals", flush=True)
    if len(means) > 1:
        mean = statistics.fmean(means)
        half = 1.96 * math.sqrt(sum(e * e for e in errors)) / len(errors)
        print(f"pooled over {len(means)} seeds ({len(means) * args.deals} deals): {mean:+.2f} a hand, "
              f"[{mean - half:+.2f}, {mean + half:+.2f}]")


if __name__ == "__main__":
    main()

"""The defensive bot: tile efficiency while the table is quiet, the safest discards once a seat threatens.

It plays as the efficiency bot until an opponent *threatens*: a seat in riichi, or one whose threat
(``majiang.bots.danger``: its melds, how long it has discarded, how late the wall is) reaches
``FOLD_THREAT``. Then it weighs every discard by its chance to deal in (``Table.deal_in``: genbutsu,
suji, kabe and the copies of honours left under riichi) and

* *pushes* when its hand is worth it: ready with a yaku (a closed ready hand always has riichi), or one
  tile from ready within its first ``EARLY_DISCARDS`` discards. It keeps the lowest shanten and among
  those discards lets the safest go, then the one with most live effective tiles; a ready hand declares
  riichi where it may;
* *folds* otherwise: the discard least likely to deal in, efficiency breaking ties.

Under a threat it makes no kong (a kong turns a new dora for the threat too) and claims only while
ready or one tile from ready (then as the efficiency bot does).

It wins whenever it may, and reads only its view.

>>> from majiang.bots import play_out
>>> from majiang.game import Game
>>> from majiang.game.ruleset import find_ruleset
>>> g = Game(find_ruleset("riichi"), seed=5)
>>> play_out(g, [DefenseBot(seed=s) for s in range(4)]) > 0 and g.result is not None
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

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
from majiang.bots.efficiency import EfficiencyBot, _live, best_discard
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import NO_BONUS, Efficiency
from majiang.game.table import View
from majiang.meld import Meld
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES

__all__ = ["EARLY_DISCARDS", "FOLD_THREAT", "DefenseBot"]

FOLD_THREAT = 0.5
"""An opponent this likely to be ready (a riichi is 1) makes the bot weigh danger."""

EARLY_DISCARDS = 6
"""A hand one tile from ready still pushes while its seat has discarded fewer tiles than this."""


class DefenseBot(EfficiencyBot):
    """Efficiency, then folding against a threat unless its own hand is worth pushing: see the module."""

    name = "defense"

    def __init__(self, seed: int | None = None, *, dora: float = 0.0, push: int = 0,
                 call_gain: int = 0) -> None:
        super().__init__(seed)
        if isinstance(call_gain, bool) or not isinstance(call_gain, int) or call_gain < 0:
            raise InvalidOptionError(f"call_gain is a whole number of shanten of at least 0, "
                                     f"not {call_gain!r}")
        self.call_gain = call_gain
        """How much a call must lower a closed hand's shanten (0, the default: as the efficiency bot, which
        also calls to keep it with more live tiles); an open hand calls as before."""
        if isinstance(dora, bool) or not isinstance(dora, (int, float)) or not dora >= 0 or math.isinf(dora):
            raise InvalidOptionError(f"dora is a number of live tiles of at least 0, not {dora!r}")
        if isinstance(push, bool) or not isinstance(push, int) or push < 0:
            raise InvalidOptionError(f"push is a whole number of dora han of at least 0, not {push!r}")
        self.dora = float(dora)
        """What keeping one han of dora (``Ruleset.tile_bonus``) is worth, in live effective tiles: 0
        (the default) plays by efficiency alone."""
        self.push = push
        """A hand one tile from ready holding at least this many dora han pushes against a threat however
        late (0, the default: only within its first ``EARLY_DISCARDS`` discards)."""

    def _pushes_one_away(self, view: View, counts: Sequence[int]) -> bool:
        """Whether a hand one tile from ready pushes against a threat: early, or worth it by its dora."""
        if len(view.discards[view.seat]) < EARLY_DISCARDS:
            return True
        if not self.push or view.rules is None:
            return False
        bonus = view.rules.tile_bonus(view)
        held = sum(c * b for c, b in zip(counts, bonus, strict=True))
        held += sum(bonus[int(t)] for m in own_melds(view) for t in m.tiles)
        return held >= self.push

    def _bonus(self, view: View) -> tuple[int, ...] | None:
        """Each kind's bonus as the ruleset gives it, or None when the bot does not weigh it."""
        if not self.dora or view.rules is None:
            return None
        bonus = view.rules.tile_bonus(view)
        return bonus if any(bonus) else None

    def _quiet_discard(self, view: View, counts: list[int], melds: Sequence[Meld], seen: Sequence[int],
                       choices: Sequence[int], model: Efficiency) -> tuple[int, int]:
        bonus = self._bonus(view)
        if bonus is None or not any(bonus[d] for d in choices):
            return super()._quiet_discard(view, counts, melds, seen, choices, model)
        # Efficiency with a dora's worth: letting a dora go costs ``dora`` live tiles a han.
        ranked: list[tuple[int, float, bool, int, int]] = []
        for d in choices:
            counts[d] -= 1
            value, effective = model.shanten_and_effective(counts, melds)
            counts[d] += 1
            ranked.append((value, self.dora * bonus[d] - _live(effective, seen), not model.is_dead(d),
                           PREFERENCE[d], d))
        ranked.sort()
        top = [r for r in ranked if r[:4] == ranked[0][:4]]
        best = top[0] if len(top) == 1 else self.rng.choice(top)
        return best[4], best[0]

    def threatened(self, view: View, table: Table) -> bool:
        """Whether an opponent threatens enough to weigh danger."""
        return any(table.threat[o] >= FOLD_THREAT for o in range(4) if o != view.seat)

    def _turn(self, view: View) -> Action:
        legal = view.legal
        choices = sorted({int(a.tile) for a in legal if a.kind == ActionKind.DISCARD and a.tile is not None})
        if len(choices) <= 1:
            return super()._turn(view)
        seen = seen_counts(view)
        table = read_table(view, seen)
        if not self.threatened(view, table):
            return super()._turn(view)
        model = efficiency_of(view)
        counts = hand_counts(view)
        melds = own_melds(view)
        ranked: list[tuple[int, int, float, int, int]] = []
        for d in choices:
            counts[d] -= 1
            value, effective = model.shanten_and_effective(counts, melds)
            counts[d] += 1
            ranked.append((value, -_live(effective, seen), table.deal_in(d), PREFERENCE[d], d))
        best = min(r[0] for r in ranked)
        if best == 0 or (best == 1 and self._pushes_one_away(view, counts)):
            # Push: the lowest shanten, the safest of those (in steps of 1%), then efficiency.
            pushing = (r for r in ranked if r[0] == best)
            tile = min(pushing, key=lambda r: (round(r[2] * 100), r[1], r[3], r[4]))[4]
            declare = Action(ActionKind.RIICHI, ALL_TILES[tile])
            if best == 0 and declare in legal:
                return declare
        else:
            tile = min(ranked, key=lambda r: (r[2], r[0], r[1], r[3], r[4]))[4]
        return next(a for a in legal if a.kind == ActionKind.DISCARD and a.tile == tile)

    def ranked_discards(self, view: View) -> list[int]:
        """The kinds the seat may discard, best first as this bot judges them (the search bot's candidates):
        by efficiency while the table is quiet; under a threat, when pushing, the lowest shanten and then the
        safest, else the safest first. No random tie-break (``act`` breaks efficiency's ties at random)."""
        legal = view.legal
        choices = sorted({int(a.tile) for a in legal if a.kind == ActionKind.DISCARD and a.tile is not None})
        seen = seen_counts(view)
        table = read_table(view, seen)
        model = efficiency_of(view)
        counts = hand_counts(view)
        melds = own_melds(view)
        rows: list[tuple[int, int, float, int, int]] = []
        for d in choices:
            counts[d] -= 1
            value, effective = model.shanten_and_effective(counts, melds)
            counts[d] += 1
            rows.append((value, -_live(effective, seen), table.deal_in(d), PREFERENCE[d], d))
        if not rows:
            return []
        if not self.threatened(view, table):
            bonus = self._bonus(view) or NO_BONUS
            dora = self.dora
            rows.sort(key=lambda r: (r[0], r[1] + dora * bonus[r[4]], not model.is_dead(r[4]), r[3], r[4]))
            return [r[4] for r in rows]
        best = min(r[0] for r in rows)
        if best == 0 or (best == 1 and self._pushes_one_away(view, counts)):
            rows.sort(key=lambda r: (r[0], round(r[2] * 100), r[1], r[3], r[4]))
        else:
            rows.sort(key=lambda r: (r[2], r[0], r[1], r[3], r[4]))
        return [r[4] for r in rows]

    def _claim(self, view: View) -> Action:
        if self.threatened(view, read_table(view)):
            model = efficiency_of(view)
            if model.shanten(hand_counts(view), own_melds(view)) > 1:
                return PASS if PASS in view.legal else view.legal[0]
        choice = super()._claim(view)
        if not self.call_gain or choice.kind not in (ActionKind.CHOW, ActionKind.PUNG) \
                or any(not m.is_concealed_kong for m in own_melds(view)) or view.last_discard is None:
            return choice
        # Opening a closed hand gives up riichi and menzen: worth it only for real speed.
        model = efficiency_of(view)
        counts = hand_counts(view)
        melds = own_melds(view)
        before = model.shanten(counts, melds)
        giver, tile = view.last_discard
        after, meld = after_claim(counts, choice, int(tile), RelativeSeat.between(view.seat, giver))
        _, value, _ = best_discard(after, (*melds, meld), seen_counts(view),
                                   [t for t in range(34) if after[t]], model=model)
        return choice if value <= before - self.call_gain else PASS

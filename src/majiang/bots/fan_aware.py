"""The fan-aware bot: plays toward legal (8-fan) wins and away from opponents who look ready.

Each candidate (a discard, a claim, a kong, or passing) is judged by the hand it leaves, as expected
points: for each target shape (``majiang.bots.targets``: 清一色, 混一色, 碰碰和, 五门齐, 花龙, 清龙,
三色三同顺, 三色三步高, 七对, 全不靠, 组合龙, ...) and for the hand as it stands, the chance of
completing it before the wall runs out (from its distance, its live effective tiles, the draws left and
how likely someone else ends the hand first) times the points a win of its fans would bring. A shape
worth fewer than 8 fans counts only in part unless the hand adds the missing fans (门前清, honor
pungs, kongs). When the hand is ready the waits are scored exactly: only live copies of waits that
reach 8 fans count (on a discard, or, for less, on a self-draw only), weighted by their fans.

A discard's danger (``majiang.bots.danger``) is weighed against that: the expected loss of dealing in
is subtracted, so a far hand facing a likely-ready opponent lets go of safe tiles (folds), while a
ready hand with good legal waits keeps pushing. Claims are taken only when the hand after the claim
and its best discard is worth more than passing; a claim that leaves no way to 8 fans is worth little
and is passed.

All that is Chinese Official. Under a ruleset whose wins are not scored by its fans
(``Efficiency.mcr_fans`` false, e.g. Sichuan) the bot plays by tile efficiency under that ruleset's
forms, choosing among discards that leave the hand ready by the points its live waits would score there
(``EfficiencyBot`` with ``weigh_waits``).

>>> from majiang.bots import play_out
>>> from majiang.game import Game
>>> g = Game(seed=11)
>>> play_out(g, [FanAwareBot(seed=s) for s in range(4)]) > 0 and g.result is not None
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from majiang.actions import Action, ActionKind
from majiang.analysis.shanten import RULED_OUT, shanten_and_effective, shanten_counts
from majiang.bots.common import (
    PASS,
    PREFERENCE,
    WIN,
    after_claim,
    efficiency_of,
    hand_counts,
    own_melds,
    seen_counts,
)
from majiang.bots.danger import Table, read_table
from majiang.bots.efficiency import EfficiencyBot, opening_choice
from majiang.bots.targets import TARGETS, SetsTarget, Target, extra_fans, small_fans
from majiang.errors import InvalidHandError
from majiang.game.table import Phase, View
from majiang.mcr import MINIMUM, McrWinFans
from majiang.meld import Meld, MeldKind
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES, Tile

__all__ = ["FanAwareBot"]

LOSS = 22.0
"""Expected points lost by dealing in: the 8 base points everyone pays plus a typical hand's fans."""
CLAIM_MARGIN = 0.15
"""A claim must be worth this many expected points more than passing (claiming gives up 门前清)."""
_Key = tuple[int, tuple[int, ...], tuple[Meld, ...]]
_MANY = 1000
"""An effective-tile count above any cap: ``_win_chance`` with it bounds every real count."""
_MAX_TARGETS = 8
_MAX_NAMED = 3
_SMALL_FACTOR = (0.1, 0.1, 0.1, 0.1, 0.1, 0.2, 0.35, 0.6, 0.9)
"""How often a hand without a target shape reaches 8, by its likely small fans (a guess)."""
_FAN_CACHE: dict[tuple[object, ...], tuple[int, int]] = {}
_FANS: dict[tuple[int, int], McrWinFans] = {}  # by seat and round wind


def _kinds(counts: Sequence[int]) -> int:
    """Bit k set when kind k is held."""
    return sum(1 << k for k, n in enumerate(counts) if n)


def _gain(fans: float) -> float:
    """Points a win brings: 8 from each of three players plus the fans from the payer (or all three
    on a self-draw, about a third of wins)."""
    return 24.0 + 1.6 * fans


# 8,192 entries (about 2 MiB): at 65,536 this cache alone held 16 MiB of a simulation worker's
# resident memory for 2 points of hit rate (85% against 83% with 8,192, over 250 hands).
@lru_cache(maxsize=1 << 13)
def _win_chance(distance: int, effective: int, ready: int, draws: int, unseen: int, hazard: int,
                calls: bool, width: int = 8) -> float:
    """Chance of winning within ``draws`` turns from ``distance`` steps away.

    ``effective`` live tiles advance the first step (fewer for later ones); ``ready`` is the weighted
    live count of legal waits once ready (twice the figure, as an int); ``hazard`` (per mille) is the
    chance per turn that someone else ends the hand; ``calls`` lets claims speed up the steps.
    """
    if draws <= 0 or unseen <= 0:
        return 0.0
    h = hazard / 1000.0
    w = min(0.95, ready / 2.0 / unseen)
    boost = 1.4 if calls else 1.0
    # p[k]: chance to win within k turns at the current stage; start with the ready stage.
    p = [0.0] * (draws + 1)
    for k in range(1, draws + 1):
        p[k] = (1 - h) * (w + (1 - w) * p[k - 1])
    for step in range(1, distance + 1):
        # Far from ready almost any tile helps, close to it only a few: the first step uses the hand's
        # own count (capped by what a hand that far usually has), later ones a typical count.
        if step == distance:
            e = min(float(effective), 12.0 + 12.0 * step)
        else:
            e = min(effective * 0.7 ** (distance - step), width * (1.0 + step))
        q = min(0.95, max(e, 2.0) * boost / unseen)
        nxt = [0.0] * (draws + 1)
        for k in range(1, draws + 1):
            nxt[k] = (1 - h) * (q * p[k - 1] + (1 - q) * nxt[k - 1])
        p = nxt
    return p[draws]


class _Situation:
    """What one decision needs from the view: seen copies, draws left, winds, the table's danger."""

    __slots__ = ("cache", "draws", "hazard", "lives", "round_wind", "seat_wind", "seen", "table", "unseen")

    def __init__(self, view: View) -> None:
        self.seen = seen_counts(view)
        self.unseen = max(1, 136 - sum(self.seen))
        self.draws = max(0, (view.wall_left + 3) // 4)
        self.table: Table = read_table(view, self.seen)
        self.hazard = round(1000 * self.table.hazard)
        self.seat_wind = int(view.seat_wind)
        self.round_wind = int(view.round_wind)
        # Distances and live effective counts of targets, by what each target reads of a hand.
        self.cache: dict[_Key, int] = {}
        self.lives: dict[_Key, int] = {}

    def live(self, kinds: Sequence[int]) -> int:
        seen = self.seen
        return sum(4 - seen[t] for t in kinds if seen[t] < 4)


def _wait_fans(melds: tuple[Meld, ...], counts: Sequence[int], tile: int, last: bool, seat_wind: int,
               round_wind: int) -> tuple[int, int]:
    """Fans (flowers excluded) of winning on ``tile``: on a discard and self-drawn; cached."""
    key = (melds, bytes(counts), tile, last, seat_wind, round_wind)
    hit = _FAN_CACHE.get(key)
    if hit is not None:
        return hit
    # Both ways in one pass on counts (the advice's path), no hand built.
    standing = list(counts)
    standing[tile] += 1
    everything = list(standing)
    for m in melds:
        for k in m.tiles:
            everything[k] += 1
    if everything[tile] > 4:
        raise InvalidHandError(f"{everything[tile]} copies of {ALL_TILES[tile].notation()}; a set has only 4")
    fans = _FANS.get((seat_wind, round_wind))
    if fans is None:
        fans = _FANS[seat_wind, round_wind] = McrWinFans(Tile(seat_wind), Tile(round_wind))
    mask = _kinds(standing)
    try:
        out = fans.both_ways_counted(melds, tuple(standing), tuple(everything), mask,
                                     mask | _kinds(everything), tile, last)
    except InvalidHandError:  # a context the hand cannot have, as for a hand that is no win
        out = (0, 0)
    if len(_FAN_CACHE) > 100_000:
        _FAN_CACHE.clear()
    value = _FAN_CACHE[key] = out
    return value


def _distance(s: _Situation, target: Target, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
    """``target.distance``, cached for the decision by what the target reads of the hand."""
    key: _Key = (id(target), target.key(counts), melds)
    d = s.cache.get(key)
    if d is None:
        d = s.cache[key] = target.distance(counts, melds)
    return d


class FanAwareBot:
    """Steers toward 8 fans and defends: see the module docstring."""

    name = "fan-aware"
    loss = LOSS
    claim_margin = CLAIM_MARGIN

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.other = EfficiencyBot(seed, weigh_waits=True)

    # -- the entry point --------------------------------------------------------------------------

    def act(self, view: View) -> Action:
        legal = view.legal
        if WIN in legal:
            return WIN
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.OPENING:
            return opening_choice(view, self.rng)
        if not efficiency_of(view).mcr_fans:
            # The targets and the 8-fan minimum are Chinese Official: elsewhere, efficiency with the
            # waits weighed by what they would score under the ruleset being played.
            return self.other.act(view)
        situation = _Situation(view)
        if view.phase == Phase.TURN:
            return self._turn(view, situation)
        return self._claim(view, situation)

    def ranked_discards(self, view: View) -> list[int]:
        """The kinds the seat may discard now, best first (the search bot's candidates): under Chinese
        Official fans by expected points after the danger of dealing in, elsewhere as its efficiency bot
        ranks them (``EfficiencyBot.ranked_discards``). Ties go to honors, terminals, then the lowest."""
        if not efficiency_of(view).mcr_fans:
            return self.other.ranked_discards(view)
        s = _Situation(view)
        counts = hand_counts(view)
        melds = own_melds(view)
        targets = self._active(counts, melds)
        ranked: list[tuple[float, int, int]] = []
        for d in sorted({int(a.tile) for a in view.legal
                         if a.kind == ActionKind.DISCARD and a.tile is not None}):
            counts[d] -= 1
            offense = self._value(s, counts, melds, targets)
            counts[d] += 1
            risk = s.table.deal_in(d)
            ranked.append((-((1.0 - risk) * offense - risk * self.loss), PREFERENCE[d], d))
        ranked.sort()
        return [d for _, _, d in ranked]

    # -- judging hands ----------------------------------------------------------------------------

    def _active(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> list[tuple[Target, int]]:
        """The targets worth following from this hand (with their distances), nearest first.

        Shapes more than a step behind the nearest are dropped, except big ones (16 fans or more)
        two steps behind; the named-set shapes (which ``TARGETS`` lists last) are first screened by
        their missing tiles.
        """
        found: list[tuple[Target, int]] = []
        best = RULED_OUT
        held = sum(1 << t for t in range(34) if counts[t])
        for target in TARGETS:
            if isinstance(target, SetsTarget) and target.lower_bound(counts, melds, held) > best + 1:
                continue
            d = target.distance(counts, melds)
            if d >= RULED_OUT:
                continue
            found.append((target, d))
            if d < best:
                best = d
        keep = [(t, d) for t, d in found if d <= best + 1 or (d == best + 2 and t.fans >= 16)]
        keep.sort(key=lambda x: (x[1], -x[0].fans))
        out: list[tuple[Target, int]] = []
        named = 0
        for t, d in keep:
            if isinstance(t, SetsTarget):
                # Named-set shapes come in many overlapping variants; the nearest few are enough.
                named += 1
                if named > _MAX_NAMED:
                    continue
            out.append((t, d))
        return out[:_MAX_TARGETS]

    def _extra(self, s: _Situation, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
        return extra_fans(counts, melds, s.seat_wind, s.round_wind)

    def _value(self, s: _Situation, counts: list[int], melds: tuple[Meld, ...],
               targets: Sequence[tuple[Target, int]]) -> float:
        """Expected points of a hand waiting to draw (13 tiles, a kong counting 3)."""
        n = len(melds)
        value, effective = shanten_and_effective(counts, n)
        extra = self._extra(s, counts, melds)
        fully_concealed = all(m.is_concealed_kong for m in melds)
        best = 0.0
        if value == 0:
            best = self._ready_value(s, counts, melds, effective)
        else:
            # The hand as it stands: 8 fans would have to come from small fans (门前清, 平和, 断幺, ...).
            small = small_fans(counts, melds, s.seat_wind, s.round_wind)
            factor = _SMALL_FACTOR[min(small, MINIMUM)]
            best = factor * _gain(max(small, MINIMUM)) * _win_chance(
                value, s.live(effective), 10, s.draws, s.unseen, s.hazard, not fully_concealed)
        # Each target: an upper bound first (the most effective tiles it could have), then the real figure.
        scored: list[tuple[float, Target, int, float, _Key]] = []
        for target, _ in targets:
            d = _distance(s, target, counts, melds)
            if d <= 0 or d >= RULED_OUT:
                continue
            gain = self._target_gain(target, extra)
            bound = gain * _win_chance(d, _MANY, 4 * target.ready_live, s.draws, s.unseen, s.hazard,
                                       target.open, target.width)
            scored.append((bound, target, d, gain, (id(target), target.key(counts), melds)))
        scored.sort(key=lambda x: -x[0])
        for bound, target, d, gain, key in scored:
            if bound <= best:
                break
            live = s.lives.get(key)
            if live is None:
                live = s.lives[key] = s.live(target.effective(counts, melds))
            v = gain * _win_chance(d, live, 4 * target.ready_live, s.draws, s.unseen, s.hazard,
                                   target.open, target.width)
            best = max(best, v)
        return best

    def _ready_value(self, s: _Situation, counts: list[int], melds: tuple[Meld, ...],
                     waits: Sequence[int]) -> float:
        """Expected points of a ready hand from its waits' fans and live copies."""
        weighted = 0.0
        points = 0.0
        seen = s.seen
        for w in waits:
            if counts[w] >= 4 or seen[w] >= 4:
                continue
            live = 4 - seen[w]
            last = seen[w] - counts[w] == 3
            on_discard, self_drawn = _wait_fans(melds, counts, w, last, s.seat_wind, s.round_wind)
            if on_discard >= MINIMUM:
                weighted += 2.5 * live
                points += 2.5 * live * _gain(on_discard)
            elif self_drawn >= MINIMUM:
                weighted += live
                points += live * _gain(self_drawn)
        if weighted == 0:
            return 0.0
        chance = _win_chance(0, 0, round(2 * weighted), s.draws, s.unseen, s.hazard, False)
        return chance * points / weighted

    def _best_discard(self, s: _Situation, counts: list[int], melds: tuple[Meld, ...],
                      choices: Sequence[int]) -> tuple[int, float]:
        """The discard with the best expected points after danger, and that figure.

        Branch and bound: each discard first gets an upper bound of its value from its distances alone
        (as if every effective tile were live); discards are judged in full best bound first, until no
        bound can beat the best figure found.
        """
        targets = self._active(counts, melds)
        table = s.table
        loss = self.loss
        bounded: list[tuple[float, int, float]] = []
        for d in choices:
            counts[d] -= 1
            bound = self._bound(s, counts, melds, targets)
            counts[d] += 1
            risk = table.deal_in(d)
            bounded.append(((1.0 - risk) * bound - risk * loss, d, risk))
        bounded.sort(key=lambda x: (-x[0], x[1]))
        ranked: list[tuple[float, int, float, int]] = []
        best = -math.inf
        for top, d, risk in bounded:
            if top < best:
                break
            counts[d] -= 1
            offense = self._value(s, counts, melds, targets)
            counts[d] += 1
            ev = (1.0 - risk) * offense - risk * loss
            best = max(best, ev)
            ranked.append((-ev, PREFERENCE[d], self.rng.random(), d))
        ranked.sort()
        return ranked[0][3], -ranked[0][0]

    def _bound(self, s: _Situation, counts: list[int], melds: tuple[Meld, ...],
               targets: Sequence[tuple[Target, int]]) -> float:
        """An upper bound of ``_value`` from distances alone (infinite for a ready hand)."""
        n = len(melds)
        value = shanten_counts(counts, n)
        if value <= 0:
            return math.inf
        small = small_fans(counts, melds, s.seat_wind, s.round_wind)
        fully_concealed = all(m.is_concealed_kong for m in melds)
        best = _SMALL_FACTOR[min(small, MINIMUM)] * _gain(max(small, MINIMUM)) * _win_chance(
            value, _MANY, 10, s.draws, s.unseen, s.hazard, not fully_concealed)
        extra = extra_fans(counts, melds, s.seat_wind, s.round_wind)
        for target, _ in targets:
            d = _distance(s, target, counts, melds)
            if d >= RULED_OUT:
                continue
            if d <= 0:
                return math.inf
            best = max(best, self._target_gain(target, extra) * _win_chance(
                d, _MANY, 4 * target.ready_live, s.draws, s.unseen, s.hazard, target.open, target.width))
        return best

    @staticmethod
    def _target_gain(target: Target, extra: int) -> float:
        """Points a win of ``target`` brings, discounted when its fans fall short of 8."""
        fans = target.fans + extra
        factor = 1.0 if fans >= MINIMUM else 0.55 if fans + 1 >= MINIMUM else 0.4
        return factor * _gain(max(fans, MINIMUM))

    # -- decisions --------------------------------------------------------------------------------

    def _turn(self, view: View, s: _Situation) -> Action:
        legal = view.legal
        counts = hand_counts(view)
        melds = own_melds(view)
        choices = sorted({int(a.tile) for a in legal if a.kind == ActionKind.DISCARD and a.tile is not None})
        tile, ev = self._best_discard(s, counts, melds, choices)
        for a in legal:
            if a.tile is None or a.kind not in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                continue
            t = int(a.tile)
            after = list(counts)
            if a.kind == ActionKind.CONCEALED_KONG:
                after[t] -= 4
                new = (*melds, Meld.kong(ALL_TILES[t]))
            else:
                after[t] -= 1
                new = tuple(Meld.kong(m.tile, m.from_seat, added=True)
                            if m.tile == t and m.kind == MeldKind.PUNG else m for m in melds)
            value = self._value(s, after, new, self._active(after, new))
            if value >= ev:
                return a
        return next(a for a in legal if a.kind == ActionKind.DISCARD and a.tile == tile)

    def _claim(self, view: View, s: _Situation) -> Action:
        legal = view.legal
        # The tile answered: the discard, or the tile being added to a kong (a pung may rob it, 抢叉).
        source = view.robbing if view.phase == Phase.ROB else view.last_discard
        if source is None:
            return PASS if PASS in legal else legal[0]
        giver, claimed = source
        tile = int(claimed)
        counts = hand_counts(view)
        melds = own_melds(view)
        pass_targets = self._active(counts, melds)
        base = self._value(s, counts, melds, pass_targets)
        floor = {id(t): d for t, d in pass_targets}
        best, choice = base + self.claim_margin, PASS
        for a in legal:
            if a.kind not in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG):
                continue
            after, meld = after_claim(counts, a, tile, RelativeSeat.between(view.seat, giver))
            new = (*melds, meld)
            targets = self._active(after, new)
            # Worth a full look only if the claim brings some target (or the hand) closer.
            if not any(d < floor.get(id(t), RULED_OUT) for t, d in targets):
                continue
            if a.kind == ActionKind.KONG:
                value = self._value(s, after, new, targets)
            else:
                choices = [t for t in range(34) if after[t]]
                _, value = self._best_discard(s, after, new, choices)
            if value > best:
                best, choice = value, a
        return choice

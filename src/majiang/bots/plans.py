"""A playout policy that follows a fan plan: the search bot's own seat aiming at 8 fans in its playouts.

The fast playout policy (``majiang.bots.quick.quick_action``) plays for the lowest shanten and never
claims, so a searching seat's playouts mostly reach hands that cannot legally win under the 8-fan minimum,
and a candidate that keeps a fan plan (or a claim that advances one) looks worse than it is. Here the plan
is chosen once, at the decision, by the fan-aware bot's own judgement (``choose_plan``: the target shape
of ``majiang.bots.targets`` with the best expected points for the hand a candidate leaves, or none when
the hand as it stands is worth more), and followed in the playouts by a cheap rule (``PlanPolicy``):

* win when the engine offers a win (only a valid 8-fan win is offered);
* on its turn, the discard leaving the plan's distance lowest; among those, for a plan that allows only
  some kinds (清一色, 混一色, 碰碰和's pungs aside), a kind outside them first; then the lowest shanten,
  honors and terminals first;
* on another's discard, a chow or pung when the plan allows melds and the claim and its best discard bring
  the plan a step closer; never a kong;
* with no plan, the fast policy.

The other seats keep the fast policy.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.actions import Action, ActionKind
from majiang.analysis.shanten import RULED_OUT, shanten_and_effective, shanten_counts
from majiang.bots.common import PASS, PREFERENCE, WIN, after_claim
from majiang.bots.fan_aware import _SMALL_FACTOR, FanAwareBot, _distance, _gain, _Situation, _win_chance
from majiang.bots.quick import quick_action
from majiang.bots.targets import MaskTarget, Target, small_fans
from majiang.game.table import Game, Phase
from majiang.mcr import MINIMUM
from majiang.meld import Meld
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES

__all__ = ["Leaf", "PlanPolicy", "choose_plan"]

_DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in ALL_TILES)
_MAX_PICKS = 1 << 16


def choose_plan(prior: FanAwareBot, s: _Situation, counts: list[int],
                melds: tuple[Meld, ...]) -> Target | None:
    """The target with the best expected points (as the fan-aware bot reckons them) for a hand waiting to
    draw, or None when the hand as it stands (ready, or by its small fans) is worth as much."""
    value, effective = shanten_and_effective(counts, len(melds))
    if value <= 0:
        return None
    small = small_fans(counts, melds, s.seat_wind, s.round_wind)
    fully_concealed = all(m.is_concealed_kong for m in melds)
    best = _SMALL_FACTOR[min(small, MINIMUM)] * _gain(max(small, MINIMUM)) * _win_chance(
        value, s.live(effective), 10, s.draws, s.unseen, s.hazard, not fully_concealed)
    extra = prior._extra(s, counts, melds)
    plan: Target | None = None
    for target, _ in prior._active(counts, melds):
        d = _distance(s, target, counts, melds)
        if d <= 0 or d >= RULED_OUT:
            continue
        live = s.live(target.effective(counts, melds))
        v = prior._target_gain(target, extra) * _win_chance(
            d, live, 4 * target.ready_live, s.draws, s.unseen, s.hazard, target.open, target.width)
        if v > best:
            best, plan = v, target
    return plan


class PlanPolicy:
    """The playout policy of one seat following ``plan`` (see the module docstring); its discards are
    remembered by hand."""

    __slots__ = ("outside", "picks", "plan", "seat")

    def __init__(self, seat: int, plan: Target | None) -> None:
        self.seat = seat
        self.plan = plan
        # Kinds a mask plan has no use for go first among discards that keep its distance.
        outside = [0] * 34
        if isinstance(plan, MaskTarget) and not plan.pungs:
            outside = [0 if plan.mask[k] else -1 for k in range(34)]
        self.outside = outside
        self.picks: dict[tuple[bytes, tuple[Meld, ...]], int] = {}

    def _discard(self, counts: list[int], melds: tuple[Meld, ...]) -> int:
        plan = self.plan
        assert plan is not None
        n = len(melds)
        outside = self.outside
        best: tuple[int, int, int, int, int] | None = None
        pick = -1
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                key = (plan.distance(counts, melds), outside[k], shanten_counts(counts, n), PREFERENCE[k], k)
                counts[k] += 1
                if best is None or key < best:
                    best, pick = key, k
        return pick

    def distance_after_discard(self, counts: list[int], melds: tuple[Meld, ...]) -> int:
        """The plan's distance after the best discard from a hand of 14 (a kong counting 3)."""
        plan = self.plan
        assert plan is not None
        out = RULED_OUT
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                out = min(out, plan.distance(counts, melds))
                counts[k] += 1
        return out

    def __call__(self, game: Game, seat: int, legal: Sequence[Action]) -> Action | None:
        """The action for ``seat`` (this policy's seat) from ``legal``, or None to leave it to the fast
        policy."""
        plan = self.plan
        if plan is None:
            return None
        if WIN in legal:
            return WIN
        counts = game.counts[seat]
        melds = tuple(game.melds[seat])
        if game.phase is Phase.TURN:
            key = (bytes(counts), melds)
            pick = self.picks.get(key)
            if pick is None:
                if len(self.picks) >= _MAX_PICKS:
                    self.picks.clear()
                pick = self.picks[key] = self._discard(counts, melds)
            action = _DISCARDS[pick]
            return action if action in legal else None
        if not plan.open or game.phase is not Phase.CLAIM or game.last_discard is None:
            return None
        giver, tile = game.last_discard
        now = plan.distance(counts, melds)
        if now >= RULED_OUT:
            return PASS if PASS in legal else None
        for a in legal:
            if a.kind not in (ActionKind.CHOW, ActionKind.PUNG):
                continue
            after, meld = after_claim(counts, a, tile, RelativeSeat.between(seat, giver))
            if self.distance_after_discard(after, (*melds, meld)) < now:
                return a
        return PASS if PASS in legal else None


class Leaf:
    """The value of a cut-off playout: the searching seat at its turn (14 tiles, a kong counting 3) lets
    go of the discard its playout policy would (``plan``'s, else the fast policy's) and its hand is worth
    the fan-aware bot's expected points (``FanAwareBot._value``) with the draws left then.

    What the seat has seen is counted anew at the leaf (its tiles, every shown meld and discard): a
    ready hand's waits are scored only on copies that can still come. The danger reading is the
    decision's.
    """

    __slots__ = ("plan", "prior", "root", "seat")

    def __init__(self, prior: FanAwareBot, root: _Situation, seat: int) -> None:
        self.prior = prior
        self.root = root
        self.seat = seat
        self.plan: PlanPolicy | None = None

    def _situation(self, game: Game) -> _Situation:
        root = self.root
        s = _Situation.__new__(_Situation)
        for name in _Situation.__slots__:
            setattr(s, name, getattr(root, name))
        seat = self.seat
        seen = list(game.counts[seat])
        for s_melds in game.melds:
            for m in s_melds:
                if m.is_concealed_kong and s_melds is not game.melds[seat]:
                    continue  # face down to the seat
                for t in m.tiles:
                    seen[t] += 1
        for pile in (*game.discards, *game.won):
            for t in pile:
                seen[t] += 1
        s.seen = seen
        s.unseen = max(1, 136 - sum(seen))
        s.draws = max(0, (game.wall_left + 3) // 4)
        s.lives = {}  # live counts depend on what is seen: the distances' cache stays shared
        return s

    def __call__(self, game: Game) -> float:
        seat = self.seat
        counts = list(game.counts[seat])
        melds = tuple(game.melds[seat])
        action: Action | None = None
        if self.plan is not None and self.plan.plan is not None:
            action = self.plan(game, seat, game.legal_actions(seat))
        if action is None or action.kind is not ActionKind.DISCARD:
            action = quick_action(game, seat)
        if action.kind is ActionKind.DISCARD and action.tile is not None:
            counts[int(action.tile)] -= 1
        else:  # a kong or the like: judge the hand before it
            counts[max(range(34), key=lambda k: (counts[k] > 0, -PREFERENCE[k]))] -= 1
        prior = self.prior
        return prior._value(self._situation(game), counts, melds, prior._active(counts, melds))

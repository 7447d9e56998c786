"""The search bot: its prior's few best candidates, played out on sampled deals, judged by points.

At a decision with more than one reasonable candidate (on its turn: the prior's best few discards and its
own choice, a kong included, and under riichi each of them also with riichi declared where offered; on
another's discard: passing and each claim) the bot

1. samples the tiles it cannot see (``majiang.bots.position``): the others' hands and concealed kongs
   and the wall (each seat's own wall under the ``botzone`` preset; riichi's dead wall, a seat in riichi
   given a ready hand; under Sichuan the others' hands as close to a win as their discards suggest),
   dealt at random from the tiles it has not seen;
2. plays each candidate out on a copy of each sampled game to the end of the hand with a fast policy
   for every seat (``playout``: win when the engine offers a win, which under Chinese Official rules is
   a valid 8-fan win and under riichi one with a yaku; otherwise the discard leaving the lowest shanten,
   honors and terminals first, with riichi declared where offered, by each seat's own efficiency
   where the ruleset counts that way, ``Ruleset.playout_shanten``, its dead kinds first; never claim),
   the same samples for every candidate (common random numbers);
3. keeps the prior's choice unless another candidate scored more points for the seat (the hand's
   payments: under riichi the sticks too) on the same samples by more than ``confidence`` standard
   errors of the paired difference: the playouts are few and noisy, and the prior's choice is a good
   default.

The prior is the ruleset's strongest bot (``Ruleset.coach_bot``): the fan-aware bot (with a smaller
expected loss of dealing in, ``PRIOR_LOSS``: it folds less readily, which measured better than the
fan-aware bot's own judgement) under the Chinese Official family, the defense bot under riichi; where the
prior is not the fan-aware bot of Chinese Official fans (riichi, Sichuan), its ``ranked_discards`` give
the candidates (under Sichuan the fan-aware bot plays and ranks as the efficiency bot).

The budget is a number of playouts per decision (``playouts``), not a time, so that the same seed and
budget give the same decisions on any machine; ``budget`` (seconds) converts to playouts at
``PLAYOUTS_PER_SECOND``, set from the rate measured on the development machine (docs/bots.md). A decision
shares its playouts equally among its candidates.

Options change what is searched and how (docs/bots.md has what each measured): ``only`` searches only
turns or only claims; ``policy="plan"`` lets the searching seat follow a fan plan fixed at the decision
in its playouts (``majiang.bots.plans``) where the fast policy ignores fans; ``depth`` stops each
playout at the seat's ``depth``-th draw and values its hand by the fan-aware bot's expected points
(less noise than a hand played to its end); ``loss`` and ``claim_margin`` retune the fan-aware prior.
(The plans and cut-offs are the fan-aware bot's: Chinese Official rules only.)

The search builds games of the rulesets that rebuild a game from a view (``Ruleset.rebuilds``: the
Chinese Official family without house fans, riichi, Sichuan and Chengdu, Changsha, Changchun,
Yangzhou); under any other ruleset, and for opening questions (Sichuan's 换三张 and 定缺), robbing a kong or
a ruleset's question, it plays as its prior. Where wins are not scored by Chinese Official fans, the
fan-aware prior plays by tile efficiency, and its candidates are its discards best by that
(``ranked_discards``); the playouts count each seat's shanten by its ruleset (``playout_models``), and a
budget buys fewer playouts where they cost more (``Ruleset.playout_cost``).

>>> from majiang.bots import play_out
>>> from majiang.game import Game
>>> g = Game(seed=11)
>>> play_out(g, [SearchBot(seed=s, playouts=8) for s in range(4)]) > 0 and g.result is not None
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from majiang.actions import Action, ActionKind
from majiang.bots.common import (
    PASS,
    PREFERENCE,
    WIN,
    after_claim,
    efficiency_of,
    hand_counts,
    own_melds,
)
from majiang.bots.fan_aware import FanAwareBot, _Situation
from majiang.bots.plans import Leaf, PlanPolicy, choose_plan
from majiang.bots.position import Position, clone, supports
from majiang.bots.quick import quick_action
from majiang.bots.registry import Bot, find_bot
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import CHINESE_EFFICIENCY, Efficiency
from majiang.game.table import Game, Phase, View
from majiang.meld import Meld, MeldKind
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES

__all__ = ["DEFAULT_BUDGET", "PLAYOUTS_PER_SECOND", "PRIOR_LOSS", "SearchBot", "cut_playout", "playout",
           "playout_models"]

PLAYOUTS_PER_SECOND = 300
"""Playouts a ``budget`` second buys: well under the 820-1,000 a second a decision runs at on one core of
the development machine (benchmarks/search.py), so the slowest decisions of a budget stay inside it."""
DEFAULT_BUDGET = 1.0
"""Seconds a decision may take by default: Botzone's limit for a Python bot's answer."""
TOP = 3
"""Discards the prior ranks best that are played out (besides its own choice)."""
MARGIN = 4.0
"""A discard whose fan-aware value is further than this (in expected points) from the best is not tried."""
CONFIDENCE = 2.0
"""Standard errors by which a candidate must beat the prior's choice on the same samples. Paired points are
lumpy (mostly 0, a few a whole win or deal-in), so one standard error let lucky samples overrule: at 16
playouts 2 measured better than 1 under ``botzone`` (+3.22 against +1.50 a hand over fan-aware, 120 deals)
and under riichi (−40 against −540 against ``defense``, 240 deals): docs/bots.md."""
PRIOR_LOSS = 3.0
"""The prior's expected loss of dealing in: the fan-aware bot's 22 makes it fold too readily. With 3 the
prior alone beat the fan-aware bot under the ``botzone`` preset by +2.77 and +2.65 points a hand (two
240-deal duplicate arenas, seeds 2 and 1, both intervals clear of 0; 8 gave +1.61 and +1.52); under
``mcr`` (a shared wall, flowers) neither moved it decisively (−0.75, −0.67): docs/bots.md."""

_TURN, _OVER = Phase.TURN, Phase.OVER
_DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in ALL_TILES)
_DECLARE = tuple(Action(ActionKind.RIICHI, t) for t in ALL_TILES)
_TURN_DISCARDS = (ActionKind.DISCARD, ActionKind.RIICHI)
_CLAIMS = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)


OwnPolicy = Callable[[Game, int, Sequence[Action]], Action | None]
"""A policy for the searching seat in a playout: its action from the legal ones, or None for the fast one."""


Models = Sequence[Efficiency | None]
"""Each seat's judgement of its tiles for the playout policy (``Ruleset.efficiency`` of its view), by seat;
None: every Chinese Official form (``quick_action``'s fast default)."""
_CHINESE: Models = (None, None, None, None)


def playout_models(game: Game) -> Models:
    """Each seat's ``Ruleset.efficiency`` in ``game`` (its winds, a suit it gave up), for ``playout``: None
    where that is the Chinese Official one (the playout policy's fast path), or where the ruleset's
    playouts count shanten the Chinese way (``Ruleset.playout_shanten``: riichi)."""
    rules = game.rules
    if not rules.playout_shanten:
        return _CHINESE
    models = [rules.efficiency(game.view(s)) for s in range(4)]
    return tuple(None if m is CHINESE_EFFICIENCY else m for m in models)


def playout(game: Game, seat: int, max_steps: int = 2000, own: OwnPolicy | None = None,
            models: Models = _CHINESE) -> int:
    """Play ``game`` to its end with ``quick_action`` for every seat (``own``, if given, first asked for
    ``seat``'s actions; ``models``, each seat's shanten, ``playout_models``); ``seat``'s points from the
    hand."""
    steps = 0
    while game.phase is not _OVER:
        s = game.to_act()[0]
        action = None
        if own is not None and s == seat:
            legal = game.legal_actions(s)
            action = legal[0] if len(legal) == 1 else own(game, s, legal)
        game.apply(s, action if action is not None else quick_action(game, s, models[s]))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"a playout did not end in {max_steps} actions")
    return game.hand_deltas[seat]


def cut_playout(game: Game, seat: int, depth: int, leaf: Callable[[Game], float], max_steps: int = 2000,
                own: OwnPolicy | None = None, models: Models = _CHINESE) -> float:
    """As ``playout``, but stopped at ``seat``'s ``depth``-th draw (when it may not win on it): its points
    so far plus ``leaf(game)``, the estimate of what its hand is worth from there."""
    steps = 0
    draws = 0
    while game.phase is not _OVER:
        s = game.to_act()[0]
        action = None
        if s == seat:
            legal = game.legal_actions(s)
            if game.phase is _TURN and game.drawn is not None and WIN not in legal:
                draws += 1
                if draws >= depth:
                    return game.hand_deltas[seat] + leaf(game)
            if own is not None:
                action = legal[0] if len(legal) == 1 else own(game, s, legal)
        game.apply(s, action if action is not None else quick_action(game, s, models[s]))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"a playout did not end in {max_steps} actions")
    return game.hand_deltas[seat]


class SearchBot:
    """Plays its prior's candidates out on sampled deals: see the module docstring.

    ``playouts`` (per decision) or ``budget`` (seconds, converted at ``PLAYOUTS_PER_SECOND``) sets the
    effort; at most one of them. ``top`` discards are tried besides the prior's choice; ``confidence``
    is how sure the samples must be to overrule it; ``only`` (``"turn"`` or ``"claim"``) searches only
    that kind of decision and plays the other as its prior; ``policy`` is the seat's own playout
    policy (``"quick"``, as every seat's; ``"plan"``: ``majiang.bots.plans``; ``"prior"``: its prior's own
    play, which folds); ``loss`` and
    ``claim_margin`` retune the prior (its expected loss of dealing in, ``PRIOR_LOSS`` by default where the
    fan-aware bot has 22, None for the fan-aware bot's own; and the margin a claim must win by).
    """

    name = "search"

    def __init__(self, seed: int | None = None, *, playouts: int | None = None, budget: float | None = None,
                 top: int = TOP, confidence: float = CONFIDENCE, only: str | None = None,
                 policy: str = "quick", depth: int = 0, loss: float | None = PRIOR_LOSS,
                 claim_margin: float | None = None) -> None:
        if playouts is not None and budget is not None:
            raise InvalidOptionError("give the search bot playouts or a budget, not both")
        # A budget in seconds buys fewer playouts under rules whose playouts cost more
        # (``Ruleset.playout_cost``): converted at each decision, by the ruleset being played.
        self.timed = playouts is None
        self.default = playouts is None and budget is None  # the ruleset may decline the default's playouts
        if budget is not None:
            if not budget > 0 or math.isinf(budget):
                raise InvalidOptionError(f"a search budget is a positive number of seconds, not {budget!r}")
            playouts = max(1, round(budget * PLAYOUTS_PER_SECOND))
        elif playouts is None:
            playouts = round(DEFAULT_BUDGET * PLAYOUTS_PER_SECOND)
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 0:
            raise InvalidOptionError(f"playouts is a whole number of at least 0, not {playouts!r}")
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise InvalidOptionError(f"top is a whole number of at least 1, not {top!r}")
        if only not in (None, "turn", "claim"):
            raise InvalidOptionError(f"only is 'turn' or 'claim' (the decisions searched), not {only!r}")
        if policy not in ("quick", "plan", "prior"):
            raise InvalidOptionError(f"policy is 'quick', 'plan' or 'prior' (the seat's playout policy), "
                                     f"not {policy!r}")
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise InvalidOptionError(f"depth is a whole number of at least 0, not {depth!r}")
        self.policy = policy
        self.depth = depth
        self.playouts = playouts
        self.top = top
        self.phases = (Phase.TURN,) if only == "turn" else (Phase.CLAIM,) if only == "claim" else (
            Phase.TURN, Phase.CLAIM)
        self.confidence = float(confidence)
        self.seed = seed
        self.rng = random.Random(seed)
        self.prior = FanAwareBot(seed)
        self.priors: dict[str, Bot] = {}
        self.playout_priors: dict[str, Bot] = {}
        """The other rulesets' priors (``Ruleset.coach_bot``), made when first needed."""
        # The prior's judgement may be retuned here without touching the fan-aware bot itself.
        if loss is not None:
            if isinstance(loss, bool) or not isinstance(loss, (int, float)) or not loss >= 0 \
                    or math.isinf(loss):
                raise InvalidOptionError(f"loss is a number of points of at least 0, not {loss!r}")
            self.prior.loss = float(loss)
        if claim_margin is not None:
            if isinstance(claim_margin, bool) or not isinstance(claim_margin, (int, float)) \
                    or math.isnan(claim_margin) or math.isinf(claim_margin):
                raise InvalidOptionError(f"claim_margin is a number of points, not {claim_margin!r}")
            self.prior.claim_margin = float(claim_margin)
        self.planner = FanAwareBot(0)  # its own: the prior's random tie-breaks stay as without plans
        self.searched = 0  # decisions played out, and those where the search overruled the prior
        self.overruled = 0
        self.trace: list[tuple[View, list[Action], list[list[float]], int]] | None = None
        """When a list, each search appends its view, candidates, points by candidate and sample, and
        the pick (benchmarks/search_diagnose.py reads it)."""

    def act(self, view: View) -> Action:
        legal = view.legal
        if WIN in legal:
            return WIN
        if len(legal) == 1:
            return legal[0]
        # Drawn once a decision whatever happens next, so that each decision's samples are its own.
        decision_seed = self.rng.getrandbits(64)
        prior = self._prior_of(view)
        choice = prior.act(view)
        if self.playouts_for(view) <= 0 or view.phase not in self.phases or not supports(view.rules):
            return choice
        # The fan-aware bot's own candidates, plans and cut-offs are Chinese Official judgement; elsewhere
        # (Sichuan, the regional rulesets) its ranking is the efficiency one (``ranked_discards``), as any
        # other prior's.
        fans = prior is self.prior and efficiency_of(view).mcr_fans
        candidates = (self._candidates(view, choice) if fans
                      else self._ranked_candidates(view, choice, prior))
        if len(candidates) < 2:
            return choice
        return self._search(view, candidates, decision_seed, fans=fans)

    def playouts_for(self, view: View) -> int:
        """The playouts of a decision at ``view``: ``playouts`` as given; a budget's (the default one's
        too) divided by the ruleset's ``playout_cost``, so that a decision takes about as long under
        every ruleset; none by default where the ruleset's ``search_plays_out`` is False."""
        if self.default and view.rules is not None and not view.rules.search_plays_out:
            return 0
        cost = 1.0 if view.rules is None or not self.timed else view.rules.playout_cost
        return self.playouts if cost == 1.0 else max(1, round(self.playouts / cost))

    def _prior_of(self, view: View) -> Bot:
        """The prior for the view's ruleset: the ruleset's strongest bot (``Ruleset.coach_bot``), the
        fan-aware bot (retuned: ``loss``, ``claim_margin``) where that is it."""
        name = "fan-aware" if view.rules is None else view.rules.coach_bot
        if name in ("fan-aware", self.name):
            return self.prior
        bot = self.priors.get(name)
        if bot is None:
            bot = self.priors[name] = find_bot(name, seed=self.seed)
        return bot

    def _ranked_candidates(self, view: View, choice: Action, prior: Bot) -> list[Action]:
        """The prior's choice first, then the others worth playing out, by the prior's ranking where it
        gives one (``ranked_discards``): on the seat's turn its ``top`` best discards, each also with riichi
        where that is offered (and the prior's riichi also without); on a discard, passing and each claim."""
        legal = view.legal
        out = [choice]
        if view.phase == Phase.CLAIM:
            out += [a for a in legal if a.kind in _CLAIMS and a != choice]
            if PASS in legal and choice != PASS:
                out.append(PASS)
            return out
        ranked = getattr(prior, "ranked_discards", None)
        tiles = [int(choice.tile)] if choice.kind in _TURN_DISCARDS and choice.tile is not None else []
        if ranked is not None:
            for tile in ranked(view):
                if tile not in tiles:
                    tiles.append(tile)
                if len(tiles) > self.top:
                    break
        for tile in tiles:
            for a in (_DISCARDS[tile], _DECLARE[tile]):
                if a in legal and a not in out:
                    out.append(a)
        return out

    def _candidates(self, view: View, choice: Action) -> list[Action]:
        """The prior's choice first, then the other actions worth playing out."""
        legal = view.legal
        out = [choice]
        if view.phase == Phase.CLAIM:
            out += [a for a in legal if a.kind in _CLAIMS and a != choice]
            if PASS in legal and choice != PASS:
                out.append(PASS)
            return out
        for tile in self._ranked_discards(view):
            a = _DISCARDS[tile]
            if a in legal and a not in out:
                out.append(a)
            if len(out) > self.top:
                break
        return out

    def _ranked_discards(self, view: View) -> list[int]:
        """Discards by the fan-aware bot's expected points after danger, best first, those within
        ``MARGIN`` of the best (its branch and bound, stopped at the margin rather than at the best)."""
        prior = self.prior
        s = _Situation(view)
        counts = hand_counts(view)
        melds = own_melds(view)
        choices = sorted({int(a.tile) for a in view.legal
                          if a.kind == ActionKind.DISCARD and a.tile is not None})
        targets = prior._active(counts, melds)
        bounded: list[tuple[float, int, float]] = []
        for d in choices:
            counts[d] -= 1
            bound = prior._bound(s, counts, melds, targets)
            counts[d] += 1
            risk = s.table.deal_in(d)
            bounded.append(((1.0 - risk) * bound - risk * prior.loss, d, risk))
        bounded.sort(key=lambda x: (-x[0], x[1]))
        ranked: list[tuple[float, int]] = []
        best = -math.inf
        for top, d, risk in bounded:
            if top < best - MARGIN:
                break
            counts[d] -= 1
            offense = prior._value(s, counts, melds, targets)
            counts[d] += 1
            ev = (1.0 - risk) * offense - risk * prior.loss
            best = max(best, ev)
            ranked.append((ev, d))
        ranked.sort(key=lambda x: (-x[0], PREFERENCE[x[1]], x[1]))
        return [d for ev, d in ranked if ev >= best - MARGIN]

    def _prior_policy(self, view: View) -> OwnPolicy:
        """The seat's playout policy ``policy="prior"``: its prior's choice from the seat's view of the
        playout (a bot of its own, seeded alike each decision, so the real prior's generator is untouched)."""
        name = "fan-aware" if view.rules is None else view.rules.coach_bot
        bot = self.playout_priors.get(name)
        if bot is None:
            bot = self.playout_priors[name] = find_bot(name, seed=0)
        if isinstance(bot, FanAwareBot):
            bot.loss = self.prior.loss
            bot.claim_margin = self.prior.claim_margin

        def own(game: Game, seat: int, legal: Sequence[Action]) -> Action | None:
            return bot.act(game.view(seat))

        return own

    def _plan_policy(self, view: View, action: Action) -> PlanPolicy:
        """The seat's playout policy after ``action``: the fan plan of the hand it leaves."""
        prior = self.planner
        s = _Situation(view)
        counts = hand_counts(view)
        melds = own_melds(view)
        kind, tile = action.kind, None if action.tile is None else int(action.tile)
        if kind is ActionKind.DISCARD and tile is not None:
            counts[tile] -= 1
        elif kind is ActionKind.CONCEALED_KONG and tile is not None:
            counts[tile] -= 4
            melds = (*melds, Meld.kong(ALL_TILES[tile]))
        elif kind is ActionKind.ADDED_KONG and tile is not None:
            counts[tile] -= 1
            melds = tuple(Meld.kong(m.tile, m.from_seat, added=True)
                          if m.tile == tile and m.kind == MeldKind.PUNG else m for m in melds)
        elif kind in _CLAIMS and view.last_discard is not None:
            giver, claimed = view.last_discard
            counts, meld = after_claim(counts, action, int(claimed), RelativeSeat.between(view.seat, giver))
            melds = (*melds, meld)
            if kind is not ActionKind.KONG:
                best, _ = prior._best_discard(s, counts, melds, [t for t in range(34) if counts[t]])
                counts[best] -= 1
        return PlanPolicy(view.seat, choose_plan(prior, s, counts, melds))

    def _search(self, view: View, candidates: Sequence[Action], seed: int, fans: bool = True) -> Action:
        """Play each candidate out on the same samples; the prior's choice (first) unless another beats it
        with confidence. Fan plans and cut-offs (``policy``, ``depth``) only where the fan-aware bot is the
        prior (``fans``): they are its judgement."""
        position = Position(view)
        rng = random.Random(seed)
        seat = view.seat
        samples = max(2, self.playouts_for(view) // len(candidates))
        scores: list[list[float]] = [[] for _ in candidates]
        owns: list[OwnPolicy | None] = [None] * len(candidates)
        plans: list[PlanPolicy] = []
        if self.policy == "plan" and fans:
            plans = [self._plan_policy(view, a) for a in candidates]
            owns = list(plans)
        elif self.policy == "prior":
            owns = [self._prior_policy(view)] * len(candidates)
        depth = self.depth if fans else 0
        leaf = Leaf(self.planner, _Situation(view), seat) if depth else None
        for _ in range(samples):
            world = position.sample(rng)
            # Each sample's own: a seat that has not declared the suit it gives up (Sichuan without 定缺)
            # judges by the hand it was dealt.
            models = playout_models(world)
            for i, action in enumerate(candidates):
                game = clone(world)
                game.apply(seat, action)
                if leaf is None:
                    scores[i].append(playout(game, seat, own=owns[i], models=models))
                else:
                    leaf.plan = plans[i] if plans else None
                    scores[i].append(cut_playout(game, seat, depth, leaf, own=owns[i], models=models))
        self.searched += 1
        best, pick = 0.0, 0
        for i in range(1, len(candidates)):
            diffs = [a - b for a, b in zip(scores[i], scores[0], strict=True)]
            mean = sum(diffs) / samples
            var = sum((x - mean) ** 2 for x in diffs) / (samples - 1)
            if mean > best and mean > self.confidence * math.sqrt(var / samples):
                best, pick = mean, i
        if pick:
            self.overruled += 1
        if self.trace is not None:
            self.trace.append((view, list(candidates), scores, pick))
        return candidates[pick]

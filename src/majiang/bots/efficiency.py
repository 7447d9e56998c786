"""The tile-efficiency bot: fewest tiles from ready, then the most live effective tiles; fans ignored.

It wins whenever a win is legal, discards to minimise shanten and then maximise live effective tiles
(live: four less the copies in sight), claims a discard only when that lowers shanten or keeps it with
more live effective tiles after the best discard, and makes a concealed or added kong when it does
not raise shanten; where the ruleset offers riichi with its chosen discard, it declares it. Shanten is the
ruleset's (``Ruleset.efficiency``): every Chinese Official form by
default, the Sichuan forms with the seat's void suit dead under Sichuan rules, where tiles of the void
suit go first. Asked to declare a void suit (定缺) or pass three tiles on (换三张), it gives up its
weakest suit (``majiang.rules.sichuan.analysis``); a ruleset's own declaration offered beside a pass
before play it takes, and one offered by a question during play (``Game.ask``) it takes when ready. It
never looks at fans, so under the 8-fan minimum
it often sits ready on a hand that cannot legally win: the baseline the fan-aware bot is measured
against.

>>> from majiang.bots import play_out
>>> from majiang.game import Game
>>> g = Game(seed=5)
>>> play_out(g, [EfficiencyBot(seed=s) for s in range(4)]) > 0 and g.result is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from majiang.actions import Action, ActionKind
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
from majiang.errors import MajiangError
from majiang.game.ruleset import CHINESE_EFFICIENCY, Efficiency
from majiang.game.table import Phase, View
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES

__all__ = ["EfficiencyBot", "best_discard", "opening_choice", "question_choice"]


def _live(kinds: Sequence[int], seen: Sequence[int]) -> int:
    return sum(4 - seen[t] for t in kinds if seen[t] < 4)


def ranked_choices(counts: list[int], melds: Sequence[Meld], seen: Sequence[int], choices: Sequence[int],
                   model: Efficiency = CHINESE_EFFICIENCY) -> list[tuple[int, int, bool, int, int]]:
    """Each discard as (shanten left, minus its live effective tiles, not dead, ``PREFERENCE``, kind),
    best first: ``best_discard``'s order."""
    ranked: list[tuple[int, int, bool, int, int]] = []
    for d in choices:
        counts[d] -= 1
        value, effective = model.shanten_and_effective(counts, melds)
        counts[d] += 1
        ranked.append((value, -_live(effective, seen), not model.is_dead(d), PREFERENCE[d], d))
    ranked.sort()
    return ranked


def best_discard(counts: list[int], melds: Sequence[Meld], seen: Sequence[int], choices: Sequence[int],
                 rng: random.Random | None = None, model: Efficiency = CHINESE_EFFICIENCY
                 ) -> tuple[int, int, int]:
    """The discard among ``choices`` leaving the lowest shanten, then the most live effective tiles.

    Returns ``(tile, shanten, live)``; ``model`` judges the hands (the ruleset's ``efficiency``).
    Exact ties go to dead tiles (a void suit's), then honors, then terminals, then (with ``rng``) a
    random one of the rest.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> c = counts_of(parse_tiles("123456789m1234pE"))
    >>> best_discard(c, (), c, [t for t in range(34) if c[t]])
    (27, 0, 6)
    """
    ranked = ranked_choices(counts, melds, seen, choices, model)
    top = [r for r in ranked if r[:4] == ranked[0][:4]]
    pick = top[0] if rng is None or len(top) == 1 else rng.choice(top)
    return pick[4], pick[0], -pick[1]


def opening_choice(view: View, rng: random.Random) -> Action:
    """The answer to an opening phase: the weakest suit for a void declaration (定缺) or an exchange
    (换三张), by ``choose_void``/``choose_exchange``; a ruleset's own declaration offered beside a pass,
    taken; any other choice (or one those cannot make for this hand) at random among the legal ones."""
    legal = view.legal
    counts = hand_counts(view)
    kinds = {a.kind for a in legal}
    if kinds == {ActionKind.PASS, ActionKind.DECLARED} and len(legal) == 2:
        # A declaration the ruleset offers beside a pass before play is the seat's to claim (an opening
        # win): passing it up gains nothing.
        return next(a for a in legal if a.kind == ActionKind.DECLARED)
    try:
        if kinds & {ActionKind.VOID, ActionKind.EXCHANGE}:
            # Sichuan's choices, loaded only where they are asked for (not by a Chinese Official bot).
            from majiang.rules.sichuan.analysis import choose_exchange, choose_void
        if kinds == {ActionKind.VOID}:
            suit = choose_void(counts)
            for a in legal:
                if a.tile is not None and int(a.tile) // 9 == suit:
                    return a
        elif kinds == {ActionKind.EXCHANGE}:
            trio = tuple(ALL_TILES[k] for k in choose_exchange(counts))
            for a in legal:
                if a.tiles == trio:
                    return a
    except MajiangError:
        pass  # honors or too few tiles of a suit: these choices are not the Sichuan ones
    return rng.choice(legal)


def question_choice(view: View) -> Action:
    """The answer to a ruleset's question during play (``Game.ask``): a ready hand takes the ruleset's own
    action offered beside a pass (the question offers it a tile: the wall's last one), any other passes."""
    legal = view.legal
    declared = [a for a in legal if a.kind == ActionKind.DECLARED]
    if PASS not in legal or len(declared) != 1:
        return PASS if PASS in legal else legal[0]
    ready = efficiency_of(view).shanten(hand_counts(view), own_melds(view)) == 0
    return declared[0] if ready else PASS


class EfficiencyBot:
    """Tile efficiency only (牌效率): see the module docstring.

    ``weigh_waits`` ranks discards that leave the hand ready by the points their waits would bring
    (live copies times ``Efficiency.win_points``) rather than by their live copies alone.
    """

    name = "efficiency"

    def __init__(self, seed: int | None = None, *, weigh_waits: bool = False) -> None:
        self.rng = random.Random(seed)
        self.weigh_waits = weigh_waits

    def act(self, view: View) -> Action:
        legal = view.legal
        if WIN in legal:
            return WIN
        if view.phase == Phase.OPENING:
            return opening_choice(view, self.rng)
        if view.phase == Phase.TURN:
            return self._turn(view)
        if view.phase == Phase.ASK:
            return question_choice(view)
        return self._claim(view)

    def _turn(self, view: View) -> Action:
        legal = view.legal
        model = efficiency_of(view)
        counts = hand_counts(view)
        seen = seen_counts(view)
        melds = own_melds(view)
        choices = sorted({int(a.tile) for a in legal if a.kind == ActionKind.DISCARD and a.tile is not None})
        if not choices:
            return self.rng.choice(legal)
        tile, value = self._quiet_discard(view, counts, melds, seen, choices, model)
        if value == 0 and self.weigh_waits:
            tile = self._richest_wait(counts, melds, seen, choices, model)
        for a in legal:
            if a.tile is None or a.kind not in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                continue
            t = int(a.tile)
            if a.kind == ActionKind.CONCEALED_KONG:
                counts[t] -= 4
                after = model.shanten(counts, (*melds, Meld.kong(ALL_TILES[t])))
                counts[t] += 4
            else:
                counts[t] -= 1
                after = model.shanten(counts, tuple(Meld.kong(m.tile, m.from_seat, added=True)
                                                    if m.tile == t and m.kind == MeldKind.PUNG else m
                                                    for m in melds))
                counts[t] += 1
            if after <= value:
                return a
        declare = Action(ActionKind.RIICHI, ALL_TILES[tile])
        if declare in legal:
            return declare  # a ruleset with riichi offers it exactly when the discard leaves the hand ready
        return next(a for a in legal if a.kind == ActionKind.DISCARD and a.tile == tile)

    def ranked_discards(self, view: View) -> list[int]:
        """The kinds the seat may discard now, best first as this bot judges them (the search bot's
        candidates): the lowest shanten, then the most live effective tiles, dead kinds, then honors and
        terminals first; with ``weigh_waits``, discards leaving the hand ready by the points of their live
        waits first. Ties go to the lowest kind (no random pick)."""
        model = efficiency_of(view)
        counts = hand_counts(view)
        seen = seen_counts(view)
        melds = own_melds(view)
        choices = sorted({int(a.tile) for a in view.legal
                          if a.kind in (ActionKind.DISCARD, ActionKind.RIICHI) and a.tile is not None})
        ranked: list[tuple[int, int, int, bool, int, int]] = []
        for d in choices:
            counts[d] -= 1
            value, effective = model.shanten_and_effective(counts, melds)
            worth = 0
            if value == 0 and self.weigh_waits:
                tiles = tuple(ALL_TILES[k] for k in range(34) for _ in range(counts[k]))
                for w in effective:
                    if seen[w] < 4:
                        points = model.win_points(Hand(tuple(melds), tiles, ALL_TILES[w]), False)
                        worth += (4 - seen[w]) * (points or 0)
            counts[d] += 1
            ranked.append((value, -worth, -_live(effective, seen), not model.is_dead(d), PREFERENCE[d], d))
        ranked.sort()
        return [r[-1] for r in ranked]

    def _quiet_discard(self, view: View, counts: list[int], melds: Sequence[Meld], seen: Sequence[int],
                       choices: Sequence[int], model: Efficiency) -> tuple[int, int]:
        """The discard and the shanten it leaves, by efficiency alone (``best_discard``)."""
        tile, value, _ = best_discard(counts, melds, seen, choices, self.rng, model)
        return tile, value

    def _richest_wait(self, counts: list[int], melds: Sequence[Meld], seen: Sequence[int],
                      choices: Sequence[int], model: Efficiency) -> int:
        """Among discards leaving the hand ready, the one whose waits' live copies bring most points."""
        best: tuple[int, int, int] | None = None
        for d in choices:
            counts[d] -= 1
            value, waits = model.shanten_and_effective(counts, melds)
            if value == 0:
                tiles = tuple(ALL_TILES[k] for k in range(34) for _ in range(counts[k]))
                worth = 0
                for w in waits:
                    if seen[w] < 4:
                        points = model.win_points(Hand(tuple(melds), tiles, ALL_TILES[w]), False)
                        worth += (4 - seen[w]) * (points or 0)
                key = (worth, -PREFERENCE[d], -d)
                if best is None or key > best:
                    best = key
            counts[d] += 1
        assert best is not None  # the caller found a discard leaving the hand ready
        return -best[2]

    def _claim(self, view: View) -> Action:
        legal = view.legal
        # The tile answered: the discard, or the tile being added to a kong (a pung may rob it, 抢叉).
        source = view.robbing if view.phase == Phase.ROB else view.last_discard
        if source is None or len(legal) == 1:
            return PASS if PASS in legal else legal[0]
        giver, tile = source
        model = efficiency_of(view)
        counts = hand_counts(view)
        seen = seen_counts(view)
        melds = own_melds(view)
        value, effective = model.shanten_and_effective(counts, melds)
        best: tuple[int, int] = (value, -_live(effective, seen))
        choice = PASS
        for a in legal:
            if a.kind not in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG):
                continue
            after, meld = after_claim(counts, a, int(tile), RelativeSeat.between(view.seat, giver))
            new = (*melds, meld)
            if a.kind == ActionKind.KONG:
                v, eff = model.shanten_and_effective(after, new)
                key = (v, -_live(eff, seen))
            else:
                choices = [t for t in range(34) if after[t]]
                _, v, live = best_discard(after, new, seen, choices, model=model)
                key = (v, -live)
            if key < best:
                best, choice = key, a
        return choice if choice in legal else PASS

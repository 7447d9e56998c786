"""Determinization: deal what a seat cannot see at random, consistently with its view, into a ``Game``.

A search bot sees only its view. ``Position(view)`` works out what is hidden from it: the other seats'
standing tiles (how many each holds is public), their concealed kongs (face down: the kind is hidden),
the tiles still in the wall (each seat's own wall under per-seat walls) and the flowers not yet shown.
The *pool* is every tile of the ruleset (its ``wall_tiles``) less every tile the seat has seen (its own
tiles and melds, the shown melds, discards and winning tiles laid aside, the flowers shown).
``sample(rng)`` deals the pool at random to those places and returns a ``Game`` at the view's moment,
ready for ``apply`` and play to the end: a world the seat cannot tell from the real one.

Building a ``Game`` from the view: one ``Game`` is made (dealt from any wall) and its state is set from
the view (melds, discards, flowers, scores, whose turn, the wall's remaining size); the ruleset sets its
own hand state from the view (``Ruleset.rebuild``: riichi's sticks, riichi declarations, rivers, red fives
shown, dora indicators, whose wall places are then not dealt). Each sample is then a copy of that template
(its lists copied, not deep-copied; the hand state by ``Ruleset.copy_state``) with the hidden tiles filled
in, the seats' waits worked out, and what the ruleset derives from the hidden tiles set (``Rebuilt.deal``:
riichi's ready hands for the seats in riichi, the unseen red fives, the others' furiten; Sichuan's hands
kept to what the seat knows of them; Changchun's 宝牌 and ready hands; the tiles a Changsha seat showed with
its opening wins). The wall is the ruleset's own kind (``new_wall``'s: Changchun's keeps the 宝 apart). A
ruleset says whether it can be built so (``supports``, ``Ruleset.rebuilds``): the Chinese Official family
without house fans (天听 needs the hand's history), riichi, Sichuan and Chengdu, Changsha, Changchun and
Yangzhou. The pool holds the ruleset's own set (Sichuan's and Changsha's have no honors).

>>> import random
>>> from majiang.game import Game
>>> g = Game(seed=4)
>>> world = Position(g.view(0)).sample(random.Random(1))
>>> world.standing_tiles(0) == g.standing_tiles(0), world.wall_left == g.wall_left
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from majiang.actions import Action
from majiang.bots.common import seen_counts
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import BONUS_BASE, PASS, Ruleset
from majiang.game.table import Game, Phase, View
from majiang.game.wall import SeatWalls, Wall
from majiang.meld import Meld, MeldKind
from majiang.tiles import ALL_TILES

__all__ = ["Position", "clone", "supports"]


def supports(rules: Ruleset | None) -> bool:
    """Whether ``Position`` can build games of ``rules`` (``Ruleset.rebuilds``: the Chinese Official family
    without house fans, riichi, Sichuan, Changsha, Changchun, Yangzhou)."""
    return rules is not None and rules.rebuilds()


def _meld_tiles_taken(melds: Sequence[Meld]) -> int:
    """Tiles of ``melds`` that came from their owner's own hand (a claimed tile came from another's)."""
    n = 0
    for m in melds:
        n += len(m.tiles) - (m.from_seat is not None)
    return n


def clone(game: Game) -> Game:
    """A copy of ``game`` that shares nothing mutable with it (the ruleset and the immutable values are
    shared): a playout on the copy leaves ``game`` as it was. Much cheaper than ``copy.deepcopy``.

    Made for games built by ``Position`` (no events kept, no record): the copy's event log is empty.
    """
    new: Game = Game.__new__(Game)
    d = dict(game.__dict__)
    d["counts"] = [c[:] for c in game.counts]
    d["melds"] = [m[:] for m in game.melds]
    d["flowers"] = [f[:] for f in game.flowers]
    d["discards"] = [x[:] for x in game.discards]
    d["won"] = [w[:] for w in game.won]
    d["active"] = game.active[:]
    d["_shown_discards"] = game._shown_discards[:]
    d["_shown_melds"] = game._shown_melds[:]
    d["_shown_won"] = game._shown_won[:]
    d["events"] = []
    d["pending"] = dict(game.pending)
    d["claim_options"] = {s: list(o) for s, o in game.claim_options.items()}
    d["wins"] = list(game.wins)
    d["hand_deltas"] = game.hand_deltas[:]
    d["_end_deltas"] = game._end_deltas[:]
    d["dealt_flowers"] = [f[:] for f in game.dealt_flowers]
    d["_legal"] = {}
    d["waits"] = game.waits[:]
    d["_distance"] = game._distance[:]
    d["totals"] = game.totals[:]
    d["rng"] = random.Random(0)
    d["hand_state"] = game.rules.copy_state(game)
    wall = game.wall
    copied = Wall.__new__(type(wall))
    list.__init__(copied, wall)
    for key, value in wall._state().items():
        setattr(copied, key, value)
    d["wall"] = copied
    new.__dict__.update(d)
    return new


class Position:
    """What ``view``'s seat cannot see, and games that deal it at random (see the module docstring).

    InvalidOptionError for a ruleset it cannot build (``supports``), or a view that is not at the seat's
    own turn or a claim on a discard (the decisions a search makes).
    """

    __slots__ = ("bonus", "finish", "hand_sizes", "hidden_kongs", "pool", "seat", "template", "wall_places")

    def __init__(self, view: View) -> None:
        rules = view.rules
        if rules is None or not supports(rules):
            raise InvalidOptionError(f"no game of ruleset {getattr(rules, 'name', rules)!r} is rebuilt from "
                                     f"a view (Ruleset.rebuilds)")
        phase = view.phase
        if phase not in (Phase.TURN, Phase.CLAIM) or (phase == Phase.CLAIM and view.last_discard is None):
            raise InvalidOptionError(f"a position is built at a turn or a claim, not in phase {phase.name}")
        seat = self.seat = view.seat
        if phase == Phase.TURN and view.current != seat:
            raise InvalidOptionError(f"seat {seat} is not asked to act: it is seat {view.current}'s turn")
        seen = seen_counts(view)
        tiles = rules.wall_tiles()
        # The copies of each kind the ruleset plays with (none of the honors under Changsha's 108 tiles).
        copies = [0] * 34
        for t in tiles:
            if t < BONUS_BASE:
                copies[t] += 1
        if any(seen[k] > copies[k] for k in range(34)):
            raise InvalidOptionError("the view shows more copies of a kind than the ruleset's set holds")
        pool = [k for k in range(34) for _ in range(copies[k] - seen[k])]
        bonus = [t for t in tiles if t >= BONUS_BASE]
        self.bonus = len(bonus) - sum(view.flowers)
        self.hidden_kongs = tuple(view.hidden_kongs)
        # Others hold 13 tiles less 3 a meld (a concealed kong counts as one): it is not their turn.
        melds = view.melds
        self.hand_sizes = tuple(0 if s == seat else 13 - 3 * (len(melds[s]) + self.hidden_kongs[s])
                                for s in range(4))
        template = self.template = self._template(view, rules, len(tiles))
        rebuilt = rules.rebuild(template, view)
        template.hand_state = rebuilt.state
        self.finish = rebuilt.deal
        shown = dict(rebuilt.shown)
        for place, kind in shown.items():
            # Tiles in the wall the seat has seen (riichi's dora indicators): set, not dealt.
            template.wall[place] = kind
            if kind not in pool:
                raise InvalidOptionError(f"the view shows more than four copies of {ALL_TILES[kind]}")
            pool.remove(kind)
        self.pool = pool
        self.wall_places = [p for p in template.wall.undrawn() if p not in shown]
        hidden = sum(self.hand_sizes) + 4 * sum(self.hidden_kongs) + len(self.wall_places)
        if hidden != len(pool) + self.bonus:
            raise InvalidOptionError(f"the view leaves {len(pool) + self.bonus} tiles unseen for {hidden} "
                                     f"hidden places")

    def _template(self, view: View, rules: Ruleset, size: int) -> Game:
        """A game set to the view's public state, the hidden places not filled yet."""
        game = Game(rules, seed=0, dealer=view.dealer, round_wind=view.round_wind, totals=view.totals)
        seat = self.seat
        melds = view.melds
        game.events = []
        game.counts = [[0] * 34 for _ in range(4)]
        for t in view.standing:
            game.counts[seat][t] += 1
        game.melds = [list(m) for m in melds]
        game.flowers = [list(range(n)) for n in view.flowers]
        game.discards = [list(d) for d in view.discards]
        game.won = [list(w) for w in view.won]
        game.active = list(view.active)
        game._shown_discards = [tuple(d) for d in view.discards]
        game._shown_melds = [tuple(m) for m in melds]
        game._shown_won = [tuple(w) for w in view.won]
        game._shown_flowers = tuple(view.flowers)
        game._shown_hidden = (0, 0, 0, 0)
        game.dealt_flowers = [[], [], [], []]
        game.wins = []
        game.hand_deltas = [0, 0, 0, 0]
        game._end_deltas = [0, 0, 0, 0]
        game.result = None
        game.kong_draw = game.bonus_after_kong = game.discard_after_kong = False
        game.robbed = None
        game._legal = {}
        game._playing = True
        # Discards so far (those claimed sit in melds); first-go-around fans need only whether any were made.
        claimed = sum(m.from_seat is not None for ms in melds for m in ms)
        game.discard_count = sum(len(d) for d in view.discards) + claimed
        game.interrupted = any(melds) or any(self.hidden_kongs)
        game.phase = view.phase
        game.drawn = None if view.drawn is None else int(view.drawn)
        game.last_discard = None if view.last_discard is None else (view.last_discard[0],
                                                                   int(view.last_discard[1]))
        game.current = view.current
        game.pending = {}
        game.claim_options = {}
        # The wall: what each seat has taken of it follows from what passed through its hands.
        given = [0, 0, 0, 0]
        for s in range(4):
            for m in melds[s]:
                if m.from_seat is not None:
                    given[m.from_seat.seat_of(s)] += 1
        taken = [len(view.standing) if s == seat else self.hand_sizes[s] for s in range(4)]
        for s in range(4):
            taken[s] += (_meld_tiles_taken(melds[s]) + 4 * self.hidden_kongs[s] + len(view.discards[s])
                         + given[s] + view.flowers[s] + len(view.won[s]))
        ring = [0] * size
        wall: Wall
        if isinstance(game.wall, SeatWalls):
            wall = SeatWalls(ring, view.dealer, game.wall.broken_at)
            wall.parts = [wall.size - taken[s] for s in range(4)]
        else:
            # The ruleset's own kind of wall (Changchun's keeps the 宝牌 apart), empty for now.
            wall = type(game.wall)(ring, game.wall.dead, game.wall.broken_at)
            # Draws come from the front, replacements (a flower's, a kong's) from the tail.
            tail = sum(view.flowers) + sum(m.kind == MeldKind.KONG for ms in melds for m in ms) + sum(
                self.hidden_kongs)
            wall.back = size - tail
            wall.front = sum(taken) - tail
        game.wall = wall
        # The deciding seat's waits (its tiles are known): on its turn, those of its tiles before the draw.
        # (After a chow or pung the engine counts them at the discard: nothing to count now.)
        counts = game.counts[seat]
        drawn = game.drawn if view.phase == Phase.TURN else None
        game._distance[seat] = 0
        if view.phase != Phase.TURN or drawn is not None:
            if drawn is not None:
                counts[drawn] -= 1
            game._update_waits(seat)
            if drawn is not None:
                counts[drawn] += 1
        return game

    def sample(self, rng: random.Random) -> Game:
        """A game at the view's moment with the hidden tiles dealt at random (its own copy: play it)."""
        game = clone(self.template)
        seat = self.seat
        pool = self.pool[:]
        kongs = self.hidden_kongs
        if any(kongs):
            for s in range(4):
                for _ in range(kongs[s]):
                    fours = [k for k in range(34) if pool.count(k) == 4]
                    kind = rng.choice(fours)
                    for _ in range(4):
                        pool.remove(kind)
                    game.melds[s].append(Meld.kong(ALL_TILES[kind]))
                    game._shown_melds[s] = tuple(game.melds[s])
            game._shown_hidden = kongs
        rng.shuffle(pool)
        at = 0
        for s in range(4):
            n = self.hand_sizes[s]
            if s == seat or not n:
                continue
            counts = game.counts[s]
            for t in pool[at:at + n]:
                counts[t] += 1
            at += n
        rest = pool[at:] + [BONUS_BASE + i for i in range(self.bonus)]
        rng.shuffle(rest)
        wall = game.wall
        for place, t in zip(self.wall_places, rest, strict=True):
            wall[place] = t
        for s in range(4):
            if s != seat:
                game._distance[s] = 0
                game._update_waits(s)
        if self.finish is not None:
            self.finish(game, seat, rng)
        if game.phase is Phase.CLAIM:
            _open_window(game, seat)
        return game


def _open_window(game: Game, seat: int) -> None:
    """Ask every seat that may claim the discard on its sampled hand (the seat deciding among them)."""
    assert game.last_discard is not None
    giver, tile = game.last_discard
    rules = game.rules
    for s in range(4):
        if s == giver or not game.active[s]:
            continue
        options: list[Action] = rules.claim_options(game, s, giver, tile)
        if s == seat or len(options) > 1 or (options and options[0] != PASS):
            game.pending[s] = None
            game.claim_options[s] = options

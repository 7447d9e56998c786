"""One hand at the table: the state, the legal actions of each seat, and ``apply``.

The engine knows no ruleset: the wall, the deal, opening phases, legal actions, claims, wins and what
follows them, payments and the settlement are the ruleset's hooks (``majiang.game.ruleset.Ruleset``;
docs/engine.md). Seats are 0-3 in turn order (each seat's right-hand neighbour, 下家, is the next).
Chance is a seeded ``random.Random``: shuffling, dice; the same seed (or the same prepared wall)
replays the same hand. A seat acts only through ``apply(seat, action)``; an illegal action raises
IllegalActionError and changes nothing. Bots and clients should only read ``view(seat)``.

The module stays whole past the project's ~600 lines on purpose: every step of every ruleset runs
through ``Game``'s methods (``apply``, ``discard``, ``_open_claims``, ``_draw``, ``view``), written out
for speed (benchmarks/engine.py's steps per second), and what a ruleset may call is the ``Table``
protocol of ``majiang.game.ruleset``, not this file's layout. The view and the values it returns live
beside it (``majiang.game.view``, ``majiang.game.results``).

>>> g = Game(seed=7)
>>> g.to_act(), len(g.legal_actions(0)) > 0
([0], True)
>>> sum(len(g.standing_tiles(s)) for s in range(4))
53
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.analysis.ready import distance
from majiang.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from majiang.game import events as ev
from majiang.game.events import Act as _Act
from majiang.game.events import Discard as _Discard
from majiang.game.events import Draw as _Draw
from majiang.game.results import Fault, HandResult, WinRecord
from majiang.game.ruleset import BONUS_BASE, DEFAULT_RULESET, PASS, WIN, Ruleset, Score, find_ruleset
from majiang.game.ruleset import PUNG as PUNG_ACTION
from majiang.game.view import _SET_LEGAL, _SOURCE, Phase, View, _new_view
from majiang.game.wall import Wall
from majiang.hand import Hand, WinBy
from majiang.meld import KongKind, Meld, MeldKind
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES, WINDS, Tile, seat_wind

__all__ = ["Game", "HandResult", "Phase", "View", "WinRecord"]




# Enum members read on every step, bound once: an attribute of an Enum class is looked up through its
# metaclass (about 0.1 µs each in CPython 3.11), a module global costs a fraction of that.
_TURN, _CLAIM, _ROB, _OVER, _OPENING, _ASK = (Phase.TURN, Phase.CLAIM, Phase.ROB, Phase.OVER, Phase.OPENING,
                                              Phase.ASK)
_DISCARD_KIND, _WIN_KIND, _DECLARED_KIND = ActionKind.DISCARD, ActionKind.WIN, ActionKind.DECLARED


_NO_WAITS: frozenset[int] = frozenset()


class Game:
    """A single hand under a ruleset (Chinese Official by default).

    ``wall`` injects a prepared wall (the ruleset's tiles as wall codes in ring order, for duplicate play
    and tests) and ``dice`` the two rolls (each 2-12); otherwise both come from ``seed``. ``dealer`` is the
    seat of East; ``round_wind`` the round wind (圈风); ``totals`` the seats' running points shown in views
    (each the ruleset's ``starting_score()`` if not given; ``scores``, the old name, for one release);
    ``match_state`` what the ruleset carries from hand to hand (``Ruleset.new_match_state``);
    ``rolls`` the dice of the hand's rolls during play (``roll``), in order, as a record replays them
    (otherwise they come from ``seed`` too).
    """

    hold_windows = False
    """Keep a claim (or robbing) window that asks no seat open (phase ``CLAIM`` or ``ROB``, nobody to act,
    ``is_held``) until ``close_window()``, instead of moving on at once: for a table that shows every
    window to every seat whatever the hands (the web server). Off by default: simulations skip them."""

    def __init__(self, rules: Ruleset | None = None, *, seed: int | None = None, dealer: int = 0,
                 round_wind: Tile = Tile.EAST, wall: Sequence[int] | None = None,
                 dice: tuple[int, int] | None = None, totals: Sequence[int] | None = None,
                 match_state: Any = None, rolls: Sequence[Sequence[int]] | None = None,
                 scores: Sequence[int] | None = None) -> None:
        self.rules: Ruleset = rules if rules is not None else find_ruleset(DEFAULT_RULESET)
        self.match_state = match_state  # the ruleset's state carried across a match (honba, sticks, ...)
        self.seed = seed
        self.rng = random.Random(seed)
        self._rolls = None if rolls is None else [list(r) for r in rolls][::-1]  # popped from the end
        if not 0 <= dealer <= 3:
            raise InvalidOptionError(f"dealer must be a seat 0-3, not {dealer!r}")
        if round_wind not in WINDS:
            raise InvalidOptionError(f"round_wind must be a wind, not {round_wind!r}")
        self.dealer = dealer
        self.round_wind = Tile(round_wind)
        if scores is not None:
            warnings.warn("Game(scores=...) is now Game(totals=...); the old keyword goes in the next "
                          "release", DeprecationWarning, stacklevel=2)
            totals = scores if totals is None else totals
        self.totals = list(totals) if totals is not None else [self.rules.starting_score()] * 4
        self.counts = [[0] * 34 for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.flowers: list[list[int]] = [[] for _ in range(4)]
        self.discards: list[list[Tile]] = [[] for _ in range(4)]
        self.won: list[list[Tile]] = [[] for _ in range(4)]
        self.active = [True, True, True, True]
        # What every seat sees of the lists above, kept as immutable copies as they change, so that a view
        # captures them at no cost (discards, melds and won tiles change only through the engine).
        self._shown_discards: list[tuple[Tile, ...]] = [(), (), (), ()]
        self._shown_melds: list[tuple[Meld, ...]] = [(), (), (), ()]
        self._shown_won: list[tuple[Tile, ...]] = [(), (), (), ()]
        self._shown_hidden: tuple[int, ...] = (0, 0, 0, 0)  # concealed kongs by seat (replaced, not changed)
        self._shown_flowers: tuple[int, ...] = (0, 0, 0, 0)  # bonus tiles shown by seat (kept by show_flower)
        self.events: list[ev.Event] = []
        self.phase = Phase.TURN
        self.current = dealer
        self.drawn: int | None = None
        self.kong_draw = False  # the current turn began with a kong's replacement draw
        self.bonus_after_kong = False  # ... and a bonus tile came first (杠上开花 is then the ruleset's call)
        self.discard_after_kong = False  # the last discard followed its discarder's kong (杠上炮)
        self.last_discard: tuple[int, int] | None = None
        self.pending: dict[int, Action | None] = {}
        self.claim_options: dict[int, list[Action]] = {}
        self.robbed: tuple[int, int] | None = None  # (seat, tile) of a kong open to robbing
        self.robbed_how = KongKind.ADDED  # added, or concealed where the ruleset lets it be robbed
        self.result: HandResult | None = None
        self.wins: list[WinRecord] = []
        self.hand_deltas = [0, 0, 0, 0]  # every payment of this hand
        self._end_deltas = [0, 0, 0, 0]  # payments without an event of their own (shown by the end event)
        self._wall_ended = False  # the hand ended because the wall ran out (and nothing else since)
        self.dealt_flowers: list[list[int]] = [[] for _ in range(4)]  # bonus tiles dealt, not yet shown
        self._legal: dict[int, tuple[Action, ...]] = {}  # legal actions by seat, valid until the next apply
        self.questions_asked = 0  # questions put to the seats (``ask``) so far: each opens a new window
        self._playing = False  # the first turn has begun (before it, a question is an opening phase)
        # How far the hand has gone, for first-go-around fans (天和, 地和, 人和): discards so far, and
        # whether any meld has been made.
        self.discard_count = 0
        self.interrupted = False
        # The kinds that would complete each seat's waiting hand, kept up to date as hands change, so
        # that win checks on discards and draws are set lookups.
        self.waits: list[frozenset[int]] = [frozenset()] * 4
        # A lower bound on each seat's shanten over the Chinese Official forms, as its holding stands (0: not
        # known): one tile in and one out lower shanten by one at most, so a holding two or more away is
        # not ready after its next draw and discard either, and its wait check can wait. Kept only where
        # the ruleset's waits are empty unless the holding is ready in such a form (``chinese_ready``).
        self._distance = [0, 0, 0, 0]
        self.hand_state: Any = self.rules.new_state(self)  # the ruleset's own state for this hand
        hooks = type(self.rules)
        self._public_state = hooks.public_state is not Ruleset.public_state
        self._bounded = hooks.waits is Ruleset.waits or self.rules.chinese_ready
        self._plain_claims = self.rules.plain_claims or hooks.claim_options is Ruleset.claim_options
        # Hooks called on every step that the ruleset may leave as they are (doing nothing): not called then;
        # a moment's handler is called only where the ruleset gives one.
        seen = self.rules.observers()
        self._drawn, self._discarded, self._passed = seen.drawn, seen.discarded, seen.passed
        self._claimed, self._konged = seen.claimed, seen.konged
        self._before_draw = hooks.before_draw is not Ruleset.before_draw
        self._seat_waits = hooks.seat_waits is not Ruleset.seat_waits
        self._in_control = False  # in a hook that hands the table to the ruleset (declare_win's check)
        self._build_wall(wall, dice)
        self._deal()

    # -- setup -------------------------------------------------------------------------------------

    def _build_wall(self, wall: Sequence[int] | None, dice: tuple[int, int] | None) -> None:
        tiles = self.rules.wall_tiles()
        if wall is None:
            ring = list(tiles)
            self.rng.shuffle(ring)
        else:
            ring = [int(t) for t in wall]
            if sorted(ring) != sorted(tiles):
                raise InvalidOptionError(f"a prepared wall must hold exactly this ruleset's "
                                         f"{len(tiles)} tiles")
        rng = self.rng
        if dice is None:
            first = rng.randint(1, 6) + rng.randint(1, 6)
            second = rng.randint(1, 6) + rng.randint(1, 6)
        else:
            first, second = dice
            if not (2 <= first <= 12 and 2 <= second <= 12):
                raise InvalidOptionError(f"each roll of two dice is 2-12, not {dice!r}")
        self.wall: Wall = self.rules.new_wall(ring, self.dealer, (first, second))
        second_seat = self.wall.broken_at
        self.dice = (first, second, second_seat)
        # A seed is recorded only when it dealt this wall and these dice: a prepared wall or dice would
        # otherwise claim a shuffle that the record checker can disprove.
        self.events.append(ev.Start(self.rules.name, self.seed if wall is None and dice is None else None,
                                    self.dealer, ALL_TILES[self.round_wind].notation(), ring, [first, second],
                                    second_seat, list(self.totals)))

    def deal_tile(self, seat: int, replacement: bool = False) -> int:
        """Give ``seat`` its next tile from the wall (``Wall.take``; a ``replacement`` from the tail), for a
        ruleset's ``deal`` and opening phases; its code (a bonus tile is kept aside to be shown)."""
        place = self.wall.take(seat, replacement)
        if place is None:
            raise InvalidOptionError(f"the wall ran out while dealing to seat {seat}")
        t = self.wall[place]
        if t >= BONUS_BASE:
            self.dealt_flowers[seat].append(t)
        else:
            self.counts[seat][t] += 1
        return t

    def _deal(self) -> None:
        self.rules.deal(self)
        self.events.append(ev.Deal())
        # 补花: the dealer first, then each seat in turn, show bonus tiles and replace them from the tail.
        order = [(self.dealer + k) % 4 for k in range(4)]
        for s in order:
            while self.dealt_flowers[s]:
                for f in list(self.dealt_flowers[s]):
                    self.dealt_flowers[s].remove(f)
                    self.show_flower(s, f - BONUS_BASE)
                    place = self.wall.take(s, True)
                    if place is None:
                        self._end(exhausted=True)
                        return
                    tail = self.wall[place]
                    if tail >= BONUS_BASE:
                        self.dealt_flowers[s].append(tail)
                    else:
                        self.counts[s][tail] += 1
                    if s == self.dealer and self.drawn is not None:  # (13 dealt: no 14th to replace)
                        self.drawn = tail
        if self.drawn is not None and self.drawn >= BONUS_BASE:
            self.drawn = None
        self.rules.after_deal(self)
        if self.phase is not _OPENING and self.phase is not _OVER:
            self._begin_play()

    def _begin_play(self) -> None:
        """Count every seat's waits and begin the dealer's first turn (its draw, if dealt 13)."""
        self._playing = True
        dealer = self.dealer
        counts = self.counts[dealer]
        first_draw = self.drawn is None  # the deal gave the dealer 13 tiles: play begins with its draw
        if self.drawn is not None and not counts[self.drawn]:
            # An opening exchange took the dealer's 14th tile: call its highest tile the one drawn (any
            # tile of a complete hand completes the other thirteen).
            self.drawn = max(t for t in range(34) if counts[t])
        for s in range(4):
            if s != dealer or first_draw:
                self._update_waits(s)
        if self.drawn is not None:
            # The dealer's fourteen: waiting on the tile received last, if the rest are ready.
            counts[self.drawn] -= 1
            self._update_waits(dealer)
            counts[self.drawn] += 1
        if first_draw:
            self._draw(dealer, from_tail=False)
        else:
            self._begin_turn(dealer)

    # -- the wall ------------------------------------------------------------------------------------

    @property
    def wall_left(self) -> int:
        """Tiles the seat whose turn it is may still draw (``Wall.left``): the shared wall less the
        ruleset's dead wall (``Ruleset.dead_wall``), or that seat's own wall where each seat has one."""
        return self.wall.left(self.current)

    def wall_left_for(self, seat: int) -> int:
        """Tiles ``seat`` may still draw (``Wall.left``)."""
        return self.wall.left(seat)

    def last_tile(self, after: int) -> bool:
        """Whether the tile ``after`` just drew or let go is the hand's last: the seat to draw next after it
        has nothing left (海底: only a win may follow)."""
        seat = self.next_active(after)
        return self.wall.left(after if seat is None else seat) == 0

    def _draw(self, seat: int, from_tail: bool) -> bool:
        """Draw for ``seat``, replacing bonus tiles from the tail; False if the wall ran out."""
        bonus = False
        take = self.wall.take
        place = take(seat, from_tail)
        t = None if place is None else self.wall[place]
        while t is not None and t >= BONUS_BASE:
            self.show_flower(seat, t - BONUS_BASE)
            bonus = True
            place = take(seat, True)
            t = None if place is None else self.wall[place]
        if t is None:
            self._end(exhausted=True)
            return False
        self.counts[seat][t] += 1
        self.drawn = t
        self.kong_draw = from_tail
        self.bonus_after_kong = from_tail and bonus
        self.events.append(_Draw(seat, t, from_tail))
        assert place is not None
        if self._drawn is not None:
            self._drawn(self, seat, place, from_tail)
        # The turn begins (_begin_turn, written out).
        self.phase = _TURN
        self.current = seat
        self.pending = {}
        self.claim_options = {}
        return True

    def draw_for(self, seat: int, from_tail: bool = False) -> bool:
        """Draw for ``seat`` and begin its turn, for a ruleset that decides who draws (an answer to
        ``ask``: the seat that takes the last tile); False if the wall ran out (the hand is then over)."""
        if self.phase is _OVER:
            raise IllegalActionError("the hand is over")
        return self._draw(seat, from_tail)

    def lay_meld(self, seat: int, meld: Meld) -> None:
        """``seat`` lays ``meld`` face up from its standing tiles (a ruleset's own meld of mixed tiles:
        Changchun's 旋风杠 at the deal); a replacement, if the ruleset gives one, is its call
        (``deal_tile(seat, replacement=True)`` in an opening phase, ``draw_for(seat, from_tail=True)`` on
        the seat's turn). Later tiles of its kinds are added with ``ADDED_KONG`` (others may rob them)."""
        if self.phase is _OVER:
            raise IllegalActionError("the hand is over")
        counts = self.counts[seat]
        need = [0] * 34
        for t in meld.tiles:
            need[t] += 1
        if any(need[t] > counts[t] for t in range(34)):
            raise InvalidOptionError(f"seat {seat} does not hold {meld.notation()}")
        for t in meld.tiles:
            counts[t] -= 1
        self.melds[seat].append(meld)
        self._shown_melds[seat] = tuple(self.melds[seat])
        self._distance[seat] = 0  # a meld changes the forms: count again
        self.interrupted = True
        self.events.append(ev.Lay(seat, meld.notation()))
        self._legal = {}
        self._update_waits(seat)

    def roll(self, seat: int | None, why: str, dice: int = 2) -> tuple[int, ...]:
        """Roll ``dice`` dice for a ruleset's chance rule during the hand (``why``: its word), logged as a
        ``Roll`` event; a game rebuilt from a record (``rolls``) gets the recorded dice back.

        >>> g = Game(seed=1)
        >>> d = g.roll(0, "test")
        >>> len(d), all(1 <= x <= 6 for x in d), g.events[-1].as_dict()["why"]
        (2, True, 'test')
        """
        if not 1 <= dice <= 4:
            raise InvalidOptionError(f"a roll is of 1 to 4 dice, not {dice!r}")
        if self._rolls is None:
            values = tuple(self.rng.randint(1, 6) for _ in range(dice))
        else:
            if not self._rolls:
                raise InvalidOptionError(f"no recorded roll is left for {why!r}")
            given = self._rolls.pop()
            if len(given) != dice or not all(type(v) is int and 1 <= v <= 6 for v in given):
                raise InvalidOptionError(f"the recorded roll {given!r} is not {dice} dice of 1-6 ({why!r})")
            values = tuple(given)
        self.events.append(ev.Roll(seat, why, list(values)))
        return values

    def ask(self, questions: Mapping[int, Sequence[Action]]) -> None:
        """Ask seats a question: each asked seat chooses one of its actions, then the ruleset's ``answer``
        hook gets the answers. Asked from ``after_deal`` (or an answer to such a question) it is an opening
        phase (``Phase.OPENING``: 换三张, 定缺, 起手小胡, every asked seat at once), and play begins once an
        answer asks nothing more; asked during play (``Phase.ASK``: Changsha's 海底漫游, one seat at a time
        whether it takes the last tile), the hand waits for the answers, and the ruleset asks again, draws
        (``draw_for``) or ends the hand."""
        if not questions or any(not options for options in questions.values()):
            raise InvalidOptionError("a question asks at least one seat, each with at least one choice")
        self.questions_asked += 1
        self.phase = _ASK if self._playing else _OPENING
        self.pending = {s: None for s in sorted(questions)}
        self.claim_options = {s: list(options) for s, options in questions.items()}
        self._legal = {}

    def _begin_turn(self, seat: int) -> None:
        self.phase = _TURN
        self.current = seat
        self.pending = {}
        self.claim_options = {}

    def next_active(self, seat: int) -> int | None:
        """The first seat after ``seat`` in turn order that is still in the hand (None if none is)."""
        for k in (1, 2, 3, 4):
            s = (seat + k) % 4
            if self.active[s]:
                return s
        return None

    def show_flower(self, seat: int, flower: int) -> None:
        """``seat`` shows bonus tile ``flower`` (花牌, 0-7) and sets it aside: the engine's draws and a
        ruleset's ``deal`` call this (views read the count it keeps); the replacement is the caller's."""
        self.flowers[seat].append(flower)
        self._shown_flowers = tuple(map(len, self.flowers))
        self.events.append(ev.Flower(seat, flower))

    def leave(self, seat: int) -> None:
        """Take ``seat`` out of the hand (a ruleset's ``after_win``: a winner who leaves, 血战到底)."""
        self.active[seat] = False

    def pay(self, deltas: Sequence[int], event: ev.Event | None = None) -> None:
        """Move money between the seats now; ``event`` (if any) logs it, otherwise the end event shows it."""
        if len(deltas) != 4:
            raise ValueError(f"a payment has four deltas, not {list(deltas)!r}")
        for s in range(4):
            self.totals[s] += deltas[s]
            self.hand_deltas[s] += deltas[s]
        if event is None:
            for s in range(4):
                self._end_deltas[s] += deltas[s]
        else:
            self.events.append(event)

    def event_dicts(self) -> list[dict[str, Any]]:
        """The hand's events so far in record form (``Event.as_dict``)."""
        return [e.as_dict() for e in self.events]

    def log(self, event: ev.Event) -> None:
        """Add a ruleset's own event to the hand's log."""
        self.events.append(event)

    # -- what each seat may see and do -----------------------------------------------------------

    def seat_wind(self, seat: int) -> Tile:
        """门风: the dealer is East, then South, West, North in turn order."""
        return seat_wind(seat, self.dealer)

    def standing_tiles(self, seat: int) -> list[Tile]:
        """A seat's standing tiles, sorted."""
        return [t for t, n in zip(ALL_TILES, self.counts[seat], strict=True) if n for _ in range(n)]

    def visible_copies(self, tile: int, seat: int) -> int:
        """Copies of ``tile`` on the table as ``seat`` sees it: discards still there, exposed melds and
        winning tiles laid aside."""
        kind = ALL_TILES[tile]
        n = sum(d.count(kind) for d in self.discards) + sum(w.count(kind) for w in self.won)
        for s in range(4):
            for m in self.melds[s]:
                if m.is_concealed_kong and s != seat:
                    continue
                n += sum(1 for t in m.tiles if t == tile)
        if self.last_discard is not None and self.phase in (Phase.CLAIM,) and self.last_discard[1] == tile:
            n -= 1  # the discard being claimed is the winning tile itself
        return n

    def to_act(self) -> list[int]:
        """The seats whose decision the game is waiting for (empty when the hand is over)."""
        phase = self.phase
        if phase is _TURN:
            return [self.current]
        if phase is not _OVER:
            return [s for s, a in self.pending.items() if a is None]
        return []

    def _hands_at_end(self, winning: dict[int, int]) -> tuple[Hand, ...]:
        """Each seat's hand as the hand ends; ``winning`` maps each winner to its winning tile."""
        out = []
        for seat in range(4):
            counts = list(self.counts[seat])
            last = winning.get(seat)
            if sum(counts) == 14 - 3 * len(self.melds[seat]):
                # Self-drawn: the winning tile is among the standing ones. (A seat that drew and had not
                # let go when the wall ran out holds one more too: its last tile is the one it drew.)
                if last is None:
                    last = self.drawn if self.drawn is not None and counts[self.drawn] else \
                        max(t for t in range(34) if counts[t])
                counts[last] -= 1
            tiles = tuple(ALL_TILES[t] for t in range(34) for _ in range(counts[t]))
            out.append(Hand(tuple(self.melds[seat]), tiles, None if last is None else ALL_TILES[last]))
        return tuple(out)

    def _hand_with(self, seat: int, tile: int) -> Hand:
        counts = self.counts[seat]
        tiles = [ALL_TILES[t] for t in range(34) for _ in range(counts[t])]
        return Hand(tuple(self.melds[seat]), tuple(tiles), ALL_TILES[tile])

    def recount(self, seat: int) -> None:
        """Work out ``seat``'s waits anew: for a ruleset that moves tiles in or out of a hand itself during
        play (the engine's own draws, discards, claims and kongs keep them up to date)."""
        self._update_waits(seat)

    def shanten_bound(self, seat: int) -> int:
        """A lower bound on the shanten over the Chinese Official forms of ``seat``'s holding as the engine
        last counted it: after the seat's last discard or kong, before any draw since (0 after a chow or
        pung, or where not known). Kept where the ruleset allows it (``Ruleset.chinese_ready``, or the
        default ``waits``); a drawn tile lowers shanten by one at most."""
        return self._distance[seat]

    def _update_waits(self, seat: int) -> None:
        counts = self.counts[seat]
        melds = self.melds[seat]
        if self._bounded:
            away = self._distance[seat] = distance(counts, len(melds))
            if away > 0:
                self.waits[seat] = self.rules.seat_waits(self, seat, _NO_WAITS) if self._seat_waits \
                    else _NO_WAITS
                return
        held = counts[:]
        for m in melds:
            for t in m.tiles:
                held[t] += 1
        # Only waits with a copy left outside the hand: a hand waiting on nothing else is not ready.
        found = self.rules.waits(counts, len(melds), held)
        self.waits[seat] = self.rules.seat_waits(self, seat, found) if self._seat_waits else found

    def self_win(self, seat: int) -> Score | None:
        """The score of ``seat`` winning on the tile it just drew, or None if that is not a win."""
        if self.drawn is None or self.drawn not in self.waits[seat]:
            return None
        counts = self.counts[seat]
        counts[self.drawn] -= 1
        hand = self._hand_with(seat, self.drawn)
        counts[self.drawn] += 1
        how = WinBy.KONG_REPLACEMENT if self.kong_draw else WinBy.SELF_DRAWN
        return self.rules.win_score(self, seat, hand, win_by=how, last_of_wall=self.last_tile(seat))

    def discard_win(self, seat: int, tile: int, robbing: bool) -> Score | None:
        """The score of ``seat`` winning on ``tile`` (a discard, or a kong being added when ``robbing``)."""
        if tile not in self.waits[seat]:
            return None
        how = WinBy.ROBBING_KONG if robbing else WinBy.DISCARD
        giver = self.current if self.last_discard is None else self.last_discard[0]
        return self.rules.win_score(self, seat, self._hand_with(seat, tile), win_by=how,
                                    last_of_wall=not robbing and self.last_tile(giver))

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (an empty list when it is not asked to act)."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._compute_legal(seat)
        return list(cached)

    def _compute_legal(self, seat: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase is _TURN:
            return tuple(self.rules.turn_actions(self, seat)) if seat == self.current else ()
        if phase is not _OVER and seat in self.pending and self.pending[seat] is None:
            return tuple(self.claim_options[seat])
        return ()

    @property
    def scores(self) -> list[int]:
        """Deprecated: ``totals`` (a score is one win's valuation, as in ``HandResult.scores``)."""
        warnings.warn("Game.scores is now Game.totals; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.totals

    @property
    def rules_state(self) -> Any:
        """Deprecated: ``hand_state``."""
        warnings.warn("Game.rules_state is now Game.hand_state; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.hand_state

    def view(self, seat: int) -> View:
        """What ``seat`` may know now: once the hand is over, every seat's hand (sources 000 and 002).

        The view captures the state now (plain values and the engine's immutable copies of what everyone
        sees) and works each field out when it is first read.
        """
        actions = self._legal.get(seat)
        if actions is None:
            actions = self._legal[seat] = self._compute_legal(seat)
        result = self.result
        view: View = _new_view(View)
        _SET_LEGAL(view, actions)  # set at once: every policy reads it
        _SOURCE.__set__(view, (
            seat, self.phase, self.current, self.drawn, self.counts[seat][:], tuple(self._shown_melds),
            None if result is None else result.hands, self._shown_flowers,
            tuple(self._shown_discards), self.last_discard, self.wall.left(seat),
            tuple(self.totals), self.dealer, self.round_wind, actions, self.robbed, tuple(self.active),
            tuple(self._shown_won), self.rules.public_state(self, seat) if self._public_state else None,
            self.rules, self._shown_hidden))
        return view

    # -- acting ----------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Carry out ``seat``'s action; raises IllegalActionError (changing nothing) if not allowed.

        Something that is not an ``Action`` at all raises ``InvalidActionError``.
        """
        if not isinstance(action, Action):
            raise InvalidActionError(f"not an Action: {action!r}")
        phase = self.phase
        if phase is _OVER:
            raise IllegalActionError("the hand is over")
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self._compute_legal(seat)
        if action not in legal:
            if action.kind == ActionKind.WIN and seat in self.to_act() and phase != Phase.OPENING:
                # A false win the ruleset may charge (错和); logged as given, then the charge.
                self.events.append(ev.Act(seat, action))
                penalty = self.rules.penalty(self, seat, Fault.FALSE_WIN)
                if penalty is not None:
                    self._legal = {}
                    self.pay(list(penalty.deltas), ev.FalseWinPenalty(seat, list(penalty.deltas)))
                    if penalty.ends_hand:
                        self.end_hand()
                    if self.phase in (Phase.CLAIM, Phase.ROB):
                        self._answer(seat, PASS)
                    return
                self.events.pop()
            waiting = ", ".join(str(s) for s in self.to_act())
            choices = ", ".join(a.notation() for a in legal) or "nothing (waiting for seat " + waiting + ")"
            raise IllegalActionError(f"seat {seat} cannot {action.notation()} now; it may: {choices}")
        # Every accepted action is recorded as given, so a record replays exactly.
        self._legal = {}
        self.events.append(_Act(seat, action))
        if phase is not _TURN:
            self._answer(seat, action)
        elif action.kind is _DISCARD_KIND and not action.tiles:  # the common case first (see _act_on_turn)
            self.discard(seat, int(action.tile))  # type: ignore[arg-type]
        else:
            self._act_on_turn(seat, action)

    def _answer(self, seat: int, action: Action) -> None:
        self.pending[seat] = action
        if any(a is None for a in self.pending.values()):
            return
        phase = self.phase
        if phase is _ASK or phase is _OPENING:
            answers = {s: a for s, a in self.pending.items() if a is not None}
            self.pending = {}
            self.claim_options = {}
            was = self._in_control
            self._in_control = True
            try:
                self.rules.answer(self, answers)
            finally:
                self._in_control = was
            if self.phase is _OPENING and not self.pending:
                self._begin_play()  # the opening phases are over
            elif self.phase is _ASK and not self.pending:
                raise InvalidOptionError(f"ruleset {self.rules.name!r} left a question unanswered and asked "
                                         f"nothing else")
        else:
            self._resolve()

    def _act_on_turn(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == _WIN_KIND:
            assert self.drawn is not None
            self._win([seat], self.drawn, None)
            return
        if kind == _DISCARD_KIND and not action.tiles:  # (a red five named: the ruleset's own)
            assert action.tile is not None
            self.discard(seat, int(action.tile))
            return
        if kind == ActionKind.CONCEALED_KONG or kind == ActionKind.ADDED_KONG:
            assert action.tile is not None
            self._kong(seat, int(action.tile),
                       KongKind.CONCEALED if kind == ActionKind.CONCEALED_KONG else KongKind.ADDED)
            return
        # A kind of the ruleset's own (a riichi declaration, an abortive draw, ...).
        self.rules.turn_action(self, seat, action)

    def kong(self, seat: int, tile: int, how: KongKind | str) -> None:
        """``seat`` makes a kong of ``tile`` on its turn, ``how`` ``concealed`` (four held) or ``added`` (to
        its pung, or to a meld of mixed tiles holding the kind), for a ruleset's own turn action (Changsha's
        开杠): others may rob it as the ruleset says, then the kong stands and the replacement is drawn."""
        if self.phase is not _TURN or seat != self.current:
            raise IllegalActionError(f"seat {seat} may make a kong only on its own turn")
        how = KongKind(how)
        counts = self.counts[seat]
        if how is KongKind.CONCEALED:
            ok = counts[tile] == 4
        elif how is KongKind.ADDED:
            ok = counts[tile] > 0 and any(
                (m.kind == MeldKind.PUNG and m.tile == tile) or (m.kind == MeldKind.MIXED and tile in m.mixed)
                for m in self.melds[seat])
        else:
            raise InvalidOptionError(f"a kong on one's turn is concealed or added, not {how.value!r}")
        if not ok:
            raise IllegalActionError(f"seat {seat} holds no {how.value} kong of {ALL_TILES[tile].notation()}")
        self._legal = {}
        self._kong(seat, tile, how)

    def _kong(self, seat: int, t: int, how: KongKind) -> None:
        if how is KongKind.CONCEALED:
            self.interrupted = True
            self.events.append(ev.Kong(seat, t, KongKind.CONCEALED))
        else:
            self.events.append(ev.AddKong(seat, t))
            self.interrupted = True
        self._offer_robbing(seat, t, how)

    def discard(self, seat: int, tile: int) -> None:
        """``seat`` lets ``tile`` go and the others are asked (for a ruleset's own turn actions)."""
        self.counts[seat][tile] -= 1
        shown = ALL_TILES[tile]
        self.discards[seat].append(shown)
        self._shown_discards[seat] += (shown,)
        self.last_discard = (seat, tile)
        self.discard_after_kong = self.kong_draw
        self.drawn = None
        away = self._distance[seat]
        if away > 1:
            self._distance[seat] = away - 1  # one tile in since the count, one out: not ready yet
        else:
            self._update_waits(seat)
        self.discard_count += 1
        if self._discarded is not None:
            self._discarded(self, seat, tile)
            if self.result is not None:
                return  # the ruleset ended the hand (an abortive draw)
        self.events.append(_Discard(seat, tile))
        self._open_claims(seat, tile)

    def _offer_robbing(self, seat: int, tile: int, how: KongKind) -> None:
        """Others may rob a kong being made (抢杠) before it stands."""
        self.robbed = (seat, tile)
        self.robbed_how = how
        self.phase = Phase.ROB
        self.pending = {}
        self.claim_options = {}
        for s in range(4):
            if s != seat and self.active[s]:
                options = self.rules.rob_options(self, s, seat, tile, how)
                if options:
                    self.pending[s] = None
                    self.claim_options[s] = options
        if not self.pending and not self.hold_windows:
            self._complete_kong()

    def _complete_kong(self) -> None:
        assert self.robbed is not None
        seat, t = self.robbed
        self.robbed = None
        melds = self.melds[seat]
        if self.robbed_how is KongKind.CONCEALED:
            self.counts[seat][t] -= 4
            melds.append(Meld.kong(ALL_TILES[t]))
            self._shown_melds[seat] = tuple(melds)
            self._shown_hidden = tuple(n + (s == seat) for s, n in enumerate(self._shown_hidden))
        else:
            for i, m in enumerate(melds):
                if m.kind == MeldKind.PUNG and m.tile == t:
                    melds[i] = Meld.kong(m.tile, m.from_seat, added=True)
                    self._shown_melds[seat] = tuple(melds)
                    break
            else:  # a tile added to a meld of mixed tiles (the ruleset offered it)
                for i, m in enumerate(melds):
                    if m.kind == MeldKind.MIXED and t in m.mixed:
                        melds[i] = m.adding(ALL_TILES[t])
                        self._shown_melds[seat] = tuple(melds)
                        break
            self.counts[seat][t] -= 1
        self._update_waits(seat)
        if self._konged is not None:
            self._konged(self, seat, t, self.robbed_how, None)
        if self.result is None:
            self._draw(seat, from_tail=True)

    def _open_claims(self, giver: int, tile: int) -> None:
        self.phase = _CLAIM
        pending: dict[int, Action | None] = {}
        asked: dict[int, list[Action]] = {}
        self.pending = pending
        self.claim_options = asked
        rules = self.rules
        active = self.active
        # The default hook answers a plain pass for a seat that cannot win on the tile, holds no pair of it
        # and (the next seat, where chows are allowed) no neighbour of it: such seats are not asked.
        plain = self._plain_claims
        waits = self.waits
        counts = self.counts
        # The next seat's neighbours of the tile for a chow, where chows are allowed (none for an honor).
        rank = tile % 9 if tile < 27 and rules.has_chow else -1
        for k in (1, 2, 3):
            s = (giver + k) & 3
            if not active[s]:
                continue
            if plain:
                c = counts[s]
                if c[tile] < 2 and tile not in waits[s] and not (
                        k == 1 and rank >= 0 and ((rank and c[tile - 1]) or (rank < 8 and c[tile + 1]))):
                    continue
            options = rules.claim_options(self, s, giver, tile)
            if len(options) > 1 or (options and options[0] != PASS):
                pending[s] = None
                asked[s] = options
        if not pending and not self.hold_windows:
            if self._passed is not None:
                self._let_go(giver, tile)
            else:
                self._next_draw(giver)

    @property
    def is_held(self) -> bool:
        """Whether a window that asks no seat is held open (``hold_windows``) for ``close_window``."""
        return (self.phase is _CLAIM or self.phase is _ROB) and not self.pending

    def close_window(self) -> None:
        """Let a held window go (``hold_windows``): the kong stands, or the discard passes, as the engine
        does at once when no window is held. IllegalActionError if no window is held."""
        if not self.is_held:
            raise IllegalActionError("no window that asks nobody is held open")
        self._legal = {}
        if self.phase is _ROB:
            self._complete_kong()
            return
        assert self.last_discard is not None
        giver, tile = self.last_discard
        if self._passed is not None:
            self._let_go(giver, tile)
        else:
            self._next_draw(giver)

    def _let_go(self, giver: int, tile: int) -> None:
        """Nobody won or claimed ``giver``'s discard: the ruleset is told (``passed``: it may end the hand),
        then the next draw."""
        if self._passed is not None:
            self._passed(self, giver, tile)
        if self.result is None:
            self._next_draw(giver)

    def _next_draw(self, after: int) -> None:
        seat: int | None = (after + 1) & 3
        if not self.active[seat]:  # type: ignore[index]
            seat = self.next_active(after)
        left = self.wall.left(after if seat is None else seat)
        if left == 0 or seat is None:
            self._end(exhausted=left == 0)
            return
        if self._before_draw and self._in_control_of(self.rules.before_draw, seat):
            return  # the ruleset asked a question, drew for a seat or ended the hand instead
        if self._before_draw and self.wall.left(seat) == 0:
            self._end(exhausted=True)  # the hook set the last tile apart (Changchun's 宝牌): nothing to draw
            return
        self._draw(seat, from_tail=False)

    def _in_control_of(self, hook: Callable[[Game, int], bool], seat: int) -> bool:
        """Call a hook that hands the table to the ruleset (``declare_win`` is allowed in it)."""
        was = self._in_control
        self._in_control = True
        try:
            return hook(self, seat)
        finally:
            self._in_control = was

    def _resolve(self) -> None:
        responses = self.pending
        declared = [s for s, a in responses.items() if a == WIN]
        if self.phase == Phase.ROB:
            assert self.robbed is not None
            seat, t = self.robbed
            winners = self.rules.choose_winners(self, seat, declared) if declared else []
            if self.result is not None:
                return  # the ruleset ended the hand instead (an abortive draw)
            if winners:
                self._win(winners, t, seat, robbing=True)
                return
            for s in sorted(responses, key=lambda s: (s - seat) % 4):
                a = responses[s]
                if a is not None and a.kind is ActionKind.PUNG:
                    self._rob_with_pung(s, seat, t)
                    return
            self._complete_kong()
            return
        assert self.last_discard is not None
        giver, t = self.last_discard
        winners = self.rules.choose_winners(self, giver, declared) if declared else []
        if self.result is not None:
            return  # the ruleset ended the hand instead (an abortive draw)
        if winners:
            self._win(winners, t, giver)
            return
        if any(a is not None and a.kind is _DECLARED_KIND for a in responses.values()):
            # A ruleset's own answers: it carries them out (``claim``) or leaves the common claims to go on.
            answers = {s: a for s, a in responses.items() if a is not None}
            if self._in_control_of(lambda game, _: self.rules.resolve_claims(game, giver, t, answers), giver):
                return
        for s, a in responses.items():
            if a is not None and a.kind in (ActionKind.PUNG, ActionKind.KONG):
                self._claim(s, giver, t, a)
                return
        for s, a in responses.items():
            if a is not None and a.kind == ActionKind.CHOW:
                self._claim(s, giver, t, a)
                return
        self._let_go(giver, t)

    def declare_win(self, seat: int, tile: int, score: Score, *, win_by: WinBy = WinBy.SELF_DRAWN) -> None:
        """Record and pay a self-drawn win the ruleset found without a win action (Changchun's 对宝: the
        ready seat wins the moment it sees the treasure tile), from its ``before_draw`` or ``answer``
        hook: ``tile`` must be in ``seat``'s standing tiles (``draw_for`` puts it there, with
        ``Wall.choose_next`` for a chosen place). Then, as for any win, ``pay_win`` and ``after_win``."""
        if self.phase is _OVER:
            raise IllegalActionError("the hand is over")
        if not self._in_control:
            raise InvalidOptionError("a ruleset declares a win from its before_draw or answer hook, where "
                                     "the table waits for it")
        if not 0 <= tile < 34 or not self.counts[seat][tile]:
            shown = ALL_TILES[tile].notation() if 0 <= tile < 34 else tile
            raise InvalidOptionError(f"seat {seat} holds no {shown} to win with")
        self.drawn = tile
        self.events.append(ev.Win((seat,), tile, None, False))
        self._settle([WinRecord(seat, ALL_TILES[tile], win_by, None, score)], [seat], tile, None, False)

    def _win(self, winners: list[int], tile: int, giver: int | None, robbing: bool = False) -> None:
        """Score and pay the wins on ``tile``; then the ruleset says whether play goes on."""
        if giver is None:
            how = WinBy.KONG_REPLACEMENT if self.kong_draw else WinBy.SELF_DRAWN
            scores = [self.self_win(winners[0])]
        else:
            how = WinBy.ROBBING_KONG if robbing else WinBy.DISCARD
            scores = [self.discard_win(s, tile, robbing=robbing) for s in winners]
        self.events.append(ev.Win(tuple(winners), tile, giver, robbing))
        records = [WinRecord(s, ALL_TILES[tile], how, giver, r) for s, r in zip(winners, scores, strict=True)
                   if r is not None]
        self._settle(records, winners, tile, giver, robbing)

    def _settle(self, records: list[WinRecord], winners: list[int], tile: int, giver: int | None,
                robbing: bool) -> None:
        """Pay the wins on ``tile`` and end the hand, or lay the tile aside and play on (``after_win``)."""
        if robbing:
            # The kong is not made: the robbed tile leaves the konger's hand.
            assert giver is not None
            self.robbed = None
            self.counts[giver][tile] -= 1
            self._update_waits(giver)
        self.wins.extend(records)
        for record in records:
            self.rules.pay_win(self, record)
        if not self.rules.after_win(self, records):
            if robbing:
                assert giver is not None
                self.discards[giver].append(ALL_TILES[tile])  # like a discard won on, before the konger
                self._shown_discards[giver] = tuple(self.discards[giver])
            self._end(exhausted=False)
            return
        # Play goes on: the winning tile is laid aside with the (first) winner, and the seat after the
        # last winner in turn order draws next.
        first = records[0].seat
        if giver is None:
            self.counts[first][tile] -= 1
        elif not robbing:
            self.discards[giver].pop()
            self._shown_discards[giver] = tuple(self.discards[giver])
        self.won[first].append(ALL_TILES[tile])
        self._shown_won[first] = tuple(self.won[first])
        for record in records:
            self._update_waits(record.seat)
        self.drawn = None
        self.last_discard = None
        last = first if giver is None else max(winners, key=lambda s: (s - giver) % 4)
        self._next_draw(last)

    def claim(self, seat: int, action: Action) -> None:
        """``seat`` claims the discard being answered into a meld (``action``: pung, kong, or chow with its
        lowest tile), for a ruleset's ``resolve_claims`` carrying out an answer of its own kind (Changsha's
        开杠 on a discard is the kong, then its ``konged`` observer chooses its replacement)."""
        if self.phase is not _CLAIM or self.last_discard is None:
            raise IllegalActionError("a claim answers a discard")
        giver, t = self.last_discard
        counts = self.counts[seat]
        kind = action.kind
        need = {ActionKind.PUNG: 2, ActionKind.KONG: 3}.get(kind)
        if need is not None:
            ok = counts[t] >= need
        elif kind is ActionKind.CHOW and action.tile is not None:
            low = int(action.tile)
            ok = t < 27 and low <= t <= low + 2 and low // 9 == (low + 2) // 9 and all(
                counts[k] for k in (low, low + 1, low + 2) if k != t)
        else:
            ok = False
        if seat == giver or not ok:
            raise IllegalActionError(f"seat {seat} cannot claim {ALL_TILES[t].notation()} as "
                                     f"{action.notation()}")
        self._claim(seat, giver, t, action)

    def _rob_with_pung(self, seat: int, konger: int, t: int) -> None:
        """``seat`` answers ``konger``'s added kong with a pung of its tile (抢叉, a ruleset's rob answer):
        the kong is not made, the tile leaves the konger's hand into ``seat``'s pung, and ``seat`` plays
        on."""
        self.robbed = None
        self.counts[konger][t] -= 1
        self._update_waits(konger)
        self._claim(seat, konger, t, PUNG_ACTION, from_discard=False)

    def _claim(self, seat: int, giver: int, t: int, action: Action, from_discard: bool = True) -> None:
        counts = self.counts[seat]
        if from_discard:
            self.discards[giver].pop()  # the claimed tile moves into the meld
            self._shown_discards[giver] = tuple(self.discards[giver])
        from_seat = RelativeSeat.between(seat, giver)
        if action.kind == ActionKind.CHOW:
            low = int(action.tile)  # type: ignore[arg-type]
            for k in (low, low + 1, low + 2):
                if k != t:
                    counts[k] -= 1
            meld = Meld.chow(ALL_TILES[low], t - low + 1)
        elif action.kind == ActionKind.PUNG:
            counts[t] -= 2
            meld = Meld.pung(ALL_TILES[t], from_seat)
        else:
            counts[t] -= 3
            meld = Meld.kong(ALL_TILES[t], from_seat)
        self.melds[seat].append(meld)
        self._shown_melds[seat] = tuple(self.melds[seat])
        self._distance[seat] = 0  # a meld changes the forms: count again at the discard
        self.interrupted = True
        if action.kind == ActionKind.KONG:
            self._update_waits(seat)
        self.events.append(ev.Claim(seat, meld.notation(), giver))
        self.last_discard = None
        self.discard_after_kong = False
        if self._claimed is not None:
            self._claimed(self, seat, meld, giver)
        if action.kind == ActionKind.KONG:
            if self._konged is not None:
                self._konged(self, seat, t, KongKind.MELDED, giver)
            if self.result is None:
                self._draw(seat, from_tail=True)
        else:
            self.drawn = None
            self.kong_draw = False
            self._begin_turn(seat)

    def forfeit(self, seat: int, reason: str, *, turn: int | None = None,
                responses: Sequence[str | None] | None = None) -> None:
        """End the hand because ``seat`` broke the table's protocol (``reason``: one of
        ``events.FORFEIT_REASONS``), charging the ruleset's ``penalty``; IllegalActionError
        (changing nothing) when the ruleset charges none or the hand is over.

        An exhaustive draw that has just ended the hand, settling nothing, still yields to a forfeit:
        its end event gives way to the forfeit's. Botzone's judge reads every seat's answer to the last
        discard (and to a flower shown as the wall runs out) before it calls the draw, while our engine
        ends the hand at once when nobody may claim (docs/interop.md).
        """
        if not 0 <= seat <= 3:
            raise InvalidOptionError(f"a seat is 0-3, not {seat!r}")
        if reason not in ev.FORFEIT_REASONS:
            raise InvalidOptionError(f"unknown forfeit reason {reason!r}; one of "
                                     f"{', '.join(ev.FORFEIT_REASONS)}")
        reopen = self.phase == Phase.OVER and self._draw_just_ended()
        if self.phase == Phase.OVER and not reopen:
            raise IllegalActionError("the hand is over")
        penalty = self.rules.penalty(self, seat, Fault.FORFEIT)
        if penalty is None:
            raise IllegalActionError(f"seat {seat} forfeits ({reason}: {ev.FORFEIT_REASONS[reason]}), but "
                                     f"the {self.rules.name} rules charge no forfeit")
        if responses is not None and len(responses) != 4:
            raise InvalidOptionError(f"a forfeit's responses are the four seats', not {len(responses)}")
        self._legal = {}
        if reopen:
            self.events.pop()  # the exhaustive draw's end event: the forfeit ends the hand instead
            self.result = None
        answers = None if responses is None else list(responses)
        self.pay(list(penalty.deltas), ev.Forfeit(seat, reason, list(penalty.deltas), turn, answers))
        self._end(exhausted=False)

    @property
    def wall_ended(self) -> bool:
        """Whether the hand ended as a draw of the wall (the wall ran out, or no one took its last tile):
        the wall-end settlement ran."""
        return self._wall_ended

    def _draw_just_ended(self) -> bool:
        """Whether the last event is the end of an exhaustive draw that paid nothing at the end."""
        last = self.events[-1] if self.events else None
        return self._wall_ended and isinstance(last, ev.End) and not last.winners and not any(last.deltas)

    def end_hand(self, exhausted: bool = False) -> None:
        """End the hand now with no further win (a ruleset's abortive draw: 九種九牌, 四風連打, ...; or, with
        ``exhausted``, a draw because no one takes the last tile: the wall-end settlement follows)."""
        if self.phase != Phase.OVER:
            self._end(exhausted=exhausted)

    def _end(self, exhausted: bool) -> None:
        """Settle (the ruleset's ``end_of_hand``), show every hand, and close the hand."""
        self._wall_ended = exhausted
        self.rules.end_of_hand(self, exhausted)
        self.phase = Phase.OVER
        self.pending = {}
        self.claim_options = {}
        wins = self.wins
        last_tile = {w.seat: int(w.tile) for w in wins}
        first = wins[0] if wins else None
        self.result = HandResult(tuple(w.seat for w in wins), tuple(w.score for w in wins),
                                 first is not None and first.giver is None,
                                 None if first is None else first.giver,
                                 (self.hand_deltas[0], self.hand_deltas[1], self.hand_deltas[2],
                                  self.hand_deltas[3]),
                                 self._hands_at_end(last_tile), tuple(wins))
        self.events.append(ev.End([w.seat for w in wins], [w.score.total for w in wins] if wins else None,
                                  list(self._end_deltas)))

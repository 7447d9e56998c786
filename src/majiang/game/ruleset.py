"""The ruleset interface the engine drives, and the registry of rulesets.

A ruleset is a frozen dataclass whose fields are its options (the record stores them) and whose methods
are the engine's hooks: the tile set and the wall, the deal and any opening phases, the legal actions
and claim options, the win check and its score, who wins a contested discard, what a win costs and
whether play goes on, payments at any moment, the settlement when the wall runs out, per-seat state that
views show, and the match (dealer, round wind, seat changes). ``majiang.game.Game`` knows no ruleset by
name; docs/engine.md explains each hook and sketches how riichi fits them.

The defaults below are the common Chinese table (two-dice break, 4-4-4 deal with 跳牌, bonus tiles
replaced from the tail, chow/pung/kong, one winner nearest after the discarder, the hand ends at the
first win); a ruleset overrides what differs.

>>> find_ruleset("国标").name, find_ruleset("mcr", ["profile=wmo2014"]).profile
('mcr', 'wmo2014')
>>> "mcr" in ruleset_names()
True
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import random
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import compress
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.actions import Action, ActionKind, ActionSpec
from majiang.analysis.ready import is_ready
from majiang.analysis.shanten import effective_counts, shanten_and_effective, shanten_trusted
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.game._protocol import (
    Efficiency,
    Game,
    HoldsPot,
    Match,
    MatchTable,
    SeatView,
    Table,
    TableSeatView,
    View,
)
from majiang.game.describe import Describer
from majiang.game.moments import NO_OBSERVERS, Observers
from majiang.game.options import OptionSpec, option_schema, optional, with_options
from majiang.game.results import Fault, NextHand, Penalty, standard_scores
from majiang.game.scoring import Score, Scored, Scorer
from majiang.game.wall import SeatWalls, Wall, break_ring
from majiang.hand import Hand, WinBy
from majiang.meld import KongKind, Meld, MeldKind
from majiang.rules.bounds import Bounds, check_bound
from majiang.tiles import ALL_TILES, WINDS, Tile

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.rules.mcr.advice import McrAdvisor

__all__ = [
    "BONUS_BASE",
    "CHINESE_EFFICIENCY",
    "DEFAULT_RULESET",
    "NO_BONUS",
    "ChineseEfficiency",
    "Efficiency",
    "Fault",
    "Game",
    "HoldsPot",
    "Match",
    "MatchTable",
    "NextHand",
    "OptionSpec",
    "Penalty",
    "Rebuilt",
    "Ruleset",
    "Score",
    "SeatView",
    "SeatWalls",
    "Table",
    "TableSeatView",
    "View",
    "Wall",
    "check_bound",
    "find_ruleset",
    "register_ruleset",
    "ruleset_aliases",
    "ruleset_names",
    "ruleset_presets",
    "score_plain",
    "scorer_of",
]

BONUS_BASE = 34
"""Wall codes from 34 up are bonus tiles (花牌): set aside when drawn and replaced from the tail."""
DEFAULT_RULESET = "mcr"

PASS = Action(ActionKind.PASS)
WIN = Action(ActionKind.WIN)
PUNG = Action(ActionKind.PUNG)
KONG = Action(ActionKind.KONG)
# Every tile-bearing action made once: legal-action lists are rebuilt on every step.
DISCARD = tuple(Action(ActionKind.DISCARD, t) for t in ALL_TILES)
CHOW = tuple(Action(ActionKind.CHOW, t) for t in ALL_TILES)
CONCEALED_KONG = tuple(Action(ActionKind.CONCEALED_KONG, t) for t in ALL_TILES)
ADDED_KONG = tuple(Action(ActionKind.ADDED_KONG, t) for t in ALL_TILES)
_PUNG = MeldKind.PUNG  # (an Enum class's attribute costs a lookup through its metaclass)


NO_BONUS: tuple[int, ...] = (0,) * 34
"""``Ruleset.tile_bonus`` of a ruleset whose tiles add nothing to a win beyond its shape."""


@dataclass(frozen=True, slots=True)
class ChineseEfficiency:
    """The Chinese Official forms (every MCR form) and fans: the default ``Ruleset.efficiency``."""

    mcr_fans: bool = True

    def shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """The lowest shanten over every Chinese Official form."""
        return shanten_trusted(counts, len(melds))

    def shanten_and_effective(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[int]]:
        """The lowest shanten over every Chinese Official form, and its effective kinds."""
        return shanten_and_effective(counts, len(melds))

    def is_dead(self, kind: int) -> bool:
        """No kind is dead under Chinese Official rules."""
        return False

    def win_points(self, hand: Hand, self_drawn: bool) -> int | None:
        """Fans of the win (flowers none, winds East), None below the 8-fan minimum."""
        from majiang.rules.mcr import MINIMUM, fan_total

        try:
            total = fan_total(hand, win_by=WinBy.SELF_DRAWN if self_drawn else WinBy.DISCARD)
        except InvalidHandError:
            return None
        return total if total is not None and total >= MINIMUM else None


CHINESE_EFFICIENCY = ChineseEfficiency()


@dataclass(frozen=True, slots=True)
class SeatContext:
    """What a seat's judgement of its tiles rests on beyond the tiles (``Ruleset.seat_efficiency``): its
    wind, the round's, and the suit it gave up (``void``: 0-2 for m/p/s, None when undeclared: then the
    best one to give up) under rules whose wins lack a suit (``Ruleset.missing_suit``)."""

    seat_wind: Tile = Tile.EAST
    round_wind: Tile = Tile.EAST
    void: int | None = None

    def __post_init__(self) -> None:
        for name in ("seat_wind", "round_wind"):
            if getattr(self, name) not in WINDS:
                raise InvalidOptionError(f"{name} must be a wind (E, S, W or N), not {getattr(self, name)!r}")
        if self.void is not None and (isinstance(self.void, bool) or self.void not in (0, 1, 2)):
            raise InvalidOptionError(f"void must be a suit 0-2 (m, p, s) or None, not {self.void!r}")


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """What a ruleset's ``rebuild`` gives the search's sampler (``majiang.bots.position``) for one view.

    ``state``: the hand state set from the view (each sample starts from a copy, ``Ruleset.copy_state``);
    ``shown``: (place, kind) of wall places whose tiles the seat has seen (riichi's dora indicators), not
    dealt at random; ``deal``: called on each sample once its hidden tiles are dealt and every seat's
    waits counted, before a claim window opens, to set what follows from the hidden tiles (riichi: which
    unseen fives are red, the others' furiten), with the sample's generator.
    """

    state: Any = None
    shown: tuple[tuple[int, int], ...] = ()
    deal: Callable[[Game, int, random.Random], None] | None = None


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Options shared by every ruleset (its ``name``); subclasses add options and override hooks."""

    name: str = "base"
    has_chow: ClassVar[bool] = True
    """Whether the seat after the discarder may chow (吃)."""
    match_hands: ClassVar[int] = 16
    """The hands of a match unless the caller says otherwise."""
    later_options: ClassVar[frozenset[str]] = frozenset()
    """Options added after records were first written: a record may lack them (their defaults keep the
    older play, unless ``older_values`` says otherwise)."""
    older_values: ClassVar[Mapping[str, Any]] = {}
    """For those of ``later_options`` whose default changed the play when they were added: the value (as a
    record's header stores it) that a record lacking the option was played by."""
    most_hands: ClassVar[int] = 16
    """The most hands a match may have (a ruleset whose ``next_hand`` ends the match may allow more)."""
    counts_hands: ClassVar[bool] = True
    """Whether a match plays a set number of hands (displays count them); False where the rules end it by
    their own decision too (``next_hand``: riichi's bust, agari-yame)."""
    chinese_ready: ClassVar[bool] = False
    """Whether ``waits`` is empty for every holding that is not ready in some Chinese Official form (every
    winning form of the ruleset is one of them) and the engine should skip wait checks for holdings it
    knows to be further away (it counts their shanten to know). The default ``waits`` is such a hook
    whatever this says; a ruleset whose own check is cheaper (Sichuan: three suits held) leaves it off."""
    plain_claims: ClassVar[bool] = False
    """Whether ``claim_options`` answers a plain pass wherever the default hook does (the seat cannot win on
    the tile, holds no pair of it and, the next seat where chows are allowed, no neighbour of it), so the
    engine need not ask such seats; the default hook counts as such whatever this says."""
    dead_wall: ClassVar[int] = 0
    """Tiles at the wall's tail never drawn in turn (riichi's 14-tile 王牌); replacements still come from
    the tail, so each kong's replacement moves the end of the live wall by one."""
    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The texts a text or integer option takes where the ruleset's own check allows only those (an enum
    option's choices are its values without this)."""
    actions: ClassVar[tuple[ActionSpec, ...]] = ()
    """The ruleset's own actions (``majiang.actions.declare_action`` each at import): records, displays and
    the RL action space read and show them by these specs, knowing nothing else of the ruleset."""
    missing_suit: ClassVar[bool] = False
    """Whether a win must lack one of the three suits (缺一门, Sichuan): a seat gives one up, and the coach
    asks which (``SeatContext.void``)."""
    coach_bot: ClassVar[str] = "fan-aware"
    """The search bot's prior and, unless ``coaching_bot`` names another, the bot whose judgement the coach
    shows beside its own tables (``majiang.bots.judgement``): the strongest fast bot measured under the
    ruleset (docs/bots.md), as ``find_bot`` names it (options after colons)."""
    playout_shanten: ClassVar[bool] = True
    """Whether the search bot's playout policy counts each seat's shanten by the ruleset's own
    ``efficiency`` (``majiang.bots.quick``); False: by every Chinese Official form, the fast count, where
    the ruleset's own forms are near enough to them and cost much more to count (riichi)."""
    search_plays_out: ClassVar[bool] = True
    """Whether the search bot plays its candidates out by default under these rules; False where its playouts
    measured weaker than its prior alone (riichi, docs/bots.md): then, unless given ``playouts`` or a
    ``budget``, it plays as its prior (``coach_bot``)."""
    playout_cost: ClassVar[float] = 1.0
    """What a search playout costs under these rules against a Chinese Official one (measured,
    benchmarks/search.py): a search budget in seconds buys this many times fewer playouts."""
    option_bounds: ClassVar[Mapping[str, Bounds]] = {}
    """Smallest, largest and step of each integer option (None: unbounded that way, or a step of 1); the
    options are checked against them when the ruleset is made (``check_bounds``), so a form, a help page
    and the parser agree."""

    def __post_init__(self) -> None:
        self.check_bounds()

    def __init_subclass__(cls) -> None:
        # A hook of the first shape would never be called: say what replaced it. (No super() call: object's
        # does nothing, and the slotted dataclass Ruleset is a copy of the class the zero-argument form
        # would name.)
        for old, now in _REPLACED_HOOKS.items():
            if old in cls.__dict__:
                raise TypeError(f"{cls.__name__}.{old} is no longer a hook: {now} (docs/engine.md)")

    # -- options --------------------------------------------------------------------------------------

    def check_bounds(self) -> None:
        """InvalidOptionError naming the first option outside its ``option_bounds`` (a ruleset's
        ``__post_init__`` calls this); ``None`` passes where the option's type allows it.

        >>> find_ruleset("mcr", ["base_points=-8"])
        Traceback (most recent call last):
        majiang.errors.InvalidOptionError: base_points must be an integer from 0 to 999, not -8
        """
        for key, bounds in self.option_bounds.items():
            value = getattr(self, key)
            if value is not None or not optional(type(self), key):
                check_bound(key, value, bounds)

    def options(self) -> dict[str, Any]:
        """Every option as plain data (enums as their values), as a record's header stores them."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name != "name":
                value = getattr(self, f.name)
                out[f.name] = value.value if isinstance(value, Enum) else value
        return out

    def with_options(self, options: Mapping[str, Any] | Iterable[str]) -> Ruleset:
        """A copy with options changed, given as a mapping or as ``key=value`` texts (``cap_points=none``)."""
        changed: Ruleset = with_options(self, options)
        return changed

    def option_schema(self) -> list[OptionSpec]:
        """Every option's kind, default (this ruleset's value), choices or bounds and meaning, read from the
        fields' types, ``option_choices``, ``option_bounds`` and the describer's ``option_help``.

        >>> [(o.name, o.kind) for o in find_ruleset("mcr").option_schema()][:2]
        [('several_winners', 'bool'), ('false_win', 'choice')]
        """
        return option_schema(self, self.describer().option_help())

    # -- the wall and the deal ------------------------------------------------------------------------

    def wall_tiles(self) -> list[int]:
        """The tiles of a full set as wall codes (0-33 kinds, 34+ bonus tiles), unshuffled."""
        return [t for t in range(34) for _ in range(4)]

    def deal(self, game: Game) -> None:
        """Give each seat its tiles: three rounds of four, then 跳牌 (the dealer takes the 1st and 5th of the
        next five tiles); the dealer's 14th is its first draw."""
        order = [(game.dealer + k) % 4 for k in range(4)]
        for _ in range(3):
            for s in order:
                for _ in range(4):
                    game.deal_tile(s)
        game.deal_tile(order[0])
        for s in order[1:]:
            game.deal_tile(s)
        game.drawn = game.deal_tile(order[0])

    def new_wall(self, ring: list[int], dealer: int, dice: tuple[int, int]) -> Wall:
        """The wall of a hand from the shuffled ``ring`` and the two rolls of the break: the ring broken by
        the dice (``break_ring``, seed 003) into one wall shared by every seat, less the ruleset's
        ``dead_wall``; a ruleset may give each seat its own (``SeatWalls``) or a wall of its own kind. The
        wall's ``broken_at`` is the seat that rolled second, as the record says."""
        order, second = break_ring(ring, dealer, dice)
        return Wall(order, self.dead_wall, second)

    def new_state(self, game: Game) -> Any:
        """The ruleset's own state for a new hand (None if it keeps none)."""
        return None

    def after_deal(self, game: Game) -> None:
        """Called once the deal (and the flowers' replacements) is done, before the seats' waits are
        counted and the dealer's first turn: a ruleset may ask the seats opening questions here
        (``game.ask``: 换三张, 定缺, 起手小胡), answered through ``answer``, which may ask the next; play
        begins once an answer asks nothing more."""

    def starting_score(self) -> int:
        """Each seat's score before a match's first hand (and a lone hand's, unless given): 0 here."""
        return 0

    def public_state(self, game: Game, seat: int) -> Any:
        """What of the ruleset's own state ``seat`` may see (shown in its view)."""
        return None

    # -- games rebuilt from a view (the search bot's positions) ---------------------------------------

    def rebuilds(self) -> bool:
        """Whether a game can be rebuilt from one seat's view with what it cannot see dealt at random
        (``majiang.bots.position``): the ruleset's hand state must follow from the view and the dealt
        tiles (``rebuild``). Off by default: a ruleset says so once its ``rebuild`` does that."""
        return False

    def rebuild(self, game: Game, view: TableSeatView[Any]) -> Rebuilt:
        """The hand state of ``game``, a game the search set to ``view``'s table (the seat's tiles, every
        melds and discards, whose turn, the wall's size; hidden places not dealt yet), and what the sampler
        needs besides (``Rebuilt``). By default a new hand state: the ruleset keeps none that matters."""
        return Rebuilt(self.new_state(game))

    def coaching_bot(self) -> str:
        """The bot the coach asks under these rules and options (``majiang.bots.judgement``), as
        ``find_bot`` names it: ``coach_bot`` by default; a ruleset whose options make another bot the
        strongest measured (the search bot under the Chinese Official ``botzone`` preset) names that."""
        return self.coach_bot

    def playout_safe(self, game: Game, seat: int) -> frozenset[int] | None:
        """The kinds ``seat`` may let go in a search playout without dealing in to a seat that has shown it
        is ready (riichi: each riichi seat's river and the tiles let go since its riichi), for the playout
        policy to fold with when its own hand is not ready (``majiang.bots.quick``); None where no seat
        has shown it (play for speed), and always by default."""
        return None

    def copy_state(self, game: Game) -> Any:
        """The hand state for a copy of a rebuilt ``game`` that a playout may change: by default a new one
        (a ruleset whose hand state a rebuilt game does not need); a ruleset that ``rebuild`` s its state
        copies ``game.hand_state`` here, sharing nothing a playout changes."""
        return self.new_state(game)

    # -- legal actions ------------------------------------------------------------------------------

    def waits(self, counts: list[int], melds: int, held: list[int]) -> frozenset[int]:
        """Kinds that would complete a 13-tile holding in some form (a superset of real wins is fine:
        ``win_score`` decides); empty unless ready. ``held`` counts melds too, for live copies."""
        if not is_ready(counts, melds):
            return frozenset()
        return frozenset(effective_counts(counts, melds, held=held))

    def seat_waits(self, game: Game, seat: int, waits: frozenset[int]) -> frozenset[int]:
        """The kinds that complete ``seat``'s hand as the seat and the table stand, from ``waits`` (the
        hand's own): a ruleset whose wins depend on the seat adds or removes kinds here (Changchun's 宝牌,
        a wildcard only for the ready seats that have seen it); call ``game.recount`` when that changes."""
        return waits

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        """What ``seat`` may do on its turn: discard, make a kong, or win."""
        counts = game.counts[seat]
        out = list(compress(DISCARD, counts))
        melds = game.melds[seat]
        # A kong needs a replacement for the konger, and its discard a next drawer (no kong on the last tile).
        # Four of a kind or a pung first: most turns have neither, and the wall's checks are hooks. No bound
        # on the melds: an added kong adds none (a seat with four may add to a pung), and four of a kind
        # cannot stand beside four melds (two tiles stand).
        drawn = game.drawn
        if drawn is not None:
            kongs = [CONCEALED_KONG[t] for t in range(34) if counts[t] == 4] if 4 in counts else []
            if melds:
                kongs.extend(ADDED_KONG[m.tile] for m in melds if m.kind == _PUNG and counts[m.tile])
            if kongs and game.wall_left_for(seat) > 0 and not game.last_tile(seat):
                out.extend(kongs)
        if drawn in game.waits[seat] and game.self_win(seat) is not None:
            out.append(WIN)
        return out

    def claim_options(self, game: Game, seat: int, giver: int, tile: int) -> list[Action]:
        """What ``seat`` may do with ``giver``'s discard: pass, win, pung, kong, chow (the next seat)."""
        c = game.counts[seat]
        if tile not in game.waits[seat] and c[tile] < 2 and not (
                self.has_chow and seat == (giver + 1) % 4 and tile < 27
                and ((tile % 9 and c[tile - 1]) or (tile % 9 < 8 and c[tile + 1]))):
            return [PASS]  # the common answer (no win, no pung, no neighbour for a chow), decided at once
        out = [PASS]
        if game.discard_win(seat, tile, robbing=False) is not None:
            out.append(WIN)
        if game.last_tile(giver):
            return out  # no calls on the last discard, only a win
        c = game.counts[seat]
        if c[tile] >= 2:
            out.append(PUNG)
        if c[tile] == 3 and game.wall_left_for(seat) > 0:  # the kong's replacement comes from seat's wall
            out.append(KONG)
        if self.has_chow and seat == (giver + 1) % 4 and tile < 27:
            r = tile % 9
            # Each chow the tile fits in the suit, with the two other tiles held (no generator: hot path).
            if r >= 2 and c[tile - 2] and c[tile - 1]:
                out.append(CHOW[tile - 2])
            if 1 <= r <= 7 and c[tile - 1] and c[tile + 1]:
                out.append(CHOW[tile - 1])
            if r <= 6 and c[tile + 1] and c[tile + 2]:
                out.append(CHOW[tile])
        return out

    def rob_options(self, game: Game, seat: int, konger: int, tile: int, how: KongKind) -> list[Action]:
        """What ``seat`` may do while ``konger`` makes a kong of ``tile`` (``how``: added or concealed):
        rob it (抢杠) or pass; nothing (not asked) when it cannot. Only an added kong may be robbed here.

        A ruleset may also offer ``PUNG`` on an added kong (Changchun's 抢叉): when no one wins, the nearest
        seat after the konger that answered it takes the tile into a pung of its own and plays on, and the
        kong is not made."""
        if how is not KongKind.ADDED:
            return []
        return [PASS, WIN] if game.discard_win(seat, tile, robbing=True) is not None else []

    def resolve_claims(self, game: Game, giver: int, tile: int, answers: dict[int, Action]) -> bool:
        """Carry out the answers to ``giver``'s discard when one is of the ruleset's own kind (no one won):
        True if it did (``game.claim`` for a meld), False to let the common claims go on (pung or kong,
        then chow; its own answers then count as passes)."""
        return False

    def before_draw(self, game: Game, seat: int) -> bool:
        """Called before ``seat`` draws in turn (not after a kong or a claim); True if the ruleset acted
        instead (``game.ask``: Changsha offers the last tile around the table; ``game.end_hand``). On
        False the engine draws, or ends the hand drawn if the hook set the wall's last tile apart (Changchun's
        宝牌)."""
        return False

    def answer(self, game: Game, answers: dict[int, Action]) -> None:
        """Carry out the answers to the ruleset's question (``game.ask``). Before play
        (``game.phase is Phase.OPENING``): ask the next opening question, or nothing and play begins. During
        play: ask again, draw for a seat (``game.draw_for``), or end the hand."""
        raise InvalidOptionError(f"ruleset {self.name!r} asks no questions")

    def turn_action(self, game: Game, seat: int, action: Action) -> None:
        """Carry out an action of the ruleset's own kinds on ``seat``'s turn (``turn_actions`` offered it):
        e.g. a riichi declaration (then ``game.discard``) or an abortive draw (``game.end_hand``)."""
        raise InvalidOptionError(f"ruleset {self.name!r} has no action {action.notation()!r}")

    # -- wins ---------------------------------------------------------------------------------------

    def win_score(self, game: Game, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> Score | None:
        """The score of a win, or None if the hand is not a valid win under these rules."""
        raise InvalidOptionError(f"ruleset {self.name!r} has no win check")

    def scorer(self) -> Scorer:
        """How these rules score a hand shown to them (``majiang.game.scoring``): none by default."""
        raise InvalidOptionError(f"ruleset {self.name!r} has no hand scorer")

    def choose_winners(self, game: Game, giver: int, seats: list[int]) -> list[int]:
        """Which of the ``seats`` declaring a win on one discard win: the nearest after the giver."""
        return sorted(seats, key=lambda s: (s - giver) % 4)[:1]

    def pay_win(self, game: Game, win: WinRecord) -> None:
        """Pay for one win (``game.pay``)."""

    def after_win(self, game: Game, wins: list[WinRecord]) -> bool:
        """Whether play goes on after these wins (made on one tile); a ruleset may ``game.leave`` winners."""
        return False

    def penalty(self, game: Game, seat: int, fault: Fault) -> Penalty | None:
        """What ``seat`` pays for ``fault`` (the engine pays it, logged as a ``FalseWinPenalty`` or a
        ``Forfeit``), or None: these rules charge none, and a false win is refused as an illegal action,
        a forfeit as an error. A false win charged counts as a pass (on its own turn the seat must still
        act) unless the penalty ends the hand; a forfeit always ends it."""
        return None

    # -- moments --------------------------------------------------------------------------------------

    def observers(self) -> Observers:
        """The ruleset's handler for each kind of moment it watches under these options, read once a hand
        (``majiang.game.moments``: a draw, a discard, a discard let go, a claim, a kong): it keeps its state
        up to date there, and may log, pay or end the hand (after a discard or a pass). None here."""
        return NO_OBSERVERS

    def end_of_hand(self, game: Game, exhausted: bool) -> None:
        """Called as the hand ends (``exhausted``: the wall ran out); settlement pays through ``game.pay``."""

    # -- describing ---------------------------------------------------------------------------------

    def describer(self) -> Describer:
        """How displays, replays and reports put these rules' options, scores and state into words
        (``majiang.game.describe``): the defaults here, counting a match's hands unless the ruleset ends
        its matches by its own rule (``counts_hands``)."""
        return Describer(self, counts_hands=self.counts_hands)

    # -- advice -------------------------------------------------------------------------------------

    def efficiency(self, view: View) -> Efficiency:
        """How ``view``'s seat judges its holdings (the bots' shanten): ``seat_efficiency`` of its
        ``seat_context``."""
        return self.seat_efficiency(self.seat_context(view))

    def tile_bonus(self, view: View) -> tuple[int, ...]:
        """For each of the 34 kinds, what one tile of it adds to a win's worth beyond the hand's shape,
        as ``view``'s seat sees it (riichi's dora: a han a copy); none by default. Bots that weigh
        value read it (``DefenseBot``'s ``dora``)."""
        return NO_BONUS

    def seat_context(self, view: View) -> SeatContext:
        """What ``view``'s seat's judgement rests on beyond its tiles: its winds, and its declared void suit
        where a ruleset has one (it reads that from its own state)."""
        return SeatContext(view.seat_wind, view.round_wind)

    def seat_efficiency(self, seat: SeatContext) -> Efficiency:
        """How a seat known by ``seat`` alone judges its holdings (the bots through ``efficiency``, the
        coach from a bare hand): the Chinese Official forms unless a ruleset says otherwise (other forms,
        a suit the seat must give up, wins valued by its winds)."""
        return CHINESE_EFFICIENCY

    def advisor(self) -> McrAdvisor | None:
        """Advice by Chinese Official fans and the 8-fan minimum (the terminal game's coach, its fan help,
        the Botzone seats), where this ruleset's wins follow those fans; None: no such advice."""
        return None

    # -- the match ----------------------------------------------------------------------------------

    def new_match_state(self) -> Any:
        """What the ruleset carries from hand to hand in a match (each hand's ``game.match_state``)."""
        return None

    def standings(self, match: Match) -> tuple[float, float, float, float]:
        """The players' table points by their totals so far (``Match.standings``): 4/2/1/0, ties shared."""
        return standard_scores(match.totals)

    def match_length(self, hands: int | None = None) -> int:
        """The hands a match of these rules plays: ``hands`` (1 to ``most_hands``) or, if None,
        ``match_hands``; InvalidOptionError for a length the rules cannot play. Every match, record and
        display takes its length from here.

        >>> Ruleset().match_length(), Ruleset().match_length(4)
        (16, 4)
        """
        if hands is None:
            return self.match_hands
        if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= self.most_hands:
            raise InvalidOptionError(f"a match has 1 to {self.most_hands} hands, not {hands!r}")
        return hands

    def next_hand(self, match: Match, game: Game) -> NextHand:
        """What the hand just booked (``game``, the ``match.hand_number``-th) decides: the deal passes on,
        the round wind is East for hands 1-4, South for 5-8, ... (圈风), players keep their seats, and the
        match is over once all its hands are played. A ruleset replaces what it rules otherwise
        (``dataclasses.replace`` on this one: the winner deals, seat changes, a match ended by a bust)."""
        number = match.hand_number + 1
        return NextHand((game.dealer + 1) % 4, WINDS[min((number - 1) // 4, 3)],
                        over=number > match.length)


_REPLACED_HOOKS = {
    "break_wall": "new_wall(ring, dealer, dice) breaks the ring (break_ring)",
    "opening_options": "after_deal asks (game.ask) and answer resolves", "resolve_opening": "answer",
    "start_play": "after_deal", "charge_false_win": "penalty(game, seat, Fault.FALSE_WIN)",
    "forfeit_payments": "penalty(game, seat, Fault.FORFEIT)",
    "entered_win_payments": "the scorer's sheet_payments (SheetScorer)",
    "on_draw": "observers().drawn", "on_discard": "observers().discarded", "on_pass": "observers().passed",
    "on_claim": "observers().claimed", "on_kong": "observers().konged",
    "pot": "the hand state's pot (HoldsPot)",
    "next_dealer": "next_hand", "round_wind": "next_hand", "seat_change": "next_hand",
    "match_over": "next_hand",
}
"""Hooks of the ruleset's first shape, and what does their work now."""

_FACTORIES: dict[str, Callable[[], Ruleset]] = {}
_ALIASES: dict[str, str] = {}
_PRESETS: dict[str, dict[str, Any]] = {}
_BUILTIN = ("majiang.rules.mcr.ruleset", "majiang.rules.sichuan.ruleset", "majiang.rules.riichi.ruleset",
            "majiang.rules.changsha.ruleset", "majiang.rules.changchun.ruleset",
            "majiang.rules.yangzhou.ruleset")
"""Modules that register the built-in rulesets when first needed."""
_loaded = False


def register_ruleset(name: str, factory: Callable[[], Ruleset], aliases: Sequence[str] = (),
                     presets: Mapping[str, Mapping[str, Any]] | None = None) -> None:
    """Make ``find_ruleset(name)`` (and each alias) build ``factory()``; a name may be registered once.

    ``presets`` are further names for the ruleset with some options set (``{"血流": {"mode":
    "blood-river"}}``): ``find_ruleset("血流")`` is ``find_ruleset(name, {"mode": "blood-river"})``.
    """
    presets = presets or {}
    for key in (name, *aliases, *presets):
        if key in _FACTORIES or key in _ALIASES:
            raise InvalidOptionError(f"a ruleset {key!r} is already registered")
    _FACTORIES[name] = factory
    for alias in aliases:
        _ALIASES[alias] = name
    for alias, options in presets.items():
        _ALIASES[alias] = name
        _PRESETS[alias] = dict(options)


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        # The engine first: the rulesets import its events, and its package imports the default ruleset.
        importlib.import_module("majiang.game")
        for module in _BUILTIN:
            importlib.import_module(module)


def ruleset_aliases(name: str) -> list[str]:
    """The aliases and presets registered for the ruleset ``name`` (``国标``, ...), in registration order."""
    _load()
    return [alias for alias, target in _ALIASES.items() if target == name]


def ruleset_presets(name: str) -> dict[str, dict[str, Any]]:
    """The presets of the ruleset ``name``: each alias that sets options, with those options."""
    _load()
    return {alias: dict(_PRESETS[alias]) for alias in ruleset_aliases(name) if alias in _PRESETS}


def ruleset_names() -> list[str]:
    """The registered rulesets' names: the built-in ones first, in ``_BUILTIN``'s order (whichever was
    imported first), then the others as they were registered."""
    _load()
    return sorted(_FACTORIES, key=_builtin_rank)


def _builtin_rank(name: str) -> int:
    module = getattr(_FACTORIES[name], "__module__", "")
    return _BUILTIN.index(module) if module in _BUILTIN else len(_BUILTIN)


def find_ruleset(name: str, options: Mapping[str, Any] | Iterable[str] = ()) -> Ruleset:
    """The ruleset registered under ``name`` or an alias (``国标``, ``血战``), with ``options`` applied."""
    _load()
    if not isinstance(name, str):
        raise InvalidOptionError(f"a ruleset is named by a string, not {name!r}")
    alias = name if name in _ALIASES else name.lower()
    key = _ALIASES.get(alias, alias)
    factory = _FACTORIES.get(key)
    if factory is None:
        names = ", ".join(sorted(_FACTORIES))
        raise InvalidOptionError(f"unknown ruleset {name!r}; available: {names} "
                                 f"(aliases: {', '.join(sorted(_ALIASES))})")
    rules = factory()
    preset = _PRESETS.get(alias)
    if preset:
        rules = rules.with_options(preset)
    return rules.with_options(options) if options else rules


# -- scoring a hand given as plain data, by any registered ruleset ------------------------------------

def score_plain(request: Mapping[str, Any]) -> Scored:
    """Score a hand given as plain data, as a batch line or a form sends it: ``hand`` (notation),
    ``rules`` (a ruleset's name or alias; Chinese Official if absent), ``options`` (an object of the
    ruleset's options, or ``key=value`` texts) and the fields of its win context by name.

    >>> score_plain({"hand": "111222444m33399p", "rules": "成都", "win": "self-drawn"}).total
    1
    >>> score_plain({"hand": "111222444m33399p", "rules": "chengdu", "seat_wind": "S"})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: unknown key 'seat_wind' for ruleset 'chengdu'; the keys are hand, ...
    """
    name, options = request.get("rules", DEFAULT_RULESET), request.get("options", {})
    if not isinstance(name, str):
        raise InvalidOptionError(f"'rules' must be a ruleset's name, not {_shown(name)}")
    texts = isinstance(options, list) and all(isinstance(t, str) for t in options)
    if not (isinstance(options, dict) or texts):
        raise InvalidOptionError(f"'options' must be an object of options or a list of key=value texts, "
                                 f"not {_shown(options)}")
    scorer, option_names = scorer_of(name, json.dumps(options, sort_keys=True))
    fields = [f.name for f in scorer.context_fields()]
    allowed = ("hand", "rules", "options", *fields)
    for key in request:
        if key in option_names and key not in fields:
            raise InvalidOptionError(f"{key!r} is an option of ruleset {name!r}: give it in 'options'")
        if key not in allowed:
            raise InvalidOptionError(f"unknown key {key!r} for ruleset {name!r}; the keys are "
                                     f"{', '.join(allowed)}")
    hand = request.get("hand")
    if not isinstance(hand, str):
        raise InvalidOptionError("missing key 'hand'" if hand is None else
                                 f"hand must be notation, not {type(hand).__name__}")
    context = scorer.make_context(hand, {key: request[key] for key in fields if key in request})
    return scorer.score(hand, context)


@functools.lru_cache(maxsize=32)
def scorer_of(rules: str, options: str) -> tuple[Scorer, frozenset[str]]:
    """The scorer of the ruleset ``rules`` with ``options`` (JSON text of what ``with_options`` takes, a
    cache key: a batch builds each once) and the names of that ruleset's options.

    >>> scorer_of("riichi", '["kiriage=true"]')[0].options.kiriage
    True
    """
    found = find_ruleset(rules, json.loads(options))
    return found.scorer(), frozenset(f.name for f in dataclasses.fields(found) if f.name != "name")



def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_MOVED = {"HandLabel": "majiang.game.describe", "TableInfo": "majiang.game.describe"}
"""Names this module offered before describing had a module of its own: still offered, with a warning."""


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        warnings.warn(f"majiang.game.ruleset.{name} moved to {_MOVED[name]}.{name}; the old path goes in the "
                      "next release", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(_MOVED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

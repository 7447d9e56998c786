"""Conformance checks that every registered ruleset must pass, at every step of bot-played hands.

``play_checked(game, bots, rng)`` plays a hand to its end and checks, before every action:

* tiles are conserved: the wall left, every seat's standing tiles, melds, discards, winning tiles laid
  aside and bonus tiles shown are, kind by kind, the ruleset's ``wall_tiles()``;
* money is conserved: the hand's payments sum to minus the ruleset's ``pot`` (0 unless it keeps one), and
  every seat's score moved by exactly its payments;
* exactly the seats in ``to_act()`` have legal actions, each is still in the hand, and a seat's view lists
  exactly its legal actions;
* sampled steps: every legal action of every asked seat is accepted (on a copy of the game); wrong
  actions (other kinds and tiles, other seats, things that are not actions) raise and change nothing;
  a false win the ruleset charges is accepted and keeps the books balanced; each seat's view is the same
  after the tiles it cannot see (others' standing tiles, the wall) are dealt anew in a copy.

``check_replay`` replays a hand from its seed; ``check_record`` writes a match as a record and reads,
checks and replays it. A failure names the ruleset, its options, the hand's seed and the step.

``EagerBot`` makes every move it may (kongs first, calls mostly, its pungs' tiles kept): with it the checked
hands reach what random play seldom does, such as a seat with four melds adding to a pung (tests/
test_conformance.py ``test_every_move_is_made``).

``variants(name)`` are the option sets the suite plays for a ruleset (``VARIANTS``; a test module that
registers a ruleset adds its own with ``register_variants``).
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from majiang.actions import Action, ActionKind
from majiang.bots import Bot, find_bot
from majiang.cli import app
from majiang.env.actions import action_index, action_of
from majiang.errors import IllegalActionError, InvalidActionError
from majiang.game import Game, Match, Phase
from majiang.game.events import Act
from majiang.game.ruleset import BONUS_BASE, HoldsPot, Ruleset
from majiang.game.table import View
from majiang.meld import MeldKind
from majiang.records import check_record as check_record_file
from majiang.records import play_match, read_record, write_lines_atomically
from majiang.records.format import dump_line
from majiang.rules.mcr.ruleset import BOTZONE
from majiang.tiles import ALL_TILES

VARIANTS: dict[str, list[dict[str, Any]]] = {
    # The defaults, several winners on one discard, false wins charged (with the house fans), and the
    # ``botzone`` preset (per-seat walls, no flowers, a false win ends the hand).
    "mcr": [{}, {"several_winners": True}, {"false_win": "penalty", "house_fans": True}, dict(BOTZONE)],
    # The defaults, 血流 with both opening phases, the single-win mode, one winner per discard, and the other
    # side of each rule where seed 004's lists disagree (issue 20).
    "sichuan": [{}, {"mode": "blood-river", "exchange": "dice", "declare_void": True},
                {"mode": "single", "exchange": "across"},
                {"several_winners": False, "forced_win_last_four": False},
                {"melded_kong_bloom": "self-drawn", "not_ready_pays": "smallest",
                 "pass_win_lock": "same-tile", "last_of_wall_discard": True,
                 "next_dealer_by": "first-winner"}],
    # Tenhou's rules, and a table with head bump, no red fives, kan dora at once, free swap calls, no pao
    # and none of the abortive draws.
    "riichi": [{}, {"several_ron": "head-bump", "red_fives": 0, "kan_dora_after_discard": False,
                    "kuikae": "none", "nine_terminals": False, "four_winds": False, "four_riichi": False,
                    "four_kans": False, "three_ron": False, "nagashi_mangan": False, "pao": False}],
    # The defaults; two birds doubling with a big hand paid once; 六六顺 with no birds.
    "changsha": [{}, {"birds": 2, "bird_mode": "double", "big_wins": "highest"},
                 {"six_six": True, "opening_count": "once", "birds": 0}],
    # The defaults; points doubled per 番 with 抢胡 self-drawn and kong money by the discarder; the strict
    # readings of the win conditions.
    "changchun": [{}, {"points": "double", "robbing": "self-drawn", "kong_payers": "discarder"},
                  {"dragon_exemption": "kong", "special_tiles_count": False, "special_closed": False,
                   "edge": "shape", "pair_treasure": "once"}],
    # The defaults; more than 20 fans to win, with everyone paying on a discard; every other reading of
    # seed 001 (combined fans added, each chow pair once, any 铁板, the dragon and wind variants).
    "yangzhou": [{}, {"minimum": 20, "above_minimum": True, "discard_payers": "all"},
                 {"combined": "add", "chow_pairs": "once", "iron_plate": "any", "dragon_kong": "plus-one",
                  "dragon_pungs": "added", "other_winds": False, "plain_chows": "claimed",
                  "lone_wait_both": True}],
    # Winners leave (血战), and winners stay (血流).
    "toy": [{}, {"winners_stay": True}],
}
VARIANTS["chengdu"] = VARIANTS["sichuan"]
"""The option sets (for ``with_options``) the suite plays for each ruleset besides one another: those that
change the flow of a hand (who may win, what play does after a win). benchmarks/records_hash.py hashes the
records of the built-in ones (its copy is checked against this in tests/test_conformance.py)."""


def variants(name: str) -> list[dict[str, Any]]:
    """The option sets the suite plays for the ruleset ``name``: its defaults alone unless it registered
    more (``VARIANTS``)."""
    return [dict(options) for options in VARIANTS.get(name, [{}])]


def register_variants(name: str, option_sets: Sequence[dict[str, Any]]) -> None:
    """Make the suite play ``option_sets`` for the ruleset ``name`` (a ruleset a test module registers)."""
    VARIANTS[name] = [dict(options) for options in option_sets]


MAX_STEPS = 5000
"""No hand may take more actions (real hands take a few hundred)."""
_READ_BACK: set[Action] = set()
_HOLDS_POT: dict[type, bool] = {}
"""Whether hand states of a type keep a pot (``HoldsPot``)."""
"""Actions already read back from their text (G6): the check is a function of the action alone."""

WIN = Action(ActionKind.WIN)
_NOT_ACTIONS: tuple[Any, ...] = ("pass", None, 7, (ActionKind.PASS, None, ()),
                                 (ActionKind.DISCARD, ALL_TILES[0]))
"""Things that are not actions (the tuples equal real actions, but are not ``Action``)."""
_NOT_SEATS: tuple[Any, ...] = (4, -1, "0", None)


@dataclass(frozen=True, slots=True)
class Rates:
    """How often the costly checks run: the share of steps at which each is done."""

    probe: float = 0.05
    """Wrong actions tried (three per step), each compared with a snapshot of the whole state."""
    accept: float = 0.02
    """Every legal action of every asked seat applied to a copy of the game."""
    views: float = 0.03
    """Every seat's view compared with its view of a copy where the hidden tiles are dealt anew."""
    false_win: float = 0.01
    """An asked seat declares a win it does not have (the ruleset refuses or charges it)."""


FULL = Rates()
LIGHT = Rates(probe=0.01, accept=0.002, views=0.005, false_win=0.005)
"""The soak's rates: every step still gets the cheap checks (tiles, money, who acts)."""


@dataclass(slots=True)
class Tally:
    """What the checked hands went through, so a test can show the paths were exercised."""

    hands: int = 0
    steps: int = 0
    wins: int = 0
    shared_wins: int = 0
    """Wins where several seats won on one tile (一炮多响)."""
    wins_played_on: int = 0
    """Wins after which the hand went on."""
    left: int = 0
    """Seats that left the hand (血战: a winner leaves)."""
    kongs: int = 0
    robbed: int = 0
    payments: int = 0
    """Payments logged as their own events (kongs, penalties, ...)."""
    opening_answers: int = 0
    false_wins: int = 0
    """False wins the ruleset charged."""
    probes: int = 0
    accepted: int = 0
    views: int = 0
    wall_ends: int = 0
    """Hands that ran the wall out (the ruleset's settlement at the wall's end)."""
    rolls: int = 0
    """Dice rolled during play (G1)."""
    questions: int = 0
    """Answers to a ruleset's question during play (G2)."""
    declared_wins: int = 0
    """Wins a ruleset recorded without a win action (G3)."""
    rob_pungs: int = 0
    """Added kongs answered with a pung (G4)."""
    ruleset_actions: int = 0
    """Actions of a ruleset's own kinds played (G6)."""
    mixed_melds: int = 0
    """Melds of mixed tiles laid (G5)."""
    seat_waits: int = 0
    """Waits a ruleset changed for the seat and the table (G7), each checked against the hook."""
    four_meld_added_kongs: int = 0
    """Added kongs made by a seat that already had four melds (an added kong adds no meld)."""
    offered: Counter[str] = field(default_factory=Counter)
    """Kinds of action in the legal actions of the seats that acted (by ``move_name``), step by step."""
    made: Counter[str] = field(default_factory=Counter)
    """Kinds of action made (by ``move_name``)."""

    def add(self, other: Tally) -> None:
        for f in dataclasses.fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def move_name(action: Action) -> str:
    """The kind of move ``action`` is: its kind's word (``red`` after it where it names a red five: riichi's
    ``discard 0m``, ``pung 0m``, ``chow 406m``), or a ruleset's own action's name."""
    if action.kind is ActionKind.DECLARED and action.name:
        return action.name
    if action.tiles and action.kind in _RED_NAMING:
        return f"{action.kind.word} red"
    return action.kind.word


_RED_NAMING = (ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.CHOW, ActionKind.PUNG)


class EagerBot:
    """Makes every move it may: a kong whenever one is offered, a chow or pung nine times in ten, else
    uniform over the legal actions but letting go of a tile of its own pungs (a conformance bot: it
    reaches four melds and the added kongs after them, which random play seldom does)."""

    name = "eager"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        legal, rng = view.legal, self.rng
        kongs = [a for a in legal if a.kind in _KONGS]
        if kongs:
            return rng.choice(kongs)
        calls = [a for a in legal if a.kind in _CALLS]
        if calls and rng.random() < 0.9:
            return rng.choice(calls)
        pungs = {m.tile for m in view.melds[view.seat] if m.kind is MeldKind.PUNG}
        keep = [a for a in legal if not (a.kind is ActionKind.DISCARD and a.tile in pungs)]
        return rng.choice(keep or legal)


_KONGS = (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_CALLS = (ActionKind.CHOW, ActionKind.PUNG)


class ConformanceError(AssertionError):
    """A check failed; the message says where."""


@dataclass(slots=True)
class Checker:
    """Checks one hand: ``game`` under its ruleset, with what the books should be at its start."""

    game: Game
    label: str
    expected_tiles: dict[int, int] = field(init=False)
    opening_scores: list[int] = field(init=False)
    step: int = 0

    def __post_init__(self) -> None:
        self.expected_tiles = dict(Counter(self.game.rules.wall_tiles()))
        self.opening_scores = list(self.game.events[0].as_dict()["scores"])

    def fail(self, what: str) -> ConformanceError:
        return ConformanceError(f"{self.label}, step {self.step}: {what}")

    def check(self, game: Game | None = None) -> None:
        """The every-step checks: tiles, money, who may act."""
        g = self.game if game is None else game
        self.check_tiles(g)
        self.check_money(g)
        self.check_turns(g)

    def check_tiles(self, g: Game) -> None:
        found = tile_census(g)
        if found != self.expected_tiles:
            extra = Counter(found) - Counter(self.expected_tiles)
            missing = Counter(self.expected_tiles) - Counter(found)
            raise self.fail(f"tiles not conserved: extra {dict(extra)}, missing {dict(missing)}")
        for s in range(4):
            if min(g.counts[s]) < 0 or max(g.counts[s]) > 4:
                raise self.fail(f"seat {s} holds impossible counts {g.counts[s]}")
            if g.wall.left(s) < 0:
                raise self.fail(f"seat {s} has {g.wall.left(s)} tiles left to draw")

    def check_money(self, g: Game) -> None:
        # A ruleset whose payments go partly into a pot on the table (riichi's sticks) keeps its amount as
        # the hand state's ``pot`` (``HoldsPot``); every other payment goes seat to seat.
        state = g.hand_state
        holds = _HOLDS_POT.get(type(state))
        if holds is None:  # (a runtime protocol's isinstance is slow: once a state type)
            holds = _HOLDS_POT[type(state)] = isinstance(state, HoldsPot)
        pot = state.pot if holds else 0
        if sum(g.hand_deltas) != -pot:
            raise self.fail(f"payments {g.hand_deltas} sum to {sum(g.hand_deltas)}, not -pot {-pot}")
        moved = [g.totals[s] - self.opening_scores[s] for s in range(4)]
        if moved != g.hand_deltas:
            raise self.fail(f"scores moved by {moved} but the payments are {g.hand_deltas}")

    def check_turns(self, g: Game) -> None:
        asked = g.to_act()
        if g.phase == Phase.OVER and asked:
            raise self.fail(f"the hand is over but seats {asked} are asked")
        if g.phase != Phase.OVER and not asked:
            raise self.fail(f"no seat is asked in phase {g.phase.name}")
        if len(set(asked)) != len(asked):
            raise self.fail(f"a seat is asked twice: {asked}")
        for s in range(4):
            legal = g.legal_actions(s)
            if s in asked:
                if not legal:
                    raise self.fail(f"seat {s} is asked but has no legal action")
                if not g.active[s]:
                    raise self.fail(f"seat {s} has left the hand but is asked")
                if len(set(legal)) != len(legal):
                    raise self.fail(f"seat {s} has repeated legal actions {legal}")
            elif legal:
                raise self.fail(f"seat {s} is not asked but may {[a.notation() for a in legal]}")


def tile_census(g: Game) -> dict[int, int]:
    """Every tile of the hand where it is now, as wall codes: how many of each."""
    # One list counted at C speed (a Tile counts as its int: they hash and compare alike).
    wall = g.wall
    pile: list[int] = [wall[i] for i in g.wall.undrawn()]
    for s in range(4):
        for m in g.melds[s]:
            pile += m.tiles
        pile += g.discards[s]
        pile += g.won[s]
        pile += [f + BONUS_BASE for f in g.flowers[s]]
        pile += g.dealt_flowers[s]
    found: Counter[int] = Counter(pile)
    for t, n in enumerate(map(sum, zip(*g.counts, strict=True))):
        if n:
            found[t] += n
    return dict(found)  # compared as a plain dict, at C speed


def snapshot(g: Game) -> tuple[bytes, list[Any]]:
    """The whole state of ``g`` (but the cache of legal actions), to compare before and after."""
    state = {k: v for k, v in vars(g).items() if k not in ("_legal", "events", "rules")}
    return pickle.dumps((state, g.rules)), list(g.events)


def clone(g: Game) -> Game:
    """An independent copy of ``g`` (events and the ruleset are immutable values and are shared)."""
    state = {k: v for k, v in vars(g).items() if k not in ("_legal", "events", "rules")}
    copy: Game = Game.__new__(Game)
    vars(copy).update(pickle.loads(pickle.dumps(state)))
    copy.events = list(g.events)
    copy.rules = g.rules
    copy._legal = {}
    return copy


def wrong_actions(g: Game, rng: random.Random) -> Iterator[tuple[Any, Any]]:
    """Seat-action pairs that are not allowed now (a WIN by an asked seat may be a chargeable false win)."""
    asked = g.to_act()
    others = [s for s in range(4) if s not in asked]
    anything = [a for s in asked for a in g.legal_actions(s)]
    kinds = list(ActionKind)
    for _ in range(3):
        roll = rng.random()
        if roll < 0.5 and asked:
            seat = rng.choice(asked)
            legal = g.legal_actions(seat)
            for _ in range(20):
                kind = rng.choice(kinds)
                tile = ALL_TILES[rng.randrange(34)]
                if kind == ActionKind.EXCHANGE:
                    action = Action(kind, None, tuple(sorted(ALL_TILES[rng.randrange(34)] for _ in range(3))))
                elif kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.WIN, ActionKind.PASS):
                    action = Action(kind)
                else:
                    action = Action(kind, tile)
                if action not in legal:
                    yield seat, action
                    break
        elif roll < 0.75 and others and anything:
            yield rng.choice(others), rng.choice(anything)
        elif roll < 0.9:
            yield (rng.choice(asked) if asked else 0), rng.choice(_NOT_ACTIONS)
        else:
            yield rng.choice(_NOT_SEATS), rng.choice(anything) if anything else WIN


@dataclass(slots=True)
class HandCheck:
    """Plays one hand with every check; ``run()`` returns the hand's tally."""

    game: Game
    bots: Sequence[Bot]
    rng: random.Random
    rates: Rates
    label: str
    tally: Tally = field(default_factory=Tally)
    phase_before: Phase = Phase.TURN
    """The phase before the action being applied."""

    def run(self) -> Tally:
        g = self.game
        checker = Checker(g, self.label)
        while g.phase != Phase.OVER:
            if checker.step >= MAX_STEPS:
                raise checker.fail(f"the hand did not end in {MAX_STEPS} actions")
            checker.check()
            rng, rates = self.rng, self.rates
            if rng.random() < rates.probe:
                self.probe(checker)
            if rng.random() < rates.accept:
                self.accept_all(checker)
            if rng.random() < rates.views:
                self.check_views(checker)
            if rng.random() < rates.views:
                self.check_waits(checker)
            asked = g.to_act()
            seat = asked[0] if len(asked) == 1 else rng.choice(asked)
            legal = g.legal_actions(seat)
            self.check_actions(checker, legal)
            self.tally.offered.update(map(move_name, legal))
            if WIN not in legal and g.phase != Phase.OPENING and rng.random() < rates.false_win:
                self.false_win(checker, seat)
                checker.step += 1
                continue
            view = g.view(seat)
            if view.legal != tuple(legal):
                raise checker.fail(f"seat {seat}'s view lists {view.legal}, its legal actions are {legal}")
            action = self.bots[seat].act(view)
            if action not in legal:
                raise checker.fail(f"the bot of seat {seat} chose {action}, not a legal action")
            self.note(action)
            self.tally.made[move_name(action)] += 1
            if action.kind is ActionKind.ADDED_KONG and len(g.melds[seat]) == 4:
                self.tally.four_meld_added_kongs += 1
            before = len(g.events)
            g.apply(seat, action)
            self.note_events(g.events[before:])
            checker.step += 1
        checker.check()
        self.check_end(checker)
        self.tally.hands += 1
        self.tally.steps += checker.step
        return self.tally

    def note(self, action: Action) -> None:
        if action.kind in (ActionKind.VOID, ActionKind.EXCHANGE):
            self.tally.opening_answers += 1
        if action.kind is ActionKind.DECLARED:
            self.tally.ruleset_actions += 1
        self.phase_before = self.game.phase
        if self.phase_before == Phase.ASK:
            self.tally.questions += 1

    def note_events(self, events: Sequence[Any]) -> None:
        t = self.tally
        previous = None
        for e in events:
            kind = e.kind
            if kind == "win":
                t.wins += len(e.seats)
                t.shared_wins += len(e.seats) > 1
                t.robbed += e.robbing
                t.declared_wins += e.giver is None and not (
                    isinstance(previous, Act) and previous.action.kind is ActionKind.WIN)
            elif kind == "claim":
                t.rob_pungs += self.phase_before == Phase.ROB
            elif kind == "roll":
                t.rolls += 1
            elif kind == "lay":
                t.mixed_melds += 1
            elif kind not in ("act", "draw", "discard", "claim", "flower", "end", "deal", "start", "lay",
                              "kong", "add-kong"):
                t.payments += 1
            previous = e

    def check_actions(self, c: Checker, legal: Sequence[Action]) -> None:
        """Every legal action reads back from its text, and a ruleset's own ones from their index in the
        RL action space (G6)."""
        rules = self.game.rules
        for action in legal:
            if action in _READ_BACK:
                continue
            if Action.parse(action.notation()) != action and not action.tiles:
                raise c.fail(f"{action!r} reads back from {action.notation()!r} as another action")
            _READ_BACK.add(action)
            if action.kind is ActionKind.DECLARED and action_of(action_index(action, rules), rules) != action:
                raise c.fail(f"the ruleset's own action {action!r} does not round-trip through its index")

    def check_waits(self, c: Checker) -> None:
        """Each waiting seat's waits are the ruleset's for its holding, as the seat and table stand (G7)."""
        g = self.game
        rules = g.rules
        for seat in range(4):
            counts, melds = g.counts[seat], g.melds[seat]
            if not g.active[seat] or sum(counts) != 13 - 3 * len(melds):
                continue
            held = list(counts)
            for m in melds:
                for t in m.tiles:
                    held[t] += 1
            own = rules.waits(list(counts), len(melds), held)
            full = rules.seat_waits(g, seat, own)
            if g.waits[seat] != full:
                raise c.fail(f"seat {seat} waits on {sorted(g.waits[seat])}, the ruleset says {sorted(full)}")
            self.tally.seat_waits += full != own

    def probe(self, c: Checker) -> None:
        """Wrong actions raise and change nothing (a false win charged by the ruleset is tried on a copy)."""
        g = self.game
        for seat, action in wrong_actions(g, self.rng):
            self.tally.probes += 1
            if isinstance(action, Action) and action.kind == ActionKind.WIN and seat in g.to_act() \
                    and g.phase != Phase.OPENING:
                copy = clone(g)
                self.try_false_win(c, copy, seat)
                continue
            before = snapshot(g)
            error: type[Exception] = IllegalActionError if isinstance(action, Action) else InvalidActionError
            try:
                g.apply(seat, action)
            except error:
                pass
            except Exception as err:
                raise c.fail(f"{action!r} by seat {seat!r} raised {err!r}, not {error.__name__}") from err
            else:
                raise c.fail(f"the wrong action {action!r} by seat {seat!r} was accepted")
            if snapshot(g) != before:
                raise c.fail(f"the refused action {action!r} by seat {seat!r} changed the state")

    def try_false_win(self, c: Checker, g: Game, seat: int) -> bool:
        """Declare a win ``seat`` does not have on ``g``: refused with nothing changed, or charged with the
        books still balanced; whether it was charged."""
        before = snapshot(g)
        try:
            g.apply(seat, WIN)
        except IllegalActionError:
            if snapshot(g) != before:
                raise c.fail(f"the refused false win by seat {seat} changed the state") from None
            return False
        c.check(g)
        return True

    def false_win(self, c: Checker, seat: int) -> None:
        """The asked ``seat`` declares a win it does not have, in the game itself."""
        if self.try_false_win(c, self.game, seat):
            self.tally.false_wins += 1

    def accept_all(self, c: Checker) -> None:
        """Every legal action of every asked seat is accepted by a copy of the game, which stays sound."""
        g = self.game
        for seat in g.to_act():
            for action in g.legal_actions(seat):
                copy = clone(g)
                try:
                    copy.apply(seat, action)
                except Exception as err:
                    raise c.fail(f"the legal action {action.notation()} of seat {seat} raised {err!r}") \
                        from err
                c.check(copy)
                self.tally.accepted += 1

    def check_views(self, c: Checker) -> None:
        """A view does not change when what its seat cannot see changes: the other seats' standing tiles
        and the wall's are dealt anew (each seat keeps its number of tiles)."""
        g = self.game
        for seat in range(4):
            view = g.view(seat)
            if view.hands is None:
                for other in range(4):
                    if other != seat and any(m.is_concealed_kong for m in view.melds[other]):
                        raise c.fail(f"seat {seat}'s view shows a concealed kong of seat {other}")
            if len(view.standing) != sum(g.counts[seat]):
                raise c.fail(f"seat {seat}'s view shows {len(view.standing)} standing tiles, it holds "
                             f"{sum(g.counts[seat])}")
            if g.phase == Phase.OVER:
                continue
            copy = redealt(g, seat, self.rng)
            if copy.view(seat) != view:
                raise c.fail(f"seat {seat}'s view changed when only tiles hidden from it changed")
            self.tally.views += 1

    def check_end(self, c: Checker) -> None:
        g = self.game
        result = g.result
        if result is None:
            raise c.fail("the hand is over without a result")
        if list(result.deltas) != g.hand_deltas:
            raise c.fail(f"the result's deltas {result.deltas} are not the hand's payments {g.hand_deltas}")
        if result.wins != tuple(g.wins) or result.winners != tuple(w.seat for w in g.wins):
            raise c.fail("the result's wins are not the hand's wins")
        if result.exhausted != (not g.wins):
            raise c.fail("the result says exhausted although someone won, or the reverse")
        end = g.events[-1].as_dict()
        if end["e"] != "end" or end["winners"] != [w.seat for w in g.wins]:
            raise c.fail(f"the last event is not the end naming the winners: {end}")
        if len(result.hands) != 4:
            raise c.fail("the result does not show the four hands")
        for w in g.wins:
            if not isinstance(w.score.total, int) or not isinstance(w.score.to_dict(), dict):
                raise c.fail(f"the score of {w} is not a Score (total, to_dict)")
        t = self.tally
        t.left += sum(not a for a in g.active)
        t.wall_ends += g.wall_ended
        t.kongs += sum(len(m.tiles) == 4 for melds in g.melds for m in melds)
        last_play = max(i for i, e in enumerate(g.events) if e.kind in ("act", "draw", "deal"))
        t.wins_played_on += sum(1 for i, e in enumerate(g.events) if e.kind == "win" and i < last_play)
        for s in range(4):
            view = g.view(s)
            if view.hands != result.hands or view.legal:
                raise c.fail(f"seat {s}'s view after the end does not show the hands, or lists actions")


def redealt(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``g`` where the tiles ``seat`` cannot see (others' standing tiles, the wall's ordinary
    tiles) are shuffled among the same places."""
    copy = clone(g)
    pool: list[int] = []
    sizes = {}
    for s in range(4):
        if s != seat:
            sizes[s] = sum(copy.counts[s])
            pool.extend(t for t in range(34) for _ in range(copy.counts[s][t]))
    places = [i for i in copy.wall.undrawn() if copy.wall[i] < BONUS_BASE]
    pool.extend(copy.wall[i] for i in places)
    rng.shuffle(pool)
    for s, size in sizes.items():
        counts = [0] * 34
        for t in pool[:size]:
            counts[t] += 1
        del pool[:size]
        copy.counts[s] = counts
    for i, t in zip(places, pool, strict=True):
        copy.wall[i] = t
    current = copy.current
    if copy.phase == Phase.TURN and current != seat and copy.drawn is not None and \
            not copy.counts[current][copy.drawn]:
        copy.drawn = max(t for t in range(34) if copy.counts[current][t])
    return copy


def label(rules: Ruleset, seed: int, bots: Sequence[str]) -> str:
    """How a failure names its hand: enough to reproduce it."""
    return f"ruleset {rules.name} {rules.options()}, game seed {seed}, bots {list(bots)}"


def seat_bots(names: Sequence[str], seed: int) -> list[Bot]:
    """The bots of seats 0-3 (``names`` cycled: registered bots or ``eager``), seeded from the hand's seed."""
    return [EagerBot(seed * 4 + s) if names[s % len(names)] == EagerBot.name
            else find_bot(names[s % len(names)], seed * 4 + s) for s in range(4)]


def play_checked(rules: Ruleset, seed: int, names: Sequence[str], *, rates: Rates = FULL,
                 dealer: int = 0) -> tuple[Game, Tally]:
    """Deal hand ``seed`` under ``rules`` and play it with every check; the finished game and its tally."""
    game = Game(rules, seed=seed, dealer=dealer)
    check = HandCheck(game, seat_bots(names, seed), random.Random(seed), rates, label(rules, seed, names))
    tally = check.run()
    return game, tally


def check_replay(rules: Ruleset, seed: int, names: Sequence[str], first: Game) -> None:
    """The same seed and bots give the same events; the next seed another wall."""
    again, _ = play_checked(rules, seed, names, dealer=first.dealer)
    if again.event_dicts() != first.event_dicts():
        raise ConformanceError(f"{label(rules, seed, names)}: replaying the seed gave other events")
    other = Game(rules, seed=seed + 1, dealer=first.dealer)
    if other.events[0].as_dict()["ring"] == first.events[0].as_dict()["ring"]:
        raise ConformanceError(f"{label(rules, seed, names)}: seeds {seed} and {seed + 1} dealt one wall")


def check_match(rules: Ruleset, seed: int, names: Sequence[str], hands: int) -> tuple[Match, Tally]:
    """A match of at most ``hands`` hands (the ruleset's ``next_hand`` may end it sooner), each checked at
    every step, ends, and its totals are the starting score plus its hands' sums."""
    match = Match(rules, seed=seed, hands=hands)
    tally = Tally()
    number = 0
    while not match.over:
        number += 1
        game = match.game
        bots = seat_bots(names, seed * 100 + number)
        where = f"{label(rules, seed, names)}, match hand {number}"
        tally.add(HandCheck(game, bots, random.Random(number), LIGHT, where).run())
        booked = match.next_hand()
        by_player = [game.hand_deltas[booked.positions[p]] for p in range(4)]
        if list(booked.deltas) != by_player:
            raise ConformanceError(f"{where}: booked {booked.deltas}, the hand paid {by_player} by player")
        if number > hands:
            raise ConformanceError(f"{label(rules, seed, names)}: the match did not end after {hands} hands")
    if len(match.history) != number or number > hands:
        raise ConformanceError(f"{label(rules, seed, names)}: {len(match.history)} hands booked of {number} "
                               f"played, at most {hands}")
    start = rules.starting_score()
    sums = [start + sum(h.deltas[p] for h in match.history) for p in range(4)]
    if match.totals != sums:
        raise ConformanceError(f"{label(rules, seed, names)}: totals {match.totals}, the hands sum to {sums}")
    return match, tally


def check_record(rules: Ruleset, seed: int, directory: Path, hands: int = 2) -> int:
    """A recorded match round-trips through the file, passes the checker and ``majiang replay --check``,
    and a tampered copy fails both; the number of actions checked."""
    bots = seat_bots(["random"], seed)
    players = [f"player {p + 1}" for p in range(4)]
    match, lines = play_match(bots, seed=seed, rules=rules, hands=hands, players=players)
    path = directory / f"{rules.name}-{seed}.jsonl"
    write_lines_atomically(path, lines)
    where = f"{label(rules, seed, ['random'])}, record {path.name}"
    record = read_record(path)
    if record.header.rules != rules or record.header.seed != seed or record.header.players != tuple(players):
        raise ConformanceError(f"{where}: the header reads back as {record.header}")
    if len(record.hands) != hands:
        raise ConformanceError(f"{where}: {len(record.hands)} hands read back, not {hands}")
    for block, game in zip(record.hands, match.games, strict=True):
        read = [block.start.event(), *(line.event() for line in block.events)]
        if read != game.event_dicts():
            raise ConformanceError(f"{where}: hand {block.number}'s events read back differently")
    report = check_record_file(path)
    if not report.ok or report.hands != hands:
        raise ConformanceError(f"{where}: the checker says {report}")
    result = CliRunner().invoke(app, ["replay", "--check", str(path)])
    if result.exit_code != 0:
        raise ConformanceError(f"{where}: majiang replay --check exits {result.exit_code}: {result.output}")
    # A tampered copy (the first hand's summary claims other changes) fails the same checks.
    tampered = directory / f"{rules.name}-{seed}-tampered.jsonl"
    summary = record.hands[0].summary.number
    edited = list(lines)
    obj = json.loads(edited[summary - 1])
    obj["deltas"] = [obj["deltas"][0] + 1, obj["deltas"][1] - 1, *obj["deltas"][2:]]
    edited[summary - 1] = dump_line(obj)
    write_lines_atomically(tampered, edited)
    if check_record_file(tampered).ok:
        raise ConformanceError(f"{where}: a record with a tampered summary passes the checker")
    if CliRunner().invoke(app, ["replay", "--check", str(tampered)]).exit_code == 0:
        raise ConformanceError(f"{where}: majiang replay --check passes a tampered record")
    return report.actions

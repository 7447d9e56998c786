"""Invariants of the hand engine, checked at every step of many bot-played hands.

At every step: every one of the 144 tiles is in exactly one place (standing tiles, melds, discards,
flowers shown, the wall), kind by kind; no seat holds a fifth copy; every seat asked to act has a
legal action and its view lists exactly its legal actions, the others none; the hand ends in finitely
many steps. At every hand's end: the score changes sum to zero, false-win penalties included
(10 · 3 − 30 = 0). Sampled steps: wrong actions (other phases', other seats', other tiles') raise
IllegalActionError, things that are not actions at all InvalidActionError, and neither changes the
state. Sampled hands:
replaying the seed gives byte-identical events; another seed another wall.

About 2,300 hands run in the default tests, split over two seeds and the bots available; the
``slow`` soak plays a fraction of ``MAJIANG_SOAK_HANDS`` (2,000 by default, ``make soak`` 200,000)
more. A failure names the hand's game seed: ``play_checked(HandSpec(seed, bots, penalty))`` reproduces it.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from majiang.bots import BOTS, find_bot
from majiang.errors import IllegalActionError, InvalidActionError
from majiang.game import Action, ActionKind, Game, Phase
from majiang.mcr import McrRules
from majiang.rules.mcr.ruleset import FLOWER_BASE
from majiang.sim.simulate import game_seed
from majiang.tiles import ALL_TILES

MAX_STEPS = 2000
"""No hand may take more actions: 144 tiles drawn, each followed by at most a few answers and kongs."""

_FULL = [4] * 34 + [1] * 8
"""Copies of each wall code in a full set: four of each playing tile, one of each flower."""
PENALTY = McrRules(false_win="penalty")

PROBE_RATE = 0.03
"""Share of steps at which wrong actions are tried (each try snapshots the whole state twice)."""
PROBES_PER_STEP = 3
FALSE_WIN_RATE = 0.02
"""In penalty games: chance that a seat asked to act first declares a win it does not have."""
BY_KIND_EVERY = 5
"""Every this many hands has each kind's copies counted at every step (the others at the start and end)."""
REPLAY_EVERY = 50
"""Every this many hands is replayed from its seed to check the events are byte-identical."""

_KINDS_WITH_TILE = (ActionKind.DISCARD, ActionKind.CHOW, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)
_KINDS_WITHOUT = (ActionKind.PUNG, ActionKind.KONG, ActionKind.WIN, ActionKind.PASS)
_NOT_ACTIONS: tuple[Any, ...] = ("pass", None, (ActionKind.PASS, None), (0, ALL_TILES[0]), 7)


@dataclass(frozen=True, slots=True)
class HandSpec:
    """One hand to check: its game seed, the bot of each seat, and whether false wins are penalised."""

    seed: int
    bots: tuple[str, str, str, str]
    penalty: bool = False


@dataclass(slots=True)
class Tally:
    """What a batch of checked hands went through, to show the checks were exercised."""

    hands: int = 0
    steps: int = 0
    wins: int = 0
    robbed: int = 0
    kongs: int = 0
    false_wins: int = 0
    probes: int = 0
    replays: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


class InvariantError(AssertionError):
    """An invariant failed; the message names the game seed and the step."""


def _fail(hand: HandSpec, step: int, what: str) -> InvariantError:
    return InvariantError(f"{hand} step {step}: {what}")


def snapshot(g: Game) -> tuple[Any, ...]:
    """A deep copy of everything ``apply`` may change (melds and actions are immutable values)."""
    return (
        [list(c) for c in g.counts], [list(m) for m in g.melds], [list(d) for d in g.discards],
        [list(f) for f in g.flowers], [list(f) for f in g.dealt_flowers], list(g.wall), g.wall.front,
        g.wall.back,
        g.phase, g.current, g.drawn, g.kong_draw, g.last_discard, dict(g.pending),
        {s: list(a) for s, a in g.claim_options.items()}, g.robbed, list(g.totals), len(g.events),
        g.events[-1], list(g.waits), g.result, g.rng.getstate(),
    )


def check_tiles(g: Game, hand: HandSpec, step: int, *, by_kind: bool) -> None:
    """144 tiles accounted for and no seat with a fifth copy; with ``by_kind``, each kind's copies too.

    The places: standing tiles (the drawn tile among them), melds (a claimed discard counted there
    only), discards (the tile won on among them, a robbed kong's too), flowers shown (and any dealt
    but not yet shown) and the wall.
    """
    total = g.wall_left
    for s in range(4):
        own = g.counts[s]
        total += sum(own) + len(g.discards[s]) + len(g.flowers[s]) + len(g.dealt_flowers[s])
        if g.melds[s]:
            own = list(own)
            for meld in g.melds[s]:
                total += len(meld.tiles)
                for t in meld.tiles:
                    own[t] += 1
        if max(own) > 4 or min(own) < 0:
            raise _fail(hand, step, f"seat {s} holds {own} (standing and melded)")
    if total != 144:
        raise _fail(hand, step, f"{total} tiles accounted for, not 144")
    if not by_kind:
        return
    kinds = [*map(sum, zip(*g.counts, strict=True)), *[0] * 8]
    for s in range(4):
        for meld in g.melds[s]:
            for t in meld.tiles:
                kinds[t] += 1
        for tile in g.discards[s]:
            kinds[tile] += 1
        for f in g.flowers[s]:
            kinds[FLOWER_BASE + f] += 1
        for code in g.dealt_flowers[s]:
            kinds[code] += 1
    for code in g.wall[g.wall.front:g.wall.back]:
        kinds[code] += 1
    if kinds != _FULL:
        wrong = {ALL_TILES[t].notation() if t < 34 else f"flower {t - FLOWER_BASE}": n
                 for t, n in enumerate(kinds) if n != _FULL[t]}
        raise _fail(hand, step, f"copies of each kind out of place (kind: copies found): {wrong}")


def wrong_actions(g: Game, rng: random.Random, penalty: bool) -> Iterator[tuple[int, Any]]:
    """Random (seat, action) pairs the game must refuse now: other seats', other phases', other tiles'."""
    acting = g.to_act()
    elsewhere = [a for s in acting for a in g.legal_actions(s)]
    tries = 0
    while tries < 50:
        tries += 1
        seat = rng.randrange(4)
        pick = rng.random()
        action: Any
        if pick < 0.3 and elsewhere:
            action = rng.choice(elsewhere)  # someone's legal action, tried by any seat
        elif pick < 0.55:
            action = Action(rng.choice(_KINDS_WITHOUT))
        elif pick < 0.95:
            action = Action(rng.choice(_KINDS_WITH_TILE), ALL_TILES[rng.randrange(34)])
        else:
            action = rng.choice(_NOT_ACTIONS)
        if isinstance(action, Action):
            if g.phase != Phase.OVER and action in g.legal_actions(seat):
                continue
            if penalty and action.kind == ActionKind.WIN and seat in acting:
                continue  # a false win: accepted and penalised under these rules
        yield seat, action


def probe(g: Game, hand: HandSpec, step: int, rng: random.Random, tally: Tally) -> None:
    """Try a few wrong actions; each must raise IllegalActionError (InvalidActionError if no Action) and
    change nothing.

    Every seat's view is checked here too (the acting seat's is checked at every step).
    """
    for s in range(4):
        if g.view(s).legal != tuple(g.legal_actions(s)):
            raise _fail(hand, step, f"seat {s} view lists {g.view(s).legal}, legal {g.legal_actions(s)}")
    before = snapshot(g)
    for _, (seat, action) in zip(range(PROBES_PER_STEP), wrong_actions(g, rng, hand.penalty), strict=False):
        tally.probes += 1
        # Something that is no Action at all is unreadable, not illegal: each has its own error.
        expected = IllegalActionError if isinstance(action, Action) else InvalidActionError
        try:
            g.apply(seat, action)
        except expected:
            pass
        else:
            raise _fail(hand, step, f"seat {seat} was allowed {action!r} in phase {g.phase.name}")
        if snapshot(g) != before:
            raise _fail(hand, step, f"refused {action!r} by seat {seat} changed the state")


def check_turn(g: Game, hand: HandSpec, step: int) -> dict[int, list[Action]]:
    """The legal actions of each seat to act (at least one each); the other seats may do nothing."""
    acting = g.to_act()
    if (g.phase == Phase.OVER) != (not acting) or (g.phase == Phase.OVER) != (g.result is not None):
        raise _fail(hand, step, f"phase {g.phase.name} with seats to act {acting} and result {g.result}")
    out = {}
    for s in range(4):
        legal = g.legal_actions(s)
        if s in acting:
            if not legal:
                raise _fail(hand, step, f"seat {s} must act but has no legal action")
            out[s] = legal
        elif legal:
            raise _fail(hand, step, f"seat {s} is not asked to act but may {legal}")
    return out


def check_end(g: Game, hand: HandSpec, step: int, expected_scores: list[int]) -> None:
    """Score changes that sum to zero and match the result; the end reached for a reason.

    ``expected_scores`` are the false-win penalties paid so far (the hand starts at zero); the result's
    deltas are every payment of the hand, penalties included.
    """
    result = g.result
    assert result is not None
    if sum(result.deltas) != 0:
        raise _fail(hand, step, f"hand deltas {result.deltas} do not sum to zero")
    if g.totals != list(result.deltas) or sum(g.totals) != 0:
        raise _fail(hand, step, f"scores {g.totals}, expected {list(result.deltas)} (summing to zero)")
    won = [d - p for d, p in zip(result.deltas, expected_scores, strict=True)]
    if not result.winners:
        if g.wall_left != 0 or any(won):
            raise _fail(hand, step, f"a draw with {g.wall_left} tiles left and win payments {won}")
        return
    for seat, score in zip(result.winners, result.scores, strict=True):
        if score.fan_total < 8 or won[seat] <= 0:
            raise _fail(hand, step, f"winner {seat} with {score.fan_total} fans, delta {won[seat]}")
    if result.self_drawn != (result.payer is None) or result.payer in result.winners:
        raise _fail(hand, step, f"self-drawn {result.self_drawn} with payer {result.payer}")


def play_checked(hand: HandSpec, *, probes: bool = True, tally: Tally | None = None) -> Game:
    """Play ``hand`` to its end checking every invariant; the finished game."""
    tally = Tally() if tally is None else tally
    rules = PENALTY if hand.penalty else McrRules()
    g = Game(rules, seed=hand.seed, dealer=hand.seed % 4)
    players = [find_bot(name, hand.seed * 4 + s) for s, name in enumerate(hand.bots)]
    cheat = random.Random(hand.seed ^ 0x5EED)  # false wins: part of the hand, replayed with it
    prober = random.Random(hand.seed ^ 0x0BE)  # probes: must leave no trace, so not replayed
    scores = [0, 0, 0, 0]
    step = 0
    by_kind = (hand.seed >> 3) % BY_KIND_EVERY == 0
    check_tiles(g, hand, step, by_kind=True)
    acting = check_turn(g, hand, step)
    while acting:
        if probes and prober.random() < PROBE_RATE:
            probe(g, hand, step, prober, tally)
        seat = next(iter(acting))
        view = g.view(seat)
        if view.legal != tuple(acting[seat]):
            raise _fail(hand, step, f"seat {seat} view lists {view.legal}, legal {acting[seat]}")
        if hand.penalty and Action(ActionKind.WIN) not in view.legal and cheat.random() < FALSE_WIN_RATE:
            logged = len(g.events)
            g.apply(seat, Action(ActionKind.WIN))
            penalty = [10, 10, 10, 10]
            penalty[seat] = -30
            # The penalty, then whatever it set off (the last answer to a discard resolves the claims).
            fines = [e for e in g.event_dicts()[logged:] if e["e"] == "false-win"]
            if fines != [{"e": "false-win", "seat": seat, "deltas": penalty}]:
                raise _fail(hand, step, f"a false win by seat {seat} recorded as {g.events[logged:]}")
            scores = [a + b for a, b in zip(scores, penalty, strict=True)]
            if g.phase != Phase.OVER and g.totals != scores:
                raise _fail(hand, step, f"scores {g.totals} after a false win, expected {scores}")
            tally.false_wins += 1
        else:
            action = players[seat].act(view)
            g.apply(seat, action)
            if action.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                tally.kongs += 1
        step += 1
        if step > MAX_STEPS:
            raise _fail(hand, step, f"the hand did not end in {MAX_STEPS} steps")
        check_tiles(g, hand, step, by_kind=by_kind)
        acting = check_turn(g, hand, step)
    check_tiles(g, hand, step, by_kind=True)
    check_end(g, hand, step, scores)
    if probes and prober.random() < 0.5:
        probe(g, hand, step, prober, tally)  # nothing is legal once the hand is over
    tally.hands += 1
    tally.steps += step
    tally.wins += bool(g.result is not None and g.result.winners)
    tally.robbed += g.robbed is not None
    return g


def check_replay(hand: HandSpec, first: Game) -> None:
    """The same seed replays byte-identical events; the next seed deals another wall."""
    again = play_checked(hand, probes=False)
    if json.dumps(again.event_dicts()) != json.dumps(first.event_dicts()):
        raise InvariantError(f"{hand}: replaying the seed gave other events")
    other = Game(seed=hand.seed + 1, dealer=hand.seed % 4)
    if other.event_dicts()[0]["ring"] == first.event_dicts()[0]["ring"] or other.wall == first.wall:
        raise InvariantError(f"{hand}: seeds {hand.seed} and {hand.seed + 1} dealt the same wall")


def check_batch(batch: list[HandSpec]) -> Tally:
    """Check every hand of ``batch`` (replaying every REPLAY_EVERY-th); the tally of what was exercised."""
    tally = Tally()
    for hand in batch:
        game = play_checked(hand, tally=tally)
        if hand.seed % REPLAY_EVERY == 0:
            check_replay(hand, game)
            tally.replays += 1
    return tally


def hands(seed: int, count: int, lineups: list[tuple[str, str, str, str]],
          penalty_share: float) -> list[HandSpec]:
    """``count`` hands seeded from ``seed``, cycling over ``lineups``; a share with false-win penalties."""
    out = []
    for i in range(count):
        hseed = game_seed(seed, i)
        penalty = (hseed >> 8) % 1000 < penalty_share * 1000
        out.append(HandSpec(hseed, lineups[i % len(lineups)], penalty))
    return out


def run(batch: list[HandSpec]) -> Tally:
    """Check ``batch`` over the available cores (in chunks, so a failure still names its hand)."""
    workers = min(os.cpu_count() or 1, 4)
    chunks = [batch[i:i + 100] for i in range(0, len(batch), 100)]
    tally = Tally()
    if workers == 1:
        for chunk in chunks:
            tally.add(check_batch(chunk))
        return tally
    with multiprocessing.get_context().Pool(workers) as pool:
        for part in pool.imap_unordered(check_batch, chunks):
            tally.add(part)
    return tally


Lineup = tuple[str, str, str, str]
RANDOM: Lineup = ("random", "random", "random", "random")


def _rotations(seats: Lineup) -> list[Lineup]:
    """``seats`` turned round the table four ways, each bot in each seat once; random for a missing bot."""
    named = [name if name in BOTS else "random" for name in seats]
    out: list[Lineup] = []
    for k in range(4):
        turned = named[k:] + named[:k]
        out.append((turned[0], turned[1], turned[2], turned[3]))
    return out


EFFICIENCY_TABLES = _rotations(("efficiency", "efficiency", "efficiency", "random"))
FAN_AWARE_TABLES = _rotations(("fan-aware", "efficiency", "random", "efficiency"))
"""Tables with the stronger bots (they win, kong and rob far more often than random ones); the
fan-aware bot thinks longest, so it gets one seat."""


@pytest.mark.parametrize(("seed", "count"), [(101, 500), (202, 500)])
def test_random_hands(seed: int, count: int) -> None:
    tally = run(hands(seed, count, [RANDOM], penalty_share=0.3))
    assert tally.hands == count
    # The checks were exercised: wins, kongs, false-win penalties, refused actions, replays.
    assert tally.wins > 0 and tally.kongs > 0 and tally.false_wins > 0
    assert tally.probes > count and tally.replays > 0


@pytest.mark.parametrize(("seed", "count", "lineups"), [
    (303, 150, EFFICIENCY_TABLES),  # (the soak below plays tens of thousands more under make soak)
    (404, 40, FAN_AWARE_TABLES),
])
def test_bot_hands(seed: int, count: int, lineups: list[Lineup]) -> None:
    tally = run(hands(seed, count, lineups, penalty_share=0.2))
    assert tally.hands == count and tally.probes > count and tally.wins > 0


def test_over_is_final() -> None:
    game = play_checked(HandSpec(game_seed(505, 0), RANDOM))
    before = snapshot(game)
    for action in (Action(ActionKind.PASS), Action(ActionKind.WIN), Action(ActionKind.DISCARD, ALL_TILES[0])):
        with pytest.raises(IllegalActionError, match="over"):
            game.apply(0, action)
    assert snapshot(game) == before


def test_seeds_deal_different_walls() -> None:
    rings = {json.dumps(Game(seed=s).event_dicts()[0]["ring"]) for s in range(200)}
    assert len(rings) == 200
    assert Game(seed=5).wall == Game(seed=5).wall


SOAK_FRACTION = 0.15
"""Share of ``MAJIANG_SOAK_HANDS`` this file plays: the default 2,000 gives 300 hands for ``make test``;
``make soak``'s 200,000 give 30,000 hands, two to three minutes on two cores."""
SOAK_MIX: list[Lineup] = [RANDOM] * 190 + EFFICIENCY_TABLES * 2 + FAN_AWARE_TABLES[:2]
"""Out of every 200 hands: 190 random tables, 8 efficiency tables, 2 with a fan-aware seat."""


@pytest.mark.slow
def test_soak() -> None:
    """More hands from another seed: ``SOAK_FRACTION`` of ``MAJIANG_SOAK_HANDS`` (default 2,000)."""
    n = int(os.environ.get("MAJIANG_SOAK_HANDS", "2000"))
    assert n > 0, "MAJIANG_SOAK_HANDS must be a positive number of hands"
    count = max(1, int(n * SOAK_FRACTION))
    tally = run(hands(1_000_003, count, SOAK_MIX, penalty_share=0.25))
    assert tally.hands == count

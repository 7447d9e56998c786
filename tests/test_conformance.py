"""The conformance suite (tests/conformance.py) on every registered ruleset and the option variants each
plays for it (``conformance.variants``), including the test-only ``toy`` ruleset (tests/toy_ruleset.py)
that proves a Sichuan-like ruleset needs no engine edit.

The default run plays a few hands per variant with every check; the ``slow`` soak plays
``MAJIANG_CONFORMANCE_HANDS`` hands per built-in ruleset (24 by default, ``make soak`` 10,000; the toy is
left out, being no ruleset anyone plays) with the cheap checks at every step and the costly ones sampled
(``LIGHT``), in chunks that pytest-xdist spreads over the workers. A failure names the ruleset, its
options and the hand's seed: ``play_checked(find_ruleset(name, options), seed, bots)`` reproduces it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy_ruleset
from conformance import (
    FULL,
    LIGHT,
    ConformanceError,
    Rates,
    Tally,
    check_match,
    check_record,
    check_replay,
    play_checked,
    seat_bots,
    variants,
)
from majiang.actions import Action, ActionKind
from majiang.game import Game, Phase
from majiang.game.ruleset import Fault, Penalty, Table, find_ruleset, ruleset_names
from majiang.rules.mcr.ruleset import BOTZONE
from majiang.sim.simulate import game_seed

RULESETS = ruleset_names()
assert "toy" in RULESETS, "tests/toy_ruleset.py registers the toy ruleset on import"
BUILT_IN = [name for name in RULESETS if type(find_ruleset(name)).__module__.startswith("majiang.")]
"""The package's own rulesets (test modules register more: the toy here, others in other test files)."""
VARIANTS = [(name, options) for name in RULESETS for options in variants(name)]


def _id(case: tuple[str, dict[str, Any]]) -> str:
    name, options = case
    return "-".join([name, *(f"{k}={v}" for k, v in options.items())])


HANDS = 6
"""Hands per variant and bot in the default run (each checked at every step)."""
SOAK_HANDS = int(os.environ.get("MAJIANG_CONFORMANCE_HANDS", "24"))
"""Hands per ruleset in the soak, spread over its variants and bots (the default: one or two per chunk)."""
SOAK_CHUNKS = 16


def play_many(name: str, options: dict[str, Any], seed: int, count: int, bots: list[str],
              rates: Rates = FULL) -> Tally:
    rules = find_ruleset(name, options)
    tally = Tally()
    for i in range(count):
        _, t = play_checked(rules, game_seed(seed, i), bots, rates=rates, dealer=i % 4)
        tally.add(t)
    return tally


@pytest.mark.parametrize("case", VARIANTS, ids=_id)
def test_random_bots(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    tally = play_many(name, options, 1, HANDS, ["random"])
    assert tally.hands == HANDS
    assert tally.probes > 0 and tally.accepted > 0 and tally.views > 0


@pytest.mark.parametrize("case", VARIANTS, ids=_id)
def test_efficiency_bots(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    tally = play_many(name, options, 2, HANDS, ["efficiency", "efficiency", "random", "efficiency"])
    assert tally.hands == HANDS
    assert tally.wins > 0, "efficient play wins some hands"


@pytest.mark.parametrize("name", RULESETS)
@settings(max_examples=4, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**63 - 1), dealer=st.integers(0, 3),
       bot=st.sampled_from(["random", "efficiency"]))
def test_any_seed(name: str, seed: int, dealer: int, bot: str) -> None:
    """Whatever the seed and the dealer, the hand passes every check."""
    _, tally = play_checked(find_ruleset(name), seed, [bot], dealer=dealer)
    assert tally.hands == 1 and tally.steps > 0


@pytest.mark.parametrize("name", RULESETS)
def test_seeded_replay(name: str) -> None:
    rules = find_ruleset(name)
    for seed in (3, 4):
        game, _ = play_checked(rules, seed, ["random", "efficiency"])
        check_replay(rules, seed, ["random", "efficiency"], game)


@pytest.mark.parametrize("name", RULESETS)
def test_records(name: str, tmp_path: Path) -> None:
    assert check_record(find_ruleset(name), 5, tmp_path) > 0


@pytest.mark.parametrize("name", RULESETS)
def test_match(name: str) -> None:
    rules = find_ruleset(name)
    match, tally = check_match(rules, 6, ["efficiency"], rules.match_hands)
    assert match.over and 0 < tally.hands == len(match.history) <= rules.match_hands


@pytest.mark.parametrize("name", BUILT_IN)
def test_registry_loads_first(name: str) -> None:
    """A fresh interpreter can find a built-in ruleset before importing anything else (no import cycle)."""
    code = f"from majiang.game.ruleset import find_ruleset; print(find_ruleset({name!r}).name)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip() == name, done.stderr


def test_toy_exercises_the_generic_paths() -> None:
    """The toy's hands go through every path Sichuan needs and the capabilities other regional rulesets need
    (each counted by the checks)."""
    tally = Tally()
    for options in variants("toy"):
        # Random seats take the last tile and lay their 1s, which the efficiency bot does not.
        for bots in (["efficiency"], ["efficiency", "random"], ["random"]):
            tally.add(play_many("toy", options, 9, 10, bots, rates=LIGHT))
    assert tally.opening_answers == 4 * tally.hands  # every seat answers the opening phase
    assert tally.shared_wins > 0  # several winners on one discard
    assert tally.wins_played_on > 0 and tally.left > 0  # play goes on after a win; winners leave
    assert tally.kongs > 0 and tally.payments > 0  # kongs paid at once with their own events
    assert tally.wall_ends > 0  # the settlement when the wall runs out
    # The capabilities regional rulesets need (issue 19, G1-G7; G5 is checked in test_mixed_melds).
    assert tally.rolls > 0  # G1: dice rolled during play (the lucky kind, kong replacements)
    assert tally.questions > 0  # G2: the last tile offered around the table
    assert tally.declared_wins > 0  # G3: the lucky draw wins without a win action
    assert tally.mixed_melds > 0  # G5: the three 1s laid as one meld
    # G4, a pung answering a tile added to that meld, is rare at random: tests/test_engine_capabilities.py.
    assert tally.ruleset_actions > 0  # G6: take-last, the toy's own action
    assert tally.seat_waits > 0  # G7: the lucky kind added to a ready seat's waits


def test_changchun_exercises_its_capabilities() -> None:
    """Changchun's hands go through the capabilities built for it (issue 19's G1-G7), each counted by the
    checks: the 宝牌 rolled (G1), 对宝 won without a win action (G3), special kongs laid (G5, its declared
    action, G6) and the 宝 in a ready seat's waits (G7). 抢叉 (G4) is rare at random: tests/
    test_changchun_table.py makes it on a prepared wall, with 抢胡, the 宝 rolled again and 对宝."""
    tally = Tally()
    for options in variants("changchun"):
        for bots in (["efficiency"], ["efficiency", "random"], ["random"]):
            # Waits checked often: a ready seat that has seen the 宝 is some hands' last few steps.
            tally.add(play_many("changchun", options, 21, 4, bots, rates=Rates(0.01, 0.002, 0.2, 0.005)))
    assert tally.rolls > 0 and tally.declared_wins > 0
    assert tally.mixed_melds > 0 and tally.ruleset_actions > 0
    assert tally.seat_waits > 0 and tally.kongs > 0 and tally.payments > 0 and tally.wall_ends > 0


# -- the checks catch broken rulesets ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Unbalanced(toy_ruleset.ToyRules):
    """Pays a settlement that does not sum to zero."""

    def end_of_hand(self, game: Table[Any, Any], exhausted: bool) -> None:
        game.pay([1, 0, 0, 0])


@dataclass(frozen=True, slots=True)
class LosesATile(toy_ruleset.ToyRules):
    """Loses a tile of seat 0 in the opening phase."""

    def answer(self, game: Table[Any, Any], answers: dict[int, Action]) -> None:
        toy_ruleset.ToyRules.answer(self, game, answers)
        if game.phase is not Phase.OPENING:
            return
        counts = game.counts[0]
        counts[next(t for t in range(34) if counts[t])] -= 1


@dataclass(frozen=True, slots=True)
class Leaky(toy_ruleset.ToyRules):
    """Shows each seat the next seat's tiles."""

    def public_state(self, game: Table[Any, Any], seat: int) -> tuple[str | None, ...]:
        return tuple(str(n) for n in game.counts[(seat + 1) % 4])


@dataclass(frozen=True, slots=True)
class AsksNobody(toy_ruleset.ToyRules):
    """Lists a claim for a seat without the tiles for it."""

    def claim_options(self, game: Table[Any, Any], seat: int, giver: int, tile: int) -> list[Action]:
        return [*toy_ruleset.ToyRules.claim_options(self, game, seat, giver, tile), Action.parse("kong")]


@dataclass(frozen=True, slots=True)
class TouchesOnRefusal(toy_ruleset.ToyRules):
    """Refuses a false win, but not before changing the state."""

    def penalty(self, game: Table[Any, Any], seat: int, fault: Fault) -> Penalty | None:
        engine = cast(Game, game)  # past the table protocol into the engine, as a broken ruleset might
        engine.discard_count += 1
        return None


@pytest.mark.parametrize(("rules", "rates", "message"), [
    (Unbalanced(), Rates(0, 0, 0, 0), "sum to"),
    (LosesATile(), Rates(0, 0, 0, 0), "tiles not conserved"),
    (Leaky(), Rates(0, 0, 1, 0), "view changed"),
    (AsksNobody(), Rates(0, 0, 0, 0), "impossible counts"),
    (AsksNobody(), Rates(0, 1, 0, 0), "impossible counts"),
    (TouchesOnRefusal(), Rates(0, 0, 0, 0.5), "refused false win .* changed the state"),
    (TouchesOnRefusal(), Rates(1, 0, 0, 0), "changed the state"),
], ids=["money", "tiles", "views", "legal", "accept", "false-win", "probe"])
def test_checks_catch_broken_rulesets(rules: toy_ruleset.ToyRules, rates: Rates, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        for seed in range(20):
            play_checked(rules, seed, ["random"], rates=rates)


# -- the soak ------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SOAK_CHUNKS))
@pytest.mark.parametrize("name", BUILT_IN)
def test_soak(name: str, chunk: int) -> None:
    """``MAJIANG_CONFORMANCE_HANDS`` hands per ruleset, its variants in turn; one hand in four with efficient
    bots (they win more, and take longer)."""
    option_sets = variants(name)
    count = SOAK_HANDS // SOAK_CHUNKS + (chunk < SOAK_HANDS % SOAK_CHUNKS)
    tally = Tally()
    lineups = (["random"], ["random"], ["random"], ["efficiency", "random", "efficiency", "efficiency"])
    for i in range(count):
        index = i * SOAK_CHUNKS + chunk
        rules = find_ruleset(name, option_sets[index % len(option_sets)])
        bots = lineups[index // len(option_sets) % len(lineups)]
        _, t = play_checked(rules, game_seed(1000 + index, 0), bots, rates=LIGHT, dealer=index % 4)
        tally.add(t)
    assert tally.hands == count


@pytest.mark.parametrize("name", RULESETS)
def test_every_declared_action_is_made(name: str) -> None:
    """Random play makes every action the ruleset declares (each accepted and read back from its text): no
    declared move is dead code. (Robbed kongs are rare at random: the rulesets' own tests rob them on
    prepared walls.)"""
    rules = find_ruleset(name)
    wanted = {spec.name for spec in rules.actions}
    made: set[str] = set()
    for seed in range(3000):
        game = Game(rules, seed=seed)
        bots = seat_bots(["random"], seed)
        while game.result is None:
            seat = game.to_act()[0]
            action = bots[seat].act(game.view(seat))
            if action.kind is ActionKind.DECLARED:
                made.add(action.name)
                assert Action.parse(action.notation()) == action
            game.apply(seat, action)
        if made >= wanted:
            break
    assert made == wanted, f"{name}: never made {sorted(wanted - made)} in 3000 hands"


MOVES = ["discard", "pass", "pung", "kong", "concealed-kong", "added-kong", "win"]
"""The moves every built-in ruleset has (and ``chow`` where it has chows)."""
EVERY_MOVE: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in [*BUILT_IN, "toy"]]
EVERY_MOVE.append(("mcr", dict(BOTZONE)))
# (riichi's red-five calls come within ~540 hands: make soak's; tests/test_riichi_red_calls.py makes each on
# prepared walls in make test)
EVERY_MOVE_SOAK = [pytest.param(("riichi", {"red_choice": True}), marks=pytest.mark.soak,
                                id="riichi-red_choice=True")]
RED_MOVES = ["discard red", "chow red", "pung red"]
"""The moves naming a red five that riichi's ``red_choice`` adds (``riichi 0m`` is offered too seldom to
be waited for, and is then made like any move offered)."""


@pytest.mark.parametrize("case", [*(pytest.param(c, id=_id(c)) for c in EVERY_MOVE), *EVERY_MOVE_SOAK])
def test_every_move_is_made(case: tuple[str, dict[str, Any]]) -> None:
    """Eager play, checked at every step, makes every kind of move the ruleset offers and every move of
    ``MOVES``, among them an added kong by a seat that has four melds already (an added kong adds none:
    Botzone's judge accepts its ``BUGANG``, and the rulesets once refused it)."""
    name, options = case
    rules = find_ruleset(name, options)
    wanted = {*MOVES, *(["chow"] if rules.has_chow else []), *(spec.name for spec in rules.actions),
              *(RED_MOVES if options.get("red_choice") else [])}
    tally = Tally()
    # (seeds from a base where riichi's rare red-five calls come within ~540 hands rather than ~1,600: the
    # test asks the same of every base, and gives up after 2,000 hands either way)
    base = 11 if options.get("red_choice") else 31
    for i in range(2000):
        _, t = play_checked(rules, game_seed(base, i), ["eager", "eager", "eager", "random"], rates=LIGHT,
                            dealer=i % 4)
        tally.add(t)
        if set(tally.made) >= wanted | set(tally.offered) and tally.four_meld_added_kongs:
            break
    assert set(tally.offered) >= wanted, f"never offered {sorted(wanted - set(tally.offered))}"
    assert set(tally.made) == set(tally.offered), f"never made {sorted(set(tally.offered) - set(tally.made))}"
    assert tally.four_meld_added_kongs > 0, f"no added kong with four melds in {tally.hands} hands"


def test_the_records_hash_benchmark_plays_these_variants() -> None:
    """benchmarks/records_hash.py keeps its own copy of the built-in rulesets' variants (benchmarks import
    nothing from the tests): it must be this suite's."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "records_hash.py"
    spec = importlib.util.spec_from_file_location("records_hash", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert set(module.VARIANTS) == set(module.BUILT_IN)
    assert {name: variants(name) for name in module.BUILT_IN} == module.VARIANTS

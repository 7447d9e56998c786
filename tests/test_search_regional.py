"""The search bot under Changsha, Changchun and Yangzhou: games rebuilt from a view keep the seat's view and
deal only unseen copies, playouts judge each seat by its ruleset's shanten, decisions are reproducible."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.actions import ActionKind
from majiang.bots import find_bot, play_out
from majiang.bots.common import seen_counts
from majiang.bots.position import Position, clone, supports
from majiang.bots.quick import quick_action
from majiang.bots.search import SearchBot, playout, playout_models
from majiang.game import Game, Phase
from majiang.game.ruleset import CHINESE_EFFICIENCY, Efficiency, find_ruleset
from search_positions import position_at

REGIONAL = ["yangzhou", "changsha", "changchun"]
"""The rulesets of this file whose games are rebuilt (``Ruleset.rebuilds``)."""


def _hidden_counts(world: Game, seat: int, shown: frozenset[int] = frozenset()) -> list[int]:
    """Copies of each kind in the places ``seat`` cannot see: the others' hands and concealed kongs, the
    wall less the places whose tiles it has seen (``shown``)."""
    hidden = [0] * 34
    for s in range(4):
        if s != seat:
            for k in range(34):
                hidden[k] += world.counts[s][k]
            for m in world.melds[s]:
                if m.is_concealed_kong:
                    hidden[m.tile] += 4
    for place in world.wall.undrawn():
        if place not in shown:
            hidden[world.wall[place]] += 1
    return hidden


def _check_sample(game: Game, seat: int, sample_seed: int) -> Game:
    """A sample of ``seat``'s view: the same view (its ruleset's state and legal actions included), only
    unseen copies in the hidden places, every seat's tiles and wall as many as in the game."""
    view = game.view(seat)
    world = Position(view).sample(random.Random(sample_seed))
    again = world.view(seat)
    assert (again.standing, again.drawn, again.melds, again.discards, again.wall_left, again.totals,
            again.public_state, again.hidden_kongs) == (
        view.standing, view.drawn, view.melds, view.discards, view.wall_left, view.totals,
        view.public_state, view.hidden_kongs)
    assert set(again.legal) == set(view.legal)
    seen = seen_counts(view)
    assert _hidden_counts(world, seat) == [sum(1 for t in game.rules.wall_tiles() if t == k) - seen[k]
                                           for k in range(34)]
    for s in range(4):
        assert sum(world.counts[s]) == sum(game.counts[s])
        assert world.wall.left(s) == game.wall.left(s)
    return world


@pytest.mark.parametrize("rules", REGIONAL)
def test_rebuilt_from_a_view(rules: str) -> None:
    assert supports(find_ruleset(rules))


@settings(max_examples=20, deadline=None)
@given(rules=st.sampled_from(REGIONAL), seed=st.integers(0, 10_000), steps=st.integers(0, 140),
       sample_seed=st.integers(0, 2**32))
def test_sampler_keeps_the_view_and_deals_only_unseen_copies(rules: str, seed: int, steps: int,
                                                             sample_seed: int) -> None:
    at = position_at(rules, seed, steps, bot="efficiency", choice=True)
    if at is not None:
        _check_sample(*at, sample_seed)


@pytest.mark.parametrize("rules", REGIONAL)
def test_playout_on_a_copy_leaves_the_sample_untouched(rules: str) -> None:
    at = next(found for seed in range(20)
              if (found := position_at(rules, seed, 30, bot="efficiency", choice=True)) is not None)
    game, seat = at
    world = Position(game.view(seat)).sample(random.Random(3))
    before = (repr(world.counts), repr(world.melds), list(world.wall), world.wall.left(0),
              repr(world.hand_state))
    copy = clone(world)
    playout(copy, seat, models=playout_models(copy))
    assert copy.phase == Phase.OVER
    assert (repr(world.counts), repr(world.melds), list(world.wall), world.wall.left(0),
            repr(world.hand_state)) == before


def _after(game: Game, seat: int, model: Efficiency, k: int) -> int:
    """``seat``'s shanten by ``model`` once it lets a ``k`` go."""
    counts = game.counts[seat][:]
    counts[k] -= 1
    return model.shanten(counts, game.melds[seat])


@pytest.mark.parametrize("rules, seed", [("yangzhou", 4), ("changsha", 5), ("changchun", 4)])
def test_playouts_judge_by_the_rulesets_shanten(rules: str, seed: int) -> None:
    """Each seat's playout policy is its ruleset's efficiency (not the Chinese Official forms), and it
    discards to the lowest shanten by it, taking every win offered, and the last tile offered (Changsha's
    海底) when ready."""
    game = Game(find_ruleset(rules), seed=seed)
    models = playout_models(game)
    assert all(m is not None and m is not CHINESE_EFFICIENCY for m in models)
    turns = wins = 0
    asked: list[bool] = []
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = quick_action(game, seat, models[seat])
        assert action in legal
        if any(a.kind == ActionKind.WIN for a in legal):
            assert action.kind == ActionKind.WIN
            wins += 1
        elif game.phase == Phase.TURN and action.tile is not None and len(legal) > 1:
            model = models[seat]
            assert model is not None
            options = {int(a.tile) for a in legal if a.kind == ActionKind.DISCARD and a.tile is not None}
            assert _after(game, seat, model, int(action.tile)) == min(_after(game, seat, model, k)
                                                                      for k in options)
            turns += 1
        elif game.phase == Phase.ASK and len(legal) == 2:
            model = models[seat]
            assert model is not None
            ready = model.shanten(game.counts[seat], game.melds[seat]) == 0
            assert (action.kind == ActionKind.DECLARED) == ready
            asked.append(ready)
        game.apply(seat, action)
    assert turns > 10
    if rules == "changsha":
        assert asked == [False, True]  # one seat let the last tile go, the next took it

@pytest.mark.parametrize("rules", REGIONAL)
def test_searches_and_is_reproducible(rules: str) -> None:
    """Same seed and budget, same decisions; the search plays candidates out (not only its prior)."""
    def run() -> tuple[list[dict[str, object]], int]:
        game = Game(find_ruleset(rules), seed=6)
        bots = [SearchBot(seed=10 + s, playouts=4) if s % 2 == 0 else find_bot("fan-aware", seed=s)
                for s in range(4)]
        searchers = [b for b in bots if isinstance(b, SearchBot)]
        while game.phase != Phase.OVER and sum(b.searched for b in searchers) < 6:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))
        return game.event_dicts(), sum(b.searched for b in searchers)

    first, searched = run()
    assert searched >= 6
    assert run() == (first, searched)


@pytest.mark.soak
@pytest.mark.parametrize("rules", REGIONAL)
def test_search_plays_whole_hands(rules: str) -> None:
    """Two search bots against two fan-aware bots for whole hands: legal, and searching throughout."""
    for seed in range(3):
        game = Game(find_ruleset(rules), seed=seed)
        bots = [SearchBot(seed=10 + s, playouts=8) if s % 2 == 0 else find_bot("fan-aware", seed=s)
                for s in range(4)]
        assert play_out(game, bots) > 0 and game.result is not None
        print(rules, seed, [b.searched for b in bots if isinstance(b, SearchBot)])


@pytest.mark.soak
@pytest.mark.parametrize("rules", REGIONAL)
def test_sampler_keeps_every_view_of_many_hands(rules: str) -> None:
    """Every decision with a choice in 30 hands of the efficiency bot: the sampled world shows the seat the
    same view, and deals only unseen copies (a few thousand positions)."""
    checked = 0
    for seed in range(30):
        game = Game(find_ruleset(rules), seed=seed)
        bots = [find_bot("efficiency", seed=seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.phase in (Phase.TURN, Phase.CLAIM) and len(view.legal) > 1:
                _check_sample(game, seat, checked)
                checked += 1
            game.apply(seat, bots[seat].act(view))
    print(f"{checked} {rules} positions sampled")
    assert checked > 500


def test_budget_buys_fewer_playouts_where_they_cost_more() -> None:
    view = Game(find_ruleset("yangzhou"), seed=1).view(0)
    rules = view.rules
    assert rules is not None and rules.playout_cost > 1
    assert SearchBot(seed=0).playouts_for(view) == round(SearchBot(seed=0).playouts / rules.playout_cost)
    assert SearchBot(seed=0, playouts=40).playouts_for(view) == 40  # a count given is kept
    assert SearchBot(seed=0).playouts_for(Game(seed=1).view(0)) == SearchBot(seed=0).playouts


# -- Changsha -----------------------------------------------------------------------------------------


def test_changsha_samples_keep_the_tiles_shown_with_opening_wins() -> None:
    """A seat that showed its dealt hand (起手小胡) holds, in every sample as in the game, each tile of it
    it has not given up since (seed 18: the first of 40 hands where a seat shows its hand)."""
    from majiang.rules.changsha.rebuild import still_held

    kept = 0
    for seed in (18,):
        game = Game(find_ruleset("changsha"), seed=seed)
        bots = [find_bot("efficiency", seed=seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER and kept < 8:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.phase in (Phase.TURN, Phase.CLAIM) and len(view.legal) > 1:
                held = still_held(view)
                if any(map(any, held)):
                    for s in range(4):
                        assert all(game.counts[s][k] >= held[s][k] for k in range(34))  # a true bound
                    world = _check_sample(game, seat, kept)
                    for s in range(4):
                        assert all(world.counts[s][k] >= held[s][k] for k in range(34))
                    kept += 1
            game.apply(seat, bots[seat].act(view))
    assert kept >= 8


# -- Changchun ----------------------------------------------------------------------------------------


def test_changchun_samples_deal_the_treasure_and_ready_hands() -> None:
    """Once a 宝牌 is rolled: a seat that has seen it finds it at the same kind in every sample; one that
    has not gets a kind the rules could have left there (let go fewer than three times, no looking seat's
    wait); each other ready seat holds a hand Changchun pays on some tile, as its 上听 says."""
    from majiang.rules.changchun.rebuild import let_go
    from majiang.rules.changchun.scoring import winning_kinds
    from majiang.rules.changchun.state import ChangchunState

    found = {"seen": 0, "hidden": 0, "ready": 0}
    for seed in range(60):
        game = Game(find_ruleset("changchun"), seed=seed)
        bots = [find_bot("efficiency", seed=seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.phase in (Phase.TURN, Phase.CLAIM) and len(view.legal) > 1 and view.public_state.rolled:
                real: ChangchunState = game.hand_state
                assert let_go(view) == real.let_go
                world = _check_sample(game, seat, seed)
                st: ChangchunState = world.hand_state
                assert st.treasure is not None and st.place is not None
                assert world.wall[st.place] == st.treasure
                if view.public_state.treasure is not None:
                    # The seat's own waits hold the 宝 it has seen, as in the game (the wildcard).
                    assert st.treasure == real.treasure and world.waits[seat] == game.waits[seat]
                    found["seen"] += 1
                else:
                    assert st.let_go[st.treasure] < 3
                    assert not any(st.treasure in winning_kinds(world.melds[s], world.counts[s])
                                   for s in range(4) if st.looked[s])
                    found["hidden"] += 1
                for s in range(4):
                    if s != seat and st.ready[s]:
                        assert winning_kinds(world.melds[s], world.counts[s], game.rules.scoring)  # type: ignore[attr-defined]
                        found["ready"] += 1
            game.apply(seat, bots[seat].act(view))
        if min(found.values()) >= 5:
            break
    assert min(found.values()) >= 5, found

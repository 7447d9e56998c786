"""The search bot under Sichuan: games rebuilt from a view (``majiang.rules.sichuan.rebuild``), samples that
keep what the seat knows (voids let go, its exchange), playouts that play Sichuan, and reproducible picks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.bots import find_bot, play_out
from majiang.bots.common import seen_counts
from majiang.bots.position import Position, clone
from majiang.bots.quick import quick_action
from majiang.bots.search import SearchBot, playout, playout_models
from majiang.game import Game, Phase
from majiang.game.ruleset import find_ruleset
from majiang.rules.sichuan.analysis import SichuanEfficiency
from majiang.rules.sichuan.payments import exchange_receiver
from majiang.rules.sichuan.state import SichuanState
from search_positions import position_at

VARIANTS = [
    ("sichuan", ()),
    ("sichuan", ("exchange=clockwise", "declare_void=true")),
    ("血流", ("exchange=dice", "declare_void=true")),
    ("sichuan", ("mode=single", "declare_void=true")),
    ("chengdu", ("exchange=across",)),
]


def _check_sample(game: Game, seat: int, world: Game) -> None:
    view = game.view(seat)
    again = world.view(seat)
    # The seat's whole view is the same: its tiles, the table, the ruleset's state (voids, wins, the
    # exchange and its own part in it), who has left and what was laid aside, its legal actions.
    assert (again.standing, again.drawn, again.melds, again.hidden_kongs, again.discards, again.wall_left,
            again.totals, again.active, again.won, again.public_state) == (
        view.standing, view.drawn, view.melds, view.hidden_kongs, view.discards, view.wall_left, view.totals,
        view.active, view.won, view.public_state)
    assert set(again.legal) == set(view.legal)
    # The hidden places hold the copies the seat has not seen, of the 108 suited tiles only.
    seen = seen_counts(view)
    hidden = [0] * 34
    for s in range(4):
        if s != seat:
            for k in range(34):
                hidden[k] += world.counts[s][k]
            for m in world.melds[s]:
                if m.is_concealed_kong and not any(m is n for n in view.melds[s]):
                    hidden[m.tile] += 4
    for place in world.wall.undrawn():
        hidden[world.wall[place]] += 1
    assert hidden == [(4 if k < 27 else 0) - seen[k] for k in range(34)]
    for s in range(4):
        assert sum(world.counts[s]) == sum(game.counts[s])
    real: SichuanState = game.hand_state
    state: SichuanState = world.hand_state
    assert (state.voids, state.wins, state.direction) == (real.voids, real.wins, real.direction)
    assert len(state.kongs) == len(real.kongs)
    # A seat that declared a void and let another suit go holds none of it (its void's tiles go first).
    for s in range(4):
        void = real.voids[s]
        if s != seat and void is not None and any(int(t) // 9 != void for t in view.discards[s]):
            assert not any(world.counts[s][9 * void:9 * void + 9])


@settings(max_examples=20, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10_000), steps=st.integers(0, 140),
       sample_seed=st.integers(0, 2**32))
def test_sampler_keeps_the_view_and_deals_only_unseen_copies(variant: tuple[str, tuple[str, ...]], seed: int,
                                                             steps: int, sample_seed: int) -> None:
    at = position_at(variant[0], seed, steps, "fan-aware", variant[1], choice=True)
    if at is None:
        return
    game, seat = at
    _check_sample(game, seat, Position(game.view(seat)).sample(random.Random(sample_seed)))


def test_sample_gives_the_receiver_the_tiles_the_seat_passed() -> None:
    """换三张: the kinds the seat gave stay in their receiver's hand in every sample, unless let go."""
    checked = 0
    for seed in range(6):
        at = position_at("sichuan", seed, 6, "fan-aware", ("exchange=clockwise",), choice=True)
        assert at is not None
        game, seat = at
        view = game.view(seat)
        receiver = exchange_receiver("clockwise", seat)
        gave = view.public_state.gave
        assert len(gave) == 3
        for k in set(gave):
            if int(k) in view.discards[receiver]:
                continue
            for r in range(5):
                world = Position(view).sample(random.Random(r))
                assert world.counts[receiver][k] >= gave.count(k)
                checked += 1
    assert checked > 20


def test_playout_copy_leaves_the_game_and_its_state_untouched() -> None:
    at = position_at("血流", 0, 60, "fan-aware", ("exchange=dice", "declare_void=true"), choice=True)
    assert at is not None
    game, seat = at
    assert any(game.hand_state.wins) and game.hand_state.kongs  # wins and kong payments to copy
    world = Position(game.view(seat)).sample(random.Random(2))
    before = repr(world.hand_state), [c[:] for c in world.counts], list(world.wall), world.hand_deltas[:]
    copy = clone(world)
    assert copy.hand_state == world.hand_state and copy.hand_state is not world.hand_state
    playout(copy, seat)
    assert copy.phase == Phase.OVER
    after = repr(world.hand_state), [c[:] for c in world.counts], list(world.wall), world.hand_deltas
    assert after == before


def test_playout_policy_plays_to_a_suit_short() -> None:
    """Without 定缺 nothing forces a suit out: the playout policy judges by the seat's efficiency (the
    ruleset's ``playout_shanten``), so its discards keep the Sichuan shanten lowest, where the Chinese
    Official shanten would keep three suits (and pay 查花猪)."""
    differ = 0
    for seed in range(8):
        game = Game(find_ruleset("sichuan"), seed=seed)
        seat = game.to_act()[0]
        models = playout_models(game)
        assert all(isinstance(m, SichuanEfficiency) for m in models)
        model = models[seat]
        assert model is not None
        action = quick_action(game, seat, model)
        counts = game.counts[seat]
        after = []
        for k in range(27):
            if counts[k]:
                counts[k] -= 1
                after.append(model.shanten(counts, ()))
                counts[k] += 1
        assert action.tile is not None
        counts[action.tile] -= 1
        assert model.shanten(counts, ()) == min(after)
        counts[action.tile] += 1
        differ += quick_action(game, seat) != action
    assert differ > 0
    assert playout_models(Game(seed=1)) == (None,) * 4  # the Chinese Official playouts as they were


def test_same_seed_and_budget_same_decisions_and_it_searches() -> None:
    def events() -> tuple[list[dict[str, object]], int]:
        game = Game(find_ruleset("sichuan", ["declare_void=true"]), seed=4)
        bots = [SearchBot(seed=10 + s, playouts=6) if s % 2 == 0 else find_bot("fan-aware", seed=s)
                for s in range(4)]
        play_out(game, bots)
        return game.event_dicts(), sum(b.searched for b in bots if isinstance(b, SearchBot))

    first, searched = events()
    assert searched > 5  # decisions played out, not only its prior's
    assert events() == (first, searched)


@pytest.mark.soak
def test_sampler_keeps_every_view_of_many_hands() -> None:
    """Every decision with a choice in 8 hands of each variant: the sample shows the seat the same view."""
    checked = 0
    for rules, options in VARIANTS:
        for seed in range(8):
            game = Game(find_ruleset(rules, options), seed=seed)
            bots = [find_bot("fan-aware", seed=seed * 4 + s) for s in range(4)]
            while game.phase != Phase.OVER:
                seat = game.to_act()[0]
                view = game.view(seat)
                if view.phase in (Phase.TURN, Phase.CLAIM) and len(view.legal) > 1:
                    _check_sample(game, seat, Position(view).sample(random.Random(checked)))
                    checked += 1
                game.apply(seat, bots[seat].act(view))
    print(f"{checked} Sichuan positions sampled")
    assert checked > 1000


def test_prior_ranks_every_discard_best_first() -> None:
    """The search's candidates under Sichuan: the fan-aware bot's ranking is its efficiency bot's, every
    legal discard once, the lowest Sichuan shanten first."""
    from majiang.bots.common import efficiency_of, hand_counts, own_melds
    from majiang.bots.fan_aware import FanAwareBot

    checked = 0
    for seed in range(4):
        at = position_at("sichuan", seed, 30, "fan-aware", ("declare_void=true",), choice=True)
        if at is None or at[0].phase != Phase.TURN:
            continue
        game, seat = at
        view = game.view(seat)
        ranked = FanAwareBot(seed=0).ranked_discards(view)
        legal = {int(a.tile) for a in view.legal if a.kind.name == "DISCARD" and a.tile is not None}
        assert sorted(ranked) == sorted(legal)
        model, counts, melds = efficiency_of(view), hand_counts(view), own_melds(view)
        after = []
        for d in ranked:
            counts[d] -= 1
            after.append(model.shanten(counts, melds))
            counts[d] += 1
        assert after[0] == min(after)
        checked += 1
    assert checked >= 2

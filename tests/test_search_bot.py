"""The search bot: legal under every ruleset, reproducible, its sampler honest, its playouts on copies."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from majiang.bots import BOTS, Bot, find_bot, is_bot_name, play_out
from majiang.bots.common import seen_counts
from majiang.bots.position import Position, clone, supports
from majiang.bots.search import PLAYOUTS_PER_SECOND, SearchBot, playout
from majiang.errors import InvalidOptionError
from majiang.game import Game, Phase
from majiang.game.ruleset import BONUS_BASE, find_ruleset, ruleset_names
from search_positions import position_at


def test_registered() -> None:
    assert "search" in BOTS
    bot = find_bot("search", seed=1)
    assert isinstance(bot, SearchBot) and bot.playouts == PLAYOUTS_PER_SECOND
    assert find_bot("search:playouts=12", seed=1).playouts == 12  # type: ignore[attr-defined]
    assert find_bot("search", seed=1, budget=0.01).playouts == round(0.01 * PLAYOUTS_PER_SECOND)  # type: ignore[attr-defined]
    assert is_bot_name("search:playouts=12") and not is_bot_name("./search")


@pytest.mark.parametrize("name, message", [
    ("search:bogus=1", "unexpected keyword"),
    ("search:playouts", "key=value"),
    ("search:playouts=-1", "at least 0"),
    ("search:budget=0", "positive"),
    ("search:only=discard", "only is 'turn' or 'claim'"),
    ("search:policy=fast", "policy is 'quick', 'plan' or 'prior'"),
    ("search:depth=-1", "depth is a whole number"),
    ("search:loss=-2", "loss is a number"),
    ("search:loss=lots", "loss is a number"),
    ("search:claim_margin=x", "claim_margin is a number"),
    ("nobody", "unknown bot"),
])
def test_bad_options(name: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        find_bot(name, seed=0)


# Every run plays the built-in rulesets' hands with four search bots (test_bots_rulesets) and the botzone
# preset's beside fan-aware bots (test_same_seed_and_budget_same_decisions, below); these hands of them
# beside other bots are make soak's, the test modules' own rulesets' every run's.
@pytest.mark.parametrize("rules", [
    pytest.param(name, marks=pytest.mark.soak) if find_ruleset(name).__module__.startswith("majiang.")
    else name for name in [*ruleset_names(), "botzone"]])
def test_plays_a_hand_legally(rules: str) -> None:
    """Under every ruleset, beside other bots (the engine refuses an illegal action: IllegalActionError)."""
    game = Game(find_ruleset(rules), seed=3)
    bots = [SearchBot(seed=0, playouts=6), find_bot("fan-aware", seed=1), SearchBot(seed=2, playouts=6),
            find_bot("efficiency", seed=3)]
    assert play_out(game, bots) > 0
    assert game.result is not None


def _events(rules: str, seed: int, playouts: int) -> list[dict[str, object]]:
    game = Game(find_ruleset(rules), seed=seed)
    bots = [SearchBot(seed=10 + s, playouts=playouts) if s % 2 == 0 else find_bot("fan-aware", seed=s)
            for s in range(4)]
    play_out(game, bots)
    return game.event_dicts()


def test_same_seed_and_budget_same_decisions() -> None:
    first = _events("botzone", 5, 8)
    assert first == _events("botzone", 5, 8)


def test_searches_and_sometimes_overrules() -> None:
    """At this budget the search plays candidates out at most of its decisions (not only its prior)."""
    game = Game(find_ruleset("mcr"), seed=2)
    search = [SearchBot(seed=s, playouts=8) for s in range(2)]
    play_out(game, [search[0], find_bot("fan-aware", seed=1), search[1], find_bot("fan-aware", seed=3)])
    assert sum(b.searched for b in search) > 10


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(["mcr", "botzone"]), seed=st.integers(0, 10_000), steps=st.integers(0, 120),
       sample_seed=st.integers(0, 2**32))
def test_sampler_deals_only_unseen_copies(rules: str, seed: int, steps: int, sample_seed: int) -> None:
    at = position_at(rules, seed, steps)
    if at is None:
        return
    game, seat = at
    view = game.view(seat)
    seen = seen_counts(view)
    world = Position(view).sample(random.Random(sample_seed))
    # What the seat sees is the same in the sampled world.
    again = world.view(seat)
    assert (again.standing, again.melds, again.discards, again.flowers, again.wall_left) == (
        view.standing, view.melds, view.discards, view.flowers, view.wall_left)
    assert set(again.legal) == set(view.legal)
    # Every hidden place (others' hands and concealed kongs, the wall) holds only copies the seat has not
    # seen, no more than remain.
    hidden = [0] * 34
    for s in range(4):
        if s != seat:
            for k in range(34):
                hidden[k] += world.counts[s][k]
            for m in world.melds[s]:
                if m.is_concealed_kong:
                    hidden[m.tile] += 4
    bonus = 0
    for place in world.wall.undrawn():
        t = world.wall[place]
        if t >= BONUS_BASE:
            bonus += 1
        else:
            hidden[t] += 1
    assert all(hidden[k] == 4 - seen[k] for k in range(34))
    assert bonus == sum(1 for t in game.rules.wall_tiles() if t >= BONUS_BASE) - sum(view.flowers)
    # Every seat has as many tiles and as much wall as in the real game.
    for s in range(4):
        assert sum(world.counts[s]) == sum(game.counts[s])
        assert world.wall.left(s) == game.wall.left(s)


def _state(game: Game) -> tuple[object, ...]:
    return (game.phase, game.current, game.drawn, [c[:] for c in game.counts], [m[:] for m in game.melds],
            [d[:] for d in game.discards], list(game.wall), game.wall.left(0), len(game.events),
            game.hand_deltas[:], game.totals[:], game.waits[:])


@pytest.mark.parametrize("rules", ["mcr", "botzone"])
def test_playout_copy_leaves_the_game_untouched(rules: str) -> None:
    at = position_at(rules, 7, 40)
    assert at is not None
    game, seat = at
    before = _state(game)
    copy = clone(game)
    playout(copy, seat)
    assert copy.phase == Phase.OVER
    assert _state(game) == before
    world = Position(game.view(seat)).sample(random.Random(1))
    playout(clone(world), seat)
    assert _state(game) == before
    SearchBot(seed=1, playouts=6).act(game.view(seat))
    assert _state(game) == before


def test_position_refuses_what_it_cannot_build() -> None:
    assert supports(find_ruleset("riichi")) and supports(find_ruleset("botzone"))
    assert all(supports(find_ruleset(name)) for name in ("sichuan", "chengdu", "changsha", "changchun",
                                                        "yangzhou"))
    house = find_ruleset("mcr", ["house_fans=true"])
    assert not supports(house)
    with pytest.raises(InvalidOptionError, match="no game of ruleset 'mcr' is rebuilt"):
        Position(Game(house, seed=1).view(0))
    game = Game(seed=1)
    assert game.to_act() == [0]
    with pytest.raises(InvalidOptionError, match="seat 1 is not asked"):
        Position(game.view(1))


def test_seated_by_name_with_options() -> None:
    """The arena, the Botzone seats and the CLI take a bot's options after its name."""
    from typer.testing import CliRunner

    from majiang.cli import app
    from majiang.interop.external import make_seat, parse_seat

    assert parse_seat("search:playouts=4").bot == "search:playouts=4"
    seat = make_seat("search:playouts=4", seed=1)
    assert isinstance(seat, SearchBot) and seat.playouts == 4
    result = CliRunner().invoke(app, ["arena", "--bots", "search:playouts=x=1,fan-aware", "--deals", "1"])
    assert result.exit_code != 0 and "search" in result.output
    result = CliRunner().invoke(app, ["arena", "--bots", "search:top=0,fan-aware", "--deals", "1"])
    assert result.exit_code != 0 and "top is a whole number" in result.output


def test_same_seed_and_budget_same_decisions_with_plans_and_cut_offs() -> None:
    views = [at[0].view(at[1]) for at in (position_at("mcr", 6, n) for n in (20, 45, 70)) if at is not None]
    assert views

    def decide() -> list[object]:
        bot = find_bot("search:playouts=6:policy=plan:depth=2", seed=10)
        return [bot.act(v) for v in views]

    assert decide() == decide()


def test_without_playouts_it_is_its_prior() -> None:
    """With no playouts and the fan-aware bot's own loss the search bot plays as the fan-aware bot; its
    default prior (``PRIOR_LOSS``) plays otherwise."""
    def events(first: str) -> list[dict[str, object]]:
        game = Game(find_ruleset("botzone"), seed=8)
        play_out(game, [find_bot(first if s == 0 else "fan-aware", seed=s) for s in range(4)])
        return game.event_dicts()

    assert events("search:playouts=0:loss=22") == events("fan-aware")
    assert events("search:playouts=0") != events("fan-aware")


def test_only_searches_one_kind_of_decision() -> None:
    game = Game(find_ruleset("mcr"), seed=2)
    bots = [SearchBot(seed=s, playouts=2, only="claim") if s % 2 == 0 else find_bot("fan-aware", seed=s)
            for s in range(4)]
    searchers = [b for b in bots if isinstance(b, SearchBot)]
    for b in searchers:
        b.trace = []
    play_out(game, bots)
    traced = [t for b in searchers for t in (b.trace or [])]
    assert traced and all(view.phase == Phase.CLAIM for view, _, _, _ in traced)


def test_plan_chosen_and_followed() -> None:
    """A hand of one suit plans 清一色 and lets the other tiles go first; a hand near 花龙 plans it."""
    from majiang.analysis.decompose import counts_of
    from majiang.bots.fan_aware import FanAwareBot, _Situation
    from majiang.bots.plans import PlanPolicy, choose_plan
    from majiang.notation import parse_tiles

    situation = _Situation(Game(seed=1).view(0))
    prior = FanAwareBot(0)
    flush = counts_of(parse_tiles("1235789m1359m1pE"))
    plan = choose_plan(prior, situation, flush, ())
    assert plan is not None and plan.name == "清一色 m"
    flush[31] += 1  # a drawn red dragon
    assert PlanPolicy(0, plan)._discard(flush, ()) >= 9  # never a character while others are held
    dragon = counts_of(parse_tiles("123m456p789s11sEWN"))
    plan = choose_plan(prior, situation, dragon, ())
    assert plan is not None and plan.name.startswith("花龙")
    assert PlanPolicy(0, plan)._discard(dragon, ()) >= 27  # an honor: the 花龙 and the pair stay
    # A plain hand with nothing to aim at but its small fans has no plan (the fast policy plays it).
    assert choose_plan(prior, situation, counts_of(parse_tiles("123m456m11p456p78s")), ()) is None


@pytest.mark.parametrize("variant", ["policy=plan", "depth=2", "policy=plan:depth=1"])
def test_variants_leave_the_game_untouched(variant: str) -> None:
    at = position_at("botzone", 7, 40)
    assert at is not None
    game, seat = at
    before = _state(game)
    bot = find_bot(f"search:playouts=6:{variant}", seed=1)
    assert bot.act(game.view(seat)) in game.legal_actions(seat)
    assert _state(game) == before


def test_cut_off_value_counts_what_the_playout_showed() -> None:
    """A leaf's hand waits on a tile whose other copies it melded in the playout: the decision's reading
    of the table does not know them, the leaf must (it once scored five copies of 5s and raised)."""
    from majiang.analysis.decompose import counts_of
    from majiang.bots.fan_aware import FanAwareBot, _Situation
    from majiang.bots.plans import Leaf
    from majiang.meld import Meld
    from majiang.notation import parse_tiles
    from majiang.seats import RelativeSeat
    from majiang.tiles import ALL_TILES

    game = Game(seed=1)
    root = _Situation(game.view(0))
    game.counts[0] = counts_of(parse_tiles("123m456m789m5sE"))
    game.melds[0] = [Meld.pung(ALL_TILES[22], RelativeSeat.LEFT)]  # 5s
    game.drawn = 27
    game._legal = {}
    value = Leaf(FanAwareBot(0), root, 0)(game)  # no wait on a fifth 5s is scored
    assert 0.0 <= value < 100.0


# -- riichi -----------------------------------------------------------------------------------------------


def _riichi_position(seed: int, steps: int) -> tuple[Game, int] | None:
    """A riichi hand played ``steps`` actions by the defense bot (riichi declarations, calls and folds
    happen): the seat to act, if at a turn or a claim with a choice."""
    found = position_at("riichi", seed, steps, bot="defense")
    if found is None:
        return None
    game, seat = found
    return (game, seat) if len(game.legal_actions(seat)) > 1 else None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 160), sample_seed=st.integers(0, 2**32))
# A riichi seat's sampled hand was left not ready where no random draw of four sets from the tiles it could
# hold succeeded (three sets and a two-tile wait, or seven pairs, were there).
@example(seed=3588, steps=67, sample_seed=15327)
@example(seed=64, steps=84, sample_seed=1)
def test_riichi_sampler_keeps_the_view_and_deals_only_unseen_copies(seed: int, steps: int,
                                                                   sample_seed: int) -> None:
    from majiang.rules.riichi.state import RiichiState

    at = _riichi_position(seed, steps)
    if at is None:
        return
    game, seat = at
    view = game.view(seat)
    world = Position(view).sample(random.Random(sample_seed))
    again = world.view(seat)
    # The seat's whole view is the same, its ruleset's state (riichi, sticks, rivers, indicators, furiten,
    # red fives shown) and its legal actions included.
    assert (again.standing, again.drawn, again.melds, again.discards, again.wall_left, again.totals,
            again.public_state) == (view.standing, view.drawn, view.melds, view.discards, view.wall_left,
                                    view.totals, view.public_state)
    assert set(again.legal) == set(view.legal)
    real: RiichiState = game.hand_state
    st_: RiichiState = world.hand_state
    assert (st_.riichi, st_.rivers, st_.sticks, st_.honba, st_.indicators, st_.kongs, st_.declaring) == (
        real.riichi, real.rivers, real.sticks, real.honba, real.indicators, real.kongs, real.declaring)
    # The hidden places (others' hands, the live and dead wall less the indicators shown) hold only copies
    # the seat has not seen, no more than remain; the indicators lie where the real ones do.
    seen = seen_counts(view)
    for t in real.indicators:
        seen[t] += 1
    hidden = [0] * 34
    for s in range(4):
        if s != seat:
            for k in range(34):
                hidden[k] += world.counts[s][k]
            for m in world.melds[s]:
                if m.is_concealed_kong:
                    hidden[m.tile] += 4
    places = set(world.wall.undrawn())
    size = len(world.wall)
    shown = {size - 6 - 2 * k for k in range(len(real.indicators))}
    assert {world.wall[p] for p in shown} <= set(real.indicators)
    assert [world.wall[p] for p in sorted(shown, reverse=True)] == real.indicators
    for p in places - shown:
        hidden[world.wall[p]] += 1
    assert hidden == [4 - seen[k] for k in range(34)]
    assert places == set(game.wall.undrawn())
    # Red fives: three in all, each where a five is (hands, melds, discards, the wall).
    red = sum(map(sum, st_.red_hand)) + sum(st_.red_melds) + sum(map(len, st_.red_discards)) + len(st_.red_at)
    if not any(view.hidden_kongs):
        assert red == 3
    assert all(world.wall[p] in (4, 13, 22) for p in st_.red_at)
    assert all(st_.red_hand[s][suit] <= world.counts[s][five] for s in range(4)
               for suit, five in enumerate((4, 13, 22)))
    # Another seat in riichi is ready in the sample, as its riichi says; furiten where its waits include
    # a tile let go since.
    for s in range(4):
        if s != seat and st_.riichi[s]:
            assert world.waits[s]
            if world.waits[s] & set(st_.since_riichi[s]):
                assert st_.riichi_furiten[s]


def test_riichi_playout_copy_leaves_the_game_and_its_state_untouched() -> None:
    at = _riichi_position(2, 62)
    assert at is not None
    game, seat = at
    assert any(game.hand_state.riichi)  # a seat in riichi: its stick, ippatsu and furiten are copied
    world = Position(game.view(seat)).sample(random.Random(2))
    before = _state(world), repr(world.hand_state)
    copy = clone(world)
    assert copy.hand_state == world.hand_state and copy.hand_state is not world.hand_state
    playout(copy, seat)
    assert copy.phase == Phase.OVER
    assert (_state(world), repr(world.hand_state)) == before


def test_riichi_search_is_reproducible_and_plays_out_riichi() -> None:
    """Same seed and budget, same decisions; its candidates include riichi declarations (the defense
    bot's prior chooses some: it declares when ready) and it sometimes overrules the prior."""
    def run() -> tuple[list[dict[str, object]], list[SearchBot]]:
        events: list[dict[str, object]] = []
        searchers = []
        for seed in (15, 16):
            game = Game(find_ruleset("riichi"), seed=seed)
            bots = [SearchBot(seed=10 + s, playouts=4) if s % 2 == 0 else find_bot("defense", seed=s)
                    for s in range(4)]
            for b in bots:
                if isinstance(b, SearchBot):
                    b.trace = []
                    searchers.append(b)
            play_out(game, bots)
            events += game.event_dicts()
        return events, searchers

    first, searchers = run()
    again, _ = run()
    assert first == again
    traced = [t for b in searchers for t in (b.trace or [])]
    assert sum(b.searched for b in searchers) == len(traced) > 10
    assert any(a.kind.name == "RIICHI" for _, candidates, _, _ in traced for a in candidates)
    assert any(pick for _, _, _, pick in traced)


def test_prior_playout_policy_is_reproducible_and_leaves_the_game_untouched() -> None:
    """``policy=prior``: the searching seat plays its prior (riichi's defense bot) in its playouts."""
    views = []
    games = []
    for seed, steps in ((2, 62), (5, 34)):
        at = _riichi_position(seed, steps)
        assert at is not None
        games.append(at[0])
        views.append(at[0].view(at[1]))
    game = games[-1]
    before = _state(game)

    def decide() -> list[object]:
        bot = find_bot("search:playouts=6:policy=prior", seed=3)
        return [bot.act(v) for v in views]

    first = decide()
    assert first == decide() and all(a in v.legal for a, v in zip(first, views, strict=True))
    assert _state(game) == before


def test_quick_policy_declares_riichi_where_offered() -> None:
    from majiang.actions import ActionKind
    from majiang.bots.quick import quick_action

    for seed in range(30):
        game = Game(find_ruleset("riichi"), seed=seed)
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            action = quick_action(game, seat)
            kinds = {a.kind for a in legal}
            if ActionKind.RIICHI in kinds and ActionKind.WIN not in kinds:
                assert action.kind == ActionKind.RIICHI
                return
            game.apply(seat, action)
    raise AssertionError("no riichi offered in 30 hands")


def test_defense_ranking_heads_with_its_choice_under_threat() -> None:
    """The defense bot's ranking (the search's candidates) starts with the discard it plays when a seat
    threatens (no random tie-break then)."""
    from majiang.bots.danger import read_table
    from majiang.bots.defense import DefenseBot

    checked = 0
    for seed in range(6):
        game = Game(find_ruleset("riichi"), seed=seed)
        bots = [DefenseBot(seed=s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            action = bots[seat].act(view)
            if view.phase == Phase.TURN and bots[seat].threatened(view, read_table(view)) \
                    and action.kind.name in ("DISCARD", "RIICHI") and len(view.legal) > 1:
                assert bots[seat].ranked_discards(view)[0] == action.tile
                checked += 1
            game.apply(seat, action)
    assert checked > 10


@pytest.mark.soak
def test_riichi_sampler_keeps_every_view_of_many_hands() -> None:
    """Every decision with a choice in 40 hands of the defense bot: the sampled world shows the seat the
    same view, its ruleset's state and legal actions included (a few thousand positions)."""
    checked = 0
    for seed in range(40):
        game = Game(find_ruleset("riichi"), seed=seed)
        bots = [find_bot("defense", seed=seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            if view.phase in (Phase.TURN, Phase.CLAIM) and len(view.legal) > 1:
                again = Position(view).sample(random.Random(checked)).view(seat)
                assert (again.standing, again.melds, again.discards, again.wall_left, again.public_state,
                        set(again.legal)) == (view.standing, view.melds, view.discards, view.wall_left,
                                              view.public_state, set(view.legal)), (seed, checked)
                checked += 1
            game.apply(seat, bots[seat].act(view))
    print(f"{checked} riichi positions sampled")
    assert checked > 1000


def test_riichi_ippatsu_read_from_the_view() -> None:
    """A seat that has just declared riichi, its tile let go: ippatsu is on in the sample as in the game
    (it stays on until its next discard or a call)."""
    from majiang.rules.riichi.state import RiichiState

    found = 0
    for seed in range(12):
        game = Game(find_ruleset("riichi"), seed=seed)
        bots = [find_bot("defense", seed=seed * 4 + s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            st: RiichiState = game.hand_state
            if game.phase == Phase.TURN and any(st.ippatsu[s] for s in range(4) if s != seat) \
                    and len(game.legal_actions(seat)) > 1:
                world = Position(game.view(seat)).sample(random.Random(seed))
                sampled: RiichiState = world.hand_state
                assert [sampled.ippatsu[s] for s in range(4) if s != seat] == [
                    st.ippatsu[s] for s in range(4) if s != seat]
                found += 1
            game.apply(seat, bots[seat].act(game.view(seat)))
    assert found > 5


def test_riichi_playout_policy_folds_with_tiles_a_riichi_seat_cannot_win_on() -> None:
    """At every turn of defense-bot hands where another seat is in riichi: each kind ``playout_safe`` names
    is one no riichi seat may win on (discarded on a copy, no riichi seat is offered a win), and the playout
    policy lets one go when it holds one and its speed pick would not leave the hand ready."""
    checked = folded = 0
    for seed in range(1, 9):
        game = Game(find_ruleset("riichi"), seed=seed)
        bots = [find_bot("defense", seed=seed * 4 + s) for s in range(4)]
        checked, folded = _check_folds(game, bots, checked, folded)
    # Not every hand has a riichi: the assertion keeps the seeds honest.
    assert checked > 10 and folded > 3


def _check_folds(game: Game, bots: list[Bot], checked: int, folded: int) -> tuple[int, int]:
    import copy

    from majiang.analysis.shanten import shanten_counts
    from majiang.bots.quick import quick_action

    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        st = game.hand_state
        others = [o for o in range(4) if o != seat and st.riichi[o]]
        safe = game.rules.playout_safe(game, seat)
        assert (safe is None) == (not others)
        if game.phase == Phase.TURN and others and not st.riichi[seat] and safe is not None:
            legal = game.legal_actions(seat)
            held = [k for k in sorted(safe) if game.counts[seat][k]
                    and any(a.kind.name == "DISCARD" and a.tile == k for a in legal)]
            for k in held:
                trial = copy.deepcopy(game)
                trial.apply(seat, next(a for a in legal if a.kind.name == "DISCARD" and a.tile == k))
                # Asked about the discard, no riichi seat may win on it (past the claims, the next seat
                # has drawn: a win then is a self-draw).
                if trial.phase == Phase.CLAIM:
                    for o in others:
                        assert not any(a.kind.name == "WIN" for a in trial.legal_actions(o)), (k, o)
            action = quick_action(game, seat)
            counts = list(game.counts[seat])
            if action.kind.name in ("DISCARD", "RIICHI") and action.tile is not None:
                counts[action.tile] -= 1
                if held and shanten_counts(counts, len(game.melds[seat])) > 0:
                    assert action.tile in safe
                    folded += 1
            checked += 1
        game.apply(seat, bots[seat].act(game.view(seat)))
    return checked, folded


@pytest.mark.parametrize(("rules", "module"), [("riichi", "riichi"), ("changchun", "changchun")])
def test_samples_deal_the_others_hands_closer_to_ready_as_they_discard(
        rules: str, module: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each other seat not declared ready (riichi, 上听) gets a hand at most ``SHAPE_START`` less a step per
    ``SHAPE_PACE`` of its discards from ready (a complete hand drawn, less that many tiles and one, plus as
    many at random); uniform deals (``SHAPED`` off) leave far more of them beyond it."""
    import importlib

    from majiang.analysis.shanten import shanten_counts
    from majiang.rules import sampling

    rebuild = importlib.import_module(f"majiang.rules.{module}.rebuild")

    def within(shaped: bool) -> tuple[int, int]:
        monkeypatch.setattr(rebuild, "SHAPED", shaped)
        met = total = 0
        for seed in range(10):
            for steps in (30, 50, 70, 90, 110):
                at = position_at(rules, seed, steps, bot="defense" if rules == "riichi" else "efficiency")
                if at is None:
                    continue
                game, seat = at
                world = Position(game.view(seat)).sample(random.Random(seed))
                declared = getattr(world.hand_state, "riichi" if rules == "riichi" else "ready")
                for o in range(4):
                    melds = len(world.melds[o])
                    if o == seat or declared[o] or sum(world.counts[o]) != 13 - 3 * melds:
                        continue
                    bound = max(0, sampling.SHAPE_START - len(world.discards[o]) // sampling.SHAPE_PACE)
                    total += 1
                    met += shanten_counts(world.counts[o], melds) <= bound
        return met, total

    met, total = within(True)
    assert total > 20 and met == total
    uniform, total_ = within(False)
    assert total_ == total and uniform < 0.8 * total


def test_riichi_samples_shape_a_hand_of_four_melds() -> None:
    """A seat with four melds holds one tile: shaped, it keeps one (a complete hand of a pair, less a tile),
    where asking more steps of it than it holds tiles once failed."""
    at = position_at("riichi", 273, 28, bot="efficiency")
    assert at is not None
    game, seat = at
    four = [o for o in range(4) if o != seat and len(game.melds[o]) == 4]
    assert four
    for rng_seed in range(8):
        world = Position(game.view(seat)).sample(random.Random(rng_seed))
        assert [sum(world.counts[o]) for o in range(4)] == [sum(game.counts[o]) for o in range(4)]


def test_under_riichi_the_default_search_plays_as_its_prior_and_given_playouts_it_searches() -> None:
    """Riichi's ``search_plays_out`` is False (its playouts measured weaker than its prior): the default
    search bot then makes its prior's every move without playing out; given playouts or a budget it
    searches."""
    rules = find_ruleset("riichi")
    assert not rules.search_plays_out and find_ruleset("mcr").search_plays_out
    game = Game(rules, seed=21)
    default = SearchBot(seed=5)
    prior = find_bot(rules.coach_bot, seed=5)
    given = [SearchBot(seed=5, playouts=4), SearchBot(seed=5, budget=0.01)]
    others = [find_bot("defense", seed=s) for s in range(4)]
    moves = 0
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        view = game.view(seat)
        if seat == 0 and len(view.legal) > 1:
            assert default.act(view) == prior.act(view)
            for bot in given:
                bot.act(view)
            moves += 1
        game.apply(seat, others[seat].act(view))
    assert moves > 5 and default.searched == 0 and default.playouts_for(view) == 0
    assert all(bot.searched > 0 for bot in given)

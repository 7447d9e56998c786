"""The PettingZoo environment, the Gymnasium wrapper and the vector form: API contracts, masks against
the engine's legal actions, the incremental observation against one built from the view, hidden
information, seeded resets, vector against single tables, a Sichuan episode."""

from __future__ import annotations

import copy
import dataclasses
import os
import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import toy_ruleset
from conformance import variants
from majiang.actions import Action, ActionKind
from majiang.bots.efficiency import EfficiencyBot
from majiang.env import (
    ACTION_COUNT,
    OBS_SHAPE,
    SingleAgentEnv,
    TableEncoder,
    VectorEnv,
    action_index,
    action_of,
    encode_view,
    mahjong_v0,
    mask_of,
)
from majiang.env import observation as ob
from majiang.env.actions import DECLARED, kind_of
from majiang.env.registration import BUILTIN_RULESETS, env_id
from majiang.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from majiang.game import Game, Phase, events, find_ruleset
from majiang.game.ruleset import ruleset_names
from majiang.meld import Meld
from majiang.tiles import ALL_TILES, WINDS, Tile

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

SICHUAN = find_ruleset("sichuan", ["exchange=clockwise"])
assert "toy" in ruleset_names(), toy_ruleset.__name__
VARIANTS = [(name, options) for name in ruleset_names() for options in variants(name)]
VARIANT_IDS = [f"{name}-{i}" for i, (name, _) in enumerate(VARIANTS)]
"""Every registered ruleset (the test-only toy one too) with each option set its conformance suite plays."""
SOAK_HANDS = int(os.environ.get("MAJIANG_ENV_HANDS", "3"))


def play(env: Any, seed: int, rng_seed: int) -> list[Any]:
    """Masked random play of one hand; the trace of (agent, observation, mask, action, rewards)."""
    env.reset(seed=seed)
    rng = random.Random(rng_seed)
    trace: list[Any] = []
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        trace.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), action, reward))
        env.step(action)
    return trace


def test_action_indices_round_trip() -> None:
    assert ACTION_COUNT == 953 and DECLARED == 673
    for i in range(DECLARED):
        assert action_index(action_of(i)) == i


def test_declared_actions_index_by_their_ruleset() -> None:
    """A ruleset's own actions take the declared range in the order it declares them (the toy: three)."""
    toy = find_ruleset("toy")
    take, lay = toy_ruleset.TAKE_LAST.action(), toy_ruleset.LAY_ONES.action()
    assert action_index(take, toy) == DECLARED and action_of(DECLARED, toy) == take
    assert action_index(lay, toy) == DECLARED + 35 and action_of(DECLARED + 35, toy) == lay
    for index in (DECLARED + 1, DECLARED + 36, DECLARED + 106, ACTION_COUNT - 1):
        with pytest.raises(InvalidActionError, match="declares no such action"):
            action_of(index, toy)
    with pytest.raises(InvalidActionError, match="no ruleset given"):
        action_of(DECLARED)
    with pytest.raises(InvalidActionError, match="no ruleset given"):
        action_index(take)
    with pytest.raises(InvalidActionError, match="declares none"):
        action_index(take, find_ruleset("mcr"))


@pytest.mark.parametrize(("action", "index"), [
    ("discard 1m", 0), ("discard C", 33), ("chow 7s", 34 + 24), ("pung", 68), ("kong", 69),
    ("concealed-kong E", 70 + 27), ("added-kong 9p", 104 + 17), ("win", 138), ("pass", 139),
    ("void p", 141), ("exchange 1m1m1m", 143), ("exchange 9s9s9s", 637), ("exchange 1p2p3p", 143 + 165 + 10),
    ("riichi 1m", 638), ("riichi C", 671), ("abort", 672),
])
def test_action_layout(action: str, index: int) -> None:
    assert action_index(Action.parse(action)) == index


def test_every_action_kind_has_indices() -> None:
    assert {kind_of(i) for i in range(ACTION_COUNT)} == set(ActionKind)


def test_riichi_declarations_are_in_the_space() -> None:
    # Random play rarely reaches a ready closed hand; the efficiency bot declares riichi when it can.
    rules = find_ruleset("riichi")
    declared = 0
    for seed in range(6):
        game = Game(rules, seed=seed)
        bot = EfficiencyBot(seed=seed)
        while game.result is None:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            assert [action_of(action_index(a)) for a in legal] == legal
            choice = bot.act(game.view(seat))
            declared += choice.kind == ActionKind.RIICHI
            game.apply(seat, choice)
    assert declared > 0


def test_out_of_space_errors() -> None:
    with pytest.raises(InvalidActionError, match="outside"):
        action_of(ACTION_COUNT)
    with pytest.raises(InvalidActionError, match="no index"):
        action_index(Action(ActionKind.EXCHANGE, None, (Tile.M1, Tile.P1, Tile.S1)))


@pytest.mark.parametrize("rules", [None, SICHUAN])
def test_pettingzoo_api(rules: Any) -> None:
    api_test(mahjong_v0.env(rules), num_cycles=200)


def check_hand(rules: str, options: dict[str, Any], seed: int) -> int:
    """Random masked play of one hand, checking every seat at every step; the number of steps."""
    env = mahjong_v0.raw_env(rules, options=options)
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        game = env.game
        for seat, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            view = game.view(seat)
            # The mask is the engine's legal actions, nothing more.
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == \
                {action_index(a, game.rules) for a in game.legal_actions(seat)}
            assert np.array_equal(obs["action_mask"], mask_of(view.legal, view.rules))
            # The incremental encoding equals one built from scratch from this seat's view.
            assert obs["observation"].shape == OBS_SHAPE
            assert np.array_equal(obs["observation"], encode_view(view)), (rules, options, seed, steps, seat)
        if not game.to_act():
            break
        assert env.possible_agents.index(env.agent_selection) == game.to_act()[0]
        env.step(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()))
        steps += 1
    assert all(env.terminations.values())
    assert [env.rewards[a] for a in env.possible_agents] == [float(d) for d in env.game.hand_deltas]
    return steps


@pytest.mark.parametrize(("rules", "options"), VARIANTS, ids=VARIANT_IDS)
def test_incremental_observation_equals_the_view(rules: str, options: dict[str, Any]) -> None:
    assert check_hand(rules, options, seed=len(options) + 1) > 4


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "options"), VARIANTS, ids=VARIANT_IDS)
def test_incremental_observation_soak(rules: str, options: dict[str, Any]) -> None:
    for seed in range(100, 100 + SOAK_HANDS):
        check_hand(rules, options, seed)


def test_observation_rows() -> None:
    # Sichuan with both opening phases: exchange indices at first, then voids, then the voids shown.
    env = mahjong_v0.raw_env("sichuan", options=["exchange=clockwise", "declare_void=true"], dealer=0,
                             round_wind="E")
    env.reset(seed=5)
    mask = env.observe("player_0")["action_mask"]
    assert set(np.flatnonzero(mask)) <= set(range(143, 638)) and mask.sum() > 1
    for agent in env.possible_agents:
        options = np.flatnonzero(env.observe(agent)["action_mask"])
        env.step(int(options[0]))
    assert set(np.flatnonzero(env.observe("player_0")["action_mask"])) == {140, 141, 142}
    for k in range(4):
        env.step(140 + (k % 3))  # seat k declares suit k % 3 void
    obs = env.observe("player_1")["observation"]
    # Seen from seat 1: itself (relative 0) declared p, seat 2 (relative 1) s, seat 3 m, seat 0 m.
    voids = obs[ob.INFO:ob.INFO + 4, ob.I_VOID:ob.I_VOID + 3]
    assert voids.tolist() == [[0, 1, 0], [0, 0, 1], [1, 0, 0], [1, 0, 0]]
    assert obs[ob.GLOBAL, ob.G_EXCHANGE:ob.G_EXCHANGE + 3].tolist() == [1, 0, 0]  # clockwise
    assert obs[ob.GLOBAL, :5].tolist() == [1, 0, 0, 0, 0]  # the dealer's turn
    assert obs[ob.INFO + 3, ob.I_DEALER] == 1 and obs[ob.INFO + 3, ob.I_TURN] == 1  # seat 0 is 上家
    assert obs[ob.SEAT_WIND, Tile.SOUTH] == 1 and obs[ob.ROUND_WIND, Tile.EAST] == 1
    # The dealer's fourteen tiles, one of them the drawn tile.
    dealer = env.observe("player_0")["observation"]
    assert dealer[ob.HAND].sum() == 14 and dealer[ob.DRAWN].sum() == 1
    assert obs[ob.HAND].sum() == 13 and obs[ob.DRAWN].sum() == 0
    assert dealer[ob.HAND].tolist() == env.game.counts[0]


def test_discard_order_rows() -> None:
    env = mahjong_v0.raw_env()
    env.reset(seed=3)
    rng = random.Random(3)
    while len(env.game.discards[1]) < 6 and env.game.to_act():
        env.step(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()))
    river = env.game.discards[1]
    obs = env.observe("player_0")["observation"]
    latest = [int(np.flatnonzero(obs[ob.ORDER + 4 + j])[0]) for j in range(ob.RECENT)]
    assert latest == [int(t) for t in reversed(river[-ob.RECENT:])]
    assert obs[ob.INFO + 1, ob.I_RIVER] == len(river)


def redeal_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` where everything ``seat`` may not see is dealt again: the other seats'
    concealed tiles and the wall shuffled together, their draws and concealed kongs changed."""
    other = copy.deepcopy(game)
    others = [s for s in range(4) if s != seat]
    pool = [t for s in others for t in range(34) for _ in range(other.counts[s][t])]
    pool += [t for t in other.wall[other.wall.front:other.wall.back] if t < 34]
    rng.shuffle(pool)
    for s in others:
        n = sum(other.counts[s])
        other.counts[s] = [0] * 34
        for t in pool[:n]:
            other.counts[s][t] += 1
        del pool[:n]
        other.melds[s] = [Meld.kong(ALL_TILES[rng.randrange(34)]) if m.is_concealed_kong else m
                          for m in other.melds[s]]
    for i in range(other.wall.front, other.wall.back):
        if other.wall[i] < 34:
            other.wall[i] = pool.pop()
    for i, e in enumerate(other.events):
        if isinstance(e, events.Draw | events.Kong) and e.seat != seat and \
                (isinstance(e, events.Draw) or e.how == "concealed"):
            other.events[i] = dataclasses.replace(e, tile=rng.randrange(34))
        elif isinstance(e, events.Start):
            other.events[i] = dataclasses.replace(e, ring=rng.sample(e.ring, len(e.ring)))
    return other


@pytest.mark.parametrize(("rules", "seed", "kongs"), [
    ("mcr", 1, True), ("sichuan", 4, True), ("riichi", 1, False), ("changchun", 1, False)])
def test_hidden_information_does_not_reach_the_observation(rules: str, seed: int, kongs: bool) -> None:
    """(Riichi and Changchun: their table rows too, dora and the 宝牌; random play makes no concealed kong
    there.)"""
    env = mahjong_v0.raw_env(rules, dealer=0)
    env.reset(seed=seed)
    rng, shuffler = random.Random(seed), random.Random(-seed)
    changed = with_kong = 0
    step = 0
    while env.game.to_act():
        if step % 6 == 0:
            with_kong += any(m.is_concealed_kong for melds in env.game.melds for m in melds)
            for seat in range(4):
                other = redeal_hidden(env.game, seat, shuffler)
                changed += other.counts != env.game.counts
                fresh = TableEncoder()
                fresh.reset(other)
                obs, mask = fresh.observe(seat)
                expected = env.observe(env.possible_agents[seat])
                assert np.array_equal(obs, expected["observation"]), (step, seat)
                assert np.array_equal(mask, expected["action_mask"])
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()
        hide = [i for i in legal if kind_of(i) == ActionKind.CONCEALED_KONG]
        env.step(hide[0] if hide else rng.choice(legal))  # concealed kongs, to hide them
        step += 1
    assert changed > 10  # the re-deals did change what the other seats hold
    assert with_kong or not kongs  # ... and a concealed kong was on the table at some of the checks


def test_seeded_resets_reproduce() -> None:
    first = play(mahjong_v0.env(), seed=11, rng_seed=5)
    assert play(mahjong_v0.env(), seed=11, rng_seed=5) == first
    env = mahjong_v0.env()
    play(env, seed=99, rng_seed=1)
    assert play(env, seed=11, rng_seed=5) == first  # a reset with a seed forgets the past hand
    assert play(mahjong_v0.env(), seed=12, rng_seed=5) != first


def test_episode_rewards_at_the_end_only() -> None:
    trace = play(mahjong_v0.env(SICHUAN), seed=7, rng_seed=7)
    live = [r for (_, _, _, action, r) in trace if action is not None]
    assert set(live) == {0.0}
    dead = [(agent, action) for (agent, _, _, action, _) in trace if action is None]
    assert sorted(a for a, _ in dead) == [f"player_{s}" for s in range(4)]


def test_illegal_index_raises_and_changes_nothing() -> None:
    env = mahjong_v0.raw_env()
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    events = len(env.game.events)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="must act"):
        env.step(None)
    for bad in (ACTION_COUNT, -1, 2.0, True, "3"):
        with pytest.raises(InvalidActionError, match="integer index"):
            env.step(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="integer index"):
        SingleAgentEnv(bot="random").step(1.5)  # type: ignore[arg-type]
    assert len(env.game.events) == events


def test_gymnasium_checker_passes_with_the_defaults() -> None:
    # The checker steps with unmasked samples: by default an illegal index ends the episode with -1.
    check_env(SingleAgentEnv())
    check_env(SingleAgentEnv(bot="random", illegal_reward=-10.0), skip_render_check=True)


@pytest.mark.parametrize("rules", ["mcr", "riichi"])
def test_pettingzoo_checkers_pass_with_the_defaults(rules: str) -> None:
    api_test(mahjong_v0.env(rules), num_cycles=100)
    seed_test(lambda: mahjong_v0.env(rules), num_cycles=50)


def test_gymnasium_illegal_index() -> None:
    env = SingleAgentEnv(bot="random", illegal_reward=None)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    for env, penalty in ((SingleAgentEnv(bot="random"), -1.0),
                         (SingleAgentEnv(bot="random", illegal_reward=-10.0), -10.0)):
        obs, info = env.reset(seed=1)
        events = len(env.table.game.events)
        after, reward, terminated, truncated, info = env.step(illegal)
        assert (reward, terminated, truncated) == (penalty, True, False)
        assert info == {"illegal": True, "seat": env.seat}
        assert np.array_equal(after["observation"], obs["observation"])
        assert len(env.table.game.events) == events  # the table did not move


def test_action_masks_for_maskable_learners() -> None:
    """``action_masks()`` (what sb3-contrib's MaskablePPO calls) is the observation's mask as bools, on the
    Gymnasium env, through ``gymnasium.make``'s wrappers, and on the vector env."""
    env = SingleAgentEnv(bot="random")
    obs, _ = env.reset(seed=2)
    rng = random.Random(2)
    done = False
    while not done:
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and np.array_equal(masks, obs["action_mask"].astype(bool))
        obs, _, done, _, _ = env.step(rng.choice(np.flatnonzero(masks).tolist()))
    made = gymnasium.make("majiang/Mahjong-v0", bot="random")
    obs, _ = made.reset(seed=2)
    assert np.array_equal(made.get_wrapper_attr("action_masks")(), obs["action_mask"].astype(bool))
    venv = VectorEnv(3, bot="random")
    obs, _ = venv.reset(seed=2)
    assert venv.action_masks().dtype == np.bool_
    assert np.array_equal(venv.action_masks(), obs["action_mask"].astype(bool))


@pytest.mark.parametrize(("env_id", "kwargs", "name"), [
    ("majiang/Mahjong-v0", {}, "mcr"),
    ("majiang/Mahjong-v0", {"rules": "sichuan", "options": ["mode=blood-river"]}, "sichuan"),
    ("majiang/Riichi-v0", {}, "riichi"),
    ("majiang/Changchun-v0", {"bot": "random", "seat": 2}, "changchun"),
])
def test_gymnasium_make(env_id: str, kwargs: dict[str, Any], name: str) -> None:
    env = gymnasium.make(env_id, **kwargs)
    unwrapped: Any = env.unwrapped
    assert unwrapped.table.rules.name == name
    obs, info = env.reset(seed=4)
    assert obs["observation"].shape == OBS_SHAPE and obs["action_mask"].any()
    if "seat" in kwargs:
        assert info["seat"] == kwargs["seat"]
    assert env.step(int(np.flatnonzero(obs["action_mask"])[0]))[0]["observation"].shape == OBS_SHAPE
    assert f"majiang/{name.capitalize()}-v0" in gymnasium.registry


def test_gymnasium_episode_and_seed() -> None:
    def run(seed: int) -> tuple[list[int], float]:
        env = SingleAgentEnv(bot="efficiency")
        obs, _ = env.reset(seed=seed)
        rng = random.Random(0)
        actions, total, done = [], 0.0, False
        while not done:
            action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            actions.append(action)
            obs, reward, done, truncated, _ = env.step(action)
            assert not truncated
            total += reward
            if not done:
                assert env.table.agent_selection == f"player_{env.seat}"
        assert total == env.table.game.hand_deltas[env.seat]
        return actions, total

    assert run(4) == run(4)


def run_vector(venv: VectorEnv, seed: int, steps: int) -> list[list[Any]]:
    """Per table, the trace of (seat, observation, mask, action, rewards, terminated) under random play
    drawn from the table's own generator."""
    obs, info = venv.reset(seed=seed)
    rngs = [random.Random(i) for i in range(venv.num_envs)]
    traces: list[list[Any]] = [[] for _ in range(venv.num_envs)]
    for _ in range(steps):
        actions = [rng.choice(np.flatnonzero(mask).tolist())
                   for rng, mask in zip(rngs, obs["action_mask"], strict=True)]
        seats = info["seat"]
        new, rewards, terminated, truncated, info = venv.step(actions)
        assert not truncated.any()
        for i in range(venv.num_envs):
            traces[i].append((int(seats[i]), obs["observation"][i].tolist(), obs["action_mask"][i].tolist(),
                              actions[i], rewards[i].tolist(), bool(terminated[i])))
        obs = new
    return traces


def test_vector_env_plays_like_single_tables() -> None:
    traces = run_vector(VectorEnv(3, "sichuan"), seed=20, steps=400)
    assert any(t[-1] for t in traces[0])  # a hand ended and the next was dealt
    for i, trace in enumerate(traces):
        env = mahjong_v0.raw_env("sichuan")
        env.reset(seed=20 + i)
        rng = random.Random(i)
        for seat, obs, mask, action, rewards, terminated in trace:
            assert env.agent_selection == f"player_{seat}"
            single = env.observe(env.agent_selection)
            assert single["observation"].tolist() == obs and single["action_mask"].tolist() == mask
            assert action == rng.choice(np.flatnonzero(single["action_mask"]).tolist())
            env.step(action)
            over = all(env.terminations.values())
            assert over == terminated
            assert rewards == ([env.rewards[a] for a in env.possible_agents] if over else [0.0] * 4)
            if over:
                env.reset()


def test_vector_env_with_bots_plays_like_the_gymnasium_env() -> None:
    traces = run_vector(VectorEnv(2, bot="random"), seed=7, steps=150)
    for i, trace in enumerate(traces):
        env = SingleAgentEnv(bot="random")
        obs, _ = env.reset(seed=7 + i)
        for seat, observation, mask, action, rewards, terminated in trace:
            assert seat == env.seat
            assert obs["observation"].tolist() == observation and obs["action_mask"].tolist() == mask
            obs, reward, done, _, _ = env.step(action)
            assert done == terminated and reward == rewards[seat]
            if done:
                assert rewards == [float(d) for d in env.table.game.hand_deltas]
                obs, _ = env.reset()
    assert run_vector(VectorEnv(2, bot="random"), seed=7, steps=150) == traces


def test_vector_env_errors() -> None:
    venv = VectorEnv(2)
    with pytest.raises(IllegalActionError, match="reset"):
        venv.step([0, 0])
    obs, _ = venv.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    legal = int(np.flatnonzero(obs["action_mask"][0])[0])
    events_before = [len(g.events) for g in venv.games]
    with pytest.raises(IllegalActionError, match="table 1"):
        venv.step([legal, illegal])
    with pytest.raises(IllegalActionError, match="2 actions"):
        venv.step([legal])
    assert [len(g.events) for g in venv.games] == events_before  # no table moved
    with pytest.raises(InvalidOptionError):
        VectorEnv(0)
    with pytest.raises(InvalidOptionError):
        VectorEnv(2, bot="nobody")


def test_core_package_does_not_load_the_rl_packages() -> None:
    import subprocess
    import sys

    code = ("import sys, majiang, majiang.game, majiang.bots; "
            "print(sorted(m for m in ('numpy', 'pettingzoo', 'gymnasium') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_training_example_runs() -> None:
    import contextlib
    import importlib.util
    import io
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "examples" / "train_reinforce.py"
    spec = importlib.util.spec_from_file_location("train_reinforce", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        example.main(["--hands", "24", "--tables", "4", "--block", "12", "--eval", "8"])
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("REINFORCE on sichuan")
    assert lines[1].split() == ["hands", "win", "rate", "mean", "reward", "CPU", "s"]
    curve = [line.split() for line in lines[2:4]]
    assert [int(row[0]) for row in curve] == [12, 24]
    assert all(0.0 <= float(row[1]) <= 1.0 and len(row) == 4 for row in curve)
    assert lines[4] == "evaluation over 8 hands, same seeds:"
    assert lines[5].startswith("  random policy:  win rate ")
    assert lines[6].startswith("  trained policy: win rate ")
    weights = lines[7].split()
    assert weights[0] == "weights:" and len(weights) == 1 + example.FEATURES
    assert any(float(w) != 0.0 for w in weights[1:])  # the policy did learn something


def test_seating_is_drawn_per_hand_from_its_seed() -> None:
    """Dealer, round wind and the lone agent's seat vary from hand to hand, each the same for the same seed;
    given ones stay fixed."""
    env = mahjong_v0.raw_env()
    seen = set()
    for seed in range(40):
        env.reset(seed=seed)
        seen.add((env.game.dealer, env.game.round_wind))
        assert env.agent_selection == f"player_{env.game.dealer}"
        again = mahjong_v0.raw_env()
        again.reset(seed=seed)
        assert (again.game.dealer, again.game.round_wind, again.game.seed) == \
            (env.game.dealer, env.game.round_wind, env.game.seed)
    assert {d for d, _ in seen} == {0, 1, 2, 3} and {w for _, w in seen} == set(WINDS)
    fixed = mahjong_v0.raw_env("riichi", dealer=2, round_wind="S")
    riichi = mahjong_v0.raw_env("riichi", round_wind="ES")
    for seed in range(12):
        fixed.reset(seed=seed)
        assert (fixed.game.dealer, fixed.game.round_wind) == (2, Tile.SOUTH)
        riichi.reset(seed=seed)
        assert riichi.game.round_wind in (Tile.EAST, Tile.SOUTH)
    seats = {SingleAgentEnv(bot="random").reset(seed=seed)[1]["seat"] for seed in range(30)}
    assert seats == {0, 1, 2, 3}
    single = SingleAgentEnv(bot="random", seat=3, dealer=1, round_wind=Tile.WEST)
    obs, info = single.reset(seed=5)
    assert info["seat"] == 3 and single.table.game.dealer == 1
    # Seat 1 deals (East), seat 2 is South, seat 3 West; the round is West's.
    assert obs["observation"][ob.SEAT_WIND].tolist() == [int(t == Tile.WEST) for t in range(34)]
    assert obs["observation"][ob.ROUND_WIND, Tile.WEST] == 1
    venv = VectorEnv(8, bot="random")
    _, info = venv.reset(seed=3)
    assert len(set(info["seat"].tolist())) > 1


@pytest.mark.parametrize("kwargs", [{"dealer": 4}, {"dealer": True}, {"seat": -1}, {"round_wind": "5m"},
                                    {"round_wind": ""}, {"round_wind": 40}])
def test_seating_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError, match=r"dealer|seat|round_wind"):
        SingleAgentEnv(**kwargs)


def test_registered_ids_cover_the_builtin_rulesets() -> None:
    import subprocess
    import sys

    # A fresh process: tests register rulesets of their own in this one.
    code = "from majiang.game import ruleset_names; print(' '.join(ruleset_names()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert tuple(out.split()) == BUILTIN_RULESETS
    for name in BUILTIN_RULESETS:
        assert env_id(name) in gymnasium.registry


def from_page(page: dict[str, Any], seat: int, rules: Any) -> Any:
    """The observation of ``seat`` built from what the web table sends that seat (``view_json``) alone,
    with nothing of the encoder's but its row and column numbers; the exchange's direction (row 38,
    columns 6-8), which the page does not show, is left 0."""
    a = np.zeros(OBS_SHAPE, dtype=np.int32)
    code = {t.notation(): int(t) for t in ALL_TILES}

    def rel(s: int) -> int:
        return (s - seat) % 4

    for t in page["standing"]:
        a[ob.HAND, code[t]] += 1
    if page["drawn"] is not None:
        a[ob.DRAWN, code[page["drawn"]]] = 1
    for s in range(4):
        k, info = rel(s), a[ob.INFO + rel(s)]
        shown_kongs = 0
        for text in page["melds"][s]:
            meld = Meld.parse(text)
            if meld.is_concealed_kong:
                shown_kongs += 1
                a[ob.OWN_KONGS, meld.tile] += 4 if s == seat else 0
            else:
                info[ob.I_MELDS] += 1
                for t in meld.tiles:
                    a[ob.MELDS + k, t] += 1
        info[ob.I_KONGS] = shown_kongs + page["hidden_kongs"][s]
        river = [code[t] for t in page["discards"][s]]
        for t in river:
            a[ob.RIVERS + k, t] += 1
        for j, t in enumerate(reversed(river[-ob.RECENT:])):
            a[ob.ORDER + ob.RECENT * k + j, t] = 1
        for t in page["won"][s]:
            a[ob.WON + k, code[t]] += 1
        info[ob.I_BONUS] = page["flowers"][s]
        info[ob.I_DEALER] = s == page["dealer"]
        info[ob.I_TURN] = s == page["current"]
        info[ob.I_ACTIVE] = page["active"][s]
        info[ob.I_SCORE] = page["scores"][s]
        info[ob.I_RIVER] = len(river)
        at = page["info"]["sideways"][s]
        if at is not None:
            info[ob.I_SIDEWAYS] = at + 1
            if at < len(river):
                a[ob.SIDEWAYS + k, river[at]] = 1
        marks = page["info"]["marks"][s]
        for mark in marks:
            info[ob.I_MARKS + ob.MARKS.index(mark)] = 1
        badge = page["badges"][s]
        if badge and not marks:  # the page shows a seat's badge where it has no marks: here a void
            assert badge.startswith("缺"), (s, badge)
            info[ob.I_VOID + "万筒条".index(badge[-1])] = 1
    answer = page["robbing"] or (page["last_discard"] if page["phase"] == "claim" else None)
    if answer is not None:
        a[ob.ANSWER, code[answer["tile"]]] = 1
        a[ob.INFO + rel(answer["seat"]), ob.I_GIVER] = 1
    a[ob.SEAT_WIND, code[page["seat_wind"]]] = 1
    a[ob.ROUND_WIND, code[page["round_wind"]]] = 1
    phases = {"turn": 0, "claim": 1, "rob": 2, "over": 3, "opening": 4, "ask": ob.G_ASK}
    a[ob.GLOBAL, phases[page["phase"]]] = 1
    a[ob.GLOBAL, ob.G_WALL] = page["wall_left"]
    for name, n in page["info"]["counters"].items():
        a[ob.GLOBAL, ob.G_COUNTERS + ob.COUNTERS.index(name)] = n
    for name, tiles in page["info"]["tiles"].items():
        head, _, owner = name.rpartition("-")
        row = ob.SHOWN + rel(int(owner)) if head in ob.SEAT_TILES else ob.FACE_UP + ob.TABLE_TILES.index(name)
        for t in tiles:
            a[row, code[t]] += 1
    declared = {spec.name for spec in rules.actions}
    for text in page["legal"]:
        kind = ActionKind.DECLARED if text.split()[0] in declared else Action.parse(text).kind
        a[ob.LEGAL, kind] = 1
    return a


@pytest.mark.parametrize(("rules", "options"), VARIANTS, ids=VARIANT_IDS)
def test_observation_shows_what_the_table_page_shows(rules: str, options: dict[str, Any]) -> None:
    """Every row of every seat's observation against the web table's view of that seat, at every step of
    a seeded hand of every ruleset (the efficiency bot plays, so riichi declarations and 上听 come up)."""
    from majiang.web.views import view_json

    hands = 2 if rules in ("riichi", "changchun", "changsha") else 1
    for seed in range(hands):
        env = mahjong_v0.raw_env(rules, options=options)
        env.reset(seed=seed)
        game = env.game
        bots = [EfficiencyBot(seed=seed + s) for s in range(4)]
        while True:
            for seat, agent in enumerate(env.possible_agents):
                obs = env.observe(agent)["observation"].copy()
                obs[ob.GLOBAL, ob.G_EXCHANGE:ob.G_EXCHANGE + 3] = 0  # not on the page
                expected = from_page(view_json(game, seat), seat, game.rules)
                for row in range(OBS_SHAPE[0]):
                    where = (rules, seed, len(game.events), seat, row)
                    assert obs[row].tolist() == expected[row].tolist(), where
            if not game.to_act():
                break
            seat = game.to_act()[0]
            env.step(action_index(bots[seat].act(game.view(seat)), game.rules))


def test_a_question_during_play_is_a_phase_of_its_own() -> None:
    """Changsha offers the last tile around the table (``Phase.ASK``): row 38 shows that phase in a column of
    its own (it once fell on the wall's column and was lost) and the page names it."""
    from majiang.web.views import view_json

    env = mahjong_v0.raw_env("changsha")
    env.reset(seed=3)
    rng = random.Random(3)
    while env.game.phase != Phase.ASK:
        env.step(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist()))
    seat = env.game.to_act()[0]
    obs = env.observe(f"player_{seat}")["observation"]
    assert obs[ob.GLOBAL, :5].tolist() == [0] * 5 and obs[ob.GLOBAL, ob.G_ASK] == 1
    assert obs[ob.GLOBAL, ob.G_WALL] == env.game.wall_left_for(seat) == 1
    page = view_json(env.game, seat)
    assert page["phase"] == "ask"
    assert np.array_equal(from_page(page, seat, env.game.rules), obs)


def test_a_hand_the_bots_end_before_the_agent_acts_is_skipped() -> None:
    """Riichi, seed 2806: a random bot declares an abortive draw (九種九牌) before the agent (seat 2) has a
    choice. That hand is no episode: the seed's next hand is dealt, the same in both environments."""
    first = mahjong_v0.raw_env("riichi")
    first.reset(seed=2806)
    env = SingleAgentEnv("riichi", bot="random")
    obs, info = env.reset(seed=2806)
    assert obs["action_mask"].any() and env.table.game.phase != Phase.OVER
    assert env.table.game.seed != first.game.seed
    venv = VectorEnv(1, "riichi", bot="random")
    vobs, vinfo = venv.reset(seed=2806)
    assert vinfo["seat"][0] == info["seat"] and np.array_equal(vobs["observation"][0], obs["observation"])

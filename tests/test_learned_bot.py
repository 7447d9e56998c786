"""The learned bot and its distillation: data, a tiny training run, the shipped weights."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from majiang.bots import find_bot, play_out
from majiang.bots.distill import agreement, generate, load_dataset, main, train
from majiang.bots.learned import GLOBALS, PLANES, TILE_INPUTS, LearnedBot, Policy, features, load_policy
from majiang.env import TableEncoder, encode_view
from majiang.errors import InvalidOptionError
from majiang.game import Game, Phase, find_ruleset


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("distill") / "data"
    return generate(directory, 4, seed=7, teacher="search:playouts=0")


def test_data_keeps_choices_and_features_match_the_bot(data_dir: Path) -> None:
    data = load_dataset(data_dir)
    assert len(data) > 100 and data.planes.shape == (len(data), PLANES, 34)
    assert data.table.shape == (len(data), GLOBALS)
    assert (data.mask.sum(axis=1) > 1).all()
    assert data.mask[np.arange(len(data)), data.action].all()  # the teacher's action is legal
    # What the bot computes from a view is what the learner got from the environment's arrays.
    game = Game(find_ruleset("botzone"), seed=3)
    bots = [find_bot("fan-aware", s) for s in range(4)]
    encoder = TableEncoder()
    encoder.reset(game)
    checked = 0
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        view = game.view(seat)
        if len(view.legal) > 1:
            obs, _ = encoder.observe(seat)
            for ours, theirs in zip(features(obs[None]), features(encode_view(view)[None]), strict=True):
                assert np.array_equal(ours, theirs)
            checked += 1
        game.apply(seat, bots[seat].act(view))
        if checked >= 30:
            break
    assert checked == 30


def test_training_lowers_the_loss_and_the_bot_plays_legally(data_dir: Path, tmp_path: Path) -> None:
    data = load_dataset(data_dir)
    policy, history = train(data, data, hidden=16, epochs=3, batch=32, rate=0.005, seed=1)
    assert history[-1]["loss"] < history[0]["loss"]
    assert agreement(policy, data)["all"] > 0.3
    again, _ = train(data, None, hidden=16, epochs=3, batch=32, rate=0.005, seed=1)
    assert np.array_equal(again.w1, policy.w1)  # the same seed trains the same weights
    weights = tmp_path / "tiny.npz"
    policy.save(weights)
    assert Policy.from_bytes(weights.read_bytes()).w1.shape == (TILE_INPUTS, 16)
    game = Game(find_ruleset("botzone"), seed=11)
    # The engine's apply refuses an illegal action.
    assert play_out(game, [LearnedBot(s, weights=str(weights)) for s in range(4)]) > 0
    assert game.result is not None


def test_same_weights_same_decisions_and_other_rulesets_fall_back(tmp_path: Path) -> None:
    weights = tmp_path / "w.npz"
    Policy.initial(8, 3).save(weights)
    events = []
    for _ in range(2):
        game = Game(find_ruleset("botzone"), seed=21)
        play_out(game, [LearnedBot(s, weights=str(weights)) for s in range(4)])
        events.append(game.event_dicts())
    assert events[0] == events[1]
    # Sichuan's opening questions and void suits are none of the policy's outputs: the fan-aware bot answers.
    game = Game(find_ruleset("sichuan"), seed=4)
    assert play_out(game, [LearnedBot(s, weights=str(weights)) for s in range(4)]) > 0


def test_arena_seats_the_learned_bot_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    weights = tmp_path / "w.npz"
    Policy.initial(8, 3).save(weights)
    assert main(["arena", "--bots", f"learned:weights={weights},efficiency", "--deals", "1", "--seed", "2",
                 "--workers", "1", "--rules", "botzone"]) == 0
    assert "A - B" in capsys.readouterr().out
    with pytest.raises(InvalidOptionError, match="unknown bot 'learned'"):
        find_bot("learned")  # known only during that run
    with pytest.raises(InvalidOptionError, match="needs its weights"):
        LearnedBot(1)


def test_bad_weights_are_refused_with_their_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(InvalidOptionError, match=r"bad\.npz: not the learned bot's weights"):
        LearnedBot(weights=str(bad))
    with pytest.raises(InvalidOptionError, match=r"missing\.npz"):
        LearnedBot(weights=str(tmp_path / "missing.npz"))
    small = Policy.initial(8, 0)
    small.w1 = small.w1[:10]
    small.save(tmp_path / "old.npz")
    with pytest.raises(InvalidOptionError, match="this version reads layout"):
        LearnedBot(weights=str(tmp_path / "old.npz"))


def test_command_makes_data_trains_and_runs_a_dagger_round(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "w.npz"
    assert main(["all", "--hands", "2", "--held-out-hands", "1", "--dagger-rounds", "1",
                 "--dagger-hands", "1", "--hidden", "8", "--epochs", "1", "--work", str(tmp_path / "work"),
                 "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "held-out agreement" in said and "round 1: 1 hands played by the policy" in said
    # The round's hand is the policy's, labelled by the teacher: its data holds the hand's decisions.
    on_policy = load_dataset(tmp_path / "work" / "on-policy-1")
    assert len(on_policy) > 10 and on_policy.mask[np.arange(len(on_policy)), on_policy.action].all()
    assert load_policy(out).meta["decisions"] > len(on_policy)

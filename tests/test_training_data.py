"""Training data (``majiang.sim.training``): the shards of ``simulate(..., training=DIR)`` hold what the
PettingZoo environment gives when the same hands are replayed through it, do not change the run's records,
do not depend on the number of workers, and resume like the records."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from majiang.env.mahjong_v0 import AGENTS, raw_env
from majiang.errors import InvalidOptionError
from majiang.game import find_ruleset
from majiang.sim.executor import LocalPool
from majiang.sim.simulate import simulate
from majiang.sim.training import (
    Decisions,
    TrainingDataError,
    iter_shards,
    load_training_data,
    shard_name,
)
from majiang.tiles import Tile

BOTS = ["efficiency", "random"]
HANDS = 48
"""Chunks of 1 hand on two workers, of 3 on one: the shards differ, their contents must not."""


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Decisions]:
    """HANDS hands of Sichuan (its opening exchange and voids among the decisions) with records and data."""
    directory = tmp_path_factory.mktemp("train")
    simulate(HANDS, BOTS, workers=2, seed=11, rules=find_ruleset("sichuan"), round_wind=Tile.SOUTH,
             records=directory / "r.jsonl.gz", training=directory / "data")
    return directory / "r.jsonl.gz", directory / "data", load_training_data(directory / "data")


def test_shards_replay_through_the_environment(run: tuple[Path, Path, Decisions]) -> None:
    _, _, data = run
    assert data.meta == {"seed": 11, "bots": BOTS * 2, "rules": "sichuan", "options": {}, "round_wind": "S"}
    assert list(data.hand_ids) == list(range(HANDS))
    rules = find_ruleset("sichuan")
    row = 0
    for hand, hand_seed in zip(data.hand_ids, data.hand_seeds, strict=True):
        env = raw_env(rules, dealer=int(hand) % 4, round_wind=Tile.SOUTH)
        env.reset(options={"hand_seed": int(hand_seed)})
        while env.agents and not all(env.terminations.values()):
            agent = env.agent_selection
            assert data.hands[row] == hand and AGENTS[data.seats[row]] == agent
            observed = env.observe(agent)
            assert np.array_equal(observed["observation"], data.observations[row])
            assert np.array_equal(observed["action_mask"], data.action_masks[row])
            assert data.action_masks[row][data.actions[row]] == 1
            env.step(int(data.actions[row]))
            row += 1
        rows = data.hands == hand
        deltas = [env.rewards[agent] for agent in AGENTS]
        assert list(data.hand_deltas[hand]) == deltas
        for seat in range(4):  # each seat's last decision: done, with its score change
            mine = np.flatnonzero(rows & (data.seats == seat))
            assert data.dones[mine].tolist() == [False] * (len(mine) - 1) + [True]
            assert data.rewards[mine].tolist() == [0.0] * (len(mine) - 1) + [deltas[seat]]
    assert row == len(data)


def test_training_data_leaves_the_records_and_follows_no_worker_count(run: tuple[Path, Path, Decisions],
                                                                      tmp_path: Path) -> None:
    records, _, data = run
    simulate(HANDS, BOTS, seed=11, rules=find_ruleset("sichuan"), round_wind=Tile.SOUTH,
             records=tmp_path / "plain.jsonl.gz", executor=LocalPool(1))
    assert (tmp_path / "plain.jsonl.gz").read_bytes() == records.read_bytes()
    simulate(HANDS, BOTS, seed=11, rules=find_ruleset("sichuan"), round_wind=Tile.SOUTH,
             training=tmp_path / "two", executor=LocalPool(2))
    for shard in run[1].iterdir():  # the same chunks: the same bytes (no dates in the archive)
        assert (tmp_path / "two" / shard.name).read_bytes() == shard.read_bytes()
    simulate(HANDS, BOTS, seed=11, rules=find_ruleset("sichuan"), round_wind=Tile.SOUTH,
             training=tmp_path / "one", executor=LocalPool(1))
    assert len(list((tmp_path / "one").iterdir())) != len(list(run[1].iterdir()))  # other chunks
    _same(load_training_data(tmp_path / "one"), data)


def _same(a: Decisions, b: Decisions) -> None:
    for name in ("observations", "action_masks", "actions", "rewards", "dones", "seats", "hands", "hand_ids",
                 "hand_seeds", "hand_deltas"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert a.meta == b.meta


def test_resume_with_training_data(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    whole.mkdir()
    simulate(40, ["random"], workers=1, seed=2, records=whole / "r.jsonl", training=whole / "data")
    cut = tmp_path / "cut"
    cut.mkdir()

    def stop(done: int, total: int) -> None:
        if done >= 17:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(40, ["random"], workers=1, seed=2, records=cut / "r.jsonl", training=cut / "data",
                 progress=stop)
    # A shard lost (as if the run had died between the record and the shard): its hands are played again.
    last = sorted((cut / "data").iterdir())[-1]
    last.unlink()
    summary = simulate(40, ["random"], workers=1, seed=2, records=cut / "r.jsonl", training=cut / "data",
                       resume=True)
    assert 0 < summary.resumed < 17
    assert (cut / "r.jsonl").read_bytes() == (whole / "r.jsonl").read_bytes()
    _same(load_training_data(cut / "data"), load_training_data(whole / "data"))


def test_bad_directories(run: tuple[Path, Path, Decisions], tmp_path: Path) -> None:
    _, data_dir, _ = run
    with pytest.raises(TrainingDataError, match="not empty"):
        simulate(4, ["random"], workers=1, training=data_dir)
    gap = tmp_path / "gap"
    gap.mkdir()
    shards = sorted(data_dir.iterdir())
    for shard in shards[:1] + shards[2:]:
        (gap / shard.name).write_bytes(shard.read_bytes())
    with pytest.raises(TrainingDataError, match="missing"):
        list(iter_shards(gap))
    (tmp_path / "empty").mkdir()
    with pytest.raises(TrainingDataError, match="no shards"):
        load_training_data(tmp_path / "empty")
    (gap / shard_name(0, 1)).write_bytes(b"not a shard")
    with pytest.raises(TrainingDataError, match="not a readable shard"):
        list(iter_shards(gap))


def test_environment_hand_seed_option() -> None:
    env = raw_env()
    env.reset(options={"hand_seed": 12345})
    assert env.game.seed == 12345
    with pytest.raises(InvalidOptionError, match="hand_seed"):
        env.reset(options={"hand_seed": -1})


def test_cli_training_data(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "majiang.cli", "simulate", "--games", "6", "--workers", "1",
                           "--training-data", str(tmp_path / "data"), "--records",
                           str(tmp_path / "r.jsonl.gz"), "--quiet", "--fans", "0"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Training data:" in done.stdout
    data = load_training_data(tmp_path / "data")
    assert list(data.hand_ids) == list(range(6))
    assert gzip.decompress((tmp_path / "r.jsonl.gz").read_bytes()).count(b'"e":"start"') == 6

"""Training data for offline learning: the decisions of simulated hands as NumPy shards.

``simulate(..., training=DIR)`` (``majiang simulate --training-data DIR``) plays every hand as it would
anyway and also records, at each decision, what the environment (``majiang.env.mahjong_v0``) would give the
seat asked: its observation and action mask, the index of the action the bot took, and at the end the
reward. The hands are the run's own (the same seeds, bots and records), so the data of hand ``i`` is what
``mahjong_v0.raw_env(rules, dealer=i % 4, round_wind=...)`` gives after ``reset(options={"hand_seed":
game_seed(seed, i)})`` when stepped with the recorded actions.

Each chunk of hands becomes one ``.npz`` file (``hands-000000000-000000025.npz``: hands 0 to 24), written
in hand order as chunks finish, compressed, the same bytes for the same hands. Its arrays, one row per
decision:

=================  ===============  =====================================================================
``observations``   int32 (n,52,34)  the seat's observation (docs/rl.md has the rows)
``action_masks``   int8 (n,953)     1 for each legal action index
``actions``        int16 (n,)       the index taken (``majiang.env.action_of``)
``rewards``        float32 (n,)     the seat's score change over the hand on its last decision, else 0
``dones``          bool (n,)        True on each seat's last decision of the hand
``seats``          int8 (n,)        the seat deciding
``hands``          int64 (n,)       the hand's number in the run
=================  ===============  =====================================================================

and per hand: ``hand_ids`` (int64), ``hand_seeds`` (int64, the game seeds) and ``hand_deltas`` (int64
(h, 4), every seat's score change, a seat never asked included), with ``meta``: the run's seed, bots,
ruleset, options and round wind as JSON. NumPy's ``.npz`` and not Parquet: it needs nothing beyond the
core's numpy (Parquet would bring pyarrow into the extras), keeps the (52, 34) arrays as they are, and
every learner reads it. ``load_training_data`` reads a directory back, checking that its shards are one
run's and follow on from each other.
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from majiang.bots import MAX_STEPS
from majiang.env.actions import action_index
from majiang.env.observation import TableEncoder
from majiang.game import Phase, Ruleset
from majiang.sim.hands import TrainingDataError, deal_hand, hand_outcome
from majiang.sim.stats import HandOutcome, changed_options
from majiang.tiles import Tile

__all__ = ["SHARD_PATTERN", "Decisions", "TrainingDataError", "check_directory", "iter_shards",
           "load_training_data", "play_hand_decisions", "shard_bytes", "shard_name", "write_shard"]

SHARD_PATTERN = re.compile(r"hands-(\d{9})-(\d{9})\.npz")
PER_DECISION = ("observations", "action_masks", "actions", "rewards", "dones", "seats", "hands")
PER_HAND = ("hand_ids", "hand_seeds", "hand_deltas")


@dataclass(slots=True)
class Decisions:
    """The decisions of some hands, one row each (the arrays of a shard, ``meta`` as a dict)."""

    observations: npt.NDArray[np.int32]
    action_masks: npt.NDArray[np.int8]
    actions: npt.NDArray[np.int16]
    rewards: npt.NDArray[np.float32]
    dones: npt.NDArray[np.bool_]
    seats: npt.NDArray[np.int8]
    hands: npt.NDArray[np.int64]
    hand_ids: npt.NDArray[np.int64]
    hand_seeds: npt.NDArray[np.int64]
    hand_deltas: npt.NDArray[np.int64]
    meta: dict[str, Any]

    def __len__(self) -> int:
        return len(self.actions)


def play_hand_decisions(index: int, seed: int, bots: Sequence[str], *, round_wind: Tile,
                        rules: Ruleset | None) -> tuple[HandOutcome, Any, dict[str, Any]]:
    """``majiang.sim.simulate.play_hand_game`` (the same hand, played the same way), and the hand's
    decisions as arrays (the per-decision names above) with its ``hand_deltas``."""
    game, seat_bots, players = deal_hand(index, seed, bots, round_wind=round_wind, rules=rules)
    encoder = TableEncoder()
    encoder.reset(game)
    observations, masks, actions, seats = [], [], [], []
    steps = 0
    while game.phase != Phase.OVER:  # as majiang.bots.play_out plays, observing each decision first
        if steps >= MAX_STEPS:
            raise RuntimeError(f"hand with game seed {game.seed} did not end in {MAX_STEPS} actions")
        seat = game.to_act()[0]
        observation, mask = encoder.observe(seat)
        action = players[seat].act(game.view(seat))
        observations.append(observation)
        masks.append(mask)
        actions.append(action_index(action, game.rules))
        seats.append(seat)
        game.apply(seat, action)
        steps += 1
    deltas = list(game.hand_deltas)
    rewards = np.zeros(steps, dtype=np.float32)
    dones = np.zeros(steps, dtype=np.bool_)
    for seat in range(4):
        if seat in seats:
            last = steps - 1 - seats[::-1].index(seat)
            rewards[last] = deltas[seat]
            dones[last] = True
    arrays = {
        "observations": np.stack(observations).astype(np.int32, copy=False),
        "action_masks": np.stack(masks).astype(np.int8, copy=False),
        "actions": np.array(actions, dtype=np.int16), "rewards": rewards, "dones": dones,
        "seats": np.array(seats, dtype=np.int8), "hands": np.full(steps, index, dtype=np.int64),
        "hand_deltas": np.array(deltas, dtype=np.int64),
    }
    return hand_outcome(index, game, seat_bots, steps), game, arrays


def run_meta(seed: int, seats: Sequence[str], rules: Ruleset, round_wind: Tile) -> dict[str, Any]:
    """What makes a run's hands: every shard of a directory must carry the same."""
    return {"seed": seed, "bots": list(seats), "rules": rules.name, "options": dict(changed_options(rules)),
            "round_wind": round_wind.notation()}


def shard_bytes(start: int, hands: Sequence[dict[str, Any]], seeds: Sequence[int],
                meta: dict[str, Any]) -> bytes:
    """The ``.npz`` of hands ``start``, ``start + 1``, ... from their ``play_hand_decisions`` arrays."""
    arrays: dict[str, Any] = {name: np.concatenate([hand[name] for hand in hands]) for name in PER_DECISION}
    arrays["hand_ids"] = np.arange(start, start + len(hands), dtype=np.int64)
    arrays["hand_seeds"] = np.array(seeds, dtype=np.int64)
    arrays["hand_deltas"] = np.stack([hand["hand_deltas"] for hand in hands]).reshape(len(hands), 4)
    arrays["meta"] = np.array(json.dumps(meta, ensure_ascii=False))
    # np.savez_compressed's layout, with the entries dated 1980 rather than now: the same hands give the
    # same bytes, as the records do.
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(info, "w", force_zip64=True) as entry:
                np.lib.format.write_array(entry, np.asanyarray(array), allow_pickle=False)
    return buffer.getvalue()


def shard_name(start: int, stop: int) -> str:
    """The file of hands ``start`` to ``stop - 1``: ``hands-000000000-000000025.npz``."""
    return f"hands-{start:09d}-{stop:09d}.npz"


def write_shard(directory: Path, start: int, stop: int, data: bytes) -> Path:
    """Write a shard whole or not at all (a temporary file renamed), so a cut run leaves whole shards."""
    path = directory / shard_name(start, stop)
    temporary = path.with_suffix(".npz.tmp")
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    temporary.replace(path)
    return path


def _shards(directory: Path) -> list[tuple[int, int, Path]]:
    found = []
    for path in directory.iterdir():
        match = SHARD_PATTERN.fullmatch(path.name)
        if match:
            found.append((int(match[1]), int(match[2]), path))
    return sorted(found)


def check_directory(directory: Path, resume_at: int | None = None, meta: dict[str, Any] | None = None) -> int:
    """Make ``directory`` ready for a run's shards; the hands its shards already cover from hand 0.

    A fresh run (``resume_at`` None) needs it empty or absent (it is created). A resumed run keeps the
    shards that follow on from hand 0 up to ``resume_at`` hands and are this run's (``meta``), deletes
    those after, and returns how many hands they cover (the run then resumes there).
    """
    if directory.exists() and not directory.is_dir():
        raise TrainingDataError(f"{directory} is not a directory")
    directory.mkdir(parents=True, exist_ok=True)
    shards = _shards(directory)
    for leftover in directory.glob("*.npz.tmp"):
        leftover.unlink()  # a shard cut while it was written
    if resume_at is None:
        if any(directory.iterdir()):
            raise TrainingDataError(f"{directory} is not empty: training data is written to an empty "
                                    "directory (continue an interrupted run with --resume)")
        return 0
    covered = 0
    for start, stop, path in shards:
        if start == covered and stop <= resume_at and _meta(path) == meta:
            covered = stop
        else:
            path.unlink()  # past the hands kept, or another run's: played again
    return covered


def _meta(path: Path) -> Any:
    try:
        with np.load(path) as data:
            return json.loads(str(data["meta"]))
    except (OSError, ValueError, KeyError) as err:
        raise TrainingDataError(f"{path}: not a readable shard ({err})") from None


def iter_shards(directory: Path | str) -> Iterator[Decisions]:
    """The shards of ``directory`` in hand order, one ``Decisions`` each; TrainingDataError if they are
    not one run's or do not follow on from hand 0."""
    directory = Path(directory)
    if not directory.is_dir():
        raise TrainingDataError(f"no directory {directory}")
    expected = 0
    meta = None
    for start, stop, path in _shards(directory):
        if start != expected:
            raise TrainingDataError(f"{path.name}: hands {expected} to {start - 1} are missing")
        try:
            with np.load(path) as data:
                arrays = {name: data[name] for name in (*PER_DECISION, *PER_HAND)}
                shard_meta = json.loads(str(data["meta"]))
        except (OSError, ValueError, KeyError) as err:
            raise TrainingDataError(f"{path}: not a readable shard ({err})") from None
        if meta is not None and shard_meta != meta:
            raise TrainingDataError(f"{path.name} is another run's (its seed, bots or rules differ)")
        meta = shard_meta
        if list(arrays["hand_ids"]) != list(range(start, stop)):
            raise TrainingDataError(f"{path.name}: its hands are not {start} to {stop - 1}")
        expected = stop
        yield Decisions(**arrays, meta=shard_meta)


def load_training_data(directory: Path | str) -> Decisions:
    """Every shard of ``directory`` in one ``Decisions`` (``iter_shards`` reads them one at a time)."""
    shards = list(iter_shards(directory))
    if not shards:
        raise TrainingDataError(f"no shards (hands-*.npz) in {directory}")
    arrays = {name: np.concatenate([getattr(s, name) for s in shards]) for name in (*PER_DECISION, *PER_HAND)}
    return Decisions(**arrays, meta=shards[0].meta)

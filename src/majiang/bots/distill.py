"""Distilling the search bot into the learned bot's policy: training data, training, agreement.

1. ``generate`` plays hands with the teacher (``search:playouts=0`` by default: the search bot's prior,
   its choice when it does not play out) in all four seats and records every decision the environment
   asks for, as ``majiang simulate --training-data`` does (``majiang.sim.training``: seeded, NumPy shards
   written whole or not at all, each decision the observation and mask the seat's agent would get).
2. ``load_dataset`` keeps the decisions with more than one legal action and turns each observation into
   the policy's features (``majiang.bots.learned.features``).
3. ``train`` fits the policy (``majiang.bots.learned.Policy``: a small network per kind of tile and one
   over the table) to the
   teacher's actions: a softmax over the legal actions only, cross-entropy, Adam, written out here in
   numpy (no framework), for a fixed number of passes over the data (reproducible for a seed on one
   machine) or until a time limit.
4. ``agreement`` measures how often the policy picks the teacher's action, by kind of decision.

``python -m majiang.bots.distill all --work DIR --out FILE`` does all of it (``make learned-weights``);
``python -m majiang.bots.distill arena --bots learned:weights=FILE,fan-aware ...`` runs ``majiang arena``
with the learned bot seated (it is not among ``majiang.bots.BOTS``: it does not beat the fan-aware bot, so
neither it nor weights ship). docs/bots.md ("A learned policy") has the figures.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from majiang.bots.learned import GLOBALS, OUTPUTS, PLANES, TABLE_OUTPUTS, TILE_OUTPUTS, Policy, features
from majiang.errors import InvalidOptionError

__all__ = ["TEACHER", "Dataset", "agreement", "concatenate", "generate", "generate_on_policy", "load_dataset",
           "main", "train"]

TEACHER = "search:playouts=0"
"""The bot whose choices are learned: the strongest measured Chinese Official bot (docs/bots.md)."""
CHUNK = 2048
"""Observations turned into features at once (bounded memory: a turn's draws make 34 × 34 hands each)."""


@dataclass(slots=True)
class Dataset:
    """Decisions as the policy sees them: features (float16: tile planes, the table's), legal outputs, the
    teacher's output, hands."""

    planes: npt.NDArray[np.float16]
    table: npt.NDArray[np.float16]
    mask: npt.NDArray[np.bool_]
    action: npt.NDArray[np.int16]
    hand: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.action)

    def take(self, rows: npt.NDArray[np.intp]) -> Dataset:
        """The decisions at ``rows``."""
        return Dataset(self.planes[rows], self.table[rows], self.mask[rows], self.action[rows],
                       self.hand[rows])


def generate(directory: Path | str, hands: int, seed: int, *, rules: str = "botzone", teacher: str = TEACHER,
             workers: int = 1) -> Path:
    """Play ``hands`` hands of ``rules`` with ``teacher`` in every seat (run seed ``seed``) and write their
    decisions to ``directory`` (new or empty) as training-data shards."""
    from majiang.game import find_ruleset
    from majiang.sim.simulate import simulate

    directory = Path(directory)
    simulate(hands, [teacher], workers=workers, seed=seed, rules=find_ruleset(rules), training=directory)
    return directory


def generate_on_policy(directory: Path | str, hands: int, seed: int, weights: str, *, rules: str = "botzone",
                       teacher: str = TEACHER, chunk: int = 25) -> Path:
    """As ``generate``, but the learned bot (``weights``) plays every seat while the teacher says, at each
    of its decisions, what it would do there (the labels recorded): the states the policy reaches itself,
    where its own mistakes have led (DAgger). Hand ``i`` is dealt as ``generate``'s hand ``i``."""
    from majiang.bots import MAX_STEPS, find_bot
    from majiang.bots.learned import LearnedBot
    from majiang.env.actions import action_index
    from majiang.env.observation import TableEncoder
    from majiang.game import Game, Phase, find_ruleset
    from majiang.sim.hands import game_seed
    from majiang.sim.training import check_directory, shard_bytes, write_shard

    directory = Path(directory)
    check_directory(directory)
    ruleset = find_ruleset(rules)
    meta = {"seed": seed, "teacher": teacher, "student": weights, "rules": rules, "on_policy": True}
    done: list[dict[str, npt.NDArray[np.generic]]] = []
    seeds: list[int] = []
    for index in range(hands):
        hseed = game_seed(seed, index)
        game = Game(ruleset, seed=hseed, dealer=index % 4)
        teachers = [find_bot(teacher, hseed * 4 + s) for s in range(4)]
        students = [LearnedBot(hseed * 4 + s, weights=weights) for s in range(4)]
        encoder = TableEncoder()
        encoder.reset(game)
        rows: dict[str, list[object]] = {"observations": [], "action_masks": [], "actions": [], "seats": []}
        steps = 0
        while game.phase != Phase.OVER:
            if steps >= MAX_STEPS:
                raise RuntimeError(f"hand with game seed {hseed} did not end in {MAX_STEPS} actions")
            seat = game.to_act()[0]
            view = game.view(seat)
            if len(view.legal) > 1:
                observation, mask = encoder.observe(seat)
                rows["observations"].append(observation)
                rows["action_masks"].append(mask)
                rows["actions"].append(action_index(teachers[seat].act(view), game.rules))
                rows["seats"].append(seat)
            game.apply(seat, students[seat].act(view))
            steps += 1
        n = len(rows["actions"])
        done.append({"observations": np.stack(rows["observations"]).astype(np.int32),  # type: ignore[arg-type]
                     "action_masks": np.stack(rows["action_masks"]).astype(np.int8),  # type: ignore[arg-type]
                     "actions": np.array(rows["actions"], dtype=np.int16),
                     "rewards": np.zeros(n, np.float32), "dones": np.zeros(n, np.bool_),
                     "seats": np.array(rows["seats"], dtype=np.int8), "hands": np.full(n, index, np.int64),
                     "hand_deltas": np.array(game.hand_deltas, dtype=np.int64)})
        seeds.append(hseed)
        if len(done) == chunk or index == hands - 1:
            start = index + 1 - len(done)
            write_shard(directory, start, index + 1, shard_bytes(start, done, seeds, meta))
            done, seeds = [], []
    return directory


def load_dataset(directory: Path | str, limit: int | None = None) -> Dataset:
    """The decisions of a training-data directory with more than one legal action (at most ``limit``
    hands), as features."""
    from majiang.sim.training import iter_shards

    planes, tables, masks, actions, hands = [], [], [], [], []
    for shard in iter_shards(directory):
        keep = shard.action_masks.sum(axis=1) > 1
        if limit is not None:
            keep &= shard.hands < limit
        if shard.action_masks[keep, OUTPUTS:].any():
            raise InvalidOptionError(f"{directory}: decisions with actions outside the policy's "
                                     f"{OUTPUTS} outputs (a ruleset other than Chinese Official's?)")
        obs = shard.observations[keep]
        for start in range(0, len(obs), CHUNK):
            p, t = features(obs[start:start + CHUNK])
            planes.append(p.astype(np.float16))
            tables.append(t.astype(np.float16))
        masks.append(shard.action_masks[keep, :OUTPUTS].astype(np.bool_))
        actions.append(shard.actions[keep].astype(np.int16))
        hands.append(shard.hands[keep])
        if limit is not None and shard.hand_ids[-1] >= limit - 1:
            break
    if not actions:
        raise InvalidOptionError(f"{directory}: no decisions")
    return Dataset(np.concatenate(planes) if planes else np.zeros((0, PLANES, 34), np.float16),
                   np.concatenate(tables) if tables else np.zeros((0, GLOBALS), np.float16),
                   np.concatenate(masks), np.concatenate(actions), np.concatenate(hands))


def concatenate(parts: Sequence[Dataset]) -> Dataset:
    """The decisions of ``parts`` in one dataset."""
    return Dataset(*(np.concatenate([getattr(d, name) for d in parts])
                     for name in ("planes", "table", "mask", "action", "hand")))


def _masked_softmax(z: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.float32]:
    z = np.where(mask, z, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    out: npt.NDArray[np.float32] = e / e.sum(axis=1, keepdims=True)
    return out


def _grads(policy: Policy, planes: npt.NDArray[np.float32], table: npt.NDArray[np.float32],
           mask: npt.NDArray[np.bool_], action: npt.NDArray[np.int16]
           ) -> tuple[float, dict[str, npt.NDArray[np.float32]]]:
    """The batch's mean cross-entropy and its gradient for each weight (backpropagation by hand)."""
    n = len(planes)
    f = policy.forward(planes, table)
    p = _masked_softmax(f["scores"], mask)
    rows = np.arange(n)
    loss = float(-np.log(np.maximum(p[rows, action], 1e-12)).mean())
    dz = p
    dz[rows, action] -= 1.0
    dz /= n
    hidden = policy.w2.shape[0]
    # The table network.
    d_whole = dz[:, TABLE_OUTPUTS]
    dk1 = (d_whole @ policy.v2.T) * (f["k1"] > 0)
    dg = dk1 @ policy.v1.T
    # The per-kind network: its own scores, and its share of the table network's average.
    d_kind = np.stack([dz[:, first:first + 34] for first in TILE_OUTPUTS], axis=2).reshape(n * 34, 4)
    h1, h2 = f["h1"], f["h2"]
    dh2 = d_kind @ policy.w3.T + np.repeat(dg[:, :hidden] / 34.0, 34, axis=0)
    dh2 *= h2 > 0
    dh1 = (dh2 @ policy.w2.T) * (h1 > 0)
    return loss, {"v2": f["k1"].T @ d_whole, "c2": d_whole.sum(axis=0), "v1": f["g"].T @ dk1,
                  "c1": dk1.sum(axis=0), "w3": h2.T @ d_kind, "b3": d_kind.sum(axis=0), "w2": h1.T @ dh2,
                  "b2": dh2.sum(axis=0), "w1": f["u"].T @ dh1, "b1": dh1.sum(axis=0)}


Report = Callable[[str], None]


def train(data: Dataset, held_out: Dataset | None = None, *, hidden: int = 64, epochs: int = 10,
          minutes: float | None = None, batch: int = 256, rate: float = 2e-3, decay: float = 1e-5,
          seed: int = 0, report: Report | None = None) -> tuple[Policy, list[dict[str, float]]]:
    """Fit a policy to ``data``'s teacher actions for ``epochs`` passes (or until ``minutes`` of CPU
    time); the policy and, per pass, its mean training loss and agreement on ``held_out``."""
    if len(data) == 0:
        raise InvalidOptionError("no decisions to train on")
    rng = np.random.default_rng(seed)
    policy = Policy.initial(hidden, seed)
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in policy.arrays.items()}
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    step = 0
    history: list[dict[str, float]] = []
    start = time.process_time()
    for epoch in range(epochs):
        order = rng.permutation(len(data))
        losses = []
        for first in range(0, len(order), batch):
            rows = order[first:first + batch]
            loss, grads = _grads(policy, data.planes[rows].astype(np.float32),
                                 data.table[rows].astype(np.float32), data.mask[rows], data.action[rows])
            losses.append(loss)
            step += 1
            arrays = policy.arrays
            for name, g in grads.items():
                w = arrays[name]
                if decay and name[0] in "wv":
                    g = g + decay * w
                m, v = moments[name]
                m *= beta1
                m += (1 - beta1) * g
                v *= beta2
                v += (1 - beta2) * g * g
                w -= rate * (m / (1 - beta1 ** step)) / (np.sqrt(v / (1 - beta2 ** step)) + eps)
        row: dict[str, float] = {"epoch": epoch + 1, "loss": float(np.mean(losses)),
                                 "cpu_s": time.process_time() - start}
        if held_out is not None:
            row["held_out"] = agreement(policy, held_out)["all"]
        history.append(row)
        if report is not None:
            report("  ".join(f"{k} {v:.4f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items()))
        if minutes is not None and time.process_time() - start > minutes * 60:
            break
    return policy, history


def _kinds(data: Dataset) -> dict[str, npt.NDArray[np.bool_]]:
    """Decisions by what was offered: a win, a claim (on another's discard or kong), a turn's discard."""
    win = data.mask[:, 138]
    claim = ~win & data.mask[:, 139]
    return {"all": np.ones(len(data), np.bool_), "win offered": win, "claim": claim, "turn": ~win & ~claim}


def predict(policy: Policy, data: Dataset) -> npt.NDArray[np.intp]:
    """The policy's choice (an output index) for each decision."""
    out = []
    for start in range(0, len(data), 2048):
        part = slice(start, start + 2048)
        scores = policy.scores(data.planes[part].astype(np.float32), data.table[part].astype(np.float32))
        out.append(np.where(data.mask[part], scores, -np.inf).argmax(axis=1))
    return np.concatenate(out) if out else np.zeros(0, np.intp)


def agreement(policy: Policy, data: Dataset) -> dict[str, float]:
    """The share of decisions where the policy picks the teacher's action: all, and by kind."""
    same = predict(policy, data) == data.action
    return {k: float(same[rows].mean()) if rows.any() else math.nan for k, rows in _kinds(data).items()}


def arena(arguments: Sequence[str]) -> int:
    """``majiang arena`` with the bot name ``learned`` known in this process (``--workers 1``: worker
    processes would not know it)."""
    from majiang.bots import registry
    from majiang.cli import app

    # The learned bot is left out of the registry, so that the pages, the ladder and the commands do not
    # offer a bot weaker than those they have; here it is seated by name for one run.
    registry._REGISTRY.setdefault("learned", ("majiang.bots.learned", "LearnedBot"))
    try:
        code = app(["arena", *arguments], prog_name="python -m majiang.bots.distill arena",
                   standalone_mode=False)
    finally:
        del registry._REGISTRY["learned"]
    return code if isinstance(code, int) else 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m majiang.bots.distill {data,train,all,arena}``: make training data, train, both, or seat
    the result in the arena."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["arena"]:
        return arena(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m majiang.bots.distill",
                                     description="Distil the search bot into the learned bot's policy.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("arena", help="majiang arena's options, with the name learned:weights=FILE known")
    data_p = sub.add_parser("data", help="play hands with the teacher and write their decisions")
    data_p.add_argument("directory", type=Path)
    data_p.add_argument("--student", help="weights of a policy that plays while the teacher labels (DAgger)")
    train_p = sub.add_parser("train", help="train a policy on data directories and write its weights")
    all_p = sub.add_parser("all", help="make the training and held-out data, then train")
    for p in (data_p, all_p):
        p.add_argument("--hands", type=int, default=4000, help="hands to play (default 4000)")
        p.add_argument("--seed", type=int, default=1001, help="the run's seed (default 1001)")
        p.add_argument("--rules", default="botzone", help="ruleset or preset (default botzone)")
        p.add_argument("--teacher", default=TEACHER, help=f"the bot learned from (default {TEACHER})")
    all_p.add_argument("--held-out-hands", type=int, default=500)
    all_p.add_argument("--dagger-rounds", type=int, default=2,
                       help="rounds of hands the policy plays and the teacher labels (default 2)")
    all_p.add_argument("--dagger-hands", type=int, default=3000, help="hands a round (default 3000)")
    all_p.add_argument("--work", type=Path, required=True, help="directory for the data (new or empty)")
    train_p.add_argument("--data", type=Path, required=True, nargs="+", help="training-data directories")
    train_p.add_argument("--held-out", type=Path)
    for p in (train_p, all_p):
        p.add_argument("--out", type=Path, required=True, help="the weights file to write (.npz)")
        p.add_argument("--hidden", type=int, default=64)
        p.add_argument("--epochs", type=int, default=6, help="passes over the data (default 6)")
        p.add_argument("--rate", type=float, default=2e-3, help="Adam's step size (default 0.002)")
        p.add_argument("--minutes", type=float, help="stop after this much CPU time")
        p.add_argument("--train-seed", type=int, default=0)
    args = parser.parse_args(argv)

    def say(text: str) -> None:
        print(text, flush=True)

    try:
        if args.command == "data" and args.student:
            generate_on_policy(args.directory, args.hands, args.seed, args.student, rules=args.rules,
                               teacher=args.teacher)
            return 0
        if args.command == "data":
            generate(args.directory, args.hands, args.seed, rules=args.rules, teacher=args.teacher)
            return 0
        if args.command == "all":
            args.data, args.held_out = [args.work / "train"], args.work / "held-out"
            say(f"playing {args.hands} hands for training, {args.held_out_hands} held out")
            generate(args.data[0], args.hands, args.seed, rules=args.rules, teacher=args.teacher)
            generate(args.held_out, args.held_out_hands, args.seed + 1, rules=args.rules,
                     teacher=args.teacher)
        data = concatenate([load_dataset(d) for d in args.data])
        held = load_dataset(args.held_out) if args.held_out is not None else None
        rounds = args.dagger_rounds if args.command == "all" else 0
        for round_ in range(rounds + 1):
            say(f"{len(data)} training decisions" + (f", {len(held)} held out" if held is not None else ""))
            policy, history = train(data, held, hidden=args.hidden, epochs=args.epochs, minutes=args.minutes,
                                    rate=args.rate, seed=args.train_seed, report=say)
            policy.meta = {"data": [str(d) for d in args.data], "decisions": len(data), "hidden": args.hidden,
                           "epochs": len(history), "train_seed": args.train_seed}
            if held is not None:
                scores = agreement(policy, held)
                policy.meta["held_out_agreement"] = scores
                say("held-out agreement: " + ", ".join(f"{k} {v:.3f}" for k, v in scores.items()))
            if round_ < rounds:
                # DAgger: the teacher labels the states this policy reaches; train again on everything.
                student = args.work / f"round-{round_ + 1}.npz"
                policy.save(student)
                more = args.work / f"on-policy-{round_ + 1}"
                say(f"round {round_ + 1}: {args.dagger_hands} hands played by the policy, labelled by the "
                    "teacher")
                generate_on_policy(more, args.dagger_hands, args.seed + 2 + round_, str(student),
                                   rules=args.rules, teacher=args.teacher)
                args.data.append(more)
                data = concatenate([data, load_dataset(more)])
        policy.save(args.out)
        say(f"wrote {args.out}")
    except InvalidOptionError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Engine speed and memory: steps and hands per second per core, RSS over many hands, live game size.

Run: ``.venv/bin/python benchmarks/engine.py`` (or ``make bench-engine``); ``--help`` lists the sizes.

* Engine steps per second for every registered ruleset: random policy, a view built for each step, one
  core, in CPU time, and apart what reading every field of each view costs; with ``--baseline DIR`` (a
  checkout of an older majiang: ``git archive <commit> src | tar -x -C DIR``) each ruleset is also timed
  under that code, in a subprocess, and the ratios are printed.
* The peer, measured here: Rust RiichiEnv (``riichienv`` on PyPI, installed by ``make bench``: the
  ``bench`` extra) plays the same game, one riichi hand at a time, on the same footing (``peer_rate``),
  in the same rounds as our rulesets; each ruleset's rate is printed against it.
* Throughput, in this one process (one core), for each bot (``random`` and ``efficiency`` by
  default): hands seeded as ``majiang simulate`` seeds them, every seat played by that bot. A step is
  one ``Game.apply``. The hands are played twice: once plainly for the overall rate, once with a clock
  around each part of a step, to split the time between the engine (dealing a new hand, building the
  seat's view, applying the action) and the policy (``bot.act``).
* Memory of one worker: a fresh (spawned) worker process plays ``--memory-hands`` hands exactly as a
  ``simulate`` worker does, reporting its resident set size every ``--memory-every`` hands; the growth
  after the first sample should be about zero.
* Size of one live game: ``tracemalloc`` around dealing ``--live-games`` games and playing each to
  the middle of its hand (they stay alive, the bots that played them do not), per game, with the
  memory 10,000 such games would take.

The reference figures printed at the end are other projects' published numbers, for scale.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import multiprocessing
import os
import platform
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.bots import BOTS, find_bot
from majiang.game import Game, Phase, View
from majiang.sim.simulate import game_seed, play_hand

TARGETS = (
    ("IJCAI mahjong competition Python environment, random policy", 20_000),
    ("Rust RiichiEnv, random policy", 51_000),
    ("majiang's aim", 50_000),
)
"""Steps per second of other environments (their published figures) and our aim."""

PEER_PUBLISHED = 51_000
"""Rust RiichiEnv's published rate (steps per second, random policy): a note beside the measured one."""


@dataclass(frozen=True, slots=True)
class Rate:
    """Figures of ``hands`` hands played in one process: by a bot (the throughput table) or under a ruleset
    with the random policy (the ruleset table); seconds by part of a step."""

    name: str
    """The bot or the ruleset."""
    hands: int
    steps: int
    deal: float
    view: float
    act: float
    apply: float
    """The clocked run, by part: dealing hands, capturing views, the policy, applying actions."""
    read: float = 0.0
    """Reading every field of every view once (clocked apart, in none of the parts above)."""
    wins: int = 0
    seconds: float = 0.0
    """The plain run, clocked as a whole (0: not timed)."""

    @property
    def engine(self) -> float:
        """Seconds in the engine: dealing, views, applying actions."""
        return self.deal + self.view + self.apply

    @property
    def per_second(self) -> float:
        """Steps per second, the policy included: of the plain run where it was timed."""
        return self.steps / (self.seconds or self.engine + self.act)

    @property
    def engine_per_second(self) -> float:
        """Steps per second of the engine alone."""
        return self.steps / self.engine


def _play(bot: str, seed: int, hands: int) -> tuple[int, int]:
    """Play ``hands`` hands plainly, as ``simulate`` does; (steps, wins)."""
    steps = wins = 0
    for i in range(hands):
        outcome = play_hand(i, seed, [bot])
        steps += outcome.steps
        wins += bool(outcome.winners)
    return steps, wins


def _play_clocked(bot: str, seed: int, hands: int, rules: Any = None,
                  clock: Callable[[], float] = time.perf_counter,
                  fields: Sequence[str] = ()) -> tuple[float, float, float, float, float, int]:
    """The same hands with a clock around each part; (deal, view, act, apply, read) seconds and steps.

    ``fields``: the view fields read once per step, clocked apart (``read``).
    """
    deal = view = act = apply = read = 0.0
    steps = 0
    for i in range(hands):
        hseed = game_seed(seed, i)
        players = [find_bot(bot, hseed * 4 + s) for s in range(4)]
        t0 = clock()
        game = Game(rules, seed=hseed, dealer=i % 4)
        deal += clock() - t0
        while game.phase != Phase.OVER:
            for seat in game.to_act():
                t0 = clock()
                v = game.view(seat)
                t1 = clock()
                action = players[seat].act(v)
                t2 = clock()
                game.apply(seat, action)
                t3 = clock()
                view += t1 - t0
                act += t2 - t1
                apply += t3 - t2
                steps += 1
                if fields:
                    t0 = clock()
                    for name in fields:
                        getattr(v, name)
                    read += clock() - t0
    return deal, view, act, apply, read, steps


def throughput(bot: str, seed: int, hands: int) -> Rate:
    """Warm up, then time ``hands`` hands of ``bot`` plainly and by part."""
    _play(bot, seed + 1, max(10, hands // 20))  # tables loaded, caches of recurring shapes filled
    gc.collect()
    t0 = time.perf_counter()
    steps, wins = _play(bot, seed, hands)
    seconds = time.perf_counter() - t0
    deal, view, act, apply, _, clocked = _play_clocked(bot, seed, hands)
    assert clocked == steps, "the clocked run played other hands"
    return Rate(bot, hands, steps, deal, view, act, apply, wins=wins, seconds=seconds)


RULESET_HANDS = 300
"""Hands per ruleset and round of the ruleset table, the speed table's engine rows (benchmarks/all.py) too:
both print ``Rate.per_second`` of the same run, so the two figures are one measure."""


def ruleset_rate(name: str | None, seed: int, hands: int) -> Rate:
    """Time ``hands`` random-policy hands under ruleset ``name`` (None: the library's default), a view per
    step, in this process's CPU time (other load on a shared machine does not count): once as a whole
    (``Rate.seconds``: dealing, views, the policy and applying), once by part; in the second every field
    of each view is also read once, clocked apart (``Rate.read``: what a bot reading the whole view adds).
    Uses only what older versions also offer, so ``--baseline`` can run it on their code."""
    rules = None
    if name is not None:
        try:
            from majiang.game.ruleset import find_ruleset
        except ImportError:  # a baseline from before the registry moved beside the engine
            from majiang.game import find_ruleset

        rules = find_ruleset(name)
    _random_hands(rules, seed + 1, max(5, hands // 20))  # tables loaded, caches of recurring shapes filled
    gc.collect()
    t0 = time.process_time()
    plain = _random_hands(rules, seed, hands)
    seconds = time.process_time() - t0
    fields = [f.name for f in dataclasses.fields(View)]
    deal, view, act, apply, read, steps = _play_clocked("random", seed, hands, rules, time.process_time,
                                                        fields)
    assert plain == steps, "the clocked run played other hands"
    return Rate(name or "default", hands, steps, deal, view, act, apply, read=read, seconds=seconds)


def _random_hands(rules: Any, seed: int, hands: int) -> int:
    """Play ``hands`` random-policy hands, a view per step, seeded as ``_play_clocked`` seeds them; steps."""
    steps = 0
    for i in range(hands):
        hseed = game_seed(seed, i)
        bots = [find_bot("random", hseed * 4 + s) for s in range(4)]
        g = Game(rules, seed=hseed, dealer=i % 4)
        while g.phase != Phase.OVER:
            seat = g.to_act()[0]
            g.apply(seat, bots[seat].act(g.view(seat)))
            steps += 1
    return steps


def baseline_rate(directory: str, name: str | None, seed: int, hands: int) -> Rate | None:
    """``ruleset_rate`` under the majiang in ``directory``/src, in a subprocess (None: that version has no
    ruleset ``name``)."""
    src = os.path.join(directory, "src")
    if not os.path.isdir(os.path.join(src, "majiang")):
        raise SystemExit(f"--baseline: no majiang package under {src}")
    env = {**os.environ, "PYTHONPATH": src}
    command = [sys.executable, __file__, "--rate-worker", "--hands", str(hands), "--seed", str(seed)]
    if name is not None:
        command += ["--rulesets", name]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode:
        if "unknown ruleset" in done.stderr:
            return None
        raise SystemExit(f"--baseline: the worker failed:\n{done.stderr}")
    figures = json.loads(done.stdout)
    module = figures.pop("module")
    if not os.path.abspath(module).startswith(os.path.abspath(src)):
        raise SystemExit(f"--baseline: the worker imported {module}, not the package under {src}")
    return Rate(**figures)


def _best(a: Rate | None, b: Rate | None) -> Rate | None:
    if a is None or b is None:
        return a or b
    return max(a, b, key=lambda r: r.per_second)


def ruleset_rates(names: Sequence[str], seed: int, hands: int, baseline: str | None = None,
                  repeat: int = 3) -> list[tuple[Rate, Rate | None]]:
    """Each ruleset's figures now and under the ``baseline`` checkout (None: no baseline, or that version
    lacks the ruleset), the best of ``repeat`` rounds taken in turn (other load only slows a round down)."""
    best: list[tuple[Rate | None, Rate | None]] = [(None, None) for _ in names]
    for _ in range(max(1, repeat)):
        for i, name in enumerate(names):
            now = ruleset_rate(name, seed, hands)
            old = baseline_rate(baseline, name, seed, hands) if baseline is not None else None
            best[i] = (_best(best[i][0], now), _best(best[i][1], old))
    return [(now, old) for now, old in best if now is not None]


def ruleset_table(names: list[str], seed: int, hands: int, baseline: str | None, repeat: int) -> None:
    """Time every ruleset (and each under the baseline) with the random policy and print rates and ratios."""
    print(f"Engine steps per CPU second by ruleset (random policy, a view per step, one core, {hands} hands "
          f"each, best of {repeat})")
    header = (f"{'ruleset':<24} {'steps/hand':>10} {'steps/s':>9} {'engine steps/s':>14} "
              f"{'view us':>8} {'apply us':>8} {'read us':>8} {'vs baseline':>11}")
    print(header)
    print("-" * len(header))
    tag = "" if baseline is None else os.path.basename(os.path.normpath(baseline))
    for now, old in ruleset_rates(names, seed, hands, baseline, repeat):
        for label, r in ((now.name, now), (f"  baseline {tag}"[:24], old)):
            if r is None:
                continue
            gain = now.per_second / old.per_second if old is not None else 0.0
            ratio = f"{gain:.2f}x" if gain and r is now else ""
            print(f"{label:<24} {r.steps / r.hands:>10.1f} {r.per_second:>9,.0f} "
                  f"{r.engine_per_second:>14,.0f} "
                  f"{r.view * 1e6 / r.steps:>8.1f} {r.apply * 1e6 / r.steps:>8.1f} "
                  f"{r.read * 1e6 / r.steps:>8.1f} {ratio:>11}")
    print("steps/s: the plain run, the random policy included, in CPU time (vs baseline compares these;")
    print("make bench's engine rows are this column, same hands and rounds).")
    print("The parts, from a second run with a clock around each: engine steps/s leaves the policy out;")
    print("view: making the view; read: reading each of its fields once (a bot that reads the whole view")
    print("pays it too; the random policy reads only the legal actions).")


@dataclass(frozen=True, slots=True)
class PeerRate:
    """Figures of ``hands`` random-policy hands of Rust RiichiEnv (``riichienv``), timed by ``peer_rate``."""

    version: str
    log: bool
    """Whether RiichiEnv kept its MJAI event log (its default; without it its observations carry no
    events, so no history of the hand)."""
    hands: int
    steps: int
    """Decisions taken: one seat's action chosen from its legal actions and handed to the engine."""
    seconds: float

    @property
    def per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds


def _peer_hands(env: Any, seed: int, hands: int) -> int:
    """Play ``hands`` RiichiEnv hands with the random policy, a generator per seat seeded as ours are;
    the decisions taken."""
    from random import Random

    steps = 0
    for i in range(hands):
        hseed = game_seed(seed, i)
        players = [Random(hseed * 4 + s) for s in range(4)]
        observations = env.reset(seed=hseed)
        while not env.done():
            # One observation per seat asked (its view: hand, new events, legal actions); one decision each.
            actions = {seat: players[seat].choice(obs.legal_actions()) for seat, obs in observations.items()}
            steps += len(actions)
            observations = env.step(actions)
    return steps


def peer_rate(seed: int, hands: int, log: bool = True) -> PeerRate | None:
    """Time ``hands`` hands of Rust RiichiEnv as ``ruleset_rate`` times ours (None: ``riichienv`` is not
    installed): Tenhou-style four-player riichi with red fives, one hand (``4p-red-single``) per
    ``reset``, a uniformly random legal action for each seat asked, in this process's CPU time. A step
    is one decision, as ours is one ``Game.apply``: RiichiEnv's ``step`` takes every asked seat's
    decision at once (several only when several seats may claim a discard)."""
    try:
        import riichienv
    except ImportError:
        return None
    env = riichienv.RiichiEnv(game_mode="4p-red-single", seed=seed, skip_mjai_logging=not log)
    _peer_hands(env, seed + 1, max(5, hands // 20))  # warm up as ruleset_rate does
    gc.collect()
    t0 = time.process_time()
    steps = _peer_hands(env, seed, hands)
    seconds = time.process_time() - t0
    from importlib.metadata import version

    return PeerRate(version("riichienv"), log, hands, steps, seconds)


def _best_peer(a: PeerRate | None, b: PeerRate | None) -> PeerRate | None:
    if a is None or b is None:
        return a or b
    return max(a, b, key=lambda r: r.per_second)


def rates_with_peer(names: Sequence[str], seed: int, hands: int, repeat: int = 3
                    ) -> tuple[list[Rate], PeerRate | None, PeerRate | None]:
    """Each ruleset's figures (as ``ruleset_rates``) and RiichiEnv's with its log and without (None: not
    installed), timed in turn in each of ``repeat`` rounds so that the load of the moment falls on both;
    the best round of each counts."""
    best: list[Rate | None] = [None for _ in names]
    on = off = None
    for _ in range(max(1, repeat)):
        for i, name in enumerate(names):
            best[i] = _best(best[i], ruleset_rate(name, seed, hands))
        on = _best_peer(on, peer_rate(seed, hands, log=True))
        off = _best_peer(off, peer_rate(seed, hands, log=False))
    return [r for r in best if r is not None], on, off


def peer_table(names: list[str], seed: int, hands: int, repeat: int) -> None:
    """Time every ruleset and RiichiEnv in the same rounds and print rates and ratios."""
    ours, on, off = rates_with_peer(names, seed, hands, repeat)
    if on is None or off is None:
        print("The peer: riichienv is not installed (make bench installs it: the bench extra); its published")
        print(f"rate is ~{PEER_PUBLISHED:,} steps/s.")
        return
    print(f"Against the peer, measured here: Rust RiichiEnv {on.version} (random policy, one core, CPU time, "
          f"{hands} hands each, best of {repeat})")
    header = f"{'engine':<34} {'steps/hand':>10} {'steps/s':>9} {'hands/s':>8} {'vs RiichiEnv':>12}"
    print(header)
    print("-" * len(header))
    for label, r in ((f"RiichiEnv {on.version}, MJAI log on", on),
                     (f"RiichiEnv {off.version}, log off", off)):
        print(f"{label:<34} {r.steps / r.hands:>10.1f} {r.per_second:>9,.0f} {r.hands_per_second:>8,.1f}")
    for now in ours:
        seconds = now.seconds or now.engine + now.act
        print(f"{'majiang ' + now.name:<34} {now.steps / now.hands:>10.1f} {now.per_second:>9,.0f} "
              f"{now.hands / seconds:>8,.1f} {now.per_second / on.per_second:>11.2f}x")
    print("A step on both sides: one seat's decision, a uniformly random choice among its legal actions,")
    print("with the seat's view made (ours: Game.view; RiichiEnv: the Observation step() returns, its legal")
    print("actions read). vs RiichiEnv: against its default, MJAI log on (majiang always keeps its event")
    print("log; with the log off RiichiEnv's observations carry no events). Its published rate: "
          f"~{PEER_PUBLISHED:,} steps/s.")


def rss_bytes() -> int:
    """This process's resident set size now (Linux), or its peak where that is all there is."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def memory_run(seed: int, hands: int, every: int) -> list[tuple[int, int]]:
    """(hands played, RSS) every ``every`` hands of random bots, played as a ``simulate`` worker does."""
    samples = [(0, rss_bytes())]
    for i in range(hands):
        play_hand(i, seed, ["random"])
        if (i + 1) % every == 0:
            samples.append((i + 1, rss_bytes()))
    return samples


def live_game_size(seed: int, games: int) -> tuple[float, float, float]:
    """Bytes per game dealt and played to mid-hand, for a first and a second batch of ``games``, and
    how much of the second is the event log (``Game.events``).

    The first batch can include one-time allocations (tables loaded on first use, caches the engine
    fills as it meets new shapes); the second shows the steady state.
    """
    out = []
    keep: list[list[Game]] = []
    events = 0.0
    for batch in range(2):
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        live = []
        for i in range(games):
            hseed = game_seed(seed, batch * games + i)
            game = Game(seed=hseed, dealer=i % 4)
            players = [find_bot("random", hseed * 4 + s) for s in range(4)]
            # Mid-hand: about half the wall drawn (a few hands end sooner; they are kept as they are).
            while game.phase != Phase.OVER and game.wall_left > 45:
                seat = game.to_act()[0]
                game.apply(seat, players[seat].act(game.view(seat)))
            live.append(game)
        del players
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        out.append((after - before) / games)
        if batch == 1:
            for game in live:
                game.events = []
            gc.collect()
            events = (after - tracemalloc.get_traced_memory()[0]) / games
        tracemalloc.stop()
        keep.append(live)
    return out[0], out[1], events


def throughput_table(names: list[str], seed: int, hands: int, bot_hands: int) -> None:
    """Time each bot and print a row of rates, then the cost of a step by part."""
    print("Throughput (a step is one Game.apply; engine = dealing + views + apply, policy = bot.act)")
    header = (f"{'bot':<11} {'hands':>6} {'steps/hand':>10} {'wins':>6} {'steps/s':>9} {'hands/s':>8} "
              f"{'engine steps/s':>14} {'apply-only':>10} {'policy share':>12}")
    print(header)
    print("-" * len(header))
    for name in names:
        r = throughput(name, seed, hands if name == "random" else bot_hands)
        total = r.engine + r.act
        print(f"{r.name:<11} {r.hands:>6} {r.steps / r.hands:>10.1f} {r.wins / r.hands:>6.1%} "
              f"{r.steps / r.seconds:>9,.0f} {r.hands / r.seconds:>8,.1f} {r.steps / r.engine:>14,.0f} "
              f"{r.steps / (r.deal + r.apply):>10,.0f} {r.act / total:>12.1%}")
        us = 1e6 / r.steps
        print(f"{'':<11} per step: deal {r.deal * us:.1f} us, view {r.view * us:.1f} us, "
              f"apply {r.apply * us:.1f} us, bot {r.act * us:.1f} us")


def _mib(n: float) -> str:
    return f"{n / 2**20:,.1f} MiB"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bots", default="random,efficiency",
                        help="bots to time, comma-separated ('' skips the throughput)")
    parser.add_argument("--hands", type=int, default=2000, help="hands timed with the random bot")
    parser.add_argument("--bot-hands", type=int, default=300, help="hands timed with each other bot")
    parser.add_argument("--memory-hands", type=int, default=100_000, help="hands of the RSS run (0: skip)")
    parser.add_argument("--memory-every", type=int, default=10_000, help="hands between RSS samples")
    parser.add_argument("--live-games", type=int, default=1000,
                        help="games held for the size measure (0: skip)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rulesets", default=None,
                        help="rulesets to time, comma-separated (default: every registered one; '' skips)")
    parser.add_argument("--baseline", default=None, metavar="DIR",
                        help="a checkout of an older majiang (DIR/src) to time the default ruleset against")
    parser.add_argument("--ruleset-hands", type=int, default=RULESET_HANDS,
                        help=f"hands per ruleset and round of the ruleset table (default {RULESET_HANDS},"
                             " as in make bench)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds of the ruleset timing (best counts)")
    parser.add_argument("--peer", action=argparse.BooleanOptionalAction, default=True,
                        help="time Rust RiichiEnv against the rulesets (when riichienv is installed)")
    parser.add_argument("--rate-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rate_worker:  # run by --baseline under the older code: print one ruleset's figures
        r = ruleset_rate(args.rulesets or None, args.seed, args.hands)
        import majiang

        print(json.dumps({"name": "baseline", "hands": r.hands, "steps": r.steps, "deal": r.deal,
                          "view": r.view, "act": r.act, "apply": r.apply, "read": r.read,
                          "seconds": r.seconds,
                          "module": majiang.__file__}))
        return 0
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    for name in names:
        if name not in BOTS:
            parser.error(f"unknown bot {name!r}; one of {', '.join(BOTS)}")

    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"one process (per-core figures), seed {args.seed}")
    print()
    if args.rulesets is None:
        from majiang.game.ruleset import ruleset_names

        rulesets = ruleset_names()
    else:
        rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    if rulesets:
        ruleset_table(rulesets, args.seed, args.ruleset_hands, args.baseline, max(1, args.repeat))
        print()
        if args.peer:
            peer_table(rulesets, args.seed, args.ruleset_hands, max(1, args.repeat))
            print()
    if names:
        throughput_table(names, args.seed, args.hands, args.bot_hands)
        print()

    if args.live_games > 0:
        size_first, size_steady, events = live_game_size(args.seed, args.live_games)
        print(f"Live game state (tracemalloc, {args.live_games} games dealt and played to mid-hand):")
        print(f"  first batch {size_first / 1024:,.1f} KiB per game, second batch "
              f"{size_steady / 1024:,.1f} KiB per game, of which the event log {events / 1024:,.1f} KiB")
        print(f"  10,000 concurrent games: {_mib(size_steady * 10_000)} "
              f"({_mib((size_steady - events) * 10_000)} without their event logs)")
        print()

    if args.memory_hands > 0:
        every = max(1, min(args.memory_every, args.memory_hands))
        print(f"RSS of one worker process over {args.memory_hands:,} hands (random bots), every {every:,}:")
        t0 = time.perf_counter()
        # A spawned worker starts clean: a forked one would carry this process's pages (the live
        # games above) in its resident set.
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            samples = pool.apply(memory_run, (args.seed, args.memory_hands, every))
        seconds = time.perf_counter() - t0
        for hands, rss in samples:
            print(f"  {hands:>9,} hands  {_mib(rss):>12}")
        if len(samples) > 2:
            first = samples[1][1]
            growth = samples[-1][1] - first
            per = growth / max(1, samples[-1][0] - samples[1][0])
            print(f"  growth after the first {samples[1][0]:,} hands: {_mib(growth)} "
                  f"({per:+.1f} bytes per hand); {seconds:.0f} s")
        print()
    print("Reference (steps per second, random policy, as published):")
    for what, rate in TARGETS:
        print(f"  {rate:>7,}  {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

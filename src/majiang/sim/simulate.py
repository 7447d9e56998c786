"""Many single hands played by bots, in parallel, with per-bot statistics.

Every hand is seeded from the run's seed and the hand's index alone, so a run gives the same hands
and the same summary whatever the number of worker processes. Seat ``i`` is played by
``bots[i % len(bots)]``; the dealer moves one seat on with each hand and the round wind stays East
unless another is asked for.

>>> summary = simulate(8, ["random"], workers=1, seed=1)
>>> summary.games, summary.bots[0].name, summary.bots[0].hands
(8, 'random', 32)
>>> sum(b.score_sum for b in summary.bots)
0
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from majiang.atomic import write_lines_atomically
from majiang.bots import find_bot
from majiang.game.rules import McrRules, Ruleset
from majiang.game.table import Game, Phase
from majiang.tiles import WINDS, Tile

__all__ = [
    "MAX_STEPS",
    "BotStats",
    "HandOutcome",
    "Summary",
    "game_seed",
    "play_hand",
    "simulate",
]

MAX_STEPS = 5000
"""A hand taking more actions than this is an engine bug (a real hand takes a few hundred at most)."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` with the number of hands finished so far."""


def game_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a run seeded ``seed``: a 63-bit hash of both, stable everywhere.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    digest = hashlib.blake2b(f"majiang-sim/{seed}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One simulated hand, as the output file records it (one JSON line per hand)."""

    index: int
    seed: int
    dealer: int
    bots: tuple[str, ...]
    """The bot of each seat 0-3."""
    winners: tuple[int, ...]
    fans: tuple[tuple[str, ...], ...]
    """For each winner, the Chinese names of its fans (a fan counted twice appears once)."""
    totals: tuple[int, ...]
    """For each winner, its total (fans and flowers)."""
    deltas: tuple[int, int, int, int]
    self_drawn: bool
    payer: int | None
    steps: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON-lines record."""
        return {"game": self.index, "seed": self.seed, "dealer": self.dealer, "bots": list(self.bots),
                "winners": list(self.winners), "fans": [list(f) for f in self.fans],
                "totals": list(self.totals), "deltas": list(self.deltas), "self_drawn": self.self_drawn,
                "payer": self.payer, "steps": self.steps}


def play_hand(index: int, seed: int, bots: Sequence[str], *, prevalent: Tile = Tile.EAST,
              rules: Ruleset | None = None) -> HandOutcome:
    """Play hand ``index`` of a run seeded ``seed`` to its end with the named bots.

    >>> play_hand(0, 1, ["random"]).to_dict() == play_hand(0, 1, ["random"]).to_dict()
    True
    """
    hseed = game_seed(seed, index)
    seat_bots = tuple(bots[s % len(bots)] for s in range(4))
    players = [find_bot(name, hseed * 4 + s) for s, name in enumerate(seat_bots)]
    game = Game(rules, seed=hseed, dealer=index % 4, prevalent=prevalent)
    steps = 0
    while game.phase != Phase.OVER:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"hand {index} (game seed {hseed}) did not end in {MAX_STEPS} steps")
        for seat in game.to_act():
            game.apply(seat, players[seat].act(game.view(seat)))
            steps += 1
    result = game.result
    assert result is not None
    return HandOutcome(
        index=index, seed=hseed, dealer=game.dealer, bots=seat_bots, winners=result.winners,
        fans=tuple(tuple(dict.fromkeys(hit.name for hit in r.fans)) for r in result.scores),
        totals=tuple(r.total for r in result.scores), deltas=result.deltas, self_drawn=result.self_drawn,
        payer=result.payer, steps=steps,
    )


@dataclass(slots=True)
class _Tally:
    """Integer counts for one bot, merged exactly across chunks and workers."""

    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    draws: int = 0
    score_sum: int = 0
    score_squares: int = 0
    fans: dict[str, int] = field(default_factory=dict)

    def add_seat(self, outcome: HandOutcome, seat: int) -> None:
        delta = outcome.deltas[seat]
        self.hands += 1
        self.score_sum += delta
        self.score_squares += delta * delta
        if not outcome.winners:
            self.draws += 1
            return
        if seat in outcome.winners:
            self.wins += 1
            if outcome.self_drawn:
                self.self_draws += 1
            for name in outcome.fans[outcome.winners.index(seat)]:
                self.fans[name] = self.fans.get(name, 0) + 1
        elif outcome.payer == seat:
            self.deal_ins += 1

    def merge(self, other: _Tally) -> None:
        self.hands += other.hands
        self.wins += other.wins
        self.self_draws += other.self_draws
        self.deal_ins += other.deal_ins
        self.draws += other.draws
        self.score_sum += other.score_sum
        self.score_squares += other.score_squares
        for name, n in other.fans.items():
            self.fans[name] = self.fans.get(name, 0) + n


@dataclass(frozen=True, slots=True)
class BotStats:
    """One bot's results over every seat it played (a bot in two seats counts two hands per game).

    Rates are per hand played: ``win_rate`` wins, ``self_draw_rate`` wins by self-draw (自摸),
    ``deal_in_rate`` discards (or robbed kongs) another seat won on (点炮), ``draw_rate`` hands that ran
    out the wall (荒庄). ``fans`` counts the wins each fan appears in, by Chinese name.
    """

    name: str
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    draws: int
    score_sum: int
    score_squares: int
    fans: dict[str, int]

    def _rate(self, n: int) -> float:
        return n / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        """Wins per hand."""
        return self._rate(self.wins)

    @property
    def self_draw_rate(self) -> float:
        """Self-drawn wins per hand."""
        return self._rate(self.self_draws)

    @property
    def deal_in_rate(self) -> float:
        """Hands lost by discarding (or adding a kong with) the winning tile, per hand."""
        return self._rate(self.deal_ins)

    @property
    def draw_rate(self) -> float:
        """Exhaustive draws (荒庄) per hand."""
        return self._rate(self.draws)

    @property
    def mean_score(self) -> float:
        """Mean score change per hand."""
        return self._rate(self.score_sum)

    @property
    def score_ci(self) -> tuple[float, float]:
        """A 95% confidence interval of the mean score per hand (normal approximation).

        The seat-hands are treated as independent: for a bot that plays several seats of the same
        hands, whose results are correlated, the interval is somewhat too narrow.
        """
        n = self.hands
        mean = self.mean_score
        if n < 2:
            return (mean, mean)
        variance = (self.score_squares - n * mean * mean) / (n - 1)
        half = 1.96 * math.sqrt(max(variance, 0.0) / n)
        return (mean - half, mean + half)

    def fan_frequencies(self) -> list[tuple[str, int, float]]:
        """``(fan, wins with it, share of wins)``, most frequent first (ties by name)."""
        rows = sorted(self.fans.items(), key=lambda kv: (-kv[1], kv[0]))
        return [(name, n, n / self.wins if self.wins else 0.0) for name, n in rows]

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``majiang simulate --json``."""
        low, high = self.score_ci
        return {"bot": self.name, "hands": self.hands, "wins": self.wins, "win_rate": self.win_rate,
                "self_draw_rate": self.self_draw_rate, "deal_in_rate": self.deal_in_rate,
                "draw_rate": self.draw_rate, "mean_score": self.mean_score, "score_ci95": [low, high],
                "fans": {name: n for name, n, _ in self.fan_frequencies()}}


@dataclass(frozen=True, slots=True)
class Summary:
    """A run's totals and one ``BotStats`` per distinct bot name (in the order first seated)."""

    games: int
    seed: int
    seats: tuple[str, str, str, str]
    bots: tuple[BotStats, ...]
    steps: int
    wins: int
    draws: int
    seconds: float
    workers: int

    def bot(self, name: str) -> BotStats:
        """The statistics of the bot called ``name``."""
        for stats in self.bots:
            if stats.name == name:
                return stats
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``majiang simulate --json`` (timings apart, it does not depend on workers)."""
        return {"games": self.games, "seed": self.seed, "seats": list(self.seats), "steps": self.steps,
                "wins": self.wins, "draws": self.draws, "seconds": self.seconds, "workers": self.workers,
                "bots": [b.to_dict() for b in self.bots]}


@dataclass(frozen=True, slots=True)
class _Task:
    start: int
    stop: int
    seed: int
    bots: tuple[str, ...]
    prevalent: Tile
    rules: Ruleset | None
    records: bool


@dataclass(slots=True)
class _ChunkResult:
    count: int
    steps: int
    wins: int
    tallies: dict[str, _Tally]
    lines: list[str]


def _play_chunk(task: _Task) -> _ChunkResult:
    tallies: dict[str, _Tally] = {}
    lines: list[str] = []
    steps = wins = 0
    for index in range(task.start, task.stop):
        outcome = play_hand(index, task.seed, task.bots, prevalent=task.prevalent, rules=task.rules)
        steps += outcome.steps
        wins += bool(outcome.winners)
        for seat, name in enumerate(outcome.bots):
            tallies.setdefault(name, _Tally()).add_seat(outcome, seat)
        if task.records:
            lines.append(json.dumps(outcome.to_dict(), ensure_ascii=False, separators=(",", ":")))
    return _ChunkResult(task.stop - task.start, steps, wins, tallies, lines)


def _chunk_size(games: int, workers: int) -> int:
    # Enough chunks per worker to balance the load and move the progress bar; few enough to keep
    # the per-task overhead (pickling, scheduling) small next to a chunk's few seconds of play.
    return max(1, min(250, games // (workers * 16) or 1))


def simulate(games: int, bots: Sequence[str], workers: int | None = None, seed: int = 0,
             out: Path | None = None, progress: Progress | None = None, *, prevalent: Tile = Tile.EAST,
             rules: Ruleset | None = None) -> Summary:
    """Play ``games`` single hands with ``bots`` on ``workers`` processes (default: every core).

    ``workers=1`` plays in this process. ``out`` receives one compact JSON line per hand, in hand
    order, written to a temporary file beside it and moved into place when the run is complete.
    """
    if games < 0:
        raise ValueError(f"games must be at least 0, not {games}")
    names = tuple(bots)
    if not 1 <= len(names) <= 4:
        raise ValueError(f"give one to four bots (seat i plays bots[i % len(bots)]), not {len(names)}")
    for name in dict.fromkeys(names):
        find_bot(name, 0)  # an unknown name fails here, before any process starts
    if prevalent not in WINDS:
        raise ValueError(f"the round wind must be a wind, not {prevalent!r}")
    if rules is None:
        rules = McrRules()
    if workers is None:
        workers = os.cpu_count() or 1
    out = None if out is None else Path(out)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    seats = (names[0 % len(names)], names[1 % len(names)], names[2 % len(names)], names[3 % len(names)])
    size = _chunk_size(games, workers)
    tasks = [_Task(start, min(start + size, games), seed, seats, prevalent, rules, out is not None)
             for start in range(0, games, size)]

    t0 = time.perf_counter()
    tallies = {name: _Tally() for name in dict.fromkeys(seats)}
    done = steps = wins = 0

    def results() -> Iterator[str]:
        """Merge the chunks as they come, yielding the per-game lines to write (if any)."""
        nonlocal done, steps, wins
        for chunk in _run(tasks, workers):
            done += chunk.count
            steps += chunk.steps
            wins += chunk.wins
            for name, tally in chunk.tallies.items():
                tallies[name].merge(tally)
            yield from chunk.lines
            if progress is not None:
                progress(done, games)

    if out is not None:
        write_lines_atomically(out, results())
    else:
        for _ in results():
            pass
    stats = tuple(BotStats(name, t.hands, t.wins, t.self_draws, t.deal_ins, t.draws, t.score_sum,
                           t.score_squares, dict(t.fans)) for name, t in tallies.items())
    return Summary(games=games, seed=seed, seats=seats, bots=stats, steps=steps, wins=wins,
                   draws=games - wins, seconds=time.perf_counter() - t0, workers=workers)


def _run(tasks: list[_Task], workers: int) -> Iterator[_ChunkResult]:
    """The chunks' results in task order: in this process, or from a pool of ``workers``."""
    if workers == 1 or len(tasks) <= 1:
        for task in tasks:
            yield _play_chunk(task)
        return
    with multiprocessing.get_context().Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap(_play_chunk, tasks)

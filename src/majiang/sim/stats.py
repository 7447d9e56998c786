"""What a simulated hand came to (``HandOutcome``) and the statistics of many: per bot (``BotStats``) and per
run (``Summary``)."""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from majiang.errors import InvalidOptionError
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.game.table import HandResult

__all__ = ["BotStats", "HandOutcome", "Summary", "changed_options", "summary_line"]


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One simulated hand, as the output file records it (one JSON line per hand)."""

    index: int
    seed: int
    dealer: int
    bots: tuple[str, ...]
    """The bot of each seat 0-3."""
    winners: tuple[int, ...]
    """The seat of each win, in order (a seat may win more than once where play goes on after a win)."""
    fans: tuple[tuple[str, ...], ...]
    """For each win, the names of what it scored (``Describer.score_names``: each fan once)."""
    totals: tuple[int, ...]
    """For each win, its score's total (Chinese Official: fans and flowers)."""
    deltas: tuple[int, int, int, int]
    """Every payment of the hand (wins, kongs, penalties, settlement)."""
    self_drawn: bool
    """The first win was self-drawn."""
    payer: int | None
    """The seat that gave the first win (discarded the tile, or had its kong robbed)."""
    steps: int
    givers: tuple[int | None, ...] = ()
    """For each win, the seat that gave it (None: self-drawn)."""
    rules: str = DEFAULT_RULESET
    options: tuple[tuple[str, Any], ...] = ()
    """The ruleset's options that differ from their defaults, as ``(name, value)`` pairs."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON-lines record."""
        return {"game": self.index, "seed": self.seed, "dealer": self.dealer, "bots": list(self.bots),
                "rules": self.rules, "options": dict(self.options),
                "winners": list(self.winners), "fans": [list(f) for f in self.fans],
                "totals": list(self.totals), "from": list(self.givers), "deltas": list(self.deltas),
                "self_drawn": self.self_drawn, "payer": self.payer, "steps": self.steps}


def changed_options(rules: Ruleset) -> tuple[tuple[str, Any], ...]:
    """The options of ``rules`` that differ from its defaults, as plain data in field order: the defaults
    of the ruleset registered under its name (a preset such as ``chengdu`` has its own), else of its class.

    >>> from majiang.game.ruleset import find_ruleset
    >>> changed_options(find_ruleset("mcr", ["several_winners=yes"]))
    (('several_winners', True),)
    """
    try:
        defaults = find_ruleset(rules.name).options()
    except InvalidOptionError:  # not registered: the class's own defaults
        defaults = {}
        for f in dataclasses.fields(rules):
            if f.default is not dataclasses.MISSING:
                defaults[f.name] = f.default.value if isinstance(f.default, Enum) else f.default
    return tuple((k, v) for k, v in rules.options().items() if k not in defaults or defaults[k] != v)


def _outcome(index: int, seed: int, dealer: int, seat_bots: tuple[str, ...], result: HandResult,
             steps: int, rules: Ruleset) -> HandOutcome:
    return HandOutcome(
        index=index, seed=seed, dealer=dealer, bots=seat_bots, winners=result.winners,
        fans=tuple(tuple(dict.fromkeys(rules.describer().score_names(w.score))) for w in result.wins),
        totals=tuple(w.score.total for w in result.wins), deltas=result.deltas, self_drawn=result.self_drawn,
        payer=result.payer, steps=steps, givers=tuple(w.giver for w in result.wins), rules=rules.name,
        options=changed_options(rules),
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
        # Every win counts: several on one discard (一炮多响), and more after it where play goes on.
        for winner, giver, names in zip(outcome.winners, outcome.givers, outcome.fans, strict=True):
            if winner == seat:
                self.wins += 1
                self.self_draws += giver is None
                for name in names:
                    self.fans[name] = self.fans.get(name, 0) + 1
            elif giver == seat:
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
        """Wins per hand (above 1 is possible where a seat may win again in the same hand, 血流成河)."""
        return self._rate(self.wins)

    @property
    def self_draw_rate(self) -> float:
        """Self-drawn wins per hand."""
        return self._rate(self.self_draws)

    @property
    def deal_in_rate(self) -> float:
        """Wins given by discarding (or adding a kong with) the winning tile, per hand: a discard that
        several seats win on counts once for each."""
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
    """A run's totals and one ``BotStats`` per distinct bot name (in the order first seated).

    ``wins`` counts the hands with at least one win, ``draws`` those without (荒庄).
    """

    games: int
    seed: int
    seats: tuple[str, str, str, str]
    bots: tuple[BotStats, ...]
    steps: int
    wins: int
    draws: int
    seconds: float
    workers: int
    resumed: int = 0
    """Hands kept from an interrupted run (``resume``): counted in the figures, not played in ``seconds``."""
    rules: str = DEFAULT_RULESET
    """The ruleset played."""
    options: tuple[tuple[str, Any], ...] = ()
    """Its options, every one, as ``(name, value)`` pairs (``changed`` says which differ from defaults)."""
    changed: tuple[str, ...] = ()
    """The options that differ from the ruleset's defaults."""

    def bot(self, name: str) -> BotStats:
        """The statistics of the bot called ``name``."""
        for stats in self.bots:
            if stats.name == name:
                return stats
        names = ", ".join(stats.name for stats in self.bots)
        raise InvalidOptionError(f"no bot {name!r} in this summary; it has {names}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``majiang simulate --json`` (timings apart, it does not depend on workers)."""
        return {"games": self.games, "seed": self.seed, "rules": self.rules, "options": dict(self.options),
                "seats": list(self.seats), "steps": self.steps,
                "wins": self.wins, "draws": self.draws, "seconds": self.seconds, "workers": self.workers,
                "bots": [b.to_dict() for b in self.bots]}


def summary_line(outcome: HandOutcome) -> str:
    """The hand's line in a summaries file (``--summaries``)."""
    return json.dumps(outcome.to_dict(), ensure_ascii=False, separators=(",", ":"))

"""The duplicate arena: two bots play the same deals from every seat, and the difference is measured.

Luck of the tiles dominates single hands, so bot A and bot B are compared on identical deals. Each deal
(one seed: the same wall and dice) is played six times, two of each bot at the table:

* ``AABB``, ``BAAB``, ``BBAA``, ``ABBA``: pairs of neighbours, rotated over the four seats;
* ``ABAB``, ``BABA``: the two bots alternating.

Over those six plays each bot sits in every seat three times, with every neighbour pattern, on the same
tiles. Deals are single hands (not matches); the dealer rotates with the deal number (deal ``i`` is
dealt by seat ``i % 4``) and the round wind moves every four deals.

A bot's score for a deal is the mean of its twelve seat results (score changes in points); the report
gives, over deals, each bot's mean per hand with a 95% Student-t interval, its win and deal-in rates,
and the mean of the per-deal difference A - B with its interval (paired by deal). With two of each bot
at the table and zero-sum payments, A's and B's deal scores are opposite, so the difference is twice
A's score; it is decisive when its interval excludes 0.

>>> result = run_arena(("fan-aware", "random"), deals=1, seed=1)
>>> result.hands, [b.seat_hands for b in result.bots]
(6, [12, 12])
>>> round(result.bots[0].mean.mean + result.bots[1].mean.mean, 9)
0.0
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from majiang.bots import play_out
from majiang.errors import InvalidOptionError
from majiang.game import events as ev
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.game.table import Game, HandResult
from majiang.interop.external import (
    DEFAULT_TIME_LIMIT,
    BotzoneProcessBot,
    Seat,
    check_rules,
    check_seat,
    make_seat,
    play_botzone,
)
from majiang.interop.mjai_table import MjaiSeat, play_mjai
from majiang.records.format import dump_line
from majiang.records.stream import PartialFile, partial_path
from majiang.records.writer import RecordWriter, hand_event_lines, hand_summary
from majiang.rules.riichi.game import RiichiDeclared
from majiang.sim.pool import check_workers, ordered_map
from majiang.sim.seeds import derived_seed
from majiang.sim.simulate import ResumeError, reopen_partial
from majiang.tiles import WINDS, Tile

__all__ = [
    "ARRANGEMENTS",
    "RECORD_PLAYERS",
    "ArenaResult",
    "BotSummary",
    "DealResult",
    "Interval",
    "arrangement_name",
    "deal_seed",
    "deal_wind",
    "mean_interval",
    "play_deal",
    "run_arena",
    "t_quantile",
]

ARRANGEMENTS: tuple[tuple[int, int, int, int], ...] = (
    (0, 0, 1, 1),
    (1, 0, 0, 1),
    (1, 1, 0, 0),
    (0, 1, 1, 0),
    (0, 1, 0, 1),
    (1, 0, 1, 0),
)
"""Which bot (0 = A, 1 = B) sits in seats 0-3, for each of a deal's six plays."""

CONFIDENCE = 0.95

Progress = Callable[[int, int], None]
"""Called as ``progress(deals_done, deals)``."""


def arrangement_name(arrangement: Sequence[int]) -> str:
    """``AABB`` for ``(0, 0, 1, 1)``."""
    return "".join("AB"[k] for k in arrangement)


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal number ``deal`` in an arena seeded ``seed`` (stable across runs).

    >>> deal_seed(0, 1) == deal_seed(0, 1) != deal_seed(0, 2)
    True
    """
    return derived_seed("majiang-arena", seed, "deal", deal)


def _bot_seed(seed: int, deal: int, play: int, seat: int) -> int:
    return derived_seed("majiang-arena", seed, "bot", deal, play, seat)


# -- statistics ----------------------------------------------------------------------------------


def _t_two_sided(x: float, df: int) -> float:
    """P(|T| < x) for Student's t with ``df`` degrees of freedom (the finite series for whole df)."""
    theta = math.atan(x / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2 == 1:
        total = 0.0
        if df > 1:
            term = 1.0
            total = 1.0
            for k in range(1, (df - 3) // 2 + 1):
                term *= c2 * (2 * k) / (2 * k + 1)
                total += term
            total *= s * math.cos(theta)
        return 2.0 / math.pi * (theta + total)
    term = 1.0
    total = 1.0
    for k in range(1, (df - 2) // 2 + 1):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def t_quantile(confidence: float, df: int) -> float:
    """The two-sided critical value of Student's t: P(|T| < value) = ``confidence``.

    >>> round(t_quantile(0.95, 4), 4), round(t_quantile(0.95, 1), 3), round(t_quantile(0.95, 10_000), 2)
    (2.7764, 12.706, 1.96)
    """
    if df < 1:
        raise InvalidOptionError(f"degrees of freedom must be at least 1, not {df}")
    if not 0.0 < confidence < 1.0:
        raise InvalidOptionError(f"confidence must be between 0 and 1, not {confidence}")
    if df > 5000:
        # The series would take thousands of terms; the normal quantile is off by under 1e-3 here.
        z = statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
        return z * (1.0 + (z * z + 1.0) / (4.0 * df))
    low, high = 0.0, 1.0
    while _t_two_sided(high, df) < confidence:
        high *= 2.0
    for _ in range(100):
        mid = (low + high) / 2
        if _t_two_sided(mid, df) < confidence:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and its confidence interval (Student t over ``n`` values)."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Distance from the mean to either end."""
        return (self.high - self.low) / 2

    def excludes_zero(self) -> bool:
        """Whether the whole interval lies on one side of 0 (the sign is significant)."""
        return self.low > 0.0 or self.high < 0.0

    def bounds(self) -> list[float | None]:
        """``[low, high]`` for JSON: ``None`` where the interval is unbounded (a single value)."""
        return [_finite(self.low), _finite(self.high)]

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "ci": self.bounds(), "n": self.n}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of ``values`` with a Student-t interval (the sample standard deviation, n - 1).

    >>> i = mean_interval([1, 2, 3, 4, 5])
    >>> i.mean, round(i.low, 4), round(i.high, 4)
    (3.0, 1.0368, 4.9632)
    """
    n = len(values)
    if n == 0:
        raise InvalidOptionError("no values")
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    sd = statistics.stdev(values)
    half = t_quantile(confidence, n - 1) * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


# -- playing --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayResult:
    """One play of a deal: which bot sat where, and how the hand ended."""

    arrangement: tuple[int, int, int, int]
    deltas: tuple[int, int, int, int]
    winners: tuple[int, ...]
    """The seat of each win, in order."""
    payer: int | None
    """The seat that gave the first win (None: self-drawn, or no win)."""
    self_drawn: bool
    fans: tuple[int, ...]
    """The score total of each win."""
    givers: tuple[int | None, ...] = ()
    """The seat that gave each win (None: self-drawn)."""
    forfeits: tuple[int, ...] = ()
    """The seat that forfeited the hand, if one did (an external program's failed or illegal answer)."""
    riichi: tuple[int, ...] = ()
    """The seats that declared riichi (under a ruleset with riichi)."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """The six plays of one deal."""

    deal: int
    seed: int
    dealer: int
    plays: tuple[PlayResult, ...]

    def per_hand(self, bot: int) -> float:
        """Mean score change of bot ``bot`` (0 = A, 1 = B) over its seats in this deal's plays."""
        total = 0
        n = 0
        for p in self.plays:
            for seat, who in enumerate(p.arrangement):
                if who == bot:
                    total += p.deltas[seat]
                    n += 1
        return total / n


def _play(bots: Sequence[Seat], seed: int, dealer: int, deal: int,
          rules: Ruleset) -> tuple[Game, tuple[int, ...]]:
    """The hand played, and the seats whose mjai program failed an answer in it (riichi charges no forfeit:
    the seat played on by the fallback rule, ``majiang.interop.mjai_table``)."""
    game = Game(rules, seed=seed, dealer=dealer, round_wind=deal_wind(deal))
    ours = [bot for bot in bots if not isinstance(bot, BotzoneProcessBot)]
    if len(ours) < len(bots):
        play_botzone(game, bots)  # external programs: every seat hears every request of the judge
    elif any(isinstance(bot, MjaiSeat) for bot in ours):
        failures = play_mjai(game, ours)
        return game, tuple(sorted({f.seat for f in failures}))
    else:
        play_out(game, ours)
    return game, ()


def deal_wind(deal: int) -> Tile:
    """The round wind of deal number ``deal``: it moves every four deals."""
    return WINDS[(deal // 4) % 4]


def _play_result(arrangement: tuple[int, int, int, int], result: HandResult,
                 forfeits: tuple[int, ...] = (), riichi: tuple[int, ...] = ()) -> PlayResult:
    return PlayResult(arrangement, result.deltas, result.winners,
                      result.payer if not result.self_drawn else None, result.self_drawn,
                      tuple(w.score.total for w in result.wins), tuple(w.giver for w in result.wins),
                      forfeits, riichi)


def _riichi_seats(events: Sequence[ev.Event | dict[str, Any]]) -> tuple[int, ...]:
    """The seats that declared riichi, from a hand's events (typed, or as a record holds them)."""
    out = []
    for e in events:
        if isinstance(e, RiichiDeclared):
            out.append(e.seat)
        elif isinstance(e, dict) and e.get("e") == RiichiDeclared.kind:
            out.append(int(e["seat"]))
    return tuple(out)


def _forfeits(events: Sequence[ev.Event | dict[str, Any]]) -> tuple[int, ...]:
    """The seats that forfeited, from a hand's events (typed, or as a record holds them)."""
    out = []
    for e in events:
        if isinstance(e, ev.Forfeit):
            out.append(e.seat)
        elif isinstance(e, dict) and e.get("e") == ev.Forfeit.kind:
            out.append(int(e["seat"]))
    return tuple(out)


def play_deal(names: tuple[str, str], seed: int, deal: int, rules: Ruleset | None = None,
              time_limit: float = DEFAULT_TIME_LIMIT) -> DealResult:
    """Play deal ``deal`` of an arena seeded ``seed`` in all six arrangements (Chinese Official rules
    unless ``rules`` says otherwise); ``names`` are seats (``majiang.interop.external.parse_seat``)."""
    return _play_deal_hands(names, seed, deal, False, rules or find_ruleset(DEFAULT_RULESET), time_limit)[0]


RecordedHand = tuple[list[str], dict[str, Any]]
"""A hand's record from a worker: its event lines and its summary with zero totals."""


def _play_deal_hands(names: tuple[str, str], seed: int, deal: int, record: bool,
                     rules: Ruleset, time_limit: float = DEFAULT_TIME_LIMIT
                     ) -> tuple[DealResult, list[RecordedHand]]:
    game_seed = deal_seed(seed, deal)
    dealer = deal % 4
    plays = []
    hands: list[RecordedHand] = []
    for k, arrangement in enumerate(ARRANGEMENTS):
        bots = [make_seat(names[who], _bot_seed(seed, deal, k, s), time_limit=time_limit)
                for s, who in enumerate(arrangement)]
        try:
            game, failed = _play(bots, game_seed, dealer, deal, rules)
        finally:
            for bot in bots:
                if isinstance(bot, BotzoneProcessBot | MjaiSeat):
                    bot.close()
        result = game.result
        assert result is not None
        plays.append(_play_result(arrangement, result, _forfeits(game.events) + failed,
                                  _riichi_seats(game.events)))
        if record:
            number = deal * len(ARRANGEMENTS) + k + 1
            hands.append((hand_event_lines(number, game), hand_summary(number, game, None, (0, 0, 0, 0))))
    return DealResult(deal, game_seed, dealer, tuple(plays)), hands


def _play_deals(args: tuple[tuple[str, str], int, list[int], bool, Ruleset, float]
                ) -> list[tuple[DealResult, list[RecordedHand]]]:
    names, seed, deals, record, rules, time_limit = args
    return [_play_deal_hands(names, seed, d, record, rules, time_limit) for d in deals]


# -- the report -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot's figures over an arena run."""

    name: str
    mean: Interval
    """Mean score change per hand, with its interval over deals."""
    seat_hands: int
    wins: int
    """Its wins: every one counts (several in a hand where play goes on after a win)."""
    self_drawn: int
    deal_ins: int
    """Wins on its discard or robbed kong (a discard several seats win on counts once for each)."""
    win_points: int
    """Sum of the score totals of its wins (Chinese Official: fans and flowers)."""
    forfeits: int = 0
    """Hands it forfeited (an external program's failed or illegal answer)."""
    riichi: int = 0
    """Seat-hands in which it declared riichi."""

    @property
    def win_rate(self) -> float:
        """Its wins per seat-hand (in Chinese Official, the share of its seat-hands it won)."""
        return self.wins / self.seat_hands if self.seat_hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        """Wins it gave (discarded or had robbed the winning tile) per seat-hand."""
        return self.deal_ins / self.seat_hands if self.seat_hands else 0.0

    @property
    def riichi_rate(self) -> float:
        """Riichi declarations per seat-hand."""
        return self.riichi / self.seat_hands if self.seat_hands else 0.0

    @property
    def mean_win_total(self) -> float:
        """Average score total of its wins."""
        return self.win_points / self.wins if self.wins else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.name,
            "mean": self.mean.mean,
            "ci": self.mean.bounds(),
            "seat_hands": self.seat_hands,
            "win_rate": self.win_rate,
            "self_drawn_wins": self.self_drawn,
            "deal_in_rate": self.deal_in_rate,
            "mean_win_total": self.mean_win_total,
            "forfeits": self.forfeits,
            "riichi_rate": self.riichi_rate,
        }


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """A duplicate comparison of bot A (``bots[0]``) and bot B (``bots[1]``)."""

    names: tuple[str, str]
    seed: int
    deals: tuple[DealResult, ...]
    bots: tuple[BotSummary, BotSummary]
    difference: Interval
    """Mean of the per-deal difference A - B (points per hand), with its interval."""
    exhausted: int
    """Plays that ended with no winner (荒庄)."""
    rules: Ruleset | None = None
    """The ruleset played (None: the default, Chinese Official)."""

    @property
    def hands(self) -> int:
        """Hands played (six per deal)."""
        return len(self.deals) * len(ARRANGEMENTS)

    @property
    def decisive(self) -> bool:
        """Whether the interval of A - B excludes 0."""
        return self.difference.excludes_zero()

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``majiang arena --json``."""
        rules = self.rules or find_ruleset(DEFAULT_RULESET)
        return {
            "bots": list(self.names),
            "seed": self.seed,
            "rules": rules.name,
            "options": rules.options(),
            "deals": len(self.deals),
            "hands": self.hands,
            "arrangements": [arrangement_name(a) for a in ARRANGEMENTS],
            "confidence": CONFIDENCE,
            "results": [b.to_dict() for b in self.bots],
            "difference": {
                "a": self.names[0],
                "b": self.names[1],
                "mean": self.difference.mean,
                "ci": self.difference.bounds(),
                "decisive": self.decisive,
            },
            "exhausted_rate": self.exhausted / self.hands if self.hands else 0.0,
        }


def summarize(names: tuple[str, str], seed: int, deals: Iterable[DealResult],
              rules: Ruleset | None = None) -> ArenaResult:
    """Figures of a set of played deals (under ``rules``, for the report)."""
    played = tuple(sorted(deals, key=lambda d: d.deal))
    if not played:
        raise InvalidOptionError("no deals played")
    per_deal = [[d.per_hand(0) for d in played], [d.per_hand(1) for d in played]]
    summaries = []
    exhausted = 0
    for who in (0, 1):
        seat_hands = wins = self_drawn = deal_ins = points = forfeits = riichi = 0
        for d in played:
            for p in d.plays:
                for seat, sitter in enumerate(p.arrangement):
                    if sitter != who:
                        continue
                    seat_hands += 1
                    forfeits += p.forfeits.count(seat)
                    riichi += seat in p.riichi
                    givers = p.givers or (p.payer,) * len(p.winners)
                    for winner, giver, total in zip(p.winners, givers, p.fans, strict=True):
                        if winner == seat:
                            wins += 1
                            self_drawn += giver is None
                            points += total
                        elif giver == seat:
                            deal_ins += 1
        summaries.append(BotSummary(names[who], mean_interval(per_deal[who]), seat_hands, wins, self_drawn,
                                    deal_ins, points, forfeits, riichi))
    for d in played:
        exhausted += sum(1 for p in d.plays if not p.winners and not p.forfeits)
    diff = mean_interval([a - b for a, b in zip(per_deal[0], per_deal[1], strict=True)])
    return ArenaResult(names, seed, played, (summaries[0], summaries[1]), diff, exhausted, rules)


RECORD_PLAYERS = ("seat 0", "seat 1", "seat 2", "seat 3")
"""The player names of an arena record: seats, since the bots change seats from hand to hand (hand
``h`` is deal ``(h - 1) // 6`` played in ``ARRANGEMENTS[(h - 1) % 6]``)."""


def run_arena(names: Sequence[str], deals: int, seed: int = 0, *, workers: int = 1,
              progress: Progress | None = None, records: Path | None = None,
              resume: bool = False, rules: Ruleset | None = None,
              time_limit: float = DEFAULT_TIME_LIMIT) -> ArenaResult:
    """Play ``deals`` deals of bot ``names[0]`` against ``names[1]`` in the duplicate format, under
    ``rules`` (default Chinese Official).

    A name is one of our bots or an external Botzone program's command line
    (``majiang.interop.external.parse_seat``); each seat an external program takes runs its own copy,
    spoken to over Botzone's protocol with ``time_limit`` seconds per answer.

    ``workers`` > 1 plays deals in that many processes; the result is the same for any number.
    ``records`` receives the ``majiang-record`` of every hand played (six per deal), streamed to
    ``FILE.partial`` and renamed when the run completes; ``resume=True`` continues an interrupted
    run's ``FILE.partial`` from its last whole deal, with the result of an uninterrupted run.
    """
    if len(names) != 2:
        raise InvalidOptionError(f"the arena compares exactly two bots, not {len(names)}")
    if names[0] == names[1]:
        raise InvalidOptionError(f"the arena compares two different bots, not {names[0]!r} with itself")
    for name in names:
        spec = check_seat(name)  # (InvalidOptionError for a seat that is no bot and no program)
        if spec.external:
            check_rules(rules or find_ruleset(DEFAULT_RULESET), spec.protocol)
    if deals < 1:
        raise InvalidOptionError(f"deals must be at least 1, not {deals}")
    check_workers(workers)
    if resume and records is None:
        raise ResumeError("resume continues the .partial file of the records: give records")
    pair = (names[0], names[1])
    plays = len(ARRANGEMENTS)
    if rules is None:
        rules = find_ruleset(DEFAULT_RULESET)
    writer = RecordWriter(rules, RECORD_PLAYERS, seed=None, match=False, hands=deals * plays)
    done: list[DealResult] = []
    file: PartialFile | None = None
    try:
        if records is not None:
            records = Path(records)
            if resume:
                file = _resume(records, writer, pair, seed, done)
            else:
                if partial_path(records).exists():
                    raise ResumeError(f"{partial_path(records)} exists: the work of an interrupted run; "
                                      "continue it with --resume, or delete it")
                file = PartialFile.create(records)
                file.write_groups([[writer.header()]])
        if progress is not None:
            progress(len(done), deals)  # before any deal is played: what was resumed
        first = len(done)
        chunk = max(1, min(8, (deals - first) // (4 * workers)))
        if records is not None:
            chunk = min(chunk, 4)  # six hands' records per deal travel back from the workers
        batches = ((pair, seed, list(range(i, min(i + chunk, deals))), records is not None, rules, time_limit)
                   for i in range(first, deals, chunk))
        for batch in ordered_map(_play_deals, batches, workers):
            for deal, hands in batch:
                done.append(deal)
                if file is not None:
                    file.write_groups([writer.hand_from_lines(events, summary) for events, summary in hands])
            if progress is not None:
                progress(len(done), deals)
        if file is not None:
            file.finish([writer.final()])
    finally:
        if file is not None:
            file.close()  # after finish() this does nothing; otherwise the .partial stays for --resume
    return summarize(pair, seed, done, rules)


def _resume(records: Path, writer: RecordWriter, pair: tuple[str, str], seed: int,
            done: list[DealResult]) -> PartialFile:
    """Reopen an interrupted run's ``FILE.partial`` at its last whole deal (each hand checked again),
    appending the deals kept to ``done``."""
    partial_file = partial_path(records)
    if not partial_file.exists():
        complete = f" ({records} is complete)" if records.exists() else ""
        raise ResumeError(f"nothing to resume: there is no {partial_file}{complete}")
    partial = reopen_partial(records, writer, "other rules or number of deals")
    plays = len(ARRANGEMENTS)
    count = 0
    totals = [0, 0, 0, 0]

    def groups() -> Iterator[list[str]]:
        nonlocal count, totals
        yield [writer.header()]
        pending: list[tuple[list[str], PlayResult]] = []
        for lines, hand in partial.hands():
            deal, k = divmod(count + len(pending), plays)
            start = lines.start.data
            if start["seed"] != deal_seed(seed, deal) or start["round_wind"] != deal_wind(deal).notation():
                return  # another run's hand: play the deal again
            group = [dump_line(line.data) for line in (lines.start, *lines.events, lines.summary)]
            events = hand.events
            pending.append((group, _play_result(ARRANGEMENTS[k], hand.result, _forfeits(events),
                                                _riichi_seats(events))))
            if len(pending) == plays:  # a whole deal: keep it
                done.append(DealResult(deal, start["seed"], deal % 4, tuple(p for _, p in pending)))
                for group, _ in pending:
                    yield group
                count += plays
                totals = list(hand.totals)
                pending = []

    file = PartialFile.restart(records, groups())
    writer.resume(count, totals)
    return file

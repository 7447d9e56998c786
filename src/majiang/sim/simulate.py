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

import dataclasses
import gzip
import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from majiang.bots import MAX_STEPS, find_bot, play_out
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.game.table import Game, HandResult
from majiang.jsonstrict import loads_strict
from majiang.records.check import PartialReplay
from majiang.records.format import GZIP_MAGIC, LineSource, RecordError, dump_line, iter_file_lines
from majiang.records.stream import PartialFile, partial_path
from majiang.records.writer import RecordWriter, hand_event_lines, hand_summary
from majiang.sim.pool import check_workers, ordered_map
from majiang.sim.seeds import derived_seed
from majiang.tiles import WINDS, Tile

__all__ = [
    "MAX_STEPS",
    "BotStats",
    "HandOutcome",
    "ResumeError",
    "Summary",
    "changed_options",
    "game_seed",
    "option_text",
    "play_hand",
    "play_hand_game",
    "seat_players",
    "simulate",
    "summary_line",
]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` with the number of hands finished so far."""


def game_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a run seeded ``seed``: a 63-bit hash of both, stable everywhere.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    return derived_seed("majiang-sim", seed, index)


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
    """For each win, the names of what it scored (``Ruleset.score_names``: each fan once)."""
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


def play_hand(index: int, seed: int, bots: Sequence[str], *, round_wind: Tile = Tile.EAST,
              rules: Ruleset | None = None) -> HandOutcome:
    """Play hand ``index`` of a run seeded ``seed`` to its end with the named bots.

    >>> play_hand(0, 1, ["random"]).to_dict() == play_hand(0, 1, ["random"]).to_dict()
    True
    """
    return play_hand_game(index, seed, bots, round_wind=round_wind, rules=rules)[0]


def play_hand_game(index: int, seed: int, bots: Sequence[str], *, round_wind: Tile = Tile.EAST,
                   rules: Ruleset | None = None) -> tuple[HandOutcome, Game]:
    """``play_hand``, and the finished game (whose events make the hand's record)."""
    hseed = game_seed(seed, index)
    seat_bots = tuple(bots[s % len(bots)] for s in range(4))
    players = [find_bot(name, hseed * 4 + s) for s, name in enumerate(seat_bots)]
    game = Game(rules, seed=hseed, dealer=index % 4, round_wind=round_wind)
    steps = play_out(game, players)
    result = game.result
    assert result is not None
    return _outcome(index, hseed, game.dealer, seat_bots, result, steps, game.rules), game


def _outcome(index: int, seed: int, dealer: int, seat_bots: tuple[str, ...], result: HandResult,
             steps: int, rules: Ruleset) -> HandOutcome:
    return HandOutcome(
        index=index, seed=seed, dealer=dealer, bots=seat_bots, winners=result.winners,
        fans=tuple(tuple(dict.fromkeys(rules.score_names(w.score))) for w in result.wins),
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


class ResumeError(MajiangError):
    """An output's ``.partial`` file is in the way of a fresh run, or cannot be continued by this one."""


def option_text(value: object) -> str:
    """An option's value as ``--option KEY=VALUE`` takes it.

    >>> [option_text(v) for v in (True, 8, None, "mil")]
    ['true', '8', 'none', 'mil']
    """
    if value is None:
        return "none"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _rules_text(rules: Ruleset | str, options: dict[str, Any] | None = None) -> str:
    """``ruleset 'mcr' with several_winners=true`` (only the options that differ from the defaults)."""
    if isinstance(rules, Ruleset):
        name, options = rules.name, dict(changed_options(rules))
    else:
        name = rules
    shown = ", ".join(f"{k}={option_text(v)}" for k, v in (options or {}).items())
    return f"ruleset {name!r}" + (f" with {shown}" if shown else " with its default options")


def reopen_partial(records: Path, writer: RecordWriter, differs: str) -> PartialReplay:
    """The interrupted run's ``FILE.partial`` of ``records``, read again; ResumeError if it is unreadable
    or its header is not the one ``writer`` writes (``differs`` says what another run would change)."""
    partial_file = partial_path(records)
    try:
        partial = PartialReplay(partial_file)
    except RecordError as err:
        raise ResumeError(f"cannot resume {partial_file}: {err}") from None
    found = partial.header
    if found.rules != writer.rules:
        raise ResumeError(f"cannot resume {partial_file}: it was played under {_rules_text(found.rules)}, "
                          f"not {_rules_text(writer.rules)}: a resumed run must use the same ruleset and "
                          "options (--rules, --option)")
    if RecordWriter(found.rules, found.players, seed=found.seed, match=found.match,
                    hands=found.hands).header() != writer.header():
        raise ResumeError(f"cannot resume {partial_file}: it was written by another run (its header "
                          f"differs: {differs})")
    return partial


@dataclass(frozen=True, slots=True)
class _Task:
    start: int
    stop: int
    seed: int
    bots: tuple[str, ...]
    round_wind: Tile
    rules: Ruleset | None
    summaries: bool
    records: bool


@dataclass(slots=True)
class _ChunkResult:
    count: int
    steps: int
    wins: int
    tallies: dict[str, _Tally]
    lines: list[str]
    """The summary line of each hand (with ``summaries``)."""
    hands: list[tuple[list[str], dict[str, Any]]]
    """Each hand's record: its event lines and its summary with zero totals (with ``records``)."""


def summary_line(outcome: HandOutcome) -> str:
    """The hand's line in a summaries file (``--summaries``)."""
    return json.dumps(outcome.to_dict(), ensure_ascii=False, separators=(",", ":"))


def _play_chunk(task: _Task) -> _ChunkResult:
    tallies: dict[str, _Tally] = {}
    lines: list[str] = []
    hands: list[tuple[list[str], dict[str, Any]]] = []
    steps = wins = 0
    for index in range(task.start, task.stop):
        outcome, game = play_hand_game(index, task.seed, task.bots, round_wind=task.round_wind,
                                       rules=task.rules)
        steps += outcome.steps
        wins += bool(outcome.winners)
        for seat, name in enumerate(outcome.bots):
            tallies.setdefault(name, _Tally()).add_seat(outcome, seat)
        if task.summaries:
            lines.append(summary_line(outcome))
        if task.records:
            number = index + 1
            hands.append((hand_event_lines(number, game), hand_summary(number, game, None, (0, 0, 0, 0))))
    return _ChunkResult(task.stop - task.start, steps, wins, tallies, lines, hands)


def _chunk_size(games: int, workers: int, records: bool) -> int:
    # Enough chunks per worker to balance the load and move the progress bar; few enough to keep
    # the per-task overhead (pickling, scheduling) small next to a chunk's few seconds of play. With
    # records a chunk's hands travel back whole (about 15 KB each), so chunks are kept smaller.
    return max(1, min(25 if records else 250, games // (workers * 16) or 1))


def seat_players(seats: Sequence[str]) -> list[str]:
    """The record's player names for the bots of seats 0-3: the names, numbered by seat if any repeat.

    >>> seat_players(["efficiency", "random", "efficiency", "random"])
    ['efficiency 1', 'random 2', 'efficiency 3', 'random 4']
    """
    if len(set(seats)) == 4:
        return list(seats)
    return [f"{name} {seat + 1}" for seat, name in enumerate(seats)]


def simulate(games: int, bots: Sequence[str], workers: int | None = None, seed: int = 0,
             out: Path | None = None, progress: Progress | None = None, *, round_wind: Tile = Tile.EAST,
             rules: Ruleset | None = None, records: Path | None = None, resume: bool = False) -> Summary:
    """Play ``games`` single hands with ``bots`` on ``workers`` processes (default: every core).

    ``workers=1`` plays in this process. ``out`` (summaries) receives one compact JSON line per hand
    and ``records`` the run's ``majiang-record`` (gzip-compressed when its name ends in ``.gz``), both
    in hand order and streamed to ``FILE.partial``, which becomes ``FILE`` when the run completes. An
    interrupted run leaves its ``.partial`` files; ``resume=True`` continues them from their last whole
    hand (checked again first), giving the same files and summary as an uninterrupted run.
    ``progress(done, games)`` is called before any hand is played (``done``: the hands resumed) and
    as hands finish.
    """
    if games < 0:
        raise InvalidOptionError(f"games must be at least 0, not {games}")
    names = tuple(bots)
    if not 1 <= len(names) <= 4:
        raise InvalidOptionError(f"give one to four bots (seat i plays bots[i % len(bots)]), not "
                                 f"{len(names)}")
    for name in dict.fromkeys(names):
        find_bot(name, 0)  # an unknown name fails here, before any process starts
    if round_wind not in WINDS:
        raise InvalidOptionError(f"the round wind must be a wind, not {round_wind!r}")
    if rules is None:
        rules = find_ruleset(DEFAULT_RULESET)
    workers = check_workers((os.cpu_count() or 1) if workers is None else workers)
    out = None if out is None else Path(out)
    records = None if records is None else Path(records)
    if records is not None and games < 1:
        raise InvalidOptionError("a record holds at least one hand: give games >= 1 with records")
    seats = (names[0 % len(names)], names[1 % len(names)], names[2 % len(names)], names[3 % len(names)])
    writer = RecordWriter(rules, seat_players(seats), seed=None, match=False, hands=max(games, 1))

    t0 = time.perf_counter()
    tallies = {name: _Tally() for name in dict.fromkeys(seats)}
    done = steps = wins = 0
    files: list[PartialFile] = []
    try:
        if resume:
            def add(outcome: HandOutcome) -> None:
                nonlocal done, steps, wins
                done += 1
                steps += outcome.steps
                wins += bool(outcome.winners)
                for seat, name in enumerate(outcome.bots):
                    tallies[name].add_seat(outcome, seat)

            _resume(out, records, writer, seed, seats, round_wind, rules, files, add)
        else:
            for path in (out, records):
                if path is not None and partial_path(path).exists():
                    raise ResumeError(f"{partial_path(path)} exists: the work of an interrupted run; "
                                      "continue it with --resume, or delete it")
            for path in (out, records):
                if path is not None:
                    files.append(PartialFile.create(path))
            if records is not None:
                files[-1].write_groups([[writer.header()]])
        summaries_file = files[0] if out is not None else None
        record_file = files[-1] if records is not None else None
        size = _chunk_size(games - done, workers, records is not None)
        tasks = (_Task(start, min(start + size, games), seed, seats, round_wind, rules, out is not None,
                       records is not None) for start in range(done, games, size))
        resumed = done
        if progress is not None:
            progress(done, games)  # before any hand is played: what was resumed
        for chunk in ordered_map(_play_chunk, tasks, workers):
            done += chunk.count
            steps += chunk.steps
            wins += chunk.wins
            for name, tally in chunk.tallies.items():
                tallies[name].merge(tally)
            # The record first: a summaries file never runs ahead of its record.
            if record_file is not None:
                record_file.write_groups([writer.hand_from_lines(events, summary)
                                          for events, summary in chunk.hands])
            if summaries_file is not None:
                summaries_file.write_groups([[line] for line in chunk.lines])
            if progress is not None:
                progress(done, games)
        if summaries_file is not None:
            summaries_file.finish()
        if record_file is not None:
            record_file.finish([writer.final()])
    finally:
        for file in files:
            file.close()  # after finish() this does nothing; otherwise the .partial stays for --resume
    stats = tuple(BotStats(name, t.hands, t.wins, t.self_draws, t.deal_ins, t.draws, t.score_sum,
                           t.score_squares, dict(t.fans)) for name, t in tallies.items())
    return Summary(games=games, seed=seed, seats=seats, bots=stats, steps=steps, wins=wins,
                   draws=games - wins, seconds=time.perf_counter() - t0, workers=workers, resumed=resumed,
                   rules=rules.name, options=tuple(rules.options().items()),
                   changed=tuple(k for k, _ in changed_options(rules)))


def _outcome_from_summary(data: object, index: int, seed: int, seats: tuple[str, ...],
                          rules: Ruleset) -> HandOutcome:
    """The outcome a summaries line holds, if it is hand ``index`` of this run; MajiangError otherwise
    (ResumeError if it was played under other rules)."""
    if not isinstance(data, dict) or data.get("game") != index:
        raise MajiangError(f"not the summary of hand {index}")
    changed = changed_options(rules)
    if (data.get("rules"), data.get("options")) != (rules.name, dict(changed)):
        found = data.get("options")
        played = _rules_text(str(data.get("rules")), found if isinstance(found, dict) else None)
        raise ResumeError(f"hand {index} was played under {played}, "
                          f"not {_rules_text(rules)}: a resumed run must use the same ruleset and options "
                          "(--rules, --option)")
    if data.get("seed") != game_seed(seed, index) or data.get("bots") != list(seats):
        raise MajiangError(f"hand {index} was played with another seed or other bots")
    try:
        outcome = HandOutcome(
            index=index, seed=data["seed"], dealer=data["dealer"], bots=tuple(data["bots"]),
            winners=tuple(data["winners"]), fans=tuple(tuple(f) for f in data["fans"]),
            totals=tuple(data["totals"]), deltas=tuple(data["deltas"]), self_drawn=data["self_drawn"],
            payer=data["payer"], steps=data["steps"], givers=tuple(data["from"]), rules=rules.name,
            options=changed)
    except (KeyError, TypeError) as err:
        raise MajiangError(f"hand {index}: a damaged summary ({err})") from None
    if summary_line(outcome) != json.dumps(data, ensure_ascii=False, separators=(",", ":")):
        raise MajiangError(f"hand {index}: a damaged summary")
    return outcome


def _iter_summaries(path: Path, seed: int, seats: tuple[str, ...], rules: Ruleset) -> Iterator[HandOutcome]:
    """The whole summary lines at the start of ``path`` that belong to this run, read as they go.

    They end at the first line that is cut (an interrupted write), damaged or another run's; a line
    played under other rules raises ResumeError (continuing it would mix two rulesets' hands).
    """
    with open(path, "rb") as raw:
        magic = raw.read(2)
        raw.seek(0)
        source: LineSource = gzip.GzipFile(fileobj=raw, mode="rb") if magic == GZIP_MAGIC else raw
        index = 0
        try:
            for line in iter_file_lines(source):
                outcome = _outcome_from_summary(loads_strict(line), index, seed, seats, rules)
                yield outcome
                index += 1
        except ResumeError:
            raise
        except (RecordError, ValueError):
            return


def _resume(out: Path | None, records: Path | None, writer: RecordWriter, seed: int, seats: tuple[str, ...],
            round_wind: Tile, rules: Ruleset, files: list[PartialFile],
            add: Callable[[HandOutcome], None]) -> None:
    """Reopen the ``.partial`` files of an interrupted run at their last whole hand, passing each hand
    kept to ``add``; the files are rewritten as they are read, so memory does not grow with them.

    The record's hands are checked again (re-simulated) and must be this run's (the same header, each
    hand's seed and round wind); hands from the first that fails on are dropped and played again.
    """
    given = [path for path in (out, records) if path is not None]
    if not given:
        raise ResumeError("--resume continues the .partial file of the records or summaries: give one")
    for path in given:
        if not partial_path(path).exists():
            complete = f" ({path} is complete)" if path.exists() else ""
            raise ResumeError(f"nothing to resume: there is no {partial_path(path)}{complete}")
    limit = None if out is None else sum(1 for _ in _iter_summaries(partial_path(out), seed, seats, rules))
    kept = 0
    record_file: PartialFile | None = None
    if records is not None:
        partial = reopen_partial(records, writer, "other bots, rules or number of hands")
        totals = [0, 0, 0, 0]

        def groups() -> Iterator[list[str]]:
            nonlocal kept, totals
            yield [writer.header()]
            for lines, hand in partial.hands():
                start = lines.start.data
                if kept == limit or start["seed"] != game_seed(seed, kept) \
                        or start["round_wind"] != round_wind.notation():
                    return  # past the summaries kept, or another run's hand: play it again
                add(_outcome(kept, start["seed"], start["dealer"], seats, hand.result, hand.actions, rules))
                yield [dump_line(line.data) for line in (lines.start, *lines.events, lines.summary)]
                kept += 1
                totals = list(hand.totals)

        record_file = PartialFile.restart(records, groups())
        writer.resume(kept, totals)
    if out is not None:
        count = limit if records is None else kept

        def summaries() -> Iterator[list[str]]:
            for outcome in itertools.islice(_iter_summaries(partial_path(out), seed, seats, rules), count):
                if records is None:
                    add(outcome)
                yield [summary_line(outcome)]

        files.append(PartialFile.restart(out, summaries()))
    if record_file is not None:
        files.append(record_file)

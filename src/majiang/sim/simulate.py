"""Many single hands played by bots, in parallel, with per-bot statistics.

Every hand is seeded from the run's seed and the hand's index alone, so a run gives the same hands
and the same summary whatever the number of worker processes. Seat ``i`` is played by
``bots[i % len(bots)]``; the dealer moves one seat on with each hand and the round wind stays East
unless another is asked for. A hand's outcome and the statistics are ``majiang.sim.stats``'s; their public
names are importable from here too.

>>> summary = simulate(8, ["random"], workers=1, seed=1)
>>> summary.games, summary.bots[0].name, summary.bots[0].hands
(8, 'random', 32)
>>> sum(b.score_sum for b in summary.bots)
0
"""

from __future__ import annotations

import gzip
import itertools
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from majiang.bots import MAX_STEPS, find_bot, play_out
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.game.table import Game
from majiang.jsonstrict import loads_strict
from majiang.records.check import PartialReplay
from majiang.records.format import GZIP_MAGIC, LineSource, RecordError, dump_line, iter_file_lines
from majiang.records.stream import PartialFile, partial_path
from majiang.records.writer import RecordWriter, hand_event_lines, hand_summary
from majiang.sim.executor import Executor, LocalPool
from majiang.sim.hands import TrainingDataError, deal_hand, game_seed, hand_outcome
from majiang.sim.stats import BotStats, HandOutcome, Summary, _outcome, _Tally, changed_options, summary_line
from majiang.tiles import WINDS, Tile

__all__ = ["MAX_STEPS", "BotStats", "HandOutcome", "ResumeError", "Summary", "TrainingDataError",
           "changed_options", "deal_hand", "game_seed", "hand_outcome", "option_text", "play_hand",
           "play_hand_game", "seat_players", "simulate", "summary_line"]

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` with the number of hands finished so far."""


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
    game, seat_bots, players = deal_hand(index, seed, bots, round_wind=round_wind, rules=rules)
    steps = play_out(game, players)
    return hand_outcome(index, game, seat_bots, steps), game


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
    training: bool = False


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
    shard: bytes | None = None
    """The chunk's training data, an ``.npz`` file's bytes (with ``training``: ``majiang.sim.training``)."""


def _play_chunk(task: _Task) -> _ChunkResult:
    tallies: dict[str, _Tally] = {}
    lines: list[str] = []
    hands: list[tuple[list[str], dict[str, Any]]] = []
    steps = wins = 0
    decisions: list[dict[str, Any]] = []
    if task.training:
        from majiang.sim import training  # numpy and the environment's encoder: only for training data
    for index in range(task.start, task.stop):
        if task.training:
            outcome, game, arrays = training.play_hand_decisions(index, task.seed, task.bots,
                                                                 round_wind=task.round_wind, rules=task.rules)
            decisions.append(arrays)
        else:
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
    shard = None
    if task.training:
        assert task.rules is not None
        shard = training.shard_bytes(task.start, decisions,
                                     [game_seed(task.seed, i) for i in range(task.start, task.stop)],
                                     training.run_meta(task.seed, task.bots, task.rules, task.round_wind))
    return _ChunkResult(task.stop - task.start, steps, wins, tallies, lines, hands, shard)


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
             rules: Ruleset | None = None, records: Path | None = None, resume: bool = False,
             executor: Executor | None = None, training: Path | None = None) -> Summary:
    """Play ``games`` single hands with ``bots`` on ``workers`` processes (default: every core).

    ``workers=1`` plays in this process; ``executor`` (``majiang.sim.executor``: a Ray cluster, say)
    plays instead of ``workers`` processes, with the same hands, records and summary. ``out``
    (summaries) receives one compact JSON line per hand and ``records`` the run's ``majiang-record``
    (gzip-compressed when its name ends in ``.gz``), both in hand order and streamed to
    ``FILE.partial``, which becomes ``FILE`` when the run completes. An interrupted run leaves its
    ``.partial`` files; ``resume=True`` continues them from their last whole hand (checked again
    first), giving the same files and summary as an uninterrupted run. ``training`` (a directory, empty
    or new) receives every decision's observation, mask, action and reward as NumPy shards
    (``majiang.sim.training``; resumed with the other files).
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
    if executor is None:
        executor = LocalPool(workers)
    out = None if out is None else Path(out)
    records = None if records is None else Path(records)
    training = None if training is None else Path(training)
    if training is not None:
        try:
            import majiang.sim.training  # noqa: F401  (here, so that a missing extra fails before any hand)
        except ImportError as err:
            raise InvalidOptionError(f"training data needs the rl extra: pip install 'majiang[rl]' ({err})") \
                from None
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

            cap = None
            if training is not None and (out is not None or records is not None):  # (else: ResumeError)
                from majiang.sim.training import check_directory, run_meta

                meta = run_meta(seed, seats, rules, round_wind)
                cap = check_directory(training, games, meta)
            _resume(out, records, writer, seed, seats, round_wind, rules, files, add, cap)
            if training is not None and check_directory(training, done, meta) != done:
                raise ResumeError(f"cannot resume {training}: its shards end inside hand {done}'s chunk, "
                                  "where the records or summaries end; start the run again")
        else:
            for path in (out, records):
                if path is not None and partial_path(path).exists():
                    raise ResumeError(f"{partial_path(path)} exists: the work of an interrupted run; "
                                      "continue it with --resume, or delete it")
            if training is not None:
                from majiang.sim.training import check_directory

                check_directory(training)
            for path in (out, records):
                if path is not None:
                    files.append(PartialFile.create(path))
            if records is not None:
                files[-1].write_groups([[writer.header()]])
        summaries_file = files[0] if out is not None else None
        record_file = files[-1] if records is not None else None
        workers = executor.workers
        size = _chunk_size(games - done, workers, records is not None or training is not None)
        tasks = (_Task(start, min(start + size, games), seed, seats, round_wind, rules, out is not None,
                       records is not None, training is not None) for start in range(done, games, size))
        resumed = done
        if progress is not None:
            progress(done, games)  # before any hand is played: what was resumed
        for chunk in executor.map(_play_chunk, tasks):
            if training is not None and chunk.shard is not None:
                from majiang.sim.training import write_shard

                write_shard(training, done, done + chunk.count, chunk.shard)
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
                   draws=games - wins, seconds=time.perf_counter() - t0, workers=executor.workers,
                   resumed=resumed, rules=rules.name, options=tuple(rules.options().items()),
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
            add: Callable[[HandOutcome], None], cap: int | None = None) -> None:
    """Reopen the ``.partial`` files of an interrupted run at their last whole hand, passing each hand
    kept to ``add``; the files are rewritten as they are read, so memory does not grow with them.
    ``cap``: keep no more hands than that (the training data's).

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
    if cap is not None:
        limit = cap if limit is None else min(limit, cap)
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

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
A's score; it is decisive when its interval excludes 0. The results and the report are
``majiang.sim.arena_results``'s, the intervals ``majiang.sim.intervals``'s; their public names are
importable from here too.

>>> result = run_arena(("fan-aware", "random"), deals=1, seed=1)
>>> result.hands, [b.seat_hands for b in result.bots]
(6, [12, 12])
>>> round(result.bots[0].mean.mean + result.bots[1].mean.mean, 9)
0.0
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
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
from majiang.rules.riichi.ruleset import RiichiDeclared
from majiang.sim.arena_results import (
    ARRANGEMENTS,
    ArenaResult,
    BotSummary,
    DealResult,
    PlayResult,
    arrangement_name,
    summarize,
)
from majiang.sim.executor import Executor, LocalPool
from majiang.sim.intervals import CONFIDENCE, Interval, mean_interval, t_quantile
from majiang.sim.seeds import derived_seed
from majiang.sim.simulate import ResumeError, reopen_partial
from majiang.tiles import WINDS, Tile

__all__ = ["ARRANGEMENTS", "CONFIDENCE", "RECORD_PLAYERS", "ArenaResult", "BotSummary", "DealResult",
           "Interval", "PlayResult", "arrangement_name", "deal_seed", "deal_wind", "mean_interval",
           "play_deal", "run_arena", "summarize", "t_quantile"]

Progress = Callable[[int, int], None]
"""Called as ``progress(deals_done, deals)``."""


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal number ``deal`` in an arena seeded ``seed`` (stable across runs).

    >>> deal_seed(0, 1) == deal_seed(0, 1) != deal_seed(0, 2)
    True
    """
    return derived_seed("majiang-arena", seed, "deal", deal)


def _bot_seed(seed: int, deal: int, play: int, seat: int) -> int:
    return derived_seed("majiang-arena", seed, "bot", deal, play, seat)


def _play(bots: Sequence[Seat], seed: int, dealer: int, deal: int,
          rules: Ruleset) -> tuple[Game, tuple[tuple[int, str], ...]]:
    """The hand played, and the seats whose mjai program failed an answer in it, with why (riichi charges
    no forfeit: the seat played on by the fallback rule, ``majiang.interop.mjai_table``)."""
    game = Game(rules, seed=seed, dealer=dealer, round_wind=deal_wind(deal))
    ours = [bot for bot in bots if not isinstance(bot, BotzoneProcessBot)]
    if len(ours) < len(bots):
        play_botzone(game, bots)  # external programs: every seat hears every request of the judge
    elif any(isinstance(bot, MjaiSeat) for bot in ours):
        failures = play_mjai(game, ours)
        first = {f.seat: f.reason for f in reversed(failures)}  # each seat's first failure
        return game, tuple(sorted(first.items()))
    else:
        play_out(game, ours)
    return game, ()


def deal_wind(deal: int) -> Tile:
    """The round wind of deal number ``deal``: it moves every four deals."""
    return WINDS[(deal // 4) % 4]


def _play_result(arrangement: tuple[int, int, int, int], result: HandResult,
                 forfeits: tuple[tuple[int, str], ...] = (), riichi: tuple[int, ...] = ()) -> PlayResult:
    return PlayResult(arrangement, result.deltas, result.winners,
                      result.payer if not result.self_drawn else None, result.self_drawn,
                      tuple(w.score.total for w in result.wins), tuple(w.giver for w in result.wins),
                      tuple(s for s, _ in forfeits), riichi, tuple(r for _, r in forfeits))


def _riichi_seats(events: Sequence[ev.Event | dict[str, Any]]) -> tuple[int, ...]:
    """The seats that declared riichi, from a hand's events (typed, or as a record holds them)."""
    out = []
    for e in events:
        if isinstance(e, RiichiDeclared):
            out.append(e.seat)
        elif isinstance(e, dict) and e.get("e") == RiichiDeclared.kind:
            out.append(int(e["seat"]))
    return tuple(out)


def _forfeits(events: Sequence[ev.Event | dict[str, Any]]) -> tuple[tuple[int, str], ...]:
    """The seats that forfeited and why (the verdict), from a hand's events (typed, or as a record holds
    them)."""
    out = []
    for e in events:
        if isinstance(e, ev.Forfeit):
            out.append((e.seat, e.reason))
        elif isinstance(e, dict) and e.get("e") == ev.Forfeit.kind:
            out.append((int(e["seat"]), str(e["reason"])))
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


RECORD_PLAYERS = ("seat 0", "seat 1", "seat 2", "seat 3")
"""The player names of an arena record: seats, since the bots change seats from hand to hand (hand
``h`` is deal ``(h - 1) // 6`` played in ``ARRANGEMENTS[(h - 1) % 6]``)."""


def run_arena(names: Sequence[str], deals: int, seed: int = 0, *, workers: int = 1,
              progress: Progress | None = None, records: Path | None = None,
              resume: bool = False, rules: Ruleset | None = None,
              time_limit: float = DEFAULT_TIME_LIMIT, executor: Executor | None = None) -> ArenaResult:
    """Play ``deals`` deals of bot ``names[0]`` against ``names[1]`` in the duplicate format, under
    ``rules`` (default Chinese Official).

    A name is one of our bots or an external Botzone program's command line
    (``majiang.interop.external.parse_seat``); each seat an external program takes runs its own copy,
    spoken to over Botzone's protocol with ``time_limit`` seconds per answer.

    ``workers`` > 1 plays deals in that many processes; the result is the same for any number, and on
    any ``executor`` (``majiang.sim.executor``: a Ray cluster), which then plays instead.
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
    if executor is None:
        executor = LocalPool(workers)
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
        chunk = max(1, min(8, (deals - first) // (4 * executor.workers)))
        if records is not None:
            chunk = min(chunk, 4)  # six hands' records per deal travel back from the workers
        batches = ((pair, seed, list(range(i, min(i + chunk, deals))), records is not None, rules, time_limit)
                   for i in range(first, deals, chunk))
        for batch in executor.map(_play_deals, batches):
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

"""``majiang arena``: two bots compared on the same deals in the duplicate format.

The play and the statistics live in ``majiang.sim.arena``; this module reads the options and prints.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from majiang.bots import BOTS, find_bot
from majiang.cli.errors import EXIT_INTERNAL, EXIT_INTERRUPTED, fail, internal_message
from majiang.cli.options import (
    ClusterOpt,
    GameRulesOpt,
    JsonOpt,
    QuietOpt,
    RecordsOpt,
    ResumeOpt,
    RuleOptionOpt,
    SeedOpt,
    WorkersOpt,
    integer,
    ruleset,
)
from majiang.cli.progress import ProgressReport
from majiang.cli.simulate import rules_line
from majiang.errors import InvalidOptionError
from majiang.game.events import FORFEIT_REASONS
from majiang.interop.botzone_table import ForfeitError
from majiang.interop.external import DEFAULT_TIME_LIMIT, check_rules, check_seat, settle_protocol
from majiang.records import partial_path
from majiang.sim.arena import ARRANGEMENTS, CONFIDENCE, ArenaResult, arrangement_name, run_arena
from majiang.sim.executor import open_executor
from majiang.sim.simulate import ResumeError, changed_options

__all__ = ["DEFAULT_BOTS", "DEFAULT_DEALS", "MAX_DEALS", "arena_command", "render_arena"]

DEFAULT_BOTS = "fan-aware,efficiency"
DEFAULT_DEALS = 200
MAX_DEALS = 100_000

BotsOpt = Annotated[str | None, typer.Option(
    "--bots", metavar="A,B", show_default=DEFAULT_BOTS,
    help=f"The two bots to compare, comma-separated: {', '.join(BOTS)}; a bot's options after "
         "colons ('search:playouts=32').",
)]
SeatOpt = Annotated[list[str] | None, typer.Option(
    "--seat", metavar="SEAT",
    help="Instead of --bots, give each of the two contestants (twice): one of our bots by name, or an "
         "external Botzone bot's command line ('python their_bot.py'; prefix 'simple:' for Botzone's simple "
         "line interaction, 'json:' to force a command that is also a bot name), or under --rules riichi an "
         "mjai bot's ('mjai:python bot.py' for an event per line, 'mjai-batch:python bot.py' for mjai.app's "
         "batches, the seat number added as its last argument).",
)]
TimeLimitOpt = Annotated[str | None, typer.Option(
    "--time-limit", metavar="SECONDS", show_default=str(DEFAULT_TIME_LIMIT),
    help="Seconds an external bot has for each answer.",
)]
DealsOpt = Annotated[str | None, typer.Option(
    "--deals", metavar="N", show_default=str(DEFAULT_DEALS),
    help=f"Deals to play, 1 to {MAX_DEALS:,}; each is played {len(ARRANGEMENTS)} times.",
)]


def arena_command(
    bots: BotsOpt = None,
    seat: SeatOpt = None,
    time_limit: TimeLimitOpt = None,
    deals: DealsOpt = None,
    seed: SeedOpt = None,
    workers: WorkersOpt = None,
    cluster: ClusterOpt = None,
    records: RecordsOpt = None,
    resume: ResumeOpt = False,
    rules: GameRulesOpt = None,
    option: RuleOptionOpt = None,
    quiet: QuietOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Compare two bots on the same deals, each in every seat (duplicate format), with 95% intervals."""
    try:
        played = ruleset(rules, option)
        limit = DEFAULT_TIME_LIMIT if time_limit is None else _seconds(time_limit)
        if seat:
            if bots is not None:
                raise InvalidOptionError("give the contestants either with --bots or with --seat, not both")
            if len(seat) != 2:
                raise InvalidOptionError(f"--seat is given twice, once for each contestant, not {len(seat)} "
                                         "time(s)")
            specs = [check_seat(s) for s in seat]
            for spec in specs:
                if spec.external:
                    check_rules(played, spec.protocol)
            names = [spec.text.strip() for spec in specs]
            if names[0] == names[1]:
                raise InvalidOptionError(f"--seat needs two different contestants, not {names[0]!r} twice")
            # A program not told how to speak is tried once (JSON, then simple lines); one that reads
            # only the simple lines plays as 'simple:COMMAND'.
            for k, spec in enumerate(specs):
                if settle_protocol(spec, time_limit=limit).simple and not spec.simple:
                    names[k] = f"simple:{names[k]}"
        else:
            names = [n.strip() for n in (DEFAULT_BOTS if bots is None else bots).split(",")]
            if len(names) != 2 or not all(names):
                raise InvalidOptionError(f"--bots takes two bot names separated by a comma, not {bots!r}")
            for name in names:
                find_bot(name, 0)  # an unknown bot, or a bad option written after its name, fails here
            if names[0] == names[1]:
                raise InvalidOptionError(f"--bots needs two different bots, not {names[0]!r} twice")
        n = DEFAULT_DEALS if deals is None else integer(deals, "--deals")
        if not 1 <= n <= MAX_DEALS:
            raise InvalidOptionError(f"--deals must be from 1 to {MAX_DEALS}, not {deals}")
        s = 0 if seed is None else integer(seed, "--seed", signed=True)
        executor = open_executor(None if workers is None else integer(workers, "--workers"), cluster,
                                 workers_option="--workers", cluster_option="--cluster")
        if records is not None and not records.parent.is_dir():
            raise InvalidOptionError(f"--records: no directory {str(records.parent)!r} to write "
                                     f"{records.name!r} in")
        if resume and records is None:
            raise InvalidOptionError("--resume continues the FILE.partial of --records: give --records")
    except ValueError as err:
        fail("arena", str(err), as_json=as_json)
    report = ProgressReport("majiang arena", "deals", n, quiet=quiet or as_json)
    try:
        with report, executor:
            result = run_arena(names, n, s, progress=report, records=records, resume=resume,
                               rules=played, time_limit=limit, executor=executor)
            where = executor.where
    except (ResumeError, ForfeitError) as err:
        fail("arena", str(err), as_json=as_json)
    except KeyboardInterrupt:
        where = "" if records is None else f"; {partial_path(records)} keeps the finished deals: run the " \
                                           "same command with --resume to finish"
        fail("arena", f"interrupted after {report.done:,} of {n:,} deals{where}", as_json=as_json,
                 code=EXIT_INTERRUPTED)
    except Exception as exc:
        fail("arena", internal_message(exc), as_json=as_json, code=EXIT_INTERNAL)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        render_arena(Console(highlight=False), result)
        if records is not None:
            Console(highlight=False).print(f"Records: {records} ({result.hands} hands)", markup=False,
                                           soft_wrap=True)
        if cluster is not None:
            Console(highlight=False).print(f"Played on: {where}", markup=False)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise InvalidOptionError(f"--time-limit must be a number of seconds, not {text!r}") from None
    if not 0 < value <= 3600:
        raise InvalidOptionError(f"--time-limit must be more than 0 and at most 3600 seconds, not {text}")
    return value


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def render_arena(console: Console, result: ArenaResult) -> None:
    """Print the comparison: one row per bot, then the difference and whether it is decisive."""
    a, b = result.names
    pct = f"{CONFIDENCE:.0%}"
    console.print(f"Duplicate arena: {a} (A) vs {b} (B), seed {result.seed}", markup=False)
    if result.rules is not None:
        options = result.rules.options()
        changed = tuple(k for k, _ in changed_options(result.rules))
        console.print(f"Rules: {rules_line(result.rules.name, options, changed)}", markup=False)
    seatings = " ".join(arrangement_name(x) for x in ARRANGEMENTS)
    plays = f"{len(result.deals)} deals × {len(ARRANGEMENTS)} seatings ({seatings})"
    console.print(f"{plays} = {result.hands} hands", markup=False)
    table = Table()
    table.add_column("Bot")
    table.add_column("Points/hand", justify="right")
    table.add_column(f"{pct} CI", justify="right")
    table.add_column("Won", justify="right")
    table.add_column("自摸", justify="right")
    table.add_column("Dealt in", justify="right")
    table.add_column("Win total", justify="right")
    riichi = any(s.riichi for s in result.bots)
    if riichi:
        table.add_column("Riichi", justify="right")
    for s in result.bots:
        interval = f"[{_signed(s.mean.low)}, {_signed(s.mean.high)}]"
        row = [s.name, _signed(s.mean.mean), interval, f"{s.win_rate:.1%}", str(s.self_drawn),
               f"{s.deal_in_rate:.1%}", f"{s.mean_win_total:.1f}"]
        table.add_row(*row, *([f"{s.riichi_rate:.1%}"] if riichi else []))
    console.print(table)
    d = result.difference
    console.print(f"A - B: {_signed(d.mean)} points per hand, {pct} interval "
                  f"[{_signed(d.low)}, {_signed(d.high)}] over {d.n} deals (paired by deal)", markup=False)
    if result.decisive:
        better = a if d.mean > 0 else b
        console.print(f"Decisive: {better} scores more (the interval excludes 0).", markup=False)
    else:
        console.print("Not decisive: the interval includes 0; play more deals.", markup=False)
    console.print(f"No winner (荒庄) in {result.exhausted} of {result.hands} hands.", markup=False)
    forfeits = [f"{s.name} {s.forfeits} ({_reasons(s.forfeit_reasons)})" for s in result.bots if s.forfeits]
    if forfeits:
        console.print(f"Forfeited hands (a failed or illegal answer): {'; '.join(forfeits)}.", markup=False)


def _reasons(reasons: Sequence[tuple[str, int]]) -> str:
    """Why a bot forfeited: each reason's count, with what a verdict (``TLE``, ``WA``, ...) means."""
    return ", ".join(f"{reason} {n}" + (f": {FORFEIT_REASONS[reason]}" if reason in FORFEIT_REASONS else "")
                     for reason, n in reasons)

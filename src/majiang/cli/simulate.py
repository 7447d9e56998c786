"""``majiang simulate``: many hands played by bots, with a progress bar and per-bot tables.

The hands and the statistics come from ``majiang.sim.simulate``; this module reads the options, shows
progress and prints. docs/cli.md and docs/simulation.md are the user guides.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from majiang.bots import find_bot
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
from majiang.errors import InvalidOptionError
from majiang.mcr import parse_wind
from majiang.records import partial_path
from majiang.sim.executor import open_executor
from majiang.sim.simulate import BotStats, ResumeError, Summary, TrainingDataError, option_text, simulate

__all__ = ["MAX_GAMES", "render_summary", "rules_line", "simulate_command"]

MAX_GAMES = 100_000_000
"""A ceiling that catches a mistyped count (a hundred million hands is days of CPU time)."""

GamesOpt = Annotated[str | None, typer.Option(
    "--games", metavar="N", show_default="1000", help=f"Hands to play, 1 to {MAX_GAMES:,}.",
)]
BotsOpt = Annotated[str | None, typer.Option(
    "--bots", metavar="A,B,C,D", show_default="random",
    help="Bot names, comma-separated; seat i is played by the (i mod count)-th.",
)]
SummariesOpt = Annotated[Path | None, typer.Option(
    "--summaries", metavar="FILE",
    help="Write one summary line per hand (winners, fans, deltas) to FILE (gzip if it ends in .gz).",
)]
TrainingOpt = Annotated[Path | None, typer.Option(
    "--training-data", metavar="DIR",
    help="Write every decision's observation, action mask, action and reward as NumPy shards "
         "(hands-START-STOP.npz) to DIR, empty or new, for offline learning (needs majiang[rl]; "
         "docs/simulation.md).",
)]
OutOpt = Annotated[Path | None, typer.Option(
    "--out", metavar="FILE", hidden=True, help="Deprecated: the old name of --summaries.",
)]
RoundOpt = Annotated[str | None, typer.Option(
    "--round", metavar="WIND", show_default="E", help="Round wind 圈风: E S W N (or 东南西北, 1z-4z).",
)]
FansOpt = Annotated[str | None, typer.Option(
    "--fans", metavar="N", show_default="15", help="Fans shown per bot in the frequency table (0: none).",
)]


def simulate_command(
    games: GamesOpt = None,
    bots: BotsOpt = None,
    workers: WorkersOpt = None,
    cluster: ClusterOpt = None,
    seed: SeedOpt = None,
    records: RecordsOpt = None,
    summaries: SummariesOpt = None,
    training_data: TrainingOpt = None,
    out: OutOpt = None,
    resume: ResumeOpt = False,
    round_: RoundOpt = None,
    fans: FansOpt = None,
    rules: GameRulesOpt = None,
    option: RuleOptionOpt = None,
    quiet: QuietOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Play single hands with bots (seeded, in parallel) and print each bot's rates, scores and fans."""
    try:
        played = ruleset(rules, option)
        if out is not None:
            if summaries is not None:
                raise InvalidOptionError("--out is the old name of --summaries: give only --summaries")
            typer.echo("majiang simulate: warning: --out is deprecated: use --summaries FILE (per-hand "
                       "summary lines) or --records FILE (full records)", err=True)
            summaries = out
        n = 1000 if games is None else integer(games, "--games")
        if not 1 <= n <= MAX_GAMES:
            raise InvalidOptionError(f"--games must be from 1 to {MAX_GAMES}, not {games}")
        names = ["random"] if bots is None else [b.strip() for b in bots.split(",")]
        if not 1 <= len(names) <= 4 or not all(names):
            raise InvalidOptionError(f"--bots takes one to four comma-separated names, not {bots!r}")
        for name in names:
            find_bot(name, 0)  # an unknown name is bad input; a failure once hands are played is a bug
        executor = open_executor(None if workers is None else integer(workers, "--workers"), cluster,
                                 workers_option="--workers", cluster_option="--cluster")
        s = 0 if seed is None else integer(seed, "--seed", signed=True)
        wind = parse_wind("E" if round_ is None else round_, "--round")
        shown = 15 if fans is None else integer(fans, "--fans")
        flag = "--out" if out is not None else "--summaries"
        for path, name in ((summaries, flag), (records, "--records")):
            if path is not None and not path.parent.is_dir():
                raise InvalidOptionError(f"{name}: no directory {str(path.parent)!r} to write "
                                         f"{path.name!r} in")
        if summaries is not None and records is not None and summaries.resolve() == records.resolve():
            raise InvalidOptionError("--summaries and --records must be different files")
        if training_data is not None and not training_data.parent.is_dir():
            raise InvalidOptionError(f"--training-data: no directory {str(training_data.parent)!r} to make "
                                     f"{training_data.name!r} in")
        if resume and summaries is None and records is None:
            raise InvalidOptionError("--resume continues the FILE.partial of --records or --summaries: "
                                     "give them")
    except ValueError as err:
        fail("simulate", str(err), as_json=as_json)
    outputs = [path for path in (records, summaries) if path is not None]
    report = ProgressReport("majiang simulate", "hands", n, quiet=quiet or as_json)
    try:
        with report, executor:
            summary = simulate(n, names, seed=s, out=summaries, progress=report, round_wind=wind,
                               rules=played, records=records, resume=resume, executor=executor,
                               training=training_data)
            where = executor.where
    except (ResumeError, TrainingDataError, InvalidOptionError) as err:
        fail("simulate", str(err), as_json=as_json)
    except KeyboardInterrupt:
        kept = ", ".join(str(partial_path(path)) for path in outputs)
        where = f"; {kept} keep{'s' if len(outputs) == 1 else ''} the finished hands: run the same command " \
                "with --resume to finish" if outputs else ""
        fail("simulate", f"interrupted after {report.done:,} of {n:,} hands{where}", as_json=as_json,
                 code=EXIT_INTERRUPTED)
    except Exception as exc:
        fail("simulate", internal_message(exc), as_json=as_json, code=EXIT_INTERNAL)
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), ensure_ascii=False))
    else:
        render_summary(Console(highlight=False), summary, fans=shown, out=summaries, records=records)
        if training_data is not None:
            Console(highlight=False).print(f"Training data: {training_data}", markup=False, soft_wrap=True)
        if cluster is not None:
            Console(highlight=False).print(f"Played on: {where}", markup=False)


def _pct(x: float) -> str:
    return f"{x * 100:.2f}%"


def rules_line(name: str, options: dict[str, object], changed: tuple[str, ...]) -> str:
    """``mcr (several_winners=true)``: the ruleset and the options that differ from its defaults."""
    shown = ", ".join(f"{k}={option_text(options[k])}" for k in changed)
    return f"{name} ({shown or 'default options'})"


def render_summary(console: Console, summary: Summary, *, fans: int = 15, out: Path | None = None,
                   records: Path | None = None) -> None:
    """Print the run (rules, hands, speed, seats), one row of rates and scores per bot, then each bot's
    fans (as the ruleset names them)."""
    played = summary.games - summary.resumed  # the hands this run played in summary.seconds
    rate = played / summary.seconds if summary.seconds > 0 else 0.0
    workers = f"{summary.workers} worker{'s' if summary.workers > 1 else ''}"
    resumed = f"{summary.resumed:,} resumed, " if summary.resumed else ""
    console.print(f"Hands:    {summary.games:,} (seed {summary.seed}, {workers}, {resumed}"
                  f"{summary.seconds:.1f} s, {rate:,.0f} hands/s, {summary.steps:,} steps)", markup=False)
    console.print(f"Rules:    {rules_line(summary.rules, dict(summary.options), summary.changed)}",
                  markup=False)
    seats = ", ".join(f"{s}={name}" for s, name in enumerate(summary.seats))
    console.print(f"Seats:    {seats}", markup=False)
    console.print(f"Draws:    {summary.draws:,} (荒庄 {_pct(summary.draws / summary.games)})", markup=False)
    if records is not None:
        console.print(f"Records:  {records}", markup=False, soft_wrap=True)  # a path is not wrapped
    if out is not None:
        console.print(f"Summary lines: {out}", markup=False, soft_wrap=True)
    table = Table()
    table.add_column("Bot")
    table.add_column("Hands", justify="right")
    table.add_column("Win", justify="right")
    table.add_column("Self-draw", justify="right")
    table.add_column("Deal-in", justify="right")
    table.add_column("Draw", justify="right")
    table.add_column("Score ± 95% CI", justify="right")
    for b in summary.bots:
        low, high = b.score_ci
        score = f"{b.mean_score:+.2f} ± {(high - low) / 2:.2f}"
        table.add_row(escape(b.name), f"{b.hands:,}", _pct(b.win_rate), _pct(b.self_draw_rate),
                      _pct(b.deal_in_rate), _pct(b.draw_rate), score)
    console.print(table)
    console.print("Rates are per hand played, counting every win (several in a hand where play goes on); "
                  "Score is the mean score change per hand.", markup=False)
    if fans > 0:
        for b in summary.bots:
            if b.fans:
                console.print(_fan_table(b, fans))
            elif not b.wins:
                console.print(f"{b.name}: no wins, no fans", markup=False)


def _fan_table(stats: BotStats, limit: int) -> Table:
    rows = stats.fan_frequencies()
    table = Table(title=f"Fans of {escape(stats.name)}'s {stats.wins:,} win{'s' if stats.wins != 1 else ''}",
                  title_justify="left")
    table.add_column("番种")
    table.add_column("Wins", justify="right")
    table.add_column("Share of wins", justify="right")
    for name, n, share in rows[:limit]:
        table.add_row(name, f"{n:,}", _pct(share))
    if len(rows) > limit:
        table.caption = f"{len(rows) - limit} more fans: see --json"
    return table

"""``majiang odds``: the rule source's table of pair probabilities, exact and by Monte Carlo.

The numbers come from ``majiang.analysis.odds``; this module reads the options and prints.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from majiang.analysis.odds import DEFAULT_SAMPLES, SET_SIZE, OddsReport, odds_report
from majiang.cli.errors import fail
from majiang.cli.options import JsonOpt, SeedOpt, integer
from majiang.errors import InvalidOptionError

__all__ = ["MAX_SAMPLES", "odds_command", "render_odds"]

MAX_SAMPLES = 10_000_000
"""More deals than this would run for minutes; the exact values are printed anyway."""

SamplesOpt = Annotated[str | None, typer.Option(
    "--samples", metavar="N", show_default=f"{DEFAULT_SAMPLES}",
    help=f"Monte Carlo deals, 1 to {MAX_SAMPLES:,}.",
)]


def odds_command(
    as_json: JsonOpt = False,
    samples: SamplesOpt = None,
    seed: SeedOpt = None,
) -> None:
    """Pairs among the opening tiles: the rule source's figures, the exact values and a Monte Carlo check."""
    try:
        n = DEFAULT_SAMPLES if samples is None else integer(samples, "--samples")
        if not 1 <= n <= MAX_SAMPLES:
            raise InvalidOptionError(f"--samples must be from 1 to {MAX_SAMPLES}, not {samples}")
        s = 0 if seed is None else integer(seed, "--seed", signed=True)
    except ValueError as err:
        fail("odds", str(err), as_json=as_json)
    report = odds_report(n, s)
    if as_json:
        typer.echo(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        render_odds(Console(highlight=False), report)


def _pct(x: float, places: int = 4) -> str:
    return f"{x * 100:.{places}f}%"


def render_odds(console: Console, report: OddsReport) -> None:
    """Print ``report`` as a table: quantity, seed's figure, exact value, estimate, note."""
    mc = report.simulated
    console.print(f"Pairs in the opening tiles: {SET_SIZE} tiles (34 kinds × 4, no flowers).")
    console.print(f"Monte Carlo: {mc.no_pair_14.n:,} deals, seed {mc.seed}, 95% Wilson interval.")
    table = Table()
    table.add_column("Quantity", overflow="fold")
    table.add_column("Seed", justify="right")
    table.add_column("Exact", justify="right")
    table.add_column("Monte Carlo", justify="right")
    table.add_column("Note")
    for check in report.checks:
        q = check.quantity
        est = getattr(mc, q.key)
        table.add_row(
            escape(f"{q.zh}\n{q.key}"),
            f"{q.source_percent}%",
            _pct(float(check.exact)),
            escape(f"{_pct(est.value, 3)}\n[{_pct(est.low, 3)}, {_pct(est.high, 3)}]"),
            escape(check.note or "ok"),
        )
    console.print(table)
    errors = [c.error for c in report.checks if c.error is not None]
    for line in errors:
        console.print(f"Source error: {line}", markup=False)

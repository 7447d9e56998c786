"""Readable output of ``majiang fan``: the hand, how it was won, a table of fans and the verdict."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from majiang.hand import Hand
from majiang.mcr import MINIMUM, ScoreResult, WinBy, WinContext
from majiang.rules.mcr.result import hit_melds

__all__ = ["describe_win", "fan_table", "render_result"]


def describe_win(ctx: WinContext) -> str:
    """How the hand was won, in words: ``self-drawn 自摸, 杠上开花 (kong replacement)``."""
    parts = ["self-drawn 自摸" if ctx.self_drawn else "on a discard 点和"]
    if ctx.win_by is WinBy.KONG_REPLACEMENT:
        parts.append("杠上开花 (kong replacement)")
    elif ctx.win_by is WinBy.ROBBING_KONG:
        parts.append("抢杠和 (robbing a kong)")
    if ctx.last_of_wall:
        parts.append("妙手回春 (last wall tile)" if ctx.self_drawn else "海底捞月 (last discard)")
    if ctx.last_copy:
        parts.append("和绝张 (last copy of the tile)")
    return ", ".join(parts)


def fan_table(result: ScoreResult, hand: Hand | None = None) -> Table:
    """The fans of ``result``, one row each, largest first as the scorer orders them; with ``hand``, a
    declared meld behind a fan is written as the notation writes it (``[555p,2]``)."""
    table = Table()
    table.add_column("番种")
    table.add_column("Fan")
    table.add_column("Value", justify="right")
    table.add_column("Count", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Melds")
    for hit in result.fans:
        table.add_row(hit.name, hit.en, str(hit.value), str(hit.count), str(hit.points),
                      " ".join(hit.melds if hand is None else hit_melds(hit, hand)))
    return table


def render_result(console: Console, hand: Hand, ctx: WinContext, result: ScoreResult) -> None:
    """Print the scored hand: canonical notation, profile, win, winds, fans, total, flowers, 8-fan verdict."""
    winning = hand.winning_tile.notation() if hand.winning_tile is not None else "?"
    console.print(f"Hand:     {hand.notation()}  (winning tile {winning})", markup=False)
    console.print(f"Profile:  {result.profile}", markup=False)
    console.print(f"Win:      {describe_win(ctx)}", markup=False)
    winds = f"seat {ctx.seat_wind.notation()}, round {ctx.round_wind.notation()}"
    console.print(f"Winds:    {winds}", markup=False)
    console.print(fan_table(result, hand))
    console.print(f"Total:    {result.total} (fans {result.fan_total} + flowers {result.flowers})",
                  markup=False)
    console.print(f"Flowers:  {result.flowers}", markup=False)
    if result.meets_minimum:
        console.print(f"Minimum:  met: {result.fan_total} fans without flowers, at least {MINIMUM}",
                      markup=False)
    else:
        console.print(f"Minimum:  NOT met: {result.fan_total} fans without flowers, below {MINIMUM}",
                      style="bold red", markup=False)
        console.print("          错和: a false win under competition rules", style="bold red", markup=False)

"""``majiang sheet``: the referee's score sheet of a live match, kept in a JSON file.

``new`` creates the file; ``win``, ``draw`` and ``penalty`` add an entry, ``undo`` removes the last one,
``show`` prints the sheet. The arithmetic is ``majiang.game.sheet``; every change is saved atomically
and a refused entry leaves the file as it was. docs/cli.md is the user guide.
"""

from __future__ import annotations

import json
import os
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from majiang.cli.errors import EXIT_USAGE
from majiang.game.sheet import (
    FALSE_WIN_AWARD,
    FALSE_WIN_PENALTY,
    Draw,
    Entry,
    Penalty,
    ScoreSheet,
    SheetError,
    SheetRow,
    Win,
)

__all__ = ["describe_entry", "render_sheet", "sheet_app", "sheet_json"]

sheet_app = typer.Typer(
    name="sheet",
    help="The referee's score sheet of a 16-hand Chinese Official match (a JSON file).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

FileArg = Annotated[str, typer.Argument(metavar="FILE", show_default=False, help="The sheet file (JSON).")]
PlayerOpt = Annotated[str, typer.Option("--player", metavar="NAME", show_default=False,
                                        help="The penalised player.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the sheet as one JSON object.")]


def _fail(message: str) -> NoReturn:
    typer.echo(f"majiang sheet: error: {' '.join(message.split())}", err=True)
    raise typer.Exit(EXIT_USAGE)


def _count(text: str, option: str) -> int:
    # Only ASCII digits: int() would also take " 3", "+3", "3_0" and other scripts' digits.
    if not (text.isascii() and text.isdigit()):
        raise SheetError(f"{option} must be a whole number, not {text!r}")
    return int(text)


def _load(file: str) -> ScoreSheet:
    try:
        return ScoreSheet.load(file)
    except FileNotFoundError:
        _fail(f"no sheet file {file}; create one with 'majiang sheet new {file} --players A B C D'")
    except IsADirectoryError:
        _fail(f"{file} is a directory, not a sheet file")
    except OSError as err:
        _fail(f"cannot read {file}: {err.strerror or err}")
    except SheetError as err:
        _fail(f"{file}: {err}")


def _save(sheet: ScoreSheet, file: str) -> None:
    try:
        sheet.save(file)
    except OSError as err:
        _fail(f"cannot write {file}: {err.strerror or err} (the file is unchanged)")


def describe_entry(sheet: ScoreSheet, entry: Entry) -> str:
    """An entry in words: ``Cy wins on Ann's discard, 12 fans``."""
    names = sheet.player_names
    if isinstance(entry, Win):
        how = "self-drawn 自摸" if entry.discarder is None else f"on {names[entry.discarder]}'s discard"
        flowers = "" if entry.flowers is None else f" ({entry.flowers} of them flowers)"
        return f"{names[entry.winner]} wins {how}, {entry.fan} fans{flowers}"
    if isinstance(entry, Draw):
        return "荒庄: exhaustive draw"
    return f"penalty: {names[entry.player]} -{entry.points}, each other +{entry.award} ({entry.reason})"


def _where(sheet: ScoreSheet, hand: int) -> str:
    wind = sheet.round_wind(hand)
    return f"hand {hand} of {sheet.hands}, round {wind.notation()} {wind.zh}, dealer " \
           f"{sheet.player_names[sheet.dealer(hand)]}"


def _next(sheet: ScoreSheet) -> str:
    if sheet.over:
        scores = sheet.standings()
        return "The match is over. Standard scores: " + ", ".join(
            f"{name} {scores[p]:g}" for p, name in enumerate(sheet.player_names))
    hand = sheet.hand_number
    winds = sheet.seat_winds(hand)
    seats = ", ".join(f"{name} {winds[p].notation()}" for p, name in enumerate(sheet.player_names))
    return f"Next: {_where(sheet, hand)}; seat winds {seats}"


def _report(sheet: ScoreSheet, row: SheetRow) -> None:
    names = sheet.player_names
    where = _where(sheet, row.hand)
    typer.echo(f"{where[0].upper()}{where[1:]}: {describe_entry(sheet, row.entry)}")
    typer.echo("Changes: " + ", ".join(f"{names[p]} {row.deltas[p]:+d}" for p in range(4)) + "; totals: "
               + ", ".join(f"{names[p]} {row.totals[p]}" for p in range(4)))
    typer.echo(_next(sheet))


@sheet_app.command("new")
def new_command(
    file: FileArg,
    players: Annotated[tuple[str, str, str, str], typer.Option(
        "--players", metavar="A B C D", show_default=False,
        help="The four players, in their first seats: East, South, West, North.",
    )],
    hands: Annotated[str | None, typer.Option("--hands", metavar="N", show_default="16",
                                              help="Hands in the match, 1 to 16.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
) -> None:
    """Start a sheet: four players in their first seats (the first deals first)."""
    try:
        sheet = ScoreSheet(players, 16 if hands is None else _count(hands, "--hands"))
    except SheetError as err:
        _fail(str(err))
    if os.path.lexists(file) and not force:
        _fail(f"{file} already exists; pass --force to replace it")
    _save(sheet, file)
    typer.echo(f"New sheet {file}: " + ", ".join(
        f"{name} ({'ESWN'[p]})" for p, name in enumerate(sheet.player_names)) + f"; {sheet.hands} hands")
    typer.echo(_next(sheet))


@sheet_app.command("win")
def win_command(
    file: FileArg,
    winner: Annotated[str, typer.Option("--winner", metavar="NAME", show_default=False, help="Who won.")],
    fan: Annotated[str, typer.Option("--fan", metavar="N", show_default=False,
                                     help="The fan total paid, flowers included (at least 8).")],
    from_: Annotated[str | None, typer.Option(
        "--from", metavar="NAME", help="Who discarded the winning tile.",
    )] = None,
    self_drawn: Annotated[bool, typer.Option("--self-drawn", help="Won by self-draw 自摸.")] = False,
    flowers: Annotated[str | None, typer.Option(
        "--flowers", metavar="N",
        help="How many of the fans are flowers; checks the 8-fan minimum without them.",
    )] = None,
) -> None:
    """Enter a win: --from the discarder, or --self-drawn."""
    if (from_ is None) == (not self_drawn):
        _fail("say how the hand was won: --from NAME (on a discard) or --self-drawn, not both" if self_drawn
              else "say how the hand was won: --from NAME (on a discard) or --self-drawn")
    sheet = _load(file)
    try:
        row = sheet.win(winner, _count(fan, "--fan"), discarder=from_,
                        flowers=None if flowers is None else _count(flowers, "--flowers"))
    except SheetError as err:
        _fail(str(err))
    _save(sheet, file)
    _report(sheet, row)


@sheet_app.command("draw")
def draw_command(file: FileArg) -> None:
    """Enter an exhaustive draw 荒庄 (no payments)."""
    sheet = _load(file)
    try:
        row = sheet.draw()
    except SheetError as err:
        _fail(str(err))
    _save(sheet, file)
    _report(sheet, row)


@sheet_app.command("penalty")
def penalty_command(
    file: FileArg,
    player: PlayerOpt,
    points: Annotated[str | None, typer.Option(
        "--points", metavar="N", show_default=str(FALSE_WIN_PENALTY), help="Points the player loses.",
    )] = None,
    award: Annotated[str | None, typer.Option(
        "--award", metavar="N", show_default=str(FALSE_WIN_AWARD), help="Points each other player gains.",
    )] = None,
    reason: Annotated[str | None, typer.Option(
        "--reason", metavar="TEXT", help="Why; required unless the penalty is the false win 错和 (-30/+10).",
    )] = None,
) -> None:
    """Enter a penalty in the hand in play (default: the false win 错和, -30 and +10 to each other player)."""
    sheet = _load(file)
    try:
        row = sheet.penalty(player,
                            points=FALSE_WIN_PENALTY if points is None else _count(points, "--points"),
                            award=FALSE_WIN_AWARD if award is None else _count(award, "--award"),
                            reason=reason)
    except SheetError as err:
        _fail(str(err))
    _save(sheet, file)
    _report(sheet, row)


@sheet_app.command("undo")
def undo_command(file: FileArg) -> None:
    """Remove the last entry."""
    sheet = _load(file)
    rows = sheet.rows()
    try:
        entry = sheet.undo()
    except SheetError as err:
        _fail(str(err))
    _save(sheet, file)
    typer.echo(f"Removed from hand {rows[-1].hand}: {describe_entry(sheet, entry)}")
    typer.echo(_next(sheet))


def sheet_json(sheet: ScoreSheet) -> dict[str, Any]:
    """The sheet as ``majiang sheet show --json`` prints it: players by name in rows, lists by player."""
    names = sheet.player_names
    rows = []
    for row in sheet.rows():
        e = row.entry
        rows.append({
            "hand": row.hand,
            "round": row.round_wind.notation(),
            "dealer": names[row.dealer],
            "kind": "win" if isinstance(e, Win) else "draw" if isinstance(e, Draw) else "penalty",
            "winner": names[e.winner] if isinstance(e, Win) else None,
            "from": names[e.discarder] if isinstance(e, Win) and e.discarder is not None else None,
            "self_drawn": e.self_drawn if isinstance(e, Win) else None,
            "fan": e.fan if isinstance(e, Win) else None,
            "flowers": e.flowers if isinstance(e, Win) else None,
            "player": names[e.player] if isinstance(e, Penalty) else None,
            "reason": e.reason if isinstance(e, Penalty) else None,
            "deltas": list(row.deltas),
            "totals": list(row.totals),
        })
    upcoming = None
    if not sheet.over:
        hand = sheet.hand_number
        upcoming = {"hand": hand, "round": sheet.round_wind(hand).notation(),
                    "dealer": names[sheet.dealer(hand)],
                    "seat_winds": [w.notation() for w in sheet.seat_winds(hand)]}
    return {"players": list(names), "hands": sheet.hands, "played": sheet.hands_played, "rows": rows,
            "totals": list(sheet.totals), "standings": list(sheet.standings()), "next": upcoming}


def _ranks(totals: tuple[int, int, int, int]) -> list[str]:
    ranks = []
    for p in range(4):
        rank = 1 + sum(1 for q in range(4) if totals[q] > totals[p])
        shared = sum(1 for q in range(4) if totals[q] == totals[p]) > 1
        ranks.append(f"{rank}{'=' if shared else ''}")
    return ranks


def render_sheet(console: Console, sheet: ScoreSheet) -> None:
    """Print the sheet as a referee's table, then the standings and what comes next."""
    names = sheet.player_names
    table = Table(title=f"Score sheet: {sheet.hands_played} of {sheet.hands} hands")
    for title in ("Hand", "Round", "Dealer", "Winner", "From", "Fan"):
        table.add_column(title, justify="right" if title in ("Hand", "Fan") else "left")
    for name in names:
        table.add_column(name, justify="right")
        table.add_column("Σ", justify="right")
    table.add_column("Note")
    for row in sheet.rows():
        e = row.entry
        winner = from_ = fan = note = ""
        if isinstance(e, Win):
            winner = names[e.winner]
            from_ = "自摸" if e.discarder is None else names[e.discarder]
            fan = str(e.fan)
            note = "" if e.flowers is None else f"{e.flowers} flowers"
        elif isinstance(e, Draw):
            note = "荒庄 draw"
        else:
            note = f"penalty {names[e.player]}: {e.reason}"
        cells = [str(row.hand), row.round_wind.notation(), names[row.dealer], winner, from_, fan]
        for p in range(4):
            cells += [f"{row.deltas[p]:+d}", str(row.totals[p])]
        table.add_row(*cells, note)
    console.print(table)
    totals, scores, ranks = sheet.totals, sheet.standings(), _ranks(sheet.totals)
    standings = Table(title="Standings")
    standings.add_column("Rank")
    standings.add_column("Player")
    standings.add_column("Total", justify="right")
    standings.add_column("Standard score", justify="right")
    for p in sorted(range(4), key=lambda p: (-totals[p], p)):
        standings.add_row(ranks[p], names[p], str(totals[p]), f"{scores[p]:g}")
    console.print(standings)
    console.print(_next(sheet), markup=False)


@sheet_app.command("show")
def show_command(file: FileArg, as_json: JsonOpt = False) -> None:
    """Print the sheet: every hand and penalty, running totals and standings."""
    sheet = _load(file)
    if as_json:
        typer.echo(json.dumps(sheet_json(sheet), ensure_ascii=False))
    else:
        render_sheet(Console(highlight=False), sheet)

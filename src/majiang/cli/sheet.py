"""``majiang sheet``: the referee's score sheet of a live match, kept in a JSON file.

``new`` creates the file; ``win``, ``draw`` and ``penalty`` add an entry, ``undo`` removes the last one,
``show`` prints the sheet (a table, JSON or CSV), ``export`` writes it as CSV. The arithmetic is
``majiang.rules.mcr.sheet``; every change is a read-modify-write under the file's lock, saved atomically,
and a refused entry leaves the file as it was. docs/cli.md is the user guide.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
from collections.abc import Callable, Iterator
from typing import Annotated, Any, TypeVar

import typer
from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from majiang.atomic import write_lines_atomically
from majiang.cli.errors import fail
from majiang.cli.options import GameRulesOpt, RuleOptionOpt, ruleset, whole_number
from majiang.cli.simulate import rules_line
from majiang.rules.mcr.sheet import (
    FALSE_WIN_AWARD,
    FALSE_WIN_PENALTY,
    MAX_FAN,
    MAX_PENALTY_POINTS,
    Draw,
    Entry,
    Penalty,
    ScoreSheet,
    SheetError,
    SheetRow,
    Win,
    locked,
)
from majiang.sim.simulate import changed_options

__all__ = ["describe_entry", "render_sheet", "sheet_app", "sheet_csv", "sheet_json"]

T = TypeVar("T")

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


def _count(text: str, option: str, maximum: int | None = None) -> int:
    try:
        return whole_number(text, option, maximum)
    except ValueError as err:
        fail("sheet", str(err))


def _load(file: str) -> ScoreSheet:
    try:
        return ScoreSheet.load(file)
    except FileNotFoundError:
        fail("sheet", f"no sheet file {file}; create one with 'majiang sheet new {file} --players A B C D'")
    except IsADirectoryError:
        fail("sheet", f"{file} is a directory, not a sheet file")
    except OSError as err:
        fail("sheet", f"cannot read {file}: {err.strerror or err}")
    except SheetError as err:
        fail("sheet", str(err) if str(err).startswith(file) else f"{file}: {err}")


def _save(sheet: ScoreSheet, file: str) -> None:
    try:
        sheet.save(file)
    except OSError as err:
        fail("sheet", f"cannot write {file}: {err.strerror or err} (the file is unchanged)")


@contextlib.contextmanager
def _locked(file: str) -> Iterator[None]:
    """Hold ``file``'s lock (``FILE.lock``) or fail with one line."""
    lock = locked(file)
    try:
        lock.__enter__()
    except SheetError as err:
        fail("sheet", str(err))
    except OSError as err:
        fail("sheet", f"cannot lock {file} (with {file}.lock): {err.strerror or err} (the file is unchanged)")
    try:
        yield
    finally:
        lock.__exit__(None, None, None)


def _change(file: str, change: Callable[[ScoreSheet], T]) -> tuple[ScoreSheet, T]:
    """Read, change and save the sheet under its lock, so that concurrent commands lose nothing; a change
    that raises SheetError fails with one line and saves nothing."""
    if not os.path.lexists(file):
        _load(file)  # fails with the message for a missing file, before a lock file is made beside it
    with _locked(file):
        sheet = _load(file)
        try:
            result = change(sheet)
        except SheetError as err:
            fail("sheet", str(err))
        _save(sheet, file)
    return sheet, result


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
    hands: Annotated[str | None, typer.Option("--hands", metavar="N",
                                              show_default="the ruleset's: 16, or 1 with single_hand",
                                              help="Hands in the match, 1 to 16.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing file.")] = False,
    rules: GameRulesOpt = None,
    option: RuleOptionOpt = None,
) -> None:
    """Start a sheet: four players in their first seats (the first deals first)."""
    flag = next((name for name in players if name.startswith("-")), None)
    if flag is not None:
        # --players reads the next four words whatever they are: "--players A B C --force" would
        # make "--force" a player.
        fail("sheet", f"--players takes exactly four names; {flag!r} looks like an option: give four names")
    count = None if hands is None else _count(hands, "--hands")
    try:
        sheet = ScoreSheet(players, count, ruleset(rules, option))
    except ValueError as err:  # SheetError, or a ruleset or option that does not exist
        fail("sheet", str(err))
    with _locked(file):
        if os.path.lexists(file) and not force:
            fail("sheet", f"{file} already exists; pass --force to replace it")
        _save(sheet, file)
    typer.echo(f"New sheet {file}: " + ", ".join(
        f"{name} ({'ESWN'[p]})" for p, name in enumerate(sheet.player_names)) + f"; {_hands(sheet.hands)}")
    rules_note = _rules_note(sheet)
    if rules_note is not None:
        typer.echo(rules_note)
    typer.echo(_next(sheet))


def _hands(n: int) -> str:
    return f"{n} hand{'s' if n != 1 else ''}"


def _rules_note(sheet: ScoreSheet) -> str | None:
    """``Rules: mcr (seat_changes=before-west-round)`` for a sheet of other rules than the default."""
    if "rules" not in sheet.to_dict():
        return None
    changed = tuple(key for key, _ in changed_options(sheet.rules))
    return f"Rules: {rules_line(sheet.rules.name, sheet.rules.options(), changed)}"


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
        both = ", not both" if self_drawn else ""
        fail("sheet", f"say how the hand was won: --from NAME (on a discard) or --self-drawn{both}")
    fan_total = _count(fan, "--fan", MAX_FAN)
    flower_count = None if flowers is None else _count(flowers, "--flowers", 8)
    sheet, row = _change(file, lambda sheet: sheet.win(winner, fan_total, discarder=from_,
                                                       flowers=flower_count))
    _report(sheet, row)


@sheet_app.command("draw")
def draw_command(file: FileArg) -> None:
    """Enter an exhaustive draw 荒庄 (no payments)."""
    sheet, row = _change(file, ScoreSheet.draw)
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
    lost = FALSE_WIN_PENALTY if points is None else _count(points, "--points", MAX_PENALTY_POINTS)
    won = FALSE_WIN_AWARD if award is None else _count(award, "--award", MAX_PENALTY_POINTS)
    sheet, row = _change(file, lambda sheet: sheet.penalty(player, points=lost, award=won, reason=reason))
    _report(sheet, row)


@sheet_app.command("undo")
def undo_command(file: FileArg) -> None:
    """Remove the last entry."""

    def undo(sheet: ScoreSheet) -> tuple[int, Entry]:
        hand = sheet.rows()[-1].hand if sheet.entries else 0
        return hand, sheet.undo()

    sheet, (hand, entry) = _change(file, undo)
    typer.echo(f"Removed from hand {hand}: {describe_entry(sheet, entry)}")
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
    return {"players": list(names), "rules": sheet.rules.name, "options": sheet.rules.options(),
            "hands": sheet.hands, "played": sheet.hands_played, "rows": rows,
            "totals": list(sheet.totals), "standings": list(sheet.standings()), "next": upcoming}


def _ranks(totals: tuple[int, int, int, int]) -> list[str]:
    ranks = []
    for p in range(4):
        rank = 1 + sum(1 for q in range(4) if totals[q] > totals[p])
        shared = sum(1 for q in range(4) if totals[q] == totals[p]) > 1
        ranks.append(f"{rank}{'=' if shared else ''}")
    return ranks


def _cells(sheet: ScoreSheet, row: SheetRow) -> tuple[list[str], str]:
    """A row's cells (hand, round, dealer, winner, from, fan, then change and total by player), its note."""
    names, e = sheet.player_names, row.entry
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
    return cells, note


# One space between columns and no outer border: the 15 columns of four short names fit 80 columns.
_COMPACT: dict[str, Any] = {"box": box.SIMPLE_HEAD, "show_edge": False, "pad_edge": False, "padding": (0, 0)}


def _fits(console: Console, table: Table) -> bool:
    # Rich shrinks a table that is wider than the console by cutting cells ("…"); measured without a
    # width limit, the minimum is the narrowest it can be drawn without cutting any number or word.
    return Measurement.get(console, console.options.update_width(1 << 20), table).minimum <= console.width


def render_sheet(console: Console, sheet: ScoreSheet) -> None:
    """Print the sheet as a referee's table, then the standings and what comes next.

    Nothing is ever cut: only the notes wrap, and when the console is too narrow for the table (or the
    standings) they are printed as lines instead.
    """
    names = sheet.player_names
    rows = sheet.rows()
    # Text cells: a name or reason is shown as written, never read as Rich markup.
    rules_note = _rules_note(sheet)
    if rules_note is not None:
        console.print(rules_note, markup=False)
    table = Table(title=Text(f"Score sheet: {sheet.hands_played} of {_hands(sheet.hands)}"), **_COMPACT)
    lines = [_cells(sheet, row) for row in rows]
    titles = ["Hand", "Round", "Dealer", "Winner", "From", "Fan"] + [t for name in names for t in (name, "Σ")]
    for i, title in enumerate(titles):
        # Each column's widest cell is its minimum: when the console is only just wide enough, Rich
        # would otherwise narrow some columns below their content and fold a number onto two lines.
        widest = max([cell_len(title), *(cell_len(cells[i]) for cells, _ in lines)])
        table.add_column(Text(title), justify="left" if 1 <= i <= 4 else "right", no_wrap=True,
                         overflow="fold", min_width=widest)
    table.add_column("Note", overflow="fold")
    for cells, note in lines:
        table.add_row(*(Text(cell) for cell in cells), Text(note))
    if _fits(console, table):
        console.print(table)
    else:
        console.print(f"Score sheet: {sheet.hands_played} of {_hands(sheet.hands)}", markup=False)
        for row in rows:
            where = f"Hand {row.hand}, round {row.round_wind.notation()}, dealer {names[row.dealer]}"
            console.print(f"{where}: {describe_entry(sheet, row.entry)}", markup=False)
            for p in range(4):
                console.print(f"  {names[p]} {row.deltas[p]:+d}, total {row.totals[p]}", markup=False)
    totals, scores, ranks = sheet.totals, sheet.standings(), _ranks(sheet.totals)
    order = sorted(range(4), key=lambda p: (-totals[p], p))
    standings = Table(title="Standings", **_COMPACT)
    standings.add_column("Rank", no_wrap=True, overflow="fold")
    standings.add_column("Player", no_wrap=True, overflow="fold")
    standings.add_column("Total", justify="right", no_wrap=True, overflow="fold")
    standings.add_column("Standard score", justify="right", no_wrap=True, overflow="fold")
    for p in order:
        standings.add_row(ranks[p], Text(names[p]), str(totals[p]), f"{scores[p]:g}")
    if _fits(console, standings):
        console.print(standings)
    else:
        console.print("Standings:", markup=False)
        for p in order:
            console.print(f"  {ranks[p]} {names[p]}: total {totals[p]}, standard score {scores[p]:g}",
                          markup=False)
    console.print(_next(sheet), markup=False)


CSV_COLUMNS = ("hand", "round", "dealer", "kind", "winner", "from", "fan", "flowers", "player", "points",
               "award", "reason")
"""The CSV export's first columns; then a change and a total column for each player."""


def _spreadsheet_safe(text: str) -> str:
    # A cell starting with = + - @ is a formula to a spreadsheet; a leading apostrophe keeps it text.
    # Names cannot start so; a penalty's reason can.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def sheet_csv(sheet: ScoreSheet) -> list[str]:
    """The sheet as CSV lines: a header, then one line per entry (numbers as plain integers)."""
    names = sheet.player_names
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*CSV_COLUMNS, *(f"{name} {what}" for name in names for what in ("change", "total"))])
    for row in sheet.rows():
        e = row.entry
        kind = "win" if isinstance(e, Win) else "draw" if isinstance(e, Draw) else "penalty"
        cells: list[object] = [row.hand, row.round_wind.notation(), names[row.dealer], kind]
        if isinstance(e, Win):
            cells += [names[e.winner], "" if e.discarder is None else names[e.discarder], e.fan,
                      "" if e.flowers is None else e.flowers, "", "", "", ""]
        elif isinstance(e, Penalty):
            cells += ["", "", "", "", names[e.player], e.points, e.award, _spreadsheet_safe(e.reason)]
        else:
            cells += [""] * 8
        for p in range(4):
            cells += [row.deltas[p], row.totals[p]]
        writer.writerow(cells)
    # No name or reason holds a line break (the sheet refuses them), so each record is one line.
    return out.getvalue().splitlines()


@sheet_app.command("show")
def show_command(
    file: FileArg,
    as_json: JsonOpt = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the sheet as CSV, one line an entry.")] = False,
) -> None:
    """Print the sheet: every hand and penalty, running totals and standings."""
    if as_json and as_csv:
        fail("sheet", "choose one of --json and --csv")
    sheet = _load(file)
    if as_json:
        typer.echo(json.dumps(sheet_json(sheet), ensure_ascii=False))
    elif as_csv:
        for line in sheet_csv(sheet):
            typer.echo(line)
    else:
        render_sheet(Console(highlight=False), sheet)


@sheet_app.command("export")
def export_command(
    file: FileArg,
    out: Annotated[str, typer.Option("--csv", metavar="OUT", show_default=False,
                                     help="Write the sheet as CSV to OUT (atomically).")],
    force: Annotated[bool, typer.Option("--force", help="Replace an existing OUT.")] = False,
) -> None:
    """Write the sheet as CSV to a file: whole or not at all."""
    sheet = _load(file)
    if os.path.lexists(out) and not force:
        fail("sheet", f"{out} already exists; pass --force to replace it")
    if os.path.lexists(out) and os.path.samefile(out, file):
        fail("sheet", f"{out} is the sheet file itself")
    try:
        write_lines_atomically(out, sheet_csv(sheet))
    except OSError as err:
        fail("sheet", f"cannot write {out}: {err.strerror or err}")
    typer.echo(f"Wrote {out}: {len(sheet.entries)} entries, {len(CSV_COLUMNS) + 8} columns")

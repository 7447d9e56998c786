"""``majiang tournament``: a Swiss tournament of four-player tables kept in a JSON file (``--state``).

``new`` enters the players, ``pair`` seats the next round, ``result`` books a table's score sheet,
``play`` lets bots play the round's open tables, ``standings`` ranks the players, ``export`` writes CSV
or a printable HTML page. The logic is ``majiang.tournament``; docs/tournament.md is the guide.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from majiang.bots import BOTS
from majiang.cli.errors import fail
from majiang.cli.options import GameRulesOpt, JsonOpt, RuleOptionOpt, SeedOpt, integer, ruleset
from majiang.cli.state import change_state, read_state, scores, write_state
from majiang.errors import InvalidOptionError, MajiangError
from majiang.tournament import BYE_POLICIES, Round, Tournament, TournamentError

__all__ = ["tournament_app"]

tournament_app = typer.Typer(
    name="tournament",
    help="A Swiss tournament of four-player tables with duplicate walls (a JSON state file).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND = "tournament"

StateOpt = Annotated[str, typer.Option("--state", metavar="FILE", show_default=False,
                                       help="The tournament file (JSON).")]
PlayersOpt = Annotated[str, typer.Option("--players", metavar="A,B,...", show_default=False,
                                         help="The players' names, comma-separated.")]
RoundsOpt = Annotated[str, typer.Option("--rounds", metavar="M", show_default=False, help="Rounds, 1-100.")]
HandsOpt = Annotated[str | None, typer.Option(
    "--hands", metavar="N", show_default="the ruleset's match (16 hands)", help="Hands at each table, 1-64.")]
ByesOpt = Annotated[str, typer.Option(
    "--byes", metavar="POLICY",
    help="When the players are not a multiple of 4: 'bye' (the lowest with the fewest byes sit out, "
         "scoring the average table points) or 'refuse'.")]
BotOpt = Annotated[list[str] | None, typer.Option(
    "--bot", metavar="PLAYER=BOT", help=f"Seat a bot for a player (repeatable): one of {', '.join(BOTS)}.")]
NameOpt = Annotated[str, typer.Option("--name", metavar="TITLE", help="The tournament's title.")]
RoundOpt = Annotated[str | None, typer.Option("--round", metavar="R", show_default="the last paired",
                                              help="The round.")]
TableOpt = Annotated[str, typer.Option("--table", metavar="T", show_default=False, help="The table.")]
TotalOpt = Annotated[list[str] | None, typer.Option(
    "--total", metavar="NAME=POINTS", help="A player's final total (four of them).")]
HandOpt = Annotated[list[str] | None, typer.Option(
    "--hand", metavar="A=N,B=N,C=N,D=N", help="One hand's score changes (repeatable, in order).")]
ReplaceOpt = Annotated[bool, typer.Option("--replace", help="Replace the table's result (a correction).")]
DefaultBotOpt = Annotated[str | None, typer.Option(
    "--bot", metavar="BOT", help="The bot for players who have none of their own.")]
FormatOpt = Annotated[str, typer.Option("--format", metavar="csv|html", help="The export's format.")]
OutOpt = Annotated[str | None, typer.Option("--out", metavar="FILE", show_default="standard output",
                                            help="Write the export to FILE (atomically).")]


def _missing(file: str) -> str:
    return f"no tournament file {file}; make one with 'majiang tournament new --state {file} --players ...'"


def _load(file: str) -> Tournament:
    return read_state(COMMAND, file, Tournament.from_dict, _missing(file))


def _change(file: str, change: Callable[[Tournament], object]) -> Tournament:
    if not os.path.lexists(file):
        _load(file)  # the message for a missing file, before a lock file is made beside it
    tournament, _ = change_state(COMMAND, file, lambda: _load(file), change, Tournament.to_dict)
    return tournament


def _number(text: str, option: str, low: int, high: int) -> int:
    try:
        value = integer(text, option)
    except InvalidOptionError as err:
        fail(COMMAND, str(err))
    if not low <= value <= high:
        fail(COMMAND, f"{option} must be {low}-{high}, not {value}")
    return value


@tournament_app.command("new")
def new_command(state: StateOpt, players: PlayersOpt, rounds: RoundsOpt, seed: SeedOpt = None,
                rules: GameRulesOpt = None, option: RuleOptionOpt = None, hands: HandsOpt = None,
                byes: ByesOpt = "bye", bot: BotOpt = None, name: NameOpt = "") -> None:
    """Enter a new tournament's players and plan; refuses to overwrite an existing file."""
    if os.path.lexists(state):
        fail(COMMAND, f"{state} exists; a new tournament needs a new file")
    names = [p.strip() for p in players.split(",")]
    if byes not in BYE_POLICIES:
        fail(COMMAND, f"--byes must be one of {', '.join(BYE_POLICIES)}, not {byes!r}")
    bots: dict[str, str] = {}
    for item in bot or ():
        player, sep, which = item.rpartition("=")
        if not sep or not player.strip():
            fail(COMMAND, f"--bot takes PLAYER=BOT, not {item!r}")
        bots[player.strip()] = which.strip()
    try:
        played = ruleset(rules, option)
        tournament = Tournament(
            names, _number(rounds, "--rounds", 1, 100),
            seed=0 if seed is None else integer(seed, "--seed", signed=True),
            rules=played.name, options=_changed(played), byes=byes, bots=bots, name=name,
            hands=None if hands is None else _number(hands, "--hands", 1, 64))
    except MajiangError as err:
        fail(COMMAND, str(err))
    write_state(COMMAND, state, tournament.to_dict())
    typer.echo(f"{state}: {len(names)} players, {tournament.rounds_planned} rounds under {played.name}; "
               f"'majiang tournament pair --state {state}' seats round 1")


def _changed(rules: object) -> dict[str, object]:
    from majiang.game.ruleset import Ruleset, find_ruleset
    assert isinstance(rules, Ruleset)
    base = find_ruleset(rules.name).options()
    return {k: v for k, v in rules.options().items() if base.get(k) != v}


def _print_round(tournament: Tournament, rnd: Round) -> None:
    typer.echo(f"Round {rnd.number} of {tournament.rounds_planned} (walls from seed {rnd.seed}, the same at "
               "every table)")
    for t in rnd.tables:
        seats = "  ".join(f"{w} {p}" for w, p in zip("东南西北", t.players, strict=True))
        done = "" if t.result is None else "  → " + ", ".join(
            f"{p} {v}" for p, v in zip(t.players, t.result.totals, strict=True))
        typer.echo(f"  table {t.number}: {seats}{done}")
    if rnd.byes:
        typer.echo(f"  byes: {', '.join(rnd.byes)}")


@tournament_app.command("pair")
def pair_command(state: StateOpt) -> None:
    """Seat the next round (Swiss by standings, fewest repeat opponents)."""
    tournament = _change(state, lambda t: t.pair_next_round())
    _print_round(tournament, tournament.rounds[-1])


def _round(tournament: Tournament, text: str | None) -> int:
    if text is None:
        if not tournament.rounds:
            fail(COMMAND, "no round is paired yet: 'majiang tournament pair' seats round 1")
        return len(tournament.rounds)
    return _number(text, "--round", 1, 100)


@tournament_app.command("result")
def result_command(state: StateOpt, table: TableOpt, round_: RoundOpt = None, total: TotalOpt = None,
                   hand: HandOpt = None, replace: ReplaceOpt = False) -> None:
    """Book a table's score sheet: its final totals (--total) or each hand's changes (--hand), or both."""
    totals = scores(COMMAND, list(total), "--total") if total else None
    hands = [scores(COMMAND, [part for part in h.split(",") if part.strip()], f"--hand {i}")
             for i, h in enumerate(hand or (), start=1)]
    number = _number(table, "--table", 1, 10_000)

    def change(t: Tournament) -> None:
        t.enter_result(_round(t, round_), number, totals=totals, hands=hands or None, replace=replace)
    tournament = _change(state, change)
    _print_round(tournament, tournament.rounds[_round(tournament, round_) - 1])


@tournament_app.command("play")
def play_command(state: StateOpt, round_: RoundOpt = None, bot: DefaultBotOpt = None) -> None:
    """Let bots play every open table of a round on the round's walls (each player's bot, or --bot)."""
    if bot is not None and bot not in BOTS:
        fail(COMMAND, f"unknown bot {bot!r}; one of {', '.join(BOTS)}")

    def change(t: Tournament) -> None:
        number = _round(t, round_)
        t.table(number, 1)  # the round exists
        for table in t.rounds[number - 1].tables:
            if table.result is None:
                t.play_table(number, table.number, bot)
    tournament = _change(state, change)
    _print_round(tournament, tournament.rounds[_round(tournament, round_) - 1])


@tournament_app.command("standings")
def standings_command(state: StateOpt, as_json: JsonOpt = False) -> None:
    """The standings: table points, then score (比赛分), 1st places and the best table."""
    tournament = _load(state)
    lines = tournament.standings()
    if as_json:
        typer.echo(json.dumps({"rounds": len(tournament.rounds), "standings": [
            {"place": s.place, "player": s.player, "table_points": s.table_points, "score": s.score,
             "firsts": s.firsts, "best": s.best, "tables": s.tables, "byes": s.byes,
             "per_round": list(s.rounds)}
            for s in lines]}, ensure_ascii=False))
        return
    title = tournament.name or "Tournament"
    table = Table(title=f"{title}: after round {len(tournament.rounds)} of {tournament.rounds_planned}")
    for column in ("#", "Player", "Table pts", "Score", "1st", "Best", "Tables", "Byes"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    for s in lines:
        table.add_row(str(s.place), s.player, f"{s.table_points:g}", str(s.score), str(s.firsts),
                      "" if s.best is None else str(s.best), str(s.tables), str(s.byes))
    Console(highlight=False).print(table)


@tournament_app.command("export")
def export_command(state: StateOpt, format_: FormatOpt = "csv", out: OutOpt = None) -> None:
    """Write the standings as CSV, or a printable HTML page with every round's tables."""
    if format_ not in ("csv", "html"):
        fail(COMMAND, f"--format is csv or html, not {format_!r}")
    tournament = _load(state)
    try:
        text = tournament.standings_csv() if format_ == "csv" else tournament.standings_html()
    except TournamentError as err:
        fail(COMMAND, str(err))
    if out is None:
        typer.echo(text, nl=False)
        return
    from majiang.atomic import write_atomically
    try:
        write_atomically(out, [text.encode("utf-8")])
    except OSError as err:
        fail(COMMAND, f"cannot write {out}: {err.strerror or err}")
    typer.echo(f"wrote {out}")

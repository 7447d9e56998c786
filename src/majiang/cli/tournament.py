"""``majiang tournament``: a Swiss tournament of four-player tables kept in a JSON file (``--state``), or
one of the web server's tournaments in its database (``--db FILE|URL --id ID``).

``new`` enters the players, ``pair`` seats the next round, ``result`` books a table's score sheet,
``play`` lets bots play the round's open tables, ``show`` prints every round, ``standings`` ranks the
players, ``export`` writes CSV or a printable HTML page, ``list`` names the server's tournaments. Over
the database every change goes through the server's own code (``majiang.web.tournament_store``): read
at a version, changed, written only where the version is still that one, so a change racing another
(the server's page, a second command) is refused and writes nothing. The logic is
``majiang.tournament``; docs/tournament.md is the guide.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from majiang.bots import BOTS
from majiang.cli.database import find_account, open_store
from majiang.cli.errors import fail
from majiang.cli.options import GameRulesOpt, JsonOpt, RuleOptionOpt, SeedOpt, integer, ruleset
from majiang.cli.state import change_state, read_state, scores, write_state
from majiang.errors import InvalidOptionError, MajiangError
from majiang.tournament import BYE_POLICIES, Round, Tournament, TournamentError

if TYPE_CHECKING:
    from majiang.web.tournament_store import Stored

__all__ = ["tournament_app"]

tournament_app = typer.Typer(
    name="tournament",
    help="A Swiss tournament of four-player tables with duplicate walls (a JSON state file, or the web "
         "server's database).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND = "tournament"

StateOpt = Annotated[str | None, typer.Option("--state", metavar="FILE", show_default=False,
                                              help="The tournament file (JSON); or --db.")]
DbOpt = Annotated[str | None, typer.Option(
    "--db", metavar="FILE|URL", show_default=False,
    help="The web server's database (a SQLite file or a postgresql:// URL, as 'majiang serve --db'): its "
         "tournament --id, read or changed in place; or --state.")]
IdOpt = Annotated[str | None, typer.Option("--id", metavar="ID", show_default=False,
                                           help="The tournament's id in the database (with --db).")]
VersionOpt = Annotated[str | None, typer.Option(
    "--version", metavar="V", show_default=False,
    help="Refuse the change unless the stored tournament is at version V (the one you were shown).")]
OrganiserOpt = Annotated[str | None, typer.Option(
    "--organiser", metavar="NAME", show_default=False,
    help="The organiser, an account on the server (with --db: only it may change the tournament there).")]
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


def _where(state: str | None, db: str | None, tournament_id: str | None, *, new: bool = False,
           as_json: bool = False) -> None:
    """Exactly one tournament named: ``--state FILE``, or ``--db`` with ``--id`` (made by ``new``)."""
    if (state is None) == (db is None):
        fail(COMMAND, "name the tournament: --state FILE (a tournament file) or --db FILE|URL --id ID (the "
                      "server's database), one of them", as_json=as_json)
    if state is not None and tournament_id is not None:
        fail(COMMAND, "--id names a tournament in the server's database: give it with --db, not --state",
             as_json=as_json)
    if db is not None and new and tournament_id is not None:
        fail(COMMAND, "a new tournament's id is given by the database: leave out --id", as_json=as_json)
    if db is not None and not new and tournament_id is None:
        fail(COMMAND, f"--db needs --id ID, the tournament's id ('majiang tournament list --db {db}' "
                      "names them)", as_json=as_json)


def _read(state: str | None, db: str | None, tournament_id: str | None,
          as_json: bool = False) -> tuple[Tournament, Stored | None]:
    """The tournament named (and, from the database, its row)."""
    _where(state, db, tournament_id, as_json=as_json)
    if state is not None:
        return _load(state), None
    assert db is not None and tournament_id is not None
    with open_store(COMMAND, db, as_json) as store:  # (it says so if the web extra is missing)
        from majiang.web.tournament_store import TournamentStoreError, read_tournament

        try:
            stored = read_tournament(store, tournament_id)
        except TournamentStoreError as err:
            fail(COMMAND, f"{err} in {store.path}", as_json=as_json)
    return stored.tournament, stored


def _change(state: str | None, db: str | None, tournament_id: str | None, version: str | None,
            change: Callable[[Tournament, Stored | None], object]) -> tuple[Tournament, Stored | None]:
    """Apply ``change`` to the tournament named and write it: the file under its lock, or the database's
    row over the version read (refused, writing nothing, if another writer changed it meanwhile)."""
    _where(state, db, tournament_id)
    if state is not None:
        if version is not None:
            fail(COMMAND, "--version checks a tournament in the server's database: give it with --db")
        if not os.path.lexists(state):
            _load(state)  # the message for a missing file, before a lock file is made beside it
        tournament, _ = change_state(COMMAND, state, lambda: _load(state), lambda t: change(t, None),
                                     Tournament.to_dict)
        return tournament, None
    assert db is not None and tournament_id is not None
    seen = None if version is None else _number(version, "--version", 1, 2**62)
    with open_store(COMMAND, db) as store:
        from majiang.web.tournament_store import (
            TournamentStoreError,
            check_version,
            read_tournament,
            write_tournament,
        )

        try:
            stored = read_tournament(store, tournament_id)
        except TournamentStoreError as err:
            fail(COMMAND, f"{err} in {store.path}")
        try:
            if seen is not None:
                check_version(stored, seen)
            change(stored.tournament, stored)
            write_tournament(store, stored)
        except MajiangError as err:
            fail(COMMAND, f"{err} (the database is unchanged)")
    return stored.tournament, stored


def _number(text: str, option: str, low: int, high: int) -> int:
    try:
        value = integer(text, option)
    except InvalidOptionError as err:
        fail(COMMAND, str(err))
    if not low <= value <= high:
        fail(COMMAND, f"{option} must be {low}-{high}, not {value}")
    return value


@tournament_app.command("new")
def new_command(players: PlayersOpt, rounds: RoundsOpt, state: StateOpt = None, db: DbOpt = None,
                organiser: OrganiserOpt = None, seed: SeedOpt = None, rules: GameRulesOpt = None,
                option: RuleOptionOpt = None, hands: HandsOpt = None, byes: ByesOpt = "bye",
                bot: BotOpt = None, name: NameOpt = "") -> None:
    """Enter a new tournament's players and plan: a new file (never over one), or a new tournament in the
    server's database, organised by --organiser (without --seed its walls' seed is drawn at random, as
    the server draws it, since the server hides the seed from the players)."""
    _where(state, db, None, new=True)
    if state is not None and os.path.lexists(state):
        fail(COMMAND, f"{state} exists; a new tournament needs a new file")
    if (db is None) != (organiser is None):
        fail(COMMAND, "--organiser NAME (an account on the server) goes with --db, and --db needs it")
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
        if seed is not None:
            chosen_seed = integer(seed, "--seed", signed=True)
        else:
            chosen_seed = 0 if db is None else secrets.randbits(62)
        tournament = Tournament(
            names, _number(rounds, "--rounds", 1, 100), seed=chosen_seed,
            rules=played.name, options=_changed(played), byes=byes, bots=bots, name=name,
            hands=None if hands is None else _number(hands, "--hands", 1, 64))
    except MajiangError as err:
        fail(COMMAND, str(err))
    plan = f"{len(names)} players, {tournament.rounds_planned} rounds under {played.name}"
    if state is not None:
        write_state(COMMAND, state, tournament.to_dict())
        typer.echo(f"{state}: {plan}; 'majiang tournament pair --state {state}' seats round 1")
        return
    assert db is not None and organiser is not None
    with open_store(COMMAND, db) as store:
        from majiang.web.tournament_store import create_tournament

        _server_limits(names, name)
        account = find_account(COMMAND, store, organiser)
        stored = create_tournament(store, tournament, account.id, time.time())
    typer.echo(f"tournament {stored.id} in {db}, organised by {stored.organiser_name}: {plan}; "
               f"'majiang tournament pair --db {db} --id {stored.id}' seats round 1")


def _server_limits(names: list[str], title: str) -> None:
    """The server's own limits on a tournament it keeps (its page refuses the same)."""
    from majiang.web.tournaments import MAX_PLAYERS, NAME_LENGTH

    if len(names) > MAX_PLAYERS:
        fail(COMMAND, f"a tournament takes at most {MAX_PLAYERS} players, not {len(names)}")
    for who in names:
        if len(who) > NAME_LENGTH:
            fail(COMMAND, f"a player's name has at most {NAME_LENGTH} characters: {who[:NAME_LENGTH]!r}...")
    if len(title.strip()) > 2 * NAME_LENGTH:
        fail(COMMAND, f"a tournament's name has at most {2 * NAME_LENGTH} characters")


def _changed(rules: object) -> dict[str, object]:
    from majiang.game.ruleset import Ruleset, find_ruleset
    assert isinstance(rules, Ruleset)
    base = find_ruleset(rules.name).options()
    return {k: v for k, v in rules.options().items() if base.get(k) != v}


def _print_round(tournament: Tournament, rnd: Round, stored: Stored | None = None) -> None:
    typer.echo(f"Round {rnd.number} of {tournament.rounds_planned} (walls from seed {rnd.seed}, the same at "
               "every table)")
    for t in rnd.tables:
        seats = "  ".join(f"{w} {p}" for w, p in zip("东南西北", t.players, strict=True))
        done = "" if t.result is None else "  → " + ", ".join(
            f"{p} {v}" for p, v in zip(t.players, t.result.totals, strict=True))
        if stored is not None and (rnd.number, t.number) in stored.abandoned:
            done += "  (abandoned: scored as far as it was played)"
        elif stored is not None and t.result is None and f"{rnd.number}.{t.number}" in stored.live:
            done += f"  (played live on the server: table {stored.live[f'{rnd.number}.{t.number}']})"
        typer.echo(f"  table {t.number}: {seats}{done}")
    if rnd.byes:
        typer.echo(f"  byes: {', '.join(rnd.byes)}")


def _print_version(stored: Stored | None) -> None:
    if stored is not None:
        typer.echo(f"(tournament {stored.id} at version {stored.version})")


@tournament_app.command("pair")
def pair_command(state: StateOpt = None, db: DbOpt = None, tournament_id: IdOpt = None,
                 version: VersionOpt = None) -> None:
    """Seat the next round (Swiss by standings, fewest repeat opponents)."""
    tournament, stored = _change(state, db, tournament_id, version, lambda t, _: t.pair_next_round())
    _print_round(tournament, tournament.rounds[-1], stored)
    _print_version(stored)


def _round(tournament: Tournament, text: str | None) -> int:
    if text is None:
        if not tournament.rounds:
            fail(COMMAND, "no round is paired yet: 'majiang tournament pair' seats round 1")
        return len(tournament.rounds)
    return _number(text, "--round", 1, 100)


@tournament_app.command("result")
def result_command(table: TableOpt, state: StateOpt = None, db: DbOpt = None, tournament_id: IdOpt = None,
                   version: VersionOpt = None, round_: RoundOpt = None, total: TotalOpt = None,
                   hand: HandOpt = None, replace: ReplaceOpt = False) -> None:
    """Book a table's score sheet: its final totals (--total) or each hand's changes (--hand), or both."""
    totals = scores(COMMAND, list(total), "--total") if total else None
    hands = [scores(COMMAND, [part for part in h.split(",") if part.strip()], f"--hand {i}")
             for i, h in enumerate(hand or (), start=1)]
    number = _number(table, "--table", 1, 10_000)

    def change(t: Tournament, stored: Stored | None) -> None:
        r = _round(t, round_)
        t.enter_result(r, number, totals=totals, hands=hands or None, replace=replace)
        if stored is not None and (r, number) in stored.abandoned:  # a referee's sheet, as the server's
            stored.abandoned.remove((r, number))
    tournament, stored = _change(state, db, tournament_id, version, change)
    _print_round(tournament, tournament.rounds[_round(tournament, round_) - 1], stored)
    _print_version(stored)


@tournament_app.command("play")
def play_command(state: StateOpt = None, db: DbOpt = None, tournament_id: IdOpt = None,
                 version: VersionOpt = None, round_: RoundOpt = None, bot: DefaultBotOpt = None) -> None:
    """Let bots play every open table of a round on the round's walls (each player's bot, or --bot); a
    table played live on the server is left to its players."""
    if bot is not None and bot not in BOTS:
        fail(COMMAND, f"unknown bot {bot!r}; one of {', '.join(BOTS)}")

    def change(t: Tournament, stored: Stored | None) -> None:
        number = _round(t, round_)
        t.table(number, 1)  # the round exists
        for table in t.rounds[number - 1].tables:
            live = stored is not None and f"{number}.{table.number}" in stored.live
            if table.result is None and not live:
                t.play_table(number, table.number, bot)
    tournament, stored = _change(state, db, tournament_id, version, change)
    _print_round(tournament, tournament.rounds[_round(tournament, round_) - 1], stored)
    _print_version(stored)


@tournament_app.command("show")
def show_command(state: StateOpt = None, db: DbOpt = None, tournament_id: IdOpt = None) -> None:
    """The tournament's plan and every round's tables with their results."""
    tournament, stored = _read(state, db, tournament_id)
    title = tournament.name or "Tournament"
    typer.echo(f"{title}: {len(tournament.players)} players, {len(tournament.rounds)} of "
               f"{tournament.rounds_planned} rounds paired, under {tournament.rules_name}")
    if stored is not None:
        typer.echo(f"tournament {stored.id}, organised by {stored.organiser_name}, at version "
                   f"{stored.version}")
    for rnd in tournament.rounds:
        _print_round(tournament, rnd, stored)


@tournament_app.command("list")
def list_command(db: Annotated[str, typer.Option(
        "--db", metavar="FILE|URL", show_default=False,
        help="The web server's database (a SQLite file or a postgresql:// URL).")],
        as_json: JsonOpt = False) -> None:
    """The tournaments in the server's database, newest first: id, name, organiser, rounds, version."""
    with open_store(COMMAND, db, as_json) as store:
        from majiang.web.tournament_store import list_tournaments
        from majiang.web.tournaments import LISTED

        rows = list_tournaments(store, LISTED)
    found = []
    for row in rows:
        try:
            data = json.loads(row.state)["tournament"]
            paired, planned, players = len(data["rounds"]), data["rounds_planned"], len(data["players"])
        except (ValueError, TypeError, KeyError):
            paired = planned = players = -1  # a damaged row: named, for 'show' to say what is wrong
        found.append({"id": row.id, "name": row.name, "rules": row.rules, "organiser": row.organiser_name,
                      "created": row.created, "version": row.version, "players": players,
                      "rounds_paired": paired, "rounds_planned": planned})
    if as_json:
        typer.echo(json.dumps({"tournaments": found}, ensure_ascii=False))
        return
    table = Table(title=f"Tournaments in {db}")
    for column in ("Id", "Name", "Rules", "Organiser", "Players", "Rounds", "Version"):
        table.add_column(column, justify="right" if column in ("Players", "Version") else "left")
    for f in found:
        table.add_row(str(f["id"]), str(f["name"]), str(f["rules"]), str(f["organiser"]), str(f["players"]),
                      f"{f['rounds_paired']}/{f['rounds_planned']}", str(f["version"]))
    Console(highlight=False).print(table)


@tournament_app.command("standings")
def standings_command(state: StateOpt = None, db: DbOpt = None, tournament_id: IdOpt = None,
                      as_json: JsonOpt = False) -> None:
    """The standings: table points, then score (比赛分), 1st places and the best table."""
    tournament, _ = _read(state, db, tournament_id, as_json)
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
def export_command(state: StateOpt = None, db: DbOpt = None, tournament_id: IdOpt = None,
                   format_: FormatOpt = "csv", out: OutOpt = None) -> None:
    """Write the standings as CSV, or a printable HTML page with every round's tables."""
    if format_ not in ("csv", "html"):
        fail(COMMAND, f"--format is csv or html, not {format_!r}")
    tournament, _ = _read(state, db, tournament_id)
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

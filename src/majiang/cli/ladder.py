"""``majiang ladder``: the 考级定段 ladder and the openskill ratings kept in a JSON file (``--state``), or
the web server's ladder in its database (``--db``).

``show`` prints a player's grade and rating, ``board`` the leaderboard of a ruleset, ``record`` books a
rated game entered by hand, ``play`` plays rated games among the bots (``--bots``), ``rules`` shows or
changes a ruleset's ladder rules, ``competition`` books a tournament's final places or placings entered
by hand (professional 段). ``show``, ``board``, ``rules`` and ``competition`` also work on the server's
database (``majiang.web.ladder_store``, the server's own code); the server books its games from its rated
tables, so ``record`` and ``play`` keep to the file. The logic is ``majiang.ladder``; docs/ladder.md is
the guide.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from majiang.bots import BOTS
from majiang.cli.database import open_store
from majiang.cli.errors import fail
from majiang.cli.options import GameRulesOpt, JsonOpt, RuleOptionOpt, SeedOpt, integer, ruleset
from majiang.cli.state import change_state, read_state, scores
from majiang.errors import InvalidOptionError
from majiang.ladder import Ladder, LadderEntry, LadderRules, RankChange, RatedGame, play_bot_games
from majiang.tournament import STICK_UNITS, Tournament

if TYPE_CHECKING:
    from majiang.web.store import Store

__all__ = ["ladder_app"]

ladder_app = typer.Typer(
    name="ladder",
    help="The 考级定段 ladder: grades, 段 and openskill ratings per ruleset (a JSON state file).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

StateOpt = Annotated[str, typer.Option("--state", metavar="FILE", show_default=False,
                                       help="The ladder file (JSON; made by the first change).")]
EitherStateOpt = Annotated[str | None, typer.Option(
    "--state", metavar="FILE", show_default=False,
    help="The ladder file (JSON; made by the first change); or --db.")]
DbOpt = Annotated[str | None, typer.Option(
    "--db", metavar="FILE|URL", show_default=False,
    help="The web server's database (a SQLite file or a postgresql:// URL, as 'majiang serve --db'): its "
         "ladder, read or changed in place; or --state.")]
PlayerOpt = Annotated[str, typer.Option("--player", metavar="NAME", show_default=False,
                                        help="The player (a bot is bot:NAME).")]
ResultOpt = Annotated[list[str] | None, typer.Option(
    "--result", metavar="NAME=TOTAL", help="A player's final total; four of them, one per player.")]
BotsOpt = Annotated[str | None, typer.Option(
    "--bots", metavar="A,B,C,D", show_default=",".join(BOTS),
    help="The rated bot pool: four or more different bots, comma-separated; each game seats four.")]
GamesOpt = Annotated[str, typer.Option("--games", metavar="N", help="Rated games to play, 1-10000.")]
HandsOpt = Annotated[str, typer.Option("--hands", metavar="N",
                                       help="Hands of each rated game, 1-64 (4: each bot deals once).")]
SetOpt = Annotated[list[str] | None, typer.Option(
    "--set", metavar="KEY=VALUE", help="Change a ladder rule (repeatable; lists comma-separated), e.g. "
                                       "--set demotion=false --set dan_awards=50,20,0,-30.")]

COMMAND = "ladder"

T = TypeVar("T")


def _missing(file: str) -> str:
    return f"no ladder file {file}; 'majiang ladder record' or 'majiang ladder play' makes one"


def _where(state: str | None, db: str | None, as_json: bool = False) -> tuple[str | None, str | None]:
    """The one ladder named: ``--state`` or ``--db``."""
    if (state is None) == (db is None):
        fail(COMMAND, "name the ladder: --state FILE (a ladder file) or --db FILE|URL (the server's "
                      "database), one of them", as_json=as_json)
    return state, db


def _store(db: str, as_json: bool = False) -> contextlib.AbstractContextManager[Store]:
    """The server's store at ``db`` (a SQLite file that exists, or a URL), closed at the end."""
    return open_store(COMMAND, db, as_json)


def _rated_bots() -> tuple[str, ...]:
    from majiang.web.ranks import RATED_BOTS

    return RATED_BOTS


def _load(file: str) -> Ladder:
    return read_state(COMMAND, file, Ladder.from_dict, _missing(file))


def _change(file: str, change: Callable[[Ladder], T]) -> tuple[Ladder, T]:
    def load() -> Ladder:
        return _load(file) if os.path.lexists(file) else Ladder()
    return change_state(COMMAND, file, load, change, Ladder.to_dict)


def _rules_name(rules: str | None, option: list[str] | None = None) -> str:
    try:
        return ruleset(rules, option).name
    except InvalidOptionError as err:
        fail(COMMAND, str(err))


def _entry_json(name: str, entry: LadderEntry) -> dict[str, Any]:
    return {"player": name, "title": entry.title, "grade": entry.grade.zh, "grade_en": entry.grade.en,
            "ordinal": entry.ordinal, **entry.to_dict()}


def _rating(entry: LadderEntry) -> str:
    if entry.mu is None or entry.sigma is None or entry.ordinal is None:
        return "unrated"
    return f"{entry.ordinal:.2f} (μ {entry.mu:.2f}, σ {entry.sigma:.2f})"


def _print_changes(changes: list[RankChange]) -> None:
    for change in changes:
        word = "升" if change.promoted else "降"
        typer.echo(f"{word} {change}")


@ladder_app.command("show")
def show_command(player: PlayerOpt, state: EitherStateOpt = None, db: DbOpt = None,
                 rules: GameRulesOpt = None, as_json: JsonOpt = False) -> None:
    """A player's grade, points, professional 段 and rating under a ruleset."""
    name = _rules_name(rules)
    state, db = _where(state, db, as_json)
    if db is not None:
        from majiang.web.ladder_store import find_player, ladder_rules, read_entries

        with _store(db, as_json) as store:
            found = find_player(store, player, _rated_bots())
            if isinstance(found, str):
                fail(COMMAND, f"{found} in {store.path}", as_json=as_json)
            with store.reading() as conn:
                rules_now = ladder_rules(conn, name)
                entry = read_entries(conn, name, [found.key]).get(found.key)
            if entry is None:
                fail(COMMAND, f"{found.name!r} has no rated game under {name} in {store.path}",
                     as_json=as_json)
        _show(found.name, name, entry, rules_now, as_json)
        return
    assert state is not None
    ladder = _load(state)
    if player not in ladder.entries.get(name, {}):
        fail(COMMAND, f"{player!r} has no rated game under {name} in {state}", as_json=as_json)
    _show(player, name, ladder.entry(name, player), ladder.rules_for(name), as_json)


def _show(player: str, name: str, entry: LadderEntry, rules_now: LadderRules, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"rules": name, **_entry_json(player, entry)}, ensure_ascii=False))
        return
    following = [g for g in rules_now.thresholds if g > entry.points]
    nxt = f"; {following[0] - entry.points} points to the next grade" if following else ""
    typer.echo(f"{player} ({name}): {entry.title} ({entry.grade.en}), {entry.points} points{nxt}")
    typer.echo(f"rating: {_rating(entry)}, conservative ordinal μ − 3σ")
    typer.echo(f"games: {entry.games} (1st {entry.places[0]}, 2nd {entry.places[1]}, 3rd {entry.places[2]}, "
               f"4th {entry.places[3]})")


@ladder_app.command("board")
def board_command(state: EitherStateOpt = None, db: DbOpt = None, rules: GameRulesOpt = None,
                  as_json: JsonOpt = False) -> None:
    """The leaderboard of a ruleset: professional 段, grade, points, then rating."""
    name = _rules_name(rules)
    state, db = _where(state, db, as_json)
    if db is not None:
        from majiang.web.ladder_store import board_rows

        with _store(db, as_json) as store, store.reading() as conn:
            board = [(player.name, entry) for player, entry in board_rows(conn, name)]
    else:
        assert state is not None
        board = _load(state).board(name)
    if as_json:
        typer.echo(json.dumps({"rules": name, "players": [_entry_json(p, e) for p, e in board]},
                              ensure_ascii=False))
        return
    table = Table(title=f"Ladder: {name}")
    for column in ("#", "Player", "Grade 段位", "Points", "Rating μ−3σ", "μ", "σ", "Games"):
        table.add_column(column, justify="left" if column in ("Player", "Grade 段位") else "right")
    for i, (player, e) in enumerate(board, start=1):
        rated = e.mu is not None and e.sigma is not None and e.ordinal is not None
        table.add_row(str(i), player, e.title, str(e.points),
                      f"{e.ordinal:.2f}" if rated and e.ordinal is not None else "-",
                      f"{e.mu:.2f}" if e.mu is not None else "-",
                      f"{e.sigma:.2f}" if e.sigma is not None else "-", str(e.games))
    Console(highlight=False).print(table)


@ladder_app.command("record")
def record_command(state: StateOpt, result: ResultOpt = None, rules: GameRulesOpt = None,
                   as_json: JsonOpt = False) -> None:
    """Book a rated game entered by hand: four --result NAME=TOTAL (final totals)."""
    name = _rules_name(rules)
    totals = scores(COMMAND, list(result or ()), "--result")
    if len(totals) != 4:
        fail(COMMAND, f"a rated game has four players: give --result NAME=TOTAL four times, not "
                      f"{len(totals)}", as_json=as_json)
    players, values = list(totals), list(totals.values())
    from majiang.game.ruleset import find_ruleset
    start = find_ruleset(name).starting_score()
    gap, unit = 4 * start - sum(values), STICK_UNITS.get(name)
    if (unit is None and gap) or (unit is not None and (gap < 0 or gap % unit)):
        need = f"{4 * start}" if unit is None else f"{4 * start} less left-over sticks of {unit}"
        fail(COMMAND, f"the totals {values} add up to {sum(values)}, not {need}", as_json=as_json)
    game = RatedGame(name, (players[0], players[1], players[2], players[3]),
                     (values[0], values[1], values[2], values[3]))
    ladder, changes = _change(state, lambda lad: lad.rate(game))
    _report(ladder, name, players, changes, as_json)


def _report(ladder: Ladder, name: str, players: list[str], changes: list[RankChange], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"rules": name, "changes": [c.to_dict() for c in changes],
                               "players": [_entry_json(p, ladder.entry(name, p)) for p in players]},
                              ensure_ascii=False))
        return
    _print_changes(changes)
    for p in players:
        e = ladder.entry(name, p)
        typer.echo(f"{p}: {e.title}, {e.points} points, rating {_rating(e)}")


@ladder_app.command("play")
def play_command(state: StateOpt, bots: BotsOpt = None, games: GamesOpt = "8", hands: HandsOpt = "4",
                 seed: SeedOpt = None, rules: GameRulesOpt = None, option: RuleOptionOpt = None,
                 as_json: JsonOpt = False) -> None:
    """Play rated games among the bots (a rated bot pool, so a lone player has ranks to climb past)."""
    try:
        played = ruleset(rules, option)
        n = integer(games, "--games")
        if not 1 <= n <= 10_000:
            raise InvalidOptionError(f"--games must be 1-10000, not {n}")
        h = integer(hands, "--hands")
        if not 1 <= h <= 64:
            raise InvalidOptionError(f"--hands must be 1-64, not {h}")
        pool = None if bots is None else [b.strip() for b in bots.split(",")]
        if pool is not None:
            for b in pool:
                if b not in BOTS:
                    raise InvalidOptionError(f"unknown bot {b!r}; one of {', '.join(BOTS)}")
            if len(set(pool)) < 4:
                raise InvalidOptionError(f"--bots needs four or more different bots, not {bots!r}")
        s = 0 if seed is None else integer(seed, "--seed", signed=True)
    except InvalidOptionError as err:
        fail(COMMAND, str(err), as_json=as_json)
    ladder, changes = _change(state, lambda lad: play_bot_games(lad, played, n, seed=s, bots=pool, hands=h))
    players = [p for p, _ in ladder.board(played.name) if p.startswith("bot:")]
    _report(ladder, played.name, players, changes, as_json)


@ladder_app.command("rules")
def rules_command(state: EitherStateOpt = None, db: DbOpt = None, rules: GameRulesOpt = None,
                  set_: SetOpt = None, as_json: JsonOpt = False) -> None:
    """Show a ruleset's ladder rules, or change them with --set KEY=VALUE (a club's own)."""
    name = _rules_name(rules)
    state, db = _where(state, db, as_json)
    if db is not None:
        from majiang.web.ladder_store import ladder_rules, set_ladder_rules

        with _store(db, as_json) as store:
            if set_:
                try:
                    with store.writing() as conn:
                        chosen = ladder_rules(conn, name).with_options(set_)
                        set_ladder_rules(conn, name, chosen)
                except InvalidOptionError as err:
                    fail(COMMAND, f"{err} (the database is unchanged)", as_json=as_json)
            else:
                with store.reading() as conn:
                    chosen = ladder_rules(conn, name)
    elif set_:
        assert state is not None

        def change(lad: Ladder) -> None:
            lad.set_rules(name, lad.rules_for(name).with_options(set_))
        chosen = _change(state, change)[0].rules_for(name)
    else:
        assert state is not None
        chosen = (_load(state) if os.path.lexists(state) else Ladder()).rules_for(name)
    data = chosen.to_dict()
    if as_json:
        typer.echo(json.dumps({"rules": name, "ladder_rules": data}, ensure_ascii=False))
        return
    for key, value in data.items():
        typer.echo(f"{key} = {','.join(map(str, value)) if isinstance(value, list) else value}")


PlaceOpt = Annotated[list[str] | None, typer.Option(
    "--place", metavar="NAME=PLACE",
    help="A competition placing entered by hand (repeatable; places from 1, a shared place given twice); "
         "with --entrants, instead of --tournament.")]
EntrantsOpt = Annotated[str | None, typer.Option(
    "--entrants", metavar="N", show_default=False, help="How many played the competition (with --place).")]
TournamentOpt = Annotated[str | None, typer.Option("--tournament", metavar="FILE", show_default=False,
                                                   help="A finished tournament file.")]


def _placings(tournament: str | None, place: list[str] | None, entrants: str | None, rules: str | None,
              as_json: bool) -> tuple[str, list[str], list[int], int]:
    """The competition's ruleset, players (1st first), their places and entrants: from a finished
    tournament file, or from --place NAME=PLACE and --entrants N."""
    if (tournament is None) == (not place):
        fail(COMMAND, "give the competition: --tournament FILE, or --place NAME=PLACE (each placed player) "
                      "with --entrants N", as_json=as_json)
    if tournament is not None:
        if entrants is not None or rules is not None:
            fail(COMMAND, "--entrants and --rules come from the tournament file; remove them",
                 as_json=as_json)
        t = read_state(COMMAND, tournament, Tournament.from_dict, f"no tournament file {tournament}")
        if len(t.rounds) < t.rounds_planned or not t.rounds[-1].finished:
            fail(COMMAND, f"{tournament}: the tournament is not finished ({len(t.rounds)} of "
                          f"{t.rounds_planned} rounds paired)", as_json=as_json)
        lines = t.standings()
        return t.ruleset().name, [s.player for s in lines], [s.place for s in lines], len(lines)
    if entrants is None:
        fail(COMMAND, "--place needs --entrants N (how many played: the professional 段 needs a field of "
                      "pro_min_entrants)", as_json=as_json)
    given = scores(COMMAND, list(place or ()), "--place")
    try:
        count = integer(entrants, "--entrants")
    except InvalidOptionError as err:
        fail(COMMAND, str(err), as_json=as_json)
    for who, at in given.items():
        if not 1 <= at <= count:
            fail(COMMAND, f"--place {who}={at}: a place is 1 to the entrants ({count})", as_json=as_json)
    order = sorted(given, key=lambda who: given[who])
    return _rules_name(rules), order, [given[who] for who in order], count


@ladder_app.command("competition")
def competition_command(state: EitherStateOpt = None, db: DbOpt = None, tournament: TournamentOpt = None,
                        place: PlaceOpt = None, entrants: EntrantsOpt = None, rules: GameRulesOpt = None,
                        as_json: JsonOpt = False) -> None:
    """Book a competition's places (a finished tournament, or placings entered by hand): its top players
    earn a professional 段 (职业段)."""
    state, db = _where(state, db, as_json)
    name, order, places, count = _placings(tournament, place, entrants, rules, as_json)
    skipped: list[str] = []
    if db is not None:
        from majiang.ladder import LadderError
        from majiang.web.ladder_store import LadderPlayer, find_player, record_competition

        with _store(db, as_json) as store:
            players: list[LadderPlayer] = []
            kept: list[int] = []
            for who, at in zip(order, places, strict=True):
                found = find_player(store, who, _rated_bots())
                if isinstance(found, str):
                    skipped.append(who)  # a guest of the club's night: placed, but not on the server
                else:
                    players.append(found)
                    kept.append(at)
            try:
                with store.writing() as conn:
                    changes = record_competition(conn, name, players, kept, count)
            except LadderError as err:
                fail(COMMAND, f"{err} (the database is unchanged)", as_json=as_json)
    else:
        assert state is not None
        _, changes = _change(state, lambda lad: lad.record_competition(name, order, places, count))
    if as_json:
        typer.echo(json.dumps({"rules": name, "changes": [c.to_dict() for c in changes],
                               "not_on_server": skipped}, ensure_ascii=False))
        return
    _print_changes(changes)
    if skipped:
        typer.echo(f"not on the server's ladder (no account): {', '.join(skipped)}")
    if not changes:
        typer.echo("no professional 段 earned (too few entrants, or the leaders hold no amateur 段)")

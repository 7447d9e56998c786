"""``majiang drill``: training drills (何切, 听什么, 算番), a player's progress and goals, and a review of
one's own game with the coach's second opinion. The logic is ``majiang.drills``; docs/training.md is the
guide.

``ask`` takes its questions from a record or any log we import (``--from``), else from a seeded game of
the project's bots under ``--rules``; the answers come on stdin, one per line, and each is judged at once
and kept in the progress log (``--log``, written atomically). With ``--db FILE|URL`` the answers and goals
are an account's on the web server (``--player`` is its name), kept where the server keeps them
(``majiang.web.drill_store``, the server's own code), so ``stats`` there shows the page's progress too.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from majiang.bots import find_bot
from majiang.cli.database import find_account, open_store
from majiang.cli.errors import fail
from majiang.cli.options import GameRulesOpt, JsonOpt, RuleOptionOpt, ruleset
from majiang.drills import (
    DRILLS,
    DrillError,
    DrillLog,
    Question,
    Verdict,
    default_log_path,
    judge,
    questions,
    review,
)
from majiang.errors import MajiangError
from majiang.interop.logs import import_log
from majiang.records import parse_record
from majiang.records.format import Record
from majiang.records.writer import play_match

if TYPE_CHECKING:
    from majiang.web.store import Store

__all__ = ["drill_app"]

drill_app = typer.Typer(
    name="drill",
    help="Training drills: 何切 (which discard), 听什么 (the waits), 算番 (the fans); progress, goals, "
         "review.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

PlayerOpt = Annotated[str, typer.Option("--player", metavar="NAME", help="Whose progress this is.")]
LogOpt = Annotated[Path | None, typer.Option(
    "--log", metavar="FILE", show_default=False,
    help="The progress log (JSON; default $XDG_DATA_HOME/majiang/drills.json); or --db.")]
DbOpt = Annotated[str | None, typer.Option(
    "--db", metavar="FILE|URL", show_default=False,
    help="The web server's database (a SQLite file or a postgresql:// URL, as 'majiang serve --db'): "
         "the answers and goals of the account --player, kept there; or --log.")]
FromOpt = Annotated[Path | None, typer.Option(
    "--from", metavar="FILE", show_default=False,
    help="Take the positions from this record or log (majiang-record, Botzone, Tenhou mjlog or "
         "tenhou.net/6, mjai); default: a seeded game of the project's bots.")]

_SYMBOLS = " ▁▂▃▄▅▆▇█"


def _log_path(log: Path | None) -> str:
    return str(log) if log is not None else default_log_path()


class _Account:
    """A player's drills in the server's database: the open store and the account (``--db``)."""

    def __init__(self, store: Store, account: int, name: str) -> None:
        self.store = store
        self.account = account
        self.name = name

    def log(self) -> DrillLog:
        from majiang.web.drill_store import drill_log

        with self.store.reading() as db:
            return drill_log(db, self.account, self.name)

    def add(self, question: Question, verdict: Verdict) -> None:
        """Keep one judged answer, as the server keeps its page's."""
        from majiang.web.drill_store import add_answer

        with self.store.writing() as db:
            add_answer(db, self.account, time.time(), question.drill, question.rules, verdict.score,
                       verdict.correct, question.source)


@contextlib.contextmanager
def _account(db: str | None, log: Path | None, player: str) -> Iterator[_Account | None]:
    """The account ``player`` in the database ``db`` (None: the file mode, ``--log``)."""
    if db is None:
        yield None
        return
    if log is not None:
        fail("drill", "--log is a progress file and --db the server's database: give one of them")
    with open_store("drill", db) as store:
        found = find_account("drill", store, player)
        yield _Account(store, found.id, found.name)


def _record(source: Path | None, rules_name: str | None, option: list[str] | None, seed: int) -> Record:
    if source is not None:
        if rules_name is not None or option:
            raise DrillError("--rules and --option come from the record given with --from; remove them")
        try:
            data = source.read_bytes()
        except OSError as err:
            raise DrillError(f"{source}: {err.strerror or err}") from None
        return parse_record(import_log(data, "auto", source.name).lines)
    rules = ruleset(rules_name, option)
    bots = [find_bot("fan-aware", seed=seed * 4 + s) for s in range(4)]
    _, lines = play_match(bots, seed=seed, rules=rules, hands=2)
    return parse_record(lines)


def _show(console: Console, number: int, question: Question) -> None:
    ask = {"discard": "Which tile do you discard? 何切", "waits": "Which tiles does it wait on? 听什么",
           "fans": "What is the total? 算番"}[question.drill]
    console.print(f"\n[bold]{number}.[/bold] {question.rules} · {question.source} · seat wind "
                  f"{question.seat_wind}, round wind {question.round_wind}")
    console.print(f"   hand:    {question.hand}", markup=False)
    if question.visible:
        console.print(f"   in sight: {question.visible}", markup=False)
    if question.void:
        console.print(f"   void suit (定缺): {question.void}", markup=False)
    if question.drill == "fans":
        console.print(f"   won: {question.context.get('facts', '')}", markup=False)
    console.print(f"   {ask}", markup=False)


def _asked_json(number: int, question: Question) -> str:
    """A question as a JSON line, without its answers (``--json``)."""
    shown = {k: v for k, v in question.to_dict().items() if k not in ("best", "played")}
    shown["context"] = {k: v for k, v in question.context.items() if k not in ("explain", "score")}
    return json.dumps({"question": number, **shown}, ensure_ascii=False)


def _verdict_json(verdict: Verdict, **extra: object) -> dict[str, object]:
    """A verdict as data: the English ``why`` and its facts (``detail``) for a program to word its own way."""
    return {**extra, "score": verdict.score, "correct": verdict.correct, "best": list(verdict.best),
            "why": verdict.why, "detail": verdict.detail}


@drill_app.command("ask")
def ask_command(
    drill: Annotated[str, typer.Argument(metavar="DRILL",
                                         help="discard (何切), waits (听什么) or fans (算番).")],
    player: PlayerOpt,
    source: FromOpt = None,
    rules: GameRulesOpt = None,
    option: RuleOptionOpt = None,
    count: Annotated[int, typer.Option("--count", min=1, max=100, help="How many questions.")] = 5,
    seed: Annotated[int, typer.Option("--seed", min=0,
                                      help="Which positions (and which game without --from).")] = 1,
    log: LogOpt = None,
    db: DbOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Each question and each verdict as a JSON line (the verdict's facts in 'detail', for "
                       "a program or a page to word in its own language).")] = False,
) -> None:
    """Ask COUNT questions of a drill, one answer per line on stdin; each is judged and kept."""
    if drill not in DRILLS:
        fail("drill", f"DRILL must be one of {', '.join(DRILLS)}, not {drill!r}")
    with _account(db, log, player) as account:
        _ask(drill, player, source, rules, option, count, seed, _log_path(log), account, as_json)


def _ask(drill: str, player: str, source: Path | None, rules: str | None, option: list[str] | None,
         count: int, seed: int, path: str, account: _Account | None, as_json: bool) -> None:
    try:
        progress = DrillLog.load(path) if account is None else DrillLog()
        pool = list(questions(_record(source, rules, option, seed), drill))
    except MajiangError as err:
        fail("drill", str(err))
    if not pool:
        fail("drill", f"the record holds no {drill} question (no such position was played)")
    chosen = random.Random(seed).sample(pool, min(count, len(pool)))
    console = Console(highlight=False)
    total = 0.0
    for number, question in enumerate(chosen, 1):
        if as_json:
            typer.echo(_asked_json(number, question))
        else:
            _show(console, number, question)
        line = sys.stdin.readline()
        if not line:
            if not as_json:
                console.print("(no more answers: stopped)", markup=False)
            break
        try:
            verdict = judge(question, line)
        except DrillError as err:
            if as_json:
                typer.echo(json.dumps({"question": number, "error": str(err)}, ensure_ascii=False))
            else:
                console.print(f"   not an answer: {err}", markup=False)
            continue
        total += verdict.score
        if as_json:
            typer.echo(json.dumps(_verdict_json(verdict, question=number), ensure_ascii=False))
        else:
            mark = "✓" if verdict.correct else "✗"
            console.print(f"   {mark} score {verdict.score:.2f}: {verdict.why}", markup=False)
        if account is not None:
            account.add(question, verdict)
            continue
        now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        progress.add(player, question, verdict, now)
        try:
            progress.save(path)
        except OSError as err:
            fail("drill", f"{path}: {err.strerror or err}")
    if not as_json:
        where = path if account is None else f"{account.store.path}, account {account.name}"
        console.print(f"\n{player}: {total:.2f} of {len(chosen)}; progress in {where}", markup=False)


def sparkline(scores: tuple[float, ...], width: int = 30) -> str:
    """The last ``width`` scores (0 to 1) as a line of block characters."""
    return "".join(_SYMBOLS[round(s * (len(_SYMBOLS) - 1))] for s in scores[-width:])


@drill_app.command("stats")
def stats_command(player: PlayerOpt, log: LogOpt = None, db: DbOpt = None) -> None:
    """A player's progress in each drill: answers, share correct, mean and recent score, the goal."""
    path = _log_path(log)
    with _account(db, log, player) as account:
        try:
            rows = (DrillLog.load(path) if account is None else account.log()).progress(
                player if account is None else account.name)
        except MajiangError as err:
            fail("drill", str(err))
    table = Table(title=f"{player}: drills")
    for name in ("Drill", "Answered", "Correct", "Mean", "Last 20", "Scores (latest right)", "Goal"):
        table.add_column(name)
    for p in rows:
        goal = "—" if p.goal is None else (f"{p.goal:.2f}" + (f" by {p.by}" if p.by else "")
                                           + (" ✓ met" if p.met else " not yet"))
        table.add_row(p.drill, str(p.answered), f"{p.correct:.0%}", f"{p.mean:.2f}", f"{p.recent:.2f}",
                      sparkline(p.scores), goal)
    Console(highlight=False).print(table)


@drill_app.command("goal")
def goal_command(
    drill: Annotated[str, typer.Argument(metavar="DRILL", help="discard, waits or fans.")],
    target: Annotated[float, typer.Argument(metavar="TARGET", help="The mean score to reach, above 0 to 1.")],
    player: PlayerOpt,
    by: Annotated[str | None, typer.Option("--by", metavar="YYYY-MM-DD", help="By when.")] = None,
    log: LogOpt = None,
    db: DbOpt = None,
) -> None:
    """Set a goal: a mean score over the last 20 answers of a drill."""
    path = _log_path(log)
    with _account(db, log, player) as account:
        try:
            if account is not None:
                DrillLog().set_goal(account.name, drill, target, by)  # its checks, as the server's
                from majiang.web.drill_store import set_goal

                with account.store.writing() as conn:
                    set_goal(conn, account.account, drill, target, by)
            else:
                progress = DrillLog.load(path)
                progress.set_goal(player, drill, target, by)
                progress.save(path)
        except MajiangError as err:
            fail("drill", str(err))
        except OSError as err:
            fail("drill", f"{path}: {err.strerror or err}")
    typer.echo(f"{player}: goal {target:.2f} in {drill}" + (f" by {by}" if by else ""))


@drill_app.command("review")
def review_command(
    source: Annotated[Path, typer.Argument(metavar="FILE", help="A record or log of a finished game.")],
    seat: Annotated[int, typer.Option("--player", min=0, max=3, help="Whose discards (player 0-3).")],
    as_json: JsonOpt = False,
) -> None:
    """The coach's second opinion on every discard a player made in a game."""
    try:
        found = review(_record(source, None, None, 0), seat)
    except MajiangError as err:
        fail("drill", str(err), as_json=as_json)
    if as_json:
        typer.echo(json.dumps({"player": seat, "discards": [
            _verdict_json(r.verdict, source=r.question.source, hand=r.question.hand, played=r.question.played)
            for r in found]}, ensure_ascii=False))
        return
    table = Table(title=f"Player {seat}'s discards")
    for name in ("Where", "Hand", "Played", "Coach", "Score", "Why"):
        table.add_column(name)
    agreed = 0
    for r in found:
        agreed += r.verdict.correct
        table.add_row(r.question.source, r.question.hand, r.question.played or "",
                      "agrees" if r.verdict.correct else " ".join(r.verdict.best), f"{r.verdict.score:.2f}",
                      r.verdict.why)
    console = Console(highlight=False)
    console.print(table)
    share = agreed / len(found) if found else 0.0
    console.print(f"The coach agrees with {agreed} of {len(found)} discards ({share:.0%}).", markup=False)

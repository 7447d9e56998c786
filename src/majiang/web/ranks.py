"""The 考级定段 ladder, ratings and drills on the web server, kept per account in the store.

A rated table (``"rated": true`` in ``POST /api/tables``) books its finished match through
``majiang.ladder`` for each seat's account or bot, in the transaction that marks the table finished
(``Store.finish``), once: the booked games are keyed by table. ``GET /api/ladder/{rules}`` is a ruleset's
leaderboard and ``GET /api/ladder/{rules}/{name}`` one player's entry and rated games.

Drills (``majiang.drills``): ``GET /api/drills/question`` asks a question taken from a stored finished game
of the ruleset (or, when there is none, a seeded bot game), without its answer; the question is kept in the
store under a random id, so ``POST /api/drills/answer`` is judged against what the server asked, once.
A logged-in player's answers and goals are kept (``GET /api/drills/progress``, ``POST /api/drills/goal``);
a guest gets the verdict only. Building a question and judging an answer run in the app's worker
processes (``majiang.web.jobs``). docs/web.md, *The ladder* and *Drills*, describe the protocol.
"""

from __future__ import annotations

import importlib.util
import json
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from majiang.bots import BOTS
from majiang.drills import DRILLS, RECENT, DrillError, DrillLog, Question, Verdict, judge, questions
from majiang.errors import MajiangError
from majiang.game.ruleset import ruleset_names
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.ladder import GRADES, Ladder, LadderEntry, LadderError, LadderRules, RatedGame, bot_player
from majiang.web.accounts import Account, current_account
from majiang.web.drill_store import add_answer, drill_log, set_goal
from majiang.web.jobs import Jobs
from majiang.web.ladder_store import (
    LadderPlayer,
    board_rows,
    find_player,
    ladder_rules,
    read_entries,
    write_entry,
)
from majiang.web.limits import read_body
from majiang.web.store import (
    Store,
    drill_questions_t,
    ladder_games_t,
    records_t,
    tables_t,
)

__all__ = ["QUESTION_DAYS", "RATED_BOTS", "RatedSeat", "book_rated", "booked", "question_job", "ranks_router",
           "rated_seats", "seat_grades"]

RATED_BOTS = tuple(BOTS)
"""The rated bot pool: the bots a rated table may seat (each has its own ladder entry, ``bot:NAME``)."""

QUESTION_DAYS = 7
"""How long an asked drill question can be answered (older ones are removed when a new one is asked)."""

RECENT_GAMES = 500
"""A question is taken from one of the ruleset's last ``RECENT_GAMES`` finished games."""

HISTORY = 100
"""The rated games a player's page lists (the newest)."""


def _rating() -> bool:
    """Whether the openskill rating is computed (the ``ladder`` extra is installed); grades need nothing."""
    return importlib.util.find_spec("openskill") is not None


# -- the ladder -----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RatedSeat:
    """Who a seat of a rated table is on the ladder: ``account:ID`` or ``bot:NAME``."""

    key: str
    account: int | None
    bot: str | None


def rated_seats(kinds: Sequence[tuple[str, str | None, int | None]]) -> list[RatedSeat] | str:
    """The ladder's four players of a table whose seats are ``(kind, bot, account)``, or why it cannot be
    rated (a person's seat without an account, one account in two seats, a bot outside the pool)."""
    seats = []
    for player, (kind, bot, account) in enumerate(kinds):
        if kind == "bot":
            if bot not in RATED_BOTS:
                return f"player {player} is the bot {bot!r}, not one of the rated pool"
            seats.append(RatedSeat(bot_player(bot), None, bot))
        elif account is None:
            return f"player {player}'s seat was not taken by a logged-in player"
        else:
            seats.append(RatedSeat(f"account:{account}", account, None))
    if len({s.key for s in seats}) != len(seats):
        return "one account held two seats"
    return seats


def book_rated(table_id: str, rules: str, seats: Sequence[RatedSeat], totals: Sequence[int],
               at: float) -> Callable[[sa.Connection], object]:
    """The booking of a rated match (``Store.finish``'s ``rated``): each seat's entry moves by its place
    (``Ladder.rate``), the game is kept per seat; a table booked already is left as it is."""

    def book(db: sa.Connection) -> None:
        g = ladder_games_t.c
        if db.execute(sa.select(g.player).where(g.table_id == table_id).limit(1)).first() is not None:
            return  # rated once
        ladder = Ladder()
        ladder.set_rules(rules, ladder_rules(db, rules))
        keys = [s.key for s in seats]
        found = read_entries(db, rules, keys, for_update=True)
        ladder.entries[rules] = dict(found)
        before = {k: ladder.entry(rules, k) for k in keys}
        grades = {k: (e.grade.index, e.points) for k, e in before.items()}
        game = RatedGame(rules, (keys[0], keys[1], keys[2], keys[3]),
                         (totals[0], totals[1], totals[2], totals[3]))
        ladder.rate(game, rating=_rating())
        for seat, total in zip(seats, totals, strict=True):
            entry = ladder.entry(rules, seat.key)
            write_entry(db, rules, LadderPlayer(seat.key, seat.key, seat.account, seat.bot), entry,
                        new=seat.key not in found)
            grade_before, points_before = grades[seat.key]
            place = sum(1 for t in totals if t > total)
            db.execute(sa.insert(ladder_games_t).values(
                table_id=table_id, player=seat.key, rules=rules, at=at, place=place, total=total,
                award=entry.points - points_before, points=entry.points, grade_before=grade_before,
                grade_after=entry.grade.index, mu=entry.mu, sigma=entry.sigma))

    return book


def seat_grades(store: Store, rules: str,
                kinds: Sequence[tuple[str, str | None, int | None]]) -> list[dict[str, Any] | None]:
    """The grades shown beside the names at a table of ruleset ``rules`` whose seats are ``(kind, bot,
    account)``: an account's or a rated bot's grade (9级 before its first rated game), ``{"index", "zh",
    "en", "pro_dan"}`` with ``zh`` the title (``业余三段 · 职业初段``); None for a guest or another bot.
    Public facts only: the leaderboard shows the same."""
    keys: list[str | None] = []
    for kind, bot, account in kinds:
        if kind == "bot":
            keys.append(bot_player(bot) if bot in RATED_BOTS else None)
        else:
            keys.append(None if account is None else f"account:{account}")
    wanted = [k for k in keys if k is not None]
    if not wanted:
        return [None] * len(keys)
    with store.reading() as db:
        found = read_entries(db, rules, wanted)
    out: list[dict[str, Any] | None] = []
    for key in keys:
        if key is None:
            out.append(None)
            continue
        entry = found.get(key) or LadderEntry()
        out.append({"index": entry.grade.index, "zh": entry.title, "en": entry.grade.en,
                    "pro_dan": entry.pro_dan})
    return out


def _grade(index: int) -> dict[str, Any]:
    grade = GRADES[index]
    return {"index": index, "zh": grade.zh, "en": grade.en}


def _game_json(row: Any) -> dict[str, Any]:
    change = None if row.grade_after == row.grade_before else \
        "promoted" if row.grade_after > row.grade_before else "demoted"
    ordinal = None if row.mu is None else row.mu - 3 * row.sigma
    return {"table": row.table_id, "at": row.at, "place": row.place + 1, "total": row.total,
            "award": row.award, "points": row.points, "grade_before": _grade(row.grade_before),
            "grade": _grade(row.grade_after),
            "change": change, "mu": row.mu, "sigma": row.sigma, "ordinal": ordinal}


def booked(store: Store, table_id: str) -> dict[str, dict[str, Any]]:
    """What a rated table's match did to each player's ladder entry, by ladder key (empty: not booked)."""
    g = ladder_games_t.c
    with store.reading() as db:
        rows = db.execute(sa.select(ladder_games_t).where(g.table_id == table_id)).all()
    return {row.player: _game_json(row) for row in rows}


def _entry_json(entry: LadderEntry, rules: LadderRules) -> dict[str, Any]:
    index = entry.grade.index
    following = rules.thresholds[index] if index < len(rules.thresholds) else None
    return {"grade": _grade(index), "title": entry.title, "pro_dan": entry.pro_dan, "points": entry.points,
            "next": following, "mu": entry.mu, "sigma": entry.sigma, "ordinal": entry.ordinal,
            "games": entry.games, "places": list(entry.places)}


def _board(store: Store, rules: str) -> list[dict[str, Any]]:
    with store.reading() as db:
        chosen = ladder_rules(db, rules)
        rows = board_rows(db, rules)
    return [{"rank": place, "name": player.name, "kind": "bot" if player.bot is not None else "account",
             "bot": player.bot, **_entry_json(entry, chosen)}
            for place, (player, entry) in enumerate(rows, 1)]


def _known_rules(rules: str) -> str | None:
    """Why ``rules`` is no ruleset's name (None: it is one)."""
    names = ruleset_names()
    return None if rules in names else f"no ruleset {rules[:40]!r}; the rulesets are {', '.join(names)}"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _store(request: Request) -> Store:
    store: Store = request.app.state.tables.store
    return store


def _player(request: Request, rules: str, name: str) -> dict[str, Any] | JSONResponse:
    store = _store(request)
    player = find_player(store, name, RATED_BOTS)
    if isinstance(player, str):
        return _error(404, player)
    key, shown, kind = player.key, player.name, "bot" if player.bot is not None else "account"
    g = ladder_games_t.c
    with store.reading() as db:
        chosen = ladder_rules(db, rules)
        entry = read_entries(db, rules, [key]).get(key) or LadderEntry()
        games = db.execute(sa.select(ladder_games_t).where(g.rules == rules, g.player == key)
                           .order_by(g.at.desc(), g.table_id).limit(HISTORY)).all()
    return {"rules": rules, "name": shown, "kind": kind, **_entry_json(entry, chosen),
            "history": [_game_json(game) for game in games]}


# -- drills ---------------------------------------------------------------------------------------------

def _pick(record_lines: Sequence[str], drill: str, rng: random.Random, where: str,
          origin: dict[str, Any]) -> Question | None:
    """A question of ``drill`` from a record, or None if it gives none. 何切 takes the ``k``-th turn of a
    random seat (``k`` random below 24: judging a turn is the coach's work, so not every turn is judged)."""
    from majiang.records import parse_record

    record = parse_record(record_lines)
    if drill == "discard":
        chosen = None
        stop = rng.randrange(1, 24)
        for n, question in enumerate(questions(record, drill, [rng.randrange(4)]), 1):
            chosen = question
            if n == stop:
                break
    else:
        found = []
        for question in questions(record, drill):
            found.append(question)
            if len(found) >= 200:
                break
        chosen = rng.choice(found) if found else None
    if chosen is None:
        return None
    return Question.from_dict({**chosen.to_dict(), "source": f"{where}, {chosen.source}",
                               "origin": {**origin, **chosen.origin}})


def question_job(record: str | None, where: str, rules: str, drill: str, seed: int,
                 game: str | None = None) -> dict[str, Any]:
    """A question of ``drill`` (its ``to_dict``) from ``record`` (a stored game's text, called ``where``;
    ``game`` its table's id), or from a seeded one-hand game of the efficiency bots under ``rules`` (run
    in a worker)."""
    from majiang.bots import find_bot
    from majiang.game.ruleset import find_ruleset
    from majiang.records.writer import play_match

    rng = random.Random(seed)
    if record is not None:
        question = _pick(record.splitlines(), drill, rng, where, {"game": game})
        if question is not None:
            return question.to_dict()
    ruleset = find_ruleset(rules)
    for attempt in range(12):  # a hand without a win gives no 算番
        game_seed = rng.randrange(2**62)
        _, lines = play_match([find_bot("efficiency", seed=game_seed + s) for s in range(4)], seed=game_seed,
                              rules=ruleset, hands=1)
        question = _pick(lines, drill, rng, f"a bot game (seed {game_seed})", {"bot_seed": str(game_seed)})
        if question is not None:
            return question.to_dict()
        del attempt
    raise DrillError(f"no {drill} question came from twelve bot games of {rules}; try again")


def judge_job(question: dict[str, Any], answer: str) -> Verdict:
    """``judge`` in a worker (the 何切 ranking is the coach's work)."""
    return judge(Question.from_dict(question), answer)


def _asked(question: dict[str, Any], question_id: str) -> dict[str, Any]:
    """The question as the player is shown it: no best answers, nor what the record's player did, nor the
    scorer's breakdown of a 算番 hand."""
    shown = {k: v for k, v in question.items() if k not in ("best", "played")}
    shown["context"] = {k: v for k, v in question.get("context", {}).items() if k not in ("explain", "score")}
    return {"id": question_id, **shown}


async def _body(request: Request, fields: set[str]) -> dict[str, Any]:
    raw = await read_body(request, 4096)
    try:
        body = loads_strict(raw or b"{}")
    except StrictJSONError as err:
        raise DrillError(f"the body is not JSON: {err}") from None
    if not isinstance(body, dict):
        raise DrillError("the body must be a JSON object")
    unknown = set(body) - fields
    if unknown:
        raise DrillError(f"unknown field {sorted(unknown)[0]!r}; the fields are {', '.join(sorted(fields))}")
    return body


def _progress(store: Store, account: Account) -> dict[str, Any]:
    with store.reading() as db:
        log = drill_log(db, account.id, account.name)
    return {"name": account.name, "recent": RECENT, "drills": [
        {"drill": p.drill, "answered": p.answered, "correct": p.correct, "mean": p.mean,
         "recent_mean": p.recent, "scores": list(p.scores[-100:]), "goal": p.goal, "by": p.by, "met": p.met}
        for p in log.progress(account.name)]}


# -- the routes -----------------------------------------------------------------------------------------

def ranks_router() -> APIRouter:
    """``/api/ladder/...`` and ``/api/drills/...``."""
    router = APIRouter()

    @router.get("/api/ladder/{rules}")
    def leaderboard(request: Request, rules: str) -> Any:
        why = _known_rules(rules)
        if why is not None:
            return _error(404, why)
        try:
            players = _board(_store(request), rules)
        except LadderError as err:
            return _error(500, str(err))
        return {"rules": rules, "rating": _rating(), "players": players}

    @router.get("/api/ladder/{rules}/{name}")
    def ladder_player(request: Request, rules: str, name: str) -> Any:
        why = _known_rules(rules)
        if why is not None:
            return _error(404, why)
        return _player(request, rules, name)

    @router.get("/api/drills/question")
    async def ask(request: Request) -> Any:
        drill = request.query_params.get("drill", "discard")
        rules = request.query_params.get("rules", "mcr")
        if drill not in DRILLS:
            return _error(400, f"drill must be one of {', '.join(DRILLS)}, not {drill[:20]!r}")
        why = _known_rules(rules)
        if why is not None:
            return _error(404, why)
        store = _store(request)
        t, r = tables_t.c, records_t.c
        with store.reading() as db:
            games = db.execute(sa.select(t.id).join_from(tables_t, records_t, r.table_id == t.id)
                               .where(t.rules == rules, t.status == "finished")
                               .order_by(t.created.desc()).limit(RECENT_GAMES)).scalars().all()
        seed = secrets.randbits(62)
        game = random.Random(seed).choice(games) if games else None
        text = None if game is None else store.record(game)
        jobs: Jobs = request.app.state.jobs
        try:
            question = await jobs.run(question_job, text, f"game {game}", rules, drill, seed, game)
        except MajiangError as err:
            return _error(400, str(err))
        account = current_account(request)
        question_id = secrets.token_urlsafe(16)
        now = time.time()
        q = drill_questions_t.c
        with store.writing() as db:
            db.execute(sa.delete(drill_questions_t).where(q.created < now - QUESTION_DAYS * 86400))
            db.execute(sa.insert(drill_questions_t).values(
                id=question_id, created=now, account=None if account is None else account.id,
                question=json.dumps(question, ensure_ascii=False)))
        return _asked(question, question_id)

    @router.post("/api/drills/answer")
    async def answer(request: Request) -> Any:
        try:
            body = await _body(request, {"id", "answer"})
        except DrillError as err:
            return _error(400, str(err))
        question_id, given = body.get("id"), body.get("answer")
        if not isinstance(question_id, str) or not isinstance(given, str) or len(given) > 100:
            return _error(400, 'answer with {"id": "...", "answer": "..."}: the question\'s id and the '
                               "answer (a tile, tiles, or a number) as text")
        store = _store(request)
        account = current_account(request)
        q = drill_questions_t.c
        with store.reading() as db:
            row = db.execute(sa.select(q.question, q.account, q.answered)
                             .where(q.id == question_id[:64])).first()
        if row is None:
            return _error(404, f"no question {question_id[:40]!r} was asked (or it is older than "
                               f"{QUESTION_DAYS} days); ask one with GET /api/drills/question")
        if row.answered is not None:
            return _error(409, "that question has been answered already; ask another")
        if row.account != (None if account is None else account.id):
            return _error(403, "that question was asked of another player")
        question = json.loads(row.question)
        jobs: Jobs = request.app.state.jobs
        try:
            verdict = await jobs.run(judge_job, question, given)
        except MajiangError as err:  # not an answer to it: the question stays open
            return _error(400, str(err))
        now = time.time()
        with store.writing() as db:
            done = db.execute(sa.update(drill_questions_t).where(q.id == question_id, q.answered.is_(None))
                              .values(answered=now))
            if done.rowcount != 1:  # answered meanwhile (two answers at once)
                return _error(409, "that question has been answered already; ask another")
            if account is not None:
                add_answer(db, account.id, now, question["drill"], question["rules"], verdict.score,
                           verdict.correct, question.get("source", ""))
        return {"score": verdict.score, "correct": verdict.correct, "best": list(verdict.best),
                "why": verdict.why, "detail": verdict.detail, "played": question.get("played"),
                "kept": account is not None}

    @router.get("/api/drills/progress")
    def progress(request: Request) -> Any:
        account = current_account(request)
        if account is None:
            return _error(401, "log in to keep your drills' progress")
        return _progress(_store(request), account)

    @router.post("/api/drills/goal")
    async def goal(request: Request) -> Any:
        account = current_account(request)
        if account is None:
            return _error(401, "log in to set a goal")
        try:
            body = await _body(request, {"drill", "target", "by"})
            drill, target, by = body.get("drill"), body.get("target"), body.get("by")
            if not isinstance(drill, str) or isinstance(target, bool) or not isinstance(target, int | float) \
                    or not (by is None or isinstance(by, str)):
                raise DrillError('a goal is {"drill": "discard", "target": 0.8, "by": "YYYY-MM-DD" or null}')
            DrillLog().set_goal(account.name, drill, float(target), by)  # its checks, one place
        except DrillError as err:
            return _error(400, str(err))
        store = _store(request)
        with store.writing() as db:
            set_goal(db, account.id, drill, float(target), by)
        return _progress(store, account)

    return router

"""A player's drills in the server's database: the one place ``drill_answers`` and ``drill_goals`` are
read and written.

The web server (``majiang.web.ranks``: ``/api/drills/answer``, ``/progress``, ``/goal``) and the command
line (``majiang drill ... --db``) both go through these functions, inside the store's transactions
(``Store.reading`` and ``Store.writing``). Progress is computed by the drills module's own ``DrillLog``,
made from the rows, so the file and the database mean one thing by it.

>>> from majiang.web.store import Store
>>> store = Store(":memory:")
>>> ann = store.add_account("Ann", "ann", "x", 0.0)
>>> with store.writing() as db:
...     add_answer(db, ann, 0.0, "waits", "mcr", 1.0, True, "game 1")
...     set_goal(db, ann, "waits", 0.8, None)
>>> with store.reading() as db:
...     [(p.answered, p.goal, p.met) for p in drill_log(db, ann, "Ann").progress("Ann") if p.drill == "waits"]
[(1, 0.8, True)]
"""

from __future__ import annotations

import sqlalchemy as sa

from majiang.drills import LOG_FORMAT, LOG_VERSION, DrillLog
from majiang.web.store import drill_answers_t, drill_goals_t

__all__ = ["add_answer", "drill_log", "set_goal"]


def drill_log(db: sa.Connection, account: int, name: str) -> DrillLog:
    """Account ``account``'s answers and goals as a ``DrillLog`` of one player, ``name``."""
    a, g = drill_answers_t.c, drill_goals_t.c
    answers = db.execute(sa.select(a.at, a.drill, a.rules, a.score, a.correct, a.source)
                         .where(a.account == account).order_by(a.id)).all()
    goals = db.execute(sa.select(g.drill, g.target, g.by_date).where(g.account == account)).all()
    player = {"answers": [{"at": r.at, "drill": r.drill, "rules": r.rules, "score": r.score,
                           "correct": bool(r.correct), "source": r.source} for r in answers],
              "goals": {r.drill: {"target": r.target, "by": r.by_date} for r in goals}}
    return DrillLog({"format": LOG_FORMAT, "version": LOG_VERSION, "players": {name: player}})


def add_answer(db: sa.Connection, account: int, at: float, drill: str, rules: str, score: float,
               correct: bool, source: str) -> None:
    """Keep one judged answer of account ``account`` (``at``: seconds since the epoch)."""
    db.execute(sa.insert(drill_answers_t).values(account=account, at=at, drill=drill, rules=rules,
                                                 score=score, correct=int(correct), source=source))


def set_goal(db: sa.Connection, account: int, drill: str, target: float, by: str | None) -> None:
    """Account ``account``'s goal in ``drill`` (checked by the caller with ``DrillLog.set_goal``)."""
    g = drill_goals_t.c
    db.execute(sa.delete(drill_goals_t).where(g.account == account, g.drill == drill))
    db.execute(sa.insert(drill_goals_t).values(account=account, drill=drill, target=float(target),
                                               by_date=by))

"""Tournaments in the server's database: the one place the ``tournaments`` table is read and written.

The web server (``majiang.web.tournaments``, ``/api/tournaments``) and the command line (``majiang
tournament ... --db``) both go through these functions. A row holds a tournament's name, ruleset,
organiser (an account), creation time, a version that every change counts up, and its state: the
``Tournament.to_dict()`` JSON with the tables closed as abandoned and the live web tables. A change is a
read-modify-write: ``read_tournament`` gives the version read, and ``write_tournament`` writes only where
the version is still that one (``UPDATE ... WHERE version = v``), so two writers (two referees, two
servers, a server and the command line) cannot lose each other's results: the second is refused.

>>> from majiang.tournament import Tournament
>>> from majiang.web.store import Store
>>> store = Store(":memory:")
>>> ann = store.add_account("Ann", "ann", "x", 0.0)
>>> made = create_tournament(store, Tournament([f"P{i}" for i in range(8)], 2, seed=1), ann, 0.0)
>>> first, second = read_tournament(store, made.id), read_tournament(store, made.id)
>>> _ = first.tournament.pair_next_round(); write_tournament(store, first); first.version
2
>>> _ = second.tournament.pair_next_round()
>>> try:
...     write_tournament(store, second)
... except TournamentStoreError as err:
...     err.code, read_tournament(store, made.id).version
('conflict', 2)
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from majiang.errors import MajiangError
from majiang.tournament import Tournament, TournamentError
from majiang.web.store import Store, accounts_t, tournaments_t

__all__ = ["Stored", "TournamentStoreError", "check_version", "create_tournament", "list_tournaments",
           "read_tournament", "state_json", "write_tournament"]


class TournamentStoreError(MajiangError):
    """A stored tournament that cannot be read or written: ``code`` says why (``unknown``: no such id,
    ``damaged``: its state does not read, ``conflict``: changed by another writer since it was read,
    ``stale``: not at the version the caller saw), ``params`` the facts for a message in another language."""

    def __init__(self, code: str, message: str, params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


@dataclass(slots=True)
class Stored:
    """A tournament as stored: the row's fields and the tournament read from its JSON."""

    id: str
    name: str
    rules: str
    organiser: int
    organiser_name: str
    created: float
    version: int
    abandoned: list[tuple[int, int]]
    tournament: Tournament
    live: dict[str, str] = field(default_factory=dict)
    """The live web tables of the tournament's tables: ``"ROUND.TABLE"`` -> the web table's id."""


def state_json(tournament: Tournament, abandoned: list[tuple[int, int]],
               live: Mapping[str, str] | None = None) -> str:
    """The ``state`` column of a tournament: its JSON, the abandoned tables and the live web tables."""
    return json.dumps({"tournament": tournament.to_dict(), "abandoned": [list(x) for x in sorted(abandoned)],
                       "live": dict(live or {})}, ensure_ascii=False, sort_keys=True)


def read_tournament(store: Store, tournament_id: str) -> Stored:
    """The stored tournament ``tournament_id`` at its current version (``unknown``, ``damaged``)."""
    t, a = tournaments_t.c, accounts_t.c
    with store.reading() as db:
        row = db.execute(sa.select(tournaments_t, a.name.label("organiser_name"))
                         .join_from(tournaments_t, accounts_t, t.organiser == a.id)
                         .where(t.id == tournament_id[:40])).first()
    if row is None:
        shown = tournament_id[:40]
        raise TournamentStoreError("unknown", f"no tournament {shown!r}", {"id": shown})
    try:
        state = json.loads(row.state)
        tournament = Tournament.from_dict(state["tournament"])
        abandoned = [(int(r), int(n)) for r, n in state.get("abandoned", [])]
        live = {str(k): str(v) for k, v in state.get("live", {}).items()}
    except (TournamentError, ValueError, TypeError, KeyError, AttributeError) as err:
        # the database holds what no server of ours wrote
        raise TournamentStoreError("damaged", f"tournament {row.id} as stored cannot be read: {err}",
                                   {"id": row.id}) from None
    return Stored(row.id, row.name, row.rules, row.organiser, row.organiser_name, row.created, row.version,
                  abandoned, tournament, live)


def write_tournament(store: Store, stored: Stored) -> None:
    """Write ``stored`` (changed) over version ``stored.version``, counting the version up; ``conflict``
    (and nothing written) if another writer changed it since it was read."""
    t = tournaments_t.c
    with store.writing() as db:
        done = db.execute(sa.update(tournaments_t).where(t.id == stored.id, t.version == stored.version)
                          .values(version=stored.version + 1,
                                  state=state_json(stored.tournament, stored.abandoned, stored.live)))
    if done.rowcount != 1:
        raise TournamentStoreError("conflict", "the tournament was changed by someone else at the same "
                                   "moment; reload it and try again")
    stored.version += 1


def check_version(stored: Stored, version: int) -> None:
    """``stale`` unless ``stored`` is at ``version`` (the one its changer was shown)."""
    if version != stored.version:
        raise TournamentStoreError("stale", f"the tournament has changed since version {version} (it is at "
                                   f"version {stored.version} now): reload it and check before you submit",
                                   {"version": version, "now": stored.version})


def create_tournament(store: Store, tournament: Tournament, organiser: int, created: float) -> Stored:
    """Store a new tournament organised by account ``organiser``, under a new random id, at version 1."""
    name = tournament.name or ""
    with store.writing() as db:
        organiser_name = db.execute(sa.select(accounts_t.c.name).where(accounts_t.c.id == organiser)).scalar()
        if organiser_name is None:
            raise TournamentStoreError("organiser", f"no account {organiser} to organise the tournament")
        stored = Stored("t" + secrets.token_hex(5), name, tournament.rules_name, organiser,
                        organiser_name, created, 1, [], tournament)
        db.execute(sa.insert(tournaments_t).values(
            id=stored.id, name=name, rules=stored.rules, organiser=organiser, created=created,
            version=stored.version, state=state_json(tournament, [])))
    return stored


def list_tournaments(store: Store, limit: int) -> list[Any]:
    """The newest ``limit`` tournaments' rows (with ``organiser_name``; ``state`` is the JSON text)."""
    t, a = tournaments_t.c, accounts_t.c
    with store.reading() as db:
        return list(db.execute(sa.select(tournaments_t, a.name.label("organiser_name"))
                               .join_from(tournaments_t, accounts_t, t.organiser == a.id)
                               .order_by(t.created.desc(), t.id).limit(limit)).all())

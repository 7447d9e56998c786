"""The web server's store (``majiang.web.store``): its migrations, a database from before them, its URLs."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

import majiang
from majiang.game.ruleset import find_ruleset
from majiang.web.app import create_app
from majiang.web.store import (
    SCHEMA_REVISION,
    DatabaseBusyError,
    PlayerRow,
    Store,
    StoreError,
    TableRow,
    _metadata,
    database_url,
    head_revision,
    lock_database,
    revision,
)

# The schema as the server wrote it before migrations: the oldest files lack the columns marked
# "added" (that server added them when it opened such a file).
OLD_SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY, rules TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    hands INTEGER NOT NULL, created REAL NOT NULL, status TEXT NOT NULL DEFAULT 'playing'{tables_added});
CREATE TABLE players (
    table_id TEXT NOT NULL REFERENCES tables(id), player INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, name TEXT NOT NULL, token TEXT{players_added}, PRIMARY KEY (table_id, player));
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, hand INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE records (
    table_id TEXT PRIMARY KEY REFERENCES tables(id), record TEXT NOT NULL);
CREATE TABLE imports (
    id TEXT PRIMARY KEY, created REAL NOT NULL, format TEXT NOT NULL, name TEXT NOT NULL,
    record TEXT NOT NULL);
"""


def old_database(path: Path, *, oldest: bool) -> None:
    """A database as the server before migrations left it, with a table of each status and an import."""
    schema = OLD_SCHEMA.format(tables_added="" if oldest else ", salt TEXT, practice INTEGER",
                               players_added="" if oldest else ", invite TEXT")
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.executescript(schema)
        db.execute("PRAGMA journal_mode=WAL")
        options = json.dumps(find_ruleset("mcr").options(), sort_keys=True)
        db.executemany("INSERT INTO tables (id, rules, options, seed, hands, created, status) VALUES "
                       "(?, 'mcr', ?, ?, 1, ?, ?)",
                       [("old", options, 7, 1.0, "playing"), ("done", options, 8, 2.0, "finished")])
        for table in ("old", "done"):
            db.executemany("INSERT INTO players (table_id, player, kind, bot, name, token) VALUES "
                           "(?, ?, 'open', NULL, ?, ?)",
                           [(table, p, f"P{p}", f"token{p}") for p in range(4)])
        db.execute("INSERT INTO actions VALUES ('done', 0, 1, 0, 'discard 1m')")
        db.execute("INSERT INTO records VALUES ('done', ?)",
                   (json.dumps({"totals": [1, 2, 3, -6]}) + "\n",))
        db.execute("INSERT INTO imports VALUES ('i1', 3.0, 'mjai', 'log.json', 'text')")


@pytest.mark.parametrize("oldest", [True, False], ids=["oldest", "before-migrations"])
def test_a_database_from_before_migrations_is_upgraded_in_place(tmp_path: Path, oldest: bool) -> None:
    db = tmp_path / "old.db"
    old_database(db, oldest=oldest)
    store = Store(db)
    with store._reading() as connection:
        assert revision(connection) == SCHEMA_REVISION
    assert [(t.id, t.status, t.salt, t.practice) for t in store.tables()] == [
        ("old", "playing", None, None), ("done", "finished", None, None)]
    assert [(p.name, p.token, p.invite) for p in store.players("old")] == [
        (f"P{p}", f"token{p}", None) for p in range(4)]
    assert [a.action for a in store.actions("done")] == ["discard 1m"]
    assert store.record("done") == '{"totals": [1, 2, 3, -6]}\n'
    assert store.imported("i1") == "text"
    store.close()
    # The server serves it: the finished table with its record's totals, the unfinished one resumed.
    app = create_app(db, window_seconds=0, pages=False, allow_hosts=["testserver"])
    with TestClient(app) as client:
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        assert listed["done"]["totals"] == [1, 2, 3, -6]
        assert listed["old"]["status"] == "playing"
    Store(db).close()  # opened again: nothing left to do


def test_every_write_reads_back(store_database: str) -> None:
    store = Store(store_database)
    store.create_table(TableRow("t2", "mcr", {"b": 1, "a": [2]}, 2**62 - 1, 16, 2.5, practice=True),
                       [PlayerRow(p, "open", None, f"P{p}", None, f"inv{p}") for p in range(4)])
    store.create_table(TableRow("t1", "sichuan", {}, 0, 1, 1.5, salt="s"),
                       [PlayerRow(0, "bot", "random", "random 1", None)])
    assert store.tables() == [TableRow("t1", "sichuan", {}, 0, 1, 1.5, salt="s"),
                              TableRow("t2", "mcr", {"a": [2], "b": 1}, 2**62 - 1, 16, 2.5, practice=True)]
    assert store.take_seat("t2", 1, "tok") and not store.take_seat("t2", 1, "other")
    assert [p.token for p in store.players("t2")] == [None, "tok", None, None]
    for n in range(3):
        store.append_action("t2", n, 1, n, f"discard {n + 1}m")
    with pytest.raises(sa.exc.IntegrityError):
        store.append_action("t2", 2, 1, 0, "again")  # the n-th action is stored once
    assert [(a.n, a.seat, a.action) for a in store.actions("t2")] == [
        (0, 0, "discard 1m"), (1, 1, "discard 2m"), (2, 2, "discard 3m")]
    store.finish("t2", "first\n")
    store.finish("t2", "second\n")
    assert store.record("t2") == "second\n" and store.record("t1") is None
    assert [t.status for t in store.tables()] == ["playing", "finished"]
    store.add_import("i1", 1.0, "mjai", "名前.json", "记录")
    assert store.imported("i1") == "记录"
    store.close()
    again = Store(store_database)  # kept, and opened at the newest revision
    assert [t.id for t in again.tables()] == ["t1", "t2"]
    again.close()


def test_the_migrations_make_the_schema_the_store_uses(store_database: str) -> None:
    store = Store(store_database)
    with store._reading() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True,
                                                                "compare_server_default": True})
        assert compare_metadata(context, _metadata) == []
        assert revision(connection) == head_revision() == SCHEMA_REVISION
    store.close()


def test_a_failed_write_leaves_nothing(store_database: str) -> None:
    store = Store(store_database)
    players = [PlayerRow(0, "open", None, "Ann", "x"), PlayerRow(0, "open", None, "Bo", "y")]
    with pytest.raises(sa.exc.IntegrityError):
        store.create_table(TableRow("t1", "mcr", {}, 5, 1, 0.0), players)  # player 0 twice
    assert store.tables() == []
    store.create_table(TableRow("t1", "mcr", {}, 5, 1, 0.0), players[:1])  # the connection still works
    assert [t.id for t in store.tables()] == ["t1"]
    store.close()


@pytest.mark.parametrize(("given", "words"), [
    ("mysql://ann@db/mj", "SQLite (a file) or PostgreSQL"),
    ("postgresql://ann:pw@db:port/mj", "is not a database URL"),
])
def test_bad_database_urls_are_refused_by_name(given: str, words: str) -> None:
    with pytest.raises(StoreError, match=re.escape(words)):
        database_url(given)


def test_urls_name_their_driver_and_hide_passwords() -> None:
    assert database_url("postgresql://ann:pw@db/mj").drivername == "postgresql+psycopg"
    assert database_url("sqlite:///x.db").database == "x.db"
    with pytest.raises(StoreError, match=r"cannot open the database postgresql\+psycopg://ann:\*\*\*@"):
        Store("postgresql://ann:pw@127.0.0.1:1/mj")  # nothing listens on port 1


def test_one_server_per_database(store_database: str) -> None:
    """The lock is shared in one process and refused to another, which names the holder's process id."""
    release = lock_database(store_database)
    again = lock_database(store_database)
    env = {**os.environ, "PYTHONPATH": str(Path(majiang.__file__).parents[1])}
    code = ("import sys\nfrom majiang.web.store import DatabaseBusyError, lock_database\n"
            "try:\n    lock_database(sys.argv[1])\nexcept DatabaseBusyError as err:\n    print(err)\n")
    other = subprocess.run([sys.executable, "-c", code, store_database], capture_output=True, text=True,
                           timeout=60, env=env)
    assert f"in use by another server (process {os.getpid()} holds" in other.stdout, other
    release()
    again()
    free = subprocess.run([sys.executable, "-c", code, store_database], capture_output=True, text=True,
                          timeout=60, env=env)
    assert free.stdout == "" and free.returncode == 0, free
    assert DatabaseBusyError.__mro__[1] is StoreError


def test_the_store_is_used_from_several_threads_at_once(store_database: str) -> None:
    """The server's plain (``def``) routes run in a thread pool while the event loop stores actions: two
    transactions on the store's one connection at once failed ("This connection has already initialized a
    SQLAlchemy Transaction()"), as the ladder page's two look-ups did. Each transaction now has the
    connection to itself."""
    import threading

    store = Store(store_database)
    try:
        store.create_table(TableRow("t1", "mcr", {}, 5, 1, 0.0), [PlayerRow(0, "open", None, "Ann", None)])
        account = store.add_account("Ann", "ann", "x", 0.0)
        failures: list[BaseException] = []
        start = threading.Barrier(4)

        def read() -> None:
            start.wait()
            try:
                for _ in range(150):
                    assert store.account_named("ann") is not None and store.seats_of(account) == []
            except BaseException as err:  # (collected: a thread's exception does not fail the test)
                failures.append(err)

        readers = [threading.Thread(target=read) for _ in range(3)]
        for thread in readers:
            thread.start()
        start.wait()
        for n in range(150):
            store.append_action("t1", n, 1, 0, "discard 5m")
        for thread in readers:
            thread.join()
        assert failures == []
        assert len(store.actions("t1")) == 150
    finally:
        store.close()

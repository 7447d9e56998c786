"""The web server's SQLite store: tables, their players, every accepted action, finished records.

One file in WAL mode; each accepted action is its own committed transaction, written before anyone is
told of it, so a killed server (kill -9) loses nothing it announced. A restarted server re-plays each
unfinished table's seeded match through its recorded actions.

>>> store = Store(":memory:")
>>> store.create_table(TableRow("t1", "mcr", {}, 5, 1, 0.0), [PlayerRow(0, "open", None, "Ann", "x")])
>>> store.append_action("t1", 0, 1, 0, "discard 5m")
>>> [a.action for a in store.actions("t1")]
['discard 5m']
>>> store.add_import("i1", 0.0, "botzone", "log.json", "{}")
>>> store.imported("i1"), store.imported("i2")
('{}', None)
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from majiang.errors import MajiangError

__all__ = ["ActionRow", "DatabaseBusyError", "PlayerRow", "Store", "StoreError", "TableRow",
           "default_db_path", "lock_database"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, rules TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    hands INTEGER NOT NULL, created REAL NOT NULL, status TEXT NOT NULL DEFAULT 'playing', salt TEXT,
    practice INTEGER);
CREATE TABLE IF NOT EXISTS players (
    table_id TEXT NOT NULL REFERENCES tables(id), player INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, name TEXT NOT NULL, token TEXT, invite TEXT, PRIMARY KEY (table_id, player));
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, hand INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE IF NOT EXISTS records (
    table_id TEXT PRIMARY KEY REFERENCES tables(id), record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS imports (
    id TEXT PRIMARY KEY, created REAL NOT NULL, format TEXT NOT NULL, name TEXT NOT NULL,
    record TEXT NOT NULL);
"""
_ADDED_COLUMNS = {"tables": ("salt TEXT", "practice INTEGER"), "players": ("invite TEXT",)}
"""Columns added since the first databases, which gain them (null) when opened."""


class StoreError(MajiangError):
    """The database cannot be opened or does not hold what the server wrote."""


class DatabaseBusyError(StoreError):
    """Another process serves the database (it holds the database's lock file)."""


_held: dict[str, list[Any]] = {}
"""The locks this process holds: lock file -> [open file, users]."""


def lock_database(path: str | os.PathLike[str]) -> Callable[[], None]:
    """Lock the database at ``path`` for this process; the answer releases it (``:memory:`` is not locked).

    The lock is an OS lock (``flock``) on ``PATH.lock`` beside the database (the path resolved, so a
    symlink or another spelling finds the same lock), held by an open file: the system releases it when
    the process ends in any way, kill -9 included. Taken again in the same process it is shared (the
    ``majiang serve`` command and its app's start both take it); another process is refused with
    DatabaseBusyError naming the holder's process id.
    """
    if str(path) == ":memory:":
        return lambda: None
    lock_path = str(Path(path).resolve()) + ".lock"
    entry = _held.get(lock_path)
    if entry is None:
        try:
            Path(lock_path).parent.mkdir(parents=True, exist_ok=True)
            handle = open(lock_path, "a+", encoding="utf-8")  # noqa: SIM115 - held for the server's life
        except OSError as err:
            raise StoreError(f"cannot open the lock file {lock_path}: {err}") from None
        try:
            _lock_file(handle)
        except OSError:
            handle.seek(0)
            holder = handle.read(40).strip()
            handle.close()
            who = f"process {holder}" if holder.isdigit() else "another process"
            raise DatabaseBusyError(
                f"the database {path} is in use by another server ({who} holds {lock_path}): one server per "
                "database; stop it, or give this one another --db") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        entry = _held[lock_path] = [handle, 0]
    entry[1] += 1
    released = False

    def release() -> None:
        nonlocal released
        if released:
            return
        released = True
        entry[1] -= 1
        if entry[1] == 0:
            del _held[lock_path]
            entry[0].close()  # closing the file drops the lock

    return release


def _lock_file(handle: IO[str]) -> None:
    """Take the file's exclusive lock now, or raise OSError."""
    if sys.platform == "win32":  # pragma: no cover - no fcntl there
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/majiang/majiang.db``, by default ``~/.local/share/majiang/majiang.db``."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "majiang" / "majiang.db"


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored: ruleset name and options (plain data), match seed and hands, creation time."""

    id: str
    rules: str
    options: dict[str, Any]
    seed: int
    hands: int
    created: float
    status: str = "playing"
    salt: str | None = None
    """The secret mixed into each hand's seed commitment (``majiang.web.deal``); null for tables stored
    before commitments."""
    practice: bool | None = None
    """Whether the creator chose the seed (a practice table); null for tables stored before the flag."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player of a table: ``open`` (a person, joined with ``token``) or ``bot`` (named ``bot``)."""

    player: int
    kind: str
    bot: str | None
    name: str
    token: str | None
    """The seat's secret once someone holds it (null: an open seat whose invitation is unused)."""
    invite: str | None = None
    """The one-use invitation that hands out ``token`` to whoever opens it first (null: none)."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """The ``n``-th accepted action of a table (from 0): in which hand, by which seat, as action text."""

    n: int
    hand: int
    seat: int
    action: str


class Store:
    """The database at ``path`` (created if missing; ``:memory:`` for tests), used from one thread."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = str(path)
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            # The event loop's thread is the only user; bots run elsewhere but never touch the store.
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL: a committed transaction survives the process being killed (kill -9); only a
            # power cut may lose the last ones.
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(_SCHEMA)
            self._add_columns()
        except (sqlite3.Error, OSError) as err:
            raise StoreError(f"cannot open the database {self.path}: {err}") from None

    def _add_columns(self) -> None:
        for table, columns in _ADDED_COLUMNS.items():
            have = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            for column in columns:
                if column.split()[0] not in have:
                    self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def create_table(self, table: TableRow, players: list[PlayerRow]) -> None:
        """Store a new table and its players in one transaction."""
        with self._transaction():
            self.db.execute("INSERT INTO tables (id, rules, options, seed, hands, created, status, salt, "
                            "practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (table.id, table.rules, json.dumps(table.options, sort_keys=True), table.seed,
                             table.hands, table.created, table.status, table.salt, table.practice))
            self.db.executemany("INSERT INTO players (table_id, player, kind, bot, name, token, invite) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                [(table.id, p.player, p.kind, p.bot, p.name, p.token, p.invite)
                                 for p in players])

    def take_seat(self, table_id: str, player: int, token: str) -> bool:
        """Give an open seat that nobody holds yet its ``token``; False if someone holds it already."""
        with self._transaction():
            done = self.db.execute("UPDATE players SET token = ? WHERE table_id = ? AND player = ? "
                                   "AND token IS NULL", (token, table_id, player))
        return done.rowcount == 1

    def append_action(self, table_id: str, n: int, hand: int, seat: int, action: str) -> None:
        """Append the ``n``-th action of a table, committed before this returns."""
        with self._transaction():
            self.db.execute("INSERT INTO actions (table_id, n, hand, seat, action) VALUES (?, ?, ?, ?, ?)",
                            (table_id, n, hand, seat, action))

    def finish(self, table_id: str, record: str) -> None:
        """Mark a table finished and keep its record (the ``majiang-record`` text)."""
        with self._transaction():
            self.db.execute("INSERT OR REPLACE INTO records (table_id, record) VALUES (?, ?)",
                            (table_id, record))
            self.db.execute("UPDATE tables SET status = 'finished' WHERE id = ?", (table_id,))

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""
        rows = self.db.execute("SELECT id, rules, options, seed, hands, created, status, salt, practice "
                               "FROM tables ORDER BY created, id").fetchall()
        return [TableRow(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5], r[6], r[7],
                         None if r[8] is None else bool(r[8])) for r in rows]

    def players(self, table_id: str) -> list[PlayerRow]:
        """The four players of a table, in order."""
        rows = self.db.execute("SELECT player, kind, bot, name, token, invite FROM players "
                               "WHERE table_id = ? ORDER BY player", (table_id,)).fetchall()
        return [PlayerRow(*r) for r in rows]

    def actions(self, table_id: str) -> list[ActionRow]:
        """Every accepted action of a table, in order."""
        rows = self.db.execute("SELECT n, hand, seat, action FROM actions WHERE table_id = ? ORDER BY n",
                               (table_id,)).fetchall()
        return [ActionRow(*r) for r in rows]

    def record(self, table_id: str) -> str | None:
        """The record text of a finished table, or None."""
        row = self.db.execute("SELECT record FROM records WHERE table_id = ?", (table_id,)).fetchone()
        return None if row is None else str(row[0])

    def add_import(self, import_id: str, created: float, fmt: str, name: str, record: str) -> None:
        """Keep the record made from an uploaded log (``fmt``: its format, ``name``: the file's name)."""
        with self._transaction():
            self.db.execute("INSERT INTO imports (id, created, format, name, record) VALUES (?, ?, ?, ?, ?)",
                            (import_id, created, fmt, name, record))

    def imported(self, import_id: str) -> str | None:
        """The record text made from an uploaded log, or None."""
        row = self.db.execute("SELECT record FROM imports WHERE id = ?", (import_id,)).fetchone()
        return None if row is None else str(row[0])

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")

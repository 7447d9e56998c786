"""The web server's store: tables, their players, every accepted action, finished records, imported logs.

The database is SQLAlchemy's (Core): a SQLite file by default (WAL mode, as before migrations), or
PostgreSQL by a URL (``postgresql+psycopg://user@host/db``). Its schema is kept by Alembic migrations
shipped in the package (``majiang/web/migrations``), run when the store opens it: a new database gets
every revision, one written by an older server (with or without Alembic's version table) the revisions
it lacks, in one transaction, its rows kept.

Each accepted action is its own committed transaction, written before anyone is told of it, so a killed
server (kill -9) loses nothing it announced. A restarted server re-plays each unfinished table's seeded
match through its recorded actions.

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

import contextlib
import hashlib
import json
import os
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.resources import as_file, files
from pathlib import Path
from typing import IO, Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from majiang.errors import MajiangError

__all__ = ["SCHEMA_REVISION", "AccountRow", "ActionRow", "DatabaseBusyError", "DuplicateNameError",
           "PlayerRow", "Store", "StoreError", "TableRow", "database_url", "default_db_path", "head_revision",
           "lock_database", "migrate", "revision", "shown"]

_metadata = sa.MetaData()
"""The tables as the store reads and writes them (the migrations make them: tests compare the two)."""

tables_t = sa.Table(
    "tables", _metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("hands", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("status", sa.Text, nullable=False, server_default="playing"),
    sa.Column("salt", sa.Text),
    sa.Column("practice", sa.Integer),
    sa.Column("room", sa.Text),
    sa.Column("rated", sa.Integer),
)
sa.Index("tables_room_playing", tables_t.c.room, unique=True, sqlite_where=sa.text("status = 'playing'"),
         postgresql_where=sa.text("status = 'playing'"))
players_t = sa.Table(
    "players", _metadata,
    sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("bot", sa.Text),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("token", sa.Text),
    sa.Column("invite", sa.Text),
    sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="players_account")),
    sa.PrimaryKeyConstraint("table_id", "player"),
)
actions_t = sa.Table(
    "actions", _metadata,
    sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("n", sa.Integer, nullable=False),
    sa.Column("hand", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.PrimaryKeyConstraint("table_id", "n"),
)
records_t = sa.Table(
    "records", _metadata,
    sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("record", sa.Text, nullable=False),
)
imports_t = sa.Table(
    "imports", _metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("format", sa.Text, nullable=False),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("record", sa.Text, nullable=False),
)
accounts_t = sa.Table(
    "accounts", _metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("name_key", sa.Text, nullable=False, unique=True),
    sa.Column("password", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
settings_t = sa.Table(
    "settings", _metadata,
    sa.Column("key", sa.Text, primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

ladder_t = sa.Table(
    "ladder", _metadata,
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("player", sa.Text, nullable=False),
    sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="ladder_account")),
    sa.Column("bot", sa.Text),
    sa.Column("points", sa.Integer, nullable=False),
    sa.Column("grade", sa.Integer, nullable=False),
    sa.Column("pro_dan", sa.Integer, nullable=False),
    sa.Column("mu", sa.Float),
    sa.Column("sigma", sa.Float),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("places", sa.Text, nullable=False),
    sa.PrimaryKeyConstraint("rules", "player"),
)
ladder_games_t = sa.Table(
    "ladder_games", _metadata,
    sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id", name="ladder_games_table"), nullable=False),
    sa.Column("player", sa.Text, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("award", sa.Integer, nullable=False),
    sa.Column("points", sa.Integer, nullable=False),
    sa.Column("grade_before", sa.Integer, nullable=False),
    sa.Column("grade_after", sa.Integer, nullable=False),
    sa.Column("mu", sa.Float),
    sa.Column("sigma", sa.Float),
    sa.PrimaryKeyConstraint("table_id", "player"),
)
sa.Index("ladder_games_player", ladder_games_t.c.rules, ladder_games_t.c.player)
drill_questions_t = sa.Table(
    "drill_questions", _metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="drill_questions_account")),
    sa.Column("question", sa.Text, nullable=False),
    sa.Column("answered", sa.Float),
)
drill_answers_t = sa.Table(
    "drill_answers", _metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="drill_answers_account"),
              nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("drill", sa.Text, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("correct", sa.Integer, nullable=False),
    sa.Column("source", sa.Text, nullable=False),
)
sa.Index("drill_answers_account", drill_answers_t.c.account)
drill_goals_t = sa.Table(
    "drill_goals", _metadata,
    sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="drill_goals_account"),
              nullable=False),
    sa.Column("drill", sa.Text, nullable=False),
    sa.Column("target", sa.Float, nullable=False),
    sa.Column("by_date", sa.Text),
    sa.PrimaryKeyConstraint("account", "drill"),
)
tournaments_t = sa.Table(
    "tournaments", _metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("organiser", sa.Integer, sa.ForeignKey("accounts.id", name="tournaments_organiser"),
              nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.Text, nullable=False),
)
sa.Index("tournaments_created", tournaments_t.c.created)

_INSERT_ACTION = sa.insert(actions_t)
"""Built once: storing an action is the store's most frequent work."""


class StoreError(MajiangError):
    """The database cannot be opened or does not hold what the server wrote."""


class DatabaseBusyError(StoreError):
    """Another process serves the database (it holds the database's lock)."""


def database_url(target: str | os.PathLike[str] | URL) -> URL:
    """The SQLAlchemy URL of ``--db``'s value: a URL as given (``postgresql://`` means psycopg 3), a file
    path as a SQLite file, ``:memory:`` as a SQLite database in memory; StoreError for anything else.

    >>> database_url("/tmp/m.db").render_as_string(), database_url(":memory:").render_as_string()
    ('sqlite+pysqlite:////tmp/m.db', 'sqlite+pysqlite://')
    >>> database_url("postgresql://ann:secret@db.local/mj").render_as_string()
    'postgresql+psycopg://ann:***@db.local/mj'
    """
    if isinstance(target, URL):
        url = target
    elif str(target) == ":memory:":
        url = URL.create("sqlite+pysqlite")
    elif "://" in str(target):
        try:
            url = make_url(str(target))
        except (ArgumentError, ValueError) as err:
            raise StoreError(f"--db {str(target)[:200]!r} is not a database URL: {err}") from None
    else:
        url = URL.create("sqlite+pysqlite", database=str(target))
    backend = url.get_backend_name()
    if backend == "postgresql" and "+" not in url.drivername:
        url = url.set(drivername="postgresql+psycopg")  # the driver the web extra installs
    elif backend == "sqlite" and "+" not in url.drivername:
        url = url.set(drivername="sqlite+pysqlite")
    if backend not in ("sqlite", "postgresql"):
        raise StoreError(f"--db {shown(url)}: the store runs on SQLite (a file) or PostgreSQL "
                         f"(postgresql+psycopg://...), not {backend}")
    return url


def shown(target: str | os.PathLike[str] | URL) -> str:
    """``target`` as messages name it: a file's path, a URL without its password."""
    if isinstance(target, URL):
        return target.render_as_string(hide_password=True)
    text = str(target)
    if "://" not in text:
        return text
    try:
        return database_url(text).render_as_string(hide_password=True)
    except StoreError:
        return "(a database URL that does not parse)"


def _sqlite_file(url: URL) -> str | None:
    """The file of a SQLite URL (None: in memory, or not SQLite)."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return url.database


_held: dict[str, list[Any]] = {}
"""The locks this process holds: lock's name -> [its holder (an open file or connection), users]."""

_ADVISORY_KEY = int.from_bytes(hashlib.sha256(b"majiang serve").digest()[:8], "big") >> 1
"""The PostgreSQL advisory lock (one 64-bit key, positive) a server holds on its database."""


def lock_database(target: str | os.PathLike[str] | URL) -> Callable[[], None]:
    """Lock the database ``target`` for this process; the answer releases it (in memory: not locked).

    A SQLite file's lock is an OS lock (``flock``) on ``PATH.lock`` beside it (the path resolved, so a
    symlink or another spelling finds the same lock), held by an open file; a PostgreSQL database's is a
    session advisory lock held by a connection of its own. Either way the system releases it when the
    process ends in any way, kill -9 included. Taken again in the same process it is shared (the ``majiang
    serve`` command and its app's start both take it); another process is refused with DatabaseBusyError
    naming the holder's process id.
    """
    url = database_url(target)
    if url.get_backend_name() == "postgresql":
        key = "postgresql:" + shown(url)
        entry = _held.get(key)
        if entry is None:
            entry = _held[key] = [_lock_postgresql(url), 0]
    else:
        database = _sqlite_file(url)
        if database is None:
            return lambda: None
        key = str(Path(database).resolve()) + ".lock"
        entry = _held.get(key)
        if entry is None:
            entry = _held[key] = [_lock_path(key, str(target)), 0]
    entry[1] += 1
    released = False

    def release() -> None:
        nonlocal released
        if released:
            return
        released = True
        entry[1] -= 1
        if entry[1] == 0:
            del _held[key]
            entry[0].close()  # closing the file (the connection) drops the lock

    return release


def _lock_path(lock_path: str, database: str) -> IO[str]:
    """The open lock file ``lock_path``, locked (our process id written in it)."""
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
            f"the database {database} is in use by another server ({who} holds {lock_path}): one server per "
            "database; stop it, or give this one another --db") from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


class _PostgresLock:
    """A connection holding the server's advisory lock; ``close`` ends both."""

    def __init__(self, engine: sa.Engine, connection: sa.Connection) -> None:
        self.engine = engine
        self.connection = connection

    def close(self) -> None:
        with contextlib.suppress(SQLAlchemyError):
            self.connection.close()
        self.engine.dispose()


def _lock_postgresql(url: URL) -> _PostgresLock:
    # The application name carries our process id, so a refused server can name the holder's.
    engine = sa.create_engine(url, poolclass=sa.NullPool,
                              connect_args={"application_name": f"majiang serve {os.getpid()}"})
    try:
        connection = engine.connect()
        got = connection.execute(sa.text("SELECT pg_try_advisory_lock(:key)"),
                                 {"key": _ADVISORY_KEY}).scalar()
        connection.commit()  # the lock is the session's: it outlives the transaction
        if got:
            return _PostgresLock(engine, connection)
        holder = connection.execute(sa.text(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND "
            "((l.classid::bigint << 32) | l.objid::bigint) = :key"),
            {"key": _ADVISORY_KEY}).scalar()
        connection.close()
    except SQLAlchemyError as err:
        engine.dispose()
        raise StoreError(f"cannot open the database {shown(url)}: {_reason(err)}") from None
    engine.dispose()
    pid = str(holder or "").rsplit(" ", 1)[-1]
    who = f"process {pid}" if pid.isdigit() else "another process"
    raise DatabaseBusyError(
        f"the database {shown(url)} is in use by another server ({who} holds its advisory lock): one server "
        "per database; stop it, or give this one another --db")


def _reason(err: SQLAlchemyError) -> str:
    """The driver's own words for a database error (SQLAlchemy's wrapper adds its URL to background)."""
    original = getattr(err, "orig", None)
    return str(original if original is not None else err).strip().splitlines()[0]


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


SCHEMA_REVISION = "v5"
"""The newest revision of the schema (``head_revision()``, which a test holds it to): a database already
there is opened without loading Alembic."""


def revision(connection: sa.Connection) -> str | None:
    """The database's revision (None: none recorded, as in a new database or one from before migrations)."""
    if not sa.inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()


def migrate(connection: sa.Connection) -> None:
    """Bring the database of ``connection`` to the newest revision, inside its transaction."""
    if revision(connection) == SCHEMA_REVISION:
        return
    from alembic import command
    from alembic.config import Config

    with as_file(files("majiang.web").joinpath("migrations")) as location:
        config = Config()
        config.set_main_option("script_location", str(location))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def head_revision() -> str:
    """The newest revision of the schema the package ships."""
    from alembic.script import ScriptDirectory

    with as_file(files("majiang.web").joinpath("migrations")) as location:
        head = ScriptDirectory(str(location)).get_current_head()
    assert head is not None
    return head


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
    room: str | None = None
    """The table's room number (房号, six digits) while it is played; null for tables stored before rooms."""
    rated: bool | None = None
    """Whether the match counts for the ladder (``majiang.web.ranks``); null for tables stored before."""


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
    account: int | None = None
    """The account whose seat this is (taken while logged in; null: a guest's, or nobody's yet)."""


@dataclass(frozen=True, slots=True)
class AccountRow:
    """An account: its id, its name as written, and its password's hash (argon2id)."""

    id: int
    name: str
    password: str


class DuplicateNameError(StoreError):
    """An account of that name (compared case-folded) exists already."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """The ``n``-th accepted action of a table (from 0): in which hand, by which seat, as action text."""

    n: int
    hand: int
    seat: int
    action: str


def _on_sqlite_connect(dbapi_connection: Any, _record: object) -> None:
    # The driver's own transaction handling off: the store says BEGIN itself (``_on_begin``).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # NORMAL in WAL: a committed transaction survives the process being killed (kill -9); only a power
    # cut may lose the last ones.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _on_sqlite_begin(connection: sa.Connection) -> None:
    # A writing transaction takes SQLite's write lock at once (BEGIN IMMEDIATE): it never fails midway
    # because another connection wrote first. Readers take it lazily.
    writes = connection.get_execution_options().get("majiang_writes", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


class Store:
    """The database ``target`` (a SQLite file, created if missing; ``:memory:`` for tests; or a database
    URL), brought to the newest schema when opened. Its one connection serves one transaction at a time:
    the server's ``async`` routes use it on the event loop and its plain ``def`` routes from a thread pool,
    so a transaction waits for the one under way (``_turn``) rather than fail to begin."""

    def __init__(self, target: str | os.PathLike[str] | URL) -> None:
        url = database_url(target)
        self.url = url
        self.path = shown(target)
        """The database as messages name it (a path, or the URL without its password)."""
        self.dialect = url.get_backend_name()
        self._turn = threading.RLock()
        try:
            if self.dialect == "sqlite":
                database = _sqlite_file(url)
                if database is not None:
                    Path(database).parent.mkdir(parents=True, exist_ok=True)
                # In memory, one connection is the database; a file's connections are pooled.
                pool = {} if database is not None else {"poolclass": StaticPool}
                self.engine = sa.create_engine(url, connect_args={"check_same_thread": False}, **pool)
                sa.event.listen(self.engine, "connect", _on_sqlite_connect)
                sa.event.listen(self.engine, "begin", _on_sqlite_begin)
            else:
                self.engine = sa.create_engine(url, pool_pre_ping=True)
            # One connection for the store's life, one transaction at a time (``_turn``): a pool's checkout
            # per statement would double the cost of storing an action.
            self._db = self.engine.connect()
            with self._writing() as connection:
                migrate(connection)
        except (SQLAlchemyError, OSError) as err:
            if hasattr(self, "_db"):
                self._db.close()
            if hasattr(self, "engine"):
                self.engine.dispose()
            reason = _reason(err) if isinstance(err, SQLAlchemyError) else str(err)
            raise StoreError(f"cannot open the database {self.path}: {reason}") from None

    def close(self) -> None:
        """Close the connection."""
        self._db.close()
        self.engine.dispose()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sa.Connection]:
        """The connection in a writing transaction, committed at the end (rolled back on an exception)."""
        with self._turn:
            self._db.execution_options(majiang_writes=True)
            with self._db.begin():
                yield self._db

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sa.Connection]:
        """The connection in a reading transaction (the same snapshot for every statement in it)."""
        with self._turn:
            self._db.execution_options(majiang_writes=False)
            with self._db.begin():
                yield self._db

    def create_table(self, table: TableRow, players: list[PlayerRow]) -> None:
        """Store a new table and its players in one transaction."""
        with self._writing() as db:
            db.execute(sa.insert(tables_t).values(
                id=table.id, rules=table.rules, options=json.dumps(table.options, sort_keys=True),
                seed=table.seed, hands=table.hands, created=table.created, status=table.status,
                salt=table.salt, practice=None if table.practice is None else int(table.practice),
                room=table.room, rated=None if table.rated is None else int(table.rated)))
            db.execute(sa.insert(players_t), [
                {"table_id": table.id, "player": p.player, "kind": p.kind, "bot": p.bot, "name": p.name,
                 "token": p.token, "invite": p.invite, "account": p.account} for p in players])

    def take_seat(self, table_id: str, player: int, token: str, account: int | None = None) -> bool:
        """Give an open seat that nobody holds yet its ``token`` (and ``account``, the taker's if logged
        in); False if someone holds it already."""
        with self._writing() as db:
            done = db.execute(sa.update(players_t).where(
                players_t.c.table_id == table_id, players_t.c.player == player,
                players_t.c.token.is_(None)).values(token=token, account=account))
        return done.rowcount == 1

    def append_action(self, table_id: str, n: int, hand: int, seat: int, action: str) -> None:
        """Append the ``n``-th action of a table, committed before this returns."""
        with self._writing() as db:
            db.execute(_INSERT_ACTION, {"table_id": table_id, "n": n, "hand": hand, "seat": seat,
                                        "action": action})

    def finish(self, table_id: str, record: str,
               rated: Callable[[sa.Connection], object] | None = None) -> None:
        """Mark a table finished and keep its record (the ``majiang-record`` text); ``rated`` books the
        match for the ladder in the same transaction (``majiang.web.ranks``): both are kept, or neither."""
        with self._writing() as db:
            db.execute(sa.delete(records_t).where(records_t.c.table_id == table_id))
            db.execute(sa.insert(records_t).values(table_id=table_id, record=record))
            db.execute(sa.update(tables_t).where(tables_t.c.id == table_id).values(status="finished"))
            if rated is not None:
                rated(db)

    @contextlib.contextmanager
    def reading(self) -> Iterator[sa.Connection]:
        """A reading transaction for the store's companions (``majiang.web.ranks``: the ladder, drills)."""
        with self._reading() as db:
            yield db

    @contextlib.contextmanager
    def writing(self) -> Iterator[sa.Connection]:
        """A writing transaction for the store's companions, committed at the end."""
        with self._writing() as db:
            yield db

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""
        t = tables_t.c
        with self._reading() as db:
            rows = db.execute(sa.select(t.id, t.rules, t.options, t.seed, t.hands, t.created, t.status,
                                        t.salt, t.practice, t.room, t.rated).order_by(t.created, t.id)).all()
        return [TableRow(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5], r[6], r[7],
                         None if r[8] is None else bool(r[8]), r[9], None if r[10] is None else bool(r[10]))
                for r in rows]

    def players(self, table_id: str) -> list[PlayerRow]:
        """The four players of a table, in order."""
        p = players_t.c
        with self._reading() as db:
            rows = db.execute(sa.select(p.player, p.kind, p.bot, p.name, p.token, p.invite, p.account)
                              .where(p.table_id == table_id).order_by(p.player)).all()
        return [PlayerRow(*r) for r in rows]

    def actions(self, table_id: str) -> list[ActionRow]:
        """Every accepted action of a table, in order."""
        a = actions_t.c
        with self._reading() as db:
            rows = db.execute(sa.select(a.n, a.hand, a.seat, a.action).where(a.table_id == table_id)
                              .order_by(a.n)).all()
        return [ActionRow(*r) for r in rows]

    def record(self, table_id: str) -> str | None:
        """The record text of a finished table, or None."""
        with self._reading() as db:
            text = db.execute(sa.select(records_t.c.record).where(records_t.c.table_id == table_id)).scalar()
        return None if text is None else str(text)

    def add_import(self, import_id: str, created: float, fmt: str, name: str, record: str) -> None:
        """Keep the record made from an uploaded log (``fmt``: its format, ``name``: the file's name)."""
        with self._writing() as db:
            db.execute(sa.insert(imports_t).values(id=import_id, created=created, format=fmt, name=name,
                                                   record=record))

    def imported(self, import_id: str) -> str | None:
        """The record text made from an uploaded log, or None."""
        with self._reading() as db:
            text = db.execute(sa.select(imports_t.c.record).where(imports_t.c.id == import_id)).scalar()
        return None if text is None else str(text)

    # -- accounts -------------------------------------------------------------------------------------

    def add_account(self, name: str, key: str, password: str, created: float) -> int:
        """A new account's id; DuplicateNameError when ``key`` (the compared name) is taken."""
        try:
            with self._writing() as db:
                return int(db.execute(sa.insert(accounts_t).values(
                    name=name, name_key=key, password=password, created=created)
                    .returning(accounts_t.c.id)).scalar_one())
        except sa.exc.IntegrityError:
            raise DuplicateNameError(f"the name {name!r} is taken") from None

    def account_named(self, key: str) -> AccountRow | None:
        """The account whose compared name is ``key``, or None."""
        a = accounts_t.c
        with self._reading() as db:
            row = db.execute(sa.select(a.id, a.name, a.password).where(a.name_key == key)).first()
        return None if row is None else AccountRow(*row)

    def account(self, account_id: int) -> AccountRow | None:
        """The account ``account_id``, or None."""
        a = accounts_t.c
        with self._reading() as db:
            row = db.execute(sa.select(a.id, a.name, a.password).where(a.id == account_id)).first()
        return None if row is None else AccountRow(*row)

    def set_password(self, account_id: int, password: str) -> None:
        """Replace an account's password hash (a rehash with newer parameters)."""
        with self._writing() as db:
            db.execute(sa.update(accounts_t).where(accounts_t.c.id == account_id).values(password=password))

    def setting(self, key: str, default: str) -> str:
        """The server's setting ``key``; the first to ask stores ``default`` (later ones read it)."""
        with self._writing() as db:
            value = db.execute(sa.select(settings_t.c.value).where(settings_t.c.key == key)).scalar()
            if value is None:
                db.execute(sa.insert(settings_t).values(key=key, value=default))
                value = default
        return str(value)

    def seats_of(self, account_id: int) -> list[tuple[str, int]]:
        """The seats bound to an account: (table id, player), the newest tables first."""
        p, t = players_t.c, tables_t.c
        with self._reading() as db:
            query = (sa.select(p.table_id, p.player).join_from(players_t, tables_t, p.table_id == t.id)
                     .where(p.account == account_id).order_by(t.created.desc(), t.id, p.player))
            rows = db.execute(query).all()
        return [(r[0], r[1]) for r in rows]

"""A throwaway PostgreSQL cluster for the tests, from Debian's ``postgresql`` package, and the
``database`` fixture that runs a test on SQLite and on PostgreSQL.

One cluster per test session (per xdist worker): ``initdb`` into a temporary folder, ``pg_ctl start`` on a
free loopback port (its socket in that folder too), stopped and removed at the end. PostgreSQL refuses to
run as root, so when the tests do, the cluster is the ``postgres`` system user's (the package creates
it), each command run through ``runuser``. Each test gets an empty database (the session's, emptied).
A plugin of the whole suite (``tests/conftest.py``'s ``pytest_plugins``), so any test may ask for
``database``. The package is never downloaded here: ``make test`` installs it with apt when missing, and
a test fails (not skips) without it, as the browser tests do without Chromium.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

__all__ = ["Cluster", "database", "postgres_cluster"]

_counter = itertools.count()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _initdb() -> str | None:
    """Debian's newest ``initdb`` (its binaries are not on PATH), else one on PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return found[-1] if found else shutil.which("initdb")


@dataclass
class Cluster:
    """A running cluster: its port and how to reach it as its superuser ``majiang``."""

    port: int
    folder: Path
    tests: str | None = None
    """The database the tests share, one after another (``emptied``)."""

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://majiang@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new empty database."""
        import sqlalchemy as sa  # (here: every test session loads this plugin)

        name = f"test_{os.getpid()}_{next(_counter)}"
        engine = sa.create_engine(self.url(), isolation_level="AUTOCOMMIT", poolclass=sa.NullPool)
        with engine.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        engine.dispose()
        return self.url(name)

    def emptied(self) -> str:
        """The URL of the session's test database, emptied (its schema dropped and made again): quicker
        than a new database (a copy of the template) for each test."""
        import sqlalchemy as sa

        if self.tests is None:
            self.tests = self.new_database()
        engine = sa.create_engine(self.tests, isolation_level="AUTOCOMMIT", poolclass=sa.NullPool)
        with engine.connect() as connection:
            connection.exec_driver_sql("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        engine.dispose()
        return self.tests


def _run(command: list[str]) -> None:
    subprocess.run(command, check=True, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    initdb = _initdb()
    if initdb is None:
        pytest.fail("PostgreSQL's initdb is missing: `make test` installs it (apt-get install postgresql)")
    bindir = Path(initdb).parent
    folder = Path(tempfile.mkdtemp(prefix="majiang-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:  # the server refuses root: run the cluster as the package's own user
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data, log = folder / "data", folder / "log"
    port = _free_port()
    # --no-sync and fsync off: a test cluster need not survive a power cut, and is much faster without.
    _run([*prefix, str(bindir / "initdb"), "-D", str(data), "-U", "majiang", "-A", "trust",
                    "-E", "UTF8", "--locale=C", "--no-sync"])
    options = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
               "-c synchronous_commit=off -c full_page_writes=off")
    try:
        _run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"])
    except subprocess.CalledProcessError as err:
        text = log.read_text() if log.exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"PostgreSQL did not start: {err.stderr}{text}")
    try:
        yield Cluster(port, folder)
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def _database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "majiang.db")
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    return cluster.emptied()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store test's store lives: a new SQLite file, or a new database in the session's cluster
    (the store's own tests run on both in ``make test``)."""
    return _database(request, tmp_path)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.soak)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a server test's store lives: SQLite, and PostgreSQL too under ``make soak`` (the store under
    the server is the same code on both, which ``store_database``'s tests prove in ``make test``)."""
    return _database(request, tmp_path)

"""Alembic's environment: the store hands it an open connection, inside the transaction that holds the
whole upgrade (``majiang.web.store.migrate``); run from Alembic's own command line, it connects to the
``sqlalchemy.url`` of its configuration."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context


def _run(connection: sa.Connection) -> None:
    # render_as_batch: SQLite alters a table by copying it, which Alembic's batch mode does for us.
    context.configure(connection=connection, target_metadata=None, render_as_batch=True,
                      transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()


def _main() -> None:
    try:
        config = context.config
    except AttributeError:  # imported outside Alembic (pytest's doctest collection): nothing to run
        return
    given = config.attributes.get("connection")
    if isinstance(given, sa.Connection):
        _run(given)
        return
    engine = sa.create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


_main()

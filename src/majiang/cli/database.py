"""The web server's database opened by a command (``--db FILE|URL``: ``majiang ladder``, ``majiang
tournament``, ``majiang drill``): a SQLite file that exists (never made by looking) or a URL, through the
server's own store, and an account found by its name as log-in compares names."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from majiang.cli.errors import fail

if TYPE_CHECKING:
    from majiang.web.store import AccountRow, Store

__all__ = ["find_account", "open_store"]


@contextlib.contextmanager
def open_store(command: str, db: str, as_json: bool = False) -> Iterator[Store]:
    """The server's store at ``db`` (a SQLite file that exists, or a URL), closed at the end; ``majiang
    COMMAND`` fails saying why when it cannot be opened."""
    try:
        from majiang.web.store import Store, StoreError, database_url
    except ImportError:
        fail(command, "--db needs the web extra: pip install 'majiang[web]'", as_json=as_json)
    try:
        url = database_url(db)
        if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:" \
                and not os.path.isfile(url.database):
            fail(command, f"no database file {db} ('majiang serve --db {db}' makes one)", as_json=as_json)
        store = Store(url)
    except StoreError as err:
        fail(command, str(err), as_json=as_json)
    try:
        yield store
    finally:
        store.close()


def find_account(command: str, store: Store, name: str, as_json: bool = False) -> AccountRow:
    """The account called ``name`` (compared as log-in compares names), or ``majiang COMMAND`` fails."""
    from majiang.web.accounts import name_key

    account = store.account_named(name_key(name[:80]))
    if account is None:
        fail(command, f"no account {name[:40]!r} in {store.path} (players sign up on the server)",
             as_json=as_json)
    return account

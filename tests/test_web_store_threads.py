"""The store's one connection used from several threads at once (on SQLite and PostgreSQL): the server's
plain ``def`` routes (``/api/me``, the ladder, the table listing) run in a thread pool while its ``async``
ones use the store on the event loop, so two transactions may begin together; each must wait its turn, not
fail (a page asking ``/api/me`` and ``/api/tournaments`` at once got 500 on PostgreSQL)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import sqlalchemy as sa

from majiang.web.store import Store, settings_t


def test_transactions_from_many_threads_take_turns(store_database: str) -> None:
    store = Store(store_database)
    try:
        def work(n: int) -> int:
            for i in range(25):
                with store.writing() as db:
                    db.execute(sa.insert(settings_t).values(key=f"k{n}.{i}", value="v"))
                with store.reading() as db:
                    key = settings_t.c.key
                    db.execute(sa.select(key).where(key == f"k{n}.{i}")).scalar_one()
            return n

        with ThreadPoolExecutor(6) as pool:
            assert sorted(pool.map(work, range(6))) == list(range(6))
        with store.reading() as db:
            assert db.execute(sa.select(sa.func.count()).select_from(settings_t)
                              .where(settings_t.c.key.like("k%"))).scalar() == 150
    finally:
        store.close()

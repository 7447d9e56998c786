"""The store's schema as Alembic migrations (``majiang.web.store.migrate`` runs them; docs/web.md)."""

"""One module per revision of the store's schema, oldest first (``v1_tables`` is the schema of the
databases written before migrations)."""

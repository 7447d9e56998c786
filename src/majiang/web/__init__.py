"""The web app: tables over WebSockets with a SQLite store (``majiang serve``); needs the ``web`` extra.

Nothing else in majiang imports this package. docs/web.md describes the protocol and the store.
"""

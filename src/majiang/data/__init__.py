"""Tables shipped with the package, read on first use; ``python -m majiang.data.build`` rebuilds them.

``LOADED`` names the files read so far in this process, so tests can check that importing reads none.
"""

from __future__ import annotations

import os

from majiang.errors import InvalidOptionError

__all__ = ["FILES", "LOADED", "path_of", "read_data"]

FILES = ("suits.bin.xz", "decompositions.bin")
"""The shipped files: the per-suit shanten table and the per-suit decomposition table."""

LOADED: set[str] = set()
"""Names of the shipped files read so far."""


def path_of(name: str) -> str:
    """Where the shipped file ``name`` lives (beside this module)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), name)


def read_data(name: str) -> bytes:
    """The bytes of the shipped file ``name`` (one of ``FILES``)."""
    if name not in FILES:
        raise InvalidOptionError(f"no shipped data file {name!r}; one of {', '.join(FILES)}")
    with open(path_of(name), "rb") as f:
        data = f.read()
    LOADED.add(name)
    return data

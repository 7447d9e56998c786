"""Tables shipped with the package, read on first use; ``python -m majiang.data.build`` rebuilds them.

They are read through ``importlib.resources``, never by a file path, so the package also works from a
zip (``majiang botzone-bundle``: Botzone runs a bot uploaded as one). ``LOADED`` names the files read so
far in this process, so tests can check that importing reads none.
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
    """Where the shipped file ``name`` lives in a source tree (beside this module): for rebuilding it;
    reading goes through ``read_data``."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), name)


def read_data(name: str) -> bytes:
    """The bytes of the shipped file ``name`` (one of ``FILES``)."""
    if name not in FILES:
        raise InvalidOptionError(f"no shipped data file {name!r}; one of {', '.join(FILES)}")
    from importlib.resources import files  # here: it costs an import (pathlib) the lean entry points avoid

    data = files(__name__).joinpath(name).read_bytes()
    LOADED.add(name)
    return data

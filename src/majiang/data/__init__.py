"""Tables shipped with the package, read on first use; ``python -m majiang.data.build`` rebuilds them.

They are read through the package's loader, never opened by a file path, so the package also works
from a zip (``majiang botzone-bundle``: Botzone runs a bot uploaded as one; a path into a zip is no
directory). ``LOADED`` names the files read so far in this process, so tests can check that importing
reads none.
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
    # The loader's get_data (what pkgutil.get_data calls; every file and zip loader has it) reads a file
    # beside this module, from a directory or a zip alike. importlib.resources would do the same, but
    # importing it pulls typing, re and pathlib into scoring, which stays without them
    # (tests/test_values.py).
    get_data = getattr(__spec__.loader, "get_data", None)
    if get_data is None:
        raise RuntimeError(f"{__name__} was loaded by {__spec__.loader!r}, which cannot read its data files")
    data: bytes = get_data(os.path.join(os.path.dirname(__file__), name))
    LOADED.add(name)
    return data

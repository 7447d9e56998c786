"""Rebuild the shipped tables: ``python -m majiang.data.build [name ...]`` (deterministic; ~1 minute).

>>> from majiang.data.build import BUILDERS
>>> sorted(BUILDERS)
['decompositions.bin', 'suits.bin.xz']
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from majiang.analysis import decompose, tables
from majiang.atomic import write_atomically
from majiang.data import FILES, path_of

__all__ = ["BUILDERS", "build", "main"]


BUILDERS: dict[str, Callable[[], bytes]] = {
    "suits.bin.xz": tables.build_file,
    "decompositions.bin": decompose.build_table,
}
"""How each shipped file is made, by name."""


def build(name: str) -> bytes:
    """The contents the shipped file ``name`` should have."""
    return BUILDERS[name]()


def main(argv: list[str] | None = None) -> None:
    """Write the named shipped files (all by default) beside the package's data module."""
    parser = argparse.ArgumentParser(prog="python -m majiang.data.build", description=__doc__)
    parser.add_argument("names", nargs="*", metavar="name",
                        help=f"files to rebuild: {', '.join(FILES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in BUILDERS]
    if unknown:
        parser.error(f"no shipped file {unknown[0]!r}; one of {', '.join(FILES)}")
    for name in args.names or FILES:
        data = build(name)
        write_atomically(path_of(name), [data])
        print(f"wrote {path_of(name)} ({len(data)} bytes)")


if __name__ == "__main__":
    main()

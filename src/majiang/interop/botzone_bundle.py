"""The zip Botzone takes as a Python bot: the package, its data, and a ``__main__.py`` running our bot.

``build_bundle(path, args)`` writes it; ``majiang botzone-bundle`` is the command (docs/interop.md).
Botzone runs the zip as ``python bot.zip`` in a fresh process per request (or once, in its long-running
mode); ``__main__.py`` calls ``majiang.botzone.main`` (the lean entry point: no command-line framework)
with the options chosen when the zip was built. The package goes in without what a bot never uses (the
command line, terminal and web apps, the environments, the simulators); its data files are read through
the package's loader (``majiang.data.read_data``), which reads them from the zip.

Each module goes in as its source and, unless ``compiled=False``, as bytecode for the Python that builds
the zip (an unchecked hash-based ``.pyc`` beside the source, where ``zipimport`` looks first): a process
importing from a zip cannot cache its bytecode, so without it every request would compile the package
again. A Python of another version skips that bytecode (its magic number differs) and compiles the
sources. The zip is the same, byte for byte, for the same package, options and Python.
"""

from __future__ import annotations

import importlib.util
import io
import py_compile
import shlex
import tempfile
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from majiang.atomic import write_atomically
from majiang.errors import InvalidOptionError

__all__ = ["LEFT_OUT", "Bundle", "build_bundle", "main_source"]

LEFT_OUT = ("cli", "tui", "web", "env", "sim")
"""Subpackages of majiang a Botzone bot never imports, left out of the zip."""
_STAMP = (1980, 1, 1, 0, 0, 0)
"""Every entry's time, so that the zip depends on nothing but its contents."""


@dataclass(frozen=True, slots=True)
class Bundle:
    """What ``build_bundle`` wrote: the zip's path, its entries and its size in bytes."""

    path: Path
    entries: tuple[str, ...]
    size: int


def main_source(args: Sequence[str]) -> str:
    """The zip's ``__main__.py``: our bot with the options ``args`` (more given after the zip's name are
    read after them)."""
    return (
        '"""Botzone runs this zip: majiang\'s bot answering Chinese Standard Mahjong requests."""\n'
        "import sys\n\n"
        "from majiang.botzone import main\n\n"
        f"ARGS = {list(args)!r}  # as python -m majiang.botzone {shlex.join(args)}\n"
        "sys.exit(main(ARGS + sys.argv[1:]))\n"
    )


def _package_files(root: Path) -> list[tuple[str, Path]]:
    """Each file of the package at ``root`` that goes in the zip, by its name there."""
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root.parent)
        parts = rel.parts
        if not path.is_file() or "__pycache__" in parts or path.suffix in (".pyc", ".pyo"):
            continue
        if len(parts) > 2 and parts[1] in LEFT_OUT:
            continue
        out.append((rel.as_posix(), path))
    return out


def _bytecode(file: Path, name: str, scratch: Path) -> bytes:
    """An unchecked hash-based ``.pyc`` of the source ``file`` for this Python (PEP 552), naming it
    ``name`` in tracebacks."""
    out = scratch / "module.pyc"
    py_compile.compile(str(file), cfile=str(out), dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return out.read_bytes()


def build_bundle(path: str | Path, args: Sequence[str] = (), *, compiled: bool = True) -> Bundle:
    """Write the Botzone zip to ``path``: the package, its data and a ``__main__.py`` running
    ``majiang.botzone`` with ``args`` (checked here: an unknown option or bot is an error now, not on
    Botzone); with bytecode for this Python unless ``compiled`` is False."""
    from majiang.botzone import parse_args

    try:
        options = parse_args(list(args))
    except ValueError as err:
        raise InvalidOptionError(f"bot options: {err}") from None
    from majiang.bots import find_bot
    from majiang.interop.botzone import WALLS

    find_bot(options.get("bot", "fan-aware"), 0)  # an unknown bot, or a bad option after its name
    if options.get("walls", "per-seat") not in WALLS:
        raise InvalidOptionError(f"unknown walls {options['walls']!r}; one of {', '.join(WALLS)}")
    spec = importlib.util.find_spec("majiang")
    if spec is None or not spec.submodule_search_locations:
        raise InvalidOptionError("the majiang package is not found on disk")
    root = Path(next(iter(spec.submodule_search_locations)))
    if not (root / "botzone.py").is_file():
        raise InvalidOptionError(f"the majiang package at {root} is not a directory of sources (a zip "
                                 "cannot be bundled again)")
    buffer = io.BytesIO()
    entries = []
    with tempfile.TemporaryDirectory() as tmp, \
            zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        scratch = Path(tmp)

        def put(name: str, data: bytes, compress: int = zipfile.ZIP_DEFLATED) -> None:
            info = zipfile.ZipInfo(name, _STAMP)
            info.compress_type = compress
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
            entries.append(name)

        main = scratch / "__main__.py"
        main.write_text(main_source(list(args)), encoding="utf-8")
        for name, file in [("__main__.py", main), *_package_files(root)]:
            # The suit table is compressed already (xz): stored as it is.
            put(name, file.read_bytes(), zipfile.ZIP_STORED if name.endswith(".xz") else zipfile.ZIP_DEFLATED)
            if compiled and name.endswith(".py"):
                put(name[:-3] + ".pyc", _bytecode(file, name, scratch))
    data = buffer.getvalue()
    out = Path(path)
    write_atomically(out, [data])
    return Bundle(out, tuple(entries), len(data))

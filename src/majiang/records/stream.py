"""Long outputs written as they are produced: ``FILE.partial`` grows in whole groups, then becomes ``FILE``.

A run that writes many hands cannot hold them to write atomically at the end, and should not lose
them when it is stopped. ``PartialFile`` appends lines in groups (a hand's lines, say) to the visible
file ``FILE.partial``, each group written with one call and flushed, and moves it onto ``FILE`` with
a rename once the last line is written. So ``FILE`` is either absent (or its old content) or complete;
an interrupted run leaves ``FILE.partial`` holding every group written before the stop (after a
``SIGKILL`` during a write, possibly followed by a part of the next group, which resuming drops).

A name ending in ``.gz`` is gzip-compressed with one gzip member per group: the members of a gzip
file read as one stream, so everything flushed stays readable; and with ``mtime=0`` the bytes depend
only on the lines and their grouping.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "lines.txt.gz")
...     out = PartialFile.create(path)
...     out.write_groups([["a", "b"], ["c"]])
...     visible = sorted(os.listdir(tmp))
...     out.finish(["end"])
...     with gzip.open(path, "rt") as f:
...         visible, sorted(os.listdir(tmp)), f.read().split()
(['lines.txt.gz.partial'], ['lines.txt.gz'], ['a', 'b', 'c', 'end'])
"""

from __future__ import annotations

import contextlib
import gzip
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import BinaryIO

from majiang.atomic import fsync_directory, write_atomically
from majiang.errors import MajiangError

__all__ = ["PARTIAL_SUFFIX", "PartialFile", "is_compressed", "partial_path"]

PARTIAL_SUFFIX = ".partial"


def partial_path(path: str | os.PathLike[str]) -> Path:
    """Where the lines of ``path`` grow until it is complete: ``path`` + ``.partial``."""
    return Path(os.fspath(path) + PARTIAL_SUFFIX)


def is_compressed(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is written gzip-compressed (its name ends in ``.gz``)."""
    return os.fspath(path).endswith(".gz")


class PartialFile:
    """Lines appended in whole groups to ``FILE.partial``, renamed to ``FILE`` by ``finish``."""

    def __init__(self, path: str | os.PathLike[str], handle: BinaryIO) -> None:
        self.path = Path(path)
        self.partial = partial_path(path)
        self.compressed = is_compressed(path)
        self._handle: BinaryIO | None = handle

    @classmethod
    def create(cls, path: str | os.PathLike[str]) -> PartialFile:
        """Start ``FILE.partial``; FileExistsError if one is there already (an interrupted run's work)."""
        partial = partial_path(path)
        try:
            handle = open(partial, "xb")  # noqa: SIM115 - kept open until finish() or close()
        except FileExistsError:
            raise FileExistsError(f"{partial} exists: the work of an interrupted run; continue it with "
                                  "--resume, or delete it") from None
        return cls(path, handle)

    @classmethod
    def restart(cls, path: str | os.PathLike[str], groups: Iterable[Sequence[str]]) -> PartialFile:
        """Replace ``FILE.partial`` by ``groups`` (the part of it kept when resuming) and go on from there.

        The kept part is written beside it and renamed over it, so a failure here leaves it as it was.
        """
        partial = partial_path(path)
        compressed = is_compressed(path)
        write_atomically(partial, (_encode(group, compressed) for group in groups))
        return cls(path, open(partial, "ab"))  # kept open until finish() or close()

    def _out(self) -> BinaryIO:
        if self._handle is None:
            raise MajiangError(f"{self.partial} is closed")
        return self._handle

    def write_groups(self, groups: Iterable[Sequence[str]]) -> None:
        """Append each group of lines (each gets its newline), then flush them to the operating system."""
        out = self._out()
        data = b"".join(_encode(group, self.compressed) for group in groups)
        if data:
            out.write(data)
            out.flush()

    def finish(self, last: Sequence[str] = ()) -> None:
        """Write the last group, sync, and move ``FILE.partial`` onto ``FILE``."""
        self.write_groups([last] if last else [])
        out = self._out()
        os.fsync(out.fileno())
        out.close()
        self._handle = None
        with contextlib.suppress(FileNotFoundError):
            os.chmod(self.partial, os.stat(self.path).st_mode & 0o7777)  # keep an existing file's mode
        os.replace(self.partial, self.path)
        fsync_directory(os.path.dirname(os.path.abspath(self.path)))

    def close(self) -> None:
        """Stop writing and keep ``FILE.partial`` as it is (an interrupted or failed run)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _encode(group: Sequence[str], compressed: bool) -> bytes:
    data = "".join(line + "\n" for line in group).encode("utf-8")
    return gzip.compress(data, mtime=0) if compressed and data else data

"""Atomic file writes: a file holds either its old content or the whole new one, never a part."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterable

__all__ = ["fsync_directory", "write_atomically", "write_lines_atomically"]


def fsync_directory(directory: str) -> None:
    """Sync ``directory``, which makes a rename in it durable (where the platform can open a directory)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_lines_atomically(path: str | os.PathLike[str], lines: Iterable[str]) -> None:
    """Write ``lines`` (each followed by a newline) to ``path`` so that it is either all written or unchanged.

    The lines go to a temporary file in the same directory, which is flushed, synced and renamed over
    ``path``; if producing or writing any line fails, the temporary file is removed and ``path`` keeps
    its old content.
    """
    write_atomically(path, (line.encode("utf-8") + b"\n" for line in lines))


def write_atomically(path: str | os.PathLike[str], chunks: Iterable[bytes]) -> None:
    """Write ``chunks`` to ``path`` so that it is either all written or unchanged (temporary file, rename)."""
    target = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(target))
    temp = os.path.join(directory, f".{os.path.basename(target)}.{secrets.token_hex(6)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            with contextlib.suppress(FileNotFoundError):
                os.chmod(temp, os.stat(target).st_mode & 0o7777)  # keep an existing file's permissions
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    fsync_directory(directory)

"""The lock a writer of a sheet file holds for a read-modify-write (``FILE.lock`` beside the file)."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator

from majiang.rules.mcr.sheet_entries import SheetError

__all__ = ["LOCK_TIMEOUT", "lock_path", "locked"]

LOCK_TIMEOUT = 10.0
"""Seconds a writer waits for another writer's lock before giving up with a SheetError."""


def lock_path(path: str | os.PathLike[str]) -> str:
    """The lock file beside a sheet file: ``FILE.lock``."""
    return os.fspath(path) + ".lock"


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the exclusive lock of the sheet file ``path`` (on ``FILE.lock``) for a read-modify-write.

    The lock is on a separate file because a save replaces the sheet file itself (a lock on the old
    file would not stop a writer that opened the new one). The lock file stays, empty, after the lock
    is released: removing it could let two writers lock two different files. Waits up to ``timeout``
    seconds for another writer, then raises SheetError; OSError if the lock file cannot be created.
    """
    fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + timeout
        delay = 0.001
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise SheetError(f"{os.fspath(path)} is being changed by another command (its lock "
                                 f"{lock_path(path)} is held); try again")
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        yield
    finally:
        # Closing the descriptor releases the lock.
        os.close(fd)

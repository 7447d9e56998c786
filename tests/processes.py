"""Checks that a bot program's processes are gone (shared by the Botzone and mjai seat tests)."""

from __future__ import annotations

import os

__all__ = ["gone", "reaped"]


def reaped(pid: int) -> bool:
    """Whether our child ``pid`` has been waited for (no zombie of ours is left)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def gone(pid: int) -> bool:
    """Whether ``pid`` is no live process (reaped, or a zombie of a dead parent's that init will reap)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True

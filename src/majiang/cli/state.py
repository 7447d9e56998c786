"""The JSON state files of ``majiang ladder`` and ``majiang tournament``: read strictly, changed under a
lock, written atomically; a bad file or a refused change fails with one line and leaves the file as it was."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, TypeVar

from majiang.atomic import write_atomically
from majiang.cli.errors import fail
from majiang.cli.options import integer
from majiang.errors import InvalidOptionError, MajiangError
from majiang.jsonstrict import loads_strict
from majiang.rules.mcr.sheet_entries import SheetError
from majiang.rules.mcr.sheet_lock import locked

__all__ = ["change_state", "read_state", "scores"]

T = TypeVar("T")
S = TypeVar("S")

MAX_STATE_BYTES = 64 * 1024 * 1024
"""A state file larger than this is refused unread (a ladder of every player of a big club is far less)."""


def read_state(command: str, file: str, parse: Callable[[Any], S], missing: str) -> S:
    """The state in ``file`` as ``parse`` reads it; fails with ``missing`` if there is no file, or with
    the file's name and what is wrong in it."""
    try:
        if os.path.getsize(file) > MAX_STATE_BYTES:
            fail(command, f"{file}: larger than {MAX_STATE_BYTES // 2**20} MiB, not a state file")
        with open(file, "rb") as handle:
            data = loads_strict(handle.read())
    except FileNotFoundError:
        fail(command, missing)
    except IsADirectoryError:
        fail(command, f"{file} is a directory, not a state file")
    except OSError as err:
        fail(command, f"cannot read {file}: {err.strerror or err}")
    except MajiangError as err:
        fail(command, f"{file}: not JSON: {err}")
    try:
        return parse(data)
    except MajiangError as err:
        fail(command, f"{file}: {err}")


def write_state(command: str, file: str, data: dict[str, Any]) -> None:
    """Write ``data`` to ``file`` atomically (all or nothing)."""
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    try:
        write_atomically(file, [text.encode("utf-8")])
    except OSError as err:
        fail(command, f"cannot write {file}: {err.strerror or err} (the file is unchanged)")


def change_state(command: str, file: str, load: Callable[[], S], change: Callable[[S], T],
                 dump: Callable[[S], dict[str, Any]]) -> tuple[S, T]:
    """Read (``load``), change and write the state under the file's lock (``FILE.lock``); a change that
    raises a MajiangError fails with its message and writes nothing."""
    try:
        with locked(file):
            state = load()
            try:
                result = change(state)
            except MajiangError as err:
                fail(command, f"{err} (the file is unchanged)")
            write_state(command, file, dump(state))
    except SheetError as err:
        fail(command, str(err))
    except OSError as err:
        fail(command, f"cannot lock {file} (with {file}.lock): {err.strerror or err} (the file is unchanged)")
    return state, result


def scores(command: str, items: list[str], option: str) -> dict[str, int]:
    """``NAME=POINTS`` items (points signed) as a mapping; fails naming the item that is not one."""
    out: dict[str, int] = {}
    for item in items:
        name, sep, text = item.rpartition("=")
        name = name.strip()
        if not sep or not name:
            fail(command, f"{option} takes NAME=POINTS, not {item!r}")
        if name in out:
            fail(command, f"{option}: {name!r} is named twice")
        try:
            out[name] = integer(text.strip(), f"{option} {name}", signed=True)
        except InvalidOptionError as err:
            fail(command, str(err))
    return out

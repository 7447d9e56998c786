"""``majiang import``: a game log of another program (a Tenhou mjlog) as a majiang record."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from majiang.cli.errors import fail
from majiang.errors import MajiangError
from majiang.interop.tenhou import import_mjlog
from majiang.records import write_record

FORMATS = ("mjlog",)


def import_command(
    file: Annotated[Path, typer.Argument(help="the log to import (a Tenhou mjlog: gzip or plain XML)")],
    output: Annotated[Path, typer.Option("--output", "-o", help="the record to write")],
    fmt: Annotated[str, typer.Option("--format", help="the log's format: mjlog")] = "mjlog",
) -> None:
    """Replay a game log on our engine, checking every draw, call, win, score and the final standing, and
    write it as a majiang record (check it again with ``majiang replay --check``)."""
    if fmt not in FORMATS:
        fail("import", f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    try:
        data = file.read_bytes()
    except OSError as err:
        fail("import", f"cannot read {file}: {err.strerror or err}")
    try:
        imported = import_mjlog(data)
        write_record(output, imported.match, imported.players)
    except MajiangError as err:
        fail("import", f"{file}: {err}")
    except OSError as err:
        fail("import", f"cannot write {output}: {err.strerror or err}")
    hands = len(imported.match.history)
    typer.echo(f"{file.name}: {hands} hands reproduced; wrote {output}")

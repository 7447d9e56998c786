"""``majiang import`` and ``majiang export``: other programs' game logs (Tenhou's mjlog, mjai JSON lines)
to and from majiang records."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from majiang.atomic import write_lines_atomically
from majiang.cli.errors import fail
from majiang.errors import MajiangError
from majiang.interop.mjai import dump_mjai, export_mjai, import_mjai
from majiang.interop.tenhou import Imported, import_mjlog
from majiang.records import read_record, write_record

FORMATS = ("mjlog", "mjai")


def import_command(
    file: Annotated[Path, typer.Argument(help="the log to import")],
    output: Annotated[Path, typer.Option("--output", "-o", help="the record to write")],
    fmt: Annotated[str, typer.Option("--format", help="mjlog (Tenhou, gzip or plain XML) or mjai")] = "mjlog",
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
        imported: Imported = import_mjlog(data) if fmt == "mjlog" else \
            import_mjai(data.decode("utf-8").splitlines())
        write_record(output, imported.match, imported.players)
    except UnicodeDecodeError as err:
        fail("import", f"{file}: not UTF-8 text ({err})")
    except MajiangError as err:
        fail("import", f"{file}: {err}")
    except OSError as err:
        fail("import", f"cannot write {output}: {err.strerror or err}")
    hands = len(imported.match.history)
    typer.echo(f"{file.name}: {hands} hands reproduced; wrote {output}")


def export_command(
    file: Annotated[Path, typer.Argument(help="a riichi record")],
    output: Annotated[Path, typer.Option("--output", "-o", help="the log to write")],
    fmt: Annotated[str, typer.Option("--format", help="mjai")] = "mjai",
) -> None:
    """Write a riichi record as another program's log: mjai JSON lines."""
    if fmt != "mjai":
        fail("export", f"--format must be mjai, not {fmt!r}")
    try:
        lines = dump_mjai(export_mjai(read_record(file)))
        write_lines_atomically(output, lines)
    except MajiangError as err:
        fail("export", f"{file}: {err}")
    except OSError as err:
        fail("export", f"{err.filename or file}: {err.strerror or err}")
    typer.echo(f"{file.name}: {len(lines)} mjai events; wrote {output}")

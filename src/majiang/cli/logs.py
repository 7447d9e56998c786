"""``majiang export`` and ``majiang import``: records to Botzone's judge logs or a text log, and Botzone
logs back to records (docs/interop.md, docs/cli.md).

The conversions are ``majiang.interop.botzone_log`` and ``majiang.records.text``; this module reads the
options and writes the files (atomically).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from majiang.atomic import write_lines_atomically
from majiang.cli.errors import EXIT_INTERNAL, fail, internal_message
from majiang.errors import MajiangError
from majiang.game.ruleset import find_ruleset
from majiang.interop.botzone_log import logs_to_record, read_logs, record_to_logs
from majiang.interop.mjai import FACTS, dump_mjai, export_mjai, import_mjai
from majiang.interop.tenhou import MjlogError, import_mjlog
from majiang.interop.tenhou6 import from_tenhou6, tenhou6_rules, to_tenhou6
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.records import read_record
from majiang.records.check import check_record
from majiang.records.text import text_log
from majiang.rules.riichi.ruleset import RiichiRules

__all__ = ["FORMATS", "IMPORT_FORMATS", "export_command", "import_command"]

FORMATS = ("botzone", "text", "mjai", "tenhou6")
"""What ``export`` writes."""
IMPORT_FORMATS = ("botzone", "mjlog", "mjai", "tenhou6")
"""What ``import`` reads: Botzone logs, Tenhou's mjlog, mjai JSON lines and tenhou.net/6 JSON (riichi)."""

RecordArg = Annotated[str, typer.Argument(metavar="RECORD", show_default=False,
                                          help="A game record (JSON lines).")]
LogArg = Annotated[str, typer.Argument(metavar="LOG", show_default=False,
                                       help="A Botzone log (a JSON object), a JSON list of logs, or JSON "
                                            "lines of logs.")]
FormatOpt = Annotated[str, typer.Option("--format", metavar="FORMAT",
                                        help="botzone (the judge's log, one JSON object per hand and line), "
                                             "text (one line per event), or for riichi mjai (JSON lines) or "
                                             "tenhou6 (tenhou.net/6 JSON); import also reads mjlog (a "
                                             "Tenhou log).")]
HandOpt = Annotated[list[str] | None, typer.Option("--hand", metavar="N",
                                                   help="Only hand N (repeatable); default every hand.")]
OutputOpt = Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE",
                                                help="Write to FILE (atomically), not to standard output.")]
FactsOpt = Annotated[bool, typer.Option(
    "--facts/--no-facts", help="mjai and tenhou6: add under \"majiang\" what the record holds and the format "
                               "does not (rules, seeds, walls, claims that lost), so that import gives the "
                               "same record back; other readers ignore it.")]
IndependentOpt = Annotated[bool, typer.Option(
    "--independent", help="mjai and tenhou6: the log's hands are independent hands (as simulate and arena "
                          "record them), each from the scores its start gives, not a match; a log we "
                          "exported says so itself.")]
ImportOutputOpt = Annotated[Path, typer.Option("--output", "-o", metavar="FILE",
                                               help="The record to write (atomically).")]


def _hands(values: list[str] | None) -> list[int] | None:
    if not values:
        return None
    out = []
    for text in values:
        if not text.strip().isdigit() or int(text) < 1:
            raise ValueError(f"--hand takes a hand number from 1, not {text!r}")
        out.append(int(text))
    return out


def _json(text: str) -> object:
    try:
        return loads_strict(text)
    except StrictJSONError as err:
        raise MjlogError("the log", f"not JSON ({err})") from None


def _emit(lines: list[str], output: Path | None) -> None:
    if output is None:
        for line in lines:
            typer.echo(line)
    else:
        write_lines_atomically(output, lines)


def export_command(record: RecordArg, format: FormatOpt = "botzone", hand: HandOpt = None,
                   output: OutputOpt = None, facts: FactsOpt = True) -> None:
    """Write a record as Botzone's judge logs (per-seat walls: --rules botzone) or as a text log."""
    try:
        if format not in FORMATS:
            raise ValueError(f"--format must be one of {', '.join(FORMATS)}, not {format!r}")
        hands = _hands(hand)
        if output is not None and not output.parent.is_dir():
            raise ValueError(f"--output: no directory {str(output.parent)!r}")
        read = read_record(record)
        if format == "botzone":
            lines = [json.dumps(log, ensure_ascii=False, separators=(",", ":"))
                     for log in record_to_logs(read, hands)]
        elif format == "mjai":
            if hands is not None:
                raise ValueError("--hand is for --format botzone; the mjai log holds the whole record")
            lines = dump_mjai(export_mjai(read, facts=facts))
        elif format == "tenhou6":
            if hands is not None:
                raise ValueError("--hand is for --format botzone; a tenhou.net/6 log holds the whole record")
            riichi = read.header.rules if isinstance(read.header.rules, RiichiRules) else None
            lines = [json.dumps(to_tenhou6(export_mjai(read, facts=facts), riichi), ensure_ascii=False,
                                separators=(",", ":"))]
        else:
            if hands is not None:
                raise ValueError("--hand is for --format botzone; the text log shows the whole record")
            lines = list(text_log(read))
    except OSError as err:
        fail("export", f"{record}: {err.strerror or err}")
    except (MajiangError, ValueError) as err:
        fail("export", f"{record}: {err}" if isinstance(err, MajiangError) else str(err))
    except Exception as exc:
        fail("export", internal_message(exc), code=EXIT_INTERNAL)
    _emit(lines, output)


ImportOptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", metavar="KEY=VALUE",
    help="mjai and tenhou6: the riichi rules the log was played by (repeatable; e.g. --option red_fives=4), "
         "where the log does not say (a log we exported does).")]


def import_command(log: LogArg, output: ImportOutputOpt,
                   format: FormatOpt = "botzone", independent: IndependentOpt = False,
                   option: ImportOptionOpt = None) -> None:
    """Play logs again on our engine and write them as a record, checked: Botzone logs (the botzone rules),
    a Tenhou mjlog or an mjai log (riichi; every draw, call, win and score must come out as logged)."""
    try:
        if format not in IMPORT_FORMATS:
            raise ValueError(f"--format must be one of {', '.join(IMPORT_FORMATS)}, not {format!r}")
        if not output.parent.is_dir():
            raise ValueError(f"--output: no directory {str(output.parent)!r}")
        if (independent or option) and format not in ("mjai", "tenhou6"):
            raise ValueError("--independent and --option are for --format mjai or tenhou6")
        if format == "mjlog":
            with open(log, "rb") as raw:
                imported = import_mjlog(raw.read(), os.path.basename(log))
            lines = imported.record_lines()
        else:
            with open(log, encoding="utf-8") as f:
                text = f.read()
            if format in ("mjai", "tenhou6"):
                data = None if format == "mjai" else _json(text)
                events = text.splitlines() if data is None else [json.dumps(e) for e in from_tenhou6(data)]
                # A foreign tenhou.net/6 log names its table (rule.disp, ref); ours carry the rules whole.
                named = None if not isinstance(data, dict) or FACTS in data else tenhou6_rules(data)
                rules = find_ruleset("riichi", option) if option else named
                imported = import_mjai(events, rules, match=False if independent else None)
                lines = imported.record_lines()
            else:
                lines = logs_to_record(read_logs(text))
    except OSError as err:
        fail("import", f"{log}: {err.strerror or err}")
    except UnicodeDecodeError as err:
        fail("import", f"{log}: not UTF-8 text ({err.reason})")
    except (MajiangError, ValueError) as err:
        fail("import", f"{log}: {err}" if isinstance(err, MajiangError) else str(err))
    except Exception as exc:
        fail("import", internal_message(exc), code=EXIT_INTERNAL)
    write_lines_atomically(output, lines)
    # The walls come from the log, compared with its every draw: they are as verified as the log is.
    report = check_record(os.fspath(output), accept_unverified_walls=True)
    if not report.ok:
        fail("import", f"the record written does not check: {report}", code=EXIT_INTERNAL)
    typer.echo(f"{output}: {report.hands} hand{'s' if report.hands != 1 else ''} from {log}")

"""Logs in any format we read (an upload to the replay viewer, a drill's positions): the format told from the
bytes, imported with our importers, checked.

``import_log(data)`` reads a Botzone judge log (``majiang.interop.botzone_log``: one JSON object, a list
of them or JSON lines), a Tenhou mjlog (``majiang.interop.tenhou``: XML, gzip-compressed or not), a
tenhou.net/6 JSON log (``majiang.interop.tenhou6``), mjai JSON lines (``majiang.interop.mjai``) or one
of our own ``majiang-record`` documents, replays it on our engine (every importer compares what the
engine does with what the log says) and checks the record it made with ``replay_record``, as
``majiang import`` and ``majiang replay --check`` do. A log that cannot be read is an ``ImportLogError``
naming the format and where in the log.

>>> detect_format(b'{"format":"majiang-record","version":1}\\n')
'record'
>>> detect_format(b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>')
'mjlog'
>>> detect_format(b'{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"end_game"}')
'mjai'
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass

from majiang.errors import MajiangError
from majiang.interop.botzone_log import logs_to_record, read_logs
from majiang.interop.mjai import FACTS, import_mjai
from majiang.interop.tenhou import import_mjlog
from majiang.interop.tenhou6 import from_tenhou6, tenhou6_rules
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.records import parse_record, replay_record

__all__ = ["FORMATS", "MAX_LOG", "MAX_UNPACKED", "ImportLogError", "Imported", "detect_format", "import_log",
           "unpack"]

FORMATS = ("botzone", "mjlog", "tenhou6", "mjai", "record")
"""What the viewer imports (``auto`` tells them apart)."""

FORMAT_NAMES = {"botzone": "the Botzone log", "mjlog": "the Tenhou mjlog", "tenhou6": "the tenhou.net/6 log",
                "mjai": "the mjai log", "record": "the majiang-record"}

MAX_LOG = 4_000_000
"""Largest upload (bytes, as sent: a Tenhou hanchan's mjlog is under 10 kB gzipped, a Botzone log about
30 kB a hand)."""

MAX_UNPACKED = 16_000_000
"""Largest log once a gzip upload is unpacked (a bomb stops here, not in memory)."""


class ImportLogError(MajiangError):
    """An uploaded log that cannot be imported: which format, and the importer's reason (with where)."""


@dataclass(frozen=True, slots=True)
class Imported:
    """A log made into a checked record: its format, the record's lines, ruleset, players and hands."""

    format: str
    lines: list[str]
    rules: str
    players: list[str]
    hands: int


def unpack(data: bytes) -> bytes:
    """The bytes of an upload, unpacked if it is gzip data (at most ``MAX_UNPACKED`` bytes)."""
    if data[:2] != b"\x1f\x8b":
        return data
    inflate = zlib.decompressobj(wbits=31)
    try:
        out = inflate.decompress(data, MAX_UNPACKED)
    except zlib.error as err:
        raise ImportLogError(f"the upload: damaged gzip data ({err})") from None
    if inflate.unconsumed_tail:
        raise ImportLogError(f"the upload: unpacked it holds more than {MAX_UNPACKED} bytes")
    if not inflate.eof:
        raise ImportLogError("the upload: the gzip data is cut short")
    return out


def detect_format(data: bytes) -> str:
    """Which of ``FORMATS`` an (unpacked) upload is, from its first bytes and its shape."""
    head = data.lstrip()[:1]
    if head == b"<":
        return "mjlog"
    if head not in (b"{", b"["):
        raise ImportLogError("the upload is neither XML (a Tenhou mjlog) nor JSON (Botzone, tenhou.net/6, "
                             "mjai, majiang-record)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ImportLogError(f"the upload is not UTF-8 text (byte {err.start})") from None
    try:
        whole = loads_strict(text)
    except StrictJSONError:
        whole = None  # JSON lines, or broken: the first line tells
    if whole is None:
        first = text.lstrip().split("\n", 1)[0]
        try:
            whole = loads_strict(first)
        except StrictJSONError as err:
            raise ImportLogError(f"the upload: line 1 is not JSON ({err})") from None
    if isinstance(whole, list):
        return "botzone" if all(isinstance(x, dict) for x in whole) else "tenhou6"
    if isinstance(whole, dict):
        if whole.get("format") == "majiang-record":
            return "record"
        if "initdata" in whole:
            return "botzone"
        if "type" in whole:
            return "mjai"
        if isinstance(whole.get("log"), list):
            return "tenhou6"
    raise ImportLogError("the upload is JSON of no format the viewer knows (a Botzone log has 'initdata', a "
                         "tenhou.net/6 log 'log', an mjai line 'type', a majiang-record 'format')")


def _record_lines(fmt: str, data: bytes, name: str | None = None) -> list[str]:
    if fmt == "mjlog":
        if b"<!DOCTYPE" in data[:4096].upper() or b"<!ENTITY" in data.upper():
            # a Tenhou log never declares entities; one that does may be an expansion attack
            raise ImportLogError("the Tenhou mjlog declares a DOCTYPE or entities, which a log never does")
        imported = import_mjlog(data, name)
        return imported.record_lines()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ImportLogError(f"{FORMAT_NAMES[fmt]} is not UTF-8 text (byte {err.start})") from None
    if fmt == "botzone":
        return logs_to_record(read_logs(text))
    if fmt == "record":
        return text.splitlines()
    rules = None
    if fmt == "tenhou6":
        try:
            parsed = loads_strict(text)
        except StrictJSONError as err:
            raise ImportLogError(f"{FORMAT_NAMES[fmt]} is not JSON ({err})") from None
        events = [json.dumps(e) for e in from_tenhou6(parsed)]
        # A foreign log names its table (rule.disp, ref); ours carry the rules whole.
        rules = None if isinstance(parsed, dict) and FACTS in parsed else tenhou6_rules(parsed)
    else:
        events = text.splitlines()
    imported = import_mjai(events, rules)
    return imported.record_lines()


def import_log(data: bytes, fmt: str = "auto", name: str | None = None) -> Imported:
    """Import an uploaded log (``fmt`` one of ``FORMATS`` or ``auto``) as a checked record; ``name``: the
    file's name (a Tenhou log's date is in it)."""
    if fmt != "auto" and fmt not in FORMATS:
        raise ImportLogError(f"format must be auto or one of {', '.join(FORMATS)}, not {fmt[:40]!r}")
    if len(data) > MAX_LOG:
        raise ImportLogError(f"the upload has {len(data)} bytes; at most {MAX_LOG} are read")
    if not data.strip():
        raise ImportLogError("the upload is empty")
    data = unpack(data)
    if fmt == "auto":
        fmt = detect_format(data)
    try:
        lines = _record_lines(fmt, data, name)
        record = parse_record(lines)
        hands = list(replay_record(record))
    except ImportLogError:
        raise
    except MajiangError as err:
        raise ImportLogError(f"{FORMAT_NAMES[fmt]}: {err}") from None
    except (ValueError, KeyError, TypeError, IndexError) as err:
        # an importer meeting a shape it did not expect: still the log's fault, said as such
        raise ImportLogError(f"{FORMAT_NAMES[fmt]}: cannot be read ({type(err).__name__}: {err})") from None
    if not hands:
        raise ImportLogError(f"{FORMAT_NAMES[fmt]} holds no hand")
    header = record.header
    return Imported(fmt, lines, header.rules.name, list(header.players), len(hands))

"""Game records: JSON lines written reproducibly and atomically, read back, checked and replayed.

docs/records.md describes the format.

>>> import os, tempfile
>>> from majiang.bots import RandomBot
>>> match, lines = play_match([RandomBot(seed=s) for s in range(4)], seed=11, hands=2)
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "match.jsonl")
...     write_record(path, match, ["random 1", "random 2", "random 3", "random 4"])
...     report = check_record(path)
>>> report.ok, report.hands
(True, 2)
"""

from majiang.records.check import CheckReport, HandReplay, PartialReplay, check_record, replay, replay_record
from majiang.records.format import (
    DEAL_VERSION,
    READ_VERSIONS,
    RECORD_FORMAT,
    RECORD_VERSION,
    Deal,
    HandLines,
    Record,
    RecordError,
    RecordHeader,
    RecordLine,
    iter_record,
    iter_record_file,
    parse_record,
    read_record,
)
from majiang.records.stream import PartialFile, partial_path
from majiang.records.writer import (
    RecordedMatch,
    RecordWriter,
    iter_record_lines,
    play_match,
    write_lines_atomically,
    write_record,
)

__all__ = [
    "DEAL_VERSION",
    "READ_VERSIONS",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "CheckReport",
    "Deal",
    "HandLines",
    "HandReplay",
    "PartialFile",
    "PartialReplay",
    "Record",
    "RecordError",
    "RecordHeader",
    "RecordLine",
    "RecordWriter",
    "RecordedMatch",
    "check_record",
    "iter_record",
    "iter_record_file",
    "iter_record_lines",
    "parse_record",
    "partial_path",
    "play_match",
    "read_record",
    "replay",
    "replay_record",
    "write_lines_atomically",
    "write_record",
]

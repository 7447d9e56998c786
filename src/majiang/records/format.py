"""The record format: one JSON object per line, and reading it back with line-numbered errors.

A record is a header line, then for each hand its events (the game's own event dicts tagged with
``"hand"``) closed by a ``"summary"`` line, then one ``"final"`` line. docs/records.md describes every
key. Reading checks the shape only (JSON, the header, which line may follow which, required keys);
``majiang.records.check`` compares the content with a re-simulation.

>>> from majiang.rules.mcr.ruleset import McrRules
>>> rules_options(McrRules(false_win="penalty"))["false_win"]
'penalty'
>>> rules_from_options("mcr", rules_options(McrRules(profile="wmo2014"))).profile
'wmo2014'
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import os
import typing
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from majiang.errors import InvalidOptionError, MajiangError
from majiang.game.options import option_hints
from majiang.game.ruleset import Ruleset, find_ruleset
from majiang.jsonstrict import StrictJSONError, loads_strict

__all__ = [
    "DEAL_VERSION",
    "MAX_LINE_BYTES",
    "READ_VERSIONS",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Deal",
    "HandLines",
    "Record",
    "RecordError",
    "RecordHeader",
    "RecordLine",
    "canonical",
    "check_players",
    "deal_commitment",
    "dump_line",
    "iter_file_lines",
    "iter_record",
    "iter_record_file",
    "parse_record",
    "read_record",
    "rules_from_options",
    "rules_options",
]

RECORD_FORMAT = "majiang-record"
RECORD_VERSION = 3
"""The version written for a record without a seed commitment. Version 2 wrote standard scores (4/2/1/0)
as every match's final standings, the ruleset's own (riichi: uma and oka) since; version 1 also names the
start line's ``round_wind`` ``prevalent``."""
DEAL_VERSION = 4
"""The version written for a record whose header has a ``deal`` (a web table's seed commitment: ``Deal``),
which readers before it refuse by its version; otherwise the same as version 3."""
READ_VERSIONS = (1, 2, 3, 4)
"""The versions read; older lines are renamed to the current keys as they are read."""
_V1_START_KEYS = {"prevalent": "round_wind"}

HEADER_KEYS = ("format", "version", "rules", "options", "seed", "players", "match", "hands")
OPTIONAL_HEADER_KEYS = {"deal": DEAL_VERSION}
"""Header keys a record may hold, from the version given."""
MAX_SALT = 128
"""The longest ``deal.salt`` read (the server writes 32 hex digits)."""
REQUIRED_KEYS: dict[str, tuple[str, ...]] = {
    "start": ("rules", "seed", "dealer", "round_wind", "ring", "dice", "second_roller", "scores"),
    "act": ("seat", "a"),
    "summary": ("round", "dealer", "positions", "winners", "fans", "self_drawn", "from", "deltas", "totals"),
    "final": ("hands", "totals", "standings"),
}
"""Keys a line of each kind must hold (besides ``e`` and, except on the final line, ``hand``)."""


class RecordError(MajiangError):
    """A record that cannot be read or does not replay: ``line`` (1-based) and ``reason`` say where, why."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}")


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One line of a record: its 1-based number and its JSON object."""

    number: int
    data: dict[str, Any]

    @property
    def kind(self) -> str:
        """The ``e`` of the line: an event name, ``summary`` or ``final``."""
        return str(self.data["e"])

    def event(self) -> dict[str, Any]:
        """The object without its ``hand`` tag, as the game wrote it."""
        return {k: v for k, v in self.data.items() if k != "hand"}


def deal_commitment(salt: str, seed: int) -> str:
    """The commitment to a hand's seed shown before the hand (a web table shows it to every seat and
    spectator): the SHA-256 of ``majiang-deal:SALT:SEED`` in hex, so that anyone can check it once the
    record reveals the salt and the seed (``printf 'majiang-deal:%s:%s' SALT SEED | sha256sum``).

    >>> deal_commitment("00ff", 42)[:16]
    '18066318c56eeb25'
    """
    return hashlib.sha256(f"majiang-deal:{salt}:{seed}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Deal:
    """How the hands' seeds were chosen (the header's ``deal``): ``salt``, the secret of each hand's
    commitment (``deal_commitment``), revealed here; ``practice``: the table's creator chose the match
    seed."""

    salt: str
    practice: bool

    def to_dict(self) -> dict[str, Any]:
        """The header's ``deal`` value."""
        return {"salt": self.salt, "practice": self.practice}


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """Line 1: the ruleset with its options, the match seed (``None`` if unknown), players, kind, hands."""

    rules: Ruleset
    seed: int | None
    players: tuple[str, str, str, str]
    match: bool
    """A match (seat changes, running totals through the hands) rather than independent hands."""
    hands: int
    """The planned number of hands of a match; the number of hands for independent hands."""
    version: int = RECORD_VERSION
    """The format version the record was written in (its lines are read in the current keys)."""
    deal: Deal | None = None
    """The seed commitment of a web table's match (version 4), or None."""


@dataclass(frozen=True, slots=True)
class HandLines:
    """One hand's lines: the start event, the events after it, and the summary."""

    number: int
    start: RecordLine
    events: tuple[RecordLine, ...]
    summary: RecordLine


@dataclass(frozen=True, slots=True)
class Record:
    """A record whose shape has been checked; the content is checked by ``check_record``."""

    header: RecordHeader
    hands: tuple[HandLines, ...]
    final: RecordLine

    @property
    def actions(self) -> int:
        """The number of ``act`` lines."""
        return sum(1 for hand in self.hands for line in hand.events if line.kind == "act")


def canonical(value: object) -> str:
    """The bytes a record holds for ``value``: sorted keys, no spaces; so equal values give equal text.

    Comparing these texts (rather than the values) keeps ``true`` apart from ``1`` and ``1.0`` from ``1``.

    >>> canonical({"b": [1, True], "a": "中"})
    '{"a":"中","b":[1,true]}'
    """
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False, allow_nan=False)


def dump_line(obj: dict[str, Any]) -> str:
    """One record line (without its newline)."""
    return canonical(obj)


def rules_options(rules: Ruleset) -> dict[str, Any]:
    """The options of ``rules`` as the header stores them: every dataclass field but ``name``.

    An enum option (``false_win``) is stored as its string value, as the records always held it.
    """
    return rules.options()


def rules_from_options(name: str, options: dict[str, Any]) -> Ruleset:
    """The ruleset ``name`` with ``options``; InvalidOptionError naming the first option that does not fit."""
    base = find_ruleset(name)
    known = rules_options(base)
    hints = option_hints(type(base))
    for key, value in options.items():
        if key not in known:
            raise InvalidOptionError(f"unknown option {key!r} for ruleset {name!r}; the options are "
                                     f"{', '.join(known)}")
        default = known[key]
        nullable = type(None) in typing.get_args(hints[key])
        if type(value) is not type(default) and not (nullable and (value is None or default is None)):
            raise InvalidOptionError(f"option {key!r} must be {type(default).__name__}, not "
                                     f"{canonical(value)}")
    # Options added after a record was written may be missing: their defaults are what it was played by,
    # or the values the ruleset names for such records (``older_values``).
    missing = [key for key in known if key not in options and key not in base.later_options]
    if missing:
        raise InvalidOptionError(f"missing option{'s' if len(missing) > 1 else ''} "
                                 f"{', '.join(map(repr, missing))}")
    options = {**{key: value for key, value in base.older_values.items() if key not in options}, **options}
    try:
        return dataclasses.replace(base, **options)
    except (TypeError, ValueError) as err:
        raise InvalidOptionError(f"bad options for ruleset {name!r}: {err}") from None


def check_players(players: Sequence[object]) -> tuple[str, str, str, str]:
    """Four distinct, non-blank names; InvalidOptionError otherwise."""
    names = list(players)
    if len(names) != 4:
        raise InvalidOptionError(f"a record has four players, not {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InvalidOptionError(f"a player's name must be a non-blank string, not {canonical(name)}")
    if len(set(names)) != 4:
        raise InvalidOptionError(f"the four players' names must differ: {', '.join(map(str, names))}")
    return (str(names[0]), str(names[1]), str(names[2]), str(names[3]))


def _decode(raw: bytes | str, number: int) -> dict[str, Any]:
    if not raw.strip():
        raise RecordError(number, "empty line (a record has no blank lines)")
    try:
        obj = loads_strict(raw)
    except StrictJSONError as err:
        hint = " (a damaged or truncated line?)" if str(err).startswith("invalid JSON at") else ""
        raise RecordError(number, f"{err}{hint}") from None
    if not isinstance(obj, dict):
        raise RecordError(number, f"expected a JSON object, not {canonical(obj)[:40]}")
    return obj


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _header(obj: dict[str, Any]) -> RecordHeader:
    if obj.get("format") != RECORD_FORMAT:
        raise RecordError(1, f"not a majiang record: format is {canonical(obj.get('format'))}, "
                             f"expected {RECORD_FORMAT!r}")
    version = obj.get("version")
    if not _is_int(version) or version not in READ_VERSIONS:
        raise RecordError(1, f"unsupported record version {canonical(version)}; this majiang "
                             f"reads versions {', '.join(map(str, READ_VERSIONS))}")
    unknown = [key for key in obj if key not in HEADER_KEYS
               and not (key in OPTIONAL_HEADER_KEYS and version >= OPTIONAL_HEADER_KEYS[key])]
    if unknown:
        raise RecordError(1, f"unknown header key {', '.join(map(repr, unknown))}")
    missing = [key for key in HEADER_KEYS if key not in obj]
    if missing:
        raise RecordError(1, f"the header lacks {', '.join(map(repr, missing))}")
    name, options = obj["rules"], obj["options"]
    if not isinstance(name, str):
        raise RecordError(1, f"'rules' must be a ruleset name, not {canonical(name)}")
    if not isinstance(options, dict):
        raise RecordError(1, f"'options' must be an object, not {canonical(options)}")
    try:
        rules = rules_from_options(name, options)
        players = check_players(obj["players"]) if isinstance(obj["players"], list) else None
    except ValueError as err:
        raise RecordError(1, str(err)) from None
    if players is None:
        raise RecordError(1, f"'players' must be a list of four names, not {canonical(obj['players'])}")
    seed, match, hands = obj["seed"], obj["match"], obj["hands"]
    if seed is not None and not _is_int(seed):
        raise RecordError(1, f"'seed' must be an integer or null, not {canonical(seed)}")
    if not isinstance(match, bool):
        raise RecordError(1, f"'match' must be true or false, not {canonical(match)}")
    if not _is_int(hands) or hands < 1 or (match and hands > rules.most_hands):
        limit = f"1 to {rules.most_hands}" if match else "at least 1"
        raise RecordError(1, f"'hands' must be an integer, {limit}, not {canonical(hands)}")
    return RecordHeader(rules, seed, players, match, hands, version, _deal(obj.get("deal")))


def _deal(value: object) -> Deal | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"salt", "practice"}:
        raise RecordError(1, f"'deal' must be an object of 'salt' and 'practice', not "
                             f"{canonical(value)[:80]}")
    salt, practice = value["salt"], value["practice"]
    if not isinstance(salt, str) or not 0 < len(salt) <= MAX_SALT or not salt.isascii() or ":" in salt:
        raise RecordError(1, f"'deal.salt' must be 1 to {MAX_SALT} ASCII characters without ':', not "
                             f"{canonical(salt)[:80]}")
    if not isinstance(practice, bool):
        raise RecordError(1, f"'deal.practice' must be true or false, not {canonical(practice)}")
    return Deal(salt, practice)


def _upgrade_v1(obj: dict[str, Any], number: int) -> dict[str, Any]:
    """A version 1 line in the current keys: the start line's ``prevalent`` is ``round_wind``."""
    if obj.get("e") != "start":
        return obj
    for old, new in _V1_START_KEYS.items():
        if new in obj:
            raise RecordError(number, f"a version 1 start line has {old!r}, not {new!r}")
    return {_V1_START_KEYS.get(key, key): value for key, value in obj.items()}


def _require(line: RecordLine, kind: str) -> None:
    missing = [key for key in REQUIRED_KEYS.get(kind, ()) if key not in line.data]
    if missing:
        what = "the final line" if kind == "final" else f"a {kind} line"
        raise RecordError(line.number, f"{what} needs {', '.join(map(repr, missing))}")


def iter_record(lines: Iterable[bytes | str]) -> Iterator[RecordHeader | HandLines | RecordLine]:
    """Read a record as it comes: its header, then each hand's ``HandLines``, then the final line.

    Lines (without newlines) are read one hand ahead at most, so a file of any size is read in the
    memory of one hand; RecordError names the first bad line, when it is reached.
    """
    header: RecordHeader | None = None
    final: RecordLine | None = None
    start: RecordLine | None = None  # the start line of the hand being read
    events: list[RecordLine] = []
    current = 1  # the number of the hand being read or expected next
    number = 0
    for number, raw in enumerate(lines, 1):
        obj = _decode(raw, number)
        if number == 1:
            header = _header(obj)
            yield header
            continue
        if header is not None and header.version == 1:
            obj = _upgrade_v1(obj, number)
        line = RecordLine(number, obj)
        if final is not None:
            raise RecordError(number, f"a line after the final line (line {final.number})")
        kind = obj.get("e")
        if not isinstance(kind, str):
            raise RecordError(number, f"'e' must name the line's kind, not {canonical(kind)[:40]}")
        if kind == "final":
            if start is not None:
                raise RecordError(number, f"the final line inside hand {current} (its summary is missing)")
            if "hand" in obj:
                raise RecordError(number, "the final line is not tagged with a hand")
            _require(line, kind)
            final = line
            continue
        tag = obj.get("hand")
        if not _is_int(tag):
            raise RecordError(number, f"a {kind[:40]} line needs an integer 'hand', "
                                      f"not {canonical(tag)[:40]}")
        _require(line, kind)
        if start is None:
            if kind != "start" or tag != current:
                raise RecordError(number, f"expected the start of hand {current}, found a {kind[:40]} line "
                                          f"of hand {tag}")
            start, events = line, []
        elif kind == "start":
            raise RecordError(number, f"hand {tag} starts before hand {current} has its summary")
        elif tag != current:
            raise RecordError(number, f"a {kind[:40]} line of hand {tag} inside hand {current}")
        elif kind == "summary":
            yield HandLines(current, start, tuple(events), line)
            start, events = None, []
            current += 1
        else:
            events.append(line)
    if header is None:
        raise RecordError(1, "the file is empty; a record starts with its header line")
    if final is None:
        where = f"inside hand {current}" if start is not None else \
            f"after hand {current - 1}" if current > 1 else "after its header"
        raise RecordError(number + 1, f"the record ends {where} without its final line (truncated, or the "
                                      ".partial file of an unfinished run?)")
    yield final


def parse_record(lines: Iterable[bytes | str]) -> Record:
    """Read a whole record from its lines (without newlines); RecordError names the first bad line."""
    return _collect(iter_record(lines))


def _collect(items: Iterable[RecordHeader | HandLines | RecordLine]) -> Record:
    header: RecordHeader | None = None
    hands: list[HandLines] = []
    final: RecordLine | None = None
    for item in items:
        if isinstance(item, RecordHeader):
            header = item
        elif isinstance(item, HandLines):
            hands.append(item)
        else:
            final = item
    assert header is not None and final is not None  # iter_record raises otherwise
    return Record(header, tuple(hands), final)


MAX_LINE_BYTES = 1 << 20
"""A longer line is refused without being held whole (a record's longest lines are under 1 KiB)."""

GZIP_MAGIC = b"\x1f\x8b"


class LineSource(Protocol):
    """A binary file, plain or decompressing: what ``iter_file_lines`` reads."""

    def readline(self, size: int = -1, /) -> bytes: ...


def iter_file_lines(source: LineSource) -> Iterator[bytes]:
    """The lines of an open binary file, without their newlines; a line over ``MAX_LINE_BYTES`` is an error.

    Damage to a gzip stream (a truncated member, a bad checksum) is reported at the line it cuts.
    """
    number = 0
    while True:
        try:
            raw = source.readline(MAX_LINE_BYTES + 1)
        except (EOFError, OSError, zlib.error) as err:  # gzip.BadGzipFile is an OSError
            raise RecordError(number + 1, f"the compressed data is damaged or truncated ({err})") from None
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raise RecordError(number, f"longer than {MAX_LINE_BYTES} bytes (not a record line)")
        yield raw.removesuffix(b"\n")


def iter_record_file(path: str | os.PathLike[str]) -> Iterator[RecordHeader | HandLines | RecordLine]:
    """``iter_record`` over the file at ``path`` (plain or gzip), read as it goes; OSError if unreadable."""
    with open(path, "rb") as raw:
        magic = raw.read(2)
        raw.seek(0)
        if magic == GZIP_MAGIC:
            with gzip.GzipFile(fileobj=raw, mode="rb") as unzipped:
                yield from iter_record(iter_file_lines(unzipped))
        else:
            yield from iter_record(iter_file_lines(raw))


def read_record(path: str | os.PathLike[str]) -> Record:
    """Read and shape-check the whole record at ``path`` (plain or gzip); RecordError names a bad line."""
    return _collect(iter_record_file(path))

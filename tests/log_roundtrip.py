"""Records through the riichi log formats and back, compared byte for byte (tests/test_interop_roundtrip.py).

``check_record(lines)`` takes a riichi record (its lines) through mjai JSON lines and tenhou.net/6 JSON:

* with our facts (``export_mjai(..., facts=True)``, the default), the record imported from the log must be
  the record exported, byte for byte;
* without them (the log as another program would write it), the import must replay every hand with the
  same summaries and final line, and the record it gives must be a fixed point: exported plain and
  imported again, the same log and the same record.

``generated_games`` plays seeded riichi games (matches through ``play_match`` and independent hands as
``majiang simulate`` writes them) under several option sets and bots.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.bots import find_bot, play_out
from majiang.game import Game
from majiang.game.ruleset import Ruleset, find_ruleset
from majiang.interop.mjai import FACTS, dump_mjai, export_mjai, import_mjai
from majiang.interop.tenhou6 import from_tenhou6, to_tenhou6
from majiang.records import play_match
from majiang.records.format import parse_record
from majiang.records.writer import iter_record_lines

__all__ = ["FORMATS", "OPTION_SETS", "Generated", "check_record", "generated_games", "through"]

FORMATS = ("mjai", "tenhou6")

OPTION_SETS: tuple[tuple[str, ...], ...] = (
    ("length=tonpuu",),
    ("length=hanchan",),
    ("length=tonpuu", "red_fives=0"),
    ("length=tonpuu", "red_fives=4"),
    ("length=tonpuu", "several_ron=head-bump"),
    ("length=tonpuu", "three_ron=false"),
    ("length=tonpuu", "red_choice=true"),
)
"""The option sets of the generated games: red fives 0/3/4, the several-ron choices, tonpuu and hanchan."""

BOTS = ("random", "efficiency", "fan-aware", "defense")


def _log(lines: Sequence[str], fmt: str, facts: bool) -> list[str]:
    events = export_mjai(parse_record(lines), facts=facts)
    if fmt == "mjai":
        return dump_mjai(events)
    return [json.dumps(to_tenhou6(events), ensure_ascii=False, separators=(",", ":"))]


def _events(log: Sequence[str], fmt: str) -> list[str]:
    if fmt == "mjai":
        return list(log)
    return [json.dumps(e, ensure_ascii=False) for e in from_tenhou6(json.loads(log[0]))]


def through(lines: Sequence[str], fmt: str, *, facts: bool = True, rules: Ruleset | None = None,
            match: bool | None = None) -> tuple[list[str], list[str]]:
    """The log of a record in ``fmt`` (with or without our facts) and the record imported from it."""
    log = _log(lines, fmt, facts)
    return log, import_mjai(_events(log, fmt), rules, match=match).record_lines()


def _without_facts(log: list[str], fmt: str) -> list[str]:
    """The log as written without our facts, made from the log with them."""
    if fmt == "mjai":
        objs = [json.loads(line) for line in log]
        for obj in objs:
            obj.pop(FACTS, None)
        return dump_mjai(objs)
    data: dict[str, Any] = json.loads(log[0])
    data.pop(FACTS, None)
    return [json.dumps(data, ensure_ascii=False, separators=(",", ":"))]


def _results(lines: Sequence[str]) -> list[str]:
    return [line for line in lines if '"e":"summary"' in line or '"e":"final"' in line]


def check_record(lines: Sequence[str], where: str = "") -> None:
    """Every round trip of ``lines`` (a riichi record) that must hold; AssertionError naming the first
    that does not."""
    lines = list(lines)
    header = parse_record(lines).header
    for fmt in FORMATS:
        log, back = through(lines, fmt)
        if back != lines:
            first = next((i for i, (a, b) in enumerate(zip(lines, back, strict=False)) if a != b),
                         min(len(lines), len(back)))
            raise AssertionError(f"{where} {fmt}: the record differs from line {first + 1}: "
                                 f"{lines[first][:120] if first < len(lines) else 'its end'} | "
                                 f"{back[first][:120] if first < len(back) else 'its end'}")
        plain, replayed = through(lines, fmt, facts=False, rules=header.rules, match=header.match)
        assert plain == _without_facts(log, fmt), f"{where} {fmt}: the plain log is not the log less facts"
        assert _results(replayed) == _results(lines), f"{where} {fmt}: the plain log's results differ"
        again, replayed_again = through(replayed, fmt, facts=False, rules=header.rules, match=header.match)
        assert again == plain, f"{where} {fmt}: the plain log written again differs"
        assert replayed_again == replayed, f"{where} {fmt}: the record of the plain log is no fixed point"


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated record and what made it."""

    name: str
    lines: list[str]
    match: bool


def _independent(rules: Ruleset, bots: Sequence[str], seed: int, hands: int) -> list[str]:
    """A record of independent hands as ``majiang simulate`` writes them (hand i dealt by seat i % 4)."""
    games = []
    for i in range(hands):
        game = Game(rules, seed=seed * 1000 + i, dealer=i % 4)
        play_out(game, [find_bot(b, seed=seed * 10 + s) for s, b in enumerate(bots)])
        games.append(game)
    return list(iter_record_lines(games, [f"{b} {s + 1}" for s, b in enumerate(bots)]))


def generated_games(count: int, first: int = 0) -> Iterator[Generated]:
    """``count`` seeded riichi records, each a match or (one in four) independent hands, cycling through
    the option sets and the bots (each seat a kind in turn)."""
    for k in range(first, first + count):
        options = OPTION_SETS[k % len(OPTION_SETS)]
        rules = find_ruleset("riichi", list(options))
        bots = [BOTS[(k + s) % len(BOTS)] if k % 3 else BOTS[k // 3 % len(BOTS)] for s in range(4)]
        name = f"game {k} ({' '.join(options)}; {','.join(bots)})"
        if k % 4 == 3:
            yield Generated(name, _independent(rules, bots, k, 4 + k % 5), False)
        else:
            players = [find_bot(b, seed=k * 4 + s) for s, b in enumerate(bots)]
            _, lines = play_match(players, seed=k, rules=rules)
            yield Generated(name, lines, True)

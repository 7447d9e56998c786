"""Records through the riichi log formats and back (mjai JSON lines, tenhou.net/6 JSON): the hard cases
on prepared walls (a riichi right after another's, nagashi mangan, a three-ron abort, a double ron of
riichi winners with ura indicators)."""

from __future__ import annotations

import json

import pytest

from majiang.game import Game, Phase
from majiang.interop.mjai import dump_mjai, export_mjai, import_mjai
from majiang.interop.tenhou6 import from_tenhou6, to_tenhou6
from majiang.records.format import parse_record
from majiang.records.writer import iter_record_lines
from riichi_walls import act, pass_all, play, riichi_game, tsumogiri

PLAYERS = ["A", "B", "C", "D"]
ITTSU_HAND = "123456789m2345p"
"""Ready on 2p and 5p with a closed pure straight."""
JUNK = "2468m2468p2468s5m"
"""Far from ready, and without terminals or honors."""
RON_HANDS = ["SSWWFFCC123p78s", "123456789m46sEE", "123456789p46sNN", "111222333m46sPP"]
"""Seats 1-3 wait on 5s."""


def _to_the_end(game: Game) -> None:
    while game.phase != Phase.OVER:
        tsumogiri(game)


def _through(lines: list[str], fmt: str) -> Game:
    """The one hand of ``lines`` (a record) through ``fmt`` and back: the game the import replayed."""
    record = parse_record(lines)
    events = export_mjai(record)
    if fmt == "mjai":
        text = dump_mjai(events)
    else:
        text = [json.dumps(e) for e in from_tenhou6(json.loads(json.dumps(to_tenhou6(events))))]
    back = import_mjai(text, record.header.rules)
    return back.match.games[0]


def _same_hand(game: Game, fmt: str) -> None:
    lines = list(iter_record_lines([game], PLAYERS))
    back = _through(lines, fmt)
    assert [e.as_dict() for e in back.events[1:]] == [e.as_dict() for e in game.events[1:]]


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_a_riichi_right_after_another(fmt: str) -> None:
    g = riichi_game([ITTSU_HAND, "123456789p2345s", JUNK, JUNK], "E", draws="N ? ?")
    act(g, 0, "riichi E")
    play(g, 1, "riichi N")
    _to_the_end(g)
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_nagashi_mangan(fmt: str) -> None:
    orphans = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
    draws = " ".join(orphans[(i // 4) % 13] if i % 4 == 1 else "?" for i in range(69))
    g = riichi_game([JUNK, JUNK, JUNK, JUNK], "3m", draws=draws, dora="3p")
    _to_the_end(g)
    assert g.hand_state.tenpai == [] and any(e.as_dict().get("reason") == "nagashi" for e in g.events)
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_a_three_ron_abort(fmt: str) -> None:
    g = riichi_game(RON_HANDS, "5s")
    play(g, 0, "discard 5s")
    for seat in (1, 2, 3):
        act(g, seat, "win")
    assert [e.as_dict()["reason"] for e in g.events if e.kind == "abort"] == ["three-ron"]
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_a_double_ron_of_riichi_winners_with_ura(fmt: str) -> None:
    g = riichi_game([JUNK, *RON_HANDS[1:3], JUNK], "P", draws="C F W 5s", dora="S", ura="2m")
    act(g, 0, "discard P")
    play(g, 1, "riichi C")
    play(g, 2, "riichi F")
    play(g, 3, "discard W")
    play(g, 0, "discard 5s")
    for seat in (1, 2):
        act(g, seat, "win")
    pass_all(g)
    assert g.phase == Phase.OVER and [w.seat for w in g.wins] == [1, 2]
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_four_riichi(fmt: str) -> None:
    g = riichi_game(["1122334455667m", "1122334455667p", "1122334455667s", "8899m8899p889sPP"], "E",
                    draws="S W N")
    for seat, wind in enumerate("ESWN"):
        pass_all(g)
        act(g, seat, f"riichi {wind}")
    assert [e.as_dict()["reason"] for e in g.events if e.kind == "abort"] == ["four-riichi"]
    _same_hand(g, fmt)


"""The answers to the last discard of a drawn hand are judged as Botzone's judge judges them.

The judge (ailab-pku/Chinese-Standard-Mahjong ``judge/main.cpp``, ``roundInput``) reads all four answers
to every discard, the last one included, before its next ``roundOutput`` finds the wall empty and calls
the draw (``HUANG``): the discarder must pass, a ``HU`` on a hand that does not win is ``WH``, a failed run
forfeits with its verdict, and a pung, chow or kong is ``WA`` (at once when the tiles are missing, else at
the next output: "当牌墙为空时，不能进行吃碰行为"). Our engine ends the hand as soon as nobody may claim; a
forfeit read afterwards takes the draw's place (``Game.forfeit``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from majiang.actions import Action, ActionKind
from majiang.errors import IllegalActionError
from majiang.game import Game, Phase
from majiang.game import events as ev
from majiang.game.ruleset import find_ruleset
from majiang.interop.botzone_table import PASS_REPLY, Answer, JudgeTurn, Reply, referee
from majiang.interop.external import make_seat, play_botzone
from majiang.records import check_record, write_record
from majiang.tiles import ALL_TILES

RULES = find_ruleset("botzone", ["flowers=false"])
SEED = 4


def _tsumogiri(game: Game, seat: int) -> Action:
    """Let go of the drawn tile, pass on every claim: nobody ever wins, so the wall runs out."""
    if game.phase == Phase.TURN and game.drawn is not None:
        return Action(ActionKind.DISCARD, ALL_TILES[game.drawn])
    return Action(ActionKind.PASS)


def _play(last: Mapping[int, Reply]) -> tuple[Game, list[JudgeTurn]]:
    """A hand where every seat lets its draws go; ``last`` answers the last discard (seats counted from
    the discarder: 0 the discarder, 1 the next, ...), the others pass."""
    game = Game(RULES, seed=SEED)
    after_end: list[JudgeTurn] = []

    def answers(turn: JudgeTurn, current: bool) -> Mapping[int, Answer]:
        if game.result is not None:  # the turns our engine ended the hand after
            after_end.append(turn)
            assert turn.seat is not None
            return {s: last.get((s - turn.seat) % 4, PASS_REPLY) for s in range(4)}
        asked = game.to_act() if current else []
        return {s: _tsumogiri(game, s) if s in asked else PASS_REPLY for s in range(4)}

    referee(game, answers)
    return game, after_end


def test_the_hand_is_drawn_after_a_last_discard() -> None:
    game, after_end = _play({})
    assert game.result is not None and not game.result.winners and game.result.deltas == (0, 0, 0, 0)
    assert [t.action for t in after_end] == ["PLAY"]  # the last discard, answered after the engine's end
    assert [e.kind for e in game.events].count("end") == 1 and game.events[-1].kind == "end"


# Answers to the last discard (by seat after the discarder) and the forfeit they bring: (seat after the
# discarder, reason). The judge reads every verdict and HU in turn order first, then pungs and kongs, then
# chows.
CASES: list[tuple[dict[int, Reply], tuple[int, str]]] = [
    ({1: Reply(response="HU")}, (1, "WH")),
    ({3: Reply(response="HU")}, (3, "WH")),
    ({0: Reply(response="HU")}, (0, "WA")),  # the discarder must pass
    ({0: Reply(response="PLAY W1")}, (0, "WA")),
    ({2: Reply(response="GANG")}, (2, "WA")),
    ({1: Reply(response="PENG W1")}, (1, "WA")),
    ({1: Reply(response="CHI W2 W1")}, (1, "WA")),
    ({3: Reply(response="what")}, (3, "WA")),
    ({2: Reply("TLE", None)}, (2, "TLE")),
    ({1: Reply("RE", None)}, (1, "RE")),
    ({1: Reply(response="PENG W1"), 3: Reply(response="HU")}, (3, "WH")),  # a HU is read before a pung
    ({1: Reply(response="what"), 2: Reply("NJ", None)}, (2, "NJ")),  # verdicts before words
]


@pytest.mark.parametrize(("last", "expected"), CASES)
def test_a_bad_answer_to_the_last_discard_forfeits(last: dict[int, Reply], expected: tuple[int, str],
                                                   tmp_path: Path) -> None:
    game, after_end = _play(last)
    (turn,) = after_end
    assert turn.action == "PLAY" and turn.seat is not None
    seat = (turn.seat + expected[0]) % 4
    forfeit = game.events[-2]
    assert isinstance(forfeit, ev.Forfeit) and (forfeit.seat, forfeit.reason, forfeit.turn) == \
        (seat, expected[1], turn.index)
    deltas = tuple(-30 if s == seat else 10 for s in range(4))
    assert game.result is not None and game.result.deltas == deltas and not game.result.winners
    # One end, after the forfeit: the draw gave way to it.
    assert [e.kind for e in game.events][-3:] == ["discard", "forfeit", "end"]
    assert [e.kind for e in game.events].count("end") == 1
    path = tmp_path / "hand.jsonl"
    write_record(path, [game], ["a", "b", "c", "d"])
    assert check_record(path).ok


def test_a_forfeit_takes_the_place_of_no_other_end() -> None:
    """A hand won, or already forfeited, does not give way to a forfeit."""
    game, _ = _play({1: Reply(response="HU")})
    with pytest.raises(IllegalActionError, match="the hand is over"):
        game.forfeit(0, "WA")
    drawn, _ = _play({})
    drawn.forfeit(2, "WA")  # the draw gives way once
    with pytest.raises(IllegalActionError, match="the hand is over"):
        drawn.forfeit(3, "WA")


# A Botzone program (keep-running mode) that lets its draws go and passes, but answers HU to the last
# discard: it counts what is left of each seat's wall (34 tiles, 13 dealt) from the requests.
LAST_HU = """
import json, sys
left = [21, 21, 21, 21]
me = None
def answer(request):
    global me
    words = request.split()
    if words[0] == "0":
        me = int(words[1])
        return "PASS"
    if words[0] == "2":
        left[me] -= 1
        return "PLAY " + words[1]
    if words[0] == "3":
        who = int(words[1])
        if words[2] == "DRAW":
            left[who] -= 1
        elif words[2] in ("PLAY", "PENG", "CHI") and who != me and left[(who + 1) % 4] == 0:
            return "HU"
    return "PASS"
data = json.loads(sys.stdin.readline())
print(json.dumps({"response": answer(data["requests"][-1])}), flush=True)
print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
for line in sys.stdin:
    if line.strip():
        print(json.dumps({"response": answer(json.loads(line))}), flush=True)
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
"""


class _Tsumogiri:
    """Our side of the table for the program test: the same let-go-of-every-draw player as a bot."""

    name = "tsumogiri"

    def __init__(self, game: Game, seat: int) -> None:
        self.game, self.seat = game, seat

    def act(self, view: object) -> Action:
        return _tsumogiri(self.game, self.seat)


def test_a_program_answering_hu_to_the_last_discard_forfeits(tmp_path: Path) -> None:
    script = tmp_path / "last_hu.py"
    script.write_text(LAST_HU)
    game = Game(RULES, seed=SEED)
    program = make_seat(f"{sys.executable} -I -S {script}", time_limit=60.0)
    seats = [_Tsumogiri(game, 0), program, _Tsumogiri(game, 2), _Tsumogiri(game, 3)]
    transcript = play_botzone(game, seats)
    forfeit = game.events[-2]
    assert isinstance(forfeit, ev.Forfeit)
    assert (forfeit.seat, forfeit.reason, forfeit.response) == (1, "WH", "HU")
    assert transcript.forfeit == forfeit and transcript.turns[forfeit.turn or 0].responses[1] == "HU"
    assert game.result is not None and game.result.deltas == (10, -30, 10, 10)
    path = tmp_path / "hand.jsonl"
    write_record(path, [game], ["a", "b", "c", "d"])
    assert check_record(path).ok

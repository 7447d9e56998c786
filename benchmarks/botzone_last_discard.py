"""Differential run: the answers to a drawn hand's last discard, read by our referee and by Botzone's judge.

Run: ``.venv/bin/python benchmarks/botzone_last_discard.py --judge PATH [--hands 3] [--claims 200]``.
The judge is ailab-pku/Chinese-Standard-Mahjong's ``judge/main.cpp`` built beside the project (see
benchmarks/botzone_judge.py). Every seat lets go of each tile it draws, so nobody wins and the wall runs
out; the seats then answer the last discard with one of a set of answers (a false ``HU``, a claim, a
failed run, garbage ...), and in up to ``--claims`` hands where some seat holds the tiles, with a pung
or kong it could make. Our ``referee`` plays the hand and reads those answers; the judge is given the
whole log of responses at once. Their ends (``HUANG`` or the forfeit's reason and seat) and scores are
compared, and each difference printed.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
from collections.abc import Callable, Mapping
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.game import Game, Phase, find_ruleset
from majiang.interop.botzone import from_code, to_code
from majiang.interop.botzone_table import PASS_REPLY, Answer, JudgeTurn, Reply, Transcript, referee
from majiang.tiles import ALL_TILES, Tile

Last = Mapping[int, Reply]
"""Answers to the last discard by seat after the discarder (0: the discarder); the others pass."""

ANSWERS: list[Last] = [
    {}, {1: Reply(response="HU")}, {2: Reply(response="HU")}, {3: Reply(response="HU")},
    {0: Reply(response="HU")}, {0: Reply(response="PLAY W1")}, {2: Reply(response="GANG")},
    {1: Reply(response="PENG W1")}, {1: Reply(response="CHI W2 W1")}, {3: Reply(response="what")},
    {2: Reply("TLE", None)}, {1: Reply("RE", None)},
    {1: Reply(response="PENG W1"), 3: Reply(response="HU")},
    {1: Reply(response="what"), 2: Reply("NJ", None)},
]


def wall_for(hand: int) -> tuple[list[str], int]:
    """The hand's 136 tile codes in the judge's order, and its round wind 0-3."""
    rng = random.Random(hand)
    codes = [to_code(t) for t in range(34) for _ in range(4)]
    rng.shuffle(codes)
    return codes, rng.randrange(4)


def _let_go(game: Game, seat: int) -> Action:
    if game.phase == Phase.TURN and game.drawn is not None:
        return Action(ActionKind.DISCARD, ALL_TILES[game.drawn])
    return Action(ActionKind.PASS)


def ours(hand: int, last: Callable[[Game, JudgeTurn], Last]) -> tuple[Game, Transcript, Last]:
    """Our referee on the hand; ``last`` chooses the answers to the turn after the engine's end."""
    codes, quan = wall_for(hand)
    game = Game(find_ruleset("botzone"), wall=[int(from_code(c)) for c in codes],
                round_wind=Tile(Tile.EAST + quan))
    given: dict[str, Last] = {"last": {}}

    def answers(turn: JudgeTurn, current: bool) -> Mapping[int, Answer]:
        if game.result is not None:
            assert turn.seat is not None
            given["last"] = chosen = last(game, turn)
            return {s: chosen.get((s - turn.seat) % 4, PASS_REPLY) for s in range(4)}
        asked = game.to_act() if current else []
        return {s: _let_go(game, s) if s in asked else PASS_REPLY for s in range(4)}

    return game, referee(game, answers), given["last"]


def judge_end(judge: str, hand: int, transcript: Transcript, game: Game, last: Last) -> tuple[str, int | None,
                                                                                            list[int]]:
    """The judge's end (its action, the seat) and scores (by our seats) on the whole log of the hand."""
    log: list[Any] = []
    final = transcript.turns[-1]
    for turn in transcript.turns:
        entry = {}
        for i in range(4):
            s = transcript.seat(i)
            reply = last.get((s - final.seat) % 4) if turn is final and final.seat is not None else None
            if reply is not None:
                entry[str(i)] = {"verdict": reply.verdict, "response": reply.response or ""}
            else:
                entry[str(i)] = {"verdict": "OK", "response": turn.responses[s]}
        log += [{}, entry]
    codes, quan = wall_for(hand)
    initdata = {"walltiles": " ".join(codes), "quan": quan, "srand": hand}
    done = subprocess.run([judge], input=json.dumps({"log": log, "initdata": initdata}), text=True,
                          capture_output=True, check=True)
    out = json.loads(done.stdout)
    if out["command"] != "finish":
        return "the judge asks on", None, [0, 0, 0, 0]
    display = out.get("display", {})
    player = display.get("player")
    return (str(display.get("action")), None if player is None else transcript.seat(player),
            [int(out["content"][str(transcript.id(s))]) for s in range(4)])


def our_end(game: Game) -> tuple[str, int | None, list[int]]:
    assert game.result is not None
    forfeit = next((e for e in game.events if e.kind == "forfeit"), None)
    if forfeit is None:
        return "HUANG", None, list(game.result.deltas)
    return str(forfeit.reason), int(forfeit.seat), list(game.result.deltas)  # type: ignore[attr-defined]


def _claim(game: Game, turn: JudgeTurn) -> Last:
    """A pung or kong of the last discard by the first seat after the discarder holding the tiles."""
    assert turn.seat is not None and turn.tile is not None
    tile = from_code(turn.tile)
    for k in (1, 2, 3):
        counts = game.counts[(turn.seat + k) % 4]
        if counts[tile] >= 3:
            return {k: Reply(response="GANG")}
        if counts[tile] >= 2:
            other = next((t for t in range(34) if counts[t] and t != tile), int(tile))
            return {k: Reply(response=f"PENG {to_code(other)}")}
    return {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judge", required=True, help="the judge program, built from judge/main.cpp")
    parser.add_argument("--hands", type=int, default=3, help="hands played with every answer set")
    parser.add_argument("--claims", type=int, default=200, help="hands tried for a pung or kong in hand")
    args = parser.parse_args()
    compared = differ = 0

    def compare(hand: int, game: Game, transcript: Transcript, last: Last) -> None:
        nonlocal compared, differ
        if transcript.turns[-1].action not in ("PLAY", "PENG", "CHI", "BUHUA"):
            return
        theirs, mine = judge_end(args.judge, hand, transcript, game, last), our_end(game)
        compared += 1
        if theirs != mine:
            differ += 1
            print(f"hand {hand} {dict(last)}: ours {mine}, the judge's {theirs}")

    for hand in range(args.hands):
        for answers in ANSWERS:
            game, transcript, last = ours(hand, lambda g, t, a=answers: a)  # type: ignore[misc]
            compare(hand, game, transcript, last)
    claims = 0
    for hand in range(args.claims):
        game, transcript, last = ours(hand, _claim)
        if last:
            claims += 1
            compare(hand, game, transcript, last)
    print(f"{compared} hands compared ({len(ANSWERS)} answer sets x {args.hands} hands, and a pung or kong "
          f"in hand in {claims} of {args.claims} hands): {differ} differ")


if __name__ == "__main__":
    main()

"""Differential run: Botzone's own judge program against our ``botzone`` rules, hand by hand.

Run: ``.venv/bin/python benchmarks/botzone_judge.py --judge /path/to/judge [--hands 1000]``. The judge is
ailab-pku/Chinese-Standard-Mahjong's ``judge/main.cpp`` built beside the project (docs/interop.md says
how; nothing of it is part of majiang). Each hand gets a seeded 136-tile wall and round wind, given to
the judge as its ``initdata`` (``walltiles``, ``quan``) and to ``Game(find_ruleset("botzone"),
wall=...)``. On both sides the four seats are ``BotzoneSeat`` adapters answering with the same seeded
bots, so the same requests get the same responses. The judge is driven as Botzone drives it: each call
reads the whole log so far (its outputs and the four responses to each) as JSON and prints the next
requests, or ``finish`` and the scores. Our side turns the game's events into requests
(``SeatRequests``) and the responses into actions (``response_actions``).

Compared for every hand: every request each seat receives, how the hand ended (who won, the fan
total, or a draw, or a penalty and whom), and the final scores. Prints the agreement counts and
every disagreement with the first point where the two differ. A judge call costs a process start and
a hand takes some 150 of them; ``--whole-log`` instead plays our side alone and gives the judge the
whole log of responses once: it checks every response against its own state (a wrong one ends its
hand with a penalty) and its end and scores are compared, but not its requests.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from majiang.bots import find_bot
from majiang.errors import MajiangError
from majiang.game import Game, Phase, find_ruleset
from majiang.interop.botzone import BotzoneSeat, SeatRequests, from_code, response_actions, to_code
from majiang.tiles import Tile

BOTS = ("fan-aware", "efficiency", "random", "efficiency")
SPECIAL = ("妙手回春", "海底捞月", "杠上开花", "抢杠和", "和绝张")
"""The fans that depend on the table (the walls, kongs, what is in sight), counted among the wins."""
"""The bot of each seat (Botzone id) unless ``--bots`` says otherwise."""


@dataclass
class Side:
    """What one side (the judge, or ours) did in a hand."""

    requests: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    responses: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    end: str = ""
    """``HU <id> <fans>``, ``HUANG``, ``<verdict> <id>`` (a penalty), or ``error: ...``."""
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    fans: list[str] = field(default_factory=list)
    """Our side: the fans of the win, for the coverage counts."""


def wall_for(hand: int) -> tuple[list[str], int]:
    """The hand's 136 tile codes in the judge's order, and its round wind 0-3."""
    rng = random.Random(hand)
    codes = [to_code(t) for t in range(34) for _ in range(4)]
    rng.shuffle(codes)
    return codes, rng.randrange(4)


def seats(bots: list[str], hand: int) -> list[tuple[BotzoneSeat, Any]]:
    return [(BotzoneSeat(), find_bot(bots[i], hand * 4 + i)) for i in range(4)]


def run_judge(judge: str, log: list[Any], initdata: dict[str, Any]) -> dict[str, Any]:
    """One call of the judge on the log so far. Its own earlier outputs are sent empty: it does not read
    them (it recomputes each round), and the call is cheaper."""
    slim = [{} if k % 2 == 0 else entry for k, entry in enumerate(log)]
    done = subprocess.run([judge], input=json.dumps({"log": slim, "initdata": initdata}), text=True,
                          capture_output=True, check=True)
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def initdata_for(hand: int) -> dict[str, Any]:
    codes, quan = wall_for(hand)
    return {"walltiles": " ".join(codes), "quan": quan, "srand": hand}


def finish(side: Side, out: dict[str, Any]) -> None:
    """Read the judge's last output into ``side``: the end and the scores."""
    if out["command"] != "finish":
        side.end = "the judge asks on: " + " | ".join(out["content"][str(i)] for i in range(4))
        return
    display = out.get("display", {})
    action = display.get("action")
    if action == "HU":
        side.end = f"HU {display['player']} {display['fanCnt']}"
    elif action == "HUANG":
        side.end = "HUANG"
    else:
        side.end = f"{action} {display.get('player')}"
    side.scores = [int(out["content"][str(i)]) for i in range(4)]


def judge_side(judge: str, hand: int, bots: list[str]) -> Side:
    """The judge driven round by round, each round's requests answered by the adapters."""
    initdata = initdata_for(hand)
    side = Side()
    players = seats(bots, hand)
    log: list[Any] = []
    out = run_judge(judge, log, initdata)
    while out["command"] == "request":
        answers = {}
        for i, (adapter, bot) in enumerate(players):
            request = out["content"][str(i)]
            side.requests[i].append(request)
            try:
                answers[str(i)] = {"verdict": "OK", "response": adapter.answer(request, bot.act)}
                side.responses[i].append(answers[str(i)]["response"])
            except MajiangError as err:
                side.end = f"error: seat {i}: {err}"
                return side
        log += [{"output": out}, answers]
        out = run_judge(judge, log, initdata)
    finish(side, out)
    return side


def judge_on_log(judge: str, hand: int, ours: Side) -> Side:
    """One call of the judge on our side's whole log (our requests' responses, round by round): it
    checks every response against its own state and gives its end and scores."""
    side = Side()
    rounds = len(ours.responses[0])
    if any(len(r) != rounds for r in ours.responses):
        side.end = "our seats got different numbers of requests"
        return side
    log: list[Any] = []
    for k in range(rounds):
        log += [{}, {str(i): {"verdict": "OK", "response": ours.responses[i][k]} for i in range(4)}]
    finish(side, run_judge(judge, log, initdata_for(hand)))
    side.requests = ours.requests  # (not compared: the judge prints only its last round)
    return side


def our_side(hand: int, bots: list[str]) -> Side:
    codes, quan = wall_for(hand)
    game = Game(find_ruleset("botzone"), wall=[int(from_code(c)) for c in codes],
                round_wind=Tile(Tile.EAST + quan))
    side = Side()
    players = seats(bots, hand)
    feeds = [SeatRequests(game, s) for s in range(4)]
    answers: dict[int, str] = {}
    then: dict[int, Any] = {}
    try:
        while game.result is None:
            for s, (adapter, bot) in enumerate(players):
                for request in feeds[s].take():
                    side.requests[s].append(request)
                    answers[s] = adapter.answer(request, bot.act)
                    side.responses[s].append(answers[s])
            seat = game.to_act()[0]
            if seat in then:
                action = then.pop(seat)
            else:
                actions = response_actions(answers.pop(seat), game.phase)
                action = actions[0]
                if len(actions) == 2:
                    then[seat] = actions[1]
            game.apply(seat, action)
            for s in list(then):
                if game.phase != Phase.CLAIM and not (game.phase == Phase.TURN and game.current == s):
                    del then[s]
        for s, (adapter, bot) in enumerate(players):  # what the last step announced (answered PASS)
            for request in feeds[s].take():
                side.requests[s].append(request)
                side.responses[s].append(adapter.answer(request, bot.act))
    except MajiangError as err:
        side.end = f"error: {err}"
        return side
    result = game.result
    if result.wins:
        side.end = f"HU {result.wins[0].seat} {result.wins[0].score.total}"
        side.fans = game.rules.describer().score_names(result.wins[0].score)
    elif any(e.kind == "false-win" for e in game.events):
        side.end = f"WH {next(e.seat for e in game.events if e.kind == 'false-win')}"  # type: ignore[attr-defined]
    else:
        side.end = "HUANG"
    side.scores = list(result.deltas)
    return side


def first_difference(ours: Side, theirs: Side) -> str | None:
    """Where the two sides part, in words; None if they agree on everything."""
    for s in range(4):
        a, b = ours.requests[s], theirs.requests[s]
        for k, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return f"seat {s} request {k}: ours {x!r}, the judge's {y!r}"
        if len(a) != len(b):
            return f"seat {s}: {len(a)} requests here, {len(b)} from the judge"
    if ours.end != theirs.end:
        return f"the end: ours {ours.end!r}, the judge's {theirs.end!r}"
    if ours.scores != theirs.scores:
        return f"scores: ours {ours.scores}, the judge's {theirs.scores}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", required=True, help="the built judge program")
    parser.add_argument("--hands", type=int, default=100, help="hands to play (100)")
    parser.add_argument("--first", type=int, default=0, help="the first hand's number (0)")
    parser.add_argument("--bots", default=",".join(BOTS), help=f"four bots, by seat ({','.join(BOTS)})")
    parser.add_argument("--whole-log", action="store_true",
                        help="one judge call per hand on our whole log (fast; requests not compared)")
    args = parser.parse_args()
    bots = args.bots.split(",")
    if len(bots) != 4:
        parser.error("--bots takes four names")
    tally: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    special: Counter[str] = Counter()
    for hand in range(args.first, args.first + args.hands):
        ours = our_side(hand, bots)
        if args.whole_log:
            theirs = judge_on_log(args.judge, hand, ours)
        else:
            theirs = judge_side(args.judge, hand, bots)
        tally["hands"] += 1
        tally["requests" if not args.whole_log else "responses"] += sum(len(r) for r in ours.responses)
        ends[ours.end.split()[0]] += 1
        special.update(f for f in ours.fans if f in SPECIAL)
        if ours.requests == theirs.requests and not args.whole_log:
            tally["same requests"] += 1
        if ours.end == theirs.end:
            tally["same end (winner and fans)"] += 1
        if ours.scores == theirs.scores:
            tally["same scores"] += 1
        where = first_difference(ours, theirs)
        if where is None:
            tally["agree on everything"] += 1
        else:
            print(f"hand {hand}: {where}", flush=True)
        if tally["hands"] % 50 == 0 and tally["hands"] < args.hands:
            print(f"after hand {hand}:", ", ".join(f"{k}: {v}" for k, v in tally.items()), flush=True)
    print(", ".join(f"{k}: {v}" for k, v in tally.items()))
    print("ends (ours):", ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    print("wins with:", ", ".join(f"{f} {special[f]}" for f in SPECIAL))
    sys.exit(0 if tally["agree on everything"] == tally["hands"] else 1)


if __name__ == "__main__":
    main()

"""Botzone's own judge against our log export and import (a measurement beside the project).

Run: ``.venv/bin/python benchmarks/botzone_logs.py --judge /path/to/judge [--hands 20] [--save DIR]``.
The judge is ailab-pku/Chinese-Standard-Mahjong's ``judge/main.cpp`` built beside the project (g++ with
jsoncpp and boost; docs/interop.md); nothing of it is part of majiang.

Two checks, each over ``--hands`` seeded hands (walls and round wind from the hand number; the four
seats are our bots behind ``BotzoneSeat`` adapters, one of which can be made to misbehave):

1. **Judge logs import.** The judge is driven as Botzone drives it (it reads the log so far as JSON and
   prints the next requests, or ``finish`` and the scores) to produce a real log; ``log_to_game`` must
   play it again on our ``botzone`` rules with the same requests, end and scores. ``--save DIR`` writes
   the logs (``judge-<n>.json``): tests/data/botzone holds some made this way.
2. **Exported logs are the judge's.** The hand is played on our engine (``play_botzone`` with our bots),
   its record exported (``hand_to_log``), and every prefix of the log given to the judge: its output at
   each step must be the exported one (the requests, then the final scores).

``--misbehave K:KIND`` makes seat id K answer badly from its 30th request on: ``garbage`` (verdict NJ),
``slow`` (verdict TLE), ``hu`` (a false win) or ``claim`` (an impossible pung).

In the first check every adapter's count of every seat's wall (``BotzoneSeat.left``) is compared, after
each request, with the judge's own (``display.tileCnt``, its walls' sizes): with ``--flowers`` this is
where walls of 36 (144 / 4) show. ``--told`` tells the adapters whether the wall holds flowers instead of
letting them count the flowers in from the first one shown.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from majiang.bots import find_bot
from majiang.errors import MajiangError
from majiang.game import Game, find_ruleset
from majiang.interop.botzone import BotzoneSeat, to_code
from majiang.interop.botzone_log import hand_to_log, log_to_game, ring_code
from majiang.interop.botzone_table import Reply, referee
from majiang.records import parse_record, replay_record
from majiang.records.writer import iter_record_lines
from majiang.tiles import WINDS

BOTS = ("fan-aware", "efficiency", "fan-aware", "efficiency")


FLOWERS = False
"""With ``--flowers``: 144-tile walls with the eight flowers ``H1``-``H8`` (the judge's ``BUHUA``)."""
TOLD = False
"""With ``--told``: the adapters are told whether the wall holds flowers (``flowers_in_wall``)."""
COUNTS = {"compared": 0, "differ": 0, "unseen": 0}
"""Wall counts compared with the judge's ``tileCnt``, how many differed, and how many of those were counted
while no flower had shown yet (an adapter not told of the flowers cannot know of them then)."""


def wall_for(hand: int) -> tuple[list[str], int]:
    """The hand's 136 (144) tile codes in the judge's order, and its round wind."""
    rng = random.Random(f"flowers {hand}" if FLOWERS else f"botzone-logs {hand}")
    codes = [to_code(t) for t in range(34) for _ in range(4)]
    if FLOWERS:
        codes += [f"H{i}" for i in range(1, 9)]
    rng.shuffle(codes)
    return codes, rng.randrange(4)


def run_judge(judge: str, log: list[Any], initdata: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run([judge], input=json.dumps({"log": log, "initdata": initdata}), text=True,
                          capture_output=True, check=True)
    out: dict[str, Any] = json.loads(done.stdout)
    return out


class Player:
    """Seat id ``k``: our bot behind the Botzone adapter, misbehaving from request 30 if told."""

    def __init__(self, k: int, hand: int, misbehave: str | None) -> None:
        self.adapter = BotzoneSeat(flowers_in_wall=FLOWERS) if TOLD else BotzoneSeat()
        self.bot = find_bot(BOTS[k], hand * 4 + k)
        self.misbehave = misbehave
        self.asked = 0

    def reply(self, request: str) -> dict[str, Any]:
        self.asked += 1
        answer = self.adapter.answer(request, self.bot.act)
        if self.misbehave is not None and self.asked >= 30:
            if self.misbehave == "garbage":
                return {"verdict": "NJ", "response": "not json"}
            if self.misbehave == "slow":
                return {"verdict": "TLE"}
            if self.misbehave == "hu":
                return {"verdict": "OK", "response": "HU"}
            if self.misbehave == "claim" and request.startswith("3 ") and " PLAY " in request:
                return {"verdict": "OK", "response": "PENG W1"}
        return {"verdict": "OK", "response": answer}


def judge_log(judge: str, hand: int, misbehave: dict[int, str]) -> dict[str, Any]:
    """A log of the judge, its four seats answered by ``Player``s."""
    codes, quan = wall_for(hand)
    initdata = {"walltiles": " ".join(codes), "quan": quan, "srand": hand}
    players = [Player(k, hand, misbehave.get(k)) for k in range(4)]
    log: list[Any] = []
    out = run_judge(judge, log, initdata)
    while True:
        log.append({"output": out, "verdict": "OK"})
        if out["command"] == "finish":
            return {"initdata": initdata, "log": log}
        log.append({str(k): players[k].reply(out["content"][str(k)]) for k in range(4)})
        judged = out["display"].get("tileCnt")
        if judged is not None:
            for player in players:
                for k in range(4):
                    differ = player.adapter.left(k) != judged[k]
                    COUNTS["compared"] += 1
                    COUNTS["differ"] += differ
                    COUNTS["unseen"] += differ and not any(player.adapter.flowers)
        out = run_judge(judge, log, initdata)


def exported_log(hand: int, misbehave: dict[int, str]) -> dict[str, Any]:
    """The same seats on our engine (the ``botzone`` rules), the hand recorded and exported."""
    codes, quan = wall_for(hand)
    rules = find_ruleset("botzone", ["flowers=true"] if FLOWERS else [])
    game = Game(rules, wall=[ring_code(c) for c in codes], round_wind=WINDS[quan], dice=(2, 2))
    players = [Player(k, hand, misbehave.get(k)) for k in range(4)]

    def answers(turn: Any, current: bool) -> dict[int, Reply]:
        out = {}
        for k in range(4):
            got = players[k].reply(turn.requests[k])
            out[k] = Reply(got["verdict"], got.get("response"))
        return out

    referee(game, answers)
    lines = list(iter_record_lines([game], ["id 0", "id 1", "id 2", "id 3"]))
    record = parse_record(lines)
    hand_replay = next(iter(replay_record(record)))
    return hand_to_log(hand_replay, rules)


def check_export(judge: str, log: dict[str, Any]) -> str | None:
    """Give every prefix of an exported log to the judge; the first step whose output differs, or None."""
    entries = log["log"]
    initdata = {k: v for k, v in log["initdata"].items() if k != "majiang"}
    for i in range(0, len(entries), 2):
        out = run_judge(judge, entries[:i], initdata)
        want = entries[i]["output"]
        if out["command"] != want["command"] or out["content"] != want["content"]:
            return (f"log[{i}]: the judge {out['command']} {out['content']}, ours {want['command']} "
                    f"{want['content']}")
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judge", required=True, help="the judge program built from judge/main.cpp")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first hand number")
    parser.add_argument("--save", type=Path, help="write the judge's logs to this directory")
    parser.add_argument("--misbehave", action="append", default=[], metavar="K:KIND")
    parser.add_argument("--flowers", action="store_true", help="walls of 144 tiles with the flowers")
    parser.add_argument("--told", action="store_true", help="tell the adapters whether there are flowers")
    args = parser.parse_args()
    global FLOWERS, TOLD
    FLOWERS, TOLD = args.flowers, args.told
    misbehave = {int(k): kind for k, kind in (m.split(":") for m in args.misbehave)}
    imported = exported = 0
    for hand in range(args.first, args.first + args.hands):
        log = judge_log(args.judge, hand, misbehave)
        end = log["log"][-1]["output"]
        try:
            log_to_game(log)
            imported += 1
            verdict = "imported"
        except MajiangError as err:
            verdict = f"IMPORT FAILS: {err}"
        if args.save is not None:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"judge-{hand}.json").write_text(json.dumps(log, ensure_ascii=False) + "\n")
        problem = check_export(args.judge, exported_log(hand, misbehave))
        exported += problem is None
        action = end["display"].get("action")
        print(f"hand {hand}: judge {action} {end['content']}; {verdict}; export "
              f"{'agrees' if problem is None else 'DIFFERS: ' + problem}", flush=True)
    print(f"{args.hands} hands: {imported} judge logs imported exactly, {exported} exported logs the judge's")
    print(f"wall counts: {COUNTS['compared']} compared with the judge's tileCnt, {COUNTS['differ']} differ "
          f"({COUNTS['unseen']} of them before any flower had shown)")
    return 0 if imported == exported == args.hands and COUNTS["differ"] == COUNTS["unseen"] else 1


if __name__ == "__main__":
    sys.exit(main())

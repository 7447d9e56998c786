"""Build tests/data/positions.json: positions of a hand with their exact legal actions, and perft counts.

Run ``.venv/bin/python tests/make_positions.py`` from the repository root to rewrite the file, then
review the diff: a changed list is a change of the rules the engine plays by, and must be explained.

Each position is a recipe and what every seat may do there. A recipe is a prepared wall
(``game_walls.Layout``: the four hands as dealt, the dealer's 14th, the draws and the tail) or a seed,
then actions as ``"<seat> <action>"`` lines. ``legal`` gives, for each seat 0-3, the sorted notation of
``Game.legal_actions`` (empty for a seat not asked to act).

The positions on prepared walls (``VERIFIED``) carry lists derived by hand from the rules, with the
reasoning in ``why``; this script refuses to write the file if the engine disagrees with one of them.
The seeded positions are found by playing seeded games (the ``fan-aware`` bots, declining four wins
in five at random so that games also reach the end of the wall) and keeping the
first position of each kind (a claim window with a chow, a kong, a win, several claimants, the last
tile, ...); their lists come from the engine and were reviewed when added.

``perft`` counts the distinct action sequences of depth 1-3 from a position, as chess engines count
move paths: at each step the lowest seat the game is waiting for acts, with each of its legal actions;
a sequence that ends the hand early is not counted.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game_walls import Layout
from majiang.bots import find_bot
from majiang.game import Action, ActionKind, Game, Phase
from majiang.mcr import McrRules

__all__ = ["DATA", "build", "legal_table", "perft", "positions"]

DATA = Path(__file__).parent / "data" / "positions.json"
PERFT_DEPTH = 3

# Walls whose hands are all given, so every seat's options can be reasoned out.
WALLS: dict[str, dict[str, Any]] = {
    # The dealer can let 9p go: seat 1 (下家) chows it with 78p, seat 2 pungs or kongs it with 999p,
    # seat 3 wins on it (789m 789p 789s: 三色三同顺 8 + 门前清 2 + 幺九刻 1 = 11).
    "priority": {"hands": ["1m2m4m5m7m8m 1s4s5s EWNC", "7p8p1p3p5p 3m6m9m 3s6s9s WN",
                           "9p9p9p 2m6m9m 2s6s8s 2p4p6p F", "789m 78p 789s SSS 22s"],
                 "extra": "9p", "draws": "2p", "tail": "P"},
    # Seat 1 pungs the dealer's 9p, later draws the fourth 9p; seat 3 waits on 9p all along.
    "rob": {"hands": ["1m2m4m5m7m8m 1s4s5s EWNC", "9p9p 3m4m6m 5p6p 4s6s8s FPE",
                      "2m6m9m 2p4p 3s6s9s FCW 1p3p", "789m 78p 789s SSS 22s"],
            "extra": "9p", "draws": "N P C 9p", "tail": "E"},
    # The dealer holds 1111m 2345678m 99s and is dealt 9m: a win, and a concealed kong to make.
    "kong": {"hands": ["1111m 2345678m 99s", "1p4p7p 2s5s8s 3m 6m EE SS W",
                       "2p5p8p 3s6s7s 4m 4m WW NN C", "3p6p9p 1s4s 2m 5m 9m CC PP F"],
             "extra": "9m", "tail": "f E"},
    # The dealer's 5m: seat 2 may pung it; seat 3 waits on 2m/5m but would score 平和 2 + 门前清 2 +
    # 无字 1 = 5, under the 8-fan minimum, so it is not asked.
    "minimum": {"hands": ["1m9m1p9p1s ESWN CFP 4m", "2p5p8p 3s6s9s 2m 7m 8p 8s WNF",
                          "5m5m 2p3p 7s7s 8m9m 3p 4s NSC", "234m 456p 678s 123s 5m"],
                "extra": "5m"},
    # The dealer's 9p: seat 1 (下家) wins on it (清龙 123456789p) or chows it with 78p; seat 3 wins on
    # it too (三色三同顺); seat 2 has no 9p.
    "two_winners": {"hands": ["1m2m4m5m7m8m 1s4s 6s EWNC", "123p 456p 78p 555s EE",
                              "2m6m9m 2s 6s 8s 3p 4p 6p FFP W", "789m 78p 789s SSS 22s"],
                    "extra": "9p"},
}

_NONE: list[str] = []
# (id, wall, actions, legal by seat, why): the lists derived by hand from the rules, not the engine.
VERIFIED: tuple[tuple[str, str, list[str], list[list[str]], str], ...] = (
    ("priority-deal", "priority", [],
     [["discard 1m", "discard 1s", "discard 2m", "discard 4m", "discard 4s", "discard 5m", "discard 5s",
       "discard 7m", "discard 8m", "discard 9p", "discard C", "discard E", "discard N", "discard W"],
      _NONE, _NONE, _NONE],
     "The dealer's 14 tiles are 14 different kinds: one discard each; no four alike, not a winning"
     " shape. The others wait for the dealer's turn."),
    ("priority-claims", "priority", ["0 discard 9p"],
     [_NONE, ["chow 7p", "pass"], ["kong", "pass", "pung"], ["pass", "win"]],
     "Seat 1 is the discarder's 下家 and holds 78p (chow 7p-8p-9p; no 8p-9p-10p); seat 2 holds three 9p"
     " (pung or kong); seat 3 completes 789m 789p 789s SSS 22s, 11 fans >= 8. The discarder is not asked."),
    ("priority-claims-answered", "priority", ["0 discard 9p", "3 pass"],
     [_NONE, ["chow 7p", "pass"], ["kong", "pass", "pung"], _NONE],
     "A seat that has answered is not asked again; the others keep their options until they answer."),
    ("priority-kong-replacement", "priority", ["0 discard 9p", "3 pass", "2 kong", "1 pass"],
     [_NONE, _NONE,
      ["discard 2m", "discard 2p", "discard 2s", "discard 4p", "discard 6m", "discard 6p", "discard 6s",
       "discard 8s", "discard 9m", "discard F", "discard P"], _NONE],
     "Seat 2 makes the melded kong 9999p and draws the tail's P: 2m6m9m 2p4p6p 2s6s8s F P, eleven"
     " kinds, no four alike, no pung to add to, not a win."),
    ("priority-pung-beats-chow", "priority", ["0 discard 9p", "3 pass", "1 chow 7p", "2 pung"],
     [_NONE, _NONE,
      ["discard 2m", "discard 2p", "discard 2s", "discard 4p", "discard 6m", "discard 6p", "discard 6s",
       "discard 8s", "discard 9m", "discard 9p", "discard F"], _NONE],
     "A pung goes before a chow. Seat 2 keeps one 9p and must discard without drawing, so no kong"
     " (kongs are declared on one's own draw) and no win."),
    ("rob-pung-or-win", "rob", ["0 discard 9p"],
     [_NONE, ["pass", "pung"], _NONE, ["pass", "win"]],
     "Seat 1 holds two 9p (pung; no 7p8p for a chow, only two for a kong); seat 3 wins on 9p; seat 2"
     " has nothing to do with 9p, so it is not asked."),
    ("rob-added-kong-offered", "rob",
     ["0 discard 9p", "3 pass", "1 pung", "1 discard F", "2 discard N", "3 discard P", "0 discard C"],
     [_NONE,
      ["added-kong 9p", "discard 3m", "discard 4m", "discard 4s", "discard 5p", "discard 6m", "discard 6p",
       "discard 6s", "discard 8s", "discard 9p", "discard E", "discard P"], _NONE, _NONE],
     "Seat 1 drew the fourth 9p beside its melded pung of 9p: it may add it (加杠) or let any of its"
     " eleven kinds go; no win."),
    ("rob-window", "rob",
     ["0 discard 9p", "3 pass", "1 pung", "1 discard F", "2 discard N", "3 discard P", "0 discard C",
      "1 added-kong 9p"],
     [_NONE, _NONE, _NONE, ["pass", "win"]],
     "An added kong can be robbed by a seat that wins on its tile: seat 3 (抢杠和 8 on top of its 11);"
     " no one else wins on 9p, and nothing but a win is offered on an added kong."),
    ("rob-not-robbed", "rob",
     ["0 discard 9p", "3 pass", "1 pung", "1 discard F", "2 discard N", "3 discard P", "0 discard C",
      "1 added-kong 9p", "3 pass"],
     [_NONE,
      ["discard 3m", "discard 4m", "discard 4s", "discard 5p", "discard 6m", "discard 6p", "discard 6s",
       "discard 8s", "discard E", "discard P"], _NONE, _NONE],
     "Not robbed: the kong is made and seat 1 draws the tail's E (two E now): ten kinds to let go, no"
     " kong, no win."),
    ("kong-deal", "kong", [],
     [["concealed-kong 1m", "discard 1m", "discard 2m", "discard 3m", "discard 4m", "discard 5m",
       "discard 6m", "discard 7m", "discard 8m", "discard 9m", "discard 9s", "win"], _NONE, _NONE, _NONE],
     "1111m 23456789m 99s: four 1m (concealed kong) and a win as 111m 123m 456m 789m 99s (清龙 16 at"
     " least); ten kinds to let go."),
    ("kong-flower-replacement", "kong", ["0 concealed-kong 1m"],
     [["discard 2m", "discard 3m", "discard 4m", "discard 5m", "discard 6m", "discard 7m", "discard 8m",
       "discard 9m", "discard 9s", "discard E"], _NONE, _NONE, _NONE],
     "The kong's replacement is a flower, shown and replaced from the tail again by E: 2-9m, 9s, E; no"
     " win, no second kong."),
    ("minimum-refused", "minimum", ["0 discard 5m"],
     [_NONE, _NONE, ["pass", "pung"], _NONE],
     "Seat 3 waits on 5m, but 234m 456p 678s 123s 55m is 平和 2 + 门前清 2 + 无字 1 = 5 < 8, so it is"
     " not offered a win; seat 2 holds two 5m (pung); seat 1, the 下家, holds 2m and 7m: no chow."),
    ("two-winners", "two_winners", ["0 discard 9p"],
     [_NONE, ["chow 7p", "pass", "win"], _NONE, ["pass", "win"]],
     "Seat 1 wins on 9p with 清龙 123456789p (16) or chows 789p; seat 3 wins with 三色三同顺; only the"
     " nearer winner would take it, but both are asked."),
    ("two-winners-one-passes", "two_winners", ["0 discard 9p", "1 pass"],
     [_NONE, _NONE, _NONE, ["pass", "win"]],
     "Seat 1 passed; seat 3 still decides."),
)

# (id, wall, actions) of the positions perft counts from.
PERFT_FROM: tuple[tuple[str, str, list[str]], ...] = (
    ("priority-deal", "priority", []),
    ("kong-deal", "kong", []),
    ("priority-claims", "priority", ["0 discard 9p"]),
)

SEEDS = range(1, 200)
KINDS = ("turn-concealed-kong", "turn-added-kong", "turn-win", "turn-after-flower", "claim-chow",
         "claim-pung", "claim-kong", "claim-win", "several-claimants", "last-tile-claim", "last-tile-turn",
         "rob")
REQUIRED = KINDS[:-1]  # a robbable added kong is rare in bot play; the prepared "rob" wall has one
PER_KIND = 3


def build(recipe: dict[str, Any]) -> Game:
    """The game a recipe describes: its wall (a ``Layout`` or a seed), then its actions applied."""
    if "wall" in recipe:
        w = recipe["wall"]
        hands = w["hands"]
        layout = Layout((hands[0], hands[1], hands[2], hands[3]), w["extra"], draws=w.get("draws", ""),
                        tail=w.get("tail", ""))
        game = layout.game(McrRules(**recipe.get("rules", {})))
    else:
        game = Game(McrRules(**recipe.get("rules", {})), seed=recipe["seed"])
    for line in recipe["actions"]:
        seat, text = line.split(" ", 1)
        game.apply(int(seat), Action.parse(text))
    return game


def legal_table(game: Game) -> list[list[str]]:
    """Every seat's legal actions, as sorted notation."""
    return [sorted(a.notation() for a in game.legal_actions(seat)) for seat in range(4)]


def perft(game: Game, depth: int) -> int:
    """How many action sequences of ``depth`` steps there are, the lowest waiting seat acting at each."""
    if depth == 0:
        return 1
    if game.phase == Phase.OVER:
        return 0
    seat = min(game.to_act())
    total = 0
    for action in game.legal_actions(seat):
        child = copy.deepcopy(game)
        child.apply(seat, action)
        total += perft(child, depth - 1)
    return total


def _kinds(game: Game) -> Iterator[str]:
    """What is worth pinning in this position."""
    legal = [{a.kind for a in game.legal_actions(seat)} for seat in range(4)]
    if game.phase == Phase.TURN:
        mine = legal[game.current]
        if ActionKind.CONCEALED_KONG in mine:
            yield "turn-concealed-kong"
        if ActionKind.ADDED_KONG in mine:
            yield "turn-added-kong"
        if ActionKind.WIN in mine:
            yield "turn-win"
        if len(game.events) >= 2 and game.events[-2].kind == "flower" and game.events[-1].kind == "draw":
            yield "turn-after-flower"
        if game.wall_left == 0:
            yield "last-tile-turn"
    elif game.phase == Phase.ROB:
        yield "rob"
    elif game.phase == Phase.CLAIM:
        every = set().union(*legal)
        for kind, name in ((ActionKind.CHOW, "claim-chow"), (ActionKind.PUNG, "claim-pung"),
                           (ActionKind.KONG, "claim-kong"), (ActionKind.WIN, "claim-win")):
            if kind in every:
                yield name
        if len(game.to_act()) >= 2:
            yield "several-claimants"
        if game.wall_left == 0:
            yield "last-tile-claim"


def _seeded() -> list[dict[str, Any]]:
    """Positions of seeded games played by seeded bots, the first few of each kind."""
    found: dict[str, int] = dict.fromkeys(KINDS, 0)
    out: list[dict[str, Any]] = []
    for seed in SEEDS:
        if all(found[k] >= PER_KIND for k in REQUIRED):
            break
        game = Game(McrRules(), seed=seed)
        rng = random.Random(seed)
        bots = [find_bot("fan-aware", seed=seed * 4 + s) for s in range(4)]
        actions: list[str] = []
        while game.phase != Phase.OVER:
            new = [k for k in _kinds(game) if found[k] < PER_KIND]
            if new:
                for k in new:
                    found[k] += 1
                out.append({"id": f"seed{seed}-{len(actions)}", "kinds": new, "seed": seed,
                            "actions": list(actions), "legal": legal_table(game)})
            seat = min(game.to_act())
            action = bots[seat].act(game.view(seat))
            # A win ends the hand; decline most of them so that games also reach the end of the wall.
            if action.kind == ActionKind.WIN and rng.random() < 0.8:
                rest = [a for a in game.legal_actions(seat) if a.kind != ActionKind.WIN]
                action = rng.choice(rest) if rest else action
            game.apply(seat, action)
            actions.append(f"{seat} {action.notation()}")
    missing = [k for k in REQUIRED if found[k] < PER_KIND]
    if missing:
        raise SystemExit(f"no seeded game reached {missing}; play more seeds")
    return out


def positions() -> dict[str, Any]:
    """The whole fixture, checking the hand-derived lists against the engine."""
    out: list[dict[str, Any]] = []
    for pid, wall, actions, expected, why in VERIFIED:
        recipe = {"id": pid, "wall": WALLS[wall], "actions": actions}
        got = legal_table(build(recipe))
        if got != expected:
            raise SystemExit(f"{pid}: the engine gives {got}, the rules {expected}")
        out.append({**recipe, "legal": expected, "why": why})
    out.extend(_seeded())
    perfts = []
    for pid, wall, actions in PERFT_FROM:
        game = build({"wall": WALLS[wall], "actions": actions})
        perfts.append({"id": pid, "wall": WALLS[wall], "actions": actions,
                       "counts": [perft(game, n) for n in range(1, PERFT_DEPTH + 1)]})
    return {"positions": out, "perft": perfts}


def main() -> None:
    data = positions()
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(data['positions'])} positions and {len(data['perft'])} perft rows to {DATA}",
          file=sys.stderr)


if __name__ == "__main__":
    main()

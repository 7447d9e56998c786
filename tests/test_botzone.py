"""The Botzone adapter: tile codes, a scripted hand, hostile requests, the command, and self-play."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.actions import Action, ActionKind
from majiang.bots import find_bot
from majiang.cli import app
from majiang.cli.botzone import KEEP_RUNNING
from majiang.game import Game
from majiang.game import events as ev
from majiang.game.table import Phase, View
from majiang.interop.botzone import BotzoneError, BotzoneSeat, Chooser, from_code, replay, to_code
from majiang.meld import Meld, MeldKind
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES, Tile

runner = CliRunner()


def first(view: View) -> Action:
    return view.legal[0]


def prefer(*kinds: ActionKind) -> Chooser:
    """A chooser taking the first legal action of the first of ``kinds`` offered, else the first legal."""
    def choose(view: View) -> Action:
        for kind in kinds:
            for a in view.legal:
                if a.kind == kind:
                    return a
        return view.legal[0]
    return choose


# -- tile codes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("code", "tile"), [
    ("W1", Tile.M1), ("W9", Tile.M9), ("B1", Tile.P1), ("B5", Tile.P5), ("T1", Tile.S1), ("T9", Tile.S9),
    ("F1", Tile.EAST), ("F2", Tile.SOUTH), ("F3", Tile.WEST), ("F4", Tile.NORTH),
    ("J1", Tile.RED), ("J2", Tile.GREEN), ("J3", Tile.WHITE),
])
def test_codes(code: str, tile: Tile) -> None:
    assert from_code(code) == tile
    assert to_code(tile) == code


def test_codes_round_trip_every_tile() -> None:
    codes = {to_code(t) for t in ALL_TILES}
    assert len(codes) == 34
    assert all(from_code(to_code(t)) == t for t in ALL_TILES)


@pytest.mark.parametrize("bad", ["W0", "W10", "B", "X1", "H1", "w1", "", "J4", "F5"])
def test_bad_codes(bad: str) -> None:
    with pytest.raises(BotzoneError, match="tile code"):
        from_code(bad)


@pytest.mark.parametrize("bad", [-1, 34, 40])
def test_bad_tiles(bad: int) -> None:
    with pytest.raises(BotzoneError, match="no Botzone code"):
        to_code(bad)


# -- a scripted hand ----------------------------------------------------------------------------------

# Seat 1 (South) in the East round: 123m 456p 789s (花龙) + EE + CC (red).
DEAL = "1 0 1 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1 H3"


def fed(*requests: str, choose: Chooser = first) -> tuple[BotzoneSeat, list[str]]:
    seat = BotzoneSeat()
    out = [seat.answer(r, choose) for r in requests]
    return seat, out


def test_scripted_hand_state() -> None:
    seat, out = fed("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W9", "2 B9", "3 1 PLAY B9", "3 2 DRAW",
                    "3 2 PLAY T1", "3 3 BUHUA H5", "3 3 DRAW", "3 3 PLAY F3")
    assert out == ["PASS"] * 4 + ["PLAY W1"] + ["PASS"] * 6  # the first legal: pass, or the lowest discard
    assert seat.seat == 1 and seat.seat_wind == Tile.SOUTH and seat.round_wind == Tile.EAST
    assert seat.flowers == [0, 1, 0, 1]
    assert [list(d) for d in seat.discards] == [[Tile.M9], [Tile.P9], [Tile.S1], [Tile.WEST]]
    assert sum(seat.counts) == 13
    # Flowers shown: the judge's 144 tiles cut in four walls of 36 (judge/main.cpp: tileWall.size() / 4).
    assert seat.wall_tiles == 144
    assert seat.wall_left == 36 - 13 - 1 - 1  # seat 1's own wall: the deal, one draw, one flower
    assert [seat.left(s) for s in range(4)] == [22, 21, 22, 21]
    assert BotzoneSeat(walls="shared").left(0) == 136 - 52
    assert BotzoneSeat(walls="shared", flowers_in_wall=True).left(0) == 144 - 52


def test_per_seat_walls_end_the_calls() -> None:
    # Seat 2 has drawn its 21 tiles: seat 1's discard is the last tile, so seat 0 may only win on it.
    seat = BotzoneSeat()
    for r in ("0 0 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 W5", "2 B9", "3 0 PLAY B9", "3 1 DRAW"):
        seat.answer(r, first)
    seat.draws[2] = 21  # as if seat 2 had drawn its 21 tiles
    assert seat.left(2) == 0 and seat.wall_left == 20
    assert seat.answer("3 1 PLAY F1", prefer(ActionKind.PUNG)) == "PASS"
    assert seat.claim_actions(1, Tile.EAST) == [Action(ActionKind.PASS)]  # no pung on the last tile
    assert seat.claim_actions(3, Tile.EAST)[1:] == [Action(ActionKind.PUNG)]  # seat 0 itself can still draw


# Seat 0 (the dealer) holds four 1m and a pair of East; seat 2 was dealt one flower (H1), so the walls are
# the judge's 36 tiles each (144 / 4), 23 to draw after the deal.
FLOWER_DEAL = "1 0 0 1 0 W1 W1 W1 W1 B5 B6 T7 T8 T9 F1 F1 J1 J1 H1"


def test_flowers_make_walls_of_36_for_the_last_tile() -> None:
    seat = BotzoneSeat()
    for r in ("0 0 0", FLOWER_DEAL, "2 B9", "3 0 PLAY B9", "3 1 DRAW", "3 1 PLAY B8"):
        seat.answer(r, first)
    seat.draws[2] = 21  # as if seat 2 had drawn 21 tiles
    # Seat 2 has one tile left (36 - 13 - 1 flower - 21): seat 1's discard is not the last, a pung is open.
    assert seat.left(2) == 1 and not seat.is_last_discard(1)
    assert seat.claim_actions(1, Tile.EAST)[1:] == [Action(ActionKind.PUNG)]
    seat.answer("3 2 DRAW", first)
    assert seat.left(2) == 0 and seat.is_last_discard(1)
    assert seat.claim_actions(1, Tile.EAST) == [Action(ActionKind.PASS)]  # the last tile: a win only


def test_flowers_make_walls_of_36_for_kongs_and_the_last_draw() -> None:
    seat = BotzoneSeat()
    for r in ("0 0 0", FLOWER_DEAL):
        seat.answer(r, first)
    seat.draws[1] = 22  # as if seat 1 had drawn 22 tiles
    # Seat 1 (after this seat) holds one tile: a concealed kong still has a tile for the next draw.
    assert seat.left(1) == 1 and not seat.is_last_discard(0)
    seat.answer("2 B9", first)
    assert Action(ActionKind.CONCEALED_KONG, Tile.M1) in seat.turn_actions()
    seat.answer("3 0 PLAY B9", first)
    seat.answer("3 1 DRAW", first)
    assert seat.left(1) == 0 and seat.is_last_discard(0)  # this seat's draw now would be 妙手回春
    for r in ("3 1 PLAY B1", "3 2 DRAW", "3 2 PLAY B2", "3 3 DRAW", "3 3 PLAY B3", "2 B8"):
        seat.answer(r, first)
    assert all(a.kind != ActionKind.CONCEALED_KONG for a in seat.turn_actions())


def test_the_walls_grow_when_the_first_flower_shows() -> None:
    seat = BotzoneSeat()
    seat.answer("0 1 0", first)
    seat.answer("1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1", first)
    assert seat.wall_tiles == 136 and seat.left(3) == 21
    seat.answer("3 0 BUHUA H2", first)
    assert seat.wall_tiles == 144 and seat.left(0) == 36 - 13 - 1 and seat.left(3) == 23
    told = BotzoneSeat(flowers_in_wall=True)
    told.answer("0 1 0", first)
    assert told.wall_tiles == 144 and told.left(0) == 23


def test_a_flower_in_a_wall_told_to_have_none_is_refused() -> None:
    seat = BotzoneSeat(flowers_in_wall=False)
    seat.answer("0 1 0", first)
    with pytest.raises(BotzoneError, match="flower H3 shown, but the adapter was told the wall has no"):
        seat.answer(DEAL, first)
    with pytest.raises(BotzoneError, match="flowers_in_wall must be True, False or None"):
        BotzoneSeat(flowers_in_wall="yes")  # type: ignore[arg-type]


def test_unknown_walls() -> None:
    with pytest.raises(BotzoneError, match="walls must be one of"):
        BotzoneSeat(walls="ring")


def test_turn_answer_is_the_bot_discard() -> None:
    _, out = fed("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W9", "2 B9")
    assert out[-1] == "PLAY W1"  # the first legal action on a turn is discarding the lowest tile


def test_claim_win_on_a_discard() -> None:
    seat, out = fed("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY J1", choose=prefer(ActionKind.WIN))
    assert out[-1] == "HU"
    assert seat.claim_actions(0, Tile.RED)[1] == Action(ActionKind.WIN)


def test_pung_names_the_following_discard() -> None:
    _, out = fed("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W9", "2 B9", "3 1 PLAY B9", "3 2 DRAW", "3 2 PLAY F1",
                 choose=prefer(ActionKind.PUNG))
    assert out[-1] == "PENG W1"  # pung the East, then discard the first legal tile (1m)


def test_chow_only_from_the_left_and_names_middle_and_discard() -> None:
    seat, out = fed("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W4", choose=prefer(ActionKind.CHOW))
    assert out[-1] == "CHI W3 W1"  # 234m with the 4m from seat 0 (left of seat 1), then 1m goes
    legal_from_across = seat.claim_actions(3, Tile.M4)
    assert all(a.kind != ActionKind.CHOW for a in legal_from_across)


def test_own_claim_confirmed_updates_melds() -> None:
    seat, _ = fed("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W4", "3 1 CHI W3 W1")
    assert seat.melds[1] == [Meld(MeldKind.CHOW, Tile.M2, claimed=3, from_seat=RelativeSeat.LEFT)]
    assert seat.discards[0] == [] and seat.discards[1] == [Tile.M1]
    assert sum(seat.counts) == 10


def test_self_drawn_win_and_concealed_kong() -> None:
    _, out = fed("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W9", "2 J1", choose=prefer(ActionKind.WIN))
    assert out[-1] == "HU"
    seat, out = fed("0 1 0", "1 0 0 0 0 W1 W1 W1 W1 B4 B5 B6 T7 T8 T9 F1 J1 J1", "3 0 DRAW", "3 0 PLAY W9",
                    "2 B9", choose=prefer(ActionKind.CONCEALED_KONG))
    assert out[-1] == "GANG W1"
    seat.answer("3 1 GANG", first)
    assert seat.melds[1] == [Meld(MeldKind.KONG, Tile.M1)] and seat.counts[Tile.M1] == 0
    assert seat.answer("2 B3", first) == "PLAY B3"
    assert seat.kong_draw is True


def test_an_added_kong_with_four_melds() -> None:
    """Four pungs made, the seat draws the fourth 1m: BUGANG is offered (it adds no meld; the judge
    accepts it, and the adapter once refused every kong to a seat with four melds)."""
    choose = prefer(ActionKind.ADDED_KONG, ActionKind.PUNG)
    seat, out = fed("0 1 0", "1 0 0 0 0 W1 W1 B2 B2 T3 T3 F1 F1 J1 W5 W7 B9 T7",
                    "3 0 DRAW", "3 0 PLAY W1", "3 1 PENG W5", "3 2 DRAW", "3 2 PLAY B2", "3 1 PENG W7",
                    "3 2 DRAW", "3 2 PLAY T3", "3 1 PENG B9", "3 2 DRAW", "3 2 PLAY F1", "3 1 PENG T7",
                    "3 2 DRAW", "3 2 PLAY W9", "3 3 DRAW", "3 3 PLAY W8", "3 0 DRAW", "3 0 PLAY W6",
                    choose=choose)
    assert [out[i] for i in (3, 6, 9, 12)] == ["PENG W5", "PENG W7", "PENG B9", "PENG T7"]
    assert len(seat.melds[1]) == 4 and sum(seat.counts) == 1
    assert seat.answer("2 W1", choose) == "BUGANG W1"
    seat.answer("3 1 BUGANG W1", first)
    assert seat.melds[1][0].kind == MeldKind.KONG and len(seat.melds[1]) == 4
    assert seat.answer("2 J1", prefer(ActionKind.WIN)) == "HU"  # 碰碰和 and more on the pair of reds


def test_rob_an_added_kong() -> None:
    # Seat 1 waits on 5m (嵌张 46m) in a 花龙 hand: another seat's added kong of 5m can be robbed.
    seat, _ = fed("0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 W4 W6", "3 0 DRAW", "3 0 PLAY W5",
                    "3 2 PENG T1", "3 3 DRAW", "3 3 PLAY B1", "3 0 DRAW", "3 0 PLAY B2", "2 B3",
                    "3 1 PLAY B3", "3 2 DRAW")
    assert seat.melds[2] == [Meld(MeldKind.PUNG, Tile.M5, from_seat=RelativeSeat.ACROSS)]
    robbing = seat.answer("3 2 BUGANG W5", prefer(ActionKind.WIN))
    assert robbing == "HU"


def test_only_legal_answers_over_many_bots() -> None:
    for name in ("random", "efficiency", "fan-aware"):
        for s in range(3):
            bot = find_bot(name, s)
            seat = BotzoneSeat()
            for r in ("0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY J1", "2 B9"):
                answer = seat.answer(r, bot.act)
                assert answer.split()[0] in {"PASS", "PLAY", "PENG", "CHI", "GANG", "BUGANG", "HU"}


# -- hostile requests ---------------------------------------------------------------------------------

HAND = ["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W9", "2 B9"]
"""Seat 1's first requests: seat 0 draws and discards, seat 1 draws."""


@pytest.mark.parametrize(("requests", "match"), [
    (["1 0 0 0 0"], "must start with 0"),
    (["0 5 0"], "seat is 0-3"),
    (["0 1"], "two numbers"),
    (["0 1 0", "1 0 0 0 0 W1"], "four flower counts and 13 tiles"),
    (["0 1 0", "1 1 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 J1"], "1 flowers counted but 0"),
    (["0 1 0", "1 0 0 0 0 W1 W1 W1 W1 W1 B6 T7 T8 T9 F1 F1 J1 J1"], "more than four of W1"),
    (["0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 J1 Z9"], "tile code"),
    (["0 1 0", "2 W1"], "must start with 1"),
    (["0 1 0", DEAL, "3 0 PENG W1"], "claims \\(PENG\\) out of turn"),
    (["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W1", "3 2 CHI W2 W5"], "cannot chow"),
    (["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W1", "3 1 CHI W8 W5"], "no chow around"),
    (["0 1 0", DEAL, "3 0 FLY W1"], "unknown action"),
    (["0 1 0", DEAL, "4 0"], "unknown request type"),
    (["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W9", "2 W9", "3 1 PLAY B9"], "holds no B9"),
    ([*HAND, "3 1 PLAY B9", "3 2 DRAW", "3 2 BUGANG W1"], "no pung"),
    (["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY"], "takes 1 argument"),
    # Impossible histories (docs/interop.md): the judge's order is draw, then play or kong; after a discard,
    # a claim or the next seat's draw; after a kong or a flower, the same seat's draw.
    (["0 1 0", DEAL, "3 0 PLAY W1"], "seat 0 plays without drawing"),
    ([*HAND, "3 1 PLAY B9", "3 2 DRAW", "3 2 PLAY T1", "3 3 DRAW", "3 3 PLAY F3", "3 0 PLAY W8"],
     "seat 0 plays without drawing"),
    ([*HAND, "3 1 PLAY B9", "3 2 DRAW", "3 2 PLAY T1", "3 2 GANG"], "seat 2 makes a kong without drawing"),
    ([*HAND, "3 1 PLAY B9", "3 2 BUGANG W1"], "seat 2 adds a kong without drawing"),
    ([*HAND, "3 1 PLAY B9", "3 3 DRAW"], "seat 3 draws out of turn"),  # seat 2's draw and play missing
    ([*HAND, "3 1 PLAY B9", "3 2 DRAW", "3 2 PLAY T1", "2 B1"], "seat 1 draws out of turn"),
    ([*HAND, "3 1 PLAY B9", "3 2 DRAW", "3 3 BUHUA H1"], "seat 3 shows a flower out of turn"),
    (["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY W9", "3 0 PENG W9"], "seat 0 claims \\(PENG\\) out of turn"),
    (["0 1 0", DEAL, "3 0 DRAW", "3 0 DRAW"], "seat 0 draws out of turn"),  # a request repeated
    ([*HAND, HAND[0]], "a '0 ...' request comes only as request 0, not 5 \\(the history repeated\\?\\)"),
    (["0 1 0", DEAL, "3 0 DRAW", DEAL], "a '1 ...' request comes only as request 1, not 3"),
    (["0 1 0", DEAL, ""], "empty request"),
])
def test_hostile_requests(requests: list[str], match: str) -> None:
    seat = BotzoneSeat()
    with pytest.raises(BotzoneError, match=match) as info:
        for r in requests:
            seat.answer(r, first)
    assert f"request {len(requests) - 1}" in str(info.value)


@pytest.mark.parametrize(("requests", "where", "words"), [
    (["0 1 0", DEAL, "3 0 PLAY W9", "2 B9"], 2, "seat 0 plays without drawing"),
    ([*HAND[:3], *HAND[4:]], 3, "seat 1 draws out of turn"),  # a request missing: seat 0's discard
    ([*HAND, *HAND], 5, "the history repeated"),
])
def test_the_command_refuses_impossible_histories(requests: list[str], where: int, words: str) -> None:
    """docs/interop.md promises an error exit (code 2) naming the request, never an answer."""
    data = {"requests": requests, "responses": ["PASS"] * (len(requests) - 1)}
    result = runner.invoke(app, ["botzone"], input=json.dumps(data) + "\n")
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert f"request {where} " in result.stderr and words in result.stderr, result.stderr


def test_a_bot_choosing_an_illegal_action_is_refused() -> None:
    seat = BotzoneSeat()
    for r in ("0 1 0", DEAL, "3 0 DRAW"):
        seat.answer(r, first)
    with pytest.raises(BotzoneError, match="not a legal action"):
        seat.answer("3 0 PLAY W5", lambda v: Action(ActionKind.WIN))


def test_replay_needs_matching_responses() -> None:
    with pytest.raises(BotzoneError, match="need 1 responses"):
        replay(["0 1 0", DEAL], [])
    assert replay(["0 1 0", DEAL, "2 B9"], ["PASS", "PASS"]).requests == 2


# -- the command ------------------------------------------------------------------------------------


def test_command_json() -> None:
    data = {"requests": ["0 1 0", DEAL, "3 0 DRAW", "3 0 PLAY J1"], "responses": ["PASS", "PASS", "PASS"]}
    result = runner.invoke(app, ["botzone", "--bot", "efficiency"], input=json.dumps(data) + "\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"response": "HU"}


def test_command_simple_and_keep_running() -> None:
    lines = ["3", "0 1 0", "PASS", DEAL, "PASS", "3 0 DRAW", "", "", "3 0 PLAY W9", "2 B9"]
    result = runner.invoke(app, ["botzone", "--bot", "efficiency", "--simple", "--keep-running"],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert out[0] == "PASS" and out[1] == KEEP_RUNNING and out[2] == "PASS" and out[3] == KEEP_RUNNING
    assert out[4].startswith("PLAY ") and out[5] == KEEP_RUNNING and len(out) == 6


def test_command_json_keep_running() -> None:
    data = {"requests": ["0 1 0"], "responses": []}
    text = json.dumps(data) + "\n" + json.dumps(DEAL) + "\n" + json.dumps({"requests": ["3 0 DRAW"]}) + "\n"
    result = runner.invoke(app, ["botzone", "--bot", "random", "--seed", "3", "--keep-running"], input=text)
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert out == ['{"response": "PASS"}', KEEP_RUNNING] * 3


@pytest.mark.parametrize(("args", "text", "match"), [
    ([], "not json\n", "not JSON"),
    ([], "[1]\n", '"requests"'),
    ([], '{"requests": []}\n', "empty"),
    ([], '{"requests": ["0 1 0", 5]}\n', "list of strings"),
    ([], '{"requests": ["0 1 0", "1 0"], "responses": ["PASS"]}\n', "request 1"),
    (["--simple"], "2\n0 1 0\n", "ended after 1 of 3"),
    (["--simple"], "x\n", "turn number"),
    ([], '{"requests": ["0 1 0"], "responses": ["\\ud800"]}\n', "lone surrogate"),
    (["--bot", "nobody"], "{}\n", "unknown bot"),
    (["--seed", "q"], '{"requests": ["0 1 0"]}\n', "--seed"),
    (["--walls", "ring"], '{"requests": ["0 1 0"]}\n', "unknown --walls"),
    (["--no-flowers"], json.dumps({"requests": ["0 1 0", DEAL], "responses": ["PASS"]}) + "\n",
     "told the wall has no flowers"),
])
def test_command_errors(args: list[str], text: str, match: str) -> None:
    result = runner.invoke(app, ["botzone", *args], input=text)
    assert result.exit_code == 2
    assert match in result.stderr
    assert result.stdout == ""


# -- self-play: our Game's events as Botzone requests for one seat ------------------------------------


class Driver:
    """Plays one Game with seat ``me`` answered by the adapter, translating the events into requests."""

    def __init__(self, seed: int, me: int) -> None:
        self.game = Game(seed=seed)
        self.me = me
        self.adapter = BotzoneSeat(walls="shared", flowers_in_wall=True)  # our engine's one wall, 144 tiles
        self.bot = find_bot("fan-aware", seed)
        self.others = {s: find_bot("efficiency", seed + s) for s in range(4) if s != me}
        self.seen = len(self.game.events)
        self.answer = "PASS"
        self.discard_next: Tile | None = None
        self.claim: tuple[int, str] | None = None  # another seat's pung or chow waiting for its discard
        self.checked: dict[ActionKind, int] = {}

    def feed(self, request: str) -> None:
        self.answer = self.adapter.answer(request, self.bot.act)

    def start(self) -> None:
        g = self.game
        self.feed(f"0 {self.me} 0")
        counts = list(g.counts[self.me])
        dealer_draw = g.drawn if self.me == g.dealer else None
        if dealer_draw is not None:
            counts[dealer_draw] -= 1
        tiles = [to_code(t) for t in range(34) for _ in range(counts[t])]
        flowers = [f"H{f + 1}" for s in range(4) for f in g.flowers[s]]
        self.feed(" ".join(["1", *(str(len(f)) for f in g.flowers), *tiles, *flowers]))
        self.seen = len(g.events)
        for s in range(4):  # the dealer's 14th tile is its first draw
            if s == g.dealer:
                self.feed(f"2 {to_code(dealer_draw)}" if s == self.me and dealer_draw is not None
                          else f"3 {s} DRAW")

    def catch_up(self) -> None:
        events = self.game.events[self.seen:]
        self.seen = len(self.game.events)
        for e in events:
            if isinstance(e, ev.Flower):
                self.feed(f"3 {e.seat} BUHUA H{e.flower + 1}")
            elif isinstance(e, ev.Draw):
                self.feed(f"2 {to_code(e.tile)}" if e.seat == self.me else f"3 {e.seat} DRAW")
            elif isinstance(e, ev.Claim):
                meld = Meld.parse(e.meld)
                if meld.kind == MeldKind.KONG:
                    self.feed(f"3 {e.seat} GANG")
                elif meld.kind == MeldKind.PUNG:
                    self.claim = (e.seat, "PENG")
                else:
                    self.claim = (e.seat, f"CHI {to_code(meld.tile + 1)}")
            elif isinstance(e, ev.Discard):
                if self.claim is not None and self.claim[0] == e.seat:
                    self.feed(f"3 {e.seat} {self.claim[1]} {to_code(e.tile)}")
                    self.claim = None
                else:
                    self.feed(f"3 {e.seat} PLAY {to_code(e.tile)}")
            elif isinstance(e, ev.Kong):
                self.feed(f"3 {e.seat} GANG")
            elif isinstance(e, ev.AddKong):
                self.feed(f"3 {e.seat} BUGANG {to_code(e.tile)}")
        assert self.adapter.wall_left == self.game.wall_left
        if self.discard_next is None:  # (on Botzone a claim is announced with the discard after it)
            assert self.adapter.counts == self.game.counts[self.me]
            assert self.adapter.melds[self.me] == self.game.melds[self.me]
        assert [len(f) for f in self.game.flowers] == self.adapter.flowers

    def my_action(self) -> Action:
        g, answer = self.game, self.answer.split()
        if g.phase == Phase.TURN:
            if self.discard_next is not None:
                tile, self.discard_next = self.discard_next, None
                return Action(ActionKind.DISCARD, tile)
            word = answer[0]
            if word == "HU":
                return Action(ActionKind.WIN)
            kind = {"PLAY": ActionKind.DISCARD, "GANG": ActionKind.CONCEALED_KONG,
                    "BUGANG": ActionKind.ADDED_KONG}[word]
            return Action(kind, from_code(answer[1]))
        word = answer[0]
        if word == "PENG":
            self.discard_next = from_code(answer[1])
            return Action(ActionKind.PUNG)
        if word == "CHI":
            self.discard_next = from_code(answer[2])
            return Action(ActionKind.CHOW, ALL_TILES[from_code(answer[1]) - 1])
        return Action({"PASS": ActionKind.PASS, "HU": ActionKind.WIN, "GANG": ActionKind.KONG}[word])

    def play(self) -> None:
        g = self.game
        self.start()
        while g.result is None:
            self.catch_up()
            asked = g.to_act()
            if self.me not in asked and g.phase != Phase.TURN:
                assert self.answer == "PASS", f"the adapter claimed {self.answer} when it may not"
            for s in asked:
                if g.result is not None or s not in g.to_act():
                    continue
                if s == self.me:
                    action = self.my_action()
                    assert action in g.legal_actions(s), (self.answer, g.legal_actions(s))
                    self.checked[action.kind] = self.checked.get(action.kind, 0) + 1
                else:
                    action = self.others[s].act(g.view(s))
                    if self.discard_next is not None and action.kind == ActionKind.WIN:
                        self.discard_next = None
                g.apply(s, action)
            if self.discard_next is not None and g.current != self.me:
                self.discard_next = None  # another seat's claim or win came first


def test_self_play_every_answer_is_legal() -> None:
    checked: dict[ActionKind, int] = {}
    for seed in range(20):
        driver = Driver(seed, seed % 4)
        driver.play()
        for kind, n in driver.checked.items():
            checked[kind] = checked.get(kind, 0) + n
    # The adapter really decided: discards, passes, claims and wins, all legal in the real game.
    assert checked[ActionKind.DISCARD] > 100 and checked[ActionKind.PASS] > 20
    assert checked[ActionKind.WIN] > 0 and checked[ActionKind.CHOW] + checked[ActionKind.PUNG] > 0


def test_replaying_takes_the_requests_as_answering_them_does() -> None:
    """``replay`` takes earlier requests without working out answers (``BotzoneSeat.take``): the seat it
    builds from each of the judge's logs is the one answering every request and noting the response gives."""
    path = Path(__file__).resolve().parent / "data" / "botzone" / "judge-logs.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        logs = [json.loads(line) for line in f]
    for k, log in enumerate(logs):
        seat_id = str(k % 4)
        entries = log["log"]
        pairs = [(entries[i]["output"]["content"][seat_id], entries[i + 1][seat_id]["response"])
                 for i in range(0, len(entries) - 1, 2) if entries[i]["output"]["command"] == "request"]
        taken, answered = BotzoneSeat(), BotzoneSeat()
        for request, response in pairs:
            taken.take(request, response)
            answered.answer(request, first)
            answered.last_response = response
        assert taken == answered
        assert replay([r for r, _ in pairs] + ["3 0 DRAW"], [a for _, a in pairs]) == taken

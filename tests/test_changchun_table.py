"""Changchun (长春麻将, seed 001) at the table: prepared walls for the special kongs at the deal, additions
robbed by a pung (抢叉) or a win (抢胡), 上听 and the 宝牌 (rolled, seen, drawn, rolled again, 对宝), the
kept stacks, kong money, the dealer, and a seeded match through ``replay --check``.

Seat 0 deals. No quiet hand below holds all the tiles of a special kong, nor is it ready.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from conformance import LIGHT, check_record, play_checked
from game_walls import prepared_game
from majiang.actions import Action, ActionKind
from majiang.bots import find_bot
from majiang.changchun import ChangchunScore, FanId
from majiang.game import Game, Match, Phase
from majiang.game.ruleset import PASS, PUNG, WIN, find_ruleset
from majiang.meld import Meld
from majiang.records import play_match
from majiang.rules.changchun.ruleset import SPECIAL_KONG, TreasureSet
from majiang.rules.changchun.state import ChangchunWall
from majiang.sim.simulate import game_seed
from majiang.tiles import Tile
from sichuan_walls import answer, discard_drawn, phase, quiet

QUIET_A = "258m258p258s369mC"
QUIET_B = "258m258p258s369pF"
READY = "111m456m789p99s34s"
"""Ready on 2s or 5s: a pung (111m), the three suits, a 1 and a 9."""


def changchun_game(hands: Sequence[str], extra: str, *, draws: str = "", last: str = "",
                   options: Sequence[str] = (), rolls: list[list[int]] | None = None,
                   dice: tuple[int, int] = (6, 9)) -> Game:
    """A Changchun hand from a prepared wall (``game_walls.prepared_game``), seat 0 dealing."""
    return prepared_game("changchun", hands, extra, draws=draws, last=last, options=options, rolls=rolls,
                         dice=dice)


def pass_opening(game: Game) -> None:
    """Every seat asked at the deal passes."""
    while game.phase is Phase.OPENING:
        for seat in game.to_act():
            game.apply(seat, PASS)


def test_the_wall_keeps_seven_stacks() -> None:
    """136 tiles, 53 dealt, the last 7 stacks (14 tiles) never drawn ("牌墙需保留最后7墩"): 69 to draw; a
    hand played out leaves exactly those 14."""
    game = changchun_game(["258m258p258s369mC", "147m147p369s369sW", "258m258p258s369pF",
                           "147m147p369m369sS"], "N")
    assert len(game.wall) == 136 and game.wall.left(0) == 69
    quiet(game)
    assert game.result is not None and game.result.exhausted
    assert len(game.wall.undrawn()) == 14


def test_a_special_kong_at_the_deal_is_added_to_and_robbed_by_a_pung() -> None:
    """The seed's own example: seat 1 lays 旋风杠 at the deal, draws another wind and adds it; seat 2 holds
    a pair of it and pungs it instead (抢叉): "玩家的补杠不再算数". Kong money at the drawn end: the 旋风杠
    alone, 1 stake from each other seat."""
    game = changchun_game([QUIET_A, "EESWN147m258p36s", "EE258m369p147s58s", "369m147p369s147sP"], "N",
                          draws="S")
    assert game.phase is Phase.OPENING and game.to_act() == [1]
    assert game.legal_actions(1) == [PASS, SPECIAL_KONG.action(Tile.EAST)]
    game.apply(1, SPECIAL_KONG.action(Tile.EAST))
    assert game.melds[1] == [Meld.parse("[ESWN,x]")]
    assert sum(game.counts[1]) == 13 - 3  # four laid, one replacement from the tail
    discard_drawn(game, 0)
    assert game.current == 1 and game.drawn == Tile.SOUTH
    added = Action(ActionKind.ADDED_KONG, Tile.EAST)
    assert added in game.legal_actions(1)
    game.apply(1, added)
    assert phase(game) is Phase.ROB and game.legal_actions(2) == [PASS, PUNG]
    game.apply(2, PUNG)
    assert phase(game) is Phase.TURN and game.current == 2
    assert game.melds[1] == [Meld.parse("[ESWN,x]")] and game.melds[2] == [Meld.parse("[EEE,1]")]
    quiet(game)
    assert game.result is not None and not game.result.wins
    assert game.hand_deltas == [-1, 3, -1, -1]


def test_an_addition_is_robbed_by_a_win() -> None:
    """抢胡: seat 3 waits on E alone (单调) and wins on the wind seat 1 adds; the addition does not count,
    and the konger pays as a discarder (放炮 +1); the 旋风杠 laid at the deal is still paid."""
    game = changchun_game([QUIET_A, "EESWN147m258p36s", "258m258p147s369pF", "111m456m789p234sE"], "N",
                          draws="S")
    game.apply(1, SPECIAL_KONG.action(Tile.EAST))
    pass_opening(game)
    discard_drawn(game, 0)
    game.apply(1, Action(ActionKind.ADDED_KONG, Tile.EAST))
    assert game.legal_actions(3) == [PASS, WIN]
    game.apply(3, WIN)
    assert game.result is not None and game.result.winners == (3,)
    win: ChangchunScore = game.result.wins[0].score
    assert [f.id for f in win.fans] == [FanId.PLAIN, FanId.DISCARD, FanId.EDGE, FanId.CLOSED]
    assert game.melds[1] == [Meld.parse("[ESWN,x]")]
    assert game.hand_deltas == [-1, -4 + 3, -1, 4 - 1]


def test_the_dealer_adds_nothing_on_its_first_turn() -> None:
    """"庄家第一手不允许补杠": the dealer's 喜杠 takes its extra 白 only from its second turn."""
    game = changchun_game(["PPFC147m258p369s", "147m147p369s369sW", QUIET_B, "369m147p258s147sS"], "N")
    game.apply(0, SPECIAL_KONG.action(Tile.WHITE))
    pass_opening(game)
    added = Action(ActionKind.ADDED_KONG, Tile.WHITE)
    assert game.current == 0 and added not in game.legal_actions(0)
    for seat in (0, 1, 2, 3):
        discard_drawn(game, seat)
    assert game.current == 0 and added in game.legal_actions(0)


def ready_game(last: str, draws: str, rolls: list[list[int]]) -> Game:
    """Seat 1 draws E and declares ready with it (上听, ``riichi E``) on 2s or 5s; the dealer and seats 2
    and 3 play along."""
    game = changchun_game([QUIET_A, READY, QUIET_B, "147m147p369s369sW"], "N", draws="E " + draws,
                          last=last, rolls=rolls)
    pass_opening(game)
    discard_drawn(game, 0)
    ready = Action(ActionKind.RIICHI, Tile.EAST)
    assert ready in game.legal_actions(1)
    game.apply(1, ready)
    if game.phase is Phase.CLAIM:
        answer(game, {})
    return game


def test_the_first_ready_seat_rolls_for_the_treasure_and_wins_with_it() -> None:
    """The roll (1+2) counts three stacks from the end: the 宝 is 7p, seen by seat 1 alone; seat 1 then
    draws a 7p and wins with it standing for 2s (宝牌 +2, 自摸, 立胡): 5 番 from each seat."""
    game = ready_game("7p S S W W S", "E E N 7p", [[1, 2]])
    assert [e.as_dict()["why"] for e in game.events if e.kind == "roll"] == ["treasure"]
    assert next(e for e in game.events if isinstance(e, TreasureSet)).again is False
    assert game.view(1).public_state.treasure == Tile.P7
    assert game.view(2).public_state.treasure is None and game.view(2).public_state.ready[1]
    # The locked hand lets only its drawn tile go.
    discard_drawn(game, 2)
    discard_drawn(game, 3)
    discard_drawn(game, 0)
    assert game.current == 1 and game.drawn == Tile.P7
    assert game.legal_actions(1) == [Action(ActionKind.DISCARD, Tile.P7), WIN]
    game.apply(1, WIN)
    assert game.result is not None
    win: ChangchunScore = game.result.wins[0].score
    assert [f.zh for f in win.fans] == ["平胡", "自摸", "宝牌", "立胡"] and win.stands_for == Tile.S2
    assert game.hand_deltas == [-5, 15, -5, -5]


def test_three_copies_out_roll_the_treasure_again_and_the_new_one_is_the_wait() -> None:
    """The 宝 is 7s; three 7s are let go, so before seat 1's draw the 宝 is rolled again (the old one put
    back in its place): two stacks from the end lies 2s, seat 1's wait, which it wins at once (对宝:
    自摸, 宝牌, 对宝, 立胡: 7 番 from each seat)."""
    game = ready_game("7s S 2s S W W", "7s 7s 7s", [[1, 2], [1, 1]])
    wall = game.wall
    assert isinstance(wall, ChangchunWall)
    first = next(e for e in game.events if isinstance(e, TreasureSet)).place
    assert game.view(1).public_state.treasure == Tile.S7 and first in wall.aside
    discard_drawn(game, 2)
    discard_drawn(game, 3)
    discard_drawn(game, 0)
    assert game.result is not None and game.result.winners == (1,)
    sets = [e for e in game.events if isinstance(e, TreasureSet)]
    assert [s.again for s in sets] == [False, True]
    assert first not in wall.aside and first in wall.undrawn()  # "原来的宝牌放回原位"
    win: ChangchunScore = game.result.wins[0].score
    assert [f.zh for f in win.fans] == ["平胡", "自摸", "宝牌", "对宝", "立胡"]
    assert game.hand_deltas == [-7, 21, -7, -7]
    tally = [e.kind for e in game.events[-4:]]
    assert tally[0] == "draw" and tally[1] == "win"  # won without a win action (G3)


def test_a_treasure_set_apart_from_the_last_tile_ends_the_hand_drawn() -> None:
    """Seat 2 declares ready with one tile left to draw: the 宝 rolled is that tile, set apart, so the hand
    is drawn (the draw used to take a tile from beyond the wall: seat 3's count went to -1). Found by the
    conformance suite's eager bots (hand 130 of ``test_every_move_is_made``)."""
    bots = ["eager", "eager", "eager", "random"]
    game, _ = play_checked(find_ruleset("changchun"), game_seed(31, 130), bots, rates=LIGHT, dealer=2)
    assert game.result is not None and game.result.exhausted
    assert [e.kind for e in game.events[-3:]] == ["roll", "treasure", "end"]


def test_the_dealer_deals_again_on_its_win_or_a_draw() -> None:
    """"庄家胡牌，则庄家继续做庄，闲家胡牌，则庄家的下一家坐庄。荒庄，则庄家继续坐庄。\""""
    rules = find_ruleset("changchun")
    match = Match(rules, seed=3, hands=8)
    bots = [find_bot("efficiency", s) for s in range(4)]
    while not match.over:
        game = match.game
        while game.phase is not Phase.OVER:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))
        dealer = game.dealer
        result = game.result
        assert result is not None
        match.next_hand()
        if match.over:
            break
        won_by_other = bool(result.wins) and result.wins[0].seat != dealer
        assert match.game.dealer == ((dealer + 1) % 4 if won_by_other else dealer)


SEED = 52
"""A seeded match (random bots, 4 hands) where the 宝 is rolled again and special kongs are laid."""


def test_a_seeded_match_with_rerolls_and_special_kongs_replays(tmp_path: Path) -> None:
    rules = find_ruleset("changchun")
    bots = [find_bot("random", SEED * 4 + s) for s in range(4)]
    match, _ = play_match(bots, seed=SEED, rules=rules, hands=4, players=[f"p{i}" for i in range(4)])
    events = [e for game in match.games for e in game.events]
    assert any(isinstance(e, TreasureSet) and e.again for e in events)
    assert any(e.kind == "lay" for e in events)
    assert check_record(rules, SEED, tmp_path, hands=4) > 0


def test_the_web_table_calls_the_ready_declaration_shang_ting() -> None:
    from majiang.web.views import view_json

    labels = view_json(Game(find_ruleset("changchun"), seed=3), 0)["declared"]
    assert labels["riichi"] == {"en": "declare ready", "zh": "上听"}
    assert view_json(Game(find_ruleset("riichi"), seed=3), 0)["declared"]["riichi"]["zh"] == "立直"

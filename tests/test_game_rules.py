"""Rule tests of the table: the Chinese Official procedure of source 003 played out on prepared walls.

Each scenario deals a known hand (see ``game_walls``), plays a script of ``"<seat> <action>"`` lines
and checks the outcome, which was worked out from the rules: the fan sums are in the comments, the
payments follow source 003 (self-drawn: each other seat pays 8 + fans; on a discard: the discarder pays
8 + fans and the other two 8; flowers count in the fans paid, not toward the 8-fan minimum).

Seats are 0-3 in turn order; the dealer is seat 0 (East) unless a layout says otherwise, so seat 1 is
South, seat 2 West, seat 3 North, and the round wind is East.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game_walls import Layout, codes, ring_from_live
from majiang.errors import IllegalActionError, InvalidActionError
from majiang.game import Action, ActionKind, Game, Phase
from majiang.hand import Hand
from majiang.mcr import McrRules, score
from majiang.meld import Meld
from majiang.notation import parse_tiles
from majiang.tiles import Tile

# -- running scenarios ---------------------------------------------------------------------------


def tiles(text: str) -> tuple[Tile, ...]:
    """Tiles from notation, sorted as a seat's concealed tiles are."""
    return tuple(sorted(parse_tiles(text)))


def legal(game: Game, seat: int) -> set[str]:
    """A seat's legal actions in text form."""
    return {a.notation() for a in game.legal_actions(seat)}


def options(game: Game) -> dict[int, set[str]]:
    """The legal actions of every seat the game waits for."""
    return {seat: legal(game, seat) for seat in game.to_act()}


def check_views(game: Game) -> None:
    """Every seat's view offers exactly its legal actions."""
    for seat in range(4):
        assert game.view(seat).legal == tuple(game.legal_actions(seat))


def census(game: Game) -> Counter[int]:
    """Where all the tiles are, by wall code: hands, melds, discards, flowers and the wall."""
    found: Counter[int] = Counter()
    for seat in range(4):
        found.update(int(t) for t in game.standing_tiles(seat))
        found.update(int(t) for m in game.melds[seat] for t in m.tiles)
        found.update(game.discards[seat])
        found.update(34 + f for f in game.flowers[seat])
    found.update(game.wall[game.wall.front:game.wall.back])
    return found


FULL_SET = Counter({**{t: 4 for t in range(34)}, **{f: 1 for f in range(34, 42)}})


def play(game: Game, lines: Sequence[str]) -> Game:
    """Apply ``"<seat> <action>"`` lines, each by a seat the game is waiting for."""
    for line in lines:
        word, text = line.split(" ", 1)
        seat = int(word)
        assert seat in game.to_act(), f"{line!r}: the game waits for seats {game.to_act()}"
        game.apply(seat, Action.parse(text))
        check_views(game)
        assert census(game) == FULL_SET
    return game


def snapshot(game: Game) -> dict[str, Any]:
    """A deep copy of the whole game state (the random generator by its state; memos left out)."""
    state = {k: copy.deepcopy(v) for k, v in vars(game).items() if k not in ("rng", "_legal")}
    state["rng"] = game.rng.getstate()
    return state


def fan_names(game: Game, winner: int = 0) -> set[str]:
    """The fans of the ``winner``-th winner of the finished hand."""
    assert game.result is not None
    return {f.name for f in game.result.scores[winner].fans}


def melds(game: Game, seat: int) -> tuple[str, ...]:
    """A seat's melds in notation."""
    return tuple(m.notation() for m in game.melds[seat])


# -- the wall break ------------------------------------------------------------------------------


class Break(NamedTuple):
    id: str
    dealer: int
    dice: tuple[int, int]
    roller: int  # the second roller
    stack: int  # the ring stack drawing starts from (the dealer's first grab)


# Ring stacks: seat 0's wall is 0-17, seat 3's 18-35, seat 2's 36-53, seat 1's 54-71 (each seat's wall
# is followed by its 上家's). The second roller counts from the dealer (1) in turn order.
BREAKS = (
    # points 5 land back on the dealer; sum 15: start at the 16th stack of seat 0's wall
    Break("sum15_dealer_rolls_again", 0, (5, 10), 0, 15),
    # points 7 land on 对家 seat 2 (wall 36-53); sum 15: its 16th stack
    Break("sum15_across", 0, (7, 8), 2, 51),
    # points 10 land on seat 3 (wall 18-35); sum 22 = 18 + 4: four stacks into 上家 seat 2's wall, the 5th
    Break("sum22_into_upper_wall", 2, (10, 12), 3, 40),
    # points 11 land on seat 2; 22 runs on into seat 1's wall (54-71), its 5th stack
    Break("sum22_seat1_wall", 0, (11, 11), 2, 58),
    # points 6 land on 下家 seat 1 (54-71); 18 stacks use up its wall: seat 0's first stack
    Break("sum18_wraps_to_ring_start", 0, (6, 12), 1, 0),
    # points 4: the dealer's 上家 rolls (dealer 1 -> seat 0); sum 15: the 16th stack of seat 0's wall
    Break("points4_upper_rolls", 1, (4, 11), 0, 15),
    # points 4, dealer 3 -> seat 2 (36-53); sum 7: its 8th stack
    Break("points4_dealer3", 3, (4, 3), 2, 43),
    # points 8 also land on 上家: dealer 2 -> seat 1 (54-71); sum 10: its 11th stack
    Break("points8_upper_rolls", 2, (8, 2), 1, 64),
    # points 12 -> 上家 seat 3 (18-35); sum 24 = 18 + 6: the 7th stack of seat 2's wall
    Break("points12_sum24", 0, (12, 12), 3, 42),
    # points 2 -> 下家: dealer 1 -> seat 2 (36-53); sum 7: its 8th stack
    Break("points2_lower_rolls", 1, (2, 5), 2, 43),
    # points 3 -> 对家: dealer 3 -> seat 1 (54-71); sum 12: its 13th stack
    Break("points3_across_rolls", 3, (3, 9), 1, 66),
)


def break_ring(stack: int) -> list[int]:
    """A ring with markers around ``stack``: the two stacks from it hold three 中 and a flower, the next
    two four 发, and the stack before it (the tail end) two 白; everything else is far from the deal."""
    red, green, white = int(Tile.RED), int(Tile.GREEN), int(Tile.WHITE)
    others = [t for t in range(34) if t not in (red, green, white) for _ in range(4)]
    by_offset = ([red, red, red, 34] + [green] * 4 + others[:50] + [red, white, white, *range(35, 42)]
                 + others[50:] + [white, white])
    assert len(by_offset) == 144
    ring = [0] * 144
    for offset, code in enumerate(by_offset):
        ring[(2 * stack + offset) % 144] = code
    return ring


@pytest.mark.parametrize("case", BREAKS, ids=lambda c: c.id)
def test_wall_break(case: Break) -> None:
    game = Game(dealer=case.dealer, wall=break_ring(case.stack), dice=case.dice)
    assert game.event_dicts()[0]["second_roller"] == case.roller
    dealer, lower = case.dealer, (case.dealer + 1) % 4
    held = [Counter(game.standing_tiles(s)) for s in range(4)]
    # The dealer's first grab is the marked pair of stacks; its flower is replaced from the tail end.
    assert held[dealer][Tile.RED] == 3 and held[dealer][Tile.WHITE] == 1
    assert game.view(dealer).flowers == tuple(1 if s == dealer else 0 for s in range(4))
    # The dealer's 下家 takes the next two stacks.
    assert held[lower][Tile.GREEN] == 4
    for s in range(4):
        if s not in (dealer, lower):
            assert held[s][Tile.RED] == held[s][Tile.GREEN] == held[s][Tile.WHITE] == 0


# -- the deal ------------------------------------------------------------------------------------

# Dealer 1: grabs of four go 1, 2, 3, 0 three times, then 跳牌: 7m (dealer), 7p, 7s, 白, 8m (dealer).
DEAL = (
    "1m1m2m2m 1p1p2p2p 1s1s2s2s EESS "
    "3m3m4m4m 3p3p4p4p 3s3s4s4s WWNN "
    "5m5m6m6m 5p5p6p6p 5s5s6s6s CCFF "
    "7m 7p 7s P 8m "
    "9p"  # the first live draw
)


def test_deal_four_by_three_then_jump() -> None:
    wall = codes(DEAL)
    pool = [t for t in range(34) for _ in range(4)] + list(range(34, 42))
    for t in wall:
        pool.remove(t)
    live = wall + pool
    game = Game(dealer=1, wall=ring_from_live(live, 1, (3, 4)), dice=(3, 4))
    assert game.standing_tiles(1) == list(tiles("1122334455667m8m"))
    assert game.standing_tiles(2) == list(tiles("1122334455667p"))
    assert game.standing_tiles(3) == list(tiles("1122334455667s"))
    assert game.standing_tiles(0) == list(tiles("EESSWWNNCCFFP"))
    assert game.to_act() == [1]
    assert game.view(1).drawn == Tile.M8  # the dealer's 14th: the fifth of the five
    assert game.wall_left == 144 - 53
    play(game, ["1 discard 8m"])  # nobody can use it: seat 2 draws the sixth of the five
    assert game.to_act() == [2] and game.view(2).drawn == Tile.P9
    assert game.wall_left == 144 - 54


# -- flowers -------------------------------------------------------------------------------------

FLOWERS_DEALT = Layout(
    hands=(
        "f 1m2m3m4m 5m6m7m8m 1p2p3p4p",
        "f f 1s2s3s4s5s6s7s8s9s EE",
        "5p6p7p8p SSWWNN PP 2s",
        "f 1m2m3m4m5m6m7m8m 1p2p3p4p",
    ),
    extra="5p",
    draws="f",
    # 补花 in order: seat 0's flower gives a flower, so seat 0 again; seat 1's two; seat 3's one;
    # then seat 1's flower drawn in play.
    tail="f C 9m 9p 9s F",
)


def test_flowers_replaced_dealer_first_then_in_turn_until_none() -> None:
    game = FLOWERS_DEALT.game()
    shown = [e["seat"] for e in game.event_dicts() if e["e"] == "flower"]
    assert shown == [0, 0, 1, 1, 3]
    assert game.view(2).flowers == (2, 2, 0, 1)
    assert game.standing_tiles(0) == list(tiles("12345678m12345pC"))
    assert game.standing_tiles(1) == list(tiles("123456789sEE9m9p"))
    assert game.standing_tiles(2) == list(tiles("5678pSSWWNNPP2s"))
    assert game.standing_tiles(3) == list(tiles("12345678m1234p9s"))
    assert game.wall_left == 144 - 53 - 5
    # A flower drawn in play is shown and replaced from the tail.
    play(game, ["0 discard C"])
    assert game.to_act() == [1] and game.view(1).drawn == Tile.GREEN
    assert game.view(0).flowers == (2, 3, 0, 1)
    assert game.wall_left == 144 - 53 - 5 - 2


# -- the 8-fan minimum, with flowers -------------------------------------------------------------

_DEALER = "1m3m6m8m 1p2p6p8p9p 1s9s EW"
_SEAT2 = "7m9m 3p5p7p 1s8s SSFFCP"
_SEAT3 = "2m5m 3p7p 2s8s9s EWNNC P"
# Seat 1's hands, dealt with flowers whose replacements (the tail) complete them:
H6 = ("f f 222m 444p 345s 5s 5m", "6s 5m")  # 222m444p345s56s55m, waits 4s 7s
H7 = ("f f f 222m 444p 345s 5s", "7s 5m 5m")  # 222m444p345s57s55m, waits 6s (坎张)
H8 = ("f f 444m 444p 345s 22s", "5s 6s")  # 444m444p345s56s22s, waits 4s 7s


class Minimum(NamedTuple):
    id: str
    hand: tuple[str, str]
    tile: str
    self_drawn: bool
    fans: int  # without flowers
    offered: bool
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)


MINIMUM = (
    # 门前清 2 + 双暗刻 2 + 断幺 2 = 6; two flowers would make 8 but do not count toward the minimum
    Minimum("six_fans_two_flowers_discard", H6, "7s", False, 6, False),
    # 不求人 4 + 双暗刻 2 + 断幺 2 = 8, + 2 flowers = 10: each pays 18
    Minimum("eight_fans_self_drawn_flowers_paid", H6, "4s", True, 8, True, (-18, 54, -18, -18)),
    # 门前清 2 + 双暗刻 2 + 断幺 2 + 坎张 1 = 7 (three flowers do not help)
    Minimum("seven_fans_three_flowers_discard", H7, "6s", False, 7, False),
    # 不求人 4 + 双暗刻 2 + 断幺 2 + 坎张 1 = 9, + 3 flowers = 12: each pays 20
    Minimum("nine_fans_self_drawn", H7, "6s", True, 9, True, (-20, 60, -20, -20)),
    # 门前清 2 + 双同刻 2 + 双暗刻 2 + 断幺 2 = 8, + 2 flowers = 10: the discarder pays 18, the others 8
    Minimum("eight_fans_discard_flowers_paid", H8, "4s", False, 8, True, (-18, 34, -8, -8)),
    # 不求人 4 + 双同刻 2 + 双暗刻 2 + 断幺 2 = 10, + 2 flowers = 12
    Minimum("ten_fans_self_drawn", H8, "7s", True, 10, True, (-20, 60, -20, -20)),
)


def minimum_layout(case: Minimum, draws: str = "3p") -> Layout:
    """The dealer discards ``case.tile`` (on a discard) or 9m, after which seat 1 draws ``case.tile``."""
    extra, first = ("9m", case.tile) if case.self_drawn else (case.tile, draws)
    return Layout((_DEALER, case.hand[0], _SEAT2, _SEAT3), extra, draws=first, tail=case.hand[1])


@pytest.mark.parametrize("case", MINIMUM, ids=lambda c: c.id)
def test_eight_fan_minimum_without_flowers(case: Minimum) -> None:
    game = minimum_layout(case).game()
    flowers = case.hand[0].split().count("f")
    assert game.view(1).flowers[1] == flowers
    play(game, [f"0 discard {'9m' if case.self_drawn else case.tile}"])
    if case.self_drawn:
        assert game.to_act() == [1] and game.view(1).drawn == parse_tiles(case.tile)[0]
    if not case.offered:
        # A complete hand, only short of the minimum.
        concealed = game.standing_tiles(1)
        if case.self_drawn:
            concealed.remove(parse_tiles(case.tile)[0])
        hand = Hand((), tuple(concealed), parse_tiles(case.tile)[0])
        how = "self-drawn" if case.self_drawn else "discard"
        assert score(hand, win_by=how, seat_wind="S").fan_total == case.fans < 8
        assert "win" not in legal(game, 1)
        return
    assert "win" in legal(game, 1)
    play(game, ["1 win"])
    assert game.result is not None and game.result.winners == (1,)
    assert game.result.scores[0].fan_total == case.fans
    assert game.result.scores[0].total == case.fans + flowers
    assert game.result.scores[0].flowers == flowers
    assert game.result.deltas == case.deltas and tuple(game.totals) == case.deltas
    assert sum(game.result.deltas) == 0


def test_false_win_is_an_error_by_default() -> None:
    game = minimum_layout(MINIMUM[0]).game()
    play(game, ["0 discard 7s"])
    assert options(game) == {1: {"pass", "chow 5s"}}
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="win"):
        game.apply(1, Action(ActionKind.WIN))
    assert snapshot(game) == before


def test_false_win_penalty_and_play_goes_on() -> None:
    rules = McrRules(false_win="penalty")
    game = minimum_layout(MINIMUM[0], draws="3p 9s").game(rules, totals=(5, 5, -5, -5))
    play(game, ["0 discard 7s", "1 win"])  # 6 fans on a discard: 错和
    assert game.totals == [15, -25, 5, 5]
    # The false claim counts as a pass: nobody else wanted the tile, so seat 1 draws.
    assert game.phase == Phase.TURN and game.to_act() == [1] and game.view(1).drawn == Tile.P3
    play(game, ["1 win"])  # not a win on its own draw either: pays again, still its turn
    assert game.totals == [25, -55, 15, 15] and sum(game.totals) == 0
    assert game.to_act() == [1] and game.result is None
    play(game, ["1 discard 3p"])
    assert game.to_act() == [2] and game.view(2).drawn == Tile.S9


# -- claims --------------------------------------------------------------------------------------

# The dealer discards 9p: seat 1 (下家) can chow it with 78p, seat 2 pung or kong it with 999p,
# seat 3 win on it: 789m78p789sSSS22s + 9p = 三色三同顺 8 + 门前清 2 + 幺九刻 (SSS, not its wind) 1 = 11.
PRIORITY = Layout(
    hands=(
        "1m2m4m5m7m8m 1s4s5s EWNC",
        "7p8p1p3p5p 3m6m9m 3s6s9s WN",
        "9p9p9p 2m6m9m 2s6s8s 2p4p6p F",
        "789m 78p 789s SSS 22s",
    ),
    extra="9p",
    draws="2p",
    tail="P",
)


class Claim(NamedTuple):
    id: str
    responses: tuple[str, ...]
    winners: tuple[int, ...] = ()
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    turn: int | None = None  # whose turn it is afterwards
    meld: str | None = None  # the meld that seat made
    drawn: str | None = None  # what it drew (None: nothing, it must discard)


CLAIMS = (
    # win beats pung, kong and chow, whatever order the answers come in: 8 + 11 from the discarder
    Claim("win_beats_pung_and_chow", ("1 chow 7p", "2 pung", "3 win"), (3,), (-19, -8, -8, 35)),
    Claim("win_beats_kong_answered_first", ("3 win", "2 kong", "1 chow 7p"), (3,), (-19, -8, -8, 35)),
    Claim("pung_beats_chow", ("1 chow 7p", "2 pung", "3 pass"), turn=2, meld="[999p,2]"),
    Claim("kong_beats_chow", ("3 pass", "1 chow 7p", "2 kong"), turn=2, meld="[9999p,2]", drawn="P"),
    Claim("chow_when_no_one_else", ("2 pass", "3 pass", "1 chow 7p"), turn=1, meld="[789p,3]"),
    Claim("all_pass_next_draws", ("1 pass", "2 pass", "3 pass"), turn=1, drawn="2p"),
)


@pytest.mark.parametrize("case", CLAIMS, ids=lambda c: c.id)
def test_claim_priority(case: Claim) -> None:
    game = play(PRIORITY.game(), ["0 discard 9p"])
    assert options(game) == {1: {"pass", "chow 7p"}, 2: {"pass", "pung", "kong"}, 3: {"pass", "win"}}
    play(game, case.responses)
    if case.winners:
        assert game.result is not None and game.result.winners == case.winners
        assert game.result.payer == 0 and not game.result.self_drawn
        assert game.result.scores[0].total == 11
        assert game.result.deltas == case.deltas and sum(case.deltas) == 0
        return
    assert game.result is None and game.phase == Phase.TURN and game.to_act() == [case.turn]
    seat = case.turn
    assert seat is not None
    assert melds(game, seat) == ((case.meld,) if case.meld else ())
    # A claimed discard leaves the discarder's pond; an unclaimed one stays.
    assert game.view(3).discards[0] == (() if case.meld else (Tile.P9,))
    drawn = game.view(seat).drawn
    assert drawn == (parse_tiles(case.drawn)[0] if case.drawn else None)
    used = 1 if case.drawn else 0
    assert game.wall_left == 144 - 53 - used


def test_melded_kong_cannot_be_robbed() -> None:
    # Seat 3 waits on 9p but passed; the kong made from the discard is not open to robbing.
    game = play(PRIORITY.game(), ["0 discard 9p", "1 pass", "3 pass", "2 kong"])
    assert game.phase == Phase.TURN and game.to_act() == [2]
    assert "win" not in legal(game, 3)


_CHOW_HANDS = (
    "1m2m4m5m7m8m 1s4s5s EWNC",
    "7p8p1p3p 3m6m9m 3s6s9s WNS",
    "7p8p2p4p 2m6m9m 2s6s8s FFP",
    "7p8p2p5p 3m6m1m 2s3s7s SSP",
)


@pytest.mark.parametrize("dealer", range(4))
def test_only_the_next_seat_may_chow(dealer: int) -> None:
    # Every other seat holds 78p; only the discarder's 下家 is offered the chow.
    hands = tuple(_CHOW_HANDS[(seat - dealer) % 4] for seat in range(4))
    layout = Layout((hands[0], hands[1], hands[2], hands[3]), "9p", dealer=dealer)
    game = play(layout.game(), [f"{dealer} discard 9p"])
    lower = (dealer + 1) % 4
    assert options(game) == {lower: {"pass", "chow 7p"}}
    for seat in range(4):
        if seat != lower:
            assert game.legal_actions(seat) == []
            with pytest.raises(IllegalActionError):
                game.apply(seat, Action.parse("chow 7p"))


# Two seats waiting on 9p. A: 123m123p123s99pEE + 9p = 三色三同顺 8 + 全带幺 4 + 门前清 2 + 幺九刻 1 = 15
# (A may also pung). B: 789m78p789sSSS22s + 9p = 三色三同顺 8 + 门前清 2 + SSS: 幺九刻 1 (11), or
# 门风刻 2 when B sits South (12).
_A = "123m 123p 123s 99p EE"
_B = "789m 78p 789s SSS 22s"
_D = "1m2m4m5m7m8m 1s4s5s EWNC"
_J = "3m4m6m 5p6p 4s6s8s WNFFP"
TWO_WAITING = {
    0: Layout((_D, _J, _A, _B), "9p"),  # A West, B North
    2: Layout((_J, _A, _D, _B), "9p", dealer=2),  # dealer 2: B at seat 3 is South, A at seat 1 North
}


class Several(NamedTuple):
    id: str
    dealer: int
    several: bool
    responses: tuple[str, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    deltas: tuple[int, int, int, int]


SEVERAL = (
    # one winner: the first after the discarder (seat 2 before seat 3)
    Several("first_after_discarder", 0, False, ("3 win", "2 win"), (2,), (15,), (-23, -8, 39, -8)),
    # the first passes or pungs: the next one wins
    Several("next_if_first_pungs", 0, False, ("2 pung", "3 win"), (3,), (11,), (-19, -8, -8, 35)),
    # counting goes round the table: after seat 2 comes seat 3, then 0, then 1
    Several("first_after_discarder_wraps", 2, False, ("1 win", "3 win"), (3,), (12,), (-8, -8, -20, 36)),
    Several("wraps_first_passes", 2, False, ("1 win", "3 pass"), (1,), (15,), (-8, 39, -23, -8)),
    # several winners: each is paid 8 + fans by the discarder and 8 by the seat that did not win
    Several("both_win", 0, True, ("2 win", "3 win"), (2, 3), (15, 11), (-42, -16, 31, 27)),
    Several("both_win_wraps", 2, True, ("3 win", "1 win"), (3, 1), (12, 15), (-16, 31, -43, 28)),
    Several("several_one_passes", 0, True, ("2 pass", "3 win"), (3,), (11,), (-19, -8, -8, 35)),
)


@pytest.mark.parametrize("case", SEVERAL, ids=lambda c: c.id)
def test_two_seats_win_on_one_discard(case: Several) -> None:
    game = TWO_WAITING[case.dealer].game(McrRules(several_winners=case.several))
    play(game, [f"{case.dealer} discard 9p"])
    assert all("win" in actions for actions in options(game).values()) and len(options(game)) == 2
    play(game, case.responses)
    assert game.result is not None
    assert game.result.winners == case.winners and game.result.payer == case.dealer
    assert tuple(r.total for r in game.result.scores) == case.totals
    assert game.result.deltas == case.deltas and sum(case.deltas) == 0


# -- no furiten, and 和绝张 from the table --------------------------------------------------------

_FURITEN_HANDS = (
    "1m2m4m5m7m8m 1s4s5s EWNC",
    "3m4m6m 5p6p 4s6s8s WNFPE",
    "9p9p 2m6m9m 2p4p 3s6s9s FCW",
    "789m 78p 789s SSS 22s",
)
_NO_9P = "1p1p 2m6m9m 2p4p 3s6s9s FCW"  # seat 2 without the pair of 9p


class Table(NamedTuple):
    id: str
    seat2: str
    draws: str
    lines: tuple[str, ...]
    first: dict[int, set[str]]  # the options on the dealer's 9p
    payer: int | None  # None: self-drawn
    total: int
    last_copy: bool  # 和绝张 expected
    deltas: tuple[int, int, int, int]


# Seat 3 waits on 9p: 三色三同顺 8 + 门前清 2 + 幺九刻 1 = 11 on a discard.
TABLE = (
    # Seat 3 passes the dealer's 9p and wins on seat 1's 9p: no furiten. One other copy in sight.
    Table("passed_win_then_wins_same_tile", _FURITEN_HANDS[2], "9p",
          ("0 discard 9p", "3 pass", "2 pass", "1 discard 9p", "2 pass", "3 win"),
          {2: {"pass", "pung"}, 3: {"pass", "win"}}, 1, 11, False, (-8, -19, -8, 35)),
    # Two copies discarded before the one won on: the third copy is not the last one.
    Table("third_copy_is_not_the_last", _NO_9P, "9p 9p",
          ("0 discard 9p", "3 pass", "1 discard 9p", "3 pass", "2 discard 9p", "3 win"),
          {3: {"pass", "win"}}, 2, 11, False, (-8, -8, -19, 35)),
    # Seat 2 pungs the first 9p; the last one is discarded: 和绝张 4 -> 15.
    Table("pung_and_discard_in_sight", _FURITEN_HANDS[2], "P 9p",
          ("0 discard 9p", "3 pass", "2 pung", "2 discard F", "3 discard P", "0 discard 9p", "3 win"),
          {2: {"pass", "pung"}, 3: {"pass", "win"}}, 0, 15, True, (-23, -8, -8, 39)),
    # Three discarded, the last drawn: 三色三同顺 8 + 不求人 4 + 幺九刻 1 + 和绝张 4 = 17, each pays 25.
    Table("three_discarded_last_self_drawn", _NO_9P, "9p 9p 9p",
          ("0 discard 9p", "3 pass", "1 discard 9p", "3 pass", "2 discard 9p", "3 pass", "3 win"),
          {3: {"pass", "win"}}, None, 17, True, (-25, -25, -25, 75)),
)


@pytest.mark.parametrize("case", TABLE, ids=lambda c: c.id)
def test_no_furiten_and_last_copy(case: Table) -> None:
    hands = _FURITEN_HANDS
    game = Layout((hands[0], hands[1], case.seat2, hands[3]), "9p", draws=case.draws).game()
    play(game, case.lines[:1])
    assert options(game) == case.first
    play(game, case.lines[1:])
    assert game.result is not None and game.result.winners == (3,) and game.result.payer == case.payer
    assert game.result.self_drawn == (case.payer is None)
    assert game.result.scores[0].total == case.total
    assert ("和绝张" in fan_names(game)) == case.last_copy
    assert game.result.deltas == case.deltas


# -- kongs ---------------------------------------------------------------------------------------

# The dealer holds 2222m 345p 567p 456s and 8s; after the concealed kong it waits on 8s alone. Seat 3
# waits on 2m (13m 789m 789p 789s EE), which the concealed kong may not be robbed for.
_KONG_DEALER = "2m2m2m2m 3p4p5p5p6p7p 4s5s6s"
_KONG_SEAT3 = "1m3m 789m 789p 789s EE"


class KongWin(NamedTuple):
    id: str
    tail: str
    rules: McrRules
    total: int
    flowers: int
    kong_fan: bool  # 杠上开花 expected


KONG_WINS = (
    # 杠上开花 8 + 不求人 4 + 暗杠 2 + 断幺 2 + 单钓将 1 = 17 (no 自摸): each pays 25
    KongWin("replacement_wins", "8s", McrRules(), 17, 0, True),
    # the replacement is a flower; with the option on, its own replacement still counts as the kong's
    KongWin("after_flower_kept", "f 8s", McrRules(kong_flower_counts=True), 18, 1, True),
    # source 003, the default: 补花和牌计自摸分，不计杠上开花
    # -> 不求人 4 + 暗杠 2 + 断幺 2 + 单钓将 1 = 9, + 1 flower
    KongWin("after_flower_as_self_drawn", "f 8s", McrRules(), 10, 1, False),
)


@pytest.mark.parametrize("case", KONG_WINS, ids=lambda c: c.id)
def test_concealed_kong_replacement_and_kong_win(case: KongWin) -> None:
    game = Layout((_KONG_DEALER, "", "", _KONG_SEAT3), "8s", tail=case.tail).game(case.rules)
    assert "concealed-kong 2m" in legal(game, 0) and "win" not in legal(game, 0)
    play(game, ["0 concealed-kong 2m"])
    # Not open to robbing: straight on to the dealer's replacement from the tail.
    assert game.phase == Phase.TURN and game.to_act() == [0]
    assert game.view(0).drawn == Tile.S8 and game.view(0).flowers[0] == case.flowers
    assert game.wall_left == 144 - 53 - 1 - case.flowers
    assert melds(game, 0) == ("[2222m]",)
    assert "win" in legal(game, 0)
    play(game, ["0 win"])
    assert game.result is not None and game.result.self_drawn and game.result.winners == (0,)
    assert game.result.scores[0].total == case.total
    assert ("杠上开花" in fan_names(game)) == case.kong_fan and "自摸" not in fan_names(game)
    each = 8 + case.total
    assert game.result.deltas == (3 * each, -each, -each, -each)


def test_melded_kong_replacement_wins() -> None:
    # Seat 2 kongs the dealer's 5s and draws E from the tail: 杠上开花 8 + 明杠 1 + 单钓将 1 = 10
    # ([5555s] 234m 678m 345p EE), no 自摸: each pays 18.
    layout = Layout((_DEALER, _SEAT2, "5s5s5s 234m 678m 345p E", _SEAT3), "5s", tail="E")
    game = play(layout.game(), ["0 discard 5s"])
    assert options(game) == {2: {"pass", "pung", "kong"}}
    play(game, ["2 kong"])
    assert melds(game, 2) == ("[5555s,2]",) and game.view(2).drawn == Tile.EAST
    assert game.wall_left == 144 - 53 - 1
    play(game, ["2 win"])
    assert game.result is not None and game.result.winners == (2,) and game.result.self_drawn
    assert game.result.scores[0].total == 10 and "杠上开花" in fan_names(game)
    assert game.result.deltas == (-18, -18, 54, -18)


def test_concealed_kong_is_face_down_to_others() -> None:
    game = play(Layout((_KONG_DEALER, "", "", _KONG_SEAT3), "8s", tail="8s").game(), ["0 concealed-kong 2m"])
    own = game.view(0)
    assert own.melds[0] == (Meld.parse("[2222m]"),) and own.hidden_kongs == (0, 0, 0, 0)
    for seat in (1, 2, 3):
        view = game.view(seat)
        assert view.melds[0] == () and view.hidden_kongs == (1, 0, 0, 0)
        assert Tile.M2 not in view.standing


# Seat 1 pungs the dealer's 9p (seat 3, waiting on 9p, passes), later draws the last 9p and adds it.
ROB = Layout(
    hands=(
        "1m2m4m5m7m8m 1s4s5s EWNC",
        "9p9p 3m4m6m 5p6p 4s6s8s FPE",
        "2m6m9m 2p4p 3s6s9s FCW 1p3p",
        "789m 78p 789s SSS 22s",
    ),
    extra="9p",
    draws="N P C 9p",
    tail="E",
)
_ROB_LINES = ("0 discard 9p", "3 pass", "1 pung", "1 discard F", "2 discard N", "3 discard P",
              "0 discard C")


def test_added_kong_robbed_and_the_konger_pays() -> None:
    game = play(ROB.game(), _ROB_LINES)
    assert game.view(1).drawn == Tile.P9 and "added-kong 9p" in legal(game, 1)
    play(game, ["1 added-kong 9p"])
    assert game.phase == Phase.ROB and options(game) == {3: {"pass", "win"}}
    play(game, ["3 win"])
    assert game.result is not None and game.result.winners == (3,) and game.result.payer == 1
    # 抢杠和 8 + 三色三同顺 8 + 门前清 2 + 幺九刻 1 = 19 (抢杠和 excludes 和绝张): the konger pays 27
    assert game.result.scores[0].total == 19
    assert "抢杠和" in fan_names(game) and "和绝张" not in fan_names(game)
    assert game.result.deltas == (-8, -27, -8, 43)
    # The kong was never made.
    assert melds(game, 1) == ("[999p]",) and Tile.P9 not in game.standing_tiles(1)


def test_added_kong_not_robbed_completes_with_replacement() -> None:
    game = play(ROB.game(), [*_ROB_LINES, "1 added-kong 9p", "3 pass"])
    assert game.phase == Phase.TURN and game.to_act() == [1]
    assert melds(game, 1) == ("[9999p,5]",)
    assert game.view(1).drawn == Tile.EAST and game.wall_left == 144 - 53 - 4 - 1


# -- the end of the wall -------------------------------------------------------------------------

# All eight flowers are dealt (to seats 0 and 1), so after 补花 83 tiles remain and, with every tile
# drawn and let go, the 83rd draw (the last tile, 6s) falls to seat 83 % 4 = 3.
_END_SEAT0 = ("f f f f 7s8s 1m4m7m 2p9p EW", "C C F F")
_END_SEAT1 = ("f f f f 6s6s 3m9m 3p6p 2sWS", "P P 5p 8p")
_END_JUNK = "8m8m6m 1p5p7p 1s9s9s EESN"
_END_H7 = "222m 444p 345s 57s 55m"


def end_layout(seat1: str, seat2: str, seat3: str) -> Layout:
    return Layout((_END_SEAT0[0], seat1, seat2, seat3), "N", tail=_END_SEAT0[1] + " " + _END_SEAT1[1],
                  last="6s")


def to_last_of_wall(game: Game) -> Game:
    """Play on, every seat letting its draw go and passing every claim, until the last tile is drawn."""
    play(game, ["0 discard N"])
    while game.wall_left > 0:
        assert game.phase != Phase.OVER
        if game.phase == Phase.TURN:
            seat = game.current
            drawn = game.view(seat).drawn
            assert drawn is not None
            play(game, [f"{seat} discard {drawn.notation()}"])
        else:
            play(game, [f"{seat} pass" for seat in game.to_act()])
    assert game.phase == Phase.TURN and game.to_act() == [3]
    assert game.view(3).drawn == Tile.S6
    return game


def test_last_discard_only_a_win_haidi() -> None:
    game = to_last_of_wall(end_layout(_END_SEAT1[0], _END_H7, _END_JUNK).game())
    play(game, ["3 discard 6s"])
    # Seat 0 (下家) holds 78s and seat 1 holds 66s, but the last discard may only be won on.
    assert {Tile.S7, Tile.S8} <= set(game.standing_tiles(0))
    assert Counter(game.standing_tiles(1))[Tile.S6] == 2
    assert options(game) == {2: {"pass", "win"}}
    play(game, ["2 win"])
    assert game.result is not None and game.result.winners == (2,) and game.result.payer == 3
    # 海底捞月 8 + 门前清 2 + 双暗刻 2 + 断幺 2 + 坎张 1 = 15
    assert game.result.scores[0].total == 15 and "海底捞月" in fan_names(game)
    assert game.result.deltas == (-8, -8, 39, -23)


def test_wall_exhausted_after_last_discard_no_payments() -> None:
    layout = end_layout(_END_SEAT1[0], _END_H7, _END_JUNK)
    game = to_last_of_wall(layout.game(totals=(12, -4, -4, -4)))
    play(game, ["3 discard 6s", "2 pass"])
    assert game.phase == Phase.OVER and game.result is not None
    assert game.result.exhausted and game.result.winners == ()
    assert game.result.deltas == (0, 0, 0, 0) and game.totals == [12, -4, -4, -4]


def test_last_of_wall_self_drawn_miaoshou() -> None:
    game = to_last_of_wall(end_layout(_END_SEAT1[0], _END_JUNK, _END_H7).game())
    assert "win" in legal(game, 3)
    play(game, ["3 win"])
    assert game.result is not None and game.result.winners == (3,) and game.result.self_drawn
    # 妙手回春 8 + 不求人 4 + 双暗刻 2 + 断幺 2 + 坎张 1 = 17 (no 自摸): each pays 25
    assert game.result.scores[0].total == 17
    assert "妙手回春" in fan_names(game) and "自摸" not in fan_names(game)
    assert game.result.deltas == (-25, -25, -25, 75)


def test_no_kong_when_the_wall_is_empty() -> None:
    layout = end_layout("f f f f 1m1m 3m9m 3p6p 2sWS", _END_JUNK, "6s6s6s 3m5m 2p6p 3s8s FFCP")
    game = to_last_of_wall(layout.game())
    assert Counter(game.standing_tiles(3))[Tile.S6] == 4
    assert "concealed-kong 6s" not in legal(game, 3)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="concealed-kong 6s"):
        game.apply(3, Action.parse("concealed-kong 6s"))
    assert snapshot(game) == before
    play(game, ["3 discard 6s"])
    assert game.result is not None and game.result.exhausted


# -- views ---------------------------------------------------------------------------------------


def test_view_does_not_depend_on_others_standing_tiles() -> None:
    # Seats 2 and 3 swap hands: what seats 0 and 1 see is the same.
    h = PRIORITY.hands
    swapped = Layout((h[0], h[1], h[3], h[2]), PRIORITY.extra, draws=PRIORITY.draws, tail=PRIORITY.tail)
    first, second = PRIORITY.game(), swapped.game()
    for lines in ([], ["0 discard 9p"]):
        play(first, lines)
        play(second, lines)
        for seat in (0, 1):
            assert first.view(seat) == second.view(seat)
    assert first.view(2) != second.view(2)


def test_views_show_the_table() -> None:
    game = play(PRIORITY.game(), ["0 discard 9p", "1 pass", "2 pung", "3 pass", "2 discard F"])
    for seat in range(4):
        view = game.view(seat)
        assert view.standing == tuple(game.standing_tiles(seat))
        assert view.melds[2] == (Meld.parse("[999p,2]"),)
        assert view.discards == ((), (), (Tile.GREEN,), ())
        assert view.last_discard == (2, Tile.GREEN)
        assert view.wall_left == game.wall_left and view.dealer == 0
        assert view.drawn == (Tile.P2 if seat == 3 else None)  # seat 3 drew 2p; only it sees what
    assert game.view(1).seat_wind == Tile.SOUTH and game.view(0).round_wind == Tile.EAST


# -- illegal actions -----------------------------------------------------------------------------


class Illegal(NamedTuple):
    id: str
    before: tuple[str, ...]
    seat: int
    action: str


ILLEGAL = (
    Illegal("wrong_seat_on_turn", (), 1, "discard 3m"),
    Illegal("pass_on_own_turn", (), 0, "pass"),
    Illegal("pung_on_own_turn", (), 0, "pung"),
    Illegal("tile_not_held", (), 0, "discard 3p"),
    Illegal("kong_without_four", (), 0, "concealed-kong 1m"),
    Illegal("added_kong_without_pung", (), 0, "added-kong 9p"),
    Illegal("win_without_a_win", (), 0, "win"),
    Illegal("discarder_answers_own_discard", ("0 discard 9p",), 0, "pass"),
    Illegal("discard_while_claims_open", ("0 discard 9p",), 2, "discard 9p"),
    Illegal("chow_not_held", ("0 discard 9p",), 1, "chow 8p"),
    Illegal("pung_without_pair", ("0 discard 9p",), 3, "pung"),
    Illegal("chow_from_across", ("0 discard 9p",), 2, "chow 7p"),
    Illegal("chow_from_the_right", ("0 discard 9p",), 3, "chow 7p"),
    Illegal("win_on_nothing", ("0 discard 9p",), 1, "win"),
    Illegal("answer_twice", ("0 discard 9p", "1 pass"), 1, "chow 7p"),
    Illegal("discard_after_the_end", ("0 discard 9p", "1 pass", "2 pass", "3 win"), 0, "discard 1m"),
    Illegal("pass_after_the_end", ("0 discard 9p", "1 pass", "2 pass", "3 win"), 1, "pass"),
    Illegal("win_after_the_end", ("0 discard 9p", "1 pass", "2 pass", "3 win"), 3, "win"),
)


@pytest.mark.parametrize("case", ILLEGAL, ids=lambda c: c.id)
def test_illegal_action_changes_nothing(case: Illegal) -> None:
    game = play(PRIORITY.game(), case.before)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(case.seat, Action.parse(case.action))
    assert str(caught.value)
    assert snapshot(game) == before


def test_not_an_action_is_invalid() -> None:
    game = PRIORITY.game()
    before = snapshot(game)
    bogus: Any = "discard 1m"
    with pytest.raises(InvalidActionError, match="not an Action"):
        game.apply(0, bogus)
    assert snapshot(game) == before


# -- determinism and invariants under random play ------------------------------------------------


def declare_false_win(game: Game, seat: int) -> None:
    """Declare a win that is not one: an error that changes nothing, or the 错和 penalty."""
    rules = game.rules
    assert isinstance(rules, McrRules)
    before = snapshot(game)
    if rules.false_win == "error":
        with pytest.raises(IllegalActionError):
            game.apply(seat, Action(ActionKind.WIN))
        assert snapshot(game) == before
        return
    game.apply(seat, Action(ActionKind.WIN))
    paid = [s - b for s, b in zip(game.totals, before["totals"], strict=True)]
    if game.result is not None:
        # The false claim counted as a pass, and the other answers settled the discard: the win's
        # payments are the end event's (the result's deltas hold the whole hand, penalties included).
        assert seat not in game.result.winners
        won = game.event_dicts()[-1]["deltas"]
        paid = [p - d for p, d in zip(paid, won, strict=True)]
    assert paid == [-30 if s == seat else 10 for s in range(4)]


def random_play(game: Game, rng: random.Random, check: Callable[[Game], None] | None = None,
                false_wins: float = 0.0) -> list[dict[str, Any]]:
    """Play random legal actions to the end (a win when offered, mostly), now and then declaring a
    false win, and checking as it goes."""
    for _ in range(2000):
        if game.phase == Phase.OVER:
            return game.event_dicts()
        seats = game.to_act()
        assert seats, "a hand in play must wait for someone"
        for seat in seats:
            assert game.legal_actions(seat), f"seat {seat} is asked to act but may do nothing"
        seat = rng.choice(seats)
        actions = game.legal_actions(seat)
        wins = [a for a in actions if a.kind == ActionKind.WIN]
        if not wins and rng.random() < false_wins:
            declare_false_win(game, seat)
        else:
            game.apply(seat, wins[0] if wins and rng.random() < 0.8 else rng.choice(actions))
        if check is not None:
            check(game)
    raise AssertionError("the hand did not end")


def test_same_seed_same_hand() -> None:
    first = random_play(Game(seed=2024), random.Random(5))
    second = random_play(Game(seed=2024), random.Random(5))
    assert first == second
    other = Game(seed=2025)
    assert other.event_dicts()[0]["ring"] != first[0]["ring"]


def check_invariants(game: Game) -> None:
    found = census(game)
    assert found == FULL_SET and sum(found.values()) == 144
    check_views(game)
    if game.phase == Phase.OVER:
        assert game.result is not None and sum(game.result.deltas) == 0


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), several=st.booleans(),
       penalty=st.booleans())
def test_random_play_keeps_every_tile(seed: int, choices: int, several: bool, penalty: bool) -> None:
    rules = McrRules(several_winners=several, false_win="penalty" if penalty else "error")
    game = Game(rules, seed=seed, dealer=seed % 4)
    check_invariants(game)
    random_play(game, random.Random(choices), check_invariants, false_wins=0.02)
    assert sum(game.totals) == 0

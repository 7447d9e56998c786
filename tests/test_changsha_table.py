"""Changsha (长沙麻将, seed 004) at the table: prepared walls for each rule the ruleset plays, payments worked
out by hand from the seed's figures (docs/changsha.md), and a recorded match through ``replay --check``.

Seat 0 deals unless a test says otherwise. Every hand below holds the three suits, a 2, 5 or 8 and no
four alike, so no opening win is offered unless a test means it. ``birds=0`` keeps a test's payments
to the win's own; the bird tests draw them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from conformance import check_record
from game_walls import codes, prepared_game
from majiang.actions import Action
from majiang.bots import EfficiencyBot
from majiang.changsha import ChangshaScore
from majiang.game import Game, Match, Phase
from majiang.game.ruleset import PASS, WIN, find_ruleset
from majiang.game.wall import Wall
from majiang.rules.changsha.ruleset import ChangshaRules, _top_of_stack
from majiang.tiles import Tile
from sichuan_walls import act, answer, discard_drawn, phase, quiet

DEALER = "159m159p139s2468m"
"""The dealer's 13 (its 14th is given apart): far from ready, no win on anything below."""
QUIET = "147m147p147s3678p"
"""A seat that only plays along."""
QUIET2 = "147m147p147s2678p"
"""Another."""
FILLER = "234p234p77m11s66s2s"
"""A third, for the kong tests (it holds no 7p)."""
SMALL = "123m456p789s234s5s"
"""Ready for a small win on 2s or 5s (a 2/5/8 pair either way)."""
PUNGS = "888m333p666s99s55s"
"""Ready for 碰碰胡 on 9s or 5s."""


def changsha_game(hands: Sequence[str], extra: str, *, draws: str = "", last: str = "",
                  options: Sequence[str] = ("birds=0",), rolls: list[list[int]] | None = None,
                  dealer: int = 0, dice: tuple[int, int] = (6, 9)) -> Game:
    """A Changsha hand dealt from a prepared wall (``game_walls.prepared_game``)."""
    return prepared_game("changsha", hands, extra, draws=draws, last=last, options=options, rolls=rolls,
                         dealer=dealer, dice=dice)


def payments(game: Game) -> tuple[int, ...]:
    """The hand's score changes so far (everything paid: opening wins, wins with their birds)."""
    return tuple(game.hand_deltas)


def win_names(game: Game, seat: int) -> list[str]:
    score = next(w.score for w in game.wins if w.seat == seat)
    assert isinstance(score, ChangshaScore)
    return [w.zh for w in score.wins]


def events(game: Game, kind: str) -> list[dict[str, object]]:
    return [e for e in game.event_dicts() if e["e"] == kind]


# -- the ruleset --------------------------------------------------------------------------------------

def test_registered_with_aliases_and_options() -> None:
    for name in ("changsha", "长沙", "长沙麻将"):
        assert isinstance(find_ruleset(name), ChangshaRules)
    rules = find_ruleset("changsha", ["birds=3", "bird_mode=double"])
    assert isinstance(rules, ChangshaRules)
    assert (rules.scoring.birds, rules.scoring.bird_mode) == (3, "double")
    assert sorted(rules.wall_tiles()) == [t for t in range(27) for _ in range(4)]
    assert rules.match_length() == 8
    helps = rules.describer().option_help()
    assert set(helps) == {o.name for o in rules.option_schema()}
    assert next(o for o in rules.option_schema() if o.name == "birds").maximum == 6


# -- opening wins (起手小胡) ----------------------------------------------------------------------------

OPENING_HANDS = [DEALER, "134679m134679p1s", "123456789m1234p", "345m345p345s678m9s"]
"""Seat 1 holds no 2, 5 or 8 (板板胡); seat 2 no bamboo (缺一色)."""


@pytest.mark.parametrize(("declare", "expected"), [
    ({1}, (-2, 4, -1, -1)),          # 闲家's small self-draw: the dealer 2, the others 1
    ({2}, (-2, -1, 4, -1)),
    ({1, 2}, (-4, 3, 3, -2)),
    (set(), (0, 0, 0, 0)),
])
def test_opening_wins_declared_and_paid(declare: set[int], expected: tuple[int, ...]) -> None:
    game = changsha_game(OPENING_HANDS, "9p")
    assert game.phase is Phase.OPENING and sorted(game.to_act()) == [1, 2]
    assert game.legal_actions(1) == [PASS, Action.parse("opening-win")]
    for seat in (1, 2):
        act(game, seat, "opening-win" if seat in declare else "pass")
    assert payments(game) == expected
    assert [e["seat"] for e in events(game, "opening-win")] == sorted(declare)
    assert [e["reason"] for e in events(game, "payment")] == ["opening-win"] * len(declare)
    # Shown, and play goes on with the dealer's first turn.
    assert phase(game) is Phase.TURN and game.current == 0
    shown = game.rules.public_state(game, 3).shown
    assert [bool(s) for s in shown] == [s in declare for s in range(4)]
    if 1 in declare:
        assert game.rules.describer().seat_badges(game.rules.public_state(game, 0))[1] == "起手 板板胡"


def test_a_bot_declares_its_opening_win() -> None:
    game = changsha_game(OPENING_HANDS, "9p")
    assert EfficiencyBot(seed=1).act(game.view(1)) == Action.parse("opening-win")


# -- wins --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("seat2", "seat3", "draw", "winners", "expected", "names"), [
    # Seat 1 lets go what it draws; seat 2's small win on a 闲家's discard: that seat pays 1.
    (SMALL, QUIET2, "5s", [2], (0, -1, 1, 0), ["小胡"]),
    # 碰碰胡 on a 闲家's discard: 6.
    (QUIET2, PUNGS, "9s", [3], (0, -6, 0, 6), ["碰碰胡"]),
    # 1s gives 123s and a pair of 4s: neither a small win (no 2/5/8 pair) nor a big one: no win.
    ("123m456p789s234s4s", QUIET2, "1s", [], (0, 0, 0, 0), []),
])
def test_wins_on_a_discard(seat2: str, seat3: str, draw: str, winners: list[int],
                           expected: tuple[int, ...], names: list[str]) -> None:
    game = changsha_game([DEALER, QUIET, seat2, seat3], "9m", draws=draw)
    discard_drawn(game, 0)
    act(game, 1, f"discard {draw}")
    if not winners:
        assert game.phase is not Phase.CLAIM or all(WIN not in game.legal_actions(s) for s in (2, 3))
        assert Tile.parse(draw) in game.waits[2]  # the wait is there; the win check says no
        return
    answer(game, {s: "win" for s in winners})
    assert game.phase is Phase.OVER and payments(game) == expected
    assert win_names(game, winners[0]) == names


@pytest.mark.parametrize(("seat2", "seat3", "winner", "expected", "names"), [
    # 地胡: a 闲家 wins on the dealer's first discard, the dealer pays 7.
    (SMALL, QUIET2, 2, (-7, 0, 7, 0), ["地胡"]),
    # 地胡 and 碰碰胡: two big wins, 7 each.
    (QUIET2, "888m333p666s999s5s", 3, (-14, 0, 0, 14), ["地胡", "碰碰胡"]),
])
def test_earthly_win_on_the_dealers_first_discard(seat2: str, seat3: str, winner: int,
                                                   expected: tuple[int, ...], names: list[str]) -> None:
    game = changsha_game([DEALER, QUIET, seat2, seat3], "5s")
    act(game, 0, "discard 5s")
    answer(game, {winner: "win"})
    assert payments(game) == expected and win_names(game, winner) == names


def test_small_self_drawn_by_a_non_dealer_and_by_the_dealer() -> None:
    game = changsha_game([DEALER, QUIET, SMALL, QUIET2], "9m", draws="6s 5s")
    discard_drawn(game, 0)
    discard_drawn(game, 1)
    act(game, 2, "win")
    assert payments(game) == (-2, -1, 4, -1) and win_names(game, 2) == ["小胡"]
    # The dealer's own self-draw: every other seat pays 2.
    game = changsha_game([SMALL, QUIET, DEALER, QUIET2], "9m", draws="6s 6s 6s 5s")
    for seat in (0, 1, 2, 3):
        discard_drawn(game, seat)
    act(game, 0, "win")
    assert payments(game) == (6, -2, -2, -2)


def test_heavenly_win() -> None:
    game = changsha_game([SMALL, QUIET, DEALER, QUIET2], "5s")
    act(game, 0, "win")
    assert win_names(game, 0) == ["天胡"] and payments(game) == (12, -4, -4, -4)


# -- 补张, 开杠 and 抢杠 -------------------------------------------------------------------------------

KONGER = "777p123m456m789s5s"
"""Seat 1: three 7p, and with the fourth drawn a kong leaves it ready on 5s (a 2/5/8 pair)."""
ROBBER = "123m456m789s68p88s"
"""Seat 2 waits on 7p: it could rob an added kong of it, not a concealed one."""


def kong_game(last: str, rolls: list[list[int]] | None = None) -> Game:
    """Seat 1 draws its fourth 7p on its first turn."""
    game = changsha_game([DEALER, KONGER, ROBBER, FILLER], "9m", draws="7p",
                         last=last, rolls=rolls)
    discard_drawn(game, 0)
    assert game.current == 1 and game.drawn == Tile.P7
    return game


def test_buzhang_replacement_is_the_last_stacks_top_and_wins_as_a_self_draw() -> None:
    # The last stack: 5s on top, 9p below; the engine's own tail order would give 9p.
    game = kong_game(last="5s 9p")
    legal = game.legal_actions(1)
    assert Action.parse("concealed-kong 7p") in legal and Action.parse("open-kong 7p") in legal
    act(game, 1, "concealed-kong 7p")
    # A concealed kong is not robbed, though seat 2 waits on 7p.
    assert game.phase is Phase.TURN and game.current == 1 and game.drawn == Tile.S5
    assert not events(game, "roll")
    act(game, 1, "win")
    # "补张可胡牌,算作自摸": a plain small self-draw, not 杠上开花.
    assert win_names(game, 1) == ["小胡"] and payments(game) == (-2, 4, -1, -1)


def test_buzhang_takes_top_then_bottom() -> None:
    wall = Wall(list(range(10)))
    first = _top_of_stack(wall, 1)
    wall.take_at(first)
    assert (first, _top_of_stack(wall, 1), _top_of_stack(wall, 2)) == (8, 9, 6)
    # A roll above the stacks left counts on round them.
    assert _top_of_stack(wall, 6) == 9


def test_open_kong_draws_the_dice_counted_stack_and_blooms() -> None:
    # Dice 2 + 3: the 5th stack from the end, whose top is the 10th tile from the end (5s here); the
    # last stack's top holds 9p, which 补张 would have drawn.
    game = kong_game(last="5s 3p 3p 4p 4p 6p 6p 9s 9p 7s", rolls=[[2, 3]])
    act(game, 1, "open-kong 7p")  # the kong itself: no one may rob a concealed one
    assert events(game, "kong")[-1]["seat"] == 1
    assert events(game, "roll") == [{"e": "roll", "seat": 1, "why": "kong", "dice": [2, 3]}]
    assert game.drawn == Tile.S5
    act(game, 1, "win")
    # 杠上开花 is a big self-draw: the dealer 4, the others 3.
    assert win_names(game, 1) == ["杠上开花"] and payments(game) == (-4, 10, -3, -3)


def test_open_kongs_tile_let_go_is_robbed() -> None:
    # The dice give seat 1 a 2s it cannot win with: it may only let it go, and seat 3 wins on it, 抢杠胡
    # ("杠的牌自己不能胡,别的玩家可胡"), paid by the konger, a 闲家: 10.
    game = changsha_game([DEALER, KONGER, FILLER, SMALL], "9m", draws="7p",
                         last="2s 6p 6p 9s 8s 8p 8p 9p 9p 7s", rolls=[[4, 1]])
    discard_drawn(game, 0)
    act(game, 1, "open-kong 7p")
    assert game.drawn == Tile.S2 and game.legal_actions(1) == [Action.parse("discard 2s")]
    act(game, 1, "discard 2s")
    # Seat 2 could win too (七巧对), but not chow it; it passes.
    assert game.to_act() == [2, 3] and game.legal_actions(2) == game.legal_actions(3) == [PASS, WIN]
    answer(game, {3: "win"})
    assert win_names(game, 3) == ["抢杠胡"] and payments(game) == (0, -10, 0, 10)


@pytest.mark.parametrize("hand", [
    "777p123m456m258s9s",   # far from ready
    "777p123m456m789s4s",   # waiting on 4s for a pair of 4s: a shape, but no Changsha win
])
def test_open_kong_only_when_ready(hand: str) -> None:
    game = changsha_game([DEALER, hand, ROBBER, FILLER], "9m", draws="7p")
    discard_drawn(game, 0)
    legal = game.legal_actions(1)
    assert Action.parse("concealed-kong 7p") in legal and Action.parse("open-kong 7p") not in legal


def test_a_kong_on_a_discard_is_buzhang() -> None:
    # Seat 1 makes a kong of the dealer's 7p (seat 2 passes that 地胡); its replacement is the last
    # stack's top, 5s, a plain self-draw.
    game = changsha_game([DEALER, KONGER, ROBBER, FILLER], "7p", last="5s 9p")
    act(game, 0, "discard 7p")
    assert Action.parse("open-kong 7p") not in game.legal_actions(1)
    answer(game, {1: "kong"})
    assert game.current == 1 and game.drawn == Tile.S5
    act(game, 1, "win")
    assert win_names(game, 1) == ["小胡"] and payments(game) == (-2, 4, -1, -1)


def pung_then_draw_the_fourth() -> Game:
    """Seat 1 pungs the dealer's 7p (seat 2 passes that 地胡), lets 2s go, and draws the fourth 7p with
    its hand ready on 5s."""
    game = changsha_game([DEALER, "77p123m456m789s25s", ROBBER, FILLER], "7p",
                         draws="1m 2m 3m 7p")
    act(game, 0, "discard 7p")
    assert WIN in game.legal_actions(2)
    answer(game, {1: "pung"})
    act(game, 1, "discard 2s")
    if phase(game) is Phase.CLAIM:
        answer(game, {})
    for seat in (2, 3, 0):
        discard_drawn(game, seat)
    assert game.drawn == Tile.P7
    return game


def test_no_kong_with_fewer_than_two_tiles_left() -> None:
    # Seat 2 draws its fourth 7p as the wall's last tile but one: a kong's tile would be the last one,
    # which only 海底漫游 gives.
    game = changsha_game([DEALER, FILLER, "777p123m456m258s9s", SMALL], "9m", last="7p 5s")
    quiet(game, lambda g: g.phase is Phase.TURN and g.current == 2 and g.wall_left == 1)
    assert game.drawn == Tile.P7
    assert not [a for a in game.legal_actions(2) if "kong" in a.notation()]


@pytest.mark.parametrize("announce", [False, True])
def test_robbing_an_added_kong(announce: bool) -> None:
    game = pung_then_draw_the_fourth()
    # 开杠 on the pung is an added kong too: it may be robbed all the same.
    act(game, 1, "open-kong 7p" if announce else "added-kong 7p")
    if announce:
        assert game.rules.describer().seat_badges(game.rules.public_state(game, 0))[1] == "开杠 7p"
    assert game.phase is Phase.ROB and game.legal_actions(2) == [PASS, WIN]
    act(game, 2, "win")
    # 抢杠胡: the konger (a 闲家) pays 10; the kong is not made, so no roll for its tile.
    assert win_names(game, 2) == ["抢杠胡"] and payments(game) == (0, -10, 10, 0)
    assert not events(game, "roll")


# -- 海底漫游 -------------------------------------------------------------------------------------------

def seabed_game(options: Sequence[str] = ("birds=0",)) -> Game:
    """Play quietly until the wall's last tile (5s) is offered: seat 3, the next to draw, is asked first;
    seat 3 waits on 2s/5s, seat 0 and seat 1 cannot win on 5s."""
    game = changsha_game([DEALER, QUIET, "123m456p789s3678s", SMALL], "9m", last="5s", options=options)
    quiet(game, lambda g: g.phase is Phase.ASK)
    assert game.phase is Phase.ASK and game.wall_left == 1 and game.to_act() == [3]
    return game


def test_seabed_offered_in_turn_all_pass_and_the_hand_is_drawn() -> None:
    game = seabed_game()
    take = Action.parse("take-seabed")
    assert EfficiencyBot(seed=1).act(game.view(3)) == take  # ready: it takes the last tile
    asked = []
    while game.phase is Phase.ASK:
        (seat,) = game.to_act()
        assert game.legal_actions(seat) == [PASS, take]
        if seat == 0:
            assert EfficiencyBot(seed=1).act(game.view(0)) == PASS  # far from ready: it lets it go
        asked.append(seat)
        act(game, seat, "pass")
    assert asked == [3, 0, 1, 2]
    assert game.phase is Phase.OVER and game.result is not None and game.result.exhausted
    assert game.wall_ended and payments(game) == (0, 0, 0, 0)


def test_seabed_taker_wins() -> None:
    game = seabed_game(options=("birds=1",))
    act(game, 3, "take-seabed")
    assert game.current == 3 and game.legal_actions(3) == [Action.parse("discard 5s"), WIN]
    act(game, 3, "win")
    # 海底捞月 self-drawn: the dealer 4, the others 3; its bird is the last tile, a 5: the dealer, who
    # pays once more.
    assert win_names(game, 3) == ["海底捞月"]
    assert events(game, "birds") == [{"e": "birds", "tiles": [int(Tile.S5)], "seats": [0]}]
    assert payments(game) == (-8, -3, -3, 14)


@pytest.mark.parametrize(("passing", "taker", "expected"), [
    ([3, 0], 1, (0, -10, 0, 10)),    # a 闲家 took it: 10
    ([3], 0, (-24, 0, 0, 24)),       # the dealer took it: 12, and the bird (a 5) lands on the dealer
])
def test_seabed_discard_pays(passing: list[int], taker: int, expected: tuple[int, ...]) -> None:
    game = seabed_game(options=("birds=1",))
    for seat in passing:
        act(game, seat, "pass")
    act(game, taker, "take-seabed")
    assert game.legal_actions(taker) == [Action.parse("discard 5s")]  # it cannot win: only let it go
    act(game, taker, "discard 5s")
    assert game.legal_actions(3) == [PASS, WIN]
    act(game, 3, "win")
    assert win_names(game, 3) == ["海底捞月"] and payments(game) == expected


# -- 通炮, birds, the next dealer ------------------------------------------------------------------------

def test_several_winners_each_paid_alone_and_the_discarder_deals_next() -> None:
    # Seat 1 lets 5s go: seat 2's small win (1) and seat 3's 碰碰胡 (6); the bird, a 2, lands on seat 1,
    # the discarder, who pays each winner twice.
    game = changsha_game([DEALER, QUIET, SMALL, PUNGS], "9m", draws="5s 2p", options=("birds=1",))
    discard_drawn(game, 0)
    act(game, 1, "discard 5s")
    answer(game, {2: "win", 3: "win"})
    assert game.result is not None and game.result.winners == (2, 3)
    assert payments(game) == (0, -14, 2, 12)
    assert game.rules.next_hand(Match(game.rules), game).dealer == 1


@pytest.mark.parametrize(("birds", "options", "expected"), [
    # Seat 2's small self-draw pays (-2, -1, 4, -1); a bird on another seat doubles what it pays, on
    # the winner what everyone pays.
    ("1p", (), (-4, -1, 6, -1)),         # rank 1: the dealer, who pays 2 more
    ("2p", (), (-2, -2, 5, -1)),         # 2: 下家, seat 1
    ("3p", (), (-4, -2, 8, -2)),         # 3: seat 2, the winner
    ("4p", (), (-2, -1, 5, -2)),         # 4: seat 3
    ("9p", (), (-4, -1, 6, -1)),         # 9: round to the dealer again
    ("3p 7s", ("birds=2",), (-6, -3, 12, -3)),                        # two hits: paid three times
    ("3p 7s", ("birds=2", "bird_mode=double"), (-8, -4, 16, -4)),     # or doubled twice
])
def test_birds_on_each_seat(birds: str, options: tuple[str, ...], expected: tuple[int, ...]) -> None:
    game = changsha_game([DEALER, QUIET, SMALL, QUIET2], "9m", draws=f"6s 5s {birds}",
                         options=("birds=1", *options))
    discard_drawn(game, 0)
    discard_drawn(game, 1)
    act(game, 2, "win")
    assert payments(game) == expected
    (logged,) = events(game, "birds")
    assert logged["tiles"] == codes(birds)


def test_the_winner_deals_next_and_a_drawn_hand_keeps_the_dealer() -> None:
    game = changsha_game([DEALER, QUIET, SMALL, QUIET2], "9m", draws="6s 5s")
    discard_drawn(game, 0)
    discard_drawn(game, 1)
    act(game, 2, "win")
    assert game.rules.next_hand(Match(game.rules), game).dealer == 2
    drawn = seabed_game()
    while drawn.phase is Phase.ASK:
        act(drawn, drawn.to_act()[0], "pass")
    assert drawn.rules.next_hand(Match(drawn.rules), drawn).dealer == 0


# -- records ---------------------------------------------------------------------------------------------

RECORD_SEED = 120
"""A seed whose four-hand match (random bots) has birds, 海底漫游 and a dice-chosen kong tile (开杠)."""


def test_a_recorded_match_replays_and_checks(tmp_path: Path) -> None:
    rules = find_ruleset("changsha")
    assert check_record(rules, RECORD_SEED, tmp_path, hands=4) > 0
    text = (tmp_path / f"changsha-{RECORD_SEED}.jsonl").read_text()
    for word in ('"birds"', "take-seabed", '"why":"kong"', "open-kong"):
        assert word in text, word


# -- describing --------------------------------------------------------------------------------------------

def test_describing_a_win_and_the_table() -> None:
    game = changsha_game([DEALER, QUIET, SMALL, PUNGS], "9m", draws="5s 2p", options=("birds=1",))
    discard_drawn(game, 0)
    act(game, 1, "discard 5s")
    answer(game, {2: "win", 3: "win"})
    describer = game.rules.describer()
    small, big = (w.score for w in game.wins)
    assert describer.score_headline(small) == "small win" and describer.score_headline(big) == "1 big win"
    assert describer.describe_score(big) == "1 big win (碰碰胡), 大胡点炮 6 each"
    assert describer.score_names(big) == ["碰碰胡"]
    public = game.rules.public_state(game, 0)
    assert describer.table_note(public) == "鸟 2p"
    assert describer.table_info(public).to_dict()["tiles"] == {"birds": ["2p"]}

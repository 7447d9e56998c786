"""The Sichuan ruleset on the engine: scripted hands on prepared walls for each payment and mode, and
random bots for conservation of tiles and money."""

from __future__ import annotations

import os
from typing import Any

import pytest

import majiang.game  # noqa: F401  (the engine first: the registry loads the rulesets it needs)
from majiang.actions import Action, ActionKind
from majiang.bots import find_bot, play_out
from majiang.errors import IllegalActionError, InvalidOptionError
from majiang.game import Game, Match, Phase
from majiang.game.events import Discard, Draw, Payment, Win
from majiang.game.ruleset import WIN, find_ruleset, ruleset_names
from majiang.records.check import check_record
from majiang.records.writer import play_match
from majiang.rules.sichuan.analysis import SichuanEfficiency
from majiang.rules.sichuan.ruleset import ExchangeMade, SichuanPublic, SichuanRules, VoidsDeclared
from majiang.sichuan import Exchange, Mode, NextDealer, ScoreResult, settle_exhausted
from majiang.tiles import Tile
from sichuan_walls import act, answer, quiet, sichuan_game, tiles_in_play


def payments(game: Game, reason: str | None = None) -> list[tuple[str, int, list[int]]]:
    return [(e.reason, e.seat, e.deltas) for e in game.events
            if isinstance(e, Payment) and (reason is None or e.reason == reason)]


def sichuan(name: str, options: list[str] | None = None) -> SichuanRules:
    rules = find_ruleset(name, options or ())
    assert isinstance(rules, SichuanRules)
    return rules


def turn(game: Game, seat: int) -> bool:
    return game.phase == Phase.TURN and game.current == seat


# -- the registry and the options ---------------------------------------------------------------------

def test_registry_names_and_aliases() -> None:
    assert {"sichuan", "chengdu"} <= set(ruleset_names())
    for alias in ("四川", "血战", "sichuan", "SICHUAN"):
        assert find_ruleset(alias) == SichuanRules()
    assert find_ruleset("血流") == SichuanRules(mode=Mode.BLOOD_RIVER)
    assert sichuan("血流", ["exchange=across"]).exchange is Exchange.ACROSS
    chengdu = sichuan("成都")
    assert (chengdu.name, chengdu.fans, chengdu.base, chengdu.cap_points, chengdu.self_drawn) == \
        ("chengdu", "chengdu", 5, 80, "base")
    assert chengdu.scoring.name == "chengdu" and chengdu.table.mode is Mode.BLOOD_BATTLE


def test_options_from_text_and_their_errors() -> None:
    r = sichuan("sichuan", ["mode=single", "next-dealer-by=discarder", "cap_fan=4", "declare_void=yes"])
    assert (r.mode, r.next_dealer_by, r.cap_fan, r.declare_void) == \
        (Mode.SINGLE, NextDealer.DISCARDER, 4, True)
    assert r.options()["mode"] == "single"
    with pytest.raises(InvalidOptionError, match="mode must be one of"):
        find_ruleset("sichuan", ["mode=bloody"])
    with pytest.raises(InvalidOptionError, match="base must be an integer from 1 to 1000, not 0"):
        find_ruleset("sichuan", ["base=0"])
    with pytest.raises(InvalidOptionError, match="unknown option 'profile'"):
        find_ruleset("sichuan", ["profile=mil"])


def test_the_wall_is_108_suited_tiles() -> None:
    g = Game(find_ruleset("sichuan"), seed=1)
    assert sorted(g.rules.wall_tiles()) == sorted(t for t in range(27) for _ in range(4))
    assert g.wall_left == 108 - 53 and tiles_in_play(g) == 108
    assert not g.flowers[0]


# -- 刮风下雨 ----------------------------------------------------------------------------------------

DEALER = "1m2m3m4m5m6m7m8m1p2p4p6p8p"


def test_direct_kong_then_kong_bloom_then_concealed_kong_after_a_winner_left() -> None:
    # 杠上花 paid as a self-draw (seed 004's later list); the default, the discarder paying, is in
    # tests/test_sichuan_sources.py.
    g = sichuan_game([DEALER, "5p5p5p1s2s3s4s5s6s7s8s9s9s", "9m9m9m9m3p3p7p7p9p3s3s7s7s", ""], "5p",
                     draws="1s", tail="6s 2p", options=["melded_kong_bloom=self-drawn"])
    act(g, 0, "discard 5p")
    assert g.legal_actions(1) == [Action.parse(a) for a in ("pass", "pung", "kong")]
    answer(g, {1: "kong"})
    assert payments(g) == [("kong", 1, [-6, 6, 0, 0])]  # 直杠: the discarder pays 1× base
    assert turn(g, 1) and g.drawn == Tile.S6
    act(g, 1, "win")  # 杠上花: plain 1 + 根 (the kong) 1 + 杠上花 1 = 3 番 = 24 from each
    score = g.wins[0].score
    assert isinstance(score, ScoreResult) and (score.total, score.points) == (3, 24)
    assert payments(g, "win") == [("win", 1, [-24, 72, -24, -24])]
    assert g.active == [True, False, True, True] and turn(g, 2)  # 血战: seat 1 has left
    act(g, 2, "concealed-kong 9m")  # 下雨: 2× from each seat still in, seat 1 no longer
    assert payments(g, "kong")[-1] == ("kong", 2, [-12, 0, 24, -12])
    assert g.totals == [-42, 78, 0, -36] and sum(g.totals) == 0
    assert tiles_in_play(g) == 108


SEAT1_PUNG = "5p5p1s2s3s4s5s6s7s8s9s9s1m"
SEAT3_ON_5P = "3p4p6p7p8p9p9p9p2s2s2s3s3s"


def _added_kong_game() -> Game:
    g = sichuan_game([DEALER, SEAT1_PUNG, "", SEAT3_ON_5P], "5p", draws="9m 9m 9m 5p")
    act(g, 0, "discard 5p")
    assert g.legal_actions(3) == [Action.parse("pass"), WIN]
    answer(g, {1: "pung"})
    act(g, 1, "discard 1m")
    quiet(g, until=lambda g: turn(g, 1))
    assert g.drawn == Tile.P5
    act(g, 1, "added-kong 5p")
    assert g.phase == Phase.ROB and g.legal_actions(3) == [Action.parse("pass"), WIN]
    return g


def test_added_kong_is_paid_by_every_seat_still_in() -> None:
    g = _added_kong_game()
    answer(g, {3: "pass"})
    assert payments(g) == [("kong", 1, [-6, 18, -6, -6])]  # 面下杠: 1× from each other seat


def test_a_robbed_added_kong_collects_nothing() -> None:
    g = _added_kong_game()
    answer(g, {3: "win"})
    # 抢杠胡: plain 1 + 抢杠 1 = 2 番 = 12, paid by the konger; the kong never stands.
    assert payments(g) == [("win", 3, [0, -12, 0, 12])]
    assert g.wins[0].win_by.value == "robbing-kong"
    assert not any(m.is_kong for m in g.melds[1])
    assert tiles_in_play(g) == 108


# -- 杠上炮 and 一炮多响 --------------------------------------------------------------------------------

KONG_DEALER = "1m1m1m1m2m3m4m6m7m1p2p4p6p"
SEAT1_ON_9P = "7p8p1s2s3s4s5s6s7s8s9s5s5s"
SEAT3_ON_9P = "9p9p7p7p7p2s2s2s3s3s3s6s6s"


def _kong_discard_game(dice: tuple[int, int] = (6, 9), **options: Any) -> Game:
    g = sichuan_game([KONG_DEALER, SEAT1_ON_9P, "", SEAT3_ON_9P], "8p", tail="9p", dice=dice,
                     options=[f"{k}={v}" for k, v in options.items()])
    act(g, 0, "concealed-kong 1m")
    assert payments(g) == [("kong", 0, [36, -12, -12, -12])]
    act(g, 0, "discard 9p")
    assert g.discard_after_kong
    return g


def test_kong_discard_one_winner() -> None:
    g = _kong_discard_game()
    answer(g, {1: "win", 3: "pass"})
    # Plain 1 + 杠上炮 1 = 2 番 = 12 from the discarder, and the kong's 36 handed on.
    assert payments(g)[1:] == [("win", 1, [-12, 12, 0, 0]), ("kong-discard", 1, [-36, 36, 0, 0])]
    assert g.totals == [-12, 36, -12, -12]


def test_kong_discard_two_winners_each_take_the_whole_income() -> None:
    g = _kong_discard_game()
    answer(g, {1: "win", 3: "win"})
    assert [w.seat for w in g.wins] == [1, 3]
    assert [w.score.total for w in g.wins] == [2, 3]  # seat 3: 对对胡 2 + 杠上炮 1
    assert payments(g)[1:] == [("win", 1, [-12, 12, 0, 0]), ("kong-discard", 1, [-36, 36, 0, 0]),
                               ("win", 3, [-24, 0, 0, 24]), ("kong-discard", 3, [-36, 0, 0, 36])]
    assert g.totals == [-72, 36, -12, 48]
    # 血战: both winners leave; the dealer and seat 2 play on, the dealer drawing next.
    assert g.active == [True, False, True, False] and turn(g, 0)


def test_without_several_winners_the_nearest_declarer_wins() -> None:
    g = _kong_discard_game(several_winners="false")
    answer(g, {1: "win", 3: "win"})
    assert [w.seat for w in g.wins] == [1]


def test_three_winners_end_blood_battle_at_once() -> None:
    g = sichuan_game(["1m2m3m4m6m7m8m9m1s2s3s4s6s", "1p2p3p4p5p6p7p8p9p1p1p1p5m",
                      "1s2s3s4s5s6s7s8s9s9s9s9s5m", "2m2m2m3m3m3m4m4m4m6m6m6m5m"], "5m")
    act(g, 0, "discard 5m")
    answer(g, {1: "win", 2: "win", 3: "win"})
    assert g.phase == Phase.OVER and g.result is not None and not g.result.exhausted
    assert g.result.winners == (1, 2, 3) and g.wall_left == 55
    # Seats 1 and 2: plain 1 + 根 (four alike standing) 1 = 12; seat 3: 清对 4 番 = 48.
    assert payments(g) == [("win", 1, [-12, 12, 0, 0]), ("win", 2, [-12, 0, 12, 0]),
                           ("win", 3, [-48, 0, 0, 48])]
    assert g.result.deltas == (-72, 12, 12, 48)


# -- the modes ----------------------------------------------------------------------------------------

RIVER_SEAT1 = "1s2s3s4s5s6s7s8s9s1p1p2p3p"
RIVER_DRAWS = "9m 9m 9m 8m 4p 1p 8m 7m 6m 5m"


def test_blood_river_winners_stay_and_win_again() -> None:
    g = sichuan_game(["1m2m3m4m5m6m2s4s6s8s3p5p7p", RIVER_SEAT1, "", ""], "9s", draws=RIVER_DRAWS,
                     rules="血流")
    quiet(g, until=lambda g: turn(g, 1) and g.drawn == Tile.P4)
    act(g, 1, "win")  # self-drawn on the second go-around: plain, 6 from each
    assert payments(g, "win") == [("win", 1, [-6, 18, -6, -6])]
    assert g.active == [True, True, True, True] and g.won[1] == [Tile.P4]
    assert turn(g, 2) and g.drawn == Tile.P1
    act(g, 2, "discard 1p")
    assert g.legal_actions(1) == [Action.parse("pass"), WIN]  # locked: no pung on the 1p
    answer(g, {1: "win"})
    assert payments(g, "win")[-1] == ("win", 1, [0, 6, -6, 0])
    assert g.hand_state.wins == [0, 2, 0, 0]
    assert g.view(0).public_state == SichuanPublic((None,) * 4, None, (0, 2, 0, 0))
    quiet(g, until=lambda g: turn(g, 1))
    assert g.drawn == Tile.M5 and g.legal_actions(1) == [Action.parse("discard 5m")]
    assert tiles_in_play(g) == 108


def test_single_mode_ends_at_the_first_win() -> None:
    g = sichuan_game(["1m2m3m4m5m6m2s4s6s8s3p5p7p", RIVER_SEAT1, "", ""], "9s", draws=RIVER_DRAWS,
                     options=["mode=single"])
    quiet(g, until=lambda g: turn(g, 1) and g.drawn == Tile.P4)
    act(g, 1, "win")
    assert g.phase == Phase.OVER and g.result is not None
    assert g.result.winners == (1,) and g.result.deltas == (-6, 18, -6, -6)


def test_blood_battle_winner_leaves_and_is_not_asked() -> None:
    g = sichuan_game(["1m2m3m4m5m6m2s4s6s8s3p5p7p", RIVER_SEAT1, "", ""], "9s", draws=RIVER_DRAWS)
    quiet(g, until=lambda g: turn(g, 1) and g.drawn == Tile.P4)
    act(g, 1, "win")
    assert g.active == [True, False, True, True] and turn(g, 2)
    act(g, 2, "discard 1p")  # seat 1 would win on it, but it has left
    assert 1 not in g.to_act()
    quiet(g)
    assert g.result is not None and g.result.winners[0] == 1
    first = next(i for i, e in enumerate(g.events) if isinstance(e, Win))
    assert all(e.seat != 1 for e in g.events[first:] if isinstance(e, (Draw, Discard)))


def test_heavenly_and_earthly_wins() -> None:
    g = sichuan_game(["1m2m3m4m5m6m7m8m9m1p1p2p3p", "", "", ""], "4p")
    act(g, 0, "win")  # 天胡: 6 番 = 32× base
    assert g.wins[0].score.total == 6 and payments(g) == [("win", 0, [576, -192, -192, -192])]
    g = sichuan_game([DEALER, RIVER_SEAT1, "", ""], "9s", draws="4p")
    act(g, 0, "discard 9s")
    quiet(g, until=lambda g: turn(g, 1))
    act(g, 1, "win")  # 地胡: seat 1 wins on its first draw
    assert g.wins[0].score.total == 6 and g.wins[0].score.points == 192


# -- the wall's end -------------------------------------------------------------------------------------

PIG_DEALER = "2m4m6m8m3p5p7p2s4s6s8s9s1s"
NINE_GATES = "1m1m1m2m3m4m5m6m7m8m9m9m9m"
KONG_NOT_READY = "2p2p2p2p1m3m5m7m9m4p6p8p9p"
READY_ON_5S = "1s2s3s4s5s6s7s8s9s5p6p7p5s"


def _settlement_game(**options: Any) -> Game:
    g = sichuan_game([PIG_DEALER, NINE_GATES, KONG_NOT_READY, READY_ON_5S], "7s", draws="7p 1p",
                     tail="6s", last="9p9p9s9s", options=[f"{k}={v}" for k, v in options.items()])
    quiet(g, until=lambda g: turn(g, 2))
    act(g, 2, "concealed-kong 2p")
    assert payments(g) == [("kong", 2, [-12, -12, 36, -12])]
    quiet(g)
    assert g.result is not None and g.result.exhausted
    return g


def test_flower_pig_and_not_ready_settlement() -> None:
    g = _settlement_game(mode="single")
    # Seat 0 holds three suits: 16 × 6 to each of the others. Seat 2 is not ready: it pays seat 1's
    # largest win (九莲 on 1m or 9m: 清一色 3 + 根 1 = 4 番 = 48) and seat 3's (plain, 6), and returns
    # its kong income.
    assert payments(g)[1:] == [("flower-pig", 0, [-288, 96, 96, 96]), ("not-ready", 2, [0, 48, -54, 6]),
                               ("refund", 2, [12, 12, -36, 12])]
    assert g.result is not None and g.result.deltas == (-288, 144, 42, 102)
    assert g.totals == [-288, 144, 42, 102]
    # The events of the settlement add up to the table's settle_exhausted.
    settled = [sum(d[s] for _, _, d in payments(g)[1:]) for s in range(4)]
    assert tuple(settled) == settle_exhausted((0, 1, 2, 3), {0}, {1: 48, 3: 6}, {2: [(-12, -12, 36, -12)]}, 6)


def test_settlement_options() -> None:
    g = _settlement_game(refund_kongs_when_not_ready="false", flower_pig=8)
    assert payments(g)[1:] == [("flower-pig", 0, [-144, 48, 48, 48]), ("not-ready", 2, [0, 48, -54, 6])]
    g = _settlement_game(flower_pig=0)
    # No 查花猪: the three-suit dealer is simply not ready and pays like seat 2.
    assert payments(g)[1:] == [("not-ready", 0, [-54, 48, 0, 6]), ("not-ready", 2, [0, 48, -54, 6]),
                               ("refund", 2, [12, 12, -36, 12])]


def test_forced_win_in_the_last_four() -> None:
    g = sichuan_game([PIG_DEALER, NINE_GATES, KONG_NOT_READY, READY_ON_5S], "7s", draws="7p 1p",
                     last="9p9p5s9s")
    quiet(g, until=lambda g: g.wall_left < 4 and any(g.legal_actions(s) == [WIN] for s in range(4)))
    assert g.legal_actions(3) == [WIN]
    assert g.wall_left == 1
    unforced = sichuan_game([PIG_DEALER, NINE_GATES, KONG_NOT_READY, READY_ON_5S], "7s", draws="7p 1p",
                            last="9p9p5s9s", options=["forced_win_last_four=false"])
    quiet(unforced, until=lambda g: g.wall_left == 1 and 3 in g.to_act())
    legal = unforced.legal_actions(3)
    assert WIN in legal and len(legal) > 1


# -- the opening ------------------------------------------------------------------------------------

def test_exchange_passes_three_tiles_of_one_suit() -> None:
    g = sichuan_game(["", "", "", ""], "9s", options=["exchange=clockwise"])
    assert g.phase == Phase.OPENING and sorted(g.to_act()) == [0, 1, 2, 3]
    before = [list(c) for c in g.counts]
    chosen = {}
    for seat in range(4):
        legal = g.legal_actions(seat)
        assert legal
        assert all(a.kind == ActionKind.EXCHANGE and len({t // 9 for t in a.tiles}) == 1 for a in legal)
        chosen[seat] = legal[len(legal) // 2]
    with pytest.raises(IllegalActionError):
        g.apply(0, Action.parse("exchange 1m2p3s"))
    for seat, action in chosen.items():
        g.apply(seat, action)
    assert [e for e in g.events if isinstance(e, ExchangeMade)] == [ExchangeMade("clockwise")]
    for seat in range(4):
        giver = (seat + 1) % 4  # clockwise: each seat passes to its 上家, so it receives from its 下家
        expected = list(before[seat])
        for t in chosen[seat].tiles:
            expected[t] -= 1
        for t in chosen[giver].tiles:
            expected[t] += 1
        assert g.counts[seat] == expected
    assert turn(g, 0) and tiles_in_play(g) == 108
    assert g.view(2).public_state.exchange == "clockwise"
    # Each seat's view shows its own exchange, and only its own (the search bot's samples keep it).
    for seat in range(4):
        shown = g.view(seat).public_state
        assert shown.gave == tuple(int(t) for t in chosen[seat].tiles)
        assert shown.received == tuple(int(t) for t in chosen[(seat + 1) % 4].tiles)
        assert (shown.voids, shown.exchange, shown.wins) == ((None,) * 4, "clockwise", (0, 0, 0, 0))


def test_exchange_by_dice_reads_the_dealers_roll() -> None:
    for dice, direction in (((6, 9), "across"), ((7, 9), "clockwise"), ((5, 9), "counterclockwise")):
        g = sichuan_game(["", "", "", ""], "9s", options=["exchange=dice"], dice=dice)
        for seat in range(4):
            g.apply(seat, g.legal_actions(seat)[0])
        assert g.hand_state.direction.value == direction


def test_declared_void_goes_first_and_blocks_wins_and_claims() -> None:
    g = sichuan_game(["1m2m3m4m5m6m7m8m9m1p1p2p3p", "5p5p1s2s3s4s5s6s7s8s9s9s1m", "", ""], "4p",
                     draws="9s", options=["declare_void=true"])
    assert g.legal_actions(0) == [Action.parse(f"void {s}") for s in "mps"]
    for seat, suit in ((0, "s"), (1, "m"), (2, "m"), (3, "p")):
        act(g, seat, f"void {suit}")
    assert [e for e in g.events if isinstance(e, VoidsDeclared)] == [VoidsDeclared(["s", "m", "m", "p"])]
    assert g.view(3).public_state.voids == (2, 0, 0, 1)
    # The bots judge each seat's hand with its own void suit.
    scoring = sichuan("sichuan").scoring
    assert [g.rules.efficiency(g.view(s)) for s in range(4)] == \
        [SichuanEfficiency(void=v, options=scoring) for v in (2, 0, 0, 1)]
    # The dealer's void (s) is empty: it may win (天胡) or discard anything.
    assert WIN in g.legal_actions(0)
    act(g, 0, "discard 1p")
    quiet(g, until=lambda g: turn(g, 1))
    # Seat 1 holds 1m of its void suit: that goes first, and nothing else.
    assert g.legal_actions(1) == [Action.parse("discard 1m")]


@pytest.mark.parametrize(("void", "options"), [("p", ["pass"]), ("m", ["pass", "pung", "kong"])])
def test_void_suit_is_never_claimed(void: str, options: list[str]) -> None:
    g = sichuan_game([DEALER, "5p5p5p1s2s3s4s5s6s7s8s9s9s", "", ""], "5p", options=["declare_void=true"])
    for seat, suit in ((0, "s"), (1, void), (2, "m"), (3, "m")):
        act(g, seat, f"void {suit}")
    assert g.rules.claim_options(g, 1, 0, Tile.P5) == [Action.parse(a) for a in options]


# -- the next dealer ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rule", "winners", "dice", "expected"), [
    ("discarder", {1: "win", 3: "win"}, (6, 9), 0),  # 点炮者坐庄
    ("first-winner", {1: "win", 3: "win"}, (6, 9), 0),  # several winners: the discarder
    ("first-winner", {1: "win", 3: "pass"}, (6, 9), 1),
    ("dice", {1: "win"}, (6, 10), 1),  # the second roll counted from the dealer: 10 lands on 下家
    ("dice", {1: "win"}, (6, 12), 3),
])
def test_next_dealer(rule: str, winners: dict[int, str], dice: tuple[int, int], expected: int) -> None:
    g = _kong_discard_game(dice=dice, next_dealer_by=rule)
    answer(g, winners)
    quiet(g)
    assert g.rules.next_hand(Match(g.rules), g).dealer == expected


# -- random bots: tiles and money are conserved in every mode ------------------------------------------

HANDS = 200
"""Random-bot hands per mode and opening in the default test."""
SOAK_HANDS = int(os.environ.get("MAJIANG_SICHUAN_HANDS", "20"))
"""Hands of the slow twin, from the seeds after ``HANDS`` (20 in ``make test``, ``make soak`` 2,000)."""
BOT_HANDS = int(os.environ.get("MAJIANG_SICHUAN_BOT_HANDS", "40"))
OPENINGS = pytest.mark.parametrize("options", [[], ["exchange=dice", "declare_void=true"]],
                                   ids=["plain", "opening"])
MODES = pytest.mark.parametrize("mode", ["blood-battle", "blood-river", "single"])


@OPENINGS
@MODES
def test_random_bots_conserve_tiles_and_money(mode: str, options: list[str]) -> None:
    random_hands_conserve(mode, options, range(HANDS))


@pytest.mark.slow
@OPENINGS
@MODES
def test_more_random_bots_conserve_tiles_and_money(mode: str, options: list[str]) -> None:
    random_hands_conserve(mode, options, range(HANDS, HANDS + SOAK_HANDS))


def random_hands_conserve(mode: str, options: list[str], seeds: range) -> None:
    """Random bots play a hand of each seed; tiles and money are conserved at every step."""
    rules = find_ruleset("sichuan", [f"mode={mode}", *options])
    for seed in seeds:
        g = Game(rules, seed=seed)
        bots = [find_bot("random", seed=seed * 4 + s) for s in range(4)]
        steps = 0
        while g.phase != Phase.OVER:
            assert tiles_in_play(g) == 108 and sum(g.totals) == 0
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            assert legal, f"seed {seed}: seat {seat} is asked with nothing to do"
            g.apply(seat, bots[seat].act(g.view(seat)))
            steps += 1
        result = g.result
        assert result is not None and sum(result.deltas) == 0
        logged = [0, 0, 0, 0]
        for e in g.events:
            if isinstance(e, Payment):
                logged = [a + b for a, b in zip(logged, e.deltas, strict=True)]
        assert tuple(logged) == result.deltas  # every payment is an event
        if mode == "blood-battle":
            assert result.exhausted or len(set(result.winners)) == 3 or g.wall_left == 0
        if mode == "single":
            assert len({(w.tile, w.giver) for w in result.wins}) <= 1


@pytest.mark.parametrize("mode", ["blood-battle", "blood-river", "single"])
def test_efficiency_bots_win_and_pay_in_every_mode(mode: str) -> None:
    rules = find_ruleset("sichuan", [f"mode={mode}"])
    wins = kongs = 0
    for seed in range(BOT_HANDS):
        g = Game(rules, seed=seed)
        play_out(g, [find_bot("efficiency", seed=s) for s in range(4)])
        assert g.result is not None and sum(g.result.deltas) == 0 and tiles_in_play(g) == 108
        wins += len(g.result.wins)
        kongs += len(payments(g, "kong"))
        if mode == "blood-battle":
            assert len(g.result.winners) == len(set(g.result.winners)) <= 3
    # With the Sichuan efficiency (缺一门, 七对) the bots win at least every other hand.
    assert wins >= BOT_HANDS // 2 and kongs > 0


# -- records -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name,options", [("sichuan", ["exchange=dice", "declare_void=true"]),
                                          ("血流", ["next_dealer_by=first-winner"]), ("chengdu", [])])
def test_records_of_a_match_replay_and_check(tmp_path: Any, name: str, options: list[str]) -> None:
    rules = find_ruleset(name, options)
    bots = [find_bot("efficiency", seed=s) for s in range(4)]
    match, lines = play_match(bots, seed=3, rules=rules, hands=4)
    path = tmp_path / "match.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    report = check_record(path)
    assert report.ok, report
    assert report.hands == 4
    assert any('"e":"payment"' in line.replace(" ", "") for line in lines)
    assert sum(match.totals) == 0

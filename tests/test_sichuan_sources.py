"""Where seed 004's two Sichuan lists (and seed 000's Chengdu counting) disagree or the table used to depart
from them (issue 20): who pays a fed kong's 杠上花, what 查大叫 charges, 海底 only when self-drawn, who
deals after a single win, 过水; and seed 004's worked examples, with the ones that contradict its own
definitions. Each rule on a prepared wall with its near miss; docs/sichuan.md ("Where seed 004's lists
disagree") gives the quotes."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import majiang.game  # noqa: F401  (the engine first: the registry loads the rulesets it needs)
from majiang.actions import Action, ActionKind
from majiang.bots import find_bot
from majiang.game import Game, Match, Phase
from majiang.game.events import Payment
from majiang.game.ruleset import PASS, WIN, find_ruleset
from majiang.records.check import check_record
from majiang.records.format import dump_line, rules_from_options
from majiang.rules.sichuan.ruleset import SichuanRules
from majiang.sichuan import (
    SICHUAN_FANS,
    FanId,
    KongBloom,
    NextDealer,
    PassLock,
    ReadyPrice,
    ScoreResult,
    next_dealer,
    score,
)
from majiang.tiles import Tile
from sichuan_walls import act, answer, quiet, sichuan_game, tiles_in_play

F = FanId
DATA = Path(__file__).parent / "data"


def payments(game: Game, reason: str) -> list[tuple[int, list[int]]]:
    return [(e.seat, e.deltas) for e in game.events if isinstance(e, Payment) and e.reason == reason]


def turn(game: Game, seat: int) -> bool:
    return game.phase == Phase.TURN and game.current == seat


def test_the_new_options_and_their_defaults() -> None:
    rules = find_ruleset("sichuan")
    assert isinstance(rules, SichuanRules)
    assert (rules.melded_kong_bloom, rules.not_ready_pays, rules.pass_win_lock, rules.next_dealer_by) == \
        (KongBloom.DISCARDER, ReadyPrice.LARGEST, PassLock.ANY, NextDealer.MODE)
    assert rules.last_of_wall and not rules.last_of_wall_discard
    r = find_ruleset("chengdu", ["melded_kong_bloom=self-drawn", "not_ready_pays=smallest",
                                 "pass_win_lock=none", "last_of_wall_discard=true"])
    assert isinstance(r, SichuanRules)
    assert (r.melded_kong_bloom, r.not_ready_pays, r.pass_win_lock, r.scoring.last_of_wall_discard) == \
        (KongBloom.SELF_DRAWN, ReadyPrice.SMALLEST, PassLock.NONE, True)
    with pytest.raises(ValueError, match="pass_win_lock must be one of 'any', 'same-tile', 'none', not 'x'"):
        find_ruleset("sichuan", ["pass_win_lock=x"])
    # Each option is in the schema with its values and a label naming the Chinese term.
    schema = {o.name: o for o in rules.option_schema()}
    for name, zh in (("melded_kong_bloom", "点杠花"), ("not_ready_pays", "查大叫"), ("pass_win_lock", "过水"),
                     ("last_of_wall_discard", "海底炮"), ("next_dealer_by", "坐庄")):
        assert zh in schema[name].help, (name, schema[name].help)
    assert schema["pass_win_lock"].choices == ("any", "same-tile", "none")
    assert schema["next_dealer_by"].choices == ("mode", "dice", "discarder", "first-winner")


# -- D1: 杠上花 on a kong made on a discard (点杠花) ------------------------------------------------------

DEALER = "1m2m3m4m5m6m7m8m1p2p4p6p8p"
FEEDS_5P = [DEALER, "5p5p5p1s2s3s4s5s6s7s8s9s9s", "9m9m9m9m3p3p7p7p9p3s3s7s7s", ""]


# (ruleset, option, the win's points, the win's payment): seat 0 lets 5p go, seat 1 kongs it (直杠, paid
# 1× base by seat 0) and wins on the replacement 6s: plain + 根 (the kong) + 杠上花.
FED_BLOOM: list[tuple[str, str, int, list[int]]] = [
    # seed 004's first list: "别人打牌,引杠,再杠上花,算引杠者点炮": seat 0 alone pays, as a 点炮.
    ("sichuan", "discarder", 24, [-24, 24, 0, 0]),
    # its later list: "自摸,杠上花（实为自摸一种）,未胡者输分": every seat still in pays.
    ("sichuan", "self-drawn", 24, [-24, 72, -24, -24]),
    # Chengdu (2 番 = 20): as a 点炮 there is no 自摸加底; as a self-draw each pays 20 + 5.
    ("chengdu", "discarder", 20, [-20, 20, 0, 0]),
    ("chengdu", "self-drawn", 25, [-25, 75, -25, -25]),
]


@pytest.mark.parametrize(("rules", "option", "points", "paid"), FED_BLOOM)
def test_a_fed_kongs_bloom(rules: str, option: str, points: int, paid: list[int]) -> None:
    g = sichuan_game(FEEDS_5P, "5p", draws="1s", tail="6s 2p", rules=rules,
                     options=[f"melded_kong_bloom={option}"])
    act(g, 0, "discard 5p")
    answer(g, {1: "kong"})
    assert turn(g, 1) and g.drawn == Tile.S6
    act(g, 1, "win")
    win = g.wins[0]
    assert isinstance(win.score, ScoreResult) and win.win_by.value == "kong-replacement"
    assert F.KONG_BLOOM in {h.fan.id for h in win.score.fans}  # 杠上花 still scores its 番
    assert win.score.points == points and win.score.self_drawn is (option == "self-drawn")
    assert payments(g, "win") == [(1, paid)]
    # The 点炮者 of the hand (who deals next under next_dealer_by=discarder) is the kong's discarder.
    assert g.hand_state.first_giver == (0 if option == "discarder" else None)
    assert sum(g.totals) == 0 and tiles_in_play(g) == 108


@pytest.mark.parametrize("option", ["discarder", "self-drawn"])
def test_a_concealed_kongs_bloom_is_paid_by_all(option: str) -> None:
    """The near miss: nobody fed a concealed kong, so its 杠上花 is a self-draw whatever the option."""
    g = sichuan_game(["1m1m1m1m2m3m4m5m6m7m8m5p5p", "", "", ""], "9m", tail="7m",
                     options=[f"melded_kong_bloom={option}"])
    act(g, 0, "concealed-kong 1m")
    assert g.drawn == Tile.M7
    act(g, 0, "win")  # kong 1m + 234m 567m 789m 5p5p: plain 1 + 根 1 + 杠上花 1 = 24 from each
    assert payments(g, "win") == [(0, [72, -24, -24, -24])]


# -- D2: 查大叫, the largest or the smallest possible win ------------------------------------------------

PIG_DEALER = "2m4m6m8m3p5p7p2s4s6s8s9s1s"
NINE_GATES = "1m1m1m2m3m4m5m6m7m8m9m9m9m"
KONG_NOT_READY = "2p2p2p2p1m3m5m7m9m4p6p8p9p"
READY_ON_5S = "1s2s3s4s5s6s7s8s9s5p6p7p5s"


@pytest.mark.parametrize(("price", "seat_1_gets"), [
    # 九莲 waits on 1m-9m: on 1m or 9m 清一色 3 + 根 1 = 4 番 = 48, on 2m-8m 清一色 3 番 = 24.
    ("largest", 48),  # "赔给听牌的玩家最大的可能番（大叫）"
    ("smallest", 24),  # "没有听牌的人赔给有听者牌面最小可得的点数（按照最小分数计算"
])
def test_not_ready_pays_the_largest_or_the_smallest_win(price: str, seat_1_gets: int) -> None:
    g = sichuan_game([PIG_DEALER, NINE_GATES, KONG_NOT_READY, READY_ON_5S], "7s", draws="7p 1p", tail="6s",
                     last="9p9p9s9s", options=["mode=single", f"not_ready_pays={price}"])
    quiet(g, until=lambda g: turn(g, 2))
    act(g, 2, "concealed-kong 2p")
    quiet(g)
    assert g.result is not None and g.result.exhausted
    # Seat 3 waits on 5s alone (plain, 6): its largest and smallest win are one.
    assert payments(g, "not-ready") == [(2, [0, seat_1_gets, -seat_1_gets - 6, 6])]


# -- D3: 海底 only for a self-draw -------------------------------------------------------------------------

NOT_READY_3 = "1m3m5m7m9m3p4p6p8p1s3s5s7s"


@pytest.mark.parametrize(("options", "fans"), [
    ([], {F.PLAIN: 1}),  # seed 000 "最后一张牌自摸要加一番": the last discard is no 自摸
    (["last_of_wall_discard=true"], {F.PLAIN: 1, F.LAST_OF_WALL: 1}),  # 海底炮, as an option
    (["last_of_wall=false", "last_of_wall_discard=true"], {F.PLAIN: 1}),  # no 海底 at all
])
def test_a_win_on_the_walls_last_discard(options: list[str], fans: dict[FanId, int]) -> None:
    # Everyone lets the drawn tile go; seat 3 draws the wall's last tile, 5s, and lets it go: seat 1, ready
    # on 5s alone, must win on it (最后四张自动胡).
    g = sichuan_game([PIG_DEALER, READY_ON_5S, KONG_NOT_READY, NOT_READY_3], "7s", last="5s", options=options)
    quiet(g, until=lambda g: bool(g.wins))
    win = g.wins[0]
    assert (win.seat, win.giver, win.tile, g.wall_left) == (1, 3, Tile.S5, 0)
    assert isinstance(win.score, ScoreResult)
    assert {h.fan.id: h.count for h in win.score.fans} == fans
    assert payments(g, "win")[0] == (1, [0, 6 << (len(fans) - 1), 0, -(6 << (len(fans) - 1))])


# -- D4: who deals after a single win ------------------------------------------------------------------------

# (rule, mode, first winners, discarder, dice, expected): ``mode`` reads seed 004's 坐庄 for the mode.
MODE_DEALER_CASES: list[tuple[str, str, tuple[int, ...], int | None, int | None, int]] = [
    ("mode", "single", (2,), 1, None, 1),  # "非血战:第二局起 点炮者坐庄"
    ("mode", "single", (2, 3), 1, None, 1),  # "一炮点两家以上…点炮者为下一盘的庄家"
    ("mode", "single", (2,), None, None, 2),  # self-drawn: "本盘胡牌者为下一盘的庄家"
    ("mode", "single", (), None, None, 3),  # "流局则连庄" (dealer 3)
    ("mode", "blood-battle", (2,), 1, 7, 2),  # "血战:每局投骰": 7 from the dealer (seat 0)
    ("mode", "blood-river", (), None, 2, 1),
]


@pytest.mark.parametrize(("rule", "mode", "won", "discarder", "dice", "expected"), MODE_DEALER_CASES)
def test_next_dealer_by_mode(rule: str, mode: str, won: tuple[int, ...], discarder: int | None,
                             dice: int | None, expected: int) -> None:
    dealer = 3 if not won and dice is None else 0
    assert next_dealer(rule, dealer, won, discarder=discarder, dice=dice, mode=mode) == expected


def test_next_dealer_by_mode_needs_the_mode() -> None:
    with pytest.raises(ValueError, match="next_dealer_by=mode needs the hand's mode"):
        next_dealer("mode", 0, (1,), discarder=2)


# -- D5: 过水, a win let go ------------------------------------------------------------------------------

# Seat 2 waits on 1p and 4p (plain, 6 each). The dealer lets 1p go and seat 2 passes; seat 1 then draws
# and lets a tile go before seat 2's next turn.
PASSING = ["2m2m3m3m4m4m6s6s7s7s8s8s9s", "1s1s1s5m5m6m6m7m7m2s2s3s3s", "1m2m3m4m5m6m7m8m9m2p3p5p5p",
           "9m9m8m8m6p6p7p7p8p8p9p9p5s"]


def _passed_game(lock: str, seat_1_draw: str, **options: str) -> Game:
    g = sichuan_game(PASSING, "1p", draws=f"{seat_1_draw} 2p 1p", tail="1p",
                     options=[f"pass_win_lock={lock}", *(f"{k}={v}" for k, v in options.items())])
    act(g, 0, "discard 1p")
    assert g.legal_actions(2) == [PASS, WIN]
    answer(g, {2: "pass"})
    assert turn(g, 1)
    return g


# (lock, what seat 1 draws and lets go, whether seat 2 may win on it): seed 004 "在同一圈内,不能弃先胡后,
# 但就是加分可以胡".
LOCK_CASES: list[tuple[str, str, bool]] = [
    ("any", "1p", False),  # the same tile, the same 6 points
    ("any", "4p", False),  # another tile, the same 6 points: "不能弃先胡后" bars any later win
    ("same-tile", "1p", False),
    ("same-tile", "4p", True),  # the narrower reading bars the kind let go only
    ("none", "1p", True),  # no 过水 (the table before issue 20)
]


@pytest.mark.parametrize(("lock", "tile", "offered"), LOCK_CASES)
def test_a_win_let_go_bars_wins_until_the_seats_turn(lock: str, tile: str, offered: bool) -> None:
    g = _passed_game(lock, tile)
    act(g, 1, f"discard {tile}")
    if offered:
        assert g.legal_actions(2) == [PASS, WIN]
        answer(g, {2: "pass"})
    else:
        assert turn(g, 2)  # not asked: nothing else to do with the tile
    # Seat 2's turn lifts the lock: on seat 3's 1p it may win again.
    act(g, 2, "discard 2p")
    act(g, 3, "discard 1p")
    assert g.legal_actions(2) == [PASS, WIN]
    answer(g, {2: "win"})
    assert payments(g, "win") == [(2, [0, 0, 6, -6])]


def test_a_win_that_scores_more_is_allowed() -> None:
    """"但就是加分可以胡": seat 1 makes a concealed kong and lets 1p go: 杠上炮 makes it 2 番, 12 > 6."""
    g = _passed_game("any", "1s")
    act(g, 1, "concealed-kong 1s")
    assert g.drawn == Tile.P1
    act(g, 1, "discard 1p")
    assert g.legal_actions(2) == [PASS, WIN]
    answer(g, {2: "win"})
    win = g.wins[0]
    assert isinstance(win.score, ScoreResult) and win.score.points == 12
    assert payments(g, "win") == [(2, [0, -12, 12, 0])]


@pytest.mark.parametrize(("options", "dealer"), [
    ({"mode": "single"}, 1),  # 点炮者坐庄: seat 1 let the tile go
    ({"mode": "single", "next_dealer_by": "dice"}, 0),  # the second roll, 9, counted from seat 0
    ({"mode": "single", "next_dealer_by": "first-winner"}, 2),
    ({}, 0),  # 血战: rolled
])
def test_the_next_dealer_after_a_win_on_a_discard(options: dict[str, str], dealer: int) -> None:
    g = _passed_game("none", "1p", **options)
    act(g, 1, "discard 1p")
    answer(g, {2: "win"})
    quiet(g)
    assert g.result is not None and g.result.winners[0] == 2
    assert g.rules.next_hand(Match(g.rules), g).dealer == dealer


class _Passer:
    """An efficiency bot that lets each win on another seat's tile go half the time (seeded)."""

    def __init__(self, seed: int) -> None:
        self.bot = find_bot("efficiency", seed)
        self.rng = random.Random(seed)

    def act(self, view: Any) -> Action:
        if view.phase in (Phase.CLAIM, Phase.ROB) and WIN in view.legal and len(view.legal) > 1 \
                and self.rng.random() < 0.5:
            return PASS
        return self.bot.act(view)


class _LockWatch:
    """The 过水 rule worked out apart from the ruleset: what each seat let go since its last turn."""

    def __init__(self, game: Game, lock: str) -> None:
        self.game = game
        self.lock = lock
        self.passed: list[dict[int, int]] = [{}, {}, {}, {}]
        self.offers: dict[int, tuple[int, int]] = {}
        self.barred = self.let_go = 0

    def allowed(self, seat: int, tile: int, robbing: bool) -> bool | None:
        """Whether the rule lets ``seat`` win on ``tile`` now (None: it is no win); an allowed win is an
        offer the seat may let go."""
        win = self.game.discard_win(seat, tile, robbing=robbing)
        if win is None:
            return None
        assert isinstance(win, ScoreResult)
        passed = self.passed[seat]
        lost = passed.get(tile) if self.lock == "same-tile" else max(passed.values(), default=None)
        if lost is not None and win.points <= lost:
            self.barred += 1
            return False
        self.offers[seat] = (tile, win.points)
        return True

    def answered(self, seat: int, action: Action) -> None:
        offer = self.offers.pop(seat, None)
        if offer is not None and action != WIN:
            tile, points = offer
            self.passed[seat][tile] = max(points, self.passed[seat].get(tile, 0))
            self.let_go += 1


@pytest.mark.parametrize("lock", ["any", "same-tile"])
def test_the_lock_holds_in_play(lock: str) -> None:
    """Bots that let wins go: as each discard or added kong is answered (or, nobody being asked, passes),
    the table offers each seat a win exactly when the rule allows it, the rule worked out here
    (``_LockWatch``)."""
    rules = find_ruleset("sichuan", [f"pass_win_lock={lock}", "mode=blood-river"])
    barred = let_go = 0
    for seed in range(30):
        g = Game(rules, seed=seed)
        bots = [_Passer(seed * 4 + s) for s in range(4)]
        watch = _LockWatch(g, lock)
        while g.phase != Phase.OVER:
            if g.phase != Phase.TURN:
                for seat in g.to_act():
                    if seat in g.to_act():  # (the answers before it may have settled the tile)
                        action = bots[seat].act(g.view(seat))
                        watch.answered(seat, action)
                        g.apply(seat, action)
                continue
            seat = g.current
            watch.passed[seat].clear()  # the seat's turn: its lock lifts
            action = bots[seat].act(g.view(seat))
            g.apply(seat, action)
            if action.kind not in (ActionKind.DISCARD, ActionKind.ADDED_KONG):
                continue
            tile, robbing = int(action.tile), action.kind is ActionKind.ADDED_KONG  # type: ignore[arg-type]
            if g.phase in (Phase.CLAIM, Phase.ROB):
                watch.offers = {}
                for other in range(4):
                    if other != seat:
                        may = watch.allowed(other, tile, robbing)
                        assert (WIN in g.legal_actions(other)) is bool(may), (seed, other, action)
            elif g.phase == Phase.TURN:
                # Nobody was asked: no seat but the one now drawing may win on the tile.
                for other in range(4):
                    if other not in (seat, g.current) and g.active[other]:
                        assert not watch.allowed(other, tile, robbing), (seed, other, action)
        assert sum(g.totals) == 0 and tiles_in_play(g) == 108
        barred += watch.barred
        let_go += watch.let_go
    assert let_go > 0 and barred > 0  # wins were let go, and some later ones barred


# -- seed 004's worked examples ----------------------------------------------------------------------------

# (the example as seed 004 writes it, the hand, what the seed labels it, the 番 it says, the fans majiang
# scores). Where the example contradicts the seed's own definitions, majiang follows the definitions.
SEED_004_EXAMPLES: list[tuple[str, str, str, int, dict[FanId, int]]] = [
    ("23445677筒345789条", "234p456p77p345s789s", "平胡", 1, {F.PLAIN: 1}),
    ("111222444万33399筒", "111m222m444m333p99p", "对对胡", 2, {F.ALL_PUNGS: 1}),
    ("111222333万78999筒", "111222333m789p99p", "带幺九", 3, {F.OUTSIDE: 1}),
    # "七对…如2244552299万1199筒": four 2万, so by its own definition ("有四张牌就是一样的") 龙七对 5.
    ("2244552299万1199筒", "2244552299m1199p", "七对", 3, {F.DRAGON_PAIRS: 1}),
    # "清对…清一色的对对胡。如99887755221166筒": seven pairs, no pung: 清七对 5.
    ("99887755221166筒", "99887755221166p", "清对", 4, {F.FLUSH_PAIRS: 1}),
    ("222555888条88855万", "222555888s888m55m", "将对", 4, {F.PUNGS_258: 1}),
    ("11222244筒557799万", "11222244p557799m", "龙七对", 5, {F.DRAGON_PAIRS: 1}),
    ("11123777888999铜", "11123777888999p", "清幺九", 5, {F.FLUSH_OUTSIDE: 1}),
    ("11224444557799万", "11224444557799m", "清龙七对", 6, {F.FLUSH_DRAGON_PAIRS: 1}),
    # The list at the file's head: "大对子（2分）+ 一杠（1分）= 3分 2222筒 111万 444万 999筒 66筒".
    ("2222筒 111万 444万 999筒 66筒", "[2222p]111m444m999p66p", "大对子+一杠", 3,
     {F.ALL_PUNGS: 1, F.ROOT: 1}),
    # "清一色（3分）+ 一根（1分）4分 123条 567条 678 条 888条 77条": four 7条 and four 8条, two 根: 5.
    ("123条 567条 678条 888条 77条", "123s567s678s888s77s", "清一色+一根", 4, {F.FULL_FLUSH: 1, F.ROOT: 2}),
    ("8888条 123条 567条 234条 77条", "[8888s]123s567s234s77s", "清一色+一杠", 4,
     {F.FULL_FLUSH: 1, F.ROOT: 1}),
    # "七对（3分）+ 2根（2分）双龙七对（5分）11万 22万 99万 44筒 66筒 11筒 99筒": no four alike, no 根:
    # 七对 3.
    ("11万 22万 99万 44筒 66筒 11筒 99筒", "112299m44661199p", "双龙七对", 5, {F.SEVEN_PAIRS: 1}),
]
CONTRADICTED = {"七对", "清对", "清一色+一根", "双龙七对"}


@pytest.mark.parametrize(("written", "hand", "label", "seed_fan", "fans"), SEED_004_EXAMPLES,
                         ids=[e[2] for e in SEED_004_EXAMPLES])
def test_seed_004_examples(written: str, hand: str, label: str, seed_fan: int,
                           fans: dict[FanId, int]) -> None:
    result = score(hand)
    assert {h.fan.id: h.count for h in result.fans} == fans
    assert result.total == sum(SICHUAN_FANS[f].value * n for f, n in fans.items())
    assert (result.total == seed_fan) is (label not in CONTRADICTED), (written, result.total)


# -- records written before these options ------------------------------------------------------------------

OLDER = DATA / "sichuan_before_issue20.jsonl"


def test_an_older_record_still_checks() -> None:
    """The record (tests/data/README.md) was written before the options of issue 20: it lacks them, reads
    them as the play it had (``older_values``) and replays under ``replay --check``."""
    header = json.loads(OLDER.read_text(encoding="utf-8").splitlines()[0])
    assert not set(SichuanRules.later_options) & set(header["options"])
    rules = rules_from_options(header["rules"], header["options"])
    assert isinstance(rules, SichuanRules)
    played = (rules.melded_kong_bloom, rules.pass_win_lock, rules.last_of_wall_discard, rules.not_ready_pays)
    assert played == (KongBloom.SELF_DRAWN, PassLock.NONE, True, ReadyPrice.LARGEST)
    report = check_record(OLDER, accept_unverified_walls=True)
    assert report.ok, report


def test_an_older_record_read_with_todays_defaults_does_not_replay(tmp_path: Path) -> None:
    """The older values matter: the same record with today's defaults written into its header fails where
    its hands played by the old rules (the fed kong's 杠上花 paid by all, a win after a pass, 海底 on
    the last discard)."""
    lines = OLDER.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    for key in sorted(SichuanRules.older_values):
        edited = {**header, "options": {**header["options"], key: find_ruleset("sichuan").options()[key]}}
        path = tmp_path / f"{key}.jsonl"
        path.write_text("\n".join([dump_line(edited), *lines[1:]]) + "\n", encoding="utf-8")
        assert not check_record(path, accept_unverified_walls=True).ok, key
    assert set(SichuanRules.older_values) <= SichuanRules.later_options


def test_the_decisions_page_names_these_options_and_their_values() -> None:
    """docs/decisions.md's Sichuan rows name options the ruleset has, with values they take."""
    page = (Path(__file__).parent.parent / "docs" / "decisions.md").read_text(encoding="utf-8")
    section = page.split("## Sichuan and Chengdu", 1)[1].split("\n## ", 1)[0]
    cells = [line.rsplit(" | ", 1)[1] for line in section.splitlines() if line.startswith("| **")]
    assert len(cells) == 6
    schema = {o.name: o for o in find_ruleset("sichuan").option_schema()}
    named: set[str] = set()
    for cell in cells:
        words = re.findall(r"`([\w-]+)`", cell)
        options = [w for w in words if w in schema and "_" in w]  # (`mode` there is a value)
        choices = {c for name in options for c in schema[name].choices}
        assert set(words) - set(options) <= choices, cell
        named |= set(options)
    assert named == {"melded_kong_bloom", "not_ready_pays", "last_of_wall_discard", "last_of_wall",
                     "next_dealer_by", "pass_win_lock"}

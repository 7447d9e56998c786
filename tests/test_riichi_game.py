"""The riichi ruleset on the engine (majiang.rules.riichi.ruleset): scenario tests on prepared walls, the
match (renchan, honba, sticks, busting, the extension round, agari-yame), and bots playing a hanchan.

Expected points are read from the standard riichi scoring table (e.g. 4 han 30 fu: a dealer's tsumo is
3900 from each seat), not from the scorer under test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from majiang.actions import Action, ActionKind
from majiang.bots import find_bot, play_out
from majiang.errors import IllegalActionError, InvalidOptionError
from majiang.game import Game, Match, Phase
from majiang.game.ruleset import WIN, find_ruleset
from majiang.game.table import HandResult
from majiang.riichi import dora_of
from majiang.rules.riichi.payments import final_points
from majiang.rules.riichi.ruleset import RiichiMatchState, RiichiRules, RiichiState, red_places
from majiang.tiles import ALL_TILES
from riichi_walls import act, pass_all, play, public, riichi_game, tsumogiri

ITTSU_HAND = "123456789m2345p"
"""Ready on 2p and 5p with a closed pure straight (一気通貫, 2 han closed)."""
JUNK = "2468m2468p2468s5m"
"""Far from ready, and without terminals or honors."""
HONORS = "EESSWWNPPF147s"
"""Far from ready (unlike six pairs of honors and a single: a chiitoitsu wait)."""
NINE = "19m19p19sESWN234m"
"""Ten kinds of terminals and honors: 九種九牌 may be declared."""


def events(game: Game, kind: str) -> list[Any]:
    """The events of one kind, in order."""
    return [e for e in game.events if e.kind == kind]


def paid(game: Game, reason: str) -> list[list[int]]:
    """The deltas of each payment logged for ``reason``."""
    return [list(e.deltas) for e in events(game, "payment") if e.reason == reason]


def result(game: Game) -> HandResult:
    """The result of a hand that is over."""
    assert game.result is not None
    return game.result


def yaku(game: Game, index: int = 0) -> set[str]:
    return {hit.id for hit in game.wins[index].score.yaku}


def legal(game: Game, seat: int) -> list[str]:
    return [a.notation() for a in game.legal_actions(seat)]


def state(game: Game) -> RiichiState:
    st = game.hand_state
    assert isinstance(st, RiichiState)
    return st


# -- the ruleset -------------------------------------------------------------------------------------------

def test_registry_options_and_errors() -> None:
    for name in ("riichi", "立直", "立直麻将", "tenhou"):
        assert find_ruleset(name).name == "riichi"
    rules = find_ruleset("riichi", ["red_fives=4", "length=tonpuu", "several_ron=head-bump",
                                    "uma=30,10,-10,-30"])
    assert isinstance(rules, RiichiRules)
    assert (rules.red_fives, rules.length, rules.several_ron) == (4, "tonpuu", "head-bump")
    assert rules.placement() == (30, 10, -10, -30)
    for bad in (["red_fives=2"], ["kuikae=sometimes"], ["length=north"], ["uma=20,10,-10"],
                ["uma=20,10,-10,-10"], ["starting_points=-5"], ["several_ron=triple"]):
        with pytest.raises(InvalidOptionError):
            find_ruleset("riichi", bad)
    assert "kuikae" in rules.describer().option_help()


def test_the_wall_dead_wall_and_first_dora() -> None:
    rules = find_ruleset("riichi")
    assert sorted(rules.wall_tiles()) == [t for t in range(34) for _ in range(4)]
    g = Game(rules, seed=3)
    assert g.totals == [25000] * 4
    assert g.wall_left == 136 - 53 - 14
    first = events(g, "dora")
    assert len(first) == 1 and public(g, 1).dora_indicators == (ALL_TILES[first[0].indicator],)
    assert [dora_of(ALL_TILES[t]) for t in (0, 8, 9, 26, 27, 30, 31, 33)] == [1, 0, 10, 18, 28, 27, 32, 31]


@pytest.mark.parametrize("count", [0, 3, 4])
def test_red_fives_are_tracked_through_play(count: int) -> None:
    """At every step the red fives are in a hand, a meld, a discard pile or the undrawn wall, once each."""
    rules = find_ruleset("riichi", [f"red_fives={count}"])
    for seed in range(6):
        g = Game(rules, seed=seed)
        bots = [find_bot("random", seed=seed * 4 + s) for s in range(4)]
        places = red_places(g.wall, count)
        assert len(places) == count and all(g.wall[i] in (4, 13, 22) for i in places)
        while g.phase != Phase.OVER:
            st = state(g)
            undrawn = sum(1 for i in places if g.wall.front <= i < g.wall.back)
            held = sum(map(sum, st.red_hand)) + sum(st.red_melds) + sum(map(len, st.red_discards))
            assert held + undrawn == count
            for s in range(4):
                for suit, n in enumerate(st.red_hand[s]):
                    assert n <= g.counts[s][(4, 13, 22)[suit]]
            seat = g.to_act()[0]
            g.apply(seat, bots[seat].act(g.view(seat)))


# -- riichi and ippatsu ----------------------------------------------------------------------------------

def _riichi_hand(dealer: int = 0, **kw: Any) -> Game:
    hands = ["", "", "", ""]
    hands[dealer] = ITTSU_HAND
    return riichi_game(hands, "E", draws="? ? ? 5p", dora="W", ura="W", dealer=dealer, **kw)


def test_riichi_then_ippatsu_tsumo() -> None:
    g = _riichi_hand()
    assert "riichi E" in legal(g, 0)
    play(g, 0, "riichi E")
    assert events(g, "riichi")[0].seat == 0 and events(g, "riichi")[0].double
    tsumogiri(g, 3)
    seen = public(g, 2)
    assert seen.riichi == (True, False, False, False) and seen.double_riichi[0] and seen.sticks == 1
    assert paid(g, "riichi-stick") == [[-1000, 0, 0, 0]]
    # In riichi only the drawn tile may go (or the win).
    assert legal(g, 0) == ["discard 5p", "win"]
    act(g, 0, "win")
    assert yaku(g) >= {"double_riichi", "ippatsu", "menzen_tsumo", "ittsu"}
    # 6 han (double riichi 2, ippatsu, tsumo, ittsu 2): a dealer's haneman, 6000 from each seat.
    assert paid(g, "win") == [[18000, -6000, -6000, -6000]]
    assert paid(g, "sticks") == [[1000, 0, 0, 0]]
    assert list(result(g).deltas) == [18000, -6000, -6000, -6000]
    assert g.hand_state.pot == 0


def test_a_call_ends_ippatsu() -> None:
    g = riichi_game([ITTSU_HAND, "", "CC13579s2468m26p", ""], "E", draws="C ? 5p", dora="W", ura="W")
    play(g, 0, "riichi E")
    pass_all(g)
    play(g, 1, "discard C")
    act(g, 2, "pung")
    pass_all(g)
    assert not any(state(g).ippatsu)
    play(g, 2, "discard 1s")
    tsumogiri(g)
    pass_all(g)
    act(g, 0, "win")
    assert "ippatsu" not in yaku(g) and yaku(g) >= {"double_riichi", "menzen_tsumo", "ittsu"}
    # 5 han: a dealer's mangan tsumo, 4000 from each seat.
    assert paid(g, "win") == [[12000, -4000, -4000, -4000]]


def test_riichi_needs_a_ready_hand_and_1000_points() -> None:
    g = _riichi_hand(totals=[900, 25000, 25000, 49100])
    assert not any(a.startswith("riichi") for a in legal(g, 0))
    g = _riichi_hand()
    declared = {a for a in legal(g, 0) if a.startswith("riichi")}
    assert declared == {"riichi E", "riichi 2p", "riichi 5p"}  # the discards that leave the hand ready
    with pytest.raises(IllegalActionError):
        play(g, 0, "riichi 1m")


# -- furiten -----------------------------------------------------------------------------------------------

def test_own_discard_furiten_blocks_ron_not_tsumo() -> None:
    g = riichi_game([HONORS, ITTSU_HAND, "", ""], "C", draws="2p 5p ? ? 5p")
    tsumogiri(g)
    pass_all(g)
    assert "win" in legal(g, 1)
    play(g, 1, "discard 2p")  # lets its own winning tile go: furiten on 2p and 5p
    assert public(g, 1).furiten
    assert public(g, 0).furiten is False  # another seat's furiten is not shown
    play(g, 2, "discard 5p")
    assert 1 not in g.pending
    tsumogiri(g, 2)
    pass_all(g)
    assert g.current == 1 and "win" in legal(g, 1)
    act(g, 1, "win")
    assert result(g).winners == (1,)


def test_temporary_furiten_lasts_until_the_seats_next_discard() -> None:
    g = riichi_game([HONORS, ITTSU_HAND, "", ""], "C", draws="N 5p 2p ? N 2p")
    tsumogiri(g)
    play(g, 1, "discard N")
    play(g, 2, "discard 5p")
    assert "win" in legal(g, 1)
    act(g, 1, "pass")
    pass_all(g)
    assert public(g, 1).furiten
    play(g, 3, "discard 2p")
    assert 1 not in g.pending
    tsumogiri(g)
    pass_all(g)
    play(g, 1, "discard N")
    assert not public(g, 1).furiten
    play(g, 2, "discard 2p")
    assert "win" in legal(g, 1)
    act(g, 1, "win")
    assert result(g).winners == (1,) and g.wins[0].giver == 2


def test_riichi_furiten_lasts_the_hand() -> None:
    g = riichi_game([HONORS, ITTSU_HAND, "", ""], "C", draws="N 5p 2p ? N 2p ? ? 5p")
    tsumogiri(g)
    play(g, 1, "riichi N")
    play(g, 2, "discard 5p")
    act(g, 1, "pass")
    pass_all(g)
    assert state(g).riichi_furiten[1]
    play(g, 3, "discard 2p")
    assert 1 not in g.pending
    tsumogiri(g, 2)  # the dealer, then seat 1 lets its draw go
    pass_all(g)
    play(g, 2, "discard 2p")
    assert 1 not in g.pending
    tsumogiri(g, 2)
    pass_all(g)
    assert g.current == 1 and "win" in legal(g, 1)  # tsumo is still allowed


# -- calls ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("kuikae", "refused"), [("both", {"2m", "5m"}), ("same", {"2m"}), ("none", set())])
def test_swap_calls(kuikae: str, refused: set[str]) -> None:
    g = riichi_game(["SSWWNNPPFFCC1s", "2345m1199pEESWN", "", ""], "2m",
                    options=("red_fives=0", f"kuikae={kuikae}"))
    play(g, 0, "discard 2m")
    assert "chow 2m" in legal(g, 1)
    act(g, 1, "chow 2m")
    pass_all(g)
    discards = {a.split()[1] for a in legal(g, 1) if a.startswith("discard")}
    held = {t.notation() for t in g.standing_tiles(1)}
    assert {"2m", "5m"} <= held
    assert held - discards == refused


# -- robbing a kan ---------------------------------------------------------------------------------------

def test_robbing_an_added_kan() -> None:
    g = riichi_game([HONORS, "", "77p13579s246mEFN", "123456789m68p11s"], "7p", draws="? ? ? 7p")
    play(g, 0, "discard 7p")
    act(g, 3, "pass")
    act(g, 2, "pung")
    pass_all(g)
    play(g, 2, "discard E")
    tsumogiri(g, 3)
    pass_all(g)
    play(g, 2, "added-kong 7p")
    assert g.phase == Phase.ROB and "win" in legal(g, 3)
    act(g, 3, "win")
    assert "chankan" in yaku(g) and g.wins[0].giver == 2
    # chankan 1 + ittsu 2 = 3 han, 40 fu (closed ron 30 + closed wait 2): 5200 from the konger.
    assert paid(g, "win") == [[0, 0, -5200, 5200]]


@pytest.mark.parametrize("late", [True, False])
def test_a_passed_rob_lets_the_kan_stand_and_its_dora_comes_after_the_discard(late: bool) -> None:
    options = ("red_fives=0", f"kan_dora_after_discard={late}")
    g = riichi_game([HONORS, "", "77p13579s246mEFN", "123456789m68p11s"], "7p", draws="? ? ? 7p",
                    options=options)
    play(g, 0, "discard 7p")
    act(g, 3, "pass")
    act(g, 2, "pung")
    pass_all(g)
    play(g, 2, "discard E")
    tsumogiri(g, 3)
    pass_all(g)
    play(g, 2, "added-kong 7p")
    act(g, 3, "pass")
    assert g.current == 2 and g.phase == Phase.TURN and len(events(g, "dora")) == (1 if late else 2)
    assert g.drawn is not None
    tile = ALL_TILES[g.drawn].notation()
    act(g, 2, f"discard {tile}")
    assert len(events(g, "dora")) == 2
    assert state(g).passed[3]


@pytest.mark.parametrize("allowed", [True, False])
def test_thirteen_orphans_may_rob_a_concealed_kan(allowed: bool) -> None:
    options = ("red_fives=0", f"kokushi_robs_concealed_kan={'true' if allowed else 'false'}")
    g = riichi_game(["234567m234567p2s", "111m2233445566s", "", "9m19p19sESWNPFCC"], "3s", draws="1m",
                    options=options)
    play(g, 0, "discard 3s")
    pass_all(g)
    play(g, 1, "concealed-kong 1m")
    if not allowed:
        assert g.phase == Phase.TURN and g.current == 1
        return
    assert g.phase == Phase.ROB and legal(g, 3) == ["pass", "win"]
    act(g, 3, "win")
    assert "kokushi" in yaku(g)
    assert paid(g, "win") == [[0, -32000, 0, 32000]]


# -- abortive draws ----------------------------------------------------------------------------------------

def test_nine_terminals_is_an_action_on_the_first_turn() -> None:
    g = riichi_game([NINE, "", "", ""], "5m")
    assert "abort" in legal(g, 0)
    play(g, 0, "abort")
    assert g.phase == Phase.OVER and result(g).winners == () and result(g).deltas == (0, 0, 0, 0)
    assert [e.reason for e in events(g, "abort")] == ["nine-terminals"]
    g = riichi_game([NINE, "", "", ""], "5m", options=("red_fives=0", "nine_terminals=false"))
    assert "abort" not in legal(g, 0)


def test_four_winds() -> None:
    g = riichi_game(["", "E", "E", "E"], "E", draws="? ? ?", dora="P")
    for seat in range(4):
        pass_all(g)
        act(g, seat, "discard E")
    assert g.phase == Phase.OVER and [e.reason for e in events(g, "abort")] == ["four-winds"]


def test_four_riichi() -> None:
    g = riichi_game(["1122334455667m", "1122334455667p", "1122334455667s", "8899m8899p889sPP"], "E",
                    draws="S W N")
    for seat, wind in enumerate("ESWN"):
        pass_all(g)
        act(g, seat, f"riichi {wind}")
    assert g.phase == Phase.OVER and [e.reason for e in events(g, "abort")] == ["four-riichi"]
    assert list(result(g).deltas) == [-1000] * 4 and g.hand_state.pot == 4000
    assert all(public(g, 0).double_riichi)


def test_four_kans_by_two_seats_abort_after_the_discard() -> None:
    g = riichi_game(["1111m2222mESW", "3333m4444mPFC", "", ""], "N", draws="?", rinshan="? ? ? ?")
    play(g, 0, "concealed-kong 1m")
    play(g, 0, "concealed-kong 2m")
    play(g, 0, "discard E")
    pass_all(g)
    play(g, 1, "concealed-kong 3m")
    play(g, 1, "concealed-kong 4m")
    assert len(events(g, "dora")) == 5
    assert not any(a.startswith("concealed-kong") for a in legal(g, 1))
    play(g, 1, "discard P")
    pass_all(g)
    assert g.phase == Phase.OVER and [e.reason for e in events(g, "abort")] == ["four-kans"]


# -- several ron ---------------------------------------------------------------------------------------------

RON_HANDS = ["SSWWFFCC123p78s", "123456789m46sEE", "123456789p46sNN", "111222333m46sPP"]


def test_three_ron_aborts() -> None:
    g = riichi_game(RON_HANDS, "5s")
    play(g, 0, "discard 5s")
    for seat in (1, 2, 3):
        act(g, seat, "win")
    assert result(g).winners == () and [e.reason for e in events(g, "abort")] == ["three-ron"]
    g = riichi_game(RON_HANDS, "5s", options=("red_fives=0", "three_ron=false"))
    play(g, 0, "discard 5s")
    for seat in (1, 2, 3):
        act(g, seat, "win")
    assert result(g).winners == (1, 2, 3) and result(g).deltas[0] == -sum(result(g).deltas[1:])


def _double_ron(*options: str) -> Game:
    hands = [*RON_HANDS[:3], JUNK]
    g = riichi_game(hands, "5s", options=("red_fives=0", *options),
                    match_state=RiichiMatchState(honba=1, sticks=2))
    play(g, 0, "discard 5s")
    pass_all_but_wins(g)
    return g


def pass_all_but_wins(g: Game) -> None:
    for seat in g.to_act():
        g.apply(seat, WIN if WIN in g.legal_actions(seat) else Action(ActionKind.PASS))


def test_double_ron_pays_each_winner_and_the_sticks_and_honba_go_to_the_nearest() -> None:
    g = _double_ron()
    assert result(g).winners == (1, 2)
    # Each: ittsu 2 han, 40 fu: 2600; the one honba (300) and the two sticks to seat 1 (Tenhou: 上家取り).
    assert paid(g, "win") == [[-2900, 2900, 0, 0], [-2600, 0, 2600, 0]]
    assert paid(g, "sticks") == [[0, 2000, 0, 0]]
    assert g.hand_state.pot == -2000


def test_honba_to_each_winner() -> None:
    g = _double_ron("honba_to_each=true")
    assert paid(g, "win") == [[-2900, 2900, 0, 0], [-2900, 0, 2900, 0]]


def test_head_bump() -> None:
    g = _double_ron("several_ron=head-bump")
    assert result(g).winners == (1,)
    assert list(result(g).deltas) == [-2900, 4900, 0, 0]


# -- exhaustive draws ------------------------------------------------------------------------------------

def _to_the_end(g: Game) -> None:
    while g.phase != Phase.OVER:
        tsumogiri(g)


@pytest.mark.parametrize(("hands", "deltas"), [
    ([JUNK, ITTSU_HAND, JUNK, JUNK], [-1000, 3000, -1000, -1000]),
    ([JUNK, ITTSU_HAND, "123456789m1199s", JUNK], [-1500, 1500, 1500, -1500]),
    (["2468m2468p2468s3m", ITTSU_HAND, "123456789m1199s", "123456789p1199m"], [-3000, 1000, 1000, 1000]),
])
def test_tenpai_payments(hands: list[str], deltas: list[int]) -> None:
    g = riichi_game(hands, "3s")
    _to_the_end(g)
    assert result(g).winners == () and g.wall_left == 0
    ready = [s for s in range(4) if deltas[s] > 0]
    assert [e.seats for e in events(g, "tenpai")] == [ready]
    assert list(result(g).deltas) == deltas


def test_nagashi_mangan() -> None:
    orphans = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
    draws = " ".join(orphans[(i // 4) % 13] if i % 4 == 1 else "?" for i in range(69))
    g = riichi_game([JUNK, JUNK, JUNK, JUNK], "3m", draws=draws, dora="3p")
    _to_the_end(g)
    assert events(g, "tenpai")[0].nagashi == [2]
    assert list(result(g).deltas) == [-4000, -2000, 8000, -2000]
    g = riichi_game([JUNK, JUNK, JUNK, JUNK], "3m", draws=draws, dora="3p",
                    options=("red_fives=0", "nagashi_mangan=false"))
    _to_the_end(g)
    assert list(result(g).deltas) == [0, 0, 0, 0]


# -- the match -------------------------------------------------------------------------------------------

def _booked(match: Match, game: Game) -> None:
    """Play ``game`` as the match's current hand (as the record checker does) and book it."""
    match.game = game
    match.next_hand()


def _match_game(match: Match, hands: Sequence[str], extra: str, **kw: Any) -> Game:
    scores = [match.totals[match.player_at(s)] for s in range(4)]
    return riichi_game(hands, extra, dealer=match.dealer, totals=scores, match_state=match.match_state, **kw)


def _riichi_match() -> Match:
    return Match(find_ruleset("riichi", ["red_fives=0"]), seed=1)


def test_renchan_honba_and_sticks() -> None:
    m = _riichi_match()
    table = m.match_state
    # A dealer's win: the dealer stays, one honba.
    g = _match_game(m, [ITTSU_HAND, "", "", ""], "E", draws="? ? ? 5p", dora="W", ura="W")
    play(g, 0, "riichi E")
    tsumogiri(g, 3)
    pass_all(g)
    act(g, 0, "win")
    _booked(m, g)
    assert (m.dealer, table.honba, table.sticks, table.passes) == (0, 1, 0, 0)
    assert m.totals == [43000, 19000, 19000, 19000]
    # An exhaustive draw with the dealer not ready: the deal passes, honba go up; the riichi stick stays.
    g = _match_game(m, [JUNK, ITTSU_HAND, JUNK, JUNK], "3s", draws="N")
    tsumogiri(g)
    play(g, 1, "riichi N")
    _to_the_end(g)
    assert public(g, 0).honba == 1
    _booked(m, g)
    assert (m.dealer, table.honba, table.sticks, table.passes) == (1, 2, 1, 1)
    assert m.round_wind == ALL_TILES[27]
    # An abortive draw: the dealer (seat 1) stays and honba go up.
    g = _match_game(m, ["", NINE, "", ""], "5m")
    play(g, 1, "abort")
    _booked(m, g)
    assert (m.dealer, table.honba, table.sticks) == (1, 3, 1)


def test_honba_and_sticks_are_paid_to_the_next_winner() -> None:
    m = _riichi_match()
    table = m.match_state
    table.honba, table.sticks = 2, 3
    g = _match_game(m, [HONORS, ITTSU_HAND, "", ""], "C", draws="N ? ? ? 2p")
    assert (public(g, 2).honba, public(g, 2).sticks) == (2, 3)
    tsumogiri(g, 5)
    pass_all(g)
    act(g, 1, "win")
    # Tsumo, ittsu: 3 han 30 fu for a non-dealer: 1000/2000, plus 100 a seat per honba; and the 3 sticks.
    assert paid(g, "win") == [[-2200, 4600, -1200, -1200]]
    assert paid(g, "sticks") == [[0, 3000, 0, 0]]
    _booked(m, g)
    assert (m.dealer, table.honba, table.sticks) == (1, 0, 0)


def test_busting_ends_the_game() -> None:
    m = _riichi_match()
    g = _match_game(m, ["234567m234567p2s", "111m2233445566s", "", "9m19p19sESWNPFCC"], "3s", draws="1m")
    play(g, 0, "discard 3s")
    pass_all(g)
    play(g, 1, "concealed-kong 1m")
    act(g, 3, "win")
    _booked(m, g)
    assert m.totals[1] < 0 and m.over


def _all_last(m: Match, totals: list[int], dealer: int = 3, passes: int = 7) -> None:
    m.totals = list(totals)
    m.dealer = dealer
    m.match_state.passes = passes


def _noten_draw(m: Match) -> None:
    g = _match_game(m, [JUNK, JUNK, JUNK, JUNK], "3s")
    _to_the_end(g)
    _booked(m, g)


def test_the_game_ends_after_south_4_when_someone_has_30000() -> None:
    m = _riichi_match()
    _all_last(m, [31000, 25000, 24000, 20000])
    _noten_draw(m)
    assert m.over


def test_west_round_extension_until_someone_reaches_30000() -> None:
    m = _riichi_match()
    _all_last(m, [28000, 26000, 24000, 22000])
    _noten_draw(m)
    assert not m.over and m.round_wind == ALL_TILES[29] and m.dealer == 0
    m.totals = [30000, 26000, 24000, 20000]
    _noten_draw(m)
    assert m.over
    m = _riichi_match()
    _all_last(m, [28000, 26000, 24000, 22000], dealer=3, passes=11)  # West 4: the extension's last hand
    _noten_draw(m)
    assert m.over
    m = Match(find_ruleset("riichi", ["red_fives=0", "extension=false"]), seed=1)
    _all_last(m, [28000, 26000, 24000, 22000])
    _noten_draw(m)
    assert m.over


def _dealer_ready_draw(m: Match) -> None:
    """An exhaustive draw at which only the dealer is ready (3000 points from the others)."""
    hands = [JUNK, JUNK, JUNK, JUNK]
    hands[m.dealer] = ITTSU_HAND
    _noten_draw_of(m, hands)


def _noten_draw_of(m: Match, hands: list[str]) -> None:
    g = _match_game(m, hands, "3s")
    _to_the_end(g)
    _booked(m, g)


@pytest.mark.parametrize(("tenpai_yame", "over"), [(True, True), (False, False)])
def test_tenpai_yame(tenpai_yame: bool, over: bool) -> None:
    # South 4: the dealer, ready at the draw, is first with 30000 or more: Tenhou ends the game.
    m = Match(find_ruleset("riichi", ["red_fives=0", f"tenpai_yame={tenpai_yame}"]), seed=1)
    _all_last(m, [26000, 25000, 20000, 29000])
    _dealer_ready_draw(m)
    assert m.totals[3] == 32000 and m.over == over and m.dealer == 3


def test_the_dealers_repeat_comes_before_the_target_in_the_extension() -> None:
    # West 1, dealer seat 0 ready and repeating while seat 1 has passed 30000: the game goes on (Tenhou).
    m = _riichi_match()
    _all_last(m, [25000, 31000, 24000, 20000], dealer=0, passes=8)
    _dealer_ready_draw(m)
    assert not m.over and m.dealer == 0 and m.round_wind == ALL_TILES[29]
    # The deal passes (nobody ready): someone has the target, so the extension ends.
    _noten_draw_of(m, [JUNK, JUNK, JUNK, JUNK])
    assert m.over


@pytest.mark.parametrize(("agari_yame", "over"), [(True, True), (False, False)])
def test_agari_yame(agari_yame: bool, over: bool) -> None:
    m = Match(find_ruleset("riichi", ["red_fives=0", f"agari_yame={agari_yame}"]), seed=1)
    _all_last(m, [30000, 30000, 20000, 20000])
    g = _match_game(m, ["", "", "", ITTSU_HAND], "E", draws="? ? ? 5p", dora="W", ura="W")
    play(g, 3, "riichi E")
    tsumogiri(g, 3)
    pass_all(g)
    act(g, 3, "win")
    _booked(m, g)
    assert m.totals[3] > max(m.totals[:3]) and m.over == over
    assert m.dealer == 3


def test_final_points_with_uma_oka_and_sticks_left() -> None:
    # Tenhou: 25000 start, 30000 returned, uma 20/10: first takes the 20000 oka.
    assert final_points([42000, 28000, 20000, 10000], 0, (20, 10, -10, -20), 30000, 25000) == \
        (52.0, 8.0, -20.0, -40.0)
    # Ties go to the earlier seat; two sticks left on the table go to first place.
    assert final_points([25000, 25000, 24000, 24000], 2, (20, 10, -10, -20), 30000, 25000) == \
        (37.0, 5.0, -16.0, -26.0)


def test_a_hanchan_of_bots_keeps_the_points() -> None:
    rules = find_ruleset("riichi")
    m = Match(rules, seed=7)
    bots = [find_bot("efficiency", seed=s) for s in range(4)]
    hands = 0
    while not m.over:
        play_out(m.game, bots)
        m.next_hand()
        hands += 1
    table = m.match_state
    assert 8 <= hands < m.length
    assert sum(m.totals) + 1000 * table.sticks == 100000
    assert sum(m.standings()) == pytest.approx(0.0)
    assert max(m.standings()) == m.standings()[sorted(range(4), key=lambda p: (-m.totals[p], p))[0]]


def test_bots_declare_riichi_and_never_wait_without_a_yaku() -> None:
    rules = find_ruleset("riichi")
    declared = 0
    for seed in range(12):
        g = Game(rules, seed=seed, dealer=seed % 4)
        bots = [find_bot("efficiency", seed=seed * 4 + s) for s in range(4)]
        while g.phase != Phase.OVER:
            seat = g.to_act()[0]
            action = bots[seat].act(g.view(seat))
            g.apply(seat, action)
            declared += action.kind == ActionKind.RIICHI
            if action.kind in (ActionKind.DISCARD, ActionKind.RIICHI) and g.waits[seat] \
                    and not all(m.is_concealed_kong for m in g.melds[seat]) and g.result is None:
                assert any(g.discard_win(seat, w, robbing=False) is not None for w in g.waits[seat]), \
                    f"seed {seed}: seat {seat} waits on {sorted(g.waits[seat])} without a yaku"
    assert declared > 0


def test_scoring_options_are_ruleset_options_with_the_same_defaults() -> None:
    """The game passes its fields of RiichiOptions' names to the scorer: each must exist, default alike."""
    import dataclasses

    from majiang.rules.riichi import RiichiOptions

    rules = {f.name: f for f in dataclasses.fields(RiichiRules)}
    for option in dataclasses.fields(RiichiOptions):
        assert option.name in rules, option.name
        assert rules[option.name].default == option.default, option.name
    changed = RiichiRules(kiriage=True, renhou="mangan", double_wind_pair_fu=2)
    from majiang.rules.riichi.ruleset import _scoring

    scoring = _scoring(changed)
    assert (scoring.kiriage, scoring.renhou, scoring.double_wind_pair_fu) == (True, "mangan", 2)

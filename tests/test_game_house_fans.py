"""House fans of source 000 (天和, 地和, 人和, 天听, 四方大发): off by default, scored when on."""

from __future__ import annotations

import pytest

from game_walls import Layout
from majiang.game import Action, ActionKind, Game, Phase
from majiang.mcr import McrRules
from majiang.rules.mcr.ruleset import house_fans
from majiang.tiles import Tile

WIN = Action(ActionKind.WIN)
HOUSE = McrRules(house_fans=True)


def pass_all(game: Game) -> None:
    """Every seat answering a discard passes."""
    while game.phase == Phase.CLAIM:
        game.apply(game.to_act()[0], Action(ActionKind.PASS))


def fan_names(layout: Layout, rules: McrRules, seat: int, actions: list[tuple[int, str]]) -> dict[str, int]:
    game = layout.game(rules)
    for s, text in actions:
        game.apply(s, Action.parse(text))
    game.apply(seat, WIN)
    assert game.phase == Phase.OVER and game.result is not None
    return {f.name: f.value for f in game.result.scores[0].fans}


# The dealer's fourteen are already a win: 123m 456m 789m 123p + 99s (清龙 16 + ...).
HEAVEN = Layout(("123456789m123p9s", "", "", ""), "9s")


def test_heavenly_hand_only_with_the_option() -> None:
    assert "天和" not in fan_names(HEAVEN, McrRules(), 0, [])
    names = fan_names(HEAVEN, HOUSE, 0, [])
    assert names["天和"] == 168
    assert "人和" not in names and "地和" not in names


def test_heavenly_hand_total_adds_168() -> None:
    plain = HEAVEN.game(McrRules())
    plain.apply(0, WIN)
    house = HEAVEN.game(HOUSE)
    house.apply(0, WIN)
    assert plain.result is not None and house.result is not None
    assert house.result.scores[0].total == plain.result.scores[0].total + 168


# The dealer's 下家 (seat 1) is one tile from a win and draws it first: 地和.
EARTH = Layout(("", "123456789m123p9s", "", ""), "E", draws="9s")


def test_earthly_hand_implies_heavenly_ready() -> None:
    # Winning on the first draw proves the dealt hand was ready: 天听 is not counted again (不重复).
    game = EARTH.game(HOUSE)
    game.apply(0, Action.parse("discard E"))
    pass_all(game)
    assert game.current == 1 and WIN in game.legal_actions(1)
    assert game.hand_state.ready_from_deal[1]
    game.apply(1, WIN)
    assert game.result is not None
    names = {f.name for f in game.result.scores[0].fans}
    assert "地和" in names
    assert not names & {"天听", "人和", "天和"}


def test_four_winds_and_green_replaces_big_four_winds() -> None:
    # The standing hand EEE SSS WWW NNN F waits on F: 四方大发 takes 大四喜's place.
    game = Layout(("", "EEESSSWWWNNNF", "", ""), "C", draws="F").game(HOUSE)
    game.apply(0, Action.parse("discard C"))
    pass_all(game)
    game.apply(1, WIN)
    assert game.result is not None
    names = {f.name for f in game.result.scores[0].fans}
    assert "四方大发" in names
    assert not names & {"大四喜", "碰碰和", "圈风刻", "门风刻", "三风刻"}


def test_no_house_fans_after_a_claim() -> None:
    # Seat 1 pungs the dealer's first discard: nothing counts as untouched any more.
    layout = Layout(("", "123456789m12pEE", "", ""), "E", draws="")
    game = layout.game(HOUSE)
    game.apply(0, Action.parse("discard E"))
    assert Action(ActionKind.PUNG) in game.legal_actions(1)
    game.apply(1, Action(ActionKind.PUNG))
    game.apply(1, Action.parse("discard 2p"))
    assert game.interrupted
    assert house_fans(game, 1, game._hand_with(1, 9), False) == []


# --- 人和 and 天听: who may score them, and when 天听 is implied ------------------------------------------

READY = "123456789m123p9s"  # 清龙 with a single wait on 9s: 16 fans on any win


def turn(game: Game, seat: int, discard: str) -> None:
    """``seat`` (whose turn it is) lets ``discard`` go, and every seat answering passes."""
    assert game.phase == Phase.TURN and game.current == seat, (game.phase, game.current)
    game.apply(seat, Action.parse(f"discard {discard}"))
    pass_all(game)


def win_on_discard(game: Game, seat: int) -> dict[str, int]:
    """``seat`` wins on the discard just made (the others pass); the winner's fans by name."""
    assert WIN in game.legal_actions(seat)
    game.apply(seat, WIN)
    while game.phase == Phase.CLAIM:
        game.apply(game.to_act()[0], Action(ActionKind.PASS))
    assert game.phase == Phase.OVER and game.result is not None and game.result.winners == (seat,)
    return {f.name: f.value for f in game.result.scores[0].fans}


def test_the_dealer_scores_human_hand_on_a_discard_of_the_first_go_around() -> None:
    # Source 000: 人和 is a win 第一圈内 (within the first go-around), for any seat. The dealer's only
    # such win is on a discard of seats 1-3; winning with the dealt tiles, its 天听 is implied.
    game = Layout((READY, "", "", ""), "E", draws="9s").game(HOUSE)
    turn(game, 0, "E")
    assert game.hand_state.ready_from_deal[0]
    game.apply(1, Action.parse("discard 9s"))
    names = win_on_discard(game, 0)
    assert names["人和"] == 108
    assert not names.keys() & {"天听", "天和", "地和"}


def test_the_dealers_self_drawn_win_in_the_second_go_around_is_no_human_hand() -> None:
    # The dealer's next draw opens the second go-around; ready since its first discard, it keeps 天听.
    game = Layout((READY, "", "", ""), "E", draws="C C C 9s").game(HOUSE)
    turn(game, 0, "E")
    for seat in (1, 2, 3):
        turn(game, seat, "C")
    assert game.current == 0 and WIN in game.legal_actions(0)
    game.apply(0, WIN)
    assert game.result is not None
    names = {f.name: f.value for f in game.result.scores[0].fans}
    assert names["天听"] == 32
    assert not names.keys() & {"人和", "天和", "地和"}


def test_human_hand_before_the_winners_first_draw_implies_heavenly_ready() -> None:
    # Seat 3 wins on the dealer's first discard with its dealt tiles: 人和 alone.
    game = Layout(("", "", "", READY), "9s").game(HOUSE)
    game.apply(0, Action.parse("discard 9s"))
    names = win_on_discard(game, 3)
    assert names["人和"] == 108
    assert "天听" not in names


def test_human_hand_after_the_winners_own_discard_stacks_with_heavenly_ready() -> None:
    # Seat 1 draws C, lets it go (still ready), and wins on seat 2's 9s: ready from the deal through a
    # draw and a discard, which 人和 does not imply, so both count.
    game = Layout(("", READY, "", ""), "E", draws="C 9s").game(HOUSE)
    turn(game, 0, "E")
    turn(game, 1, "C")
    game.apply(2, Action.parse("discard 9s"))
    names = win_on_discard(game, 1)
    assert names["人和"] == 108 and names["天听"] == 32


@pytest.mark.parametrize(("first", "second", "kept"), [
    ("E", "1m", True),  # lets each draw go: ready after every discard
    ("1m", "E", False),  # breaks 123m, then rebuilds it: ready again, but not from the deal on
])
def test_heavenly_ready_needs_the_hand_ready_after_every_discard(first: str, second: str, kept: bool) -> None:
    # Seat 1 draws E, then 1m, then 9s to win in the third go-around (too late for 人和).
    game = Layout(("", READY, "", ""), "C", draws="E C C C 1m F F F 9s").game(HOUSE)
    turn(game, 0, "C")
    turn(game, 1, first)
    assert game.hand_state.ready_from_deal[1] is kept
    turn(game, 2, "C")
    turn(game, 3, "C")
    turn(game, 0, "C")
    turn(game, 1, second)
    assert game.waits[1] == frozenset({Tile.S9})
    for seat in (2, 3, 0):
        turn(game, seat, "F")
    assert game.current == 1 and WIN in game.legal_actions(1)
    game.apply(1, WIN)
    assert game.result is not None
    names = {f.name for f in game.result.scores[0].fans}
    assert ("天听" in names) is kept
    assert not names & {"人和", "地和", "天和"}


def test_a_hand_ready_only_on_a_kind_it_holds_four_of_is_not_ready() -> None:
    # 1111m234p567s789s waits formally on a fifth 1m: no tile can come, so no 天听 either.
    game = Layout(("", "1111m234p567s789s", "", ""), "E").game(HOUSE)
    assert not game.hand_state.ready_from_deal[1] and game.waits[1] == frozenset()

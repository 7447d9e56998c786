"""The optional house fans of seed 000 (天和, 地和, 人和, 天听, 四方大发): off by default, scored when on."""

from __future__ import annotations

from game_walls import Layout
from majiang.game import Action, ActionKind, Game, McrRules, Phase
from majiang.game.rules import house_fans

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


def test_earthly_hand() -> None:
    game = EARTH.game(HOUSE)
    game.apply(0, Action.parse("discard E"))
    pass_all(game)
    assert game.current == 1 and WIN in game.legal_actions(1)
    game.apply(1, WIN)
    assert game.result is not None
    names = {f.name for f in game.result.scores[0].fans}
    assert {"地和", "天听"} <= names and "人和" not in names and "天和" not in names


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

"""The coaching bot's judgement (majiang.bots.judgement): its pick is the bot's own move, its dangers the
danger reading's, it reads nothing beyond the view, and the terminal coach shows it."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from majiang.bots import find_bot
from majiang.bots.danger import read_table
from majiang.bots.judgement import judge
from majiang.game import ActionKind, Game, Phase, View
from majiang.game.ruleset import find_ruleset
from majiang.tui.hints import hints_renderable
from majiang.tui.text import TileStyle

BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")


def _positions(rules: str, seed: int, steps: int) -> list[View]:
    """The deciding seat's view at each of the first ``steps`` decisions of a game of efficiency bots."""
    game = Game(find_ruleset(rules), seed=seed)
    bots = [find_bot("efficiency", seed * 4 + s) for s in range(4)]
    out: list[View] = []
    while game.result is None and len(out) < steps:
        seat = game.to_act()[0]
        view = game.view(seat)
        out.append(view)
        game.apply(seat, bots[seat].act(view))
    return out


@pytest.mark.parametrize("rules", BUILT_IN)
def test_the_pick_is_the_coaching_bots_move_and_the_dangers_its_reading(rules: str) -> None:
    ruleset = find_ruleset(rules)
    for view in _positions(rules, 7, 40)[::4]:
        seat = view.seat
        j = judge(view)
        assert j.bot == ruleset.coach_bot == ("defense" if rules == "riichi" else "fan-aware")
        assert j.pick == find_bot(j.bot, seed=0).act(view) and j.pick in view.legal
        table = read_table(view)
        discards = {int(a.tile) for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None}
        assert set(j.deal_in) == discards
        assert all(j.deal_in[k] == table.deal_in(k) and 0 <= j.deal_in[k] < 1 for k in discards)
        assert j.threat[seat] == 0.0
        as_json = j.to_dict()
        assert as_json["pick"] == j.pick.notation() and len(as_json["deal_in"]) == len(discards)


def test_the_same_view_gives_the_same_judgement_and_another_bot_may_be_asked() -> None:
    view = _positions("mcr", 3, 30)[-1]
    assert judge(view) == judge(view)
    assert judge(view, bot="efficiency").pick == find_bot("efficiency", seed=0).act(view)


def test_a_seat_with_nothing_to_decide_has_no_pick() -> None:
    game = Game(seed=3)
    idle = (game.current + 1) % 4
    j = judge(game.view(idle))
    assert j.pick is None and j.deal_in == {} and j.to_dict()["pick"] is None


def _text(view: View, style: TileStyle) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(hints_renderable(view, style))
    return out.getvalue()


def test_the_terminal_coach_shows_the_bots_move_and_each_discards_risk() -> None:
    view = next(v for v in _positions("mcr", 11, 60)
                if v.phase is Phase.TURN and len(v.discards[(v.seat + 1) % 4]) >= 3)
    j = judge(view)
    assert j.pick is not None
    text = _text(view, "notation")
    assert f"The Fan-aware bot would: {j.pick.notation()}" in text
    assert "Risk" in text
    best = max(j.deal_in.values())
    assert f"{100 * best:.0f}%" in text
    chinese = _text(view, "chinese")
    assert "算番机器人会" in chinese and "放铳" in chinese

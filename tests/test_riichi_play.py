"""Riichi at the table: the terminal game (``majiang play --rules riichi``) and the simulation commands.

The terminal game is driven through Textual's pilot with the helpers of tests/test_tui.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.actions import Action, ActionKind
from majiang.bots import find_bot
from majiang.cli import app as cli
from majiang.game.ruleset import find_ruleset
from majiang.records import check_record
from majiang.rules.riichi.ruleset import RiichiDeclared, RiichiState
from majiang.tiles import Tile
from majiang.tui import new_app
from majiang.tui.app import ActionButton, TableScreen
from majiang.tui.render import hand_tiles
from test_tui import SIZE, act_as_person, settle, text_of


def _riichi_seed() -> int:
    """A seed whose first hand the efficiency bot (as the person, seat 0) declares riichi in."""
    rules = find_ruleset("riichi")
    for seed in range(40):
        app = new_app(seed=seed, bots="efficiency", hands=1, delay=0, rules=rules)
        session = app.session
        human = find_bot("efficiency", 0)
        while not session.hand_over:
            if session.bot_step() is None:
                action = human.act(session.view())
                if action.kind == ActionKind.RIICHI:
                    return seed
                session.play(action)
    raise AssertionError("no seed below 40 has the person declare riichi")


@pytest.mark.asyncio
async def test_a_riichi_hand_in_the_terminal_game(tmp_path: Path) -> None:
    rules = find_ruleset("riichi")
    seed = _riichi_seed()
    app = new_app(seed=seed, bots="efficiency", hands=1, delay=0, rules=rules, records_dir=tmp_path)
    human = find_bot("efficiency", 0)
    declared = False
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        status = text_of(app, "#status")
        assert "dora indicators" in status and "供託" in status
        assert status.count("本場") == 1  # in the hand's name, not again in the note
        while isinstance(app.screen, TableScreen):
            view = app.session.view()
            action = human.act(view)
            if action.kind == ActionKind.RIICHI:
                # Riichi is offered for the tile selected: select it, then press its button.
                index = hand_tiles(view).index(action.tile)  # type: ignore[arg-type]
                while app.table.selected != index:
                    app.table.action_move(1)
                await settle(pilot)
                buttons = [b.action_value for b in app.table.query(ActionButton) if b.display]
                assert action in buttons
                assert sum(1 for a in buttons if a is not None and a.kind == ActionKind.RIICHI) == 1
                await act_as_person(pilot, app, action, "click")
                declared = True
                game = app.session.game
                assert [e.seat for e in game.events if isinstance(e, RiichiDeclared)] == [0]
                st = game.hand_state
                assert isinstance(st, RiichiState)
                if st.riichi[0] and isinstance(app.screen, TableScreen):
                    assert "立直" in text_of(app, "#me")  # the badge, once the riichi stands
            elif action.kind == ActionKind.ABORT:
                await act_as_person(pilot, app, action, "click")
            else:
                await act_as_person(pilot, app, action, "handlers")
    assert declared
    path = app.session.record_path
    assert path is not None
    report = check_record(path)
    assert report.ok and report.hands == 1, str(report)


def test_simulate_and_arena_play_riichi(tmp_path: Path) -> None:
    runner = CliRunner()
    records = f"{tmp_path}/riichi.jsonl"
    result = runner.invoke(cli, ["simulate", "--rules", "riichi", "--games", "8", "--bots", "efficiency",
                                 "--workers", "1", "--records", records])
    assert result.exit_code == 0, result.output
    assert "Riichi" in result.output or "Tanyao" in result.output or "Yakuhai" in result.output
    replay = runner.invoke(cli, ["replay", "--check", records])
    assert replay.exit_code == 0 and "ok: 8 hands" in replay.output, replay.output
    arena = runner.invoke(cli, ["arena", "--rules", "riichi", "--bots", "efficiency,random", "--deals", "2",
                                "--workers", "1"])
    assert arena.exit_code == 0, arena.output


def test_rules_lists_riichi_and_its_options() -> None:
    result = CliRunner().invoke(cli, ["rules", "riichi"])
    assert result.exit_code == 0, result.output
    for option in ("red_fives", "kuikae", "several_ron", "agari_yame", "uma"):
        assert option in result.output
    assert Action.parse("riichi 5m").notation() == "riichi 5m" and Action.parse("abort").tile is None


def _render(renderable: object) -> str:
    from rich.console import Console

    console = Console(record=True, width=120)
    console.print(renderable)
    return console.export_text()


def test_the_terminal_shows_han_fu_points_and_final_points() -> None:
    from majiang.tui.render import final_renderable, result_renderable

    rules = find_ruleset("riichi", ["length=tonpuu"])
    app = new_app(seed=5, bots="efficiency", hands=rules.most_hands, delay=0, rules=rules, records_dir=None)
    session = app.session
    human = find_bot("efficiency", 0)
    shown = []
    while not session.match_over:
        while not session.hand_over:
            if session.bot_step() is None:
                session.play(human.act(session.view()))
        finished = session.finish_hand()
        shown.append((finished, _render(result_renderable(session, finished, "notation"))))
    for finished, text in shown:
        # The hand as riichi players name it (round, deal, honba), and no total of hands.
        game = finished.game
        title = text.splitlines()[0].strip()
        assert re.fullmatch(r"[東南西北][1-4]局 \d+本場", title) and " of " not in title, title
        assert title[0] == "東南西北"[[Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH].index(game.round_wind)]
        for win in finished.game.wins:
            score = win.score
            assert f"{score.han} han {score.fu} fu" in text and f"{score.points} points" in text
            assert " fans" not in text
    end = _render(final_renderable(session))
    assert "Final points (uma, oka)" in end and "Standard score" not in end
    standings = session.match.standings()
    assert sum(standings) == 0
    best = max(range(4), key=lambda p: (standings[p], -p))
    assert f"{standings[best]:+g}" in end and str(session.match.totals[best]) in end


def test_an_abortive_draw_is_named_in_the_terminal() -> None:
    from majiang.game.match import Match
    from majiang.tui.render import result_renderable
    from majiang.tui.session import PlaySession
    from riichi_walls import act, riichi_game

    match = Match(find_ruleset("riichi", ["red_fives=0"]), seed=1)
    match.game = riichi_game(["19m19p19sESWN234m", "", "", ""], "5m", match_state=match.match_state)
    act(match.game, 0, "abort")
    session = PlaySession(match, [find_bot("efficiency", seed=s) for s in range(3)])
    text = _render(result_renderable(session, session.finish_hand(), "notation"))
    assert "Abortive draw 途中流局 (nine-terminals)" in text and "wall ran out" not in text

"""The terminal game as a coach: refused wins explained, the coach's ranking, the log, help, quitting,
saved records, the 80x24 layout, the language toggle and the end-of-hand panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Footer, Static
from typer.testing import CliRunner

from majiang.bots import RandomBot
from majiang.cli import app as cli_app
from majiang.game import ActionKind
from majiang.hand import Hand
from majiang.mcr import score
from majiang.records import check_record, read_record
from majiang.rules.mcr.definitions import DEFINITIONS
from majiang.rules.mcr.fans import FANS
from majiang.tiles import Tile
from majiang.tui import PlayApp, default_records_dir, new_app
from majiang.tui.app import FinalScreen, HelpScreen, LogScreen, QuitScreen, ResultScreen, TableScreen
from majiang.tui.coach import coach_discards, legal_distance
from majiang.tui.render import refusal_text
from test_tui import (
    CHOWS_AND_PUNG,
    FIVE_FROM_LEFT,
    SIZE,
    STRAIGHT_WON,
    ScriptedBot,
    act_as_person,
    prepared_game,
    screen_text,
    scripted_app,
    settle,
    text_of,
)

# A complete hand on the deal worth 5 fans self-drawn (不求人 4, 幺九刻 1): below the minimum.
SHORT_WIN = "123m345p678s99sNNN"


def plain(renderable: object, width: int = 100) -> str:
    console = Console(width=width, color_system=None)
    with console.capture() as out:
        console.print(renderable)
    return out.get()


def squeeze(text: str) -> str:
    """The text without white space (a long path may wrap anywhere)."""
    return "".join(text.split())


# -- the coach without a screen ----------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "best", "not_best"), [
    # 5s leaves a ready hand on 1s/4s with 2-3 fans: ready, but no legal winning tile.
    ("[123m]456p789p23sEE5s", "9p", "5s"),
    # Letting the east go keeps the pure straight: ready for 1p/4p with 16+ fans.
    ("123456789m1234pE", "E", "4p"),
])
def test_the_coach_ranks_by_chances_of_a_legal_win(hand: str, best: str, not_best: str) -> None:
    rows = coach_discards(Hand.parse(hand))
    assert rows[0].option.discard == Tile.parse(best)
    ranked = [r.option.discard for r in rows]
    assert ranked.index(Tile.parse(not_best)) > 0
    assert [r.distance for r in rows] == sorted(r.distance for r in rows)
    for r in rows:
        assert r.distance == legal_distance(r.option) >= r.option.shanten


def test_a_dead_ready_discard_ranks_behind_a_live_one_away_discard() -> None:
    rows = coach_discards(Hand.parse("[123m]456p789p23sEE5s"))
    dead = next(r for r in rows if r.option.discard == Tile.S5)
    assert dead.option.shanten == 0 and dead.option.legal_live == 0 and dead.distance == 1
    assert rows[0].option.shanten == 1 and (rows[0].option.legal_live or 0) > 0
    assert rows.index(dead) > 0


def test_the_coach_names_the_form_and_the_main_fan() -> None:
    rows = coach_discards(Hand.parse("123456789m1234pE"))
    assert rows[0].forms == ("regular",) and rows[0].aim is not None and rows[0].aim.zh == "清龙"
    pairs = coach_discards(Hand.parse("1122m3344p5566s7sE"))
    assert "seven_pairs" in pairs[0].forms


@pytest.mark.parametrize(("style", "expected"), [
    ("notation", "Not a win: 5 fans (Fully Concealed Hand 不求人 4, Pung of Terminals or Honors 幺九刻 1), "
                 "below the 8-fan minimum; flowers would not count toward it."),
    ("chinese", "不能和: 5 番 (不求人4番、幺九刻1番), 不足 8 番起和; 花牌不计入起和。"),
])
def test_refusal_text_lists_fans_values_and_the_minimum(style: str, expected: str) -> None:
    result = score("123m345p678s99sNN" + "N", win_by="self-drawn")
    assert refusal_text(result, style) == expected  # type: ignore[arg-type]


def test_refusal_text_says_flowers_do_not_count() -> None:
    result = score("123m345p678s99sNNN", win_by="self-drawn", flowers=3)
    assert result.total == 8 and result.fan_total == 5
    text = refusal_text(result, "notation")
    assert text.startswith("Not a win: 5 fans (") and "your 3 flowers do not count toward it" in text
    assert "Flower" not in text


# -- at the table ------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_refused_win_says_why() -> None:
    app = scripted_app(prepared_game(SHORT_WIN, ""))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.session.game
        assert ActionKind.WIN not in {a.kind for a in app.session.view().legal}
        # Told at once, as a note, when the decision comes.
        assert text_of(app, "#message").startswith("Not a win: 5 fans")
        before = len(game.events)
        await pilot.press("h")
        await settle(pilot)
        message = text_of(app, "#message").replace("\n", " ")
        assert "Not a win: 5 fans (Fully Concealed Hand 不求人 4, Pung of Terminals or Honors 幺九刻 1)" \
            in message
        assert "below the 8-fan minimum" in message and app.table.query_one("#message").has_class("error")
        assert len(game.events) == before
        await pilot.press("t")
        assert text_of(app, "#message").startswith("不能和: 5 番 (不求人4番、幺九刻1番)")


@pytest.mark.asyncio
async def test_the_log_keeps_every_move_of_the_hand() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "space")  # discard N, pass on the 5s
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        game = app.session.game
        # The bots' passes are left out; the person's own pass is logged.
        acted = [e for e in game.event_dicts() if e["e"] == "act" and (e["a"] != "pass" or e["seat"] == 0)]
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        lines = [line for line in text_of(app, "#log-all").splitlines() if line.strip()]
        assert len(lines) == len(acted) > 6
        for line, event in zip(lines, acted, strict=True):
            assert line.endswith(event["a"]) and line.startswith("You" if event["seat"] == 0 else "Bot ")
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("t", "l")
        assert "打" in text_of(app, "#log-all") and "discard" not in text_of(app, "#log-all")


@pytest.mark.asyncio
async def test_help_lists_keys_notation_and_every_fan() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        widget = app.screen.query_one("#help", Static)
        text = plain(widget.content, 140)
        assert "[555p,2]" in text and "Keys" in text
        for fan in FANS.values():
            assert f"{fan.zh} {fan.en}" in text
            assert DEFINITIONS[fan.id].en.split()[0] in text
        await pilot.press("escape")
        await pilot.press("t", "f1")
        text = plain(app.screen.query_one("#help", Static).content, 140)
        assert DEFINITIONS["pure_straight"].zh in text and "按键" in text


@pytest.mark.asyncio
async def test_the_result_shows_all_four_hands_with_concealed_kongs_on_a_draw() -> None:
    bots = [ScriptedBot(kong=True), ScriptedBot(), ScriptedBot()]
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, "9s", others=("CCCC", "", "")), bots, hands=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        while isinstance(app.screen, TableScreen):
            if any(a.kind == ActionKind.PASS for a in app.session.view().legal):
                table.action_claim("pass")
            else:
                table.action_discard()
            await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        game = app.session.finished[0].game
        assert game.result is not None and game.result.exhausted
        text = plain(app.screen.query_one("#result", Static).content)
        assert "Hands as they ended" in text and "[CCCC]" in text
        for seat in range(4):
            standing = " ".join(t.notation() for t in game.standing_tiles(seat))
            assert standing in text


@pytest.mark.asyncio
async def test_quitting_asks_shows_the_standings_and_can_go_back() -> None:
    app = scripted_app(prepared_game(STRAIGHT_WON, ""), hands=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        text = screen_text(app)
        assert "Quit the match?" in text and "Standings after 0 hands" in text and "Recording is off" in text
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("h")  # win on the deal, then quit from the result panel
        await settle(pilot)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        assert "Standings after 1 hands" in screen_text(app)
        await pilot.press("y")
    assert app.return_code == 0


async def _play_hand(pilot: object, app: PlayApp, human: RandomBot) -> None:
    while isinstance(app.screen, TableScreen):
        await act_as_person(pilot, app, human.act(app.session.view()), "handlers")  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_a_match_is_saved_as_a_record_that_checks(tmp_path: Path) -> None:
    app = new_app(seed=2024, bots="random", hands=1, delay=0, records_dir=tmp_path / "records")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _play_hand(pilot, app, RandomBot(seed=9))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, FinalScreen)
        files = list((tmp_path / "records").iterdir())
        assert len(files) == 1 and files[0].name.endswith("-seed2024.jsonl")
        assert squeeze(f"Record of 1 hands saved: {files[0]}") in squeeze(text_of(app, "#final"))
    report = check_record(files[0])
    assert report.ok and report.hands == 1, report
    assert read_record(files[0]).header.players[0] == "You"


@pytest.mark.asyncio
async def test_quitting_mid_match_saves_the_finished_hands(tmp_path: Path) -> None:
    app = new_app(seed=5, bots="random", hands=4, delay=0, records_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await _play_hand(pilot, app, RandomBot(seed=1))
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, QuitScreen)
        path = app.session.record_path
        assert path is not None
        assert squeeze(f"Record of 1 hands saved: {path}") in squeeze(text_of(app, "#quit"))
        await pilot.press("y")
    report = check_record(path)
    assert report.ok and report.hands == 1


def test_a_failed_save_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app = new_app(seed=5, bots="random", hands=1, delay=0, records_dir=blocker / "records")
    session = app.session
    human = RandomBot(seed=2)
    while not session.hand_over:
        if session.bot_step() is None:
            session.play(human.act(session.view()))
    session.finish_hand()
    assert session.save() is None and session.save_error is not None
    assert str(blocker / "records") in session.save_error and not (blocker / "records").exists()


def test_the_default_records_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_records_dir() == tmp_path / "majiang" / "records"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # invalid by the XDG rules: ignored
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_records_dir() == tmp_path / ".local" / "share" / "majiang" / "records"


# -- 80 x 24 ------------------------------------------------------------------------------------------


def _inside(app: PlayApp, selector: str) -> bool:
    widget = app.screen.query_one(selector)
    region = widget.region
    return bool(widget.display) and region.height > 0 and region.y >= 0 and region.bottom <= 24 \
        and region.right <= 80


@pytest.mark.asyncio
async def test_the_table_fits_80_by_24() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT), hands=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for selector in ("#status", "#prompt", "#me", "#hand", "#actions", "#log", "#seat-1", "#seat-3"):
            assert _inside(app, selector), selector
        assert _inside(app, "#tile-13") and _inside(app, "#action-0")
        footer = app.screen.query_one(Footer)
        assert footer.region.bottom == 24 and footer.region.y == 23
        await pilot.press("a")
        assert _inside(app, "#hints") and _inside(app, "#hand") and _inside(app, "#actions")
        await pilot.press("enter")  # discard N: the claim of the 5s comes with its advice
        await settle(pilot)
        assert _inside(app, "#hints") and _inside(app, "#action-4")
        await pilot.press("q")
        await settle(pilot)
        assert _inside(app, "#quit") and "y: quit" in screen_text(app)


@pytest.mark.asyncio
async def test_the_result_panel_fits_80_by_24() -> None:
    app = scripted_app(prepared_game(STRAIGHT_WON, ""), hands=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        scroll = app.screen.query_one("#scroll")
        assert scroll.region.y >= 0 and scroll.region.bottom <= 24 and scroll.region.right <= 80
        assert "Enter: next hand" in screen_text(app)
        scroll.scroll_end(animate=False)
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y


# -- the command line ---------------------------------------------------------------------------------


def test_play_refuses_no_record_with_a_records_dir(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_app, ["play", "--no-record", "--records-dir", str(tmp_path)])
    assert result.exit_code == 2 and "--no-record and --records-dir contradict" in result.stderr


def test_play_refuses_a_file_as_records_dir(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_text("")
    result = CliRunner().invoke(cli_app, ["play", "--records-dir", str(path)])
    assert result.exit_code == 2 and f"--records-dir {path} is a file, not a folder" in result.stderr

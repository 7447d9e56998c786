"""The terminal game (``majiang play``) through Textual's pilot: keys, clicks, claims, results, hints.

Bots act with no delay here. Hands that must go a certain way start from a prepared wall (the deal
and the next draws fixed) with scripted opponents; the rest use seeds.
"""

from __future__ import annotations

import fcntl
import io
import itertools
import json
import os
import random
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from conformance import register_variants, variants
from majiang.bots import Bot, RandomBot, find_bot
from majiang.cli import app as cli_app
from majiang.game import Action, ActionKind, Game, Match, Phase, View
from majiang.game.advice import ruleset_advice
from majiang.game.events import Act, Draw, Payment, Win
from majiang.game.ruleset import Table, find_ruleset, register_ruleset
from majiang.game.table import WinRecord
from majiang.hand import Hand, WinBy
from majiang.notation import parse_tiles
from majiang.records import check_record
from majiang.rules.mcr.advice import McrAdvisor
from majiang.rules.mcr.describe import McrDescriber
from majiang.rules.mcr.payments import win_payments
from majiang.rules.mcr.ruleset import FLOWER_BASE, McrRules, McrState
from majiang.tiles import Tile
from majiang.tui import PlayApp, PlaySession, new_app
from majiang.tui.app import KEY_DIGITS, ActionButton, FinalScreen, ResultScreen, TableScreen, TileWidget
from majiang.tui.coach import coach_discards
from majiang.tui.render import advice_hand, hand_tiles, hints_renderable, status_text, visible_tiles

SRC = str(Path(__file__).resolve().parents[1] / "src")
SIZE = (120, 50)
DICE = (5, 7)


# -- prepared hands ----------------------------------------------------------------------------------


def prepared_game(human: str, draws: str, *, others: Sequence[str] = ("", "", ""),
                  rest_seed: int = 0, rules: McrRules | None = None) -> Game:
    """A first hand (under ``rules``, Chinese Official by default: 144 tiles) in which seat 0 (the
    dealer, the human) is dealt ``human`` (14 tiles, the last one its draw), seats 1-3 start with
    ``others`` (topped up from the unused tiles) and the next draws from the wall are ``draws``, in turn
    from seat 1."""
    mine = [int(t) for t in parse_tiles(human)]
    assert len(mine) == 14
    pool = [t for t in range(34) for _ in range(4)]
    for t in mine + [int(t) for t in parse_tiles(draws)] + [int(t) for o in others for t in parse_tiles(o)]:
        pool.remove(t)
    random.Random(rest_seed).shuffle(pool)
    hands = [mine]
    for given in others:
        tiles = [int(t) for t in parse_tiles(given)]
        hands.append(tiles + [pool.pop() for _ in range(13 - len(tiles))])
    # The deal of Game._deal for dealer 0: three rounds of four tiles each, then 跳牌.
    wall: list[int] = []
    for r in range(3):
        for s in range(4):
            wall.extend(hands[s][4 * r:4 * r + 4])
    wall += [hands[0][12], hands[1][12], hands[2][12], hands[3][12], hands[0][13]]
    wall += [int(t) for t in parse_tiles(draws)]
    rest = pool + list(range(FLOWER_BASE, FLOWER_BASE + 8))
    random.Random(rest_seed).shuffle(rest)
    wall += rest
    # Undo the wall break, so the game's break puts the deal where it was laid out.
    first, second = DICE
    start = ((-(first - 1)) % 4 * 18 + first + second) % 72
    ring = wall[len(wall) - 2 * start:] + wall[:len(wall) - 2 * start]
    game = Game(McrRules() if rules is None else rules, wall=ring, dice=DICE, dealer=0, round_wind=Tile.EAST)
    assert game.standing_tiles(0) == sorted(parse_tiles(human))
    return game


class ScriptedBot:
    """Discards its scripted tiles when it has them (else the tile it drew); passes on every claim (or,
    with ``win``, wins on a discard when it may); in an opening phase takes the last choice offered."""

    name = "scripted"

    def __init__(self, discards: str = "", *, kong: bool = False, win: bool = False) -> None:
        self.discards = list(parse_tiles(discards))
        self.kong = kong
        self.win = win

    def act(self, view: View) -> Action:
        legal = view.legal
        if view.phase == Phase.OPENING:
            return legal[-1]
        if self.win and view.phase == Phase.CLAIM and Action(ActionKind.WIN) in legal:
            return Action(ActionKind.WIN)
        if self.kong:
            for a in legal:
                if a.kind == ActionKind.CONCEALED_KONG:
                    return a
        if self.discards and Action(ActionKind.DISCARD, self.discards[0]) in legal:
            return Action(ActionKind.DISCARD, self.discards.pop(0))
        if view.drawn is not None:
            return Action(ActionKind.DISCARD, view.drawn)
        if Action(ActionKind.PASS) in legal:
            return Action(ActionKind.PASS)
        return next(a for a in legal if a.kind == ActionKind.DISCARD)


def scripted_app(game: Game, bots: Sequence[ScriptedBot] = (), *, hands: int = 1) -> PlayApp:
    match = Match(game.rules, seed=0, hands=hands)
    match.game = game
    opponents = list(bots) or [ScriptedBot() for _ in range(3)]
    return PlayApp(PlaySession(match, opponents), delay=0)


# Seat 3 (left of the human, 上家) draws and discards 5s after seats 1 and 2 let go of a west wind.
FIVE_FROM_LEFT = "WW5s"
# 3s4s 5s5s 6s7s: a 5s from the left may be chowed three ways or punged.
CHOWS_AND_PUNG = "123m456m9p34556s7sN"
# A pure straight 清龙 in characters with 55p and 34s: ready for 2s and 5s once N is let go.
STRAIGHT_WAIT = "123456789m55p34sN"
# A complete hand on the deal: the pure straight with 123p and 55p (天和 for the dealer's draw).
STRAIGHT_WON = "123456789m123p5p5p"


# -- driving the app ---------------------------------------------------------------------------------


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the key or click is handled, the bots have acted and the screen is redrawn."""
    await pilot.pause(0)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(0)


def text_of(app: PlayApp, selector: str) -> str:
    """The plain text of one Static of the current screen."""
    widget = app.screen.query_one(selector, Static)
    console = Console(width=SIZE[0], color_system=None)
    with console.capture() as capture:
        console.print(widget.content)
    return capture.get()


def screen_text(app: PlayApp) -> str:
    """Everything on the screen as text (the modal panels over the table)."""
    console = Console(width=SIZE[0], height=SIZE[1], record=True, color_system=None, file=io.StringIO())
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def text_of_table(app: PlayApp, selector: str) -> str:
    """The plain text of one Static of the table, under any panel."""
    widget = app.table.query_one(selector, Static)
    console = Console(width=SIZE[0], color_system=None)
    with console.capture() as capture:
        console.print(widget.content)
    return capture.get()


def log_lines(app: PlayApp) -> list[str]:
    """The message log of the match so far, in English."""
    return [line("notation") for line in app.table.log_lines]


def shown_hand(app: PlayApp) -> list[Tile]:
    return [w.tile for w in app.table.query(TileWidget) if w.display and w.tile is not None]


def shown_actions(app: PlayApp) -> list[Action]:
    return [b.action_value for b in app.table.query(ActionButton) if b.display and b.action_value is not None]


def acts(game: Game, seat: int) -> list[str]:
    return [e["a"] for e in game.event_dicts() if e["e"] == "act" and e["seat"] == seat]


def state(game: Game) -> tuple[int, list[Tile], Phase]:
    return len(game.events), game.standing_tiles(0), game.phase


KEYS = {ActionKind.CHOW: "c", ActionKind.PUNG: "p", ActionKind.KONG: "k", ActionKind.CONCEALED_KONG: "k",
        ActionKind.ADDED_KONG: "k", ActionKind.WIN: "h", ActionKind.PASS: "space"}
WORDS = {"c": "chow", "p": "pung", "k": "kong", "h": "win", "space": "pass"}


async def act_as_person(pilot: Pilot[None], app: PlayApp, action: Action, how: str) -> None:
    """Take ``action`` as a person would: select a tile and discard it, or a claim key and, among
    several of its kind, a number key. ``how``: ``keys`` presses them, ``click`` clicks the tile or
    the button, ``handlers`` calls the handlers the keys are bound to (as fast as the game goes)."""
    table = app.table
    view = app.session.view()
    if action.kind == ActionKind.DISCARD:
        index = hand_tiles(view).index(action.tile)  # type: ignore[arg-type]
        if how == "click":
            await pilot.click(f"#tile-{index}")
        elif how == "keys":
            if index < len(KEY_DIGITS):
                await pilot.press(KEY_DIGITS[index])
            else:
                while table.selected != index:
                    await pilot.press("right")
            await pilot.press("enter")
        else:
            while table.selected != index:
                table.action_move(1)
            table.action_discard()
    elif how == "click":
        button = next(b for b in table.query(ActionButton) if b.action_value == action)
        await pilot.click(f"#{button.id}")
    else:
        key = KEYS[action.kind]
        same = [a for a in view.legal if KEYS.get(a.kind) == key]
        if how == "keys":
            await pilot.press(key)
        else:
            table.action_claim(WORDS[key])
        if len(same) > 1:
            if how == "keys":
                await pilot.press(KEY_DIGITS[same.index(action)])
            else:
                table.action_number(same.index(action))
    await settle(pilot)


# -- the screen --------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_screen_shows_hand_and_table() -> None:
    app = new_app(seed=11, bots="random", hands=4, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = app.session
        view = session.view()
        assert session.human_seat == 0 and view.phase == Phase.TURN and view.current == 0
        assert shown_hand(app) == hand_tiles(view)
        assert shown_hand(app)[-1] == view.drawn
        drawn = app.table.query_one(f"#tile-{len(shown_hand(app)) - 1}", TileWidget)
        assert drawn.has_class("drawn") and drawn.has_class("selected")
        status = text_of(app, "#status")
        assert "East round" in status and "Hand 1/4" in status and f"Wall {view.wall_left}" in status
        assert "You: E +0" in status
        me = text_of(app, "#me")
        assert me.startswith("▶ E dealer You · +0")
        seats = ((1, "S", "right"), (2, "W", "across"), (3, "N", "left"))
        for offset, wind, place in seats:
            panel = text_of(app, f"#seat-{offset}")
            assert panel.startswith(f"  {wind} Bot {offset} (random) · {place} · +0")
            flowers = view.flowers[offset]
            assert (f"flowers {flowers}" in panel) == (flowers > 0)
        # Only the legal actions are offered: on the deal, a discard (and a win or kong if any).
        offered = shown_actions(app)
        assert offered[0] == Action(ActionKind.DISCARD, view.drawn)
        assert set(offered[1:]) == {a for a in view.legal if a.kind != ActionKind.DISCARD}
        await pilot.press("t")
        assert Tile(view.standing[0]).zh in text_of(app, "#tile-0")
        assert text_of(app, "#status").startswith("东风圈 · 第1/4局")
        assert text_of(app, "#me").startswith("▶ 东 庄 你 · +0")
        assert text_of(app, "#seat-1").startswith("  南 Bot 1 (random) · 下家 · +0")


@pytest.mark.asyncio
async def test_enter_discards_the_selected_tile_and_the_bots_play_on() -> None:
    app = new_app(seed=11, bots="random", hands=4, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.session.game
        tiles = hand_tiles(app.session.view())
        await pilot.press("right", "right", "left")  # wraps round: the drawn tile, the first, the drawn
        await pilot.press("3")
        assert app.table.selected == 2
        await pilot.press("left", "enter")
        await settle(pilot)
        assert acts(game, 0)[0] == f"discard {tiles[1].notation()}"
        # The bots played until the human must decide again (or the hand ended).
        assert app.session.waiting_for_human() or app.session.finished
        assert game.discards[0][:1] == [tiles[1]] or any(e["e"] == "claim" for e in game.event_dicts())


@pytest.mark.asyncio
async def test_clicking_a_tile_discards_it() -> None:
    app = new_app(seed=11, bots="random", hands=4, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        tiles = hand_tiles(app.session.view())
        await pilot.click("#tile-4")
        await settle(pilot)
        assert acts(app.session.game, 0)[0] == f"discard {tiles[4].notation()}"


@pytest.mark.asyncio
async def test_illegal_keys_change_nothing() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.session.game
        before = state(game)
        for key in ("c", "p", "k", "h", "space"):
            await pilot.press(key)
            await settle(pilot)
            assert state(game) == before, key
            assert "cannot" in text_of(app, "#message")
            assert app.table.query_one("#message").has_class("error")
        await pilot.press("escape", "0")  # nothing to cancel; 0 selects the tenth tile
        assert state(game) == before
        # Discard N; the west winds pass; the 5s from the left is offered and Enter cannot discard now.
        await pilot.press("enter")
        await settle(pilot)
        assert game.phase == Phase.CLAIM and app.session.waiting_for_human()
        before = state(game)
        await pilot.press("enter")
        await pilot.click("#tile-0")
        await pilot.press("h")
        await settle(pilot)
        assert state(game) == before
        assert "cannot" in text_of(app, "#message")


@pytest.mark.asyncio
async def test_pass_on_an_offered_discard() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # discard the drawn N
        await settle(pilot)
        game = app.session.game
        assert game.last_discard == (3, Tile.S5)
        assert set(shown_actions(app)) == set(app.session.view().legal) == {
            Action(ActionKind.PASS), Action(ActionKind.PUNG), *(Action(ActionKind.CHOW, t)
                                                               for t in (Tile.S3, Tile.S4, Tile.S5))}
        await pilot.press("space")
        await settle(pilot)
        assert acts(game, 0) == ["discard N", "pass"]
        assert game.melds[0] == [] and game.discards[3] == [Tile.S5]
        assert app.session.waiting_for_human() and game.current == 0  # the human drew in turn


@pytest.mark.asyncio
async def test_pung_when_offered() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        game = app.session.game
        assert [m.notation() for m in game.melds[0]] == ["[555s]"]  # from the left: no source mark
        view = app.session.view()
        assert view.phase == Phase.TURN and view.drawn is None and len(view.standing) == 11
        assert "[555s]" in text_of(app, "#me")
        assert shown_actions(app)[0].kind == ActionKind.DISCARD


@pytest.mark.asyncio
async def test_chow_offers_a_choice_among_several() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        game = app.session.game
        before = state(game)
        await pilot.press("c")
        await settle(pilot)
        assert state(game) == before
        assert "Which chow?" in text_of(app, "#message")
        assert shown_actions(app) == [Action(ActionKind.CHOW, t) for t in (Tile.S3, Tile.S4, Tile.S5)]
        await pilot.press("escape")  # cancel, then choose again: 4s5s6s
        assert Action(ActionKind.PASS) in shown_actions(app)
        await pilot.press("c", "2")
        await settle(pilot)
        assert [m.notation() for m in game.melds[0]] == ["[456s,2]"]
        assert acts(game, 0) == ["discard N", "chow 4s"]


@pytest.mark.asyncio
async def test_an_action_button_click_claims() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        button = next(b for b in app.table.query(ActionButton) if b.action_value == Action(ActionKind.PUNG))
        await pilot.click(f"#{button.id}")
        await settle(pilot)
        assert acts(app.session.game, 0) == ["discard N", "pung"]


# -- results -----------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_win_on_a_discard_shows_the_fan_breakdown_and_the_payments() -> None:
    app = scripted_app(prepared_game(STRAIGHT_WAIT, FIVE_FROM_LEFT), hands=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert Action(ActionKind.WIN) in shown_actions(app)
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        result = app.session.finished[0].game.result
        assert result is not None and result.winners == (0,) and result.payer == 3
        fans = result.scores[0]
        text = screen_text(app)
        assert "You won, on Bot 3 (scripted)'s discard 点和" in text
        for hit in fans.fans:
            assert f"{hit.en} {hit.name}" in text
        assert "清龙" in text and "Pure Straight" in text and "123m 456m 789m" in text
        total = fans.total
        assert app.session.match.totals == [3 * 8 + total, -8, -8, -8 - total]
        assert f"+{3 * 8 + total}" in text and f"-{8 + total}" in text
        won = next(line for line in text.splitlines() if "won on" in line)
        assert "E You" in won and "1m 2m 3m 4m 5m 6m 7m 8m 9m 5p 5p 3s 4s  won on 5s" in won
        await pilot.press("enter")
        await settle(pilot)
        # The next hand: the dealer moves to seat 1 and the human (still in seat 0) waits.
        assert isinstance(app.screen, TableScreen) and app.session.match.hand_number == 2
        assert "Hand 2/2" in text_of(app, "#status")


@pytest.mark.asyncio
async def test_a_win_on_the_deal_then_the_final_scores() -> None:
    app = scripted_app(prepared_game(STRAIGHT_WON, ""), hands=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert Action(ActionKind.WIN) in app.session.view().legal
        await pilot.press("h")
        await settle(pilot)
        text = screen_text(app)
        assert "You won, self-drawn 自摸" in text and "清龙" in text and "Enter: final scores" in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, FinalScreen)
        text = screen_text(app)
        assert "Standings after 1 hands" in text and "Standard score" in text
        assert app.session.match.standings() == (4.0, 1.0, 1.0, 1.0)
        await pilot.press("q")
    assert app.return_code == 0


@pytest.mark.asyncio
async def test_exhaustive_draw_then_the_next_hand() -> None:
    # Nobody claims or wins: the human lets every draw go, the bots too, until the wall runs out.
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT), hands=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.table
        while isinstance(app.screen, TableScreen):
            if Action(ActionKind.PASS) in app.session.view().legal:
                table.action_claim("pass")  # what space is bound to
            else:
                table.action_discard()  # what Enter is bound to: the drawn tile is selected
            await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        assert "Exhaustive draw 荒庄" in screen_text(app)
        assert app.session.match.totals == [0, 0, 0, 0]
        await pilot.press("enter")
        await settle(pilot)
        assert app.session.match.hand_number == 2 and app.session.game.dealer == 1


@pytest.mark.asyncio
async def test_other_seats_concealed_kongs_are_face_down() -> None:
    bots = [ScriptedBot(kong=True), ScriptedBot(), ScriptedBot()]
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, "9s", others=("CCCC", "", "")), bots)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert any(m.is_concealed_kong for m in app.session.game.melds[1])
        panel = text_of(app, "#seat-1")
        assert "[????]" in panel and "[CCCC]" not in panel


# -- hints -------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_hints_toggle_with_discard_and_call_advice() -> None:
    app = scripted_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hints = app.table.query_one("#hints")
        assert not hints.display
        await pilot.press("a")
        assert hints.display
        text = text_of(app, "#hints")
        view = app.session.view()
        rows = coach_discards(advice_hand(view), visible_tiles(view))
        assert "Best chance of a legal (8-fan) win first" in text and "Aims at" in text
        notations = {t.notation() for t in Tile}
        lines = text.splitlines()
        shown = [line.split()[0] for line in lines if line[:1] != " " and line.split()[0] in notations]
        assert shown == [r.option.discard.notation() for r in rows[:6]]
        best = rows[0].option.discard.notation()
        first = next(line for line in lines if line.startswith(f"{best} "))
        assert f" {rows[0].option.shanten} " in first and f" {rows[0].option.live} " in first
        await pilot.press("enter")
        await settle(pilot)
        text = text_of(app, "#hints")
        assert "Claim 5s from left?" in text and "Call advice" in text
        assert "pung [555s]" in text and "chow [345s,3]" in text and "pass" in text
        await pilot.press("a")
        assert not hints.display


@pytest.mark.asyncio
async def test_hints_under_a_ruleset_without_chinese_official_advice() -> None:
    """Its coach ranks discards by the ruleset's own forms (``ruleset_advice``), with each discard's risk
    and the coaching bot's move; at a claim, the bot's move without the Chinese Official call table."""
    rules = PlayOnRules(coach=False)
    app = play_on_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT, rules=rules))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")   # the void suit: dots, so 9p can have no place in a win
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        text = text_of(app, "#hints")
        view = app.session.view()
        rows = ruleset_advice(rules, advice_hand(view), visible_tiles(view), rules.seat_context(view))
        assert "Nearest a valid win first" in text and "Risk" in text and "Aims at" not in text
        notations = {t.notation() for t in Tile}
        lines = text.splitlines()
        shown = [line.split()[0] for line in lines if line[:1] != " " and line.split()[0] in notations]
        assert shown == [r.discard.notation() for r in rows[:6]]
        best = rows[0]
        first = next(line for line in lines if line.startswith(f"{best.discard.notation()} "))
        assert f" {best.shanten} " in first and f" {best.live} " in first
        assert "bot would: discard" in text
        await pilot.press("enter")
        await settle(pilot)
        text = text_of(app, "#hints")
        assert "Claim 5s from left?" in text and "Call advice" not in text and "bot would:" in text


def test_the_void_suits_tiles_are_marked_dead_and_go_first_in_the_hints() -> None:
    """Under Sichuan with 定缺, once the seat has declared its void, that suit's tiles lead the table."""
    rules = find_ruleset("sichuan", ["declare_void=true"])
    game = Game(rules, seed=4)
    bots = [find_bot("fan-aware", seed=s) for s in range(4)]
    while not (game.phase == Phase.TURN and game.current == 0):
        seat = next(s for s in range(4) if game.legal_actions(s))
        game.apply(seat, bots[seat].act(game.view(seat)))
    view = game.view(0)
    void = rules.seat_context(view).void
    assert void is not None
    rows = ruleset_advice(rules, advice_hand(view), visible_tiles(view), rules.seat_context(view))
    text = Console(width=SIZE[0], color_system=None, record=True)
    text.print(hints_renderable(view, "notation"))
    lines = text.export_text().splitlines()
    dead = [r for r in rows if r.dead]
    assert dead and all(r.discard.suit == void for r in dead) and rows[:len(dead)] == dead
    first = next(line for line in lines if line.startswith(f"{rows[0].discard.notation()} "))
    assert " dead " in first


# -- a whole match with the human played by a bot through the keys -----------------------------------


@pytest.mark.asyncio
async def test_a_short_match_played_through_the_key_and_click_handlers() -> None:
    app = new_app(seed=2024, bots="random", hands=1, delay=0)
    human = RandomBot(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        moves = 0
        while not isinstance(app.screen, FinalScreen):
            if isinstance(app.screen, ResultScreen):
                await pilot.press("enter")
                await settle(pilot)
                continue
            session = app.session
            assert session.waiting_for_human()
            legal = set(session.view().legal)
            shown = set(shown_actions(app))
            assert shown <= legal and {a for a in legal if a.kind != ActionKind.DISCARD} <= shown
            action = human.act(session.view())
            game, seat = session.game, session.human_seat
            before = len(acts(game, seat))
            # Mostly through the handlers the keys call; every fifth move by real keys or a click.
            how = ("keys", "handlers", "handlers", "click", "handlers")[moves % 5]
            await act_as_person(pilot, app, action, how)
            assert acts(game, seat)[before:] == [action.notation()]
            moves += 1
        assert len(app.session.match.history) == 1 and moves > 10
        assert sum(app.session.match.totals) == 0


@pytest.mark.asyncio
async def test_the_last_hand_of_a_full_match_then_the_final_scores() -> None:
    # Fifteen hands without a screen, the sixteenth on it: seats have changed and the round is North.
    session = PlaySession(Match(seed=4), [RandomBot(seed=p) for p in (1, 2, 3)])
    human = RandomBot(seed=0)
    while session.match.hand_number < 16:
        while not session.hand_over:
            if session.bot_step() is None:
                session.play(human.act(session.view()))
        session.finish_hand()
    assert session.human_seat != 0
    app = PlayApp(session, delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "North round · Hand 16/16" in text_of(app, "#status")
        wind = session.game.seat_wind(session.human_seat)
        assert text_of(app, "#me")[2:].startswith(f"{wind.notation()} ")
        while isinstance(app.screen, TableScreen):
            await act_as_person(pilot, app, human.act(session.view()), "handlers")
        assert isinstance(app.screen, ResultScreen) and "Enter: final scores" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, FinalScreen)
        text = screen_text(app)
        assert "Standings after 16 hands" in text
        for player, points in enumerate(session.match.standings()):
            name = "You" if player == 0 else f"Bot {player} (random)"
            assert any(name in line and f" {points:g} " in line for line in text.splitlines())


# -- the command line --------------------------------------------------------------------------------


def test_play_refuses_without_a_terminal() -> None:
    result = CliRunner().invoke(cli_app, ["play", "--hands", "1", "--delay", "0"])
    assert result.exit_code == 2
    assert "needs an interactive terminal" in result.stderr and result.stdout == ""


def test_play_in_a_pipe_exits_instead_of_hanging() -> None:
    proc = subprocess.run([sys.executable, "-m", "majiang.cli", "play"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, env={"PYTHONPATH": SRC, "PATH": ""})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("majiang play: error: the game needs an interactive terminal")


def play_in_a_terminal(args: Sequence[str], home: Path) -> tuple[int, str]:
    """Run ``majiang play ARGS`` in a pseudo-terminal (120×50): once the table shows, quit with ``q``
    and ``y``. The exit code and everything written, escape sequences included. Each wait gives up after
    a minute (a hung game fails instead of hanging the suite)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    env = {"PYTHONPATH": SRC, "PATH": os.environ.get("PATH", ""), "TERM": "xterm-256color", "HOME": str(home)}
    proc = subprocess.Popen([sys.executable, "-m", "majiang.cli", "play", *args], stdin=slave, stdout=slave,
                            stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    out = bytearray()

    def read_until(text: bytes) -> None:
        deadline = time.monotonic() + 60
        while text not in out and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the terminal closed: the game has exited
                    return
                if not chunk:
                    return
                out.extend(chunk)

    try:
        read_until(b"Wall ")
        os.write(master, b"q")
        read_until(b"Quit the match?")
        os.write(master, b"y")
        read_until(b"deals the same match again")
        code = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return code, out.decode("utf-8", "replace")


@pytest.mark.parametrize(("args", "again"), [
    ([], "'majiang play --seed 5'"),
    (["--rules", "血战", "--option", "exchange=dice", "--option", "declare_void=true"],
     "'majiang play --seed 5 --rules sichuan --option exchange=dice --option declare_void=true'"),
    (["--rules", "国标", "--option", "profile=wmo2014"],
     "'majiang play --seed 5 --rules mcr --option profile=wmo2014'"),
    (["--rules", "扬州", "--option", "minimum=20"],
     "'majiang play --seed 5 --rules yangzhou --option minimum=20'"),
])
def test_play_in_a_terminal_with_the_ruleset_given(args: list[str], again: str, tmp_path: Path) -> None:
    code, text = play_in_a_terminal(["--seed", "5", "--hands", "1", "--delay", "0", "--no-record",
                                     "--bots", "random", *args], tmp_path)
    assert code == 0
    assert f"Seed 5: {again} deals the same match again." in text


@pytest.mark.parametrize(("args", "message"), [
    (["--rules", "nope"], "unknown ruleset 'nope'"),
    (["--option", "nope=1"], "unknown option 'nope' for ruleset 'mcr'"),
    (["--rules", "mcr", "--option", "several_winners=maybe"], "several_winners must be true or false"),
    (["--hands", "0"], "--hands: a match has 1 to 16 hands, not 0"),
    (["--hands", "17"], "--hands: a match has 1 to 16 hands, not 17"),
    (["--rules", "botzone", "--hands", "16"], "--hands: single_hand=true: a match is one hand, not 16"),
    (["--rules", "riichi", "--hands", "1001"], "--hands: a match has 1 to 1000 hands, not 1001"),
    (["--delay", "-1"], "--delay must be at least 0"),
    (["--bots", "nope"], "unknown bot 'nope' for --bots; one of random, efficiency, fan-aware, defense"),
    (["--bots", "search:playouts=x"], "--bots: bot 'search:playouts=x'"),
    # a bot with options is taken: the refusal is then the terminal's (the tests have none)
    (["--bots", "search:playouts=8"], "the game needs an interactive terminal"),
])
def test_play_rejects_bad_options(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli_app, ["play", *args])
    assert result.exit_code == 2 and message in result.stderr


# -- any ruleset: opening phases, badges, wins after which play goes on, payments ---------------------


@dataclass(slots=True)
class OpeningState(McrState):
    """The Chinese Official state, and each seat's declared void suit (0 m, 1 p, 2 s)."""

    voids: list[int | None] = field(default_factory=lambda: [None, None, None, None])


@dataclass(frozen=True)
class PlayOnScore:
    """A score that is not a Chinese Official one: its fans by name and a total."""

    names: tuple[str, ...]
    total: int

    def to_dict(self) -> dict[str, object]:
        return {"fans": list(self.names), "total": self.total}


@dataclass(frozen=True, slots=True)
class VoidBadges(McrDescriber):
    """Chinese Official describing, with each seat's void suit as its badge."""

    def seat_badges(self, state: Any) -> tuple[str, str, str, str]:
        marks = tuple("" if v is None else f"缺 {'mps'[v]}" for v in state)
        return (marks[0], marks[1], marks[2], marks[3])


@dataclass(frozen=True, slots=True)
class PlayOnRules(McrRules):
    """A test-only ruleset on the Chinese Official table: every seat declares a void suit before play
    (after an exchange of three tiles of one suit with the next seat, with ``exchange``); a winner leaves
    and play goes on while two seats are in; every win is paid as a logged payment. With ``coach``
    False it offers no Chinese Official advice, and with ``plain_score`` its scores are ``PlayOnScore``."""

    name: str = "tui-play-on"
    exchange: bool = False
    coach: bool = True
    plain_score: bool = False

    def new_state(self, game: Table[Any, Any]) -> OpeningState:
        return OpeningState()

    def after_deal(self, game: Table[Any, Any]) -> None:
        if self.exchange:
            game.ask(self._exchanges(game))
        else:
            game.ask({s: [Action.parse(f"void {suit}") for suit in "mps"] for s in range(4)})

    def _exchanges(self, game: Table[Any, Any]) -> dict[int, list[Action]]:
        out: dict[int, list[Action]] = {}
        for s in range(4):
            tiles = game.standing_tiles(s)
            threes = {tuple(c) for suit in range(3)
                      for c in itertools.combinations([t for t in tiles if t.suit == suit], 3)}
            out[s] = [Action(ActionKind.EXCHANGE, None, c) for c in sorted(threes)]
        return out

    def answer(self, game: Table[Any, Any], answers: dict[int, Action]) -> None:
        if answers[0].kind == ActionKind.VOID:
            for s, a in answers.items():
                assert a.tile is not None
                game.hand_state.voids[s] = a.tile // 9
            return
        for s, a in answers.items():
            for t in a.tiles:
                game.counts[s][t] -= 1
        for s, a in answers.items():
            for t in a.tiles:
                game.counts[(s + 1) % 4][t] += 1
        game.ask({s: [Action.parse(f"void {suit}") for suit in "mps"] for s in range(4)})

    def public_state(self, game: Table[Any, Any], seat: int) -> tuple[int | None, ...]:
        return tuple(game.hand_state.voids)

    def describer(self) -> VoidBadges:
        return VoidBadges(self)

    def advisor(self) -> McrAdvisor | None:
        return McrAdvisor(self.profile) if self.coach else None

    def win_score(self, game: Table[Any, Any], seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> Any:
        result = McrRules.win_score(self, game, seat, hand, win_by=win_by, last_of_wall=last_of_wall)
        if result is None or not self.plain_score:
            return result
        return PlayOnScore(tuple(h.name for h in result.fans), result.total)

    def pay_win(self, game: Table[Any, Any], win: WinRecord) -> None:
        deltas = list(win_payments(win.seat, win.giver, win.score.total, self.base_points))
        game.pay(deltas, Payment("win", win.seat, deltas))

    def after_win(self, game: Table[Any, Any], wins: list[WinRecord]) -> bool:
        for w in wins:
            game.leave(w.seat)
        return sum(game.active) >= 2


register_ruleset("tui-play-on", PlayOnRules)
register_variants("tui-play-on", variants("mcr"))  # Chinese Official rules underneath: its option sets


def play_on_app(game: Game, bots: Sequence[ScriptedBot] = ()) -> PlayApp:
    assert isinstance(game.rules, PlayOnRules)
    return scripted_app(game, bots)


@pytest.mark.asyncio
async def test_a_void_declared_by_key_then_a_win_after_which_play_goes_on() -> None:
    app = play_on_app(prepared_game(STRAIGHT_WON, "", rules=PlayOnRules()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session, game = app.session, app.session.game
        # Every bot has answered; the person is asked for a void suit, with a button per suit.
        assert game.phase == Phase.OPENING and session.waiting_for_human()
        assert "Declare the suit you will void 定缺 (m/p/s" in text_of(app, "#prompt")
        assert shown_actions(app) == [Action.parse(f"void {s}") for s in "mps"]
        assert [str(b.label) for b in app.table.query(ActionButton) if b.display] == ["Void m", "Void p",
                                                                                      "Void s"]
        # The bots' answers are logged without what they chose; the badges show it once public.
        assert any(line.endswith("void (chosen)") for line in log_lines(app))
        before = state(game)
        await pilot.press("enter", "h", "c")  # nothing of the opening: refused, nothing changes
        await settle(pilot)
        assert state(game) == before and "cannot" in text_of(app, "#message")
        await pilot.press("s")
        await settle(pilot)
        assert acts(game, 0) == ["void s"] and game.hand_state.voids == [2, 2, 2, 2]
        for selector in ("#me", "#seat-1", "#seat-2", "#seat-3"):
            assert "· 缺 s" in text_of(app, selector)
        assert "tui-play-on" in text_of(app, "#status")
        # The dealer's turn: a win on the deal. It does not end the hand: the person leaves.
        assert session.view().phase == Phase.TURN and Action(ActionKind.WIN) in session.view().legal
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        result = app.session.finished[0].game.result
        assert result is not None and [(w.seat, w.giver) for w in result.wins] == [(0, None)]
        assert game.wall_left == 0  # the hand went on after the win, to the wall's end
        total = result.scores[0].total
        assert result.deltas == (3 * (8 + total), -8 - total, -8 - total, -8 - total)
        assert text_of_table(app, "#message").strip() == "You won on 5p, self-drawn — play goes on"
        lines = log_lines(app)
        win_at = lines.index("You won on 5p, self-drawn — play goes on")
        assert lines[win_at + 1] == (f"Payment (win, You): You +{3 * (8 + total)}, "
                                     f"Bot 1 (scripted) {-8 - total}, Bot 2 (scripted) {-8 - total}, "
                                     f"Bot 3 (scripted) {-8 - total}")
        assert any(line.startswith("Bot 1 (scripted), right: discard") for line in lines[win_at:])
        me = text_of_table(app, "#me")
        assert "won 5p" in me and "out of the hand" in me and f"+{3 * (8 + total)}" in me
        assert "out of the hand" not in text_of_table(app, "#seat-1")
        text = screen_text(app)
        assert "You won, self-drawn 自摸" in text and "清龙" in text
        assert "Payments during the hand" in text and "• Payment (win, You)" in text


@pytest.mark.asyncio
async def test_several_winners_leave_and_the_person_plays_on() -> None:
    # Bots 1 and 2 both wait on 1s/4s with a pure straight (清龙); the person lets 4s go first.
    rules = PlayOnRules(several_winners=True)
    game = prepared_game("NNNCCCFFFPPP5s4s", "", others=("123456789pEE23s", "123456789mWW23s", ""),
                         rules=rules)
    app = play_on_app(game, [ScriptedBot(win=True), ScriptedBot(win=True), ScriptedBot()])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("m")  # no characters in hand: void m
        await settle(pilot)
        assert acts(game, 0) == ["void m"]
        await pilot.press("enter")  # the drawn 4s
        await settle(pilot)
        # Both win on it and leave; seat 3 draws next, then the person is asked again.
        assert [(w.seat, w.giver, w.tile) for w in game.wins] == [(1, 0, Tile.S4), (2, 0, Tile.S4)]
        assert game.active == [True, False, False, True] and game.phase != Phase.OVER
        assert app.session.waiting_for_human() and isinstance(app.screen, TableScreen)
        assert text_of(app, "#message").strip() == \
            "Bot 1 (scripted), Bot 2 (scripted) won on 4s, the discard of You — play goes on"
        first, second = (w.score.total for w in game.wins)
        # Each winner: the discarder pays 8 + its fans, the other two 8 (a leaving winner pays too).
        assert game.totals == [-16 - first - second, 16 + first, 16 + second, -16]
        mine = f"{game.totals[0]:+d}"
        assert mine in text_of(app, "#me") and mine in text_of(app, "#status")
        seat1, seat2 = text_of(app, "#seat-1"), text_of(app, "#seat-2")
        assert "won 4s" in seat1 and "out of the hand" in seat1 and f"+{16 + first}" in seat1
        assert "won" not in seat2.split("·")[4] and "out of the hand" in seat2  # the tile lies with the first
        lines = log_lines(app)
        assert sum(line.startswith("Payment (win, Bot ") for line in lines) == 2
        assert "Bot 1 (scripted), Bot 2 (scripted) won on 4s, the discard of You — play goes on" in lines
        # The person and bot 3 play the wall out; the result shows both wins.
        human = RandomBot(seed=3)
        while isinstance(app.screen, TableScreen):
            await act_as_person(pilot, app, human.act(app.session.view()), "handlers")
        text = screen_text(app)
        assert "Bot 1 (scripted) won, on You's discard 点和" in text
        assert "Bot 2 (scripted) won, on You's discard 点和" in text


@pytest.mark.asyncio
async def test_an_exchange_picked_by_keys_and_clicks_then_confirmed() -> None:
    rules = PlayOnRules(exchange=True)
    app = play_on_app(prepared_game(CHOWS_AND_PUNG, FIVE_FROM_LEFT, rules=rules))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session, game = app.session, app.session.game
        table = app.table
        assert game.phase == Phase.OPENING and session.waiting_for_human()
        assert "Exchange 换三张: pick 3 tiles of one suit" in text_of(app, "#prompt")
        assert shown_actions(app) == []  # no exchange button before three tiles are picked
        tiles = hand_tiles(session.view())
        assert tiles == parse_tiles("123456m9p345567sN")
        before = state(game)
        await pilot.press("enter")
        assert "Pick 3 tiles of one suit first (0 picked)" in text_of(app, "#message")
        # 1m 2m and 9p: not one suit. Enter refuses it and nothing changes.
        await pilot.press("1", "2")
        await pilot.click("#tile-6")
        assert table.picked == [0, 1, 6]
        assert [w.index for w in table.query(TileWidget) if w.has_class("picked")] == [0, 1, 6]
        assert shown_actions(app) == []
        await pilot.press("4")
        assert "picked 3 tiles already" in text_of(app, "#message") and table.picked == [0, 1, 6]
        await pilot.press("escape")  # Escape puts them all back
        assert table.picked == [] and not any(w.has_class("picked") for w in table.query(TileWidget))
        await pilot.press("1", "2", "7")
        assert table.picked == [0, 1, 6]
        await pilot.press("enter")
        await settle(pilot)
        assert state(game) == before
        assert "You cannot pass on 1m 2m 9p: not an exchange the rules allow" in text_of(app, "#message")
        # Put 9p back (its key again; the cursor stays on it) and pick 6m with the cursor and space.
        await pilot.press("7")
        assert table.picked == [0, 1] and table.selected == 6
        await pilot.press("left", "space")
        assert table.selected == 5 and table.picked == [0, 1, 5]
        exchange = Action.parse("exchange 1m2m6m")
        assert shown_actions(app) == [exchange]
        assert "Exchange 1m 2m 6m" in [str(b.label) for b in table.query(ActionButton) if b.display]
        passed = {(s, a) for s, a in ((e.seat, e.action) for e in game.events if isinstance(e, Act))}
        await pilot.press("enter")
        await settle(pilot)
        given = next(a for s, a in passed if s == 3)  # what the left seat passed on, to the person
        assert acts(game, 0) == ["exchange 1m2m6m"]
        expected = list(tiles)
        for t in exchange.tiles:
            expected.remove(t)
        assert game.standing_tiles(0) == sorted(expected + list(given.tiles))
        # Then the void suit: p declares dots here, not a pung.
        assert "Declare the suit you will void" in text_of(app, "#prompt")
        await pilot.press("p")
        await settle(pilot)
        assert acts(game, 0) == ["exchange 1m2m6m", "void p"] and game.phase != Phase.OPENING
        assert "You: exchange 1m 2m 6m" in log_lines(app) and "You: void p" in log_lines(app)


@pytest.mark.asyncio
async def test_a_ruleset_without_chinese_official_advice_has_its_own_coach_and_score() -> None:
    rules = PlayOnRules(coach=False, plain_score=True)
    app = play_on_app(prepared_game(STRAIGHT_WON, "", rules=rules))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert app.table.hints_shown and app.table.query_one("#hints").display
        text = text_of(app, "#hints")
        assert "Nearest a valid win first" in text and "8-fan" not in text
        await pilot.press("question_mark")
        help_text = screen_text(app)
        assert "Scoring: the tui-play-on rules" in help_text and "The 81 fans" not in help_text
        await pilot.press("escape", "h")
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)
        score = app.session.finished[0].game.result.scores[0]  # type: ignore[union-attr]
        assert isinstance(score, PlayOnScore)
        text = screen_text(app)
        assert f"You won on 5p, self-drawn 自摸: {score.total} fans" in text
        assert f"fans: {', '.join(score.names)}" in text and f"total: {score.total}" in text


@pytest.mark.asyncio
async def test_a_hand_of_another_ruleset_is_saved_as_a_record_that_checks(tmp_path: Path) -> None:
    rules = find_ruleset("tui-play-on", ["exchange=true"])
    app = new_app(seed=8, bots="random", hands=1, delay=0, records_dir=tmp_path, rules=rules)
    human = RandomBot(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        while isinstance(app.screen, TableScreen):
            action = human.act(app.session.view())
            if action.kind == ActionKind.EXCHANGE:  # picked tile by tile, then confirmed
                tiles = hand_tiles(app.session.view())
                for t in action.tiles:
                    app.table.action_number(next(i for i, x in enumerate(tiles)
                                                 if x == t and i not in app.table.picked))
                app.table.action_discard()
                await settle(pilot)
            elif action.kind == ActionKind.VOID:
                assert action.tile is not None
                await pilot.press("mps"[action.tile // 9])
                await settle(pilot)
            else:
                await act_as_person(pilot, app, action, "handlers")
    path = app.session.record_path
    assert path is not None and app.session.saved_hands == 1
    first, second = acts(app.session.finished[0].game, 0)[:2]
    assert first.startswith("exchange ") and second.startswith("void ")
    header = json.loads(path.read_text().splitlines()[0])
    assert header["rules"] == "tui-play-on" and header["options"]["exchange"] is True
    report = check_record(path)
    assert report.ok and report.hands == 1, str(report)


@pytest.mark.asyncio
async def test_a_yangzhou_hand_is_played_to_its_end_and_saved(tmp_path: Path) -> None:
    """Yangzhou (扬州麻将) at the terminal table: a person and three efficient bots play a hand to its end,
    the win shows its fans, and the record checks."""
    app = new_app(seed=4, bots="efficiency", hands=1, delay=0, records_dir=tmp_path,
                  rules=find_ruleset("扬州"))
    human = RandomBot(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        while isinstance(app.screen, TableScreen):
            await act_as_person(pilot, app, human.act(app.session.view()), "handlers")
        game = app.session.finished[0].game
        assert game.wins and f"{game.wins[0].score.total} 番" in screen_text(app)
    path = app.session.record_path
    assert path is not None and json.loads(path.read_text().splitlines()[0])["rules"] == "yangzhou"
    report = check_record(path)
    assert report.ok and report.hands == 1, str(report)


def test_new_app_plays_the_ruleset_it_is_given() -> None:
    rules = find_ruleset("tui-play-on", ["exchange=true"])
    app = new_app(seed=3, bots="random", hands=None, delay=0, rules=rules)
    session = app.session
    assert session.match.rules == rules and session.match.length == rules.match_length() == 16
    assert session.game.rules == rules and session.game.phase == Phase.OPENING
    assert session.view().rules == rules


def test_a_single_hand_ruleset_plays_and_shows_one_hand(tmp_path: Path) -> None:
    app = new_app(seed=3, bots="random", delay=0, rules=find_ruleset("botzone"), records_dir=tmp_path)
    session = app.session
    assert session.match.length == 1
    line = status_text(session, session.view(), "notation").plain
    assert " · Hand 1/1 · " in line
    while not session.game.result:
        session.game.apply(session.game.to_act()[0], session.game.legal_actions(session.game.to_act()[0])[0])
    session.match.next_hand()
    assert session.match.over
    path = session.save()
    assert path is not None and json.loads(path.read_text().splitlines()[0])["hands"] == 1


def test_play_takes_the_rulesets_own_length() -> None:
    # Riichi's game is up to 100 hands (its own end comes first): no longer refused as over 16.
    result = CliRunner().invoke(cli_app, ["play", "--rules", "riichi"])
    assert result.exit_code == 2 and "needs an interactive terminal" in result.stderr


# -- Sichuan 血战到底 -----------------------------------------------------------------------------------

SICHUAN = ("sichuan", ("exchange=dice", "declare_void=true"))
"""Sichuan with both opening phases: 换三张 (direction by the dice) and 定缺."""


def sichuan_app(seed: int) -> tuple[PlayApp, Bot]:
    """A one-hand Sichuan match against efficiency bots, and the efficiency bot that chooses the
    person's moves."""
    rules = find_ruleset(SICHUAN[0], SICHUAN[1])
    return new_app(seed=seed, bots="efficiency", hands=1, delay=0, rules=rules), find_bot("efficiency", 0)


def sichuan_seed_where_the_person_wins_and_play_goes_on() -> int:
    """The first seed whose hand (played without a screen by the same bots) has the person win and leave
    while the others play on: the app then plays that very hand."""
    for seed in range(60):
        app, human = sichuan_app(seed)
        session = app.session
        while not session.hand_over:
            if session.bot_step() is None:
                session.play(human.act(session.view()))
        wins = session.game.wins
        if any(w.seat == 0 for w in wins[:-1]) or (wins and wins[-1].seat == 0 and len(wins) == 1
                                                    and session.game.wall_left == 0):
            return seed
    raise AssertionError("no seed below 60 deals a Sichuan hand the person wins with play going on")


@pytest.mark.asyncio
async def test_a_whole_sichuan_hand_with_the_person_answering_the_exchange_and_the_void() -> None:
    app, human = sichuan_app(sichuan_seed_where_the_person_wins_and_play_goes_on())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session, table = app.session, app.table
        game = session.game
        assert game.phase == Phase.OPENING and session.waiting_for_human()
        assert "Exchange 换三张: pick 3 tiles of one suit" in text_of(app, "#prompt")
        # The exchange: three tiles clicked, then Enter.
        exchange = human.act(session.view())
        tiles = hand_tiles(session.view())
        for t in exchange.tiles:
            index = next(i for i, x in enumerate(tiles) if x == t and i not in table.picked)
            await pilot.click(f"#tile-{index}")
        assert shown_actions(app) == [exchange]
        await pilot.press("enter")
        await settle(pilot)
        # The void: its key.
        assert "Declare the suit you will void 定缺" in text_of(app, "#prompt")
        void = human.act(session.view())
        assert void.kind == ActionKind.VOID and void.tile is not None
        await pilot.press("mps"[void.tile // 9])
        await settle(pilot)
        assert acts(game, 0)[:2] == [exchange.notation(), void.notation()]
        voids = session.view().public_state.voids
        for seat, selector in enumerate(("#me", "#seat-1", "#seat-2", "#seat-3")):
            assert f"· 缺{'万筒条'[voids[seat]]}" in text_of(app, selector)
        while isinstance(app.screen, TableScreen):
            await act_as_person(pilot, app, human.act(session.view()), "handlers")
        assert isinstance(app.screen, ResultScreen)
        result = game.result
        assert result is not None
        lines = log_lines(app)
        names = ["You", *(f"Bot {p} (efficiency)" for p in (1, 2, 3))]
        # Every win and every payment was told as it happened, and each win after which play went on
        # said so.
        wins = [e for e in game.events if isinstance(e, Win)]
        payments = [e for e in game.events if isinstance(e, Payment)]
        told = [line for line in lines if " won on " in line]
        assert len(told) == len(wins) and payments
        going_on = [i for i, e in enumerate(game.events) if isinstance(e, Win)
                    and any(isinstance(later, Draw) for later in game.events[i:])]
        assert sum(line.endswith("— play goes on") for line in told) == len(going_on) >= 1
        for e in payments:
            assert any(line.startswith(f"Payment ({e.reason}, {names[e.seat]}): ") for line in lines)
        me = text_of_table(app, "#me")
        assert "out of the hand" in me and f"{game.totals[0]:+d}" in me
        # The result lists every win with the score's own explanation, and the changes add up.
        text = screen_text(app)
        for w in result.wins:
            assert f"{names[w.seat]} won on {w.tile.notation()}" in text
            assert f"total {w.score.total} 番" in text
        assert app.session.match.totals == list(result.deltas) and sum(result.deltas) == 0


@pytest.mark.asyncio
async def test_after_the_void_the_selection_starts_on_a_tile_the_rules_let_go() -> None:
    """With 定缺 the drawn tile may not be discardable: the cursor then starts on a void-suit tile."""
    rules = find_ruleset("sichuan", ["declare_void=true"])
    human = find_bot("efficiency", 0)
    for seed in range(40):
        app = new_app(seed=seed, bots="efficiency", hands=1, delay=0, rules=rules)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            session, table = app.session, app.table
            void = human.act(session.view())
            assert void.kind == ActionKind.VOID and void.tile is not None
            await pilot.press("mps"[void.tile // 9])
            await settle(pilot)
            view = session.view()
            if view.phase != Phase.TURN or view.seat != view.current:
                continue
            tiles = hand_tiles(view)
            allowed = {a.tile for a in view.legal if a.kind == ActionKind.DISCARD}
            if view.drawn is None or view.drawn in allowed:
                continue  # this deal does not show it
            assert tiles[table.selected] in allowed
            await pilot.press("enter")
            await settle(pilot)
            assert session.game.discards[0] and session.game.discards[0][0] in allowed
            return
    raise AssertionError("no seed below 40 deals the person a drawn tile outside its void suit")

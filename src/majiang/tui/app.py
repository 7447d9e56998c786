"""The terminal game: a Textual app in which a person plays a match against three bots.

``PlayApp`` shows a ``PlaySession``. Bots act through their own views, one action at a time with a
short pause (``delay``) so a person can follow; the person acts with keys or clicks, and only legal
actions are offered. docs/play.md describes the screen and the keys. The widgets are in
``majiang.tui.widgets``, the panels over the table in ``majiang.tui.screens``, the game log's lines in
``majiang.tui.lines``, the prompt in ``majiang.tui.prompt``; their names are importable from here too.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, RichLog, Static

from majiang.errors import IllegalActionError, InvalidOptionError
from majiang.game import Action, ActionKind, Game, Phase, View
from majiang.game.events import Win
from majiang.mcr import MINIMUM
from majiang.tiles import Tile
from majiang.tui.lines import Line, end_line, event_line_of, going_on, log_names, seat_names, step_line
from majiang.tui.prompt import _CLAIM_WORDS, CLAIM_KINDS, opening_prompt_text, prompt_text
from majiang.tui.render import (
    TILE_STYLES,
    TileStyle,
    action_word,
    describe_action,
    event_line,
    hand_tiles,
    hints_renderable,
    refusal_text,
    seat_panel,
    status_text,
    tr,
)
from majiang.tui.screens import FinalScreen, HelpScreen, LogScreen, Panel, QuitScreen, ResultScreen
from majiang.tui.session import PlaySession
from majiang.tui.widgets import (
    KEY_DIGITS,
    MAX_BUTTONS,
    MAX_TILES,
    TILE_WIDTH,
    ActionButton,
    TileWidget,
    action_label,
)

__all__ = ["CLAIM_KINDS", "KEY_DIGITS", "MAX_BUTTONS", "MAX_TILES", "SUIT_KEYS", "TILE_WIDTH", "ActionButton",
           "FinalScreen", "HelpScreen", "Line", "LogScreen", "Panel", "PlayApp", "QuitScreen", "ResultScreen",
           "TableScreen", "TileWidget", "action_label"]

SUIT_KEYS = "mps"
"""In an opening phase asking for a void suit (定缺), these keys declare one."""


_RED_FIVE = r"red 5[mps]|赤五."
"""A red five in a button's words (``majiang.tui.widgets.red_five_label``)."""

class TableScreen(Screen[None]):
    """The table: every seat, the person's hand, the legal actions, messages and (with ``a``) hints."""

    DEFAULT_CSS = """
    #status { height: 1; background: $boost; padding: 0 1; }
    #prompt { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    #table { height: 1fr; }
    .seat { height: auto; padding: 0 1; }
    #me { border-top: solid $accent; }
    #hand { height: 2; padding: 0 1; }
    #actions { height: auto; padding: 0 1; }
    #message { height: auto; padding: 0 1; }
    #message.error { color: $error; text-style: bold; }
    #log { height: 3; padding: 0 1; color: $text-muted; background: $surface; scrollbar-size-vertical: 1; }
    #hints { height: auto; padding: 0 1; display: none; }
    #hints.shown { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "◀", show=False),
        Binding("right", "move(1)", "▶", show=False),
        Binding("enter", "discard", "Discard", show=False),
        Binding("c", "claim('chow')", "Chow 吃", show=False),
        Binding("p", "claim('pung')", "Pung 碰", show=False),
        Binding("k", "claim('kong')", "Kong 杠", show=False),
        Binding("h", "claim('win')", "Win 和", show=False),
        Binding("space", "claim('pass')", "Pass 过", show=False),
        Binding("m", "suit('m')", "Void m", show=False),
        Binding("s", "suit('s')", "Void s", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("a", "toggle_hints", "Hints 提示"),
        Binding("l", "app.show_log", "Log 记录"),
        Binding("question_mark", "app.show_help", "Help 帮助"),
        Binding("f1", "app.show_help", "Help", show=False),
        Binding("t", "toggle_tiles", "中文/EN"),
        Binding("q", "app.ask_quit", "Quit 退出"),
        *(Binding(d, f"number({i})", d, show=False) for i, d in enumerate(KEY_DIGITS)),
    ]
    TALL = 40
    """From this height on the hints fit beside the other seats; below it they take their place."""

    def __init__(self, session: PlaySession, *, delay: float, style: TileStyle) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.tile_style: TileStyle = style
        self.selected = 0
        self.picked: list[int] = []  # indices of the hand's tiles chosen for an exchange
        self.choices: list[Action] | None = None
        self.busy = False
        self.hints_shown = False
        self._hand_key: tuple[tuple[Tile, ...], Tile | None] = ((), None)
        self.log_lines: list[Line] = []
        self._logged = 0  # lines of log_lines written to the log widget
        self._message: tuple[Line, bool] = (lambda _: "", False)
        self._shown: dict[str, RenderableType] = {}
        self._hints_key: object = None
        self._coached: object = None  # the decision last explained (a short win), said once
        self._noted: tuple[Game | None, int] = (None, 0)  # the hand and how many of its events were noted

    # -- layout ------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="prompt")
        with VerticalScroll(id="table"):
            for offset in (1, 2, 3):
                yield Static(classes="seat", id=f"seat-{offset}")
            yield Static(id="hints")
        yield Static(classes="seat", id="me")
        with Horizontal(id="hand"):
            for i in range(MAX_TILES):
                yield TileWidget(i)
        with Horizontal(id="actions"):
            for i in range(MAX_BUTTONS):
                yield ActionButton(i)
        yield Static(id="message")
        yield RichLog(id="log", wrap=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_table()
        self.run_bots()

    # -- drawing -------------------------------------------------------------------------------------

    def prompt(self, view: View) -> str:
        """What the game waits for, in a few words."""
        return prompt_text(self.session, view, self.tile_style, len(self.picked))

    def opening_prompt(self, view: View) -> str:
        """What an opening phase asks of the person: a void suit, an exchange, or the actions offered."""
        return opening_prompt_text(view, self.tile_style, len(self.picked))

    def _put(self, selector: str, content: RenderableType) -> None:
        # Redrawing a widget costs far more than comparing texts: skip what has not changed.
        widget = self.query_one(selector, Static)
        if self._shown.get(selector) != content:
            self._shown[selector] = content
            widget.update(content)

    def refresh_table(self) -> None:
        """Redraw everything from the person's view of the hand in play."""
        session = self.session
        view = session.view()
        style = self.tile_style
        human = session.human_seat
        self._put("#status", status_text(session, view, style))
        self._put("#prompt", Text(self.prompt(view)))
        crowded = self.hints_shown and self.app.size.height < self.TALL
        for offset in (1, 2, 3):
            seat = (human + offset) % 4
            name = session.player_name(session.match.player_at(seat))
            panel = self.query_one(f"#seat-{offset}", Static)
            panel.display = not crowded
            self._put(f"#seat-{offset}", seat_panel(view, seat, name, style))
        self._put("#me", seat_panel(view, human, tr(style, "You", "你"), style))
        tiles = hand_tiles(view)
        key = (tuple(tiles), view.drawn)
        if key != self._hand_key:
            self._hand_key = key
            self.selected = len(tiles) - 1
            # Start on the drawn tile, or on the last tile the rules let go (定缺: the void suit first).
            allowed = {a.tile for a in view.legal if a.kind == ActionKind.DISCARD}
            if allowed and tiles and tiles[self.selected] not in allowed:
                self.selected = max(i for i, t in enumerate(tiles) if t in allowed)
            self.picked = []
        self.selected = max(0, min(self.selected, len(tiles) - 1))
        discarding = self.can_discard()
        exchanging = self.exchanging()
        if not exchanging:
            self.picked = []
        for widget in self.query(TileWidget):
            i = widget.index
            tile = tiles[i] if i < len(tiles) else None
            widget.show(tile, style, selected=(discarding or exchanging) and i == self.selected,
                        drawn=view.drawn is not None and i == len(tiles) - 1, picked=i in self.picked)
        self.refresh_buttons(view)
        self._coach_short_win()
        text, error = self._message
        self._put("#message", Text(text(style)))
        self.query_one("#message").set_class(error, "error")
        self._write_log()
        hints = self.query_one("#hints", Static)
        hints.set_class(self.hints_shown, "shown")
        if self.hints_shown:
            # The advice depends on the hand, what is in sight and the phase: recompute only then.
            hints_key = (view.phase, view.standing, view.drawn, view.melds, view.discards, view.legal, style,
                         self.busy)
            if hints_key != self._hints_key:
                self._hints_key = hints_key
                short = None if self.busy else self.session.win_check()
                hints.update(hints_renderable(view, style, robbed=self.robbed_tile(), short=short))

    def _coach_short_win(self) -> None:
        """When the person's hand is complete but below 8 fans, say so once per decision (not as an error)."""
        if self.busy or not self.session.waiting_for_human():
            return
        game = self.session.game
        decision = (self.session.match.hand_number, len(game.events))
        if decision == self._coached:
            return
        self._coached = decision
        if any(a.kind == ActionKind.WIN for a in self.session.view().legal):
            return
        result = self.session.win_check()
        if result is not None and result.fan_total < MINIMUM:
            self._message = ((lambda style: refusal_text(result, style)), False)

    def _write_log(self) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.log_lines[self._logged:]:
            log.write(Text(line(self.tile_style)))
        self._logged = len(self.log_lines)

    def _rewrite_log(self) -> None:
        self.query_one("#log", RichLog).clear()
        self._logged = 0
        self._write_log()

    def refresh_buttons(self, view: View) -> None:
        """One button per legal action the person may take now (discarding counts once)."""
        actions: list[Action] = []
        if self.choices is not None:
            actions = list(self.choices)
        elif not self.busy and self.session.waiting_for_human():
            tiles = hand_tiles(view)
            if self.can_discard() and tiles:
                actions.append(Action(ActionKind.DISCARD, tiles[self.selected]))
            exchange = self.picked_exchange()
            if exchange is not None and exchange in view.legal:
                actions.append(exchange)  # the confirmation of the tiles picked
            # Every exchange is legal on its own: they are offered through the tiles picked, not as buttons;
            # a riichi declaration likewise through the tile selected, which it lets go.
            declare = Action(ActionKind.RIICHI, tiles[self.selected]) if tiles else None
            actions.extend(a for a in view.legal if a.kind not in (ActionKind.DISCARD, ActionKind.EXCHANGE,
                                                                   ActionKind.RIICHI) or a == declare)
        buttons = list(self.query(ActionButton))
        for i, button in enumerate(buttons):
            if i < len(actions):
                label = action_label(actions[i], view, self.tile_style)
                if self.choices is not None:
                    label = f"{i + 1}: {label}"
                if str(button.label) != label:
                    text = Text(label)  # not markup: "[567s]" is a meld, not a tag
                    text.highlight_regex(_RED_FIVE, "bold red")  # a red five a call names or keeps
                    button.label = text
                    button.refresh(layout=True)
                button.action_value = actions[i]
                button.display = True
            else:
                button.action_value = None
                button.display = False

    def robbed_tile(self) -> Tile | None:
        """The tile of an added kong others may rob now, as the human's view tells it."""
        robbing = self.session.game.view(self.session.human_seat).robbing
        return None if robbing is None else robbing[1]

    def say(self, en: str, zh: str | None = None, *, error: bool = False) -> None:
        """Show a message under the actions (``zh`` in Chinese, else ``en``); errors stand out."""

        def line(style: TileStyle) -> str:
            return tr(style, en, en if zh is None else zh)

        self._message = (line, error)
        self.refresh_table()

    def add_line(self, line: Line) -> None:
        """Add a line to the message log."""
        self.log_lines.append(line)

    def can_discard(self) -> bool:
        """Whether the person may discard now."""
        return not self.busy and bool(self.session.legal_of(ActionKind.DISCARD))

    def exchanging(self) -> bool:
        """Whether the person is asked for tiles to exchange (an opening phase, 换三张)."""
        return not self.busy and bool(self.session.legal_of(ActionKind.EXCHANGE))

    def exchange_size(self) -> int:
        """How many tiles an exchange passes on (as the legal ones do; 0 when none is asked)."""
        offered = self.session.legal_of(ActionKind.EXCHANGE)
        return len(offered[0].tiles) if offered else 0

    def picked_exchange(self) -> Action | None:
        """The exchange made of the tiles picked, once there are enough of them (legal or not)."""
        if not self.picked or len(self.picked) != self.exchange_size():
            return None
        tiles = hand_tiles(self.session.view())
        return Action(ActionKind.EXCHANGE, None, tuple(sorted(tiles[i] for i in self.picked)))

    def toggle_pick(self, index: int) -> None:
        """Pick the tile at ``index`` for the exchange, or put it back."""
        if index in self.picked:
            self.picked.remove(index)
        elif len(self.picked) >= (size := self.exchange_size()):
            self.say(f"You have picked {size} tiles already: put one back first (its key or a click).",
                     f"已选 {size} 张: 先放回一张 (按其数字键或点击)。", error=True)
            return
        else:
            self.picked.append(index)
        self.selected = index
        self._message = ((lambda _: ""), False)
        self.refresh_table()

    def confirm_exchange(self) -> None:
        """Pass on the tiles picked, if they are an exchange the rules allow; else say what is wrong."""
        exchange = self.picked_exchange()
        size = self.exchange_size()
        if exchange is None:
            n = len(self.picked)
            self.say(f"Pick {size} tiles of one suit first ({n} picked).",
                     f"请先选同一花色的 {size} 张牌 (已选 {n} 张)。", error=True)
            return
        if exchange not in self.session.view().legal:
            shown = " ".join(t.notation() for t in exchange.tiles)
            example = " ".join(t.notation() for t in self.session.legal_of(ActionKind.EXCHANGE)[0].tiles)
            self.say(f"You cannot pass on {shown}: not an exchange the rules allow ({size} tiles of one "
                     f"suit, e.g. {example}); pick again.",
                     f"不能换出 {shown}: 须换同一花色的 {size} 张 (例如 {example}); 请重选。", error=True)
            return
        self.play(exchange)

    # -- the bots ------------------------------------------------------------------------------------

    def run_bots(self) -> None:
        """Let the bots act until the person must decide or the hand ends (in a worker)."""
        self.busy = True
        self.refresh_table()
        self.run_worker(self._advance(), exclusive=True, group="bots")

    async def _advance(self) -> None:
        session = self.session
        try:
            self._note_events()
            while not session.hand_over and not session.match_over:
                step = session.bot_step()
                if step is None:
                    break
                if step.action.kind != ActionKind.PASS:
                    self.add_line(step_line(self.session, step))
                self._note_events()
                if step.action.kind != ActionKind.PASS and self.delay > 0:
                    # Without a pause no one could see the intermediate tables.
                    self.refresh_table()
                    await asyncio.sleep(self.delay)
        finally:
            self.busy = False
        if session.hand_over:
            self.refresh_table()  # the table as the hand ended stays under the result panel
            finished = session.finish_hand()
            self.add_line(end_line(self.session, finished))
            self._write_log()
            self.app.push_screen(ResultScreen(session, finished, self.tile_style), self._after_result)
            return
        self.refresh_table()

    def _note_events(self) -> None:
        """Log the wins and payments that happened since the last look; a win after which play goes on
        says so, in the log and under the actions."""
        game = self.session.game
        seen_game, seen = self._noted
        if seen_game is not game:
            seen = 0
        events = game.events[seen:]
        self._noted = (game, len(game.events))
        for event in events:
            if event_line(event, seat_names(self.session, "notation"), "notation") is None:
                continue
            line = event_line_of(self.session, event)
            if isinstance(event, Win) and game.phase != Phase.OVER:
                line = going_on(line)
                self._message = (line, False)
            self.add_line(line)

    def _after_result(self, _: None) -> None:
        if self.session.match_over:
            self.app.push_screen(FinalScreen(self.session, self.tile_style))
            return
        match = self.session.match
        en, zh = log_names(match.rules.describer().hand_label(match.game, match.hand_number, match.length))
        self.add_line(lambda style: tr(style, f"— {en} begins", f"— {zh} 开始"))
        self.say(f"{en} begins.", f"{zh} 开始。")
        self.run_bots()

    # -- the person's actions ----------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Carry out the person's action if legal; otherwise say why and change nothing."""
        if self.busy:
            self.say("Wait: the bots are playing.", "请稍等: 电脑正在出牌。", error=True)
            return
        try:
            self.session.play(action)
        except IllegalActionError as err:
            self.say(str(err), error=True)
            return
        self.choices = None
        self.add_line(lambda style: describe_action(action, tr(style, "You", "你"), None, style))
        self._message = ((lambda _: ""), False)
        self.run_bots()

    def action_move(self, step: int) -> None:
        """Select the tile to the left or right."""
        count = len(hand_tiles(self.session.view()))
        if count:
            self.selected = (self.selected + step) % count
        self.refresh_table()

    def action_number(self, index: int) -> None:
        """Pick one of several offered chows or kongs, or select a tile by its number key."""
        if self.choices is not None:
            if index < len(self.choices):
                self.play(self.choices[index])
            else:
                n = len(self.choices)
                self.say(f"Choose 1-{n}, or Escape to cancel.", f"请选 1-{n}, 或按 Escape 取消。", error=True)
            return
        count = len(hand_tiles(self.session.view()))
        if index >= count:
            d = KEY_DIGITS[index]
            self.say(f"There is no tile {d} in your hand.", f"手中没有第 {d} 张牌。", error=True)
            return
        if self.exchanging():
            self.toggle_pick(index)
            return
        self.selected = index
        self.refresh_table()

    def action_discard(self) -> None:
        """Discard the selected tile (or, asked for an exchange, pass on the tiles picked)."""
        if self.exchanging():
            self.confirm_exchange()
            return
        if self.choices is not None:
            self.say("Choose with a number key, or Escape to cancel.", "请按数字键选择, 或按 Escape 取消。",
                     error=True)
            return
        if not self.can_discard():
            self._cannot(("discard", "打牌"))
            return
        tiles = hand_tiles(self.session.view())
        self.play(Action(ActionKind.DISCARD, tiles[self.selected]))

    def discard_at(self, index: int) -> None:
        """Select the tile at ``index`` and discard it (a click); asked for an exchange, pick it."""
        if self.exchanging():
            self.toggle_pick(index)
            return
        if self.choices is None and self.can_discard():
            self.selected = index
        self.action_discard()

    def action_claim(self, word: str) -> None:
        """Chow, pung, kong, win or pass: at once if there is one way, else offer a choice. In an opening
        phase ``p`` declares dots void and space picks the tile under the cursor for an exchange."""
        if word == "pung" and self.session.legal_of(ActionKind.VOID) and not self.busy:
            self.action_suit("p")
            return
        if word == "pass" and self.exchanging():
            self.toggle_pick(self.selected)
            return
        options = [] if self.busy else self.session.legal_of(*CLAIM_KINDS[word])
        if not options:
            if word == "win" and not self.busy:
                result = self.session.win_check()
                if result is not None and result.fan_total < MINIMUM:
                    self._message = ((lambda style: refusal_text(result, style)), True)
                    self.add_line(lambda style: "! " + refusal_text(result, style))
                    self.refresh_table()
                    return
            self._cannot(_CLAIM_WORDS[word])
            return
        if len(options) == 1:
            self.play(options[0])
            return
        self.choices = options
        view = self.session.view()
        listed = ", ".join(f"{i + 1}: {action_label(a, view, self.tile_style)}"
                           for i, a in enumerate(options))
        self.say(f"Which {word}? {listed} (Escape cancels)",
                 f"哪一种{_CLAIM_WORDS[word][1]}? {listed} (Escape 取消)")

    def action_suit(self, letter: str) -> None:
        """Declare the suit ``letter`` (m, p or s) void (定缺), when that is asked."""
        if self.busy or not self.session.legal_of(ActionKind.VOID):
            self._cannot(("declare a void suit", "定缺"))
            return
        action = Action(ActionKind.VOID, Tile(9 * SUIT_KEYS.index(letter)))
        self.play(action)  # a suit the rules do not offer is refused there, naming the ones offered

    def _cannot(self, what: tuple[str, str]) -> None:
        en, zh = what
        if self.busy or not self.session.waiting_for_human():
            self.say(f"You cannot {en} now: it is not your turn.", f"现在不能{zh}: 还没轮到你。", error=True)
            return
        kinds = sorted({a.kind for a in self.session.view().legal})
        may_en = ", ".join(action_word(k, "notation") for k in kinds)
        may_zh = "、".join(action_word(k, "chinese") for k in kinds)
        self.say(f"You cannot {en} now; you may: {may_en}.", f"现在不能{zh}; 可以: {may_zh}。", error=True)

    def action_cancel(self) -> None:
        """Drop an offered choice, or the tiles picked for an exchange."""
        if self.choices is not None or self.picked:
            self.choices = None
            self.picked = []
            self._message = ((lambda _: ""), False)
            self.refresh_table()

    def action_toggle_hints(self) -> None:
        """Show or hide the coach's hints (by Chinese Official fans where the ruleset's wins follow them,
        ``Ruleset.advisor``; else by the ruleset's own forms and scale)."""
        self.hints_shown = not self.hints_shown
        self.refresh_table()

    def action_toggle_tiles(self) -> None:
        """Switch between English with tiles in notation (5m) and Chinese (五万)."""
        self.tile_style = TILE_STYLES[(TILE_STYLES.index(self.tile_style) + 1) % len(TILE_STYLES)]
        self.app.tile_style = self.tile_style  # type: ignore[attr-defined]
        self._rewrite_log()
        self.refresh_table()

    def on_tile_widget_clicked(self, message: TileWidget.Clicked) -> None:
        self.discard_at(message.index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        if isinstance(button, ActionButton) and button.action_value is not None:
            event.stop()
            self.play(button.action_value)

    def on_resize(self) -> None:
        self.refresh_table()


class PlayApp(App[None]):
    """A match against three bots in the terminal; ``delay`` seconds between the bots' actions."""

    TITLE = "majiang play"

    def __init__(self, session: PlaySession, *, delay: float = 0.4, style: TileStyle = "notation") -> None:
        super().__init__()
        if delay < 0:
            raise InvalidOptionError(f"delay must be at least 0 seconds, not {delay!r}")
        self.session = session
        self.delay = delay
        self.tile_style: TileStyle = style

    def get_default_screen(self) -> Screen[None]:
        return TableScreen(self.session, delay=self.delay, style=self.tile_style)

    @property
    def table(self) -> TableScreen:
        """The table screen (under any panel)."""
        screen = self.screen_stack[0]
        assert isinstance(screen, TableScreen)
        return screen

    def action_ask_quit(self) -> None:
        """Ask before quitting (the standings and the record are shown); at the end, quit at once."""
        if self.session.match_over:
            self.exit()
            return
        if not isinstance(self.screen, QuitScreen):
            self.push_screen(QuitScreen(self.session, self.table.tile_style))

    def action_show_log(self) -> None:
        """Every message of the match, scrollable."""
        if not isinstance(self.screen, LogScreen):
            style = self.table.tile_style
            self.push_screen(LogScreen([line(style) for line in self.table.log_lines], style))

    def action_show_help(self) -> None:
        """Keys, notation and the fans."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.table.tile_style, self.session.game.rules))

"""The terminal game: a Textual app in which a person plays a match against three bots.

``PlayApp`` shows a ``PlaySession``. Bots act through their own views, one action at a time with a
short pause (``delay``) so a person can follow; the person acts with keys or clicks, and only legal
actions are offered. docs/play.md describes the screen and the keys.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Static

from majiang.errors import IllegalActionError
from majiang.game import Action, ActionKind, Phase, View
from majiang.meld import Meld
from majiang.tiles import Tile
from majiang.tui.render import (
    TILE_STYLES,
    TileStyle,
    final_renderable,
    hand_tiles,
    hints_renderable,
    meld_label,
    result_renderable,
    seat_panel,
    status_text,
    tile_label,
    tile_text,
)
from majiang.tui.session import FinishedHand, PlaySession, Step, relative_place

__all__ = ["ActionButton", "FinalScreen", "PlayApp", "ResultScreen", "TableScreen", "TileWidget"]

MAX_TILES = 14
"""A hand never holds more standing tiles than this (13 and a drawn tile)."""
MAX_BUTTONS = 10
"""Enough buttons for every legal action at once (pass, win, pung, kong and three chows; or a
discard, kongs and a win)."""
TILE_WIDTH: dict[TileStyle, int] = {"notation": 2, "chinese": 4}
"""Terminal cells per tile in the hand row, so the number keys line up under the tiles."""
KEY_DIGITS = "1234567890"
"""Number keys select tiles 1-10 (``0`` is the tenth) or pick one of several chows or kongs."""

CLAIM_KINDS: dict[str, tuple[ActionKind, ...]] = {
    "chow": (ActionKind.CHOW,),
    "pung": (ActionKind.PUNG,),
    "kong": (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG),
    "win": (ActionKind.WIN,),
    "pass": (ActionKind.PASS,),
}
"""What each claim key may do: ``k`` covers the melded, concealed and added kongs."""
_CLAIM_WORDS = {"chow": "chow 吃", "pung": "pung 碰", "kong": "kong 杠", "win": "win 和", "pass": "pass 过"}
_CLAIM_KEYS = (("c", "chow"), ("p", "pung"), ("k", "kong"), ("h", "win"), ("space", "pass"))
_KEYS = {ActionKind.CHOW: "c", ActionKind.PUNG: "p", ActionKind.KONG: "k", ActionKind.CONCEALED_KONG: "k",
         ActionKind.ADDED_KONG: "k", ActionKind.WIN: "h", ActionKind.PASS: "space"}


def action_label(action: Action, view: View, style: TileStyle) -> str:
    """A button's words for one legal action, with its key."""
    kind = action.kind
    claimed = view.last_discard[1] if view.last_discard is not None else None
    if kind == ActionKind.DISCARD:
        assert action.tile is not None
        return f"打 Discard {tile_label(action.tile, style)} (Enter)"
    if kind == ActionKind.CHOW:
        assert action.tile is not None
        return f"吃 Chow {meld_label(Meld.chow(action.tile), style)} (c)"
    if kind in (ActionKind.PUNG, ActionKind.KONG) and claimed is not None:
        word = "碰 Pung" if kind == ActionKind.PUNG else "杠 Kong"
        return f"{word} {tile_label(claimed, style)} ({_KEYS[kind]})"
    if kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
        assert action.tile is not None
        word = "暗杠 Concealed kong" if kind == ActionKind.CONCEALED_KONG else "加杠 Add to kong"
        return f"{word} {tile_label(action.tile, style)} (k)"
    if kind == ActionKind.WIN:
        return "和 Win (h)"
    return "过 Pass (space)"


def describe_step(step: Step, name: str, place: str, style: TileStyle) -> str:
    """One line about a bot's action, e.g. ``Bot 1 (fan-aware), right 下家: discard 5m``."""
    action = step.action
    what = action.kind.word
    if action.tile is not None:
        what += f" {tile_label(action.tile, style)}"
    return f"{name}, {place}: {what}"


class TileWidget(Static):
    """One tile of the person's hand: its glyph over its number key; a click discards it."""

    DEFAULT_CSS = """
    TileWidget { width: auto; height: 2; padding: 0 1 0 0; }
    TileWidget.drawn { margin: 0 0 0 2; }
    TileWidget.selected { background: $accent 40%; text-style: bold; }
    """

    class Clicked(Message):
        """A tile of the hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__(id=f"tile-{index}")
        self.index = index
        self.tile: Tile | None = None
        self._shown: tuple[Tile, TileStyle] | None = None

    def show(self, tile: Tile | None, style: TileStyle, *, selected: bool, drawn: bool) -> None:
        """Show ``tile`` (or hide the widget when None)."""
        self.tile = tile
        self.display = tile is not None
        if tile is None:
            return
        if (tile, style) != self._shown:
            self._shown = (tile, style)
            width = TILE_WIDTH[style]
            text = tile_text(tile, style)
            text.pad_right(width - text.cell_len)
            key = KEY_DIGITS[self.index] if self.index < len(KEY_DIGITS) else ""
            text.append("\n" + key.center(width), style="dim")
            self.update(text)
        self.set_class(selected, "selected")
        self.set_class(drawn, "drawn")

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.index))


class ActionButton(Button):
    """A button for one legal action (``None``: discard the selected tile)."""

    DEFAULT_CSS = """
    ActionButton, ActionButton:hover, ActionButton:focus, ActionButton.-active {
        height: 1; min-width: 0; padding: 0 1; margin: 0 1 0 0;
        border: none !important; border-top: none !important; border-bottom: none !important;
    }
    """

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"action-{index}")
        self.can_focus = False
        self.action_value: Action | None = None
        self.display = False


class ResultScreen(ModalScreen[None]):
    """The end of a hand: the fan breakdown, payments and totals, or the exhaustive draw."""

    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen > Vertical { width: 96%; height: auto; max-height: 96%; border: thick $accent;
                              background: $surface; padding: 0 1; }
    ResultScreen VerticalScroll { height: auto; max-height: 1fr; }
    ResultScreen #next { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next"),
        Binding("space", "next", "Next hand", show=False),
        Binding("n", "next", "Next hand", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, session: PlaySession, finished: FinishedHand, style: TileStyle) -> None:
        super().__init__()
        self.session = session
        self.finished = finished
        self.style = style

    def compose(self) -> ComposeResult:
        last = self.session.match_over
        with Vertical():
            with VerticalScroll():
                yield Static(result_renderable(self.session, self.finished, self.style), id="result")
            yield Static("Enter: final scores" if last else "Enter: next hand · q: quit", id="next")
        yield Footer()

    def action_next(self) -> None:
        self.dismiss(None)


class FinalScreen(ModalScreen[None]):
    """The end of the match: final totals and standard scores."""

    DEFAULT_CSS = """
    FinalScreen { align: center middle; }
    FinalScreen > Vertical { width: 90%; height: auto; max-height: 96%; border: thick $success;
                             background: $surface; padding: 0 1; }
    FinalScreen VerticalScroll { height: auto; max-height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit"),
        Binding("enter", "app.quit", "Quit", show=False),
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Static(final_renderable(self.session), id="final")
            yield Static("q or Enter: quit")
        yield Footer()


class TableScreen(Screen[None]):
    """The table: every seat, the person's hand, the legal actions, messages and (with ``?``) hints."""

    DEFAULT_CSS = """
    #status { height: auto; background: $boost; padding: 0 1; }
    #prompt { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    #table { height: 1fr; }
    .seat { height: auto; padding: 0 1; }
    #me { border-top: solid $accent; }
    #hand { height: 2; padding: 0 1; margin-top: 1; }
    #actions { height: auto; padding: 0 1; }
    #log { height: auto; min-height: 2; padding: 0 1; color: $text-muted; }
    #message { height: auto; padding: 0 1; }
    #message.error { color: $error; text-style: bold; }
    #hints { height: auto; padding: 0 1; border-top: solid $secondary; display: none; }
    #hints.shown { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "◀", show=False),
        Binding("right", "move(1)", "▶", show=False),
        Binding("enter", "discard", "Discard"),
        Binding("c", "claim('chow')", "Chow 吃"),
        Binding("p", "claim('pung')", "Pung 碰"),
        Binding("k", "claim('kong')", "Kong 杠"),
        Binding("h", "claim('win')", "Win 和"),
        Binding("space", "claim('pass')", "Pass 过"),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("question_mark", "toggle_hints", "Hints"),
        Binding("t", "toggle_tiles", "5m/五万"),
        Binding("q", "app.quit", "Quit"),
        *(Binding(d, f"number({i})", d, show=False) for i, d in enumerate(KEY_DIGITS)),
    ]

    def __init__(self, session: PlaySession, *, delay: float, style: TileStyle) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.tile_style: TileStyle = style
        self.selected = 0
        self.choices: list[Action] | None = None
        self.busy = False
        self.hints_shown = False
        self._hand_key: tuple[tuple[Tile, ...], Tile | None] = ((), None)
        self._log: deque[str] = deque(maxlen=3)
        self._shown: dict[str, RenderableType] = {}
        self._hints_key: object = None

    # -- layout ------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="prompt")
        with VerticalScroll(id="table"):
            for offset in (1, 2, 3):
                yield Static(classes="seat", id=f"seat-{offset}")
            yield Static(classes="seat", id="me")
            with Horizontal(id="hand"):
                for i in range(MAX_TILES):
                    yield TileWidget(i)
            with Horizontal(id="actions"):
                for i in range(MAX_BUTTONS):
                    yield ActionButton(i)
            yield Static(id="message")
            yield Static(id="log")
            yield Static(id="hints")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_table()
        self.run_bots()

    # -- drawing -------------------------------------------------------------------------------------

    def prompt(self, view: View) -> str:
        """What the game waits for, in a few words."""
        session = self.session
        if session.hand_over or session.match_over:
            return "hand over"
        if not session.waiting_for_human():
            seats = session.game.to_act()
            if not seats:
                return ""
            return f"{session.player_name(session.match.player_at(seats[0]))} to act"
        keys = " · ".join(f"{key} {_CLAIM_WORDS[word].split()[0]}" for key, word in _CLAIM_KEYS
                          if any(a.kind in CLAIM_KINDS[word] for a in view.legal))
        if view.phase == Phase.TURN:
            turn = "Your turn: choose a tile (←/→ or 1-9, 0) and discard it (Enter), or click it"
            return f"{turn}; or {keys}" if keys else turn
        if view.phase == Phase.ROB:
            return f"Rob the kong? {keys}"
        tile = view.last_discard[1] if view.last_discard is not None else None
        what = "" if tile is None else f" {tile_label(tile, self.tile_style)}"
        return f"Claim{what}? {keys}"

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
        self._put("#status", status_text(session, view))
        self._put("#prompt", Text(self.prompt(view)))
        for offset in (1, 2, 3):
            seat = (human + offset) % 4
            name = session.player_name(session.match.player_at(seat))
            self._put(f"#seat-{offset}", seat_panel(view, seat, name, style))
        self._put("#me", seat_panel(view, human, "You", style))
        tiles = hand_tiles(view)
        key = (tuple(tiles), view.drawn)
        if key != self._hand_key:
            self._hand_key = key
            self.selected = len(tiles) - 1
        self.selected = max(0, min(self.selected, len(tiles) - 1))
        discarding = self.can_discard()
        for widget in self.query(TileWidget):
            i = widget.index
            tile = tiles[i] if i < len(tiles) else None
            widget.show(tile, style, selected=discarding and i == self.selected,
                        drawn=view.drawn is not None and i == len(tiles) - 1)
        self.refresh_buttons(view)
        self._put("#log", Text("\n".join(self._log)))
        hints = self.query_one("#hints", Static)
        hints.set_class(self.hints_shown, "shown")
        if self.hints_shown:
            # The advice depends on the hand, what is in sight and the phase: recompute only then.
            hints_key = (view.phase, view.concealed, view.drawn, view.melds, view.discards, view.legal, style)
            if hints_key != self._hints_key:
                self._hints_key = hints_key
                hints.update(hints_renderable(view, style, robbed=self.robbed_tile()))

    def refresh_buttons(self, view: View) -> None:
        """One button per legal action the person may take now (discarding counts once)."""
        actions: list[Action] = []
        if self.choices is not None:
            actions = list(self.choices)
        elif not self.busy and self.session.waiting_for_human():
            tiles = hand_tiles(view)
            if self.can_discard() and tiles:
                actions.append(Action(ActionKind.DISCARD, tiles[self.selected]))
            actions.extend(a for a in view.legal if a.kind != ActionKind.DISCARD)
        buttons = list(self.query(ActionButton))
        for i, button in enumerate(buttons):
            if i < len(actions):
                label = action_label(actions[i], view, self.tile_style)
                if self.choices is not None:
                    label = f"{i + 1}: {label.rsplit(' (', 1)[0]}"
                if str(button.label) != label:
                    button.label = Text(label)  # not markup: "[5s6s7s]" is a meld, not a tag
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

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a message under the actions; errors stand out."""
        self._put("#message", Text(text))
        self.query_one("#message").set_class(error, "error")

    def can_discard(self) -> bool:
        """Whether the person may discard now."""
        return not self.busy and bool(self.session.legal_of(ActionKind.DISCARD))

    # -- the bots ------------------------------------------------------------------------------------

    def run_bots(self) -> None:
        """Let the bots act until the person must decide or the hand ends (in a worker)."""
        self.busy = True
        self.refresh_table()
        self.run_worker(self._advance(), exclusive=True, group="bots")

    async def _advance(self) -> None:
        session = self.session
        try:
            while not session.hand_over and not session.match_over:
                step = session.bot_step()
                if step is None:
                    break
                if step.action.kind != ActionKind.PASS:
                    name = session.player_name(step.player)
                    self._log.append(describe_step(step, name, relative_place(step.seat, session.human_seat),
                                                   self.tile_style))
                    if self.delay > 0:  # without a pause no one could see the intermediate tables
                        self.refresh_table()
                        await asyncio.sleep(self.delay)
        finally:
            self.busy = False
        if session.hand_over:
            self.refresh_table()  # the table as the hand ended stays under the result panel
            finished = session.finish_hand()
            self.app.push_screen(ResultScreen(session, finished, self.tile_style), self._after_result)
            return
        self.refresh_table()

    def _after_result(self, _: None) -> None:
        if self.session.match_over:
            self.app.push_screen(FinalScreen(self.session))
            return
        self._log.clear()
        self.say(f"Hand {self.session.match.hand_number} begins.")
        self.run_bots()

    # -- the person's actions ----------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Carry out the person's action if legal; otherwise say why and change nothing."""
        if self.busy:
            self.say("Wait: the bots are playing.", error=True)
            return
        try:
            self.session.play(action)
        except IllegalActionError as err:
            self.say(str(err), error=True)
            return
        self.choices = None
        tile = "" if action.tile is None else " " + tile_label(action.tile, self.tile_style)
        self._log.append(f"You: {action.kind.word}{tile}")
        self.say("")
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
                self.say(f"Choose 1-{len(self.choices)}, or Escape to cancel.", error=True)
            return
        count = len(hand_tiles(self.session.view()))
        if index >= count:
            self.say(f"There is no tile {KEY_DIGITS[index]} in your hand.", error=True)
            return
        self.selected = index
        self.refresh_table()

    def action_discard(self) -> None:
        """Discard the selected tile."""
        if self.choices is not None:
            self.say("Choose with a number key, or Escape to cancel.", error=True)
            return
        if not self.can_discard():
            self.say("You cannot discard now" + self._may_say(), error=True)
            return
        tiles = hand_tiles(self.session.view())
        self.play(Action(ActionKind.DISCARD, tiles[self.selected]))

    def discard_at(self, index: int) -> None:
        """Select the tile at ``index`` and discard it (a click)."""
        if self.choices is None and self.can_discard():
            self.selected = index
        self.action_discard()

    def action_claim(self, word: str) -> None:
        """Chow, pung, kong, win or pass: at once if there is one way, else offer a choice."""
        options = [] if self.busy else self.session.legal_of(*CLAIM_KINDS[word])
        if not options:
            self.say(f"You cannot {_CLAIM_WORDS[word]} now" + self._may_say(), error=True)
            return
        if len(options) == 1:
            self.play(options[0])
            return
        self.choices = options
        view = self.session.view()
        listed = ", ".join(f"{i + 1}: {action_label(a, view, self.tile_style).rsplit(' (', 1)[0]}"
                           for i, a in enumerate(options))
        self.say(f"Which {word}? {listed} (Escape cancels)")
        self.refresh_table()

    def action_cancel(self) -> None:
        """Drop an offered choice."""
        if self.choices is not None:
            self.choices = None
            self.say("")
            self.refresh_table()

    def action_toggle_hints(self) -> None:
        """Show or hide the tile-efficiency hints."""
        self.hints_shown = not self.hints_shown
        self.refresh_table()

    def action_toggle_tiles(self) -> None:
        """Switch the tiles between notation (5m) and Chinese (五万)."""
        self.tile_style = TILE_STYLES[(TILE_STYLES.index(self.tile_style) + 1) % len(TILE_STYLES)]
        self.refresh_table()

    def _may_say(self) -> str:
        if self.busy or not self.session.waiting_for_human():
            return ": it is not your turn."
        legal = self.session.view().legal
        kinds = sorted({a.kind for a in legal})
        return "; you may: " + ", ".join(k.word for k in kinds) + "."

    def on_tile_widget_clicked(self, message: TileWidget.Clicked) -> None:
        self.discard_at(message.index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button
        if isinstance(button, ActionButton) and button.action_value is not None:
            event.stop()
            self.play(button.action_value)


class PlayApp(App[None]):
    """A match against three bots in the terminal; ``delay`` seconds between the bots' actions."""

    TITLE = "majiang play"

    def __init__(self, session: PlaySession, *, delay: float = 0.4, style: TileStyle = "notation") -> None:
        super().__init__()
        if delay < 0:
            raise ValueError(f"delay must be at least 0 seconds, not {delay!r}")
        self.session = session
        self.delay = delay
        self.tile_style: TileStyle = style

    def get_default_screen(self) -> Screen[None]:
        return TableScreen(self.session, delay=self.delay, style=self.tile_style)

    @property
    def table(self) -> TableScreen:
        """The table screen (under any result panel)."""
        screen = self.screen_stack[0]
        assert isinstance(screen, TableScreen)
        return screen

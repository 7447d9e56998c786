"""The table screen's widgets: a tile of the person's hand over its number key, and an action button."""

from __future__ import annotations

from textual.events import Click
from textual.message import Message
from textual.widgets import Button, Static

from majiang.game import Action, ActionKind, View
from majiang.meld import Meld
from majiang.tiles import Tile
from majiang.tui.render import TileStyle, action_what, action_word, meld_label, tile_label, tile_text, tr

__all__ = ["KEY_DIGITS", "MAX_BUTTONS", "MAX_TILES", "TILE_WIDTH", "ActionButton", "TileWidget",
           "action_label"]

MAX_TILES = 14
"""A hand never holds more standing tiles than this (13 and a drawn tile)."""
MAX_BUTTONS = 10
"""Enough buttons for every legal action at once (pass, win, pung, kong and three chows; or a
discard, kongs and a win)."""
TILE_WIDTH: dict[TileStyle, int] = {"notation": 2, "chinese": 4}
"""Terminal cells per tile in the hand row, so the number keys line up under the tiles."""
KEY_DIGITS = "1234567890"
"""Number keys select tiles 1-10 (``0`` is the tenth) or pick one of several chows or kongs."""
_KEYS = {ActionKind.CHOW: "c", ActionKind.PUNG: "p", ActionKind.KONG: "k", ActionKind.CONCEALED_KONG: "k",
         ActionKind.ADDED_KONG: "k", ActionKind.WIN: "h", ActionKind.PASS: "space"}


def action_label(action: Action, view: View, style: TileStyle) -> str:
    """A button's words for one legal action (its key is in the prompt and the help)."""
    kind = action.kind
    if kind not in _KEYS and kind != ActionKind.DISCARD:
        what = action_what(action, style)  # a void, an exchange, or a ruleset's own kind
        return what[:1].upper() + what[1:]
    claimed = view.last_discard[1] if view.last_discard is not None else None
    word = action_word(kind, style).replace("-", " ").capitalize()
    if kind == ActionKind.CHOW and claimed is not None:
        assert action.tile is not None
        return f"{word} {meld_label(Meld.chow(action.tile, claimed - action.tile + 1), style)}" \
            + _red_note(action, view, style)
    if kind in (ActionKind.PUNG, ActionKind.KONG) and claimed is not None:
        return f"{word} {tile_label(claimed, style)}" + _red_note(action, view, style)
    if action.tile is not None:
        return f"{word} {tile_label(action.tile, style)}"
    return word


def red_five_label(five: Tile, style: TileStyle) -> str:
    """A red five's name (riichi's 赤ドラ): ``red 5m``, ``赤五万``; the buttons show it in red."""
    return tr(style, f"red {five.notation()}", f"赤{five.zh}")


def _red_note(action: Action, view: View, style: TileStyle) -> str:
    """Where a call may name a red five (riichi's ``red_choice``): ``with red 5m`` on the call naming it,
    ``keeping red 5m`` on the plain one offered beside it; nothing otherwise."""
    if action.tiles:
        return " " + tr(style, "with ", "含") + red_five_label(action.tiles[0], style)
    named = next((a for a in view.legal if a.tiles and a.kind == action.kind
                  and (a.kind != ActionKind.CHOW or a.tile == action.tile)), None)
    if named is None:
        return ""
    return " " + tr(style, "keeping ", "留") + red_five_label(named.tiles[0], style)


class TileWidget(Static):
    """One tile of the person's hand: its glyph over its number key; a click discards it."""

    DEFAULT_CSS = """
    TileWidget { width: auto; height: 2; padding: 0 1 0 0; }
    TileWidget.drawn { margin: 0 0 0 2; }
    TileWidget.selected { background: $accent 40%; text-style: bold; }
    TileWidget.picked { background: $success 50%; text-style: bold; }
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

    def show(self, tile: Tile | None, style: TileStyle, *, selected: bool, drawn: bool,
             picked: bool = False) -> None:
        """Show ``tile`` (or hide the widget when None); ``picked``: chosen for an exchange."""
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
        self.set_class(picked, "picked")

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

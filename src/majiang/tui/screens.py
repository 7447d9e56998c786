"""The panels over the table: a hand's result, the match's end, quitting, the log and the help."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from majiang.game import Phase
from majiang.game.ruleset import Ruleset
from majiang.tui.help import help_renderable
from majiang.tui.render import (
    TileStyle,
    final_renderable,
    record_note,
    result_renderable,
    standings_table,
    tr,
)
from majiang.tui.session import FinishedHand, PlaySession

__all__ = ["FinalScreen", "HelpScreen", "LogScreen", "Panel", "QuitScreen", "ResultScreen"]


class Panel(ModalScreen[None]):
    """A panel over the table with a scrollable body; ``Escape`` closes it."""

    DEFAULT_CSS = """
    Panel { align: center middle; }
    Panel > Vertical { width: 100%; max-width: 120; height: auto; max-height: 100%; border: round $accent;
                       background: $surface; padding: 0 1; }
    Panel VerticalScroll { height: auto; max-height: 1fr; }
    Panel .keys { color: $text-muted; height: 1; dock: bottom; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close", show=False)]

    def __init__(self, body: RenderableType, keys: str, body_id: str) -> None:
        super().__init__()
        self.body = body
        self.keys = keys
        self.body_id = body_id

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="scroll"):
                yield Static(self.body, id=self.body_id)
            yield Static(self.keys, classes="keys")

    def on_mount(self) -> None:
        self.query_one("#scroll").focus()  # the arrow and page keys scroll the body

    def action_close(self) -> None:
        self.dismiss(None)


class ResultScreen(Panel):
    """The end of a hand: the fan breakdown, all four hands, payments and totals, or the exhaustive draw."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Next"),
        Binding("space", "close", "Next hand", show=False),
        Binding("n", "close", "Next hand", show=False),
        Binding("q", "app.ask_quit", "Quit"),
        Binding("l", "app.show_log", "Log"),
    ]

    def __init__(self, session: PlaySession, finished: FinishedHand, style: TileStyle) -> None:
        last = session.match_over
        keys = tr(style, "Enter: final scores" if last else "Enter: next hand · ↑↓ scroll · l: log · q: quit",
                  "Enter: 最终成绩" if last else "Enter: 下一局 · ↑↓ 滚动 · l: 记录 · q: 退出")
        super().__init__(result_renderable(session, finished, style), keys, "result")
        self.session = session
        self.finished = finished


class FinalScreen(Panel):
    """The end of the match: final totals and standard scores, each hand, where the record is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit"),
        Binding("enter", "app.quit", "Quit", show=False),
        Binding("escape", "app.quit", "Quit", show=False),
    ]

    def __init__(self, session: PlaySession, style: TileStyle) -> None:
        super().__init__(final_renderable(session, style), tr(style, "q or Enter: quit", "q 或 Enter: 退出"),
                         "final")
        self.session = session


class QuitScreen(Panel):
    """Asks before quitting, with the standings so far and where the record is saved."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "quit_now", "Quit"),
        Binding("n", "close", "Stay", show=False),
        Binding("q", "close", "Stay", show=False),
    ]

    def __init__(self, session: PlaySession, style: TileStyle) -> None:
        question = Text(tr(style, "Quit the match? The hand in play is not finished and is not saved.",
                           "退出比赛? 正在打的这一局未完成, 不会保存。"), style="bold yellow")
        if session.game.phase == Phase.OVER:
            question = Text(tr(style, "Quit the match?", "退出比赛?"), style="bold yellow")
        body = Group(question, standings_table(session, style), record_note(session, style))
        super().__init__(body, tr(style, "y: quit · n or Escape: back to the table",
                                  "y: 退出 · n 或 Escape: 返回"),
                         "quit")
        self.session = session

    def action_quit_now(self) -> None:
        self.session.save()
        self.app.exit()


class LogScreen(Panel):
    """Every message of the match so far, oldest first, scrollable."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("l", "close", "Close", show=False)]

    def __init__(self, lines: list[str], style: TileStyle) -> None:
        body = Text("\n".join(lines) if lines else tr(style, "No messages yet.", "暂无记录。"))
        super().__init__(body, tr(style, "↑↓ PgUp PgDn: scroll · l or Escape: close",
                                  "↑↓ PgUp PgDn: 滚动 · l 或 Escape: 关闭"), "log-all")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#scroll", VerticalScroll).scroll_end(animate=False)


class HelpScreen(Panel):
    """Keys, the notation, and the 81 fans with their definitions."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "close", "Close", show=False),
                                             Binding("f1", "close", "Close", show=False)]

    def __init__(self, style: TileStyle, rules: Ruleset | None = None) -> None:
        super().__init__(help_renderable(style, rules), tr(style, "↑↓ PgUp PgDn: scroll · ? or Escape: close",
                                                    "↑↓ PgUp PgDn: 滚动 · ? 或 Escape: 关闭"), "help")

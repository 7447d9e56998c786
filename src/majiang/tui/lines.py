"""The game log's lines on the table screen, each written in the language of the tile style when shown."""

from __future__ import annotations

from collections.abc import Callable

from majiang.game import Phase
from majiang.game.describe import HandLabel
from majiang.game.events import Event
from majiang.tui.render import TILE_STYLES, TileStyle, describe_action, event_line, place, tr
from majiang.tui.session import FinishedHand, PlaySession, Step

__all__ = ["Line", "end_line", "event_line_of", "going_on", "log_names", "seat_names", "step_line"]

Line = Callable[[TileStyle], str]
"""A log line, written in the language of the tile style when shown (so the toggle translates it)."""


def going_on(line: Line) -> Line:
    """A win's line with the notice that play goes on after it."""
    return lambda style: line(style) + tr(style, " — play goes on", " — 牌局继续")


def log_names(label: HandLabel) -> tuple[str, str]:
    """A hand as the game log names it, in English and Chinese: ``Hand 3`` and ``第 3 局`` (no total), or the
    ruleset's own name (``東2局 1本場``)."""
    if label.name:
        return label.name, label.name
    return f"Hand {label.number}", f"第 {label.number} 局"


def seat_names(session: PlaySession, style: TileStyle) -> list[str]:
    """Who sits in each seat of the hand in play, as the log names them."""
    return [tr(style, "You", "你") if s == session.human_seat
            else session.player_name(session.match.player_at(s)) for s in range(4)]


def event_line_of(session: PlaySession, event: Event) -> Line:
    """The line of a win or a payment of the hand in play."""
    names = {style: seat_names(session, style) for style in TILE_STYLES}  # seats change between hands
    return lambda style: event_line(event, names[style], style) or ""


def step_line(session: PlaySession, step: Step) -> Line:
    """The line of a bot's action."""
    name = session.player_name(step.player)
    human = session.human_seat
    # Another seat's answer in an opening phase (its exchange, its void) is its own; the ruleset's
    # public state shows what becomes known (the badges).
    hidden = step.phase == Phase.OPENING
    return lambda style: describe_action(step.action, name, place(step.seat, human, style), style,
                                         hidden=hidden)


def end_line(session: PlaySession, finished: FinishedHand) -> Line:
    """The line that closes a hand: who won with how many fans, or the exhaustive draw."""
    result = finished.game.result
    assert result is not None
    game = finished.game
    label = game.rules.describer().hand_label(game, finished.record.number, session.match.length)
    en, zh = log_names(label)
    names = [session.player_name(finished.players_by_seat[s]) for s in result.winners]
    fans = "/".join(str(r.total) for r in result.scores)
    if not names:
        return lambda style: tr(style, f"— {en}: exhaustive draw", f"— {zh}: 荒庄")
    who = ", ".join(names)
    return lambda style: tr(style, f"— {en}: {who} won with {fans} fans", f"— {zh}: {who} 和牌 {fans} 番")

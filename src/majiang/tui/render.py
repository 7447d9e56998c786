"""Text for the play screen: tiles, melds, ponds, the status line, results and hints, as Rich renderables.

Nothing here knows about Textual; the app puts these renderables into its widgets. Every text comes
in two languages: the tile style ``notation`` goes with English, ``chinese`` with Chinese (``tr``).

Here are a seat's panel and the status line; the words for tiles, melds and actions are in
``majiang.tui.text``, the coach's hints in ``majiang.tui.hints``, the end of a hand and of the match in
``majiang.tui.results``. Every name of those is importable from here too.
"""

from __future__ import annotations

from rich.text import Text

from majiang.game import Phase, View
from majiang.tiles import seat_wind
from majiang.tui.hints import advice_hand, hints_renderable, refusal_text, visible_tiles
from majiang.tui.results import (
    final_hand,
    final_renderable,
    record_note,
    result_renderable,
    score_breakdown,
    standings_table,
)
from majiang.tui.session import PlaySession
from majiang.tui.text import (
    FACE_DOWN,
    HIGHLIGHT,
    TILE_STYLES,
    TileStyle,
    _wind_label,
    action_what,
    action_word,
    describe_action,
    event_line,
    hand_tiles,
    meld_label,
    meld_text,
    place,
    points_label,
    suit_label,
    tile_colour,
    tile_label,
    tile_text,
    tiles_text,
    tr,
    win_headline,
)

__all__ = ["FACE_DOWN", "HIGHLIGHT", "TILE_STYLES", "TileStyle", "action_what", "action_word", "advice_hand",
           "describe_action", "event_line", "final_hand", "final_renderable", "hand_tiles",
           "hints_renderable", "meld_label", "meld_text", "place", "points_label", "record_note",
           "refusal_text", "result_renderable", "score_breakdown", "seat_panel", "standings_table",
           "status_text", "suit_label", "tile_colour", "tile_label", "tile_text", "tiles_text", "tr",
           "visible_tiles", "win_headline"]


def seat_panel(view: View, seat: int, name: str, style: TileStyle) -> Text:
    """Two lines about one seat: wind, dealer, name, place, score, the ruleset's badge (``seat_badges``),
    winning tiles laid aside and whether it has left the hand, flowers and melds; then its pond."""
    out = Text()
    acting = view.phase == Phase.TURN and view.current == seat
    out.append("▶ " if acting else "  ", style="bold yellow")
    out.append(_wind_label(seat_wind(seat, view.dealer), style), style="bold cyan")
    if seat == view.dealer:
        out.append(" " + tr(style, "dealer", "庄"), style="bold magenta")
    out.append(f" {name}", style="bold")
    if seat != view.seat:
        out.append(f" · {place(seat, view.seat, style)}", style="dim")
    out.append(f" · {points_label(view.totals[seat], view.rules)}")
    badge = "" if view.rules is None else view.rules.describer().seat_badges(view.public_state)[seat]
    if badge:
        out.append(f" · {badge}", style="bold magenta")
    if view.won[seat]:
        out.append(" · " + tr(style, "won ", "和 "), style="bold green")
        out.append_text(tiles_text(view.won[seat], style))
    if not view.active[seat]:
        out.append(" · " + tr(style, "out of the hand", "已离场"), style="bold green")
    flowers = view.flowers[seat]
    if flowers:
        out.append(f" · {tr(style, 'flowers', '花')} {flowers}")
    melds: list[Text] = [meld_text(m, style) for m in view.melds[seat]]
    melds.extend(Text(FACE_DOWN[style], style="dim") for _ in range(view.hidden_kongs[seat]))
    if melds:
        out.append(" · ")
        out.append_text(Text(" ").join(melds))
    out.append("\n   ")
    pond = view.discards[seat]
    last = view.last_discard is not None and view.last_discard[0] == seat and bool(pond) \
        and pond[-1] == view.last_discard[1]
    if pond:
        out.append_text(tiles_text(pond, style, highlight_last=last))
    else:
        out.append(tr(style, "no discards", "未出牌"), style="dim")
    return out


def status_text(session: PlaySession, view: View, style: TileStyle) -> Text:
    """The top line: round wind, hand number, wall, the person's seat wind and score, the ruleset."""
    match = session.match
    wind = view.round_wind  # the hand's own: the match's round wind is gone once the last hand is booked
    # Once the match is over its last hand stays on the table: the hand number has moved past it.
    number = len(match.history) if match.over else match.hand_number
    label = match.rules.describer().hand_label(match.game, number, match.length)
    out = Text()
    if label.name:  # the ruleset's own name holds the round already (東2局 1本場)
        out.append(label.name, style="bold")
    else:
        out.append(tr(style, f"{wind.en.split()[0]} round", f"{wind.zh}风圈"), style="bold")
        out.append(tr(style, f" · {label.text()}", f" · {label.text(zh=True)}"))
    out.append(tr(style, f" · Wall {view.wall_left}", f" · 牌墙 {view.wall_left}"))
    out.append(tr(style, f" · You: {view.seat_wind.notation()}", f" · 你: {view.seat_wind.zh}"))
    out.append(f" {points_label(view.totals[view.seat], view.rules)}")
    if view.rules is not None:
        out.append(f" · {view.rules.name}", style="dim")
        note = view.rules.describer().table_note(view.public_state)
        if note:
            out.append(f" · {note}")
    return out

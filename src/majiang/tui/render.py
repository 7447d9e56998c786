"""Text for the play screen: tiles, melds, ponds, the status line, results and hints, as Rich renderables.

Nothing here knows about Textual; the app puts these renderables into its widgets.

>>> tile_label(Tile.M5, "notation"), tile_label(Tile.M5, "chinese"), tile_label(Tile.RED, "chinese")
('5m', '五万', '中')
>>> meld_label(Meld.parse("[345p]"), "notation"), meld_label(Meld.kong(Tile.EAST), "notation")
('[3p4p5p]', '[EEEE]')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from majiang.analysis.efficiency import CallKind, CallOption, DiscardOption, LiveTile
from majiang.errors import InvalidHandError
from majiang.game import ActionKind, Phase, View
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr.advice import call_advice, discard_advice
from majiang.tiles import Tile
from majiang.tui.session import FinishedHand, PlaySession, relative_place

__all__ = [
    "TILE_STYLES",
    "TileStyle",
    "advice_hand",
    "final_renderable",
    "hints_renderable",
    "meld_label",
    "result_renderable",
    "seat_panel",
    "status_text",
    "tile_label",
    "tile_text",
    "visible_tiles",
]

TileStyle = Literal["notation", "chinese"]
TILE_STYLES: tuple[TileStyle, ...] = ("notation", "chinese")

_SUIT_COLOURS = ("red", "blue", "green")
_HONOR_COLOURS = ("bold", "bold", "bold", "bold", "bold white", "bold green", "bold red")
FACE_DOWN = {"notation": "[? ? ? ?]", "chinese": "[暗杠]"}
"""How another player's concealed kong (face down) is shown."""

HIGHLIGHT = "reverse bold"


def tile_label(tile: Tile, style: TileStyle) -> str:
    """The tile as text: notation (``5m``, ``E``) or Chinese (``五万``, ``东``)."""
    return tile.zh if style == "chinese" else tile.notation()


def tile_colour(tile: Tile) -> str:
    """The colour of a tile's text: characters red, dots blue, bamboo green, honors bold."""
    return _SUIT_COLOURS[tile // 9] if tile < 27 else _HONOR_COLOURS[tile - 27]


def tile_text(tile: Tile, style: TileStyle, *, highlight: bool = False) -> Text:
    """One coloured tile; ``highlight`` marks it (the last discard)."""
    colour = tile_colour(tile)
    return Text(tile_label(tile, style), style=f"{colour} {HIGHLIGHT}" if highlight else colour)


def tiles_text(tiles: Iterable[Tile], style: TileStyle, *, highlight_last: bool = False) -> Text:
    """Tiles separated by spaces, the last one highlighted if asked."""
    items = list(tiles)
    out = Text()
    for i, t in enumerate(items):
        if i:
            out.append(" ")
        out.append_text(tile_text(t, style, highlight=highlight_last and i == len(items) - 1))
    return out


def meld_label(meld: Meld, style: TileStyle) -> str:
    """A meld in brackets, its tiles in the chosen style (spaced in Chinese)."""
    sep = " " if style == "chinese" else ""
    return "[" + sep.join(tile_label(t, style) for t in meld.tiles) + "]"


def meld_text(meld: Meld, style: TileStyle) -> Text:
    """A coloured meld; the claimed tile of a chow is underlined, a concealed kong is dimmed."""
    out = Text("[")
    sep = " " if style == "chinese" else ""
    claimed = meld.claimed_tile if meld.kind == MeldKind.CHOW else None
    for i, t in enumerate(meld.tiles):
        if i and sep:
            out.append(sep)
        mark = " underline" if claimed is not None and t == claimed else ""
        out.append(tile_label(t, style), style=tile_colour(t) + mark)
    out.append("]")
    if meld.is_concealed:
        out.append("暗" if style == "chinese" else "c", style="dim")
    return out


def _wind_label(wind: Tile) -> str:
    return f"{wind.notation()} {wind.zh}"


def seat_wind(view: View, seat: int) -> Tile:
    """The seat wind of ``seat`` in the hand ``view`` belongs to."""
    return Tile(Tile.EAST + (seat - view.dealer) % 4)


def seat_panel(view: View, seat: int, name: str, style: TileStyle) -> Text:
    """Three lines about one seat: winds, dealer, name, score, flowers; its melds; its discard pond."""
    out = Text()
    acting = view.phase == Phase.TURN and view.current == seat
    out.append("▶ " if acting else "  ", style="bold yellow")
    out.append(f"{_wind_label(seat_wind(view, seat))}", style="bold cyan")
    out.append("  ")
    out.append("庄 dealer" if seat == view.dealer else "        ", style="bold magenta")
    out.append(f"  {name}", style="bold")
    if seat != view.seat:
        out.append(f" · {relative_place(seat, view.seat)}", style="dim")
    out.append(f" · score {view.scores[seat]:+d}")
    out.append(f" · flowers 花 {view.flowers[seat]}")
    out.append("\n    melds: ", style="dim")
    melds: list[Text] = [meld_text(m, style) for m in view.melds[seat]]
    melds.extend(Text(FACE_DOWN[style], style="dim") for _ in range(view.hidden_kongs[seat]))
    if melds:
        out.append_text(Text(" ").join(melds))
    else:
        out.append("—", style="dim")
    out.append("\n    pond:  ", style="dim")
    pond = view.discards[seat]
    last = view.last_discard is not None and view.last_discard[0] == seat and bool(pond) \
        and pond[-1] == view.last_discard[1]
    if pond:
        out.append_text(tiles_text(pond, style, highlight_last=last))
    else:
        out.append("—", style="dim")
    return out


def hand_tiles(view: View) -> list[Tile]:
    """The standing tiles in display order: sorted, then the drawn tile last (set apart on screen)."""
    tiles = list(view.concealed)
    if view.drawn is not None:
        tiles.remove(view.drawn)
        tiles.append(view.drawn)
    return tiles


def status_text(session: PlaySession, view: View) -> Text:
    """The top line: round wind, hand number, wall, dealer, the person's seat wind and score."""
    match = session.match
    wind = view.prevalent  # the hand's own: the match's round wind is gone once the last hand is booked
    out = Text()
    out.append(f"{wind.zh}风圈 {wind.en.split()[0]} round", style="bold")
    number = min(match.hand_number, match.hands)
    out.append(f" · Hand {number}/{match.hands}")
    out.append(f" · Wall {view.wall_left}")
    out.append(f" · Dealer: {session.player_name(match.player_at(view.dealer))}")
    out.append(f" · You: {_wind_label(view.seat_wind)}, {view.scores[view.seat]:+d}")
    return out


def visible_tiles(view: View, *, leave_out_claimed: bool = False) -> list[Tile]:
    """What the seat sees outside its own hand: every pond and the other seats' exposed melds.

    With ``leave_out_claimed``, the discard being claimed is left out (call advice adds it itself).
    """
    out: list[Tile] = []
    for s, pond in enumerate(view.discards):
        tiles = list(pond)
        if leave_out_claimed and view.last_discard is not None and s == view.last_discard[0] and tiles:
            tiles.pop()
        out.extend(tiles)
    for s, melds in enumerate(view.melds):
        if s != view.seat:
            for m in melds:
                out.extend(m.tiles)
    return out


def advice_hand(view: View) -> Hand:
    """The seat's hand as the advice functions take it: after a draw (or a call) the last tile is set."""
    tiles = hand_tiles(view)
    melds = view.melds[view.seat]
    if len(tiles) + 3 * len(melds) == 14:
        return Hand(melds, tuple(tiles[:-1]), tiles[-1])
    return Hand(melds, tuple(tiles))


def _live_text(tiles: Sequence[LiveTile], style: TileStyle) -> Text:
    out = Text()
    for i, e in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_text(e.tile, style))
        out.append(f"×{e.live}", style="dim" if e.live else "red")
    return out


def _discard_table(options: Sequence[DiscardOption], style: TileStyle, rows: int) -> Table:
    table = Table(title="何切 Discard advice (best first)", title_justify="left", expand=True)
    table.add_column("Discard", no_wrap=True)
    table.add_column("向听 Shanten", justify="right")
    table.add_column("Live", justify="right")
    table.add_column("Legal-win live", justify="right")
    table.add_column("Effective tiles ×live")
    for o in options[:rows]:
        legal = "" if o.legal_live is None else str(o.legal_live)
        table.add_row(tile_text(o.discard, style), str(o.shanten), str(o.live), legal,
                      _live_text(o.effective, style))
    if len(options) > rows:
        table.caption = f"… and {len(options) - rows} more discards"
    return table


def _call_label(o: CallOption, style: TileStyle) -> Text:
    out = Text(o.kind.value)
    if o.meld is not None:
        out.append(" ")
        out.append_text(meld_text(o.meld, style))
    if o.discard is not None:
        out.append(", then discard ")
        out.append_text(tile_text(o.discard, style))
    return out


def _call_table(options: Sequence[CallOption], style: TileStyle) -> Table:
    table = Table(title="Call advice (best first)", title_justify="left", expand=True)
    table.add_column("Choice", no_wrap=True)
    table.add_column("向听 Shanten", justify="right")
    table.add_column("Live", justify="right")
    table.add_column("Effective tiles ×live")
    for o in options:
        shanten = "win" if o.kind == CallKind.WIN else str(o.shanten)
        table.add_row(_call_label(o, style), shanten, str(o.live), _live_text(o.effective, style))
    return table


def hints_renderable(view: View, style: TileStyle, *, rows: int = 6,
                     robbed: Tile | None = None) -> RenderableType:
    """Tile-efficiency hints: discard advice on the seat's turn, call advice when it may claim a discard."""
    wind, prevalent = view.seat_wind, view.prevalent
    try:
        if view.phase == Phase.TURN and view.current == view.seat and view.legal:
            options = discard_advice(advice_hand(view), visible_tiles(view), seat_wind=wind,
                                     round_wind=prevalent)
            parts: list[RenderableType] = [_discard_table(options, style, rows)]
            if any(a.kind == ActionKind.WIN for a in view.legal):
                parts.insert(0, Text("和 You may declare a win now (h).", style="bold green"))
            return Group(*parts)
        if view.phase == Phase.CLAIM and view.legal and view.last_discard is not None:
            giver, tile = view.last_discard
            source = 4 - (giver - view.seat) % 4
            calls = call_advice(advice_hand(view), tile, source=source,
                                visible=visible_tiles(view, leave_out_claimed=True), seat_wind=wind,
                                round_wind=prevalent)
            head = Text("Claim ")
            head.append_text(tile_text(tile, style))
            head.append(f" from {relative_place(giver, view.seat)}?")
            return Group(head, _call_table(calls, style))
        if view.phase == Phase.ROB and view.legal:
            text = Text("抢杠和: you may rob the added kong")
            if robbed is not None:
                text.append(" of ")
                text.append_text(tile_text(robbed, style))
            text.append(" and win (h), or pass (space).")
            return text
    except InvalidHandError as err:  # pragma: no cover - the table never shows more than four copies
        return Text(f"No advice: {err}", style="red")
    return Text("Hints appear when it is your turn or you may claim a discard.", style="dim")


def _fan_table(finished: FinishedHand, index: int) -> Table:
    result = finished.game.result
    assert result is not None
    score = result.scores[index]
    table = Table(expand=False)
    table.add_column("番种")
    table.add_column("Fan")
    table.add_column("Value", justify="right")
    table.add_column("Count", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Melds")
    for hit in score.fans:
        table.add_row(hit.name, hit.en, str(hit.value), str(hit.count), str(hit.points), " ".join(hit.melds))
    return table


def _winner_hand(finished: FinishedHand, seat: int, style: TileStyle) -> Text:
    game = finished.game
    tiles = list(game.concealed_tiles(seat))
    win = finished.winning_tile(seat)
    result = game.result
    assert result is not None
    if win is not None and result.self_drawn and Tile(win) in tiles:
        tiles.remove(Tile(win))
    out = Text("Hand: ")
    melds = [meld_text(m, style) for m in game.melds[seat]]
    if melds:
        out.append_text(Text(" ").join(melds))
        out.append(" ")
    out.append_text(tiles_text(tiles, style))
    if win is not None:
        out.append("  winning tile ")
        out.append_text(tile_text(Tile(win), style, highlight=True))
    return out


def result_renderable(session: PlaySession, finished: FinishedHand, style: TileStyle) -> RenderableType:
    """The end of a hand: each winner's fans (Chinese and English, values, counts, melds), the
    payments and the new totals; or the exhaustive draw (荒庄)."""
    game, record = finished.game, finished.record
    result = game.result
    assert result is not None
    parts: list[RenderableType] = []
    title = f"Hand {record.number} of {session.match.hands} · {record.round_wind.zh}风圈"
    parts.append(Text(title, style="bold"))
    if result.exhausted:
        parts.append(Text("荒庄 Exhaustive draw: the wall ran out and no one won; no points change.",
                          style="bold yellow"))
    for i, seat in enumerate(result.winners):
        player = finished.players_by_seat[seat]
        score = result.scores[i]
        payer = "" if result.payer is None else session.player_name(finished.players_by_seat[result.payer])
        if result.self_drawn:
            how = "self-drawn 自摸"
        elif finished.robbed_kong():
            how = f"robbing {payer}'s kong 抢杠和"
        else:
            how = f"on {payer}'s discard 点和"
        parts.append(Text(f"和 {session.player_name(player)} won, {how}: {score.total} fans "
                          f"(fans {score.fan_total} + flowers {score.flowers})", style="bold green"))
        parts.append(_winner_hand(finished, seat, style))
        parts.append(_fan_table(finished, i))
    pay = Table(title="Payments and totals", title_justify="left")
    pay.add_column("Player")
    pay.add_column("Seat")
    pay.add_column("This hand", justify="right")
    pay.add_column("Total", justify="right")
    for seat in range(4):
        player = finished.players_by_seat[seat]
        pay.add_row(session.player_name(player), _wind_label(game.seat_wind(seat)),
                    f"{record.deltas[player]:+d}", f"{finished.totals[player]:+d}")
    parts.append(pay)
    return Group(*parts)


def final_renderable(session: PlaySession) -> RenderableType:
    """The end of the match: totals, standard scores (4/2/1/0) and a line per hand."""
    match = session.match
    standings = match.standings()
    order = sorted(range(4), key=lambda p: (-match.totals[p], p))
    table = Table(title=f"Final totals after {len(match.history)} hands", title_justify="left")
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column("Total", justify="right")
    table.add_column("Standard score", justify="right")
    for rank, player in enumerate(order, start=1):
        table.add_row(str(rank), session.player_name(player), f"{match.totals[player]:+d}",
                      f"{standings[player]:g}")
    hands = Table(title="Hands", title_justify="left")
    hands.add_column("Hand", justify="right")
    hands.add_column("Round")
    hands.add_column("Result")
    hands.add_column("Your change", justify="right")
    for record in match.history:
        result = record.result
        if result.exhausted:
            what = "荒庄 draw"
        else:
            winners = [session.player_name(record.positions.index(s)) for s in result.winners]
            fans = "/".join(str(r.total) for r in result.scores)
            what = f"{', '.join(winners)} {fans} fans" + (" 自摸" if result.self_drawn else "")
        hands.add_row(str(record.number), record.round_wind.zh, what, f"{record.deltas[session.human]:+d}")
    return Group(Text("Match over", style="bold"), table, hands)

"""Text for the play screen: tiles, melds, ponds, the status line, results and hints, as Rich renderables.

Nothing here knows about Textual; the app puts these renderables into its widgets. Every text comes
in two languages: the tile style ``notation`` goes with English, ``chinese`` with Chinese (``tr``).

>>> tile_label(Tile.M5, "notation"), tile_label(Tile.M5, "chinese"), tile_label(Tile.RED, "chinese")
('5m', '五万', '中')
>>> meld_label(Meld.parse("[345p,2]"), "notation"), meld_label(Meld.kong(Tile.EAST), "notation")
('[345p,2]', '[EEEE]')
>>> meld_label(Meld.parse("[555p,3]"), "chinese")
'[五饼 五饼 五饼]下'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from majiang.analysis.efficiency import CallKind, CallOption, LiveTile, Wait
from majiang.errors import InvalidHandError
from majiang.game import Action, ActionKind, Game, Phase, View
from majiang.game.events import Event, FalseWinPenalty, Payment, Win
from majiang.game.ruleset import Ruleset
from majiang.game.table import WinRecord
from majiang.hand import Hand, WinBy
from majiang.mcr import MINIMUM, ScoreResult, call_advice
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr.result import hit_melds
from majiang.seats import RelativeSeat
from majiang.tiles import Tile, seat_wind
from majiang.tui.coach import FORM_NAMES, CoachRow, coach_discards
from majiang.tui.session import FinishedHand, PlaySession

__all__ = [
    "TILE_STYLES",
    "TileStyle",
    "action_what",
    "advice_hand",
    "describe_action",
    "event_line",
    "final_renderable",
    "hints_renderable",
    "meld_label",
    "place",
    "refusal_text",
    "result_renderable",
    "score_breakdown",
    "seat_panel",
    "standings_table",
    "status_text",
    "suit_label",
    "tile_label",
    "tile_text",
    "tr",
    "visible_tiles",
]

TileStyle = Literal["notation", "chinese"]
TILE_STYLES: tuple[TileStyle, ...] = ("notation", "chinese")

_SUIT_COLOURS = ("red", "blue", "green")
_HONOR_COLOURS = ("bold", "bold", "bold", "bold", "bold white", "bold green", "bold red")
FACE_DOWN = {"notation": "[????]", "chinese": "[暗杠]"}
"""How another player's concealed kong (face down) is shown."""

HIGHLIGHT = "reverse bold"



def tr(style: TileStyle, en: str, zh: str) -> str:
    """``en`` or ``zh``, whichever language goes with the tile style.

    >>> tr("notation", "Pass", "过"), tr("chinese", "Pass", "过")
    ('Pass', '过')
    """
    return zh if style == "chinese" else en


def place(seat: int, own_seat: int, style: TileStyle) -> str:
    """Where ``seat`` sits as ``own_seat`` sees the table: right (下家), across (对家), left (上家).

    >>> place(1, 0, "notation"), place(0, 1, "chinese")
    ('right', '上家')
    """
    if seat == own_seat:
        return tr(style, "you", "自己")
    rel = RelativeSeat.between(own_seat, seat)
    return tr(style, rel.en, rel.zh)


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


def _source_mark(meld: Meld) -> str:
    """Who a pung's or kong's tile came from, as a mark after the meld: 上 left, 对 across, 下 right."""
    if meld.kind == MeldKind.CHOW or meld.from_seat is None:
        return ""
    return meld.from_seat.zh[0]


def meld_label(meld: Meld, style: TileStyle) -> str:
    """A meld as the hand notation writes it (``[123m]``, ``[555p,2]``, ``[7777s]``, ``[7777s,6]``), or
    in Chinese with the source of a claimed pung or kong after it (上 left, 对 across, 下 right)."""
    if style == "notation":
        return meld.notation()
    return "[" + " ".join(tile_label(t, style) for t in meld.tiles) + "]" + _source_mark(meld)


def meld_text(meld: Meld, style: TileStyle) -> Text:
    """A coloured meld in the form of ``meld_label``; in Chinese the claimed tile of a chow is underlined."""
    colour = tile_colour(meld.tile)
    if style == "notation":
        return Text(meld.notation(), style=colour)
    out = Text("[")
    claimed = meld.claimed_tile if meld.kind == MeldKind.CHOW else None
    for i, t in enumerate(meld.tiles):
        if i:
            out.append(" ")
        mark = " underline" if claimed is not None and t == claimed else ""
        out.append(tile_label(t, style), style=colour + mark)
    out.append("]")
    out.append(_source_mark(meld) + ("暗" if meld.is_concealed_kong else ""), style="dim")
    return out


def _wind_label(wind: Tile, style: TileStyle) -> str:
    return tr(style, wind.notation(), wind.zh)


def points_label(value: int, rules: Ruleset | None) -> str:
    """A seat's points: signed where every seat starts at 0, as they are where they start with points
    (riichi's 25000).

    >>> from majiang.game import find_ruleset
    >>> points_label(1200, None), points_label(26000, find_ruleset("riichi"))
    ('+1200', '26000')
    """
    return f"{value:+d}" if rules is None or rules.starting_score() == 0 else str(value)


def win_headline(rules: Ruleset, score: Any) -> str:
    """A score in a few words (``Ruleset.score_headline``): ``N fans``, or riichi's ``3 han 40 fu, 5200
    points``."""
    return rules.score_headline(score)


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
    out.append(f" · {points_label(view.scores[seat], view.rules)}")
    badge = "" if view.rules is None else view.rules.seat_badges(view.rules_state)[seat]
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


def hand_tiles(view: View) -> list[Tile]:
    """The standing tiles in display order: sorted, then the drawn tile last (set apart on screen)."""
    tiles = list(view.standing)
    if view.drawn is not None:
        tiles.remove(view.drawn)
        tiles.append(view.drawn)
    return tiles


def status_text(session: PlaySession, view: View, style: TileStyle) -> Text:
    """The top line: round wind, hand number, wall, the person's seat wind and score, the ruleset."""
    match = session.match
    wind = view.round_wind  # the hand's own: the match's round wind is gone once the last hand is booked
    # Once the match is over its last hand stays on the table: the hand number has moved past it.
    number = len(match.history) if match.over else match.hand_number
    label = match.rules.hand_label(match.game, number, match.hands)
    out = Text()
    if label.name:  # the ruleset's own name holds the round already (東2局 1本場)
        out.append(label.name, style="bold")
    else:
        out.append(tr(style, f"{wind.en.split()[0]} round", f"{wind.zh}风圈"), style="bold")
        out.append(tr(style, f" · {label.text()}", f" · {label.text(zh=True)}"))
    out.append(tr(style, f" · Wall {view.wall_left}", f" · 牌墙 {view.wall_left}"))
    out.append(tr(style, f" · You: {view.seat_wind.notation()}", f" · 你: {view.seat_wind.zh}"))
    out.append(f" {points_label(view.scores[view.seat], view.rules)}")
    if view.rules is not None:
        out.append(f" · {view.rules.name}", style="dim")
        note = view.rules.table_note(view.rules_state)
        if note:
            out.append(f" · {note}")
    return out


_ACTION_ZH = {ActionKind.DISCARD: "打", ActionKind.CHOW: "吃", ActionKind.PUNG: "碰", ActionKind.KONG: "明杠",
              ActionKind.CONCEALED_KONG: "暗杠", ActionKind.ADDED_KONG: "加杠", ActionKind.WIN: "和",
              ActionKind.PASS: "过", ActionKind.VOID: "定缺", ActionKind.EXCHANGE: "换三张"}
_SUIT_NAMES = (("m", "万"), ("p", "饼"), ("s", "条"))


def action_word(kind: ActionKind, style: TileStyle) -> str:
    """An action's name: ``chow`` or ``吃`` (a kind without a Chinese word keeps its English one)."""
    return tr(style, kind.word, _ACTION_ZH.get(kind, kind.word))


def suit_label(tile: Tile, style: TileStyle) -> str:
    """The suit of a suited tile: ``m`` or ``万``.

    >>> suit_label(Tile.P7, "notation"), suit_label(Tile.S1, "chinese")
    ('p', '条')
    """
    en, zh = _SUIT_NAMES[tile // 9]
    return tr(style, en, zh)


def action_what(action: Action, style: TileStyle) -> str:
    """An action with what it is done with: ``discard 5m``, ``void p``, ``exchange 1m 1m 9m``.

    >>> action_what(Action.parse("void s"), "chinese")
    '定缺 条'
    >>> action_what(Action.parse("exchange 1m9m1m"), "notation")
    'exchange 1m 1m 9m'
    """
    what = action_word(action.kind, style)
    if action.kind == ActionKind.VOID and action.tile is not None:
        return f"{what} {suit_label(action.tile, style)}"
    if action.tiles:
        return f"{what} {' '.join(tile_label(t, style) for t in action.tiles)}"
    if action.tile is not None:
        return f"{what} {tile_label(action.tile, style)}"
    return what


def describe_action(action: Action, who: str, where: str | None, style: TileStyle, *,
                    hidden: bool = False) -> str:
    """One line of the log: ``Bot 1 (fan-aware), right: discard 5m``; ``hidden`` leaves out what the
    action was done with (another seat's answer to an opening phase is not shown).

    >>> describe_action(Action.parse("exchange 1m1m9m"), "Bot 2", "across", "notation", hidden=True)
    'Bot 2, across: exchange (chosen)'
    """
    what = action_word(action.kind, style) + tr(style, " (chosen)", " (已选)") if hidden \
        else action_what(action, style)
    head = who if where is None else f"{who}, {where}"
    return f"{head}: {what}"


def _deltas_text(deltas: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(deltas) if d) or "0"


def event_line(event: Event, names: Sequence[str], style: TileStyle) -> str | None:
    """A log line for an event the table shows as it happens: a win, a payment, a false-win charge
    (``names`` by seat); None for the others (actions have lines of their own).

    >>> names = ("You", "Bot 1", "Bot 2", "Bot 3")
    >>> event_line(Win((1, 2), Tile.S5, 0), names, "notation")
    'Bot 1, Bot 2 won on 5s, the discard of You'
    >>> event_line(Payment("kong", 3, [-2, -2, -2, 6]), names, "chinese")
    '付款 (kong, Bot 3): You -2, Bot 1 -2, Bot 2 -2, Bot 3 +6'
    """
    if isinstance(event, Win):
        who = ", ".join(names[s] for s in event.seats)
        tile = tile_label(Tile(event.tile), style)
        if event.giver is None:
            return tr(style, f"{who} won on {tile}, self-drawn", f"{who} 自摸 {tile}")
        giver = names[event.giver]
        if event.robbing:
            return tr(style, f"{who} won on {tile}, robbing the kong of {giver}",
                      f"{who} 抢 {giver} 的杠 {tile}")
        return tr(style, f"{who} won on {tile}, the discard of {giver}", f"{who} 和 {giver} 打出的 {tile}")
    if isinstance(event, Payment):
        return tr(style, "Payment", "付款") + f" ({event.reason}, {names[event.seat]}): " + \
            _deltas_text(event.deltas, names)
    if isinstance(event, FalseWinPenalty):
        return tr(style, f"False win by {names[event.seat]}: ", f"{names[event.seat]} 错和: ") + \
            _deltas_text(event.deltas, names)
    return None


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


# -- the coach ---------------------------------------------------------------------------------------

def _live_text(tiles: Sequence[LiveTile], style: TileStyle) -> Text:
    out = Text()
    for i, e in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_text(e.tile, style))
        out.append(f"×{e.live}", style="dim" if e.live else "red")
    return out


def _waits_text(waits: Sequence[Wait], style: TileStyle) -> Text:
    """Each wait with its fans (on a discard / self-drawn) and live copies; a win below 8 is struck."""
    out = Text()
    for i, w in enumerate(waits):
        if i:
            out.append(" ")
        legal = bool(w.legal) and w.live > 0
        out.append_text(tile_text(w.tile, style))
        fans = f"{w.fans_discard}/{w.fans_self_drawn}{tr(style, 'f', '番')}"
        out.append(f" {fans}×{w.live}", style="green" if legal else "red strike")
    return out


def _aim_text(row: CoachRow, style: TileStyle) -> str:
    en, zh = FORM_NAMES[row.forms[0]] if row.forms else ("", "")
    if row.aim is not None and row.forms[:1] == ("regular",):
        return tr(style, row.aim.en, row.aim.zh)
    return tr(style, en, zh)


def _coach_table(rows: Sequence[CoachRow], style: TileStyle, limit: int) -> Table:
    table = Table(title=tr(style,
                           "Best chance of a legal (8-fan) win first · Win: live tiles winning legally",
                           "按合法(8番起和)和牌机会排序 · 可和: 能合法和牌的剩余张数"),
                  title_justify="left", expand=True, box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False,
                  show_edge=False)
    table.add_column(tr(style, "Out", "打"), no_wrap=True)
    table.add_column(tr(style, "Aims at", "目标"), no_wrap=True, max_width=16)
    table.add_column(tr(style, "Sh", "向听"), justify="right")
    table.add_column(tr(style, "Win", "可和"), justify="right")
    table.add_column(tr(style, "Live", "进张"), justify="right")
    table.add_column(tr(style, "Waits fans×live (discard/self-drawn), or effective tiles",
                        "听牌 番×剩余(点和/自摸), 或有效牌"), ratio=1)
    for row in rows[:limit]:
        o = row.option
        legal = "" if o.legal_live is None else str(o.legal_live)
        detail = _waits_text(o.waits, style) if o.shanten == 0 else _live_text(o.effective, style)
        win_style = "green" if o.legal_live else "red" if o.legal_live == 0 else ""
        table.add_row(tile_text(o.discard, style), _aim_text(row, style), str(o.shanten), Text(legal,
                                                                                               style=win_style),
                      str(o.live), detail)
    if len(rows) > limit:
        more = len(rows) - limit
        table.caption = tr(style, f"… and {more} more discards", f"… 另有 {more} 种打法")
        table.caption_justify = "left"
    return table


def _call_label(o: CallOption, style: TileStyle) -> Text:
    words = {CallKind.WIN: "和", CallKind.PASS: "过", CallKind.CHOW: "吃", CallKind.PUNG: "碰",
             CallKind.KONG: "杠"}
    out = Text(tr(style, o.kind.value, words[o.kind]))
    if o.meld is not None:
        out.append(" ")
        out.append_text(meld_text(o.meld, style))
    if o.discard is not None:
        out.append(tr(style, ", then ", ", 再打 "))
        out.append_text(tile_text(o.discard, style))
    return out


def _call_table(options: Sequence[CallOption], style: TileStyle) -> Table:
    table = Table(title=tr(style, "Call advice (best first)", "吃碰杠建议"), title_justify="left",
                  expand=True,
                  box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column(tr(style, "Choice", "选择"), no_wrap=True)
    table.add_column(tr(style, "Sh", "向听"), justify="right")
    table.add_column(tr(style, "Live", "进张"), justify="right")
    table.add_column(tr(style, "Effective tiles ×live", "有效牌×剩余"), ratio=1)
    for o in options:
        shanten = tr(style, "win", "和") if o.kind == CallKind.WIN else str(o.shanten)
        table.add_row(_call_label(o, style), shanten, str(o.live), _live_text(o.effective, style))
    return table


def refusal_text(result: ScoreResult, style: TileStyle) -> str:
    """Why a complete hand may not win: its fans with their values, the total against the 8-fan
    minimum, and that flowers do not count.

    >>> from majiang.mcr import score
    >>> refusal_text(score("[123m][456p]234s345s99s", flowers=2), "chinese")
    '不能和: 3 番 (平和2番、单钓将1番), 不足 8 番起和; 花牌 2 番不计入起和。'
    """
    hits = [h for h in result.fans if h.id != "flower_tiles"]
    if style == "chinese":
        fans = "、".join(f"{h.name}{h.points}番" for h in hits)
        flowers = f"; 花牌 {result.flowers} 番不计入起和" if result.flowers else "; 花牌不计入起和"
        return f"不能和: {result.fan_total} 番 ({fans}), 不足 {MINIMUM} 番起和{flowers}。"
    fans = ", ".join(f"{h.en} {h.name} {h.points}" for h in hits)
    flowers = f"your {result.flowers} flowers do not count toward it" if result.flowers \
        else "flowers would not count toward it"
    return f"Not a win: {result.fan_total} fans ({fans}), below the {MINIMUM}-fan minimum; {flowers}."


def hints_renderable(view: View, style: TileStyle, *, rows: int = 6, robbed: Tile | None = None,
                     short: ScoreResult | None = None) -> RenderableType:
    """The coach: discard advice on the seat's turn, call advice when it may claim a discard; ``short``
    is a complete hand below the minimum, explained first."""
    wind, round_wind = view.seat_wind, view.round_wind
    parts: list[RenderableType] = []
    if short is not None and short.fan_total < MINIMUM:
        parts.append(Text(refusal_text(short, style), style="yellow"))
    try:
        if view.phase == Phase.TURN and view.current == view.seat and view.legal:
            coached = coach_discards(advice_hand(view), visible_tiles(view), seat_wind=wind,
                                     round_wind=round_wind)
            parts.append(_coach_table(coached, style, rows))
            if any(a.kind == ActionKind.WIN for a in view.legal):
                parts.insert(0, Text(tr(style, "You may declare a win now (h).", "现在可以和牌 (h)。"),
                                     style="bold green"))
            return Group(*parts)
        if view.phase == Phase.CLAIM and view.legal and view.last_discard is not None:
            giver, tile = view.last_discard
            calls = call_advice(advice_hand(view), tile, from_seat=RelativeSeat.between(view.seat, giver),
                                visible=visible_tiles(view, leave_out_claimed=True), seat_wind=wind,
                                round_wind=round_wind)
            head = Text(tr(style, "Claim ", "要 "))
            head.append_text(tile_text(tile, style))
            head.append(tr(style, f" from {place(giver, view.seat, style)}?",
                           f" ({place(giver, view.seat, style)})?"))
            parts += [head, _call_table(calls, style)]
            return Group(*parts)
        if view.phase == Phase.ROB and view.legal:
            text = Text(tr(style, "Robbing the kong 抢杠和: you may rob the added kong",
                           "抢杠和: 可以抢别人加杠的"))
            if robbed is not None:
                text.append(" ")
                text.append_text(tile_text(robbed, style))
            text.append(tr(style, " and win (h), or pass (space).", " 和牌 (h), 或过 (空格)。"))
            parts.append(text)
            return Group(*parts)
    except InvalidHandError as err:  # pragma: no cover - the table never shows more than four copies
        return Text(f"No advice: {err}", style="red")
    return Text(tr(style, "Hints appear when it is your turn or you may claim a discard.",
                   "轮到你或可以吃碰杠和时显示提示。"), style="dim")


# -- the end of a hand and of the match --------------------------------------------------------------

def _fan_table(result: ScoreResult, hand: Hand, style: TileStyle) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=False, padding=(0, 1), pad_edge=False)
    table.add_column(tr(style, "Fan", "番种"))
    table.add_column(tr(style, "Value", "番"), justify="right")
    table.add_column("×", justify="right")
    table.add_column(tr(style, "Points", "计"), justify="right")
    table.add_column(tr(style, "Melds", "牌组"))
    for hit in result.fans:
        table.add_row(tr(style, f"{hit.en} {hit.name}", hit.name), str(hit.value), str(hit.count),
                      str(hit.points), " ".join(hit_melds(hit, hand)))
    return table


def final_hand(game: Game, seat: int, winning: Tile | None = None) -> Hand:
    """``seat``'s hand as the hand ended: its melds (concealed kongs included) and standing tiles, the
    winning tile last when given (still among the standing tiles after a self-draw; beside them after a
    win on a discard, or where play went on and the tile was laid aside)."""
    melds = tuple(game.melds[seat])
    tiles = list(game.standing_tiles(seat))
    if len(tiles) + 3 * len(melds) == 14:
        last = winning if winning is not None and winning in tiles else tiles[-1]
        tiles.remove(last)
        return Hand(melds, tuple(tiles), last)
    return Hand(melds, tuple(tiles), winning)


def _hand_line(hand: Hand, style: TileStyle, winning: Tile | None) -> Text:
    out = Text()
    for m in hand.melds:
        out.append_text(meld_text(m, style))
        out.append(" ")
    out.append_text(tiles_text(hand.tiles, style))
    if winning is None and hand.winning_tile is not None:
        out.append(" ")
        out.append_text(tile_text(hand.winning_tile, style))  # a fourteenth tile that did not win
    if winning is not None:
        out.append(tr(style, "  won on ", "  和 "))
        out.append_text(tile_text(winning, style, highlight=True))
    return out


def score_breakdown(score: Any) -> RenderableType:
    """A score that is not a Chinese Official one, as its own ``explain()`` gives it, else its
    ``to_dict()`` one entry a line.

    >>> class Plain:
    ...     total = 3
    ...     def to_dict(self): return {"total": 3, "fans": ["清一色", "根"]}
    >>> print(score_breakdown(Plain()))
    total: 3
    fans: 清一色, 根
    """
    explain = getattr(score, "explain", None)
    if callable(explain):
        return Text(str(explain()))
    lines = []
    for key, value in score.to_dict().items():
        shown = ", ".join(str(v) for v in value) if isinstance(value, list | tuple) else str(value)
        lines.append(f"{key}: {shown}")
    return Text("\n".join(lines))


def _win_how(win: WinRecord, name: Callable[[int], str], style: TileStyle) -> str:
    if win.giver is None:
        return tr(style, "self-drawn 自摸", "自摸")
    payer = name(win.giver)
    if win.win_by is WinBy.ROBBING_KONG:
        return tr(style, f"robbing {payer}'s kong 抢杠和", f"抢 {payer} 的杠")
    return tr(style, f"on {payer}'s discard 点和", f"{payer} 点和")


def result_renderable(session: PlaySession, finished: FinishedHand, style: TileStyle) -> RenderableType:
    """The end of a hand: each win with its score (the fan table of a Chinese Official score, else the
    score's own breakdown), the payments made during the hand, all four hands as they ended (concealed
    kongs shown), the changes and the new totals; or the exhaustive draw (荒庄)."""
    game, record = finished.game, finished.record
    result = game.result
    assert result is not None
    parts: list[RenderableType] = []
    label = game.rules.hand_label(game, record.number, session.match.hands)
    if label.name:  # the ruleset's own name for the hand says the round too
        title = label.name
    else:
        of = "" if label.of is None else f" of {label.of}"
        of_zh = "" if label.of is None else f"/{label.of}"
        title = tr(style,
                   f"Hand {record.number}{of} · {record.round_wind.en.split()[0]} round",
                   f"第 {record.number}{of_zh} 局 · {record.round_wind.zh}风圈")
    parts.append(Text(title, style="bold"))
    abort = next((e for e in game.events if e.kind == "abort"), None)
    if result.exhausted:
        settled = tr(style, "settled as below", "结算见下") if any(result.deltas) \
            else tr(style, "no points change", "不计分")
        if abort is not None:  # riichi's 途中流局: the hand ended before the wall ran out
            reason = getattr(abort, "reason", "")
            parts.append(Text(tr(style, f"Abortive draw 途中流局 ({reason}): no one won; {settled}.",
                                 f"途中流局 ({reason}): 无人和牌; {settled}。"), style="bold yellow"))
        else:
            parts.append(Text(tr(style, f"Exhaustive draw 荒庄: the wall ran out, no one won; {settled}.",
                                 f"荒庄: 牌墙摸完, 无人和牌; {settled}。"), style="bold yellow"))

    def name(seat: int) -> str:
        return session.player_name(finished.players_by_seat[seat])

    for win in result.wins:
        score = win.score
        how = _win_how(win, name, style)
        if isinstance(score, ScoreResult):
            parts.append(Text(tr(style, f"{name(win.seat)} won, {how}: {score.total} fans "
                                        f"(fans {score.fan_total} + flowers {score.flowers})",
                                 f"{name(win.seat)} 和牌, {how}: {score.total} 番 (番 {score.fan_total} + 花 "
                                 f"{score.flowers})"), style="bold green"))
            won_on = finished.winning_tile(win.seat)
            hand = final_hand(game, win.seat, None if won_on is None else Tile(won_on))
            parts.append(_fan_table(score, hand, style))
        else:
            on = tile_label(win.tile, style)
            headline = win_headline(game.rules, score)
            parts.append(Text(tr(style, f"{name(win.seat)} won on {on}, {how}: {headline}",
                                 f"{name(win.seat)} 和 {on}, {how}: {headline}"), style="bold green"))
            parts.append(score_breakdown(score))
    names = [name(s) for s in range(4)]
    payments = [line for e in game.events if isinstance(e, Payment | FalseWinPenalty)
                if (line := event_line(e, names, style)) is not None]
    if payments:
        parts.append(Text(tr(style, "Payments during the hand", "本局付款"), style="bold italic"))
        parts.extend(Text("• " + line) for line in payments)
    hands = Table(box=box.SIMPLE_HEAD, title=tr(style, "Hands as they ended", "四家手牌"),
                  title_justify="left", padding=(0, 1),
                  pad_edge=False, show_header=False)
    hands.add_column()
    hands.add_column()
    for seat in range(4):
        last = finished.winning_tile(seat)
        tile = None if last is None else Tile(last)
        who = Text(f"{_wind_label(game.seat_wind(seat), style)} {name(seat)}")
        hands.add_row(who, _hand_line(final_hand(game, seat, tile), style, tile))
    parts.append(hands)
    pay = Table(box=box.SIMPLE_HEAD, title=tr(style, "Payments and totals", "本局得分与总分"),
                title_justify="left", padding=(0, 1),
                pad_edge=False)
    pay.add_column(tr(style, "Player", "玩家"))
    pay.add_column(tr(style, "This hand", "本局"), justify="right")
    pay.add_column(tr(style, "Total", "总分"), justify="right")
    for seat in range(4):
        player = finished.players_by_seat[seat]
        pay.add_row(f"{_wind_label(game.seat_wind(seat), style)} {name(seat)}",
                    f"{record.deltas[player]:+d}",
                    points_label(finished.totals[player], game.rules))
    parts.append(pay)
    return Group(*parts)


def standings_table(session: PlaySession, style: TileStyle) -> Table:
    """The players by total so far, with their standard scores (4/2/1/0, ties sharing), or the ruleset's own
    standings (riichi: final points with uma and oka)."""
    match = session.match
    standings = match.standings()
    own = type(match.rules).standings is not Ruleset.standings
    order = sorted(range(4), key=lambda p: (-standings[p], -match.totals[p], p))
    table = Table(box=box.SIMPLE_HEAD, title=tr(style, f"Standings after {len(match.history)} hands",
                           f"{len(match.history)} 局后排名"), title_justify="left", padding=(0,
                                                                                         1), pad_edge=False)
    table.add_column(tr(style, "Rank", "名次"), justify="right")
    table.add_column(tr(style, "Player", "玩家"))
    table.add_column(tr(style, "Points", "点数") if own else tr(style, "Total", "总分"), justify="right")
    table.add_column(tr(style, "Final points (uma, oka)", "终局得点 (顺位马, 奖励)") if own
                     else tr(style, "Standard score", "标准分"), justify="right")
    for rank, player in enumerate(order, start=1):
        table.add_row(str(rank), session.player_name(player), points_label(match.totals[player], match.rules),
                      f"{standings[player]:+g}" if own else f"{standings[player]:g}")
    return table


def record_note(session: PlaySession, style: TileStyle) -> Text:
    """Where the match's record is saved, or why it is not."""
    path = session.save()
    if session.save_error is not None:
        return Text(tr(style, f"Record NOT saved: {session.save_error}", f"记录未保存: {session.save_error}"),
                    style="bold red")
    if path is not None:
        hands = session.saved_hands
        return Text(tr(style, f"Record of {hands} hands saved: {path}", f"已保存 {hands} 局的记录: {path}"),
                    style="green")
    if session.record_path is None:
        return Text(tr(style, "Recording is off (--no-record).", "未记录 (--no-record)。"), style="dim")
    return Text(tr(style, "No hand was finished, so there is no record to save.",
                   "没有打完的局, 无记录可存。"),
                style="dim")


def final_renderable(session: PlaySession, style: TileStyle = "notation") -> RenderableType:
    """The end of the match: totals, standard scores (4/2/1/0), a line per hand, and the record."""
    match = session.match
    hands = Table(box=box.SIMPLE_HEAD, title=tr(style, "Hands", "各局"), title_justify="left", padding=(0, 1),
                  pad_edge=False)
    hands.add_column(tr(style, "Hand", "局"), justify="right")
    hands.add_column(tr(style, "Round", "圈"))
    hands.add_column(tr(style, "Result", "结果"))
    hands.add_column(tr(style, "You", "你"), justify="right")
    for record in match.history:
        result = record.result
        if result.exhausted:
            what = tr(style, "draw 荒庄", "荒庄")
        else:
            winners = [session.player_name(record.positions.index(s)) for s in result.winners]
            if all(isinstance(r, ScoreResult) for r in result.scores):
                fans = "/".join(str(r.total) for r in result.scores)
                scored = f"{fans} {tr(style, 'fans', '番')}"
            else:
                scored = " / ".join(win_headline(match.rules, r) for r in result.scores)
            what = f"{', '.join(winners)} {scored}" + \
                (tr(style, " self-drawn", " 自摸") if result.self_drawn else "")
        hands.add_row(str(record.number), record.round_wind.zh, what, f"{record.deltas[session.human]:+d}")
    return Group(Text(tr(style, "Match over", "比赛结束"), style="bold"), standings_table(session, style),
                 hands,
                 record_note(session, style))

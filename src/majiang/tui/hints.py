"""The coach's hints on the play screen: tiles in sight, discards and calls ranked, the short-win notice.

Under the rulesets whose wins follow Chinese Official fans (``Ruleset.advisor``) the coach is the 8-fan
aware one (``majiang.tui.coach``); under any other, the discards as ``majiang.game.advice`` ranks them
by that ruleset's own forms and scale (the web coach's and ``majiang analyze --rules R``'s), and the
coaching bot's move (``judge``) at every decision."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from majiang.analysis.efficiency import CallKind, CallOption, LiveTile, Wait
from majiang.analysis.shanten import RULED_OUT
from majiang.bots import BOT_WORDS
from majiang.bots.judgement import Judgement, judge
from majiang.errors import InvalidHandError
from majiang.game import ActionKind, Phase, View
from majiang.game.advice import RulesetDiscard, RulesetWait, ruleset_advice
from majiang.hand import Hand
from majiang.mcr import MINIMUM, ScoreResult, call_advice
from majiang.seats import RelativeSeat
from majiang.tiles import Tile
from majiang.tui.coach import FORM_NAMES, CoachRow, coach_discards
from majiang.tui.text import TileStyle, action_what, hand_tiles, meld_text, place, tile_text, tr

__all__ = ["advice_hand", "hints_renderable", "refusal_text", "visible_tiles"]


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


Column = tuple[str, str, dict[str, Any]]
"""A coach table's column: its English and Chinese headers, and ``Table.add_column``'s options."""


def _discard_table(style: TileStyle, title: tuple[str, str], columns: Sequence[Column]) -> Table:
    """The frame both coach tables share: a left-aligned title, then ``columns``."""
    table = Table(title=tr(style, *title), title_justify="left", expand=True, box=box.SIMPLE_HEAD,
                  padding=(0, 1), pad_edge=False, show_edge=False)
    for en, zh, options in columns:
        table.add_column(tr(style, en, zh), **options)
    return table


def _more_caption(table: Table, shown: int, total: int, style: TileStyle) -> Table:
    """Say how many discards the table leaves out."""
    if total > shown:
        more = total - shown
        table.caption = tr(style, f"… and {more} more discards", f"… 另有 {more} 种打法")
        table.caption_justify = "left"
    return table


_RIGHT: dict[str, Any] = {"justify": "right"}


def _coach_table(rows: Sequence[CoachRow], style: TileStyle, limit: int,
                 deal_in: Mapping[int, float] | None = None) -> Table:
    risk_column: list[Column] = [] if deal_in is None else [("Risk", "放铳", _RIGHT)]
    title = ("Best chance of a legal (8-fan) win first · Win: live tiles winning legally",
             "按合法(8番起和)和牌机会排序 · 可和: 能合法和牌的剩余张数")
    table = _discard_table(style, title, [
        ("Out", "打", {"no_wrap": True}), ("Aims at", "目标", {"no_wrap": True, "max_width": 16}),
        ("Sh", "向听", _RIGHT), ("Win", "可和", _RIGHT), ("Live", "进张", _RIGHT), *risk_column,
        ("Waits fans×live (discard/self-drawn), or effective tiles", "听牌 番×剩余(点和/自摸), 或有效牌",
         {"ratio": 1})])
    for row in rows[:limit]:
        o = row.option
        legal = "" if o.legal_live is None else str(o.legal_live)
        detail = _waits_text(o.waits, style) if o.shanten == 0 else _live_text(o.effective, style)
        win_style = "green" if o.legal_live else "red" if o.legal_live == 0 else ""
        risk = [] if deal_in is None else [_risk_text(deal_in.get(int(o.discard)))]
        table.add_row(tile_text(o.discard, style), _aim_text(row, style), str(o.shanten),
                      Text(legal, style=win_style), str(o.live), *risk, detail)
    return _more_caption(table, limit, len(rows), style)


def _worth_text(waits: Sequence[RulesetWait], style: TileStyle) -> Text:
    """Each wait with the win's worth on the ruleset's scale (on a discard / self-drawn; — where that way
    is no valid win) and its live copies; a wait with no valid win or no copy left is struck."""
    out = Text()
    for i, w in enumerate(waits):
        if i:
            out.append(" ")
        legal = w.legal and w.live > 0
        out.append_text(tile_text(w.tile, style))
        worth = "/".join("—" if p is None else str(p) for p in (w.points_discard, w.points_self_drawn))
        out.append(f" {worth}×{w.live}", style="green" if legal else "red strike")
    return out


def _ruleset_table(rows: Sequence[RulesetDiscard], style: TileStyle, limit: int,
                   deal_in: Mapping[int, float]) -> Table:
    """``ruleset_advice``'s discards: nearest a valid win first, tiles that can have no place in a win
    (a void suit's) marked, as they must go first."""
    table = _discard_table(style, ("Nearest a valid win first · Win: live tiles that win validly",
                                   "按离合法和牌远近排序 · 可和: 能合法和牌的剩余张数"), [
        ("Out", "打", {"no_wrap": True}), ("Sh", "向听", _RIGHT), ("Win", "可和", _RIGHT),
        ("Live", "进张", _RIGHT), ("Risk", "放铳", _RIGHT),
        ("Waits worth×live (discard/self-drawn), or effective tiles", "听牌 得分×剩余(点和/自摸), 或有效牌",
         {"ratio": 1})])
    for o in rows[:limit]:
        out = tile_text(o.discard, style)
        if o.dead:
            out.append(tr(style, " dead", " 缺"), style="magenta")
        legal = "" if o.legal_live is None else str(o.legal_live)
        win_style = "green" if o.legal_live else "red" if o.legal_live == 0 else ""
        detail = _worth_text(o.waits, style) if o.shanten == 0 else _live_text(o.effective, style)
        table.add_row(out, "—" if o.shanten >= RULED_OUT else str(o.shanten), Text(legal, style=win_style),
                      str(o.live), _risk_text(deal_in.get(int(o.discard))), detail)
    return _more_caption(table, limit, len(rows), style)


def _risk_text(chance: float | None) -> Text:
    """A discard's chance of dealing in, as the coaching bot reads the table (red from one in ten)."""
    if chance is None:
        return Text("")
    colour = "red" if chance >= 0.1 else "yellow" if chance >= 0.04 else "dim"
    return Text(f"{100 * chance:.0f}%", style=colour)


def _bot_line(judgement: Judgement, style: TileStyle) -> Text:
    """The coaching bot's move here, and the opponents it fears (a threat of one in three or more)."""
    zh, en = BOT_WORDS[judgement.bot][:2] if judgement.bot in BOT_WORDS else (judgement.bot, judgement.bot)
    out = Text(tr(style, f"The {en} bot would: ", f"{zh}机器人会: "), style="bold")
    if judgement.pick is not None:
        out.append(action_what(judgement.pick, style), style="bold cyan")
    feared = [f"{100 * t:.0f}%" for t in judgement.threat if t >= 1 / 3]
    if feared:
        out.append(tr(style, f" · a seat looks ready ({', '.join(feared)})",
                      f" · 有人可能听牌 ({', '.join(feared)})"), style="yellow")
    return out


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
    rules = view.rules
    fans = rules is None or rules.advisor() is not None
    parts: list[RenderableType] = []
    if short is not None and short.fan_total < MINIMUM:
        parts.append(Text(refusal_text(short, style), style="yellow"))
    try:
        if view.phase == Phase.TURN and view.current == view.seat and view.legal:
            judgement = judge(view)
            if rules is None or fans:
                coached = coach_discards(advice_hand(view), visible_tiles(view), seat_wind=wind,
                                         round_wind=round_wind)
                parts.append(_coach_table(coached, style, rows, judgement.deal_in))
            else:
                advised = ruleset_advice(rules, advice_hand(view), visible_tiles(view),
                                         rules.seat_context(view))
                parts.append(_ruleset_table(advised, style, rows, judgement.deal_in))
            parts.append(_bot_line(judgement, style))
            if any(a.kind == ActionKind.WIN for a in view.legal):
                parts.insert(0, Text(tr(style, "You may declare a win now (h).", "现在可以和牌 (h)。"),
                                     style="bold green"))
            return Group(*parts)
        if view.phase == Phase.CLAIM and view.legal and view.last_discard is not None:
            giver, tile = view.last_discard
            head = Text(tr(style, "Claim ", "要 "))
            head.append_text(tile_text(tile, style))
            head.append(tr(style, f" from {place(giver, view.seat, style)}?",
                           f" ({place(giver, view.seat, style)})?"))
            parts.append(head)
            if fans:  # the call table weighs claims by Chinese Official fans; elsewhere the bot's move
                calls = call_advice(advice_hand(view), tile, from_seat=RelativeSeat.between(view.seat, giver),
                                    visible=visible_tiles(view, leave_out_claimed=True), seat_wind=wind,
                                    round_wind=round_wind)
                parts.append(_call_table(calls, style))
            parts.append(_bot_line(judge(view), style))
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

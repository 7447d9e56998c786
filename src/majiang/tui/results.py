"""The end of a hand and of the match on the play screen: fans, hands, payments, totals and standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from majiang.game import Game
from majiang.game.events import FalseWinPenalty, Payment
from majiang.game.ruleset import Ruleset
from majiang.game.table import WinRecord
from majiang.hand import Hand, WinBy
from majiang.mcr import ScoreResult
from majiang.rules.mcr.result import hit_melds
from majiang.tiles import Tile
from majiang.tui.session import FinishedHand, PlaySession
from majiang.tui.text import (
    TileStyle,
    _wind_label,
    event_line,
    meld_text,
    points_label,
    tile_label,
    tile_text,
    tiles_text,
    tr,
    win_headline,
)

__all__ = ["final_hand", "final_renderable", "record_note", "result_renderable", "score_breakdown",
           "standings_table"]


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
    label = game.rules.describer().hand_label(game, record.number, session.match.length)
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

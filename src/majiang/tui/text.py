"""Words for the play screen: tiles, melds, seats and actions in English or Chinese, as text or Rich ``Text``.

The tile style ``notation`` goes with English, ``chinese`` with Chinese (``tr``).

>>> tile_label(Tile.M5, "notation"), tile_label(Tile.M5, "chinese"), tile_label(Tile.RED, "chinese")
('5m', '五万', '中')
>>> meld_label(Meld.parse("[345p,2]"), "notation"), meld_label(Meld.kong(Tile.EAST), "notation")
('[345p,2]', '[EEEE]')
>>> meld_label(Meld.parse("[555p,3]"), "chinese")
'[五饼 五饼 五饼]下'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from rich.text import Text

from majiang.game import Action, ActionKind, View
from majiang.game.events import Event, FalseWinPenalty, Payment, Win
from majiang.game.ruleset import Ruleset
from majiang.meld import Meld, MeldKind
from majiang.seats import RelativeSeat
from majiang.tiles import Tile

__all__ = ["FACE_DOWN", "HIGHLIGHT", "TILE_STYLES", "TileStyle", "action_what", "action_word",
           "describe_action", "event_line", "hand_tiles", "meld_label", "meld_text", "place", "points_label",
           "suit_label", "tile_colour", "tile_label", "tile_text", "tiles_text", "tr", "win_headline"]

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
    """A score in a few words (``Describer.score_headline``): ``N fans``, or riichi's ``3 han 40 fu, 5200
    points``."""
    return rules.describer().score_headline(score)


def hand_tiles(view: View) -> list[Tile]:
    """The standing tiles in display order: sorted, then the drawn tile last (set apart on screen)."""
    tiles = list(view.standing)
    if view.drawn is not None:
        tiles.remove(view.drawn)
        tiles.append(view.drawn)
    return tiles


_ACTION_ZH = {ActionKind.DISCARD: "打", ActionKind.CHOW: "吃", ActionKind.PUNG: "碰", ActionKind.KONG: "明杠",
              ActionKind.CONCEALED_KONG: "暗杠", ActionKind.ADDED_KONG: "加杠", ActionKind.WIN: "和",
              ActionKind.PASS: "过", ActionKind.VOID: "定缺", ActionKind.EXCHANGE: "换三张"}
_SUIT_NAMES = (("m", "万"), ("p", "饼"), ("s", "条"))
_RED_NAMING = (ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.CHOW, ActionKind.PUNG)
"""Kinds of action that may name a red five (``tiles`` holding it: riichi's ``red_choice``)."""


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
    if action.tiles and action.kind in _RED_NAMING and action.tile is not None:
        # riichi's red five named: ``discard 0m``, ``pung 0m``, ``chow 406m`` (赤五万: the red 5m)
        return tr(style, action.notation(), f"{what} 赤{action.tiles[0].zh}")
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

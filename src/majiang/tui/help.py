"""The in-game help (``?``): the keys, the notation and, under rules scored by Chinese Official fans, the
81 fans with their definitions.

>>> from rich.console import Console
>>> console = Console(width=100, color_system=None)
>>> with console.capture() as out:
...     console.print(help_renderable("notation"))
>>> "Pure Straight" in out.get() and "清龙" in out.get() and "[555p,2]" in out.get()
True
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from majiang.game.ruleset import Ruleset
from majiang.mcr import MINIMUM
from majiang.rules.mcr.definitions import definition
from majiang.rules.mcr.fans import FANS
from majiang.tui.render import TileStyle, tr

__all__ = ["KEYS", "help_renderable"]

KEYS: tuple[tuple[str, str, str], ...] = (
    ("← →, 1-9, 0", "select a tile (0 is the tenth); with a choice open, pick it",
     "选牌; 有多个选择时选第几个"),
    ("Enter, click", "discard the selected (or clicked) tile", "打出选中(或点击)的牌"),
    ("c", "chow 吃 the discard of the player on your left", "吃上家的牌"),
    ("p", "pung 碰 the discard", "碰"),
    ("k", "kong 杠: on a discard, or on your turn a concealed or added kong", "杠: 明杠、暗杠或加杠"),
    ("h", "win 和: self-drawn, on a discard, or robbing a kong", "和牌: 自摸、点和或抢杠"),
    ("space", "pass 过 on a discard you could claim", "过"),
    ("m p s", "before play, when asked: declare that suit void 定缺", "开局时: 定缺 万/饼/条"),
    ("1-9, 0, click, space; Enter", "before play, when asked: pick the tiles to exchange 换三张, then pass "
     "them on", "开局时: 选要换出的牌 (换三张), 再按 Enter"),
    ("Escape", "close a choice or a panel", "取消选择或关闭面板"),
    ("a", "show or hide the coach's hints", "显示或隐藏提示"),
    ("l", "the message log of the match (scrollable)", "本场全部消息(可滚动)"),
    ("?, F1", "this help", "帮助"),
    ("t", "English and tiles in notation (5m), or Chinese (五万)", "英文与记号(5m), 或中文(五万)"),
    ("q", "quit: asks first, shows the standings, saves the record", "退出: 先确认, 显示排名, 保存记录"),
)
"""Each key with what it does, in English and Chinese."""

_NOTATION = (
    ("Suit tiles: digits then the suit: 123m characters 万, 456p dots 饼, 789s bamboo 条.",
     "数牌: 数字加花色: 123m 万, 456p 饼, 789s 条。"),
    ("Honors: E S W N winds 东南西北, C red 中, F green 发, P white 白 (also 1z-7z).",
     "字牌: E S W N 东南西北, C 中, F 发, P 白 (也可写 1z-7z)。"),
    ("Melds in brackets: chow [123m] (or [123m,2]: the 2 was claimed), pung [555p,2] (from across;"
     " 1 left, 3 right), concealed kong [7777s], melded kong [7777s,1], added kong [7777s,5] (5-7).",
     "副露写在方括号里: 吃 [123m] ([123m,2] 表示吃的是 2), 碰 [555p,2] (对家; 1 上家, 3 下家),"
     " 暗杠 [7777s], 明杠 [7777s,1], 加杠 [7777s,5] (5-7)。"),
    ("In Chinese the source of a pung or kong follows it: 上 left, 对 across, 下 right; 暗 concealed.",
     "中文显示时碰杠后标来源: 上 上家, 对 对家, 下 下家; 暗 暗杠。"),
)


def help_renderable(style: TileStyle, rules: Ruleset | None = None) -> RenderableType:
    """The help text in the language of ``style``; the fans only when ``rules`` (Chinese Official if
    None) scores by Chinese Official fans (``Ruleset.advisor``)."""
    keys = Table(box=box.SIMPLE_HEAD, title=tr(style, "Keys", "按键"), title_justify="left",
                 show_header=False, padding=(0, 1),
                 pad_edge=False)
    keys.add_column(no_wrap=True, style="bold")
    keys.add_column()
    for key, en, zh in KEYS:
        keys.add_row(key, tr(style, en, zh))
    notation = Group(Text(tr(style, "Notation", "记号"), style="bold italic"),
                     *(Text("• " + tr(style, en, zh)) for en, zh in _NOTATION))
    if rules is not None and rules.advisor() is None:
        scoring = Text(tr(style, f"Scoring: the {rules.name} rules; the end of each hand explains each win's "
                                 "score and every payment.",
                          f"计分: {rules.name} 规则; 每局结束时逐项说明和牌得分与付款。"))
        return Group(keys, Text(""), notation, Text(""), scoring)
    rule = Text(tr(style,
                   f"A win needs at least {MINIMUM} fans, flowers not counted. Each fan below says what it "
                          "asks of the hand; the fans it implies (不计) are not counted with it.",
                   f"和牌至少 {MINIMUM} 番, 花牌不计。下列各番种说明其牌型要求; "
                   "被包含的番种不重复计算(不计)。"))
    fans = Table(box=box.SIMPLE_HEAD, title=tr(style, "The 81 fans, and 明暗杠 of the MIL rulings",
                                               "81 个番种, 及 MIL 补充的明暗杠"),
                 title_justify="left",
                 padding=(0, 1), pad_edge=False)
    fans.add_column(tr(style, "Fan", "番种"), no_wrap=True)
    fans.add_column(tr(style, "Value", "番"), justify="right")
    fans.add_column(tr(style, "What it is", "说明"), ratio=1)
    for fan in FANS.values():
        d = definition(fan.id)
        name = f"{fan.zh} {fan.en}" if style == "notation" else fan.zh
        fans.add_row(name, str(fan.value), tr(style, d.en, d.zh))
    return Group(keys, Text(""), notation, Text(""), rule, fans)

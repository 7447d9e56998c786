"""The options of Changchun scoring: frozen, checked when made; each default is seed 001's reading
(docs/decisions.md gives the seed's words for each)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from majiang.game.options import ScoringOptions
from majiang.rules.bounds import Bounds

__all__ = ["CHOICES", "OPTION_BOUNDS", "OptionFields", "Options"]

CHOICES: dict[str, tuple[str, ...]] = {
    "points": ("add", "double"),
    "pair_treasure": ("stack", "once"),
    "dragon_exemption": ("any", "kong"),
    "edge": ("both", "shape", "single"),
    "robbing": ("discard", "self-drawn"),
    "big_egg": ("listed", "with-1m", "off"),
    "kong_payers": ("all", "discarder"),
}
"""The string options and their values, the default first."""

OPTION_BOUNDS: dict[str, Bounds] = {"stake": (1, 1000, None)}
"""The integer options' ranges: the stake (底注) is at least 1; 1000 keeps out the absurd."""



@dataclass(frozen=True)
class OptionFields:
    """Changchun's options, declared once: the fields (and defaults) of ``Options`` and of the ruleset
    (``ChangchunRules``), which both take them from here."""

    __slots__ = ()

    points: str = "add"
    """How 番 become points: ``add`` (a win's points are its 番 times the stake) or ``double`` (the stake
    doubled for each 番 past the first)."""
    stake: int = 1
    """底注: the unit of a win's points and of kong money."""
    treasure_self_drawn: bool = True
    """A win with the drawn 宝牌 also counts 自摸 (+1)."""
    pair_treasure: str = "stack"
    """对宝 ("算胡自摸、宝牌,加2番"): ``stack`` counts 自摸, 宝牌 +2 and 对宝 +2; ``once`` 自摸 and
    对宝 +2."""
    dragon_exemption: str = "any"
    """"当手牌有中发白…可免叉": ``any`` dragon held frees a hand from the pung, or only a ``kong``
    (a 喜杠 or any other kong)."""
    special_tiles_count: bool = True
    """The special kongs' tiles count for 三色全 and for the 1/9 (or honor) rule."""
    special_closed: bool = True
    """Special kongs (laid from one's own dealt tiles) keep a hand closed for 立胡."""
    edge: str = "both"
    """夹胡 "同独听": ``both`` (an edge, closed or single wait, and the only tile that wins), ``shape``
    (the tile's place alone) or ``single`` (the only tile that wins, whatever its place)."""
    robbing: str = "discard"
    """A win robbing an addition (抢胡): paid by the konger alone as a discard (放炮 +1), or as
    ``self-drawn`` (自摸 +1, all three pay)."""
    big_egg: str = "listed"
    """大蛋, a kong of four alike of the seed's garbled list, paid 2× exposed and 4× concealed:
    ``listed`` (1s, 1p, 中, 发, 白 as the seed lists them), ``with-1m`` (1m too) or ``off``."""
    kong_payers: str = "all"
    """Who pays kong money: ``all`` (each other seat pays each kong), or ``discarder`` (a kong on a
    discard is paid by its discarder alone, for all three)."""


@dataclass(frozen=True, slots=True)
class Options(OptionFields, ScoringOptions):
    """How a Changchun hand is scored and paid; docs/changchun.md gives each option's source.

    >>> Options(points="double").points
    'double'
    >>> Options(points="sum")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: points must be one of 'add', 'double', not 'sum'
    """

    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = CHOICES
    option_bounds: ClassVar[Mapping[str, Bounds]] = OPTION_BOUNDS

"""The options of Changsha scoring: frozen, checked when made; each default is seed 004's reading."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from majiang.game.options import ScoringOptions
from majiang.rules.bounds import Bounds

__all__ = ["CHOICES", "OPTION_BOUNDS", "OptionFields", "Options"]

CHOICES: dict[str, tuple[str, ...]] = {
    "big_wins": ("add", "highest"),
    "bird_mode": ("add", "double"),
    "all_258": ("any", "complete"),
    "opening_count": ("each", "once"),
}
"""The string options and their values, the default first."""

OPTION_BOUNDS: dict[str, Bounds] = {"birds": (0, 6, None)}
"""The integer options' ranges: 0 draws no bird; six is the most the common tables draw."""



@dataclass(frozen=True)
class OptionFields:
    """Changsha's options, declared once: the fields (and defaults) of ``Options`` and of the ruleset
    (``ChangshaRules``), which both take them from here."""

    __slots__ = ()

    big_wins: str = "add"
    """``add``: each big win the hand makes is paid once more; ``highest``: a big hand is paid once."""
    six_six: bool = False
    """六六顺 (two triplets dealt) is an opening win; seed 004 does not list it."""
    birds: int = 1
    """扎鸟: how many birds are drawn after a win, 0-6."""
    bird_mode: str = "add"
    """What each bird that hits does: ``add`` pays the amount once more, ``double`` doubles it again."""
    dealer_more: bool = True
    """庄家比闲家多算一分: the dealer's figures when the dealer wins or pays; else everyone's are the same."""
    all_258: str = "any"
    """将将胡: ``any`` fourteen tiles of 2, 5 and 8, or only a ``complete`` hand (sets and a pair)."""
    events_need_258: bool = True
    """海底, 杠上开花, 抢杠胡 need a 2/5/8 pair even when the hand is another big win (乱将)."""
    pairs_with_four: bool = True
    """七巧对 may hold four alike, counted as two pairs."""
    opening_count: str = "each"
    """A deal showing several opening wins: ``each`` is paid, or the seat is paid ``once``."""


@dataclass(frozen=True, slots=True)
class Options(OptionFields, ScoringOptions):
    """How a Changsha hand is scored and paid; docs/changsha.md gives each option's source.

    >>> Options(birds=2).birds
    2
    >>> Options(big_wins="sum")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: big_wins must be one of 'add', 'highest', not 'sum'
    """

    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = CHOICES
    option_bounds: ClassVar[Mapping[str, Bounds]] = OPTION_BOUNDS

"""The options of Changsha scoring: frozen, checked when made; each default is seed 004's reading."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from majiang.errors import InvalidOptionError
from majiang.rules.bounds import Bounds, check_bound

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

_FLAGS = ("six_six", "dealer_more", "events_need_258", "pairs_with_four")


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
class Options(OptionFields):
    """How a Changsha hand is scored and paid; docs/changsha.md gives each option's source.

    >>> Options(birds=2).birds
    2
    >>> Options(big_wins="sum")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: big_wins must be one of 'add', 'highest', not 'sum'
    """

    def __post_init__(self) -> None:
        for name, values in CHOICES.items():
            value = getattr(self, name)
            if value not in values:
                raise InvalidOptionError(f"{name} must be one of {', '.join(map(repr, values))}, "
                                         f"not {value!r}")
        for name, bounds in OPTION_BOUNDS.items():
            check_bound(name, getattr(self, name), bounds)
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionError(f"{name} must be True or False, not {getattr(self, name)!r}")

    def replace(self, **changes: Any) -> Options:
        """A copy with some fields changed; an unknown field raises ``InvalidOptionError``."""
        names = [f.name for f in dataclasses.fields(self)]
        unknown = sorted(set(changes) - set(names))
        if unknown:
            raise InvalidOptionError(f"no option {unknown[0]!r}; options are {', '.join(names)}")
        return dataclasses.replace(self, **changes)

    def parse(self, text: str) -> Options:
        """A copy with one ``key=value`` option read from text (the CLI's ``--option``).

        >>> o = Options().parse("big-wins=highest").parse("birds=2")
        >>> o.big_wins, o.birds
        ('highest', 2)
        """
        names = [f.name for f in dataclasses.fields(self)]
        key, sep, raw = text.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in names:
            raise InvalidOptionError(f"an option is key=value with key one of {', '.join(names)}, "
                                     f"not {text!r}")
        value: object = raw
        if key in _FLAGS:
            if raw.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise InvalidOptionError(f"{key} must be true or false, not {raw!r}")
            value = raw.lower() in ("true", "yes", "1")
        elif key in OPTION_BOUNDS:
            # ASCII digits only: int() would also read " 3", "+3" and other scripts' digits.
            value = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 3 else raw
        return self.replace(**{key: value})

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return dataclasses.asdict(self)

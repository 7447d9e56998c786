"""The options of Yangzhou scoring: frozen, checked when made; each default is seed 001's reading
(docs/yangzhou.md gives every option's source)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from majiang.game.options import ScoringOptions
from majiang.rules.bounds import Bounds

__all__ = ["CHOICES", "OPTION_BOUNDS", "OptionFields", "Options"]

CHOICES: dict[str, tuple[str, ...]] = {
    "discard_payers": ("discarder", "all"),
    "combined": ("replace", "add"),
    "plain_chows": ("any", "claimed"),
    "dragon_kong": ("double", "plus-one"),
    "dragon_pungs": ("plain", "added"),
    "chow_pairs": ("disjoint", "once"),
    "iron_plate": ("seed", "any"),
}
"""The string options and their values, the default first."""

OPTION_BOUNDS: dict[str, Bounds] = {"minimum": (18, 20, 2)}
"""The minimum is 18 or 20 ("18番或20番起胡")."""



@dataclass(frozen=True)
class OptionFields:
    """Yangzhou's options, declared once: the fields (and defaults) of ``Options`` and of the ruleset
    (``YangzhouRules``), which both take them from here."""

    __slots__ = ()

    minimum: int = 18
    """起胡: the fewest fans a win needs, 18 or 20 ("18番或20番起胡")."""
    above_minimum: bool = False
    """必须大于: a win needs more fans than ``minimum``, not only as many."""
    discard_payers: str = "discarder"
    """放炮: the ``discarder`` alone pays two shares, or ``all``: the two others pay a share each too."""
    combined: str = "replace"
    """A combined fan (混对对, 板龙, 双板, 钢板...) ``replace``s the fans it is made of, or ``add``s to
    them."""
    plain_chows: str = "any"
    """平胡 ("只吃牌"): four chows ``any`` way, or at least one ``claimed`` (吃)."""
    lone_wait_both: bool = False
    """独吊 scores 丫子 too (a single wait on the pair is also a wait on one tile)."""
    dragon_kong: str = "double"
    """A kong of 中, 发 or 白 (翻一番): its kong value ``double``d, or ``plus-one``."""
    dragon_pungs: str = "plain"
    """中发白: ``plain`` 1 a dragon pung (a concealed one also 子格), or ``added``: 2 claimed, 3 concealed."""
    other_winds: bool = True
    """其它风一番: a pung of a wind other than the seat's scores 1 (the round wind's 圈风 besides)."""
    chow_pairs: str = "disjoint"
    """齐相, 连副, 老少: each pair of chows that makes one counts, a chow in one pair of each (``disjoint``),
    or each fan ``once`` a hand."""
    iron_plate: str = "seed"
    """铁板: as the ``seed`` says (one claimed and two in hand is no 铁板), or ``any`` three alike chows."""


@dataclass(frozen=True, slots=True)
class Options(OptionFields, ScoringOptions):
    """How a Yangzhou hand is scored and paid.

    >>> Options(minimum=20).minimum
    20
    >>> Options(combined="sum")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: combined must be one of 'replace', 'add', not 'sum'
    """

    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = CHOICES
    option_bounds: ClassVar[Mapping[str, Bounds]] = OPTION_BOUNDS

    @property
    def replaces_parts(self) -> bool:
        """Whether combined fans replace their parts."""
        return self.combined == "replace"

    def wins(self, total: int) -> bool:
        """Whether ``total`` fans reach the minimum (``above_minimum``: pass it).

        >>> Options().wins(18), Options(above_minimum=True).wins(18)
        (True, False)
        """
        return total > self.minimum if self.above_minimum else total >= self.minimum

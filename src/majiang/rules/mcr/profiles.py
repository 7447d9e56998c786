"""Rule profiles: the disputed rulings of Chinese Official scoring as frozen switches.

``mil`` (default) follows the MIL supplementary rulings used by the large online platforms and the
competition calculators; ``wmo2014`` the 2014 WMO rulebook; ``1998`` the original national rules.
docs/profiles.md has the table of switches with the rule text each follows.

>>> import dataclasses
>>> p = dataclasses.replace(PROFILES["mil"], concealed_and_melded_kong=6)
>>> p.concealed_and_melded_kong, PROFILES["mil"].concealed_and_melded_kong
(6, 5)
"""

from __future__ import annotations

from enum import StrEnum

from majiang.errors import InvalidOptionError

TYPE_CHECKING = False  # not typing's: importing typing (and dataclasses) costs more than this module
if TYPE_CHECKING:
    from dataclasses import dataclass, field
else:
    from majiang._values import dataclass, field

__all__ = ["PROFILES", "ConcealedFormsSelfDrawn", "KnittedStraightWait", "Profile", "find_profile"]


class _Switch(StrEnum):
    """A profile switch with named values; a string value parses, an unknown one is refused."""

    @classmethod
    def _missing_(cls, value: object) -> _Switch:
        # The switch's field is the class name in snake case (KnittedStraightWait: knitted_straight_wait).
        name = "".join(f"_{c}" if c.isupper() else c for c in cls.__name__).lstrip("_").lower()
        choices = ", ".join(repr(m.value) for m in cls)
        raise InvalidOptionError(f"{name} must be one of {choices}, not {value!r}")


class ConcealedFormsSelfDrawn(_Switch):
    """What a self-drawn always-concealed form (七对, 十三幺, ...) scores besides its own fan."""

    SELF_DRAWN = "self_drawn"  # 自摸 (1)
    FULLY_CONCEALED = "fully_concealed"  # 不求人 (4)


class KnittedStraightWait(_Switch):
    """Whether wait fans apply when the winning tile is one of a knitted straight's nine tiles."""

    REST = "rest"  # judge the wait of the set and pair beside the knitted straight
    STRICT = "strict"  # no wait fan then


@dataclass(frozen=True, slots=True)
class Profile:
    """One set of answers to the disputed scoring questions."""

    name: str
    concealed_and_melded_kong: int = 5
    """Value of 明暗杠 (one melded and one concealed kong); 0 scores it as 明杠 + 暗杠 (1 + 2)."""
    two_concealed_kongs: int = 6
    """Value of 双暗杠."""
    kongs_as_concealed_pungs_in_three_four_kongs: bool = True
    """Whether concealed kongs still count toward 双暗刻/三暗刻/四暗刻 alongside 三杠 or 四杠."""
    concealed_forms_self_drawn: ConcealedFormsSelfDrawn | str = ConcealedFormsSelfDrawn.SELF_DRAWN
    """Self-drawn 七对, 十三幺, 全不靠, 七星不靠, 四暗刻, 连七对, 九莲宝灯: ``self_drawn`` scores 自摸 (1),
    ``fully_concealed`` scores 不求人 (4)."""
    knitted_straight_wait: KnittedStraightWait | str = KnittedStraightWait.REST
    """Wait fans with 组合龙: ``rest`` judges the wait of the set and pair beside the knitted straight
    (and 单钓将 when the winning tile pairs with a held copy after a meld); ``strict`` gives none when
    the winning tile is one of the knitted straight's nine tiles."""
    all_green_with_half_flush: bool = False
    """Whether 绿一色 also scores 混一色 (and 缺一门)."""
    all_terminals_with_double_pung: bool = False
    """Whether 清幺九 also scores 双同刻 (and 三同刻)."""
    all_terminals_excludes_triple_pung: bool = False
    """Whether 清幺九 also excludes 三同刻 (the 1998 text's 不计同刻)."""
    seven_pairs_with_tile_fans: bool = True
    """Whether 七对 combines with range and tile-class fans (全大, 全中, 全小, 大于五, 小于五, 绿一色,
    字一色, 清幺九, 混幺九)."""
    honor_fans_exclude_voided_suit: bool = False
    """Whether 大三元, 小三元, 三风刻, 一色四同顺, 一色四节高, 一色四步高 exclude 缺一门 (strict 1998)."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Strings (from JSON, the CLI or dataclasses.replace) become the switches' enums.
        object.__setattr__(self, "concealed_forms_self_drawn",
                           ConcealedFormsSelfDrawn(self.concealed_forms_self_drawn))
        object.__setattr__(self, "knitted_straight_wait", KnittedStraightWait(self.knitted_straight_wait))
        # Profiles key the scorer's caches; hashing eleven fields on every call would cost more.
        values = tuple(getattr(self, name) for name in _COMPARED)
        object.__setattr__(self, "_hash", hash(values))

    def __hash__(self) -> int:
        return self._hash


# The fields that ``==`` compares, in order: every field but ``_hash``.
_COMPARED = tuple(name for name in Profile.__annotations__ if name != "_hash")

PROFILES: dict[str, Profile] = {
    "mil": Profile("mil"),
    "wmo2014": Profile(
        "wmo2014",
        concealed_and_melded_kong=6,
        two_concealed_kongs=8,
        concealed_forms_self_drawn=ConcealedFormsSelfDrawn.FULLY_CONCEALED,
        knitted_straight_wait=KnittedStraightWait.STRICT,
        all_terminals_with_double_pung=True,
    ),
    "1998": Profile(
        "1998",
        concealed_and_melded_kong=0,
        kongs_as_concealed_pungs_in_three_four_kongs=False,
        knitted_straight_wait=KnittedStraightWait.STRICT,
        all_terminals_excludes_triple_pung=True,
        seven_pairs_with_tile_fans=False,
        honor_fans_exclude_voided_suit=True,
    ),
}


def find_profile(name: str | Profile) -> Profile:
    """The profile called ``name`` (``mil``, ``wmo2014``, ``1998``), or ``name`` itself if a Profile."""
    if isinstance(name, Profile):
        return name
    if not isinstance(name, str):
        raise InvalidOptionError(f"profile must be a name ({', '.join(PROFILES)}) or a Profile, not {name!r}")
    try:
        return PROFILES[name]
    except KeyError:
        raise InvalidOptionError(f"unknown profile {name!r}; choose one of {', '.join(PROFILES)}") from None

"""The result of scoring a Chinese Official hand."""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: importing typing (and dataclasses) costs more than this module
if TYPE_CHECKING:
    from collections.abc import Callable
    from dataclasses import dataclass
    from typing import Any, NamedTuple

    from majiang.hand import Hand
else:
    from majiang._values import NamedTuple, dataclass

__all__ = ["FanHit", "ScoreResult", "hit_melds"]


class FanHit(NamedTuple):
    """One fan in a result: its names, value, how many times it counts, and what makes it.

    An immutable named tuple (cheap to build: results are made in simulators' hot loops).

    ``melds`` holds the notation of the melds (or tiles) that make the fan, e.g. ``("123m", "123p")``;
    it is empty for fans of the whole hand (清一色, 自摸, ...).
    """

    id: str
    name: str
    en: str
    value: int
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count on purpose: the fan count
    melds: tuple[str, ...] = ()

    @property
    def points(self) -> int:
        """``value * count``."""
        return self.value * self.count

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by ``majiang fan --json``."""
        return {"name": self.name, "en": self.en, "value": self.value, "count": self.count,
                "melds": list(self.melds)}


@dataclass(frozen=True)
class ScoreResult:
    """Fans of a winning hand under one rule profile.

    ``total`` includes flower points; ``meets_minimum`` compares the total without flowers with the
    8-fan minimum.

    ``majiang.mcr.score`` computes the totals on its fast path and builds ``fans`` (the names and the
    melds behind each fan) the first time they are read; the result looks and compares the same either
    way, and ``dataclasses.replace``, ``==``, ``repr`` and pickling read the fans.
    """

    total: int
    fans: tuple[FanHit, ...]
    flowers: int
    meets_minimum: bool
    profile: str
    decomposition: tuple[str, ...] = ()

    @classmethod
    def explained_on_read(cls, total: int, flowers: int, meets_minimum: bool, profile: str,
                          explain: Callable[[], tuple[FanHit, ...]]) -> ScoreResult:
        """A result whose ``fans`` come from ``explain()`` when first read (a picklable callable)."""
        result = object.__new__(cls)
        fields = result.__dict__
        fields["total"] = total
        fields["flowers"] = flowers
        fields["meets_minimum"] = meets_minimum
        fields["profile"] = profile
        fields["decomposition"] = ()
        fields["_explain"] = explain
        return result

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            # Only a lazily explained result lacks ``fans``; build them once, then they are a plain field.
            if name == "fans":
                explain = self.__dict__.get("_explain")
                if explain is not None:
                    fans = explain()
                    object.__setattr__(self, "fans", fans)
                    # Dropped only once the fans are there: another thread reading them meanwhile
                    # builds them too rather than finding neither.
                    self.__dict__.pop("_explain", None)
                    return fans
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def fan_total(self) -> int:
        """The total without flower points (what the 8-fan minimum is checked against)."""
        return self.total - self.flowers

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by ``majiang fan --json``."""
        return {"total": self.total, "fans": [f.to_dict() for f in self.fans], "flowers": self.flowers,
                "meets_minimum": self.meets_minimum}

    def explain(self) -> str:
        """A few lines for people: each fan (flowers too) with its value, then the total and the minimum.

        >>> from majiang.mcr import score
        >>> print(score("[567m,2]123p456s99sCCC", flowers=1).explain())
        箭刻 Dragon Pung: 2
        花牌 Flower Tiles: 1
        total 3 (fans 2 + flowers 1); below the 8-fan minimum (错和, a false win)
        """
        lines = [f"{f.name} {f.en}: {f.value}" + (f" × {f.count} = {f.points}" if f.count > 1 else "")
                 for f in self.fans]
        minimum = "meets the 8-fan minimum" if self.meets_minimum else \
            "below the 8-fan minimum (错和, a false win)"
        lines.append(f"total {self.total} (fans {self.fan_total} + flowers {self.flowers}); {minimum}")
        return "\n".join(lines)


def hit_melds(hit: FanHit, hand: Hand) -> tuple[str, ...]:
    """The melds behind ``hit`` as the hand notation writes them: a declared meld of ``hand`` in brackets
    with its source (``[555p,2]``, ``[7777s]``), a set of standing tiles bare (``123m``).

    >>> from majiang.hand import Hand
    >>> hand = Hand.parse("[123m,2][EEEE,3]123m456p9s9s")
    >>> hit_melds(FanHit("pure_double_chow", "一般高", "Pure Double Chow", 1, 1, ("123m", "123m")), hand)
    ('[123m,2]', '123m')
    """
    declared: dict[str, list[str]] = {}
    for meld in hand.melds:
        text = meld.notation()
        declared.setdefault(text[1:-1].split(",")[0], []).append(text)
    out = []
    for group in hit.melds:
        same = declared.get(group)
        out.append(same.pop(0) if same else group)
    return tuple(out)

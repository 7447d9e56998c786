"""What the Changsha ruleset keeps through a hand (``ChangshaState``) and what every seat sees of it
(``ChangshaPublic``, made by ``ChangshaRules.public_state``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from majiang.rules.changsha.scoring import OpeningWin
from majiang.tiles import Tile

__all__ = ["ChangshaPublic", "ChangshaState"]


@dataclass(slots=True)
class ChangshaState:
    """What the ruleset tracks through a hand."""

    offered: dict[int, tuple[OpeningWin, ...]] = field(default_factory=dict)
    """The opening wins each asked seat's deal shows (起手小胡)."""
    opening: list[tuple[str, ...]] = field(default_factory=lambda: [(), (), (), ()])
    """The opening wins each seat declared (their Chinese names)."""
    shown: list[tuple[Tile, ...]] = field(default_factory=lambda: [(), (), (), ()])
    """The dealt hand each declaring seat showed."""
    announced: tuple[int, int] | None = None
    """(seat, tile) of a 开杠 being made (others may still rob an added one)."""
    bloom: bool = False
    """The current replacement tile came from a 开杠 (a win on it is 杠上开花)."""
    kong_tile: int | None = None
    """The seat that let its 开杠 tile go, while others may win on it (抢杠胡)."""
    passed: list[int] = field(default_factory=list)
    """The seats that let the last tile go (海底漫游)."""
    seabed: int | None = None
    """The seat that took the last tile."""
    birds: tuple[Tile, ...] = ()
    seen: ChangshaPublic | None = None
    """What every seat sees (``public_state``), kept until something in it changes."""

    def copy(self) -> ChangshaState:
        """A copy sharing nothing a hand in play changes (the search's playouts: ``Ruleset.copy_state``);
        its immutable values (tuples, the public view) are shared."""
        return ChangshaState(dict(self.offered), list(self.opening), list(self.shown), self.announced,
                             self.bloom, self.kong_tile, list(self.passed), self.seabed, self.birds,
                             self.seen)


@dataclass(frozen=True, slots=True)
class ChangshaPublic:
    """The ruleset's state as every seat sees it: each seat's declared opening wins and shown hand, the
    seat that announced 开杠 (and its tile), the 海底 taker, and the birds once drawn."""

    opening: tuple[tuple[str, ...], ...]
    shown: tuple[tuple[Tile, ...], ...]
    announced: tuple[int, Tile] | None
    seabed: int | None
    birds: tuple[Tile, ...]

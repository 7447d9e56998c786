"""What Changchun keeps through a hand (the 宝牌, who is ready and has seen it, the tiles let go), what a
seat sees of it, and the wall that holds the 宝牌 apart."""

from __future__ import annotations

from dataclasses import dataclass, field

from majiang.game.wall import Wall
from majiang.tiles import Tile

__all__ = ["ChangchunPublic", "ChangchunState", "ChangchunWall"]


class ChangchunWall(Wall):
    """The wall with the 宝牌 lying apart: its place is skipped by every draw, but the tile stays in the
    wall ("原来的宝牌放回原位": it goes back when the 宝 is rolled again). ``aside`` are such places; they
    count as undrawn, even once a wall's end has passed them."""

    __slots__ = ("aside",)

    def __init__(self, tiles: list[int], dead: int = 0, broken_at: int = 0) -> None:
        super().__init__(tiles, dead, broken_at)
        self.aside: set[int] = set()

    def set_aside(self, place: int) -> None:
        """Keep the tile at ``place`` out of every draw (the 宝牌 rolled)."""
        if not self.front <= place < self.back or place in self.taken:
            raise ValueError(f"place {place!r} is not in the wall")
        self.aside.add(place)
        self.taken.add(place)
        self.hold += 1
        self.special = True

    def put_back(self, place: int) -> bool:
        """Put the tile at ``place`` back among the tiles drawn (the old 宝 when the 宝 is rolled again);
        False if a wall's end has passed its place (it then stays apart, out of reach)."""
        if place not in self.taken:
            return False
        self.taken.discard(place)
        self.hold -= 1
        self.aside.discard(place)
        self.special = bool(self.taken) or self.chosen is not None
        return True

    def undrawn(self) -> list[int]:
        """The places not taken yet, the 宝's among them, front to back."""
        found = Wall.undrawn(self)
        if self.aside:
            found = sorted({*found, *self.aside})
        return found

    def _state(self) -> dict[str, object]:
        return {**Wall._state(self), "aside": set(self.aside)}


@dataclass(frozen=True, slots=True)
class ChangchunPublic:
    """What a seat sees of Changchun's state: who is ready (上听, declared to all), whether a 宝牌 lies
    apart and how often it was rolled, and the 宝牌 itself only for a ready seat that has seen it."""

    ready: tuple[bool, bool, bool, bool]
    rolled: int
    treasure: Tile | None


@dataclass(slots=True)
class ChangchunState:
    """The hand's 宝牌 (its kind and place), the ready seats (上听: their hands locked) and those that have
    seen the 宝, the seats still to look, and the copies of each kind let go."""

    ready: list[bool] = field(default_factory=lambda: [False] * 4)
    looked: list[bool] = field(default_factory=lambda: [False] * 4)
    to_look: list[int] = field(default_factory=list)
    """Seats that declared ready and look at the 宝 before the next draw (the first rolls for it)."""
    treasure: int | None = None
    place: int | None = None
    roller: int | None = None
    """The first ready seat: it rolls for the 宝, and again when three copies are out."""
    rolled: int = 0
    let_go: list[int] = field(default_factory=lambda: [0] * 34)
    """Copies of each kind discarded ("三张宝牌被打出": the 宝 is rolled again)."""
    passed: set[int] = field(default_factory=set)
    """Seats that passed on laying special kongs at the deal."""

    def copy(self) -> ChangchunState:
        """A copy sharing nothing a hand in play changes (the search's playouts: ``Ruleset.copy_state``)."""
        return ChangchunState(self.ready[:], self.looked[:], self.to_look[:], self.treasure, self.place,
                              self.roller, self.rolled, self.let_go[:], set(self.passed))

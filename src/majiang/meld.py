"""Declared melds: chows, pungs and kongs, with who the claimed tile came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from majiang.errors import InvalidHandError
from majiang.tiles import ALL_TILES, Tile

__all__ = ["Meld", "MeldKind"]


class MeldKind(IntEnum):
    """Chow (吃, 顺子), pung (碰, 刻子) or kong (杠)."""

    CHOW = 0
    PUNG = 1
    KONG = 2

    @classmethod
    def _missing_(cls, value: object) -> MeldKind:
        raise InvalidHandError(f"no meld kind {value!r}: 0 chow, 1 pung, 2 kong")


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld.

    ``tile`` is the lowest tile. ``source`` depends on the kind:

    * chow: which of the three tiles (1-3, lowest first) was claimed from the left player;
    * pung, melded or added kong: who the tile was claimed from, 1 left (上家), 2 across (对家),
      3 right (下家);
    * concealed kong (暗杠): 0.

    ``added`` marks a kong made by adding a drawn tile to a claimed pung (加杠).

    >>> Meld.parse("[7777s,6]")
    Meld.parse('[7777s,6]')
    >>> Meld.parse("[345p,2]").claimed_tile
    <Tile.P4: 12>
    """

    kind: MeldKind
    tile: Tile
    source: int = 1
    added: bool = False
    _tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.tile) is not Tile:
            object.__setattr__(self, "tile", Tile(self.tile))
        if not isinstance(self.kind, MeldKind):
            object.__setattr__(self, "kind", MeldKind(self.kind))
        if self.kind == MeldKind.CHOW and (not self.tile.is_numbered or self.tile.rank > 7):
            raise InvalidHandError(f"a chow cannot start at {self.tile.notation()}")
        if self.kind == MeldKind.KONG:
            if not 0 <= self.source <= 3:
                raise InvalidHandError(f"kong source must be 0 (concealed) or 1-3, not {self.source}")
            if self.added and self.source == 0:
                raise InvalidHandError("an added kong (加杠) cannot be concealed")
        else:
            if not 1 <= self.source <= 3:
                raise InvalidHandError(f"{self.kind.name.lower()} source must be 1-3, not {self.source}")
            if self.added:
                raise InvalidHandError("only a kong can be added (加杠)")
        t = self.tile
        if self.kind == MeldKind.CHOW:
            tiles: tuple[Tile, ...] = (t, ALL_TILES[t + 1], ALL_TILES[t + 2])
        else:
            tiles = (t,) * (4 if self.kind == MeldKind.KONG else 3)
        object.__setattr__(self, "_tiles", tiles)

    @classmethod
    def chow(cls, tile: Tile, claimed: int = 1) -> Meld:
        """A chow starting at ``tile`` whose ``claimed``-th tile (1-3) came from the left player."""
        return cls(MeldKind.CHOW, tile, claimed)

    @classmethod
    def pung(cls, tile: Tile, source: int = 1) -> Meld:
        """A pung claimed from ``source`` (1 left, 2 across, 3 right)."""
        return cls(MeldKind.PUNG, tile, source)

    @classmethod
    def kong(cls, tile: Tile, source: int = 0, *, added: bool = False) -> Meld:
        """A kong: concealed (``source=0``), melded from ``source``, or ``added`` to a pung from it."""
        return cls(MeldKind.KONG, tile, source, added)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse one bracketed meld such as ``[123m,2]``."""
        from majiang.notation import parse_meld

        return parse_meld(text)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the meld, lowest first (four for a kong)."""
        return self._tiles

    @property
    def is_concealed(self) -> bool:
        """Only a concealed kong (暗杠) keeps a declared meld concealed."""
        return self.kind == MeldKind.KONG and self.source == 0

    @property
    def is_kong(self) -> bool:
        """Whether this is a kong of any kind."""
        return self.kind == MeldKind.KONG

    @property
    def claimed_tile(self) -> Tile | None:
        """The tile taken from another player, or ``None`` for a concealed kong."""
        if self.kind == MeldKind.CHOW:
            return Tile(self.tile + self.source - 1)
        return None if self.source == 0 else self.tile

    def notation(self) -> str:
        """Canonical notation, e.g. ``[123m]``, ``[555p,2]``, ``[7777s]``, ``[7777s,5]``."""
        body = "".join(t.notation() for t in self.tiles)
        if self.tiles[0].is_numbered:
            body = "".join(str(t.rank) for t in self.tiles) + self.tiles[0].suit.letter
        if self.kind == MeldKind.KONG:
            if self.source == 0:
                return f"[{body}]"
            return f"[{body},{self.source + 4 if self.added else self.source}]"
        return f"[{body}]" if self.source == 1 else f"[{body},{self.source}]"

    def __repr__(self) -> str:
        return f"Meld.parse({self.notation()!r})"

    def __str__(self) -> str:
        return self.notation()

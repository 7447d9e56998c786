"""Declared melds: chows, pungs and kongs, with which tile was claimed and from whom."""

from __future__ import annotations

import warnings
from enum import EnumType, IntEnum, StrEnum

from majiang._scan import _check_text, _pack, _scan
from majiang.errors import InvalidHandError, InvalidNotationError, InvalidOptionError
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES, Tile

TYPE_CHECKING = False  # not typing's: importing typing (and dataclasses) costs more than this module
if TYPE_CHECKING:
    from dataclasses import dataclass, field
else:
    from majiang._values import dataclass, field

__all__ = ["KongKind", "Meld", "MeldKind"]


class MeldKind(IntEnum):
    """Chow (吃, 顺子), pung (碰, 刻子), kong (杠), or a set of mixed tiles a ruleset declares (Changchun's
    旋风杠 ESWN, 喜杠 CFP, 幺蛋 1m1p1s, 九蛋 9m9p9s), laid face up from one's own tiles and grown by
    adding tiles of its kinds."""

    CHOW = 0
    PUNG = 1
    KONG = 2
    MIXED = 3

    @classmethod
    def _missing_(cls, value: object) -> MeldKind:
        raise InvalidHandError(f"no meld kind {value!r}: 0 chow, 1 pung, 2 kong, 3 mixed")


class _KongKindType(EnumType):
    """``KongKind.DIRECT``, Sichuan's old name for a melded kong (直杠), still reads for one release."""

    def __getattr__(cls, name: str) -> KongKind:
        if name == "DIRECT":
            warnings.warn("KongKind.DIRECT is now KongKind.MELDED (one kong kind for every ruleset); the old "
                          "name goes in the next release", DeprecationWarning, stacklevel=2)
            return KongKind.MELDED
        member = cls._member_map_.get(name)
        if isinstance(member, KongKind):
            return member
        raise AttributeError(name)


class KongKind(StrEnum, metaclass=_KongKindType):
    """How a kong is made: concealed (暗杠, four held), melded (明杠, three held and the fourth claimed
    from a discard; Sichuan's 直杠) or added (加杠, a fourth tile added to one's pung or mixed meld).

    A kong's kind is one of these wherever the engine, a ruleset hook or a record names it; the values
    are the words records already hold, and a member equals its value (``KongKind.ADDED == "added"``).

    >>> KongKind("melded")
    <KongKind.MELDED: 'melded'>
    """

    CONCEALED = "concealed"
    MELDED = "melded"
    ADDED = "added"

    @classmethod
    def _missing_(cls, value: object) -> KongKind:
        choices = ", ".join(repr(m.value) for m in cls)
        raise InvalidOptionError(f"a kong kind must be one of {choices}, not {value!r}")


_MIXED = MeldKind.MIXED  # (an Enum class's attribute costs a lookup through its metaclass)


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld.

    ``tile`` is the lowest tile. Who the claimed tile came from is typed by kind:

    * chow: ``claimed`` is which of the three tiles (1-3, lowest first) was taken from the left
      player; ``from_seat`` is always ``RelativeSeat.LEFT`` (上家), the only seat one may chow from;
    * pung, melded or added kong: ``from_seat`` is who the tile was claimed from (left 上家, across
      对家, right 下家) and ``claimed`` is ``None``;
    * concealed kong (暗杠): both are ``None``.

    ``added`` marks a kong made by adding a drawn tile to a claimed pung (加杠). A mixed meld (``MIXED``,
    ``Meld.mixed``) holds its ``mixed`` tiles, sorted, three or more of at least two kinds, none claimed;
    its notation is the tiles and ``,x``: ``[ESWN,x]``. Bad combinations raise ``InvalidHandError``
    naming the field.

    >>> Meld.parse("[7777s,6]")
    Meld.parse('[7777s,6]')
    >>> Meld.parse("[7777s,6]").from_seat
    <RelativeSeat.ACROSS: 2>
    >>> Meld.parse("[345p,2]").claimed_tile
    <Tile.P4: 12>
    """

    kind: MeldKind
    tile: Tile
    claimed: int | None = None
    from_seat: RelativeSeat | None = None
    added: bool = False
    mixed: tuple[Tile, ...] = ()
    """A mixed meld's tiles (empty for every other kind)."""
    _tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.tile) is not Tile:
            object.__setattr__(self, "tile", Tile(self.tile))
        if not isinstance(self.kind, MeldKind):
            object.__setattr__(self, "kind", MeldKind(self.kind))
        name = self.kind.name.lower()
        if self.kind == MeldKind.MIXED or self.mixed:
            self._check_mixed()
            return
        if self.from_seat is not None and not isinstance(self.from_seat, RelativeSeat):
            if isinstance(self.from_seat, bool) or self.from_seat not in (1, 2, 3):
                raise InvalidHandError(f"{name} from_seat must be a RelativeSeat (1 left, 2 across, "
                                       f"3 right), not {self.from_seat!r}")
            object.__setattr__(self, "from_seat", RelativeSeat(self.from_seat))
        if self.kind == MeldKind.CHOW:
            if not self.tile.is_numbered or self.tile.rank > 7:
                raise InvalidHandError(f"a chow cannot start at {self.tile.notation()}")
            if isinstance(self.claimed, bool) or self.claimed not in (1, 2, 3):
                raise InvalidHandError(
                    f"chow claimed must be which tile was claimed, 1-3, not {self.claimed!r}")
            if self.from_seat not in (None, RelativeSeat.LEFT):
                raise InvalidHandError(
                    f"a chow is claimed from the left player only, not from {self.from_seat.en}")
            object.__setattr__(self, "from_seat", RelativeSeat.LEFT)
        else:
            if self.claimed is not None:
                raise InvalidHandError(f"only a chow says which tile was claimed; a {name} has claimed=None, "
                                 f"not {self.claimed!r}")
            if self.kind == MeldKind.PUNG and self.from_seat is None:
                raise InvalidHandError("a pung needs from_seat, the player its tile was claimed from")
        if self.added and (self.kind != MeldKind.KONG or self.from_seat is None):
            raise InvalidHandError("only a kong made on a claimed pung can be added (加杠)"
                             if self.kind == MeldKind.KONG else "only a kong can be added (加杠)")
        t = self.tile
        if self.kind == MeldKind.CHOW:
            tiles: tuple[Tile, ...] = (t, ALL_TILES[t + 1], ALL_TILES[t + 2])
        else:
            tiles = (t,) * (4 if self.kind == MeldKind.KONG else 3)
        object.__setattr__(self, "_tiles", tiles)

    def _check_mixed(self) -> None:
        tiles = tuple(sorted(Tile(t) for t in self.mixed))
        if self.kind != MeldKind.MIXED:
            raise InvalidHandError(f"only a mixed meld lists its tiles, not a {self.kind.name.lower()}")
        if len(tiles) < 3 or len(set(tiles)) < 2:
            raise InvalidHandError(f"a mixed meld has three or more tiles of at least two kinds, not "
                                   f"{''.join(t.notation() for t in tiles)!r}")
        if self.claimed is not None or self.from_seat is not None or self.added:
            raise InvalidHandError("a mixed meld is laid from one's own tiles: no claimed tile, source or "
                                   "addition")
        if self.tile != tiles[0]:
            raise InvalidHandError(f"a mixed meld's tile is its lowest, {tiles[0].notation()}, not "
                                   f"{self.tile.notation()}")
        object.__setattr__(self, "mixed", tiles)
        object.__setattr__(self, "_tiles", tiles)

    @classmethod
    def with_mixed(cls, tiles: tuple[Tile, ...] | list[Tile]) -> Meld:
        """A mixed meld of ``tiles`` (any order): a ruleset's face-up set of different tiles.

        >>> Meld.with_mixed([Tile.WEST, Tile.EAST, Tile.SOUTH, Tile.NORTH]).notation()
        '[ESWN,x]'
        """
        tiles = tuple(sorted(tiles))
        return cls(MeldKind.MIXED, tiles[0] if tiles else Tile.M1, mixed=tiles)

    def adding(self, tile: Tile) -> Meld:
        """This mixed meld with ``tile`` added (a later tile of one of its kinds).

        >>> Meld.parse("[1m1p1s,x]").adding(Tile.P1).notation()
        '[1m1p1p1s,x]'
        """
        if self.kind != MeldKind.MIXED or tile not in self.mixed:
            raise InvalidHandError(f"{tile.notation()} cannot be added to {self.notation()}")
        return Meld.with_mixed((*self.mixed, tile))

    @classmethod
    def chow(cls, tile: Tile, claimed: int = 1) -> Meld:
        """A chow starting at ``tile`` whose ``claimed``-th tile (1-3) came from the left player."""
        return cls(MeldKind.CHOW, tile, claimed=claimed)

    @classmethod
    def pung(cls, tile: Tile, from_seat: RelativeSeat = RelativeSeat.LEFT) -> Meld:
        """A pung whose tile was claimed from ``from_seat``."""
        return cls(MeldKind.PUNG, tile, from_seat=from_seat)

    @classmethod
    def kong(cls, tile: Tile, from_seat: RelativeSeat | None = None, *, added: bool = False) -> Meld:
        """A kong: concealed (``from_seat=None``, 暗杠), melded on a tile claimed from ``from_seat``, or
        ``added`` to a pung claimed from it (加杠)."""
        return cls(MeldKind.KONG, tile, from_seat=from_seat, added=added)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse one bracketed meld such as ``[123m,2]``."""
        return parse_meld(text)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the meld, lowest first (four for a kong)."""
        return self._tiles

    @property
    def is_concealed_kong(self) -> bool:
        """Whether this is a concealed kong (暗杠), the one declared meld that keeps a hand 门清."""
        return self.from_seat is None and self.kind is not _MIXED

    @property
    def is_kong(self) -> bool:
        """Whether this is a kong of any kind."""
        return self.kind == MeldKind.KONG

    @property
    def claimed_tile(self) -> Tile | None:
        """The tile taken from another player, or ``None`` for a concealed kong."""
        if self.claimed is not None:
            return Tile(self.tile + self.claimed - 1)
        return None if self.from_seat is None else self.tile

    def notation(self) -> str:
        """Canonical notation, e.g. ``[123m]``, ``[555p,2]``, ``[7777s]``, ``[7777s,5]``, ``[ESWN,x]``."""
        body = "".join(t.notation() for t in self.tiles)
        if self.kind is _MIXED:
            return f"[{body},x]"
        if self.tiles[0].is_numbered:
            body = "".join(str(t.rank) for t in self.tiles) + self.tiles[0].suit.letter
        if self.claimed is not None:
            return f"[{body}]" if self.claimed == 1 else f"[{body},{self.claimed}]"
        if self.from_seat is None:
            return f"[{body}]"
        if self.kind == MeldKind.KONG:
            return f"[{body},{self.from_seat + 4 if self.added else self.from_seat}]"
        return f"[{body}]" if self.from_seat == RelativeSeat.LEFT else f"[{body},{self.from_seat}]"

    def __repr__(self) -> str:
        return f"Meld.parse({self.notation()!r})"

    def __str__(self) -> str:
        return self.notation()


# Reading a meld's notation, here so that Meld.parse needs no module above this one (majiang.notation
# describes the format and is where parse_meld is imported from).
def _scan_tiles(text: str, start: int, end: int, *, allow_space: bool) -> list[tuple[Tile, int]]:
    """Read tiles in ``text[start:end]``; each tile comes with the position of its character."""
    tiles: list[int] = []
    where: list[int] = []
    _scan(text, start, end, allow_space, tiles, where)
    return [(ALL_TILES[t], p) for t, p in zip(tiles, where, strict=True)]


def _is_chow(kinds: list[Tile]) -> bool:
    """Whether ``kinds`` are three consecutive numbered tiles of one suit, lowest first."""
    return (
        len(kinds) == 3
        and kinds[0].is_numbered
        and kinds[1] == kinds[0] + 1
        and kinds[2] == kinds[0] + 2
        and kinds[0].suit == kinds[2].suit
    )


def _meld_from(text: str, start: int, end: int) -> Meld:
    """Build the meld written in ``text[start:end]`` (the brackets excluded)."""
    body_end = end
    source: int | None = None
    comma = text.find(",", start, end)
    if comma >= 0 and text[comma + 1:end] == "x":
        mixed = _scan_tiles(text, start, comma, allow_space=False)
        try:
            return Meld.with_mixed([t for t, _ in mixed])
        except InvalidHandError as err:
            raise InvalidNotationError(str(err), text, start) from None
    if comma >= 0:
        body_end = comma
        src = text[comma + 1:end]
        if len(src) != 1 or src not in "1234567":
            raise InvalidNotationError(f"meld source must be one digit 1-7, not {src!r} (or x: mixed tiles)",
                                       text, comma + 1)
        source = int(src)
    tiles = _scan_tiles(text, start, body_end, allow_space=False)
    kinds = [t for t, _ in tiles]
    if len(kinds) not in (3, 4):
        raise InvalidNotationError(f"a meld has 3 or 4 tiles, not {len(kinds)}", text, start)
    if len(set(kinds)) == 1:
        kind = MeldKind.KONG if len(kinds) == 4 else MeldKind.PUNG
    elif _is_chow(kinds):
        kind = MeldKind.CHOW
    elif _is_chow(sorted(kinds)):
        raise InvalidNotationError("write a chow's tiles in ascending order", text, start)
    else:
        raise InvalidNotationError("tiles do not form a chow, pung or kong", text, start)
    if kind == MeldKind.KONG:
        if source is None:
            return Meld.kong(kinds[0])
        if source == 4:
            raise InvalidNotationError(
                "kong source 4 is not defined (1-3 melded, 5-7 added)", text, comma + 1
            )
        return Meld.kong(kinds[0], RelativeSeat(source - 4 if source > 4 else source), added=source > 4)
    if source is not None and source > 3:
        raise InvalidNotationError(f"{kind.name.lower()} source must be 1-3, not {source}", text, comma + 1)
    if kind == MeldKind.CHOW:
        return Meld.chow(kinds[0], source or 1)
    return Meld.pung(kinds[0], RelativeSeat(source or 1))


# Melds already read, by the text between their brackets (a few hundred spellings are in use), with the
# pack of their tiles.
_MELDS: dict[str, tuple[Meld, int]] = {}
_MELDS_LIMIT = 4096


def _meld_at(text: str, start: int, end: int) -> tuple[Meld, int]:
    """The meld written in ``text[start:end]`` and the pack of its tiles, read once per spelling."""
    body = text[start:end]
    found = _MELDS.get(body)
    if found is None:
        meld = _meld_from(text, start, end)
        if len(_MELDS) >= _MELDS_LIMIT:
            _MELDS.clear()
        found = _MELDS[body] = (meld, _pack(meld.tiles))
    return found


def parse_meld(text: str) -> Meld:
    """Parse one bracketed meld: ``[123m,2]``, ``[EEE]``, ``[7777s,5]``."""
    _check_text(text)
    if len(text) < 2 or text[0] != "[" or text[-1] != "]" or "[" in text[1:] or "]" in text[:-1]:
        # Point at the first character; an empty string has none.
        raise InvalidNotationError(
            "a meld is written in one pair of brackets, e.g. [123m,2]", text, 0 if text else None
        )
    return _meld_at(text, 1, len(text) - 1)[0]

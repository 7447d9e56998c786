"""A player's hand: declared melds, standing tiles and the winning (or just drawn) tile; how it was won."""

from __future__ import annotations

from enum import StrEnum

from majiang.errors import InvalidHandError
from majiang.meld import Meld
from majiang.tiles import Tile

TYPE_CHECKING = False  # not typing's: importing typing (and dataclasses) costs more than this module
if TYPE_CHECKING:
    from collections.abc import Iterable
    from dataclasses import dataclass, field
else:
    from majiang._values import dataclass, field

__all__ = ["Hand", "HandCounts", "WinBy"]


class WinBy(StrEnum):
    """How a hand was won: on a discard 点和, self-drawn 自摸, kong replacement 杠上开花, robbing 抢杠和.

    >>> WinBy("self-drawn") is WinBy.SELF_DRAWN
    True
    """

    DISCARD = "discard"
    SELF_DRAWN = "self-drawn"
    KONG_REPLACEMENT = "kong-replacement"
    """Self-drawn on the replacement tile after a kong (杠上开花)."""
    ROBBING_KONG = "robbing-kong"
    """On a tile another player adds to a pung to make a kong (抢杠和)."""

    @property
    def self_drawn(self) -> bool:
        """Whether the winning tile came from the wall (自摸, 杠上开花) rather than another player."""
        return self in (WinBy.SELF_DRAWN, WinBy.KONG_REPLACEMENT)


@dataclass(frozen=True, slots=True)
class Hand:
    """Declared melds plus standing tiles and the 14th tile, ``winning_tile``.

    ``winning_tile`` is the winning tile of a winning hand, else the tile just drawn or claimed.

    ``tiles`` are the standing tiles without ``winning_tile``, sorted; there are ``13 - 3 * len(melds)``
    of them. ``winning_tile`` is ``None`` for a hand waiting to draw.

    >>> h = Hand.parse("[567m,2]123p45699sCC7s")
    >>> h.winning_tile, len(h.tiles), len(h.melds)
    (<Tile.S7: 24>, 10, 1)
    >>> h
    Hand.parse('[567m,2]123p45699sCC7s')
    """

    melds: tuple[Meld, ...]
    tiles: tuple[Tile, ...]
    winning_tile: Tile | None = None
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _all_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _mask: int = field(init=False, repr=False, compare=False)  # bit k: holds kind k standing
    _all_mask: int = field(init=False, repr=False, compare=False)  # bit k: holds kind k anywhere

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(self.melds))
        object.__setattr__(self, "tiles", tuple(sorted(
            t if type(t) is Tile else Tile(t) for t in self.tiles)))
        if self.winning_tile is not None and type(self.winning_tile) is not Tile:
            object.__setattr__(self, "winning_tile", Tile(self.winning_tile))
        if len(self.melds) > 4:
            raise InvalidHandError(f"a hand has at most four melds, not {len(self.melds)}")
        want = 13 - 3 * len(self.melds)
        if len(self.tiles) != want:
            raise InvalidHandError(
                f"with {len(self.melds)} meld(s) a hand has {want} standing tiles"
                f" besides the last tile, not {len(self.tiles)}"
            )
        c = [0] * 34
        for t in self.tiles:
            c[t] += 1
        if self.winning_tile is not None:
            c[self.winning_tile] += 1
        object.__setattr__(self, "_counts", tuple(c))
        object.__setattr__(self, "_mask", sum(1 << k for k in range(34) if c[k]))
        mask = self._mask
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
                mask |= 1 << t
        object.__setattr__(self, "_all_counts", tuple(c))
        object.__setattr__(self, "_all_mask", mask)
        for kind, n in enumerate(c):
            if n > 4:
                raise InvalidHandError(f"{n} copies of {Tile(kind).notation()}; a set has only 4")

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse hand notation (see ``majiang.notation``)."""
        from majiang.notation import parse_hand

        return parse_hand(text)

    @classmethod
    def _checked(cls, melds: tuple[Meld, ...], tiles: tuple[Tile, ...], winning_tile: Tile | None,
                 counts: tuple[int, ...], all_counts: tuple[int, ...], mask: int, all_mask: int) -> Hand:
        """A hand from parts the caller has checked and counted (the notation parser): sorted ``tiles``,
        at most four melds, the right number of tiles and no fifth copy. Nothing is checked again."""
        hand = object.__new__(cls)
        _set_melds(hand, melds)
        _set_tiles(hand, tiles)
        _set_winning_tile(hand, winning_tile)
        _set_counts(hand, counts)
        _set_all_counts(hand, all_counts)
        _set_mask(hand, mask)
        _set_all_mask(hand, all_mask)
        return hand

    @classmethod
    def of(cls, melds: Iterable[Meld], tiles: Iterable[Tile], winning_tile: Tile | None = None) -> Hand:
        """Build a hand from any iterables."""
        return cls(tuple(melds), tuple(tiles), winning_tile)

    @property
    def standing(self) -> tuple[Tile, ...]:
        """All standing tiles including ``winning_tile``, sorted."""
        if self.winning_tile is None:
            return self.tiles
        return tuple(sorted((*self.tiles, self.winning_tile)))

    @property
    def is_fully_concealed(self) -> bool:
        """No claimed meld (门清); concealed kongs are allowed."""
        return all(m.is_concealed_kong for m in self.melds)

    def counts(self, *, include_melds: bool = False) -> list[int]:
        """Copies of each of the 34 kinds among the standing tiles and ``winning_tile`` (and the melds)."""
        return list(self._all_counts if include_melds else self._counts)

    def notation(self) -> str:
        """Canonical notation; ``Hand.parse(h.notation()) == h``."""
        from majiang.notation import format_tiles

        text = "".join(m.notation() for m in self.melds) + format_tiles(self.tiles)
        if self.winning_tile is not None:
            text += self.winning_tile.notation()
        return text

    def __repr__(self) -> str:
        return f"Hand.parse({self.notation()!r})"

    def __str__(self) -> str:
        return self.notation()


# The slots' own setters: half the cost of object.__setattr__ by name, in the parser's hot path.
(_set_melds, _set_tiles, _set_winning_tile, _set_counts, _set_all_counts, _set_mask, _set_all_mask) = (
    Hand.__dict__[name].__set__
    for name in ("melds", "tiles", "winning_tile", "_counts", "_all_counts", "_mask", "_all_mask"))


class HandCounts:
    """What the fan calculator reads of a hand: its melds, winning tile and the counts of its kinds, without
    the sorted standing tiles (``majiang.mcr.score`` reads notation into one); ``hand()`` is the ``Hand``.

    >>> from majiang.notation import read_counts
    >>> read_counts("[567m,2]123p45699sCC7s").hand()
    Hand.parse('[567m,2]123p45699sCC7s')
    """

    __slots__ = ("_all_counts", "_all_mask", "_counts", "_mask", "_melds_text", "melds", "winning_tile")

    melds: tuple[Meld, ...]
    winning_tile: Tile | None
    _counts: tuple[int, ...]
    _all_counts: tuple[int, ...]
    _mask: int
    _all_mask: int
    _melds_text: str
    """The melds as written, between the first ``[`` and the last ``]`` (caches key on it), or ``""``."""

    def hand(self) -> Hand:
        """The ``Hand``: the standing tiles sorted from the counts, the winning tile apart."""
        counts = list(self._counts)
        if self.winning_tile is not None:
            counts[self.winning_tile] -= 1
        tiles = tuple(Tile(k) for k, n in enumerate(counts) for _ in range(n))
        return Hand._checked(self.melds, tiles, self.winning_tile, self._counts, self._all_counts, self._mask,
                             self._all_mask)

    def notation(self) -> str:
        """The hand's canonical notation (``Hand.notation``)."""
        return self.hand().notation()

    def __repr__(self) -> str:
        return f"read_counts({self.notation()!r})"

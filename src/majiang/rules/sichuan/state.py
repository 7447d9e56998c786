"""What the Sichuan ruleset keeps through a hand (``SichuanState``) and what every seat sees of it
(``SichuanPublic``, made by ``SichuanRules.public_state``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from majiang.meld import KongKind
from majiang.rules.sichuan.payments import Deltas, Exchange

__all__ = ["SUIT_LETTERS", "SichuanPublic", "SichuanState"]

SUIT_LETTERS = "mps"
"""A void suit's letter by its number (0 m, 1 p, 2 s)."""


@dataclass(slots=True)
class SichuanState:
    """What the ruleset tracks through a hand: void suits, wins per seat, the kong payments made, the last
    kong, and the wins let go (过水)."""

    voids: list[int | None] = field(default_factory=lambda: [None, None, None, None])
    direction: Exchange | None = None
    wins: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    kongs: list[tuple[int, Deltas]] = field(default_factory=list)
    """Every kong payment of the hand: (konger, deltas)."""
    handed_on: set[int] = field(default_factory=set)
    """Indexes into ``kongs`` whose income went to the winners of a 杠上炮."""
    last_kong: tuple[int, KongKind, int | None] | None = None
    """The last kong made: (konger, kind, the discarder of a melded kong), for a fed kong's 杠上花."""
    offers: dict[int, tuple[tuple[int, int | None], int, int]] = field(default_factory=dict)
    """Wins offered and not yet known taken, by seat: (the window, the tile, the points). The window is the
    discard count and the tile of a kong open to robbing (None for a discard): an offer left from an
    earlier window was let go."""
    passed: list[dict[int, int]] = field(default_factory=lambda: [{}, {}, {}, {}])
    """过水: by seat, the wins let go since its last turn, the most points by tile."""
    first_winners: tuple[int, ...] = ()
    first_giver: int | None = None
    shown: SichuanPublic | None = None
    """What every seat sees (``public_state``), kept until the voids, the direction or the wins change."""
    traded: list[tuple[tuple[int, ...], tuple[int, ...]]] | None = None
    """换三张 by seat: the kinds it gave and those it received (None before the exchange or without one)."""
    seen_by: list[SichuanPublic | None] = field(default_factory=lambda: [None, None, None, None])
    """Each seat's ``public_state`` once the exchange is made (``shown`` and its own exchange), kept as
    ``shown`` is."""

    def copy(self) -> SichuanState:
        """A copy sharing nothing a hand in play changes (the search's playouts: ``Ruleset.copy_state``)."""
        return SichuanState(self.voids[:], self.direction, self.wins[:], self.kongs[:], set(self.handed_on),
                            self.last_kong, dict(self.offers), [dict(p) for p in self.passed],
                            self.first_winners, self.first_giver, self.shown, self.traded,
                            self.seen_by[:])


@dataclass(frozen=True, slots=True)
class SichuanPublic:
    """The ruleset's state as a seat sees it: void suits (0 m, 1 p, 2 s; None before 定缺), the
    exchange's direction, and how many times each seat has won, as every seat sees them; and the seat's own
    换三张, which only it knows: the kinds it gave (now in the receiver's hand unless let go since) and
    those it received (empty without an exchange)."""

    voids: tuple[int | None, ...]
    exchange: str | None
    wins: tuple[int, ...]
    gave: tuple[int, ...] = ()
    received: tuple[int, ...] = ()

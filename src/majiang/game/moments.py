"""What the engine tells a ruleset has just happened (``Ruleset.observe``): a draw, a discard, a discard let
go, a claim, a kong. A ruleset lists the kinds it wants in ``Ruleset.observes()``; the engine makes a
moment only for those, so a ruleset that watches nothing costs nothing.

Each is a notice, read and dropped: the engine does not keep it, and a ruleset should not change it.

>>> from majiang.meld import KongKind
>>> Konged(1, 5, KongKind.ADDED, None)
Konged(seat=1, tile=5, how=<KongKind.ADDED: 'added'>, giver=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from majiang.meld import KongKind, Meld

__all__ = ["Claimed", "Discarded", "Drawn", "Konged", "Moment", "Passed"]


# Slotted, not frozen: a frozen dataclass is made about three times slower, and some are made on every step.
@dataclass(slots=True)
class Drawn:
    """``seat`` drew in play (not the deal) the tile at ``place`` in ``game.wall`` (``tail``: a
    replacement): for a ruleset that tells copies of a kind apart (riichi's red fives)."""

    seat: int
    place: int
    tail: bool


@dataclass(slots=True)
class Discarded:
    """``seat`` let ``tile`` go, before the others are asked; a ruleset may end the hand here (riichi's
    四風連打), and the discard is then not recorded as one the others could take."""

    seat: int
    tile: int


@dataclass(slots=True)
class Passed:
    """Nobody won or claimed ``giver``'s discard ``tile``, before the next draw; a ruleset may end the hand
    here (``game.end_hand``: riichi's 四家立直)."""

    giver: int
    tile: int


@dataclass(slots=True)
class Claimed:
    """``seat`` claimed ``giver``'s discard into ``meld`` (a melded kong is then ``Konged`` too)."""

    seat: int
    meld: Meld
    giver: int


@dataclass(slots=True)
class Konged:
    """A kong of ``tile`` by ``seat`` stands (``how``: concealed, melded, added; ``giver``: the discarder
    of a melded kong), before the replacement draw."""

    seat: int
    tile: int
    how: KongKind
    giver: int | None


Moment = Drawn | Discarded | Passed | Claimed | Konged
"""Every kind of moment ``Ruleset.observe`` is told of."""

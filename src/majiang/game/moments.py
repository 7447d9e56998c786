"""What the engine tells a ruleset has just happened (``Ruleset.observers``): a draw, a discard, a discard let
go, a claim, a kong. A ruleset gives a handler for each kind of moment it watches, read once a hand; the
engine calls only those, with the moment's facts as arguments, so watching costs one call and watching
nothing costs nothing (no object is made per step).

>>> Observers().watched()
()
>>> def count(game, seat, tile): ...
>>> Observers(discarded=count).watched()
('discarded',)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from majiang.meld import KongKind, Meld

__all__ = ["NO_OBSERVERS", "Claimed", "Discarded", "Drawn", "Konged", "Observers", "Passed"]

Drawn = Callable[[Any, int, int, bool], None]
"""``(game, seat, place, tail)``: ``seat`` drew in play (not the deal) the tile at ``place`` in ``game.wall``
(``tail``: a replacement), for a ruleset that tells copies of a kind apart (riichi's red fives)."""
Discarded = Callable[[Any, int, int], None]
"""``(game, seat, tile)``: ``seat`` let ``tile`` go, before the others are asked; a ruleset may end the hand
here (riichi's 四風連打), and the discard is then not recorded as one the others could take."""
Passed = Callable[[Any, int, int], None]
"""``(game, giver, tile)``: nobody won or claimed ``giver``'s discard ``tile``, before the next draw; a
ruleset may end the hand here (``game.end_hand``: riichi's 四家立直)."""
Claimed = Callable[[Any, int, "Meld", int], None]
"""``(game, seat, meld, giver)``: ``seat`` claimed ``giver``'s discard into ``meld`` (a melded kong is then
``konged`` too)."""
Konged = Callable[[Any, int, int, "KongKind", "int | None"], None]
"""``(game, seat, tile, how, giver)``: a kong of ``tile`` by ``seat`` stands (``how``: concealed, melded,
added; ``giver``: the discarder of a melded kong), before the replacement draw."""


@dataclass(frozen=True, slots=True)
class Observers:
    """A ruleset's handler for each kind of moment it watches (None: not watched). The ``game`` a handler
    gets is the ruleset's table (``Table[S, M]``)."""

    drawn: Drawn | None = None
    discarded: Discarded | None = None
    passed: Passed | None = None
    claimed: Claimed | None = None
    konged: Konged | None = None

    def watched(self) -> tuple[str, ...]:
        """The kinds of moment with a handler, by name."""
        return tuple(f.name for f in fields(self) if getattr(self, f.name) is not None)


NO_OBSERVERS = Observers()
"""Watching nothing (``Ruleset.observers``' default)."""

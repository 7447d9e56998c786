"""What one seat may see of a hand (``View``, made by ``Game.view``) and where the hand is (``Phase``).

A view captures the engine's state at once (plain values and the engine's immutable copies of what
everyone sees) and works each field out the first time it is read.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from majiang.actions import Action
from majiang.game.phase import Phase
from majiang.hand import Hand
from majiang.meld import Meld
from majiang.tiles import ALL_TILES, Tile, seat_wind

if TYPE_CHECKING:
    from majiang.game.ruleset import Ruleset

__all__ = ["Phase", "View"]


_TURN = Phase.TURN  # (an Enum class's attribute costs a lookup through its metaclass)


class _Deferred:
    """A view's fields are worked out when first read, from what ``Game.view`` captured (``_source``)."""

    __slots__ = ("_source",)

    if not TYPE_CHECKING:  # mypy would otherwise take every attribute of a view as existing
        def __getattr__(self, name: str) -> Any:
            # Called only for a field not set yet (an unset slot): work it out and keep it.
            try:
                source = _SOURCE.__get__(self)
            except AttributeError:
                raise AttributeError(name) from None
            if name in _CHEAP:
                # The plain fields all at once: a policy that reads one usually reads several.
                for make, put in _CHEAP.values():
                    put(self, make(source))
                return _CHEAP[name][0](source)
            make = _MAKERS.get(name)
            if make is None:
                raise AttributeError(f"'View' object has no attribute {name!r}")
            value = make(source)
            object.__setattr__(self, name, value)
            return value


_SOURCE: Any = _Deferred.__dict__["_source"]
_new_view: Any = object.__new__


@dataclass(frozen=True, slots=True)
class View(_Deferred):
    """What one seat may know: its own tiles, everything on the table, and its legal actions.

    A view made by ``Game.view`` captures the state at once (cheaply: the engine keeps immutable copies of
    what everyone sees) and works each field out the first time it is read; it equals, compares and
    pickles like a view built with every field given.
    """

    seat: int
    phase: Phase
    current: int
    standing: tuple[Tile, ...]
    drawn: Tile | None
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's exposed melds (and this seat's own concealed kongs); once the hand is over,
    everyone's concealed kongs too."""
    hidden_kongs: tuple[int, ...]
    """How many concealed kongs each other seat has laid face down (0 for this seat, and for every
    seat once the hand is over)."""
    flowers: tuple[int, ...]
    discards: tuple[tuple[Tile, ...], ...]
    last_discard: tuple[int, Tile] | None
    wall_left: int
    totals: tuple[int, int, int, int]
    """Each seat's running points (the game's ``totals``)."""
    seat_wind: Tile
    round_wind: Tile
    dealer: int
    legal: tuple[Action, ...]
    robbing: tuple[int, Tile] | None = None
    """While others may rob an added kong (抢杠): the konger's seat and the tile being added."""
    hands: tuple[Hand, ...] | None = None
    """Once the hand is over, every seat's hand as ``HandResult.hands`` shows it; None during play."""
    active: tuple[bool, ...] = (True, True, True, True)
    """Which seats are still in the hand (a ruleset may let winners leave, 血战到底)."""
    won: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    """Each seat's winning tiles laid aside where play goes on after a win."""
    public_state: Any = None
    """The ruleset's own state as this seat may see it (``Ruleset.public_state``, e.g. each seat's void
    suit)."""
    rules: Ruleset | None = None
    """The ruleset being played (its options are public)."""

    @property
    def scores(self) -> tuple[int, int, int, int]:
        """Deprecated: ``totals`` (a score is one win's valuation, as in ``HandResult.scores``)."""
        warnings.warn("View.scores is now View.totals; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.totals

    @property
    def rules_state(self) -> Any:
        """Deprecated: ``public_state``."""
        warnings.warn("View.rules_state is now View.public_state; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return self.public_state


# What ``Game.view`` captures, by position in ``View._source``: plain values and immutable copies.
_SEAT, _PHASE, _CURRENT, _DRAWN, _COUNTS, _MELDS, _HANDS, _FLOWERS, _DISCARDS, _LAST, _WALL_LEFT, _TOTALS, \
    _DEALER, _ROUND_WIND, _LEGAL, _ROBBED, _ACTIVE, _WON, _PUBLIC_STATE, _RULES, _HIDDEN = range(21)


def _standing(source: tuple[Any, ...]) -> tuple[Tile, ...]:
    out: list[Tile] = []
    for t, n in zip(ALL_TILES, source[_COUNTS], strict=True):
        if n == 1:
            out.append(t)
        elif n:
            out.extend(repeat(t, n))
    return tuple(out)


def _drawn(source: tuple[Any, ...]) -> Tile | None:
    drawn: int | None = source[_DRAWN]
    if drawn is None or source[_CURRENT] != source[_SEAT] or source[_PHASE] != _TURN:
        return None
    return ALL_TILES[drawn]


def _melds(source: tuple[Any, ...]) -> tuple[tuple[Meld, ...], ...]:
    melds: tuple[tuple[Meld, ...], ...] = source[_MELDS]
    hidden: tuple[int, ...] = source[_HIDDEN]
    if source[_HANDS] is not None or not any(hidden):
        return melds
    seat = source[_SEAT]
    return tuple(ms if s == seat or not hidden[s] else tuple(m for m in ms if not m.is_concealed_kong)
                 for s, ms in enumerate(melds))


def _hidden_kongs(source: tuple[Any, ...]) -> tuple[int, ...]:
    hidden: tuple[int, ...] = source[_HIDDEN]
    if source[_HANDS] is not None or not any(hidden):
        return (0, 0, 0, 0)
    seat = source[_SEAT]
    return tuple(0 if s == seat else n for s, n in enumerate(hidden))


def _last_discard(source: tuple[Any, ...]) -> tuple[int, Tile] | None:
    last: tuple[int, int] | None = source[_LAST]
    return None if last is None else (last[0], ALL_TILES[last[1]])


def _robbing(source: tuple[Any, ...]) -> tuple[int, Tile] | None:
    robbed: tuple[int, int] | None = source[_ROBBED]
    return None if robbed is None else (robbed[0], ALL_TILES[robbed[1]])


def _seat_wind(source: tuple[Any, ...]) -> Tile:
    return seat_wind(source[_SEAT], source[_DEALER])


_MAKERS: dict[str, Callable[[tuple[Any, ...]], Any]] = {
    "seat": itemgetter(_SEAT),
    "phase": itemgetter(_PHASE),
    "current": itemgetter(_CURRENT),
    "standing": _standing,
    "drawn": _drawn,
    "melds": _melds,
    "hidden_kongs": _hidden_kongs,
    "flowers": itemgetter(_FLOWERS),
    "discards": itemgetter(_DISCARDS),
    "last_discard": _last_discard,
    "wall_left": itemgetter(_WALL_LEFT),
    "totals": itemgetter(_TOTALS),
    "seat_wind": _seat_wind,
    "round_wind": itemgetter(_ROUND_WIND),
    "dealer": itemgetter(_DEALER),
    "legal": itemgetter(_LEGAL),
    "robbing": _robbing,
    "hands": itemgetter(_HANDS),
    "active": itemgetter(_ACTIVE),
    "won": itemgetter(_WON),
    "public_state": itemgetter(_PUBLIC_STATE),
    "rules": itemgetter(_RULES),
}
"""How each field of a view is worked out from what ``Game.view`` captured."""
_CHEAP: dict[str, tuple[Callable[[tuple[Any, ...]], Any], Callable[[View, Any], None]]] = {
    name: (make, View.__dict__[name].__set__) for name, make in _MAKERS.items()
    if name not in ("standing", "melds", "hidden_kongs", "legal")}
"""The fields set together on the first read of any of them (the others cost more, each on its own)."""
_SET_LEGAL: Callable[[View, tuple[Action, ...]], None] = View.__dict__["legal"].__set__

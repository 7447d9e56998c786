"""What the riichi ruleset keeps: per match (``RiichiMatchState``), per hand (``RiichiState``), and what one
seat sees of a hand (``RiichiPublic``, made by ``RiichiRules.public_state``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.tiles import Tile

__all__ = ["RiichiMatchState", "RiichiPublic", "RiichiState", "RiichiTable", "capture_public"]


@dataclass(slots=True)
class RiichiMatchState:
    """What a riichi match carries from hand to hand: honba, the riichi sticks on the table, how many
    times the deal has passed (East 1 is 0; the round wind follows), and whether the match has ended."""

    honba: int = 0
    sticks: int = 0
    passes: int = 0
    over: bool = False


RiichiTable = RiichiMatchState
"""The old name of ``RiichiMatchState`` (a match's state, not a table); it goes in the next release."""


@dataclass(slots=True)
class RiichiState:
    """What the ruleset tracks through one hand."""

    honba: int = 0
    sticks: int = 0
    """Riichi sticks on the table: those carried in, plus deposits this hand, less any a winner took."""
    deposited: int = 0
    collected: int = 0
    red_at: frozenset[int] = frozenset()
    """Places in ``game.wall`` holding the red fives."""

    @property
    def pot(self) -> int:
        """The riichi sticks put on the table this hand, less those a winner took (carried ones included):
        the hand's payments sum to minus this (``HoldsPot``, which the conformance suite checks)."""
        return self.deposited - self.collected
    red_hand: list[list[int]] = field(default_factory=lambda: [[0, 0, 0] for _ in range(4)])
    """Red fives standing in each seat's hand, by suit."""
    red_melds: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    red_in_melds: list[tuple[int, ...]] = field(default_factory=lambda: [(), (), (), ()])
    """How many red fives each of each seat's melds holds, in the order of ``game.melds`` (``red_melds``
    is their sum)."""
    red_discards: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    """Indexes into each seat's discards (``game.discards``) of its red fives."""
    last_red: bool = False
    """Whether the last discard was a red five."""
    red_next: bool = False
    """The discard being made names the red five (``discard 0m`` under ``red_choice``)."""
    drew_red: bool = False
    """The seat to discard drew a red five (a seat in riichi lets that one go: ``tsumogiri_red``)."""
    indicators: list[int] = field(default_factory=list)
    pending_dora: int = 0
    """Kan dora indicators to turn over after the next discard (an open or added kan, Tenhou)."""
    kongs: list[int] = field(default_factory=list)
    """The seat of each kan made this hand."""
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    double: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    declaring: int | None = None
    """The seat whose riichi declaration discard is on the table and not yet passed (the stick unpaid)."""
    rivers: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    """Every discard of each seat, those claimed by others included (furiten and nagashi read them)."""
    called_from: list[bool] = field(default_factory=lambda: [False] * 4)
    """Whether someone has claimed one of the seat's discards (no nagashi mangan then)."""
    offered: set[int] = field(default_factory=set)
    """Seats offered a win on the tile now on the table: furiten once they let it pass."""
    passed: list[bool] = field(default_factory=lambda: [False] * 4)
    """Temporary furiten (同巡内): a win let pass since the seat's last discard."""
    riichi_furiten: list[bool] = field(default_factory=lambda: [False] * 4)
    since_riichi: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    """Kinds the other seats discarded after each seat's riichi (it cannot win on them by discard)."""
    kuikae: list[frozenset[int]] = field(default_factory=lambda: [frozenset()] * 4)
    riichi_at: list[int | None] = field(default_factory=lambda: [None] * 4)
    """The index in each seat's discards (``game.discards``) of its riichi tile, laid sideways: if it is
    claimed, the seat's next discard takes that index and lies sideways instead, as at the table."""
    liable: list[tuple[int, str] | None] = field(default_factory=lambda: [None] * 4)
    """For each seat, who is liable (pao) for which of its yakuman, if anyone."""
    abort: str | None = None
    tenpai: list[int] = field(default_factory=list)
    shown_indicators: tuple[Tile, ...] = ()
    shown_rivers: list[tuple[Tile, ...]] = field(default_factory=lambda: [(), (), (), ()])
    shown_since: list[tuple[Tile, ...]] = field(default_factory=lambda: [(), (), (), ()])
    shown_red: list[tuple[int, ...]] = field(default_factory=lambda: [(), (), (), ()])
    """Immutable copies of ``indicators``, ``rivers``, ``since_riichi`` and ``red_discards``, kept as they
    change, so that a view (``public_state``) takes them as they are instead of copying every river."""

    def copy(self) -> RiichiState:
        """A copy sharing nothing a hand in play changes (the search's playouts: ``Ruleset.copy_state``);
        its immutable values are shared. Written out: a playout makes one, and ``copy.deepcopy`` costs
        ten times as much."""
        new: RiichiState = _new_state(RiichiState)
        for name in _PLAIN:
            _SETTERS[name](new, _GETTERS[name](self))
        for name in _FLAT:
            _SETTERS[name](new, _GETTERS[name](self)[:])
        for name in _NESTED:
            _SETTERS[name](new, [x[:] for x in _GETTERS[name](self)])
        new.offered = set(self.offered)
        return new


_new_state: Any = object.__new__
_FLAT = ("red_melds", "red_in_melds", "indicators", "kongs", "riichi", "double", "ippatsu", "called_from",
         "passed", "riichi_furiten", "kuikae", "riichi_at", "liable", "tenpai", "shown_rivers", "shown_since",
         "shown_red")
"""``RiichiState``'s lists of immutable values (copied as lists)."""
_NESTED = ("red_hand", "red_discards", "rivers", "since_riichi")
"""Its lists of lists (each inner list copied)."""
_PLAIN = tuple(name for name in RiichiState.__slots__ if name not in (*_FLAT, *_NESTED, "offered"))
"""Its immutable values (shared)."""
_GETTERS: dict[str, Callable[[RiichiState], Any]] = {name: RiichiState.__dict__[name].__get__
                                                     for name in RiichiState.__slots__}
_SETTERS: dict[str, Callable[[RiichiState, Any], None]] = {name: RiichiState.__dict__[name].__set__
                                                           for name in RiichiState.__slots__}


class _Captured:
    """A public state made by ``public_state`` holds the values it captured (``_values``, in field order)
    and sets its fields from them when one is first read: most policies never read it."""

    __slots__ = ("_values",)

    if not TYPE_CHECKING:  # mypy would otherwise take every attribute as existing
        def __getattr__(self, name: str) -> Any:
            # Called only for a field not set yet (an unset slot): set them all, then answer.
            try:
                values = _VALUES.__get__(self)
            except AttributeError:
                raise AttributeError(name) from None
            put = _PUT.get(name)
            if put is None:
                raise AttributeError(f"'RiichiPublic' object has no attribute {name!r}")
            for setter, value in zip(_PUT.values(), values, strict=True):
                setter(self, value)
            return getattr(self, name)


_VALUES: Any = _Captured.__dict__["_values"]


@dataclass(frozen=True, slots=True)
class RiichiPublic(_Captured):
    """The ruleset's state as one seat sees it: the dora indicators turned over, honba and the riichi sticks
    on the table, each seat's riichi (and double riichi), the red fives among each seat's discards
    (indexes into its discards) and melds, and for the viewing seat only its furiten and red fives in hand
    (another seat's furiten would tell what it waits on).

    One made for a view captures the state at once and sets its fields when first read; it equals, hashes
    and pickles like one built with every field given.
    """

    dora_indicators: tuple[Tile, ...]
    honba: int
    sticks: int
    riichi: tuple[bool, ...]
    double_riichi: tuple[bool, ...]
    red_discards: tuple[tuple[int, ...], ...]
    red_melds: tuple[int, ...]
    furiten: bool
    red_hand: int
    seat: int
    rivers: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    """Every discard of each seat, those claimed by others included (all of it public)."""
    since_riichi: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    """Kinds the other seats discarded after each seat's riichi: it let them pass (public, and safe
    against it: a riichi hand that passes a win is furiten)."""
    riichi_at: tuple[int | None, ...] = (None, None, None, None)
    """The index in each seat's discards of its sideways riichi tile (``RiichiState.riichi_at``)."""
    ura_indicators: tuple[Tile, ...] = ()
    """The ura dora indicators, shown once the hand is over with a riichi winner (empty before)."""
    liable: tuple[tuple[int, str] | None, ...] = (None, None, None, None)
    """For each seat, the seat liable (pao, 責任払い) for one of its yakuman and that yakuman's id."""
    red_in_melds: tuple[tuple[int, ...], ...] = ((), (), (), ())
    """How many red fives each of each seat's melds holds, in the order of its melds (``red_melds`` the
    sums): which called fives are red."""


_PUT: dict[str, Callable[[RiichiPublic, Any], None]] = {
    name: RiichiPublic.__dict__[name].__set__ for name in RiichiPublic.__match_args__}
"""Each field's slot setter, in field order (the order of ``_Captured._values``)."""
_new_public: Any = object.__new__


def capture_public(values: tuple[Any, ...]) -> RiichiPublic:
    """A public state holding ``values`` (every field, in field order) that sets its fields when one is
    first read."""
    state: RiichiPublic = _new_public(RiichiPublic)
    _VALUES.__set__(state, values)
    return state

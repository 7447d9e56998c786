"""What happened at the table, as typed events; ``as_dict`` is the form a record stores.

Every event is a frozen value with a ``kind`` (the record's ``e``). The engine writes the generic ones
below; a ruleset may define its own (subclass ``Event``, give it a ``kind``) for its phases and payments.

>>> Discard(seat=2, tile=4).as_dict()
{'e': 'discard', 'seat': 2, 'tile': 4}
>>> Act(1, Action.parse("pung")).as_dict()
{'e': 'act', 'seat': 1, 'a': 'pung'}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from majiang.actions import Action
from majiang.meld import KongKind

__all__ = ["FORFEIT_REASONS", "Act", "AddKong", "Claim", "Deal", "Discard", "Draw", "End", "Event",
           "FalseWinPenalty", "Flower", "Forfeit", "Kong", "Lay", "Payment", "Roll", "Start", "Win",
           "rolls_of"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; subclasses name their ``kind`` and their fields."""

    kind: ClassVar[str] = "event"

    def as_dict(self) -> dict[str, Any]:
        """The record form: ``{"e": kind, field: value, ...}`` in field order."""
        out: dict[str, Any] = {"e": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = getattr(self, f.name)
        return out


_E = TypeVar("_E", bound=Event)


def _quick(cls: type[_E]) -> type[_E]:
    """Give an event the engine makes on every step a faster ``__init__``: it sets the slots through their
    descriptors, not through ``object.__setattr__`` as a frozen dataclass does (same arguments, value)."""
    names = [f.name for f in dataclasses.fields(cls)]
    assert all(f.default is dataclasses.MISSING for f in dataclasses.fields(cls)), "no defaults here"
    scope = {f"_set_{name}": cls.__dict__[name].__set__ for name in names}
    body = "".join(f"    _set_{name}(self, {name})\n" for name in names)
    made: dict[str, Any] = {}
    exec(f"def __init__(self, {', '.join(names)}):\n{body}", scope, made)  # built from the field names
    made["__init__"].__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", made["__init__"])  # noqa: B010  (mypy: a method is not assigned to)
    return cls


@dataclass(frozen=True, slots=True)
class Start(Event):
    """The wall as shuffled (``ring``), the dice and who rolled, and the scores before the hand.

    ``seed`` is set only when it dealt this wall and these dice (a prepared wall records None).
    """

    kind: ClassVar[str] = "start"
    rules: str
    seed: int | None
    dealer: int
    round_wind: str
    ring: list[int]
    dice: list[int]
    second_roller: int
    scores: list[int]


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """The deal is done (each seat's tiles follow from the wall)."""

    kind: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class Flower(Event):
    """A bonus tile (花牌, 0-7) shown by ``seat`` and replaced from the wall's tail."""

    kind: ClassVar[str] = "flower"
    seat: int
    flower: int


@_quick
@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``seat`` drew ``tile`` (a kind 0-33), from the tail after a kong or a flower."""

    kind: ClassVar[str] = "draw"
    seat: int
    tile: int
    tail: bool


@_quick
@dataclass(frozen=True, slots=True)
class Act(Event):
    """An action a seat took, exactly as given (a record replays these)."""

    kind: ClassVar[str] = "act"
    seat: int
    action: Action

    def as_dict(self) -> dict[str, Any]:
        return {"e": "act", "seat": self.seat, "a": self.action.notation()}


@_quick
@dataclass(frozen=True, slots=True)
class Discard(Event):
    """``seat`` let ``tile`` go."""

    kind: ClassVar[str] = "discard"
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Kong(Event):
    """A concealed kong made from one's own tiles (``how`` ``KongKind.CONCEALED``, 暗杠; the record's
    ``"kind"``)."""

    kind: ClassVar[str] = "kong"
    seat: int
    tile: int
    how: KongKind

    def as_dict(self) -> dict[str, Any]:
        return {"e": "kong", "seat": self.seat, "tile": self.tile, "kind": str(self.how)}


@dataclass(frozen=True, slots=True)
class AddKong(Event):
    """``seat`` adds ``tile`` to its pung; others may rob it first."""

    kind: ClassVar[str] = "add-kong"
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Claim(Event):
    """``seat`` claimed the discard of ``giver`` into ``meld`` (notation)."""

    kind: ClassVar[str] = "claim"
    seat: int
    meld: str
    giver: int

    def as_dict(self) -> dict[str, Any]:
        return {"e": "claim", "seat": self.seat, "meld": self.meld, "from": self.giver}


@dataclass(frozen=True, slots=True)
class Win(Event):
    """A win: self-drawn by ``seats[0]`` (``giver`` None), or by ``seats`` on ``giver``'s discard or
    robbed kong."""

    kind: ClassVar[str] = "win"
    seats: tuple[int, ...]
    tile: int
    giver: int | None
    robbing: bool = False

    def as_dict(self) -> dict[str, Any]:
        if self.giver is None:
            return {"e": "win", "seat": self.seats[0], "self_drawn": True, "tile": self.tile}
        if self.robbing:
            return {"e": "win", "seats": list(self.seats), "tile": self.tile, "robbing": True,
                    "from": self.giver}
        return {"e": "win", "seats": list(self.seats), "tile": self.tile, "from": self.giver}


@dataclass(frozen=True, slots=True)
class FalseWinPenalty(Event):
    """A false win (错和) by ``seat`` and what it cost and paid."""

    kind: ClassVar[str] = "false-win"
    seat: int
    deltas: list[int]


FORFEIT_REASONS: dict[str, str] = {
    "TLE": "no answer within the time limit",
    "RE": "the program exited or crashed without an answer",
    "NJ": "the answer is not in the protocol's form (not JSON, no response)",
    "OLE": "the answer is too long",
    "MLE": "the program ran out of memory",
    "WA": "an answer the rules do not allow",
    "WH": "a win declared on a hand that does not win (错和)",
}
"""Why a seat forfeits a hand: Botzone's verdict codes for a bot's run and its judge's codes for a bad
answer (``WA``) and a false win (``WH``)."""


@dataclass(frozen=True, slots=True)
class Forfeit(Event):
    """``seat`` broke the table's protocol (an external program's timeout, crash, garbage or illegal
    answer, ``reason`` one of ``FORFEIT_REASONS``): the hand ends and ``deltas`` are its penalty.

    When the seats spoke the Botzone protocol, ``turn`` is the judge turn the bad answer was given to
    (the log's entry ``2 * turn + 1``) and ``responses`` what each seat answered to it (None: no answer).
    """

    kind: ClassVar[str] = "forfeit"
    seat: int
    reason: str
    deltas: list[int]
    turn: int | None = None
    responses: list[str | None] | None = None

    @property
    def response(self) -> str | None:
        """What the forfeiting seat answered (None: nothing, or not known)."""
        return None if self.responses is None else self.responses[self.seat]


@dataclass(frozen=True, slots=True)
class Lay(Event):
    """``seat`` laid ``meld`` (notation) face up from its own tiles: a meld of mixed tiles a ruleset
    declares (Changchun's 旋风杠 ``[ESWN,x]``)."""

    kind: ClassVar[str] = "lay"
    seat: int
    meld: str


@dataclass(frozen=True, slots=True)
class Roll(Event):
    """Dice rolled during a hand for a ruleset's chance rule (Changsha's kong tile, Changchun's 宝牌): who
    rolled (None: the table), ``why`` (the ruleset's word) and the dice. A record replays its rolls.

    >>> Roll(2, "kong", [3, 5]).as_dict()
    {'e': 'roll', 'seat': 2, 'why': 'kong', 'dice': [3, 5]}
    """

    kind: ClassVar[str] = "roll"
    seat: int | None
    why: str
    dice: list[int]


def rolls_of(events: Iterable[Mapping[str, Any]]) -> list[list[int]]:
    """The dice of every roll among a hand's events in record form, in order (``Game(rolls=...)``
    replays them).

    >>> rolls_of([{"e": "draw"}, Roll(None, "bird", [6]).as_dict()])
    [[6]]
    """
    return [list(e["dice"]) for e in events if e.get("e") == "roll" and isinstance(e.get("dice"), list)]


@dataclass(frozen=True, slots=True)
class Payment(Event):
    """Money moving during or at the end of a hand, for ``reason`` (a ruleset's word: ``kong``, ...)."""

    kind: ClassVar[str] = "payment"
    reason: str
    seat: int
    deltas: list[int]


@dataclass(frozen=True, slots=True)
class End(Event):
    """The hand is over: ``winners`` (empty for an exhaustive draw), their fan totals, and the changes
    paid at the end (payments logged as their own events are not repeated here)."""

    kind: ClassVar[str] = "end"
    winners: list[int]
    fans: list[int] | None
    deltas: list[int]

    def as_dict(self) -> dict[str, Any]:
        if self.fans is None:
            return {"e": "end", "winners": self.winners, "deltas": self.deltas}
        return {"e": "end", "winners": self.winners, "fans": self.fans, "deltas": self.deltas}

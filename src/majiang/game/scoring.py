"""What a win scores (``Score``, the win check's answer) and the protocol a ruleset's hand scorer follows
(``Ruleset.scorer()``): its win context as fields, plain data turned into the ruleset's own
``WinContext``, and a score. ``majiang.game.scoring`` scores plain
requests (batch lines, forms) through it for any registered ruleset.

>>> field_value(ContextField("honba", "int", 0, minimum=0), 2)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from majiang.errors import InvalidHandError, InvalidNotationError, InvalidOptionError
from majiang.hand import Hand, WinBy
from majiang.tiles import Tile

__all__ = ["DEALER_FIELD", "KINDS", "WINNER_FIELD", "WIN_FIELD", "ContextField", "Score", "Scored", "Scorer",
           "SheetScorer", "checked_win_by", "field_value", "giver_field", "giver_of", "read_values",
           "scoring_inputs"]

KINDS = ("bool", "choice", "int", "tiles", "wind")
"""The kinds of a context field: a flag, one of ``choices``, a whole number, tiles in notation, a wind."""


@dataclass(frozen=True, slots=True)
class ContextField:
    """One thing a win context of a ruleset takes, as a form or the command line shows it.

    ``name`` is the key in JSON and, with dashes, the command-line flag (``last_of_wall``:
    ``--last-of-wall``); ``default`` is the value when it is not given (a wind as ``E``, tiles as a
    tuple of notations); ``minimum``/``maximum`` bound an ``int`` (None: no bound); ``help`` and ``zh``
    are the English and Chinese labels.

    >>> ContextField("flowers", "int", 0, minimum=0, maximum=8).to_dict()["maximum"]
    8
    """

    name: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    help: str = ""
    zh: str = ""
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a context field's kind is one of {', '.join(KINDS)}, not {self.kind!r}")

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the calculator page builds its form from it)."""
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        return {"name": self.name, "kind": self.kind, "default": default, "choices": list(self.choices),
                "help": self.help, "zh": self.zh, "minimum": self.minimum, "maximum": self.maximum}


class Score(Protocol):
    """What a ruleset's win check returns: at least a ``total`` (fans, han, ...) and plain data for JSON."""

    @property
    def total(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class Scored(Protocol):
    """What a scorer returns: a ``Score`` (``total``, ``to_dict()``) that can also explain itself."""

    @property
    def total(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...

    def explain(self) -> str:
        """The score in readable lines."""
        ...


class Scorer(Protocol):
    """How a ruleset scores a hand it is shown (``Ruleset.scorer()``), under the ruleset's own options."""

    def context_fields(self) -> tuple[ContextField, ...]:
        """What the ruleset's win context takes, in the order a form shows it."""
        ...

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> Any:
        """The ruleset's ``WinContext`` from plain data keyed by field name (missing: the default);
        InvalidOptionError or InvalidHandError naming the field that is unknown, bad or ruled out."""
        ...

    def score(self, hand: Hand | str, context: Any) -> Scored:
        """The score of ``hand`` (a ``Hand`` or notation) won in ``context``."""
        ...


@runtime_checkable
class SheetScorer(Scorer, Protocol):
    """A scorer whose rules pay a win by the winner, the discarder and the fan total alone (Chinese
    Official: 8 + fans), so a score sheet can settle a win entered by hand (``majiang sheet``)."""

    def sheet_payments(self, winner: int, discarder: int | None, total: int) -> tuple[int, int, int, int]:
        """What a win entered on a sheet pays (``discarder`` None: self-drawn)."""
        ...


def field_value(field: ContextField, value: Any) -> Any:
    """A field's value from plain data, checked by its kind: a bool, one of the choices (text), an int
    within the bounds, a wind ``Tile``, or a tuple of ``Tile`` (notation or a list of notations).

    >>> field_value(ContextField("seat_wind", "wind", "E"), "s")
    <Tile.SOUTH: 28>
    >>> field_value(ContextField("dora", "tiles", ()), ["3m", "7z"])
    (<Tile.M3: 2>, <Tile.RED: 33>)
    >>> field_value(ContextField("flowers", "int", 0, minimum=0, maximum=8), 9)
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: flowers must be an integer from 0 to 8, not 9
    """
    name, kind = field.name, field.kind
    if kind == "bool":
        if type(value) is not bool:
            raise InvalidOptionError(f"{name} must be true or false, not {_shown(value)}")
        return value
    if kind == "choice":
        if not isinstance(value, str) or value not in field.choices:
            raise InvalidOptionError(f"{name} must be one of {', '.join(field.choices)}, not {_shown(value)}")
        return value
    if kind == "int":
        low, high = field.minimum, field.maximum
        if type(value) is not int or (low is not None and value < low) or (high is not None and value > high):
            raise InvalidOptionError(f"{name} must be {_range(low, high)}, not {_shown(value)}")
        return value
    if kind == "wind":
        from majiang.rules.mcr import parse_wind

        return parse_wind(value, name)
    texts = [value] if isinstance(value, str) else value
    if not isinstance(texts, list | tuple) or not all(isinstance(t, str | Tile) for t in texts):
        raise InvalidOptionError(f"{name} must be tiles in notation (a text or a list of texts), "
                                 f"not {_shown(value)}")
    from majiang.notation import parse_tiles

    tiles: list[Tile] = []
    for text in texts:
        try:
            # A red five (0m) indicates as a five does.
            tiles += [text] if isinstance(text, Tile) else parse_tiles(text.replace("0", "5"))
        except InvalidNotationError as err:
            raise InvalidOptionError(f"{name}: {err}") from None
    return tuple(tiles)


def read_values(fields: Iterable[ContextField], values: Mapping[str, Any], rules: str) -> dict[str, Any]:
    """Every field's value (``field_value``; its default where ``values`` lacks it), by name; a key
    that is no field of the ruleset ``rules`` is refused by name.

    >>> fields = (ContextField("riichi", "bool", False), ContextField("honba", "int", 0, minimum=0))
    >>> read_values(fields, {"honba": 2}, "riichi")
    {'riichi': False, 'honba': 2}
    >>> read_values(fields, {"flowers": 2}, "riichi")
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: ruleset 'riichi' takes no flowers; its win context takes riichi, honba
    """
    fields = tuple(fields)
    names = {f.name for f in fields}
    for key in values:
        if key not in names:
            raise InvalidOptionError(f"ruleset {rules!r} takes no {key}; its win context takes "
                                     f"{', '.join(f.name for f in fields) or 'nothing'}")
    return {f.name: field_value(f, values.get(f.name, f.default)) for f in fields}


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"an integer from {low} to {high}"
    if low == 0 and high is None:
        return "a whole number"
    return "an integer" if low is None and high is None else \
        f"an integer of at least {low}" if high is None else f"an integer of at most {high}"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


WIN_FIELD = ContextField("win", "choice", "discard", tuple(w.value for w in WinBy),
                         "How the hand was won (kong-replacement: 杠上开花, robbing-kong: 抢杠和)",
                         "和牌方式")
"""How a hand was won, as every built-in ruleset takes it."""
WINNER_FIELD = ContextField("winner", "int", 0, help="The winner's seat, 0-3 in turn order", zh="胡牌方",
                            minimum=0, maximum=3)
"""The winner's seat, where a ruleset's payments go by seat."""
DEALER_FIELD = ContextField("dealer", "int", 0, help="The dealer's seat (庄家), 0-3", zh="庄家", minimum=0,
                            maximum=3)
"""The dealer's seat."""
SEATS = ("0", "1", "2", "3")
"""A seat as a choice's text."""


def giver_field(help: str, zh: str) -> ContextField:
    """The seat that gave the winning tile, or ``auto`` (``giver_of``), in a ruleset's own words."""
    return ContextField("giver", "choice", "auto", ("auto", *SEATS), help=help, zh=zh)


def giver_of(value: str, win_by: WinBy, winner: int) -> int | None:
    """A ``giver_field``'s seat: the one given, or for ``auto`` none on a self-draw and the winner's 上家
    otherwise.

    >>> giver_of("auto", WinBy.DISCARD, 0), giver_of("auto", WinBy.SELF_DRAWN, 0)
    (3, None)
    >>> giver_of("2", WinBy.DISCARD, 0)
    2
    """
    if value != "auto":
        return int(value)
    return None if win_by.self_drawn else (winner - 1) % 4


def checked_win_by(value: object) -> WinBy:
    """A win context's ``win_by``: a ``WinBy`` or its value (``"self-drawn"``); InvalidOptionError naming the
    choices for another text, TypeError for anything else.

    >>> checked_win_by("self-drawn")
    <WinBy.SELF_DRAWN: 'self-drawn'>
    """
    if isinstance(value, WinBy):
        return value
    if isinstance(value, str):
        try:
            return WinBy(value)
        except ValueError:
            raise InvalidOptionError(f"win_by must be one of {', '.join(w.value for w in WinBy)}, "
                                     f"not {value!r}") from None
    raise TypeError(f"win_by must be a WinBy, not {value!r}")


Ctx = TypeVar("Ctx")
Opt = TypeVar("Opt")


def scoring_inputs(hand: Hand | str, context: Ctx | None, options: Opt | None, context_type: type[Ctx],
                   options_type: type[Opt]) -> tuple[Hand, Ctx, Opt]:
    """What a ruleset's ``score(hand, context, options)`` reads, checked: the hand parsed from notation and
    complete (14 tiles, kongs counted as 3), the context and options of the ruleset's own types (their
    defaults when None); TypeError or InvalidHandError saying which is wrong."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if not isinstance(hand, Hand):
        raise TypeError(f"hand must be a Hand or its notation, not {hand!r}")
    context = context_type() if context is None else context
    if not isinstance(context, context_type):
        raise TypeError(f"context must be a {context_type.__name__}, not {context!r}")
    options = options_type() if options is None else options
    if not isinstance(options, options_type):
        raise TypeError(f"options must be {options_type.__name__}, not {options!r}")
    if hand.winning_tile is None:
        raise InvalidHandError("a winning hand has 14 tiles (with kongs counted as 3); this one has 13")
    return hand, context, options

"""Actions a seat can take, as small immutable values with a text form.

>>> Action.parse("discard 5m")
Action.parse('discard 5m')
>>> Action.parse("chow 3p").tile, Action(ActionKind.PASS).notation()
(<Tile.P3: 11>, 'pass')
>>> Action.parse("exchange 9m1m1m").notation(), Action.parse("void s").tile
('exchange 1m1m9m', <Tile.S1: 18>)
>>> Action.parse("chow 406m").tiles, Action.parse("pung 0p").notation()  # a red five named (riichi)
((<Tile.M5: 4>,), 'pung 0p')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from majiang.errors import InvalidActionError, InvalidNotationError
from majiang.tiles import ALL_TILES, Tile

__all__ = ["Action", "ActionKind", "ActionSpec", "declare_action", "declared_action"]


class ActionKind(IntEnum):
    """What a seat does; the tile (if any) says with what."""

    DISCARD = 0  # 打牌: tile = the tile let go
    CHOW = 1  # 吃: tile = the lowest tile of the chow made with the discard
    PUNG = 2  # 碰
    KONG = 3  # 明杠 on a discard
    CONCEALED_KONG = 4  # 暗杠: tile = the kind
    ADDED_KONG = 5  # 加杠: tile = the kind added to a pung
    WIN = 6  # 和: on a discard, a robbed kong, or one's own draw
    PASS = 7  # 过
    VOID = 8  # 定缺: tile = the 1 of the suit declared void (text ``void m``)
    EXCHANGE = 9  # 换三张: tiles = the three tiles passed on (text ``exchange 1m1m9m``)
    RIICHI = 10  # 立直: declare ready and discard the tile (text ``riichi 5m``)
    ABORT = 11  # 流局 declared on one's turn: riichi's nine kinds of terminals and honors (九種九牌)
    DECLARED = 12  # a ruleset's own action (``declare_action``), named by ``Action.name``

    @classmethod
    def _missing_(cls, value: object) -> ActionKind:
        raise InvalidActionError(f"no action kind {value!r}: one of {', '.join(k.word for k in cls)}")

    @property
    def word(self) -> str:
        """The action's name in the text form."""
        return self.name.lower().replace("_", "-")


_WITH_TILE = {ActionKind.DISCARD, ActionKind.CHOW, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
              ActionKind.RIICHI}
_RED = {ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.PUNG}
"""Kinds that may name a red five (text ``discard 0m``, ``pung 0m``: the red copy, ``tile`` the five and
``tiles`` holding it once). A chow names it in its run: ``chow 406m`` (``tile`` the run's lowest)."""
_BY_WORD = {k.word: k for k in ActionKind if k is not ActionKind.DECLARED}


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action a ruleset declares (``Ruleset.actions``): its ``name`` in the text form (lower-case
    words joined by ``-``, unique across rulesets), whether it names a ``tile``, and how displays show it
    (``en``, ``zh``; ``help`` a sentence for help pages).

    >>> ActionSpec("take-last", "take the last tile", "要海底").to_dict()["zh"]
    '要海底'
    """

    name: str
    en: str
    zh: str
    tile: bool = False
    help: str = ""

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name) or self.name in _BY_WORD:
            raise InvalidActionError(f"a declared action's name is lower-case words joined by '-' and not a "
                                     f"built-in action, not {self.name!r}")

    def action(self, tile: Tile | None = None) -> Action:
        """The action of this kind (with ``tile`` where the kind names one)."""
        if self.tile != (tile is not None):
            raise InvalidActionError(f"{self.name} {'needs' if self.tile else 'takes no'} tile")
        return Action(ActionKind.DECLARED, tile, (), self.name)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON (the web table builds its buttons from it)."""
        return {"name": self.name, "en": self.en, "zh": self.zh, "tile": self.tile, "help": self.help}


_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
_DECLARED: dict[str, ActionSpec] = {}


def declare_action(spec: ActionSpec) -> ActionSpec:
    """Make ``spec`` an action every part of majiang reads and writes (``Action.parse``, records, displays,
    the RL action space); a name may be declared once, or again with the same spec (a re-import)."""
    known = _DECLARED.get(spec.name)
    if known is not None and known != spec:
        raise InvalidActionError(f"an action {spec.name!r} is already declared: {known}")
    _DECLARED[spec.name] = spec
    return spec


def declared_action(name: str) -> ActionSpec:
    """The declared action ``name`` (InvalidActionError if no ruleset declared it)."""
    spec = _DECLARED.get(name)
    if spec is None:
        raise InvalidActionError(f"no action {name!r} is declared")
    return spec
_SUITS = "mps"


class Action(NamedTuple):
    """One action. ``tile`` is needed for discards, chows and the kongs made from one's own tiles (and is
    the suit's 1 for ``void``); ``tiles`` holds the tiles of an ``exchange``, sorted; ``name`` is the name
    of a ruleset's own action (kind ``DECLARED``, ``declare_action``)."""

    kind: ActionKind
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()
    name: str = ""

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"discard 5m"``, ``"chow 3p"``, ``"pung"``, ``"concealed-kong E"``, ``"win"``, ``"pass"``.

        Raises ``InvalidActionError`` for text that is not an action; whether the game allows it is
        ``Game.apply``'s question (``IllegalActionError``).
        """
        from majiang.notation import parse_tiles

        words = text.split()
        if words and words[0].lower() not in _BY_WORD and words[0] in _DECLARED:
            return cls._parse_declared(_DECLARED[words[0]], words, parse_tiles)
        if not words or words[0].lower() not in _BY_WORD:
            raise InvalidActionError(f"unknown action {text!r}; one of {', '.join([*_BY_WORD, *_DECLARED])}")
        kind = _BY_WORD[words[0].lower()]
        if kind == ActionKind.VOID:
            if len(words) != 2 or words[1] not in _SUITS:
                raise InvalidActionError("void needs one suit letter: 'void m', 'void p' or 'void s'")
            return cls(kind, ALL_TILES[9 * _SUITS.index(words[1])])
        if kind == ActionKind.EXCHANGE:
            if len(words) != 2:
                raise InvalidActionError("exchange needs its tiles, e.g. 'exchange 1m1m9m'")
            try:
                tiles = parse_tiles(words[1])
            except InvalidNotationError as err:
                raise InvalidActionError(f"exchange needs tiles: {err}") from None
            return cls(kind, None, tuple(sorted(tiles)))
        if kind in _RED and len(words) == 2 and len(words[1]) == 2 and words[1][0] == "0" \
                and words[1][1] in _SUITS:
            five = ALL_TILES[9 * _SUITS.index(words[1][1]) + 4]
            return cls(kind, five, (five,))
        if kind == ActionKind.CHOW and len(words) == 2 and len(words[1]) == 4 and "0" in words[1]:
            return cls._parse_red_chow(words[1])
        if kind in _WITH_TILE:
            return cls(kind, _one_tile(kind.word, words, parse_tiles))
        if len(words) != 1:
            raise InvalidActionError(f"{kind.word} takes no tile")
        return cls(kind)

    @classmethod
    def _parse_red_chow(cls, run: str) -> Action:
        """``chow 406m``: the chow of 4m 5m 6m made with the red 5m (``tiles`` holding the five)."""
        suit = run[3]
        ranks = [5 if d == "0" else int(d) if d.isdigit() else 0 for d in run[:3]]
        low = ranks[0]
        if suit not in _SUITS or run.count("0") != 1 or not 1 <= low <= 7 \
                or ranks != [low, low + 1, low + 2]:
            raise InvalidActionError(f"a chow naming its red five is its run with the five as 0 "
                                     f"('chow 406m', 'chow 340p'), not {run!r}")
        base = 9 * _SUITS.index(suit)
        return cls(ActionKind.CHOW, ALL_TILES[base + low - 1], (ALL_TILES[base + 4],))

    @classmethod
    def _parse_declared(cls, spec: ActionSpec, words: list[str], parse_tiles: Any) -> Action:
        if not spec.tile:
            if len(words) != 1:
                raise InvalidActionError(f"{spec.name} takes no tile")
            return spec.action()
        return spec.action(_one_tile(spec.name, words, parse_tiles))

    def notation(self) -> str:
        """The text form, e.g. ``discard 5m``."""
        if self.name:
            return self.name if self.tile is None else f"{self.name} {ALL_TILES[self.tile].notation()}"
        if self.kind == ActionKind.VOID and self.tile is not None and self.tile < 27:
            return f"void {_SUITS[self.tile // 9]}"  # (an honor is no suit: shown as given, for errors)
        if self.tiles and self.kind in _RED and self.tile is not None:
            return f"{self.kind.word} 0{_SUITS[self.tile // 9]}"
        if self.tiles and self.kind == ActionKind.CHOW and self.tile is not None:
            low = self.tile % 9 + 1
            run = "".join("0" if r == 5 else str(r) for r in (low, low + 1, low + 2))
            return f"chow {run}{_SUITS[self.tile // 9]}"
        if self.tiles:
            return f"{self.kind.word} {''.join(ALL_TILES[t].notation() for t in self.tiles)}"
        if self.tile is None:
            return self.kind.word
        return f"{self.kind.word} {ALL_TILES[self.tile].notation()}"

    def __repr__(self) -> str:
        return f"Action.parse({self.notation()!r})"


def _one_tile(word: str, words: list[str], parse_tiles: Any) -> Tile:
    """The one tile an action's text names after its ``word`` (``discard 5m``), or a clear error."""
    if len(words) != 2:
        raise InvalidActionError(f"{word} needs one tile, e.g. '{word} 5m'")
    try:
        tiles = parse_tiles(words[1])
    except InvalidNotationError as err:
        raise InvalidActionError(f"{word} needs a tile: {err}") from None
    if len(tiles) != 1:
        raise InvalidActionError(f"{word} needs exactly one tile, not {words[1]!r}")
    return Tile(tiles[0])

"""The fixed discrete action space: every engine ``Action`` as one index, and back.

Layout (953 indices; the ranges of later rulesets are appended, so earlier indices never move):

====================  ===========  ==========================================
indices               action       tile
====================  ===========  ==========================================
0-33                  discard      the tile let go (code 0-33)
34-67                 chow         the lowest tile of the chow
68                    pung
69                    kong         on a discard (明杠)
70-103                concealed-   the kind (暗杠)
                      kong
104-137               added-kong   the kind added to a pung (加杠)
138                   win
139                   pass
140-142               void         the suit m, p, s (定缺)
143-637               exchange     three tiles of one suit (换三张): suit * 165
                                   + the rank of the sorted ranks among the
                                   165 multisets of three ranks 1-9
638-671               riichi       the tile let go with the declaration (立直)
672                   abort        九種九牌, declared on one's turn (riichi)
673-952               declared     a ruleset's own actions (``Ruleset.actions``):
                                   35 per action in the order the ruleset
                                   declares them (8 at most): the first with
                                   no tile, then one per tile code 0-33
====================  ===========  ==========================================

The declared range is read with the ruleset (``action_index(action, rules)``, ``action_of(index,
rules)``); the rest needs none.

>>> action_index(Action.parse("discard 5m")), action_of(138).notation()
(4, 'win')
>>> action_of(action_index(Action.parse("exchange 9s1s1s"))).notation()
'exchange 1s1s9s'
"""

from __future__ import annotations

import warnings
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from majiang.actions import Action, ActionKind
from majiang.errors import InvalidActionError
from majiang.tiles import ALL_TILES

if TYPE_CHECKING:
    from majiang.game.ruleset import Ruleset

__all__ = ["ACTION_COUNT", "DECLARED", "DECLARED_SLOTS", "action_index", "action_of", "kind_of"]

# The first index of each range (``CHOW_INDEX``: 34, the chow of 1m); ``majiang.game.ruleset.CHOW`` and the
# like are actions.
DISCARD_INDEX, CHOW_INDEX, PUNG_INDEX, KONG_INDEX = 0, 34, 68, 69
CONCEALED_KONG_INDEX, ADDED_KONG_INDEX = 70, 104
WIN_INDEX, PASS_INDEX, VOID_INDEX, EXCHANGE_INDEX = 138, 139, 140, 143
_TRIPLES = tuple(combinations_with_replacement(range(9), 3))  # 165 sorted rank triples
_TRIPLE_INDEX = {t: i for i, t in enumerate(_TRIPLES)}
RIICHI_INDEX = EXCHANGE_INDEX + 3 * len(_TRIPLES)
ABORT_INDEX = RIICHI_INDEX + 34
DECLARED = ABORT_INDEX + 1
DECLARED_SLOTS = 8
"""How many actions of its own a ruleset may declare and still have them in the space."""
ACTION_COUNT = DECLARED + 35 * DECLARED_SLOTS
"""How many indices the action space has (953)."""
_TILE_BASE = {ActionKind.DISCARD: DISCARD_INDEX, ActionKind.CHOW: CHOW_INDEX,
              ActionKind.CONCEALED_KONG: CONCEALED_KONG_INDEX, ActionKind.ADDED_KONG: ADDED_KONG_INDEX,
              ActionKind.RIICHI: RIICHI_INDEX}
_PLAIN = {ActionKind.PUNG: PUNG_INDEX, ActionKind.KONG: KONG_INDEX, ActionKind.WIN: WIN_INDEX,
          ActionKind.PASS: PASS_INDEX, ActionKind.ABORT: ABORT_INDEX}


def action_index(action: Action, rules: Ruleset | None = None) -> int:
    """The index of an engine action in the discrete space (a ruleset's own action: with ``rules``)."""
    kind = action.kind
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind is ActionKind.DECLARED:
        slot = _slot(action.name, rules)
        return DECLARED + 35 * slot + (0 if action.tile is None else 1 + int(action.tile))
    if kind in _TILE_BASE and action.tile is not None and 0 <= action.tile < 34:
        return _TILE_BASE[kind] + int(action.tile)
    if kind == ActionKind.VOID and action.tile is not None and action.tile in (0, 9, 18):
        return VOID_INDEX + int(action.tile) // 9
    if kind == ActionKind.EXCHANGE and len(action.tiles) == 3:
        suit = action.tiles[0] // 9
        ranks = tuple(sorted(int(t) - 9 * suit for t in action.tiles))
        if suit < 3 and ranks in _TRIPLE_INDEX and all(t // 9 == suit for t in action.tiles):
            return EXCHANGE_INDEX + 165 * suit + _TRIPLE_INDEX[ranks]
    raise InvalidActionError(f"action {action.notation()!r} has no index in the discrete action space")


def _slot(name: str, rules: Ruleset | None) -> int:
    names = [spec.name for spec in rules.actions] if rules is not None else []
    if name not in names:
        whose = "no ruleset given" if rules is None else f"ruleset {rules.name!r} declares {names or 'none'}"
        raise InvalidActionError(f"action {name!r} has no index in the discrete action space ({whose})")
    if names.index(name) >= DECLARED_SLOTS:
        raise InvalidActionError(f"action {name!r} is past the {DECLARED_SLOTS} declared actions the space "
                                 f"holds")
    return names.index(name)


def kind_of(index: int) -> ActionKind:
    """The ``ActionKind`` of an index, whatever the ruleset."""
    return ActionKind.DECLARED if index >= DECLARED else action_of(index).kind


def action_of(index: int, rules: Ruleset | None = None) -> Action:
    """The engine action of an index (InvalidActionError outside 0 to ACTION_COUNT - 1, or at a declared
    index the ruleset, given as ``rules``, does not use)."""
    if not 0 <= index < ACTION_COUNT:
        raise InvalidActionError(f"action index {index!r} is outside 0-{ACTION_COUNT - 1}")
    if index >= DECLARED:
        slot, code = divmod(index - DECLARED, 35)
        specs = () if rules is None else rules.actions
        if slot >= len(specs) or (code > 0) != specs[slot].tile:
            whose = "no ruleset given" if rules is None else f"ruleset {rules.name!r} declares no such action"
            raise InvalidActionError(f"action index {index} is a ruleset's own action ({whose})")
        return specs[slot].action(None if code == 0 else ALL_TILES[code - 1])
    for kind, code in _PLAIN.items():
        if index == code:
            return Action(kind)
    if index >= RIICHI_INDEX and index < ABORT_INDEX:
        return Action(ActionKind.RIICHI, ALL_TILES[index - RIICHI_INDEX])
    if index >= EXCHANGE_INDEX:
        suit, rank = divmod(index - EXCHANGE_INDEX, 165)
        return Action(ActionKind.EXCHANGE, None, tuple(ALL_TILES[9 * suit + r] for r in _TRIPLES[rank]))
    if index >= VOID_INDEX:
        return Action(ActionKind.VOID, ALL_TILES[9 * (index - VOID_INDEX)])
    for kind, base in sorted(_TILE_BASE.items(), key=lambda kv: -kv[1]):
        if base >= VOID_INDEX:
            continue
        if index >= base:
            return Action(kind, ALL_TILES[index - base])
    raise AssertionError("unreachable: every index below ACTION_COUNT falls in a range")


_OLD_NAMES = ("DISCARD", "CHOW", "PUNG", "KONG", "CONCEALED_KONG", "ADDED_KONG", "WIN", "PASS", "VOID",
              "EXCHANGE", "RIICHI", "ABORT")


def __getattr__(name: str) -> int:
    """The old names of the first indices (``CHOW`` for ``CHOW_INDEX``; ``majiang.game.ruleset.CHOW`` is
    an action) for one release, with a warning."""
    if name in _OLD_NAMES:
        warnings.warn(f"majiang.env.actions.{name} is now {name}_INDEX; the old name goes in the next "
                      "release", DeprecationWarning, stacklevel=2)
        index: int = globals()[f"{name}_INDEX"]
        return index
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

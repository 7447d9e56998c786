"""The fast playout policy of the search bot: win when offered, else the discard leaving the lowest shanten
(declaring riichi with it where the ruleset offers that; against a seat that has shown it is ready, a safe
tile unless the hand is ready: ``Ruleset.playout_safe``), never a claim (docs/bots.md, ``search``). Its own
module so that the search bot and the fan plans (``majiang.bots.plans``) both use it without importing each
other.

The shanten is the seat's own under its ruleset (``Ruleset.efficiency``: the ``model`` a playout passes
for each seat); without one, or with the Chinese Official one, every Chinese Official form, counted the
fast way (``shanten_counts``, with the lone-tile shortcuts below).
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.actions import Action, ActionKind
from majiang.analysis.shanten import shanten_counts
from majiang.bots.common import PASS, PREFERENCE, WIN
from majiang.game.ruleset import CHINESE_EFFICIENCY, Efficiency
from majiang.game.table import Game, Phase
from majiang.meld import Meld
from majiang.tiles import ALL_TILES

__all__ = ["quick_action"]

_TURN, _ASK = Phase.TURN, Phase.ASK
_DECLARED = ActionKind.DECLARED
_DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in ALL_TILES)
_RIICHI = tuple(Action(ActionKind.RIICHI, t) for t in ALL_TILES)

_PICKS: dict[bytes, int] = {}
"""The playout policy's discard by hand (counts and meld count): cleared when it holds ``_MAX_PICKS``."""
_MAX_PICKS = 1 << 16
_MELDS = tuple(bytes([100 + n]) for n in range(5))
_LONE_ORDER = tuple(sorted(range(27), key=lambda k: (PREFERENCE[k], k)))
"""Suited kinds, terminals first, then 2s and 8s, then the rest."""
_MODEL_PICKS: dict[int, tuple[Efficiency, dict[bytes, int]]] = {}
"""The discards by hand under each other model (by its id; the model kept so that the id stays its own):
the hand's key holds its melds' tiles, which such a model may read (suits shown, a pung, a terminal)."""


def _quick_discard(counts: list[int], melds: int) -> int:
    """The kind whose discard leaves the lowest shanten, honors first, then terminals, 2s and 8s, then
    the lowest. A lone honor, else a lone suited tile (no other within two ranks), goes at once without
    counting: letting it go seldom raises the shanten of the usual forms."""
    for k in range(27, 34):
        if counts[k] == 1:
            return k
    lone = -1
    for k in _LONE_ORDER:
        if counts[k] == 1:
            r = k % 9
            if not ((r > 0 and counts[k - 1]) or (r > 1 and counts[k - 2]) or (r < 8 and counts[k + 1])
                    or (r < 7 and counts[k + 2])):
                lone = k
                break
    if lone >= 0:
        return lone
    best = 99
    pick = -1
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            key = shanten_counts(counts, melds) * 4 + PREFERENCE[k]
            counts[k] += 1
            if key < best:
                best, pick = key, k
    return pick


def _model_discard(counts: list[int], melds: Sequence[Meld], model: Efficiency) -> int:
    """The kind whose discard leaves the lowest shanten by ``model``, kinds dead to the seat first, then
    honors, terminals, 2s and 8s, then the lowest. No lone-tile shortcut: under other forms a lone honor or
    terminal may be what the hand needs (Changchun's 1/9, a half flush's honors).

    The kinds are tried in that order and the first whose discard leaves the whole hand's own shanten (no
    discard leaves less: a tile more never takes a hand further from a win; 0 at least, a hand left with
    13 tiles is never complete) is taken at once: the same pick as trying them all, for far fewer counts
    under rules whose shanten is dear (Yangzhou's big forms)."""
    floor = max(0, model.shanten(counts, melds))
    order = sorted((k for k in range(34) if counts[k]),
                   key=lambda k: (not model.is_dead(k), PREFERENCE[k], k))
    best = 1 << 30
    pick = -1
    for k in order:
        counts[k] -= 1
        value = model.shanten(counts, melds)
        counts[k] += 1
        if value <= floor:
            return k
        if value < best:
            best, pick = value, k
    return pick


def _model_picks(model: Efficiency) -> dict[bytes, int]:
    found = _MODEL_PICKS.get(id(model))
    if found is None or found[0] is not model:
        if len(_MODEL_PICKS) >= 64:
            _MODEL_PICKS.clear()
        found = _MODEL_PICKS[id(model)] = (model, {})
    return found[1]


def _shanten(counts: list[int], melds: Sequence[Meld], model: Efficiency | None) -> int:
    if model is None or model is CHINESE_EFFICIENCY:
        return shanten_counts(counts, len(melds))
    return model.shanten(counts, melds)


def _fold(counts: list[int], melds: Sequence[Meld], model: Efficiency | None, pick: int,
          safe: frozenset[int], legal: Sequence[Action]) -> int:
    """``pick`` if it leaves the hand ready (push), else the safe kind (``Ruleset.playout_safe``) whose
    discard leaves the lowest shanten, honors and terminals first; ``pick`` when none is held. Without it
    a playout's seats never fold, so every candidate was valued as if the seat pushed after it and the
    search under riichi dealt in more than its prior (docs/bots.md)."""
    counts[pick] -= 1
    ready = _shanten(counts, melds, model) == 0
    counts[pick] += 1
    if ready:
        return pick
    best = 1 << 30
    fold = pick
    for k in safe:
        if counts[k] and _DISCARDS[k] in legal:
            counts[k] -= 1
            key = _shanten(counts, melds, model) * 4 + PREFERENCE[k]
            counts[k] += 1
            if key < best or (key == best and k < fold):
                best, fold = key, k
    return fold


def quick_action(game: Game, seat: int, model: Efficiency | None = None) -> Action:
    """The playout policy's action for ``seat``: win if offered; on its turn the discard leaving the
    lowest shanten by ``model`` (the seat's ``Ruleset.efficiency``; every Chinese Official form if None),
    declaring riichi with it where offered (a ruleset offers riichi, or Changchun's 上听, only with a
    discard leaving the hand ready); to a ruleset's question during play (the last tile offered, 海底), its
    own action when the hand is ready, else pass; else pass."""
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if WIN in legal:
        return WIN
    phase = game.phase
    if phase is _TURN:
        counts = game.counts[seat]
        melds = game.melds[seat]
        if model is None or model is CHINESE_EFFICIENCY:
            # The same hands recur across the candidates of a sample (common random numbers): remember them.
            key = bytes(counts) + _MELDS[len(melds)]
            pick = _PICKS.get(key)
            if pick is None:
                if len(_PICKS) >= _MAX_PICKS:
                    _PICKS.clear()
                pick = _PICKS[key] = _quick_discard(counts, len(melds))
        else:
            picks = _model_picks(model)
            key = bytes(counts) + bytes(t for m in melds for t in (99, *m.tiles))
            pick = picks.get(key, -1)
            if pick < 0:
                if len(picks) >= _MAX_PICKS:
                    picks.clear()
                pick = picks[key] = _model_discard(counts, melds, model)
        safe = game.rules.playout_safe(game, seat)
        if safe is not None:
            pick = _fold(counts, melds, model, pick, safe, legal)
        action = _DISCARDS[pick]
        if action in legal:
            declare = _RIICHI[pick]
            return declare if declare in legal else action
        return next((a for a in legal if a.kind is ActionKind.DISCARD), legal[0])
    if phase is _ASK and PASS in legal:
        declared = [a for a in legal if a.kind is _DECLARED]
        if len(declared) == 1:
            counts = game.counts[seat]
            melds = game.melds[seat]
            ready = (shanten_counts(counts, len(melds)) if model is None
                     else model.shanten(counts, melds)) == 0
            return declared[0] if ready else PASS
    return PASS if PASS in legal else legal[0]

"""The fast playout policy of the search bot: win when offered, else the discard leaving the lowest shanten
(declaring riichi with it where the ruleset offers that), never a claim (docs/bots.md, ``search``). Its own
module so that the search bot and the fan plans (``majiang.bots.plans``) both use it without importing each
other."""

from __future__ import annotations

from collections.abc import Sequence

from majiang.actions import Action, ActionKind
from majiang.analysis.shanten import shanten_counts
from majiang.bots.common import PASS, PREFERENCE, WIN
from majiang.game.ruleset import Efficiency
from majiang.game.table import Game, Phase
from majiang.meld import Meld
from majiang.tiles import ALL_TILES

__all__ = ["playout_models", "quick_action"]

_TURN = Phase.TURN
_DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in ALL_TILES)
_RIICHI = tuple(Action(ActionKind.RIICHI, t) for t in ALL_TILES)

_PICKS: dict[bytes, int] = {}
"""The playout policy's discard by hand (counts and meld count): cleared when it holds ``_MAX_PICKS``."""
_MAX_PICKS = 1 << 16
_MELDS = tuple(bytes([100 + n]) for n in range(5))
_LONE_ORDER = tuple(sorted(range(27), key=lambda k: (PREFERENCE[k], k)))
"""Suited kinds, terminals first, then 2s and 8s, then the rest."""


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


_MODEL_PICKS: dict[Efficiency, dict[bytes, int]] = {}
"""As ``_PICKS``, by the efficiency judging the hand (``playout_models``): cleared when one fills."""


def playout_models(game: Game) -> list[Efficiency | None] | None:
    """Each seat's efficiency for the playout policy where the ruleset asks for it
    (``Ruleset.playout_efficiency``: the seat's ``efficiency(view)``, read once a playout: it changes only
    in the opening); None where the policy counts Chinese Official shanten."""
    rules = game.rules
    if not rules.playout_efficiency:
        return None
    return [rules.efficiency(game.view(s)) for s in range(4)]


def _model_discard(counts: list[int], melds: Sequence[Meld], model: Efficiency) -> int:
    """The kind whose discard leaves the lowest shanten by ``model``: a dead kind (a void suit's) at once,
    then honors, terminals, 2s and 8s, then the lowest among equals."""
    for k in range(34):
        if counts[k] and model.is_dead(k):
            return k
    best = 1 << 20
    pick = -1
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            key = model.shanten(counts, melds) * 4 + PREFERENCE[k]
            counts[k] += 1
            if key < best:
                best, pick = key, k
    return pick


def quick_action(game: Game, seat: int, model: Efficiency | None = None) -> Action:
    """The playout policy's action for ``seat``: win if offered; on its turn the discard leaving the
    lowest shanten (honors, then terminals, then 2s and 8s first, then the lowest kind), declaring riichi
    with it where offered (a ruleset offers riichi only with a discard leaving the hand ready); else pass.
    Shanten is the Chinese Official one, or ``model``'s where given (``playout_models``: a ruleset's own
    forms, its dead kinds first)."""
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if WIN in legal:
        return WIN
    if game.phase is _TURN:
        counts = game.counts[seat]
        if model is not None:
            own = game.melds[seat]
            key = bytes(counts) + bytes(m.tile for m in own)
            picks = _MODEL_PICKS.get(model)
            if picks is None or len(picks) >= _MAX_PICKS:
                picks = _MODEL_PICKS[model] = {}
            pick = picks.get(key)
            if pick is None:
                pick = picks[key] = _model_discard(counts, own, model)
            action = _DISCARDS[pick]
            return action if action in legal else next(
                (a for a in legal if a.kind is ActionKind.DISCARD), legal[0])
        melds = len(game.melds[seat])
        # The same hands recur across the candidates of a sample (common random numbers): remember them.
        key = bytes(counts) + _MELDS[melds]
        pick = _PICKS.get(key)
        if pick is None:
            if len(_PICKS) >= _MAX_PICKS:
                _PICKS.clear()
            pick = _PICKS[key] = _quick_discard(counts, melds)
        action = _DISCARDS[pick]
        if action in legal:
            declare = _RIICHI[pick]
            return declare if declare in legal else action
        return next((a for a in legal if a.kind is ActionKind.DISCARD), legal[0])
    return PASS if PASS in legal else legal[0]

"""The table: a hand's state and ``apply(action)``, rulesets as hooks, the match, per-seat views."""

import warnings
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.game.match import Match, MatchHand, standard_scores
from majiang.game.ruleset import Ruleset, find_ruleset, register_ruleset, ruleset_names, score_plain
from majiang.game.scoring import ContextField, Scorer, read_values
from majiang.game.table import Game, HandResult, Phase, View, WinRecord

__all__ = [
    "Action",
    "ActionKind",
    "ContextField",
    "Game",
    "HandResult",
    "Match",
    "MatchHand",
    "Phase",
    "Ruleset",
    "Scorer",
    "View",
    "WinRecord",
    "find_ruleset",
    "read_values",
    "register_ruleset",
    "ruleset_names",
    "score_plain",
    "standard_scores",
]


def __getattr__(name: str) -> Any:
    """``SeatChanges`` and ``McrRules``, which are Chinese Official's, from their new modules with a
    warning (the engine imports no ruleset)."""
    if name == "McrRules":
        warnings.warn("majiang.game.McrRules moved to majiang.mcr.McrRules; the old path goes in the next "
                      "release", DeprecationWarning, stacklevel=2)
        from majiang.rules.mcr.ruleset import McrRules
        return McrRules
    if name == "SeatChanges":
        warnings.warn("majiang.game.SeatChanges moved to majiang.rules.mcr.seating.SeatChanges; the old path "
                      "goes in the next release", DeprecationWarning, stacklevel=2)
        from majiang.rules.mcr.seating import SeatChanges
        return SeatChanges
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The table: a hand's state and ``apply(action)``, rulesets as hooks, the match, per-seat views."""

from majiang.actions import Action, ActionKind
from majiang.game.match import Match, MatchHand, SeatChanges, standard_scores
from majiang.game.table import Game, HandResult, Phase, View, WinRecord
from majiang.rules.base import Ruleset, find_ruleset, register_ruleset, ruleset_names
from majiang.rules.mcr.table import McrRules
from majiang.rules.scoring import ContextField, Scorer, read_values, score_plain

__all__ = [
    "Action",
    "ActionKind",
    "ContextField",
    "Game",
    "HandResult",
    "Match",
    "MatchHand",
    "McrRules",
    "Phase",
    "Ruleset",
    "Scorer",
    "SeatChanges",
    "View",
    "WinRecord",
    "find_ruleset",
    "read_values",
    "register_ruleset",
    "ruleset_names",
    "score_plain",
    "standard_scores",
]

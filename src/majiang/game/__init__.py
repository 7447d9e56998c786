"""The table: a hand's state and ``apply(action)``, rulesets as hooks, the match, per-seat views."""

from majiang.game.actions import Action, ActionKind
from majiang.game.match import Match, MatchHand, SeatChanges, standard_scores
from majiang.game.rules import McrRules, Ruleset, find_rules
from majiang.game.table import Game, HandResult, Phase, View

__all__ = [
    "Action",
    "ActionKind",
    "Game",
    "HandResult",
    "Match",
    "MatchHand",
    "McrRules",
    "Phase",
    "Ruleset",
    "SeatChanges",
    "View",
    "find_rules",
    "standard_scores",
]

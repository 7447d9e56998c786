"""The table: a hand's state and ``apply(action)``, rulesets as hooks, the match, per-seat views."""

from majiang.actions import Action, ActionKind
from majiang.game.match import Match, MatchHand, SeatChanges, standard_scores
from majiang.game.ruleset import Ruleset, find_ruleset, register_ruleset, ruleset_names
from majiang.game.table import Game, HandResult, Phase, View, WinRecord
from majiang.rules.mcr.table import McrRules

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
    "WinRecord",
    "find_ruleset",
    "register_ruleset",
    "ruleset_names",
    "standard_scores",
]

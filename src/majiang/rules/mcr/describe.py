"""How Chinese Official rules are put into words for displays, replays and reports (``McrRules.describer()``):
the names of its fans and their points."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.game.describe import Describer
from majiang.game.names import RulesetWords
from majiang.game.scoring import Score
from majiang.rules.mcr.result import ScoreResult

__all__ = ["McrDescriber"]


@dataclass(frozen=True, slots=True)
class McrDescriber(Describer):
    """The Chinese Official ruleset's own describing (``majiang.game.describe.Describer``)."""

    def words(self) -> RulesetWords:
        """Chinese Official's names (``majiang.rules.mcr.words``)."""
        from majiang.rules.mcr.words import WORDS

        # a ruleset registered under another name says its own words (or has the defaults)
        return WORDS if getattr(self.rules, "name", "") == "mcr" else Describer.words(self)

    def score_names(self, score: Score) -> list[str]:
        """The Chinese names of the fans of a win (flowers 花牌 among them), each once."""
        assert isinstance(score, ScoreResult)
        return list(dict.fromkeys(hit.name for hit in score.fans))

    def describe_score(self, score: Score) -> str:
        """``14 fans (13 + 1 flowers): 海底捞月 8, 断幺 2, ...``."""
        assert isinstance(score, ScoreResult)
        fans = ", ".join(f"{hit.name} {hit.points}" for hit in score.fans)
        return f"{score.total} fans ({score.fan_total} + {score.flowers} flowers): {fans}"

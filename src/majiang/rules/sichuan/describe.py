"""How Sichuan and Chengdu rules are put into words for displays, replays and reports
(``SichuanRules.describer()``): its 番 and points, each seat's void suit."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.game.describe import Describer
from majiang.game.names import RulesetWords
from majiang.game.scoring import Score
from majiang.rules.sichuan.scoring import ScoreResult
from majiang.rules.sichuan.state import SichuanPublic

__all__ = ["SichuanDescriber"]


SUIT_NAMES = "万筒条"
"""The suits' Chinese names, m p s (a void is said 缺万, 缺筒, 缺条)."""


@dataclass(frozen=True, slots=True)
class SichuanDescriber(Describer):
    """The Sichuan and Chengdu ruleset's own describing (``majiang.game.describe.Describer``)."""

    def words(self) -> RulesetWords:
        """Sichuan's names, or Chengdu's for the ruleset registered as ``chengdu``."""
        from majiang.rules.sichuan.words import CHENGDU_WORDS, SICHUAN_WORDS

        name = getattr(self.rules, "name", "")
        if name not in ("sichuan", "chengdu"):  # a ruleset registered under another name says its own words
            return Describer.words(self)
        return CHENGDU_WORDS if name == "chengdu" else SICHUAN_WORDS

    def score_names(self, score: Score) -> list[str]:
        """The Chinese names of the fans of a win, each once."""
        assert isinstance(score, ScoreResult)
        return list(dict.fromkeys(hit.fan.zh for hit in score.fans))

    def describe_score(self, score: Score) -> str:
        """``3 番, 24 points: 清一色 2, 根 1``."""
        assert isinstance(score, ScoreResult)
        fans = ", ".join(f"{hit.fan.zh} {hit.value}" for hit in score.fans)
        return f"{score.total} 番, {score.points} points: {fans}"

    def seat_badges(self, state: SichuanPublic) -> tuple[str, str, str, str]:
        """Each seat's void suit once declared, as players say it (``缺万``: lacking characters), for a table
        display.

        >>> SichuanDescriber(None).seat_badges(SichuanPublic((0, None, 2, 1), None, (0, 0, 0, 0)))
        ('缺万', '', '缺条', '缺筒')
        """
        marks = ["" if v is None else f"缺{SUIT_NAMES[v]}" for v in state.voids]
        return (marks[0], marks[1], marks[2], marks[3])

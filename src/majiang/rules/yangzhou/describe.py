"""How Yangzhou rules are put into words for displays, replays and reports (``YangzhouRules.describer()``):
the fans of a win, its total against the minimum, and who pays."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.game.describe import Describer
from majiang.game.names import RulesetWords
from majiang.game.scoring import Score
from majiang.rules.yangzhou.scoring import YangzhouScore

__all__ = ["YangzhouDescriber"]


@dataclass(frozen=True, slots=True)
class YangzhouDescriber(Describer):
    """The Yangzhou ruleset's own describing (``majiang.game.describe.Describer``)."""

    def words(self) -> RulesetWords:
        """Yangzhou's names (``majiang.rules.yangzhou.words``)."""
        from majiang.rules.yangzhou.words import WORDS

        # a ruleset registered under another name says its own words (or has the defaults)
        return WORDS if getattr(self.rules, "name", "") == "yangzhou" else Describer.words(self)

    def score_names(self, score: Score) -> list[str]:
        """The Chinese names of the fans a win made."""
        assert isinstance(score, YangzhouScore)
        return [line.fan.zh for line in score.fans]

    def describe_score(self, score: Score) -> str:
        """``25 番 (门清 1, 一条龙 20, ...), 放炮 pays double``: the fans and how the win is paid."""
        assert isinstance(score, YangzhouScore)
        fans = ", ".join(f"{line.fan.zh} {line.points}" for line in score.fans)
        how = "each other seat pays one share" if score.context.win_by.self_drawn else "放炮 pays double"
        return f"{score.total} 番 ({fans}), {how}"

    def score_headline(self, score: Score) -> str:
        """``N 番``."""
        return f"{score.total} 番"

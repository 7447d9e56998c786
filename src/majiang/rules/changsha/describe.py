"""How Changsha rules are put into words for displays, replays and reports (``ChangshaRules.describer()``):
its small or big wins and their price, the opening wins, 开杠, 海底 and the birds."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.game.describe import Describer, TableInfo
from majiang.game.names import RulesetWords
from majiang.game.scoring import Score
from majiang.rules.changsha.fans import Category
from majiang.rules.changsha.payments import PRICES
from majiang.rules.changsha.scoring import ChangshaScore
from majiang.rules.changsha.state import ChangshaPublic
from majiang.tiles import Tile

__all__ = ["ChangshaDescriber"]


@dataclass(frozen=True, slots=True)
class ChangshaDescriber(Describer):
    """The Changsha ruleset's own describing (``majiang.game.describe.Describer``)."""

    def words(self) -> RulesetWords:
        """Changsha's names (``majiang.rules.changsha.words``)."""
        from majiang.rules.changsha.words import WORDS

        # a ruleset registered under another name says its own words (or has the defaults)
        return WORDS if getattr(self.rules, "name", "") == "changsha" else Describer.words(self)

    def score_names(self, score: Score) -> list[str]:
        """The Chinese names of the wins a hand made (小胡, or each 大胡)."""
        assert isinstance(score, ChangshaScore)
        return [w.zh for w in score.wins]

    def describe_score(self, score: Score) -> str:
        """``2 big wins (碰碰胡, 清一色), 大胡点炮 7 each``: the wins and how they are paid, before birds."""
        assert isinstance(score, ChangshaScore)
        names = ", ".join(w.zh for w in score.wins)
        price = PRICES[score.case]
        figures = "/".join(str(n) for n in sorted({-p // score.total for p in score.payments if p < 0}))
        return f"{self.score_headline(score)} ({names}), {price.zh} {figures} each"

    def score_headline(self, score: Score) -> str:
        """``small win`` or ``N big wins``."""
        assert isinstance(score, ChangshaScore)
        if score.category is Category.SMALL:
            return "small win"
        return f"{score.total} big win{'s' if score.total > 1 else ''}"

    def seat_badges(self, state: ChangshaPublic) -> tuple[str, str, str, str]:
        """Each seat's declared opening wins, then 开杠 or 海底 where it holds them.

        >>> p = ChangshaPublic((("四喜",), (), (), ()), ((), (), (), ()), (2, Tile.M5), 3, ())
        >>> ChangshaDescriber(None).seat_badges(p)
        ('起手 四喜', '', '开杠 5m', '海底')
        """
        marks = [f"起手 {' '.join(names)}" if names else "" for names in state.opening]
        if state.announced is not None:
            seat, tile = state.announced
            marks[seat] = " ".join(filter(None, (marks[seat], f"开杠 {tile.notation()}")))
        if state.seabed is not None:
            marks[state.seabed] = " ".join(filter(None, (marks[state.seabed], "海底")))
        return (marks[0], marks[1], marks[2], marks[3])

    def table_note(self, state: ChangshaPublic) -> str:
        """The birds once drawn (``鸟 3m``).

        >>> ChangshaDescriber(None).table_note(ChangshaPublic(((),) * 4, ((),) * 4, None, None, (Tile.M3,)))
        '鸟 3m'
        """
        return f"鸟 {' '.join(t.notation() for t in state.birds)}" if state.birds else ""

    def table_info(self, state: ChangshaPublic) -> TableInfo:
        """The birds and each declaring seat's shown hand as tiles face up (``birds``, ``shown-N``); per
        seat the marks ``opening-win``, ``open-kong``, ``seabed``."""
        tiles: list[tuple[str, tuple[Tile, ...]]] = [("birds", state.birds)] if state.birds else []
        tiles.extend((f"shown-{seat}", shown) for seat, shown in enumerate(state.shown) if shown)
        marks = [[] if not names else ["opening-win"] for names in state.opening]
        if state.announced is not None:
            marks[state.announced[0]].append("open-kong")
        if state.seabed is not None:
            marks[state.seabed].append("seabed")
        return TableInfo(tiles=tuple(tiles), marks=tuple(tuple(m) for m in marks))

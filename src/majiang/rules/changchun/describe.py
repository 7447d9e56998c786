"""How Changchun rules are put into words for displays, replays and reports (``ChangchunRules.describer()``):
its 番, the ready seats (上听) and the 宝牌 a seat has seen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.game.describe import Describer, TableInfo
from majiang.game.names import RulesetWords
from majiang.game.scoring import Score
from majiang.rules.changchun.scoring import ChangchunScore
from majiang.rules.changchun.state import ChangchunPublic
from majiang.tiles import Tile

__all__ = ["ChangchunDescriber"]


@dataclass(frozen=True, slots=True)
class ChangchunDescriber(Describer):
    """The Changchun ruleset's own describing (``majiang.game.describe.Describer``)."""

    def words(self) -> RulesetWords:
        """Changchun's names (``majiang.rules.changchun.words``)."""
        from majiang.rules.changchun.words import WORDS

        # a ruleset registered under another name says its own words (or has the defaults)
        return WORDS if getattr(self.rules, "name", "") == "changchun" else Describer.words(self)

    def action_words(self) -> dict[str, dict[str, str]]:
        """上听, a ready declaration with the discard (the engine's ``riichi`` kind)."""
        return {"riichi": {"en": "declare ready", "zh": "上听"}}

    def action_tiles(self, action: Any) -> tuple[int, ...] | None:
        """A special kong (亮杠) by the kinds it lays: E S W N, 中发白, 1m1p1s or 9m9p9s."""
        from majiang.rules.changchun.fans import SPECIAL_KONGS

        if getattr(action, "name", "") == "special-kong":
            for kong in SPECIAL_KONGS.values():
                if kong.key == action.tile:
                    return tuple(int(k) for k in kong.kinds)
        return None

    def score_names(self, score: Score) -> list[str]:
        """The Chinese names of the 番 a win made (平胡, 放炮, 宝牌, ...)."""
        assert isinstance(score, ChangchunScore)
        return [f.zh for f in score.fans]

    def describe_score(self, score: Score) -> str:
        """``4 番 (平胡 自摸 宝牌), 4 points each``."""
        assert isinstance(score, ChangchunScore)
        each = "" if score.payer is not None else " each"
        return f"{score.total} 番 ({' '.join(f.zh for f in score.fans)}), {score.points} points{each}"

    def score_headline(self, score: Score) -> str:
        """``N 番``."""
        assert isinstance(score, ChangchunScore)
        return f"{score.total} 番"

    def seat_badges(self, state: ChangchunPublic) -> tuple[str, str, str, str]:
        """``上听`` on each ready seat.

        >>> ChangchunDescriber(None).seat_badges(ChangchunPublic((False, True, False, False), 1, None))
        ('', '上听', '', '')
        """
        marks = ["上听" if ready else "" for ready in state.ready]
        return (marks[0], marks[1], marks[2], marks[3])

    def table_note(self, state: ChangchunPublic) -> str:
        """The 宝牌 as this seat knows it: ``宝 5m`` once seen, ``宝 ?`` while it lies unseen.

        >>> ChangchunDescriber(None).table_note(ChangchunPublic((True,) * 4, 2, Tile.M5))
        '宝 5m'
        """
        if not state.rolled:
            return ""
        return f"宝 {'?' if state.treasure is None else state.treasure.notation()}"

    def table_info(self, state: ChangchunPublic) -> TableInfo:
        """The 宝牌 face up for a seat that has seen it (``treasure``), the rolls for it (``treasure-rolls``)
        and ``ready`` marks."""
        tiles: tuple[tuple[str, tuple[Tile, ...]], ...] = (
            (("treasure", (state.treasure,)),) if state.treasure is not None else ())
        marks = tuple(("ready",) if ready else () for ready in state.ready)
        return TableInfo(tiles=tiles, counters=(("treasure-rolls", state.rolled),) if state.rolled else (),
                         marks=marks)

"""How riichi rules are put into words for displays, replays and reports (``RiichiRules.describer()``):
han, fu and yaku, the dora and the sticks, riichi and furiten, and a hand's name (東2局 1本場)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from majiang.game.describe import Describer, HandLabel, TableInfo
from majiang.game.names import RulesetWords
from majiang.rules.riichi.state import RiichiMatchState, RiichiPublic, RiichiState
from majiang.tiles import WINDS, Tile

if TYPE_CHECKING:
    from majiang.game.ruleset import Table

    RiichiGame = Table[RiichiState, RiichiMatchState]

__all__ = ["RiichiDescriber"]


@dataclass(frozen=True, slots=True)
class RiichiDescriber(Describer):
    """The riichi ruleset's own describing (``majiang.game.describe.Describer``)."""

    def words(self) -> RulesetWords:
        """Riichi's names (``majiang.rules.riichi.words``)."""
        from majiang.rules.riichi.words import WORDS

        # a ruleset registered under another name says its own words (or has the defaults)
        return WORDS if getattr(self.rules, "name", "") == "riichi" else Describer.words(self)

    def action_words(self) -> dict[str, dict[str, str]]:
        """立直 and 九種九牌 by their names."""
        return {"riichi": {"en": "riichi", "zh": "立直"}, "abort": {"en": "abortive draw", "zh": "九种九牌"}}

    def table_info(self, state: RiichiPublic) -> TableInfo:
        """The dora indicators (and ura after a riichi win), honba and sticks, each seat's sideways riichi
        tile, and the marks ``riichi``/``double-riichi`` (``furiten`` on the viewing seat, ``pao`` on a seat
        liable for another's yakuman).

        >>> p = RiichiPublic((Tile.M3,), 1, 2, (True, False, False, False), (False,) * 4, ((),) * 4,
        ...                  (0,) * 4, True, 0, 1, riichi_at=(5, None, None, None))
        >>> info = RiichiDescriber(None).table_info(p)
        >>> info.counters, info.sideways, info.marks
        ((('honba', 1), ('sticks', 2)), (5, None, None, None), (('riichi',), ('furiten',), (), ()))
        """
        tiles: tuple[tuple[str, tuple[Tile, ...]], ...] = (("dora", state.dora_indicators),)
        if state.ura_indicators:
            tiles += (("ura", state.ura_indicators),)
        marks: list[tuple[str, ...]] = [
            (("double-riichi",) if state.double_riichi[s] else ("riichi",)) if state.riichi[s] else ()
            for s in range(4)]
        if state.furiten:
            marks[state.seat] += ("furiten",)
        for owner in state.liable:
            if owner is not None and "pao" not in marks[owner[0]]:
                marks[owner[0]] += ("pao",)
        at = tuple(state.riichi_at) + (None,) * (4 - len(state.riichi_at))
        return TableInfo(tiles, (("honba", state.honba), ("sticks", state.sticks)),
                         (at[0], at[1], at[2], at[3]), tuple(marks))

    def seat_badges(self, state: RiichiPublic) -> tuple[str, str, str, str]:
        """``立直`` (or ``W立直``) for a seat in riichi, ``振聴`` on the viewing seat when furiten.

        >>> p = RiichiPublic((), 0, 1, (True, False, False, False), (False,) * 4, ((),) * 4, (0,) * 4,
        ...                  True, 0, 1)
        >>> RiichiDescriber(None).seat_badges(p)
        ('立直', '振聴', '', '')
        """
        marks = [("W立直" if state.double_riichi[s] else "立直") if state.riichi[s] else "" for s in range(4)]
        if state.furiten:
            marks[state.seat] = " ".join(m for m in (marks[state.seat], "振聴") if m)
        return (marks[0], marks[1], marks[2], marks[3])

    def hand_label(self, game: RiichiGame, number: int, hands: int) -> HandLabel:
        """The hand as riichi players name it: round, the deal's count in it and honba (``東2局 1本場``);
        no total, as the game ends by its own rule (seat 0 deals East 1, 起家).

        >>> from majiang.game import Game, find_ruleset
        >>> RiichiDescriber(None).hand_label(Game(find_ruleset("riichi"), seed=1, dealer=1), 2, 100)
        HandLabel(number=2, of=None, name='東2局 0本場')
        """
        st: RiichiState = game.hand_state
        wind = "東南西北"[WINDS.index(game.round_wind)]
        return HandLabel(number, None, f"{wind}{game.dealer + 1}局 {st.honba}本場")

    def table_note(self, state: RiichiPublic) -> str:
        """The dora indicators and riichi sticks (供託) on the table, and who is liable (包); the honba (本場)
        is in the hand's name (``hand_label``), shown beside this note.

        >>> p = RiichiPublic((Tile.M3, Tile.EAST), 2, 1, (False,) * 4, (False,) * 4, ((),) * 4, (0,) * 4,
        ...                  False, 0, 0)
        >>> RiichiDescriber(None).table_note(p)
        'dora indicators 3m E · 1 供託'
        """
        shown = " ".join(t.notation() for t in state.dora_indicators)
        pao = "".join(f" · 包 seat {owner[0]} pays seat {s}'s {owner[1]}"
                      for s, owner in enumerate(state.liable) if owner is not None)
        return f"dora indicators {shown} · {state.sticks} 供託{pao}"

    def score_names(self, score: Any) -> list[str]:
        """The romaji of the yaku of a win, dora included, each once."""
        return list(dict.fromkeys(hit.romaji for hit in score.yaku))

    def describe_score(self, score: Any) -> str:
        """``3 han 30 fu, 3900 points: riichi 1, pinfu 1, dora 1``."""
        limit = f" {score.limit}" if score.limit else ""
        yaku = ", ".join(f"{hit.romaji} {hit.han}" for hit in score.yaku)
        return f"{score.han} han {score.fu} fu{limit}, {score.points} points: {yaku}"

    def score_headline(self, score: Any) -> str:
        """``3 han 30 fu, 3900 points`` (a limit named: ``5 han 30 fu mangan, 8000 points``)."""
        limit = f" {score.limit}" if score.limit else ""
        return f"{score.han} han {score.fu} fu{limit}, {score.points} points"

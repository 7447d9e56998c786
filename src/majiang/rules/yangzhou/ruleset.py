"""Yangzhou mahjong (扬州麻将, seed 001) as a ruleset on the engine's hooks.

The 136 tiles without flowers; chow, pung and kong; a win is four sets and a pair worth at least 18 番
(an option: 20, or more than the minimum), scored by ``majiang.yangzhou.score``; one winner, the first
counter-clockwise from the discarder (the engine's default); a self-draw takes one share from each other
seat, a discard two shares from the discarder; a concealed kong cannot be robbed, an added one can
("如果明扛时有人胡牌，可胡"). The deal passes on each hand and four hands make a round ("四牌为一圈").
docs/yangzhou.md gives every decision.

>>> from majiang.game.ruleset import find_ruleset
>>> r = find_ruleset("扬州", ["minimum=20"])
>>> r.name, r.minimum, r.scoring.minimum
('yangzhou', 20, 20)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from majiang.analysis.ready import quick_ready_kinds
from majiang.errors import InvalidHandError
from majiang.game.describe import Describer
from majiang.game.ruleset import Ruleset, SeatContext, register_ruleset
from majiang.hand import Hand, WinBy
from majiang.rules.bounds import Bounds
from majiang.rules.yangzhou.analysis import YangzhouEfficiency
from majiang.rules.yangzhou.describe import YangzhouDescriber
from majiang.rules.yangzhou.options import CHOICES, OPTION_BOUNDS, OptionFields, Options
from majiang.rules.yangzhou.scorer import YangzhouScorer
from majiang.rules.yangzhou.scoring import YangzhouContext, YangzhouScore, score
from majiang.tiles import Tile

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.game.ruleset import SeatView, Table

    YangzhouTable = Table[None, None]
    """A hand in play as these rules see it (``majiang.game.ruleset.Table``): no state of their own."""
    YangzhouView = SeatView[None]

__all__ = ["YangzhouRules"]

_SCORING_FIELDS = tuple(f.name for f in dataclasses.fields(Options))


@dataclass(frozen=True, slots=True)
class YangzhouRules(OptionFields, Ruleset):
    """Yangzhou table rules (seed 001); every option is a scoring option (docs/yangzhou.md).

    * ``minimum``: 起胡番数 the fewest fans a win needs, 18 or 20 ("18番或20番起胡").
    * ``above_minimum``: 必须大于 a win needs more fans than the minimum, not only as many.
    * ``discard_payers``: 放炮 the discarder alone pays two shares (discarder), or the two others pay a
      share each besides (all).
    * ``combined``: 复合番 a combined fan (混对对, 板龙, 双板, 钢板...) replaces the fans it is made of,
      or adds to them.
    * ``plain_chows``: 平胡 ("只吃牌") four chows any way, or at least one claimed.
    * ``lone_wait_both``: 独吊 also scores 丫子 (a single wait on the pair is a wait on one tile too).
    * ``dragon_kong``: 中发白杠 a dragon kong's value is doubled ("翻一番"), or plus-one.
    * ``dragon_pungs``: 中发白 a dragon pung is plain (1, a concealed one also 子格), or added (2
      claimed, 3 in hand).
    * ``other_winds``: 其它风 a pung of a wind not the seat's scores 1 ("其它风一番").
    * ``chow_pairs``: 齐相/连副/老少 each pair of chows counts with a chow in one pair of each
      (disjoint), or each fan once a hand.
    * ``iron_plate``: 铁板 as the seed says (one claimed and two in hand is no 铁板), or any three alike
      chows.
    """

    name: str = "yangzhou"

    has_chow: ClassVar[bool] = True
    match_hands: ClassVar[int] = 16
    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = CHOICES
    option_bounds: ClassVar[Mapping[str, Bounds]] = OPTION_BOUNDS
    playout_cost: ClassVar[float] = 2.5
    """A search playout counts the big forms' shanten (``majiang.rules.yangzhou.analysis``), dearer than the
    Chinese Official count: about two and a half times a Chinese Official playout (docs/bots.md)."""

    def __post_init__(self) -> None:
        self.check_bounds()
        _scoring(self)  # the scoring options check every field (InvalidOptionError)

    @property
    def scoring(self) -> Options:
        """The scoring options (``majiang.yangzhou.Options``) of this ruleset."""
        return _scoring(self)

    def wall_tiles(self) -> list[int]:
        """136 tiles, four of each kind, no flowers (seed 001 names none for Yangzhou)."""
        return [t for t in range(34) for _ in range(4)]

    def rebuilds(self) -> bool:
        """A game can be rebuilt from a view (the search bot's positions): these rules keep no hand state,
        and a win's 番 follow from its tiles, melds, winds and how it was made."""
        return True

    def waits(self, counts: list[int], melds: int, held: list[int]) -> frozenset[int]:
        """Kinds completing four sets and a pair (a superset of the wins: ``win_score`` checks the
        minimum), less those the seat holds four of."""
        found = quick_ready_kinds(counts, melds, forms=0) or []
        return frozenset(t for t in found if held[t] < 4)

    def win_score(self, game: YangzhouTable, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> YangzhouScore | None:
        """``majiang.yangzhou.score`` of the win, or None below the minimum (or not four sets and a pair)."""
        if win_by.self_drawn:
            giver = None
        elif win_by is WinBy.ROBBING_KONG:
            assert game.robbed is not None
            giver = game.robbed[0]
        else:
            assert game.last_discard is not None
            giver = game.last_discard[0]
        context = YangzhouContext(win_by, game.seat_wind(seat), game.round_wind, seat, giver)
        try:
            result = score(hand, context, self.scoring)
        except InvalidHandError:
            return None
        return result if result.wins else None

    def pay_win(self, game: YangzhouTable, win: WinRecord) -> None:
        """One share (the total) from each other seat on a self-draw; two from the discarder."""
        game.pay(list(win.score.payments))

    def scorer(self) -> YangzhouScorer:
        """The hand scorer (``majiang fan --rules yangzhou``, the web calculator): these rules' scoring
        options."""
        return YangzhouScorer(self.scoring)

    def describer(self) -> Describer:
        """The fans of a win and its payment (``majiang.rules.yangzhou.describe``)."""
        return YangzhouDescriber(self)

    def seat_efficiency(self, seat: SeatContext) -> YangzhouEfficiency:
        """Yangzhou tile efficiency: the forms worth 20 番 or more (混一色, 清一色, 对对胡, 一条龙, 三幅同,
        双老少, 双飘), with the seat's winds for ``win_points``."""
        return _efficiency(self.scoring, seat.seat_wind, seat.round_wind)


@functools.lru_cache(maxsize=64)
def _scoring(rules: YangzhouRules) -> Options:
    """The scoring options of a ruleset, built (and checked) once."""
    return Options(**{name: getattr(rules, name) for name in _SCORING_FIELDS})


@functools.lru_cache(maxsize=64)
def _efficiency(options: Options, seat_wind: Tile, round_wind: Tile) -> YangzhouEfficiency:
    return YangzhouEfficiency(options, seat_wind, round_wind)


register_ruleset("yangzhou", YangzhouRules, aliases=("扬州", "扬州麻将"))

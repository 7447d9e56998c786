"""The coach at the table: which discard gives the best chance of a legal (8-fan) win, and why a win
is refused.

The figures come from ``majiang.mcr.discard_advice`` (8-fan aware); this module re-ranks them by the
chances to win *legally*, names the form (and, for a ready hand, the main fan) each discard aims at,
and scores a complete hand that falls short of the minimum so the player is told why.

>>> rows = coach_discards(Hand.parse("123456789m1234pE"))
>>> rows[0].option.discard.notation(), rows[0].forms, rows[0].aim.zh if rows[0].aim else None
('E', ('regular',), '清龙')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from majiang.analysis.efficiency import DiscardOption, Wait
from majiang.analysis.shanten import FORMS, shanten_forms
from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.mcr import MINIMUM, FanHit, ScoreResult, discard_advice, score
from majiang.rules.mcr.fans import Fan, fan
from majiang.tiles import Tile

__all__ = ["FORM_NAMES", "CoachRow", "coach_discards", "legal_distance", "main_fan"]

FORM_NAMES: dict[str, tuple[str, str]] = {
    "regular": ("standard", "基本和型"),
    "seven_pairs": ("seven pairs", "七对"),
    "thirteen_orphans": ("13 orphans", "十三幺"),
    "honors_knitted": ("honors+knitted", "全不靠"),
    "knitted_straight": ("knitted straight", "组合龙"),
}
"""Each form of ``majiang.analysis.FORMS`` in English and Chinese, short enough for a table cell."""
assert tuple(FORM_NAMES) == FORMS

# Fans that say nothing about what the hand is built towards: left out when naming its aim.
_INCIDENTAL = frozenset({
    "self_drawn", "flower_tiles", "edge_wait", "closed_wait", "single_wait", "concealed_hand",
    "fully_concealed_hand", "no_honors", "one_voided_suit", "last_copy", "chicken_hand",
})


@dataclass(frozen=True, slots=True)
class CoachRow:
    """One discard: the advice's figures, the forms that reach its shanten, and the main fan of its
    best legal wait (ready hands only)."""

    option: DiscardOption
    forms: tuple[str, ...]
    aim: Fan | None
    distance: int
    """``legal_distance`` of the option: the shanten, plus one when no live tile leads to a legal win."""


def legal_distance(option: DiscardOption) -> int:
    """How far the discard leaves the hand from a *legal* win.

    The shanten, plus one for a ready or one-away hand whose live tiles lead to no win of 8 fans
    (``legal_live == 0``): such a hand must still change a tile before it can win legally, so a ready
    hand with no legal winning tile left is not the best discard.

    >>> from majiang.analysis.efficiency import DiscardOption
    >>> ready = (DiscardOption(Tile.EAST, 0, (), (), legal) for legal in (0, 3))
    >>> [legal_distance(o) for o in ready]
    [1, 0]
    """
    dead = option.legal_live == 0 and option.shanten <= 1
    return option.shanten + (1 if dead else 0)


def main_fan(hits: Iterable[FanHit]) -> Fan | None:
    """The most valuable fan of a win that describes its shape (not 自摸, a wait or 无字)."""
    best = max((h for h in hits if h.id not in _INCIDENTAL), key=lambda h: h.value, default=None)
    return None if best is None else fan(best.id)


def _aim(hand: Hand, remaining: Sequence[Tile], waits: Sequence[Wait], seat_wind: Tile,
         round_wind: Tile) -> Fan | None:
    legal = [w for w in waits if w.legal and w.live]
    if not legal:
        return None
    best = max(legal, key=lambda w: (max(w.fans_discard or 0, w.fans_self_drawn or 0), w.live))
    try:
        result = score(Hand(hand.melds, tuple(remaining), best.tile), seat_wind=seat_wind,
                       round_wind=round_wind)
    except InvalidHandError:  # pragma: no cover - a wait of the advice completes the hand
        return None
    return main_fan(result.fans)


def coach_discards(hand: Hand, visible: Iterable[Tile] = (), *, seat_wind: Tile = Tile.EAST,
                   round_wind: Tile = Tile.EAST) -> list[CoachRow]:
    """Every discard of ``hand`` (after its draw), best chance of a legal win first.

    Ranked by ``legal_distance``, then live tiles leading to a legal win, then live effective tiles.
    """
    options = discard_advice(hand, visible, seat_wind=seat_wind, round_wind=round_wind)
    standing = list(hand.tiles)
    if hand.winning_tile is not None:
        standing.append(hand.winning_tile)
    rows: list[CoachRow] = []
    for o in options:
        remaining = list(standing)
        remaining.remove(o.discard)
        forms = shanten_forms(Hand(hand.melds, tuple(remaining)))
        reached = tuple(name for name, value in forms.as_dict().items() if value == o.shanten)
        aim = _aim(hand, remaining, o.waits, seat_wind, round_wind) if o.shanten == 0 else None
        rows.append(CoachRow(o, reached, aim, legal_distance(o)))
    rows.sort(key=lambda r: (r.distance, -(r.option.legal_live or 0), -r.option.live, r.option.discard))
    return rows


def short_of_minimum(result: ScoreResult) -> bool:
    """Whether a complete hand's fans (flowers excluded) fall short of the 8-fan minimum."""
    return result.fan_total < MINIMUM

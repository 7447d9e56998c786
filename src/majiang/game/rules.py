"""Rulesets for the table: the hooks a game calls, and the Chinese Official one.

A ruleset decides the wall, the deal, which actions are legal, how claims on a discard are resolved,
whether a win is valid, what it pays, and when a hand is over. ``McrRules`` implements them for
Chinese Official rules (seeds 000, 002, 003); other rulesets subclass ``Ruleset`` and override hooks.

>>> McrRules().name, McrRules(several_winners=True).several_winners
('mcr', True)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.rules.mcr import MINIMUM, score
from majiang.rules.mcr.result import FanHit, ScoreResult

if TYPE_CHECKING:
    from majiang.game.table import Game

__all__ = ["FLOWER_BASE", "McrRules", "Ruleset", "find_rules"]

FLOWER_BASE = 34
"""Wall codes 34-41 are the eight flowers; 0-33 are the playing tiles."""


@dataclass(frozen=True, slots=True)
class Ruleset(ABC):
    """Options shared by every ruleset; subclasses add their own and implement the hooks."""

    name: str = "base"

    def wall_tiles(self) -> list[int]:
        """The tiles of a full set as wall codes, unshuffled."""
        return [t for t in range(34) for _ in range(4)]

    @abstractmethod
    def win_fans(self, game: Game, seat: int, hand: Hand, *, self_drawn: bool, kong: bool,
                 wall_last: bool) -> ScoreResult | None:
        """The score of a win, or None if the hand is not a valid win under these rules."""

    @abstractmethod
    def payments(self, game: Game, seat: int, total: int, self_drawn: bool, payer: int | None) -> list[int]:
        """Score changes of the four seats for one winner."""


@dataclass(frozen=True, slots=True)
class McrRules(Ruleset):
    """Chinese Official table rules (国标麻将), with the options the rule sources leave open.

    * ``several_winners``: every seat that may win on a discard wins (一炮多响); by default only the
      first after the discarder in turn order does.
    * ``false_win``: ``"error"`` rejects a win declaration that is not a valid 8-fan win with
      IllegalActionError; ``"penalty"`` (competition) charges the offender ``false_win_penalty`` points
      and pays ``false_win_award`` to each other seat (错和: -30 / +10), and play goes on.
    * ``kong_flower_counts``: a replacement drawn after a kong whose own replacement was a flower
      still scores 杠上开花. Off by default: seed 003 (花牌) says a win on a flower's replacement
      scores 自摸 and not 杠上开花.
    * ``profile``: the scoring profile (docs/profiles.md).
    * ``house_fans``: the 联众 non-standard fans of seed 000, off by default: 四方大发 168 (big four
      winds with a pair of 发; replaces 大四喜 and its exclusions), 天和 168 (the dealer wins on the
      deal), 地和 158 (the dealer's 下家 wins on its first draw, nothing claimed), 人和 108 (a win
      within the first go-around, nothing claimed), 天听 32 (ready from the deal and nothing claimed
      by the winner). They add to the total like any fan.
    """

    name: str = "mcr"
    several_winners: bool = False
    false_win: str = "error"
    false_win_penalty: int = 30
    false_win_award: int = 10
    kong_flower_counts: bool = False
    profile: str = "mil"
    base_points: int = 8
    house_fans: bool = False

    def __post_init__(self) -> None:
        if self.false_win not in ("error", "penalty"):
            raise ValueError(f"false_win must be 'error' or 'penalty', not {self.false_win!r}")

    def wall_tiles(self) -> list[int]:
        """144 tiles: the 136 playing tiles and the eight flowers."""
        return [t for t in range(34) for _ in range(4)] + list(range(FLOWER_BASE, FLOWER_BASE + 8))

    def win_fans(self, game: Game, seat: int, hand: Hand, *, self_drawn: bool, kong: bool,
                 wall_last: bool) -> ScoreResult | None:
        """Score a win with the real context; None unless it reaches 8 fans (flowers excluded)."""
        win = hand.last_tile
        assert win is not None
        # 和绝张: the other three copies are in sight on the table (discards and exposed melds).
        last = game.visible_copies(win, seat) >= 3
        try:
            result = score(hand, self_drawn=self_drawn, last_tile=last, kong=kong, wall_last=wall_last,
                           seat_wind=game.seat_wind(seat), round_wind=game.prevalent,
                           flowers=len(game.flowers[seat]), profile=self.profile)
        except InvalidHandError:
            return None
        if self.house_fans:
            result = _with_house_fans(result, game, seat, hand, self_drawn)
        return result if result.fan_total >= MINIMUM else None

    def payments(self, game: Game, seat: int, total: int, self_drawn: bool, payer: int | None) -> list[int]:
        """Self-drawn: each other seat pays base + fans. On a discard: the discarder pays base + fans,
        the other two pay base."""
        delta = [0, 0, 0, 0]
        for other in range(4):
            if other == seat:
                continue
            amount = self.base_points + total if self_drawn or other == payer else self.base_points
            delta[other] -= amount
            delta[seat] += amount
        return delta


_HOUSE = {
    "four_winds_and_green": ("四方大发", "Four Winds and Green", 168),
    "heavenly_hand": ("天和", "Heavenly Hand", 168),
    "earthly_hand": ("地和", "Earthly Hand", 158),
    "human_hand": ("人和", "Human Hand", 108),
    "heavenly_ready": ("天听", "Heavenly Ready", 32),
}
# 四方大发 is 大四喜 with a pair of 发: it takes that fan's place and its exclusions (seed 000).
_FOUR_WINDS_GREEN_EXCLUDES = {"big_four_winds", "all_pungs", "prevalent_wind", "seat_wind", "big_three_winds"}


def house_fans(game: Game, seat: int, hand: Hand, self_drawn: bool) -> list[str]:
    """The house fans (ids of ``_HOUSE``) a win scores, given how the hand went so far."""
    out: list[str] = []
    counts = hand.counts(include_melds=True)
    if all(counts[w] >= 3 for w in range(27, 31)) and counts[32] == 2:
        out.append("four_winds_and_green")
    untouched = not game.interrupted
    if untouched and self_drawn and seat == game.dealer and game.discard_count == 0:
        out.append("heavenly_hand")
    elif untouched and self_drawn and seat == (game.dealer + 1) % 4 and game.discard_count == 1:
        out.append("earthly_hand")
    elif untouched and game.discard_count <= 4 and seat != game.dealer:
        out.append("human_hand")
    if game.ready_from_deal[seat] and not any(not m.is_concealed for m in hand.melds):
        out.append("heavenly_ready")
    return out


def _with_house_fans(result: ScoreResult, game: Game, seat: int, hand: Hand, self_drawn: bool) -> ScoreResult:
    extra = house_fans(game, seat, hand, self_drawn)
    if not extra:
        return result
    fans = list(result.fans)
    if "four_winds_and_green" in extra:
        fans = [f for f in fans if f.id not in _FOUR_WINDS_GREEN_EXCLUDES]
    for fid in extra:
        zh, en, value = _HOUSE[fid]
        fans.insert(0, FanHit(fid, zh, en, value, 1, ()))
    fans.sort(key=lambda f: -f.value)
    total = sum(f.value * f.count for f in fans)
    return replace(result, total=total, fans=tuple(fans),
                   meets_minimum=total - result.flowers >= MINIMUM)


def find_rules(name: str) -> Ruleset:
    """The ruleset registered under ``name`` with default options."""
    if name == "mcr":
        return McrRules()
    raise ValueError(f"unknown ruleset {name!r}; available: mcr")


"""Chinese Official tile-efficiency advice: the analysis functions with the 8-fan minimum built in.

>>> [(w.tile.notation(), w.fans_discard, w.legal) for w in ready_waits("123456789m1234p")]
[('1p', 21, True), ('4p', 22, True)]
>>> [(w.tile.notation(), w.fans_discard, w.fans_self_drawn, w.legal)
...  for w in ready_waits("[123m]456p789p23sEE")]
[('1s', 2, 3, False), ('4s', 1, 2, False)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr import MINIMUM, WinBy, WinContext, _context, find_profile, parse_wind, score
from majiang.rules.mcr.fast import WinFloor, counted_totals
from majiang.rules.mcr.fast import fan_total as _fan_total
from majiang.rules.mcr.fast import fan_totals as _fan_totals
from majiang.rules.mcr.fast import tile_floor as _tile_floor
from majiang.rules.mcr.profiles import Profile
from majiang.seats import RelativeSeat
from majiang.tiles import Tile

if TYPE_CHECKING:
    from majiang.analysis.efficiency import CallOption, DiscardOption, Wait
    from majiang.rules.mcr.result import ScoreResult

__all__ = ["McrAdvisor", "McrWinFans", "call_advice", "discard_advice", "ready_waits"]


class McrWinFans:
    """Chinese Official fans of a win (flowers excluded) in one seat and round, under one profile."""

    minimum = MINIMUM

    def __init__(self, seat_wind: str | Tile = "E", round_wind: str | Tile = "E",
                 profile: str | Profile = "mil") -> None:
        self.seat = parse_wind(seat_wind, "seat_wind")
        self.round = parse_wind(round_wind, "round_wind")
        self.profile = find_profile(profile)
        # The contexts of a win on a discard without and with 和绝张 (no flowers, not the wall's last tile).
        self._contexts = (WinContext(WinBy.DISCARD, False, False, self.seat, self.round, 0),
                          WinContext(WinBy.DISCARD, False, True, self.seat, self.round, 0))

    def __call__(self, hand: Hand, *, self_drawn: bool, last_copy: bool) -> int:
        # The fast path (no result object), with the checks of ``score``: the advice scores every wait.
        ctx = _context(hand, WinBy.SELF_DRAWN if self_drawn else WinBy.DISCARD, False, last_copy, self.seat,
                       self.round, 0)
        total = _fan_total(hand, ctx, self.profile)
        if total is None:
            raise InvalidHandError(f"{hand.notation()} is not a winning hand")
        return total

    # Every special form (七对, 十三幺, 全不靠, 七星不靠, 组合龙) is worth 12 fans or more on its own.
    special_forms_legal = True

    def floor(self, kinds: int) -> int:
        """The fewest fans any win in four sets and a pair scores whose tiles (melds included) are the
        kinds set in ``kinds`` (bit k for kind k): its highest fan decided by the kinds alone."""
        return _tile_floor(kinds, self.profile)

    def floors(self, melds: Sequence[Meld]) -> Callable[[int, int, int, bool], int]:
        """For wins with these declared melds: the fewest fans, the better way, that any win in four sets
        and a pair scores by what its tiles decide (``fast.WinFloor``)."""
        claimed = sum(1 for m in melds if not (m.kind is MeldKind.KONG and m.from_seat is None))
        return WinFloor(claimed, int(self.seat), int(self.round), self.profile)

    def both_ways(self, hand: Hand, *, last_copy: bool) -> tuple[int, int]:
        """The fans of the win on a discard and self-drawn, ``(discard, self_drawn)``, in one pass."""
        ctx = _context(hand, WinBy.DISCARD, False, last_copy, self.seat, self.round, 0)
        totals = _fan_totals(hand, ctx, self.profile)
        if totals is None:
            raise InvalidHandError(f"{hand.notation()} is not a winning hand")
        return totals


    def both_ways_counted(self, melds: tuple[Meld, ...], counts: tuple[int, ...], all_counts: tuple[int, ...],
                          mask: int, all_mask: int, win: int, last_copy: bool) -> tuple[int, int]:
        """``both_ways`` of the win given as counts (``fast.counted_totals``: the standing counts with the
        winning tile ``win``, those with the melds' tiles, their masks), checked as far as counts allow:
        a fifth copy, and 和绝张 beside a standing copy."""
        if all_counts[win] > 4:
            raise InvalidHandError(f"{all_counts[win]} copies of {Tile(win).notation()}; a set has only 4")
        if last_copy and counts[win] > 1:
            raise InvalidHandError(f"和绝张: the other three {Tile(win).notation()} must be visible, but one"
                                   " is among the standing tiles")
        # Three copies in the winner's own melds: this is the last one (as ``win_context`` says).
        ctx = self._contexts[last_copy or all_counts[win] - counts[win] == 3]
        totals = counted_totals(melds, counts, all_counts, mask, all_mask, win, ctx, self.profile)
        if totals is None:
            raise InvalidHandError(f"{Tile(win).notation()} does not complete these counts")
        return totals


def ready_waits(hand: str | Hand, visible: Iterable[Tile] = (), *, seat_wind: str | Tile = "E",
                round_wind: str | Tile = "E", profile: str | Profile = "mil") -> tuple[Wait, ...]:
    """Waits of a ready hand with live counts, the fans of each win and whether it reaches 8."""
    # The tile-efficiency code and its tables load on first use: scoring alone needs neither.
    from majiang.analysis import efficiency

    return efficiency.live_waits(hand, visible, McrWinFans(seat_wind, round_wind, profile))


def discard_advice(hand: str | Hand, visible: Iterable[Tile] = (), *, seat_wind: str | Tile = "E",
                   round_wind: str | Tile = "E", profile: str | Profile = "mil",
                   fan_check: bool = True, form: str | None = None) -> list[DiscardOption]:
    """Every discard, best first, ranked by legal (8-fan) wins where the hand is ready or one away.

    >>> [o.discard.notation() for o in discard_advice("123456789m1234pE")][:1]
    ['E']
    """
    from majiang.analysis import efficiency

    fans = McrWinFans(seat_wind, round_wind, profile) if fan_check else None
    return efficiency.discard_efficiency(hand, visible, fans, form)


def call_advice(hand: str | Hand, tile: Tile | str, *, from_seat: RelativeSeat = RelativeSeat.LEFT,
                visible: Iterable[Tile] = (),
                seat_wind: str | Tile = "E", round_wind: str | Tile = "E",
                profile: str | Profile = "mil") -> list[CallOption]:
    """Passing against each claim of a discard; a win below 8 fans is dropped (it would be a false win)."""
    from majiang.analysis import efficiency
    from majiang.analysis.efficiency import CallKind

    visible = tuple(visible)
    options = efficiency.call_efficiency(hand, tile, from_seat=from_seat, visible=visible)
    win = next((o for o in options if o.kind == CallKind.WIN), None)
    if win is None:
        return options
    h = hand if isinstance(hand, Hand) else Hand.parse(hand)
    claimed = Tile.parse(tile) if isinstance(tile, str) else Tile(tile)
    fans = McrWinFans(seat_wind, round_wind, profile)
    # 和绝张 when the other three copies are in sight outside the standing tiles, as ready_waits judges.
    seen = efficiency.seen_counts(h, visible)
    last = seen[claimed] - h.counts()[claimed] == 3
    if fans(Hand(h.melds, h.tiles, claimed), self_drawn=False, last_copy=last) >= MINIMUM:
        return options
    return [o for o in options if o is not win]


@dataclass(frozen=True, slots=True)
class McrAdvisor:
    """Advice by Chinese Official fans and the 8-fan minimum under one scoring ``profile``: what a ruleset
    whose wins follow those fans gives the coach (``Ruleset.advisor()``; None where a ruleset has none).

    >>> advisor = McrAdvisor("mil")
    >>> advisor.win(Hand.parse("123456789m12341p"), win_by=WinBy.SELF_DRAWN).fan_total
    23
    >>> [o.discard.notation() for o in advisor.discard_advice("123456789m1234pE")][:1]
    ['E']
    """

    profile: str = "mil"

    def win(self, hand: Hand, *, win_by: WinBy = WinBy.DISCARD, last_of_wall: bool = False,
            last_copy: bool = False, seat_wind: Tile = Tile.EAST, round_wind: Tile = Tile.EAST,
            flowers: int = 0) -> ScoreResult | None:
        """What ``hand`` scores if it wins on its ``winning_tile``, whatever its total (below 8 too: the
        coach says why a win is refused); None if it is not complete."""
        try:
            return score(hand, win_by=win_by, last_of_wall=last_of_wall, last_copy=last_copy,
                         seat_wind=seat_wind, round_wind=round_wind, flowers=flowers, profile=self.profile)
        except InvalidHandError:
            return None

    def ready_waits(self, hand: str | Hand, visible: Iterable[Tile] = (), *, seat_wind: str | Tile = "E",
                    round_wind: str | Tile = "E") -> tuple[Wait, ...]:
        """``ready_waits`` under this profile."""
        return ready_waits(hand, visible, seat_wind=seat_wind, round_wind=round_wind, profile=self.profile)

    def discard_advice(self, hand: str | Hand, visible: Iterable[Tile] = (), *, seat_wind: str | Tile = "E",
                       round_wind: str | Tile = "E") -> list[DiscardOption]:
        """``discard_advice`` under this profile."""
        return discard_advice(hand, visible, seat_wind=seat_wind, round_wind=round_wind, profile=self.profile)

    def call_advice(self, hand: str | Hand, tile: Tile | str, *, from_seat: RelativeSeat = RelativeSeat.LEFT,
                    visible: Iterable[Tile] = (), seat_wind: str | Tile = "E",
                    round_wind: str | Tile = "E") -> list[CallOption]:
        """``call_advice`` under this profile."""
        return call_advice(hand, tile, from_seat=from_seat, visible=visible, seat_wind=seat_wind,
                           round_wind=round_wind, profile=self.profile)

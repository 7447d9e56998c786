"""Chinese Official table rules (国标麻将) as a ruleset: the hooks ``majiang.game.Game`` calls.

The 144 tiles with the eight flowers, the 8-fan minimum with the real context of the win (和绝张 from the
table, 海底/河底, 杠上开花 after a flower), 8 + fans payments, one winner (or several as an option), the
false-win penalty (错和), the 联众 house fans (天和, 地和, 人和, 天听, 四方大发) and the 16-hand match with
seat changes (sources 000, 002, 003). The deal, the claims and the rest are the common table of
``majiang.game.ruleset``.

>>> McrRules().name, McrRules(several_winners=True).several_winners
('mcr', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.game.describe import Describer
from majiang.game.moments import NO_OBSERVERS, Observers
from majiang.game.ruleset import (
    BONUS_BASE,
    Fault,
    NextHand,
    Penalty,
    Ruleset,
    SeatWalls,
    Wall,
    register_ruleset,
)
from majiang.hand import Hand
from majiang.rules.mcr import MINIMUM, WinBy, score
from majiang.rules.mcr.advice import McrAdvisor
from majiang.rules.mcr.describe import McrDescriber
from majiang.rules.mcr.payments import BASE_POINTS, FALSE_WIN_AWARD, FALSE_WIN_PENALTY, win_payments
from majiang.rules.mcr.profiles import PROFILES
from majiang.rules.mcr.result import FanHit, ScoreResult
from majiang.rules.mcr.scorer import McrScorer

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.game.ruleset import MatchTable, SeatView, Table

    McrTable = Table["McrState", None]
    """A hand in play as these rules see it (``majiang.game.ruleset.Table``)."""
    McrMatch = MatchTable[None]
    McrView = SeatView["McrState"]

__all__ = ["FLOWER_BASE", "SEAT_CHANGES", "SEAT_WALL", "Change", "FalseWin", "McrRules", "McrState",
           "SeatChanges", "Walls", "house_fans"]

FLOWER_BASE = BONUS_BASE
"""Wall codes 34-41 are the eight flowers; 0-33 are the playing tiles."""
MAX_POINTS = 999
"""The most ``base_points``, ``false_win_penalty`` or ``false_win_award`` may be: the score sheet's bound
for a penalty and a fan total (``majiang.rules.mcr.sheet``); the sources give 8, 30 and 10."""
SEAT_WALL = 34
"""Tiles in each seat's own wall under ``walls="per-seat"`` without flowers (136 / 4)."""


class FalseWin(StrEnum):
    """What the table does with a win declaration that is not a valid win (错和)."""

    ERROR = "error"  # refuse it as an illegal action
    PENALTY = "penalty"  # charge the declarer and play on (competition)
    END = "end"  # charge the declarer and end the hand (Botzone's judge)

    @classmethod
    def _missing_(cls, value: object) -> FalseWin:
        choices = ", ".join(repr(m.value) for m in cls)
        raise InvalidOptionError(f"false_win must be one of {choices}, not {value!r}")


Change = tuple[int, int, int, int]
"""A seat change: the player at position p moves to position change[p]."""

SEAT_CHANGES: tuple[Change, ...] = (
    (1, 0, 3, 2),  # after round 1: the player at position p moves to SEAT_CHANGES[0][p]
    (2, 3, 1, 0),  # after round 2
    (1, 0, 3, 2),  # after round 3
)
"""Source 003's changes after rounds 1-3 (the default, ``SeatChanges.EACH_ROUND``)."""


class SeatChanges(StrEnum):
    """When the players of a match change seats (换位).

    >>> [SeatChanges(v).name for v in ("each-round", "before-west-round")]
    ['EACH_ROUND', 'BEFORE_WEST_ROUND']
    """

    EACH_ROUND = "each-round"
    """Source 003: after each of the first three rounds (东南换, 西北换; then across; then swap again)."""
    BEFORE_WEST_ROUND = "before-west-round"
    """Source 000: once, before the third (West) round: East and South swap, West and North swap."""

    @property
    def after_rounds(self) -> tuple[Change, Change, Change]:
        """The changes made after rounds 1, 2 and 3 (``(0, 1, 2, 3)``: nobody moves)."""
        if self is SeatChanges.EACH_ROUND:
            return (SEAT_CHANGES[0], SEAT_CHANGES[1], SEAT_CHANGES[2])
        return ((0, 1, 2, 3), (1, 0, 3, 2), (0, 1, 2, 3))

    @classmethod
    def _missing_(cls, value: object) -> SeatChanges:
        names = ", ".join(m.value for m in cls)
        raise InvalidOptionError(f"seat_changes must be one of {names}, not {value!r}")


class Walls(StrEnum):
    """Where the seats draw from: one wall for all, or each seat its own (Botzone's duplicate format)."""

    SHARED = "shared"
    PER_SEAT = "per-seat"

    @classmethod
    def _missing_(cls, value: object) -> Walls:
        choices = ", ".join(repr(m.value) for m in cls)
        raise InvalidOptionError(f"walls must be one of {choices}, not {value!r}")


@dataclass(slots=True)
class McrState:
    """What the house fans need to know about the hand so far: which seats have been ready from the deal
    on (the dealer: from its first discard), after every discard of theirs since (天听); and each seat's
    """

    ready_from_deal: list[bool] = field(default_factory=lambda: [False, False, False, False])


@dataclass(frozen=True, slots=True)
class McrRules(Ruleset):
    """Chinese Official table rules (国标麻将), with the options the rule sources leave open.

    * ``several_winners``: every seat that declares a win on the same discard (or on a robbed
      kong) wins, and the discarder pays each (一炮多响). Off by default: only the declarer nearest
      after the discarder in turn order wins (截和); a seat that could win but passes never does.
    * ``false_win`` (``FalseWin``, or its string value): ``"error"`` rejects a win declaration
      that is not a valid 8-fan win with IllegalActionError, changing nothing. ``"penalty"``
      (competition) charges a seat that is asked to act and declares such a win
      ``false_win_penalty`` points and pays ``false_win_award`` to each other seat (错和: -30 / +10
      by default); the declaration then counts as a pass when answering a discard, and on the
      seat's own turn it must still discard. ``"end"`` (Botzone's judge) charges it the same way and
      ends the hand.
    * ``false_win_penalty``: what a false win costs the declarer under ``false_win="penalty"`` (30).
    * ``false_win_award``: what a false win pays each other seat under ``false_win="penalty"`` (10).
    * ``kong_flower_counts``: a replacement drawn after a kong whose own replacement was a flower
      still scores 杠上开花. Off by default: source 003 (花牌) says a win on a flower's replacement
      scores 自摸 and not 杠上开花.
    * ``flowers``: the eight flowers are in the wall (144 tiles); off: the 136 playing tiles only.
    * ``walls`` (``Walls``, or its string value): one wall for all (``"shared"``) or each seat its own
      (``"per-seat"``, Botzone's judge). A shared wall is broken by the dice and drawn from the front
      (replacements from the tail). Per-seat walls: the ring cut in four walls of 34 tiles (36 with
      flowers), the dealer's first, each seat dealt 13 tiles and drawing (replacements too) from the
      end of its own wall only, the dealer's first draw after the deal. A tile is the last (海底捞月,
      妙手回春; only a win may be claimed on it) when the seat to draw next has nothing left; a kong
      needs a tile in the konger's wall and, on its own turn, in the next seat's; the hand is drawn
      when the seat to draw has nothing left.
    * ``single_hand``: a match is one hand (Botzone's judge plays one); a match of another length is
      refused.
    * ``seat_changes`` (``SeatChanges``, or its string value): when the players of a match change seats:
      ``"each-round"`` (source 003, after each of the first three rounds) or ``"before-west-round"``
      (source 000, once, before the West round).
    * ``profile``: the scoring profile (docs/profiles.md).
    * ``base_points``: what each loser pays on top of the fans (8: source 000, 8 + fans).
    * ``house_fans``: the 联众 non-standard fans of source 000, off by default: 四方大发 168 (big four
      winds with a pair of 发; replaces 大四喜 and its exclusions), 天和 168 (the dealer wins on the
      deal), 地和 158 (the dealer's 下家 wins by drawing its first tile), 人和 108 (any other win
      within the first go-around, the dealer's on a discard included), 天听 32 (ready from the deal
      and after every discard since, nothing claimed; not with 地和, nor with a 人和 won before the
      winner's own first draw, which imply it). 天和, 地和 and 人和 need a first go-around with no
      chow, pung or kong. They add to the total like any fan and count toward the 8-fan minimum
      (docs/mcr.md, House fans).
    """

    later_options: ClassVar[frozenset[str]] = frozenset({"flowers", "walls", "single_hand", "seat_changes"})
    name: str = "mcr"
    several_winners: bool = False
    false_win: FalseWin | str = FalseWin.ERROR
    false_win_penalty: int = FALSE_WIN_PENALTY
    false_win_award: int = FALSE_WIN_AWARD
    kong_flower_counts: bool = False
    profile: str = "mil"
    base_points: int = BASE_POINTS
    house_fans: bool = False
    flowers: bool = True
    walls: Walls | str = Walls.SHARED
    single_hand: bool = False
    seat_changes: SeatChanges | str = SeatChanges.EACH_ROUND

    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = {"profile": tuple(PROFILES)}
    option_bounds: ClassVar[Mapping[str, tuple[int | None, int | None, int | None]]] = {
        "false_win_penalty": (0, MAX_POINTS, None), "false_win_award": (0, MAX_POINTS, None),
        "base_points": (0, MAX_POINTS, None)}

    def __post_init__(self) -> None:
        self.check_bounds()
        # A plain string (from the CLI, JSON or a record) becomes the enum; an unknown one is refused.
        object.__setattr__(self, "false_win", FalseWin(self.false_win))
        object.__setattr__(self, "walls", Walls(self.walls))
        object.__setattr__(self, "seat_changes", SeatChanges(self.seat_changes))
        if self.profile not in PROFILES:
            # refused here, not at the first win scored
            raise InvalidOptionError(f"profile must be one of {', '.join(PROFILES)}, not {self.profile!r}")

    def wall_tiles(self) -> list[int]:
        """144 tiles: the 136 playing tiles and the eight flowers (136 without ``flowers``)."""
        tiles = [t for t in range(34) for _ in range(4)]
        return tiles + list(range(FLOWER_BASE, FLOWER_BASE + 8)) if self.flowers else tiles

    def new_state(self, game: McrTable) -> McrState:
        return McrState()

    def coaching_bot(self) -> str:
        """``PER_SEAT_COACH`` on per-seat walls (the ``botzone`` preset), where the search bot measured
        ahead of the fan-aware bot; the fan-aware bot on a shared wall, where it did not (docs/bots.md)."""
        return PER_SEAT_COACH if self.walls is Walls.PER_SEAT and self.rebuilds() else self.coach_bot

    def rebuilds(self) -> bool:
        """A game can be rebuilt from a view (the search bot's positions) unless ``house_fans`` are on:
        the standard fans need no hand state, 天听 needs the hand's history."""
        return not self.house_fans

    # -- per-seat walls (the shared wall is the base ruleset's) ---------------------------------------

    def deal(self, game: McrTable) -> None:
        """Per-seat walls, as the judge deals: each seat in turn takes tiles from its own wall until it
        holds 13, showing flowers as they come (logged before the deal's event: they are the deal's, not
        a draw's); no 14th, play begins with the dealer's draw. A shared wall: the common deal."""
        if self.walls == Walls.SHARED:
            Ruleset.deal(self, game)
            return
        for k in range(4):
            seat = (game.dealer + k) % 4
            held = 0
            while held < 13:
                t = game.deal_tile(seat)
                if t >= FLOWER_BASE:
                    game.dealt_flowers[seat].remove(t)
                    game.show_flower(seat, t - FLOWER_BASE)
                else:
                    held += 1

    def new_wall(self, ring: list[int], dealer: int, dice: tuple[int, int]) -> Wall:
        """Per-seat walls: each seat its own part of the ring as it lies (the judge's order, no break);
        a shared wall is broken by the dice."""
        if self.walls == Walls.PER_SEAT:
            return SeatWalls(list(ring), dealer, (dealer + dice[0] - 1) % 4)
        return Ruleset.new_wall(self, ring, dealer, dice)

    def match_length(self, hands: int | None = None) -> int:
        """One hand with ``single_hand`` (another number is refused), else 1 to 16 (16 if not given).

        >>> McrRules(single_hand=True).match_length(), McrRules().match_length()
        (1, 16)
        """
        if not self.single_hand:
            return Ruleset.match_length(self, hands)
        if hands is not None and (isinstance(hands, bool) or hands != 1):
            raise InvalidOptionError(f"single_hand=true: a match is one hand, not {hands!r}")
        return 1

    def advisor(self) -> McrAdvisor | None:
        """Advice by the Chinese Official fans of ``profile``."""
        return McrAdvisor(self.profile)

    def describer(self) -> Describer:
        """Fans by name and points (``majiang.rules.mcr.describe``)."""
        return McrDescriber(self)

    def scorer(self) -> McrScorer:
        """The hand scorer: Chinese Official fans under ``profile`` (``majiang.rules.mcr.scorer``)."""
        return McrScorer(self.profile, self.base_points)

    def win_score(self, game: McrTable, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> ScoreResult | None:
        """Score a win with the real context; None unless it reaches 8 fans (flowers excluded)."""
        win = hand.winning_tile
        assert win is not None
        if win_by is WinBy.KONG_REPLACEMENT and game.bonus_after_kong and not self.kong_flower_counts:
            win_by = WinBy.SELF_DRAWN  # source 003: a win on a flower's replacement is 自摸, not 杠上开花
        # 和绝张: the other three copies are in sight on the table (discards and exposed melds).
        last = game.visible_copies(win, seat) >= 3
        try:
            result = score(hand, win_by=win_by, last_of_wall=last_of_wall, last_copy=last,
                           seat_wind=game.seat_wind(seat), round_wind=game.round_wind,
                           flowers=len(game.flowers[seat]), profile=self.profile)
        except InvalidHandError:
            return None
        if self.house_fans:
            result = _with_house_fans(result, game, seat, hand, win_by.self_drawn)
        return result if result.fan_total >= MINIMUM else None

    def choose_winners(self, game: McrTable, giver: int, seats: list[int]) -> list[int]:
        """The declarer nearest after the discarder (截和), or every declarer with ``several_winners``."""
        order = sorted(seats, key=lambda s: (s - giver) % 4)
        return order if self.several_winners else order[:1]

    def pay_win(self, game: McrTable, win: WinRecord) -> None:
        """Self-drawn: each other seat pays base + fans. On a discard: the discarder pays base + fans,
        the other two pay base."""
        game.pay(win_payments(win.seat, win.giver, win.score.total, self.base_points))

    def penalty(self, game: McrTable, seat: int, fault: Fault) -> Penalty | None:
        """错和 under ``false_win="penalty"`` or ``"end"`` (which also ends the hand): the offender pays
        ``false_win_penalty``, each other seat gets ``false_win_award``. A forfeit costs what a false win
        does where false wins are charged (the ``botzone`` preset: Botzone's judge charges both -30 / +10
        and ends the game); otherwise neither is charged."""
        if self.false_win == FalseWin.ERROR:
            return None
        delta = [self.false_win_award] * 4
        delta[seat] = -self.false_win_penalty
        return Penalty((delta[0], delta[1], delta[2], delta[3]), ends_hand=self.false_win == FalseWin.END)

    def observers(self) -> Observers:
        """Discards, for 天听, with ``house_fans`` only: the standard fans watch nothing."""
        return Observers(discarded=self._discarded) if self.house_fans else NO_OBSERVERS

    def _discarded(self, game: McrTable, seat: int, tile: int) -> None:
        """Each discard: whether the seat is still ready from the deal (天听, a house fan). At the dealer's
        first, the others still hold their dealt tiles: each is ready from the deal if ready now."""
        state: McrState = game.hand_state
        if game.discard_count == 1 and seat == game.dealer:
            for s in range(4):
                if s != seat:
                    state.ready_from_deal[s] = bool(game.waits[s])
            state.ready_from_deal[seat] = bool(game.waits[seat]) and not game.interrupted
        elif not game.waits[seat]:
            state.ready_from_deal[seat] = False  # 天听 is lost for good once the hand is not ready

    def next_hand(self, match: McrMatch, game: McrTable) -> NextHand:
        """The deal passes on; after each round, players change seats as ``seat_changes`` says."""
        after = Ruleset.next_hand(self, match, game)
        if match.hand_number % 4 == 0 and match.hand_number < 16:
            change = SeatChanges(self.seat_changes).after_rounds[(match.hand_number - 1) // 4]
            return replace(after, seats=change)
        return after


_HOUSE = {
    "four_winds_and_green": ("四方大发", "Four Winds and Green", 168),
    "heavenly_hand": ("天和", "Heavenly Hand", 168),
    "earthly_hand": ("地和", "Earthly Hand", 158),
    "human_hand": ("人和", "Human Hand", 108),
    "heavenly_ready": ("天听", "Heavenly Ready", 32),
}
# 四方大发 is 大四喜 with a pair of 发: it takes that fan's place and its exclusions (source 000).
_FOUR_WINDS_GREEN_EXCLUDES = {"big_four_winds", "all_pungs", "round_wind", "seat_wind", "big_three_winds"}


def house_fans(game: McrTable, seat: int, hand: Hand, self_drawn: bool) -> list[str]:
    """The house fans (ids of ``_HOUSE``) a win scores, given how the hand went so far (docs/mcr.md).

    天和, 地和 and 人和 need an untouched first go-around (no chow, pung or kong by anyone). 人和 is
    any other win within it (discards 1-4), the dealer's on a discard included. 天听 needs the
    winner ready from the deal and after each of its discards since, with nothing claimed; it is
    not counted where the other fan implies it (不重复): with 地和, or with a 人和 won before the
    winner's own first draw (the dealer: on a discard before its second draw).
    """
    out: list[str] = []
    counts = hand.counts(include_melds=True)
    if all(counts[w] >= 3 for w in range(27, 31)) and counts[32] == 2:
        out.append("four_winds_and_green")
    untouched = not game.interrupted
    first_tiles = False  # the win came from the dealt hand and one tile: ready from the deal, proven
    if untouched and self_drawn and seat == game.dealer and game.discard_count == 0:
        out.append("heavenly_hand")
    elif untouched and self_drawn and seat == (game.dealer + 1) % 4 and game.discard_count == 1:
        out.append("earthly_hand")
        first_tiles = True
    elif untouched and game.discard_count <= 4 and not (seat == game.dealer and self_drawn):
        # The dealer's own draws are the deal (天和) and the second go-around: only a discard counts.
        out.append("human_hand")
        # Untouched, so no discard has been claimed away: the pile is every discard the seat made.
        first_tiles = len(game.discards[seat]) == (1 if seat == game.dealer else 0)
    if game.hand_state.ready_from_deal[seat] and not first_tiles and hand.is_fully_concealed:
        out.append("heavenly_ready")
    return out


def _with_house_fans(result: ScoreResult, game: McrTable, seat: int, hand: Hand,
                     self_drawn: bool) -> ScoreResult:
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


PER_SEAT_COACH = "search:playouts=16"
"""The coach on per-seat walls: the search bot at the budget measured there against the fan-aware bot under
the ``botzone`` preset, +3.22 and +2.32 points a hand (120 and 240 deals, both intervals clear of 0), at
about 27 ms a hint on average, 51 ms at most (50 decisions of a Botzone hand), fast enough for every move
(docs/bots.md)."""

BOTZONE: dict[str, Any] = {"flowers": False, "walls": "per-seat", "false_win": "end", "single_hand": True}
"""The preset ``botzone``: the options of Botzone's judge ``ChineseStandardMahjong`` (docs/interop.md)."""

register_ruleset("mcr", McrRules, aliases=("国标", "国标麻将", "chinese-official", "official"),
                 presets={"botzone": BOTZONE})

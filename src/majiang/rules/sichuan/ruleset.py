"""Sichuan mahjong (四川麻将, seed 004) as a ruleset on the engine's hooks; Chengdu scoring as a second one.

The 108 suited tiles, no chow, wins only while missing a suit (缺一门), several winners on one discard
(一炮多响), 血战到底 / 血流成河 / a single win, 刮风下雨 paid the moment a kong stands, 杠上炮, the wall-end
settlement (查花猪, 查大叫), 最后四张自动胡, and the opening phases 换三张 and 定缺 as options. The options
are the fields: the table rules of ``TableOptions`` and the scoring of ``Options`` (docs/sichuan.md).

>>> from majiang.game.ruleset import find_ruleset
>>> r = find_ruleset("血流")
>>> r.name, r.mode.value, r.base
('sichuan', 'blood-river', 6)
>>> find_ruleset("成都").cap_points
80
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement, compress
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.actions import Action, ActionKind
from majiang.errors import InvalidHandError
from majiang.game.describe import Describer
from majiang.game.events import Event, Payment
from majiang.game.moments import Observers
from majiang.game.ruleset import (
    ADDED_KONG,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    PASS,
    PUNG,
    WIN,
    NextHand,
    OptionSpec,
    Rebuilt,
    Ruleset,
    SeatContext,
    register_ruleset,
)
from majiang.hand import Hand, WinBy
from majiang.meld import MeldKind
from majiang.rules.bounds import Bounds
from majiang.rules.sichuan.analysis import SichuanEfficiency
from majiang.rules.sichuan.describe import SichuanDescriber
from majiang.rules.sichuan.fans import FanId
from majiang.rules.sichuan.payments import (
    TABLE_BOUNDS,
    Exchange,
    KongBloom,
    KongKind,
    Mode,
    NextDealer,
    PassLock,
    ReadyPrice,
    TableFields,
    TableOptions,
    exchange_direction,
    exchange_receiver,
    flower_pig_payments,
    kong_discard_transfer,
    kong_payment,
    next_dealer,
    not_ready_payments,
    refund_kongs,
    win_payment,
)
from majiang.rules.sichuan.scorer import SichuanScorer
from majiang.rules.sichuan.scoring import OPTIONS, SCORING_BOUNDS, Options, ScoreResult, score
from majiang.rules.sichuan.state import SUIT_LETTERS, SichuanPublic, SichuanState
from majiang.tiles import ALL_TILES

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.game.ruleset import MatchTable, SeatView, Table, TableSeatView
    from majiang.game.scoring import Score

    SichuanTable = Table[SichuanState, None]
    """A hand in play as these rules see it (``majiang.game.ruleset.Table``)."""
    SichuanMatch = MatchTable[None]
    SichuanView = SeatView[SichuanState]

__all__ = ["ExchangeMade", "SichuanPublic", "SichuanRules", "SichuanState", "VoidsDeclared"]

_SUITED_DISCARD = DISCARD[:27]
_VOID = tuple(Action(ActionKind.VOID, ALL_TILES[9 * suit]) for suit in range(3))
_TABLE_FIELDS = tuple(f.name for f in dataclasses.fields(TableOptions))
_SCORING_FIELDS = tuple(f.name for f in dataclasses.fields(Options) if f.name != "name")
_SICHUAN = OPTIONS["sichuan"]
_ENUM_FIELDS = ("mode", "exchange", "next_dealer_by", "melded_kong_bloom", "not_ready_pays", "pass_win_lock")


@dataclass(frozen=True, slots=True)
class ExchangeMade(Event):
    """换三张 is done: every seat passed three tiles in ``direction``."""

    kind: ClassVar[str] = "exchange"
    direction: str


@dataclass(frozen=True, slots=True)
class VoidsDeclared(Event):
    """定缺 is done: each seat's void suit (``m``, ``p`` or ``s``), by seat."""

    kind: ClassVar[str] = "void"
    suits: list[str]


@dataclass(frozen=True, slots=True)
class SichuanRules(TableFields, Ruleset):
    """Sichuan table rules (seed 004) with Sichuan or Chengdu scoring; every option is in docs/sichuan.md.

    The table options are declared in ``TableFields`` (``TableOptions`` takes them too), the scoring
    options are those of ``Options`` (by default the sichuan profile's values); enum
    options also take their string values.

    * ``mode``: blood-battle 血战到底 (a winner leaves; play on until three have won), blood-river 血流成河
      (winners stay and win again), or single (the hand ends at the first win).
    * ``several_winners``: every seat that wins on one discard wins (一炮多响).
    * ``exchange``: 换三张 before play: none, dice, clockwise, counterclockwise or across.
    * ``declare_void``: 定缺 before play; the declared suit's tiles must go first.
    * ``forced_win_last_four``: a ready seat must win on the wall's last four tiles (最后四张自动胡).
    * ``next_dealer_by``: who deals next (坐庄): mode (dice in 血战 and 血流, the discarder 点炮者 in single),
      dice, discarder or first-winner (本盘胡牌者).
    * ``flower_pig``: what a three-suit hand at the wall's end pays each other seat, in base units
      (查花猪; 0: off).
    * ``direct_kong``: 直杠 paid by the discarder at once, in base units (刮风).
    * ``added_kong``: 面下杠 paid by every seat still in at once, in base units.
    * ``concealed_kong``: 暗杠 paid by every seat still in at once, in base units (下雨).
    * ``refund_kongs_when_not_ready``: a seat not ready at the wall's end returns its kong income (查大叫).
    * ``melded_kong_bloom``: who pays 杠上花 on a kong made on a discard (点杠花): discarder (引杠者点炮, the
      discarder alone as a 点炮) or self-drawn (自摸, every seat still in).
    * ``not_ready_pays``: what 查大叫 charges a seat not ready for each ready seat: largest (最大的可能番,
      the largest possible win) or smallest (最小可得的点数, the smallest).
    * ``pass_win_lock``: 过水, a win let go bars later wins until the seat's next turn unless they score
      more (不能弃先胡后,加分可以胡): any (on any tile), same-tile (on that tile only) or none.
    * ``fans``: the fan table, sichuan (seed 004) or chengdu (seed 000).
    * ``base``: the points of a plain win.
    * ``plain_fan``: the 番 of a plain win (points are base × 2^(番 − plain_fan)).
    * ``cap_fan``: the most 番 counted (封顶; none: no cap).
    * ``cap_points``: the most points one payer pays for a win (none: no cap).
    * ``self_drawn``: what a self-drawn win adds: none, base or fan.
    * ``last_of_wall``: whether 海底 scores (海底捞, the wall's last tile self-drawn).
    * ``last_of_wall_discard``: 海底 scores a win on the wall's last discard too (海底炮).
    * ``concealed_root``: whether four of a kind held without a kong counts as 根.
    """

    name: str = "sichuan"
    # The table options are TableFields'; the scoring options default to the sichuan profile (seed 004).
    fans: str = _SICHUAN.fans
    base: int = _SICHUAN.base
    plain_fan: int = _SICHUAN.plain_fan
    cap_fan: int | None = _SICHUAN.cap_fan
    cap_points: int | None = _SICHUAN.cap_points
    self_drawn: str = _SICHUAN.self_drawn
    last_of_wall: bool = _SICHUAN.last_of_wall
    concealed_root: bool = _SICHUAN.concealed_root
    last_of_wall_discard: bool = _SICHUAN.last_of_wall_discard

    has_chow: ClassVar[bool] = False
    missing_suit: ClassVar[bool] = True
    plain_claims: ClassVar[bool] = True  # (claim_options passes at once where the engine would skip)
    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = {"fans": ("sichuan", "chengdu"),
                                                                "self_drawn": ("none", "base", "fan")}
    option_bounds: ClassVar[Mapping[str, Bounds]] = {**TABLE_BOUNDS, **SCORING_BOUNDS}
    later_options: ClassVar[frozenset[str]] = frozenset(
        {"melded_kong_bloom", "not_ready_pays", "pass_win_lock", "last_of_wall_discard"})
    older_values: ClassVar[Mapping[str, Any]] = {"melded_kong_bloom": "self-drawn", "pass_win_lock": "none",
                                                 "last_of_wall_discard": True}
    """The play of records written before issue 20 (docs/sichuan.md): 杠上花 on a fed kong paid by all, no
    过水, 海底 on the last discard too."""

    def __post_init__(self) -> None:
        # The integers first: the scoring options are cached by equality, and 6.0 == 6.
        self.check_bounds()
        # Both option sets check their fields (InvalidOptionError); the enums come back converted.
        table = self.table
        for name in _ENUM_FIELDS:
            object.__setattr__(self, name, getattr(table, name))
        _scoring(self)

    def option_schema(self) -> list[OptionSpec]:
        """The options as ``Ruleset.option_schema`` shows them, with the bounds the other options set:
        ``cap_points`` from this ruleset's ``base`` on, and ``base`` up to its ``cap_points`` (a cap below
        one plain win is refused).

        >>> from majiang.game.ruleset import find_ruleset
        >>> schema = find_ruleset("成都").option_schema()
        >>> [(o.minimum, o.maximum) for o in schema if o.name in ("base", "cap_points")]
        [(1, 80), (5, 1000000)]
        """
        out = []
        for o in Ruleset.option_schema(self):
            if o.name == "cap_points":
                o = dataclasses.replace(o, minimum=self.base)
            elif o.name == "base" and self.cap_points is not None and o.maximum is not None:
                o = dataclasses.replace(o, maximum=min(o.maximum, self.cap_points))
            out.append(o)
        return out

    @property
    def table(self) -> TableOptions:
        """The table options (``TableOptions``) of this ruleset."""
        return TableOptions(**{name: getattr(self, name) for name in _TABLE_FIELDS})

    @property
    def scoring(self) -> Options:
        """The scoring options (``Options``) of this ruleset."""
        return _scoring(self)

    # -- the wall, the deal, the opening ----------------------------------------------------------

    def wall_tiles(self) -> list[int]:
        """108 tiles: four of each suited kind, no honors, no flowers (seed 004 "共108张")."""
        return [t for t in range(27) for _ in range(4)]

    def new_state(self, game: SichuanTable) -> SichuanState:
        return SichuanState()

    def after_deal(self, game: SichuanTable) -> None:
        """换三张 (three tiles of one suit, every seat at once), then 定缺 (a suit each), if enabled."""
        if self.exchange is not Exchange.NONE:
            game.ask({s: _exchanges(game.counts[s]) for s in range(4)})
        elif self.declare_void:
            game.ask({s: list(_VOID) for s in range(4)})

    def answer(self, game: SichuanTable, answers: dict[int, Action]) -> None:
        """The exchange made (then 定缺 asked, if enabled), or the void suits declared."""
        state: SichuanState = game.hand_state
        if any(a.kind is ActionKind.EXCHANGE for a in answers.values()):
            # The dealer's roll at the break picks the direction when it is rolled (docs/sichuan.md).
            roll = game.dice[0] if self.exchange is Exchange.DICE else None
            direction = exchange_direction(self.exchange, roll)
            for seat, action in answers.items():
                for t in action.tiles:
                    game.counts[seat][t] -= 1
            traded: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), ())] * 4
            for seat, action in answers.items():
                receiver = exchange_receiver(direction, seat)
                for t in action.tiles:
                    game.counts[receiver][t] += 1
                gave = tuple(int(t) for t in action.tiles)
                traded[seat] = (gave, traded[seat][1])
                traded[receiver] = (traded[receiver][0], gave)
            state.traded = traded
            state.direction = direction
            state.shown = None
            game.log(ExchangeMade(direction.value))
            if self.declare_void:
                game.ask({s: list(_VOID) for s in range(4)})
            return
        for seat, action in answers.items():
            assert action.tile is not None
            state.voids[seat] = int(action.tile) // 9
        state.shown = None
        game.log(VoidsDeclared([SUIT_LETTERS[v] if v is not None else "" for v in state.voids]))

    def public_state(self, game: SichuanTable, seat: int) -> SichuanPublic:
        """What every seat sees (voids, the exchange's direction, wins) and, once 换三张 is made, the seat's
        own exchange (``SichuanPublic.gave``, ``received``)."""
        state: SichuanState = game.hand_state
        shown = state.shown
        if shown is None:
            shown = state.shown = SichuanPublic(tuple(state.voids), None if state.direction is None else
                                                state.direction.value, tuple(state.wins))
            if state.traded is not None:
                state.seen_by = [None, None, None, None]
        traded = state.traded
        if traded is None:
            return shown
        mine = state.seen_by[seat]
        if mine is None:
            gave, received = traded[seat]
            mine = state.seen_by[seat] = dataclasses.replace(shown, gave=gave, received=received)
        return mine

    # -- games rebuilt from a view (the search bot's positions) -----------------------------------------

    def rebuilds(self) -> bool:
        """A Sichuan hand can be rebuilt from a view once the opening (换三张, 定缺) is done
        (``majiang.rules.sichuan.rebuild``)."""
        return True

    def rebuild(self, game: SichuanTable, view: TableSeatView[Any]) -> Rebuilt:
        """The hand state from the view, and what each sample moves to agree with it (voids let go, the
        seat's exchange): ``majiang.rules.sichuan.rebuild``."""
        from majiang.rules.sichuan.rebuild import rebuild_hand

        return rebuild_hand(game, view, base=self.base, table=self.table)

    def copy_state(self, game: SichuanTable) -> SichuanState:
        state: SichuanState = game.hand_state
        return state.copy()

    # -- legal actions ------------------------------------------------------------------------------

    def _locked(self, game: SichuanTable, seat: int) -> bool:
        """A seat that has won in 血流成河 keeps its hand: it only wins again or lets its draw go."""
        state: SichuanState = game.hand_state
        return self.mode is Mode.BLOOD_RIVER and state.wins[seat] > 0

    def _forced(self, game: SichuanTable) -> bool:
        """最后四张自动胡: once the wall's last four tiles are being drawn, a win cannot be passed up."""
        return self.forced_win_last_four and game.wall_left < 4

    def waits(self, counts: list[int], melds: int, held: list[int]) -> frozenset[int]:
        """The common table's waits, kept to kinds that leave the hand missing a suit (缺一门)."""
        if any(held[0:9]) and any(held[9:18]) and any(held[18:27]):
            return frozenset()  # three suits held: no win until one is gone (the common case, decided first)
        found = Ruleset.waits(self, counts, melds, held)
        if not found:
            return found
        suits = {k // 9 for k in range(27) if held[k]}
        return frozenset(t for t in found if t < 27 and len(suits | {t // 9}) < 3)

    def turn_actions(self, game: SichuanTable, seat: int) -> list[Action]:
        """Discard, kong or win; the void suit's tiles go first (定缺); a forced win is the only choice. The
        seat's turn has begun, so its 过水 lock lifts."""
        state: SichuanState = game.hand_state
        if seat in state.offers or state.passed[seat]:
            # Asked before the seat may act, and the lock is read only on other seats' tiles.
            state.offers.pop(seat, None)
            state.passed[seat].clear()
        can_win = game.self_win(seat) is not None
        if can_win and self._forced(game):
            return [WIN]
        counts = game.counts[seat]
        drawn = game.drawn
        if self._locked(game, seat) and drawn is not None:
            return [DISCARD[drawn], WIN] if can_win else [DISCARD[drawn]]
        void = state.voids[seat]
        if void is not None and any(counts[9 * void:9 * void + 9]):
            return [DISCARD[t] for t in range(9 * void, 9 * void + 9) if counts[t]]
        out = list(compress(_SUITED_DISCARD, counts))  # the 27 suited kinds (compress stops there)
        melds = game.melds[seat]
        if drawn is not None and game.wall_left > 0:  # an added kong with four melds too (it adds none)
            if 4 in counts:
                out.extend(CONCEALED_KONG[t] for t in range(27) if counts[t] == 4)
            if melds:
                out.extend(ADDED_KONG[m.tile] for m in melds if m.kind == MeldKind.PUNG and counts[m.tile])
        if can_win:
            out.append(WIN)
        return out

    def claim_options(self, game: SichuanTable, seat: int, giver: int, tile: int) -> list[Action]:
        """Pass, win, pung or kong (no chow); none of the void suit; a forced win is the only choice."""
        if tile not in game.waits[seat] and game.counts[seat][tile] < 2:
            return [PASS]  # the common answer (no win, no pung), decided at once
        out = [PASS]
        if self._may_win(game, seat, tile, game.discard_win(seat, tile, robbing=False)):
            if self._forced(game):
                return [WIN]
            out.append(WIN)
        if game.wall_left == 0 or self._locked(game, seat):
            return out
        state: SichuanState = game.hand_state
        if state.voids[seat] == tile // 9:
            return out
        c = game.counts[seat][tile]
        if c >= 2:
            out.append(PUNG)
        if c == 3:
            out.append(KONG)
        return out

    def rob_options(self, game: SichuanTable, seat: int, konger: int, tile: int,
                    how: KongKind) -> list[Action]:
        """Rob an added kong (抢杠, seed 004 "玩家面下杠时,她家可以抢杠而胡") or pass; forced in the last
        four tiles like any win, and barred by 过水 like a win on a discard. A concealed kong cannot be
        robbed."""
        if how is not KongKind.ADDED or not self._may_win(game, seat, tile,
                                                          game.discard_win(seat, tile, robbing=True)):
            return []
        return [WIN] if self._forced(game) else [PASS, WIN]

    def _may_win(self, game: SichuanTable, seat: int, tile: int, win: Score | None) -> bool:
        """Whether ``seat`` may win on another seat's ``tile`` worth ``win`` (None: no win): not when it let
        a win go since its last turn (过水, ``pass_win_lock``) unless this one scores more. An offer is
        noted: if the seat does not take it (``choose_winners`` hears who did), it was let go."""
        if self.pass_win_lock is PassLock.NONE:
            return win is not None
        state: SichuanState = game.hand_state
        robbed = game.robbed
        window = (game.discard_count, None if robbed is None else robbed[1])
        offer = state.offers.pop(seat, None)
        passed = state.passed[seat]
        if offer is not None and offer[0] != window:
            _, kind, points = offer  # offered in an earlier window and not taken: let go
            passed[kind] = max(points, passed.get(kind, 0))
        if win is None:
            return False
        assert isinstance(win, ScoreResult)  # (win_score's)
        if passed:
            barred = passed.get(tile) if self.pass_win_lock is PassLock.SAME_TILE else max(passed.values())
            if barred is not None and win.points <= barred:
                return False  # "不能弃先胡后,但就是加分可以胡"
        state.offers[seat] = (window, tile, win.points)
        return True

    # -- wins ---------------------------------------------------------------------------------------

    def scorer(self) -> SichuanScorer:
        """The hand scorer: these rules' scoring options (``majiang.rules.sichuan.scorer``)."""
        return SichuanScorer(_scoring(self))

    def win_score(self, game: SichuanTable, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> ScoreResult | None:
        """The score of a win (``scoring.score``), or None if the hand cannot win: it holds three suits
        or its declared void suit, or is no winning form."""
        state: SichuanState = game.hand_state
        first_go = not game.interrupted and win_by is WinBy.SELF_DRAWN
        heavenly = first_go and seat == game.dealer and game.discard_count == 0
        # 地胡: a seat other than the dealer wins on its first draw ("第一轮摸牌后就胡牌").
        earthly = first_go and seat != game.dealer and not game.discards[seat] and game.discard_count < 4
        return self._score(hand, state.voids[seat], win_by=win_by, last_of_wall=last_of_wall,
                           after_kong=win_by is WinBy.DISCARD and game.discard_after_kong,
                           heavenly=heavenly, earthly=earthly,
                           fed_kong=win_by is WinBy.KONG_REPLACEMENT and self._feeder(game, seat) is not None)

    def _feeder(self, game: SichuanTable, seat: int) -> int | None:
        """The seat that pays ``seat``'s 杠上花 as a 点炮 (引杠者, ``melded_kong_bloom=discarder``): the
        discarder of the kong ``seat`` just made on a discard; None if every seat pays."""
        if self.melded_kong_bloom is not KongBloom.DISCARDER:
            return None
        state: SichuanState = game.hand_state
        last = state.last_kong
        if last is None or last[0] != seat or last[1] is not KongKind.MELDED:
            return None
        return last[2]

    def _score(self, hand: Hand, void: int | None, *, win_by: WinBy, last_of_wall: bool, after_kong: bool,
               heavenly: bool = False, earthly: bool = False, fed_kong: bool = False) -> ScoreResult | None:
        counts = hand.counts(include_melds=True)
        if void is not None and any(counts[9 * void:9 * void + 9]):
            return None
        options = _scoring(self)
        if FanId.HEAVENLY not in options.table:
            heavenly = earthly = False
        try:
            return score(hand, win_by=win_by, last_of_wall=last_of_wall, after_kong=after_kong,
                         heavenly=heavenly, earthly=earthly, fed_kong=fed_kong, options=options)
        except InvalidHandError:
            return None

    def choose_winners(self, game: SichuanTable, giver: int, seats: list[int]) -> list[int]:
        """Every declarer (一炮多响), nearest after the giver first (only that one if not several_winners).
        A declarer did not let its win go (过水), chosen or not."""
        state: SichuanState = game.hand_state
        for seat in seats:
            state.offers.pop(seat, None)
        order = sorted(seats, key=lambda s: (s - giver) % 4)
        return order if self.several_winners else order[:1]

    def pay_win(self, game: SichuanTable, win: WinRecord) -> None:
        """The discarder pays the win (点炮), or every other seat still in (自摸), or a fed kong's discarder
        its 杠上花 (引杠者点炮); on a 杠上炮 the discarder's kong income goes to the winner too."""
        still_in = [s for s in range(4) if game.active[s]]
        deltas = win_payment(win.seat, win.score.points, still_in, discarder=self._payer(game, win))
        game.pay(deltas, Payment("win", win.seat, list(deltas)))
        state: SichuanState = game.hand_state
        giver = win.giver
        if win.win_by is WinBy.DISCARD and game.discard_after_kong and state.kongs:
            index = len(state.kongs) - 1
            konger, kong = state.kongs[index]
            if konger == giver:
                transfer = kong_discard_transfer(kong, konger, [win.seat])
                game.pay(transfer, Payment("kong-discard", win.seat, list(transfer)))
                state.handed_on.add(index)

    def _payer(self, game: SichuanTable, win: WinRecord) -> int | None:
        """Who alone pays ``win``: its discarder (or the konger robbed), a fed kong's discarder for its
        杠上花, or None when every other seat still in pays."""
        if win.win_by is WinBy.KONG_REPLACEMENT:
            return self._feeder(game, win.seat)
        return win.giver

    def after_win(self, game: SichuanTable, wins: list[WinRecord]) -> bool:
        """single: the hand ends. 血战: winners leave; on while two seats are in. 血流: everyone plays on."""
        state: SichuanState = game.hand_state
        for w in wins:
            state.wins[w.seat] += 1
        state.shown = None
        if not state.first_winners:
            state.first_winners = tuple(w.seat for w in wins)
            state.first_giver = self._payer(game, wins[0])  # a fed kong's discarder is its 点炮者
        if self.mode is Mode.SINGLE:
            return False
        if self.mode is Mode.BLOOD_BATTLE:
            for w in wins:
                game.leave(w.seat)
            return sum(game.active) >= 2
        return True

    # -- moments --------------------------------------------------------------------------------------

    def observers(self) -> Observers:
        """Kongs, paid at once."""
        return Observers(konged=self._konged)

    def _konged(self, game: SichuanTable, seat: int, tile: int, how: KongKind, giver: int | None) -> None:
        """刮风下雨: a kong is paid at once by the discarder (直杠) or every other seat still in."""
        still_in = [s for s in range(4) if game.active[s]]
        deltas = kong_payment(how, seat, still_in, self.base, discarder=giver,
                              options=self.table)
        state: SichuanState = game.hand_state
        state.kongs.append((seat, deltas))
        state.last_kong = (seat, how, giver)
        game.pay(deltas, Payment("kong", seat, list(deltas)))

    def end_of_hand(self, game: SichuanTable, exhausted: bool) -> None:
        """When the wall runs out: 查花猪, then 查大叫 with kong refunds, among the seats that never won."""
        if not exhausted:
            return
        state: SichuanState = game.hand_state
        open_seats = [s for s in range(4) if game.active[s] and not state.wins[s]]
        pigs = {s for s in open_seats if _three_suits(game, s)} if self.flower_pig else set()
        largest = {s: p for s in open_seats if s not in pigs
                   if (p := self._ready_win(game, s)) is not None}
        payers = [s for s in open_seats if s not in pigs and s not in largest]
        others = [s for s in open_seats if s not in pigs]
        for pig in sorted(pigs):
            deltas = flower_pig_payments({pig}, [*others, pig], self.base, options=self.table)
            game.pay(deltas, Payment("flower-pig", pig, list(deltas)))
        for seat in payers:
            deltas = not_ready_payments(largest, [seat])
            if any(deltas):
                game.pay(deltas, Payment("not-ready", seat, list(deltas)))
        if self.refund_kongs_when_not_ready:
            for seat in sorted([*pigs, *payers]):
                own = [d for i, (s, d) in enumerate(state.kongs) if s == seat and i not in state.handed_on]
                if own:
                    deltas = refund_kongs(own)
                    game.pay(deltas, Payment("refund", seat, list(deltas)))

    def _ready_win(self, game: SichuanTable, seat: int) -> int | None:
        """查大叫: the points of the seat's largest possible win on a discard (its smallest with
        ``not_ready_pays=smallest``), or None if it is not ready."""
        state: SichuanState = game.hand_state
        counts = game.counts[seat]
        tiles = tuple(ALL_TILES[t] for t in range(27) for _ in range(counts[t]))
        found = []
        for t in game.waits[seat]:
            hand = Hand(tuple(game.melds[seat]), tiles, ALL_TILES[t])
            result = self._score(hand, state.voids[seat], win_by=WinBy.DISCARD, last_of_wall=False,
                                 after_kong=False)
            if result is not None:
                found.append(result.points)
        if not found:
            return None
        return min(found) if self.not_ready_pays is ReadyPrice.SMALLEST else max(found)

    # -- describing ---------------------------------------------------------------------------------

    def describer(self) -> Describer:
        """番 and points, each seat's void suit (``majiang.rules.sichuan.describe``)."""
        return SichuanDescriber(self)

    # -- advice -------------------------------------------------------------------------------------

    def seat_context(self, view: SichuanView) -> SeatContext:
        """The seat's winds and its declared void suit (None before 定缺, or without it: then the best one
        to give up)."""
        public = view.public_state
        void = public.voids[view.seat] if isinstance(public, SichuanPublic) else None
        return SeatContext(view.seat_wind, view.round_wind, void)

    def seat_efficiency(self, seat: SeatContext) -> SichuanEfficiency:
        """Sichuan tile efficiency for a seat that gave up ``seat.void`` (None: the best suit to give up)."""
        return _efficiency(seat.void, _scoring(self))

    # -- the match ----------------------------------------------------------------------------------

    def next_hand(self, match: SichuanMatch, game: SichuanTable) -> NextHand:
        """Who deals next (``next_dealer_by``, by default as the mode says); ``dice`` counts the hand's second
        roll round from its dealer, so a replay of the recorded dice agrees."""
        state: SichuanState = game.hand_state
        rule = self.next_dealer_by.for_mode(self.mode)
        roll = game.dice[1] if rule is NextDealer.DICE else None
        dealer = next_dealer(rule, game.dealer, state.first_winners, discarder=state.first_giver, dice=roll)
        return dataclasses.replace(Ruleset.next_hand(self, match, game), dealer=dealer)


@functools.lru_cache(maxsize=64)
def _efficiency(void: int | None, options: Options) -> SichuanEfficiency:
    return SichuanEfficiency(void=void, options=options)


@functools.lru_cache(maxsize=64)
def _scoring(rules: SichuanRules) -> Options:
    """The scoring options of a ruleset, built (and checked) once."""
    return Options(rules.name, **{name: getattr(rules, name) for name in _SCORING_FIELDS})


def _exchanges(counts: list[int]) -> list[Action]:
    """Every choice of three tiles of one suit from a hand (换三张)."""
    out = []
    for suit in range(3):
        kinds = [t for t in range(9 * suit, 9 * suit + 9) if counts[t]]
        for combo in combinations_with_replacement(kinds, 3):
            if all(combo.count(t) <= counts[t] for t in set(combo)):
                out.append(Action(ActionKind.EXCHANGE, None, tuple(ALL_TILES[t] for t in combo)))
    return out


def _three_suits(game: SichuanTable, seat: int) -> bool:
    """查花猪: whether a seat's tiles, standing and melded, hold all three suits."""
    counts = game.counts[seat]
    suits = {t // 9 for t in range(27) if counts[t]} | {m.tile // 9 for m in game.melds[seat]}
    return len(suits) == 3


def _chengdu() -> SichuanRules:
    o = OPTIONS["chengdu"]
    return SichuanRules("chengdu", **{name: getattr(o, name) for name in _SCORING_FIELDS})


register_ruleset("sichuan", SichuanRules, aliases=("四川", "四川麻将", "血战", "血战到底"),
                 presets={"血流": {"mode": "blood-river"}, "血流成河": {"mode": "blood-river"}})
register_ruleset("chengdu", _chengdu, aliases=("成都", "成都麻将"))


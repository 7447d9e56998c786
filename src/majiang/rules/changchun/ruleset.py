"""Changchun mahjong (长春麻将, seed 001) as a ruleset on the engine's hooks.

The 136 tiles, chow (not honors), pung and kong; the special kongs laid from the dealt tiles (旋风杠, 喜杠,
幺蛋, 九蛋: melds of mixed tiles, added to later, and such an addition robbed by a win, 抢胡, or a pung,
抢叉); 上听, a ready declaration with the discard (the action ``riichi TILE``) that locks the hand; the 宝牌,
rolled by the first ready seat and counted in stacks from the wall's end, seen by every ready seat, a
wildcard for them when drawn, won at once when it is the wait (对宝), rolled again when three copies are
out; one winner, the nearest after the discarder (截胡); the last 7 stacks never drawn; kong money settled
apart at the end, also on a drawn hand; the dealer deals again on a win or a draw. The options are the
scoring ``Options``' fields; docs/changchun.md gives every table decision.

>>> from majiang.game.ruleset import find_ruleset
>>> r = find_ruleset("长春", ["points=double"])
>>> r.name, r.points, r.scoring.points
('changchun', 'double', 'double')
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.actions import Action, ActionKind, ActionSpec, declare_action
from majiang.analysis.ready import distance, quick_ready_kinds
from majiang.errors import InvalidHandError
from majiang.game.describe import Describer
from majiang.game.events import Event, Payment
from majiang.game.moments import Observers
from majiang.game.ruleset import (
    ADDED_KONG,
    CONCEALED_KONG,
    DISCARD,
    PASS,
    PUNG,
    WIN,
    NextHand,
    Rebuilt,
    Ruleset,
    SeatContext,
    register_ruleset,
)
from majiang.game.wall import break_ring
from majiang.hand import Hand, WinBy
from majiang.meld import KongKind, Meld, MeldKind
from majiang.rules.bounds import Bounds
from majiang.rules.changchun.analysis import ChangchunEfficiency
from majiang.rules.changchun.describe import ChangchunDescriber
from majiang.rules.changchun.fans import SPECIAL_KONGS, SpecialKong
from majiang.rules.changchun.options import CHOICES, OPTION_BOUNDS, OptionFields, Options
from majiang.rules.changchun.payments import kong_payments, special_kong_id
from majiang.rules.changchun.scorer import ChangchunScorer
from majiang.rules.changchun.scoring import ChangchunScore, WinContext, score, winning_kinds
from majiang.rules.changchun.state import ChangchunPublic, ChangchunState, ChangchunWall
from majiang.tiles import ALL_TILES

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.game.ruleset import MatchTable, SeatView, Table, TableSeatView

    ChangchunTable = Table[ChangchunState, None]
    """A hand in play as these rules see it (``majiang.game.ruleset.Table``)."""
    ChangchunMatch = MatchTable[None]
    ChangchunView = SeatView[ChangchunState]

__all__ = ["READY", "SPECIAL_KONG", "ChangchunRules", "TreasureSet"]

SPECIAL_KONG = declare_action(ActionSpec(
    "special-kong", "lay a special kong", "亮杠", tile=True,
    help="Lay a special kong from the dealt tiles, counted as an exposed kong: E the four winds "
         "(旋风杠, with a replacement tile), P 中发白 (喜杠), 1m 1m1p1s (幺蛋), 9m 9m9p9s (九蛋)."))
READY = tuple(Action(ActionKind.RIICHI, t) for t in ALL_TILES)
"""上听: declare the hand ready with this discard; the hand is locked and sees the 宝牌."""

_SCORING_FIELDS = tuple(f.name for f in dataclasses.fields(Options))
_BY_KEY: dict[int, SpecialKong] = {int(k.key): k for k in SPECIAL_KONGS.values()}
_MAX_ROLLS = 4
"""Rolls for one 宝 at most: a roll landing on a kind already three times out is rolled again, but not
forever."""


@dataclass(frozen=True, slots=True)
class TreasureSet(Event):
    """The 宝牌 was rolled and laid apart at ``place`` in the wall (its kind is seen only by ready seats);
    ``again``: a new 宝 after three copies were let go, the old one put back."""

    kind: ClassVar[str] = "treasure"
    place: int
    again: bool


@dataclass(frozen=True, slots=True)
class ChangchunRules(OptionFields, Ruleset):
    """Changchun table rules (seed 001); every option is a scoring option (docs/changchun.md).

    * ``points``: add (a win's points are its 番 times the stake) or double (the stake doubled per 番).
    * ``stake``: the stake (底注) of a win's points and of kong money, 1-1000.
    * ``treasure_self_drawn``: a win with the drawn 宝牌 also counts 自摸.
    * ``pair_treasure``: stack (对宝 counts 自摸, 宝牌 and 对宝) or once (自摸 and 对宝).
    * ``dragon_exemption``: any (a dragon held frees a hand from the pung) or kong (only a kong does).
    * ``special_tiles_count``: the special kongs' tiles count for 三色全 and the 1/9.
    * ``special_closed``: special kongs keep a hand closed for 立胡.
    * ``edge``: both (夹胡 is an edge, closed or single wait on the only winning tile), shape or single.
    * ``robbing``: discard (抢胡 is paid by the konger, 放炮) or self-drawn (自摸, all three pay).
    * ``big_egg``: listed (大蛋 is four alike of 1s, 1p, 中, 发, 白), with-1m, or off.
    * ``kong_payers``: all (each other seat pays each kong) or discarder (a kong on a discard: its discarder).
    """

    name: str = "changchun"

    has_chow: ClassVar[bool] = True
    plain_claims: ClassVar[bool] = True
    chinese_ready: ClassVar[bool] = True
    dead_wall: ClassVar[int] = 14
    actions: ClassVar[tuple[ActionSpec, ...]] = (SPECIAL_KONG,)
    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = CHOICES
    option_bounds: ClassVar[Mapping[str, Bounds]] = OPTION_BOUNDS
    playout_cost: ClassVar[float] = 1.5
    """A search playout counts Changchun's shanten (three suits, a 1/9, a pung) and checks its wins'
    conditions: about one and a half Chinese Official playouts (docs/bots.md)."""

    def __post_init__(self) -> None:
        self.check_bounds()
        _scoring(self)  # the scoring options check every field (InvalidOptionError)

    @property
    def scoring(self) -> Options:
        """The scoring options (``majiang.changchun.Options``) of this ruleset."""
        return _scoring(self)

    # -- the wall, the deal, the special kongs ------------------------------------------------------

    def new_wall(self, ring: list[int], dealer: int, dice: tuple[int, int]) -> ChangchunWall:
        """The ring broken by the dice; the last 7 stacks are never drawn in turn ("牌墙需保留最后7墩"); the
        宝牌 lies apart in it."""
        order, second = break_ring(ring, dealer, dice)
        return ChangchunWall(order, self.dead_wall, second)

    def new_state(self, game: ChangchunTable) -> ChangchunState:
        return ChangchunState()

    def after_deal(self, game: ChangchunTable) -> None:
        """The opening question: the special kongs (``_ask_special_kongs``)."""
        self._ask_special_kongs(game)

    def _ask_special_kongs(self, game: ChangchunTable) -> None:
        """Each seat holding the tiles of a special kong not laid yet may lay it ("特殊杠牌只有起手牌才算"),
        asked again after each (旋风杠's replacement may bring another), until it passes."""
        state: ChangchunState = game.hand_state
        out: dict[int, list[Action]] = {}
        for seat in range(4):
            if seat in state.passed:
                continue
            counts = game.counts[seat]
            laid = {special_kong_id(m) for m in game.melds[seat]}
            kongs = [k for k in SPECIAL_KONGS.values()
                     if k.id not in laid and all(counts[t] for t in k.kinds)]
            if kongs:
                out[seat] = [PASS, *(SPECIAL_KONG.action(k.key) for k in kongs)]
        if out:
            game.ask(out)

    def answer(self, game: ChangchunTable, answers: dict[int, Action]) -> None:
        """(Asked only before play.) Lay each special kong chosen, the four winds drawing a replacement
        from the tail; then ask again."""
        state: ChangchunState = game.hand_state
        for seat in sorted(answers):
            action = answers[seat]
            if action.name != SPECIAL_KONG.name or action.tile is None:
                state.passed.add(seat)
                continue
            kong = _BY_KEY[int(action.tile)]
            game.lay_meld(seat, Meld.with_mixed(kong.kinds))
            if len(kong.kinds) == 4:
                game.deal_tile(seat, replacement=True)
        self._ask_special_kongs(game)

    def rebuilds(self) -> bool:
        """A Changchun hand can be rebuilt from a view (``majiang.rules.changchun.rebuild``): the 宝 a
        seat has not seen is dealt like any hidden tile."""
        return True

    def rebuild(self, game: ChangchunTable, view: TableSeatView[Any]) -> Rebuilt:
        """The hand state from the view, the wall with the 宝 laid apart (its place ``shown`` where the
        seat has seen it), and what each sample deals: ready hands for the others that declared, the 宝
        the seat has not seen (``majiang.rules.changchun.rebuild``)."""
        from majiang.rules.changchun.rebuild import rebuild_hand

        return rebuild_hand(game, view, self.scoring)

    def copy_state(self, game: ChangchunTable) -> ChangchunState:
        st: ChangchunState = game.hand_state
        return st.copy()

    def public_state(self, game: ChangchunTable, seat: int) -> ChangchunPublic:
        state: ChangchunState = game.hand_state
        ready = state.ready
        seen = state.treasure if state.looked[seat] else None
        return ChangchunPublic((ready[0], ready[1], ready[2], ready[3]), state.rolled,
                               None if seen is None else ALL_TILES[seen])

    # -- legal actions ----------------------------------------------------------------------------

    def waits(self, counts: list[int], melds: int, held: list[int]) -> frozenset[int]:
        """Kinds completing four sets and a pair (the seed's only shapes): a superset of the wins;
        ``win_score`` applies the win conditions."""
        found = quick_ready_kinds(counts, melds, forms=0) or []
        return frozenset(t for t in found if held[t] < 4)

    def seat_waits(self, game: ChangchunTable, seat: int, waits: frozenset[int]) -> frozenset[int]:
        """A ready seat that has seen the 宝牌 also wins on it ("听牌后摸到宝牌即可胡")."""
        state: ChangchunState = game.hand_state
        treasure = state.treasure
        if waits and treasure is not None and state.looked[seat]:
            return waits | {treasure}
        return waits

    def turn_actions(self, game: ChangchunTable, seat: int) -> list[Action]:
        """Discard, kongs (additions to the special kongs too, but not the dealer's on its first turn), 上听
        with a discard that leaves the hand ready, or win. A ready seat's hand is locked: it lets the drawn
        tile go, or makes a kong that keeps its waits ("听牌后仍可杠牌，前提是杠完后还可听")."""
        state: ChangchunState = game.hand_state
        counts = game.counts[seat]
        melds = game.melds[seat]
        drawn = game.drawn
        kongs: list[Action] = []
        # An addition to a pung or a special kong adds no meld: a seat with four may make one.
        if drawn is not None and game.wall_left_for(seat) > 0 and not game.last_tile(seat):
            kongs = self._kongs(game, seat)
        if state.ready[seat] and drawn is not None:
            keep = _own_waits(melds, counts, drawn)
            out = [DISCARD[drawn], *(k for k in kongs if self._waits_after(melds, counts, k) == keep)]
        else:
            out = [*compress(DISCARD, counts), *kongs]
            if not state.ready[seat] and distance(counts, len(melds)) <= 0:
                for t in range(34):
                    if counts[t]:
                        counts[t] -= 1
                        if winning_kinds(melds, counts, self.scoring):
                            out.append(READY[t])
                        counts[t] += 1
        if drawn is not None and drawn in game.waits[seat] and game.self_win(seat) is not None:
            out.append(WIN)
        return out

    def _kongs(self, game: ChangchunTable, seat: int) -> list[Action]:
        counts = game.counts[seat]
        out = [CONCEALED_KONG[t] for t in range(34) if counts[t] == 4] if 4 in counts else []
        # "庄家第一手不允许补杠": the dealer adds nothing before its first discard.
        first = seat == game.dealer and game.discard_count == 0
        added: set[int] = set()
        for m in game.melds[seat]:
            if m.kind is MeldKind.PUNG and counts[m.tile]:
                added.add(int(m.tile))
            elif m.kind is MeldKind.MIXED and not first:
                added.update(int(t) for t in set(m.mixed) if counts[t])
        out.extend(ADDED_KONG[t] for t in sorted(added))
        return out

    def _waits_after(self, melds: list[Meld], counts: list[int], action: Action) -> tuple[int, ...]:
        """The hand's own waits once the kong ``action`` stands (its replacement not drawn yet)."""
        assert action.tile is not None
        t = int(action.tile)
        after = list(counts)
        if action.kind is ActionKind.CONCEALED_KONG:
            after[t] -= 4
            new = [*melds, Meld.kong(ALL_TILES[t])]
        else:
            after[t] -= 1
            new = list(melds)
            for i, m in enumerate(new):
                if m.kind is MeldKind.PUNG and m.tile == t:
                    new[i] = Meld.kong(m.tile, m.from_seat, added=True)
                    break
                if m.kind is MeldKind.MIXED and t in m.mixed:
                    new[i] = m.adding(ALL_TILES[t])
                    break
        return winning_kinds(new, after, self.scoring)

    def turn_action(self, game: ChangchunTable, seat: int, action: Action) -> None:
        """上听 (``riichi TILE``): the seat is ready, its hand locked; it looks at the 宝 before the next
        draw (rolling for it if it is the first); then the discard."""
        assert action.kind is ActionKind.RIICHI and action.tile is not None
        state: ChangchunState = game.hand_state
        state.ready[seat] = True
        state.to_look.append(seat)
        game.discard(seat, int(action.tile))

    def claim_options(self, game: ChangchunTable, seat: int, giver: int, tile: int) -> list[Action]:
        """The common claims (胡 > 碰 > 杠 > 吃, no chow of honors); a ready seat only wins or passes."""
        state: ChangchunState = game.hand_state
        if state.ready[seat]:
            ok = tile in game.waits[seat] and game.discard_win(seat, tile, robbing=False) is not None
            return [PASS, WIN] if ok else [PASS]
        return Ruleset.claim_options(self, game, seat, giver, tile)

    def rob_options(self, game: ChangchunTable, seat: int, konger: int, tile: int,
                    how: KongKind) -> list[Action]:
        """An addition (补杠, to a pung or a special kong) may be robbed by a win (抢胡) or by a pung of a
        seat holding two (抢叉); the robbed addition does not count ("被抢叉(碰)和抢胡的杠就不再算数")."""
        if how is not KongKind.ADDED:
            return []
        state: ChangchunState = game.hand_state
        out = [PASS]
        if game.discard_win(seat, tile, robbing=True) is not None:
            out.append(WIN)
        if not state.ready[seat] and game.counts[seat][tile] >= 2:
            out.append(PUNG)
        return out if len(out) > 1 else []

    # -- the 宝牌 ------------------------------------------------------------------------------------

    def observers(self) -> Observers:
        """Discards (the copies of the 宝 let go)."""
        return Observers(discarded=self._discarded)

    def _discarded(self, game: ChangchunTable, seat: int, tile: int) -> None:
        """Count the copies let go ("三张宝牌被打出，就要重新打骰子换宝")."""
        game.hand_state.let_go[tile] += 1

    def before_draw(self, game: ChangchunTable, seat: int) -> bool:
        """Before a draw, the seats that declared ready look at the 宝 (the first rolls for it), or it is
        rolled again when three copies are out; a seat whose wait it is wins at once (对宝)."""
        state: ChangchunState = game.hand_state
        treasure = state.treasure
        if not state.to_look and (treasure is None or state.let_go[treasure] < 3):
            return False
        return self._look(game, seat)

    def _look(self, game: ChangchunTable, seat: int) -> bool:
        state: ChangchunState = game.hand_state
        wall = game.wall
        assert isinstance(wall, ChangchunWall)
        looking = list(state.to_look)
        if state.treasure is None or state.let_go[state.treasure] >= 3:
            again = state.treasure is not None
            if state.roller is None:
                state.roller = state.to_look[0]
            for _ in range(_MAX_ROLLS):
                if state.place is not None:
                    wall.put_back(state.place)  # "原来的宝牌放回原位"
                count = sum(game.roll(state.roller, "treasure", 2))
                state.place = _top_of_stack(wall, count)
                wall.set_aside(state.place)
                state.treasure = wall[state.place]
                state.rolled += 1
                game.log(TreasureSet(state.place, again))
                if state.let_go[state.treasure] < 3:
                    break
            looking = [s for s in range(4) if state.ready[s]]
        state.to_look = []
        for s in looking:
            state.looked[s] = True
            game.recount(s)
        treasure = state.treasure
        assert treasure is not None and state.place is not None
        for s in sorted(looking, key=lambda s: (s - seat) % 4):
            counts = game.counts[s]
            if treasure not in _own_waits(game.melds[s], counts):
                continue
            standing = tuple(ALL_TILES[k] for k in range(34) for _ in range(counts[k]))
            context = WinContext(WinBy.SELF_DRAWN, s, game.dealer, pair_treasure=True)
            try:
                hand = Hand(tuple(game.melds[s]), standing, ALL_TILES[treasure])
                found = score(hand, context, self.scoring)
            except InvalidHandError:
                continue
            if not wall.put_back(state.place):
                continue  # a wall's end passed the 宝: it lies out of reach
            # 对宝: the seat takes the 宝 itself and wins with it ("可以直接胡").
            wall.choose_next(state.place)
            game.draw_for(s)
            game.declare_win(s, treasure, found)
            return True
        return False

    # -- wins and money -------------------------------------------------------------------------------

    def win_score(self, game: ChangchunTable, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> ChangchunScore | None:
        """``majiang.changchun.score`` of the win (the drawn 宝 a wildcard for a seat that has seen it), or
        None if it is no Changchun win."""
        state: ChangchunState = game.hand_state
        giver: int | None = None
        if win_by is WinBy.ROBBING_KONG:
            assert game.robbed is not None
            giver = game.robbed[0]
        elif win_by is WinBy.DISCARD:
            assert game.last_discard is not None
            giver = game.last_discard[0]
        treasure = (win_by.self_drawn and state.looked[seat] and hand.winning_tile is not None
                    and int(hand.winning_tile) == state.treasure)
        try:
            return score(hand, WinContext(win_by, seat, game.dealer, giver, treasure=treasure), self.scoring)
        except InvalidHandError:
            return None

    def scorer(self) -> ChangchunScorer:
        """The hand scorer (``majiang fan --rules changchun``, the web calculator): these rules' scoring
        options."""
        return ChangchunScorer(self.scoring)

    def pay_win(self, game: ChangchunTable, win: WinRecord) -> None:
        """The discarder alone pays a win on a discard, all three a self-drawn one."""
        deltas = list(win.score.payments)
        game.pay(deltas, Payment("win", win.seat, deltas))

    def end_of_hand(self, game: ChangchunTable, exhausted: bool) -> None:
        """Kong money, settled apart, on a win or a drawn hand ("荒庄时杠钱仍然要结算"): one payment a
        konger."""
        for seat in range(4):
            if not any(m.is_kong or m.kind is MeldKind.MIXED for m in game.melds[seat]):
                continue
            melds = [list(game.melds[s]) if s == seat else [] for s in range(4)]
            deltas = list(kong_payments(melds, self.scoring))
            game.pay(deltas, Payment("kong", seat, deltas))

    # -- describing and the match -----------------------------------------------------------------

    def describer(self) -> Describer:
        """Its 番, 上听 and the 宝 (``majiang.rules.changchun.describe``)."""
        return ChangchunDescriber(self)

    def seat_efficiency(self, seat: SeatContext) -> ChangchunEfficiency:
        """Tile efficiency that keeps the three suits and a 1/9 or honor
        (``majiang.rules.changchun.analysis``)."""
        return _efficiency(self.scoring)

    def next_hand(self, match: ChangchunMatch, game: ChangchunTable) -> NextHand:
        """"庄家胡牌，则庄家继续做庄，闲家胡牌，则庄家的下一家坐庄。荒庄，则庄家继续坐庄。\""""
        result = game.result
        kept = result is None or not result.wins or result.wins[0].seat == game.dealer
        dealer = game.dealer if kept else (game.dealer + 1) % 4
        return dataclasses.replace(Ruleset.next_hand(self, match, game), dealer=dealer)


def _own_waits(melds: list[Meld], counts: list[int], drawn: int | None = None) -> tuple[int, ...]:
    """The kinds that make a Changchun win of the holding (without ``drawn``, if given)."""
    if drawn is None:
        return winning_kinds(melds, counts)
    counts[drawn] -= 1
    try:
        return winning_kinds(melds, counts)
    finally:
        counts[drawn] += 1


def _top_of_stack(wall: ChangchunWall, count: int) -> int:
    """The uppermost tile left of the ``count``-th stack from the wall's end ("打几点就从牌墙后面往前数几摞"),
    counting round the stacks still there when the wall holds fewer."""
    stacks = len({p // 2 for p in range(wall.front, wall.back) if p not in wall.taken})
    count = (count - 1) % stacks + 1
    place = wall.stack_from_end(count)
    if place is None:
        place = wall.stack_from_end(count, top=False)
    assert place is not None
    return place


@functools.lru_cache(maxsize=16)
def _efficiency(options: Options) -> ChangchunEfficiency:
    return ChangchunEfficiency(options)


@functools.lru_cache(maxsize=64)
def _scoring(rules: ChangchunRules) -> Options:
    """The scoring options of a ruleset, built (and checked) once."""
    return Options(**{name: getattr(rules, name) for name in _SCORING_FIELDS})


register_ruleset("changchun", ChangchunRules, aliases=("长春", "长春麻将"))

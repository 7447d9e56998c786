"""Changsha mahjong (长沙麻将, seed 004) as a ruleset on the engine's hooks.

The 108 suited tiles, chow, pung and kong; the opening wins (起手小胡) declared after the deal and paid at
once; small wins on a 2/5/8 pair and big wins on any pair (``majiang.changsha.score``); 补张 (a kong whose
replacement is the top of the wall's last stack) and 开杠 (a ready seat's kong whose tile a roll of two dice
counts from the end, 杠上开花); 抢杠胡 on an added kong; 海底漫游 (the last tile offered round the table);
通炮 (every seat may win on one discard); 扎鸟 (birds after the win); the winner deals next. The options are
the scoring ``Options``' fields; docs/changsha.md gives every table decision.

>>> from majiang.game.ruleset import find_ruleset
>>> r = find_ruleset("长沙", ["birds=2"])
>>> r.name, r.birds, r.scoring.birds
('changsha', 2, 2)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.actions import Action, ActionSpec, declare_action
from majiang.analysis.ready import SEVEN_PAIRS, quick_ready_kinds
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
    WIN,
    NextHand,
    Rebuilt,
    Ruleset,
    SeatContext,
    Wall,
    register_ruleset,
)
from majiang.game.view import Phase
from majiang.hand import Hand, WinBy
from majiang.meld import KongKind, Meld, MeldKind
from majiang.rules.bounds import Bounds
from majiang.rules.changsha.analysis import ChangshaEfficiency
from majiang.rules.changsha.describe import ChangshaDescriber
from majiang.rules.changsha.options import CHOICES, OPTION_BOUNDS, OptionFields, Options
from majiang.rules.changsha.payments import bird_seat, bird_tiles, opening_payments, with_birds
from majiang.rules.changsha.scorer import ChangshaScorer
from majiang.rules.changsha.scoring import ChangshaScore, WinContext, opening_wins, score
from majiang.rules.changsha.state import ChangshaPublic, ChangshaState
from majiang.tiles import ALL_TILES

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.game.ruleset import MatchTable, SeatView, Table, TableSeatView

    ChangshaTable = Table[ChangshaState, None]
    """A hand in play as these rules see it (``majiang.game.ruleset.Table``)."""
    ChangshaMatch = MatchTable[None]
    ChangshaView = SeatView[ChangshaState]

__all__ = ["OPENING_WIN", "OPEN_KONG", "TAKE_SEABED", "Birds", "ChangshaPublic", "ChangshaRules",
           "ChangshaState", "OpeningShown"]

OPENING_WIN = declare_action(ActionSpec(
    "opening-win", "declare opening wins", "起手胡",
    help="Show the dealt hand and be paid its opening wins (起手小胡: 四喜, 板板胡, 缺一色) as small "
         "self-drawn wins; play goes on."))
OPEN_KONG = declare_action(ActionSpec(
    "open-kong", "open a kong", "开杠", tile=True,
    help="开杠 with four alike, the hand ready after it: the kong draws the tile a roll of two dice counts "
         "from the wall's end, and a win on it is 杠上开花."))
TAKE_SEABED = declare_action(ActionSpec(
    "take-seabed", "take the last tile", "要海底",
    help="Take the wall's last tile (海底漫游): win with it, or let it go and pay whoever wins on it."))

_SUITED_DISCARD = DISCARD[:27]
_SCORING_FIELDS = tuple(f.name for f in dataclasses.fields(Options))
_EYE_KINDS = frozenset(k for k in range(27) if k % 9 in (1, 4, 7))


@dataclass(frozen=True, slots=True)
class Birds(Event):
    """扎鸟: the bird tiles drawn after the win(s) of a hand and the seat each lands on."""

    kind: ClassVar[str] = "birds"
    tiles: list[int]
    seats: list[int]


@dataclass(frozen=True, slots=True)
class OpeningShown(Event):
    """A seat declared its opening wins (起手小胡, by id) and showed its dealt ``tiles`` (亮牌)."""

    kind: ClassVar[str] = "opening-win"
    seat: int
    wins: list[str]
    tiles: list[int]


@dataclass(frozen=True, slots=True)
class ChangshaRules(OptionFields, Ruleset):
    """Changsha table rules (seed 004); every option is a scoring option (docs/changsha.md).

    * ``big_wins``: add (a hand of several big wins is paid once per big win) or highest (once).
    * ``six_six``: 六六顺 (two triplets dealt) is an opening win too; seed 004 does not list it.
    * ``birds``: how many birds (扎鸟) are drawn after a win, 0-6.
    * ``bird_mode``: add (each bird that hits pays the amount once more) or double (doubles it again).
    * ``dealer_more``: the dealer's figures when the dealer wins or pays (庄家比闲家多算一分).
    * ``all_258``: 将将胡 is any fourteen tiles of 2, 5 and 8, or only a complete hand.
    * ``events_need_258``: 海底, 杠上开花 and 抢杠胡 need a 2/5/8 pair even with another big win.
    * ``pairs_with_four``: 七巧对 may hold four alike, as two pairs.
    * ``opening_count``: each (a deal with several opening wins is paid for each) or once.
    """

    name: str = "changsha"

    has_chow: ClassVar[bool] = True
    plain_claims: ClassVar[bool] = True
    match_hands: ClassVar[int] = 8
    actions: ClassVar[tuple[ActionSpec, ...]] = (OPENING_WIN, OPEN_KONG, TAKE_SEABED)
    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = CHOICES
    option_bounds: ClassVar[Mapping[str, Bounds]] = OPTION_BOUNDS
    playout_cost: ClassVar[float] = 1.5
    """A search playout counts Changsha's shanten (a 2/5/8 pair, the big forms) and asks its questions:
    about one and a half Chinese Official playouts (docs/bots.md)."""

    def __post_init__(self) -> None:
        self.check_bounds()
        _scoring(self)  # the scoring options check every field (InvalidOptionError)

    @property
    def scoring(self) -> Options:
        """The scoring options (``majiang.changsha.Options``) of this ruleset."""
        return _scoring(self)

    # -- the wall, the deal, the opening ----------------------------------------------------------

    def wall_tiles(self) -> list[int]:
        """108 tiles: four of each suited kind ("不带东、南、西、北风胡中、发、白")."""
        return [t for t in range(27) for _ in range(4)]

    def new_state(self, game: ChangshaTable) -> ChangshaState:
        return ChangshaState()

    def after_deal(self, game: ChangshaTable) -> None:
        """One opening question: each seat whose dealt tiles show an opening win may declare it or pass."""
        state: ChangshaState = game.hand_state
        for seat in range(4):
            found = opening_wins(game.counts[seat], self.scoring)
            if found:
                state.offered[seat] = found
        if state.offered:
            game.ask({seat: [PASS, OPENING_WIN.action()] for seat in state.offered})

    def _opening(self, game: ChangshaTable, answers: dict[int, Action]) -> None:
        """Each declaring seat shows its hand and is paid at once, as small self-drawn wins."""
        state: ChangshaState = game.hand_state
        for seat in sorted(answers):
            if answers[seat].name != OPENING_WIN.name:
                continue
            wins = state.offered[seat]
            state.opening[seat] = tuple(w.zh for w in wins)
            state.shown[seat] = tuple(game.standing_tiles(seat))
            game.log(OpeningShown(seat, [w.win.id.value for w in wins], [int(t) for t in state.shown[seat]]))
            deltas = opening_payments(seat, game.dealer, wins, self.scoring)
            game.pay(deltas, Payment("opening-win", seat, list(deltas)))
        state.seen = None

    def rebuilds(self) -> bool:
        """A Changsha hand can be rebuilt from a view (``majiang.rules.changsha.rebuild``)."""
        return True

    def rebuild(self, game: ChangshaTable, view: TableSeatView[Any]) -> Rebuilt:
        """The hand state from what every seat sees, and what each sample keeps: the tiles the others
        showed with their opening wins and have not given up (``majiang.rules.changsha.rebuild``)."""
        from majiang.rules.changsha.rebuild import rebuild_hand

        return rebuild_hand(game, view)

    def copy_state(self, game: ChangshaTable) -> ChangshaState:
        st: ChangshaState = game.hand_state
        return st.copy()

    def public_state(self, game: ChangshaTable, seat: int) -> ChangshaPublic:
        state: ChangshaState = game.hand_state
        seen = state.seen
        if seen is None:
            announced = state.announced
            seen = state.seen = ChangshaPublic(
                tuple(state.opening), tuple(state.shown),
                None if announced is None else (announced[0], ALL_TILES[announced[1]]), state.seabed,
                state.birds)
        return seen

    # -- legal actions ------------------------------------------------------------------------------

    def waits(self, counts: list[int], melds: int, held: list[int]) -> frozenset[int]:
        """Kinds completing four sets and any pair, seven pairs, or (``all_258="any"``) fourteen tiles of
        2, 5 and 8: a superset of the wins; ``win_score`` decides (a small win's 2/5/8 pair)."""
        found = quick_ready_kinds(counts, melds, forms=SEVEN_PAIRS) or []
        kinds = {t for t in found if t < 27 and held[t] < 4}
        if self.all_258 == "any" and all(n == 0 or k in _EYE_KINDS for k, n in enumerate(held)):
            kinds.update(k for k in _EYE_KINDS if held[k] < 4)
        return frozenset(kinds)

    def turn_actions(self, game: ChangshaTable, seat: int) -> list[Action]:
        """Discard, 补张 (the engine's kongs), 开杠 when ready after it, or win; the 海底 taker and the seat
        that drew 开杠's tile only win with it or let it go; after announcing 开杠 only its kong."""
        state: ChangshaState = game.hand_state
        drawn = game.drawn
        can_win = drawn is not None and drawn in game.waits[seat] and game.self_win(seat) is not None
        if drawn is not None and ((state.seabed == seat and game.wall_left == 0)
                                  or (state.bloom and game.kong_draw)):
            return [DISCARD[drawn], WIN] if can_win else [DISCARD[drawn]]
        counts = game.counts[seat]
        out: list[Action] = list(compress(_SUITED_DISCARD, counts))  # (compress stops at the 27th kind)
        melds = game.melds[seat]
        # Two tiles left at least: a kong's replacement is never the last tile, which only 海底漫游 gives.
        # (No bound on the melds: an added kong adds none, and a seat with four melds may make one.)
        if drawn is not None and game.wall_left >= 2:
            fours = [t for t in range(27) if counts[t] == 4]
            added = [int(m.tile) for m in melds if m.kind is MeldKind.PUNG and counts[m.tile]]
            out.extend(CONCEALED_KONG[t] for t in fours)
            out.extend(ADDED_KONG[t] for t in added)
            out.extend(OPEN_KONG.action(ALL_TILES[t]) for t in (*fours, *added)
                       if self._ready_after(game, seat, t))
        if can_win:
            out.append(WIN)
        return out

    def _ready_after(self, game: ChangshaTable, seat: int, t: int) -> bool:
        """Whether ``seat``'s hand is ready once its kong of ``t`` stands (开杠 "（听牌的情况下）"): some tile
        makes it a Changsha win (self-drawn), not only a shape of four sets and a pair."""
        counts = list(game.counts[seat])
        if counts[t] == 4:  # a concealed kong
            melds = [*game.melds[seat], Meld.kong(ALL_TILES[t])]
        else:  # the fourth added to a pung
            melds = [Meld.kong(m.tile, m.from_seat, added=True) if m.kind is MeldKind.PUNG and m.tile == t
                     else m for m in game.melds[seat]]
        counts[t] = 0
        held = list(counts)
        for m in melds:
            for k in m.tiles:
                held[k] += 1
        standing = tuple(ALL_TILES[k] for k in range(27) for _ in range(counts[k]))
        context = WinContext(WinBy.SELF_DRAWN, seat, game.dealer)
        for wait in self.waits(counts, len(melds), held):
            try:
                score(Hand(tuple(melds), standing, ALL_TILES[wait]), context, self.scoring)
            except InvalidHandError:
                continue
            return True
        return False

    def turn_action(self, game: ChangshaTable, seat: int, action: Action) -> None:
        """``open-kong``: the seat makes its kong as 开杠 (its ``konged`` observer then rolls for the
        replacement)."""
        assert action.name == OPEN_KONG.name and action.tile is not None
        state: ChangshaState = game.hand_state
        tile = int(action.tile)
        state.announced = (seat, tile)
        state.seen = None
        game.kong(seat, tile, KongKind.CONCEALED if game.counts[seat][tile] == 4 else KongKind.ADDED)

    def claim_options(self, game: ChangshaTable, seat: int, giver: int, tile: int) -> list[Action]:
        """The common table's claims; a kong on a discard (always 补张) only with two tiles left; 开杠's
        tile let go may only be won on ("杠的牌自己不能胡,别的玩家可胡,即为抢杠胡")."""
        state: ChangshaState = game.hand_state
        if state.kong_tile == giver:
            return [PASS, WIN] if game.discard_win(seat, tile, robbing=False) is not None else [PASS]
        out = Ruleset.claim_options(self, game, seat, giver, tile)
        if game.wall_left_for(seat) < 2 and KONG in out:
            out.remove(KONG)
        return out

    # -- moments --------------------------------------------------------------------------------------

    def observers(self) -> Observers:
        """Kongs (their replacement tile) and discards (开杠's tile let go)."""
        return Observers(konged=self._konged, discarded=self._discarded)

    def _discarded(self, game: ChangshaTable, seat: int, tile: int) -> None:
        """Mark 开杠's tile let go: a win on it is 抢杠胡, paid by the konger."""
        state: ChangshaState = game.hand_state
        state.kong_tile = seat if state.bloom and game.discard_after_kong else None

    def _konged(self, game: ChangshaTable, seat: int, tile: int, how: KongKind, giver: int | None) -> None:
        """Choose the replacement: 开杠's is the top tile of the stack two dice count from the end, 补张's
        the top tile of the last stack (then its bottom)."""
        state: ChangshaState = game.hand_state
        state.bloom = state.announced == (seat, tile)
        state.announced = None
        state.seen = None
        count = sum(game.roll(seat, "kong", 2)) if state.bloom else 1
        game.wall.choose_next(_top_of_stack(game.wall, count))

    def before_draw(self, game: ChangshaTable, seat: int) -> bool:
        """海底漫游: the seat about to draw the last tile is asked whether it takes it."""
        if game.wall.left(seat) != 1:
            return False
        state: ChangshaState = game.hand_state
        state.passed = []
        game.ask({seat: [PASS, TAKE_SEABED.action()]})
        return True

    def answer(self, game: ChangshaTable, answers: dict[int, Action]) -> None:
        """Before play: the opening wins declared (``_opening``). 海底漫游: the asked seat takes the last
        tile, or the next seat is asked; all four passed: a draw."""
        if game.phase is Phase.OPENING:
            self._opening(game, answers)
            return
        state: ChangshaState = game.hand_state
        ((seat, action),) = answers.items()
        if action.name == TAKE_SEABED.name:
            state.seabed = seat
            state.seen = None
            game.draw_for(seat)
            return
        state.passed.append(seat)
        after = (seat + 1) % 4
        if after in state.passed:
            game.end_hand(exhausted=True)
        else:
            game.ask({after: [PASS, TAKE_SEABED.action()]})

    # -- wins ---------------------------------------------------------------------------------------

    def win_score(self, game: ChangshaTable, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> ChangshaScore | None:
        """``majiang.changsha.score`` of the win, or None if it is no Changsha win (a small win without a
        2/5/8 pair, or not complete)."""
        try:
            return score(hand, self._context(game, seat, win_by, last_of_wall), self.scoring)
        except InvalidHandError:
            return None

    def _context(self, game: ChangshaTable, seat: int, win_by: WinBy, last_of_wall: bool) -> WinContext:
        """What the tiles do not show: how, from whom, 天胡/地胡, 海底 and its taker."""
        state: ChangshaState = game.hand_state
        dealer = game.dealer
        first_go = not game.interrupted
        if win_by is WinBy.KONG_REPLACEMENT and not state.bloom:
            win_by = WinBy.SELF_DRAWN  # 补张's replacement: "补张可胡牌,算作自摸"
        if win_by.self_drawn:
            heavenly = first_go and seat == dealer and game.discard_count == 0 and win_by is WinBy.SELF_DRAWN
            return WinContext(win_by, seat, dealer, heavenly=heavenly, last_of_wall=last_of_wall)
        if win_by is WinBy.ROBBING_KONG:
            assert game.robbed is not None
            return WinContext(win_by, seat, dealer, game.robbed[0])
        assert game.last_discard is not None
        giver = game.last_discard[0]
        if state.kong_tile == giver:
            return WinContext(WinBy.ROBBING_KONG, seat, dealer, giver)
        earthly = first_go and giver == dealer and game.discard_count == 1 and seat != dealer
        return WinContext(win_by, seat, dealer, giver, earthly=earthly, last_of_wall=last_of_wall,
                          seabed_taker=giver if last_of_wall else None)

    def scorer(self) -> ChangshaScorer:
        """The hand scorer (``majiang fan --rules changsha``, the web calculator): these rules' scoring
        options."""
        return ChangshaScorer(self.scoring)

    def choose_winners(self, game: ChangshaTable, giver: int, seats: list[int]) -> list[int]:
        """通炮: every seat that declares a win on the tile wins, nearest after the giver first."""
        return sorted(seats, key=lambda s: (s - giver) % 4)

    def pay_win(self, game: ChangshaTable, win: WinRecord) -> None:
        """Nothing yet: a win is paid with its birds, drawn once for all the wins on the tile
        (``after_win``)."""

    def after_win(self, game: ChangshaTable, wins: list[WinRecord]) -> bool:
        """扎鸟, then each win paid with the birds (通炮: each winner alone); the hand ends."""
        state: ChangshaState = game.hand_state
        scores: list[ChangshaScore] = [w.score for w in wins]
        seats: list[int] = []
        if self.birds:
            seabed = wins[0].tile if scores[0].context.last_of_wall else None
            wall = game.wall
            state.birds = bird_tiles([wall[p] for p in wall.undrawn()[:self.birds]], self.scoring,
                                     seabed=seabed)
            seats = [bird_seat(t, game.dealer) for t in state.birds]
            state.seen = None
            game.log(Birds([int(t) for t in state.birds], seats))
        for win, result in zip(wins, scores, strict=True):
            deltas = with_birds(result.payments, win.seat, result.context.payer, seats, self.scoring)
            game.pay(deltas, Payment("win", win.seat, list(deltas)))
        return False

    # -- describing ---------------------------------------------------------------------------------

    def describer(self) -> Describer:
        """Small and big wins and their price, the opening wins, 开杠, 海底 and the birds
        (``majiang.rules.changsha.describe``)."""
        return ChangshaDescriber(self)

    # -- advice -------------------------------------------------------------------------------------

    def seat_efficiency(self, seat: SeatContext) -> ChangshaEfficiency:
        """Changsha tile efficiency: a 2/5/8 pair for a small win, or a big form (清一色, 碰碰胡, 七巧对)."""
        return _efficiency(self.scoring)

    # -- the match ----------------------------------------------------------------------------------

    def next_hand(self, match: ChangshaMatch, game: ChangshaTable) -> NextHand:
        """谁胡牌谁做庄: the winner deals; 通炮 (several winners): the discarder; a drawn hand: the dealer
        again."""
        result = game.result
        if result is None or not result.wins:
            dealer = game.dealer
        elif len(result.wins) > 1 and result.wins[0].giver is not None:
            dealer = result.wins[0].giver
        else:
            dealer = result.wins[0].seat
        return dataclasses.replace(Ruleset.next_hand(self, match, game), dealer=dealer)


def _top_of_stack(wall: Wall, count: int) -> int:
    """The uppermost tile left of the ``count``-th stack from the wall's end, counting round the stacks
    still there when the wall holds fewer ("骰子开几点,即取倒数第几叠牌的最上面一张")."""
    stacks = len({p // 2 for p in wall.undrawn()})
    count = (count - 1) % stacks + 1
    place = wall.stack_from_end(count)
    if place is None:
        place = wall.stack_from_end(count, top=False)
    assert place is not None
    return place


@functools.lru_cache(maxsize=64)
def _scoring(rules: ChangshaRules) -> Options:
    """The scoring options of a ruleset, built (and checked) once."""
    return Options(**{name: getattr(rules, name) for name in _SCORING_FIELDS})


@functools.lru_cache(maxsize=16)
def _efficiency(options: Options) -> ChangshaEfficiency:
    return ChangshaEfficiency(options)


register_ruleset("changsha", ChangshaRules, aliases=("长沙", "长沙麻将"))

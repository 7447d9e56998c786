"""Japanese riichi (立直麻将) as a ruleset on the engine's hooks: the table, the hand and the match.

Tenhou's rules are the defaults and every common variant is an option (docs/riichi.md, "The game"):
136 tiles with red fives, a 14-tile dead wall with dora indicators and replacement draws, kan dora
(at once for a concealed kan, after the next discard for an open or added one), riichi (closed and
ready, a 1000-point stick, at least 1000 points and four tiles left to draw; ippatsu, double riichi),
furiten (one's own discards, a passed win until one's next discard, a passed win after riichi for the
rest of the hand), chi/pon/kan with swap-call limits (喰い替え), robbing a kan (kokushi robbing a
concealed kan as an option), the abortive draws (九種九牌 as an action; 四風連打, 四家立直, 四開槓, 三家和),
tenpai payments and nagashi mangan at an exhaustive draw, double ron or head bump, renchan and honba,
riichi sticks carried to the next winner, and the end of a hanchan or tonpuusen (busting, agari-yame,
the extension round), with uma and oka in the final standings. Wins are scored by
``majiang.rules.riichi.score``.

Kept whole though over 600 lines: it is one class, ``RiichiRules``, whose hooks read and write the same
hand state (furiten, ippatsu, red fives, pending kan dora, sticks) step by step; its pure parts already
live apart (scoring, yaku, payments, analysis, the state, the describer), and what is left would split
only into mixins that each reach back into the others' state.

>>> from majiang.game.ruleset import find_ruleset
>>> r = find_ruleset("tenhou")
>>> r.name, r.red_fives, r.length, r.starting_points
('riichi', 3, 'hanchan', 25000)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Any, ClassVar

from majiang.actions import Action, ActionKind
from majiang.analysis.ready import distance, is_ready
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.game.describe import Describer
from majiang.game.events import Act, Event, Payment
from majiang.game.moments import Observers
from majiang.game.ruleset import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    NO_BONUS,
    PASS,
    PUNG,
    WIN,
    NextHand,
    Rebuilt,
    Ruleset,
    SeatContext,
    register_ruleset,
)
from majiang.hand import Hand, WinBy
from majiang.meld import KongKind, Meld, MeldKind
from majiang.rules.bounds import Bounds
from majiang.rules.riichi.analysis import ORPHANS, RiichiEfficiency, riichi_waits
from majiang.rules.riichi.context import ScoringFields
from majiang.rules.riichi.describe import RiichiDescriber
from majiang.rules.riichi.payments import (
    STICK,
    final_points,
    pao_deltas,
    payment_without_honba,
    placing_order,
)
from majiang.rules.riichi.scoring import dora_of
from majiang.rules.riichi.state import _VALUES as PUBLIC_VALUES
from majiang.rules.riichi.state import RiichiMatchState, RiichiPublic, RiichiState, RiichiTable
from majiang.rules.riichi.state import _new_public as new_public
from majiang.rules.riichi.wall import DEAD_WALL, FIVES, _indicator_place
from majiang.tiles import ALL_TILES, DRAGONS, WINDS, Tile

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.game.ruleset import MatchTable, SeatView, Table, TableSeatView, View
    from majiang.rules.riichi import RiichiOptions, RiichiResult
    from majiang.rules.riichi.scorer import RiichiScorer

    RiichiGame = Table[RiichiState, RiichiMatchState]
    """A hand in play as these rules see it (``majiang.game.ruleset.Table``)."""
    RiichiMatch = MatchTable[RiichiMatchState]
    RiichiView = SeatView[RiichiState]

__all__ = ["DEAD_WALL", "FIVES", "AbortiveDraw", "DoraRevealed", "HandCounters", "Liable", "RiichiDeclared",
           "RiichiMatchState", "RiichiPublic", "RiichiRules", "RiichiState", "RiichiTable", "TenpaiShown",
           "final_points", "red_places"]

RIICHI = tuple(Action(ActionKind.RIICHI, t) for t in ALL_TILES)
ABORT = Action(ActionKind.ABORT)
KUIKAE = ("none", "same", "both")
LENGTHS = ("tonpuu", "hanchan")
STICKS_AT_END = ("first", "standings")
FINAL_HALF = ("up", "return")
SEVERAL_RON = ("double", "head-bump")
RENHOU_DISCARDS = ("before-draw", "dealer-first")
"""Which discards 人和 (renhou) may be won on: any before the winner's first draw, or the dealer's first
(seed 001's 地和)."""
PAO_YAKU = ("daisangen", "daisuushii", "suukantsu")
"""The yakuman a feeding call can make a player liable for (``pao_yaku``)."""
ABORT_REASONS = ("nine-terminals", "four-winds", "four-riichi", "four-kans", "three-ron")
"""The reasons an ``AbortiveDraw`` gives (the adapters map each to their formats' names)."""
MAX_UMA = 999
"""The largest uma of one place, in thousands (tables play 5 to 30; the sources give none)."""
_NO_SWAPS: frozenset[int] = frozenset()


# -- events --------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HandCounters(Event):
    """What the hand starts with on the table: honba (本場) and riichi sticks left from earlier hands."""

    kind: ClassVar[str] = "counters"
    honba: int
    sticks: int


@dataclass(frozen=True, slots=True)
class DoraRevealed(Event):
    """A dora indicator (ドラ表示牌) is turned over: the first at the start, one more per kan."""

    kind: ClassVar[str] = "dora"
    indicator: int


@dataclass(frozen=True, slots=True)
class RiichiDeclared(Event):
    """``seat`` declares riichi (``double``: on its first discard, nobody having called) with its discard."""

    kind: ClassVar[str] = "riichi"
    seat: int
    double: bool


@dataclass(frozen=True, slots=True)
class Liable(Event):
    """``liable`` fed the call that makes ``seat``'s ``yaku`` (daisangen, daisuushii...) certain: it pays
    for that yakuman if ``seat`` wins (責任払い, pao)."""

    kind: ClassVar[str] = "pao"
    seat: int
    liable: int
    yaku: str


@dataclass(frozen=True, slots=True)
class AbortiveDraw(Event):
    """The hand ends without a winner before the wall runs out (途中流局), for ``reason``."""

    kind: ClassVar[str] = "abort"
    reason: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class TenpaiShown(Event):
    """At an exhaustive draw (荒牌流局): the seats ready (聴牌), and those whose discards make nagashi
    mangan."""

    kind: ClassVar[str] = "tenpai"
    seats: list[int]
    nagashi: list[int]


# -- the ruleset ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableFields:
    """The riichi table's options (the wall, calls, abortive draws, the match), declared before the
    scoring options (``ScoringFields``) so that a ruleset's options keep the order records hold."""

    __slots__ = ()

    red_fives: int = 3
    kan_dora: bool = True
    kan_dora_after_discard: bool = True
    ura_dora: bool = True
    kuikae: str = "both"
    kokushi_robs_concealed_kan: bool = True
    nine_terminals: bool = True
    four_winds: bool = True
    four_riichi: bool = True
    four_kans: bool = True
    three_ron: bool = True
    several_ron: str = "double"
    honba_to_each: bool = False
    nagashi_mangan: bool = True
    length: str = "hanchan"
    starting_points: int = 25000
    target: int = 30000
    extension: bool = True
    busting: bool = True
    agari_yame: bool = True
    tenpai_yame: bool = True
    uma: str = "20,10,-10,-20"
    oka: bool = True


@dataclass(frozen=True, slots=True)
class RiichiRules(ScoringFields, TableFields, Ruleset):
    """Japanese riichi with Tenhou's rules by default; every option is in docs/riichi.md ("The game").

    * ``red_fives``: red fives in the set: 0, 3 (one 5m, 5p, 5s) or 4 (two of them 5p).
    * ``kan_dora``: a kan turns over a further dora indicator (槓ドラ).
    * ``kan_dora_after_discard``: an open or added kan's indicator is turned over after the konger's next
      discard (Tenhou); off: at once, like a concealed kan's.
    * ``ura_dora``: a riichi winner also counts the indicators under the dora indicators (裏ドラ).
    * ``kuikae``: swap calls refused after a chi or pon (喰い替え): none, same (the called kind) or both
      (the called kind and, after a chi, the kind at the other end of the run; Tenhou).
    * ``kokushi_robs_concealed_kan``: thirteen orphans may rob a concealed kan (国士無双の暗槓搶槓).
    * ``nine_terminals``: 九種九牌 may be declared on one's first turn with nine kinds of terminals and
      honors.
    * ``four_winds``: 四風連打 aborts the hand (four first discards of one wind, nobody having called).
    * ``four_winds_dragons``: with ``four_winds``, four first discards of one dragon abort the hand too
      (seed 001: "4人同时出相同的字牌(东南西北中发白)").
    * ``four_riichi``: 四家立直 aborts the hand once the fourth riichi stands.
    * ``four_kans``: 四開槓 aborts the hand once the discard after a fourth kan passes, when more than one
      seat made the kans.
    * ``three_ron``: 三家和 aborts the hand when three seats declare ron on one discard.
    * ``several_ron``: double (every declarer wins, ダブロン; Tenhou) or head-bump (only the nearest after the
      discarder, 頭ハネ).
    * ``honba_to_each``: with double ron, every winner gets the honba; off: only the nearest.
    * ``nagashi_mangan``: discards all terminals and honors, none claimed, pay a mangan at an exhaustive draw.
    * ``length``: hanchan (East and South rounds) or tonpuu (East round only).
    * ``starting_points``: each player's points at the start.
    * ``target``: the points someone must reach for the game to end after its last regular hand, and the
      return points of oka.
    * ``extension``: when nobody has ``target`` after the last hand, play on into the next round (西入),
      ending once someone has it, at the latest after that round.
    * ``busting``: the game ends when someone's points go below zero (トビ).
    * ``agari_yame``: in the last hand a dealer who wins and is then first ends the game.
    * ``tenpai_yame``: in the last hand a dealer who is ready at the draw and first ends the game.
    * ``uma``: the placement points (ウマ) of first to fourth, in thousands: ``20,10,-10,-20``.
    * ``oka``: first place also takes the difference between ``target`` and ``starting_points`` of all
      four players (オカ).
    * ``open_tanyao``: all simples counts with calls (喰いタン).
    * ``double_yakuman``: the double yakuman forms count twice.
    * ``kazoe_yakuman``: 13 han or more is a yakuman.
    * ``kiriage``: 4 han 30 fu and 3 han 60 fu round up to a mangan.
    * ``open_pinfu_fu``: an open hand of pinfu shape won on a discard scores 30 fu.
    * ``pinfu_tsumo``: pinfu may be won by tsumo (20 fu); off: no pinfu then, and 2 fu for the tsumo.
    * ``double_wind_pair_fu``: the fu of a pair of a wind both seat and round wind, 2 or 4.
    * ``renhou``: a non-dealer's ron before its first draw: off, mangan or yakuman.
    * ``renhou_discards``: the discards renhou may be won on: before-draw (any, before the winner's first
      draw) or dealer-first (only the dealer's first discard: seed 001's 地和).
    * ``daisharin``: seed 001's 大车轮 (22334455667788 of pins, concealed), a yakuman.
    * ``suurenkou``: seed 001's 四连刻 (four consecutive pungs of a suit), a yakuman.
    * ``sanrenkou``: seed 001's 三连刻 (three consecutive pungs of a suit), 3 han.
    * ``touhoku``: seed 001's 东北一条龙 (1-9 of a suit with an East pung and North pair, or the reverse),
      a yakuman.
    * ``isshoku_sanjun``: 一色三顺, three identical chows, 2 han open or closed (seed 001's local yaku).
    * ``red_choice``: a seat holding a red five and a plain one of a suit may let either go (``discard 0m``,
      ``riichi 0m`` name the red one; Tenhou's players choose); off: the plain one goes first. A chi or
      pon may likewise take the red five (``chow 406m``, ``pung 0m``) or keep it (``chow 4m``, ``pung``:
      plain fives first); off: the red fives go into the meld first.
    * ``pao``: a player whose discard is called (pon or open kan) for the third dragon set or the fourth
      wind set pays for that yakuman if the caller wins (責任払い; Tenhou): all of it by tsumo or by its own
      discard, half on another's discard (docs/riichi.md, "Pao").
    * ``pao_yaku``: the yakuman pao covers, comma-separated: daisangen, daisuushii (Tenhou), suukantsu
      (the fourth kan an open kan).
    * ``round_final``: the final points of second to fourth place in whole thousands, first place taking
      what keeps the sum at zero (Tenhou's table); off: to a tenth.
    * ``final_half``: how ``round_final`` rounds five hundred: ``up``, the points to the nearest thousand,
      a half away from zero (Tenhou: 37,500 is 38,000, so +8 over 30,000; 22,500 is 23,000); ``return``,
      the difference from the returned points, a half toward them (五捨六入: +7, −7; this project's
      records before the option).
    * ``sticks_at_end``: the riichi sticks left on the table when the game ends: ``first``, paid into first
      place's points (Tenhou's ``owari``); ``standings``, kept out of the points and counted in first
      place's final standing only (this project's records before the option).
    * ``tsumogiri_red``: a seat in riichi lets its drawn tile go, so a red five it draws goes out red even
      while it holds a plain one (and under ``red_choice`` it is offered no choice of five); off: the plain
      five went first and the red one stayed in the ready hand (this project's records before the option).
    """

    name: str = "riichi"
    # The table's options are TableFields', then the scoring options ScoringFields' (RiichiOptions takes
    # them too), then the options added since: the order of every record's options.
    red_choice: bool = False
    round_final: bool = True
    pao: bool = True
    pao_yaku: str = "daisangen,daisuushii"
    sticks_at_end: str = "first"
    final_half: str = "up"
    four_winds_dragons: bool = False
    renhou_discards: str = "before-draw"
    tsumogiri_red: bool = True

    has_chow: ClassVar[bool] = True
    dead_wall: ClassVar[int] = DEAD_WALL
    counts_hands: ClassVar[bool] = False
    plain_claims: ClassVar[bool] = True
    """A seat with no wait on the tile, no pair of it and no neighbour for a chi has only a pass."""
    chinese_ready: ClassVar[bool] = True
    """Riichi's forms are Chinese Official ones (seven *different* pairs among seven pairs): a holding not
    ready in any of those has no riichi wait either."""
    match_hands: ClassVar[int] = 100
    """An upper bound only: a riichi game ends by its own rule (``match_over``)."""
    coach_bot: ClassVar[str] = "defense:dora=4:push=1:call_gain=1"
    """The bot measured strongest here: the defensive bot weighing dora, pushing a valuable hand one from
    ready and calling only for speed (docs/bots.md: +211 and +179 points a hand against plain ``defense``
    over 6,000 hands each on two seeds)."""
    playout_shanten: ClassVar[bool] = False
    search_plays_out: ClassVar[bool] = False  # its prior alone measured stronger: docs/bots.md
    """The search's playouts count shanten over the Chinese Official forms: riichi's own (four sets and a
    pair, seven pairs, thirteen orphans) are their core, and counting them costs the playouts three times
    as much (benchmarks/search.py: 540 against 150 a second)."""
    most_hands: ClassVar[int] = 1000
    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "red_fives": ("0", "3", "4"), "kuikae": KUIKAE, "several_ron": SEVERAL_RON, "length": LENGTHS,
        "renhou": ("off", "mangan", "yakuman"), "double_wind_pair_fu": ("2", "4"),
        "sticks_at_end": STICKS_AT_END, "final_half": FINAL_HALF, "renhou_discards": RENHOU_DISCARDS}
    later_options: ClassVar[frozenset[str]] = frozenset({
        "red_choice", "round_final", "pao", "pao_yaku", "sticks_at_end", "final_half", "isshoku_sanjun",
        "four_winds_dragons", "renhou_discards", "tsumogiri_red"})
    """Options added after riichi records were first written: a record lacks those added after it."""
    older_values: ClassVar[Mapping[str, Any]] = {"round_final": False, "pao": False,
                                                 "sticks_at_end": "standings", "final_half": "return",
                                                 "tsumogiri_red": False}
    """What records written before these options played: final points to a tenth, no pao, sticks left
    over counted in the standings only, (once rounded) 五捨六入; the others by their defaults (seed 001's
    readings off, no red-five choice; a drawn red five kept in a riichi hand)."""
    option_bounds: ClassVar[Mapping[str, Bounds]] = {
        "starting_points": (100, 10_000_000, 100), "target": (100, 10_000_000, 100)}

    def __post_init__(self) -> None:
        if self.red_fives not in (0, 3, 4) or isinstance(self.red_fives, bool):
            raise InvalidOptionError(f"red_fives must be 0, 3 or 4, not {self.red_fives!r}")
        for key, allowed in (("kuikae", KUIKAE), ("several_ron", SEVERAL_RON), ("length", LENGTHS),
                             ("renhou", ("off", "mangan", "yakuman")), ("sticks_at_end", STICKS_AT_END),
                             ("final_half", FINAL_HALF), ("renhou_discards", RENHOU_DISCARDS)):
            if getattr(self, key) not in allowed:
                raise InvalidOptionError(f"{key} must be one of {', '.join(allowed)}, "
                                         f"not {getattr(self, key)!r}")
        self.check_bounds()
        self.placement()
        self.scoring()
        self.covered()

    # -- options -----------------------------------------------------------------------------------------

    def placement(self) -> tuple[int, int, int, int]:
        """The uma of first to fourth place, in thousands (``uma`` read and checked).

        >>> RiichiRules(uma="30,10,-10,-30").placement()
        (30, 10, -10, -30)
        """
        parts = str(self.uma).split(",")
        try:
            values = [int(p) for p in parts]
        except ValueError:
            values = []
        if len(values) != 4 or sum(values) != 0 or any(abs(v) > MAX_UMA for v in values):
            raise InvalidOptionError(f"uma is four whole numbers from {-MAX_UMA} to {MAX_UMA} summing to 0, "
                                     f"first place first (20,10,-10,-20), not {self.uma!r}")
        return (values[0], values[1], values[2], values[3])

    def covered(self) -> frozenset[str]:
        """The yakuman pao covers (``pao_yaku`` read and checked; empty with ``pao`` off).

        >>> sorted(RiichiRules().covered())
        ['daisangen', 'daisuushii']
        """
        names = [n.strip() for n in str(self.pao_yaku).split(",") if n.strip()]
        wrong = [n for n in names if n not in PAO_YAKU]
        if wrong or not names:
            raise InvalidOptionError(f"pao_yaku is a comma-separated list of {', '.join(PAO_YAKU)}, "
                                     f"not {self.pao_yaku!r}")
        return frozenset(names) if self.pao else frozenset()

    def scoring(self) -> RiichiOptions:
        """The scorer's options (``majiang.rules.riichi.RiichiOptions``) these rules set."""
        return _scoring(self)

    def starting_score(self) -> int:
        """Each player starts with ``starting_points`` (25000)."""
        return self.starting_points

    # -- the wall and the deal ---------------------------------------------------------------------------

    def new_state(self, game: RiichiGame) -> RiichiState:
        table = game.match_state if isinstance(game.match_state, RiichiMatchState) else RiichiMatchState()
        return RiichiState(honba=table.honba, sticks=table.sticks)

    def deal(self, game: RiichiGame) -> None:
        """Thirteen tiles each, four at a time then one (the dealer's fourteenth is its draw), noting who got
        the red fives (``red_places``)."""
        st: RiichiState = game.hand_state
        st.red_at = red_places(game.wall, self.red_fives)
        order = [(game.dealer + k) % 4 for k in range(4)]
        seats = [s for _ in range(3) for s in order for _ in range(4)] + order + order[:1]
        red_at = st.red_at
        red_hand = st.red_hand
        t = 0
        for s in seats:
            index = game.wall.front
            t = game.deal_tile(s)
            if index in red_at:
                red_hand[s][t // 9] += 1
        game.drawn = t

    def waits(self, counts: list[int], melds: int, held: list[int]) -> frozenset[int]:
        """Riichi's forms: four sets and a pair, seven different pairs, thirteen orphans."""
        return riichi_waits(counts, melds, held)

    def after_deal(self, game: RiichiGame) -> None:
        """Show the counters carried in and turn over the first dora indicator."""
        st: RiichiState = game.hand_state
        game.log(HandCounters(st.honba, st.sticks))
        self._reveal(game, st)

    def _reveal(self, game: RiichiGame, st: RiichiState) -> None:
        k = len(st.indicators)
        t = game.wall[_indicator_place(len(game.wall), k)]
        st.indicators.append(t)
        st.shown_indicators += (ALL_TILES[t],)
        game.log(DoraRevealed(t))

    def _drawn(self, game: RiichiGame, seat: int, place: int, tail: bool) -> None:
        st: RiichiState = game.hand_state
        st.drew_red = place in st.red_at
        if st.drew_red:
            st.red_hand[seat][game.wall[place] // 9] += 1

    # -- what a seat may do ----------------------------------------------------------------------------

    def _closed(self, game: RiichiGame, seat: int) -> bool:
        return all(m.is_concealed_kong for m in game.melds[seat])

    def _can_kong(self, game: RiichiGame) -> bool:
        """A kan needs a tile to draw after it, and no more than four kans a hand."""
        st: RiichiState = game.hand_state
        return game.wall_left > 0 and len(st.kongs) < 4

    def turn_actions(self, game: RiichiGame, seat: int) -> list[Action]:
        """Discard, kan, riichi, 九種九牌 or tsumo; after riichi only the drawn tile, a kan that keeps the
        waits, or tsumo; after a chi or pon not the swap-call kinds."""
        st: RiichiState = game.hand_state
        counts = game.counts[seat]
        drawn = game.drawn
        out: list[Action]
        if st.riichi[seat] and drawn is not None:
            out = [DISCARD[drawn]]
            if counts[drawn] == 4 and self._can_kong(game) and self._keeps_waits(game, seat, drawn):
                out.append(CONCEALED_KONG[drawn])
        else:
            forbidden = st.kuikae[seat]
            if forbidden:
                out = [DISCARD[t] for t in range(34) if counts[t] and t not in forbidden]
            else:
                out = list(compress(DISCARD, counts))
            melds = game.melds[seat]
            if drawn is not None:
                if 4 in counts and self._can_kong(game):
                    out.extend(CONCEALED_KONG[t] for t in range(34) if counts[t] == 4)
                if melds:
                    added = [ADDED_KONG[m.tile] for m in melds if m.kind == MeldKind.PUNG and counts[m.tile]]
                    if added and self._can_kong(game):
                        out.extend(added)
                # The engine's bound on the holding before the draw: two or more from ready, it is not
                # ready after any discard now (a drawn tile lowers shanten by one at most): no riichi.
                if game.shanten_bound(seat) < 2 and self._closed(game, seat) and game.totals[seat] >= STICK \
                        and game.wall_left >= 4 and distance(counts, len(melds)) <= 0:
                    out.extend(RIICHI[t] for t in self._ready_discards(game, seat))
                if self.nine_terminals and not game.interrupted and not st.rivers[seat] \
                        and sum(1 for t in ORPHANS if counts[t]) >= 9:  # the seat's first turn
                    out.append(ABORT)
        if self.red_choice and not (self.tsumogiri_red and st.riichi[seat] and drawn is not None):
            out.extend(self._red_actions(st, seat, counts, out))
        if drawn in game.waits[seat] and game.self_win(seat) is not None:
            out.append(WIN)
        return out

    @staticmethod
    def _red_actions(st: RiichiState, seat: int, counts: list[int], offered: list[Action]) -> list[Action]:
        """``discard 0m`` (``riichi 0m``) beside each ``discard 5m`` (``riichi 5m``) offered while the seat
        holds a red five and a plain one of the suit."""
        out = []
        for a in offered:
            if a.kind in (ActionKind.DISCARD, ActionKind.RIICHI) and a.tile is not None and a.tile in FIVES:
                reds = st.red_hand[seat][a.tile // 9]
                if 0 < reds < counts[a.tile]:
                    out.append(Action(a.kind, a.tile, (a.tile,)))
        return out

    def _first_turn(self, game: RiichiGame, seat: int) -> bool:
        """The seat's first turn, nobody having called or made a kan."""
        st: RiichiState = game.hand_state
        return not game.interrupted and not st.rivers[seat]

    @staticmethod
    def _ready_discards(game: RiichiGame, seat: int) -> list[int]:
        """The kinds whose discard leaves the seat's hand with a riichi wait. Riichi's forms are Chinese
        Official ones, so the quick Chinese readiness test rules out the rest before the waits are sought."""
        counts = game.counts[seat]
        melds = len(game.melds[seat])
        held = _held(game, seat)
        out = []
        for t in range(34):
            if counts[t]:
                counts[t] -= 1
                held[t] -= 1
                try:
                    if is_ready(counts, melds) and riichi_waits(counts, melds, held):
                        out.append(t)
                finally:
                    counts[t] += 1
                    held[t] += 1
        return out

    def _keeps_waits(self, game: RiichiGame, seat: int, tile: int) -> bool:
        """Whether a concealed kan of ``tile`` after riichi leaves the waits as they are (Tenhou's test)."""
        counts = game.counts[seat]
        counts[tile] -= 4
        try:
            after = riichi_waits(counts, len(game.melds[seat]) + 1, _held(game, seat))
        finally:
            counts[tile] += 4
        return bool(after) and after == game.waits[seat]

    def turn_action(self, game: RiichiGame, seat: int, action: Action) -> None:
        """A riichi declaration (then its discard), or 九種九牌."""
        st: RiichiState = game.hand_state
        if action.kind == ActionKind.ABORT:
            self._abort(game, st, "nine-terminals", seat)
            return
        st.red_next = bool(action.tiles)
        if action.kind == ActionKind.DISCARD and action.tile is not None and action.tiles:
            game.discard(seat, int(action.tile))
            return
        if action.kind != ActionKind.RIICHI or action.tile is None:
            raise InvalidOptionError(f"ruleset {self.name!r} has no action {action.notation()!r}")
        double = self._first_turn(game, seat)
        st.riichi[seat] = True
        st.double[seat] = double
        st.ippatsu[seat] = True
        st.declaring = seat
        st.riichi_at[seat] = len(game.discards[seat])
        game.log(RiichiDeclared(seat, double))
        game.discard(seat, int(action.tile))

    def _furiten(self, game: RiichiGame, seat: int) -> bool:
        st: RiichiState = game.hand_state
        if st.passed[seat] or st.riichi_furiten[seat]:
            return True
        waits = game.waits[seat]
        if not waits:
            return False
        river = st.rivers[seat]
        return any(t in river for t in waits)

    def claim_options(self, game: RiichiGame, seat: int, giver: int, tile: int) -> list[Action]:
        """Ron unless furiten; chi (the next seat), pon and kan unless in riichi or on the last discard, and
        not a chi or pon after which every tile left would be a swap call."""
        st: RiichiState = game.hand_state
        out = [PASS]
        if tile in game.waits[seat] and not self._furiten(game, seat) \
                and game.discard_win(seat, tile, robbing=False) is not None:
            out.append(WIN)
            st.offered.add(seat)
        if st.riichi[seat] or game.wall_left == 0:
            return out
        c = game.counts[seat]
        if c[tile] >= 2 and self._discard_left(c, {tile: 2}, self._swaps(tile, None)):
            out.append(PUNG)
        if c[tile] == 3 and self._can_kong(game):
            out.append(KONG)
        if seat == (giver + 1) % 4 and tile < 27:
            r = tile % 9
            # Each chow the tile fits in the suit (the lowest tile, the two others), the others held.
            for low, a, b in ((tile - 2, tile - 2, tile - 1), (tile - 1, tile - 1, tile + 1),
                              (tile, tile + 1, tile + 2)):
                if 0 <= r - (tile - low) <= 6 and c[a] and c[b] \
                        and self._discard_left(c, {a: 1, b: 1}, self._swaps(tile, low)):
                    out.append(CHOW[low])
        if self.red_choice and len(out) > 1:
            out.extend(self._red_claims(st, seat, c, tile, out))
        return out

    @staticmethod
    def _red_claims(st: RiichiState, seat: int, counts: list[int], tile: int,
                    offered: list[Action]) -> list[Action]:
        """``pung 0m`` beside ``pung`` and ``chow 406m`` beside ``chow 4m`` where the seat holds red and
        plain fives enough to make the meld either way: the named one puts as many red fives in as it can,
        the plain one as few (``red_choice``). A kan on a discard takes every five held: no choice."""
        out = []
        red_hand = st.red_hand[seat]
        for a in offered:
            if a.kind == ActionKind.PUNG and tile in FIVES:
                reds = red_hand[tile // 9]
                if reds and counts[tile] > reds and counts[tile] >= 3:
                    out.append(Action(ActionKind.PUNG, ALL_TILES[tile], (ALL_TILES[tile],)))
            elif a.kind == ActionKind.CHOW and a.tile is not None:
                low = int(a.tile)
                five = next((t for t in (low, low + 1, low + 2) if t != tile and t in FIVES), None)
                if five is not None and 0 < red_hand[five // 9] < counts[five]:
                    out.append(Action(ActionKind.CHOW, a.tile, (ALL_TILES[five],)))
        return out

    def _swaps(self, tile: int, low: int | None) -> frozenset[int]:
        """The kinds a seat may not discard right after calling ``tile`` (a chi from ``low``, or a pon)."""
        if self.kuikae == "none":
            return frozenset()
        out = {tile}
        if self.kuikae == "both" and low is not None:
            if tile == low and tile % 9 <= 5:
                out.add(tile + 3)
            elif tile == low + 2 and tile % 9 >= 3:
                out.add(tile - 3)
        return frozenset(out)

    @staticmethod
    def _discard_left(counts: list[int], used: dict[int, int], forbidden: frozenset[int]) -> bool:
        """Whether some tile is left to discard after a call that takes ``used`` from the hand (every kind
        used is held): the tiles left less those of the forbidden kinds."""
        left = sum(counts) - sum(used.values())
        for t in forbidden:
            left -= counts[t] - used.get(t, 0)
        return left > 0

    def rob_options(self, game: RiichiGame, seat: int, konger: int, tile: int, how: KongKind) -> list[Action]:
        """Rob an added kan (搶槓) unless furiten; a concealed kan only with thirteen orphans, if allowed."""
        if how is KongKind.CONCEALED and not (self.kokushi_robs_concealed_kan and _orphans_ready(game, seat)):
            return []
        if tile not in game.waits[seat] or self._furiten(game, seat) \
                or game.discard_win(seat, tile, robbing=True) is None:
            return []
        st: RiichiState = game.hand_state
        st.offered.add(seat)
        return [PASS, WIN]

    # -- wins ------------------------------------------------------------------------------------------

    def scorer(self) -> RiichiScorer:
        """The hand scorer: these rules' scoring options (``majiang.rules.riichi.scorer``)."""
        from majiang.rules.riichi.scorer import RiichiScorer

        return RiichiScorer(self.scoring())

    def win_score(self, game: RiichiGame, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> RiichiResult | None:
        """The riichi score of a win, or None when the hand has no yaku (dora alone do not count)."""
        from majiang.rules.riichi import WinContext, score

        st: RiichiState = game.hand_state
        tsumo = win_by.self_drawn
        riichi = st.riichi[seat] and st.declaring != seat
        first = not game.interrupted and not st.rivers[seat]
        red = sum(st.red_hand[seat]) + st.red_melds[seat]
        if win_by is WinBy.DISCARD and st.last_red:
            red += 1
        elif win_by is WinBy.ROBBING_KONG and game.robbed is not None:
            konger, t = game.robbed
            if t in FIVES and st.red_hand[konger][t // 9]:
                red += 1  # the konger adds its red five first (it keeps plain ones in hand)
        try:
            context = WinContext(
                tsumo=tsumo, riichi=riichi, double_riichi=riichi and st.double[seat],
                ippatsu=riichi and st.ippatsu[seat], rinshan=win_by is WinBy.KONG_REPLACEMENT,
                chankan=win_by is WinBy.ROBBING_KONG,
                haitei=last_of_wall and win_by is WinBy.SELF_DRAWN,
                houtei=last_of_wall and win_by is WinBy.DISCARD,
                tenhou=first and tsumo and seat == game.dealer,
                chiihou=first and tsumo and seat != game.dealer,
                renhou=first and not tsumo and seat != game.dealer and self.renhou != "off"
                and self._renhou_discard(game),
                seat_wind=game.seat_wind(seat), round_wind=game.round_wind,
                dora_indicators=tuple(ALL_TILES[t] for t in st.indicators),
                ura_indicators=self._ura(game, st) if riichi else (),
                red_fives=red, honba=st.honba, riichi_sticks=0)
            return score(hand, context, self.scoring())
        except InvalidHandError:
            return None

    def _renhou_discard(self, game: RiichiGame) -> bool:
        """Whether the discard being won on may make renhou: any (``before-draw``), or only the dealer's
        first discard (``dealer-first``, seed 001's 地和 "在庄家打出第一张就吃")."""
        if self.renhou_discards == "before-draw":
            return True
        last = game.last_discard
        return game.discard_count == 1 and last is not None and last[0] == game.dealer

    def _ura(self, game: RiichiGame, st: RiichiState) -> tuple[Tile, ...]:
        if not self.ura_dora:
            return ()
        return tuple(ALL_TILES[game.wall[_indicator_place(len(game.wall), k) + 1]]
                     for k in range(len(st.indicators)))

    def choose_winners(self, game: RiichiGame, giver: int, seats: list[int]) -> list[int]:
        """Every declarer (double ron; 三家和 aborts the hand when on), or only the nearest (head bump)."""
        order = sorted(seats, key=lambda s: (s - giver) % 4)
        if self.three_ron and len(order) >= 3:
            st: RiichiState = game.hand_state
            self._abort(game, st, "three-ron", None)
            return []
        return order if self.several_ron == "double" else order[:1]

    def liable_for(self, game: RiichiGame, win: WinRecord) -> int | None:
        """The seat liable (pao, 包) for a win: the one that fed the call making the yakuman it scores
        (``Liable``), or None."""
        st: RiichiState = game.hand_state
        owner = st.liable[win.seat]
        if owner is None or not any(y.id == owner[1] and y.yakuman for y in win.score.yaku):
            return None
        return owner[0]

    def pay_win(self, game: RiichiGame, win: WinRecord) -> None:
        """The discarder pays a ron, everyone a tsumo (the dealer double); honba with each win (or only the
        nearest, ``honba_to_each`` off), and the riichi sticks to the winner nearest the discarder. A
        liable player (pao) pays its share (``pao_deltas``)."""
        st: RiichiState = game.hand_state
        result: RiichiResult = win.score
        if st.declaring is not None and st.declaring == win.giver:
            # Ron on the riichi declaration tile: the riichi never stood and its stick is not paid.
            st.riichi[st.declaring] = False
            st.declaring = None
        first = game.wins[0].seat == win.seat  # the winner nearest the discarder
        pay = result.payment
        if not first and not self.honba_to_each and st.honba:
            pay = payment_without_honba(result)
        deltas = [0, 0, 0, 0]
        liable = self.liable_for(game, win)
        if liable is not None and liable != win.giver:
            honba = st.honba if first or self.honba_to_each else 0
            owner = st.liable[win.seat]
            covered = sum(y.yakuman for y in result.yaku if owner is not None and y.id == owner[1])
            deltas = pao_deltas(result, win.seat, win.giver, liable, covered, honba, game.dealer)
        elif win.giver is not None:
            deltas[win.giver] -= pay.ron
            deltas[win.seat] += pay.ron
        else:
            for s in range(4):
                if s != win.seat:
                    owed = pay.dealer if s == game.dealer else pay.others
                    deltas[s] -= owed
                    deltas[win.seat] += owed
        game.pay(deltas, Payment("win", win.seat, deltas))
        if first and st.sticks:
            take = [0, 0, 0, 0]
            take[win.seat] = st.sticks * STICK
            st.collected += st.sticks * STICK
            st.sticks = 0
            game.pay(take, Payment("sticks", win.seat, take))

    # -- moments -----------------------------------------------------------------------------------------

    def observers(self) -> Observers:
        """Each draw (red fives), discard, discard let go, call and kan (below, one method each)."""
        return Observers(self._drawn, self._discarded, self._passed, self._claimed, self._konged)

    def _discarded(self, game: RiichiGame, seat: int, tile: int) -> None:
        """Turn over a pending kan dora, note the discard (furiten, red fives, nagashi), end ippatsu and
        temporary furiten for the discarder, and abort on 四風連打."""
        st: RiichiState = game.hand_state
        while st.pending_dora:
            st.pending_dora -= 1
            self._reveal(game, st)
        st.rivers[seat].append(tile)
        shown = ALL_TILES[tile]
        st.shown_rivers[seat] += (shown,)
        if True in st.riichi:
            for s in range(4):
                if st.riichi[s] and s != seat:
                    st.since_riichi[s].append(tile)
                    st.shown_since[s] += (shown,)
        if st.offered:
            st.offered.clear()
        named = st.red_next
        if self.tsumogiri_red and st.riichi[seat] and st.declaring != seat:
            # After riichi the drawn tile goes: red exactly when the drawn five was.
            named = st.drew_red
        st.red_next = st.last_red = st.drew_red = False
        if tile in FIVES and st.red_hand[seat][tile // 9] and \
                (named or st.red_hand[seat][tile // 9] > game.counts[seat][tile]):
            # The red five named, or only a red five left of that kind: a plain five goes first.
            st.red_hand[seat][tile // 9] -= 1
            st.red_discards[seat].append(len(game.discards[seat]) - 1)
            st.shown_red[seat] = tuple(st.red_discards[seat])
            st.last_red = True
        if st.declaring != seat:
            st.ippatsu[seat] = False
        st.passed[seat] = False
        st.kuikae[seat] = _NO_SWAPS
        if game.discard_count == 4 and self.four_winds and not game.interrupted \
                and (tile in WINDS or (self.four_winds_dragons and tile in DRAGONS)) \
                and all(st.rivers[s] == [tile] for s in range(4)):
            self._abort(game, st, "four-winds", None)

    def _passed(self, game: RiichiGame, giver: int, tile: int) -> None:
        """The discard went by: a riichi declared with it stands (its stick is paid), seats that let a win go
        are furiten, and 四家立直 or 四開槓 end the hand."""
        st: RiichiState = game.hand_state
        if st.offered:
            self._let_wins_go(st)
        if st.declaring is not None:
            self._stand_riichi(game, st)
        if self.four_riichi and all(st.riichi):
            self._abort(game, st, "four-riichi", None)
        elif self.four_kans and len(st.kongs) == 4 and len(set(st.kongs)) > 1:
            self._abort(game, st, "four-kans", None)

    def _let_wins_go(self, st: RiichiState) -> None:
        for s in st.offered:
            if st.riichi[s]:
                st.riichi_furiten[s] = True
            st.passed[s] = True
        st.offered.clear()

    def _stand_riichi(self, game: RiichiGame, st: RiichiState) -> None:
        seat = st.declaring
        if seat is None:
            return
        st.declaring = None
        deltas = [0, 0, 0, 0]
        deltas[seat] = -STICK
        st.sticks += 1
        st.deposited += STICK
        game.pay(deltas, Payment("riichi-stick", seat, deltas))

    def _claimed(self, game: RiichiGame, seat: int, meld: Meld, giver: int) -> None:
        """A call ends every ippatsu, stands a riichi declared with the called tile, notes the swap calls
        the caller may not make now, and moves red fives into the meld (those in hand first)."""
        st: RiichiState = game.hand_state
        self._let_wins_go(st)
        self._stand_riichi(game, st)
        st.ippatsu = [False] * 4
        st.called_from[giver] = True
        if meld.kind != MeldKind.CHOW and st.liable[seat] is None:
            self._feed(game, st, seat, meld, giver)
        tile = int(meld.tile) + (meld.claimed or 1) - 1 if meld.kind == MeldKind.CHOW else int(meld.tile)
        claimed_red = st.last_red
        if claimed_red:
            st.red_discards[giver].remove(len(game.discards[giver]))
            st.shown_red[giver] = tuple(st.red_discards[giver])
            st.red_melds[seat] += 1
            st.last_red = False
        red = 1 if claimed_red else 0
        from_hand = [int(t) for t in meld.tiles]
        from_hand.remove(tile)
        for t in set(from_hand):
            if t in FIVES and st.red_hand[seat][t // 9]:
                reds = st.red_hand[seat][t // 9]
                if self.red_choice and not self._names_red(game, seat):
                    moved = max(0, reds - game.counts[seat][t])  # plain fives first: reds only if short
                else:
                    moved = min(reds, from_hand.count(t))
                st.red_hand[seat][t // 9] -= moved
                st.red_melds[seat] += moved
                red += moved
        self._note_meld(st, seat, len(game.melds[seat]) - 1, red)
        if meld.kind == MeldKind.CHOW:
            st.kuikae[seat] = self._swaps(tile, int(meld.tile))
        elif meld.kind == MeldKind.PUNG:
            st.kuikae[seat] = self._swaps(tile, None)

    def call_reds(self, game: RiichiGame, seat: int, action: Action) -> int:
        """How many red fives the call ``action`` (chow, pung, kong on the discard on the table) takes
        from ``seat``'s hand: as many as it can when it names one (``pung 0m``) or ``red_choice`` is off,
        else as few."""
        if game.last_discard is None:
            return 0
        tile = game.last_discard[1]
        if action.kind == ActionKind.CHOW and action.tile is not None:
            used = [t for t in (int(action.tile), int(action.tile) + 1, int(action.tile) + 2) if t != tile]
        else:
            used = [tile] * (3 if action.kind == ActionKind.KONG else 2)
        five = next((t for t in used if t in FIVES), None)
        if five is None:
            return 0
        st: RiichiState = game.hand_state
        reds, n = st.red_hand[seat][five // 9], used.count(five)
        if self.red_choice and not action.tiles:
            return max(0, n - (game.counts[seat][five] - reds))
        return min(reds, n)

    def call_with_reds(self, game: RiichiGame, seat: int, action: Action, reds: int) -> Action:
        """The call of ``action``'s kind and tiles, offered to ``seat`` now, that takes ``reds`` red fives
        from its hand (``call_reds``): the plain one or the one naming the red five; ``action`` itself when
        neither does (the caller's check then says what differs). For logs and programs that say which
        tiles a call used (Tenhou's meld codes, mjai's ``consumed``)."""
        plain = action._replace(tiles=(), tile=action.tile if action.kind == ActionKind.CHOW else None)
        options = [plain]
        if self.red_choice and game.last_discard is not None:
            st: RiichiState = game.hand_state
            options += self._red_claims(st, seat, game.counts[seat], game.last_discard[1], [plain])
        return next((a for a in options if self.call_reds(game, seat, a) == reds), plain)

    @staticmethod
    def _names_red(game: RiichiGame, seat: int) -> bool:
        """Whether the call being made names the red five (``pung 0m``, ``chow 406m``): the seat's last
        action, logged just before the claim."""
        for e in reversed(game.events):
            if isinstance(e, Act) and e.seat == seat:
                return bool(e.action.tiles)
        return False

    @staticmethod
    def _note_meld(st: RiichiState, seat: int, index: int, red: int) -> None:
        """Note ``red`` more red fives in the seat's meld at ``index`` (a new meld: the next index)."""
        reds = list(st.red_in_melds[seat])
        if index == len(reds):
            reds.append(red)
        else:
            reds[index] += red
        st.red_in_melds[seat] = tuple(reds)

    def _feed(self, game: RiichiGame, st: RiichiState, seat: int, meld: Meld, giver: int) -> None:
        """Make ``giver`` liable when its discard, called, completes the third dragon set, the fourth wind
        set or the fourth kan (those ``pao_yaku`` names)."""
        covered = self.covered()
        if not covered:
            return
        t = int(meld.tile)
        melds = game.melds[seat]
        made = [name for name, done in (
            ("daisangen", t in DRAGONS and sum(int(m.tile) in DRAGONS and m.kind != MeldKind.CHOW
                                               for m in melds) == 3),
            ("daisuushii", t in WINDS and sum(int(m.tile) in WINDS and m.kind != MeldKind.CHOW
                                              for m in melds) == 4),
            ("suukantsu", meld.kind == MeldKind.KONG and sum(m.kind == MeldKind.KONG for m in melds) == 4))
            if done and name in covered]
        if made:  # one liability a seat (a fourth dragon kan making both is daisangen's)
            st.liable[seat] = (giver, made[0])
            game.log(Liable(seat, giver, made[0]))

    def _konged(self, game: RiichiGame, seat: int, tile: int, how: KongKind, giver: int | None) -> None:
        """A kan ends every ippatsu and turns over a kan dora: at once for a concealed kan, after the next
        discard for an open or added one (``kan_dora_after_discard``)."""
        st: RiichiState = game.hand_state
        self._let_wins_go(st)
        st.ippatsu = [False] * 4
        st.kongs.append(seat)
        if how is not KongKind.MELDED:
            # Every five goes in (a kan has no choice): the meld is the last one, or the pung it grew from.
            moved = 0
            if tile in FIVES:
                moved = min(st.red_hand[seat][tile // 9], 4 if how is KongKind.CONCEALED else 1)
                st.red_hand[seat][tile // 9] -= moved
                st.red_melds[seat] += moved
            melds = game.melds[seat]
            index = len(melds) - 1 if how is KongKind.CONCEALED else \
                next(i for i, m in enumerate(melds) if m.kind == MeldKind.KONG and m.tile == tile)
            self._note_meld(st, seat, index, moved)
        if not self.kan_dora:
            return
        while st.pending_dora:  # a kan after an open kan turns over the one still pending first
            st.pending_dora -= 1
            self._reveal(game, st)
        if how is KongKind.CONCEALED or not self.kan_dora_after_discard:
            self._reveal(game, st)
        else:
            st.pending_dora += 1

    def _abort(self, game: RiichiGame, st: RiichiState, reason: str, seat: int | None) -> None:
        assert reason in ABORT_REASONS, reason
        st.abort = reason
        game.log(AbortiveDraw(reason, seat))
        game.end_hand()

    def end_of_hand(self, game: RiichiGame, exhausted: bool) -> None:
        """A riichi declared with the last discard stands; at an exhaustive draw the ready seats are shown,
        then nagashi mangan or the tenpai payments (3000 points shared)."""
        st: RiichiState = game.hand_state
        if not game.wins:
            self._stand_riichi(game, st)
        if not exhausted:
            return
        ready = [s for s in range(4) if game.waits[s]]
        nagashi = [s for s in range(4) if self.nagashi_mangan and st.rivers[s] and not st.called_from[s]
                   and all(t in ORPHANS for t in st.rivers[s])]
        st.tenpai = ready
        game.log(TenpaiShown(ready, nagashi))
        if nagashi:
            from majiang.rules.riichi import payment

            for s in nagashi:
                pay = payment(2000, dealer=s == game.dealer, tsumo=True)
                deltas = [0, 0, 0, 0]
                for o in range(4):
                    if o != s:
                        owed = pay.dealer if o == game.dealer else pay.others
                        deltas[o] -= owed
                        deltas[s] += owed
                game.pay(deltas, Payment("nagashi", s, deltas))
            return
        if 0 < len(ready) < 4:
            deltas = [3000 // len(ready) if s in ready else -3000 // (4 - len(ready)) for s in range(4)]
            game.pay(deltas, Payment("tenpai", ready[0], deltas))

    # -- views and words ------------------------------------------------------------------------------

    def describer(self) -> Describer:
        """Han, fu and yaku, the dora, sticks and riichi on the table, and each hand by its riichi name
        (``majiang.rules.riichi.describe``); a match ends by its own rule, so no hand count is shown."""
        return RiichiDescriber(self, counts_hands=self.counts_hands)

    def public_state(self, game: RiichiGame, seat: int) -> RiichiPublic:
        st: RiichiState = game.hand_state
        waits = game.waits[seat]
        furiten = self._furiten(game, seat) if waits or st.passed[seat] or st.riichi_furiten[seat] else False
        # capture_public written out: a view of every step makes one.
        state: RiichiPublic = new_public(RiichiPublic)
        PUBLIC_VALUES.__set__(state, (
            st.shown_indicators, st.honba, st.sticks, tuple(st.riichi), tuple(st.double), tuple(st.shown_red),
            tuple(st.red_melds), furiten, sum(st.red_hand[seat]), seat, tuple(st.shown_rivers),
            tuple(st.shown_since), tuple(st.riichi_at), self._shown_ura(game, st), tuple(st.liable),
            tuple(st.red_in_melds)))
        return state

    def rebuilds(self) -> bool:
        """A riichi hand can be rebuilt from a view (``majiang.rules.riichi.rebuild``)."""
        return True

    def rebuild(self, game: RiichiGame, view: TableSeatView[Any]) -> Rebuilt:
        """The hand state from the view, the dora indicators' places, and what each sample deals
        (``majiang.rules.riichi.rebuild``)."""
        from majiang.rules.riichi.rebuild import rebuild_hand

        return rebuild_hand(game, view, kan_dora=self.kan_dora, red_fives=self.red_fives)

    def playout_safe(self, game: RiichiGame, seat: int) -> frozenset[int] | None:
        """The kinds safe against every other seat in riichi (現物: in its river or let go by anyone since
        its riichi; furiten forbids its win on them), None while no other seat is in riichi."""
        st: RiichiState = game.hand_state
        if True not in st.riichi:
            return None
        safe: frozenset[int] | None = None
        for o in range(4):
            if st.riichi[o] and o != seat:
                kinds = frozenset((*st.rivers[o], *st.since_riichi[o]))
                safe = kinds if safe is None else safe & kinds
        return safe

    def copy_state(self, game: RiichiGame) -> RiichiState:
        st: RiichiState = game.hand_state
        return st.copy()

    def _shown_ura(self, game: RiichiGame, st: RiichiState) -> tuple[Tile, ...]:
        """The ura indicators once a riichi hand has won (they are turned over then), else none."""
        result = game.result
        if result is None or not any(st.riichi[w.seat] for w in result.wins):
            return ()
        return self._ura(game, st)

    def tile_bonus(self, view: View) -> tuple[int, ...]:
        """Each kind's dora han a copy, from the indicators turned over in ``view`` (red fives left out: a
        kind's count cannot tell which copy is red)."""
        public = view.public_state
        if not isinstance(public, RiichiPublic) or not public.dora_indicators:
            return NO_BONUS
        bonus = [0] * 34
        for indicator in public.dora_indicators:
            bonus[int(dora_of(indicator))] += 1
        return tuple(bonus)

    def seat_efficiency(self, seat: SeatContext) -> RiichiEfficiency:
        """Yaku-aware tile efficiency for the seat (value honors: dragons, its wind, the round's)."""
        values = frozenset({*(int(d) for d in DRAGONS), int(seat.seat_wind), int(seat.round_wind)})
        return RiichiEfficiency(values, self.open_tanyao)

    # -- the match -----------------------------------------------------------------------------------------

    def new_match_state(self) -> RiichiMatchState:
        return RiichiMatchState()

    def next_hand(self, match: RiichiMatch, game: RiichiGame) -> NextHand:
        """The dealer stays (連荘) after a win of its own, ready at an exhaustive draw, or an abortive draw;
        honba go up then and after any draw, and back to 0 after another seat's win; the sticks left on
        the table carry over; the round wind is East for the first four passes of the deal, then South,
        West (an extension), North; the game is over by its rules or after ``match.length`` hands."""
        table: RiichiMatchState = match.match_state
        st: RiichiState = game.hand_state
        dealer = game.dealer
        if game.wins:
            kept = any(w.seat == dealer for w in game.wins)
            table.honba = st.honba + 1 if kept else 0
        else:
            kept = st.abort is not None or dealer in st.tenpai
            table.honba = st.honba + 1
        table.sticks = st.sticks
        table.over = self._game_over(match, game, kept)
        if not kept:
            table.passes += 1
        over = table.over or match.hand_number + 1 > match.length
        settled = None
        if over and table.sticks and self.sticks_at_end == "first":
            # Tenhou adds the sticks left over to first place's points (its owari shows them there).
            paid = [0, 0, 0, 0]
            paid[placing_order(match.totals)[0]] = table.sticks * STICK
            settled = (paid[0], paid[1], paid[2], paid[3])
            table.sticks = 0
        return NextHand(dealer if kept else (dealer + 1) % 4, WINDS[min(table.passes // 4, 3)], over=over,
                        settled=settled)

    def _game_over(self, match: RiichiMatch, game: RiichiGame, kept: bool) -> bool:
        totals = match.totals
        if self.busting and min(totals) < 0:
            return True
        table: RiichiMatchState = match.match_state
        last = 4 * (1 if self.length == "tonpuu" else 2) - 1
        if table.passes < last:
            return False
        reached = max(totals) >= self.target
        if kept:
            st: RiichiState = game.hand_state
            dealer_player = match.player_at(game.dealer)
            first = placing_order(totals)[0] == dealer_player
            won = any(w.seat == game.dealer for w in game.wins)
            stop = (won and self.agari_yame) or (not game.wins and st.abort is None and self.tenpai_yame)
            # The dealer's repeat comes before the target, in the extension too (Tenhou): only a dealer
            # first with the target stops it.
            return stop and first and (reached or not self.extension)
        if not self.extension or reached:
            return True
        return table.passes + 1 >= last + 5  # the extension round is played out

    def standings(self, match: RiichiMatch) -> tuple[float, float, float, float]:
        """Final points: (points − ``target``)/1000 plus uma, oka to first place, and the sticks left on the
        table to first place; ties ranked by the seat order of the first hand (Tenhou)."""
        table: RiichiMatchState = match.match_state
        return final_points(match.totals, table.sticks, self.placement(),
                            self.target if self.oka else self.starting_points, self.starting_points,
                            whole=self.round_final, half=self.final_half)


# -- helpers -------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=64)
def _scoring(rules: RiichiRules) -> RiichiOptions:
    """The scorer's options of a ruleset, built (and checked) once."""
    import dataclasses

    from majiang.rules.riichi import RiichiOptions

    # The scorer's options are the ruleset's fields of the same names: both are declared by ScoringFields.
    return RiichiOptions(**{f.name: getattr(rules, f.name) for f in dataclasses.fields(RiichiOptions)})


def red_places(wall: Sequence[int], red_fives: int) -> frozenset[int]:
    """The places in the wall of the red fives (one 5m, 5p and 5s; two 5p with ``red_fives`` 4).

    Which copies are red follows from the wall's order alone (a generator seeded with its bytes), so the
    same wall, replayed from a record, has the same red fives, while over shuffles each copy of a five is
    red equally often.

    >>> wall = [t for t in range(34) for _ in range(4)]
    >>> sorted(wall[i] for i in red_places(wall, 4))
    [4, 13, 13, 22]
    """
    if not red_fives:
        return frozenset()
    copies: dict[int, list[int]] = {4: [], 13: [], 22: []}
    for kind, places in copies.items():  # each five's places in order, found by the list's own search
        i = -1
        for _ in range(wall.count(kind)):
            i = wall.index(kind, i + 1)
            places.append(i)
    rng = random.Random(bytes(wall))
    out: set[int] = set()
    for kind, places in copies.items():
        out.update(rng.sample(places, 2 if kind == 13 and red_fives == 4 else 1))
    return frozenset(out)


def _held(game: RiichiGame, seat: int) -> list[int]:
    held = list(game.counts[seat])
    for m in game.melds[seat]:
        for t in m.tiles:
            held[t] += 1
    return held


def _orphans_ready(game: RiichiGame, seat: int) -> bool:
    """Whether the seat waits with thirteen orphans (a closed hand of terminals and honors only)."""
    counts = game.counts[seat]
    return not game.melds[seat] and sum(1 for t in ORPHANS if counts[t]) >= 12


register_ruleset("riichi", RiichiRules, aliases=("立直", "立直麻将", "立直麻雀", "tenhou", "天鳳"))

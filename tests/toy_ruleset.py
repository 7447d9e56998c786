"""A test-only ruleset on the engine's hooks: the paths a Sichuan-like ruleset takes, with no engine edit.

It exists to prove that adding a ruleset needs no edit to ``majiang.game`` (nor to the bots, records or
CLI): everything below is hooks of ``majiang.game.ruleset.Ruleset`` and the engine's public helpers, and
importing this module registers it (``find_ruleset("toy")``), so the conformance suite plays it like
any built-in ruleset. Its rules are simple on purpose, not a real system:

* 108 suited tiles, no chow (吃), pung and kong;
* an opening phase where every seat declares a suit void (定缺), shown to all; while a seat holds tiles
  of its void suit it may discard only those, and it may win only without them;
* a win is four sets and a pair, or seven pairs; every seat declaring a win on one discard wins
  (一炮多响); its score is 1, plus 1 per kong, plus 2 for seven pairs;
* kongs are paid at once, each with its own event (刮风下雨): a concealed kong 2 from every other seat
  still in, a melded kong 2 by the discarder, an added kong 1 from every other seat still in;
* a win on a discard is paid 2 × score by the discarder; self-drawn, 1 + score from every other seat
  still in;
* after a win the winners leave and play goes on until one seat is left or the wall ends (血战), or
  with ``winners_stay`` they stay and win again until the wall ends (血流);
* when the wall runs out, every seat still in that is not ready pays 1 to each seat still in that is
  (no event of its own: the end event shows it).

And one rule for each capability a regional ruleset needs beyond Sichuan's (issue 19's G1-G7):

* after the deal one die is rolled for the lucky kind (G1, a roll during the hand); a ready seat also
  wins on the lucky kind, whatever it waits on (G7, waits that know the table); a ready seat whose next
  draw is the lucky kind wins with it at once, without a win action (G3);
* the replacement tile of a concealed kong is the top of the stack a roll of one die counts from the
  wall's end (G1, ``Wall.choose_next``);
* the last tile is offered around the table (G2): the seat to draw it is asked whether it takes it
  (``take-last``, an action of the toy's own: G6); if it passes the next seat is asked, and when every
  seat still in has passed the hand is drawn;
* after the voids, a seat holding 1m, 1p and 1s may lay them face up as one meld of mixed tiles
  (``lay-ones``, G5: ``[1m1p1s,x]``, counted as a set; its tiles do not count for the void suit); later a
  1 of any suit may be added to it on the seat's turn, with a replacement, as a kong is;
* an added kong (or a 1 added to the mixed meld) may be answered with a pung of its tile by a seat holding
  two (G4, 抢叉);
* a discard of the lucky kind may be grabbed (``grab-lucky``, an answer of the toy's own kind, G6): the
  seat pungs it and the discarder pays it 1.

>>> from majiang.game.ruleset import find_ruleset
>>> find_ruleset("toy", ["winners_stay=true"]).winners_stay
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.actions import Action, ActionKind, ActionSpec, declare_action
from majiang.analysis.decompose import is_complete
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.game.events import Payment
from majiang.game.moments import Observers
from majiang.game.ruleset import Ruleset, register_ruleset
from majiang.game.scoring import ContextField, read_values
from majiang.game.view import Phase
from majiang.hand import Hand
from majiang.meld import KongKind, Meld, MeldKind
from majiang.rules.mcr.calculator import WinBy
from majiang.tiles import ALL_TILES, Tile

if TYPE_CHECKING:
    from majiang.game.results import WinRecord
    from majiang.game.ruleset import MatchTable, SeatView, Table

    ToyTable = Table["ToyState", None]
    """A hand in play as these rules see it (``majiang.game.ruleset.Table``)."""
    ToyMatch = MatchTable[None]
    ToyView = SeatView["ToyState"]

__all__ = ["ToyRules", "ToyScore", "ToyState"]

SUITS = "mps"
VOIDS = tuple(Action(ActionKind.VOID, ALL_TILES[9 * k]) for k in range(3))
"""Declaring characters, dots or bamboo void (the action's tile is the suit's 1)."""
LAY_ONES = declare_action(ActionSpec("lay-ones", "lay 1m 1p 1s", "幺蛋",
                                     help="Lay 1m, 1p and 1s face up as one meld (the toy's 幺蛋)."))
ONES = (ALL_TILES[0], ALL_TILES[9], ALL_TILES[18])
GRAB_LUCKY = declare_action(ActionSpec("grab-lucky", "grab the lucky tile", "抢幸运牌",
                                       help="Pung a discard of the lucky kind, and the discarder pays 1."))
TAKE_LAST = declare_action(ActionSpec("take-last", "take the last tile", "要海底",
                                      help="Take the wall's last tile (the toy's 海底漫游)."))
PASS = Action(ActionKind.PASS)
PUNG = Action(ActionKind.PUNG)
WIN = Action(ActionKind.WIN)


@dataclass(frozen=True, slots=True)
class ToyScore:
    """A toy win's score: its ``total`` and how it was made."""

    total: int
    seven_pairs: bool
    kongs: int
    lucky: bool = False
    """Won with the lucky kind standing for another (G7)."""

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "seven_pairs": self.seven_pairs, "kongs": self.kongs,
                "lucky": self.lucky}

    def explain(self) -> str:
        """One line: the total and how it was made."""
        return (f"total {self.total} (seven pairs: {self.seven_pairs}, kongs: {self.kongs}, "
                f"lucky: {self.lucky})")


@dataclass(slots=True)
class ToyState:
    """Each seat's void suit (0 characters, 1 dots, 2 bamboo; None before the declaration)."""

    voids: list[int | None] = field(default_factory=lambda: [None, None, None, None])
    lucky: int | None = None
    """The lucky kind, rolled after the deal."""
    passed: list[int] = field(default_factory=list)
    """The seats that have passed the last tile."""


def _suit_held(counts: list[int], suit: int) -> bool:
    return any(counts[9 * suit:9 * suit + 9])


@dataclass(frozen=True, slots=True)
class ToyRules(Ruleset):
    """The test-only ruleset (module docstring); ``winners_stay``: 血流 instead of 血战."""

    name: str = "toy"
    winners_stay: bool = False
    has_chow = False
    match_hands = 4
    actions = (TAKE_LAST, LAY_ONES, GRAB_LUCKY)

    def wall_tiles(self) -> list[int]:
        """The 108 suited tiles."""
        return [t for t in range(27) for _ in range(4)]

    def new_state(self, game: ToyTable) -> ToyState:
        return ToyState()

    def after_deal(self, game: ToyTable) -> None:
        """Roll one die for the lucky kind (1-6: 1m, 2p, 3s, 4m, 5p, 6s); then every seat declares a suit
        void (an opening question)."""
        state: ToyState = game.hand_state
        die = game.roll(None, "lucky", 1)[0]
        state.lucky = 9 * ((die - 1) % 3) + die - 1
        game.ask({s: list(VOIDS) for s in range(4)})

    def _opening(self, game: ToyTable, answers: dict[int, Action]) -> None:
        """The voids declared, then each seat holding the three 1s may lay them (G5)."""
        state: ToyState = game.hand_state
        if any(a.kind is ActionKind.VOID for a in answers.values()):
            for seat, action in answers.items():
                assert action.tile is not None
                state.voids[seat] = int(action.tile) // 9
            layers = [s for s in range(4) if all(game.counts[s][t] for t in ONES)]
            if layers:
                game.ask({s: [PASS, LAY_ONES.action()] for s in layers})
            return
        for seat, action in answers.items():
            if action.name == LAY_ONES.name:
                game.lay_meld(seat, Meld.with_mixed(ONES))

    def public_state(self, game: ToyTable, seat: int) -> tuple[str | None, ...]:
        """The declared void suits (all are declared at once, so all are public), then the lucky kind."""
        state: ToyState = game.hand_state
        lucky = None if state.lucky is None else ALL_TILES[state.lucky].notation()
        return (*(None if v is None else SUITS[v] for v in state.voids), lucky)

    def seat_waits(self, game: ToyTable, seat: int, waits: frozenset[int]) -> frozenset[int]:
        """A ready seat also waits on the lucky kind."""
        lucky = game.hand_state.lucky
        return waits | {lucky} if waits and lucky is not None else waits

    def before_draw(self, game: ToyTable, seat: int) -> bool:
        """The lucky draw wins at once (G3); the last tile is offered around (G2)."""
        state: ToyState = game.hand_state
        wall = game.wall
        left = wall.left(seat)
        place = wall.peek(seat)
        if left > 1 and state.lucky in game.waits[seat] and place is not None and wall[place] == state.lucky:
            game.draw_for(seat)
            score = self.win_score(game, seat, _hand_of(game, seat, state.lucky), win_by=WinBy.SELF_DRAWN,
                                   last_of_wall=False)
            if score is not None:
                game.declare_win(seat, state.lucky, score)
            return True
        if left == 1:
            state.passed = []
            game.ask({seat: [PASS, TAKE_LAST.action()]})
            return True
        return False

    def answer(self, game: ToyTable, answers: dict[int, Action]) -> None:
        """Before play, the opening questions (``_opening``). During play, the asked seat takes the last
        tile, or the next seat still in is asked; all passed: a draw."""
        if game.phase is Phase.OPENING:
            self._opening(game, answers)
            return
        state: ToyState = game.hand_state
        ((seat, action),) = answers.items()
        if action.name == TAKE_LAST.name:
            game.draw_for(seat)
            return
        state.passed.append(seat)
        after = game.next_active(seat)
        if after is None or after in state.passed:
            game.end_hand(exhausted=True)
        else:
            game.ask({after: [PASS, TAKE_LAST.action()]})

    def claim_options(self, game: ToyTable, seat: int, giver: int, tile: int) -> list[Action]:
        """The common claims; on a discard of the lucky kind a seat holding two may also grab it."""
        out = Ruleset.claim_options(self, game, seat, giver, tile)
        if tile == game.hand_state.lucky and PUNG in out:
            out.append(GRAB_LUCKY.action())
        return out

    def resolve_claims(self, game: ToyTable, giver: int, tile: int, answers: dict[int, Action]) -> bool:
        """The nearest seat after the discarder that grabbed the lucky tile pungs it and is paid 1."""
        grabbers = [s for s, a in answers.items() if a.name == GRAB_LUCKY.name]
        if not grabbers:
            return False
        seat = min(grabbers, key=lambda s: (s - giver) % 4)
        game.claim(seat, PUNG)
        deltas = [0, 0, 0, 0]
        deltas[giver], deltas[seat] = -1, 1
        game.pay(deltas, Payment("grab", seat, deltas))
        return True

    def rob_options(self, game: ToyTable, seat: int, konger: int, tile: int, how: str) -> list[Action]:
        """An added kong may be robbed by a win, or answered with a pung by a seat holding two (抢叉)."""
        if how != "added":
            return []
        out = [PASS]
        if game.discard_win(seat, tile, robbing=True) is not None:
            out.append(WIN)
        if game.counts[seat][tile] >= 2:
            out.append(PUNG)
        return out if len(out) > 1 else []

    def turn_actions(self, game: ToyTable, seat: int) -> list[Action]:
        """The common table's, but tiles of the void suit go first."""
        out = Ruleset.turn_actions(self, game, seat)
        if any(m.kind == MeldKind.MIXED for m in game.melds[seat]) and game.wall_left_for(seat) > 0 \
                and not game.last_tile(seat):
            out.extend(Action(ActionKind.ADDED_KONG, t) for t in ONES if game.counts[seat][t])
        void = game.hand_state.voids[seat]
        if void is not None and _suit_held(game.counts[seat], void):
            out = [a for a in out if a.kind != ActionKind.DISCARD or int(a.tile or 0) // 9 == void]
        return out

    def win_score(self, game: ToyTable, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> ToyScore | None:
        """Four sets and a pair, or seven pairs, with no tile of the seat's void suit."""
        return toy_score(hand, game.hand_state.voids[seat], game.hand_state.lucky)

    def scorer(self) -> ToyScorer:
        """Scoring a hand shown to the toy: its void suit and lucky kind are the context (the one shape
        every ruleset scores in: ``majiang fan --rules toy``)."""
        return ToyScorer()


    def choose_winners(self, game: ToyTable, giver: int, seats: list[int]) -> list[int]:
        """Every seat that declares a win on the tile wins."""
        return sorted(seats, key=lambda s: (s - giver) % 4)

    def pay_win(self, game: ToyTable, win: WinRecord) -> None:
        deltas = [0, 0, 0, 0]
        if win.giver is None:
            for s in range(4):
                if s != win.seat and game.active[s]:
                    deltas[s] -= 1 + win.score.total
                    deltas[win.seat] += 1 + win.score.total
        else:
            deltas[win.giver] -= 2 * win.score.total
            deltas[win.seat] += 2 * win.score.total
        game.pay(deltas)

    def after_win(self, game: ToyTable, wins: list[WinRecord]) -> bool:
        """Winners leave (unless ``winners_stay``); play goes on while two seats are still in."""
        if self.winners_stay:
            return True
        for win in wins:
            game.leave(win.seat)
        return sum(game.active) > 1

    def observers(self) -> Observers:
        """Kongs, paid at once."""
        return Observers(konged=self._konged)

    def _konged(self, game: ToyTable, seat: int, tile: int, how: KongKind, giver: int | None) -> None:
        """刮风下雨: a kong is paid at once, with its own event; a concealed kong's replacement is counted
        by a die."""
        if how == "concealed":
            place = game.wall.stack_from_end(game.roll(seat, "kong", 1)[0])
            if place is not None:
                game.wall.choose_next(place)
        deltas = [0, 0, 0, 0]
        if how == "melded":
            assert giver is not None
            deltas[giver] -= 2
            deltas[seat] += 2
        else:
            each = 2 if how == "concealed" else 1
            for s in range(4):
                if s != seat and game.active[s]:
                    deltas[s] -= each
                    deltas[seat] += each
        game.pay(deltas, Payment("kong", seat, deltas))

    def end_of_hand(self, game: ToyTable, exhausted: bool) -> None:
        """At the wall's end, each seat still in and not ready pays 1 to each seat still in and ready."""
        if not exhausted:
            return
        ready = [s for s in range(4) if game.active[s] and game.waits[s]]
        deltas = [0, 0, 0, 0]
        for s in range(4):
            if game.active[s] and s not in ready:
                for r in ready:
                    deltas[s] -= 1
                    deltas[r] += 1
        game.pay(deltas)


FIELDS = (
    ContextField("void_suit", "choice", "none", ("none", *SUITS), help="The winner's void suit", zh="定缺"),
    ContextField("lucky_kind", "tiles", (), help="The lucky kind, if any (one tile)", zh="幸运牌"),
)


@dataclass(frozen=True, slots=True)
class ToyContext:
    """What a toy win's score needs beyond its tiles."""

    void: int | None = None
    lucky: int | None = None


@dataclass(frozen=True, slots=True)
class ToyScorer:
    """The toy's scorer hook (``majiang.game.scoring.Scorer``)."""

    def context_fields(self) -> tuple[ContextField, ...]:
        return FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> ToyContext:
        v = read_values(FIELDS, values, "toy")
        lucky = v["lucky_kind"]
        if len(lucky) > 1:
            raise InvalidOptionError(f"lucky_kind is one tile, not {len(lucky)}")
        return ToyContext(None if v["void_suit"] == "none" else SUITS.index(v["void_suit"]),
                          int(Tile.parse(lucky[0])) if lucky else None)

    def score(self, hand: Hand | str, context: ToyContext) -> ToyScore:
        parsed = Hand.parse(hand) if isinstance(hand, str) else hand
        found = toy_score(parsed, context.void, context.lucky)
        if found is None:
            raise InvalidHandError(f"{parsed.notation()} is no toy win")
        return found


def toy_score(hand: Hand, void: int | None, lucky: int | None) -> ToyScore | None:
    """A toy win's score, or None if ``hand`` is none: four sets and a pair or seven pairs, no tile of
    the ``void`` suit, the ``lucky`` kind standing for any other as the winning tile."""
    held = hand.counts()
    for m in hand.melds:
        if m.kind != MeldKind.MIXED:  # the 1s laid together do not count for the void suit
            for t in m.tiles:
                held[t] += 1
    if void is not None and _suit_held(held, void):
        return None
    counts = hand.counts()
    kongs = sum(len(m.tiles) == 4 for m in hand.melds)
    pairs = _seven_pairs(counts, bool(hand.melds))
    if pairs or is_complete(counts):
        return ToyScore(1 + kongs + 2 * pairs, pairs, kongs)
    if hand.winning_tile is not None and hand.winning_tile == lucky:
        # The lucky kind stands for any kind (outside the void suit) that completes the hand (G7).
        counts[lucky] -= 1
        for kind in range(27):
            if void is not None and kind // 9 == void:
                continue
            counts[kind] += 1
            complete = is_complete(counts) or _seven_pairs(counts, bool(hand.melds))
            counts[kind] -= 1
            if complete:
                return ToyScore(1 + kongs, False, kongs, lucky=True)
    return None


def _seven_pairs(counts: list[int], melded: bool) -> bool:
    """Seven pairs (a kind held four times counts as two), with no melds."""
    return not melded and sum(counts) == 14 and all(n in (0, 2, 4) for n in counts)


def _hand_of(game: ToyTable, seat: int, tile: int) -> Hand:
    """``seat``'s hand as it stands, ``tile`` (held) its winning tile."""
    counts = list(game.counts[seat])
    counts[tile] -= 1
    tiles = tuple(ALL_TILES[t] for t in range(34) for _ in range(counts[t]))
    return Hand(tuple(game.melds[seat]), tiles, ALL_TILES[tile])


register_ruleset("toy", ToyRules, aliases=("玩具",))

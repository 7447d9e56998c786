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

>>> from majiang.game.ruleset import find_ruleset
>>> find_ruleset("toy", ["winners_stay=true"]).winners_stay
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.actions import Action, ActionKind
from majiang.analysis.decompose import is_complete
from majiang.game.events import Payment
from majiang.hand import Hand
from majiang.game.ruleset import Ruleset, register_ruleset
from majiang.rules.mcr.calculator import WinBy
from majiang.tiles import ALL_TILES

if TYPE_CHECKING:
    from majiang.game.table import Game, WinRecord

__all__ = ["ToyRules", "ToyScore", "ToyState"]

SUITS = "mps"
VOIDS = tuple(Action(ActionKind.VOID, ALL_TILES[9 * k]) for k in range(3))
"""Declaring characters, dots or bamboo void (the action's tile is the suit's 1)."""


@dataclass(frozen=True, slots=True)
class ToyScore:
    """A toy win's score: its ``total`` and how it was made."""

    total: int
    seven_pairs: bool
    kongs: int

    def to_dict(self) -> dict[str, Any]:
        return {"total": self.total, "seven_pairs": self.seven_pairs, "kongs": self.kongs}


@dataclass(slots=True)
class ToyState:
    """Each seat's void suit (0 characters, 1 dots, 2 bamboo; None before the declaration)."""

    voids: list[int | None] = field(default_factory=lambda: [None, None, None, None])


def _suit_held(counts: list[int], suit: int) -> bool:
    return any(counts[9 * suit:9 * suit + 9])


@dataclass(frozen=True, slots=True)
class ToyRules(Ruleset):
    """The test-only ruleset (module docstring); ``winners_stay``: 血流 instead of 血战."""

    name: str = "toy"
    winners_stay: bool = False
    has_chow = False
    match_hands = 4

    def conformance_variants(self) -> list[dict[str, Any]]:
        """Winners leave (血战), and winners stay (血流)."""
        return [{}, {"winners_stay": True}]

    def wall_tiles(self) -> list[int]:
        """The 108 suited tiles."""
        return [t for t in range(27) for _ in range(4)]

    def new_state(self, game: Game) -> ToyState:
        return ToyState()

    def opening_options(self, game: Game, step: int) -> dict[int, list[Action]]:
        """One phase: every seat declares a suit void."""
        return {s: list(VOIDS) for s in range(4)} if step == 0 else {}

    def resolve_opening(self, game: Game, step: int, answers: dict[int, Action]) -> None:
        state: ToyState = game.rules_state
        for seat, action in answers.items():
            assert action.tile is not None
            state.voids[seat] = int(action.tile) // 9

    def public_state(self, game: Game, seat: int) -> tuple[str | None, ...]:
        """The declared void suits (all are declared at once, so all are public)."""
        state: ToyState = game.rules_state
        return tuple(None if v is None else SUITS[v] for v in state.voids)

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        """The common table's, but tiles of the void suit go first."""
        out = Ruleset.turn_actions(self, game, seat)
        void = game.rules_state.voids[seat]
        if void is not None and _suit_held(game.counts[seat], void):
            out = [a for a in out if a.kind != ActionKind.DISCARD or int(a.tile or 0) // 9 == void]
        return out

    def win_score(self, game: Game, seat: int, hand: Hand, *, win_by: WinBy,
                  last_of_wall: bool) -> ToyScore | None:
        """Four sets and a pair, or seven pairs, with no tile of the seat's void suit."""
        void = game.rules_state.voids[seat]
        if void is not None and _suit_held(hand.counts(include_melds=True), void):
            return None
        counts = hand.counts()
        pairs = not hand.melds and all(n in (0, 2, 4) for n in counts) and sum(counts) == 14
        if not pairs and not is_complete(counts):
            return None
        kongs = sum(len(m.tiles) == 4 for m in hand.melds)
        return ToyScore(1 + kongs + 2 * pairs, pairs, kongs)

    def choose_winners(self, game: Game, giver: int, seats: list[int]) -> list[int]:
        """Every seat that declares a win on the tile wins."""
        return sorted(seats, key=lambda s: (s - giver) % 4)

    def pay_win(self, game: Game, win: WinRecord) -> None:
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

    def after_win(self, game: Game, wins: list[WinRecord]) -> bool:
        """Winners leave (unless ``winners_stay``); play goes on while two seats are still in."""
        if self.winners_stay:
            return True
        for win in wins:
            game.leave(win.seat)
        return sum(game.active) > 1

    def on_kong(self, game: Game, seat: int, tile: int, how: str, giver: int | None) -> None:
        """刮风下雨: paid at once, with its own event."""
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

    def end_of_hand(self, game: Game, exhausted: bool) -> None:
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


register_ruleset("toy", ToyRules, aliases=("玩具",))

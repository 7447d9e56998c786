"""One hand at the table: the state, the legal actions of each seat, and ``apply``.

Seats are 0-3 in turn order (each seat's right-hand neighbour, 下家, is the next). Chance is a seeded
``random.Random``: shuffling, dice; the same seed (or the same prepared wall) replays the same hand.
A seat acts only through ``apply(seat, action)``; an illegal action raises IllegalActionError and
changes nothing. Bots and clients should only read ``view(seat)``.

>>> g = Game(seed=7)
>>> g.to_act(), len(g.legal_actions(0)) > 0
([0], True)
>>> sum(len(g.standing_tiles(s)) for s in range(4))
53
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from majiang.analysis.shanten import effective_counts, shanten_trusted
from majiang.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from majiang.game.actions import Action, ActionKind
from majiang.game.rules import FLOWER_BASE, FalseWin, McrRules, Ruleset
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr import WinBy
from majiang.rules.mcr.result import ScoreResult
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES, WINDS, Tile, seat_wind

__all__ = ["Game", "HandResult", "Phase", "View"]

STACKS_PER_WALL = 18


class Phase(IntEnum):
    """Where the hand is: a seat's own turn, others answering a discard or an added kong, or over."""

    TURN = 0
    CLAIM = 1
    ROB = 2
    OVER = 3


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: winners (empty for an exhaustive draw 荒庄), their scores, and payments.

    ``hands`` are the four seats' hands as the hand ended, by seat and shown to everyone (sources 000
    and 002: concealed kongs are opened when the hand ends, won or drawn): declared melds with the
    concealed kongs, standing tiles, and for a winner the winning tile as ``winning_tile``.
    """

    winners: tuple[int, ...]
    scores: tuple[ScoreResult, ...]
    self_drawn: bool
    payer: int | None
    deltas: tuple[int, int, int, int]
    hands: tuple[Hand, ...] = ()

    @property
    def exhausted(self) -> bool:
        """No one won: the wall ran out (荒庄)."""
        return not self.winners


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know: its own tiles, everything on the table, and its legal actions."""

    seat: int
    phase: Phase
    current: int
    standing: tuple[Tile, ...]
    drawn: Tile | None
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's exposed melds (and this seat's own concealed kongs); once the hand is over,
    everyone's concealed kongs too."""
    hidden_kongs: tuple[int, ...]
    """How many concealed kongs each other seat has laid face down (0 for this seat, and for every
    seat once the hand is over)."""
    flowers: tuple[int, ...]
    discards: tuple[tuple[Tile, ...], ...]
    last_discard: tuple[int, Tile] | None
    wall_left: int
    scores: tuple[int, int, int, int]
    seat_wind: Tile
    round_wind: Tile
    dealer: int
    legal: tuple[Action, ...]
    robbing: tuple[int, Tile] | None = None
    """While others may rob an added kong (抢杠): the konger's seat and the tile being added."""
    hands: tuple[Hand, ...] | None = None
    """Once the hand is over, every seat's hand as ``HandResult.hands`` shows it; None during play."""


_PASS = Action(ActionKind.PASS)
_WIN = Action(ActionKind.WIN)
_PUNG = Action(ActionKind.PUNG)
_KONG = Action(ActionKind.KONG)
# Every tile-bearing action made once: legal-action lists are rebuilt on every step.
_DISCARD = tuple(Action(ActionKind.DISCARD, t) for t in ALL_TILES)
_CHOW = tuple(Action(ActionKind.CHOW, t) for t in ALL_TILES)
_CONCEALED_KONG = tuple(Action(ActionKind.CONCEALED_KONG, t) for t in ALL_TILES)
_ADDED_KONG = tuple(Action(ActionKind.ADDED_KONG, t) for t in ALL_TILES)


class Game:
    """A single hand under a ruleset (Chinese Official by default).

    ``wall`` injects a prepared wall (144 wall codes in ring order, for duplicate play and tests) and
    ``dice`` the two rolls (each 2-12); otherwise both come from ``seed``. ``dealer`` is the seat of
    East; ``round_wind`` the round wind (圈风); ``scores`` the seats' running totals shown in views.
    """

    def __init__(self, rules: Ruleset | None = None, *, seed: int | None = None, dealer: int = 0,
                 round_wind: Tile = Tile.EAST, wall: Sequence[int] | None = None,
                 dice: tuple[int, int] | None = None, scores: Sequence[int] = (0, 0, 0, 0)) -> None:
        self.rules: Ruleset = rules if rules is not None else McrRules()
        self.seed = seed
        self.rng = random.Random(seed)
        if not 0 <= dealer <= 3:
            raise InvalidOptionError(f"dealer must be a seat 0-3, not {dealer!r}")
        if round_wind not in WINDS:
            raise InvalidOptionError(f"round_wind must be a wind, not {round_wind!r}")
        self.dealer = dealer
        self.round_wind = Tile(round_wind)
        self.scores = list(scores)
        self.counts = [[0] * 34 for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.flowers: list[list[int]] = [[] for _ in range(4)]
        self.discards: list[list[Tile]] = [[] for _ in range(4)]
        self.events: list[dict[str, Any]] = []
        self.phase = Phase.TURN
        self.current = dealer
        self.drawn: int | None = None
        self.kong_draw = False
        self.last_discard: tuple[int, int] | None = None
        self.pending: dict[int, Action | None] = {}
        self.claim_options: dict[int, list[Action]] = {}
        self.robbed: tuple[int, int] | None = None  # (seat, tile) of an added kong open to robbing
        self.result: HandResult | None = None
        self.dealt_flowers: list[list[int]] = [[] for _ in range(4)]  # flowers dealt, not yet shown
        self._legal: dict[int, list[Action]] = {}  # legal actions by seat, valid until the next apply
        # For the house fans (天和, 地和, 人和, 天听): discards so far, whether any meld has been made,
        # and which seats have been ready from the deal on (the dealer: from its first discard), after
        # every discard of theirs since.
        self.discard_count = 0
        self.interrupted = False
        self.ready_from_deal = [False, False, False, False]
        # The kinds that would complete each seat's waiting hand, kept up to date as hands change, so
        # that win checks on discards and draws are set lookups.
        self.waits: list[frozenset[int]] = [frozenset()] * 4
        self._build_wall(wall, dice)
        self._deal()

    # -- setup -------------------------------------------------------------------------------------

    def _build_wall(self, wall: Sequence[int] | None, dice: tuple[int, int] | None) -> None:
        tiles = self.rules.wall_tiles()
        if wall is None:
            ring = list(tiles)
            self.rng.shuffle(ring)
        else:
            ring = [int(t) for t in wall]
            if sorted(ring) != sorted(tiles):
                raise InvalidOptionError(f"a prepared wall must hold exactly this ruleset's "
                                         f"{len(tiles)} tiles")
        rng = self.rng
        # Two-dice break (source 003): the dealer rolls; counting from the dealer in turn order, the seat
        # the points land on rolls too; count the sum of both rolls in stacks from the right end of
        # that seat's wall, and start drawing from the next stack (running on into the next wall).
        if dice is None:
            first = rng.randint(1, 6) + rng.randint(1, 6)
            second = rng.randint(1, 6) + rng.randint(1, 6)
        else:
            first, second = dice
            if not (2 <= first <= 12 and 2 <= second <= 12):
                raise InvalidOptionError(f"each roll of two dice is 2-12, not {dice!r}")
        second_seat = (self.dealer + first - 1) % 4
        stacks = len(ring) // 2
        per_wall = stacks // 4
        start = ((-second_seat) % 4 * per_wall + first + second) % stacks
        self.wall = ring[2 * start:] + ring[:2 * start]
        self.front = 0
        self.back = len(self.wall)
        self.dice = (first, second, second_seat)
        self.events.append({
            # A seed is recorded only when it dealt this wall and these dice: a prepared wall or dice
            # would otherwise claim a shuffle that the record checker can disprove.
            "e": "start", "rules": self.rules.name,
            "seed": self.seed if wall is None and dice is None else None, "dealer": self.dealer,
            "round_wind": ALL_TILES[self.round_wind].notation(), "ring": ring, "dice": [first, second],
            "second_roller": second_seat, "scores": list(self.scores),
        })

    def _deal(self) -> None:
        w = self.wall
        order = [(self.dealer + k) % 4 for k in range(4)]
        pos = 0
        for _ in range(3):
            for s in order:
                for t in w[pos:pos + 4]:
                    self._take(s, t)
                pos += 4
        # 跳牌: the dealer takes the 1st and the 5th of the next five tiles, the others one each.
        self._take(order[0], w[pos])
        for k, s in enumerate(order[1:]):
            self._take(s, w[pos + 1 + k])
        self._take(order[0], w[pos + 4])
        self.front = pos + 5
        self.drawn = w[pos + 4]
        self.events.append({"e": "deal"})
        # 补花: the dealer first, then each seat in turn, show flowers and replace them from the tail.
        for s in order:
            while self.dealt_flowers[s]:
                for f in list(self.dealt_flowers[s]):
                    self.dealt_flowers[s].remove(f)
                    self.flowers[s].append(f - FLOWER_BASE)
                    self.events.append({"e": "flower", "seat": s, "flower": f - FLOWER_BASE})
                    tail = self._pop_tail()
                    if tail is None:
                        self._exhaust()
                        return
                    self._take(s, tail)
                    if s == self.dealer:
                        self.drawn = tail
        if self.drawn is not None and self.drawn >= FLOWER_BASE:
            self.drawn = None
        for s in order[1:]:
            self._update_waits(s)
            self.ready_from_deal[s] = bool(self.waits[s])
        if self.drawn is not None:
            # The dealer's fourteen: waiting on the tile received last, if the rest are ready.
            self.counts[self.dealer][self.drawn] -= 1
            self._update_waits(self.dealer)
            self.counts[self.dealer][self.drawn] += 1
        self._begin_turn(self.dealer)

    def _take(self, seat: int, t: int) -> None:
        if t >= FLOWER_BASE:
            self.dealt_flowers[seat].append(t)
        else:
            self.counts[seat][t] += 1

    # -- the wall ------------------------------------------------------------------------------------

    @property
    def wall_left(self) -> int:
        """Tiles still in the wall."""
        return self.back - self.front

    def _pop_front(self) -> int | None:
        if self.front >= self.back:
            return None
        t = self.wall[self.front]
        self.front += 1
        return t

    def _pop_tail(self) -> int | None:
        if self.front >= self.back:
            return None
        self.back -= 1
        return self.wall[self.back]

    def _draw(self, seat: int, from_tail: bool) -> bool:
        """Draw for ``seat``, replacing flowers from the tail; False if the wall ran out."""
        kong = from_tail
        t = self._pop_tail() if from_tail else self._pop_front()
        while t is not None and t >= FLOWER_BASE:
            self.flowers[seat].append(t - FLOWER_BASE)
            self.events.append({"e": "flower", "seat": seat, "flower": t - FLOWER_BASE})
            if not self.rules_kong_flower():
                kong = False
            t = self._pop_tail()
        if t is None:
            self._exhaust()
            return False
        self.counts[seat][t] += 1
        self.drawn = t
        self.kong_draw = kong
        self.events.append({"e": "draw", "seat": seat, "tile": t, "tail": from_tail})
        self._begin_turn(seat)
        return True

    def rules_kong_flower(self) -> bool:
        """Whether a replacement after a kong's flower still counts as the kong's (杠上开花)."""
        rules = self.rules
        return isinstance(rules, McrRules) and rules.kong_flower_counts

    def _begin_turn(self, seat: int) -> None:
        self.phase = Phase.TURN
        self.current = seat
        self.pending = {}
        self.claim_options = {}

    def _exhaust(self) -> None:
        self.phase = Phase.OVER
        self.pending = {}
        self.result = HandResult((), (), False, None, (0, 0, 0, 0), self._hands_at_end({}))
        self.events.append({"e": "end", "winners": [], "deltas": [0, 0, 0, 0]})

    # -- what each seat may see and do -----------------------------------------------------------

    def seat_wind(self, seat: int) -> Tile:
        """门风: the dealer is East, then South, West, North in turn order."""
        return seat_wind(seat, self.dealer)

    def standing_tiles(self, seat: int) -> list[Tile]:
        """A seat's standing tiles, sorted."""
        return [t for t, n in zip(ALL_TILES, self.counts[seat], strict=True) if n for _ in range(n)]

    def visible_copies(self, tile: int, seat: int) -> int:
        """Copies of ``tile`` on the table as ``seat`` sees it: discards still there and exposed melds."""
        kind = ALL_TILES[tile]
        n = sum(d.count(kind) for d in self.discards)
        for s in range(4):
            for m in self.melds[s]:
                if m.is_concealed_kong and s != seat:
                    continue
                n += sum(1 for t in m.tiles if t == tile)
        if self.last_discard is not None and self.phase in (Phase.CLAIM,) and self.last_discard[1] == tile:
            n -= 1  # the discard being claimed is the winning tile itself
        return n

    def to_act(self) -> list[int]:
        """The seats whose decision the game is waiting for (empty when the hand is over)."""
        if self.phase == Phase.TURN:
            return [self.current]
        if self.phase in (Phase.CLAIM, Phase.ROB):
            return [s for s, a in self.pending.items() if a is None]
        return []

    def _hands_at_end(self, winning: dict[int, int]) -> tuple[Hand, ...]:
        """Each seat's hand as the hand ends; ``winning`` maps each winner to its winning tile."""
        out = []
        for seat in range(4):
            counts = list(self.counts[seat])
            last = winning.get(seat)
            if sum(counts) == 14 - 3 * len(self.melds[seat]):
                # Self-drawn: the winning tile is among the standing ones. (A seat that drew and had not
                # let go when the wall ran out holds one more too: its last tile is the one it drew.)
                if last is None:
                    last = self.drawn if self.drawn is not None and counts[self.drawn] else \
                        max(t for t in range(34) if counts[t])
                counts[last] -= 1
            tiles = tuple(ALL_TILES[t] for t in range(34) for _ in range(counts[t]))
            out.append(Hand(tuple(self.melds[seat]), tiles, None if last is None else ALL_TILES[last]))
        return tuple(out)

    def _hand_with(self, seat: int, tile: int) -> Hand:
        counts = self.counts[seat]
        tiles = [ALL_TILES[t] for t in range(34) for _ in range(counts[t])]
        return Hand(tuple(self.melds[seat]), tuple(tiles), ALL_TILES[tile])

    def _update_waits(self, seat: int) -> None:
        counts = self.counts[seat]
        melds = self.melds[seat]
        if shanten_trusted(counts, len(melds)) == 0:
            held = list(counts)
            for m in melds:
                for t in m.tiles:
                    held[t] += 1
            # Only waits with a copy left outside the hand: a hand waiting on nothing else is not ready.
            self.waits[seat] = frozenset(effective_counts(counts, len(melds), held=held))
        else:
            self.waits[seat] = frozenset()

    def _self_win(self, seat: int) -> ScoreResult | None:
        if self.drawn is None or self.drawn not in self.waits[seat]:
            return None
        counts = self.counts[seat]
        counts[self.drawn] -= 1
        hand = self._hand_with(seat, self.drawn)
        counts[self.drawn] += 1
        how = WinBy.KONG_REPLACEMENT if self.kong_draw else WinBy.SELF_DRAWN
        return self.rules.win_fans(self, seat, hand, win_by=how, last_of_wall=self.wall_left == 0)

    def _discard_win(self, seat: int, tile: int, robbing: bool) -> ScoreResult | None:
        if tile not in self.waits[seat]:
            return None
        how = WinBy.ROBBING_KONG if robbing else WinBy.DISCARD
        return self.rules.win_fans(self, seat, self._hand_with(seat, tile), win_by=how,
                                   last_of_wall=self.wall_left == 0 and not robbing)

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything ``seat`` may do now (an empty list when it is not asked to act)."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._compute_legal(seat)
        return list(cached)

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == Phase.TURN:
            if seat != self.current:
                return []
            counts = self.counts[seat]
            out = [_DISCARD[t] for t in range(34) if counts[t]]
            if self.drawn is not None and self.wall_left > 0 and len(self.melds[seat]) < 4:
                out.extend(_CONCEALED_KONG[t] for t in range(34) if counts[t] == 4)
                out.extend(_ADDED_KONG[m.tile] for m in self.melds[seat]
                           if m.kind == MeldKind.PUNG and counts[m.tile])
            if self._self_win(seat) is not None:
                out.append(_WIN)
            return out
        if self.phase in (Phase.CLAIM, Phase.ROB) and seat in self.pending and self.pending[seat] is None:
            return list(self.claim_options[seat])
        return []

    def _claim_options(self, seat: int, giver: int, tile: int) -> list[Action]:
        out = [_PASS]
        if self._discard_win(seat, tile, robbing=False) is not None:
            out.append(_WIN)
        if self.wall_left == 0:
            return out  # no calls on the last discard, only a win
        c = self.counts[seat]
        if c[tile] >= 2:
            out.append(_PUNG)
        if c[tile] == 3:
            out.append(_KONG)
        if seat == (giver + 1) % 4 and tile < 27:
            r = tile % 9
            for low in (tile - 2, tile - 1, tile):
                lr = r - (tile - low)
                if 0 <= lr <= 6 and all(c[k] for k in (low, low + 1, low + 2) if k != tile):
                    out.append(_CHOW[low])
        return out

    def view(self, seat: int) -> View:
        """What ``seat`` may know now: once the hand is over, every seat's hand (sources 000 and 002)."""
        over = self.result is not None
        melds = tuple(tuple(m for m in self.melds[s] if over or s == seat or not m.is_concealed_kong)
                      for s in range(4))
        hidden = tuple(sum(1 for m in self.melds[s] if m.is_concealed_kong) if s != seat and not over else 0
                       for s in range(4))
        last = None if self.last_discard is None else (self.last_discard[0], ALL_TILES[self.last_discard[1]])
        drawn = ALL_TILES[self.drawn] if self.drawn is not None and self.current == seat and \
            self.phase == Phase.TURN else None
        return View(
            seat=seat,
            phase=self.phase,
            current=self.current,
            standing=tuple(self.standing_tiles(seat)),
            drawn=drawn,
            melds=melds,
            hidden_kongs=hidden,
            flowers=tuple(len(f) for f in self.flowers),
            discards=tuple(tuple(d) for d in self.discards),
            last_discard=last,
            wall_left=self.wall_left,
            scores=(self.scores[0], self.scores[1], self.scores[2], self.scores[3]),
            seat_wind=self.seat_wind(seat),
            round_wind=self.round_wind,
            dealer=self.dealer,
            legal=tuple(self.legal_actions(seat)),
            robbing=None if self.robbed is None else (self.robbed[0], ALL_TILES[self.robbed[1]]),
            hands=None if self.result is None else self.result.hands,
        )

    # -- acting ----------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> None:
        """Carry out ``seat``'s action; raises IllegalActionError (changing nothing) if not allowed.

        Something that is not an ``Action`` at all raises ``InvalidActionError``.
        """
        if not isinstance(action, Action):
            raise InvalidActionError(f"not an Action: {action!r}")
        if self.phase == Phase.OVER:
            raise IllegalActionError("the hand is over")
        legal = self.legal_actions(seat)
        if action not in legal:
            rules = self.rules
            if (action.kind == ActionKind.WIN and seat in self.to_act() and isinstance(rules, McrRules)
                    and rules.false_win == FalseWin.PENALTY):
                self._legal = {}
                self.events.append({"e": "act", "seat": seat, "a": action.notation()})
                self._penalise_false_win(seat, rules)
                return
            waiting = ", ".join(str(s) for s in self.to_act())
            choices = ", ".join(a.notation() for a in legal) or "nothing (waiting for seat " + waiting + ")"
            raise IllegalActionError(f"seat {seat} cannot {action.notation()} now; it may: {choices}")
        # Every accepted action is recorded as given, so a record replays exactly.
        self._legal = {}
        self.events.append({"e": "act", "seat": seat, "a": action.notation()})
        if self.phase == Phase.TURN:
            self._act_on_turn(seat, action)
        else:
            self.pending[seat] = action
            if all(a is not None for a in self.pending.values()):
                self._resolve()

    def _penalise_false_win(self, seat: int, rules: McrRules) -> None:
        """错和: the offender pays the penalty, each other seat gets the award; play goes on."""
        delta = [rules.false_win_award] * 4
        delta[seat] = -rules.false_win_penalty
        for s in range(4):
            self.scores[s] += delta[s]
        self.events.append({"e": "false-win", "seat": seat, "deltas": delta})
        if self.phase in (Phase.CLAIM, Phase.ROB):
            self.pending[seat] = _PASS
            if all(a is not None for a in self.pending.values()):
                self._resolve()

    def _act_on_turn(self, seat: int, action: Action) -> None:
        kind = action.kind
        counts = self.counts[seat]
        if kind == ActionKind.WIN:
            result = self._self_win(seat)
            assert result is not None
            self.events.append({"e": "win", "seat": seat, "self_drawn": True, "tile": self.drawn})
            self._settle([seat], [result], self_drawn=True, payer=None)
            return
        if kind == ActionKind.DISCARD:
            t = int(action.tile)  # type: ignore[arg-type]
            counts[t] -= 1
            self.discards[seat].append(ALL_TILES[t])
            self.last_discard = (seat, t)
            self.drawn = None
            self._update_waits(seat)
            if self.discard_count == 0 and seat == self.dealer:
                self.ready_from_deal[seat] = bool(self.waits[seat]) and not self.interrupted
            elif not self.waits[seat]:
                self.ready_from_deal[seat] = False  # 天听 is lost for good once the hand is not ready
            self.discard_count += 1
            self.events.append({"e": "discard", "seat": seat, "tile": t})
            self._open_claims(seat, t)
            return
        t = int(action.tile)  # type: ignore[arg-type]
        if kind == ActionKind.CONCEALED_KONG:
            counts[t] -= 4
            self.melds[seat].append(Meld.kong(ALL_TILES[t]))
            self.interrupted = True
            self._update_waits(seat)
            self.events.append({"e": "kong", "seat": seat, "tile": t, "kind": "concealed"})
            self._draw(seat, from_tail=True)
            return
        # ADDED_KONG: others may rob it first.
        self.events.append({"e": "add-kong", "seat": seat, "tile": t})
        self.interrupted = True
        self.robbed = (seat, t)
        self.phase = Phase.ROB
        self.pending = {}
        self.claim_options = {}
        for s in range(4):
            if s != seat and self._discard_win(s, t, robbing=True) is not None:
                self.pending[s] = None
                self.claim_options[s] = [_PASS, _WIN]
        if not self.pending:
            self._complete_added_kong()

    def _complete_added_kong(self) -> None:
        assert self.robbed is not None
        seat, t = self.robbed
        self.robbed = None
        melds = self.melds[seat]
        for i, m in enumerate(melds):
            if m.kind == MeldKind.PUNG and m.tile == t:
                melds[i] = Meld.kong(m.tile, m.from_seat, added=True)
                break
        self.counts[seat][t] -= 1
        self._update_waits(seat)
        self._draw(seat, from_tail=True)

    def _open_claims(self, giver: int, tile: int) -> None:
        self.phase = Phase.CLAIM
        self.pending = {}
        self.claim_options = {}
        for k in (1, 2, 3):
            s = (giver + k) % 4
            options = self._claim_options(s, giver, tile)
            if len(options) > 1:
                self.pending[s] = None
                self.claim_options[s] = options
        if not self.pending:
            self._next_draw(giver)

    def _next_draw(self, giver: int) -> None:
        if self.wall_left == 0:
            self._exhaust()
            return
        self._draw((giver + 1) % 4, from_tail=False)

    def _resolve(self) -> None:
        responses = self.pending
        if self.phase == Phase.ROB:
            assert self.robbed is not None
            seat, t = self.robbed
            winners = self._winners(seat, [s for s, a in responses.items() if a == _WIN])
            if winners:
                scores = [self._discard_win(s, t, robbing=True) for s in winners]
                self.events.append({"e": "win", "seats": winners, "tile": t, "robbing": True, "from": seat})
                # The kong is not made: the robbed tile leaves the konger's hand and, like a discard
                # won on, lies before the konger.
                self.counts[seat][t] -= 1
                self.discards[seat].append(ALL_TILES[t])
                self._settle(winners, [r for r in scores if r is not None], self_drawn=False, payer=seat)
            else:
                self._complete_added_kong()
            return
        assert self.last_discard is not None
        giver, t = self.last_discard
        winners = self._winners(giver, [s for s, a in responses.items() if a == _WIN])
        if winners:
            scores = [self._discard_win(s, t, robbing=False) for s in winners]
            self.events.append({"e": "win", "seats": winners, "tile": t, "from": giver})
            self._settle(winners, [r for r in scores if r is not None], self_drawn=False, payer=giver)
            return
        for s, a in responses.items():
            if a is not None and a.kind in (ActionKind.PUNG, ActionKind.KONG):
                self._claim(s, giver, t, a)
                return
        for s, a in responses.items():
            if a is not None and a.kind == ActionKind.CHOW:
                self._claim(s, giver, t, a)
                return
        self._next_draw(giver)

    def _winners(self, giver: int, seats: list[int]) -> list[int]:
        order = sorted(seats, key=lambda s: (s - giver) % 4)
        several = isinstance(self.rules, McrRules) and self.rules.several_winners
        return order if several else order[:1]

    def _claim(self, seat: int, giver: int, t: int, action: Action) -> None:
        counts = self.counts[seat]
        self.discards[giver].pop()  # the claimed tile moves into the meld
        from_seat = RelativeSeat.between(seat, giver)
        if action.kind == ActionKind.CHOW:
            low = int(action.tile)  # type: ignore[arg-type]
            for k in (low, low + 1, low + 2):
                if k != t:
                    counts[k] -= 1
            meld = Meld.chow(ALL_TILES[low], t - low + 1)
        elif action.kind == ActionKind.PUNG:
            counts[t] -= 2
            meld = Meld.pung(ALL_TILES[t], from_seat)
        else:
            counts[t] -= 3
            meld = Meld.kong(ALL_TILES[t], from_seat)
        self.melds[seat].append(meld)
        self.interrupted = True
        if action.kind == ActionKind.KONG:
            self._update_waits(seat)
        self.events.append({"e": "claim", "seat": seat, "meld": meld.notation(), "from": giver})
        self.last_discard = None
        if action.kind == ActionKind.KONG:
            self._draw(seat, from_tail=True)
        else:
            self.drawn = None
            self.kong_draw = False
            self._begin_turn(seat)

    def _settle(self, winners: list[int], scores: list[ScoreResult], self_drawn: bool,
                payer: int | None) -> None:
        total = [0, 0, 0, 0]
        for seat, result in zip(winners, scores, strict=True):
            delta = self.rules.payments(self, seat, result.total, self_drawn, payer)
            for s in range(4):
                total[s] += delta[s]
        for s in range(4):
            self.scores[s] += total[s]
        self.phase = Phase.OVER
        self.pending = {}
        win = self.drawn if self_drawn else self.robbed[1] if self.robbed is not None else \
            self.last_discard[1] if self.last_discard is not None else None
        assert win is not None
        self.result = HandResult(tuple(winners), tuple(scores), self_drawn, payer,
                                 (total[0], total[1], total[2], total[3]),
                                 self._hands_at_end({s: win for s in winners}))
        self.events.append({"e": "end", "winners": winners, "fans": [r.total for r in scores],
                            "deltas": total})


"""A game's events as the turns of Botzone's judge: each turn's four requests, and the four responses the
seats' actions amount to."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from majiang.actions import Action, ActionKind
from majiang.errors import MajiangError
from majiang.game import events as ev
from majiang.game.table import Game, Phase
from majiang.interop.botzone import to_code
from majiang.meld import Meld, MeldKind
from majiang.tiles import WINDS

__all__ = ["BOT_VERDICTS", "PASS_REPLY", "Answer", "ForfeitError", "JudgeTurn", "Reply", "Transcript",
           "botzone_id"]

BOT_VERDICTS = ("OK", "TLE", "MLE", "OLE", "NJ", "RE")
"""Botzone's verdicts on one run of a bot: answered, or why not (the judge forfeits any but ``OK``)."""


def botzone_id(seat: int, dealer: int) -> int:
    """Botzone's number for our ``seat``: the dealer (East) is 0, then in turn order.

    >>> botzone_id(1, 3)
    2
    """
    return (seat - dealer) % 4


@dataclass(frozen=True, slots=True)
class Reply:
    """What one seat answered to one request: Botzone's ``verdict`` on the run, and the ``response`` text
    (None if it gave none)."""

    verdict: str = "OK"
    response: str | None = "PASS"


PASS_REPLY = Reply()
"""The answer of a seat with nothing to say."""


class ForfeitError(MajiangError):
    """A seat broke the protocol under rules that charge no forfeit: what, where, and the answer given."""

    def __init__(self, seat: int, reason: str, turn: int, request: str, response: str | None,
                 rules: str) -> None:
        self.seat, self.reason, self.turn, self.request, self.response = seat, reason, turn, request, response
        self.rules = rules
        said = "" if response is None else f", answer {response[:80]!r}"
        super().__init__(f"seat {seat} forfeits at judge turn {turn} (request {request!r}{said}): {reason}, "
                         f"{ev.FORFEIT_REASONS[reason]}; the {rules} rules charge no forfeit (the botzone "
                         "rules, or false_win=penalty, charge it -30/+10)")

    def __reduce__(self) -> tuple[type[ForfeitError], tuple[int, str, int, str, str | None, str]]:
        # (rebuilt from its fields when it crosses a process boundary, as from an arena worker)
        return (ForfeitError, (self.seat, self.reason, self.turn, self.request, self.response, self.rules))

Answer = Reply | Action
"""A seat's answer to a turn: a protocol reply, or (for our own bots) the action it chose in our engine."""


@dataclass(slots=True)
class JudgeTurn:
    """One turn of the judge: what it shows (``action``, by ``seat``, ``tile``), its requests by seat,
    and the seats' responses (``PASS`` unless an action of theirs answered this turn)."""

    index: int
    action: str
    """``INIT``, ``DEAL``, ``DRAW``, ``BUHUA``, ``PLAY``, ``PENG``, ``CHI``, ``GANG`` or ``BUGANG``."""
    seat: int | None
    """The seat acting (None for ``INIT`` and ``DEAL``)."""
    requests: tuple[str, str, str, str]
    """The request to each of our seats 0-3."""
    tile: str | None = None
    """The tile shown (Botzone code): drawn, flower, discarded, added; None when hidden or none."""
    chow: str | None = None
    """For ``CHI``: the middle tile of the chow."""
    responses: list[str] = field(default_factory=lambda: ["PASS", "PASS", "PASS", "PASS"])
    """Each seat's response, from its actions (a pung or chow whose discard never came names the claimed
    tile: the judge reads it only when the claim is made)."""


def _dealt(game: Game) -> list[list[int]]:
    counts = [list(game.counts[s]) for s in range(4)]
    if game.drawn is not None:
        counts[game.current][game.drawn] -= 1  # the dealer's 14th tile is its first draw
    return counts


def _deal_order(game: Game, seat: int, counts: list[int]) -> list[int]:
    """The tiles dealt to ``seat`` in the judge's order: with per-seat walls, as drawn from the end of
    the seat's wall (flowers aside); otherwise sorted."""
    if game.rules.options().get("walls") == "per-seat":
        ring = game.events[0].as_dict()["ring"]
        size = len(ring) // 4
        k = (seat - game.dealer) % 4
        drawn = [t for t in reversed(ring[size * k:size * (k + 1)]) if t < 34][:13]
        left = list(counts)
        for t in drawn:
            left[t] -= 1
        if not any(left) and min(left) == 0:
            return drawn
    return [t for t in range(34) for _ in range(counts[t])]


class Transcript:
    """The judge turns of a hand, built from its game's events as they come (``update``).

    Make it before the game's first action: the first turns are the seats' numbers, the deal (13 tiles
    each and every seat's flowers, after their replacements) and the dealer's first draw.
    """

    def __init__(self, game: Game) -> None:
        if any(isinstance(e, ev.Act) for e in game.events):
            raise MajiangError("a transcript starts before the hand's first action")
        self.game = game
        self.dealer = game.dealer
        self.turns: list[JudgeTurn] = []
        self._claimed: dict[int, tuple[str, int]] = {}  # seat -> (PENG or CHI mid, turn claimed on)
        self._turn_of: list[int | None] = [None, None, None, None]  # last turn each seat's own play answers
        self.forfeit: ev.Forfeit | None = None
        self._last: ev.Event | None = None  # the last event read
        quan = WINDS.index(game.round_wind)
        self._add("INIT", None, tuple(f"0 {self.id(s)} {quan}" for s in range(4)))
        events = game.events
        deal = next(i for i, e in enumerate(events) if isinstance(e, ev.Deal))
        after = deal + 1
        while after < len(events) and isinstance(events[after], ev.Flower):
            after += 1
        # A deal of 13 each followed by the dealer's draw (per-seat walls): the flowers shown before the
        # deal event are the deal's, and the dealer's first draw (and its flowers) are turns of their own.
        # The common deal of 14 to the dealer: every flower shown so far is the deal's, and the dealer's
        # 14th tile is its first draw.
        first_draw = after < len(events) and isinstance(events[after], ev.Draw)
        shown = events[:deal] if first_draw else events[:after]
        dealt_flowers: list[list[int]] = [[], [], [], []]
        for e in shown:
            if isinstance(e, ev.Flower):
                dealt_flowers[e.seat].append(e.flower)
        dealt = _dealt(game)
        flowers = [f"H{f + 1}" for s in self._by_id() for f in dealt_flowers[s]]
        counts = " ".join(str(len(dealt_flowers[s])) for s in self._by_id())
        self._add("DEAL", None, tuple(
            " ".join(["1", counts, *(to_code(t) for t in _deal_order(game, s, dealt[s])), *flowers])
            for s in range(4)))
        if first_draw:
            self._seen = deal + 1
            self._last = events[deal]
            self.update()
        else:
            self._seen = len(events)
            self._last = events[-1] if events else None
            if game.drawn is not None and game.phase == Phase.TURN:
                self._draw(game.current, game.drawn)

    def id(self, seat: int) -> int:
        """Botzone's number for ``seat``."""
        return botzone_id(seat, self.dealer)

    def seat(self, botzone: int) -> int:
        """Our seat of Botzone's number ``botzone``."""
        return (botzone + self.dealer) % 4

    def _by_id(self) -> list[int]:
        return [self.seat(i) for i in range(4)]

    def _add(self, action: str, seat: int | None, requests: Sequence[str], tile: str | None = None,
             chow: str | None = None) -> JudgeTurn:
        turn = JudgeTurn(len(self.turns), action, seat, (requests[0], requests[1], requests[2], requests[3]),
                         tile, chow)
        self.turns.append(turn)
        return turn

    def _all(self, seat: int, text: str) -> tuple[str, ...]:
        return tuple(f"3 {self.id(seat)} {text}" for _ in range(4))

    def _draw(self, seat: int, tile: int) -> None:
        code = to_code(tile)
        other = f"3 {self.id(seat)} DRAW"
        self._add("DRAW", seat, tuple(f"2 {code}" if s == seat else other for s in range(4)), code)
        self._turn_of[seat] = len(self.turns) - 1

    def update(self) -> list[JudgeTurn]:
        """Read the game's new events; the turns so far."""
        events = self.game.events
        seen = self._seen
        if seen and (seen > len(events) or events[seen - 1] is not self._last):
            seen -= 1  # the exhaustive draw's end read last gave way to a forfeit (Game.forfeit)
        for e in events[seen:]:
            self._event(e)
        self._seen = len(events)
        self._last = events[-1] if events else None
        return self.turns

    def _respond(self, seat: int, turn: int | None, text: str) -> None:
        if turn is not None:
            self.turns[turn].responses[seat] = text

    def _event(self, e: ev.Event) -> None:
        if isinstance(e, ev.Flower):
            self._add("BUHUA", e.seat, self._all(e.seat, f"BUHUA H{e.flower + 1}"), f"H{e.flower + 1}")
        elif isinstance(e, ev.Draw):
            self._draw(e.seat, e.tile)
        elif isinstance(e, ev.Act):
            self._act(e.seat, e.action)
        elif isinstance(e, ev.Discard):
            code = to_code(e.tile)
            claim = self._claimed.pop(e.seat, None)
            if claim is None:
                self._add("PLAY", e.seat, self._all(e.seat, f"PLAY {code}"), code)
            elif claim[0] == "PENG":
                self._add("PENG", e.seat, self._all(e.seat, f"PENG {code}"), code)
            else:
                mid = claim[0].split()[1]
                self._add("CHI", e.seat, self._all(e.seat, f"CHI {mid} {code}"), code, mid)
            self._turn_of[e.seat] = None
        elif isinstance(e, ev.Claim):
            meld = Meld.parse(e.meld)
            if meld.kind == MeldKind.KONG:
                self._add("GANG", e.seat, self._all(e.seat, "GANG"))
            else:
                word = "PENG" if meld.kind == MeldKind.PUNG else f"CHI {to_code(meld.tile + 1)}"
                self._claimed[e.seat] = (word, len(self.turns) - 1)
        elif isinstance(e, ev.Kong):
            self._add("GANG", e.seat, self._all(e.seat, "GANG"))
        elif isinstance(e, ev.AddKong):
            code = to_code(e.tile)
            self._add("BUGANG", e.seat, self._all(e.seat, f"BUGANG {code}"), code)
        elif isinstance(e, ev.Forfeit):
            self.forfeit = e
            if e.turn is not None and 0 <= e.turn < len(self.turns) and e.responses is not None:
                turn = self.turns[e.turn]
                for s, said in enumerate(e.responses):
                    turn.responses[s] = said if said is not None else ""

    def _act(self, seat: int, action: Action) -> None:
        kind, last = action.kind, len(self.turns) - 1
        if kind == ActionKind.DISCARD:
            assert action.tile is not None
            claim = self._claimed.get(seat)
            if claim is not None:
                self._respond(seat, claim[1], f"{claim[0]} {to_code(action.tile)}")
            else:
                self._respond(seat, self._turn_of[seat], f"PLAY {to_code(action.tile)}")
        elif kind == ActionKind.CONCEALED_KONG:
            assert action.tile is not None
            self._respond(seat, self._turn_of[seat], f"GANG {to_code(action.tile)}")
        elif kind == ActionKind.ADDED_KONG:
            assert action.tile is not None
            self._respond(seat, self._turn_of[seat], f"BUGANG {to_code(action.tile)}")
        elif kind == ActionKind.WIN:
            self._respond(seat, last, "HU")
        elif kind in (ActionKind.PUNG, ActionKind.CHOW, ActionKind.KONG):
            turn = self.turns[last]
            claimed = turn.tile or "PASS"
            if kind == ActionKind.PUNG:
                text = f"PENG {claimed}"
            elif kind == ActionKind.KONG:
                text = "GANG"
            else:
                assert action.tile is not None
                text = f"CHI {to_code(action.tile + 1)} {claimed}"
            self._respond(seat, last, text)

    def requests_for(self, seat: int) -> list[str]:
        """Every request sent to ``seat`` so far, in order."""
        return [turn.requests[seat] for turn in self.update()]

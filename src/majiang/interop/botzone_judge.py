"""The judge's side of Botzone: a game's events as the requests one seat is sent, and responses as actions."""

from __future__ import annotations

from majiang.actions import Action, ActionKind
from majiang.game import events as ev
from majiang.game.table import Game, Phase
from majiang.interop.botzone_codes import BotzoneError, from_code, to_code
from majiang.meld import Meld, MeldKind
from majiang.tiles import ALL_TILES, Tile

__all__ = ["SeatRequests", "response_actions"]


class SeatRequests:
    """The requests Botzone's judge sends one seat of a ``Game``, built from the game's events.

    ``take()`` gives the requests not taken yet, in order: ``0 id quan``, the deal, then one per turn of
    the judge (draws, flowers, discards, a pung or chow with the discard after it, kongs). Botzone's
    player ids count from the dealer (id 0, East): seat ``s`` is id ``(s - dealer) % 4``. Flowers shown
    before the ``deal`` event (per-seat walls) or before the first action (the common deal) are the
    deal's; a dealer dealt 14 tiles (the common deal) is sent its 14th as a draw.

    >>> from majiang.game import find_ruleset
    >>> feed = SeatRequests(Game(find_ruleset("botzone"), seed=1), 2)
    >>> [r.split()[0] for r in feed.take()], feed.take()
    (['0', '1', '3'], [])
    """

    def __init__(self, game: Game, seat: int) -> None:
        if not 0 <= seat <= 3:
            raise BotzoneError(f"a seat is 0-3, not {seat!r}")
        self.game = game
        self.seat = seat
        self.id = (seat - game.dealer) % 4
        self.seen = 0
        self.claims: dict[int, str] = {}  # a pung or chow waiting for its discard: seat -> "PENG"/"CHI mid"

    def _who(self, seat: int) -> int:
        return (seat - self.game.dealer) % 4

    def take(self) -> list[str]:
        """The requests since the last call (from the start on the first)."""
        events = self.game.events
        out: list[str] = []
        start = self.seen
        if start == 0:
            out.append(f"0 {self.id} {int(self.game.round_wind) - int(Tile.EAST)}")
            start = self._deal(out)
        for e in events[start:]:
            out.extend(self._request(e))
        self.seen = len(events)
        return out

    def _deal(self, out: list[str]) -> int:
        """Add the deal's request (and the dealer's 14th, if dealt); the index of the next event."""
        events = self.game.events
        deal = next(i for i, e in enumerate(events) if isinstance(e, ev.Deal))
        after = deal + 1
        flowers = [e for e in events[:deal] if isinstance(e, ev.Flower)]
        rest = events[after:]
        trailing = next((i for i, e in enumerate(rest) if not isinstance(e, ev.Flower)), len(rest))
        first_draw = trailing < len(rest) and isinstance(rest[trailing], ev.Draw)
        if not first_draw:  # the common deal: the flowers shown after it are the deal's too
            flowers += [e for e in rest[:trailing] if isinstance(e, ev.Flower)]
            after += trailing
        dealt = self._dealt()
        me = self.game.dealer == self.seat
        fourteenth = None if first_draw else dealt.drawn
        counts = list(dealt.counts[self.seat])
        if me and dealt.drawn is not None:
            counts[dealt.drawn] -= 1
        # The judge lists the tiles in the order dealt; replacements for flowers (common deal) last.
        tiles = []
        for t in dealt.order[self.seat]:
            if t < 34 and counts[t]:
                counts[t] -= 1
                tiles.append(to_code(t))
        tiles += [to_code(t) for t in range(34) for _ in range(counts[t])]
        shown = [0, 0, 0, 0]
        for f in flowers:
            shown[self._who(f.seat)] += 1
        codes = [f"H{f.flower + 1}" for k in range(4) for f in flowers
                 if self._who(f.seat) == k]
        out.append(" ".join(["1", *map(str, shown), *tiles, *codes]))
        if fourteenth is not None:
            out.append(f"2 {to_code(fourteenth)}" if me else "3 0 DRAW")
        return after

    def _dealt(self) -> _Dealt:
        """The game as dealt, again from its start (the deal's tiles are in no event)."""
        start = self.game.events[0]
        assert isinstance(start, ev.Start)
        first, second = start.dice
        return _Dealt(self.game.rules, dealer=start.dealer, round_wind=self.game.round_wind, wall=start.ring,
                    dice=(first, second), totals=start.scores, match_state=self.game.match_state)

    def _request(self, e: ev.Event) -> list[str]:
        if isinstance(e, ev.Draw):
            return [f"2 {to_code(e.tile)}" if e.seat == self.seat else f"3 {self._who(e.seat)} DRAW"]
        if isinstance(e, ev.Flower):
            return [f"3 {self._who(e.seat)} BUHUA H{e.flower + 1}"]
        if isinstance(e, ev.Discard):
            word = self.claims.pop(e.seat, "PLAY")
            return [f"3 {self._who(e.seat)} {word} {to_code(e.tile)}"]
        if isinstance(e, ev.Claim):
            meld = Meld.parse(e.meld)
            if meld.kind == MeldKind.KONG:
                return [f"3 {self._who(e.seat)} GANG"]
            self.claims[e.seat] = "PENG" if meld.kind == MeldKind.PUNG else f"CHI {to_code(meld.tile + 1)}"
            return []
        if isinstance(e, ev.Kong):
            return [f"3 {self._who(e.seat)} GANG"]
        if isinstance(e, ev.AddKong):
            return [f"3 {self._who(e.seat)} BUGANG {to_code(e.tile)}"]
        return []


class _Dealt(Game):
    """A game that remembers the order in which each seat was dealt its tiles."""

    def deal_tile(self, seat: int, replacement: bool = False) -> int:
        if not hasattr(self, "order"):
            self.order: list[list[int]] = [[], [], [], []]
        t = super().deal_tile(seat, replacement)
        self.order[seat].append(t)
        return t


_TURN_WORDS = {"PLAY": ActionKind.DISCARD, "GANG": ActionKind.CONCEALED_KONG, "BUGANG": ActionKind.ADDED_KONG}


def response_actions(response: str, phase: Phase) -> list[Action]:
    """The engine's actions for a Botzone response given in ``phase`` (a turn, a claim on a discard, a
    kong open to robbing): one, or two for a pung or chow (the claim, then the discard that follows).

    >>> [a.notation() for a in response_actions("CHI B3 W5", Phase.CLAIM)]
    ['chow 2p', 'discard 5m']
    >>> response_actions("PLAY F1", Phase.TURN)[0].notation(), response_actions("HU", Phase.ROB)[0].notation()
    ('discard E', 'win')
    """
    words = response.split()
    if words == ["HU"]:
        return [Action(ActionKind.WIN)]
    if phase == Phase.TURN:
        if len(words) == 2 and words[0] in _TURN_WORDS:
            return [Action(_TURN_WORDS[words[0]], from_code(words[1]))]
    elif phase == Phase.CLAIM:
        if words == ["PASS"]:
            return [Action(ActionKind.PASS)]
        if words == ["GANG"]:
            return [Action(ActionKind.KONG)]
        if len(words) == 2 and words[0] == "PENG":
            return [Action(ActionKind.PUNG), Action(ActionKind.DISCARD, from_code(words[1]))]
        if len(words) == 3 and words[0] == "CHI":
            mid = from_code(words[1])
            if mid >= 27 or mid % 9 in (0, 8):
                raise BotzoneError(f"no chow has {words[1]} in its middle")
            then = Action(ActionKind.DISCARD, from_code(words[2]))
            return [Action(ActionKind.CHOW, ALL_TILES[mid - 1]), then]
    elif phase == Phase.ROB and words == ["PASS"]:
        return [Action(ActionKind.PASS)]
    where = "on a turn" if phase == Phase.TURN else "here"
    raise BotzoneError(f"{response!r} is no Botzone response {where}")

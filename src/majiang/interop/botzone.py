"""Play our bots on Botzone's Chinese Standard Mahjong judge (``ChineseStandardMahjong``).

Botzone sends one seat a history of requests and wants one response to each (wiki.botzone.org.cn,
page Chinese-Standard-Mahjong). Tile codes: ``W1``-``W9`` characters, ``B1``-``B9`` dots, ``T1``-``T9``
bamboo, ``F1``-``F4`` East..North, ``J1``-``J3`` red, green, white, ``H1``-``H8`` flowers.

Requests: ``0 id quan``, ``1 hua0..hua3 t1..t13 flowers...`` (the deal), ``2 t`` (own draw) and
``3 id DRAW|PLAY t|PENG t|CHI mid t|GANG|BUGANG t|BUHUA h``. Responses: ``PASS``, ``PLAY t``,
``GANG t`` (concealed), ``BUGANG t``, ``HU``, and on a discard ``PENG t``/``CHI mid t`` (the claim and
the discard that follows, in one), ``GANG``, ``HU``.

:class:`BotzoneSeat` replays the requests for one seat, builds a :class:`~majiang.game.View` with the
legal actions under Chinese Official rules, and turns a bot's choice into the response. Assumptions
(Botzone does not say them in its requests):

* the wall (``walls``): by default Botzone's own wall per seat, a quarter of the judge's tiles (its
  ``main.cpp`` cuts the wall in four: 34 of 136 tiles, 36 of 144 with the flowers), of which 13 are
  dealt (flowers set aside and replaced from the same wall); or ``shared``, our engine's one wall of
  136 or 144 tiles. Whether the flowers are in the wall (``flowers_in_wall``) is not in the requests:
  unless told, the adapter counts them in from the first flower shown (in the deal or a ``BUHUA``), which
  only a hand with every flower still unseen near the end of the walls would get wrong. Every draw is
  announced to all, so what is left is counted. A discard is the last tile when the seat after the
  discarder has nothing left to draw: only a win may be claimed on it and it scores 海底捞月; a draw
  scores 妙手回春 when the drawer's next seat has nothing left (the judge's rule); no kong is offered
  to a seat whose wall is empty (it would need a replacement), nor a concealed or added kong when the
  next seat's is;
* an added kong (补杠) is offered only with the tile just drawn, as Botzone's wiki describes it;
* a win on a flower's replacement after a kong is self-drawn, not 杠上开花 (our engine's default);
* seat 0 is East (门风) and the dealer; ``quan`` 0-3 is the round wind East..North.

The codes are ``majiang.interop.botzone_codes``'s, the judge's side (a game's events as requests)
``majiang.interop.botzone_judge``'s; their public names are importable from here too.

>>> seat = BotzoneSeat()
>>> seat.answer("0 1 0", lambda v: v.legal[0]), seat.seat_wind
('PASS', <Tile.SOUTH: 28>)
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field

from majiang.actions import Action, ActionKind
from majiang.errors import InvalidHandError, MajiangError
from majiang.game.ruleset import Ruleset
from majiang.game.table import Phase, View
from majiang.hand import Hand, WinBy
from majiang.interop.botzone_codes import BotzoneError, _flower, _seat_number, from_code, to_code
from majiang.interop.botzone_judge import SeatRequests, response_actions
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr import MINIMUM
from majiang.rules.mcr.advice import McrAdvisor
from majiang.rules.mcr.ruleset import McrRules
from majiang.seats import RelativeSeat
from majiang.tiles import ALL_TILES, Tile

__all__ = ["WALLS", "BotzoneError", "BotzoneSeat", "Chooser", "SeatRequests", "from_code", "replay",
           "response_actions", "to_code"]

WALLS = ("per-seat", "shared")
"""How the adapter counts the wall: Botzone's own wall per seat (34 tiles, 36 with the flowers), or one
wall as our engine."""


Chooser = Callable[[View], Action]
"""A bot's choice: given a view, one of its legal actions."""


@dataclass
class BotzoneSeat:
    """One seat's knowledge of a Botzone hand, fed request by request (``answer``)."""

    rules: Ruleset = field(default_factory=McrRules)  # (find_ruleset("mcr"), without loading every ruleset)
    seat: int = -1
    round_wind: Tile = Tile.EAST
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[list[Meld]] = field(default_factory=lambda: [[], [], [], []])
    hidden_kongs: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    discards: list[list[Tile]] = field(default_factory=lambda: [[], [], [], []])
    flowers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    drawn: Tile | None = None
    last_discard: tuple[int, Tile] | None = None
    kong_draw: bool = False
    walls: str = "per-seat"
    flowers_in_wall: bool | None = None
    """Whether the wall holds the eight flowers (144 tiles) or not (136); None: once a flower is shown."""
    draws: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    requests: int = 0
    last_response: str = ""
    _last_kind: str = ""
    _last_seat: int = -1
    _expect: str = ""
    """What the judge sends next: ``draw`` (a flower or a draw by ``_whose``), ``turn`` (its play or kong)
    or ``discard`` (a claim of its discard, or the next seat's flower or draw); empty before the deal."""
    _whose: int = -1

    def __post_init__(self) -> None:
        if self.walls not in WALLS:
            raise BotzoneError(f"walls must be one of {', '.join(WALLS)}, not {self.walls!r}")
        if self.flowers_in_wall not in (None, True, False):
            raise BotzoneError(f"flowers_in_wall must be True, False or None, not {self.flowers_in_wall!r}")

    @property
    def seat_wind(self) -> Tile:
        """This seat's wind (门风): Botzone's seat 0 is East."""
        return ALL_TILES[Tile.EAST + self.seat]

    # -- reading requests ---------------------------------------------------------------------------

    def answer(self, request: str, choose: Chooser) -> str:
        """Take the next request, and the response to it (``choose`` picks among the legal actions)."""
        return self._take(request, choose)

    def take(self, request: str, response: str) -> None:
        """Take an earlier request, answered then with ``response``: the state moves on as for ``answer``
        (every check of the request made), but no legal actions are worked out and no bot is asked."""
        self._take(request, None)
        self.last_response = response

    def _take(self, request: str, choose: Chooser | None) -> str:
        index = self.requests
        try:
            out = self._answer(request.split(), choose)
        except MajiangError as err:
            raise BotzoneError(f"request {index} ({request!r}): {err}") from None
        self.requests += 1
        self.last_response = out
        return out

    def _answer(self, words: list[str], choose: Chooser | None) -> str:
        if not words:
            raise BotzoneError("empty request")
        kind, index = words[0], self.requests
        if index == 0 or index == 1:
            expected = str(index)
            if kind != expected:
                raise BotzoneError(f"request {index} must start with {expected}, not {kind!r}")
        elif kind in ("0", "1"):
            raise BotzoneError(f"a '{kind} ...' request comes only as request {kind}, not {index} "
                               "(the history repeated?)")
        if kind == "0":
            if len(words) != 3:
                raise BotzoneError("'0 id quan' needs two numbers")
            self.seat = _seat_number(words[1])
            self.round_wind = ALL_TILES[Tile.EAST + _seat_number(words[2])]
            return "PASS"
        if kind == "1":
            return self._deal(words[1:])
        if self.seat < 0 or (not any(self.counts) and not any(self.melds[self.seat])):
            raise BotzoneError("a play request before the deal")
        if kind == "2":
            if len(words) != 2:
                raise BotzoneError("'2 tile' needs one tile")
            tile = from_code(words[1])
            self._in_turn("DRAW", self.seat)
            self.counts[tile] += 1
            self.drawn = tile
            self.draws[self.seat] += 1
            self.kong_draw = self._last_kind in ("GANG", "BUGANG") and self._last_seat == self.seat
            self._note("DRAW", self.seat)
            return self._turn(choose)
        if kind == "3":
            if len(words) < 3:
                raise BotzoneError("'3 id WHAT ...' needs a seat and a word")
            return self._event(_seat_number(words[1]), words[2], words[3:], choose)
        raise BotzoneError(f"unknown request type {kind!r} (0, 1, 2 or 3)")

    def _deal(self, words: list[str]) -> str:
        if len(words) < 17:
            raise BotzoneError("the deal needs four flower counts and 13 tiles")
        numbers = words[:4]
        if not all(w.isdigit() and int(w) <= 8 for w in numbers):
            raise BotzoneError(f"flower counts are 0-8, not {' '.join(numbers)}")
        self.flowers = [int(w) for w in numbers]
        tiles = [from_code(w) for w in words[4:17]]
        rest = [_flower(w) for w in words[17:]]
        if len(rest) != sum(self.flowers):
            raise BotzoneError(f"{sum(self.flowers)} flowers counted but {len(rest)} given")
        if rest:
            self._flower_shown(rest[0])
        for t in tiles:
            self.counts[t] += 1
        self._check_counts()
        self._expect, self._whose = "draw", 0  # the dealer (id 0) draws first
        return "PASS"

    def _event(self, who: int, what: str, args: list[str], choose: Chooser | None) -> str:
        me = who == self.seat
        if what in _AFTER:
            self._in_turn(what, who)
        if what == "BUHUA":
            self._arity(what, args, 1)
            self._flower_shown(_flower(args[0]))
            self.flowers[who] += 1
            if me:
                self.kong_draw = False  # the next draw replaces a flower: self-drawn, not 杠上开花
                if self.drawn is not None:
                    raise BotzoneError("a flower replaced after this seat already drew")
            self._note(what, who)
            return "PASS"
        if what == "DRAW":
            self._arity(what, args, 0)
            self.draws[who] += 1
            self._note(what, who)
            return "PASS"
        if what == "PLAY":
            self._arity(what, args, 1)
            self._discard(who, from_code(args[0]))
            self._note(what, who)
            return "PASS" if me else self._claim(who, choose)
        if what in ("PENG", "CHI"):
            self._arity(what, args, 1 if what == "PENG" else 2)
            giver, tile = self._take_discard(who)
            if what == "PENG":
                meld = Meld(MeldKind.PUNG, tile, from_seat=RelativeSeat.between(who, giver))
            else:
                if giver != (who - 1) % 4:
                    raise BotzoneError(f"seat {who} cannot chow from seat {giver}")
                mid = from_code(args[0])
                if mid >= 27 or mid % 9 in (0, 8) or not -1 <= tile - mid <= 1:
                    raise BotzoneError(f"no chow around {args[0]} takes {to_code(tile)}")
                meld = Meld(MeldKind.CHOW, ALL_TILES[mid - 1], claimed=tile - mid + 2,
                            from_seat=RelativeSeat.LEFT)
            if me:
                self._remove([t for t in meld.tiles], except_one=tile)
            self.melds[who].append(meld)
            self._discard(who, from_code(args[-1]))
            self._note(what, who)
            return "PASS" if me else self._claim(who, choose)
        if what == "GANG":
            self._arity(what, args, 0)
            if self._last_kind in ("PLAY", "PENG", "CHI") and self._last_seat != who:
                giver, tile = self._take_discard(who)
                if me:
                    self._remove([tile] * 3)
                self.melds[who].append(Meld(MeldKind.KONG, tile, from_seat=RelativeSeat.between(who, giver)))
            elif me:
                words = self.last_response.split()
                if len(words) != 2 or words[0] != "GANG":
                    raise BotzoneError("this seat's concealed kong was not its last response")
                tile = from_code(words[1])
                self._remove([tile] * 4)
                self.melds[who].append(Meld(MeldKind.KONG, tile))
                self.drawn = None
            else:
                self.hidden_kongs[who] += 1
            self._note(what, who)
            return "PASS"
        if what == "BUGANG":
            self._arity(what, args, 1)
            tile = from_code(args[0])
            melds = self.melds[who]
            for i, m in enumerate(melds):
                if m.kind == MeldKind.PUNG and m.tile == tile:
                    melds[i] = Meld(MeldKind.KONG, tile, from_seat=m.from_seat, added=True)
                    break
            else:
                raise BotzoneError(f"seat {who} has no pung of {args[0]} to add to")
            if me:
                self._remove([tile])
                self.drawn = None
            self._note(what, who)
            return "PASS" if me else self._rob(who, tile, choose)
        raise BotzoneError(f"unknown action {what!r}")

    # -- state changes --------------------------------------------------------------------------------

    def _flower_shown(self, code: str) -> None:
        if self.flowers_in_wall is False:
            raise BotzoneError(f"flower {code} shown, but the adapter was told the wall has no flowers")

    def _note(self, kind: str, who: int) -> None:
        self._last_kind, self._last_seat = kind, who
        self._expect, self._whose = _AFTER[kind], who

    def _in_turn(self, what: str, who: int) -> None:
        """Refuse a request out of the judge's order: after a draw the drawer plays or makes a kong; after a
        discard another seat claims it or the next seat draws (a flower first, maybe); after a kong or a
        flower the same seat draws again."""
        expect, whose = self._expect, self._whose
        if expect == "turn" and what == "GANG":
            fits = who == whose
        elif what in ("DRAW", "BUHUA"):
            fits = (expect == "draw" and who == whose) or (expect == "discard" and who == (whose + 1) % 4)
        elif what in ("PLAY", "BUGANG"):
            fits = expect == "turn" and who == whose
        else:  # PENG, CHI, a kong on a discard
            fits = expect == "discard" and who != whose
        if fits:
            return
        after = (whose + 1) % 4
        wanted = {"draw": f"a flower or a draw by seat {whose}",
                  "turn": f"a play or kong by seat {whose}, which has drawn",
                  "discard": f"a claim of seat {whose}'s discard, or a flower or draw by seat {after}",
                  }[expect]
        if what in ("PLAY", "BUGANG") or (what == "GANG" and (expect != "discard" or who == whose)):
            verb = {"PLAY": "plays", "BUGANG": "adds a kong", "GANG": "makes a kong"}[what]
            did = f"{verb} without drawing"
        else:
            did = {"DRAW": "draws", "BUHUA": "shows a flower"}.get(what, f"claims ({what})") + " out of turn"
        raise BotzoneError(f"seat {who} {did}: the judge's next request is {wanted} "
                           "(a request missing or repeated?)")

    @staticmethod
    def _arity(what: str, args: list[str], n: int) -> None:
        if len(args) != n:
            raise BotzoneError(f"{what} takes {n} argument(s), not {len(args)}")

    def _check_counts(self) -> None:
        bad = [to_code(t) for t in range(34) if self.counts[t] > 4]
        if bad:
            raise BotzoneError(f"more than four of {', '.join(bad)}")

    def _remove(self, tiles: list[Tile], except_one: Tile | None = None) -> None:
        skipped = False
        for t in tiles:
            if t == except_one and not skipped:
                skipped = True
                continue
            if self.counts[t] == 0:
                raise BotzoneError(f"this seat holds no {to_code(t)} to use")
            self.counts[t] -= 1

    def _discard(self, who: int, tile: Tile) -> None:
        if who == self.seat:
            self._remove([tile])
            self.drawn = None
            self.kong_draw = False
        self.discards[who].append(tile)
        self.last_discard = (who, tile)

    def _take_discard(self, who: int) -> tuple[int, Tile]:
        if self._last_kind not in ("PLAY", "PENG", "CHI") or self.last_discard is None:
            raise BotzoneError("a claim with no discard just before it")
        giver, tile = self.last_discard
        if giver == who:
            raise BotzoneError(f"seat {who} claims its own discard")
        self.discards[giver].pop()
        self.last_discard = None
        return giver, tile

    # -- views and answers ----------------------------------------------------------------------------

    @property
    def wall_left(self) -> int:
        """The tiles left for this seat to draw (its own wall, or the shared one)."""
        return self.left(self.seat)

    @property
    def wall_tiles(self) -> int:
        """The tiles of the whole wall: 144 with the flowers (told so, or one has been shown), else 136."""
        flowers = self.flowers_in_wall if self.flowers_in_wall is not None else any(self.flowers)
        return 144 if flowers else 136

    def left(self, seat: int) -> int:
        """The tiles left that ``seat`` may draw: its own wall's (a quarter of the tiles), or the shared
        wall's; 13 of each seat's were dealt, and every flower shown took one more."""
        if self.walls == "shared":
            return max(0, self.wall_tiles - 4 * 13 - sum(self.draws) - sum(self.flowers))
        return max(0, self.wall_tiles // 4 - 13 - self.draws[seat] - self.flowers[seat])

    def is_last_discard(self, giver: int) -> bool:
        """Whether a tile ``giver`` discards (or draws) now is the last: its next seat has nothing left."""
        return self.left((giver + 1) % 4) == 0

    def win_score(self, tile: Tile, win_by: WinBy, giver: int | None = None) -> int | None:
        """The fan total of winning on ``tile`` (already counted in the hand when self-drawn; discarded by
        ``giver``, the last discarder unless given), or None below 8 fans (flowers excluded) or not a win."""
        counts = list(self.counts)
        if win_by.self_drawn:
            counts[tile] -= 1
        tiles = tuple(ALL_TILES[t] for t in range(34) for _ in range(counts[t]))
        # 和绝张: the other three copies in sight, not counting the discard or added tile won on.
        visible = sum(d.count(tile) for d in self.discards)
        visible += sum(1 for s in range(4) for m in self.melds[s] for t in m.tiles if t == tile)
        if win_by in (WinBy.DISCARD, WinBy.ROBBING_KONG):
            visible -= 1
        if win_by == WinBy.DISCARD:
            if giver is None:
                if self.last_discard is None:
                    raise BotzoneError("a win on a discard with no discard")
                giver = self.last_discard[0]
            last_of_wall = self.is_last_discard(giver)
        else:  # self-drawn: the last when this seat's next seat has nothing left (the judge's rule)
            last_of_wall = self.is_last_discard(self.seat) and win_by != WinBy.ROBBING_KONG
        try:
            hand = Hand(tuple(self.melds[self.seat]), tiles, tile)
        except InvalidHandError:
            return None
        advisor = self.rules.advisor() or McrAdvisor()  # Botzone's judge scores by the MIL fans
        result = advisor.win(hand, win_by=win_by, last_of_wall=last_of_wall, last_copy=visible >= 3,
                             seat_wind=self.seat_wind, round_wind=self.round_wind,
                             flowers=self.flowers[self.seat])
        if result is None:
            return None
        return result.fan_total if result.fan_total >= MINIMUM else None

    def view(self, phase: Phase, current: int, legal: list[Action],
             robbing: tuple[int, Tile] | None = None) -> View:
        """This seat's view with ``legal`` as its choices."""
        seat = self.seat
        return View(
            seat=seat, phase=phase, current=current,
            standing=tuple(ALL_TILES[t] for t in range(34) for _ in range(self.counts[t])),
            drawn=self.drawn if phase == Phase.TURN else None,
            melds=tuple(tuple(m) for m in self.melds),
            hidden_kongs=tuple(self.hidden_kongs),
            flowers=tuple(self.flowers),
            discards=tuple(tuple(d) for d in self.discards),
            last_discard=self.last_discard,
            wall_left=self.wall_left,
            totals=(0, 0, 0, 0),
            seat_wind=self.seat_wind, round_wind=self.round_wind, dealer=0,
            legal=tuple(legal), robbing=robbing, rules=self.rules,
        )

    def turn_actions(self) -> list[Action]:
        """What this seat may do on its turn: discard, a kong with the tile drawn or four held, or win."""
        out = [Action(ActionKind.DISCARD, ALL_TILES[t]) for t in range(34) if self.counts[t]]
        drawn = self.drawn
        if drawn is not None:
            # A replacement for the konger, and a tile for the next seat to draw (the judge checks both). No
            # bound on the melds: a BUGANG adds none, and the judge takes one from a seat with four.
            if self.wall_left > 0 and not self.is_last_discard(self.seat):
                out += [Action(ActionKind.CONCEALED_KONG, ALL_TILES[t]) for t in range(34)
                        if self.counts[t] == 4]
                out += [Action(ActionKind.ADDED_KONG, drawn) for m in self.melds[self.seat]
                        if m.kind == MeldKind.PUNG and m.tile == drawn]
            how = WinBy.KONG_REPLACEMENT if self.kong_draw else WinBy.SELF_DRAWN
            if self.win_score(drawn, how) is not None:
                out.append(Action(ActionKind.WIN))
        return out

    def claim_actions(self, giver: int, tile: Tile) -> list[Action]:
        """What this seat may do with ``giver``'s discard ``tile``: pass, win, pung, kong, chow."""
        out = [Action(ActionKind.PASS)]
        if self.win_score(tile, WinBy.DISCARD, giver) is not None:
            out.append(Action(ActionKind.WIN))
        if self.is_last_discard(giver):
            return out  # no calls on the last discard, only a win
        c = self.counts
        if c[tile] >= 2:
            out.append(Action(ActionKind.PUNG))
        if c[tile] == 3 and self.wall_left > 0:  # a kong needs a replacement tile
            out.append(Action(ActionKind.KONG))
        if self.seat == (giver + 1) % 4 and tile < 27:
            r = tile % 9
            for low in (tile - 2, tile - 1, tile):
                if 0 <= r - (tile - low) <= 6 and all(c[k] for k in (low, low + 1, low + 2) if k != tile):
                    out.append(Action(ActionKind.CHOW, ALL_TILES[low]))
        return out

    def _turn(self, choose: Chooser | None) -> str:
        if choose is None:
            return "PASS"  # (an earlier request: its answer is known)
        legal = self.turn_actions()
        action = self._ask(choose, self.view(Phase.TURN, self.seat, legal), legal)
        if action.kind == ActionKind.WIN:
            return "HU"
        assert action.tile is not None
        word = {ActionKind.DISCARD: "PLAY", ActionKind.CONCEALED_KONG: "GANG",
                ActionKind.ADDED_KONG: "BUGANG"}[action.kind]
        return f"{word} {to_code(action.tile)}"

    def _claim(self, giver: int, choose: Chooser | None) -> str:
        assert self.last_discard is not None
        if choose is None:
            return "PASS"
        tile = self.last_discard[1]
        legal = self.claim_actions(giver, tile)
        action = self._ask(choose, self.view(Phase.CLAIM, giver, legal), legal)
        if action.kind == ActionKind.PASS:
            return "PASS"
        if action.kind == ActionKind.WIN:
            return "HU"
        if action.kind == ActionKind.KONG:
            return "GANG"
        # A pung or chow: the discard that follows is asked on the turn the claim would give.
        after = copy.deepcopy(self)
        if action.kind == ActionKind.PUNG:
            meld = Meld(MeldKind.PUNG, tile, from_seat=RelativeSeat.between(self.seat, giver))
        else:
            assert action.tile is not None
            meld = Meld(MeldKind.CHOW, action.tile, claimed=tile - action.tile + 1,
                        from_seat=RelativeSeat.LEFT)
        after._remove(list(meld.tiles), except_one=tile)
        after.melds[self.seat].append(meld)
        after.discards[giver].pop()
        after.last_discard = None
        after.drawn = None
        legal = after.turn_actions()
        then = after._ask(choose, after.view(Phase.TURN, self.seat, legal), legal)
        assert then.tile is not None
        if action.kind == ActionKind.PUNG:
            return f"PENG {to_code(then.tile)}"
        return f"CHI {to_code(meld.tile + 1)} {to_code(then.tile)}"

    def _rob(self, konger: int, tile: Tile, choose: Chooser | None) -> str:
        if choose is None:
            return "PASS"
        if self.win_score(tile, WinBy.ROBBING_KONG) is None:
            return "PASS"
        legal = [Action(ActionKind.PASS), Action(ActionKind.WIN)]
        action = self._ask(choose, self.view(Phase.ROB, konger, legal, robbing=(konger, tile)), legal)
        return "HU" if action.kind == ActionKind.WIN else "PASS"

    @staticmethod
    def _ask(choose: Chooser, view: View, legal: list[Action]) -> Action:
        action = choose(view)
        if action not in legal:
            raise BotzoneError(f"the bot chose {action.notation()!r}, not a legal action")
        return action


_AFTER = {"DRAW": "turn", "BUHUA": "draw", "PLAY": "discard", "PENG": "discard", "CHI": "discard",
          "GANG": "draw", "BUGANG": "draw"}
"""What the judge sends after each kind of request (see ``BotzoneSeat._in_turn``)."""


def replay(requests: list[str], responses: list[str], walls: str = "per-seat",
           flowers_in_wall: bool | None = None) -> BotzoneSeat:
    """The seat after all ``requests`` but the last (answered by ``responses``), ready to answer the last;
    ``walls`` and ``flowers_in_wall`` as for ``BotzoneSeat``.

    The earlier responses only tell which tile this seat's own concealed kongs were made of.
    """
    if not requests:
        raise BotzoneError("no requests")
    if len(responses) != len(requests) - 1:
        raise BotzoneError(f"{len(requests)} requests need {len(requests) - 1} responses, "
                           f"not {len(responses)}")
    seat = BotzoneSeat(walls=walls, flowers_in_wall=flowers_in_wall)
    for request, response in zip(requests[:-1], responses, strict=True):
        seat.take(request, response)
    return seat

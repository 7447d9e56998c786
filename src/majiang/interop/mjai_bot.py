"""One of our bots as an mjai client: it reads the server's events and answers with mjai actions.

The mjai protocol (gimite/mjai; Mortal's mjai.app and mjai-reviewer speak it too) is JSON lines. Two
dialects are read, line by line, and answered alike (docs/interop.md, "mjai bots"):

* a line holding one JSON object is one event (gimite's server): it gets one answer line;
* a line holding a JSON array is a batch of events (mjai.app): all are taken in, and the one answer
  line is the answer to the last.

An answer is ``{"type":"none"}`` unless the last event asks this seat to decide: its draw (``tsumo``),
another seat's discard it may call or win on, a kan it may rob, its own ``chi``/``pon`` (then it
discards) or its own ``reach`` (then it names the riichi discard). The seat is ``start_game``'s ``id``
unless given (mjai.app passes it on the command line); ``hello`` is answered with ``join``.

The client keeps no table model of its own: at each decision it replays the hand's events on our
engine (:class:`~majiang.game.Game`) from a wall completed to agree with everything this seat has seen
(its own tiles, every discard and call, the dora indicators), the tiles it has not seen made up (the red
fives it has not seen kept out of the other hands). Its view and legal actions are then our engine's,
exactly as when the bot sits at our own table: the same bot with the same seed plays the same.

>>> from majiang.bots import find_bot
>>> client = MjaiClient(find_bot("efficiency", seed=1))
>>> client.react_line('{"type":"start_game","id":2,"names":["a","b","c","d"]}')
'{"type":"none"}'
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.bots import Bot
from majiang.errors import IllegalActionError, InvalidOptionError, MajiangError
from majiang.game.ruleset import CONCEALED_KONG, DISCARD, PASS
from majiang.game.table import Game, Phase
from majiang.interop.mjai import mjai_tile, parse_mjai_tile
from majiang.interop.tenhou import MjlogError
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.meld import MeldKind
from majiang.rules.riichi.game import FIVES, RIICHI, RiichiRules, RiichiState, RiichiTable
from majiang.tiles import ALL_TILES, WINDS

__all__ = ["EVENT_TYPES", "MjaiClient", "MjaiProtocolError", "dump_answer"]

EVENT_TYPES = ("hello", "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan",
               "ankan", "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game",
               "none", "error")
"""The mjai event types a server may send."""

_CALLS = ("chi", "pon", "daiminkan")
_NONE = {"type": "none"}


class MjaiProtocolError(MajiangError):
    """What the server sent cannot be read, or does not agree with a riichi hand under our rules."""


def dump_answer(answer: dict[str, Any] | list[dict[str, Any]]) -> str:
    """An answer as one compact JSON line.

    >>> dump_answer({"type": "none"})
    '{"type":"none"}'
    """
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=False)


# -- the engine's rules as one seat sees the table ------------------------------------------------------

_ANY_TURN = [(DISCARD[t], RIICHI[t]) for t in range(34)]
_RED_TURN = {t: (Action(ActionKind.DISCARD, ALL_TILES[t], (ALL_TILES[t],)),
                 Action(ActionKind.RIICHI, ALL_TILES[t], (ALL_TILES[t],))) for t in FIVES}

@dataclass(frozen=True, slots=True)
class _SeatRules(RiichiRules):
    """The rules played, for a replay from one seat's side: the wall is taken as dealt (no break), the red
    fives are where the completion put them, and the other seats may do whatever the server says they
    did (their hidden tiles are made up, so our engine cannot judge their riichi or calls; the server
    has)."""

    seat: int = 0
    reds: frozenset[int] = frozenset()

    def break_wall(self, ring: list[int], dealer: int, dice: tuple[int, int]) -> tuple[list[int], int]:
        return list(ring), dealer

    def deal(self, game: Game) -> None:
        st: RiichiState = game.rules_state
        st.red_at = self.reds
        order = [(game.dealer + k) % 4 for k in range(4)]
        seats = [s for _ in range(3) for s in order for _ in range(4)] + order + [order[0]]
        for s in seats:
            place = game.wall.front
            t = game.deal_tile(s)
            if place in st.red_at:
                st.red_hand[s][t // 9] += 1
        game.drawn = t  # the dealer's fourteenth

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        if seat == self.seat:
            return RiichiRules.turn_actions(self, game, seat)
        st: RiichiState = game.rules_state
        counts = game.counts[seat]
        out: list[Action] = []
        for t in range(34):
            if counts[t]:
                out += _ANY_TURN[t]
                if t in FIVES and 0 < st.red_hand[seat][t // 9] < counts[t]:
                    out += _RED_TURN[t]
            if counts[t] == 4:
                out.append(CONCEALED_KONG[t])
        out += [Action(ActionKind.ADDED_KONG, m.tile) for m in game.melds[seat]
                if m.kind == MeldKind.PUNG and counts[m.tile]]
        return out

    def claim_options(self, game: Game, seat: int, giver: int, tile: int) -> list[Action]:
        if seat == self.seat:
            return RiichiRules.claim_options(self, game, seat, giver, tile)
        c = game.counts[seat]
        out = [PASS]
        if c[tile] >= 2:
            out.append(Action(ActionKind.PUNG))
        if c[tile] >= 3:
            out.append(Action(ActionKind.KONG))
        if seat == (giver + 1) % 4 and tile < 27:
            for low in range(max(tile - 2, tile - tile % 9), min(tile, tile - tile % 9 + 6) + 1):
                if all(c[k] for k in (low, low + 1, low + 2) if k != tile):
                    out.append(Action(ActionKind.CHOW, ALL_TILES[low]))
        return out

    def rob_options(self, game: Game, seat: int, konger: int, tile: int, how: str) -> list[Action]:
        if seat == self.seat:
            return RiichiRules.rob_options(self, game, seat, konger, tile, how)
        return []


# -- reading events ---------------------------------------------------------------------------------------

def _seat(event: dict[str, Any], key: str, where: str) -> int:
    value = event.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise MjaiProtocolError(f"{where}: {key!r} must be a seat 0-3, not {value!r}")
    return value


_TILES = {mjai_tile(t, red): (t, red) for t in range(34) for red in (False, True) if not red or t in FIVES}


def _tile(value: object, where: str) -> tuple[int, bool]:
    if isinstance(value, str):
        known = _TILES.get(value)
        if known is not None:
            return known
    try:
        return parse_mjai_tile(value, where)
    except MjlogError as err:
        raise MjaiProtocolError(f"{where}: {err.reason}") from None


def _tiles(event: dict[str, Any], count: int, where: str) -> list[tuple[int, bool]]:
    value = event.get("consumed")
    if not isinstance(value, list) or len(value) != count:
        raise MjaiProtocolError(f"{where}: 'consumed' must be a list of {count} tiles, not {value!r}")
    return [_tile(v, where) for v in value]


def _check(event: object, where: str) -> dict[str, Any]:
    """The event, its type and the fields our replay reads checked (MjaiProtocolError naming ``where``)."""
    if not isinstance(event, dict):
        raise MjaiProtocolError(f"{where}: an mjai event is a JSON object, not {type(event).__name__}")
    kind = event.get("type")
    if kind not in EVENT_TYPES:
        raise MjaiProtocolError(f"{where}: unknown event type {kind!r}; one of {', '.join(EVENT_TYPES)}")
    where = f"{where} ({kind})"
    if kind in ("tsumo", "dahai", "reach", "ankan", "kakan", *_CALLS):
        _seat(event, "actor", where)
    if kind == "dahai" or (kind == "tsumo" and event.get("pai") != "?") or kind in ("kakan", *_CALLS):
        _tile(event.get("pai"), where)
    if kind in _CALLS:
        _seat(event, "target", where)
        _tiles(event, 3 if kind == "daiminkan" else 2, where)
    if kind == "ankan":
        _tiles(event, 4, where)
    if kind == "dora":
        _tile(event.get("dora_marker"), where)
    if kind == "start_kyoku":
        if event.get("bakaze") not in ("E", "S", "W", "N"):
            raise MjaiProtocolError(f"{where}: 'bakaze' must be E S W N, not {event.get('bakaze')!r}")
        _seat(event, "oya", where)
        _tile(event.get("dora_marker"), where)
        for key in ("honba", "kyotaku"):
            value = event.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                raise MjaiProtocolError(f"{where}: {key!r} must be a count 0-1000, not {value!r}")
        hands = event.get("tehais")
        if not isinstance(hands, list) or len(hands) != 4 or \
                not all(isinstance(h, list) and len(h) == 13 for h in hands):
            raise MjaiProtocolError(f"{where}: 'tehais' must be four hands of 13 tiles")
        for h in hands:
            for t in h:
                if t != "?":
                    _tile(t, where)
        _scores(event.get("scores"), where, optional=True)
    if kind in ("hora", "ryukyoku", "reach_accepted"):
        _scores(event.get("scores"), where, optional=True)
    return event


def _scores(value: object, where: str, *, optional: bool) -> list[int] | None:
    if value is None and optional:
        return None
    if not isinstance(value, list) or len(value) != 4 or \
            not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**8 for v in value):
        raise MjaiProtocolError(f"{where}: 'scores' must be four whole numbers of points, not {value!r}")
    return list(value)


# -- the client ------------------------------------------------------------------------------------------

class MjaiClient:
    """One of our bots at an mjai server (``react_line``: a line in, the answer line out); the seat is
    ``seat`` if given, else the one ``start_game`` names; ``rules`` are the riichi rules the table plays
    (Tenhou's by default)."""

    def __init__(self, bot: Bot, *, rules: RiichiRules | None = None, seat: int | None = None,
                 name: str = "majiang") -> None:
        if rules is None:
            rules = RiichiRules()
        if not isinstance(rules, RiichiRules):
            raise InvalidOptionError(f"an mjai table plays riichi, not {getattr(rules, 'name', rules)!r}")
        if seat is not None and not 0 <= seat <= 3:
            raise InvalidOptionError(f"the seat must be 0-3, not {seat!r}")
        self.bot = bot
        self.rules = rules
        self.fixed_seat = seat
        self.seat = seat
        self.name = name
        self.hand: list[dict[str, Any]] = []
        """The events of the hand in play, from its ``start_kyoku``."""
        self.scores = [rules.starting_points] * 4
        self.count = 0
        """Events read so far (error messages count them from 1)."""
        self.riichi_discard: dict[str, Any] | None = None
        """The discard our bot chose with its riichi, sent once the server shows the ``reach``."""

    # -- lines ---------------------------------------------------------------------------------------

    def react_line(self, line: str) -> str:
        """Read one line of the server (an event, or a batch of them) and give the answer line."""
        try:
            data = loads_strict(line)
        except StrictJSONError as err:
            raise MjaiProtocolError(f"event {self.count + 1}: not JSON ({err})") from None
        if isinstance(data, list):
            if not data:
                raise MjaiProtocolError(f"event {self.count + 1}: an empty batch of events")
            return dump_answer(self.react(data))
        return dump_answer(self.react([data]))

    def react(self, events: Sequence[object]) -> dict[str, Any]:
        """Take in ``events`` and answer the last."""
        checked = []
        for event in events:
            self.count += 1
            checked.append(_check(event, f"event {self.count}"))
            self._observe(checked[-1])
        return self._answer(checked[-1])

    def _observe(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "start_game":
            self.scores = [self.rules.starting_points] * 4
            if self.fixed_seat is None:
                seat = event.get("id")
                self.seat = None if seat is None else _seat(event, "id", f"event {self.count} (start_game)")
        elif kind == "start_kyoku":
            scores = _scores(event.get("scores"), "", optional=True)
            if scores is not None:
                self.scores = scores
            self.hand = [event]
            self.riichi_discard = None
        elif kind in ("hora", "ryukyoku", "reach_accepted"):
            scores = _scores(event.get("scores"), "", optional=True)
            deltas = event.get("deltas")
            if scores is not None:
                self.scores = scores
            elif kind != "reach_accepted" and isinstance(deltas, list) and len(deltas) == 4 and \
                    all(isinstance(d, int) for d in deltas):
                self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
            if self.hand:
                self.hand.append(event)
        elif kind in ("end_kyoku", "end_game"):
            self.hand = []
        elif kind not in ("hello", "none", "error"):
            if not self.hand:
                raise MjaiProtocolError(f"event {self.count} ({kind}): no start_kyoku before it")
            self.hand.append(event)

    # -- answers -------------------------------------------------------------------------------------

    def _answer(self, event: dict[str, Any]) -> dict[str, Any]:
        kind = event["type"]
        if kind == "hello":
            return {"type": "join", "name": self.name, "room": "default"}
        if kind in ("tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "reach") and \
                self.seat is None:
            raise MjaiProtocolError(f"event {self.count} ({kind}): no seat: start_game named no 'id' "
                                    "(give the seat on the command line)")
        me = self.seat
        actor = event.get("actor")
        if kind == "reach" and actor == me:
            if self.riichi_discard is None:
                raise MjaiProtocolError(f"event {self.count} (reach): a riichi our bot did not declare")
            answer, self.riichi_discard = self.riichi_discard, None
            return answer
        mine = kind in ("tsumo", "chi", "pon") and actor == me
        theirs = kind in ("dahai", "kakan", "ankan") and actor != me
        if not (mine or theirs):
            return dict(_NONE)
        if theirs and not self._may_claim(event):
            return dict(_NONE)
        return self._decide(turn=mine)

    def _may_claim(self, event: dict[str, Any]) -> bool:
        """Whether our engine might ask this seat about another's discard or kan (a quick test before the
        replay: a seat that holds nothing for the tile and does not wait on it is not asked)."""
        tile, _ = _tile(event["pai"] if event["type"] != "ankan" else event["consumed"][0], "")
        counts, melds = self._own_tiles()
        held = list(counts)
        for kinds in melds:
            for t in kinds:
                held[t] += 1
        if tile in self.rules.waits(list(counts), len(melds), held):
            return True
        if event["type"] != "dahai":
            return False
        seat = self.seat
        assert seat is not None
        if counts[tile] >= 2:
            return True
        if tile >= 27 or (event["actor"] + 1) % 4 != seat:
            return False
        r = tile % 9
        return bool((r >= 1 and counts[tile - 1]) or (r <= 7 and counts[tile + 1]))

    def _own_tiles(self) -> tuple[list[int], list[list[int]]]:
        """This seat's standing tiles (counts by kind) and its melds' kinds, from the hand's events."""
        me = self.seat
        counts = [0] * 34
        melds: list[list[int]] = []
        for e in self.hand:
            kind = e["type"]
            if kind == "start_kyoku":
                for t in e["tehais"][me]:
                    counts[_tile(t, "")[0]] += 1
            elif e.get("actor") != me:
                continue
            elif kind == "tsumo":
                counts[_tile(e["pai"], "")[0]] += 1
            elif kind == "dahai":
                counts[_tile(e["pai"], "")[0]] -= 1
            elif kind in (*_CALLS, "ankan"):
                used = [_tile(t, "")[0] for t in e["consumed"]]
                for t in used:
                    counts[t] -= 1
                melds.append(used + ([] if kind == "ankan" else [_tile(e["pai"], "")[0]]))
            elif kind == "kakan":
                counts[_tile(e["pai"], "")[0]] -= 1
        if min(counts) < 0:
            raise MjaiProtocolError(f"event {self.count}: the events take tiles this seat does not hold")
        return counts, melds

    def _decide(self, *, turn: bool) -> dict[str, Any]:
        """Our bot's answer to the last event: its own turn (``turn``), or another seat's discard or kan
        (when the replay, having offered it to the seats that may call, did not go on to the next draw)."""
        me = self.seat
        assert me is not None
        game = self.replay()
        if me not in game.to_act() or (game.phase == Phase.TURN) != turn:
            return dict(_NONE)
        view = game.view(me)
        action = self.bot.act(view)
        if action not in view.legal:
            raise MajiangError(f"bot {self.bot.name!r} chose {action.notation()!r}, not a legal action")
        return self._to_mjai(game, action)

    def _to_mjai(self, game: Game, action: Action) -> dict[str, Any]:
        """Our action in the replayed ``game`` as an mjai answer, naming the red fives our engine uses."""
        me = self.seat
        assert me is not None
        st: RiichiState = game.rules_state
        kind, tile = action.kind, action.tile
        reds = st.red_hand[me]
        counts = game.counts[me]

        def from_hand(t: int, n: int) -> list[str]:
            """``n`` tiles of kind ``t`` taken from the hand, red fives first (as our engine takes them)."""
            red = min(reds[t // 9], n) if t in FIVES else 0
            return [mjai_tile(t, i < red) for i in range(n)]

        if kind == ActionKind.PASS:
            return dict(_NONE)
        if kind in (ActionKind.DISCARD, ActionKind.RIICHI):
            assert tile is not None
            red = tile in FIVES and (bool(action.tiles) or reds[tile // 9] >= counts[tile] > 0)
            drawn = game.drawn
            last = next((e for e in reversed(self.hand) if e["type"] == "tsumo" and e.get("actor") == me),
                        None)
            same = drawn is not None and last is not None and _tile(last["pai"], "") == (int(tile), red) \
                and self.hand[-1] is last
            dahai = {"type": "dahai", "actor": me, "pai": mjai_tile(tile, red), "tsumogiri": same}
            if kind == ActionKind.DISCARD:
                return dahai
            self.riichi_discard = dahai
            return {"type": "reach", "actor": me}
        if kind == ActionKind.WIN:
            if game.phase == Phase.TURN:
                assert game.drawn is not None
                pai = self._last_tile(me)
                return {"type": "hora", "actor": me, "target": me, "pai": pai}
            robbed = game.robbed if game.phase == Phase.ROB else game.last_discard
            giver = me if robbed is None else robbed[0]
            return {"type": "hora", "actor": me, "target": giver, "pai": self._last_tile(giver)}
        if kind == ActionKind.ABORT:
            return {"type": "ryukyoku", "actor": me, "reason": "kyushukyuhai"}
        if kind == ActionKind.CONCEALED_KONG:
            assert tile is not None
            return {"type": "ankan", "actor": me, "consumed": from_hand(tile, 4)}
        if kind == ActionKind.ADDED_KONG:
            assert tile is not None
            pon = next(e for e in reversed(self.hand)
                       if e["type"] == "pon" and e["actor"] == me and _tile(e["pai"], "")[0] == tile)
            return {"type": "kakan", "actor": me, "pai": from_hand(tile, 1)[0],
                    "consumed": [pon["pai"], *pon["consumed"]]}
        assert game.last_discard is not None
        giver, claimed = game.last_discard
        pai = self._last_tile(giver)
        if kind == ActionKind.CHOW:
            assert tile is not None
            used = [t for t in (tile, tile + 1, tile + 2) if t != claimed]
            consumed = [from_hand(t, 1)[0] for t in used]
            return {"type": "chi", "actor": me, "target": giver, "pai": pai, "consumed": consumed}
        n = 2 if kind == ActionKind.PUNG else 3
        return {"type": "pon" if n == 2 else "daiminkan", "actor": me, "target": giver, "pai": pai,
                "consumed": from_hand(claimed, n)}

    def _last_tile(self, seat: int) -> str:
        """The tile ``seat`` last drew, let go or added to a kan, as the server named it."""
        for e in reversed(self.hand):
            if e.get("actor") == seat and e["type"] in ("tsumo", "dahai", "kakan") and e.get("pai") != "?":
                return str(e["pai"])
            if e.get("actor") == seat and e["type"] == "ankan":
                return str(e["consumed"][0])
        raise MjaiProtocolError(f"event {self.count}: no tile of seat {seat} to win on")

    # -- the replay ----------------------------------------------------------------------------------

    def replay(self) -> Game:
        """The hand so far, replayed on our engine from this seat's side (see the module docstring)."""
        me = self.seat
        assert me is not None and self.hand
        start = self.hand[0]
        wall, reds = _complete(self.hand, me, self.rules.red_fives, f"event {self.count}")
        fields = {f.name: getattr(self.rules, f.name) for f in dataclasses.fields(RiichiRules)}
        rules = _SeatRules(**fields, seat=me, reds=reds)
        scores = _scores(start.get("scores"), "", optional=True) or self.scores
        table = RiichiTable(honba=start.get("honba", 0), sticks=start.get("kyotaku", 0))
        game = Game(rules, seed=0, dealer=start["oya"], round_wind=WINDS["ESWN".index(start["bakaze"])],
                    wall=wall, dice=(2, 2), scores=scores, match_state=table)
        riichi = [False] * 4
        first = self.count - len(self.hand) + 1
        for i, e in enumerate(self.hand[1:], 1):
            try:
                _apply(game, e, riichi, me)
            except (IllegalActionError, MjaiProtocolError) as err:
                raise MjaiProtocolError(
                    f"event {first + i} ({e['type']}): our engine does not follow: {err} (are the server's "
                    "rules ours? see majiang mjai --option)") from None
            if game.phase == Phase.OVER:
                break
        return game


def _settle(game: Game) -> None:
    """Every seat still asked about a discard or a kan lets it pass."""
    while game.phase in (Phase.CLAIM, Phase.ROB) and game.to_act():
        game.apply(game.to_act()[0], PASS)


def _apply(game: Game, e: dict[str, Any], riichi: list[bool], me: int) -> None:
    """One event of the hand, played on the replay."""
    kind = e["type"]
    st: RiichiState = game.rules_state
    if kind == "tsumo":
        _settle(game)
        if game.phase != Phase.TURN or game.current != e["actor"] or game.drawn is None:
            raise MjaiProtocolError(f"a draw for seat {e['actor']} where our engine has none")
        if e["pai"] != "?" and game.drawn != _tile(e["pai"], "")[0]:
            raise MjaiProtocolError(f"the draw is {e['pai']}, our wall gave {mjai_tile(game.drawn, False)}")
    elif kind == "dahai":
        _settle(game)
        seat = e["actor"]
        tile, red = _tile(e["pai"], "")
        named = red and game.counts[seat][tile] > st.red_hand[seat][tile // 9]
        step = ActionKind.RIICHI if riichi[seat] else ActionKind.DISCARD
        riichi[seat] = False
        game.apply(seat, Action(step, ALL_TILES[tile], (ALL_TILES[tile],) if named else ()))
        if st.last_red != red and game.phase != Phase.OVER:
            raise MjaiProtocolError(f"seat {seat} let go of {e['pai']}, our engine of the other five")
    elif kind in _CALLS:
        seat = e["actor"]
        if seat not in game.to_act():
            raise MjaiProtocolError(f"seat {seat} may not call now")
        tile, _ = _tile(e["pai"], "")
        used = [_tile(t, "")[0] for t in e["consumed"]]
        if kind == "chi":
            action = Action(ActionKind.CHOW, ALL_TILES[min([tile, *used])])
        else:
            action = Action(ActionKind.PUNG if kind == "pon" else ActionKind.KONG)
        before = st.red_melds[seat]
        game.apply(seat, action)
        _settle(game)
        reds = sum(1 for t in [e["pai"], *e["consumed"]] if str(t).endswith("r"))
        # (Another seat's hidden tiles are made up: our engine, taking red fives into a meld first, may
        # move one the server's player kept. Only this seat's own calls must agree.)
        if seat == me and st.red_melds[seat] - before != reds:
            raise MjaiProtocolError(f"seat {seat}'s {kind} holds {reds} red five(s), our engine's "
                                    f"{st.red_melds[seat] - before}")
    elif kind in ("ankan", "kakan"):
        _settle(game)
        seat = e["actor"]
        tile, _ = _tile(e["pai"] if kind == "kakan" else e["consumed"][0], "")
        step = ActionKind.CONCEALED_KONG if kind == "ankan" else ActionKind.ADDED_KONG
        game.apply(seat, Action(step, ALL_TILES[tile]))
    elif kind == "reach":
        riichi[e["actor"]] = True


# -- the wall completed from one seat's side ---------------------------------------------------------

_LIVE, _TAIL, _INDICATOR = 52, 135, 130
"""Places in a dealt riichi wall: the dealer's first draw (then the live wall), the first replacement
tile (then backwards), the first dora indicator (then every second place backwards)."""


def _deal_places(dealer: int) -> list[list[int]]:
    """The wall places dealt to each seat (thirteen each), as ``RiichiRules.deal`` deals them."""
    order = [(dealer + k) % 4 for k in range(4)]
    seats = [s for _ in range(3) for s in order for _ in range(4)] + order
    out: list[list[int]] = [[], [], [], []]
    for place, s in enumerate(seats):
        out[s].append(place)
    return out


def _complete(hand: list[dict[str, Any]], me: int, red_fives: int,
              where: str) -> tuple[list[int], frozenset[int]]:
    """A wall (136 kinds, in drawing order) and the places of its red fives that agree with ``hand`` as
    seat ``me`` saw it: its own tiles and draws, the dora indicators, and for every other seat each tile
    it let go of, called with or added to a kan (placed in its hand or at its draw: a tile let go of
    straight after drawing, ``tsumogiri``, is that draw). The rest is made up from the tiles left, the red
    fives not seen kept out of the other seats' hands where there is room."""
    start = hand[0]
    known: dict[int, tuple[int, bool]] = {}
    held: list[list[int]] = _deal_places(start["oya"])
    last: list[int | None] = [None] * 4
    for place, t in zip(held[me], start["tehais"][me], strict=True):
        known[place] = _tile(t, where)
    held[me] = []
    known[_INDICATOR] = _tile(start["dora_marker"], where)
    live, tail, dora = _LIVE, _TAIL, 1
    after_kan = [False] * 4

    def take(seat: int, tile: tuple[int, bool], draw: int | None) -> None:
        if seat == me:
            return
        slots = held[seat]
        for place in ([draw] if draw is not None and draw in slots and draw not in known else []) + \
                [p for p in slots if known.get(p) == tile] + [p for p in slots if p not in known]:
            slots.remove(place)
            known[place] = tile
            return
        raise MjaiProtocolError(f"{where}: seat {seat} shows more tiles than it can hold")

    for e in hand[1:]:
        kind = e["type"]
        seat = e.get("actor")
        if kind == "tsumo":
            assert isinstance(seat, int)
            if after_kan[seat]:
                place, tail = tail, tail - 1
            else:
                place, live = live, live + 1
            after_kan[seat] = False
            if seat == me:
                known[place] = _tile(e["pai"], where)
            else:
                held[seat].append(place)
            last[seat] = place
        elif kind == "dahai":
            assert isinstance(seat, int)
            take(seat, _tile(e["pai"], where), last[seat] if e.get("tsumogiri") is True else None)
            last[seat] = None
        elif kind in (*_CALLS, "ankan"):
            assert isinstance(seat, int)
            for t in e["consumed"]:
                take(seat, _tile(t, where), None)
            after_kan[seat] = kind in ("daiminkan", "ankan")
        elif kind == "kakan":
            assert isinstance(seat, int)
            take(seat, _tile(e["pai"], where), None)
            after_kan[seat] = True
        elif kind == "dora":
            if dora >= 5:
                raise MjaiProtocolError(f"{where}: more than five dora indicators")
            known[_INDICATOR - 2 * dora] = _tile(e["dora_marker"], where)
            dora += 1
        if live > _INDICATOR - 8 or tail < _INDICATOR + 1:
            raise MjaiProtocolError(f"{where}: more draws than a wall holds")
    left = [4] * 34
    reds_left = {4: 0, 13: 0, 22: 0} if not red_fives else {4: 1, 13: 2 if red_fives == 4 else 1, 22: 1}
    for t, red in known.values():
        left[t] -= 1
        if red:
            if not reds_left.get(t):
                raise MjaiProtocolError(f"{where}: more red {mjai_tile(t, False)} than the rules' "
                                        f"red_fives={red_fives} hold (see majiang mjai --option)")
            reds_left[t] -= 1
    if min(left) < 0:
        worst = min(range(34), key=lambda k: left[k])
        raise MjaiProtocolError(f"{where}: more than four {mjai_tile(worst, False)} shown")
    hidden = {p for s in range(4) if s != me for p in held[s]}
    free = [p for p in range(136) if p not in known and p not in hidden] + \
        [p for p in range(136) if p in hidden and p not in known]
    wall = [0] * 136
    red_at = {p for p, (_, red) in known.items() if red}
    for p, (t, _) in known.items():
        wall[p] = t
    rest = [t for t in range(34) for _ in range(left[t])]
    # The red fives not seen first, into the places that are in no other seat's hand where possible.
    unseen = [t for t, n in reds_left.items() for _ in range(n)]
    for t in unseen:
        rest.remove(t)
    for p, t in zip(free, unseen + rest, strict=True):
        wall[p] = t
    red_at.update(free[:len(unseen)])
    return wall, frozenset(red_at)

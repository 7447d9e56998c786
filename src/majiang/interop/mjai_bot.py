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
exactly as when the bot sits at our own table: the same bot with the same seed plays the same. Reading
the events is ``majiang.interop.mjai_events``'s, the replay from this seat's side
``majiang.interop.mjai_seat``'s.

>>> from majiang.bots import find_bot
>>> client = MjaiClient(find_bot("efficiency", seed=1))
>>> client.react_line('{"type":"start_game","id":2,"names":["a","b","c","d"]}')
'{"type":"none"}'
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.bots import Bot
from majiang.errors import IllegalActionError, InvalidOptionError, MajiangError
from majiang.game.table import Game, Phase
from majiang.interop.mjai import mjai_tile
from majiang.interop.mjai_events import _CALLS, EVENT_TYPES, MjaiProtocolError, _check, _scores, _seat, _tile
from majiang.interop.mjai_seat import _apply, _complete, _SeatRules
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.rules.riichi.ruleset import FIVES, RiichiMatchState, RiichiRules, RiichiState
from majiang.tiles import WINDS

__all__ = ["EVENT_TYPES", "MjaiClient", "MjaiProtocolError", "dump_answer"]

_NONE = {"type": "none"}


def dump_answer(answer: dict[str, Any] | list[dict[str, Any]]) -> str:
    """An answer as one compact JSON line.

    >>> dump_answer({"type": "none"})
    '{"type":"none"}'
    """
    return json.dumps(answer, separators=(",", ":"), ensure_ascii=False)


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
        st: RiichiState = game.hand_state
        kind, tile = action.kind, action.tile
        reds = st.red_hand[me]
        counts = game.counts[me]

        def from_hand(t: int, n: int, red: int | None = None) -> list[str]:
            """``n`` tiles of kind ``t`` taken from the hand, ``red`` of them red fives (by default as many
            as it holds: our engine takes them first into a kan)."""
            if red is None:
                red = min(reds[t // 9], n) if t in FIVES else 0
            return [mjai_tile(t, i < red) for i in range(n)]

        if kind == ActionKind.PASS:
            return dict(_NONE)
        if kind in (ActionKind.DISCARD, ActionKind.RIICHI):
            assert tile is not None
            red = tile in FIVES and (bool(action.tiles) or reds[tile // 9] >= counts[tile] > 0)
            rules = game.rules
            if isinstance(rules, RiichiRules) and rules.tsumogiri_red and st.riichi[me] \
                    and st.declaring != me:
                red = st.drew_red  # in riichi the drawn tile goes, red if it was
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
        rules = game.rules
        taken = rules.call_reds(game, me, action) if isinstance(rules, RiichiRules) else None
        if kind == ActionKind.CHOW:
            assert tile is not None
            used = [t for t in (tile, tile + 1, tile + 2) if t != claimed]
            consumed = [from_hand(t, 1, taken if t in FIVES else 0)[0] for t in used]
            return {"type": "chi", "actor": me, "target": giver, "pai": pai, "consumed": consumed}
        n = 2 if kind == ActionKind.PUNG else 3
        return {"type": "pon" if n == 2 else "daiminkan", "actor": me, "target": giver, "pai": pai,
                "consumed": from_hand(claimed, n, taken)}

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
        table = RiichiMatchState(honba=start.get("honba", 0), sticks=start.get("kyotaku", 0))
        game = Game(rules, seed=0, dealer=start["oya"], round_wind=WINDS["ESWN".index(start["bakaze"])],
                    wall=wall, dice=(2, 2), totals=scores, match_state=table)
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

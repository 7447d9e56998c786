"""mjai (the JSON-lines protocol of riichi AI programs): our riichi records exported to it, and mjai logs
imported by replaying them on our engine.

Export (``export_mjai``) re-plays each hand of a riichi record and writes its mjai events:
``start_game``, ``start_kyoku`` (round, honba, sticks, dealer, scores, dora indicator, the thirteen
tiles each), ``tsumo``, ``dahai``, ``chi``/``pon``/``daiminkan``/``kakan``/``ankan``, ``reach`` and
``reach_accepted``, ``dora``, ``hora`` and ``ryukyoku`` (with ``deltas`` and ``scores``),
``end_kyoku`` and ``end_game``. Tiles are ``1m``..``9s``, ``E S W N P F C``, a red five ``5mr``.

Import (``import_mjai``) turns the events into the tags of a Tenhou log and replays them like one
(``majiang.interop.tenhou``): every draw, call, riichi, dora and the scores after each hand are checked.
What a record holds and mjai does not (the rules, seeds, walls, calls that lost) rides along under
``"majiang"`` (``FACTS``), so that a record comes back byte for byte (docs/interop.md, *Round trips*).

>>> mjai_tile(4, False), mjai_tile(13, True), mjai_tile(31, False)
('5m', '5pr', 'P')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.errors import MajiangError
from majiang.game import events as ev
from majiang.game.ruleset import Ruleset
from majiang.game.table import Game, Phase
from majiang.interop.tenhou import (
    HandFacts,
    Imported,
    LogFacts,
    MjlogError,
    Tag,
    import_tags,
    lobby_rules,
)
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.notation import parse_tiles
from majiang.records.format import Record, rules_from_options, rules_options
from majiang.rules.riichi.ruleset import (
    DoraRevealed,
    RiichiMatchState,
    RiichiRules,
    RiichiState,
)
from majiang.tiles import WINDS

__all__ = ["FACTS", "HandStream", "dump_mjai", "export_mjai", "import_mjai", "mjai_tile", "parse_mjai_tile"]

HONORS = "ESWNPFC"


def mjai_tile(kind: int, red: bool) -> str:
    """The mjai name of a tile kind (0-33), ``r`` added for a red five."""
    if kind >= 27:
        return HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if red else ''}"


def parse_mjai_tile(text: object, where: str) -> tuple[int, bool]:
    """(kind, red) of an mjai tile name; MjlogError naming ``where`` otherwise."""
    if isinstance(text, str):
        if len(text) == 1 and text in HONORS:
            return 27 + HONORS.index(text), False
        if len(text) in (2, 3) and text[0] in "123456789" and text[1] in "mps" and text[2:] in ("", "r"):
            red = text[2:] == "r"
            if red and text[0] != "5":
                raise MjlogError(where, f"{text!r}: only a five may be red")
            return "mps".index(text[1]) * 9 + int(text[0]) - 1, red
    raise MjlogError(where, f"{text!r} is no mjai tile (1m-9s, E S W N P F C, 5mr)")


# -- export -----------------------------------------------------------------------------------------------

FACTS = "majiang"
"""The key of what our own logs add to mjai's events (``start_game``, ``start_kyoku``) and to a
tenhou.net/6 log, which other readers ignore: the rules, the seeds, the walls (docs/interop.md)."""


def export_mjai(record: Record, *, facts: bool = True) -> list[dict[str, Any]]:
    """The mjai events of a riichi record (as ``read_record`` returns it), hand by hand; with ``facts``,
    ``start_game`` and each ``start_kyoku`` carry under ``"majiang"`` what the record holds and mjai does
    not (rules and options, seeds, whether the hands are a match, each hand's ring and dice), so that
    ``import_mjai`` gives the same record back, byte for byte."""
    header = record.header
    rules = header.rules
    if not isinstance(rules, RiichiRules):
        raise MjlogError("the record", f"mjai is riichi's protocol; this record's rules are {rules.name!r}")
    begin: dict[str, Any] = {"type": "start_game", "names": list(header.players)}
    if facts:
        begin[FACTS] = {"rules": rules.name, "options": rules_options(rules), "seed": header.seed,
                        "match": header.match, "hands": header.hands}
    out: list[dict[str, Any]] = [begin]
    for hand in record.hands:
        start = hand.start.event()
        answers: list[list[Any]] = []
        events = _export_hand(rules, start, [line.event() for line in hand.events], answers)
        if facts:
            events[0][FACTS] = {"ring": start["ring"], "dice": start["dice"], "seed": start["seed"]}
            if answers:
                events[0][FACTS]["answers"] = answers
        out.extend(events)
    out.append({"type": "end_game"})
    return out


def _export_hand(rules: RiichiRules, start: dict[str, Any], lines: list[dict[str, Any]],
                 answers: list[list[Any]]) -> list[dict[str, Any]]:
    """The mjai events of one hand of a record; ``answers`` gets the claim windows where a seat did more
    than pass, as ``[events before the window, [[seat, action], ...]]`` (``HandFacts.answers``)."""
    counters = next((e for e in lines if e.get("e") == "counters"), None)
    if counters is None:
        raise MjlogError("the record", "a riichi hand without its counters line")
    table = RiichiMatchState(honba=counters["honba"], sticks=counters["sticks"])
    winds = {w.notation(): w for w in WINDS}
    game = Game(rules, dealer=start["dealer"], round_wind=winds[start["round_wind"]], wall=start["ring"],
                dice=(start["dice"][0], start["dice"][1]), totals=start["scores"], match_state=table)
    walker = HandStream(game)
    window: list[Any] | None = None
    for line in lines:
        if line.get("e") == "act":
            if game.phase in (Phase.CLAIM, Phase.ROB):
                if window is None:
                    window = [len(game.events), []]
                    answers.append(window)
                window[1].append([line["seat"], line["a"]])
            else:
                window = None
            walker.apply(line["seat"], Action.parse(line["a"]))
    walker.finish()
    answers[:] = [w for w in answers if any(a != "pass" for _, a in w[1])]  # all passes replay as they were
    walker.out.append({"type": "end_kyoku"})
    return walker.out


def _start_kyoku(game: Game, st: RiichiState) -> dict[str, Any]:
    """The ``start_kyoku`` event of a freshly dealt riichi hand (every seat's thirteen tiles shown)."""
    tehais = []
    for s in range(4):
        reds = list(st.red_hand[s])
        if s == game.dealer and game.drawn is not None and 52 in st.red_at:
            reds[game.drawn // 9] -= 1  # the dealer's fourteenth is its first draw
        tiles = []
        counts = list(game.counts[s])
        if s == game.dealer and game.drawn is not None:
            counts[game.drawn] -= 1
        for t in range(34):
            for _ in range(counts[t]):
                red = t in (4, 13, 22) and reds[t // 9] > 0
                if red:
                    reds[t // 9] -= 1
                tiles.append(mjai_tile(t, red))
        tehais.append(tiles)
    dora = next(e for e in game.events if isinstance(e, DoraRevealed))
    return {"type": "start_kyoku", "bakaze": game.round_wind.notation(), "kyoku": game.dealer + 1,
            "honba": st.honba, "kyotaku": st.sticks, "oya": game.dealer, "scores": list(game.totals),
            "dora_marker": mjai_tile(dora.indicator, len(game.wall) - 6 in st.red_at), "tehais": tehais}


class HandStream:
    """The mjai events of a riichi hand as it is played: made from a freshly dealt ``game`` (``out`` then
    holds its ``start_kyoku`` and the dealer's first ``tsumo``), it applies each action (``apply``) and
    appends the mjai events it makes to ``out``, every tile shown (a server hides others' draws), reading
    the red fives from the ruleset's state as they happen; ``finish`` closes a win still waiting for its
    payments."""

    def __init__(self, game: Game) -> None:
        st: RiichiState = game.hand_state
        self.game, self.st = game, st
        self.out: list[dict[str, Any]] = [_start_kyoku(game, st)]
        self.done = len(game.events)
        self.front, self.tail = 53, 135  # the next live and replacement places of the wall
        self.drawn: list[tuple[int, bool] | None] = [None] * 4
        self.last: tuple[int, bool] = (0, False)  # the last discard and whether it was red
        self.melds = list(st.red_melds)
        self.pending: dict[str, Any] | None = None  # a win or draw waiting for its payments
        self.won = 0  # the winning tile
        self.dora = 1  # dora indicators turned over so far (the first at the start)
        self.pons: dict[tuple[int, int], list[bool]] = {}  # (seat, kind): which pon tiles are red
        self.scores = list(game.totals)  # the scores as the events so far leave them
        self.actor = game.dealer  # the seat of the action applied last
        assert game.drawn is not None  # the dealer's fourteenth, wall place 52: its first draw for mjai
        red = 52 in st.red_at
        self.out.append({"type": "tsumo", "actor": game.dealer, "pai": mjai_tile(game.drawn, red)})
        self.drawn[game.dealer] = (game.drawn, red)

    def apply(self, seat: int, action: Action) -> None:
        if action.kind == ActionKind.RIICHI:
            self.out.append({"type": "reach", "actor": seat})
        self.actor = seat
        self.game.apply(seat, action)
        self._flush(action)

    def _flush(self, action: Action | None) -> None:
        game, st, out = self.game, self.st, self.out
        new = game.events[self.done:]
        self.done = len(game.events)
        first = len(out)
        for e in new:
            if isinstance(e, ev.Draw):
                place = self.tail if e.tail else self.front
                if e.tail:
                    self.tail -= 1
                else:
                    self.front += 1
                red = place in st.red_at
                self.drawn[e.seat] = (e.tile, red)
                out.append({"type": "tsumo", "actor": e.seat, "pai": mjai_tile(e.tile, red)})
            elif isinstance(e, ev.Discard):
                red = st.last_red
                self.last = (e.tile, red)
                out.append({"type": "dahai", "actor": e.seat, "pai": mjai_tile(e.tile, red),
                            "tsumogiri": self.drawn[e.seat] == (e.tile, red)})
                self.drawn[e.seat] = None
            elif isinstance(e, ev.Win):
                self.won = e.tile
            elif isinstance(e, ev.Claim):
                self._claim(e)
            elif isinstance(e, ev.Kong) and e.how == "concealed":
                self._kan(e.seat, e.tile, "ankan", 4)
            elif isinstance(e, ev.AddKong):
                self._kan(e.seat, e.tile, "kakan", 1)
            elif isinstance(e, DoraRevealed):
                place = len(game.wall) - 6 - 2 * self.dora
                self.dora += 1
                out.append({"type": "dora", "dora_marker": mjai_tile(e.indicator, place in st.red_at)})
            if isinstance(e, ev.Payment):
                self.scores = [a + b for a, b in zip(self.scores, e.deltas, strict=True)]
            if isinstance(e, ev.Payment) and e.reason == "riichi-stick":
                accepted = {"type": "reach_accepted", "actor": e.seat, "deltas": list(e.deltas),
                            "scores": list(self.scores)}
                if out[-1]["type"] in ("chi", "pon", "daiminkan") and len(out) > first:
                    out.insert(len(out) - 1, accepted)  # the riichi stood before the call (as mjai logs)
                else:
                    out.append(accepted)
            elif isinstance(e, ev.Payment) and e.reason == "win":
                win = next(w for w in game.wins if w.seat == e.seat)
                self.pending = {"type": "hora", "actor": e.seat,
                                "target": e.seat if win.giver is None else win.giver,
                                "pai": mjai_tile(self.won, False),
                                "fu": win.score.fu, "fan": win.score.han, "hora_points": win.score.points,
                                "deltas": list(e.deltas)}
                liable = game.rules.liable_for(game, win) if isinstance(game.rules, RiichiRules) else None
                if liable is not None:
                    self.pending["pao"] = liable  # not in mjai's own events: Tenhou's paoWho
                if st.riichi[e.seat]:
                    places = [len(game.wall) - 5 - 2 * k for k in range(len(st.indicators))]
                    self.pending["uradora_markers"] = [mjai_tile(game.wall[p], p in st.red_at)
                                                       for p in places]
                self._close()
            elif isinstance(e, ev.Payment) and out and (
                    (e.reason == "sticks" and out[-1]["type"] == "hora")
                    or (e.reason in ("tenpai", "nagashi") and out[-1]["type"] == "ryukyoku")):
                out[-1]["deltas"] = [a + b for a, b in zip(out[-1]["deltas"], e.deltas, strict=True)]
                out[-1]["scores"] = list(self.scores)
            elif e.kind == "abort":
                if action is not None and action.kind == ActionKind.DISCARD and action.tile is not None \
                        and not any(isinstance(x, ev.Discard) for x in new):
                    # The fourth wind of 四風連打 ends the hand as it is let go (the engine logs no
                    # discard): a log shows it.
                    seat = self.actor
                    out.append({"type": "dahai", "actor": seat, "pai": mjai_tile(int(action.tile), False),
                                "tsumogiri": self.drawn[seat] == (int(action.tile), False)})
                out.append({"type": "ryukyoku", "reason": e.as_dict()["reason"], "deltas": [0, 0, 0, 0],
                            "scores": list(self.scores)})
            elif e.kind == "tenpai":
                shown = e.as_dict()
                ready = shown["seats"]
                drawn: dict[str, Any] = {"type": "ryukyoku", "reason": "fanpai",
                                         "tenpais": [s in ready for s in range(4)], "deltas": [0, 0, 0, 0],
                                         "scores": list(self.scores)}
                if shown.get("nagashi"):
                    drawn["nagashi"] = list(shown["nagashi"])  # (our own key: tenhou.net/6 writes 流し満貫)
                out.append(drawn)

    def _close(self) -> None:
        assert self.pending is not None
        self.pending["scores"] = list(self.scores)
        self.out.append(self.pending)
        self.pending = None

    def _reds(self, seat: int) -> int:
        moved = self.st.red_melds[seat] - self.melds[seat]
        self.melds = list(self.st.red_melds)
        return moved

    def _claim(self, e: ev.Claim) -> None:
        tile, red = self.last
        moved = self._reds(e.seat) - (1 if red else 0)
        kinds = [int(t) for t in parse_tiles(e.meld.strip("[]").split(",")[0])]
        kinds.remove(tile)
        kind = "chi" if len({*kinds, tile}) == 3 else "pon" if len(kinds) == 2 else "daiminkan"
        consumed = []
        for k in kinds:
            r = k in (4, 13, 22) and moved > 0
            moved -= 1 if r else 0
            consumed.append(mjai_tile(k, r))
        self.out.append({"type": kind, "actor": e.seat, "target": e.giver, "pai": mjai_tile(tile, red),
                         "consumed": consumed})
        if kind == "pon":
            self.pons[(e.seat, tile)] = [red, *(c.endswith("r") for c in consumed)]

    def _kan(self, seat: int, tile: int, kind: str, count: int) -> None:
        moved = self._reds(seat)
        tiles = []
        for _ in range(count):
            r = moved > 0
            moved -= 1 if r else 0
            tiles.append(mjai_tile(tile, r))
        if kind == "ankan":
            self.out.append({"type": "ankan", "actor": seat, "consumed": tiles})
        else:
            pon = self.pons.get((seat, tile), [False] * 3)
            self.out.append({"type": "kakan", "actor": seat, "pai": tiles[0],
                             "consumed": [mjai_tile(tile, r) for r in sorted(pon, reverse=True)]})

    def finish(self) -> None:
        if self.pending is not None:
            self._close()


def dump_mjai(events: Iterable[dict[str, Any]]) -> list[str]:
    """The JSON lines of mjai events (compact, keys in a fixed order)."""
    return [json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in events]


# -- import -----------------------------------------------------------------------------------------------

class _Ids:
    """Tenhou tile ids (0-135) for one hand's tiles named by kind and redness: a red five is its kind's
    first id (16, 52, 88), other copies take the next free id of their kind; and the ids each seat
    holds, so that a discard or a call uses the id the tile was drawn with."""

    def __init__(self, red_fives: int = 3) -> None:
        self.reds = 2 if red_fives == 4 else 1  # red copies of 5p (``red_ids``: the first ids of its kind)
        self.used: set[int] = set()
        self.held: list[list[int]] = [[], [], [], []]
        self.red: set[int] = set()  # the ids given to tiles named red

    def draw(self, seat: int, kind: int, red: bool, where: str) -> int:
        tid = self.take(kind, red, where)
        self.held[seat].append(tid)
        return tid

    def let_go(self, seat: int, kind: int, red: bool, where: str) -> int:
        """The id of a tile of ``kind`` (red or not) that ``seat`` holds, taken out of its hand."""
        for tid in self.held[seat]:
            if tid // 4 == kind and (tid in self.red) == red:
                self.held[seat].remove(tid)
                return tid
        name = mjai_tile(kind, red)
        raise MjlogError(where, f"seat {seat} holds no {name}")

    def take(self, kind: int, red: bool, where: str) -> int:
        if red:
            for tid in range(kind * 4, kind * 4 + (self.reds if kind == 13 else 1)):
                if tid not in self.used:
                    self.used.add(tid)
                    self.red.add(tid)
                    return tid
            raise MjlogError(where, f"a {'third' if kind == 13 and self.reds == 2 else 'second'} red "
                                    f"{mjai_tile(kind, False)}")
        first = (self.reds if kind == 13 else 1) if kind in (4, 13, 22) else 0
        for tid in range(kind * 4 + first, kind * 4 + 4):
            if tid not in self.used:
                self.used.add(tid)
                return tid
        for tid in range(kind * 4, kind * 4 + first):  # no red fives in this game: the red ids are plain
            if tid not in self.used:
                self.used.add(tid)
                return tid
        raise MjlogError(where, f"a fifth {mjai_tile(kind, False)}")


def _meld_code(kind: str, called: int, consumed: Sequence[int], rel: int) -> int:
    """Tenhou's meld code (the inverse of ``decode_meld``)."""
    if kind == "chi":
        tiles = sorted([called, *consumed])
        low = tiles[0] // 4
        r = tiles.index(called)
        base = (low // 9) * 7 + low % 9
        code = ((base * 3 + r) << 10) | 0x4 | rel
        for i, tid in enumerate(tiles):
            code |= (tid % 4) << (3 + 2 * i)
        return code
    if kind == "pon":
        three = sorted([called, *consumed])
        t = three[0] // 4
        unused = next(i for i in range(4) if t * 4 + i not in three)
        return ((t * 3 + three.index(called)) << 9) | 0x8 | (unused << 5) | rel
    return (called << 8) | rel


def import_mjai(lines: Iterable[str], rules: Ruleset | None = None, *, match: bool | None = None) -> Imported:
    """Replay an mjai log (its JSON lines) on our engine under ``rules`` (by default those our own logs
    name under ``start_game``'s ``"majiang"``, else Tenhou's hanchan with red fives, as
    ``lobby_rules(0x09)``); its hands are a match unless ``match`` is False or our own log says they are
    independent hands (each from the scores its ``start_kyoku`` gives). MjlogError names the line and
    the event our engine does not reproduce."""
    events = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = loads_strict(line)
        except StrictJSONError as err:
            raise MjlogError(f"line {number}", f"not JSON ({err})") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise MjlogError(f"line {number}", "an mjai event is a JSON object with a 'type'")
        events.append((number, obj))
    tags: list[Tag] = []
    ids = _Ids()
    begin = next(((n, o) for n, o in events if o["type"] == "start_game"), None)
    names = None if begin is None else begin[1].get("names")
    if begin is None or not isinstance(names, list) or len(names) != 4:
        raise MjlogError("the log", "no start_game event with four names")
    facts, told = _game_facts(begin[1], f"line {begin[0]}")
    if rules is None:
        rules = told if told is not None else lobby_rules(0x09)  # else: Tenhou's hanchan with red fives
    elif told is not None and told != rules:
        raise MjlogError(f"line {begin[0]}", f"the log's rules ({told.name}, options under "
                                             f"{FACTS!r}) are not those given")
    if not isinstance(rules, RiichiRules):
        raise MjlogError("the rules", f"mjai logs are riichi games, not {rules.name!r}")
    if match is not None:
        facts["match"] = match
    starts: list[HandFacts | None] = []
    tags.append(Tag("UN", {f"n{i}": str(n) for i, n in enumerate(names)}, 0))
    last_scores: list[int] | None = None
    ura_shown: tuple[list[Any], list[int]] | None = None  # the hand's ura indicators: as named, their ids
    for number, o in events:
        where = f"line {number}"
        kind = o["type"]
        add = tags.append

        def actor(key: str = "actor", o: dict[str, Any] = o, where: str = where) -> int:
            value = o.get(key)
            if not isinstance(value, int) or not 0 <= value <= 3:
                raise MjlogError(where, f"{key!r} must be a seat 0-3, not {value!r}")
            return value

        if kind == "start_kyoku":
            ids = _Ids(rules.red_fives)
            ura_shown = None
            bakaze = o.get("bakaze")
            if bakaze not in ("E", "S", "W", "N"):
                raise MjlogError(where, f"bakaze must be E S W N, not {bakaze!r}")
            oya = actor("oya")
            hands = o.get("tehais")
            if not isinstance(hands, list) or len(hands) != 4:
                raise MjlogError(where, "tehais must be four hands")
            his = [",".join(str(ids.draw(s, *parse_mjai_tile(t, where), where)) for t in h)
                   for s, h in enumerate(hands)]
            marker = ids.take(*parse_mjai_tile(o.get("dora_marker"), where), where)
            kyoku = _whole(o.get("kyoku", 1), where, "kyoku", 1, 4)
            honba = _whole(o.get("honba", 0), where, "honba", 0, 1000)
            kyotaku = _whole(o.get("kyotaku", 0), where, "kyotaku", 0, 1000)
            seed = f"{'ESWN'.index(bakaze) * 4 + kyoku - 1},{honba},{kyotaku},0,0,{marker}"
            starts.append(_hand_facts(o.get(FACTS), where))
            scores = _scores(o.get("scores"), where, "scores") if "scores" in o else [25000] * 4
            init = {"seed": seed, "oya": str(oya), "ten": ",".join(str(s // 100) for s in scores)}
            init.update({f"hai{s}": his[s] for s in range(4)})
            add(Tag("INIT", init, number))
        elif kind == "tsumo":
            seat = actor()
            drawn = ids.draw(seat, *parse_mjai_tile(o.get("pai"), where), where)
            add(Tag(f"{'TUVW'[seat]}{drawn}", {}, number))
        elif kind == "dahai":
            seat = actor()
            add(Tag(f"{'DEFG'[seat]}{ids.let_go(seat, *parse_mjai_tile(o.get('pai'), where), where)}", {},
                    number))
        elif kind in ("chi", "pon", "daiminkan", "kakan", "ankan"):
            who = actor()
            consumed = o.get("consumed")
            if not isinstance(consumed, list):
                raise MjlogError(where, "a call needs its 'consumed' tiles")
            if kind == "ankan":
                tids = [ids.let_go(who, *parse_mjai_tile(t, where), where) for t in consumed]
                code = _meld_code("ankan", min(tids), tids, 0)
            elif kind == "kakan":
                added = ids.let_go(who, *parse_mjai_tile(o.get("pai"), where), where)
                code = _kakan_code(added, tags, who, where)
            else:
                called = _called_id(tags, o.get("pai"), where)
                tids = [ids.let_go(who, *parse_mjai_tile(t, where), where) for t in consumed]
                rel = (actor("target") - who) % 4
                code = _meld_code(kind, called, tids, rel)
            add(Tag("N", {"who": str(who), "m": str(code)}, number))
        elif kind == "reach":
            add(Tag("REACH", {"who": str(actor()), "step": "1"}, number))
        elif kind == "reach_accepted":
            reach = {"who": str(actor()), "step": "2"}
            if o.get("scores") is not None:
                reach["ten"] = ",".join(str(s // 100) for s in _scores(o.get("scores"), where, "scores"))
            add(Tag("REACH", reach, number))
        elif kind == "dora":
            marker = ids.take(*parse_mjai_tile(o.get("dora_marker"), where), where)
            add(Tag("DORA", {"hai": str(marker)}, number))
        elif kind in ("hora", "ryukyoku"):
            attrs: dict[str, str] = {}
            if o.get("deltas") is not None or o.get("scores") is not None:
                deltas = _scores(o.get("deltas"), where, "deltas")
                after = _scores(o.get("scores"), where, "scores")
                attrs["sc"] = ",".join(f"{(s - d) // 100},{d // 100}"
                                       for s, d in zip(after, deltas, strict=True))
                last_scores = after
            if kind == "hora":
                attrs.update({"who": str(actor()), "fromWho": str(actor("target"))})
                if o.get("pao") is not None:
                    attrs["paoWho"] = str(actor("pao"))
                ura = o.get("uradora_markers")
                if isinstance(ura, list) and ura:
                    if ura_shown is None:
                        ura_shown = (ura, [ids.take(*parse_mjai_tile(t, where), where) for t in ura])
                    elif ura != ura_shown[0]:  # (each riichi winner of a double ron shows the same tiles)
                        raise MjlogError(where, f"uradora_markers {ura!r:.60} differ from another winner's "
                                                f"{ura_shown[0]!r:.60}")
                    attrs["doraHaiUra"] = ",".join(map(str, ura_shown[1]))
                add(Tag("AGARI", attrs, number))
            else:
                reason = o.get("reason")
                if reason is not None and not isinstance(reason, str):
                    raise MjlogError(where, f"reason must be a name, not {reason!r:.40}")
                types = {"nine-terminals": "yao9", "four-winds": "kaze4", "four-riichi": "reach4",
                         "four-kans": "kan4", "three-ron": "ron3"}
                if reason in types:
                    attrs["type"] = types[reason]
                if "tenpais" not in o and reason not in types:
                    attrs["tenpai"] = "unknown"  # (a tenhou.net/6 draw where nobody paid)
                tenpais = o.get("tenpais") or [False] * 4
                if not isinstance(tenpais, list) or len(tenpais) != 4 \
                        or not all(isinstance(t, bool) for t in tenpais):
                    raise MjlogError(where, f"tenpais must be four true or false, not {tenpais!r:.40}")
                for s, ready in enumerate(tenpais):
                    if ready:
                        attrs[f"hai{s}"] = ""
                if reason == "three-ron" and not any(tenpais):
                    # Three seats declared ron: every seat but the one whose tile it was.
                    giver = _last_actor(tags, where)
                    attrs.update({f"hai{s}": "" for s in range(4) if s != giver})
                add(Tag("RYUUKYOKU", attrs, number))
        elif kind in ("start_game", "end_kyoku", "end_game", "none"):
            pass
        else:
            raise MjlogError(where, f"unknown mjai event type {kind!r}")
    if last_scores is None:
        raise MjlogError("the log", "no hora or ryukyoku with scores: nothing to check")
    return import_tags(tags, rules, final=[s for s in last_scores],
                       facts=LogFacts(seed=facts["seed"], match=facts["match"], hands=facts["hands"],
                                      starts=starts))


def _game_facts(begin: dict[str, Any], where: str) -> tuple[dict[str, Any], Ruleset | None]:
    """What our own log adds to ``start_game`` (``FACTS``): the match's seed, whether the hands are a
    match, the record's hand count, and the rules (None when the log does not say)."""
    facts: dict[str, Any] = {"seed": None, "match": True, "hands": None}
    ours = begin.get(FACTS)
    if ours is None:
        return facts, None
    where = f"{where}: {FACTS}"
    if not isinstance(ours, dict):
        raise MjlogError(where, f"must be an object, not {ours!r:.40}")
    seed, match, hands = ours.get("seed"), ours.get("match", True), ours.get("hands")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise MjlogError(where, f"'seed' must be a whole number or null, not {seed!r:.40}")
    if not isinstance(match, bool):
        raise MjlogError(where, f"'match' must be true or false, not {match!r:.40}")
    if hands is not None:
        hands = _whole(hands, where, "hands", 1, 10**6)
    facts.update(seed=seed, match=match, hands=hands)
    name, options = ours.get("rules"), ours.get("options")
    if name is None and options is None:
        return facts, None
    if not isinstance(name, str) or not isinstance(options, dict):
        raise MjlogError(where, "'rules' must be a ruleset's name and 'options' an object")
    try:
        return facts, rules_from_options(name, options)
    except (MajiangError, ValueError) as err:
        raise MjlogError(where, str(err)) from None


def _hand_facts(ours: object, where: str) -> HandFacts | None:
    """What our own log adds to ``start_kyoku`` (``FACTS``): the ring, the dice and the seed."""
    if ours is None:
        return None
    where = f"{where}: {FACTS}"
    if not isinstance(ours, dict):
        raise MjlogError(where, f"must be an object, not {ours!r:.40}")
    ring, dice, seed = ours.get("ring"), ours.get("dice"), ours.get("seed")
    if not isinstance(ring, list) or len(ring) != 136:
        raise MjlogError(where, "'ring' must be the 136 tiles of the wall")
    tiles = [_whole(t, where, "ring", 0, 33) for t in ring]
    if not isinstance(dice, list) or len(dice) != 2:
        raise MjlogError(where, f"'dice' must be two rolls, not {dice!r:.40}")
    first, second = (_whole(d, where, "dice", 2, 12) for d in dice)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise MjlogError(where, f"'seed' must be a whole number or null, not {seed!r:.40}")
    answers: dict[int, list[tuple[int, str]]] = {}
    windows = ours.get("answers", [])
    if not isinstance(windows, list):
        raise MjlogError(where, f"'answers' must be a list, not {windows!r:.40}")
    for window in windows:
        if not (isinstance(window, list) and len(window) == 2 and isinstance(window[1], list)
                and all(isinstance(a, list) and len(a) == 2 and isinstance(a[1], str) for a in window[1])):
            raise MjlogError(where, f"each of 'answers' is [events, [[seat, action], ...]], "
                                    f"not {window!r:.60}")
        at = _whole(window[0], where, "answers", 0, 10**6)
        for _, text in window[1]:
            try:
                Action.parse(text)
            except MajiangError as err:
                raise MjlogError(where, f"'answers': {err}") from None
        answers[at] = [(_whole(a[0], where, "answers", 0, 3), a[1]) for a in window[1]]
    return HandFacts(tiles, (first, second), seed, answers)


def _whole(value: object, where: str, key: str, low: int, high: int) -> int:
    """A whole number ``low``-``high`` read from ``key``; MjlogError naming ``where`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MjlogError(where, f"{key!r} must be a whole number {low}-{high}, not {value!r:.40}")
    return value


def _scores(value: object, where: str, key: str) -> list[int]:
    """Four points (scores or their changes), each a multiple of 100 as Tenhou's tags carry them."""
    if not isinstance(value, list) or len(value) != 4:
        raise MjlogError(where, f"{key!r} must be four points, not {value!r:.40}")
    out = [_whole(v, where, key, -10**7, 10**7) for v in value]
    if any(v % 100 for v in out):
        raise MjlogError(where, f"{key!r} must be in hundreds of points, not {out}")
    return out


def _last_actor(tags: list[Tag], where: str) -> int:
    """The seat of the hand's last discard or added kan (the tile a ron is declared on)."""
    for tag in reversed(tags):
        if tag.name == "INIT":
            break
        if tag.name[0] in "DEFG" and tag.name[1:].isdigit():
            return "DEFG".index(tag.name[0])
        if tag.name == "N":
            return int(tag.attrs["who"])
    raise MjlogError(where, "a three-ron abort before any discard")


def _called_id(tags: list[Tag], pai: object, where: str) -> int:
    """The id of the discard being called: the last discard tag's."""
    for tag in reversed(tags):
        if tag.name[0] in "DEFG" and tag.name[1:].isdigit():
            tid = int(tag.name[1:])
            if pai is not None and parse_mjai_tile(pai, where)[0] != tid // 4:
                raise MjlogError(where, f"the call names {pai!r}, the last discard was another tile")
            return tid
    raise MjlogError(where, "a call before any discard")


def _kakan_code(added: int, tags: list[Tag], who: int, where: str) -> int:
    """The added kan's code, from the pon it extends."""
    from majiang.interop.tenhou import decode_meld

    for tag in reversed(tags):
        if tag.name == "INIT":
            break
        if tag.name == "N" and tag.attrs["who"] == str(who):
            meld = decode_meld(int(tag.attrs["m"]))
            if meld["kind"] == "pon" and meld["tiles"][0] // 4 == added // 4:
                m = int(tag.attrs["m"])
                unused = (m >> 5) & 3
                if meld["tiles"][0] // 4 * 4 + unused != added:
                    m = (m & ~(3 << 5)) | ((added % 4) << 5)
                return (m & ~0x8) | 0x10
    raise MjlogError(where, "kakan without a pon of its tile")


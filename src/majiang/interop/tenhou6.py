"""tenhou.net/6 JSON (the log format of Tenhou's viewer): written from mjai events, read into them.

A log is ``{"title", "name", "rule", "log"}``; each hand in ``log`` is ``[[round, honba, sticks],
scores, dora indicators, ura indicators, then for each seat its 13 tiles, its draws (and calls) and
its discards, and the result]``. Tiles are 11-19 (m), 21-29 (p), 31-39 (s), 41-47 (E S W N P F C),
51-53 the red fives; a discard of the tile just drawn is 60; ``r`` marks a riichi discard; a call
in the draws is a string with ``c`` (chi), ``p`` (pon) or ``m`` (open kan) before the called tile,
placed by where it came from (first: the seat before, second: across, last: the seat after), and a
kan made from one's hand is a string in the discards, ``k`` (added) or ``a`` (concealed).

``to_tenhou6(events)`` turns mjai events (``majiang.interop.mjai.export_mjai``) into such a log, and
``from_tenhou6(log)`` back into mjai events, which ``import_mjai`` replays and checks on our engine. Our
own facts (the ``"majiang"`` of ``start_game`` and of each ``start_kyoku``) go in a top-level
``"majiang"``, each hand's in its ``kyoku`` list, and come back to the same events (docs/interop.md,
*Round trips*).

>>> tenhou6_tile("5mr"), tenhou6_tile("C"), mjai_name(53), mjai_name(41)
(51, 47, '5sr', 'E')
"""

from __future__ import annotations

from typing import Any

from majiang.interop.mjai import FACTS
from majiang.interop.tenhou import MjlogError
from majiang.interop.tenhou_mjlog import lobby_rules, log_hour
from majiang.rules.riichi.ruleset import RiichiRules

__all__ = ["from_tenhou6", "mjai_name", "tenhou6_rules", "tenhou6_tile", "to_tenhou6"]

HONORS = "ESWNPFC"
ABORTS = {"nine-terminals": "九種九牌", "four-winds": "四風連打", "four-riichi": "四家立直",
          "four-kans": "四槓散了", "three-ron": "三家和了"}


def tenhou6_tile(name: str) -> int:
    """The tenhou.net/6 number of an mjai tile name."""
    if name in HONORS:
        return 41 + HONORS.index(name)
    suit = "mps".index(name[1]) + 1
    return 50 + suit if name.endswith("r") else suit * 10 + int(name[0])


def mjai_name(code: object, where: str = "the log") -> str:
    """The mjai name of a tenhou.net/6 tile number; MjlogError otherwise."""
    if isinstance(code, int) and not isinstance(code, bool):
        if 51 <= code <= 53:
            return f"5{'mps'[code - 51]}r"
        if 11 <= code <= 39 and code % 10:
            return f"{code % 10}{'mps'[code // 10 - 1]}"
        if 41 <= code <= 47:
            return HONORS[code - 41]
    raise MjlogError(where, f"{code!r} is no tenhou.net/6 tile (11-19, 21-29, 31-39, 41-47, 51-53)")


def _norm(code: int) -> int:
    """A red five's number as the plain five's (51 is 15)."""
    return {51: 15, 52: 25, 53: 35}.get(code, code)


def _two(name: str) -> str:
    return str(tenhou6_tile(name))


def rule_disp(rules: RiichiRules) -> str:
    """Tenhou's name of a table's rules (``rule.disp``): 般 (the lobby), 東 or 南 (the length), 喰 (open
    tanyao), 赤 (red fives).

    >>> from majiang.interop.tenhou_mjlog import lobby_rules
    >>> rule_disp(lobby_rules(0x09)), rule_disp(lobby_rules(0x01 | 0x02 | 0x04))
    ('般南喰赤', '般東')
    """
    return ("般" + ("南" if rules.length == "hanchan" else "東") + ("喰" if rules.open_tanyao else "")
            + ("赤" if rules.red_fives else ""))


def tenhou6_rules(data: object) -> RiichiRules | None:
    """The rules a tenhou.net/6 log's ``rule`` (its ``disp``, ``aka``) and ``ref`` (the log id, its date)
    say, as Tenhou's lobby of that name; None when it has no ``rule`` to read.

    >>> r = tenhou6_rules({"rule": {"disp": "鳳東喰赤", "aka": 1}, "ref": "2009071823gm-0041-0000-ff3a2214"})
    >>> r.length, r.open_tanyao, r.red_fives, r.tenpai_yame
    ('tonpuu', True, 3, False)
    """
    if not isinstance(data, dict) or not isinstance(data.get("rule"), dict):
        return None
    rule = data["rule"]
    disp = rule.get("disp")
    if not isinstance(disp, str):
        return None
    red = bool(rule.get("aka") or rule.get("aka51") or "赤" in disp)
    code = 0x01 | (0x08 if "南" in disp else 0) | (0 if "喰" in disp else 0x04) | (0 if red else 0x02)
    ref = data.get("ref")
    return lobby_rules(code, played=log_hour(ref) if isinstance(ref, str) else None)


def to_tenhou6(events: list[dict[str, Any]], rules: RiichiRules | None = None) -> dict[str, Any]:
    """A tenhou.net/6 log of mjai events (one game); ``rules`` name the table in ``rule`` (else it is
    guessed: a hanchan with open tanyao, red fives if any was seen)."""
    begin = next(e for e in events if e["type"] == "start_game")
    names = begin["names"]
    starts = [e.get(FACTS) for e in events if e["type"] == "start_kyoku"]
    log: list[list[Any]] = []
    hand: list[Any] = []
    takes: list[list[Any]] = []
    drops: list[list[Any]] = []
    drawn: list[str | None] = [None] * 4
    reach = [False] * 4
    result: list[Any] = []
    ura: list[int] = []
    aka = 0
    for e in events:
        kind = e["type"]
        if kind == "start_kyoku":
            bakaze = "ESWN".index(e["bakaze"])
            hand = [[bakaze * 4 + e["kyoku"] - 1, e["honba"], e["kyotaku"]], list(e["scores"]),
                    [tenhou6_tile(e["dora_marker"])], []]
            haipai = [sorted(tenhou6_tile(t) for t in h) for h in e["tehais"]]
            takes, drops, result, ura = [[], [], [], []], [[], [], [], []], [], []
            drawn, reach = [None] * 4, [False] * 4
            hand.append(haipai)
            aka |= any(t >= 51 for h in haipai for t in h)
        elif kind == "tsumo":
            takes[e["actor"]].append(tenhou6_tile(e["pai"]))
            drawn[e["actor"]] = e["pai"]
            aka |= e["pai"].endswith("r")
        elif kind == "reach":
            reach[e["actor"]] = True
        elif kind == "dahai":
            a = e["actor"]
            code: Any = 60 if e["tsumogiri"] and drawn[a] == e["pai"] else tenhou6_tile(e["pai"])
            if reach[a]:
                code, reach[a] = f"r{code}", False
            drops[a].append(code)
            drawn[a] = None
        elif kind in ("chi", "pon", "daiminkan"):
            a, called = e["actor"], _two(e["pai"])
            own = [_two(t) for t in e["consumed"]]
            letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[kind]
            at = {3: 0, 2: 1, 1: len(own)}[(e["target"] - a) % 4]
            takes[a].append("".join([*own[:at], letter + called, *own[at:]]))
            if kind == "daiminkan":
                drops[a].append(0)
        elif kind == "kakan":
            a = e["actor"]
            kind_of = _norm(tenhou6_tile(e["pai"]))
            pon = next(t for t in reversed(takes[a]) if isinstance(t, str) and "p" in t
                       and _norm(_split(t, "the export")[0]) == kind_of)
            drops[a].append(pon.replace("p", "k" + _two(e["pai"]), 1))
        elif kind == "ankan":
            own = [_two(t) for t in e["consumed"]]
            drops[e["actor"]].append("".join(own[:3]) + "a" + own[3])
        elif kind == "dora":
            hand[2].append(tenhou6_tile(e["dora_marker"]))
        elif kind == "hora":
            if not result:
                result = ["和了"]
            result.append(list(e["deltas"]))
            value = f"{e['fu']}符{e['fan']}飜{e['hora_points']}点"
            result.append([e["actor"], e["target"], e.get("pao", e["actor"]), value])
            if e.get("uradora_markers") and not ura:
                ura = [tenhou6_tile(t) for t in e["uradora_markers"]]
        elif kind == "ryukyoku":
            reason = e.get("reason")
            name = "流し満貫" if e.get("nagashi") else "流局"
            result = [ABORTS[reason]] if reason in ABORTS else [name, list(e["deltas"])]
        elif kind == "end_kyoku":
            hand[3] = ura
            seats = [hand[4][s] for s in range(4)]
            body = hand[:4]
            for s in range(4):
                body.extend([seats[s], takes[s], drops[s]])
            body.append(result)
            log.append(body)
    disp = rule_disp(rules) if rules is not None else "般南喰赤" if aka else "般南喰"
    red = bool(rules.red_fives) if rules is not None else bool(aka)
    out = {"title": ["", ""], "name": list(names), "rule": {"disp": disp, "aka": 1 if red else 0}, "log": log}
    if FACTS in begin:  # our own facts: the game's, then each hand's (as the mjai events carry them)
        out[FACTS] = {**begin[FACTS], "kyoku": starts}
    return out


def from_tenhou6(data: object) -> list[dict[str, Any]]:
    """mjai events of a tenhou.net/6 log (the order of play rebuilt from the draws and discards); every
    malformed entry is a ``MjlogError`` naming where it is (``log[2][5][3]``)."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise MjlogError("the log", "a tenhou.net/6 log is an object with a 'log' list")
    names = data.get("name")
    if not isinstance(names, list) or len(names) != 4:
        raise MjlogError("the log", "'name' must list four players")
    begin: dict[str, Any] = {"type": "start_game", "names": [str(n) for n in names]}
    out: list[dict[str, Any]] = [begin]
    ours = data.get(FACTS)
    starts: list[Any] = []
    if ours is not None:
        if not isinstance(ours, dict) or not isinstance(ours.get("kyoku"), list) \
                or len(ours["kyoku"]) != len(data["log"]):
            raise MjlogError(FACTS, f"must be an object whose 'kyoku' has an entry for each of the "
                                    f"{len(data['log'])} hands")
        begin[FACTS] = {k: v for k, v in ours.items() if k != "kyoku"}
        starts = ours["kyoku"]
    for k, hand in enumerate(data["log"]):
        events = _hand_events(hand, f"log[{k}]")
        if starts and starts[k] is not None:
            events[0][FACTS] = starts[k]
        out.extend(events)
    out.append({"type": "end_game"})
    return out


def _int(value: object, where: str, low: int = 0, high: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MjlogError(where, f"{_short(value)} is not a whole number {low}-{high}")
    return value


def _list(value: object, where: str, size: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (size is not None and len(value) != size):
        raise MjlogError(where, f"{_short(value)} is not a list{'' if size is None else f' of {size}'}")
    return value


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


POINTS = 10**7
"""Bounds of a score or a score change (far beyond any game)."""


def _hand_events(hand: object, where: str) -> list[dict[str, Any]]:
    if not isinstance(hand, list) or len(hand) != 17:
        raise MjlogError(where, "a hand is a list of 17 entries")
    head, scores, dora, ura = hand[0], hand[1], hand[2], hand[3]
    if not (isinstance(head, list) and len(head) == 3 and isinstance(scores, list) and len(scores) == 4):
        raise MjlogError(where, "a hand starts with [round, honba, sticks] and four scores")
    round_number = _int(head[0], f"{where}[0][0]", 0, 15)
    honba, sticks = _int(head[1], f"{where}[0][1]", 0, 1000), _int(head[2], f"{where}[0][2]", 0, 1000)
    scores = [_int(x, f"{where}[1][{s}]", -POINTS, POINTS) for s, x in enumerate(scores)]
    dora, ura = _list(dora, f"{where}[2]"), _list(ura, f"{where}[3]")
    if not dora:
        raise MjlogError(f"{where}[2]", "no dora indicator")
    seats = [(_list(hand[4 + 3 * s], f"{where}[{4 + 3 * s}]", 13),
              _list(hand[5 + 3 * s], f"{where}[{5 + 3 * s}]"),
              _list(hand[6 + 3 * s], f"{where}[{6 + 3 * s}]")) for s in range(4)]
    result = hand[16]
    oya = round_number % 4
    out: list[dict[str, Any]] = [{
        "type": "start_kyoku", "bakaze": "ESWN"[round_number // 4], "kyoku": oya + 1, "honba": honba,
        "kyotaku": sticks, "oya": oya, "scores": list(scores),
        "dora_marker": mjai_name(dora[0], f"{where}[2][0]"),
        "tehais": [[mjai_name(t, f"{where}[{4 + 3 * s}][{i}]") for i, t in enumerate(seats[s][0])]
                   for s in range(4)]}]
    doras = iter(enumerate(dora[1:], 1))
    ti, di = [0, 0, 0, 0], [0, 0, 0, 0]
    seat = oya
    drawn: str | None = None
    riichi_pending: int | None = None
    while True:
        takes, drops = seats[seat][1], seats[seat][2]
        if ti[seat] >= len(takes):
            break
        if riichi_pending is not None:
            # The stick is paid as the declaration tile goes by: before the next draw or call on it (a
            # second riichi right after must find the first one's stick paid).
            out.append(_accepted(riichi_pending, scores))
            riichi_pending = None
        take = takes[ti[seat]]
        here = f"{where}[{5 + 3 * seat}][{ti[seat]}]"
        ti[seat] += 1
        if isinstance(take, str):
            out.extend(_call(take, seat, here))
            drawn = None
            if "m" in take:
                di[seat] += 1  # the 0 placeholder: the replacement draw comes next
                for k, marker in doras:
                    out.append({"type": "dora", "dora_marker": mjai_name(marker, f"{where}[2][{k}]")})
                    break
                continue
        else:
            drawn = mjai_name(take, here)
            out.append({"type": "tsumo", "actor": seat, "pai": drawn})
        if di[seat] >= len(drops):
            break  # a tsumo win or an abortive draw on this turn
        drop = drops[di[seat]]
        here = f"{where}[{6 + 3 * seat}][{di[seat]}]"
        di[seat] += 1
        if isinstance(drop, str) and ("k" in drop or "a" in drop):
            out.append(_kan_of_own(drop, seat, here))
            for k, marker in doras:
                out.append({"type": "dora", "dora_marker": mjai_name(marker, f"{where}[2][{k}]")})
                break
            continue
        riichi = isinstance(drop, str) and drop.startswith("r")
        if isinstance(drop, str) and not (riichi and drop[1:].isascii() and drop[1:].isdigit()):
            raise MjlogError(here, f"{_short(drop)} is no discard (a tile, 60, r and a tile, or a kan)")
        code = int(drop[1:]) if riichi else drop
        if code == 60 and drawn is None:
            raise MjlogError(here, "60 (the tile just drawn) after a call, which draws no tile")
        pai = drawn if code == 60 else mjai_name(code, here)
        assert pai is not None
        if riichi:
            out.append({"type": "reach", "actor": seat})
            riichi_pending = seat
        out.append({"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": code == 60})
        drawn = None
        nxt = _caller(seats, ti, seat, tenhou6_tile(pai), where)
        seat = nxt if nxt is not None else (seat + 1) % 4
    if riichi_pending is not None and not (isinstance(result, list) and result[:1] == ["和了"]):
        out.append(_accepted(riichi_pending, scores))  # no ron on the declaration tile: the riichi stands
    out.extend(_result(result, scores, f"{where}[16]"))
    if ura:
        standing = {e["actor"] for e in out if e["type"] == "reach_accepted"}
        for e in out:
            if e["type"] == "hora" and e["actor"] in standing:  # only a riichi winner sees them
                e["uradora_markers"] = [mjai_name(t, f"{where}[3][{k}]") for k, t in enumerate(ura)]
    out.append({"type": "end_kyoku"})
    return out


def _accepted(seat: int, scores: list[int]) -> dict[str, Any]:
    """The ``reach_accepted`` of ``seat`` (its stick paid from ``scores``, which it updates)."""
    scores[seat] -= 1000
    deltas = [0, 0, 0, 0]
    deltas[seat] = -1000
    return {"type": "reach_accepted", "actor": seat, "deltas": deltas, "scores": list(scores)}


def _caller(seats: list[tuple[list[Any], list[Any], list[Any]]], ti: list[int], giver: int, tile: int,
            where: str) -> int | None:
    """The seat whose next draw entry is a call on ``giver``'s discard ``tile``: a pon or kan before a chi
    (as the table gives them priority), since the seat after the giver may show a chi of the same tile
    from a later discard."""
    found = None
    for s in range(4):
        if s == giver:
            continue
        takes = seats[s][1]
        if ti[s] < len(takes) and isinstance(takes[ti[s]], str):
            called, _, at, letter = _split(takes[ti[s]], f"{where}[{5 + 3 * s}][{ti[s]}]")
            rel = {0: 3, 1: 2}.get(at, 1)
            if (giver - s) % 4 == rel and called == tile:
                if letter != "c":
                    return s
                found = s
    return found


CALL_SIZES = {"c": 3, "p": 3, "m": 4, "k": 4, "a": 4}
"""The tiles in each kind of call string: chi, pon, open kan, added kan, concealed kan."""


def _split(text: str, where: str) -> tuple[int, list[int], int, str]:
    """A call string read: (the called tile, the others, the called tile's place, its letter)."""
    letters = [(i, ch) for i, ch in enumerate(text) if not ch.isdigit()]
    if len(letters) != 1 or letters[0][1] not in CALL_SIZES or letters[0][0] % 2 or not text.isascii():
        raise MjlogError(where, f"{_short(text)} is no call (two-digit tiles with one of c p m k a "
                                "before the called tile)")
    i, letter = letters[0]
    digits = text[:i] + text[i + 1:]
    if len(digits) != 2 * CALL_SIZES[letter]:
        raise MjlogError(where, f"{_short(text)}: a call {letter!r} holds {CALL_SIZES[letter]} tiles")
    codes = [int(digits[j:j + 2]) for j in range(0, len(digits), 2)]
    for code in codes:
        mjai_name(code, where)
    at = i // 2
    return codes[at], codes[:at] + codes[at + 1:], at, letter


def _call(take: str, seat: int, where: str) -> list[dict[str, Any]]:
    called, own, at, letter = _split(take, where)
    kind = {"c": "chi", "p": "pon", "m": "daiminkan"}.get(letter)
    if kind is None:
        raise MjlogError(where, f"{take!r}: {letter!r} is a kan of one's own: among the discards, not the "
                                "draws")
    rel = {0: 3, 1: 2}.get(at, 1)
    target = (seat + rel) % 4
    return [{"type": kind, "actor": seat, "target": target, "pai": mjai_name(called, where),
             "consumed": [mjai_name(t, where) for t in own]}]


def _kan_of_own(drop: str, seat: int, where: str) -> dict[str, Any]:
    called, own, _, letter = _split(drop, where)
    if letter == "a":
        tiles = [*own[:3], called]
        return {"type": "ankan", "actor": seat, "consumed": [mjai_name(t, where) for t in tiles]}
    if letter != "k":
        raise MjlogError(where, f"{drop!r}: a call among the discards is a kan (k or a)")
    return {"type": "kakan", "actor": seat, "pai": mjai_name(called, where),
            "consumed": [mjai_name(t, where) for t in own]}


def _deltas(value: object, where: str) -> list[int]:
    return [_int(x, f"{where}[{s}]", -POINTS, POINTS) for s, x in enumerate(_list(value, where, 4))]


def _result(result: object, scores: list[int], where: str) -> list[dict[str, Any]]:
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise MjlogError(where, "a hand ends with its result (a name, then payments)")
    name = result[0]
    if name == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            raise MjlogError(where, "a win is 和了 then pairs of score changes and [winner, from, ...]")
        out = []
        for k in range(1, len(result), 2):
            deltas = _deltas(result[k], f"{where}[{k}]")
            info = _list(result[k + 1], f"{where}[{k + 1}]")
            if len(info) < 2:
                raise MjlogError(f"{where}[{k + 1}]", "a win names its winner and whom it is from")
            scores[:] = [a + b for a, b in zip(scores, deltas, strict=True)]
            win: dict[str, Any] = {"type": "hora", "actor": _int(info[0], f"{where}[{k + 1}][0]", 0, 3),
                                   "target": _int(info[1], f"{where}[{k + 1}][1]", 0, 3), "deltas": deltas,
                                   "scores": list(scores)}
            if len(info) > 2:  # the liable seat (pao), or the winner when nobody is
                pao = _int(info[2], f"{where}[{k + 1}][2]", 0, 3)
                if pao != win["actor"]:
                    win["pao"] = pao
            out.append(win)
        return out
    reasons = {v: k for k, v in ABORTS.items()}
    if name in reasons:
        return [{"type": "ryukyoku", "reason": reasons[name], "deltas": [0, 0, 0, 0], "scores": list(scores)}]
    if name != "流局" and name != "全員聴牌" and name != "全員不聴" and name != "流し満貫":
        raise MjlogError(where, f"unknown result {_short(name)}")
    deltas = _deltas(result[1], f"{where}[1]") if len(result) > 1 else [0, 0, 0, 0]
    scores[:] = [a + b for a, b in zip(scores, deltas, strict=True)]
    event: dict[str, Any] = {"type": "ryukyoku", "reason": "fanpai", "deltas": list(deltas),
                             "scores": list(scores)}
    if name == "流し満貫":  # the nagashi seats are paid; who was ready is not written
        event["nagashi"] = [s for s in range(4) if deltas[s] > 0]
    elif any(deltas):  # the ready seats are paid; with no payment, all or none were ready
        event["tenpais"] = [d > 0 for d in deltas]
    return [event]

"""Botzone match logs of Chinese Standard Mahjong: our records to the judge's log and back.

A Botzone log is the JSON object its judge reads (``judge/main.cpp`` of ailab-pku/Chinese-Standard-Mahjong;
Botzone's wiki, page 裁判/Judge): ``initdata`` holds the walls (``walltiles``: the tile codes, seat id
``k``'s wall being their ``k``-th quarter, 34 codes or 36 with the flowers, drawn from the end) and the
round wind (``quan``);
``log`` alternates the judge's outputs (even entries: ``{"output": {"command": "request", "content":
{"0": request, ...}, "display": {...}}, "verdict": "OK"}``, the last one ``"command": "finish"`` with each
seat's score as its content) and the players' responses (odd entries: ``{"0": {"verdict": "OK",
"response": "PASS"}, ...}``). Botzone's seat ids count from the dealer (id 0, East).

:func:`hand_to_log` writes the log of one hand of a record played with per-seat walls (the ``botzone``
rules); :func:`log_to_game` plays a log again on our engine (the ``botzone`` rules), reading each turn's
responses as the judge does (``majiang.interop.botzone_table``), and checks that every request and the
final scores are the ones in the log; :func:`logs_to_record` makes a record of logs, which ``majiang
replay --check`` validates. What our record knows and Botzone's log does not (the hand's seed and dice,
a dealer other than seat 0, the opening scores, the players' names and the rules' options) travels in
``initdata["majiang"]``, which the judge ignores, so a record exported and imported again is the same.

A malformed log raises :class:`LogError` naming the entry (``log[12]["2"].response``) and the reason.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from majiang.actions import Action
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game import events as ev
from majiang.game.ruleset import BONUS_BASE, Ruleset, find_ruleset
from majiang.game.table import Game
from majiang.interop.botzone import BotzoneError, from_code, to_code
from majiang.interop.botzone_table import BOT_VERDICTS, Answer, JudgeTurn, Reply, Transcript, referee
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.records.check import HandReplay, replay_record
from majiang.records.format import Record, canonical, check_players, rules_from_options
from majiang.records.writer import RecordWriter
from majiang.tiles import WINDS

__all__ = ["LOG_PLAYERS", "LogError", "hand_to_log", "log_to_game", "logs_to_record", "read_logs",
           "record_to_logs", "ring_code"]

LOG_PLAYERS = ("bot 0", "bot 1", "bot 2", "bot 3")
"""The players of an imported log that names none (bot ``k`` is Botzone's seat id ``k``)."""

_FLOWER_CODES = tuple(f"H{i}" for i in range(1, 9))


class LogError(MajiangError):
    """A Botzone log that cannot be read or does not replay: ``where`` (a path into the JSON) and why."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}" if where else reason)

    def __reduce__(self) -> tuple[type[LogError], tuple[str, str]]:
        return (LogError, (self.where, self.reason))


def _wall_code(code: int) -> str:
    return _FLOWER_CODES[code - BONUS_BASE] if code >= BONUS_BASE else to_code(code)


def ring_code(code: str) -> int:
    """Our wall code (0-33 tiles, 34-41 flowers) of a Botzone code in ``walltiles`` (``H1``-``H8``
    flowers)."""
    if code in _FLOWER_CODES:
        return BONUS_BASE + _FLOWER_CODES.index(code)
    return int(from_code(code))


# -- export ------------------------------------------------------------------------------------------


def _per_seat(rules: Ruleset) -> bool:
    return rules.options().get("walls") == "per-seat"


def _replayed(rules: Ruleset, start: Mapping[str, Any], acts: Iterable[Mapping[str, Any]]) -> Transcript:
    """The hand played again from its start and its inputs (act and forfeit lines), with its transcript."""
    game = Game(rules, dealer=start["dealer"], round_wind=_wind(start["round_wind"]), wall=start["ring"],
                dice=(start["dice"][0], start["dice"][1]), totals=start["scores"])
    transcript = Transcript(game)
    for line in acts:
        if line["e"] == "act":
            game.apply(line["seat"], Action.parse(line["a"]))
        elif line["e"] == "forfeit":
            game.forfeit(line["seat"], line["reason"], turn=line.get("turn"), responses=line.get("responses"))
        transcript.update()
    return transcript


def _wind(letter: str) -> Any:
    return next(w for w in WINDS if w.notation() == letter)


def hand_to_log(hand: HandReplay, rules: Ruleset) -> dict[str, Any]:
    """The Botzone log of one checked hand (``majiang.records.replay``) played with per-seat walls."""
    if not _per_seat(rules):
        raise InvalidOptionError(f"hand {hand.number}: a Botzone log holds each seat's own wall; this hand "
                                 f"was played under {rules.name} with one shared wall (play --rules botzone)")
    start = hand.events[0]
    inputs = [e for e in hand.events if e.get("e") in ("act", "forfeit")]
    transcript = _replayed(rules, start, inputs)
    game = transcript.game
    result = game.result
    assert result is not None
    dealer = game.dealer
    ids = [(i + dealer) % 4 for i in range(4)]  # ids[k]: our seat of Botzone id k
    turns = transcript.turns
    forfeit = transcript.forfeit
    if forfeit is not None and forfeit.turn is not None:
        turns = turns[:forfeit.turn + 1]
    log: list[dict[str, Any]] = []
    for turn in turns:
        log.append({"output": {"command": "request",
                               "content": {str(k): turn.requests[ids[k]] for k in range(4)},
                               "display": _display(turn, dealer)},
                    "verdict": "OK"})
        log.append({str(k): _player(turn, ids[k], forfeit) for k in range(4)})
    log.append({"output": {"command": "finish",
                           "content": {str(k): result.deltas[ids[k]] for k in range(4)},
                           "display": _finish(game, dealer, forfeit)},
                "verdict": "OK"})
    quan = WINDS.index(game.round_wind)
    ours = {"seed": start["seed"], "dice": start["dice"], "dealer": dealer, "scores": start["scores"],
            "rules": rules.name, "options": rules.options(), "hand": hand.number}
    return {"initdata": {"walltiles": " ".join(_wall_code(c) for c in start["ring"]), "quan": quan,
                         "majiang": ours},
            "log": log,
            "players": [hand.players[hand.player_at(ids[k])] for k in range(4)]}


def _player(turn: JudgeTurn, seat: int, forfeit: ev.Forfeit | None) -> dict[str, Any]:
    if forfeit is not None and forfeit.seat == seat and forfeit.turn == turn.index and \
            forfeit.reason in BOT_VERDICTS:
        out: dict[str, Any] = {"verdict": forfeit.reason}
        if forfeit.response is not None:
            out["response"] = forfeit.response
        return out
    return {"verdict": "OK", "response": turn.responses[seat]}


def _display(turn: JudgeTurn, dealer: int) -> dict[str, Any]:
    out: dict[str, Any] = {"action": turn.action}
    if turn.seat is not None:
        out["player"] = (turn.seat - dealer) % 4
    if turn.tile is not None and turn.action != "DRAW":
        out["tile"] = turn.tile
    if turn.chow is not None:
        out["tileCHI"] = turn.chow
    return out


def _finish(game: Game, dealer: int, forfeit: ev.Forfeit | None) -> dict[str, Any]:
    result = game.result
    assert result is not None
    score = [result.deltas[(k + dealer) % 4] for k in range(4)]
    if forfeit is not None:
        return {"action": forfeit.reason, "player": (forfeit.seat - dealer) % 4, "score": score}
    false_win = next((e for e in game.events if isinstance(e, ev.FalseWinPenalty)), None)
    if false_win is not None:
        return {"action": "WH", "player": (false_win.seat - dealer) % 4, "score": score}
    if not result.wins:
        return {"action": "HUANG", "score": score}
    win = result.wins[0]
    hits = getattr(win.score, "fans", ())
    fans = [{"name": hit.name, "cnt": hit.count, "value": hit.value} for hit in hits]
    return {"action": "HU", "player": (win.seat - dealer) % 4, "fanCnt": win.score.total, "fan": fans,
            "score": score}


def record_to_logs(record: Record, hands: Sequence[int] | None = None) -> Iterator[dict[str, Any]]:
    """The Botzone log of each hand of a record (or of the ``hands`` numbered), checked as it is read."""
    wanted = None if hands is None else set(hands)
    if wanted is not None:
        missing = sorted(n for n in wanted if not 1 <= n <= len(record.hands))
        if missing:
            raise InvalidOptionError(f"the record has hands 1 to {len(record.hands)}, not {missing[0]}")
    for hand in replay_record(record):
        if wanted is None or hand.number in wanted:
            yield hand_to_log(hand, record.header.rules)


# -- import ------------------------------------------------------------------------------------------


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _initdata(log: Mapping[str, Any]) -> dict[str, Any]:
    if "initdata" not in log:
        raise LogError("initdata", "missing: it holds the walls (walltiles) and the round wind (quan)")
    data = log["initdata"]
    if isinstance(data, str):
        try:
            data = loads_strict(data) if data.strip() else {}
        except StrictJSONError as err:
            raise LogError("initdata", f"a string that is not a JSON object ({err})") from None
    if not isinstance(data, dict):
        raise LogError("initdata", f"must be an object, not {canonical(data)[:60]}")
    return data


def _rules_of(data: Mapping[str, Any], size: int) -> Ruleset:
    ours = data.get("majiang")
    if isinstance(ours, dict) and "rules" in ours:
        name, options = ours.get("rules"), ours.get("options")
        if not isinstance(name, str) or not isinstance(options, dict):
            raise LogError("initdata.majiang", "'rules' must be a ruleset name and 'options' an object")
        try:
            rules = rules_from_options(name, options)
        except ValueError as err:
            raise LogError("initdata.majiang.options", str(err)) from None
    else:
        rules = find_ruleset("botzone", ["flowers=true"] if size == 144 else [])
    if not _per_seat(rules):
        raise LogError("initdata.majiang.options", f"the rules {rules.name} have one shared wall; a Botzone "
                                                   "log needs per-seat walls")
    return rules


def _walls(data: Mapping[str, Any]) -> list[int]:
    text = data.get("walltiles")
    if not isinstance(text, str) or not text.strip():
        raise LogError("initdata.walltiles", "missing: without the walls the hand cannot be played again")
    ring = []
    for i, code in enumerate(text.split(" ")):
        try:
            ring.append(ring_code(code))
        except BotzoneError:
            raise LogError(f"initdata.walltiles[{i}]", f"not a tile code: {code!r}") from None
    return ring


def _start(data: Mapping[str, Any], rules: Ruleset, ring: list[int]) -> Game:
    quan: Any = data.get("quan")
    if not _int(quan) or not 0 <= quan <= 3:
        raise LogError("initdata.quan", f"the round wind must be 0-3, not {canonical(quan)}")
    ours = data.get("majiang") if isinstance(data.get("majiang"), dict) else {}
    assert isinstance(ours, dict)
    dealer, dice = ours.get("dealer", 0), ours.get("dice", [2, 2])
    scores, seed = ours.get("scores", [0] * 4), ours.get("seed")
    if not _int(dealer) or not 0 <= dealer <= 3:
        raise LogError("initdata.majiang.dealer", f"must be a seat 0-3, not {canonical(dealer)}")
    if not (isinstance(dice, list) and len(dice) == 2 and all(_int(d) for d in dice)):
        raise LogError("initdata.majiang.dice", f"must be two rolls, not {canonical(dice)}")
    if not (isinstance(scores, list) and len(scores) == 4 and all(_int(s) for s in scores)):
        raise LogError("initdata.majiang.scores", f"must be four integers, not {canonical(scores)}")
    if seed is not None and not _int(seed):
        raise LogError("initdata.majiang.seed", f"must be an integer or null, not {canonical(seed)}")
    try:
        game = Game(rules, dealer=dealer, round_wind=WINDS[quan], wall=ring, dice=(dice[0], dice[1]),
                    totals=scores)
    except ValueError as err:
        raise LogError("initdata.walltiles", str(err)) from None
    if seed is not None:
        dealt = Game(rules, seed=seed, dealer=dealer, round_wind=WINDS[quan], totals=scores)
        if dealt.events[0].as_dict()["ring"] != ring or list(dealt.dice[:2]) != dice:
            raise LogError("initdata.majiang.seed", f"seed {seed} does not deal these walls and dice")
        game = dealt
    return game


def _entry(log: list[Any], index: int, what: str) -> dict[str, Any]:
    if index >= len(log):
        raise LogError("log", f"the log ends after {len(log)} entries, before the hand is over (entry "
                              f"{index}, {what}, is missing)")
    entry = log[index]
    if not isinstance(entry, dict):
        raise LogError(f"log[{index}]", f"must be an object ({what}), not {canonical(entry)[:60]}")
    return entry


def _output(log: list[Any], index: int) -> dict[str, Any]:
    entry = _entry(log, index, "the judge's output")
    output = entry.get("output")
    if not isinstance(output, dict):
        raise LogError(f"log[{index}].output", "missing: an even entry is the judge's output")
    command = output.get("command")
    if command not in ("request", "finish"):
        raise LogError(f"log[{index}].output.command",
                       f"must be 'request' or 'finish', not {canonical(command)}")
    content = output.get("content")
    if not isinstance(content, dict) or sorted(content) != ["0", "1", "2", "3"]:
        raise LogError(f"log[{index}].output.content", "must hold the four seats '0'-'3'")
    return output


def _reply(log: list[Any], index: int, k: int) -> Reply:
    entry = _entry(log, index, "the players' responses")
    where = f"log[{index}][\"{k}\"]"
    player = entry.get(str(k))
    if not isinstance(player, dict):
        raise LogError(where, "missing: an odd entry holds each seat's response")
    verdict = player.get("verdict")
    if not isinstance(verdict, str):
        raise LogError(f"{where}.verdict", f"must be a verdict (OK, TLE, ...), not {canonical(verdict)}")
    response = player.get("response")
    if verdict == "OK" and not isinstance(response, str):
        raise LogError(f"{where}.response", f"a response with verdict OK must be a string, not "
                                            f"{canonical(response)[:60]}")
    return Reply(verdict, response if isinstance(response, str) else None)


def _same_request(sent: object, ours: str) -> bool:
    if not isinstance(sent, str):
        return False
    if ours.startswith("1 "):
        # The deal: the judge lists each seat's tiles in the order it drew them.
        a, b = sent.split(" "), ours.split(" ")
        return a[:5] == b[:5] and sorted(a[5:18]) == sorted(b[5:18]) and a[18:] == b[18:]
    return sent == ours


def log_to_game(log: Mapping[str, Any]) -> Game:
    """Play a Botzone log again on our engine; LogError where the log is malformed or our engine sends
    another request or ends the hand otherwise than its judge did."""
    if not isinstance(log, Mapping):
        raise LogError("", f"a Botzone log is a JSON object, not {canonical(log)[:60]}")
    entries = log.get("log")
    if not isinstance(entries, list):
        raise LogError("log", "missing: a list of the judge's outputs and the players' responses")
    data = _initdata(log)
    ring = _walls(data)
    rules = _rules_of(data, len(ring))
    game = _start(data, rules, ring)
    dealer = game.dealer
    read = [0]

    def answers(turn: JudgeTurn, current: bool) -> Mapping[int, Answer]:
        index = 2 * turn.index
        read[0] = turn.index + 1
        output = _output(entries, index)
        if output["command"] != "request":
            raise LogError(f"log[{index}].output.command", "the judge finished here; our engine goes on with "
                                                           f"{turn.action} (turn {turn.index})")
        for k in range(4):
            ours = turn.requests[(k + dealer) % 4]
            sent = output["content"][str(k)]
            if not _same_request(sent, ours):
                raise LogError(f"log[{index}].output.content[\"{k}\"]",
                               f"the judge sent {canonical(sent)[:80]}, our engine {ours!r}")
        return {(k + dealer) % 4: _reply(entries, index + 1, k) for k in range(4)}

    try:
        referee(game, answers)
    except BotzoneError as err:
        raise LogError("log", str(err)) from None
    result = game.result
    assert result is not None
    index = 2 * read[0]
    output = _output(entries, index)
    if output["command"] != "finish":
        raise LogError(f"log[{index}].output.command", "our engine ends the hand here; the judge goes on")
    for k in range(4):
        score, ours = output["content"][str(k)], result.deltas[(k + dealer) % 4]
        if score != ours:
            raise LogError(f"log[{index}].output.content[\"{k}\"]",
                           f"the judge scores {canonical(score)}, our engine {ours}")
    display = output.get("display")
    if isinstance(display, dict) and display.get("action") == "HU" and "fanCnt" in display and result.wins \
            and display["fanCnt"] != result.wins[0].score.total:
            raise LogError(f"log[{index}].output.display.fanCnt",
                           f"the judge counts {canonical(display['fanCnt'])} fans, our engine "
                           f"{result.wins[0].score.total}")
    if len(entries) > index + 1:
        raise LogError(f"log[{index + 1}]", "an entry after the judge's finish")
    return game


def logs_to_record(logs: Sequence[Mapping[str, Any]]) -> list[str]:
    """A record (its lines) of independent hands, one per Botzone log, each played again and checked."""
    if not logs:
        raise LogError("", "no logs")
    games = []
    rules: Ruleset | None = None
    players: tuple[str, str, str, str] | None = None
    for i, log in enumerate(logs):
        try:
            game = log_to_game(log)
        except LogError as err:
            where = f"log {i + 1}: " if len(logs) > 1 else ""
            raise LogError(f"{where}{err.where}", err.reason) from None
        if rules is None:
            rules = game.rules
            players = _players(log, game.dealer)
        elif game.rules != rules:
            raise LogError(f"log {i + 1}", "played under other rules than the first log")
        games.append(game)
    assert rules is not None and players is not None
    writer = RecordWriter(rules, players, seed=None, match=False, hands=len(games))
    lines = [writer.header()]
    for game in games:
        lines.extend(writer.hand(game))
    lines.append(writer.final())
    return lines


def _players(log: Mapping[str, Any], dealer: int) -> tuple[str, str, str, str]:
    names = log.get("players")
    if names is None:
        return LOG_PLAYERS
    if not isinstance(names, list) or len(names) != 4:
        raise LogError("players", f"must be the four players' names, not {canonical(names)[:60]}")
    try:
        by_id = check_players(names)
    except ValueError as err:
        raise LogError("players", str(err)) from None
    by_seat = [by_id[(s - dealer) % 4] for s in range(4)]
    return (by_seat[0], by_seat[1], by_seat[2], by_seat[3])


def read_logs(text: str) -> list[dict[str, Any]]:
    """The Botzone logs of a file's text: one JSON object (a log, as Botzone shows it), a JSON list of
    logs, or JSON lines of logs."""
    try:
        whole = loads_strict(text)
    except StrictJSONError:
        whole = None
    if isinstance(whole, dict):
        return [whole]
    if isinstance(whole, list):
        if not all(isinstance(x, dict) for x in whole):
            raise LogError("", "a list of logs must hold JSON objects")
        return list(whole)
    logs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = loads_strict(line)
        except StrictJSONError as err:
            raise LogError(f"line {number}", f"not JSON ({err})") from None
        if not isinstance(obj, dict):
            raise LogError(f"line {number}", "a log is a JSON object")
        logs.append(obj)
    if not logs:
        raise LogError("", "no logs in the file")
    return logs

"""Four answers to one turn read as Botzone's judge reads them, in its order: into our engine's actions, or
a forfeit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from majiang.actions import Action, ActionKind
from majiang.game.table import Game
from majiang.interop.botzone import BotzoneError, from_code
from majiang.interop.botzone_transcript import BOT_VERDICTS, Answer, JudgeTurn, Reply
from majiang.tiles import ALL_TILES, Tile

__all__ = ["Outcome", "judge_turn"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The judge's reading of one turn: a forfeit (``forfeit``: seat, reason, response), or our engine's
    actions to apply in order, and the discard each claimer named with its pung or chow."""

    actions: tuple[tuple[int, Action], ...] = ()
    discards: Mapping[int, Tile] = field(default_factory=dict)
    forfeit: tuple[int, str, str | None] | None = None


class _Forfeit(Exception):
    def __init__(self, seat: int, reason: str, response: str | None) -> None:
        self.seat, self.reason, self.response = seat, reason, response


def _tile(code: str) -> Tile | None:
    try:
        return from_code(code)
    except BotzoneError:
        return None


def _ok(seat: int, answer: Answer) -> list[str] | None:
    """The words of a reply (split on single spaces, as the judge does), None for our bots' actions;
    a failed run forfeits."""
    if isinstance(answer, Action):
        return None
    if answer.verdict != "OK":
        raise _Forfeit(seat, answer.verdict if answer.verdict in BOT_VERDICTS else "RE", answer.response)
    if answer.response is None:
        raise _Forfeit(seat, "NJ", None)
    return answer.response.split(" ")


def _must_pass(seat: int, answer: Answer) -> None:
    words = _ok(seat, answer)
    if words is not None and words != ["PASS"]:
        assert isinstance(answer, Reply)
        raise _Forfeit(seat, "WA", answer.response)


def _middle(tile: Tile) -> bool:
    """Whether ``tile`` can be the middle of a chow (a suited 2-8)."""
    return tile < 27 and 1 <= tile % 9 <= 7


def _after_claim(counts: Sequence[int], used: Sequence[int], claimed: int, tile: Tile | None) -> bool:
    """Whether ``tile`` is left to discard once the meld of ``used`` (with the ``claimed`` tile) is made."""
    if tile is None:
        return False
    left = list(counts)
    left[claimed] += 1
    for t in used:
        left[t] -= 1
    return left[tile] > 0


def judge_turn(game: Game, turn: JudgeTurn, answers: Mapping[int, Answer],
               options: Mapping[int, Sequence[Action]]) -> Outcome:
    """Read the four seats' ``answers`` to ``turn`` in the judge's order.

    ``options`` are the actions our engine offers each seat now (none for a turn the game has moved past:
    every answer must then be ``PASS``). A run that failed, a reply that is not a legal answer (``WA``) or
    a false win (``WH``) forfeits, the first in the judge's order; otherwise the outcome holds the actions
    of the seats our engine asks, in its order (an answer the judge never reads, being after the
    winner's, counts as a pass when our engine would refuse it).
    """
    try:
        return _judge(game, turn, answers, options)
    except _Forfeit as err:
        return Outcome(forfeit=(err.seat, err.reason, err.response))


def _judge(game: Game, turn: JudgeTurn, answers: Mapping[int, Answer],
           options: Mapping[int, Sequence[Action]]) -> Outcome:
    dealer = game.dealer
    by_id = [(i + dealer) % 4 for i in range(4)]
    p = turn.seat
    action = turn.action
    if action in ("INIT", "DEAL", "BUHUA") or p is None:
        for s in by_id:
            _must_pass(s, answers[s])
        return Outcome()
    after = [(p + k) % 4 for k in range(4)]  # the actor, then in turn order
    if action == "GANG":
        for s in after:
            _must_pass(s, answers[s])
        return Outcome()
    if action == "DRAW":
        chosen: Action | None = None
        for s in by_id:
            if s != p:
                _must_pass(s, answers[s])
            else:
                chosen = _turn_answer(p, answers[p], options.get(p, ()))
        assert chosen is not None
        return Outcome(((p, chosen),))
    if action == "BUGANG":
        taken: dict[int, Action] = {}
        for s in after:
            answer = answers[s]
            words = _ok(s, answer)
            if words is None:
                assert isinstance(answer, Action)
                taken[s] = answer
                if answer.kind == ActionKind.WIN:
                    break
                continue
            if words == ["PASS"]:
                continue
            assert isinstance(answer, Reply)
            if words == ["HU"] and s != p:
                if Action(ActionKind.WIN) not in options.get(s, ()):
                    raise _Forfeit(s, "WH", answer.response)
                taken[s] = Action(ActionKind.WIN)
                break  # the judge scores the first robber's win and stops
            raise _Forfeit(s, "WA", answer.response)
        return _in_engine_order(game, taken, options)
    return _claims(game, turn, answers, options, by_id, after)


def _turn_answer(seat: int, answer: Answer, legal: Sequence[Action]) -> Action:
    words = _ok(seat, answer)
    if words is None:
        assert isinstance(answer, Action)
        return answer
    assert isinstance(answer, Reply)
    if words == ["HU"]:
        if Action(ActionKind.WIN) in legal:
            return Action(ActionKind.WIN)
        raise _Forfeit(seat, "WH", answer.response)
    kinds = {"PLAY": ActionKind.DISCARD, "GANG": ActionKind.CONCEALED_KONG, "BUGANG": ActionKind.ADDED_KONG}
    if len(words) == 2 and words[0] in kinds:
        tile = _tile(words[1])
        if tile is not None:
            chosen = Action(kinds[words[0]], tile)
            if chosen in legal:
                return chosen
    raise _Forfeit(seat, "WA", answer.response)


def _claims(game: Game, turn: JudgeTurn, answers: Mapping[int, Answer],
            options: Mapping[int, Sequence[Action]], by_id: list[int], after: list[int]) -> Outcome:
    p = after[0]
    claimed = None if turn.tile is None else _tile(turn.tile)
    _must_pass(p, answers[p])
    taken: dict[int, Action] = {}
    discards: dict[int, Tile] = {}
    # 1. In turn order after the discarder: a failed run forfeits; the first win ends the turn.
    for s in after[1:]:
        answer = answers[s]
        words = _ok(s, answer)
        if words is None:
            assert isinstance(answer, Action)
            if answer.kind == ActionKind.WIN:
                taken[s] = answer
                return _in_engine_order(game, _with_unread(taken, answers, options), options)
        elif words == ["HU"]:
            assert isinstance(answer, Reply)
            if Action(ActionKind.WIN) not in options.get(s, ()):
                raise _Forfeit(s, "WH", answer.response)
            taken[s] = Action(ActionKind.WIN)
            return _in_engine_order(game, _with_unread(taken, answers, options), options)
    # 2. Pungs and kongs, by Botzone number; 3. chows, by Botzone number: the first made is taken.
    found: int | None = None
    for stage in (2, 3):
        for s in by_id:
            if s == p or found is not None:
                continue
            answer = answers[s]
            if isinstance(answer, Action):
                if (stage == 2 and answer.kind in (ActionKind.PUNG, ActionKind.KONG)) or \
                        (stage == 3 and answer.kind == ActionKind.CHOW):
                    found = s
                continue
            words = answer.response.split(" ") if answer.response is not None else [""]
            legal = options.get(s, ())
            if stage == 2:
                if len(words) == 1:
                    if words == ["PASS"]:
                        continue
                    if words == ["GANG"] and Action(ActionKind.KONG) in legal:
                        found = s
                        continue
                elif len(words) == 2:
                    tile = _tile(words[1])
                    if words[0] == "PENG" and Action(ActionKind.PUNG) in legal and claimed is not None and \
                            _after_claim(game.counts[s], [claimed] * 3, claimed, tile):
                        assert tile is not None
                        found, discards[s] = s, tile
                        continue
                elif len(words) == 3:
                    continue  # a chow, read next
                raise _Forfeit(s, "WA", answer.response)
            if len(words) != 3:
                continue
            mid = _tile(words[1])
            tile = _tile(words[2])
            if words[0] == "CHI" and mid is not None and _middle(mid) and claimed is not None:
                low = ALL_TILES[mid - 1]
                if Action(ActionKind.CHOW, low) in legal and \
                        _after_claim(game.counts[s], [low, low + 1, low + 2], claimed, tile):
                    assert tile is not None
                    found, discards[s] = s, tile
                    continue
            raise _Forfeit(s, "WA", answer.response)
    named = {found: discards[found]} if found is not None and found in discards else {}
    return _in_engine_order(game, _with_unread(taken, answers, options), options, named)


def _with_unread(taken: dict[int, Action], answers: Mapping[int, Answer],
                 options: Mapping[int, Sequence[Action]]) -> dict[int, Action]:
    """Every asked seat's answer as an action of ours where our engine takes it (the judge stops reading
    at the answer it acts on; the others' answers still go in our record when they are legal)."""
    out = dict(taken)
    for s, legal in options.items():
        if s in out:
            continue
        answer = answers[s]
        if isinstance(answer, Action):
            out[s] = answer
            continue
        words = (answer.response or "").split(" ")
        guess: Action | None = None
        if words == ["HU"]:
            guess = Action(ActionKind.WIN)
        elif words == ["GANG"]:
            guess = Action(ActionKind.KONG)
        elif len(words) == 2 and words[0] == "PENG":
            guess = Action(ActionKind.PUNG)
        elif len(words) == 3 and words[0] == "CHI":
            mid = _tile(words[1])
            if mid is not None and _middle(mid):
                guess = Action(ActionKind.CHOW, ALL_TILES[mid - 1])
        out[s] = guess if guess is not None and guess in legal else Action(ActionKind.PASS)
    return out


def _in_engine_order(game: Game, taken: Mapping[int, Action], options: Mapping[int, Sequence[Action]],
                     discards: Mapping[int, Tile] | None = None) -> Outcome:
    """The actions for the seats our engine asks, in the order it asks them (a seat not named passes)."""
    actions = []
    for s in options:
        chosen = taken.get(s, Action(ActionKind.PASS))
        if chosen not in options[s]:
            chosen = Action(ActionKind.PASS)
        actions.append((s, chosen))
    return Outcome(tuple(actions), dict(discards or {}))

"""A hand of our engine spoken over Botzone's protocol, turn by turn, the way its judge runs it.

Botzone's Chinese Standard Mahjong judge (``ChineseStandardMahjong``, ailab-pku/Chinese-Standard-Mahjong
``judge/main.cpp``) runs a hand in *turns*: each turn it sends every seat one request and reads every
seat's response, most of which must be ``PASS``. :class:`Transcript` turns a :class:`~majiang.game.Game`'s
events into those turns (:class:`JudgeTurn`: the four requests, and the four responses the seats' actions
amount to); :func:`judge_turn` reads four responses to a turn as the judge does, in its order, into our
engine's actions or a forfeit; :func:`referee` drives a game with them, some seats answering over the
protocol (an external program, a judge log) and others being our own bots.

Botzone's seat numbers (``id``) count from the dealer: ``id = (seat - dealer) % 4``; ``quan`` is the round
wind (0 East .. 3 North).

``Transcript`` and the turns are in ``majiang.interop.botzone_transcript``, ``judge_turn`` in
``majiang.interop.botzone_answers``; every public name of both is importable from here too.

>>> from majiang.game import Game
>>> t = Transcript(Game(seed=7))
>>> [turn.action for turn in t.turns], t.turns[0].requests[2]
(['INIT', 'DEAL', 'DRAW'], '0 2 0')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from majiang.actions import Action, ActionKind
from majiang.errors import IllegalActionError, MajiangError
from majiang.game.table import Game, Phase
from majiang.interop.botzone import to_code
from majiang.interop.botzone_answers import Outcome, judge_turn
from majiang.interop.botzone_transcript import (
    BOT_VERDICTS,
    PASS_REPLY,
    Answer,
    ForfeitError,
    JudgeTurn,
    Reply,
    Transcript,
    botzone_id,
)
from majiang.tiles import Tile

__all__ = ["BOT_VERDICTS", "PASS_REPLY", "Answer", "ForfeitError", "JudgeTurn", "Outcome", "Reply",
           "Transcript", "botzone_id", "judge_turn", "referee"]

_MAX_TURNS = 2000
"""A hand of more judge turns than this is a bug (real hands take a few hundred)."""


def _texts(turn: JudgeTurn, answers: Mapping[int, Answer]) -> list[str | None]:
    """The four seats' answers to ``turn`` as Botzone responses (our bots' actions written as theirs)."""
    out: list[str | None] = []
    for s in range(4):
        answer = answers[s]
        if isinstance(answer, Reply):
            out.append(answer.response)
            continue
        kind, tile = answer.kind, None if answer.tile is None else to_code(answer.tile)
        claimed = turn.tile or ""
        words = {ActionKind.PASS: "PASS", ActionKind.WIN: "HU", ActionKind.KONG: "GANG",
                 ActionKind.PUNG: f"PENG {claimed}", ActionKind.DISCARD: f"PLAY {tile}",
                 ActionKind.CONCEALED_KONG: f"GANG {tile}", ActionKind.ADDED_KONG: f"BUGANG {tile}"}
        if kind == ActionKind.CHOW and answer.tile is not None:
            out.append(f"CHI {to_code(answer.tile + 1)} {claimed}")
        else:
            out.append(words.get(kind, "PASS"))
    return out


def _is_current(game: Game, turn: JudgeTurn) -> bool:
    """Whether the game waits for the answers to ``turn`` (its last turn)."""
    p = turn.seat
    if turn.action == "DRAW":
        return game.phase == Phase.TURN and game.current == p and game.drawn is not None
    if turn.action in ("PLAY", "PENG", "CHI"):
        return game.phase == Phase.CLAIM and game.last_discard is not None and game.last_discard[0] == p
    if turn.action == "BUGANG":
        return game.phase == Phase.ROB and game.robbed is not None and game.robbed[0] == p
    return False


Answers = Callable[[JudgeTurn, bool], Mapping[int, Answer]]
"""Called as ``answers(turn, current)``: the four seats' answers to ``turn`` (``current``: the game waits
on this turn; otherwise it has moved past it and only passes are right)."""

NativeTurn = Callable[[int], Action]
"""Called with a seat whose next decision has no judge turn of its own (the discard after its pung or
chow) when it is one of our bots: its action."""


def referee(game: Game, answers: Answers, native: NativeTurn | None = None,
            transcript: Transcript | None = None) -> Transcript:
    """Play ``game`` to its end turn by turn, reading each turn's answers as the judge does.

    A forfeit ends the hand (``Game.forfeit``, with the turn and the offending response). The answers to
    turns after our engine has ended the hand (the last discard's, when the wall then runs out) are read
    as the judge reads them, with nothing to claim: a false ``HU`` (``WH``), a pung, chow or kong or any
    other word (``WA``) or a failed run forfeits, the exhaustive draw giving way. The discard a
    claimer named with its pung or chow is made when our engine gives it the turn, unless ``native``
    says the seat is one of our bots (it then chooses). Returns the transcript of the hand.
    """
    t = transcript if transcript is not None else Transcript(game)
    checked = 0
    named: dict[int, Tile] = {}
    for _ in range(_MAX_TURNS * 2):
        turns = t.update()
        if game.result is not None and checked == len(turns):
            return t
        if checked < len(turns):
            turn = turns[checked]
            checked += 1
            # After the hand has ended (the wall ran out after the last discard, or after a flower shown
            # for the last tile) the judge still reads every answer before it calls the draw: nothing
            # may be claimed then, so anything but a pass forfeits as it would on any turn past.
            current = game.result is None and checked == len(turns) and _is_current(game, turn)
            options: dict[int, list[Action]] = {}
            if current:
                options = {s: game.legal_actions(s) for s in game.to_act()}
            given = answers(turn, current)
            outcome = judge_turn(game, turn, given, options)
            if outcome.forfeit is not None:
                seat, reason, response = outcome.forfeit
                try:
                    game.forfeit(seat, reason, turn=turn.index, responses=_texts(turn, given))
                except IllegalActionError:
                    raise ForfeitError(seat, reason, turn.index, turn.requests[seat], response,
                                       game.rules.name) from None
                t.update()
                return t
            named.update(outcome.discards)
            for seat, action in outcome.actions:
                if game.phase == Phase.OVER or seat not in game.to_act():
                    continue
                game.apply(seat, action)
            continue
        # A decision with no judge turn of its own: the discard after a pung or chow.
        seat = game.to_act()[0]
        if seat in named:
            game.apply(seat, Action(ActionKind.DISCARD, named.pop(seat)))
        elif native is not None:
            game.apply(seat, native(seat))
        else:
            raise MajiangError(f"seat {seat} must act with no judge turn to answer and no discard named")
    raise MajiangError(f"the hand did not end in {_MAX_TURNS} judge turns")

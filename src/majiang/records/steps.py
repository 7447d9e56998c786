"""A checked record's hands as game states, one per step: what a replay viewer shows and a drill asks about.

``record_steps(record)`` checks the record first (``replay_record``: a record that does not replay is
refused), then plays each hand again from its deal, yielding a ``Step`` before each of the hand's moves and
one after its last: the game as it stands (carried over from hand to hand as a match carries it: riichi's
honba and sticks), the move just made and the move about to be made. The game is live: read it, never
change it, before asking for the next step.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from majiang.actions import Action
from majiang.game import Game, Match
from majiang.game.events import rolls_of
from majiang.records.check import HandReplay, replay_record
from majiang.records.format import Record, RecordLine
from majiang.tiles import WINDS

__all__ = ["Step", "record_steps"]


@dataclass(frozen=True, slots=True)
class Step:
    """One state of a replayed hand: ``hand`` (its ``HandReplay``: number, positions, deltas), ``index``
    (0 after the deal, then one more per move), ``game`` (as it stands), ``done`` (the move just made,
    None after the deal) and ``next`` (the move about to be made, None after the last)."""

    hand: HandReplay
    index: int
    game: Game
    done: RecordLine | None
    next: RecordLine | None


def _apply(game: Game, line: RecordLine) -> None:
    data = line.data
    if line.kind == "act":
        game.apply(data["seat"], Action.parse(data["a"]))
    elif line.kind == "forfeit":  # a Botzone penalty ends the hand without an action
        game.forfeit(data["seat"], data["reason"], turn=data.get("turn"), responses=data.get("responses"))


def record_steps(record: Record) -> Iterator[Step]:
    """Every state of every hand of ``record``, in order (see the module's docstring)."""
    header = record.header
    checked = list(replay_record(record))
    match = Match(header.rules, seed=header.seed, hands=header.hands) if header.match else None
    winds = {w.notation(): w for w in WINDS}
    for block, replayed in zip(record.hands, checked, strict=True):
        start = block.start.event()
        game = Game(header.rules, dealer=start["dealer"], round_wind=winds[start["round_wind"]],
                    wall=start["ring"], dice=(start["dice"][0], start["dice"][1]), totals=start["scores"],
                    match_state=None if match is None else match.match_state,
                    rolls=rolls_of(line.event() for line in block.events))
        moves = [line for line in block.events if line.kind in ("act", "forfeit")]
        done: RecordLine | None = None
        for index, line in enumerate(moves):
            yield Step(replayed, index, game, done, line)
            _apply(game, line)
            done = line
        yield Step(replayed, len(moves), game, done, None)
        if match is not None:
            match.game = game
            match.next_hand()

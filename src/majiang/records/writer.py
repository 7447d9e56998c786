"""Writing records of matches and of single hands, byte for byte reproducibly and atomically.

>>> from majiang.bots import RandomBot
>>> match, lines = play_match([RandomBot(seed=s) for s in range(4)], seed=2, hands=1)
>>> len(match.history), lines[0][:44]
(1, '{"format":"majiang-record","hands":1,"match"')
>>> lines == list(iter_record_lines(match, ["random 1", "random 2", "random 3", "random 4"]))
True
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from majiang.atomic import write_lines_atomically
from majiang.bots import play_out
from majiang.errors import MajiangError
from majiang.game.match import Match, MatchHand, standard_scores
from majiang.game.ruleset import Ruleset
from majiang.game.table import Game, Phase
from majiang.records.format import (
    DEAL_VERSION,
    RECORD_FORMAT,
    RECORD_VERSION,
    Deal,
    check_players,
    dump_line,
    rules_options,
)

if TYPE_CHECKING:
    from majiang.bots import Bot

__all__ = [
    "RecordWriter",
    "RecordedMatch",
    "final_summary",
    "hand_event_lines",
    "hand_summary",
    "iter_record_lines",
    "play_match",
    "write_lines_atomically",
    "write_record",
]


class RecordedMatch(Match):
    """A match that keeps the game of every finished hand (``games``), so it can be written as a record."""

    def __init__(self, rules: Ruleset | None = None, *, seed: int | None = None,
                 hands: int | None = None) -> None:
        self.games: list[Game] = []
        super().__init__(rules, seed=seed, hands=hands)

    def next_hand(self) -> MatchHand:
        """Book the finished hand (keeping its game) and deal the next."""
        game = self.game
        booked = super().next_hand()
        self.games.append(game)
        return booked


def hand_summary(number: int, game: Game, booked: MatchHand | None, totals: Sequence[int]) -> dict[str, Any]:
    """The summary line of a finished hand: who won what, the changes and totals by player.

    ``booked`` is the match's entry for the hand (players change seats); without it, player = seat and
    the changes are the game's score changes. ``totals`` are the players' totals before the hand.
    """
    result = game.result
    if game.phase != Phase.OVER or result is None:
        raise MajiangError(f"hand {number} is not over")
    if booked is not None:
        positions = booked.positions
        dealer, wind, deltas = booked.dealer_player, booked.round_wind, list(booked.deltas)
    else:
        positions = (0, 1, 2, 3)
        opening = game.events[0].as_dict()["scores"]
        dealer, wind = game.dealer, game.round_wind
        deltas = [game.totals[s] - opening[s] for s in range(4)]
    return {
        "e": "summary",
        "hand": number,
        "round": wind.notation(),
        "dealer": dealer,
        "positions": list(positions),
        "winners": [positions.index(seat) for seat in result.winners],
        "fans": [score.total for score in result.scores],
        "self_drawn": result.self_drawn,
        "from": None if result.payer is None else positions.index(result.payer),
        "deltas": deltas,
        "totals": [totals[p] + deltas[p] for p in range(4)],
    }


def hand_event_lines(number: int, game: Game) -> list[str]:
    """The record lines of a finished game's events, tagged with the hand ``number``."""
    lines = []
    for typed in game.events:
        event = typed.as_dict()
        if "hand" in event or event.get("e") in ("summary", "final"):
            raise MajiangError(f"the event {event!r} clashes with the record's own keys")
        lines.append(dump_line({**event, "hand": number}))
    return lines


def final_summary(hands: int, totals: Sequence[int], standings: Sequence[float] | None = None,
                  settled: Sequence[int] | None = None) -> dict[str, Any]:
    """The final line: hands played, the players' totals (with what the match's end ``settled``: riichi's
    sticks left over) and their standings: a match's as its ruleset ranks them (``Match.standings``:
    riichi's uma and oka), else standard scores (4/2/1/0, ties shared)."""
    if settled is not None:
        totals = [t + s for t, s in zip(totals, settled, strict=True)]
    ranked = standard_scores(totals) if standings is None else standings
    return {"e": "final", "hands": hands, "totals": list(totals), "standings": list(ranked)}


def ranks_itself(rules: Ruleset) -> bool:
    """Whether the ruleset's final standings are its own rather than standard scores (riichi)."""
    return type(rules).standings is not Ruleset.standings


class RecordWriter:
    """The lines of a record, built hand by hand: ``header()``, ``hand(...)`` for each hand, ``final()``.

    ``match`` says whether the hands are those of a match (each booked with its ``MatchHand``) or
    independent hands (player = seat).
    """

    def __init__(self, rules: Ruleset, players: Sequence[str], *, seed: int | None = None, match: bool = True,
                 hands: int = 16, deal: Deal | None = None) -> None:
        self.rules = rules
        self.deal = deal
        self.players = check_players(players)
        self.seed = seed
        self.match = match
        self.hands = hands
        self.count = 0
        self.totals = [0, 0, 0, 0]

    def header(self) -> str:
        """Line 1."""
        header = {
            "format": RECORD_FORMAT, "version": RECORD_VERSION if self.deal is None else DEAL_VERSION,
            "rules": self.rules.name,
            "options": rules_options(self.rules), "seed": self.seed, "players": list(self.players),
            "match": self.match, "hands": self.hands,
        }
        if self.deal is not None:
            header["deal"] = self.deal.to_dict()
        return dump_line(header)

    def hand(self, game: Game, booked: MatchHand | None = None) -> list[str]:
        """The lines of the next finished hand: its events tagged with the hand number, and its summary."""
        number = self.count + 1
        if (booked is not None) != self.match:
            raise MajiangError("a match's hands are booked with their MatchHand; independent hands are not")
        if booked is not None and booked.number != number:
            raise MajiangError(f"expected hand {number} of the match, not hand {booked.number}")
        if self.count == self.hands:
            raise MajiangError(f"the record already holds its {self.hands} hands")
        if game.rules != self.rules:
            raise MajiangError(f"hand {number} is played under other rules than the record's")
        summary = hand_summary(number, game, booked, self.totals)
        lines = hand_event_lines(number, game)
        lines.append(dump_line(summary))
        self.count = number
        self.totals = list(summary["totals"])
        return lines

    def hand_from_lines(self, events: Sequence[str], summary: dict[str, Any]) -> list[str]:
        """The lines of the next independent hand from its event lines (tagged with its number) and its
        summary as ``hand_summary`` made it with zero totals, when the game was played elsewhere (in a
        worker process): the running totals are added here."""
        number = self.count + 1
        if self.match:
            raise MajiangError("a match's hands are booked with their MatchHand: use hand()")
        if self.count == self.hands:
            raise MajiangError(f"the record already holds its {self.hands} hands")
        if summary.get("hand") != number:
            raise MajiangError(f"expected hand {number}, not hand {summary.get('hand')}")
        deltas = summary["deltas"]
        totals = [self.totals[p] + deltas[p] for p in range(4)]
        self.count = number
        self.totals = totals
        return [*events, dump_line({**summary, "totals": totals})]

    def resume(self, count: int, totals: Sequence[int]) -> None:
        """Continue after ``count`` hands already written, whose running totals are ``totals``."""
        if not 0 <= count <= self.hands:
            raise MajiangError(f"cannot resume after {count} of {self.hands} hands")
        self.count = count
        self.totals = list(totals)

    def final(self, standings: Sequence[float] | None = None, settled: Sequence[int] | None = None) -> str:
        """The last line: ``standings`` are the match's (``Match.standings()``), needed for a match of a
        ruleset that ranks the players itself (riichi); otherwise standard scores of the totals;
        ``settled``: what the match's end paid (``Match.settled``)."""
        if standings is None and self.match and ranks_itself(self.rules):
            raise MajiangError(f"the final line of a {self.rules.name} match needs the match's standings "
                               "(final(match.standings()))")
        return dump_line(final_summary(self.count, self.totals, standings, settled))


def iter_record_lines(source: Match | Sequence[Game], players: Sequence[str], *,
                      deal: Deal | None = None) -> Iterator[str]:
    """The lines of the record of a ``RecordedMatch``'s finished hands, or of finished independent games;
    ``deal``: the match's seed commitment (a web table's), revealed in the header."""
    if isinstance(source, Match):
        if not isinstance(source, RecordedMatch):
            raise TypeError("a Match keeps no events of its hands: play it as a RecordedMatch (or with "
                            "play_match) to write its record")
        writer = RecordWriter(source.rules, players, seed=source.seed, match=True, hands=source.length,
                              deal=deal)
        yield writer.header()
        for game, booked in zip(source.games, source.history, strict=True):
            yield from writer.hand(game, booked)
        yield writer.final(source.standings(), source.settled)
        return
    games = list(source)
    if not games:
        raise MajiangError("a record holds at least one hand")
    writer = RecordWriter(games[0].rules, players, seed=None, match=False, hands=len(games))
    yield writer.header()
    for game in games:
        yield from writer.hand(game)
    yield writer.final()




def write_record(path: str | os.PathLike[str], source: Match | Sequence[Game],
                 players: Sequence[str]) -> None:
    """Write the record of a ``RecordedMatch`` or of finished games to ``path``, atomically."""
    write_lines_atomically(path, iter_record_lines(source, players))


def _bot_names(bots: Sequence[Bot]) -> list[str]:
    names = [str(getattr(bot, "name", "bot")) for bot in bots]
    if len(set(names)) == 4 and all(name.strip() for name in names):
        return names
    return [f"{name} {i + 1}" for i, name in enumerate(names)]


def play_match(bots: Sequence[Bot], seed: int | None = None, rules: Ruleset | None = None,
               hands: int | None = None,
               players: Sequence[str] | None = None) -> tuple[RecordedMatch, list[str]]:
    """Play a match of four bots (``bots[p]`` plays player ``p`` wherever they sit) and record it; the
    ruleset's length (``match_length``) unless ``hands`` says otherwise.

    Bots see only their own views. Players are named ``players``, or after the bots (numbered when
    their names repeat). Returns the finished match and the record's lines.
    """
    if len(bots) != 4:
        raise MajiangError(f"a match needs four bots, not {len(bots)}")
    match = RecordedMatch(rules, seed=seed, hands=hands)
    writer = RecordWriter(match.rules, _bot_names(bots) if players is None else players, seed=seed,
                          match=True, hands=match.length)
    lines = [writer.header()]
    while not match.over:
        game = match.game
        play_out(game, [bots[match.player_at(seat)] for seat in range(4)])
        lines.extend(writer.hand(game, match.next_hand()))
    lines.append(writer.final(match.standings(), match.settled))
    return match, lines

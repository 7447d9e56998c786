"""Checking and replaying records: every hand is played again from its recorded wall, dice and actions.

``check_record`` trusts nothing in the file: each hand is rebuilt with ``Game(wall=ring, dice=dice, ...)``
from its start line (whose ring must be a permutation of the ruleset's tiles), every ``act`` line is
applied in order, and every other line (the game's own events, the hand summaries, the final line)
must equal what the re-simulation produces. A match's hands are also booked in a ``Match``, so the
dealer, the round wind, the seat changes, the opening scores, the running totals and the standings
are those of the real match; with a match seed, each hand's wall, dice and seed must be the ones
that seed deals. The first difference is reported with its line number.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NoReturn

from majiang.actions import Action
from majiang.errors import InvalidActionError, InvalidOptionError, MajiangError
from majiang.game.events import rolls_of
from majiang.game.match import Match
from majiang.game.ruleset import BONUS_BASE as FLOWER_BASE
from majiang.game.ruleset import Ruleset
from majiang.game.table import Game, HandResult, Phase
from majiang.records.format import (
    HandLines,
    Record,
    RecordError,
    RecordHeader,
    RecordLine,
    canonical,
    deal_commitment,
    iter_record_file,
)
from majiang.records.writer import final_summary, hand_summary
from majiang.tiles import ALL_TILES, WINDS, Flower, Tile, seat_wind

__all__ = ["CheckReport", "HandReplay", "PartialReplay", "check_record", "replay", "replay_record"]

_START_FROM_MATCH = ("e", "rules", "dealer", "round_wind", "scores")
"""What a match decides about each hand's start when its seed is unknown (the rest is chance)."""

UNVERIFIED_WALL = ("no seed is recorded, so nothing ties this wall to a shuffle: the play checks every "
                   "tile it used, but the wall could have been chosen, and the tiles no one drew moved "
                   "(--accept-unverified-walls, or accept_unverified_walls=True, accepts such walls)")
"""Why a hand without a seed fails ``check_record`` unless unverified walls are accepted."""


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The verdict on a record: ``ok``, how many hands and actions were checked, or where it failed.

    ``str(report)`` is ``"ok: 16 hands, 1700 actions"`` or ``"line 37: hand 1: ..."``.
    """

    ok: bool
    hands: int
    actions: int
    line: int | None = None
    reason: str | None = None
    unseeded: int = 0
    """Hands checked whose start has no seed: nothing ties their walls to a shuffle (see ``caveat``)."""
    practice: bool | None = None
    """The header's ``deal.practice``: the table's creator chose the seed (None: no ``deal``)."""
    commitments: tuple[str, ...] = ()
    """Each checked hand's seed commitment (``deal_commitment``), to compare with the one shown before it."""

    @property
    def caveat(self) -> str | None:
        """What the check could not prove, in words, or None when every wall was verified against a seed."""
        if not self.unseeded:
            return None
        some = "any hand" if self.unseeded == self.hands else \
            f"{self.unseeded} of {self.hands} hand{'s' if self.hands != 1 else ''}"
        return (f"walls not verified against a seed: no seed is recorded for {some}, so nothing ties "
                "those walls to a shuffle (undrawn tiles could have been swapped)")

    def __str__(self) -> str:
        if self.ok:
            text = f"ok: {self.hands} hands, {self.actions} actions"
            caveat = self.caveat
            text = text if caveat is None else f"{text}; {caveat}"
            return f"{text}; a practice table: its creator chose the seed" if self.practice else text
        return f"line {self.line}: {self.reason}"


@dataclass(frozen=True, slots=True)
class HandReplay:
    """One re-simulated hand, for display. Per-player tuples are indexed by player (not seat)."""

    number: int
    players: tuple[str, str, str, str]
    round_wind: Tile
    dealer: int
    """The dealing player."""
    positions: tuple[int, int, int, int]
    """positions[player]: the seat (0-3 in turn order) the player sat in."""
    dice: tuple[int, int]
    start_tiles: tuple[tuple[Tile, ...], ...]
    """Each player's standing tiles after the deal and the flower replacements (the dealer has 14)."""
    start_flowers: tuple[tuple[Flower, ...], ...]
    events: tuple[dict[str, Any], ...]
    """The hand's events as recorded (seats, not players)."""
    actions: int
    result: HandResult
    """The game's own result (seats, not players)."""
    winners: tuple[int, ...]
    payer: int | None
    deltas: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]
    rules: Ruleset | None = None
    """The ruleset the hand was played under (the record's)."""
    points: tuple[int, int, int, int] | None = None
    """In a match, each player's points after the hand: the starting score plus ``totals`` (riichi's
    25000 and on); None for independent hands."""
    standings: tuple[float, float, float, float] | None = None
    """In a match, the players' standings were it to end after this hand, as its ruleset ranks them
    (``Match.standings``: 4/2/1/0, or riichi's final points with uma and oka); None for independent hands."""

    def player_at(self, seat: int) -> int:
        """The player who sat in ``seat``."""
        return self.positions.index(seat)

    def seat_wind(self, player: int) -> Tile:
        """The player's seat wind 门风 in this hand (the dealer is East)."""
        return seat_wind(self.positions[player], self.positions[self.dealer])


def _fail(line: RecordLine, reason: str) -> NoReturn:
    raise RecordError(line.number, reason)


def _short(value: object, limit: int = 80) -> str:
    text = canonical(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def difference(recorded: object, expected: object, where: str = "") -> str:
    """The first place where ``recorded`` differs from ``expected``, in words.

    >>> difference({"dice": [7, 5], "e": "start"}, {"dice": [7, 6], "e": "start"})
    'dice[1] is 5, expected 6'
    """
    if isinstance(recorded, dict) and isinstance(expected, dict):
        for key in sorted(set(recorded) | set(expected)):
            path = f"{where}.{key}" if where else str(key)
            if key not in recorded:
                return f"{path} is missing (expected {_short(expected[key])})"
            if key not in expected:
                return f"{path} should not be there (it is {_short(recorded[key])})"
            if canonical(recorded[key]) != canonical(expected[key]):
                return difference(recorded[key], expected[key], path)
    if isinstance(recorded, list) and isinstance(expected, list):
        for i, (r, e) in enumerate(zip(recorded, expected, strict=False)):
            if canonical(r) != canonical(e):
                return difference(r, e, f"{where}[{i}]")
        if len(recorded) != len(expected):
            return f"{where or 'the value'} has {len(recorded)} items, expected {len(expected)}"
    return f"{where or 'the value'} is {_short(recorded)}, expected {_short(expected)}"


def _tile_name(code: int) -> str:
    if 0 <= code < FLOWER_BASE:
        return ALL_TILES[code].notation()
    if FLOWER_BASE <= code < FLOWER_BASE + 8:
        return f"flower {Flower(code - FLOWER_BASE).name.lower()}"
    return f"code {code}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(value: object, size: int | None = None) -> bool:
    return isinstance(value, list) and all(_is_int(v) for v in value) and (size is None or len(value) == size)


def _ring_problem(ring: list[int], rules: Ruleset) -> str | None:
    """Why ``ring`` is not a shuffled full set of the ruleset's tiles, or None."""
    want, have = Counter(rules.wall_tiles()), Counter(ring)
    if want == have:
        return None
    problems = []
    for code in sorted(set(want) | set(have)):
        if want[code] != have[code]:
            problems.append(f"{have[code]} of {_tile_name(code)} (a set has {want[code]})")
    return (f"the ring is not a permutation of the {rules.name} set's {sum(want.values())} tiles: "
            f"{len(ring)} codes, with " + ", ".join(problems[:4]) + (", ..." if len(problems) > 4 else ""))


def _waiting(game: Game) -> str:
    if game.phase == Phase.OVER:
        return "the re-simulated hand is over"
    seats = game.to_act()
    return f"the re-simulated hand waits for seat {' or '.join(map(str, seats))} to act"


def _planned(rules: Ruleset, hands: int) -> int:
    """The length of a recorded match: the header's (the reader checked it is 1 to ``most_hands``), or the
    ruleset's own where it plays a fixed length (``single_hand``: records written before the header said
    so announced 16)."""
    try:
        return rules.match_length(hands)
    except InvalidOptionError:
        return rules.match_length()


class _Replayer:
    """Walks a shape-checked record, re-simulating each hand; raises RecordError at the first difference."""

    def __init__(self, header: RecordHeader, items: Iterable[HandLines | RecordLine],
                 accept_unverified_walls: bool = True) -> None:
        self.header = header
        self.accept_unverified_walls = accept_unverified_walls
        self.items = items
        self.rules = header.rules
        self.match = Match(self.rules, seed=header.seed, hands=_planned(self.rules, header.hands)) \
            if header.match else None
        self.totals = [0, 0, 0, 0]
        self.unseeded = 0  # hands without a seed: their walls are not tied to a shuffle
        self.seeded: Game | None = None  # the game the current hand's seed deals, where it has one
        self.commitments: list[str] = []  # each hand's seed commitment, where the header has a deal

    def hands(self) -> Iterator[HandReplay]:
        count = 0
        final: RecordLine | None = None
        for item in self.items:
            if isinstance(item, HandLines):
                count += 1
                yield self._hand(item)
            else:
                final = item
        assert final is not None  # the reader raises for a record without its final line
        header = self.header
        if not header.match and count != header.hands:
            _fail(final, f"the header announces {header.hands} hands, but the record holds {count}")
        # A match's standings are its ruleset's since version 3; before, standard scores for every ruleset.
        ranked = self.match.standings() if self.match is not None and header.version >= 3 else None
        settled = None if self.match is None else self.match.settled
        expected = final_summary(count, self.totals, ranked, settled)
        if canonical(final.event()) != canonical(expected):
            _fail(final, "the final line differs from the re-simulation: "
                         f"{difference(final.event(), expected)}")

    def _rebuild(self, block: HandLines) -> Game:
        line, n = block.start, block.number
        start = line.event()
        seed, dealer, round_wind = start["seed"], start["dealer"], start["round_wind"]
        ring, dice, scores = start["ring"], start["dice"], start["scores"]
        winds = {w.notation(): w for w in WINDS}
        if seed is not None and not _is_int(seed):
            _fail(line, f"hand {n}: 'seed' must be an integer or null, not {_short(seed)}")
        if self.header.deal is not None:
            if seed is None:
                _fail(line, f"hand {n}: the header's deal commits to every hand's seed, but this hand "
                            "has none")
            self.commitments.append(deal_commitment(self.header.deal.salt, seed))
        if not _is_int(dealer):
            _fail(line, f"hand {n}: 'dealer' must be a seat 0-3, not {_short(dealer)}")
        if not isinstance(round_wind, str) or round_wind not in winds:
            _fail(line, f"hand {n}: 'round_wind' must be one of E S W N, not {_short(round_wind)}")
        if not _ints(ring):
            _fail(line, f"hand {n}: 'ring' must be a list of tile codes")
        problem = _ring_problem(ring, self.rules)
        if problem is not None:
            _fail(line, f"hand {n}: {problem}")
        if not _ints(dice, 2):
            _fail(line, f"hand {n}: 'dice' must be two rolls, not {_short(dice)}")
        if not _ints(scores, 4):
            _fail(line, f"hand {n}: 'scores' must be four integers, not {_short(scores)}")
        match = self.match
        if match is not None:
            if match.over:
                _fail(line, f"hand {n}: the match has only {match.length} hands")
            dealt = match.game.events[0].as_dict()
            if self.header.seed is not None:
                if canonical(start) != canonical(dealt):
                    _fail(line, f"hand {n}: the start is not the deal of the match seed "
                                f"{self.header.seed}: {difference(start, dealt)}")
            else:
                wanted = {k: dealt[k] for k in _START_FROM_MATCH}
                shown = {k: start.get(k) for k in _START_FROM_MATCH}
                if canonical(shown) != canonical(wanted):
                    _fail(line, f"hand {n}: the start differs from the match: {difference(shown, wanted)}")
        try:
            # Rebuilt from the recorded wall and dice, the game holds no seed (a prepared wall never
            # does); the seed itself is checked below, against the deal it makes.
            # In a match the hand also gets what the ruleset carries from hand to hand (honba, sticks).
            # The rolls made during play come back from their lines (a seed's own are checked after play).
            game = Game(self.rules, dealer=dealer, round_wind=winds[round_wind], wall=ring,
                        dice=(dice[0], dice[1]), totals=scores,
                        match_state=None if match is None else match.match_state,
                        rolls=rolls_of(line.event() for line in block.events))
        except ValueError as err:
            _fail(line, f"hand {n}: {err}")
        unseeded_start = {**start, "seed": None}
        if canonical(unseeded_start) != canonical(game.events[0].as_dict()):
            _fail(line, f"hand {n}: the start differs from its re-simulation: "
                        f"{difference(unseeded_start, game.events[0].as_dict())}")
        self.seeded = None
        if seed is None:
            self.unseeded += 1
        elif match is not None and self.header.seed is not None:
            self.seeded = match.game
        else:
            # The hand's own seed must deal this wall and these dice: a wall edited after the deal (two
            # undrawn tiles swapped, say) is then caught, as a match seed catches it for a whole match.
            deal = Game(self.rules, seed=seed, dealer=dealer, round_wind=winds[round_wind], totals=scores,
                        match_state=None if match is None else match.match_state)
            dealt = deal.events[0].as_dict()
            if canonical(start) != canonical(dealt):
                _fail(line, f"hand {n}: the wall is not the deal of the hand's seed {seed}: "
                            f"{difference(start, dealt)}")
            self.seeded = deal
        return game

    def _check_seeded_rolls(self, block: HandLines) -> None:
        """Replay the hand on the game its seed dealt, whose rolls come from the seed: a roll line edited
        in a seeded record is caught as an edited wall is."""
        seeded = self.seeded
        recorded = rolls_of(line.event() for line in block.events)
        if seeded is None or not recorded:
            return
        n = block.number
        for line in block.events:
            try:
                if line.kind == "act":
                    seeded.apply(line.data["seat"], Action.parse(line.data["a"]))
                elif line.kind == "forfeit":
                    seeded.forfeit(line.data["seat"], line.data["reason"], turn=line.data.get("turn"),
                                   responses=line.data.get("responses"))
            except MajiangError as err:
                _fail(line, f"hand {n}: the rolls are not those of the hand's seed: replayed from the seed, "
                            f"the hand refuses this line ({err})")
        if rolls_of(seeded.event_dicts()) != recorded:
            _fail(block.summary, f"hand {n}: the rolls {recorded} are not those of the hand's seed "
                                 f"({rolls_of(seeded.event_dicts())})")

    def _forfeit(self, line: RecordLine, game: Game, n: int) -> None:
        data = line.data
        seat: Any = data.get("seat")
        reason, turn, responses = data.get("reason"), data.get("turn"), data.get("responses")
        if not _is_int(seat) or not 0 <= seat <= 3:
            _fail(line, f"hand {n}: 'seat' must be a seat 0-3, not {_short(seat)}")
        if not isinstance(reason, str):
            _fail(line, f"hand {n}: 'reason' must be a forfeit reason, not {_short(reason)}")
        if turn is not None and not _is_int(turn):
            _fail(line, f"hand {n}: 'turn' must be an integer or null, not {_short(turn)}")
        if responses is not None and not (isinstance(responses, list) and len(responses) == 4 and
                                          all(r is None or isinstance(r, str) for r in responses)):
            _fail(line, f"hand {n}: 'responses' must be four strings (or nulls), or null, not "
                        f"{_short(responses)}")
        try:
            game.forfeit(seat, reason, turn=turn, responses=responses)
        except MajiangError as err:
            _fail(line, f"hand {n}: a forfeit by seat {seat} the re-simulation refuses: {err}")

    def _apply(self, line: RecordLine, game: Game, n: int) -> None:
        if line.kind == "forfeit":
            self._forfeit(line, game, n)
            return
        seat, text = line.data["seat"], line.data["a"]
        if not _is_int(seat) or not 0 <= seat <= 3:
            _fail(line, f"hand {n}: 'seat' must be a seat 0-3, not {_short(seat)}")
        if not isinstance(text, str):
            _fail(line, f"hand {n}: 'a' must be an action in notation, not {_short(text)}")
        try:
            action = Action.parse(text)
        except InvalidActionError as err:
            _fail(line, f"hand {n}: unreadable action {text!r} by seat {seat}: {err}")
        try:
            game.apply(seat, action)
        except MajiangError as err:  # IllegalActionError, the state's verdict
            _fail(line, f"hand {n}: illegal action {text!r} by seat {seat}: {err}")

    def _play(self, block: HandLines, game: Game) -> int:
        """Apply the hand's act lines and compare every line with the events they produce."""
        n, lines = block.number, block.events
        done = 1  # game.events[:done] have been matched with lines (the start first)
        applied: set[int] = set()
        last_act: RecordLine | None = None
        for i, line in enumerate(lines):
            kind = line.kind
            # A forfeit may follow an exhaustive draw the re-simulation has just ended (Game.forfeit):
            # Botzone's judge reads the answers to the last discard before it calls the draw.
            reopens = kind == "forfeit" and done == len(game.events) - 1 and game.phase == Phase.OVER and \
                game.events[-1].kind == "end"
            if (done == len(game.events) or reopens) and i not in applied:
                target = i if kind in ("act", "forfeit") else None
                if target is None:
                    hint = "" if game.phase == Phase.OVER else " (a missing act line?)"
                    _fail(line, f"hand {n}: a {kind} line where the re-simulation has no event: "
                                f"{_waiting(game)}{hint}")
                self._apply(lines[target], game, n)
                applied.add(target)
                if kind == "act":
                    last_act = lines[target]
            expected = game.events[done].as_dict()
            recorded = line.event()
            if canonical(recorded) != canonical(expected):
                after = "" if last_act is None or last_act is line else \
                    f" (after the action {last_act.data['a']!r} on line {last_act.number})"
                what = f"a {kind} line" if kind == expected.get("e") else \
                    f"a {kind} line where the re-simulation has a {expected.get('e')} event"
                _fail(line, f"hand {n}: {what} differs from the re-simulation{after}: "
                            f"{difference(recorded, expected)}")
            done += 1
        summary = block.summary
        if done < len(game.events):
            missing = game.events[done].as_dict()
            _fail(summary, f"hand {n}: the summary comes before the re-simulation's {missing.get('e')} event "
                           f"{_short(missing)} (a missing line?)")
        if game.phase != Phase.OVER:
            _fail(summary, f"hand {n}: the summary comes too early: {_waiting(game)}")
        return sum(1 for i in applied if lines[i].kind == "act")

    def _hand(self, block: HandLines) -> HandReplay:
        n = block.number
        game = self._rebuild(block)
        match = self.match
        positions = match.positions if match is not None else [0, 1, 2, 3]
        seats = [positions[p] for p in range(4)]
        start_tiles = tuple(tuple(game.standing_tiles(s)) for s in seats)
        start_flowers = tuple(tuple(Flower(f) for f in game.flowers[s]) for s in seats)
        actions = self._play(block, game)
        self._check_seeded_rolls(block)
        if block.start.event()["seed"] is None and not self.accept_unverified_walls:
            # Checked after the play, so an edit the play shows is reported as what it is.
            _fail(block.start, f"hand {n}: {UNVERIFIED_WALL}")
        booked = None
        if match is not None:
            match.game = game  # the re-simulated hand is the match's hand: its start was checked against it
            booked = match.next_hand()
        expected = hand_summary(n, game, booked, self.totals)
        recorded = block.summary.data
        if canonical(recorded) != canonical(expected):
            _fail(block.summary, f"hand {n}: the summary differs from the re-simulation: "
                                 f"{difference(recorded, expected)}")
        self.totals = list(expected["totals"])
        result = game.result
        assert result is not None  # _play checked that the hand is over
        t, d = expected["totals"], expected["deltas"]
        dice = game.events[0].as_dict()["dice"]
        return HandReplay(
            number=n,
            players=self.header.players,
            round_wind=game.round_wind,
            dealer=expected["dealer"],
            positions=(seats[0], seats[1], seats[2], seats[3]),
            dice=(dice[0], dice[1]),
            start_tiles=start_tiles,
            start_flowers=start_flowers,
            events=tuple(line.event() for line in (block.start, *block.events)),
            actions=actions,
            result=result,
            winners=tuple(expected["winners"]),
            payer=expected["from"],
            deltas=(d[0], d[1], d[2], d[3]),
            totals=(t[0], t[1], t[2], t[3]),
            rules=self.rules,
            points=None if match is None else (match.totals[0], match.totals[1], match.totals[2],
                                               match.totals[3]),
            standings=None if match is None else match.standings(),
        )


class PartialReplay:
    """The hands at the start of a record that may be unfinished (a run's ``FILE.partial``), each checked.

    ``hands()`` yields ``(lines, replay)`` for every hand that checks, in order, and stops at the first
    line that does not (a missing final line, a hand cut by an interrupted write, or damage); ``stop``
    is then that RecordError. A bad header raises RecordError at once.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._items = iter_record_file(path)
        header = next(self._items)  # the reader yields the header first, or raises
        assert isinstance(header, RecordHeader)
        self.header = header
        self.stop: RecordError | None = None

    def hands(self) -> Iterator[tuple[HandLines, HandReplay]]:
        last: list[HandLines] = []

        def tap() -> Iterator[HandLines | RecordLine]:
            for item in self._items:
                if isinstance(item, HandLines):
                    last[:] = [item]
                    yield item
                elif isinstance(item, RecordLine):
                    yield item

        try:
            for hand in _Replayer(self.header, tap()).hands():
                yield last[0], hand
        except RecordError as err:
            self.stop = err


def replay_record(record: Record) -> Iterator[HandReplay]:
    """Re-simulate a read record hand by hand; RecordError at the first line that differs."""
    return _Replayer(record.header, (*record.hands, record.final)).hands()


def _replayer(path: str | os.PathLike[str], accept_unverified_walls: bool = True) -> _Replayer:
    items = iter_record_file(path)
    header = next(items)  # the reader yields the header first, or raises
    assert isinstance(header, RecordHeader)
    rest = (item for item in items if not isinstance(item, RecordHeader))
    return _Replayer(header, rest, accept_unverified_walls)


def replay(path: str | os.PathLike[str]) -> Iterator[HandReplay]:
    """Read, check and yield the hands of the record at ``path`` for display; RecordError at a bad line.

    The file is read as the hands are yielded (plain or gzip), so memory does not grow with its size.
    The final line is checked after the last hand is yielded, so iterate to the end.
    """
    yield from _replayer(path).hands()


def check_record(path: str | os.PathLike[str],
                 progress: Callable[[int, int], None] | None = None, *,
                 accept_unverified_walls: bool = False) -> CheckReport:
    """Validate the record at ``path`` completely (see the module docstring); OSError if it cannot be read.

    The file is streamed: a record of any number of hands is checked in the memory of one hand.
    ``progress(done, total)`` is called after each hand, ``total`` being the hands the header announces.
    A hand recorded without a seed fails (at its start line, after its play is checked): nothing ties its
    wall to a shuffle. ``accept_unverified_walls`` accepts such hands (a prepared or imported wall);
    the report's ``caveat`` then says how many there were.
    """
    hands = actions = 0
    replayer: _Replayer | None = None
    try:
        replayer = _replayer(path, accept_unverified_walls)
        for hand in replayer.hands():
            hands += 1
            actions += hand.actions
            if progress is not None:
                progress(hands, max(hands, replayer.header.hands))
    except RecordError as err:
        unseeded = 0 if replayer is None else replayer.unseeded
        return CheckReport(False, hands, actions, err.line, err.reason, unseeded)
    deal = replayer.header.deal
    return CheckReport(True, hands, actions, unseeded=replayer.unseeded,
                       practice=None if deal is None else deal.practice,
                       commitments=tuple(replayer.commitments))

"""Tournaments: N players over M rounds of four-player tables, Swiss pairing that avoids repeat opponents,
duplicate walls, referee score sheets, standings with table points and tie-breaks, CSV and HTML exports.

A ``Tournament`` is plain data and functions over results: ``pair_next_round`` seats the next round,
``enter_result`` books a table's score sheet (per-hand changes or final totals, checked), ``play_table``
lets bots play a table, ``standings`` ranks the players. Storage is the caller's (``to_dict`` and
``from_dict``; the command line keeps a JSON file). Every refusal is a ``TournamentError`` with an English
message, a ``code`` (``ERROR_CODES``) and ``params``, so a caller in another language never reads the
English words. docs/tournament.md gives the rules and decisions.

>>> t = Tournament(["A", "B", "C", "D", "E", "F", "G", "H"], rounds=2, seed=1)
>>> first = t.pair_next_round()
>>> [len(table.players) for table in first.tables]
[4, 4]
>>> for table in first.tables:
...     _ = t.enter_result(1, table.number, totals=dict(zip(table.players, (30, 10, -15, -25), strict=True)))
>>> [(s.place, s.table_points, s.score) for s in t.standings()][:3]
[(1, 4.0, 30), (1, 4.0, 30), (3, 2.0, 10)]
>>> second = t.pair_next_round()
>>> sorted(len(set(table.players) & set(first.tables[0].players)) for table in second.tables)
[2, 2]
"""

from __future__ import annotations

import csv
import html
import io
import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.bots import BOTS
from majiang.errors import InvalidOptionError, MajiangError
from majiang.sim.seeds import derived_seed

if TYPE_CHECKING:
    from majiang.game.ruleset import Ruleset
    from majiang.records.writer import RecordedMatch

__all__ = [
    "BYE_POLICIES",
    "ERROR_CODES",
    "LOOKAHEAD_BUDGET",
    "LOOKAHEAD_CANDIDATES",
    "PAIRING_BUDGET",
    "Round",
    "Standing",
    "Table",
    "TableResult",
    "Tournament",
    "TournamentError",
    "pair_tables",
    "repeats",
    "table_points",
]

BYE_POLICIES = ("bye", "refuse")
"""When the players are not a multiple of four: some sit out each round (``bye``), or ``refuse``."""

PAIRING_BUDGET = 200_000
"""Candidate tables the exact pairing search tries before it settles for the greedy pairing improved by
swaps (16 players are always searched to the end in practice; see docs/tournament.md)."""

STICK_UNITS = {"riichi": 1000}
"""Rulesets whose points are not zero-sum hand by hand: riichi's sticks (1000 each) go to a later winner
or stay on the table, so a hand's changes add up to a multiple of 1000 and final totals may fall short of
the starting points by left-over sticks."""


ERROR_CODES = frozenset({
    "name", "twice", "few", "byes", "refuse", "rounds", "hands", "points", "bot_player", "bot", "option",
    "pairing", "all_paired", "unfinished", "no_round", "no_table", "has_result", "sheet_empty", "sheet_hands",
    "sheet_hand", "sheet_mismatch", "sheet_sum", "sheet_names", "sheet_number", "no_bot", "file",
})
"""Every ``TournamentError.code``: what kind of refusal it is, for a caller (the web page) that words it
in its own language from the code and ``params`` instead of the English message."""


class TournamentError(MajiangError):
    """A tournament file, command or result that cannot be used; says what and where.

    ``code`` (one of ``ERROR_CODES``) names the refusal and ``params`` gives the facts its message states,
    as it states them (numbers as numbers, a list of points as a list), so that another language can say
    it without reading the English words.

    >>> err = TournamentError("few", "a tournament needs at least four players, not 2", {"n": 2})
    >>> err.code, err.params, str(err)
    ('few', {'n': 2}, 'a tournament needs at least four players, not 2')
    """

    def __init__(self, code: str, message: str, params: Mapping[str, object] | None = None) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"TournamentError code {code!r} is not one of ERROR_CODES")
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        # crosses back from a worker process (majiang.web.jobs) with its code and params
        return (type(self), (self.code, str(self), self.params))

    def within(self, where: str) -> TournamentError:
        """The same refusal, its message prefixed by ``where`` (the place in a file it was found)."""
        return TournamentError(self.code, f"{where}: {self}", self.params)


def table_points(totals: Sequence[int], points: Sequence[float] = (4, 2, 1, 0)) -> tuple[float, ...]:
    """Table points by final place (``points`` for 1st to 4th), tied players sharing the places they span.

    >>> table_points([10, 10, -5, -15])
    (3.0, 3.0, 1.0, 0.0)
    """
    out = []
    for t in totals:
        above = sum(1 for u in totals if u > t)
        tied = sum(1 for u in totals if u == t)
        out.append(sum(points[above:above + tied]) / tied)
    return tuple(float(p) for p in out)


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished table: final totals by the table's player order, the per-hand changes if entered."""

    totals: tuple[int, int, int, int]
    hands: tuple[tuple[int, int, int, int], ...] = ()
    played: bool = False
    """Played by bots here (``play_table``), not entered by a referee."""

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON values."""
        return {"totals": list(self.totals), "hands": [list(h) for h in self.hands], "played": self.played}


@dataclass(slots=True)
class Table:
    """A table of a round: its number (from 1), its players in seat order (East first), its result."""

    number: int
    players: tuple[str, str, str, str]
    result: TableResult | None = None


@dataclass(slots=True)
class Round:
    """A round: its number (from 1), the seed of its walls (the same at every table), tables and byes."""

    number: int
    seed: int
    tables: list[Table]
    byes: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Every table has a result."""
        return all(t.result is not None for t in self.tables)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of the standings."""

    place: int
    """1 for the first; players equal on every tie-break share the place."""
    player: str
    table_points: float
    score: int
    """The sum of the player's final totals less the starting points (比赛分)."""
    firsts: int
    best: int | None
    """The best single-table score (None before any table)."""
    tables: int
    byes: int
    rounds: tuple[float | None, ...]
    """Table points per round (None: not yet played)."""


def repeats(tables: Sequence[Sequence[str]], met: Mapping[frozenset[str], int]) -> int:
    """How many times a pair seated together at ``tables`` has already met (each earlier meeting counts).

    >>> repeats([("A", "B", "C", "D")], {frozenset("AB"): 2})
    2
    """
    return sum(met.get(frozenset((a, b)), 0) for table in tables for a, b in itertools.combinations(table, 2))


class _Budget(Exception):
    pass


def pair_tables(order: Sequence[str], met: Mapping[frozenset[str], int], budget: int = PAIRING_BUDGET, *,
                lookahead: bool = False) -> list[tuple[str, str, str, str]]:
    """Seat ``order`` (a multiple of four players, best first) at tables of four with the fewest repeat
    meetings (``repeats``), and among those the Swiss one: neighbours in ``order`` together.

    An exact search: with a limit of 0 repeats, then 1, 2, ..., it takes the first unseated player and
    tries partners in ``order`` order, so the first pairing found within the limit is the one closest to
    seating 1-4, 5-8, ... With ``lookahead`` (more rounds to come among the same players), the first
    such pairing after which a repeat-free round still exists is taken, if one is found among the first
    ``LOOKAHEAD_CANDIDATES``. If the search tries more than ``budget`` candidate tables, the greedy
    pairing improved by swaps between tables is taken instead.

    >>> pair_tables("ABCDEFGH", {})
    [('A', 'B', 'C', 'D'), ('E', 'F', 'G', 'H')]
    >>> pair_tables("ABCDEFGH", {frozenset("AB"): 1, frozenset("CD"): 1})
    [('A', 'C', 'E', 'F'), ('B', 'D', 'G', 'H')]
    """
    players = list(order)
    if len(players) % 4:
        raise TournamentError("pairing", f"tables of four need a multiple of four players, not "
                              f"{len(players)}", {"n": len(players)})
    if len(set(players)) != len(players):
        raise TournamentError("pairing", "each player is paired once")
    n = len(players)
    cost = [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in players] for a in players]

    def named(tables: list[tuple[int, int, int, int]]) -> list[tuple[str, str, str, str]]:
        return [(players[a], players[b], players[c], players[d]) for a, b, c, d in tables]

    most = sum(cost[i][j] for i in range(n) for j in range(i + 1, n))
    tried = [0]
    try:
        for limit in range(most + 1):
            found = _pairings(cost, limit, tried, budget)
            first = next(found, None)
            if first is None:
                continue
            if lookahead:
                return named(_looking_ahead(first, found, cost))
            return named(first)
    except _Budget:
        pass
    return named(_greedy(cost))


LOOKAHEAD_CANDIDATES = 64
"""Pairings of a round tried for a repeat-free next round (``pair_tables(lookahead=True)``)."""
LOOKAHEAD_BUDGET = 5_000
"""Candidate tables one look at the next round may try."""

_Tables = list[tuple[int, int, int, int]]


def _pairings(cost: list[list[int]], limit: int, tried: list[int], budget: int) -> Iterator[_Tables]:
    """Every pairing with at most ``limit`` repeats, in Swiss order; ``_Budget`` once ``tried[0]``, the
    candidate tables tried, passes ``budget``."""
    def walk(rest: list[int], left: int) -> Iterator[_Tables]:
        if not rest:
            yield []
            return
        a, others = rest[0], rest[1:]
        for b, c, d in itertools.combinations(others, 3):
            tried[0] += 1
            if tried[0] > budget:
                raise _Budget
            spent = cost[a][b] + cost[a][c] + cost[a][d] + cost[b][c] + cost[b][d] + cost[c][d]
            if spent > left:
                continue
            remaining = [i for i in others if i not in (b, c, d)]
            for more in walk(remaining, left - spent):
                yield [(a, b, c, d), *more]
    return walk(list(range(len(cost))), limit)


def _looking_ahead(first: _Tables, more: Iterator[_Tables], cost: list[list[int]]) -> _Tables:
    """The first of the candidate pairings after which the next round can still be repeat-free (each
    look budgeted); ``first`` if none is found in ``LOOKAHEAD_CANDIDATES``."""
    try:
        for candidate in itertools.islice(itertools.chain([first], more), LOOKAHEAD_CANDIDATES):
            after = [row[:] for row in cost]
            for table in candidate:
                for x, y in itertools.combinations(table, 2):
                    after[x][y] += 1
                    after[y][x] += 1
            try:
                if next(_pairings(after, 0, [0], LOOKAHEAD_BUDGET), None) is not None:
                    return candidate
            except _Budget:
                continue
    except _Budget:
        pass
    return first


def _greedy(cost: list[list[int]]) -> list[tuple[int, int, int, int]]:
    """Tables filled in order with the partners that add fewest repeats, then swaps between tables while
    a swap lowers the repeats."""
    rest = list(range(len(cost)))
    tables: list[list[int]] = []
    while rest:
        table = [rest.pop(0)]
        while len(table) < 4:
            best = min(rest, key=lambda i: (sum(cost[i][j] for j in table), rest.index(i)))
            rest.remove(best)
            table.append(best)
        tables.append(table)

    def inside(table: list[int]) -> int:
        return sum(cost[a][b] for a, b in itertools.combinations(table, 2))
    improved = True
    while improved:
        improved = False
        for x, y in itertools.combinations(range(len(tables)), 2):
            for i in range(4):
                for j in range(4):
                    before = inside(tables[x]) + inside(tables[y])
                    tables[x][i], tables[y][j] = tables[y][j], tables[x][i]
                    if inside(tables[x]) + inside(tables[y]) < before:
                        improved = True
                    else:
                        tables[x][i], tables[y][j] = tables[y][j], tables[x][i]
    return [(t[0], t[1], t[2], t[3]) for t in tables]


class Tournament:
    """N players over ``rounds`` rounds of four-player tables under one ruleset (by name and options).

    ``hands`` is each table's match length (the ruleset's own if None); ``byes`` says what happens when
    the players are not a multiple of four (``BYE_POLICIES``); a bye scores ``bye_points`` table points
    and 0 points of score. ``bots`` seats a bot for a player (``play_table``). The seed draws the first
    round's order, each table's seating and each round's walls.
    """

    def __init__(self, players: Sequence[str], rounds: int, *, seed: int = 0, rules: str = "mcr",
                 options: Mapping[str, Any] | None = None, hands: int | None = None, byes: str = "bye",
                 bye_points: float | None = None, points: Sequence[float] = (4, 2, 1, 0),
                 bots: Mapping[str, str] | None = None, name: str = "") -> None:
        self.name = name
        self.players = list(players)
        self.rounds_planned = rounds
        self.seed = seed
        self.rules_name = rules
        self.options = dict(options or {})
        self.hands = hands
        self.byes = byes
        self.points = tuple(float(p) for p in points)
        self.bye_points = sum(self.points) / 4 if bye_points is None else float(bye_points)
        self.bots = dict(bots or {})
        self.rounds: list[Round] = []
        self._check()
        self.ruleset()  # an unknown ruleset or option is refused now, not at the first table

    def _check(self) -> None:
        for name in self.players:
            if not isinstance(name, str) or not name.strip() or name != name.strip():
                raise TournamentError("name", f"a player's name is a non-empty string without spaces around "
                                      f"it, not {name!r}")
        seen = set()
        for name in self.players:
            if name in seen:
                raise TournamentError("twice", f"player {name!r} is entered twice", {"name": name})
            seen.add(name)
        if len(self.players) < 4:
            raise TournamentError("few", f"a tournament needs at least four players, not {len(self.players)}",
                                  {"n": len(self.players)})
        if self.byes not in BYE_POLICIES:
            raise TournamentError("byes", f"byes must be one of {', '.join(BYE_POLICIES)}, not {self.byes!r}")
        if self.byes == "refuse" and len(self.players) % 4:
            extra = len(self.players) % 4
            raise TournamentError("refuse", f"{len(self.players)} players do not fill tables of four "
                                  f"(byes=refuse): add {4 - extra} or remove {extra}",
                                  {"n": len(self.players), "add": 4 - extra, "remove": extra})
        if not 1 <= self.rounds_planned <= 100:
            raise TournamentError("rounds", f"rounds must be 1-100, not {self.rounds_planned}")
        if self.hands is not None and not 1 <= self.hands <= 64:
            raise TournamentError("hands", f"hands must be 1-64, not {self.hands}")
        if len(self.points) != 4 or any(b > a for a, b in itertools.pairwise(self.points)):
            raise TournamentError("points", f"table points are four numbers not rising from 1st to 4th, "
                                  f"not {list(self.points)}")
        for player, bot in self.bots.items():
            if player not in self.players:
                raise TournamentError("bot_player", f"a bot is seated for {player!r}, who is not a player",
                                      {"name": player})
            if bot not in BOTS:
                raise TournamentError("bot", f"unknown bot {bot!r} for {player!r}; one of {', '.join(BOTS)}",
                                      {"bot": bot})

    def ruleset(self) -> Ruleset:
        """The tournament's ruleset with its options."""
        from majiang.game.ruleset import find_ruleset
        try:
            return find_ruleset(self.rules_name, self.options)
        except InvalidOptionError as err:
            raise TournamentError("option", f"rules: {err}", {"detail": str(err)}) from None

    # -- pairing ----------------------------------------------------------------------------------

    def round_seed(self, number: int) -> int:
        """The seed of round ``number``'s walls: every table of the round plays the same walls."""
        return derived_seed("majiang-tournament", self.seed, "round", number)

    def met(self) -> dict[frozenset[str], int]:
        """How many times each pair of players has sat at one table."""
        out: dict[frozenset[str], int] = {}
        for rnd in self.rounds:
            for table in rnd.tables:
                for a, b in itertools.combinations(table.players, 2):
                    key = frozenset((a, b))
                    out[key] = out.get(key, 0) + 1
        return out

    def pair_next_round(self) -> Round:
        """Seat the next round: a seeded draw for the first, Swiss by standings after it (``pair_tables``);
        TournamentError if a table of the last round has no result or every round is paired."""
        if len(self.rounds) >= self.rounds_planned:
            raise TournamentError("all_paired", f"all {self.rounds_planned} rounds are paired",
                                  {"n": self.rounds_planned})
        if self.rounds and not self.rounds[-1].finished:
            open_tables = ", ".join(str(t.number) for t in self.rounds[-1].tables if t.result is None)
            raise TournamentError("unfinished", f"round {len(self.rounds)} is not finished: tables "
                                  f"{open_tables} have no result",
                                  {"round": len(self.rounds), "tables": open_tables})
        number = len(self.rounds) + 1
        if number == 1:
            order = list(self.players)
            random.Random(derived_seed("majiang-tournament", self.seed, "draw")).shuffle(order)
        else:
            order = [s.player for s in self.standings()]
        byes = self._byes(order)
        seated = [p for p in order if p not in byes]
        tables = []
        ahead = number < self.rounds_planned and not byes  # the same players sit down next round
        for i, players in enumerate(pair_tables(seated, self.met(), lookahead=ahead), start=1):
            seats = list(players)
            random.Random(derived_seed("majiang-tournament", self.seed, "seats", number, i)).shuffle(seats)
            tables.append(Table(i, (seats[0], seats[1], seats[2], seats[3])))
        rnd = Round(number, self.round_seed(number), tables, byes)
        self.rounds.append(rnd)
        return rnd

    def _byes(self, order: list[str]) -> list[str]:
        """Who sits out: the fewest byes so far, then the lowest in ``order``."""
        count = len(order) % 4
        if not count:
            return []
        had = {p: sum(p in r.byes for r in self.rounds) for p in order}
        ranked = sorted(order, key=lambda p: (had[p], -order.index(p)))
        return sorted(ranked[:count], key=order.index)

    # -- results ----------------------------------------------------------------------------------

    def table(self, round_number: int, table_number: int) -> Table:
        """Table ``table_number`` of round ``round_number``; TournamentError naming what does not exist."""
        if not 1 <= round_number <= len(self.rounds):
            paired = f"rounds 1-{len(self.rounds)} are paired" if self.rounds else "no round is paired yet"
            raise TournamentError("no_round", f"no round {round_number}: {paired}", {"round": round_number})
        tables = self.rounds[round_number - 1].tables
        if not 1 <= table_number <= len(tables):
            raise TournamentError("no_table", f"round {round_number} has tables 1-{len(tables)}, not "
                                  f"{table_number}", {"round": round_number, "n": len(tables),
                                                      "table": table_number})
        return tables[table_number - 1]

    def enter_result(self, round_number: int, table_number: int, *,
                     totals: Mapping[str, int] | None = None,
                     hands: Sequence[Mapping[str, int]] | None = None, replace: bool = False,
                     played: bool = False) -> TableResult:
        """Book a table's score sheet: its final ``totals`` or its per-hand changes (``hands``), by player
        name; checked (the table's four players, whole numbers, zero-sum where the ruleset's payments
        are, totals agreeing with the hands). A table with a result is changed only with ``replace``."""
        table = self.table(round_number, table_number)
        where = f"round {round_number} table {table_number}"
        if table.result is not None and not replace:
            raise TournamentError("has_result", f"{where} already has a result (replace it explicitly)",
                                  {"round": round_number, "table": table_number})
        if totals is None and not hands:
            raise TournamentError("sheet_empty", f"{where}: give the final totals or the hands' changes")
        rules = self.ruleset()
        start = rules.starting_score()
        unit = STICK_UNITS.get(rules.name)
        rows = [self._by_seat(table, h, f"{where} hand {i}") for i, h in enumerate(hands or (), start=1)]
        length = rules.match_length(self.hands)
        if len(rows) > length:
            raise TournamentError("sheet_hands", f"{where}: {len(rows)} hands entered, but a table plays "
                                  f"{length}", {"n": len(rows), "length": length})
        for i, row in enumerate(rows, start=1):
            total = sum(row)
            if (unit is None and total) or (unit is not None and total % unit):
                need: int | str = 0 if unit is None else f"a multiple of {unit} (sticks)"
                raise TournamentError("sheet_hand", f"{where} hand {i}: the changes {list(row)} must add up "
                                      f"to {need}, not {total}",
                                      {"hand": i, "changes": list(row), "need": need, "sum": total})
        sums = [start + sum(r[s] for r in rows) for s in range(4)]
        summed = (sums[0], sums[1], sums[2], sums[3])
        if totals is not None:
            final = self._by_seat(table, totals, f"{where} totals")
            if rows and final != summed:
                raise TournamentError("sheet_mismatch", f"{where}: the totals {list(final)} are not the "
                                      f"hands' sum {list(summed)}",
                                      {"totals": list(final), "sum": list(summed)})
        else:
            final = summed
        gap = 4 * start - sum(final)
        if (unit is None and gap) or (unit is not None and (gap < 0 or gap % unit)):
            sticks = "" if unit is None else f" less left-over sticks of {unit}"
            params: dict[str, object] = {"totals": list(final), "need": 4 * start, "sum": sum(final)}
            if unit is not None:
                params["sticks"] = unit
            raise TournamentError("sheet_sum", f"{where}: the totals {list(final)} must add up to "
                                  f"{4 * start}{sticks}, not {sum(final)}", params)
        result = TableResult((final[0], final[1], final[2], final[3]),
                             tuple((r[0], r[1], r[2], r[3]) for r in rows), played)
        table.result = result
        return result

    @staticmethod
    def _by_seat(table: Table, values: Mapping[str, int], where: str) -> tuple[int, int, int, int]:
        if not isinstance(values, Mapping):
            raise TournamentError("sheet_names", f"{where}: must map the table's players to numbers",
                                  {"players": ", ".join(table.players)})
        names = list(values)
        if sorted(names) != sorted(table.players) or len(names) != 4:
            players = ", ".join(table.players)
            raise TournamentError("sheet_names", f"{where}: name the table's four players {players} once "
                                  f"each, not {', '.join(map(str, names)) or 'nobody'}", {"players": players})
        out = []
        for player in table.players:
            value = values[player]
            if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 10**9:
                raise TournamentError("sheet_number", f"{where}: {player}'s points must be a whole number, "
                                      f"not {value!r}", {"player": player})
            out.append(value)
        return (out[0], out[1], out[2], out[3])

    def play_table(self, round_number: int, table_number: int, default_bot: str | None = None
                   ) -> RecordedMatch:
        """Let bots play table ``table_number`` of round ``round_number`` on the round's walls and book
        the result: each player's own bot (``bots``), else ``default_bot``; the match played."""
        from majiang.bots import find_bot
        from majiang.records.writer import play_match

        table = self.table(round_number, table_number)
        where = f"round {round_number} table {table_number}"
        if table.result is not None:
            raise TournamentError("has_result", f"{where} already has a result",
                                  {"round": round_number, "table": table_number})
        if default_bot is not None and default_bot not in BOTS:
            raise TournamentError("bot", f"unknown bot {default_bot!r}; one of {', '.join(BOTS)}",
                                  {"bot": default_bot})
        names = [self.bots.get(p, default_bot) for p in table.players]
        missing = [p for p, b in zip(table.players, names, strict=True) if b is None]
        if missing:
            raise TournamentError("no_bot", f"{where}: no bot plays {', '.join(missing)} (seat one, or give "
                                  f"a default bot)", {"players": ", ".join(missing)})
        bots = [find_bot(str(b), seed=derived_seed("majiang-tournament", self.seed, "bot", round_number,
                                                   table_number, s)) for s, b in enumerate(names)]
        match, _ = play_match(bots, seed=self.round_seed(round_number), rules=self.ruleset(),
                              hands=self.hands, players=list(table.players))
        hands = [dict(zip(table.players, h.deltas, strict=True)) for h in match.history]
        if match.settled:
            last = hands[-1]
            for p, s in zip(table.players, match.settled, strict=True):
                last[p] += s
        self.enter_result(round_number, table_number, hands=hands, played=True)
        return match

    # -- standings --------------------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Every player ranked by table points, then score (比赛分), then 1st places, then best single
        table; players equal on all four share a place."""
        start = self.ruleset().starting_score()
        lines: dict[str, dict[str, Any]] = {
            p: {"points": 0.0, "score": 0, "firsts": 0, "best": None, "tables": 0, "byes": 0,
                "rounds": [None] * len(self.rounds)} for p in self.players}
        for rnd in self.rounds:
            for p in rnd.byes:
                line = lines[p]
                line["points"] += self.bye_points
                line["byes"] += 1
                line["rounds"][rnd.number - 1] = self.bye_points
            for table in rnd.tables:
                if table.result is None:
                    continue
                got = table_points(table.result.totals, self.points)
                for s, p in enumerate(table.players):
                    line = lines[p]
                    score = table.result.totals[s] - start
                    line["points"] += got[s]
                    line["score"] += score
                    line["firsts"] += table.result.totals[s] == max(table.result.totals)
                    line["best"] = score if line["best"] is None else max(line["best"], score)
                    line["tables"] += 1
                    line["rounds"][rnd.number - 1] = got[s]

        def key(p: str) -> tuple[Any, ...]:
            line = lines[p]
            return (-line["points"], -line["score"], -line["firsts"],
                    -(line["best"] if line["best"] is not None else -10**12))
        order = sorted(self.players, key=lambda p: (key(p), p))
        out: list[Standing] = []
        for i, p in enumerate(order):
            place = out[-1].place if i and key(order[i - 1]) == key(p) else i + 1
            line = lines[p]
            out.append(Standing(place, p, line["points"], line["score"], line["firsts"], line["best"],
                                line["tables"], line["byes"], tuple(line["rounds"])))
        return out

    # -- exports ----------------------------------------------------------------------------------

    def standings_csv(self) -> str:
        """The standings as CSV: a header, then one line a player."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["place", "player", "table_points", "score", "firsts", "best", "tables", "byes",
                         *[f"round_{r.number}" for r in self.rounds]])
        for s in self.standings():
            writer.writerow([s.place, s.player, _num(s.table_points), s.score, s.firsts,
                             "" if s.best is None else s.best, s.tables, s.byes,
                             *["" if r is None else _num(r) for r in s.rounds]])
        return out.getvalue()

    def standings_html(self) -> str:
        """A printable page: the standings, then each round's tables with their totals."""
        e = html.escape
        title = self.name or "Tournament"
        rules = self.ruleset()
        rows = "\n".join(
            f"<tr><td>{s.place}</td><td>{e(s.player)}</td><td>{_num(s.table_points)}</td><td>{s.score}</td>"
            f"<td>{s.firsts}</td><td>{'' if s.best is None else s.best}</td><td>{s.tables}</td>"
            f"<td>{s.byes}</td></tr>" for s in self.standings())
        rounds = []
        for rnd in self.rounds:
            tables = []
            for t in rnd.tables:
                got = table_points(t.result.totals, self.points) if t.result else None
                cells = "".join(
                    f"<tr><td>{e(p)}</td><td>{'' if t.result is None else t.result.totals[s]}</td>"
                    f"<td>{'' if got is None else _num(got[s])}</td></tr>" for s, p in enumerate(t.players))
                tables.append(f"<table class=\"t\"><caption>Table {t.number}"
                              f"{'' if t.result else ' (no result yet)'}</caption><tr><th>Player (seat "
                              f"order)</th><th>Total</th><th>Points</th></tr>{cells}</table>")
            byes = f"<p>Byes: {e(', '.join(rnd.byes))}</p>" if rnd.byes else ""
            rounds.append(f"<section><h2>Round {rnd.number}</h2>{''.join(tables)}{byes}</section>")
        return (
            "<!DOCTYPE html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\">"
            f"<title>{e(title)}</title><style>"
            "body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:0 1em 1em 0}"
            "td,th{border:1px solid #888;padding:.2em .6em;text-align:left}"
            "table.t{display:inline-table;vertical-align:top}section{break-inside:avoid}"
            "@media print{body{margin:0}h2{break-after:avoid}}</style></head><body>\n"
            f"<h1>{e(title)}</h1><p>{e(rules.name)}, {len(self.players)} players, round "
            f"{len(self.rounds)} of {self.rounds_planned}; table points "
            f"{'/'.join(_num(p) for p in self.points)}, ties shared</p>\n"
            "<table><tr><th>Place</th><th>Player</th><th>Table points</th><th>Score</th><th>1st</th>"
            f"<th>Best</th><th>Tables</th><th>Byes</th></tr>\n{rows}\n</table>\n"
            + "\n".join(rounds) + "\n</body></html>\n")

    # -- storage ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The tournament as plain JSON values (``from_dict`` reads it back)."""
        return {
            "format": "majiang-tournament", "version": 1, "name": self.name, "players": list(self.players),
            "rounds_planned": self.rounds_planned, "seed": self.seed, "rules": self.rules_name,
            "options": dict(self.options), "hands": self.hands, "byes": self.byes,
            "bye_points": self.bye_points, "points": list(self.points), "bots": dict(self.bots),
            "rounds": [{"number": r.number, "seed": r.seed, "byes": list(r.byes),
                        "tables": [{"number": t.number, "players": list(t.players),
                                    "result": None if t.result is None else t.result.to_dict()}
                                   for t in r.tables]} for r in self.rounds],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Tournament:
        """A tournament from ``to_dict``'s form, every pairing and result checked as when it was made;
        TournamentError saying what is wrong and where."""
        if not isinstance(data, dict) or data.get("format") != "majiang-tournament":
            raise _file_error('not a tournament file (no "format": "majiang-tournament")')
        if data.get("version") != 1:
            raise _file_error(f"version: this majiang reads tournament version 1, not "
                              f"{data.get('version')!r}")
        known = {"format", "version", "name", "players", "rounds_planned", "seed", "rules", "options",
                 "hands", "byes", "bye_points", "points", "bots", "rounds"}
        for key in data:
            if key not in known:
                raise _file_error(f"{key}: unknown key of a tournament file")
        for key in sorted(known - set(data)):
            raise _file_error(f"{key}: missing")
        _want(data, "name", str)
        _want(data, "players", list)
        _want(data, "rounds_planned", int)
        _want(data, "seed", int)
        _want(data, "rules", str)
        _want(data, "options", dict)
        _want(data, "byes", str)
        _want(data, "bots", dict)
        _want(data, "rounds", list)
        _want(data, "points", list)
        if data["hands"] is not None:
            _want(data, "hands", int)
        for key in ("bye_points", *(f"points[{i}]" for i in range(len(data["points"])))):
            value = data[key] if key == "bye_points" else data["points"][int(key[7:-1])]
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise _file_error(f"{key}: must be a number, not {value!r}")
        try:
            t = cls(data["players"], data["rounds_planned"], seed=data["seed"], rules=data["rules"],
                    options=data["options"], hands=data["hands"], byes=data["byes"],
                    bye_points=data["bye_points"], points=data["points"], bots=data["bots"],
                    name=data["name"])
        except InvalidOptionError as err:
            raise TournamentError("option", str(err), {"detail": str(err)}) from None
        for i, rnd in enumerate(data["rounds"], start=1):
            t._load_round(rnd, i)
        return t

    def _load_round(self, data: Any, number: int) -> None:
        where = f"rounds[{number - 1}]"
        if not isinstance(data, dict):
            raise _file_error(f"{where}: must be an object")
        for key, kind in (("number", int), ("seed", int), ("byes", list), ("tables", list)):
            _want(data, key, kind, where)
        if data["number"] != number:
            raise _file_error(f"{where}.number: must be {number}, not {data['number']}")
        if number > self.rounds_planned:
            raise _file_error(f"{where}: only {self.rounds_planned} rounds are planned")
        if self.rounds and not self.rounds[-1].finished:
            raise _file_error(f"{where}: round {number - 1} is not finished, so round {number} cannot be "
                              f"paired")
        if data["seed"] != self.round_seed(number):
            raise _file_error(f"{where}.seed: is not the round's seed from the tournament's seed")
        seated: list[str] = list(data["byes"])
        tables = []
        for j, table in enumerate(data["tables"], start=1):
            tw = f"{where}.tables[{j - 1}]"
            if not isinstance(table, dict) or set(table) != {"number", "players", "result"}:
                raise _file_error(f"{tw}: must be an object with number, players and result")
            if table["number"] != j:
                raise _file_error(f"{tw}.number: must be {j}, not {table['number']!r}")
            players = table["players"]
            if not isinstance(players, list) or len(players) != 4 or len(set(map(str, players))) != 4:
                raise _file_error(f"{tw}.players: must be four different players")
            seated += players
            tables.append(Table(j, (players[0], players[1], players[2], players[3])))
        if not all(isinstance(p, str) for p in seated):
            raise _file_error(f"{where}: players are named by strings")
        unknown = [p for p in seated if p not in self.players]
        if unknown:
            raise _file_error(f"{where}: {unknown[0]!r} is not a player")
        if sorted(seated) != sorted(self.players):
            twice = sorted({p for p in seated if seated.count(p) > 1})
            absent = sorted(set(self.players) - set(seated))
            raise _file_error(f"{where}: every player sits once (at a table or a bye): "
                              + (f"{twice[0]!r} sits twice" if twice else f"{absent[0]!r} is missing"))
        if len(data["byes"]) != len(self.players) % 4:
            raise _file_error(f"{where}.byes: {len(self.players) % 4} players sit out, not "
                              f"{len(data['byes'])}")
        self.rounds.append(Round(number, data["seed"], tables, list(data["byes"])))
        for j, table in enumerate(data["tables"], start=1):
            result = table["result"]
            if result is None:
                continue
            rw = f"{where}.tables[{j - 1}].result"
            if not isinstance(result, dict) or set(result) != {"totals", "hands", "played"}:
                raise _file_error(f"{rw}: must be an object with totals, hands and played")
            if not isinstance(result["played"], bool):
                raise _file_error(f"{rw}.played: must be true or false")
            players = tables[j - 1].players
            if not isinstance(result["hands"], list):
                raise _file_error(f"{rw}.hands: must be a list")
            rows = [("totals", result["totals"]),
                    *((f"hands[{i}]", h) for i, h in enumerate(result["hands"]))]
            for key, row in rows:
                if not isinstance(row, list) or len(row) != 4:
                    raise _file_error(f"{rw}.{key}: must be four numbers")
            try:
                self.enter_result(number, j, totals=dict(zip(players, result["totals"], strict=True)),
                                  hands=[dict(zip(players, h, strict=True)) for h in result["hands"]],
                                  played=result["played"])
            except TournamentError as err:
                raise err.within(rw) from None


def _file_error(message: str) -> TournamentError:
    """A tournament file (``from_dict``) that is not well formed: code ``file``, the message as ``detail``."""
    return TournamentError("file", message, {"detail": message})


def _want(data: dict[str, Any], key: str, kind: type, where: str = "") -> None:
    path = f"{where}.{key}" if where else key
    if key not in data:
        raise _file_error(f"{path}: missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}
        raise _file_error(f"{path}: must be {names.get(kind, kind.__name__)}, not {value!r}")


def _num(value: float) -> str:
    """A table-points figure without a needless ``.0``: ``4``, ``2.5``, ``1.75``."""
    return f"{value:g}"

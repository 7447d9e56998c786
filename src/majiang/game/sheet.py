"""The referee's score sheet (记分表) of a Chinese Official match played at a live table.

Four players, up to sixteen hands. Each hand is entered as a win or an exhaustive draw (荒庄);
penalties can be entered at any time and belong to the hand in play. The sheet computes the
payments (seed 003): a self-drawn win is paid 8 + fan by each other player; a win on a discard is
paid 8 + fan by the discarder and 8 by each of the other two. It also knows who deals: the seating
and the seat changes after each round are those of ``majiang.game.match`` (``SEAT_CHANGES``), the
player in the East seat deals first in each round and the deal passes on every hand (不连庄).

The fan total entered is the one that is paid, flower points included. The 8-fan minimum is
checked without flowers, which only the referee can do from the hand: pass ``flowers`` and the
sheet checks it too (``fan - flowers >= 8``); without it, only ``fan >= 8`` is checked.

A penalty takes ``points`` from one player and gives ``award`` to each other player. The default
is the false win 错和: -30, and +10 to each of the three others. Any other penalty needs a reason,
and its amounts are the referee's: they need not sum to zero (a -10 for slow play with no award
lowers the table's total), so neither do the sheet's totals once such a penalty is entered.

>>> sheet = ScoreSheet(["Ann", "Bo", "Cy", "Di"])
>>> sheet.win("Cy", 12, discarder="Ann").deltas
(-20, -8, 36, -8)
>>> sheet.win("Ann", 9, flowers=1).deltas
(51, -17, -17, -17)
>>> sheet.totals, sheet.hand_number, sheet.player_names[sheet.dealer(sheet.hand_number)]
((31, -25, 19, -25), 3, 'Cy')
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.atomic import write_lines_atomically
from majiang.game.match import SEAT_CHANGES, standard_scores
from majiang.tiles import WINDS, Tile

__all__ = [
    "BASE_POINTS",
    "FALSE_WIN_AWARD",
    "FALSE_WIN_PENALTY",
    "FALSE_WIN_REASON",
    "MINIMUM_FAN",
    "SHEET_FORMAT",
    "SHEET_VERSION",
    "Draw",
    "Entry",
    "Penalty",
    "ScoreSheet",
    "SheetError",
    "SheetRow",
    "Win",
    "dealer_of",
    "positions_of",
    "win_payments",
]

BASE_POINTS = 8
"""What every loser pays the winner at least (保底 8 分)."""
MINIMUM_FAN = 8
"""The minimum fan total of a win, flowers not counted (8 番起和)."""
FALSE_WIN_PENALTY = 30
FALSE_WIN_AWARD = 10
FALSE_WIN_REASON = "错和 false win"
SHEET_FORMAT = "majiang-sheet"
SHEET_VERSION = 1
MAX_HANDS = 16


class SheetError(ValueError):
    """An entry the sheet refuses, or a sheet file that cannot be read; the message says why."""


@dataclass(frozen=True, slots=True)
class Win:
    """A hand won by ``winner``: on ``discarder``'s discard, or self-drawn (自摸) when it is None.

    ``fan`` is the total paid, flowers included; ``flowers`` (if known) is how many of those are flower
    points.
    """

    winner: int
    discarder: int | None
    fan: int
    flowers: int | None = None

    @property
    def self_drawn(self) -> bool:
        """Won by self-draw."""
        return self.discarder is None


@dataclass(frozen=True, slots=True)
class Draw:
    """A hand that ended with the wall exhausted and no winner (荒庄): no payments."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """``player`` loses ``points`` and each other player gains ``award`` (by default the false win 错和)."""

    player: int
    points: int = FALSE_WIN_PENALTY
    award: int = FALSE_WIN_AWARD
    reason: str = FALSE_WIN_REASON


Entry = Win | Draw | Penalty


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the sheet: the entry, the hand it belongs to, its round wind and dealer, the changes
    and the running totals (by player)."""

    entry: Entry
    hand: int
    round_wind: Tile
    dealer: int
    deltas: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]


def win_payments(winner: int, discarder: int | None, fan: int) -> tuple[int, int, int, int]:
    """The four players' changes for a win (Chinese Official payments).

    >>> win_payments(0, None, 8)
    (48, -16, -16, -16)
    >>> win_payments(2, 3, 10)
    (-8, -8, 34, -18)
    """
    deltas = [0, 0, 0, 0]
    for other in range(4):
        if other != winner:
            amount = BASE_POINTS + fan if discarder is None or other == discarder else BASE_POINTS
            deltas[other] -= amount
            deltas[winner] += amount
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def _penalty_payments(penalty: Penalty) -> tuple[int, int, int, int]:
    deltas = [penalty.award] * 4
    deltas[penalty.player] = -penalty.points
    return (deltas[0], deltas[1], deltas[2], deltas[3])


def positions_of(hand: int) -> tuple[int, int, int, int]:
    """Where each player sits in ``hand`` (1-16): positions[player], 0 the first East seat ... 3 North.

    Players start in the order given; the seats change after the first three rounds.

    >>> positions_of(1), positions_of(5), positions_of(9), positions_of(13)
    ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0))
    """
    if not 1 <= hand <= MAX_HANDS:
        raise ValueError(f"a match has hands 1 to {MAX_HANDS}, not {hand!r}")
    positions = [0, 1, 2, 3]
    for change in SEAT_CHANGES[:(hand - 1) // 4]:
        positions = [change[p] for p in positions]
    return (positions[0], positions[1], positions[2], positions[3])


def dealer_of(hand: int) -> int:
    """The player who deals ``hand`` (1-16): in each round the East seat first, then in turn.

    >>> [dealer_of(h) for h in range(1, 17)]
    [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    """
    return positions_of(hand).index((hand - 1) % 4)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class ScoreSheet:
    """A live match's sheet: ``win``, ``draw``, ``penalty`` and ``undo`` entries; rows, totals, standings."""

    def __init__(self, players: Sequence[str], hands: int = MAX_HANDS) -> None:
        names = list(players)
        if len(names) != 4:
            raise SheetError(f"a sheet has four players, not {len(names)}")
        for name in names:
            if not isinstance(name, str) or not name.strip() or name != name.strip() or "\n" in name:
                raise SheetError(f"a player's name must be non-blank text without surrounding spaces, "
                                 f"not {name!r}")
        if len(set(names)) != 4:
            raise SheetError(f"the four players' names must differ: {', '.join(names)}")
        if not _is_int(hands) or not 1 <= hands <= MAX_HANDS:
            raise SheetError(f"a match has 1 to {MAX_HANDS} hands, not {hands!r}")
        self.player_names: tuple[str, str, str, str] = (names[0], names[1], names[2], names[3])
        self.hands = hands
        self.entries: list[Entry] = []

    # -- who is who, and where the match is --------------------------------------------------------

    def player(self, who: str | int) -> int:
        """A player's index (0-3) from their name or index."""
        if _is_int(who) and 0 <= int(who) <= 3:
            return int(who)
        if isinstance(who, str) and who in self.player_names:
            return self.player_names.index(who)
        raise SheetError(f"no player {who!r}; the players are {', '.join(self.player_names)}")

    @property
    def hands_played(self) -> int:
        """Hands finished (wins and draws entered)."""
        return sum(1 for e in self.entries if not isinstance(e, Penalty))

    @property
    def over(self) -> bool:
        """Every hand of the match has been entered."""
        return self.hands_played >= self.hands

    @property
    def hand_number(self) -> int:
        """The hand in play (1-based); after the last hand, the last hand's number."""
        return min(self.hands_played + 1, self.hands)

    def round_wind(self, hand: int) -> Tile:
        """The round wind 圈风 of ``hand``."""
        positions_of(hand)
        return WINDS[(hand - 1) // 4]

    def dealer(self, hand: int) -> int:
        """The player who deals ``hand``."""
        return dealer_of(hand)

    def seat_winds(self, hand: int) -> tuple[Tile, Tile, Tile, Tile]:
        """Each player's seat wind 门风 in ``hand``: the dealer is East."""
        positions = positions_of(hand)
        east = positions[dealer_of(hand)]
        winds = [WINDS[(positions[p] - east) % 4] for p in range(4)]
        return (winds[0], winds[1], winds[2], winds[3])

    # -- entries -------------------------------------------------------------------------------------

    def _append(self, entry: Entry) -> SheetRow:
        self.entries.append(entry)
        return self.rows()[-1]

    def _check_hand_open(self, what: str) -> None:
        if self.over:
            raise SheetError(f"the match is over ({self.hands} hands entered): no {what} can be entered")

    def win(self, winner: str | int, fan: int, *, discarder: str | int | None = None,
            flowers: int | None = None) -> SheetRow:
        """Enter a win: on ``discarder``'s discard, or self-drawn without one; ``fan`` includes flowers."""
        self._check_hand_open("win")
        w = self.player(winner)
        d = None if discarder is None else self.player(discarder)
        if d == w:
            raise SheetError(f"{self.player_names[w]} cannot win on their own discard; for a self-drawn "
                             "win give no discarder")
        if not _is_int(fan):
            raise SheetError(f"the fan total must be an integer, not {fan!r}")
        if fan < MINIMUM_FAN:
            raise SheetError(f"{fan} fans is below the {MINIMUM_FAN}-fan minimum: not a win (错和; enter a "
                             "penalty instead)")
        if flowers is not None:
            if not _is_int(flowers) or not 0 <= flowers <= 8:
                raise SheetError(f"flowers must be 0 to 8, not {flowers!r}")
            if fan - flowers < MINIMUM_FAN:
                raise SheetError(f"{fan} fans with {flowers} flower{'s' if flowers != 1 else ''} is "
                                 f"{fan - flowers} without them, below the {MINIMUM_FAN}-fan minimum "
                                 "(flowers never count toward it): not a win (错和)")
        return self._append(Win(w, d, fan, flowers))

    def draw(self) -> SheetRow:
        """Enter an exhaustive draw (荒庄)."""
        self._check_hand_open("draw")
        return self._append(Draw())

    def penalty(self, player: str | int, *, points: int = FALSE_WIN_PENALTY, award: int = FALSE_WIN_AWARD,
                reason: str | None = None) -> SheetRow:
        """Enter a penalty: ``player`` loses ``points``, each other player gains ``award``.

        The defaults are the false win 错和 (-30, +10 each); other amounts need a ``reason``. The
        amounts need not sum to zero.
        """
        p = self.player(player)
        for name, value in (("points", points), ("award", award)):
            if not _is_int(value) or value < 0:
                raise SheetError(f"the penalty's {name} must be a whole number, 0 or more, not {value!r}")
        if points == 0 and award == 0:
            raise SheetError("a penalty of 0 points with an award of 0 changes nothing")
        if reason is None:
            if (points, award) != (FALSE_WIN_PENALTY, FALSE_WIN_AWARD):
                raise SheetError(f"a penalty other than the false win 错和 (-{FALSE_WIN_PENALTY}, "
                                 f"+{FALSE_WIN_AWARD} each) needs a reason")
            reason = FALSE_WIN_REASON
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason:
            raise SheetError(f"a penalty's reason must be one non-blank line, not {reason!r}")
        return self._append(Penalty(p, points, award, reason.strip()))

    def undo(self) -> Entry:
        """Remove and return the last entry."""
        if not self.entries:
            raise SheetError("the sheet has no entries to undo")
        return self.entries.pop()

    # -- what the sheet shows ---------------------------------------------------------------------

    def rows(self) -> list[SheetRow]:
        """Every entry with its hand, round wind, dealer, changes and running totals."""
        rows = []
        totals = [0, 0, 0, 0]
        finished = 0
        for entry in self.entries:
            if isinstance(entry, Penalty):
                hand = min(finished + 1, self.hands)
                deltas = _penalty_payments(entry)
            else:
                finished += 1
                hand = finished
                deltas = win_payments(entry.winner, entry.discarder, entry.fan) if isinstance(entry, Win) \
                    else (0, 0, 0, 0)
            totals = [totals[p] + deltas[p] for p in range(4)]
            rows.append(SheetRow(entry, hand, self.round_wind(hand), self.dealer(hand), deltas,
                                 (totals[0], totals[1], totals[2], totals[3])))
        return rows

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Each player's running total."""
        rows = self.rows()
        return rows[-1].totals if rows else (0, 0, 0, 0)

    def standings(self) -> tuple[float, float, float, float]:
        """Standard scores 4/2/1/0 by total (ties share the places' points)."""
        return standard_scores(self.totals)

    # -- the file ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of the sheet file: players, hands and the entries (the rest is computed)."""
        entries: list[dict[str, Any]] = []
        for e in self.entries:
            if isinstance(e, Win):
                entries.append({"kind": "win", "winner": e.winner, "from": e.discarder, "fan": e.fan,
                                "flowers": e.flowers})
            elif isinstance(e, Draw):
                entries.append({"kind": "draw"})
            else:
                entries.append({"kind": "penalty", "player": e.player, "points": e.points, "award": e.award,
                                "reason": e.reason})
        return {"format": SHEET_FORMAT, "version": SHEET_VERSION, "players": list(self.player_names),
                "hands": self.hands, "entries": entries}

    @classmethod
    def from_dict(cls, data: object) -> ScoreSheet:
        """Rebuild a sheet from ``to_dict()``'s shape, checking every entry as if entered again."""
        if not isinstance(data, dict):
            raise SheetError("a sheet file holds one JSON object")
        if data.get("format") != SHEET_FORMAT:
            raise SheetError(f"not a majiang score sheet (format {data.get('format')!r})")
        if data.get("version") != SHEET_VERSION or not _is_int(data.get("version")):
            raise SheetError(f"unsupported sheet version {data.get('version')!r}; this majiang reads "
                             f"version {SHEET_VERSION}")
        keys = {"format", "version", "players", "hands", "entries"}
        if set(data) != keys:
            odd = sorted(set(data) ^ keys)
            raise SheetError(f"a sheet file has the keys {', '.join(sorted(keys))}; check {', '.join(odd)}")
        players, entries = data["players"], data["entries"]
        if not isinstance(players, list):
            raise SheetError("'players' must be a list of four names")
        sheet = cls(players, data["hands"])
        if not isinstance(entries, list):
            raise SheetError("'entries' must be a list")
        for i, raw in enumerate(entries, 1):
            try:
                sheet._load_entry(raw)
            except SheetError as err:
                raise SheetError(f"entry {i}: {err}") from None
        return sheet

    def _load_entry(self, raw: object) -> None:
        shapes = {"win": {"kind", "winner", "from", "fan", "flowers"}, "draw": {"kind"},
                  "penalty": {"kind", "player", "points", "award", "reason"}}
        if not isinstance(raw, dict) or raw.get("kind") not in shapes:
            raise SheetError(f"expected an object with 'kind' win, draw or penalty, not {raw!r}")
        if set(raw) != shapes[raw["kind"]]:
            raise SheetError(f"a {raw['kind']} entry has the keys {', '.join(sorted(shapes[raw['kind']]))}")
        for key in ("winner", "from", "player"):
            if key in raw and not (raw[key] is None and key == "from") and \
                    not (_is_int(raw[key]) and 0 <= raw[key] <= 3):
                raise SheetError(f"{key!r} must be a player index 0-3, not {raw[key]!r}")
        if raw["kind"] == "win":
            self.win(raw["winner"], raw["fan"], discarder=raw["from"], flowers=raw["flowers"])
        elif raw["kind"] == "draw":
            self.draw()
        else:
            self.penalty(raw["player"], points=raw["points"], award=raw["award"], reason=raw["reason"])

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the sheet to ``path`` atomically: the file holds either the old sheet or the new one."""
        data = self.to_dict()
        entries = data.pop("entries")
        # One entry a line, so that the file reads like the sheet and diffs line by line.
        head = json.dumps(data, ensure_ascii=False)[:-1]
        body = ",\n".join(" " + json.dumps(e, ensure_ascii=False) for e in entries)
        text = f'{head}, "entries": [\n{body}\n]}}\n' if entries else f'{head}, "entries": []}}\n'
        write_lines_atomically(path, text.splitlines())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ScoreSheet:
        """Read a sheet file; SheetError if it is not a valid sheet (OSError if it cannot be read)."""
        with open(path, "rb") as f:
            raw = f.read()
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise SheetError(f"{os.fspath(path)} is not UTF-8 text") from None
        except json.JSONDecodeError as err:
            raise SheetError(f"{os.fspath(path)} is not JSON (line {err.lineno}, column {err.colno}: "
                             f"{err.msg})") from None
        except ValueError as err:
            raise SheetError(f"{os.fspath(path)} is not valid JSON: {err}") from None
        return cls.from_dict(data)

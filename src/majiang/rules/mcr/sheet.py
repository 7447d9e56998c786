"""The referee's score sheet (记分表) of a Chinese Official match played at a live table.

Four players, up to sixteen hands. Each hand is entered as a win or an exhaustive draw (荒庄);
penalties can be entered at any time and belong to the hand in play. The sheet computes the
payments (source 003): a self-drawn win is paid 8 + fan by each other player; a win on a discard is
paid 8 + fan by the discarder and 8 by each of the other two. It also knows who deals: the seating and
the seat changes are those of ``majiang.rules.mcr.seating`` under the ruleset's ``seat_changes`` (after
each round by default, ``SEAT_CHANGES``), the player in the East seat deals first in each round and the
deal passes on every hand (不连庄).

The fan total entered is the one that is paid, flower points included. The 8-fan minimum is
checked without flowers, which only the referee can do from the hand: pass ``flowers`` and the
sheet checks it too (``fan - flowers >= 8``); without it, only ``fan >= 8`` is checked.

A penalty takes ``points`` from one player and gives ``award`` to each other player. The default
is the false win 错和: -30, and +10 to each of the three others. Any other penalty needs a reason,
and its amounts are the referee's: they need not sum to zero (a -10 for slow play with no award
lowers the table's total), so neither do the sheet's totals once such a penalty is entered.

The payments are those of the sheet's ruleset (``rules``, Chinese Official by default, with its options:
``base_points`` changes the 8), through its scorer's ``sheet_payments`` (``SheetScorer``); a ruleset
whose payments need more than the winner, the discarder and the total (Sichuan: kongs paid at once,
several winners, settlement at the wall's end) has no such scorer, and ``ScoreSheet`` refuses it. A sheet of
another ruleset than the default stores its name and options in the file.

Every number is bounded (``MAX_FAN``, ``MAX_PENALTY_POINTS``, ``MAX_PENALTIES``), names and reasons
are short printable text, and a file is read only if it is a valid sheet (no duplicate keys, no
``NaN``, at most ``MAX_FILE_BYTES``): a bad entry or file is a ``SheetError`` that says why, never
a sheet that later fails to print. ``editing(path)`` locks a sheet file for a read-modify-write, so
that concurrent writers never lose each other's entries. The entries and their checks are in
``sheet_entries``, the lock in ``sheet_lock``; every name is importable from here.

>>> sheet = ScoreSheet(["Ann", "Bo", "Cy", "Di"])
>>> sheet.win("Cy", 12, discarder="Ann").deltas
(-20, -8, 36, -8)
>>> sheet.win("Ann", 9, flowers=1).deltas
(51, -17, -17, -17)
>>> sheet.totals, sheet.hand_number, sheet.player_names[sheet.dealer(sheet.hand_number)]
((31, -25, 19, -25), 3, 'Cy')
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator, Sequence
from typing import Any

from majiang.atomic import write_lines_atomically
from majiang.errors import MajiangError
from majiang.game.match import standard_scores
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.game.scoring import SheetScorer
from majiang.jsonstrict import lone_surrogate
from majiang.rules.mcr import MINIMUM
from majiang.rules.mcr.payments import BASE_POINTS, FALSE_WIN_AWARD, FALSE_WIN_PENALTY, win_payments
from majiang.rules.mcr.ruleset import McrRules
from majiang.rules.mcr.seating import SeatChanges, seat_positions
from majiang.rules.mcr.sheet_entries import (
    FALSE_WIN_REASON,
    MAX_FAN,
    MAX_FILE_BYTES,
    MAX_HANDS,
    MAX_NAME_LENGTH,
    MAX_PENALTIES,
    MAX_PENALTY_POINTS,
    MAX_REASON_LENGTH,
    SHEET_FORMAT,
    SHEET_VERSION,
    Draw,
    Entry,
    Penalty,
    SheetError,
    SheetRow,
    Win,
    _check_text,
    _is_int,
    _no_constant,
    _no_duplicate_keys,
    _penalty_payments,
    _short,
)
from majiang.rules.mcr.sheet_lock import LOCK_TIMEOUT, lock_path, locked
from majiang.tiles import WINDS, Tile, seat_wind

__all__ = [
    "BASE_POINTS",
    "FALSE_WIN_AWARD",
    "FALSE_WIN_PENALTY",
    "FALSE_WIN_REASON",
    "LOCK_TIMEOUT",
    "MAX_FAN",
    "MAX_FILE_BYTES",
    "MAX_NAME_LENGTH",
    "MAX_PENALTIES",
    "MAX_PENALTY_POINTS",
    "MAX_REASON_LENGTH",
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
    "editing",
    "lock_path",
    "locked",
    "positions_of",
    "sheet_scorer",
    "win_payments",
]


def positions_of(hand: int,
                 seat_changes: SeatChanges | str = SeatChanges.EACH_ROUND) -> tuple[int, int, int, int]:
    """Where each player sits in ``hand`` (1-16): positions[player], 0 the first East seat ... 3 North.

    Players start in the order given; the seats change as ``seat_changes`` says (by default after each
    of the first three rounds).

    >>> positions_of(1), positions_of(5), positions_of(9), positions_of(13)
    ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0))
    """
    if not 1 <= hand <= MAX_HANDS:
        raise SheetError(f"a match has hands 1 to {MAX_HANDS}, not {hand!r}")
    return seat_positions(hand, seat_changes)


def dealer_of(hand: int, seat_changes: SeatChanges | str = SeatChanges.EACH_ROUND) -> int:
    """The player who deals ``hand`` (1-16): in each round the East seat first, then in turn.

    >>> [dealer_of(h) for h in range(1, 17)]
    [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    >>> [dealer_of(h, "before-west-round") for h in range(1, 17)]
    [0, 1, 2, 3, 0, 1, 2, 3, 1, 0, 3, 2, 1, 0, 3, 2]
    """
    return positions_of(hand, seat_changes).index((hand - 1) % 4)


def sheet_scorer(rules: Ruleset) -> SheetScorer | None:
    """The scorer of ``rules`` if a sheet can settle its wins entered by hand (``SheetScorer``), else None."""
    scorer = rules.scorer() if type(rules).scorer is not Ruleset.scorer else None
    return scorer if isinstance(scorer, SheetScorer) else None


class ScoreSheet:
    """A live match's sheet: ``win``, ``draw``, ``penalty`` and ``undo`` entries; rows, totals, standings."""

    def __init__(self, players: Sequence[str], hands: int | None = None,
                 rules: Ruleset | None = None) -> None:
        if rules is None:
            rules = find_ruleset(DEFAULT_RULESET)
        scorer = sheet_scorer(rules)
        if scorer is None:
            raise SheetError(f"the score sheet keeps Chinese Official matches, whose wins pay by the "
                             f"winner, the discarder and the fan total; ruleset {rules.name!r} pays by more "
                             "than that (kongs, several winners, settlement): keep its scores with the "
                             "records of 'majiang play' instead")
        self.rules = rules
        self._scorer: SheetScorer = scorer
        names = list(players)
        if len(names) != 4:
            raise SheetError(f"a sheet has four players, not {len(names)}")
        for name in names:
            _check_text(name, "a player's name", MAX_NAME_LENGTH)
            # A name must be typeable as a command-line value (an option-looking one would be read as an
            # option) and safe in a spreadsheet (a leading = + - @ starts a formula).
            if name[0] in "-=+@":
                raise SheetError(f"a player's name must not start with {name[0]!r}: {name!r}")
        if len(set(names)) != 4:
            raise SheetError(f"the four players' names must differ: {', '.join(names)}")
        if hands is not None and (not _is_int(hands) or not 1 <= hands <= MAX_HANDS):
            raise SheetError(f"a match has 1 to {MAX_HANDS} hands, not {_short(hands)}")
        try:
            hands = rules.match_length(hands)  # the ruleset's own length (one hand with single_hand)
        except MajiangError as err:
            raise SheetError(str(err)) from None
        self.player_names: tuple[str, str, str, str] = (names[0], names[1], names[2], names[3])
        self.hands = hands
        self.seat_changes = SeatChanges(rules.seat_changes) if isinstance(rules, McrRules) \
            else SeatChanges.EACH_ROUND
        """When the players change seats: the ruleset's ``seat_changes``."""
        self.entries: list[Entry] = []

    # -- who is who, and where the match is --------------------------------------------------------

    def player(self, who: str | int) -> int:
        """A player's index (0-3) from their name or index."""
        if _is_int(who) and 0 <= int(who) <= 3:
            return int(who)
        if isinstance(who, str) and who in self.player_names:
            return self.player_names.index(who)
        raise SheetError(f"no player {_short(who)}; the players are {', '.join(self.player_names)}")

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

    def positions(self, hand: int) -> tuple[int, int, int, int]:
        """Where each player sits in ``hand``: positions[player], 0 the first East seat ... 3 North."""
        return positions_of(hand, self.seat_changes)

    def dealer(self, hand: int) -> int:
        """The player who deals ``hand``."""
        return dealer_of(hand, self.seat_changes)

    def seat_winds(self, hand: int) -> tuple[Tile, Tile, Tile, Tile]:
        """Each player's seat wind 门风 in ``hand``: the dealer is East."""
        positions = self.positions(hand)
        east = positions[self.dealer(hand)]
        winds = [seat_wind(positions[p], east) for p in range(4)]
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
            raise SheetError(f"the fan total must be an integer, not {_short(fan)}")
        if fan > MAX_FAN:
            raise SheetError(f"a fan total of {_short(fan)} is more than any hand scores; at most {MAX_FAN}")
        if fan < 0:
            raise SheetError(f"a fan total cannot be negative, not {_short(fan)}")
        if fan < MINIMUM:
            raise SheetError(f"{fan} fans is below the {MINIMUM}-fan minimum: not a win (错和; enter a "
                             "penalty instead)")
        if flowers is not None:
            if not _is_int(flowers) or not 0 <= flowers <= 8:
                raise SheetError(f"flowers must be 0 to 8, not {_short(flowers)}")
            if fan - flowers < MINIMUM:
                raise SheetError(f"{fan} fans with {flowers} flower{'s' if flowers != 1 else ''} is "
                                 f"{fan - flowers} without them, below the {MINIMUM}-fan minimum "
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
            if not _is_int(value) or not 0 <= value <= MAX_PENALTY_POINTS:
                raise SheetError(f"the penalty's {name} must be a whole number from 0 to "
                                 f"{MAX_PENALTY_POINTS}, not {_short(value)}")
        if points == 0 and award == 0:
            raise SheetError("a penalty of 0 points with an award of 0 changes nothing")
        if reason is None:
            if (points, award) != (FALSE_WIN_PENALTY, FALSE_WIN_AWARD):
                raise SheetError(f"a penalty other than the false win 错和 (-{FALSE_WIN_PENALTY}, "
                                 f"+{FALSE_WIN_AWARD} each) needs a reason")
            reason = FALSE_WIN_REASON
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason:
            raise SheetError(f"a penalty's reason must be one non-blank line, not {_short(reason)}")
        reason = _check_text(reason.strip(), "a penalty's reason", MAX_REASON_LENGTH)
        if sum(1 for e in self.entries if isinstance(e, Penalty)) >= MAX_PENALTIES:
            raise SheetError(f"the sheet already holds {MAX_PENALTIES} penalties, the most it can hold")
        return self._append(Penalty(p, points, award, reason))

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
                deltas = self._win_payments(entry) if isinstance(entry, Win) else (0, 0, 0, 0)
            totals = [totals[p] + deltas[p] for p in range(4)]
            rows.append(SheetRow(entry, hand, self.round_wind(hand), self.dealer(hand), deltas,
                                 (totals[0], totals[1], totals[2], totals[3])))
        return rows

    def _win_payments(self, win: Win) -> tuple[int, int, int, int]:
        return self._scorer.sheet_payments(win.winner, win.discarder, win.fan)

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
        out: dict[str, Any] = {"format": SHEET_FORMAT, "version": SHEET_VERSION,
                               "players": list(self.player_names), "hands": self.hands}
        if self.rules != find_ruleset(DEFAULT_RULESET):
            out["rules"] = self.rules.name  # a default sheet's file stays as it always was
            out["options"] = self.rules.options()
        out["entries"] = entries
        return out

    @classmethod
    def from_dict(cls, data: object) -> ScoreSheet:
        """Rebuild a sheet from ``to_dict()``'s shape, checking every entry as if entered again."""
        if not isinstance(data, dict):
            raise SheetError("a sheet file holds one JSON object")
        if data.get("format") != SHEET_FORMAT:
            raise SheetError(f"not a majiang score sheet (format {_short(data.get('format'))})")
        if data.get("version") != SHEET_VERSION or not _is_int(data.get("version")):
            raise SheetError(f"unsupported sheet version {_short(data.get('version'))}; this majiang reads "
                             f"version {SHEET_VERSION}")
        keys = {"format", "version", "players", "hands", "entries"}
        if "rules" in data or "options" in data:
            keys |= {"rules", "options"}  # a sheet of another ruleset than the default names it
        if set(data) != keys:
            odd = sorted(set(data) ^ keys)
            raise SheetError(f"a sheet file has the keys {', '.join(sorted(keys))}; check "
                             f"{', '.join(_short(key) for key in odd[:5])}")
        players, entries = data["players"], data["entries"]
        if not isinstance(players, list):
            raise SheetError("'players' must be a list of four names")
        rules = None
        if "rules" in data:
            if not isinstance(data["rules"], str) or not isinstance(data["options"], dict):
                raise SheetError("'rules' must be a ruleset's name and 'options' an object of its options")
            try:
                rules = find_ruleset(data["rules"]).with_options(data["options"])
            except MajiangError as err:
                raise SheetError(f"the sheet's ruleset: {err}") from None
            # Each option as written, of its default's type: a hand-edited file is refused, not guessed.
            defaults, found = find_ruleset(data["rules"]).options(), rules.options()
            for key, value in data["options"].items():
                if (type(value) is not type(defaults[key]) and None not in (value, defaults[key])) \
                        or found[key] != value:
                    raise SheetError(f"the sheet's ruleset: option {key!r} cannot be {_short(value)}")
            # Options added since the file was written (``later_options``) may be missing: their
            # defaults are what the sheet was kept by.
            if set(defaults) - set(data["options"]) - rules.later_options:
                raise SheetError(f"the sheet's ruleset: 'options' must hold every option of "
                                 f"{data['rules']!r}: {', '.join(defaults)}")
        sheet = cls(players, data["hands"], rules)
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
        if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str) or raw["kind"] not in shapes:
            raise SheetError(f"expected an object with 'kind' win, draw or penalty, not {_short(raw)}")
        if set(raw) != shapes[raw["kind"]]:
            raise SheetError(f"a {raw['kind']} entry has the keys {', '.join(sorted(shapes[raw['kind']]))}")
        for key in ("winner", "from", "player"):
            if key in raw and not (raw[key] is None and key == "from") and \
                    not (_is_int(raw[key]) and 0 <= raw[key] <= 3):
                raise SheetError(f"{key!r} must be a player index 0-3, not {_short(raw[key])}")
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
        name = os.fspath(path)
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise SheetError(f"{name} is larger than {MAX_FILE_BYTES} bytes: not a score sheet")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise SheetError(f"{name} is not UTF-8 text (byte {err.start})") from None
        try:
            data = json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
        except SheetError as err:
            raise SheetError(f"{name}: {err}") from None
        except json.JSONDecodeError as err:
            raise SheetError(f"{name} is not JSON (line {err.lineno}, column {err.colno}: "
                             f"{err.msg})") from None
        except RecursionError:
            raise SheetError(f"{name} is not a score sheet: its JSON is nested too deeply") from None
        except ValueError as err:  # e.g. an integer too long to convert
            raise SheetError(f"{name} is not valid JSON: {err}") from None
        if (lone := lone_surrogate(data)) is not None:
            raise SheetError(f"{name} holds a lone surrogate \\u{lone:04x}, which is not a character")
        return cls.from_dict(data)


@contextlib.contextmanager
def editing(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> Iterator[ScoreSheet]:
    """Lock the sheet file ``path``, load it, yield it, and save it if the block ends without an exception.

    Two processes editing one file at once take turns: each sees the other's entries and none is lost.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "table.json")
    >>> ScoreSheet(["Ann", "Bo", "Cy", "Di"]).save(path)
    >>> with editing(path) as sheet:
    ...     _ = sheet.draw()
    >>> ScoreSheet.load(path).hands_played
    1
    """
    with locked(path, timeout):
        sheet = ScoreSheet.load(path)
        yield sheet
        sheet.save(path)

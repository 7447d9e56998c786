"""The 考级定段 ladder (seed 000): grades 9级 to 1级, then amateur 段 by accumulated points, professional 段
by placings in competitions; beside it an openskill rating; and a rated pool of the project's bots.

Everything here is a function over results: a rated game is a ``RatedGame`` (a ruleset's name, four
players, their final totals) and ``Ladder.rate`` books it; storage (a JSON file for the command line, a
database for the web server) is the caller's, through ``Ladder.to_dict`` and ``Ladder.from_dict``.

The rules the seed leaves open are ``LadderRules`` options a club can change (docs/ladder.md says what
the seed says and what was decided). The rating needs the ``ladder`` extra (openskill); grades do not.

>>> ladder = Ladder()
>>> changes = ladder.rate(RatedGame("mcr", ("Ann", "Bo", "Cy", "Di"), (40, 10, -20, -30)), rating=False)
>>> ladder.entry("mcr", "Ann").points, ladder.entry("mcr", "Ann").grade.zh
(30, '8级')
>>> [str(c) for c in changes]
['Ann: 9级 → 8级 (promoted, 30 points)']
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.errors import InvalidOptionError, MajiangError

if TYPE_CHECKING:
    from majiang.game.ruleset import Ruleset

__all__ = [
    "AMATEUR_DAN",
    "GRADES",
    "KYU",
    "MAX_PRO_DAN",
    "RATING_MODELS",
    "Grade",
    "Ladder",
    "LadderEntry",
    "LadderError",
    "LadderRules",
    "RankChange",
    "RatedGame",
    "bot_player",
    "placings",
    "play_bot_games",
]

KYU = 9
"""Grades 9级 (the first) up to 1级."""
AMATEUR_DAN = 9
"""Amateur 段 1 to 9 (业余初段 ... 业余九段) above 1级."""
MAX_PRO_DAN = 9
"""Professional 段 1 to 9 (职业初段 ... 职业九段), from placings in competitions."""

_DAN_ZH = ("初", "二", "三", "四", "五", "六", "七", "八", "九")


class LadderError(MajiangError):
    """A ladder file, entry or result that cannot be used; says what and where."""


@dataclass(frozen=True, slots=True)
class Grade:
    """A step of the points ladder: ``index`` 0 is 9级, 8 is 1级, 9 is 业余初段, 17 业余九段."""

    index: int

    @property
    def is_dan(self) -> bool:
        """An amateur 段 rather than a 级."""
        return self.index >= KYU

    @property
    def zh(self) -> str:
        """The grade in Chinese: ``9级`` ... ``1级``, ``业余初段`` ... ``业余九段``."""
        if self.is_dan:
            return f"业余{_DAN_ZH[self.index - KYU]}段"
        return f"{KYU - self.index}级"

    @property
    def en(self) -> str:
        """The grade in English: ``9 kyu`` ... ``1 kyu``, ``amateur 1 dan`` ... ``amateur 9 dan``."""
        if self.is_dan:
            return f"amateur {self.index - KYU + 1} dan"
        return f"{KYU - self.index} kyu"

    def __str__(self) -> str:
        return self.zh


GRADES = tuple(Grade(i) for i in range(KYU + AMATEUR_DAN))
"""Every grade of the points ladder, lowest first."""


def pro_dan_zh(dan: int) -> str:
    """A professional 段 in Chinese (``职业初段``); the empty string for none."""
    return f"职业{_DAN_ZH[dan - 1]}段" if dan else ""


RATING_MODELS = ("plackett-luce", "bradley-terry-full", "thurstone-mosteller-full")
"""openskill's Weng-Lin models that rank any number of players by placing (``LadderRules.model``)."""


@dataclass(frozen=True, slots=True)
class LadderRules:
    """The ladder's rules: what the seed leaves open, as options a club can change.

    ``thresholds[i]`` is the accumulated points that reach ``GRADES[i + 1]`` (so 17 of them, rising);
    ``kyu_awards`` and ``dan_awards`` are the points for 1st to 4th place while a player holds a 级 or an
    amateur 段 (ties share the awards of the places they span, rounded half to even). A 段 player whose
    points fall ``demotion_margin`` below their 段's threshold drops a 段 (if ``demotion``), never below
    ``lowest_kept``. A competition with ``pro_min_entrants`` players or more gives a player placed in
    its top ``pro_places`` (a shared place counts as the place) one professional 段, if they hold
    ``pro_min_grade`` or better.
    """

    thresholds: tuple[int, ...] = (30, 70, 120, 180, 250, 330, 420, 520,
                                   650, 800, 1000, 1250, 1550, 1900, 2300, 2750, 3250)
    kyu_awards: tuple[int, int, int, int] = (30, 15, 5, 0)
    dan_awards: tuple[int, int, int, int] = (40, 15, 0, -20)
    demotion: bool = True
    demotion_margin: int = 50
    lowest_kept: int = KYU
    """No demotion below this grade index (default 业余初段: a 级 is never lost)."""
    pro_min_entrants: int = 16
    pro_places: int = 3
    pro_min_grade: int = KYU
    model: str = "plackett-luce"
    """The openskill model (``RATING_MODELS``)."""

    def __post_init__(self) -> None:
        _check_rules(self)

    def awards(self, grade: Grade) -> tuple[int, int, int, int]:
        """The points for 1st to 4th place to a player holding ``grade``."""
        return self.dan_awards if grade.is_dan else self.kyu_awards

    def grade_for(self, points: int) -> Grade:
        """The highest grade ``points`` reach (promotion's rule, without demotion's hysteresis).

        >>> LadderRules().grade_for(29).zh, LadderRules().grade_for(30).zh, LadderRules().grade_for(650).zh
        ('9级', '8级', '业余初段')
        """
        index = 0
        while index < len(self.thresholds) and points >= self.thresholds[index]:
            index += 1
        return GRADES[index]

    def threshold(self, grade: Grade) -> int:
        """The points that reach ``grade`` (0 for 9级)."""
        return 0 if grade.index == 0 else self.thresholds[grade.index - 1]

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain JSON values."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
                for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str = "rules") -> LadderRules:
        """Rules from ``to_dict``'s form (missing keys keep their defaults); LadderError naming the key."""
        if not isinstance(data, Mapping):
            raise LadderError(f"{where}: must be an object, not {_kind(data)}")
        names = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in names:
                raise LadderError(f"{where}.{key}: unknown ladder option; the options are {', '.join(names)}")
            default = getattr(cls(), key)
            if isinstance(default, tuple):
                if not isinstance(value, list) or not all(_is_int(v) for v in value):
                    raise LadderError(f"{where}.{key}: must be a list of whole numbers, not {value!r}")
                value = tuple(value)
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise LadderError(f"{where}.{key}: must be true or false, not {value!r}")
            elif isinstance(default, int):
                if not _is_int(value):
                    raise LadderError(f"{where}.{key}: must be a whole number, not {value!r}")
            elif not isinstance(value, str):
                raise LadderError(f"{where}.{key}: must be a string, not {value!r}")
            values[key] = value
        try:
            return cls(**values)
        except InvalidOptionError as err:
            raise LadderError(f"{where}: {err}") from None

    def with_options(self, options: Sequence[str]) -> LadderRules:
        """These rules with ``KEY=VALUE`` settings (lists comma-separated); InvalidOptionError if one is bad.

        >>> LadderRules().with_options(["demotion=false", "dan_awards=50,20,0,-30"]).dan_awards
        (50, 20, 0, -30)
        """
        data = self.to_dict()
        for option in options:
            key, sep, text = option.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or key not in data:
                raise InvalidOptionError(f"a ladder option is KEY=VALUE with KEY one of {', '.join(data)}; "
                                         f"not {option!r}")
            default = data[key]
            value: Any
            try:
                if isinstance(default, list):
                    value = [int(part) for part in text.split(",")]
                elif isinstance(default, bool):
                    if text.lower() not in ("true", "false", "yes", "no", "1", "0"):
                        raise ValueError(text)
                    value = text.lower() in ("true", "yes", "1")
                elif isinstance(default, int):
                    value = int(text)
                else:
                    value = text
            except ValueError:
                raise InvalidOptionError(f"ladder option {key}: cannot read {text!r} as "
                                         f"{type(default).__name__}") from None
            data[key] = value
        try:
            return LadderRules.from_dict(data)
        except LadderError as err:
            raise InvalidOptionError(str(err)) from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _check_rules(rules: LadderRules) -> None:
    steps = len(GRADES) - 1
    t = rules.thresholds
    if len(t) != steps:
        raise InvalidOptionError(f"thresholds: {steps} numbers (the points reaching 8级 ... 业余九段), "
                                 f"not {len(t)}")
    if t[0] <= 0 or any(b <= a for a, b in itertools.pairwise(t)):
        raise InvalidOptionError(f"thresholds must be positive and rising, not {list(t)}")
    for name in ("kyu_awards", "dan_awards"):
        awards = getattr(rules, name)
        if len(awards) != 4:
            raise InvalidOptionError(f"{name}: four numbers (1st to 4th place), not {len(awards)}")
        if any(b > a for a, b in itertools.pairwise(awards)):
            raise InvalidOptionError(f"{name} must not rise from 1st to 4th place, not {list(awards)}")
    if rules.kyu_awards[0] <= 0 or rules.dan_awards[0] <= 0:
        raise InvalidOptionError("a 1st place must earn points (kyu_awards[0] and dan_awards[0] > 0)")
    if rules.demotion_margin < 0:
        raise InvalidOptionError(f"demotion_margin must be 0 or more, not {rules.demotion_margin}")
    for name in ("lowest_kept", "pro_min_grade"):
        if not 0 <= getattr(rules, name) < len(GRADES):
            raise InvalidOptionError(f"{name} must be a grade index 0-{len(GRADES) - 1} "
                                     f"(0 = 9级, {KYU} = 业余初段), not {getattr(rules, name)}")
    if rules.pro_min_entrants < 4:
        raise InvalidOptionError(f"pro_min_entrants must be 4 or more, not {rules.pro_min_entrants}")
    if rules.pro_places < 1:
        raise InvalidOptionError(f"pro_places must be 1 or more, not {rules.pro_places}")
    if rules.model not in RATING_MODELS:
        raise InvalidOptionError(f"model must be one of {', '.join(RATING_MODELS)}, not {rules.model!r}")


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished rated game: its ruleset's name, its four players and their final totals (by player)."""

    rules: str
    players: tuple[str, str, str, str]
    totals: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        if len(self.players) != 4 or len(self.totals) != 4:
            raise LadderError(f"a rated game has four players and four totals, not {len(self.players)} "
                              f"and {len(self.totals)}")
        for name in self.players:
            if not isinstance(name, str) or not name.strip():
                raise LadderError(f"a player's name must be a non-empty string, not {name!r}")
        if len(set(self.players)) != 4:
            raise LadderError(f"a rated game needs four different players, not {list(self.players)}")
        if not all(_is_int(t) for t in self.totals):
            raise LadderError(f"totals must be whole numbers, not {list(self.totals)}")


def placings(totals: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Each player's place span ``(best, worst)`` (0 = 1st): tied players span the places they share.

    >>> placings([10, 30, 10, -50])
    ((1, 2), (0, 0), (1, 2), (3, 3))
    """
    out = []
    for t in totals:
        above = sum(1 for u in totals if u > t)
        tied = sum(1 for u in totals if u == t)
        out.append((above, above + tied - 1))
    return tuple(out)


@dataclass(slots=True)
class LadderEntry:
    """One player's standing under one ruleset: points, grade, professional 段, rating, games."""

    points: int = 0
    grade: Grade = GRADES[0]
    pro_dan: int = 0
    mu: float | None = None
    sigma: float | None = None
    games: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Games finished 1st, 2nd, 3rd, 4th (a tie counts the best place it shares)."""

    @property
    def ordinal(self) -> float | None:
        """The conservative rating ``mu - 3 sigma`` (what the leaderboard sorts by), None if unrated."""
        if self.mu is None or self.sigma is None:
            return None
        return self.mu - 3 * self.sigma

    @property
    def title(self) -> str:
        """The grade, and the professional 段 beside it when there is one: ``业余三段 · 职业初段``."""
        return f"{self.grade.zh} · {pro_dan_zh(self.pro_dan)}" if self.pro_dan else self.grade.zh

    def to_dict(self) -> dict[str, Any]:
        """The entry as plain JSON values."""
        return {"points": self.points, "grade": self.grade.index, "pro_dan": self.pro_dan, "mu": self.mu,
                "sigma": self.sigma, "games": self.games, "places": list(self.places)}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> LadderEntry:
        """An entry from ``to_dict``'s form; LadderError saying which field is wrong and where."""
        if not isinstance(data, dict):
            raise LadderError(f"{where}: must be an object, not {_kind(data)}")
        known = {"points", "grade", "pro_dan", "mu", "sigma", "games", "places"}
        for key in data:
            if key not in known:
                raise LadderError(f"{where}.{key}: unknown field; the fields are {', '.join(sorted(known))}")
        for key in ("points", "grade", "pro_dan", "games"):
            if not _is_int(data.get(key)):
                raise LadderError(f"{where}.{key}: must be a whole number, not {data.get(key)!r}")
        if not 0 <= data["grade"] < len(GRADES):
            raise LadderError(f"{where}.grade: must be 0-{len(GRADES) - 1}, not {data['grade']}")
        if not 0 <= data["pro_dan"] <= MAX_PRO_DAN:
            raise LadderError(f"{where}.pro_dan: must be 0-{MAX_PRO_DAN}, not {data['pro_dan']}")
        if data["points"] < 0 or data["games"] < 0:
            raise LadderError(f"{where}: points and games must be 0 or more")
        mu, sigma = data.get("mu"), data.get("sigma")
        if (mu is None) != (sigma is None):
            raise LadderError(f"{where}: mu and sigma are both given or both null")
        for key, value in (("mu", mu), ("sigma", sigma)):
            if value is not None and (not isinstance(value, int | float) or isinstance(value, bool)
                                      or not math.isfinite(value)):
                raise LadderError(f"{where}.{key}: must be a finite number or null, not {value!r}")
        if sigma is not None and sigma <= 0:
            raise LadderError(f"{where}.sigma: must be positive, not {sigma}")
        places = data.get("places")
        if not isinstance(places, list) or len(places) != 4 or not all(_is_int(p) and p >= 0 for p in places):
            raise LadderError(f"{where}.places: must be four whole numbers, not {places!r}")
        if sum(places) != data["games"]:
            raise LadderError(f"{where}.places: add up to {sum(places)}, not to games ({data['games']})")
        return cls(data["points"], GRADES[data["grade"]], data["pro_dan"],
                   None if mu is None else float(mu), None if sigma is None else float(sigma),
                   data["games"], list(places))


@dataclass(frozen=True, slots=True)
class RankChange:
    """A promotion or demotion a result caused (the event a page or command shows)."""

    rules: str
    player: str
    before: str
    after: str
    promoted: bool
    points: int
    professional: bool = False

    def __str__(self) -> str:
        how = "promoted" if self.promoted else "demoted"
        return f"{self.player}: {self.before} → {self.after} ({how}, {self.points} points)"

    def to_dict(self) -> dict[str, Any]:
        """The change as plain JSON values."""
        return dataclasses.asdict(self)


class Ladder:
    """Every player's ``LadderEntry`` per ruleset, and each ruleset's ``LadderRules`` (the default unless
    a club set its own with ``set_rules``)."""

    def __init__(self) -> None:
        self.entries: dict[str, dict[str, LadderEntry]] = {}
        self.rules: dict[str, LadderRules] = {}

    def rules_for(self, rules: str) -> LadderRules:
        """The ladder rules of ruleset ``rules``."""
        return self.rules.get(rules, LadderRules())

    def set_rules(self, rules: str, ladder_rules: LadderRules) -> None:
        """Use ``ladder_rules`` for ruleset ``rules`` from now on (grades already earned stay)."""
        self.rules[rules] = ladder_rules

    def entry(self, rules: str, player: str) -> LadderEntry:
        """``player``'s entry under ruleset ``rules`` (a new one, not stored, if they have none)."""
        return self.entries.get(rules, {}).get(player) or LadderEntry()

    def _entry(self, rules: str, player: str) -> LadderEntry:
        return self.entries.setdefault(rules, {}).setdefault(player, LadderEntry())

    def rate(self, game: RatedGame, *, rating: bool = True) -> list[RankChange]:
        """Book a finished rated game: points by placing, grades, and (if ``rating``) the openskill rating;
        the promotions and demotions it caused."""
        rules = self.rules_for(game.rules)
        spans = placings(game.totals)
        entries = [self.entry(game.rules, p) for p in game.players]
        if rating:  # first, so that a missing extra changes nothing
            self._rate_skill(rules, entries, game.totals)
        for player, entry in zip(game.players, entries, strict=True):
            self.entries.setdefault(game.rules, {})[player] = entry
        changes = []
        for player, entry, (best, worst) in zip(game.players, entries, spans, strict=True):
            awards = rules.awards(entry.grade)
            award = round(sum(awards[best:worst + 1]) / (worst - best + 1))
            entry.points = max(0, entry.points + award)
            entry.games += 1
            entry.places[best] += 1
            before = entry.grade
            entry.grade = _regrade(rules, entry.grade, entry.points)
            if entry.grade != before:
                changes.append(RankChange(game.rules, player, before.zh, entry.grade.zh,
                                          entry.grade.index > before.index, entry.points))
        return changes

    @staticmethod
    def _rate_skill(rules: LadderRules, entries: list[LadderEntry], totals: Sequence[int]) -> None:
        model = rating_model(rules.model)
        teams = [[model.rating(mu=e.mu, sigma=e.sigma) if e.mu is not None else model.rating()]
                 for e in entries]
        ranks = [best for best, _ in placings(totals)]
        rated = model.rate(teams, ranks=ranks)
        for entry, (new,) in zip(entries, rated, strict=True):
            entry.mu, entry.sigma = float(new.mu), float(new.sigma)

    def record_competition(self, rules: str, standings: Sequence[str], places: Sequence[int] | None = None,
                           entrants: int | None = None) -> list[RankChange]:
        """Book a competition's final standings (players, 1st first; ``places`` their places from 1, tied
        players sharing one, by default 1, 2, 3, ...): the professional 段 its top places earn."""
        ladder_rules = self.rules_for(rules)
        count = len(standings) if entrants is None else entrants
        places = list(range(1, len(standings) + 1)) if places is None else list(places)
        if len(set(standings)) != len(standings):
            raise LadderError("a competition's standings name each player once")
        if len(places) != len(standings) or any(b < a for a, b in itertools.pairwise(places)) \
                or (places and places[0] < 1):
            raise LadderError("a competition's places are one a player, from 1, not falling")
        if count < ladder_rules.pro_min_entrants:
            return []
        changes = []
        for player, place in zip(standings, places, strict=True):
            if place > ladder_rules.pro_places:
                break
            entry = self._entry(rules, player)
            if entry.grade.index < ladder_rules.pro_min_grade or entry.pro_dan >= MAX_PRO_DAN:
                continue
            before = entry.title
            entry.pro_dan += 1
            changes.append(RankChange(rules, player, before, entry.title, True, entry.points, True))
        return changes

    def board(self, rules: str) -> list[tuple[str, LadderEntry]]:
        """The leaderboard of ruleset ``rules``: professional 段, grade, points, then conservative rating."""
        entries = self.entries.get(rules, {})

        def key(item: tuple[str, LadderEntry]) -> tuple[Any, ...]:
            name, e = item
            return (-e.pro_dan, -e.grade.index, -e.points, -(e.ordinal if e.ordinal is not None else -1e9),
                    name)
        return sorted(entries.items(), key=key)

    def to_dict(self) -> dict[str, Any]:
        """The ladder as plain JSON values (``from_dict`` reads it back)."""
        return {"format": "majiang-ladder", "version": 1,
                "rules": {name: r.to_dict() for name, r in sorted(self.rules.items())},
                "players": {rules: {p: e.to_dict() for p, e in sorted(entries.items())}
                            for rules, entries in sorted(self.entries.items())}}

    @classmethod
    def from_dict(cls, data: Any) -> Ladder:
        """A ladder from ``to_dict``'s form; LadderError saying what is wrong and where."""
        if not isinstance(data, dict) or data.get("format") != "majiang-ladder":
            raise LadderError('not a ladder file (no "format": "majiang-ladder")')
        if data.get("version") != 1:
            raise LadderError(f"version: this majiang reads ladder version 1, not {data.get('version')!r}")
        extra = set(data) - {"format", "version", "rules", "players"}
        if extra:
            raise LadderError(f"{sorted(extra)[0]}: unknown key of a ladder file")
        ladder = cls()
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise LadderError(f"rules: must be an object, not {_kind(rules)}")
        for name, value in rules.items():
            ladder.rules[name] = LadderRules.from_dict(value, f"rules.{name}")
        players = data.get("players", {})
        if not isinstance(players, dict):
            raise LadderError(f"players: must be an object, not {_kind(players)}")
        for name, entries in players.items():
            if not isinstance(entries, dict):
                raise LadderError(f"players.{name}: must be an object, not {_kind(entries)}")
            ladder.entries[name] = {p: LadderEntry.from_dict(e, f"players.{name}.{p}")
                                    for p, e in entries.items()}
        return ladder


def _regrade(rules: LadderRules, grade: Grade, points: int) -> Grade:
    """The grade after a game: up to what the points reach; down one 段 when demotion applies."""
    reached = rules.grade_for(points)
    if reached.index > grade.index:
        return reached
    if (rules.demotion and grade.is_dan and grade.index > rules.lowest_kept
            and points < rules.threshold(grade) - rules.demotion_margin):
        return GRADES[grade.index - 1]
    return grade


def rating_model(name: str) -> Any:
    """The openskill model ``name`` (``RATING_MODELS``); ImportError with the extra to install if absent."""
    try:
        from openskill.models import BradleyTerryFull, PlackettLuce, ThurstoneMostellerFull
    except ImportError as err:  # pragma: no cover - only without the extra
        raise ImportError("the ladder's rating needs the 'ladder' extra: "
                          "pip install 'majiang[ladder]'") from err
    models = {"plackett-luce": PlackettLuce, "bradley-terry-full": BradleyTerryFull,
              "thurstone-mosteller-full": ThurstoneMostellerFull}
    return models[name]()


def bot_player(bot: str) -> str:
    """The ladder name of one of the project's bots: ``bot:efficiency``."""
    return f"bot:{bot}"


def play_bot_games(ladder: Ladder, rules: Ruleset, games: int, *, seed: int = 0,
                   bots: Sequence[str] | None = None, hands: int | None = 4,
                   progress: Callable[[int, int], None] | None = None) -> list[RankChange]:
    """Play ``games`` rated matches of ``hands`` hands among the bot pool ``bots`` (default every bot of
    ``majiang.bots.BOTS``) and book them under ``rules``'s name; the rank changes.

    Each game seats four different bots, drawn and ordered by a generator seeded with ``seed``, and is
    played from its own derived seed, so the same call gives the same ladder. ``progress(done, games)``
    is called after each game.
    """
    from majiang.bots import BOTS, find_bot
    from majiang.records.writer import play_match
    from majiang.sim.seeds import derived_seed

    pool = list(BOTS if bots is None else bots)
    unknown = [b for b in pool if b not in BOTS]
    if unknown:
        raise InvalidOptionError(f"unknown bot {unknown[0]!r}; one of {', '.join(BOTS)}")
    if len(set(pool)) < 4:
        raise InvalidOptionError(f"a rated bot game needs four different bots, not {sorted(set(pool))}")
    if games < 0:
        raise InvalidOptionError(f"games must be 0 or more, not {games}")
    draw = random.Random(derived_seed("majiang-ladder", seed, "draw"))
    changes: list[RankChange] = []
    for number in range(games):
        seated = draw.sample(sorted(set(pool)), 4)
        game_seed = derived_seed("majiang-ladder", seed, "game", number)
        players = [find_bot(name, seed=derived_seed("majiang-ladder", seed, "bot", number, s))
                   for s, name in enumerate(seated)]
        match, _ = play_match(players, seed=game_seed, rules=rules, hands=hands)
        totals = [t + (match.settled[p] if match.settled else 0) for p, t in enumerate(match.totals)]
        names = tuple(bot_player(b) for b in seated)
        changes += ladder.rate(RatedGame(rules.name, (names[0], names[1], names[2], names[3]),
                                         (totals[0], totals[1], totals[2], totals[3])))
        if progress is not None:
            progress(number + 1, games)
    return changes

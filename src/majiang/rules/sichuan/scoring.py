"""Sichuan and Chengdu scoring: the win check (108 suited tiles, 缺一门), fan detection and points."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from majiang.analysis.decompose import PUNG_SET, iter_decompositions
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.hand import Hand, WinBy
from majiang.meld import MeldKind
from majiang.rules.bounds import Bounds, check_bound
from majiang.rules.sichuan.fans import CHENGDU_FANS, SICHUAN_FANS, Fan, FanId
from majiang.tiles import Tile

__all__ = ["OPTIONS", "FanHit", "Options", "ScoreResult", "WinContext", "find_options", "score"]

SelfDrawnBonus = Literal["none", "base", "fan"]
_BONUSES = ("none", "base", "fan")
SCORING_BOUNDS: dict[str, Bounds] = {"base": (1, 1000, None), "plain_fan": (0, 1, None),
                                     "cap_fan": (1, 16, None), "cap_points": (1, 1_000_000, None)}
"""The integer options' ranges (``cap_fan`` and ``cap_points`` may also be None, no cap): the seeds' base
is 6 or 5 (seed 000 "打5分"), a plain win is 1 or 0 番, a cap of 0 番 would count none, and seed 000's largest
hand counts 9 番."""
_TABLES: dict[str, dict[FanId, Fan]] = {"sichuan": SICHUAN_FANS, "chengdu": CHENGDU_FANS}


@dataclass(frozen=True, slots=True)
class Options:
    """How a profile scores; every field is documented with its source in docs/sichuan.md.

    ``plain_fan`` is the 番 of a plain win, the one that pays ``base`` once: points are
    ``base × 2^(番 − plain_fan)``. ``cap_fan``/``cap_points`` (封顶) are ``None`` for no cap.
    """

    name: str
    fans: str
    base: int
    plain_fan: int
    cap_fan: int | None = None
    cap_points: int | None = None
    self_drawn: SelfDrawnBonus = "none"
    last_of_wall: bool = False
    concealed_root: bool = True
    last_of_wall_discard: bool = False

    def __post_init__(self) -> None:
        if self.fans not in _TABLES:
            raise InvalidOptionError(f"fans must be one of {', '.join(_TABLES)}, not {self.fans!r}")
        for name, bounds in SCORING_BOUNDS.items():
            value = getattr(self, name)
            if value is not None or not name.startswith("cap"):
                check_bound(name, value, bounds)
        if self.cap_fan is not None and self.cap_fan < self.plain_fan:
            raise InvalidOptionError(f"cap_fan must be at least plain_fan ({self.plain_fan}), "
                                     f"not {self.cap_fan}")
        if self.cap_points is not None and self.cap_points < self.base:
            raise InvalidOptionError(f"cap_points must be at least base ({self.base}), "
                                     f"not {self.cap_points}")
        if self.self_drawn not in _BONUSES:
            raise InvalidOptionError(f"self_drawn must be one of {', '.join(_BONUSES)}, "
                                     f"not {self.self_drawn!r}")
        for name in ("last_of_wall", "concealed_root", "last_of_wall_discard"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptionError(f"{name} must be True or False, not {getattr(self, name)!r}")

    @property
    def table(self) -> dict[FanId, Fan]:
        """The fan table these options score with."""
        return _TABLES[self.fans]

    def replace(self, **changes: Any) -> Options:
        """A copy with some fields changed; unknown fields raise ``InvalidOptionError``."""
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self)} - {"name"})
        if unknown or "name" in changes:
            raise InvalidOptionError(f"no option {(unknown or ['name'])[0]!r}; options are "
                                     f"{', '.join(_option_names())}")
        return dataclasses.replace(self, **changes)

    def parse(self, text: str) -> Options:
        """A copy with one ``key=value`` option read from text (``cap_points=none``, ``self_drawn=fan``)."""
        key, sep, raw = text.partition("=")
        key = key.replace("-", "_")
        if not sep or key not in _option_names():
            raise InvalidOptionError(f"an option is key=value with key one of {', '.join(_option_names())}, "
                                     f"not {text!r}")
        current = getattr(self, key)
        value: object = raw
        if key in ("cap_fan", "cap_points") and raw.lower() == "none":
            value = None
        elif isinstance(current, bool):
            if raw.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise InvalidOptionError(f"{key} must be true or false, not {raw!r}")
            value = raw.lower() in ("true", "yes", "1")
        elif key in ("base", "plain_fan", "cap_fan", "cap_points"):
            # Only ASCII digits (int() also reads "+3", " 3" and other scripts' digits): else the range.
            value = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else raw
            check_bound(key, value, SCORING_BOUNDS[key])
        return self.replace(**{key: value})


def _option_names() -> list[str]:
    return [f.name for f in dataclasses.fields(Options) if f.name != "name"]


OPTIONS: dict[str, Options] = {
    "sichuan": Options("sichuan", "sichuan", base=6, plain_fan=1, last_of_wall=True),
    "chengdu": Options("chengdu", "chengdu", base=5, plain_fan=0, cap_points=80, self_drawn="base"),
}
"""The named profiles: ``sichuan`` per seed 004, ``chengdu`` per seed 000 (打5分80封顶)."""

_ALIASES = {"四川": "sichuan", "血战": "sichuan", "血流": "sichuan", "成都": "chengdu"}


def find_options(name: str | Options, **changes: Any) -> Options:
    """The profile of that name (or alias 四川, 成都), with optional changes.

    >>> find_options("成都", cap_points=None).cap_points is None
    True
    """
    if isinstance(name, Options):
        found = name
    elif not isinstance(name, str):
        raise TypeError(f"a profile is a name or Options, not {name!r}")
    else:
        key = _ALIASES.get(name, name.lower())
        if key not in OPTIONS:
            raise InvalidOptionError(f"no Sichuan profile {name!r}; profiles are {', '.join(OPTIONS)}")
        found = OPTIONS[key]
    return found.replace(**changes) if changes else found


@dataclass(frozen=True, slots=True)
class WinContext:
    """How a Sichuan or Chengdu hand was won, all the tiles do not show.

    ``win_by`` is a ``WinBy`` (or its value); ``last_of_wall`` the wall's last tile (海底); ``after_kong``
    杠上炮, a discard right after the discarder's kong; ``heavenly`` 天胡 (the dealer's opening hand) and
    ``earthly`` 地胡 (a win in the first go-round); ``fed_kong`` a 杠上花 on a kong made on another seat's
    discard that the discarder pays as a 点炮 (seed 004 "别人打牌,引杠,再杠上花,算引杠者点炮"): one payer,
    no self-draw bonus. Ways of winning that rule each other out raise ``InvalidHandError``; a flag that is
    no bool, ``TypeError``.

    >>> WinContext("self-drawn", heavenly=True).win_by
    <WinBy.SELF_DRAWN: 'self-drawn'>
    """

    win_by: WinBy = WinBy.DISCARD
    last_of_wall: bool = False
    after_kong: bool = False
    heavenly: bool = False
    earthly: bool = False
    fed_kong: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.win_by, WinBy):
            object.__setattr__(self, "win_by", _win_by(self.win_by))
        for name in ("last_of_wall", "after_kong", "heavenly", "earthly", "fed_kong"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, not {getattr(self, name)!r}")
        how = self.win_by
        if self.after_kong and how is not WinBy.DISCARD:
            raise InvalidHandError(f"杠上炮 (after_kong) is a win on a discard, not {how.value}")
        if self.heavenly and self.earthly:
            raise InvalidHandError("a win cannot be both heavenly (天胡, the dealer's) and earthly (地胡)")
        if self.heavenly and how is not WinBy.SELF_DRAWN:
            raise InvalidHandError(f"天胡 (heavenly) is the dealer's self-drawn opening hand, "
                                   f"not {how.value}")
        if self.fed_kong and how is not WinBy.KONG_REPLACEMENT:
            raise InvalidHandError(f"a fed kong's 杠上花 (fed_kong) is a win on a kong's replacement, "
                                   f"not {how.value}")


@dataclass(frozen=True, slots=True)
class FanHit:
    """A fan the hand scores, ``count`` times (根 may count several)."""

    fan: Fan
    count: int = 1

    @property
    def value(self) -> int:
        """番 this hit adds."""
        return self.fan.value * self.count


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """A scored Sichuan or Chengdu win: fans, total 番 and the points each payer owes.

    ``points`` is what one paying player pays (every player still in on a self-draw, the discarder
    otherwise), after the self-draw bonus and the cap. ``self_drawn`` says whether the others all pay (a
    self-draw, 杠上花 included, but not a fed kong's 杠上花 paid by its discarder).
    """

    fans: tuple[FanHit, ...]
    total: int
    counted: int
    points: int
    capped: bool
    self_drawn: bool
    options: Options

    @property
    def multiplier(self) -> int:
        """The 倍数 of the counted 番: ``2^(counted − plain_fan)``."""
        return 1 << (self.counted - self.options.plain_fan)

    def explain(self) -> str:
        """A readable account, one fan a line, then the total and the points."""
        lines = []
        for hit in self.fans:
            times = f" ×{hit.count}" if hit.count > 1 else ""
            lines.append(f"{hit.fan.zh} {hit.fan.en}{times}: {hit.value} 番")
        o = self.options
        lines.append(f"total {self.total} 番 = {self.multiplier}× of base {o.base}")
        notes = []
        if self.counted != self.total:
            notes.append(f"capped at {self.counted} 番")
        if self.self_drawn and o.self_drawn == "base":
            notes.append(f"self-drawn +{o.base}")
        if self.capped and o.cap_points is not None:
            notes.append(f"capped at {o.cap_points}")
        tail = f" ({'; '.join(notes)})" if notes else ""
        payer = "each other player" if self.self_drawn else "the discarder"
        lines.append(f"points: {self.points} from {payer}{tail}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "rules": self.options.name,
            "fans": [{"id": h.fan.id.value, "zh": h.fan.zh, "en": h.fan.en, "count": h.count,
                      "value": h.value} for h in self.fans],
            "total": self.total,
            "counted": self.counted,
            "multiplier": self.multiplier,
            "points": self.points,
            "capped": self.capped,
            "self_drawn": self.self_drawn,
            "options": {k: v for k, v in dataclasses.asdict(self.options).items() if k != "name"},
        }


def _check(hand: Hand) -> list[int]:
    """All 34 counts of a hand that may win in Sichuan; bad hands raise ``InvalidHandError``."""
    if hand.winning_tile is None:
        raise InvalidHandError("a winning hand has 14 tiles (with kongs counted as 3); this one has 13")
    for meld in hand.melds:
        if meld.kind == MeldKind.CHOW:
            raise InvalidHandError(f"Sichuan mahjong has no chow: meld {meld.notation()} cannot be claimed")
    counts = hand.counts(include_melds=True)
    honors = [k for k in range(27, 34) if counts[k]]
    if honors:
        raise InvalidHandError(f"Sichuan mahjong plays the 108 suited tiles; {Tile(honors[0]).notation()} is "
                               "an honor tile")
    suits = [s for s in range(3) if any(counts[s * 9:s * 9 + 9])]
    if len(suits) == 3:
        raise InvalidHandError("a Sichuan hand must miss a suit to win (缺一门); this one holds all three")
    return counts


def _detect(hand: Hand, counts: list[int], options: Options) -> list[tuple[FanId, int]]:
    """Every pattern fan of the best-scoring form, each with its count, before exclusions."""
    standing = hand.counts()
    flush = sum(1 for s in range(3) if any(counts[s * 9:s * 9 + 9])) == 1
    kongs = sum(1 for m in hand.melds if m.is_kong)
    roots = sum(1 for n in counts if n == 4) if options.concealed_root else kongs
    forms: list[list[tuple[FanId, int]]] = []
    if not hand.melds and all(n % 2 == 0 for n in standing):
        dragons = sum(1 for n in standing if n == 4)
        hits = [(FanId.SEVEN_PAIRS, 1)]
        if dragons:
            hits.append((FanId.DRAGON_PAIRS, 1))
        if flush:
            hits += [(FanId.FULL_FLUSH, 1), (FanId.FLUSH_PAIRS, 1)]
            if dragons:
                hits.append((FanId.FLUSH_DRAGON_PAIRS, 1))
        forms.append([*hits, (FanId.ROOT, roots)])
    meld_tiles = [m.tile for m in hand.melds]
    for sets, pair in iter_decompositions(standing):
        if len(sets) + len(hand.melds) != 4:
            continue
        hits = [(FanId.PLAIN, 1)]
        pungs = all(kind == PUNG_SET for kind, _ in sets)
        # A set has a terminal when a pung is of 1 or 9 or a chow starts at 1 or 7.
        ends = [t for _, t in sets if (t % 9 in (0, 8))] + [t for k, t in sets
                                                         if k != PUNG_SET and t % 9 == 6]
        outside = (len(ends) == len(sets) and all(t % 9 in (0, 8) for t in meld_tiles) and pair % 9 in (0, 8))
        if pungs:
            hits.append((FanId.ALL_PUNGS, 1))
            if all(counts[k] == 0 or k % 9 in (1, 4, 7) for k in range(27)):
                hits.append((FanId.PUNGS_258, 1))
            if flush:
                hits.append((FanId.FLUSH_PUNGS, 1))
            if len(hand.melds) == 4:
                hits.append((FanId.SINGLE_WAIT, 1))
                if kongs == 4:
                    hits.append((FanId.EIGHTEEN, 1))
        if outside:
            hits.append((FanId.FLUSH_OUTSIDE if flush else FanId.OUTSIDE, 1))
            if flush:
                hits.append((FanId.OUTSIDE, 1))
        if flush:
            hits.append((FanId.FULL_FLUSH, 1))
        forms.append([*hits, (FanId.ROOT, roots)])
    if not forms:
        raise InvalidHandError(f"{hand.notation()} is not a winning hand: neither four sets and a pair nor "
                               "seven pairs")
    return max(forms, key=lambda hits: _pattern(hits, options)[1])


def _pattern(detected: list[tuple[FanId, int]], options: Options) -> tuple[list[FanHit], int]:
    """The pattern fans that count under the profile (largest only, or summed with exclusions)."""
    table = options.table
    hits = [(table[i], n) for i, n in detected if i in table and i is not FanId.ROOT]
    excluded = {x for fan, _ in hits for x in fan.excludes}
    hits = [(fan, n) for fan, n in hits if fan.id not in excluded]
    if any(fan.id is not FanId.PLAIN for fan, _ in hits):
        hits = [(fan, n) for fan, n in hits if fan.id is not FanId.PLAIN]
    if options.fans == "sichuan":  # seed 004: "均不重复计算,只按最大番算"
        hits = [max(hits, key=lambda h: h[0].value)]
    roots = dict(detected).get(FanId.ROOT, 0) - sum(fan.uses_root for fan, _ in hits)
    result = [FanHit(fan, n) for fan, n in hits]
    if roots > 0:
        result.append(FanHit(table[FanId.ROOT], roots))
    return result, sum(h.value for h in result)


def score(
    hand: Hand | str,
    context: WinContext | None = None,
    options: Options | str | None = None,
    *,
    win_by: WinBy | str = WinBy.DISCARD,
    last_of_wall: bool = False,
    after_kong: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    fed_kong: bool = False,
) -> ScoreResult:
    """Score a winning Sichuan hand won in ``context`` under ``options`` (a profile or its name; None
    is ``sichuan``).

    The win may instead come as keywords, those of ``WinContext`` (``after_kong`` is 杠上炮, a discard
    right after the discarder's kong); a context with keywords other than their defaults is a
    ``TypeError``. 海底 (``last_of_wall``) scores a self-drawn last tile, and a win on the last discard
    only with the option ``last_of_wall_discard`` (seed 000 "最后一张牌自摸要加一番").

    >>> r = score("111222444m33399p", win_by="self-drawn")
    >>> [h.fan.zh for h in r.fans], r.total, r.points
    (['对对胡'], 2, 12)
    >>> score("111222444m33399p", options="chengdu").points
    10
    >>> score("111222444m33399p", WinContext("self-drawn"), "chengdu").points
    15
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if not isinstance(hand, Hand):
        raise TypeError(f"hand must be a Hand or its notation, not {hand!r}")
    options = find_options("sichuan" if options is None else options)
    if context is None:
        how = win_by if isinstance(win_by, WinBy) else _win_by(win_by)
        context = WinContext(how, last_of_wall, after_kong, heavenly, earthly, fed_kong)
    elif not isinstance(context, WinContext):
        raise TypeError(f"context must be a majiang.sichuan.WinContext, not {type(context).__name__}")
    elif (win_by, last_of_wall, after_kong, heavenly, earthly, fed_kong) != \
            (WinBy.DISCARD, False, False, False, False, False):
        raise TypeError("score takes the win as a WinContext or as keywords (win_by=, last_of_wall=, ...), "
                        "not both")
    how = context.win_by
    last_of_wall, after_kong = context.last_of_wall, context.after_kong
    heavenly, earthly = context.heavenly, context.earthly
    if (heavenly or earthly) and FanId.HEAVENLY not in options.table:
        raise InvalidOptionError(f"the {options.fans} fan table has no 天胡/地胡")
    counts = _check(hand)
    detected = _detect(hand, counts, options)
    if heavenly:
        detected.append((FanId.HEAVENLY, 1))
    if earthly:
        detected.append((FanId.EARTHLY, 1))
    fans, _ = _pattern(detected, options)
    table = options.table
    extras = {WinBy.KONG_REPLACEMENT: FanId.KONG_BLOOM, WinBy.ROBBING_KONG: FanId.ROBBING_KONG}
    if how in extras:
        fans.append(FanHit(table[extras[how]]))
    if after_kong:
        fans.append(FanHit(table[FanId.KONG_DISCARD]))
    if last_of_wall and options.last_of_wall and (how.self_drawn or options.last_of_wall_discard):
        fans.append(FanHit(table[FanId.LAST_OF_WALL]))
    # A fed kong's 杠上花 is its discarder's 点炮 (seed 004 "算引杠者点炮"): no self-draw bonus.
    self_drawn = how.self_drawn and not context.fed_kong
    if self_drawn and options.self_drawn == "fan":
        fans.append(FanHit(table[FanId.SELF_DRAWN]))
    total = sum(h.value for h in fans)
    counted = total if options.cap_fan is None else min(total, options.cap_fan)
    points = options.base << (counted - options.plain_fan)
    if self_drawn and options.self_drawn == "base":
        points += options.base
    capped = counted < total
    if options.cap_points is not None and points > options.cap_points:
        points, capped = options.cap_points, True
    return ScoreResult(tuple(fans), total, counted, points, capped, self_drawn, options)


def _win_by(value: str) -> WinBy:
    try:
        return WinBy(value)
    except ValueError:
        raise InvalidOptionError(f"win_by must be one of {', '.join(w.value for w in WinBy)}, "
                                 f"not {value!r}") from None



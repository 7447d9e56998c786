"""Odds (概率): pairs among the opening tiles, and the chance of drawing a useful tile.

Two kinds of question. First, the small table at the end of the rule source's chapter on tile efficiency
(附：关于顺子刻子对子的一些概率), for a 136-tile set (34 kinds, four copies, no flowers): how often a
14-tile starting hand has no pair, exactly three pairs, and how often the first 20 tiles a player
sees hold no pair. Each is computed exactly (``fractions.Fraction``) and checked by a seeded Monte
Carlo with a 95% Wilson interval. Second, the hypergeometric chance that at least one useful tile
turns up in the next few draws.

>>> table = odds_table()
>>> f"{float(table.no_pair_14):.2%} {float(table.three_pairs_14):.2%} {float(table.no_pair_20):.4%}"
'8.79% 15.72% 0.3453%'
>>> [check.key for check in source_checks() if not check.is_correct]
['three_pairs_14', 'no_pair_20']
>>> round(improve_probability(8, 100, 1), 2)
0.08
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

from majiang.analysis.shanten import counts_and_melds, effective_tiles
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.hand import Hand
from majiang.notation import parse_tiles
from majiang.tiles import Tile

__all__ = [
    "COPIES",
    "DEFAULT_SAMPLES",
    "KINDS",
    "QUANTITIES",
    "SET_SIZE",
    "Estimate",
    "MonteCarlo",
    "OddsReport",
    "OddsTable",
    "Quantity",
    "SourceCheck",
    "exact_pairs_probability",
    "hand_improve_probability",
    "improve_fraction",
    "improve_probability",
    "monte_carlo",
    "no_pair_probability",
    "odds_report",
    "odds_table",
    "quantity",
    "source_checks",
    "source_errors",
    "wilson_interval",
]

KINDS = 34
COPIES = 4
SET_SIZE = KINDS * COPIES  # 136: the set without flowers
DEFAULT_SAMPLES = 200_000
CONFIDENCE = 0.95
_Z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)  # 1.959963984540054


@dataclass(frozen=True, slots=True)
class Quantity:
    """One row of the rule source's table: its key, its words, its formula and the figure it prints."""

    key: str
    zh: str
    en: str
    formula: str
    source_percent: str  # as printed, without the % sign

    @property
    def source_figure(self) -> Fraction:
        """The printed percentage as a fraction: ``"8.79"`` is 879/10000."""
        return Fraction(self.source_percent) / 100

    @property
    def source_places(self) -> int:
        """Decimal places of ``source_figure`` (two for the percentage, two more for the fraction)."""
        return len(self.source_percent.partition(".")[2]) + 2


QUANTITIES = (
    Quantity("no_pair_14", "配牌没有对子", "no pair in a 14-tile starting hand",
             "C(34,14)·4^14/C(136,14)", "8.79"),
    # The seed writes "(11,3)" for C(11,3): a dropped letter, not a different formula.
    Quantity("three_pairs_14", "配牌有三个对子", "exactly three pairs (no triplet) in 14 tiles",
             "C(34,11)·C(11,3)·4^8·6^3/C(136,14)", "15.22"),
    Quantity("no_pair_20", "配牌和前6巡都没有对子", "no pair among the first 20 tiles (start + 6 draws)",
             "C(34,20)·4^20/C(136,20)", "0.34"),
)
_BY_KEY = {q.key: q for q in QUANTITIES}


def _check_count(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 0:
        raise InvalidOptionError(f"{name} must be at least 0, not {value}")


def _check_set(drawn: int, kinds: int, copies: int) -> None:
    _check_count("drawn", drawn)
    _check_count("kinds", kinds)
    _check_count("copies", copies)
    if drawn > kinds * copies:
        raise InvalidOptionError(f"cannot draw {drawn} tiles from a set of {kinds} × {copies} = "
                                 f"{kinds * copies}")


def no_pair_probability(drawn: int, *, kinds: int = KINDS, copies: int = COPIES) -> Fraction:
    """The exact chance that ``drawn`` tiles from ``kinds`` × ``copies`` tiles are all different kinds.

    >>> no_pair_probability(14)
    Fraction(246188867584, 2800380184725)
    >>> no_pair_probability(2, kinds=2, copies=2)  # 1a 1b 2a 2b: four of the six pairs of tiles differ
    Fraction(2, 3)
    """
    _check_set(drawn, kinds, copies)
    return Fraction(math.comb(kinds, drawn) * copies ** drawn, math.comb(kinds * copies, drawn))


def exact_pairs_probability(pairs: int, drawn: int, *, kinds: int = KINDS, copies: int = COPIES) -> Fraction:
    """The exact chance that ``drawn`` tiles hold exactly ``pairs`` pairs and otherwise single kinds.

    No kind may appear three or four times: choose the kinds, which of them are pairs, two copies of
    each pair and one copy of each single.

    >>> float(exact_pairs_probability(3, 14))
    0.15722151779303348
    >>> exact_pairs_probability(0, 14) == no_pair_probability(14)
    True
    """
    _check_set(drawn, kinds, copies)
    _check_count("pairs", pairs)
    if 2 * pairs > drawn:
        return Fraction(0)
    singles = drawn - 2 * pairs
    ways = (math.comb(kinds, pairs + singles) * math.comb(pairs + singles, pairs)
            * math.comb(copies, 2) ** pairs * copies ** singles)
    return Fraction(ways, math.comb(kinds * copies, drawn))


@dataclass(frozen=True, slots=True)
class OddsTable:
    """The rule source's three probabilities, exact; ``as_floats()`` gives them as floats by key."""

    no_pair_14: Fraction
    three_pairs_14: Fraction
    no_pair_20: Fraction

    def as_floats(self) -> dict[str, float]:
        """The three values as floats, keyed as in ``QUANTITIES``."""
        return {q.key: float(getattr(self, q.key)) for q in QUANTITIES}


def odds_table() -> OddsTable:
    """The exact values of the rule source's table (136 tiles, no flowers).

    >>> odds_table().as_floats()["no_pair_14"]
    0.08791265876214446
    """
    return OddsTable(
        no_pair_14=no_pair_probability(14),
        three_pairs_14=exact_pairs_probability(3, 14),
        no_pair_20=no_pair_probability(20),
    )


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated proportion ``value`` with its 95% Wilson interval [``low``, ``high``] over ``n`` draws."""

    value: float
    low: float
    high: float
    n: int

    def __contains__(self, x: object) -> bool:
        return isinstance(x, int | float | Fraction) and self.low <= x <= self.high

    def to_dict(self) -> dict[str, float | int]:
        """``{"estimate", "low", "high", "samples"}``: the JSON shape of ``majiang odds``."""
        return {"estimate": self.value, "low": self.low, "high": self.high, "samples": self.n}


def wilson_interval(hits: int, n: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval for ``hits`` successes in ``n`` trials (95% for the default ``z``).

    Unlike the normal approximation it stays inside [0, 1] and is sensible when ``hits`` is 0 or ``n``.

    >>> low, high = wilson_interval(0, 100)
    >>> low, round(high, 4)
    (0.0, 0.037)
    """
    _check_count("hits", hits)
    _check_count("n", n)
    if n == 0 or hits > n:
        raise InvalidOptionError(f"need 0 <= hits <= n and n > 0, not hits={hits}, n={n}")
    p = hits / n
    zz = z * z
    centre = (p + zz / (2 * n)) / (1 + zz / n)
    half = z / (1 + zz / n) * math.sqrt(p * (1 - p) / n + zz / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _estimate(hits: int, n: int) -> Estimate:
    low, high = wilson_interval(hits, n)
    return Estimate(hits / n, low, high, n)


@dataclass(frozen=True, slots=True)
class MonteCarlo:
    """Simulated estimates of the source's three probabilities from ``samples`` shuffles with ``seed``."""

    no_pair_14: Estimate
    three_pairs_14: Estimate
    no_pair_20: Estimate
    seed: int

    def as_dict(self) -> dict[str, dict[str, float | int]]:
        """Each quantity's ``Estimate.to_dict()``, keyed as in ``QUANTITIES``."""
        return {q.key: getattr(self, q.key).to_dict() for q in QUANTITIES}


# The kind of each of the 136 tiles: sampling positions of this list is dealing from a shuffled set.
_KIND_OF = tuple(tile // COPIES for tile in range(SET_SIZE))


def monte_carlo(samples: int = DEFAULT_SAMPLES, seed: int = 0) -> MonteCarlo:
    """Estimate the source's table by dealing ``samples`` times from a shuffled set (``random.Random(seed)``).

    Each deal takes the first 20 tiles of a shuffle (``rng.sample``, which is the same as shuffling
    and looking at the top); the first 14 of them are the starting hand.

    >>> mc = monte_carlo(2000, seed=1)
    >>> mc.no_pair_14.n, odds_table().no_pair_14 in mc.no_pair_14
    (2000, True)
    """
    _check_count("samples", samples)
    if samples == 0:
        raise InvalidOptionError("samples must be at least 1")
    rng = random.Random(seed)
    sample = rng.sample
    kinds = _KIND_OF
    no_pair_14 = three_pairs_14 = no_pair_20 = 0
    for _ in range(samples):
        tiles = sample(kinds, 20)
        start = tiles[:14]
        distinct = len(set(start))
        if distinct == 14:
            no_pair_14 += 1
            if len(set(tiles)) == 20:
                no_pair_20 += 1
        elif distinct == 11:
            # 11 kinds in 14 tiles: three pairs, or a triplet and a pair, or four of a kind.
            counts = [0] * KINDS
            for k in start:
                counts[k] += 1
            if max(counts) == 2:
                three_pairs_14 += 1
    return MonteCarlo(
        no_pair_14=_estimate(no_pair_14, samples),
        three_pairs_14=_estimate(three_pairs_14, samples),
        no_pair_20=_estimate(no_pair_20, samples),
        seed=seed,
    )


@dataclass(frozen=True, slots=True)
class SourceCheck:
    """The rule source's printed figure for one quantity against the exact value."""

    quantity: Quantity
    exact: Fraction

    @property
    def key(self) -> str:
        return self.quantity.key

    @property
    def printed(self) -> Fraction:
        """The rule source's figure as a fraction (0.0879 for 8.79%)."""
        return self.quantity.source_figure

    @property
    def rounded(self) -> Fraction:
        """The exact value rounded to the places the source prints."""
        return round(self.exact, self.quantity.source_places)

    @property
    def truncated(self) -> Fraction:
        """The exact value cut (not rounded) to the places the source prints."""
        scale = 10 ** self.quantity.source_places
        return Fraction(math.floor(self.exact * scale), scale)

    @property
    def is_correct(self) -> bool:
        """Whether the printed figure is the exact value correctly rounded."""
        return self.printed == self.rounded

    @property
    def note(self) -> str:
        """A few words for a table cell: empty when correct, else what the figure should be."""
        if self.is_correct:
            return ""
        should = _percent(self.rounded, self.quantity.source_places - 2)
        if self.printed == self.truncated:
            return f"truncated: rounds to {should}"
        return f"wrong: formula gives {should}"

    @property
    def error(self) -> str | None:
        """A sentence saying what is wrong with the printed figure, or ``None``."""
        if self.is_correct:
            return None
        q = self.quantity
        places = q.source_places - 2
        exact = _percent(self.exact, places + 4)
        should = _percent(self.rounded, places)
        if self.printed == self.truncated:
            return (f"{q.key}: the source prints {q.source_percent}%, but {q.formula} = {exact}, which "
                    f"rounds to {should}; the source cut off the digits instead of rounding")
        return (f"{q.key}: the source prints {q.source_percent}%, but its own formula {q.formula} gives "
                f"{exact}, i.e. {should}; the printed figure is wrong")


def _percent(x: Fraction, places: int) -> str:
    return f"{float(x) * 100:.{places}f}%"


def source_checks(table: OddsTable | None = None) -> tuple[SourceCheck, ...]:
    """One ``SourceCheck`` per row of the rule source's table, in the order of ``QUANTITIES``."""
    table = odds_table() if table is None else table
    return tuple(SourceCheck(q, getattr(table, q.key)) for q in QUANTITIES)


def source_errors(table: OddsTable | None = None) -> list[str]:
    """What is wrong with the rule source's printed figures, one sentence each.

    >>> for line in source_errors():
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    three_pairs_14: the source prints 15.22%, but its own formula C(34,11)·C(11,3)·4^8·6^3/C(136,14)
        gives 15.722152%, i.e. 15.72%; the printed figure is wrong
    no_pair_20: the source prints 0.34%, but C(34,20)·4^20/C(136,20) = 0.345292%, which rounds to 0.35%;
        the source cut off the digits instead of rounding
    """
    return [c.error for c in source_checks(table) if c.error is not None]


@dataclass(frozen=True, slots=True)
class OddsReport:
    """Everything ``majiang odds`` shows: exact values, Monte Carlo estimates and the source's figures."""

    exact: OddsTable
    simulated: MonteCarlo
    checks: tuple[SourceCheck, ...]

    def to_dict(self) -> dict[str, object]:
        """The JSON shape of ``majiang odds --json`` (see docs/cli.md)."""
        out: dict[str, object] = dict(self.exact.as_floats())
        out["monte_carlo"] = self.simulated.as_dict()
        out["source_figures"] = {c.key: float(c.printed) for c in self.checks}
        out["source_errors"] = [c.error for c in self.checks if c.error is not None]
        out["seed"] = self.simulated.seed
        return out


def odds_report(samples: int = DEFAULT_SAMPLES, seed: int = 0) -> OddsReport:
    """The exact table, ``samples`` Monte Carlo deals with ``seed``, and the rule source's figures checked."""
    table = odds_table()
    return OddsReport(table, monte_carlo(samples, seed), source_checks(table))


def improve_fraction(live_effective: int, live_wall: int, draws: int) -> Fraction:
    """The exact chance that ``draws`` tiles from ``live_wall`` unseen ones include a useful one.

    ``live_effective`` of the unseen tiles are useful; the draws are without replacement, so this is
    one minus the hypergeometric chance of drawing none: 1 - C(wall - useful, draws) / C(wall, draws).

    >>> improve_fraction(4, 10, 2)
    Fraction(2, 3)
    """
    _check_count("live_effective", live_effective)
    _check_count("live_wall", live_wall)
    _check_count("draws", draws)
    if live_effective > live_wall:
        raise InvalidOptionError(f"live_effective ({live_effective}) cannot exceed live_wall ({live_wall})")
    if draws > live_wall:
        raise InvalidOptionError(f"draws ({draws}) cannot exceed live_wall ({live_wall})")
    miss = Fraction(math.comb(live_wall - live_effective, draws), math.comb(live_wall, draws))
    return 1 - miss


def improve_probability(live_effective: int, live_wall: int, draws: int) -> float:
    """``improve_fraction`` as a float: the chance of at least one useful tile in ``draws`` draws.

    >>> improve_probability(4, 10, 2)
    0.6666666666666666
    >>> improve_probability(0, 100, 10), improve_probability(5, 100, 96)
    (0.0, 1.0)
    """
    return float(improve_fraction(live_effective, live_wall, draws))


def hand_improve_probability(
    hand: str | Hand | Iterable[Tile],
    visible: str | Iterable[Tile] = (),
    draws: int = 1,
    wall: int | None = None,
) -> float:
    """The chance that one of the next ``draws`` tiles lowers the shanten of ``hand`` (进张的概率).

    ``hand`` waits to draw (13 standing tiles less 3 per meld). The useful kinds are
    ``effective_tiles(hand)``; each has 4 live copies less those the player can see: the hand's own
    standing tiles and melds, and ``visible`` (discards, others' melds; notation or tiles). Unseen
    tiles are treated alike wherever they are, so ``wall`` defaults to 136 less the tiles seen.
    Given bare tiles for ``hand``, pass the tiles of its melds in ``visible``.

    >>> round(hand_improve_probability("1112345678999m"), 4)  # 23 live 1m-9m of 123 unseen
    0.187
    >>> round(hand_improve_probability("1112345678999m", visible="5m5m", draws=3), 4)
    0.4385
    """
    _check_count("draws", draws)
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    standing, _ = counts_and_melds(hand)
    if sum(standing) % 3 != 1:
        raise InvalidHandError(f"the hand has {sum(standing)} standing tiles and must discard before "
                               "drawing again")
    seen = hand.counts(include_melds=True) if isinstance(hand, Hand) else standing
    seen = list(seen)
    shown = parse_tiles(visible) if isinstance(visible, str) else [Tile(t) for t in visible]
    for t in shown:
        seen[t] += 1
    for kind, n in enumerate(seen):
        if n > 4:
            raise InvalidHandError(f"{n} copies of {Tile(kind).notation()} seen; a set has only 4")
    unseen = SET_SIZE - sum(seen)
    if wall is None:
        wall = unseen
    else:
        _check_count("wall", wall)
        if wall > unseen:
            raise InvalidOptionError(f"wall ({wall}) cannot exceed the {unseen} tiles not seen")
    live = sum(4 - seen[t] for t in effective_tiles(hand))
    if live > wall:
        raise InvalidOptionError(f"{live} live useful tiles cannot fit in a wall of {wall}")
    return improve_probability(live, wall, draws)


def quantity(key: str) -> Quantity:
    """The row of ``QUANTITIES`` with ``key``; raises ``InvalidOptionError`` for an unknown key."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise InvalidOptionError(f"no quantity {key!r}; one of {', '.join(_BY_KEY)}") from None

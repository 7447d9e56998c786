"""Yangzhou tile efficiency (牌效率) for the bots: shanten toward the hands that reach the minimum.

A Yangzhou win needs 18 or 20 番 (seed 001), which the small fans (1 or 2 each) almost never make alone:
a hand must hold a big fan. Shanten here is the least over the forms worth 20 or more by themselves:
混一色 or 清一色 (one suit, with or without honors), 对对胡 (pungs only), and the fixed-chow forms, 一条龙
(123 456 789 of a suit), 三幅同 (one chow in the three suits), 双老少 (123 and 789 in two suits) and 双飘
(two linked chows in two suits); each with the rest of the hand four sets and a pair. It counts draws as
``majiang.analysis`` does: 0 ready, -1 complete.

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> shanten(counts_of(parse_tiles("123m456p789s1122z")))   # three sets and two pairs, but no big fan near
5
>>> shanten(counts_of(parse_tiles("123m456m789m1122z")))   # 一条龙 (and 混一色) ready
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from operator import itemgetter

from majiang.analysis.forms import pungs_shanten
from majiang.analysis.tables import RECORD, code_of, combine_vectors, honor_vector, suit_table, vectors
from majiang.errors import InvalidHandError
from majiang.hand import Hand, WinBy
from majiang.meld import Meld, MeldKind
from majiang.rules.yangzhou.options import Options
from majiang.rules.yangzhou.scoring import YangzhouContext, score
from majiang.tiles import Tile

__all__ = ["TARGETS", "YangzhouEfficiency", "shanten", "shanten_and_effective"]

RULED_OUT = 99
"""The shanten of a form the melds rule out."""

Chow = tuple[int, int]
"""A chow as (suit 0-2, rank index 0-6 of its lowest tile)."""


def _fixed_targets() -> tuple[tuple[Chow, ...], ...]:
    found: list[tuple[Chow, ...]] = []
    found.extend(((s, 0), (s, 3), (s, 6)) for s in range(3))                  # 一条龙
    found.extend(((0, r), (1, r), (2, r)) for r in range(7))                  # 三幅同
    pairs = ((0, 1), (0, 2), (1, 2))
    found.extend(((a, 0), (a, 6), (b, 0), (b, 6)) for a, b in pairs)          # 双老少
    found.extend(((a, r), (a, r + 3), (b, r), (b, r + 3)) for a, b in pairs for r in range(4))  # 双飘
    return tuple(found)


TARGETS = _fixed_targets()
"""The forms of fixed chows aimed at: each a tuple of chows the hand must hold."""
_TARGET_KINDS = tuple(itemgetter(*(k for s, r in target for k in range(s * 9 + r, s * 9 + r + 3)))
                      for target in TARGETS)
"""Each form's tiles as one getter of counts: its chows share no kind, so a kind held none is a tile
missing (the fast test of a form that no melded chow helps)."""
assert all(len({k for s, r in t for k in range(s * 9 + r, s * 9 + r + 3)}) == 3 * len(t) for t in TARGETS)


# -- overlap vectors (majiang.analysis.tables): how many held tiles m sets and a pair can cover ----------

@lru_cache(maxsize=1 << 16)
def _suit_vector(suit: tuple[int, ...]) -> tuple[int, ...]:
    # Remembered: the search's playouts ask the same suits again and again.
    return vectors()[suit_table()[code_of(suit) * RECORD]]


@lru_cache(maxsize=1 << 14)
def _combined(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    return combine_vectors(x, y)


def _entry(x: tuple[int, ...], y: tuple[int, ...], sets: int) -> int:
    """``combine_vectors(x, y)[2 * sets + 1]`` alone: the most tiles ``sets`` sets and a pair cover."""
    best = 0
    for i in range(sets + 1):
        a = x[2 * i] + y[2 * (sets - i) + 1]
        b = x[2 * i + 1] + y[2 * (sets - i)]
        if a > best:
            best = a
        if b > best:
            best = b
    return best


def _groups(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """The overlap vectors of the three suits and the honors."""
    return [_suit_vector(tuple(counts[b:b + 9])) for b in (0, 9, 18)] + [honor_vector(tuple(counts[27:34]))]


def _others(groups: list[tuple[int, ...]], group: int) -> tuple[int, ...]:
    rest = [v for g, v in enumerate(groups) if g != group]
    return _combined(_combined(rest[0], rest[1]), rest[2])


def _cover(counts: Sequence[int], sets: int) -> int:
    groups = _groups(counts)
    return _entry(_others(groups, 3), groups[3], sets)


def _improving(counts: Sequence[int], sets: int, kinds: Sequence[int]) -> list[int]:
    """The kinds among ``kinds`` whose one more copy lets ``sets`` sets and a pair cover more tiles."""
    groups = _groups(counts)
    base = _entry(_others(groups, 3), groups[3], sets)
    out = []
    more = list(counts)
    others = [_others(groups, g) for g in range(4)]
    for k in kinds:
        if more[k] >= 4:
            continue
        more[k] += 1
        g = k // 9 if k < 27 else 3
        vec = _suit_vector(tuple(more[g * 9:g * 9 + 9])) if g < 3 else honor_vector(tuple(more[27:34]))
        if _entry(others[g], vec, sets) > base:
            out.append(k)
        more[k] -= 1
    return out


# -- the forms ---------------------------------------------------------------------------------------

MeldKey = tuple[int, int]
"""A declared meld as (``MeldKind`` value, tile): all the forms read of it."""


def _flush(counts: Sequence[int], melds: Sequence[MeldKey], suit: int) -> tuple[list[int], int] | None:
    """The counts kept for a one-suit hand (its suit and the honors) and the sets still to make."""
    if any(tile < 27 and tile // 9 != suit for _, tile in melds):
        return None
    kept = [n if (k >= 27 or k // 9 == suit) else 0 for k, n in enumerate(counts)]
    return kept, 4 - len(melds)


def _wanted(melds: Sequence[MeldKey], target: tuple[Chow, ...]) -> tuple[list[Chow], int] | None:
    """The chows of a fixed-chow form the melds do not hold yet, and the free sets; None when the melds
    rule it out."""
    wanted = list(target)
    free = 4 - len(target)
    for kind, tile in melds:
        chow = (tile // 9, tile % 9) if kind == MeldKind.CHOW else None
        if chow in wanted:
            wanted.remove(chow)
        else:
            free -= 1
    return None if free < 0 else (wanted, free)


def _missing(counts: Sequence[int], wanted: Sequence[Chow]) -> int:
    """The tiles of ``wanted`` chows that ``counts`` lack (``_fixed``'s ``missing``, without the rest)."""
    need: dict[int, int] = {}
    for s, r in wanted:
        for k in range(s * 9 + r, s * 9 + r + 3):
            need[k] = need.get(k, 0) + 1
    return sum(n - counts[k] for k, n in need.items() if n > counts[k])


def _fixed(counts: Sequence[int], melds: Sequence[MeldKey], target: tuple[Chow, ...]
           ) -> tuple[list[int], list[int], int, int] | None:
    """For a fixed-chow form: the tiles it still needs, the counts left for the rest, the free sets and
    the tiles missing; None when the melds rule it out."""
    found = _wanted(melds, target)
    if found is None:
        return None
    wanted, free = found
    need = [0] * 34
    rest = list(counts)
    missing = 0
    for s, r in wanted:
        for k in range(s * 9 + r, s * 9 + r + 3):
            if rest[k]:
                rest[k] -= 1
            else:
                need[k] += 1
                missing += 1
    return need, rest, free, missing


Key = tuple[tuple[int, ...], tuple[MeldKey, ...]]


def _key(counts: Sequence[int], melds: Sequence[Meld]) -> Key:
    return tuple(counts), tuple((int(m.kind), int(m.tile)) for m in melds)


def _pungs_effective(counts: Sequence[int], sets: int) -> list[int]:
    value = pungs_shanten(counts, sets)
    more = list(counts)
    out = []
    for k in range(34):
        if more[k] < 4:
            more[k] += 1
            if pungs_shanten(more, sets) < value:
                out.append(k)
            more[k] -= 1
    return out


def _fixed_effective(need: Sequence[int], rest: Sequence[int], free: int) -> list[int]:
    return [k for k in range(34) if need[k]] + _improving(rest, free, range(34))


@lru_cache(maxsize=1 << 15)
def _evaluate(key: Key) -> tuple[int, tuple[int, ...]]:
    """The least shanten over the forms and the kinds that lower it: the effective kinds of the forms at
    that least shanten (one draw lowers a form by one at most, so no other form can go below it)."""
    counts, melds = key
    best = RULED_OUT
    found: list[tuple[int, Callable[[], list[int]]]] = []  # each form computed: shanten, its effective kinds
    for suit in range(3):
        flush = _flush(counts, melds, suit)
        if flush is not None:
            kept, sets = flush
            value = 3 * sets + 1 - _cover(kept, sets)
            best = min(best, value)
            allowed = [k for k in range(34) if k >= 27 or k // 9 == suit]
            found.append((value, partial(_improving, kept, sets, allowed)))
    if all(kind != MeldKind.CHOW for kind, _ in melds):
        value = pungs_shanten(counts, 4 - len(melds))
        best = min(best, value)
        found.append((value, partial(_pungs_effective, counts, 4 - len(melds))))
    chowless = all(kind != MeldKind.CHOW for kind, _ in melds)
    for target, tiles in zip(TARGETS, _TARGET_KINDS, strict=True):
        # The tiles missing first, alone: most forms are too far to be a least one.
        if chowless:
            if len(target) + len(melds) > 4 or tiles(counts).count(0) - 1 > best:
                continue  # ruled out, or it cannot be a least form: the rest is -1 at best
        else:
            wanted = _wanted(melds, target)
            if wanted is None or _missing(counts, wanted[0]) - 1 > best:
                continue
        fixed = _fixed(counts, melds, target)
        assert fixed is not None
        need, rest, free, missing = fixed
        value = missing + 3 * free + 1 - _cover(rest, free)
        best = min(best, value)
        found.append((value, partial(_fixed_effective, need, rest, free)))
    effective: set[int] = set()
    for value, kinds in found:
        if value == best:
            effective.update(kinds())
    return best, tuple(sorted(k for k in effective if counts[k] < 4))


OpenForm = tuple[Callable[[Sequence[int]], tuple[int, ...]], tuple[int, ...], int]
"""A fixed-chow form the melds leave open: a getter of the counts of the kinds its chows still need (each
once: its chows share no kind), those kinds, and the free sets."""


@lru_cache(maxsize=1 << 10)
def _open_forms(melds: tuple[MeldKey, ...]) -> tuple[OpenForm, ...]:
    """The fixed-chow forms ``melds`` allow (remembered: a hand's melds change seldom, its tiles often)."""
    out: list[OpenForm] = []
    for target in TARGETS:
        found = _wanted(melds, target)
        if found is None:
            continue
        wanted, free = found
        kinds = tuple(k for s, r in wanted for k in range(s * 9 + r, s * 9 + r + 3))
        getter = itemgetter(*kinds) if kinds else (lambda counts: ())
        out.append((getter, kinds, free))
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def _least(key: Key) -> int:
    """``_evaluate(key)``'s shanten alone, found with less counting (the search's playouts ask only this):
    the cheap pung form first, then a form is counted only if a bound says it could go below the least
    so far (``_evaluate`` must count every form that could equal it, for its kinds)."""
    counts, melds = key
    sets = 4 - len(melds)
    best = pungs_shanten(counts, sets) if all(kind != MeldKind.CHOW for kind, _ in melds) else RULED_OUT
    full = 3 * sets + 1
    honors = sum(counts[27:])
    honor_vec: tuple[int, ...] | None = None
    for suit in range(3):
        own = tuple(counts[suit * 9:suit * 9 + 9])
        # At best the sets and the pair cover every tile the one-suit hand keeps.
        if (full - min(honors + sum(own), full + 1) >= best
                or any(tile < 27 and tile // 9 != suit for _, tile in melds)):
            continue
        if honor_vec is None:
            honor_vec = honor_vector(tuple(counts[27:34]))
        # ``_cover`` of the kept tiles: the suits kept none of add nothing to the overlap vectors.
        best = min(best, full - _entry(_suit_vector(own), honor_vec, sets))
    for getter, kinds, free in _open_forms(melds):
        # The rest makes the free sets and the pair at best: the form is the tiles missing less one, or more.
        missing = getter(counts).count(0)
        if missing - 1 >= best:
            continue
        rest = list(counts)
        for k in kinds:
            if rest[k]:
                rest[k] -= 1
        # No free set: the pair alone, two of a kind left or one tile toward it.
        cover = (2 if max(rest) >= 2 else 1 if any(rest) else 0) if free == 0 else _cover(rest, free)
        best = min(best, missing + 3 * free + 1 - cover)
    return best


def shanten(counts: Sequence[int], melds: Sequence[Meld] = ()) -> int:
    """The least shanten over the forms worth 20 番 or more that the melds allow."""
    return _least(_key(counts, melds))


def shanten_and_effective(counts: Sequence[int], melds: Sequence[Meld] = ()) -> tuple[int, list[int]]:
    """The shanten and the kinds whose draw lowers it (none held four times standing).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> value, kinds = shanten_and_effective(counts_of(parse_tiles("111m999p55s77sEEC")))  # 对对胡
    >>> value, [Tile(k).notation() for k in kinds]
    (1, ['5s', '7s', 'E'])
    """
    value, kinds = _evaluate(_key(counts, melds))
    return value, list(kinds)


@dataclass(frozen=True, slots=True)
class YangzhouEfficiency:
    """Tile efficiency for a Yangzhou seat (``Ruleset.efficiency``): the forms above, and ``win_points``
    by the scoring ``options`` and the seat's winds (what the winner gains; None below the minimum)."""

    options: Options = field(default_factory=Options)
    seat_wind: Tile = Tile.EAST
    round_wind: Tile = Tile.EAST
    mcr_fans: bool = False

    def shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """The least shanten over the big forms."""
        return shanten(counts, melds)

    def shanten_and_effective(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[int]]:
        """The least shanten over the big forms, and the kinds that lower it."""
        return shanten_and_effective(counts, melds)

    def is_dead(self, kind: int) -> bool:
        """No kind is dead in Yangzhou."""
        return False

    def win_points(self, hand: Hand, self_drawn: bool) -> int | None:
        """What the winner gains, None if the hand is no Yangzhou win (below the minimum, or no shape)."""
        context = YangzhouContext(WinBy.SELF_DRAWN if self_drawn else WinBy.DISCARD, self.seat_wind,
                                  self.round_wind, 1, None if self_drawn else 2)
        try:
            result = score(hand, context, self.options)
        except InvalidHandError:
            return None
        return result.payments[1] if result.wins else None

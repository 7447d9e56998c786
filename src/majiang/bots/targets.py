"""Target fans (目标番种): how far a hand is from the common 8-fan shapes, for the fan-aware bot.

Each target is a shape that carries its own fans (清一色, 花龙, 七对, ...). Its ``distance`` is a
shanten counted toward that shape only: 0 means ready with the shape in every win, -1 complete;
``effective`` lists the kinds whose draw brings it one step closer. Counts are the standing tiles
(13 - 3 per meld, or one more after a draw) and ``melds`` the declared melds; a meld that breaks the
shape makes the distance ``RULED_OUT`` (as a ruled-out form's shanten).

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> c = counts_of(parse_tiles("123m456p789s11sEWN"))
>>> {t.name: t.distance(c, ()) for t in TARGETS if t.name in ("花龙 mps", "清一色 s", "碰碰和")}
{'清一色 s': 8, '碰碰和': 7, '花龙 mps': 1}
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

from majiang.analysis.shanten import RULED_OUT, form_shanten, regular_shanten, shanten_and_effective
from majiang.analysis.tables import combine_vectors, honor_vector, overlap_vector
from majiang.meld import Meld, MeldKind

__all__ = ["TARGETS", "Target", "extra_fans", "small_fans"]

_ALL = tuple(range(34))


class Target(ABC):
    """One target shape: its name, the fans it carries, and whether it allows declared melds."""

    name: str
    fans: int
    open: bool = True
    ready_live: int = 5
    """Live copies a typical ready hand of this shape waits on (fewer for single waits)."""
    width: int = 8
    """Live tiles that typically advance such a hand one step, per step still to go (narrow shapes,
    which need named tiles, have fewer)."""

    @abstractmethod
    def distance(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
        """Tiles still to find for this shape (a shanten toward it); RULED_OUT if the melds rule it out."""

    def effective(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> list[int]:
        """Kinds whose draw lowers ``distance`` (brute force unless a subclass knows better)."""
        now = self.distance(counts, melds)
        out = []
        c = list(counts)
        for t in self.candidates(c):
            if c[t] >= 4:
                continue
            c[t] += 1
            if self.distance(c, melds) < now:
                out.append(t)
            c[t] -= 1
        return out

    def candidates(self, counts: Sequence[int]) -> Sequence[int]:
        return _ALL

    def key(self, counts: Sequence[int]) -> tuple[int, ...]:
        """What ``distance`` and ``effective`` read of the counts (for caching)."""
        return tuple(counts)

    def __repr__(self) -> str:
        return f"<Target {self.name}>"


def _mask(kinds: Sequence[int]) -> tuple[bool, ...]:
    keep = set(kinds)
    return tuple(t in keep for t in range(34))


def _suit(s: int) -> list[int]:
    return list(range(9 * s, 9 * s + 9))


def _ranks(ranks: Sequence[int], honors: Sequence[int] = ()) -> list[int]:
    return [9 * s + r - 1 for s in range(3) for r in ranks] + list(honors)


def _melds_within(melds: tuple[Meld, ...], mask: tuple[bool, ...]) -> bool:
    return all(mask[t] for m in melds for t in m.tiles)


def _pung_classes(counts: Sequence[int]) -> tuple[int, int, int]:
    pungs = pairs = singles = 0
    for c in counts:
        if c >= 3:
            pungs += 1
        elif c == 2:
            pairs += 1
        elif c == 1:
            singles += 1
    return pungs, pairs, singles


def _pung_value(pungs: int, pairs: int, singles: int, sets: int) -> int:
    a = min(pungs, sets)
    blocks = sets + 1
    b = min(pairs + pungs - a, blocks - a)
    s = min(singles, blocks - a - b)
    return 3 * sets + 1 - (3 * a + 2 * b + s)


def _pung_distance(counts: Sequence[int], melds: int) -> int:
    """Shanten toward four pungs (or kongs) and a pair.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> _pung_distance(counts_of(parse_tiles("111222333m444pE")), 0), _pung_distance([2] * 7 + [0] * 27, 0)
    (0, 3)
    """
    return _pung_value(*_pung_classes(counts), 4 - melds)


def _pung_effective(counts: Sequence[int], melds: int, kinds: Sequence[int]) -> list[int]:
    """Kinds among ``kinds`` whose draw lowers the pung distance: by how many copies are held."""
    sets = 4 - melds
    p, q, s = _pung_classes(counts)
    now = _pung_value(p, q, s, sets)
    helps = (
        _pung_value(p, q, s + 1, sets) < now,  # a new kind
        _pung_value(p, q + 1, s - 1, sets) < now,  # a single becomes a pair
        _pung_value(p + 1, q - 1, s, sets) < now,  # a pair becomes a pung
        False,
        False,
    )
    return [t for t in kinds if helps[counts[t]]]


class MaskTarget(Target):
    """A shape that only allows some kinds (清一色, 混一色, 大于五, 推不倒, ...), optionally all pungs."""

    def __init__(self, name: str, fans: int, kinds: Sequence[int], pungs: bool = False) -> None:
        self.name = name
        self.fans = fans
        self.mask = _mask(kinds)
        self.kinds = tuple(sorted(set(kinds)))
        self.pungs = pungs

    def feasible(self, melds: tuple[Meld, ...]) -> bool:
        if self.pungs and any(m.kind == MeldKind.CHOW for m in melds):
            return False
        return _melds_within(melds, self.mask)

    def _masked(self, counts: Sequence[int]) -> list[int]:
        mask = self.mask
        return [c if mask[t] else 0 for t, c in enumerate(counts)]

    def distance(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
        if not self.feasible(melds):
            return RULED_OUT
        masked = self._masked(counts)
        if self.pungs:
            return _pung_distance(masked, len(melds))
        return regular_shanten(masked, len(melds))

    def effective(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> list[int]:
        if not self.feasible(melds):
            return []
        masked = self._masked(counts)
        n = len(melds)
        if self.pungs:
            return _pung_effective(masked, n, self.kinds)
        # The table-driven effective tiles assume a full hand; a masked one has holes, so try each kind.
        now = regular_shanten(masked, n)
        out = []
        for t in self.kinds:
            if masked[t] >= 4:
                continue
            masked[t] += 1
            if regular_shanten(masked, n) < now:
                out.append(t)
            masked[t] -= 1
        return out

    def candidates(self, counts: Sequence[int]) -> Sequence[int]:
        return self.kinds

    def key(self, counts: Sequence[int]) -> tuple[int, ...]:
        return tuple([counts[t] for t in self.kinds])


class PungTarget(MaskTarget):
    """碰碰和: four pungs and a pair, any kinds."""

    def __init__(self) -> None:
        super().__init__("碰碰和", 6, _ALL, pungs=True)
        self.ready_live = 4


class FormTarget(Target):
    """A fully concealed special form (门清): 七对, 全不靠, 十三幺, or 组合龙 (one meld allowed)."""

    def __init__(self, name: str, fans: int, form: str, ready_live: int, width: int) -> None:
        self.name = name
        self.fans = fans
        self.form = form
        self.open = form == "knitted_straight"
        self.ready_live = ready_live
        self.width = width

    def distance(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
        return form_shanten(counts, len(melds), self.form)

    def effective(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> list[int]:
        if len(melds) > (1 if self.open else 0):
            return []
        _, kinds = shanten_and_effective(counts, len(melds), self.form)
        return [t for t in kinds if counts[t] < 4]


# A required set: (is_chow, lowest kind).
_Set = tuple[bool, int]


class SetsTarget(Target):
    """A shape made of named sets (花龙, 三色三同顺, 三风刻, ...) plus any sets and a pair for the rest."""

    def __init__(self, name: str, fans: int, sets: Sequence[_Set]) -> None:
        self.name = name
        self.fans = fans
        self.width = 5
        self.sets = tuple(sets)
        self.tiles = tuple(k for chow, t in self.sets for k in ((t, t + 1, t + 2) if chow else (t, t, t)))
        self.chow_mask = sum(1 << k for chow, t in self.sets if chow for k in (t, t + 1, t + 2))
        self.pungs = tuple(t for chow, t in self.sets if not chow)

    def _split(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> tuple[int, list[int], int, list[int]]:
        """Missing tiles of the named sets, the rest of the standing tiles, sets the rest must make,
        and the missing kinds."""
        rest = list(counts)
        missing = 0
        kinds: list[int] = []
        if not melds:
            for k in self.tiles:
                if rest[k]:
                    rest[k] -= 1
                else:
                    missing += 1
                    kinds.append(k)
            return missing, rest, 4 - len(self.sets), kinds
        others = list(melds)
        for chow, t in self.sets:
            found = None
            for m in others:
                if (m.kind == MeldKind.CHOW) == chow and m.tile == t:
                    found = m
                    break
            if found is not None:
                others.remove(found)
                continue
            for k in ((t, t + 1, t + 2) if chow else (t, t, t)):
                if rest[k]:
                    rest[k] -= 1
                else:
                    missing += 1
                    kinds.append(k)
        return missing, rest, 4 - len(self.sets) - len(others), kinds

    def lower_bound(self, counts: Sequence[int], melds: tuple[Meld, ...], held: int | None = None) -> int:
        """A quick bound: the distance is at least this (missing kinds, ignoring melds, less one).

        ``held`` is the bit mask of the kinds held (bit k for kind k), if the caller has it.
        """
        if held is None:
            held = sum(1 << t for t in range(34) if counts[t])
        missing = (self.chow_mask & ~held).bit_count()
        for t in self.pungs:
            if counts[t] < 3:
                missing += 3 - counts[t]
        return missing - 3 * len(melds) - 1

    def distance(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
        missing, rest, sets, _ = self._split(counts, melds)
        if sets < 0:
            return RULED_OUT
        return missing + 3 * sets + 1 - _fill(_groups(rest), sets)

    def effective(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> list[int]:
        _, rest, sets, kinds = self._split(counts, melds)
        if sets < 0:
            return []
        groups = _groups(rest)
        now = _fill(groups, sets)
        found = set(kinds)
        # With tiles enough for every block, a tile can only help next to (or on) one already held.
        full = sum(rest) >= 3 * sets + 2
        for g, (lo, hi) in enumerate(_GROUP_RANGES):
            held = rest[lo:hi]
            if full and not any(held):
                continue
            others = [v for k, v in enumerate(groups) if k != g]
            rest_of = _combine(_combine(others[0], others[1]), others[2])
            for t in range(lo, hi):
                if counts[t] >= 4 or t in found:
                    continue
                if full and not (held[t - lo] or (g < 3 and any(held[max(0, t - lo - 2):t - lo + 3]))):
                    continue
                held[t - lo] += 1
                vec = honor_vector(tuple(held)) if g == 3 else overlap_vector(tuple(held))
                held[t - lo] -= 1
                if _combine(rest_of, vec)[2 * sets + 1] > now:
                    found.add(t)
        return sorted(found)


_GROUP_RANGES = ((0, 9), (9, 18), (18, 27), (27, 34))


@lru_cache(maxsize=1 << 16)
def _combine(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    """Two groups' overlap vectors together, memoised (the bot combines the same few often)."""
    return combine_vectors(x, y)


def _groups(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """The overlap vectors (majiang.analysis.tables) of the three suits and the honors."""
    return [overlap_vector(tuple(counts[0:9])), overlap_vector(tuple(counts[9:18])),
            overlap_vector(tuple(counts[18:27])), honor_vector(tuple(counts[27:34]))]


def _fill(groups: Sequence[tuple[int, ...]], sets: int) -> int:
    """Most standing tiles that ``sets`` sets and a pair can use. Unlike ``regular_shanten`` it takes
    any number of tiles: what is left beside a shape's named sets is usually more than a hand's rest."""
    return _combine(_combine(groups[0], groups[1]), _combine(groups[2], groups[3]))[2 * sets + 1]


_TYPES = ((0, 9), (9, 18), (18, 27), (27, 31), (31, 34))


def _type_of(t: int) -> int:
    return t // 9 if t < 27 else 3 if t < 31 else 4


def _set_use(counts: Sequence[int], lo: int, hi: int) -> int:
    """Most tiles of one kind group that one set can use (a partial set counting its tiles)."""
    best = 0
    suited = hi - lo == 9
    for t in range(lo, hi):
        c = counts[t]
        if not c:
            continue
        if c >= 3:
            return 3
        use = c
        if suited:
            r = t - lo
            if r <= 6 and counts[t + 1] and counts[t + 2]:
                return 3
            near = (r <= 7 and counts[t + 1]) or (r <= 6 and counts[t + 2])
            if near:
                use = 2
        best = max(best, use)
    return best


def _pair_use(counts: Sequence[int], lo: int, hi: int) -> int:
    best = 0
    for t in range(lo, hi):
        if counts[t] >= 2:
            return 2
        if counts[t]:
            best = 1
    return best


class FiveTypesTarget(Target):
    """五门齐: one set or the pair in each of characters, dots, bamboo, winds and dragons."""

    def __init__(self) -> None:
        self.name = "五门齐"
        self.fans = 6

    @staticmethod
    def _free(melds: tuple[Meld, ...]) -> list[int] | None:
        taken = [False] * 5
        for m in melds:
            k = _type_of(m.tile)
            if taken[k]:
                return None
            taken[k] = True
        return [k for k in range(5) if not taken[k]]

    @staticmethod
    def _best(free: list[int], sets: list[int], pairs: list[int]) -> int:
        total = sum(sets[k] for k in free)
        return max(total - sets[p] + pairs[p] for p in free)

    def distance(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
        free = self._free(melds)
        if free is None:
            return RULED_OUT
        sets = [_set_use(counts, *_TYPES[k]) for k in range(5)]
        pairs = [_pair_use(counts, *_TYPES[k]) for k in range(5)]
        return 13 - 3 * len(melds) - self._best(free, sets, pairs)

    def effective(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> list[int]:
        free = self._free(melds)
        if free is None:
            return []
        sets = [_set_use(counts, *_TYPES[k]) for k in range(5)]
        pairs = [_pair_use(counts, *_TYPES[k]) for k in range(5)]
        now = self._best(free, sets, pairs)
        c = list(counts)
        out = []
        for k in free:
            lo, hi = _TYPES[k]
            keep = sets[k], pairs[k]
            for t in range(lo, hi):
                if c[t] >= 4:
                    continue
                c[t] += 1
                sets[k], pairs[k] = _set_use(c, lo, hi), _pair_use(c, lo, hi)
                if self._best(free, sets, pairs) > now:
                    out.append(t)
                c[t] -= 1
            sets[k], pairs[k] = keep
        return out


def _chow(s: int, r: int) -> _Set:
    return (True, 9 * s + r - 1)


def _pung(t: int) -> _Set:
    return (False, t)


def _build() -> tuple[Target, ...]:
    out: list[Target] = []
    letters = "mps"
    for s in range(3):
        out.append(MaskTarget(f"清一色 {letters[s]}", 24, _suit(s)))
    for s in range(3):
        out.append(MaskTarget(f"混一色 {letters[s]}", 6, _suit(s) + list(range(27, 34))))
    for s in range(3):
        out.append(MaskTarget(f"混一色碰碰和 {letters[s]}", 12, _suit(s) + list(range(27, 34)), pungs=True))
    out.append(PungTarget())
    out.append(MaskTarget("大于五", 12, _ranks((6, 7, 8, 9))))
    out.append(MaskTarget("小于五", 12, _ranks((1, 2, 3, 4))))
    out.append(MaskTarget("全大", 24, _ranks((7, 8, 9))))
    out.append(MaskTarget("全中", 24, _ranks((4, 5, 6))))
    out.append(MaskTarget("全小", 24, _ranks((1, 2, 3))))
    out.append(MaskTarget("推不倒", 8, [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]))
    out.append(MaskTarget("绿一色", 88, [19, 20, 21, 23, 25, 32]))
    out.append(FormTarget("七对", 24, "seven_pairs", 3, 3))
    out.append(FormTarget("全不靠", 12, "honors_knitted", 8, 8))
    out.append(FormTarget("组合龙", 12, "knitted_straight", 5, 5))
    out.append(FormTarget("十三幺", 88, "thirteen_orphans", 3, 3))
    out.append(FiveTypesTarget())
    for a, b, c in permutations(range(3)):
        out.append(SetsTarget(f"花龙 {letters[a]}{letters[b]}{letters[c]}", 8,
                              (_chow(a, 1), _chow(b, 4), _chow(c, 7))))
    for s in range(3):
        out.append(SetsTarget(f"清龙 {letters[s]}", 16, (_chow(s, 1), _chow(s, 4), _chow(s, 7))))
    for r in range(1, 8):
        out.append(SetsTarget(f"三色三同顺 {r}", 8, (_chow(0, r), _chow(1, r), _chow(2, r))))
    for a, b, c in permutations(range(3)):
        for r in range(1, 6):
            out.append(SetsTarget(f"三色三步高 {r}{letters[a]}{letters[b]}{letters[c]}", 6,
                                  (_chow(a, r), _chow(b, r + 1), _chow(c, r + 2))))
    for s in range(3):
        for step in (1, 2):
            for r in range(1, 8 - 2 * step):
                out.append(SetsTarget(f"一色三步高 {letters[s]}{r}+{step}", 16,
                                      (_chow(s, r), _chow(s, r + step), _chow(s, r + 2 * step))))
    for r in range(1, 10):
        out.append(SetsTarget(f"三同刻 {r}", 16, (_pung(r - 1), _pung(8 + r), _pung(17 + r))))
    winds = (27, 28, 29, 30)
    for skip in winds:
        out.append(SetsTarget("三风刻", 12, tuple(_pung(w) for w in winds if w != skip)))
    for skip in (31, 32, 33):
        out.append(SetsTarget("双箭刻", 6, tuple(_pung(d) for d in (31, 32, 33) if d != skip)))
    return tuple(out)


TARGETS: tuple[Target, ...] = _build()
"""Every target shape the fan-aware bot weighs."""


def extra_fans(counts: Sequence[int], melds: tuple[Meld, ...], seat_wind: int, round_wind: int) -> int:
    """Fans a hand is likely to add to its target: 门前清, honor pungs, kongs (a rough count).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> extra_fans(counts_of(parse_tiles("123m456p789s11sCCC")), (), 27, 27)
    4
    """
    fans = 0
    if all(m.is_concealed_kong for m in melds):
        fans += 2
    for t in range(27, 34):
        pung = counts[t] >= 3 or any(m.kind != MeldKind.CHOW and m.tile == t for m in melds)
        if not pung:
            continue
        if t >= 31:
            fans += 2
        else:
            value = (t == seat_wind) + (t == round_wind)
            fans += 2 * value if value else 1
    for m in melds:
        if m.is_kong:
            fans += 2 if m.is_concealed_kong else 1
    return fans


def small_fans(counts: Sequence[int], melds: tuple[Meld, ...], seat_wind: int, round_wind: int) -> int:
    """Fans a hand with no target shape is likely to score: ``extra_fans`` plus 无字, 断幺, 缺一门 and
    平和 where the tiles allow them (a rough count).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> small_fans(counts_of(parse_tiles("234m567m345m5688p")), (), 27, 27)
    8
    """
    held = list(counts)
    chows = True
    for m in melds:
        for t in m.tiles:
            held[t] += 1
        if m.kind != MeldKind.CHOW:
            chows = False
    fans = extra_fans(counts, melds, seat_wind, round_wind)
    honors = any(held[27:])
    if not honors:
        fans += 1  # 无字
        if not any(held[t] for t in (0, 8, 9, 17, 18, 26)):
            fans += 2  # 断幺
        if chows and not any(c >= 3 for c in counts):
            fans += 2  # 平和
    if sum(1 for s in range(3) if any(held[9 * s:9 * s + 9])) <= 2:
        fans += 1  # 缺一门
    return fans

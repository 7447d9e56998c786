"""Sichuan tile efficiency (牌效率): shanten with a void suit, effective tiles, discard advice, and the
choices of 定缺 (the void suit), 换三张 (the exchange) and 查大叫 (the best wait's points).

A Sichuan hand plays the 108 suited tiles and wins only while missing a suit (缺一门), as four sets and a
pair (concealed sequences allowed, no chow claimed) or seven pairs (七对; four alike are two pairs, 龙七对).
Every function here takes standing-tile counts (34 ints, the honors all zero) and the number of declared
melds; the tiles of the void suit (定缺) are dead weight: each must go before the hand can win. With
``void=None`` the hand is judged with the best suit to give up (the minimum over the three).

Shanten is formal, as ``majiang.analysis`` judges it: 0 is ready (听牌), -1 complete, and it counts how
many draws (each followed by a discard) stand between the hand and ready.

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> drawn = counts_of(parse_tiles("123456789m1199p5s"))
>>> shanten(drawn), shanten(drawn, void=1), shanten(drawn, void=2)
(0, 3, 0)
>>> [ALL_TILES[t].notation() for t in effective_tiles(counts_of(parse_tiles("123456789m1199p")))]
['1p', '9p']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from majiang.analysis.efficiency import DiscardOption, LiveTile
from majiang.analysis.forms import pungs_shanten
from majiang.analysis.shanten import RULED_OUT
from majiang.analysis.tables import RECORD, suit_table, vectors
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.hand import Hand, WinBy
from majiang.meld import Meld, MeldKind
from majiang.rules.sichuan.fans import FanId
from majiang.rules.sichuan.scoring import OPTIONS, Options, find_options, score
from majiang.tiles import ALL_TILES

__all__ = [
    "SUIT_NAMES",
    "Plan",
    "SichuanEfficiency",
    "best_wait_points",
    "choose_exchange",
    "choose_void",
    "discard_advice",
    "effective_tiles",
    "plan_points",
    "shanten",
    "waits",
]

SUIT_NAMES = ("m", "p", "s")
"""The suits by number, as the void and exchange choices give them: 0 万 m, 1 饼 p, 2 条 s."""

_POW5 = tuple(5 ** i for i in range(9))


def _code(counts: Sequence[int], base: int) -> int:
    code = 0
    for r in range(base + 8, base - 1, -1):
        code = code * 5 + counts[r]
    return code


def _two_suits(x: int, y: int, sets: int) -> int:
    """Most tiles ``sets`` sets and one pair can use across two suits (overlap vector ids ``x``, ``y``)."""
    vx, vy = vectors()[x], vectors()[y]
    best = 0
    for m in range(sets + 1):
        k = 2 * (sets - m)
        best = max(best, vx[2 * m] + vy[k + 1], vx[2 * m + 1] + vy[k])
    return best


@dataclass(frozen=True, slots=True)
class Plan:
    """A shape worth playing toward: how far the hand is from it (shanten), the kinds that bring it
    closer, and the points a discard win of it alone brings."""

    name: str
    shanten: int
    effective: tuple[int, ...]
    points: int


_USED: dict[int, int] = {}
"""``_two_suits`` by ``(x << 8 | y) << 3 | sets`` (vector ids fit a byte): the hot path's cache."""
_OTHERS = ((1, 2), (0, 2), (0, 1))
"""The two suits kept when suit 0, 1 or 2 is void."""


class _Suits:
    """Per suit: the overlap vector id, the pairs (count // 2) and the tiles held."""

    __slots__ = ("ids", "pairs", "tiles")

    def __init__(self, counts: Sequence[int]) -> None:
        table = suit_table()
        self.ids = [0, 0, 0]
        self.pairs = [0, 0, 0]
        self.tiles = [0, 0, 0]
        for s in range(3):
            self.set(s, _code(counts, 9 * s), sum(counts[9 * s:9 * s + 9]), table)

    def set(self, suit: int, code: int, tiles: int, table: bytearray) -> None:
        at = code * RECORD
        self.ids[suit] = table[at]
        self.pairs[suit] = table[at + 1]
        self.tiles[suit] = tiles

    def value(self, void: int, melds: int) -> int:
        """Shanten with ``void`` given up: the better of the regular and (no melds) seven-pairs forms."""
        a, b = _OTHERS[void]
        ids = self.ids
        sets = 4 - melds
        key = (ids[a] << 8 | ids[b]) << 3 | sets
        used = _USED.get(key)
        if used is None:
            used = _USED[key] = _two_suits(ids[a], ids[b], sets)
        best = 3 * sets + 1 - used
        if melds:
            return best
        # Seven pairs: up to seven pairs held, then one single per missing pair (a kind held once or
        # three times); shanten is 13 minus the tiles of the hand some seven pairs can use.
        held = self.pairs[a] + self.pairs[b]
        pairs = held if held < 7 else 7
        singles = self.tiles[a] + self.tiles[b] - 2 * held
        need = 7 - pairs
        value = 13 - 2 * pairs - (singles if singles < need else need)
        return value if value < best else best

    def pairs_only(self, void: int) -> int:
        """Shanten of seven pairs alone with ``void`` given up."""
        a, b = _OTHERS[void]
        held = self.pairs[a] + self.pairs[b]
        pairs = held if held < 7 else 7
        singles = self.tiles[a] + self.tiles[b] - 2 * held
        return 13 - 2 * pairs - min(singles, 7 - pairs)

    def flush(self, suit: int, melds: int) -> int:
        """Shanten of a hand of ``suit`` alone (清一色): the other two suits' tiles dead."""
        sets = 4 - melds
        best = 3 * sets + 1 - _two_suits(self.ids[suit], _empty(), sets)
        if melds:
            return best
        pairs = min(self.pairs[suit], 7)
        singles = self.tiles[suit] - 2 * self.pairs[suit]
        return min(best, 13 - 2 * pairs - min(singles, 7 - pairs))

    def best(self, voids: tuple[int, ...], melds: int) -> int:
        """The lowest shanten over the suits that may be void (``RULED_OUT`` if none may)."""
        best = RULED_OUT
        for v in voids:
            value = self.value(v, melds)
            if value < best:
                best = value
        return best

    def full(self, void: int, melds: int) -> bool:
        """Whether every set, the pair and (no melds) every missing pair of seven pairs could take a tile
        already held outside ``void``: then a tile far from every held one of its suit cannot help."""
        a, b = _OTHERS[void]
        live = self.tiles[a] + self.tiles[b]
        if live < 3 * (4 - melds) + 1:
            return False
        if melds:
            return True
        held = self.pairs[a] + self.pairs[b]
        return held >= 7 or live - 2 * held >= 7 - held


def _empty() -> int:
    """The overlap vector id of a suit holding nothing."""
    return suit_table()[0]


def _pungs(counts: Sequence[int], melds: int, void: int) -> int:
    """Shanten of all pungs (对对胡) with ``void`` given up: the best pair and ``4 - melds`` pungs."""
    return pungs_shanten([n for k, n in enumerate(counts[:27]) if k // 9 != void], 4 - melds)


def _voids(void: int | None) -> tuple[int, ...]:
    return (0, 1, 2) if void is None else (void,)


def _check(counts: Sequence[int], melds: int, void: int | None) -> None:
    """Reject counts no Sichuan hand can have, a bad meld number or a bad void suit."""
    if len(counts) != 34:
        raise InvalidHandError(f"counts must give the 34 tile kinds, not {len(counts)}")
    if type(melds) is not int or not 0 <= melds <= 4:
        raise InvalidOptionError(f"melds must be 0-4, not {melds!r}")
    if void is not None and (type(void) is not int or not 0 <= void <= 2):
        raise InvalidOptionError(f"void must be a suit 0-2 (m, p, s) or None, not {void!r}")
    for k, n in enumerate(counts):
        if type(n) is not int or not 0 <= n <= 4:
            raise InvalidHandError(f"{n!r} copies of {ALL_TILES[k].notation()}; a count is 0-4")
        if n and k >= 27:
            raise InvalidHandError(f"Sichuan mahjong plays the 108 suited tiles; {ALL_TILES[k].notation()} "
                                   "is an honor tile")
    total = sum(counts)
    most = 14 - 3 * melds
    if total > most:
        raise InvalidHandError(f"{total} standing tiles with {melds} meld(s); at most {most}")


def shanten(counts: Sequence[int], melds: int = 0, void: int | None = None) -> int:
    """Shanten (向听数) of a Sichuan hand whose ``void`` suit's tiles must all go (None: the best void).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> shanten(counts_of(parse_tiles("1122334455667m")))
    0
    >>> shanten(counts_of(parse_tiles("112233m445566p7s")), void=2)   # twelve live tiles: one short
    1
    >>> shanten(counts_of(parse_tiles("112233m445566p7s")), void=0)
    6
    """
    _check(counts, melds, void)
    return _Suits(counts).best(_voids(void), melds)


def _effective(counts: Sequence[int], melds: int, voids: tuple[int, ...], suits: _Suits,
               current: int) -> list[int]:
    table = suit_table()
    out: list[int] = []
    for s in range(3):
        # A tile of suit s is dead weight with s void: only the other voids can go lower.
        others = tuple(v for v in voids if v != s)
        if not others:
            continue
        base = 9 * s
        held = 0
        for r in range(9):
            if counts[base + r]:
                held |= 1 << r
        # As in majiang.analysis.shanten: in a full hand an optimal split leaves no set or pair without
        # a held tile, so an isolated newcomer gains nothing; a short hand tries every tile.
        if all(suits.full(v, melds) for v in others):
            near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF
        else:
            near = 0x1FF
        code = _code(counts, base)
        tiles = suits.tiles[s]
        saved = (suits.ids[s], suits.pairs[s], tiles)
        for r in range(9):
            if not near >> r & 1 or counts[base + r] == 4:
                continue
            suits.set(s, code + _POW5[r], tiles + 1, table)
            if suits.best(others, melds) < current:
                out.append(base + r)
        suits.ids[s], suits.pairs[s], suits.tiles[s] = saved
    return out


def effective_tiles(counts: Sequence[int], melds: int = 0, void: int | None = None) -> list[int]:
    """The kinds whose draw lowers the shanten (有效牌), never of the void suit nor held four times.

    With ``void=None`` a kind counts when it lowers the shanten under some best void.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> [ALL_TILES[t].notation() for t in effective_tiles(counts_of(parse_tiles("1122334455667m")))]
    ['1m', '4m', '7m']
    """
    _check(counts, melds, void)
    suits = _Suits(counts)
    voids = _voids(void)
    return _effective(counts, melds, voids, suits, suits.best(voids, melds))


def _seen(seen: Sequence[int] | None, counts: Sequence[int]) -> Sequence[int]:
    if seen is None:
        return counts
    if len(seen) != 34:
        raise InvalidHandError(f"seen must give the 34 tile kinds, not {len(seen)}")
    for k, n in enumerate(seen):
        if type(n) is not int or not counts[k] <= n <= 4:
            raise InvalidHandError(f"{n!r} copies of {ALL_TILES[k].notation()} seen; it must be between the "
                                   f"{counts[k]} held and 4")
    return seen


def discard_advice(counts: Sequence[int], melds: int = 0, void: int | None = None,
                   seen: Sequence[int] | None = None) -> list[DiscardOption]:
    """Every discard of a hand after its draw, best first: void-suit tiles, then lowest shanten, then
    most live effective tiles (何切).

    ``seen`` counts the copies of each kind the player can see (own tiles and melds, discards, other
    melds); a kind's live count is four minus that. Without it only the standing tiles are seen. Ties
    go to the lower tile (1m before 9m before 1p), and so do void-suit tiles among themselves.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> best = discard_advice(counts_of(parse_tiles("123456789m1199p5s")), void=2)
    >>> [(o.discard.notation(), o.shanten, o.live) for o in best[:3]]
    [('5s', 0, 4), ('1m', 1, 13), ('9m', 1, 13)]
    """
    _check(counts, melds, void)
    if sum(counts) != 14 - 3 * melds:
        raise InvalidHandError(f"discard advice is for a hand after its draw: {14 - 3 * melds} standing "
                               f"tiles with {melds} meld(s), not {sum(counts)}")
    live = _seen(seen, counts)
    voids = _voids(void)
    rest = list(counts)
    ranked: list[tuple[tuple[int, int, int, int], DiscardOption]] = []
    for t in range(27):
        if not counts[t]:
            continue
        rest[t] -= 1
        suits = _Suits(rest)
        value = suits.best(voids, melds)
        kinds = _effective(rest, melds, voids, suits, value)
        rest[t] += 1
        effective = tuple(LiveTile(ALL_TILES[k], 4 - live[k]) for k in kinds)
        option = DiscardOption(ALL_TILES[t], value, effective)
        ranked.append(((0 if t // 9 == void else 1, value, -option.live, t), option))
    ranked.sort(key=lambda pair: pair[0])
    return [option for _, option in ranked]


def choose_void(counts: Sequence[int]) -> int:
    """The suit to declare void (定缺): fewest tiles, then the one whose loss leaves the lowest shanten,
    then the lowest suit number (m before p before s).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> choose_void(counts_of(parse_tiles("123456789m1199p5s")))
    2
    >>> choose_void(counts_of(parse_tiles("123456789m19p55s")))
    1
    """
    _check(counts, 0, None)
    suits = _Suits(counts)
    return min(range(3), key=lambda s: (suits.tiles[s], suits.value(s, 0), s))


def choose_exchange(counts: Sequence[int]) -> tuple[int, int, int]:
    """Three tiles of one suit to pass on (换三张), from the weakest suit holding at least three.

    The weakest is the one ``choose_void`` would pick among those suits. Within it, the three tiles
    whose loss hurts least if the suit is kept after all (the lowest shanten of the rest with another
    suit void); ties go to the lowest tiles. Returns the tile indices, lowest first.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> [ALL_TILES[t].notation() for t in choose_exchange(counts_of(parse_tiles("12345678m1199p25s")))]
    ['1p', '1p', '9p']
    """
    _check(counts, 0, None)
    suits = _Suits(counts)
    candidates = [s for s in range(3) if suits.tiles[s] >= 3]
    if not candidates:
        raise InvalidHandError(f"换三张 needs three tiles of one suit; this hand holds "
                               f"{', '.join(f'{n}{SUIT_NAMES[s]}' for s, n in enumerate(suits.tiles))}")
    suit = min(candidates, key=lambda s: (suits.tiles[s], suits.value(s, 0), s))
    held = [t for t in range(9 * suit, 9 * suit + 9) for _ in range(counts[t])]
    rest = list(counts)
    best: tuple[int, tuple[int, ...]] | None = None
    for trio in sorted(set(combinations(held, 3))):
        for t in trio:
            rest[t] -= 1
        left = _Suits(rest)
        value = min(left.value(v, 0) for v in range(3) if v != suit)
        for t in trio:
            rest[t] += 1
        if best is None or value < best[0]:
            best = (value, trio)
    assert best is not None  # the suit holds three tiles, so some trio was tried
    a, b, c = best[1]
    return a, b, c


def _meld_counts(melds: Sequence[Meld]) -> list[int]:
    held = [0] * 34
    for m in melds:
        if not isinstance(m, Meld):
            raise TypeError(f"melds must be Meld objects, not {type(m).__name__}")
        if m.kind == MeldKind.CHOW:
            raise InvalidHandError(f"Sichuan mahjong has no chow: meld {m.notation()} cannot be claimed")
        for t in m.tiles:
            held[t] += 1
    return held


def waits(counts: Sequence[int], melds: Sequence[Meld] = ()) -> list[int]:
    """The kinds that complete a ready Sichuan hand of standing ``counts`` and ``melds`` (叫牌), missing
    a suit; kinds the player holds four of, standing or in melds, are left out.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> [ALL_TILES[t].notation() for t in waits(counts_of(parse_tiles("1112345678999m")))]
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
    """
    held = _meld_counts(melds)
    _check(counts, len(melds), None)
    if sum(counts) != 13 - 3 * len(melds):
        raise InvalidHandError(f"a waiting hand has {13 - 3 * len(melds)} standing tiles with {len(melds)} "
                               f"meld(s), not {sum(counts)}")
    for k in range(27):
        held[k] += counts[k]
        if held[k] > 4:
            raise InvalidHandError(f"{held[k]} copies of {ALL_TILES[k].notation()}; a set has only 4")
    melded_suits = {k // 9 for m in melds for k in m.tiles}
    suits = _Suits(counts)
    out: list[int] = []
    table = suit_table()
    for s in range(3):
        base = 9 * s
        code = _code(counts, base)
        saved = (suits.ids[s], suits.pairs[s], suits.tiles[s])
        for r in range(9):
            if held[base + r] == 4:
                continue
            suits.set(s, code + _POW5[r], saved[2] + 1, table)
            # Complete with a void that holds none of the hand's tiles, melds included.
            if any(suits.value(v, len(melds)) == -1 for v in range(3) if v not in melded_suits):
                out.append(base + r)
        suits.ids[s], suits.pairs[s], suits.tiles[s] = saved
    return out


def best_wait_points(hand_counts: Sequence[int], melds: Sequence[Meld],
                     options: Options | str = "sichuan") -> int | None:
    """The most points a discard win of this ready 13-tile hand could score (查大叫), or None if not ready.

    Each wait is scored by ``majiang.sichuan.score`` under ``options`` as a plain win on a discard.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> best_wait_points(counts_of(parse_tiles("1112345678999m")), [])   # 清一色 on 1m or 9m: 3 番 + 根 = 4
    48
    >>> best_wait_points(counts_of(parse_tiles("1357m2468p13579s")), []) is None
    True
    """
    found = find_options(options)
    kinds = waits(hand_counts, melds)
    if not kinds:
        return None
    tiles = tuple(ALL_TILES[k] for k in range(27) for _ in range(hand_counts[k]))
    return max(score(Hand.of(melds, tiles, ALL_TILES[k]), win_by=WinBy.DISCARD, options=found).points
               for k in kinds)


@dataclass(frozen=True, slots=True)
class SichuanEfficiency:
    """Tile efficiency for one Sichuan seat (the ``Ruleset.efficiency`` of the Sichuan rulesets).

    ``void`` is the suit the seat declared void (定缺), None before or without a declaration (then the
    best suit to give up); a suit holding one of the seat's melds can never be the one missing.
    ``options`` score the wins ``win_points`` values.

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> SichuanEfficiency(void=2).shanten_and_effective(counts_of(parse_tiles("123456789m1199p")), ())
    (0, [9, 17])
    >>> SichuanEfficiency(void=0).shanten(counts_of(parse_tiles("1199p")), [Meld.parse("[111m,1]")] * 3)
    99
    """

    void: int | None = None
    options: Options = field(default_factory=lambda: OPTIONS["sichuan"])
    mcr_fans: bool = False

    def _voids(self, melds: Sequence[Meld]) -> tuple[int, ...]:
        melded = {int(m.tile) // 9 for m in melds}
        return tuple(v for v in _voids(self.void) if v not in melded)

    def shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """Shanten with the void suit's tiles dead; ``RULED_OUT`` (99) if a meld is of every suit that
        may be void."""
        return _Suits(counts).best(self._voids(melds), len(melds))

    def shanten_and_effective(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[int]]:
        """Shanten and the kinds that lower it (never of the void suit, nor held four times standing)."""
        suits = _Suits(counts)
        voids = self._voids(melds)
        value = suits.best(voids, len(melds))
        if value >= RULED_OUT:
            return value, []
        return value, _effective(counts, len(melds), voids, suits, value)

    def is_dead(self, kind: int) -> bool:
        """Whether ``kind`` is of the void suit."""
        return self.void is not None and kind // 9 == self.void

    def plans(self, counts: Sequence[int], melds: Sequence[Meld]) -> list[Plan]:
        """Any win, 清一色 in each suit that may still make it, 七对 (no melds) and 对对胡, each with its
        shanten, effective kinds and the points of a discard win of it alone (``plan_points``).

        >>> from majiang.analysis.decompose import counts_of
        >>> from majiang.notation import parse_tiles
        >>> hand = counts_of(parse_tiles("1122345678m99p5s"))
        >>> [(p.name, p.shanten, p.points) for p in SichuanEfficiency(void=2).plans(hand, ())]
        [('plain', 1, 6), ('full-flush m', 3, 24), ('seven-pairs', 3, 24), ('all-pungs', 5, 12)]
        """
        voids = self._voids(melds)
        if not voids:
            return []
        n = len(melds)
        suits = _Suits(counts)
        table = suit_table()
        points = plan_points(self.options)
        value = suits.best(voids, n)
        out = [Plan("plain", value, tuple(_effective(counts, n, voids, suits, value)), points[FanId.PLAIN])]
        melded = {int(m.tile) // 9 for m in melds}
        for a in range(3):
            if melded - {a} or not any(v != a for v in voids) or suits.tiles[a] + 3 * n < 6:
                continue
            value = suits.flush(a, n)
            code = _code(counts, 9 * a)
            saved = (suits.ids[a], suits.pairs[a], suits.tiles[a])
            found = []
            for r in range(9):
                if counts[9 * a + r] < 4:
                    suits.set(a, code + _POW5[r], saved[2] + 1, table)
                    if suits.flush(a, n) < value:
                        found.append(9 * a + r)
            suits.ids[a], suits.pairs[a], suits.tiles[a] = saved
            out.append(Plan(f"full-flush {SUIT_NAMES[a]}", value, tuple(found), points[FanId.FULL_FLUSH]))
        if not n:
            value = min(suits.pairs_only(v) for v in voids)
            found = []
            for k in range(27):
                c = counts[k]
                if c == 4:
                    continue
                for v in voids:
                    if v == k // 9 or suits.pairs_only(v) != value:
                        continue
                    # A kind held once or three times makes a pair; any other adds a single, which helps
                    # only while singles are short of the pairs missing.
                    x, y = _OTHERS[v]
                    held = suits.pairs[x] + suits.pairs[y]
                    singles = suits.tiles[x] + suits.tiles[y] - 2 * held
                    if held < 7 and (c % 2 or singles < 7 - held):
                        found.append(k)
                        break
            out.append(Plan("seven-pairs", value, tuple(found), points[FanId.SEVEN_PAIRS]))
        value = min(_pungs(counts, n, v) for v in voids)
        found = []
        rest = list(counts)
        # Kinds not held are alike within a suit: one stands for all of them.
        for s in range(3):
            empty = [k for k in range(9 * s, 9 * s + 9) if not counts[k]]
            for k in [k for k in range(9 * s, 9 * s + 9) if 0 < counts[k] < 4] + empty[:1]:
                rest[k] += 1
                if min([_pungs(rest, n, v) for v in voids if v != s], default=RULED_OUT) < value:
                    found.extend(empty if not counts[k] else [k])
                rest[k] -= 1
        found.sort()
        out.append(Plan("all-pungs", value, tuple(found), points[FanId.ALL_PUNGS]))
        return out

    def win_points(self, hand: Hand, self_drawn: bool) -> int | None:
        """Points one payer owes for the win under ``options``; None if it is no Sichuan win."""
        try:
            how = WinBy.SELF_DRAWN if self_drawn else WinBy.DISCARD
            result = score(hand, win_by=how, options=self.options)
        except InvalidHandError:
            return None
        return result.points


_PLAN_HANDS = {
    FanId.PLAIN: "123m456m789m123p55p",
    FanId.FULL_FLUSH: "123m456m789m123m55m",
    FanId.SEVEN_PAIRS: "11335577m224466p",
    FanId.ALL_PUNGS: "111m333m555p777p99p",
}


@cache
def plan_points(options: Options) -> dict[FanId, int]:
    """Points of a discard win scoring only a plain win, 清一色, 七对 or 对对胡 under ``options``.

    >>> flush, pungs = FanId.FULL_FLUSH, FanId.ALL_PUNGS
    >>> sichuan, chengdu = plan_points(find_options("sichuan")), plan_points(find_options("chengdu"))
    >>> sichuan[flush], sichuan[pungs], chengdu[flush], chengdu[pungs]
    (24, 12, 20, 10)
    """
    return {fan: score(hand, options=options).points for fan, hand in _PLAN_HANDS.items()}

"""Seeded random winning Chinese Official hands with win contexts, for property and differential tests.

``random_win(rng)`` draws one :class:`WinSample`: a winning :class:`~majiang.hand.Hand` (its
``winning_tile`` is the winning tile) plus the flags ``majiang.mcr.score`` takes. ``iter_wins(seed, n)``
draws ``n`` of them from ``random.Random(seed)``, so a seed always gives the same sequence.

Every structure of the rules is covered (see :data:`STRUCTURES` and the mix in :data:`MIX`):

* ``standard``: four sets and a pair from all 34 kinds, chows and pungs, 0-4 declared melds;
* ``one_suit``: sets from one suit, sometimes with honors (清一色, 混一色, 一色三步高, ...);
* ``honors``: honor pungs beside one suit (字一色, 大三元, 小四喜, 风刻, ...);
* ``pungs``: pungs and kongs only, sometimes terminals and honors only (碰碰和, 四杠, 清幺九, ...);
* ``restricted``: four sets and a pair from a small tile set that a fan names: green tiles (绿一色),
  reversible tiles (推不倒), ranks 7-9, 4-6, 1-3, 6-9, 1-4 (全大, 全中, 全小, 大于五, 小于五), even ranks
  (全双刻);
* ``patterned``: rare chow and pung patterns: 一色双龙会, 三色双龙会, 全带五, and four chows or pungs of
  one suit stepping by 0, 1 or 2 (一色四同顺, 一色四步高, 一色四节高);
* ``seven_pairs`` (七对; sometimes four identical tiles as two pairs), ``seven_shifted_pairs`` (连七对),
  ``thirteen_orphans`` (十三幺), ``honors_and_knitted`` (全不靠, with or without a full 组合龙),
  ``greater_honors_and_knitted`` (七星不靠), ``knitted_straight`` (组合龙 plus a set and a pair, the set
  melded or not), ``nine_gates`` (九莲宝灯 shape; usually waiting on the pure nine-sided wait).

A set that is declared becomes a :class:`~majiang.meld.Meld`: a chow (any claimed tile), a pung (from any
seat), a melded kong (from any seat) or an added kong (加杠). A pung kept in hand is just three standing
tiles; it may instead become a concealed kong (暗杠, a meld that keeps the hand concealed). A pung can
only become a kong when the hand holds no other copy of its tile.

The win flags are drawn so that the hand never contradicts them:

* ``WinBy.KONG_REPLACEMENT`` (杠上开花) only if the hand has a kong;
* ``WinBy.ROBBING_KONG`` (抢杠和) only if the winning tile is the only copy of its kind in the hand,
  counting the melds (the robbed kong holds the other three);
* ``last_copy`` (和绝张) only if the winning tile is the only copy of its kind in the hand;
* never robbing a kong and ``last_of_wall`` together.

Seat and round winds are uniform over ``"ESWN"``; ``flowers`` is 0 half the time, else uniform 1-8.

>>> s = random_win(random.Random(1), "thirteen_orphans")
>>> s.structure, len(s.hand.standing)
('thirteen_orphans', 14)
>>> [w.hand for w in iter_wins(5, 3)] == [w.hand for w in iter_wins(5, 3)]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from majiang.errors import InvalidOptionError
from majiang.hand import Hand, WinBy
from majiang.meld import Meld
from majiang.seats import RelativeSeat
from majiang.tiles import (
    DRAGONS,
    HONORS,
    KNIT_SUITS,
    SUITED,
    TERMINALS,
    TERMINALS_AND_HONORS,
    WINDS,
    Suit,
    Tile,
)

__all__ = ["MIX", "STRUCTURES", "WinSample", "iter_wins", "random_win"]

MIX: dict[str, int] = {
    "standard": 30,
    "one_suit": 13,
    "honors": 8,
    "pungs": 9,
    "restricted": 6,
    "patterned": 3,
    "seven_pairs": 8,
    "seven_shifted_pairs": 2,
    "thirteen_orphans": 3,
    "honors_and_knitted": 4,
    "greater_honors_and_knitted": 2,
    "knitted_straight": 8,
    "nine_gates": 4,
}
"""Relative weight of each structure when ``random_win`` is called without one (they sum to 100)."""

STRUCTURES: tuple[str, ...] = tuple(MIX)
"""The structure names ``random_win`` accepts."""

_MIX_NAMES = list(MIX)
_MIX_CUM_WEIGHTS = list(accumulate(MIX.values()))
_WIND_LETTERS = "ESWN"

_ALL_TILES: tuple[Tile, ...] = tuple(Tile)
_SUITS: tuple[tuple[Tile, ...], ...] = tuple(tuple(Tile(s * 9 + r) for r in range(9)) for s in range(3))


@dataclass(frozen=True, slots=True)
class WinSample:
    """A winning hand and how it was won: the arguments of ``majiang.mcr.score``.

    ``hand.winning_tile`` is the winning tile. ``structure`` names the generator branch that made the hand
    (one of :data:`STRUCTURES`, empty for a hand-made sample); the hand may score as another shape too
    (a seven-pairs hand can also be four sets and a pair).
    """

    hand: Hand
    win_by: WinBy = WinBy.DISCARD
    last_of_wall: bool = False
    last_copy: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    flowers: int = 0
    structure: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.win_by, WinBy):  # its value, as score takes it
            object.__setattr__(self, "win_by", WinBy(self.win_by))

    @property
    def winning_tile(self) -> Tile:
        """The winning tile (``hand.winning_tile``)."""
        assert self.hand.winning_tile is not None
        return self.hand.winning_tile

    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments of ``majiang.mcr.score`` besides the hand and the profile.

        >>> WinSample(Hand.parse("19m19p19sESWNPFCC"), WinBy.SELF_DRAWN).kwargs()["win_by"]
        <WinBy.SELF_DRAWN: 'self-drawn'>
        """
        return {
            "win_by": self.win_by,
            "last_of_wall": self.last_of_wall,
            "last_copy": self.last_copy,
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
            "flowers": self.flowers,
        }

    def __str__(self) -> str:
        flags = [name for name in ("last_of_wall", "last_copy") if getattr(self, name)]
        extra = " " + "+".join([self.win_by.value, *flags])
        winds = f"seat={self.seat_wind} round={self.round_wind}"
        return f"{self.hand.notation()}{extra} {winds} flowers={self.flowers}"


def random_win(rng: random.Random, structure: str | None = None) -> WinSample:
    """A random winning hand with a consistent win context; ``structure`` picks the shape, else :data:`MIX`.

    >>> random_win(random.Random(3), "nine_gates").hand.is_fully_concealed
    True
    """
    if structure is None:
        structure = rng.choices(_MIX_NAMES, cum_weights=_MIX_CUM_WEIGHTS)[0]
    build = _BUILDERS.get(structure)
    if build is None:
        raise InvalidOptionError(f"unknown structure {structure!r}; expected one of {', '.join(STRUCTURES)}")
    melds, standing, win = build(rng)
    return _with_context(rng, structure, melds, standing, win)


def iter_wins(seed: int, n: int) -> Iterator[WinSample]:
    """``n`` random wins drawn from ``random.Random(seed)`` with the structure mix :data:`MIX`."""
    rng = random.Random(seed)
    for _ in range(n):
        yield random_win(rng)


# --- win context -------------------------------------------------------------------------------------

def _with_context(
    rng: random.Random, structure: str, melds: list[Meld], standing: list[Tile], win: Tile | None
) -> WinSample:
    """Pick the winning tile among ``standing`` (all 14 - 3 * melds of them) unless given, and draw flags."""
    if win is None:
        win = rng.choice(standing)
    rest = list(standing)
    rest.remove(win)
    hand = Hand(tuple(melds), tuple(rest), win)
    copies = standing.count(win) + sum(m.tiles.count(win) for m in melds)
    has_kong = any(m.is_kong for m in melds)
    self_drawn = rng.random() < 0.4
    # 杠上开花 needs a kong of the winner's; 抢杠和 needs the other three copies in the robbed kong.
    kong = (has_kong and rng.random() < 0.3) if self_drawn else (copies == 1 and rng.random() < 0.2)
    if self_drawn:
        win_by = WinBy.KONG_REPLACEMENT if kong else WinBy.SELF_DRAWN
    else:
        win_by = WinBy.ROBBING_KONG if kong else WinBy.DISCARD
    last_of_wall = not kong and rng.random() < 0.1
    last_copy = copies == 1 and rng.random() < 0.25
    flowers = 0 if rng.random() < 0.5 else rng.randint(1, 8)
    return WinSample(
        hand=hand,
        win_by=win_by,
        last_of_wall=last_of_wall,
        last_copy=last_copy,
        seat_wind=rng.choice(_WIND_LETTERS),
        round_wind=rng.choice(_WIND_LETTERS),
        flowers=flowers,
        structure=structure,
    )


# --- four sets and a pair ----------------------------------------------------------------------------

# One set as (is_chow, lowest tile).
_Set = tuple[bool, Tile]
# What a structure builder returns: melds, the 14 - 3 * len(melds) standing tiles with the winning tile
# among them, and the winning tile if the builder fixes it (else ``_with_context`` picks one).
_Shape = tuple[list[Meld], list[Tile], Tile | None]


def _draw_sets(
    rng: random.Random,
    suited: Sequence[Tile],
    honors: Sequence[Tile],
    *,
    chow_p: float,
    honor_p: float,
    counts: list[int],
    n: int = 4,
) -> list[_Set] | None:
    """``n`` sets drawn from the pools, updating ``counts``; ``None`` if the draw got stuck."""
    suited_set = set(suited)
    chow_starts = [t for t in suited if t.rank <= 7 and t + 1 in suited_set and t + 2 in suited_set]
    sets: list[_Set] = []
    for _ in range(n):
        for _attempt in range(30):
            if honors and (not suited or rng.random() < honor_p):
                is_chow, tile = False, rng.choice(honors)
            elif chow_starts and rng.random() < chow_p:
                is_chow, tile = True, rng.choice(chow_starts)
            else:
                is_chow, tile = False, rng.choice(suited)
            if is_chow:
                if counts[tile] < 4 and counts[tile + 1] < 4 and counts[tile + 2] < 4:
                    counts[tile] += 1
                    counts[tile + 1] += 1
                    counts[tile + 2] += 1
                    break
            elif counts[tile] <= 1:
                counts[tile] += 3
                break
        else:
            return None
        sets.append((is_chow, tile))
    return sets


def _draw_pair(
    rng: random.Random, suited: Sequence[Tile], honors: Sequence[Tile], honor_p: float, counts: list[int]
) -> Tile | None:
    """A pair tile with at most two copies used so far, or ``None`` if none was found."""
    for _attempt in range(30):
        use_honor = bool(honors) and (not suited or rng.random() < honor_p)
        tile = rng.choice(honors) if use_honor else rng.choice(suited)
        if counts[tile] <= 2:
            counts[tile] += 2
            return tile
    return None


def _meld_sets(
    rng: random.Random, sets: list[_Set], counts: list[int], *, declared: int, kong_p: float
) -> tuple[list[Meld], list[Tile]]:
    """Declare ``declared`` of the sets as melds (pungs may become kongs); the others stay standing."""
    melds: list[Meld] = []
    standing: list[Tile] = []
    chosen = set(rng.sample(range(len(sets)), declared))
    for i, (is_chow, tile) in enumerate(sets):
        if is_chow:
            if i in chosen:
                melds.append(Meld.chow(tile, rng.randint(1, 3)))
            else:
                standing.extend((tile, Tile(tile + 1), Tile(tile + 2)))
            continue
        # A kong needs the fourth copy, so no other set or the pair may hold this tile.
        can_kong = counts[tile] == 3 and rng.random() < kong_p
        if i in chosen:
            if can_kong:
                counts[tile] = 4
                melds.append(Meld.kong(tile, RelativeSeat(rng.randint(1, 3)), added=rng.random() < 0.4))
            else:
                melds.append(Meld.pung(tile, RelativeSeat(rng.randint(1, 3))))
        elif can_kong and rng.random() < 0.5:
            counts[tile] = 4
            melds.append(Meld.kong(tile))
        else:
            standing.extend((tile, tile, tile))
    return melds, standing


def _declared_count(rng: random.Random) -> int:
    """How many of the four sets are declared: concealed hands and fully melded hands both common."""
    return rng.choices((0, 1, 2, 3, 4), weights=(30, 22, 20, 16, 12))[0]


def _four_sets(
    rng: random.Random,
    suited: Sequence[Tile],
    honors: Sequence[Tile],
    *,
    chow_p: float,
    honor_p: float,
    pair_honor_p: float,
    kong_p: float,
) -> _Shape:
    while True:
        counts = [0] * 34
        sets = _draw_sets(rng, suited, honors, chow_p=chow_p, honor_p=honor_p, counts=counts)
        if sets is None:
            continue
        pair = _draw_pair(rng, suited, honors, pair_honor_p, counts)
        if pair is None:
            continue
        melds, standing = _meld_sets(rng, sets, counts, declared=_declared_count(rng), kong_p=kong_p)
        standing.extend((pair, pair))
        return melds, standing, None


def _build_standard(rng: random.Random) -> _Shape:
    return _four_sets(rng, SUITED, HONORS, chow_p=0.7, honor_p=0.12, pair_honor_p=0.2, kong_p=0.15)


def _build_one_suit(rng: random.Random) -> _Shape:
    suit = rng.choice(_SUITS)
    honors: Sequence[Tile] = HONORS if rng.random() < 0.4 else ()
    return _four_sets(rng, suit, honors, chow_p=0.65, honor_p=0.25, pair_honor_p=0.3, kong_p=0.15)


def _build_honors(rng: random.Random) -> _Shape:
    suited: Sequence[Tile] = () if rng.random() < 0.15 else rng.choice(_SUITS)
    roll = rng.random()
    honors: Sequence[Tile] = HONORS if roll < 0.5 or not suited else WINDS if roll < 0.75 else DRAGONS
    return _four_sets(rng, suited, honors, chow_p=0.5, honor_p=0.7, pair_honor_p=0.7, kong_p=0.2)


def _build_pungs(rng: random.Random) -> _Shape:
    roll = rng.random()
    suited: Sequence[Tile]
    honors: Sequence[Tile]
    if roll < 0.3:
        suited, honors, honor_p = TERMINALS, HONORS, 0.4
    elif roll < 0.45:
        suited, honors, honor_p = TERMINALS, (), 0.0
    elif roll < 0.65:
        suited, honors, honor_p = rng.choice(_SUITS), HONORS, 0.3
    else:
        suited, honors, honor_p = SUITED, HONORS, 0.15
    return _four_sets(rng, suited, honors, chow_p=0.0, honor_p=honor_p, pair_honor_p=honor_p, kong_p=0.45)


_RESTRICTED_POOLS: tuple[tuple[tuple[Tile, ...], tuple[Tile, ...]], ...] = (
    (tuple(Tile.from_suit_rank(Suit.BAMBOO, r) for r in (2, 3, 4, 6, 8)), (Tile.GREEN,)),
    (tuple(Tile.from_suit_rank(Suit.DOTS, r) for r in (1, 2, 3, 4, 5, 8, 9))
     + tuple(Tile.from_suit_rank(Suit.BAMBOO, r) for r in (2, 4, 5, 6, 8, 9)), (Tile.WHITE,)),
    *(
        (tuple(t for t in SUITED if t.rank in ranks), ())
        for ranks in ((7, 8, 9), (4, 5, 6), (1, 2, 3), (6, 7, 8, 9), (1, 2, 3, 4), (2, 4, 6, 8))
    ),
)


def _build_restricted(rng: random.Random) -> _Shape:
    suited, honors = rng.choice(_RESTRICTED_POOLS)
    return _four_sets(rng, suited, honors, chow_p=0.6, honor_p=0.15, pair_honor_p=0.3, kong_p=0.15)


def _patterned_sets(rng: random.Random) -> tuple[list[_Set], Tile | None]:
    """Four sets of a rare pattern, and the pair if the pattern fixes it."""
    a, b, c = rng.sample(_SUITS, 3)
    roll = rng.random()
    if roll < 0.2:  # 一色双龙会
        return [(True, a[0]), (True, a[0]), (True, a[6]), (True, a[6])], a[4]
    if roll < 0.4:  # 三色双龙会
        return [(True, a[0]), (True, a[6]), (True, b[0]), (True, b[6])], c[4]
    if roll < 0.6:  # 全带五: every set and the pair hold a five
        sets: list[_Set] = []
        for _ in range(4):
            suit = rng.choice(_SUITS)
            start = rng.randint(2, 5)
            sets.append((False, suit[4]) if start == 5 else (True, suit[start]))
        return sets, rng.choice(_SUITS)[4]
    step = rng.choice((0, 1, 2))
    is_chow = step != 0 or rng.random() < 0.5
    if not is_chow:  # 一色四节高
        start = rng.randint(0, 5)
        return [(False, a[start + k]) for k in range(4)], None
    start = rng.randint(0, 6 - 3 * step)
    return [(True, a[start + step * k]) for k in range(4)], None


def _build_patterned(rng: random.Random) -> _Shape:
    while True:
        sets, pair = _patterned_sets(rng)
        counts = [0] * 34
        for is_chow, tile in sets:
            for t in (tile, tile + 1, tile + 2) if is_chow else (tile, tile, tile):
                counts[t] += 1
        if pair is None:
            pair = rng.choice(_ALL_TILES)
        counts[pair] += 2
        if max(counts) > 4:
            continue
        melds, standing = _meld_sets(rng, sets, counts, declared=_declared_count(rng), kong_p=0.2)
        standing.extend((pair, pair))
        return melds, standing, None


# --- the special shapes ------------------------------------------------------------------------------

def _build_seven_pairs(rng: random.Random) -> _Shape:
    roll = rng.random()
    pool: Sequence[Tile]
    if roll < 0.6:
        pool = _ALL_TILES
    elif roll < 0.85:
        pool = rng.choice(_SUITS) + (HONORS if rng.random() < 0.5 else ())
    else:
        pool = TERMINALS_AND_HONORS
    kinds = rng.sample(pool, 6 if rng.random() < 0.3 else 7)
    if len(kinds) == 6:
        kinds.append(rng.choice(kinds))  # four identical tiles count as two pairs
    return [], [t for t in kinds for _ in range(2)], None


def _build_seven_shifted_pairs(rng: random.Random) -> _Shape:
    suit = rng.choice(_SUITS)
    start = rng.randint(0, 2)
    return [], [t for t in suit[start:start + 7] for _ in range(2)], None


def _build_thirteen_orphans(rng: random.Random) -> _Shape:
    tiles = list(TERMINALS_AND_HONORS)
    tiles.append(rng.choice(TERMINALS_AND_HONORS))
    return [], tiles, None


def _knitted_tiles(rng: random.Random) -> list[Tile]:
    """The nine tiles of a knitted straight (组合龙): 147, 258 and 369 each in its own suit."""
    order = rng.choice(KNIT_SUITS)
    return [_SUITS[suit][offset + 3 * k] for offset, suit in enumerate(order) for k in range(3)]


def _build_honors_and_knitted(rng: random.Random) -> _Shape:
    candidates = _knitted_tiles(rng) + list(HONORS)
    # Drop two of the 16 candidates, at least one an honor (all seven honors would be 七星不靠).
    honor_out = rng.choice(HONORS)
    candidates.remove(honor_out)
    candidates.remove(rng.choice(candidates))
    return [], candidates, None


def _build_greater_honors_and_knitted(rng: random.Random) -> _Shape:
    return [], rng.sample(_knitted_tiles(rng), 7) + list(HONORS), None


def _build_knitted_straight(rng: random.Random) -> _Shape:
    while True:
        counts = [0] * 34
        standing = _knitted_tiles(rng)
        for t in standing:
            counts[t] += 1
        sets = _draw_sets(rng, SUITED, HONORS, chow_p=0.6, honor_p=0.3, counts=counts, n=1)
        if sets is None:
            continue
        pair = _draw_pair(rng, SUITED, HONORS, 0.35, counts)
        if pair is None:
            continue
        melds, rest = _meld_sets(rng, sets, counts, declared=int(rng.random() < 0.35), kong_p=0.25)
        return melds, [*standing, *rest, pair, pair], None


def _build_nine_gates(rng: random.Random) -> _Shape:
    suit = rng.choice(_SUITS)
    base = [suit[0]] * 3 + list(suit[1:8]) + [suit[8]] * 3
    extra = rng.choice(suit)
    # Usually win on the extra tile, the pure nine-sided wait that 九莲宝灯 needs; else on any tile.
    return [], [*base, extra], extra if rng.random() < 0.85 else None

_BUILDERS = {
    "standard": _build_standard,
    "one_suit": _build_one_suit,
    "honors": _build_honors,
    "pungs": _build_pungs,
    "restricted": _build_restricted,
    "patterned": _build_patterned,
    "seven_pairs": _build_seven_pairs,
    "seven_shifted_pairs": _build_seven_shifted_pairs,
    "thirteen_orphans": _build_thirteen_orphans,
    "honors_and_knitted": _build_honors_and_knitted,
    "greater_honors_and_knitted": _build_greater_honors_and_knitted,
    "knitted_straight": _build_knitted_straight,
    "nine_gates": _build_nine_gates,
}

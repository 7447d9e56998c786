"""Seeded random riichi wins with consistent contexts, for differential tests and benchmarks.

``random_case(rng)`` draws one :class:`Case`: a winning hand (red fives marked), a :class:`WinContext`
the hand never contradicts (rinshan only with a kan, chankan only when the winning tile is the hand's
only copy, tenhou/chiihou/renhou only on an untouched concealed hand...) and the options it is scored
under. The hands lean towards shapes with yaku (flushes, pungs, honours, terminals, straights, three
colours, dragons, winds, double sequences) so that the rare yaku are met often; seven pairs and
thirteen orphans come up too. ``random_options(rng)`` varies the options the `mahjong` package can also
follow.

>>> case = random_case(random.Random(1))
>>> len(case.hand.hand.standing) + 3 * len(case.hand.hand.melds)
14
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.rules.riichi.context import RiichiOptions, WinContext
from majiang.rules.riichi.notation import RiichiHand
from majiang.seats import RelativeSeat
from majiang.tiles import Tile

__all__ = ["Case", "random_case", "random_options"]

TERMINALS_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True)
class Case:
    """One random win: the hand (red fives marked), its context and the options it is scored under."""

    hand: RiichiHand
    context: WinContext
    options: RiichiOptions

    def __str__(self) -> str:
        c = self.context
        flags = [f for f in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                             "houtei", "tenhou", "chiihou", "renhou") if getattr(c, f)]
        changed = {k: v for k, v in self.options.options().items() if v != getattr(RiichiOptions(), k)}
        return (f"{self.hand.notation()} {' '.join(flags)} seat={c.seat_wind.notation()} "
                f"round={c.round_wind.notation()} dora={[t.notation() for t in c.dora_indicators]} "
                f"ura={[t.notation() for t in c.ura_indicators]} honba={c.honba} sticks={c.riichi_sticks}"
                f" options={changed}")


def _kinds(rng: random.Random) -> list[int]:
    """The kinds a hand may draw its sets from: everything, one suit (+ honours), terminals..."""
    roll = rng.random()
    if roll < 0.25:
        suit = rng.randrange(3)
        base = list(range(9 * suit, 9 * suit + 9))
        return base + list(range(27, 34)) if rng.random() < 0.5 else base
    if roll < 0.32:
        return list(TERMINALS_HONORS)
    if roll < 0.36:
        return [19, 20, 21, 23, 25, 32]  # green
    if roll < 0.42:
        return [*range(27, 34), rng.randrange(27)]
    return list(range(34))


def _standard(rng: random.Random, counts: list[int]) -> tuple[list[tuple[int, int]], int] | None:
    """Four sets (kind, tile) and a pair, within four copies of each kind."""
    kinds = _kinds(rng)
    chow_share = rng.choice((0.0, 0.3, 0.6, 0.9))
    sets: list[tuple[int, int]] = []
    if rng.random() < 0.15:
        for kind, t in _pattern(rng):
            sets.append((kind, t))
            for u in ((t, t + 1, t + 2) if kind == MeldKind.CHOW else (t, t, t)):
                counts[u] += 1
    for _ in range(40):
        if len(sets) == 4:
            break
        t = rng.choice(kinds)
        if rng.random() < chow_share and t < 27 and t % 9 <= 6 and all(counts[t + i] < 4 for i in range(3)):
            for i in range(3):
                counts[t + i] += 1
            sets.append((MeldKind.CHOW, t))
        elif counts[t] <= 1:
            counts[t] += 3
            sets.append((MeldKind.PUNG, t))
    if len(sets) < 4:
        return None
    for _ in range(20):
        p = rng.choice(kinds)
        if counts[p] <= 2:
            counts[p] += 2
            return sets, p
    return None


def _pattern(rng: random.Random) -> list[tuple[int, int]]:
    """Sets that make a rarer yaku: a straight, three colours, dragons, winds, a double sequence."""
    s = 9 * rng.randrange(3)
    r = rng.randrange(7)
    roll = rng.randrange(6)
    if roll == 0:
        return [(MeldKind.CHOW, s), (MeldKind.CHOW, s + 3), (MeldKind.CHOW, s + 6)]
    if roll == 1:
        return [(MeldKind.CHOW, r), (MeldKind.CHOW, r + 9), (MeldKind.CHOW, r + 18)]
    if roll == 2:
        r = rng.randrange(9)
        return [(MeldKind.PUNG, r), (MeldKind.PUNG, r + 9), (MeldKind.PUNG, r + 18)]
    if roll == 3:
        return [(MeldKind.PUNG, t) for t in rng.sample((31, 32, 33), rng.choice((2, 3)))]
    if roll == 4:
        return [(MeldKind.PUNG, t) for t in rng.sample((27, 28, 29, 30), rng.choice((3, 3, 4)))]
    return [(MeldKind.CHOW, s + r), (MeldKind.CHOW, s + r)]


def _meld(rng: random.Random, kind: int, t: int, counts: list[int]) -> Meld:
    if kind == MeldKind.CHOW:
        return Meld.chow(Tile(t), rng.randint(1, 3))
    if counts[t] == 3 and rng.random() < 0.3:
        counts[t] += 1
        roll = rng.random()
        if roll < 0.4:
            return Meld.kong(Tile(t))
        return Meld.kong(Tile(t), RelativeSeat(rng.randint(1, 3)), added=roll < 0.7)
    return Meld.pung(Tile(t), RelativeSeat(rng.randint(1, 3)))


def random_case(rng: random.Random, options: RiichiOptions | None = None) -> Case:
    """A random winning hand with a random, consistent context."""
    while True:
        case = _try_case(rng, options or RiichiOptions())
        if case is not None:
            return case


def _try_case(rng: random.Random, options: RiichiOptions) -> Case | None:
    counts = [0] * 34
    melds: list[Meld] = []
    roll = rng.random()
    if roll < 0.07:
        pool = _kinds(rng)
        kinds = rng.sample(pool if len(pool) >= 7 and rng.random() < 0.5 else list(range(34)), 7)
        standing = [k for k in kinds for _ in range(2)]
    elif roll < 0.09:
        extra = rng.choice(TERMINALS_HONORS)
        standing = [*TERMINALS_HONORS, extra]
    else:
        made = _standard(rng, counts)
        if made is None:
            return None
        sets, pair = made
        n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
        standing = [pair, pair]
        for i, (kind, t) in enumerate(sets):
            if i < n_melds:
                melds.append(_meld(rng, kind, t, counts))
            else:
                standing += [t, t + 1, t + 2] if kind == MeldKind.CHOW else [t, t, t]
    win = standing.pop(rng.randrange(len(standing)))
    hand = Hand.of(melds, (Tile(t) for t in standing), Tile(win))
    all_counts = hand.counts(include_melds=True)
    # Four fives of a suit include its red one.
    red = tuple(1 if all_counts[9 * s + 4] == 4 or (all_counts[9 * s + 4] and rng.random() < 0.4) else 0
                for s in range(3))
    riichi_hand = RiichiHand(hand, (red[0], red[1], red[2]))
    return Case(riichi_hand, _context(rng, hand, all_counts), options)


def _context(rng: random.Random, hand: Hand, all_counts: list[int]) -> WinContext:
    closed = all(m.is_concealed_kong for m in hand.melds)
    kans = sum(1 for m in hand.melds if m.is_kong)
    tsumo = rng.random() < 0.45
    seat = Tile(27 + rng.randrange(4))
    round_wind = Tile(27 + rng.choice((0, 0, 1, 1, 2, 3)))
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.08
    flags: dict[str, Any] = {"tsumo": tsumo, "riichi": riichi, "double_riichi": double,
                             "ippatsu": riichi and rng.random() < 0.2}
    first = closed and not hand.melds and not riichi and rng.random() < 0.03
    late = rng.random()
    if first:
        if tsumo:
            flags["tenhou" if seat == Tile.EAST else "chiihou"] = True
        elif seat != Tile.EAST and rng.random() < 0.5:
            flags["renhou"] = True
    elif tsumo and kans and late < 0.3 and not flags["ippatsu"]:
        flags["rinshan"] = True
    elif tsumo and late > 0.9:
        flags["haitei"] = True
    elif not tsumo and late > 0.9:
        flags["houtei"] = True
    elif not tsumo and late < 0.08 and all_counts[hand.winning_tile or 0] == 1:
        flags["chankan"] = True
    dora = tuple(Tile(rng.randrange(34)) for _ in range(1 + kans))
    ura = tuple(Tile(rng.randrange(34)) for _ in range(1 + kans)) if riichi else ()
    return WinContext(seat_wind=seat, round_wind=round_wind, dora_indicators=dora, ura_indicators=ura,
                      honba=rng.choice((0, 0, 1, 2, 5)), riichi_sticks=rng.choice((0, 0, 1, 3)), **flags)


def random_options(rng: random.Random) -> RiichiOptions:
    """Options the `mahjong` package can follow too, each switched away from its default now and then."""
    return RiichiOptions(
        open_tanyao=rng.random() < 0.8, double_yakuman=rng.random() < 0.8,
        kazoe_yakuman=rng.random() < 0.8, kiriage=rng.random() < 0.2, open_pinfu_fu=rng.random() < 0.8,
        pinfu_tsumo=rng.random() < 0.8, renhou=rng.choice(("off", "off", "mangan", "yakuman")),
        daisharin=rng.random() < 0.3)

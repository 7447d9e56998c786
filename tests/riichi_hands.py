"""Random riichi wins with consistent contexts, and their translation to the `mahjong` package's input.

Shared by tests/test_riichi_differential.py and benchmarks/riichi.py. The hands lean towards shapes
with yaku (flushes, pungs, honours, terminal sets) so that the rare yaku are met often.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.rules.riichi import RiichiHand, RiichiOptions, WinContext
from majiang.seats import RelativeSeat
from majiang.tiles import Tile

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
        return (f"{self.hand.notation()} {' '.join(flags)} seat={c.seat_wind.notation()} "
                f"round={c.round_wind.notation()} dora={[t.notation() for t in c.dora_indicators]} "
                f"ura={[t.notation() for t in c.ura_indicators]} honba={c.honba} sticks={c.riichi_sticks}"
                f" options={ {k: v for k, v in self.options.options().items() if v != getattr(RiichiOptions(), k)} }")


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
        return list(range(27, 34)) + [rng.randrange(27)]
    return list(range(34))


def _standard(rng: random.Random, counts: list[int]) -> tuple[list[tuple[int, int]], int] | None:
    """Four sets (kind, tile) and a pair, within four copies of each kind."""
    kinds = _kinds(rng)
    chow_share = rng.choice((0.0, 0.3, 0.6, 0.9))
    sets: list[tuple[int, int]] = []
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
    late = rng.random()
    if tsumo and kans and late < 0.3 and not flags["ippatsu"]:
        flags["rinshan"] = True
    elif tsumo and late > 0.9:
        flags["haitei"] = True
    elif not tsumo and late > 0.9:
        flags["houtei"] = True
    elif not tsumo and late < 0.08 and all_counts[hand.winning_tile or 0] == 1:
        flags["chankan"] = True
    if closed and not hand.melds and not riichi and rng.random() < 0.03:
        if tsumo:
            flags["tenhou" if seat == Tile.EAST else "chiihou"] = True
        elif seat != Tile.EAST and rng.random() < 0.5:
            flags["renhou"] = True
    dora = tuple(Tile(rng.randrange(34)) for _ in range(1 + kans))
    ura = tuple(Tile(rng.randrange(34)) for _ in range(1 + kans)) if riichi else ()
    return WinContext(seat_wind=seat, round_wind=round_wind, dora_indicators=dora, ura_indicators=ura,
                      honba=rng.choice((0, 0, 1, 2, 5)), riichi_sticks=rng.choice((0, 0, 1, 3)), **flags)


# -- the `mahjong` package's side ------------------------------------------------------------------

PACKAGE_YAKU = {
    0: "menzen_tsumo", 1: "riichi", 3: "ippatsu", 4: "chankan", 5: "rinshan", 6: "haitei", 7: "houtei",
    8: "double_riichi", 11: "renhou_mangan", 12: "pinfu", 13: "tanyao", 14: "iipeikou", 15: "haku",
    16: "hatsu", 17: "chun", 18: "seat_wind", 19: "seat_wind", 20: "seat_wind", 21: "seat_wind",
    22: "round_wind", 23: "round_wind", 24: "round_wind", 25: "round_wind", 26: "sanshoku", 27: "ittsu",
    28: "chanta", 29: "honroutou", 30: "toitoi", 31: "sanankou", 32: "sankantsu", 33: "sanshoku_doukou",
    34: "chiitoitsu", 35: "shousangen", 36: "honitsu", 37: "junchan", 38: "ryanpeikou", 39: "chinitsu",
    100: "kokushi", 101: "chuuren", 102: "suuankou", 103: "daisangen", 104: "shousuushii",
    105: "ryuuiisou", 106: "suukantsu", 107: "tsuuiisou", 108: "chinroutou", 109: "daisharin",
    111: "daisuushii", 112: "kokushi_13", 113: "suuankou_tanki", 114: "junsei_chuuren", 115: "tenhou",
    116: "chiihou", 117: "renhou", 120: "dora", 121: "aka_dora", 122: "ura_dora",
}
"""The package's yaku ids and ours."""


def package_input(case: Case) -> dict[str, Any]:
    """The arguments of ``HandCalculator.estimate_hand_value`` for ``case`` (tiles as 136-ids)."""
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld as PMeld

    hand = case.hand.hand
    used = [0] * 34
    reds = list(case.hand.red)

    def take(kind: int) -> int:
        if kind in (4, 13, 22) and reds[kind // 9]:
            reds[kind // 9] = 0
            return 4 * kind  # the red five's id
        used[kind] += 1
        if kind in (4, 13, 22):
            return 4 * kind + used[kind]  # ids 1-3: the plain fives (a fourth five is the red one)
        return 4 * kind + used[kind] - 1

    melds = []
    tiles: list[int] = []
    for m in hand.melds:
        ids = [take(t) for t in m.tiles]
        tiles += ids
        if m.kind == MeldKind.CHOW:
            melds.append(PMeld(PMeld.CHI, ids, True))
        elif m.kind == MeldKind.PUNG:
            melds.append(PMeld(PMeld.PON, ids, True))
        else:
            melds.append(PMeld(PMeld.KAN, ids, not m.is_concealed_kong))
    tiles += [take(t) for t in hand.tiles]
    win = take(hand.winning_tile or 0)
    tiles.append(win)
    c = case.context
    o = case.options
    rules = OptionalRules(
        has_open_tanyao=o.open_tanyao, has_aka_dora=True, has_double_yakuman=o.double_yakuman,
        kazoe_limit=0 if o.kazoe_yakuman else 1, kiriage=o.kiriage, fu_for_open_pinfu=o.open_pinfu_fu,
        fu_for_pinfu_tsumo=not o.pinfu_tsumo, renhou_as_yakuman=o.renhou == "yakuman",
        has_daisharin=o.daisharin)
    config = HandConfig(
        is_tsumo=c.tsumo, is_riichi=c.riichi or c.double_riichi, is_ippatsu=c.ippatsu,
        is_rinshan=c.rinshan, is_chankan=c.chankan, is_haitei=c.haitei, is_houtei=c.houtei,
        is_daburu_riichi=c.double_riichi, is_tenhou=c.tenhou, is_chiihou=c.chiihou,
        is_renhou=c.renhou and o.renhou != "off", player_wind=int(c.seat_wind),
        round_wind=int(c.round_wind), kyoutaku_number=c.riichi_sticks, tsumi_number=c.honba,
        options=rules)
    return {"tiles": tiles, "win_tile": win, "melds": melds,
            "dora_indicators": [4 * t + 3 for t in c.dora_indicators],
            "ura_dora_indicators": [4 * t + 3 for t in c.ura_indicators] or None, "config": config}


def random_options(rng: random.Random) -> RiichiOptions:
    """Options the `mahjong` package can follow too, each switched away from its default now and then."""
    return RiichiOptions(
        open_tanyao=rng.random() < 0.8, double_yakuman=rng.random() < 0.8,
        kazoe_yakuman=rng.random() < 0.8, kiriage=rng.random() < 0.2, open_pinfu_fu=rng.random() < 0.8,
        pinfu_tsumo=rng.random() < 0.8, renhou=rng.choice(("off", "off", "mangan", "yakuman")),
        daisharin=rng.random() < 0.3)

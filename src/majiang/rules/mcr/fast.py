"""The fan calculator's fast path: the best total of a winning hand, computed on compact state.

``fan_total(hand, ctx, profile)`` weighs the same forms and decompositions as ``calculator.calculate``
and returns the same total (flowers excluded), or ``None`` when the hand is not a win. It builds no
names and no meld attributions: a candidate's fans are one int with a bit per fan (the order of
``FANS``, highest value first, which is also the order exclusions are applied in) plus the few fans
counted more than once, and exclusions are a cached map from such an int to what survives and its
value. Fans of the pungs, of the chows and of the numbered pungs are tables keyed by the sorted tiles,
filled on first use; the wait rule asks the per-suit split tables of ``analysis.decompose``.

The explained result (names, melds, the tie-break between equal totals) stays with
``calculator.calculate``; ``score()`` builds it only when its fans are read.

Kept whole though over 600 lines: it is the hot path of the ``fan calculation, parsed hand`` and ``from
notation`` rows of benchmarks/all.py, and mypyc compiles it whole (the Makefile's ``COMPILED_MODULES``): a
split would change what the compiled build compiles and measures.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.analysis.decompose import iter_decompositions, suit_decompositions, waits
from majiang.hand import Hand, HandCounts, WinBy
from majiang.meld import Meld, MeldKind
from majiang.rules.mcr.calculator import (
    _GREEN_MASK,
    _GROUP_TRAITS,
    _HONOR_MASK,
    _KNIT_MASKS,
    _KNITS,
    _NUMBERED_MASK,
    _ORPHAN_MASK,
    _REVERSIBLE_MASK,
    _TERMINAL_MASK,
    CHOW,
    KONG,
    PAIR,
    PUNG,
    WinContext,
    _choose_links,
    _exclusions,
    _pung_fans,
    _seven_pairs_waits,
    _terminal_chows_fan,
    _values,
)
from majiang.rules.mcr.fans import FANS
from majiang.rules.mcr.profiles import KnittedStraightWait, Profile

TYPE_CHECKING = False  # not typing's: importing typing costs more than this module
if TYPE_CHECKING:
    from typing import Any

__all__ = ["WinFloor", "counted_totals", "fan_choice", "fan_total", "fan_totals", "tile_floor"]

_BIT: dict[str, int] = {fid: i for i, fid in enumerate(FANS)}


def _b(fid: str) -> int:
    return 1 << _BIT[fid]


_SELF_DRAWN = _b("self_drawn")
_LAST_COPY = _b("last_copy")
_LAST_TILE_DRAW = _b("last_tile_draw")
_LAST_TILE_CLAIM = _b("last_tile_claim")
_REPLACEMENT = _b("out_with_replacement_tile")
_ROBBING = _b("robbing_the_kong")
_FULLY_CONCEALED = _b("fully_concealed_hand")
_CONCEALED_HAND = _b("concealed_hand")
_MELDED_HAND = _b("melded_hand")
_TILE_HOG = _b("tile_hog")
_SEVEN_PAIRS = _b("seven_pairs")
_SEVEN_SHIFTED = _b("seven_shifted_pairs")
_ORPHANS = _b("thirteen_orphans")
_GREATER = _b("greater_honors_and_knitted_tiles")
_LESSER = _b("lesser_honors_and_knitted_tiles")
_KNITTED = _b("knitted_straight")
_ALL_CHOWS = _b("all_chows")
_NINE_GATES = _b("nine_gates")
_EDGE = _b("edge_wait")
_CLOSED = _b("closed_wait")
_SINGLE = _b("single_wait")
_OUTSIDE = _b("outside_hand")
_FIVES = _b("all_fives")
_EVEN_PUNGS = _b("all_even_pungs")
_BIG_THREE_WINDS = _b("big_three_winds")
_LITTLE_FOUR_WINDS = _b("little_four_winds")
_BIG_FOUR_WINDS = _b("big_four_winds")
# After exclusions these leave no 幺九刻 (a wind pung of 小四喜 is covered, so it leaves none either).
_NO_TERMINAL_PUNGS = (_b("all_terminals") | _b("all_terminals_and_honors") | _b("all_honors")
                      | _BIG_FOUR_WINDS)
# Fans after which 幺九刻 are not simply counted: those that leave none, and 九莲宝灯 (its own pung).
_TERMINAL_PUNG_RULES = _NO_TERMINAL_PUNGS | _NINE_GATES
_ROUND_WIND_BIT = _BIT["round_wind"]
_SEAT_WIND_BIT = _BIT["seat_wind"]
_TERMINAL_PUNG_BIT = _BIT["pung_of_terminals_or_honors"]
_CHICKEN_BIT = _BIT["chicken_hand"]
_IS_TERMINAL_OR_WIND = tuple((t < 27 and t % 9 in (0, 8)) or 27 <= t <= 30 for t in range(34))

# A candidate's fans: the bit set and the extra counts of fans counted more than once, (bit index, n - 1).
_Extras = tuple[tuple[int, int], ...]
_Part = tuple[int, _Extras]
# The fans' bits, their extra counts, the tiles of the pungs of terminals and winds.
_PungPart = tuple[int, _Extras, tuple[int, ...]]
_CACHE_LIMIT = 1 << 16  # entries per table (a few MB at most); a full table is emptied and refilled


def _part(fids: Sequence[str]) -> _Part:
    """The bit set and extra counts of a list of fan ids, one entry per count."""
    mask = 0
    seen: dict[int, int] = {}
    for fid in fids:
        bit = _BIT[fid]
        mask |= 1 << bit
        seen[bit] = seen.get(bit, 0) + 1
    return mask, tuple((bit, n - 1) for bit, n in seen.items() if n > 1)


class _Tables:
    """What one profile changes: fan values, exclusions, the switches the fast path reads, and caches."""

    __slots__ = ("excl", "excluders", "floors", "hidden_kongs", "mixed_kong", "pairs_special", "pung_table",
                 "pungs", "removed", "settled", "strict_knit", "unsure", "values")

    def __init__(self, profile: Profile) -> None:
        values = _values(profile)
        self.values = [values[fid] for fid in FANS]
        exclusions = _exclusions(profile)
        self.excl = [sum(1 << _BIT[e] for e in exclusions[fid]) for fid in FANS]
        self.mixed_kong = profile.concealed_and_melded_kong > 0
        self.hidden_kongs = profile.kongs_as_concealed_pungs_in_three_four_kongs
        self.pairs_special = profile.seven_pairs_with_tile_fans
        self.strict_knit = profile.knitted_straight_wait == KnittedStraightWait.STRICT
        self.settled: dict[int, tuple[int, int]] = {}
        self.excluders = sum(1 << i for i, bits in enumerate(self.excl) if bits)
        self.removed: dict[int, int] = {}
        self.pung_table: dict[tuple[int, int, int, int, int, int, int], _Part] = {}
        self.pungs: dict[tuple[tuple[tuple[int, int, bool], ...], tuple[int, ...], int, int], _PungPart] = {}
        self.floors: dict[int, int] = {}
        # Fans that may exclude something and be excluded afterwards by a fan settled later (FANS order):
        # such a fan's exclusions are not backed by a fan left standing.
        later = [0] * len(self.excl)
        for i in range(len(self.excl)):
            for j in range(i + 1, len(self.excl)):
                if self.excl[j] >> i & 1:
                    later[i] = 1
        self.unsure = sum(1 << i for i, flag in enumerate(later) if flag and self.excl[i])

    def settle(self, mask: int) -> tuple[int, int]:
        """What is left after exclusions (highest first; an excluded fan excludes nothing) and its value."""
        excluders = mask & self.excluders
        removed = self.removed.get(excluders)
        if removed is None:
            # Only fans that exclude something matter here, and whether one does depends only on the
            # higher ones: so what is removed is a function of them alone.
            removed = 0
            excl = self.excl
            rest = excluders
            while rest:
                low = rest & -rest
                rest ^= low
                if not removed & low:
                    removed |= excl[low.bit_length() - 1]
            self.removed[excluders] = removed
        left = mask & ~removed
        value = 0
        values = self.values
        rest = left
        while rest:
            low = rest & -rest
            rest ^= low
            value += values[low.bit_length() - 1]
        if len(self.settled) >= _CACHE_LIMIT:
            self.settled.clear()
        out = self.settled[mask] = (left, value)
        return out

    def floor(self, mask: int) -> int:
        """The least total of any candidate whose fans include ``mask``: the most valuable set of its
        fans that exclusions cannot take away together, kept.

        A fan is removed only by a fan left standing that excludes it, so a set of fans none of which
        excludes another counts in full when no fan excludes more of its value than its own.
        """
        found = self.floors.get(mask)
        if found is not None:
            return found
        bits = [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
        values = self.values
        excl = self.excl
        best = 0
        for pick in range(1, 1 << len(bits)):
            chosen = 0
            value = 0
            for k, bit in enumerate(bits):
                if pick >> k & 1:
                    chosen |= bit
                    value += values[bit.bit_length() - 1]
            if value <= best:
                continue
            ok = True
            for g, taken in enumerate(excl):
                hit = taken & chosen
                if not hit:
                    continue
                if chosen >> g & 1 or self.unsure >> g & 1:
                    ok = False
                    break
                lost = 0
                while hit:
                    low = hit & -hit
                    hit ^= low
                    lost += values[low.bit_length() - 1]
                if lost > values[g]:
                    ok = False
                    break
            if ok:
                best = value
        if len(self.floors) >= _CACHE_LIMIT:
            self.floors.clear()
        self.floors[mask] = best
        return best

    def pung_bits(self, key: tuple[int, int, int, int, int, int, int]) -> _Part:
        """Fans of the pungs and kongs from their numbers: ``(kongs, concealed kongs, concealed pungs, pungs
        and kongs, wind pungs, dragon pungs, pair)``, the pair 1 for a wind, 2 for a dragon, else 0."""
        kongs, concealed_kongs, concealed_pungs, n, winds, dragons, pair = key
        # Which pung is which tile does not matter to these fans: a stand-in list with the same numbers.
        kinds = ([(KONG, True)] * concealed_kongs + [(KONG, False)] * (kongs - concealed_kongs)
                 + [(PUNG, True)] * concealed_pungs + [(PUNG, False)] * (n - kongs - concealed_pungs))
        tiles = [27 + i for i in range(winds)] + [31 + i for i in range(dragons)]
        tiles += [i for i in range(n - len(tiles))]
        pungs = sorted((t, k, c) for t, (k, c) in zip(tiles, kinds, strict=True))
        pair_tile = (-1, 27, 31)[pair]
        fids = [fid for fid, _ in _pung_fans(pungs, pair_tile, self.mixed_kong, self.hidden_kongs)]
        out = self.pung_table[key] = _part(fids)
        return out

    def pung_part(self, declared: tuple[tuple[int, int, bool], ...], hidden: tuple[int, ...], exposed: int,
                  pair: int) -> _PungPart:
        """Fans of the pungs and kongs and the links of the numbered ones, and the tiles of the pungs of
        terminals and winds (what 圈风刻, 门风刻 and 幺九刻 read after the exclusions), sorted.

        ``declared`` are the declared ones as ``(tile, kind, concealed)``, ``hidden`` the tiles of the pungs
        among the standing tiles (concealed but for ``exposed``, the one a discard completed), ``pair`` the
        pair if it is an honor, else -1.
        """
        pungs = sorted([*declared, *((t, PUNG, t != exposed) for t in hidden)])
        fids = [fid for fid, _ in _pung_fans(pungs, pair, self.mixed_kong, self.hidden_kongs)]
        fids.extend(fid for fid, _ in _choose_links(PUNG, tuple(t for t, _, _ in pungs if t < 27)))
        mask, extras = _part(fids)
        if len(self.pungs) >= _CACHE_LIMIT:
            self.pungs.clear()
        terminal_or_wind = tuple(t for t, _, _ in pungs if _IS_TERMINAL_OR_WIND[t])
        out = self.pungs[declared, hidden, exposed, pair] = (mask, extras, terminal_or_wind)
        return out


_TABLES: dict[Profile, _Tables] = {}


def _tables(profile: Profile) -> _Tables:
    found = _TABLES.get(profile)
    if found is None:
        found = _TABLES[profile] = _Tables(profile)
    _LAST[:] = (profile, found)
    return found


_LAST: list[Any] = [None, None]  # the profile asked last and its tables: one identity check, no hashing


def _rank_bits(ranks: int) -> int:
    """全小/小于五, 全大/大于五 or 全中 of a hand without honors holding ``ranks`` (bit r: rank r + 1)."""
    if ranks & ~0b1111 == 0:
        return _b("lower_four") if ranks & 0b1000 else _b("lower_tiles")
    if ranks & ~0b111100000 == 0:
        return _b("upper_four") if ranks & 0b100000 else _b("upper_tiles")
    if ranks & ~0b111000 == 0:
        return _b("middle_tiles")
    return 0


_RANK_BITS = tuple(_rank_bits(r) for r in range(512))
_NO_HONORS = _b("no_honors")
_ONE_VOIDED_SUIT = _b("one_voided_suit")
_HALF_FLUSH = _b("half_flush")
_FULL_FLUSH = _b("full_flush")
_ALL_TYPES = _b("all_types")
_ALL_SIMPLES = _b("all_simples")
_REVERSIBLE = _b("reversible_tiles")
_ALL_GREEN = _b("all_green")
_ALL_HONORS = _b("all_honors")
_ALL_TERMINALS = _b("all_terminals")
_ALL_TERMINALS_AND_HONORS = _b("all_terminals_and_honors")


_TILE_PARTS: dict[int, tuple[int, int]] = {}


def _tile_part(mask: int) -> tuple[int, int]:
    """``_tile_fans_of(mask)`` as bit sets: (always combinable, not with strict seven pairs); kept."""
    m = mask & 0x1FF
    p = mask >> 9 & 0x1FF
    s = mask >> 18 & 0x1FF
    honors = mask >> 27
    plain = 0
    special = 0
    suits = (m != 0) + (p != 0) + (s != 0)
    if suits == 2:
        plain = _ONE_VOIDED_SUIT
    elif suits == 1:
        plain = _HALF_FLUSH if honors else _FULL_FLUSH
    elif suits == 3 and honors & 0xF and honors >> 4:
        plain = _ALL_TYPES
    if mask & _ORPHAN_MASK == 0:
        plain |= _ALL_SIMPLES
    elif mask & ~_HONOR_MASK == 0:
        special = _ALL_HONORS
    elif mask & ~_TERMINAL_MASK == 0:
        special = _ALL_TERMINALS
    elif mask & ~_ORPHAN_MASK == 0:
        special = _ALL_TERMINALS_AND_HONORS
    if mask & ~_REVERSIBLE_MASK == 0:
        plain |= _REVERSIBLE
    if mask & ~_GREEN_MASK == 0:
        special |= _ALL_GREEN
    if not honors:
        plain |= _NO_HONORS
        special |= _RANK_BITS[m | p | s]
    if len(_TILE_PARTS) >= _CACHE_LIMIT:
        _TILE_PARTS.clear()
    out = _TILE_PARTS[mask] = (plain, special)
    return out


_CHOWS: dict[tuple[tuple[int, ...], int], _Part] = {}


def _chow_part(chows: tuple[int, ...], pair: int) -> _Part:
    """一色双龙会 or 三色双龙会, else the link fans of the sorted chows; 平和 with four chows and a
    numbered pair (``pair`` is -1 unless there are four chows)."""
    key = (chows, pair)
    hit = _CHOWS.get(key)
    if hit is not None:
        return hit
    fids: list[str] = []
    terminal = _terminal_chows_fan(chows, pair) if len(chows) == 4 else None
    if terminal is not None:
        fids.append(terminal)
    else:
        fids.extend(fid for fid, _ in _choose_links(CHOW, chows))
    if len(chows) == 4 and 0 <= pair < 27:
        fids.append("all_chows")
    if len(_CHOWS) >= _CACHE_LIMIT:
        _CHOWS.clear()
    out = _CHOWS[key] = _part(fids)
    return out


_PUNG_LINKS: dict[tuple[int, ...], _Part] = {}


def _pung_links_part(tiles: tuple[int, ...]) -> _Part:
    """The link fans of sorted numbered pungs (双同刻, 三同刻, 三节高, ...), kept."""
    if len(_PUNG_LINKS) >= _CACHE_LIMIT:
        _PUNG_LINKS.clear()
    out = _PUNG_LINKS[tiles] = _part([fid for fid, _ in _choose_links(PUNG, tiles)])
    return out


# One way to split a group: chows (lowest tiles), pung tiles, the pair's tile or -1, and the traits its
# sets and pair share (bit 1 a terminal or honor in each, 2 a five in each, 4 even pungs and pair).
# Then the pungs' winds and dragons, the tiles of its pungs of terminals and winds, its numbered pungs,
# and its sets as ``iter_decompositions`` lists them, (kind, tile, concealed) (what the explanation names).
_Option = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, tuple[int, ...], tuple[int, ...],
                tuple[tuple[int, int, bool], ...]]
_EMPTY_OPTIONS: tuple[_Option, ...] = (((), (), -1, 7, 0, 0, (), (), ()),)
_ZERO9 = (0,) * 9


_SUIT_OPTIONS: tuple[dict[tuple[int, ...], tuple[_Option, ...]], ...] = ({}, {}, {})


def _suit_options(key: tuple[int, ...], base: int) -> tuple[_Option, ...]:
    """Every split of one suit's nine counts, with its tiles made absolute from ``base``."""
    table = _SUIT_OPTIONS[base // 9]
    found = table.get(key)
    if found is None:
        if len(table) >= _CACHE_LIMIT:
            table.clear()
        found = table[key] = _split_suit(key, base)
    return found


_M_OPTIONS, _P_OPTIONS, _S_OPTIONS = _SUIT_OPTIONS


def _split_suit(key: tuple[int, ...], base: int) -> tuple[_Option, ...]:
    if key == _ZERO9:
        return _EMPTY_OPTIONS
    out = []
    for sets, pair in suit_decompositions(key):
        chows = tuple(sorted(base + r for kind, r in sets if kind == CHOW))
        pungs = tuple(sorted(base + r for kind, r in sets if kind != CHOW))
        common = 7
        for t in chows:
            common &= _GROUP_TRAITS[CHOW][t]
        for t in pungs:
            common &= _GROUP_TRAITS[PUNG][t]
        if pair >= 0:
            common &= _GROUP_TRAITS[PAIR][base + pair]
        terminal = tuple(t for t in pungs if _IS_TERMINAL_OR_WIND[t])
        out.append((chows, pungs, base + pair if pair >= 0 else -1, common, 0, 0, terminal, pungs,
                    tuple((kind, base + r, True) for kind, r in sets)))
    return tuple(out)


_HONOR_OPTIONS: dict[tuple[int, ...], _Option | None] = {}
_UNSEEN: Any = object()  # a key not in _HONOR_OPTIONS (whose values may be None)


def _honor_option(key: tuple[int, ...]) -> _Option | None:
    """``_split_honors(key)``, kept."""
    if len(_HONOR_OPTIONS) >= _CACHE_LIMIT:
        _HONOR_OPTIONS.clear()
    out = _HONOR_OPTIONS[key] = _split_honors(key)
    return out


def _split_honors(key: tuple[int, ...]) -> _Option | None:
    """The honors' pungs, pair (or -1) and shared traits, or None if they split into no sets and pair."""
    pungs: list[int] = []
    pair = -1
    common = 7
    for i, n in enumerate(key):
        t = 27 + i
        if n == 3:
            pungs.append(t)
            common &= _GROUP_TRAITS[PUNG][t]
        elif n == 2 and pair < 0:
            pair = t
            common &= _GROUP_TRAITS[PAIR][t]
        elif n:
            return None
    winds = tuple(t for t in pungs if t <= 30)
    return ((), tuple(pungs), pair, common, len(winds), len(pungs) - len(winds), winds, (),
            tuple((PUNG, t, True) for t in pungs))


_COMPLETING: dict[tuple[int, ...], int] = {}


def _completing(key: tuple[int, ...]) -> int:
    """Bit r set when one more tile of rank r + 1 makes this suit split into sets (and a pair, if its size
    asks for one); kept."""
    out = 0
    counts = list(key)
    for r in range(9):
        counts[r] += 1
        if suit_decompositions(tuple(counts)):
            out |= 1 << r
        counts[r] -= 1
    if len(_COMPLETING) >= _CACHE_LIMIT:
        _COMPLETING.clear()
    _COMPLETING[key] = out
    return out


_WIN_GROUP: dict[tuple[tuple[int, ...], int], tuple[bool, bool]] = {}


def _win_group(key: tuple[int, ...], rank: int) -> tuple[bool, bool]:
    """For a suit holding the winning tile of rank ``rank`` + 1 (``key`` counts it): whether another tile
    of the suit would have completed it too, and whether without it the suit can hold the pair; kept."""
    before = list(key)
    before[rank] -= 1
    short = tuple(before)
    completing = _COMPLETING.get(short)
    if completing is None:
        completing = _completing(short)
    out = (bool(completing & ~(1 << rank)), sum(key) % 3 == 0 and bool(suit_decompositions(short)))
    if len(_WIN_GROUP) >= _CACHE_LIMIT:
        _WIN_GROUP.clear()
    _WIN_GROUP[key, rank] = out
    return out


def _unique_wait(counts: tuple[int, ...], win: int, pair: int, concealed: bool) -> bool:
    """Whether the standing tiles less ``win`` (a regular winning shape with it, ``pair`` the pair of one
    of its splits) wait on ``win`` alone.

    The shape decides, as for ``analysis.decompose.waits``: each suit and each honor is a group whose
    size says whether it holds the pair. Another tile of the winning tile's group may complete it; a
    tile of the pair's group may, when the winning tile's group can take the pair instead.
    """
    if win < 27:
        base = win - win % 9
        key = counts[base:base + 9]
        group = _WIN_GROUP.get((key, win - base)) or _win_group(key, win - base)
        if group[0]:
            return False
        pair_capable = group[1]
    else:
        pair_capable = counts[win] == 3
    if pair_capable:
        # The winning tile's group was a set group: the pair's group may be completed to sets instead.
        if pair >= 27:
            return False
        base = pair - pair % 9
        key = counts[base:base + 9]
        completing = _COMPLETING.get(key)
        if completing is None:
            completing = _completing(key)
        if completing:
            return False
    if concealed and counts.count(1) + counts.count(3) == 2:
        # Six pairs and a single before the win leave two odd kinds with it: the single is another wait.
        before_all = list(counts)
        before_all[win] -= 1
        if _seven_pairs_waits(before_all) - {win}:
            return False
    return True


def _is_nine_gates(counts: Sequence[int], win: int) -> bool:
    base = win - win % 9
    if win >= 27 or counts[base] < 3 or counts[base + 8] < 3:
        return False
    key = list(counts[base:base + 9])
    key[win - base] -= 1
    return key == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def fan_total(hand: Hand | HandCounts, ctx: WinContext, profile: Profile) -> int | None:
    """The best total (flowers excluded) of a winning hand, or ``None`` if it is not a win.

    Trusts its arguments: ``hand`` has a winning tile and ``ctx`` was checked against it
    (``majiang.mcr.win_context``); ``majiang.mcr.fan_total`` is the checked entry point.
    """
    total = _totals(hand, ctx, profile, False)[0]
    return total if total >= 0 else None


SEVEN_PAIRS_FORM = -2
"""``fan_choice``'s candidate for 七对 or 连七对."""
ORPHANS_FORM = -3
"""``fan_choice``'s candidate for 十三幺."""
HONORS_AND_KNITTED_FORM = -4
"""``fan_choice``'s candidate for 全不靠 or 七星不靠."""
KNITTED_FORM = -100
"""``fan_choice``'s candidates for 组合龙 with a set and a pair: ``KNITTED_FORM - 64 * k - i`` is the
``k``-th knitted straight of ``calculator._KNITS`` with the ``i``-th way to split the rest."""


def fan_choice(hand: Hand | HandCounts, ctx: WinContext, profile: Profile) -> tuple[int, int] | None:
    """``fan_total`` and which candidate alone reaches it, the one the explanation builds: the index of a
    decomposition in ``iter_decompositions`` order, or a special form (``SEVEN_PAIRS_FORM``,
    ``ORPHANS_FORM``, ``HONORS_AND_KNITTED_FORM``, ``KNITTED_FORM``), or -1 when candidates tie (every
    candidate is then weighed); ``None`` if the hand is not a win."""
    total, _, chosen = _totals(hand, ctx, profile, False)
    return (total, chosen) if total >= 0 else None


def fan_totals(hand: Hand | HandCounts, ctx: WinContext, profile: Profile) -> tuple[int, int] | None:
    """The best totals of a win on a discard (``ctx``) and of the same win self-drawn, in one pass; ``None``
    if the hand is not a win.

    The decompositions, the wait and the tile fans are worked out once; only what depends on how the tile
    came is counted twice: the flags (自摸, 不求人/门前清, 全求人, 海底捞月/妙手回春) and a pung the
    discard completed, which counts as exposed. Trusts its arguments as ``fan_total`` does; ``ctx.win_by``
    must be ``WinBy.DISCARD``.
    """
    discard, drawn, _ = _totals(hand, ctx, profile, True)
    return (discard, drawn) if discard >= 0 else None


def tile_floor(kinds: int, profile: Profile) -> int:
    """The value of the highest fan that the kinds a hand holds decide (清一色, 字一色, 全小, ...), which no
    win in four sets and a pair holding exactly those kinds scores less than: a candidate's highest fan
    is excluded by none (``FANS`` runs from the highest value down). 0 if they decide none."""
    tables = _LAST[1] if profile is _LAST[0] else _tables(profile)
    plain, special = _TILE_PARTS.get(kinds) or _tile_part(kinds)
    bits = plain | special
    return tables.values[(bits & -bits).bit_length() - 1] if bits else 0


_DRAGON_PUNG = _b("dragon_pung")
_SEAT_WIND = _b("seat_wind")
_ROUND_WIND = _b("round_wind")


class WinFloor:
    """The fewest fans, the better of a discard and a self-drawn win, that any win in four sets and a pair
    with ``melded`` melds claimed (a concealed kong is not) scores, from what its tiles decide.

    Called with the kinds the win holds (``kinds``, bit k for kind k, melds included), those it holds
    three or four of (``threes``), those it holds four of outside a kong (``fours``) and whether it is
    和绝张 (``last_copy``). The fans these decide: the tile fans (清一色, 混一色, 断幺, 五门齐, ...), 四归一,
    箭刻 and the wind pungs of the seat and round (an honor held three times is a pung in any such win),
    门前清 or 不求人, 全求人, 自摸 and 和绝张; of them, those no exclusion takes away together
    (``_Tables.floor``).

    >>> from majiang.rules.mcr import PROFILES
    >>> from majiang.tiles import Tile
    >>> floor = WinFloor(0, Tile.EAST, Tile.EAST, PROFILES["mil"])
    >>> kinds = sum(1 << int(Tile.parse(t)) for t in ("1m", "2m", "3m", "5m", "6m", "7m", "9m", "E"))
    >>> floor(kinds, 0, 0, False)  # 混一色 6 and 不求人 4 when self-drawn
    10
    >>> floor(kinds, 1 << int(Tile.EAST), 0, False)  # and the pung of East, both winds: 2 + 2
    14
    """

    __slots__ = ("melded", "round", "seat", "tables")

    def __init__(self, melded: int, seat_wind: int, round_wind: int, profile: Profile) -> None:
        self.melded = melded
        self.seat = seat_wind
        self.round = round_wind
        self.tables = _tables(profile)

    def __call__(self, kinds: int, threes: int, fours: int, last_copy: bool) -> int:
        plain, special = _TILE_PARTS.get(kinds) or _tile_part(kinds)
        bits = plain | special
        if fours:
            bits |= _TILE_HOG
        if threes >> 27:
            if threes >> 31:
                bits |= _DRAGON_PUNG
            if threes >> self.seat & 1:
                bits |= _SEAT_WIND
            if threes >> self.round & 1:
                bits |= _ROUND_WIND
        if last_copy:
            bits |= _LAST_COPY
        melded = self.melded
        if melded == 0:
            on_discard, drawn = bits | _CONCEALED_HAND, bits | _FULLY_CONCEALED
        else:
            on_discard, drawn = bits | _MELDED_HAND if melded == 4 else bits, bits | _SELF_DRAWN
        tables = self.tables
        floors = tables.floors
        a = floors.get(on_discard)
        if a is None:
            a = tables.floor(on_discard)
        b = floors.get(drawn)
        if b is None:
            b = tables.floor(drawn)
        return a if a > b else b


def _flags(ctx: WinContext, self_drawn: bool, melded: int) -> int:
    """The fans of how the tile came and of what the melds leave concealed, as bits."""
    flags = _SELF_DRAWN if self_drawn else 0
    if ctx.last_copy:
        flags |= _LAST_COPY
    if ctx.last_of_wall:
        flags |= _LAST_TILE_DRAW if self_drawn else _LAST_TILE_CLAIM
    win_by = ctx.win_by
    if win_by is WinBy.KONG_REPLACEMENT:
        flags |= _REPLACEMENT
    elif win_by is WinBy.ROBBING_KONG:
        flags |= _ROBBING
    if melded == 0:
        flags |= _FULLY_CONCEALED if self_drawn else _CONCEALED_HAND
    elif melded == 4 and not self_drawn:
        flags |= _MELDED_HAND
    return flags


# What the declared melds give every candidate: their chows' lowest tiles, their pungs and kongs as
# (tile, kind, concealed), how many are claimed, how many are kongs, the traits they all share, their wind
# and dragon pungs, their concealed kongs, their numbered pungs' tiles sorted, the tiles of their pungs of
# terminals and winds.
_Declared = tuple[tuple[int, ...], tuple[tuple[int, int, bool], ...], int, int, int, int, int, int,
                  tuple[int, ...], tuple[int, ...]]
_NO_DECLARED: _Declared = ((), (), 0, 0, 7, 0, 0, 0, (), ())
_DECLARED: dict[str, _Declared] = {}  # by the melds' text in notation (``HandCounts._melds_text``)


def _declared(melds: tuple[Meld, ...], key: str) -> _Declared:
    """The summary of the declared melds, kept under ``key`` (their text) unless it is empty."""
    decl_chows: list[int] = []
    decl_pungs: list[tuple[int, int, bool]] = []
    melded = kongs = 0
    for m in melds:
        meld_kind = m.kind
        if meld_kind is MeldKind.CHOW:
            decl_chows.append(int(m.tile))
            melded += 1
        elif meld_kind is MeldKind.PUNG:
            decl_pungs.append((int(m.tile), PUNG, False))
            melded += 1
        else:
            kongs += 1
            concealed_kong = m.from_seat is None
            if not concealed_kong:
                melded += 1
            decl_pungs.append((int(m.tile), KONG, concealed_kong))
    declared_common = 7
    for t in decl_chows:
        declared_common &= _GROUP_TRAITS[CHOW][t]
    declared_winds = declared_dragons = concealed_kongs = 0
    declared_numbered: tuple[int, ...] = ()
    declared_terminal: tuple[int, ...] = ()
    for t, k, c in decl_pungs:
        declared_common &= _GROUP_TRAITS[k][t]
        if k == KONG and c:
            concealed_kongs += 1
        if t < 27:
            declared_numbered += (t,)
        elif t < 31:
            declared_winds += 1
        else:
            declared_dragons += 1
        if _IS_TERMINAL_OR_WIND[t]:
            declared_terminal += (t,)
    if len(declared_numbered) > 1:
        declared_numbered = tuple(sorted(declared_numbered))
    out = (tuple(decl_chows), tuple(decl_pungs), melded, kongs, declared_common, declared_winds,
           declared_dragons, concealed_kongs, declared_numbered, declared_terminal)
    if key:
        if len(_DECLARED) >= _CACHE_LIMIT:
            _DECLARED.clear()
        _DECLARED[key] = out
    return out


def _totals(hand: Hand | HandCounts, ctx: WinContext, profile: Profile, both: bool) -> tuple[int, int, int]:
    """The best total of the win as ``ctx`` says, and with ``both`` also of the same win self-drawn
    (else -1), -1 for a hand that is not a win; and the candidate of the first ``fan_choice`` names."""
    # Notation read by ``read_counts`` names its melds by their text: their summary is looked up by it.
    return _counted_totals(hand.melds, hand._counts, hand._all_counts, hand._mask, hand._all_mask,
                           int(hand.winning_tile), ctx, profile, both,  # type: ignore[arg-type]
                           hand._melds_text if type(hand) is HandCounts else "")


def counted_totals(melds: tuple[Meld, ...], counts: tuple[int, ...], all_counts: tuple[int, ...], mask: int,
                   all_mask: int, win: int, ctx: WinContext, profile: Profile) -> tuple[int, int] | None:
    """``fan_totals`` of a win given as the counts a ``Hand`` keeps: the standing counts (the winning tile
    ``win`` included), those counting the melds' tiles too, and their masks (bit k: kind k held), for loops
    that count holdings rather than build hands. Trusts its arguments as ``fan_totals`` does."""
    discard, drawn, _ = _counted_totals(melds, counts, all_counts, mask, all_mask, win, ctx, profile, True)
    return (discard, drawn) if discard >= 0 else None


def _counted_totals(melds: tuple[Meld, ...], counts: tuple[int, ...], all_counts: tuple[int, ...], held: int,
                    all_mask: int, win: int, ctx: WinContext, profile: Profile, both: bool,
                    melds_key: str = "") -> tuple[int, int, int]:
    """``_totals`` on the counts; ``melds_key`` is the melds' text in notation, if known (``_declared``)."""
    tables = _LAST[1] if profile is _LAST[0] else _tables(profile)
    win_by = ctx.win_by
    self_drawn = win_by is WinBy.SELF_DRAWN or win_by is WinBy.KONG_REPLACEMENT

    if melds:
        declared = _DECLARED.get(melds_key) if melds_key else None
        if declared is None:
            declared = _declared(melds, melds_key)
    else:
        declared = _NO_DECLARED
    (decl_chows, decl_pungs, melded, kongs, declared_common, declared_winds, declared_dragons,
     concealed_kongs, declared_numbered, declared_terminal) = declared

    # The second way (self-drawn) differs from the first only by these flags and by the pung a
    # discard completed: ``flags2`` is 0 when there is no second way.
    flags = _flags(ctx, self_drawn, melded)
    flags2 = _flags(ctx, True, melded) if both else 0
    plain, special = _TILE_PARTS.get(all_mask) or _tile_part(all_mask)
    hogs = all_counts.count(4) - kongs
    extras: _Extras = ()
    if hogs:
        plain |= _TILE_HOG
        if hogs > 1:
            extras = ((_BIT["tile_hog"], hogs - 1),)
    base = plain | special
    settle = tables.settle
    settled_cache = tables.settled
    values = tables.values
    best = best2 = -1

    chosen = -1  # which candidate alone has the best total (fan_choice), -1 for none yet or a tie
    if not melds:
        kinds_held = held.bit_count()
        if kinds_held <= 7 and counts.count(1) == 0 and counts.count(3) == 0:
            first = (held & -held).bit_length() - 1
            last = held.bit_length() - 1
            form = (_SEVEN_SHIFTED if kinds_held == 7 and last < 27 and last - first == 6
                    and first // 9 == last // 9 else _SEVEN_PAIRS)
            pairs_base = base if tables.pairs_special else plain
            best = _plain_total(tables, pairs_base | form | flags, extras)
            chosen = SEVEN_PAIRS_FORM
            if both:
                best2 = _plain_total(tables, pairs_base | form | flags2, extras)
        if held == _ORPHAN_MASK:
            total = _plain_total(tables, base | _ORPHANS | flags, extras)
            chosen = ORPHANS_FORM if total > best else -1 if total == best else chosen
            best = max(best, total)
            if both:
                best2 = max(best2, _plain_total(tables, base | _ORPHANS | flags2, extras))
        if kinds_held == 14:
            numbered = held & _NUMBERED_MASK
            n = numbered.bit_count()
            if 7 <= n <= 9 and any(numbered & ~knit == 0 for knit in _KNIT_MASKS):
                if held.bit_count() - n == 7:
                    form = _GREATER  # 七星不靠: all seven honors
                elif n == 9:
                    form = _LESSER | _KNITTED
                else:
                    form = _LESSER
                total = _plain_total(tables, base | form | flags, extras)
                chosen = HONORS_AND_KNITTED_FORM if total > best else -1 if total == best else chosen
                best = max(best, total)
                if both:
                    best2 = max(best2, _plain_total(tables, base | form | flags2, extras))

    if len(melds) <= 1 and (held & _NUMBERED_MASK).bit_count() >= 9:
        for knit_index, (knit, knit_mask) in enumerate(zip(_KNITS, _KNIT_MASKS, strict=True)):
            if held & knit_mask == knit_mask:
                total, option = _knitted_best(tables, counts, bool(melds), win, ctx, knit,
                                              base | _KNITTED | flags, extras, decl_chows, decl_pungs,
                                              self_drawn)
                if total > best:
                    chosen = KNITTED_FORM - 64 * knit_index - option if option >= 0 else -1
                    best = total
                elif total == best:
                    chosen = -1
                if both:
                    best2 = max(best2, _knitted_best(tables, counts, bool(melds), win, ctx, knit,
                                                     base | _KNITTED | flags2, extras, decl_chows, decl_pungs,
                                                     True)[0])

    honor_key = counts[27:]
    honors = _HONOR_OPTIONS.get(honor_key, _UNSEEN)
    if honors is _UNSEEN:
        honors = _honor_option(honor_key)
    if honors is None:
        return best, best2, chosen
    by_suit = (_M_OPTIONS.get(counts[:9]) or _suit_options(counts[:9], 0),
               _P_OPTIONS.get(counts[9:18]) or _suit_options(counts[9:18], 9),
               _S_OPTIONS.get(counts[18:27]) or _suit_options(counts[18:27], 18))
    if not (by_suit[0] and by_suit[1] and by_suit[2]):
        return best, best2, chosen
    # A group's size says whether it holds the pair, so every option of a group agrees: one must.
    if (by_suit[0][0][2] >= 0) + (by_suit[1][0][2] >= 0) + (by_suit[2][0][2] >= 0) + (honors[2] >= 0) != 1:
        return best, best2, chosen

    mask0 = base | (_NINE_GATES if not melds and _is_nine_gates(counts, win) else 0)
    n_declared = len(decl_pungs)
    win_suit = win // 9 if win < 27 else 3
    unique: bool | None = None
    pung_table = tables.pung_table
    # The decompositions come in ``iter_decompositions`` order: ``index`` counts them; ``chosen`` becomes
    # the best one's, or -1 while another form or an equal total stands beside it.
    index = -1
    for m_option in by_suit[0]:
        for p_option in by_suit[1]:
            for s_option in by_suit[2]:
                chows = m_option[0] + p_option[0] + s_option[0]
                if decl_chows:
                    chows = tuple(sorted(chows + decl_chows))
                pair = max(m_option[2], p_option[2], s_option[2], honors[2])
                common = m_option[3] & p_option[3] & s_option[3] & honors[3] & declared_common
                # Where the winning tile sits: in a chow (which place), a pung or the pair.
                win_group = honors if win_suit == 3 else (m_option, p_option, s_option)[win_suit]
                in_chow = False
                edge = closed = two_sided = False
                for t in win_group[0]:
                    if t <= win <= t + 2:
                        in_chow = True
                        if win == t + 1:
                            closed = True
                        elif (win == t and t % 9 <= 5) or (win == t + 2 and t % 9 >= 1):
                            two_sided = True
                        else:
                            edge = True
                mask = mask0
                more = extras
                n_hidden = len(m_option[1]) + len(p_option[1]) + len(s_option[1]) + len(honors[1])
                pung_tiles: tuple[int, ...] = ()
                pungs_mask = pungs_mask2 = 0
                pungs_more: _Extras = ()
                pungs_more2: _Extras = ()
                winds = 0
                if n_hidden or n_declared:
                    # A discard that completes a pung in hand makes it a claimed one, unless a chow took it.
                    exposed = 1 if not (self_drawn or in_chow) and win in win_group[1] else 0
                    winds = declared_winds + honors[4]
                    key = (kongs, concealed_kongs, n_hidden - exposed, n_declared + n_hidden, winds,
                           declared_dragons + honors[5], 0 if pair < 27 else 1 if pair < 31 else 2)
                    part = pung_table.get(key) or tables.pung_bits(key)
                    pungs_mask, pungs_more = part
                    if both:
                        if exposed:
                            # Self-drawn, the same pung stays concealed.
                            key2 = (kongs, concealed_kongs, n_hidden, *key[3:])
                            part = pung_table.get(key2) or tables.pung_bits(key2)
                        pungs_mask2, pungs_more2 = part
                    suited = declared_numbered + m_option[7] + p_option[7] + s_option[7]
                    if len(suited) > 1:
                        if declared_numbered:
                            suited = tuple(sorted(suited))
                        part = _PUNG_LINKS.get(suited) or _pung_links_part(suited)
                        mask |= part[0]
                        if part[1]:
                            more += part[1]
                    pung_tiles = declared_terminal + m_option[6] + p_option[6] + s_option[6] + honors[6]
                if len(chows) > 1:
                    chow_key = (chows, pair if len(chows) == 4 else -1)
                    part = _CHOWS.get(chow_key) or _chow_part(*chow_key)
                    mask |= part[0]
                    if part[1]:
                        more += part[1]
                if common:
                    mask |= _OUTSIDE if common & 1 else _FIVES if common & 2 else _EVEN_PUNGS
                if not two_sided and (edge or closed or pair == win):
                    if unique is None:
                        unique = _unique_wait(counts, win, pair, not melds)
                    if unique:
                        mask |= _EDGE if edge else _CLOSED if closed else _SINGLE
                if both:
                    total = _settled_total(tables, mask | pungs_mask2 | flags2, more + pungs_more2,
                                           pung_tiles, winds, ctx)
                    if total > best2:
                        best2 = total
                # The first way written out: it is the scoring hot path.
                mask |= pungs_mask | flags
                if pungs_more:
                    more += pungs_more
                hit = settled_cache.get(mask)
                left, total = settle(mask) if hit is None else hit
                for bit, n in more:
                    if left >> bit & 1:
                        total += values[bit] * n
                if pung_tiles:
                    if winds or left & _TERMINAL_PUNG_RULES or mask & _LITTLE_FOUR_WINDS:
                        total += _wind_and_terminal_pungs(tables, mask, left, pung_tiles, ctx)
                    else:
                        # Terminal pungs and no wind pung: each is a 幺九刻, nothing covers one.
                        total += values[_TERMINAL_PUNG_BIT] * len(pung_tiles)
                elif not left:
                    total = values[_CHICKEN_BIT]
                index += 1
                if total > best:
                    best = total
                    chosen = index
                elif total == best:
                    chosen = -1
    return best, best2, chosen


def _settled_total(tables: _Tables, mask: int, more: _Extras, pung_tiles: tuple[int, ...], winds: int,
                   ctx: WinContext) -> int:
    """The total of one candidate's fans ``mask`` (and counts ``more``) after the exclusions."""
    hit = tables.settled.get(mask)
    left, total = tables.settle(mask) if hit is None else hit
    values = tables.values
    for bit, n in more:
        if left >> bit & 1:
            total += values[bit] * n
    if pung_tiles:
        if winds or left & _TERMINAL_PUNG_RULES or mask & _LITTLE_FOUR_WINDS:
            total += _wind_and_terminal_pungs(tables, mask, left, pung_tiles, ctx)
        else:
            total += values[_TERMINAL_PUNG_BIT] * len(pung_tiles)
    elif not left:
        total = values[_CHICKEN_BIT]
    return total


def _plain_total(tables: _Tables, mask: int, extras: _Extras) -> int:
    """Total of a candidate without pungs (the special forms)."""
    left, total = tables.settle(mask)
    for bit, n in extras:
        if left >> bit & 1:
            total += tables.values[bit] * n
    return total if left else tables.values[_CHICKEN_BIT]


def _wind_and_terminal_pungs(tables: _Tables, mask: int, left: int, pungs: tuple[int, ...],
                             ctx: WinContext) -> int:
    """圈风刻, 门风刻 and 幺九刻 of the pungs of terminals and winds ``pungs``, settled after the
    exclusions; 无番和 when nothing at all is left."""
    values = tables.values
    total = 0
    covered = 0
    if left & _BIG_THREE_WINDS or mask & (_LITTLE_FOUR_WINDS | _BIG_FOUR_WINDS):
        for t in pungs:
            if 27 <= t <= 30:
                covered |= 1 << t
    added = False
    if not left & _BIG_FOUR_WINDS:
        round_wind = ctx.round_wind
        seat_wind = ctx.seat_wind
        for t in pungs:
            if t == round_wind:
                total += values[_ROUND_WIND_BIT]
                covered |= 1 << t
                added = True
            if t == seat_wind:
                total += values[_SEAT_WIND_BIT]
                covered |= 1 << t
                added = True
    if not (left & _NO_TERMINAL_PUNGS or mask & _LITTLE_FOUR_WINDS):
        n = 0
        for t in pungs:
            if not covered >> t & 1:
                n += 1
        if n and left & _NINE_GATES:
            n -= 1  # the gate's own 1 or 9 pung
        if n:
            total += values[_TERMINAL_PUNG_BIT] * n
            added = True
    if not left and not added:
        return values[_CHICKEN_BIT]
    return total


def _knitted_best(tables: _Tables, counts: tuple[int, ...], melded: bool, win: int, ctx: WinContext,
                  knit: tuple[int, ...], base: int, extras: _Extras, decl_chows: tuple[int, ...],
                  decl_pungs: tuple[tuple[int, int, bool], ...], self_drawn: bool) -> tuple[int, int]:
    """The best total of 组合龙 ``knit`` with a set and a pair (the set declared, when ``melded``, or among
    the rest of the standing ``counts``), and which of the ways to split the rest alone reaches it
    (``iter_decompositions`` order; -1 for a tie)."""
    rest = list(counts)
    for k in knit:
        rest[k] -= 1
    declared = tuple(sorted(decl_pungs))
    options: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
    if melded:
        kinds = [k for k in range(34) if rest[k]]
        if len(kinds) == 1 and rest[kinds[0]] == 2:
            options.append((decl_chows, (), kinds[0]))
    else:
        for sets, pair in iter_decompositions(rest):
            options.append((tuple(t for k, t in sets if k == CHOW), tuple(t for k, t in sets if k == PUNG),
                            pair))
    best = index = chosen = -1
    for chows, hidden, pair in options:
        win_in_chow = self_drawn or any(t <= win <= t + 2 for t in chows if not melded)
        mask = base
        more = extras
        pung_tiles: tuple[int, ...] = ()
        if declared or hidden:
            exposed = win if not win_in_chow and win in hidden else -1
            part = tables.pung_part(declared, hidden, exposed, pair if pair >= 27 else -1)
            mask |= part[0]
            more += part[1]
            pung_tiles = part[2]
        if len(chows) == 1 and pair < 27:
            mask |= _ALL_CHOWS
        mask |= _knitted_wait(tables, counts, melded, knit, chows, pair, win)
        left, total = tables.settle(mask)
        for bit, n in more:
            if left >> bit & 1:
                total += tables.values[bit] * n
        if pung_tiles:
            total += _wind_and_terminal_pungs(tables, mask, left, pung_tiles, ctx)
        elif not left:
            total = tables.values[_CHICKEN_BIT]
        index += 1
        if total > best:
            best = total
            chosen = index
        elif total == best:
            chosen = -1
    return best, chosen


# Whether the set and pair beside a 组合龙, less the winning tile, wait on one kind: by their counts.
_KNIT_REST_UNIQUE: dict[tuple[int, ...], bool] = {}


def _knitted_wait(tables: _Tables, counts: tuple[int, ...], melded: bool, knit: tuple[int, ...],
                  chows: Sequence[int], pair: int, win: int) -> int:
    """The wait fan beside a 组合龙: the set and pair judge it (``rest``) unless the winning tile is in
    the knitted straight under ``strict``."""
    if tables.strict_knit and win in knit:
        return 0
    if melded:
        return _SINGLE if counts[win] > 1 and pair == win else 0
    rest = list(counts)
    for k in knit:
        rest[k] -= 1
    if rest[win] < 1:
        return 0
    rest[win] -= 1
    key = tuple(rest)
    unique = _KNIT_REST_UNIQUE.get(key)
    if unique is None:
        if len(_KNIT_REST_UNIQUE) >= _CACHE_LIMIT:
            _KNIT_REST_UNIQUE.clear()
        unique = _KNIT_REST_UNIQUE[key] = len(waits(rest)) == 1
    if not unique:
        return 0
    edge = closed = False
    for t in chows:
        if t <= win <= t + 2:
            if win == t + 1:
                closed = True
            elif (win == t and t % 9 <= 5) or (win == t + 2 and t % 9 >= 1):
                return 0
            else:
                edge = True
    if edge:
        return _EDGE
    if closed:
        return _CLOSED
    return _SINGLE if pair == win else 0

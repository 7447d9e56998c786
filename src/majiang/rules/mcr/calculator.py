"""The Chinese Official fan calculator.

Every winning form is tried (four sets and a pair under every decomposition, seven pairs, seven shifted
pairs, thirteen orphans, 全不靠/七星不靠, 组合龙 with a set and a pair); each gets its fans, exclusions
(不计) are applied, and the best total wins (就高不就低). Ties between forms or decompositions with the
same total go to the one whose fan values, sorted high to low, are greater (so one big fan beats two small
ones of the same sum), then to the first in a fixed enumeration order (by suit, then tile).

Fans that link melds (一般高, 喜相逢, 连六, 老少副, the three- and four-chow fans, 双同刻 and the
three- and four-pung fans) follow one rule, which is what 不重复, 套算一次 and 不得相同 say together: the
links that fans draw between melds never form a cycle (so each pair of melds is combined at most once
and a meld outside a multi-meld fan joins it only once), and a meld takes part in a given fan at most
once. Links are chosen greedily, highest value first, which is optimal on four melds.

Kept whole though over 600 lines: it is the hot path of the ``fan calculation with the fans read
(score().fans)`` row of benchmarks/all.py, and mypyc compiles it whole (the Makefile's
``COMPILED_MODULES``): a split would change what the compiled build compiles and measures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations

from majiang.analysis.decompose import iter_decompositions, waits
from majiang.errors import InvalidHandError
from majiang.hand import Hand, WinBy
from majiang.meld import MeldKind
from majiang.rules.mcr.fans import FANS, FanId
from majiang.rules.mcr.profiles import ConcealedFormsSelfDrawn, KnittedStraightWait, Profile
from majiang.rules.mcr.result import FanHit, ScoreResult
from majiang.tiles import KNITTED_STRAIGHTS, Tile

# Not typing's NamedTuple (importing typing costs more than this module) unless compiled by mypyc (a lambda
# is then not a plain function), which makes its own classes; mypy checks the module against typing's.
if (lambda: None).__class__.__name__ != "function":
    from typing import NamedTuple
else:
    from majiang._values import NamedTuple  # type: ignore[assignment]

__all__ = ["WinBy", "WinContext", "calculate", "candidate_fans"]

CHOW, PUNG, KONG, PAIR, KNIT, SINGLE = 0, 1, 2, 3, 4, 5

_REVERSIBLE = frozenset(
    {Tile.P1, Tile.P2, Tile.P3, Tile.P4, Tile.P5, Tile.P8, Tile.P9,
     Tile.S2, Tile.S4, Tile.S5, Tile.S6, Tile.S8, Tile.S9, Tile.WHITE}
)
_GREEN = frozenset({Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN})
# The knitted straights as plain ints: they index count lists in the hot loops.
_KNITS: tuple[tuple[int, ...], ...] = tuple(tuple(int(t) for t in knit) for knit in KNITTED_STRAIGHTS)
# Always-concealed forms whose self-draw the profile may score as 自摸 or 不求人.
_CONCEALED_FORMS = ("seven_pairs", "thirteen_orphans", "lesser_honors_and_knitted_tiles",
                    "greater_honors_and_knitted_tiles", "four_concealed_pungs", "seven_shifted_pairs",
                    "nine_gates")
_ORDER = {fid: i for i, fid in enumerate(FANS)}


class WinContext(NamedTuple):
    """How the hand was won, its flags and the winds that fans depend on (an immutable named tuple)."""

    win_by: WinBy = WinBy.DISCARD
    last_of_wall: bool = False
    """The wall's last tile: 妙手回春 when self-drawn, 海底捞月 on the last discard."""
    last_copy: bool = False
    """和绝张: the winning tile is the last copy of its kind (the other three are visible)."""
    seat_wind: Tile = Tile.EAST
    round_wind: Tile = Tile.EAST
    flowers: int = 0

    @property
    def self_drawn(self) -> bool:
        """Whether the winning tile came from the wall (自摸, 杠上开花)."""
        return self.win_by.self_drawn


# A set in a decomposition: (kind, tile, concealed). Kind KNIT marks one third of a knitted straight.
_Set = tuple[int, int, bool]
# What a fan names: (kind, tile), shown in notation only for the winning decomposition.
_Group = tuple[int, int]


def _set_notation(kind: int, tile: int) -> str:
    return _NOTATIONS[kind, tile]


def _build_notation(kind: int, tile: int) -> str:
    t = Tile(tile)
    if kind == CHOW:
        return f"{t.rank}{t.rank + 1}{t.rank + 2}{t.suit.letter}"
    n = {PUNG: 3, KONG: 4, PAIR: 2}.get(kind, 1)  # SINGLE: one tile
    if t.is_numbered:
        return str(t.rank) * n + t.suit.letter
    return t.notation() * n


_NOTATIONS = {(kind, t): _build_notation(kind, t) for kind in (CHOW, PUNG, KONG, PAIR, SINGLE)
              for t in range(34) if kind != CHOW or (t < 27 and t % 9 < 7)}
# One suit's third of a knitted straight, named by its lowest tile: 147m, 258p, 369s.
_NOTATIONS.update({(KNIT, s * 9 + r): f"{r + 1}{r + 4}{r + 7}{'mps'[s]}" for s in range(3) for r in range(3)})


@cache
def _values(profile: Profile) -> dict[str, int]:
    return {fid: _value(fid, profile) for fid in FANS}


@cache
def _exclusions(profile: Profile) -> dict[str, tuple[str, ...]]:
    table: dict[str, list[FanId]] = {fid: list(f.excludes) for fid, f in FANS.items()}
    if profile.concealed_forms_self_drawn == ConcealedFormsSelfDrawn.FULLY_CONCEALED:
        for fid in _CONCEALED_FORMS:
            table[fid] = [e for e in table[fid] if e != FanId.FULLY_CONCEALED_HAND]
            if FanId.CONCEALED_HAND not in table[fid]:
                table[fid].append(FanId.CONCEALED_HAND)
    if profile.all_green_with_half_flush:
        table[FanId.ALL_GREEN] = [e for e in table[FanId.ALL_GREEN]
                                  if e not in (FanId.HALF_FLUSH, FanId.ONE_VOIDED_SUIT)]
    if profile.all_terminals_with_double_pung:
        table[FanId.ALL_TERMINALS] = [e for e in table[FanId.ALL_TERMINALS] if e != FanId.DOUBLE_PUNG]
    if profile.all_terminals_excludes_triple_pung:
        table[FanId.ALL_TERMINALS].append(FanId.TRIPLE_PUNG)
    if profile.honor_fans_exclude_voided_suit:
        for fid in (FanId.BIG_THREE_DRAGONS, FanId.LITTLE_THREE_DRAGONS, FanId.BIG_THREE_WINDS,
                    FanId.LITTLE_FOUR_WINDS, FanId.QUADRUPLE_CHOW, FanId.FOUR_PURE_SHIFTED_PUNGS,
                    FanId.FOUR_PURE_SHIFTED_CHOWS):
            table[fid].append(FanId.ONE_VOIDED_SUIT)
    return {k: tuple(v) for k, v in table.items()}


def _value(fid: str, profile: Profile) -> int:
    if fid == "concealed_and_melded_kong":
        return profile.concealed_and_melded_kong
    if fid == "two_concealed_kongs":
        return profile.two_concealed_kongs
    return FANS[fid].value


class _Fans:
    """A fan tally under construction: counts and the melds behind each fan."""

    __slots__ = ("count", "melds", "pungs")

    def __init__(self, count: dict[str, int] | None = None) -> None:
        self.count: dict[str, int] = {} if count is None else dict(count)
        self.melds: dict[str, list[_Group]] = {}
        self.pungs: list[_Group] = []  # pungs and kongs, for the wind fans and 幺九刻 settled last

    def add(self, fid: str, n: int = 1, melds: Iterable[_Group] = ()) -> None:
        self.count[fid] = self.count.get(fid, 0) + n
        if melds:
            self.melds.setdefault(fid, []).extend(melds)

    def copy(self) -> _Fans:
        other = _Fans()
        other.count = dict(self.count)
        other.melds = {k: list(v) for k, v in self.melds.items()}
        return other


class _Scorer:
    """Everything about one winning hand that does not depend on how it is decomposed."""

    def __init__(self, hand: Hand, ctx: WinContext, profile: Profile) -> None:
        assert hand.winning_tile is not None
        self.hand = hand
        self.ctx = ctx
        self.profile = profile
        self.win = int(hand.winning_tile)
        self.counts = hand._counts  # standing tiles with the winning tile
        self.standing_mask = hand._mask
        self.melds = hand.melds
        melded = kongs = 0
        for m in hand.melds:
            if m.kind == MeldKind.KONG:
                kongs += 1
                if m.from_seat is not None:
                    melded += 1
            else:
                melded += 1
        self.melded = melded
        self.kongs = kongs
        self.all_counts = hand._all_counts
        self.exclusions = _exclusions(profile)
        self.mixed_kong = profile.concealed_and_melded_kong > 0
        self.hidden_kongs = profile.kongs_as_concealed_pungs_in_three_four_kongs
        self._unique_wait: bool | None = None
        flags: dict[str, int] = {}
        self._add_flag_fans(flags)
        plain, special = _tile_fans_of(hand._all_mask)
        hogs = self.all_counts.count(4) - self.kongs
        # Groups named by fans of the whole hand (the rest of such fans name nothing: all tiles count).
        self.hand_groups: dict[str, list[_Group]] = {}
        if hogs:
            plain = (*plain, ("tile_hog", hogs))
            kong_tiles = {int(m.tile) for m in hand.melds if m.kind == MeldKind.KONG}
            self.hand_groups["tile_hog"] = [
                (SINGLE, k) for k, n in enumerate(self.all_counts) if n == 4 and k not in kong_tiles
            ]
        self.base = {**flags, **dict(plain), **dict(special)}  # for every form but seven pairs
        self.base_pairs = {**flags, **dict(plain)}
        if profile.seven_pairs_with_tile_fans:
            self.base_pairs.update(special)

    # -- fans of the whole hand -------------------------------------------------------------------

    def _add_flag_fans(self, f: dict[str, int]) -> None:
        c = self.ctx
        if c.self_drawn:
            f["self_drawn"] = 1
        if c.last_copy:
            f["last_copy"] = 1
        if c.last_of_wall:
            f["last_tile_draw" if c.self_drawn else "last_tile_claim"] = 1
        if c.win_by is WinBy.KONG_REPLACEMENT:
            f["out_with_replacement_tile"] = 1
        elif c.win_by is WinBy.ROBBING_KONG:
            f["robbing_the_kong"] = 1
        if self.melded == 0:
            f["fully_concealed_hand" if c.self_drawn else "concealed_hand"] = 1
        elif self.melded == 4 and not c.self_drawn:
            f["melded_hand"] = 1

    def unique_wait(self) -> bool:
        """Whether the hand before the winning tile waited on exactly one kind (formal shape)."""
        if self._unique_wait is None:
            before = list(self.counts)
            before[self.win] -= 1
            kinds = {int(t) for t in waits(before)}
            if not self.melds:
                kinds |= _seven_pairs_waits(before)
            self._unique_wait = len(kinds) == 1
        return self._unique_wait

    # -- forms -------------------------------------------------------------------------------------

    def candidates(self) -> list[_Fans]:
        out: list[_Fans] = []
        if not self.melds:
            out.extend(self._special_forms())
        if len(self.melds) <= 1:
            out.extend(self._knitted_straight())
        declared: list[_Set] = []
        for m in self.melds:
            # MeldKind's values match CHOW/PUNG/KONG.
            declared.append((int(m.kind), int(m.tile), m.is_concealed_kong))
        for sets, pair in iter_decompositions(self.counts):
            out.append(self._regular([*declared, *((k, t, True) for k, t in sets)], pair))
        return out

    def _special_forms(self) -> list[_Fans]:
        c = self.counts
        out: list[_Fans] = []
        kinds_held = self.standing_mask.bit_count()
        if kinds_held <= 7 and all(n in (0, 2, 4) for n in c):
            f = _Fans(self.base_pairs)
            kinds = [k for k in range(34) if c[k]]
            first, last = kinds[0], kinds[-1]
            pairs = [(PAIR, k) for k in kinds for _ in range(c[k] // 2)]
            if len(kinds) == 7 and last < 27 and last - first == 6 and first // 9 == last // 9:
                f.add("seven_shifted_pairs", melds=pairs)
            else:
                f.add("seven_pairs", melds=pairs)
            out.append(f)
        if self.standing_mask == _ORPHAN_MASK:
            f = _Fans(self.base)
            f.add("thirteen_orphans")
            out.append(f)
        if kinds_held == 14:
            numbered = [k for k in range(27) if c[k]]
            honors = sum(c[27:])
            if 7 <= len(numbered) <= 9 and any(set(numbered) <= set(knit) for knit in _KNITS):
                f = _Fans(self.base)
                if honors == 7:
                    f.add("greater_honors_and_knitted_tiles")
                else:
                    f.add("lesser_honors_and_knitted_tiles")
                    if len(numbered) == 9:
                        f.add("knitted_straight")
                out.append(f)
        return out

    def _knitted_straight(self) -> list[_Fans]:
        out: list[_Fans] = []
        held = self.standing_mask
        if (held & _NUMBERED_MASK).bit_count() < 9:
            return out
        for knit, knit_mask in zip(_KNITS, _KNIT_MASKS, strict=True):
            if held & knit_mask != knit_mask:
                continue
            rest = list(self.counts)
            for k in knit:
                rest[k] -= 1
            knit_sets: list[_Set] = [(KNIT, knit[i], True) for i in (0, 3, 6)]
            if self.melds:
                m = self.melds[0]
                pair = [k for k in range(34) if rest[k]]
                if len(pair) == 1 and rest[pair[0]] == 2:
                    meld: _Set = (int(m.kind), int(m.tile), m.is_concealed_kong)
                    out.append(self._regular([*knit_sets, meld], pair[0], knit))
                continue
            for sets, pair_tile in iter_decompositions(rest):
                out.append(self._regular([*knit_sets, *((k, t, True) for k, t in sets)], pair_tile, knit))
        return out

    # -- four sets and a pair ----------------------------------------------------------------------

    def _regular(self, sets: list[_Set], pair: int, knit: Sequence[int] | None = None) -> _Fans:
        f = _Fans(self.base)
        win = self.win
        if knit is not None:
            f.add("knitted_straight", melds=[(k, t) for k, t, _ in sets if k == KNIT])
        chows, pungs = split_sets(sets, win, self.ctx.self_drawn)
        self._pung_fans(f, pungs, pair)
        if len(chows) == 4 and self._terminal_chows(f, chows, pair):
            pass
        else:
            _link_fans(f, CHOW, tuple(chows))
        _link_fans(f, PUNG, tuple(t for t, _, _ in pungs if t < 27))
        if pair < 27 and (len(chows) == 4 or (knit is not None and len(chows) == 1)):
            f.add("all_chows", melds=[*((CHOW, t) for t in chows), (PAIR, pair)])
        if knit is None:
            self._group_fans(f, sets, pair)
            if not self.melds and _is_nine_gates(self.counts, win):
                f.add("nine_gates")
        self._wait_fans(f, sets, pair, knit)
        return f

    def _pung_fans(self, f: _Fans, pungs: list[tuple[int, int, bool]], pair: int) -> None:
        if not pungs:
            return
        for fid, groups in _pung_fans(pungs, pair, self.mixed_kong, self.hidden_kongs):
            f.add(fid, melds=groups)
        # Wind fans and 幺九刻 are settled after exclusions; remember the pungs they need.
        f.pungs = [(k, t) for t, k, _ in pungs]

    def _terminal_chows(self, f: _Fans, chows: list[int], pair: int) -> bool:
        """一色双龙会 / 三色双龙会: two 123 and two 789 chows with a pair of fives."""
        fid = _terminal_chows_fan(chows, pair)
        if fid is None:
            return False
        f.add(fid, melds=[*((CHOW, t) for t in chows), (PAIR, pair)])
        return True

    def _group_fans(self, f: _Fans, sets: list[_Set], pair: int) -> None:
        """全带幺, 全带五, 全双刻: a property every set and the pair share."""
        # Bits per group: 1 holds a terminal or honor, 2 holds a five, 4 is an even pung or pair.
        common = _GROUP_TRAITS[PAIR][pair]
        for k, t, _ in sets:
            common &= _GROUP_TRAITS[k][t]
            if not common:
                return
        groups = [(k, t) for k, t, _ in sets]
        groups.append((PAIR, pair))
        if common & 1:
            f.add("outside_hand", melds=groups)
        elif common & 2:
            f.add("all_fives", melds=groups)
        elif common & 4:
            f.add("all_even_pungs", melds=groups)

    def _wait_fans(self, f: _Fans, sets: list[_Set], pair: int, knit: Sequence[int] | None) -> None:
        win = self.win
        if knit is not None:
            if self.profile.knitted_straight_wait == KnittedStraightWait.STRICT and win in knit:
                return
            if self.melds:
                if self.counts[win] > 1 and pair == win:
                    f.add("single_wait", melds=[(SINGLE, win)])
                return
            rest = list(self.counts)
            for k in knit:
                rest[k] -= 1
            if rest[win] < 1:
                return
            rest[win] -= 1
            if len(set(waits(rest))) != 1:
                return
        found = chow_waits(sets, win)
        if found is None:  # a two-sided wait: the tile at the chow's other end completes the hand too
            self._unique_wait = False
            return
        edge, closed = found
        single = pair == win
        if not (edge or closed or single):
            return
        if knit is None and not self.unique_wait():
            return
        name = [(SINGLE, win)]
        if edge:
            f.add("edge_wait", melds=name)
        elif closed:
            f.add("closed_wait", melds=name)
        elif single:
            f.add("single_wait", melds=name)

    # -- settle ------------------------------------------------------------------------------------

    def settle(self, f: _Fans) -> dict[str, int]:
        """Apply exclusions (highest fan first; an excluded fan excludes nothing) and the last fans."""
        count = {k: v for k, v in f.count.items() if v > 0}
        excl = self.exclusions
        for fid in sorted(count, key=_ORDER.__getitem__):
            if fid in count:
                for ex in excl[fid]:
                    count.pop(ex, None)
        self._winds_and_terminal_pungs(f, count)
        if not count:
            count["chicken_hand"] = 1
        return count

    def _winds_and_terminal_pungs(self, f: _Fans, count: dict[str, int]) -> None:
        pungs = f.pungs
        if not pungs:
            return
        covered: set[int] = set()
        if "big_three_winds" in count or "little_four_winds" in f.count or "big_four_winds" in f.count:
            covered = {t for _, t in pungs if 27 <= t <= 30}
        if "big_four_winds" not in count:
            for group in pungs:
                t = group[1]
                if t == self.ctx.round_wind:
                    count["round_wind"] = 1
                    f.melds["round_wind"] = [group]
                    covered.add(t)
                if t == self.ctx.seat_wind:
                    count["seat_wind"] = 1
                    f.melds["seat_wind"] = [group]
                    covered.add(t)
        terminal = [g for g in pungs if g[1] not in covered and _IS_TERMINAL_OR_WIND[g[1]]]
        if "nine_gates" in count:
            terminal = terminal[1:]  # the gate's own 1 or 9 pung
        if any(k in count for k in ("all_terminals", "all_terminals_and_honors", "all_honors",
                                    "big_four_winds")) or "little_four_winds" in f.count:
            terminal = []
        if terminal:
            count["pung_of_terminals_or_honors"] = len(terminal)
            f.melds["pung_of_terminals_or_honors"] = terminal


def _mask(tiles: Iterable[int]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


_SUIT_MASKS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
_NUMBERED_MASK = (1 << 27) - 1
_WIND_MASK = 0xF << 27
_DRAGON_MASK = 0x7 << 31
_HONOR_MASK = _WIND_MASK | _DRAGON_MASK
_TERMINAL_MASK = _mask((0, 8, 9, 17, 18, 26))
_ORPHAN_MASK = _TERMINAL_MASK | _HONOR_MASK
_REVERSIBLE_MASK = _mask(_REVERSIBLE)
_GREEN_MASK = _mask(_GREEN)
_RANK_MASKS = tuple(_mask((r, 9 + r, 18 + r)) for r in range(9))
_KNIT_MASKS = tuple(_mask(knit) for knit in _KNITS)


def _ranks_within(mask: int, ranks: Iterable[int]) -> bool:
    allowed = 0
    for r in ranks:
        allowed |= _RANK_MASKS[r - 1]
    return mask & ~allowed == 0


@lru_cache(maxsize=1 << 16)
def _tile_fans_of(mask: int) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """Fans decided by which kinds a hand holds: (always combinable, not with strict seven pairs)."""
    plain: list[tuple[str, int]] = []
    special: list[tuple[str, int]] = []
    suits = sum(1 for m in _SUIT_MASKS if mask & m)
    winds = bool(mask & _WIND_MASK)
    dragons = bool(mask & _DRAGON_MASK)
    honors = winds or dragons
    if not honors:
        plain.append(("no_honors", 1))
    if suits == 2:
        plain.append(("one_voided_suit", 1))
    elif suits == 1:
        plain.append(("half_flush" if honors else "full_flush", 1))
    elif suits == 3 and winds and dragons:
        plain.append(("all_types", 1))
    simples = mask & _ORPHAN_MASK == 0
    if simples:
        plain.append(("all_simples", 1))
    if mask & ~_REVERSIBLE_MASK == 0:
        plain.append(("reversible_tiles", 1))
    if mask & ~_GREEN_MASK == 0:
        special.append(("all_green", 1))
    if not simples:
        if mask & ~_HONOR_MASK == 0:
            special.append(("all_honors", 1))
        elif mask & ~_TERMINAL_MASK == 0:
            special.append(("all_terminals", 1))
        elif mask & ~_ORPHAN_MASK == 0:
            special.append(("all_terminals_and_honors", 1))
    if not honors:
        if _ranks_within(mask, (1, 2, 3, 4)):
            special.append(("lower_four" if mask & _RANK_MASKS[3] else "lower_tiles", 1))
        elif _ranks_within(mask, (6, 7, 8, 9)):
            special.append(("upper_four" if mask & _RANK_MASKS[5] else "upper_tiles", 1))
        elif _ranks_within(mask, (4, 5, 6)):
            special.append(("middle_tiles", 1))
    return tuple(plain), tuple(special)


def _pung_fans(
    pungs: list[tuple[int, int, bool]], pair: int, mixed_kong: bool, hidden_kongs: bool
) -> list[tuple[str, list[_Group]]]:
    """Fans of the pungs and kongs alone (sorted ``(tile, kind, concealed)``): kongs, concealed pungs,
    碰碰和, winds and dragons. The wind-seat fans and 幺九刻 come after exclusions."""
    out: list[tuple[str, list[_Group]]] = []
    kong_tiles: list[_Group] = []
    concealed_kongs = concealed_pungs = 0
    hidden: list[_Group] = []
    winds: list[_Group] = []
    dragons: list[_Group] = []
    for t, k, c in pungs:
        if k == KONG:
            kong_tiles.append((KONG, t))
            if c:
                concealed_kongs += 1
        elif c:
            concealed_pungs += 1
        if c:
            hidden.append((k, t))
        if t >= 27:
            if t >= 31:
                dragons.append((PUNG, t))
            else:
                winds.append((PUNG, t))
    kongs = len(kong_tiles)
    if kongs:
        if kongs == 4:
            out.append(("four_kongs", kong_tiles))
        elif kongs == 3:
            out.append(("three_kongs", kong_tiles))
        elif kongs == 2:
            if concealed_kongs == 2:
                out.append(("two_concealed_kongs", kong_tiles))
            elif concealed_kongs == 1:
                if mixed_kong:
                    out.append(("concealed_and_melded_kong", kong_tiles))
                else:
                    out.append(("melded_kong", [(KONG, t) for t, k, c in pungs if k == KONG and not c]))
                    out.append(("concealed_kong", [(KONG, t) for t, k, c in pungs if k == KONG and c]))
            else:
                out.append(("two_melded_kongs", kong_tiles))
        else:
            out.append(("concealed_kong" if concealed_kongs else "melded_kong", kong_tiles))
    n_hidden = concealed_pungs + concealed_kongs
    if kongs >= 3 and not hidden_kongs:
        n_hidden = concealed_pungs
        hidden = [g for g in hidden if g[0] == PUNG]
    if n_hidden >= 2:
        out.append((_HIDDEN_FANS[n_hidden], hidden))
    if len(pungs) == 4:
        out.append(("all_pungs", [(k, t) for t, k, _ in pungs]))
    if len(winds) == 4:
        out.append(("big_four_winds", winds))
    elif len(winds) == 3:
        if 27 <= pair <= 30:
            out.append(("little_four_winds", [*winds, (PAIR, pair)]))
        else:
            out.append(("big_three_winds", winds))
    if dragons:
        if len(dragons) == 3:
            out.append(("big_three_dragons", dragons))
        elif len(dragons) == 2:
            if pair >= 31:
                out.append(("little_three_dragons", [*dragons, (PAIR, pair)]))
            else:
                out.append(("two_dragon_pungs", dragons))
        for g in dragons:
            out.append(("dragon_pung", [g]))
    return out


def _terminal_chows_fan(chows: Sequence[int], pair: int) -> str | None:
    """一色双龙会 or 三色双龙会 of four sorted chows and the pair, if they make one."""
    if pair >= 27 or pair % 9 != 4:
        return None
    if any(t % 9 not in (0, 6) for t in chows):
        return None
    if all(t // 9 == pair // 9 for t in chows) and sorted(t % 9 for t in chows) == [0, 0, 6, 6]:
        return "pure_terminal_chows"
    others = sorted({0, 1, 2} - {pair // 9})
    if sorted(chows) == sorted(s * 9 + r for s in others for r in (0, 6)):
        return "three_suited_terminal_chows"
    return None


def _traits(kind: int, t: int) -> int:
    bits = 1 if _has_terminal(kind, t) else 0
    if _has_five(kind, t):
        bits |= 2
    if kind != CHOW and t < 27 and t % 9 in (1, 3, 5, 7):
        bits |= 4
    return bits


def _has_terminal(kind: int, t: int) -> bool:
    if t >= 27:
        return True
    if kind == CHOW:
        return t % 9 in (0, 6)
    return t % 9 in (0, 8)


def _has_five(kind: int, t: int) -> bool:
    if t >= 27:
        return False
    if kind == CHOW:
        return 2 <= t % 9 <= 4
    return t % 9 == 4


_IS_TERMINAL_OR_WIND = tuple((t < 27 and t % 9 in (0, 8)) or 27 <= t <= 30 for t in range(34))
_HIDDEN_FANS = {2: "two_concealed_pungs", 3: "three_concealed_pungs", 4: "four_concealed_pungs"}

_GROUP_TRAITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_traits(kind, t) if kind != CHOW or (t < 27 and t % 9 < 7) else 0 for t in range(34))
    for kind in (CHOW, PUNG, KONG, PAIR)
)


def _is_nine_gates(counts: Sequence[int], win: int) -> bool:
    before = list(counts)
    before[win] -= 1
    return any(before[base:base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3] for base in (0, 9, 18))


def _seven_pairs_waits(before: Sequence[int]) -> set[int]:
    """The kind a 13-tile concealed hand of six pairs and a single waits on."""
    if sum(before) != 13:
        return set()
    singles = [k for k in range(34) if before[k] % 2 == 1]
    if len(singles) == 1 and sum(n // 2 for n in before) == 6:
        return {singles[0]}
    return set()


# -- fans that link melds ---------------------------------------------------------------------------

_Link = tuple[str, tuple[int, ...]]


def _chow_links(chows: Sequence[int]) -> list[_Link]:
    """Every fan a subset of the chows (given by lowest tile) makes, with member indices."""
    out: list[_Link] = []
    idx = range(len(chows))
    if len(chows) == 4:
        t = sorted(chows)
        if t[0] == t[3]:
            out.append(("quadruple_chow", (0, 1, 2, 3)))
        elif t[0] // 9 == t[3] // 9 and (
            t[1] - t[0] == t[2] - t[1] == t[3] - t[2] == 1 or t[1] - t[0] == t[2] - t[1] == t[3] - t[2] == 2
        ):
            out.append(("four_pure_shifted_chows", (0, 1, 2, 3)))
    for trio in combinations(idx, 3):
        a, b, c = sorted(chows[i] for i in trio)
        sa, sb, sc = a // 9, b // 9, c // 9
        if sa == sb == sc:
            if a == b == c:
                out.append(("pure_triple_chow", trio))
            elif a % 9 == 0 and b == a + 3 and c == a + 6:
                out.append(("pure_straight", trio))
            elif b - a == c - b in (1, 2):
                out.append(("pure_shifted_chows", trio))
        elif len({sa, sb, sc}) == 3:
            ranks = sorted((a % 9, b % 9, c % 9))
            if ranks[0] == ranks[2]:
                out.append(("mixed_triple_chow", trio))
            elif ranks == [0, 3, 6]:
                out.append(("mixed_straight", trio))
            elif ranks[1] - ranks[0] == ranks[2] - ranks[1] == 1:
                out.append(("mixed_shifted_chows", trio))
    for i, j in combinations(idx, 2):
        a, b = chows[i], chows[j]
        if a // 9 != b // 9:
            if a % 9 == b % 9:
                out.append(("mixed_double_chow", (i, j)))
        elif a == b:
            out.append(("pure_double_chow", (i, j)))
        elif abs(a - b) == 3:
            out.append(("short_straight", (i, j)))
        elif {a % 9, b % 9} == {0, 6}:
            out.append(("two_terminal_chows", (i, j)))
    return out


def _pung_links(pungs: Sequence[int]) -> list[_Link]:
    """Every fan a subset of the numbered pungs makes, with member indices."""
    out: list[_Link] = []
    idx = range(len(pungs))
    if len(pungs) == 4:
        t = sorted(pungs)
        if t[0] // 9 == t[3] // 9 and t[1] - t[0] == t[2] - t[1] == t[3] - t[2] == 1:
            out.append(("four_pure_shifted_pungs", (0, 1, 2, 3)))
    for trio in combinations(idx, 3):
        a, b, c = sorted(pungs[i] for i in trio)
        sa, sb, sc = a // 9, b // 9, c // 9
        if sa == sb == sc:
            if b == a + 1 and c == b + 1:
                out.append(("pure_shifted_pungs", trio))
        elif len({sa, sb, sc}) == 3:
            ranks = sorted((a % 9, b % 9, c % 9))
            if ranks[0] == ranks[2]:
                out.append(("triple_pung", trio))
            elif ranks[1] - ranks[0] == ranks[2] - ranks[1] == 1:
                out.append(("mixed_shifted_pungs", trio))
    for i, j in combinations(idx, 2):
        a, b = pungs[i], pungs[j]
        if a // 9 != b // 9 and a % 9 == b % 9:
            out.append(("double_pung", (i, j)))
    return out


@lru_cache(maxsize=1 << 15)
def _choose_links(kind: int, tiles: tuple[int, ...]) -> tuple[tuple[str, tuple[_Group, ...]], ...]:
    """The link fans of sorted chows (``kind`` CHOW) or numbered pungs: no cycle, no repeated fan.

    Greedy, highest value first: on four melds a larger fan never blocks two smaller ones worth more.
    """
    if len(tiles) < 2:
        return ()
    links = (_chow_links if kind == CHOW else _pung_links)(tiles)
    if not links:
        return ()
    links.sort(key=lambda link: (-FANS[link[0]].value, _ORDER[link[0]]))
    parent = list(range(len(tiles)))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    used: set[tuple[str, int]] = set()
    chosen: list[tuple[str, tuple[_Group, ...]]] = []
    for fid, group in links:
        if any(fid in FANS[c].excludes for c, _ in chosen):
            continue
        if len({root(i) for i in group}) != len(group):
            continue  # this link would close a cycle (套算一次, 不拆移)
        if any((fid, i) in used for i in group):
            continue  # a meld already makes this fan (不得相同)
        first = root(group[0])
        for i in group[1:]:
            parent[root(i)] = first
        used.update((fid, i) for i in group)
        chosen.append((fid, tuple((kind, tiles[i]) for i in group)))
    return tuple(chosen)


def _link_fans(f: _Fans, kind: int, tiles: tuple[int, ...]) -> None:
    for fid, group in _choose_links(kind, tiles):
        f.add(fid, melds=group)


def _value_profile(count: dict[str, int], values: dict[str, int]) -> list[int]:
    return sorted((values[fid] for fid, n in count.items() for _ in range(n)), reverse=True)


def calculate(hand: Hand, ctx: WinContext, profile: Profile) -> ScoreResult:
    """Score a winning hand; raises InvalidHandError if it is not a winning hand."""
    scorer = _Scorer(hand, ctx, profile)
    values = _values(profile)
    best_total = -1
    best_fans: tuple[dict[str, int], _Fans] | None = None
    for cand in scorer.candidates():
        count = scorer.settle(cand)
        total = 0
        for fid, n in count.items():
            total += values[fid] * n
        if total < best_total:
            continue
        # A tie goes to the bigger single fans (就高不就低), then to the first found.
        if (total == best_total and best_fans is not None
                and _value_profile(count, values) <= _value_profile(best_fans[0], values)):
            continue
        best_total, best_fans = total, (count, cand)
    if best_fans is None:
        raise InvalidHandError(f"{hand.notation()} is not a winning hand")
    count, f = best_fans
    flowers = ctx.flowers
    return ScoreResult(best_total + flowers, _hits(scorer, count, f, values), flowers, best_total >= 8,
                       profile.name)


def _hits(scorer: _Scorer, count: dict[str, int], f: _Fans, values: dict[str, int]) -> tuple[FanHit, ...]:
    """The chosen candidate's fans (``count``, settled) as results, in table order, flowers last."""
    hits: list[FanHit] = []
    new = tuple.__new__  # FanHit(...) through its generated __new__ costs three times as much
    melds = f.melds
    for fid in sorted(count, key=_ORDER.__getitem__):
        row = FANS[fid]
        groups = melds.get(fid) or scorer.hand_groups.get(fid)
        names = tuple(map(_NOTATIONS.__getitem__, groups)) if groups else ()
        hits.append(new(FanHit, (fid, row.zh, row.en, values[fid], count[fid], names)))
    flowers = scorer.ctx.flowers
    if flowers:
        row = FANS["flower_tiles"]
        hits.append(FanHit("flower_tiles", row.zh, row.en, 1, flowers))
    return tuple(hits)


def candidate_fans(hand: Hand, ctx: WinContext, profile: Profile) -> list[dict[str, int]]:
    """The fans (id to count, flowers left out) of every winning form and decomposition ``calculate``
    weighs, in the fixed order its last tie-break uses; empty if the hand is not a win.

    Differential tests use it to check that another calculator's choice is one of ours.
    """
    scorer = _Scorer(hand, ctx, profile)
    return [scorer.settle(cand) for cand in scorer.candidates()]


def split_sets(sets: Iterable[tuple[int, int, bool]], win: int, self_drawn: bool
               ) -> tuple[list[int], list[tuple[int, int, bool]]]:
    """A decomposition's chows (their first tiles) and its pungs and kongs (tile, kind, concealed), each
    sorted; a pung the winning discard completed counts as claimed unless a concealed chow could hold the
    winning tile instead.

    >>> split_sets([(CHOW, 0, True), (PUNG, 4, True), (PUNG, 9, False)], 4, False)
    ([0], [(4, 1, False), (9, 1, False)])
    """
    chows: list[int] = []
    pungs: list[tuple[int, int, bool]] = []
    win_in_chow = self_drawn
    for k, t, c in sets:
        if k == CHOW:
            chows.append(t)
            if c and t <= win <= t + 2:
                win_in_chow = True
        elif k != KNIT:
            pungs.append((t, k, c))
    if not win_in_chow:
        # The discard completed a pung in hand: that pung is not concealed.
        for i, (t, k, c) in enumerate(pungs):
            if k == PUNG and t == win and c:
                pungs[i] = (t, PUNG, False)
                break
    chows.sort()
    pungs.sort()
    return chows, pungs


def chow_waits(sets: Iterable[tuple[int, int, bool]], win: int) -> tuple[bool, bool] | None:
    """Whether a concealed chow holds the winning tile at its edge (边张) and whether one holds it in the
    middle (坎张); None when one holds it at an open end (a two-sided wait, neither counts).

    >>> chow_waits([(CHOW, 0, True)], 2), chow_waits([(CHOW, 0, True)], 1), chow_waits([(CHOW, 1, True)], 1)
    ((True, False), (False, True), None)
    """
    edge = closed = False
    for k, t, c in sets:
        if k == CHOW and c and t <= win <= t + 2:
            if win == t + 1:
                closed = True
            elif (win == t and t % 9 <= 5) or (win == t + 2 and t % 9 >= 1):
                return None
            else:
                edge = True
    return edge, closed

"""The fans of a score, explained: names, values, counts and the melds behind each, built when read.

``score()`` finds the total on the fast path (``fast.fan_choice``) and hands this module what it knows:
the hand, how it was won, the profile, the total and, when one decomposition alone reached it, which.
The candidate's fans are gathered as one int with a bit per fan (the order of ``FANS``) with the melds
behind each; the exclusions come from the fast path's table of what survives, and the names from a row
per bit. The result is the explaining calculator's (``calculator.calculate``) to the letter: the same
fans, counts, melds and order, and the same choice between candidates of equal total.
"""

from __future__ import annotations

from itertools import islice

from majiang.analysis.decompose import iter_decompositions
from majiang.hand import Hand, HandCounts, WinBy
from majiang.rules.mcr.calculator import (
    _GROUP_TRAITS,
    _KNIT_MASKS,
    _KNITS,
    _NOTATIONS,
    _NUMBERED_MASK,
    _ORPHAN_MASK,
    CHOW,
    KNIT,
    KONG,
    PAIR,
    PUNG,
    SINGLE,
    WinContext,
    _choose_links,
    _pung_fans,
    _terminal_chows_fan,
    chow_waits,
    split_sets,
)
from majiang.rules.mcr.fans import FANS
from majiang.rules.mcr.fast import (
    _BIG_FOUR_WINDS,
    _BIG_THREE_WINDS,
    _BIT,
    _CACHE_LIMIT,
    _CHICKEN_BIT,
    _CLOSED,
    _EDGE,
    _GREATER,
    _HONOR_OPTIONS,
    _IS_TERMINAL_OR_WIND,
    _KNITTED,
    _LESSER,
    _LITTLE_FOUR_WINDS,
    _M_OPTIONS,
    _NINE_GATES,
    _NO_TERMINAL_PUNGS,
    _ORPHANS,
    _P_OPTIONS,
    _ROUND_WIND_BIT,
    _S_OPTIONS,
    _SEAT_WIND_BIT,
    _SEVEN_PAIRS,
    _SEVEN_SHIFTED,
    _SINGLE,
    _TERMINAL_PUNG_BIT,
    _TILE_HOG,
    _TILE_PARTS,
    HONORS_AND_KNITTED_FORM,
    KNITTED_FORM,
    ORPHANS_FORM,
    SEVEN_PAIRS_FORM,
    _flags,
    _honor_option,
    _is_nine_gates,
    _knitted_wait,
    _suit_options,
    _Tables,
    _tables,
    _tile_part,
    _unique_wait,
)
from majiang.rules.mcr.profiles import Profile
from majiang.rules.mcr.result import FanHit

__all__ = ["explain"]

# What a fan names: (kind, tile), as the calculator writes it.
_Group = tuple[int, int]
# A candidate: its fans as bits, the extra counts of fans counted more than once (bit to n - 1), the melds
# behind each fan by bit, and its pungs and kongs (kind, tile) for the fans settled after the exclusions.
_Candidate = tuple[int, dict[int, int], dict[int, list[_Group]], list[_Group]]
# A settled candidate: its total and its fans in table order as (bit, count, melds).
_Settled = tuple[int, list[tuple[int, int, list[_Group]]]]

_ROWS = tuple((str(fid), row.zh, row.en) for fid, row in FANS.items())  # by bit
_FLOWERS = FANS["flower_tiles"]
_TILE_HOG_BIT = _BIT["tile_hog"]
_KNITTED_BIT = _BIT["knitted_straight"]
_ALL_CHOWS_BIT = _BIT["all_chows"]
_GROUP_FAN_BITS = {1: _BIT["outside_hand"], 2: _BIT["all_fives"], 4: _BIT["all_even_pungs"]}
_new = tuple.__new__  # FanHit(...) through its generated __new__ costs three times as much


# The fans of the pungs and kongs (``calculator._pung_fans``) by their (tile, kind, concealed), the pair if
# an honor (else -1) and the profile's two kong switches; kept, and never changed once made.
_PungKey = tuple[tuple[tuple[int, int, bool], ...], int, bool, bool]
_PUNG_FANS: dict[_PungKey, tuple[tuple[str, tuple[_Group, ...]], ...]] = {}


def _pung_fans_of(key: _PungKey) -> tuple[tuple[str, tuple[_Group, ...]], ...]:
    if len(_PUNG_FANS) >= _CACHE_LIMIT:
        _PUNG_FANS.clear()
    out = _PUNG_FANS[key] = tuple((fid, tuple(melds)) for fid, melds in _pung_fans(list(key[0]), *key[1:]))
    return out


def _add(mask: int, more: dict[int, int], groups: dict[int, list[_Group]], fid: str,
         melds: list[_Group] | tuple[_Group, ...]) -> int:
    """``mask`` with fan ``fid`` counted once more, its melds added after those it has."""
    bit = _BIT[fid]
    if mask >> bit & 1:
        more[bit] = more.get(bit, 0) + 1
        groups[bit] = [*groups.get(bit, ()), *melds]
    else:
        mask |= 1 << bit
        if melds:
            groups[bit] = list(melds)
    return mask


class _Explainer:
    """What one win's candidates share: the tables, the flags and tile fans as bits, the declared melds."""

    __slots__ = ("base", "base_more", "counts", "ctx", "declared", "hand", "hog_groups", "pairs_base",
                 "self_drawn", "tables", "unique", "win")

    def __init__(self, hand: Hand | HandCounts, ctx: WinContext, profile: Profile) -> None:
        self.hand = hand
        self.ctx = ctx
        self.tables: _Tables = _tables(profile)
        self.win = int(hand.winning_tile)  # type: ignore[arg-type]
        self.counts = hand._counts
        win_by = ctx.win_by
        self.self_drawn = win_by is WinBy.SELF_DRAWN or win_by is WinBy.KONG_REPLACEMENT
        declared: list[tuple[int, int, bool]] = []
        melded = kongs = 0
        kong_tiles = 0
        for m in hand.melds:
            kind = int(m.kind)  # MeldKind's values are CHOW, PUNG, KONG
            tile = int(m.tile)
            concealed = m.from_seat is None and kind == KONG
            declared.append((kind, tile, concealed))
            if kind == KONG:
                kongs += 1
                kong_tiles |= 1 << tile
            if not concealed:
                melded += 1
        self.declared = declared
        flags = _flags(ctx, self.self_drawn, melded)
        all_mask = hand._all_mask
        plain, special = _TILE_PARTS.get(all_mask) or _tile_part(all_mask)
        all_counts = hand._all_counts
        hogs = all_counts.count(4) - kongs
        self.base_more: dict[int, int] = {}
        self.hog_groups: list[_Group] = []
        if hogs:
            plain |= _TILE_HOG
            if hogs > 1:
                self.base_more[_TILE_HOG_BIT] = hogs - 1
            self.hog_groups = [(SINGLE, k) for k, n in enumerate(all_counts)
                               if n == 4 and not kong_tiles >> k & 1]
        self.base = flags | plain | special
        self.pairs_base = self.base if self.tables.pairs_special else flags | plain
        self.unique: bool | None = None

    # -- candidates ------------------------------------------------------------------------------

    def regular(self, sets: list[tuple[int, int, bool]], pair: int, knit: tuple[int, ...] | None = None
                ) -> _Candidate:
        """Four sets (declared first, then the standing ones, as the decomposition lists them) and a pair,
        or 组合龙 ``knit`` with a set and a pair."""
        mask = self.base
        more = dict(self.base_more)
        groups: dict[int, list[_Group]] = {}
        win = self.win
        if knit is not None:
            mask |= _KNITTED
            groups[_KNITTED_BIT] = [(k, t) for k, t, _ in sets if k == KNIT]
        chows, pungs = split_sets(sets, win, self.self_drawn)
        pung_groups: list[_Group] = []
        if pungs:
            tables = self.tables
            key = (tuple(pungs), pair if pair >= 27 else -1, tables.mixed_kong, tables.hidden_kongs)
            found = _PUNG_FANS.get(key)
            if found is None:
                found = _pung_fans_of(key)
            for fid, melds in found:
                mask = _add(mask, more, groups, fid, melds)
            pung_groups = [(k, t) for t, k, _ in pungs]
        terminal_chows = _terminal_chows_fan(chows, pair) if len(chows) == 4 else None
        if terminal_chows is not None:
            mask = _add(mask, more, groups, terminal_chows, [*((CHOW, t) for t in chows), (PAIR, pair)])
        elif len(chows) > 1:
            for fid, linked in _choose_links(CHOW, tuple(chows)):
                mask = _add(mask, more, groups, fid, linked)
        numbered = tuple(t for t, _, _ in pungs if t < 27)
        if len(numbered) > 1:
            for fid, linked in _choose_links(PUNG, numbered):
                mask = _add(mask, more, groups, fid, linked)
        if pair < 27 and (len(chows) == 4 or (knit is not None and len(chows) == 1)):
            mask |= 1 << _ALL_CHOWS_BIT
            groups[_ALL_CHOWS_BIT] = [*((CHOW, t) for t in chows), (PAIR, pair)]
        if knit is None:
            # 全带幺, 全带五, 全双刻: a trait every set and the pair share.
            common = _GROUP_TRAITS[PAIR][pair]
            for k, t, _ in sets:
                common &= _GROUP_TRAITS[k][t]
            if common:
                bit = _GROUP_FAN_BITS[1 if common & 1 else 2 if common & 2 else 4]
                mask |= 1 << bit
                groups[bit] = [*((k, t) for k, t, _ in sets), (PAIR, pair)]
            if not self.declared and _is_nine_gates(self.counts, win):
                mask |= _NINE_GATES
            wait = self._wait(sets, pair)
        else:
            wait = _knitted_wait(self.tables, self.counts, bool(self.declared), knit, chows, pair, win)
        if wait:
            mask |= wait
            groups[wait.bit_length() - 1] = [(SINGLE, win)]
        return mask, more, groups, pung_groups

    def _wait(self, sets: list[tuple[int, int, bool]], pair: int) -> int:
        """边张, 坎张 or 单钓将 of four sets and a pair, as a bit (0 for none)."""
        win = self.win
        found = chow_waits(sets, win)
        if found is None:  # a two-sided wait: the chow's other end completes the hand too
            return 0
        edge, closed = found
        if not (edge or closed or pair == win):
            return 0
        if self.unique is None:
            self.unique = _unique_wait(self.counts, win, pair, not self.declared)
        if not self.unique:
            return 0
        return _EDGE if edge else _CLOSED if closed else _SINGLE

    def special_forms(self) -> list[_Candidate]:
        """七对/连七对, 十三幺, 全不靠/七星不靠 (a hand without melds), those the hand makes."""
        return [c for c in (self.seven_pairs(), self.orphans(), self.honors_and_knitted()) if c is not None]

    def seven_pairs(self) -> _Candidate | None:
        """七对 or 连七对, each pair named (four of a kind twice)."""
        counts = self.counts
        if self.hand._mask.bit_count() > 7 or counts.count(1) or counts.count(3):
            return None
        kinds = [k for k in range(34) if counts[k]]
        first, last = kinds[0], kinds[-1]
        form = (_SEVEN_SHIFTED if len(kinds) == 7 and last < 27 and last - first == 6
                and first // 9 == last // 9 else _SEVEN_PAIRS)
        pairs = [(PAIR, k) for k in kinds for _ in range(counts[k] // 2)]
        return self.pairs_base | form, dict(self.base_more), {form.bit_length() - 1: pairs}, []

    def orphans(self) -> _Candidate | None:
        """十三幺."""
        if self.hand._mask != _ORPHAN_MASK:
            return None
        return self.base | _ORPHANS, dict(self.base_more), {}, []

    def honors_and_knitted(self) -> _Candidate | None:
        """全不靠 (with 组合龙 when all nine knitted tiles are there) or 七星不靠."""
        held = self.hand._mask
        if held.bit_count() != 14:
            return None
        numbered = held & _NUMBERED_MASK
        n = numbered.bit_count()
        if not (7 <= n <= 9 and any(numbered & ~knit == 0 for knit in _KNIT_MASKS)):
            return None
        form = _GREATER if 14 - n == 7 else _LESSER | _KNITTED if n == 9 else _LESSER
        return self.base | form, dict(self.base_more), {}, []

    def knitted(self) -> list[_Candidate]:
        """组合龙 with a set and a pair, for each knitted straight the hand holds (at most one meld)."""
        out: list[_Candidate] = []
        held = self.hand._mask
        if (held & _NUMBERED_MASK).bit_count() < 9:
            return out
        for knit, knit_mask in zip(_KNITS, _KNIT_MASKS, strict=True):
            if held & knit_mask != knit_mask:
                continue
            rest, knit_sets = self._knit_rest(knit)
            if self.declared:
                with_meld = self._knit_with_meld(knit, rest, knit_sets)
                if with_meld is not None:
                    out.append(with_meld)
                continue
            for sets, pair in iter_decompositions(rest):
                out.append(self.regular([*knit_sets, *((k, t, True) for k, t in sets)], pair, knit))
        return out

    def _knit_rest(self, knit: tuple[int, ...]) -> tuple[list[int], list[tuple[int, int, bool]]]:
        """The standing tiles less the knitted straight ``knit``, and its three sets."""
        rest = list(self.counts)
        for k in knit:
            rest[k] -= 1
        return rest, [(KNIT, knit[i], True) for i in (0, 3, 6)]

    def _knit_with_meld(self, knit: tuple[int, ...], rest: list[int],
                        knit_sets: list[tuple[int, int, bool]]) -> _Candidate | None:
        """With one declared meld, the rest must be the pair alone."""
        left = [k for k in range(34) if rest[k]]
        if len(left) != 1 or rest[left[0]] != 2:
            return None
        return self.regular([*knit_sets, self.declared[0]], left[0], knit)

    def knitted_one(self, knit_index: int, option: int) -> _Candidate | None:
        """The 组合龙 candidate ``fast.fan_choice`` names: the knitted straight ``_KNITS[knit_index]``
        with the ``option``-th way to split the rest (``iter_decompositions`` order; with a meld, the only
        one)."""
        knit = _KNITS[knit_index]
        rest, knit_sets = self._knit_rest(knit)
        if self.declared:
            return None if option else self._knit_with_meld(knit, rest, knit_sets)
        found = next(islice(iter_decompositions(rest), option, None), None)
        if found is None:
            return None
        sets, pair = found
        return self.regular([*knit_sets, *((k, t, True) for k, t in sets)], pair, knit)

    def decompositions(self) -> list[_Candidate]:
        """Four sets and a pair, one candidate per decomposition of the standing tiles."""
        declared = self.declared
        return [self.regular([*declared, *((k, t, True) for k, t in sets)], pair)
                for sets, pair in iter_decompositions(self.counts)]

    def chosen(self, index: int) -> _Candidate:
        """Decomposition ``index`` (``iter_decompositions`` order), from the fast path's per-suit splits."""
        counts = self.counts
        by_suit = (_M_OPTIONS.get(counts[:9]) or _suit_options(counts[:9], 0),
                   _P_OPTIONS.get(counts[9:18]) or _suit_options(counts[9:18], 9),
                   _S_OPTIONS.get(counts[18:27]) or _suit_options(counts[18:27], 18))
        honors = _HONOR_OPTIONS.get(counts[27:]) or _honor_option(counts[27:])
        n_p, n_s = len(by_suit[1]), len(by_suit[2])
        if honors is None or index >= len(by_suit[0]) * n_p * n_s:
            raise AssertionError(f"{self.hand.notation()}: no decomposition {index}")
        m, p, s = by_suit[0][index // (n_p * n_s)], by_suit[1][index // n_s % n_p], by_suit[2][index % n_s]
        sets = [*self.declared, *m[8], *p[8], *s[8], *honors[8]]
        return self.regular(sets, max(m[2], p[2], s[2], honors[2]))

    # -- exclusions and the fans settled after them ----------------------------------------------

    def settle(self, candidate: _Candidate) -> _Settled:
        """The candidate's fans after the exclusions (then 圈风刻, 门风刻, 幺九刻, 无番和) and its total."""
        mask, more, groups, pungs = candidate
        tables = self.tables
        hit = tables.settled.get(mask)
        left = (tables.settle(mask) if hit is None else hit)[0]
        if pungs:
            ctx = self.ctx
            covered = 0
            if left & _BIG_THREE_WINDS or mask & (_LITTLE_FOUR_WINDS | _BIG_FOUR_WINDS):
                for _, t in pungs:
                    if 27 <= t <= 30:
                        covered |= 1 << t
            if not left & _BIG_FOUR_WINDS:
                for group in pungs:
                    t = group[1]
                    if t == ctx.round_wind:
                        left |= 1 << _ROUND_WIND_BIT
                        groups[_ROUND_WIND_BIT] = [group]
                        covered |= 1 << t
                    if t == ctx.seat_wind:
                        left |= 1 << _SEAT_WIND_BIT
                        groups[_SEAT_WIND_BIT] = [group]
                        covered |= 1 << t
            if not (left & _NO_TERMINAL_PUNGS or mask & _LITTLE_FOUR_WINDS):
                terminal = [g for g in pungs if not covered >> g[1] & 1 and _IS_TERMINAL_OR_WIND[g[1]]]
                if left & _NINE_GATES:
                    terminal = terminal[1:]  # the gate's own 1 or 9 pung
                if terminal:
                    left |= 1 << _TERMINAL_PUNG_BIT
                    more[_TERMINAL_PUNG_BIT] = len(terminal) - 1
                    groups[_TERMINAL_PUNG_BIT] = terminal
        if not left:
            left = 1 << _CHICKEN_BIT
        values = tables.values
        total = 0
        fans: list[tuple[int, int, list[_Group]]] = []
        rest = left
        while rest:
            low = rest & -rest
            rest ^= low
            bit = low.bit_length() - 1
            count = more.get(bit, 0) + 1
            total += values[bit] * count
            fans.append((bit, count, groups.get(bit) or (self.hog_groups if bit == _TILE_HOG_BIT else [])))
        return total, fans

    def hits(self, fans: list[tuple[int, int, list[_Group]]]) -> tuple[FanHit, ...]:
        """The settled fans as results, in table order, flowers last."""
        values = self.tables.values
        notations = _NOTATIONS
        out = [_new(FanHit, (*_ROWS[bit], values[bit], count,
                             tuple([notations[g] for g in melds]) if melds else ()))
               for bit, count, melds in fans]
        flowers = self.ctx.flowers
        if flowers:
            out.append(FanHit("flower_tiles", _FLOWERS.zh, _FLOWERS.en, 1, flowers))
        return tuple(out)


def _value_profile(fans: list[tuple[int, int, list[_Group]]], values: list[int]) -> list[int]:
    return sorted((values[bit] for bit, n, _ in fans for _ in range(n)), reverse=True)


def explain(hand: Hand | HandCounts, ctx: WinContext, profile: Profile, fan_total: int, chosen: int = -1
            ) -> tuple[FanHit, ...]:
    """The fans of a win whose total (flowers excluded) the fast path found: ``calculate(...).fans``.

    ``chosen`` is the candidate that alone reached the total (``fast.fan_choice``: a decomposition's index
    in ``iter_decompositions`` order or a special form): only that one is built. With -1 every candidate
    is weighed, and a tie goes to the bigger single fans, then to the first, as in ``calculate``.
    """
    explainer = _Explainer(hand, ctx, profile)
    if chosen != -1:
        if chosen >= 0:
            candidate: _Candidate | None = explainer.chosen(chosen)
        elif chosen == SEVEN_PAIRS_FORM:
            candidate = explainer.seven_pairs()
        elif chosen == ORPHANS_FORM:
            candidate = explainer.orphans()
        elif chosen == HONORS_AND_KNITTED_FORM:
            candidate = explainer.honors_and_knitted()
        else:
            knit_index, option = divmod(KNITTED_FORM - chosen, 64)
            candidate = explainer.knitted_one(knit_index, option)
        if candidate is None:
            raise AssertionError(f"{hand.notation()}: no candidate {chosen}")
        total, fans = explainer.settle(candidate)
    else:
        candidates: list[_Candidate] = []
        if not hand.melds:
            candidates += explainer.special_forms()
        if len(hand.melds) <= 1:
            candidates += explainer.knitted()
        candidates += explainer.decompositions()
        values = explainer.tables.values
        total, fans = -1, []
        for candidate in candidates:
            cand_total, cand_fans = explainer.settle(candidate)
            if cand_total > total or (cand_total == total and _value_profile(cand_fans, values)
                                      > _value_profile(fans, values)):
                total, fans = cand_total, cand_fans
    # The two paths weigh the same candidates; a difference is a bug in one of them.
    if total != fan_total:
        raise AssertionError(f"{hand.notation()}: fast total {fan_total}, explained {total}")
    return explainer.hits(fans)

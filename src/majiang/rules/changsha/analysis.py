"""Changsha tile efficiency (牌效率) for the bots: shanten toward the wins Changsha pays.

A Changsha hand wins small with four sets and a pair of 2, 5 or 8 (小番子须2、5、8作将), or big with any
pair in a big form (seed 004). Shanten here is the least over the forms worth aiming at: the small win
(its pair a 2, 5 or 8), 清一色 (one suit, any pair), 碰碰胡 (pungs only, any pair) and 七巧对 (seven pairs,
no melds). It counts draws as ``majiang.analysis`` does: 0 ready, -1 complete.

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> shanten(counts_of(parse_tiles("123m456p789s2344s")))   # ready on 1s/4s... but the pair must be 2/5/8
1
>>> shanten(counts_of(parse_tiles("123m456p789s2345s")))   # 5s pair with 234s, or 2s pair with 345s
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from majiang.analysis.forms import pungs_shanten
from majiang.analysis.shanten import RULED_OUT
from majiang.analysis.tables import RECORD, code_of, combine_vectors, suit_table, vectors
from majiang.errors import InvalidHandError
from majiang.hand import Hand, WinBy
from majiang.meld import Meld, MeldKind
from majiang.rules.changsha.options import Options
from majiang.rules.changsha.scoring import WinContext, score

__all__ = ["ChangshaEfficiency", "shanten", "shanten_and_effective", "small_and_big"]

EYES = (1, 4, 7)
"""The ranks (0-based) whose pair serves a small win: 2, 5 and 8 (将)."""


def _plain(code: int) -> tuple[int, ...]:
    """A suit's overlap vector (``[2m + h]``: held tiles m sets and h pairs cover) from the shipped table."""
    return vectors()[suit_table()[code * RECORD]]


@lru_cache(maxsize=1 << 14)
def _eyes(suit: tuple[int, ...]) -> tuple[int, ...]:
    """A suit's overlap vector where the pair, if any, must be a 2, 5 or 8 of this suit."""
    plain = _plain(code_of(suit))
    out = list(plain)
    for m in range(5):
        best = plain[2 * m]  # the pair covers no tile held yet
        for r in EYES:
            for used in (1, 2):
                if suit[r] >= used:
                    rest = list(suit)
                    rest[r] -= used
                    best = max(best, _plain(code_of(rest))[2 * m] + used)
        out[2 * m + 1] = best
    return tuple(out)


def _suits(counts: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(counts[b:b + 9]) for b in (0, 9, 18))


@lru_cache(maxsize=1 << 14)
def _both(a: int, b: int) -> tuple[int, ...]:
    """The overlap vector of two suits together, by their vector ids (about a hundred distinct ones)."""
    return combine_vectors(vectors()[a], vectors()[b])


def _small(suits: tuple[tuple[int, ...], ...], sets: int) -> int:
    """Shanten of four sets and a 2/5/8 pair: the pair in one suit, the sets anywhere."""
    table = suit_table()
    ids = [table[code_of(suit) * RECORD] for suit in suits]
    best = 0
    for s in range(3):
        a, b = (ids[o] for o in range(3) if o != s)
        rest = _both(a, b) if a <= b else _both(b, a)
        eyes = _eyes(suits[s])
        # The pair in suit s: its h=1 entries, the others' h=0 (combine_vectors would let either hold it).
        for m in range(sets + 1):
            used = eyes[2 * m + 1] + rest[2 * (sets - m)]
            if used > best:
                best = used
    return 3 * sets + 1 - best


def _flush(suit: tuple[int, ...], sets: int) -> int:
    """Shanten of one suit alone (清一色): the other suits' tiles count for nothing."""
    return 3 * sets + 1 - _plain(code_of(suit))[2 * sets + 1]


def small_and_big(counts: tuple[int, ...], melds: int, pungs_only: bool, suits_melded: frozenset[int]
                  ) -> tuple[int, int]:
    """The shanten of the small win and the least over the big forms (``RULED_OUT`` if the melds rule
    them all out), by ``_key``'s parts: the bots' prior variants weigh the two apart."""
    sets = 4 - melds
    suits = _suits(counts)
    big = pungs_shanten(counts, sets) if pungs_only else RULED_OUT
    for s in range(3):
        if suits_melded <= {s}:
            big = min(big, _flush(suits[s], sets))
    if not melds:
        big = min(big, 6 - min(sum(n // 2 for n in counts[:27]), 7))
    return _small(suits, sets), big


@lru_cache(maxsize=1 << 16)
def _shanten(counts: tuple[int, ...], melds: int, pungs_only: bool, suits_melded: frozenset[int]) -> int:
    return min(small_and_big(counts, melds, pungs_only, suits_melded))


def _key(counts: Sequence[int], melds: Sequence[Meld]) -> tuple[tuple[int, ...], int, bool, frozenset[int]]:
    if any(counts[27:]):
        raise InvalidHandError("Changsha plays the 108 suited tiles: the holding has an honor")
    return (tuple(counts[:27]), len(melds), all(m.kind is not MeldKind.CHOW for m in melds),
            frozenset(int(m.tile) // 9 for m in melds))


def shanten(counts: Sequence[int], melds: Sequence[Meld] = ()) -> int:
    """The least shanten over the Changsha forms the melds allow (a small win needs a 2/5/8 pair)."""
    return _shanten(*_key(counts, melds))


@lru_cache(maxsize=1 << 14)
def _effective(counts: tuple[int, ...], melds: int, pungs_only: bool,
               suits_melded: frozenset[int]) -> tuple[int, tuple[int, ...]]:
    value = _shanten(counts, melds, pungs_only, suits_melded)
    found = []
    more = list(counts)
    for k in range(27):
        if more[k] < 4:
            more[k] += 1
            if _shanten(tuple(more), melds, pungs_only, suits_melded) < value:
                found.append(k)
            more[k] -= 1
    return value, tuple(found)


def shanten_and_effective(counts: Sequence[int], melds: Sequence[Meld] = ()) -> tuple[int, list[int]]:
    """The shanten and the kinds whose draw lowers it (none held four times standing).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> shanten_and_effective(counts_of(parse_tiles("123m456p789s2345s")))
    (0, [19, 22])
    """
    value, found = _effective(*_key(counts, melds))
    return value, list(found)


@dataclass(frozen=True, slots=True)
class ChangshaEfficiency:
    """Tile efficiency for a Changsha seat (``Ruleset.efficiency``): the forms above, and ``win_points``
    by the scoring ``options`` (a non-dealer's win, on another non-dealer's discard or self-drawn)."""

    options: Options = field(default_factory=Options)
    mcr_fans: bool = False

    def shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """The least shanten over the Changsha forms."""
        return shanten(counts, melds)

    def shanten_and_effective(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[int]]:
        """The least shanten over the Changsha forms, and the kinds that lower it."""
        return shanten_and_effective(counts, melds)

    def is_dead(self, kind: int) -> bool:
        """No suited kind is dead in Changsha."""
        return False

    def win_points(self, hand: Hand, self_drawn: bool) -> int | None:
        """What the winner gains (before birds), None if the hand is no Changsha win."""
        context = WinContext(win_by=WinBy.SELF_DRAWN, seat=1) if self_drawn else WinContext(seat=1, giver=2)
        try:
            return score(hand, context, self.options).payments[1]
        except InvalidHandError:
            return None

"""Changchun tile efficiency (牌效率) for the bots: shanten toward a hand the win conditions allow.

A Changchun win is four sets and a pair holding the three suits and a 1 or 9 (or an honor) (seed 001,
胡牌的条件). Shanten here is the regular form's, plus one for each suit missing and one while neither a 1,
a 9 nor an honor is held: each missing piece costs a draw at least as often as not, so a bot that lowers
this keeps its three suits and a terminal. The pung (一叉) is left to the win check. It counts as
``majiang.analysis`` does: 0 ready, -1 complete.

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> shanten(counts_of(parse_tiles("123m456m789m2345m")))     # ready in shape, but one suit alone
2
>>> shanten(counts_of(parse_tiles("111m456m789p99s34s")))
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from majiang.analysis.shanten import regular_shanten
from majiang.analysis.shanten import shanten_and_effective as regular_shanten_and_effective
from majiang.errors import InvalidHandError
from majiang.hand import Hand, WinBy
from majiang.meld import Meld, MeldKind
from majiang.rules.changchun.options import Options
from majiang.rules.changchun.scoring import WinContext, score

__all__ = ["ChangchunEfficiency", "shanten", "shanten_and_effective"]

_TERMINALS = frozenset({0, 8, 9, 17, 18, 26})


def _shown(melds: Sequence[Meld], options: Options) -> tuple[frozenset[int], bool]:
    """The suits the melds hold, and whether they hold a 1, 9 or honor (special kongs as the option says)."""
    suits: set[int] = set()
    edge = False
    for m in melds:
        if m.kind is MeldKind.MIXED and not options.special_tiles_count:
            continue
        for t in m.tiles:
            if t < 27:
                suits.add(int(t) // 9)
            edge = edge or t >= 27 or int(t) in _TERMINALS
    return frozenset(suits), edge


@lru_cache(maxsize=1 << 16)
def _shanten(counts: tuple[int, ...], melds: int, suits: frozenset[int], edge: bool) -> int:
    value = regular_shanten(counts, melds)
    held = set(suits)
    held.update(s for s in range(3) if any(counts[9 * s:9 * s + 9]))
    value += 3 - len(held)
    if not edge and not any(counts[27:]) and not any(counts[t] for t in _TERMINALS):
        value += 1
    return value


def shanten(counts: Sequence[int], melds: Sequence[Meld] = (), options: Options | None = None) -> int:
    """The regular form's shanten, with a draw for each missing suit and for a missing 1/9 or honor."""
    suits, edge = _shown(melds, options or Options())
    return _shanten(tuple(counts), len(melds), suits, edge)


def shanten_and_effective(counts: Sequence[int], melds: Sequence[Meld] = (),
                          options: Options | None = None) -> tuple[int, list[int]]:
    """The shanten and the kinds whose draw lowers it (none held four times standing).

    >>> from majiang.analysis.decompose import counts_of
    >>> from majiang.notation import parse_tiles
    >>> shanten_and_effective(counts_of(parse_tiles("111m456m789p99s34s")))
    (0, [19, 22])
    """
    suits, edge = _shown(melds, options or Options())
    key = tuple(counts)
    if sum(key) + 3 * len(melds) == 13:
        return _after_discard(key, len(melds), suits, edge)
    value = _shanten(key, len(melds), suits, edge)
    more = list(key)
    found = []
    for k in range(34):
        if more[k] < 4:
            more[k] += 1
            if _shanten(tuple(more), len(melds), suits, edge) < value:
                found.append(k)
            more[k] -= 1
    return value, found


def _after_discard(counts: tuple[int, ...], melds: int, suits: frozenset[int], edge: bool
                   ) -> tuple[int, list[int]]:
    """``shanten_and_effective`` of a hand waiting for its 14th tile, from the regular form's fast path.

    Each part of the value (the regular shanten, a draw a missing suit, one for a missing 1/9 or honor)
    can only fall when a tile is added, so a kind lowers the sum exactly when it lowers one part: the
    regular form's effective kinds, every kind of a missing suit, and while the edge is missing every 1,
    9 and honor (none of those is held at all, so none is held four times).
    """
    regular, found = regular_shanten_and_effective(counts, melds, "regular")
    held = set(suits)
    held.update(s for s in range(3) if any(counts[9 * s:9 * s + 9]))
    value = regular + 3 - len(held)
    kinds = set(found)
    for s in range(3):
        if s not in held:
            kinds.update(range(9 * s, 9 * s + 9))
    if not edge and not any(counts[27:]) and not any(counts[t] for t in _TERMINALS):
        value += 1
        kinds.update(_TERMINALS)
        kinds.update(range(27, 34))
    return value, sorted(kinds)


@dataclass(frozen=True, slots=True)
class ChangchunEfficiency:
    """Tile efficiency for a Changchun seat (``Ruleset.efficiency``), and ``win_points`` by the scoring
    ``options`` (a non-dealer's win, on another non-dealer's discard or self-drawn)."""

    options: Options = field(default_factory=Options)
    mcr_fans: bool = False

    def shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """Shanten toward a hand with the three suits and a 1/9 or honor."""
        return shanten(counts, melds, self.options)

    def shanten_and_effective(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[int]]:
        """The shanten, and the kinds that lower it."""
        return shanten_and_effective(counts, melds, self.options)

    def is_dead(self, kind: int) -> bool:
        """No kind is dead in Changchun."""
        return False

    def win_points(self, hand: Hand, self_drawn: bool) -> int | None:
        """What the winner gains, None if the hand is no Changchun win."""
        context = WinContext(WinBy.SELF_DRAWN, seat=1) if self_drawn else WinContext(seat=1, giver=2)
        try:
            return score(hand, context, self.options).payments[1]
        except InvalidHandError:
            return None

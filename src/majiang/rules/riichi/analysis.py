"""Riichi's winning forms and a yaku-aware tile efficiency for the bots (the ruleset's analysis).

The forms are four sets and a pair, seven *different* pairs (七対子: four equal tiles are not two
pairs, unlike Chinese Official rules) and the thirteen orphans (国士無双). ``riichi_waits`` is the
engine's ``waits`` hook for riichi; ``RiichiEfficiency`` is what ``RiichiRules.efficiency`` gives the
bots: an open hand counts only the routes that keep a yaku within reach (a pung of value honors, all
simples, one suit with honors), and a ready open hand whose waits would bring no yaku counts as one
tile short, so a bot never sits ready on a hand that cannot win.

>>> from majiang.analysis.decompose import counts_of
>>> from majiang.notation import parse_tiles
>>> held = counts_of(parse_tiles("1122334455667m"))
>>> sorted(riichi_waits(held, 0, held))
[0, 3, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from majiang.analysis.ready import distance
from majiang.analysis.shanten import RULED_OUT, form_shanten, regular_shanten, shanten_and_effective
from majiang.errors import InvalidHandError
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.tiles import TERMINALS_AND_HONORS

__all__ = ["ORPHANS", "RiichiEfficiency", "is_simple", "riichi_forms", "riichi_shanten", "riichi_waits"]

ORPHANS = tuple(int(t) for t in TERMINALS_AND_HONORS)
"""The thirteen terminal and honor kinds (么九牌)."""


def is_simple(kind: int) -> bool:
    """Whether a kind is a simple (中張牌, 2-8 of a suit)."""
    return kind < 27 and 0 < kind % 9 < 8


def _pairs_form(counts: Sequence[int]) -> tuple[int, list[int]]:
    """Shanten of seven different pairs, and the kinds whose draw lowers it."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    value = 6 - pairs + max(0, 7 - kinds)
    singles = [t for t, c in enumerate(counts) if c == 1]
    if kinds < 7:
        singles.extend(t for t, c in enumerate(counts) if c == 0)
    return value, sorted(singles)


def riichi_forms(counts: Sequence[int], melds: int) -> tuple[int, list[int]]:
    """The lowest shanten over riichi's forms and the kinds whose draw lowers it (counts: standing tiles)."""
    value, effective = shanten_and_effective(counts, melds, "regular")
    found = set(effective)
    if not melds:
        for v, kinds in (_pairs_form(counts), shanten_and_effective(counts, 0, "thirteen_orphans")):
            if v < value:
                value, found = v, set(kinds)
            elif v == value:
                found.update(kinds)
    return value, sorted(t for t in found if counts[t] < 4)


def riichi_shanten(counts: Sequence[int], melds: int) -> int:
    """The lowest shanten over riichi's forms (-1: complete), without the effective kinds."""
    # Riichi's forms are Chinese Official ones: the quick minimum over those bounds riichi's from below.
    value = distance(counts, melds)
    if value > 0:
        return value
    value = regular_shanten(counts, melds)
    if not melds:
        value = min(value, _pairs_form(counts)[0], form_shanten(counts, 0, "thirteen_orphans"))
    return value


def riichi_waits(counts: Sequence[int], melds: int, held: Sequence[int]) -> frozenset[int]:
    """The kinds completing a 13-tile holding in a riichi form, leaving out kinds the seat holds all four
    of (standing and melded: such a wait is no tenpai, as on Tenhou)."""
    value, kinds = riichi_forms(counts, melds)
    if value != 0:
        return frozenset()
    return frozenset(t for t in kinds if held[t] < 4)


def _meld_kinds(melds: Sequence[Meld]) -> list[int]:
    return [int(t) for m in melds for t in m.tiles]


@dataclass(frozen=True, slots=True)
class RiichiEfficiency:
    """Riichi tile efficiency for one seat: ``values`` are its value honors (dragons, its seat wind and the
    round wind), ``open_tanyao`` whether all simples counts with calls (喰いタン)."""

    values: frozenset[int]
    open_tanyao: bool = True

    @property
    def mcr_fans(self) -> bool:
        """Riichi wins are not scored by Chinese Official fans."""
        return False

    def is_dead(self, kind: int) -> bool:
        """No kind is dead in riichi."""
        return False

    def shanten(self, counts: Sequence[int], melds: Sequence[Meld]) -> int:
        """The lowest shanten over the routes to a win with a yaku."""
        return self.shanten_and_effective(counts, melds)[0]

    def shanten_and_effective(self, counts: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[int]]:
        """The lowest shanten over the routes to a win with a yaku, and the kinds whose draw lowers it."""
        if all(m.is_concealed_kong for m in melds):
            return riichi_forms(counts, len(melds))  # closed: riichi or menzen tsumo is always a yaku
        if any(m.kind != MeldKind.CHOW and int(m.tile) in self.values for m in melds):
            return riichi_forms(counts, len(melds))
        best, found = RULED_OUT, set()
        for value, kinds in self._routes(counts, melds):
            if value < best:
                best, found = value, set(kinds)
            elif value == best:
                found.update(kinds)
        if best == 0 and sum(counts) % 3 == 1 and not self._ready_with_yaku(counts, melds, found):
            return 1, sorted(found)
        return best, sorted(found)

    def _routes(self, counts: Sequence[int], melds: Sequence[Meld]) -> list[tuple[int, list[int]]]:
        """Each route of an open hand: (shanten, effective kinds) with the tiles it cannot use set aside."""
        n = len(melds)
        meld_kinds = _meld_kinds(melds)
        out: list[tuple[int, list[int]]] = []
        if self.open_tanyao and all(is_simple(t) for t in meld_kinds):
            kept = [c if is_simple(t) else 0 for t, c in enumerate(counts)]
            value, kinds = shanten_and_effective(kept, n, "regular")
            out.append((value, [t for t in kinds if is_simple(t)]))
        for suit in range(3):
            if all(t >= 27 or t // 9 == suit for t in meld_kinds):
                kept = [c if t >= 27 or t // 9 == suit else 0 for t, c in enumerate(counts)]
                value, kinds = shanten_and_effective(kept, n, "regular")
                out.append((value, [t for t in kinds if t >= 27 or t // 9 == suit]))
        if any(counts[v] >= 2 for v in self.values):
            out.append(shanten_and_effective(counts, n, "regular"))
        return out

    def _ready_with_yaku(self, counts: Sequence[int], melds: Sequence[Meld], waits: set[int]) -> bool:
        """Whether some wait of a ready open hand surely brings a yaku: all simples, one suit with honors,
        or a pung of a value honor (one held three times, or the wait completing a pair of one)."""
        meld_kinds = _meld_kinds(melds)
        held = [k for k in range(34) if counts[k]]
        for w in waits:
            kinds = [*meld_kinds, *held, w]
            if self.open_tanyao and all(is_simple(t) for t in kinds):
                return True
            if len({t // 9 for t in kinds if t < 27}) <= 1:
                return True
            # Honors only make pungs and pairs: three of a value honor in a complete hand are its pung.
            if any(counts[v] + (w == v) >= 3 for v in self.values):
                return True
        return False

    def win_points(self, hand: Hand, self_drawn: bool) -> int | None:
        """The points of the win (no riichi, no dora; winds from ``values``), None without a yaku."""
        from majiang.rules.riichi import WinContext, score

        try:
            result = score(hand, WinContext(tsumo=self_drawn))
        except InvalidHandError:
            return None
        return int(result.points)

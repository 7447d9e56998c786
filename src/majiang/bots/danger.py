"""Reading the table for danger: who looks ready, and how likely a discard is to deal into them.

Everything comes from a seat's view. An opponent's *threat* is a rough chance that it is ready on a
legal (8-fan) hand: it grows with its declared melds (four melds leave a single standing tile, so it
is surely waiting), with the number of its discards, and with melds that show a fan plan (all in one
suit: a flush; all pungs: 碰碰和). A tile's *danger* against a ready opponent is a rough chance that
the tile is among its waits:

* a tile discarded after the opponent's own latest discard, by the seats that play between it and
  us, is close to safe: the opponent let it pass with the hand it still holds (bots always win when
  they may);
* its own discards are safer (Chinese Official has no furiten, so not safe);
* honors get safer as copies come into sight, and are safe when no copy is left for anyone to hold;
* terminals are safer than middle tiles; a suited tile whose other copies are all in sight can only
  complete a chow;
* the 筋 (suji, three apart) of its discards are a little safer;
* against a flush, tiles of the other suits are nearly safe and tiles of its suit twice as dangerous.

Under a ruleset with furiten (Japanese riichi) the reading is sharper, in the same words. A seat in
riichi is ready (threat 1). Against any seat, its whole river and, once it is in riichi, every kind
discarded after its declaration cannot win by discard (現物, genbutsu: ``safe_kinds``). A tile's danger is
the sum of the waits that could still take it, each only while it is possible: the two-sided waits
(両面) on either side, unless the tile three away is safe (筋, suji: 1-4-7, 2-5-8, 3-6-9; a 1 or 9 has one
side, a 4, 5 or 6 needs both) or a tile of the shape is all in sight (壁, kabe; three in sight halve it);
the edge (辺張) and closed (嵌張) waits, unless a tile of their shape is all in sight; and the pair waits
(单骑 and 双碰) by the copies left, which is all an honour can be.

>>> from majiang.game import Game
>>> table = read_table(Game(seed=3).view(0))
>>> [round(x, 2) for x in table.threat]
[0.0, 0.04, 0.04, 0.04]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.bots.common import seen_counts
from majiang.game.table import View
from majiang.meld import MeldKind

TYPE_CHECKING = False  # (not typing's: mypy reads any TYPE_CHECKING as true)
if TYPE_CHECKING:
    from majiang.rules.riichi.state import RiichiPublic

__all__ = ["Table", "read_table", "safe_kinds"]

_BY_MELDS = (0.04, 0.12, 0.3, 0.55, 0.95)
_RANK_DANGER = (0.05, 0.075, 0.1, 0.1, 0.1, 0.1, 0.1, 0.075, 0.05)
_HONOR_DANGER = (0.0, 0.03, 0.06, 0.07, 0.07)  # by copies an opponent could still hold
# Danger with furiten, per wait that could still take the tile (rough shares of a ready hand's waits).
_TWO_SIDED = 0.06
_EDGE = 0.02
_CLOSED = 0.025
_PAIR = 0.006  # per copy left to hold


@dataclass(frozen=True, slots=True)
class Table:
    """A seat's reading of the table: each opponent's threat and each kind's danger against it."""

    seat: int
    threat: tuple[float, float, float, float]
    danger: tuple[tuple[float, ...], ...]
    """danger[o][t]: chance that kind t is among opponent o's waits, were it ready."""

    def deal_in(self, tile: int) -> float:
        """Chance that discarding ``tile`` now deals into someone."""
        safe = 1.0
        for o in range(4):
            if o != self.seat:
                safe *= 1.0 - self.threat[o] * self.danger[o][tile]
        return 1.0 - safe

    @property
    def hazard(self) -> float:
        """Chance per turn that the hand ends in someone else's win (a rough figure)."""
        return min(0.5, sum(0.12 * x for o, x in enumerate(self.threat) if o != self.seat))


def _flush_suit(view: View, o: int) -> int | None:
    """The suit of an opponent whose two or more shown melds all lie in that suit (or honors)."""
    suits = {m.tile // 9 for m in view.melds[o] if m.tile < 27}
    if len(view.melds[o]) >= 2 and len(suits) == 1:
        return suits.pop()
    return None


def _threat(view: View, o: int) -> float:
    melds = view.melds[o]
    n = len(melds) + view.hidden_kongs[o]
    value = _BY_MELDS[min(n, 4)]
    if n <= 2:
        value += 0.025 * max(0, len(view.discards[o]) - 6)
    if melds and n < 4:
        # A plan the melds show makes a legal (8-fan) wait likelier; scattered chows make it rarer.
        if _flush_suit(view, o) is not None:
            value *= 1.3
        elif all(m.kind != MeldKind.CHOW for m in melds):
            value *= 1.1
        elif len({m.tile // 9 for m in melds if m.tile < 27}) >= 2 and any(m.tile >= 27 for m in melds):
            value *= 1.0
        else:
            value *= 0.8
    if view.wall_left < 16:
        value *= 1.2
    return min(0.95, value)


def _passed(view: View, o: int) -> set[int]:
    """Kinds discarded since ``o``'s latest discard by the seats between it and us (it let them pass)."""
    out: set[int] = set()
    s = (o + 1) % 4
    while s != view.seat:
        if view.discards[s]:
            out.add(view.discards[s][-1])
        s = (s + 1) % 4
    return out


def _danger(view: View, o: int, seen: Sequence[int]) -> tuple[float, ...]:
    pile = view.discards[o]
    own = set(pile)
    passed = _passed(view, o)
    flush = _flush_suit(view, o)
    pungs = len(view.melds[o]) >= 2 and all(m.kind != MeldKind.CHOW for m in view.melds[o])
    out = []
    for t in range(34):
        left = 4 - seen[t]  # copies anyone else could hold
        if t >= 27:
            d = _HONOR_DANGER[left]
            if flush is not None or pungs:
                d *= 1.3
        else:
            r = t % 9
            d = _RANK_DANGER[r]
            if left == 0:
                d *= 0.4  # only a chow wait is left
            suji = [t - 3] if r >= 6 else [t + 3] if r <= 2 else [t - 3, t + 3]
            hits = sum(1 for k in suji if k in own)
            if hits:
                d *= 0.5 if hits == len(suji) else 0.75
            if flush is not None:
                d *= 2.5 if t // 9 == flush else 0.15
            elif pungs:
                d *= 0.8
        if t in own:
            d *= 0.3
        if t in passed:
            d *= 0.05
        out.append(min(d, 0.6))
    return tuple(out)


def safe_kinds(view: View, o: int) -> frozenset[int] | None:
    """The kinds seat ``o`` cannot win on by discard as far as the view tells (現物, genbutsu): its whole
    river and what was discarded after its riichi; None under a ruleset without furiten.

    >>> from majiang.game import Game
    >>> from majiang.game.ruleset import find_ruleset
    >>> riichi = Game(find_ruleset("riichi"), seed=3)
    >>> safe_kinds(Game(seed=3).view(0), 1) is None, safe_kinds(riichi.view(0), 1)
    (True, frozenset())
    """
    state = _riichi_public(view.public_state)
    if state is None:
        return None
    return frozenset(int(t) for t in (*state.rivers[o], *state.since_riichi[o]))


def _riichi_public(state: Any) -> RiichiPublic | None:
    """``state`` if it is riichi's public state. Riichi is not imported for the question: a process
    that has not loaded it has no riichi view (a Chinese Official bot then loads no riichi code)."""
    module = sys.modules.get("majiang.rules.riichi.state")
    return state if module is not None and isinstance(state, module.RiichiPublic) else None


def _furiten_danger(seen: Sequence[int], safe: frozenset[int]) -> tuple[float, ...]:
    """Danger of each kind against a seat that cannot win on ``safe`` (the waits that could take it)."""
    out = []
    for t in range(34):
        left = 4 - seen[t]
        if t in safe or left <= 0:
            out.append(0.0)
            continue
        d = _PAIR * left
        if t < 27:
            r = t % 9
            for step in (1, -1):
                b, beyond = r + 2 * step, r + 3 * step
                if not 0 <= b <= 8:
                    continue
                if seen[t + step] >= 4 or seen[t + 2 * step] >= 4:
                    continue  # kabe: the shape cannot be held
                if not 0 <= beyond <= 8:
                    d += _EDGE  # 12 waiting on 3, 89 on 7
                    continue
                if t + 3 * step in safe:
                    continue  # suji: that two-sided wait would be furiten
                d += _TWO_SIDED * (0.5 if max(seen[t + step], seen[t + 2 * step]) == 3 else 1.0)
            if 1 <= r <= 7 and seen[t - 1] < 4 and seen[t + 1] < 4:
                d += _CLOSED
        out.append(d)
    return tuple(out)


def read_table(view: View, seen: Sequence[int] | None = None) -> Table:
    """Threats and dangers as ``view.seat`` sees them."""
    if seen is None:
        seen = seen_counts(view)
    threat = [0.0, 0.0, 0.0, 0.0]
    danger: list[tuple[float, ...]] = []
    state = _riichi_public(view.public_state)
    for o in range(4):
        if o == view.seat:
            danger.append((0.0,) * 34)
            continue
        safe = safe_kinds(view, o)
        if safe is None:
            threat[o] = _threat(view, o)
            danger.append(_danger(view, o, seen))
            continue
        assert state is not None
        threat[o] = 1.0 if state.riichi[o] else _threat(view, o)
        danger.append(_furiten_danger(seen, safe))
    return Table(view.seat, (threat[0], threat[1], threat[2], threat[3]), tuple(danger))

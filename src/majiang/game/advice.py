"""Discard advice (何切) under any ruleset, from its ``Efficiency``: the coach beyond Chinese Official.

The Chinese Official coach (``majiang.mcr.discard_advice``) knows the 8-fan minimum in depth; this one
asks a ruleset only what every ruleset answers (``Ruleset.seat_efficiency``): the shanten over its winning
forms, the tiles that lower it, which kinds are dead (a void suit), and what a win is worth on its own
scale. So Sichuan's void suit, Changsha's 2/5/8 pair, riichi's yaku and Yangzhou's 20-番 forms all come in
through their own efficiency, and a new ruleset gets a coach with its registry entry.

>>> from majiang.game.ruleset import find_ruleset
>>> rows = ruleset_advice(find_ruleset("sichuan"), Hand.parse("123456789m1199p5s"))
>>> best = rows[0]
>>> best.discard.notation(), best.shanten, [(w.tile.notation(), w.points_discard) for w in best.waits]
('5s', 0, [('1p', 6), ('9p', 6)])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from majiang.analysis.efficiency import LiveTile, seen_counts
from majiang.analysis.shanten import RULED_OUT
from majiang.errors import InvalidHandError
from majiang.game._protocol import Efficiency
from majiang.game.ruleset import Ruleset, SeatContext
from majiang.hand import Hand
from majiang.tiles import ALL_TILES, Tile

__all__ = ["RulesetDiscard", "RulesetWait", "ruleset_advice"]


@dataclass(frozen=True, slots=True)
class RulesetWait:
    """A winning tile of a ready hand: its live copies and the win's worth on the ruleset's scale, on a
    discard and self-drawn (None: no valid win that way, e.g. no yaku, below a minimum)."""

    tile: Tile
    live: int
    points_discard: int | None
    points_self_drawn: int | None

    @property
    def legal(self) -> bool:
        """Whether the tile makes a valid win one way or the other."""
        return self.points_discard is not None or self.points_self_drawn is not None


@dataclass(frozen=True, slots=True)
class RulesetDiscard:
    """One discard: the shanten it leaves (``RULED_OUT``, 99, when the melds rule every form out), the
    effective tiles with their live copies, their sum, the waits if ready and the live copies of the
    legal ones (None unless ready); ``dead``: the tile can have no place in a win (the void suit)."""

    discard: Tile
    shanten: int
    effective: tuple[LiveTile, ...]
    live: int
    waits: tuple[RulesetWait, ...]
    legal_live: int | None
    dead: bool

    def to_dict(self) -> dict[str, Any]:
        """As ``/api/coach`` and ``majiang analyze --rules R --json`` give it (a wait's worth as
        ``value_discard`` and ``value_self_drawn``)."""
        return {
            "discard": self.discard.notation(), "shanten": self.shanten, "dead": self.dead,
            "effective": [{"tile": e.tile.notation(), "live": e.live} for e in self.effective],
            "live": self.live, "legal_live": self.legal_live,
            "waits": [{"tile": w.tile.notation(), "live": w.live, "value_discard": w.points_discard,
                       "value_self_drawn": w.points_self_drawn, "legal": w.legal} for w in self.waits],
        }

    def _key(self) -> tuple[int, int, int, int, int]:
        best = max((max(w.points_discard or 0, w.points_self_drawn or 0) for w in self.waits), default=0)
        # Dead tiles first (the rules make them go first); then the nearest a win, the most live tiles to
        # a legal win, the most live effective tiles, the biggest win; the tile's order breaks ties.
        return (not self.dead, self.shanten, -(self.legal_live or 0), -self.live, -best)


def ruleset_advice(rules: Ruleset, hand: str | Hand, visible: Iterable[Tile] = (),
                   seat: SeatContext | None = None) -> list[RulesetDiscard]:
    """Every distinct discard of a 14-tile ``hand`` (melds count three) under ``rules``, best first.

    ``visible`` are the tiles seen elsewhere (others' melds, every discard); ``seat`` the seat's winds and
    void suit. Raises InvalidHandError for a hand that is not 14 tiles or shows a fifth copy.
    """
    parsed = Hand.parse(hand) if isinstance(hand, str) else hand
    if parsed.winning_tile is None:
        raise InvalidHandError(f"{parsed.notation()} has {13 - 3 * len(parsed.melds)} standing tiles; the "
                               f"coach needs {14 - 3 * len(parsed.melds)} (a hand about to discard)")
    visible = list(visible)
    seen = seen_counts(parsed, visible)
    in_play = {k for k in rules.wall_tiles() if k < 34}
    for kind, count in enumerate(seen):
        if count and kind not in in_play:
            raise InvalidHandError(f"{ALL_TILES[kind].notation()}: ruleset {rules.name!r} plays no such tile "
                                   f"(its {len(in_play)} kinds are {_kinds(in_play)})")
    efficiency = rules.seat_efficiency(seat or SeatContext())
    counts = parsed.counts()
    rows = []
    for kind in range(34):
        if not counts[kind]:
            continue
        counts[kind] -= 1
        rows.append(_row(efficiency, parsed, counts, seen, kind))
        counts[kind] += 1
    rows.sort(key=lambda r: (r._key(), int(r.discard)))
    return rows


def _kinds(kinds: set[int]) -> str:
    suits = "".join("mps"[s] for s in range(3) if any(9 * s <= k < 9 * s + 9 for k in kinds))
    return f"the suits {suits}" + (" and honors" if any(k >= 27 for k in kinds) else " only")


def _row(efficiency: Efficiency, hand: Hand, counts: list[int], seen: list[int], kind: int) -> RulesetDiscard:
    shanten, effective = efficiency.shanten_and_effective(counts, hand.melds)
    if shanten >= RULED_OUT:
        effective = []
    live = tuple(LiveTile(ALL_TILES[k], 4 - seen[k]) for k in effective)
    waits: tuple[RulesetWait, ...] = ()
    legal_live = None
    if shanten == 0:
        standing = [ALL_TILES[k] for k in range(34) for _ in range(counts[k])]
        waits = tuple(_wait(efficiency, hand, standing, t) for t in live)
        legal_live = sum(w.live for w in waits if w.legal)
    return RulesetDiscard(ALL_TILES[kind], shanten, live, sum(t.live for t in live), waits, legal_live,
                          efficiency.is_dead(kind))


def _wait(efficiency: Efficiency, hand: Hand, standing: list[Tile], tile: LiveTile) -> RulesetWait:
    win = Hand.of(hand.melds, standing, tile.tile)
    return RulesetWait(tile.tile, tile.live, efficiency.win_points(win, False),
                       efficiency.win_points(win, True))

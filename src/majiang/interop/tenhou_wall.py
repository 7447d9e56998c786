"""A Tenhou hand's wall rebuilt from what its log shows: in drawing order, and as the ring the dice break."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from majiang.interop.tenhou_mjlog import (
    DRAWS,
    RED_IDS,
    MjlogError,
    _Hand,
    _ints,
    _meld,
    _one,
    _seed,
    _tile_id,
)
from majiang.rules.riichi.ruleset import RiichiRules, red_places

__all__ = ["LIVE_START", "red_ids"]

LIVE_START = 52
"""The dealer's first draw is the wall's place 52 (after thirteen tiles dealt to each seat)."""


def red_ids(red_fives: int) -> frozenset[int]:
    """The tile ids of the red fives: each five's first id (Tenhou's), and with ``red_fives`` 4 the second
    5p too (our logs name both red 5p ``5pr``; Tenhou has no such table).

    >>> sorted(red_ids(4))
    [16, 52, 53, 88]
    """
    return RED_IDS | {53} if red_fives == 4 else RED_IDS


def _deal_places(dealer: int) -> list[list[int]]:
    """The places in the drawing-order wall of each seat's 13 dealt tiles (4, 4, 4 then 1 each)."""
    places: list[list[int]] = [[] for _ in range(4)]
    order = [(dealer + k) % 4 for k in range(4)]
    i = 0
    for _ in range(3):
        for s in order:
            places[s].extend(range(i, i + 4))
            i += 4
    for s in order:
        places[s].append(i)
        i += 1
    return places


@dataclass(slots=True)
class _Wall:
    """A hand's wall in drawing order as the log shows it: tile ids at known places, None elsewhere."""

    places: list[int | None] = field(default_factory=lambda: [None] * 136)

    def put(self, place: int, tile: int, where: str) -> None:
        if not 0 <= place < 136:
            raise MjlogError(where, "more tiles drawn than the wall holds")
        old = self.places[place]
        if old is not None and old != tile:
            raise MjlogError(where, f"wall place {place} would hold both tile {old} and tile {tile}")
        if old is None and tile in self.places:
            raise MjlogError(where, f"tile {tile} appears twice in the hand")
        self.places[place] = tile

    def kinds(self, red_fives: int, where: str) -> tuple[list[int], int]:
        """The wall as kinds, its never-seen places filled so that the engine's red fives (``red_places``)
        fall where the log shows them; and how many places the log showed."""
        seen = sum(1 for p in self.places if p is not None)
        unseen = sorted(set(range(136)) - {p for p in self.places if p is not None})
        holes = [i for i, p in enumerate(self.places) if p is None]
        rng = random.Random(0)
        for _ in range(20000):
            ids = list(self.places)
            for place, tile in zip(holes, unseen, strict=True):
                ids[place] = tile
            kinds = [int(t) // 4 for t in ids if t is not None]
            if not red_fives or self._red_fits(kinds, red_fives):
                return kinds, seen
            rng.shuffle(unseen)
        raise MjlogError(where, "no filling of the unseen wall places puts the red fives where the log shows "
                                "them")

    def _red_fits(self, kinds: list[int], red_fives: int) -> bool:
        red = red_places(kinds, red_fives)
        named = red_ids(red_fives)
        for place, tile in enumerate(self.places):
            if tile is not None and tile // 4 in (4, 13, 22) and (place in red) != (tile in named):
                return False
        return True


def _wall_of(hand: _Hand, dealer: int) -> _Wall:
    """Where the log's tiles lie in the drawing-order wall: the deal, the draws in order (replacement
    draws from the tail), the dora indicators and the ura indicators shown at a riichi win."""
    wall = _Wall()
    n = hand.number
    init = hand.init
    deal = _deal_places(dealer)
    for s in range(4):
        ids = _ints(init, f"hai{s}", n)
        if len(ids) != 13:
            raise MjlogError(init.where(n), f"hai{s} holds {len(ids)} tiles, not 13")
        for place, tile in zip(deal[s], ids, strict=True):
            wall.put(place, tile, init.where(n))
    seed = _seed(init, n)
    wall.put(130, seed[5], init.where(n))
    front, tail, dora = LIVE_START, 135, 1
    kan_pending = False
    for tag in hand.tags:
        name = tag.name
        if name[0] in DRAWS and name[1:].isdigit():
            tile = _tile_id(tag, name[1:], n)
            if kan_pending:
                wall.put(tail, tile, tag.where(n))
                tail -= 1
                kan_pending = False
            else:
                wall.put(front, tile, tag.where(n))
                front += 1
        elif name == "N":
            meld = _meld(tag, n)
            kan_pending = meld["kind"] in ("kan", "added", "concealed")
        elif name == "DORA":
            if dora > 4:
                raise MjlogError(tag.where(n), "a fifth kan dora indicator")
            wall.put(130 - 2 * dora, _one(tag, "hai", n, 0, 135), tag.where(n))
            dora += 1
        elif name == "AGARI" and tag.attrs.get("doraHaiUra"):
            ura = _ints(tag, "doraHaiUra", n)
            if len(ura) > 5 or not all(0 <= t < 136 for t in ura):
                raise MjlogError(tag.where(n), "doraHaiUra is not up to five tile ids 0-135")
            for k, tile in enumerate(ura):
                wall.put(131 - 2 * k, tile, tag.where(n))
    return wall


def _dice(seed: list[int]) -> tuple[int, int]:
    """Tenhou breaks the wall with one roll of two dice (seed numbers 3 and 4, each 0-5); our start line
    has two rolls: both are that roll."""
    roll = seed[3] + seed[4] + 2
    return roll, roll


def _ring(wall: list[int], rules: RiichiRules, dealer: int, dice: tuple[int, int]) -> list[int]:
    """The ring that, broken by ``dice``, gives ``wall`` in drawing order."""
    order = list(rules.new_wall(list(range(len(wall))), dealer, dice))
    ring = [0] * len(wall)
    for i, place in enumerate(order):
        ring[place] = wall[i]
    return ring

"""Prepared walls for the table tests: say what the live wall should hold, get the ring that gives it.

A ``Game`` takes its wall as a ring of 144 wall codes (0-33 the playing tiles, 34-41 the flowers) laid
out before the break: the wall in front of seat ``s`` is stacks ``18 * ((-s) % 4)`` to ``+ 17`` (two
codes a stack), so the wall of seat ``s - 1`` (上家) follows that of seat ``s``. The dealer rolls
``first``; counting from the dealer in turn order the points land on the second roller, who rolls
``second``; drawing starts after ``first + second`` stacks counted from the start of the second roller's
wall (source 003). The live wall is the ring read from there; the front deals and draws, the tail (the
other end) gives replacements for flowers and kongs.

This module inverts that rotation: ``Layout`` describes the hands as dealt, the draws from the front,
the replacements from the tail and, if wanted, the last tile of the live wall, and ``Layout.ring()``
builds the ring that produces them.

>>> second_roller(0, 4), break_stack(0, (5, 10)), break_stack(2, (10, 12))
(3, 15, 40)
>>> wall = Layout(("123m456p789s1sEEC", "", "", ""), "3m", draws="E f").live()
>>> wall[:4], wall[52:55]
([0, 1, 2, 12], [2, 27, 34])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from majiang.game import Game, Ruleset
from majiang.game.ruleset import find_ruleset
from majiang.notation import parse_tiles
from majiang.tiles import Tile

__all__ = ["FLOWERS", "STACKS_PER_WALL", "Layout", "break_stack", "codes", "deal_order", "prepared_game",
           "ring_from_live", "second_roller"]

FLOWERS = range(34, 42)
"""Wall codes of the eight flowers."""
STACKS_PER_WALL = 18
_FLOWER = -1  # a flower whose code is given when the wall is built


def second_roller(dealer: int, first: int) -> int:
    """The seat the dealer's points land on, counting the dealer as one and going in turn order."""
    return (dealer + first - 1) % 4


def break_stack(dealer: int, dice: tuple[int, int]) -> int:
    """The ring stack (0-71) that drawing starts from."""
    roller = second_roller(dealer, dice[0])
    return (STACKS_PER_WALL * ((-roller) % 4) + dice[0] + dice[1]) % (4 * STACKS_PER_WALL)


def ring_from_live(live: Sequence[int], dealer: int, dice: tuple[int, int]) -> list[int]:
    """The ring whose live wall, after the break, reads ``live`` (all 144 codes)."""
    if len(live) != 144:
        raise ValueError(f"a live wall has 144 codes, not {len(live)}")
    start = 2 * break_stack(dealer, dice)
    ring = [0] * 144
    for i, code in enumerate(live):
        ring[(start + i) % 144] = code
    return ring


def codes(text: str) -> list[int]:
    """Wall codes from notation words; the word ``f`` is one flower (numbered when the wall is built).

    >>> codes("12m f E")
    [0, 1, -1, 27]
    """
    out: list[int] = []
    for word in text.split():
        if word == "f":
            out.append(_FLOWER)
        else:
            out.extend(int(t) for t in parse_tiles(word))
    return out


def deal_order(hands: Sequence[Sequence[int]], extra: int, dealer: int) -> list[int]:
    """The 53 codes of the deal in wall order, from each seat's 13 tiles as they are dealt and the
    dealer's 14th: three rounds of four from the dealer in turn order, then 跳牌 (the dealer takes the
    first and the fifth of the next five, the others one each in turn)."""
    order = [(dealer + k) % 4 for k in range(4)]
    out: list[int] = []
    for r in range(3):
        for seat in order:
            out.extend(hands[seat][4 * r:4 * r + 4])
    out.extend(hands[seat][12] for seat in order)
    out.append(extra)
    return out


@dataclass(frozen=True, slots=True)
class Layout:
    """A prepared hand: what each seat is dealt, and what the wall gives afterwards.

    ``hands`` are the 13 tiles of each seat by seat, in the order they are dealt (the dealer's without
    its 14th, ``extra``); an empty string means "fill with unused tiles". ``draws`` are the tiles drawn
    from the front after the deal, in order; ``tail`` the replacements taken from the tail, in the order
    they are taken; ``last`` the final tiles of the live wall, which end it only once exactly
    ``len(tail)`` replacements were taken (so every flower must then be placed explicitly). Unused tiles
    fill the middle of the wall, unused flowers in the middle of them.
    """

    hands: tuple[str, str, str, str]
    extra: str
    draws: str = ""
    tail: str = ""
    last: str = ""
    dealer: int = 0
    dice: tuple[int, int] = (6, 9)

    def live(self) -> list[int]:
        """The live wall, front first: the deal, the draws, the filler, ``last``, then the tail."""
        hands = [codes(h) for h in self.hands]
        extra = codes(self.extra)
        draws, tail, last = codes(self.draws), codes(self.tail), codes(self.last)
        if len(extra) != 1:
            raise ValueError(f"the dealer's 14th is one tile, not {self.extra!r}")
        used = Counter(t for part in [*hands, extra, draws, tail, last] for t in part)
        if any(n > 4 for t, n in used.items() if t != _FLOWER) or used[_FLOWER] > 8:
            raise ValueError(f"more copies than a set holds: {used}")
        spare = [t for t in range(34) for _ in range(4 - used[t])]
        flowers = iter(FLOWERS)
        spare_flowers = 8 - used[_FLOWER]
        for seat, hand in enumerate(hands):
            if self.hands[seat] == "":
                hand.extend(spare[:13])
                del spare[:13]
            elif len(hand) != 13:
                raise ValueError(f"seat {seat} is dealt 13 tiles, not {len(hand)}")
        if last and spare_flowers:
            raise ValueError("with a fixed last tile every flower must be placed")
        middle = len(spare) // 2
        filler = spare[:middle] + [_FLOWER] * spare_flowers + spare[middle:]
        live = deal_order(hands, extra[0], self.dealer) + draws + filler + last + tail[::-1]
        return [next(flowers) if t == _FLOWER else t for t in live]

    def ring(self) -> list[int]:
        """The ring (before the break) that makes this live wall."""
        return ring_from_live(self.live(), self.dealer, self.dice)

    def game(self, rules: Ruleset | None = None, *, round_wind: Tile = Tile.EAST,
             totals: Sequence[int] = (0, 0, 0, 0)) -> Game:
        """A game dealt from this layout."""
        return Game(rules, seed=0, dealer=self.dealer, round_wind=round_wind, wall=self.ring(),
                    dice=self.dice, totals=totals)


def prepared_game(name: str, hands: Sequence[str], extra: str, *, draws: str = "", last: str = "",
                  options: Sequence[str] = (), rolls: list[list[int]] | None = None, dealer: int = 0,
                  dice: tuple[int, int] = (6, 9)) -> Game:
    """A hand of ruleset ``name`` dealt from a prepared wall through the ruleset's own ``new_wall``: the
    four hands (by seat), the dealer's 14th, the draws from the front in order, the rest of the ruleset's
    set shuffled (``random.Random(0)``), then ``last``, the wall's final tiles in order (the last stack's
    top is ``last[-2]``, its bottom ``last[-1]``, the first replacement)."""
    rules = find_ruleset(name, options)
    dealt = [codes(h) for h in hands]
    drawn, ends = codes(draws), codes(last)
    used = Counter(t for part in [*dealt, codes(extra), drawn, ends] for t in part)
    assert all(n <= 4 for n in used.values()) and all(len(h) == 13 for h in dealt), used
    spare = list((Counter(rules.wall_tiles()) - used).elements())
    random.Random(0).shuffle(spare)
    live = deal_order(dealt, codes(extra)[0], dealer) + drawn + spare + ends
    order = list(rules.new_wall(list(range(len(live))), dealer, dice))
    ring = [0] * len(live)
    for i, position in enumerate(order):
        ring[position] = live[i]
    return Game(rules, seed=0, dealer=dealer, wall=ring, dice=dice, rolls=rolls)

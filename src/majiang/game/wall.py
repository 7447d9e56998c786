"""The wall a hand is drawn from: its tiles in drawing order, the live front, the tail and the dead wall.

A ``Wall`` is the list of the hand's tiles as wall codes (0-33 kinds, 34+ bonus tiles) in drawing order
after the break, and it owns what has been taken: seats are dealt and draw from the front, replacements
(for a kong or a bonus tile) come from the tail, and the last ``dead`` tiles are never drawn in turn
(riichi's 王牌). Tiles lie in stacks of two: place ``2k`` is the top of stack ``k`` and ``2k + 1`` its
bottom. A ruleset may also take a tile from anywhere still in the wall (``take_at``: Changsha's kong tile,
counted from the end by a roll of the dice). ``SeatWalls`` gives each seat a wall of its own (Botzone's
duplicate format). A ruleset picks its wall with ``Ruleset.new_wall``; nothing else moves the cursors.

>>> wall = Wall(list(range(10)), dead=2)
>>> wall.take(0, False), wall.take(0, True), wall.left(0)
(0, 9, 6)
>>> wall.take_at(wall.stack_from_end(2)), wall.undrawn()
(6, [1, 2, 3, 4, 5, 7, 8])
"""

from __future__ import annotations

__all__ = ["SeatWalls", "Wall", "break_ring"]


def break_ring(ring: list[int], dealer: int, dice: tuple[int, int]) -> tuple[list[int], int]:
    """The ring of stacks in drawing order after a two-dice break, and the seat that rolled second.

    Counting from the dealer, the seat the first roll lands on rolls again; count the sum of both rolls in
    stacks from the right end of that seat's wall, and draw from the next stack on (running into the next
    wall) (seed 003).

    >>> order, second = break_ring(list(range(136)), dealer=0, dice=(5, 7))
    >>> second, order[:2]
    (0, [24, 25])
    """
    first, second = dice
    second_seat = (dealer + first - 1) % 4
    stacks = len(ring) // 2
    per_wall = stacks // 4
    start = ((-second_seat) % 4 * per_wall + first + second) % stacks
    return ring[2 * start:] + ring[:2 * start], second_seat


class Wall(list[int]):
    """One wall shared by every seat: the tiles in drawing order (the list itself) and what is taken.

    ``front`` is the place of the next tile dealt or drawn, ``back`` one past the last tile a replacement
    may come from; ``dead`` tiles at the tail are never drawn in turn (replacements still come from the
    tail, so each moves the end of the live wall by one). Places taken out of order (``take_at``) are
    skipped by both ends.
    """

    __slots__ = ("back", "broken_at", "chosen", "dead", "front", "hold", "special", "taken")

    def __init__(self, tiles: list[int], dead: int = 0, broken_at: int = 0) -> None:
        super().__init__(tiles)
        self.broken_at = broken_at
        """The seat whose part of the ring was broken open: the one that rolled second (recorded)."""
        self.front = 0
        self.back = len(tiles)
        self.dead = dead
        self.hold = dead  # the dead wall and the places taken out of order: ``left`` in one subtraction
        self.taken: set[int] = set()
        """Places between ``front`` and ``back`` taken out of order (``take_at``)."""
        self.chosen: int | None = None
        """The place the next ``take`` gives, whatever end it asks for (``choose_next``)."""
        self.special = False  # places were taken out of order or one is chosen: ``take`` looks at them

    def left(self, seat: int) -> int:
        """Tiles ``seat`` may still draw in turn: every seat draws from the same live wall."""
        return self.back - self.front - self.hold

    def take(self, seat: int, replacement: bool) -> int | None:
        """Take the next tile ``seat`` is dealt or draws (a ``replacement`` comes from the tail): its place,
        or None when the wall is empty."""
        if self.front >= self.back:
            return None
        if self.special:
            return self._take_around(replacement)
        if replacement:
            self.back -= 1
            return self.back
        self.front += 1
        return self.front - 1

    def _take_around(self, replacement: bool) -> int | None:
        """``take`` where a place is chosen (it is taken), or places were taken out of order (they are
        skipped, and forgotten once passed)."""
        chosen = self.chosen
        if chosen is not None:
            self.chosen = None
            self.special = bool(self.taken)
            return self.take_at(chosen)
        taken = self.taken
        while self.front < self.back:
            if replacement:
                self.back -= 1
                place = self.back
            else:
                place = self.front
                self.front += 1
            if place not in taken:
                return place
            taken.discard(place)
            self.hold -= 1
            self.special = bool(taken)
        return None

    def peek(self, seat: int, replacement: bool = False) -> int | None:
        """The place ``take`` would give now, without taking it (None: the wall is empty).

        >>> wall = Wall([5, 6, 7, 8])
        >>> wall.peek(0), wall.take(0, False), wall.peek(0, True)
        (0, 0, 3)
        """
        if self.chosen is not None:
            return self.chosen
        places = range(self.back - 1, self.front - 1, -1) if replacement else range(self.front, self.back)
        return next((p for p in places if p not in self.taken), None)

    def undrawn(self) -> list[int]:
        """The places not taken yet, front to back (checks and tools)."""
        return [p for p in range(self.front, self.back) if p not in self.taken]

    def stack_from_end(self, count: int, top: bool = True) -> int | None:
        """The place of the top (or bottom) tile of the ``count``-th stack from the wall's tail, counting only
        stacks that still hold a tile; None if there are fewer stacks or that tile is gone.

        >>> wall = Wall(list(range(8)))
        >>> wall.stack_from_end(1), wall.stack_from_end(2, top=False), wall.stack_from_end(5)
        (6, 5, None)
        """
        if count < 1:
            raise ValueError(f"stacks are counted from 1, not {count!r}")
        seen = 0
        for k in range((self.back - 1) // 2, -1, -1):
            places = [p for p in (2 * k, 2 * k + 1) if self.front <= p < self.back and p not in self.taken]
            if places:
                seen += 1
                if seen == count:
                    place = 2 * k if top else 2 * k + 1
                    return place if place in places else None
        return None

    def take_at(self, place: int | None) -> int | None:
        """Take the tile at ``place`` out of order (a ruleset's chance rule): ``place``, or None if it is
        gone or was None."""
        if place is None or not self.front <= place < self.back or place in self.taken:
            return None
        if place == self.front:
            self.front += 1
        elif place == self.back - 1:
            self.back -= 1
        else:
            self.taken.add(place)
            self.hold += 1
            self.special = True
        return place

    def choose_next(self, place: int) -> None:
        """Make the next ``take`` (a draw or a replacement) give the tile at ``place``: a ruleset's chance
        rule picks it (Changsha's kong tile, counted from the end by a roll: ``stack_from_end``).

        >>> wall = Wall(list(range(8)))
        >>> wall.choose_next(wall.stack_from_end(2)); wall.take(0, True), wall.take(0, True)
        (4, 7)
        """
        if not self.front <= place < self.back or place in self.taken:
            raise ValueError(f"place {place!r} is not in the wall")
        self.chosen = place
        self.special = True

    def __reduce__(self) -> tuple[object, ...]:
        return _rebuild, (type(self), list(self), self._state())

    def _state(self) -> dict[str, object]:
        return {"front": self.front, "back": self.back, "dead": self.dead, "hold": self.hold,
                "taken": set(self.taken), "chosen": self.chosen, "special": self.special}

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"{name}({list(self)!r}, front={self.front}, back={self.back}, dead={self.dead})"


class SeatWalls(Wall):
    """Each seat its own wall (Botzone's duplicate format): the ring cut in four equal parts, the dealer's
    first, then each seat in turn order. A seat is dealt and draws (replacements too) only from its own
    part, from the part's end; ``parts`` counts what each part still holds, by seat.

    >>> walls = SeatWalls(list(range(136)), dealer=0)
    >>> [walls.take(1, False) for _ in range(2)], walls.parts, walls.left(1)
    ([67, 66], [34, 32, 34, 34], 32)
    """

    __slots__ = ("dealer", "parts", "size")

    def __init__(self, tiles: list[int], dealer: int, broken_at: int | None = None) -> None:
        super().__init__(tiles, 0, dealer if broken_at is None else broken_at)
        self.size = len(tiles) // 4
        self.dealer = dealer
        self.parts = [self.size] * 4

    def left(self, seat: int) -> int:
        """Tiles left in ``seat``'s own wall."""
        return self.parts[seat]

    def take(self, seat: int, replacement: bool) -> int | None:
        """The place of the next tile of ``seat``'s own wall (None when it is empty)."""
        if not self.parts[seat]:
            return None
        self.parts[seat] -= 1
        return self.size * ((seat - self.dealer) % 4) + self.parts[seat]

    def peek(self, seat: int, replacement: bool = False) -> int | None:
        """The place of the next tile of ``seat``'s own wall, without taking it."""
        return self.size * ((seat - self.dealer) % 4) + self.parts[seat] - 1 if self.parts[seat] else None

    def undrawn(self) -> list[int]:
        """The places still in some seat's wall."""
        return [self.size * ((s - self.dealer) % 4) + i for s in range(4) for i in range(self.parts[s])]

    def stack_from_end(self, count: int, top: bool = True) -> int | None:
        """No stacks are counted across per-seat walls."""
        return None

    def _state(self) -> dict[str, object]:
        return {**Wall._state(self), "size": self.size, "dealer": self.dealer, "parts": list(self.parts)}


def _rebuild(cls: type[Wall], tiles: list[int], state: dict[str, object]) -> Wall:
    """A wall as pickled (copies of a game for checks and searches)."""
    wall = cls.__new__(cls)
    list.__init__(wall, tiles)
    for key, value in state.items():
        setattr(wall, key, value)
    return wall

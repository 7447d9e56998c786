"""Chinese Official seat changes (换位) in a match: who sits where in each of the sixteen hands.

Players 0-3 keep their identity; their places at the table (positions 0-3 = East, South, West, North
seats) change as ``McrRules``'s option ``seat_changes`` (``SeatChanges``) says. By default
(``EACH_ROUND``, source 003) after each round:

* after the first round: East and South swap, West and North swap;
* after the second: East and South go across (to West and North), West goes to South, North to East;
* after the third: East and South swap, West and North swap.

``BEFORE_WEST_ROUND`` (source 000) makes one change only: before the third (West) round, East and South
swap, West and North swap. The sources disagree; docs/decisions.md quotes both. In every round the
player in the East seat deals first, and the deal passes counterclockwise each hand with no repeat
dealer (不连庄). ``Match`` asks ``McrRules.seat_change`` after each hand; the score sheet
(``majiang.rules.mcr.sheet``) seats its players by ``seat_positions``.

``SeatChanges``, ``SEAT_CHANGES`` and ``Change`` are defined with the ruleset's other options in
``majiang.rules.mcr.ruleset`` and offered here with the rest of the seating.
"""

from __future__ import annotations

from majiang.errors import InvalidOptionError
from majiang.rules.mcr.ruleset import SEAT_CHANGES, Change, SeatChanges

__all__ = ["SEAT_CHANGES", "Change", "SeatChanges", "seat_positions"]

_STAY: Change = (0, 1, 2, 3)


def seat_positions(hand: int, seat_changes: SeatChanges | str = SeatChanges.EACH_ROUND) -> Change:
    """Where each player sits in ``hand`` (1-16): positions[player], 0 the East seat ... 3 North.

    >>> [seat_positions(h) for h in (1, 5, 9, 13)]
    [(0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0)]
    >>> [seat_positions(h, "before-west-round") for h in (1, 5, 9, 13)]
    [(0, 1, 2, 3), (0, 1, 2, 3), (1, 0, 3, 2), (1, 0, 3, 2)]
    """
    changes = SeatChanges(seat_changes)
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= 16:
        raise InvalidOptionError(f"a match has hands 1 to 16, not {hand!r}")
    positions = list(_STAY)
    for change in changes.after_rounds[:(hand - 1) // 4]:
        positions = [change[p] for p in positions]
    return (positions[0], positions[1], positions[2], positions[3])

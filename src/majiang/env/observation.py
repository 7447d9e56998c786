"""The observation of one seat as a (20, 34) int16 array, kept up to date from its views.

Rows (seats are relative to the observer: 0 itself, 1 the next seat 下家, 2 across 对家, 3 the
previous seat 上家):

* 0: own standing tiles (the drawn tile included) as counts; 1: the drawn tile (one-hot)
* 2-5: the tiles of each seat's melds as counts (others' concealed kongs are not shown: row 18)
* 6-9: each seat's discards still in its river as counts
* 10: the tile being answered: the last discard while others may claim it, or a kong being robbed
* 11: seat wind, 12: round wind (one-hot over the 34 kinds)
* 13-16: each seat's winning tiles laid aside (rulesets that play on after a win)
* 17: the phase one-hot in columns 0-4 (turn, claim, rob, over, opening); the wall left in column 5
* 18: per relative seat k: hidden concealed kongs (column k), bonus tiles shown (4 + k), the dealer
  (8 + k), whose turn (12 + k), still in the hand (16 + k), who gave the tile of row 10 (20 + k)
* 19: the viewing seat's legal action kinds (column = ``ActionKind``), a summary of the mask

Rows 6-9 (discards) are incremental: only the tiles added to (or claimed from) a river since the last
observation are applied. Rows 2-5 are rebuilt for a seat only when its melds changed. The rest is small
and written each time.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from majiang.game import Phase, View

__all__ = ["OBS_SHAPE", "Encoder"]

OBS_SHAPE = (20, 34)


class Encoder:
    """One seat's observation array, updated from that seat's successive views of one hand."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.array: npt.NDArray[np.int16] = np.zeros(OBS_SHAPE, dtype=np.int16)
        self._rivers: list[list[int]] = [[], [], [], []]  # by absolute seat, as last applied
        self._melds: list[tuple[object, ...]] = [(), (), (), ()]

    def update(self, view: View) -> npt.NDArray[np.int16]:
        """Bring the array up to ``view`` and return it (the encoder's own array: copy to keep it)."""
        a = self.array
        seat = self.seat
        for s in range(4):
            rel = (s - seat) % 4
            river, seen = view.discards[s], self._rivers[s]
            row = a[6 + rel]
            while len(seen) > len(river) or (seen and seen[-1] != river[len(seen) - 1]):
                row[seen.pop()] -= 1  # a claimed discard left the river
            for t in river[len(seen):]:
                row[t] += 1
                seen.append(int(t))
            if view.melds[s] != self._melds[s]:
                self._melds[s] = view.melds[s]
                mrow = a[2 + rel]
                mrow[:] = 0
                for meld in view.melds[s]:
                    for t in meld.tiles:
                        mrow[t] += 1
        a[0] = 0
        for t in view.standing:
            a[0, t] += 1
        a[1] = 0
        if view.drawn is not None:
            a[0, view.drawn] += 1
            a[1, view.drawn] = 1
        a[10:18] = 0
        a[18:20] = 0
        giver: int | None = None
        if view.robbing is not None:
            giver = view.robbing[0]
            a[10, view.robbing[1]] = 1
        elif view.last_discard is not None and view.phase == Phase.CLAIM:
            giver = view.last_discard[0]
            a[10, view.last_discard[1]] = 1
        a[11, view.seat_wind] = 1
        a[12, view.round_wind] = 1
        for s in range(4):
            rel = (s - seat) % 4
            for t in view.won[s]:
                a[13 + rel, t] += 1
            a[18, rel] = view.hidden_kongs[s]
            a[18, 4 + rel] = view.flowers[s]
            a[18, 16 + rel] = int(view.active[s])
        a[17, int(view.phase)] = 1
        a[17, 5] = view.wall_left
        a[18, 8 + (view.dealer - seat) % 4] = 1
        a[18, 12 + (view.current - seat) % 4] = 1
        if giver is not None:
            a[18, 20 + (giver - seat) % 4] = 1
        for action in view.legal:
            a[19, int(action.kind)] = 1
        return a

"""Changsha hands rebuilt from one seat's view for the search bot (``Ruleset.rebuild``, ``bots.position``).

The engine-level part (tiles, melds, discards, the wall's size) is the sampler's; this module sets the
Changsha hand state from what every seat sees (``ChangshaPublic``) and, on each sample, keeps the tiles
the others showed with their opening wins:

* from the view: each seat's declared opening wins (起手小胡) and the dealt hand it showed, a 开杠 being
  announced, the seat that took the last tile (海底) and the birds once drawn. Birds come from the wall
  after a win: the sampled wall holds them, dealt at random like the rest of it;
* on each sample: a seat that showed its dealt hand still holds every tile of it it has not given up
  since (discarded, claimed by another, laid in a meld of its own): such tiles dealt elsewhere are swapped
  into its hand (from the wall first, then from the surplus of another hidden hand), so the sample
  agrees with what the seat saw. Not for a seat with a concealed kong (its kind is hidden: the four
  tiles may be some it showed).

What a view does not show, and a decision the search makes never needs: whether the tile just drawn is a
开杠's replacement (a seat on that tile only wins or lets it go: no choice), or whether the discard on the
table is a 开杠's tile (the others may only win on it: passing or winning, no choice to search), and the
seats that let the last tile go (海底漫游: the taker then only wins or lets it go).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from majiang.game.ruleset import Rebuilt
from majiang.rules.changsha.state import ChangshaPublic, ChangshaState

if TYPE_CHECKING:
    from majiang.game.ruleset import Table, TableSeatView

    ChangshaGame = Table[ChangshaState, None]

__all__ = ["rebuild_hand", "still_held"]


def still_held(view: TableSeatView[Any]) -> list[list[int]]:
    """For each other seat, the copies of each kind it showed with its opening wins and has not given up
    since, so still holds (by the seat; none for the viewing seat, or a seat with a concealed kong)."""
    pub: ChangshaPublic = view.public_state
    gone = [[0] * 34 for _ in range(4)]
    for s in range(4):
        for t in view.discards[s]:
            gone[s][int(t)] += 1
        for m in view.melds[s]:
            claimed = m.claimed_tile
            for t in m.tiles:
                gone[s][int(t)] += 1
            if claimed is not None and m.from_seat is not None:
                # The claimed tile came from the giver's hand, not the owner's.
                gone[s][int(claimed)] -= 1
                gone[m.from_seat.seat_of(s)][int(claimed)] += 1
    out = [[0] * 34 for _ in range(4)]
    for s in range(4):
        if s == view.seat or not pub.shown[s] or view.hidden_kongs[s]:
            continue
        for t in pub.shown[s]:
            out[s][int(t)] += 1
        for k in range(34):
            out[s][k] = max(0, out[s][k] - gone[s][k])
    return out


def rebuild_hand(game: ChangshaGame, view: TableSeatView[Any]) -> Rebuilt:
    """The Changsha hand state of ``game`` (set by the sampler to ``view``'s table) from the view, and
    what each sample keeps (the module docstring)."""
    pub: ChangshaPublic = view.public_state
    st = ChangshaState()
    st.opening = list(pub.opening)
    st.shown = list(pub.shown)
    st.announced = None if pub.announced is None else (pub.announced[0], int(pub.announced[1]))
    st.seabed = pub.seabed
    st.birds = pub.birds
    held = still_held(view)
    if not any(map(any, held)):
        return Rebuilt(st)

    def deal(table: ChangshaGame, seat: int, rng: random.Random) -> None:
        _keep_shown(table, seat, held, rng)

    return Rebuilt(st, (), deal)


def _keep_shown(game: ChangshaGame, seat: int, held: list[list[int]], rng: random.Random) -> None:
    """Swap into each seat the tiles it must still hold (``held``) from the wall or another hidden hand's
    surplus, a tile of its own it need not hold going back in their place."""
    wall = game.wall
    places = wall.undrawn()
    changed = set()
    for s in range(4):
        need = held[s]
        counts = game.counts[s]
        for k in range(34):
            while counts[k] < need[k]:
                spare = [t for t in range(34) if counts[t] > need[t] and t != k]
                if not spare:
                    break
                give = rng.choice([t for t in spare for _ in range(counts[t] - need[t])])
                source = [p for p in places if wall[p] == k]
                if source:
                    wall[rng.choice(source)] = give
                else:
                    donors = [o for o in range(4) if o not in (s, seat) and game.counts[o][k] > held[o][k]]
                    if not donors:
                        break  # every hidden copy is held where it must stay (a concealed kong's, say)
                    donor = rng.choice(donors)
                    game.counts[donor][k] -= 1
                    game.counts[donor][give] += 1
                    changed.add(donor)
                counts[give] -= 1
                counts[k] += 1
                changed.add(s)
    for s in changed:
        game.recount(s)

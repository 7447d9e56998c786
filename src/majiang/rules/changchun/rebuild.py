"""Changchun hands rebuilt from one seat's view for the search bot (``Ruleset.rebuild``, ``bots.position``).

The engine-level part (tiles, melds, discards, the wall's size) is the sampler's; this module sets the
Changchun hand state from the view (``ChangchunPublic``) and, on each sample, what follows from the tiles
dealt at random:

* from the view: who is ready (上听, declared to all), how often the 宝牌 was rolled, the 宝 itself where
  the seat has seen it (a ready seat), the copies of each kind let go (discards, those claimed included:
  three let go roll the 宝 again). The wall is Changchun's (the 宝 lies apart in it); the special kongs'
  question is over (play has begun).
* the 宝's place: the top of the 7th stack from the wall's end, the likeliest roll of two dice (the view
  does not keep the roll; where the 宝 lies matters little: it is never drawn in turn, and the tiles
  around it are dealt at random). A 宝 the seat has seen stays at that place (``Rebuilt.shown``); one it
  has not seen is whatever tile is dealt there, as the rules deal it: a kind let go three times would
  have been rolled again, and a kind some ready seat that has seen the 宝 waits on would have won it at
  once (对宝), so such a kind is swapped with another tile of the hidden wall.
* on each sample, each other ready seat gets a **ready** hand (four sets and a pair less one tile that
  Changchun would pay: its three suits, a 1/9 or honor, a pung or its exemption), drawn from its dealt
  tiles and the hidden wall, as its declaration says (the rest go back to the wall in random order), and
  each other seat a hand about as close to ready as its discards so far suggest (``shape_hands``).

Read approximately, the view not showing the order of events: a ready seat has seen the 宝 once one was
rolled (it may have declared since and still be about to look: then its waits lack the wildcard until its
look), the first ready seat in turn order from the dealer is the one that rolls again, and a ready seat's
waits do not avoid the tiles let go since it declared (it would have won on one).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from majiang.game.phase import Phase
from majiang.game.ruleset import Rebuilt
from majiang.rules.changchun.options import Options
from majiang.rules.changchun.scoring import winning_kinds
from majiang.rules.changchun.state import ChangchunPublic, ChangchunState, ChangchunWall
from majiang.rules.sampling import draw_complete, shape_hands

if TYPE_CHECKING:
    from majiang.game.ruleset import Table, TableSeatView

    ChangchunGame = Table[ChangchunState, None]

__all__ = ["READY_TRIES", "TREASURE_STACK", "let_go", "rebuild_hand"]

TREASURE_STACK = 7
"""Stacks from the wall's end counted to the 宝's place in a rebuilt game: two dice's likeliest sum."""
READY_TRIES = 24
"""Ready hands drawn for a ready seat before its dealt tiles are kept as they are."""
TREASURE_TRIES = 12
"""Tiles of the hidden wall tried for a 宝 the seat has not seen before the one dealt is kept."""
SHAPED = True
"""Whether the samples shape the hands of the other seats not ready (``shape_hands``); False deals them
uniformly."""
SEQUENCE_SHARE = 0.7
"""How often a set of a drawn ready hand is a chow where one can be made."""


def let_go(view: TableSeatView[Any]) -> list[int]:
    """Copies of each kind discarded this hand: those lying in the discards, and those claimed (the
    claimed tile of each meld made on a discard)."""
    out = [0] * 34
    for pile in view.discards:
        for t in pile:
            out[int(t)] += 1
    for melds in view.melds:
        for m in melds:
            claimed = m.claimed_tile
            if claimed is not None and m.from_seat is not None:
                out[int(claimed)] += 1
    return out


def rebuild_hand(game: ChangchunGame, view: TableSeatView[Any], options: Options) -> Rebuilt:
    """The Changchun hand state of ``game`` (set by the sampler to ``view``'s table) from the view, its
    wall made Changchun's with the 宝 laid apart, and what each sample deals (the module docstring)."""
    pub: ChangchunPublic = view.public_state
    seat = view.seat
    st = ChangchunState()
    st.ready = list(pub.ready)
    st.rolled = pub.rolled
    st.passed = {0, 1, 2, 3}
    st.let_go = let_go(view)
    wall = game.wall
    assert isinstance(wall, ChangchunWall)  # the sampler makes the ruleset's own kind (new_wall's)
    order = [(game.dealer + k) % 4 for k in range(4)]
    shown: tuple[tuple[int, int], ...] = ()
    if pub.rolled == 0:
        # Every ready seat declared since the last draw at most: it looks before the next (the first rolls).
        st.to_look = [s for s in order if st.ready[s]]
    else:
        st.roller = next((s for s in order if st.ready[s]), None)
        place = _place(wall)
        wall.set_aside(place)
        st.place = place
        for s in range(4):
            st.looked[s] = st.ready[s] and (s != seat or pub.treasure is not None)
        if st.ready[seat] and pub.treasure is None:
            st.to_look = [seat]  # it declared since the 宝 was rolled: it looks before the next draw
        if pub.treasure is not None:
            st.treasure = int(pub.treasure)
            shown = ((place, st.treasure),)
    ready = tuple(s for s in range(4) if s != seat and st.ready[s])
    others = [s for s in range(4) if s != seat and not st.ready[s]]
    hidden_treasure = pub.rolled > 0 and pub.treasure is None
    if not ready and not pub.rolled and not SHAPED:
        return Rebuilt(st, shown)
    places = tuple(p for p, _ in shown)

    def deal(table: ChangchunGame, seat: int, rng: random.Random) -> None:
        for s in ready:
            _make_ready(table, s, places, options, rng)
        if SHAPED:
            seats = [o for o in others if sum(table.counts[o]) == 13 - 3 * len(table.melds[o])]
            if seats:
                shape_hands(table, seats, [p for p in table.wall.undrawn() if p not in places], range(34),
                            SEQUENCE_SHARE, rng)
        if hidden_treasure:
            _deal_treasure(table, rng)
        # Every seat's waits anew: a ready seat that has seen the 宝 wins on it too (the seat's own
        # included: its waits were counted before its state was set; on its turn, those of its tiles
        # before the draw, as the engine keeps them, and none to count after a call).
        for s in range(4):
            if s != seat or table.phase is not Phase.TURN:
                table.recount(s)
            elif table.drawn is not None:
                counts = table.counts[s]
                counts[table.drawn] -= 1
                table.recount(s)
                counts[table.drawn] += 1

    return Rebuilt(st, shown, deal)


def _place(wall: ChangchunWall) -> int:
    """The top tile of the ``TREASURE_STACK``-th stack from the wall's end (counted round the stacks left,
    as the rules count a roll), or its bottom tile when the top is gone."""
    stacks = len({p // 2 for p in range(wall.front, wall.back) if p not in wall.taken})
    count = (TREASURE_STACK - 1) % stacks + 1
    place = wall.stack_from_end(count)
    if place is None:
        place = wall.stack_from_end(count, top=False)
    assert place is not None
    return place


def _ready_counts(avail: list[int], sets: int, rng: random.Random) -> list[int] | None:
    """Counts of ``3 * sets + 1`` tiles drawn from ``avail`` (counts): ``sets`` sets (no chow of honors)
    and a pair at random, less one of their tiles; None if ``avail`` holds no such tiles."""
    take = draw_complete(avail, range(34), sets, SEQUENCE_SHARE, rng)
    if take is None:
        return None
    out = rng.choice([k for k in range(34) for _ in range(take[k])])
    take[out] -= 1
    return take


def _make_ready(game: ChangchunGame, seat: int, shown: tuple[int, ...], options: Options,
                rng: random.Random) -> None:
    """Deal ready ``seat`` a hand Changchun would pay on some tile, from its sampled tiles and the hidden
    wall (the 宝 seen stays), those left going back to the wall's hidden places in random order."""
    wall = game.wall
    places = [p for p in wall.undrawn() if p not in shown]
    counts = game.counts[seat]
    avail = counts[:]
    for p in places:
        avail[wall[p]] += 1
    melds = game.melds[seat]
    for _ in range(READY_TRIES):
        hand = _ready_counts(avail, 4 - len(melds), rng)
        if hand is None:
            return
        if winning_kinds(melds, hand, options):
            break
    else:
        return
    rest = [k for k in range(34) for _ in range(avail[k] - hand[k])]
    rng.shuffle(rest)
    counts[:] = hand
    for p, kind in zip(places, rest, strict=True):
        wall[p] = kind


def _deal_treasure(game: ChangchunGame, rng: random.Random) -> None:
    """The 宝 the seat has not seen: the tile dealt at its place, swapped with another of the hidden wall
    where the rules would not have left it there (let go three times: rolled again; the wait of a ready
    seat that has seen it: won at once, 对宝)."""
    st: ChangchunState = game.hand_state
    wall = game.wall
    place = st.place
    assert place is not None
    watching = [s for s in range(4) if st.looked[s]]

    def kept(kind: int) -> bool:
        return st.let_go[kind] < 3 and not any(
            kind in winning_kinds(game.melds[s], game.counts[s]) for s in watching)

    if not kept(wall[place]):
        others = [p for p in wall.undrawn() if p != place]
        for p in rng.sample(others, min(TREASURE_TRIES, len(others))):
            if kept(wall[p]):
                wall[place], wall[p] = wall[p], wall[place]
                break
    st.treasure = wall[place]

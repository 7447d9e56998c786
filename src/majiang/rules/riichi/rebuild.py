"""Riichi hands rebuilt from one seat's view for the search bot (``Ruleset.rebuild``, ``bots.position``).

The engine-level part (tiles, melds, discards, the wall's size) is the sampler's; this module sets the
riichi hand state from the view's public state (``RiichiPublic``) and, on each sample, what follows from
the tiles dealt at random:

* from the view: honba and sticks, each seat's riichi, double riichi and river, the tiles discarded since
  each riichi, the red fives shown (discards, melds), the dora indicators turned over (their wall places
  are set, not dealt), the kans made (a kan dora still to turn over after an open kan), pao, the riichi
  stick not yet paid (a declaration discard still on the table), the swap calls the seat may not make,
  and the seat's own furiten and red fives;
* on each sample: a hand for each other seat in riichi that is ready, as its riichi says (four sets and a
  pair less one tile, drawn at random from its dealt tiles and the hidden wall, a wait on a tile it or
  the others let go since avoided where a few tries allow: such a seat would be furiten); for each other
  seat not in riichi, a hand about as close to ready as its discards so far suggest (``shape_hands``);
  which of the
  unseen copies of each five are red (among the others' hands, the wall,
  the dead wall and the indicators turned over: the view does not say whether an indicator is red), and
  the others' furiten from their sampled waits: their own rivers (the engine reads them), a riichi seat's
  waits among the tiles let go since its riichi, and another seat's among the last discard of each seat
  that has discarded since its own.

Three things are read approximately, the view not showing the order of events across seats: ippatsu (on
while a riichi tile is its seat's last discard and fewer than four discards followed it: a call or a kan
in between is not seen), a waiting seat's temporary furiten (as if every wait let go were a win offered:
a hand without a yaku is not offered one), and which suit the seat's own red fives are in when the view's
count fits several (the suits in order, as many as the seat's fives allow).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from majiang.actions import ActionKind
from majiang.game.phase import Phase
from majiang.game.ruleset import Rebuilt
from majiang.meld import MeldKind
from majiang.rules.riichi.analysis import riichi_waits
from majiang.rules.riichi.payments import STICK
from majiang.rules.riichi.state import RiichiPublic, RiichiState
from majiang.rules.riichi.wall import FIVES, _indicator_place
from majiang.rules.sampling import shape_hands

if TYPE_CHECKING:
    from majiang.game.ruleset import Table, TableSeatView
    from majiang.rules.riichi.state import RiichiMatchState

    RiichiGame = Table[RiichiState, RiichiMatchState]

__all__ = ["rebuild_hand"]


def rebuild_hand(game: RiichiGame, view: TableSeatView[Any], *, kan_dora: bool, red_fives: int) -> Rebuilt:
    """The riichi hand state of ``game`` (set by the sampler to ``view``'s table) from the view, the dora
    indicators' places, and what each sample sets once its hidden tiles are dealt (the module docstring)."""
    pub: RiichiPublic = view.public_state
    seat = view.seat
    st = RiichiState(honba=pub.honba, sticks=pub.sticks)
    size = len(game.wall)
    indicators = [int(t) for t in pub.dora_indicators]
    st.indicators = indicators
    st.shown_indicators = pub.dora_indicators
    shown = tuple((_indicator_place(size, k), t) for k, t in enumerate(indicators))
    melds = view.melds
    st.kongs = [s for s in range(4) for m in melds[s] if m.kind == MeldKind.KONG] + [
        s for s in range(4) for _ in range(view.hidden_kongs[s])]
    if kan_dora:
        st.pending_dora = max(0, 1 + len(st.kongs) - len(indicators))
    st.riichi = list(pub.riichi)
    st.double = list(pub.double_riichi)
    st.riichi_at = list(pub.riichi_at)
    st.rivers = [[int(t) for t in river] for river in pub.rivers]
    st.shown_rivers = list(pub.rivers)
    st.since_riichi = [[int(t) for t in since] for since in pub.since_riichi]
    st.shown_since = list(pub.since_riichi)
    st.red_discards = [list(r) for r in pub.red_discards]
    st.shown_red = list(pub.red_discards)
    st.red_melds = list(pub.red_melds)
    st.red_in_melds = list(pub.red_in_melds)
    st.liable = list(pub.liable)
    discards = view.discards
    st.called_from = [len(st.rivers[s]) > len(discards[s]) for s in range(4)]
    claim = view.phase == Phase.CLAIM and view.last_discard is not None
    giver = view.last_discard[0] if claim and view.last_discard is not None else None
    if giver is not None:
        # A riichi declared with the discard on the table: nobody has discarded since, its stick unpaid.
        if st.riichi[giver] and not st.since_riichi[giver]:
            st.declaring = giver
        st.last_red = len(discards[giver]) - 1 in st.red_discards[giver]
    st.ippatsu = [s == st.declaring or (st.riichi[s] and st.riichi_at[s] == len(discards[s]) - 1
                                        and len(st.since_riichi[s]) < 4) for s in range(4)]
    st.deposited = STICK * sum(r and s != st.declaring for s, r in enumerate(st.riichi))
    # Red fives: each suit's red copies less those shown in discards and melds.
    copies = [0, 0, 0] if not red_fives else [1, 2 if red_fives == 4 else 1, 1]
    unseen = copies[:]
    for s in range(4):
        for i in st.red_discards[s]:
            unseen[int(discards[s][i]) // 9] -= 1
        reds = st.red_in_melds[s]
        if len(reds) == len(melds[s]):  # (another seat's face-down kans are not in the view's melds)
            for m, n in zip(melds[s], reds, strict=True):
                if n:
                    unseen[int(m.tile) // 9] -= n
    counts = game.counts[seat]
    left = pub.red_hand
    mine = [0, 0, 0]
    seen = _seen_fives(view)
    for suit, five in enumerate(FIVES):
        # A red five with no unseen copy of its kind left to be is in the seat's hand.
        mine[suit] = min(left, counts[five], max(0, unseen[suit] - (4 - seen[five])))
        left -= mine[suit]
    for suit, five in enumerate(FIVES):
        more = min(left, counts[five] - mine[suit], max(0, unseen[suit] - mine[suit]))
        mine[suit] += more
        left -= more
    for suit in range(3):
        unseen[suit] -= mine[suit]
    st.red_hand[seat] = mine
    drawn = view.drawn
    if drawn is not None and int(drawn) in FIVES:
        st.drew_red = mine[int(drawn) // 9] >= counts[int(drawn)]
    # The seat's own furiten: its view says; its river explains it, else a win let go.
    waits = game.waits[seat]
    if pub.furiten and not any(t in waits for t in st.rivers[seat]):
        if st.riichi[seat]:
            st.riichi_furiten[seat] = True
        else:
            st.passed[seat] = True
    if view.phase == Phase.TURN and not st.riichi[seat]:
        # After a chi or pon, the kinds held that may not go (喰い替え): those the view offers no discard of.
        offered = {int(a.tile) for a in view.legal if a.kind == ActionKind.DISCARD and a.tile is not None}
        st.kuikae[seat] = frozenset(t for t in range(34) if counts[t] and t not in offered)
    end = seat if giver is None else giver
    hidden_reds = tuple(max(0, n) for n in unseen)
    places = tuple(p for p, _ in shown)

    def deal(table: RiichiGame, seat: int, rng: random.Random) -> None:
        _deal_hidden(table, seat, end, hidden_reds, places, rng)

    return Rebuilt(st, shown, deal)


READY_TRIES = 12
"""Ready hands drawn for a seat in riichi before one that is not furiten is given up on."""
SEQUENCE_SHARE = 0.75
"""How often a set of a drawn ready hand is a sequence where one can be made (most sets are)."""


def _ready_hand(avail: list[int], sets: int, rng: random.Random) -> list[int] | None:
    """Counts of a ready hand of ``3 * sets + 1`` tiles drawn from ``avail`` (counts): ``sets`` sets and a
    pair at random, less one of their tiles; None if ``avail`` holds no such hand."""
    take = [0] * 34
    pairs = [k for k in range(34) if avail[k] >= 2]
    if not pairs:
        return None
    k = rng.choice(pairs)
    take[k] = 2
    for _ in range(sets):
        runs = [k for k in range(27) if k % 9 < 7 and avail[k] > take[k] and avail[k + 1] > take[k + 1]
                and avail[k + 2] > take[k + 2]]
        if runs and rng.random() < SEQUENCE_SHARE:
            k = rng.choice(runs)
            take[k] += 1
            take[k + 1] += 1
            take[k + 2] += 1
            continue
        trios = [k for k in range(34) if avail[k] - take[k] >= 3]
        if not trios and not runs:
            return None
        if trios:
            k = rng.choice(trios)
            take[k] += 3
        else:
            k = rng.choice(runs)
            take[k] += 1
            take[k + 1] += 1
            take[k + 2] += 1
    out = rng.choice([k for k in range(34) for _ in range(take[k])])
    take[out] -= 1
    return take


def _searched_ready(avail: list[int], sets: int, melds: int, held: list[int], rng: random.Random,
                    budget: int = 20_000) -> list[int] | None:
    """A ready hand from ``avail`` found by search where random draws found none: a pair, ``sets`` less one
    sets by depth-first search over kinds in random order and a two-tile wait, or seven pairs' six and a
    single; None if there is none within ``budget`` steps."""
    kinds = list(range(34))
    rng.shuffle(kinds)
    options = [(k, run) for k in kinds for run in (False, True) if not run or (k < 27 and k % 9 < 7)]
    steps = 0

    def fill(take: list[int], left: int, start: int) -> bool:
        nonlocal steps
        if left == 0:
            return True
        for i in range(start, len(options)):
            steps += 1
            if steps > budget:
                return False
            k, run = options[i]
            need = (k, k + 1, k + 2) if run else (k, k, k)
            for t in need:
                take[t] += 1
            if all(take[t] <= avail[t] for t in need) and fill(take, left - 1, i):
                return True
            for t in need:
                take[t] -= 1
        return False

    def waits(take: list[int]) -> bool:
        return bool(riichi_waits(take, melds, [h + c for h, c in zip(held, take, strict=True)]))

    partials = [(k, k + d) for k in kinds for d in (0, 1, 2) if d == 0 or (k < 27 and k % 9 < 9 - d)]
    for pair in kinds:
        if avail[pair] < 2:
            continue
        take = [0] * 34
        take[pair] = 2
        # The sets less one and a two-tile wait (the tile waited on need not be left).
        if sets and fill(take, sets - 1, 0):
            for a, b in partials:
                take[a] += 1
                take[b] += 1
                if take[a] <= avail[a] and take[b] <= avail[b] and waits(take):
                    return take
                take[a] -= 1
                take[b] -= 1
        if steps > budget:
            return None
    pairs = [k for k in kinds if avail[k] >= 2]
    if melds == 0 and len(pairs) >= 6:
        # Seven pairs: six pairs and a single.
        take = [0] * 34
        for k in pairs[:6]:
            take[k] = 2
        for k in kinds:
            if not take[k] and avail[k]:
                take[k] = 1
                if waits(take):
                    return take
                take[k] = 0
    return None


def _make_ready(game: RiichiGame, seat: int, shown: tuple[int, ...], rng: random.Random) -> None:
    """Deal ``seat`` (in riichi) a ready hand from its sampled tiles and the hidden wall (the indicators
    shown stay), those left going back to the wall's hidden places in random order."""
    st: RiichiState = game.hand_state
    wall = game.wall
    places = [p for p in wall.undrawn() if p not in shown]
    counts = game.counts[seat]
    avail = counts[:]
    for p in places:
        avail[wall[p]] += 1
    melds = len(game.melds[seat])
    held = [0] * 34
    for m in game.melds[seat]:
        for t in m.tiles:
            held[t] += 1
    let_go = {*st.rivers[seat], *st.since_riichi[seat]}
    best = None
    tries = 0
    # A draw that runs out of sets is drawn again (up to ``READY_TRIES`` more times): most tiles left make
    # some ready hand, the first random pick of sets often not.
    for _ in range(4 * READY_TRIES):
        hand = _ready_hand(avail, 4 - melds, rng)
        if hand is None:
            continue
        tries += 1
        if tries > READY_TRIES:
            break
        waits = riichi_waits(hand, melds, [h + c for h, c in zip(held, hand, strict=True)])
        if waits:
            best = hand
            if not waits & let_go:
                break
    if best is None:
        best = _searched_ready(avail, 4 - melds, melds, held, rng)
        if best is None:
            return
    rest = [k for k in range(34) for _ in range(avail[k] - best[k])]
    rng.shuffle(rest)
    counts[:] = best
    for p, kind in zip(places, rest, strict=True):
        wall[p] = kind
    game.recount(seat)


SHAPED = True
"""Whether the samples shape the hands of the other seats not in riichi (``shape_hands``); False deals
them uniformly."""


def _seen_fives(view: TableSeatView[Any]) -> dict[int, int]:
    """Copies of each five the seat sees: its tiles, every meld shown, every discard."""
    seen = dict.fromkeys(FIVES, 0)
    for t in view.standing:
        if t in seen:
            seen[t] += 1
    for melds in view.melds:
        for m in melds:
            for t in m.tiles:
                if t in seen:
                    seen[t] += 1
    for pile in view.discards:
        for t in pile:
            if t in seen:
                seen[t] += 1
    return seen


def _deal_hidden(game: RiichiGame, seat: int, end: int, reds: tuple[int, ...], shown: tuple[int, ...],
                 rng: random.Random) -> None:
    """A sample's ready hands for the seats in riichi, its red fives and the other seats' furiten (the
    module docstring); ``end`` is the seat whose discard is on the table, or whose turn it is."""
    st: RiichiState = game.hand_state
    for o in range(4):
        if o != seat and st.riichi[o]:
            _make_ready(game, o, shown, rng)
    if SHAPED:
        seats = [o for o in range(4) if o != seat and not st.riichi[o]
                 and sum(game.counts[o]) == 13 - 3 * len(game.melds[o])]
        if seats:
            shape_hands(game, seats, [p for p in game.wall.undrawn() if p not in shown], range(34),
                        SEQUENCE_SHARE, rng)
    if any(reds):
        wall = game.wall
        spots: list[list[int]] = [[], [], []]  # a place in the wall, or -1 - seat for a copy in a hand
        for p in (*wall.undrawn(), *shown):
            t = wall[p]
            if t in FIVES:
                spots[t // 9].append(p)
        for o in range(4):
            if o != seat:
                counts = game.counts[o]
                for suit, five in enumerate(FIVES):
                    spots[suit].extend([-1 - o] * counts[five])
        red_at = set()
        for suit in range(3):
            for p in rng.sample(spots[suit], min(reds[suit], len(spots[suit]))):
                if p >= 0:
                    red_at.add(p)
                else:
                    st.red_hand[-1 - p][suit] += 1
        st.red_at = frozenset(red_at)
    rivers = st.rivers
    for o in range(4):
        waits = game.waits[o]
        if o == seat or not waits:
            continue
        if st.riichi[o]:
            if any(t in waits for t in st.since_riichi[o]):
                st.riichi_furiten[o] = True
            continue
        if o == end:  # its discard is on the table: it has let nothing go since
            continue
        k = (o + 1) % 4
        while k != end:
            if rivers[k] and rivers[k][-1] in waits:
                st.passed[o] = True
                break
            k = (k + 1) % 4

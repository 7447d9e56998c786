"""Sichuan hands rebuilt from one seat's view for the search bot (``Ruleset.rebuild``, ``bots.position``).

The engine-level part (tiles, melds, discards, winning tiles laid aside, who has left, the wall's size) is
the sampler's; this module sets the Sichuan hand state from the view and, on each sample, moves hidden
tiles so that the deal agrees with what the seat knows:

* from the view (``SichuanPublic``): each seat's void suit (定缺) and wins, the exchange's direction and the
  seat's own exchange (换三张: the kinds it gave and received), the kongs paid so far (刮风下雨: each kong
  shown, and each face-down one, paid as ``kong_payment`` says by the seats still in, the konger and its
  discarder), and the seat's own 过水: on another's discard that would complete its hand a win the view does
  not offer was let go, so the sample bars it too;
* on each sample: a seat that has declared a void and let a tile of another suit go holds no tile of its
  void suit (the void's tiles must go first, and one drawn later goes at once); the kinds the seat gave in
  the exchange are in their receiver's hand unless a copy shows among the receiver's discards, melds or
  winning tiles. Tiles that break these are swapped, at random, with hidden tiles (the wall, the others'
  hands) that keep them.

Read approximately, the view not showing the order of events across seats: who paid each kong (the seats
still in now, with the konger and its discarder), which kong came last (杠上炮 and a fed kong's 杠上花 need
the last one: none is taken as last), which kongs' income was handed on by 杠上炮, and who won first (the
next dealer's, not the hand's points). A seat that has won in 血流成河 keeps a ready hand; the sample does
not make it one (docs/bots.md).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from majiang.game.phase import Phase
from majiang.game.ruleset import Rebuilt
from majiang.meld import KongKind, MeldKind
from majiang.rules.sichuan.payments import Exchange, exchange_receiver, kong_payment
from majiang.rules.sichuan.state import SichuanPublic, SichuanState

if TYPE_CHECKING:
    from majiang.game.ruleset import Table, TableSeatView
    from majiang.rules.sichuan.ruleset import SichuanRules

    SichuanGame = Table[SichuanState, None]

__all__ = ["rebuild_hand"]


def rebuild_hand(rules: SichuanRules, game: SichuanGame, view: TableSeatView[Any]) -> Rebuilt:
    """The Sichuan hand state of ``game`` (set by the sampler to ``view``'s table) from the view, and what
    each sample moves once its hidden tiles are dealt (the module docstring)."""
    pub = view.public_state
    if not isinstance(pub, SichuanPublic):
        raise TypeError(f"a Sichuan view's public state is a SichuanPublic, not {type(pub).__name__}")
    seat = view.seat
    st = SichuanState()
    st.voids = list(pub.voids)
    st.direction = None if pub.exchange is None else Exchange(pub.exchange)
    st.wins = list(pub.wins)
    st.first_winners = tuple(s for s in range(4) if st.wins[s])
    if st.direction is not None:
        traded: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), ())] * 4
        traded[seat] = (pub.gave, pub.received)
        st.traded = traded
    active = view.active
    table = rules.table
    for s in range(4):
        kongs: list[tuple[KongKind, int | None]] = []
        for m in view.melds[s]:
            if m.kind is not MeldKind.KONG:
                continue
            if m.from_seat is None:
                kongs.append((KongKind.CONCEALED, None))
            elif m.added:
                kongs.append((KongKind.ADDED, None))
            else:
                kongs.append((KongKind.MELDED, m.from_seat.seat_of(s)))
        kongs += [(KongKind.CONCEALED, None)] * view.hidden_kongs[s]
        for how, giver in kongs:
            still_in = [t for t in range(4) if active[t] or t in (s, giver)]
            st.kongs.append((s, kong_payment(how, s, still_in, rules.base, discarder=giver, options=table)))
    game.hand_state = st
    if view.phase == Phase.CLAIM and view.last_discard is not None:
        # A win on this tile that the view does not offer was let go since the seat's last turn (过水).
        tile = int(view.last_discard[1])
        if all(a.kind.name != "WIN" for a in view.legal):
            win = game.discard_win(seat, tile, robbing=False)
            if win is not None:
                st.passed[seat][tile] = win.points
    cleared = [_cleared(view, s) for s in range(4)]
    owed = _owed(view, st) if st.traded is not None else None

    def deal(table_: SichuanGame, seat_: int, rng: random.Random) -> None:
        _keep_to_view(table_, seat_, cleared, owed, rng)

    return Rebuilt(st, (), deal)


def _cleared(view: TableSeatView[Any], s: int) -> int | None:
    """The void suit another seat holds no tile of: it has declared it and let a tile of another suit go
    (a discard still in sight or one claimed from it); None if it may still hold some."""
    pub: SichuanPublic = view.public_state
    void = pub.voids[s]
    if void is None or s == view.seat:
        return None
    if any(int(t) // 9 != void for t in view.discards[s]):
        return void
    for o in range(4):
        for m in view.melds[o]:
            if m.from_seat is not None and m.from_seat.seat_of(o) == s and m.tile // 9 != void:
                return void
    return None


def _owed(view: TableSeatView[Any], st: SichuanState) -> tuple[int, list[int]] | None:
    """The seat's exchange: its receiver and the kinds it gave that the view does not show the receiver
    let go (in its discards, melds or winning tiles), which the receiver still holds; None if none."""
    pub: SichuanPublic = view.public_state
    assert st.direction is not None
    receiver = exchange_receiver(st.direction, view.seat)
    shown = [0] * 34
    for t in (*view.discards[receiver], *view.won[receiver]):
        shown[int(t)] += 1
    for m in view.melds[receiver]:
        for t in m.tiles:
            shown[t] += 1
    owed = []
    for k in pub.gave:
        if shown[k]:
            shown[k] -= 1
        else:
            owed.append(k)
    return (receiver, owed) if owed else None


def _keep_to_view(game: SichuanGame, seat: int, cleared: list[int | None],
                  owed: tuple[int, list[int]] | None, rng: random.Random) -> None:
    """Swap hidden tiles until each other seat holds the kinds it owes the seat's exchange and no tile of a
    void suit it has cleared (the module docstring); each swap with a random hidden tile that fits."""
    places = game.wall.undrawn()
    counts = game.counts
    need = [[0] * 34 for _ in range(4)]
    changed = set()
    if owed is not None:
        receiver, kinds = owed
        for k in kinds:
            need[receiver][k] += 1
        for k in set(kinds):
            void = cleared[receiver]
            if void is not None and k // 9 == void:
                continue  # it would have let them go first: the view disagrees, leave the deal be
            while counts[receiver][k] < need[receiver][k]:
                holder = _swap_in(game, seat, receiver, k, cleared, need, places, rng)
                if holder is None:
                    break
                changed.update((receiver, holder))
    for s in range(4):
        void = cleared[s]
        if void is None:
            continue
        for k in range(9 * void, 9 * void + 9):
            while counts[s][k]:
                holder = _swap_out(game, seat, s, k, cleared, need, places, rng)
                if holder is None:
                    break
                changed.update((s, holder))
    for s in changed:
        if s >= 0:
            game.recount(s)


def _fits(kind: int, holder: int, cleared: list[int | None]) -> bool:
    """Whether a hidden place of ``holder`` (a seat, or -1 for the wall) may hold ``kind``."""
    return holder < 0 or cleared[holder] != kind // 9


def _takes(kind: int, holder: int, game: SichuanGame, need: list[list[int]]) -> bool:
    """Whether a copy of ``kind`` may leave ``holder`` (a seat, or -1 for the wall)."""
    return holder < 0 or game.counts[holder][kind] > need[holder][kind]


def _spots(game: SichuanGame, seat: int, skip: int, places: list[int]) -> list[tuple[int, int, int]]:
    """Every hidden tile but ``skip``'s: (holder, wall place or -1, kind); the wall's holder is -1."""
    wall = game.wall
    out = [(-1, p, wall[p]) for p in places]
    for s in range(4):
        if s not in (seat, skip):
            c = game.counts[s]
            out.extend((s, -1, k) for k in range(27) for _ in range(c[k]))
    return out


def _put(game: SichuanGame, holder: int, place: int, old: int, new: int) -> None:
    if holder < 0:
        game.wall[place] = new
    else:
        game.counts[holder][old] -= 1
        game.counts[holder][new] += 1


def _swap_in(game: SichuanGame, seat: int, s: int, kind: int, cleared: list[int | None],
             need: list[list[int]], places: list[int], rng: random.Random) -> int | None:
    """Bring a hidden copy of ``kind`` into ``s``'s hand for one of its own tiles that may go there: the
    holder it came from (-1 the wall), None if there is none."""
    counts = game.counts[s]
    mine = [k for k in range(27) for _ in range(counts[k] - need[s][k]) if k != kind]
    if not mine:
        return None
    spots = [x for x in _spots(game, seat, s, places) if x[2] == kind and _takes(kind, x[0], game, need)]
    rng.shuffle(mine)
    for holder, place, _ in rng.sample(spots, len(spots)):
        give = next((k for k in mine if _fits(k, holder, cleared)), None)
        if give is not None:
            _put(game, holder, place, kind, give)
            counts[give] -= 1
            counts[kind] += 1
            return holder
    return None


def _swap_out(game: SichuanGame, seat: int, s: int, kind: int, cleared: list[int | None],
              need: list[list[int]], places: list[int], rng: random.Random) -> int | None:
    """Send one of ``s``'s copies of ``kind`` to a hidden place that may hold it, for a tile there that
    ``s`` may hold: that place's holder (-1 the wall), None if there is none."""
    counts = game.counts[s]
    spots = [x for x in _spots(game, seat, s, places)
             if _fits(x[2], s, cleared) and _fits(kind, x[0], cleared) and _takes(x[2], x[0], game, need)]
    if not spots:
        return None
    holder, place, got = rng.choice(spots)
    _put(game, holder, place, got, kind)
    counts[kind] -= 1
    counts[got] += 1
    return holder

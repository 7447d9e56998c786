"""Sichuan hands rebuilt from one seat's view for the search bot (``Ruleset.rebuild``, ``bots.position``).

The engine-level part (tiles, melds, discards, winning tiles laid aside, who has left, the wall's size) is
the sampler's; this module sets the Sichuan hand state from the view and, on each sample, moves hidden
tiles so that the deal agrees with what the seat knows:

* from the view (``SichuanPublic``): each seat's void suit (定缺) and wins, the exchange's direction and the
  seat's own exchange (换三张: the kinds it gave and received), the kongs paid so far (刮风下雨: each kong
  shown, and each face-down one, paid as ``kong_payment`` says by the seats still in, the konger and its
  discarder), and the seat's own 过水: on another's discard that would complete its hand a win the view does
  not offer was let go, so the sample bars it too;
* on each sample, hidden tiles are moved (swapped with the wall's and the other hands' at random) so that
  the kinds the seat gave in the exchange are in their receiver's hand, unless a copy shows among the
  receiver's discards, melds or winning tiles; each other seat still in holds a hand about as close to a
  win as its discards so far suggest (``_shape``, a read of the players rather than a rule: uniform deals
  leave the others far slower than real players, and the searching seat's playouts won far more often
  than from the real deal); a seat that has won in 血流成河 holds a ready hand (it keeps the hand it won
  with); and a seat that has declared a void and let a tile of another suit go holds no tile of its void
  suit (the void's tiles must go first, and one drawn later goes at once), nor, without 定缺, one of the
  suit its tiles shown say it plays without (its melds of two suits, or a suit it let go far more of than
  the others: ``_read_void``, a read too).

Read approximately, the view not showing the order of events across seats: who paid each kong (the seats
still in now, with the konger and its discarder), which kong came last (杠上炮 and a fed kong's 杠上花 need
the last one: none is taken as last), which kongs' income was handed on by 杠上炮, and who won first (the
next dealer's, not the hand's points). The other seats' 过水 is not read: their sampled waits may include a
tile let go since their last turn. A 血流成河 winner's ready hand need not wait on the tiles it won with.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, cast

from majiang.actions import ActionKind
from majiang.game.phase import Phase
from majiang.game.ruleset import Rebuilt
from majiang.meld import KongKind, MeldKind
from majiang.rules.sampling import draw_complete, pooled
from majiang.rules.sichuan.payments import Exchange, TableOptions, exchange_receiver, kong_payment
from majiang.rules.sichuan.scoring import ScoreResult
from majiang.rules.sichuan.state import SichuanPublic, SichuanState

if TYPE_CHECKING:
    from majiang.game.ruleset import Table, TableSeatView

    SichuanGame = Table[SichuanState, None]

__all__ = ["rebuild_hand"]


def rebuild_hand(game: SichuanGame, view: TableSeatView[Any], *, base: int, table: TableOptions) -> Rebuilt:
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
            st.kongs.append((s, kong_payment(how, s, still_in, base, discarder=giver, options=table)))
    # Set now, not only by the sampler: the engine's score of a win below reads the seat's void from it.
    cast(Any, game).hand_state = st
    if view.phase == Phase.CLAIM and view.last_discard is not None:
        # A win on this tile that the view does not offer was let go since the seat's last turn (过水).
        tile = int(view.last_discard[1])
        if all(a.kind is not ActionKind.WIN for a in view.legal):
            win = game.discard_win(seat, tile, robbing=False)
            if win is not None:
                assert isinstance(win, ScoreResult)  # (the ruleset's win_score)
                st.passed[seat][tile] = win.points
    cleared = [_cleared(view, s) for s in range(4)]
    progress = [len(_let_go(view, s)) for s in range(4)]
    owed = _owed(view, st) if st.traded is not None else None

    def deal(table_: SichuanGame, seat_: int, rng: random.Random) -> None:
        _keep_to_view(table_, seat_, cleared, progress, owed, rng)

    return Rebuilt(st, (), deal)


def _cleared(view: TableSeatView[Any], s: int) -> int | None:
    """The suit another seat holds no tile of in the samples: its declared void once it has let a tile of
    another suit go (a discard still in sight or one claimed from it: the void's tiles must go first);
    without a declaration, the suit it plays without as its tiles shown read (``_read_void``). None if it
    may still hold any suit."""
    if s == view.seat:
        return None
    pub: SichuanPublic = view.public_state
    void = pub.voids[s]
    let_go = _let_go(view, s)
    if void is not None:
        return void if any(t // 9 != void for t in let_go) else None
    return _read_void(let_go, [m.tile // 9 for m in view.melds[s]])


def _let_go(view: TableSeatView[Any], s: int) -> list[int]:
    """The kinds seat ``s`` has discarded: those in sight and those claimed from it."""
    let_go = [int(t) for t in view.discards[s]]
    for o in range(4):
        for m in view.melds[o]:
            if m.from_seat is not None and m.from_seat.seat_of(o) == s:
                let_go.append(int(m.tile))
    return let_go


READ_LEAD = 3
"""Tiles of one suit a seat must have let go, and how many times those of any other suit, before its
samples hold none of that suit (without 定缺: ``_read_void``)."""


def _read_void(let_go: list[int], melded: list[int]) -> int | None:
    """The suit a seat without a declared void plays without, as read from what it showed: the one suit
    its melds leave out where they hold two, else the suit it let go most (at least ``READ_LEAD`` tiles,
    ``READ_LEAD`` times any other). Its bot, like a player, gives up the suit it lets go first; a seat
    dealt random tiles of all three suits would seldom be close to a win (three suits never win), and the
    playouts would let the searching seat win far more often than it does."""
    suits = set(melded)
    if len(suits) == 2:
        return 3 - sum(suits)
    by_suit = [0, 0, 0]
    for t in let_go:
        by_suit[t // 9] += 1
    most = max(range(3), key=lambda k: (by_suit[k], -k))
    if most in suits:
        return None
    others = max(by_suit[k] for k in range(3) if k != most)
    return most if by_suit[most] >= READ_LEAD and by_suit[most] >= READ_LEAD * others else None


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


def _keep_to_view(game: SichuanGame, seat: int, cleared: list[int | None], progress: list[int],
                  owed: tuple[int, list[int]] | None, rng: random.Random) -> None:
    """Move hidden tiles so that each other seat holds the kinds it owes the seat's exchange, a hand about
    as close to a win as its discards so far suggest (``_shape``) and no tile of a void suit it has
    cleared (the module docstring); each swap with a random hidden tile that fits."""
    places = game.wall.undrawn()
    counts = game.counts
    need = [[0] * 34 for _ in range(4)]
    changed: set[int] = set()
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
    shaped = [s for s in range(4) if SHAPED and s != seat and game.active[s] and not any(need[s])]
    if shaped:
        _shape(game, shaped, cleared, progress, rng)
        changed.update(shaped)
    # Last, as the shaped hands may have left a seat only tiles of its void near the wall's end.
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


SHAPED = True
"""Whether the samples shape the other seats' hands (``_shape``); False deals them uniformly
(benchmarks/sichuan_samples.py compares the two with the real deals)."""
SHAPE_PACE = 2
"""Tiles a seat lets go per step closer to a win in the samples (``_target``)."""
SHAPE_START = 5
"""The shanten a sampled hand starts from, before the seat has let anything go."""
SEQUENCE_SHARE = 0.7
"""How often a set of a shaped hand is a sequence where one can be made."""
SHAPE_TRIES = 8
"""Complete hands tried for (``_formed`` draws its sets at random and may run out of tiles)."""
"""How often a set of a shaped hand is a sequence where one can be made."""


def _target(progress: int) -> int:
    """The shanten a sampled hand of a seat that has let ``progress`` tiles go is dealt at most: the
    others' real hands are a player's choices, not random tiles, and come closer to a win as the hand goes
    on (in fan-aware hands about half the seats are ready after eight discards). With hands dealt at random
    the searching seat's playouts won 71% of the time where playouts of the real deals from the same
    positions won 45% (docs/bots.md)."""
    return max(0, SHAPE_START - progress // SHAPE_PACE)


def _formed(avail: list[int], suits: tuple[int, ...], sets: int, rng: random.Random) -> list[int] | None:
    """Counts of a complete hand (``sets`` sets and a pair) drawn at random from ``avail`` in ``suits``
    only; None if ``avail`` holds none."""
    kinds = [k for k in range(27) if k // 9 in suits]
    return draw_complete(avail, kinds, sets, SEQUENCE_SHARE, rng)


def _shape(game: SichuanGame, seats: list[int], cleared: list[int | None], progress: list[int],
           rng: random.Random) -> None:
    """Deal ``seats`` anew from their tiles and the wall's, each in turn (in random order) a hand at most
    ``_target`` from ready within two suits (none of its cleared void): a complete hand drawn at random,
    less a tile for each step from ready and one more, plus as many drawn at random from the same suits;
    where no complete hand can be drawn, tiles at random of its two suits. The tiles left go back to the
    wall's places at random."""
    wall = game.wall
    places = wall.undrawn()
    avail = pooled(game, seats, places)
    state: SichuanState = game.hand_state
    order = seats[:]
    rng.shuffle(order)
    for s in order:
        counts = game.counts[s]
        melds = game.melds[s]
        size = sum(counts)
        void = state.voids[s] if state.voids[s] is not None else cleared[s]
        melded = {m.tile // 9 for m in melds}
        choices = [void] if void is not None else [v for v in range(3) if v not in melded] or [0, 1, 2]
        hand = None
        for _ in range(SHAPE_TRIES):
            void = rng.choice(choices)
            suits = tuple(k for k in range(3) if k != void)
            hand = _formed(avail, suits, 4 - len(melds), rng)
            if hand is not None:
                break
        if hand is not None:
            tiles = [k for k in range(27) for _ in range(hand[k])]
            rng.shuffle(tiles)
            steps = 0 if state.wins[s] else _target(progress[s])
            for k in tiles[:steps + 1]:
                hand[k] -= 1
            extra = steps
        else:
            hand = [0] * 34
            extra = size
        spare = [k for k in range(27) if k // 9 in suits for _ in range(avail[k] - hand[k])]
        if len(spare) < extra:
            spare = [k for k in range(27) if k // 9 != cleared[s] for _ in range(avail[k] - hand[k])]
        if len(spare) < extra:
            spare = [k for k in range(27) for _ in range(avail[k] - hand[k])]
        for k in rng.sample(spare, extra):
            hand[k] += 1
        assert sum(hand) == size
        for k in range(27):
            avail[k] -= hand[k]
        counts[:] = hand
    rest = [k for k in range(27) for _ in range(avail[k])]
    rng.shuffle(rest)
    for p, kind in zip(places, rest, strict=True):
        wall[p] = kind


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

"""An mjai hand replayed on our engine from one seat's side: the rules as the seat sees the table, the
events applied, and the wall completed to agree with all the seat has seen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.game.ruleset import CONCEALED_KONG, DISCARD, PASS, Table, Wall
from majiang.game.table import Game, Phase
from majiang.interop.mjai import mjai_tile
from majiang.interop.mjai_events import _CALLS, MjaiProtocolError, _tile
from majiang.meld import KongKind, MeldKind
from majiang.rules.riichi.ruleset import FIVES, RIICHI, RiichiMatchState, RiichiRules, RiichiState
from majiang.tiles import ALL_TILES

__all__: list[str] = []


# -- the engine's rules as one seat sees the table ------------------------------------------------------

_ANY_TURN = [(DISCARD[t], RIICHI[t]) for t in range(34)]
_RED_TURN = {t: (Action(ActionKind.DISCARD, ALL_TILES[t], (ALL_TILES[t],)),
                 Action(ActionKind.RIICHI, ALL_TILES[t], (ALL_TILES[t],))) for t in FIVES}


@dataclass(frozen=True, slots=True)
class _SeatRules(RiichiRules):
    """The rules played, for a replay from one seat's side: the wall is taken as dealt (no break), the red
    fives are where the completion put them, and the other seats may do whatever the server says they
    did (their hidden tiles are made up, so our engine cannot judge their riichi or calls; the server
    has)."""

    seat: int = 0
    reds: frozenset[int] = frozenset()

    def new_wall(self, ring: list[int], dealer: int, dice: tuple[int, int]) -> Wall:
        return Wall(list(ring), self.dead_wall, dealer)

    def deal(self, game: Table[RiichiState, RiichiMatchState]) -> None:
        st: RiichiState = game.hand_state
        st.red_at = self.reds
        order = [(game.dealer + k) % 4 for k in range(4)]
        seats = [s for _ in range(3) for s in order for _ in range(4)] + order + [order[0]]
        for s in seats:
            place = game.wall.front
            t = game.deal_tile(s)
            if place in st.red_at:
                st.red_hand[s][t // 9] += 1
        game.drawn = t  # the dealer's fourteenth

    def turn_actions(self, game: Table[RiichiState, RiichiMatchState], seat: int) -> list[Action]:
        if seat == self.seat:
            return RiichiRules.turn_actions(self, game, seat)
        st: RiichiState = game.hand_state
        counts = game.counts[seat]
        out: list[Action] = []
        for t in range(34):
            if counts[t]:
                out += _ANY_TURN[t]
                if t in FIVES and 0 < st.red_hand[seat][t // 9] < counts[t]:
                    out += _RED_TURN[t]
            if counts[t] == 4:
                out.append(CONCEALED_KONG[t])
        out += [Action(ActionKind.ADDED_KONG, m.tile) for m in game.melds[seat]
                if m.kind == MeldKind.PUNG and counts[m.tile]]
        return out

    def claim_options(self, game: Table[RiichiState, RiichiMatchState], seat: int, giver: int,
                      tile: int) -> list[Action]:
        if seat == self.seat:
            return RiichiRules.claim_options(self, game, seat, giver, tile)
        c = game.counts[seat]
        out = [PASS]
        if c[tile] >= 2:
            out.append(Action(ActionKind.PUNG))
        if c[tile] >= 3:
            out.append(Action(ActionKind.KONG))
        if seat == (giver + 1) % 4 and tile < 27:
            for low in range(max(tile - 2, tile - tile % 9), min(tile, tile - tile % 9 + 6) + 1):
                if all(c[k] for k in (low, low + 1, low + 2) if k != tile):
                    out.append(Action(ActionKind.CHOW, ALL_TILES[low]))
        if self.red_choice:
            out += self._red_claims(game.hand_state, seat, c, tile, out)
        return out

    def rob_options(self, game: Table[RiichiState, RiichiMatchState], seat: int, konger: int, tile: int,
                    how: KongKind) -> list[Action]:
        if seat == self.seat:
            return RiichiRules.rob_options(self, game, seat, konger, tile, how)
        return []


# -- the events applied ----------------------------------------------------------------------------------

def _settle(game: Game) -> None:
    """Every seat still asked about a discard or a kan lets it pass."""
    while game.phase in (Phase.CLAIM, Phase.ROB) and game.to_act():
        game.apply(game.to_act()[0], PASS)


def _apply(game: Game, e: dict[str, Any], riichi: list[bool], me: int) -> None:
    """One event of the hand, played on the replay."""
    kind = e["type"]
    st: RiichiState = game.hand_state
    if kind == "tsumo":
        _settle(game)
        if game.phase != Phase.TURN or game.current != e["actor"] or game.drawn is None:
            raise MjaiProtocolError(f"a draw for seat {e['actor']} where our engine has none")
        if e["pai"] != "?" and game.drawn != _tile(e["pai"], "")[0]:
            raise MjaiProtocolError(f"the draw is {e['pai']}, our wall gave {mjai_tile(game.drawn, False)}")
    elif kind == "dahai":
        _settle(game)
        seat = e["actor"]
        tile, red = _tile(e["pai"], "")
        named = red and game.counts[seat][tile] > st.red_hand[seat][tile // 9]
        step = ActionKind.RIICHI if riichi[seat] else ActionKind.DISCARD
        riichi[seat] = False
        action = Action(step, ALL_TILES[tile], (ALL_TILES[tile],) if named else ())
        if named and action not in game.legal_actions(seat):
            # A seat in riichi names no five (tsumogiri_red): the engine lets the drawn one go, and the
            # check below holds it to the server's colour.
            action = Action(step, ALL_TILES[tile])
        game.apply(seat, action)
        if st.last_red != red and game.phase != Phase.OVER:
            raise MjaiProtocolError(f"seat {seat} let go of {e['pai']}, our engine of the other five")
    elif kind in _CALLS:
        seat = e["actor"]
        if seat not in game.to_act():
            raise MjaiProtocolError(f"seat {seat} may not call now")
        tile, _ = _tile(e["pai"], "")
        used = [_tile(t, "")[0] for t in e["consumed"]]
        if kind == "chi":
            action = Action(ActionKind.CHOW, ALL_TILES[min([tile, *used])])
        else:
            action = Action(ActionKind.PUNG if kind == "pon" else ActionKind.KONG)
        rules = game.rules
        if isinstance(rules, RiichiRules):  # the plain call or the one naming the red five (red_choice)
            reds = sum(str(t).endswith("r") for t in e["consumed"])
            action = rules.call_with_reds(game, seat, action, reds)
        before = st.red_melds[seat]
        game.apply(seat, action)
        _settle(game)
        reds = sum(1 for t in [e["pai"], *e["consumed"]] if str(t).endswith("r"))
        # (Another seat's hidden tiles are made up: our engine, taking red fives into a meld first, may
        # move one the server's player kept. Only this seat's own calls must agree.)
        if seat == me and st.red_melds[seat] - before != reds:
            raise MjaiProtocolError(f"seat {seat}'s {kind} holds {reds} red five(s), our engine's "
                                    f"{st.red_melds[seat] - before}")
    elif kind in ("ankan", "kakan"):
        _settle(game)
        seat = e["actor"]
        tile, _ = _tile(e["pai"] if kind == "kakan" else e["consumed"][0], "")
        step = ActionKind.CONCEALED_KONG if kind == "ankan" else ActionKind.ADDED_KONG
        game.apply(seat, Action(step, ALL_TILES[tile]))
    elif kind == "reach":
        riichi[e["actor"]] = True


# -- the wall completed from one seat's side ---------------------------------------------------------

_LIVE, _TAIL, _INDICATOR = 52, 135, 130
"""Places in a dealt riichi wall: the dealer's first draw (then the live wall), the first replacement
tile (then backwards), the first dora indicator (then every second place backwards)."""


def _deal_places(dealer: int) -> list[list[int]]:
    """The wall places dealt to each seat (thirteen each), as ``RiichiRules.deal`` deals them."""
    order = [(dealer + k) % 4 for k in range(4)]
    seats = [s for _ in range(3) for s in order for _ in range(4)] + order
    out: list[list[int]] = [[], [], [], []]
    for place, s in enumerate(seats):
        out[s].append(place)
    return out


def _complete(hand: list[dict[str, Any]], me: int, red_fives: int,
              where: str) -> tuple[list[int], frozenset[int]]:
    """A wall (136 kinds, in drawing order) and the places of its red fives that agree with ``hand`` as
    seat ``me`` saw it: its own tiles and draws, the dora indicators, and for every other seat each tile
    it let go of, called with or added to a kan (placed in its hand or at its draw: a tile let go of
    straight after drawing, ``tsumogiri``, is that draw). The rest is made up from the tiles left, the red
    fives not seen kept out of the other seats' hands where there is room."""
    start = hand[0]
    known: dict[int, tuple[int, bool]] = {}
    held: list[list[int]] = _deal_places(start["oya"])
    last: list[int | None] = [None] * 4
    for place, t in zip(held[me], start["tehais"][me], strict=True):
        known[place] = _tile(t, where)
    held[me] = []
    known[_INDICATOR] = _tile(start["dora_marker"], where)
    live, tail, dora = _LIVE, _TAIL, 1
    after_kan = [False] * 4

    def take(seat: int, tile: tuple[int, bool], draw: int | None) -> None:
        if seat == me:
            return
        slots = held[seat]
        for place in ([draw] if draw is not None and draw in slots and draw not in known else []) + \
                [p for p in slots if known.get(p) == tile] + [p for p in slots if p not in known]:
            slots.remove(place)
            known[place] = tile
            return
        raise MjaiProtocolError(f"{where}: seat {seat} shows more tiles than it can hold")

    for e in hand[1:]:
        kind = e["type"]
        seat = e.get("actor")
        if kind == "tsumo":
            assert isinstance(seat, int)
            if after_kan[seat]:
                place, tail = tail, tail - 1
            else:
                place, live = live, live + 1
            after_kan[seat] = False
            if seat == me:
                known[place] = _tile(e["pai"], where)
            else:
                held[seat].append(place)
            last[seat] = place
        elif kind == "dahai":
            assert isinstance(seat, int)
            take(seat, _tile(e["pai"], where), last[seat] if e.get("tsumogiri") is True else None)
            last[seat] = None
        elif kind in (*_CALLS, "ankan"):
            assert isinstance(seat, int)
            for t in e["consumed"]:
                take(seat, _tile(t, where), None)
            after_kan[seat] = kind in ("daiminkan", "ankan")
        elif kind == "kakan":
            assert isinstance(seat, int)
            take(seat, _tile(e["pai"], where), None)
            after_kan[seat] = True
        elif kind == "dora":
            if dora >= 5:
                raise MjaiProtocolError(f"{where}: more than five dora indicators")
            known[_INDICATOR - 2 * dora] = _tile(e["dora_marker"], where)
            dora += 1
        if live > _INDICATOR - 8 or tail < _INDICATOR + 1:
            raise MjaiProtocolError(f"{where}: more draws than a wall holds")
    left = [4] * 34
    reds_left = {4: 0, 13: 0, 22: 0} if not red_fives else {4: 1, 13: 2 if red_fives == 4 else 1, 22: 1}
    for t, red in known.values():
        left[t] -= 1
        if red:
            if not reds_left.get(t):
                raise MjaiProtocolError(f"{where}: more red {mjai_tile(t, False)} than the rules' "
                                        f"red_fives={red_fives} hold (see majiang mjai --option)")
            reds_left[t] -= 1
    if min(left) < 0:
        worst = min(range(34), key=lambda k: left[k])
        raise MjaiProtocolError(f"{where}: more than four {mjai_tile(worst, False)} shown")
    hidden = {p for s in range(4) if s != me for p in held[s]}
    free = [p for p in range(136) if p not in known and p not in hidden] + \
        [p for p in range(136) if p in hidden and p not in known]
    wall = [0] * 136
    red_at = {p for p, (_, red) in known.items() if red}
    for p, (t, _) in known.items():
        wall[p] = t
    rest = [t for t in range(34) for _ in range(left[t])]
    # The red fives not seen first, into the places that are in no other seat's hand where possible.
    unseen = [t for t, n in reds_left.items() for _ in range(n)]
    for t in unseen:
        rest.remove(t)
    for p, t in zip(free, unseen + rest, strict=True):
        wall[p] = t
    red_at.update(free[:len(unseen)])
    return wall, frozenset(red_at)

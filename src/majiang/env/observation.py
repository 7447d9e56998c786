"""Each seat's observation as a (52, 34) int32 array, kept up to date from the engine's events.

Rows (seats are relative to the observer: 0 itself, 1 the next seat 下家, 2 across 对家, 3 the
previous seat 上家); a tile row has one column per kind (codes 0-33: 1m..9m, 1p..9p, 1s..9s, E S W N,
P F C). docs/rl.md has the same table.

======  =================================================================================================
row     content
======  =================================================================================================
0       own standing tiles as counts, the drawn tile included
1       the drawn tile (one-hot; only on one's own turn)
2       own concealed kongs (暗杠) as counts (4 per kong)
3-6     each relative seat's exposed melds as counts (concealed kongs are not shown: column 0 of 34-37)
7-10    each relative seat's river (its discards not claimed) as counts
11-26   the order of play: row 11 + 4k + j is relative seat k's j-th latest discard still in its river
        (j = 0 the latest), one-hot
27-30   each relative seat's winning tiles laid aside (rulesets that play on after a win)
31      the tile being answered: the discard others may claim, or the kong that may be robbed (one-hot)
32, 33  seat wind, round wind (one-hot)
34-37   one row per relative seat; columns: 0 concealed kongs, 1 bonus tiles shown, 2 the dealer,
        3 whose turn, 4 still in the hand, 5 gave the tile of row 31, 6 score, 7 tiles in its river,
        8 exposed melds, 9-11 its declared void suit m, p, s (定缺; one-hot, all 0 before), 12 the
        place of its sideways discard in its river plus 1 (0: none), 13-20 its marks (``MARKS``)
38      columns 0-4: the phase one-hot (turn, claim, rob, over, opening); 5: tiles left in the wall;
        6-8: the exchange's direction (换三张: clockwise, counterclockwise, across; one-hot);
        9-11: the table's counters (``COUNTERS``: honba, riichi sticks, 宝牌 rolls); 12: the phase is a
        question asked during play (``Phase.ASK``: Changsha's 海底 offered around)
39      the kinds of the observer's legal actions (column = ``ActionKind`` value)
40-43   each relative seat's sideways discard (riichi: the declaration tile; one-hot)
44-47   each relative seat's tiles shown face up (Changsha: the hand shown for an opening win)
48-51   the table's tiles face up (``TABLE_TILES``): dora indicators, ura indicators, birds, the 宝牌
        (only for a seat that has seen it)
======  =================================================================================================

Rows 40-51 and the columns of marks and counters come from what a table display shows the seat of the
ruleset's own state: ``Describer.table_info`` of the seat's ``public_state``, the same data the web
table draws. Its keys name the row or column (``TABLE_TILES``, ``SEAT_TILES``, ``COUNTERS``, ``MARKS``),
whatever the ruleset; a key the observation has no place for raises ``ValueError``.

``TableEncoder`` keeps the rows of all four seats of one table in one array in absolute seat order
(a store), applies each new engine event in place (a draw, a discard, a claim, a kong, a win, a
payment), and gives a seat its observation by one gather of the store's rows in that seat's relative
order. A seat's private rows (0-2, 39) come only from its own store rows; no row is read from another
seat's concealed tiles. ``encode_view`` builds the same array from one ``View`` alone: the reference
the tests compare against at every step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from majiang.actions import Action, ActionKind
from majiang.env.actions import ACTION_COUNT, action_index, kind_of
from majiang.game import Game, Phase, View
from majiang.game import events as ev
from majiang.game.describe import Describer, TableInfo
from majiang.game.ruleset import Ruleset
from majiang.tiles import seat_wind

__all__ = ["COUNTERS", "MARKS", "OBS_SHAPE", "SEAT_TILES", "TABLE_TILES", "ObsArray", "TableEncoder",
           "encode_view", "mask_of"]

ObsArray = npt.NDArray[np.int32]
OBS_SHAPE = (52, 34)
RECENT = 4
"""How many latest discards per seat rows 11-26 show."""

# Observation rows.
HAND, DRAWN, OWN_KONGS, MELDS, RIVERS, ORDER, WON, ANSWER, SEAT_WIND, ROUND_WIND, INFO, GLOBAL, LEGAL = \
    0, 1, 2, 3, 7, 11, 27, 31, 32, 33, 34, 38, 39
SIDEWAYS, SHOWN, FACE_UP = 40, 44, 48
# Columns of the INFO rows and the GLOBAL row.
I_KONGS, I_BONUS, I_DEALER, I_TURN, I_ACTIVE, I_GIVER, I_SCORE, I_RIVER, I_MELDS, I_VOID = range(10)
I_SIDEWAYS, I_MARKS = 12, 13
G_WALL, G_EXCHANGE, G_COUNTERS, G_ASK = 5, 6, 9, 12
PHASE_COLUMN = {phase: G_ASK if phase == Phase.ASK else int(phase) for phase in Phase}
"""The column of row 38 of each phase (a question during play came after the wall's column)."""
_DIRECTIONS = {"clockwise": 0, "counterclockwise": 1, "across": 2}

# What a table display shows of a ruleset's state (``TableInfo``), by key, in the order of their rows or
# columns. A ruleset that shows more needs a place added here (at the end: places never move).
TABLE_TILES = ("dora", "ura", "birds", "treasure")
"""Tile groups face up on the table: rows 48-51."""
SEAT_TILES = ("shown",)
"""Tile groups of one seat (named ``shown-<seat>``): rows 44-47, by relative seat."""
COUNTERS = ("honba", "sticks", "treasure-rolls")
"""Counts on the table: row 38, columns 9-11."""
MARKS = ("riichi", "double-riichi", "furiten", "pao", "ready", "opening-win", "open-kong", "seabed")
"""Marks of a seat: rows 34-37, columns 13-20."""

# Store rows: the same content for the four absolute seats (shared rows once).
_S_HAND, _S_DRAWN, _S_KONGS, _S_MELDS, _S_RIVERS, _S_ORDER, _S_WON = 0, 4, 8, 12, 16, 20, 36
_S_ANSWER, _S_SEAT_WIND, _S_ROUND_WIND, _S_INFO, _S_GLOBAL, _S_LEGAL, _S_BLANK = 40, 41, 45, 46, 50, 51, 55
STORE_ROWS = 56


def _gather_rows(seat: int) -> list[int]:
    def rel(k: int) -> int:
        return (seat + k) % 4

    return ([_S_HAND + seat, _S_DRAWN + seat, _S_KONGS + seat]
            + [_S_MELDS + rel(k) for k in range(4)] + [_S_RIVERS + rel(k) for k in range(4)]
            + [_S_ORDER + RECENT * rel(k) + j for k in range(4) for j in range(RECENT)]
            + [_S_WON + rel(k) for k in range(4)]
            + [_S_ANSWER, _S_SEAT_WIND + seat, _S_ROUND_WIND] + [_S_INFO + rel(k) for k in range(4)]
            + [_S_GLOBAL, _S_LEGAL + seat] + [_S_BLANK] * (OBS_SHAPE[0] - LEGAL - 1))


GATHER: npt.NDArray[np.intp] = np.array([_gather_rows(s) for s in range(4)], dtype=np.intp)
"""``GATHER[seat]``: the store rows of ``seat``'s observation, in observation order."""

_INDEX: dict[Action, int] = {}
_KIND = np.array([kind_of(i) for i in range(ACTION_COUNT)], dtype=np.intp)
"""The ``ActionKind`` of each index."""


def indices_of(legal: list[Action] | tuple[Action, ...], rules: Ruleset | None = None) -> list[int]:
    """The action-space indices of ``legal`` (cached per action; a ruleset's own actions, which index by
    ``rules``, are not)."""
    try:
        return [_INDEX[action] for action in legal]
    except KeyError:
        out = []
        for action in legal:
            index = _INDEX.get(action)
            if index is None:
                index = action_index(action, rules)
                if action.kind is not ActionKind.DECLARED:
                    _INDEX[action] = index
            out.append(index)
        return out


def mask_of(legal: list[Action] | tuple[Action, ...], rules: Ruleset | None = None) -> npt.NDArray[np.int8]:
    """The int8 action mask with a 1 at the index of each action of ``legal``."""
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    mask[indices_of(legal, rules)] = 1
    return mask


_ALL = 0b1111


def shown_describer(rules: Ruleset | None) -> Describer | None:
    """The describer of ``rules`` if it shows a state of its own on the table (``table_info``), else None."""
    if rules is None:
        return None
    describer = rules.describer()
    return None if type(describer).table_info is Describer.table_info else describer


def _place(keys: tuple[str, ...], key: str, what: str) -> int:
    if key not in keys:
        raise ValueError(f"the table shows {what} {key!r}, which the observation has no place for "
                         f"(majiang.env.observation knows {', '.join(keys)})")
    return keys.index(key)


def write_info(obs: ObsArray, seat: int, info: TableInfo, discards: Any) -> None:
    """Write what a table display shows ``seat`` of the ruleset's state into ``seat``'s observation
    (rows 40-51, the marks and counters columns); ``discards`` are the four rivers."""
    for name, tiles in info.tiles:
        head, _, owner = name.rpartition("-")
        if owner.isdigit() and head in SEAT_TILES:
            row = SHOWN + (int(owner) - seat) % 4
        else:
            row = FACE_UP + _place(TABLE_TILES, name, "the tiles")
        for tile in tiles:
            obs[row, tile] += 1
    for name, n in info.counters:
        obs[GLOBAL, G_COUNTERS + _place(COUNTERS, name, "the count")] = n
    for s in range(4):
        k = (s - seat) % 4
        at = info.sideways[s]
        if at is not None:
            obs[INFO + k, I_SIDEWAYS] = at + 1
            if at < len(discards[s]):
                obs[SIDEWAYS + k, discards[s][at]] = 1
        for mark in info.marks[s]:
            obs[INFO + k, I_MARKS + _place(MARKS, mark, "the mark")] = 1


class TableEncoder:
    """The observation rows of the four seats of one hand, updated from the game's new events.

    ``store`` (``STORE_ROWS`` × 34, int32) may be given to place the rows inside a larger array (the
    vector environment keeps every table's store in one batch).
    """

    def __init__(self, store: ObsArray | None = None) -> None:
        self.store: ObsArray = store if store is not None else np.zeros((STORE_ROWS, 34), dtype=np.int32)
        self.game: Game | None = None
        self._seen = 0
        self._drawn: tuple[int, int] | None = None
        self._answer: tuple[int, int] | None = None
        self._turn = self._phase = -1
        self._direction: str | None = None
        self._scores: list[int] = []
        self._active: list[bool] = []
        self._describer: Describer | None = None

    def reset(self, game: Game) -> None:
        """Forget the last hand and follow ``game`` from its first event."""
        self.store[:] = 0
        self.game = game
        self._seen = 0
        self._drawn = self._answer = None
        self._turn = self._phase = -1
        self._direction = None
        self._scores = []
        self._active = []
        self._describer = shown_describer(game.rules)
        self.sync()

    def sync(self) -> None:
        """Apply the game's events since the last call."""
        game = self.game
        assert game is not None
        events = game.events
        if len(events) == self._seen:
            return
        store = self.store
        hands = melds = rivers = 0  # bit masks of seats to re-read
        won = public = False
        for e in events[self._seen:]:
            if isinstance(e, ev.Act):
                continue
            if isinstance(e, ev.Draw):
                store[_S_HAND + e.seat, e.tile] += 1
                if e.tail:
                    # A replacement: a kong may just have been completed (not an event of its own).
                    hands |= 1 << e.seat
                    melds |= 1 << e.seat
            elif isinstance(e, ev.Discard):
                seat, tile = e.seat, e.tile
                store[_S_HAND + seat, tile] -= 1
                store[_S_RIVERS + seat, tile] += 1
                store[_S_INFO + seat, I_RIVER] += 1
                order = store[_S_ORDER + RECENT * seat:_S_ORDER + RECENT * seat + RECENT]
                order[1:] = order[:-1]  # numpy copies overlapping rows as if through a buffer
                order[0] = 0
                order[0, tile] = 1
            elif isinstance(e, ev.Claim):
                hands |= 1 << e.seat
                melds |= 1 << e.seat
                # From a discard, or from the giver's own hand: a pung answering its added kong (抢叉).
                hands |= 1 << e.giver
                rivers |= 1 << e.giver
            elif isinstance(e, (ev.Kong, ev.AddKong)):
                hands |= 1 << e.seat
                melds |= 1 << e.seat
            elif isinstance(e, ev.Flower):
                store[_S_INFO + e.seat, I_BONUS] += 1
                hands |= 1 << e.seat
            elif isinstance(e, ev.Start):
                self._start(game)
            elif not isinstance(e, (ev.Payment, ev.FalseWinPenalty)):
                # A win (tiles laid aside, a robbed kong, a discard moved, winners leaving), the deal,
                # the end, and any event of a ruleset's own (an exchange, declared voids, an abortive
                # draw): re-read everything from the game. Payments need nothing: scores are compared
                # at every step.
                hands = melds = rivers = _ALL
                won = public = True
        self._seen = len(events)
        if hands | melds | rivers:
            for s in range(4):
                bit = 1 << s
                if hands & bit:
                    store[_S_HAND + s] = game.counts[s]
                if melds & bit:
                    self._read_melds(s)
                if rivers & bit:
                    self._read_river(s)
        if won:
            for s in range(4):
                row = store[_S_WON + s]
                row[:] = 0
                for tile in game.won[s]:
                    row[tile] += 1
        if public:
            self._read_public(game)
        self._read_flow(game)

    def _start(self, game: Game) -> None:
        store = self.store
        for s in range(4):
            store[_S_SEAT_WIND + s, seat_wind(s, game.dealer)] = 1
        store[_S_ROUND_WIND, game.round_wind] = 1
        store[_S_INFO + game.dealer, I_DEALER] = 1

    def _read_melds(self, seat: int) -> None:
        assert self.game is not None
        store = self.store
        exposed, kongs = store[_S_MELDS + seat], store[_S_KONGS + seat]
        exposed[:] = 0
        kongs[:] = 0
        n_kongs = n_exposed = 0
        for meld in self.game.melds[seat]:
            if meld.is_concealed_kong:
                kongs[meld.tile] += 4
                n_kongs += 1
            else:
                for tile in meld.tiles:
                    exposed[tile] += 1
                n_exposed += 1
        store[_S_INFO + seat, I_KONGS] = n_kongs
        store[_S_INFO + seat, I_MELDS] = n_exposed

    def _read_river(self, seat: int) -> None:
        assert self.game is not None
        river = self.game.discards[seat]
        row = self.store[_S_RIVERS + seat]
        row[:] = 0
        for tile in river:
            row[tile] += 1
        self.store[_S_INFO + seat, I_RIVER] = len(river)
        order = self.store[_S_ORDER + RECENT * seat:_S_ORDER + RECENT * seat + RECENT]
        order[:] = 0
        for j, tile in enumerate(river[:-RECENT - 1:-1]):
            order[j, tile] = 1

    def _read_public(self, game: Game) -> None:
        # Only what every seat sees: declared void suits and the exchange's direction.
        state = game.rules.public_state(game, 0)
        voids = getattr(state, "voids", None)
        if voids is not None:
            for s in range(4):
                self.store[_S_INFO + s, I_VOID:I_VOID + 3] = 0
                if voids[s] is not None:
                    self.store[_S_INFO + s, I_VOID + voids[s]] = 1
        direction = getattr(state, "exchange", None)
        if direction != self._direction:
            self.store[_S_GLOBAL, G_EXCHANGE:G_EXCHANGE + 3] = 0
            if direction in _DIRECTIONS:
                self.store[_S_GLOBAL, G_EXCHANGE + _DIRECTIONS[direction]] = 1
            self._direction = direction

    def _read_flow(self, game: Game) -> None:
        """The small state that moves at every step: phase, turn, wall, the drawn and answered tiles."""
        store = self.store
        phase = PHASE_COLUMN[game.phase]
        if phase != self._phase:
            if self._phase >= 0:
                store[_S_GLOBAL, self._phase] = 0
            store[_S_GLOBAL, phase] = 1
            self._phase = phase
        store[_S_GLOBAL, G_WALL] = game.wall_left
        if game.totals != self._scores:  # payments may come without an event of their own
            store[_S_INFO:_S_INFO + 4, I_SCORE] = game.totals
            self._scores = list(game.totals)
        if game.active != self._active:
            store[_S_INFO:_S_INFO + 4, I_ACTIVE] = game.active
            self._active = list(game.active)
        if game.current != self._turn:
            if self._turn >= 0:
                store[_S_INFO + self._turn, I_TURN] = 0
            store[_S_INFO + game.current, I_TURN] = 1
            self._turn = game.current
        drawn = (game.current, game.drawn) if game.drawn is not None and phase == Phase.TURN else None
        if drawn != self._drawn:
            if self._drawn is not None:
                store[_S_DRAWN + self._drawn[0], self._drawn[1]] = 0
            if drawn is not None:
                store[_S_DRAWN + drawn[0], drawn[1]] = 1
            self._drawn = drawn
        answer = game.robbed if game.robbed is not None else \
            game.last_discard if phase == Phase.CLAIM else None
        if answer != self._answer:
            if self._answer is not None:
                store[_S_ANSWER, self._answer[1]] = 0
                store[_S_INFO + self._answer[0], I_GIVER] = 0
            if answer is not None:
                store[_S_ANSWER, answer[1]] = 1
                store[_S_INFO + answer[0], I_GIVER] = 1
            self._answer = answer

    def legal(self, seat: int) -> tuple[list[Action], list[int]]:
        """``seat``'s legal actions and their indices; also writes its row 39."""
        assert self.game is not None
        legal = self.game.legal_actions(seat)
        indices = indices_of(legal, self.game.rules)
        row = self.store[_S_LEGAL + seat]
        row[:] = 0
        row[_KIND[indices]] = 1
        return legal, indices

    def observe(self, seat: int) -> tuple[ObsArray, npt.NDArray[np.int8]]:
        """``seat``'s observation (a new array) and action mask, after applying the new events."""
        self.sync()
        _, indices = self.legal(seat)
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        mask[indices] = 1
        obs = self.store[GATHER[seat]]
        self.own_rows(obs, seat)
        return obs, mask

    def own_rows(self, obs: ObsArray, seat: int) -> None:
        """Write what differs by seat beyond the store into ``seat``'s gathered observation: what it may
        still draw (per-seat walls differ) and what the table display shows it of the ruleset's state
        (a seat's furiten, a 宝牌 only a ready seat has seen)."""
        game = self.game
        assert game is not None
        obs[GLOBAL, G_WALL] = game.wall_left_for(seat)
        if self._describer is not None:
            write_info(obs, seat, self._describer.table_info(game.rules.public_state(game, seat)),
                       game.discards)


def encode_view(view: View) -> ObsArray:
    """The observation of ``view``'s seat built from that view alone (the reference for the encoder)."""
    a = np.zeros(OBS_SHAPE, dtype=np.int32)
    seat = view.seat
    for tile in view.standing:
        a[HAND, tile] += 1
    if view.drawn is not None:
        a[DRAWN, view.drawn] = 1
    for s in range(4):
        k = (s - seat) % 4
        info = a[INFO + k]
        kongs = 0
        for meld in view.melds[s]:
            if meld.is_concealed_kong:
                kongs += 1
                if s == seat:
                    a[OWN_KONGS, meld.tile] += 4
            else:
                info[I_MELDS] += 1
                for tile in meld.tiles:
                    a[MELDS + k, tile] += 1
        info[I_KONGS] = kongs + view.hidden_kongs[s]
        river = view.discards[s]
        for tile in river:
            a[RIVERS + k, tile] += 1
        for j, tile in enumerate(river[:-RECENT - 1:-1]):
            a[ORDER + RECENT * k + j, tile] = 1
        for tile in view.won[s]:
            a[WON + k, tile] += 1
        info[I_BONUS] = view.flowers[s]
        info[I_DEALER] = s == view.dealer
        info[I_TURN] = s == view.current
        info[I_ACTIVE] = view.active[s]
        info[I_SCORE] = view.totals[s]
        info[I_RIVER] = len(river)
    answer: tuple[int, int] | None = view.robbing if view.robbing is not None else \
        view.last_discard if view.phase == Phase.CLAIM else None
    if answer is not None:
        a[ANSWER, answer[1]] = 1
        a[INFO + (answer[0] - seat) % 4, I_GIVER] = 1
    a[SEAT_WIND, view.seat_wind] = 1
    a[ROUND_WIND, view.round_wind] = 1
    state: Any = view.public_state
    voids = getattr(state, "voids", None)
    if voids is not None:
        for s in range(4):
            if voids[s] is not None:
                a[INFO + (s - seat) % 4, I_VOID + voids[s]] = 1
    direction = getattr(state, "exchange", None)
    if direction in _DIRECTIONS:
        a[GLOBAL, G_EXCHANGE + _DIRECTIONS[direction]] = 1
    a[GLOBAL, PHASE_COLUMN[view.phase]] = 1
    a[GLOBAL, G_WALL] = view.wall_left
    for action in view.legal:
        a[LEGAL, action.kind] = 1
    describer = shown_describer(view.rules)
    if describer is not None:
        write_info(a, seat, describer.table_info(state), view.discards)
    return a

"""What the server sends about a hand: one seat's view, or the public view, as plain JSON data.

A seat's view holds its own concealed tiles and nothing of another seat's but counts; a spectator's
holds no concealed tile at all. Once the hand is over every hand is shown (as at a real table).

>>> from majiang.game import Game
>>> g = Game(seed=3)
>>> v = view_json(g, 0)
>>> len(v["standing"]), v["concealed"], v["legal"][0].split()[0]
(14, [14, 13, 13, 13], 'discard')
>>> view_json(g, None)["standing"], view_json(g, None)["legal"]
([], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from majiang.actions import Action, ActionKind, declared_action
from majiang.errors import InvalidActionError
from majiang.game.describe import Describer
from majiang.game.table import Game, Phase, WinRecord
from majiang.meld import KongKind

__all__ = ["PHASES", "action_label", "choices_json", "result_json", "view_json"]

PHASES = {Phase.TURN: "turn", Phase.CLAIM: "claim", Phase.ROB: "rob", Phase.OVER: "over",
          Phase.OPENING: "opening", Phase.ASK: "ask"}
"""The phase names of the protocol."""


def _tile(t: int | None) -> str | None:
    from majiang.tiles import ALL_TILES

    return None if t is None else ALL_TILES[t].notation()


def _win_json(win: WinRecord) -> dict[str, Any]:
    score = win.score
    return {"seat": win.seat, "tile": _tile(win.tile), "win_by": win.win_by.name.lower().replace("_", "-"),
            "giver": win.giver, "total": int(score.total), "score": score.to_dict()}


def result_json(game: Game) -> dict[str, Any] | None:
    """How the hand ended (None while it is in play)."""
    result = game.result
    if result is None:
        return None
    return {"winners": list(result.winners), "exhausted": result.exhausted, "self_drawn": result.self_drawn,
            "payer": result.payer, "deltas": list(result.deltas), "wins": [_win_json(w) for w in result.wins]}


def action_label(describer: Describer, action: Action) -> dict[str, str] | None:
    """What the ruleset calls ``action`` (``{"en", "zh"}``): a declared action's own label, or the ruleset's
    word for a built-in kind (Changchun's 上听); None where the page's own word for the kind serves.
    (One function, so that a catalogue of names can take its place.)"""
    if action.name:
        try:
            spec = declared_action(action.name)
        except InvalidActionError:
            return None
        return {"en": spec.en, "zh": spec.zh}
    return describer.action_words().get(action.kind.word)


_NAMES_RED = {ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.PUNG, ActionKind.CHOW}
"""Kinds whose ``tiles`` name a red five they use (``Action``)."""

_TAKEN = {ActionKind.PUNG: 3, ActionKind.KONG: 4}
"""Claims of a discard by the tiles of the meld they make: the discard and two or three alike."""


def choices_json(game: Game, seat: int, actions: Sequence[Action], view: Any = None) -> list[dict[str, Any]]:
    """Each of ``actions`` (``seat``'s legal ones) as a page draws it: ``action`` (its text, sent back as
    is), ``kind`` (the built-in kind's word, or a ruleset's own action's name), ``tiles`` (what it lays,
    uses or lets go: a chow's three, a kong's four, a discard's one, an exchange's three), ``claimed`` (the
    tile taken from another seat, or null), ``suit`` (定缺's suit letter) and ``label`` (``action_label``).

    >>> g = Game(seed=3)
    >>> choices_json(g, 0, g.legal_actions(0)[:1])[0]
    {'action': 'discard 4m', 'kind': 'discard', 'tiles': ['4m'], 'claimed': None, 'suit': None, 'label': None}
    """
    describer = game.rules.describer()
    view = game.view(seat) if view is None else view  # (the seat's view, where the caller has it)
    taken: int | None = None  # the tile a claim or a robbing win takes from another seat
    if game.phase == Phase.CLAIM and view.last_discard is not None:
        taken = view.last_discard[1]
    elif game.phase == Phase.ROB and view.robbing is not None and \
            (view.robbing[0] == seat or game.robbed_how is not KongKind.CONCEALED):
        taken = view.robbing[1]
    out = []
    for action in actions:
        kind, tile = action.kind, action.tile
        tiles: list[int] = []
        claimed = None
        suit = None
        if kind is ActionKind.CHOW and tile is not None:
            tiles, claimed = [tile, tile + 1, tile + 2], taken
        elif kind in _TAKEN and taken is not None:
            tiles, claimed = [taken] * _TAKEN[kind], taken
        elif kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and tile is not None:
            tiles = [tile] * 4
        elif kind is ActionKind.WIN:
            won = taken if game.phase in (Phase.CLAIM, Phase.ROB) else view.drawn
            tiles, claimed = ([] if won is None else [won]), taken
        elif kind is ActionKind.VOID and tile is not None:
            suit = "mps"[tile // 9]
        elif kind is ActionKind.EXCHANGE:
            tiles = list(action.tiles)
        elif kind is ActionKind.DECLARED:
            laid = describer.action_tiles(action)
            tiles = list(laid) if laid is not None else [] if tile is None else [tile]
        elif tile is not None:
            tiles = [tile]
        names = [_tile(t) or "" for t in tiles]
        if action.tiles and kind in _NAMES_RED and tile is not None:
            # A red five named (riichi's ``discard 0m``, ``pung 0m``, ``chow 406m``): drawn red, the one
            # from the hand (the last five; a claimed tile comes first).
            five = _tile(action.tiles[0]) or ""
            at = len(names) - 1 - names[::-1].index(five)
            names[at] = "0" + five[1]
        out.append({"action": action.notation(), "kind": action.name or kind.word,
                    "tiles": names, "claimed": _tile(claimed), "suit": suit,
                    "label": action_label(describer, action)})
    return out


def _void(game: Game, view: Any) -> str | None:
    void = game.rules.seat_context(view).void
    return None if void is None else "mps"[void]


def view_json(game: Game, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (its own tiles and legal actions), or the public view for ``seat=None``."""
    over = game.result is not None
    own = seat is not None
    view = game.view(seat if seat is not None else game.current)
    melds = [[m.notation() for m in game.melds[s] if over or s == seat or not m.is_concealed_kong]
             for s in range(4)]
    hidden = [0 if over or s == seat else sum(1 for m in game.melds[s] if m.is_concealed_kong)
              for s in range(4)]
    concealed = [len(game.standing_tiles(s)) for s in range(4)]
    state = view.public_state
    describer = game.rules.describer()
    badges = list(describer.seat_badges(state)) if state is not None else ["", "", "", ""]
    info = describer.table_info(state).to_dict()
    if seat is None and state is not None:
        # The view is the current seat's: what only that seat may know of itself (furiten) is not public,
        # so its marks are those another seat's view shows of it.
        other = game.view((game.current + 1) % 4).public_state
        badges[game.current] = describer.seat_badges(other)[game.current]
        info["marks"][game.current] = list(describer.table_info(other).marks[game.current])
    return {
        "phase": PHASES[game.phase],
        "current": game.current,
        "dealer": game.dealer,
        "dice": [game.dice[0], game.dice[1]],
        "seat_wind": None if seat is None else game.seat_wind(seat).notation(),
        # The seat's declared void suit (定缺), which the coach's hints pass on; null before or without one.
        "void": _void(game, view) if own else None,
        "round_wind": game.round_wind.notation(),
        "standing": [t.notation() for t in view.standing] if own else [],
        "drawn": _tile(view.drawn) if own else None,
        "concealed": concealed,
        "melds": melds,
        "hidden_kongs": hidden,
        "flowers": list(view.flowers),
        "discards": [[t.notation() for t in d] for d in view.discards],
        "last_discard": None if view.last_discard is None else
        {"seat": view.last_discard[0], "tile": _tile(view.last_discard[1])},
        "robbing": None if view.robbing is None else
        {"seat": view.robbing[0], "tile": _tile(view.robbing[1]) if over or view.robbing[0] == seat
         or game.robbed_how is not KongKind.CONCEALED else None},
        "wall_left": view.wall_left,
        "scores": list(view.totals),
        "active": list(view.active),
        "won": [[t.notation() for t in w] for w in view.won],
        "badges": badges,
        "note": describer.table_note(state) if state is not None else "",
        "info": info,
        "to_act": game.to_act(),
        "legal": [a.notation() for a in view.legal] if own else [],
        "choices": choices_json(game, seat, view.legal, view) if seat is not None else [],
        # The ruleset's own actions by name, with their labels (and its words for built-in kinds, 上听 for
        # riichi): the page shows them knowing no ruleset.
        "declared": {**describer.action_words(),
                     **{spec.name: {"en": spec.en, "zh": spec.zh} for spec in game.rules.actions}},
        "hands": None if view.hands is None else [h.notation() for h in view.hands],
        "result": result_json(game),
    }

"""Prepared 108-tile walls for the Sichuan table tests, and a driver that plays the quiet moves.

``sichuan_game`` deals the four hands given (13 tiles each, by seat; ``""`` fills a hand from the unused
tiles, shuffled with a fixed seed), the dealer's 14th, then the draws from the front in order, the
unused tiles, ``last`` (the live wall's final tiles) and the kong replacements taken from the tail.
The ring is found by inverting the ruleset's own wall break on a numbered ring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from game_walls import codes, deal_order
from majiang.actions import Action, ActionKind
from majiang.game import Game, Phase
from majiang.game.ruleset import PASS, WIN, Ruleset, find_ruleset
from majiang.tiles import ALL_TILES, Tile

__all__ = ["act", "answer", "discard_drawn", "phase", "quiet", "sichuan_game", "tiles_in_play"]


def sichuan_game(hands: Sequence[str], extra: str, *, draws: str = "", tail: str = "", last: str = "",
                 rules: Ruleset | str = "sichuan", options: Sequence[str] = (), dealer: int = 0,
                 dice: tuple[int, int] = (6, 9)) -> Game:
    """A Sichuan game dealt from a prepared wall."""
    ruleset = find_ruleset(rules, options) if isinstance(rules, str) else rules
    dealt = [codes(h) for h in hands]
    extra_codes, drawn, tails, ends = codes(extra), codes(draws), codes(tail), codes(last)
    used = Counter(t for part in [*dealt, extra_codes, drawn, tails, ends] for t in part)
    if any(t >= 27 for t in used) or any(n > 4 for n in used.values()):
        raise ValueError(f"not a Sichuan set: {used}")
    spare = [t for t in range(27) for _ in range(4 - used[t])]
    random.Random(0).shuffle(spare)
    for seat, hand in enumerate(dealt):
        if hands[seat] == "":
            hand.extend(spare[:13])
            del spare[:13]
        elif len(hand) != 13:
            raise ValueError(f"seat {seat} is dealt 13 tiles, not {len(hand)}")
    live = deal_order(dealt, extra_codes[0], dealer) + drawn + spare + ends + tails[::-1]
    order = list(ruleset.new_wall(list(range(len(live))), dealer, dice))
    ring = [0] * len(live)
    for i, position in enumerate(order):
        ring[position] = live[i]
    return Game(ruleset, seed=0, dealer=dealer, wall=ring, dice=dice)


def act(game: Game, seat: int, text: str) -> None:
    """``seat`` takes the action written ``text``."""
    game.apply(seat, Action.parse(text))


def answer(game: Game, answers: dict[int, str]) -> None:
    """Answer a discard or a kong being added: the seats given act, every other asked seat passes."""
    assert game.phase in (Phase.CLAIM, Phase.ROB), game.phase
    for seat, text in answers.items():
        act(game, seat, text)
    for seat in list(game.to_act()):
        if game.phase in (Phase.CLAIM, Phase.ROB) and seat in game.to_act():
            game.apply(seat, PASS)


def discard_drawn(game: Game, seat: int) -> None:
    """``seat`` lets its drawn tile go, and every seat asked about it passes."""
    assert game.phase is Phase.TURN and game.current == seat and game.drawn is not None
    act(game, seat, f"discard {Tile(game.drawn).notation()}")
    if phase(game) is Phase.CLAIM:
        answer(game, {})


def phase(game: Game) -> Phase:
    """The game's phase, read anew (an action changes it: mypy would otherwise keep a narrowed one)."""
    return game.phase


def quiet(game: Game, until: Callable[[Game], bool] = lambda g: False, limit: int = 1000) -> None:
    """Play quiet moves until ``until`` holds or the hand is over: on a turn let the drawn tile go (or
    the first tile allowed), pass on every claim, and win only where a win is the only choice."""
    for _ in range(limit):
        if game.phase == Phase.OVER or until(game):
            return
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if legal == [WIN]:
            game.apply(seat, WIN)
        elif game.phase == Phase.TURN:
            drawn = game.drawn
            discard = None if drawn is None else Action(ActionKind.DISCARD, ALL_TILES[drawn])
            game.apply(seat, discard if discard in legal else
                       next(a for a in legal if a.kind == ActionKind.DISCARD))
        else:
            game.apply(seat, PASS)
    raise AssertionError(f"the hand did not reach its point in {limit} moves")


def tiles_in_play(game: Game) -> int:
    """Every tile of the set somewhere: the wall, hands, melds, discards, winning tiles laid aside."""
    return (game.wall_left + sum(sum(c) for c in game.counts)
            + sum(len(m.tiles) for melds in game.melds for m in melds)
            + sum(len(d) for d in game.discards) + sum(len(w) for w in game.won))

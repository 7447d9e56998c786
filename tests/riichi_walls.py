"""Prepared 136-tile walls for the riichi table tests, and drivers for the quiet moves.

``riichi_game`` deals the four hands given (13 tiles each, by seat; ``""`` fills a hand from the unused
tiles, shuffled with a fixed seed, as is the rest of a hand given in part), the dealer's 14th, then the
draws from the front in order (``?`` takes an unused tile), the unused tiles, and the dead wall:
replacement tiles from the tail (``rinshan``), dora indicators (``dora``, the first turned over at the
start) and the ura indicators beneath them (``ura``).
The ring is found by inverting the ruleset's own wall break on a numbered ring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from majiang.actions import Action
from majiang.game import Game, Phase
from majiang.game.ruleset import PASS, Ruleset, find_ruleset
from majiang.rules.riichi.ruleset import RiichiPublic
from majiang.tiles import ALL_TILES

__all__ = ["act", "pass_all", "play", "public", "riichi_game", "riichi_ring", "tsumogiri", "words"]

_UNUSED = -1


def words(text: str) -> list[int]:
    """Tile codes from notation, with ``?`` for a tile taken from the unused ones."""
    from majiang.notation import parse_tiles

    out: list[int] = []
    for word in text.split():
        if word == "?":
            out.append(_UNUSED)
        else:
            out.extend(int(t) for t in parse_tiles(word))
    return out


def riichi_ring(hands: Sequence[str], extra: str, *, draws: str = "", rinshan: str = "", dora: str = "E",
                ura: str = "", rules: Ruleset | None = None, dealer: int = 0,
                dice: tuple[int, int] = (3, 4)) -> list[int]:
    """The ring dealing ``hands`` (by seat), the dealer's 14th ``extra``, the draws, and the dead wall."""
    ruleset = rules if rules is not None else find_ruleset("riichi")
    dealt = [words(h) for h in hands]
    first, drawn, tails = words(extra), words(draws), words(rinshan)
    indicators, unders = words(dora), words(ura)
    used = Counter(t for part in [*dealt, first, drawn, tails, indicators, unders] for t in part if t >= 0)
    if any(n > 4 for n in used.values()):
        raise ValueError(f"more than four of a kind: {used}")
    spare = [t for t in range(34) for _ in range(4 - used[t])]
    random.Random(0).shuffle(spare)
    for seat, hand in enumerate(dealt):
        if len(hand) > 13:
            raise ValueError(f"seat {seat} is dealt {len(hand)} tiles, not 13")
        missing = 13 - len(hand)  # a hand given in part is filled from the unused tiles
        hand.extend(spare[:missing])
        del spare[:missing]
    live: list[int | None] = [None] * 136
    order = [(dealer + k) % 4 for k in range(4)]
    taken = [0, 0, 0, 0]
    pos = 0
    for s in [s for _ in range(3) for s in order for _ in range(4)] + order:
        live[pos] = dealt[s][taken[s]]
        taken[s] += 1
        pos += 1
    live[pos] = first[0]
    pos += 1
    for t in drawn:
        live[pos] = spare.pop() if t == _UNUSED else t
        pos += 1
    for places, given in (([135 - i for i in range(4)], tails), ([130 - 2 * k for k in range(5)], indicators),
                          ([131 - 2 * k for k in range(5)], unders)):
        for place, t in zip(places, given, strict=False):
            if t != _UNUSED:
                live[place] = t
    for i in range(136):
        if live[i] is None:
            live[i] = spare.pop()
    assert not spare
    perm = list(ruleset.new_wall(list(range(136)), dealer, dice))
    ring = [0] * 136
    for i, place in enumerate(perm):
        value = live[i]
        assert value is not None
        ring[place] = value
    return ring


def riichi_game(hands: Sequence[str], extra: str, *, options: Sequence[str] = ("red_fives=0",),
                dealer: int = 0, dice: tuple[int, int] = (3, 4), totals: Sequence[int] | None = None,
                match_state: object = None, **parts: str) -> Game:
    """A riichi game dealt from a prepared wall (no red fives unless ``options`` say otherwise)."""
    rules = find_ruleset("riichi", options)
    ring = riichi_ring(hands, extra, rules=rules, dealer=dealer, dice=dice, **parts)
    return Game(rules, wall=ring, dice=dice, dealer=dealer, totals=totals, match_state=match_state)


def act(game: Game, seat: int, text: str) -> None:
    """``seat`` takes the action written ``text`` (it must be legal)."""
    game.apply(seat, Action.parse(text))


def pass_all(game: Game) -> None:
    """Every seat asked about a discard or a kan passes."""
    while game.phase in (Phase.CLAIM, Phase.ROB):
        for s in game.to_act():
            game.apply(s, PASS)


def play(game: Game, seat: int, text: str) -> None:
    """Others pass on the discard before, then ``seat`` takes its turn with the action ``text``."""
    pass_all(game)
    act(game, seat, text)


def tsumogiri(game: Game, turns: int = 1) -> None:
    """Others pass, then the seat on turn lets its drawn tile go, ``turns`` times."""
    for _ in range(turns):
        pass_all(game)
        if game.phase == Phase.OVER:
            return
        assert game.drawn is not None
        act(game, game.current, f"discard {ALL_TILES[game.drawn].notation()}")


def public(game: Game, seat: int) -> RiichiPublic:
    """The riichi state ``seat`` sees."""
    state = game.view(seat).public_state
    assert isinstance(state, RiichiPublic)
    return state

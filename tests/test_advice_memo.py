"""The 8-fan advice remembers totals and holdings within a call: its figures equal a plain recount.

The recount asks the public ``ready_waits`` about every holding one draw and one discard away, as the
advice did before it kept anything: a one-away discard's ``legal_live`` counts the live copies of each
effective draw after which some discard leaves a ready hand with a legal wait. The sample is
``MAJIANG_ADVICE_HANDS`` hands (8 by default; ``make soak`` runs 200).
"""

from __future__ import annotations

import os
import random

import pytest

from majiang.analysis import shanten
from majiang.analysis.efficiency import DiscardOption, seen_counts
from majiang.hand import Hand
from majiang.mcr import discard_advice, ready_waits
from majiang.rules.mcr.generate import iter_wins
from majiang.tiles import ALL_TILES, Tile

HANDS = int(os.environ.get("MAJIANG_ADVICE_HANDS", "8"))


def _after_draw(seed: int, n: int) -> list[tuple[Hand, list[Tile]]]:
    """Wins with one standing tile swapped for a draw from the rest, and a few tiles in sight."""
    rng = random.Random(seed)
    out = []
    for sample in iter_wins(seed, n):
        hand = sample.hand
        standing = list(hand.tiles)
        standing.pop(rng.randrange(len(standing)))
        standing.append(hand.winning_tile)  # type: ignore[arg-type]
        held = hand.counts(include_melds=True)
        rest = [t for t in ALL_TILES for _ in range(4 - held[t])]
        rng.shuffle(rest)
        drawn = rest.pop()
        # Three copies of a kind in sight now and then: 和绝张 on that wait.
        visible = rest[:rng.randrange(6)]
        kind = rng.choice(ALL_TILES)
        if held[kind] == 0 and drawn != kind and kind not in visible and rng.random() < 0.5:
            visible += [kind] * 3
        out.append((Hand(hand.melds, tuple(standing), drawn), visible))
    return out


def _without(hand: Hand, *tiles: Tile) -> list[Tile]:
    standing = [*hand.tiles, hand.winning_tile]
    for t in tiles:
        standing.remove(t)
    return standing  # type: ignore[return-value]


def _recount(hand: Hand, visible: list[Tile], option: DiscardOption) -> int:
    seen = seen_counts(hand, visible)
    after = _without(hand, option.discard)
    total = 0
    for e in option.effective:
        t = e.tile
        if seen[t] >= 4:
            continue
        standing = [*after, t]
        for d2 in sorted(set(standing)):
            rest = list(standing)
            rest.remove(d2)
            holding = Hand(hand.melds, tuple(rest))
            if shanten(holding) != 0:
                continue
            # Everything the advice's seen counts holds: the call's hand, the draw, the tiles in sight.
            waits = ready_waits(holding, [*visible, option.discard, d2])
            if any(w.legal for w in waits):
                total += 4 - seen[t]
                break
    return total


@pytest.mark.slow
@pytest.mark.parametrize(("hand", "visible"),
                         [pytest.param(h, v, id=h.notation()) for h, v in _after_draw(5, HANDS)])
def test_advice_equals_a_plain_recount(hand: Hand, visible: list[Tile]) -> None:
    options = discard_advice(hand, visible)
    assert options
    for option in options:
        if option.shanten == 0:
            waits = ready_waits(Hand(hand.melds, tuple(_without(hand, option.discard))),
                                [*visible, option.discard])
            assert option.waits == waits
            assert option.legal_live == sum(w.live for w in waits if w.legal)
        elif option.shanten == 1:
            assert option.legal_live == _recount(hand, visible, option)
        else:
            assert option.legal_live is None


def test_the_sample_has_both_outcomes() -> None:
    one_away = [o for hand, visible in _after_draw(5, HANDS) for o in discard_advice(hand, visible)
                if o.shanten == 1 and o.effective]
    assert any(o.legal_live for o in one_away)
    assert any(o.legal_live == 0 for o in one_away)

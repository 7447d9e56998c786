"""The riichi engine's fast paths agree with the plain computations they replace.

* The public state a view captures (``RiichiPublic``, its fields set when first read, from copies of
  the rivers and indicators kept as they change) equals one built with every field from the ruleset's
  state, for every seat at every step of play, and still shows its moment once the game has moved on.
* Riichi is offered for exactly the discards that leave a closed hand with a riichi wait, although the
  ruleset counts them only when the engine's shanten bound (``Game.shanten_bound``) says the hand may be
  near ready; that bound is a true lower bound. On generated closed wins (many ready discards, some
  with all four of a kind held) the ready discards are the oracle's too.
* Wherever the engine does not ask a seat about a discard (``plain_claims``), the ruleset's answer would
  have been a plain pass.
* The swap-call check (is a tile left to discard after a call?) by counting equals the check tile by tile.

Played by the efficiency bot (it declares riichi and wins) under both conformance variants of riichi;
``MAJIANG_RIICHI_FAST_HANDS`` hands each (8 by default; ``make soak`` plays 200).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import variants
from majiang.actions import ActionKind
from majiang.analysis.ready import distance
from majiang.bots import find_bot
from majiang.game import Game, Phase
from majiang.game.ruleset import PASS, find_ruleset
from majiang.meld import Meld
from majiang.rules.riichi.analysis import riichi_waits
from majiang.rules.riichi.generate import random_case
from majiang.rules.riichi.ruleset import RiichiPublic, RiichiRules, RiichiState
from majiang.tiles import ALL_TILES, Tile

HANDS = int(os.environ.get("MAJIANG_RIICHI_FAST_HANDS", "8"))
VARIANTS = variants("riichi")


def scratch_public(g: Game, seat: int) -> RiichiPublic:
    """What ``seat`` sees of the ruleset's state, every field built from the state's lists (the oracle)."""
    s: RiichiState = g.hand_state
    furiten = s.passed[seat] or s.riichi_furiten[seat] or any(t in s.rivers[seat] for t in g.waits[seat])
    return RiichiPublic(tuple(ALL_TILES[t] for t in s.indicators), s.honba, s.sticks, tuple(s.riichi),
                        tuple(s.double), tuple(tuple(r) for r in s.red_discards), tuple(s.red_melds), furiten,
                        sum(s.red_hand[seat]), seat, tuple(tuple(ALL_TILES[t] for t in r) for r in s.rivers),
                        tuple(tuple(ALL_TILES[t] for t in r) for r in s.since_riichi), tuple(s.riichi_at),
                        ura_shown(g, s), tuple(s.liable), tuple(s.red_in_melds))


def ura_shown(g: Game, s: RiichiState) -> tuple[Tile, ...]:
    """The ura indicators, turned over once a riichi hand has won (the ruleset reads them from the wall)."""
    if g.result is None or not any(s.riichi[w.seat] for w in g.result.wins):
        return ()
    rules: RiichiRules = g.rules  # type: ignore[assignment]
    return rules._ura(g, s)


def ready_discards(standing: list[int], melds: list[Meld]) -> set[int]:
    """The kinds whose discard leaves a hand (``standing`` counts and ``melds``) with a riichi wait (the
    oracle: every discard tried, the tiles held counted afresh)."""
    out: set[int] = set()
    for t in range(34):
        if standing[t]:
            counts = list(standing)
            counts[t] -= 1
            held = list(counts)  # what the seat holds after the discard, its melds included
            for m in melds:
                for tile in m.tiles:
                    held[tile] += 1
            if riichi_waits(counts, len(melds), held):
                out.add(t)
    return out


def riichi_discards(g: Game, seat: int) -> set[int]:
    """The kinds for which riichi should be offered to ``seat`` now."""
    s: RiichiState = g.hand_state
    melds = g.melds[seat]
    if s.riichi[seat] or g.drawn is None or not all(m.is_concealed_kong for m in melds) \
            or g.totals[seat] < 1000 or g.wall_left < 4:
        return set()
    return ready_discards(g.counts[seat], melds)


def skipped_seats_pass(g: Game, giver: int) -> int:
    """For every other seat and every kind it could be offered, where the engine would not ask it (no
    wait on the kind, no pair, no neighbour for a chi from the next seat), the ruleset answers a plain
    pass; how many such answers were checked."""
    checked = 0
    for k in (1, 2, 3):
        seat = (giver + k) % 4
        c = g.counts[seat]
        for tile in range(34):
            rank = tile % 9 if tile < 27 else -1
            if tile in g.waits[seat] or c[tile] >= 2 or (
                    k == 1 and rank >= 0 and ((rank and c[tile - 1]) or (rank < 8 and c[tile + 1]))):
                continue
            assert g.rules.claim_options(g, seat, giver, tile) == [PASS], (seat, tile)
            checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "tenhou")
def test_fast_paths_agree_with_plain_computations(options: dict[str, object]) -> None:
    rules = find_ruleset("riichi", options)
    assert rules.plain_claims
    riichi_offered = passes = 0
    for h in range(HANDS):
        g = Game(rules, seed=9100 + h, dealer=h % 4)
        bots = [find_bot("efficiency", 4 * h + s) for s in range(4)]
        kept: list[tuple[RiichiPublic, RiichiPublic]] = []
        while g.phase != Phase.OVER:
            for seat in range(4):
                captured = g.view(seat).public_state
                expected = scratch_public(g, seat)
                assert captured == expected and hash(captured) == hash(expected), (h, seat)
                kept.append((g.view(seat).public_state, expected))  # read only after the game moves on
            seat = g.to_act()[0]
            if g.phase == Phase.TURN:
                if g.drawn is not None:
                    # The bound: shanten of the holding before the draw, at most one above the 14 tiles'.
                    assert distance(g.counts[seat], len(g.melds[seat])) >= g.shanten_bound(seat) - 1
                    passes += skipped_seats_pass(g, seat)
                offered = {int(a.tile) for a in g.legal_actions(seat)
                           if a.kind == ActionKind.RIICHI and a.tile is not None and not a.tiles}
                assert offered == riichi_discards(g, seat), (h, seat)
                riichi_offered += bool(offered)
            g.apply(seat, bots[seat].act(g.view(seat)))
        for late, expected in kept:
            assert late == expected
    assert riichi_offered > 0 and passes > 0  # both paths were exercised


def _naive_discard_left(counts: list[int], used: dict[int, int], forbidden: frozenset[int]) -> bool:
    return any(counts[t] - used.get(t, 0) > 0 and t not in forbidden for t in range(34))


@given(st.randoms(use_true_random=False), st.integers(1, 13))
def test_discard_left_by_counting(rng: random.Random, size: int) -> None:
    counts = [0] * 34
    for t in rng.sample([t for t in range(34) for _ in range(4)], size):
        counts[t] += 1
    kinds = [t for t in range(34) if counts[t]]
    used = {t: rng.randint(1, counts[t]) for t in rng.sample(kinds, min(len(kinds), rng.randint(1, 2)))}
    forbidden = frozenset(rng.sample(range(34), rng.randint(0, 2)) + rng.sample(kinds, rng.randint(0, 1)))
    assert RiichiRules._discard_left(counts, used, forbidden) == _naive_discard_left(counts, used, forbidden)


def test_ready_discards_on_generated_hands() -> None:
    """Closed generated wins (concealed kans kept; each a 14-tile hand with many ready discards, some
    holding all four of a kind): the ruleset's discards that keep the hand ready are the oracle's."""
    rng = random.Random(12)
    g = Game(RiichiRules(), seed=1)
    checked = fours = 0
    while checked < 150:
        case = random_case(rng)
        hand = case.hand.hand
        if not all(m.is_concealed_kong for m in hand.melds):
            continue
        counts = [0] * 34
        for t in hand.standing:  # the winning tile included: 14 tiles
            counts[int(t)] += 1
        g.counts[0] = counts
        g.melds[0] = list(hand.melds)
        expected = ready_discards(counts, list(hand.melds))
        assert hand.winning_tile is not None and int(hand.winning_tile) in expected
        assert set(RiichiRules._ready_discards(g, 0)) == expected, hand
        checked += 1
        fours += 4 in counts
    assert fours > 5

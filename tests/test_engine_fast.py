"""The engine's fast paths agree with the plain computations they replace.

* A view made by ``Game.view`` (captured at once, each field worked out when first read, from the
  engine's immutable copies of discards, melds and won tiles) equals a view built with every field from
  the public state, for every seat at every step of random play, under every registered ruleset and the
  option sets it declares; a view read after the game moved on still shows the moment it was made. The
  engine's waits (checks skipped for holdings it knows to be far from ready) equal the ruleset's.
* The quick readiness test and the engine's shanten (``majiang.analysis.ready``) agree with
  ``shanten_trusted`` on generated wins less one tile (every Chinese Official form, with melds) and on
  random holdings, with a drawn tile too.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest

import toy_ruleset  # noqa: F401  (registers the test-only ruleset, so every ruleset is played here)
from conformance import variants
from majiang.analysis.ready import distance, is_ready
from majiang.analysis.shanten import shanten_trusted
from majiang.bots import find_bot
from majiang.game import Game, Phase, View
from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.rules.mcr.generate import iter_wins
from majiang.tiles import ALL_TILES

FIELDS = [f.name for f in dataclasses.fields(View)]
VARIANTS = [(name, options) for name in ruleset_names() for options in variants(name)]


def scratch_view(g: Game, seat: int) -> View:
    """What ``seat`` may see, every field computed from the game's public state (the oracle)."""
    over = g.result is not None
    return View(
        seat=seat,
        phase=g.phase,
        current=g.current,
        standing=tuple(ALL_TILES[t] for t in range(34) for _ in range(g.counts[seat][t])),
        drawn=ALL_TILES[g.drawn] if g.drawn is not None and g.current == seat and g.phase == Phase.TURN
        else None,
        melds=tuple(tuple(m for m in g.melds[s] if over or s == seat or not m.is_concealed_kong)
                    for s in range(4)),
        hidden_kongs=tuple(0 if over or s == seat else sum(m.is_concealed_kong for m in g.melds[s])
                           for s in range(4)),
        flowers=tuple(len(f) for f in g.flowers),
        discards=tuple(tuple(d) for d in g.discards),
        last_discard=None if g.last_discard is None else (g.last_discard[0], ALL_TILES[g.last_discard[1]]),
        wall_left=g.wall_left_for(seat),
        totals=(g.totals[0], g.totals[1], g.totals[2], g.totals[3]),
        seat_wind=g.seat_wind(seat),
        round_wind=g.round_wind,
        dealer=g.dealer,
        legal=tuple(g.legal_actions(seat)),
        robbing=None if g.robbed is None else (g.robbed[0], ALL_TILES[g.robbed[1]]),
        hands=None if g.result is None else g.result.hands,
        active=tuple(g.active),
        won=tuple(tuple(w) for w in g.won),
        public_state=g.rules.public_state(g, seat),
        rules=g.rules,
    )


def fields(view: View) -> dict[str, Any]:
    return {name: getattr(view, name) for name in FIELDS}


def _id(case: tuple[str, dict[str, Any]]) -> str:
    return "-".join([case[0], *(f"{k}={v}" for k, v in case[1].items())])


@pytest.mark.parametrize("case", VARIANTS, ids=_id)
def test_views_equal_views_built_from_scratch(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    rules = find_ruleset(name, options)
    ready = 0
    for hand in range(2):
        g = Game(rules, seed=1000 + hand, dealer=hand % 4)
        # One seat plays for tile efficiency: holdings get ready, and the waits are checked where they count.
        bots = [find_bot("efficiency" if s == hand else "random", 4 * hand + s) for s in range(4)]
        held: list[tuple[View, dict[str, Any]]] = []
        steps = 0
        while True:
            for seat in range(4):
                view, expected = g.view(seat), scratch_view(g, seat)
                assert type(view) is View
                assert fields(view) == fields(expected), f"{name} {options} step {steps} seat {seat}"
                assert view == expected
                counts, melds = g.counts[seat], g.melds[seat]
                if sum(counts) == 13 - 3 * len(melds):  # the engine's waits (some checks skipped) are exact
                    copies = list(counts)
                    for m in melds:
                        for t in m.tiles:
                            copies[t] += 1
                    own = rules.waits(list(counts), len(melds), copies)
                    assert g.waits[seat] == rules.seat_waits(g, seat, own), (name, steps, seat)
                    ready += bool(g.waits[seat])
            if g.phase == Phase.OVER:
                break
            seat = g.to_act()[0]
            view = g.view(seat)
            if steps % 7 == 0:
                held.append((view, fields(scratch_view(g, seat))))  # read only after the game moved on
            g.apply(seat, bots[seat].act(view))
            steps += 1
        assert steps > 10
        for old, seen in held:
            assert fields(old) == seen
    assert ready  # some holding was ready: the waits were checked where it matters


def test_a_view_behaves_as_a_view_built_with_every_field() -> None:
    g = Game(seed=5)
    view = g.view(0)
    built = View(**fields(g.view(0)))
    assert view == built and hash(view) == hash(built) and repr(view) == repr(built)
    copy = pickle.loads(pickle.dumps(g.view(0)))
    assert type(copy) is View and copy == built
    changed = dataclasses.replace(g.view(0), drawn=None)
    assert changed.drawn is None and changed.standing == built.standing
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.nothing  # type: ignore[attr-defined]  # noqa: B018


def _holdings(rng: random.Random) -> list[tuple[list[int], int]]:
    """Generated wins less one standing tile (all forms, melds too) and random holdings, 13 - 3m tiles."""
    out = []
    for sample in iter_wins(11, 400):
        hand = sample.hand
        tiles = [*hand.tiles, *([hand.winning_tile] if hand.winning_tile is not None else [])]
        counts = [0] * 34
        for tile in tiles:
            counts[tile] += 1
        for kind in {int(t) for t in tiles}:
            counts[kind] -= 1
            out.append((list(counts), len(hand.melds)))
            counts[kind] += 1
    wall = [t for t in range(34) for _ in range(4)]
    for k in range(3000):
        rng.shuffle(wall)
        melds = k % 5
        counts = [0] * 34
        for kind in wall[:13 - 3 * melds]:
            counts[kind] += 1
        out.append((counts, melds))
    return out


def test_is_ready_and_distance_agree_with_shanten() -> None:
    holdings = _holdings(random.Random(3))
    ready = 0
    for counts, melds in holdings:
        value = shanten_trusted(counts, melds)
        assert distance(counts, melds) == value, (counts, melds)
        assert is_ready(counts, melds) == (value == 0), (counts, melds)
        ready += value == 0
    assert 500 < ready < len(holdings) - 500  # both answers are well represented
    drawn = random.Random(4)
    for counts, melds in holdings[::3]:  # with a fourteenth tile (-1: complete) the distance still agrees
        counts = list(counts)
        counts[drawn.choice([t for t in range(34) if counts[t] < 4])] += 1
        assert distance(counts, melds) == shanten_trusted(counts, melds), (counts, melds)


def test_recount_follows_tiles_a_ruleset_moves_itself() -> None:
    g = Game(seed=9)
    bots = [find_bot("random", s) for s in range(4)]
    for _ in range(12):
        seat = g.to_act()[0]
        g.apply(seat, bots[seat].act(g.view(seat)))
    other = next(s for s in range(4) if s not in g.to_act() and not g.melds[s] and sum(g.counts[s]) == 13)
    counts = [0] * 34
    for t in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8):  # 1112345678999m: the nine gates, every man waited on
        counts[t] += 1
    g.counts[other] = counts
    g.recount(other)
    assert g.waits[other] == frozenset(range(9))

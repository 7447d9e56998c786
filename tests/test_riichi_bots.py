"""The defensive bot under riichi: safety rules as data, no hidden information, fewer deal-ins."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import majiang.sim.arena as arena_module
from conformance import redealt
from majiang.actions import Action, ActionKind
from majiang.bots import DefenseBot, EfficiencyBot, play_out
from majiang.bots.danger import read_table, safe_kinds
from majiang.cli import app
from majiang.game.ruleset import Ruleset, find_ruleset
from majiang.game.table import Game, Phase, View
from majiang.notation import parse_tiles
from majiang.rules.riichi.ruleset import RiichiPublic, RiichiRules
from majiang.sim.arena import run_arena
from majiang.tiles import Tile

RIICHI = find_ruleset("riichi")
ARENA_DEALS = int(os.environ.get("MAJIANG_RIICHI_ARENA_DEALS", "4"))


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text)) if text else ()


def riichi_view(hand: str = "", *, rivers: tuple[str, str, str, str] = ("", "", "", ""),
                since: str = "", riichi: tuple[bool, ...] = (False, True, False, False),
                legal: tuple[Action, ...] | None = None, wall_left: int = 50) -> View:
    """Seat 0's turn holding ``hand``; ``rivers`` are every seat's discards, ``since`` what the others
    discarded after seat 1's riichi (it is also in their rivers)."""
    held = tiles(hand)
    piles = tuple(tiles(r) for r in rivers)
    state = RiichiPublic((), 0, sum(riichi), riichi, (False,) * 4, ((),) * 4, (0,) * 4, False, 0, 0,
                         piles, ((), tiles(since), (), ()))
    if legal is None:
        legal = tuple(Action(ActionKind.DISCARD, t) for t in sorted(set(held)))
    return View(
        seat=0, phase=Phase.TURN, current=0, standing=tuple(sorted(held)), drawn=held[-1] if held else None,
        melds=((), (), (), ()), hidden_kongs=(0, 0, 0, 0), flowers=(0, 0, 0, 0), discards=piles,
        last_discard=None, wall_left=wall_left, totals=(25000,) * 4, seat_wind=Tile.EAST,
        round_wind=Tile.EAST, dealer=0, legal=legal, public_state=state, rules=RiichiRules(),
    )


# Against seat 1 in riichi: (seat 1's river, others' rivers, passed after the riichi, safer, riskier, rule).
SAFETY = [
    ("5p", "", "", "5p", "1m", "genbutsu: its own discard (furiten)"),
    ("9m", "3s", "3s", "3s", "3p", "passed after riichi: furiten on it"),
    ("4m", "", "", "1m", "1p", "suji: 4 covers 1 (one side only)"),
    ("4m", "", "", "1m", "7m", "suji on 7 leaves the 89 edge wait"),
    ("4m", "", "", "7m", "7p", "suji 4-7 against no suji"),
    ("1m7m", "", "", "4m", "4p", "both suji of a 4 (1 and 7) against one"),
    ("1p", "", "", "4p", "4s", "one suji of a 4 against none"),
    ("3p9p", "", "", "6p", "5p", "both suji of a 6 (3 and 9) against none of a 5"),
    ("", "8888s", "", "9s", "9p", "kabe: all 8s in sight, a 9s only pairs"),
    ("", "888s", "", "9s", "9p", "one chance: three 8s in sight halve the two-sided wait"),
    ("", "EE", "", "E", "W", "honours by copies in sight"),
    ("", "", "", "W", "5m", "an honour only pairs; a middle tile has every wait"),
]


@pytest.mark.parametrize(("river", "others", "since", "safer", "riskier", "rule"), SAFETY)
def test_riichi_safety_rules(river: str, others: str, since: str, safer: str, riskier: str,
                             rule: str) -> None:
    view = riichi_view(rivers=("", river, others, ""), since=since)
    table = read_table(view)
    assert table.threat[1] == 1.0
    a, b = int(Tile.parse(safer)), int(Tile.parse(riskier))
    assert table.deal_in(a) < table.deal_in(b), rule


@pytest.mark.parametrize(("river", "others", "since", "tile"), [
    ("5p", "", "", "5p"),                # genbutsu
    ("9m", "3s", "3s", "3s"),            # passed after riichi
    ("", "NNN", "", "N"),                # no copy left for anyone (the fourth is ours)
    ("", "8888s999s", "", "9s"),         # the last 9s with every 8s in sight: no wait can take it
])
def test_riichi_safe_tiles(river: str, others: str, since: str, tile: str) -> None:
    hand = "N" if tile == "N" else "9s" if tile == "9s" else ""
    view = riichi_view(hand, rivers=("", river, others, ""), since=since)
    table = read_table(view)
    assert table.danger[1][int(Tile.parse(tile))] == 0.0
    if tile in ("N", "9s"):
        assert table.deal_in(int(Tile.parse(tile))) == 0.0  # against every seat


def test_safe_kinds_reads_river_and_passed_tiles() -> None:
    view = riichi_view(rivers=("", "19m", "5s", ""), since="5s")
    assert safe_kinds(view, 1) == frozenset(int(Tile.parse(t)) for t in ("1m", "9m", "5s"))
    assert safe_kinds(view, 2) == frozenset([int(Tile.parse("5s"))])


FAR = "147m258p369sESWCP"  # far from ready (every tile isolated)


def discard(tile: str) -> Action:
    return Action(ActionKind.DISCARD, Tile.parse(tile))


@pytest.mark.parametrize(("hand", "river", "own", "legal_riichi", "expected", "why"), [
    (FAR, "5p", "", (), discard("5p"), "far hand folds: the genbutsu goes"),
    ("123456789m1234pE", "9m", "", ("E",), Action(ActionKind.RIICHI, Tile.EAST),
     "ready closed hand pushes and declares riichi, keeping its wait"),
    ("123456789m13p7sEW", "5m", "", (), None, "one from ready and early: keeps the shanten"),
    ("123456789m13p7sEW", "5m", "1s2s3s4s5s6s", (), discard("5m"), "one from ready but late: folds"),
])
def test_defense_push_or_fold(hand: str, river: str, own: str, legal_riichi: tuple[str, ...],
                              expected: Action | None, why: str) -> None:
    held = tiles(hand)
    legal = (*(Action(ActionKind.DISCARD, t) for t in sorted(set(held))),
             *(Action(ActionKind.RIICHI, Tile.parse(t)) for t in legal_riichi))
    view = riichi_view(hand, rivers=(own, river, "", ""), legal=legal)
    action = DefenseBot(0).act(view)
    if expected is None:
        # Pushing: the discard keeps the hand one from ready (the genbutsu 5m would break a run).
        assert action != discard("5m"), why
        assert action.kind == ActionKind.DISCARD and action.tile is not None
        counts = [0] * 34
        for t in held:
            counts[t] += 1
        counts[int(action.tile)] -= 1
        assert RIICHI.efficiency(view).shanten(counts, ()) == 1, why
    else:
        assert action == expected, why
    # With nobody threatening, the same hand plays as the efficiency bot does.
    quiet = riichi_view(hand, rivers=(own, river, "", ""), legal=legal, riichi=(False,) * 4)
    assert DefenseBot(0).act(quiet) == EfficiencyBot(0).act(quiet)


def test_defense_never_reads_hidden_tiles() -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        game = Game(RIICHI, seed=seed)
        bots = [DefenseBot(seed=s) for s in range(4)]
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            view = game.view(seat)
            state = view.public_state
            assert isinstance(state, RiichiPublic)
            if any(state.riichi[o] for o in range(4) if o != seat) and len(view.legal) > 1:
                other = redealt(game, seat, rng)
                assert DefenseBot(seed=99).act(other.view(seat)) == DefenseBot(seed=99).act(view)
                checked += 1
            game.apply(seat, bots[seat].act(view))
    assert checked >= 20


def test_defense_plays_whole_riichi_hands() -> None:
    for seed in range(3):
        game = Game(RIICHI, seed=seed)
        assert play_out(game, [DefenseBot(seed=s) for s in range(4)]) > 0
        assert game.result is not None


@pytest.mark.slow
def test_defense_deals_in_less_than_efficiency() -> None:
    # The duplicate arena puts both bots on the same deals from every seat; deal-ins are counted.
    result = run_arena(("defense", "efficiency"), deals=ARENA_DEALS, seed=0, rules=RIICHI)
    defense, efficiency = result.bots
    assert defense.seat_hands == efficiency.seat_hands == ARENA_DEALS * 12
    assert defense.deal_ins < efficiency.deal_ins
    assert defense.riichi > 0 and efficiency.riichi > 0


def test_riichi_arena_cli_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["arena", "--rules", "riichi", "--bots", "defense,efficiency", "--deals", "1", "--seed", "3",
            "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rules"] == "riichi" and data["hands"] == 6
    assert [row["bot"] for row in data["results"]] == ["defense", "efficiency"]
    assert all(0 <= row["riichi_rate"] <= 1 for row in data["results"])
    # A run cut short during deal 1 resumes from its record with the same figures, riichi counts included.
    whole = tmp_path / "whole.jsonl.gz"
    expected = run_arena(("defense", "efficiency"), deals=2, seed=4, rules=RIICHI, records=whole)
    assert any(p.riichi for p in expected.deals[0].plays)  # the deal kept from the record has riichi
    real = arena_module._play_deal_hands

    def failing(names: tuple[str, str], seed: int, deal: int, record: bool, rules: Ruleset,
                time_limit: float) -> Any:
        if deal == 1:
            raise RuntimeError("cut")
        return real(names, seed, deal, record, rules, time_limit)

    monkeypatch.setattr(arena_module, "_play_deal_hands", failing)
    cut = tmp_path / "cut.jsonl.gz"
    with pytest.raises(RuntimeError):
        run_arena(("defense", "efficiency"), deals=2, seed=4, rules=RIICHI, records=cut)
    monkeypatch.undo()
    resumed = run_arena(("defense", "efficiency"), deals=2, seed=4, rules=RIICHI, records=cut, resume=True)
    assert [p.riichi for p in resumed.deals[0].plays] == [p.riichi for p in expected.deals[0].plays]
    assert [b.riichi for b in resumed.bots] == [b.riichi for b in expected.bots]
    assert resumed.to_dict() == expected.to_dict()

"""Odds: the source's pair table checked by other derivations, Monte Carlo, the hypergeometric draw odds."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from typer.testing import CliRunner, Result

from majiang.analysis.odds import (
    QUANTITIES,
    Estimate,
    MonteCarlo,
    exact_pairs_probability,
    hand_improve_probability,
    improve_fraction,
    improve_probability,
    monte_carlo,
    no_pair_probability,
    odds_report,
    odds_table,
    quantity,
    source_checks,
    source_errors,
    wilson_interval,
)
from majiang.cli import app
from majiang.errors import InvalidOptionError
from majiang.tiles import Tile

Z95 = 1.959963984540054
KEYS = ("no_pair_14", "three_pairs_14", "no_pair_20")


# Independent derivations -------------------------------------------------------------------------


def pattern_ways(drawn: int, pairs: int, kinds: int, copies: int) -> int:
    """Ways to draw ``drawn`` tiles holding exactly ``pairs`` pairs and otherwise singles.

    A dynamic program over the kinds, one at a time: each kind adds nothing, one copy (``copies``
    ways) or two copies (``copies * (copies - 1) / 2`` ways, one more pair).
    """
    ways = {(0, 0): 1}  # (tiles so far, pairs so far) -> ways
    for _ in range(kinds):
        nxt: dict[tuple[int, int], int] = {}
        for (n, p), w in ways.items():
            for take, choices, more in ((0, 1, 0), (1, copies, 0), (2, copies * (copies - 1) // 2, 1)):
                key = (n + take, p + more)
                if key[0] <= drawn and key[1] <= pairs:
                    nxt[key] = nxt.get(key, 0) + w * choices
        ways = nxt
    return ways.get((drawn, pairs), 0)


def all_hands(drawn: int, kinds: int, copies: int) -> int:
    """Every way to draw ``drawn`` of ``kinds * copies`` tiles, by the same kind-by-kind program."""
    ways = [1] + [0] * drawn
    per_kind = [1]
    for _ in range(copies):  # row `copies` of Pascal's triangle: ways to pick c of the copies
        per_kind = [1] + [per_kind[i] + per_kind[i + 1] for i in range(len(per_kind) - 1)] + [1]
    for _ in range(kinds):
        ways = [sum(ways[n - c] * per_kind[c] for c in range(min(n, copies) + 1)) for n in range(drawn + 1)]
    return ways[drawn]


def dp_probability(drawn: int, pairs: int, kinds: int = 34, copies: int = 4) -> Fraction:
    return Fraction(pattern_ways(drawn, pairs, kinds, copies), all_hands(drawn, kinds, copies))


def sequential_no_pair(drawn: int, kinds: int = 34, copies: int = 4) -> Fraction:
    """Draw one tile at a time: the i-th must avoid the other copies of the i kinds already drawn."""
    total = kinds * copies
    p = Fraction(1)
    for i in range(drawn):
        p *= Fraction(total - i - i * (copies - 1), total - i)
    return p


def brute_pattern(drawn: int, kinds: int, copies: int) -> Counter[tuple[int, ...]]:
    """How many draws of each shape (sorted kind counts) there are, by listing every draw."""
    tiles = [k for k in range(kinds) for _ in range(copies)]
    shapes: Counter[tuple[int, ...]] = Counter()
    for draw in combinations(range(len(tiles)), drawn):
        shapes[tuple(sorted(Counter(tiles[i] for i in draw).values()))] += 1
    return shapes


def test_pattern_program_counts_every_hand() -> None:
    assert all_hands(14, 34, 4) == math.comb(136, 14)
    assert all_hands(20, 34, 4) == math.comb(136, 20)


@pytest.mark.parametrize(("kinds", "copies"), [(5, 3), (4, 4), (6, 2), (3, 1)])
def test_small_sets_by_enumeration(kinds: int, copies: int) -> None:
    for drawn in range(0, min(kinds * copies, 8) + 1):
        shapes = brute_pattern(drawn, kinds, copies)
        total = sum(shapes.values())
        assert total == math.comb(kinds * copies, drawn)
        no_pair = sum(n for shape, n in shapes.items() if max(shape, default=1) == 1)
        assert no_pair_probability(drawn, kinds=kinds, copies=copies) == Fraction(no_pair, total)
        for pairs in range(0, drawn // 2 + 2):
            exact = sum(n for shape, n in shapes.items()
                        if max(shape, default=1) <= 2 and shape.count(2) == pairs)
            assert exact_pairs_probability(pairs, drawn, kinds=kinds, copies=copies) == Fraction(exact, total)


def test_table_matches_the_kind_by_kind_program() -> None:
    table = odds_table()
    assert table.no_pair_14 == dp_probability(14, 0)
    assert table.three_pairs_14 == dp_probability(14, 3)
    assert table.no_pair_20 == dp_probability(20, 0)


def test_no_pair_matches_sequential_draws() -> None:
    table = odds_table()
    assert table.no_pair_14 == sequential_no_pair(14)
    assert table.no_pair_20 == sequential_no_pair(20)
    for drawn in range(0, 35):
        assert no_pair_probability(drawn) == sequential_no_pair(drawn)


@pytest.mark.parametrize("pairs", range(8))
def test_exact_pairs_of_14_tiles(pairs: int) -> None:
    assert exact_pairs_probability(pairs, 14) == dp_probability(14, pairs)


def test_no_pair_is_impossible_past_34_tiles() -> None:
    assert no_pair_probability(34) > 0
    assert no_pair_probability(35) == 0
    assert exact_pairs_probability(8, 14) == 0


def test_table_floats() -> None:
    floats = odds_table().as_floats()
    assert list(floats) == list(KEYS)
    assert floats["no_pair_14"] == pytest.approx(0.0879126587621)
    assert floats["three_pairs_14"] == pytest.approx(0.1572215177930)
    assert floats["no_pair_20"] == pytest.approx(0.0034529186772)


# The rule source's printed figures --------------------------------------------------------------------------


def percent_rounded(x: Fraction) -> Fraction:
    return round(x * 100, 2)


def percent_truncated(x: Fraction) -> Fraction:
    return Fraction(math.floor(x * 10_000), 100)


def test_source_figures_against_exact_values() -> None:
    table = odds_table()
    # 8.79%: right.
    assert percent_rounded(table.no_pair_14) == Fraction("8.79")
    # 15.22% is what the source prints; its own formula gives 15.72%.
    assert percent_rounded(table.three_pairs_14) == Fraction("15.72")
    assert percent_rounded(table.three_pairs_14) != Fraction("15.22")
    assert percent_truncated(table.three_pairs_14) != Fraction("15.22")
    # 0.34%: the exact 0.3453% rounds to 0.35%; the source cut it off.
    assert percent_rounded(table.no_pair_20) == Fraction("0.35")
    assert percent_truncated(table.no_pair_20) == Fraction("0.34")
    assert round(table.no_pair_20 * 100, 3) == Fraction("0.345")


def test_source_checks() -> None:
    checks = {c.key: c for c in source_checks()}
    assert [c.key for c in source_checks()] == list(KEYS)
    assert checks["no_pair_14"].is_correct
    assert checks["no_pair_14"].error is None
    assert checks["no_pair_14"].note == ""
    assert not checks["three_pairs_14"].is_correct
    assert checks["three_pairs_14"].note == "wrong: formula gives 15.72%"
    assert not checks["no_pair_20"].is_correct
    assert checks["no_pair_20"].note == "truncated: rounds to 0.35%"
    assert checks["three_pairs_14"].printed == Fraction(1522, 10_000)
    assert checks["no_pair_20"].rounded == Fraction(35, 10_000)


def test_source_errors_say_what_is_wrong() -> None:
    errors = source_errors()
    assert len(errors) == 2
    assert errors[0].startswith("three_pairs_14: the source prints 15.22%")
    assert "15.72%" in errors[0]
    assert errors[1].startswith("no_pair_20: the source prints 0.34%")
    assert "rounds to 0.35%" in errors[1]


def test_quantity_rows() -> None:
    assert [q.key for q in QUANTITIES] == list(KEYS)
    assert quantity("no_pair_20").source_figure == Fraction(34, 10_000)
    assert quantity("three_pairs_14").formula == "C(34,11)·C(11,3)·4^8·6^3/C(136,14)"
    with pytest.raises(InvalidOptionError, match="no quantity 'four_pairs_14'"):
        quantity("four_pairs_14")


# Monte Carlo -----------------------------------------------------------------------------------------


def test_monte_carlo_interval_holds_the_exact_values() -> None:
    table = odds_table()
    mc = monte_carlo(20_000, seed=0)
    for key in KEYS:
        est: Estimate = getattr(mc, key)
        exact = getattr(table, key)
        assert est.n == 20_000
        assert est.low <= est.value <= est.high
        assert exact in est
        assert est.low <= float(exact) <= est.high


def test_monte_carlo_rejects_the_source_three_pairs_figure() -> None:
    # With enough deals the interval is narrow enough to exclude the printed 15.22%.
    est = monte_carlo(100_000, seed=3).three_pairs_14
    assert odds_table().three_pairs_14 in est
    assert Fraction("0.1522") not in est


def test_monte_carlo_is_seeded() -> None:
    first = monte_carlo(3_000, seed=42)
    assert first == monte_carlo(3_000, seed=42)
    assert first.seed == 42
    assert first != monte_carlo(3_000, seed=43)


def test_monte_carlo_matches_a_plain_shuffle() -> None:
    # The sampler's counting tricks against the obvious simulation, on the same random stream.
    n, seed = 2_000, 9
    rng = random.Random(seed)
    deck = list(range(136))
    hits = dict.fromkeys(KEYS, 0)
    for _ in range(n):
        top = rng.sample(deck, 20)
        start = Counter(t // 4 for t in top[:14])
        hits["no_pair_14"] += max(start.values()) == 1
        hits["three_pairs_14"] += sorted(start.values()) == [1] * 8 + [2] * 3
        hits["no_pair_20"] += max(Counter(t // 4 for t in top).values()) == 1
    mc = monte_carlo(n, seed=seed)
    for key in KEYS:
        assert getattr(mc, key).value == hits[key] / n


@pytest.mark.parametrize("samples", [0, -1])
def test_monte_carlo_needs_a_sample(samples: int) -> None:
    with pytest.raises(ValueError, match="samples"):
        monte_carlo(samples)


def test_wilson_interval() -> None:
    low, high = wilson_interval(0, 50)
    assert low == 0.0
    assert high == pytest.approx(Z95**2 / (50 + Z95**2))  # closed form when nothing is seen
    low, high = wilson_interval(50, 100)
    assert (low + high) / 2 == pytest.approx(0.5)
    a_low, a_high = wilson_interval(7, 40)
    b_low, b_high = wilson_interval(33, 40)
    assert a_low == pytest.approx(1 - b_high)
    assert a_high == pytest.approx(1 - b_low)
    assert wilson_interval(700, 4000)[1] - wilson_interval(700, 4000)[0] < a_high - a_low
    assert wilson_interval(10, 10)[1] == 1.0


@pytest.mark.parametrize(("hits", "n"), [(1, 0), (5, 4), (-1, 3)])
def test_wilson_interval_rejects_impossible_counts(hits: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(hits, n)


def test_report_shape() -> None:
    report = odds_report(1_000, seed=5)
    data = report.to_dict()
    assert list(data) == [*KEYS, "monte_carlo", "source_figures", "source_errors", "seed"]
    assert data["source_figures"] == {"no_pair_14": 0.0879, "three_pairs_14": 0.1522, "no_pair_20": 0.0034}
    assert data["source_errors"] == source_errors()
    assert data["monte_carlo"] == monte_carlo(1_000, seed=5).as_dict()


# Drawing a useful tile -------------------------------------------------------------------------------


def test_improve_fraction_by_enumeration() -> None:
    for wall in range(9):
        for useful in range(wall + 1):
            for draws in range(wall + 1):
                draws_seen = list(combinations(range(wall), draws))
                good = sum(1 for d in draws_seen if any(t < useful for t in d))
                assert improve_fraction(useful, wall, draws) == Fraction(good, len(draws_seen))
                assert improve_probability(useful, wall, draws) == good / len(draws_seen)


def test_improve_probability_by_simulation() -> None:
    useful, wall, draws, n = 6, 50, 5, 20_000
    rng = random.Random(11)
    hits = sum(1 for _ in range(n) if min(rng.sample(range(wall), draws)) < useful)
    low, high = wilson_interval(hits, n)
    assert low <= improve_probability(useful, wall, draws) <= high


def test_improve_probability_examples() -> None:
    assert improve_probability(8, 100, 1) == 0.08
    assert improve_probability(0, 10, 10) == 0.0
    assert improve_probability(1, 10, 10) == 1.0
    assert improve_probability(3, 10, 0) == 0.0
    assert improve_fraction(2, 4, 2) == Fraction(5, 6)


@pytest.mark.parametrize(("useful", "wall", "draws", "fragment"), [
    (-1, 10, 1, "live_effective must be at least 0"),
    (1, -10, 1, "live_wall must be at least 0"),
    (1, 10, -1, "draws must be at least 0"),
    (11, 10, 1, "cannot exceed live_wall"),
    (1, 10, 11, "draws (11) cannot exceed live_wall (10)"),
])
def test_improve_probability_rejects_impossible_inputs(useful: int, wall: int, draws: int,
                                                        fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        improve_probability(useful, wall, draws)


def test_improve_probability_wants_ints() -> None:
    with pytest.raises(TypeError):
        improve_probability(True, 10, 1)
    with pytest.raises(TypeError):
        improve_probability(1, 10.0, 1)  # type: ignore[arg-type]


NINE_GATES = "1112345678999m"  # waits on 1m-9m; 23 live copies among 123 unseen tiles


@pytest.mark.parametrize(("hand", "visible", "draws", "live", "wall"), [
    (NINE_GATES, "", 1, 23, 123),
    (NINE_GATES, "5m5m", 3, 21, 121),
    (NINE_GATES, "1m9mEE", 2, 21, 119),
    ("[678s]123m456p78s99m", "", 1, 7, 123),  # the chow's 6s is one fewer live 6s
    ("[5555p]123m456s78s99m", "", 1, 11, 122),  # 3s 6s 9s; a kong shows four tiles
    ("[5555p]123m456s78s99m", "6s", 4, 10, 121),
])
def test_hand_improve_probability(hand: str, visible: str, draws: int, live: int, wall: int) -> None:
    assert hand_improve_probability(hand, visible, draws) == improve_probability(live, wall, draws)


def test_hand_improve_probability_takes_tiles() -> None:
    from majiang import Hand

    by_text = hand_improve_probability(NINE_GATES, "5m5mC", 2)
    assert hand_improve_probability(Hand.parse(NINE_GATES), [Tile.M5, Tile.M5, Tile.RED], 2) == by_text
    tiles = Hand.parse(NINE_GATES).tiles
    assert hand_improve_probability(tiles, "5m5mC", 2) == by_text
    assert hand_improve_probability(NINE_GATES, wall=60) == improve_probability(23, 60, 1)


@pytest.mark.parametrize(("hand", "visible", "kwargs", "fragment"), [
    ("1112345678999m5m", "", {}, "must discard"),
    (NINE_GATES, "1m1m", {}, "5 copies of 1m seen; a set has only 4"),
    (NINE_GATES, "5m5m5m5m", {}, "copies of 5m seen"),
    (NINE_GATES, "", {"wall": 20}, "cannot fit in a wall of 20"),
    (NINE_GATES, "", {"wall": 124}, "cannot exceed the 123 tiles not seen"),
    (NINE_GATES, "", {"wall": 30, "draws": 31}, "draws"),
    (NINE_GATES, "", {"draws": -1}, "draws must be at least 0"),
])
def test_hand_improve_probability_rejects_impossible_inputs(
    hand: str, visible: str, kwargs: dict[str, int], fragment: str,
) -> None:
    with pytest.raises(ValueError) as info:
        hand_improve_probability(hand, visible, **kwargs)
    assert fragment in str(info.value)


# Command line ----------------------------------------------------------------------------------------

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def invoke(*args: str) -> Result:
    return runner.invoke(app, ["odds", *args], env=WIDE)


def test_cli_readable() -> None:
    result = invoke("--samples", "5000", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "5,000 deals, seed 2" in out
    for text in ("8.79%", "15.22%", "0.34%", "8.7913%", "15.7222%", "0.3453%", "配牌有三个对子",
                 "wrong: formula gives 15.72%", "truncated: rounds to 0.35%"):
        assert text in out
    mc = monte_carlo(5000, seed=2)
    assert f"{mc.no_pair_14.value * 100:.3f}%" in out
    assert f"[{mc.no_pair_14.low * 100:.3f}%, {mc.no_pair_14.high * 100:.3f}%]" in out
    assert out.count("Source error:") == 2
    assert result.stderr == ""


def test_cli_json() -> None:
    result = invoke("--json", "--samples", "4000", "--seed", "-3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    table = odds_table().as_floats()
    for key in KEYS:
        assert data[key] == table[key]
    assert set(data["monte_carlo"]) == set(KEYS)
    mc: MonteCarlo = monte_carlo(4000, seed=-3)
    for key in KEYS:
        entry = data["monte_carlo"][key]
        assert set(entry) == {"estimate", "low", "high", "samples"}
        assert entry["samples"] == 4000
        assert entry["estimate"] == getattr(mc, key).value
        assert entry["low"] <= entry["estimate"] <= entry["high"]
    assert data["source_figures"] == {"no_pair_14": 0.0879, "three_pairs_14": 0.1522, "no_pair_20": 0.0034}
    assert data["source_errors"] == source_errors()
    assert data["seed"] == -3


def test_cli_is_deterministic() -> None:
    first = invoke("--json", "--samples", "1500", "--seed", "8")
    second = invoke("--json", "--samples", "1500", "--seed", "8")
    other = invoke("--json", "--samples", "1500", "--seed", "9")
    assert first.exit_code == second.exit_code == other.exit_code == 0
    assert first.stdout == second.stdout
    assert first.stdout != other.stdout


@pytest.mark.parametrize(("args", "fragment"), [
    (["--samples", "x"], "--samples must be an integer, not 'x'"),
    (["--samples", "0"], "--samples must be from 1 to 10000000, not 0"),
    (["--samples", "-5"], "--samples must be an integer, not '-5'"),
    (["--samples", "1e3"], "--samples must be an integer"),
    (["--samples", "10000001"], "--samples must be from 1 to 10000000"),
    (["--seed", "abc"], "--seed must be an integer, not 'abc'"),
    (["--seed", "1.5"], "--seed must be an integer"),
])
def test_cli_bad_options(args: list[str], fragment: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("majiang odds: error: ")
    assert fragment in lines[0]

    as_json = invoke("--json", *args)
    assert as_json.exit_code == 2
    assert as_json.stderr == ""
    assert json.loads(as_json.stdout) == {"error": lines[0].removeprefix("majiang odds: error: ")}


def test_cli_keeps_fan() -> None:
    result = runner.invoke(app, ["--help"], env=WIDE)
    assert result.exit_code == 0
    assert "odds" in result.stdout
    assert "fan" in result.stdout
    fan = runner.invoke(app, ["fan", "1112345678999m5m", "--json"])
    assert fan.exit_code == 0
    assert json.loads(fan.stdout)["total"] > 88

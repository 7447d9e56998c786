"""The duplicate arena: balanced seatings on the same deals, intervals, the CLI's JSON, a measured result."""

from __future__ import annotations

import importlib
import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from majiang.cli import app
from majiang.game import Game
from majiang.game.ruleset import Ruleset
from majiang.records import check_record, partial_path, replay
from majiang.sim.arena import (
    ARRANGEMENTS,
    RECORD_PLAYERS,
    DealResult,
    PlayResult,
    deal_seed,
    mean_interval,
    play_deal,
    run_arena,
    summarize,
    t_quantile,
)
from majiang.sim.pool import max_workers
from majiang.sim.simulate import ResumeError

runner = CliRunner()
arena_module = importlib.import_module("majiang.sim.arena")


def test_arrangements_are_balanced() -> None:
    assert len(set(ARRANGEMENTS)) == len(ARRANGEMENTS) == 6
    for arrangement in ARRANGEMENTS:
        assert sorted(arrangement) == [0, 0, 1, 1]  # two of each bot at every table
    by_seat = Counter((seat, who) for a in ARRANGEMENTS for seat, who in enumerate(a))
    assert set(by_seat.values()) == {3}  # each bot three times in each seat
    assert len(by_seat) == 8
    # Neighbour patterns: the four AABB rotations and both alternations.
    names = {"".join("AB"[k] for k in a) for a in ARRANGEMENTS}
    assert names == {"AABB", "BAAB", "BBAA", "ABBA", "ABAB", "BABA"}


def test_every_play_of_a_deal_uses_the_same_wall() -> None:
    deal = play_deal(("efficiency", "random"), seed=5, deal=2)
    assert deal.seed == deal_seed(5, 2)
    assert deal.dealer == 2
    assert [p.arrangement for p in deal.plays] == list(ARRANGEMENTS)
    # The same seed gives the same wall and dice whatever sits at the table.
    starts = [Game(seed=deal.seed, dealer=deal.dealer).event_dicts()[0] for _ in range(2)]
    assert starts[0]["ring"] == starts[1]["ring"] and starts[0]["dice"] == starts[1]["dice"]
    for p in deal.plays:
        assert sum(p.deltas) == 0


def test_deals_differ_and_rotate_the_dealer() -> None:
    result = run_arena(("efficiency", "random"), deals=4, seed=3)
    assert [d.dealer for d in result.deals] == [0, 1, 2, 3]
    assert len({d.seed for d in result.deals}) == 4
    assert result.hands == 24
    assert [b.seat_hands for b in result.bots] == [48, 48]


def test_t_quantiles() -> None:
    # Printed tables of Student's t, two-sided 95%.
    for df, value in ((1, 12.706), (2, 4.303), (4, 2.776), (9, 2.262), (30, 2.042), (120, 1.980)):
        assert t_quantile(0.95, df) == pytest.approx(value, abs=5e-4)
    assert t_quantile(0.99, 10) == pytest.approx(3.169, abs=5e-4)
    with pytest.raises(ValueError):
        t_quantile(0.95, 0)


def test_interval_by_hand() -> None:
    # 1..5: mean 3, sample sd sqrt(2.5), standard error sqrt(2.5 / 5) = 0.70711, t(0.975, 4) = 2.77645.
    i = mean_interval([1, 2, 3, 4, 5])
    assert i.mean == 3.0 and i.n == 5
    half = 2.7764451 * math.sqrt(2.5) / math.sqrt(5)
    assert i.low == pytest.approx(3 - half, abs=1e-6)
    assert i.high == pytest.approx(3 + half, abs=1e-6)
    assert i.half_width == pytest.approx(1.963243, abs=1e-5)
    single = mean_interval([4.0])
    assert single.mean == 4.0 and single.bounds() == [None, None]


def _deal(deal: int, a_per_play: list[int]) -> DealResult:
    """A deal whose six plays give each A seat ``a_per_play[k]`` points (B seats the opposite)."""
    plays = []
    for k, arrangement in enumerate(ARRANGEMENTS):
        x = a_per_play[k]
        deltas = tuple(x if who == 0 else -x for who in arrangement)
        four = (deltas[0], deltas[1], deltas[2], deltas[3])
        plays.append(PlayResult(arrangement, four, (), None, False, ()))
    return DealResult(deal, deal, deal % 4, tuple(plays))


def test_summary_by_hand() -> None:
    # Per-deal A means: 1, 3 and 8 (each is the mean over the six plays); B's are the opposite.
    deals = [_deal(0, [1] * 6), _deal(1, [0, 6, 3, 3, 3, 3]), _deal(2, [8] * 6)]
    result = summarize(("a", "b"), 0, deals)
    a, b = result.bots
    assert a.mean.mean == pytest.approx(4.0)
    assert b.mean.mean == pytest.approx(-4.0)
    sd = math.sqrt(((1 - 4) ** 2 + (3 - 4) ** 2 + (8 - 4) ** 2) / 2)  # sqrt(13)
    half = t_quantile(0.95, 2) * sd / math.sqrt(3)
    assert a.mean.low == pytest.approx(4 - half)
    assert a.mean.high == pytest.approx(4 + half)
    # A - B per deal: 2, 6, 16: mean 8, and twice A's interval.
    assert result.difference.mean == pytest.approx(8.0)
    assert result.difference.half_width == pytest.approx(2 * half)
    assert result.decisive == (8.0 - 2 * half > 0)
    assert a.seat_hands == b.seat_hands == 36


def test_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="two different bots"):
        run_arena(("efficiency", "efficiency"), deals=1)
    with pytest.raises(ValueError, match="exactly two bots"):
        run_arena(("efficiency",), deals=1)
    with pytest.raises(ValueError, match="unknown bot"):
        run_arena(("efficiency", "nobody"), deals=1)
    with pytest.raises(ValueError, match="deals"):
        run_arena(("efficiency", "random"), deals=0)


def test_workers_do_not_change_the_result() -> None:
    one = run_arena(("efficiency", "random"), deals=3, seed=9)
    two = run_arena(("efficiency", "random"), deals=3, seed=9, workers=2)
    assert one.to_dict() == two.to_dict()


def test_cli_json_shape() -> None:
    args = ["arena", "--bots", "efficiency,random", "--deals", "3", "--seed", "4", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"bots", "seed", "rules", "options", "deals", "hands", "arrangements", "confidence",
                         "results", "difference", "exhausted_rate"}
    assert data["bots"] == ["efficiency", "random"]
    assert data["rules"] == "mcr" and data["options"]["several_winners"] is False
    assert (data["seed"], data["deals"], data["hands"], data["confidence"]) == (4, 3, 18, 0.95)
    assert data["arrangements"] == ["AABB", "BAAB", "BBAA", "ABBA", "ABAB", "BABA"]
    for row, name in zip(data["results"], ("efficiency", "random"), strict=True):
        assert set(row) == {"bot", "mean", "ci", "seat_hands", "win_rate", "self_drawn_wins", "deal_in_rate",
                            "mean_win_total", "forfeits", "forfeit_reasons", "riichi_rate"}
        assert row["bot"] == name and row["seat_hands"] == 36 and row["riichi_rate"] == 0
        assert row["ci"][0] <= row["mean"] <= row["ci"][1]
    assert set(data["difference"]) == {"a", "b", "mean", "ci", "decisive"}
    a, b = data["results"]
    assert data["difference"]["mean"] == pytest.approx(a["mean"] - b["mean"])
    # The same run through the library gives the same object.
    assert data == run_arena(("efficiency", "random"), deals=3, seed=4).to_dict()


def test_records_check_and_resume_gives_the_same_bytes(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    whole = tmp_path / "whole.jsonl.gz"
    expected = run_arena(("efficiency", "random"), deals=3, seed=2, records=whole)
    report = check_record(whole)
    assert report.ok and report.hands == 18 and report.unseeded == 0, str(report)
    hands = list(replay(whole))
    assert hands[0].players == RECORD_PLAYERS
    assert [h.events[0]["seed"] for h in hands] == [deal_seed(2, d) for d in range(3) for _ in range(6)]
    # The record's payments are the arena's: play k of deal d is hand 6d + k + 1.
    for hand in hands:
        deal, k = divmod(hand.number - 1, 6)
        assert hand.result.deltas == expected.deals[deal].plays[k].deltas
    # Interrupted during deal 2: deals 0 and 1 are kept, deal 2 played again.
    real = arena_module._play_deal_hands

    def failing(names: tuple[str, str], seed: int, deal: int, record: bool, rules: Ruleset,
                time_limit: float) -> Any:
        if deal == 2:
            raise RuntimeError("boom")
        return real(names, seed, deal, record, rules, time_limit)

    monkeypatch.setattr(arena_module, "_play_deal_hands", failing)
    cut = tmp_path / "cut.jsonl.gz"
    with pytest.raises(RuntimeError):
        run_arena(("efficiency", "random"), deals=3, seed=2, records=cut)
    monkeypatch.undo()
    assert not cut.exists() and check_record(partial_path(cut)).hands == 12
    with pytest.raises(ResumeError, match="exists"):
        run_arena(("efficiency", "random"), deals=3, seed=2, records=cut)
    resumed = run_arena(("efficiency", "random"), deals=3, seed=2, records=cut, resume=True, workers=2)
    assert cut.read_bytes() == whole.read_bytes() and resumed.to_dict() == expected.to_dict()
    assert not partial_path(cut).exists()


def test_workers_are_bounded() -> None:
    with pytest.raises(ValueError, match="workers must be from 1 to"):
        run_arena(("efficiency", "random"), deals=1, workers=max_workers() + 1)
    result = runner.invoke(app, ["arena", "--deals", "1", "--workers", str(max_workers() + 1)])
    assert result.exit_code == 2 and f"--workers must be from 1 to {max_workers()}" in result.stderr


def test_cli_records_and_progress(tmp_path: Path) -> None:
    records = tmp_path / "a.jsonl"
    args = ["arena", "--bots", "efficiency,random", "--deals", "2", "--records", str(records)]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert f"Records: {records} (12 hands)" in result.stdout
    assert result.stderr.splitlines()[-1].startswith("majiang arena: 2 of 2 deals (100%)")
    assert check_record(records).ok
    quiet = runner.invoke(app, ["arena", "--bots", "efficiency,random", "--deals", "1", "--quiet"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    resume = runner.invoke(app, ["arena", "--deals", "1", "--resume"])
    assert resume.exit_code == 2 and "--resume continues" in resume.stderr


@pytest.mark.parametrize("args", [
    ["--bots", "efficiency"],
    ["--bots", "efficiency,nobody"],
    ["--bots", "random,random"],
    ["--deals", "0"],
    ["--deals", "x"],
    ["--seed", "1.5"],
    ["--workers", "0"],
    ["--records", "/nonexistent-dir/a.jsonl"],
])
def test_cli_errors(args: list[str]) -> None:
    result = runner.invoke(app, ["arena", *args, "--json"])
    assert result.exit_code == 2
    assert "error" in json.loads(result.output)


def test_cli_table() -> None:
    args = ["arena", "--bots", "efficiency,random", "--deals", "2"]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "efficiency (A) vs random (B)" in result.output
    assert "2 deals × 6 seatings" in result.output
    assert "A - B:" in result.output


@pytest.mark.soak
def test_fan_aware_scores_more_than_efficiency() -> None:
    # A fixed, modest sample: this checks the direction measured on these deals (docs/bots.md has the
    # full measurement), not a timing. In make soak only: 96 hands of fan-aware cost ~15 s of CPU.
    result = run_arena(("fan-aware", "efficiency"), deals=16, seed=0)
    fan_aware, efficiency = result.bots
    assert fan_aware.mean.mean > efficiency.mean.mean
    assert result.difference.mean > 0

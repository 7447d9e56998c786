"""``majiang.sim.simulate`` and ``majiang simulate``: seeded hands, worker-independent results, the
records file, the statistics and the command line."""

from __future__ import annotations

import gzip
import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from majiang.bots import find_bot
from majiang.cli import app
from majiang.errors import InvalidOptionError
from majiang.game import Game, Phase
from majiang.records import check_record, partial_path, replay
from majiang.sim.simulate import BotStats, HandOutcome, ResumeError, game_seed, play_hand, simulate
from majiang.tiles import Tile

runner = CliRunner(env={"COLUMNS": "200"})  # long tmp paths (pytest-xdist) must not wrap
sim = importlib.import_module("majiang.sim.simulate")
"""The module (``majiang.sim.simulate`` the attribute is the function, re-exported by the package)."""

MIXED = ["efficiency", "random"]
"""Efficiency bots win often (random ones almost never), so the statistics have something to count."""


def _timeless(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("seconds", "workers")}


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_results_do_not_depend_on_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    a = simulate(24, MIXED, workers=1, seed=5, out=one)
    b = simulate(24, MIXED, workers=2, seed=5, out=two)
    assert _timeless(a.to_dict()) == _timeless(b.to_dict())
    assert one.read_bytes() == two.read_bytes()
    assert (a.workers, b.workers) == (1, 2)


def test_seeds_change_the_hands() -> None:
    a = simulate(12, MIXED, workers=1, seed=1)
    b = simulate(12, MIXED, workers=1, seed=2)
    assert _timeless(a.to_dict()) != _timeless(b.to_dict())


def test_records_one_line_per_hand_in_order(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    summary = simulate(16, MIXED, workers=2, seed=9, out=out)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 16
    assert all(": " not in line and ", " not in line for line in lines)  # compact separators
    records = _records(out)
    assert [r["game"] for r in records] == list(range(16))
    for i, r in enumerate(records):
        assert set(r) == {"game", "seed", "dealer", "bots", "rules", "options", "winners", "fans", "totals",
                          "from", "deltas", "self_drawn", "payer", "steps"}
        assert r["seed"] == game_seed(9, i) and r["dealer"] == i % 4
        assert r["bots"] == ["efficiency", "random", "efficiency", "random"]
        assert (r["rules"], r["options"]) == ("mcr", {})
        assert sum(r["deltas"]) == 0 and r["steps"] > 0
        assert len(r["fans"]) == len(r["totals"]) == len(r["winners"]) == len(r["from"])
        if r["winners"]:
            assert r["from"][0] == r["payer"]
        if r["winners"]:
            assert all(r["deltas"][w] > 0 for w in r["winners"])
            assert (r["payer"] is None) == r["self_drawn"]
        else:
            assert r["deltas"] == [0, 0, 0, 0] and r["payer"] is None
    # The summary is the records' tally.
    wins = sum(1 for r in records for w in r["winners"] if r["bots"][w] == "efficiency")
    assert summary.bot("efficiency").wins == wins
    assert summary.steps == sum(r["steps"] for r in records)
    assert summary.wins == sum(1 for r in records if r["winners"])
    assert not [p for p in tmp_path.iterdir() if p.name != "hands.jsonl"]  # no temporary file left


def test_a_record_replays(tmp_path: Path) -> None:
    out = tmp_path / "hands.jsonl"
    simulate(4, MIXED, workers=1, seed=3, out=out)
    for r in _records(out):
        game = Game(seed=r["seed"], dealer=r["dealer"])
        bots = [find_bot(name, r["seed"] * 4 + s) for s, name in enumerate(r["bots"])]
        steps = 0
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))
            steps += 1
        assert game.result is not None
        assert list(game.result.winners) == r["winners"] and list(game.result.deltas) == r["deltas"]
        assert steps == r["steps"]


def test_play_hand_is_deterministic() -> None:
    a, b = play_hand(7, 11, MIXED), play_hand(7, 11, MIXED)
    assert isinstance(a, HandOutcome) and a == b
    assert a.dealer == 7 % 4 and a.seed == game_seed(11, 7)


def test_seats_cycle_through_the_bots() -> None:
    assert simulate(4, ["random"], workers=1).seats == ("random",) * 4
    three = simulate(4, ["efficiency", "random", "fan-aware"], workers=1)
    assert three.seats == ("efficiency", "random", "fan-aware", "efficiency")
    assert [b.name for b in three.bots] == ["efficiency", "random", "fan-aware"]
    assert [b.hands for b in three.bots] == [8, 4, 4]


def test_statistics_add_up() -> None:
    summary = simulate(40, MIXED, workers=2, seed=4)
    total_hands = sum(b.hands for b in summary.bots)
    assert total_hands == 4 * summary.games
    assert sum(b.score_sum for b in summary.bots) == 0
    # Each hand has one winner (the default rules) or none; one payer unless self-drawn.
    assert sum(b.wins for b in summary.bots) == summary.wins
    assert sum(b.draws for b in summary.bots) == 4 * summary.draws
    assert sum(b.deal_ins for b in summary.bots) == summary.wins - sum(b.self_draws for b in summary.bots)
    for b in summary.bots:
        assert b.draw_rate == summary.draws / summary.games
        assert 0 <= b.self_draw_rate <= b.win_rate <= 1 and 0 <= b.deal_in_rate <= 1
        low, high = b.score_ci
        assert low <= b.mean_score <= high
        for name, n, share in b.fan_frequencies():
            assert 0 < n <= b.wins and share == n / b.wins and name
    eff = summary.bot("efficiency")
    assert eff.wins > 0 and eff.fans
    with pytest.raises(InvalidOptionError, match="no bot 'nobody'"):
        summary.bot("nobody")


def test_bot_stats_arithmetic() -> None:
    stats = BotStats("x", hands=4, wins=1, self_draws=1, deal_ins=1, draws=2, score_sum=8,
                     score_squares=26 * 26 + 3 * 6 * 6, fans={"平和": 1, "自摸": 1})
    # Score changes 26, -6, -6, -6: mean 2, sample variance (676 + 3 * 36 - 4 * 4) / 3 = 256.
    assert stats.mean_score == 2.0
    low, high = stats.score_ci
    assert high - 2.0 == pytest.approx(1.96 * 16 / 2) and 2.0 - low == pytest.approx(high - 2.0)
    rates = (stats.win_rate, stats.self_draw_rate, stats.deal_in_rate, stats.draw_rate)
    assert rates == (0.25, 0.25, 0.25, 0.5)
    assert stats.fan_frequencies() == [("平和", 1, 1.0), ("自摸", 1, 1.0)]
    empty = BotStats("y", 0, 0, 0, 0, 0, 0, 0, {})
    assert (empty.win_rate, empty.score_ci) == (0.0, (0.0, 0.0))


def test_progress_reaches_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate(30, ["random"], workers=2, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (30, 30)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and len(calls) > 1


def test_round_wind_reaches_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    winds = []

    class Spy(Game):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            winds.append(kwargs["round_wind"])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(importlib.import_module("majiang.sim.hands"), "Game", Spy)  # (deal_hand's)
    simulate(2, ["random"], workers=1, round_wind=Tile.SOUTH)
    assert winds == [Tile.SOUTH, Tile.SOUTH]


@pytest.mark.parametrize(("kwargs", "fragment"), [
    ({"bots": ["nobody"]}, "unknown bot"),
    ({"bots": []}, "one to four bots"),
    ({"bots": ["random"] * 5}, "one to four bots"),
    ({"bots": ["random"], "workers": 0}, "workers"),
    ({"bots": ["random"], "games": -1}, "games"),
    ({"bots": ["random"], "round_wind": Tile.RED}, "wind"),
])
def test_bad_arguments(kwargs: dict[str, Any], fragment: str) -> None:
    args: dict[str, Any] = {"games": 2, **kwargs}
    with pytest.raises(ValueError, match=fragment):
        simulate(**args)


def _failing_at(monkeypatch: pytest.MonkeyPatch, bad: int) -> None:
    real = sim.play_hand_game

    def failing(index: int, *args: Any, **kwargs: Any) -> tuple[HandOutcome, Game]:
        if index == bad:
            raise RuntimeError("boom")
        played: tuple[HandOutcome, Game] = real(index, *args, **kwargs)
        return played

    monkeypatch.setattr(sim, "play_hand_game", failing)


def test_a_failed_run_leaves_no_file_but_its_partial_work(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _failing_at(monkeypatch, 5)
    out, records = tmp_path / "hands.jsonl", tmp_path / "rec.jsonl"
    with pytest.raises(RuntimeError, match="boom"):
        simulate(8, ["random"], workers=1, out=out, records=records)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.jsonl.partial", "rec.jsonl.partial"]
    assert len(_records(partial_path(out))) == 5  # every hand finished before the failure, whole
    report = check_record(partial_path(records))
    assert (report.ok, report.hands) == (False, 5) and "without its final line" in (report.reason or "")
    # Starting afresh would overwrite that work: refused.
    monkeypatch.undo()
    with pytest.raises(ResumeError, match="--resume"):
        simulate(8, ["random"], workers=1, out=out, records=records)


def test_a_failed_run_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "hands.jsonl"
    out.write_text("old\n", encoding="utf-8")
    _failing_at(monkeypatch, 0)
    with pytest.raises(RuntimeError):
        simulate(3, ["random"], workers=1, out=out)
    assert out.read_text(encoding="utf-8") == "old\n"
    assert partial_path(out).read_bytes() == b""


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_resume_gives_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str) -> None:
    whole = tmp_path / "whole"
    whole.mkdir()
    expected = simulate(30, MIXED, workers=1, seed=4, out=whole / f"s{suffix}", records=whole / f"r{suffix}")
    assert check_record(whole / f"r{suffix}").ok
    out, records = tmp_path / f"s{suffix}", tmp_path / f"r{suffix}"
    _failing_at(monkeypatch, 17)
    with pytest.raises(RuntimeError):
        simulate(30, MIXED, workers=1, seed=4, out=out, records=records)
    monkeypatch.undo()
    # A cut write at the end (as a SIGKILL mid-write leaves) is dropped on resume.
    with open(partial_path(records), "ab") as f:
        f.write(b'{"e":"start","hand":18,"ri')
    resumed = simulate(30, MIXED, workers=2, seed=4, out=out, records=records, resume=True)
    assert records.read_bytes() == (whole / f"r{suffix}").read_bytes()
    assert out.read_bytes() == (whole / f"s{suffix}").read_bytes()
    assert _timeless(resumed.to_dict()) == _timeless(expected.to_dict())
    assert (resumed.resumed, expected.resumed) == (17, 0)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["whole", out.name, records.name])


def test_resume_refuses_what_it_cannot_continue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records = tmp_path / "r.jsonl"
    with pytest.raises(ValueError, match="nothing to resume"):
        simulate(4, ["random"], workers=1, records=records, resume=True)
    simulate(4, ["random"], workers=1, records=records)
    with pytest.raises(ValueError, match=r"nothing to resume.*is complete"):
        simulate(4, ["random"], workers=1, records=records, resume=True)
    _failing_at(monkeypatch, 2)
    records2 = tmp_path / "r2.jsonl"
    with pytest.raises(RuntimeError):
        simulate(6, ["random"], workers=1, records=records2)
    monkeypatch.undo()
    with pytest.raises(ValueError, match="written by another run"):
        simulate(6, ["efficiency"], workers=1, records=records2, resume=True)
    # Another seed: the hands do not belong to this run, so none is kept; the result is this run's.
    simulate(6, ["random"], workers=1, seed=99, records=records2, resume=True)
    fresh = tmp_path / "fresh.jsonl"
    simulate(6, ["random"], workers=1, seed=99, records=fresh)
    assert records2.read_bytes() == fresh.read_bytes()


def test_records_are_complete_majiang_records(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    summary = simulate(12, MIXED, workers=2, seed=6, records=records)
    report = check_record(records)
    assert report.ok and report.hands == 12 and report.unseeded == 0, str(report)
    assert report.actions == summary.steps
    hands = list(replay(records))
    assert hands[0].players == ("efficiency 1", "random 2", "efficiency 3", "random 4")
    assert [h.dealer for h in hands] == [i % 4 for i in range(12)]
    assert [h.events[0]["seed"] for h in hands] == [game_seed(6, i) for i in range(12)]
    header = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    assert (header["match"], header["hands"], header["seed"]) == (False, 12, None)


def test_a_tampered_gzip_record_fails_at_its_line(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl.gz"
    simulate(3, ["random"], workers=1, seed=2, records=records)
    assert check_record(records).ok
    lines = gzip.decompress(records.read_bytes()).decode().splitlines()
    i = next(i for i, line in enumerate(lines) if '"e":"discard"' in line and '"hand":2' in line)
    obj = json.loads(lines[i])
    obj["tile"] = (obj["tile"] + 1) % 34
    lines[i] = json.dumps(obj, separators=(",", ":"), sort_keys=True)
    records.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    report = check_record(records)
    assert (report.ok, report.line, report.hands) == (False, i + 1, 1), str(report)
    assert "a discard line differs from the re-simulation" in (report.reason or "")


def test_zero_games() -> None:
    summary = simulate(0, ["random"], workers=2)
    assert (summary.games, summary.steps, summary.bots[0].hands) == (0, 0, 0)


# -- the command line ---------------------------------------------------------------------------------


def test_cli_json_equals_library() -> None:
    result = runner.invoke(app, ["simulate", "--games", "12", "--bots", "efficiency,random", "--workers", "1",
                                 "--seed", "5", "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    expected = simulate(12, MIXED, workers=1, seed=5).to_dict()
    assert _timeless(got) == _timeless(expected)


def test_cli_readable_tables(tmp_path: Path) -> None:
    summaries, records = tmp_path / "h.jsonl", tmp_path / "r.jsonl.gz"
    result = runner.invoke(app, ["simulate", "--games", "12", "--bots", "efficiency,random", "--workers", "2",
                                 "--seed", "5", "--summaries", str(summaries), "--records", str(records),
                                 "--round", "S"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    for fragment in ("Hands:    12 (seed 5, 2 workers", "Seats:    0=efficiency, 1=random", "Self-draw",
                     "Deal-in", "Score ± 95% CI", "Fans of efficiency", "番种", f"Records:  {records}",
                     f"Summary lines: {summaries}"):
        assert fragment in text
    assert len(_records(summaries)) == 12
    report = check_record(records)
    assert report.ok and report.hands == 12 and report.unseeded == 0
    assert all(hand.round_wind == Tile.SOUTH for hand in replay(records))
    # Without a terminal, progress comes as plain lines on stderr (the last one at the end).
    assert result.stderr.splitlines()[-1].startswith("majiang simulate: 12 of 12 hands (100%)")


def test_cli_out_is_a_deprecated_alias(tmp_path: Path) -> None:
    out = tmp_path / "h.jsonl"
    result = runner.invoke(app, ["simulate", "--games", "4", "--workers", "1", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ("majiang simulate: warning: --out is deprecated: use --summaries FILE "
                             "(per-hand summary lines) or --records FILE (full records)\n")
    assert len(_records(out)) == 4 and f"Summary lines: {out}" in result.stdout
    both = runner.invoke(app, ["simulate", "--games", "4", "--out", str(out), "--summaries", str(out)])
    assert both.exit_code == 2 and "give only --summaries" in both.stderr


def test_cli_quiet_and_json_show_no_progress(tmp_path: Path) -> None:
    quiet = runner.invoke(app, ["simulate", "--games", "3", "--workers", "1", "--quiet"])
    as_json = runner.invoke(app, ["simulate", "--games", "3", "--workers", "1", "--json"])
    assert quiet.exit_code == as_json.exit_code == 0
    assert quiet.stderr == as_json.stderr == ""


def test_cli_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records = tmp_path / "r.jsonl"
    args = ["simulate", "--games", "10", "--workers", "1", "--records", str(records), "--quiet", "--json"]
    _failing_at(monkeypatch, 6)
    failed = runner.invoke(app, args)
    assert failed.exit_code == 3 and partial_path(records).exists()
    monkeypatch.undo()
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert "exists: the work of an interrupted run" in json.loads(again.stdout)["error"]
    resumed = runner.invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert _timeless(json.loads(resumed.stdout)) == _timeless(simulate(10, ["random"], workers=1).to_dict())
    assert check_record(records).ok and not partial_path(records).exists()
    nothing = runner.invoke(app, [*args, "--resume"])
    assert nothing.exit_code == 2 and "nothing to resume" in json.loads(nothing.stdout)["error"]


@pytest.mark.parametrize(("args", "fragment"), [
    (["--games", "0"], "--games must be from 1"),
    (["--games", "x"], "--games must be an integer"),
    (["--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["--bots", "a,b,c,d,e"], "--bots takes one to four"),
    (["--bots", "random,,random"], "--bots takes one to four"),
    (["--workers", "0"], "--workers must be from 1 to"),
    (["--workers", "100000"], "--workers must be from 1 to"),
    (["--records", "/nonexistent-dir/x.jsonl"], "--records: no directory"),
    (["--summaries", "/nonexistent-dir/x.jsonl"], "--summaries: no directory"),
    (["--resume"], "--resume continues the FILE.partial"),
    (["--seed", "1.5"], "--seed must be an integer"),
    (["--round", "C"], "--round must be one of E, S, W, N"),
    (["--out", "/nonexistent-dir/x.jsonl"], "--out: no directory"),
])
def test_cli_errors(args: list[str], fragment: str) -> None:
    readable = runner.invoke(app, ["simulate", "--games", "2", "--workers", "1", *args])
    assert readable.exit_code == 2
    assert f"majiang simulate: error: {fragment}" in readable.stderr
    as_json = runner.invoke(app, ["simulate", "--games", "2", "--workers", "1", *args, "--json"])
    assert as_json.exit_code == 2
    assert fragment in json.loads(as_json.stdout)["error"]


def test_cli_negative_seed() -> None:
    result = runner.invoke(app, ["simulate", "--games", "3", "--workers", "1", "--seed", "-4", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["seed"] == -4


def test_cli_failure_while_playing_is_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> tuple[HandOutcome, Game]:
        raise ValueError("a bot chose an illegal action")

    monkeypatch.setattr(sim, "play_hand_game", broken)
    result = runner.invoke(app, ["simulate", "--games", "2", "--workers", "1", "--json"])
    assert result.exit_code == 3
    assert json.loads(result.stdout)["error"].startswith("internal error (a bug in majiang")

"""Riichi match records: the final line carries the ruleset's standings (final points with uma and oka),
older records keep the standard scores they were written with, and the displays show points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.bots import find_bot
from majiang.cli import app
from majiang.errors import MajiangError
from majiang.game.match import Match, standard_scores
from majiang.game.ruleset import find_ruleset
from majiang.records import RecordError, RecordWriter, parse_record, play_match
from majiang.records.check import replay_record
from majiang.records.format import dump_line
from majiang.records.text import text_log

TONPUU = find_ruleset("riichi", ["length=tonpuu"])


@pytest.fixture(scope="module")
def game() -> tuple[Match, list[str]]:
    bots = [find_bot("efficiency", seed=s) for s in range(4)]
    return play_match(bots, seed=3, rules=TONPUU, hands=TONPUU.most_hands)


def test_the_final_line_holds_the_final_points(game: tuple[Match, list[str]]) -> None:
    match, lines = game
    final = json.loads(lines[-1])
    # The totals are the players' changes; the standings are final points: (points - 30000)/1000, uma
    # 20/10, oka to first place, whole thousands (Tenhou), summing to zero.
    assert final["totals"] == [t - 25000 for t in match.totals]
    assert final["standings"] == list(match.standings())
    assert final["standings"] != list(standard_scores(final["totals"]))
    assert sum(final["standings"]) == 0 and all(float(s).is_integer() for s in final["standings"])
    order = sorted(range(4), key=lambda p: (-match.totals[p], p))
    first, second = order[0], order[1]
    assert final["standings"][second] == round((match.totals[second] - 30000) / 1000) + 10
    assert final["standings"][first] > final["standings"][second]
    hands = list(replay_record(parse_record(lines)))  # the check re-ranks the match
    assert hands[-1].points == tuple(match.totals) and hands[-1].standings == match.standings()


def test_a_version_2_record_keeps_its_standard_scores(game: tuple[Match, list[str]]) -> None:
    _, lines = game
    header, final = json.loads(lines[0]), json.loads(lines[-1])
    old = {**final, "standings": list(standard_scores(final["totals"]))}
    older = [dump_line({**header, "version": 2}), *lines[1:-1], dump_line(old)]
    replayed = list(replay_record(parse_record(older)))  # the final line is checked at the end: no error
    assert parse_record(older).header.version == 2 and len(replayed) == json.loads(lines[-1])["hands"]
    # Version 3 must carry the ruleset's standings: the old ones are refused there.
    with pytest.raises(RecordError, match="final line differs"):
        list(replay_record(parse_record([*lines[:-1], dump_line(old)])))


def test_a_riichi_match_record_needs_the_match_standings() -> None:
    writer = RecordWriter(TONPUU, ["a", "b", "c", "d"], seed=1, match=True, hands=TONPUU.most_hands)
    with pytest.raises(MajiangError, match="needs the match's standings"):
        writer.final()


def test_the_text_log_and_replay_show_points_and_final_points(game: tuple[Match, list[str]],
                                                              tmp_path: Path) -> None:
    match, lines = game
    names = json.loads(lines[0])["players"]
    last = list(text_log(parse_record(lines)))[-1]
    assert last == "Final: " + ", ".join(f"{n} {p} ({s:+g})" for n, p, s
                                         in zip(names, match.totals, match.standings(), strict=True))
    path = tmp_path / "game.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    out = CliRunner().invoke(app, ["replay", str(path)]).output
    assert "Final points" in out
    best = max(range(4), key=lambda p: match.standings()[p])
    assert f"{match.standings()[best]:+g}" in out and str(match.totals[best]) in out

"""mjai JSON lines: our riichi records exported and imported back, the real Tenhou games and bot games."""

from __future__ import annotations

from pathlib import Path

import pytest

from majiang.bots import EfficiencyBot
from majiang.game.ruleset import find_ruleset
from majiang.interop.mjai import dump_mjai, export_mjai, import_mjai, mjai_tile, parse_mjai_tile
from majiang.interop.tenhou import MjlogError, import_mjlog
from majiang.records import play_match, read_record, write_record
from majiang.records.format import parse_record

LOGS = sorted((Path(__file__).parent / "data" / "riichi").glob("*.mjlog"))


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name[:30])
def test_tenhou_game_round_trips_through_mjai(path: Path, tmp_path: Path) -> None:
    imported = import_mjlog(path.read_bytes())
    target = tmp_path / "game.jsonl"
    write_record(target, imported.match, imported.players)
    lines = dump_mjai(export_mjai(read_record(target)))
    assert lines[0].startswith('{"type":"start_game"') and lines[-1] == '{"type":"end_game"}'
    back = import_mjai(lines, imported.match.rules)
    assert [h.deltas for h in back.match.history] == [h.deltas for h in imported.match.history]
    again = tmp_path / "again.jsonl"
    write_record(again, back.match, back.players)
    assert dump_mjai(export_mjai(read_record(again))) == lines


def test_a_bot_game_round_trips() -> None:
    rules = find_ruleset("riichi", ["length=tonpuu"])
    match, record = play_match([EfficiencyBot(seed=s) for s in range(4)], seed=5, rules=rules, hands=6,
                               players=["A", "B", "C", "D"])
    events = export_mjai(parse_record(record))
    kinds = {e["type"] for e in events}
    assert {"start_kyoku", "tsumo", "dahai", "end_kyoku"} <= kinds and kinds & {"hora", "ryukyoku"}
    back = import_mjai(dump_mjai(events), match.rules)
    assert back.match.totals == match.totals


@pytest.mark.parametrize(("kind", "red", "text"), [(0, False, "1m"), (4, True, "5mr"), (22, False, "5s"),
                                                    (27, False, "E"), (33, False, "C")])
def test_tile_names(kind: int, red: bool, text: str) -> None:
    assert mjai_tile(kind, red) == text
    assert parse_mjai_tile(text, "here") == (kind, red)


@pytest.mark.parametrize(("lines", "message"), [
    (['{"type":"start_game"'], "line 1: not JSON"),
    (['[1]'], "line 1: an mjai event is a JSON object"),
    (['{"type":"start_game","names":["a","b","c","d"]}', '{"type":"warp"}'], "line 2: unknown mjai event"),
    (['{"type":"start_game","names":["a","b","c","d"]}', '{"type":"tsumo","actor":5,"pai":"1m"}'],
     "line 2: 'actor' must be a seat"),
    (['{"type":"start_game","names":["a","b","c","d"]}', '{"type":"tsumo","actor":0,"pai":"7mr"}'],
     "line 2: '7mr': only a five may be red"),
    (['{"type":"start_game","names":["a","b"]}'], "four names"),
])
def test_malformed_mjai_says_where(lines: list[str], message: str) -> None:
    with pytest.raises(MjlogError, match=message):
        import_mjai(lines)


def test_a_changed_draw_is_caught(tmp_path: Path) -> None:
    imported = import_mjlog(LOGS[7].read_bytes())
    target = tmp_path / "game.jsonl"
    write_record(target, imported.match, imported.players)
    lines = dump_mjai(export_mjai(read_record(target)))
    i = next(i for i, line in enumerate(lines) if '"type":"dahai"' in line and '"actor":1' in line)
    lines[i] = lines[i].replace('"pai":"', '"pai":"9', 1).replace('"pai":"9', '"pai":"', 1)
    lines[i] = '{"type":"dahai","actor":1,"pai":"C","tsumogiri":false}' if '"C"' not in lines[i] else \
        '{"type":"dahai","actor":1,"pai":"P","tsumogiri":false}'
    with pytest.raises(MjlogError, match=rf"line {i + 1}: seat 1 holds no|hand 1, tag {i + 1}"):
        import_mjai(lines, imported.match.rules)


def test_cli_exports_and_imports_mjai(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from majiang.cli import app

    runner = CliRunner()
    record, log, back = tmp_path / "game.jsonl", tmp_path / "game.mjai", tmp_path / "back.jsonl"
    assert runner.invoke(app, ["import", "--format", "mjlog", str(LOGS[7]), "-o", str(record)]).exit_code == 0
    exported = runner.invoke(app, ["export", "--format", "mjai", str(record), "-o", str(log)])
    assert exported.exit_code == 0 and len(log.read_text().splitlines()) == 267
    imported = runner.invoke(app, ["import", "--format", "mjai", str(log), "-o", str(back)])
    assert imported.exit_code == 0 and "3 hands from" in imported.output
    assert read_record(back).final.data["totals"] == read_record(record).final.data["totals"]
    log.write_text('{"type":"start_game","names":["a","b","c","d"]}\n{"type":"warp"}\n')
    failed = runner.invoke(app, ["import", "--format", "mjai", str(log), "-o", str(tmp_path / "x.jsonl")])
    assert failed.exit_code == 2 and "line 2: unknown mjai event" in failed.output

"""tenhou.net/6 JSON: the ten Tenhou games written as tenhou.net/6 logs, read back, replayed, checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.interop.mjai import export_mjai, import_mjai
from majiang.interop.tenhou import MjlogError, import_mjlog
from majiang.interop.tenhou6 import from_tenhou6, mjai_name, tenhou6_tile, to_tenhou6
from majiang.records import read_record, write_record
from majiang.rules.riichi.ruleset import RiichiRules

LOGS = sorted((Path(__file__).parent / "data" / "riichi").glob("*.mjlog"))


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name[:30])
def test_tenhou_game_round_trips_through_tenhou6(path: Path, tmp_path: Path) -> None:
    imported = import_mjlog(path.read_bytes())
    target = tmp_path / "game.jsonl"
    write_record(target, imported.match, imported.players)
    log = to_tenhou6(export_mjai(read_record(target)))
    text = json.dumps(log, ensure_ascii=False)
    assert len(log["log"]) == len(imported.match.history)
    back = import_mjai([json.dumps(e) for e in from_tenhou6(json.loads(text))], imported.match.rules)
    assert [h.deltas for h in back.match.history] == [h.deltas for h in imported.match.history]
    again = tmp_path / "again.jsonl"
    write_record(again, back.match, back.players)
    assert to_tenhou6(export_mjai(read_record(again))) == log


@pytest.mark.parametrize(("name", "code"), [("1m", 11), ("9s", 39), ("5pr", 52), ("E", 41), ("C", 47)])
def test_tile_numbers(name: str, code: int) -> None:
    assert tenhou6_tile(name) == code and mjai_name(code) == name


@pytest.mark.parametrize(("data", "message"), [
    ([], "an object with a 'log' list"),
    ({"log": [], "name": ["a"]}, "four players"),
    ({"log": [[1, 2]], "name": ["a", "b", "c", "d"]}, r"log\[0\]: a hand is a list of 17"),
])
def test_malformed_tenhou6_says_where(data: object, message: str) -> None:
    with pytest.raises(MjlogError, match=message):
        from_tenhou6(data)


def test_a_bad_tile_is_named() -> None:
    with pytest.raises(MjlogError, match=r"58 is no tenhou\.net/6 tile"):
        mjai_name(58)


def test_cli_exports_and_imports_tenhou6(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from majiang.cli import app

    runner = CliRunner()
    record, log, back = tmp_path / "game.jsonl", tmp_path / "game.json", tmp_path / "back.jsonl"
    assert runner.invoke(app, ["import", "--format", "mjlog", str(LOGS[7]), "-o", str(record)]).exit_code == 0
    assert runner.invoke(app, ["export", str(record), "--format", "tenhou6", "-o", str(log)]).exit_code == 0
    assert len(json.loads(log.read_text())["log"]) == 3
    imported = runner.invoke(app, ["import", "--format", "tenhou6", str(log), "-o", str(back)])
    assert imported.exit_code == 0 and "3 hands from" in imported.output
    assert read_record(back).final.data["totals"] == read_record(record).final.data["totals"]
    log.write_text('{"log":')
    failed = runner.invoke(app, ["import", "--format", "tenhou6", str(log), "-o", str(tmp_path / "x.jsonl")])
    assert failed.exit_code == 2 and "not JSON" in failed.output


def test_a_foreign_log_names_its_table(tmp_path: Path) -> None:
    """A tenhou.net/6 log without our facts says its rules in ``rule`` (東/南, 喰, 赤; ``aka``) and its date
    in ``ref``: the import plays it under them (a tonpuusen is not replayed as a hanchan)."""
    from typer.testing import CliRunner

    from majiang.cli import app
    from majiang.interop.tenhou6 import tenhou6_rules

    path = LOGS[2]  # 2014-05-07, lobby 0x41: a tonpuusen with red fives and open tanyao
    imported = import_mjlog(path.read_bytes(), path.name)
    rules = imported.match.rules
    assert isinstance(rules, RiichiRules)
    record = tmp_path / "game.jsonl"
    write_record(record, imported.match, imported.players)
    log = to_tenhou6(export_mjai(read_record(record), facts=False), rules)
    assert log["rule"] == {"disp": "般東喰赤", "aka": 1} and "majiang" not in log
    log["ref"] = path.name[:31]
    assert tenhou6_rules(log) == rules
    source, back = tmp_path / "game.json", tmp_path / "back.jsonl"
    source.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(app, ["import", "--format", "tenhou6", str(source), "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert read_record(back).header.rules == rules
    old = tenhou6_rules({"rule": {"disp": "般南"}, "ref": "2009071823gm-0041-0000-ff3a2214"})
    assert old is not None and (old.length, old.red_fives, old.open_tanyao, old.tenpai_yame) == \
        ("hanchan", 0, False, False)
    assert tenhou6_rules({"log": []}) is None and tenhou6_rules([]) is None

"""Records through the riichi log formats and back (mjai JSON lines, tenhou.net/6 JSON), byte for byte:
the hard cases on prepared walls (a riichi right after another's, nagashi mangan, a three-ron abort, a
double ron of riichi winners with ura indicators, four riichi), a few generated games and the shared
Tenhou logs, bot records through the command line, and the soak (every shared log and a few hundred
generated games: tests/log_roundtrip.py)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from log_roundtrip import FORMATS, check_record, generated_games, through
from majiang.game import Game, Phase
from majiang.interop.mjai import FACTS, dump_mjai, export_mjai, import_mjai
from majiang.interop.tenhou import MjlogError, import_mjlog, lobby_rules
from majiang.records import read_record
from majiang.records.format import parse_record
from majiang.records.writer import iter_record_lines
from riichi_walls import act, pass_all, play, riichi_game, tsumogiri

LOGS = sorted((Path(__file__).parent / "data" / "riichi").glob("*.mjlog"))

PLAYERS = ["A", "B", "C", "D"]
ITTSU_HAND = "123456789m2345p"
"""Ready on 2p and 5p with a closed pure straight."""
JUNK = "2468m2468p2468s5m"
"""Far from ready, and without terminals or honors."""
RON_HANDS = ["SSWWFFCC123p78s", "123456789m46sEE", "123456789p46sNN", "111222333m46sPP"]
"""Seats 1-3 wait on 5s."""


def _to_the_end(game: Game) -> None:
    while game.phase != Phase.OVER:
        tsumogiri(game)


def _same_hand(game: Game, fmt: str) -> None:
    """The hand's record through ``fmt`` and back: without our facts the import replays the same events
    (the wall's unseen tiles aside); with them it gives the same record, byte for byte."""
    lines = list(iter_record_lines([game], PLAYERS))
    rules = parse_record(lines).header.rules
    _, back = through(lines, fmt, facts=False, rules=rules, match=False)
    replayed, played = parse_record(back).hands[0], parse_record(lines).hands[0]
    assert [line.data for line in replayed.events] == [line.data for line in played.events]
    check_record(lines)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_a_riichi_right_after_another(fmt: str) -> None:
    g = riichi_game([ITTSU_HAND, "123456789p2345s", JUNK, JUNK], "E", draws="N ? ?")
    act(g, 0, "riichi E")
    play(g, 1, "riichi N")
    _to_the_end(g)
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_nagashi_mangan(fmt: str) -> None:
    orphans = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
    draws = " ".join(orphans[(i // 4) % 13] if i % 4 == 1 else "?" for i in range(69))
    g = riichi_game([JUNK, JUNK, JUNK, JUNK], "3m", draws=draws, dora="3p")
    _to_the_end(g)
    assert g.hand_state.tenpai == [] and any(e.as_dict().get("reason") == "nagashi" for e in g.events)
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_a_three_ron_abort(fmt: str) -> None:
    g = riichi_game(RON_HANDS, "5s")
    play(g, 0, "discard 5s")
    for seat in (1, 2, 3):
        act(g, seat, "win")
    assert [e.as_dict()["reason"] for e in g.events if e.kind == "abort"] == ["three-ron"]
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_a_double_ron_of_riichi_winners_with_ura(fmt: str) -> None:
    g = riichi_game([JUNK, *RON_HANDS[1:3], JUNK], "P", draws="C F W 5s", dora="S", ura="2m")
    act(g, 0, "discard P")
    play(g, 1, "riichi C")
    play(g, 2, "riichi F")
    play(g, 3, "discard W")
    play(g, 0, "discard 5s")
    for seat in (1, 2):
        act(g, seat, "win")
    pass_all(g)
    assert g.phase == Phase.OVER and [w.seat for w in g.wins] == [1, 2]
    _same_hand(g, fmt)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_four_riichi(fmt: str) -> None:
    g = riichi_game(["1122334455667m", "1122334455667p", "1122334455667s", "8899m8899p889sPP"], "E",
                    draws="S W N")
    for seat, wind in enumerate("ESWN"):
        pass_all(g)
        act(g, seat, f"riichi {wind}")
    assert [e.as_dict()["reason"] for e in g.events if e.kind == "abort"] == ["four-riichi"]
    _same_hand(g, fmt)



@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_four_winds(fmt: str) -> None:
    g = riichi_game(["", "E", "E", "E"], "E", draws="? ? ?", dora="P")
    for seat in range(4):
        pass_all(g)
        act(g, seat, "discard E")
    assert [e.as_dict()["reason"] for e in g.events if e.kind == "abort"] == ["four-winds"]
    _same_hand(g, fmt)  # (the fourth E ends the hand as it goes: the engine logs no discard, a log must)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_a_pon_now_and_a_chi_of_the_same_tile_later(fmt: str) -> None:
    # Seat 2 pons seat 0's first 3m; seat 1 chis the second. tenhou.net/6 shows both calls as each seat's
    # next take, so the reader must give the first 3m to the pon (it has priority), not to seat 1 first.
    g = riichi_game(["33mESWNPFC19p19s", "24m", "33m", ""], "9m", draws="? ? ?")
    act(g, 0, "discard 3m")
    act(g, 2, "pung")
    pass_all(g)
    act(g, 2, "discard N" if "discard N" in [a.notation() for a in g.legal_actions(2)] else
        f"discard {g.legal_actions(2)[0].notation().split()[-1]}")
    tsumogiri(g)  # seat 3
    pass_all(g)
    assert g.current == 0
    act(g, 0, "discard 3m")
    act(g, 1, "chow 2m")
    pass_all(g)
    act(g, 1, f"discard {g.legal_actions(1)[0].notation().split()[-1]}")
    _to_the_end(g)
    assert [e.as_dict()["meld"] for e in g.events if e.kind == "claim"] == ["[333m,2]", "[234m,2]"]
    _same_hand(g, fmt)


# -- generated games and the shared logs ------------------------------------------------------------------

@pytest.mark.parametrize("k", [0, 3, 5, 8])
def test_generated_games_round_trip(k: int) -> None:
    for game in generated_games(1, first=k):
        check_record(game.lines, game.name)


@pytest.mark.parametrize("path", LOGS[6:8], ids=lambda p: p.name[:30])
def test_shared_logs_round_trip(path: Path) -> None:
    check_record(import_mjlog(path.read_bytes()).record_lines(), path.name)


@pytest.mark.soak
def test_soak_every_shared_log_and_generated_games() -> None:
    """Every shared log (and those in ``MAJIANG_TENHOU_LOGS``) and ``MAJIANG_ROUNDTRIP_GAMES`` generated
    games (300 by default) through both formats and back; prints what it checked."""
    count = int(os.environ.get("MAJIANG_ROUNDTRIP_GAMES", "300"))
    # More real logs, where someone holds them (MAJIANG_TENHOU_LOGS: a directory of Tenhou mjlogs, their
    # file names holding the log ids, whose dates choose Tenhou's rules of the time).
    extra = os.environ.get("MAJIANG_TENHOU_LOGS")
    paths = LOGS + (sorted(Path(extra).glob("*.mjlog")) if extra else [])
    began = time.perf_counter()
    hands = records = independent = 0
    for path in paths:
        lines = import_mjlog(path.read_bytes(), path.name).record_lines()
        check_record(lines, path.name)
        records += 1
        hands += len(parse_record(lines).hands)
    shared = records
    for game in generated_games(count):
        check_record(game.lines, game.name)
        records += 1
        independent += not game.match
        hands += len(parse_record(game.lines).hands)
    print(f"\nround trips: {shared} real logs and {count} generated games ({independent} of independent "
          f"hands), {hands} hands, each through {len(FORMATS)} formats with and without our facts: "
          f"every record byte-identical ({time.perf_counter() - began:.0f} s)")


# -- the command line ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ["simulate", "--rules", "riichi", "--games", "4", "--bots", "random,defense", "--option", "red_fives=4"],
    ["arena", "--rules", "riichi", "--bots", "defense,efficiency", "--deals", "1"],
])
def test_bot_records_export_and_import_byte_for_byte(command: list[str], tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from majiang.cli import app

    runner = CliRunner()
    record = tmp_path / "bots.jsonl"
    made = runner.invoke(app, [*command, "--workers", "1", "--quiet", "--records", str(record)])
    assert made.exit_code == 0, made.output
    options = read_record(record).header.rules.options()  # what a log without our facts does not say
    for fmt in FORMATS:
        log, back = tmp_path / f"bots.{fmt}", tmp_path / f"back.{fmt}.jsonl"
        assert runner.invoke(app, ["export", str(record), "--format", fmt, "-o", str(log)]).exit_code == 0
        imported = runner.invoke(app, ["import", "--format", fmt, str(log), "-o", str(back)])
        assert imported.exit_code == 0, imported.output
        assert back.read_bytes() == record.read_bytes()
        plain = tmp_path / f"plain.{fmt}"
        assert runner.invoke(app, ["export", str(record), "--format", fmt, "--no-facts", "-o", str(plain)]) \
            .exit_code == 0
        assert "majiang" not in plain.read_text()
        rules = [f"--option={k}={v}" for k, v in options.items()]
        as_match = runner.invoke(app, ["import", "--format", fmt, *rules, str(plain), "-o", str(back)])
        assert as_match.exit_code == 2 and "hand 2, tag" in as_match.output  # (read as a match)
        imported = runner.invoke(app, ["import", "--format", fmt, "--independent", *rules, str(plain),
                                       "-o", str(back)])
        assert imported.exit_code == 0, imported.output
        assert read_record(back).final.data["totals"] == read_record(record).final.data["totals"]


# -- our facts checked -------------------------------------------------------------------------------------

def _facts_log() -> tuple[list[dict[str, Any]], Any]:
    game = next(generated_games(1, first=3))  # independent hands with red fives 4
    record = parse_record(game.lines)
    return export_mjai(record), record.header.rules


def _refused(events: list[dict[str, Any]], rules: Any, message: str) -> None:
    with pytest.raises(MjlogError, match=message):
        import_mjai(dump_mjai(events), rules)


def test_a_ring_that_is_not_the_logs_is_refused() -> None:
    events, rules = _facts_log()
    start = next(e for e in events if e["type"] == "start_kyoku")
    ring = start[FACTS]["ring"]
    start[FACTS] = {**start[FACTS], "ring": ring[1:] + ring[:1], "seed": None}
    _refused(events, rules, r"hand 1, tag 2 <INIT>: the ring given (deals seat|holds)")


def test_a_seed_that_does_not_deal_the_ring_is_refused() -> None:
    events, rules = _facts_log()
    start = next(e for e in events if e["type"] == "start_kyoku")
    start[FACTS] = {**start[FACTS], "seed": start[FACTS]["seed"] + 1}
    _refused(events, rules, r"hand 1, tag 2 <INIT>: seed \d+ does not deal the ring and dice given")


RING = list(range(34)) * 4


@pytest.mark.parametrize(("facts", "message"), [
    ("ring", r"line 2: majiang: 'ring' must be the 136 tiles"),
    ({"ring": RING, "dice": [1, 13], "seed": None}, r"'dice' must be a whole number 2-12"),
    ({"ring": RING, "dice": [7, 7], "seed": True}, r"'seed' must be a whole number or null"),
    ({"ring": RING, "dice": [7, 7], "answers": [[3]]}, r"each of 'answers' is"),
    ({"ring": RING, "dice": [7, 7], "answers": [[3, [[1, "leap"]]]]}, r"'answers': unknown action"),
])
def test_malformed_hand_facts_say_where(facts: Any, message: str) -> None:
    events, rules = _facts_log()
    start = next(e for e in events if e["type"] == "start_kyoku")
    start[FACTS] = {"ring": facts} if facts == "ring" else facts
    _refused(events, rules, message)


def test_other_rules_than_the_logs_are_refused() -> None:
    events, _ = _facts_log()
    with pytest.raises(MjlogError, match=r"line 1: the log's rules \(riichi, options under 'majiang'\)"):
        import_mjai(dump_mjai(events), lobby_rules(0x09))
    events[0][FACTS]["options"] = {"red_fives": "many"}
    _refused(events, None, r"line 1: majiang: option 'red_fives' must be int")


def test_answers_for_a_window_never_opened_are_refused() -> None:
    events, rules = _facts_log()
    start = next(e for e in events if e["type"] == "start_kyoku")
    start[FACTS] = {**start[FACTS], "answers": [[5000, [[1, "pung"]]]]}
    _refused(events, rules, r"hand 1: answers recorded for claim windows the hand never opened")

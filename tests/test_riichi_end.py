"""The end of a riichi game as Tenhou ends it: final points rounded to whole thousands with five hundred
away from zero, the riichi sticks left on the table paid into first place's points, and 聴牌止め only in
logs played from June 2010. Records written before these options still check as they were written."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from majiang.bots import DefenseBot
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import find_ruleset
from majiang.interop.tenhou import MjlogError, import_mjlog
from majiang.interop.tenhou_mjlog import TENPAI_YAME_FROM, lobby_rules, log_hour
from majiang.records import parse_record, play_match
from majiang.records.check import check_record
from majiang.records.format import dump_line
from majiang.rules.riichi.payments import final_points
from majiang.rules.riichi.ruleset import RiichiRules

LOGS = sorted((Path(__file__).parent / "data" / "riichi").glob("*.mjlog"))
UMA = (20, 10, -10, -20)


# points at the end -> Tenhou's final standing (uma 20-10, 30,000 returned, 25,000 start)
@pytest.mark.parametrize(("points", "up", "return_"), [
    # second at 37,500: Tenhou gives +18 (38,000), 五捨六入 of the difference +17
    ([47300, 37500, 22500, -7300], (56.0, 18.0, -17.0, -57.0), (57.0, 17.0, -17.0, -57.0)),
    # third at 22,500: 23,000 either way (five hundred toward the 30,000 returned is also up here)
    ([37800, 24000, 22500, 15700], (47.0, 4.0, -17.0, -34.0), (47.0, 4.0, -17.0, -34.0)),
    # 600 rounds away in both; 400 toward
    ([40600, 30600, 19400, 9400], (51.0, 11.0, -21.0, -41.0), (51.0, 11.0, -21.0, -41.0)),
    # a negative total at a half: away from zero (-1,500 is -2,000)
    ([61500, 25000, 15000, -1500], (72.0, 5.0, -25.0, -52.0), (71.0, 5.0, -25.0, -51.0)),
])
def test_final_points_in_whole_thousands(points: list[int], up: tuple[float, ...],
                                         return_: tuple[float, ...]) -> None:
    assert sum(points) == 100_000
    assert final_points(points, 0, UMA, 30000, 25000, whole=True) == up
    assert final_points(points, 0, UMA, 30000, 25000, whole=True, half="return") == return_
    assert sum(up) == 0 and sum(return_) == 0


def test_final_half_is_checked() -> None:
    with pytest.raises(InvalidOptionError, match="final_half must be one of up, return"):
        find_ruleset("riichi", ["final_half=near"])
    with pytest.raises(InvalidOptionError, match="sticks_at_end must be one of first, standings"):
        find_ruleset("riichi", ["sticks_at_end=nobody"])


@pytest.mark.parametrize(("name", "hour"), [
    ("2009071823gm-0041-0000-ff3a2214_tw=0.mjlog", "2009071823"),
    ("/logs/2021100323gm-00a9-0000-d0ac1302.xml", "2021100323"),
    ("http://tenhou.net/0/?log=2010060112gm-0009-0000-01234567&tw=2", "2010060112"),
    ("game.mjlog", None),
    ("12009071823gm-0041-0000-ff3a2214.mjlog", None),  # eleven digits: no log id
])
def test_the_hour_of_a_log(name: str, hour: str | None) -> None:
    assert log_hour(name) == hour


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name[:10])
def test_the_log_date_chooses_the_end_rule(path: Path) -> None:
    imported = import_mjlog(path.read_bytes(), path.name)
    rules = imported.match.rules
    assert isinstance(rules, RiichiRules)
    assert rules.tenpai_yame == (path.name[:10] >= TENPAI_YAME_FROM)
    # Without a name, today's rules: 聴牌止め on.
    assert lobby_rules(0xA9).tenpai_yame and not lobby_rules(0xA9, played="2010053123").tenpai_yame


@pytest.mark.parametrize(("name", "readings"), [
    ("2009082817gm-00ab-0000-997dbe26.mjlog", [False]),  # before June 2010: plays on, no second reading
    ("2021100323gm-00a9-0000-d0ac1302.mjlog", [True]),  # from July 2010: 聴牌止め, no second reading
    ("2010060106gm-00a9-0000-30d6de3b.mjlog", [True, False]),  # June 2010: the log's own play decides
    (None, [True, False]),  # no date: today's rule, then the other if the log's game goes on
])
def test_the_end_rule_a_log_plays_by(name: str | None, readings: list[bool],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the date does not settle 聴牌止め, a game that goes on past the rule's end is replayed without it
    (and one the engine goes on with, where the log ends, with it)."""
    import majiang.interop.tenhou as tenhou

    tried: list[bool] = []
    real = tenhou._replay_game

    def replay(heads: object, hands: object, rules: RiichiRules, owari: object, final: object) -> object:
        tried.append(rules.tenpai_yame)
        if len(tried) == 1 and len(readings) == 2:
            raise tenhou._GameEnd("hand 12, tag 992 <INIT>", "the engine ended the game before this hand")
        return real(heads, hands, rules, owari, final)  # type: ignore[arg-type]

    monkeypatch.setattr(tenhou, "_replay_game", replay)
    imported = import_mjlog(LOGS[1].read_bytes(), name)
    assert tried == readings
    assert isinstance(imported.match.rules, RiichiRules) and imported.match.rules.tenpai_yame == readings[-1]


def test_a_log_no_reading_fits_names_where(monkeypatch: pytest.MonkeyPatch) -> None:
    import majiang.interop.tenhou as tenhou

    def replay(*args: object) -> object:
        raise tenhou._GameEnd("the log's end", "the log's game ends; the engine's goes on")

    monkeypatch.setattr(tenhou, "_replay_game", replay)
    with pytest.raises(MjlogError, match="the log's game ends; the engine's goes on"):
        import_mjlog(LOGS[1].read_bytes())


@pytest.fixture(scope="module")
def sticks_left() -> tuple[object, list[str]]:
    """A tonpuusen of the defense bots (seed 3) that ends with a riichi stick on the table."""
    rules = find_ruleset("riichi", ["length=tonpuu"])
    return play_match([DefenseBot(seed=s) for s in range(4)], seed=3, rules=rules, hands=rules.most_hands)


def test_sticks_left_over_go_into_first_place_points(sticks_left: tuple[object, list[str]],
                                                     tmp_path: Path) -> None:
    match, lines = sticks_left
    from majiang.game.match import Match

    assert isinstance(match, Match)
    assert match.settled is not None and sum(match.settled) > 0  # the situation this test is about
    first = max(range(4), key=lambda p: (match.totals[p], -p))
    assert match.settled[first] == sum(match.settled)
    assert sum(match.totals) == 4 * 25000  # every point is someone's again
    assert match.match_state.sticks == 0
    final = json.loads(lines[-1])
    last = json.loads(next(line for line in reversed(lines) if '"summary"' in line))
    assert final["totals"] == [t + s for t, s in zip(last["totals"], match.settled, strict=True)]
    assert sum(final["totals"]) == 0
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert check_record(path).ok
    # A final line that leaves the sticks out no longer checks.
    path.write_text("\n".join([*lines[:-1], dump_line({**final, "totals": last["totals"]})]) + "\n",
                    encoding="utf-8")
    report = check_record(path)
    assert not report.ok and "final line differs" in str(report)


def test_records_before_the_options_check_as_written(tmp_path: Path) -> None:
    """A record written before ``sticks_at_end`` and ``final_half`` (its header lacks them) replays with the
    values it was played with: sticks counted in the standings only, 五捨六入."""
    base = find_ruleset("riichi", ["length=tonpuu"])
    assert isinstance(base, RiichiRules)
    old = dataclasses.replace(base, sticks_at_end="standings", final_half="return")
    match, lines = play_match([DefenseBot(seed=s) for s in range(4)], seed=3, rules=old, hands=old.most_hands)
    assert match.settled is None and match.match_state.sticks > 0
    header = json.loads(lines[0])
    for key in ("sticks_at_end", "final_half"):
        del header["options"][key]
    path = tmp_path / "old.jsonl"
    path.write_text("\n".join([dump_line(header), *lines[1:]]) + "\n", encoding="utf-8")
    assert parse_record(path.read_text(encoding="utf-8").splitlines()).header.rules == old
    assert check_record(path).ok


def test_records_before_red_choice_round_final_and_pao_read_as_they_played() -> None:
    """A header without the options added before issue 24 (``red_choice``, ``round_final``, ``pao``,
    ``pao_yaku``) reads as the play of then: no red-five choice, final points to a tenth, no pao."""
    from majiang.records.format import rules_from_options, rules_options

    options = rules_options(find_ruleset("riichi"))
    for key in ("red_choice", "round_final", "pao", "pao_yaku", "sticks_at_end", "final_half"):
        del options[key]
    rules = rules_from_options("riichi", options)
    assert isinstance(rules, RiichiRules)
    assert (rules.red_choice, rules.round_final, rules.pao) == (False, False, False)
    with pytest.raises(InvalidOptionError, match="missing option 'uma'"):
        rules_from_options("riichi", {k: v for k, v in options.items() if k != "uma"})


def test_a_game_ending_with_sticks_left_round_trips_through_mjai_and_tenhou6(
        sticks_left: tuple[object, list[str]]) -> None:
    """mjai and tenhou.net/6 logs carry the points after each hand; the sticks left over are paid at the
    end, so the log's last points are the totals before that payment."""
    from majiang.game.match import Match
    from majiang.interop.mjai import dump_mjai, export_mjai, import_mjai
    from majiang.interop.tenhou6 import from_tenhou6, to_tenhou6

    match, lines = sticks_left
    assert isinstance(match, Match) and match.settled is not None
    events = export_mjai(parse_record(lines))
    for log in (dump_mjai(events), [json.dumps(e) for e in from_tenhou6(to_tenhou6(events))]):
        back = import_mjai(log, match.rules)
        assert back.match.totals == match.totals and back.match.settled == match.settled

"""Tournaments (majiang.tournament): pairing against a brute force, byes, duplicate walls, checked referee
results, standings and tie-breaks, the file form and the exports."""

from __future__ import annotations

import ast
import itertools
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.tournament import (
    ERROR_CODES,
    Round,
    Table,
    Tournament,
    TournamentError,
    pair_tables,
    repeats,
    table_points,
)


def _partitions(players: list[str]) -> Iterator[list[tuple[str, ...]]]:
    """Every way to seat ``players`` at tables of four (the first player anchors a table)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for trio in itertools.combinations(rest, 3):
        left = [p for p in rest if p not in trio]
        for more in _partitions(left):
            yield [(first, *trio), *more]


@st.composite
def _histories(draw: st.DrawFn) -> tuple[list[str], dict[frozenset[str], int]]:
    n = draw(st.sampled_from([4, 8, 12]))
    players = [f"P{i}" for i in range(n)]
    order = draw(st.permutations(players))
    pairs = [frozenset(p) for p in itertools.combinations(players, 2)]
    met = {pair: draw(st.integers(0, 2)) for pair in pairs if draw(st.booleans())}
    return list(order), met


@settings(max_examples=60, deadline=None)
@given(_histories())
def test_pairing_seats_everyone_once_with_the_fewest_repeats(case: tuple[list[str], dict[frozenset[str], int]]
                                                             ) -> None:
    order, met = case
    tables = pair_tables(order, met)
    seated = [p for table in tables for p in table]
    assert sorted(seated) == sorted(order) and all(len(t) == 4 for t in tables)
    best = min(repeats(p, met) for p in _partitions(order))
    assert repeats(tables, met) == best  # in particular none while a repeat-free pairing exists
    assert repeats(pair_tables(order, met, lookahead=True), met) == best  # looking ahead costs nothing now


@settings(max_examples=20, deadline=None)
@given(_histories())
def test_the_fallback_pairing_is_still_a_pairing(case: tuple[list[str], dict[frozenset[str], int]]) -> None:
    order, met = case
    tables = pair_tables(order, met, budget=1)
    assert sorted(p for t in tables for p in t) == sorted(order)


def test_pairing_is_swiss_without_history() -> None:
    assert pair_tables("ABCDEFGHIJKL", {}) == [tuple("ABCD"), tuple("EFGH"), tuple("IJKL")]
    with pytest.raises(TournamentError, match="multiple of four"):
        pair_tables("ABCDE", {})


def _finish_round(t: Tournament, totals: tuple[int, int, int, int] = (30, 10, -15, -25)) -> None:
    rnd = t.rounds[-1]
    for table in rnd.tables:
        t.enter_result(rnd.number, table.number, totals=dict(zip(table.players, totals, strict=True)))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sixteen_players_meet_nobody_twice_in_five_rounds(seed: int) -> None:
    # Five repeat-free rounds of 16 exist (an affine plane of order 4); looking a round ahead finds them.
    t = Tournament([f"P{i:02d}" for i in range(16)], rounds=5, seed=seed)
    for number in range(5):
        t.pair_next_round()
        _finish_round(t, [(30, 10, -15, -25), (5, 5, -5, -5), (0, 0, 0, 0)][number % 3])
    assert max(t.met().values()) == 1
    with pytest.raises(TournamentError, match="all 5 rounds are paired"):
        t.pair_next_round()


def test_a_round_waits_for_every_table() -> None:
    t = Tournament([f"P{i}" for i in range(8)], rounds=2)
    t.pair_next_round()
    table = t.rounds[0].tables[0]
    t.enter_result(1, 1, totals=dict(zip(table.players, (8, 0, 0, -8), strict=True)))
    with pytest.raises(TournamentError, match="round 1 is not finished: tables 2 have no result"):
        t.pair_next_round()


def test_byes_go_round_and_refuse_is_a_choice() -> None:
    t = Tournament([f"P{i}" for i in range(10)], rounds=4, seed=2)
    sat_out: list[str] = []
    for _ in range(4):
        rnd = t.pair_next_round()
        assert len(rnd.byes) == 2 and len(rnd.tables) == 2
        sat_out += rnd.byes
        _finish_round(t)
    assert len(set(sat_out)) == 8  # nobody sits out twice while others have not
    bye = next(s for s in t.standings() if s.byes)
    assert bye.rounds.count(1.75) == bye.byes  # a bye scores the average table points
    with pytest.raises(TournamentError, match=r"10 players do not fill tables of four \(byes=refuse\)"):
        Tournament([f"P{i}" for i in range(10)], rounds=2, byes="refuse")


def test_every_table_of_a_round_plays_the_same_walls() -> None:
    t = Tournament([f"P{i}" for i in range(8)], rounds=2, seed=3, hands=2)
    rnd = t.pair_next_round()
    matches = [t.play_table(1, table.number, "efficiency") for table in rnd.tables]
    walls = [[game.events[0].as_dict()["ring"] for game in m.games] for m in matches]
    dice = [[game.dice for game in m.games] for m in matches]
    assert len(walls[0]) == 2 and walls[0][0] != walls[0][1]  # the hands of a table differ
    assert walls[0] == walls[1] and dice[0] == dice[1]  # the tables of a round do not
    assert rnd.finished and all(table.result is not None and table.result.played for table in rnd.tables)
    second = t.pair_next_round()
    assert second.seed != rnd.seed


def _table_of(t: Tournament) -> tuple[str, str, str, str]:
    return t.rounds[-1].tables[0].players


def test_referee_results_are_checked() -> None:
    t = Tournament([f"P{i}" for i in range(8)], rounds=2)
    t.pair_next_round()
    a, b, c, d = _table_of(t)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"totals": {a: 10, b: 0, c: 0}}, "name the table's four players"),
        ({"totals": {a: 10, b: 0, c: 0, "P99": -10}}, "name the table's four players"),
        ({"totals": {a: 10, b: 0, c: 0, d: -9}}, "must add up to 0, not 1"),
        ({"totals": {a: 10, b: 0, c: 0, d: -10.0}}, "must be a whole number"),
        ({"hands": [{a: 24, b: -8, c: -8, d: -9}]}, "hand 1: the changes .* must add up to 0"),
        ({"hands": [{a: 24, b: -8, c: -8, d: -8}], "totals": {a: 20, b: -4, c: -8, d: -8}},
         "are not the hands' sum"),
        ({"hands": [{a: 0, b: 0, c: 0, d: 0}] * 17}, "17 hands entered, but a table plays 16"),
        ({}, "give the final totals or the hands' changes"),
    ]
    for kwargs, message in cases:
        with pytest.raises(TournamentError, match=message):
            t.enter_result(1, 1, **kwargs)
        assert t.rounds[0].tables[0].result is None
    result = t.enter_result(1, 1, hands=[{a: 24, b: -8, c: -8, d: -8}, {a: -8, b: 16, c: -8, d: 0}])
    assert result.totals == (16, 8, -16, -8)
    with pytest.raises(TournamentError, match="already has a result"):
        t.enter_result(1, 1, totals={a: 0, b: 0, c: 0, d: 0})
    t.enter_result(1, 1, totals={a: 0, b: 0, c: 0, d: 0}, replace=True)
    with pytest.raises(TournamentError, match="round 1 has tables 1-2, not 3"):
        t.enter_result(1, 3, totals={a: 0, b: 0, c: 0, d: 0})
    with pytest.raises(TournamentError, match="no round 2"):
        t.enter_result(2, 1, totals={a: 0, b: 0, c: 0, d: 0})


def test_riichi_results_may_leave_sticks_on_the_table() -> None:
    t = Tournament([f"P{i}" for i in range(4)], rounds=1, rules="riichi")
    t.pair_next_round()
    a, b, c, d = _table_of(t)
    with pytest.raises(TournamentError, match="less left-over sticks of 1000"):
        t.enter_result(1, 1, totals={a: 40000, b: 25000, c: 20000, d: 15500})
    t.enter_result(1, 1, totals={a: 40000, b: 25000, c: 19000, d: 15000})  # one stick left over
    assert [s.score for s in t.standings()] == [15000, 0, -6000, -10000]


def test_standings_and_tie_breaks() -> None:
    players = ["A", "B", "C", "D", "E", "F", "G", "H"]
    t = Tournament(players, rounds=1)
    t.pair_next_round()
    first, second = t.rounds[0].tables
    # Table points first; equal table points by score; then 1st places; then the best table.
    t.enter_result(1, first.number, totals=dict(zip(first.players, (40, -10, -10, -20), strict=True)))
    t.enter_result(1, second.number, totals=dict(zip(second.players, (40, 5, 5, -50), strict=True)))
    lines = t.standings()
    by_player = {s.player: s for s in lines}
    assert [s.table_points for s in lines] == [4, 4, 1.5, 1.5, 1.5, 1.5, 0, 0]
    assert [s.place for s in lines] == [1, 1, 3, 3, 5, 5, 7, 8]  # shared only when equal on every key
    assert by_player[first.players[0]].place == by_player[second.players[0]].place == 1
    assert {by_player[p].place for p in second.players[1:3]} == {3}  # 1.5 points, +5 before -10
    assert (by_player[first.players[3]].place, by_player[second.players[3]].place) == (7, 8)
    assert table_points([5, 5, 5, 5]) == (1.75,) * 4


def _seat(t: Tournament, *tables: dict[str, int]) -> None:
    """Seat a round by hand (bypassing the pairing) and book its totals."""
    number = len(t.rounds) + 1
    seated = [Table(i, (names[0], names[1], names[2], names[3]))
              for i, names in enumerate((list(totals) for totals in tables), start=1)]
    t.rounds.append(Round(number, t.round_seed(number), seated))
    for i, totals in enumerate(tables, start=1):
        t.enter_result(number, i, totals=totals)


@pytest.mark.parametrize(("x_rounds", "y_rounds", "key"), [
    # X: 1st then 4th; Y: 2nd twice. Equal table points (4) and score (0): X has a 1st place.
    (((10, 0, -5, -5), (-10, 10, 5, -5)), ((1, 10, -5, -6), (-1, 10, -4, -5)), "firsts"),
    # Both 1st then 4th with score 0: X's best table (+30) beats Y's (+10).
    (((30, -5, -10, -15), (-30, 30, 5, -5)), ((10, 0, -4, -6), (-10, 8, 2, 0)), "best"),
])
def test_later_tie_breaks(x_rounds: tuple[tuple[int, ...], ...], y_rounds: tuple[tuple[int, ...], ...],
                          key: str) -> None:
    t = Tournament(["X", "p1", "p2", "p3", "Y", "q1", "q2", "q3"], rounds=2)
    _seat(t, dict(zip(["X", "p1", "p2", "p3"], x_rounds[0], strict=True)),
          dict(zip(["Y", "q1", "q2", "q3"], y_rounds[0], strict=True)))
    _seat(t, dict(zip(["X", "q1", "q2", "q3"], x_rounds[1], strict=True)),
          dict(zip(["Y", "p1", "p2", "p3"], y_rounds[1], strict=True)))
    by_player = {s.player: s for s in t.standings()}
    x, y = by_player["X"], by_player["Y"]
    assert (x.table_points, x.score) == (y.table_points, y.score) == (4, 0)
    assert getattr(x, key) > getattr(y, key) and x.place < y.place


def test_the_file_form_round_trips_and_bad_entries_say_where() -> None:
    t = Tournament([f"P{i}" for i in range(9)], rounds=2, seed=9, name="Club", bots={"P0": "efficiency"})
    t.pair_next_round()
    _finish_round(t)
    t.pair_next_round()
    data = t.to_dict()
    again = Tournament.from_dict(data)
    assert again.to_dict() == data
    assert again.standings() == t.standings()

    def broken(change: Any) -> dict[str, Any]:
        copy = Tournament.from_dict(data).to_dict()
        change(copy)
        return copy
    cases: list[tuple[Any, str, str]] = [  # a result's refusal keeps its code, its message says where
        (lambda d: d["rounds"][0]["tables"][1]["result"]["totals"].__setitem__(0, 99),
         r"rounds\[0\]\.tables\[1\]\.result: round 1 table 2: the totals .* must add up to 0", "sheet_sum"),
        (lambda d: d["rounds"][0]["tables"][0]["players"].__setitem__(0, "Zed"),
         r"rounds\[0\]: 'Zed' is not", "file"),
        (lambda d: d["rounds"][1]["tables"][0]["players"].__setitem__(
            0, d["rounds"][1]["tables"][1]["players"][0]), r"rounds\[1\]: .* sits twice", "file"),
        (lambda d: d["rounds"][0].__setitem__("seed", 1), r"rounds\[0\]\.seed", "file"),
        (lambda d: d.__setitem__("players", ["A", "A", "B", "C"]), "entered twice", "twice"),
        (lambda d: d.__setitem__("rules", "nonesuch"), "unknown ruleset", "option"),
        (lambda d: d["bots"].__setitem__("P0", "nobody"), "unknown bot 'nobody'", "bot"),
        (lambda d: d.pop("seed"), "seed: missing", "file"),
        (lambda d: d["rounds"][0]["byes"].__setitem__(0, ["P1"]), "named by strings", "file"),
        (lambda d: d.__setitem__("rounds_planned", "2"), "rounds_planned: must be a whole number", "file"),
    ]
    for change, message, code in cases:
        with pytest.raises(TournamentError, match=message) as refused:
            Tournament.from_dict(broken(change))
        assert refused.value.code == code


def test_exports() -> None:
    t = Tournament(["<b>Ann</b>", "Bo", "Cy", "Di"], rounds=1, name="Spring & Co")
    t.pair_next_round()
    _finish_round(t, (10, 5, -5, -10))
    csv_text = t.standings_csv()
    assert csv_text.splitlines()[0] == "place,player,table_points,score,firsts,best,tables,byes,round_1"
    assert len(csv_text.splitlines()) == 5
    page = t.standings_html()
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    assert "Spring &amp; Co" in page and "@media print" in page


# -- refusals by code --------------------------------------------------------------------------------------

_PLAYERS = [f"P{i:02d}" for i in range(16)]


def _paired(rounds: int = 1, **kw: Any) -> Tournament:
    t = Tournament(_PLAYERS[:8], rounds, seed=1, **kw)
    t.pair_next_round()
    return t


def _refusal(make: Any) -> TournamentError:
    with pytest.raises(TournamentError) as refused:
        make()
    return refused.value


def _sheet(t: Tournament, *values: int) -> dict[str, int]:
    return dict(zip(t.table(1, 1).players, values, strict=True))


@pytest.mark.parametrize(("make", "code", "params"), [
    (lambda: Tournament(["A", "B", "C", "A"], 1), "twice", {"name": "A"}),
    (lambda: Tournament(["O'N", "B", "C", "O'N"], 1), "twice", {"name": "O'N"}),
    (lambda: Tournament(["A", "B"], 1), "few", {"n": 2}),
    (lambda: Tournament([" A", "B", "C", "D"], 1), "name", {}),
    (lambda: Tournament(_PLAYERS, 1, rules="nope"), "option", None),
    (lambda: Tournament(_PLAYERS, 0), "rounds", {}),
    (lambda: Tournament(_PLAYERS, 1, hands=0), "hands", {}),
    (lambda: Tournament(_PLAYERS, 1, points=(0, 1, 2, 4)), "points", {}),
    (lambda: Tournament(_PLAYERS[:10], 1, byes="refuse"), "refuse", {"n": 10, "add": 2, "remove": 2}),
    (lambda: Tournament(_PLAYERS, 1, byes="never"), "byes", {}),
    (lambda: Tournament(_PLAYERS, 1, bots={"Z": "efficiency"}), "bot_player", {"name": "Z"}),
    (lambda: Tournament(_PLAYERS, 1, bots={"P00": "zzz"}), "bot", {"bot": "zzz"}),
    (lambda: _paired().play_table(1, 1, "zzz"), "bot", {"bot": "zzz"}),
    (lambda: pair_tables(["A", "B", "C"], {}), "pairing", {"n": 3}),
    (lambda: pair_tables(["A", "B", "C", "A"], {}), "pairing", {}),
    (lambda: _paired().pair_next_round(), "all_paired", {"n": 1}),
    (lambda: Tournament(_PLAYERS[:8], 2).table(1, 1), "no_round", {"round": 1}),
    (lambda: _paired().table(1, 3), "no_table", {"round": 1, "n": 2, "table": 3}),
    (lambda: _paired().enter_result(1, 1), "sheet_empty", {}),
    (lambda: _paired().enter_result(1, 1, totals={"Q": 1}), "sheet_names", None),
    (lambda: _paired().play_table(1, 1), "no_bot", None),
])
def test_each_refusal_names_its_code_and_params(make: Any, code: str,
                                                params: dict[str, object] | None) -> None:
    err = _refusal(make)
    assert err.code == code
    if params is not None:
        assert err.params == params


def test_sheet_refusals_give_the_facts_their_messages_state() -> None:
    t = _paired(rounds=2)
    a, b, c, d = t.table(1, 1).players
    err = _refusal(lambda: t.enter_result(1, 1, totals=_sheet(t, 10, 0, 0, -9)))
    assert (err.code, err.params) == ("sheet_sum", {"totals": [10, 0, 0, -9], "need": 0, "sum": 1})
    err = _refusal(lambda: t.enter_result(1, 1, hands=[_sheet(t, 0, 0, 0, 0), _sheet(t, 1, 2, 3, 4)]))
    assert (err.code, err.params) == ("sheet_hand", {"hand": 2, "changes": [1, 2, 3, 4], "need": 0,
                                                     "sum": 10})
    err = _refusal(lambda: t.enter_result(1, 1, totals=_sheet(t, 1, -1, 0, 0),
                                          hands=[_sheet(t, 2, -2, 0, 0)]))
    assert (err.code, err.params) == ("sheet_mismatch", {"totals": [1, -1, 0, 0], "sum": [2, -2, 0, 0]})
    half: dict[str, Any] = {a: 0, b: 0, c: 0, d: 1.5}
    err = _refusal(lambda: t.enter_result(1, 1, totals=half))
    assert (err.code, err.params) == ("sheet_number", {"player": d})
    err = _refusal(lambda: t.enter_result(1, 1, totals={"Q": 1}))
    assert err.params == {"players": f"{a}, {b}, {c}, {d}"}
    err = _refusal(t.pair_next_round)
    assert (err.code, err.params) == ("unfinished", {"round": 1, "tables": "1, 2"})
    t.enter_result(1, 1, totals=_sheet(t, 0, 0, 0, 0))
    err = _refusal(lambda: t.enter_result(1, 1, totals=_sheet(t, 0, 0, 0, 0)))
    assert (err.code, err.params) == ("has_result", {"round": 1, "table": 1})
    riichi = _paired(rules="riichi")
    err = _refusal(lambda: riichi.enter_result(1, 1, totals=_sheet(riichi, 25000, 25000, 25000, 25500)))
    assert (err.code, err.params) == ("sheet_sum", {"totals": [25000, 25000, 25000, 25500], "need": 100000,
                                                    "sum": 100500, "sticks": 1000})


def test_every_raise_site_names_a_known_code() -> None:
    # mypy already refuses a TournamentError without a code; this holds each code to ERROR_CODES and finds
    # a site built some other way (a code computed at run time would pass unseen until it ran)
    package = Path(__file__).resolve().parents[1] / "src" / "majiang"
    sites = 0
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "TournamentError(" not in text:
            continue
        tree = ast.parse(text)
        inside = {id(node) for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef)
                  and cls.name == "TournamentError" for node in ast.walk(cls)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "TournamentError") or id(node) in inside:
                continue
            where = f"{path.name}:{node.lineno}"
            assert node.args and isinstance(node.args[0], ast.Constant), f"{where}: no code given"
            assert node.args[0].value in ERROR_CODES, f"{where}: {node.args[0].value!r} is not in ERROR_CODES"
            sites += 1
    assert sites >= 30  # the scan found the module's raise sites


def test_a_refusal_crosses_processes_with_its_code() -> None:
    err = _refusal(lambda: Tournament(["A", "B"], 1))
    again = pickle.loads(pickle.dumps(err))
    assert (type(again), again.code, again.params, str(again)) == (TournamentError, "few", {"n": 2}, str(err))
    with pytest.raises(ValueError, match="not one of ERROR_CODES"):
        TournamentError("nonesuch", "a code nobody words")

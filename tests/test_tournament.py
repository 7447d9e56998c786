"""Tournaments (majiang.tournament): pairing against a brute force, byes, duplicate walls, checked referee
results, standings and tie-breaks, the file form and the exports."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.tournament import Round, Table, Tournament, TournamentError, pair_tables, repeats, table_points


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
    cases: list[tuple[Any, str]] = [
        (lambda d: d["rounds"][0]["tables"][1]["result"]["totals"].__setitem__(0, 99),
         r"rounds\[0\]\.tables\[1\]\.result: round 1 table 2: the totals .* must add up to 0"),
        (lambda d: d["rounds"][0]["tables"][0]["players"].__setitem__(0, "Zed"),
         r"rounds\[0\]: 'Zed' is not"),
        (lambda d: d["rounds"][1]["tables"][0]["players"].__setitem__(
            0, d["rounds"][1]["tables"][1]["players"][0]), r"rounds\[1\]: .* sits twice"),
        (lambda d: d["rounds"][0].__setitem__("seed", 1), r"rounds\[0\]\.seed"),
        (lambda d: d.__setitem__("players", ["A", "A", "B", "C"]), "entered twice"),
        (lambda d: d.__setitem__("rules", "nonesuch"), "unknown ruleset"),
        (lambda d: d["bots"].__setitem__("P0", "nobody"), "unknown bot 'nobody'"),
        (lambda d: d.pop("seed"), "seed: missing"),
        (lambda d: d["rounds"][0]["byes"].__setitem__(0, ["P1"]), "named by strings"),
        (lambda d: d.__setitem__("rounds_planned", "2"), "rounds_planned: must be a whole number"),
    ]
    for change, message in cases:
        with pytest.raises(TournamentError, match=message):
            Tournament.from_dict(broken(change))


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

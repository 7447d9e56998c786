"""The 考级定段 ladder: grades from points, promotions and demotions at the thresholds, the rules a club
changes, the file form, the openskill rating and the rated bot pool (majiang.ladder)."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.errors import InvalidOptionError
from majiang.game.ruleset import find_ruleset
from majiang.ladder import (
    GRADES,
    KYU,
    Ladder,
    LadderEntry,
    LadderError,
    LadderRules,
    RatedGame,
    placings,
    play_bot_games,
)

PLAYERS = ("Ann", "Bo", "Cy", "Di")


@pytest.mark.parametrize(("points", "grade"), [
    (0, "9级"), (29, "9级"), (30, "8级"), (69, "8级"), (70, "7级"), (519, "2级"), (520, "1级"), (649, "1级"),
    (650, "业余初段"), (799, "业余初段"), (800, "业余二段"), (3249, "业余八段"), (3250, "业余九段"),
    (10**6, "业余九段"),
])
def test_grade_from_points(points: int, grade: str) -> None:
    assert LadderRules().grade_for(points).zh == grade


def _game(place_of_ann: int) -> RatedGame:
    """A game in which Ann finishes at ``place_of_ann`` (0-3), the others in the remaining places."""
    totals = [30, 10, -15, -25]
    ann = totals.pop(place_of_ann)
    return RatedGame("mcr", PLAYERS, (ann, totals[0], totals[1], totals[2]))


# (grade index, points before, Ann's place, rules options, points after, grade after, promoted/demoted/None)
CASES: list[tuple[int, int, int, tuple[str, ...], int, str, bool | None]] = [
    (0, 20, 0, (), 50, "8级", True),                    # +30 crosses 30
    (0, 0, 1, (), 15, "9级", None),                     # +15 stays below 30
    (0, 0, 3, (), 0, "9级", None),                      # a 级 loses nothing for 4th
    (8, 620, 0, (), 650, "业余初段", True),              # 1级 + 30 reaches 650: amateur 段
    (9, 780, 0, (), 820, "业余二段", True),              # 段 awards: +40
    (10, 770, 3, (), 750, "业余二段", None),             # 800 - 50 = 750: not below, kept
    (10, 760, 3, (), 740, "业余初段", False),            # below 750: one 段 down
    (10, 760, 3, ("demotion=false",), 740, "业余二段", None),
    (10, 760, 3, ("demotion_margin=0",), 740, "业余初段", False),
    (9, 600, 3, (), 580, "业余初段", None),              # 初段 is kept (lowest_kept)
    (10, 700, 3, (f"lowest_kept={KYU + 1}",), 680, "业余二段", None),
    (9, 10, 3, (), 0, "业余初段", None),                 # points never go below 0
    (11, 200, 3, (), 180, "业余二段", False),            # demotion is one step at a time
]


@pytest.mark.parametrize(("grade", "before", "place", "options", "after", "grade_after", "promoted"), CASES)
def test_promotion_and_demotion(grade: int, before: int, place: int, options: tuple[str, ...], after: int,
                                grade_after: str, promoted: bool | None) -> None:
    ladder = Ladder()
    ladder.set_rules("mcr", LadderRules().with_options(options))
    ladder.entries["mcr"] = {"Ann": LadderEntry(points=before, grade=GRADES[grade])}
    changes = [c for c in ladder.rate(_game(place), rating=False) if c.player == "Ann"]
    entry = ladder.entry("mcr", "Ann")
    assert (entry.points, entry.grade.zh) == (after, grade_after)
    if promoted is None:
        assert changes == []
    else:
        (change,) = changes
        assert (change.promoted, change.before, change.after) == (promoted, GRADES[grade].zh, grade_after)
        assert change.points == after


def test_ties_share_the_awards_of_their_places() -> None:
    ladder = Ladder()
    ladder.rate(RatedGame("mcr", PLAYERS, (20, 20, -20, -20)), rating=False)
    # 1st and 2nd share (30 + 15) / 2 = 22.5, rounded half to even; 3rd and 4th share 2.5 -> 2.
    assert [ladder.entry("mcr", p).points for p in PLAYERS] == [22, 22, 2, 2]
    assert [ladder.entry("mcr", p).places for p in PLAYERS] == [[1, 0, 0, 0]] * 2 + [[0, 0, 1, 0]] * 2
    assert placings([5, 5, 5, 5]) == ((0, 3),) * 4


@pytest.mark.parametrize(("options", "message"), [
    (("thresholds=1,2,3",), "17 numbers"),
    (("thresholds=" + ",".join(["5"] * 17),), "rising"),
    (("kyu_awards=10,20,0,0",), "must not rise"),
    (("dan_awards=0,0,0,-10",), "1st place must earn"),
    (("dan_awards=40,20,0",), "four numbers"),
    (("model=elo",), "model must be one of"),
    (("lowest_kept=18",), "grade index"),
    (("pro_min_entrants=3",), "4 or more"),
    (("demotion=maybe",), "cannot read 'maybe'"),
    (("colour=red",), "KEY one of"),
    (("demotion",), "KEY=VALUE"),
])
def test_bad_ladder_rules_are_refused(options: tuple[str, ...], message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        LadderRules().with_options(options)


def test_the_file_form_round_trips_and_bad_fields_say_where() -> None:
    ladder = Ladder()
    ladder.set_rules("mcr", LadderRules(demotion=False))
    ladder.rate(_game(0))
    data = ladder.to_dict()
    again = Ladder.from_dict(data)
    assert again.to_dict() == data
    assert again.rules_for("mcr").demotion is False

    def broken(path: tuple[str, ...], value: Any) -> dict[str, Any]:
        copy: dict[str, Any] = Ladder.from_dict(data).to_dict()
        node = copy
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return copy
    for path, value, message in [
        (("players", "mcr", "Ann", "grade"), 99, r"players\.mcr\.Ann\.grade: must be 0-17"),
        (("players", "mcr", "Ann", "points"), "30", r"players\.mcr\.Ann\.points: must be a whole number"),
        (("players", "mcr", "Ann", "sigma"), -1.0, r"players\.mcr\.Ann\.sigma: must be positive"),
        (("players", "mcr", "Ann", "places"), [0, 0, 0, 0], r"players\.mcr\.Ann\.places: add up to 0"),
        (("rules", "mcr", "kyu_awards"), [1, 2, 3, 4], r"rules\.mcr: kyu_awards must not rise"),
        (("rules", "mcr", "colour"), "red", r"rules\.mcr\.colour: unknown ladder option"),
        (("version",), 2, "version: this majiang reads ladder version 1"),
    ]:
        with pytest.raises(LadderError, match=message):
            Ladder.from_dict(broken(path, value))


def test_a_rated_game_needs_four_different_players() -> None:
    with pytest.raises(LadderError, match="four different players"):
        RatedGame("mcr", ("Ann", "Ann", "Cy", "Di"), (1, 2, 3, -6))
    with pytest.raises(LadderError, match="non-empty"):
        RatedGame("mcr", ("Ann", " ", "Cy", "Di"), (1, 2, 3, -6))


def test_openskill_ratings_move_the_right_way() -> None:
    ladder = Ladder()
    ladder.rate(RatedGame("mcr", PLAYERS, (30, 10, -15, -25)))
    entries = [ladder.entry("mcr", p) for p in PLAYERS]
    mus = [e.mu if e.mu is not None else float("nan") for e in entries]
    assert all(e.mu is not None for e in entries)
    assert mus[0] > mus[1] > mus[2] > mus[3]  # Plackett-Luce: every place counts, not only 1st
    assert mus[0] > 25 > mus[3]
    assert all(e.sigma is not None and e.sigma < 25 / 3 for e in entries)  # less uncertain than new
    # Ties rate alike; one more win lifts the conservative ordinal of the winner.
    tied = Ladder()
    tied.rate(RatedGame("mcr", PLAYERS, (10, 10, -10, -10)))
    assert tied.entry("mcr", "Ann").mu == tied.entry("mcr", "Bo").mu
    before = entries[3].ordinal
    ladder.rate(RatedGame("mcr", ("Di", "Ann", "Bo", "Cy"), (40, 0, -10, -30)))
    after = ladder.entry("mcr", "Di").ordinal
    assert before is not None and after is not None and after > before


@pytest.mark.parametrize("model", ["bradley-terry-full", "thurstone-mosteller-full"])
def test_the_other_models_rank_by_place_too(model: str) -> None:
    ladder = Ladder()
    ladder.set_rules("mcr", LadderRules(model=model))
    ladder.rate(RatedGame("mcr", PLAYERS, (30, 10, -15, -25)))
    mus = [ladder.entry("mcr", p).mu for p in PLAYERS]
    assert mus == sorted(mus, key=lambda m: -(m or 0))


def test_competition_places_give_professional_dan() -> None:
    ladder = Ladder()
    ladder.entries["mcr"] = {"Ann": LadderEntry(700, GRADES[KYU]), "Bo": LadderEntry(100, GRADES[3])}
    field = ["Ann", "Bo", *[f"P{i}" for i in range(14)]]
    assert ladder.record_competition("mcr", field[:8]) == []  # fewer than 16 entrants
    changes = ladder.record_competition("mcr", field)
    assert [(c.player, c.after, c.professional) for c in changes] == [("Ann", "业余初段 · 职业初段", True)]
    assert ladder.entry("mcr", "Ann").pro_dan == 1 and ladder.entry("mcr", "Bo").pro_dan == 0
    assert ladder.board("mcr")[0][0] == "Ann"
    with pytest.raises(LadderError, match="each player once"):
        ladder.record_competition("mcr", ["Ann", "Ann"])
    with pytest.raises(LadderError, match="not falling"):
        ladder.record_competition("mcr", ["Ann", "Bo"], [2, 1])
    # A shared place within the top places counts: four players tied 3rd all earn one.
    tied = Ladder()
    tied.entries["mcr"] = {p: LadderEntry(700, GRADES[KYU]) for p in field}
    changes = tied.record_competition("mcr", field, [1, 2, 3, 3, 3, 3, *range(7, 17)])
    assert [c.player for c in changes] == field[:6]


def test_the_rated_bot_pool_is_seeded() -> None:
    rules = find_ruleset("mcr")
    first, second = Ladder(), Ladder()
    # (the quick bots: the search bot's default budget is a second a move)
    quick = ["random", "efficiency", "fan-aware", "defense"]
    play_bot_games(first, rules, 2, seed=4, hands=1, bots=quick)
    play_bot_games(second, rules, 2, seed=4, hands=1, bots=quick)
    assert first.to_dict() == second.to_dict()
    board = first.board("mcr")
    assert {name for name, _ in board} == {f"bot:{b}" for b in quick}
    assert all(entry.games == 2 and entry.mu is not None for _, entry in board)
    with pytest.raises(InvalidOptionError, match="four different bots"):
        play_bot_games(first, rules, 1, bots=["random", "random", "efficiency", "defense"])
    with pytest.raises(InvalidOptionError, match="unknown bot"):
        play_bot_games(first, rules, 1, bots=["nobody"])

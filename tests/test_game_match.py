"""The match of source 003: sixteen hands, seat changes after each round, dealers, round winds, 4/2/1/0;
and source 000's single seat change before the West round as an option.

Players A, B, C, D are 0-3 and start in the East, South, West and North seats (positions 0-3).
Source 003: after the first round East and South swap and West and North swap; after the second East and
South go across, West goes to South and North to East; after the third East and South swap and West and
North swap. The player in the East seat deals the first hand of each round; the deal passes in turn
order with no repeat dealer; the round wind runs East, South, West, North.
"""

from __future__ import annotations

import random

import pytest

from game_walls import Layout
from majiang.game import Action, Game, Match, Phase, standard_scores
from majiang.mcr import McrRules
from majiang.rules.mcr.seating import SeatChanges, seat_positions
from majiang.tiles import Tile

# Who sits where in each round, as positions[player] (0 East ... 3 North), worked out from source 003:
# round 1 A B C D; round 2 B A D C; round 3 C D B A; round 4 D C A B (East, South, West, North).
POSITIONS = (
    (0, 1, 2, 3),
    (1, 0, 3, 2),
    (3, 2, 0, 1),
    (2, 3, 1, 0),
)
# The dealing player of each hand: the East, South, West, North seats in turn in every round.
DEALERS = (0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1)
ROUND_WINDS = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)


def finish(game: Game, rng: random.Random) -> None:
    """Play random legal actions (taking a win when offered) to the end of the hand."""
    for _ in range(2000):
        if game.phase == Phase.OVER:
            return
        seat = rng.choice(game.to_act())
        actions = game.legal_actions(seat)
        wins = [a for a in actions if a == Action.parse("win")]
        game.apply(seat, wins[0] if wins else rng.choice(actions))
    raise AssertionError("the hand did not end")


def test_match_seats_dealers_and_winds() -> None:
    match, rng = Match(seed=11), random.Random(11)
    for number in range(1, 17):
        round_index = (number - 1) // 4
        game = match.game
        assert match.hand_number == number and match.round_wind == ROUND_WINDS[round_index]
        assert tuple(match.positions) == POSITIONS[round_index]
        assert game.dealer == (number - 1) % 4  # East seat first, then South, West, North
        assert match.player_at(game.dealer) == DEALERS[number - 1]
        assert game.round_wind == ROUND_WINDS[round_index] and game.seat_wind(game.dealer) == Tile.EAST
        # The table shows each seat its player's running total.
        assert game.totals == [match.totals[match.player_at(s)] for s in range(4)]
        finish(game, rng)
        record = match.next_hand()
        assert record.number == number and record.round_wind == ROUND_WINDS[round_index]
        assert record.positions == POSITIONS[round_index]
        assert record.dealer_player == DEALERS[number - 1]
        assert sum(record.deltas) == 0 and sum(match.totals) == 0
    assert match.over and len(match.history) == 16
    # Every player dealt four hands, one in each round.
    for player in range(4):
        assert [h.round_wind for h in match.history if h.dealer_player == player] == list(ROUND_WINDS)
    totals = [sum(h.deltas[p] for h in match.history) for p in range(4)]
    assert totals == match.totals
    assert match.standings() == standard_scores(totals)


# Who sits East, South, West, North in each of the 16 hands, and who deals, written out by hand from
# the sources' words. Source 003: "第一圈结束，东与南、西与北换座；第二圈结束，东、南到对门，西到南，北到东；
# 第三圈结束，东与南、西与北换座。" Source 000: "第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位，
# 由原本的南家先做庄".
SEATING = {
    SeatChanges.EACH_ROUND: ["ABCD"] * 4 + ["BADC"] * 4 + ["CDBA"] * 4 + ["DCAB"] * 4,
    SeatChanges.BEFORE_WEST_ROUND: ["ABCD"] * 8 + ["BADC"] * 8,
}
HAND_DEALERS = {
    SeatChanges.EACH_ROUND: "ABCD" "BADC" "CDBA" "DCAB",
    SeatChanges.BEFORE_WEST_ROUND: "ABCD" "ABCD" "BADC" "BADC",
}


@pytest.mark.parametrize("changes", list(SeatChanges))
def test_seating_in_each_of_sixteen_hands(changes: SeatChanges) -> None:
    match, rng = Match(McrRules(seat_changes=changes), seed=31), random.Random(31)
    seen = []
    while not match.over:
        seating = "".join("ABCD"[match.player_at(seat)] for seat in range(4))
        assert seating == SEATING[changes][match.hand_number - 1]
        assert seat_positions(match.hand_number, changes) == tuple(match.positions)
        game = match.game
        assert game.dealer == (match.hand_number - 1) % 4 and game.seat_wind(game.dealer) == Tile.EAST
        finish(match.game, rng)
        record = match.next_hand()
        seen.append("ABCD"[record.dealer_player])
        assert "".join("ABCD"[record.positions.index(seat)] for seat in range(4)) == seating
    assert "".join(seen) == HAND_DEALERS[changes]
    # Either way each player deals once in every round.
    for round_index in range(4):
        assert sorted(seen[4 * round_index:4 * round_index + 4]) == list("ABCD")


def test_seat_changes_default_is_seed_003() -> None:
    assert McrRules().seat_changes is SeatChanges.EACH_ROUND
    assert McrRules(seat_changes="before-west-round").seat_changes is SeatChanges.BEFORE_WEST_ROUND
    assert [seat_positions(h) for h in range(1, 17)] == [
        tuple(seating.index(player) for player in "ABCD") for seating in SEATING[SeatChanges.EACH_ROUND]]


@pytest.mark.parametrize(("options", "message"), [
    (["seat_changes=every-round"],
     "seat_changes must be one of each-round, before-west-round, not 'every-round'"),
    ({"seat_changes": 3}, "seat_changes must be one of .* not 3"),
])
def test_bad_seat_changes(options: list[str] | dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        McrRules().with_options(options)


@pytest.mark.parametrize(("rules", "hands", "message"), [
    (McrRules(), 0, "1 to 16 hands, not 0"),
    (McrRules(), 17, "1 to 16 hands, not 17"),
    (McrRules(), True, "1 to 16 hands, not True"),
    (McrRules(single_hand=True), 16, "single_hand=true: a match is one hand, not 16"),
    (McrRules(single_hand=True), 0, "single_hand=true: a match is one hand, not 0"),
])
def test_bad_match_lengths(rules: McrRules, hands: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Match(rules, seed=1, hands=hands)


@pytest.mark.parametrize(("rules", "hands", "length"), [
    (McrRules(), None, 16),
    (McrRules(), 4, 4),
    (McrRules(single_hand=True), None, 1),
    (McrRules(single_hand=True), 1, 1),
])
def test_a_match_takes_its_length_from_the_ruleset(rules: McrRules, hands: int | None, length: int) -> None:
    match, rng = Match(rules, seed=2, hands=hands), random.Random(2)
    assert match.length == length
    while not match.over:
        finish(match.game, rng)
        match.next_hand()
    assert len(match.history) == length


@pytest.mark.parametrize("hand", [0, 17, True])
def test_seat_positions_bad_hand(hand: int) -> None:
    with pytest.raises(ValueError, match="hands 1 to 16"):
        seat_positions(hand)


def test_seat_changes_follow_players_not_seats() -> None:
    # After round two, A (who sat South) is North, and C (who sat North) is East and deals.
    match, rng = Match(seed=4), random.Random(4)
    while match.hand_number <= 8:
        finish(match.game, rng)
        match.next_hand()
    assert match.player_at(0) == 2 and match.player_at(3) == 0
    assert match.player_at(match.game.dealer) == 2


def test_dealer_does_not_stay_after_winning() -> None:
    match = Match(seed=5)
    # The dealer is dealt 222m444p345s56s55m and 4s: 不求人 4 + 双暗刻 2 + 断幺 2 = 8, each pays 16.
    prepared = Layout(("222m 444p 345s 56s 55m", "", "", ""), "4s")
    match.game = prepared.game(McrRules(), round_wind=match.round_wind, totals=(0, 0, 0, 0))
    match.game.apply(0, Action.parse("win"))
    record = match.next_hand()
    assert record.result.winners == (0,) and record.deltas == (48, -16, -16, -16)
    assert match.totals == [48, -16, -16, -16]
    # The deal passes to South all the same (不设连庄).
    assert match.hand_number == 2 and match.game.dealer == 1 and match.player_at(1) == 1
    assert match.game.totals == [48, -16, -16, -16]


def test_next_hand_needs_a_finished_hand() -> None:
    match = Match(seed=6)
    with pytest.raises(ValueError, match="not over"):
        match.next_hand()
    assert match.hand_number == 1 and match.history == []


def test_short_match() -> None:
    match, rng = Match(seed=7, hands=4), random.Random(7)
    for _ in range(4):
        finish(match.game, rng)
        match.next_hand()
    assert match.over and [h.dealer_player for h in match.history] == [0, 1, 2, 3]


def test_same_seed_same_match() -> None:
    runs = []
    for _ in range(2):
        match, rng = Match(seed=21, hands=8), random.Random(3)
        while not match.over:
            finish(match.game, rng)
            match.next_hand()
        runs.append((match.history, match.totals))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(("totals", "expected"), [
    ((30, 10, -10, -30), (4.0, 2.0, 1.0, 0.0)),
    ((-30, -10, 10, 30), (0.0, 1.0, 2.0, 4.0)),
    # two tied for first share 4 + 2
    ((10, 10, -5, -15), (3.0, 3.0, 1.0, 0.0)),
    ((5, -5, -5, 5), (3.0, 0.5, 0.5, 3.0)),
    # three tied for second share 2 + 1 + 0
    ((20, 5, 5, 5), (4.0, 1.0, 1.0, 1.0)),
    # three tied for first share 4 + 2 + 1
    ((2, 2, -6, 2), (7 / 3, 7 / 3, 0.0, 7 / 3)),
    ((0, 0, 0, 0), (1.75, 1.75, 1.75, 1.75)),
    ((1, 0, 0, -1), (4.0, 1.5, 1.5, 0.0)),
])
def test_standard_scores(totals: tuple[int, int, int, int], expected: tuple[float, ...]) -> None:
    got = standard_scores(totals)
    assert got == pytest.approx(expected)
    assert sum(got) == pytest.approx(7.0)

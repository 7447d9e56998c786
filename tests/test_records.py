"""Game records: writing (reproducible, atomic), reading (clear errors) and checking (any tampering fails)."""

from __future__ import annotations

import json
import os
import random
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from majiang.bots import RandomBot, play_out
from majiang.game import Action, ActionKind, Game, Match, View
from majiang.game.events import Event
from majiang.game.ruleset import find_ruleset
from majiang.mcr import McrRules
from majiang.records import (
    RECORD_VERSION,
    RecordedMatch,
    RecordError,
    check_record,
    iter_record_lines,
    parse_record,
    play_match,
    read_record,
    replay,
    replay_record,
    write_lines_atomically,
    write_record,
)
from majiang.records.format import dump_line, rules_from_options
from majiang.tiles import WINDS


class _Unserialisable(Event):
    """An event whose record form holds something JSON cannot write."""

    def __init__(self, real: Event) -> None:
        object.__setattr__(self, "real", real)

    def as_dict(self) -> dict[str, Any]:
        real: Event = object.__getattribute__(self, "real")
        return {**real.as_dict(), "unserialisable": object()}

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
PENALTY_RULES = McrRules(false_win="penalty")


class LivelyBot:
    """Wins whenever it may, now and then declares a win it may not (错和), otherwise plays at random."""

    name = "lively"

    def __init__(self, seed: int, false_rate: float = 0.01) -> None:
        self.rng = random.Random(seed)
        self.false_rate = false_rate

    def act(self, view: View) -> Action:
        win = Action(ActionKind.WIN)
        if win in view.legal:
            return win
        if self.rng.random() < self.false_rate:
            return win
        return self.rng.choice(view.legal)


def random_bots(seed: int) -> list[RandomBot]:
    return [RandomBot(seed=seed * 4 + p) for p in range(4)]


def lively_bots(seed: int) -> list[LivelyBot]:
    return [LivelyBot(seed * 4 + p) for p in range(4)]


def dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def lively_match(hands: int = 8) -> tuple[RecordedMatch, list[str]]:
    """A match with a win on a discard, a false win, and totals that the seat change after the first
    round reorders (so that wrong seating shows in the opening scores). ``hands`` is at least 5."""
    assert hands >= 5
    for seed in range(500):
        match, lines = play_match(lively_bots(seed), seed=seed, rules=PENALTY_RULES, hands=hands,
                                  players=PLAYERS)
        history = match.history
        discard_win = any(h.result.winners and not h.result.self_drawn for h in history)
        false_win = any('"e":"false-win"' in line for line in lines)
        after_round = [sum(h.deltas[p] for h in history[:4]) for p in range(4)]
        reordered = [after_round[history[4].positions.index(s)] for s in range(4)] != after_round
        if discard_win and false_win and reordered:
            return match, lines
    raise AssertionError("no seed in range(500) gives a lively match")


@pytest.fixture(scope="module")
def lively() -> tuple[RecordedMatch, list[str]]:
    return lively_match()


@pytest.fixture(scope="module")
def lively_lines(lively: tuple[RecordedMatch, list[str]]) -> list[str]:
    return lively[1]


def verdict(lines: list[str]) -> RecordError | None:
    """The first failure of a record held in memory, or None."""
    try:
        for _ in replay_record(parse_record(lines)):
            pass
    except RecordError as err:
        return err
    return None


def fails_at(lines: list[str], line: int, fragment: str = "") -> RecordError:
    err = verdict(lines)
    assert err is not None, "the tampered record passed the check"
    assert err.line == line, str(err)
    assert fragment in err.reason, str(err)
    return err


def index_of(lines: list[str], test: Callable[[dict[str, Any]], bool], start: int = 1) -> int:
    """The 0-based index of the first line from ``start`` whose object passes ``test``."""
    for i in range(start, len(lines)):
        if test(json.loads(lines[i])):
            return i
    raise AssertionError("no such line")


def edited(lines: list[str], i: int, change: Callable[[dict[str, Any]], None]) -> list[str]:
    obj = json.loads(lines[i])
    change(obj)
    out = list(lines)
    out[i] = dump(obj)
    assert out[i] != lines[i]
    return out


def kind(e: str, hand: int | None = None) -> Callable[[dict[str, Any]], bool]:
    return lambda o: o.get("e") == e and (hand is None or o.get("hand") == hand)


# -- writing ---------------------------------------------------------------------------------------


def test_random_match_is_written_and_checks(tmp_path: Path) -> None:
    match, lines = play_match(random_bots(7), seed=7, players=PLAYERS)
    path = tmp_path / "match.jsonl"
    write_record(path, match, PLAYERS)
    assert path.read_text(encoding="utf-8") == "\n".join(lines) + "\n"
    report = check_record(path)
    actions = sum(1 for line in lines if '"e":"act"' in line)
    assert report.ok, str(report)
    assert (report.hands, report.actions) == (16, actions)
    assert str(report) == f"ok: 16 hands, {actions} actions"
    header = json.loads(lines[0])
    assert header == {"format": "majiang-record", "version": 3, "rules": "mcr", "seed": 7, "players": PLAYERS,
                      "match": True, "hands": 16, "options": {
                          "several_winners": False, "false_win": "error", "false_win_penalty": 30,
                          "false_win_award": 10, "kong_flower_counts": False, "profile": "mil",
                          "base_points": 8, "house_fans": False, "flowers": True, "walls": "shared",
                          "single_hand": False, "seat_changes": "each-round"}}
    final = json.loads(lines[-1])
    assert final == {"e": "final", "hands": 16, "totals": match.totals, "standings": list(match.standings())}


def test_same_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    first, lines = play_match(lively_bots(3), seed=3, rules=PENALTY_RULES, hands=4, players=PLAYERS)
    second, again = play_match(lively_bots(3), seed=3, rules=PENALTY_RULES, hands=4, players=PLAYERS)
    write_record(tmp_path / "a.jsonl", first, PLAYERS)
    write_record(tmp_path / "b.jsonl", second, PLAYERS)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert lines == again
    _, other = play_match(lively_bots(3), seed=4, rules=PENALTY_RULES, hands=4, players=PLAYERS)
    assert other != lines


def test_every_line_is_canonical_json(lively_lines: list[str]) -> None:
    for line in lively_lines:
        assert dump(json.loads(line)) == line


def test_replay_matches_the_match(lively: tuple[RecordedMatch, list[str]], tmp_path: Path) -> None:
    match, lines = lively
    path = tmp_path / "lively.jsonl"
    write_lines_atomically(path, lines)
    hands = list(replay(path))
    assert [h.number for h in hands] == list(range(1, 9))
    running = [0, 0, 0, 0]
    for hand, booked in zip(hands, match.history, strict=True):
        running = [running[p] + booked.deltas[p] for p in range(4)]
        assert hand.deltas == booked.deltas
        assert list(hand.totals) == running
        assert hand.positions == booked.positions
        assert hand.dealer == booked.dealer_player
        assert hand.round_wind == booked.round_wind
        assert hand.winners == tuple(booked.positions.index(s) for s in booked.result.winners)
        assert hand.seat_wind(hand.dealer) == WINDS[0]
        assert sorted(len(tiles) for tiles in hand.start_tiles) == [13, 13, 13, 14]
        assert len(hand.start_tiles[hand.dealer]) == 14
    assert list(hands[-1].totals) == match.totals


def test_unseeded_match_and_single_hands_check(tmp_path: Path) -> None:
    _, lines = play_match(random_bots(1), seed=None, hands=2, players=PLAYERS)
    assert json.loads(lines[0])["seed"] is None
    write_lines_atomically(tmp_path / "m.jsonl", lines)
    assert check_record(tmp_path / "m.jsonl").ok
    games = []
    for seed in range(3):
        game = Game(PENALTY_RULES, seed=seed, dealer=seed, round_wind=WINDS[seed], totals=(5, 0, 0, -5))
        play_out(game, lively_bots(seed))
        games.append(game)
    path = tmp_path / "g.jsonl"
    write_record(path, games, PLAYERS)
    report = check_record(path)
    assert report.ok and report.hands == 3, str(report)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert (header["match"], header["hands"], header["seed"]) == (False, 3, None)
    summaries = [json.loads(line) for line in lines if '"e":"summary"' in line]
    for game, summary in zip(games, summaries, strict=True):
        assert summary["deltas"] == [game.totals[s] - game.event_dicts()[0]["scores"][s] for s in range(4)]
        assert (summary["dealer"], summary["round"]) == (game.dealer, game.round_wind.notation())
    i = index_of(lines, kind("summary", 2))
    fails_at(edited(lines, i, lambda o: o["totals"].__setitem__(0, o["totals"][0] + 1)), i + 1, "totals[0]")
    fails_at(edited(lines, 0, lambda o: o.update(hands=4)), len(lines), "announces 4 hands")


def test_the_seat_changes_are_recorded_and_read_back(tmp_path: Path) -> None:
    # Source 000's single change before the West round: hand 9 has South's first player dealing.
    rules = McrRules(seat_changes="before-west-round")
    match, lines = play_match(random_bots(9), seed=9, rules=rules, hands=9, players=PLAYERS)
    header = json.loads(lines[0])
    assert header["options"]["seat_changes"] == "before-west-round"
    assert [h.positions for h in match.history] == [(0, 1, 2, 3)] * 8 + [(1, 0, 3, 2)]
    assert verdict(lines) is None
    hands = list(replay_record(parse_record(lines)))
    assert [h.positions for h in hands] == [h.positions for h in match.history]
    assert hands[8].dealer == 1  # B, who sat South, deals the West round's first hand
    # Read with the other seat changes, the record no longer replays: hand 9 was seated otherwise.
    other = edited(lines, 0, lambda o: o["options"].update(seat_changes="each-round"))
    err = verdict(other)
    assert err is not None and err.line > index_of(lines, kind("start", 5)), err


def test_a_record_written_before_seat_changes_was_an_option_still_checks() -> None:
    _, lines = play_match(random_bots(3), seed=3, hands=5, players=PLAYERS)
    older = edited(lines, 0, lambda o: o["options"].pop("seat_changes"))
    assert verdict(older) is None
    bad = edited(lines, 0, lambda o: o["options"].update(seat_changes="never"))
    fails_at(bad, 1, "seat_changes must be one of each-round, before-west-round, not 'never'")


def test_an_option_added_with_a_default_that_changed_play_reads_as_the_older_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset names in ``older_values`` what a record lacking one of its ``later_options`` was played by
    (on the toy: records written before ``winners_stay`` existed had winners stay)."""
    import toy_ruleset

    rules = find_ruleset("toy", {"winners_stay": True})
    _, lines = play_match(random_bots(2), seed=2, rules=rules, hands=2, players=PLAYERS)
    older = edited(lines, 0, lambda o: o["options"].pop("winners_stay"))
    with pytest.raises(RecordError, match="missing option 'winners_stay'"):
        parse_record(older)
    monkeypatch.setattr(toy_ruleset.ToyRules, "later_options", frozenset({"winners_stay"}))
    assert rules_from_options("toy", {}) == find_ruleset("toy")  # absent: the default
    monkeypatch.setattr(toy_ruleset.ToyRules, "older_values", {"winners_stay": True})
    assert rules_from_options("toy", {}) == rules  # absent: the older value
    assert rules_from_options("toy", {"winners_stay": False}) == find_ruleset("toy")  # given: as given
    assert verdict(older) is None


def test_a_single_hand_match_announces_one_hand() -> None:
    rules = McrRules(single_hand=True)
    match, lines = play_match(random_bots(4), seed=4, rules=rules, players=PLAYERS)
    assert match.length == len(match.history) == 1
    assert json.loads(lines[0])["hands"] == 1 and json.loads(lines[-1])["hands"] == 1
    assert verdict(lines) is None
    # Records written before the match took its length from the ruleset announced 16: they still check.
    assert verdict(edited(lines, 0, lambda o: o.update(hands=16))) is None
    with pytest.raises(ValueError, match="single_hand=true: a match is one hand, not 16"):
        play_match(random_bots(4), seed=4, rules=rules, hands=16, players=PLAYERS)


def test_play_match_bots_see_their_own_views() -> None:
    seen: list[tuple[int, View]] = []

    class Spy:
        name = "spy"

        def __init__(self, player: int) -> None:
            self.player = player
            self.inner = RandomBot(seed=player)

        def act(self, view: View) -> Action:
            seen.append((self.player, view))
            return self.inner.act(view)

    match, _ = play_match([Spy(p) for p in range(4)], seed=5, hands=8)
    assert seen and all(type(view) is View for _, view in seen)
    for player, view in seen:
        hand = match.history[WINDS.index(view.round_wind) * 4 + view.dealer]
        assert view.seat == hand.positions[player]
        assert view.legal


def test_write_record_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with pytest.raises(TypeError, match="RecordedMatch"):
        write_record(path, Match(seed=1), PLAYERS)
    with pytest.raises(ValueError, match="not over"):
        write_record(path, [Game(seed=1)], PLAYERS)
    with pytest.raises(ValueError, match="at least one hand"):
        write_record(path, [], PLAYERS)
    match, _ = play_match(random_bots(2), seed=2, hands=1)
    with pytest.raises(ValueError, match="four players"):
        write_record(path, match, PLAYERS[:3])
    with pytest.raises(ValueError, match="must differ"):
        write_record(path, match, ["Ann", "Ann", "Cy", "Di"])
    assert not path.exists()
    assert os.listdir(tmp_path) == []


def test_atomic_write_keeps_the_old_file_when_serialisation_fails(tmp_path: Path) -> None:
    match, _ = play_match(random_bots(9), seed=9, hands=2, players=PLAYERS)
    path = tmp_path / "r.jsonl"
    write_record(path, match, PLAYERS)
    os.chmod(path, 0o640)
    old = path.read_bytes()
    real = match.games[-1].events[-1]
    match.games[-1].events[-1] = _Unserialisable(real)  # the last line of hand 2 cannot be written
    written = 0

    def counted(lines: Iterator[str]) -> Iterator[str]:
        nonlocal written
        for line in lines:
            written += 1
            yield line

    with pytest.raises(TypeError, match="not JSON serializable"):
        write_lines_atomically(path, counted(iter_record_lines(match, PLAYERS)))
    assert written > 100  # the whole first hand went to the temporary file before the failure
    assert path.read_bytes() == old
    assert os.listdir(tmp_path) == ["r.jsonl"]
    with pytest.raises(TypeError):
        write_record(tmp_path / "new.jsonl", match, PLAYERS)
    assert os.listdir(tmp_path) == ["r.jsonl"]
    match.games[-1].events[-1] = real
    write_record(path, match, PLAYERS)
    assert path.read_bytes() == old
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


# -- tampering -------------------------------------------------------------------------------------


def test_lively_record_checks(lively_lines: list[str], tmp_path: Path) -> None:
    path = tmp_path / "lively.jsonl"
    write_lines_atomically(path, lively_lines)
    assert check_record(path).ok


def test_ring_tile_changed(lively_lines: list[str]) -> None:
    i = index_of(lively_lines, kind("start", 2))

    def change(o: dict[str, Any]) -> None:
        o["ring"][10] = (o["ring"][10] + 1) % 42

    fails_at(edited(lively_lines, i, change), i + 1, "not a permutation")


def test_ring_tiles_swapped(lively_lines: list[str]) -> None:
    i = index_of(lively_lines, kind("start", 3))
    ring = json.loads(lively_lines[i])["ring"]
    j = next(k for k in range(1, len(ring)) if ring[k] != ring[0])

    def swap(o: dict[str, Any]) -> None:
        o["ring"][0], o["ring"][j] = o["ring"][j], o["ring"][0]

    fails_at(edited(lively_lines, i, swap), i + 1, "ring[0]")


@pytest.mark.parametrize("roll", [0, 1])
def test_dice_changed(lively_lines: list[str], roll: int) -> None:
    i = index_of(lively_lines, kind("start", 1))

    def change(o: dict[str, Any]) -> None:
        o["dice"][roll] = o["dice"][roll] + 1 if o["dice"][roll] < 12 else 2

    fails_at(edited(lively_lines, i, change), i + 1, f"dice[{roll}]")


def test_action_changed_to_an_illegal_one(lively_lines: list[str]) -> None:
    i = index_of(lively_lines, lambda o: o.get("e") == "act" and o["a"].startswith("discard"))
    fails_at(edited(lively_lines, i, lambda o: o.update(a="pung")), i + 1, "illegal action 'pung'")


def test_action_changed_to_another_legal_discard(lively_lines: list[str]) -> None:
    hand = next(iter(replay_record(parse_record(lively_lines))))
    i = index_of(lively_lines, kind("act", 1))
    first = json.loads(lively_lines[i])
    assert first["seat"] == hand.positions[hand.dealer] and first["a"].startswith("discard ")
    held = {t.notation() for t in hand.start_tiles[hand.dealer]} - {first["a"].split()[1]}
    other = f"discard {sorted(held)[0]}"
    err = fails_at(edited(lively_lines, i, lambda o: o.update(a=other)), i + 2, "tile")
    assert f"after the action {other!r} on line {i + 1}" in err.reason


@pytest.mark.parametrize(("e", "key"), [("end", "deltas"), ("summary", "deltas"), ("end", "fans"),
                                        ("summary", "fans"), ("summary", "totals"), ("summary", "winners")])
def test_result_changed(lively_lines: list[str], e: str, key: str) -> None:
    i = index_of(lively_lines, lambda o: o.get("e") == e and bool(o["winners"]))

    def change(o: dict[str, Any]) -> None:
        o[key][0] += 1

    fails_at(edited(lively_lines, i, change), i + 1, f"{key}[0]")


@pytest.mark.parametrize("key", ["totals", "standings", "hands"])
def test_final_line_changed(lively_lines: list[str], key: str) -> None:
    last = len(lively_lines) - 1

    def change(o: dict[str, Any]) -> None:
        if key == "hands":
            o[key] += 1
        else:
            o[key][1], o[key][2] = o[key][2] + 1, o[key][1]

    fails_at(edited(lively_lines, last, change), last + 1, key)


def test_false_win_penalty_changed(lively_lines: list[str]) -> None:
    i = index_of(lively_lines, kind("false-win"))

    def change(o: dict[str, Any]) -> None:
        o["deltas"] = [d * 2 for d in o["deltas"]]

    fails_at(edited(lively_lines, i, change), i + 1, "deltas[0]")


def test_seat_change_is_checked(lively_lines: list[str]) -> None:
    i = index_of(lively_lines, kind("summary", 5))
    before = json.loads(lively_lines[index_of(lively_lines, kind("summary", 4))])["positions"]
    fails_at(edited(lively_lines, i, lambda o: o.update(positions=before)), i + 1, "positions[0]")
    j = index_of(lively_lines, kind("start", 5))
    totals = json.loads(lively_lines[j - 1])["totals"]  # by player: as if no one had changed seats
    fails_at(edited(lively_lines, j, lambda o: o.update(scores=totals)), j + 1, "scores")
    fails_at(edited(lively_lines, j, lambda o: o.update(dealer=1)), j + 1, "dealer")


def test_header_changed(lively_lines: list[str]) -> None:
    fails_at(edited(lively_lines, 0, lambda o: o.update(seed=o["seed"] + 1)), 2,
             "not the deal of the match seed")
    first_false = index_of(lively_lines, kind("false-win"))
    act = first_false - 1  # the engine logs the declared win, then its penalty
    assert json.loads(lively_lines[act])["e"] == "act"
    fails_at(edited(lively_lines, 0, lambda o: o["options"].update(false_win="error")), act + 1,
             "illegal action 'win'")


def test_line_dropped(lively_lines: list[str]) -> None:
    i = index_of(lively_lines, kind("discard", 2))
    fails_at(lively_lines[:i] + lively_lines[i + 1:], i + 1, "discard event")
    act = i - 1
    assert json.loads(lively_lines[act])["e"] == "act"
    fails_at(lively_lines[:act] + lively_lines[act + 1:], act + 1, "missing act line")
    summary = index_of(lively_lines, kind("summary", 1))
    fails_at(lively_lines[:summary] + lively_lines[summary + 1:], summary + 1,
             "before hand 1 has its summary")


def test_line_duplicated(lively_lines: list[str]) -> None:
    for i in (index_of(lively_lines, kind("draw", 2)), index_of(lively_lines, kind("act", 3))):
        fails_at(lively_lines[:i + 1] + lively_lines[i:], i + 2)
    last = len(lively_lines) - 1
    fails_at([*lively_lines, lively_lines[last]], last + 2, "after the final line")


def test_lines_reordered(lively_lines: list[str]) -> None:
    i = index_of(lively_lines, kind("discard", 2)) - 1  # the act line, then its discard event
    swapped = list(lively_lines)
    swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
    fails_at(swapped, i + 1, "missing act line")
    # A draw of hand 2 moved to the end of hand 1.
    summary = index_of(lively_lines, kind("summary", 1))
    draw = index_of(lively_lines, kind("draw", 2))
    moved = lively_lines[:summary] + [lively_lines[draw]] + [line for k, line in enumerate(lively_lines)
                                                              if k >= summary and k != draw]
    fails_at(moved, summary + 1, "a draw line of hand 2 inside hand 1")


def test_truncated(lively_lines: list[str], tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    text = "\n".join(lively_lines) + "\n"
    middle = len(lively_lines) // 2
    cut = len("\n".join(lively_lines[:middle])) + 1 + len(lively_lines[middle]) // 2
    path.write_text(text[:cut], encoding="utf-8")
    report = check_record(path)
    assert not report.ok
    assert report.line == middle + 1
    assert report.reason is not None and "invalid JSON" in report.reason
    path.write_text("\n".join(lively_lines[:-1]) + "\n", encoding="utf-8")
    report = check_record(path)
    assert (report.ok, report.line) == (False, len(lively_lines))
    assert str(report).startswith(f"line {len(lively_lines)}: the record ends after hand 8 without its final")
    assert report.hands == 8  # every hand before the missing final line was checked
    summary = index_of(lively_lines, kind("summary", 8))
    fails_at(lively_lines[:summary], summary + 1, "inside hand 8")


def _leaves(value: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            yield from _leaves(item, (*path, k))
    else:
        yield path


def _perturb(value: object) -> object:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    return 0  # null


def test_any_single_change_fails_at_or_after_its_line(lively_lines: list[str]) -> None:
    rng = random.Random(2024)
    for i in rng.sample(range(1, len(lively_lines)), 15):
        line = i + 1
        obj = json.loads(lively_lines[i])
        path = rng.choice(list(_leaves(obj)))
        target: Any = obj
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = _perturb(target[path[-1]])
        tampered = list(lively_lines)
        tampered[i] = dump(obj)
        err = verdict(tampered)
        assert err is not None, (line, path)
        if obj.get("e") in ("act", "false-win"):
            assert line <= err.line <= line + 4, (line, path, str(err))
        else:
            assert err.line == line, (line, path, str(err))
        for changed, first in ((lively_lines[:i] + lively_lines[i + 1:], line),
                               (lively_lines[:i + 1] + lively_lines[i:], line + 1)):
            err = verdict(changed)
            assert err is not None, line
            assert first <= err.line <= first + 4, (line, str(err))


# -- malformed files -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def short_lines() -> list[str]:
    return play_match(random_bots(4), seed=4, hands=1, players=PLAYERS)[1]


def _header_with(lines: list[str], **changes: Any) -> list[str]:
    header = json.loads(lines[0])
    for key, value in changes.items():
        if value is None:
            del header[key]
        else:
            header[key] = value
    return [dump(header), *lines[1:]]


def _options_with(lines: list[str], **changes: Any) -> list[str]:
    header = json.loads(lines[0])
    header["options"].update(changes)
    return [dump(header), *lines[1:]]


MALFORMED: list[tuple[str, Callable[[list[str]], list[str] | bytes], int | str, str]] = [
    ("empty file", lambda lines: b"", 1, "empty"),
    ("not JSON", lambda lines: ["{not json", *lines[1:]], 1, "invalid JSON at column 2"),
    ("not an object", lambda lines: [lines[0], "[1, 2]", *lines[2:]], 2, "expected a JSON object"),
    ("other format", lambda lines: _header_with(lines, format="pgn"), 1, "not a majiang record"),
    ("newer version", lambda lines: _header_with(lines, version=5), 1, "unsupported record version 5"),
    ("version true", lambda lines: _header_with(lines, version=True), 1, "unsupported record version true"),
    ("no players", lambda lines: _header_with(lines, players=None), 1, "lacks 'players'"),
    ("unknown header key", lambda lines: _header_with(lines, comment="hi"), 1,
     "unknown header key 'comment'"),
    ("three players", lambda lines: _header_with(lines, players=["a", "b", "c"]), 1, "four players"),
    ("unknown ruleset", lambda lines: _header_with(lines, rules="no-such-rules"), 1,
     "unknown ruleset 'no-such-rules'"),
    ("unknown option", lambda lines: _options_with(lines, dora=3), 1, "unknown option 'dora'"),
    ("option type", lambda lines: _options_with(lines, several_winners=1), 1, "must be bool"),
    ("option value", lambda lines: _options_with(lines, false_win="maybe"), 1, "bad options"),
    ("too many hands", lambda lines: _header_with(lines, hands=17), 1, "'hands' must be"),
    ("blank line", lambda lines: [*lines[:3], "", *lines[3:]], 4, "empty line"),
    ("not UTF-8", lambda lines: "\n".join(lines[:2]).encode() + b"\n\xff\xfe\n", 3, "not UTF-8"),
    ("duplicate key", lambda lines: [lines[0], lines[1][:-1] + ',"e":"start"}', *lines[2:]], 2,
     "duplicate key 'e'"),
    ("summary lacks totals", lambda lines: [*lines[:-2], lines[-2].replace('"totals"', '"sums"'), lines[-1]],
     "summary", "needs 'totals'"),
    ("act lacks its action", lambda lines: [lines[0], *[line.replace('"a":', '"action":', 1) for line in
                                                        lines[1:]]], "act", "needs 'a'"),
    ("no start", lambda lines: [lines[0], *lines[2:]], 2, "expected the start of hand 1, found a deal line"),
    ("untagged line", lambda lines: [lines[0], lines[1], lines[2].replace('"hand":1', '"hand":"1"'),
                                     *lines[3:]], 3, "needs an integer 'hand'"),
    ("final line tagged", lambda lines: [*lines[:-1], lines[-1][:-1] + ',"hand":1}'], "final", "not tagged"),
]


@pytest.mark.parametrize(("name", "change", "line", "fragment"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_records_are_refused_clearly(short_lines: list[str], tmp_path: Path, name: str,
                                               change: Callable[[list[str]], list[str] | bytes],
                                               line: int | str, fragment: str) -> None:
    content = change(short_lines)
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content if isinstance(content, bytes) else ("\n".join(content) + "\n").encode())
    if isinstance(line, str):  # the first line of that kind
        number = next(k for k, text in enumerate(path.read_text().splitlines(), 1)
                      if f'"e":"{line}"' in text or (line == "act" and '"action":' in text))
    else:
        number = line
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert caught.value.line == number, str(caught.value)
    assert fragment in caught.value.reason, str(caught.value)
    assert str(caught.value) == f"line {number}: {caught.value.reason}"
    report = check_record(path)
    assert (report.ok, report.line, report.reason) == (False, number, caught.value.reason)


def test_missing_file_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        check_record(tmp_path / "nowhere.jsonl")


# -- version 1 files --------------------------------------------------------------------------------

V1_RECORD = Path(__file__).parent / "data" / "record_v1.jsonl"
"""Written before the round wind's key was renamed (tests/data/README.md)."""


def test_a_version_1_record_is_read_checked_and_replayed() -> None:
    first = json.loads(V1_RECORD.read_text(encoding="utf-8").splitlines()[1])
    assert first["e"] == "start" and "prevalent" in first and "round_wind" not in first  # truly version 1
    record = read_record(V1_RECORD)
    assert record.header.version == 1
    assert all(hand.start.data["round_wind"] == "E" and "prevalent" not in hand.start.data
               for hand in record.hands)
    report = check_record(V1_RECORD)
    assert report.ok and report.hands == 2, report
    replays = list(replay(V1_RECORD))
    assert [r.result.winners for r in replays] == [(0,), (2,)]


def test_a_version_1_record_is_checked_too(tmp_path: Path) -> None:
    lines = V1_RECORD.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[1])
    start["prevalent"] = "S"  # the wrong round wind for the first hand of a match
    path = tmp_path / "v1.jsonl"
    path.write_text("\n".join([lines[0], dump_line(start), *lines[2:]]) + "\n", encoding="utf-8")
    report = check_record(path)
    assert not report.ok and report.line == 2 and "round_wind" in (report.reason or ""), report


def test_a_version_1_start_line_with_the_new_key_is_an_error() -> None:
    lines = V1_RECORD.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[1])
    start["round_wind"] = start.pop("prevalent")
    with pytest.raises(RecordError, match="line 2: a version 1 start line has 'prevalent', not 'round_wind'"):
        parse_record([lines[0], dump_line(start), *lines[2:]])


def test_version_3_is_written_and_its_start_line_has_round_wind() -> None:
    _, lines = play_match([RandomBot(seed=p) for p in range(4)], seed=5, hands=1)
    header, start = json.loads(lines[0]), json.loads(lines[1])
    assert header["version"] == RECORD_VERSION == 3
    assert start["round_wind"] == "E" and "prevalent" not in start
    assert parse_record(lines).header.version == 3

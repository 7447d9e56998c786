"""Effective tiles and waits are live tiles: no output lists a kind the player holds all four of.

Every entry point that lists effective tiles, waits or their counts is checked on hands whose four
copies of a kind sit in the player's own standing tiles and melds (tables), and on generated hands
(hypothesis). A kind whose last copies are in sight elsewhere stays listed, with ``live == 0``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from game_walls import Layout
from majiang import Hand, Meld, Tile
from majiang.analysis import efficiency
from majiang.analysis.efficiency import live_effective
from majiang.analysis.odds import hand_improve_probability, improve_probability
from majiang.analysis.shanten import FORMS, effective_counts, effective_tiles, shanten, shanten_forms
from majiang.bots.efficiency import best_discard
from majiang.cli import app
from majiang.game import Action, Phase
from majiang.mcr import call_advice, discard_advice, ready_waits
from majiang.notation import parse_tiles
from majiang.seats import RelativeSeat
from strategies import hands

runner = CliRunner()

MELDED = "[234m,2][444m,2]15m15p6sFP"  # the issue's example: 4m is one in the chow, three in the pung


def names(tiles: Iterable[Tile]) -> list[str]:
    return [t.notation() for t in tiles]


def held_four(hand: Hand) -> set[Tile]:
    counts = hand.counts(include_melds=True)
    return {t for t in Tile if counts[t] == 4}


# --- tables ---------------------------------------------------------------------------------------------

# hand (waiting to draw), form (None: the minimum), the effective tiles, and the kind held four times.
EFFECTIVE_CASES = [
    (MELDED, None, None, "4m"),
    (MELDED, "regular", None, "4m"),
    ("[1111m]23m456p789s11s", None, ["4m"], "1m"),  # 23m waits on 1m and 4m; the kong holds every 1m
    ("[1111m]23m456p789s11s", "regular", ["4m"], "1m"),
    ("[EEE,1]123m456p789sE", None, [], "E"),  # formally ready on a fifth East: nothing to draw
    ("1111m234p567s789s", None, [], "1m"),  # the same with four standing
    ("[4444m]17m258p369sEE", None, [], "4m"),  # 组合龙 missing the 4m its kong holds
    ("[4444m]17m258p369sEE", "knitted_straight", [], "4m"),
    ("[4444m]17m258p369sEW", "knitted_straight", ["E", "W"], "4m"),
]


@pytest.mark.parametrize(("hand", "form", "expected", "dead"), EFFECTIVE_CASES)
def test_effective_tiles_leave_out_kinds_held_four_times(hand: str, form: str | None,
                                                         expected: list[str] | None, dead: str) -> None:
    listed = names(effective_tiles(hand, form))
    assert dead not in listed
    if expected is not None:
        assert listed == expected
    assert names(e.tile for e in live_effective(hand, form=form)) == listed
    counts_only = names(Tile(t) for t in effective_counts(*_counts(hand), form,
                                                          held=Hand.parse(hand).counts(include_melds=True)))
    assert counts_only == listed


def _counts(hand: str) -> tuple[list[int], int]:
    h = Hand.parse(hand)
    return h.counts(), len(h.melds)


def test_the_issue_example_keeps_every_other_effective_tile() -> None:
    listed = names(effective_tiles(MELDED))
    # Without the melds' copies the shape's 4m comes back: only that kind was dropped.
    formal = names(Tile(t) for t in effective_counts(*_counts(MELDED)))
    assert [t for t in formal if t != "4m"] == listed
    assert "4m" in formal and "3m" in listed and "5m" in listed


def test_a_kind_exhausted_by_visible_tiles_stays_listed_with_no_live_copy() -> None:
    # 23m waits on 1m and 4m: with the other 4m in sight 4m is exhausted, not dropped.
    hand = "23m456p789s11sEEE"
    live = {e.tile.notation(): e.live for e in live_effective(hand, parse_tiles("4m4m4m4m"))}
    assert live == {"1m": 4, "4m": 0}
    waits = {w.tile.notation(): (w.live, w.exhausted) for w in ready_waits(hand, parse_tiles("4m4m4m4m"))}
    assert waits == {"1m": (4, False), "4m": (0, True)}


@pytest.mark.parametrize(("hand", "waits"), [
    ("[1111m]23m456p789s11s", ["4m"]),
    ("[EEE,1]123m456p789sE", []),
    ("[4444m]17m258p369sEE", []),
])
def test_ready_waits_leave_out_kinds_held_four_times(hand: str, waits: list[str]) -> None:
    assert shanten(hand) == 0  # formally ready all the same
    assert names(w.tile for w in ready_waits(hand)) == waits
    assert names(w.tile for w in efficiency.live_waits(hand)) == waits


@pytest.mark.parametrize(("hand", "dead"), [
    (MELDED + "E", "4m"),
    ("[1111m]23m456p789s11sE", "1m"),
    ("[4444m]17m258p369sEEW", "4m"),
])
@pytest.mark.parametrize("fan_check", [True, False])
def test_discard_advice_lists_no_kind_held_four_times(hand: str, dead: str, fan_check: bool) -> None:
    options = discard_advice(hand, fan_check=fan_check)
    assert len(options) == len(set(Hand.parse(hand).standing))
    for option in options:
        assert dead not in names(e.tile for e in option.effective), option.discard
        assert dead not in names(w.tile for w in option.waits), option.discard
    for form in FORMS:
        for option in efficiency.discard_efficiency(hand, form=form):
            assert dead not in names(e.tile for e in option.effective), (form, option.discard)


def test_discard_advice_after_a_kong_waits_on_the_live_kind_only() -> None:
    best = discard_advice("[1111m]23m456p789s11sE")[0]
    assert best.discard == Tile.EAST and best.shanten == 0
    assert [(e.tile.notation(), e.live) for e in best.effective] == [("4m", 4)]
    assert names(w.tile for w in best.waits) == ["4m"]
    assert best.legal_live == 4


def test_call_advice_after_a_pung_drops_the_kind_it_completes() -> None:
    # Pung the 4m: the chow's 4m and the pung's three hold all four; passing, 4m is only out of sight.
    options = {o.kind.value: o
               for o in call_advice("[234m,2]4456m15p6sFPC", "4m", from_seat=RelativeSeat.ACROSS)}
    assert set(options) == {"pass", "pung"}
    assert "4m" not in names(e.tile for e in options["pung"].effective)
    assert "7m" in names(e.tile for e in options["pung"].effective)
    assert ("4m", 0) in [(e.tile.notation(), e.live) for e in options["pass"].effective]


def test_call_advice_after_a_kong_drops_the_konged_kind() -> None:
    # 11m23m456p789s with 1m claimed: the kong leaves 23m waiting on 4m only.
    options = {o.kind.value: o
               for o in efficiency.call_efficiency("111m23m456p789s11s", "1m", from_seat=RelativeSeat.ACROSS)}
    assert names(e.tile for e in options["kong"].effective) == ["4m"]
    assert options["kong"].shanten == 0


def test_odds_count_live_copies_of_live_kinds() -> None:
    hand = "[1111m]23m456p789s11s"
    # 4 live copies of 4m among the 136 - 14 tiles not in this hand.
    assert hand_improve_probability(hand) == pytest.approx(improve_probability(4, 136 - 14, 1))


def test_the_efficiency_bot_counts_no_copy_of_a_kind_held_four_times() -> None:
    hand = Hand.parse("[1111m]23m456p789s11sE")
    counts = hand.counts()
    seen = hand.counts(include_melds=True)
    tile, value, live = best_discard(counts, hand.melds, seen, [t for t in range(34) if counts[t]])
    assert (Tile(tile), value, live) == (Tile.EAST, 0, 4)


# --- the table --------------------------------------------------------------------------------------------

def test_the_table_waits_only_on_kinds_with_a_copy_left() -> None:
    # The dealer konges 1m, draws E from the tail and lets it go: 23m waits on 4m, never on 1m.
    game = Layout(("1111m23m456p789s1s", "", "", ""), "1s", tail="E").game()
    game.apply(0, Action.parse("concealed-kong 1m"))
    assert game.phase == Phase.TURN and game.current == 0
    game.apply(0, Action.parse("discard E"))
    assert game.waits[0] == frozenset({Tile.M4})


# --- the command line ---------------------------------------------------------------------------------------

def test_shanten_command_lists_live_effective_tiles() -> None:
    out = runner.invoke(app, ["shanten", "--json", MELDED])
    assert out.exit_code == 0
    assert "4m" not in json.loads(out.stdout)["effective"]
    assert json.loads(out.stdout)["effective"] == names(effective_tiles(MELDED))
    text = runner.invoke(app, ["shanten", MELDED], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "4m×" not in text.stdout and "3m×3" in text.stdout
    batch = runner.invoke(app, ["shanten", "--json", "-"], input=json.dumps({"hand": MELDED}) + "\n")
    assert batch.exit_code == 0 and "4m" not in json.loads(batch.stdout)["effective"]


def test_shanten_command_shows_no_wait_on_a_kind_held_four_times() -> None:
    text = runner.invoke(app, ["shanten", "[1111m]23m456p789s11s"], env={"COLUMNS": "200"})
    assert text.exit_code == 0
    assert "1 kinds, 4 live: 4m×4" in text.stdout
    assert "1m×" not in text.stdout and "│ 1m" not in text.stdout


def test_analyze_command_lists_live_effective_tiles() -> None:
    out = runner.invoke(app, ["analyze", "--json", MELDED + "E"])
    assert out.exit_code == 0
    rows = json.loads(out.stdout)
    assert rows and all("4m" not in [e["tile"] for e in row["effective"]] for row in rows)
    args = ["analyze", "--json", "[234m,2]4456m15p6sFPC", "--call", "4m", "--from", "across"]
    calls = runner.invoke(app, args)
    assert calls.exit_code == 0
    pung = next(row for row in json.loads(calls.stdout) if row["kind"] == "pung")
    assert "4m" not in [e["tile"] for e in pung["effective"]]
    text = runner.invoke(app, ["analyze", "[1111m]23m456p789s11sE"], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "1m×" not in text.stdout


# --- properties ------------------------------------------------------------------------------------------

SETTINGS = settings(max_examples=120, deadline=None)


@st.composite
def holding_four(draw: st.DrawFn, drawn: bool) -> Hand:
    """A hand holding all four copies of one kind: four standing, a kong, a pung and one standing, or a
    chow and three standing; the rest drawn at random (melds from what is left)."""
    kind = draw(st.sampled_from(list(Tile)))
    split = draw(st.sampled_from(["standing", "kong", "pung", "chow"] if kind.is_numbered and kind.rank <= 7
                                 else ["standing", "kong", "pung"]))
    melds: list[Meld] = []
    standing = [kind] * {"standing": 4, "kong": 0, "pung": 1, "chow": 3}[split]
    if split == "kong":
        melds.append(Meld.kong(kind, draw(st.sampled_from([None, *RelativeSeat]))))
    elif split == "pung":
        melds.append(Meld.pung(kind, draw(st.sampled_from(RelativeSeat))))
    elif split == "chow":
        melds.append(Meld.chow(kind, draw(st.integers(1, 3))))
    left = [4] * 34
    for t in standing + [t for m in melds for t in m.tiles]:
        left[t] -= 1
    more = draw(st.integers(0, 3 - len(melds)))
    for _ in range(more):
        pungs = [t for t in Tile if left[t] >= 3]
        if not pungs:
            break
        t = draw(st.sampled_from(pungs))
        melds.append(Meld.pung(t, RelativeSeat.LEFT))
        left[t] -= 3
    while len(standing) < 13 - 3 * len(melds) + (1 if drawn else 0):
        t = draw(st.sampled_from([t for t in Tile if left[t] > 0]))
        left[t] -= 1
        standing.append(t)
    order = draw(st.permutations(standing))
    last = order[-1] if drawn else None
    return Hand(tuple(melds), tuple(order[:-1] if drawn else order), last)


@st.composite
def situations(draw: st.DrawFn, drawn: bool) -> tuple[Hand, list[Tile]]:
    """A hand (half of them holding all four of a kind) and some tiles in sight elsewhere (never
    more than four of a kind in all)."""
    hand = draw(st.one_of(hands(with_winning_tile=drawn), holding_four(drawn)))
    left = [4 - n for n in hand.counts(include_melds=True)]
    pool = [Tile(t) for t in range(34) for _ in range(left[t])]
    visible = draw(st.lists(st.sampled_from(pool), max_size=12)) if pool else []
    seen = [0] * 34
    kept = []
    for t in visible:
        if seen[t] < left[t]:
            seen[t] += 1
            kept.append(t)
    return hand, kept


def _live_ok(listed: Iterable[tuple[Tile, int]], dead: set[Tile], seen: list[int]) -> None:
    for tile, live in listed:
        assert tile not in dead, tile
        assert live == 4 - seen[tile]


@SETTINGS
@given(situations(drawn=False))
def test_no_effective_tile_or_wait_is_held_four_times(situation: tuple[Hand, list[Tile]]) -> None:
    hand, visible = situation
    dead = held_four(hand)
    seen = efficiency.seen_counts(hand, visible)
    for form in (None, *FORMS):
        assert not dead & set(effective_tiles(hand, form)), form
        _live_ok(live_effective(hand, visible, form), dead, seen)
    if shanten_forms(hand).value == 0:
        _live_ok(((w.tile, w.live) for w in efficiency.live_waits(hand, visible)), dead, seen)
    claimable = [t for t in Tile if seen[t] < 4]
    if claimable:
        tile = claimable[len(visible) % len(claimable)]
        after = list(seen)
        after[tile] += 1
        from_seat = RelativeSeat(1 + len(visible) % 3)
        for option in efficiency.call_efficiency(hand, tile, from_seat=from_seat, visible=visible):
            own = hand.counts(include_melds=True)
            if option.meld is not None:
                own[tile] += 1  # the claimed tile joins the hand
            if option.discard is not None:
                own[option.discard] -= 1  # and the follow-up discard leaves it
            for e in option.effective:
                assert own[e.tile] < 4, (option.kind, e.tile)
                assert e.live == 4 - after[e.tile]


@SETTINGS
@given(situations(drawn=True))
def test_no_discard_option_lists_a_kind_held_four_times(situation: tuple[Hand, list[Tile]]) -> None:
    hand, visible = situation
    seen = efficiency.seen_counts(hand, visible)
    for option in efficiency.discard_efficiency(hand, visible):
        own = hand.counts(include_melds=True)
        own[option.discard] -= 1  # let go: in sight now, no longer held
        dead = {t for t in Tile if own[t] == 4}
        _live_ok(((e.tile, e.live) for e in option.effective), dead, seen)
        _live_ok(((w.tile, w.live) for w in option.waits), dead, seen)


@settings(max_examples=40, deadline=None)
@given(situations(drawn=True))
def test_no_fan_checked_option_lists_a_kind_held_four_times(situation: tuple[Hand, list[Tile]]) -> None:
    hand, visible = situation
    for option in discard_advice(hand, visible):
        own = hand.counts(include_melds=True)
        own[option.discard] -= 1
        assert all(own[w.tile] < 4 for w in option.waits)
        assert all(own[e.tile] < 4 for e in option.effective)


def test_an_exhausted_wait_beside_a_concealed_copy_is_scored_without_the_last_tile_fan() -> None:
    # Letting 2m go leaves 1m133m44m: the 2m wait has no copy left (two in the chows, one let go, one
    # held), and its hypothetical win is scored without 和绝张 (the calculator refused it and crashed).
    hand = "[123m,1][123m,1]112233m44m"
    option = next(o for o in discard_advice(hand) if o.discard == Tile.M2)
    waits = [(w.tile.notation(), w.live, w.exhausted) for w in option.waits]
    assert waits == [("2m", 0, True), ("5m", 4, False)]
    out = runner.invoke(app, ["analyze", "--json", hand])
    assert out.exit_code == 0, out.stdout

"""Seed 001's riichi readings at the table (issue 24): 一色三顺 won in a game, four first discards of one
dragon (the seed's "4人同时出相同的字牌(东南西北中发白)"), the seed's 地和 as renhou on the dealer's first
discard only, and records written before these options.

Expected points are read from the standard table (non-dealer ron 2 han 40 fu 2600, 1 han 40 fu 1300,
1 han 30 fu 1000; a yakuman 32000).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.errors import InvalidOptionError
from majiang.game import Game, Phase
from majiang.game.ruleset import find_ruleset
from majiang.records import check_record
from majiang.records.format import rules_from_options
from majiang.rules.riichi import NoYakuError, RiichiOptions, RiichiResult, WinContext, score
from majiang.rules.riichi.ruleset import RiichiRules
from majiang.tiles import Tile
from riichi_walls import act, pass_all, riichi_game

DATA = Path(__file__).parent / "data"
TRIPLE = "11122233m456p77s"
"""Waits on 3m: three 123m chows (penchan) with the option, else 一杯口; as pungs, 333m is open on a ron."""
PINFU = "12355m456p23789s"
"""Waits on 1s and 4s: pinfu alone on a ron (1 han 30 fu)."""


def events(game: Game, kind: str) -> list[Any]:
    return [e for e in game.events if e.kind == kind]


def won(game: Game) -> tuple[set[str], list[int]]:
    """The first win's yaku and what the winner was paid (its delta), for a hand that is over."""
    assert game.phase == Phase.OVER and game.wins
    payment = next(e for e in events(game, "payment") if e.reason == "win")
    return {h.id for h in game.wins[0].score.yaku}, list(payment.deltas)


# -- 一色三顺 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("options", "yaku", "points"), [
    ((), {"iipeikou"}, 1300),
    (("isshoku_sanjun=true",), {"isshoku_sanjun"}, 2600),
])
def test_pure_triple_chow_won_in_a_game(options: tuple[str, ...], yaku: set[str], points: int) -> None:
    """South rons the dealer's first discard, 3m: 2 han with the option, 一杯口 alone without."""
    g = riichi_game(["", TRIPLE, "", ""], "3m", options=("red_fives=0", *options))
    rules = g.rules
    assert isinstance(rules, RiichiRules) and rules.isshoku_sanjun is bool(options)
    act(g, 0, "discard 3m")
    act(g, 1, "win")
    pass_all(g)
    got, deltas = won(g)
    assert got == yaku and deltas == [-points, points, 0, 0]


def test_the_option_reaches_the_scorer() -> None:
    rules = find_ruleset("riichi", ["isshoku_sanjun=true"])
    assert isinstance(rules, RiichiRules)
    assert rules.scoring().isshoku_sanjun and not RiichiRules().scoring().isshoku_sanjun
    assert "isshoku_sanjun" in rules.describer().option_help()
    for options, yaku in (((), set()), (("isshoku_sanjun=true",), {"isshoku_sanjun"})):
        scorer = find_ruleset("riichi", options).scorer()
        context = scorer.make_context("[123m]11223m456p77s 3m", {"seat_wind": "S", "win": "discard"})
        if yaku:
            result = scorer.score("[123m]11223m456p77s 3m", context)
            assert isinstance(result, RiichiResult) and {h.id for h in result.yaku} == yaku
        else:
            with pytest.raises(NoYakuError):
                scorer.score("[123m]11223m456p77s 3m", context)


# -- four first discards of one honour ---------------------------------------------------------------------

@pytest.mark.parametrize(("tile", "options", "aborts"), [
    ("E", (), True),
    ("C", (), False),
    ("C", ("four_winds_dragons=true",), True),
    ("P", ("four_winds_dragons=true",), True),
    ("C", ("four_winds_dragons=true", "four_winds=false"), False),
    ("E", ("four_winds=false",), False),
])
def test_four_first_discards_of_one_honour(tile: str, options: tuple[str, ...], aborts: bool) -> None:
    """Tenhou aborts on four first discards of one wind (四風連打); the seed counts any honour (its
    "4人同时出相同的字牌(东南西北中发白)"), under ``four_winds_dragons`` (which widens ``four_winds``)."""
    g = riichi_game(["", tile, tile, tile], tile, draws="? ? ?", dora="9m", options=("red_fives=0", *options))
    for seat in range(4):
        pass_all(g)
        act(g, seat, f"discard {tile}")
    pass_all(g)
    reasons = [e.reason for e in events(g, "abort")]
    assert reasons == (["four-winds"] if aborts else [])
    assert (g.phase == Phase.OVER) is aborts


def test_four_dragons_need_four_alike_and_no_call() -> None:
    """Three of a dragon and a fourth of another is no abortive draw."""
    g = riichi_game(["", "C", "C", "F"], "C", draws="? ? ?", dora="9m",
                    options=("red_fives=0", "four_winds_dragons=true"))
    for seat, tile in enumerate("CCCF"):
        pass_all(g)
        act(g, seat, f"discard {tile}")
    pass_all(g)
    assert not events(g, "abort") and g.phase != Phase.OVER


# -- 人和 and the seed's 地和 --------------------------------------------------------------------------------

def _ron_on(discarder: int, options: tuple[str, ...]) -> Game:
    """West (seat 2) rons 4s, the first discard of ``discarder`` (the dealer, or South after its draw)."""
    draws = "4s" if discarder == 1 else ""
    extra = "4s" if discarder == 0 else "9m"
    g = riichi_game(["", "", PINFU, ""], extra, draws=draws, dora="9p", options=("red_fives=0", *options))
    act(g, 0, f"discard {extra}")
    if discarder == 1:
        pass_all(g)
        act(g, 1, "discard 4s")
    act(g, 2, "win")
    pass_all(g)
    return g


@pytest.mark.parametrize(("discarder", "reading", "yaku", "points"), [
    (0, "before-draw", {"renhou"}, 32000),
    (1, "before-draw", {"renhou"}, 32000),
    (0, "dealer-first", {"renhou"}, 32000),
    (1, "dealer-first", {"pinfu"}, 1000),
])
def test_renhou_discards(discarder: int, reading: str, yaku: set[str], points: int) -> None:
    """人和 on any discard before the winner's first draw (the usual rule), or with ``dealer-first`` only on
    the dealer's first discard (seed 001's 地和: "不是坐庄的人在庄家打出第一张就吃")."""
    g = _ron_on(discarder, ("renhou=yakuman", f"renhou_discards={reading}"))
    got, deltas = won(g)
    assert got == yaku and deltas[2] == points and deltas[discarder] == -points


def test_renhou_off_ignores_its_discards() -> None:
    got, deltas = won(_ron_on(0, ("renhou_discards=dealer-first",)))
    assert got == {"pinfu"} and deltas[2] == 1000


def test_renhou_discards_is_checked() -> None:
    with pytest.raises(InvalidOptionError, match="renhou_discards"):
        find_ruleset("riichi", ["renhou_discards=first"])


# -- records written before these options ------------------------------------------------------------------

OLDER = DATA / "riichi_before_issue24.jsonl"


def test_an_older_record_still_checks() -> None:
    """The record (tests/data/README.md) was written before issue 24's options: it lacks them, reads them as
    their defaults (the play it had) and replays under ``replay --check``."""
    header = json.loads(OLDER.read_text(encoding="utf-8").splitlines()[0])
    added = {"isshoku_sanjun", "four_winds_dragons", "renhou_discards", "sticks_at_end", "final_half"}
    assert added <= RiichiRules.later_options
    assert not added & set(header["options"])
    rules = rules_from_options(header["rules"], header["options"])
    # Seed 001's readings by their defaults; the game's end (and a drawn red five after riichi) as records
    # of then played it.
    base = find_ruleset("riichi")
    assert isinstance(base, RiichiRules)
    then = dataclasses.replace(base, sticks_at_end="standings", final_half="return", tsumogiri_red=False)
    assert rules == then
    report = check_record(OLDER)
    assert report.ok, report


def test_new_options_are_off_by_default() -> None:
    """Tenhou's play, which the differential tests and the records of the existing rulesets rely on."""
    rules = find_ruleset("riichi")
    assert isinstance(rules, RiichiRules)
    assert (rules.isshoku_sanjun, rules.four_winds_dragons, rules.renhou_discards) == (False, False,
                                                                                        "before-draw")


# -- 一色三顺 on random hands -------------------------------------------------------------------------------

def _text(tiles: list[int]) -> str:
    return "".join(Tile(t).notation() for t in sorted(tiles))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 26).filter(lambda t: t % 9 <= 6), st.integers(0, 33), st.booleans(), st.integers(0, 33),
       st.integers(0, 2), st.integers(0, 13), st.booleans())
def test_pure_triple_chow_on_random_hands(chow: int, fourth: int, fourth_pung: bool, pair: int, melded: int,
                                           win_at: int, tsumo: bool) -> None:
    """Three identical chows, any fourth set and pair, 0-2 of the chows called: with the option on the hand
    scores at least as much as without, 一色三顺 and 一杯口 never come together, and where 一色三顺 is not
    scored another reading (the pungs, 两杯口) is worth as much."""
    if not fourth_pung and (fourth >= 27 or fourth % 9 > 6):
        fourth_pung = True
    last = [fourth] * 3 if fourth_pung else [fourth, fourth + 1, fourth + 2]
    sets = [[chow, chow + 1, chow + 2]] * 3 + [last]
    tiles = [t for s in sets for t in s] + [pair, pair]
    if any(tiles.count(t) > 4 for t in tiles):
        return
    melds, standing = sets[:melded], [t for s in sets[melded:] for t in s] + [pair, pair]
    win = standing.pop(win_at % len(standing))
    hand = "".join(f"[{_text(m)}]" for m in melds) + _text(standing) + " " + Tile(win).notation()
    context = WinContext(seat_wind=Tile.SOUTH, tsumo=tsumo)
    on = RiichiOptions(isshoku_sanjun=True)
    try:
        off_points = score(hand, context).points
    except NoYakuError:
        off_points = 0
    result = score(hand, context, on)  # never without a yaku: 一色三顺 is one
    ids = {h.id for h in result.yaku}
    assert result.points >= off_points
    assert not {"isshoku_sanjun", "iipeikou"} <= ids
    if "isshoku_sanjun" not in ids:
        assert ids & {"ryanpeikou", "sanankou", "toitoi"} or result.yakuman, (hand, ids)

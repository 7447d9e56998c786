"""After riichi the drawn tile goes (``tsumogiri_red``): a drawn red five leaves red even while the seat holds
a plain five of the suit, and the ready hand keeps its plain five. The engine once let the plain five go and
kept the red one in the hand; an mjai bot (mjai-manue) refused the host's ``dahai 5s tsumogiri:false``."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.actions import ActionKind
from majiang.bots import find_bot, play_out
from majiang.game import Game
from majiang.game.ruleset import find_ruleset
from majiang.interop.mjai_bot import MjaiClient
from majiang.interop.mjai_table import InProcessSeat, play_mjai
from majiang.rules.riichi.ruleset import RiichiRules
from majiang.rules.riichi.state import RiichiState
from majiang.tiles import ALL_TILES

SEED = 138
"""A hand of four defense bots where a seat in riichi draws a red five holding a plain one (searched for)."""


def _at_the_drawn_red(options: dict[str, Any]) -> tuple[Game, int, int]:
    """The game just before that seat lets the five go: (game, seat, the five's kind)."""
    game = Game(find_ruleset("riichi", options), seed=SEED)
    bots = [find_bot("defense", SEED * 4 + s) for s in range(4)]
    while game.result is None:
        seat = game.to_act()[0]
        st: RiichiState = game.hand_state
        if game.drawn is not None and st.riichi[seat] and st.declaring != seat and st.drew_red \
                and game.counts[seat][int(game.drawn)] >= 2:
            return game, seat, int(game.drawn)
        game.apply(seat, bots[seat].act(game.view(seat)))
    raise AssertionError(f"seed {SEED} no longer reaches a drawn red five after riichi")


@pytest.mark.parametrize("red_choice", [False, True])
def test_a_drawn_red_five_leaves_red_after_riichi(red_choice: bool) -> None:
    game, seat, five = _at_the_drawn_red({"red_choice": red_choice})
    st: RiichiState = game.hand_state
    legal = game.legal_actions(seat)
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    assert [a.notation() for a in discards] == [f"discard {ALL_TILES[five].notation()}"]  # no choice of five
    red_before = st.red_hand[seat][five // 9]
    game.apply(seat, discards[0])
    assert st.last_red and st.red_hand[seat][five // 9] == red_before - 1
    assert game.counts[seat][five] >= 1  # the plain five stays in the ready hand
    assert st.shown_red[seat][-1] == len(game.discards[seat]) - 1


def test_records_before_the_option_replay_as_played() -> None:
    """``tsumogiri_red=False`` (what a record without the option reads as) keeps the older play."""
    game, seat, five = _at_the_drawn_red({"tsumogiri_red": False})
    st: RiichiState = game.hand_state
    red_before = st.red_hand[seat][five // 9]
    game.apply(seat, game.legal_actions(seat)[0])
    assert not st.last_red and st.red_hand[seat][five // 9] == red_before


@pytest.mark.parametrize("red_choice", [False, True])
def test_the_drawn_red_five_through_mjai_clients(red_choice: bool) -> None:
    """The same hand with every seat an mjai client of ours: each replays the red ``dahai`` of the seat in
    riichi (the named red five is no action of that seat; a client once stopped there: 'cannot discard 0p')
    and the hand is the one the bots play seated directly."""
    rules = RiichiRules(red_choice=red_choice)
    alone = Game(rules, seed=SEED)
    play_out(alone, [find_bot("defense", SEED * 4 + s) for s in range(4)])
    game = Game(rules, seed=SEED)
    seats = [InProcessSeat(MjaiClient(find_bot("defense", SEED * 4 + s), rules=rules)) for s in range(4)]
    assert play_mjai(game, seats) == []  # type: ignore[arg-type]
    assert [e.as_dict() for e in game.events] == [e.as_dict() for e in alone.events]

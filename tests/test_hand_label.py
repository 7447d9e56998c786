"""How displays name a hand (``Describer.hand_label``): its number and the match's length, or riichi's
name."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from majiang.bots import RandomBot
from majiang.game import Game, Match, Phase
from majiang.game.describe import HandLabel
from majiang.game.ruleset import find_ruleset
from majiang.rules.riichi.ruleset import RiichiMatchState
from majiang.tiles import Tile
from majiang.tui import PlaySession
from majiang.tui.render import result_renderable, status_text

# (ruleset, options, hands asked for, the first hand's label: number, of, name, English, Chinese)
FIRST_HAND: list[tuple[str, list[str], int | None, tuple[int, int | None, str, str, str]]] = [
    ("mcr", [], None, (1, 16, "", "Hand 1/16", "第1/16局")),
    ("mcr", [], 4, (1, 4, "", "Hand 1/4", "第1/4局")),
    ("botzone", [], None, (1, 1, "", "Hand 1/1", "第1/1局")),
    ("sichuan", [], 8, (1, 8, "", "Hand 1/8", "第1/8局")),
    ("chengdu", [], None, (1, 16, "", "Hand 1/16", "第1/16局")),
    ("riichi", [], None, (1, None, "東1局 0本場", "東1局 0本場", "東1局 0本場")),
    ("riichi", ["length=tonpuu"], 12, (1, None, "東1局 0本場", "東1局 0本場", "東1局 0本場")),
]


@pytest.mark.parametrize(("name", "options", "hands", "expected"), FIRST_HAND)
def test_first_hand_of_a_match(name: str, options: list[str], hands: int | None,
                               expected: tuple[int, int | None, str, str, str]) -> None:
    match = Match(find_ruleset(name, options), seed=5, hands=hands)
    label = match.rules.describer().hand_label(match.game, match.hand_number, match.length)
    assert (label.number, label.of, label.name, label.text(), label.text(zh=True)) == expected
    assert label.to_dict() == {"number": expected[0], "of": expected[1], "name": expected[2],
                               "en": expected[3], "zh": expected[4]}


# (dealer, round wind, honba carried in) -> riichi's name for the hand
RIICHI_NAMES: list[tuple[int, str, int, str]] = [
    (0, "E", 0, "東1局 0本場"), (1, "E", 2, "東2局 2本場"), (3, "E", 0, "東4局 0本場"),
    (0, "S", 1, "南1局 1本場"), (2, "S", 0, "南3局 0本場"), (1, "W", 5, "西2局 5本場"),
    (3, "N", 0, "北4局 0本場"),
]


@pytest.mark.parametrize(("dealer", "wind", "honba", "name"), RIICHI_NAMES)
def test_riichi_names_round_deal_and_honba(dealer: int, wind: str, honba: int, name: str) -> None:
    game = Game(find_ruleset("riichi"), seed=1, dealer=dealer, round_wind=Tile.parse(wind),
                match_state=RiichiMatchState(honba=honba))
    assert find_ruleset("riichi").describer().hand_label(game, 7, 100) == HandLabel(7, None, name)


def test_riichi_labels_follow_the_match() -> None:
    """Hand after hand, the name is the round and deal the match's counters say, and never a total."""
    match = Match(find_ruleset("riichi"), seed=21)
    bots = [RandomBot(seed=s) for s in range(4)]
    seen = set()
    for _ in range(6):
        table = match.match_state
        assert isinstance(table, RiichiMatchState)
        expected = f"{'東南西北'[table.passes // 4]}{table.passes % 4 + 1}局 {table.honba}本場"
        label = match.rules.describer().hand_label(match.game, match.hand_number, match.length)
        assert (label.name, label.of, label.text()) == (expected, None, expected)
        seen.add(expected)
        game = match.game
        while game.phase != Phase.OVER:
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))
        match.next_hand()
        if match.over:
            break
    assert len(seen) > 1


def _session(name: str, hands: int | None = None) -> PlaySession:
    return PlaySession(Match(find_ruleset(name), seed=9, hands=hands), [RandomBot(seed=s) for s in (1, 2, 3)])


@pytest.mark.parametrize(("name", "hands", "shown", "not_shown"), [
    ("mcr", 4, " · Hand 1/4 · ", "本場"),
    ("sichuan", None, " · Hand 1/16 · ", "本場"),
    ("riichi", None, "東1局 0本場 · ", "/100"),
])
def test_terminal_status_line(name: str, hands: int | None, shown: str, not_shown: str) -> None:
    session = _session(name, hands)
    line = status_text(session, session.view(), "notation").plain
    assert shown in line and not_shown not in line
    # The hand is named once: riichi's name holds the round, so no "East round" beside it.
    assert line.count("East") + line.count("東") == 1


def _plain(renderable: Any) -> str:
    console = Console(width=200, record=True, file=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


@pytest.mark.parametrize(("name", "title", "not_shown"), [
    ("mcr", "Hand 1 of 4 · East round", "本場"),
    ("riichi", "東1局 0本場", "of 100"),
])
def test_terminal_result_title(name: str, title: str, not_shown: str) -> None:
    session = _session(name, 4 if name == "mcr" else None)
    game = session.game
    bots = [RandomBot(seed=s) for s in range(4)]
    while game.phase != Phase.OVER:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    text = _plain(result_renderable(session, session.finish_hand(), "notation"))
    assert text.splitlines()[0].strip() == title and not_shown not in text

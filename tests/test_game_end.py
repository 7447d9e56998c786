"""The end of a hand: every hand is opened, concealed kongs included (sources 000 and 002).

Source 000: 暗杠时，4只牌牌面向下，不用给其他人看，唯在牌局完结后，不论有否和牌，都需打开供对手查阅.
Source 002: 暗杠应扣放在自己立牌子前。在一家和牌或荒牌时，必须亮明，以便其他三家查实.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from game_walls import Layout
from majiang import Hand, Meld, Tile
from majiang.analysis.shanten import shanten
from majiang.cli import app
from majiang.game import Action, ActionKind, Game, Phase
from majiang.records import check_record, write_record

runner = CliRunner()
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
KONG = Meld.kong(Tile.M1)

# Seat 1 is dealt 1111m, draws 1s and konges the 1m (replacement F from the tail), then lets F go.
# Seat 2 is dealt 清龙 in dots waiting on 9m; with draws="1s 9m" it draws the 9m and wins.
KONGER = "1111m23m456p789s1s"
WINNER = "123456789p123s9m"


def pass_all(game: Game) -> None:
    while game.phase in (Phase.CLAIM, Phase.ROB):
        game.apply(game.to_act()[0], Action(ActionKind.PASS))


def kong_played(draws: str) -> Game:
    """The dealer lets E go; seat 1 draws, konges 1m, and lets its replacement F go."""
    game = Layout(("", KONGER, WINNER, ""), "E", draws=draws, tail="F").game()
    game.apply(0, Action.parse("discard E"))
    pass_all(game)
    game.apply(1, Action.parse("concealed-kong 1m"))
    assert game.current == 1 and game.view(1).drawn == Tile.parse("F")
    game.apply(1, Action.parse("discard F"))
    pass_all(game)
    return game


def play_out(game: Game) -> None:
    """Every seat lets its drawn tile go and passes every claim and win, until the wall runs out."""
    while game.phase != Phase.OVER:
        if game.phase == Phase.TURN:
            seat = game.current
            drawn = game.view(seat).drawn
            tile = drawn if drawn is not None else game.view(seat).standing[-1]
            game.apply(seat, Action(ActionKind.DISCARD, tile))
        else:
            pass_all(game)


def test_a_concealed_kong_stays_hidden_from_the_others_during_the_hand() -> None:
    game = kong_played("1s")
    assert game.phase == Phase.TURN and game.current == 2
    for seat in (0, 2, 3):
        view = game.view(seat)
        assert view.melds[1] == () and view.hidden_kongs[1] == 1
        assert view.hands is None
    own = game.view(1)
    assert own.melds[1] == (KONG,) and own.hidden_kongs == (0, 0, 0, 0)
    assert own.hands is None


def test_after_a_win_every_view_shows_all_four_hands_with_the_concealed_kong() -> None:
    game = kong_played("1s 9m")
    assert game.current == 2
    game.apply(2, Action(ActionKind.WIN))
    result = game.result
    assert game.phase == Phase.OVER and result is not None and result.winners == (2,)
    assert result.hands[1] == Hand.parse("[1111m]23m456p789s11s")
    assert result.hands[2] == Hand.parse(WINNER[:-2] + "9m9m")  # the winning tile is the last
    assert result.hands[2].winning_tile == Tile.M9 and shanten(result.hands[2]) == -1
    for seat in (0, 3):
        assert result.hands[seat].winning_tile is None
        assert len(result.hands[seat].tiles) == 13
    for seat in range(4):
        view = game.view(seat)
        assert view.hands == result.hands
        assert view.melds[1] == (KONG,) and view.hidden_kongs == (0, 0, 0, 0)
        assert Hand.parse(view.hands[seat].notation()) == view.hands[seat]


def test_an_exhaustive_draw_shows_all_four_hands_too() -> None:
    game = kong_played("1s")
    play_out(game)
    result = game.result
    assert result is not None and result.exhausted and len(result.hands) == 4
    assert result.hands[1].melds[0] == KONG
    for seat in range(4):
        hand = result.hands[seat]
        assert hand.winning_tile is None
        assert sorted(hand.tiles) == sorted(game.standing_tiles(seat))
        view = game.view(seat)
        assert view.hands == result.hands and view.hidden_kongs == (0, 0, 0, 0) and view.melds[1][0] == KONG
    # Every playing tile is accounted for: in a hand, in a pond, or left in the wall.
    shown = sum(len(h.tiles) + sum(len(m.tiles) for m in h.melds) for h in result.hands)
    ponds = sum(len(pile) for pile in game.discards)
    wall = sum(1 for t in game.wall[game.wall.front:game.wall.back] if t < 34)
    assert shown + ponds + wall == 136


def _recorded(tmp_path: Path, game: Game) -> Path:
    path = tmp_path / "end.jsonl"
    write_record(path, [game], PLAYERS)
    report = check_record(path, accept_unverified_walls=True)
    # A prepared wall is not the shuffle of the game's seed, so the record keeps no seed for it and the
    # check says that this wall was not verified against one.
    assert report.ok and report.unseeded == 1 and report.caveat is not None
    return path


def test_replay_shows_every_hand_at_the_end(tmp_path: Path) -> None:
    game = kong_played("1s 9m")
    game.apply(2, Action(ActionKind.WIN))
    path = _recorded(tmp_path, game)
    text = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert text.exit_code == 0, text.stdout
    assert "Hand at the end" in text.stdout
    konger = Hand.parse("[1111m]23m456p789s11s").notation()
    winner = Hand.parse(WINNER[:-2] + "9m9m").notation()
    assert konger in text.stdout
    assert f"{winner}  (wins on 9m)" in text.stdout
    out = runner.invoke(app, ["replay", "--json", str(path)])
    assert out.exit_code == 0
    hand = json.loads(out.stdout.splitlines()[0])
    assert Hand.parse(hand["end"]["Bo"]) == Hand.parse("[1111m]23m456p789s11s")
    assert Hand.parse(hand["end"]["Cy"]) == Hand.parse(WINNER[:-2] + "9m9m")
    assert set(hand["end"]) == set(PLAYERS)
    shown = game.view(0).hands or ()
    assert hand["end"] == {name: h.notation() for name, h in zip(PLAYERS, shown, strict=True)}


def test_replay_of_an_exhaustive_draw_shows_every_hand(tmp_path: Path) -> None:
    game = kong_played("1s")
    play_out(game)
    path = _recorded(tmp_path, game)
    out = runner.invoke(app, ["replay", "--json", str(path)])
    assert out.exit_code == 0
    hand = json.loads(out.stdout.splitlines()[0])
    assert hand["winners"] == []
    assert hand["end"]["Bo"].startswith("[1111m]")
    assert all(Hand.parse(text).winning_tile is None for text in hand["end"].values())
    text = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "[1111m]" in text.stdout and "Hand at the end" in text.stdout

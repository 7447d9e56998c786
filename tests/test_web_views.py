"""The view's ``choices``: every legal action as the table page draws it, over whole hands of each ruleset."""

from __future__ import annotations

import pytest

from majiang.bots import RandomBot
from majiang.game import Game
from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.tiles import ALL_TILES
from majiang.web.views import choices_json

OPTIONS = {"sichuan": ["exchange=clockwise", "declare_void=true"], "chengdu": ["exchange=dice"]}


def _index(tile: str) -> int:
    return [t.notation() for t in ALL_TILES].index(tile)


@pytest.mark.parametrize("name", ruleset_names())
def test_every_choice_carries_its_tiles(name: str) -> None:
    rules = find_ruleset(name).with_options(OPTIONS.get(name, []))
    kinds: set[str] = set()
    for seed in range(6):
        game = Game(rules, seed=seed)
        bots = [RandomBot(seed=seed * 4 + s) for s in range(4)]
        while game.result is None:
            for seat in game.to_act():
                legal = game.legal_actions(seat)
                choices = choices_json(game, seat, legal)
                assert [c["action"] for c in choices] == [a.notation() for a in legal]
                for c in choices:
                    kinds.add(c["kind"])
                    tiles = c["tiles"]
                    if c["kind"] == "chow":
                        assert [_index(t) - _index(tiles[0]) for t in tiles] == [0, 1, 2]
                        assert c["claimed"] in tiles
                    elif c["kind"] in ("pung", "kong"):
                        assert len(tiles) == (3 if c["kind"] == "pung" else 4)
                        assert set(tiles) == {c["claimed"]}
                    elif c["kind"] == "concealed-kong":
                        assert len(tiles) == 4 and len(set(tiles)) == 1
                    elif c["kind"] in ("discard", "riichi"):
                        assert len(tiles) == 1
                    elif c["kind"] == "exchange":
                        assert "".join(tiles) == c["action"].split()[1]
                    elif c["kind"] == "void":
                        assert c["suit"] == c["action"].split()[1] and tiles == []
                    elif c["kind"] == "special-kong":  # Changchun's 亮杠 by the kinds it lays
                        assert len(tiles) in (3, 4)
                        assert c["label"] == {"en": "lay a special kong", "zh": "亮杠"}
                    elif c["kind"] == "win":
                        assert len(tiles) <= 1
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))
    assert "discard" in kinds
    if name in OPTIONS:
        assert {"exchange"} <= kinds


def test_a_red_five_named_is_drawn_red() -> None:
    """Riichi with red_choice: a discard, pung or chow naming its red five shows that five as 0m/0p/0s."""
    rules = find_ruleset("riichi").with_options(["red_choice=true"])
    named: dict[str, list[str]] = {}
    for seed in range(30):
        game = Game(rules, seed=seed)
        bots = [RandomBot(seed=s) for s in range(4)]
        while game.result is None:
            for seat in game.to_act():
                for c in choices_json(game, seat, game.legal_actions(seat)):
                    if "0" in c["action"].split()[-1]:
                        named.setdefault(c["kind"], c["tiles"])
                        assert sum(t[0] == "0" for t in c["tiles"]) == 1, c
            seat = game.to_act()[0]
            game.apply(seat, bots[seat].act(game.view(seat)))
        if len(named) == 3:
            break
    assert set(named) == {"discard", "pung", "chow"}, named

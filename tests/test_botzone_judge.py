"""Our Botzone adapter driven by our own judge mode: ``--rules botzone`` hands where some seats are
``BotzoneSeat`` (per-seat walls, its default) fed the requests the judge would send (``SeatRequests``),
their responses turned into the engine's actions (``response_actions``).

At every step each adapter seat's hand, melds, flowers and every seat's wall count equal the game's;
every answer is legal in the game; requests that ask nothing of the seat are answered PASS (the judge
would count anything else as a wrong answer).
"""

from __future__ import annotations

import os

import pytest

from majiang.actions import Action, ActionKind
from majiang.bots import find_bot
from majiang.game import Game, Phase, find_ruleset
from majiang.game.ruleset import Ruleset
from majiang.interop.botzone import BotzoneError, BotzoneSeat, SeatRequests, response_actions

BZ = find_ruleset("botzone")
HANDS = int(os.environ.get("MAJIANG_BOTZONE_HANDS", "12"))
"""Hands the end-to-end test plays (``make soak``: 1000)."""


class Table:
    """One botzone hand: ``adapted`` seats answered by adapters (fan-aware), the others by our bots."""

    def __init__(self, seed: int, adapted: tuple[int, ...], dealer: int = 0, rules: Ruleset = BZ,
                 flowers_in_wall: bool | None = None) -> None:
        self.game = Game(rules, seed=seed, dealer=dealer)
        self.adapters = {s: BotzoneSeat(flowers_in_wall=flowers_in_wall) for s in adapted}
        self.feeds = {s: SeatRequests(self.game, s) for s in adapted}
        self.bots = {s: find_bot("fan-aware" if s in adapted else "efficiency", seed * 4 + s)
                     for s in range(4)}
        self.answers: dict[int, str] = {}
        self.then: dict[int, Action] = {}  # the discard a pung or chow answer named
        self.used: dict[ActionKind, int] = {}
        self.counted = 0  # the wall counts compared

    def catch_up(self) -> None:
        """Send every adapter its new requests; each answer that asks nothing must be PASS."""
        g = self.game
        for s, adapter in self.adapters.items():
            for request in self.feeds[s].take():
                if s in self.answers and s not in self.then:
                    assert self.answers[s] == "PASS", f"seat {s} answered {self.answers[s]} unasked"
                self.answers[s] = adapter.answer(request, self.bots[s].act)
            self.check(s)
            if s not in g.to_act() and s not in self.then and g.result is None:
                answer = self.answers.get(s, "PASS")
                assert answer == "PASS", f"seat {s} answered {answer} unasked"

    def check(self, s: int) -> None:
        g, adapter = self.game, self.adapters[s]
        if s not in self.then:  # (a claim and its discard are one answer: the seat is between them)
            assert adapter.counts == g.counts[s]
            assert adapter.melds[adapter.seat] == g.melds[s]
        assert adapter.seat == (s - g.dealer) % 4
        # Told nothing, an adapter counts the flowers in from the first one shown.
        counted = adapter.flowers_in_wall is not None or any(adapter.flowers) \
            or not g.rules.options()["flowers"]
        for other in range(4):
            if counted:
                assert adapter.left((other - g.dealer) % 4) == g.wall_left_for(other)
                self.counted += 1
            assert adapter.flowers[(other - g.dealer) % 4] == len(g.flowers[other])

    def act(self, s: int) -> Action:
        g = self.game
        if s in self.then:
            return self.then.pop(s)
        actions = response_actions(self.answers.pop(s), g.phase)
        if len(actions) == 2:
            self.then[s] = actions[1]
        return actions[0]

    def play(self) -> None:
        g = self.game
        while g.result is None:
            self.catch_up()
            if g.result is not None:
                break
            seat = g.to_act()[0]
            if seat in self.adapters:
                action = self.act(seat)
                assert action in g.legal_actions(seat), (action, g.legal_actions(seat))
                self.used[action.kind] = self.used.get(action.kind, 0) + 1
            else:
                action = self.bots[seat].act(g.view(seat))
            g.apply(seat, action)
            for s in list(self.then):
                if g.phase != Phase.CLAIM and not (g.phase == Phase.TURN and g.current == s):
                    del self.then[s]  # a win or another claim came first: no discard
        self.catch_up()


@pytest.mark.slow
def test_adapters_play_botzone_hands_legally_and_keep_the_games_state() -> None:
    used: dict[ActionKind, int] = {}
    ends = {"won": 0, "drawn": 0}
    for seed in range(HANDS):
        adapted = ((seed % 4,), (0, 2), (1, 2, 3))[seed % 3]
        table = Table(seed, adapted, dealer=seed % 2)
        table.play()
        assert table.game.result is not None
        ends["won" if table.game.result.winners else "drawn"] += 1
        for kind, n in table.used.items():
            used[kind] = used.get(kind, 0) + n
    assert used[ActionKind.DISCARD] > 100 and used[ActionKind.PASS] > 20
    assert used.get(ActionKind.PUNG, 0) + used.get(ActionKind.CHOW, 0) > 0 and used.get(ActionKind.WIN, 0) > 0
    assert ends["won"] > 0


FLOWER_HANDS = int(os.environ.get("MAJIANG_BOTZONE_FLOWER_HANDS", "4"))
"""Hands the end-to-end test with flowers plays (``make soak``: 300)."""


@pytest.mark.slow
@pytest.mark.parametrize("told", [True, None])
def test_adapters_count_the_judges_walls_of_36_with_flowers(told: bool | None) -> None:
    # judge/main.cpp cuts whatever wall it is given in four (partLength = tileWall.size() / 4): 144 tiles
    # with the flowers make walls of 36, and the last tile, the calls on it and the kongs follow them.
    rules = find_ruleset("botzone", ["flowers=true"])
    counted = 0
    for seed in range(FLOWER_HANDS):
        adapted = ((seed % 4,), (1, 3))[seed % 2]
        table = Table(seed, adapted, dealer=seed % 4, rules=rules, flowers_in_wall=told)
        table.play()
        assert table.game.result is not None and any(table.game.flowers)
        counted += table.counted
    assert counted > 100 * FLOWER_HANDS


def test_the_feed_sends_the_deal_and_the_dealers_first_draw() -> None:
    game = Game(BZ, seed=5)
    for seat in range(4):
        requests = SeatRequests(game, seat).take()
        assert requests[0] == f"0 {seat} 0" and requests[1].startswith("1 0 0 0 0 ")
        assert len(requests[1].split()) == 1 + 4 + 13
        assert requests[2] == (f"2 {requests[2].split()[1]}" if seat == 0 else "3 0 DRAW")
    adapter = BotzoneSeat()
    for request in SeatRequests(game, 0).take():
        adapter.answer(request, lambda v: v.legal[0])
    assert adapter.counts == game.counts[0] and adapter.wall_left == game.wall_left_for(0) == 20


def test_the_feed_folds_deal_flowers_into_the_deal() -> None:
    rules = find_ruleset("botzone", ["flowers=true"])
    for seed in range(10):
        game = Game(rules, seed=seed)
        deal = SeatRequests(game, 1).take()[1].split()
        shown = [int(w) for w in deal[1:5]]
        assert sum(shown) == len(deal) - 18 and all(w.startswith("H") for w in deal[18:])
        deal_at = next(i for i, e in enumerate(game.events) if e.kind == "deal")
        first = sum(1 for e in game.events[deal_at:] if e.kind == "flower")  # the dealer's first draw's
        assert [len(f) for f in game.flowers] == [shown[0] + first, *shown[1:]]


@pytest.mark.parametrize(("response", "phase", "message"), [
    ("PENG", Phase.CLAIM, "no Botzone response"), ("PLAY W1", Phase.CLAIM, "no Botzone response"),
    ("CHI F2 W1", Phase.CLAIM, "middle"), ("PASS", Phase.TURN, "on a turn"),
    ("PLAY X9", Phase.TURN, "tile code"),
    ("GANG", Phase.ROB, "no Botzone response"),
])
def test_bad_responses_are_errors(response: str, phase: Phase, message: str) -> None:
    with pytest.raises(BotzoneError, match=message):
        response_actions(response, phase)

"""Fair tables: a claim window shows every seat and spectator the same thing, and lasts as long, whoever
could claim (issue 21, hole 4).

The engine asks only the seats that may claim; the web table shows every window as asking every other
seat still in, holds the answers until it closes and keeps it open ``window_seconds`` at least. These
tests drive tables on a clock of their own (no wall-clock thresholds) and check what each connection is
sent against what only public information predicts.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.bots import find_bot
from majiang.game import Game
from majiang.game.ruleset import find_ruleset
from majiang.web.app import create_app
from majiang.web.store import PlayerRow, Store, TableRow
from majiang.web.tables import Settings, Table, Window

RULESETS = ["mcr", "sichuan", "riichi", "changsha", "changchun", "yangzhou"]
WINDOW, CLAIM = 1.0, 20.0
ANSWER_AFTER = 0.5
"""When the scripted person answers each window it is shown as asked in (seconds after it opened)."""


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("rules", RULESETS)
def test_holding_windows_changes_no_event(rules: str) -> None:
    """A game that holds every window nobody is asked in (``Game.hold_windows``), let go by
    ``close_window``, produces the very events of one that skips them: the records do not change."""
    for seed in range(3):
        runs = []
        for hold in (False, True):
            game = Game(find_ruleset(rules), seed=seed)
            game.hold_windows = hold
            bots = [find_bot("efficiency", seed=s) for s in range(4)]
            held = 0
            while game.result is None or game.to_act():
                if game.is_held:
                    held += 1
                    game.close_window()
                    continue
                seat = game.to_act()[0]
                game.apply(seat, bots[seat].act(game.view(seat)))
            runs.append((game.event_dicts(), held))
        assert runs[0][0] == runs[1][0]
        assert runs[0][1] == 0 and runs[1][1] > 0


def _table(rules: str, seed: int, kinds: list[str], clock: Clock) -> Table:
    store = Store(":memory:")
    row = TableRow(f"t{seed}", rules, find_ruleset(rules).options(), seed, 1, 0.0)
    players = [PlayerRow(p, "bot", kind, f"bot {p}", None) if kind != "open"
               else PlayerRow(p, "open", None, f"person {p}", f"token{p}") for p, kind in enumerate(kinds)]
    store.create_table(row, players)
    settings = Settings(claim_seconds=CLAIM, away_seconds=86400, pause_seconds=0.0, window_seconds=WINDOW)
    table = Table(row, players, store, settings)
    table.clock = clock
    return table


def _shown_seats(message: dict[str, Any]) -> list[int]:
    """The seats a window must show as asked, from public information alone: every active seat after
    the one whose tile it is, in turn order."""
    view = message["view"]
    source = view["robbing"] if view["phase"] == "rob" else view["last_discard"]
    giver = source["seat"]
    return [(giver + k) % 4 for k in (1, 2, 3) if view["active"][(giver + k) % 4]]


async def _drive(table: Table, clock: Clock, people: set[int]) -> dict[str, Any]:
    """Play the table to its end; ``people`` are seats played by a script (turns at once, every window
    answered ``ANSWER_AFTER`` seconds after it opened). Returns what each connection was sent and every
    window with its closing time."""
    sent: dict[int | None, list[dict[str, Any]]] = {p: [] for p in people}
    sent[None] = []

    def collector(key: int | None) -> Any:
        async def send(message: dict[str, Any]) -> None:
            sent[key].append(message)
        return send

    for p in people:
        await table.connect(p, collector(p))
    await table.connect(None, collector(None))
    windows: list[tuple[Window, float]] = []
    open_window: Window | None = None
    for _ in range(20000):
        wait = await table.tick()
        if open_window is not None and table.claim is not open_window:
            windows.append((open_window, clock.now))
        open_window = table.claim
        if wait is None:
            return {"sent": sent, "windows": windows}
        waits = [wait]
        for p in sorted(people):
            state = table.state(p)
            legal = state["view"]["legal"]
            if state["waiting_next"] and p not in table.ready:
                await table.next_hand(p)
                waits.append(0.0)
            if not legal:
                continue
            if table.claim is None:
                await table.act(p, legal[0], state["step"])
                waits.append(0.0)
                continue
            due = table.claim.opened + ANSWER_AFTER
            if clock.now >= due:
                await table.act(p, legal[0], state["step"])
                waits.append(0.0)
            else:
                waits.append(due - clock.now)
        step = min(waits)
        clock.now += step
    raise AssertionError("the table did not finish")


def _check_messages(found: dict[str, Any], people: set[int]) -> None:
    """Every state sent during a window shows every other seat still in as asked, with a deadline and a
    step that follow from public information; a seat's own fields follow from its own hand alone."""
    for key, messages in found["sent"].items():
        for message in messages:
            view = message["view"]
            if view["phase"] not in ("claim", "rob"):
                continue
            seats = _shown_seats(message)
            assert view["to_act"] == seats
            if key is None:
                assert view["legal"] == [] and message["deadline"] is not None
            elif message["seat"] not in seats:  # the seat whose tile it is waits like a spectator
                assert view["legal"] == [] and message["deadline"] is None
        # Answers are held until the window closes, which adds one step for each seat shown as asked.
        for before, after in itertools.pairwise(messages):
            if before["view"]["phase"] in ("claim", "rob") and after["step"] != before["step"]:
                assert after["step"] == before["step"] + len(before["view"]["to_act"])


def _window_facts(table: Table, found: dict[str, Any], people: set[int]) -> list[tuple[bool, bool, float]]:
    """For each window: whether a person was shown as asked, whether the engine asked anyone, its length."""
    facts = []
    for window, closed in found["windows"]:
        seats = set(window.seats)
        assert set(window.asked) <= seats
        facts.append((bool(seats & {table.match.positions[p] for p in people}), bool(window.asked),
                      closed - window.opened))
    return facts


@pytest.mark.parametrize("rules", RULESETS)
def test_bots_windows_last_the_same_whoever_could_claim(rules: str) -> None:
    """Four bots: every window lasts exactly ``window_seconds``, those in which a bot could claim and those
    in which nobody could, and the spectator's states are the same function of public information."""
    lengths: dict[bool, set[float]] = {True: set(), False: set()}
    for seed in range(2):
        clock = Clock()
        table = _table(rules, seed, ["efficiency"] * 4, clock)
        found = asyncio.run(_drive(table, clock, set()))
        _check_messages(found, set())
        for _, asked, length in _window_facts(table, found, set()):
            lengths[asked].add(length)
    assert lengths[True] == lengths[False] == {WINDOW}


@pytest.mark.parametrize("rules", RULESETS)
def test_windows_with_a_person_last_the_same_whoever_could_claim(rules: str) -> None:
    """A person at the table answers each window it is shown as asked in, half a second after it opened
    (a pass, or a claim where it may): every window lasts ``window_seconds``, whether the engine asked the
    person, a bot or nobody. Each seat's and the spectator's states follow from public information."""
    lengths: dict[tuple[bool, bool], set[float]] = {}
    for seed in range(2):
        clock = Clock()
        people = {1}
        table = _table(rules, seed, ["efficiency", "open", "efficiency", "efficiency"], clock)
        found = asyncio.run(_drive(table, clock, people))
        _check_messages(found, people)
        for person, asked, length in _window_facts(table, found, people):
            lengths.setdefault((person, asked), set()).add(length)
    assert set(lengths) == {(True, True), (True, False), (False, True), (False, False)}
    assert all(found == {WINDOW} for found in lengths.values()), lengths


def test_every_discard_shows_a_window_to_a_spectator(tmp_path: Path) -> None:
    """Over the WebSocket: a spectator of four bots sees a claim window after every discard, asking every
    other seat still in, whether or not anyone could claim it (before: only when someone could, naming
    them)."""
    app = create_app(tmp_path / "f.db", claim_seconds=60, away_seconds=600, pause_seconds=60,
                     window_seconds=0, pages=False)
    with TestClient(app) as client:
        r = client.post("/api/tables", json={"hands": 1, "players": ["bot:efficiency"] * 4})
        assert r.status_code == 201, r.text
        table_id = r.json()["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            states: list[dict[str, Any]] = []
            deadline = time.monotonic() + 300
            while not states or states[-1]["view"]["phase"] != "over":
                assert time.monotonic() < deadline
                message = ws.receive_json()
                if message["type"] == "state":
                    states.append(message)
    discards = [state for before, state in itertools.pairwise(states)
                if state["view"]["last_discard"] != before["view"]["last_discard"]
                and state["view"]["last_discard"] is not None]
    assert discards
    for state in discards:
        assert state["view"]["phase"] == "claim"
        assert state["view"]["to_act"] == _shown_seats(state)

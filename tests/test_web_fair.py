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
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.bots import RandomBot, find_bot
from majiang.game import Game
from majiang.game.ruleset import find_ruleset
from majiang.records import Deal, check_record, iter_record_lines, play_match
from majiang.records.format import deal_commitment
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

    class Collector:
        """A connection that keeps what it is offered (``Peer``)."""

        def __init__(self, key: int | None) -> None:
            self.key = key

        def offer(self, text: str) -> None:
            sent[self.key].append(json.loads(text))

    def collector(key: int | None) -> Any:
        return Collector(key)

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
                     window_seconds=0, pages=False, allow_hosts=["testserver"])
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


def _client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "s.db", claim_seconds=60, away_seconds=600, pause_seconds=0,
                                 window_seconds=0, pages=False, allow_hosts=["testserver"]))


def test_each_seat_token_goes_to_its_own_player(tmp_path: Path) -> None:
    """The create answer holds the creator's own token and, for each other open seat, an invitation that
    seats one person once: a second opening gets 'seat taken', and the creator cannot take the seat
    afterwards with anything it was given (hole 5)."""
    with _client(tmp_path) as client:
        r = client.post("/api/tables", json={"players": ["open", "bot:random", "open", "open"], "hands": 1})
        assert r.status_code == 201, r.text
        created = r.json()
        mine, friend, other = created["players"][0], created["players"][2], created["players"][3]
        assert "token" in mine and mine["join"].endswith(mine["token"])
        assert "token" not in friend and "join" not in friend and "token" not in other
        assert "token" not in created["players"][1] and "invite" not in created["players"][1]
        code = friend["invite"].rpartition("invite=")[2]
        url = f"/api/tables/{created['id']}/seats/2"
        for bad in ({"invite": "wrong"}, {"invite": other["invite"].rpartition("invite=")[2]},
                    {"invite": "é"}, {"invite": 5}, {}):
            refused = client.post(url, json=bad)
            assert refused.status_code == 403 and "not player 2's invitation" in refused.json()["error"]
        taken = client.post(url, json={"invite": code})
        assert taken.status_code == 200
        token = taken.json()["token"]
        assert taken.json()["join"] == f"/table/{created['id']}?player=2&token={token}"
        again = client.post(url, json={"invite": code})
        assert again.status_code == 409 and again.json()["code"] == "seat-taken"
        assert again.json()["error"].startswith("seat taken")
        assert client.post(f"/api/tables/{created['id']}/seats/0", json={"invite": code}).status_code == 403
        assert client.post("/api/tables/nothere/seats/2", json={"invite": code}).status_code == 404
        for query in (f"player=2&token={mine['token']}", f"player=2&token={code}", f"player=2&invite={code}"):
            with client.websocket_connect(f"/ws/tables/{created['id']}?{query}") as ws:
                assert ws.receive_json()["code"] == "bad-token"
        with client.websocket_connect(f"/ws/tables/{created['id']}?player=2&token={token}") as ws:
            assert ws.receive_json()["you"] == 2
    # The seat holds across a restart; its invitation stays used.
    with _client(tmp_path) as client:
        again = client.post(url, json={"invite": code})
        assert again.status_code == 409
        with client.websocket_connect(f"/ws/tables/{created['id']}?player=2&token={token}") as ws:
            assert ws.receive_json()["you"] == 2


def test_creator_may_take_no_seat_or_another(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        watch = client.post("/api/tables", json={"players": ["open", "open", "bot:random", "bot:random"],
                                                 "creator": None}).json()
        assert all("token" not in p for p in watch["players"])
        second = client.post("/api/tables", json={"players": ["open", "open", "bot:random", "bot:random"],
                                                  "creator": 1}).json()
        assert "token" in second["players"][1] and "invite" in second["players"][0]
        for bad in (2, 7, True, "0"):
            r = client.post("/api/tables", json={"players": ["open", "open", "bot:random", "bot:random"],
                                                 "creator": bad})
            assert r.status_code == 400 and "'creator' must be an open player (0, 1)" in r.json()["error"]


def _play_bots(client: TestClient, body: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """A table of bots watched to its end: its id and every state the spectator saw."""
    r = client.post("/api/tables", json={"players": ["bot:random"] * 4, **body})
    assert r.status_code == 201, r.text
    table_id = r.json()["id"]
    states: list[dict[str, Any]] = []
    limit = time.monotonic() + 300
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        while not states or states[-1]["status"] != "finished":
            assert time.monotonic() < limit
            message = ws.receive_json()
            if message["type"] == "state":
                states.append(message)
    return table_id, states


def test_the_seed_is_committed_before_each_hand_and_revealed_after(tmp_path: Path) -> None:
    """Every state shows the hand's seed commitment; the finished record reveals the salt and every hand's
    seed, whose commitments are those shown; a table whose creator chose the seed says so to everyone,
    and in its record (hole 5)."""
    with _client(tmp_path) as client:
        table_id, states = _play_bots(client, {"hands": 2})
        shown: dict[int, set[str]] = {}
        for state in states:
            assert state["deal"]["practice"] is False
            shown.setdefault(state["hand"], set()).add(state["deal"]["commitment"])
        assert all(len(found) == 1 for found in shown.values()) and len(shown) == 2
        assert len(set.union(*shown.values())) == 2
        assert client.get(f"/api/tables/{table_id}").json()["practice"] is False
        text = client.get(f"/api/games/{table_id}/record").text
        practice_id, practice_states = _play_bots(client, {"hands": 1, "seed": 5})
        assert {s["deal"]["practice"] for s in practice_states} == {True}
        practice_text = client.get(f"/api/games/{practice_id}/record").text
    lines = text.splitlines()
    header = json.loads(lines[0])
    assert header["version"] == 4 and header["deal"]["practice"] is False
    salt = header["deal"]["salt"]
    seeds = [json.loads(line)["seed"] for line in lines if '"e":"start"' in line]
    assert [deal_commitment(salt, seed) for seed in seeds] == [next(iter(shown[h])) for h in (1, 2)]
    path = tmp_path / "m.jsonl"
    path.write_text(text, encoding="utf-8")
    report = check_record(path)
    assert report.ok and report.practice is False and "practice" not in str(report)
    assert list(report.commitments) == [next(iter(shown[h])) for h in (1, 2)]
    path.write_text(practice_text, encoding="utf-8")
    report = check_record(path)
    assert report.ok and report.practice is True and str(report).endswith("its creator chose the seed")
    assert json.loads(practice_text.splitlines()[0])["seed"] == 5


def _edited(text: str, index: int, change: Any) -> str:
    lines = text.splitlines()
    obj = json.loads(lines[index])
    change(obj)
    lines[index] = json.dumps(obj, separators=(",", ":"), sort_keys=True)
    return "\n".join(lines) + "\n"


def test_a_record_with_a_deal_needs_every_hands_seed(tmp_path: Path) -> None:
    """A record whose header commits to the seeds fails the check where a hand's seed is dropped; a bad
    ``deal`` is refused by name; older versions, without a deal, still read."""
    match, lines = play_match([RandomBot(seed=p) for p in range(4)], seed=3, hands=1)
    names = ["a", "b", "c", "d"]
    text = "".join(line + "\n" for line in iter_record_lines(match, names, deal=Deal("ab12", False)))
    assert json.loads(text.splitlines()[0])["version"] == 4
    assert json.loads(lines[0])["version"] == 3 and "deal" not in json.loads(lines[0])
    path = tmp_path / "r.jsonl"
    cases = [
        (_edited(text, 1, lambda start: start.update(seed=None)),
         "line 2: hand 1: the header's deal commits"),
        (_edited(text, 0, lambda header: header.update(deal={"salt": "x"})), "'deal' must be an object"),
        (_edited(text, 0, lambda header: header.update(deal={"salt": "a:b", "practice": False})),
         "'deal.salt' must be"),
        (_edited(text, 0, lambda header: header.update(deal={"salt": "ab", "practice": 1})),
         "'deal.practice' must be true or false"),
        (_edited(text, 0, lambda header: header.update(version=3)), "unknown header key 'deal'"),
    ]
    for edited, reason in cases:
        path.write_text(edited, encoding="utf-8")
        report = check_record(path)
        assert not report.ok and reason in str(report), str(report)
    path.write_text(text, encoding="utf-8")
    assert check_record(path).ok


def test_a_database_from_before_keeps_its_tables(tmp_path: Path) -> None:
    """A database written before invitations and commitments gains their columns when opened; its tables
    play on, with no commitment to show (``null``) and the practice flag unknown (``null``)."""
    db = tmp_path / "old.db"
    old = sqlite3.connect(db)
    old.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, rules TEXT NOT NULL, options TEXT NOT NULL,
            seed INTEGER NOT NULL, hands INTEGER NOT NULL, created REAL NOT NULL,
            status TEXT NOT NULL DEFAULT 'playing');
        CREATE TABLE players (table_id TEXT NOT NULL REFERENCES tables(id), player INTEGER NOT NULL,
            kind TEXT NOT NULL, bot TEXT, name TEXT NOT NULL, token TEXT, PRIMARY KEY (table_id, player));
        CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL,
            hand INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (table_id, n));
    """)
    old.execute("INSERT INTO tables VALUES ('old1', 'mcr', ?, 7, 1, 0.0, 'playing')",
                (json.dumps(find_ruleset("mcr").options()),))
    old.executemany("INSERT INTO players VALUES ('old1', ?, ?, ?, ?, ?)",
                    [(0, "open", None, "Ann", "tok0"), *[(p, "bot", "random", f"bot {p}", None)
                                                          for p in (1, 2, 3)]])
    old.commit()
    old.close()
    with _client_at(db) as client:
        assert client.get("/api/tables/old1").json()["practice"] is None
        with client.websocket_connect("/ws/tables/old1?player=0&token=tok0") as ws:
            state = ws.receive_json()
        assert state["you"] == 0 and state["deal"] == {"commitment": None, "practice": None}


def _client_at(db: Path) -> TestClient:
    return TestClient(create_app(db, claim_seconds=60, away_seconds=600, pause_seconds=0, window_seconds=0,
                                 pages=False, allow_hosts=["testserver"]))

"""Rooms by number (房号) and a player's tables and games, over HTTP, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import profiles
from fastapi.testclient import TestClient

from majiang.web import accounts
from majiang.web.app import create_app

OPEN_TABLE = {"players": ["open", "open", "bot:random", "open"], "seed": 3}


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "PROFILE", profiles.CHEAPEST)


def app_for(database: str) -> Any:
    return create_app(database, claim_seconds=600, away_seconds=600, window_seconds=0, pause_seconds=0,
                      pages=False, allow_hosts=["testserver"])


@pytest.fixture
def app(database: str) -> Iterator[TestClient]:
    with TestClient(app_for(database)) as client:
        yield client


def other(main: TestClient, address: str) -> TestClient:
    """Another browser, at another address (each client has its own limits), served by ``main``'s event
    loop (the one the tables' tasks run on)."""
    client = TestClient(main.app, client=(address, 50000))
    client.portal = main.portal
    return client


def wait_finished(client: TestClient, table_id: str) -> None:
    limit = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < limit, "the bots' table did not finish"
        time.sleep(0.02)


def test_a_friend_types_the_room_number_and_takes_an_open_seat(app: TestClient) -> None:
    host, friend = other(app, "10.0.0.1"), other(app, "10.0.0.2")
    created = host.post("/api/tables", json=OPEN_TABLE).json()
    room = created["room"]
    assert len(room) == 6 and room.isdigit()
    assert all("room" not in t for t in host.get("/api/tables").json())  # never listed: a capability
    seen = friend.get(f"/api/rooms/{room}").json()
    assert seen["id"] == created["id"] and seen["watch"] == f"/table/{created['id']}"
    assert [p["open"] for p in seen["players"]] == [False, True, False, True]
    taken = friend.post(f"/api/rooms/{room}/seats/3").json()
    assert taken["join"] == f"/table/{created['id']}?player=3&token={taken['token']}"
    again = other(app, "10.0.0.3").post(f"/api/rooms/{room}/seats/3")
    assert again.status_code == 409 and "not an open seat" in again.json()["error"]
    now = friend.get(f"/api/rooms/{room}").json()
    assert [p["open"] for p in now["players"]] == [False, True, False, False]
    # The seated see the number on the table page; spectators do not.
    with friend.websocket_connect(f"/ws/tables/{created['id']}?player=3&token={taken['token']}") as ws:
        assert ws.receive_json()["room"] == room
    with friend.websocket_connect(f"/ws/tables/{created['id']}") as ws:
        assert ws.receive_json()["room"] is None
    # The invitation of that seat is used up too.
    invite = created["players"][3]["invite"].split("invite=")[1]
    used = host.post(f"/api/tables/{created['id']}/seats/3", json={"invite": invite})
    assert used.status_code == 409


def test_unknown_rooms_and_guessing(app: TestClient) -> None:
    guesser = other(app, "10.0.0.9")
    for number in ("12345", "1234567", "１２３４５６", "abcdef"):
        answer = guesser.get(f"/api/rooms/{number}")
        assert answer.status_code == 404 and "a room number has six digits" in answer.json()["error"]
    answer = guesser.get("/api/rooms/000000")
    if answer.status_code == 404:  # (the one table in a million that has it: none here)
        assert "no table is being played in room '000000'" in answer.json()["error"]
    for _ in range(5):
        guesser.post("/api/rooms/000001/seats/0")
    refused = guesser.get("/api/rooms/000002")
    assert refused.status_code == 429
    assert "too many room-number look-ups from one client: at most 10 every 600 s" in refused.json()["error"]
    assert other(app, "10.0.0.10").get("/api/rooms/000002").status_code == 404  # others are not held up


def test_a_finished_tables_number_is_free(app: TestClient) -> None:
    client = other(app, "10.0.0.1")
    done = client.post("/api/tables", json={"players": ["bot:random"] * 4, "hands": 1, "seed": 2}).json()
    wait_finished(client, done["id"])
    answer = client.get(f"/api/rooms/{done['room']}")
    assert answer.status_code == 404
    tables = app.app.state.tables  # type: ignore[attr-defined]
    client.post("/api/tables", json=OPEN_TABLE)
    assert done["room"] not in tables.rooms  # forgotten when the next number was drawn


def test_my_tables_and_games_on_any_device(database: str) -> None:
    with TestClient(app_for(database)) as app:
        phone = other(app, "10.0.0.1")
        assert phone.get("/api/me/tables").status_code == 401
        phone.post("/api/accounts", json={"name": "Ann", "password": "correct horse"})
        mine = phone.post("/api/tables", json=OPEN_TABLE).json()
        token = mine["players"][0]["token"]
        # A table of another's, whose seat Ann takes by its number, logged in.
        theirs = other(app, "10.0.0.5").post("/api/tables", json=OPEN_TABLE).json()
        seat = phone.post(f"/api/rooms/{theirs['room']}/seats/1").json()
        # Bots only, Ann's seat none: not hers. A guest's seat at Ann's table: not hers either.
        guest = other(app, "10.0.0.6")
        guest.post(f"/api/rooms/{mine['room']}/seats/1")
        laptop = other(app, "10.0.0.7")
        laptop.post("/api/login", json={"name": "ann", "password": "correct horse"})
        listed = laptop.get("/api/me/tables").json()
        assert listed["name"] == "Ann" and listed["finished"] == []
        assert [(t["id"], t["player"], t["join"]) for t in listed["playing"]] == [
            (theirs["id"], 1, seat["join"]),
            (mine["id"], 0, f"/table/{mine['id']}?player=0&token={token}")]  # newest first
        assert listed["playing"][1]["room"] == mine["room"]
        # The seat is rejoined from the laptop with the link the list gives.
        with laptop.websocket_connect(f"/ws/tables/{mine['id']}?player=0&token={token}") as ws:
            assert ws.receive_json()["you"] == 0
        assert guest.get("/api/me/tables").status_code == 401
    # After a restart: the same lists, the same room numbers.
    with TestClient(app_for(database)) as again:
        laptop = other(again, "10.0.0.7")
        laptop.post("/api/login", json={"name": "Ann", "password": "correct horse"})
        assert [t["id"] for t in laptop.get("/api/me/tables").json()["playing"]] == [theirs["id"], mine["id"]]
        assert other(again, "10.0.0.8").get(f"/api/rooms/{mine['room']}").json()["id"] == mine["id"]


def test_my_finished_games_with_replay_and_record(database: str) -> None:
    # away 0: the stand-in plays Ann's seat at once, so her one-hand match ends by itself
    with TestClient(create_app(database, claim_seconds=0, away_seconds=0, window_seconds=0, pause_seconds=0,
                               pages=False, allow_hosts=["testserver"])) as app:
        ann = other(app, "10.0.0.1")
        ann.post("/api/accounts", json={"name": "Ann", "password": "correct horse"})
        created = ann.post("/api/tables", json={"players": ["open", "bot:random", "bot:random", "bot:random"],
                                                "hands": 1, "seed": 2}).json()
        wait_finished(ann, created["id"])
        games = ann.get("/api/me/tables").json()
        assert games["playing"] == []
        [game] = games["finished"]
        assert game["replay"] == f"/replay?game={created['id']}" and len(game["totals"]) == 4
        record = ann.get(game["record"])
        assert record.status_code == 200
        assert json.loads(record.text.splitlines()[0])["format"] == "majiang-record"
        assert f'filename="{created["id"]}.jsonl"' in record.headers["content-disposition"]

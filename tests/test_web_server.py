"""The web server over Starlette's TestClient: play, every refusal, hidden tiles, reconnects, stand-ins."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.records import check_record
from majiang.web.app import MAX_MESSAGE_BYTES, create_app
from majiang.web.store import Store, StoreError
from majiang.web.tables import Table, Tables

TILE = re.compile(r"(?<![\w])([1-9][mps]|[ESWNCFP])(?![\w])")
_PUBLIC_KEYS = {"discards", "melds", "last_discard", "robbing", "won", "round_wind", "seat_wind", "info",
                "note", "declared"}
_OWN_KEYS = {"standing", "drawn", "legal", "choices"}
VIEW_KEYS = {"phase", "current", "dealer", "dice", "seat_wind", "round_wind", "standing", "drawn",
             "concealed", "melds", "hidden_kongs", "flowers", "discards", "last_discard", "robbing",
             "wall_left", "scores", "active", "won", "badges", "to_act", "legal", "hands", "result", "note",
             "info", "declared", "choices", "void"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "t.db", claim_seconds=60, away_seconds=600, pause_seconds=60,
                     window_seconds=0, pages=False, allow_hosts=["testserver"])
    with TestClient(app) as c:
        yield c


def tables(client: TestClient) -> Tables:
    found: Tables = client.app.state.tables  # type: ignore[attr-defined]
    return found


def new_table(client: TestClient, players: list[str], hands: int = 1, seed: int = 5) -> dict[str, Any]:
    r = client.post("/api/tables", json={"hands": hands, "seed": seed, "players": players})
    assert r.status_code == 201, r.text
    body = r.json()
    assert isinstance(body, dict)
    return body


def token_of(client: TestClient, created: dict[str, Any], player: int) -> str:
    """The seat's token: the creator's from the create answer, a friend's by opening its invitation."""
    entry = created["players"][player]
    if "token" not in entry:
        invite = entry["invite"].rpartition("invite=")[2]
        r = client.post(f"/api/tables/{created['id']}/seats/{player}", json={"invite": invite})
        assert r.status_code == 200, r.text
        entry["token"] = r.json()["token"]
    token: str = entry["token"]
    return token


def join(client: TestClient, created: dict[str, Any], player: int | None) -> WebSocketTestSession:
    url = f"/ws/tables/{created['id']}"
    if player is not None:
        url += f"?player={player}&token={token_of(client, created, player)}"
    return client.websocket_connect(url)


def tile_mentions(value: object, skip: set[str]) -> list[str]:
    """Every tile written in ``value`` outside the keys ``skip``."""
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in skip for t in tile_mentions(v, skip)]
    if isinstance(value, list):
        return [t for v in value for t in tile_mentions(v, skip)]
    if isinstance(value, str):
        return TILE.findall(value)
    return []


def check_private(message: dict[str, Any]) -> None:
    """A state during play names tiles only in the seat's own fields and the public ones."""
    view = message["view"]
    assert set(view) == VIEW_KEYS
    if view["phase"] == "over":
        return
    assert view["hands"] is None and view["result"] is None
    # furiten tells what a seat waits on: only the seat itself sees it (a spectator sees no one's)
    furiten = [s for s in range(4) if "furiten" in view["info"]["marks"][s]]
    assert furiten in ([], [message["seat"]])
    assert view["info"]["tiles"].get("ura", []) == []
    skip = _PUBLIC_KEYS | _OWN_KEYS
    assert tile_mentions(view, skip) == []
    assert tile_mentions({k: v for k, v in message.items() if k not in ("view", "round_wind")}, set()) == []
    if message["seat"] is None:
        assert view["standing"] == [] and view["drawn"] is None and view["legal"] == []
    else:
        assert len(view["standing"]) == view["concealed"][message["seat"]]


def play_human(ws: WebSocketTestSession, table: Table, player: int, *,
               claims: bool = True) -> list[dict[str, Any]]:
    """Drive ``player`` through the match (first legal action; with ``claims`` False it never answers a
    claim window); returns every state received."""
    states = []
    answered: set[int] = set()
    while True:
        message = ws.receive_json()
        if message["type"] == "error" and message["code"] == "stale":
            # An answer after the window closed (by itself, as a pass) or a repeated one: the states that
            # came before this error say what is asked now.
            continue
        assert message["type"] == "state", message
        states.append(message)
        check_private(message)
        view = message["view"]
        if message["status"] == "finished":
            return states
        if message["waiting_next"]:
            if message["step"] not in answered:
                answered.add(message["step"])
                ws.send_json({"type": "next"})
            continue
        if view["legal"] and message["step"] not in answered:
            if view["phase"] == "turn":
                # The table waits for this seat alone: what it was sent is what the game holds.
                game = table.match.game
                held = game.standing_tiles(message["seat"])
                assert sorted(view["standing"]) == sorted(t.notation() for t in held)
                for s in range(4):  # others' concealed kongs are counted, never shown
                    shown = [m.notation() for m in game.melds[s]
                             if s == message["seat"] or not m.is_concealed_kong]
                    assert view["melds"][s] == shown
                    assert view["hidden_kongs"][s] == len(game.melds[s]) - len(shown)
            elif not claims:
                continue
            answered.add(message["step"])
            ws.send_json({"type": "act", "action": view["legal"][0], "step": message["step"]})


def check_exported(client: TestClient, table_id: str, tmp_path: Path) -> str:
    r = client.get(f"/api/games/{table_id}/record")
    assert r.status_code == 200
    path = tmp_path / f"{table_id}.jsonl"
    path.write_text(r.text, encoding="utf-8")
    report = check_record(path)
    assert report.ok, str(report)
    return str(r.text)


def test_rulesets_and_bots(client: TestClient) -> None:
    names = [r["name"] for r in client.get("/api/rulesets").json()]
    assert "mcr" in names and "sichuan" in names
    assert "fan-aware" in client.get("/api/bots").json()


@pytest.mark.parametrize("body, word", [
    ({"rules": "nope"}, "nope"),
    ({"options": ["no_such=1"]}, "no_such"),
    ({"hands": 17}, "hands"),
    ({"players": ["open", "bot:nobody", "open", "open"]}, "nobody"),
    ({"players": ["open"]}, "four"),
    ({"seed": "x"}, "seed"),
    ({"colour": 1}, "colour"),
])
def test_create_refuses_bad_bodies(client: TestClient, body: dict[str, Any], word: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and word in r.json()["error"]
    assert client.get("/api/tables").json() == []


def test_a_table_takes_its_length_from_the_ruleset(client: TestClient) -> None:
    r = client.post("/api/tables", json={"rules": "botzone", "players": ["open"] * 4})
    assert r.status_code == 201, r.text
    assert client.get(f"/api/tables/{r.json()['id']}").json()["hands"] == 1
    r = client.post("/api/tables", json={"rules": "mcr", "options": ["single_hand=true"], "hands": 4,
                                         "players": ["open"] * 4})
    assert r.status_code == 400 and "single_hand=true: a match is one hand, not 4" in r.json()["error"]


def test_human_plays_a_hand_against_bots(client: TestClient, tmp_path: Path) -> None:
    created = new_table(client, ["open", "bot:random", "bot:random", "bot:random"], seed=11)
    table = tables(client).get(created["id"])
    with join(client, created, 0) as ws:
        states = play_human(ws, table, 0)
    assert states[-1]["match_over"] and states[-1]["view"]["result"] is not None
    assert client.get(f"/api/tables/{created['id']}").json()["status"] == "finished"
    text: str = check_exported(client, created["id"], tmp_path)
    header = json.loads(text.splitlines()[0])
    assert header["players"][0] == "player 1" and header["seed"] == 11
    # Every action the human sent is in the record, in its seat.
    acts = [json.loads(line) for line in text.splitlines() if '"e":"act"' in line]
    assert sum(1 for a in acts if a["seat"] == states[0]["seat"]) >= 1


def test_two_people_play_together(client: TestClient, tmp_path: Path) -> None:
    created = new_table(client, ["open", "bot:random", "open", "bot:random"], seed=17)
    table = tables(client).get(created["id"])
    results: dict[int, list[dict[str, Any]]] = {}
    errors: list[BaseException] = []

    def seat(player: int) -> None:
        try:
            with join(client, created, player) as ws:
                results[player] = play_human(ws, table, player)
        except BaseException as err:  # reported by the main thread
            errors.append(err)

    threads = [threading.Thread(target=seat, args=(p,)) for p in (0, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    assert not errors, errors
    assert results[0][-1]["status"] == results[2][-1]["status"] == "finished"
    text = check_exported(client, created["id"], tmp_path)
    acts = [json.loads(line) for line in text.splitlines() if '"e":"act"' in line]
    assert {a["seat"] for a in acts} >= {results[0][0]["seat"], results[2][0]["seat"]}


def test_bots_only_table_finishes_and_is_recorded(client: TestClient, tmp_path: Path) -> None:
    created = new_table(client, ["bot:random"] * 4, hands=2, seed=3)
    with join(client, created, None) as ws:
        while True:
            message = ws.receive_json()
            check_private(message)
            if message["status"] == "finished":
                break
    check_exported(client, created["id"], tmp_path)


BUILT_IN = [name for name in ruleset_names() if type(find_ruleset(name)).__module__.startswith("majiang.")]
"""The rulesets majiang registers (other tests register their own in the same process)."""
OPTIONS = {"exchange": "dice", "declare_void": "true", "false_win": "penalty"}
"""Options set where the ruleset has them (the opening phases of Sichuan, the false-win charge)."""


@pytest.mark.parametrize("rules", BUILT_IN)
def test_every_ruleset_plays_with_a_person(client: TestClient, rules: str, tmp_path: Path) -> None:
    options = [f"{k}={v}" for k, v in OPTIONS.items() if k in find_ruleset(rules).options()]
    r = client.post("/api/tables", json={"rules": rules, "options": options, "hands": 1, "seed": 13,
                                         "players": ["bot:random", "open", "bot:efficiency", "bot:random"]})
    assert r.status_code == 201, r.text
    created = r.json()
    table = tables(client).get(created["id"])
    with join(client, created, 1) as ws:
        play_human(ws, table, 1)
    text = check_exported(client, created["id"], tmp_path)
    header = json.loads(text.splitlines()[0])
    assert header["rules"] == rules and header["options"] == table.rules.options()


def test_yangzhou_in_the_lobby_and_at_a_table(client: TestClient, tmp_path: Path) -> None:
    """Yangzhou (扬州麻将): the lobby's options come labelled in Chinese and English from its describer, and a
    table with the 20-番 minimum plays a hand with a person and exports a record that checks."""
    entry = next(r for r in client.get("/api/rulesets").json() if r["name"] == "yangzhou")
    schema = {o["name"]: o for o in entry["schema"]}
    minimum = schema["minimum"]
    assert (minimum["minimum"], minimum["maximum"], minimum["step"]) == (18, 20, 2)
    # the catalogue's words, and the rule's Chinese name
    assert schema["minimum"]["help"] == "The fewest fans a win needs: 18 or 20. (起和番数)"
    assert schema["combined"]["choices"] == ["replace", "add"]
    players = ["bot:efficiency", "open", "bot:efficiency", "bot:random"]
    r = client.post("/api/tables", json={"rules": "扬州", "options": ["minimum=20"], "hands": 1, "seed": 21,
                                         "players": players})
    assert r.status_code == 201, r.text
    created = r.json()
    table = tables(client).get(created["id"])
    with join(client, created, 1) as ws:
        play_human(ws, table, 1)
    header = json.loads(check_exported(client, created["id"], tmp_path).splitlines()[0])
    assert header["rules"] == "yangzhou" and header["options"]["minimum"] == 20


def snapshot(table: Table) -> str:
    states = [table.state(p) for p in (None, 0, 1, 2, 3)]
    for s in states:  # the clocks' times (a restart starts the absent players' clocks again)
        s.pop("deadline")
        for p in s["players"]:
            p.pop("away_at")
    return json.dumps([table.step, states], sort_keys=True)


def wait_turn(ws: WebSocketTestSession) -> dict[str, Any]:
    """States until ``ws``'s seat is to act on its own turn (the table then waits for it alone); it
    passes in the claim windows on the way."""
    passed: set[int] = set()
    while True:
        message = ws.receive_json()
        if message["type"] != "state":
            continue
        view = message["view"]
        if view["phase"] == "turn" and message["seat"] == view["current"]:
            assert isinstance(message, dict)
            return message
        if message["seat"] in view["to_act"] and "pass" in view["legal"] and message["step"] not in passed:
            passed.add(message["step"])
            ws.send_json({"type": "act", "action": "pass", "step": message["step"]})


def expect_error(ws: WebSocketTestSession, code: str) -> None:
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            assert message["code"] == code, message
            return


def test_every_refusal_changes_nothing(client: TestClient) -> None:
    created = new_table(client, ["open", "open", "bot:random", "bot:random"], seed=2)
    table = tables(client).get(created["id"])
    with join(client, created, 0) as ws0, join(client, created, 1) as ws1, join(client, created, None) as spy:
        # Player 0 deals in hand 1, so its turn comes first and the table waits for it.
        state = wait_turn(ws0)
        before = snapshot(table)
        not_held = next(t for t in ("1m", "2m", "3m", "4m", "5m", "E", "C")
                        if t not in state["view"]["standing"])
        attempts: list[tuple[WebSocketTestSession, Any, str]] = [
            (ws0, {"type": "act", "action": f"discard {not_held}"}, "illegal"),
            (ws0, {"type": "act", "action": "pung"}, "illegal"),
            (ws0, {"type": "act", "action": "dance 5m"}, "bad-action"),
            (ws0, {"type": "act", "action": 5}, "bad-message"),
            (ws0, {"type": "act", "action": state["view"]["legal"][0], "step": state["step"] + 5}, "stale"),
            (ws1, {"type": "act", "action": state["view"]["legal"][0]}, "not-your-turn"),
            (ws1, {"type": "act", "action": "pass"}, "not-your-turn"),
            (ws0, {"type": "next"}, "bad-message"),
            (ws0, {"type": "dance"}, "bad-message"),
            (ws0, ["act"], "bad-message"),
            (ws0, "{not json", "bad-json"),
            (ws0, '{"type": "chat", "text": "\\ud800"}', "bad-json"),
            (ws0, "x" * (MAX_MESSAGE_BYTES + 1), "too-big"),
            (spy, {"type": "act", "action": state["view"]["legal"][0]}, "spectator"),
        ]
        for ws, message, code in attempts:
            if isinstance(message, str):
                ws.send_text(message)
            else:
                ws.send_text(json.dumps(message))
            expect_error(ws, code)
            assert snapshot(table) == before, (message, code)
        # The table still plays: the right action from the right seat is taken.
        ws0.send_json({"type": "act", "action": state["view"]["legal"][0], "step": state["step"]})
        while (m := ws0.receive_json())["type"] != "state" or m["step"] <= state["step"]:
            pass
        assert table.step > state["step"]
        # The same click again (answering the old state) is refused as stale, whatever it would do now.
        step = table.step
        ws0.send_json({"type": "act", "action": state["view"]["legal"][0], "step": state["step"]})
        expect_error(ws0, "stale")
        assert table.step >= step


@pytest.mark.parametrize("query, code", [
    ("?player=0&token=wrong", "bad-token"),
    ("?player=1&token={t0}", "bad-token"),  # another seat's token
    ("?player=2&token={t0}", "bad-token"),  # a bot's seat
    ("?player=7&token={t0}", "bad-token"),
    ("?player=0", "bad-token"),
])
def test_wrong_tokens_are_refused(client: TestClient, query: str, code: str) -> None:
    created = new_table(client, ["open", "open", "bot:random", "bot:random"])
    table = tables(client).get(created["id"])
    before = snapshot(table)
    url = f"/ws/tables/{created['id']}" + query.format(t0=created["players"][0]["token"])
    with client.websocket_connect(url) as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["code"] == code
    assert snapshot(table) == before and table.conns == {}


def test_unknown_table(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nothere") as ws:
        assert ws.receive_json()["code"] == "unknown-table"
    assert client.get("/api/tables/nothere").status_code == 404
    assert client.get("/api/games/nothere/record").status_code == 404


def test_unfinished_record_is_not_exported(client: TestClient) -> None:
    created = new_table(client, ["open", "bot:random", "bot:random", "bot:random"])
    assert client.get(f"/api/games/{created['id']}/record").status_code == 409


def test_reconnect_and_replace(client: TestClient) -> None:
    created = new_table(client, ["open", "bot:random", "bot:random", "bot:random"], seed=4)
    with join(client, created, 0) as ws:
        first = wait_turn(ws)
    with join(client, created, 0) as ws:
        again = wait_turn(ws)
        assert again["step"] == first["step"] and again["view"]["standing"] == first["view"]["standing"]
        with join(client, created, 0) as ws2:
            wait_turn(ws2)
            expect_error(ws, "replaced")
            # The replaced socket is closed: it can no longer act for the seat.
            with pytest.raises(WebSocketDisconnect):
                while True:
                    ws.receive_json()
            assert tables(client).get(created["id"]).step == again["step"]
            ws2.send_json({"type": "act", "action": again["view"]["legal"][0]})
            while (m := ws2.receive_json())["type"] != "state" or m["step"] <= again["step"]:
                pass


def test_claim_deadline_passes_for_a_silent_player(tmp_path: Path) -> None:
    app = create_app(tmp_path / "d.db", claim_seconds=0.05, away_seconds=600, pause_seconds=0.05,
                     window_seconds=0, pages=False, allow_hosts=["testserver"])
    with TestClient(app) as client:
        created = new_table(client, ["open", "bot:random", "bot:random", "bot:random"], seed=9)
        table = tables(client).get(created["id"])
        with join(client, created, 0) as ws:
            states = play_human(ws, table, 0, claims=False)
        asked = [s for s in states if s["view"]["phase"] == "claim" and s["view"]["legal"]]
        assert asked and all(s["deadline"] is not None for s in asked)
        text: str = check_exported(client, created["id"], tmp_path)
    seat = states[0]["seat"]
    acts = [json.loads(line) for line in text.splitlines() if '"e":"act"' in line]
    assert any(a["seat"] == seat and a["a"] == "pass" for a in acts)


def test_away_player_is_played_by_the_standin(tmp_path: Path) -> None:
    app = create_app(tmp_path / "a.db", claim_seconds=60, away_seconds=0.05, pause_seconds=60,
                     window_seconds=0, pages=False, allow_hosts=["testserver"])
    with TestClient(app) as client:
        created = new_table(client, ["open", "open", "bot:random", "bot:random"], seed=6, hands=1)
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{created['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the stand-ins did not finish the hand"
            time.sleep(0.05)
        summary = client.get(f"/api/tables/{created['id']}").json()
        assert [p["away"] for p in summary["players"]] == [True, True, False, False]
        check_exported(client, created["id"], tmp_path)


def test_store_survives_restart(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    app = create_app(db, claim_seconds=60, away_seconds=600, pause_seconds=60,
                     window_seconds=0, pages=False, allow_hosts=["testserver"])
    with TestClient(app) as client:
        created = new_table(client, ["open", "bot:random", "bot:random", "bot:random"], seed=8, hands=2)
        done = new_table(client, ["bot:random"] * 4, seed=1, hands=1)
        table = tables(client).get(created["id"])
        with join(client, created, 0) as ws:
            for _ in range(3):
                state = wait_turn(ws)
                ws.send_json({"type": "act", "action": state["view"]["legal"][0], "step": state["step"]})
            state = wait_turn(ws)
        before = snapshot(table)
        while client.get(f"/api/tables/{done['id']}").json()["status"] != "finished":
            time.sleep(0.02)
    # The shown step counts the stored actions and the passes shown of seats that could only pass.
    assert len(Store(db).actions(created["id"])) == table.step <= state["step"] == table.shown_step
    again = create_app(db, claim_seconds=60, away_seconds=600, pause_seconds=60,
                     window_seconds=0, pages=False, allow_hosts=["testserver"])
    with TestClient(again) as client:
        assert snapshot(tables(client).get(created["id"])) == before
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        statuses = {k: t["status"] for k, t in listed.items()}
        assert statuses == {created["id"]: "playing", done["id"]: "finished"}
        text = check_exported(client, done["id"], tmp_path)
        final = json.loads(text.splitlines()[-1])
        assert listed[done["id"]]["totals"] == final["totals"]
        # Looked at, the finished table is re-played: its last hand shows, over, with the same totals.
        with join(client, done, None) as ws:
            message = ws.receive_json()
        assert message["match_over"] and message["view"]["phase"] == "over"
        assert [p["total"] for p in message["players"]] == final["totals"]


def test_a_damaged_store_is_refused_by_name(tmp_path: Path) -> None:
    db = tmp_path / "bad.db"
    app = create_app(db, claim_seconds=60, away_seconds=600, window_seconds=0, pages=False,
                     allow_hosts=["testserver"])
    with TestClient(app) as client:
        created = new_table(client, ["bot:random", "open", "bot:random", "bot:random"], seed=8)
        with join(client, created, 1) as ws:
            wait_turn(ws)  # the dealer (a bot) has acted by then
    store = Store(db)
    assert store.actions(created["id"])
    store.close()
    with contextlib.closing(sqlite3.connect(db)) as damage, damage:
        damage.execute("UPDATE actions SET action = 'pung' WHERE n = 0")
    with pytest.raises(StoreError, match=f"table {created['id']} cannot be resumed"), \
            TestClient(create_app(db, window_seconds=0, pages=False, allow_hosts=["testserver"])):
        pass


def test_the_score_sheet_is_up_to_date_when_a_hand_ends(client: TestClient) -> None:
    """The server's sheet has the hand's row, and every total includes it, as soon as the hand ends (the
    totals once lagged a hand, until the next was dealt); a spectator is shown the same sheet."""
    players = ["open", "bot:efficiency", "bot:efficiency", "bot:efficiency"]
    created = new_table(client, players, hands=2, seed=4)
    with join(client, created, 0) as ws:
        while True:
            state = ws.receive_json()
            if state["type"] != "state":
                continue
            view = state["view"]
            if view["phase"] == "over":
                break
            if view["legal"] and state["acted"] != state["step"]:
                action = "pass" if "pass" in view["legal"] else view["legal"][-1]
                ws.send_json({"type": "act", "action": action, "step": state["step"]})
        sheet = state["sheet"]
        assert [row["hand"] for row in sheet["rows"]] == [1]
        deltas = sheet["rows"][0]["deltas"]
        assert any(deltas) and sheet["totals"] == deltas  # Chinese Official starts from 0
        assert [p["total"] for p in state["players"]] == deltas
        assert sheet["rows"][0]["winners"] == [p for p in range(4) if deltas[p] > 0]
        with join(client, created, None) as watcher:
            assert watcher.receive_json()["sheet"] == sheet

"""Tournaments on the server (``majiang.web.tournaments``) over HTTP: a 16-player, 4-round tournament with
duplicate walls run to standings by referee sheets and by bots, refusals that change nothing, the organiser
alone changing it, the optimistic concurrency (409), an abandoned table, the exports."""

from __future__ import annotations

import csv
import io
import itertools
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import profiles
from fastapi.testclient import TestClient

import majiang.web
from majiang.tournament import ERROR_CODES, Tournament, TournamentError
from majiang.web import accounts
from majiang.web.app import create_app
from majiang.web.store import Store, accounts_t, tournaments_t
from majiang.web.tournament_store import Stored
from majiang.web.tournaments import ERROR_STATUS, Refusal, _read, _state, _write, refusal_of

PLAYERS = [f"P{i:02d}" for i in range(16)]


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "PROFILE", profiles.CHEAPEST)


def other(main: TestClient, address: str) -> TestClient:
    """Another browser, at another address, served by ``main``'s event loop."""
    client = TestClient(main.app, client=(address, 50000))
    client.portal = main.portal
    return client


def signed_up(main: TestClient, address: str, name: str) -> TestClient:
    client = other(main, address)
    assert client.post("/api/accounts", json={"name": name, "password": "correct horse"}).status_code == 201
    return client


@pytest.fixture
def server(database: str) -> Iterator[TestClient]:
    app = create_app(database, pages=False, allow_hosts=["testserver"])
    with TestClient(app) as client:
        yield client


def created(ann: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"name": "Club night", "players": PLAYERS, "rounds": 4, "seed": 7, "hands": 1, **fields}
    answer = ann.post("/api/tournaments", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def sheet(players: list[str], place: int) -> list[int]:
    """Zero-sum totals in seat order, the ``place``-th rotation of 30/10/-15/-25."""
    values = [30, 10, -15, -25]
    return [values[(i + place) % 4] for i in range(len(players))]


def test_a_sixteen_player_tournament_runs_to_standings(server: TestClient, monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    jobs = server.app.state.jobs  # type: ignore[attr-defined]
    ran: list[str] = []
    real = jobs.run

    async def run(function: Any, *args: Any) -> Any:  # which work went to the worker processes
        ran.append(function.__name__)
        return await real(function, *args)

    monkeypatch.setattr(jobs, "run", run)
    ann = signed_up(server, "10.0.0.1", "Ann")
    t = created(ann)
    tid, version = t["id"], t["version"]
    assert t["organiser"] == "Ann" and t["players"] == PLAYERS and t["can_pair"] and not t["finished"]
    assert ann.get("/api/tournaments").json()["tournaments"][0]["id"] == tid
    met: set[frozenset[str]] = set()
    for number in range(1, 5):
        paired = ann.post(f"/api/tournaments/{tid}/rounds", json={"version": version})
        assert paired.status_code == 200, paired.text
        rnd = paired.json()["rounds"][-1]
        version = paired.json()["version"]
        assert rnd["number"] == number and len(rnd["tables"]) == 4 and not rnd["finished"]
        # duplicate walls: one seed for the round, every table plays it; rounds differ
        assert rnd["seed"] == Tournament(PLAYERS, 4, seed=7).round_seed(number)
        for table in rnd["tables"]:
            pairs = {frozenset(p) for p in itertools.combinations(table["players"], 2)}
            assert not pairs & met, "a pair met twice"
            met |= pairs
        base = f"/api/tournaments/{tid}/rounds/{number}/tables"
        one, _, three, four = rnd["tables"]
        # table 1 by final totals (seat order), table 2 by bots, table 3 by per-hand changes by name,
        # table 4 by totals by name
        answer = ann.post(f"{base}/1/result",
                          json={"totals": sheet(one["players"], number), "version": version})
        assert answer.status_code == 200, answer.text
        answer = ann.post(f"{base}/2/play", json={"bot": "efficiency"})
        assert answer.status_code == 200, answer.text
        played = answer.json()["rounds"][-1]["tables"][1]["result"]
        assert played["played"] and len(played["hands"]) == 1 and sum(played["totals"]) == 0
        hand = dict(zip(three["players"], [8, -8, 24, -24], strict=True))
        answer = ann.post(f"{base}/3/result", json={"hands": [hand]})
        assert answer.status_code == 200, answer.text
        answer = ann.post(f"{base}/4/result",
                          json={"totals": dict(zip(four["players"], [0, 0, 0, 0], strict=True))})
        assert answer.status_code == 200, answer.text
        now = answer.json()
        version = now["version"]
        assert now["rounds"][-1]["finished"]
        assert now["rounds"][-1]["tables"][2]["result"]["totals"] == [8, -8, 24, -24]
        assert now["rounds"][-1]["tables"][3]["result"]["table_points"] == [1.75] * 4
    assert len(met) == 4 * 4 * 6  # 96 different pairs: nobody met anyone twice
    assert ran == ["pair_job", "play_job"] * 4  # pairing and bots never on the loop
    final = ann.get(f"/api/tournaments/{tid}").json()
    assert final["finished"] and not final["can_pair"]
    standings = final["standings"]
    assert len(standings) == 16 and standings[0]["place"] == 1
    assert sum(s["table_points"] for s in standings) == 4 * 4 * 7  # 4+2+1+0 per table
    assert all(s["tables"] == 4 and None not in s["rounds"] for s in standings)
    points = [s["table_points"] for s in standings]
    assert points == sorted(points, reverse=True)
    # the exports are the tournament module's, of the stored tournament
    text = ann.get(f"/api/tournaments/{tid}/standings.csv")
    assert text.status_code == 200 and text.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(text.text)))
    assert rows[0][-4:] == ["round_1", "round_2", "round_3", "round_4"] and len(rows) == 17
    assert [r[1] for r in rows[1:]] == [s["player"] for s in standings]
    page = ann.get(f"/api/tournaments/{tid}/standings.html")
    assert page.status_code == 200 and "<h2>Round 4</h2>" in page.text and "Club night" in page.text
    policy = page.headers["content-security-policy"]
    assert "style-src 'sha256-" in policy and "script-src" not in policy and "default-src 'none'" in policy
    listed = ann.get("/api/tournaments").json()["tournaments"][0]
    assert listed["finished"] and listed["rounds_paired"] == 4 and listed["players"] == 16


def test_refusals_change_nothing_and_abandoned_tables(server: TestClient) -> None:
    ann = signed_up(server, "10.0.0.1", "Ann")
    bob = signed_up(server, "10.0.0.2", "Bob")
    guest = other(server, "10.0.0.3")

    def refused(client: TestClient, path: str, body: Any, status: int, code: str) -> dict[str, Any]:
        answer = client.post(path, json=body)
        assert answer.status_code == status, answer.text
        out: dict[str, Any] = answer.json()
        assert out["code"] == code, out
        return out

    refused(guest, "/api/tournaments", {"players": PLAYERS, "rounds": 4}, 401, "login")
    out = refused(ann, "/api/tournaments", {"players": ["A", "B", "C", "A"], "rounds": 1}, 400, "twice")
    assert out["params"] == {"name": "A"}
    out = refused(ann, "/api/tournaments", {"players": "A, B, C", "rounds": 1}, 400, "few")
    assert out["params"]["n"] == "3"
    assert "mcr" in refused(ann, "/api/tournaments", {"players": PLAYERS, "rounds": 1, "rules": "go"}, 400,
                            "rules")["error"]
    refused(ann, "/api/tournaments", {"players": PLAYERS[:10], "rounds": 1, "byes": "refuse"}, 400, "refuse")
    refused(ann, "/api/tournaments", {"players": PLAYERS, "rounds": 0}, 400, "rounds")
    refused(ann, "/api/tournaments", {"players": PLAYERS, "rounds": 1, "options": {"nope": 1}}, 400, "option")
    refused(ann, "/api/tournaments", {"players": PLAYERS, "rounds": 1, "options": ["nope=1"]}, 400, "option")
    refused(ann, "/api/tournaments", {"players": PLAYERS, "rounds": 1, "colour": "red"}, 400, "unknown_field")
    assert ann.get("/api/tournaments").json()["tournaments"] == []

    t = created(ann)
    tid = t["id"]
    base = f"/api/tournaments/{tid}"
    refused(bob, f"{base}/rounds", {}, 403, "organiser")
    refused(guest, f"{base}/rounds", {}, 401, "login")
    refused(ann, f"{base}/rounds/1/tables/1/result", {"totals": [0, 0, 0, 0]}, 404, "no_round")
    paired = ann.post(f"{base}/rounds", json={}).json()
    table = paired["rounds"][0]["tables"][0]
    before = ann.get(base).json()
    refused(ann, f"{base}/rounds", {}, 409, "unfinished")
    first, play = f"{base}/rounds/1/tables/1/result", f"{base}/rounds/1/tables/1/play"
    refused(bob, first, {"totals": [1, -1, 0, 0]}, 403, "organiser")
    refused(ann, first, {"totals": [10, 0, 0, -9]}, 400, "sheet_sum")
    refused(ann, first, {"totals": [10, 0, -10]}, 400, "sheet_four")
    refused(ann, first, {"totals": {"X": 0, "Y": 0, "Z": 0, "W": 0}}, 400,
            "sheet_names")
    refused(ann, first, {"totals": [1.5, -1.5, 0, 0]}, 400, "sheet_number")
    refused(ann, first, {"hands": [[8, -8, 0, 1]]}, 400, "sheet_hand")
    refused(ann, first, {"hands": [[8, -8, 0, 0], [8, -8, 0, 0]]}, 400, "sheet_hands")
    refused(ann, first, {"hands": [[8, -8, 0, 0]], "totals": [0, 0, 0, 0]}, 400,
            "sheet_mismatch")
    refused(ann, f"{base}/rounds/1/tables/9/result", {"totals": [0, 0, 0, 0]}, 404, "no_table")
    refused(ann, play, {"bot": "nobody"}, 400, "bot")
    # a stale page: the version it showed is not the tournament's now
    out = refused(ann, first, {"totals": [1, -1, 0, 0], "version": 1}, 409, "stale")
    assert out["params"] == {"version": 1, "now": 2}
    assert ann.get(base).json() == before  # nothing above changed anything
    assert ann.post(first, json={"totals": [1, -1, 0, 0], "version": 2}).status_code == 200
    refused(ann, first, {"totals": [2, -2, 0, 0]}, 409, "has_result")
    refused(ann, play, {}, 409, "has_result")
    again = ann.post(first, json={"totals": [2, -2, 0, 0], "replace": True})
    kept = again.json()["rounds"][0]["tables"][0]
    assert again.status_code == 200 and kept["result"]["totals"] == [2, -2, 0, 0]
    assert again.json()["version"] == 4 and table["players"] == kept["players"]
    assert ann.get("/api/tournaments/nope").status_code == 404
    abandoned_tables(ann)  # (on the same server: its workers are started already)


def abandoned_tables(ann: TestClient) -> None:
    """A table that never finished is scored as far as it was played (docs/tournament.md)."""
    tid = created(ann, players=PLAYERS[:8], rounds=2, hands=4)["id"]
    base = f"/api/tournaments/{tid}"
    ann.post(f"{base}/rounds", json={})
    # two of the four hands were played at table 1; table 2 never finished a hand
    one = ann.post(f"{base}/rounds/1/tables/1/abandon", json={"hands": [[8, -8, 0, 0], [-24, 8, 8, 8]]})
    assert one.status_code == 200, one.text
    result = one.json()["rounds"][0]["tables"][0]["result"]
    assert result["abandoned"] and result["totals"] == [-16, 0, 8, 8] and len(result["hands"]) == 2
    two = ann.post(f"{base}/rounds/1/tables/2/abandon", json={}).json()
    result = two["rounds"][0]["tables"][1]["result"]
    assert result["abandoned"] and result["totals"] == [0, 0, 0, 0] and result["table_points"] == [1.75] * 4
    assert two["can_pair"]  # the round is finished: the next can be paired
    # the referee's full sheet, found later, replaces it and the mark goes
    full = ann.post(f"{base}/rounds/1/tables/2/result",
                    json={"totals": [5, -5, 0, 0], "replace": True}).json()
    assert not full["rounds"][0]["tables"][1]["result"]["abandoned"]


def test_two_writers_from_one_version_the_second_is_refused(store_database: str) -> None:
    """Two referees (or two servers) read the tournament at one version and each books a table: the first
    write is kept, the second is refused with 409 and written nowhere (on SQLite and PostgreSQL)."""
    store = Store(store_database)
    try:
        with store.writing() as db:
            db.execute(accounts_t.insert().values(id=1, name="Ann", name_key="ann", password="x",
                                                  created=0.0))
        t = Tournament(PLAYERS[:8], 2, seed=3)
        t.pair_next_round()
        stored = Stored("t1", "", "mcr", 1, "Ann", 0.0, 1, [], t)
        with store.writing() as db:
            db.execute(tournaments_t.insert().values(id="t1", name="", rules="mcr", organiser=1, created=0.0,
                                                     version=1, state=_state(t, [])))
        first, second = _read(store, "t1"), _read(store, "t1")
        first.tournament.enter_result(1, 1, totals=dict(zip(first.tournament.table(1, 1).players,
                                                            [3, -3, 0, 0], strict=True)))
        second.tournament.enter_result(1, 2, totals=dict(zip(second.tournament.table(1, 2).players,
                                                             [4, -4, 0, 0], strict=True)))
        _write(store, first)
        with pytest.raises(Refusal) as refused:
            _write(store, second)
        assert refused.value.status == 409 and refused.value.code == "conflict"
        now = _read(store, "t1")
        assert now.version == 2 and stored.version == 1
        assert now.tournament.table(1, 1).result is not None and now.tournament.table(1, 2).result is None
    finally:
        store.close()


def test_every_code_of_the_tournament_module_has_a_status_and_words_in_both_languages() -> None:
    assert set(ERROR_STATUS) == ERROR_CODES
    text = (Path(majiang.web.__file__).with_name("static") / "i18n.js").read_text(encoding="utf-8")
    en, zh = text.split("\n  zh: {", 1)
    for language, table in (("en", en), ("zh", zh)):
        worded = set(re.findall(r"\btn_e_(\w+)\b\"?:", table))
        missing = sorted(ERROR_CODES - worded)
        assert not missing, f"i18n.js {language}: no tn_e_ text for {missing}"


def test_a_library_refusal_is_answered_by_its_code_with_its_params_as_text() -> None:
    t = Tournament(PLAYERS[:8], 2, seed=1)
    t.pair_next_round()
    with pytest.raises(TournamentError) as refused:
        t.pair_next_round()
    refusal = refusal_of(refused.value)
    assert (refusal.status, refusal.code, str(refusal)) == (409, "unfinished", str(refused.value))
    assert refusal.params == {"round": "1", "tables": "1, 2"}
    with pytest.raises(TournamentError) as refused:
        t.table(1, 3)
    assert (refusal_of(refused.value).status, refusal_of(refused.value).params) == (
        404, {"round": "1", "n": "2", "table": "3"})


def test_a_live_table_on_the_round_walls_books_its_result_when_it_ends(database: str) -> None:
    # away 0: the stand-in plays every seat nobody took, so the match ends by itself
    app = create_app(database, pages=False, allow_hosts=["testserver"], claim_seconds=600, away_seconds=0,
                     window_seconds=0, pause_seconds=0)
    with TestClient(app) as server:
        ann = signed_up(server, "10.0.0.1", "Ann")
        bob = signed_up(server, "10.0.0.2", "Bob")
        # options as the lobby writes them: key=value texts, kept as the values they set
        made = created(ann, players=PLAYERS[:4], rounds=1, rules="riichi", options=["red_fives=0"])
        assert made["options"] == {"red_fives": 0}
        tid = made["id"]
        base = f"/api/tournaments/{tid}"
        paired = ann.post(f"{base}/rounds", json={}).json()
        seed = paired["rounds"][0]["seed"]
        players = paired["rounds"][0]["tables"][0]["players"]
        assert bob.get(base).json()["rounds"][0]["seed"] is None  # the walls are nobody's business yet
        assert bob.post(f"{base}/rounds/1/tables/1/live", json={}).status_code == 403
        started = ann.post(f"{base}/rounds/1/tables/1/live", json={})
        assert started.status_code == 200, started.text
        live = started.json()["rounds"][0]["tables"][0]["live"]
        assert [s["name"] for s in live["seats"]] == players
        assert all(s["invite"].startswith(f"/table/{live['id']}?player=") for s in live["seats"])
        again = ann.post(f"{base}/rounds/1/tables/1/live", json={})
        assert again.status_code == 409 and again.json()["code"] == "live_exists"
        web = server.app.state.tables.tables[live["id"]]  # type: ignore[attr-defined]
        # the round's duplicate walls, the tournament's ruleset with its options, the players by name
        assert web.row.seed == seed and web.row.hands == 1
        assert web.rules.options() == Tournament(PLAYERS[:4], 1, rules="riichi", options={"red_fives": 0}
                                                 ).ruleset().options()
        assert [p.name for p in web.players] == players
        assert bob.get(base).json()["rounds"][0]["tables"][0]["live"]["seats"][0]["invite"] is None
        limit = time.monotonic() + 60
        while not web.finished:
            assert time.monotonic() < limit, "the live table did not finish"
            time.sleep(0.02)
        shown = bob.get(base).json()  # anyone's look books it
        result = shown["rounds"][0]["tables"][0]["result"]
        settled = web.match.settled or [0, 0, 0, 0]
        assert result["totals"] == [t + s for t, s in zip(web.match.totals, settled, strict=True)]
        assert len(result["hands"]) == len(web.match.history) and not result["played"]
        assert shown["finished"] and shown["rounds"][0]["seed"] == seed and shown["version"] == 4
        assert bob.get(base).json()["version"] == 4  # booked once

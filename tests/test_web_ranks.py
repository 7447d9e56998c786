"""The ladder and the drills on the server (``majiang.web.ranks``), over HTTP, on SQLite and PostgreSQL:
rated tables booked once with their table's finish, the leaderboard, a player's history, drill questions
judged by the server once, progress and goals kept per account."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from argon2 import profiles
from fastapi.testclient import TestClient

from majiang.game.ruleset import find_ruleset
from majiang.web import accounts
from majiang.web.app import create_app
from majiang.web.ranks import RatedSeat, book_rated, booked
from majiang.web.store import PlayerRow, Store, TableRow, drill_questions_t, ladder_t

MCR = find_ruleset("mcr").options()
BOTS3 = ["bot:random", "bot:efficiency", "bot:defense"]


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "PROFILE", profiles.CHEAPEST)


def app_for(database: str, away: float = 600) -> Any:
    # away 0: the stand-in plays a person's seat at once, so a match ends by itself
    return create_app(database, claim_seconds=600, away_seconds=away, window_seconds=0, pause_seconds=0,
                      pages=False, allow_hosts=["testserver"])


def other(main: TestClient, address: str) -> TestClient:
    """Another browser, at another address, served by ``main``'s event loop."""
    client = TestClient(main.app, client=(address, 50000))
    client.portal = main.portal
    return client


def wait_finished(client: TestClient, table_id: str) -> None:
    limit = time.monotonic() + 60
    while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < limit, "the table did not finish"
        time.sleep(0.02)


def signed_up(main: TestClient, address: str, name: str) -> TestClient:
    client = other(main, address)
    assert client.post("/api/accounts", json={"name": name, "password": "correct horse"}).status_code == 201
    return client


@pytest.fixture
def played(database: str) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A server where Ann (logged in) played a rated one-hand match against three bots of the pool."""
    with TestClient(app_for(database, away=0)) as app:
        ann = signed_up(app, "10.0.0.1", "Ann")
        created = ann.post("/api/tables", json={"players": ["open", *BOTS3], "hands": 1, "rated": True})
        assert created.status_code == 201, created.text
        table = created.json()
        wait_finished(ann, table["id"])
        yield app, table


def test_a_rated_match_moves_the_ladder_of_each_seat(played: tuple[TestClient, dict[str, Any]]) -> None:
    app, created = played
    table = app.app.state.tables.get(created["id"])  # type: ignore[attr-defined]
    assert table.summary()["rated"] is True
    totals = table.final_totals()
    board = app.get("/api/ladder/mcr").json()
    assert board["rules"] == "mcr" and board["rating"] is True
    names = {p["name"] for p in board["players"]}
    assert names == {"Ann", "bot:random", "bot:efficiency", "bot:defense"}
    assert [p["rank"] for p in board["players"]] == [1, 2, 3, 4]
    for p in board["players"]:
        assert p["games"] == 1 and p["sigma"] < 25 / 3
        assert p["ordinal"] == pytest.approx(p["mu"] - 3 * p["sigma"])
    # The state of the finished table tells each player what the match did (the table page shows it).
    state = table.state(0)
    # Each seat's grade beside its name, read from the ladder: Ann's and the three rated bots'.
    grades = [p["grade"] for p in state["players"]]
    entries = {p["name"]: p for p in board["players"]}
    assert grades[0] == {"index": entries["Ann"]["grade"]["index"], "zh": entries["Ann"]["title"],
                         "en": entries["Ann"]["grade"]["en"], "pro_dan": 0}
    assert grades[3]["zh"] == entries["bot:defense"]["title"]
    shown = state["ladder"]
    assert shown["rated"] is True and shown["void"] is None
    best = max(totals)
    for player, result in enumerate(shown["players"]):
        assert result["total"] == totals[player] and result["table"] == created["id"]
        if totals[player] == best and totals.count(best) == 1:  # a lone 1st: 30 points, 9级 → 8级
            assert (result["award"], result["change"], result["grade"]["zh"]) == (30, "promoted", "8级")
    ann = app.get("/api/ladder/mcr/ann").json()  # names compare case-folded
    assert ann["name"] == "Ann" and ann["kind"] == "account" and ann["games"] == 1
    assert [g["table"] for g in ann["history"]] == [created["id"]]
    assert ann["history"][0] == shown["players"][0]
    bot = app.get("/api/ladder/mcr/bot:defense").json()
    assert bot["kind"] == "bot" and bot["history"][0]["total"] == totals[3]


def test_a_table_is_rated_once_and_with_its_finish(database: str) -> None:
    store = Store(database)
    for table_id in ("t1", "t2"):
        store.create_table(TableRow(table_id, "mcr", MCR, 1, 1, 1.0, rated=True),
                           [PlayerRow(p, "bot", "random", f"b{p}", None) for p in range(4)])
    seats = [RatedSeat(f"bot:{b}", None, b) for b in ("random", "efficiency", "defense", "fan-aware")]
    book = book_rated("t1", "mcr", seats, [30, 10, -10, -30], 5.0)
    store.finish("t1", "record\n", book)
    store.finish("t1", "record\n", book)  # (a finish written again) books nothing more
    with store.reading() as db:
        games = dict(db.execute(sa.select(ladder_t.c.player, ladder_t.c.games)).all())
    assert games == {s.key: 1 for s in seats}
    shown = booked(store, "t1")  # what the table's state shows its players
    first = shown["bot:random"]
    assert (first["change"], first["grade"]["zh"], first["award"]) == ("promoted", "8级", 30)
    assert (shown["bot:efficiency"]["change"], shown["bot:efficiency"]["place"]) == (None, 2)

    def broken(db: sa.Connection) -> None:
        book_rated("t2", "mcr", seats, [30, 10, -10, -30], 6.0)(db)
        raise RuntimeError("the server dies while booking")

    with pytest.raises(RuntimeError):
        store.finish("t2", "record\n", broken)
    # Neither the finish nor the booking: the table resumes after a restart and is rated then.
    assert [t.status for t in store.tables()] == ["finished", "playing"] and store.record("t2") is None
    with store.reading() as db:
        assert set(db.execute(sa.select(ladder_t.c.games)).scalars()) == {1}
    store.close()


def test_the_leaderboard_is_by_grade_points_then_rating(database: str) -> None:
    store = Store(database)
    seats = [RatedSeat(f"bot:{b}", None, b) for b in ("random", "efficiency", "defense", "fan-aware")]
    results = [[40, 10, -20, -30], [10, 40, -20, -30], [40, 10, -20, -30], [-30, 10, 40, -20]]
    for n, totals in enumerate(results):
        store.create_table(TableRow(f"t{n}", "mcr", MCR, 1, 1, float(n), rated=True),
                           [PlayerRow(p, "bot", "random", f"b{p}", None) for p in range(4)])
        store.finish(f"t{n}", "record\n", book_rated(f"t{n}", "mcr", seats, totals, float(n)))
    store.close()
    with TestClient(app_for(database)) as app:
        board = app.get("/api/ladder/mcr").json()["players"]
        # random: 30+15+30+0 = 75 (7级); efficiency 15+30+15+15 = 75 (7级); defense 5+5+5+30 = 45 (8级);
        # fan-aware 0+0+0+5 = 5 (9级). The two at 75 points by their rating's ordinal.
        assert [(p["name"], p["points"], p["grade"]["zh"]) for p in board][2:] == [
            ("bot:defense", 45, "8级"), ("bot:fan-aware", 5, "9级")]
        top = board[:2]
        assert {p["name"] for p in top} == {"bot:random", "bot:efficiency"}
        assert top[0]["ordinal"] >= top[1]["ordinal"] and top[0]["next"] == 120
        assert app.get("/api/ladder/sichuan").json()["players"] == []


def test_bad_ladder_requests_say_what_is_wrong(database: str) -> None:
    with TestClient(app_for(database)) as app:
        answer = app.get("/api/ladder/chess")
        assert answer.status_code == 404
        assert "no ruleset 'chess'; the rulesets are mcr" in answer.json()["error"]
        answer = app.get("/api/ladder/mcr/Nobody")
        assert answer.status_code == 404 and "no player 'Nobody'" in answer.json()["error"]
        answer = app.get("/api/ladder/mcr/bot:chess")
        assert answer.status_code == 404 and "no bot 'chess' in the rated pool" in answer.json()["error"]
        signed_up(app, "10.0.0.1", "Bo")
        fresh = app.get("/api/ladder/mcr/Bo").json()  # an account with no rated game yet: a new 9级
        assert (fresh["grade"]["zh"], fresh["points"], fresh["games"], fresh["history"]) == ("9级", 0, 0, [])


def test_who_may_create_and_sit_at_a_rated_table(database: str) -> None:
    with TestClient(app_for(database)) as app:
        guest = other(app, "10.0.0.9")
        body = {"players": ["open", "open", *BOTS3[:2]], "rated": True}
        refused = guest.post("/api/tables", json=body)
        assert refused.status_code == 400 and "log in first" in refused.json()["error"]
        ann = signed_up(app, "10.0.0.1", "Ann")
        for bad, words in (({**body, "seed": 5}, "leave out 'seed'"),
                           ({**body, "rated": 1}, "true or false"),
                           # (three seats of one bot were accepted, then the match was never booked)
                           ({**body, "players": ["open", "open", "bot:random", "bot:random"]},
                            "players[3]: the bot 'random' sits at this table already")):
            answer = ann.post("/api/tables", json=bad)
            assert answer.status_code == 400 and words in answer.json()["error"]
        table = ann.post("/api/tables", json=body).json()
        assert guest.post(f"/api/rooms/{table['room']}/seats/1").status_code == 409  # (room seats: 409)
        invite = table["players"][1]["invite"].split("invite=")[1]
        answer = guest.post(f"/api/tables/{table['id']}/seats/1", json={"invite": invite})
        assert answer.status_code == 403 and "this table is rated: log in" in answer.json()["error"]
        answer = ann.post(f"/api/tables/{table['id']}/seats/1", json={"invite": invite})
        assert answer.status_code == 403 and "a seat at this table already" in answer.json()["error"]
        bo = signed_up(app, "10.0.0.2", "Bo")
        assert bo.post(f"/api/tables/{table['id']}/seats/1", json={"invite": invite}).status_code == 200


def test_a_rated_table_with_a_seat_nobody_took_is_not_rated(database: str) -> None:
    with TestClient(app_for(database, away=0)) as app:
        ann = signed_up(app, "10.0.0.1", "Ann")
        table = ann.post("/api/tables", json={"players": ["open", "open", *BOTS3[:2]], "hands": 1,
                                              "rated": True}).json()
        wait_finished(ann, table["id"])
        state = app.app.state.tables.get(table["id"]).state(0)  # type: ignore[attr-defined]
        assert state["ladder"] == {"rated": True, "players": None,
                                   "void": "player 1's seat was not taken by a logged-in player"}
        assert app.get("/api/ladder/mcr").json()["players"] == []


# -- drills ---------------------------------------------------------------------------------------------

def test_drills_question_answer_progress(played: tuple[TestClient, dict[str, Any]]) -> None:
    app, created = played
    ann = other(app, "10.0.0.1")
    ann.post("/api/login", json={"name": "Ann", "password": "correct horse"})
    asked = ann.get("/api/drills/question", params={"drill": "discard", "rules": "mcr"})
    assert asked.status_code == 200, asked.text
    question = asked.json()
    # From the stored game, without its answer.
    assert question["source"].startswith(f"game {created['id']}, hand 1")
    assert question["origin"]["game"] == created["id"] and question["origin"]["hand"] == 1  # (for the page)
    assert question["source"].endswith(f"move {question['origin']['move']}")
    assert "best" not in question and "played" not in question and question["drill"] == "discard"
    with app.app.state.tables.store.reading() as db:  # type: ignore[attr-defined]
        kept = db.execute(sa.select(drill_questions_t.c.question)).scalar_one()
    best = json.loads(kept)["best"][0]
    # A bad answer is refused and loses nothing: the question can still be answered.
    bad = ann.post("/api/drills/answer", json={"id": question["id"], "answer": "9z"})
    assert bad.status_code == 400 and "the answer to 何切 is one tile of the hand" in bad.json()["error"]
    verdict = ann.post("/api/drills/answer", json={"id": question["id"], "answer": best}).json()
    assert verdict["correct"] is True and verdict["score"] == 1.0 and verdict["kept"] is True
    assert verdict["detail"]["answer"] == best and set(verdict["detail"]["figures"]) == {"shanten", "live",
                                                                                         "legal_live"}
    replayed = ann.post("/api/drills/answer", json={"id": question["id"], "answer": best})
    assert replayed.status_code == 409 and "answered already" in replayed.json()["error"]
    forged = ann.post("/api/drills/answer", json={"id": "made-up", "answer": best})
    assert forged.status_code == 404 and "no question 'made-up' was asked" in forged.json()["error"]
    goal = ann.post("/api/drills/goal", json={"drill": "discard", "target": 0.8, "by": "2027-01-31"})
    assert goal.status_code == 200
    progress = {p["drill"]: p for p in ann.get("/api/drills/progress").json()["drills"]}
    assert progress["discard"] == {"drill": "discard", "answered": 1, "correct": 1.0, "mean": 1.0,
                                   "recent_mean": 1.0, "scores": [1.0], "goal": 0.8, "by": "2027-01-31",
                                   "met": True}
    assert progress["fans"]["answered"] == 0
    for body, words in (({"drill": "chess", "target": 0.5}, "drill must be one of"),
                        ({"drill": "waits", "target": 2}, "at most 1"),
                        ({"drill": "waits", "target": 0.5, "by": "soon"}, "YYYY-MM-DD"),
                        ({"drill": "waits", "goal": 0.5}, "unknown field 'goal'")):
        answer = ann.post("/api/drills/goal", json=body)
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_guests_get_the_verdict_only(database: str) -> None:
    with TestClient(app_for(database)) as app:
        guest = other(app, "10.0.0.9")
        # No stored game of this ruleset: the question comes from a seeded bot game.
        question = guest.get("/api/drills/question", params={"drill": "fans", "rules": "mcr"}).json()
        assert question["source"].startswith("a bot game (seed ") and "explain" not in question["context"]
        assert "score" not in question["context"]
        origin = question["origin"]
        seed, seat = origin["bot_seed"], origin["seat"]
        assert question["source"] == f"a bot game (seed {seed}), hand 1, the win of seat {seat}"
        assert question["context"]["win_by"] in ("discard", "self-drawn", "kong-replacement", "robbing-kong")
        answer = guest.post("/api/drills/answer", json={"id": question["id"], "answer": "8"})
        verdict = answer.json()
        assert answer.status_code == 200 and verdict["kept"] is False and "the total is" in verdict["why"]
        # The why as data too, for the page to word in its language: the total and the scorer's fans.
        detail = verdict["detail"]
        assert detail["given"] == 8 and str(detail["total"]) == verdict["best"][0]
        assert detail["score"]["fans"] and all("name" in f for f in detail["score"]["fans"])
        assert guest.get("/api/drills/progress").status_code == 401
        assert guest.post("/api/drills/goal", json={"drill": "fans", "target": 0.5}).status_code == 401
        # A guest's question is not another's to answer, nor a guest's to answer for an account.
        again = guest.get("/api/drills/question", params={"drill": "waits", "rules": "mcr"}).json()
        bo = signed_up(app, "10.0.0.2", "Bo")
        taken = bo.post("/api/drills/answer", json={"id": again["id"], "answer": "1m"})
        assert taken.status_code == 403 and "asked of another player" in taken.json()["error"]
        for params, status, words in (({"drill": "chess"}, 400, "drill must be one of discard, waits, fans"),
                                      ({"rules": "chess"}, 404, "no ruleset 'chess'")):
            answer = guest.get("/api/drills/question", params=params)
            assert answer.status_code == status and words in answer.json()["error"]
        answer = guest.post("/api/drills/answer", json={"id": again["id"]})
        assert answer.status_code == 400 and "the question's id and the answer" in answer.json()["error"]


def test_a_rated_table_resumed_after_a_restart_is_rated_once(database: str) -> None:
    with TestClient(app_for(database)) as app:  # Ann is away but not yet replaced: the match waits
        ann = signed_up(app, "10.0.0.1", "Ann")
        table = ann.post("/api/tables", json={"players": ["open", *BOTS3], "hands": 1, "rated": True}).json()
        assert app.get(f"/api/tables/{table['id']}").json()["status"] == "playing"
    with TestClient(app_for(database, away=0)) as again:  # restarted: resumed, the stand-in plays it out
        wait_finished(again, table["id"])
        state = again.app.state.tables.get(table["id"]).state(0)  # type: ignore[attr-defined]
        assert state["ladder"]["void"] is None and state["ladder"]["players"][0]["table"] == table["id"]
    with TestClient(app_for(database)) as third:  # and once more: nothing booked twice
        assert [p["games"] for p in third.get("/api/ladder/mcr").json()["players"]] == [1, 1, 1, 1]
        assert len(third.get("/api/ladder/mcr/Ann").json()["history"]) == 1


def test_the_seats_grades_at_an_unrated_table(database: str) -> None:
    """A guest's seat shows no grade, a bot of the rated pool its own (9级 before any rated game), and a
    logged-in player's appears once they take their seat."""
    with TestClient(app_for(database)) as app:
        guest = other(app, "10.0.0.9")
        made = guest.post("/api/tables", json={"players": ["open", "open", "bot:random", "bot:defense"],
                                               "hands": 1}).json()
        table = app.app.state.tables.get(made["id"])  # type: ignore[attr-defined]
        grades = [p["grade"] for p in table.state(None)["players"]]
        new = {"index": 0, "zh": "9级", "en": "9 kyu", "pro_dan": 0}
        assert grades == [None, None, new, new]
        bo = signed_up(app, "10.0.0.2", "Bo")
        taken = bo.post(f"/api/rooms/{made['room']}/seats/1")
        assert taken.status_code == 200, taken.text
        assert [p["grade"] for p in table.state(None)["players"]] == [None, new, new, new]

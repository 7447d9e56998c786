"""Accounts over HTTP (``majiang.web.accounts``), on SQLite and PostgreSQL: sign up, log in, log out, the
rules' clear answers, the attempt limits, sessions kept across a restart, guests as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher, profiles
from fastapi.testclient import TestClient

from majiang.web import accounts
from majiang.web.accounts import COOKIE
from majiang.web.app import create_app


def app_for(database: str, **kwargs: Any) -> Any:
    return create_app(database, window_seconds=0, pages=False, allow_hosts=["testserver"], **kwargs)


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2-cffi's cheapest parameters (its profile for tests): the default's 64 MiB and 3 passes take
    a quarter of a second each on a busy machine."""
    monkeypatch.setattr(accounts, "PROFILE", profiles.CHEAPEST)


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(app_for(database)) as client:
        yield client


def sign_up(client: TestClient, name: str, password: str = "correct horse") -> Any:
    return client.post("/api/accounts", json={"name": name, "password": password})


def test_sign_up_log_out_log_in(client: TestClient) -> None:
    assert client.get("/api/me").json() == {"name": None}
    answer = sign_up(client, "Ann")
    assert answer.status_code == 201 and answer.json() == {"name": "Ann"}
    cookie = answer.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower()
    assert client.get("/api/me").json() == {"name": "Ann"}  # signed up is logged in
    assert client.post("/api/logout").json() == {"name": None}
    assert client.get("/api/me").json() == {"name": None}
    answer = client.post("/api/login", json={"name": "ann", "password": "correct horse"})
    assert answer.status_code == 200 and answer.json() == {"name": "Ann"}  # the name as written
    assert client.get("/api/me").json() == {"name": "Ann"}


def test_passwords_are_hashed_with_argon2id(client: TestClient) -> None:
    sign_up(client, "Ann")
    state: Any = client.app.state  # type: ignore[attr-defined]
    row = state.tables.store.account_named("ann")
    assert row.password.startswith("$argon2id$") and "correct horse" not in row.password
    server = PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY)
    assert server.check_needs_rehash(row.password)
    # A log-in hashes a password made with other parameters again, with the server's.
    state.accounts.hasher = server
    assert client.post("/api/login", json={"name": "Ann", "password": "correct horse"}).status_code == 200
    again = state.tables.store.account_named("ann").password
    assert again != row.password and not server.check_needs_rehash(again)


@pytest.mark.parametrize(("name", "password", "words"), [
    ("A", "correct horse", "a name has 2 to 20 characters, not 1"),
    ("a" * 21, "correct horse", "a name has 2 to 20 characters, not 21"),
    ("Ann Lee", "correct horse", "not ' '"),
    ("<b>", "correct horse", "not '<'"),
    ("Ann", "short", "a password has 8 to 128 characters, not 5"),
    ("Ann", "x" * 129, "a password has 8 to 128 characters, not 129"),
    ("Annabelle", "ANNABELLE", "the password may not be the name"),
    (None, "correct horse", "'name' must be a string"),
])
def test_broken_rules_are_named(tmp_path: Path, name: Any, password: str, words: str) -> None:
    # (checked before the store is asked: one database is enough)
    with TestClient(app_for(str(tmp_path / "a.db"))) as client:
        answer = client.post("/api/accounts", json={"name": name, "password": password})
        assert answer.status_code == 400 and words in answer.json()["error"]


def test_names_are_unique_whatever_their_case_or_width(client: TestClient) -> None:
    assert sign_up(client, "张三").status_code == 201
    assert sign_up(client, "Bo").status_code == 201
    for again in ("bo", "ＢＯ", "BO"):
        answer = sign_up(client, again)
        assert answer.status_code == 409
        assert "is taken; choose another, or log in" in answer.json()["error"]


def test_wrong_log_ins_say_what_is_wrong(client: TestClient) -> None:
    sign_up(client, "Ann")
    client.post("/api/logout")
    wrong = client.post("/api/login", json={"name": "Ann", "password": "wrong horse"})
    assert wrong.status_code == 401 and wrong.json() == {"error": "wrong password for 'Ann'"}
    nobody = client.post("/api/login", json={"name": "Cy", "password": "correct horse"})
    assert nobody.status_code == 401 and "no account is named 'Cy'; sign up first" in nobody.json()["error"]
    assert client.get("/api/me").json() == {"name": None}
    bad = client.post("/api/login", content=b"{not json")
    assert bad.status_code == 400 and "the body is not JSON" in bad.json()["error"]
    extra = client.post("/api/login", json={"name": "Ann", "password": "correct horse", "admin": True})
    assert extra.status_code == 400


def test_log_ins_are_limited_per_client_and_per_name(database: str) -> None:
    with TestClient(app_for(database)) as client:
        sign_up(client, "Ann")  # one attempt of the client's ten
        for _ in range(9):
            wrong = client.post("/api/login", json={"name": "Ann", "password": "wrong horse"})
            assert wrong.status_code == 401
        limited = client.post("/api/login", json={"name": "Ann", "password": "correct horse"})
        assert limited.status_code == 429
        assert "too many log-in and sign-up attempts from one client: at most 10 every 60 s" in \
            limited.json()["error"]
        # Another client (another address) may still log in, until the name's own limit.
        other = TestClient(client.app, client=("10.0.0.2", 50000))
        assert other.post("/api/login", json={"name": "ann", "password": "correct horse"}).status_code == 200
        third = TestClient(client.app, client=("10.0.0.3", 50000))
        answer = third.post("/api/login", json={"name": "ANN", "password": "correct horse"})
        assert answer.status_code == 429 and "log-in attempts for one name" in answer.json()["error"]


def test_one_account_logged_in_on_two_devices_and_across_a_restart(database: str) -> None:
    with TestClient(app_for(database)) as phone:
        sign_up(phone, "Ann")
        laptop = TestClient(phone.app)
        assert laptop.post("/api/login", json={"name": "Ann", "password": "correct horse"}).status_code == 200
        assert phone.get("/api/me").json() == laptop.get("/api/me").json() == {"name": "Ann"}
        laptop.post("/api/logout")
        assert phone.get("/api/me").json() == {"name": "Ann"}  # the other device stays logged in
        kept = phone.cookies[COOKIE]
    # The secret was generated once and kept in the database: the session survives a restart.
    with TestClient(app_for(database)) as again:
        again.cookies[COOKIE] = kept
        assert again.get("/api/me").json() == {"name": "Ann"}
        again.cookies[COOKIE] = kept[:-2] + ("AA" if kept[-2:] != "AA" else "BB")  # a forged signature
        assert again.get("/api/me").json() == {"name": None}
    # A given secret replaces it: the old cookies are void.
    with TestClient(app_for(database, secret="another secret")) as other:
        other.cookies[COOKIE] = kept
        assert other.get("/api/me").json() == {"name": None}


def test_guests_still_play(client: TestClient) -> None:
    created = client.post("/api/tables", json={"players": ["open", "bot:random", "bot:random", "bot:random"]})
    assert created.status_code == 201 and created.json()["players"][0]["token"]

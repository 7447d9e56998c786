"""Issue 23's "Done when", end to end in Chromium: a player signs up, joins a friend's room by its number,
plays a rated match, sees the rank and the rating move, rejoins from a second browser and downloads the
record. On SQLite in ``make test``, on PostgreSQL in ``make soak`` (the ``database`` fixture)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from argon2 import profiles
from playwright.sync_api import Browser, Page

from majiang.web import accounts
from test_web_browser import _move
from web_browser import chromium, serve

WAIT_MS = 60_000
PASSWORD = "correct horse"
QUIET = "localStorage.setItem('majiang-pace', '0'); localStorage.setItem('majiang-sound', '0');"


@pytest.fixture(autouse=True)
def cheap_hashes() -> Iterator[None]:
    """argon2-cffi's cheapest parameters (its profile for tests): the hashing is not under test here."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(accounts, "PROFILE", profiles.CHEAPEST)
        yield


def _page(browser: Browser, errors: list[str]) -> Page:
    """A page of a browser context of its own (its own cookies: another browser)."""
    page = browser.new_context(viewport={"width": 1000, "height": 900}, accept_downloads=True).new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.add_init_script(QUIET)
    return page


def _account(page: Page, name: str, button: str) -> None:
    page.click("#account-open")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click(button)
    page.wait_for_selector("#account-user")


def test_sign_up_join_by_room_play_rated_rejoin_and_download(database: str, tmp_path: Path) -> None:
    errors: list[str] = []
    # No claim waits (a claim the player may make is passed at once); a seat left empty is played by the
    # stand-in (the random bot, the quickest to finish the match) after two seconds. The table waits for a
    # connected person on their own turn, so the match cannot end before the friend's guest has sat down:
    # the friend is at the table from his room's creation (within the two seconds) until she is.
    clocks = {"claim_seconds": 0.0, "away_seconds": 2.0, "pause_seconds": 0.0, "window_seconds": 0.0}
    with chromium() as browser, serve(database, standin="random", **clocks) as url:
        # Bo, the friend, is logged in and makes a rated room in the lobby: himself, an open seat, two bots.
        bo = _page(browser, errors)
        assert bo.context.request.post(f"{url}/api/accounts", data={"name": "Bo", "password": PASSWORD}).ok
        bo.goto(url + "/")
        bo.wait_for_selector("#rated-label:not([hidden])")  # (a guest's lobby has no rated box)
        bo.select_option("#kind-1", "open")
        bo.select_option("#kind-2", "bot:random")
        bo.select_option("#kind-3", "bot:efficiency")
        bo.fill("#hands", "1")
        bo.check("#rated")
        bo.click("#create")
        bo.wait_for_selector("#join-links #room-number")
        room = bo.get_attribute("#room-number", "data-room") or ""
        bo.click("#join-links .play-link[data-player='0']")
        bo.wait_for_selector("#felt")
        table = {"id": bo.url.split("/table/")[1].split("?")[0], "room": room}
        assert httpx.get(f"{url}/api/tables/{table['id']}").json()["rated"] is True

        # Ann signs up in the nav bar and types Bo's room number in the lobby.
        ann = _page(browser, errors)
        ann.goto(url + "/")
        _account(ann, "Ann", "#signup")
        ann.fill("#room-input", table["room"])
        ann.click("#room-find")
        ann.click(".take-seat[data-player='1']")
        ann.wait_for_url(re.compile(r"/table/.*player=1&token="))
        ann.wait_for_selector("#felt")
        before = httpx.get(f"{url}/api/ladder/mcr/Ann").json()
        assert (before["games"], before["mu"], before["grade"]["en"]) == (0, None, "9 kyu")
        seat = httpx.get(f"{url}/api/tables/{table['id']}").json()["players"][1]["seat"]
        badge = f".seat[data-seat='{seat}'] .who .badge.grade"
        ann.wait_for_selector(badge)
        assert ann.inner_text(badge) == "9 kyu"  # her grade, beside her name at the table

        bo.context.close()  # Bo leaves: the stand-in plays his seat (he is still rated: it is his)

        # Her laptop: she logs in there and rejoins her seat from "My tables"; the first tab is replaced.
        laptop = _page(browser, errors)
        laptop.goto(url + "/")
        _account(laptop, "Ann", "#login")
        laptop.click(f".rejoin-link[data-table='{table['id']}'][data-player='1']")
        laptop.wait_for_selector("#felt")
        ann.wait_for_selector("#message:not(:empty)")

        for _ in range(3):  # Ann plays a few moves of her own from the laptop, then leaves the table
            if not _move(laptop, []):
                break
        laptop.goto(url + "/")  # (the stand-in plays her seat now, and the match ends by itself)
        for _ in range(1200):  # a bounded wait, no timing threshold
            if httpx.get(f"{url}/api/tables/{table['id']}").json()["status"] == "finished":
                break
            laptop.wait_for_timeout(50)
        # Back at the table: what the match did on the ladder, and her badge moved with it.
        laptop.goto(f"{url}/table/{table['id']}")
        line = laptop.locator("#ladder-result .ladder-line[data-player='1']")
        line.wait_for()
        after = httpx.get(f"{url}/api/ladder/mcr/Ann").json()
        game = after["history"][0]
        assert after["games"] == 1 and after["points"] == game["award"] == before["points"] + game["award"]
        assert after["mu"] is not None and after["sigma"] < 25 / 3  # rated: the uncertainty shrank
        assert f"Place {game['place']}" in line.inner_text() and after["grade"]["en"] in line.inner_text()
        assert ("promoted ▲" in line.inner_text()) == (game["change"] == "promoted")
        laptop.wait_for_selector(f"{badge}[data-grade='{after['grade']['index']}']")
        assert laptop.inner_text(badge) == after["grade"]["en"]
        # Her entry on the ladder page: the rating and the game.
        laptop.goto(f"{url}/ladder?rules=mcr&player=Ann")
        laptop.wait_for_selector("#entry #history tr[data-table]")
        rating = f"{after['ordinal']:.2f} (μ {after['mu']:.2f}, σ {after['sigma']:.2f})"
        assert rating in laptop.inner_text("#entry")
        # And the record, from "My games".
        laptop.goto(url + "/")
        laptop.wait_for_selector(f"#account-games .account-game[data-table='{table['id']}']")
        with laptop.expect_download() as download:
            laptop.click(f"#account-games .account-game[data-table='{table['id']}'] .record-link")
        assert download.value.suggested_filename == f"{table['id']}.jsonl"
        text = Path(download.value.path()).read_text(encoding="utf-8")
        header = json.loads(text.splitlines()[0])
        assert (header["format"], header["hands"], header["match"]) == ("majiang-record", 1, True)
        assert text == httpx.get(f"{url}/api/games/{table['id']}/record").text  # the table's own record
    assert errors == []

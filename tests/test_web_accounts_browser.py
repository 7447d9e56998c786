"""Accounts and rooms as players use them, in Chromium (issue 23): sign up and log in from the nav bar,
a table created while logged in and rejoined from a second browser through "My tables", a guest who types
the room number and takes an open seat, the server's refusals beside the form, the room number shown to
the seated only, a finished game's replay and record from "My games", in 中文 and at 390×844.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from argon2 import profiles
from playwright.sync_api import Browser, Page

from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.records.format import rules_options
from majiang.web import accounts
from web_browser import browser_server, chromium, serve

WAIT_MS = 30_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1000, "height": 900}
QUIET = "localStorage.setItem('majiang-pace', '0'); localStorage.setItem('majiang-sound', '0');"
ZH = QUIET + "localStorage.setItem('majiang-lang', 'zh');"
PASSWORD = "correct horse"

_RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""A snake_case identifier in a page's visible text (as in tests/test_web_browser.py)."""

BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")


def _raw_ids(text: str) -> list[str]:
    """The snake_case identifiers in ``text``, but for the names and options of the rulesets other tests
    in this process registered (fixtures named by their identifiers on purpose: the lobby's ruleset
    menu lists them, and their words are not the pages' to translate)."""
    foreign: set[str] = set()
    for name in ruleset_names():
        if name not in BUILT_IN:
            foreign |= {name, *rules_options(find_ruleset(name))}
    return [m for m in _RAW_ID.findall(text) if m not in foreign]


@pytest.fixture(scope="module", autouse=True)
def cheap_hashes() -> Iterator[None]:
    """argon2-cffi's cheapest parameters (its profile for tests), set before the servers start."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(accounts, "PROFILE", profiles.CHEAPEST)
        yield


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory, cheap_hashes: None) -> Iterator[str]:
    with browser_server(tmp_path_factory.mktemp("accounts") / "web.db") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _page(browser: Browser, errors: list[str], viewport: dict[str, int] = DESKTOP, init: str = QUIET) -> Page:
    """A page of a context of its own (its own cookies: another browser); errors go to ``errors``."""
    page = browser.new_context(viewport=viewport, accept_downloads=True).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and "401" not in msg.text
            and "409" not in msg.text else None)  # (the refusals this test asks for are logged by Chromium)
    page.add_init_script(init)
    return page


def _account(page: Page, name: str, password: str, button: str) -> None:
    """Open the nav bar's form (if closed), type a name and password, press ``#login`` or ``#signup``."""
    if page.locator("#account-form").count() == 0:
        page.click("#account-open")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click(button)


def _visible_text(page: Page) -> str:
    return str(page.evaluate("() => document.body.innerText + '\\n' + "
                             "[...document.querySelectorAll('[title]')].map((n) => n.title).join('\\n')"))


def _fits_a_phone(page: Page, where: str) -> None:
    """No sideways scrolling; every button, select, input and button-like link at least 40 px."""
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (where, width)
    small = page.evaluate("""() => [...document.querySelectorAll(
            'button, select, input:not([type=checkbox]), a.button-link')].filter((b) => b.offsetParent)
        .map((b) => [b.id || b.className || b.textContent, b.getBoundingClientRect()])
        .filter(([, r]) => r.width < 40 || r.height < 40).map(([n, r]) => [n, r.width, r.height])""")
    assert small == [], (where, small)


def test_sign_up_rejoin_from_a_second_browser_and_a_guest_by_room_number(browser: Browser,
                                                                         base_url: str) -> None:
    errors: list[str] = []
    # Browser 1 signs up from the nav bar and creates a table from the lobby: its own seat and two open ones.
    ann = _page(browser, errors)
    ann.goto(base_url + "/")
    ann.wait_for_selector("#create")
    _account(ann, "Ann", PASSWORD, "#signup")
    ann.wait_for_selector("#account-user")
    assert ann.inner_text("#account-user") == "Ann"
    ann.wait_for_selector("#account-tables")  # logged in: "My tables", empty yet
    ann.select_option("#kind-1", "open")
    ann.select_option("#kind-2", "bot:random")
    ann.select_option("#kind-3", "open")
    ann.fill("#seed", "5")
    ann.fill("#hands", "1")
    ann.click("#create")
    ann.wait_for_selector("#join-links #room-number")
    room = ann.get_attribute("#room-number", "data-room") or ""
    assert re.fullmatch(r"\d{6}", room) and ann.inner_text("#room-number") == f"{room[:3]} {room[3:]}"
    ann.wait_for_selector(".rejoin-link[data-player='0']")  # the seat is the account's at once
    ann.click("#join-links .play-link[data-player='0']")
    ann.wait_for_selector("#felt")
    assert ann.get_attribute("#room-number", "data-room") == room  # shown to the seated
    table_id = ann.url.split("/table/")[1].split("?")[0]

    # Browser 2 logs in as the same account (first with a wrong password: the server's words beside the
    # form) and rejoins the seat from "My tables".
    laptop = _page(browser, errors)
    laptop.goto(base_url + "/")
    laptop.wait_for_selector("#account-open")
    _account(laptop, "ann", "wrong password", "#login")
    laptop.wait_for_selector("#account-error:not(:empty)")
    assert laptop.inner_text("#account-error") == "wrong password for 'Ann'"
    laptop.fill("#account-password", PASSWORD)
    laptop.click("#login")
    laptop.wait_for_selector(f".rejoin-link[data-table='{table_id}'][data-player='0']")
    assert room in laptop.inner_text("#account-tables")
    laptop.click(f".rejoin-link[data-table='{table_id}'][data-player='0']")
    laptop.wait_for_selector("#felt")
    assert laptop.get_attribute("#room-number", "data-room") == room
    assert "player=0&token=" in laptop.url
    # the seat moved to the laptop: the first browser's connection is replaced
    ann.wait_for_selector("#message:not(:empty)")

    # Browser 3, a guest on a phone in 中文, types the room number and takes an open seat.
    guest = _page(browser, errors, PHONE, ZH)
    guest.goto(base_url + "/")
    guest.wait_for_selector("#room-input")
    guest.fill("#room-input", "12345")  # not six digits: said at once, the server not asked
    guest.click("#room-find")
    assert guest.inner_text("#room-error") == "房号是 6 位数字"
    guest.fill("#room-input", f"{room[:3]} {room[3:]}")  # read out in two groups
    guest.click("#room-find")
    guest.wait_for_selector(".take-seat")
    assert guest.eval_on_selector_all(".take-seat", "(bs) => bs.map((b) => b.dataset.player)") == ["1", "3"]
    _fits_a_phone(guest, "lobby")
    text = _visible_text(guest)
    assert not _raw_ids(text), _raw_ids(text)[:5]
    assert "Log in" not in text and "登录 / 注册" in text
    # a taken name: the server's refusal, in Chinese
    _account(guest, "ANN", PASSWORD, "#signup")
    guest.wait_for_selector("#account-error:not(:empty)")
    assert guest.inner_text("#account-error") == "账号名 ANN 已被注册：换一个，或直接登录"
    _fits_a_phone(guest, "lobby with the account form")
    # someone else is quicker to seat 1: the page says so and shows the seats as they are now
    assert httpx.post(f"{base_url}/api/rooms/{room}/seats/1").status_code == 200
    guest.click(".take-seat[data-player='1']")
    guest.wait_for_selector("#room-error:not(:empty)")
    assert guest.inner_text("#room-error") == "这个座位刚被别人占了：请另选一个"
    assert guest.eval_on_selector_all(".take-seat", "(bs) => bs.map((b) => b.dataset.player)") == ["3"]
    guest.click(".take-seat[data-player='3']")
    guest.wait_for_url(re.compile(r"/table/.*player=3&token="))
    guest.wait_for_selector("#felt")
    assert guest.get_attribute("#room-number", "data-room") == room
    assert guest.inner_text(".room-line .room-label") == "房号"
    _fits_a_phone(guest, "table")
    left = httpx.get(f"{base_url}/api/rooms/{room}").json()
    assert not any(p["open"] for p in left["players"])

    # A spectator never sees the room number (the server does not send it).
    guest.goto(f"{base_url}/table/{table_id}")
    guest.wait_for_selector("#felt")
    assert guest.locator("#room-number").count() == 0
    assert errors == []


def test_my_games_replay_and_record_and_logging_out(browser: Browser, tmp_path: Path) -> None:
    """A finished match of the account's under "My games", with its replay link and its record downloaded;
    logging out leaves the guest's lobby. (A server whose stand-in plays an absent seat at once, so a match
    with no one at the table ends by itself.)"""
    errors: list[str] = []
    clocks = {"claim_seconds": 0, "away_seconds": 0, "window_seconds": 0, "pause_seconds": 0}
    with serve(tmp_path / "web.db", **clocks) as url:
        page = _page(browser, errors)
        page.goto(url + "/")
        page.wait_for_selector("#account-open")
        _account(page, "Bea", PASSWORD, "#signup")
        page.wait_for_selector("#account-user")
        created = page.evaluate("""async () => (await fetch('/api/tables', {method: 'POST',
            headers: {'Content-Type': 'application/json'}, body: JSON.stringify({players:
            ['open', 'bot:random', 'bot:random', 'bot:random'], hands: 1, seed: 2})})).json()""")
        for _ in range(600):  # a bounded wait for the stand-in and the bots to finish the hand
            if httpx.get(f"{url}/api/tables/{created['id']}").json()["status"] == "finished":
                break
            page.wait_for_timeout(50)
        page.reload()
        page.wait_for_selector(f"#account-games .account-game[data-table='{created['id']}']")
        assert page.get_attribute("#account-games .replay-link", "href") == f"/replay?game={created['id']}"
        with page.expect_download() as download:
            page.click("#account-games .record-link")
        assert download.value.suggested_filename == f"{created['id']}.jsonl"
        first = Path(download.value.path()).read_text(encoding="utf-8").splitlines()[0]
        assert json.loads(first)["format"] == "majiang-record"
        page.click("#logout")
        page.wait_for_selector("#account-open")
        page.wait_for_selector("#account-games", state="detached")
        assert page.locator("#account-tables").count() == 0
    assert errors == []


def test_every_refusal_of_the_server_is_told_in_chinese(browser: Browser, tmp_path: Path) -> None:
    """Each kind of refusal the server gives (a broken rule, a taken name, no such account, a wrong
    password, too many attempts with the wait) is told in Chinese in a 中文 page and by the server's own
    words in English: the page reads the server's real answers, collected here over HTTP."""
    errors: list[str] = []
    with serve(tmp_path / "web.db") as url:
        # signed up, then taken; no such name; a wrong password; each rule of names and passwords
        asked = [("/api/accounts", "Cy", PASSWORD), ("/api/accounts", "Cy", PASSWORD),
                 ("/api/login", "Dee", PASSWORD), ("/api/login", "Cy", "not the password"),
                 ("/api/accounts", "C", PASSWORD), ("/api/accounts", "C y", PASSWORD),
                 ("/api/accounts", "Eve", "short"), ("/api/accounts", "Eve12345", "eve12345")]
        answers = []
        with httpx.Client(base_url=url) as client:
            for path, name, password in asked:
                res = client.post(path, json={"name": name, "password": password})
                answers.append({"status": res.status_code, "error": res.json().get("error"), "name": name})
            while answers[-1]["status"] != 429:  # at most 10 a minute from one client
                assert len(answers) < 20, answers
                res = client.post("/api/login", json={"name": "Cy", "password": PASSWORD})
                answers.append({"status": res.status_code, "error": res.json().get("error"), "name": "Cy"})
        refused = [a for a in answers if a["status"] >= 400]
        assert [a["status"] for a in refused[:7]] == [409, 401, 401, 400, 400, 400, 400]
        assert re.search(r"try again in \d+ s", refused[-1]["error"]), refused[-1]
        page = _page(browser, errors, init=ZH)
        page.goto(url + "/")
        page.wait_for_selector("#account-open")
        told = page.evaluate("""async (answers) => { const a = await import('/static/account.js');
            return answers.map((r) => a.refusalText(r)); }""", refused)
        wait = re.search(r"try again in (\d+) s", refused[-1]["error"])
        assert wait and told[-1] == f"尝试次数过多：请 {wait[1]} 秒后再试"
        assert told[:7] == ["账号名 Cy 已被注册：换一个，或直接登录", "没有名为 Dee 的账号：请先注册",
                            "Cy 的密码不对", "账号名须有 2 到 20 个字", "账号名只能含字母、数字和 _ . -",
                            "密码须有 8 到 128 个字符", "密码不能与账号名相同"]
        page.evaluate("localStorage.setItem('majiang-lang', 'en')")
        told = page.evaluate("""async (answers) => { const a = await import('/static/account.js');
            return answers.map((r) => a.refusalText(r)); }""", refused)
        assert told == [a["error"] for a in refused]
    assert errors == []

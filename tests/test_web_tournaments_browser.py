"""The tournament page in Chromium (Playwright, Debian's browser) on a phone's screen (390×844): an organiser
creates a 16-player, 4-round tournament with the form, enters one table's score sheet by hand, lets bots
play the rest, pairs every round, and reads the standings and the CSV; refusals are shown in 中文 (a wrong
sheet, a sheet made on a version changed since); another player sees the tournament without the
organiser's tools."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import profiles
from playwright.sync_api import Browser, Page, ViewportSize, expect

from majiang.web import accounts
from web_browser import browser_server, chromium

PHONE: ViewportSize = {"width": 390, "height": 844}
WAIT_MS = 60_000
PLAYERS = [f"P{i:02d}" for i in range(16)]


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.soak)])
def base_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server, on SQLite (and on PostgreSQL under ``make soak``)."""
    saved = accounts.PROFILE
    accounts.PROFILE = profiles.CHEAPEST  # (the server's hashing is not under test here)
    if request.param == "sqlite":
        database: Any = tmp_path_factory.mktemp("tourney") / "web.db"
    else:
        database = request.getfixturevalue("postgres_cluster").emptied()
    try:
        with browser_server(database) as url:
            yield url
    finally:
        accounts.PROFILE = saved


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _page(browser: Browser, base_url: str, name: str, errors: list[str], lang: str = "en") -> Page:
    """A phone's tab in ``lang``, logged in as ``name`` (signed up through the API: accounts have their own
    browser test)."""
    context = browser.new_context(viewport=PHONE, base_url=base_url)
    signed = context.request.post("/api/accounts", data={"name": name, "password": "correct horse"})
    assert signed.status == 201
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('majiang-lang', '{lang}')")
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page


def _fits(page: Page) -> bool:
    width: Any = page.evaluate("() => document.documentElement.scrollWidth")
    return int(width) <= PHONE["width"]


def _table(page: Page, round_number: int, table: int) -> str:
    return f'.tn-table[data-round="{round_number}"][data-table="{table}"]'


def test_a_tournament_run_from_the_page(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, base_url, "Ann", errors)
    page.goto("/tournament")
    page.fill("#tn-name", "Club night")
    page.fill("#tn-players", "\n".join(PLAYERS))
    page.fill("#tn-rounds", "4")
    page.fill("#tn-hands", "1")
    page.fill("#tn-options", "profile=wmo2014")
    page.focus("#tn-rounds")
    # the list is drawn again when the account arrives (on a busy machine, while the form is being filled)
    # or the language changes: what was typed, and the caret, stay
    page.evaluate("() => window.dispatchEvent(new CustomEvent('majiang-account', {detail: {name: 'Ann'}}))")
    expect(page.locator("#tn-name")).to_have_value("Club night")
    expect(page.locator("#tn-players")).to_have_value("\n".join(PLAYERS))
    expect(page.locator("#tn-hands")).to_have_value("1")
    expect(page.locator("#tn-options")).to_have_value("profile=wmo2014")
    assert page.evaluate("() => document.activeElement.id") == "tn-rounds"
    assert _fits(page)
    page.click("#tn-create-button")
    page.wait_for_url("**/tournament/t*")
    expect(page.locator("h1")).to_have_text("Club night")
    tid = page.url.rsplit("/", 1)[-1]
    assert page.context.request.get(f"/api/tournaments/{tid}").json()["options"] == {"profile": "wmo2014"}
    for number in range(1, 5):
        version = page.get_attribute("#app", "data-version")
        page.click("#tn-pair")
        page.wait_for_selector(_table(page, number, 1))
        assert page.get_attribute("#app", "data-version") != version
        if number == 1:
            # one sheet by hand: four totals in seat order that add up to 0
            for seat, total in enumerate((30, 10, -15, -25)):
                page.fill(f'{_table(page, 1, 1)} input[data-seat="{seat}"]', str(total))
            assert "Sum: 0" in page.inner_text(_table(page, 1, 1))
            page.click(f"{_table(page, 1, 1)} button.enter")
            page.wait_for_selector(f"{_table(page, 1, 1)} .tag")
            assert "referee's sheet" in page.inner_text(_table(page, 1, 1))
        for table in range(2 if number == 1 else 1, 5):
            page.click(f"{_table(page, number, table)} button.play")
            page.wait_for_selector(f"{_table(page, number, table)} .tag")
        assert "played by bots" in page.inner_text(_table(page, number, 4))
        assert _fits(page)
    assert page.is_disabled("#tn-pair")
    rows = page.locator("#tn-standings tr[data-player]")
    assert rows.count() == 16
    assert page.inner_text("#tn-standings tr[data-player] >> nth=0").startswith("1")
    # the CSV the page links to is the standings it shows, in the same order
    href = page.get_attribute("#tn-csv", "href")
    assert href is not None
    answer = page.context.request.get(href)
    lines = list(csv.reader(io.StringIO(answer.text())))
    assert lines[0][:3] == ["place", "player", "table_points"] and len(lines) == 17
    shown = [rows.nth(i).get_attribute("data-player") for i in range(16)]
    assert [line[1] for line in lines[1:]] == shown
    printable = page.context.request.get(str(page.get_attribute("#tn-print", "href")))
    assert printable.status == 200 and "Round 4" in printable.text()
    assert errors == []


def test_a_refusal_in_chinese_and_a_viewer_without_tools(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, base_url, "Chen", errors, lang="zh")
    made = page.context.request.post("/api/tournaments",
                                     data={"players": PLAYERS[:12], "rounds": 2, "hands": 1})
    assert made.status == 201
    tid = made.json()["id"]
    page.goto(f"/tournament/{tid}")
    page.click("#tn-pair")
    page.wait_for_selector(_table(page, 1, 1))
    for seat, total in enumerate((10, 0, 0, -9)):  # adds up to 1: the server refuses, and says so in 中文
        page.fill(f'{_table(page, 1, 1)} input[data-seat="{seat}"]', str(total))
    page.click(f"{_table(page, 1, 1)} button.enter")
    expect(page.locator("#error")).to_contain_text("合计须为 0", timeout=WAIT_MS)
    assert "现在是 1" in page.inner_text("#error")
    assert page.locator(f"{_table(page, 1, 1)} .tag").count() == 0  # nothing was booked
    # and nothing typed was lost: the referee corrects the one wrong figure
    assert page.input_value(f'{_table(page, 1, 1)} input[data-seat="3"]') == "-9"
    assert page.inner_text(f"{_table(page, 1, 1)} button.enter") == "录入计分表"
    assert page.is_disabled("#tn-pair")  # the round is not finished
    # a second referee books table 2 meanwhile: this page's sheet, made on the older version, is refused,
    # and the page reloads with table 2's result and says why
    booked = page.context.request.post(f"/api/tournaments/{tid}/rounds/1/tables/2/result",
                                       data={"totals": [5, -5, 0, 0]})
    assert booked.status == 200
    page.fill(f'{_table(page, 1, 1)} input[data-seat="3"]', "-10")
    page.fill(f"{_table(page, 1, 3)} textarea.hands", "8 -8 0 0")
    page.click(f"{_table(page, 1, 1)} button.enter")
    expect(page.locator("#error")).to_contain_text("比赛已被他人修改", timeout=WAIT_MS)
    page.wait_for_selector(f"{_table(page, 1, 2)} .tag")
    assert page.locator(f"{_table(page, 1, 1)} .tag").count() == 0
    # the reload keeps what was typed at the open tables
    assert page.input_value(f'{_table(page, 1, 1)} input[data-seat="3"]') == "-10"
    assert page.input_value(f"{_table(page, 1, 3)} textarea.hands") == "8 -8 0 0"
    page.click(f"{_table(page, 1, 1)} button.enter")  # submitted again, now on the version shown
    page.wait_for_selector(f"{_table(page, 1, 1)} .tag")
    assert page.input_value(f"{_table(page, 1, 3)} textarea.hands") == "8 -8 0 0"
    assert _fits(page)
    viewer = _page(browser, base_url, "Dora", errors)
    viewer.goto(f"/tournament/{tid}")
    viewer.wait_for_selector("#tn-viewer")
    assert viewer.locator("#tn-pair").count() == 0 and viewer.locator("button.enter").count() == 0
    assert "Chen" in viewer.inner_text("#tn-viewer")
    assert errors == []

"""The ladder and drill pages in Chromium (Playwright, Debian's browser), on a phone's screen (390×844):
the leaderboard after a rated match and a player's games, in both languages; a drill asked, answered by
clicking tiles, the progress with its chart, a goal; a guest's page."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import profiles
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from majiang.web import accounts
from web_browser import chromium, serve

PHONE: ViewportSize = {"width": 390, "height": 844}
WAIT_MS = 60_000
RATED: dict[str, str] = {}
"""The id of Ann's rated table (``table``), once the fixture has played it."""


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    saved = accounts.PROFILE
    accounts.PROFILE = profiles.CHEAPEST  # (the server's hashing is not under test here)
    # away 0: the stand-in plays a person's seat at once, so a rated match ends by itself
    try:
        with serve(tmp_path_factory.mktemp("ranks") / "web.db", claim_seconds=0.0, away_seconds=0.0,
                   pause_seconds=0.0, window_seconds=0.0) as url:
            yield url
    finally:
        accounts.PROFILE = saved


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def ann(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    """Ann's phone, logged in, after her rated one-hand match against three bots."""
    context = browser.new_context(viewport=PHONE, base_url=base_url)
    api = context.request
    assert api.post("/api/accounts", data={"name": "Ann", "password": "correct horse"}).status == 201
    made = api.post("/api/tables", data={"players": ["open", "bot:random", "bot:efficiency", "bot:defense"],
                                         "hands": 1, "rated": True})
    assert made.status == 201, made.text()
    table = RATED["table"] = made.json()["id"]
    limit = time.monotonic() + 60
    while api.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < limit, "the rated table did not finish"
        time.sleep(0.05)
    yield context
    context.close()


def _page(context: BrowserContext, errors: list[str], lang: str = "en") -> Page:
    """A new tab of ``context`` opening in ``lang`` (a reload keeps the language the page toggled to)."""
    page = context.new_page()
    page.add_init_script(f"if (!sessionStorage.getItem('tab')) {{ sessionStorage.setItem('tab', '1'); "
                         f"localStorage.setItem('majiang-lang', '{lang}'); }}")
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page


def _fits(page: Page) -> bool:
    width: Any = page.evaluate("() => document.documentElement.scrollWidth")
    return int(width) <= PHONE["width"]


def test_ladder_page(ann: BrowserContext) -> None:
    errors: list[str] = []
    page = _page(ann, errors)
    page.goto("/ladder?rules=mcr")
    page.wait_for_selector("#board tr[data-player]")
    players = page.eval_on_selector_all("#board tr[data-player]", "rows => rows.map((r) => r.dataset.player)")
    assert sorted(players) == ["Ann", "bot:defense", "bot:efficiency", "bot:random"]
    assert "kyu" in page.inner_text("#board") and "Efficiency" in page.inner_text("#board")
    page.click("#board tr[data-player='Ann'] a.player")
    page.wait_for_selector("#entry #history tr[data-table]")
    assert page.locator("#entry #history tr[data-table]").count() == 1
    assert "player=Ann" in page.url  # a link to this entry
    assert _fits(page)
    page.click("#lang-toggle")  # the page is drawn again in Chinese, the same entry open
    page.wait_for_selector("#entry #history tr[data-table]")
    text = page.inner_text("body")
    assert "段位榜" in text and "级" in text and "kyu" not in text
    page.select_option("#rules", "sichuan")
    page.wait_for_selector("#empty")
    assert errors == []


def test_the_table_shows_the_match_on_the_ladder(ann: BrowserContext) -> None:
    """Once a rated match is over, its table page says each player's place, the points won and the grade,
    with a promotion marked (9级 to 8级 for first place's 30 points, docs/ladder.md)."""
    errors: list[str] = []
    page = _page(ann, errors)
    page.goto(f"/table/{RATED['table']}")
    page.wait_for_selector("#ladder-result .ladder-line")
    lines = page.locator("#ladder-result .ladder-line").all_inner_texts()
    assert len(lines) == 4 and all(": Place " in line for line in lines), lines
    board = ann.request.get("/api/ladder/mcr/Ann").json()
    game = board["history"][0]
    ann_line = page.inner_text("#ladder-result .ladder-line[data-player='0']")  # Ann sat as player 0
    assert f"Place {game['place']}" in ann_line and board["grade"]["en"] in ann_line
    assert ("promoted ▲" in ann_line) == (game["change"] == "promoted")
    # Each seat's grade beside its name: Ann's as the ladder has it now, and each rated bot's.
    badges = page.locator(".seat .who .badge.grade")
    assert badges.count() == 4
    texts = badges.all_inner_texts()
    assert board["grade"]["en"] in texts and all("kyu" in text or "dan" in text for text in texts), texts
    page.click("#lang-toggle")  # in 中文: the grades' Chinese names
    page.wait_for_selector(".seat .who .badge.grade:text-matches('[级段]')")
    zh = page.locator(".seat .who .badge.grade").all_inner_texts()
    assert board["grade"]["zh"] in zh and not any("kyu" in text for text in zh), zh
    state = ann.request.get(f"/api/tables/{RATED['table']}").json()
    assert "grade" not in state["players"][0]  # the listing stays light: the badges are in the state
    assert errors == []


def test_drill_page(ann: BrowserContext, browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(ann, errors)
    page.goto("/drill?drill=discard&rules=mcr")
    page.wait_for_selector("#progress-box")
    page.click("#ask")
    page.wait_for_selector("#hand .tile")
    assert page.inner_text("#source").startswith("From: game ")  # from Ann's stored game
    page.locator("#hand .tile").last.click()  # discard the tile just drawn
    page.wait_for_selector("#verdict")
    assert page.locator("#hand.locked").count() == 1
    page.wait_for_selector("#progress tr[data-drill='discard'] td:nth-child(2):text('1')")
    assert page.locator("#chart polyline").count() == 1
    page.fill("#goal-target", "70")
    page.fill("#goal-by", "2027-06-30")
    page.click("#set-goal")
    page.wait_for_selector("#progress tr[data-drill='discard'] td:text('70% (2027-06-30)')")
    assert page.locator("#chart line.goal").count() == 1
    # 听什么: the waits picked from the palette, then answered.
    page.select_option("#drill", "waits")
    page.click("#ask")
    page.wait_for_selector("#palette .tile")
    page.locator("#palette .tile[data-tile='5p']").click()
    page.click("#answer")
    page.wait_for_selector("#verdict")
    assert "the waits are" in page.inner_text("#verdict")
    assert _fits(page)
    # A guest gets the verdict but no progress.
    guest = browser.new_context(viewport=PHONE, base_url=base_url)
    other = _page(guest, errors, "zh")
    other.goto("/drill?drill=fans&rules=mcr")
    other.wait_for_selector("#guest-note")
    other.click("#ask")
    other.wait_for_selector("#total")
    other.fill("#total", "8")
    other.click("#answer")
    other.wait_for_selector("#verdict")
    assert "训练" in other.inner_text("nav") and "算番" in other.inner_text("body")
    # The verdict's why, and the win's facts, worded by the page in Chinese: no English word in them.
    for where in ("#verdict", "#facts"):
        assert not re.search(r"[A-Za-z]{2,}", other.inner_text(where)), other.inner_text(where)
    # and where the question comes from (a game's id is hex: English words only are looked for)
    source = other.inner_text("#source")
    assert source.startswith("出处：") or source.startswith("出处:"), source
    assert "局" in source and not re.search(r"\b(?:game|hand|move|seat|win|bot|seed)\b", source), source
    assert re.search(r"正确答案为\d+", other.inner_text("#verdict"))
    other.select_option("#drill", "discard")
    other.click("#ask")
    other.wait_for_selector("#hand .tile")
    other.locator("#hand .tile").last.click()  # the tile just drawn (a meld's tiles are not choices)
    other.wait_for_selector("#verdict")
    why = other.inner_text("#verdict .why")
    assert "有效牌剩" in why and not re.search(r"[A-Za-z]{2,}", why), why
    guest.close()
    assert errors == []

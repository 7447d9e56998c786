"""The table page as players use it, in Chromium (issue 22): every choice by clicking tiles, the pace of
others' moves, sounds, countdowns, seats that are never lost, the server's score sheet, phones, and a
page that clicks whatever it is offered through a hand of every ruleset and preset.

Each page runs with others' moves shown at once and silent (the pace and sounds have their own tests).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from majiang.game.ruleset import find_ruleset, ruleset_names, ruleset_presets
from web_browser import browser_server, chromium

WAIT_MS = 60_000
CLICK_MS = 5_000  # a thing offered that is gone this long was taken away (a window closed): look again
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1000, "height": 900}
QUIET = "localStorage.setItem('majiang-pace', '0'); localStorage.setItem('majiang-sound', '0');"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with browser_server(tmp_path_factory.mktemp("table") / "web.db") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _page(browser: Browser, errors: list[str], viewport: dict[str, int] = DESKTOP, init: str = QUIET) -> Page:
    """A page of its own context; page errors and console errors go to ``errors``."""
    page = browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    if init:
        page.add_init_script(init)
    return page


def _table(base_url: str, players: list[str], seed: int, rules: str = "mcr", options: list[str] | None = None,
           hands: int = 1) -> dict[str, Any]:
    body = {"rules": rules, "hands": hands, "seed": seed, "players": players, "options": options or []}
    res = httpx.post(f"{base_url}/api/tables", json=body)
    assert res.status_code == 201, res.text
    answer: dict[str, Any] = res.json()
    return answer


def _step(page: Page) -> int:
    return int(page.get_attribute("#felt", "data-step") or -1)


def _wait_change(page: Page, before: int) -> None:
    page.wait_for_function(f"() => {{ const f = document.querySelector('#felt'); "
                           f"const m = document.querySelector('#message'); "
                           f"return (f && Number(f.dataset.step) !== {before}) || (m && m.textContent); }}")


READY = "#result, #actions button:not([disabled]), #my-hand .tile.can-discard, #my-hand .tile.can-pick"


def _click_something(page: Page, rng: random.Random, seen: dict[str, int]) -> bool:
    """Click one thing the page offers (a random one), as a player would; False once the hand is over."""
    try:
        return _try_click(page, rng, seen)
    except PlaywrightTimeout:  # what was offered went before the click (a window closed): look again
        return True


def _try_click(page: Page, rng: random.Random, seen: dict[str, int]) -> bool:
    page.wait_for_selector(READY)
    if page.locator("#result").count():
        return False
    before = _step(page)
    offers = page.evaluate("""() => ({
        buttons: [...document.querySelectorAll('#actions button:not([disabled])')].map((b) => ({
            kind: b.dataset.kind || null, id: b.id, tiles: b.querySelectorAll('.tile').length})),
        discards: document.querySelectorAll('#my-hand .tile.can-discard').length,
        picks: document.querySelectorAll('#my-hand .tile.can-pick').length,
        riichi: document.querySelectorAll('#my-hand .tile.can-riichi').length})""")
    for b in offers["buttons"]:
        kind = b["kind"]
        if kind:
            seen[kind] = seen.get(kind, 0) + 1
        # each choice is drawn by its tiles: a chow's three, a pung's three, a kong's four
        if kind in ("chow", "pung"):
            assert b["tiles"] == 3, b
        if kind in ("kong", "concealed-kong", "added-kong"):
            assert b["tiles"] == 4, b
    if offers["picks"]:  # 换三张: pick tiles until the exchange can be sent
        page.locator("#my-hand .tile.can-pick").nth(rng.randrange(offers["picks"])).click(timeout=CLICK_MS)
        if page.locator("#exchange:not([disabled])").count():
            seen["exchange-sent"] = seen.get("exchange-sent", 0) + 1
            page.click("#exchange")
            _wait_change(page, before)
        return True
    if offers["riichi"]:  # the riichi button was pressed: its discard
        page.locator("#my-hand .tile.can-riichi").nth(rng.randrange(offers["riichi"])).click(timeout=CLICK_MS)
        seen["riichi-sent"] = seen.get("riichi-sent", 0) + 1
        _wait_change(page, before)
        return True
    buttons = [b for b in offers["buttons"] if b["kind"] not in ("exchange", None)]
    wins = [b for b in buttons if b["kind"] == "win"]
    options: list[Any] = wins or buttons + (["discard"] * offers["discards"] if offers["discards"] else [])
    if not options:
        return True  # the window closed before this look: look again
    choice = rng.choice(options)
    if choice == "discard":
        tiles = page.locator("#my-hand .tile.can-discard")
        tiles.nth(rng.randrange(offers["discards"])).click(timeout=CLICK_MS)
    elif choice["kind"] == "riichi":
        page.click("#riichi", timeout=CLICK_MS)
        return True
    else:
        kind_buttons = page.locator(f"#actions button[data-kind='{choice['kind']}']:not([disabled])")
        count = kind_buttons.count()
        if not count:
            return True
        kind_buttons.nth(rng.randrange(count)).click(timeout=CLICK_MS)
    _wait_change(page, before)
    return True


def _play_hand(page: Page, rng: random.Random, seen: dict[str, int]) -> None:
    for _ in range(600):
        if not _click_something(page, rng, seen):
            return
    raise AssertionError("the hand did not end")


BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")
"""The rulesets the package registers (test modules imported in the same worker register toys of their
own, which the clicking tests leave out)."""


def _cases() -> list[tuple[str, str | None]]:
    assert set(BUILT_IN) <= set(ruleset_names())
    return [(name, preset) for name in BUILT_IN for preset in [None, *ruleset_presets(name)]]


# Options that bring a ruleset's own opening choices to the page (Sichuan's defaults have neither).
EXTRA = {"sichuan": ["exchange=clockwise", "declare_void=true"], "chengdu": ["exchange=dice"]}


def _random_play(browser: Browser, base_url: str, rules: str, preset: str | None, hands: int,
                 viewport: dict[str, int], seed: int) -> dict[str, int]:
    """A page playing ``hands`` hands of ``rules`` (``preset``) by clicking whatever it offers, and a
    spectator: no page or console error, no move made by the stand-in for the page's seat, the same
    score sheet on both pages at every hand's end, and no 'undefined' or 'NaN' on the page."""
    options = [f"{k}={str(v).lower() if isinstance(v, bool) else v}"
               for k, v in (ruleset_presets(rules)[preset] if preset else {}).items()]
    if preset is None:
        options = EXTRA.get(rules, [])
    ruleset = find_ruleset(rules).with_options(options)
    hands = min(hands, ruleset.most_hands, ruleset.match_length(None))  # a preset may play one hand
    players = ["open", "bot:efficiency", "bot:random", "bot:efficiency"]
    table = _table(base_url, players, seed=seed, rules=rules, options=options, hands=hands)
    errors: list[str] = []
    page = _page(browser, errors, viewport)
    watcher = _page(browser, errors, viewport)
    page.goto(base_url + table["players"][0]["join"])
    watcher.goto(base_url + table["watch"])
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    page.wait_for_selector("#felt[data-hand='1']")
    for hand in range(1, hands + 1):
        _play_hand(page, rng, seen)  # (a hand may end before the page is asked anything)
        if viewport == PHONE:
            _fits(page)
        text = page.inner_text("#app")
        assert "undefined" not in text and "NaN" not in text, text
        # the sheet is the server's: the same rows and totals for the player and a spectator, this hand's
        # row included before the next hand starts
        watcher.wait_for_selector(f"#score-sheet tr[data-hand='{hand}']")
        assert page.locator(f"#score-sheet tr[data-hand='{hand}']").count() == 1
        last = "#score-sheet tr:last-child"
        assert page.inner_text(last) == watcher.inner_text(last)
        totals = [int(x) for x in page.locator("#score-sheet tr:last-child th").all_inner_texts()[1:5]]
        rows = page.locator("#score-sheet tr[data-hand]")
        deltas = [[int(x) for x in rows.nth(h).locator("td").all_inner_texts()[1:5]]
                  for h in range(rows.count())]
        start = [totals[p] - sum(d[p] for d in deltas) for p in range(4)]
        assert len(set(start)) == 1, (start, totals)  # every player started from the same score
        if page.locator("#next-hand").count():
            page.click("#next-hand")
        # the next hand, or the match's end where the rules end it early (the totals, a limit reached)
        page.wait_for_selector(f"#felt[data-match-over='true'], #felt[data-hand='{hand + 1}']")
        if page.get_attribute("#felt", "data-match-over") == "true":
            break
    info = httpx.get(f"{base_url}/api/tables/{table['id']}").json()
    assert info["standins"][0] == 0, info["standins"]
    assert errors == [], errors
    page.context.close()
    watcher.context.close()
    return seen


def _fits(page: Page) -> None:
    """At a phone's width: no sideways scrolling, and every tile of the hand and every button at least
    40 px to touch, the hand on one row."""
    sizes = page.evaluate("""() => ({
        width: document.documentElement.scrollWidth, inner: window.innerWidth,
        tiles: [...document.querySelectorAll('#my-hand .tile')].map((t) => {
            const r = t.getBoundingClientRect(); return [r.width, r.height, t.offsetTop]; }),
        buttons: [...document.querySelectorAll('button')].filter((b) => b.offsetParent).map((b) => {
            const r = b.getBoundingClientRect(); return [b.id || b.textContent, r.width, r.height]; })})""")
    assert sizes["width"] <= sizes["inner"], sizes
    for w, h, _ in sizes["tiles"]:
        assert w >= 40 and h >= 40, sizes["tiles"]
    assert len({top for _, _, top in sizes["tiles"]}) <= 1, sizes["tiles"]
    for name, w, h in sizes["buttons"]:
        assert w >= 40 and h >= 40, (name, w, h)


# A hand of Chinese Official in every run; the others' hands (and several of every ruleset and preset on
# both sizes) in make soak, below. Sichuan's exchange and void by clicks, its win panel, riichi's button and
# its win panel have tests of their own in every run (here and in test_web_browser).
ORDINARY = ("mcr",)


@pytest.mark.parametrize(("rules", "preset"), [
    c if c[0] in ORDINARY else pytest.param(*c, marks=pytest.mark.soak) for c in _cases() if c[1] is None])
def test_random_clicking_plays_a_hand(browser: Browser, base_url: str, rules: str,
                                      preset: str | None) -> None:
    """One hand of each ruleset by clicking (the odd ones at a phone's size)."""
    index = ruleset_names().index(rules)
    viewport = PHONE if index % 2 else DESKTOP
    seen = _random_play(browser, base_url, rules, preset, 1, viewport, seed=100 + index)
    if rules in EXTRA:
        assert seen.get("exchange-sent") == 1, seen


@pytest.mark.soak
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize(("rules", "preset"), _cases())
def test_random_clicking_plays_hands(browser: Browser, base_url: str, rules: str, preset: str | None,
                                     viewport: dict[str, int]) -> None:
    """Several hands of every ruleset and preset by clicking, on a desktop and at 390x844."""
    hands = int(os.environ.get("MAJIANG_WEB_CLICK_HANDS", "3"))
    seen = _random_play(browser, base_url, rules, preset, hands, viewport, seed=7)
    print(rules, preset, viewport["width"], json.dumps(seen, sort_keys=True))


def test_exchange_and_void_by_the_tiles(browser: Browser, base_url: str) -> None:
    """换三张 with more than 18 choices (the page once ran out of key letters there): three tiles picked in
    the hand, only tiles of the picked suit pickable after the first, the received three marked; then 定缺
    by one of three suit buttons."""
    table = _table(base_url, ["open", "bot:efficiency", "bot:efficiency", "bot:efficiency"], seed=1,
                   rules="sichuan", options=["exchange=clockwise", "declare_void=true"])
    errors: list[str] = []
    page = _page(browser, errors)
    frames: list[dict[str, Any]] = []

    def listen(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", listen)
    page.goto(base_url + table["players"][0]["join"])
    page.wait_for_selector("#my-hand .tile.can-pick")
    choices = [c for c in frames[-1]["view"]["choices"] if c["kind"] == "exchange"]
    assert len(choices) > 18 and len(frames[-1]["view"]["legal"]) == len(choices)
    assert page.locator("#exchange").is_disabled()
    hand = page.locator("#my-hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    page.locator("#my-hand .tile.can-pick").first.click()
    suit = page.locator("#my-hand .tile.picked").get_attribute("data-tile")[-1]  # type: ignore[index]
    pickable = page.locator("#my-hand .tile.can-pick").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    assert pickable and all(t.endswith(suit) for t in pickable)
    page.locator("#my-hand .tile.picked").click()  # a second click puts it back
    assert page.locator("#my-hand .tile.picked").count() == 0
    for _ in range(3):
        page.locator(f"#my-hand .tile.can-pick[data-tile$='{suit}']").first.click()
    given = sorted(page.locator("#my-hand .tile.picked").evaluate_all("ts => ts.map(t => t.dataset.tile)"))
    assert len(given) == 3 and page.locator("#exchange").is_enabled()
    page.click("#exchange")
    page.wait_for_selector("#actions button[data-kind='void']")
    voids = page.locator("#actions button[data-kind='void']")
    assert voids.count() == 3
    assert sorted(voids.evaluate_all("bs => bs.map(b => b.dataset.action)")) == ["void m", "void p", "void s"]
    received = page.locator("#my-hand .tile.received").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    now = page.locator("#my-hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    kept = list(hand)
    for x in given:
        kept.remove(x)
    rest = list(now)
    for x in kept:
        rest.remove(x)
    assert len(received) == 3 and sorted(received) == sorted(rest)
    before = _step(page)
    page.keyboard.press("v")  # the first suit button's key
    _wait_change(page, before)
    info = httpx.get(f"{base_url}/api/tables/{table['id']}").json()
    assert info["standins"][0] == 0
    assert errors == []


def test_pace_sounds_last_discard_and_countdowns(browser: Browser, base_url: str) -> None:
    """Others' moves are shown one by one at the chosen pace (every step shown, none skipped, the page
    behind the server meanwhile); a sound at this seat's turn; the last discard in the centre; an absent
    friend's turn counts down to the stand-in."""
    table = _table(base_url, ["open", "open", "bot:random", "bot:random"], seed=12)
    errors: list[str] = []
    page = _page(browser, errors, init="localStorage.setItem('majiang-pace', '0.8'); window.__tones = 0; "
                 "const Osc = window.OscillatorNode; const start = Osc.prototype.start; "
                 "Osc.prototype.start = function (...a) { window.__tones++; return start.apply(this, a); };")
    page.goto(base_url + table["players"][0]["join"])
    page.wait_for_selector("#my-hand .tile.can-discard")
    assert page.input_value("#pace") == "0.8" and page.is_checked("#sound")
    tones = page.evaluate("() => window.__tones")
    page.locator("#my-hand .tile.can-discard").last.click()
    # player 1 never came: the table waits for it, counting down to its stand-in (away_seconds 600)
    page.wait_for_selector("#away-countdown")
    left = int(re.findall(r"\d+", page.inner_text("#away-countdown"))[-1])
    assert 0 < left <= 600
    last = page.locator("#last-discard .tile").get_attribute("data-tile")
    pond = page.locator(".pond[data-seat='0'] .tile.last").get_attribute("data-tile")
    assert last == pond
    # the page's own discard sounded (WebAudio, no file)
    assert page.evaluate("() => window.__tones") > tones
    page.select_option("#pace", "0")
    assert page.evaluate("() => localStorage.getItem('majiang-pace')") == "0"
    page.uncheck("#sound")
    assert page.evaluate("() => localStorage.getItem('majiang-sound')") == "0"
    assert errors == []


def test_paced_moves_are_shown_one_by_one(browser: Browser, base_url: str) -> None:
    table = _table(base_url, ["open", "bot:random", "bot:random", "bot:random"], seed=14)
    errors: list[str] = []
    page = _page(browser, errors, init="localStorage.setItem('majiang-pace', '0.4');")
    received: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived",
                                          lambda p: received.append(json.loads(p).get("step", -1))))
    page.goto(base_url + table["players"][0]["join"])
    page.wait_for_selector("#my-hand .tile.can-discard")
    page.evaluate("""() => { window.steps = []; new MutationObserver(() => {
        const f = document.querySelector('#felt'); if (f) window.steps.push(Number(f.dataset.step)); })
        .observe(document.body, {childList: true, subtree: true}); }""")
    before = _step(page)
    page.locator("#my-hand .tile.can-discard").last.click()
    page.wait_for_function(f"() => document.querySelector('#felt').dataset.step > {before} && "
                           "document.querySelector('#my-hand .tile.can-discard, #actions button')")
    shown = sorted(set(page.evaluate("() => window.steps")))
    sent = sorted({s for s in received if s > before})
    assert len(sent) > 3 and set(sent) <= set(shown), (sent, shown)  # every state shown, none skipped
    assert errors == []


def test_seats_are_never_lost(browser: Browser, base_url: str) -> None:
    """The lobby keeps every link of the tables this browser made; a closed tab gets back to its seat from
    the lobby; the table page lists its own link and the invitations."""
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/")
    page.wait_for_selector("#create")
    page.fill("#hands", "1")
    page.select_option("#kind-1", "open")
    page.click("#create")
    page.wait_for_selector("#join-links .play-link")
    join = page.get_attribute("#join-links .play-link", "href") or ""
    table_id = join.split("/")[2].split("?")[0]
    page.click("#join-links .play-link")
    page.wait_for_selector("#my-hand .tile")
    links = page.locator("#seat-links .seat-link")
    assert links.count() == 2
    for label in page.locator("#seat-links .seat-link strong").all_inner_texts():
        words = label.rstrip(": ").lower().split()
        assert len(words) == len(set(words)), label  # a default name is not said twice ("Player 1 player 1")
    assert page.get_attribute("#seat-links .play-link", "href") == join
    assert page.locator("#seat-links .invite-link").count() == 1
    context = page.context
    page.close()  # the tab is closed
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{base_url}/")
    page.wait_for_selector(f"#my-tables [data-table='{table_id}'] .play-link")
    assert page.get_attribute(f"#my-tables [data-table='{table_id}'] .play-link", "href") == join
    assert page.locator(f"#my-tables [data-table='{table_id}'] .invite-link").count() == 1
    row_link = page.locator(f"table.grid a.play-link[href='{join}']")
    assert row_link.count() == 1
    row_link.click()
    page.wait_for_selector("#my-hand .tile")
    assert page.locator(".seat.pos-bottom .badge", has_text="you").count() == 1
    # a friend who opened the invitation finds it in its own browser's lobby too
    invite = page.get_attribute("#seat-links .invite-link", "href") or ""
    friend = _page(browser, errors)
    friend.goto(base_url + invite)
    friend.wait_for_selector("#my-hand .tile")
    friend.goto(f"{base_url}/")
    friend.wait_for_selector(f"#my-tables [data-table='{table_id}'] .play-link[data-player='1']")
    assert errors == []


def test_pages_fit_a_phone(browser: Browser, base_url: str) -> None:
    """At 390x844 the lobby, calculator, coach, replay and table fit without sideways scrolling, with
    touch targets of at least 40 px and the hand on one row."""
    table = _table(base_url, ["open", "bot:random", "bot:random", "bot:random"], seed=8)
    errors: list[str] = []
    page = _page(browser, errors, PHONE)
    for path, ready in (("/", "#create"), ("/calc", "#palette"), ("/coach?hand=123456789m1234pE", "#advice"),
                        ("/replay", "#record-file")):
        page.goto(base_url + path)
        page.wait_for_selector(ready)
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (path, width)
        small = page.evaluate("""() => [...document.querySelectorAll('button, select')]
            .filter((b) => b.offsetParent).map((b) => b.getBoundingClientRect())
            .filter((r) => r.width < 40 || r.height < 40).length""")
        assert small == 0, path
    page.goto(base_url + table["players"][0]["join"])
    page.wait_for_selector("#my-hand .tile.can-discard")
    _fits(page)
    assert errors == []


def test_riichi_by_its_button_then_the_tile(browser: Browser, base_url: str) -> None:
    """Riichi is a button, then the discard: the tiles it may let go are marked, and a click on one declares
    (seed 1884 deals the dealer a hand that may declare riichi with E at once)."""
    table = _table(base_url, ["open", "bot:efficiency", "bot:efficiency", "bot:efficiency"], seed=1884,
                   rules="riichi")
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(base_url + table["players"][0]["join"])
    page.wait_for_selector("#riichi")
    assert page.locator("#my-hand .tile.can-riichi").count() == 0
    page.keyboard.press("r")  # the riichi button's key
    marked = page.locator("#my-hand .tile.can-riichi").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    assert marked == ["E"]
    page.click("#riichi")  # the button again: cancelled, a plain discard again
    assert page.locator("#my-hand .tile.can-riichi").count() == 0
    page.click("#riichi")
    page.locator("#my-hand .tile.can-riichi").click()
    # the first discard of the hand: a double riichi
    page.wait_for_selector(".seat.pos-bottom .badge.mark-double-riichi")
    assert page.locator(".pond[data-seat='0'] .tile.sideways").count() == 1
    assert errors == []


def test_special_kongs_are_drawn(browser: Browser, base_url: str) -> None:
    """Changchun's special kongs ([ESWN,x], [PFC,x]) are melds the page draws face up (it once threw
    'cannot read meld' and stopped drawing the table)."""
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/calc")
    page.wait_for_selector("#palette")
    drawn = page.evaluate("""async () => {
        const tiles = await import('/static/tiles.js');
        const meld = tiles.meldElement('[PFC,x]');
        return {parsed: tiles.parseMeld('[ESWN,x]'),
                faces: [...meld.querySelectorAll('.tile')].map((t) => t.dataset.tile),
                sideways: meld.querySelectorAll('.tile.claimed').length};
    }""")
    winds = {"tiles": ["E", "S", "W", "N"], "source": None, "concealedKong": False, "special": True}
    assert drawn["parsed"] == winds
    assert drawn["faces"] == ["P", "F", "C"] and drawn["sideways"] == 0
    assert errors == []

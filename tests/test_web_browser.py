"""The pages in a real browser: Playwright drives Debian's Chromium against a server on loopback.

A hand played through the table page against three bots, two browsers at one table (neither ever
receives the other's concealed tiles), reconnecting, the calculator, the coach and the replay viewer.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocket

from majiang.bots import RandomBot
from majiang.records import play_match
from web_browser import browser_server, chromium

# the pages' turns and claim windows; a bounded loop guards against a page that stops answering
MAX_MOVES = 400
WAIT_MS = 60_000


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with browser_server(tmp_path_factory.mktemp("browser") / "web.db") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as b:
        yield b


def _page(browser: Browser, errors: list[str]) -> Page:
    page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda err: errors.append(str(err)))
    # others' moves shown at once, silently (the pace and the sounds have tests of their own)
    page.add_init_script("localStorage.setItem('majiang-pace', '0'); "
                         "localStorage.setItem('majiang-sound', '0');")
    return page


def _table(base_url: str, players: list[str], seed: int, rules: str = "mcr") -> dict[str, Any]:
    body = {"rules": rules, "hands": 1, "seed": seed, "players": players}
    res = httpx.post(f"{base_url}/api/tables", json=body)
    assert res.status_code == 201, res.text
    answer: dict[str, Any] = res.json()
    return answer


def _watch(page: Page, script: str) -> None:
    """Run ``script`` (a JS function body reading the page) after every change the page makes, so a state
    that lasts only between two server messages is still seen (polling can miss it under load)."""
    page.evaluate("(body) => { const look = new Function(body); look(); "
                  "new MutationObserver(look).observe(document.body, {childList: true, subtree: true, "
                  "characterData: true}); }", script)


def _step(page: Page) -> int:
    return int(page.get_attribute("#felt", "data-step") or -1)


READY = "#result, #actions button, #my-hand .tile.can-discard"


def _move(page: Page, claims: list[str], wait: bool = True) -> bool:
    """Make one move on ``page`` if it has one (win, else pass, else discard); False once the hand is over.
    ``wait`` False: return at once when the page has nothing to do (another page's seat may be the one
    the table waits for, and a window this seat may only pass in closes by itself)."""
    if wait:
        page.wait_for_selector(READY)
    elif not page.locator(READY).count():
        return True
    if page.locator("#result").count():
        return False
    before = _step(page)
    # read at once: a window this seat may only pass in may close by itself (and its buttons go) meanwhile
    actions = page.evaluate("() => [...document.querySelectorAll('#actions button')]"
                            ".map((b) => b.dataset.action)")
    discards = page.locator("#my-hand .tile.can-discard")
    if "win" in actions:
        page.keyboard.press("w")  # the win button's shortcut
    elif "pass" in actions:
        # a claim window: its countdown is on the page, counting down from the server's deadline
        left = page.evaluate("() => document.querySelector('#countdown')?.textContent ?? null")
        if left is not None:
            claims.append(left)
        page.keyboard.press("x")  # the pass button's shortcut
    elif discards.count():
        discards.last.click()
    else:
        return True  # the window closed before this look: look again
    # the move is done when a new state arrives, or refused (a stale step when another seat was first)
    page.wait_for_function(f"() => {{ const f = document.querySelector('#felt'); "
                           f"const m = document.querySelector('#message'); "
                           f"return (f && Number(f.dataset.step) !== {before}) || (m && m.textContent); }}")
    return True


def test_full_hand_through_the_lobby_and_table(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/")
    page.wait_for_selector("#create")
    page.fill("#hands", "1")
    page.fill("#seed", "11")
    page.select_option("#kind-1", "bot:efficiency")
    page.click("#create")
    page.wait_for_selector("#join-links .play-link")
    join = page.get_attribute("#join-links .play-link", "href") or ""
    assert re.fullmatch(r"/table/[^?]+\?player=0&token=[\w-]{16,}", join), join
    page.click("#join-links .play-link")
    page.wait_for_selector("#my-hand .tile")
    assert page.locator("#my-hand .tile").count() in (13, 14)
    assert page.locator(".seat.pos-bottom .badge", has_text="you").count() == 1
    assert re.search(r"Dice: \d+ \+ \d+", page.inner_text("#felt .center"))
    assert page.locator(".seat .badge.dealer").count() == 1
    # the hand's wall commitment is shown before play; the seed chosen in the lobby marks a practice table
    assert len(page.get_attribute("#commitment", "title") or "") == 64
    assert page.locator("#practice").count() == 1
    # the hand's tiles glide up under the pointer, except for a person who asked for less motion (as
    # every test page does: web_browser.chromium)
    glide = "() => getComputedStyle(document.querySelector('#my-hand .tile')).transitionDuration"
    assert page.evaluate(glide) == "0s"
    page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(glide) == "0.08s"
    page.emulate_media(reduced_motion="reduce")
    # the table is changed in place from state to state, not drawn anew (the browser then lays out only
    # what a move changed): the felt seen now is the one seen at the end, showing the last step
    page.evaluate("() => { document.querySelector('#felt').kept = true; }")
    first = _step(page)
    claims: list[str] = []
    moves = 0
    while _move(page, claims):
        moves += 1
        assert moves < MAX_MOVES
    assert moves > 0
    assert page.evaluate("() => document.querySelector('#felt').kept") is True and _step(page) > first
    for text in claims:
        assert 0 <= int(text.split()[0]) <= 60
    result = page.inner_text("#result")
    assert page.locator("#log div").count() > 0  # the event log saw the hand's discards and its end
    fans = page.locator("#result table.fans tr[data-fan]")
    assert "Exhaustive draw" in result or fans.count() > 0
    if fans.count():  # the winner's total is the sum of the fan rows shown, and a legal win has 8
        total = int(page.inner_text("#result table.fans th.total"))
        values = page.locator("#result table.fans tr[data-fan] td:nth-child(2)").all_inner_texts()
        cells = (v.partition(" × ") if "×" in v else (v, "", "1") for v in values)
        points = [int(a) * int(b) for a, _, b in cells]
        assert sum(points) == total and total >= 8
    # every seat shows its hand at the end; the score sheet gets its row once the hand is booked
    assert page.locator("#felt .seat .backs .tile[data-tile='back']").count() == 0
    page.click("#next-hand")
    page.wait_for_selector("#felt[data-match-over='true']")
    sheet = page.inner_text("#score-sheet")
    assert "Match over" in sheet and re.search(r"^1\t", sheet, re.M)
    table_id = join.split("/")[2].split("?")[0]
    assert page.get_attribute("#replay-link", "href") == f"/replay?game={table_id}"
    # the finished game in the replay viewer, by a shareable link that carries hand, step and seat
    page.goto(f"{base_url}/replay?game={table_id}&hand=1&step=3&seat=0")
    page.wait_for_selector("#step-label")
    assert page.inner_text("#step-label").startswith("Step 3/")
    hidden = page.locator(".seat:not(.pos-bottom) .standing .tile[data-tile='back']").count()
    assert hidden >= 13 * 3  # one player's view: the other three hands face down
    assert page.locator(".seat.pos-bottom .standing .tile[data-tile='back']").count() == 0
    page.click("#next")
    assert page.inner_text("#step-label").startswith("Step 4/")
    assert "step=4" in page.url and f"game={table_id}" in page.url
    page.select_option("#seat-select", "all")
    assert page.locator(".standing .tile[data-tile='back']").count() == 0
    assert errors == []


@pytest.mark.soak  # (a whole hand through two pages; the server's own frames are checked in test_web_server)
def test_two_browsers_never_see_each_others_tiles(browser: Browser, base_url: str) -> None:
    table = _table(base_url, ["open", "open", "bot:efficiency", "bot:efficiency"], seed=5)
    errors: list[str] = []
    frames: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    pages = {}
    for p in (0, 1):
        page = _page(browser, errors)

        def listen(ws: WebSocket, p: int = p) -> None:
            ws.on("framereceived", lambda payload: frames[p].append(json.loads(payload)))

        page.on("websocket", listen)
        # the creator's own seat by its link, the friend's by its invitation
        page.goto(base_url + (table["players"][p].get("join") or table["players"][p]["invite"]))
        pages[p] = page
    for page in pages.values():
        page.wait_for_selector("#my-hand .tile")
    # the invitation, once used, left the friend's address holding its token (a reload keeps the seat) and
    # seats nobody else: a second opening says the seat is taken and offers to watch
    assert re.search(r"\?player=1&token=[\w-]{16,}$", pages[1].url), pages[1].url
    late = _page(browser, errors)
    late.goto(base_url + table["players"][1]["invite"])
    late.wait_for_selector("#watch-link")
    assert "seat taken" in late.inner_text("#message")
    late.close()
    claims: list[str] = []
    live = {0, 1}
    for _ in range(MAX_MOVES):
        if not live:
            break
        for p in sorted(live):
            page = pages[p]
            page.wait_for_selector("#felt")
            can = page.locator("#result, #actions button, #my-hand .tile.can-discard").count()
            if page.locator("#result").count():
                live.discard(p)
            elif can:
                _move(page, claims, wait=False)
        for page in pages.values():
            page.wait_for_timeout(20)
    assert not live
    states = {p: [f for f in frames[p] if f.get("type") == "state"] for p in (0, 1)}
    assert states[0] and states[1]
    # each page's own tiles by step; the other page's frames of the same step must not hold them
    own = {p: {s["step"]: s["view"]["standing"] for s in states[p] if s["view"]["phase"] != "over"}
           for p in (0, 1)}

    def tile_lists(value: Any) -> Iterator[list[str]]:
        if isinstance(value, list):
            if value and all(isinstance(x, str) for x in value):
                yield value
            for item in value:
                yield from tile_lists(item)
        elif isinstance(value, dict):
            for item in value.values():
                yield from tile_lists(item)

    compared = 0
    for p, q in ((0, 1), (1, 0)):
        for state in states[p]:
            view = state["view"]
            assert state["you"] == p
            if view["phase"] == "over":
                continue
            assert view["hands"] is None
            assert len(view["standing"]) == view["concealed"][state["seat"]]
            secret = own[q].get(state["step"])
            if secret is None:
                continue
            compared += 1
            for tiles in tile_lists(view):
                if tiles is view["standing"]:
                    continue
                assert sorted(tiles) != sorted(secret), (p, state["step"])
            assert sorted(view["standing"]) != sorted(secret)
    assert compared > 10
    assert errors == []


def test_reconnect_keeps_the_seat(browser: Browser, base_url: str) -> None:
    table = _table(base_url, ["open", "bot:random", "bot:random", "bot:random"], seed=8)
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(base_url + table["players"][0]["join"])
    page.wait_for_selector("#my-hand .tile.can-discard")
    before = sorted(page.locator("#my-hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"))
    page.reload()
    page.wait_for_selector("#my-hand .tile.can-discard")
    after = sorted(page.locator("#my-hand .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"))
    assert after == before
    assert page.locator(".seat.pos-bottom .badge", has_text="you").count() == 1
    # the coach's hints on the turn: discards of tiles in the hand, best first
    page.check("#hints-toggle")
    page.wait_for_selector("#hints .hint")
    hinted = page.locator("#hints .hint[data-discard]").evaluate_all("hs => hs.map(h => h.dataset.discard)")
    assert hinted and set(hinted) <= set(after)
    # and the strong bot's judgement beside them (majiang.bots.judgement): its move among the legal
    # discards, and each hinted discard's risk of dealing in
    page.wait_for_selector("#bot-pick")
    pick = page.get_attribute("#bot-pick", "data-pick") or ""
    assert pick.startswith("discard ") and pick.split()[1] in after, pick
    assert "The Fan-aware bot would:" in page.inner_text("#bot-pick")
    rows = page.locator("#hints .hint[data-discard]").all_inner_texts()
    assert all("deal-in risk" in text for text in rows), rows
    # readable on a phone: at a phone's width the table fits without sideways scrolling
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    # the seat still plays after the reload: the discard leaves its hand (a bot may claim it at once)
    assert len(after) == 14
    _watch(page, "window.sizes = window.sizes || []; "
                 "window.sizes.push(document.querySelectorAll('#my-hand .tile').length);")
    page.locator("#my-hand .tile.can-discard").first.click()
    page.wait_for_function("() => window.sizes.includes(13)")
    assert errors == []


def test_calculator_page(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/calc")
    page.wait_for_selector("#notation")
    page.fill("#notation", "1112345678999m5m")
    page.select_option("#win-by", "self-drawn")
    page.click("#score")
    page.wait_for_selector("#fans")
    assert page.locator("#fans tr[data-fan='nine_gates'] td.value").inner_text() == "88"
    assert "Nine Gates" in page.inner_text("#fans") and "九莲宝灯" in page.inner_text("#fans")
    assert page.locator("#fans tr[data-fan='self_drawn']").count() == 1
    # picking tiles: click the palette to build a hand, then score it with the last-tile flag
    page.click("#clear")
    for kind in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "2s", "3s", "E", "E"]:
        page.click(f"#palette .tile[data-tile='{kind}']")
    assert page.input_value("#notation") == "1m2m3m4p5p6p7s8s9s1s2s3sEE"
    assert page.locator("#picked .tile").count() == 14
    page.check("#last-of-wall")
    page.select_option("#win-by", "discard")
    page.click("#score")
    page.wait_for_function("() => document.querySelector(\"#fans tr[data-fan='last_tile_claim']\") !== null")
    assert "海底捞月" in page.inner_text("#fans")
    page.fill("#notation", "123m")
    page.click("#score")
    page.wait_for_selector("#error:has-text('13 or 14')")
    assert errors == []


def test_calculator_page_any_ruleset(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/calc")
    page.wait_for_selector("#win-by")
    page.select_option("#rules", "riichi")  # the form becomes riichi's context fields
    page.wait_for_selector("#dora")
    assert page.locator("#flowers").count() == 0 and page.locator("#profile").count() == 0
    page.fill("#notation", "234567m234p3488s 2s")
    page.select_option("#win-by", "self-drawn")
    page.check("#riichi")
    page.fill("#dora", "1m")
    page.select_option("#seat-wind", "S")
    page.click("#score")
    page.wait_for_selector("#explain")
    assert "12000 points" in page.inner_text("#explain")
    assert page.inner_text("#result h2").endswith("7")
    page.goto(f"{base_url}/calc?rules=chengdu&hand=111222444m33399p&after_kong=true")  # a shared link
    page.wait_for_selector("#explain")
    assert page.is_checked("#after-kong") and "杠上炮" in page.inner_text("#explain")
    assert errors == []


def test_calculator_page_scores_every_ruleset(browser: Browser, base_url: str) -> None:
    """Each ruleset's winning hand (tests/test_web_pages.py's cases) through a shared link: the page builds
    the ruleset's form, scores the hand and shows the total, the ruleset named by its title."""
    from urllib.parse import urlencode

    from test_web_pages import RULESET_CASES

    errors: list[str] = []
    page = _page(browser, errors)
    titles = httpx.get(f"{base_url}/api/names").json()["rulesets"]
    for body, total in RULESET_CASES:
        query: dict[str, str] = {"hand": str(body["hand"]), "rules": str(body["rules"])}
        for key, value in body.items():
            if key == "options":
                if isinstance(value, list):
                    query["options"] = " ".join(value)
                continue  # (an options object has no text form: the case's other fields still apply)
            if key not in ("hand", "rules"):
                query["win_by" if key == "win" else key] = str(value).lower() if isinstance(value, bool) \
                    else str(value)
        page.goto(f"{base_url}/calc?{urlencode(query)}")
        page.wait_for_selector("#result h2", timeout=20_000)
        assert page.inner_text("#error") == "", (body, page.inner_text("#error"))
        if total is not None and "options" not in body:
            assert page.inner_text("#result h2").endswith(f" {total}"), (body, page.inner_text("#result h2"))
        name = page.input_value("#rules")
        assert page.locator("#rules option:checked").inner_text() == titles[name]["title"]["en"], name
    assert errors == []


def test_coach_page(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/coach?hand=123456789m1234pE")
    page.wait_for_selector("#advice")
    first = page.locator("#advice tr[data-discard]").first
    assert first.get_attribute("data-discard") == "E"
    assert first.locator("td.shanten").inner_text() == "0"
    waits = first.locator(".wait .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    assert sorted(waits) == ["1p", "4p"]
    assert page.locator("#advice tr[data-discard]").count() == 14
    assert errors == []


def test_coach_page_under_every_ruleset(browser: Browser, base_url: str) -> None:
    """The coach asks for what each ruleset needs (the fan check under Chinese Official rules, the suit
    given up under Sichuan's) and ranks by its forms; in 中文 at a phone's width, with no raw ruleset
    name, no sideways scrolling and no page error."""
    from test_coach_rulesets import BUILT_IN, CASES

    errors: list[str] = []
    page = _page(browser, errors)
    page.add_init_script("localStorage.setItem('majiang-lang', 'zh')")
    page.set_viewport_size({"width": 390, "height": 844})
    names = httpx.get(f"{base_url}/api/names").json()["rulesets"]
    for rules, hand, best, waits in CASES:
        page.goto(f"{base_url}/coach?rules={rules}&hand={hand}")
        page.wait_for_selector(f"#advice[data-rules={rules}]")
        first = page.locator("#advice tr[data-discard]").first
        assert first.get_attribute("data-discard") == best, rules
        found = first.locator(".wait .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")
        assert set(found) == waits, rules
        assert page.locator("#rules option:checked").inner_text() == names[rules]["title"]["zh"]
        assert page.is_visible("#void") == (rules in ("sichuan", "chengdu")), rules
        assert page.is_visible("#fan-check") == (rules == "mcr"), rules
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), rules
        text = _visible_text(page)
        assert not [m for m in _RAW_ID.findall(text) if m not in _foreign_words(BUILT_IN)], rules
        assert not re.search(r"\b(?:" + "|".join(BUILT_IN) + r")\b", text), rules
    # the suit given up, chosen on the page: its tiles are listed first, marked
    page.goto(f"{base_url}/coach?rules=sichuan&hand=123456789m1199p5s")
    page.wait_for_selector("#advice")
    page.select_option("#void", "p")
    page.click("#advise")
    page.wait_for_selector("#advice tr.dead")
    assert page.locator("#advice tr[data-discard]").first.get_attribute("data-discard") in ("1p", "9p")
    assert "void=p" in page.url
    assert errors == []


def _said(player: str, action: str) -> str:
    """How the replay names a move that takes no discard ("discard 5m", "pass", "riichi 3s"): the
    catalogue's English word for its kind, then its tile."""
    from majiang.game.names import ACTION_WORDS

    kind, *tile = action.split()
    assert kind in ("discard", "pass", "riichi"), f"a claim ({action}) needs the tile it takes"
    return f"{player}: {' '.join([ACTION_WORDS[kind].en, *tile])}"


def test_replay_upload_and_stepping(browser: Browser, base_url: str, tmp_path: Path) -> None:
    players = ["Ann", "Bo", "Cy", "Di"]
    _, lines = play_match([RandomBot(seed=p) for p in range(4)], seed=77, hands=2, players=players)
    record = tmp_path / "match.jsonl"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    acts = [json.loads(x) for x in lines if '"e":"act"' in x and json.loads(x)["hand"] == 1]
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/replay")
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector("#step-label")
    assert page.inner_text("#step-label") == f"Step 0/{len(acts)}"
    start = json.loads(lines[1])
    assert start["e"] == "start"
    for i in range(1, 6):  # the buttons and the arrow key both step, in the record's order
        if i % 2:
            page.click("#next")
        else:
            page.keyboard.press("ArrowRight")
        act = acts[i - 1]
        # seats map to players through the match positions; hand 1 seats player p in seat p; the action is
        # named by the catalogue's word and its tiles (this deal's first moves are discards and passes)
        assert page.inner_text("#event") == _said(players[act["seat"]], act["a"])
    assert page.inner_text("#replay-rules") == "Chinese Official (MCR)"
    page.click("#last")
    page.wait_for_selector("#hand-result")
    page.select_option("#hand-select", "1")
    assert page.inner_text("#step-label").startswith("Step 0/")
    assert "hand=2" in page.url
    assert errors == []


def test_tiles_and_languages(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/calc")
    page.wait_for_selector("#palette")
    checks = page.evaluate("""async () => {
        const tiles = await import('/static/tiles.js');
        const i18n = await import('/static/i18n.js');
        const kinds = [...tiles.KINDS, ...tiles.FLOWERS];
        const svgs = kinds.map((k) => tiles.tileSVG(k));
        let unknown = null;
        try { tiles.tileSVG('0z'); } catch (e) { unknown = e.message; }
        const reds = ['0m', '0p', '0s'].map((k) => tiles.tileSVG(k));  // riichi's red fives
        const en = Object.keys(i18n.STRINGS.en).sort(), zh = Object.keys(i18n.STRINGS.zh).sort();
        return {count: kinds.length, distinct: new Set(svgs).size,
                svg: svgs.every((s) => s.startsWith('<svg')),
                unknown, reds: new Set([...reds, ...['5m', '5p', '5s'].map((k) => tiles.tileSVG(k))]).size,
                sameKeys: JSON.stringify(en) === JSON.stringify(zh),
                split: tiles.splitTiles('123m5pE'), meld: tiles.parseMeld('[7777s]')};
    }""")
    assert checks["count"] == 42 and checks["distinct"] == 42 and checks["svg"]
    assert checks["unknown"] == "unknown tile 0z"
    assert checks["reds"] == 6  # a red five is drawn, and unlike its plain five
    assert checks["sameKeys"]
    assert checks["split"] == ["1m", "2m", "3m", "5p", "E"]
    assert checks["meld"] == {"tiles": ["7s"] * 4, "source": None, "concealedKong": True}
    page.click("#lang-toggle")
    assert page.inner_text(".topnav a[href='/calc']") == "算番器"
    page.click("#lang-toggle")
    assert page.inner_text(".topnav a[href='/calc']") == "Calculator"
    assert errors == []


@pytest.mark.slow
def test_match_through_the_page(browser: Browser, base_url: str) -> None:
    """A whole match of ``MAJIANG_WEB_MATCH_HANDS`` hands (default 2) against three bots, hand after hand."""
    hands = int(os.environ.get("MAJIANG_WEB_MATCH_HANDS", "2"))
    body = {"rules": "mcr", "hands": hands, "seed": 21,
            "players": ["open", "bot:efficiency", "bot:fan-aware", "bot:random"]}
    table = httpx.post(f"{base_url}/api/tables", json=body).json()
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(base_url + table["players"][0]["join"])
    claims: list[str] = []
    for hand in range(1, hands + 1):
        page.wait_for_selector("#felt:not([data-phase='over'])")
        moves = 0
        while _move(page, claims):
            moves += 1
            assert moves < MAX_MOVES
        page.click("#next-hand")
        if hand < hands:
            page.wait_for_selector("#felt:not([data-phase='over'])")
    page.wait_for_selector("#felt[data-match-over='true']")
    rows = page.locator("#score-sheet tr")
    assert rows.count() == hands + 2  # the heading, a row per hand, the totals
    info = httpx.get(f"{base_url}/api/tables/{table['id']}").json()
    shown = [int(x) for x in rows.nth(hands + 1).locator("th").all_inner_texts()[1:5]]
    assert shown == info["totals"]
    deltas = [[int(x) for x in rows.nth(h).locator("td").all_inner_texts()[1:5]] for h in range(1, hands + 1)]
    assert [sum(d[p] for d in deltas) for p in range(4)] == info["totals"]
    assert errors == []


def test_lobby_options_are_controls(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/")
    page.wait_for_selector("#create")
    page.select_option("#rules", "riichi")
    # one control per option, of the option's kind, with the ruleset's choices and bounds
    assert page.locator("#option-kan_dora").get_attribute("type") == "checkbox"
    assert page.locator("#option-kan_dora").is_checked()
    choices = page.locator("#option-red_fives option").evaluate_all("os => os.map(o => o.value)")
    assert choices == ["0", "3", "4"] and page.input_value("#option-red_fives") == "3"
    points = page.locator("#option-starting_points")
    assert (points.get_attribute("type"), points.get_attribute("min"), points.get_attribute("step")) == \
        ("number", "100", "100")
    page.select_option("#option-red_fives", "0")
    page.uncheck("#option-kan_dora")
    page.fill("#option-starting_points", "150")
    page.fill("#hands", "1")
    page.click("#create")
    # the server's parser refuses the one bad option, and the message sits beside it
    page.wait_for_selector("[data-option-error='starting_points']:not(:empty)")
    assert "from 100 to 10000000 in steps of 100" in page.inner_text("[data-option-error='starting_points']")
    assert page.inner_text("[data-option-error='red_fives']") == ""
    page.fill("#option-starting_points", "30000")
    page.click("#create")
    page.wait_for_selector("#join-links .play-link")
    table_id = (page.get_attribute("#join-links .play-link", "href") or "").split("/")[2].split("?")[0]
    options = httpx.get(f"{base_url}/api/tables/{table_id}").json()["options"]
    assert (options["red_fives"], options["kan_dora"], options["starting_points"]) == (0, False, 30000)
    assert options["ura_dora"] is True  # untouched options keep their defaults
    # a preset sets its options in the form
    page.select_option("#rules", "sichuan")
    assert page.input_value("#option-mode") == "blood-battle"
    page.select_option("#preset", "血流")
    assert page.input_value("#option-mode") == "blood-river"
    assert errors == []


def test_riichi_hand_shows_dora_sticks_and_yaku(browser: Browser, base_url: str) -> None:
    # seed 7: with the page discarding what it draws, the efficiency bot in seat 2 declares riichi and wins
    body = {"rules": "riichi", "hands": 1, "seed": 7,
            "players": ["open", "bot:efficiency", "bot:efficiency", "bot:efficiency"]}
    table = httpx.post(f"{base_url}/api/tables", json=body).json()
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(base_url + table["players"][0]["join"])
    page.wait_for_selector("#table-info [data-info='dora'] .tile")
    assert page.locator("#table-info [data-info='dora'] .tile").count() == 1
    assert page.inner_text("#table-info [data-counter='honba']") == "Honba 0"
    assert page.locator(".seat .score", has_text="25000").count() == 4
    # Seen after every change of the page, not only between the page's own moves: a bot's riichi and
    # its win can both come while the page waits for its turn.
    _watch(page, """
        const seen = window.seen = window.seen || {riichi: false, stick: false, sideways: []};
        const marks = '.seat .badge.mark-riichi, .seat .badge.mark-double-riichi';
        for (const badge of document.querySelectorAll(marks)) {
          seen.riichi = true;
          const seat = badge.closest('section').dataset.seat;
          seen.sideways.push(document.querySelectorAll(`.pond[data-seat='${seat}'] .tile.sideways`).length);
        }
        const sticks = document.querySelector("#table-info [data-counter='sticks']");
        if (sticks && sticks.textContent !== 'Riichi sticks 0') seen.stick = true;
    """)
    moves = 0
    claims: list[str] = []
    while _move(page, claims):
        moves += 1
        assert moves < MAX_MOVES
    seen = page.evaluate("() => window.seen")
    assert seen["riichi"] and seen["stick"], seen
    # each riichi seat shows its one sideways tile (none only while a claimed riichi tile waits for the
    # seat's next discard to take the mark)
    assert 1 in seen["sideways"] and set(seen["sideways"]) <= {0, 1}, seen["sideways"]
    yaku = page.locator("#result table.yaku tr[data-yaku]")
    assert yaku.count() > 0
    values = page.locator("#result table.yaku tr[data-yaku] td:nth-child(2)").all_inner_texts()
    if all(v.isdigit() for v in values):  # no yakuman: the han are the sum of the rows
        assert f"{sum(int(v) for v in values)} han" in page.inner_text("#result table.yaku")
    assert re.search(r"\d+ points", page.inner_text("#result table.yaku"))
    # a riichi hand that wins turns the ura indicators over
    if page.locator("#result tr[data-yaku='riichi']").count():
        assert page.locator("#table-info [data-info='ura'] .tile").count() >= 1
    assert errors == []


def test_imported_logs_in_the_replay_viewer(browser: Browser, base_url: str) -> None:
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(f"{base_url}/replay")
    # a Botzone judge log, uploaded as a file: imported, kept, and opened at a shareable address
    botzone = Path(__file__).parent / "data" / "botzone" / "discard-then-pass.json"
    page.set_input_files("#record-file", str(botzone))
    page.wait_for_selector("#step-label")
    assert "botzone" in page.inner_text("#import-info")
    import_id = re.search(r"import=(i[0-9a-f]+)", page.url)
    assert import_id is not None
    lines = httpx.get(f"{base_url}/api/imports/{import_id.group(1)}/record").text.splitlines()
    players = json.loads(lines[0])["players"]
    acts = [json.loads(x) for x in lines if '"e":"act"' in x]
    for act in acts[:4]:
        page.click("#next")
        assert page.inner_text("#event") == _said(players[act["seat"]], act["a"])
    # the link opens the same position in another page
    shared = _page(browser, errors)
    shared.goto(page.url)
    shared.wait_for_selector("#step-label")
    assert shared.inner_text("#step-label") == page.inner_text("#step-label")
    assert shared.inner_text("#event") == page.inner_text("#event")
    # a Tenhou mjlog (gzip): a riichi game with its dora indicators, and each win's yaku at the end
    mjlog = sorted((Path(__file__).parent / "data" / "riichi").glob("*.mjlog"))[0]
    page.set_input_files("#record-file", str(mjlog))
    page.wait_for_selector("#import-info:has-text('mjlog')")
    page.wait_for_selector("#table-info [data-info='dora'] .tile")
    tenhou_id = re.search(r"import=(i[0-9a-f]+)", page.url)
    assert tenhou_id is not None and tenhou_id.group(1) != import_id.group(1)
    lines = httpx.get(f"{base_url}/api/imports/{tenhou_id.group(1)}/record").text.splitlines()
    players = json.loads(lines[0])["players"]
    acts = [json.loads(x) for x in lines if '"e":"act"' in x and json.loads(x)["hand"] == 1]
    for act in acts[:3]:
        page.keyboard.press("ArrowRight")
        assert page.inner_text("#event") == _said(players[act["seat"]], act["a"])
    page.click("#last")
    page.wait_for_selector("#hand-result")
    if page.locator("#hand-result h3").count():  # a win: its yaku, han, fu and points
        assert page.locator("#hand-result table.yaku tr[data-yaku]").count() > 0
        assert re.search(r"\d+ points", page.inner_text("#hand-result"))
    # a pasted log that is not one: the server says what and where, the viewer keeps what it showed
    page.fill("#log-text", '{"initdata": {"walltiles": "W1"}, "log": []}')
    page.click("#import")
    page.wait_for_selector("#error:not(:empty)")
    assert "Botzone" in page.inner_text("#error") and "initdata.quan" in page.inner_text("#error")
    assert page.locator("#step-label").count() == 1
    assert errors == []


def test_a_rulesets_own_actions_are_buttons(browser: Browser, base_url: str) -> None:
    """Changsha through the table page: the deal of seed 87 gives seat 0 an opening win (起手小胡), an action
    of the ruleset's own that the page offers as a button like any other; the hand then plays to its end."""
    table = _table(base_url, ["open", "bot:efficiency", "bot:efficiency", "bot:efficiency"], seed=87,
                   rules="changsha")
    errors: list[str] = []
    page = _page(browser, errors)
    page.goto(base_url + table["players"][0]["join"])
    selector = '#actions button[data-action="opening-win"]'
    page.wait_for_selector(selector)
    # labelled as the ruleset declared it (the page knows no ruleset), with its key
    assert page.locator(selector).inner_text().strip().startswith(("Declare opening wins", "起手胡"))
    before = _step(page)
    page.click(selector)  # (by selector: the page may draw the buttons again meanwhile)
    page.wait_for_function(f"() => Number(document.querySelector('#felt').dataset.step) !== {before}")
    claims: list[str] = []
    moves = 0
    while _move(page, claims):
        moves += 1
        assert moves < 200, "the hand did not end"
    assert page.locator("#result").count() == 1
    assert errors == []


_RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""A snake_case identifier (an option's name, ``false_win``) in a page's visible text."""


def _visible_text(page: Page) -> str:
    """The page's text as a person sees it, with the tooltips (``title``) and option labels."""
    return str(page.evaluate("() => document.body.innerText + '\\n' + "
                             "[...document.querySelectorAll('[title]')].map((n) => n.title).join('\\n')"))


def _foreign_words(built_in: tuple[str, ...]) -> set[str]:
    """The names and options of rulesets other tests in this process registered (test fixtures, named by
    their identifiers on purpose): the built-in rulesets' pages must not show them, but the page's lists
    of tables and rulesets may."""
    from majiang.game.ruleset import find_ruleset, ruleset_names
    from majiang.records.format import rules_options

    out: set[str] = set()
    for name in ruleset_names():
        if name not in built_in:
            out |= {name, *rules_options(find_ruleset(name))}
    return out


def test_chinese_lobby_and_table_show_no_raw_identifier(browser: Browser, base_url: str) -> None:
    """In 中文 mode the lobby names every ruleset, option, choice and bot in Chinese (no option's or
    ruleset's identifier, no exception class, no bare "source 000"); 血流成河 is a ruleset choice of its
    own with 换三张 and 定缺 set; a Sichuan table's page names its actions with their tiles."""
    errors: list[str] = []
    page = _page(browser, errors)
    page.add_init_script("localStorage.setItem('majiang-lang', 'zh')")
    page.goto(f"{base_url}/")
    page.wait_for_selector("#create")
    titles = page.locator("#rules option").all_inner_texts()
    assert "四川麻将 血流成河" in titles and "国标麻将" in titles and "立直麻将" in titles
    built_in = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")
    # (the built-in rulesets' entries: another test in this process may register a ruleset of its own)
    keys = [e["key"] for e in httpx.get(f"{base_url}/api/names").json()["lobby"] if e["rules"] in built_in]
    assert len(keys) >= len(built_in) + 1
    for value in keys:
        page.select_option("#rules", value)
        text = _visible_text(page)
        raw = [m for m in _RAW_ID.findall(text) if m not in _foreign_words(built_in)]
        assert not raw, (value, raw[:5])
        assert "Error" not in text and not re.search(r"(?<!\()(?:seed|source) \d{3}", text), value
        for name in built_in:
            assert name not in page.locator("#rules").inner_text()
        labels = page.locator("[data-option-label]").all_inner_texts()
        assert labels and all(re.search(r"[\u4e00-\u9fff]", label) for label in labels), (value, labels)
    page.select_option("#rules", "sichuan-blood-river")
    assert page.input_value("#option-mode") == "blood-river"
    assert page.input_value("#option-exchange") == "dice" and page.is_checked("#option-declare_void")
    assert "来源：《麻将国标三级打法》(seed 000)" in page.evaluate(
        "() => { const s = document.querySelector('#rules'); s.value = 'mcr';"
        " s.dispatchEvent(new Event('change'));"
        " return document.querySelector('[data-option-label=base_points]').title; }")
    bots = page.locator("#kind-1 option").all_inner_texts()
    assert "机器人: 牌效" in bots and not any("efficiency" in b for b in bots)
    # a Sichuan table from the lobby: 换三张 is its first decision, named with its tiles in Chinese
    page.select_option("#rules", "sichuan")
    page.fill("#hands", "1")
    page.click("#create")
    page.click("#join-links .play-link")
    # picked in the hand: the button names the three tiles once they are a choice the rules offer
    page.wait_for_selector("#exchange")
    assert page.inner_text("#exchange").startswith("换三张")
    for _ in range(3):
        page.locator("#my-hand .tile.can-pick").first.click()
    assert re.match(r"换三张 \d-\d-\d[mps]", page.get_attribute("#exchange", "title") or "")
    text = _visible_text(page)
    assert "四川麻将" in text and not _RAW_ID.search(text), _RAW_ID.findall(text)[:5]
    assert "efficiency" not in text  # the bots' names are the lobby's Chinese ones
    assert errors == []


def test_sichuan_win_panel_names_its_fans(browser: Browser, base_url: str) -> None:
    """The win panel of a Sichuan hand names each fan in both languages (it read "plain win (undefined)")."""
    errors: list[str] = []
    page = _page(browser, errors)
    for seed in range(40):
        table = _table(base_url, ["open", "bot:efficiency", "bot:efficiency", "bot:efficiency"], seed=seed,
                       rules="sichuan")
        page.goto(base_url + table["players"][0]["join"])
        claims: list[str] = []
        moves = 0
        while _move(page, claims):
            moves += 1
            assert moves < MAX_MOVES
        rows = page.locator("#result table.fans tr[data-fan] td:first-child").all_inner_texts()
        if rows:
            assert all("undefined" not in r and re.search(r"[\u4e00-\u9fff]", r) for r in rows), rows
            break
    else:
        pytest.fail("no Sichuan hand was won in 40 deals")
    assert errors == []


def test_chinese_calculator_coach_and_replay_show_no_raw_identifier(browser: Browser, base_url: str,
                                                                    tmp_path: Path) -> None:
    """In 中文 mode the calculator under each built-in ruleset and the replay of a record (its ruleset, its
    moves) show no identifier: no snake_case name, no English ruleset id (the coach's pages are checked so
    in test_coach_page_under_every_ruleset)."""
    built_in = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")
    errors: list[str] = []
    page = _page(browser, errors)
    page.add_init_script("localStorage.setItem('majiang-lang', 'zh')")

    def check(where: str) -> None:
        text = _visible_text(page)
        raw = [m for m in _RAW_ID.findall(text) if m not in _foreign_words(built_in)]
        assert not raw, (where, raw[:5])
        assert not re.search(r"\b(?:" + "|".join(built_in) + r")\b", text), where

    for rules in built_in:
        page.goto(f"{base_url}/calc?rules={rules}")
        page.wait_for_selector(f"#rules option[value={rules}]", state="attached")
        check(f"calc {rules}")
    players = ["甲", "乙", "丙", "丁"]
    _, lines = play_match([RandomBot(seed=p) for p in range(4)], seed=5, hands=1, players=players)
    record = tmp_path / "match.jsonl"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    page.goto(f"{base_url}/replay")
    page.set_input_files("#record-file", str(record))
    page.wait_for_selector("#step-label")
    assert page.inner_text("#replay-rules") == "国标麻将"
    for _ in range(8):
        page.keyboard.press("ArrowRight")
        check("replay")
        event = page.inner_text("#event")
        assert re.match(r"[甲乙丙丁]: (打出|过|吃|碰|明杠|暗杠|加杠|和)", event), event
    page.click("#last")
    page.wait_for_selector("#hand-result")
    check("replay result")
    assert errors == []

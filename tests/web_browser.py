"""Shared helpers of the browser tests: a server on a loopback port in a thread, and Debian's Chromium.

The browser is never downloaded: Playwright drives ``/usr/bin/chromium`` (``make test`` installs it
with apt when it is missing).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from majiang.web.app import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def serve(db: Path | str, **settings: Any) -> Iterator[str]:
    """Run the app on a free loopback port in a thread (``db``: a SQLite file or a database URL); yields
    its base URL, stops it afterwards."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(db, **settings)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=1 << 16, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    # wait until the server accepts requests (no timing threshold: a bounded number of polls)
    for _ in range(600):
        if server.started:
            break
        time.sleep(0.05)
    else:  # pragma: no cover - a server that never starts fails the test here
        raise RuntimeError("the test server did not start")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


@contextmanager
def browser_server(db: Path) -> Iterator[str]:
    """The browser tests' server: long clocks (a page is never hurried by a stand-in), claim windows with no
    floor (their timing is tested on a clock in test_web_fair)."""
    with serve(db, claim_seconds=60.0, away_seconds=600.0, pause_seconds=60.0, window_seconds=0.0) as url:
        yield url


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright; a test fails (not skips) where it is missing."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # Every page asks for reduced motion (the table honours it: no glide): the hand's tile under the
        # pointer otherwise glides up after each redraw, and Playwright waits for it to be still before
        # each click (a tenth of a second a click). test_web_browser checks the glide without it.
        new_context, new_page = browser.new_context, browser.new_page

        def context(**options: Any) -> BrowserContext:
            return new_context(**{"reduced_motion": "reduce", **options})

        def page(**options: Any) -> Page:
            return new_page(**{"reduced_motion": "reduce", **options})

        browser.new_context = context  # type: ignore[method-assign]
        browser.new_page = page  # type: ignore[method-assign]
        try:
            yield browser
        finally:
            browser.close()

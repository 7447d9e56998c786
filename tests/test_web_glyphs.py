"""The tile faces' characters are our own strokes: no tile needs a font, and in a browser that has no CJK
font at all (a fontconfig holding only DejaVu) all 42 faces are drawn and no two look alike."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, sync_playwright

from web_browser import CHROMIUM, CHROMIUM_ARGS, serve

LATIN_ONLY = "/usr/share/fonts/truetype/dejavu"
"""The one font folder the test browser sees: DejaVu has no CJK character."""

FACE_CHARACTERS = "一二三四五六七八九万东南西北中发春夏秋冬梅兰竹菊"
"""Every character a tile face shows, each of which must have strokes of its own."""

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)")
    if not os.path.isdir(LATIN_ONLY):
        pytest.fail(f"{LATIN_ONLY} is missing (Debian's fonts-dejavu-core, which Chromium depends on)")
    root = tmp_path_factory.mktemp("fonts")
    conf = root / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?><fontconfig><dir>{LATIN_ONLY}</dir>'
                    f'<cachedir>{root / "cache"}</cachedir></fontconfig>', encoding="utf-8")
    env: dict[str, str | float | bool] = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    with serve(root / "web.db") as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env)
        # The test's own style tag (below) is inline: the pages' CSP would refuse it.
        p = browser.new_page(viewport={"width": 1000, "height": 700}, bypass_csp=True)
        p.goto(f"{url}/calc")
        p.wait_for_selector("#palette .tile")
        yield p
        browser.close()


def test_the_browser_has_no_cjk_font(page: Page) -> None:
    # without a CJK font every character is the same missing-glyph box, so the checks below mean something
    shapes = page.evaluate("""(chars) => chars.map((c) => {
        const canvas = document.createElement('canvas'); canvas.width = 40; canvas.height = 40;
        const g = canvas.getContext('2d'); g.font = '32px sans-serif'; g.fillText(c, 2, 32);
        return Array.from(g.getImageData(0, 0, 40, 40).data).join(',');
    })""", list(FACE_CHARACTERS))
    assert len(set(shapes)) == 1


def test_no_tile_face_holds_text_outside_ascii(page: Page) -> None:
    svgs: dict[str, str] = page.evaluate("""async () => {
        const t = await import('/static/tiles.js');
        return Object.fromEntries([...t.KINDS, ...t.FLOWERS, 'back'].map((k) => [k, t.tileSVG(k)]));
    }""")
    assert len(svgs) == 43
    glyph_faces = 0
    for kind, svg in svgs.items():
        tree = ET.fromstring(svg)
        for text in tree.iter(f"{SVG}text"):
            assert (text.text or "").isascii(), (kind, text.text)
        assert not any(not ch.isascii() for ch in svg), kind  # not even in an attribute
        glyph_faces += any(p.get("stroke-linecap") == "round" for p in tree.iter(f"{SVG}path"))
    # the 9 characters, 4 winds, 中 and 发, 8 flowers: each drawn with strokes
    assert glyph_faces == 9 + 4 + 2 + 8


def test_every_glyph_is_strokes_in_its_box(page: Page) -> None:
    glyphs: dict[str, str] = page.evaluate("async () => (await import('/static/tiles.js')).GLYPHS")
    assert set(glyphs) == set(FACE_CHARACTERS)
    for char, d in glyphs.items():
        assert re.fullmatch(r"(M\d+ \d+(?:[LQ][\d ]+)+)+", d), char
        numbers = [int(n) for n in re.findall(r"\d+", d)]
        assert all(0 <= n <= 100 for n in numbers), char
        assert len(numbers) % 2 == 0, char
    # no two characters share their strokes
    assert len(set(glyphs.values())) == len(glyphs)


def _face_pictures(page: Page, kinds: list[str], blank: str | None = None) -> dict[str, bytes]:
    """A screenshot of each tile face, one after another in the same place (90 by 120 pixels), by kind."""
    pictures = {}
    for kind in kinds:
        page.evaluate("""async ([kind, blank]) => {
            const t = await import('/static/tiles.js');
            const tile = t.tileElement(kind); tile.style.width = '90px'; tile.style.margin = '0';
            if (blank) tile.innerHTML = blank;
            document.getElementById('slot').replaceChildren(tile);
        }""", [kind, blank])
        pictures[kind] = page.locator("#slot .tile").screenshot()
    return pictures


@pytest.mark.soak  # (a screenshot of each of the 42 faces; the faces' strokes are checked above in make test)
def test_every_face_is_drawn_and_no_two_alike(page: Page) -> None:
    kinds: list[str] = page.evaluate("""async () => {
        const t = await import('/static/tiles.js');
        const slot = document.createElement('div'); slot.id = 'slot';
        slot.style.cssText = 'position:absolute;left:10px;top:10px;background:#fff';
        document.body.replaceChildren(slot);
        return [...t.KINDS, ...t.FLOWERS];
    }""")
    assert len(kinds) == 42
    # Drawn in the same place, equal faces give equal pixels and so equal PNG bytes; different bytes
    # are different pictures.
    pictures = _face_pictures(page, kinds)
    assert len(set(pictures.values())) == 42
    # The same with every <text> hidden (the index numerals and letters) and every stroke in one colour:
    # a character drawn as text, or two characters drawn alike, would give two equal pictures here.
    page.add_style_tag(content=".tile-svg text { display: none } "
                               ".tile-svg path[stroke-linecap] { stroke: #000 !important }")
    plain = _face_pictures(page, kinds)
    alike = sorted(k for k in kinds if list(plain.values()).count(plain[k]) > 1)
    assert not alike
    # ... and none of them is the bare tile, which is what a face without its strokes would be
    bare: str = page.evaluate("""async () => (await import('/static/tiles.js')).tileSVG('1m')
        .replace(/<path[^>]*stroke-linecap[^>]*\\/>/g, '').replace(/<text.*?<\\/text>/g, '')""")
    assert "<path" not in bare and "<text" not in bare and "<rect" in bare
    empty = _face_pictures(page, ["1m"], bare)["1m"]
    assert empty not in plain.values()

"""The pages' stateless endpoints (calculator, coach, replay frames) and the static files, over HTTP."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.bots import RandomBot
from majiang.records import play_match
from majiang.web.app import create_app
from majiang.web.pages import MAX_BODY


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("pages") / "pages.db"
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        yield c


def _fans(answer: dict[str, Any]) -> dict[str, int]:
    return {f["name"]: f["value"] for f in answer["fans"]}


# (body, fans that must be present with their values under the Chinese Official rules)
CALC_CASES: list[tuple[dict[str, Any], dict[str, int]]] = [
    ({"hand": "[567m,2]123p456s99sCCC"}, {"箭刻": 2}),
    ({"hand": "1112345678999m5m", "win_by": "self-drawn"}, {"九莲宝灯": 88, "自摸": 1}),
    ({"hand": "123m456p789s123sEE", "win_by": "self-drawn", "last_of_wall": True}, {"妙手回春": 8}),
    ({"hand": "123m456p789s123sEE", "last_of_wall": True}, {"海底捞月": 8}),
    ({"hand": "[SSS,1]123m456p789s1p1p", "seat_wind": "S", "round_wind": "S"}, {"圈风刻": 2, "门风刻": 2}),
    ({"hand": "[1111m,2]234p567s789sEE", "win_by": "kong-replacement"}, {"杠上开花": 8}),
    ({"hand": "[5555m,6]234p567sEE78s9s", "win_by": "discard", "last_copy": True}, {"和绝张": 4}),
]


@pytest.mark.parametrize(("body", "expected"), CALC_CASES)
def test_calc_fans(client: TestClient, body: dict[str, Any], expected: dict[str, int]) -> None:
    res = client.post("/api/calc", json=body)
    assert res.status_code == 200, res.text
    answer = res.json()
    fans = _fans(answer)
    for name, value in expected.items():
        assert fans.get(name) == value, (name, fans)
    assert all(f["en"] and f["name"] for f in answer["fans"])
    # the total is the fans' points plus the flowers
    assert answer["total"] == sum(f["value"] * f["count"] for f in answer["fans"]) + answer["flowers"]


def test_calc_flowers_and_melds(client: TestClient) -> None:
    res = client.post("/api/calc", json={"hand": "[567m,2]123p456s99sCCC", "flowers": 3})
    answer = res.json()
    assert answer["flowers"] == 3 and answer["total"] == 5 and answer["meets_minimum"] is False
    assert answer["melds"] == [{"notation": "[567m,2]", "tiles": ["5m", "6m", "7m"], "concealed_kong": False}]
    assert answer["winning"] == "C"
    dragon = next(f for f in answer["fans"] if f["name"] == "箭刻")
    assert dragon["en"] == "Dragon Pung" and dragon["melds"] == ["CCC"]


@pytest.mark.parametrize(("body", "words"), [
    ({"hand": ""}, "empty"),
    ({"hand": "123m456p"}, "13 or 14"),
    ({"hand": "12x"}, "x"),
    ({"hand": "123m456p789s123sEE", "flowers": 9}, "flowers"),
    ({"hand": "123m456p789s123sEE", "last_copy": "yes"}, "last_copy"),
    ({"hand": "123m456p789s123sEE", "flowers": True}, "flowers"),
    ({"hand": "123m456p789s123sEE", "profile": "nope"}, "profile"),
    ({"hand": "123m456p789s123sEE", "win_by": "magic"}, "magic"),
    ({"hand": 5}, "hand"),
])
def test_calc_rejects(client: TestClient, body: dict[str, Any], words: str) -> None:
    res = client.post("/api/calc", json=body)
    assert res.status_code == 400
    assert words in res.json()["error"]


def test_bodies_that_are_not_objects(client: TestClient) -> None:
    for url in ("/api/calc", "/api/coach"):
        assert "not JSON" in client.post(url, content=b"{nope").json()["error"]
        assert "object" in client.post(url, content=b"[1, 2]").json()["error"]
        big = json.dumps({"hand": "1m" * MAX_BODY}).encode()
        res = client.post(url, content=big)
        assert res.status_code == 413 and "at most" in res.json()["error"]


def test_coach_ranks_the_stray_honor_first(client: TestClient) -> None:
    # 123456789m1234p + E: throwing E leaves a ready hand waiting on 1p (pair 1p, 234p) and 4p (123p, pair 4p)
    res = client.post("/api/coach", json={"hand": "123456789m1234pE"})
    assert res.status_code == 200, res.text
    rows = res.json()["rows"]
    assert rows[0]["discard"] == "E" and rows[0]["shanten"] == 0
    assert {w["tile"] for w in rows[0]["waits"]} == {"1p", "4p"}
    assert all(w["legal"] for w in rows[0]["waits"])  # 清龙 (16) alone passes 8 fans
    assert len(rows) == len({r["discard"] for r in rows}) == 14  # one row per distinct tile kind


def test_coach_visible_tiles_cut_the_live_count(client: TestClient) -> None:
    open_ = client.post("/api/coach", json={"hand": "123456789m1234pE"}).json()["rows"][0]
    seen = client.post("/api/coach", json={"hand": "123456789m1234pE", "visible": "1p1p1p"}).json()["rows"]
    row = next(r for r in seen if r["discard"] == "E")
    live = {w["tile"]: w["live"] for w in row["waits"]}
    assert {w["tile"]: w["live"] for w in open_["waits"]}["1p"] == 3 and live["1p"] == 0
    assert client.post("/api/coach", json={"hand": "123m"}).status_code == 400


def test_coach_without_fan_check(client: TestClient) -> None:
    rows = client.post("/api/coach", json={"hand": "123456789m1234pE", "fan_check": False}).json()["rows"]
    assert rows[0]["legal_live"] is None and all(w["legal"] is None for w in rows[0]["waits"])


def _record(seed: int, hands: int) -> list[str]:
    _, lines = play_match([RandomBot(seed=p) for p in range(4)], seed=seed, hands=hands,
                          players=["Ann", "Bo", "Cy", "Di"])
    return lines


def test_replay_frames_follow_the_record(client: TestClient) -> None:
    lines = _record(31, 2)
    res = client.post("/api/replay", content="\n".join(lines).encode(),
                      headers={"Content-Type": "application/x-ndjson"})
    assert res.status_code == 200, res.text
    data = res.json()
    assert data["players"] == ["Ann", "Bo", "Cy", "Di"] and len(data["hands"]) == 2
    final = json.loads(lines[-1])
    assert data["totals"] == final["totals"]
    for hand in data["hands"]:
        acts = [json.loads(x) for x in lines if '"e":"act"' in x and json.loads(x)["hand"] == hand["number"]]
        frames = hand["frames"]
        assert len(frames) == len(acts) + 1 and frames[0]["event"] is None
        assert [f["event"] for f in frames[1:]] == [{"seat": a["seat"], "action": a["a"]} for a in acts]
        assert frames[-1]["phase"] == "over"
        summary = next(json.loads(x) for x in lines
                       if '"e":"summary"' in x and json.loads(x)["hand"] == hand["number"])
        assert hand["totals"] == summary["totals"] and hand["deltas"] == summary["deltas"]
        for frame in frames:
            for seat in frame["seats"]:
                held = len(seat["standing"]) + (seat["drawn"] is not None)
                held += sum(3 for _ in seat["melds"])  # a kong counts as three
                assert held in (13, 14), seat


def test_replay_rejects_a_damaged_record(client: TestClient) -> None:
    lines = _record(5, 1)
    damaged = [x.replace('"a":"discard', '"a":"dixcard', 1) if '"e":"act"' in x else x for x in lines]
    res = client.post("/api/replay", content="\n".join(damaged).encode())
    assert res.status_code == 400 and "error" in res.json()
    assert client.post("/api/replay", content=b"not a record").status_code == 400


def test_pages_and_static_files(client: TestClient) -> None:
    for url in ("/", "/calc", "/coach", "/replay", "/table/abc"):
        res = client.get(url)
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/html")
        assert '<script type="module"' in res.text
    js = client.get("/static/tiles.js")
    assert js.status_code == 200 and "javascript" in js.headers["content-type"]
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    for bad in ("/static/nope.js", "/static/..%2fpages.py", "/static/pages.py", "/static/.hidden.js"):
        assert client.get(bad).status_code == 404, bad
    assert client.get("/api/profiles").json() == ["mil", "wmo2014", "1998"]


def test_every_page_script_exists() -> None:
    static = Path(__file__).parent.parent / "src" / "majiang" / "web" / "static"
    for page in static.glob("*.html"):
        for name in __import__("re").findall(r'src="/static/([^"]+)"', page.read_text()):
            assert (static / name).is_file(), (page.name, name)


# --- any ruleset through its scorer: the same schema as ``majiang fan --rules R`` ------------------------

RULESET_CASES: list[tuple[dict[str, Any], int | None]] = [
    ({"hand": "1112345678999m5m", "rules": "mcr", "win": "self-drawn"}, 92),
    ({"hand": "1133m5577p99sEECC", "rules": "国标", "win": "self-drawn", "options": ["profile=wmo2014"]},
     None),
    ({"hand": "11224444557799m", "rules": "sichuan", "win": "self-drawn"}, 6),
    ({"hand": "111222444m33399p", "rules": "chengdu", "options": {"cap_points": None}}, 1),
    ({"hand": "234567m234p3488s 2s", "rules": "riichi", "win": "self-drawn", "riichi": True, "dora": "1m",
      "seat_wind": "S"}, 7),
    ({"hand": "123m456m789m11m234m", "rules": "changsha", "winner": 2, "giver": "0"}, 1),  # 清一色
    ({"hand": "111m456m789p99s34s 2s", "rules": "changchun", "win": "self-drawn", "winner": 1}, 3),
    ({"hand": "111m222m333m444p55p", "rules": "yangzhou", "win": "self-drawn"}, 84),  # 铁板 and more
]
"""A winning hand of each ruleset for the calculator, and its total where the test pins it."""


def test_calc_every_ruleset_is_offered_and_has_a_case_here(client: TestClient) -> None:
    """The calculator offers every registered ruleset with a scorer, and each built-in one is scored
    above (a ruleset added later needs its row in the table of cases)."""
    offered = client.get("/api/calc/fields").json()["rulesets"]
    built_in = {"mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou"}
    assert built_in <= set(offered)
    assert built_in <= {find_name(b["rules"]) for b, _ in RULESET_CASES}


def find_name(rules: str) -> str:
    from majiang.game.ruleset import find_ruleset

    return find_ruleset(rules).name


@pytest.mark.parametrize(("body", "total"), RULESET_CASES)
def test_calc_any_ruleset(client: TestClient, body: dict[str, Any], total: int | None) -> None:
    from majiang.game.ruleset import find_ruleset

    res = client.post("/api/calc", json=body)
    assert res.status_code == 200, res.text
    answer = res.json()
    options = body.get("options", [])
    scorer = find_ruleset(body["rules"], options).scorer()
    values = {k: v for k, v in body.items() if k not in ("hand", "rules", "options")}
    expected = scorer.score(body["hand"], scorer.make_context(body["hand"], values))
    assert answer["score"] == expected.to_dict() and answer["explain"] == expected.explain()
    assert answer["total"] == expected.total == (expected.total if total is None else total)
    assert answer["rules"] == find_ruleset(body["rules"]).name
    assert ("fans" in answer) == (answer["rules"] == "mcr")  # Chinese Official: the fan table's rows too


def test_calc_default_is_chinese_official_unchanged(client: TestClient) -> None:
    body = {"hand": "[567m,2]123p456s99sCCC", "flowers": 3}
    old = client.post("/api/calc", json=body).json()
    new = client.post("/api/calc", json={**body, "rules": "mcr"}).json()
    assert "rules" not in old and {k: new[k] for k in old} == old


@pytest.mark.parametrize(("body", "words"), [
    ({"hand": "111222444m33399p", "rules": "sichuan", "seat_wind": "S"}, "unknown key 'seat_wind'"),
    ({"hand": "111222444m33399p", "rules": "riichi", "honba": -1}, "honba must be a whole number"),
    ({"hand": "111222444m33399p", "rules": "nope"}, "unknown ruleset 'nope'"),
    ({"hand": "111222444m33399p", "rules": "mcr", "profile": "1998"}, "give it in 'options'"),
])
def test_calc_any_ruleset_rejects(client: TestClient, body: dict[str, Any], words: str) -> None:
    res = client.post("/api/calc", json=body)
    assert res.status_code == 400
    assert words in res.json()["error"]


def test_calc_fields_are_the_scorers(client: TestClient) -> None:
    from majiang.game.ruleset import find_ruleset

    for name in ("mcr", "sichuan", "chengdu", "riichi"):
        answer = client.get("/api/calc/fields", params={"rules": name}).json()
        assert answer["rules"] == name and set(answer["rulesets"]) >= {"mcr", "sichuan", "chengdu", "riichi"}
        assert answer["fields"] == [f.to_dict() for f in find_ruleset(name).scorer().context_fields()]
        assert {o["name"] for o in answer["options"]} == set(find_ruleset(name).options())
    assert client.get("/api/calc/fields").json()["rules"] == "mcr"
    res = client.get("/api/calc/fields", params={"rules": "nope"})
    assert res.status_code == 400 and "unknown ruleset" in res.json()["error"]

"""The coach under every ruleset (issue 22 item 6): ``majiang.game.advice.ruleset_advice``, ``/api/coach``
with ``rules``, ``majiang analyze --rules``, and the seat context the bots and the table's hints share."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from majiang.analysis.efficiency import discard_efficiency
from majiang.bots import find_bot
from majiang.cli import app
from majiang.errors import InvalidHandError
from majiang.game import Game, Phase
from majiang.game.advice import ruleset_advice
from majiang.game.ruleset import SeatContext, find_ruleset, ruleset_names
from majiang.hand import Hand
from majiang.tiles import ALL_TILES, Tile
from majiang.web.app import create_app
from majiang.web.views import view_json


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("coach") / "coach.db"
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        yield c


# (rules, hand of 14, the discard that must come first, the waits it leaves), each worked out by hand:
CASES: list[tuple[str, str, str, set[str]]] = [
    # a third suit must go (缺一门); 123456789m 11p 99p then waits on either pair (双碰)
    ("sichuan", "123456789m1199p5s", "5s", {"1p", "9p"}),
    ("chengdu", "123456789m1199p5s", "5s", {"1p", "9p"}),
    # the stray honor; the closed 一气通贯 is a yaku, so both waits win on a discard too
    ("riichi", "123456789m1199pE", "E", {"1p", "9p"}),
    # an isolated tile; a pung of 2p or 5p beside the other as the 2/5/8 pair (将)
    ("changsha", "123456789m22p55p9s", "9s", {"2p", "5p"}),
    # three suits and a terminal kept: 789s + 9s waits on 9s alone or 6s/9s beside the 99s pair
    ("changchun", "123m456p789s111m9sE", "E", {"6s", "9s"}),
    # 一条龙 (one of the 20-番 forms) with the pairs
    ("yangzhou", "123456789m1199pE", "E", {"1p", "9p"}),
    # Chinese Official through the same entry: 清龙 waits 1p (pair 1p, 234p) and 4p (123p, pair 4p)
    ("mcr", "123456789m1234pE", "E", {"1p", "4p"}),
]


BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")
"""(Other tests in the same process may register rulesets of their own.)"""


def test_every_built_in_ruleset_has_a_case() -> None:
    assert {find_ruleset(r).name for r, *_ in CASES} == set(BUILT_IN) <= set(ruleset_names())


@pytest.mark.parametrize(("rules", "hand", "best", "waits"), CASES, ids=[c[0] for c in CASES])
def test_the_best_discard_and_its_waits(client: TestClient, rules: str, hand: str, best: str,
                                         waits: set[str]) -> None:
    answer = client.post("/api/coach", json={"hand": hand, "rules": rules})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    first = body["rows"][0]
    assert (body["rules"], first["discard"], first["shanten"]) == (rules, best, 0)
    assert {w["tile"] for w in first["waits"]} == waits
    assert all(w["legal"] and w["value_discard"] and w["value_self_drawn"] for w in first["waits"])
    assert first["legal_live"] == sum(w["live"] for w in first["waits"])
    # one row per distinct kind, the rest further from a win (or as near with no more live tiles)
    assert len(body["rows"]) == len(set(Hand.parse(hand).standing))
    assert all(r["shanten"] >= 0 for r in body["rows"])


def test_a_void_suit_goes_first_and_counts_for_nothing() -> None:
    rows = ruleset_advice(find_ruleset("sichuan"), "123456789m1199p5s", seat=SeatContext(void=1))
    dead = [r for r in rows if r.dead]
    assert {r.discard.notation() for r in dead} == {"1p", "9p"} and rows[:2] == dead
    # with dots given up, nothing of them is effective and the hand is far from ready
    assert all(int(e.tile) // 9 != 1 for r in rows for e in r.effective)
    assert min(r.shanten for r in rows) > 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=14, max_size=14), st.integers(0, 2))
def test_tiles_of_the_void_suit_always_come_first(kinds: list[int], void: int) -> None:
    """定缺: the rules make the void suit's tiles go first, so the coach lists them first whatever their
    figures (a tie on shanten and live tiles must not put a kept suit's tile ahead)."""
    if any(kinds.count(k) > 4 for k in kinds):
        return
    tiles = sorted(ALL_TILES[k] for k in kinds)
    hand = Hand.of((), tiles[:13], tiles[13])
    rows = ruleset_advice(find_ruleset("sichuan"), hand, seat=SeatContext(void=void))
    dead = [r.dead for r in rows]
    assert dead == sorted(dead, reverse=True)
    assert all(r.dead == (int(r.discard) // 9 == void) for r in rows)


def test_visible_tiles_cut_the_live_count(client: TestClient) -> None:
    body = {"hand": "123456789m1199p5s", "rules": "sichuan"}
    before = client.post("/api/coach", json=body).json()["rows"][0]
    after = client.post("/api/coach", json={**body, "visible": "1p"}).json()["rows"][0]
    assert {w["tile"]: w["live"] for w in before["waits"]} == {"1p": 2, "9p": 2}
    assert {w["tile"]: w["live"] for w in after["waits"]} == {"1p": 1, "9p": 2}


def test_an_open_riichi_hand_without_a_yaku_has_no_valid_win() -> None:
    # open 234m, 567p, 345s, pair 22s and 79p: the 8p completes it with no yaku (a 9 breaks 断幺九)
    rows = ruleset_advice(find_ruleset("riichi"), "[234m,1]567p22s345s79pE")
    row = next(r for r in rows if r.discard == Tile.EAST)
    assert not any(w.legal for w in row.waits) and not row.legal_live


def test_red_fives_are_fives_to_the_coach(client: TestClient) -> None:
    red = client.post("/api/coach", json={"hand": "234067m234p3488s2s", "rules": "riichi"}).json()
    plain = client.post("/api/coach", json={"hand": "234567m234p3488s2s", "rules": "riichi"}).json()
    assert red == plain
    refused = client.post("/api/coach", json={"hand": "234067m234p3488s2s", "rules": "mcr"})
    assert refused.status_code == 400 and "0 is not a tile rank" in refused.json()["error"]


@pytest.mark.parametrize(("body", "words"), [
    ({"hand": "123456789m1199p5s", "rules": "sichuan", "void": "x"}, "'void' must be a suit"),
    ({"hand": "123456789m1199pE", "rules": "riichi", "void": "m"}, "has none"),
    ({"hand": "123456789m1199pE", "rules": "sichuan"}, "plays no such tile"),
    ({"hand": "123456789m1199pE", "rules": "nope"}, "unknown ruleset 'nope'"),
    ({"hand": "123456789m1199pE", "rule": "riichi"}, "unknown key 'rule'"),
    ({"hand": "123456789m1199pE", "rules": "mcr", "profile": "mil"}, "give a profile among the options"),
    ({"hand": "123456789m1199pE", "rules": "riichi", "fan_check": False}, "no 8-fan minimum"),
    ({"hand": "123456789m1199p", "rules": "riichi"}, "the coach needs 14"),
    ({"hand": "123456789m1199pE", "rules": "riichi", "options": "red_fives=0"}, "'options' must be"),
    ({"hand": "123456789m1199pE", "rules": "riichi", "options": ["red_fives=2"]}, "red_fives"),
])
def test_bad_bodies_are_refused_with_what_and_where(client: TestClient, body: dict[str, Any],
                                                     words: str) -> None:
    res = client.post("/api/coach", json=body)
    assert res.status_code == 400 and words in res.json()["error"], res.text


def test_chinese_official_through_rules_is_the_fan_aware_advice(client: TestClient) -> None:
    old = client.post("/api/coach", json={"hand": "123456789m1234pE", "profile": "wmo2014"}).json()
    new = client.post("/api/coach", json={"hand": "123456789m1234pE", "rules": "mcr",
                                          "options": ["profile=wmo2014"]}).json()
    assert old == new
    assert "fans_discard" in old["rows"][0]["waits"][0]  # the old keys are kept for old clients


def test_the_form_says_what_each_ruleset_asks(client: TestClient) -> None:
    for name in BUILT_IN:
        fields = client.get(f"/api/calc/fields?rules={name}").json()
        assert fields["missing_suit"] == (name in ("sichuan", "chengdu")), name
        assert fields["fan_advice"] == (name == "mcr"), name


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_the_generic_coach_agrees_with_the_chinese_official_one(kinds: list[int]) -> None:
    """Two implementations of the same figures: the ruleset-generic advice over the Chinese Official
    forms (``ChineseEfficiency``) and the tile-efficiency module's own discard ranking."""
    if any(kinds.count(k) > 4 for k in kinds):
        return
    tiles = sorted(ALL_TILES[k] for k in kinds)
    hand = Hand.of((), tiles[:13], tiles[13])
    generic = {r.discard: (r.shanten, {e.tile for e in r.effective})
               for r in ruleset_advice(find_ruleset("mcr"), hand)}
    own = {o.discard: (o.shanten, {e.tile for e in o.effective}) for o in discard_efficiency(hand)}
    assert generic == own


def test_a_hand_that_is_not_about_to_discard_is_refused() -> None:
    with pytest.raises(InvalidHandError, match="13 standing tiles"):
        ruleset_advice(find_ruleset("riichi"), "123456789m1199p")


# -- the command line ----------------------------------------------------------------------------------

runner = CliRunner()


def test_analyze_under_a_ruleset_gives_the_coach_s_rows(client: TestClient) -> None:
    done = runner.invoke(app, ["analyze", "123456789m1199p5s", "--rules", "sichuan", "--void", "m", "--json"])
    assert done.exit_code == 0, done.output
    body = {"hand": "123456789m1199p5s", "rules": "sichuan", "void": "m"}
    api = client.post("/api/coach", json=body).json()
    assert json.loads(done.output) == api["rows"]
    table = runner.invoke(app, ["analyze", "123456789m1199p5s", "--rules", "四川"])
    assert table.exit_code == 0 and "1p×2: 6/6" in table.output


@pytest.mark.parametrize(("args", "words"), [
    (["--rules", "riichi", "--profile", "mil"], "remove --profile"),
    (["--rules", "riichi", "--void", "m"], "has none"),
    (["--rules", "mcr", "--void", "m"], "has none"),
    (["--rules", "sichuan", "--void", "z"], "--void takes a suit"),
    (["--rules", "mcr", "--profile", "mil", "--option", "profile=mil"], "give one"),
    (["--rules", "nope"], "unknown ruleset 'nope'"),
])
def test_analyze_refuses_what_does_not_fit(args: list[str], words: str) -> None:
    done = runner.invoke(app, ["analyze", "123456789m1199p5s", *args])
    assert done.exit_code == 2 and words in done.output, done.output


# -- the seat context ----------------------------------------------------------------------------------

def test_a_seat_s_declared_void_reaches_its_efficiency_and_its_view() -> None:
    rules = find_ruleset("sichuan", ["declare_void=true"])
    game = Game(rules, seed=5)
    bots = [find_bot("efficiency", seed=s) for s in range(4)]
    while game.phase != Phase.OVER and game.phase != Phase.TURN:
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game.view(seat)))
    assert game.phase == Phase.TURN
    for seat in range(4):
        view = game.view(seat)
        void = rules.seat_context(view).void
        assert void is not None
        assert view_json(game, seat)["void"] == "mps"[void]
        context = SeatContext(view.seat_wind, view.round_wind, void)
        assert rules.efficiency(view) == rules.seat_efficiency(context)
    assert view_json(game, None)["void"] is None

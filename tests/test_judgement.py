"""The coaching bot's judgement (majiang.bots.judgement): its pick is the bot's own move, its dangers the
danger reading's, it reads nothing beyond the view, and the terminal coach shows it."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from majiang.bots import find_bot
from majiang.bots.danger import read_table
from majiang.bots.judgement import judge
from majiang.game import ActionKind, Game, Phase, View
from majiang.game.ruleset import find_ruleset
from majiang.tui.hints import hints_renderable
from majiang.tui.text import TileStyle
from majiang.web.app import create_app
from majiang.web.tables import Table

BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")


def _positions(rules: str, seed: int, steps: int) -> list[View]:
    """The deciding seat's view at each of the first ``steps`` decisions of a game of efficiency bots."""
    game = Game(find_ruleset(rules), seed=seed)
    bots = [find_bot("efficiency", seed * 4 + s) for s in range(4)]
    out: list[View] = []
    while game.result is None and len(out) < steps:
        seat = game.to_act()[0]
        view = game.view(seat)
        out.append(view)
        game.apply(seat, bots[seat].act(view))
    return out


@pytest.mark.parametrize("rules", BUILT_IN)
def test_the_pick_is_the_coaching_bots_move_and_the_dangers_its_reading(rules: str) -> None:
    ruleset = find_ruleset(rules)
    for view in _positions(rules, 7, 40)[::4]:
        seat = view.seat
        j = judge(view)
        coach = ruleset.coaching_bot()
        assert j.bot == coach.split(":")[0] == ("defense" if rules == "riichi" else "fan-aware")
        assert j.pick == find_bot(ruleset.coaching_bot(), seed=0).act(view) and j.pick in view.legal
        table = read_table(view)
        discards = {int(a.tile) for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None}
        assert set(j.deal_in) == discards
        assert all(j.deal_in[k] == table.deal_in(k) and 0 <= j.deal_in[k] < 1 for k in discards)
        assert j.threat[seat] == 0.0
        as_json = j.to_dict()
        assert as_json["pick"] == j.pick.notation() and len(as_json["deal_in"]) == len(discards)


def test_the_same_view_gives_the_same_judgement_and_another_bot_may_be_asked() -> None:
    view = _positions("mcr", 3, 30)[-1]
    assert judge(view) == judge(view)
    assert judge(view, bot="efficiency").pick == find_bot("efficiency", seed=0).act(view)


def test_a_seat_with_nothing_to_decide_has_no_pick() -> None:
    game = Game(seed=3)
    idle = (game.current + 1) % 4
    j = judge(game.view(idle))
    assert j.pick is None and j.deal_in == {} and j.to_dict()["pick"] is None


def _text(view: View, style: TileStyle) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(hints_renderable(view, style))
    return out.getvalue()


def test_the_terminal_coach_shows_the_bots_move_and_each_discards_risk() -> None:
    view = next(v for v in _positions("mcr", 11, 60)
                if v.phase is Phase.TURN and len(v.discards[(v.seat + 1) % 4]) >= 3)
    j = judge(view)
    assert j.pick is not None
    text = _text(view, "notation")
    assert f"The Fan-aware bot would: {j.pick.notation()}" in text
    assert "Risk" in text
    best = max(j.deal_in.values())
    assert f"{100 * best:.0f}%" in text
    chinese = _text(view, "chinese")
    assert "算番机器人会" in chinese and "放铳" in chinese


# -- on the server: POST /api/tables/{id}/judgement --------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "t.db", claim_seconds=60, away_seconds=600, pause_seconds=60,
                     window_seconds=0, pages=False, allow_hosts=["testserver"])
    with TestClient(app) as c:
        yield c


def test_the_table_page_asks_the_server_for_the_judgement_of_its_own_view(client: TestClient) -> None:
    r = client.post("/api/tables", json={"hands": 1, "seed": 5,
                                         "players": ["open", "bot:efficiency", "bot:efficiency", "open"]})
    created = r.json()
    table_id, token = created["id"], created["players"][0]["token"]
    table: Table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    game = table.match.game
    player = next(p for p in (0, 3) if game.view(table.match.positions[p]).legal)
    if player != 0:
        invite = created["players"][3]["invite"].rpartition("invite=")[2]
        token = client.post(f"/api/tables/{table_id}/seats/3", json={"invite": invite}).json()["token"]
    before = game.event_dicts()
    answer = client.post(f"/api/tables/{table_id}/judgement", json={"player": player, "token": token})
    assert answer.status_code == 200, answer.text
    view = game.view(table.match.positions[player])
    assert answer.json() == {"step": table.shown_step, **judge(view).to_dict()}
    assert answer.json()["pick"] in {a.notation() for a in view.legal}
    other = 3 - player  # the other person's seat
    assert game.event_dicts() == before  # asking changed nothing
    for body, status in [
        ({"player": player, "token": "wrong"}, 403),
        ({"player": other, "token": token}, 403),  # another seat's token
        ({"player": 1, "token": token}, 403),  # a bot's seat
        ({"player": "x", "token": token}, 403),
        ({"player": player}, 403),
        ([1, 2], 400),
    ]:
        refused = client.post(f"/api/tables/{table_id}/judgement", json=body)
        assert refused.status_code == status, (body, refused.text)
        assert "error" in refused.json()
    assert client.post(f"/api/tables/{table_id}/judgement", content=b"{").status_code == 400
    assert client.post("/api/tables/nosuch/judgement", json={"player": 0, "token": token}).status_code == 404
    assert game.event_dicts() == before


def test_a_seat_with_nothing_to_decide_gets_no_pick_from_the_server(client: TestClient) -> None:
    r = client.post("/api/tables", json={"hands": 1, "seed": 5,
                                         "players": ["open", "bot:efficiency", "bot:efficiency", "open"]})
    created = r.json()
    table: Table = client.app.state.tables.get(created["id"])  # type: ignore[attr-defined]
    game = table.match.game
    idle = next(p for p in (0, 3) if not game.view(table.match.positions[p]).legal)
    token = created["players"][idle].get("token")
    if token is None:
        invite = created["players"][idle]["invite"].rpartition("invite=")[2]
        seat_url = f"/api/tables/{created['id']}/seats/{idle}"
        token = client.post(seat_url, json={"invite": invite}).json()["token"]
    answer = client.post(f"/api/tables/{created['id']}/judgement", json={"player": idle, "token": token})
    assert answer.status_code == 200 and answer.json()["pick"] is None and answer.json()["deal_in"] == {}


def test_on_botzones_per_seat_walls_the_coach_is_the_search_bot() -> None:
    """The search bot measured ahead of the fan-aware bot under the ``botzone`` preset only: there the coach
    asks it (its pick reproducible), on a shared wall the fan-aware bot."""
    botzone = find_ruleset("botzone")
    assert botzone.coaching_bot().split(":")[0] == "search"
    assert find_ruleset("mcr").coaching_bot() == "fan-aware"
    # Not rebuilt from a view (天听 needs the hand's history): no search, no searching coach.
    assert find_ruleset("mcr", ["walls=per-seat", "house_fans=true"]).coaching_bot() == "fan-aware"
    game = Game(botzone, seed=4)
    bots = [find_bot("efficiency", seed=s) for s in range(4)]
    judged = 0
    while game.result is None and judged < 6:
        seat = game.to_act()[0]
        view = game.view(seat)
        if len(view.legal) > 1:
            j = judge(view)
            assert j.bot == "search" and j == judge(view)
            assert j.pick == find_bot(botzone.coaching_bot(), seed=0).act(view) and j.pick in view.legal
            judged += 1
        game.apply(seat, bots[seat].act(view))
    assert judged == 6

"""Logs imported into the replay viewer (every format, every refusal), and the lobby's option schema."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from majiang.game import Game
from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.interop.botzone_log import logs_to_record, read_logs
from majiang.interop.logs import MAX_LOG, MAX_UNPACKED, detect_format
from majiang.interop.mjai import dump_mjai, export_mjai
from majiang.interop.tenhou import import_mjlog
from majiang.interop.tenhou6 import to_tenhou6
from majiang.records import parse_record, replay_record
from majiang.records.writer import iter_record_lines
from majiang.web.app import create_app
from majiang.web.views import view_json

DATA = Path(__file__).parent / "data"
BOTZONE = DATA / "botzone" / "discard-then-pass.json"
MJLOG = sorted((DATA / "riichi").glob("*.mjlog"))[0]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("imports") / "imports.db"
    with TestClient(create_app(db, pages=True, allow_hosts=["testserver"])) as c:
        yield c


@pytest.fixture(scope="module")
def tenhou_lines() -> list[str]:
    """The record our importer makes of the Tenhou log (what every riichi format must come back to)."""
    imported = import_mjlog(MJLOG.read_bytes())
    return list(iter_record_lines(imported.match, imported.players))


def _upload(client: TestClient, data: bytes, fmt: str = "auto") -> Any:
    return client.post(f"/api/imports?format={fmt}&name=x", content=data)


def _stored(client: TestClient, answer: dict[str, Any]) -> list[str]:
    r = client.get(answer["record"])
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    lines: list[str] = r.text.splitlines()
    assert len(list(replay_record(parse_record(lines)))) == answer["hands"]  # the stored record checks
    return lines


def test_botzone_log_is_imported_and_kept(client: TestClient) -> None:
    data = BOTZONE.read_bytes()
    r = _upload(client, data)
    assert r.status_code == 201, r.text
    answer = r.json()
    assert answer["format"] == "botzone" and answer["rules"] == "mcr" and answer["hands"] == 1
    assert answer["replay"] == f"/replay?import={answer['id']}"
    assert _stored(client, answer) == logs_to_record(read_logs(data.decode()))
    # the stored record is what the viewer steps through: its frames follow its act lines
    frames = client.post("/api/replay", content="\n".join(_stored(client, answer)).encode()).json()
    acts = [json.loads(x) for x in _stored(client, answer) if '"e":"act"' in x or '"e":"forfeit"' in x]
    assert len(frames["hands"][0]["frames"]) == len(acts) + 1


def test_gzipped_botzone_logs_in_json_lines(client: TestClient) -> None:
    # the first four judge logs, one per line, gzip-compressed as Botzone's downloads are
    text = gzip.decompress((DATA / "botzone" / "judge-logs.jsonl.gz").read_bytes()).decode()
    some = "\n".join(text.splitlines()[:4]) + "\n"
    r = _upload(client, gzip.compress(some.encode()))
    assert r.status_code == 201, r.text
    assert r.json()["hands"] == 4 and _stored(client, r.json()) == logs_to_record(read_logs(some))


@pytest.mark.parametrize("fmt", ["mjlog", "tenhou6", "mjai"])
def test_riichi_logs_in_every_format(client: TestClient, tenhou_lines: list[str], fmt: str) -> None:
    if fmt == "mjlog":
        data = MJLOG.read_bytes()  # gzip-compressed XML, as Tenhou serves it
    else:
        events = export_mjai(parse_record(tenhou_lines))
        text = json.dumps(to_tenhou6(events)) if fmt == "tenhou6" else "\n".join(dump_mjai(events))
        data = text.encode()
    assert detect_format(gzip.decompress(data) if fmt == "mjlog" else data) == fmt
    r = _upload(client, data)
    assert r.status_code == 201, r.text
    answer = r.json()
    assert answer["format"] == fmt and answer["rules"] == "riichi"
    stored = _stored(client, answer)
    header, expected = json.loads(stored[0]), json.loads(tenhou_lines[0])
    assert header["rules"] == expected["rules"] == "riichi"
    assert [json.loads(x) for x in stored if '"e":"act"' in x] == \
        [json.loads(x) for x in tenhou_lines if '"e":"act"' in x]


def test_replay_frames_carry_the_riichi_table(client: TestClient, tenhou_lines: list[str]) -> None:
    frames = client.post("/api/replay", content="\n".join(tenhou_lines).encode()).json()
    record = parse_record(tenhou_lines)
    for hand, block in zip(frames["hands"], record.hands, strict=True):
        first = hand["frames"][0]["info"]
        assert len(first["tiles"]["dora"]) == 1 and "ura" not in first["tiles"]
        last = hand["frames"][-1]["info"]
        declared = [line.data["seat"] for line in block.events
                    if line.kind == "act" and str(line.data["a"]).startswith("riichi")]
        for seat in declared:  # each riichi shows as a mark and a sideways discard to the end
            assert {"riichi", "double-riichi"} & set(last["marks"][seat])
            assert last["sideways"][seat] is not None
        undeclared = set(range(4)) - set(declared)
        assert all(last["sideways"][s] is None for s in undeclared)
        # the ura indicators are turned over when a riichi hand wins (Tenhou's rules have them)
        riichi_win = any(w["seat"] in declared for w in hand["result"]["wins"])
        assert ("ura" in last["tiles"]) == riichi_win
        for w in hand["result"]["wins"]:
            score = w["score"]
            assert score["yakuman"] or score["han"] == sum(y["han"] for y in score["yaku"])


@pytest.mark.parametrize("data, fmt, words", [
    (b"", "auto", "empty"),
    (b"hello", "auto", "neither XML"),
    (b'{"a": 1}', "auto", "no format"),
    (b'{"type": "start_game"}\n{"type": "bogus"}', "auto", "mjai"),
    (b'{"initdata": {}, "log": []}', "auto", "walltiles"),
    (b'<foo/>', "auto", "mjloggm"),
    (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aa">]><mjloggm/>', "auto", "DOCTYPE"),
    (b'{"initdata": "\\ud800"}', "auto", "surrogate"),
    (b"\x1f\x8b\x08\x00garbage", "auto", "gzip"),
    (gzip.compress(b"{}", mtime=0)[:-6], "auto", "cut short"),
    (BOTZONE.read_bytes(), "mjlog", "mjlog"),
    (BOTZONE.read_bytes(), "excel", "format must be"),
    (b"{\"initdata\": \"\xff\"}", "auto", "UTF-8"),
], ids=lambda value: value if isinstance(value, str) else None)
def test_bad_logs_are_refused_by_name(client: TestClient, data: bytes, fmt: str, words: str) -> None:
    r = _upload(client, data, fmt)
    assert r.status_code == 400, r.text
    assert words.lower() in r.json()["error"].lower()


def test_oversized_uploads_are_refused(client: TestClient) -> None:
    r = _upload(client, b" " * (MAX_LOG + 1))
    assert r.status_code == 413 and str(MAX_LOG) in r.json()["error"]
    bomb = gzip.compress(b"{" + b" " * (MAX_UNPACKED + 10))  # small packed, too big unpacked
    assert len(bomb) < MAX_LOG
    r = _upload(client, bomb)
    assert r.status_code == 400 and "unpacked" in r.json()["error"]


def test_unknown_import(client: TestClient) -> None:
    assert client.get("/api/imports/inope/record").status_code == 404


# -- the lobby's options -------------------------------------------------------------------------------

def test_rulesets_declare_their_option_schema(client: TestClient) -> None:
    listed = {r["name"]: r for r in client.get("/api/rulesets").json()}
    assert set(listed) == set(ruleset_names())
    for name, entry in listed.items():
        rules = find_ruleset(name)
        schema = {o["name"]: o for o in entry["schema"]}
        assert list(schema) == list(rules.options())  # one entry per option, in order
        for key, value in rules.options().items():
            spec = schema[key]
            assert spec["default"] == value
            if spec["kind"] == "bool":
                assert isinstance(value, bool)
            elif spec["kind"] == "choice":
                # every choice is accepted by the ruleset's own parser, and the default is one of them
                assert str(value) in spec["choices"]
                for choice in spec["choices"]:
                    assert str(rules.with_options([f"{key}={choice}"]).options()[key]) == choice
            elif spec["kind"] == "int":
                assert value is None or isinstance(value, int)
                for bound in ("minimum", "maximum"):  # the bounds are accepted, one step beyond is not
                    if spec[bound] is not None:
                        rules.with_options([f"{key}={spec[bound]}"])
                        beyond = spec[bound] + (spec["step"] or 1) * (1 if bound == "maximum" else -1)
                        with pytest.raises(ValueError):
                            rules.with_options([f"{key}={beyond}"])
    assert listed["sichuan"]["presets"] == {"血流": {"mode": "blood-river"},
                                            "血流成河": {"mode": "blood-river"}}


def test_table_options_refused_one_by_one(client: TestClient) -> None:
    body = {"rules": "riichi",
            "options": ["red_fives=2", "kan_dora=maybe", "starting_points=150", "target=30000"],
            "players": ["open", "bot:random", "bot:random", "bot:random"]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    problems = r.json()["options"]
    assert set(problems) == {"red_fives", "kan_dora", "starting_points"}
    assert "0, 3 or 4" in problems["red_fives"] and "true or false" in problems["kan_dora"]
    assert "from 100 to 10000000 in steps of 100" in problems["starting_points"]
    body["options"] = ["red_fives=0", "kan_dora=false", "starting_points=30000", "target=40000"]
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    options = client.get(f"/api/tables/{r.json()['id']}").json()["options"]
    assert (options["red_fives"], options["kan_dora"], options["starting_points"]) == (0, False, 30000)


# -- the riichi table in the views ---------------------------------------------------------------------

@pytest.mark.parametrize("furiten_seat", [0, 1, 2, 3])
def test_furiten_is_shown_to_its_own_seat_only(furiten_seat: int) -> None:
    """A seat in temporary furiten (a win let pass): its own view marks it; no other view, a spectator's
    included, shows it as a mark or a badge (it would tell what the seat waits on)."""
    game = Game(find_ruleset("riichi"), seed=3)
    game.hand_state.passed[furiten_seat] = True  # what letting a win pass sets (RiichiState.passed)
    for viewer in (None, 0, 1, 2, 3):
        view = view_json(game, viewer)
        marks = view["info"]["marks"]
        shown = [s for s in range(4) if "furiten" in marks[s]]
        badges = [s for s in range(4) if "振聴" in view["badges"][s]]
        assert shown == badges == ([furiten_seat] if viewer == furiten_seat else [])
    # the public parts are the same for every viewer
    infos = [view_json(game, v)["info"] for v in (None, 0, 1, 2, 3)]
    assert all((i["tiles"], i["counters"], i["sideways"]) == (infos[0]["tiles"], infos[0]["counters"],
                                                             infos[0]["sideways"]) for i in infos)
    assert len(infos[0]["tiles"]["dora"]) == 1 and infos[0]["counters"] == {"honba": 0, "sticks": 0}

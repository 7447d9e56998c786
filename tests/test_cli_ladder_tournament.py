"""``majiang ladder`` and ``majiang tournament``: round trips over the state file, and refusals that say
what and where and leave the file as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.cli import app

runner = CliRunner()


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def test_a_tournament_from_new_to_export(tmp_path: Path) -> None:
    state = str(tmp_path / "t.json")
    players = ",".join(f"P{i}" for i in range(8))
    code, out, err = _run("tournament", "new", "--state", state, "--players", players, "--rounds", "2",
                          "--hands", "1", "--seed", "4", "--name", "Club night")
    assert code == 0, err
    code, out, err = _run("tournament", "pair", "--state", state)
    assert code == 0, err
    assert "Round 1 of 2" in out and "table 2:" in out
    table = json.loads(Path(state).read_text())["rounds"][0]["tables"][0]["players"]
    hand = ",".join(f"{p}={v}" for p, v in zip(table, (24, -8, -8, -8), strict=True))
    code, out, err = _run("tournament", "result", "--state", state, "--table", "1", "--hand", hand)
    assert code == 0, err
    assert f"{table[0]} 24" in out
    code, out, err = _run("tournament", "play", "--state", state, "--bot", "efficiency")
    assert code == 0, err
    code, out, err = _run("tournament", "pair", "--state", state)
    assert code == 0 and "Round 2 of 2" in out, err
    code, out, err = _run("tournament", "standings", "--state", state, "--json")
    assert code == 0, err
    standings = json.loads(out)["standings"]
    assert len(standings) == 8 and standings[0]["place"] == 1
    assert next(s for s in standings if s["player"] == table[0])["score"] >= 24 - 0
    code, out, err = _run("tournament", "export", "--state", state, "--format", "csv")
    assert code == 0 and out.startswith("place,player,table_points"), err
    page = tmp_path / "t.html"
    code, out, err = _run("tournament", "export", "--state", state, "--format", "html", "--out", str(page))
    assert code == 0, err
    assert "<h1>Club night</h1>" in page.read_text()


def _new(tmp_path: Path, players: int = 8) -> str:
    state = str(tmp_path / "t.json")
    code, _, err = _run("tournament", "new", "--state", state, "--players",
                        ",".join(f"P{i}" for i in range(players)), "--rounds", "2")
    assert code == 0, err
    return state


@pytest.mark.parametrize(("args", "message"), [
    (("result", "--table", "1", "--total", "P0=1"), "no round is paired yet"),
    (("result", "--table", "1", "--total", "P0"), "--total takes NAME=POINTS"),
    (("pair", "--state-typo"), "No such option"),
    (("export", "--format", "pdf"), "--format is csv or html"),
    (("play", "--bot", "nobody"), "unknown bot 'nobody'"),
])
def test_refused_commands_leave_the_file_unchanged(tmp_path: Path, args: tuple[str, ...],
                                                   message: str) -> None:
    state = _new(tmp_path)
    before = Path(state).read_bytes()
    code, out, err = _run("tournament", args[0], "--state", state, *args[1:])
    assert code == 2 and message in out + err
    assert Path(state).read_bytes() == before


def test_a_bad_result_is_refused_with_where(tmp_path: Path) -> None:
    state = _new(tmp_path)
    assert _run("tournament", "pair", "--state", state)[0] == 0
    before = Path(state).read_bytes()
    players = json.loads(before)["rounds"][0]["tables"][1]["players"]
    totals = [f"--total={p}={v}" for p, v in zip(players, (10, 0, 0, -9), strict=True)]
    code, _, err = _run("tournament", "result", "--state", state, "--table", "2", *totals)
    assert code == 2
    assert "round 1 table 2: the totals [10, 0, 0, -9] must add up to 0, not 1 (the file is unchanged)" in err
    assert Path(state).read_bytes() == before
    code, _, err = _run("tournament", "pair", "--state", state)
    assert code == 2 and "round 1 is not finished" in err


def test_a_bad_file_is_refused_with_where(tmp_path: Path) -> None:
    state = _new(tmp_path)
    data = json.loads(Path(state).read_text())
    data["players"][3] = data["players"][2]
    Path(state).write_text(json.dumps(data))
    before = Path(state).read_bytes()
    code, _, err = _run("tournament", "pair", "--state", state)
    assert code == 2 and f"{state}: player 'P2' is entered twice" in err
    assert Path(state).read_bytes() == before
    Path(state).write_text("{not json")
    code, _, err = _run("tournament", "standings", "--state", state)
    assert code == 2 and "not JSON" in err
    code, _, err = _run("tournament", "standings", "--state", str(tmp_path / "none.json"))
    assert code == 2 and "no tournament file" in err
    code, _, err = _run("tournament", "new", "--state", state, "--players", "A,B,C,D", "--rounds", "1")
    assert code == 2 and "exists" in err
    code, _, err = _run("tournament", "new", "--state", str(tmp_path / "n.json"), "--players", "A,B,C,D,E",
                        "--rounds", "1", "--byes", "refuse")
    assert code == 2 and "5 players do not fill tables of four" in err


def test_the_ladder_commands(tmp_path: Path) -> None:
    state = str(tmp_path / "ladder.json")
    code, _, err = _run("ladder", "board", "--state", state)
    assert code == 2 and "no ladder file" in err
    code, out, err = _run("ladder", "record", "--state", state, "--result", "Ann=40", "--result", "Bo=10",
                          "--result", "Cy=-20", "--result", "Di=-30")
    assert code == 0, err
    assert "升 Ann: 9级 → 8级 (promoted, 30 points)" in out
    code, out, err = _run("ladder", "play", "--state", state, "--games", "1", "--hands", "1", "--seed", "2")
    assert code == 0, err
    code, out, err = _run("ladder", "board", "--state", state, "--json")
    assert code == 0, err
    names = [p["player"] for p in json.loads(out)["players"]]
    assert "Ann" in names and len(names) == 8
    code, out, err = _run("ladder", "show", "--state", state, "--player", "Ann")
    assert code == 0 and "8级 (8 kyu), 30 points; 40 points to the next grade" in out, err
    code, out, err = _run("ladder", "rules", "--state", state, "--set", "demotion=false")
    assert code == 0 and "demotion = False" in out, err
    assert json.loads(Path(state).read_text())["rules"]["mcr"]["demotion"] is False


@pytest.mark.parametrize(("args", "message"), [
    (("record", "--result", "A=1", "--result", "B=-1"), "four players"),
    (("record", "--result", "A=1", "--result", "B=1", "--result", "C=1", "--result", "D=1"),
     "add up to 4, not 0"),
    (("record", "--result", "A=1", "--result", "A=1", "--result", "C=1", "--result", "D=1"), "named twice"),
    (("play", "--games", "0"), "--games must be 1-10000"),
    (("play", "--bots", "random,efficiency,random,defense"), "four or more different bots"),
    (("rules", "--set", "dan_awards=1,2,3,4"), "dan_awards must not rise"),
    (("show", "--player", "Nobody"), "'Nobody' has no rated game"),
    (("board", "--rules", "nonesuch"), "unknown ruleset"),
])
def test_refused_ladder_commands_leave_the_file_unchanged(tmp_path: Path, args: tuple[str, ...],
                                                          message: str) -> None:
    state = tmp_path / "ladder.json"
    assert _run("ladder", "record", "--state", str(state), "--result", "W=3", "--result", "X=1", "--result",
                "Y=-1", "--result", "Z=-3")[0] == 0
    before = state.read_bytes()
    code, out, err = _run("ladder", args[0], "--state", str(state), *args[1:])
    assert code == 2 and message in out + err
    assert state.read_bytes() == before


def test_a_competition_gives_professional_dan(tmp_path: Path) -> None:
    tournament = str(tmp_path / "t.json")
    players = ",".join(f"P{i:02d}" for i in range(16))
    assert _run("tournament", "new", "--state", tournament, "--players", players, "--rounds", "1")[0] == 0
    ladder = str(tmp_path / "ladder.json")
    code, _, err = _run("ladder", "competition", "--state", ladder, "--tournament", tournament)
    assert code == 2 and "not finished" in err
    assert _run("tournament", "pair", "--state", tournament)[0] == 0
    data = json.loads(Path(tournament).read_text())
    for table in data["rounds"][0]["tables"]:
        table["result"] = {"totals": [30, 10, -15, -25], "hands": [], "played": False}
    Path(tournament).write_text(json.dumps(data))
    winners = [t["players"][0] for t in data["rounds"][0]["tables"]]
    # The leaders need an amateur 段 first: give them one through the ladder file.
    ladder_data = {"format": "majiang-ladder", "version": 1, "rules": {}, "players": {"mcr": {
        p: {"points": 700, "grade": 9, "pro_dan": 0, "mu": None, "sigma": None, "games": 0,
            "places": [0, 0, 0, 0]} for p in winners}}}
    Path(ladder).write_text(json.dumps(ladder_data))
    code, out, err = _run("ladder", "competition", "--state", ladder, "--tournament", tournament)
    assert code == 0, err
    assert out.count("职业初段") == 4  # the four table winners share 1st place, within the top three

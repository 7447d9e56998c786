"""``majiang tournament ... --db --id``: the web server's tournaments read and changed from the command line,
through the server's own code (``majiang.web.tournament_store``), on SQLite (PostgreSQL under make soak);
a stale version, a change racing another, an unknown id or account and a missing file are refused and
change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import majiang.web.tournament_store as tournament_store
from majiang.cli import app
from majiang.web.store import Store
from majiang.web.tournament_store import Stored, read_tournament, write_tournament

runner = CliRunner()
PLAYERS = ",".join(f"P{i}" for i in range(8))


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def _stored(db: str, tournament_id: str) -> Stored:
    store = Store(db)
    try:
        return read_tournament(store, tournament_id)
    finally:
        store.close()


def _totals(stored: Stored, r: int, n: int, values: tuple[int, int, int, int]) -> list[str]:
    players = stored.tournament.table(r, n).players
    return [f"--total={p}={v}" for p, v in zip(players, values, strict=True)]


def test_a_servers_tournament_from_the_command_line(database: str, monkeypatch: pytest.MonkeyPatch
                                                    ) -> None:
    db = database
    store = Store(db)
    try:
        store.add_account("Ann", "ann", "x", 0.0)
    finally:
        store.close()
    code, _, err = _run("tournament", "new", "--db", db, "--organiser", "Cy", "--players", PLAYERS,
                        "--rounds", "2")
    assert code == 2 and "no account 'Cy'" in err
    code, made, err = _run("tournament", "new", "--db", db, "--organiser", "ann", "--players", PLAYERS,
                           "--rounds", "2", "--hands", "1", "--name", "Club night")
    assert code == 0, err
    code, out, err = _run("tournament", "list", "--db", db, "--json")
    assert code == 0, err
    [listed] = json.loads(out)["tournaments"]  # the refused one made nothing
    tid = listed["id"]
    assert listed["organiser"] == "Ann" and listed["version"] == 1
    assert made.startswith(f"tournament {tid} in {db}, organised by Ann: 8 players")
    assert _stored(db, tid).tournament.seed != 0  # drawn at random, as the server draws a hidden seed
    code, _, err = _run("tournament", "pair", "--db", db, "--id", "tnope")
    assert code == 2 and "no tournament 'tnope'" in err
    code, out, err = _run("tournament", "pair", "--db", db, "--id", tid)
    assert code == 0, err
    assert "Round 1 of 2" in out and "at version 2" in out
    stored = _stored(db, tid)
    # A sheet entered against the version the referee was shown, once the tournament has moved on.
    code, _, err = _run("tournament", "result", "--db", db, "--id", tid, "--version", "1", "--table", "1",
                        *_totals(stored, 1, 1, (10, 0, 0, -10)))
    assert code == 2 and "changed since version 1" in err and "unchanged" in err
    assert _stored(db, tid).tournament.table(1, 1).result is None
    code, out, err = _run("tournament", "result", "--db", db, "--id", tid, "--version", "2", "--table", "1",
                          *_totals(stored, 1, 1, (10, 0, 0, -10)))
    assert code == 0, err
    # The server closes table 2 as abandoned (nobody's points moved); the command line shows it so.
    stored = _stored(db, tid)
    stored.tournament.enter_result(1, 2, totals=dict.fromkeys(stored.tournament.table(1, 2).players, 0))
    stored.abandoned.append((1, 2))
    store = Store(db)
    try:
        write_tournament(store, stored)
    finally:
        store.close()
    code, out, err = _run("tournament", "show", "--db", db, "--id", tid)
    assert code == 0, err
    assert "organised by Ann, at version 4" in out
    marked = [line for line in out.splitlines() if "abandoned" in line]
    assert len(marked) == 1 and marked[0].startswith("  table 2:")
    # A change racing another writer (the server's page) between its read and its write is refused.
    real = tournament_store.read_tournament

    def raced(store: Store, tournament_id: str) -> Stored:
        seen = real(store, tournament_id)
        other = real(store, tournament_id)
        other.name = "raced"
        other.tournament.enter_result(1, 2, totals=dict.fromkeys(other.tournament.table(1, 2).players, 0),
                                      replace=True)
        write_tournament(store, other)
        return seen
    monkeypatch.setattr(tournament_store, "read_tournament", raced)
    code, _, err = _run("tournament", "result", "--db", db, "--id", tid, "--table", "2", "--replace",
                        *_totals(stored, 1, 2, (5, -5, 0, 0)))
    assert code == 2 and "changed by someone else" in err and "unchanged" in err
    monkeypatch.undo()
    now = _stored(db, tid)
    assert now.version == 5 and now.tournament.table(1, 2).result is not None
    assert now.tournament.table(1, 2).result.totals == (0, 0, 0, 0)  # type: ignore[union-attr]
    # A referee's sheet over the abandoned table replaces it, and the mark goes, as on the server.
    code, out, err = _run("tournament", "result", "--db", db, "--id", tid, "--table", "2", "--replace",
                          *_totals(stored, 1, 2, (5, -5, 0, 0)))
    assert code == 0, err
    assert "abandoned" not in out and _stored(db, tid).abandoned == []
    # Round 2: bots play the open tables, leaving the one played live on the server to its players.
    assert _run("tournament", "pair", "--db", db, "--id", tid)[0] == 0
    stored = _stored(db, tid)
    stored.live["2.1"] = "w1"
    store = Store(db)
    try:
        write_tournament(store, stored)
    finally:
        store.close()
    code, out, err = _run("tournament", "play", "--db", db, "--id", tid, "--bot", "random")
    assert code == 0, err
    assert "played live on the server: table w1" in out
    now = _stored(db, tid)
    assert now.tournament.table(2, 1).result is None and now.tournament.table(2, 2).result is not None
    assert now.live == {"2.1": "w1"}
    code, out, err = _run("tournament", "standings", "--db", db, "--id", tid, "--json")
    assert code == 0, err
    assert json.loads(out)["rounds"] == 2 and len(json.loads(out)["standings"]) == 8
    code, out, err = _run("tournament", "export", "--db", db, "--id", tid)
    assert code == 0, err
    assert out.splitlines()[0].startswith("place,player")


def test_refusals(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.db")
    code, _, err = _run("tournament", "show", "--db", missing, "--id", "t1")
    assert code == 2 and f"no database file {missing}" in err
    code, _, err = _run("tournament", "new", "--db", missing, "--organiser", "Ann", "--players", PLAYERS,
                        "--rounds", "1")
    assert code == 2 and f"no database file {missing}" in err
    assert not Path(missing).exists()  # not made by looking
    code, _, err = _run("tournament", "show", "--db", missing)
    assert code == 2 and "--db needs --id" in err
    code, _, err = _run("tournament", "show", "--state", str(tmp_path / "t.json"), "--id", "t1")
    assert code == 2 and "--id names a tournament in the server's database" in err
    code, _, err = _run("tournament", "show")
    assert code == 2 and "--state FILE" in err
    code, _, err = _run("tournament", "new", "--state", str(tmp_path / "t.json"), "--organiser", "Ann",
                        "--players", PLAYERS, "--rounds", "1")
    assert code == 2 and "--organiser" in err
    assert not (tmp_path / "t.json").exists()

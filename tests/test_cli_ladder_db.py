"""``majiang ladder ... --db``: the web server's ladder read and changed from the command line, through the
server's own code (``majiang.web.ladder_store``), on SQLite (and PostgreSQL under make soak); refusals
change nothing."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from majiang.cli import app
from majiang.ladder import GRADES, LadderEntry
from majiang.web.ladder_store import LadderPlayer, read_entries, write_entry
from majiang.web.ranks import book_rated, rated_seats
from majiang.web.store import PlayerRow, Store, TableRow

runner = CliRunner()


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def _server_ladder(db: str) -> tuple[int, int]:
    """A database as a server leaves it: Ann and Bo with accounts, one rated table booked (Ann 1st, Bo 2nd,
    two bots behind); their account ids."""
    store = Store(db)
    try:
        ann = store.add_account("Ann", "ann", "x", 0.0)
        bo = store.add_account("Bo", "bo", "x", 0.0)
        kinds = [("open", None, ann), ("open", None, bo), ("bot", "random", None),
                 ("bot", "efficiency", None)]
        store.create_table(TableRow("t1", "mcr", {}, 5, 1, 0.0, rated=True),
                           [PlayerRow(p, k, b, f"P{p}", None, None, a) for p, (k, b, a) in enumerate(kinds)])
        seats = rated_seats(kinds)
        assert not isinstance(seats, str)
        store.finish("t1", "", book_rated("t1", "mcr", seats, [30, 10, -15, -25], 1.0))
    finally:
        store.close()
    return ann, bo


def test_the_ladder_commands_over_the_servers_database(database: str) -> None:
    ann, bo = _server_ladder(database)
    db = database
    code, out, err = _run("ladder", "board", "--db", db, "--json")
    assert code == 0, err
    board = json.loads(out)["players"]
    assert [p["player"] for p in board] == ["Ann", "Bo", "bot:random", "bot:efficiency"]
    assert board[0]["title"] == "8级" and board[0]["points"] == 30 and board[0]["games"] == 1
    code, out, err = _run("ladder", "show", "--db", db, "--player", "ann")  # names compared as at log-in
    assert code == 0, err
    assert out.startswith("Ann (mcr): 8级 (8 kyu), 30 points; 40 points to the next grade")
    code, out, err = _run("ladder", "show", "--db", db, "--player", "Cy")
    assert code == 2 and "no player 'Cy'" in err
    # A club's own rules, kept where the server reads them.
    code, out, err = _run("ladder", "rules", "--db", db, "--set", "pro_min_entrants=8", "--json")
    assert code == 0, err
    assert json.loads(out)["ladder_rules"]["pro_min_entrants"] == 8
    code, out, err = _run("ladder", "rules", "--db", db, "--set", "pro_places=0")
    assert code == 2 and "pro_places" in err and "unchanged" in err
    assert "pro_places = 3" in _run("ladder", "rules", "--db", db)[1]
    # A competition's placings entered by hand: Ann (given an amateur 段 as the server would) placed 2nd.
    store = Store(db)
    try:
        with store.writing() as conn:
            write_entry(conn, "mcr", LadderPlayer(f"account:{ann}", "Ann", ann, None),
                        LadderEntry(points=700, grade=GRADES[9]), new=False)
    finally:
        store.close()
    code, out, err = _run("ladder", "competition", "--db", db, "--place", "Zed=1", "--place", "Ann=2",
                          "--place", "Bo=3", "--entrants", "8", "--json")
    assert code == 0, err
    done = json.loads(out)
    assert [(c["player"], c["after"]) for c in done["changes"]] == [("Ann", "业余初段 · 职业初段")]
    assert done["not_on_server"] == ["Zed"]  # placed, but no account: Ann keeps 2nd
    store = Store(db)
    try:
        with store.reading() as conn:
            entries = read_entries(conn, "mcr", [f"account:{ann}", f"account:{bo}"])
    finally:
        store.close()
    assert entries[f"account:{ann}"].pro_dan == 1 and entries[f"account:{bo}"].pro_dan == 0


def test_refusals(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.db")
    code, _, err = _run("ladder", "board", "--db", missing)
    assert code == 2 and f"no database file {missing}" in err
    assert not Path(missing).exists()  # not made by looking
    code, _, err = _run("ladder", "board", "--db", missing, "--state", str(tmp_path / "l.json"))
    assert code == 2 and "one of them" in err
    code, _, err = _run("ladder", "board")
    assert code == 2 and "--state FILE" in err
    code, _, err = _run("ladder", "competition", "--state", str(tmp_path / "l.json"), "--place", "Ann=1")
    assert code == 2 and "--entrants" in err
    code, _, err = _run("ladder", "competition", "--state", str(tmp_path / "l.json"), "--place", "Ann=9",
                        "--entrants", "8")
    assert code == 2 and "1 to the entrants (8)" in err
    assert not (tmp_path / "l.json").exists()

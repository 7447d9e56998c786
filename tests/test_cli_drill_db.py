"""``majiang drill ... --db --player NAME``: an account's drills on the web server, asked, kept and shown
from the command line through the server's own code (``majiang.web.drill_store``), on SQLite (and
PostgreSQL under make soak); an unknown account, a missing file and a bad goal are refused and change
nothing."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from majiang.cli import app
from majiang.web.drill_store import add_answer, drill_log
from majiang.web.store import Store

runner = CliRunner()


def _run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def _answers(db: str, account: int) -> list[tuple[str, str, float]]:
    store = Store(db)
    try:
        with store.reading() as conn:
            found = drill_log(conn, account, "Ann").data["players"]["Ann"]["answers"]
    finally:
        store.close()
    return [(a["drill"], a["rules"], a["score"]) for a in found]


def test_an_accounts_drills_from_the_command_line(database: str) -> None:
    db = database
    store = Store(db)
    try:
        ann = store.add_account("Ann", "ann", "x", 0.0)
        with store.writing() as conn:  # one answer given on the server's page
            add_answer(conn, ann, 0.0, "discard", "mcr", 0.5, False, "game 1")
    finally:
        store.close()
    code, out, err = _run("drill", "ask", "fans", "--db", db, "--player", "ANN", "--count", "1",
                          "--seed", "3", "--json", stdin="8\n")
    assert code == 0, err
    verdict = json.loads(out.splitlines()[1])
    assert _answers(db, ann) == [("discard", "mcr", 0.5), ("fans", "mcr", verdict["score"])]
    code, out, err = _run("drill", "goal", "fans", "0.6", "--db", db, "--player", "ann", "--by", "2031-01-01")
    assert code == 0, err
    code, _, err = _run("drill", "goal", "fans", "1.5", "--db", db, "--player", "ann")
    assert code == 2 and "at most 1" in err
    code, out, err = _run("drill", "stats", "--db", db, "--player", "ann")
    assert code == 0, err
    [fans] = [line for line in out.splitlines() if "│ fans" in line]
    assert "0.60 by 2031-01-01" in fans  # the refused goal left the first one
    [discard] = [line for line in out.splitlines() if "│ discard" in line]
    assert discard.split("│")[2].strip() == "1"  # the page's answer, counted with the command line's
    code, _, err = _run("drill", "stats", "--db", db, "--player", "Cy")
    assert code == 2 and "no account 'Cy'" in err
    code, _, err = _run("drill", "ask", "fans", "--db", db, "--player", "Cy", stdin="8\n")
    assert code == 2 and "no account 'Cy'" in err
    assert len(_answers(db, ann)) == 2


def test_refusals(tmp_path: Path) -> None:
    missing = str(tmp_path / "none.db")
    code, _, err = _run("drill", "stats", "--db", missing, "--player", "Ann")
    assert code == 2 and f"no database file {missing}" in err
    code, _, err = _run("drill", "goal", "waits", "0.5", "--db", missing, "--player", "Ann")
    assert code == 2 and f"no database file {missing}" in err
    assert not Path(missing).exists()
    code, _, err = _run("drill", "stats", "--db", missing, "--log", str(tmp_path / "d.json"), "--player", "A")
    assert code == 2 and "give one of them" in err

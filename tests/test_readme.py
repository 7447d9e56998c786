"""README.md's command-line examples run as written, through the real CLI (Typer's runner).

Every line of every ```sh block that starts with ``majiang`` (or pipes ``echo '...'`` into it) is run
in a fresh folder, in order, and must exit 0 with the output its command prints. Excluded, by name:
``majiang play`` (interactive) and the ``make`` lines (CI runs ``make test`` itself).

Bounded sizes, so the test takes seconds: ``SMALL`` lowers the size options the README gives (``--deals``,
``--games``, ``--samples``) and adds them where the command's default is large. Files the examples
read without writing (``FIXTURES``, e.g. a game record for ``replay --check``) are made with the
Python API first, unless an earlier example wrote them. README's Python examples are doctests
(``README.md`` is in pytest's ``testpaths``, and ``--doctest-glob=*.md`` collects it).
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from majiang.bots import RandomBot
from majiang.cli import app
from majiang.records import play_match, write_record

README = Path(__file__).resolve().parent.parent / "README.md"

EXCLUDED = {"play": "interactive (the terminal game)"}
SMALL = {"--deals": 1, "--games": 12, "--samples": 2000, "--workers": 1}
"""The largest value each size option gets here (one worker: no process start-up)."""
PLAYOUTS = 4
"""The most playouts a decision a README search bot plays here."""
ADDED = {"arena": {"--deals": "1", "--workers": "1"}, "odds": {"--samples": "2000"},
         "simulate": {"--games": "12", "--workers": "1"}}
"""Size options given when an example leaves the (large) default."""
EXPECTED = {
    "fan": r"Total:\s+\d+",
    "shanten": r"Shanten:\s+\d",
    "analyze": r"Hand:\s+\S+",
    "odds": r"Monte Carlo: [\d,]+ deals",
    "arena": r"points per hand",
    "simulate": r"Hands:\s+\d+",
    "replay": r"^ok: \d+ hands",
    "export": r"^majiang record: mcr",
    "sheet": r"New sheet \S+: A \(E\), B \(S\), C \(W\), D \(N\)",
    "rules": r"sichuan",
    "import": r"game.jsonl: 3 hands from tenhou.mjlog",
    "mjai": r'^\{"type":"none"\}$',
}
"""What each command's plain output must show (``--json`` output must parse instead)."""


def _record(path: Path) -> None:
    match, _ = play_match([RandomBot(seed=s) for s in range(4)], seed=11, hands=4)
    write_record(path, match, ["A", "B", "C", "D"])


def _tenhou_log(path: Path) -> None:
    path.write_bytes((Path(__file__).parent / "data" / "riichi" /
                      "2019110302gm-00a9-0000-473e5852_tw=3.mjlog").read_bytes())


FIXTURES: dict[str, Callable[[Path], None]] = {"match.jsonl": _record, "tenhou.mjlog": _tenhou_log}


def readme_commands(text: str) -> list[tuple[list[str], str | None]]:
    """The ``majiang`` command lines of the ```sh blocks: (argv after ``majiang``, stdin or None)."""
    out: list[tuple[list[str], str | None]] = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        for line in block.splitlines():
            stdin = None
            if line.startswith("echo "):
                left, sep, line = line.partition(" | ")
                assert sep, f"README: a piped example must read 'echo ... | majiang ...': {line!r}"
                stdin = shlex.split(left)[1] + "\n"
            words = shlex.split(line, comments=True)
            if not words or words[0] == "make":
                continue
            assert words[0] == "majiang", f"README: an sh example that is not a majiang command: {line!r}"
            out.append((words[1:], stdin))
    return out


def bounded(argv: list[str]) -> list[str]:
    """``argv`` with every size option at most its ``SMALL`` value, and added where it is missing."""
    out = list(argv)
    for i, word in enumerate(out[:-1]):
        if word in SMALL:
            out[i + 1] = str(min(int(out[i + 1]), SMALL[word]))
    for option, value in ADDED.get(out[0], {}).items():
        if option not in out:
            out += [option, value]
    # a search bot's playouts a decision are a size too (32 playouts cost seconds a hand)
    return [re.sub(r"playouts=(\d+)", lambda m: f"playouts={min(int(m[1]), PLAYOUTS)}", word) for word in out]


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def test_readme_has_the_examples() -> None:
    names = [argv[0] for argv, _ in COMMANDS]
    assert set(names) >= {"fan", "shanten", "analyze", "odds", "play", "arena", "simulate", "replay", "sheet"}
    assert any(stdin for _, stdin in COMMANDS)  # the piped JSON example


def test_readme_quick_start_is_two_commands() -> None:
    quick = README.read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```sh\n(.*?)^```", quick, flags=re.MULTILINE | re.DOTALL)
    assert [line.split("#")[0].strip() for line in blocks[0].splitlines()] == ["make run", "make test"]


def test_bounded_lowers_and_adds_sizes() -> None:
    assert bounded(["simulate", "--games", "10000", "--seed", "3"]) == [
        "simulate", "--games", "12", "--seed", "3", "--workers", "1"]
    assert bounded(["arena", "--bots", "a,b", "--workers", "4"]) == [
        "arena", "--bots", "a,b", "--workers", "1", "--deals", "1"]
    assert bounded(["fan", "1m"]) == ["fan", "1m"]
    assert bounded(["arena", "--bots", "search:playouts=32,fan-aware", "--deals", "1"])[2] == \
        f"search:playouts={PLAYOUTS},fan-aware"


def test_readme_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    ran = []
    for argv, stdin in COMMANDS:
        if argv[0] in EXCLUDED:
            continue
        assert argv[0] in EXPECTED, f"README runs 'majiang {argv[0]}': add what its output must show"
        for name, make in FIXTURES.items():
            if name in argv and not (tmp_path / name).exists():
                make(tmp_path / name)
        args = bounded(argv)
        result = runner.invoke(app, args, input=stdin, env={"COLUMNS": "120"})
        shown = f"majiang {shlex.join(args)} exited {result.exit_code}:\n{result.output}"
        assert result.exit_code == 0 and result.exception is None, shown
        if "--json" in args:
            assert all(isinstance(json.loads(line), dict) for line in result.output.splitlines()), shown
        else:
            assert re.search(EXPECTED[argv[0]], result.output, flags=re.MULTILINE), shown
        ran.append(argv[0])
    assert "play" not in ran and len(ran) == len(COMMANDS) - sum(a[0] == "play" for a, _ in COMMANDS)

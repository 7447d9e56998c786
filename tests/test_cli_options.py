"""Every integer option of every command refuses an over-long number by name, not with Python's limit."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from majiang.cli import app

runner = CliRunner()
HUGE = "9" * 5000


@pytest.mark.parametrize(("command", "option"), [
    ("simulate", "--games"),
    ("simulate", "--workers"),
    ("simulate", "--fans"),
    ("simulate", "--seed"),
    ("arena", "--deals"),
    ("arena", "--workers"),
    ("arena", "--seed"),
    ("odds", "--samples"),
    ("odds", "--seed"),
])
def test_huge_number_refused_by_name(command: str, option: str) -> None:
    for value in (HUGE, "-" + HUGE):
        if value.startswith("-") and option != "--seed":
            continue
        result = runner.invoke(app, [command, option, value, "--json"])
        assert result.exit_code == 2, result.output
        error = json.loads(result.stdout)["error"]
        assert error == f"{option} must be at most 12 digits, not a number of 5000 digits"


@pytest.mark.parametrize("option", ["--hands", "--seed"])
def test_play_huge_number_refused_by_name(option: str) -> None:
    result = runner.invoke(app, ["play", option, HUGE])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"majiang play: error: {option} must be at most 12 digits, not a number of 5000 digits"]


def test_play_hands_not_a_number() -> None:
    result = runner.invoke(app, ["play", "--hands", "x"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["majiang play: error: --hands must be an integer, not 'x'"]


def test_long_value_is_cut_in_the_message() -> None:
    result = runner.invoke(app, ["simulate", "--games", "x" * 100, "--json"])
    assert json.loads(result.stdout)["error"] == f"--games must be an integer, not {'x' * 37 + '...'!r}"

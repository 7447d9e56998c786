"""Every integer option of every ruleset has declared bounds, and the parser refuses values outside them."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from majiang.cli import app
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.records.format import rules_from_options
from majiang.rules.mcr.ruleset import McrRules
from majiang.rules.sichuan.payments import TableOptions
from majiang.rules.sichuan.scoring import Options, find_options

# (ruleset, option, smallest, largest, step): the declared ranges (docs/engine.md, "Option bounds").
BOUNDS: list[tuple[str, str, int, int, int]] = [
    ("mcr", "false_win_penalty", 0, 999, 1),
    ("mcr", "false_win_award", 0, 999, 1),
    ("mcr", "base_points", 0, 999, 1),
    ("sichuan", "flower_pig", 0, 64, 1),
    ("sichuan", "direct_kong", 0, 64, 1),
    ("sichuan", "added_kong", 0, 64, 1),
    ("sichuan", "concealed_kong", 0, 64, 1),
    ("sichuan", "base", 1, 1000, 1),
    ("sichuan", "plain_fan", 0, 1, 1),
    ("sichuan", "cap_fan", 1, 16, 1),
    ("sichuan", "cap_points", 1, 1_000_000, 1),
    ("riichi", "starting_points", 100, 10_000_000, 100),
    ("riichi", "target", 100, 10_000_000, 100),
    ("changsha", "birds", 0, 6, 1),
    ("changchun", "stake", 1, 1000, 1),
    ("yangzhou", "minimum", 18, 20, 2),
]

# Options that must hold together with the others at their defaults (cap_fan >= plain_fan, and so on).
OTHERS: dict[tuple[str, str], dict[str, Any]] = {
    ("sichuan", "cap_fan"): {"plain_fan": 0},
    ("sichuan", "cap_points"): {"base": 1},
}


def test_every_integer_option_is_bounded() -> None:
    declared = {(type(find_ruleset(name)), option) for name, option, *_ in BOUNDS}
    for name in ruleset_names():  # chengdu too: Sichuan rules under another name
        rules = find_ruleset(name)
        if not type(rules).__module__.startswith("majiang."):
            continue  # a ruleset another test registered
        for spec in rules.option_schema():
            if spec.kind == "int":
                assert spec.minimum is not None and spec.maximum is not None, (name, spec.name)
                assert (type(rules), spec.name) in declared, (name, spec.name)


@pytest.mark.parametrize(("name", "option", "low", "high", "step"), BOUNDS)
def test_schema_shows_the_bounds(name: str, option: str, low: int, high: int, step: int) -> None:
    rules = find_ruleset(name)
    spec = next(s for s in rules.option_schema() if s.name == option)
    if option == "cap_points":
        low = rules.options()["base"]  # a cap below one plain win is refused: the schema says so
    assert (spec.kind, spec.minimum, spec.maximum, spec.step or 1) == ("int", low, high, step)
    assert spec.to_dict()["minimum"] == low and spec.to_dict()["maximum"] == high  # the web lobby's


@pytest.mark.parametrize(("name", "option", "low", "high", "step"), BOUNDS)
def test_ends_are_taken_and_beyond_refused(name: str, option: str, low: int, high: int, step: int) -> None:
    others = OTHERS.get((name, option), {})
    for value in (low, high):
        assert getattr(find_ruleset(name, {**others, option: value}), option) == value
    span = f"from {low} to {high}" + (f" in steps of {step}" if step != 1 else "")
    for value in (low - step, high + step, -10**40):
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        message = f"{option} must be an integer {span}, not {shown}"
        with pytest.raises(InvalidOptionError, match=re.escape(message)):
            find_ruleset(name, {**others, option: value})
        with pytest.raises(InvalidOptionError, match=re.escape(f"{option} must be an integer {span}")):
            find_ruleset(name, [f"{option}={value}"])


@pytest.mark.parametrize(("name", "option", "value"), [
    ("mcr", "base_points", True), ("mcr", "false_win_award", 2.5), ("sichuan", "base", 6.0),
    ("riichi", "starting_points", None)])
def test_wrong_types_are_refused(name: str, option: str, value: object) -> None:
    with pytest.raises(InvalidOptionError, match=re.escape(f"{option} must be an integer")):
        find_ruleset(name, {option: value})


@pytest.mark.parametrize("option", ["cap_fan", "cap_points"])
def test_no_cap_is_still_none(option: str) -> None:
    assert getattr(find_ruleset("sichuan", [f"{option}=none"]), option) is None


@pytest.mark.parametrize(("uma", "ok"), [
    ("20,10,-10,-20", True), ("999,0,0,-999", True), ("1000,0,0,-1000", False), ("0,0,999,-999", True),
    ("5,5,-5,-5", True), ("99999999999,0,0,-99999999999", False)])
def test_uma_values_are_bounded(uma: str, ok: bool) -> None:
    if ok:
        assert find_ruleset("riichi", [f"uma={uma}"]).options()["uma"] == uma
    else:
        with pytest.raises(InvalidOptionError, match="uma is four whole numbers from -999 to 999"):
            find_ruleset("riichi", [f"uma={uma}"])


@pytest.mark.parametrize(("make", "message"), [
    (lambda: TableOptions(flower_pig=65), "flower_pig must be an integer from 0 to 64, not 65"),
    (lambda: TableOptions().parse("direct_kong=100"), "direct_kong must be an integer from 0 to 64, not 100"),
    (lambda: Options("x", "sichuan", base=1001, plain_fan=1), "base must be an integer from 1 to 1000"),
    (lambda: find_options("sichuan").parse("cap_fan=17"), "cap_fan must be an integer from 1 to 16, not 17"),
    (lambda: find_options("chengdu", cap_points=10**7), "cap_points must be an integer from 1 to 1000000"),
])
def test_sichuan_option_sets_use_the_same_bounds(make: Any, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=re.escape(message)):
        make()


@pytest.mark.parametrize("name", ["mcr", "sichuan", "riichi", "botzone", "成都"])
def test_records_with_options_in_range_still_read(name: str) -> None:
    rules = find_ruleset(name)
    assert rules_from_options(rules.name, rules.options()) == rules


@pytest.mark.parametrize(("name", "option", "value"), [
    ("mcr", "false_win_penalty", -30), ("mcr", "base_points", 10**6), ("sichuan", "flower_pig", -16),
    ("riichi", "target", 30050)])
def test_records_with_options_out_of_range_are_refused(name: str, option: str, value: int) -> None:
    options = {**find_ruleset(name).options(), option: value}
    with pytest.raises(InvalidOptionError, match=re.escape(f"{option} must be an integer from")):
        rules_from_options(name, options)


def test_replace_is_checked_too() -> None:
    with pytest.raises(InvalidOptionError, match="false_win_award must be an integer from 0 to 999, not -10"):
        dataclasses.replace(McrRules(), false_win_award=-10)


def test_rules_command_shows_the_ranges() -> None:
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["rules", "mcr", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)["options"]}
    assert rows["false_win_penalty"]["type"].endswith("0..999")
    assert rows["base_points"]["type"].endswith("0..999")

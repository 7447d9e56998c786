"""``majiang fan --rules sichuan|chengdu``: explained scores, JSON, options and errors; mcr unchanged."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner, Result

from majiang.cli import app

WIDE = {"COLUMNS": "200"}
PLAIN = "123m456m789m55m111p"
EIGHTEEN = "[1111m,1][2222m,1][4444m,1][5555m]9m9m"


def invoke(args: list[str]) -> Result:
    return CliRunner().invoke(app, args, env=WIDE)


@pytest.mark.parametrize("args", [
    ["1112345678999m5m"],
    ["[567m,2]123p456s99sCCC", "--win", "self-drawn", "--seat", "S"],
    ["1112345678999m5m", "--json"],
    ["123m456m789m55mEEE", "--json"],
    ["1m"],
])
def test_mcr_is_the_default_and_unchanged(args: list[str]) -> None:
    plain, explicit = invoke(["fan", *args]), invoke(["fan", "--rules", "mcr", *args])
    assert plain.exit_code == explicit.exit_code
    assert (plain.stdout, plain.stderr) == (explicit.stdout, explicit.stderr)


def test_sichuan_explains_the_score() -> None:
    result = invoke(["fan", "--rules", "sichuan", "11224444557799m", "--win", "self-drawn"])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "清龙七对 full-flush dragon seven pairs: 6 番",
        "total 6 番 = 32× of base 6",
        "points: 192 from each other player",
    ]


@pytest.mark.parametrize(("alias", "name"), [("成都", "chengdu"), ("血战", "sichuan"), ("四川", "sichuan")])
def test_aliases_score_as_their_profile(alias: str, name: str) -> None:
    by_alias, by_name = (invoke(["fan", "--rules", r, "111222444m33399p", "--json"]) for r in (alias, name))
    assert by_alias.exit_code == by_name.exit_code == 0
    assert json.loads(by_alias.stdout) == json.loads(by_name.stdout)
    assert json.loads(by_alias.stdout)["rules"] == name


def test_chengdu_eighteen_scholars_with_options() -> None:
    result = invoke(["fan", "--rules", "chengdu", EIGHTEEN, "--win", "kong-replacement",
                     "--option", "cap_points=none", "--option", "self_drawn=none", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["total"], data["multiplier"], data["points"]) == (9, 512, 5 * 512)
    assert {f["id"] for f in data["fans"]} == {"flush-pungs", "eighteen-scholars", "root", "kong-bloom"}


def test_chengdu_default_cap_and_flags() -> None:
    capped = invoke(["fan", "--rules", "chengdu", EIGHTEEN, "--json"])
    assert json.loads(capped.stdout)["points"] == 80
    after = invoke(["fan", "--rules", "chengdu", "111222444m33399p", "--after-kong", "--json"])
    assert json.loads(after.stdout)["total"] == 2
    heaven = invoke(["fan", "--rules", "sichuan", PLAIN, "--self-drawn", "--heavenly", "--json"])
    assert json.loads(heaven.stdout)["total"] == 6
    earth = invoke(["fan", "--rules", "sichuan", PLAIN, "--earthly", "--self-drawn", "--last-of-wall",
                    "--json"])
    assert json.loads(earth.stdout)["total"] == 7
    # 海底 is the last tile self-drawn ("最后一张牌自摸"); on the last discard only with last_of_wall_discard.
    last = ["fan", "--rules", "sichuan", PLAIN, "--last-of-wall", "--json"]
    assert json.loads(invoke(last).stdout)["total"] == 1
    assert json.loads(invoke([*last, "--option", "last_of_wall_discard=true"]).stdout)["total"] == 2
    # 点杠花 paid as a 点炮: 杠上花 1 番 = 10, without 自摸加底 (15 as a self-draw).
    bloom = ["fan", "--rules", "chengdu", PLAIN, "--win", "kong-replacement", "--json"]
    assert json.loads(invoke(bloom).stdout)["points"] == 15
    fed = json.loads(invoke([*bloom, "--fed-kong"]).stdout)
    assert (fed["points"], fed["self_drawn"]) == (10, False)


@pytest.mark.parametrize(("args", "words"), [
    (["--rules", "sichuan", "123m456m789m55mEEE"], "honor"),
    (["--rules", "sichuan", "123m456p789s55m111m"], "缺一门"),
    (["--rules", "sichuan", "[123m,1]456m789m55m111p"], "no chow"),
    (["--rules", "chengdu", "123m456m789m55m112p"], "not a winning hand"),
    (["--rules", "sichuan", "123m456m789m55m111p", "--seat", "S"], "--seat only go with --rules mcr"),
    (["--rules", "sichuan", "123m456m789m55m111p", "--option", "cap=1"], "key=value"),
    (["--rules", "sichuan", "123m456m789m55m111p", "--option", "base=0"], "base"),
    (["--rules", "sichuan", "123m456m789m55m111p", "--win", "tsumo"], "--win must be one of"),
    (["--rules", "nosuchrules", "123m456m789m55m111p"], "--rules must be one of"),
    (["--rules", "sichuan", "-", "--json"], "batch mode"),
    (["123m456m789m55m111p", "--after-kong"], "--after-kong only go with --rules sichuan"),
    (["123m456m789m55m111p", "--option", "base=1"], "--option only go with"),
])
def test_errors(args: list[str], words: str) -> None:
    result = invoke(["fan", *args])
    assert result.exit_code == 2
    assert words in result.stderr + result.stdout


def test_json_errors_are_json() -> None:
    result = invoke(["fan", "--rules", "sichuan", "123m456m789m55mEEE", "--json"])
    assert result.exit_code == 2
    assert "honor" in json.loads(result.stdout)["error"]

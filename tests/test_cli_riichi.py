"""``majiang fan --rules riichi``: the explained score, JSON, the situation flags, options and errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner, Result

from majiang.cli import app

WIDE = {"COLUMNS": "200"}
PINFU = "234567m234p3488s 2s"


def invoke(args: list[str]) -> Result:
    return CliRunner().invoke(app, args, env=WIDE)


def test_explains_yaku_fu_and_points() -> None:
    result = invoke(["fan", "--rules", "riichi", PINFU, "--tsumo", "--riichi", "--dora", "1m",
                     "--seat-wind", "S"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[:6] == ["Riichi           立直  1 han", "Menzen Tsumo     门前清自摸  1 han",
                         "Pinfu            平胡  1 han", "Tanyao           断么九  1 han",
                         "Sanshoku Doujun  三色同顺  2 han", "Dora             宝牌  1 han"]
    assert "fu: base 20 = 20" in lines
    # 7 han: haneman, 3000/6000 from a non-dealer's self-draw.
    assert lines[-2] == "7 han 20 fu (haneman 跳满): 12000 points (non-dealer tsumo)"
    assert lines[-1] == "pays: 3000/6000; winner gains 12000"


def test_json_with_honba_sticks_winds_and_options() -> None:
    result = invoke(["fan", "--rules", "立直", "123m456p789s23sEE 4s", "--riichi", "--seat", "E",
                     "--round-wind", "E", "--honba", "1", "--sticks", "2",
                     "--option", "double_wind_pair_fu=2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [y["id"] for y in data["yaku"]] == ["riichi"]
    # 20 + 10 menzen ron + 2 double wind pair = 32 -> 40; dealer 1 han 40 fu = 2000, +300 honba, +2000 sticks.
    assert (data["fu"], data["points"]) == (40, 2000)
    assert data["payment"] == {"ron": 2300, "dealer": 0, "others": 0, "sticks": 2000, "total": 4300}


def test_last_of_wall_and_kong_wins_map_to_riichi_yaku() -> None:
    houtei = json.loads(invoke(["fan", "--rules", "riichi", "[123m]456p789s23s55m 4s", "--last-of-wall",
                                "--json"]).stdout)
    assert [y["id"] for y in houtei["yaku"]] == ["houtei"]
    rinshan = json.loads(invoke(["fan", "--rules", "riichi", "[2222m]345p678s56s99p 7s", "--win",
                                 "kong-replacement", "--json"]).stdout)
    assert [y["id"] for y in rinshan["yaku"]] == ["menzen_tsumo", "rinshan"]


@pytest.mark.parametrize(("args", "message"), [
    (["fan", PINFU, "--riichi"], "--riichi only go with --rules riichi"),
    (["fan", "--rules", "riichi", PINFU, "--flowers", "2"], "--flowers do not go with --rules riichi"),
    (["fan", "--rules", "riichi", PINFU, "--option", "kiriage=maybe"], "kiriage must be true or false"),
    (["fan", "--rules", "riichi", PINFU, "--option", "nope=1"], "no riichi option 'nope'"),
    (["fan", "--rules", "riichi", PINFU, "--honba", "x"], "--honba must be a whole number"),
    (["fan", "--rules", "riichi", PINFU, "--dora", "9x"], "--dora"),
    (["fan", "--rules", "riichi", "[123m]456p789s23s55m 4s"], "no yaku"),
    (["fan", "--rules", "riichi", PINFU, "--ippatsu"], "ippatsu needs riichi"),
    (["fan", "--rules", "riichi", "1230406m789p11s2z"], "a second red 5m"),
])
def test_errors_are_clear(args: list[str], message: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2
    assert message in result.stderr

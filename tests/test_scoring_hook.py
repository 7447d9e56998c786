"""The scorer hook (``Ruleset.scorer()``): every ruleset scored one way, by the library, ``majiang fan
--rules R --json`` and its batch mode alike; refusals; a ruleset registered here works with no CLI edit."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import majiang.game.ruleset as base
from majiang import mcr, riichi, sichuan
from majiang.cli import app
from majiang.cli.fan import flag
from majiang.errors import InvalidHandError, InvalidOptionError
from majiang.game.ruleset import Ruleset, find_ruleset, register_ruleset, ruleset_names, scorer_of
from majiang.game.scoring import WIN_FIELD, ContextField, field_value, read_values
from majiang.hand import Hand

WIDE = {"COLUMNS": "200"}
BUILT_IN = ("majiang.rules.mcr.ruleset", "majiang.rules.sichuan.ruleset", "majiang.rules.riichi.ruleset",
            "majiang.rules.changsha.ruleset", "majiang.rules.yangzhou.ruleset")
EIGHTEEN = "[1111m,1][2222m,1][4444m,1][5555m]9m9m"

# ruleset -> (hand, context values as JSON would give them): each scored three ways below.
CASES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "mcr": [
        ("1112345678999m5m", {"win": "self-drawn"}),
        ("[SSS]123m456p789s1m1m", {"seat_wind": "S", "round_wind": "S", "flowers": 2}),
        ("19m19p19sESWNPFCC", {"win": "self-drawn", "last_of_wall": True}),
        ("19m19p19sESWNPFFC", {"last_copy": True, "flowers": 3}),
        ("[123m][456m]789m11p23p4p", {"win": "robbing-kong"}),
    ],
    "sichuan": [
        ("11224444557799m", {"win": "self-drawn"}),
        ("123m456m789m55m111p", {"win": "self-drawn", "heavenly": True}),
        ("123m456m789m55m111p", {"earthly": True, "last_of_wall": True}),
        ("111222444m33399p", {"after_kong": True}),
    ],
    "chengdu": [
        (EIGHTEEN, {"win": "kong-replacement"}),
        ("111222444m33399p", {"win": "self-drawn"}),
        ("111222444m33399p", {"after_kong": True}),
    ],
    "changsha": [
        ("222444666888m99m", {"winner": 1, "giver": "0"}),
        ("123m456m789p234s55s", {"win": "self-drawn", "winner": 2}),
        ("123m456m789p234s55s", {"winner": 2, "last_of_wall": True, "seabed_taker": "0"}),
        ("123m456m789p234s55s", {"win": "robbing-kong", "winner": 3, "dealer": 3}),
        ("123m456m789p234s55s", {"winner": 1, "earthly": True}),
    ],
    "yangzhou": [
        ("123m456m789m789pWW", {"win": "self-drawn", "winner": 2}),
        ("SSS123m456m789m99s", {"seat_wind": "S", "round_wind": "S", "giver": "3"}),
        ("[CCCC]123m456m789m99s", {"win": "robbing-kong", "winner": 1}),
        ("123m456p789s234s55m", {}),
    ],
    "riichi": [
        ("234567m234p3488s 2s", {"win": "self-drawn", "riichi": True, "dora": "1m", "seat_wind": "S"}),
        ("123m456p789s23sEE 4s", {"riichi": True, "honba": 1, "sticks": 2}),
        ("[2222m]345p678s56s99p 7s", {"win": "kong-replacement"}),
        ("[123m]456p789s23s55m 4s", {"last_of_wall": True, "round_wind": "S", "seat_wind": "W"}),
        ("123m406p789s1sEEE 1s", {"riichi": True, "ura": ["1z", "0p"], "ippatsu": True}),
    ],
}

# (ruleset, --option texts, hand, context values): the options reach the scorer all three ways.
OPTION_CASES: list[tuple[str, list[str], str, dict[str, Any]]] = [
    ("mcr", ["profile=wmo2014"], "1133m5577p99sEECC", {"win": "self-drawn"}),
    ("chengdu", ["cap_points=none", "self_drawn=none"], EIGHTEEN, {"win": "kong-replacement"}),
    ("sichuan", ["self_drawn=fan", "base=3"], "111222444m33399p", {"win": "self-drawn"}),
    ("riichi", ["double_wind_pair_fu=2"], "123m456p789s23sEE 4s", {"riichi": True}),
    ("changsha", ["big_wins=highest", "dealer_more=false"], "222444666888m99m", {"winner": 1, "giver": "0"}),
    ("yangzhou", ["combined=add", "discard_payers=all"], "111m555m999mEEECC", {"winner": 1}),
]


def invoke(args: list[str], stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, args, input=stdin, env=WIDE)


def fan_args(rules: str, hand: str, values: Mapping[str, Any], options: Sequence[str] = ()) -> list[str]:
    """``majiang fan`` arguments for a hand and its context values (field names as flags)."""
    args = ["fan", hand, "--rules", rules, "--json"]
    for text in options:
        args += ["--option", text]
    for name, value in values.items():
        if value is True:
            args.append(flag(name))
        elif isinstance(value, list):
            for item in value:
                args += [flag(name), item]
        else:
            args += [flag(name), str(value)]
    return args


def by_scorer(rules: Ruleset, hand: str, values: Mapping[str, Any]) -> dict[str, Any]:
    scorer = rules.scorer()
    answer: dict[str, Any] = scorer.score(hand, scorer.make_context(hand, values)).to_dict()
    return answer


def by_batch(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    result = invoke(["fan", "--json", "-"], "".join(json.dumps(line) + "\n" for line in lines))
    assert result.stderr == ""
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_every_built_in_ruleset_has_cases() -> None:
    assert set(CASES) == {name for name in ruleset_names() if type(find_ruleset(name)).__module__ in BUILT_IN}


@pytest.mark.parametrize("rules", ruleset_names())
def test_every_registered_scorer_has_sound_fields(rules: str) -> None:
    fields = find_ruleset(rules).scorer().context_fields()
    assert len({f.name for f in fields}) == len(fields)
    for f in fields:
        field_value(f, f.default)  # every default is a value the field takes
        assert f.help


@pytest.mark.parametrize(("rules", "hand", "values"),
                         [(r, h, v) for r, cases in CASES.items() for h, v in cases])
def test_scorer_cli_and_batch_agree(rules: str, hand: str, values: dict[str, Any]) -> None:
    expected = by_scorer(find_ruleset(rules), hand, values)
    result = invoke(fan_args(rules, hand, values))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == expected
    assert by_batch([{"hand": hand, "rules": rules, **values}]) == [expected]


@pytest.mark.parametrize(("rules", "options", "hand", "values"), OPTION_CASES)
def test_options_reach_the_scorer(rules: str, options: list[str], hand: str, values: dict[str, Any]) -> None:
    expected = by_scorer(find_ruleset(rules, options), hand, values)
    assert expected != by_scorer(find_ruleset(rules), hand, values)  # the options change the score
    result = invoke(fan_args(rules, hand, values, options))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == expected
    as_object = dict(o.split("=") for o in options)
    assert by_batch([{"hand": hand, "rules": rules, "options": options, **values},
                     {"hand": hand, "rules": rules, "options": as_object, **values}]) == [expected, expected]


def test_scorer_is_the_public_score_with_a_context() -> None:
    hand = "1112345678999m5m"
    context = mcr.WinContext(mcr.WinBy.SELF_DRAWN, flowers=1)
    assert find_ruleset("mcr", ["profile=wmo2014"]).scorer().score(hand, context) == \
        mcr.score(hand, context, "wmo2014") == \
        mcr.score(hand, win_by="self-drawn", flowers=1, profile="wmo2014")
    s_context = sichuan.WinContext(sichuan.WinBy.SELF_DRAWN)
    assert find_ruleset("成都").scorer().score("111222444m33399p", s_context) == \
        sichuan.score("111222444m33399p", s_context, "chengdu") == \
        sichuan.score("111222444m33399p", win_by="self-drawn", options="chengdu")
    r_context = riichi.WinContext(tsumo=True, riichi=True)
    assert find_ruleset("riichi").scorer().score("234567m234p3488s 2s", r_context) == \
        riichi.score("234567m234p3488s 2s", r_context, riichi.RiichiOptions())


@pytest.mark.parametrize("call", [
    lambda: mcr.score("1112345678999m5m", mcr.WinContext(), win_by="self-drawn"),
    lambda: mcr.score("1112345678999m5m", None, "1998", profile="wmo2014"),
    lambda: mcr.score("1112345678999m5m", ("self-drawn",)),  # type: ignore[arg-type]
    lambda: sichuan.score("111222444m33399p", sichuan.WinContext(), after_kong=True),
    lambda: sichuan.score("111222444m33399p", {"win_by": "discard"}),  # type: ignore[arg-type]
])
def test_a_context_and_keywords_at_once_are_refused(call: Any) -> None:
    with pytest.raises(TypeError, match=r"not both|context must be"):
        call()


def test_the_sichuan_context_checks_itself() -> None:
    with pytest.raises(InvalidHandError, match="after_kong"):
        sichuan.WinContext(sichuan.WinBy.SELF_DRAWN, after_kong=True)
    with pytest.raises(TypeError, match="heavenly"):
        sichuan.WinContext(heavenly=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "message"), [
    (["fan", "234567m234p3488s 2s", "--rules", "riichi", "--flowers", "2"],
     "--flowers do not go with --rules riichi; --flowers only go with --rules mcr"),
    (["fan", "111222444m33399p", "--rules", "chengdu", "--seat", "S", "--dora", "1m"],
     "--seat, --dora do not go with --rules chengdu; --seat only go with --rules mcr or riichi; --dora only "
     "go with --rules riichi"),
    (["fan", "111222444m33399p", "--rules", "sichuan", "--profile", "1998"],
     "--profile do not go with --rules sichuan; --profile only go with --rules mcr"),
    (["fan", "1112345678999m5m", "--rules", "mcr", "--no-such-flag"], "No such option: --no-such-flag"),
    (["fan", "234567m234p3488s 2s", "--rules", "riichi", "--seat", "X"], "--seat must be one of E, S, W, N"),
    (["fan", "234567m234p3488s 2s", "--rules", "riichi", "--sticks", "-1"],
     "--sticks must be a whole number"),
    (["fan", "111222444m33399p", "--rules", "sichuan", "--win", "self-drawn", "--after-kong"],
     "杠上炮 (after_kong) is a win on a discard"),
    (["fan", "111222444m33399p", "--rules", "sichuan", "--option", "profile=1998"],
     "no sichuan option 'profile'"),
    (["fan", "111222444m33399p", "--rules", "nope"], "--rules must be one of mcr, "),
    (["fan", "-", "--json", "--rules", "riichi"], "remove --rules"),
])
def test_cli_refusals_are_clear(args: list[str], message: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2, result.output
    for part in message.split("; "):  # (rulesets other tests register may follow the built-in ones)
        assert part in result.stderr + result.stdout


@pytest.mark.parametrize(("line", "message"), [
    ({"rules": "riichi", "flowers": 2},
     "unknown key 'flowers' for ruleset 'riichi'; the keys are hand, rules"),
    ({"rules": "mcr", "profile": "1998"}, "'profile' is an option of ruleset 'mcr': give it in 'options'"),
    ({"rules": "mcr", "seat_wind": "X"}, "seat_wind must be one of E, S, W, N, not 'X'"),
    ({"rules": "riichi", "honba": "2"}, "honba must be a whole number, not '2'"),
    ({"rules": "riichi", "riichi": "yes"}, "riichi must be true or false, not 'yes'"),
    ({"rules": "sichuan", "win": "tsumo"}, "win must be one of discard, self-drawn"),
    ({"rules": "sichuan", "options": {"base": 0}}, "base must be an integer from 1 to 1000, not 0"),
    ({"rules": "sichuan", "options": "base=3"}, "'options' must be an object of options or a list"),
    ({"rules": 5}, "'rules' must be a ruleset's name"),
    ({"rules": "nope"}, "unknown ruleset 'nope'"),
])
def test_batch_refusals_are_per_line(line: dict[str, Any], message: str) -> None:
    good = {"hand": "1112345678999m5m"}
    result = invoke(["fan", "--json", "-"], json.dumps({"hand": "123m456m789m55m111p", **line}) + "\n"
                    + json.dumps(good) + "\n")
    assert result.exit_code == 1
    first, second = (json.loads(text) for text in result.stdout.splitlines())
    assert first["error"].startswith("line 1: ") and message in first["error"], first
    assert second == mcr.score(good["hand"]).to_dict()  # a line without rules: Chinese Official as before


def test_read_values_refuses_unknown_fields() -> None:
    with pytest.raises(InvalidOptionError, match="ruleset 'sichuan' takes no flowers"):
        find_ruleset("sichuan").scorer().make_context("111222444m33399p", {"flowers": 1})


def test_a_ruleset_without_a_scorer_says_so() -> None:
    with pytest.raises(InvalidOptionError, match="ruleset 'base' has no hand scorer"):
        Ruleset().scorer()


# --- a ruleset registered here, with its own scorer and a field no built-in ruleset has ------------------

@dataclass(frozen=True, slots=True)
class TinyContext:
    """How a tiny win was won."""

    win: str = "discard"
    bonus: int = 0
    lucky: bool = False


@dataclass(frozen=True, slots=True)
class TinyResult:
    """A tiny score: a point a tile, times the option, plus the bonus; doubled when lucky."""

    total: int

    def to_dict(self) -> dict[str, Any]:
        return {"tiny": self.total}

    def explain(self) -> str:
        return f"tiny total {self.total}"


TINY_FIELDS = (WIN_FIELD, ContextField("bonus", "int", 0, help="Extra points", minimum=0, maximum=9),
               ContextField("lucky", "bool", False, help="Doubled"))


@dataclass(frozen=True, slots=True)
class TinyScorer:
    per_tile: int

    def context_fields(self) -> tuple[ContextField, ...]:
        return TINY_FIELDS

    def make_context(self, hand: Hand | str, values: Mapping[str, Any]) -> TinyContext:
        return TinyContext(**read_values(TINY_FIELDS, values, "tiny"))

    def score(self, hand: Hand | str, context: TinyContext) -> TinyResult:
        parsed = Hand.parse(hand) if isinstance(hand, str) else hand
        points = self.per_tile * sum(parsed.counts(include_melds=True)) + context.bonus
        points += 1 if context.win == "self-drawn" else 0
        return TinyResult(points * (2 if context.lucky else 1))


@dataclass(frozen=True, slots=True)
class TinyRules(Ruleset):
    """A ruleset that only scores.

    * ``per_tile``: points a tile.
    """

    name: str = "tiny"
    per_tile: int = 1

    def scorer(self) -> TinyScorer:
        return TinyScorer(self.per_tile)


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``tiny`` registered for one test: the registry is a copy, put back afterwards."""
    ruleset_names()  # the built-in rulesets first
    for table in ("_FACTORIES", "_ALIASES", "_PRESETS"):
        monkeypatch.setattr(base, table, dict(getattr(base, table)))
    register_ruleset("tiny", TinyRules, aliases=("小",))
    yield
    scorer_of.cache_clear()


@pytest.mark.usefixtures("tiny")
def test_a_new_ruleset_needs_only_its_scorer() -> None:
    hand = "123m456p789s123sEE"
    result = invoke(["fan", hand, "--rules", "tiny", "--bonus", "3", "--lucky", "--self-drawn", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"tiny": (14 + 3 + 1) * 2}
    text = invoke(["fan", "--rules", "小", "--bonus=2", hand, "--option", "per_tile=2"])
    assert text.exit_code == 0, text.output
    assert text.stdout == "tiny total 30\n"
    assert by_batch([{"hand": hand, "rules": "tiny", "bonus": 3, "lucky": True, "win": "self-drawn"},
                     {"hand": hand, "rules": "tiny", "options": {"per_tile": 2}},
                     {"hand": hand, "rules": "tiny", "bonus": 10}]) == [
        {"tiny": 36}, {"tiny": 28}, {"error": "line 3: bonus must be an integer from 0 to 9, not 10"}]


@pytest.mark.usefixtures("tiny")
@pytest.mark.parametrize(("args", "message"), [
    (["--rules", "tiny", "--seat", "S"],
     "--seat do not go with --rules tiny; --seat only go with --rules mcr or riichi"),
    (["--bonus", "3"], "--bonus do not go with --rules mcr; --bonus only go with --rules tiny"),
    (["--rules", "riichi", "--lucky"],
     "--lucky do not go with --rules riichi; --lucky only go with --rules tiny"),
    (["--rules", "tiny", "--bonus", "x"], "--bonus must be an integer from 0 to 9, not 'x'"),
    (["--rules", "tiny", "--bonus"], "--bonus needs a value"),
])
def test_a_new_rulesets_flags_are_refused_elsewhere(args: list[str], message: str) -> None:
    result = invoke(["fan", "123m456p789s123sEE", *args])
    assert result.exit_code == 2, result.output
    for part in message.split("; "):
        assert part in result.stderr


@pytest.mark.usefixtures("tiny")
def test_majiang_rules_shows_the_win_context() -> None:
    shown = json.loads(invoke(["rules", "tiny", "--json"]).stdout)
    assert [(row["flag"], row["kind"]) for row in shown["context"]] == [
        ("--win", "choice"), ("--bonus", "int"), ("--lucky", "bool")]
    riichi_rows = json.loads(invoke(["rules", "riichi", "--json"]).stdout)["context"]
    fields = find_ruleset("riichi").scorer().context_fields()
    assert [row["name"] for row in riichi_rows] == [f.name for f in fields]
    text = invoke(["rules", "tiny"]).stdout
    assert "Win context (majiang fan --rules tiny flags)" in text
    assert "--bonus" in text and "integer 0..9" in text


def test_the_registry_is_back_without_tiny() -> None:
    assert "tiny" not in ruleset_names()

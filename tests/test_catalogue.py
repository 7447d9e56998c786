"""The catalogue of names (majiang.catalogue): every ruleset, option, choice, preset, bot, action kind and
fan has a Chinese and an English name, and neither is a raw identifier."""

from __future__ import annotations

import re

import pytest

from majiang.catalogue import catalogue
from majiang.game.ruleset import find_ruleset, ruleset_names

_IDENTIFIER = re.compile(r"^[a-z0-9]+(?:[_-][a-z0-9]+)+$|^[a-z]+$")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|Error\b")
_CITED = re.compile(r"(?:seed|source) \d{3}")
_TITLED = re.compile(r"(?:》\(|”, |” \()(?:seed|source) \d{3}")


def _bare_sources(text: str) -> int:
    """How many ``seed NNN`` in ``text`` are not named by their title just before."""
    return len(_CITED.findall(text)) - len(_TITLED.findall(text))


def _named(what: str, entry: dict[str, str], raw: str) -> None:
    """Both languages present; the Chinese holds Chinese, neither is the raw identifier or snake_case."""
    en, zh = entry.get("en", ""), entry.get("zh", "")
    assert en and zh, f"{what}: a name in both languages, not {entry}"
    assert en != raw and zh != raw, f"{what}: the identifier {raw!r} is not a name"
    assert not _IDENTIFIER.fullmatch(en) or en[0].isupper(), f"{what}: {en!r} reads as an identifier"
    assert _HAN.search(zh) or re.fullmatch(r"[0-9 ,.-]+", zh), f"{what}: {zh!r} has no Chinese"


BUILT_IN = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")


def test_every_ruleset_and_option_is_named() -> None:
    c = catalogue()
    assert set(c["rulesets"]) == set(ruleset_names()) >= set(BUILT_IN)
    for name in BUILT_IN:  # (not the rulesets other tests register for a while)
        r = c["rulesets"][name]
        _named(f"ruleset {name}", r["title"], name)
        assert r["summary"]["en"] and _HAN.search(r["summary"]["zh"]), name
        schema = find_ruleset(name).option_schema()
        assert set(r["options"]) == {s.name for s in schema}
        for spec in schema:
            entry = r["options"][spec.name]
            _named(f"{name} option {spec.name}", entry["name"], spec.name)
            for lang in ("en", "zh"):
                text = entry["help"][lang]
                assert text, f"{name} option {spec.name}: help in {lang}"
                assert not _RAW.search(text), f"{name} {spec.name} help reads like code: {text!r}"
                assert not _bare_sources(text), f"{name} {spec.name}: a source without its title: {text!r}"
            assert set(entry["choices"]) == set(spec.choices)
            for choice in spec.choices:
                _named(f"{name} {spec.name}={choice}", entry["choices"][choice], choice)
        for alias, words in r["presets"].items():
            assert words["en"] and words["zh"], (name, alias)
            assert words["en"] != alias or not alias.isascii(), (name, alias)
        for fan, words in r["fans"].items():
            _named(f"{name} fan {fan}", words, fan)
        for kind, words in r["actions"].items():
            _named(f"{name} action {kind}", words, kind)
        for entry in r["lobby"]:
            _named(f"{name} lobby {entry['key']}", entry["title"], entry["key"])
            find_ruleset(entry["rules"], entry["options"])  # the lobby's options are the ruleset's


def test_bots_actions_and_log_lines_are_named() -> None:
    c = catalogue()
    for group in ("bots",):
        for name, entry in c[group].items():
            _named(f"bot {name}", entry["name"], name)
            assert entry["help"]["en"] and _HAN.search(entry["help"]["zh"])
    for kind, words in c["actions"].items():
        _named(f"action {kind}", words, kind)
    for kind, words in c["log"].items():
        assert words["en"] and words["zh"] and (_HAN.search(words["zh"]) or "{" in words["zh"]), kind


def test_sources_are_named_by_title() -> None:
    c = catalogue()
    help_zh = c["rulesets"]["mcr"]["options"]["base_points"]["help"]["zh"]
    assert help_zh.endswith("来源：《麻将国标三级打法》(seed 000)")
    assert "“Sichuan and Changsha Mahjong Rules”" in c["rulesets"]["sichuan"]["summary"]["en"]
    assert set(c["sources"]) == {"000", "001", "002", "003", "004"}


def test_blood_river_is_a_lobby_choice_with_exchange_and_void() -> None:
    entries = {e["key"]: e for e in catalogue()["lobby"]}
    river = entries["sichuan-blood-river"]
    assert river["title"]["zh"] == "四川麻将 血流成河"
    rules = find_ruleset(river["rules"], river["options"])
    assert (rules.options()["mode"], rules.options()["exchange"], rules.options()["declare_void"]) == \
        ("blood-river", "dice", True)
    # The ruleset's own defaults (and so its records) are unchanged.
    assert find_ruleset("sichuan").options()["exchange"] == "none"


@pytest.mark.parametrize("name", ["mcr", "sichuan"])
def test_option_help_is_the_catalogues(name: str) -> None:
    rules = find_ruleset(name)
    helps = {s.name: s.help for s in rules.option_schema()}
    assert all(helps.values())
    assert "IllegalActionError" not in " ".join(helps.values())

"""The names people read, in Chinese and English: what a ruleset declares of itself (``RulesetWords``,
from its describer's ``words()``), the built-in action kinds, the rule sources by their titles.

A ruleset says its own title, each option's name, meaning and choices, its presets and its fans here;
``majiang.catalogue`` gathers every registered ruleset's words (and the bots') into the one catalogue the
web pages and ``majiang rules`` show, so a ruleset registered later is named by declaring its words.

>>> cite("004").zh
'《四川麻将与长沙麻将规则》(seed 004)'
>>> name_sources("8 + fans (seed 000).", zh=False)
'8 + fans (“Guobiao Mahjong in Three Levels”, seed 000).'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ACTION_WORDS", "SOURCES", "LobbyEntry", "OptionWords", "RulesetWords", "Words", "cite",
           "name_sources", "words"]


@dataclass(frozen=True, slots=True)
class Words:
    """One name or sentence in both languages: ``en`` English, ``zh`` Chinese."""

    en: str
    zh: str

    def get(self, zh: bool) -> str:
        """The text in Chinese (``zh``) or English."""
        return self.zh if zh else self.en

    def to_dict(self) -> dict[str, str]:
        """Plain data for JSON."""
        return {"en": self.en, "zh": self.zh}


def words(zh: str, en: str) -> Words:
    """``Words`` given Chinese first, as the tables of the rulesets write them."""
    return Words(en, zh)


@dataclass(frozen=True, slots=True)
class OptionWords:
    """An option as players read it: its ``name``, its meaning (``help``, written for players) and each
    choice's name by the choice's text (``choices``; a flag's are ``true``/``false`` only where the plain
    on/off would mislead)."""

    name: Words
    help: Words
    choices: Mapping[str, Words] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON, the sources in the help named by their titles."""
        return {"name": self.name.to_dict(),
                "help": {"en": name_sources(self.help.en, zh=False),
                         "zh": name_sources(self.help.zh, zh=True)},
                "choices": {key: {"en": name_sources(w.en, zh=False), "zh": name_sources(w.zh, zh=True)}
                            for key, w in self.choices.items()}}


@dataclass(frozen=True, slots=True)
class LobbyEntry:
    """A choice the lobby's ruleset menu offers: a ruleset (``rules``, a registered name) with ``options``
    set for a new table, under its own ``title`` (血流成河 is Sichuan with ``mode=blood-river``)."""

    key: str
    title: Words
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self, rules: str) -> dict[str, Any]:
        """Plain data for JSON."""
        return {"key": self.key, "rules": rules, "title": self.title.to_dict(), "options": dict(self.options)}


@dataclass(frozen=True, slots=True)
class RulesetWords:
    """What a ruleset declares of itself for the catalogue (``Describer.words()``): its ``title``, a
    ``summary`` sentence, its ``options`` by name, its presets (``presets``, by alias), its fans (or yaku,
    or wins) by id (``fans``), and the entries it adds to the lobby's ruleset menu (``lobby``: none means
    the ruleset under its title, with its own defaults)."""

    title: Words
    summary: Words
    options: Mapping[str, OptionWords] = field(default_factory=dict)
    presets: Mapping[str, Words] = field(default_factory=dict)
    fans: Mapping[str, Words] = field(default_factory=dict)
    lobby: tuple[LobbyEntry, ...] = ()


SOURCES: Mapping[str, Words] = {
    "000": words("《麻将国标三级打法》", "“Guobiao Mahjong in Three Levels”"),
    "001": words("《麻将的打法》", "“How Mahjong Is Played”"),
    "002": words("《中国麻将竞赛规则》", "“Chinese Mahjong Competition Rules”"),
    "003": words("《国标麻将打法全局攻略》", "“A Complete Guide to Guobiao Mahjong”"),
    "004": words("《四川麻将与长沙麻将规则》", "“Sichuan and Changsha Mahjong Rules”"),
}
"""The rule sources by number (docs/sources.md), by their titles: the title heading each text (004 has
none: it is named by what it covers)."""

_CITED = re.compile(r"\b(?:seed|source) (\d{3})\b")


def cite(number: str) -> Words:
    """A rule source named for players: its title and number (``《中国麻将竞赛规则》(seed 002)``)."""
    title = SOURCES[number]
    return Words(f"{title.en} (seed {number})", f"{title.zh}(seed {number})")


def name_sources(text: str, *, zh: bool) -> str:
    """``text`` with each ``seed NNN`` (or ``source NNN``) named by its title; a number the table does not
    know is left as it is."""
    def one(match: re.Match[str]) -> str:
        number = match.group(1)
        if number not in SOURCES:
            return match.group(0)
        return f"{SOURCES[number].zh}(seed {number})" if zh else f"{SOURCES[number].en}, seed {number}"

    return _CITED.sub(one, text)


ACTION_WORDS: Mapping[str, Words] = {
    "discard": words("打出", "Discard"),
    "chow": words("吃", "Chow"),
    "pung": words("碰", "Pung"),
    "kong": words("明杠", "Kong"),
    "concealed-kong": words("暗杠", "Concealed kong"),
    "added-kong": words("加杠", "Added kong"),
    "win": words("和", "Win"),
    "pass": words("过", "Pass"),
    "void": words("定缺", "Void suit"),
    "exchange": words("换三张", "Exchange three"),
    "riichi": words("立直", "Riichi"),
    "abort": words("流局", "Abortive draw"),
}
"""The built-in action kinds (``ActionKind.word``) by their names; a display shows an action's tiles after
the name (``吃 3-4-5p``). A ruleset renames a kind in its describer's ``action_words()`` (Changchun's
``riichi`` is 上听) and names its own actions in their ``ActionSpec``."""

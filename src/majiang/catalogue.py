"""One catalogue of the names people read, in Chinese and English: every registered ruleset (its title,
presets, options with their choices and help, fans and actions, the entries of the lobby's menu), every
bot, the action kinds, the lines of a table's log and the rule sources by title.

Each ruleset declares its own words (``Describer.words()``, ``Describer.action_words()``, its
``ActionSpec``s) and each bot its own (``majiang.bots.BOT_WORDS``), so a ruleset or bot registered later is
named here without an edit. The web server serves ``catalogue()`` as ``GET /api/names`` (the pages' labels)
and ``majiang rules`` prints from it.

>>> c = catalogue()
>>> c["rulesets"]["sichuan"]["options"]["exchange"]["name"]
{'en': 'Exchange three tiles', 'zh': '换三张'}
>>> [e["key"] for e in c["lobby"]][:3]
['mcr', 'sichuan', 'sichuan-blood-river']
"""

from __future__ import annotations

import functools
from typing import Any

from majiang.bots import BOT_WORDS, BOTS
from majiang.game.names import ACTION_WORDS, SOURCES, LobbyEntry, Words, cite, name_sources, words
from majiang.game.ruleset import find_ruleset, ruleset_names, ruleset_presets

__all__ = ["LOG_WORDS", "VALUE_WORDS", "catalogue", "ruleset_catalogue"]

LOG_WORDS = {
    "discard": words("{who}：打出 {tile}", "{who}: discards {tile}"),
    "call": words("{who}：{action}", "{who}: {action}"),
    "win": words("{who} 和牌", "{who} wins"),
    "self-drawn": words("{who} 自摸", "{who} wins self-drawn"),
    "draw": words("荒庄", "Exhaustive draw"),
    "forfeit": words("{who} 被判负（{reason}）", "{who} forfeits ({reason})"),
}
"""The kinds of line a table's or a replay's log shows, as templates (``{who}`` a player's name,
``{tile}`` a tile, ``{action}`` an action's label, ``{reason}`` a judge's reason)."""

VALUE_WORDS = {"true": words("开", "on"), "false": words("关", "off"), "none": words("无", "none")}
"""How an option's on, off and empty values read."""


def _options(rules: Any) -> dict[str, Any]:
    declared = rules.describer().words().options
    out: dict[str, Any] = {}
    for spec in rules.option_schema():
        named = declared.get(spec.name)
        if named is None:  # undeclared: the identifier is all there is (the catalogue's test refuses it)
            out[spec.name] = {"name": {"en": spec.name, "zh": spec.name},
                              "help": {"en": spec.help, "zh": spec.help}, "choices": {}}
            continue
        entry = named.to_dict()
        entry["choices"] = {c: entry["choices"].get(c, {"en": c, "zh": c}) for c in spec.choices}
        out[spec.name] = entry
    return out


def _actions(rules: Any) -> dict[str, dict[str, str]]:
    out = {kind: w.to_dict() for kind, w in ACTION_WORDS.items()}
    renamed = {kind: (w["en"], w["zh"]) for kind, w in rules.describer().action_words().items()}
    renamed.update({spec.name: (spec.en, spec.zh) for spec in rules.actions})
    out.update({kind: {"en": en[:1].upper() + en[1:], "zh": zh} for kind, (en, zh) in renamed.items()})
    return out


def ruleset_catalogue(name: str) -> dict[str, Any]:
    """The words of the registered ruleset ``name``: title, summary, options, presets, fans, actions and
    its lobby entries, as plain data."""
    rules = find_ruleset(name)
    declared = rules.describer().words()
    presets = {alias: declared.presets.get(alias, Words(alias, alias)).to_dict()
               for alias in ruleset_presets(name)}
    lobby = declared.lobby or (LobbyEntry(name, declared.title),)
    return {"name": name, "title": declared.title.to_dict(),
            "summary": {"en": name_sources(declared.summary.en, zh=False),
                        "zh": name_sources(declared.summary.zh, zh=True)},
            "options": _options(rules), "presets": presets,
            "fans": {key: w.to_dict() for key, w in declared.fans.items()},
            "actions": _actions(rules), "lobby": [e.to_dict(name) for e in lobby]}


def catalogue() -> dict[str, Any]:
    """Every name the pages and commands show, in both languages (built once for each set of registered
    rulesets: one registered later is in the next answer)."""
    return _catalogue(tuple(ruleset_names()))


@functools.lru_cache(maxsize=4)
def _catalogue(names: tuple[str, ...]) -> dict[str, Any]:
    rulesets = {name: ruleset_catalogue(name) for name in names}
    bots = {}
    for bot in BOTS:
        zh, en, help_zh, help_en = BOT_WORDS.get(bot, (bot, bot, "", ""))
        bots[bot] = {"name": {"en": en, "zh": zh}, "help": {"en": help_en, "zh": help_zh}}
    return {
        "rulesets": rulesets,
        "lobby": [entry for r in rulesets.values() for entry in r["lobby"]],
        "bots": bots,
        "actions": {kind: w.to_dict() for kind, w in ACTION_WORDS.items()},
        "log": {kind: w.to_dict() for kind, w in LOG_WORDS.items()},
        "values": {kind: w.to_dict() for kind, w in VALUE_WORDS.items()},
        "sources": {number: {"title": title.to_dict(), "cite": cite(number).to_dict()}
                    for number, title in SOURCES.items()},
    }

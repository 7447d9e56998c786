"""``majiang rules [NAME]``: the registered rulesets, and one ruleset's options.

Everything shown comes from the registry (``majiang.game.ruleset``): names and aliases, the first line of
each ruleset's docstring, and for one ruleset each option's type (from its type hint), default (what
``find_ruleset(NAME)`` gives) and meaning (``Describer.option_help``), and the fields of its win context
(``Scorer.context_fields``: the flags of ``majiang fan --rules NAME``). docs/cli.md is the user guide.
"""

from __future__ import annotations

import inspect
import json
import types
import typing
from enum import Enum
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from majiang.catalogue import ruleset_catalogue
from majiang.cli.errors import fail
from majiang.cli.fan import flag
from majiang.cli.options import JsonOpt
from majiang.errors import InvalidOptionError
from majiang.game.options import option_hints
from majiang.game.ruleset import Ruleset, find_ruleset, ruleset_aliases, ruleset_names, ruleset_presets
from majiang.sim.simulate import option_text

__all__ = ["context_rows", "option_rows", "rules_command", "ruleset_json", "type_text"]

NameArg = Annotated[str | None, typer.Argument(
    metavar="NAME", show_default=False,
    help="A ruleset (or alias) whose options to show; without it, every ruleset is listed.",
)]


def type_text(hint: Any) -> tuple[str, list[str]]:
    """An option's type in words, and its choices (an enum's values; empty for other types).

    >>> type_text(int | None)
    ('integer or none', [])
    >>> type_text(bool)
    ('true or false', [])
    """
    args = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    choices: list[str] = []
    words: list[str] = []
    enums = [a for a in args if isinstance(a, type) and issubclass(a, Enum)]
    for kind in enums:
        choices.extend(str(member.value) for member in kind)
    for kind in args:
        if kind in enums or (kind is str and enums):
            continue  # an enum option also takes its values as text: the choices say them
        words.append({bool: "true or false", int: "integer", str: "text", type(None): "none"}.get(
            kind, getattr(kind, "__name__", str(kind))))
    if choices:
        words.insert(0, "one of " + ", ".join(choices))
    return " or ".join(words), choices


_KIND_WORDS = {"bool": "flag", "int": "integer", "wind": "wind: E, S, W, N", "tiles": "tiles in notation",
               "choice": "choice"}


def _summary(rules: Ruleset) -> str:
    doc = inspect.getdoc(type(rules)) or ""
    return doc.split("\n\n")[0].replace("\n", " ").strip()


def option_rows(rules: Ruleset) -> list[dict[str, Any]]:
    """One row per option of ``rules``: name, type in words, choices, default and meaning (from the
    ruleset's ``option_schema``)."""
    hints = option_hints(type(rules))
    named = ruleset_catalogue(rules.name)["options"]
    rows = []
    for spec in rules.option_schema():
        kind, choices = type_text(hints[spec.name])
        if spec.choices and not choices:  # a text or integer the ruleset allows only some values of
            kind = "one of " + ", ".join(spec.choices) + (" or none" if spec.optional else "")
            choices = list(spec.choices)
        if spec.minimum is not None or spec.maximum is not None:
            low = "" if spec.minimum is None else str(spec.minimum)
            high = "" if spec.maximum is None else str(spec.maximum)
            kind += f" {low}..{high}" + (f" by {spec.step}" if spec.step not in (None, 1) else "")
        words = named[spec.name]
        rows.append({"name": spec.name, "type": kind, "choices": choices, "default": spec.default,
                     "help": words["help"]["en"], "title": words["name"], "help_zh": words["help"]["zh"]})
    return rows


def context_rows(rules: Ruleset) -> list[dict[str, Any]]:
    """One row per field of the win context of ``rules``' scorer (``ContextField.to_dict()`` and its
    ``majiang fan`` flag); none for a ruleset without a scorer.

    >>> [row["flag"] for row in context_rows(find_ruleset("sichuan"))][:3]
    ['--win', '--last-of-wall', '--after-kong']
    """
    try:
        fields = rules.scorer().context_fields()
    except InvalidOptionError:
        return []
    return [{**f.to_dict(), "flag": flag(f.name)} for f in fields]


def ruleset_json(name: str, *, options: bool) -> dict[str, Any]:
    """A ruleset as ``majiang rules --json`` shows it (with its options and win context when ``options``)."""
    rules = find_ruleset(name)
    rows = option_rows(rules)
    named = ruleset_catalogue(rules.name)  # the same catalogue the web pages show: sources by their titles
    out = {"name": rules.name, "title": named["title"], "aliases": ruleset_aliases(rules.name),
           "presets": ruleset_presets(rules.name), "summary": named["summary"]["en"],
           "options": rows if options else len(rows)}
    if options:
        out["context"] = context_rows(rules)
    return out


def _aliases(entry: dict[str, Any]) -> str:
    """``国标, 血流 (mode=blood-river)``: the aliases, a preset with the options it sets."""
    words = []
    for alias in entry["aliases"]:
        preset = entry["presets"].get(alias)
        sets = ", ".join(f"{k}={option_text(v)}" for k, v in (preset or {}).items())
        words.append(f"{alias} ({sets})" if sets else alias)
    return ", ".join(words)


def rules_command(name: NameArg = None, as_json: JsonOpt = False) -> None:
    """List the rulesets with their aliases, or show one ruleset's options (type, default, meaning)."""
    if name is None:
        listed = [ruleset_json(n, options=False) for n in ruleset_names()]
        if as_json:
            typer.echo(json.dumps({"rulesets": listed}, ensure_ascii=False))
            return
        table = Table(title="Rulesets ('majiang rules NAME' shows one ruleset's options)",
                      title_justify="left")
        table.add_column("Name")
        table.add_column("Title")
        table.add_column("Aliases")
        table.add_column("Options", justify="right")
        table.add_column("Rules")
        for entry in listed:
            table.add_row(Text(entry["name"]), Text(f"{entry['title']['zh']} {entry['title']['en']}"),
                          Text(_aliases(entry)), str(entry["options"]),
                          Text(entry["summary"]))
        Console(highlight=False).print(table)
        return
    try:
        shown = ruleset_json(name, options=True)
    except ValueError as err:
        fail("rules", str(err), as_json=as_json)
    if as_json:
        typer.echo(json.dumps(shown, ensure_ascii=False))
        return
    console = Console(highlight=False)
    aliases = f" (aliases: {_aliases(shown)})" if shown["aliases"] else ""
    title = f"{shown['title']['zh']} {shown['title']['en']}"
    console.print(f"{shown['name']} ({title}){aliases}: {shown['summary']}", markup=False)
    table = Table(title="Options (--option KEY=VALUE)", title_justify="left")
    table.add_column("Option")
    table.add_column("Name")
    table.add_column("Type")
    table.add_column("Default")
    table.add_column("Meaning")
    for row in shown["options"]:
        named = f"{row['title']['zh']} {row['title']['en']}"
        table.add_row(Text(row["name"]), Text(named), Text(row["type"]), Text(option_text(row["default"])),
                      Text(row["help"]))
    console.print(table)
    if shown["context"]:
        fields = Table(title=f"Win context (majiang fan --rules {shown['name']} flags)", title_justify="left")
        for column in ("Flag", "Type", "Default", "Meaning"):
            fields.add_column(column)
        for row in shown["context"]:
            kind = "one of " + ", ".join(row["choices"]) if row["choices"] else _KIND_WORDS[row["kind"]]
            if row["minimum"] is not None or row["maximum"] is not None:
                low, high = (("" if v is None else str(v)) for v in (row["minimum"], row["maximum"]))
                kind += f" {low}..{high}"
            default = row["default"] if not isinstance(row["default"], list) else " ".join(row["default"])
            meaning = f"{row['help']} ({row['zh']})" if row["zh"] else row["help"]
            fields.add_row(Text(row["flag"]), Text(kind), Text(option_text(default)), Text(meaning))
        console.print(fields)

"""docs/decisions.md names only options that exist, with values they accept, and every profile switch."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import pytest

from majiang.game import Match
from majiang.mcr import PROFILES, McrRules
from majiang.rules.mcr.seating import SeatChanges

DECISIONS = (Path(__file__).resolve().parent.parent / "docs" / "decisions.md").read_text(encoding="utf-8")
TARGETS = {"McrRules": McrRules, "Match": Match}


def _keywords(name: str) -> set[str]:
    found = set()
    for args in re.findall(rf"`{name}\(([^)`]*)\)`", DECISIONS):
        found |= set(re.findall(r"(\w+)=", args))
    return found


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_named_options_exist(name: str) -> None:
    keywords = _keywords(name)
    assert keywords, f"decisions.md names no {name} option"
    accepted = set(inspect.signature(TARGETS[name]).parameters)
    assert keywords <= accepted, f"{name} has no option {sorted(keywords - accepted)}"


def test_named_options_take_the_values_shown() -> None:
    calls = [c for c in re.findall(r"`((?:McrRules|Match)\([^)`]*\))`", DECISIONS) if "..." not in c]
    assert len(calls) >= 4
    for call in calls:
        node = ast.parse(call, mode="eval").body
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        options = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
        if node.func.id == "Match":
            match = Match(seed=1, hands=1, **options)
            assert all(getattr(match, k) == v for k, v in options.items()), call
        else:
            rules = McrRules(**options)
            assert all(getattr(rules, k) == v for k, v in options.items()), call
    assert {v.value for v in SeatChanges} <= set(re.findall(r'seat_changes="([\w-]+)"', DECISIONS))


def test_every_profile_switch_has_a_row() -> None:
    switches = {f.name for f in dataclasses.fields(PROFILES["mil"]) if not f.name.startswith("_")} - {"name"}
    rows = set(re.findall(r"^\| `(\w+)` \|", DECISIONS, flags=re.MULTILINE))
    assert switches <= rows, f"missing switches: {sorted(switches - rows)}"
    assert rows - switches == set()

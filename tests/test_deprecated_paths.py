"""The old import paths of moved modules and names still work for one release, with a DeprecationWarning."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

import majiang.rules.mcr.seating as seating

# (old module, new module, a package the modules need or None)
MOVED_MODULES = [
    ("majiang.game.sheet", "majiang.rules.mcr.sheet", None),
    ("majiang.env.mcr_v0", "majiang.env.mahjong_v0", "pettingzoo"),
    ("majiang.rules.base", "majiang.game.ruleset", None),
    ("majiang.rules.mcr.table", "majiang.rules.mcr.ruleset", None),
    ("majiang.rules.sichuan.table", "majiang.rules.sichuan.payments", None),
    ("majiang.rules.sichuan.game", "majiang.rules.sichuan.ruleset", None),
    ("majiang.rules.riichi.game", "majiang.rules.riichi.ruleset", None),
    ("majiang.rules.riichi.efficiency", "majiang.rules.riichi.analysis", None),
]


@pytest.mark.parametrize(("old", "new", "needs"), MOVED_MODULES)
def test_old_module_path_warns_and_offers_every_name(old: str, new: str, needs: str | None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    if needs is not None:
        pytest.importorskip(needs)
    module = importlib.import_module(new)
    # Another module may have imported the old path already; the warning comes once per import.
    monkeypatch.delitem(sys.modules, old, raising=False)
    message = rf"{old} moved to {new}; the old path goes in the next release"
    with pytest.warns(DeprecationWarning, match=message):
        shim = importlib.import_module(old)
    names: list[str] = module.__all__
    assert names
    assert {name: getattr(shim, name) for name in names} == {name: getattr(module, name) for name in names}


def test_the_old_environment_name_is_an_attribute_of_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pettingzoo")
    import majiang.env

    # As if never imported: then only the package's __getattr__ can find it.
    monkeypatch.delitem(sys.modules, "majiang.env.mcr_v0", raising=False)
    if "mcr_v0" in vars(majiang.env):  # not hasattr, which would import it
        monkeypatch.delattr(majiang.env, "mcr_v0")
    with pytest.warns(DeprecationWarning, match="majiang.env.mcr_v0 moved"):
        old = majiang.env.mcr_v0
    assert old.raw_env is majiang.env.mahjong_v0.raw_env


# (old module, name): the name now lives in majiang.rules.mcr.seating
MOVED_NAMES = [
    ("majiang.game", "SeatChanges"),
    ("majiang.game.match", "SeatChanges"),
    ("majiang.game.match", "SEAT_CHANGES"),
    ("majiang.game.match", "seat_positions"),
]


@pytest.mark.parametrize(("old", "name"), MOVED_NAMES)
def test_old_name_warns_and_is_the_new_object(old: str, name: str) -> None:
    message = rf"{old}\.{name} moved to majiang\.rules\.mcr\.seating\.{name}"
    with pytest.warns(DeprecationWarning, match=message):
        value = getattr(importlib.import_module(old), name)
    assert value is getattr(seating, name)


# (old module, name, new module): names that moved between modules of the engine
MOVED_ENGINE_NAMES = [
    ("majiang.game.ruleset", "HandLabel", "majiang.game.describe"),
    ("majiang.game.ruleset", "TableInfo", "majiang.game.describe"),
]


@pytest.mark.parametrize(("old", "name", "new"), MOVED_ENGINE_NAMES)
def test_old_engine_name_warns_and_is_the_new_object(old: str, name: str, new: str) -> None:
    message = rf"{old}\.{name} moved to {new}\.{name}; the old path goes in the next release"
    with pytest.warns(DeprecationWarning, match=message):
        value = getattr(importlib.import_module(old), name)
    assert value is getattr(importlib.import_module(new), name)


def test_from_import_of_an_old_name_warns() -> None:
    with pytest.warns(DeprecationWarning, match="majiang.game.SeatChanges moved"):
        from majiang.game import SeatChanges
    assert SeatChanges is seating.SeatChanges


def test_unknown_names_are_still_attribute_errors() -> None:
    import majiang.game
    import majiang.game.match
    import majiang.game.ruleset

    for module in (majiang.game, majiang.game.match, majiang.game.ruleset):
        with pytest.raises(AttributeError, match="no_such_name"):
            getattr(module, "no_such_name")  # noqa: B009


ROOT = Path(__file__).resolve().parent.parent
SEATING = r"(SeatChanges|SEAT_CHANGES|seat_positions)"
OLD_PATHS = re.compile(r"majiang\.game\.sheet|majiang\.env\.mcr_v0|majiang\.rules\.base"
                       r"|majiang\.rules\.mcr\.table\b|rules/mcr/table\.py"
                       r"|majiang\.rules\.sichuan\.(table|game)\b|rules/sichuan/(table|game)\.py"
                       r"|majiang\.rules\.riichi\.(game|efficiency)\b|rules/riichi/(game|efficiency)\.py"
                       r"|from majiang\.env import .*\bmcr_v0\b|majiang\.game\.McrRules"
                       r"|majiang\.game\.ruleset\.(HandLabel|TableInfo)"
                       r"|from majiang\.game\.ruleset import [^\n]*\b(HandLabel|TableInfo)\b"
                       rf"|majiang\.game(\.match)?\.{SEATING}"
                       rf"|from majiang\.game(\.match)? import .*\b{SEATING}\b")
# Files that name an old path on purpose (the shims, this test, the docs' list of them).
NAMING_OLD_PATHS = {
    "src/majiang/game/sheet.py", "src/majiang/game/__init__.py",
    "src/majiang/env/mcr_v0.py", "src/majiang/env/__init__.py", "tests/test_deprecated_paths.py",
    "docs/engine.md", "docs/rl.md", "src/majiang/rules/base.py",
    "src/majiang/rules/mcr/table.py", "src/majiang/rules/sichuan/table.py",
    "src/majiang/rules/sichuan/game.py", "src/majiang/rules/riichi/game.py",
    "src/majiang/rules/riichi/efficiency.py",
}


def test_the_project_itself_uses_the_new_paths() -> None:
    files = [ROOT / "README.md", *ROOT.glob("docs/*.md")]
    for folder in ("src", "tests", "benchmarks", "examples"):
        files.extend((ROOT / folder).rglob("*.py"))
    found = sorted(str(f.relative_to(ROOT)) for f in files
                   if str(f.relative_to(ROOT)) not in NAMING_OLD_PATHS
                   and OLD_PATHS.search(f.read_text(encoding="utf-8")))
    assert found == []


def test_sichuan_direct_kong_kind_reads_as_melded() -> None:
    from majiang.meld import KongKind
    from majiang.sichuan import KongKind as SichuanKongKind
    from majiang.sichuan import kong_payment

    assert SichuanKongKind is KongKind
    with pytest.warns(DeprecationWarning, match=r"KongKind\.DIRECT is now KongKind\.MELDED"):
        assert KongKind.DIRECT is KongKind.MELDED
    with pytest.warns(DeprecationWarning, match='"direct" is now "melded"'):
        old = kong_payment("direct", 2, (0, 1, 2, 3), 6, discarder=0)
    assert old == kong_payment(KongKind.MELDED, 2, (0, 1, 2, 3), 6, discarder=0)
    with pytest.raises(AttributeError, match="NO_SUCH_KIND"):
        getattr(KongKind, "NO_SUCH_KIND")  # noqa: B009


def test_the_three_rules_states_read_under_their_old_name() -> None:
    from majiang.game import Match, find_ruleset

    match = Match(find_ruleset("sichuan"), seed=1)
    game = match.game
    with pytest.warns(DeprecationWarning, match=r"Game\.rules_state is now Game\.hand_state"):
        assert game.rules_state is game.hand_state
    view = game.view(0)
    with pytest.warns(DeprecationWarning, match=r"View\.rules_state is now View\.public_state"):
        assert view.rules_state == view.public_state
    with pytest.warns(DeprecationWarning, match=r"Match\.rules_state is now Match\.match_state"):
        assert match.rules_state is match.match_state


def test_the_match_length_reads_as_hands() -> None:
    from majiang.game import Match

    match = Match(seed=1, hands=4)
    with pytest.warns(DeprecationWarning, match=r"Match\.hands is now Match\.length"):
        assert match.hands == match.length == 4


def test_the_riichi_match_state_keeps_its_old_name() -> None:
    from majiang.rules.riichi.ruleset import RiichiMatchState, RiichiTable

    assert RiichiTable is RiichiMatchState


def test_the_running_points_read_as_scores() -> None:
    from majiang.game import Game

    with pytest.warns(DeprecationWarning, match=r"Game\(scores=\.\.\.\) is now Game\(totals=\.\.\.\)"):
        game = Game(seed=1, scores=(5, -5, 0, 0))
    assert game.totals == [5, -5, 0, 0]
    with pytest.warns(DeprecationWarning, match=r"Game\.scores is now Game\.totals"):
        assert game.scores is game.totals
    view = game.view(0)
    with pytest.warns(DeprecationWarning, match=r"View\.scores is now View\.totals"):
        assert view.scores == view.totals == (5, -5, 0, 0)


@pytest.mark.parametrize(("module", "old", "new"), [
    ("majiang.analysis.decompose", "CHOW", "CHOW_SET"),
    ("majiang.analysis.decompose", "PUNG", "PUNG_SET"),
    ("majiang.env.actions", "CHOW", "CHOW_INDEX"),
    ("majiang.env.actions", "WIN", "WIN_INDEX"),
])
def test_old_chow_and_pung_names_read_with_a_warning(module: str, old: str, new: str) -> None:
    found = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is now {new}"):
        assert getattr(found, old) == getattr(found, new)
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(found, "no_such_name")  # noqa: B009

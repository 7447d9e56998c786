"""The ``pure_only`` marker: a test that reads a pure module's source or code objects runs only where that
module is pure Python; on the compiled copy (``make test-compiled``) it is deselected and counted."""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

import majiang

# No property test has a deadline: a timing threshold fails on a loaded machine (a shared CI runner, the
# soak beside other work) and says nothing about correctness; speed is measured in benchmarks/.
settings.register_profile("majiang", deadline=None)
settings.load_profile("majiang")

def _build_cli_command_once() -> None:
    """Make Typer's test runner build an app's click command on its first invocation only: it otherwise
    builds the whole tree again on every call (each command's signature read anew, forty commands a call),
    which was a tenth of the suite's time. The app keeps no state between calls (click makes a new context
    for each). Skipped where the CLI extra is not installed (the soak's training venv has only RLlib)."""
    try:
        import typer.testing
        from typer.main import get_command
    except ModuleNotFoundError:
        return

    @functools.cache  # by the app itself (a Typer app compares and hashes by identity)
    def command_once(typer_instance: typer.Typer) -> Any:  # (Typer's own copy of click's Command)
        return get_command(typer_instance)

    typer.testing._get_command = command_once  # type: ignore[attr-defined]


_build_cli_command_once()

# ``database`` (SQLite and PostgreSQL) and ``postgres_cluster`` for the web store's tests.
pytest_plugins = ["postgres"]

_LIST = Path(majiang.__file__).with_name("_compiled.txt")
# The modules mypyc built in the copy under test (``make compiled`` writes the list); none for src/.
COMPILED = frozenset(
    name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    for name in (_LIST.read_text().split() if _LIST.exists() else ()))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "pure_only(module, reason=...): reads the pure module's source or code objects; "
        "deselected (and counted) when ``module`` is compiled by mypyc")


def _compiled_target(item: pytest.Item) -> str | None:
    """The compiled module that keeps ``item`` from applying, or None if it runs here."""
    for mark in item.iter_markers("pure_only"):
        if len(mark.args) != 1 or not mark.kwargs.get("reason"):
            raise pytest.UsageError(f"{item.nodeid}: pure_only takes the module name and a reason=")
        module = mark.args[0]
        importlib.import_module(module)  # a misspelt module name fails here, not silently
        if module in COMPILED:
            return str(module)
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        (dropped if _compiled_target(item) else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
        config.stash[_DROPPED] = [item.nodeid for item in dropped]


_DROPPED = pytest.StashKey[list[str]]()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    dropped = config.stash.get(_DROPPED, [])
    if dropped:
        terminalreporter.write_line(f"{len(dropped)} pure_only test(s) deselected: their module is compiled "
                                    f"({', '.join(sorted(COMPILED))})")


def pytest_report_header(config: pytest.Config) -> str | None:
    if not COMPILED:
        return None
    return f"compiled by mypyc: {', '.join(sorted(COMPILED))} (pure_only tests on them are deselected)"

"""The modules that were once in import cycles are in none, counting every import the source holds.

The graph is read from the source with ``ast``: imports at the top of a module, inside functions and under
``TYPE_CHECKING`` all count, as a lazy import still ties the two modules together. ``python
tests/test_import_cycles.py`` prints every cycle left, with the line of each import in it.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"

FIXED = (
    ("majiang.tiles", "majiang.meld", "majiang.hand", "majiang.notation"),
    ("majiang.analysis.tables", "majiang.data.build"),
)
"""Groups of modules that imported each other: the notation parser and the classes it builds, and the
suit table and the script that rebuilds the shipped tables."""


def modules(root: Path = SOURCE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted((root / "majiang").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def import_graph(root: Path = SOURCE) -> dict[str, dict[str, int]]:
    """For each module, the package's modules it imports, each with the line of its first import."""
    known = modules(root)
    graph: dict[str, dict[str, int]] = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, base] if base else parent)
                # ``from package import module`` imports the module; ``from module import name`` the module.
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                           for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in known:  # outside the package, or a name in a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges.setdefault(target, node.lineno)
        graph[name] = edges
    return graph


@functools.cache
def source_graph() -> dict[str, dict[str, int]]:
    """The package's own graph, read once for the tests here (reading the whole source takes a second)."""
    return import_graph()


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The groups of modules that reach one another by imports (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def describe(graph: dict[str, dict[str, int]], groups: list[list[str]]) -> str:
    """Each group's modules and the imports among them, ``module:line -> module``."""
    lines: list[str] = []
    for group in groups:
        lines.append(" <-> ".join(group))
        lines.extend(f"    {module}:{line} -> {target}" for module in group
                     for target, line in sorted(graph[module].items()) if target in group)
    return "\n".join(lines) if lines else "no import cycles"


def test_the_walker_sees_lazy_and_type_checking_imports() -> None:
    graph = source_graph()
    # Inside a method (Action.parse) and under TYPE_CHECKING (the lazy package majiang.analysis).
    assert "majiang.notation" in graph["majiang.actions"]
    assert "majiang.analysis.shanten" in graph["majiang.analysis"]
    # ``from majiang.analysis import decompose, tables`` names the modules, not the package.
    assert {"majiang.analysis.decompose", "majiang.analysis.tables"} <= set(graph["majiang.data.build"])


@pytest.mark.parametrize("group", FIXED, ids=lambda group: group[-1])
def test_fixed_cycles_stay_gone(group: tuple[str, ...]) -> None:
    graph = source_graph()
    assert set(group) <= set(graph), "a module of the group is gone: update FIXED"
    left = cycles(graph)
    print(describe(graph, left))  # with -s: the cycles left elsewhere, for the record
    tangled = [cycle for cycle in left if set(cycle) & set(group)]
    assert not tangled, describe(graph, tangled)



def test_no_module_is_in_an_import_cycle() -> None:
    """The engine, the ruleset interface and the rulesets included (issue 19): dependencies point one way."""
    graph = source_graph()
    found = cycles(graph)
    assert not found, describe(graph, found)


if __name__ == "__main__":
    graph = import_graph()
    print(describe(graph, cycles(graph)))

"""The doctests of the modules ``make compiled`` builds, run on the module objects imported here.

On the pure package pytest also collects them from the files; on the compiled copy (``make
test-compiled``) it cannot (it would import the ``.py`` that the built extension replaces), so this
runs each docstring's examples against the compiled module's names instead.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path

import pytest

import majiang

_MAKEFILE = Path(__file__).parent.parent / "Makefile"


def compiled_modules() -> list[str]:
    """The Makefile's COMPILED_MODULES, as paths under the package's parent (``majiang/analysis/x.py``)."""
    text = _MAKEFILE.read_text(encoding="utf-8")
    found = re.search(r"^COMPILED_MODULES := ((?:.*\\\n)*.*)$", text, re.MULTILINE)
    assert found, "the Makefile sets COMPILED_MODULES"
    return found.group(1).replace("\\\n", " ").split()


def docstrings(tree: ast.Module, prefix: str) -> list[tuple[str, str, int]]:
    """Each docstring of the module, its classes and their functions: (name, text, line)."""
    found = []
    todo: list[tuple[ast.AST, str]] = [(tree, prefix)]
    while todo:
        node, name = todo.pop()
        text = ast.get_docstring(node, clean=False) if isinstance(
            node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) else None
        if text:
            body = getattr(node, "body", [])
            found.append((name, text, body[0].lineno if body else 0))
        if isinstance(node, ast.Module | ast.ClassDef):
            for child in node.body:
                if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    todo.append((child, f"{name}.{child.name}"))
    return found


def test_the_list_names_modules_with_doctests() -> None:
    paths = compiled_modules()
    assert len(paths) >= 8 and all(p.startswith("majiang/") and p.endswith(".py") for p in paths), paths
    with_examples = [p for p in paths if ">>>" in (Path(majiang.__file__).parent.parent / p).read_text()]
    assert len(with_examples) >= 5, with_examples


@pytest.mark.parametrize("path", compiled_modules())
def test_doctests_run_on_the_imported_module(path: str) -> None:
    name = path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    module = importlib.import_module(name)
    source = Path(majiang.__file__).parent.parent / path
    tree = ast.parse(source.read_text(encoding="utf-8"))
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for where, text, line in docstrings(tree, name):
        test = parser.get_doctest(text, dict(vars(module)), where, str(source), line)
        examples += len(test.examples)
        runner.run(test, out=lambda _: None)
    results = runner.summarize(verbose=False)
    assert results.attempted == examples
    assert results.failed == 0, f"{results.failed} of {examples} examples failed in {path}"

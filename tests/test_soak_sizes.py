"""Every size a test reads from the environment (a ``MAJIANG_`` variable in tests/) is set by ``make soak``:
such a test runs at its small default by hand and at the big size only if the soak line names it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIABLE = re.compile(r"\bMAJIANG_[A-Z_]+\b")


def soak_recipe() -> str:
    """The Makefile's soak target: from ``soak:`` to the next blank line."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    start = text.index("\nsoak:")
    return text[start:text.index("\n\n", start)]


NOT_SIZES = {"MAJIANG_TENHOU_LOGS"}
"""Variables that name data a person may hold (a directory of more real logs), not sizes: unset, the test
uses what the repository holds."""


def test_every_size_variable_is_set_by_make_soak() -> None:
    read = {name for path in sorted((ROOT / "tests").glob("*.py"))
            for name in VARIABLE.findall(path.read_text(encoding="utf-8"))}
    assert "MAJIANG_SOAK_HANDS" in read and read >= NOT_SIZES
    assert read - NOT_SIZES - set(re.findall(r"\b(MAJIANG_[A-Z_]+)=\$\(", soak_recipe())) == set()


def test_conftest_loads_without_the_cli_extra() -> None:
    """``make soak`` runs tests/test_rllib.py in the training venv, which has RLlib but not the CLI extra:
    the shared conftest must load there (it once imported Typer at the top and the soak failed)."""
    code = ("import runpy, sys\n"
            "sys.modules['typer'] = None  # import typer now raises ModuleNotFoundError\n"
            f"runpy.run_path({str(ROOT / 'tests' / 'conftest.py')!r})\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr

"""Every size a test reads from the environment (a ``MAJIANG_`` variable in tests/) is set by ``make soak``:
such a test runs at its small default by hand and at the big size only if the soak line names it."""

from __future__ import annotations

import re
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

"""Collection settings for the whole tree (tests/conftest.py holds the tests' own).

The deprecated-path shims hold no doctests; importing them only warns (tests/test_deprecated_paths.py
checks those warnings on purpose), so the doctest collector leaves them alone.
"""

from pathlib import Path

_SRC = Path(__file__).parent / "src" / "majiang"
collect_ignore = [str(_SRC / path) for path in (
    "env/mcr_v0.py", "game/sheet.py", "rules/base.py", "rules/mcr/table.py", "rules/riichi/efficiency.py",
    "rules/riichi/game.py", "rules/sichuan/game.py", "rules/sichuan/table.py",
)]

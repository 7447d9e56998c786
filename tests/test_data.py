"""The shipped tables: each equals a fresh build, loads only when first used, and rebuilds by command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from majiang import data
from majiang.analysis import decompose, tables
from majiang.data import build
from majiang.errors import InvalidOptionError


def test_shipped_decompositions_equal_a_fresh_build() -> None:
    shipped = Path(data.path_of(decompose.DATA_FILE)).read_bytes()
    assert shipped == decompose.build_table(), "stale: rebuild with python -m majiang.data.build"


def test_lookups_agree_with_the_search() -> None:
    table = decompose.search_table()
    assert len(table) == 29_559
    wrong = [key for key, splits in table.items() if decompose.suit_decompositions(key) != splits]
    assert not wrong
    # Shapes the search never reaches split no way; so do counts no suit can hold.
    odd = [(1, 1, 0, 0, 0, 0, 0, 0, 0), (6, 0, 0, 0, 0, 0, 0, 0, 0), (1, 1, 1), (3, 3, 3, 3, 3, 0, 0, 0, 0)]
    for key in odd:
        assert key not in table
        assert decompose.suit_decompositions(key) == ()


def test_pack_round_trips() -> None:
    for splits in decompose.search_table().values():
        for split in splits:
            assert decompose._unpack(decompose._pack(split)) == split


def _fresh(code: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    result: dict[str, object] = json.loads(out)
    return result


_REPORT = (
    "import json, sys, majiang.data, majiang.analysis.decompose as d; "
    "print(json.dumps({'loaded': sorted(majiang.data.LOADED), 'shipped': d._shipped is not None, "
    "'modules': sorted(m for m in sys.modules if m.startswith('majiang'))}))"
)


def test_importing_loads_no_table() -> None:
    report = _fresh("import majiang, majiang.mcr; " + _REPORT)
    assert report["loaded"] == []
    assert report["shipped"] is False
    modules = report["modules"]
    assert isinstance(modules, list)
    # The shanten tables and the tile-efficiency code stay out until asked for.
    for name in ("majiang.analysis.tables", "majiang.analysis.shanten", "majiang.analysis.efficiency"):
        assert name not in modules


def test_importing_majiang_loads_no_submodule() -> None:
    names = _fresh("import json, sys, majiang; "
                   "print(json.dumps({'modules': sorted(m for m in sys.modules if m.startswith('majiang')),"
                   " 'heavy': sorted(m for m in ('dataclasses', 'typing') if m in sys.modules)}))")
    assert names == {"modules": ["majiang"], "heavy": []}
    # The names still resolve, loading their modules then.
    import majiang

    assert majiang.Hand.parse("123m456p789s1122z").notation() == "123m456p789sEESS"
    assert majiang.hand.Hand is majiang.Hand
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        majiang.nope  # noqa: B018


def test_scoring_loads_only_the_decomposition_table() -> None:
    report = _fresh("import majiang.mcr as m; m.score('1112345678999m5m'); " + _REPORT)
    assert report["loaded"] == ["decompositions.bin"]
    assert report["shipped"] is True


def test_unknown_data_file() -> None:
    with pytest.raises(InvalidOptionError, match=r"no shipped data file 'x\.bin'"):
        data.read_data("x.bin")


def test_build_command_writes_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(build, "path_of", lambda name: str(tmp_path / name))
    build.main(["decompositions.bin"])
    assert (tmp_path / "decompositions.bin").read_bytes() == decompose.build_table()
    assert "decompositions.bin" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["decompositions.bin"]
    with pytest.raises(SystemExit):
        build.main(["nope.bin"])
    assert "no shipped file 'nope.bin'" in capsys.readouterr().err


@pytest.mark.pure_only("majiang.analysis.tables", reason="replaces functions compiled code binds")
def test_tables_command_writes_the_suit_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert build.BUILDERS["suits.bin.xz"] is tables.build_file
    # The real table takes a minute to build; what is checked is where the bytes go and what is said.
    monkeypatch.setattr(tables, "build_file", lambda: b"table")
    monkeypatch.setattr(tables, "path_of", lambda name: str(tmp_path / name))
    tables.main()
    assert (tmp_path / "suits.bin.xz").read_bytes() == b"table"
    assert capsys.readouterr().out == f"wrote {tmp_path / 'suits.bin.xz'} (5 bytes)\n"

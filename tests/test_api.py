"""One path per public name: docs use the public modules; no two public functions share a name."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import majiang.analysis
import majiang.mcr

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ("majiang", "majiang.analysis", "majiang.mcr", "majiang.game", "majiang.bots", "majiang.records",
          "majiang.sim")


def test_docs_never_import_the_implementation_package() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"(from|import) majiang\.rules\b", text), page.name


def test_the_analysis_cores_have_their_own_names() -> None:
    for name in ("discard_advice", "call_advice", "ready_waits"):
        assert name in majiang.mcr.__all__
        assert name not in majiang.analysis.__all__
    for name in ("discard_efficiency", "call_efficiency", "live_waits"):
        assert name in majiang.analysis.__all__


def test_no_two_public_functions_share_a_name_with_other_signatures() -> None:
    seen: dict[str, tuple[str, inspect.Signature]] = {}
    for module_name in PUBLIC:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if not inspect.isfunction(obj):
                continue
            signature = inspect.signature(obj)
            if name in seen:
                where, other = seen[name]
                assert other == signature, f"{module_name}.{name} differs from {where}.{name}"
            else:
                seen[name] = (module_name, signature)

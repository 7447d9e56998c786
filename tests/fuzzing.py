"""Shared pieces of the fuzz tests (tests/test_fuzz_*.py): sizes and hostile inputs.

Each fuzz test runs twice: bounded (``FAST`` examples, or the size given to ``fuzz``) and, marked slow,
with ``MAJIANG_FUZZ_EXAMPLES`` examples (``make soak`` sets 2,000); ``make test`` leaves the variable
unset, so there the slow twin runs at the bounded size too.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import hands

__all__ = ["FAST", "SOAK", "fuzz", "hand_texts", "json_values", "mutated", "notation_texts"]

FAST = 25
"""Examples per fuzz test in ``make test``: a second or two each."""
_SOAK_SET = os.environ.get("MAJIANG_FUZZ_EXAMPLES")
SOAK = int(_SOAK_SET) if _SOAK_SET else FAST
"""Examples per slow fuzz test: ``MAJIANG_FUZZ_EXAMPLES`` (``make soak`` sets 2,000), else ``FAST``."""

_SETTINGS: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow,
                                                                         HealthCheck.data_too_large]}


def fuzz(*strategies: st.SearchStrategy[Any], fast: int = FAST) -> Callable[[Callable[..., None]],
                                                                           tuple[Any, Any]]:
    """Make a pair of tests of one check: (bounded, slow soak)."""
    def pair(check: Callable[..., None]) -> tuple[Any, Any]:
        bounded = settings(max_examples=fast, **_SETTINGS)(given(*strategies)(check))
        # Unset (make test), the slow twin is sized like the bounded one: a costly check keeps its small size.
        examples = SOAK if _SOAK_SET else fast
        soak = pytest.mark.slow(settings(max_examples=examples, **_SETTINGS)(given(*strategies)(check)))
        return bounded, soak
    return pair


NOTATION_ALPHABET = "0123456789mpsz" "ESWNCFP" "[],  " "-x中\t\n\u3000５"


@st.composite
def mutated(draw: st.DrawFn, texts: st.SearchStrategy[str]) -> str:
    """A text of ``texts`` with a few characters inserted, deleted or replaced."""
    text = list(draw(texts))
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        i = draw(st.integers(0, len(text)))
        ch = draw(st.sampled_from(NOTATION_ALPHABET))
        if op == "insert":
            text.insert(i, ch)
        elif text:
            i = min(i, len(text) - 1)
            if op == "delete":
                del text[i]
            else:
                text[i] = ch
    return "".join(text)


def notation_texts() -> st.SearchStrategy[str]:
    """Text a user might paste as notation: legal hands, near-misses, notation soup and any text."""
    return st.one_of(
        hands().map(lambda h: h.notation()),
        mutated(hands().map(lambda h: h.notation())),
        st.text(alphabet=NOTATION_ALPHABET, max_size=40),
        st.text(max_size=30),
        st.just("1m" * 150),
    )


def hand_texts() -> st.SearchStrategy[str]:
    """Notation texts that do not start with '-' (so that a command line reads them as a value)."""
    return notation_texts().filter(lambda t: not t.startswith("-"))


_HOSTILE_NUMBERS = st.sampled_from([float("nan"), float("inf"), -float("inf"), 10**30, -(10**30), 1e300,
                                    -0.0])


def json_values(max_leaves: int = 6) -> st.SearchStrategy[Any]:
    """Any JSON value, with numbers JSON cannot carry (NaN, Infinity) and huge ones mixed in."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-10, 100), st.floats(allow_nan=True),
                        st.text(max_size=12), _HOSTILE_NUMBERS,
                        st.sampled_from(["E", " E", "s", "mil", "wmo2014"]))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=max_leaves)

"""The all-pungs form's shanten (``majiang.analysis.forms``), shared by Sichuan, Changsha and Yangzhou."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.analysis.forms import pungs_shanten


def _by_definition(counts: list[int], sets: int) -> int:
    """``sets`` pungs and a pair: every kind tried as the pair, the fullest other kinds as the pungs."""
    best = sum(sorted((min(n, 3) for n in counts), reverse=True)[:sets])
    for k, n in enumerate(counts):
        if n:
            others = sorted((min(m, 3) for j, m in enumerate(counts) if j != k), reverse=True)
            best = max(best, min(n, 2) + sum(others[:sets]))
    return 3 * sets + 1 - best


@settings(max_examples=400, deadline=None)
@given(counts=st.sampled_from([18, 27, 34]).flatmap(
    lambda n: st.lists(st.integers(0, 4), min_size=n, max_size=n)), sets=st.integers(0, 4))
def test_pung_form_shanten_by_its_definition(counts: list[int], sets: int) -> None:
    """The shortcut (kinds counted by copies held, the pair's value taken out of the top pungs) is the
    form's definition, for two suits (Sichuan without its void), three (Changsha) or all 34 kinds."""
    assert pungs_shanten(counts, sets) == pungs_shanten(tuple(counts), sets) == _by_definition(counts, sets)


def test_few_kinds_held() -> None:
    """Fewer kinds held than sets: the missing pungs are counted whole."""
    counts = [0] * 27
    counts[4] = 2
    assert pungs_shanten(counts, 4) == 3 * 4 + 1 - 2
    assert pungs_shanten([0] * 27, 0) == 1   # a pair to find

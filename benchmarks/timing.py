"""The timing loop the benchmark scripts share."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any


def times(calls: Sequence[Callable[[], Any]]) -> list[float]:
    """Seconds each call took, in order (one ``perf_counter`` pair per call)."""
    clock = time.perf_counter
    out = []
    for call in calls:
        t0 = clock()
        call()
        out.append(clock() - t0)
    return out

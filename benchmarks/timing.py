"""The timing loop the benchmark scripts share: CPU time per call, and figures measured in rounds.

CPU time (``time.process_time``) rather than wall time: on a shared machine another process's work then
costs this one nothing but the slower caches and cores it leaves, which rounds (below) average out.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def times(calls: Sequence[Callable[[], Any]]) -> list[float]:
    """CPU seconds each call took, in order (one ``process_time`` pair per call)."""
    clock = time.process_time
    out = []
    for call in calls:
        t0 = clock()
        call()
        out.append(clock() - t0)
    return out


@dataclass(frozen=True, slots=True)
class Figure:
    """One quantity measured in several rounds: the table shows the median of the rounds and their spread.

    >>> print(Figure((10.0, 11.0, 12.0), "us"))
    11.0 us ±9%
    >>> print(Figure((51234.0,), "steps/s", 0))
    51,234 steps/s
    """

    rounds: tuple[float, ...]
    unit: str
    places: int = 1

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    @property
    def spread(self) -> float:
        """Half the distance from the lowest round to the highest, as a fraction of the median."""
        middle = self.median
        return (max(self.rounds) - min(self.rounds)) / 2 / middle if middle else 0.0

    def scaled(self, factor: float, unit: str, places: int) -> Figure:
        """The same rounds in another unit (``factor`` times each)."""
        return Figure(tuple(v * factor for v in self.rounds), unit, places)

    def __str__(self) -> str:
        text = f"{self.median:,.{self.places}f} {self.unit}"
        return f"{text} ±{self.spread:.0%}" if len(self.rounds) > 1 else text


def ratio(ours: Figure, theirs: Figure) -> float:
    """The median over rounds of ours / theirs: each round's two figures saw the same load."""
    return statistics.median(a / b for a, b in zip(ours.rounds, theirs.rounds, strict=True))


def per_call(lists: Mapping[str, Sequence[Callable[[], Any]]], rounds: int) -> dict[str, Figure]:
    """Median CPU microseconds per call of each named list of calls, in ``rounds`` interleaved rounds.

    Each list is run once untimed first (caches of recurring shapes reach their steady state). Every round
    then times each list once, the lists in turn (in reverse order every other round, so that none always
    goes first), and takes off the median cost of timing an empty call, measured in the same round.
    """
    names = list(lists)
    for name in names:
        for call in lists[name]:
            call()
    empty = [int] * max(len(calls) for calls in lists.values())
    found: dict[str, list[float]] = {name: [] for name in names}
    for i in range(max(1, rounds)):
        base = statistics.median(times(empty))
        for name in names if i % 2 == 0 else reversed(names):
            found[name].append((statistics.median(times(lists[name])) - base) * 1e6)
    return {name: Figure(tuple(values), "us") for name, values in found.items()}

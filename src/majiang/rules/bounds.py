"""Checking an integer option against its bounds (``Ruleset.option_bounds``), with nothing heavy imported:
the Sichuan option sets check their fields with it too."""

from __future__ import annotations

from majiang.errors import InvalidOptionError

__all__ = ["Bounds", "check_bound"]

Bounds = tuple[int | None, int | None, int | None]
"""Smallest, largest and step of an integer option; None: no bound that way, or a step of 1."""


def check_bound(name: str, value: object, bounds: Bounds) -> int:
    """``value`` if it is an integer (not a bool) within ``bounds`` (smallest, largest, step; None: no
    bound); InvalidOptionError naming ``name``, the value and the range otherwise.

    >>> check_bound("base", 5, (1, 1000, None))
    5
    >>> check_bound("target", 150, (100, 10_000_000, 100))
    Traceback (most recent call last):
    majiang.errors.InvalidOptionError: target must be an integer from 100 to 10000000 in steps of 100, not 150
    """
    low, high, step = bounds
    if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) or \
            (high is not None and value > high) or (step is not None and (value - (low or 0)) % step):
        if low is not None and high is not None:
            span = f" from {low} to {high}"
        elif low is not None:
            span = f" of at least {low}"
        else:
            span = f" of at most {high}" if high is not None else ""
        steps = f" in steps of {step}" if step is not None and step != 1 else ""
        shown = repr(value)
        if len(shown) > 40:
            shown = f"{shown[:37]}..."
        raise InvalidOptionError(f"{name} must be an integer{span}{steps}, not {shown}")
    return value

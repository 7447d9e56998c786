"""The bot registry: each bot's name, module and class, and ``find_bot``, which makes one by name (with
options after colons). The bots' modules are named here as text and loaded on first use, so a bot's module
may use the registry (the search bot makes its ruleset's prior by name) without an import cycle.
``majiang.bots`` re-exports all of it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from majiang.actions import Action
from majiang.errors import InvalidOptionError
from majiang.game.table import View

__all__ = ["BOTS", "Bot", "find_bot", "is_bot_name"]


@runtime_checkable
class Bot(Protocol):
    """A player: given its own view (with the legal actions), it chooses one of them."""

    name: str

    def act(self, view: View) -> Action:
        """Choose one of ``view.legal``."""
        ...


_REGISTRY: dict[str, tuple[str, str]] = {
    "random": ("majiang.bots", "RandomBot"),
    "efficiency": ("majiang.bots.efficiency", "EfficiencyBot"),
    "fan-aware": ("majiang.bots.fan_aware", "FanAwareBot"),
    "defense": ("majiang.bots.defense", "DefenseBot"),
    "search": ("majiang.bots.search", "SearchBot"),
}
"""Each bot name's module and class."""
BOTS: tuple[str, ...] = tuple(_REGISTRY)
"""The names ``find_bot`` knows."""

def _split(name: str) -> tuple[str, dict[str, str]]:
    """A bot name and the options written after it (``search:playouts=24``), as text."""
    base, *parts = name.split(":")
    options: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise InvalidOptionError(f"bot {name!r}: an option is written key=value after a colon, "
                                     f"not {part!r}")
        options[key.strip()] = value.strip()
    return base.strip(), options


def is_bot_name(name: str) -> bool:
    """Whether ``name`` names one of our bots, options after it or not (``search:playouts=24``).

    >>> is_bot_name("search:playouts=24"), is_bot_name("fan-aware"), is_bot_name("python bot.py")
    (True, True, False)
    """
    return name.split(":", 1)[0].strip() in _REGISTRY


def _option_value(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def find_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A new bot of the kind registered under ``name``, seeded with ``seed``; ``options`` (keywords, or
    ``key=value`` after colons in the name) go to its class.

    >>> find_bot("efficiency", seed=1).name
    'efficiency'
    >>> find_bot("search", seed=1, budget=0.1).playouts
    30
    """
    base, written = _split(name)
    try:
        module, cls = _REGISTRY[base]
    except KeyError:
        raise InvalidOptionError(f"unknown bot {base!r}; one of {', '.join(BOTS)}") from None
    given: dict[str, Any] = {k: _option_value(v) for k, v in written.items()}
    given.update(options)
    make: Callable[..., Bot] = getattr(importlib.import_module(module), cls)
    if given:
        try:
            inspect.signature(make).bind(seed, **given)
        except TypeError as err:
            raise InvalidOptionError(f"bot {base!r}: {err} (its options are the keywords of "
                                     f"{module}.{cls})") from None
        try:
            return make(seed, **given)
        except InvalidOptionError as err:
            raise InvalidOptionError(f"bot {name!r}: {err}") from None
    return make(seed)

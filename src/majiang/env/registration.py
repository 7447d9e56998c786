"""Gymnasium ids for ``SingleAgentEnv``: ``majiang/Mahjong-v0`` (the ruleset a keyword) and one per built-in
ruleset (``majiang/Sichuan-v0``), registered when ``majiang.env`` is imported.

>>> import gymnasium, majiang.env
>>> env = gymnasium.make("majiang/Mahjong-v0", rules="sichuan", bot="random", seat=1)
>>> env.reset(seed=0)[1]["seat"], env.unwrapped.table.rules.name
(1, 'sichuan')
>>> gymnasium.make("majiang/Riichi-v0").unwrapped.table.rules.name
'riichi'
"""

from __future__ import annotations

from typing import Any

import gymnasium

__all__ = ["BUILTIN_RULESETS", "env_id", "register_envs"]

BUILTIN_RULESETS = ("mcr", "sichuan", "chengdu", "riichi", "changsha", "changchun", "yangzhou")
"""The rulesets that come with majiang (``majiang.game.ruleset_names()``, written out so that importing the
environment loads none of them)."""
ENTRY_POINT = "majiang.env.single:SingleAgentEnv"


def env_id(rules: str) -> str:
    """The Gymnasium id of a ruleset's environment: ``majiang/Sichuan-v0``."""
    return f"majiang/{rules.capitalize()}-v0"


def register_envs(names: tuple[str, ...] = BUILTIN_RULESETS) -> None:
    """Register ``majiang/Mahjong-v0`` and an id per ruleset of ``names`` (a ruleset of one's own:
    ``register_envs(("mine",))``); ids already registered are left as they are."""
    specs: list[tuple[str, dict[str, Any]]] = [("majiang/Mahjong-v0", {})]
    specs += [(env_id(name), {"rules": name}) for name in names]
    for id_, kwargs in specs:
        if id_ not in gymnasium.registry:
            gymnasium.register(id=id_, entry_point=ENTRY_POINT, kwargs=kwargs)

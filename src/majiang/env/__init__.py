"""Reinforcement-learning environments (the ``rl`` extra: numpy, PettingZoo, Gymnasium).

``mahjong_v0`` is the PettingZoo AEC environment (any registered ruleset), ``SingleAgentEnv`` a
Gymnasium environment where one seat is the agent and our bots play the others (registered with
Gymnasium as ``majiang/Mahjong-v0`` and ``majiang/<Ruleset>-v0``), ``VectorEnv`` many tables stepped at
once with batched arrays. docs/rl.md has the spaces and the observation's rows.
"""

import importlib
from types import ModuleType

from majiang.env import mahjong_v0
from majiang.env.actions import ACTION_COUNT, action_index, action_of
from majiang.env.mahjong_v0 import Seating
from majiang.env.observation import OBS_SHAPE, TableEncoder, encode_view, mask_of
from majiang.env.registration import env_id, register_envs
from majiang.env.single import SingleAgentEnv
from majiang.env.vector import VectorEnv

__all__ = ["ACTION_COUNT", "OBS_SHAPE", "Seating", "SingleAgentEnv", "TableEncoder", "VectorEnv",
           "action_index", "action_of", "encode_view", "env_id", "mahjong_v0", "mask_of", "register_envs"]

register_envs()


def __getattr__(name: str) -> ModuleType:
    """``majiang.env.mcr_v0``, the environment's old name, imported only when asked for (it warns)."""
    if name == "mcr_v0":
        return importlib.import_module("majiang.env.mcr_v0")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

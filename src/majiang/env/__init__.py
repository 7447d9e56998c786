"""Reinforcement-learning environments (the ``rl`` extra: numpy, PettingZoo, Gymnasium).

``mcr_v0`` is the PettingZoo AEC environment (any registered ruleset), ``SingleAgentEnv`` a Gymnasium
environment where seat 0 is the agent and our bots play the other seats. docs/rl.md has the spaces.
"""

from majiang.env import mcr_v0
from majiang.env.actions import ACTION_COUNT, action_index, action_of
from majiang.env.single import SingleAgentEnv

__all__ = ["ACTION_COUNT", "SingleAgentEnv", "action_index", "action_of", "mcr_v0"]

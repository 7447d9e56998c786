"""Deprecated: the environment plays every ruleset and is now ``majiang.env.mahjong_v0``; this path goes
in the next release."""

import warnings

from majiang.env.mahjong_v0 import (
    AGENTS,
    Observation,
    Options,
    Seating,
    check_index,
    env,
    find_rules,
    observation_space,
    raw_env,
)

__all__ = ["AGENTS", "Observation", "Options", "Seating", "check_index", "env", "find_rules",
           "observation_space", "raw_env"]

warnings.warn("majiang.env.mcr_v0 moved to majiang.env.mahjong_v0; the old path goes in the next release",
              DeprecationWarning, stacklevel=2)

"""Deprecated: the score sheet is Chinese Official's, now ``majiang.rules.mcr.sheet``; this path goes in the
next release."""

import warnings

from majiang.rules.mcr.sheet import *  # noqa: F403  (the old path offers every public name)
from majiang.rules.mcr.sheet import __all__ as __all__

warnings.warn("majiang.game.sheet moved to majiang.rules.mcr.sheet; the old path goes in the next release",
              DeprecationWarning, stacklevel=2)

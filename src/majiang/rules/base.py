"""Deprecated: the ruleset interface and registry moved to ``majiang.game.ruleset`` (beside the engine).

This path keeps working for one release with a ``DeprecationWarning``; it goes in the next.
"""

import warnings

from majiang.game.ruleset import *  # noqa: F403  (the whole public interface, re-exported)
from majiang.game.ruleset import __all__ as __all__

warnings.warn("majiang.rules.base moved to majiang.game.ruleset; the old path goes in the next release",
              DeprecationWarning, stacklevel=2)

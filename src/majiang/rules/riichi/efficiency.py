"""Deprecated: riichi's winning forms and tile efficiency moved to ``majiang.rules.riichi.analysis``;
this path goes in the next release."""

import warnings

from majiang.rules.riichi.analysis import *  # noqa: F403  (the old path offers every public name)
from majiang.rules.riichi.analysis import __all__ as __all__

warnings.warn("majiang.rules.riichi.efficiency moved to majiang.rules.riichi.analysis; "
              "the old path goes in the next release", DeprecationWarning, stacklevel=2)

"""Deprecated: the Sichuan and Chengdu ruleset class (``SichuanRules``) moved to
``majiang.rules.sichuan.ruleset``; this path goes in the next release."""

import warnings

from majiang.rules.sichuan.ruleset import *  # noqa: F403  (the old path offers every public name)
from majiang.rules.sichuan.ruleset import __all__ as __all__

warnings.warn("majiang.rules.sichuan.game moved to majiang.rules.sichuan.ruleset; "
              "the old path goes in the next release", DeprecationWarning, stacklevel=2)

"""Deprecated: the Chinese Official ruleset class (``McrRules``) moved to
``majiang.rules.mcr.ruleset``; this path goes in the next release."""

import warnings

from majiang.rules.mcr.ruleset import *  # noqa: F403  (the old path offers every public name)
from majiang.rules.mcr.ruleset import __all__ as __all__

warnings.warn("majiang.rules.mcr.table moved to majiang.rules.mcr.ruleset; "
              "the old path goes in the next release", DeprecationWarning, stacklevel=2)

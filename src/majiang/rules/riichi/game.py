"""Deprecated: the riichi ruleset class (``RiichiRules``) moved to
``majiang.rules.riichi.ruleset``; this path goes in the next release."""

import warnings

from majiang.rules.riichi.ruleset import *  # noqa: F403  (the old path offers every public name)
from majiang.rules.riichi.ruleset import __all__ as __all__

warnings.warn("majiang.rules.riichi.game moved to majiang.rules.riichi.ruleset; "
              "the old path goes in the next release", DeprecationWarning, stacklevel=2)

"""Deprecated: Sichuan's table options and payments moved to
``majiang.rules.sichuan.payments``; this path goes in the next release."""

import warnings

from majiang.rules.sichuan.payments import *  # noqa: F403  (the old path offers every public name)
from majiang.rules.sichuan.payments import __all__ as __all__

warnings.warn("majiang.rules.sichuan.table moved to majiang.rules.sichuan.payments; "
              "the old path goes in the next release", DeprecationWarning, stacklevel=2)

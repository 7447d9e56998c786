"""The terminal game (``majiang play``): a Chinese Official match against three bots, in Textual.

Needs the ``tui`` extra (Textual); nothing else in majiang imports this package. ``PlaySession``
holds the match and the bots and knows nothing of screens; ``PlayApp`` shows it and reads keys.
"""

from __future__ import annotations

import random

from majiang.bots import find_bot
from majiang.game import Match
from majiang.tui.session import FinishedHand, PlaySession, Step

try:
    from majiang.tui.app import PlayApp
except ImportError as err:  # pragma: no cover - only without the extra
    raise ImportError("majiang's terminal game needs the 'tui' extra: pip install 'majiang[tui]'") from err

__all__ = ["DEFAULT_BOTS", "FinishedHand", "PlayApp", "PlaySession", "Step", "new_app"]

DEFAULT_BOTS = "fan-aware"


def new_app(*, seed: int | None = None, bots: str = DEFAULT_BOTS, hands: int = 16,
            delay: float = 0.4) -> PlayApp:
    """A match of ``hands`` hands (seeded) against three bots of the kind ``bots`` (``find_bot``),
    ready to ``run()``."""
    if delay < 0:
        raise ValueError(f"--delay must be at least 0 seconds, not {delay!r}")
    match = Match(seed=seed, hands=hands)
    rng = random.Random(seed)
    opponents = [find_bot(bots, None if seed is None else rng.randrange(2**32)) for _ in range(3)]
    return PlayApp(PlaySession(match, opponents), delay=delay)

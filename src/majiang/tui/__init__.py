"""The terminal game (``majiang play``): a match against three bots under any ruleset, in Textual.

Needs the ``tui`` extra (Textual); nothing else in majiang imports this package. ``PlaySession``
holds the match and the bots and knows nothing of screens; ``PlayApp`` shows it and reads keys.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from majiang.bots import find_bot
from majiang.errors import InvalidOptionError
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.records import RecordedMatch
from majiang.tui.session import FinishedHand, PlaySession, Step, default_records_dir

try:
    from majiang.tui.app import PlayApp
except ImportError as err:  # pragma: no cover - only without the extra
    raise ImportError("majiang's terminal game needs the 'tui' extra: pip install 'majiang[tui]'") from err

__all__ = ["DEFAULT_BOTS", "FinishedHand", "PlayApp", "PlaySession", "Step", "default_records_dir", "new_app",
           "record_name"]

DEFAULT_BOTS = "fan-aware"


def record_name(seed: int, when: float | None = None) -> str:
    """The file name of a match's record: local date and time, and the seed.

    >>> record_name(42, 0.0).endswith("-seed42.jsonl")
    True
    """
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    return f"match-{stamp}-seed{seed}.jsonl"


def new_app(*, seed: int | None = None, bots: str = DEFAULT_BOTS, hands: int | None = None,
            delay: float = 0.4, records_dir: str | os.PathLike[str] | None = None,
            rules: Ruleset | None = None) -> PlayApp:
    """A match of ``hands`` hands (the ruleset's ``match_length`` if None; seeded) under ``rules`` (Chinese
    Official if None) against three bots of the kind ``bots`` (``find_bot``), ready to ``run()``; with
    ``records_dir`` it is saved there as a record after every hand.

    Without a seed one is drawn, so that the record (and the match) can be replayed.
    """
    if delay < 0:
        raise InvalidOptionError(f"--delay must be at least 0 seconds, not {delay!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    chosen = find_ruleset(DEFAULT_RULESET) if rules is None else rules
    match = RecordedMatch(chosen, seed=seed, hands=hands)
    rng = random.Random(seed)
    opponents = [find_bot(bots, rng.randrange(2**32)) for _ in range(3)]
    record = None if records_dir is None else Path(records_dir) / record_name(seed)
    return PlayApp(PlaySession(match, opponents, record=record), delay=delay)

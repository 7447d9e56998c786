"""majiang: a Chinese mahjong engine (Chinese Official rules first)."""

from majiang.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidHandError,
    InvalidNotationError,
    InvalidOptionError,
    MajiangError,
)
from majiang.hand import Hand
from majiang.meld import Meld, MeldKind
from majiang.tiles import Flower, Suit, Tile

__all__ = [
    "Flower",
    "Hand",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidHandError",
    "InvalidNotationError",
    "InvalidOptionError",
    "MajiangError",
    "Meld",
    "MeldKind",
    "Suit",
    "Tile",
]
__version__ = "0.1.0"

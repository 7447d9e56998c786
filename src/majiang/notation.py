"""Hand notation: parse and format (the community's, see docs/notation.md).

* Suited tiles: digits then a suit letter, ``m`` characters, ``p`` dots, ``s`` bamboo: ``123m456p789s``.
* Honors: ``E S W N`` winds, ``C`` red, ``F`` green, ``P`` white; or ``1-7z`` in Tenhou order.
* Melds in brackets before the standing tiles, with an optional ``,d``: chow ``[123m,d]`` (d = which
  tile was claimed, 1-3), pung ``[555p,d]`` (d = 1 left, 2 across, 3 right), kong ``[7777s]`` concealed,
  ``[7777s,d]`` melded, ``[7777s,5..7]`` added to a pung claimed from d-4.
* The last standing tile of a 14-tile hand is the winning (or drawn) tile.

>>> parse_hand("[123m,2]456p789sEEE 1z")
Hand.parse('[123m,2]456p789sEEEE')
>>> format_tiles(parse_tiles("5z6z7z19m"))
'19mPFC'
"""

from __future__ import annotations

# The parsers live beside what they build, and MAX_LENGTH beside the scanner they share, so that Tile.parse,
# Meld.parse and Hand.parse need no module above their own; this module is where they are imported from.
from majiang._scan import MAX_LENGTH
from majiang.hand import HandCounts, _read, parse_hand
from majiang.meld import parse_meld
from majiang.tiles import ALL_TILES, format_tiles, parse_tiles

__all__ = ["MAX_LENGTH", "format_tiles", "parse_hand", "parse_meld", "parse_tiles", "read_counts"]


def read_counts(text: str) -> HandCounts:
    """Read a hand as ``parse_hand`` does (the same checks and errors) into what the fan calculator reads:
    the melds, the winning tile and the counts, without sorting the standing tiles.

    >>> h = read_counts("[EEEE]123m456p789sC C")
    >>> h.winning_tile, h.hand() == parse_hand("[EEEE]123m456p789sC C")
    (<Tile.RED: 33>, True)
    """
    melds, _, counts, all_counts, mask, all_mask, win, melds_text = _read(text)
    out = _new_counts(HandCounts)
    _set_melds_text(out, melds_text)
    _set_melds(out, melds)
    _set_winning_tile(out, ALL_TILES[win] if win >= 0 else None)
    _set_counts(out, counts)
    _set_all_counts(out, all_counts)
    _set_mask(out, mask)
    _set_all_mask(out, all_mask)
    return out


_new_counts = object.__new__
(_set_melds, _set_winning_tile, _set_counts, _set_all_counts, _set_mask, _set_all_mask, _set_melds_text) = (
    HandCounts.__dict__[name].__set__
    for name in ("melds", "winning_tile", "_counts", "_all_counts", "_mask", "_all_mask", "_melds_text"))

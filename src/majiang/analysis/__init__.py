"""Pure functions on tiles and hands: decomposition, waits (and, later, shanten and odds)."""

from majiang.analysis.decompose import is_complete, iter_decompositions, suit_decompositions, waits

__all__ = ["is_complete", "iter_decompositions", "suit_decompositions", "waits"]

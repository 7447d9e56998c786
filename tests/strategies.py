"""Hypothesis strategies for tiles, melds and hands, shared by the test modules.

``melds()`` draws any single legal meld; ``hands()`` draws whole legal hands that respect the
four-copies-per-kind limit across melds, standing tiles and the last tile.
"""

from __future__ import annotations

from hypothesis import strategies as st

from majiang import Hand, Meld, MeldKind, Tile

__all__ = ["hands", "melds", "tiles"]

ALL_TILES: tuple[Tile, ...] = tuple(Tile)
CHOW_STARTS: tuple[Tile, ...] = tuple(t for t in Tile if t.is_numbered and t.rank <= 7)


def tiles() -> st.SearchStrategy[Tile]:
    """Any one of the 34 tile kinds."""
    return st.sampled_from(ALL_TILES)


def _draw_meld(draw: st.DrawFn, left: list[int]) -> Meld:
    """Draw a meld whose tiles are all still available in ``left`` (copies per kind), and take them."""
    options: list[MeldKind] = []
    if any(left[t] >= 1 and left[t + 1] >= 1 and left[t + 2] >= 1 for t in CHOW_STARTS):
        options.append(MeldKind.CHOW)
    if any(n >= 3 for n in left):
        options.append(MeldKind.PUNG)
    if any(n >= 4 for n in left):
        options.append(MeldKind.KONG)
    kind = draw(st.sampled_from(options))
    if kind == MeldKind.CHOW:
        starts = [t for t in CHOW_STARTS if left[t] >= 1 and left[t + 1] >= 1 and left[t + 2] >= 1]
        meld = Meld.chow(draw(st.sampled_from(starts)), draw(st.integers(1, 3)))
    elif kind == MeldKind.PUNG:
        tile = draw(st.sampled_from([t for t in ALL_TILES if left[t] >= 3]))
        meld = Meld.pung(tile, draw(st.integers(1, 3)))
    else:
        tile = draw(st.sampled_from([t for t in ALL_TILES if left[t] >= 4]))
        source = draw(st.integers(0, 3))
        meld = Meld.kong(tile, source, added=source > 0 and draw(st.booleans()))
    for t in meld.tiles:
        left[t] -= 1
    return meld


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """Any legal meld: chows with each claimed tile, pungs from each seat, and every kind of kong."""
    return _draw_meld(draw, [4] * 34)


@st.composite
def hands(
    draw: st.DrawFn,
    *,
    min_melds: int = 0,
    max_melds: int = 4,
    with_winning_tile: bool | None = None,
) -> Hand:
    """A legal hand with ``min_melds``-``max_melds`` melds; ``with_winning_tile=None`` draws either kind.

    Tiles are taken from one set of 136, so no kind ever appears more than four times.
    """
    left = [4] * 34
    n_melds = draw(st.integers(min_melds, max_melds))
    melds_ = tuple(_draw_meld(draw, left) for _ in range(n_melds))
    has_last = draw(st.booleans()) if with_winning_tile is None else with_winning_tile
    standing: list[Tile] = []
    for _ in range(13 - 3 * n_melds + (1 if has_last else 0)):
        tile = draw(st.sampled_from([t for t in ALL_TILES if left[t] > 0]))
        left[tile] -= 1
        standing.append(tile)
    last = standing.pop() if has_last else None
    return Hand(melds_, tuple(standing), last)

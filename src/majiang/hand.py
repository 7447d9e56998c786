"""A player's hand: declared melds, standing tiles and the winning (or just drawn) tile; how it was won."""

from __future__ import annotations

from enum import StrEnum
from itertools import chain, repeat

from majiang._scan import _HONOR, _SUIT_BASE, _check_text, _pack, _scan
from majiang.errors import InvalidHandError, InvalidNotationError
from majiang.meld import _MELDS, Meld, _meld_at
from majiang.tiles import ALL_TILES, Tile, format_tiles

TYPE_CHECKING = False  # not typing's: importing typing (and dataclasses) costs more than this module
if TYPE_CHECKING:
    from collections.abc import Iterable
    from dataclasses import dataclass, field
else:
    from majiang._values import dataclass, field

__all__ = ["Hand", "HandCounts", "WinBy"]


class WinBy(StrEnum):
    """How a hand was won: on a discard 点和, self-drawn 自摸, kong replacement 杠上开花, robbing 抢杠和.

    >>> WinBy("self-drawn") is WinBy.SELF_DRAWN
    True
    """

    DISCARD = "discard"
    SELF_DRAWN = "self-drawn"
    KONG_REPLACEMENT = "kong-replacement"
    """Self-drawn on the replacement tile after a kong (杠上开花)."""
    ROBBING_KONG = "robbing-kong"
    """On a tile another player adds to a pung to make a kong (抢杠和)."""

    @property
    def self_drawn(self) -> bool:
        """Whether the winning tile came from the wall (自摸, 杠上开花) rather than another player."""
        return self in (WinBy.SELF_DRAWN, WinBy.KONG_REPLACEMENT)


@dataclass(frozen=True, slots=True)
class Hand:
    """Declared melds plus standing tiles and the 14th tile, ``winning_tile``.

    ``winning_tile`` is the winning tile of a winning hand, else the tile just drawn or claimed.

    ``tiles`` are the standing tiles without ``winning_tile``, sorted; there are ``13 - 3 * len(melds)``
    of them. ``winning_tile`` is ``None`` for a hand waiting to draw.

    >>> h = Hand.parse("[567m,2]123p45699sCC7s")
    >>> h.winning_tile, len(h.tiles), len(h.melds)
    (<Tile.S7: 24>, 10, 1)
    >>> h
    Hand.parse('[567m,2]123p45699sCC7s')
    """

    melds: tuple[Meld, ...]
    tiles: tuple[Tile, ...]
    winning_tile: Tile | None = None
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _all_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _mask: int = field(init=False, repr=False, compare=False)  # bit k: holds kind k standing
    _all_mask: int = field(init=False, repr=False, compare=False)  # bit k: holds kind k anywhere

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(self.melds))
        object.__setattr__(self, "tiles", tuple(sorted(
            t if type(t) is Tile else Tile(t) for t in self.tiles)))
        if self.winning_tile is not None and type(self.winning_tile) is not Tile:
            object.__setattr__(self, "winning_tile", Tile(self.winning_tile))
        if len(self.melds) > 4:
            raise InvalidHandError(f"a hand has at most four melds, not {len(self.melds)}")
        want = 13 - 3 * len(self.melds)
        if len(self.tiles) != want:
            raise InvalidHandError(
                f"with {len(self.melds)} meld(s) a hand has {want} standing tiles"
                f" besides the last tile, not {len(self.tiles)}"
            )
        c = [0] * 34
        for t in self.tiles:
            c[t] += 1
        if self.winning_tile is not None:
            c[self.winning_tile] += 1
        object.__setattr__(self, "_counts", tuple(c))
        object.__setattr__(self, "_mask", sum(1 << k for k in range(34) if c[k]))
        mask = self._mask
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
                mask |= 1 << t
        object.__setattr__(self, "_all_counts", tuple(c))
        object.__setattr__(self, "_all_mask", mask)
        for kind, n in enumerate(c):
            if n > 4:
                raise InvalidHandError(f"{n} copies of {Tile(kind).notation()}; a set has only 4")

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse hand notation (see ``majiang.notation``)."""
        return parse_hand(text)

    @classmethod
    def _checked(cls, melds: tuple[Meld, ...], tiles: tuple[Tile, ...], winning_tile: Tile | None,
                 counts: tuple[int, ...], all_counts: tuple[int, ...], mask: int, all_mask: int) -> Hand:
        """A hand from parts the caller has checked and counted (the notation parser): sorted ``tiles``,
        at most four melds, the right number of tiles and no fifth copy. Nothing is checked again."""
        hand = object.__new__(cls)
        _set_melds(hand, melds)
        _set_tiles(hand, tiles)
        _set_winning_tile(hand, winning_tile)
        _set_counts(hand, counts)
        _set_all_counts(hand, all_counts)
        _set_mask(hand, mask)
        _set_all_mask(hand, all_mask)
        return hand

    @classmethod
    def of(cls, melds: Iterable[Meld], tiles: Iterable[Tile], winning_tile: Tile | None = None) -> Hand:
        """Build a hand from any iterables."""
        return cls(tuple(melds), tuple(tiles), winning_tile)

    @property
    def standing(self) -> tuple[Tile, ...]:
        """All standing tiles including ``winning_tile``, sorted."""
        if self.winning_tile is None:
            return self.tiles
        return tuple(sorted((*self.tiles, self.winning_tile)))

    @property
    def is_fully_concealed(self) -> bool:
        """No claimed meld (门清); concealed kongs are allowed."""
        return all(m.is_concealed_kong for m in self.melds)

    def counts(self, *, include_melds: bool = False) -> list[int]:
        """Copies of each of the 34 kinds among the standing tiles and ``winning_tile`` (and the melds)."""
        return list(self._all_counts if include_melds else self._counts)

    def notation(self) -> str:
        """Canonical notation; ``Hand.parse(h.notation()) == h``."""
        text = "".join(m.notation() for m in self.melds) + format_tiles(self.tiles)
        if self.winning_tile is not None:
            text += self.winning_tile.notation()
        return text

    def __repr__(self) -> str:
        return f"Hand.parse({self.notation()!r})"

    def __str__(self) -> str:
        return self.notation()


# The slots' own setters: half the cost of object.__setattr__ by name, in the parser's hot path.
(_set_melds, _set_tiles, _set_winning_tile, _set_counts, _set_all_counts, _set_mask, _set_all_mask) = (
    Hand.__dict__[name].__set__
    for name in ("melds", "tiles", "winning_tile", "_counts", "_all_counts", "_mask", "_all_mask"))


class HandCounts:
    """What the fan calculator reads of a hand: its melds, winning tile and the counts of its kinds, without
    the sorted standing tiles (``majiang.mcr.score`` reads notation into one); ``hand()`` is the ``Hand``.

    >>> from majiang.notation import read_counts
    >>> read_counts("[567m,2]123p45699sCC7s").hand()
    Hand.parse('[567m,2]123p45699sCC7s')
    """

    __slots__ = ("_all_counts", "_all_mask", "_counts", "_mask", "_melds_text", "melds", "winning_tile")

    melds: tuple[Meld, ...]
    winning_tile: Tile | None
    _counts: tuple[int, ...]
    _all_counts: tuple[int, ...]
    _mask: int
    _all_mask: int
    _melds_text: str
    """The melds as written, between the first ``[`` and the last ``]`` (caches key on it), or ``""``."""

    def hand(self) -> Hand:
        """The ``Hand``: the standing tiles sorted from the counts, the winning tile apart."""
        counts = list(self._counts)
        if self.winning_tile is not None:
            counts[self.winning_tile] -= 1
        tiles = tuple(Tile(k) for k, n in enumerate(counts) for _ in range(n))
        return Hand._checked(self.melds, tiles, self.winning_tile, self._counts, self._all_counts, self._mask,
                             self._all_mask)

    def notation(self) -> str:
        """The hand's canonical notation (``Hand.notation``)."""
        return self.hand().notation()

    def __repr__(self) -> str:
        return f"read_counts({self.notation()!r})"


# Reading a hand's notation, here so that Hand.parse needs no module above this one (majiang.notation
# describes the format and is where parse_hand is imported from).

# A space after every suit letter, so that ``str.split`` cuts the text into tokens: honor letters, then
# digits and their suit letter (``EEE``, ``C123m``, ``45p``); fewer tokens than one per honor.
_TOKENS = str.maketrans({letter: letter + " " for letter in [*_SUIT_BASE, "z"]})


# Per suit letter, a byte table from a digit to its tile's code; 255 marks what is no rank of the suit.
_DIGIT_CODES = {letter: bytes(base + d - 49 if 49 <= d <= (55 if letter == "z" else 57) else 255
                              for d in range(256))
                for letter, base in (*_SUIT_BASE.items(), ("z", 27))}


def _token(token: str) -> tuple[int, ...] | None:
    """The tiles of honor letters followed by a run of digits with its suit letter (either part may be
    missing), or ``None`` if ``token`` is not that (the caller's scan then says what is wrong)."""
    honors = len(token) - len(token.lstrip("ESWNCFP"))
    codes = tuple(_HONOR[letter] for letter in token[:honors])
    if honors == len(token):
        return codes
    table = _DIGIT_CODES.get(token[-1])
    if table is None or len(token) - honors < 2:
        return None
    digits = token[honors:-1].encode().translate(table)  # ASCII: checked before any token is read
    return None if 255 in digits else codes + tuple(digits)


# The tokens of standing tiles already read, by their text (honor letters, a run of digits with its suit
# letter, or both), each as a pack: its tiles' counts, one byte per kind (kind k in byte k of a little-endian
# int). Packs add as counts do, and ``to_bytes`` unpacks a sum in one call.
_HONOR_PACKS = {letter: 1 << 8 * tile for letter, tile in _HONOR.items()}
_PACKS: dict[str, int] = dict(_HONOR_PACKS)
_PACKS_LIMIT = 1 << 14


def _new_tokens(text: str, start: int, tokens: list[str]) -> int:
    """The pack of the standing tiles when some token was not read before: each such token is read on
    its own (and kept); if one is not a tile, the scan reads ``text[start:]`` and raises."""
    total = 0
    for token in tokens:
        pack = _PACKS.get(token)
        if pack is None:
            codes = _token(token)
            if codes is None:
                return _pack(_standing(text, start))
            if len(_PACKS) >= _PACKS_LIMIT:
                _PACKS.clear()
                _PACKS.update(_HONOR_PACKS)
            pack = _PACKS[token] = _pack(codes)
        total += pack
    return total


# Sorted tiles of one suit (and of the honors) by the bytes of their counts, filled as hands are read.
_SUIT_TILES: tuple[dict[bytes, tuple[Tile, ...]], ...] = ({}, {}, {}, {})
_SUIT_TILES_LIMIT = 1 << 14


def _sorted_tiles(counts: bytes) -> tuple[Tile, ...]:
    """The sorted tiles whose 34 counts are ``counts``, a suit at a time; each suit's kept for reuse."""
    out: tuple[Tile, ...] = ()
    for suit, table in enumerate(_SUIT_TILES):
        key = counts[9 * suit:9 * suit + 9]
        found = table.get(key)
        if found is None:
            found = tuple(chain.from_iterable(map(repeat, ALL_TILES[9 * suit:9 * suit + 9], key)))
            if len(table) >= _SUIT_TILES_LIMIT:
                table.clear()
            table[key] = found
        out += found
    return out


# A count byte as the digit of a bit (0 or 1): a reversed translated pack is the mask, read by int(_, 2).
_BIT_DIGITS = bytes([48] + [49] * 255)
_AT_MOST_FOUR = bytes(range(5))


_OUTSIDE_MELD = (("[", "melds go before the standing tiles"), ("]", "']' without a matching '['"),
                 (",", "',' outside a meld"))


def parse_hand(text: str) -> Hand:
    """Parse a hand: melds in brackets, then standing tiles; the last of 14 is the winning tile.

    >>> parse_hand("[EEEE]123m456p789sC C").winning_tile
    <Tile.RED: 33>
    """
    melds, pack, counts, all_counts, mask, all_mask, win, _ = _read(text)
    if win >= 0:
        pack -= 1 << 8 * win
    left = pack.to_bytes(34, "little")
    m_tiles, p_tiles, s_tiles, z_tiles = _SUIT_TILES
    try:
        tiles = m_tiles[left[:9]] + p_tiles[left[9:18]] + s_tiles[left[18:27]] + z_tiles[left[27:]]
    except KeyError:
        tiles = _sorted_tiles(left)
    return Hand._checked(melds, tiles, ALL_TILES[win] if win >= 0 else None, counts, all_counts, mask,
                         all_mask)


def _read(text: str) -> tuple[tuple[Meld, ...], int, tuple[int, ...], tuple[int, ...], int, int, int, str]:
    """The melds, the pack of the standing tiles, their counts, the counts with the melds, the masks of
    both, the winning tile's code (-1 for none) and the melds' text if written back to back from the
    first character (else ``""``): what ``parse_hand`` and ``read_counts`` share."""
    _check_text(text)
    read: list[tuple[Meld, int]] | None = None
    start = 0
    melds_text = ""
    if text[:1] == "[":
        # Melds written back to back, each a spelling read before: one split and a lookup each.
        close = text.rfind("]")
        if close > 0 and text.find("[", close) < 0:
            melds_text = text[1:close]
            # A None among them (a spelling not read before) sends the text to _read_melds below.
            read = list(map(_MELDS.get, melds_text.split("][")))  # type: ignore[arg-type]
            start = close + 1
        if read is None or len(read) > 4 or not all(read):
            read, start = _read_melds(text)
    elif text[:1] == " ":
        read, start = _read_melds(text)
    # The standing tiles: a lookup per token (a suit's run of digits with its letter, or an honor). A
    # token not read before is read on its own; one that is no tile sends the text through the scan
    # character by character, which says what is wrong.
    tokens = (text[start:] if start else text).translate(_TOKENS).split()
    try:
        pack = sum(map(_PACKS.__getitem__, tokens))
    except KeyError:
        pack = _new_tokens(text, start, tokens)
    held = pack.to_bytes(34, "little")  # at most 200 characters: no count reaches a byte's limit
    n_melds = len(read) if read else 0
    want = 13 - 3 * n_melds
    n = sum(held)
    if n - want not in (0, 1):
        raise InvalidNotationError(
            f"with {n_melds} meld(s) a hand has {want} or {want + 1} standing tiles, not {n}", text)
    counts = tuple(held)
    mask = int(held.translate(_BIT_DIGITS)[::-1], 2)
    if read:
        melds, meld_packs = zip(*read, strict=True)
        in_melds = sum(meld_packs)
        all_held = (pack + in_melds).to_bytes(34, "little")
        all_counts = tuple(all_held)
        all_mask = int(all_held.translate(_BIT_DIGITS)[::-1], 2)
    else:
        in_melds = 0
        all_held = held
        all_counts = counts
        all_mask = mask
        melds = ()
    if all_held.translate(None, _AT_MOST_FOUR):
        _too_many(text, start, list(in_melds.to_bytes(34, "little")))
    if n > want:
        token = tokens[-1]  # the winning tile is the last one written
        win = _HONOR.get(token[-1], -1)
        if win < 0:
            win = _DIGIT_CODES[token[-1]][ord(token[-2])]
    else:
        win = -1
    return melds, pack, counts, all_counts, mask, all_mask, win, melds_text



def _read_melds(text: str) -> tuple[list[tuple[Meld, int]], int]:
    """The melds at the start of ``text``, read bracket by bracket with their errors, and where they end."""
    read: list[tuple[Meld, int]] = []
    i = 0
    n = len(text)
    while i < n and text[i] == " ":
        i += 1
    while i < n and text[i] == "[":
        close = text.find("]", i + 1)
        if close < 0:
            raise InvalidNotationError("unclosed '['", text, i)
        nested = text.find("[", i + 1, close)
        if nested >= 0:
            raise InvalidNotationError("'[' inside a meld", text, nested)
        if len(read) == 4:
            raise InvalidNotationError("more than four melds", text, i)
        read.append(_meld_at(text, i + 1, close))
        i = close + 1
        while i < n and text[i] == " ":
            i += 1
    return read, i


def _standing(text: str, start: int) -> list[int]:
    """The standing tiles of ``text[start:]`` read character by character; raises for bad notation."""
    # The first bracket or comma after the melds is the error, wherever other mistakes are.
    if text.find("[", start) >= 0 or text.find("]", start) >= 0 or text.find(",", start) >= 0:
        at, reason = min((at, reason) for ch, reason in _OUTSIDE_MELD if (at := text.find(ch, start)) >= 0)
        raise InvalidNotationError(reason, text, at)
    tiles: list[int] = []
    _scan(text, start, len(text), True, tiles, None)
    return tiles


def _too_many(text: str, start: int, in_melds: list[int]) -> None:
    """Raise for the first standing tile that is a fifth copy (counting melds), else for the melds."""
    tiles: list[int] = []
    where: list[int] = []
    _scan(text, start, len(text), True, tiles, where)
    counts = list(in_melds)
    for t, pos in zip(tiles, where, strict=True):
        counts[t] += 1
        if counts[t] > 4:
            raise InvalidNotationError(f"a fifth copy of {ALL_TILES[t].notation()} (counting melds)", text,
                                       pos)
    kind = next(k for k in range(34) if in_melds[k] > 4)
    raise InvalidNotationError(f"more than four copies of {ALL_TILES[kind].notation()} among the melds", text)

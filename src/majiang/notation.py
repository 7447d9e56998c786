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

from itertools import chain, repeat

from majiang._scan import _HONOR, _SUIT_BASE, MAX_LENGTH, _check_text, _pack, _scan
from majiang.errors import InvalidNotationError
from majiang.hand import Hand, HandCounts
from majiang.meld import _MELDS, Meld, _meld_at, parse_meld
from majiang.tiles import ALL_TILES, Tile, format_tiles, parse_tiles

__all__ = ["MAX_LENGTH", "format_tiles", "parse_hand", "parse_meld", "parse_tiles", "read_counts"]

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

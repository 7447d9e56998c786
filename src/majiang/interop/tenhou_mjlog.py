"""Tenhou's mjlog format read: its tags, meld codes, yaku numbers and lobby codes, and a log split into hands.

``majiang.interop.tenhou`` replays what is read here; every public name is importable from there too.
"""

from __future__ import annotations

import dataclasses
import gzip
import re
import urllib.parse
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from majiang.errors import MajiangError
from majiang.game.ruleset import find_ruleset
from majiang.rules.riichi.payments import final_points
from majiang.rules.riichi.ruleset import RiichiRules
from majiang.tiles import ALL_TILES

__all__ = ["ABORTS", "DISCARDS", "DRAWS", "RED_IDS", "TENHOU_UMA", "TENHOU_YAKU", "TENPAI_YAME_FROM",
           "TENPAI_YAME_UNTIL", "MjlogError", "Tag", "decode_meld", "lobby_rules", "log_hour", "parse_mjlog",
           "read_mjlog"]

RED_IDS = frozenset({16, 52, 88})
"""Tenhou's tile ids (0-135, four per kind) of the red fives: the first copy of 5m, 5p and 5s."""

TENHOU_YAKU: tuple[str, ...] = (
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu", "tanyao",
    "iipeikou", "seat_wind", "seat_wind", "seat_wind", "seat_wind", "round_wind", "round_wind",
    "round_wind", "round_wind", "haku", "hatsu", "chun", "double_riichi", "chiitoitsu", "chanta", "ittsu",
    "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou",
    "ryanpeikou", "junchan", "honitsu", "chinitsu", "renhou", "tenhou", "chiihou", "daisangen", "suuankou",
    "suuankou_tanki", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "kokushi",
    "kokushi_13", "daisuushii", "shousuushii", "suukantsu", "dora", "ura_dora", "aka_dora",
)
"""Our yaku id for each of Tenhou's yaku numbers 0-54 (its ``yaku``/``yakuman`` attributes)."""

DRAWS = "TUVW"
DISCARDS = "DEFG"
ABORTS = {"yao9": "nine-terminals", "kaze4": "four-winds", "reach4": "four-riichi", "kan4": "four-kans",
          "ron3": "three-ron"}
"""Tenhou's abortive draw types and our reasons (``AbortiveDraw.reason``); ``nm`` is nagashi mangan."""


class MjlogError(MajiangError):
    """A Tenhou log that cannot be read, or that our engine does not reproduce: ``where`` and why."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True, slots=True)
class Tag:
    """One XML element of the log: its name, attributes and 1-based place among the log's tags."""

    name: str
    attrs: dict[str, str]
    number: int

    def where(self, hand: int | None = None) -> str:
        """``hand 3, tag 57 <N>``: where a problem is, for messages."""
        prefix = f"hand {hand}, " if hand is not None else ""
        return f"{prefix}tag {self.number} <{self.name}>"


def read_mjlog(data: bytes) -> list[Tag]:
    """The tags of an mjlog given as bytes (gzip or plain XML); MjlogError for anything else."""
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as err:
            raise MjlogError("the file", f"damaged gzip data ({err})") from None
    return parse_mjlog(data)


def parse_mjlog(xml: bytes | str) -> list[Tag]:
    """The child elements of an ``<mjloggm>`` document, in order.

    >>> [t.name for t in parse_mjlog('<mjloggm ver="2.3"><GO type="169"/><T52/></mjloggm>')]
    ['GO', 'T52']
    """
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as err:
        raise MjlogError("the XML", f"not well-formed ({err})") from None
    if root.tag != "mjloggm":
        raise MjlogError("the XML", f"not a Tenhou mjlog: the root element is <{root.tag}>, not <mjloggm>")
    return [Tag(el.tag, dict(el.attrib), i) for i, el in enumerate(root, 1)]


TENHOU_UMA = ("20,10,-10,-20", "10,5,-5,-10")
"""Tenhou's uma: now 20-10; some early logs (2009) show 10-5. The log does not say which: the final
standing (``owari``) does."""


TENPAI_YAME_FROM = "2010060100"
TENPAI_YAME_UNTIL = "2010070100"
"""Tenhou's 聴牌止め (a last dealer first and ready at a draw ends the game) came in June 2010 (its blog,
2010-05-18: "2010年6月から"), on a day the logs do not tell (one of 2010-06-01 06h still plays on): logs
before ``TENPAI_YAME_FROM`` (``YYYYMMDDhh``, a log id's start) play on, logs from ``TENPAI_YAME_UNTIL``
stop, and a June 2010 log shows which by its own play."""


def log_hour(name: str) -> str | None:
    """The hour a Tenhou log was played (``YYYYMMDDhh``) from its id or file name, None when it has none.

    >>> log_hour("logs/2009071823gm-0041-0000-ff3a2214_tw=0.mjlog")
    '2009071823'
    >>> log_hour("game.mjlog") is None
    True
    """
    found = re.search(r"(?<!\d)(\d{10})gm-[0-9a-f]{4}-", name)
    return None if found is None else found.group(1)


def lobby_rules(code: int, uma: str = TENHOU_UMA[0], played: str | None = None) -> RiichiRules:
    """Our riichi rules for a Tenhou lobby code (``GO type``): red fives, open tanyao, the length, and
    Tenhou's table: no double yakuman, the players' choice of red fives, final points in whole thousands,
    and 聴牌止め for a log ``played`` (``YYYYMMDDhh``) from June 2010 or of unknown date (``import_tags``
    turns it off for a game of unknown date or of June 2010 that plays on).

    >>> r = lobby_rules(0xa9); (r.red_fives, r.open_tanyao, r.length, r.tenpai_yame)
    (3, True, 'hanchan', True)
    >>> r = lobby_rules(0x41 | 0x06, played="2009071823")
    >>> (r.red_fives, r.open_tanyao, r.length, r.tenpai_yame)
    (0, False, 'tonpuu', False)
    """
    if code & 0x10:
        raise MjlogError("<GO>", "three-player logs are not supported yet (lobby code "
                                 f"{code:#x} has the three-player bit 0x10)")
    base = find_ruleset("riichi")
    assert isinstance(base, RiichiRules)
    red = not code & 0x02
    return dataclasses.replace(base, red_fives=3 if red else 0, open_tanyao=not code & 0x04,
                               length="hanchan" if code & 0x08 else "tonpuu", double_yakuman=False,
                               red_choice=red, round_final=True, uma=uma,
                               tenpai_yame=played is None or played >= TENPAI_YAME_FROM)


def _owari(tag: Tag) -> tuple[list[int], list[float]]:
    raw = tag.attrs["owari"].split(",")
    try:
        if len(raw) != 8:
            raise ValueError
        return [int(raw[2 * s]) * 100 for s in range(4)], [float(raw[2 * s + 1]) for s in range(4)]
    except ValueError:
        raise MjlogError(tag.where(), f"owari={tag.attrs['owari']!r} is not four points and standings") \
            from None


def _uma(owari: Tag) -> str:
    """Which of Tenhou's uma the final standing shows."""
    totals, points = _owari(owari)
    for uma in TENHOU_UMA:
        r = lobby_rules(0x01, uma)
        ours = final_points(totals, 0, r.placement(), r.target, r.starting_points, whole=True)
        if list(ours) == points:
            return uma
    raise MjlogError(owari.where(), f"the final standing {points} fits none of Tenhou's uma "
                                    f"({' or '.join(TENHOU_UMA)}) for the points {totals}")


def decode_meld(m: int) -> dict[str, Any]:
    """Tenhou's bit-packed meld code: ``kind`` (chi, pon, added, kan, concealed), ``tiles`` (ids, the
    called one included), ``called`` (its id; None for a concealed kan) and ``from`` (relative: 1 the
    next seat, 2 across, 3 the previous seat; 0 for a concealed kan)."""
    rel = m & 3
    if m & 0x4:
        t = m >> 10
        r, t = t % 3, t // 3
        low = (t // 7) * 9 + t % 7
        tiles = [(low + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return {"kind": "chi", "tiles": tiles, "called": tiles[r], "from": rel}
    if m & 0x18:
        unused = (m >> 5) & 3
        t = m >> 9
        r, kind = t % 3, t // 3
        three = [kind * 4 + i for i in range(4) if i != unused]
        if m & 0x8:
            return {"kind": "pon", "tiles": three, "called": three[r], "from": rel}
        return {"kind": "added", "tiles": [*three, kind * 4 + unused], "called": three[r], "from": rel,
                "added": kind * 4 + unused}
    if m & 0x20:
        raise MjlogError("<N>", "a nukidora (three-player) meld")
    tile = m >> 8
    kind = tile // 4
    tiles = [kind * 4 + i for i in range(4)]
    if rel == 0:
        return {"kind": "concealed", "tiles": tiles, "called": None, "from": 0}
    return {"kind": "kan", "tiles": tiles, "called": tile, "from": rel}


def _ints(tag: Tag, key: str, hand: int | None = None) -> list[int]:
    raw = tag.attrs.get(key)
    if raw is None:
        raise MjlogError(tag.where(hand), f"missing attribute {key!r}")
    try:
        return [int(x) for x in raw.split(",")] if raw else []
    except ValueError:
        raise MjlogError(tag.where(hand), f"attribute {key}={raw!r} is not a list of integers") from None


def _one(tag: Tag, key: str, hand: int | None = None, low: int = 0, high: int = 10**9) -> int:
    """The attribute ``key`` as one whole number ``low``-``high``."""
    values = _ints(tag, key, hand)
    if len(values) != 1 or not low <= values[0] <= high:
        raise MjlogError(tag.where(hand), f"attribute {key}={tag.attrs[key]!r:.40} is not one number "
                                          f"{low}-{high}")
    return values[0]


def _seat(tag: Tag, key: str, hand: int) -> int:
    """The attribute ``key`` as a seat 0-3."""
    return _one(tag, key, hand, 0, 3)


def _seed(init: Tag, hand: int) -> list[int]:
    """The ``seed`` of an INIT: round (0-15), honba, sticks, two dice (0-5) and the dora indicator."""
    seed = _ints(init, "seed", hand)
    if len(seed) != 6 or not (0 <= seed[0] < 16 and seed[1] >= 0 and seed[2] >= 0 and 0 <= seed[3] < 6
                              and 0 <= seed[4] < 6 and 0 <= seed[5] < 136):
        raise MjlogError(init.where(hand), f"seed={init.attrs['seed']!r:.40} is not round, honba, sticks, "
                                           "two dice and a dora indicator")
    return seed


def _meld(tag: Tag, hand: int) -> dict[str, Any]:
    """The meld of an ``<N>`` tag, its tiles checked."""
    code = _one(tag, "m", hand, 0, 0xFFFF)
    try:
        meld = decode_meld(code)
    except MjlogError as err:
        raise MjlogError(tag.where(hand), err.reason) from None
    tiles = meld["tiles"]
    if not all(0 <= t < 136 for t in tiles) or (meld["kind"] != "concealed" and not meld["from"]) \
            or (meld["kind"] == "chi" and tiles[0] >= 27 * 4):
        raise MjlogError(tag.where(hand), f"m={code} is no meld of tiles 0-135 (called from another seat)")
    return meld


def _tile_id(tag: Tag, text: str, hand: int) -> int:
    if not text.isdigit() or not 0 <= int(text) < 136:
        raise MjlogError(tag.where(hand), f"{text!r} is no tile id 0-135")
    return int(text)


def _kind_name(kind: int) -> str:
    return ALL_TILES[kind].notation()


# -- a log split into hands -------------------------------------------------------------------------------

@dataclass(slots=True)
class _Hand:
    """One hand's tags, from its INIT to the tag that ends it (AGARI or RYUUKYOKU, with any after it)."""

    number: int
    init: Tag
    tags: list[Tag]


def _split(tags: Sequence[Tag]) -> tuple[dict[str, Tag], list[_Hand]]:
    heads: dict[str, Tag] = {}
    hands: list[_Hand] = []
    for tag in tags:
        if tag.name == "INIT":
            hands.append(_Hand(len(hands) + 1, tag, []))
        elif hands:
            hands[-1].tags.append(tag)
        else:
            heads.setdefault(tag.name, tag)
    return heads, hands


def _players(un: Tag | None) -> list[str]:
    if un is None:
        raise MjlogError("the log", "no <UN> tag with the players' names")
    names = [urllib.parse.unquote(un.attrs.get(f"n{i}", "")).strip() for i in range(4)]
    if any(not n for n in names) or len(set(names)) < 4:
        # Tenhou allows repeated names (NoName); the record needs four distinct ones.
        names = [f"{n or 'player'} ({'ESWN'[i]})" for i, n in enumerate(names)]
    return names

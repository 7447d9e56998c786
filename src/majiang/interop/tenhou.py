"""Tenhou logs (天鳳牌譜) in our records: the mjlog XML format read and replayed on the riichi engine.

An mjlog (gzip-compressed or plain XML) is read tag by tag (``parse_mjlog``); ``import_mjlog`` then
plays every hand on ``RiichiRules`` with the options the lobby code implies, from a wall rebuilt from
what the log shows (docs/riichi.md, "Real logs"), applying each draw, discard, call, riichi, win and
draw as actions, and compares what the engine does with what the log says: every draw, the dora
indicators, each win's yaku, han, fu and points, every hand's score changes (``sc``), the dealer,
honba and riichi sticks of each hand, and the final standing (``owari``). The first disagreement is
a ``MjlogError`` naming the hand and the log's tag; an import that returns has reproduced them all.

>>> meld = decode_meld(58719)  # a chi of 6s-7s-8s, the 6s (tile 95) called from the seat before
>>> meld["kind"], meld["tiles"], meld["called"], meld["from"]
('chi', [95, 98, 102], 95, 3)
"""

from __future__ import annotations

import dataclasses
import gzip
import random
import urllib.parse
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.actions import Action
from majiang.errors import MajiangError
from majiang.game.match import MatchHand
from majiang.game.ruleset import find_ruleset
from majiang.game.table import Game, Phase
from majiang.records.writer import RecordedMatch
from majiang.rules.riichi.game import (
    AbortiveDraw,
    RiichiRules,
    RiichiState,
    TenpaiShown,
    final_points,
    red_places,
)
from majiang.tiles import ALL_TILES, WINDS

__all__ = [
    "TENHOU_YAKU",
    "Imported",
    "MjlogError",
    "Tag",
    "decode_meld",
    "import_mjlog",
    "import_tags",
    "lobby_rules",
    "parse_mjlog",
    "read_mjlog",
]

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


@dataclass(slots=True)
class Imported:
    """A replayed Tenhou game: the match (a ``RecordedMatch``: write it with ``write_record``), the
    players' names, each hand's wall in drawing order and how many of its places the log showed."""

    match: RecordedMatch
    players: list[str]
    walls: list[list[int]] = field(default_factory=list)
    seen: list[int] = field(default_factory=list)


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


def lobby_rules(code: int, uma: str = TENHOU_UMA[0]) -> RiichiRules:
    """Our riichi rules for a Tenhou lobby code (``GO type``): red fives, open tanyao, the length, and
    Tenhou's table: no double yakuman, the players' choice of red fives, final points in whole thousands.

    >>> r = lobby_rules(0xa9); (r.red_fives, r.open_tanyao, r.length)
    (3, True, 'hanchan')
    >>> r = lobby_rules(0x41 | 0x06); (r.red_fives, r.open_tanyao, r.length)
    (0, False, 'tonpuu')
    """
    if code & 0x10:
        raise MjlogError("<GO>", "three-player logs are not supported yet (lobby code "
                                 f"{code:#x} has the three-player bit 0x10)")
    base = find_ruleset("riichi")
    assert isinstance(base, RiichiRules)
    red = not code & 0x02
    return dataclasses.replace(base, red_fives=3 if red else 0, open_tanyao=not code & 0x04,
                               length="hanchan" if code & 0x08 else "tonpuu", double_yakuman=False,
                               red_choice=red, round_final=True, uma=uma)


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


# -- the wall ---------------------------------------------------------------------------------------------

LIVE_START = 52
"""The dealer's first draw is the wall's place 52 (after thirteen tiles dealt to each seat)."""


def _deal_places(dealer: int) -> list[list[int]]:
    """The places in the drawing-order wall of each seat's 13 dealt tiles (4, 4, 4 then 1 each)."""
    places: list[list[int]] = [[] for _ in range(4)]
    order = [(dealer + k) % 4 for k in range(4)]
    i = 0
    for _ in range(3):
        for s in order:
            places[s].extend(range(i, i + 4))
            i += 4
    for s in order:
        places[s].append(i)
        i += 1
    return places


@dataclass(slots=True)
class _Wall:
    """A hand's wall in drawing order as the log shows it: tile ids at known places, None elsewhere."""

    places: list[int | None] = field(default_factory=lambda: [None] * 136)

    def put(self, place: int, tile: int, where: str) -> None:
        if not 0 <= place < 136:
            raise MjlogError(where, "more tiles drawn than the wall holds")
        old = self.places[place]
        if old is not None and old != tile:
            raise MjlogError(where, f"wall place {place} would hold both tile {old} and tile {tile}")
        if old is None and tile in self.places:
            raise MjlogError(where, f"tile {tile} appears twice in the hand")
        self.places[place] = tile

    def kinds(self, red: bool, where: str) -> tuple[list[int], int]:
        """The wall as kinds, its never-seen places filled so that the engine's red fives (``red_places``)
        fall where the log shows them; and how many places the log showed."""
        seen = sum(1 for p in self.places if p is not None)
        unseen = sorted(set(range(136)) - {p for p in self.places if p is not None})
        holes = [i for i, p in enumerate(self.places) if p is None]
        rng = random.Random(0)
        for _ in range(20000):
            ids = list(self.places)
            for place, tile in zip(holes, unseen, strict=True):
                ids[place] = tile
            kinds = [int(t) // 4 for t in ids if t is not None]
            if not red or self._red_fits(ids, kinds):
                return kinds, seen
            rng.shuffle(unseen)
        raise MjlogError(where, "no filling of the unseen wall places puts the red fives where the log shows "
                                "them")

    def _red_fits(self, ids: list[int | None], kinds: list[int]) -> bool:
        red = red_places(kinds, 3)
        for place, tile in enumerate(self.places):
            if tile is not None and tile // 4 in (4, 13, 22) and (place in red) != (tile in RED_IDS):
                return False
        return True


# -- the replay ---------------------------------------------------------------------------------------------

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


def _wall_of(hand: _Hand, dealer: int) -> _Wall:
    """Where the log's tiles lie in the drawing-order wall: the deal, the draws in order (replacement
    draws from the tail), the dora indicators and the ura indicators shown at a riichi win."""
    wall = _Wall()
    n = hand.number
    init = hand.init
    deal = _deal_places(dealer)
    for s in range(4):
        ids = _ints(init, f"hai{s}", n)
        if len(ids) != 13:
            raise MjlogError(init.where(n), f"hai{s} holds {len(ids)} tiles, not 13")
        for place, tile in zip(deal[s], ids, strict=True):
            wall.put(place, tile, init.where(n))
    seed = _seed(init, n)
    wall.put(130, seed[5], init.where(n))
    front, tail, dora = LIVE_START, 135, 1
    kan_pending = False
    for tag in hand.tags:
        name = tag.name
        if name[0] in DRAWS and name[1:].isdigit():
            tile = _tile_id(tag, name[1:], n)
            if kan_pending:
                wall.put(tail, tile, tag.where(n))
                tail -= 1
                kan_pending = False
            else:
                wall.put(front, tile, tag.where(n))
                front += 1
        elif name == "N":
            meld = _meld(tag, n)
            kan_pending = meld["kind"] in ("kan", "added", "concealed")
        elif name == "DORA":
            if dora > 4:
                raise MjlogError(tag.where(n), "a fifth kan dora indicator")
            wall.put(130 - 2 * dora, _one(tag, "hai", n, 0, 135), tag.where(n))
            dora += 1
        elif name == "AGARI" and tag.attrs.get("doraHaiUra"):
            ura = _ints(tag, "doraHaiUra", n)
            if len(ura) > 5 or not all(0 <= t < 136 for t in ura):
                raise MjlogError(tag.where(n), "doraHaiUra is not up to five tile ids 0-135")
            for k, tile in enumerate(ura):
                wall.put(131 - 2 * k, tile, tag.where(n))
    return wall


def _dice(seed: list[int]) -> tuple[int, int]:
    """Tenhou breaks the wall with one roll of two dice (seed numbers 3 and 4, each 0-5); our start line
    has two rolls: both are that roll."""
    roll = seed[3] + seed[4] + 2
    return roll, roll


def _ring(wall: list[int], rules: RiichiRules, dealer: int, dice: tuple[int, int]) -> list[int]:
    """The ring that, broken by ``dice``, gives ``wall`` in drawing order."""
    order, _ = rules.break_wall(list(range(len(wall))), dealer, dice)
    ring = [0] * len(wall)
    for i, place in enumerate(order):
        ring[place] = wall[i]
    return ring


class _Replay:
    """Plays one hand's tags on a game, comparing the engine with the log as it goes."""

    def __init__(self, game: Game, hand: _Hand, rules: RiichiRules) -> None:
        self.game = game
        self.hand = hand
        self.rules = rules
        self.riichi: int | None = None  # the seat that declared riichi and has not yet discarded
        self.stick: tuple[Tag, list[int]] | None = None  # a riichi stick the log paid: the scores then
        self.indicators = [_seed(hand.init, hand.number)[5] // 4]

    def fail(self, tag: Tag, reason: str) -> MjlogError:
        return MjlogError(tag.where(self.hand.number), reason)

    def act(self, tag: Tag, seat: int, text: str) -> None:
        action = Action.parse(text)
        legal = self.game.legal_actions(seat)
        if action not in legal:
            shown = ", ".join(a.notation() for a in legal) or "nothing"
            raise self.fail(tag, f"the engine does not let seat {seat} {text!r} (it may: {shown})")
        self.game.apply(seat, action)

    def settle(self, tag: Tag, keep: Sequence[int] = ()) -> None:
        """Every seat still asked about a discard or a kan (but ``keep``) lets it go."""
        game = self.game
        if game.phase in (Phase.TURN, Phase.OVER):
            return
        for seat in game.to_act():
            if seat not in keep:
                self.act(tag, seat, "pass")

    def run(self) -> None:
        tags = self.hand.tags
        i = 0
        while i < len(tags):
            tag = tags[i]
            name = tag.name
            if name[0] in DRAWS and name[1:].isdigit():
                self.draw(tag, DRAWS.index(name[0]), _tile_id(tag, name[1:], self.hand.number) // 4)
            elif name[0] in DISCARDS and name[1:].isdigit():
                self.discard(tag, DISCARDS.index(name[0]), _tile_id(tag, name[1:], self.hand.number))
            elif name == "N":
                self.call(tag)
            elif name == "REACH":
                self.reach(tag)
            elif name == "DORA":
                self.indicators.append(_one(tag, "hai", self.hand.number, 0, 135) // 4)
            elif name == "AGARI":
                wins = [tag]
                while i + 1 < len(tags) and tags[i + 1].name == "AGARI":
                    i += 1
                    wins.append(tags[i])
                self.agari(wins)
            elif name == "RYUUKYOKU":
                self.ryuukyoku(tag)
            elif name in ("BYE", "UN"):
                pass  # a player leaving or coming back: Tenhou plays the seat on
            else:
                raise self.fail(tag, f"unknown tag <{name}> inside a hand")
            i += 1
        if self.game.phase != Phase.OVER:
            raise MjlogError(f"hand {self.hand.number}",
                             "the log ends the hand but the engine's hand goes on")
        st: RiichiState = self.game.rules_state
        if st.indicators != self.indicators:
            raise MjlogError(f"hand {self.hand.number}", "dora indicators differ: the engine's "
                             f"{' '.join(map(_kind_name, st.indicators))}, the log's "
                             f"{' '.join(map(_kind_name, self.indicators))}")

    def draw(self, tag: Tag, seat: int, kind: int) -> None:
        self.settle(tag)
        self.check_stick()
        game = self.game
        if game.phase != Phase.TURN or game.current != seat:
            raise self.fail(tag, f"the log has seat {seat} draw; the engine waits for "
                                 f"{game.to_act() or 'nobody (the hand is over)'}")
        if game.drawn != kind:
            raise self.fail(tag, f"seat {seat} draws {_kind_name(kind)} in the log, "
                                 f"{None if game.drawn is None else _kind_name(game.drawn)} on the engine")

    def discard(self, tag: Tag, seat: int, tile: int) -> None:
        word = "discard"
        if self.riichi == seat:
            word = "riichi"
            self.riichi = None
        name = _kind_name(tile // 4)
        if tile in RED_IDS and self.rules.red_fives:
            named = Action.parse(f"{word} 0{name[1]}")
            if named in self.game.legal_actions(seat):
                name = f"0{name[1]}"
        self.act(tag, seat, f"{word} {name}")
        st: RiichiState = self.game.rules_state
        if self.rules.red_fives and tile // 4 in (4, 13, 22) and st.last_red != (tile in RED_IDS) \
                and self.game.phase != Phase.OVER:
            which = "a red" if tile in RED_IDS else "a plain"
            raise self.fail(tag, f"seat {seat} lets {which} five go; the engine's seat lets the other go")

    def call(self, tag: Tag) -> None:
        n = self.hand.number
        seat = _seat(tag, "who", n)
        meld = _meld(tag, n)
        kind = meld["kind"]
        tiles: list[int] = meld["tiles"]
        low = min(t // 4 for t in tiles)
        if kind in ("concealed", "added"):
            self.settle(tag)
            word = "concealed-kong" if kind == "concealed" else "added-kong"
            self.act(tag, seat, f"{word} {_kind_name(low)}")
            return
        text = {"chi": f"chow {_kind_name(low)}", "pon": "pung", "kan": "kong"}[kind]
        st: RiichiState = self.game.rules_state
        before = st.red_melds[seat]
        self.act(tag, seat, text)
        self.settle(tag)
        self.check_stick()
        red = sum(1 for t in tiles if t in RED_IDS) if self.rules.red_fives else 0
        if st.red_melds[seat] - before != red:
            raise self.fail(tag, f"seat {seat}'s meld holds {red} red five(s) in the log, "
                                 f"{st.red_melds[seat] - before} on the engine")

    def reach(self, tag: Tag) -> None:
        n = self.hand.number
        seat = _seat(tag, "who", n)
        step = _one(tag, "step", n, 1, 2)
        if step == 1:
            self.riichi = seat
            return
        if "ten" in tag.attrs:
            # Paid once the declaration tile goes by or is called: checked at the next draw or call.
            ten = _ints(tag, "ten", n)
            if len(ten) != 4:
                raise self.fail(tag, f"ten has {len(ten)} numbers, not 4")
            self.stick = (tag, [x * 100 for x in ten])

    def check_stick(self) -> None:
        if self.stick is None:
            return
        tag, ten = self.stick
        self.stick = None
        if self.game.scores != ten:
            raise self.fail(tag, f"scores after the riichi stick: the engine's {self.game.scores}, "
                                 f"the log's {ten}")

    def agari(self, wins: list[Tag]) -> None:
        n = self.hand.number
        game = self.game
        seats = []
        for tag in wins:
            who, giver = _seat(tag, "who", n), _seat(tag, "fromWho", n)
            seats.append(who)
            if who != giver and game.phase == Phase.TURN:
                raise self.fail(tag, f"a ron by seat {who}, but the engine has seat {game.current} to play")
            self.act(tag, who, "win")
        self.settle(wins[-1], keep=seats)
        if game.phase != Phase.OVER:
            raise self.fail(wins[-1], f"the wins are in but the engine waits for {game.to_act()}")
        for tag in wins:
            if "ten" in tag.attrs:
                self.check_win(tag)
            self.check_pao(tag)
        if "sc" in wins[-1].attrs:
            self.check_sc(wins[-1])

    def check_win(self, tag: Tag) -> None:
        n = self.hand.number
        who = _seat(tag, "who", n)
        mine = [w for w in self.game.wins if w.seat == who]
        if not mine:
            raise self.fail(tag, f"seat {who} wins in the log, not on the engine")
        score = mine[0].score
        ten = _ints(tag, "ten", n)
        if len(ten) != 3:
            raise self.fail(tag, f"ten has {len(ten)} numbers, not 3 (fu, points, limit)")
        fu, points = ten[0], ten[1]
        yaku: dict[str, int] = {}
        pairs = _ints(tag, "yaku", n) if "yaku" in tag.attrs else []
        if len(pairs) % 2:
            raise self.fail(tag, "yaku is not pairs of a yaku number and its han")
        for k in range(0, len(pairs), 2):
            name = _yaku_name(tag, pairs[k], n)
            if pairs[k + 1]:
                yaku[name] = yaku.get(name, 0) + pairs[k + 1]
        yakuman = _ints(tag, "yakuman", n) if "yakuman" in tag.attrs else []
        for number in yakuman:
            name = _yaku_name(tag, number, n)
            yaku[name] = yaku.get(name, 0) + 13
        ours: dict[str, int] = {}
        for hit in score.yaku:
            value = 13 * hit.yakuman if hit.yakuman else hit.han
            if value:
                ours[str(hit.id)] = ours.get(str(hit.id), 0) + value
        if ours != yaku:
            raise self.fail(tag, f"seat {who}'s yaku: the engine's {_yaku_text(ours)}, "
                                 f"the log's {_yaku_text(yaku)}")
        if not yakuman and score.fu != fu:
            raise self.fail(tag, f"seat {who}'s fu: the engine's {score.fu}, the log's {fu}")
        if score.points != points:
            raise self.fail(tag, f"seat {who}'s points: the engine's {score.points}, the log's {points}")

    def check_pao(self, tag: Tag) -> None:
        """The liable seat (``paoWho``) is the engine's; a log without one must not need one (the liable
        seat is named even when it dealt the win in)."""
        n = self.hand.number
        who = _seat(tag, "who", n)
        win = next((w for w in self.game.wins if w.seat == who), None)
        if win is None:
            raise self.fail(tag, f"seat {who} wins in the log, not on the engine")
        rules = self.game.rules
        ours = rules.liable_for(self.game, win) if isinstance(rules, RiichiRules) else None
        theirs = _seat(tag, "paoWho", n) if "paoWho" in tag.attrs else None
        if theirs is not None and theirs == who:
            theirs = None  # (some writers name the winner when nobody is liable)
        if ours != theirs and (theirs is not None or ours != win.giver):
            raise self.fail(tag, f"seat {who}'s liable seat (paoWho): the engine's {ours}, "
                                 f"the log's {theirs}")

    def check_sc(self, tag: Tag) -> None:
        sc = _ints(tag, "sc", self.hand.number)
        if len(sc) != 8:
            raise self.fail(tag, f"sc has {len(sc)} numbers, not 8")
        after = [(sc[2 * s] + sc[2 * s + 1]) * 100 for s in range(4)]
        if self.game.scores != after:
            raise self.fail(tag, f"scores after the hand: the engine's {self.game.scores}, the log's {after}")

    def ryuukyoku(self, tag: Tag) -> None:
        game = self.game
        kind = tag.attrs.get("type")
        if kind == "yao9":
            self.act(tag, game.current, "abort")
        elif kind == "ron3":
            for s in range(4):
                if f"hai{s}" in tag.attrs:
                    self.act(tag, s, "win")
        self.settle(tag)
        if game.phase != Phase.OVER:
            raise self.fail(tag, f"the log ends the hand in a draw; the engine waits for {game.to_act()}")
        aborts = [e for e in game.events if isinstance(e, AbortiveDraw)]
        if kind in ABORTS:
            if not aborts or aborts[0].reason != ABORTS[kind]:
                raise self.fail(tag, f"the log aborts the hand ({kind}); the engine "
                                     f"{'aborts for ' + aborts[0].reason if aborts else 'does not'}")
        else:
            if aborts:
                raise self.fail(tag, f"the engine aborts the hand ({aborts[0].reason}); the log has an "
                                     "exhaustive draw")
            shown = [e for e in game.events if isinstance(e, TenpaiShown)]
            ready = [s for s in range(4) if f"hai{s}" in tag.attrs]
            if tag.attrs.get("tenpai") == "unknown":
                ready = sorted(shown[0].seats) if shown else []
            if not shown or sorted(shown[0].seats) != ready:
                raise self.fail(tag, f"ready seats: the engine's {shown[0].seats if shown else None}, "
                                     f"the log's {ready}")
        if "sc" in tag.attrs:
            self.check_sc(tag)


def _yaku_name(tag: Tag, number: int, hand: int) -> str:
    if not 0 <= number < len(TENHOU_YAKU):
        raise MjlogError(tag.where(hand), f"unknown Tenhou yaku number {number}")
    return TENHOU_YAKU[number]


def _yaku_text(yaku: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(yaku.items())) or "none"


def import_mjlog(data: bytes) -> Imported:
    """Replay a Tenhou mjlog (bytes, gzip or plain) on our riichi engine; MjlogError at the first tag the
    engine does not reproduce or cannot read."""
    return import_tags(read_mjlog(data))


def import_tags(tags: Sequence[Tag], rules: RiichiRules | None = None,
                final: list[int] | None = None) -> Imported:
    """Replay the tags of a Tenhou log (or of another log put in its tags) under ``rules`` (from the
    lobby code when None); ``final``: the final points, for a log without Tenhou's ``owari``."""
    heads, hands = _split(tags)
    if not hands:
        raise MjlogError("the log", "no hand (no <INIT> tag)")
    owari = next((t for t in hands[-1].tags if "owari" in t.attrs), None)
    if owari is None and final is None:
        raise MjlogError("the last hand", "no owari (final standing) attribute: the log is incomplete")
    if rules is None:
        go = heads.get("GO")
        if go is None:
            raise MjlogError("the log", "no <GO> tag with the lobby code")
        assert owari is not None
        rules = lobby_rules(_one(go, "type", None, 0, 0xFFFF), _uma(owari))
    players = _players(heads.get("UN"))
    match = RecordedMatch(rules, hands=min(len(hands), rules.most_hands))
    out = Imported(match, players)
    booked: MatchHand | None = None
    for hand in hands:
        n = hand.number
        init = hand.init
        if match.over:
            raise MjlogError(init.where(n), "the engine ended the game before this hand")
        seed = _seed(init, n)
        dealer = match.dealer
        table = match.rules_state
        want = (seed[0] // 4, seed[0] % 4, seed[1], seed[2])
        have = (WINDS.index(match.round_wind), dealer, table.honba, table.sticks)
        if _seat(init, "oya", n) != dealer or want != have:
            raise MjlogError(init.where(n), f"round, dealer, honba, sticks: the log's {want}, "
                                            f"the engine's {have}")
        scores = [match.totals[match.player_at(s)] for s in range(4)]
        ten = [x * 100 for x in _ints(init, "ten", n)]
        if len(ten) != 4:
            raise MjlogError(init.where(n), f"ten has {len(ten)} numbers, not 4")
        if ten != scores:
            raise MjlogError(init.where(n), f"scores at the start: the log's {ten}, the engine's {scores}")
        located = _wall_of(hand, dealer)
        kinds, seen = located.kinds(rules.red_fives > 0, init.where(n))
        dice = _dice(seed)
        game = Game(rules, dealer=dealer, round_wind=match.round_wind, wall=_ring(kinds, rules, dealer, dice),
                    dice=dice, scores=scores, match_state=table)
        match.game = game
        _Replay(game, hand, rules).run()
        out.walls.append(kinds)
        out.seen.append(seen)
        booked = match.next_hand()
    assert booked is not None
    mine = list(match.totals)
    if owari is None:
        assert final is not None
        if mine != final:
            raise MjlogError("the log's end", f"final points: the log's {final}, the engine's {mine}")
        return out
    totals, points = _owari(owari)
    first = max(range(4), key=lambda p: (mine[p], -p))
    mine[first] += match.rules_state.sticks * 1000  # Tenhou gives the sticks left over to first place
    if mine != totals:
        raise MjlogError(owari.where(), f"final points: the log's {totals}, the engine's {mine}")
    if not match.over:
        raise MjlogError(owari.where(), "the log's game ends; the engine's goes on")
    ours = match.standings()
    if list(ours) != points:
        raise MjlogError(owari.where(), f"final standing: the log's {points}, the engine's {list(ours)}")
    return out

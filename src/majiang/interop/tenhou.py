"""Tenhou logs (天鳳牌譜) in our records: the mjlog XML format read and replayed on the riichi engine.

An mjlog (gzip-compressed or plain XML) is read tag by tag (``parse_mjlog``); ``import_mjlog`` then
plays every hand on ``RiichiRules`` with the options the lobby code implies, from a wall rebuilt from
what the log shows (docs/riichi.md, "Real logs"), applying each draw, discard, call, riichi, win and
draw as actions, and compares what the engine does with what the log says: every draw, the dora
indicators, each win's yaku, han, fu and points, every hand's score changes (``sc``), the dealer,
honba and riichi sticks of each hand, and the final standing (``owari``). The first disagreement is
a ``MjlogError`` naming the hand and the log's tag; an import that returns has reproduced them all.
Reading the format is ``majiang.interop.tenhou_mjlog``'s, the wall ``majiang.interop.tenhou_wall``'s;
their public names are importable from here too.

>>> meld = decode_meld(58719)  # a chi of 6s-7s-8s, the 6s (tile 95) called from the seat before
>>> meld["kind"], meld["tiles"], meld["called"], meld["from"]
('chi', [95, 98, 102], 95, 3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from majiang.actions import Action
from majiang.game.match import MatchHand
from majiang.game.table import Game, Phase
from majiang.interop.tenhou_mjlog import (
    ABORTS,
    DISCARDS,
    DRAWS,
    RED_IDS,
    TENHOU_UMA,
    TENHOU_YAKU,
    TENPAI_YAME_FROM,
    TENPAI_YAME_UNTIL,
    MjlogError,
    Tag,
    _Hand,
    _ints,
    _kind_name,
    _meld,
    _one,
    _owari,
    _players,
    _seat,
    _seed,
    _split,
    _tile_id,
    _uma,
    decode_meld,
    lobby_rules,
    log_hour,
    parse_mjlog,
    read_mjlog,
)
from majiang.interop.tenhou_wall import LIVE_START, _dice, _ring, _wall_of
from majiang.records.writer import RecordedMatch
from majiang.rules.riichi.ruleset import AbortiveDraw, RiichiRules, RiichiState, TenpaiShown
from majiang.tiles import WINDS

__all__ = ["ABORTS", "DISCARDS", "DRAWS", "LIVE_START", "RED_IDS", "TENHOU_UMA", "TENHOU_YAKU", "Imported",
           "MjlogError", "Tag", "decode_meld", "import_mjlog", "import_tags", "lobby_rules", "parse_mjlog",
           "read_mjlog"]


@dataclass(slots=True)
class Imported:
    """A replayed Tenhou game: the match (a ``RecordedMatch``: write it with ``write_record``), the
    players' names, each hand's wall in drawing order and how many of its places the log showed."""

    match: RecordedMatch
    players: list[str]
    walls: list[list[int]] = field(default_factory=list)
    seen: list[int] = field(default_factory=list)


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
        st: RiichiState = self.game.hand_state
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
        st: RiichiState = self.game.hand_state
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
        st: RiichiState = self.game.hand_state
        before = st.red_melds[seat]
        red = sum(1 for t in tiles if t in RED_IDS) if self.rules.red_fives else 0
        if kind in ("chi", "pon"):  # the plain call, or the one naming the red five, as the log's meld
            from_hand = red - (1 if meld["called"] in RED_IDS and self.rules.red_fives else 0)
            text = self.rules.call_with_reds(self.game, seat, Action.parse(text), from_hand).notation()
        self.act(tag, seat, text)
        self.settle(tag)
        self.check_stick()
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
        if self.game.totals != ten:
            raise self.fail(tag, f"scores after the riichi stick: the engine's {self.game.totals}, "
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
        if self.game.totals != after:
            raise self.fail(tag, f"scores after the hand: the engine's {self.game.totals}, the log's {after}")

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


def import_mjlog(data: bytes, name: str | None = None) -> Imported:
    """Replay a Tenhou mjlog (bytes, gzip or plain) on our riichi engine; MjlogError at the first tag the
    engine does not reproduce or cannot read. ``name``: the log's id or file name, whose date decides
    Tenhou's rules of the time (聴牌止め from June 2010; today's rules when it has no date)."""
    return import_tags(read_mjlog(data), played=None if name is None else log_hour(name))


class _GameEnd(MjlogError):
    """The log and the engine disagree on whether the game is over (the end rule: 聴牌止め)."""


def import_tags(tags: Sequence[Tag], rules: RiichiRules | None = None,
                final: list[int] | None = None, played: str | None = None) -> Imported:
    """Replay the tags of a Tenhou log (or of another log put in its tags) under ``rules`` (from the
    lobby code and the hour it was ``played``, ``YYYYMMDDhh``, when None); ``final``: the final points,
    for a log without Tenhou's ``owari``.

    Tenhou turned 聴牌止め on in June 2010 (``TENPAI_YAME_FROM``); a log of that month or of no known date
    is replayed with it on and, if the log's game goes on where the rule would end it, with it off."""
    heads, hands = _split(tags)
    if not hands:
        raise MjlogError("the log", "no hand (no <INIT> tag)")
    owari = next((t for t in hands[-1].tags if "owari" in t.attrs), None)
    if owari is None and final is None:
        raise MjlogError("the last hand", "no owari (final standing) attribute: the log is incomplete")
    if rules is not None:
        return _replay_game(heads, hands, rules, owari, final)
    go = heads.get("GO")
    if go is None:
        raise MjlogError("the log", "no <GO> tag with the lobby code")
    assert owari is not None
    rules = lobby_rules(_one(go, "type", None, 0, 0xFFFF), _uma(owari), played)
    if played is not None and not TENPAI_YAME_FROM <= played < TENPAI_YAME_UNTIL:
        return _replay_game(heads, hands, rules, owari, final)
    try:
        return _replay_game(heads, hands, rules, owari, final)
    except _GameEnd:
        # The log shows the rule of its time: its game went on past a ready last dealer who was first.
        return _replay_game(heads, hands, dataclasses.replace(rules, tenpai_yame=not rules.tenpai_yame),
                            owari, final)


def _replay_game(heads: dict[str, Tag], hands: Sequence[_Hand], rules: RiichiRules, owari: Tag | None,
                 final: list[int] | None) -> Imported:
    players = _players(heads.get("UN"))
    match = RecordedMatch(rules, hands=min(len(hands), rules.most_hands))
    out = Imported(match, players)
    booked: MatchHand | None = None
    for hand in hands:
        n = hand.number
        init = hand.init
        if match.over:
            raise _GameEnd(init.where(n), "the engine ended the game before this hand")
        seed = _seed(init, n)
        dealer = match.dealer
        table = match.match_state
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
                    dice=dice, totals=scores, match_state=table)
        match.game = game
        _Replay(game, hand, rules).run()
        out.walls.append(kinds)
        out.seen.append(seen)
        booked = match.next_hand()
    assert booked is not None
    mine = list(match.totals)
    if owari is None:
        assert final is not None
        if match.settled is not None:
            # ``final`` is the points after the last hand, before the sticks left over are paid out.
            mine = [t - s for t, s in zip(mine, match.settled, strict=True)]
        if mine != final:
            raise MjlogError("the log's end", f"final points: the log's {final}, the engine's {mine}")
        return out
    if not match.over:
        raise _GameEnd(owari.where(), "the log's game ends; the engine's goes on")
    totals, points = _owari(owari)
    if mine != totals:
        raise MjlogError(owari.where(), f"final points: the log's {totals}, the engine's {mine}")
    ours = match.standings()
    if list(ours) != points:
        raise MjlogError(owari.where(), f"final standing: the log's {points}, the engine's {list(ours)}")
    return out

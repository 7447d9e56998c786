"""A hand of our engine spoken over Botzone's protocol, turn by turn, the way its judge runs it.

Botzone's Chinese Standard Mahjong judge (``ChineseStandardMahjong``, ailab-pku/Chinese-Standard-Mahjong
``judge/main.cpp``) runs a hand in *turns*: each turn it sends every seat one request and reads every
seat's response, most of which must be ``PASS``. :class:`Transcript` turns a :class:`~majiang.game.Game`'s
events into those turns (:class:`JudgeTurn`: the four requests, and the four responses the seats' actions
amount to); :func:`judge_turn` reads four responses to a turn as the judge does, in its order, into our
engine's actions or a forfeit; :func:`referee` drives a game with them, some seats answering over the
protocol (an external program, a judge log) and others being our own bots.

Botzone's seat numbers (``id``) count from the dealer: ``id = (seat - dealer) % 4``; ``quan`` is the round
wind (0 East .. 3 North).

>>> from majiang.game import Game
>>> t = Transcript(Game(seed=7))
>>> [turn.action for turn in t.turns], t.turns[0].requests[2]
(['INIT', 'DEAL', 'DRAW'], '0 2 0')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from majiang.actions import Action, ActionKind
from majiang.errors import IllegalActionError, MajiangError
from majiang.game import events as ev
from majiang.game.table import Game, Phase
from majiang.interop.botzone import BotzoneError, from_code, to_code
from majiang.meld import Meld, MeldKind
from majiang.tiles import ALL_TILES, WINDS, Tile

__all__ = [
    "BOT_VERDICTS",
    "PASS_REPLY",
    "Answer",
    "ForfeitError",
    "JudgeTurn",
    "Outcome",
    "Reply",
    "Transcript",
    "botzone_id",
    "judge_turn",
    "referee",
]

BOT_VERDICTS = ("OK", "TLE", "MLE", "OLE", "NJ", "RE")
"""Botzone's verdicts on one run of a bot: answered, or why not (the judge forfeits any but ``OK``)."""

_MAX_TURNS = 2000
"""A hand of more judge turns than this is a bug (real hands take a few hundred)."""


def botzone_id(seat: int, dealer: int) -> int:
    """Botzone's number for our ``seat``: the dealer (East) is 0, then in turn order.

    >>> botzone_id(1, 3)
    2
    """
    return (seat - dealer) % 4


@dataclass(frozen=True, slots=True)
class Reply:
    """What one seat answered to one request: Botzone's ``verdict`` on the run, and the ``response`` text
    (None if it gave none)."""

    verdict: str = "OK"
    response: str | None = "PASS"


PASS_REPLY = Reply()
"""The answer of a seat with nothing to say."""


class ForfeitError(MajiangError):
    """A seat broke the protocol under rules that charge no forfeit: what, where, and the answer given."""

    def __init__(self, seat: int, reason: str, turn: int, request: str, response: str | None,
                 rules: str) -> None:
        self.seat, self.reason, self.turn, self.request, self.response = seat, reason, turn, request, response
        self.rules = rules
        said = "" if response is None else f", answer {response[:80]!r}"
        super().__init__(f"seat {seat} forfeits at judge turn {turn} (request {request!r}{said}): {reason}, "
                         f"{ev.FORFEIT_REASONS[reason]}; the {rules} rules charge no forfeit (the botzone "
                         "rules, or false_win=penalty, charge it -30/+10)")

    def __reduce__(self) -> tuple[type[ForfeitError], tuple[int, str, int, str, str | None, str]]:
        # (rebuilt from its fields when it crosses a process boundary, as from an arena worker)
        return (ForfeitError, (self.seat, self.reason, self.turn, self.request, self.response, self.rules))

Answer = Reply | Action
"""A seat's answer to a turn: a protocol reply, or (for our own bots) the action it chose in our engine."""


@dataclass(slots=True)
class JudgeTurn:
    """One turn of the judge: what it shows (``action``, by ``seat``, ``tile``), its requests by seat,
    and the seats' responses (``PASS`` unless an action of theirs answered this turn)."""

    index: int
    action: str
    """``INIT``, ``DEAL``, ``DRAW``, ``BUHUA``, ``PLAY``, ``PENG``, ``CHI``, ``GANG`` or ``BUGANG``."""
    seat: int | None
    """The seat acting (None for ``INIT`` and ``DEAL``)."""
    requests: tuple[str, str, str, str]
    """The request to each of our seats 0-3."""
    tile: str | None = None
    """The tile shown (Botzone code): drawn, flower, discarded, added; None when hidden or none."""
    chow: str | None = None
    """For ``CHI``: the middle tile of the chow."""
    responses: list[str] = field(default_factory=lambda: ["PASS", "PASS", "PASS", "PASS"])
    """Each seat's response, from its actions (a pung or chow whose discard never came names the claimed
    tile: the judge reads it only when the claim is made)."""


def _dealt(game: Game) -> list[list[int]]:
    counts = [list(game.counts[s]) for s in range(4)]
    if game.drawn is not None:
        counts[game.current][game.drawn] -= 1  # the dealer's 14th tile is its first draw
    return counts


def _deal_order(game: Game, seat: int, counts: list[int]) -> list[int]:
    """The tiles dealt to ``seat`` in the judge's order: with per-seat walls, as drawn from the end of
    the seat's wall (flowers aside); otherwise sorted."""
    if game.rules.options().get("walls") == "per-seat":
        ring = game.events[0].as_dict()["ring"]
        size = len(ring) // 4
        k = (seat - game.dealer) % 4
        drawn = [t for t in reversed(ring[size * k:size * (k + 1)]) if t < 34][:13]
        left = list(counts)
        for t in drawn:
            left[t] -= 1
        if not any(left) and min(left) == 0:
            return drawn
    return [t for t in range(34) for _ in range(counts[t])]


class Transcript:
    """The judge turns of a hand, built from its game's events as they come (``update``).

    Make it before the game's first action: the first turns are the seats' numbers, the deal (13 tiles
    each and every seat's flowers, after their replacements) and the dealer's first draw.
    """

    def __init__(self, game: Game) -> None:
        if any(isinstance(e, ev.Act) for e in game.events):
            raise MajiangError("a transcript starts before the hand's first action")
        self.game = game
        self.dealer = game.dealer
        self.turns: list[JudgeTurn] = []
        self._claimed: dict[int, tuple[str, int]] = {}  # seat -> (PENG or CHI mid, turn claimed on)
        self._turn_of: list[int | None] = [None, None, None, None]  # last turn each seat's own play answers
        self.forfeit: ev.Forfeit | None = None
        self._last: ev.Event | None = None  # the last event read
        quan = WINDS.index(game.round_wind)
        self._add("INIT", None, tuple(f"0 {self.id(s)} {quan}" for s in range(4)))
        events = game.events
        deal = next(i for i, e in enumerate(events) if isinstance(e, ev.Deal))
        after = deal + 1
        while after < len(events) and isinstance(events[after], ev.Flower):
            after += 1
        # A deal of 13 each followed by the dealer's draw (per-seat walls): the flowers shown before the
        # deal event are the deal's, and the dealer's first draw (and its flowers) are turns of their own.
        # The common deal of 14 to the dealer: every flower shown so far is the deal's, and the dealer's
        # 14th tile is its first draw.
        first_draw = after < len(events) and isinstance(events[after], ev.Draw)
        shown = events[:deal] if first_draw else events[:after]
        dealt_flowers: list[list[int]] = [[], [], [], []]
        for e in shown:
            if isinstance(e, ev.Flower):
                dealt_flowers[e.seat].append(e.flower)
        dealt = _dealt(game)
        flowers = [f"H{f + 1}" for s in self._by_id() for f in dealt_flowers[s]]
        counts = " ".join(str(len(dealt_flowers[s])) for s in self._by_id())
        self._add("DEAL", None, tuple(
            " ".join(["1", counts, *(to_code(t) for t in _deal_order(game, s, dealt[s])), *flowers])
            for s in range(4)))
        if first_draw:
            self._seen = deal + 1
            self._last = events[deal]
            self.update()
        else:
            self._seen = len(events)
            self._last = events[-1] if events else None
            if game.drawn is not None and game.phase == Phase.TURN:
                self._draw(game.current, game.drawn)

    def id(self, seat: int) -> int:
        """Botzone's number for ``seat``."""
        return botzone_id(seat, self.dealer)

    def seat(self, botzone: int) -> int:
        """Our seat of Botzone's number ``botzone``."""
        return (botzone + self.dealer) % 4

    def _by_id(self) -> list[int]:
        return [self.seat(i) for i in range(4)]

    def _add(self, action: str, seat: int | None, requests: Sequence[str], tile: str | None = None,
             chow: str | None = None) -> JudgeTurn:
        turn = JudgeTurn(len(self.turns), action, seat, (requests[0], requests[1], requests[2], requests[3]),
                         tile, chow)
        self.turns.append(turn)
        return turn

    def _all(self, seat: int, text: str) -> tuple[str, ...]:
        return tuple(f"3 {self.id(seat)} {text}" for _ in range(4))

    def _draw(self, seat: int, tile: int) -> None:
        code = to_code(tile)
        other = f"3 {self.id(seat)} DRAW"
        self._add("DRAW", seat, tuple(f"2 {code}" if s == seat else other for s in range(4)), code)
        self._turn_of[seat] = len(self.turns) - 1

    def update(self) -> list[JudgeTurn]:
        """Read the game's new events; the turns so far."""
        events = self.game.events
        seen = self._seen
        if seen and (seen > len(events) or events[seen - 1] is not self._last):
            seen -= 1  # the exhaustive draw's end read last gave way to a forfeit (Game.forfeit)
        for e in events[seen:]:
            self._event(e)
        self._seen = len(events)
        self._last = events[-1] if events else None
        return self.turns

    def _respond(self, seat: int, turn: int | None, text: str) -> None:
        if turn is not None:
            self.turns[turn].responses[seat] = text

    def _event(self, e: ev.Event) -> None:
        if isinstance(e, ev.Flower):
            self._add("BUHUA", e.seat, self._all(e.seat, f"BUHUA H{e.flower + 1}"), f"H{e.flower + 1}")
        elif isinstance(e, ev.Draw):
            self._draw(e.seat, e.tile)
        elif isinstance(e, ev.Act):
            self._act(e.seat, e.action)
        elif isinstance(e, ev.Discard):
            code = to_code(e.tile)
            claim = self._claimed.pop(e.seat, None)
            if claim is None:
                self._add("PLAY", e.seat, self._all(e.seat, f"PLAY {code}"), code)
            elif claim[0] == "PENG":
                self._add("PENG", e.seat, self._all(e.seat, f"PENG {code}"), code)
            else:
                mid = claim[0].split()[1]
                self._add("CHI", e.seat, self._all(e.seat, f"CHI {mid} {code}"), code, mid)
            self._turn_of[e.seat] = None
        elif isinstance(e, ev.Claim):
            meld = Meld.parse(e.meld)
            if meld.kind == MeldKind.KONG:
                self._add("GANG", e.seat, self._all(e.seat, "GANG"))
            else:
                word = "PENG" if meld.kind == MeldKind.PUNG else f"CHI {to_code(meld.tile + 1)}"
                self._claimed[e.seat] = (word, len(self.turns) - 1)
        elif isinstance(e, ev.Kong):
            self._add("GANG", e.seat, self._all(e.seat, "GANG"))
        elif isinstance(e, ev.AddKong):
            code = to_code(e.tile)
            self._add("BUGANG", e.seat, self._all(e.seat, f"BUGANG {code}"), code)
        elif isinstance(e, ev.Forfeit):
            self.forfeit = e
            if e.turn is not None and 0 <= e.turn < len(self.turns) and e.responses is not None:
                turn = self.turns[e.turn]
                for s, said in enumerate(e.responses):
                    turn.responses[s] = said if said is not None else ""

    def _act(self, seat: int, action: Action) -> None:
        kind, last = action.kind, len(self.turns) - 1
        if kind == ActionKind.DISCARD:
            assert action.tile is not None
            claim = self._claimed.get(seat)
            if claim is not None:
                self._respond(seat, claim[1], f"{claim[0]} {to_code(action.tile)}")
            else:
                self._respond(seat, self._turn_of[seat], f"PLAY {to_code(action.tile)}")
        elif kind == ActionKind.CONCEALED_KONG:
            assert action.tile is not None
            self._respond(seat, self._turn_of[seat], f"GANG {to_code(action.tile)}")
        elif kind == ActionKind.ADDED_KONG:
            assert action.tile is not None
            self._respond(seat, self._turn_of[seat], f"BUGANG {to_code(action.tile)}")
        elif kind == ActionKind.WIN:
            self._respond(seat, last, "HU")
        elif kind in (ActionKind.PUNG, ActionKind.CHOW, ActionKind.KONG):
            turn = self.turns[last]
            claimed = turn.tile or "PASS"
            if kind == ActionKind.PUNG:
                text = f"PENG {claimed}"
            elif kind == ActionKind.KONG:
                text = "GANG"
            else:
                assert action.tile is not None
                text = f"CHI {to_code(action.tile + 1)} {claimed}"
            self._respond(seat, last, text)

    def requests_for(self, seat: int) -> list[str]:
        """Every request sent to ``seat`` so far, in order."""
        return [turn.requests[seat] for turn in self.update()]


# -- reading answers as the judge does ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """The judge's reading of one turn: a forfeit (``forfeit``: seat, reason, response), or our engine's
    actions to apply in order, and the discard each claimer named with its pung or chow."""

    actions: tuple[tuple[int, Action], ...] = ()
    discards: Mapping[int, Tile] = field(default_factory=dict)
    forfeit: tuple[int, str, str | None] | None = None


class _Forfeit(Exception):
    def __init__(self, seat: int, reason: str, response: str | None) -> None:
        self.seat, self.reason, self.response = seat, reason, response


def _tile(code: str) -> Tile | None:
    try:
        return from_code(code)
    except BotzoneError:
        return None


def _ok(seat: int, answer: Answer) -> list[str] | None:
    """The words of a reply (split on single spaces, as the judge does), None for our bots' actions;
    a failed run forfeits."""
    if isinstance(answer, Action):
        return None
    if answer.verdict != "OK":
        raise _Forfeit(seat, answer.verdict if answer.verdict in BOT_VERDICTS else "RE", answer.response)
    if answer.response is None:
        raise _Forfeit(seat, "NJ", None)
    return answer.response.split(" ")


def _must_pass(seat: int, answer: Answer) -> None:
    words = _ok(seat, answer)
    if words is not None and words != ["PASS"]:
        assert isinstance(answer, Reply)
        raise _Forfeit(seat, "WA", answer.response)


def _middle(tile: Tile) -> bool:
    """Whether ``tile`` can be the middle of a chow (a suited 2-8)."""
    return tile < 27 and 1 <= tile % 9 <= 7


def _after_claim(counts: Sequence[int], used: Sequence[int], claimed: int, tile: Tile | None) -> bool:
    """Whether ``tile`` is left to discard once the meld of ``used`` (with the ``claimed`` tile) is made."""
    if tile is None:
        return False
    left = list(counts)
    left[claimed] += 1
    for t in used:
        left[t] -= 1
    return left[tile] > 0


def judge_turn(game: Game, turn: JudgeTurn, answers: Mapping[int, Answer],
               options: Mapping[int, Sequence[Action]]) -> Outcome:
    """Read the four seats' ``answers`` to ``turn`` in the judge's order.

    ``options`` are the actions our engine offers each seat now (none for a turn the game has moved past:
    every answer must then be ``PASS``). A run that failed, a reply that is not a legal answer (``WA``) or
    a false win (``WH``) forfeits, the first in the judge's order; otherwise the outcome holds the actions
    of the seats our engine asks, in its order (an answer the judge never reads, being after the
    winner's, counts as a pass when our engine would refuse it).
    """
    try:
        return _judge(game, turn, answers, options)
    except _Forfeit as err:
        return Outcome(forfeit=(err.seat, err.reason, err.response))


def _judge(game: Game, turn: JudgeTurn, answers: Mapping[int, Answer],
           options: Mapping[int, Sequence[Action]]) -> Outcome:
    dealer = game.dealer
    by_id = [(i + dealer) % 4 for i in range(4)]
    p = turn.seat
    action = turn.action
    if action in ("INIT", "DEAL", "BUHUA") or p is None:
        for s in by_id:
            _must_pass(s, answers[s])
        return Outcome()
    after = [(p + k) % 4 for k in range(4)]  # the actor, then in turn order
    if action == "GANG":
        for s in after:
            _must_pass(s, answers[s])
        return Outcome()
    if action == "DRAW":
        chosen: Action | None = None
        for s in by_id:
            if s != p:
                _must_pass(s, answers[s])
            else:
                chosen = _turn_answer(p, answers[p], options.get(p, ()))
        assert chosen is not None
        return Outcome(((p, chosen),))
    if action == "BUGANG":
        taken: dict[int, Action] = {}
        for s in after:
            answer = answers[s]
            words = _ok(s, answer)
            if words is None:
                assert isinstance(answer, Action)
                taken[s] = answer
                if answer.kind == ActionKind.WIN:
                    break
                continue
            if words == ["PASS"]:
                continue
            assert isinstance(answer, Reply)
            if words == ["HU"] and s != p:
                if Action(ActionKind.WIN) not in options.get(s, ()):
                    raise _Forfeit(s, "WH", answer.response)
                taken[s] = Action(ActionKind.WIN)
                break  # the judge scores the first robber's win and stops
            raise _Forfeit(s, "WA", answer.response)
        return _in_engine_order(game, taken, options)
    return _claims(game, turn, answers, options, by_id, after)


def _turn_answer(seat: int, answer: Answer, legal: Sequence[Action]) -> Action:
    words = _ok(seat, answer)
    if words is None:
        assert isinstance(answer, Action)
        return answer
    assert isinstance(answer, Reply)
    if words == ["HU"]:
        if Action(ActionKind.WIN) in legal:
            return Action(ActionKind.WIN)
        raise _Forfeit(seat, "WH", answer.response)
    kinds = {"PLAY": ActionKind.DISCARD, "GANG": ActionKind.CONCEALED_KONG, "BUGANG": ActionKind.ADDED_KONG}
    if len(words) == 2 and words[0] in kinds:
        tile = _tile(words[1])
        if tile is not None:
            chosen = Action(kinds[words[0]], tile)
            if chosen in legal:
                return chosen
    raise _Forfeit(seat, "WA", answer.response)


def _claims(game: Game, turn: JudgeTurn, answers: Mapping[int, Answer],
            options: Mapping[int, Sequence[Action]], by_id: list[int], after: list[int]) -> Outcome:
    p = after[0]
    claimed = None if turn.tile is None else _tile(turn.tile)
    _must_pass(p, answers[p])
    taken: dict[int, Action] = {}
    discards: dict[int, Tile] = {}
    # 1. In turn order after the discarder: a failed run forfeits; the first win ends the turn.
    for s in after[1:]:
        answer = answers[s]
        words = _ok(s, answer)
        if words is None:
            assert isinstance(answer, Action)
            if answer.kind == ActionKind.WIN:
                taken[s] = answer
                return _in_engine_order(game, _with_unread(taken, answers, options), options)
        elif words == ["HU"]:
            assert isinstance(answer, Reply)
            if Action(ActionKind.WIN) not in options.get(s, ()):
                raise _Forfeit(s, "WH", answer.response)
            taken[s] = Action(ActionKind.WIN)
            return _in_engine_order(game, _with_unread(taken, answers, options), options)
    # 2. Pungs and kongs, by Botzone number; 3. chows, by Botzone number: the first made is taken.
    found: int | None = None
    for stage in (2, 3):
        for s in by_id:
            if s == p or found is not None:
                continue
            answer = answers[s]
            if isinstance(answer, Action):
                if (stage == 2 and answer.kind in (ActionKind.PUNG, ActionKind.KONG)) or \
                        (stage == 3 and answer.kind == ActionKind.CHOW):
                    found = s
                continue
            words = answer.response.split(" ") if answer.response is not None else [""]
            legal = options.get(s, ())
            if stage == 2:
                if len(words) == 1:
                    if words == ["PASS"]:
                        continue
                    if words == ["GANG"] and Action(ActionKind.KONG) in legal:
                        found = s
                        continue
                elif len(words) == 2:
                    tile = _tile(words[1])
                    if words[0] == "PENG" and Action(ActionKind.PUNG) in legal and claimed is not None and \
                            _after_claim(game.counts[s], [claimed] * 3, claimed, tile):
                        assert tile is not None
                        found, discards[s] = s, tile
                        continue
                elif len(words) == 3:
                    continue  # a chow, read next
                raise _Forfeit(s, "WA", answer.response)
            if len(words) != 3:
                continue
            mid = _tile(words[1])
            tile = _tile(words[2])
            if words[0] == "CHI" and mid is not None and _middle(mid) and claimed is not None:
                low = ALL_TILES[mid - 1]
                if Action(ActionKind.CHOW, low) in legal and \
                        _after_claim(game.counts[s], [low, low + 1, low + 2], claimed, tile):
                    assert tile is not None
                    found, discards[s] = s, tile
                    continue
            raise _Forfeit(s, "WA", answer.response)
    named = {found: discards[found]} if found is not None and found in discards else {}
    return _in_engine_order(game, _with_unread(taken, answers, options), options, named)


def _with_unread(taken: dict[int, Action], answers: Mapping[int, Answer],
                 options: Mapping[int, Sequence[Action]]) -> dict[int, Action]:
    """Every asked seat's answer as an action of ours where our engine takes it (the judge stops reading
    at the answer it acts on; the others' answers still go in our record when they are legal)."""
    out = dict(taken)
    for s, legal in options.items():
        if s in out:
            continue
        answer = answers[s]
        if isinstance(answer, Action):
            out[s] = answer
            continue
        words = (answer.response or "").split(" ")
        guess: Action | None = None
        if words == ["HU"]:
            guess = Action(ActionKind.WIN)
        elif words == ["GANG"]:
            guess = Action(ActionKind.KONG)
        elif len(words) == 2 and words[0] == "PENG":
            guess = Action(ActionKind.PUNG)
        elif len(words) == 3 and words[0] == "CHI":
            mid = _tile(words[1])
            if mid is not None and _middle(mid):
                guess = Action(ActionKind.CHOW, ALL_TILES[mid - 1])
        out[s] = guess if guess is not None and guess in legal else Action(ActionKind.PASS)
    return out


def _in_engine_order(game: Game, taken: Mapping[int, Action], options: Mapping[int, Sequence[Action]],
                     discards: Mapping[int, Tile] | None = None) -> Outcome:
    """The actions for the seats our engine asks, in the order it asks them (a seat not named passes)."""
    actions = []
    for s in options:
        chosen = taken.get(s, Action(ActionKind.PASS))
        if chosen not in options[s]:
            chosen = Action(ActionKind.PASS)
        actions.append((s, chosen))
    return Outcome(tuple(actions), dict(discards or {}))


# -- driving a game -----------------------------------------------------------------------------------


def _texts(turn: JudgeTurn, answers: Mapping[int, Answer]) -> list[str | None]:
    """The four seats' answers to ``turn`` as Botzone responses (our bots' actions written as theirs)."""
    out: list[str | None] = []
    for s in range(4):
        answer = answers[s]
        if isinstance(answer, Reply):
            out.append(answer.response)
            continue
        kind, tile = answer.kind, None if answer.tile is None else to_code(answer.tile)
        claimed = turn.tile or ""
        words = {ActionKind.PASS: "PASS", ActionKind.WIN: "HU", ActionKind.KONG: "GANG",
                 ActionKind.PUNG: f"PENG {claimed}", ActionKind.DISCARD: f"PLAY {tile}",
                 ActionKind.CONCEALED_KONG: f"GANG {tile}", ActionKind.ADDED_KONG: f"BUGANG {tile}"}
        if kind == ActionKind.CHOW and answer.tile is not None:
            out.append(f"CHI {to_code(answer.tile + 1)} {claimed}")
        else:
            out.append(words.get(kind, "PASS"))
    return out


def _is_current(game: Game, turn: JudgeTurn) -> bool:
    """Whether the game waits for the answers to ``turn`` (its last turn)."""
    p = turn.seat
    if turn.action == "DRAW":
        return game.phase == Phase.TURN and game.current == p and game.drawn is not None
    if turn.action in ("PLAY", "PENG", "CHI"):
        return game.phase == Phase.CLAIM and game.last_discard is not None and game.last_discard[0] == p
    if turn.action == "BUGANG":
        return game.phase == Phase.ROB and game.robbed is not None and game.robbed[0] == p
    return False


Answers = Callable[[JudgeTurn, bool], Mapping[int, Answer]]
"""Called as ``answers(turn, current)``: the four seats' answers to ``turn`` (``current``: the game waits
on this turn; otherwise it has moved past it and only passes are right)."""

NativeTurn = Callable[[int], Action]
"""Called with a seat whose next decision has no judge turn of its own (the discard after its pung or
chow) when it is one of our bots: its action."""


def referee(game: Game, answers: Answers, native: NativeTurn | None = None,
            transcript: Transcript | None = None) -> Transcript:
    """Play ``game`` to its end turn by turn, reading each turn's answers as the judge does.

    A forfeit ends the hand (``Game.forfeit``, with the turn and the offending response). The answers to
    turns after our engine has ended the hand (the last discard's, when the wall then runs out) are read
    as the judge reads them, with nothing to claim: a false ``HU`` (``WH``), a pung, chow or kong or any
    other word (``WA``) or a failed run forfeits, the exhaustive draw giving way. The discard a
    claimer named with its pung or chow is made when our engine gives it the turn, unless ``native``
    says the seat is one of our bots (it then chooses). Returns the transcript of the hand.
    """
    t = transcript if transcript is not None else Transcript(game)
    checked = 0
    named: dict[int, Tile] = {}
    for _ in range(_MAX_TURNS * 2):
        turns = t.update()
        if game.result is not None and checked == len(turns):
            return t
        if checked < len(turns):
            turn = turns[checked]
            checked += 1
            # After the hand has ended (the wall ran out after the last discard, or after a flower shown
            # for the last tile) the judge still reads every answer before it calls the draw: nothing
            # may be claimed then, so anything but a pass forfeits as it would on any turn past.
            current = game.result is None and checked == len(turns) and _is_current(game, turn)
            options: dict[int, list[Action]] = {}
            if current:
                options = {s: game.legal_actions(s) for s in game.to_act()}
            given = answers(turn, current)
            outcome = judge_turn(game, turn, given, options)
            if outcome.forfeit is not None:
                seat, reason, response = outcome.forfeit
                try:
                    game.forfeit(seat, reason, turn=turn.index, responses=_texts(turn, given))
                except IllegalActionError:
                    raise ForfeitError(seat, reason, turn.index, turn.requests[seat], response,
                                       game.rules.name) from None
                t.update()
                return t
            named.update(outcome.discards)
            for seat, action in outcome.actions:
                if game.phase == Phase.OVER or seat not in game.to_act():
                    continue
                game.apply(seat, action)
            continue
        # A decision with no judge turn of its own: the discard after a pung or chow.
        seat = game.to_act()[0]
        if seat in named:
            game.apply(seat, Action(ActionKind.DISCARD, named.pop(seat)))
        elif native is not None:
            game.apply(seat, native(seat))
        else:
            raise MajiangError(f"seat {seat} must act with no judge turn to answer and no discard named")
    raise MajiangError(f"the hand did not end in {_MAX_TURNS} judge turns")

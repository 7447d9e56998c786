"""Training drills, after seed 000's programme (麻将打法训练: know the shapes, train observation, practise
and review, set goals): 何切 (which discard), 听什么 (name the waits) and 算番 (count the fans), any ruleset.

Questions are taken from records (a game of one's own, an imported real log: ``majiang.interop.logs``) or,
without one, from seeded games of the project's bots; each is judged by the project's own judgement: the
coach's ranking of the discards (``majiang.mcr.discard_advice`` with its 8-fan awareness under Chinese
Official rules, ``majiang.game.advice.ruleset_advice`` under the others), the ruleset's winning forms for the
waits, its scorer for the fans. ``review`` gives the coach's second opinion on every discard a seat made.

>>> from majiang.records import parse_record
>>> from majiang.records.writer import play_match
>>> from majiang.bots import find_bot
>>> _, lines = play_match([find_bot("efficiency", seed=s) for s in range(4)], seed=3, hands=1)
>>> q = next(discard_questions(parse_record(lines)))
>>> q.drill, len(Hand.parse(q.hand).standing)
('discard', 14)
>>> best = judge(q, q.best[0])
>>> best.correct, best.score
(True, 1.0)
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from majiang.actions import ActionKind
from majiang.atomic import write_lines_atomically
from majiang.errors import MajiangError
from majiang.game import Game, Phase
from majiang.game.advice import ruleset_advice
from majiang.game.ruleset import Ruleset, SeatContext, find_ruleset
from majiang.hand import Hand
from majiang.mcr import discard_advice
from majiang.notation import parse_tiles
from majiang.records.format import Record
from majiang.records.steps import record_steps
from majiang.tiles import ALL_TILES, Tile

__all__ = ["DRILLS", "DrillError", "DrillLog", "Progress", "Question", "Review", "Verdict",
           "default_log_path", "discard_questions", "fans_questions", "judge", "questions", "review",
           "waits_questions"]

DRILLS = ("discard", "waits", "fans")
"""何切, 听什么, 算番."""


class DrillError(MajiangError):
    """An answer or a question a drill cannot use (what and where)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One drill question, self-contained (it can be stored and judged later).

    ``hand`` in notation: 14 tiles for ``discard``, 13 for ``waits``, a winning hand (its winning tile last)
    for ``fans``; ``visible`` the tiles seen elsewhere; ``context`` the win's facts for ``fans`` (the ruleset
    scorer's fields); ``best`` the best answers by the project's judgement (the discards ranked first, the
    waits, the total); ``played`` what the player in the record did (a discard), if known; ``source`` where
    the position comes from.
    """

    drill: str
    rules: str
    options: tuple[str, ...]
    hand: str
    best: tuple[str, ...]
    seat_wind: str = "E"
    round_wind: str = "E"
    visible: str = ""
    void: str | None = None
    context: dict[str, Any] = field(default_factory=dict)
    played: str | None = None
    source: str = ""
    origin: dict[str, Any] = field(default_factory=dict)
    """``source`` as data, for a page to word in its own language: ``hand`` and ``move`` (or ``seat``, whose
    win it is), and where the game came from when someone says (the server: ``game``, a table's id, or
    ``bot_seed``)."""

    def ruleset(self) -> Ruleset:
        """The question's ruleset with its options."""
        return find_ruleset(self.rules, self.options)

    def to_dict(self) -> dict[str, Any]:
        """As stored (JSON)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        """A question stored by ``to_dict``; DrillError for anything else."""
        try:
            data = {**data, "options": tuple(data.get("options", ())), "best": tuple(data["best"])}
            question = cls(**data)
        except (KeyError, TypeError) as err:
            raise DrillError(f"not a stored question: {err}") from None
        if question.drill not in DRILLS:
            raise DrillError(f"drill must be one of {', '.join(DRILLS)}, not {question.drill!r}")
        return question


@dataclass(frozen=True, slots=True)
class Verdict:
    """How an answer fared: ``score`` 0 to 1, ``correct`` (one of the best answers), and why, in English
    words (``why``) and as data a page words in its own language (``detail``: ``explain_fields``)."""

    score: float
    correct: bool
    best: tuple[str, ...]
    why: str
    detail: dict[str, Any] = field(default_factory=dict)
    """The facts ``why`` states, by drill (docs/training.md, *The verdict as data*): 何切 ``answer``,
    ``figures`` and ``best_figures`` (``shanten``, ``live``, ``legal_live``); 听什么 ``waits``, ``missed``,
    ``wrong``; 算番 ``given``, ``total`` and the scorer's ``score`` (its fans, as the table shows them)."""


# -- questions from records -----------------------------------------------------------------------------

def _options(rules: Ruleset) -> tuple[str, ...]:
    from majiang.records.format import rules_options

    return tuple(f"{k}={_text(v)}" for k, v in sorted(rules_options(rules).items()))


def _text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def _visible(game: Game, seat: int) -> list[Tile]:
    """What ``seat`` sees beyond its own tiles: every discard, the others' shown melds."""
    seen = [t for s in range(4) for t in game.discards[s]]
    for s in range(4):
        if s != seat:
            seen += [t for m in game.melds[s] if not m.is_concealed_kong for t in m.tiles]
    return seen


def _void(rules: Ruleset, game: Game, seat: int) -> str | None:
    void = rules.seat_context(game.view(seat)).void
    return None if void is None else "mps"[void]


def discard_questions(record: Record, seats: Iterable[int] | None = None) -> Iterator[Question]:
    """何切 at every turn of ``seats`` (by player; all if None) where the record's player discarded and
    more than one kind could go."""
    players = None if seats is None else set(seats)
    rules = record.header.rules
    options = _options(rules)
    for step in record_steps(record):
        game, line = step.game, step.next
        if line is None or line.kind != "act" or game.phase is not Phase.TURN:
            continue
        seat, text = line.data["seat"], line.data["a"]
        if not text.startswith(ActionKind.DISCARD.word + " ") or (
                players is not None and step.hand.positions.index(seat) not in players):
            continue
        discards = {a.tile for a in game.view(seat).legal if a.kind is ActionKind.DISCARD}
        if len(discards) < 2:
            continue
        hand = _with_drawn(game, seat)
        question = Question("discard", rules.name, options, hand.notation(), (),
                            game.seat_wind(seat).notation(), game.round_wind.notation(),
                            "".join(t.notation() for t in _visible(game, seat)), _void(rules, game, seat),
                            played=text.split()[1].replace("0", "5"),
                            source=f"hand {step.hand.number}, move {step.index + 1}",
                            origin={"hand": step.hand.number, "move": step.index + 1})
        yield dataclasses.replace(question, best=_best_discards(question))


def _with_drawn(game: Game, seat: int) -> Hand:
    """The seat's 14 tiles, the one just drawn last (after a claim, none was drawn: the last in order)."""
    standing = game.standing_tiles(seat)
    drawn = ALL_TILES[game.drawn] if game.drawn is not None else standing[-1]
    standing.remove(drawn)
    return Hand.of(game.melds[seat], standing, drawn)


def waits_questions(record: Record) -> Iterator[Question]:
    """听什么 for every ready holding of 13 tiles a seat had in the record (once per holding)."""
    rules = record.header.rules
    options = _options(rules)
    asked: set[tuple[str, str]] = set()
    for step in record_steps(record):
        game = step.game
        if step.done is None or step.done.kind != "act" or not step.done.data["a"].startswith("discard "):
            continue
        seat = step.done.data["seat"]
        hand = Hand.of(game.melds[seat], game.standing_tiles(seat))
        context = rules.seat_context(game.view(seat))
        waits = _waits(rules, hand, context)
        key = (hand.notation(), game.seat_wind(seat).notation())
        if not waits or key in asked:
            continue
        asked.add(key)
        yield Question("waits", rules.name, options, hand.notation(), tuple(t.notation() for t in waits),
                       game.seat_wind(seat).notation(), game.round_wind.notation(),
                       void=None if context.void is None else "mps"[context.void],
                       source=f"hand {step.hand.number}, move {step.index}",
                       origin={"hand": step.hand.number, "move": step.index})


def fans_questions(record: Record) -> Iterator[Question]:
    """算番 for every win of the record: the winning hand and the facts of the win (how it was won, the
    winds, flowers, the ruleset's table note: riichi's dora indicators); the best answer is the total the
    game scored, and the game's own breakdown is the explanation."""
    rules = record.header.rules
    options = _options(rules)
    describer = rules.describer()
    for step in record_steps(record):
        game, result = step.game, step.game.result
        if step.next is not None or result is None:
            continue
        for win in result.wins:
            state = game.view(win.seat).public_state
            note = describer.table_note(state) if state is not None else ""
            flowers = len(game.flowers[win.seat])
            facts = [str(win.win_by.value), f"seat wind {game.seat_wind(win.seat).notation()}",
                     f"round wind {game.round_wind.notation()}"]
            if game.flowers[win.seat]:
                facts.append(f"{len(game.flowers[win.seat])} flowers")
            if note:
                facts.append(note)
            yield Question("fans", rules.name, options, result.hands[win.seat].notation(),
                           (str(int(win.score.total)),), game.seat_wind(win.seat).notation(),
                           game.round_wind.notation(),
                           context={"facts": "; ".join(facts), "win_by": str(win.win_by.value),
                                    "flowers": flowers, "note": note, "explain": str(win.score.explain()),
                                    "score": win.score.to_dict()},
                           source=f"hand {step.hand.number}, the win of seat {win.seat}",
                           origin={"hand": step.hand.number, "seat": win.seat})


# -- judging ----------------------------------------------------------------------------------------------

def _rows(question: Question) -> list[tuple[str, tuple[int, int], dict[str, int | None]]]:
    """Every discard of a 何切 question, best first: (tile, comparable figures, the figures: ``shanten``,
    ``live`` effective tiles, ``legal_live`` tiles to a legal win where the ruleset has a minimum)."""
    rules = question.ruleset()
    visible = parse_tiles(question.visible) if question.visible else []
    if rules.advisor() is not None:
        profile = rules.advisor().profile  # type: ignore[union-attr]
        options = discard_advice(question.hand, visible, seat_wind=question.seat_wind,
                                 round_wind=question.round_wind, profile=profile)
        return [(o.discard.notation(), (o.shanten, -(o.legal_live or 0) - o.live),
                 _figures(o.shanten, o.legal_live, o.live)) for o in options]
    seat = SeatContext(Tile.parse(question.seat_wind), Tile.parse(question.round_wind),
                       None if question.void is None else "mps".index(question.void))
    advice = ruleset_advice(rules, question.hand, visible, seat)
    return [(o.discard.notation(), (o.shanten + (0 if not o.dead else -1), -(o.legal_live or 0) - o.live),
             _figures(o.shanten, o.legal_live, o.live)) for o in advice]


def _figures(shanten: int, legal_live: int | None, live: int) -> dict[str, int | None]:
    return {"shanten": shanten, "live": live, "legal_live": legal_live}


def _words(figures: dict[str, int | None]) -> str:
    shanten, live, legal_live = figures["shanten"], figures["live"], figures["legal_live"]
    assert shanten is not None
    away = "ready" if shanten == 0 else "beyond reach" if shanten >= 99 else f"{shanten} from ready"
    wins = "" if legal_live is None else f", {legal_live} live tiles to a legal win"
    return f"{away}, {live} live effective tiles{wins}"


def _best_discards(question: Question) -> tuple[str, ...]:
    rows = _rows(question)
    top = rows[0][1]
    return tuple(tile for tile, key, _ in rows if key == top)


def _waits(rules: Ruleset, hand: Hand, seat: SeatContext) -> list[Tile]:
    efficiency = rules.seat_efficiency(seat)
    shanten, kinds = efficiency.shanten_and_effective(hand.counts(), hand.melds)
    return [ALL_TILES[k] for k in kinds] if shanten == 0 else []


def judge(question: Question, answer: str) -> Verdict:
    """Judge ``answer`` (a tile for ``discard``, tiles for ``waits``, a number for ``fans``); DrillError
    for an answer that is no answer to the question (a tile not in the hand, not a number)."""
    text = answer.strip()
    if question.drill == "discard":
        return _judge_discard(question, text)
    if question.drill == "waits":
        return _judge_waits(question, text)
    if not text.lstrip("-").isdigit():
        raise DrillError(f"the answer to 算番 is a whole number (the hand's total), not {text[:20]!r}")
    total = int(text)
    expected = int(question.best[0])
    right = total == expected
    explain = str(question.context.get("explain", ""))
    return Verdict(1.0 if right else 0.0, right, question.best,
                   f"{'right' if right else f'{total} given'}: the total is {expected}\n{explain}",
                   {"given": total, "total": expected, "score": question.context.get("score")})


def _judge_discard(question: Question, text: str) -> Verdict:
    try:
        tiles = parse_tiles(text)
    except MajiangError as err:
        raise DrillError(f"the answer to 何切 is one tile of the hand: {err}") from None
    if len(tiles) != 1:
        raise DrillError(f"the answer to 何切 is one tile of the hand, not {len(tiles)}")
    tile = tiles[0].notation()
    rows = _rows(question)
    found = [r for r in rows if r[0] == tile]
    if not found:
        raise DrillError(f"{tile} is not in the hand {question.hand}")
    _, key, figures = found[0]
    _, top, best_figures = rows[0]
    right = tile in question.best
    if right:
        score = 1.0
    elif key[0] == top[0] and top[1]:
        score = round(key[1] / top[1], 2)  # as near a win: the share of the best live count
    else:
        score = 0.0
    best = ", ".join(question.best)
    why = (f"{tile}: {_words(figures)}" if right else
           f"{tile}: {_words(figures)}; best {best}: {_words(best_figures)}")
    return Verdict(score, right, question.best, why,
                   {"answer": tile, "figures": figures, "best_figures": best_figures})


def _judge_waits(question: Question, text: str) -> Verdict:
    try:
        given = {t.notation() for t in parse_tiles(text)} if text else set()
    except MajiangError as err:
        raise DrillError(f"the answer to 听什么 is tiles in notation: {err}") from None
    waits = set(question.best)
    right = given == waits
    score = len(given & waits) / len(given | waits) if given | waits else 1.0
    missed, wrong = sorted(waits - given), sorted(given - waits)
    parts = [f"the waits are {' '.join(question.best)}"]
    if missed:
        parts.append(f"missed {' '.join(missed)}")
    if wrong:
        parts.append(f"not waits: {' '.join(wrong)}")
    return Verdict(round(score, 2), right, question.best, "; ".join(parts),
                   {"waits": list(question.best), "missed": missed, "wrong": wrong})


# -- reviewing one's own game ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Review:
    """The coach's second opinion on one discard a player made: the position, the discard, the coach's
    best, and whether they agree."""

    question: Question
    verdict: Verdict


def review(record: Record, player: int) -> list[Review]:
    """Every discard ``player`` made in ``record`` with the coach's verdict on it."""
    if not 0 <= player < 4:
        raise DrillError(f"a player is 0 to 3, not {player}")
    out = []
    for question in discard_questions(record, [player]):
        assert question.played is not None
        out.append(Review(question, judge(question, question.played)))
    return out


def questions(record: Record, drill: str, seats: Sequence[int] | None = None) -> Iterator[Question]:
    """The questions of ``drill`` a record gives (``seats``: whose turns, for 何切)."""
    if drill == "discard":
        return discard_questions(record, seats)
    if drill == "waits":
        return waits_questions(record)
    if drill == "fans":
        return fans_questions(record)
    raise DrillError(f"drill must be one of {', '.join(DRILLS)}, not {drill!r}")


# -- a player's progress --------------------------------------------------------------------------------

LOG_FORMAT = "majiang-drills"
LOG_VERSION = 1


def default_log_path() -> str:
    """``$XDG_DATA_HOME/majiang/drills.json``, by default ``~/.local/share/majiang/drills.json``."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = base if base and os.path.isabs(base) else os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(root, "majiang", "drills.json")


@dataclass(frozen=True, slots=True)
class Progress:
    """One player's record in one drill: answers, the share correct, the mean score, the mean of the last
    ``RECENT`` answers, the scores in order, and the goal (a mean score to reach, by a date or not)."""

    drill: str
    answered: int
    correct: float
    mean: float
    recent: float
    scores: tuple[float, ...]
    goal: float | None
    by: str | None

    @property
    def met(self) -> bool | None:
        """Whether the recent mean reaches the goal (None without one)."""
        return None if self.goal is None else self.answered > 0 and self.recent >= self.goal


RECENT = 20
"""Answers the recent mean is taken over (a goal is met by the recent mean, not the all-time one)."""


class DrillLog:
    """Every player's answers and goals, kept in a JSON file written atomically (``load``/``save``)."""

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self.data: dict[str, Any] = data or {"format": LOG_FORMAT, "version": LOG_VERSION, "players": {}}

    @classmethod
    def load(cls, path: str) -> DrillLog:
        """The log at ``path`` (a new one if there is no file); DrillError for a file that is not one."""
        if not os.path.exists(path):
            return cls()
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise DrillError(f"{path}: not a drill log ({err})") from None
        if not isinstance(data, dict) or data.get("format") != LOG_FORMAT:
            raise DrillError(f"{path}: not a drill log (its format is not {LOG_FORMAT!r})")
        if data.get("version") != LOG_VERSION or not isinstance(data.get("players"), dict):
            raise DrillError(f"{path}: a drill log of version {data.get('version')!r}; this reads "
                             f"{LOG_VERSION}")
        return cls(data)

    def save(self, path: str) -> None:
        """Write the log atomically (a crash leaves the old file or the new one, never half of one)."""
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        write_lines_atomically(path, [json.dumps(self.data, ensure_ascii=False, indent=1)])

    def _player(self, name: str) -> dict[str, Any]:
        if not name.strip() or len(name) > 40:
            raise DrillError(f"a player's name is 1 to 40 characters, not {name!r}")
        players: dict[str, dict[str, Any]] = self.data["players"]
        entry: dict[str, Any] = players.setdefault(name, {"answers": [], "goals": {}})
        return entry

    def add(self, player: str, question: Question, verdict: Verdict, at: str) -> None:
        """Keep one judged answer."""
        self._player(player)["answers"].append({
            "at": at, "drill": question.drill, "rules": question.rules, "score": verdict.score,
            "correct": verdict.correct, "source": question.source})

    def set_goal(self, player: str, drill: str, target: float, by: str | None = None) -> None:
        """The player's goal in a drill: a recent mean score of ``target`` (0 to 1), by ``by`` (a date)."""
        if drill not in DRILLS:
            raise DrillError(f"drill must be one of {', '.join(DRILLS)}, not {drill!r}")
        if not 0 < target <= 1:
            raise DrillError(f"a goal is a mean score above 0 and at most 1, not {target}")
        if by is not None:
            try:
                datetime.date.fromisoformat(by)
            except ValueError:
                raise DrillError(f"a goal's date is YYYY-MM-DD, not {by!r}") from None
        self._player(player)["goals"][drill] = {"target": target, "by": by}

    def progress(self, player: str) -> list[Progress]:
        """The player's progress in each drill (DrillError for a player with no answers nor goals)."""
        found = self.data["players"].get(player)
        if found is None:
            raise DrillError(f"no player {player!r} in the log; its players are "
                             f"{', '.join(sorted(self.data['players'])) or 'none yet'}")
        out = []
        for drill in DRILLS:
            answers = [a for a in found["answers"] if a["drill"] == drill]
            scores = tuple(float(a["score"]) for a in answers)
            goal = found["goals"].get(drill)
            n = len(scores)
            out.append(Progress(drill, n, sum(a["correct"] for a in answers) / n if n else 0.0,
                                sum(scores) / n if n else 0.0,
                                sum(scores[-RECENT:]) / len(scores[-RECENT:]) if n else 0.0, scores,
                                None if goal is None else float(goal["target"]),
                                None if goal is None else goal["by"]))
        return out

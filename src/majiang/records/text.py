"""A record as a readable text log: one line per event, tiles in our notation, players by name and wind.

Each hand starts with its round, dealer and opening scores and every player's tiles after the deal;
then one line per event (draws, discards, claims, kongs, flowers, wins with their fan breakdown,
penalties, payments); then each player's change and running total. Passes are not listed (nothing
happens), nor the act of an action whose own event says it (a discard, a claim).

>>> from majiang.bots import RandomBot
>>> from majiang.records import parse_record, play_match
>>> bots = [RandomBot(seed=s) for s in range(4)]
>>> _, lines = play_match(bots, seed=5, hands=1, players=["A", "B", "C", "D"])
>>> text = list(text_log(parse_record(lines)))
>>> text[0]
'majiang record: mcr, a match of 1 hand, players A, B, C, D'
>>> text[1]
'Hand 1: round E, A deals (seat 0); dice 11 12; scores A 0, B 0, C 0, D 0'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from majiang.actions import Action, ActionKind
from majiang.errors import MajiangError
from majiang.game.ruleset import BONUS_BASE, Ruleset
from majiang.notation import format_tiles
from majiang.records.check import HandReplay, replay_record
from majiang.records.format import Record, canonical
from majiang.records.writer import ranks_itself
from majiang.tiles import ALL_TILES, Flower, seat_wind

__all__ = ["hand_text", "text_log"]

_FLOWERS = "春夏秋冬梅兰竹菊"
"""The flowers' characters, Flower.SPRING ... Flower.CHRYSANTHEMUM."""
_BY_EVENT = frozenset({ActionKind.DISCARD, ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG,
                       ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.WIN, ActionKind.PASS})
"""Actions whose effect is shown by an event of its own (or that change nothing: a pass)."""


def _tile(code: object) -> str:
    if isinstance(code, int) and not isinstance(code, bool):
        if 0 <= code < 34:
            return ALL_TILES[code].notation()
        if BONUS_BASE <= code < BONUS_BASE + 8:
            return _FLOWERS[code - BONUS_BASE]
    return canonical(code)


def _sum_line(players: tuple[str, ...], values: Iterable[int]) -> str:
    return ", ".join(f"{name} {value:+d}" for name, value in zip(players, values, strict=True))


def text_log(record: Record) -> Iterator[str]:
    """The text log of a record, line by line; the record is checked as it is read (RecordError)."""
    header = record.header
    count = len(record.hands)
    hands = f"{count} hand{'s' if count != 1 else ''}"
    kind = f"a match of {hands}" if header.match else f"{count} independent hand{'s' if count != 1 else ''}"
    options = ", ".join(f"{k}={v}" for k, v in _changed(header.rules).items())
    rules = header.rules.name + (f" ({options})" if options else "")
    yield f"majiang record: {rules}, {kind}, players {', '.join(header.players)}"
    last: HandReplay | None = None
    for hand in replay_record(record):
        yield from hand_text(hand, header.rules)
        last = hand
    if last is not None and last.points is not None and last.standings is not None \
            and ranks_itself(header.rules):
        # A ruleset that ranks the players itself (riichi): points, then final points with uma and oka.
        shown = (f"{n} {p} ({s:+g})"
                 for n, p, s in zip(header.players, last.points, last.standings, strict=True))
        yield f"Final: {', '.join(shown)}"
        return
    totals = (0, 0, 0, 0) if last is None else last.totals
    yield f"Final: {', '.join(f'{n} {t}' for n, t in zip(header.players, totals, strict=True))}"


def _changed(rules: Ruleset) -> dict[str, Any]:
    base = type(rules)()
    return {k: v for k, v in rules.options().items() if base.options().get(k) != v}


def hand_text(hand: HandReplay, rules: Ruleset) -> Iterator[str]:
    """The lines of one re-simulated hand."""
    names = hand.players
    east = hand.positions[hand.dealer]

    def who(seat: object) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3:
            return f"{names[hand.player_at(seat)]} {seat_wind(seat, east).notation()}"
        return f"seat {canonical(seat)}"

    start = hand.events[0]
    scores = start.get("scores", [0, 0, 0, 0])
    yield (f"Hand {hand.number}: round {hand.round_wind.notation()}, {names[hand.dealer]} deals (seat "
           f"{east}); dice {hand.dice[0]} {hand.dice[1]}; scores "
           f"{', '.join(f'{names[p]} {scores[hand.positions[p]]}' for p in range(4))}")
    for p in range(4):
        seat = hand.positions[p]
        flowers = "".join(_FLOWERS[f] for f in hand.start_flowers[p])
        yield f"  {who(seat)} holds {format_tiles(hand.start_tiles[p])}" + \
            (f", flowers {flowers}" if flowers else "")
    wins = iter(hand.result.wins)
    for event in hand.events[1:]:
        line = _event_line(event, who, rules, wins)
        if line is not None:
            yield f"  {line}"
    for p in range(4):
        yield f"  {names[p]}: {hand.result.hands[hand.positions[p]].notation()}"
    yield f"  Changes: {_sum_line(names, hand.deltas)}; totals {', '.join(map(str, hand.totals))}"


def _event_line(event: dict[str, Any], who: Any, rules: Ruleset, wins: Iterator[Any]) -> str | None:
    kind = event.get("e")
    seat = event.get("seat")
    if kind in ("deal", "end"):
        return None
    if kind == "draw":
        tail = " (replacement)" if event.get("tail") else ""
        return f"{who(seat)} draws {_tile(event.get('tile'))}{tail}"
    if kind == "flower":
        flower = event.get("flower")
        name = _FLOWERS[flower] if isinstance(flower, int) and 0 <= flower < 8 else canonical(flower)
        return f"{who(seat)} shows flower {name} ({Flower(flower).name.lower()})" \
            if isinstance(flower, int) and 0 <= flower < 8 else f"{who(seat)} shows flower {name}"
    if kind == "discard":
        return f"{who(seat)} discards {_tile(event.get('tile'))}"
    if kind == "claim":
        return f"{who(seat)} claims {who(event.get('from'))}'s discard: {event.get('meld')}"
    if kind == "kong":
        return f"{who(seat)} makes a concealed kong of {_tile(event.get('tile'))}"
    if kind == "add-kong":
        return f"{who(seat)} adds {_tile(event.get('tile'))} to its pung"
    if kind == "act":
        action = _action(event.get("a"))
        if action is not None and action.kind in _BY_EVENT:
            return None
        return f"{who(seat)}: {event.get('a')}"
    if kind == "win":
        win = next(wins, None)
        seats = event.get("seats", [seat])
        if event.get("self_drawn"):
            how = f"wins by drawing {_tile(event.get('tile'))} 自摸"
        elif event.get("robbing"):
            how = f"wins robbing {who(event.get('from'))}'s kong of {_tile(event.get('tile'))} 抢杠和"
        else:
            how = f"wins on {who(event.get('from'))}'s {_tile(event.get('tile'))}"
        lines = []
        for s in seats if isinstance(seats, list) else [seats]:
            score = "" if win is None else f": {rules.describer().describe_score(win.score)}"
            lines.append(f"{who(s)} {how}{score}")
            if len(seats) > 1:
                win = next(wins, None)
        return "; ".join(lines)
    if kind == "false-win":
        return f"{who(seat)} declares a false win 错和: {_deltas(event.get('deltas'), who)}"
    if kind == "forfeit":
        turn = event.get("turn")
        where = "" if turn is None else f" at judge turn {turn}"
        answers = event.get("responses")
        said = answers[seat] if isinstance(answers, list) and len(answers) == 4 and \
            isinstance(seat, int) and 0 <= seat <= 3 else None
        answer = "" if said is None else f", answering {said!r}"
        deltas = _deltas(event.get("deltas"), who)
        return f"{who(seat)} forfeits ({event.get('reason')}{where}{answer}): {deltas}"
    if kind == "payment":
        return f"payment for {event.get('reason')} ({who(seat)}): {_deltas(event.get('deltas'), who)}"
    fields = " ".join(f"{k}={canonical(v)}" for k, v in event.items() if k not in ("e", "seat"))
    return f"{who(seat) + ' ' if seat is not None else ''}{kind} {fields}".strip()


def _deltas(deltas: object, who: Any) -> str:
    if isinstance(deltas, list) and len(deltas) == 4:
        return ", ".join(f"{who(s)} {d:+d}" for s, d in enumerate(deltas) if isinstance(d, int))
    return canonical(deltas)


def _action(text: object) -> Action | None:
    try:
        return Action.parse(text) if isinstance(text, str) else None
    except MajiangError:
        return None

"""``majiang replay FILE``: a game record hand by hand, and ``--check`` to validate it completely.

Reading, checking and re-simulating are ``majiang.records``; this module prints. docs/cli.md is the
user guide and docs/records.md describes the format.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from majiang.actions import Action, ActionKind
from majiang.cli.errors import EXIT_BATCH_FAILED, EXIT_INTERNAL, fail, internal_message
from majiang.cli.options import GameRulesOpt, QuietOpt, RuleOptionOpt, ruleset
from majiang.cli.progress import ProgressReport
from majiang.cli.simulate import rules_line
from majiang.errors import MajiangError
from majiang.game.match import standard_scores
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset
from majiang.hand import WinBy
from majiang.notation import format_tiles
from majiang.records import CheckReport, HandReplay, RecordError, RecordHeader, check_record, replay
from majiang.records.format import canonical, iter_record_file
from majiang.records.writer import ranks_itself
from majiang.sim.simulate import changed_options, option_text
from majiang.tiles import ALL_TILES, Flower, seat_wind

__all__ = ["compact_play", "end_hands", "hand_json", "record_rules", "render_hand", "replay_command"]

_SHOWN_BY_EVENTS = frozenset({ActionKind.DISCARD, ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG,
                              ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.WIN,
                              ActionKind.PASS})
"""Actions whose effect has an event of its own (a discard, a claim, a kong, a win) or none (a pass):
the play shows the event. Other actions (a void suit, an exchange) are shown as the act itself."""
_QUIET = frozenset({"start", "deal", "draw", "flower", "end", "summary"})
"""Events the play does not list (the start table, the draws and the result say them)."""

_FLOWER_ZH = "春夏秋冬梅兰竹菊"
"""Flower.SPRING ... Flower.CHRYSANTHEMUM."""

FileArg = Annotated[str, typer.Argument(
    metavar="FILE", show_default=False, help="A game record (JSON lines).",
)]
CheckOpt = Annotated[bool, typer.Option(
    "--check", help="Re-simulate and validate everything; print 'ok: N hands, M actions' (exit 0) or the "
                    "first failure (exit 1).",
)]
UnverifiedOpt = Annotated[bool, typer.Option(
    "--accept-unverified-walls",
    help="With --check: accept hands recorded without a seed (a prepared or imported wall), whose walls "
         "nothing ties to a shuffle, with a warning.",
)]
JsonOpt = Annotated[bool, typer.Option(
    "--json", help='One JSON object per hand (with --check: one verdict object); errors as {"error": ...}.',
)]


def _internal(file: str, exc: Exception, *, as_json: bool) -> NoReturn:
    # The reader turns every fault of a file into a RecordError; anything else is a bug, said in one line.
    fail("replay", f"{file}: {internal_message(exc)}", as_json=as_json, code=EXIT_INTERNAL)


def _tile(code: int) -> str:
    return ALL_TILES[code].notation()


def _flowers(flowers: tuple[Flower, ...]) -> str:
    return "".join(_FLOWER_ZH[f] for f in flowers)


def _rules_of(hand: HandReplay, rules: Ruleset | None) -> Ruleset:
    if rules is not None:
        return rules
    if hand.rules is not None:
        return hand.rules
    return find_ruleset(DEFAULT_RULESET)


def _by_wind(deltas: list[int], wind: Any) -> str:
    return " ".join(f"{wind(s)}{d:+d}" for s, d in enumerate(deltas) if d) or "0"


def compact_play(hand: HandReplay) -> list[str]:
    """The hand's play in short words, by seat wind: ``E:5m`` a discard, ``S[555m,3]`` a claimed meld,
    ``W[7777s]`` a concealed kong, ``N+3p`` an added kong, ``E 和`` a win, ``S 错和`` a false win,
    ``E void m`` an opening choice, ``kong(S+6 E-2 W-2 N-2)`` a payment by seat wind; an event of another
    kind as ``E kind(key=value ...)``."""
    east = hand.positions[hand.dealer]

    def wind(seat: int) -> str:
        return seat_wind(seat, east).notation()

    words = []
    for event in hand.events:
        kind = event.get("e")
        if kind in _QUIET:
            continue
        if kind == "discard":
            words.append(f"{wind(event['seat'])}:{_tile(event['tile'])}")
        elif kind == "claim":
            words.append(f"{wind(event['seat'])}{event['meld']}")
        elif kind == "kong":
            text = _tile(event["tile"])
            words.append(f"{wind(event['seat'])}[{text[0] * 4}{text[1:]}]")
        elif kind == "add-kong":
            words.append(f"{wind(event['seat'])}+{_tile(event['tile'])}")
        elif kind == "win":
            how = "自摸" if event.get("self_drawn") else "抢杠和" if event.get("robbing") else "和"
            words.extend(f"{wind(s)} {how}" for s in event.get("seats", [event.get("seat")]))
        elif kind == "false-win":
            words.append(f"{wind(event['seat'])} 错和")
        elif kind == "act":
            action = _action(event.get("a"))
            if action is None or action.kind not in _SHOWN_BY_EVENTS:
                words.append(f"{_who(event, wind)}{event.get('a')}")
        elif kind == "payment" and _ints(event.get("deltas"), 4):
            words.append(f"{event.get('reason')}({_by_wind(event['deltas'], wind)})")
        else:
            fields = " ".join(f"{key}={_value(value)}" for key, value in event.items()
                              if key not in ("e", "seat"))
            words.append(f"{_who(event, wind)}{kind}({fields})")
    return words


def _action(text: object) -> Action | None:
    try:
        return Action.parse(text) if isinstance(text, str) else None
    except MajiangError:
        return None


def _who(event: dict[str, Any], wind: Any) -> str:
    seat = event.get("seat")
    return f"{wind(seat)} " if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3 else ""


def _ints(value: object, size: int) -> bool:
    return isinstance(value, list) and len(value) == size and \
        all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _value(value: object) -> str:
    return value if isinstance(value, str) else canonical(value)


def _win_line(hand: HandReplay, rules: Ruleset) -> list[str]:
    """One line per win, in order (several where a discard is won by several seats or play goes on)."""
    names = hand.players
    if not hand.result.wins:
        return ["荒庄: exhaustive draw, no winner"]
    lines = []
    for win in hand.result.wins:
        player = hand.player_at(win.seat)
        if win.giver is None:
            how = "self-drawn 自摸"
        elif win.win_by is WinBy.ROBBING_KONG:
            how = f"robbing {names[hand.player_at(win.giver)]}'s kong 抢杠"
        else:
            how = f"on {names[hand.player_at(win.giver)]}'s discard"
        lines.append(f"{names[player]} ({hand.seat_wind(player).notation()}) wins {how}: "
                     f"{rules.describer().describe_score(win.score)}")
    return lines


def _payments(hand: HandReplay) -> list[tuple[str, int, list[int]]]:
    """The payment events of the hand: the reason, the player who made it happen, the changes by player."""
    out = []
    for event in hand.events:
        if event.get("e") == "payment" and _ints(event.get("deltas"), 4):
            by_seat = event["deltas"]
            out.append((str(event.get("reason")), hand.player_at(event["seat"]),
                        [by_seat[hand.positions[p]] for p in range(4)]))
    return out


def _other_events(hand: HandReplay) -> list[dict[str, Any]]:
    """The events of kinds this command does not know (a ruleset's own), as recorded."""
    known = _QUIET | {"act", "discard", "claim", "kong", "add-kong", "win", "false-win", "payment"}
    return [event for event in hand.events if event.get("e") not in known]


def _penalties(hand: HandReplay) -> list[tuple[int, list[int]]]:
    """The hand's false-win penalties: the offender and the changes, by player."""
    out = []
    for event in hand.events:
        if event.get("e") == "false-win":
            by_seat = event["deltas"]
            out.append((hand.player_at(event["seat"]), [by_seat[hand.positions[p]] for p in range(4)]))
    return out


def end_hands(hand: HandReplay) -> list[str]:
    """Each player's hand as the hand ended, in notation, concealed kongs shown (``[7777s]``); a
    winner's last tile is its winning tile."""
    return [hand.result.hands[hand.positions[p]].notation() for p in range(4)]


def render_hand(console: Console, hand: HandReplay, rules: Ruleset | None = None) -> None:
    """Print one hand: who deals, the hands at the start, the play, the result, every hand at the end
    and the payments (``rules``: the record's ruleset, which describes the scores; by default the
    ruleset the hand was played under)."""
    rules = _rules_of(hand, rules)
    names = hand.players
    console.print(f"Hand {hand.number}  round {hand.round_wind.notation()} {hand.round_wind.zh}  dealer "
                  f"{names[hand.dealer]}  dice {hand.dice[0]}+{hand.dice[1]}", style="bold", markup=False)
    start = Table()
    start.add_column("Seat")
    start.add_column("Player")
    start.add_column("Hand at the start")
    flowers = any(hand.start_flowers)
    if flowers:
        start.add_column("Flowers")
    order = sorted(range(4), key=lambda p: (hand.positions[p] - hand.positions[hand.dealer]) % 4)
    for p in order:
        cells = [hand.seat_wind(p).notation(), names[p], format_tiles(hand.start_tiles[p])]
        start.add_row(*cells, *([_flowers(hand.start_flowers[p])] if flowers else []))
    console.print(start)
    console.print(f"Play ({hand.actions} actions): " + " ".join(compact_play(hand)), markup=False)
    for line in _win_line(hand, rules):
        console.print(f"Result: {line}", markup=False)
    # Sources 000 and 002: when the hand ends, won or drawn, every hand is opened, concealed kongs too.
    end = Table()
    end.add_column("Seat")
    end.add_column("Player")
    end.add_column("Hand at the end")
    shown = end_hands(hand)
    for p in order:
        last = hand.result.hands[hand.positions[p]].winning_tile
        tiles = shown[p]
        if p in hand.winners and last is not None:
            tiles += f"  (wins on {last.notation()})"
        end.add_row(hand.seat_wind(p).notation(), names[p], tiles)
    console.print(end)
    for player, deltas in _penalties(hand):
        changes = ", ".join(f"{names[p]} {deltas[p]:+d}" for p in range(4))
        console.print(f"Penalty: 错和 false win by {names[player]}: {changes}", markup=False)
    for reason, player, deltas in _payments(hand):
        changes = ", ".join(f"{names[p]} {deltas[p]:+d}" for p in range(4) if deltas[p]) or "nothing to pay"
        console.print(f"Payment: {reason} ({names[player]}): {changes}", markup=False)
    for event in _other_events(hand):
        console.print(f"Event: {_value(event)}", markup=False)
    pay = Table()
    pay.add_column("Player")
    pay.add_column("Change", justify="right")
    pay.add_column("Total", justify="right")
    for p in range(4):
        pay.add_row(names[p], f"{hand.deltas[p]:+d}", str(hand.totals[p]))
    console.print(pay)


def hand_json(hand: HandReplay, rules: Ruleset | None = None) -> dict[str, Any]:
    """One hand of ``majiang replay --json``; players by name (events of a ruleset's own kinds as
    recorded, under ``events``)."""
    names = hand.players
    rules = _rules_of(hand, rules)
    describer = rules.describer()
    return {
        "hand": hand.number,
        "rules": rules.name,
        "round": hand.round_wind.notation(),
        "dealer": names[hand.dealer],
        "dice": list(hand.dice),
        "seats": {names[p]: hand.seat_wind(p).notation() for p in range(4)},
        "start": {names[p]: {"tiles": format_tiles(hand.start_tiles[p]),
                             "flowers": len(hand.start_flowers[p])} for p in range(4)},
        "actions": hand.actions,
        "play": compact_play(hand),
        "winners": [names[p] for p in hand.winners],
        "from": None if hand.payer is None else names[hand.payer],
        "self_drawn": hand.result.self_drawn,
        "fans": [score.to_dict() for score in hand.result.scores],
        "wins": [{"player": names[hand.player_at(w.seat)], "tile": w.tile.notation(), "how": w.win_by.value,
                  "from": None if w.giver is None else names[hand.player_at(w.giver)],
                  "total": w.score.total, "score": describer.describe_score(w.score)}
                 for w in hand.result.wins],
        "end": dict(zip(names, end_hands(hand), strict=True)),
        "penalties": [{"player": names[player], "deltas": {names[p]: deltas[p] for p in range(4)}}
                      for player, deltas in _penalties(hand)],
        "payments": [{"reason": reason, "player": names[player],
                      "deltas": {names[p]: deltas[p] for p in range(4)}}
                     for reason, player, deltas in _payments(hand)],
        "events": _other_events(hand),
        "deltas": {names[p]: hand.deltas[p] for p in range(4)},
        "totals": {names[p]: hand.totals[p] for p in range(4)},
    }


def _standings(console: Console, hands: list[HandReplay]) -> None:
    """The totals and standings after the last hand: a match's as its ruleset ranks them (riichi: points,
    then final points with uma and oka), independent hands' as standard scores."""
    last = hands[-1]
    rules = _rules_of(last, None)
    own = last.standings is not None and last.points is not None and ranks_itself(rules)
    scores = last.standings if last.standings is not None else standard_scores(last.totals)
    table = Table(title=f"After {len(hands)} hand{'s' if len(hands) != 1 else ''}")
    table.add_column("Player")
    table.add_column("Points" if own else "Total", justify="right")
    table.add_column("Final points" if own else "Standard score", justify="right")
    shown = last.points if own and last.points is not None else last.totals
    for p in sorted(range(4), key=lambda p: (-scores[p], p)):
        table.add_row(last.players[p], str(shown[p]), f"{scores[p]:+g}" if own else f"{scores[p]:g}")
    console.print(table)


def record_rules(file: str) -> Ruleset:
    """The ruleset (with its options) that the header of the record ``file`` names; RecordError if the
    header cannot be read, OSError if the file cannot."""
    items = iter_record_file(file)
    try:
        header = next(items)  # the reader yields the header first, or raises
    except StopIteration:
        raise RecordError(1, "an empty file: a record starts with its header") from None
    finally:
        items.close()  # type: ignore[attr-defined]
    assert isinstance(header, RecordHeader)
    return header.rules


def _check_rules(file: str, rules: str | None, options: list[str] | None, as_json: bool) -> Ruleset | None:
    """With ``--rules``, the record must be of that ruleset; with ``--option``, played with those values
    (of ``--rules``, or of the record's own ruleset). Returns the record's ruleset, or None when the header
    cannot be read (the replay or the check then reports why)."""
    if rules is None and not options:
        return None
    try:
        named = None if rules is None else ruleset(rules, None)
    except ValueError as err:
        fail("replay", str(err), as_json=as_json)
    try:
        found = record_rules(file)
    except (OSError, RecordError):
        return None
    if named is not None and found.name != named.name:
        fail("replay", f"{file} is a record of ruleset {found.name!r}, not {named.name!r} (--rules)",
             as_json=as_json)
    try:
        wanted = ruleset(found.name, options)
    except ValueError as err:
        fail("replay", str(err), as_json=as_json)
    given = {key.replace("-", "_") for key in (text.partition("=")[0].strip() for text in options or ())}
    have, want = found.options(), wanted.options()
    differ = [key for key in want if key in given and have[key] != want[key]]
    if differ:
        played = ", ".join(f"{key}={option_text(have[key])}" for key in differ)
        asked = ", ".join(f"{key}={option_text(want[key])}" for key in differ)
        fail("replay", f"{file} was played with {played} (--option asks for {asked})", as_json=as_json)
    return found


def _checked(file: str, quiet: bool, accept_unverified_walls: bool) -> CheckReport:
    """check_record with progress on stderr: the total is the header's count of hands."""
    with ProgressReport("majiang replay", "hands", 0, quiet=quiet) as progress:
        def advance(done: int, total: int) -> None:
            progress.total = total
            progress(done, total)

        return check_record(file, progress=advance, accept_unverified_walls=accept_unverified_walls)


def replay_command(file: FileArg, check: CheckOpt = False, as_json: JsonOpt = False,
                   quiet: QuietOpt = False, rules: GameRulesOpt = None, option: RuleOptionOpt = None,
                   accept_unverified_walls: UnverifiedOpt = False) -> None:
    """Show a game record of any ruleset hand by hand, or validate it completely with --check."""
    _check_rules(file, rules, option, as_json)
    if check:
        try:
            report = _checked(file, quiet or as_json, accept_unverified_walls)
        except OSError as err:
            fail("replay", f"cannot read {file}: {err.strerror or err}", as_json=as_json)
        except Exception as exc:
            _internal(file, exc, as_json=as_json)
        if as_json:
            verdict: dict[str, Any] = {"ok": report.ok, "hands": report.hands, "actions": report.actions,
                                       "unseeded": report.unseeded}
            if report.ok and report.caveat is not None:
                verdict["caveat"] = report.caveat
            if not report.ok:
                verdict.update({"line": report.line, "error": report.reason})
            typer.echo(json.dumps(verdict, ensure_ascii=False))
        else:
            typer.echo(str(report) if report.ok else f"failed: {report}")
            if report.ok and report.caveat is not None:
                typer.echo(f"majiang replay: warning: {report.caveat}", err=True)
        raise typer.Exit(0 if report.ok else EXIT_BATCH_FAILED)
    try:
        hands = list(replay(file))
    except OSError as err:
        fail("replay", f"cannot read {file}: {err.strerror or err}", as_json=as_json)
    except RecordError as err:
        fail("replay", f"{file}: {err}", as_json=as_json)
    except Exception as exc:
        _internal(file, exc, as_json=as_json)
    if as_json:
        for hand in hands:
            typer.echo(json.dumps(hand_json(hand), ensure_ascii=False))
        return
    console = Console(highlight=False)
    if hands:
        played = _rules_of(hands[0], None)
        changed = tuple(key for key, _ in changed_options(played))
        console.print(f"Players: {', '.join(hands[0].players)}", markup=False)
        console.print(f"Rules: {rules_line(played.name, played.options(), changed)}", markup=False)
        console.print("Play: seat wind, then E:5m a discard, S[555m,3] a claimed meld, W[7777s] a concealed "
                      "kong, N+3p an added kong, 和/自摸/抢杠和 a win, 错和 a false win, E void m an opening "
                      "choice, kong(E+2 S-2) a payment by seat wind", markup=False)
        console.print()
    for hand in hands:
        render_hand(console, hand)
        console.print()
    if hands:
        _standings(console, hands)

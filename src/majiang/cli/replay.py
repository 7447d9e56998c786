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

from majiang.cli.errors import EXIT_BATCH_FAILED, EXIT_INTERNAL, fail, internal_message
from majiang.cli.options import QuietOpt
from majiang.cli.progress import ProgressReport
from majiang.game.match import standard_scores
from majiang.notation import format_tiles
from majiang.records import CheckReport, HandReplay, RecordError, check_record, replay
from majiang.tiles import ALL_TILES, Flower, seat_wind

__all__ = ["compact_play", "end_hands", "hand_json", "render_hand", "replay_command"]

_FLOWER_ZH = "春夏秋冬梅兰竹菊"
"""Flower.SPRING ... Flower.CHRYSANTHEMUM."""

FileArg = Annotated[str, typer.Argument(
    metavar="FILE", show_default=False, help="A game record (JSON lines).",
)]
CheckOpt = Annotated[bool, typer.Option(
    "--check", help="Re-simulate and validate everything; print 'ok: N hands, M actions' (exit 0) or the "
                    "first failure (exit 1).",
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


def compact_play(hand: HandReplay) -> list[str]:
    """The hand's play in short words, by seat wind: ``E:5m`` a discard, ``S[555m,3]`` a claimed meld,
    ``W[7777s]`` a concealed kong, ``N+3p`` an added kong, ``E 和`` a win, ``S 错和`` a false win."""
    east = hand.positions[hand.dealer]

    def wind(seat: int) -> str:
        return seat_wind(seat, east).notation()

    words = []
    for event in hand.events:
        kind = event.get("e")
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
    return words


def _win_line(hand: HandReplay) -> list[str]:
    names = hand.players
    if not hand.winners:
        return ["荒庄: exhaustive draw, no winner"]
    lines = []
    for player, score in zip(hand.winners, hand.result.scores, strict=True):
        how = "self-drawn 自摸" if hand.result.self_drawn else \
            f"on {names[hand.payer]}'s discard" if hand.payer is not None else "on a discard"
        fans = ", ".join(f"{hit.name} {hit.points}" for hit in score.fans)
        lines.append(f"{names[player]} ({hand.seat_wind(player).notation()}) wins {how}: {score.total} fans "
                     f"({score.fan_total} + {score.flowers} flowers): {fans}")
    return lines


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


def render_hand(console: Console, hand: HandReplay) -> None:
    """Print one hand: who deals, the hands at the start, the play, the result, every hand at the end
    and the payments."""
    names = hand.players
    console.print(f"Hand {hand.number}  round {hand.round_wind.notation()} {hand.round_wind.zh}  dealer "
                  f"{names[hand.dealer]}  dice {hand.dice[0]}+{hand.dice[1]}", style="bold", markup=False)
    start = Table()
    start.add_column("Seat")
    start.add_column("Player")
    start.add_column("Hand at the start")
    start.add_column("Flowers")
    order = sorted(range(4), key=lambda p: (hand.positions[p] - hand.positions[hand.dealer]) % 4)
    for p in order:
        start.add_row(hand.seat_wind(p).notation(), names[p], format_tiles(hand.start_tiles[p]),
                      _flowers(hand.start_flowers[p]))
    console.print(start)
    console.print(f"Play ({hand.actions} actions): " + " ".join(compact_play(hand)), markup=False)
    for line in _win_line(hand):
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
    pay = Table()
    pay.add_column("Player")
    pay.add_column("Change", justify="right")
    pay.add_column("Total", justify="right")
    for p in range(4):
        pay.add_row(names[p], f"{hand.deltas[p]:+d}", str(hand.totals[p]))
    console.print(pay)


def hand_json(hand: HandReplay) -> dict[str, Any]:
    """One hand of ``majiang replay --json``; players by name."""
    names = hand.players
    return {
        "hand": hand.number,
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
        "end": dict(zip(names, end_hands(hand), strict=True)),
        "penalties": [{"player": names[player], "deltas": {names[p]: deltas[p] for p in range(4)}}
                      for player, deltas in _penalties(hand)],
        "deltas": {names[p]: hand.deltas[p] for p in range(4)},
        "totals": {names[p]: hand.totals[p] for p in range(4)},
    }


def _standings(console: Console, hands: list[HandReplay]) -> None:
    last = hands[-1]
    scores = standard_scores(last.totals)
    table = Table(title=f"After {len(hands)} hand{'s' if len(hands) != 1 else ''}")
    table.add_column("Player")
    table.add_column("Total", justify="right")
    table.add_column("Standard score", justify="right")
    for p in sorted(range(4), key=lambda p: (-last.totals[p], p)):
        table.add_row(last.players[p], str(last.totals[p]), f"{scores[p]:g}")
    console.print(table)


def _checked(file: str, quiet: bool) -> CheckReport:
    """check_record with progress on stderr: the total is the header's count of hands."""
    with ProgressReport("majiang replay", "hands", 0, quiet=quiet) as progress:
        def advance(done: int, total: int) -> None:
            progress.total = total
            progress(done, total)

        return check_record(file, progress=advance)


def replay_command(file: FileArg, check: CheckOpt = False, as_json: JsonOpt = False,
                   quiet: QuietOpt = False) -> None:
    """Show a game record hand by hand, or validate it completely with --check."""
    if check:
        try:
            report = _checked(file, quiet or as_json)
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
        console.print(f"Players: {', '.join(hands[0].players)}", markup=False)
        console.print("Play: seat wind, then E:5m a discard, S[555m,3] a claimed meld, W[7777s] a concealed "
                      "kong, N+3p an added kong, 和/自摸/抢杠和 a win, 错和 a false win", markup=False)
        console.print()
    for hand in hands:
        render_hand(console, hand)
        console.print()
    if hands:
        _standings(console, hands)

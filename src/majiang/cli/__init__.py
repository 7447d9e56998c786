"""The ``majiang`` command line; ``majiang fan`` scores a Chinese Official (or any ruleset's) hand.

Needs the ``cli`` extra (Typer and Rich); no other part of majiang imports them. Scoring and its
checks live in the rulesets' scorers (``majiang.game.scoring``): this package reads options, maps
exceptions to messages and prints.
docs/cli.md is the user guide.

Exit codes: 0 success; 1 a batch in which some line failed; 2 bad input (notation, not a win, a
flag the hand disproves, an option value, misuse of batch mode); 3 an internal error (a bug).
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

try:
    import typer
    from rich.console import Console
except ImportError as err:  # pragma: no cover - only without the extra
    raise ImportError("the majiang command line needs the 'cli' extra: pip install 'majiang[cli]'") from err

import majiang
from majiang.cli.arena import arena_command
from majiang.cli.batch import run_batch
from majiang.cli.botzone import botzone_command, bundle_command
from majiang.cli.drill import drill_app
from majiang.cli.efficiency import analyze_command, shanten_command
from majiang.cli.errors import (
    EXIT_BATCH_FAILED,
    EXIT_INTERNAL,
    EXIT_USAGE,
    error_message,
    fail,
    is_user_error,
)
from majiang.cli.fan import FanRequest, flag, read_extra_flags, score, scorer_for
from majiang.cli.ladder import ladder_app
from majiang.cli.logs import export_command, import_command
from majiang.cli.mjai import mjai_command
from majiang.cli.odds import odds_command
from majiang.cli.play import play_command
from majiang.cli.render import render_result
from majiang.cli.replay import replay_command
from majiang.cli.rules import rules_command
from majiang.cli.serve import serve_command
from majiang.cli.sheet import sheet_app
from majiang.cli.simulate import simulate_command
from majiang.cli.tournament import tournament_app
from majiang.errors import InvalidOptionError
from majiang.hand import Hand
from majiang.mcr import PROFILES, ScoreResult, WinContext

__all__ = ["app", "main"]

app = typer.Typer(
    name="majiang",
    help="Chinese mahjong tools: a Chinese Official (国标麻将) fan calculator.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"majiang {majiang.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Chinese mahjong tools: a Chinese Official (国标麻将) fan calculator."""


_WIND_HELP = "E S W N (or 东南西北, 1z-4z)."
HandArg = Annotated[str, typer.Argument(
    metavar="HAND",
    show_default=False,
    help="The winning hand in notation (its last tile is the winning tile), or '-' to read JSON requests "
         "from stdin (with --json).",
)]
WinOpt = Annotated[str | None, typer.Option(
    "--win", metavar="HOW", show_default="discard",
    help="How the hand was won: discard 点和, self-drawn 自摸, kong-replacement 杠上开花 (self-drawn on a "
         "kong's replacement tile) or robbing-kong 抢杠和.",
)]
SelfDrawnOpt = Annotated[bool, typer.Option(
    "--self-drawn", "--tsumo", help="Short for --win self-drawn (自摸).")]
LastOfWallOpt = Annotated[bool, typer.Option(
    "--last-of-wall", help="The wall's last tile: 妙手回春 when self-drawn, 海底捞月 on a discard (riichi: "
                           "haitei / houtei).",
)]
LastCopyOpt = Annotated[bool, typer.Option(
    "--last-copy", help="和绝张: the winning tile is the last copy of its kind.",
)]
SeatOpt = Annotated[str | None, typer.Option(
    "--seat", "--seat-wind", metavar="WIND", show_default="E", help=f"Seat wind 门风: {_WIND_HELP}",
)]
RoundOpt = Annotated[str | None, typer.Option(
    "--round", "--round-wind", metavar="WIND", show_default="E", help=f"Round wind 圈风: {_WIND_HELP}",
)]
FlowersOpt = Annotated[str | None, typer.Option(
    "--flowers", metavar="N", show_default="0", help="Flowers 花牌, 0 to 8 (not counted toward the minimum).",
)]
ProfileOpt = Annotated[str | None, typer.Option(
    "--profile", metavar="NAME", show_default="mil", help=f"Rule profile: {', '.join(PROFILES)}.",
)]
JsonOpt = Annotated[bool, typer.Option(
    "--json", help='Print ScoreResult.to_dict() as one JSON line; errors as {"error": ...}.',
)]
RulesOpt = Annotated[str | None, typer.Option(
    "--rules", metavar="NAME", show_default="mcr",
    help="Scoring rules: mcr, sichuan, chengdu, riichi or any other registered ruleset, by name or alias "
         "('majiang rules' lists them; Sichuan and Chengdu: see docs/sichuan.md; riichi: docs/riichi.md).",
)]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", metavar="KEY=VALUE",
    help="One of the ruleset's options, e.g. cap_points=none, kiriage=true, profile=1998 (repeatable).",
)]
AfterKongOpt = Annotated[bool, typer.Option(
    "--after-kong", help="Sichuan 杠上炮: won on a discard made right after the discarder's kong.",
)]
HeavenlyOpt = Annotated[bool, typer.Option(
    "--heavenly", "--tenhou", help="Sichuan 天胡 / riichi tenhou: the dealer's opening hand.")]
EarthlyOpt = Annotated[bool, typer.Option(
    "--earthly", "--chiihou", help="Sichuan 地胡: a win in the first go-round; riichi chiihou: a "
                                   "non-dealer's first draw.")]
RiichiOpt = Annotated[bool, typer.Option("--riichi", help="Riichi: the winner declared riichi (立直).")]
DoubleRiichiOpt = Annotated[bool, typer.Option("--double-riichi", help="Riichi: double riichi (双重立直).")]
IppatsuOpt = Annotated[bool, typer.Option("--ippatsu", help="Riichi: won within the go-round after riichi.")]
RenhouOpt = Annotated[bool, typer.Option(
    "--renhou", help="Riichi 人和: a non-dealer's win on a discard before their first draw (scored only "
                     "with --option renhou=mangan or yakuman).")]
DoraOpt = Annotated[list[str] | None, typer.Option(
    "--dora", metavar="TILES", help="Riichi: dora indicators, e.g. 3m or 3m7z (repeatable).")]
UraOpt = Annotated[list[str] | None, typer.Option(
    "--ura", metavar="TILES", help="Riichi: ura dora indicators (with --riichi).")]
HonbaOpt = Annotated[str | None, typer.Option(
    "--honba", metavar="N", show_default="0", help="Riichi: honba counters (300 per honba).")]
SticksOpt = Annotated[str | None, typer.Option(
    "--sticks", metavar="N", show_default="0", help="Riichi: riichi sticks on the table (1000 each).")]


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def fan(
    ctx: typer.Context,
    hand: HandArg,
    win: WinOpt = None,
    self_drawn: SelfDrawnOpt = False,
    last_of_wall: LastOfWallOpt = False,
    last_copy: LastCopyOpt = False,
    seat: SeatOpt = None,
    round_: RoundOpt = None,
    flowers: FlowersOpt = None,
    profile: ProfileOpt = None,
    as_json: JsonOpt = False,
    rules: RulesOpt = None,
    option: OptionOpt = None,
    after_kong: AfterKongOpt = False,
    heavenly: HeavenlyOpt = False,
    earthly: EarthlyOpt = False,
    riichi: RiichiOpt = False,
    double_riichi: DoubleRiichiOpt = False,
    ippatsu: IppatsuOpt = False,
    renhou: RenhouOpt = False,
    dora: DoraOpt = None,
    ura: UraOpt = None,
    honba: HonbaOpt = None,
    sticks: SticksOpt = None,
) -> None:
    """Score a winning hand under Chinese Official rules (or --rules sichuan, chengdu, riichi, any ruleset).

    The flags are the fields of the ruleset's win context: one without a flag below is --NAME VALUE.
    """
    # Each flag given, by the context field it sets (None, False, an empty list: not given).
    given = {"win": win, "last_of_wall": last_of_wall, "last_copy": last_copy, "seat_wind": seat,
             "round_wind": round_, "flowers": flowers, "after_kong": after_kong, "heavenly": heavenly,
             "earthly": earthly, "riichi": riichi, "double_riichi": double_riichi, "ippatsu": ippatsu,
             "renhou": renhou, "dora": tuple(dora or ()), "ura": tuple(ura or ()), "honba": honba,
             "sticks": sticks}
    values = {name: value for name, value in given.items() if value not in (None, False, ())}
    try:
        positional, extra = read_extra_flags([hand, *ctx.args])
        if len(positional) != 1:
            raise InvalidOptionError(f"one HAND, not {len(positional)}: {' '.join(map(repr, positional))}")
    except InvalidOptionError as exc:
        fail("fan", str(exc), as_json=as_json)
    hand = positional[0]
    values.update(extra)
    if hand == "-":
        shown = {"--win": win, "--self-drawn": self_drawn, "--last-of-wall": last_of_wall,
                 "--last-copy": last_copy, "--seat": seat, "--round": round_, "--flowers": flowers,
                 "--profile": profile, "--rules": rules, "--option": option}
        named = [name for name, value in shown.items() if value not in (None, False, [])]
        named += [flag(name) for name in values if flag(name) not in shown]
        _batch(as_json, named)
    request = FanRequest(rules, tuple(option or ()), profile, self_drawn, values)
    try:
        _, scorer, plain = scorer_for(request)
        context = scorer.make_context(hand, plain)
        result = score(scorer, hand, context)
    except Exception as exc:
        code = EXIT_USAGE if is_user_error(exc) else EXIT_INTERNAL
        fail("fan", error_message(exc), as_json=as_json, code=code)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    elif isinstance(result, ScoreResult) and isinstance(context, WinContext):
        # Chinese Official fans as a table (the hand, how it was won, the winds, the profile).
        render_result(Console(highlight=False), Hand.parse(hand), context, result)
    else:
        typer.echo(result.explain())


def _batch(as_json: bool, named: list[str]) -> NoReturn:
    """``majiang fan --json -``: score the JSON lines of stdin; exit 0 if all succeeded, else 1."""
    if not as_json:
        fail("fan", "batch mode (HAND '-') reads and writes JSON only: use 'majiang fan --json -'")
    if named:
        fail("fan", f"batch mode takes each hand's rules and options from its JSON line; remove "
                    f"{', '.join(named)}", as_json=True)
    ok = run_batch(sys.stdin.buffer, sys.stdout)
    raise typer.Exit(0 if ok else EXIT_BATCH_FAILED)


app.command("odds")(odds_command)
app.command("shanten")(shanten_command)
app.command("analyze")(analyze_command)
app.command("arena")(arena_command)
app.command("botzone")(botzone_command)
app.command("botzone-bundle")(bundle_command)
app.command("export")(export_command)
app.command("import")(import_command)
app.add_typer(ladder_app, name="ladder")
app.command("mjai")(mjai_command)
app.command("play")(play_command)
app.command("replay")(replay_command)
app.command("rules")(rules_command)
app.command("serve")(serve_command)
app.add_typer(sheet_app, name="sheet")
app.add_typer(drill_app, name="drill")
app.command("simulate")(simulate_command)
app.add_typer(tournament_app, name="tournament")


def main() -> None:
    """Run the ``majiang`` command (the console script)."""
    app(prog_name="majiang")

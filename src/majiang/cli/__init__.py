"""The ``majiang`` command line; ``majiang fan`` scores a Chinese Official (or Sichuan, riichi) hand.

Needs the ``cli`` extra (Typer and Rich); no other part of majiang imports them. Scoring and its
checks live in ``majiang.mcr``: this package reads options, maps exceptions to messages and prints.
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
from majiang.cli.botzone import botzone_command
from majiang.cli.efficiency import analyze_command, shanten_command
from majiang.cli.errors import (
    EXIT_BATCH_FAILED,
    EXIT_INTERNAL,
    EXIT_USAGE,
    error_message,
    fail,
    is_user_error,
)
from majiang.cli.logs import export_command, import_command
from majiang.cli.mjai import mjai_command
from majiang.cli.odds import odds_command
from majiang.cli.options import MAX_DIGITS
from majiang.cli.play import play_command
from majiang.cli.render import render_result
from majiang.cli.replay import replay_command
from majiang.cli.riichi import RIICHI_NAMES, RiichiFlags, riichi_fan
from majiang.cli.rules import rules_command
from majiang.cli.serve import serve_command
from majiang.cli.sheet import sheet_app
from majiang.cli.sichuan import RULES, sichuan_fan
from majiang.cli.simulate import simulate_command
from majiang.errors import InvalidOptionError
from majiang.hand import Hand
from majiang.mcr import PROFILES, WinBy, find_profile, parse_wind, score, win_context
from majiang.rules.sichuan.scoring import find_options

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


def _parse_flowers(text: str) -> int:
    # Only ASCII digits: int() would also take " 3", "+3", "3_0" and other scripts' digits.
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        shown = repr(text) if len(text) <= 40 else f"a text of {len(text)} characters"
        raise InvalidOptionError(f"--flowers must be an integer from 0 to 8, not {shown}")
    return int(text)


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
    help=f"Scoring rules: {', '.join(RULES)}, riichi (Sichuan and Chengdu: see docs/sichuan.md; riichi: "
         "docs/riichi.md).",
)]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", metavar="KEY=VALUE",
    help="A Sichuan/Chengdu or riichi option, e.g. cap_points=none, kiriage=true (repeatable).",
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


@app.command()
def fan(
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
    """Score a winning hand under Chinese Official rules (or --rules sichuan/chengdu/riichi)."""
    flags = RiichiFlags(riichi, double_riichi, ippatsu, renhou, tuple(dora or ()), tuple(ura or ()), honba,
                        sticks)
    if rules is not None and rules.lower() in RIICHI_NAMES:
        try:
            win_by = _win_by(win, self_drawn)
        except ValueError as exc:
            fail("fan", str(exc), as_json=as_json)
        others = {"--last-copy": last_copy, "--flowers": flowers is not None,
                  "--profile": profile is not None, "--after-kong": after_kong}
        riichi_fan(hand, win_by=win_by, last_of_wall=last_of_wall, heavenly=heavenly, earthly=earthly,
                   seat=seat, round_=round_, flags=flags, options=option or [],
                   others=[name for name, value in others.items() if value], as_json=as_json)
        return
    if flags.given():
        fail("fan", f"{', '.join(flags.given())} only go with --rules riichi", as_json=as_json)
    if rules is not None and rules != "mcr":
        _sichuan(hand, rules, win=win, self_drawn=self_drawn, last_of_wall=last_of_wall,
                 after_kong=after_kong, heavenly=heavenly, earthly=earthly, option=option or [],
                 mcr_only={"--last-copy": last_copy, "--seat": seat, "--round": round_, "--flowers": flowers,
                           "--profile": profile}, as_json=as_json)
        return
    sichuan_only = {"--option": bool(option), "--after-kong": after_kong, "--heavenly": heavenly,
                    "--earthly": earthly}
    given = [name for name, value in sichuan_only.items() if value]
    if given:
        fail("fan", f"{', '.join(given)} only go with --rules sichuan or chengdu",
             as_json=as_json)
    if hand == "-":
        _batch(as_json, win=win, self_drawn=self_drawn, last_of_wall=last_of_wall, last_copy=last_copy,
               seat=seat, round_=round_, flowers=flowers, profile=profile)
    try:
        win_by = _win_by(win, self_drawn)
        parsed = Hand.parse(hand)
        ctx = win_context(
            parsed, win_by=win_by, last_of_wall=last_of_wall, last_copy=last_copy,
            seat_wind=parse_wind("E" if seat is None else seat, "--seat"),
            round_wind=parse_wind("E" if round_ is None else round_, "--round"),
            flowers=0 if flowers is None else _parse_flowers(flowers),
        )
        result = score(parsed, win_by=ctx.win_by, last_of_wall=ctx.last_of_wall, last_copy=ctx.last_copy,
                       seat_wind=ctx.seat_wind, round_wind=ctx.round_wind, flowers=ctx.flowers,
                       profile=find_profile("mil" if profile is None else profile))
    except Exception as exc:
        code = EXIT_USAGE if is_user_error(exc) else EXIT_INTERNAL
        fail("fan", error_message(exc), as_json=as_json, code=code)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        render_result(Console(highlight=False), parsed, ctx, result)


def _sichuan(hand: str, rules: str, *, win: str | None, self_drawn: bool, last_of_wall: bool,
             after_kong: bool, heavenly: bool, earthly: bool, option: list[str],
             mcr_only: dict[str, object], as_json: bool) -> None:
    if rules not in RULES:
        try:
            rules = find_options(rules).name  # an alias: 四川, 血战, 血流, 成都
        except InvalidOptionError:
            fail("fan", f"--rules must be one of {', '.join(RULES)}, riichi "
                        f"(or 四川, 血战, 血流, 成都, 立直), not {rules!r}", as_json=as_json)
    try:
        win_by = _win_by(win, self_drawn)
    except ValueError as exc:
        fail("fan", str(exc), as_json=as_json)
    given = [name for name, value in mcr_only.items() if value is not None and value is not False]
    sichuan_fan(hand, rules, win_by=win_by, last_of_wall=last_of_wall, after_kong=after_kong,
                heavenly=heavenly, earthly=earthly, options=option, mcr_only=given, as_json=as_json)


def _win_by(win: str | None, self_drawn: bool) -> WinBy:
    """``--win`` (default discard), with ``--self-drawn`` as its shorthand; the two must agree."""
    if win is None:
        return WinBy.SELF_DRAWN if self_drawn else WinBy.DISCARD
    try:
        how = WinBy(win.strip())
    except ValueError:
        raise ValueError(f"--win must be one of {', '.join(w.value for w in WinBy)}, not {win!r}") from None
    if self_drawn and how is not WinBy.SELF_DRAWN:
        raise ValueError(f"--self-drawn is short for --win self-drawn; it contradicts --win {how.value}")
    return how


def _batch(
    as_json: bool, *, win: str | None, self_drawn: bool, last_of_wall: bool, last_copy: bool,
    seat: str | None, round_: str | None, flowers: str | None, profile: str | None,
) -> NoReturn:
    """``majiang fan --json -``: score the JSON lines of stdin; exit 0 if all succeeded, else 1."""
    if not as_json:
        fail("fan", "batch mode (HAND '-') reads and writes JSON only: use 'majiang fan --json -'")
    options = {"--win": win, "--self-drawn": self_drawn, "--last-of-wall": last_of_wall,
               "--last-copy": last_copy, "--seat": seat, "--round": round_, "--flowers": flowers,
               "--profile": profile}
    given = [name for name, value in options.items() if value is not None and value is not False]
    if given:
        fail("fan", f"batch mode takes each hand's options from its JSON line; remove {', '.join(given)}",
              as_json=True)
    ok = run_batch(sys.stdin.buffer, sys.stdout)
    raise typer.Exit(0 if ok else EXIT_BATCH_FAILED)


app.command("odds")(odds_command)
app.command("shanten")(shanten_command)
app.command("analyze")(analyze_command)
app.command("arena")(arena_command)
app.command("botzone")(botzone_command)
app.command("export")(export_command)
app.command("import")(import_command)
app.command("mjai")(mjai_command)
app.command("play")(play_command)
app.command("replay")(replay_command)
app.command("rules")(rules_command)
app.command("serve")(serve_command)
app.add_typer(sheet_app, name="sheet")
app.command("simulate")(simulate_command)


def main() -> None:
    """Run the ``majiang`` command (the console script)."""
    app(prog_name="majiang")

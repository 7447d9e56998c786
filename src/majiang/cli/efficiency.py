"""``majiang shanten`` and ``majiang analyze``: shanten, effective tiles, waits, discard and call advice.

The figures come from ``majiang.analysis`` and ``majiang.mcr`` (the 8-fan aware advice); this module
reads the options, shapes the JSON and prints. docs/cli.md is the user guide.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from majiang.analysis import efficiency
from majiang.analysis.efficiency import (
    CallKind,
    CallOption,
    DiscardOption,
    LiveTile,
    Wait,
    live_effective,
    seen_counts,
)
from majiang.analysis.shanten import RULED_OUT, ShantenForms, effective_tiles, shanten_forms
from majiang.cli.errors import (
    EXIT_BATCH_FAILED,
    EXIT_INTERNAL,
    EXIT_USAGE,
    error_message,
    fail,
    is_user_error,
)
from majiang.cli.jsonlines import RequestError, request_keys, run_lines
from majiang.cli.options import RuleOptionOpt, ruleset
from majiang.errors import InvalidHandError, InvalidNotationError, InvalidOptionError
from majiang.game.advice import RulesetDiscard, ruleset_advice
from majiang.game.ruleset import Ruleset, SeatContext
from majiang.hand import Hand
from majiang.mcr import (
    MINIMUM,
    PROFILES,
    Profile,
    call_advice,
    discard_advice,
    find_profile,
    parse_wind,
    ready_waits,
)
from majiang.notation import parse_tiles
from majiang.seats import RelativeSeat
from majiang.tiles import Tile

__all__ = [
    "Rules",
    "ShantenReport",
    "Source",
    "analyze_command",
    "call_json",
    "discard_json",
    "render_calls",
    "render_discards",
    "render_shanten",
    "shanten_command",
    "shanten_json",
    "shanten_report",
]

_T = TypeVar("_T")

FORM_NAMES = {
    "regular": "基本和型 (four sets and a pair)",
    "seven_pairs": "七对 (seven pairs)",
    "thirteen_orphans": "十三幺 (thirteen orphans)",
    "honors_knitted": "全不靠 (honors and knitted tiles)",
    "knitted_straight": "组合龙 (knitted straight, a set and a pair)",
}
"""Each form of ``ShantenForms.as_dict()`` in words, for the readable table."""
EFFECTIVE = "Effective 有效牌 (tile×live)"


class Source(StrEnum):
    """The words ``--from`` accepts, one per ``RelativeSeat``; ``call_advice`` takes ``from_seat``."""

    LEFT = "left"
    ACROSS = "across"
    RIGHT = "right"

    @property
    def from_seat(self) -> RelativeSeat:
        """The seat as ``RelativeSeat`` (left 上家, the only one a chow may come from; across; right)."""
        return RelativeSeat[self.name]


_WIND_HELP = "E S W N (or 东南西北, 1z-4z)"
VisibleOpt = Annotated[str | None, typer.Option(
    "--visible", metavar="TILES", show_default="none",
    help="Tiles seen outside your hand (others' melds, all discards), e.g. '1p1pEE': they are not live.",
)]
SeatOpt = Annotated[str | None, typer.Option(
    "--seat", metavar="WIND", show_default="E", help=f"Seat wind 门风 for the fans of a win: {_WIND_HELP}.",
)]
RoundOpt = Annotated[str | None, typer.Option(
    "--round", metavar="WIND", show_default="E", help=f"Round wind 圈风 for the fans of a win: {_WIND_HELP}.",
)]
ProfileOpt = Annotated[str | None, typer.Option(
    "--profile", metavar="NAME", show_default="mil", help=f"Rule profile: {', '.join(PROFILES)}.",
)]


# --- options and errors -------------------------------------------------------------------------------


def _guarded(command: str, as_json: bool, work: Callable[[], _T]) -> _T:
    """``work()``, or exit with its exception's message: 2 for bad input, 3 for a bug."""
    try:
        return work()
    except Exception as exc:
        code = EXIT_USAGE if is_user_error(exc) else EXIT_INTERNAL
        fail(command, error_message(exc), as_json=as_json, code=code)


def _refuse(command: str, options: dict[str, object], why: str, *, as_json: bool) -> None:
    """Exit with an error naming every option of ``options`` that was given (``why`` it is refused)."""
    given = [name for name, value in options.items() if value is not None and value is not False]
    if given:
        fail(command, f"{why}; remove {', '.join(given)}", as_json=as_json)


def _option_tiles(text: str, option: str) -> list[Tile]:
    # The message names the option: error_message would call any notation error one of the hand.
    try:
        return parse_tiles(text)
    except InvalidNotationError as err:
        raise InvalidOptionError(f"{option}: {err}") from None


@dataclass(frozen=True, slots=True)
class Rules:
    """Seat and round wind and profile: what the fans of a win depend on besides the hand."""

    seat_wind: Tile
    round_wind: Tile
    profile: Profile

    @classmethod
    def read(cls, seat: str | None, round_: str | None, profile: str | None) -> Rules:
        """Rules from the command-line options (E, E and mil when not given)."""
        return cls(parse_wind("E" if seat is None else seat, "--seat"),
                   parse_wind("E" if round_ is None else round_, "--round"),
                   find_profile("mil" if profile is None else profile))

    def describe(self) -> str:
        """``seat E, round E, profile mil``."""
        winds = f"seat {self.seat_wind.notation()}, round {self.round_wind.notation()}"
        return f"{winds}, profile {self.profile.name}"


def _batch(command: str, as_json: bool, options: dict[str, object], answer: Callable[[object], dict[str, Any]]
           ) -> NoReturn:
    """``majiang COMMAND --json -``: answer the JSON lines of stdin; exit 0 if all succeeded, else 1."""
    if not as_json:
        fail(command, f"batch mode (HAND '-') reads and writes JSON only: use 'majiang {command} --json -'",
              as_json=False)
    _refuse(command, options, "batch mode takes each hand from its JSON line", as_json=True)
    ok = run_lines(sys.stdin.buffer, sys.stdout, answer)
    raise typer.Exit(0 if ok else EXIT_BATCH_FAILED)


# --- majiang shanten ----------------------------------------------------------------------------------

def _json_forms(forms: ShantenForms) -> dict[str, int | None]:
    """The forms as JSON shows them: ``null`` for ``RULED_OUT`` (a form the melds rule out).

    >>> _json_forms(shanten_forms("[123m]456p789s1122z"))["seven_pairs"] is None
    True
    """
    return {name: None if value == RULED_OUT else value for name, value in forms.as_dict().items()}


def shanten_json(hand: str) -> dict[str, Any]:
    """The ``--json`` object of ``majiang shanten``: minimum, every form, the effective tiles (13 tiles).

    >>> shanten_json("19m19p19sESWNPFC")["shanten"], shanten_json("1112345678999m5m")["effective"]
    (0, [])
    """
    if not isinstance(hand, str):  # shanten_forms would also take a list of tile numbers
        raise RequestError(f"hand must be a string in hand notation, not {json.dumps(hand)}")
    parsed = Hand.parse(hand)
    forms = shanten_forms(parsed)
    effective = [] if parsed.winning_tile is not None else [t.notation() for t in effective_tiles(parsed)]
    return {"shanten": forms.value, "forms": _json_forms(forms), "effective": effective}


def _shanten_answer(request: object) -> dict[str, Any]:
    return shanten_json(request_keys(request, ("hand",))["hand"])


@dataclass(frozen=True, slots=True)
class ShantenReport:
    """What ``majiang shanten`` prints: ``effective`` is ``None`` after the draw (14 tiles)."""

    hand: Hand
    visible: tuple[Tile, ...]
    rules: Rules
    forms: ShantenForms
    effective: tuple[LiveTile, ...] | None
    waits: tuple[Wait, ...]


def shanten_report(hand: str, visible: str | None = None, seat: str | None = None, round_: str | None = None,
                   profile: str | None = None) -> ShantenReport:
    """Shanten of every form, live effective tiles and (when ready) the waits with their fans."""
    parsed = Hand.parse(hand)
    seen = _option_tiles(visible or "", "--visible")
    rules = Rules.read(seat, round_, profile)
    forms = shanten_forms(parsed)
    if parsed.winning_tile is not None:
        seen_counts(parsed, seen)  # the visible tiles must fit beside the hand all the same
        return ShantenReport(parsed, tuple(seen), rules, forms, None, ())
    waits = ready_waits(parsed, seen, seat_wind=rules.seat_wind, round_wind=rules.round_wind,
                        profile=rules.profile) if forms.value == 0 else ()
    return ShantenReport(parsed, tuple(seen), rules, forms, live_effective(parsed, seen), waits)


def shanten_command(
    hand: Annotated[str, typer.Argument(
        metavar="HAND", show_default=False,
        help="13 tiles (waiting to draw) or 14 (after the draw), kongs counting 3; or '-' to read JSON lines "
             "from stdin (with --json).",
    )],
    visible: VisibleOpt = None,
    seat: SeatOpt = None,
    round_: RoundOpt = None,
    profile: ProfileOpt = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help='Print {"shanten", "forms", "effective"} as one JSON line; errors as {"error": ...}.',
    )] = False,
) -> None:
    """Shanten 向听数 for every winning form, the effective tiles 有效牌, and the waits of a ready hand."""
    options: dict[str, object] = {"--visible": visible, "--seat": seat, "--round": round_,
                                  "--profile": profile}
    if hand == "-":
        _batch("shanten", as_json, options, _shanten_answer)
    if as_json:
        _refuse("shanten", options, "the JSON object has no live counts or fans", as_json=True)
        typer.echo(json.dumps(_guarded("shanten", True, lambda: shanten_json(hand)), ensure_ascii=False))
        return
    report = _guarded("shanten", False, lambda: shanten_report(hand, visible, seat, round_, profile))
    render_shanten(Console(highlight=False), report)


# --- majiang analyze ----------------------------------------------------------------------------------

def _live_json(tiles: Iterable[LiveTile]) -> list[dict[str, Any]]:
    return [{"tile": e.tile.notation(), "live": e.live} for e in tiles]


def _wait_json(w: Wait) -> dict[str, Any]:
    return {"tile": w.tile.notation(), "live": w.live, "fans_discard": w.fans_discard,
            "fans_self_drawn": w.fans_self_drawn, "legal": w.legal}


def discard_json(option: DiscardOption) -> dict[str, Any]:
    """One row of ``majiang analyze --json``."""
    return {"discard": option.discard.notation(), "shanten": option.shanten,
            "effective": _live_json(option.effective), "live": option.live, "legal_live": option.legal_live,
            "waits": [_wait_json(w) for w in option.waits]}


def call_json(option: CallOption) -> dict[str, Any]:
    """One row of ``majiang analyze --call TILE --from SEAT --json``."""
    return {"kind": option.kind.value, "meld": None if option.meld is None else option.meld.notation(),
            "discard": None if option.discard is None else option.discard.notation(),
            "shanten": option.shanten, "effective": _live_json(option.effective), "live": option.live}


def _discards(hand: str, visible: str | None, rules: Rules, fan_check: bool
              ) -> tuple[Hand, list[DiscardOption]]:
    parsed = Hand.parse(hand)
    if parsed.winning_tile is None:
        raise InvalidHandError(
            f"{parsed.notation()} is waiting to draw (13 tiles, kongs counting 3): analyze takes the hand "
            "after its draw (14); run 'majiang shanten' for its shanten and effective tiles, or add "
            "--call TILE --from SEAT for a discard to claim"
        )
    seen = _option_tiles(visible or "", "--visible")
    return parsed, discard_advice(parsed, seen, seat_wind=rules.seat_wind, round_wind=rules.round_wind,
                                  profile=rules.profile, fan_check=fan_check)


def _calls(hand: str, tile: str, source: Source, visible: str | None, rules: Rules, fan_check: bool
           ) -> tuple[Hand, Tile, list[CallOption]]:
    parsed = Hand.parse(hand)
    tiles = _option_tiles(tile, "--call")
    if len(tiles) != 1:
        raise InvalidOptionError(f"--call takes one tile, not {len(tiles)}: {tile!r}")
    claimed = tiles[0]
    seen = _option_tiles(visible or "", "--visible")
    if not fan_check:
        return parsed, claimed, efficiency.call_efficiency(parsed, claimed, from_seat=source.from_seat,
                                                           visible=seen)
    return parsed, claimed, call_advice(parsed, claimed, from_seat=source.from_seat, visible=seen,
                                        seat_wind=rules.seat_wind, round_wind=rules.round_wind,
                                        profile=rules.profile)


def analyze_command(
    hand: Annotated[str, typer.Argument(
        metavar="HAND", show_default=False,
        help="The hand after its draw (14 tiles, kongs counting 3; the last is the drawn tile), or 13 tiles "
             "with --call.",
    )],
    visible: VisibleOpt = None,
    seat: SeatOpt = None,
    round_: RoundOpt = None,
    profile: ProfileOpt = None,
    no_fan_check: Annotated[bool, typer.Option(
        "--no-fan-check", help="Rank by shanten and live tiles only, without the 8-fan minimum.",
    )] = False,
    call: Annotated[str | None, typer.Option(
        "--call", metavar="TILE",
        help="Judge claiming this discard (with --from): pass, win, chow, pung or kong.",
    )] = None,
    source: Annotated[Source | None, typer.Option(
        "--from", metavar="SEAT", help="Who discarded the --call tile: left 上家, across 对家 or right 下家.",
    )] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help='Print the table as one JSON list; errors as {"error": ...}.',
    )] = False,
    rules_name: Annotated[str | None, typer.Option(
        "--rules", metavar="NAME", show_default=False,
        help="Advise under this ruleset ('majiang rules' lists them): its winning forms and the worth of its "
             "wins. Chinese Official (8-fan aware) when not given.",
    )] = None,
    option: RuleOptionOpt = None,
    void: Annotated[str | None, typer.Option(
        "--void", metavar="SUIT",
        help="Under rules whose wins lack a suit (Sichuan): the suit given up, m, p or s (default: the "
             "best).",
    )] = None,
) -> None:
    """Discard advice 何切 for a hand after its draw, or with --call whether to claim a discard."""
    if (call is None) != (source is None):
        fail("analyze", "--call TILE and --from SEAT go together", as_json=as_json)
    if rules_name is not None or option or void is not None:
        chosen = _guarded("analyze", as_json, lambda: ruleset(rules_name, option))
        advisor = chosen.advisor()
        if advisor is None:
            _refuse("analyze", {"--profile": profile, "--call": call, "--no-fan-check": no_fan_check or None},
                    f"ruleset {chosen.name!r} is advised by its own forms (no fans, no call advice)",
                    as_json=as_json)
            _ruleset_discards(chosen, hand, visible, seat, round_, void, as_json)
            return
        if void is not None:
            fail("analyze", f"--void is for rules whose wins lack a suit; ruleset {chosen.name!r} has none",
                 as_json=as_json)
        if profile is not None and option and any(o.startswith("profile=") for o in option):
            fail("analyze", "--profile and --option profile=... say the same: give one", as_json=as_json)
        profile = profile or advisor.profile
    if no_fan_check:
        _refuse("analyze", {"--seat": seat, "--round": round_, "--profile": profile},
                "--no-fan-check counts no fans", as_json=as_json)
    rules = _guarded("analyze", as_json, lambda: Rules.read(seat, round_, profile))
    console = Console(highlight=False)
    if call is not None and source is not None:
        fan_check = not no_fan_check
        parsed, claimed, calls = _guarded("analyze", as_json,
                                          lambda: _calls(hand, call, source, visible, rules, fan_check))
        if as_json:
            typer.echo(json.dumps([call_json(o) for o in calls], ensure_ascii=False))
        else:
            render_calls(console, parsed, claimed, source, calls)
        return
    parsed, discards = _guarded("analyze", as_json, lambda: _discards(hand, visible, rules, not no_fan_check))
    if as_json:
        typer.echo(json.dumps([discard_json(o) for o in discards], ensure_ascii=False))
    else:
        render_discards(console, parsed, discards, None if no_fan_check else rules)


def _ruleset_discards(rules: Ruleset, hand: str, visible: str | None, seat: str | None, round_: str | None,
                     void: str | None, as_json: bool) -> None:
    """``majiang analyze --rules R``: every discard under a ruleset advised by its own forms."""
    def advise() -> tuple[Hand, list[RulesetDiscard]]:
        if void is not None and not rules.missing_suit:
            raise InvalidOptionError("--void is for rules whose wins lack a suit; ruleset "
                                     f"{rules.name!r} has none")
        if void is not None and void not in ("m", "p", "s"):
            raise InvalidOptionError(f"--void takes a suit, m, p or s, not {void!r}")
        context = SeatContext(parse_wind(seat or "E", "--seat"), parse_wind(round_ or "E", "--round"),
                              None if void is None else "mps".index(void))
        parsed = Hand.parse(hand)
        return parsed, ruleset_advice(rules, parsed, _option_tiles(visible or "", "--visible"), context)

    parsed, rows = _guarded("analyze", as_json, advise)
    if as_json:
        typer.echo(json.dumps([r.to_dict() for r in rows], ensure_ascii=False))
        return
    console = Console(highlight=False)
    _print_hand(console, parsed)
    console.print(f"Rules:     {rules.name}: waits worth 点和/自摸 on its scale (— no win)", markup=False)
    table = Table()
    for name, justify in (("Discard", "left"), ("Shanten", "right"), (EFFECTIVE, "left"), ("Live", "right"),
                          ("Win live", "right"), ("Waits: worth 点和/自摸", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for r in rows:
        waits = "\n".join(f"{w.tile.notation()}×{w.live}: {_worth(w.points_discard)}/"
                          f"{_worth(w.points_self_drawn)}" for w in r.waits)
        shanten = "—" if r.shanten >= RULED_OUT else str(r.shanten)
        table.add_row(*map(escape, [r.discard.notation() + (" (void)" if r.dead else ""), shanten,
                                    _live_text(r.effective), str(r.live), _worth(r.legal_live), waits]))
    console.print(table)


def _worth(value: int | None) -> str:
    return "—" if value is None else str(value)


# --- readable output ----------------------------------------------------------------------------------

def _describe_shanten(value: int) -> str:
    if value == -1:
        return "-1  complete 和牌"
    if value == 0:
        return "0  ready 听牌"
    return f"{value}  {value}向听 ({value} useful draws from ready)"


def _live_text(tiles: Iterable[LiveTile]) -> str:
    return " ".join(f"{e.tile.notation()}×{e.live}" for e in tiles) or "—"


def _fans_text(fans: int | None) -> str:
    if fans is None:
        return "—"
    return f"{fans}" if fans >= MINIMUM else f"{fans} (below {MINIMUM})"


def _print_hand(console: Console, hand: Hand, visible: Iterable[Tile] = ()) -> None:
    drawn = ("waiting to draw" if hand.winning_tile is None
             else f"after drawing {hand.winning_tile.notation()}")
    console.print(f"Hand:      {hand.notation()}  ({drawn})", markup=False)
    shown = "".join(t.notation() for t in visible)
    if shown:
        console.print(f"Visible:   {shown}", markup=False)


def render_shanten(console: Console, report: ShantenReport) -> None:
    """Print the hand, its shanten, each form's, the live effective tiles and a ready hand's waits."""
    _print_hand(console, report.hand, report.visible)
    console.print(f"Shanten:   {_describe_shanten(report.forms.value)}", markup=False)
    forms = Table()
    forms.add_column("Form")
    forms.add_column("Shanten", justify="right")
    forms.add_column("")
    for name, value in _json_forms(report.forms).items():
        best = "minimum" if value == report.forms.value else ""
        forms.add_row(FORM_NAMES[name], "—" if value is None else str(value), best)
    console.print(forms)
    if report.effective is None:
        console.print("Effective: per discard after a draw: run 'majiang analyze'", markup=False)
        return
    effective = report.effective
    total = sum(e.live for e in effective)
    console.print(f"{EFFECTIVE}: {len(effective)} kinds, {total} live: {_live_text(effective)}",
                  markup=False)
    if not report.waits:
        return
    console.print(f"Waits 听牌:  fans with {report.rules.describe()}; a win needs {MINIMUM}", markup=False)
    waits = Table()
    waits.add_column("Wait")
    waits.add_column("Live", justify="right")
    waits.add_column("On a discard 点和", justify="right")
    waits.add_column("Self-drawn 自摸", justify="right")
    for w in report.waits:
        live = f"{w.live} (exhausted)" if w.exhausted else str(w.live)
        waits.add_row(w.tile.notation(), live, _fans_text(w.fans_discard), _fans_text(w.fans_self_drawn))
    console.print(waits)


def _wait_text(w: Wait) -> str:
    text = f"{w.tile.notation()}×{w.live}"
    if w.exhausted:
        text += " exhausted"
    if w.fans_discard is not None:
        text += f": {w.fans_discard}/{w.fans_self_drawn}"
    if w.legal is False:
        text += f" <{MINIMUM}"
    return text


def render_discards(console: Console, hand: Hand, options: list[DiscardOption], rules: Rules | None) -> None:
    """Print one row per discard, best first; ``rules`` is ``None`` without the fan check."""
    _print_hand(console, hand)
    if rules is None:
        console.print("Fans:      not checked (--no-fan-check)", markup=False)
    else:
        console.print(f"Fans:      {rules.describe()}; a win needs {MINIMUM} (flowers excluded)",
                      markup=False)
        console.print(f"           {MINIMUM}-fan live: live copies of the tiles that lead to such a win",
                      markup=False)
    table = Table()
    table.add_column("Discard")
    table.add_column("Shanten", justify="right")
    table.add_column(EFFECTIVE)
    table.add_column("Live", justify="right")
    if rules is not None:
        table.add_column(f"{MINIMUM}-fan live", justify="right")
    table.add_column("Waits: fans 点和/自摸" if rules is not None else "Waits")
    for o in options:
        row = [o.discard.notation(), str(o.shanten), _live_text(o.effective), str(o.live)]
        if rules is not None:
            row.append("—" if o.legal_live is None else str(o.legal_live))
        row.append("\n".join(_wait_text(w) for w in o.waits))
        table.add_row(*map(escape, row))
    console.print(table)


_CALL_NAMES = {CallKind.WIN: "win 和", CallKind.PASS: "pass 过", CallKind.CHOW: "chow 吃",
               CallKind.PUNG: "pung 碰", CallKind.KONG: "kong 杠"}


def render_calls(console: Console, hand: Hand, tile: Tile, source: Source, options: list[CallOption]) -> None:
    """Print passing and each claim of ``tile``, best first, with the discard after it and its figures."""
    _print_hand(console, hand)
    console.print(f"Call:      {tile.notation()} from {source.value} ({source.from_seat.zh})", markup=False)
    table = Table()
    table.add_column("Option")
    table.add_column("Meld")
    table.add_column("Then discard")
    table.add_column("Shanten", justify="right")
    table.add_column(EFFECTIVE)
    table.add_column("Live", justify="right")
    for o in options:
        meld = "—" if o.meld is None else o.meld.notation()
        if o.discard is not None:
            then = o.discard.notation()
        else:
            then = "— (replacement draw)" if o.kind == CallKind.KONG else "—"
        row = [_CALL_NAMES[o.kind], meld, then, str(o.shanten), _live_text(o.effective), str(o.live)]
        table.add_row(*map(escape, row))
    console.print(table)

"""``majiang fan --rules riichi``: score a Japanese riichi win and explain it (yaku, han, fu, points)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import typer

from majiang.cli.errors import EXIT_INTERNAL, EXIT_USAGE, error_message, fail, is_user_error
from majiang.cli.options import MAX_DIGITS
from majiang.errors import InvalidOptionError
from majiang.hand import WinBy
from majiang.mcr import parse_wind
from majiang.notation import parse_tiles
from majiang.riichi import RiichiOptions, WinContext, score
from majiang.tiles import Tile

__all__ = ["RIICHI_NAMES", "RiichiFlags", "riichi_fan"]

RIICHI_NAMES = ("riichi", "立直", "立直麻将", "tenhou")
"""The names ``--rules`` takes for riichi scoring."""


@dataclass(frozen=True, slots=True)
class RiichiFlags:
    """The riichi-only options of ``majiang fan`` as given (``None``/``False`` when not)."""

    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    renhou: bool = False
    dora: tuple[str, ...] = ()
    ura: tuple[str, ...] = ()
    honba: str | None = None
    sticks: str | None = None

    def given(self) -> list[str]:
        """The command-line names of the flags that were given."""
        names = {"--riichi": self.riichi, "--double-riichi": self.double_riichi, "--ippatsu": self.ippatsu,
                 "--renhou": self.renhou, "--dora": self.dora, "--ura": self.ura,
                 "--honba": self.honba is not None, "--sticks": self.sticks is not None}
        return [name for name, value in names.items() if value]


def _count(text: str | None, name: str) -> int:
    if text is None:
        return 0
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        shown = repr(text) if len(text) <= 40 else f"a text of {len(text)} characters"
        raise InvalidOptionError(f"{name} must be a whole number, not {shown}")
    return int(text)


def _indicators(values: tuple[str, ...], name: str) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for text in values:
        try:
            tiles += parse_tiles(text.replace("0", "5"))
        except ValueError as exc:
            raise InvalidOptionError(f"{name}: {exc}") from None
    return tuple(tiles)


def riichi_fan(hand: str, *, win_by: WinBy, last_of_wall: bool, heavenly: bool, earthly: bool,
               seat: str | None, round_: str | None, flags: RiichiFlags, options: list[str],
               others: list[str], as_json: bool) -> None:
    """Score ``hand`` under riichi rules with the given situation and ``--option key=value`` changes."""
    try:
        if others:
            raise InvalidOptionError(f"{', '.join(others)} do not go with --rules riichi")
        if hand == "-":
            raise InvalidOptionError("batch mode (HAND '-') scores Chinese Official hands only, "
                                     "not --rules riichi")
        chosen = RiichiOptions()
        for text in options:
            chosen = chosen.parse(text)
        tsumo = win_by.self_drawn
        context = WinContext(
            tsumo=tsumo, riichi=flags.riichi or flags.double_riichi, double_riichi=flags.double_riichi,
            ippatsu=flags.ippatsu, rinshan=win_by is WinBy.KONG_REPLACEMENT,
            chankan=win_by is WinBy.ROBBING_KONG, haitei=last_of_wall and tsumo,
            houtei=last_of_wall and not tsumo, tenhou=heavenly, chiihou=earthly, renhou=flags.renhou,
            seat_wind=parse_wind("E" if seat is None else seat, "--seat-wind"),
            round_wind=parse_wind("E" if round_ is None else round_, "--round-wind"),
            dora_indicators=_indicators(flags.dora, "--dora"), ura_indicators=_indicators(flags.ura, "--ura"),
            honba=_count(flags.honba, "--honba"), riichi_sticks=_count(flags.sticks, "--sticks"))
        result = score(hand, context, chosen)
    except Exception as exc:
        code = EXIT_USAGE if is_user_error(exc) else EXIT_INTERNAL
        fail("fan", error_message(exc), as_json=as_json, code=code)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        typer.echo(result.explain())

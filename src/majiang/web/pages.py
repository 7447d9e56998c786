"""The web pages: the static files, the page routes and the stateless JSON endpoints behind them.

``router`` is a FastAPI ``APIRouter`` that the server mounts through ``create_app(routers=[router])``:
``/`` (lobby), ``/table/{id}``, ``/calc`` (calculator), ``/coach``, ``/replay`` and ``/static/...``;
``POST /api/calc`` scores a winning hand (Chinese Official fans with both names and the melds behind
each, or under any ruleset its body names), ``GET /api/calc/fields`` says what the calculator's form
shows for a ruleset (its win context's fields and its options), ``POST /api/coach`` ranks the discards
of a hand (8-fan aware) and ``POST /api/replay`` turns a ``majiang-record`` document into frames to step
through. Errors answer 400 with ``{"error": message}``. Bodies are read up to their limit only (413
beyond, ``majiang.web.limits.read_body``), and the work runs in the app's worker processes
(``majiang.web.jobs``: 503 when they are all busy), never on the loop that serves the tables.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from majiang.analysis.efficiency import DiscardOption
from majiang.errors import MajiangError
from majiang.game import Game, Phase
from majiang.game.advice import ruleset_advice
from majiang.game.ruleset import Ruleset, SeatContext, find_ruleset, ruleset_names, score_plain
from majiang.hand import Hand, WinBy
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.mcr import PROFILES, ScoreResult, discard_advice, score
from majiang.meld import Meld
from majiang.notation import parse_tiles
from majiang.records import parse_record
from majiang.records.steps import record_steps
from majiang.tiles import ALL_TILES, WINDS, Tile
from majiang.web.jobs import Jobs
from majiang.web.limits import read_body

__all__ = ["MAX_BODY", "MAX_RECORD", "STATIC", "advice_json", "calc_json", "replay_json", "router"]

STATIC = Path(__file__).with_name("static")
"""The pages' HTML, CSS and JavaScript (plain ES modules, no build step)."""

MAX_BODY = 16_384
"""Largest body of ``/api/calc`` and ``/api/coach`` (bytes)."""

MAX_RECORD = 8_000_000
"""Largest record ``/api/replay`` reads (bytes; a 16-hand match is about 250 kB)."""

_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}

_PAGES = {"/": "index.html", "/calc": "calc.html", "/coach": "coach.html", "/replay": "replay.html",
          "/ladder": "ladder.html", "/drill": "drill.html"}

router = APIRouter()


class BadRequest(MajiangError):
    """A request body the endpoints cannot use (not JSON, a field of the wrong type, too big)."""


def _page(name: str) -> Callable[[], FileResponse]:
    def serve() -> FileResponse:
        return FileResponse(STATIC / name, media_type=_TYPES[".html"])
    serve.__name__ = f"page_{name.split('.')[0]}"
    return serve


for _route, _file in _PAGES.items():
    router.add_api_route(_route, _page(_file), methods=["GET"], include_in_schema=False)


@router.get("/table/{table_id}", include_in_schema=False)
def table_page(table_id: str) -> FileResponse:
    """The table view (it reads the table id, player and token from its own URL)."""
    return FileResponse(STATIC / "table.html", media_type=_TYPES[".html"])


@router.get("/static/{name}", include_in_schema=False)
def static_file(name: str) -> Response:
    """One file of the static folder (flat: no sub-folders, so no path can leave it)."""
    path = STATIC / name
    kind = _TYPES.get(path.suffix)
    if kind is None or "/" in name or "\\" in name or name.startswith(".") or not path.is_file():
        return JSONResponse({"error": f"no static file {name!r}"}, status_code=404)
    return FileResponse(path, media_type=kind, headers={"Cache-Control": "no-cache"})


def _error(err: Exception) -> JSONResponse:
    return JSONResponse({"error": str(err)}, status_code=400)


def _json_bytes(value: object) -> bytes:
    # as JSONResponse renders it, done in the worker: a big replay's frames are tens of megabytes
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def calc_job(raw: bytes) -> bytes:
    """The ``/api/calc`` answer to a body, as JSON bytes (run in a worker)."""
    return _json_bytes(calc_json(_object(raw)))


def coach_job(raw: bytes) -> bytes:
    """The ``/api/coach`` answer to a body, as JSON bytes (run in a worker)."""
    return _json_bytes(advice_json(_object(raw)))


def replay_job(raw: bytes) -> bytes:
    """The ``/api/replay`` answer to a record sent as the body, as JSON bytes (run in a worker)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadRequest(f"the record is not UTF-8: {err}") from None
    return _json_bytes(replay_json(text.splitlines()))


async def _answer(request: Request, job: Callable[[bytes], bytes], limit: int) -> Response:
    """Read the body (at most ``limit`` bytes) and answer it with ``job`` run in a worker."""
    raw = await read_body(request, limit)
    jobs: Jobs = request.app.state.jobs
    try:
        return Response(await jobs.run(job, raw), media_type="application/json")
    except (MajiangError, TypeError) as err:
        return _error(err)


def _object(raw: bytes) -> dict[str, Any]:
    try:
        data = loads_strict(raw)
    except StrictJSONError as err:
        raise BadRequest(f"the body is not JSON: {err}") from None
    if not isinstance(data, dict):
        raise BadRequest("the body must be a JSON object")
    return data


def _field(data: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    value = data.get(key, default)
    # bool is an int in Python; a flag must not be read as a count or the other way round
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(f"{key!r} must be {kind.__name__}, not {value!r}")
    return value


def _meld_json(notation: str) -> dict[str, Any]:
    meld = Meld.parse(notation)
    return {"notation": notation, "tiles": [t.notation() for t in meld.tiles],
            "concealed_kong": meld.is_concealed_kong}


def calc_json(data: dict[str, Any]) -> dict[str, Any]:
    """Score the hand of a ``/api/calc`` body: fans with Chinese and English names, values and melds.

    A body with ``rules`` (or ``options``) is scored by that ruleset's scorer, its other keys the fields
    of the ruleset's win context (``majiang.game.scoring.score_plain``, as ``majiang fan --json -``
    reads a line); the answer adds the ruleset, the score's ``explain()`` text and its ``to_dict()``.

    >>> r = calc_json({"hand": "[567m,2]123p456s99sCCC"})
    >>> r["total"], [(f["name"], f["en"], f["melds"]) for f in r["fans"]]
    (2, [('箭刻', 'Dragon Pung', ['CCC'])])
    >>> r = calc_json({"hand": "234567m234p3488s 2s", "rules": "riichi", "win": "self-drawn"})
    >>> r["rules"], r["total"], r["score"]["points"]
    ('riichi', 5, 12000)
    """
    text = _field(data, "hand", str, "")
    if not text.strip():
        raise BadRequest("'hand' is empty: write a winning hand in notation, the winning tile last")
    if "rules" in data or "options" in data:
        return _rules_json(data)
    hand = Hand.parse(text)
    win_by = _field(data, "win_by", str, "discard")
    if win_by not in {w.value for w in WinBy}:
        raise BadRequest(f"'win_by' must be one of {', '.join(w.value for w in WinBy)}, not {win_by!r}")
    result = score(hand, win_by=win_by,
                   last_of_wall=_field(data, "last_of_wall", bool, False),
                   last_copy=_field(data, "last_copy", bool, False),
                   seat_wind=_field(data, "seat_wind", str, "E"),
                   round_wind=_field(data, "round_wind", str, "E"),
                   flowers=_field(data, "flowers", int, 0),
                   profile=_field(data, "profile", str, "mil"))
    return _fans_json(hand, result)


def _rules_json(data: dict[str, Any]) -> dict[str, Any]:
    """A ``/api/calc`` body naming its ruleset, scored by that ruleset's scorer."""
    result = score_plain(data)
    name = find_ruleset(_field(data, "rules", str, "mcr")).name
    out = {"rules": name, "total": result.total, "explain": result.explain(), "score": result.to_dict()}
    if isinstance(result, ScoreResult):  # Chinese Official: the fans as the default calculator shows them
        out = {**_fans_json(Hand.parse(data["hand"]), result), **out}
    return out


def _fans_json(hand: Hand, result: ScoreResult) -> dict[str, Any]:
    winning = hand.winning_tile
    return {
        "hand": hand.notation(),
        "melds": [_meld_json(m.notation()) for m in hand.melds],
        "standing": [t.notation() for t in hand.tiles],
        "winning": None if winning is None else winning.notation(),
        "total": result.total,
        "fan_total": result.fan_total,
        "flowers": result.flowers,
        "meets_minimum": result.meets_minimum,
        "profile": result.profile,
        "decomposition": list(result.decomposition),
        "fans": [{"id": f.id, "name": f.name, "en": f.en, "value": f.value, "count": f.count,
                  "points": f.points, "melds": list(f.melds)} for f in result.fans],
    }


_COACH_KEYS = ("hand", "visible", "seat_wind", "round_wind", "rules", "options", "profile", "fan_check",
               "void")


def advice_json(data: dict[str, Any]) -> dict[str, Any]:
    """Rank the discards of a ``/api/coach`` body's hand (14 tiles, melds counted), best first.

    Under Chinese Official rules (no ``rules``, or a ruleset advised by its fans) the order is
    ``majiang.mcr.discard_advice``'s: by the live tiles that lead to a legal (8-fan) win where the hand is
    ready or one away, then by shanten and live effective tiles. Under any other ruleset it is
    ``majiang.game.advice.ruleset_advice``'s, by that ruleset's winning forms and scale (``void``: the
    suit given up, ``m``/``p``/``s``, where a win lacks one). Each wait's ``value_discard`` and
    ``value_self_drawn`` are the win's worth on the ruleset's scale (fans, 番 or points; None: no valid win).

    >>> rows = advice_json({"hand": "123456789m1234pE"})["rows"]
    >>> rows[0]["discard"], rows[0]["shanten"]
    ('E', 0)
    >>> r = advice_json({"hand": "123456789m1199p5s", "rules": "sichuan"})
    >>> r["rules"], r["rows"][0]["discard"], [w["tile"] for w in r["rows"][0]["waits"]]
    ('sichuan', '5s', ['1p', '9p'])
    """
    for key in data:
        if key not in _COACH_KEYS:
            raise BadRequest(f"unknown key {key!r}; the coach reads {', '.join(_COACH_KEYS)}")
    text = _field(data, "hand", str, "")
    if not text.strip():
        raise BadRequest("'hand' is empty: write a hand of 14 tiles (melds count as 3) in notation")
    rules = _coach_rules(data)
    visible_text = _field(data, "visible", str, "")
    if getattr(rules, "red_fives", 0):
        # Red fives (0m 0p 0s) are fives to the coach: which tiles help is the same, only a win's dora differ.
        text, visible_text = _RED.sub(_fives, text), _RED.sub(_fives, visible_text)
    hand = Hand.parse(text)
    visible = parse_tiles(visible_text) if visible_text.strip() else []
    seat_wind, round_wind = _field(data, "seat_wind", str, "E"), _field(data, "round_wind", str, "E")
    advisor = None if rules is None else rules.advisor()
    tiles = list(hand.tiles) + ([hand.winning_tile] if hand.winning_tile is not None else [])
    out: dict[str, Any] = {"rules": "mcr" if rules is None else rules.name, "hand": hand.notation(),
                           "melds": [_meld_json(m.notation()) for m in hand.melds],
                           "standing": [t.notation() for t in tiles]}
    if rules is not None and "profile" in data:
        raise BadRequest("with 'rules', give a profile among the options ('options': [\"profile=...\"])")
    if rules is None or advisor is not None:
        profile = _field(data, "profile", str, "mil") if advisor is None else advisor.profile
        options = discard_advice(hand, visible, seat_wind=seat_wind, round_wind=round_wind, profile=profile,
                                 fan_check=_field(data, "fan_check", bool, True))
        out["rows"] = [_mcr_row(o) for o in options]
        return out
    if "fan_check" in data:
        raise BadRequest(f"'fan_check' is Chinese Official's; ruleset {rules.name!r} has no 8-fan minimum")
    seat = SeatContext(_wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind"), _void(data, rules))
    out["rows"] = [o.to_dict() for o in ruleset_advice(rules, hand, visible, seat)]
    return out


_RED = re.compile(r"[0-9]+[mps]")


def _fives(run: re.Match[str]) -> str:
    return run.group().replace("0", "5")


def _coach_rules(data: dict[str, Any]) -> Ruleset | None:
    """The ruleset a coach body names with its options (None: Chinese Official by the old keys)."""
    if "rules" not in data and "options" not in data:
        return None
    name = _field(data, "rules", str, "mcr")
    options = data.get("options", [])
    if not (isinstance(options, dict) or (isinstance(options, list)
                                          and all(isinstance(o, str) for o in options))):
        raise BadRequest("'options' must be an object of options or a list of key=value texts, not "
                         f"{options!r}")
    found: Ruleset = find_ruleset(name, options)
    return found


def _wind(text: str, key: str) -> Tile:
    wind = {w.notation(): w for w in WINDS}.get(text)
    if wind is None:
        raise BadRequest(f"{key!r} must be a wind (E, S, W or N), not {text!r}")
    return wind


def _void(data: dict[str, Any], rules: Ruleset) -> int | None:
    text = _field(data, "void", str, "")
    if not text:
        return None
    if not rules.missing_suit:
        raise BadRequest(f"'void' is for rules whose wins lack a suit; ruleset {rules.name!r} has none")
    if text not in ("m", "p", "s"):
        raise BadRequest(f"'void' must be a suit (m, p or s) or empty for the best one, not {text!r}")
    return "mps".index(text)


def _mcr_row(o: DiscardOption) -> dict[str, Any]:
    return {
        "discard": o.discard.notation(), "shanten": o.shanten, "dead": False,
        "effective": [{"tile": e.tile.notation(), "live": e.live} for e in o.effective],
        "live": o.live, "legal_live": o.legal_live,
        "waits": [{"tile": w.tile.notation(), "live": w.live, "fans_discard": w.fans_discard,
                   "fans_self_drawn": w.fans_self_drawn, "value_discard": w.fans_discard,
                   "value_self_drawn": w.fans_self_drawn, "legal": w.legal} for w in o.waits],
    }


def _seat_frame(game: Game) -> list[dict[str, Any]]:
    """Every seat's tiles as the hand stands: open to all (a replay shows finished hands)."""
    seats = []
    for s in range(4):
        drawn = game.drawn if game.phase == Phase.TURN and game.current == s else None
        standing = game.standing_tiles(s)
        if drawn is not None:
            standing.remove(ALL_TILES[drawn])
        seats.append({
            "standing": [t.notation() for t in standing],
            "drawn": None if drawn is None else ALL_TILES[drawn].notation(),
            "melds": [m.notation() for m in game.melds[s]],
            "flowers": [f"f{f + 1}" for f in game.flowers[s]],
            "discards": [t.notation() for t in game.discards[s]],
            "won": [t.notation() for t in game.won[s]],
            "active": game.active[s],
            "score": game.totals[s],
        })
    return seats


def _table_info(game: Game) -> dict[str, Any]:
    """The ruleset's table info as the replay shows it: every seat's marks as that seat sees them."""
    rules = game.rules
    views = [rules.public_state(game, s) for s in range(4)]
    describer = rules.describer()
    info = describer.table_info(views[game.current]).to_dict()
    info["marks"] = [list(describer.table_info(views[s]).marks[s]) for s in range(4)]
    info["note"] = describer.table_note(views[game.current]) if views[game.current] is not None else ""
    return info


def _frame(game: Game, what: dict[str, Any] | None) -> dict[str, Any]:
    last = game.last_discard
    return {
        "info": _table_info(game),
        "event": what,
        "phase": game.phase.name.lower(),
        "current": game.current,
        "wall_left": game.wall_left,
        "last_discard": None if last is None else {"seat": last[0], "tile": ALL_TILES[last[1]].notation()},
        "seats": _seat_frame(game),
    }


def _result_json(game: Game) -> dict[str, Any]:
    result = game.result
    assert result is not None
    return {
        "winners": list(result.winners),
        "exhausted": result.exhausted,
        "self_drawn": result.self_drawn,
        "payer": result.payer,
        "deltas": list(result.deltas),
        "hands": [h.notation() for h in result.hands],
        "wins": [{"seat": w.seat, "tile": w.tile.notation(), "win_by": str(w.win_by), "giver": w.giver,
                  "total": w.score.total, "score": _score_dict(w.score)} for w in result.wins],
    }


def _score_dict(value: Any) -> dict[str, Any]:
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        out = to_dict()
        if isinstance(out, dict):
            return out
    return {"total": value.total, "text": str(value.explain()) if hasattr(value, "explain") else ""}


def replay_json(lines: list[str]) -> dict[str, Any]:
    """Frames of every hand of a ``majiang-record`` document: one after the deal, then one per action.

    The record is checked first (``replay_record``): a record that does not replay is refused. Each
    frame holds every seat's tiles, melds, flowers and discards (seats in turn order); the page hides
    the other seats' tiles for one seat's view.
    """
    record = parse_record(lines)
    header = record.header
    hands: list[dict[str, Any]] = []
    frames: list[dict[str, Any]] = []
    for step in record_steps(record):
        line = step.done
        what = None
        if line is not None:
            data = line.data
            action = data["a"] if line.kind == "act" else f"forfeit ({data['reason']})"
            what = {"seat": data["seat"], "action": action}
        frames.append(_frame(step.game, what))
        if step.next is not None:
            continue
        replayed = step.hand
        hands.append({
            "number": replayed.number,
            "round_wind": replayed.round_wind.notation(),
            "dealer_seat": step.game.dealer,
            "positions": list(replayed.positions),
            "dice": list(replayed.dice),
            "frames": frames,
            "result": _result_json(step.game),
            "deltas": list(replayed.deltas),
            "totals": list(replayed.totals),
        })
        frames = []
    return {"rules": header.rules.name, "players": list(header.players), "match": header.match,
            "seed": header.seed, "hands": hands,
            "totals": hands[-1]["totals"] if hands else [0, 0, 0, 0]}


@router.post("/api/calc")
async def api_calc(request: Request) -> Response:
    """Score a winning hand: ``{"hand", "win_by", "last_of_wall", "last_copy", "seat_wind",
    "round_wind", "flowers", "profile"}`` -> the fan breakdown."""
    return await _answer(request, calc_job, MAX_BODY)


@router.get("/api/calc/fields")
def api_calc_fields(rules: str = "mcr") -> JSONResponse:
    """What the calculator's and the coach's forms show for a ruleset: ``{"rules", "rulesets", "fields",
    "options", "missing_suit", "fan_advice"}``, the fields of its win context (``Scorer.context_fields``),
    its options (``Ruleset.option_schema``), whether a win lacks a suit (the coach asks which) and whether
    its advice is Chinese Official's (8-fan aware, with the fan check)."""
    try:
        found = find_ruleset(rules)
        fields = [f.to_dict() for f in found.scorer().context_fields()]
    except MajiangError as err:
        return _error(err)
    scored = []
    for name in ruleset_names():
        try:
            find_ruleset(name).scorer()
        except MajiangError:
            continue  # a ruleset without a hand scorer is no choice for the calculator
        scored.append(name)
    return JSONResponse({"rules": found.name, "rulesets": scored, "fields": fields,
                         "options": [o.to_dict() for o in found.option_schema()],
                         "missing_suit": found.missing_suit, "fan_advice": found.advisor() is not None})


@router.post("/api/coach")
async def api_coach(request: Request) -> Response:
    """Rank a hand's discards: ``{"hand", "visible", "seat_wind", "round_wind", "profile", "fan_check"}``."""
    return await _answer(request, coach_job, MAX_BODY)


@router.post("/api/replay")
async def api_replay(request: Request) -> Response:
    """Frames of a ``majiang-record`` document sent as the body (JSON lines)."""
    return await _answer(request, replay_job, MAX_RECORD)


@router.get("/api/profiles")
def api_profiles() -> list[str]:
    """The Chinese Official scoring profiles the calculator and coach offer."""
    return list(PROFILES)


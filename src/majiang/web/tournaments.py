"""Tournaments on the web server (``majiang.tournament`` kept in the store), ``/api/tournaments``.

A tournament is stored as its ``Tournament.to_dict()`` JSON with its name, ruleset, organiser (the
logged-in account that created it: only it may pair rounds and enter results), creation time and a
version that every change counts up. A change is a read-modify-write: the tournament is read with its
version, changed, and written only where the version is still the one read (``UPDATE ... WHERE
version = v``), so two referees entering at once, or two servers on one database, cannot lose a result:
the second writer gets 409. A client that sends the ``version`` it showed is refused (409) as soon as the
tournament has changed since, so nobody submits over a sheet they have not seen.

Pairing a round and bots playing a table run in the app's worker processes (``majiang.web.jobs``),
never on the loop. A table that never finishes is closed by the organiser as *abandoned*: it is scored
as far as it was played (the hands' changes entered, or nobody's points moved if no hand was finished),
as docs/tournament.md decides, and marked so. A table may also be played live on this server (a web
table dealt from the round's wall seed, its seats' invitations for the organiser to hand out): its result
is booked when it has ended, at the next look at the tournament (``sync_live``). Every refusal carries
a ``code`` (and ``params``) besides its English ``error``, so the page can say it in its own language: the
tournament module's own refusals come with theirs (``TournamentError.code``), and ``ERROR_STATUS`` gives
each code's HTTP status.
docs/web.md, *Tournaments*, describes the routes.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from majiang.bots import BOTS
from majiang.errors import InvalidOptionError, MajiangError
from majiang.game.ruleset import find_ruleset, ruleset_names
from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.tournament import BYE_POLICIES, Tournament, TournamentError, table_points
from majiang.web.accounts import Account, current_account
from majiang.web.jobs import JobLimitError, Jobs
from majiang.web.limits import Refused, read_body
from majiang.web.store import Store
from majiang.web.tournament_store import (
    Stored,
    TournamentStoreError,
    check_version,
    create_tournament,
    list_tournaments,
    read_tournament,
    state_json,
    write_tournament,
)

if TYPE_CHECKING:
    from majiang.web.tables import Table as WebTable
    from majiang.web.tables import Tables

__all__ = ["ERROR_STATUS", "MAX_PLAYERS", "Refusal", "pair_job", "play_job", "refusal_of",
           "tournaments_router"]

MAX_BODY = 65_536
"""The largest body a tournament route reads (256 names and a 64-hand sheet are well under it)."""

MAX_PLAYERS = 256
"""The most players one tournament takes."""

NAME_LENGTH = 40
"""The longest player's name (and, times two, tournament name)."""

LISTED = 200
"""The tournaments the list shows (the newest)."""

DEFAULT_BOT = "efficiency"
"""The bot that plays a seat when neither the tournament nor the request names one."""


class Refusal(Exception):
    """A refused request: its status, a ``code`` the page translates, ``params`` for its words, and the
    English message."""

    def __init__(self, status: int, code: str, message: str,
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.params = dict(params or {})

    def response(self) -> JSONResponse:
        """The refusal as the answer: ``{"error", "code", "params"}``."""
        return JSONResponse({"error": str(self), "code": self.code, "params": self.params},
                            status_code=self.status)


ERROR_STATUS: dict[str, int] = {
    **dict.fromkeys(("name", "twice", "few", "byes", "refuse", "rounds", "hands", "points", "bot_player",
                     "bot", "option", "pairing", "sheet_empty", "sheet_hands", "sheet_hand", "sheet_mismatch",
                     "sheet_sum", "sheet_names", "sheet_number", "no_bot", "file"), 400),
    "no_round": 404, "no_table": 404,
    "unfinished": 409, "all_paired": 409, "has_result": 409,
}
"""The HTTP status of each ``TournamentError.code`` (``majiang.tournament.ERROR_CODES``, every one)."""


def refusal_of(err: TournamentError) -> Refusal:
    """The refusal for a ``TournamentError``: its code, the status of the code, its params as text (the
    page puts them in its sentences as they are), its English message.

    >>> r = refusal_of(TournamentError("sheet_sum", "round 1 table 2: the totals [10, 0, 0, -9] must add up "
    ...                                "to 0, not 1", {"totals": [10, 0, 0, -9], "need": 0, "sum": 1}))
    >>> r.status, r.code, r.params["totals"], r.params["sum"]
    (400, 'sheet_sum', '[10, 0, 0, -9]', '1')
    """
    return Refusal(ERROR_STATUS[err.code], err.code, str(err), {k: str(v) for k, v in err.params.items()})


# -- the store ------------------------------------------------------------------------------------------

_STATUS = {"unknown": 404, "damaged": 500, "conflict": 409, "stale": 409}


def _refusal(err: TournamentStoreError) -> Refusal:
    return Refusal(_STATUS.get(err.code, 400), err.code, str(err), err.params)


def _read(store: Store, tournament_id: str) -> Stored:
    try:
        return read_tournament(store, tournament_id)
    except TournamentStoreError as err:
        raise _refusal(err) from None


_state = state_json


def _write(store: Store, stored: Stored) -> None:
    """Write ``stored`` over the version read; 409 if another writer changed it since."""
    try:
        write_tournament(store, stored)
    except TournamentStoreError as err:
        raise _refusal(err) from None


def _organiser(request: Request, stored: Stored) -> Account:
    account = current_account(request)
    if account is None:
        raise Refusal(401, "login", "log in as the tournament's organiser to change it")
    if account.id != stored.organiser:
        raise Refusal(403, "organiser", f"only the organiser, {stored.organiser_name}, may change this "
                      "tournament", {"organiser": stored.organiser_name})
    return account


def _check_version(body: Mapping[str, Any], stored: Stored) -> None:
    if "version" not in body:
        return
    version = body["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise Refusal(400, "field", f"'version' must be a whole number, not {version!r}",
                      {"field": "version"})
    try:
        check_version(stored, version)
    except TournamentStoreError as err:
        raise _refusal(err) from None


# -- the answers ----------------------------------------------------------------------------------------

def _live_json(tables: Tables | None, table_id: str, organiser: bool) -> dict[str, Any] | None:
    """A live web table as the tournament shows it: its id and watch link, whether it is over, and for the
    organiser each seat's one-use invitation while nobody holds the seat."""
    if tables is None or table_id not in tables.tables:
        return None
    web = tables.tables[table_id]
    seats = []
    for p in web.players:
        invite = None
        if organiser and p.token is None and p.invite is not None:
            invite = f"/table/{table_id}?player={p.player}&invite={p.invite}"
        seats.append({"player": p.player, "name": p.name, "taken": p.token is not None, "invite": invite})
    return {"id": table_id, "watch": f"/table/{table_id}", "finished": web.finished, "room": web.row.room,
            "seats": seats}


def tournament_json(stored: Stored, tables: Tables | None = None, organiser: bool = True) -> dict[str, Any]:
    """A tournament as ``GET /api/tournaments/{id}`` answers: settings, rounds with their tables, seats,
    walls' seed, live web tables and results, and the standings. Others than the ``organiser`` are not
    shown the seed of a round still being played, nor the tournament's own seed before its end: a player
    who knew it could compute the walls of a live table."""
    t = stored.tournament
    rules = t.ruleset()
    length = rules.match_length(t.hands)
    rounds = []
    for rnd in t.rounds:
        cards = []
        for table in rnd.tables:
            result = None
            if table.result is not None:
                r = table.result
                result = {"totals": list(r.totals), "hands": [list(h) for h in r.hands], "played": r.played,
                          "table_points": list(table_points(r.totals, t.points)),
                          "abandoned": (rnd.number, table.number) in stored.abandoned}
            live = stored.live.get(f"{rnd.number}.{table.number}")
            cards.append({"number": table.number, "players": list(table.players), "result": result,
                          "live": None if live is None else _live_json(tables, live, organiser)})
        seed = rnd.seed if organiser or rnd.finished else None
        rounds.append({"number": rnd.number, "seed": seed, "seed_text": None if seed is None else str(seed),
                       "byes": list(rnd.byes), "finished": rnd.finished, "tables": cards})
    standings = [{"place": s.place, "player": s.player, "table_points": s.table_points, "score": s.score,
                  "firsts": s.firsts, "best": s.best, "tables": s.tables, "byes": s.byes,
                  "rounds": list(s.rounds)}
                 for s in t.standings()]
    last_done = not t.rounds or t.rounds[-1].finished
    finished = last_done and len(t.rounds) == t.rounds_planned
    base = f"/api/tournaments/{stored.id}"
    return {
        "id": stored.id, "name": stored.name, "rules": stored.rules, "options": dict(t.options),
        "organiser": stored.organiser_name, "created": stored.created, "version": stored.version,
        "players": list(t.players), "rounds_planned": t.rounds_planned,
        "seed": t.seed if organiser or finished else None, "hands": length,
        "starting_score": rules.starting_score(), "byes": t.byes, "bye_points": t.bye_points,
        "points": list(t.points), "bots": dict(t.bots), "rounds": rounds, "standings": standings,
        "can_pair": last_done and len(t.rounds) < t.rounds_planned,
        "finished": finished, "csv": f"{base}/standings.csv", "printable": f"{base}/standings.html",
        "page": f"/tournament/{stored.id}",
    }


def _summary(row: Any, state: dict[str, Any]) -> dict[str, Any]:
    data = state["tournament"]
    rounds = data["rounds"]
    done = all(t["result"] is not None for t in rounds[-1]["tables"]) if rounds else False
    return {"id": row.id, "name": row.name, "rules": row.rules, "organiser": row.organiser_name,
            "created": row.created, "version": row.version, "players": len(data["players"]),
            "rounds_planned": data["rounds_planned"], "rounds_paired": len(rounds),
            "finished": done and len(rounds) == data["rounds_planned"], "page": f"/tournament/{row.id}"}


# -- the requests ---------------------------------------------------------------------------------------

async def _body(request: Request) -> dict[str, Any]:
    try:
        raw = await read_body(request, MAX_BODY)
    except Refused as err:
        raise Refusal(err.status, err.code, str(err)) from None
    try:
        body = loads_strict(raw or b"{}")
    except StrictJSONError as err:
        raise Refusal(400, "body", f"the body is not JSON: {err}") from None
    if not isinstance(body, dict):
        raise Refusal(400, "body", "the body must be a JSON object")
    return body


def _fields(body: Mapping[str, Any], known: set[str]) -> None:
    unknown = sorted(set(body) - known)
    if unknown:
        raise Refusal(400, "unknown_field", f"unknown field {unknown[0][:40]!r}; the fields are "
                      f"{', '.join(sorted(known))}", {"field": unknown[0][:40]})


def _want(body: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str, default: Any) -> Any:
    value = body.get(key, default)
    if value is default:
        return value
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise Refusal(400, "field", f"'{key}' must be {what}, not {json.dumps(value)[:60]}", {"field": key})
    return value


def _players(value: Any) -> list[str]:
    """The players' names from a list of names or a text of names (one a line, or split by commas)."""
    if isinstance(value, str):
        names = [n.strip() for n in re.split(r"[\n,，、]", value)]
        names = [n for n in names if n]
    elif isinstance(value, list) and all(isinstance(n, str) for n in value):
        names = list(value)
    else:
        raise Refusal(400, "field", "'players' must be a list of names (or a text of names, one a line)",
                      {"field": "players"})
    if len(names) > MAX_PLAYERS:
        raise Refusal(400, "many", f"a tournament takes at most {MAX_PLAYERS} players, not {len(names)}",
                      {"n": len(names), "most": MAX_PLAYERS})
    for name in names:
        if len(name) > NAME_LENGTH:
            raise Refusal(400, "long_name", f"a player's name has at most {NAME_LENGTH} characters: "
                          f"{name[:NAME_LENGTH]!r}...", {"name": name[:NAME_LENGTH], "most": NAME_LENGTH})
    return names


def _create(body: Mapping[str, Any]) -> Tournament:
    """The new tournament a ``POST /api/tournaments`` body describes (Refusal saying what is wrong)."""
    _fields(body, {"name", "players", "rounds", "rules", "options", "hands", "byes", "bye_points", "points",
                   "seed", "bots"})
    name = _want(body, "name", str, "a text", "").strip()
    if len(name) > 2 * NAME_LENGTH:
        raise Refusal(400, "long_title", f"a tournament's name has at most {2 * NAME_LENGTH} characters",
                      {"most": 2 * NAME_LENGTH})
    if "players" not in body:
        raise Refusal(400, "few", "a tournament needs at least four players, not 0", {"n": 0})
    players = _players(body["players"])
    rounds = _want(body, "rounds", int, "a whole number", None)
    if rounds is None:
        raise Refusal(400, "field", "'rounds' is missing: how many rounds the tournament plays",
                      {"field": "rounds"})
    rules = _want(body, "rules", str, "a ruleset's name", "mcr")
    if rules not in ruleset_names():
        raise Refusal(400, "rules", f"no ruleset {rules[:40]!r}; the rulesets are "
                      f"{', '.join(ruleset_names())}", {"rules": rules[:40]})
    options = _want(body, "options", (dict, list), "an object of options or a list of key=value texts", {})
    if isinstance(options, list):  # texts, as the lobby and the command line write them
        options = _options_of(rules, options)
    hands = _want(body, "hands", int, "a whole number or null", None)
    byes = _want(body, "byes", str, f"one of {', '.join(BYE_POLICIES)}", "bye")
    bye_points = _want(body, "bye_points", (int, float), "a number or null", None)
    points = _want(body, "points", list, "four numbers", [4, 2, 1, 0])
    if not all(isinstance(p, int | float) and not isinstance(p, bool) for p in points):
        raise Refusal(400, "points", "table points are four numbers not rising from 1st to 4th")
    seed = _want(body, "seed", int, "a whole number", None)
    if seed is None:
        seed = secrets.randbits(62)
    elif not 0 <= seed < 2**63:
        raise Refusal(400, "field", "'seed' must be a whole number from 0 below 2**63", {"field": "seed"})
    bots = _want(body, "bots", dict, "an object of player: bot", {})
    try:
        return Tournament(players, rounds, seed=seed, rules=rules, options=options, hands=hands, byes=byes,
                          bye_points=bye_points, points=points, bots=bots, name=name)
    except TournamentError as err:
        raise refusal_of(err) from None


def _options_of(rules: str, texts: list[Any]) -> dict[str, Any]:
    """The options that ``key=value`` texts change from ruleset ``rules``' defaults, as typed values."""
    if not all(isinstance(x, str) for x in texts):
        raise Refusal(400, "field", "'options' must be an object of options or a list of key=value texts",
                      {"field": "options"})
    try:
        chosen = find_ruleset(rules, [x for x in texts if x.strip()]).options()
    except InvalidOptionError as err:
        raise Refusal(400, "option", f"rules: {err}", {"detail": str(err)}) from None
    defaults = find_ruleset(rules).options()
    return {k: v for k, v in chosen.items() if defaults.get(k) != v}


def _sheet(body: Mapping[str, Any], players: tuple[str, ...]
           ) -> tuple[dict[str, int] | None, list[dict[str, int]]]:
    """A score sheet's totals and hands by player name: each given as an object of names, or as a list of
    four numbers in the table's seat order."""
    def by_name(value: Any, key: str) -> dict[str, int]:
        if isinstance(value, list):
            if len(value) != 4:
                raise Refusal(400, "sheet_four", f"'{key}' must be four numbers in the table's seat order "
                              f"({', '.join(players)}), not {len(value)}", {"field": key, "n": len(value)})
            return dict(zip(players, value, strict=True))
        if isinstance(value, dict):
            return value
        raise Refusal(400, "field", f"'{key}' must be four numbers (seat order) or an object of the players' "
                      "points", {"field": key})

    totals = None if body.get("totals") is None else by_name(body["totals"], "totals")
    hands = body.get("hands") or []
    if not isinstance(hands, list):
        raise Refusal(400, "field", "'hands' must be a list of each hand's changes", {"field": "hands"})
    return totals, [by_name(h, f"hands[{i}]") for i, h in enumerate(hands)]


def pair_job(state: dict[str, Any]) -> dict[str, Any]:
    """The tournament ``state`` (``to_dict``) with its next round paired (run in a worker)."""
    t = Tournament.from_dict(state)
    t.pair_next_round()
    return t.to_dict()


def play_job(state: dict[str, Any], round_number: int, table_number: int, bot: str) -> list[list[int]]:
    """Each hand's changes (seat order) when bots play table ``table_number`` of round ``round_number`` of
    the tournament ``state`` on the round's walls (run in a worker)."""
    t = Tournament.from_dict(state)
    t.play_table(round_number, table_number, bot)
    result = t.table(round_number, table_number).result
    assert result is not None
    return [list(h) for h in result.hands]


def _int(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 4):
        raise Refusal(404, "no_" + what, f"no {what} {text[:8]!r}", {what: text[:8]})
    return int(text)


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def printable(html: str) -> Response:
    """The printable standings page with a policy that lets its own inline style in, by hash, and nothing
    else (the server's policy allows no inline style)."""
    found = re.search(r"<style>(.*?)</style>", html, re.S)
    style = f"'sha256-{_sha256(found.group(1))}'" if found else "'none'"
    policy = (f"default-src 'none'; style-src {style}; base-uri 'none'; form-action 'none'; "
              "frame-ancestors 'none'")
    return Response(html, media_type="text/html; charset=utf-8", headers={"Content-Security-Policy": policy})


# -- the routes -----------------------------------------------------------------------------------------

def _live_hands(web: WebTable) -> list[list[int]]:
    """Each booked hand's changes by player at a live web table (the match's end settlement, once it is
    over, added to the last hand, as ``Tournament.play_table`` books a bots' match)."""
    match = web.match
    hands = [list(h.deltas) for h in match.history]
    if match.over and match.settled and hands:
        hands[-1] = [d + s for d, s in zip(hands[-1], match.settled, strict=True)]
    return hands


def sync_live(tables: Tables, stored: Stored) -> bool:
    """Book the result of each live web table of ``stored`` that has finished and whose tournament table
    has none yet (True: something was booked; the caller writes it)."""
    booked = False
    for key, table_id in stored.live.items():
        r, n = (int(x) for x in key.split("."))
        table = stored.tournament.table(r, n)
        web = tables.tables.get(table_id)
        if table.result is not None or web is None or not web.finished:
            continue
        web.ensure_played()  # a table finished before a restart is re-played from its actions, once
        hands = _live_hands(web)
        try:
            by_name = [dict(zip(table.players, h, strict=True)) for h in hands]
            stored.tournament.enter_result(r, n, hands=by_name)
        except TournamentError:  # (cannot happen for a match the engine played: left for the referee)
            continue
        booked = True
    return booked


def tournaments_router() -> APIRouter:
    """``/api/tournaments/...`` and the ``/tournament`` page."""
    router = APIRouter()

    def store_of(request: Request) -> Store:
        store: Store = request.app.state.tables.store
        return store

    def tables_of(request: Request) -> Tables:
        tables: Tables = request.app.state.tables
        return tables

    def fresh(request: Request, tournament_id: str) -> Stored:
        """The tournament with the results of its live tables finished since booked (and written)."""
        store = store_of(request)
        stored = _read(store, tournament_id)
        if stored.live and sync_live(tables_of(request), stored):
            try:
                _write(store, stored)
            except Refusal:  # booked by another request meanwhile
                stored = _read(store, tournament_id)
        return stored

    def shown(request: Request, stored: Stored, status: int = 200) -> JSONResponse:
        # a JSONResponse as it is: FastAPI's encoder walking a big tournament's answer would cost more
        # than the rest of the request
        account = current_account(request)
        organiser = account is not None and account.id == stored.organiser
        return JSONResponse(tournament_json(stored, tables_of(request), organiser), status_code=status)

    async def change(request: Request, tournament_id: str,
                     apply: Callable[[Stored, dict[str, Any]], Any]) -> Any:
        """Read, check organiser and version, ``apply`` the body's change, write over the version read."""
        try:
            body = await _body(request)
            store = store_of(request)
            stored = _read(store, tournament_id)
            _organiser(request, stored)
            _check_version(body, stored)
            sync_live(tables_of(request), stored)  # written with the change (the version was read before)
            try:
                outcome = apply(stored, body)
                if hasattr(outcome, "__await__"):
                    outcome = await outcome
            except TournamentError as err:
                raise refusal_of(err) from None
            _write(store, stored)
        except Refusal as refusal:
            return refusal.response()
        return shown(request, stored)

    @router.get("/tournament", include_in_schema=False)
    async def page_list() -> FileResponse:
        return _page()

    @router.get("/tournament/{tournament_id}", include_in_schema=False)
    async def page_one(tournament_id: str) -> FileResponse:
        return _page()

    @router.post("/api/tournaments", status_code=201)
    async def create(request: Request) -> Any:
        account = current_account(request)
        try:
            if account is None:
                raise Refusal(401, "login", "log in to organise a tournament")
            tournament = _create(await _body(request))
        except Refusal as refusal:
            return refusal.response()
        stored = create_tournament(store_of(request), tournament, account.id, time.time())
        return shown(request, stored, 201)

    @router.get("/api/tournaments")
    async def listing(request: Request) -> Any:
        rows = list_tournaments(store_of(request), LISTED)
        return {"tournaments": [_summary(row, json.loads(row.state)) for row in rows]}

    @router.get("/api/tournaments/{tournament_id}")
    async def one(request: Request, tournament_id: str) -> Any:
        try:
            return shown(request, fresh(request, tournament_id))
        except Refusal as refusal:
            return refusal.response()

    @router.get("/api/tournaments/{tournament_id}/standings.csv")
    async def standings_csv(request: Request, tournament_id: str) -> Any:
        try:
            stored = fresh(request, tournament_id)
        except Refusal as refusal:
            return refusal.response()
        return Response(stored.tournament.standings_csv(), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{stored.id}-standings.csv"'})

    @router.get("/api/tournaments/{tournament_id}/standings.html")
    async def standings_html(request: Request, tournament_id: str) -> Any:
        try:
            stored = fresh(request, tournament_id)
        except Refusal as refusal:
            return refusal.response()
        return printable(stored.tournament.standings_html())

    @router.post("/api/tournaments/{tournament_id}/rounds")
    async def pair(request: Request, tournament_id: str) -> Any:
        async def apply(stored: Stored, body: dict[str, Any]) -> None:
            _fields(body, {"version"})
            t = stored.tournament
            if len(t.rounds) >= t.rounds_planned or (t.rounds and not t.rounds[-1].finished):
                t.pair_next_round()  # refused with the module's own words, without a worker
            jobs: Jobs = request.app.state.jobs
            try:
                paired = await jobs.run(pair_job, t.to_dict())
            except Refused as err:
                raise Refusal(err.status, err.code, str(err)) from None
            stored.tournament = Tournament.from_dict(paired)
        return await change(request, tournament_id, apply)

    @router.post("/api/tournaments/{tournament_id}/rounds/{round_number}/tables/{table_number}/result")
    async def result(request: Request, tournament_id: str, round_number: str, table_number: str) -> Any:
        def apply(stored: Stored, body: dict[str, Any]) -> None:
            _fields(body, {"version", "totals", "hands", "replace"})
            r, n = _int(round_number, "round"), _int(table_number, "table")
            table = stored.tournament.table(r, n)
            totals, hands = _sheet(body, table.players)
            replace = _want(body, "replace", bool, "true or false", False)
            stored.tournament.enter_result(r, n, totals=totals, hands=hands, replace=replace)
            if (r, n) in stored.abandoned:
                stored.abandoned.remove((r, n))
        return await change(request, tournament_id, apply)

    @router.post("/api/tournaments/{tournament_id}/rounds/{round_number}/tables/{table_number}/abandon")
    async def abandon(request: Request, tournament_id: str, round_number: str, table_number: str) -> Any:
        # docs/tournament.md: a table that never finishes is scored as far as it was played
        def apply(stored: Stored, body: dict[str, Any]) -> None:
            _fields(body, {"version", "hands"})
            r, n = _int(round_number, "round"), _int(table_number, "table")
            t = stored.tournament
            table = t.table(r, n)
            _, hands = _sheet({"hands": body.get("hands")}, table.players)
            web = tables_of(request).tables.get(stored.live.get(f"{r}.{n}", ""))
            if not hands and web is not None:  # a live table: the hands it finished
                hands = [dict(zip(table.players, h, strict=True)) for h in _live_hands(web)]
            if hands:
                t.enter_result(r, n, hands=hands)
            else:  # not one hand finished: nobody's points moved
                start = t.ruleset().starting_score()
                t.enter_result(r, n, totals=dict.fromkeys(table.players, start))
            stored.abandoned.append((r, n))
        return await change(request, tournament_id, apply)

    @router.post("/api/tournaments/{tournament_id}/rounds/{round_number}/tables/{table_number}/play")
    async def play(request: Request, tournament_id: str, round_number: str, table_number: str) -> Any:
        async def apply(stored: Stored, body: dict[str, Any]) -> None:
            _fields(body, {"version", "bot"})
            r, n = _int(round_number, "round"), _int(table_number, "table")
            bot = _want(body, "bot", str, "a bot's name", DEFAULT_BOT)
            if bot not in BOTS:
                raise Refusal(400, "bot", f"unknown bot {bot[:40]!r}; one of {', '.join(BOTS)}",
                              {"bot": bot[:40]})
            t = stored.tournament
            table = t.table(r, n)
            if table.result is not None:
                raise Refusal(409, "has_result", f"round {r} table {n} already has a result",
                              {"round": r, "table": n})
            jobs: Jobs = request.app.state.jobs
            try:
                hands = await jobs.run(play_job, t.to_dict(), r, n, bot)
            except Refused as err:
                raise Refusal(err.status, err.code, str(err)) from None
            except JobLimitError as err:
                raise Refusal(503, "job", str(err)) from None
            # booked on the tournament as read: a change meanwhile makes the write a 409, losing nothing
            t.enter_result(r, n, hands=[dict(zip(table.players, h, strict=True)) for h in hands], played=True)
        return await change(request, tournament_id, apply)

    @router.post("/api/tournaments/{tournament_id}/rounds/{round_number}/tables/{table_number}/live")
    async def live(request: Request, tournament_id: str, round_number: str, table_number: str) -> Any:
        # a live web table on the round's walls; its finish books its result (``sync_live``)
        def apply(stored: Stored, body: dict[str, Any]) -> None:
            _fields(body, {"version"})
            r, n = _int(round_number, "round"), _int(table_number, "table")
            t = stored.tournament
            table = t.table(r, n)
            if table.result is not None:
                raise Refusal(409, "has_result", f"round {r} table {n} already has a result",
                              {"round": r, "table": n})
            if f"{r}.{n}" in stored.live:
                raise Refusal(409, "live_exists", f"round {r} table {n} is played on the server already",
                              {"round": r, "table": n})
            spec = {"rules": t.rules_name, "options": [f"{k}={_option(v)}" for k, v in t.options.items()],
                    "hands": t.hands, "seed": t.round_seed(r), "players": ["open"] * 4,
                    "names": list(table.players), "creator": None}
            try:
                web, _ = tables_of(request).create(spec)
            except (MajiangError, Refused) as err:
                raise Refusal(400, "live", f"round {r} table {n} cannot be played on the server: {err}",
                              {"round": r, "table": n}) from None
            stored.live[f"{r}.{n}"] = web.id
        return await change(request, tournament_id, apply)

    return router


def _option(value: Any) -> str:
    """An option's value as ``key=value`` text gives it (the rulesets' own parser reads it back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return "none" if value is None else str(value)


def _page() -> FileResponse:
    from pathlib import Path

    return FileResponse(Path(__file__).with_name("static") / "tournament.html",
                        media_type="text/html; charset=utf-8")

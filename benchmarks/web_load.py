"""Load on the web server: many tables at once on loopback, moves per second and action latency, with or
without a hostile client attacking the same server.

Run: ``.venv/bin/python benchmarks/web_load.py --tables 50`` (``--help`` lists the sizes); the issue-21
figure: ``benchmarks/web_load.py --tables 20 --bot-tables 180 --hands 16 --bot-seconds 0.5 --think 0.2
--seconds 60 --hostile``. ``--db`` puts the server on a database of one's own (a SQLite file, or an empty
PostgreSQL database by its URL) instead of a fresh SQLite file; ``--rated`` has each client sign up and
play its table as a rated one (the ladder booked as each match ends) against three different bots (a rated
table seats four different players): ``--bot random,efficiency,defense`` unless three are given, so the
same ``--bot`` without ``--rated`` is the like-for-like run.

It starts ``majiang serve`` in a child process on a fresh database (loopback as its trusted proxy, so each
simulated client names itself in ``X-Forwarded-For`` and the per-client limits apply to each), creates
``--tables`` tables of one open seat and three server bots, played from this process over their own
WebSockets (a seeded random choice among the legal actions after ``--think`` seconds, ``next`` after each
hand), and ``--bot-tables`` tables of four bots. With ``--hostile`` a second process attacks the server
meanwhile as one client: big replays, 200 MB bodies, spectators that never read, floods of spectators
and of tables. It reports:

* moves per second: every action the server stored while the clients played, over the wall time;
* latency: for each client action, the time from sending it to receiving the state that shows it
  (the server checked it, stored it in its own transaction and broadcast it), as percentiles;
* with ``--hostile``: what each attack was answered (status codes, WebSocket errors);
* with ``--rated``: how many matches were booked on the ladder.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.cookiejar
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter, defaultdict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

HOSTILE = "10.66.6.6"
"""The attacker's address (one client)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _client(n: int) -> str:
    """The address the client of table ``n`` says it has (the server trusts loopback as its proxy)."""
    return f"10.1.{n // 250}.{n % 250 + 1}"


def _request(url: str, body: object | None = None, client: str = "10.0.0.1",
             opener: urllib.request.OpenerDirector | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json",
                                                              "X-Forwarded-For": client})
    with (opener.open if opener is not None else urllib.request.urlopen)(request, timeout=60) as r:
        return json.loads(r.read())


def _signed_up(base: str, n: int, client: str) -> urllib.request.OpenerDirector:
    """A client of its own cookies, signed up (and so logged in) as the account ``load-N``."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    _request(f"{base}/api/accounts", {"name": f"load-{n}", "password": f"load password {n}"}, client, opener)
    return opener


async def _play(base: str, table: dict[str, Any], seed: int, latencies: list[float], client: str,
                think: float) -> None:
    """Play the open seat of ``table`` to the end of the match."""
    rng = random.Random(seed)
    token = table["players"][0]["token"]
    url = base.replace("http", "ws") + f"/ws/tables/{table['id']}?player=0&token={token}"
    answered: set[int] = set()
    sent: tuple[int, float] | None = None
    async with connect(url, max_size=2**22, additional_headers={"X-Forwarded-For": client}) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error" and message["code"] == "stale":
                continue  # a pass sent after its claim window closed by itself (fair claim windows)
            if message["type"] != "state":
                raise RuntimeError(f"table {table['id']}: {message}")
            step = message["step"]
            if sent is not None:
                # The server answers an action with a state to its sender (applied, or held unseen in a
                # claim window until the window closes): the time to that state is the action's latency.
                latencies.append(time.perf_counter() - sent[1])
                sent = None
            if message["status"] == "finished":
                return
            view = message["view"]
            if step in answered:
                continue
            if message["waiting_next"]:
                answered.add(step)
                await ws.send(json.dumps({"type": "next"}))
            elif message["seat"] in view["to_act"] and view["legal"]:
                answered.add(step)
                action = rng.choice(view["legal"])
                if think:  # the table waits for this seat meanwhile (claims have 600 s here)
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent = (step, time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action, "step": step}))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) the process ``pid`` has used so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _count(db: str, table: str) -> int:
    """The rows of ``table`` in the server's database (SQLite or PostgreSQL, read as the store reads it)."""
    import sqlalchemy as sa

    from majiang.web.store import database_url

    engine = sa.create_engine(database_url(db), poolclass=sa.NullPool)
    try:
        with engine.connect() as con:
            return int(con.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar_one())
    finally:
        engine.dispose()


async def _run(base: str, db: str, server: int, tables: int, bot_tables: int, hands: int, bot: str,
               seed: int, think: float, seconds: float | None, rated: bool = False) -> dict[str, Any]:
    names = [b.strip() for b in bot.split(",")]
    if len(names) not in (1, 3):
        raise SystemExit(f"--bot is one bot or three, comma-separated (seats 1 to 3), not {bot!r}")
    if rated and len(set(names)) != 3:  # a rated table seats four different players
        names = ["random", "efficiency", "defense"]
    bots = [f"bot:{name}" for name in (names * 3 if len(names) == 1 else names)]
    for t in range(bot_tables):
        body = {"hands": hands, "seed": seed + 10_000 + t, "players": [*bots, bots[0]]}
        _request(f"{base}/api/tables", body, _client(tables + t))
    if rated:  # (a rated table seats four different players and deals from the server's seed)
        created = [_request(f"{base}/api/tables", {"hands": hands, "players": ["open", *bots], "rated": True},
                            _client(t), _signed_up(base, t, _client(t))) for t in range(tables)]
    else:
        created = [_request(f"{base}/api/tables", {"hands": hands, "seed": seed + t,
                                                   "players": ["open", *bots]}, _client(t))
                   for t in range(tables)]
    booked_before = _count(db, "ladder_games")
    latencies: list[float] = []
    before, cpu = _count(db, "actions"), _cpu_seconds(server)
    start = time.perf_counter()
    games = asyncio.gather(*(_play(base, t, seed + i, latencies, _client(i), think)
                             for i, t in enumerate(created)))
    if seconds is None:
        await games
    else:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(games, seconds)
    wall = time.perf_counter() - start
    moves, cpu = _count(db, "actions") - before, _cpu_seconds(server) - cpu
    listed = {t["id"]: t for t in _request(f"{base}/api/tables")}
    finished = sum(1 for t in created if listed[t["id"]]["status"] == "finished")
    return {
        "tables": tables, "bot_tables": bot_tables, "hands": hands, "finished": finished,
        "bot": ", ".join(b.removeprefix("bot:") for b in dict.fromkeys(bots)),
        "rated": rated, "booked": (_count(db, "ladder_games") - booked_before) // 4,
        "moves": moves, "client_moves": len(latencies), "seconds": round(wall, 3),
        "moves_per_second": round(moves / wall, 1), "server_cores": round(cpu / wall, 2),
        "moves_per_cpu_second": round(moves / cpu, 1) if cpu else None,
        "latency_ms": {f"p{int(q * 100)}": round(1000 * _percentile(latencies, q), 2)
                       for q in (0.5, 0.9, 0.99)} | {"max": round(1000 * max(latencies, default=0.0), 2)},
    }


# -- the hostile client ---------------------------------------------------------------------------------

_BODY_ROUTES = ["/api/tables", "/api/calc", "/api/coach", "/api/replay", "/api/imports"]


def _big_record() -> bytes:
    """A valid record just under the replay route's 8 MB: one hand of random bots, repeated."""
    from majiang.bots import find_bot, play_out
    from majiang.game import Game
    from majiang.game.ruleset import find_ruleset
    from majiang.records.writer import iter_record_lines

    game = Game(find_ruleset("mcr"), seed=3, dealer=0)
    play_out(game, [find_bot("random", s) for s in range(4)])
    one = len("\n".join(iter_record_lines([game], ["a", "b", "c", "d"])))
    copies = 7_800_000 // one
    return ("\n".join(iter_record_lines([game] * copies, ["a", "b", "c", "d"])) + "\n").encode()


async def _huge_body() -> AsyncIterator[bytes]:
    chunk = b" " * (1 << 20)
    for _ in range(200):
        yield chunk


async def _attack(base: str, stop: asyncio.Event) -> dict[str, dict[str, int]]:
    """Attack ``base`` as one client until ``stop``; what each attack was answered."""
    import httpx

    stats: dict[str, Counter[str]] = defaultdict(Counter)
    host, port = base.removeprefix("http://").split(":")
    ws_base = base.replace("http", "ws")
    headers = {"X-Forwarded-For": HOSTILE}
    record = await asyncio.to_thread(_big_record)
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=300) as http:
        targets = [t["id"] for t in (await http.get("/api/tables")).json()]

        async def replays() -> None:
            while not stop.is_set():
                answer = await http.post("/api/replay", content=record)
                code = str(answer.status_code)
                if answer.status_code == 400:  # the worker's time or memory limit: say which
                    code += " " + answer.json()["error"][:40]
                stats["replay"][code] += 1
                if answer.status_code == 503:
                    await asyncio.sleep(0.05)

        async def bodies() -> None:
            while not stop.is_set():
                for url in _BODY_ROUTES:
                    try:
                        answer = await http.post(url, content=_huge_body())
                        stats["200 MB body"][str(answer.status_code)] += 1
                    except httpx.HTTPError as err:  # the server closed the connection mid-upload
                        stats["200 MB body"][type(err).__name__] += 1

        async def table_flood() -> None:
            while not stop.is_set():
                answer = await http.post("/api/tables", json={"hands": 16, "players": ["bot:random"] * 4})
                stats["table flood"][str(answer.status_code)] += 1
                await asyncio.sleep(0.02)

        async def spectator_flood() -> None:
            while not stop.is_set():
                async with contextlib.AsyncExitStack() as stack:
                    for n in range(60):
                        url = f"{ws_base}/ws/tables/{targets[n % len(targets)]}"
                        try:
                            ws = await stack.enter_async_context(connect(url, additional_headers=headers))
                            first = json.loads(await ws.recv())
                            stats["spectator flood"][first.get("code", first["type"])] += 1
                        except InvalidStatus as err:  # refused before the handshake
                            stats["spectator flood"][str(err.response.status_code)] += 1
                        except Exception as err:
                            stats["spectator flood"][type(err).__name__] += 1
                    await asyncio.sleep(0.5)

        async def slow_readers() -> None:
            held: list[socket.socket] = []
            while not stop.is_set():
                sock = socket.socket()
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.setblocking(False)
                try:
                    await asyncio.get_running_loop().sock_connect(sock, (host, int(port)))
                    target = random.choice(targets)
                    await asyncio.get_running_loop().sock_sendall(sock, (
                        f"GET /ws/tables/{target} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nX-Forwarded-For: {HOSTILE}\r\nSec-WebSocket-Version: 13\r\n"
                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
                    held.append(sock)  # and never read from it again
                    stats["slow reader"]["opened"] += 1
                except OSError as err:
                    stats["slow reader"][type(err).__name__] += 1
                    sock.close()
                if len(held) > 10:
                    held.pop(0).close()
                await asyncio.sleep(0.5)
            for sock in held:
                sock.close()

        chosen = os.environ.get("MAJIANG_WEB_ATTACKS", "replay,body,tables,spectators,slow").split(",")
        attacks = {"replay": [replays, replays], "body": [bodies], "tables": [table_flood],
                   "spectators": [spectator_flood], "slow": [slow_readers]}
        await asyncio.gather(*(a() for name, parts in attacks.items() for a in parts if name in chosen))
    return {name: dict(counts) for name, counts in stats.items()}


def _attack_main(base: str) -> None:
    """The hostile process: attack until stdin closes, then print what each attack was answered."""
    # An attacker's own work runs on its own machine: here it shares the server's cores, so it yields.
    os.nice(10)

    async def main() -> dict[str, dict[str, int]]:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)),
                         daemon=True).start()
        return await _attack(base, stop)

    print(json.dumps(asyncio.run(main())), flush=True)


# -- running it -------------------------------------------------------------------------------------------


def run_load(tables: int = 10, hands: int = 1, bot: str = "random", seed: int = 1, db: str | None = None, *,
             bot_tables: int = 0, bot_seconds: float = 0.0, think: float = 0.0, seconds: float | None = None,
             window_seconds: float = 1.0, hostile: bool = False, rated: bool = False) -> dict[str, Any]:
    """Start a server (on ``db``: a SQLite file or a database URL; by default a fresh SQLite file), play
    ``tables`` matches at once (beside ``bot_tables`` of bots alone, with a hostile client when
    ``hostile``, by signed-up players at rated tables when ``rated``), stop it; the figures as a dict."""
    with tempfile.TemporaryDirectory() as tmp:
        port = _free_port()
        path = db if db is not None else str(Path(tmp) / "load.db")
        log = open(Path(tmp) / "server.log", "w+")  # noqa: SIM115 (closed below; a pipe left unread would stall it)
        server = subprocess.Popen([sys.executable, "-m", "majiang.cli", "serve", "--port", str(port),
                                   "--db", path, "--claim-seconds", "600", "--away-seconds", "600",
                                   "--bot-seconds", str(bot_seconds), "--window-seconds", str(window_seconds),
                                   "--trusted-proxy", "127.0.0.1"],
                                  stdout=subprocess.DEVNULL, stderr=log, text=True)
        base = f"http://127.0.0.1:{port}"
        attacker: subprocess.Popen[str] | None = None
        try:
            limit = time.monotonic() + 120
            while True:
                try:
                    _request(f"{base}/api/tables")
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > limit:
                        log.seek(0)
                        raise RuntimeError(f"the server did not start: {log.read()}") from None
                    time.sleep(0.1)
            if hostile:
                _request(f"{base}/api/tables", {"players": ["open"] * 4}, HOSTILE)  # something to watch
                attacker = subprocess.Popen([sys.executable, __file__, "--attack", base],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                time.sleep(5)  # let the attacks get going (the big record is made first)
            figures = asyncio.run(_run(base, path, server.pid, tables, bot_tables, hands, bot, seed, think,
                                       seconds, rated))
            figures["database"] = "postgresql" if "://" in path and path.startswith("postgres") else "sqlite"
            figures["bot_seconds"], figures["think"] = bot_seconds, think
            if attacker is not None:
                out, _ = attacker.communicate("", timeout=600)
                figures["attacks"] = json.loads(out.strip().splitlines()[-1])
            return figures
        finally:
            if attacker is not None and attacker.poll() is None:
                attacker.kill()
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            log.seek(0)
            errors = log.read()
            if os.environ.get("MAJIANG_WEB_LOAD_LOG") and errors:
                print(errors[-20000:], file=sys.stderr)
            log.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=20, help="tables the client plays (default 20)")
    parser.add_argument("--bot-tables", type=int, default=0, help="tables of four bots beside (default 0)")
    parser.add_argument("--hands", type=int, default=1, help="hands per match (default 1)")
    parser.add_argument("--bot", default="random",
                        help="the server bots: one, or three comma-separated for seats 1 to 3 (default "
                             "random; with --rated three different ones: random,efficiency,defense unless "
                             "given)")
    parser.add_argument("--bot-seconds", type=float, default=0.0, help="the server's --bot-seconds")
    parser.add_argument("--think", type=float, default=0.0, help="the client's mean pause before acting")
    parser.add_argument("--window-seconds", type=float, default=1.0, help="the server's --window-seconds")
    parser.add_argument("--seconds", type=float, default=None, help="stop measuring after this long")
    parser.add_argument("--hostile", action="store_true", help="attack the server meanwhile")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first table (default 1)")
    parser.add_argument("--db", metavar="FILE|URL", default=None,
                        help="the server's database: a SQLite file or an empty PostgreSQL database's URL "
                             "(default: a fresh SQLite file)")
    parser.add_argument("--rated", action="store_true",
                        help="each client signs up and plays its table rated (the ladder booked at its end)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--attack", metavar="URL", help=argparse.SUPPRESS)  # the hostile process itself
    args = parser.parse_args(argv)
    if args.attack:
        _attack_main(args.attack)
        return 0
    figures = run_load(args.tables, args.hands, args.bot, args.seed, bot_tables=args.bot_tables,
                       bot_seconds=args.bot_seconds, think=args.think, seconds=args.seconds,
                       window_seconds=args.window_seconds, db=args.db, hostile=args.hostile,
                       rated=args.rated)
    if args.json:
        print(json.dumps(figures))
    else:
        lat = figures["latency_ms"]
        kind = "rated client" if figures["rated"] else "client"
        print(f"[{figures['database']}] {figures['tables']} {kind} tables + {figures['bot_tables']} bot "
              f"tables ({figures['hands']} "
              f"hand(s) each, {figures['bot']} bots, --bot-seconds {figures['bot_seconds']}, think "
              f"{figures['think']} s): {figures['finished']} client tables finished; {figures['moves']} "
              f"moves in {figures['seconds']} s = {figures['moves_per_second']} moves/s")
        print(f"the server process used {figures['server_cores']} cores: {figures['moves_per_cpu_second']} "
              "moves per CPU-second (its bots included)")
        print(f"client action latency over {figures['client_moves']} actions: p50 {lat['p50']} ms, "
              f"p90 {lat['p90']} ms, p99 {lat['p99']} ms, max {lat['max']} ms")
        if figures["rated"]:
            print(f"rated matches booked on the ladder: {figures['booked']}")
        for name, counts in figures.get("attacks", {}).items():
            print(f"  attack {name}: " + ", ".join(f"{k} x{v}" for k, v in sorted(counts.items())))
    finished = figures["finished"] == figures["tables"] or args.seconds is not None
    return 0 if finished else 1


if __name__ == "__main__":
    raise SystemExit(main())

"""What one client may take of the server: body sizes, tables, sockets, spectators, heavy work.

``Limits`` holds the caps (each a ``majiang serve`` option, docs/web.md "Security"); ``read_body``
reads a request body chunk by chunk and stops at its limit; ``Refused`` and its kinds are the answers
(413, 429, 503) the app's exception handlers turn into ``{"error": ...}`` responses.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, fields

from starlette.requests import HTTPConnection, Request

from majiang.errors import InvalidOptionError

__all__ = ["Attempts", "Busy", "ClientCounter", "ClientRate", "Limits", "Refused", "TooLarge", "TooMany",
           "client_key", "read_body"]


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's caps on what one client (one address) or one table may hold."""

    client_tables: int = 20
    """Unfinished tables one client may have created (a bots' table runs until its match ends)."""
    client_sockets: int = 40
    """WebSockets one client may hold open at once (seats and spectators together)."""
    client_connects: float = 10.0
    """WebSockets one client may open a second (in bursts of twice as many): a flood of connections is
    refused before its handshake, where it costs least."""
    table_spectators: int = 50
    """Spectators one table may have at once."""
    workers: int = 1
    """Worker processes for heavy requests (replays, imports, the calculator, the coach)."""
    queued_jobs: int = 4
    """Heavy requests waiting for a worker beyond those running; more are refused with 503."""
    job_seconds: float = 30.0
    """The longest a heavy request may run in its worker."""
    job_megabytes: int = 2048
    """The address space of a worker process (where the platform limits it: ``RLIMIT_AS``)."""
    send_queue: int = 64
    """Messages waiting to be sent to one WebSocket; a client that lets more pile up is dropped."""
    slow_seconds: float = 10.0
    """The longest one message may take to reach a client before the connection is dropped."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses (or networks) of reverse proxies whose ``X-Forwarded-For`` names the client."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "trusted_proxies":
                continue
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 1:
                raise InvalidOptionError(f"{f.name} must be a number at least 1, not {value!r}")


class Refused(Exception):
    """A request the server will not serve now: ``status`` and a message for the client."""

    status = 400
    code = "refused"

    def __init__(self, message: str) -> None:
        super().__init__(message)


class TooLarge(Refused):
    """A request body over its route's limit (413)."""

    status = 413
    code = "too-big"


class TooMany(Refused):
    """A client (or table) at one of its limits (429; the WebSocket error ``too-many``)."""

    status = 429
    code = "too-many"


class Busy(Refused):
    """Every worker busy and the queue full (503)."""

    status = 503
    code = "busy"


def client_key(connection: HTTPConnection) -> str:
    """Who the limits count against: the peer's address (a trusted proxy's ``X-Forwarded-For`` has already
    replaced it, see ``create_app``)."""
    client = connection.client
    return client.host if client is not None else "unknown"


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused (``TooLarge``) as soon as it passes ``limit`` bytes: a declared
    ``Content-Length`` over it is refused before anything is read, and a body sent without one is read
    chunk by chunk and dropped at the limit, so no more than ``limit`` bytes (and one chunk) are held."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge(f"the request body has {declared} bytes; this route reads at most {limit}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge(f"the request body has more than {limit} bytes; this route reads at most {limit}")
        chunks.append(chunk)
    return b"".join(chunks)


class ClientCounter:
    """How many of something (open sockets) each client holds, with a cap."""

    def __init__(self, cap: int, what: str) -> None:
        self.cap = cap
        self.what = what
        self.counts: Counter[str] = Counter()

    def take(self, key: str) -> None:
        """Count one more for ``key``; ``TooMany`` (nothing counted) at the cap."""
        if self.counts[key] >= self.cap:
            raise TooMany(f"one client may hold {self.cap} {self.what} at once; close one first")
        self.counts[key] += 1

    def give(self, key: str) -> None:
        """Count one fewer for ``key``."""
        self.counts[key] -= 1
        if self.counts[key] <= 0:
            del self.counts[key]


class ClientRate:
    """How fast each client may do something (open WebSockets): a token bucket per client, ``rate`` a
    second and ``2 * rate`` at once."""

    def __init__(self, rate: float, what: str) -> None:
        self.rate = rate
        self.burst = 2 * rate
        self.what = what
        self.buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when counted)

    def take(self, key: str) -> None:
        """Spend one token of ``key``'s; ``TooMany`` when it has none."""
        now = time.monotonic()
        tokens, then = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            raise TooMany(f"one client may open {self.rate:g} {self.what} a second; wait a moment")
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 10_000:  # forget the clients whose buckets have filled up again
            full = [k for k, (t, w) in self.buckets.items() if t + (now - w) * self.rate >= self.burst]
            for k in full:
                del self.buckets[k]


class Attempts:
    """How many attempts each key (a client, a name) may make: ``count`` every ``seconds``, as a token
    bucket (``count`` at once, then one each ``seconds / count``); ``TooMany`` says how long to wait."""

    def __init__(self, count: int, seconds: float, what: str) -> None:
        self.count = count
        self.seconds = seconds
        self.what = what
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when counted)

    def take(self, key: str) -> None:
        """Spend one of ``key``'s attempts; ``TooMany`` when it has none left."""
        now = time.monotonic()
        rate = self.count / self.seconds
        tokens, then = self.buckets.get(key, (float(self.count), now))
        tokens = min(float(self.count), tokens + (now - then) * rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            wait = (1 - tokens) / rate
            raise TooMany(f"too many {self.what}: at most {self.count} every {self.seconds:g} s; try again "
                          f"in {wait:.0f} s")
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 10_000:  # forget the keys whose buckets have filled up again
            full = [k for k, (t, w) in self.buckets.items() if t + (now - w) * rate >= self.count]
            for k in full:
                del self.buckets[k]

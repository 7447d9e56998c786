"""Same-origin by default: the Host and Origin checks and the pages' security headers (ASGI middleware).

``SameOriginMiddleware`` refuses, with 403 and ``{"error": message}``, before the app reads anything:

* a request (or WebSocket) whose ``Host`` is not this server's: an IP address, ``localhost`` (and
  ``*.localhost``) and the names of ``allow_hosts`` are; any other name is a DNS-rebinding page's
  (its own name resolved to this server's address);
* a state-changing request (not GET, HEAD or OPTIONS) or a WebSocket whose ``Origin`` is another site's
  (``null`` included), unless listed in ``allow_origins``. A browser sends ``Origin`` on every
  WebSocket and every cross-site POST (a ``text/plain`` form or fetch too); a request without one is a
  program's (curl, a bot), which a page cannot make, and is let through unless the browser's
  ``Sec-Fetch-Site`` says it comes from another site.

``SecurityHeadersMiddleware`` adds to every answer a Content-Security-Policy that allows the pages' own
files only (their scripts and styles are all in ``/static``, none inline), ``X-Content-Type-Options:
nosniff``, ``Referrer-Policy: no-referrer`` (a table's address holds its seat's token) and
``X-Frame-Options: DENY``.

>>> host_allowed("127.0.0.1:8000", ()), host_allowed("[::1]:80", ()), host_allowed("evil.example", ())
(True, True, False)
>>> host_allowed("mj.example.com", ("mj.example.com",)), host_allowed("a.mj.example", ("*.mj.example",))
(True, True)
>>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000"), same_origin("https://x.org", "x.org")
(True, True)
>>> same_origin("http://evil.example", "127.0.0.1:8000"), same_origin("null", "127.0.0.1:8000")
(False, False)
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "SAFE_METHODS", "SameOriginMiddleware", "SecurityHeadersMiddleware",
           "check_allow_lists", "host_allowed", "normal_origin", "same_origin"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing on this server: no Origin check (a page cannot read the answer)."""

CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
                           "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
                           "form-action 'self'; frame-ancestors 'none'")
"""The pages load their own scripts, styles and icon, and talk to their own server (HTTP and WebSocket)."""

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _split_host(host: str) -> tuple[str, int | None] | None:
    """``name`` and port of a ``Host`` header (``[v6]:port`` too), or None when it is not one."""
    try:
        parts = urlsplit(f"//{host}")
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not name or parts.username is not None or parts.path or parts.query or parts.fragment:
        return None
    return name.lower(), port


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_allowed(host: str, allowed: Iterable[str]) -> bool:
    """Whether a ``Host`` header names this server: an IP address, ``localhost`` (or a name under it), or a
    name of ``allowed`` (exact, ``*.domain`` for the names under it, ``*`` for any)."""
    split = _split_host(host)
    if split is None:
        return False
    name = split[0]
    # An address cannot be a rebinding page's own name, and browsers resolve *.localhost to loopback.
    if _is_ip(name) or name == "localhost" or name.endswith(".localhost"):
        return True
    for pattern in allowed:
        pattern = pattern.lower()
        if pattern == "*" or pattern == name or (pattern.startswith("*.") and name.endswith(pattern[1:])):
            return True
    return False


def normal_origin(origin: str) -> str | None:
    """``scheme://host:port`` of an origin (the scheme's default port written out), or None if it is not one.

    >>> normal_origin("HTTPS://Mj.Example.com"), normal_origin("null")
    ('https://mj.example.com:443', None)
    """
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    return f"{scheme}://{parts.hostname.lower()}:{port or _DEFAULT_PORTS[scheme]}"


def same_origin(origin: str, host: str) -> bool:
    """Whether the page of ``origin`` was served by the ``host`` it now calls (the port defaulting to the
    origin's scheme's: behind a TLS proxy the origin is https and the Host the same name)."""
    normal, split = normal_origin(origin), _split_host(host)
    if normal is None or split is None:
        return False
    scheme, rest = normal.split("://", 1)
    name, port = split
    return rest == f"{name}:{port or _DEFAULT_PORTS[scheme]}"


def check_allow_lists(allow_hosts: Iterable[str], allow_origins: Iterable[str]) -> None:
    """ValueError naming the first entry that is not a host name (``*``, ``*.domain``) or an origin.

    >>> check_allow_lists(["mj.example.com", "*.example.org"], ["https://mj.example.com"])
    >>> check_allow_lists(["mj.example.com:443"], [])
    Traceback (most recent call last):
    ValueError: 'mj.example.com:443' is not a host name (a name, *.domain or *; no port)
    """
    for pattern in allow_hosts:
        name = pattern[2:] if pattern.startswith("*.") else pattern
        if pattern != "*" and (_split_host(name) != (name.lower(), None) or "*" in name):
            raise ValueError(f"{pattern!r} is not a host name (a name, *.domain or *; no port)")
    for origin in allow_origins:
        if normal_origin(origin) is None:
            raise ValueError(f"{origin!r} is not an origin (scheme://host[:port])")


class SameOriginMiddleware:
    """Refuse foreign Hosts, and foreign Origins on state-changing requests and WebSockets (module doc)."""

    def __init__(self, app: ASGIApp, allow_hosts: Sequence[str] = (),
                 allow_origins: Sequence[str] = ()) -> None:
        self.app = app
        check_allow_lists(allow_hosts, allow_origins)
        self.allow_hosts = tuple(allow_hosts)
        self.allow_origins = frozenset(str(normal_origin(origin)) for origin in allow_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            problem = self.problem(scope)
            if problem is not None:
                await _refuse(scope, receive, send, problem)
                return
        await self.app(scope, receive, send)

    def problem(self, scope: Scope) -> str | None:
        """Why the request is refused, or None."""
        headers = Headers(scope=scope)
        host = headers.get("host")
        if host is None:
            return "the request has no Host header"
        if not host_allowed(host, self.allow_hosts):
            return (f"this server does not answer to the host {host[:100]!r} (a page of another site "
                    "resolving its name here?); a server behind a proxy lists its names with "
                    "majiang serve --allow-host NAME")
        if scope["type"] == "http" and scope["method"] in SAFE_METHODS:
            return None
        what = "a WebSocket" if scope["type"] == "websocket" else f"a {scope['method']} request"
        origin = headers.get("origin")
        if origin is None:
            # No Origin: not a page's request, unless the browser says where it comes from.
            site = headers.get("sec-fetch-site", "none")
            if site in ("none", "same-origin"):
                return None
            return f"{what} from another site (Sec-Fetch-Site: {site[:40]}) is refused"
        if same_origin(origin, host) or normal_origin(origin) in self.allow_origins:
            return None
        return (f"{what} from the page of {origin[:100]!r} is refused: only this server's own pages may "
                "change anything here (majiang serve --allow-origin ORIGIN allows another)")


async def _refuse(scope: Scope, receive: Receive, send: Send, message: str) -> None:
    response = JSONResponse({"error": message}, status_code=403)
    if scope["type"] == "http" or "websocket.http.response" in scope.get("extensions", {}):
        # A WebSocket refused before it is accepted gets the same HTTP answer (the ASGI denial response).
        await response(scope, receive, send)
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})


class SecurityHeadersMiddleware:
    """Add the security headers (module doc) to every HTTP answer; no CSP on the ``exempt`` paths (the
    API docs, which load their scripts from a CDN)."""

    def __init__(self, app: ASGIApp, exempt: Iterable[str] = ()) -> None:
        self.app = app
        self.exempt = frozenset(exempt)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = scope["path"] not in self.exempt

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                extra = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                         (b"x-frame-options", b"DENY")]
                if policy:
                    extra.append((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()))
                headers += [(name, value) for name, value in extra if name not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)

"""Accounts on the web server: sign up, log in, log out; guests still play without one.

Passwords are hashed with argon2id (``PROFILE``: ``argon2-cffi``'s defaults, RFC 9106's low-memory
profile), in a worker thread, at most ``HASHING_AT_ONCE`` at a time. A session is a signed cookie
(``itsdangerous``, HMAC with the server's secret: ``--secret``, or one generated once and kept in the
database) holding the account's id; nothing is kept on the server, so one account may be logged in on many
devices at once. Log-in and sign-up attempts are rate-limited per client and per name (docs/web.md,
*Accounts*).
"""

from __future__ import annotations

import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

import anyio
from argon2 import Parameters, PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from itsdangerous import BadSignature, URLSafeTimedSerializer

from majiang.jsonstrict import StrictJSONError, loads_strict
from majiang.web.limits import Attempts, client_key, read_body
from majiang.web.store import DuplicateNameError, Store

__all__ = ["COOKIE", "Account", "AccountError", "Accounts", "accounts_router", "check_name", "check_password",
           "current_account", "name_key", "new_secret"]

COOKIE = "majiang_session"
"""The session cookie's name."""

SESSION_DAYS = 30
"""How long a session cookie is good for (then the player logs in again)."""

PROFILE: Parameters = profiles.RFC_9106_LOW_MEMORY
"""The argon2id parameters of new hashes (argon2-cffi's default: 64 MiB, 3 passes); a hash made with
others is made again at the next log-in. (The tests use argon2-cffi's cheapest, to be quick.)"""

HASHING_AT_ONCE = 2
"""Password hashes computed at once (each takes 64 MiB and tens of milliseconds of a core)."""

NAME_LENGTH = (2, 20)
PASSWORD_LENGTH = (8, 128)
_NAME = re.compile(r"[\w.\-]+")  # letters and digits of any script, _ . -


class AccountError(ValueError):
    """A name or password that breaks the rules, a taken name, or a wrong log-in: ``status`` and why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True, slots=True)
class Account:
    """A logged-in player: the account's id and its name as written at sign-up."""

    id: int
    name: str


def name_key(name: str) -> str:
    """The name as names are compared: NFKC, case-folded (``Ann``, ``ＡＮＮ`` and ``ann`` are one).

    >>> name_key("ＡＮＮ") == name_key("ann")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: object) -> str:
    """The name as kept (NFKC), or AccountError saying which rule it breaks.

    >>> check_name("张三_2")
    '张三_2'
    >>> check_name("a b")
    Traceback (most recent call last):
    ...
    majiang.web.accounts.AccountError: a name may hold letters, digits, '_', '.' and '-' only, not ' '
    """
    if not isinstance(name, str):
        raise AccountError(400, "'name' must be a string")
    name = unicodedata.normalize("NFKC", name)
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        raise AccountError(400, f"a name has {low} to {high} characters, not {len(name)}")
    if not _NAME.fullmatch(name):
        bad = next(c for c in name if not _NAME.fullmatch(c))
        raise AccountError(400, f"a name may hold letters, digits, '_', '.' and '-' only, not {bad!r}")
    return name


def check_password(password: object, name: str) -> str:
    """The password, or AccountError saying which rule it breaks (length; not the name itself)."""
    if not isinstance(password, str):
        raise AccountError(400, "'password' must be a string")
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise AccountError(400, f"a password has {low} to {high} characters, not {len(password)}")
    if name_key(password) == name_key(name):
        raise AccountError(400, "the password may not be the name")
    return password


class Accounts:
    """The server's accounts over ``store``: hashing, sessions signed with ``secret``, attempt limits."""

    def __init__(self, store: Store, secret: str, *, client_attempts: int = 10, name_attempts: int = 10,
                 attempt_seconds: float = 60.0) -> None:
        self.store = store
        self.hasher = PasswordHasher.from_parameters(PROFILE)
        self.signer = URLSafeTimedSerializer(secret, salt="majiang-session")
        self.hashing = anyio.CapacityLimiter(HASHING_AT_ONCE)
        self.by_client = Attempts(client_attempts, attempt_seconds,
                                  "log-in and sign-up attempts from one client")
        self.by_name = Attempts(name_attempts, attempt_seconds, "log-in attempts for one name")

    async def _hash(self, password: str) -> str:
        return await anyio.to_thread.run_sync(self.hasher.hash, password, limiter=self.hashing)

    async def _verify(self, hashed: str, password: str) -> bool:
        def verify() -> bool:
            try:
                return self.hasher.verify(hashed, password)
            except (VerificationError, InvalidHashError):
                return False

        return await anyio.to_thread.run_sync(verify, limiter=self.hashing)

    async def sign_up(self, client: str, name: object, password: object) -> Account:
        """A new account, logged in; AccountError for a broken rule (400) or a taken name (409)."""
        self.by_client.take(client)
        kept = check_name(name)
        check_password(password, kept)
        assert isinstance(password, str)
        if self.store.account_named(name_key(kept)) is not None:  # (say so before spending a hash)
            raise AccountError(409, f"the name {kept!r} is taken; choose another, or log in")
        hashed = await self._hash(password)
        try:
            account_id = self.store.add_account(kept, name_key(kept), hashed, time.time())
        except DuplicateNameError:  # taken while this one was hashing
            raise AccountError(409, f"the name {kept!r} is taken; choose another, or log in") from None
        return Account(account_id, kept)

    async def log_in(self, client: str, name: object, password: object) -> Account:
        """The account ``name`` if ``password`` is its password; AccountError (401) otherwise."""
        self.by_client.take(client)
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > PASSWORD_LENGTH[1]:
            raise AccountError(400, "log in with {\"name\": \"...\", \"password\": \"...\"}")
        key = name_key(name[:NAME_LENGTH[1] * 4])
        self.by_name.take(key)
        row = self.store.account_named(key)
        if row is None:
            raise AccountError(401, f"no account is named {name[:40]!r}; sign up first")
        if not await self._verify(row.password, password):
            raise AccountError(401, f"wrong password for {row.name!r}")
        if self.hasher.check_needs_rehash(row.password):  # hashed with older parameters: hash again
            self.store.set_password(row.id, await self._hash(password))
        return Account(row.id, row.name)

    def cookie(self, account: Account) -> str:
        """The signed session cookie's value for ``account``."""
        return self.signer.dumps({"a": account.id})

    def current(self, request: Request) -> Account | None:
        """The account whose valid session cookie ``request`` carries, or None (a guest)."""
        value = request.cookies.get(COOKIE)
        if not value or len(value) > 200:
            return None
        try:
            data = self.signer.loads(value, max_age=SESSION_DAYS * 86400)
        except BadSignature:  # (an expired one too)
            return None
        account_id = data.get("a") if isinstance(data, dict) else None
        if not isinstance(account_id, int):
            return None
        row = self.store.account(account_id)
        return None if row is None else Account(row.id, row.name)


def current_account(request: Request) -> Account | None:
    """The logged-in account of ``request`` (None: a guest)."""
    accounts: Accounts = request.app.state.accounts
    return accounts.current(request)


def new_secret() -> str:
    """A new session secret (256 bits)."""
    return secrets.token_hex(32)


def _logged_in(request: Request, account: Account, status: int = 200) -> JSONResponse:
    accounts: Accounts = request.app.state.accounts
    response = JSONResponse({"name": account.name}, status_code=status)
    response.set_cookie(COOKIE, accounts.cookie(account), max_age=SESSION_DAYS * 86400, httponly=True,
                        samesite="lax", secure=request.url.scheme == "https", path="/")
    return response


async def _credentials(request: Request) -> tuple[object, object]:
    raw = await read_body(request, 1024)
    try:
        body = loads_strict(raw or b"{}")
    except StrictJSONError as err:
        raise AccountError(400, f"the body is not JSON: {err}") from None
    if not isinstance(body, dict) or set(body) - {"name", "password"}:
        raise AccountError(400, "the body must be {\"name\": \"...\", \"password\": \"...\"}")
    return body.get("name"), body.get("password")


def accounts_router() -> APIRouter:
    """``/api/accounts`` (sign up), ``/api/login``, ``/api/logout`` and ``/api/me``."""
    router = APIRouter()

    def error(err: AccountError) -> JSONResponse:
        return JSONResponse({"error": str(err)}, status_code=err.status)

    @router.post("/api/accounts", status_code=201)
    async def sign_up(request: Request) -> Any:
        accounts: Accounts = request.app.state.accounts
        try:
            name, password = await _credentials(request)
            account = await accounts.sign_up(client_key(request), name, password)
        except AccountError as err:
            return error(err)
        return _logged_in(request, account, 201)

    @router.post("/api/login")
    async def log_in(request: Request) -> Any:
        accounts: Accounts = request.app.state.accounts
        try:
            name, password = await _credentials(request)
            account = await accounts.log_in(client_key(request), name, password)
        except AccountError as err:
            return error(err)
        return _logged_in(request, account)

    @router.post("/api/logout")
    def log_out() -> Any:
        response = JSONResponse({"name": None})
        response.delete_cookie(COOKIE, path="/")
        return response

    @router.get("/api/me")
    def me(request: Request) -> Any:
        account = current_account(request)
        return {"name": None if account is None else account.name}

    return router

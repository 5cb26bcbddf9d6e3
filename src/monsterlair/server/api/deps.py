"""Shared request dependencies, as ``Annotated`` aliases (the FastAPI template's habit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from monsterlair.server.accounts.auth import COOKIE, HashPool, Sessions
from monsterlair.server.accounts.botauth import BAD_TOKEN, TOKEN_IN_URL, bearer, bot_for_token, token_in_url
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.ratelimit import RateLimits
from monsterlair.server.config import Settings
from monsterlair.server.storage.base import SessionData, Store, UserData
from monsterlair.server.tables.hub import Hub


def _app_state(name: str) -> Callable[[Request], Any]:
    """A dependency giving what the app keeps at ``app.state.<name>`` (the hub, the store, the settings...)."""

    def get(request: Request) -> Any:
        return getattr(request.app.state, name)

    return get


def client_address(connection: HTTPConnection) -> str:
    """The address a request or a socket came from (the proxy's ``X-Forwarded-For`` when uvicorn trusts the
    proxy): what the HTTP rate limits and the socket caps count."""
    return connection.client.host if connection.client is not None else "unknown"


def current_session(request: Request) -> SessionData | None:
    """The session the request's cookie named, once ``optional_user`` has read it."""
    session: SessionData | None = getattr(request.state, "session", None)
    return session


HubDep = Annotated[Hub, Depends(_app_state("hub"))]
StoreDep = Annotated[Store, Depends(_app_state("store"))]
SettingsDep = Annotated[Settings, Depends(_app_state("settings"))]
SessionsDep = Annotated[Sessions, Depends(_app_state("sessions"))]
LimitsDep = Annotated[RateLimits, Depends(_app_state("limits"))]
HashPoolDep = Annotated[HashPool, Depends(_app_state("hash_pool"))]


async def optional_user(request: Request, store: StoreDep, sessions: SessionsDep) -> UserData | None:
    """The signed-in user (a bot account with an ``Authorization: Bearer`` token), or ``None``.

    Raises:
        ApiError: ``bad_token`` (401) for a token that is not valid, ``token_in_url`` for one in the query string.
    """
    token = bearer(request.headers.get("authorization"))
    if token is not None:
        bot = await bot_for_token(store, token)
        if bot is None:
            raise ApiError("bad_token", BAD_TOKEN)
        return bot
    if token_in_url(request.query_params):
        raise ApiError("token_in_url", TOKEN_IN_URL)
    found = await sessions.find(store, request.cookies.get(COOKIE))
    if found is None or found[1].is_bot:  # a bot account signs in only with its token
        return None
    request.state.session = found[0]
    if found[1].guest:  # guests from one address share one fair share of the bot workers
        hub = getattr(request.app.state, "hub", None)
        if hub is not None:
            hub.note_guest(found[1].id, client_address(request))
    return found[1]


async def require_user(user: Annotated[UserData | None, Depends(optional_user)]) -> UserData:
    """The signed-in user.

    Raises:
        ApiError: ``not_signed_in`` (401).
    """
    if user is None:
        raise ApiError("not_signed_in", "Choose a name to play as a guest, or log in.")
    return user


OptionalUser = Annotated[UserData | None, Depends(optional_user)]
CurrentUser = Annotated[UserData, Depends(require_user)]

"""Shared request dependencies, as ``Annotated`` aliases (the FastAPI template's habit)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from monsterlair.server.api.errors import ApiError
from monsterlair.server.auth import COOKIE, Sessions
from monsterlair.server.botauth import BAD_TOKEN, TOKEN_IN_URL, bearer, bot_for_token, token_in_url
from monsterlair.server.config import Settings
from monsterlair.server.hub import Hub
from monsterlair.server.storage.base import Store, UserData


def get_hub(request: Request) -> Hub:
    """The live-table hub."""
    hub: Hub = request.app.state.hub
    return hub


def get_store(request: Request) -> Store:
    """The store."""
    store: Store = request.app.state.store
    return store


def get_settings(request: Request) -> Settings:
    """The settings the app was built with."""
    settings: Settings = request.app.state.settings
    return settings


def get_sessions(request: Request) -> Sessions:
    """The cookie signer."""
    sessions: Sessions = request.app.state.sessions
    return sessions


HubDep = Annotated[Hub, Depends(get_hub)]
StoreDep = Annotated[Store, Depends(get_store)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
SessionsDep = Annotated[Sessions, Depends(get_sessions)]


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
    uid = sessions.read(request.cookies.get(COOKIE))
    user = None if uid is None else await store.get_user(uid)
    return None if user is None or user.is_bot else user  # a bot account signs in only with its token


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

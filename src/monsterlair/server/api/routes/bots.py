"""Bot accounts: a registered person makes accounts for their programs and manages their tokens.

A bot account is a user with an owner and no password: it cannot log in, only present its token
(``Authorization: Bearer …``). The token is shown once, when made; the server keeps only its hash.
How a bot plays is in ``transport/botws.py`` and docs/server.md ("Bots over the network").
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from monsterlair.server.accounts.auth import check_username
from monsterlair.server.accounts.botauth import MAX_BOTS_PER_OWNER, bearer, new_token, token_hash
from monsterlair.server.api.deps import CurrentUser, StoreDep
from monsterlair.server.api.errors import ApiError
from monsterlair.server.storage.base import Conflict, Store, UserData
from monsterlair.server.tables.botfeed import BotFeed
from monsterlair.server.tables.table import TableError, clean_name

router = APIRouter(prefix="/api/bots", tags=["bots"])


class BotCreate(BaseModel):
    """A new bot account: its name is also its username (3–24 letters, digits, dots, dashes, underscores)."""

    name: str = Field(max_length=200)


class BotPublic(BaseModel):
    """A bot account as its owner sees it (never its token)."""

    id: int
    name: str
    username: str
    active: bool = Field(description="True while it has a token; false once revoked.")
    created_at: str | None


class BotToken(BaseModel):
    """A bot account with its token: shown this once; only its hash is kept."""

    bot: BotPublic
    token: str


class BotList(BaseModel):
    """My bot accounts."""

    bots: list[BotPublic]


def _public(bot: UserData) -> BotPublic:
    return BotPublic(
        id=bot.id,
        name=bot.name,
        username=bot.username or "",
        active=bot.token_hash is not None,
        created_at=bot.created_at.isoformat() if bot.created_at else None,
    )


async def require_owner(request: Request, user: CurrentUser) -> UserData:
    """A registered person signed in with the session cookie (not a guest, not a bot token).

    Raises:
        ApiError: ``forbidden`` for a bot token, ``not_registered`` for a guest.
    """
    if bearer(request.headers.get("authorization")) is not None or user.is_bot:
        raise ApiError("forbidden", "A bot token cannot manage bot accounts; sign in as the bot's owner.")
    if user.guest:
        raise ApiError("not_registered", "Register an account (username and password) before making bot accounts.")
    return user


Owner = Annotated[UserData, Depends(require_owner)]


def feed_of(request: Request) -> BotFeed | None:
    """The running bot feed (``None`` before the app has started)."""
    feed: BotFeed | None = getattr(request.app.state, "botfeed", None)
    return feed


async def bot_account(store: Store, username: str | None) -> UserData:
    """The bot account with this username, for seating it.

    Raises:
        ApiError: ``bad_request`` without a username, ``unknown_bot`` if no bot account has it.
    """
    if not username or not username.strip():
        raise ApiError("bad_request", "Name the bot account to seat: 'account' is its username.")
    user = await store.get_user_by_username(username.strip().lower())
    if user is None or not user.is_bot:
        raise ApiError("unknown_bot", f"There is no bot account named {username.strip()!r}.")
    return user


@router.post("")
async def create_bot(body: BotCreate, owner: Owner, store: StoreDep) -> BotToken:
    """Make a bot account; the answer holds its token, which is shown only this once."""
    try:
        username = check_username(body.name.strip())
        name = clean_name(body.name)
    except (ValueError, TableError) as exc:
        raise ApiError("bad_request", f"A bot's name: {exc}") from None
    if len(await store.list_bot_users(owner.id)) >= MAX_BOTS_PER_OWNER:
        raise ApiError("bot_limit", f"You have {MAX_BOTS_PER_OWNER} bot accounts, the most one person can have.")
    token = new_token()
    try:
        bot = await store.create_bot_user(owner.id, name, username, token_hash(token))
    except Conflict:
        raise ApiError("username_taken", f"The name '{username}' is taken; choose another.") from None
    return BotToken(bot=_public(bot), token=token)


@router.get("")
async def list_bots(owner: Owner, store: StoreDep) -> BotList:
    """Your bot accounts (without tokens)."""
    return BotList(bots=[_public(b) for b in await store.list_bot_users(owner.id)])


@router.post("/{username}/token")
async def replace_token(username: str, request: Request, owner: Owner, store: StoreDep) -> BotToken:
    """A new token for one of your bots; the old one stops working and its connections close."""
    token = new_token()
    bot = await store.set_bot_token(owner.id, username.strip().lower(), token_hash(token))
    if bot is None:
        raise ApiError("unknown_bot", f"You have no bot account named {username!r}.")
    _disconnect(request, bot)
    return BotToken(bot=_public(bot), token=token)


@router.delete("/{username}/token")
async def revoke_token(username: str, request: Request, owner: Owner, store: StoreDep) -> BotPublic:
    """Revoke a bot's token: it is refused from now on and the bot's connections close."""
    bot = await store.set_bot_token(owner.id, username.strip().lower(), None)
    if bot is None:
        raise ApiError("unknown_bot", f"You have no bot account named {username!r}.")
    _disconnect(request, bot)
    return _public(bot)


def _disconnect(request: Request, bot: UserData) -> None:
    feed = feed_of(request)
    if feed is not None:
        feed.disconnect(bot.id)

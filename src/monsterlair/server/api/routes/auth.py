"""Sign in as a guest, register, log in, log out, change the password, who am I, and my sessions.

Every way of signing in starts a new server-side session (``server/accounts/auth.py``) and ends the one the
browser had (for a registering guest, its only one); changing the password ends every session of the account.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from monsterlair.server.accounts.auth import (
    COOKIE,
    MAX_AGE,
    check_password,
    check_username,
    expires_at,
    hash_password,
    verify_password,
)
from monsterlair.server.api.deps import (
    CurrentUser,
    HashPoolDep,
    LimitsDep,
    OptionalUser,
    SessionsDep,
    SettingsDep,
    StoreDep,
    client_address,
    current_session,
)
from monsterlair.server.api.errors import ApiError
from monsterlair.server.api.models import Ok
from monsterlair.server.api.schemas import (
    GuestCreate,
    PasswordChange,
    SessionPublic,
    UserLogin,
    UserPublic,
    UserRegister,
)
from monsterlair.server.config import Settings
from monsterlair.server.storage.base import Conflict, UserData
from monsterlair.server.tables.table import TableError, clean_name

router = APIRouter(prefix="/api/auth", tags=["auth"])

BAD_LOGIN = "That username and password do not match an account."


def public(user: UserData) -> UserPublic:
    """The client's view of a user."""
    return UserPublic(id=user.id, name=user.name, username=user.username, guest=user.guest, bot=user.is_bot)


def secure(request: Request, settings: Settings) -> bool:
    """Whether the cookie is ``Secure``: when configured, and whenever the request came over HTTPS.

    Behind a proxy the scheme is the one the proxy reports in ``X-Forwarded-Proto`` (uvicorn applies it
    for the proxies it trusts, ``FORWARDED_ALLOW_IPS``, 127.0.0.1 by default).
    """
    return settings.secure_cookies or request.url.scheme == "https"


class SignIn:
    """Starts and ends this browser's session: the request's cookie, the response's new cookie."""

    def __init__(
        self, request: Request, response: Response, store: StoreDep, sessions: SessionsDep, settings: SettingsDep
    ) -> None:
        self.request, self.response, self.store, self.sessions, self.settings = (
            request,
            response,
            store,
            sessions,
            settings,
        )

    async def start(self, user: UserData, *, end_all: bool = False) -> UserPublic:
        """End the browser's session (with ``end_all``, every session of ``user``), start a new one, set the cookie.

        Returns the user as the client sees them, the answer of every way of signing in.
        """
        await self.end()
        if end_all:
            await self.store.delete_sessions(user.id)
        token = await self.sessions.start(self.store, user.id, self.request.headers.get("user-agent"))
        self.response.set_cookie(
            COOKIE,
            token,
            max_age=MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=secure(self.request, self.settings),
            path="/",
        )
        return public(user)

    async def end(self) -> None:
        """Revoke the session the browser's cookie names (if any)."""
        await self.sessions.end(self.store, self.request.cookies.get(COOKIE))


SignInDep = Annotated[SignIn, Depends(SignIn)]


def _name(raw: str) -> str:
    try:
        return clean_name(raw)
    except TableError as exc:
        raise ApiError("bad_name", exc.message) from None


@router.get("/me")
async def me(user: OptionalUser) -> UserPublic | None:
    """The signed-in user, or null."""
    return None if user is None else public(user)


@router.post("/guest")
async def guest(
    body: GuestCreate, request: Request, store: StoreDep, limits: LimitsDep, signer: SignInDep
) -> UserPublic:
    """Play as a guest under a chosen name (a new guest account each time)."""
    name = _name(body.name)
    address = client_address(request)
    await limits.require("guest", address, "guest accounts from your address")
    user = await store.create_user(name)
    request.app.state.hub.note_guest(user.id, address)  # its bots and hints count for its address
    return await signer.start(user)


@router.post("/register")
async def register(
    body: UserRegister,
    request: Request,
    current: OptionalUser,
    store: StoreDep,
    limits: LimitsDep,
    pool: HashPoolDep,
    signer: SignInDep,
) -> UserPublic:
    """Create an account; a signed-in guest becomes it and keeps their tables."""
    try:
        username = check_username(body.username)
        password = check_password(body.password)
    except ValueError as exc:
        raise ApiError("bad_request", str(exc)) from None
    keep = current.name if current is not None and current.guest else body.username
    name = _name(body.name if body.name else keep)
    await limits.require("register", client_address(request), "new accounts from your address")
    digest = await hash_password(pool, password)
    try:
        if current is not None and current.guest:
            user = await store.register_user(current.id, name, username, digest)
        else:
            user = await store.create_user(name, username, digest)
    except Conflict:
        raise ApiError("username_taken", f"The username '{username}' is taken; choose another.") from None
    # A guest has one session, this browser's (a guest cannot log in elsewhere): ending it here means no
    # copy of the guest's cookie reaches the registered account.
    return await signer.start(user)


@router.post("/login")
async def login(
    body: UserLogin, request: Request, store: StoreDep, limits: LimitsDep, pool: HashPoolDep, signer: SignInDep
) -> UserPublic:
    """Log in with a username and password.

    Limited per address and per account (every attempt, counted before the password is checked; windows
    of growing length make a back-off); a refused attempt is not checked at all, so it tells nothing.
    """
    username = body.username.strip().lower()[:40]
    await limits.require("login_address", client_address(request), "login attempts from your address")
    # Counted before the hash is checked: concurrent guesses cannot outrun the count and fill the hash pool.
    await limits.require("login_account", username, "login attempts to this account")
    user = await store.get_user_by_username(username)
    ok = await verify_password(pool, user.password_hash if user else None, body.password)
    if user is None or not ok:
        raise ApiError("bad_login", BAD_LOGIN)
    return await signer.start(user)


@router.post("/password")
async def change_password(
    body: PasswordChange, user: CurrentUser, store: StoreDep, limits: LimitsDep, pool: HashPoolDep, signer: SignInDep
) -> UserPublic:
    """Change my password; every session of the account ends and this browser gets a new one."""
    if user.guest or user.username is None:
        raise ApiError("not_registered", "Guests have no password; register to choose one.")
    try:
        new = check_password(body.new_password)
    except ValueError as exc:
        raise ApiError("bad_request", str(exc)) from None
    await limits.require("login_account", user.username, "password checks on this account")
    if not await verify_password(pool, user.password_hash, body.password):
        raise ApiError("bad_login", "That is not your current password; nothing was changed.")
    digest = await hash_password(pool, new)
    changed = await store.register_user(user.id, user.name, user.username, digest)
    return await signer.start(changed, end_all=True)


@router.post("/logout", response_model=Ok)
async def logout(response: Response, signer: SignInDep) -> dict[str, bool]:
    """End this browser's session (a copy of its cookie stops working too) and forget the cookie."""
    await signer.end()
    response.delete_cookie(COOKIE, path="/")
    return {"ok": True}


@router.get("/sessions")
async def list_sessions(request: Request, user: CurrentUser, store: StoreDep) -> list[SessionPublic]:
    """Where I am signed in: each session's start, last use, end if unused, browser, and which is this one."""
    here = current_session(request)
    return [
        SessionPublic(
            id=s.id,
            created_at=s.created_at.isoformat(),
            last_seen=s.last_seen.isoformat(),
            expires_at=expires_at(s).isoformat(),
            agent=s.agent,
            current=here is not None and here.id == s.id,
        )
        for s in await store.list_sessions(user.id)
    ]


@router.delete("/sessions/{session_id}", response_model=Ok)
async def revoke_session(
    session_id: int, request: Request, response: Response, user: CurrentUser, store: StoreDep
) -> dict[str, bool]:
    """Sign one of my sessions out (this browser's own too: then the cookie is forgotten)."""
    if not 0 < session_id < 2**31 or not await store.delete_sessions(user.id, session_id=session_id):
        raise ApiError("not_found", "You have no such session; it may have ended already.")
    here = current_session(request)
    if here is not None and here.id == session_id:
        response.delete_cookie(COOKIE, path="/")
    return {"ok": True}
